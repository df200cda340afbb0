#!/bin/sh
# armv8-2022-graviton.sh [BIN] - the shape of the 2022 Graviton2 (Neoverse N1)
# measurement behind "5-way interleave only from 512 bytes": aes-128-gcm at 64, 79,
# 80, 128, 256, 511, 512 and 1024 bytes, ce-i5 against ce-i5t512 (5 blocks per
# group from 512 bytes, 4 below).  79/80 straddle the first whole group of five;
# 511/512 the threshold itself.
#
# On an ARMv8 board this script is the whole experiment: run it there with the native
# build (default ./cryptobench).  Under QEMU it runs too, but the timings then say
# nothing about hardware (cryptobench warns).
#
# Environment:
#   SECONDS_PER_CASE  time per case and variant (default 1)
#   SAMPLES           samples per case (default 10)
#   STYLE             compare table style (default matrix; `cryptobench compare -list-styles`)
#   CSV               also keep the samples in this file (default: a temporary file)
#   RUN               a command prefix, e.g. "qemu-aarch64 -cpu neoverse-n1"
#   AEAD              set to 1 for 13 bytes of AAD per message, as TLS records have
set -eu
BIN=${1:-./cryptobench}
SECS=${SECONDS_PER_CASE:-1}
SAMPLES=${SAMPLES:-10}
STYLE=${STYLE:-matrix}
RUN=${RUN:-}
aead=""
[ "${AEAD:-0}" = 1 ] && aead=-aead
[ -x "$BIN" ] || { echo "armv8-2022-graviton.sh: $BIN not found; run make first" >&2; exit 2; }
csv=${CSV:-}
if [ -z "$csv" ]; then
    csv=$(mktemp --suffix=.csv)
    trap 'rm -f "$csv"' EXIT
fi
# shellcheck disable=SC2086
$RUN "$BIN" speed -evp aes-128-gcm $aead -variant ce-i5,ce-i5t512 \
    -bytes 64,79,80,128,256,511,512,1024 -seconds "$SECS" -samples "$SAMPLES" \
    -compare -style "$STYLE" -csv "$csv"
