#!/bin/sh
# legacy_ciphers.sh BIN [RUNNER...] - cryptobench against Debian's OpenSSL (its legacy
# provider) on the legacy ciphers both have: rc4, rc2, Blowfish and CAST-128, ECB and
# CBC.  For each, random keys, IVs and messages of several lengths are encrypted by
# `openssl enc -nopad`; the results become a CAVP-layout file ([ENCRYPT] and [DECRYPT]
# records of KEY, IV, PLAINTEXT, CIPHERTEXT) that `BIN kat -alg NAME` must pass in
# full.  The same file with one ciphertext digit changed must fail, so a kat that
# checks nothing cannot pass.  (OpenSSL's IDEA is not in Debian's build.)
set -u
bin=$1
shift
fail() { echo "legacy_ciphers.sh: $*" >&2; exit 1; }
command -v openssl >/dev/null || fail "no openssl command (Debian package openssl)"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# hexof FILE: the file's bytes in hex; hex N: N random bytes in hex
hexof() { od -An -tx1 -v "$1" | tr -d ' \n'; }
hex() { head -c "$1" /dev/urandom >"$T/rnd" && hexof "$T/rnd"; }

total=0
for alg in rc4 rc2-cbc rc2-ecb bf-cbc bf-ecb cast5-cbc cast5-ecb; do
    case $alg in
    rc4) lens="1 13 16 100 1000" ;;
    *) lens="8 16 64 1000" ;;
    esac
    f=$T/$alg.rsp
    records=0
    for section in ENCRYPT DECRYPT; do
        printf '[%s]\n\n' "$section" >>"$f"
        for len in $lens; do
            key=$(hex 16) iv=$(hex 8)
            head -c "$len" /dev/urandom >"$T/pt"
            pt=$(hexof "$T/pt")
            case $alg in
            rc4 | *-ecb) ivopt= ;;
            *) ivopt="-iv $iv" ;;
            esac
            # shellcheck disable=SC2086
            openssl enc -provider legacy -provider default "-$alg" -nopad -K "$key" $ivopt \
                -in "$T/pt" -out "$T/ct" 2>"$T/err" || fail "openssl enc -$alg: $(cat "$T/err")"
            ct=$(hexof "$T/ct")
            [ ${#ct} -eq $((2 * len)) ] || fail "openssl enc -$alg gave ${#ct} hex digits for $len bytes"
            {
                echo "COUNT = $records"
                echo "KEY = $key"
                [ -n "$ivopt" ] && echo "IV = $iv"
                if [ $section = ENCRYPT ]; then
                    echo "PLAINTEXT = $pt"
                    echo "CIPHERTEXT = $ct"
                else
                    echo "CIPHERTEXT = $ct"
                    echo "PLAINTEXT = $pt"
                fi
                echo
            } >>"$f"
            records=$((records + 1))
        done
    done
    "$@" "$bin" kat -alg "$alg" "$f" >"$T/out" 2>&1 || fail "kat -alg $alg failed: $(cat "$T/out")"
    grep -q " passed $records  failed 0  skipped 0" "$T/out" ||
        fail "kat -alg $alg did not pass all $records records: $(cat "$T/out")"
    # one wrong digit in the first ciphertext must be caught
    awk '!done && /^CIPHERTEXT = / {
             c = substr($0, 14, 1); $0 = substr($0, 1, 13) (c == "0" ? "1" : "0") substr($0, 15)
             done = 1 }
         { print }' "$f" >"$T/bad.rsp"
    "$@" "$bin" kat -alg "$alg" "$T/bad.rsp" >"$T/out" 2>&1
    rc=$?
    [ "$rc" -eq 1 ] && grep -q "failed 1 " "$T/out" ||
        fail "kat -alg $alg missed a wrong ciphertext (exit $rc): $(cat "$T/out")"
    total=$((total + records))
done
echo "legacy ciphers: $total records of openssl enc agree with cryptobench kat -alg"
