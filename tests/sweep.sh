#!/bin/sh
# sweep.sh MODE ... BIN RUNNER... - caps -sweep end to end.
#
#   sweep.sh forced ALG CAP BIN RUNNER...
#       the built-in sweep with -force-caps on a CPU model that lacks CAP: the
#       "+CAP (forced)" row must show SIGILL, the detected row a rate, exit 0.
#   sweep.sh library LIBDIR ALG BITS BIN RUNNER...
#       the sweep of Debian's libcrypto in LIBDIR (as variant deb): each OpenSSL bit
#       in BITS (comma-separated names, e.g. ARMV8_AES,ARMV8_PMULL) set alone must
#       raise SIGILL, the library's own detection must run, exit 0.
set -u
mode=$1
shift
fail() { echo "sweep.sh: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
case $mode in
forced)
    alg=$1 cap=$2 bin=$3
    shift 3
    "$@" "$bin" caps -sweep -evp "$alg" -bytes 64 -iterations 100 -samples 2 -force-caps \
        -csv "$T/s.csv" >"$T/out" 2>"$T/err"
    rc=$?
    cat "$T/out"
    [ "$rc" -eq 0 ] || fail "exited $rc: $(cat "$T/err")"
    grep -Eq "^\+$cap \(forced\) .* SIGILL" "$T/out" || fail "no SIGILL row for +$cap (forced)"
    grep -Eq '^detected .*[0-9]k' "$T/out" || fail "the detected row has no rate"
    grep -q '^fastest: ' "$T/out" || fail "no fastest line"
    grep -q ',faulted,' "$T/s.csv" && grep -q "CRYPTOBENCH_CAPS" "$T/s.csv" ||
        fail "the CSV lacks the faulted row or its mask"
    ;;
library)
    libdir=$1 alg=$2 bits=$3 bin=$4
    shift 4
    "$@" "$bin" caps -sweep -lib "deb=$libdir/libcrypto.so.3" -evp "$alg" -bytes 64 \
        -iterations 100 -samples 2 >"$T/out" 2>"$T/err"
    rc=$?
    cat "$T/out"
    [ "$rc" -eq 0 ] || fail "exited $rc: $(cat "$T/err")"
    for b in $(echo "$bits" | tr ',' ' '); do
        grep -Eq "^$b alone .* SIGILL" "$T/out" || fail "$b alone did not raise SIGILL"
    done
    grep -Eq '^detected \(not set\) .*[0-9]k' "$T/out" || fail "the library's own detection did not run"
    ;;
*) fail "unknown mode $mode" ;;
esac
echo "sweep.sh: $mode ok"
