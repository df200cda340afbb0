#!/bin/sh
# armv8-icount.sh [CASE...] - guest instructions per byte of the ARMv8 kernels at
# 8192-byte blocks, counted with QEMU's TCG plugin (../shared/tools/qemu-icount.c),
# next to Debian's arm64 OpenSSL doing the same `openssl speed -evp` case.
#
#   CASE   ALG[:VARIANT][:decrypt]; default: aes-128-cbc:auto:decrypt aes-128-ctr:auto
#          aes-256-gcm:auto sha256:auto (the four cases of issue 7)
#   Environment:
#     BIN        the aarch64 cryptobench (default build/linux-aarch64/cryptobench)
#     CPU        QEMU CPU model (default cortex-a57)
#     OPENSSL    a directory holding Debian's openssl:arm64 and libssl3:arm64 unpacked
#                (apt-get download openssl:arm64 libssl3:arm64; dpkg -x each into it);
#                without it only cryptobench is measured
#     PLUGIN     the built plugin (default build/qemu-icount.so, built when missing)
#
# Method (../shared/tools/README.md): the same case is run twice with different amounts
# of work and the difference in instructions is divided by the difference in bytes,
# so start-up, the checks run before timing and library set-up cancel out.
# cryptobench: `speed -iterations N -samples 1`, which runs exactly one warm-up batch
# and one sample of N operations each and calibrates nothing, so the two runs (N = NA
# and NB) differ by exactly 2 (NB - NA) operations and the figure is exact.  OpenSSL:
# -seconds 1 and 2, each run's operations from its "Doing ..." line (its loop counts
# them, so that figure is exact too).  "total" counts every instruction of the
# process, as the OpenSSL figure does; "kernel" only those in armv8 kernel symbols
# (aes_ce*, ghash_*, gcm_ce*, sha*_ce, chacha20_neon*, poly1305_x64*; a portable C
# Poly1305 is in "total" only).  For an AEAD (aes-256-gcm,
# chacha20-poly1305) OpenSSL without -aead times EVP_*Update on one context, so its
# figure has no per-message nonce, key block or tag; ours is a whole message per
# operation, so at 8192 bytes ours carries that small per-message cost as well.
set -eu
cd "$(dirname "$0")/.."
BIN=${BIN:-build/linux-aarch64/cryptobench}
CPU=${CPU:-cortex-a57}
PLUGIN=${PLUGIN:-build/qemu-icount.so}
NA=50
NB=550
BYTES=8192
[ -x "$BIN" ] || { echo "armv8-icount.sh: $BIN not found; run make CONFIG=linux-aarch64" >&2; exit 2; }
if [ ! -f "$PLUGIN" ]; then
    src=${ICOUNT_SRC:-../shared/tools/qemu-icount.c}
    [ -f "$src" ] || { echo "armv8-icount.sh: no plugin at $PLUGIN and no source at $src" >&2; exit 2; }
    mkdir -p "$(dirname "$PLUGIN")"
    # shellcheck disable=SC2046
    gcc -shared -fPIC -O2 -o "$PLUGIN" "$src" $(pkg-config --cflags glib-2.0 2>/dev/null) ||
        { echo "armv8-icount.sh: building the plugin failed (apt-get install libglib2.0-dev)" >&2; exit 2; }
fi
[ $# -gt 0 ] || set -- aes-128-cbc:auto:decrypt aes-128-ctr:auto aes-256-gcm:auto sha256:auto
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ops_of FILE: the operation count of the "Doing ... N name's in" line.
ops_of() { sed -n 's/^Doing .* blocks: \([0-9][0-9]*\) .*/\1/p' "$1" | head -n 1; }
# total_of FILE / kernel_of FILE: instructions counted by the plugin.
total_of() { awk '$1 == "total" { print $2 }' "$1"; }
kernel_of() {
    awk '$1 == "sym" && $2 ~ /^((aes|ghash|gcm|sha1|sha256|sha512)_(ce|neon|pmull)|chacha20_neon|poly1305_x64)/ { s += $3 }
         END { print s + 0 }' "$1"
}

# run_cb TAG ALG VARIANT DIRFLAG N: one cryptobench run under the plugin, 2 N operations.
run_cb() {
    rm -f "$tmp/$1.ic" # the plugin appends
    # shellcheck disable=SC2086
    qemu-aarch64 -cpu "$CPU" -plugin "$PLUGIN,out=$tmp/$1.ic" "$BIN" speed -evp "$2" \
        -variant "$3" $4 -bytes $BYTES -iterations "$5" -samples 1 >"$tmp/$1.out" 2>&1 ||
        { cat "$tmp/$1.out" >&2; exit 1; }
}

# run_ossl TAG ALG DIRFLAG SECONDS: one openssl run under the plugin.
run_ossl() {
    rm -f "$tmp/$1.ic"
    # shellcheck disable=SC2086
    qemu-aarch64 -cpu "$CPU" -L /usr/aarch64-linux-gnu \
        -E LD_LIBRARY_PATH="$OPENSSL/usr/lib/aarch64-linux-gnu" \
        -plugin "$PLUGIN,out=$tmp/$1.ic" "$OPENSSL/usr/bin/openssl" speed -evp "$2" $3 \
        -bytes $BYTES -seconds "$4" >"$tmp/$1.out" 2>&1 || { cat "$tmp/$1.out" >&2; exit 1; }
}

# resolve_auto ALG: the variant `auto` picks on this CPU model (marked * by list).
resolve_auto() {
    qemu-aarch64 -cpu "$CPU" "$BIN" list 2>/dev/null |
        awk -v a="$1" '$0 == a { on = 1; next } /^[^ ]/ { on = 0 } on && $1 == "*" { print $2; exit }'
}

per_byte() { awk -v a="$1" -v b="$2" -v x="$3" -v y="$4" 'BEGIN { printf "%.4f", (b - a) / ((y - x) * '$BYTES') }'; }

printf '%-12s %-16s %-8s %10s %10s %10s %7s\n' algorithm variant dir total kernel openssl ratio
for case in "$@"; do
    alg=${case%%:*}
    rest=${case#"$alg"}
    rest=${rest#:}
    variant=${rest%%:*}
    [ -n "$variant" ] || variant=auto
    dirflag=""
    dir=encrypt
    case $rest in *decrypt) dirflag=-decrypt dir=decrypt ;; esac
    case $alg in sha*) dir=digest ;; esac
    [ "$variant" != auto ] || variant=$(resolve_auto "$alg")
    run_cb a "$alg" "$variant" "$dirflag" $NA
    run_cb b "$alg" "$variant" "$dirflag" $NB
    ea=$((2 * NA))
    eb=$((2 * NB))
    total=$(per_byte "$(total_of "$tmp/a.ic")" "$(total_of "$tmp/b.ic")" "$ea" "$eb")
    kernel=$(per_byte "$(kernel_of "$tmp/a.ic")" "$(kernel_of "$tmp/b.ic")" "$ea" "$eb")
    ref="-" ratio="-"
    if [ -n "${OPENSSL:-}" ]; then
        run_ossl c "$alg" "$dirflag" 1
        run_ossl d "$alg" "$dirflag" 2
        ref=$(per_byte "$(total_of "$tmp/c.ic")" "$(total_of "$tmp/d.ic")" "$(ops_of "$tmp/c.out")" \
            "$(ops_of "$tmp/d.out")")
        ratio=$(awk -v a="$total" -v b="$ref" 'BEGIN { printf "%.3f", a / b }')
    fi
    printf '%-12s %-16s %-8s %10s %10s %10s %7s\n' "$alg" "$variant" "$dir" "$total" \
        "$kernel" "$ref" "$ratio"
done
