#!/bin/sh
# armv8-2015-tcrypt.sh [BIN] - the shape of the 2015 arm64 measurement that moved the
# Crypto Extensions AES driver from 2 to 4 interleaved blocks: cbc(aes) decryption
# with 128- and 256-bit keys on 8192-byte blocks, ce-i2 against ce-i4, shown as the
# kernel's tcrypt output shows it ("test N (128 bit key, 8192 byte blocks): ...").
#
# On an ARMv8 board this script is the whole experiment: run it there with the native
# build (default ./cryptobench).  Under QEMU it runs too, but the timings then say
# nothing about hardware (cryptobench warns); count instructions with
# scripts/armv8-icount.sh and look at the pipeline model with scripts/armv8-mca.sh.
#
# Environment:
#   SECONDS_PER_CASE  time per case and variant (default 2)
#   SAMPLES           samples per case (default 10: the compare verdict needs several)
#   CSV               also keep the samples in this file (default: a temporary file)
#   RUN               a command prefix, e.g. "qemu-aarch64 -cpu cortex-a57"
#
# The two variants are sampled alternately in one run (speed -compare), so drift of
# the machine falls on both alike; the same CSV can be compared again later with
# `cryptobench compare FILE -variant ce-i2,ce-i4 -style tcrypt`, or two CSVs from two
# boards with `cryptobench compare A.csv B.csv -style tcrypt`.
set -eu
BIN=${1:-./cryptobench}
SECS=${SECONDS_PER_CASE:-2}
SAMPLES=${SAMPLES:-10}
RUN=${RUN:-}
[ -x "$BIN" ] || { echo "armv8-2015-tcrypt.sh: $BIN not found; run make first" >&2; exit 2; }
csv=${CSV:-}
if [ -z "$csv" ]; then
    csv=$(mktemp --suffix=.csv)
    trap 'rm -f "$csv"' EXIT
fi
# shellcheck disable=SC2086
$RUN "$BIN" speed -evp aes-128-cbc -evp aes-256-cbc -decrypt -variant ce-i2,ce-i4 \
    -bytes 8192 -seconds "$SECS" -samples "$SAMPLES" -compare -style tcrypt -csv "$csv"
