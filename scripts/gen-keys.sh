#!/bin/sh
# gen-keys.sh [OUT [EC_OUT [ECP_OUT [EC2M_OUT]]]] - generates the embedded public-key
# test keys with the host's openssl and writes them as C: RSA and DSA to OUT (default
# kernels/pkey/pkey_keys.c), the X25519, Ed25519 and P-256 keys to EC_OUT (default
# kernels/pkey/ec_keys.c), the keys of the curves of kernels/curves.h to ECP_OUT
# (default kernels/pkey/ecp_keys.c), the binary-curve keys to EC2M_OUT (default
# kernels/pkey/ec2m_keys.c), the rsa7680 and rsa15360 keys to
# kernels/pkey/rsa_large_keys.c, the ffdh* keys to kernels/pkey/ffdh_keys.c and the
# sm2 key to kernels/pkey/sm2_keys.c.
# KEYS=rsa-dsa, ec, ecp, ec2m, rsa-large, ffdh or sm2 makes only one of the files (the
# default, all, makes every one), so adding a curve or a group does not change the
# RSA keys.  RSA_PEMS=DIR takes DIR/rsaBITS.pem where it exists instead of
# generating the key (a 15360-bit key takes OpenSSL many minutes).
# Run once; the output is committed, so every host benchmarks the very same keys.
# docs/keys.md explains the choices.  Needs OpenSSL 3 (genpkey with -pkeyopt).
#
#   rsa512 .. rsa4096  genpkey RSA, e = 65537; components from `pkey -text`
#   dsa512             L = 512, N = 160 (below FIPS 186-4, as `openssl speed dsa512`)
#   dsa1024            L = 1024, N = 160 (FIPS 186-4 4.2), parameters by SHA-256
#   dsa2048            L = 2048, N = 224 (the smaller FIPS 186-4 choice for L = 2048;
#                      OpenSSL's own default for 2048-bit parameters)
#   ecdhx25519         genpkey X25519 twice: our private key and the peer's public key,
#                      with OpenSSL's shared secret (pkeyutl -derive) as known answer
#   ed25519            genpkey ED25519: the 32-byte seed and the public key, with
#                      OpenSSL's signature of the message (pkeyutl -sign -rawin), which
#                      is deterministic (RFC 8032), so ours must equal it
#   ecdhx448, ed448    the same with X448 and ED448 (56- and 57-byte keys)
#   ecdsap256          genpkey EC on P-256: d and Q = (qx, qy), 32 bytes each, with
#                      OpenSSL's ECDSA signature (r, s) of the message, whose nonce is
#                      random, so ours must verify it
#   K-163 .. B-571     (ecdsak163 .. ecdsab571 and ecdhk163 .. ecdhb571) genpkey EC on
#                      sect163k1 .. sect571r1 twice: d and Q, and the peer's Q, each
#                      coordinate ceil(m/8) bytes, with OpenSSL's ECDSA signature (r,
#                      s) of the message under d and its shared secret (pkeyutl -derive)
#   ecdsa<id>          for each curve of kernels/curves.h with an ecdsa row: genpkey EC
#                      on the curve, d and Q, with OpenSSL's signature (r, s) of the
#                      message over SHA-256, which ours must verify
#   ecdh<id>           for each curve: two EC keys, ours (d, Q) and the peer's public
#                      key, with OpenSSL's shared secret (pkeyutl -derive)
#   rsa7680, rsa15360  as rsa512 .. rsa4096, in a file of their own
#   ffdh2048 .. 8192   genpkey DH on RFC 7919's group ffdheBITS twice: our key (p from
#                      the DER parameters, x, y) and the peer's public key, with
#                      OpenSSL's shared secret (pkeyutl -derive) as known answer,
#                      left-padded to p's length as ours is (OpenSSL's pkeyutl strips
#                      leading zero bytes); x has RFC 7919 5.2's short length (225 bits
#                      for ffdhe2048), as OpenSSL generates it for a named group
#
# Each key also gets OpenSSL's signature of the message "abc" (SHA-256; PKCS#1 v1.5
# for RSA, which is deterministic, and (r, s) for DSA): `selftest` compares against
# it, so a known answer from an independent implementation backs every row.
set -eu

out=${1:-kernels/pkey/pkey_keys.c}
ec_out=${2:-kernels/pkey/ec_keys.c}
ecp_out=${3:-kernels/pkey/ecp_keys.c}
ec2m_out=${4:-kernels/pkey/ec2m_keys.c}
keys=${KEYS:-all}
openssl=${OPENSSL:-openssl}
msg=abc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$openssl" version | grep -q '^OpenSSL 3' || {
    echo "gen-keys.sh: needs OpenSSL 3 (found: $("$openssl" version))" >&2
    exit 2
}

# field NAME FILE - the hex of one multi-line field of `openssl pkey -text` (the name
# line may carry trailing blanks), without colons and leading zero bytes.
field() {
    awk -v name="$1:" '
        { line = $0; sub(/[ \t]+$/, "", line) }
        line == name { on = 1; next }
        on && /^ / { gsub(/[ :]/, ""); hex = hex $0; next }
        on { exit }
        END { sub(/^(00)+/, "", hex); print tolower(hex) }
    ' "$2"
}

# pub_exp FILE - the public exponent (one line: "publicExponent: 65537 (0x10001)"),
# padded to whole bytes.
pub_exp() {
    sed -n 's/^publicExponent: [0-9]* (0x\([0-9a-fA-F]*\))$/\1/p' "$1" | tr A-F a-f | even
}

# even - pads each line of hex digits to whole bytes.
even() {
    awk '{ print (length($0) % 2 ? "0" : "") $0 }'
}

# sign_hex KEY - OpenSSL's DER or raw signature of $msg as hex.
sign_hex() {
    printf %s "$msg" | "$openssl" dgst -sha256 -sign "$1" | od -An -v -tx1 | tr -d ' \n'
}

# der_ints FILE - the INTEGERs of a DER SEQUENCE (a DSA signature), one per line.
der_ints() {
    "$openssl" asn1parse -inform DER -in "$1" | sed -n 's/.*INTEGER *:\([0-9A-Fa-f]*\)$/\1/p' |
        tr A-F a-f | even
}

# cstr NAME HEX - one C string member, split into lines of 64 digits.
cstr() {
    printf '     .%s =\n' "$1"
    printf '%s\n' "$2" | fold -w 64 | sed 's/.*/         "&"/; $s/$/,/'
}

rsa_key() {
    bits=$1 key=$tmp/rsa$1.pem txt=$tmp/rsa$1.txt
    if [ -n "${RSA_PEMS:-}" ] && [ -f "$RSA_PEMS/rsa$bits.pem" ]; then
        cp "$RSA_PEMS/rsa$bits.pem" "$key"
    else
        "$openssl" genpkey -algorithm RSA -pkeyopt "rsa_keygen_bits:$bits" \
            -pkeyopt rsa_keygen_pubexp:65537 -out "$key" 2>/dev/null
    fi
    "$openssl" pkey -in "$key" -text -noout >"$txt"
    printf '    {.alg = "rsa%s",\n' "$bits"
    cstr n "$(field modulus "$txt")"
    cstr e "$(pub_exp "$txt")"
    cstr d "$(field privateExponent "$txt")"
    cstr p "$(field prime1 "$txt")"
    cstr q "$(field prime2 "$txt")"
    cstr dp "$(field exponent1 "$txt")"
    cstr dq "$(field exponent2 "$txt")"
    cstr qinv "$(field coefficient "$txt")"
    cstr kat_sig "$(sign_hex "$key")"
    printf '    },\n'
}

# dsa_key_by_hand PARAMS KEY - a DSA key on PARAMS where OpenSSL 3 makes none (it
# generates keys of FIPS 186-4's sizes only, L >= 1024, yet signs with smaller ones,
# as `openssl speed dsa512` does): x uniform in [1, q-1] and y = g^x mod p by
# python3, the DSAPrivateKey DER (version, p, q, g, y, x) by asn1parse -genconf.
dsa_key_by_hand() {
    "$openssl" pkeyparam -in "$1" -text -noout >"$tmp/par.txt"
    python3 - "$(field P "$tmp/par.txt")" "$(field Q "$tmp/par.txt")" \
        "$(field G "$tmp/par.txt")" >"$tmp/key.conf" <<'PY'
import secrets, sys
p, q, g = (int(h, 16) for h in sys.argv[1:4])
x = secrets.randbelow(q - 1) + 1
print("asn1 = SEQUENCE:key\n[key]\nversion = INTEGER:0")
for name, v in (("p", p), ("q", q), ("g", g), ("y", pow(g, x, p)), ("x", x)):
    print("%s = INTEGER:0x%x" % (name, v))
PY
    "$openssl" asn1parse -genconf "$tmp/key.conf" -out "$tmp/key.der" >/dev/null
    "$openssl" pkey -inform DER -in "$tmp/key.der" -out "$2"
}

dsa_key() {
    bits=$1 qbits=$2 par=$tmp/dsa$1.par key=$tmp/dsa$1.pem txt=$tmp/dsa$1.txt
    "$openssl" genpkey -genparam -algorithm DSA -pkeyopt "dsa_paramgen_bits:$bits" \
        -pkeyopt "dsa_paramgen_q_bits:$qbits" -pkeyopt dsa_paramgen_md:sha256 \
        -out "$par" 2>/dev/null
    "$openssl" genpkey -paramfile "$par" -out "$key" 2>/dev/null ||
        dsa_key_by_hand "$par" "$key"
    "$openssl" pkey -in "$key" -text -noout >"$txt"
    printf %s "$msg" | "$openssl" dgst -sha256 -sign "$key" >"$tmp/sig.der"
    der_ints "$tmp/sig.der" >"$tmp/rs"
    printf '    {.alg = "dsa%s",\n' "$bits"
    cstr p "$(field P "$txt")"
    cstr q "$(field Q "$txt")"
    cstr g "$(field G "$txt")"
    cstr x "$(field priv "$txt")"
    cstr y "$(field pub "$txt")"
    cstr kat_r "$(sed -n 1p "$tmp/rs")"
    cstr kat_s "$(sed -n 2p "$tmp/rs")"
    printf '    },\n'
}

# hex_of FILE - the bytes of FILE as lower-case hex on one line.
hex_of() {
    od -An -v -tx1 "$1" | tr -d ' \n'
}

# raw_field NAME FILE - one field of `openssl pkey -text` as hex, leading zeros kept
# (the raw X25519 and Ed25519 keys are byte strings, not numbers).
raw_field() {
    awk -v name="$1:" '
        $0 == name { on = 1; next }
        on && /^ / { gsub(/[ :]/, ""); hex = hex $0; next }
        on { exit }
        END { print tolower(hex) }
    ' "$2"
}

# xdh_key TYPE ALG - a key agreement pair of genpkey TYPE (X25519, X448) as row ALG.
xdh_key() {
    a=$tmp/$1a.pem b=$tmp/$1b.pem
    "$openssl" genpkey -algorithm "$1" -out "$a"
    "$openssl" genpkey -algorithm "$1" -out "$b"
    "$openssl" pkey -in "$b" -pubout -out "$tmp/$1b.pub"
    "$openssl" pkeyutl -derive -inkey "$a" -peerkey "$tmp/$1b.pub" -out "$tmp/shared"
    "$openssl" pkey -in "$a" -text -noout >"$tmp/$1a.txt"
    "$openssl" pkey -in "$b" -text -noout >"$tmp/$1b.txt"
    printf '    {.alg = "%s",\n' "$2"
    cstr priv "$(raw_field priv "$tmp/$1a.txt")"
    cstr peer "$(raw_field pub "$tmp/$1b.txt")"
    cstr kat_shared "$(hex_of "$tmp/shared")"
    printf '    },\n'
}

# eddsa_key TYPE ALG - an EdDSA key of genpkey TYPE (ED25519, ED448) as row ALG.
eddsa_key() {
    k=$tmp/$1.pem
    "$openssl" genpkey -algorithm "$1" -out "$k"
    "$openssl" pkey -in "$k" -text -noout >"$tmp/$1.txt"
    printf %s "$msg" >"$tmp/msg"
    "$openssl" pkeyutl -sign -rawin -inkey "$k" -in "$tmp/msg" -out "$tmp/ed.sig"
    printf '    {.alg = "%s",\n' "$2"
    cstr priv "$(raw_field priv "$tmp/$1.txt")"
    cstr pub "$(raw_field pub "$tmp/$1.txt")"
    cstr kat_sig "$(hex_of "$tmp/ed.sig")"
    printf '    },\n'
}

# pad32 - one number's hex, without leading zeros, as exactly 32 bytes.
pad32() {
    awk '{ sub(/^0+/, ""); while (length($0) < 64) $0 = "0" $0; print }'
}

ecdsa_key() {
    k=$tmp/p256.pem
    "$openssl" genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$k"
    "$openssl" pkey -in "$k" -text -noout >"$tmp/p256.txt"
    pub=$(raw_field pub "$tmp/p256.txt") # 04 || x || y (SEC 1 2.3.3, uncompressed)
    case $pub in
    04*) [ ${#pub} -eq 130 ] || { echo "gen-keys.sh: P-256 public key of ${#pub} digits" >&2; exit 1; } ;;
    *) echo "gen-keys.sh: P-256 public key not uncompressed: $pub" >&2; exit 1 ;;
    esac
    printf %s "$msg" | "$openssl" dgst -sha256 -sign "$k" >"$tmp/ecdsa.der"
    der_ints "$tmp/ecdsa.der" >"$tmp/ecdsa.rs"
    printf '    {.alg = "ecdsap256",\n'
    cstr d "$(raw_field priv "$tmp/p256.txt" | pad32)"
    cstr qx "$(printf %s "$pub" | cut -c3-66)"
    cstr qy "$(printf %s "$pub" | cut -c67-130)"
    cstr kat_r "$(sed -n 1p "$tmp/ecdsa.rs")"
    cstr kat_s "$(sed -n 2p "$tmp/ecdsa.rs")"
    printf '    },\n'
}

ec_keys() {
    cat <<EOF
/*
 * kernels/pkey/ec_keys.c - the embedded elliptic-curve test keys.
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  Fresh keys made for this project, for
 * benchmarking only: the private halves are public, never use them for anything
 * else.  docs/keys.md describes the generation.
 */
#include "kernels/pkey/pkey_impl.h"

const cb_x25519_keyhex cb_x25519_keys[] = {
EOF
    xdh_key X25519 ecdhx25519
    xdh_key X448 ecdhx448
    printf '    {0},\n};\n\nconst cb_ed25519_keyhex cb_ed25519_keys[] = {\n'
    eddsa_key ED25519 ed25519
    eddsa_key ED448 ed448
    printf '    {0},\n};\n\nconst cb_ecdsa_keyhex cb_ecdsa_keys[] = {\n'
    ecdsa_key
    printf '    {0},\n};\n'
}

# ec2m_key NIST SEC BYTES - one binary curve's key pair, peer key and known answers.
ec2m_key() {
    k=$tmp/ec2m.pem p=$tmp/ec2m_peer.pem w=$(($3 * 2))
    "$openssl" genpkey -algorithm EC -pkeyopt ec_paramgen_curve:"$2" -out "$k"
    "$openssl" genpkey -algorithm EC -pkeyopt ec_paramgen_curve:"$2" -out "$p"
    "$openssl" pkey -in "$p" -pubout -out "$tmp/ec2m_peer.pub"
    "$openssl" pkeyutl -derive -inkey "$k" -peerkey "$tmp/ec2m_peer.pub" -out "$tmp/shared"
    "$openssl" pkey -in "$k" -text -noout >"$tmp/ec2m.txt"
    "$openssl" pkey -in "$p" -text -noout >"$tmp/ec2m_peer.txt"
    for f in ec2m ec2m_peer; do
        pub=$(raw_field pub "$tmp/$f.txt")
        case $pub in
        04*) [ ${#pub} -eq $((2 * w + 2)) ] || { echo "gen-keys.sh: $1 public key of ${#pub} digits" >&2; exit 1; } ;;
        *) echo "gen-keys.sh: $1 public key not uncompressed: $pub" >&2; exit 1 ;;
        esac
        printf %s "$pub" >"$tmp/$f.q"
    done
    printf %s "$msg" | "$openssl" dgst -sha256 -sign "$k" >"$tmp/ecdsa.der"
    der_ints "$tmp/ecdsa.der" >"$tmp/ecdsa.rs"
    printf '    {.curve = "%s",\n' "$1"
    cstr d "$(raw_field priv "$tmp/ec2m.txt")"
    cstr qx "$(cut -c3-$((w + 2)) "$tmp/ec2m.q")"
    cstr qy "$(cut -c$((w + 3))- "$tmp/ec2m.q")"
    cstr kat_r "$(sed -n 1p "$tmp/ecdsa.rs")"
    cstr kat_s "$(sed -n 2p "$tmp/ecdsa.rs")"
    cstr peer_x "$(cut -c3-$((w + 2)) "$tmp/ec2m_peer.q")"
    cstr peer_y "$(cut -c$((w + 3))- "$tmp/ec2m_peer.q")"
    cstr kat_shared "$(hex_of "$tmp/shared")"
    printf '    },\n'
}

ec2m_keys() {
    cat <<EOF
/*
 * kernels/pkey/ec2m_keys.c - the embedded binary-curve test keys (K-163 .. B-571).
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  Fresh keys made for this project, for
 * benchmarking only: the private halves are public, never use them for anything
 * else.  docs/keys.md describes the generation.
 */
#include "kernels/pkey/ec2m.h"

const cb_ec2m_keyhex cb_ec2m_keys[] = {
EOF
    for c in K-163:sect163k1:21 K-233:sect233k1:30 K-283:sect283k1:36 K-409:sect409k1:52 \
             K-571:sect571k1:72 B-163:sect163r2:21 B-233:sect233r1:30 B-283:sect283r1:36 \
             B-409:sect409r1:52 B-571:sect571r1:72; do
        nist=${c%%:*} rest=${c#*:}
        ec2m_key "$nist" "${rest%%:*}" "${rest#*:}"
    done
    printf '    {0},\n};\n'
}

if [ "$keys" = ec2m ] || [ "$keys" = all ]; then
    ec2m_keys >"$ec2m_out.tmp"
    mv "$ec2m_out.tmp" "$ec2m_out"
    echo "gen-keys.sh: wrote $ec2m_out"
fi

# ec_pub KEY TXT - Q of the EC key KEY as "x y" (hex, SEC 1 2.3.3 uncompressed); TXT
# receives `pkey -text`.
ec_pub() {
    "$openssl" pkey -in "$1" -text -noout >"$2"
    pub=$(raw_field pub "$2")
    case $pub in
    04*) ;;
    *) echo "gen-keys.sh: EC public key not uncompressed: $pub" >&2; exit 1 ;;
    esac
    half=$(((${#pub} - 2) / 2))
    printf '%s %s\n' "$(printf %s "$pub" | cut -c3-$((half + 2)))" \
        "$(printf %s "$pub" | cut -c$((half + 3))-)"
}

# ecp_key ID SN SIG - the embedded keys of ecdh<ID> and, when SIG is 1, ecdsa<ID>.
ecp_key() {
    id=$1 sn=$2 k=$tmp/$1.pem
    if [ "$3" = 1 ]; then
        "$openssl" genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$sn" -out "$k"
        set -- $(ec_pub "$k" "$tmp/$id.txt")
        printf %s "$msg" | "$openssl" dgst -sha256 -sign "$k" >"$tmp/$id.der"
        der_ints "$tmp/$id.der" >"$tmp/$id.rs"
        printf '    {.alg = "ecdsa%s",\n' "$id"
        cstr d "$(raw_field priv "$tmp/$id.txt")"
        cstr qx "$1"
        cstr qy "$2"
        cstr kat_r "$(sed -n 1p "$tmp/$id.rs")"
        cstr kat_s "$(sed -n 2p "$tmp/$id.rs")"
        printf '    },\n'
    fi
    "$openssl" genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$sn" -out "$k"
    "$openssl" genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$sn" -out "$tmp/$id.peer"
    "$openssl" pkey -in "$tmp/$id.peer" -pubout -out "$tmp/$id.peerpub"
    "$openssl" pkeyutl -derive -inkey "$k" -peerkey "$tmp/$id.peerpub" -out "$tmp/$id.z"
    set -- $(ec_pub "$k" "$tmp/$id.txt") $(ec_pub "$tmp/$id.peer" "$tmp/$id.peer.txt")
    printf '    {.alg = "ecdh%s",\n' "$id"
    cstr d "$(raw_field priv "$tmp/$id.txt")"
    cstr qx "$1"
    cstr qy "$2"
    cstr peer_x "$3"
    cstr peer_y "$4"
    cstr kat_shared "$(hex_of "$tmp/$id.z")"
    printf '    },\n'
}

ecp_keys() {
    cat <<EOF
/*
 * kernels/pkey/ecp_keys.c - the embedded keys of the ecdsa<id> and ecdh<id> rows of
 * the curves of kernels/curves.h.
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  Fresh keys made for this project, for
 * benchmarking only: the private halves are public, never use them for anything
 * else.  docs/keys.md describes the generation.
 */
#include "kernels/pkey/ecp.h"

const cb_ecp_keyhex cb_ecp_keys[] = {
EOF
    # the curve list is kernels/curves.h's: X(id, "sn", "curve", bits, sig, ...
    sed -n 's/^ *X(\([a-z0-9]*\), "\([A-Za-z0-9]*\)", "[A-Za-z0-9]*", [0-9]*, \([01]\),.*/\1 \2 \3/p' \
        kernels/curves.h >"$tmp/curves"
    [ -s "$tmp/curves" ] || { echo "gen-keys.sh: no curve in kernels/curves.h" >&2; exit 1; }
    while read -r id sn sig; do ecp_key "$id" "$sn" "$sig"; done <"$tmp/curves"
    printf '    {0},\n};\n'
}

if [ "$keys" = ecp ] || [ "$keys" = all ]; then
    ecp_keys >"$ecp_out.tmp"
    mv "$ecp_out.tmp" "$ecp_out"
    echo "gen-keys.sh: wrote $ecp_out"
fi
[ "$keys" = ecp ] && exit 0

# sm2: genpkey SM2 (GB/T 32918.5's curve): d and Q, with OpenSSL's SM2 signature (r,
# s) of the message over SM3 under the distinguishing ID 1234567812345678 (OpenSSL
# 3.0's default, named here so that a changed default cannot change the answer),
# which ours must verify; its nonce is random.
sm2_keys() {
    k=$tmp/sm2.pem
    "$openssl" genpkey -algorithm SM2 -out "$k"
    set -- $(ec_pub "$k" "$tmp/sm2.txt")
    printf %s "$msg" >"$tmp/sm2.msg"
    "$openssl" pkeyutl -sign -rawin -digest sm3 -pkeyopt distid:1234567812345678 \
        -inkey "$k" -in "$tmp/sm2.msg" -out "$tmp/sm2.der"
    der_ints "$tmp/sm2.der" >"$tmp/sm2.rs"
    cat <<EOF
/*
 * kernels/pkey/sm2_keys.c - the embedded key of the sm2 row.
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  A fresh key made for this project, for
 * benchmarking only: the private half is public, never use it for anything else.
 * docs/keys.md describes the generation.
 */
#include "kernels/pkey/sm2.h"

const cb_ecp_keyhex cb_sm2_key = {
    .alg = "sm2",
EOF
    cstr d "$(raw_field priv "$tmp/sm2.txt")"
    cstr qx "$1"
    cstr qy "$2"
    cstr kat_r "$(sed -n 1p "$tmp/sm2.rs")"
    cstr kat_s "$(sed -n 2p "$tmp/sm2.rs")"
    printf '};\n'
}

if [ "$keys" = sm2 ] || [ "$keys" = all ]; then
    sm2_keys >kernels/pkey/sm2_keys.c.tmp
    mv kernels/pkey/sm2_keys.c.tmp kernels/pkey/sm2_keys.c
    echo "gen-keys.sh: wrote kernels/pkey/sm2_keys.c"
fi
[ "$keys" = sm2 ] && exit 0

# dh_p FILE - p of a DH key's DER parameters (the first INTEGER longer than a byte).
dh_p() {
    "$openssl" pkey -in "$1" -outform DER | "$openssl" asn1parse -inform DER |
        sed -n 's/.*INTEGER *:\([0-9A-Fa-f]\{4,\}\)$/\1/p' | head -n 1 | tr A-F a-f
}

# padto DIGITS - one hex number left-padded with zeros to DIGITS digits.
padto() {
    awk -v n="$1" '{ while (length($0) < n) $0 = "0" $0; print }'
}

ffdh_key() {
    bits=$1 a=$tmp/ffdh$1a.pem b=$tmp/ffdh$1b.pem
    "$openssl" genpkey -algorithm DH -pkeyopt "group:ffdhe$bits" -out "$a"
    "$openssl" genpkey -algorithm DH -pkeyopt "group:ffdhe$bits" -out "$b"
    "$openssl" pkey -in "$b" -pubout -out "$tmp/ffdhb.pub"
    "$openssl" pkeyutl -derive -inkey "$a" -peerkey "$tmp/ffdhb.pub" -out "$tmp/shared"
    "$openssl" pkey -in "$a" -text -noout >"$tmp/ffdha.txt"
    "$openssl" pkey -in "$b" -text -noout >"$tmp/ffdhb.txt"
    p=$(dh_p "$a")
    [ ${#p} -eq $((bits / 4)) ] || { echo "gen-keys.sh: ffdhe$bits p of ${#p} digits" >&2; exit 1; }
    printf '    {.alg = "ffdh%s",\n' "$bits"
    cstr p "$p"
    cstr x "$(field private-key "$tmp/ffdha.txt")"
    cstr y "$(field public-key "$tmp/ffdha.txt")"
    cstr peer "$(field public-key "$tmp/ffdhb.txt")"
    cstr kat_shared "$(hex_of "$tmp/shared" | padto $((bits / 4)))"
    printf '    },\n'
}

# header FILE WHAT - the comment block and include every generated file opens with.
header() {
    cat <<EOF
/*
 * $1 - the embedded $2.
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  Fresh keys made for this project, for
 * benchmarking only: the private halves are public, never use them for anything
 * else.  docs/keys.md describes the generation.
 */
#include "kernels/pkey/pkey_impl.h"

EOF
}

if [ "$keys" = rsa-large ] || [ "$keys" = all ]; then
    f=kernels/pkey/rsa_large_keys.c
    {
        header "$f" "rsa7680 and rsa15360 test keys"
        printf 'const cb_rsa_keyhex cb_rsa_large_keys[] = {\n'
        for b in 7680 15360; do rsa_key "$b"; done
        printf '    {0},\n};\n'
    } >"$f.tmp"
    mv "$f.tmp" "$f"
    echo "gen-keys.sh: wrote $f"
fi

if [ "$keys" = ffdh ] || [ "$keys" = all ]; then
    f=kernels/pkey/ffdh_keys.c
    {
        header "$f" "ffdh* test keys on RFC 7919's groups"
        printf 'const cb_ffdh_keyhex cb_ffdh_keys[] = {\n'
        for b in 2048 3072 4096 6144 8192; do ffdh_key "$b"; done
        printf '    {0},\n};\n'
    } >"$f.tmp"
    mv "$f.tmp" "$f"
    echo "gen-keys.sh: wrote $f"
fi

if [ "$keys" = ec ] || [ "$keys" = all ]; then
    ec_keys >"$ec_out.tmp"
    mv "$ec_out.tmp" "$ec_out"
    echo "gen-keys.sh: wrote $ec_out"
fi
[ "$keys" = rsa-dsa ] || [ "$keys" = all ] || exit 0

{
    cat <<EOF
/*
 * kernels/pkey/pkey_keys.c - the embedded rsa* and dsa* test keys.
 *
 * GENERATED by scripts/gen-keys.sh with $("$openssl" version | cut -d' ' -f1-2) on
 * $(date -u +%Y-%m-%d); do not edit.  Fresh keys made for this project, for
 * benchmarking only: the private halves are public, never use them for anything
 * else.  docs/keys.md describes the generation.
 */
#include "kernels/pkey/pkey_impl.h"

const char cb_pkey_kat_msg[] = "$msg";

const cb_rsa_keyhex cb_rsa_keys[] = {
EOF
    for b in 512 1024 2048 3072 4096; do rsa_key "$b"; done
    printf '    {0},\n};\n\nconst cb_dsa_keyhex cb_dsa_keys[] = {\n'
    dsa_key 512 160
    dsa_key 1024 160
    dsa_key 2048 224
    printf '    {0},\n};\n'
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "gen-keys.sh: wrote $out"
