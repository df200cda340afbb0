#!/bin/sh
# run-kat.sh BIN "QEMU_RUN" - runs `BIN kat` (through the emulator command when one
# is given) over every SHA-1/SHA-2 (SHA-512/224 and /256 too), SHA-3, MD5, RIPEMD-160, HMAC
# (RFC 2202 and RFC 4231), AES ECB/CBC/OFB/CFB8/CFB128/XTS/CTR/GCM/CCM, TDES CBC/ECB,
# Blowfish, CAST5, IDEA, Camellia and SEED, RC4, ChaCha20, ChaCha20-Poly1305,
# RSA/DSA/ECDSA signature (P-256, and the binary curves' sections by -alg), X25519,
# Ed25519, X448 and Ed448 file of
# Debian's python3-cryptography-vectors, one file per run, and prints the totals;
# then checks the block ciphers against `openssl enc` (scripts/kat-openssl.sh).  (AES
# CFB1's bit-string files are left out: cryptobench has no CFB1.)  MD4, Whirlpool and
# MDC-2, which the package has no vectors for, run from the standards' own vectors in
# tests/data/kat/ (CAVP layout, named with -alg).
# Fails when any file fails or is rejected, and when a deliberately corrupted file
# is not caught (so a kat that checks nothing cannot pass).
# CRYPTOBENCH_VECTORS overrides where the vectors are; KAT_VARIANT=NAME runs the
# files on that variant alone (e.g. openssl: a loaded libcrypto).
set -u
bin=$1
runner=${2:-}
vec=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}

if [ ! -d "$vec/hashes" ] || [ ! -d "$vec/ciphers" ]; then
    echo "run-kat.sh: no test vectors under $vec; install python3-cryptography-vectors" >&2
    exit 1
fi

if [ ! -f "$bin" ]; then
    echo "run-kat.sh: no binary $bin; run make first" >&2
    exit 1
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# kat FILE... runs the binary, through the emulator when there is one.
kat() {
    # shellcheck disable=SC2086
    $runner "$bin" kat ${KAT_VARIANT:+-variant "$KAT_VARIANT"} "$@"
}

# one_failure WHAT ARGS...: `kat ARGS` must exit 1 with exactly one failed record, so
# a kat that checks nothing cannot pass; WHAT names the check when it does not.
one_failure() {
    what=$1
    shift
    kat "$@" >"$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -ne 1 ] || ! grep -q 'failed 1 ' "$tmp/out"; then
        echo "run-kat.sh: $what was not reported as one failure (exit $rc):"
        cat "$tmp/out"
        bad="$bad ($what)"
    fi
}

set --
for f in "$vec"/hashes/SHA1/SHA1ShortMsg.rsp "$vec"/hashes/SHA1/SHA1LongMsg.rsp \
         "$vec"/hashes/SHA1/SHA1Monte.rsp "$vec"/hashes/MD5/rfc-1321.txt \
         "$vec"/hashes/ripemd160/ripevectors.txt "$vec"/hashes/SM3/oscca.txt \
         "$vec"/hashes/blake2/blake2b.txt "$vec"/hashes/blake2/blake2s.txt; do
    set -- "$@" "$f"
done
for n in 224 256 384 512 512_224 512_256; do
    for t in ShortMsg LongMsg Monte; do
        set -- "$@" "$vec/hashes/SHA2/SHA$n$t.rsp"
    done
done
for n in 224 256 384 512; do
    for t in ShortMsg LongMsg Monte; do
        set -- "$@" "$vec/hashes/SHA3/SHA3_$n$t.rsp"
    done
done
# HMAC: RFC 2202 (MD5, SHA-1) and RFC 4231 (SHA-224 to SHA-512); RIPEMD-160's
# rfc-2286 file is left out, as cryptobench has no hmac(rmd160).
for f in "$vec"/HMAC/rfc-2202-md5.txt "$vec"/HMAC/rfc-2202-sha1.txt; do
    set -- "$@" "$f"
done
for n in 224 256 384 512; do
    set -- "$@" "$vec/HMAC/rfc-4231-sha$n.txt"
done
# CMAC: SP 800-38B's AES examples (the 3DES file is left out, as cryptobench has no
# cmac(des-ede3-cbc)).
for n in 128 192 256; do
    set -- "$@" "$vec/CMAC/nist-800-38b-aes$n.txt"
done
for f in "$vec"/ciphers/AES/ECB/*.rsp "$vec"/ciphers/AES/CBC/*.rsp \
         "$vec"/ciphers/AES/OFB/*.rsp "$vec"/ciphers/AES/CFB/CFB8*.rsp \
         "$vec"/ciphers/AES/CFB/CFB128*.rsp "$vec"/ciphers/AES/XTS/*/XTSGenAES*.rsp \
         "$vec"/ciphers/AES/CTR/*.txt "$vec"/ciphers/AES/GCM/*.rsp; do
    set -- "$@" "$f"
done
# CCM: the V* files seal, DVPT opens and must reject its Result = Fail records.
for t in VADT VNT VPT VTT DVPT; do
    for k in 128 192 256; do
        set -- "$@" "$vec/ciphers/AES/CCM/$t$k.rsp"
    done
done
# Public-key signatures (the SHA-256 groups run; other hashes are counted as skipped;
# ECDSA runs its P-256 sections with every hash, the other curves are skipped; the
# other prime curves' sections run below, each as its ecdsa<id> row; the ECDH files
# likewise, P-256's and brainpoolP256r1's records here), and FFC DH's KAS ZZ-only
# validity records.
# Their records bring their own keys: a library variant takes X25519's and Ed25519's,
# raw 32-byte strings, but not RSA's, DSA's, ECDSA's and DH's numbers, so with
# KAT_VARIANT those would all be skipped.
[ -n "${KAT_VARIANT:-}" ] || for f in "$vec"/asymmetric/RSA/FIPS_186-2/SigGen15_186-3.rsp \
         "$vec"/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp \
         "$vec"/asymmetric/DSA/FIPS_186-3/SigGen.rsp "$vec"/asymmetric/DSA/FIPS_186-3/SigVer.rsp \
         "$vec"/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp "$vec"/asymmetric/ECDSA/FIPS_186-3/SigGen.txt \
         "$vec"/asymmetric/ECDSA/FIPS_186-2/SigVer.rsp "$vec"/asymmetric/ECDSA/FIPS_186-2/SigGen.txt \
         "$vec"/asymmetric/ECDH/brainpool.txt \
         "$vec"/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax \
         "$vec"/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax \
         "$vec"/asymmetric/DH/KASValidityTest_FFCStatic_NOKC_ZZOnly_init.fax \
         "$vec"/asymmetric/DH/KASValidityTest_FFCStatic_NOKC_ZZOnly_resp.fax; do
    set -- "$@" "$f"
done
set -- "$@" "$vec"/asymmetric/X25519/rfc7748.txt "$vec"/asymmetric/Ed25519/sign.input
set -- "$@" "$vec"/asymmetric/X448/rfc7748.txt "$vec"/asymmetric/Ed448/rfc8032.txt
for m in CBC ECB; do
    for t in MMT1 MMT2 MMT3 invperm permop subtab varkey vartext; do
        set -- "$@" "$vec/ciphers/3DES/$m/T$m$t.rsp"
    done
done
# The legacy ciphers of issue 17, by their package file names (the CFB, OFB and CTR
# files test modes cryptobench does not have).  Not with KAT_VARIANT: a library has
# them only through its legacy provider (IDEA not at all in Debian's), and its sessions
# take only the algorithms' 16-byte keys, so most records would be skipped;
# scripts/kat-openssl.sh compares Debian's OpenSSL with cryptobench instead.
[ -n "${KAT_VARIANT:-}" ] || for f in "$vec"/ciphers/Blowfish/bf-ecb.txt "$vec"/ciphers/Blowfish/bf-cbc.txt \
         "$vec"/ciphers/CAST5/cast5-ecb.txt "$vec"/ciphers/CAST5/cast5-cbc.txt \
         "$vec"/ciphers/IDEA/idea-ecb.txt "$vec"/ciphers/IDEA/idea-cbc.txt \
         "$vec"/ciphers/ARC4/*.txt; do
    set -- "$@" "$f"
done
# Camellia: NTT's ECB listings and OpenSSL's CBC records of all three key sizes.
for f in "$vec"/ciphers/Camellia/camellia-128-ecb.txt "$vec"/ciphers/Camellia/camellia-192-ecb.txt \
         "$vec"/ciphers/Camellia/camellia-256-ecb.txt "$vec"/ciphers/Camellia/camellia-cbc.txt; do
    set -- "$@" "$f"
done
# SEED: RFC 4269's blocks and RFC 4196's CBC cases.
for f in "$vec"/ciphers/SEED/rfc-4269.txt "$vec"/ciphers/SEED/rfc-4196.txt; do
    set -- "$@" "$f"
done
# ChaCha20: RFC 7539 A.2's keystreams; ChaCha20-Poly1305: OpenSSL's and BoringSSL's
# records, each sealed and opened (openssl.txt's CIPHERFINAL_ERROR record rejected).
for f in "$vec"/ciphers/ChaCha20/rfc7539.txt "$vec"/ciphers/ChaCha20Poly1305/openssl.txt \
         "$vec"/ciphers/ChaCha20Poly1305/boringssl.txt; do
    set -- "$@" "$f"
done

# At quick depth (CB_TEST_DEPTH=quick: check-cross's emulated jobs) a library's run
# takes every third file of the list, which keeps files of every family but a few:
# the library is Debian's own build, and what the run checks is cryptobench's
# adapter to it on that architecture, the same for every file of a kind.
if [ -n "${KAT_VARIANT:-}" ] && [ "${CB_TEST_DEPTH:-}" = quick ]; then
    i=0
    for f in "$@"; do
        [ $((i % 3)) -eq 0 ] && set -- "$@" "$f"
        i=$((i + 1))
    done
    shift "$i"
    echo "run-kat.sh: quick depth: $# of $i files for variant $KAT_VARIANT"
fi

files=0
bad=""
# run_kat STRIP LABEL ARGS... runs `kat ARGS`, counts it, adds LABEL to $bad when it
# fails or passes nothing, and prints its lines with the folder STRIP/ left out.
run_kat() {
    strip=$1 label=$2
    shift 2
    files=$((files + 1))
    if ! kat "$@" >"$tmp/out" 2>&1; then
        bad="$bad $label"
    elif ! grep -q ' passed [1-9]' "$tmp/out"; then
        bad="$bad $label(nothing-passed)"
    fi
    sed "s|$strip/||g" "$tmp/out"
    cat "$tmp/out" >>"$tmp/all"
}
for f in "$@"; do
    run_kat "$vec" "${f#"$vec"/}" "$f"
done

# The standards' vectors of tests/data/kat/, each read as the algorithm named before it
# (MDC-2 not with KAT_VARIANT: OpenSSL 3 builds, Debian's among them, have none), and
# the ML-KEM and ML-DSA answers of tests/data/mlkem-awslc.rsp and mldsa-awslc.rsp
# (every parameter set; not with KAT_VARIANT).
data=$(dirname "$0")/../tests/data/kat
datafiles="md4:md4-rfc1320.rsp whirlpool:whirlpool-iso10118-3.rsp"
[ -n "${KAT_VARIANT:-}" ] || datafiles="$datafiles mdc2:mdc2-openssl.rsp mlkem768:../mlkem-awslc.rsp mldsa65:../mldsa-awslc.rsp"
for f in $datafiles; do
    run_kat "$data" "${f#*:}" -alg "${f%%:*}" "$data/${f#*:}"
done

# The binary curves' sections of the same ECDSA files (FIPS 186-2 and 186-3, every
# hash), each file read once per curve as that curve's row (-alg ecdsak163 ...: the
# other sections are skipped).  Not with KAT_VARIANT: raw keys, as above.  At quick
# depth (CB_TEST_DEPTH=quick: check-cross's emulated jobs, where the native run has
# read them all) one K and one B curve and one file of each standard: every field and
# curve shape's code, a tenth of the time.
ecv=$vec/asymmetric/ECDSA
b_curves="ecdsak163 ecdsak233 ecdsak283 ecdsak409 ecdsak571 ecdsab163 ecdsab233 ecdsab283 ecdsab409 ecdsab571"
b_files="FIPS_186-3/SigVer.rsp FIPS_186-3/SigGen.txt FIPS_186-2/SigVer.rsp FIPS_186-2/SigGen.txt"
p_curves="p192 p224 p384 p521"
if [ "${CB_TEST_DEPTH:-}" = quick ]; then
    b_curves="ecdsak283 ecdsab163" b_files="FIPS_186-3/SigVer.rsp FIPS_186-2/SigGen.txt"
    p_curves="p521"
fi
[ -n "${KAT_VARIANT:-}" ] || for a in $b_curves; do
    for f in $b_files; do
        run_kat "$vec" "$a:$f" -alg "$a" "$ecv/$f"
    done
done

# Then the ECDSA and ECDH files once more for each other prime curve they have, as
# that curve's row (kernels/curves.h; ecdsap256, ecdhp256 and ecdhbrp256r1 ran them
# above), the public-key validation and key-pair files (PKV.rsp, KeyPair.rsp: the
# generic curve code's rows), and secp256k1's own file: their keys are the records',
# so not with KAT_VARIANT either.  At quick depth P-521 alone, the odd-length one.
ecfiles=""
kas=ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly
[ -n "${KAT_VARIANT:-}" ] || for c in $p_curves; do
    ecfiles="$ecfiles ecdsa$c:ECDSA/FIPS_186-3/SigVer.rsp ecdsa$c:ECDSA/FIPS_186-3/SigGen.txt"
    ecfiles="$ecfiles ecdh$c:${kas}_init.fax ecdh$c:${kas}_resp.fax"
    ecfiles="$ecfiles ecdsa$c:ECDSA/FIPS_186-3/PKV.rsp ecdsa$c:ECDSA/FIPS_186-3/KeyPair.rsp"
done
[ -n "${KAT_VARIANT:-}" ] || ecfiles="$ecfiles ecdsasecp256k1:ECDSA/SECP256K1/SigGen.txt \
    ecdhbrp384r1:ECDH/brainpool.txt ecdhbrp512r1:ECDH/brainpool.txt"

for f in $ecfiles; do
    run_kat "$vec" "$f" -alg "${f%%:*}" "$vec/asymmetric/${f#*:}"
done

# NIST's ACVP JSON excerpts of tests/data/acvp/ (README.md there): identified by their
# content, a prompt.json with the expectedResults.json beside it.  Not with
# KAT_VARIANT, as the AWS-LC answers above: the libraries check-cross loads (Debian's
# OpenSSL 3.0 for each architecture) have no ML-KEM or ML-DSA, and a loaded library
# takes no raw keys for the other files' tests; tests/test_kat.c runs the keyGen pair
# on AWS-LC's rows where that peer is present.
acvp=$(dirname "$0")/../tests/data/acvp
for f in "$acvp"/*/prompt.json "$acvp"/*/internalProjection.json; do
    [ -f "$f" ] || continue
    [ -n "${KAT_VARIANT:-}" ] && continue
    run_kat "$acvp" "${f#"$acvp"/}" "$f"
done

# The checker must notice a wrong answer: change the first ciphertext's first digit.
awk '!done && /^CIPHERTEXT = / {
         c = substr($0, 14, 1); $0 = substr($0, 1, 13) (c == "0" ? "1" : "0") substr($0, 15)
         done = 1 }
     { print }' "$vec/ciphers/AES/CBC/CBCMMT128.rsp" >"$tmp/CBCMMT128.rsp"
one_failure "a corrupted CBCMMT128.rsp" "$tmp/CBCMMT128.rsp"
# ... and a wrong digest: the first MD of each -alg file (in the CAVP layout, read by
# the renamed-file path) and of ripevectors.txt (read by its name); in the ML-KEM file
# the first shared secret k, in the ML-DSA file the first signature.
corrupt_md() {
    awk '!done && /^(MD|k|sig) = / { n = index($0, "= ") + 2; c = substr($0, n, 1)
                                 $0 = substr($0, 1, n - 1) (c == "0" ? "1" : "0") substr($0, n + 1)
                                 done = 1 }
         { print }' "$1" >"$2"
}
corrupt_md "$vec/hashes/ripemd160/ripevectors.txt" "$tmp/ripevectors.txt"
set -- "$tmp/ripevectors.txt"
for f in $datafiles; do
    name=${f#*:}
    corrupt_md "$data/$name" "$tmp/${name##*/}"
    set -- "$@" "${f%%:*}:$tmp/${name##*/}"
done
# ... and a wrong shared secret: the first Z of a KAS file, kept in its folder (kat
# knows the file by it), read as ecdhp384 (not with KAT_VARIANT, as above).
if [ -z "${KAT_VARIANT:-}" ]; then
    mkdir -p "$tmp/ECDH"
    awk '!done && /^\[ED / { on = 1 }
         on && !done && /^Z = / { n = index($0, "= ") + 2; c = substr($0, n, 1)
                                  $0 = substr($0, 1, n - 1) (c == "0" ? "1" : "0") substr($0, n + 1)
                                  done = 1 }
         { print }' "$vec/asymmetric/${kas}_init.fax" >"$tmp/${kas}_init.fax"
    set -- "$@" "ecdhp384:$tmp/${kas}_init.fax"
fi
for f in "$@"; do
    case $f in
    *:*) one_failure "a corrupted ${f##*/}" -alg "${f%%:*}" "${f#*:}" ;;
    *) one_failure "a corrupted ${f##*/}" "$f" ;;
    esac
done

# ... and Ed448's first SIGNATURE, the file kept in its folder (kat knows it by it).
mkdir "$tmp/Ed448"
awk '!done && /^SIGNATURE = / { c = substr($0, 13, 1); $0 = "SIGNATURE = " (c == "0" ? "1" : "0") substr($0, 14)
                                 done = 1 }
     { print }' "$vec/asymmetric/Ed448/rfc8032.txt" >"$tmp/Ed448/rfc8032.txt"
one_failure "a corrupted Ed448/rfc8032.txt" "$tmp/Ed448/rfc8032.txt"

# ... and the AEAD files, kept in their folder (kat knows them by it): a changed CT
# digit in boringssl.txt, and openssl.txt's forged tag without its Result line (then
# sealed, it gives another tag), must each be one failure.
mkdir "$tmp/ChaCha20Poly1305"
awk '!done && /^CT= [0-9a-f]/ { c = substr($0, 5, 1); $0 = "CT= " (c == "0" ? "1" : "0") substr($0, 6)
                                 done = 1 }
     { print }' "$vec/ciphers/ChaCha20Poly1305/boringssl.txt" >"$tmp/ChaCha20Poly1305/boringssl.txt"
grep -v '^Result = CIPHERFINAL_ERROR$' "$vec/ciphers/ChaCha20Poly1305/openssl.txt" \
    >"$tmp/ChaCha20Poly1305/openssl.txt"
for f in boringssl.txt openssl.txt; do
    one_failure "a corrupted ChaCha20Poly1305/$f" "$tmp/ChaCha20Poly1305/$f"
done

# MD4, RIPEMD-160 and Whirlpool against `openssl dgst` (legacy provider) on many lengths
"$(dirname "$0")"/../tests/openssl_digests.sh "$bin" "$runner" || bad="$bad (openssl-digests)"

# ... and an RC4 record read at another place in the keystream: OFFSET 16 made 0
# (not with KAT_VARIANT, which leaves the legacy ciphers out).
if [ -z "${KAT_VARIANT:-}" ]; then
    awk '!done && /^OFFSET = 16$/ { $0 = "OFFSET = 0"; done = 1 } { print }' \
        "$vec/ciphers/ARC4/rfc-6229-128.txt" >"$tmp/rfc-6229-128.txt"
    one_failure "an RC4 record at the wrong OFFSET" "$tmp/rfc-6229-128.txt"
fi

# Ciphers against Debian's OpenSSL (`openssl enc`, for IGE AES_ige_encrypt) on random
# keys, IVs and lengths (scripts/kat-openssl.sh); not with KAT_VARIANT, whose library may lack
# them.
set --
for a in rc4 rc2-cbc rc2-ecb bf-cbc bf-ecb cast5-cbc cast5-ecb \
         camellia-128-cbc camellia-192-cbc camellia-256-cbc \
         camellia-128-ecb camellia-192-ecb camellia-256-ecb \
         seed-cbc seed-ecb sm4-cbc sm4-ecb sm4-ctr chacha20 \
         aes-128-ige aes-192-ige aes-256-ige; do
    set -- "$@" "$a"
done
if [ -z "${KAT_VARIANT:-}" ] && ! "$(dirname "$0")/kat-openssl.sh" "$bin" "$runner" "$@"; then
    bad="$bad (openssl-enc)"
fi

awk '/ passed [0-9]+  failed [0-9]+  skipped [0-9]+$/ {
         runs++; p += $(NF-4); f += $(NF-2); s += $NF }
     END { printf "kat: %d variant runs: passed %d  failed %d  skipped %d\n", runs, p, f, s }' \
    "$tmp/all"
if [ -n "$bad" ]; then
    echo "kat: FAILED:$bad"
    exit 1
fi
echo "kat: all $files files passed"
