#!/bin/sh
# scripts/power-2012.sh - the 2012 POWER7 branch-hint experiment (OpenSSL RT #2794),
# all 27 rows of its table: the integer MD5, SHA, AES and GHASH kernels assembled with
# static branch hints (ppc-hint: bdnz-, beq-, bne- on loop and alignment branches)
# and without (ppc); MD4, MDC-2, RIPEMD-160 and Whirlpool as the generic compression
# ending with the hinted or unhinted wipe (the cleanse loop the patch changed for
# them); the C-only ciphers the same code on both sides, as in the report (the
# table's note says so).  Timed in randomized interleaved pairs in one run and
# printed as the report's matrix: rows are algorithms, columns block sizes, each
# value "without / with x 100 - 100" (positive: removing the hints is faster).
#
# Usage: scripts/power-2012.sh [-config CONFIG] [speed options...]
#   Builds CONFIG (default linux-ppc64: big-endian, ELFv1, -mcpu=power7, as the 2012
#   machines ran) and runs
#     cryptobench speed -variant ppc-hint,ppc -compare -style matrix \
#         $ALGS -bytes 16,64,256,1024,8192
#   ($ALGS: the report's 27 rows, below)
#   with any further options appended (-seconds 2, -cpu 3, -csv FILE, ...).  On a
#   POWER machine of the build's byte order it runs natively; anywhere else under
#   qemu-ppc64 -cpu power7 (qemu-ppc64le -cpu power8 for linux-ppc64le), where the
#   table is computed all the same but its times are meaningless: an emulator does
#   not predict branches, so what the hints change cannot show.  Run it on the
#   hardware; docs/power.md says what to expect and what can be known without it.
#   -config linux-ppc64le is for POWER8 and later little-endian machines.
set -eu

cd "$(dirname "$0")/.."
CONFIG=linux-ppc64
if [ "${1:-}" = -config ]; then
    CONFIG=$2
    shift 2
fi
case $CONFIG in
linux-ppc64) CPUFLAG=-mcpu=power7 NATIVE=ppc64 QEMU="qemu-ppc64 -cpu power7" ;;
linux-ppc64le) CPUFLAG=-mcpu=power8 NATIVE=ppc64le QEMU="qemu-ppc64le -cpu power8" ;;
*) echo "power-2012.sh: -config $CONFIG: accepted are linux-ppc64 and linux-ppc64le" >&2; exit 2 ;;
esac

make -s CONFIG=$CONFIG ARCH_CFLAGS=$CPUFLAG
BIN=build/$CONFIG/cryptobench

RUN=""
if [ "$(uname -m)" != "$NATIVE" ]; then
    RUN=$QEMU
    cat <<EOF
*** Not a $NATIVE machine: running under $QEMU.
*** The table below is computed as on hardware, but its times are MEANINGLESS:
*** QEMU translates the code and does not model branch prediction, dispatch groups
*** or anything else the hints affect.  Both variants execute exactly the same
*** instructions (scripts/power-icount.sh counts them); only a POWER CPU can say
*** what the BO field of their branches costs.
EOF
fi

# The report's rows in its order: mdc2, md4, md5, hmac(md5), sha1, sha256, sha512,
# whirlpool, rmd160, rc4, des cbc, des ede3, aes-128/192/256 cbc, aes-128/192/256
# ige, ghash, camellia-128/192/256 cbc, idea cbc, seed cbc, rc2 cbc, blowfish cbc,
# cast cbc.
ALGS="mdc2 md4 md5 hmac(md5) sha1 sha256 sha512 whirlpool rmd160 rc4 des-cbc des-ede3-cbc
aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ige aes-192-ige aes-256-ige ghash
camellia-128-cbc camellia-192-cbc camellia-256-cbc idea-cbc seed-cbc rc2-cbc bf-cbc cast5-cbc"

# shellcheck disable=SC2086
exec $RUN "$BIN" speed -variant ppc-hint,ppc -compare -style matrix \
    $ALGS -bytes 16,64,256,1024,8192 "$@"
