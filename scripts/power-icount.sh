#!/bin/sh
# scripts/power-icount.sh - guest instructions per byte of the power kernels at 8192
# bytes, counted by QEMU's TCG plugin (../shared/tools/qemu-icount.c), against the
# generic C kernels and Debian's ppc64el OpenSSL.
#
# Instruction counts are exact and deterministic: they compare variants and catch
# regressions without POWER hardware.  They say nothing about time: the hinted and
# unhinted builds execute the same instructions, and what separates them on a real
# POWER7 (branch prediction, dispatch groups) is invisible here.  docs/power.md says
# what can and cannot be known this way.
#
# Method: every case runs twice through scripts/icount-driver.c, N1 and N2 operations
# on an 8192-byte block; (total(N2) - total(N1)) / ((N2 - N1) * 8192) is the cost of
# one byte with start-up, keying and the driver's own set-up cancelled out.  OpenSSL
# is measured the same way with `openssl speed -seconds 1` and `-seconds 2`, divided
# by the difference in the operation counts it prints.
#
# Then, when llvm-mca-19 is installed (apt-get install llvm-19), its POWER8 and
# POWER9 pipeline models' view of the main loops: estimated cycles per byte and
# IPC.  A model, not a machine: it knows nothing of branch prediction (so it cannot
# tell ppc-hint from ppc either), caches or the fusion of instruction pairs.
#
# Usage: scripts/power-icount.sh [-j JOBS] [-no-openssl] [-no-mca] [-chacha]
#   -chacha measures only chacha20 and chacha20-poly1305 (the vsx variant against
#   generic and OpenSSL's -evp chacha20 / -evp chacha20-poly1305).
#   Builds linux-ppc64 and linux-ppc64le if needed, the plugin into build/, and
#   downloads openssl:ppc64el and libssl3:ppc64el (apt-get download) into
#   build/openssl-ppc64el unless -no-openssl.  Exit 1 when a target in docs/power.md
#   is missed, 0 otherwise.
set -eu

cd "$(dirname "$0")/.."
JOBS=2
OPENSSL=1
MCA=1
CHACHA_ONLY=0
while [ $# -gt 0 ]; do
    case $1 in
    -j) JOBS=$2; shift 2 ;;
    -no-openssl) OPENSSL=0; shift ;;
    -no-mca) MCA=0; shift ;;
    -chacha) CHACHA_ONLY=1; shift ;;
    -h|--help) sed -n '2,31p' "$0"; exit 0 ;;
    *) echo "power-icount.sh: unknown option $1; accepted: -j JOBS, -no-openssl, -no-mca, -chacha" >&2; exit 2 ;;
    esac
done

BYTES=8192
N1=40
N2=80
PLUGIN=build/qemu-icount.so
WORK=$(mktemp -d "${TMPDIR:-/tmp}/power-icount.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

# ---- build ----------------------------------------------------------------------
if [ ! -f "$PLUGIN" ] || [ ../shared/tools/qemu-icount.c -nt "$PLUGIN" ]; then
    mkdir -p build
    # shellcheck disable=SC2046
    gcc -shared -fPIC -O2 $(pkg-config --cflags glib-2.0 2>/dev/null) \
        -o "$PLUGIN" ../shared/tools/qemu-icount.c
fi
for cfg in linux-ppc64 linux-ppc64le; do
    make -s -j"$JOBS" CONFIG=$cfg build/$cfg/icount-driver >/dev/null
done

# total_of FILE: the plugin's total for the one run written to FILE.
total_of() { awk '$1 == "total" { print $2 }' "$1"; }

# count QEMU BIN N ALG VARIANT ...: guest instructions of BIN ALG VARIANT ... N,
# start-up included.  The process starts with an empty environment but for one
# variable whose length makes up for the variant name's, so every case starts with
# the same stack layout: where the stack lands changes which paths glibc's memcpy
# and memset take on the digest context, by a few instructions per operation.
count() {
    _q=$1 _bin=$2 _n=$3
    shift 3
    _pad=$(printf '%*s' $((16 - ${#2})) '' | tr ' ' x)
    rm -f "$WORK/ic"
    # shellcheck disable=SC2086
    env -i "CB_PAD=$_pad" $_q -plugin "$PLUGIN,out=$WORK/ic" "$_bin" "$@" "$_n" >/dev/null
    total_of "$WORK/ic"
}

# per_byte QEMU CONFIG ALG VARIANT DIR: instructions per byte at $BYTES bytes.
per_byte() {
    _q=$1 _cfg=$2
    shift 2
    _a=$(count "$_q" "build/$_cfg/icount-driver" $N1 "$@" $BYTES)
    _b=$(count "$_q" "build/$_cfg/icount-driver" $N2 "$@" $BYTES)
    echo "$_a $_b" | awk -v n=$((N2 - N1)) -v len=$BYTES '{ printf "%.3f", ($2 - $1) / (n * len) }'
}

# ---- OpenSSL, the peer ------------------------------------------------------------
OSSL_DIR=build/openssl-ppc64el
openssl_fetch() {
    [ -x "$OSSL_DIR/usr/bin/openssl" ] && return 0
    mkdir -p "$OSSL_DIR"
    (cd "$WORK" && apt-get download openssl:ppc64el libssl3:ppc64el >"$WORK/apt.log" 2>&1) ||
        { cat "$WORK/apt.log" >&2; exit 2; }
    for deb in "$WORK"/*.deb; do dpkg -x "$deb" "$OSSL_DIR"; done
}

# openssl_run [QEMU OPTIONS] ARGS...: Debian's ppc64el openssl under qemu-ppc64le
# -cpu power9, against the unpacked libcrypto and the ppc64el libc that
# libc6:ppc64el installs (QEMU_LD_PREFIX=/usr/powerpc64le-linux-gnu, the cross
# toolchain's older libc, makes it abort).
openssl_run() {
    _qopts=""
    [ "$1" = -plugin ] && { _qopts="$1 $2"; shift 2; }
    # shellcheck disable=SC2086
    LD_LIBRARY_PATH="$OSSL_DIR/usr/lib/powerpc64le-linux-gnu" \
        qemu-ppc64le -cpu power9 $_qopts "$OSSL_DIR/usr/bin/openssl" "$@"
}

# openssl_count SECONDS SPEED-ARGS...: "ops total" of one `openssl speed` run.
openssl_count() {
    _s=$1
    shift
    rm -f "$WORK/ic"
    openssl_run -plugin "$PLUGIN,out=$WORK/ic" speed -seconds "$_s" -bytes $BYTES "$@" \
        >"$WORK/out" 2>&1
    _ops=$(sed -n 's/.*blocks: \([0-9][0-9]*\) .*/\1/p' "$WORK/out" | tail -n 1)
    echo "$_ops $(total_of "$WORK/ic")"
}

# openssl_per_byte SPEED-ARGS...: OpenSSL's instructions per byte at $BYTES bytes.
openssl_per_byte() {
    _a=$(openssl_count 1 "$@")
    _b=$(openssl_count 2 "$@")
    echo "$_a $_b" | awk -v len=$BYTES '{ printf "%.3f", ($4 - $2) / (($3 - $1) * len) }'
}

# ---- the table ------------------------------------------------------------------
# big_endian VARIANT "ALG DIRECTION"...: VARIANT's rows on qemu-ppc64 -cpu power8.
big_endian() {
    _v=$1
    shift
    echo "  $_v on qemu-ppc64 -cpu power8 (big-endian):"
    for _c in "$@"; do
        # shellcheck disable=SC2086
        set -- $_c
        printf '  %-28s %9s\n' "$_c" "$(per_byte "qemu-ppc64 -cpu power8" linux-ppc64 "$1" "$_v" "$2")"
    done
}

FAIL=0
# ratio_check LABEL VALUE REFERENCE LIMIT: prints VALUE/REFERENCE and marks a miss.
ratio_check() {
    _r=$(echo "$2 $3" | awk '{ printf "%.3f", $1 / $2 }')
    _ok=$(echo "$_r $4" | awk '{ print ($1 <= $2) ? "ok" : "MISSED" }')
    [ "$_ok" = ok ] || FAIL=1
    printf '  %-44s %8s / %8s = %6s (limit %s) %s\n' "$1" "$2" "$3" "$_r" "$4" "$_ok"
}

echo "guest instructions per byte at $BYTES bytes (difference of $N1 and $N2 operations)"
echo

for target in "qemu-ppc64 -cpu power7:linux-ppc64" "qemu-ppc64le -cpu power9:linux-ppc64le"; do
    [ $CHACHA_ONLY = 1 ] && break
    q=${target%%:*}
    cfg=${target#*:}
    echo "== $q ($cfg)"
    printf '  %-28s %9s %9s %9s\n' case generic ppc-hint ppc
    for c in "md5 digest" "sha1 digest" "sha256 digest" "sha512 digest" \
             "aes-128-cbc encrypt" "aes-128-cbc decrypt" "aes-128-ctr encrypt" "ghash digest"; do
        set -- $c
        g=$(per_byte "$q" $cfg "$1" generic "$2")
        h=$(per_byte "$q" $cfg "$1" ppc-hint "$2")
        p=$(per_byte "$q" $cfg "$1" ppc "$2")
        printf '  %-28s %9s %9s %9s\n' "$1 $2" "$g" "$h" "$p"
        eval "G_$(echo "$1_$2" | tr -c 'a-z0-9\n' _)=$g"
        eval "P_$(echo "$1_$2" | tr -c 'a-z0-9\n' _)=$p"
        if [ "$h" != "$p" ]; then
            echo "  ppc-hint and ppc executed different instruction counts: $h vs $p"
            FAIL=1
        fi
    done
    echo "  integer variants against generic:"
    for c in sha1_digest sha256_digest sha512_digest aes_128_cbc_encrypt aes_128_cbc_decrypt; do
        eval "ratio_check \"ppc/generic $c\" \$P_$c \$G_$c 1.0"
    done
    echo
done

q="qemu-ppc64le -cpu power9"
if [ $CHACHA_ONLY = 0 ]; then
echo "== p8 ($q)"
printf '  %-28s %9s %9s\n' case generic p8
for c in "aes-128-cbc encrypt" "aes-128-cbc decrypt" "aes-128-ctr encrypt" "ghash digest" \
         "aes-256-gcm encrypt" "aes-256-gcm decrypt" "sha256 digest" "sha512 digest"; do
    set -- $c
    g=$(per_byte "$q" linux-ppc64le "$1" generic "$2")
    p=$(per_byte "$q" linux-ppc64le "$1" p8 "$2")
    printf '  %-28s %9s %9s\n' "$1 $2" "$g" "$p"
    eval "P8_$(echo "$1_$2" | tr -c 'a-z0-9\n' _)=$p"
done
big_endian p8 "aes-128-cbc decrypt" "aes-256-gcm encrypt" "sha256 digest"

if [ $OPENSSL = 1 ]; then
    openssl_fetch
    o_cbc=$(openssl_per_byte -decrypt -evp aes-128-cbc)
    o_gcm=$(openssl_per_byte -evp aes-256-gcm)
    o_sha=$(openssl_per_byte sha256)
    echo "  Debian's ppc64el OpenSSL ($(openssl_run version | cut -d' ' -f1-2), $(openssl_run version -a |
        sed -n 's/^CPUINFO: //p')), per byte: aes-128-cbc decrypt $o_cbc," \
        "aes-256-gcm $o_gcm, sha256 $o_sha"
    echo "  p8 against it:"
    ratio_check "p8/openssl aes-128-cbc decrypt" "$P8_aes_128_cbc_decrypt" "$o_cbc" 1.1
    ratio_check "p8/openssl aes-256-gcm encrypt" "$P8_aes_256_gcm_encrypt" "$o_gcm" 1.1
    ratio_check "p8/openssl sha256" "$P8_sha256_digest" "$o_sha" 1.1
fi
echo
fi

# ChaCha20 and ChaCha20-Poly1305: the vsx variant (ChaCha20 in vector registers, the
# integer assembly Poly1305) against generic, on both byte orders, and against
# OpenSSL's EVP ciphers of the same names (its 4-block VSX ChaCha20 and its Poly1305).
echo "== vsx ($q)"
printf '  %-28s %9s %9s\n' case generic vsx
for c in "chacha20 encrypt" "chacha20-poly1305 encrypt" "chacha20-poly1305 decrypt"; do
    set -- $c
    g=$(per_byte "$q" linux-ppc64le "$1" generic "$2")
    p=$(per_byte "$q" linux-ppc64le "$1" vsx "$2")
    printf '  %-28s %9s %9s\n' "$1 $2" "$g" "$p"
    eval "VSX_$(echo "$1_$2" | tr -c 'a-z0-9\n' _)=$p"
done
big_endian vsx "chacha20 encrypt" "chacha20-poly1305 encrypt"
if [ $OPENSSL = 1 ]; then
    openssl_fetch
    o_chacha=$(openssl_per_byte -evp chacha20)
    o_aead=$(openssl_per_byte -evp chacha20-poly1305)
    echo "  Debian's ppc64el OpenSSL, per byte: chacha20 $o_chacha, chacha20-poly1305 $o_aead"
    echo "  vsx against it:"
    ratio_check "vsx/openssl chacha20" "$VSX_chacha20_encrypt" "$o_chacha" 1.0
    ratio_check "vsx/openssl chacha20-poly1305 encrypt" "$VSX_chacha20_poly1305_encrypt" "$o_aead" 1.0
fi

# ---- llvm-mca ---------------------------------------------------------------------
# loop_body OBJ FUNC K: the instructions of the K-th counted loop (bdnz) of FUNC in
# OBJ, from its target to the bdnz, branches left out, registers as numbers.
loop_body() {
    powerpc64le-linux-gnu-objdump -d --no-show-raw-insn "$1" |
        awk -v f="<$2>:" -v k="$3" '
            $2 == f { on = 1; next }
            on && /^$/ { exit }
            on && /^ *[0-9a-f]+:\t/ {
                split($0, p, "\t"); a = p[1]; sub(/:$/, "", a); gsub(/ /, "", a)
                n++; addr[n] = a; ins[n] = p[2]
                if (p[2] ~ /^bdnz/ && ++seen == k) {
                    split(p[2], o, /[ \t]+/); t = o[2]
                    for (i = 1; i < n; i++) if (addr[i] == t) start = i
                    for (i = start; i < n; i++) if (ins[i] !~ /^b/) print ins[i]
                    exit
                }
            }' |
        sed -E 's/\b(r|vs|v|cr|f)([0-9]+)\b/\2/g'
}

# mca OBJ FUNC K BYTES LABEL: cycles per byte and IPC of one loop on pwr8 and pwr9.
mca() {
    loop_body "build/linux-ppc64le/obj/kernels/power/$1" "$2" "$3" >"$WORK/loop.s"
    _line=$(printf '  %-40s %5s' "$5" "$4")
    for _cpu in pwr8 pwr9; do
        _r=$(llvm-mca-19 -mtriple=powerpc64le -mcpu=$_cpu -iterations=200 "$WORK/loop.s" 2>&1 |
            awk -v b="$4" '/^Iterations:/ { it = $2 } /^Total Cycles:/ { c = $3 } /^IPC:/ { ipc = $2 }
                END { if (it && b) printf "%7.3f %5s", c / (it * b), ipc; else print "  error" }')
        _line="$_line  $_r"
    done
    echo "$_line"
}

if [ $MCA = 1 ] && command -v llvm-mca-19 >/dev/null; then
    echo
    echo "== llvm-mca-19 (linux-ppc64le objects): estimated cycles/byte and IPC per loop"
    printf '  %-40s %5s  %13s  %13s\n' loop bytes "pwr8 c/B IPC" "pwr9 c/B IPC"
    mca sha256_int_ppc.o sha256_ppc_blocks 1 64 "sha256 ppc (one block)"
    mca sha256_p8.o sha256_p8_blocks 1 64 "sha256 p8 (one block)"
    mca sha512_p8.o sha512_p8_blocks 1 128 "sha512 p8 (one block)"
    mca aes_int_ppc.o aes_ppc_cbc_decrypt 1 16 "aes ppc cbc decrypt (14 rounds)"
    mca aes_p8.o aes_p8_cbc_decrypt 1 128 "aes p8 cbc decrypt, 8 blocks (14 rounds)"
    mca aes_p8.o aes_p8_ctr32 1 128 "aes p8 ctr, 8 blocks (14 rounds)"
    mca aes_p8.o aes_p8_cbc_encrypt 1 16 "aes p8 cbc encrypt, 1 block (14 rounds)"
    mca ghash_p8.o ghash_p8_blocks 1 64 "ghash p8, 4 blocks"
    mca chacha_vsx.o chacha_vsx_blocks 1 256 "chacha20 vsx, 4 blocks"
    mca poly1305_ppc.o poly1305_ppc_blocks 1 16 "poly1305 ppc, 1 block"
    echo "  (the AES loops hold rounds 10-13 too, which branches skip for shorter keys;"
    echo "  the model sees straight-line code, so these are AES-256 figures)"
fi
exit $FAIL
