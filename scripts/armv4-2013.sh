#!/bin/sh
# armv4-2013.sh - the 2013 experiment: the same algorithms measured with the portable
# C build (linux-elf-arm, -O2: the "before" column) and with the ARM assembly build
# (linux-armv4, -O3 and the armv4 family: "after"), with the same arguments, shown as
# the before/after table people post to a mailing list.
#
# Algorithms: md5, sha1, sha256, sha512, des-cbc, des-ede3-cbc, aes-128-cbc,
# aes-192-cbc, aes-256-cbc (encryption: `speed`'s default direction), rsa2048 and
# dsa2048 (sign and verify).  Each build uses `auto`, i.e. its best variant.
#
# On an ARM board (armhf) this script is the whole experiment: it builds both
# configurations with the cross or native compiler the Makefile finds, runs them
# here, and prints the table.  On any other machine it runs them under qemu-arm and
# says so: the times are then QEMU's, which say nothing about ARM hardware (the
# instruction counts of scripts/armv4-icount.sh do).
#
# Usage: scripts/armv4-2013.sh [OUTDIR]   (default build/armv4-2013: before.csv,
#                                           after.csv, table.txt)
# Environment:
#   SECONDS_PER_CASE  time per case (default 1; a board deserves 3 or more)
#   SAMPLES           samples per case (default 5: the verdicts need several)
#   BYTES             block sizes (default OpenSSL's 16,64,256,1024,8192,16384)
#   QEMU_CPU          the model when emulating (default cortex-a15)
#   NO_BUILD=1        use the binaries already in build/
# Exit status: 0, or 2 when a build or run failed.
set -eu
cd "$(dirname "$0")/.."

OUT=${1:-build/armv4-2013}
SECS=${SECONDS_PER_CASE:-1}
SAMPLES=${SAMPLES:-5}
BYTES=${BYTES:-16,64,256,1024,8192,16384}
ALGS="md5 sha1 sha256 sha512 des-cbc des-ede3-cbc aes-128-cbc aes-192-cbc aes-256-cbc rsa2048 dsa2048"
BEFORE=build/linux-elf-arm/cryptobench
AFTER=build/linux-armv4/cryptobench

die() { echo "armv4-2013: $*" >&2; exit 2; }

if [ -z "${NO_BUILD:-}" ]; then
    for c in linux-elf-arm linux-armv4; do
        make --no-print-directory CONFIG=$c all >/dev/null || die "make CONFIG=$c failed"
    done
fi
[ -x "$BEFORE" ] && [ -x "$AFTER" ] || die "missing $BEFORE or $AFTER (run without NO_BUILD)"

RUN=""
case $(uname -m) in
    arm*) ;;
    *)
        RUN="qemu-arm -cpu ${QEMU_CPU:-cortex-a15}"
        echo "armv4-2013: this host is $(uname -m), so both builds run under $RUN."
        echo "armv4-2013: emulated times say nothing about ARM hardware; run this on a board"
        echo "            for the experiment, or scripts/armv4-icount.sh for instruction counts."
        echo
        ;;
esac

mkdir -p "$OUT"
args=""
for a in $ALGS; do args="$args -evp $a"; done
for side in before after; do
    bin=$BEFORE
    [ $side = after ] && bin=$AFTER
    echo "armv4-2013: $side ($bin)..." >&2
    # shellcheck disable=SC2086
    $RUN "$bin" speed $args -bytes "$BYTES" -seconds "$SECS" -samples "$SAMPLES" \
        -csv "$OUT/$side.csv" >"$OUT/$side.txt" 2>&1 || die "$side run failed: see $OUT/$side.txt"
done
# shellcheck disable=SC2086
$RUN "$AFTER" compare "$OUT/before.csv" "$OUT/after.csv" -style mail | tee "$OUT/table.txt"
