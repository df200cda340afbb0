#!/bin/sh
# compare-libs.sh - the before/after table of two libcrypto builds, measured in one
# run: both loaded into one cryptobench process (each in a namespace of its own),
# checked against known answers and generic before timing, sampled alternately
# batch by batch (ABAB), and compared case by case with the 95% intervals that
# decide improvement, regression or unchanged.
#
#   scripts/compare-libs.sh [options] BEFORE AFTER [-- SPEED-ARGS...]
#
# BEFORE and AFTER are each a libcrypto shared library (a path, or a SONAME such as
# libcrypto.so.3 for the one the dynamic loader finds) or an OpenSSL source tree: a configured tree is built
# (make build_libs) if its libcrypto is not built yet; an unconfigured one is
# refused with the command that configures it, e.g.
#   ./Configure linux-generic32 shared   (the 2013 report's "before" on ARM)
#   ./Configure linux-armv4 shared       (its "after")
#
# Options:
#   -env-before VAR=VALUE   VAR=VALUE in BEFORE's environment when it initialises
#   -env-after VAR=VALUE    the same for AFTER (both repeatable): one build under
#                           two masks, e.g. -env-before OPENSSL_armcap=0
#   -style STYLE            the compare style (default table; markdown, mail, matrix,
#                           ...: cryptobench compare -list-styles)
#   -csv FILE               keep the samples
#   -jobs N                 make -j for source trees (default 2)
#   -bin PATH               the cryptobench to run (default ./cryptobench)
# SPEED-ARGS default to the rows the reports posted: md5 sha1 sha256 sha512
# aes-128-cbc aes-256-cbc aes-128-gcm (-bytes 16,64,256,1024,8192).
#
# Exit status: that of `cryptobench speed` (0; 1 when a library fails its check or
# -fail-if-slower fails; 2 on bad usage or a path that is no libcrypto; 3 when a
# library faults), or 2 when a source tree cannot be built.
set -eu

die() { echo "compare-libs: $*" >&2; exit 2; }

style="" csv="" jobs=2 bin=./cryptobench before="" after="" envs=""
while [ $# -gt 0 ]; do
    case $1 in
    -env-before|--env-before) envs="$envs -lib-env before:${2:?-env-before needs VAR=VALUE}"; shift 2 ;;
    -env-after|--env-after) envs="$envs -lib-env after:${2:?-env-after needs VAR=VALUE}"; shift 2 ;;
    -style|--style) style=${2:?-style needs a name}; shift 2 ;;
    -csv|--csv) csv=${2:?-csv needs a file}; shift 2 ;;
    -jobs|--jobs) jobs=${2:?-jobs needs a number}; shift 2 ;;
    -bin|--bin) bin=${2:?-bin needs a path}; shift 2 ;;
    -h|-help|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option '$1'; see scripts/compare-libs.sh -h" ;;
    *) if [ -z "$before" ]; then before=$1; elif [ -z "$after" ]; then after=$1;
       else die "give two libraries (BEFORE AFTER), then -- and speed's options"; fi
       shift ;;
    esac
done
[ -n "$before" ] && [ -n "$after" ] || die "give two libraries: BEFORE AFTER (see -h)"
[ -x "$bin" ] || die "no $bin; run make first, or give -bin PATH"

# library PATH: the libcrypto file PATH names, building a source tree when needed.
library() {
    case $1 in */*) ;; *) echo "$1"; return ;; esac # a SONAME: the loader's to find
    if [ -f "$1" ]; then echo "$1"; return; fi
    [ -d "$1" ] || die "'$1' is neither a libcrypto file nor an OpenSSL source tree"
    [ -f "$1/Configure" ] || die "'$1' is a folder but not an OpenSSL source tree (no Configure)"
    for f in "$1"/libcrypto.so.3 "$1"/libcrypto.so.1.1 "$1"/libcrypto.so; do
        [ -f "$f" ] && { echo "$f"; return; }
    done
    [ -f "$1/Makefile" ] || die "'$1' is not configured; run there: ./Configure TARGET shared (e.g. linux-armv4, linux-generic32, linux-x86_64)"
    echo "compare-libs: building $1 (make -j$jobs build_libs)" >&2
    make -C "$1" -j"$jobs" build_libs >"$1/compare-libs-build.log" 2>&1 ||
        die "building $1 failed; see $1/compare-libs-build.log"
    for f in "$1"/libcrypto.so.3 "$1"/libcrypto.so.1.1 "$1"/libcrypto.so; do
        [ -f "$f" ] && { echo "$f"; return; }
    done
    die "$1 was built but holds no libcrypto.so (was it configured with 'shared'?)"
}
a=$(library "$before")
b=$(library "$after")
[ $# -gt 0 ] || set -- -evp md5 -evp sha1 -evp sha256 -evp sha512 -evp aes-128-cbc \
    -evp aes-256-cbc -evp aes-128-gcm -bytes 16,64,256,1024,8192
# shellcheck disable=SC2086
exec "$bin" speed "$@" -lib before="$a" -lib after="$b" $envs -variant before,after -compare \
    ${style:+-style "$style"} ${csv:+-csv "$csv"}
