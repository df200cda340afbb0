#!/bin/sh
# kat-openssl.sh BIN "QEMU_RUN" ALG... - cryptobench against Debian's `openssl enc`.
#
# For each ALG (an `openssl enc` cipher name that is also cryptobench's, e.g.
# camellia-128-cbc, seed-ecb, bf-cbc, rc4 or chacha20) writes a CAVP-layout file of random keys, IVs and
# messages of several lengths, encrypted by `openssl enc -nopad` with the legacy and
# default providers, as [ENCRYPT] records and again as [DECRYPT] records, and runs
# `BIN kat -alg ALG` on it (through QEMU_RUN when given, so a cross build is checked
# against the host's OpenSSL).  Then one ciphertext digit is changed: that copy must
# fail with exactly one wrong record, so a kat that checks nothing cannot pass.
# AES IGE, which `openssl enc` lacks, comes from libcrypto's AES_ige_encrypt through
# python3's ctypes instead (scripts/openssl-ige.py).
set -u
bin=$1
runner=$2
shift 2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ossl() { openssl "$@" -provider legacy -provider default; }
hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }
# records ALG writes the CAVP-layout records of ALG from `openssl enc`.
records() {
    alg=$1
    # the key and IV lengths OpenSSL uses for the cipher (no IV line for ECB)
    if ! ossl enc "-$alg" -P -pass pass:x -nosalt -pbkdf2 >"$T/p" 2>"$T/err"; then
        echo "kat-openssl.sh: openssl enc has no $alg: $(cat "$T/err")" >&2
        exit 1
    fi
    klen=$(($(sed -n 's/^key=//p' "$T/p" | tr -d '\n' | wc -c) / 2))
    ivlen=$(($(sed -n 's/^iv *=//p' "$T/p" | tr -d '\n' | wc -c) / 2))
    for dir in ENCRYPT DECRYPT; do
        printf '[%s]\n\n' "$dir"
        count=0
        lens="16 32 48 64 160 1024 4096"
        case $alg in rc4 | chacha20 | *-ctr) lens="1 13 16 100 1000 1024 4096" ;; esac # streams
        for len in $lens; do
            openssl rand -out "$T/key" "$klen"
            openssl rand -out "$T/msg" "$len"
            ivopt=""
            if [ "$ivlen" -gt 0 ]; then
                openssl rand -out "$T/iv" "$ivlen"
                # chacha20's IV starts with its 32-bit block counter: 1000 bytes from
                # 0xfffffffe cross the wrap, which OpenSSL carries into the next word
                [ "$alg" = chacha20 ] && [ "$len" = 1000 ] &&
                    printf '\376\377\377\377' | dd of="$T/iv" conv=notrunc 2>/dev/null
                ivopt="-iv $(hex "$T/iv")"
            fi
            # shellcheck disable=SC2086
            ossl enc -e "-$alg" -nopad -K "$(hex "$T/key")" $ivopt -in "$T/msg" \
                -out "$T/ct" || exit 1
            printf 'COUNT = %d\nKEY = %s\n' "$count" "$(hex "$T/key")"
            [ "$ivlen" -gt 0 ] && printf 'IV = %s\n' "$(hex "$T/iv")"
            printf 'PLAINTEXT = %s\nCIPHERTEXT = %s\n\n' "$(hex "$T/msg")" "$(hex "$T/ct")"
            count=$((count + 1))
        done
    done
}

bad=""
for alg in "$@"; do
    f="$T/$alg.rsp"
    case $alg in
    *-ige)
        python3 "$(dirname "$0")/openssl-ige.py" "$alg" >"$f" || exit 1 ;;
    *)
        records "$alg" >"$f" || exit 1 ;;
    esac
    # shellcheck disable=SC2086
    n=$(grep -c '^COUNT' "$f")
    if ! $runner "$bin" kat -alg "$alg" "$f" >"$T/out" 2>&1 ||
        ! grep -q " passed $n  failed 0  skipped 0" "$T/out"; then
        bad="$bad $alg"
    fi
    sed "s|$T/||" "$T/out"
    awk '!done && /^CIPHERTEXT = / {
             c = substr($0, 14, 1); $0 = substr($0, 1, 13) (c == "0" ? "1" : "0") substr($0, 15)
             done = 1 }
         { print }' "$f" >"$T/wrong.rsp"
    # shellcheck disable=SC2086
    $runner "$bin" kat -alg "$alg" -variant generic "$T/wrong.rsp" >"$T/out" 2>&1
    rc=$?
    if [ "$rc" -ne 1 ] || ! grep -q 'failed 1 ' "$T/out"; then
        cat "$T/out"
        bad="$bad $alg(corrupted-file-check)"
    fi
done
if [ -n "$bad" ]; then
    echo "kat-openssl: FAILED:$bad"
    exit 1
fi
echo "kat-openssl: $# algorithms agree with OpenSSL"
exit 0

