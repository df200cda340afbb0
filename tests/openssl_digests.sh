#!/bin/sh
# tests/openssl_digests.sh BIN "QEMU_RUN" - the digests Debian's OpenSSL has only in
# its legacy provider (MD4, RIPEMD-160, Whirlpool), SM3 and BLAKE2, against `openssl dgst` on inputs
# of many lengths: every length 0..160 (each block boundary of the 64-byte digests
# twice, and the padding's every case), and 255..257, 511, 512, 1000, 4096 and 10007
# bytes.  The answers are written as a CAVP digest file (Len/Msg/MD) and run through
# `BIN kat -alg NAME`, on every variant this CPU has, through the emulator when one
# is given.  The inputs are a fixed AES-CTR key stream, so a failure reproduces.
# Skipped (exit 0, saying so) when this openssl has no legacy provider.  Run by
# scripts/run-kat.sh.  (MDC-2 is not in Debian's OpenSSL 3 at all.)
set -u
bin=$1
runner=${2:-}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# The host's openssl with its own modules: check-cross points OPENSSL_MODULES at a
# foreign library's, for the library under test, which this openssl cannot load.
dgst() { env -u OPENSSL_MODULES openssl dgst -provider legacy -provider default "$@"; }
if ! command -v openssl >/dev/null || ! printf '' | dgst -md4 >/dev/null 2>&1; then
    echo "openssl_digests: SKIPPED: no openssl with the legacy provider (md4) here"
    exit 0
fi

# 10007 bytes of AES-128-CTR key stream under an all-zero key and counter
head -c 10007 /dev/zero |
    openssl enc -aes-128-ctr -K 00000000000000000000000000000000 \
        -iv 00000000000000000000000000000000 -nosalt >"$tmp/stream" || exit 1

lengths=$(seq 0 160; echo 255 256 257 511 512 1000 4096 10007)
status=0
# cryptobench's name, then openssl dgst's
for pair in md4:md4 rmd160:ripemd160 whirlpool:whirlpool sm3:sm3 blake2b512:blake2b512 blake2s256:blake2s256; do
    alg=${pair%%:*}
    f="$tmp/$alg.rsp"
    echo "# $alg against openssl dgst -${pair#*:}" >"$f"
    n=0
    for len in $lengths; do
        head -c "$len" "$tmp/stream" >"$tmp/msg"
        msg=$(od -An -v -tx1 "$tmp/msg" | tr -d ' \n')
        md=$(dgst "-${pair#*:}" -r "$tmp/msg" | cut -d' ' -f1)
        printf '\nLen = %d\nMsg = %s\nMD = %s\n' $((8 * len)) "${msg:-00}" "$md" >>"$f"
        n=$((n + 1))
    done
    # shellcheck disable=SC2086
    $runner "$bin" kat -alg "$alg" "$f" >"$tmp/out" 2>&1
    rc=$?
    # every variant line must have passed all n records
    lines=$(grep -c "  passed " "$tmp/out")
    good=$(grep -c "  passed $n  failed 0  skipped 0\$" "$tmp/out")
    if [ "$rc" -ne 0 ] || [ "$lines" -eq 0 ] || [ "$good" -ne "$lines" ]; then
        echo "openssl_digests FAIL $alg (exit $rc, $good of $lines variants passed $n records):"
        sed "s|$tmp/||g" "$tmp/out"
        status=1
    else
        echo "openssl_digests: $alg: $n lengths agree with openssl dgst on $lines variant(s)"
    fi
done
exit $status
