#!/bin/sh
# scripts/armv4-icount.sh - guest instructions per byte of every armv4 kernel variant
# at 8192-byte blocks under qemu-arm, against `generic` from the same build and
# against Debian's armhf OpenSSL under the same plugin.
#
# QEMU's clock says nothing about ARM hardware; the number of guest instructions a
# kernel executes does not depend on the host and is repeatable to the instruction,
# so it compares variants and catches regressions without a board (it does not see
# stalls, dual issue or NEON latencies: a board, or llvm-mca, does).
#
# Method: scripts/icount-driver.c performs N operations of one case; it runs twice
# (N1 and N2 operations) under ../shared/tools/qemu-icount.c, and the difference of
# the two instruction totals divided by the difference of the bytes processed (of
# the operations, for sign and verify) is the figure, so start-up, keying and the
# known-answer check cancel out.  OpenSSL's `speed` runs for a time instead of a
# count, so it runs for 1 s and 3 s and its own "N ops" lines give the bytes; its
# public-key speed signs and verifies for the same time each, so three runs give
# three equations for the two per-operation counts.  Integer variants are compared
# with OPENSSL_armcap=0 (OpenSSL's integer assembly), NEON variants with OpenSSL's
# default (NEON).
#
# Usage: scripts/armv4-icount.sh [ALG:DIRECTION ...]
#   default cases: every algorithm the armv4 family implements, 128-bit AES keys.
# Environment: QEMU_CPU (cortex-a15), BYTES (8192), N1 (2), N2 (6),
#   QEMU_ICOUNT_SRC (../shared/tools/qemu-icount.c), OPENSSL_ARMHF (a folder holding
#   Debian's openssl:armhf and libssl3:armhf unpacked with dpkg -x; fetched with
#   apt-get download into build/openssl-armhf when unset and missing), NO_OPENSSL=1
#   to skip the peer.
# Exit status: 0 every target met (<= 0.8x generic, <= 1.1x OpenSSL), 1 a target
# missed, 2 a tool or build step failed.
set -eu
cd "$(dirname "$0")/.."

CPU=${QEMU_CPU:-cortex-a15}
BYTES=${BYTES:-8192}
N1=${N1:-2}
N2=${N2:-6}
SRC=${QEMU_ICOUNT_SRC:-../shared/tools/qemu-icount.c}
B=build/linux-armv4
PLUGIN=build/qemu-icount.so
DRIVER=$B/icount-driver
TMP=${TMPDIR:-/tmp}/armv4-icount.$$
trap 'rm -f "$TMP"' EXIT INT TERM

die() { echo "armv4-icount: $*" >&2; exit 2; }

# ---- tools ---------------------------------------------------------------------

make --no-print-directory CONFIG=linux-armv4 all >/dev/null || die "make CONFIG=linux-armv4 failed"
if [ ! -f "$PLUGIN" ] || [ "$SRC" -nt "$PLUGIN" ]; then
    [ -f "$SRC" ] || die "no plugin source at $SRC (set QEMU_ICOUNT_SRC)"
    gcc -shared -fPIC -O2 $(pkg-config --cflags glib-2.0 2>/dev/null) -o "$PLUGIN" "$SRC" ||
        die "could not build the plugin from $SRC"
fi
make -s CONFIG=linux-armv4 "$DRIVER" >/dev/null || die "could not build $DRIVER"

OSSL=${OPENSSL_ARMHF:-build/openssl-armhf}
if [ -z "${NO_OPENSSL:-}" ] && [ ! -x "$OSSL/usr/bin/openssl" ]; then
    mkdir -p "$OSSL"
    (cd "$OSSL" && apt-get download openssl:armhf libssl3:armhf >/dev/null 2>&1 &&
        for f in ./*.deb; do dpkg -x "$f" .; done) ||
        echo "armv4-icount: could not fetch Debian's openssl:armhf (dpkg --add-architecture armhf; apt-get update); no OpenSSL column" >&2
fi
[ -x "$OSSL/usr/bin/openssl" ] || NO_OPENSSL=1

# ---- counting ------------------------------------------------------------------

# total CMD...: guest instructions CMD executes.
total() {
    qemu-arm -cpu "$CPU" -plugin "$PLUGIN,out=$TMP" "$@" >/dev/null 2>&1 || { rm -f "$TMP"; return 1; }
    awk '/^total/ { print $2 }' "$TMP"
    rm -f "$TMP"
}

# is_pkey DIR: signatures are counted per operation, the rest per byte.
is_pkey() { [ "$1" = sign ] || [ "$1" = verify ]; }

# ours ALG VARIANT DIR: instructions per byte (per operation for sign and verify) of
# one cryptobench case.
ours() {
    c1=$(total "$DRIVER" "$1" "$2" "$3" "$BYTES" "$N1") || return 1
    c2=$(total "$DRIVER" "$1" "$2" "$3" "$BYTES" "$N2") || return 1
    per=$BYTES
    is_pkey "$3" && per=1
    awk -v a="$c1" -v b="$c2" -v n=$((N2 - N1)) -v s="$per" 'BEGIN { printf "%.2f", (b - a) / (n * s) }'
}

# openssl_ipb ARMCAP NAME [FLAGS]: instructions per byte of `openssl speed -evp NAME`
# (`openssl speed ghash` for ghash) from a 1 s and a 3 s run; ARMCAP "" is
# OpenSSL's own detection (NEON here).
openssl_ipb() {
    cap=$1 name=$2
    shift 2
    flags="$*" what="-evp $name" r=""
    [ "$name" = ghash ] && what=ghash
    for s in 1 3; do
        # shellcheck disable=SC2086
        out=$(env ${cap:+OPENSSL_armcap=$cap} QEMU_LD_PREFIX=/usr/arm-linux-gnueabihf \
            LD_LIBRARY_PATH="$OSSL/usr/lib/arm-linux-gnueabihf" \
            qemu-arm -cpu "$CPU" -plugin "$PLUGIN,out=$TMP" "$OSSL/usr/bin/openssl" speed \
            -bytes "$BYTES" -seconds "$s" $what $flags 2>&1) || { rm -f "$TMP"; return 1; }
        n=$(echo "$out" | sed -n 's/^Doing .* blocks: \([0-9]*\) .*/\1/p' | head -n 1)
        t=$(awk '/^total/ { print $2 }' "$TMP")
        rm -f "$TMP"
        [ -n "$n" ] && [ -n "$t" ] || return 1
        r="$r $n $t"
    done
    echo "$r" | awk -v s="$BYTES" '{ if ($3 == $1) exit 1; printf "%.2f", ($4 - $2) / (($3 - $1) * s) }'
}

# openssl_pkey ARMCAP ALG DIR: instructions per signature (DIR sign) or verification
# of `openssl speed ALG`, which runs both for the same time: three runs (1, 2, 4 s)
# give three equations total = start-up + signs * x + verifies * y, solved for x, y.
openssl_pkey() {
    cap=$1 name=$2 dir=$3 r=""
    for s in 1 2 4; do
        # shellcheck disable=SC2086
        out=$(env ${cap:+OPENSSL_armcap=$cap} QEMU_LD_PREFIX=/usr/arm-linux-gnueabihf \
            LD_LIBRARY_PATH="$OSSL/usr/lib/arm-linux-gnueabihf" \
            qemu-arm -cpu "$CPU" -plugin "$PLUGIN,out=$TMP" "$OSSL/usr/bin/openssl" speed \
            -seconds "$s" "$name" 2>&1) || { rm -f "$TMP"; return 1; }
        counts=$(echo "$out" | sed -n 's/^Doing .*: \([0-9]*\) [0-9]* bits .*/\1/p' | head -n 2)
        t=$(awk '/^total/ { print $2 }' "$TMP")
        rm -f "$TMP"
        [ "$(echo "$counts" | wc -l)" = 2 ] && [ -n "$t" ] || return 1
        r="$r $(echo $counts) $t"
    done
    echo "$r" | awk -v d="$dir" '{
        a1 = $4 - $1; b1 = $5 - $2; c1 = $6 - $3; a2 = $7 - $1; b2 = $8 - $2; c2 = $9 - $3
        det = a1 * b2 - a2 * b1
        if (det == 0) exit 1
        x = (c1 * b2 - c2 * b1) / det; y = (a1 * c2 - a2 * c1) / det
        printf "%.0f", d == "sign" ? x : y }'
}

# peer_is_neon VARIANT ALG: compare with OpenSSL's NEON path?  Yes for the NEON
# variants, except armv4-neon GCM, whose AES is the integer one: OpenSSL never pairs
# integer AES with NEON GHASH, so its integer path is the nearer peer.
peer_is_neon() {
    case $1:$2 in
        armv4-neon:aes-*-gcm) return 1 ;;
        *neon*) return 0 ;;
        *) return 1 ;;
    esac
}

# variants ALG DIR: the available variants of ALG in direction DIR (`list` ends a
# cipher's rows with the directions the variant offers, e.g. "decrypt").
variants() {
    qemu-arm -cpu "$CPU" "$B/cryptobench" list 2>/dev/null | awk -v a="$1" -v d="$2" '
        /^[^ ]/ { cur = $1; next }
        cur != a || !/ available / { next }
        $NF ~ /crypt/ && index($NF, d) == 0 { next }
        { sub(/^ *\*? */, ""); print $1 }'
}

# openssl_args ALG DIR: OpenSSL's speed arguments for the same case.
openssl_args() {
    case "$1:$2" in
        *:decrypt) echo "$1 -decrypt" ;;
        *) echo "$1" ;;
    esac
}

CASES=${*:-"md5:digest sha1:digest sha256:digest sha512:digest aes-128-cbc:encrypt
    aes-128-cbc:decrypt aes-128-ctr:encrypt ghash:digest aes-128-gcm:encrypt
    aes-128-gcm:decrypt chacha20:encrypt chacha20-poly1305:encrypt
    chacha20-poly1305:decrypt rsa2048:sign rsa2048:verify dsa2048:sign dsa2048:verify"}

echo "guest instructions per byte (per operation for sign and verify), $BYTES-byte blocks,"
echo "qemu-arm -cpu $CPU; deterministic, not a time (see the header of this script)."
echo "Peers: OpenSSL's integer path (OPENSSL_armcap=0) for integer variants, its NEON path"
echo "for NEON ones; 'ok' means <= 0.8x generic and <= 1.1x the peer."
printf '%-13s %-8s %-11s %12s %8s %12s %12s %8s\n' algorithm dir variant instr vs-gen ossl-int ossl-neon vs-peer
status=0
for c in $CASES; do
    alg=${c%%:*} dir=${c#*:}
    g=$(ours "$alg" generic "$dir") || die "generic $alg $dir did not run"
    oi="" on=""
    if [ -z "${NO_OPENSSL:-}" ]; then
        if is_pkey "$dir"; then
            oi=$(openssl_pkey 0 "$alg" "$dir") || oi=""
            on=$(openssl_pkey "" "$alg" "$dir") || on=""
        else
            # shellcheck disable=SC2046
            oi=$(openssl_ipb 0 $(openssl_args "$alg" "$dir")) || oi=""
            # shellcheck disable=SC2046
            on=$(openssl_ipb "" $(openssl_args "$alg" "$dir")) || on=""
        fi
    fi
    printf '%-13s %-8s %-11s %12s %8s %12s %12s\n' "$alg" "$dir" generic "$g" "" "${oi:--}" "${on:--}"
    for v in $(variants "$alg" "$dir"); do
        [ "$v" = generic ] && continue
        x=$(ours "$alg" "$v" "$dir") || { echo "$alg $v $dir did not run"; status=1; continue; }
        peer=$oi
        peer_is_neon "$v" "$alg" && peer=$on
        line=$(awk -v x="$x" -v g="$g" -v p="$peer" 'BEGIN {
            rg = x / g; ok = rg <= 0.8
            s = sprintf("%7.2fx %12s %12s", rg, "", "")
            if (p != "") { ro = x / p; ok = ok && ro <= 1.1; s = s sprintf(" %7.2fx", ro) }
            else s = s sprintf(" %8s", "-")
            printf "%s %s", s, ok ? "ok" : "MISSED" }')
        case $line in *MISSED) status=1 ;; esac
        printf '%-13s %-8s %-11s %12s %s\n' "$alg" "$dir" "$v" "$x" "$line"
    done
done
exit $status
