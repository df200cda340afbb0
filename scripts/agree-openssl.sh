#!/bin/sh
# agree-openssl.sh [ROUNDS] [SECONDS] - does cryptobench's timing of the system
# OpenSSL (-variant openssl) agree with `openssl speed` timing the same library?
# Runs the two alternately, ROUNDS times (default 5) for SECONDS each (default 3):
#   sha256 at 16 bytes                 speed -evp sha256 -bytes 16
#   aes-128-gcm, 1024 bytes, -aead     speed -evp aes-128-gcm -aead -bytes 1024
# (cryptobench with -rekey -inplace: OpenSSL 3.0's -aead loop keys every message and
# encrypts in place), and prints each pair and the ratio of the medians.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-5} secs=${2:-3} bin=${CRYPTOBENCH:-./cryptobench}
command -v openssl >/dev/null || { echo "agree-openssl: no openssl command" >&2; exit 2; }
[ -x "$bin" ] || { echo "agree-openssl: no $bin; run make" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# rate: the last table row's last number, in 1000s of bytes per second
rate() { tail -n 1 | awk '{ v = $NF; sub(/k$/, "", v); print v }'; }
r=1
while [ "$r" -le "$rounds" ]; do
    "$bin" speed -evp sha256 -bytes 16 -variant openssl -seconds "$secs" 2>/dev/null | rate >>"$tmp/a"
    openssl speed -evp sha256 -bytes 16 -seconds "$secs" 2>/dev/null | rate >>"$tmp/b"
    "$bin" speed -evp aes-128-gcm -aead -rekey -inplace -bytes 1024 -variant openssl \
        -seconds "$secs" 2>/dev/null | rate >>"$tmp/c"
    openssl speed -evp aes-128-gcm -aead -bytes 1024 -seconds "$secs" 2>/dev/null | rate >>"$tmp/d"
    echo "round $r: sha256/16 $(tail -n 1 "$tmp/a")k vs $(tail -n 1 "$tmp/b")k;" \
         "aes-128-gcm/1024 -aead $(tail -n 1 "$tmp/c")k vs $(tail -n 1 "$tmp/d")k"
    r=$((r + 1))
done
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "sha256 16 bytes:        cryptobench/openssl speed = $(echo "$(median "$tmp/a") $(median "$tmp/b")" | awk '{ printf "%.3f", $1 / $2 }')"
echo "aes-128-gcm 1024 -aead: cryptobench/openssl speed = $(echo "$(median "$tmp/c") $(median "$tmp/d")" | awk '{ printf "%.3f", $1 / $2 }')"
