/*
 * kernels/algs.c - the algorithms users can name, with OpenSSL's spellings.
 *
 * Canonical names follow `openssl speed -evp`; aliases cover OpenSSL's other
 * spellings (`openssl list -cipher-algorithms`) and its legacy speed names.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "kernels/curves.h"
#include "kernels/registry.h"

#define DIGEST(n, al, p, blk, out) {n, al, CB_KIND_DIGEST, p, CB_MODE_NONE, 0, blk, out, NULL}
/* An HMAC row repeats its digest's primitive, block and output length: that is how
 * the digest's variants serve it (kernels/modes/hmac.h).  key_bits is 0 as for digests: a
 * key of any length is padded or hashed to one block, so it does not change the
 * cost (`speed` keys with 16 bytes, as OpenSSL does). */
#define HMAC(n, p, blk, out) {n, "", CB_KIND_HMAC, p, CB_MODE_NONE, 0, blk, out, NULL}
#define AES(n, al, m, bits, out) {n, al,                                                   \
                                  (m) == CB_MODE_GCM || (m) == CB_MODE_CCM ? CB_KIND_AEAD   \
                                                                           : CB_KIND_CIPHER, \
                                  (m) == CB_MODE_GCM ? CB_PRIM_GCM : CB_PRIM_AES, m, bits, 16, out, NULL}

static const cb_alg algs[] = {
    /* The digests (kernels/digests.h), in `openssl speed`'s row order (mdc2, md4, md5,
     * sha1, rmd160, ... whirlpool) as far as keeping the digests before the HMAC rows
     * allows */
#define DIGEST_ROW(n, al, NAME, blk, out, shape, iv, hmac, arg)                          \
    DIGEST(n, al, CB_PRIM_##NAME, blk, out),
    CB_DIGESTS(CB_DIGEST_NO_P, DIGEST_ROW, ~)
#undef DIGEST_ROW

    /* After every digest, so a digest variant's first algorithm stays its digest
     * (caps -probe checks a variant on its first algorithm).  Named as `openssl speed
     * -hmac DIGEST` prints them; cb_alg_find also takes hmac-DIGEST and any spelling
     * of the digest inside. */
#define HMAC_ROW_0(n, NAME, blk, out)
#define HMAC_ROW_1(n, NAME, blk, out) HMAC("hmac(" n ")", CB_PRIM_##NAME, blk, out),
#define HMAC_ROW(n, al, NAME, blk, out, shape, iv, hmac, arg)                            \
    HMAC_ROW_##hmac(n, NAME, blk, out)
    CB_DIGESTS(CB_DIGEST_NO_P, HMAC_ROW, ~)
#undef HMAC_ROW
#undef HMAC_ROW_1
#undef HMAC_ROW_0

    AES("aes-128-ecb", "", CB_MODE_ECB, 128, 0),
    AES("aes-192-ecb", "", CB_MODE_ECB, 192, 0),
    AES("aes-256-ecb", "", CB_MODE_ECB, 256, 0),
    AES("aes-128-cbc", "aes128 aes-128", CB_MODE_CBC, 128, 0),
    AES("aes-192-cbc", "aes192 aes-192", CB_MODE_CBC, 192, 0),
    AES("aes-256-cbc", "aes256 aes-256", CB_MODE_CBC, 256, 0),
    AES("aes-128-ctr", "", CB_MODE_CTR, 128, 0),
    AES("aes-192-ctr", "", CB_MODE_CTR, 192, 0),
    AES("aes-256-ctr", "", CB_MODE_CTR, 256, 0),
    /* OFB and CFB as OpenSSL names them: aes-*-cfb is CFB128, "cfb128" the CAVP
     * files' spelling */
    AES("aes-128-ofb", "", CB_MODE_OFB, 128, 0),
    AES("aes-192-ofb", "", CB_MODE_OFB, 192, 0),
    AES("aes-256-ofb", "", CB_MODE_OFB, 256, 0),
    AES("aes-128-cfb", "aes-128-cfb128", CB_MODE_CFB, 128, 0),
    AES("aes-192-cfb", "aes-192-cfb128", CB_MODE_CFB, 192, 0),
    AES("aes-256-cfb", "aes-256-cfb128", CB_MODE_CFB, 256, 0),
    AES("aes-128-cfb8", "", CB_MODE_CFB8, 128, 0),
    AES("aes-192-cfb8", "", CB_MODE_CFB8, 192, 0),
    AES("aes-256-cfb8", "", CB_MODE_CFB8, 256, 0),
    /* XTS: key_bits counts both keys, as OpenSSL's key length and Linux's tcrypt do
     * (aes-128-xts takes 32 bytes) */
    /* IGE as OpenSSL's AES_ige_encrypt, which `openssl speed` 1.0 timed as "aes-128 ige" */
    AES("aes-128-ige", "", CB_MODE_IGE, 128, 0),
    AES("aes-192-ige", "", CB_MODE_IGE, 192, 0),
    AES("aes-256-ige", "", CB_MODE_IGE, 256, 0),
    AES("aes-128-xts", "", CB_MODE_XTS, 256, 0),
    AES("aes-256-xts", "", CB_MODE_XTS, 512, 0),
    AES("aes-128-gcm", "id-aes128-gcm", CB_MODE_GCM, 128, 16),
    AES("aes-192-gcm", "id-aes192-gcm", CB_MODE_GCM, 192, 16),
    AES("aes-256-gcm", "id-aes256-gcm", CB_MODE_GCM, 256, 16),
    /* CCM rides on the AES variants themselves, not on a GCM pairing */
    AES("aes-128-ccm", "id-aes128-ccm", CB_MODE_CCM, 128, 16),
    AES("aes-192-ccm", "id-aes192-ccm", CB_MODE_CCM, 192, 16),
    AES("aes-256-ccm", "id-aes256-ccm", CB_MODE_CCM, 256, 16),

    /* CMAC (SP 800-38B) as `openssl speed -cmac aes-N-cbc` names and times it: the
     * MAC of each block under the cipher's key, set up once; key_bits the cipher's,
     * the MAC one 16-byte block.  cb_alg_find also takes cmac-CIPHER and any spelling
     * of the cipher inside. */
    {"cmac(aes-128-cbc)", "", CB_KIND_CMAC, CB_PRIM_AES, CB_MODE_CMAC, 128, 16, 16, NULL},
    {"cmac(aes-192-cbc)", "", CB_KIND_CMAC, CB_PRIM_AES, CB_MODE_CMAC, 192, 16, 16, NULL},
    {"cmac(aes-256-cbc)", "", CB_KIND_CMAC, CB_PRIM_AES, CB_MODE_CMAC, 256, 16, 16, NULL},

    /* OpenSSL's rand row (`openssl speed rand`): its default DRBG, CTR_DRBG with
     * AES-256 and the derivation function (SP 800-90A 10.2), seeded from the kernel
     * once; one operation generates one block.  key_bits is 0, as for digests: the
     * DRBG takes no key (its AES-256 key is its state), and an imported `openssl
     * speed` rand row, foreign before this row existed, stays comparable. */
    {"rand", "", CB_KIND_RAND, CB_PRIM_AES, CB_MODE_DRBG, 0, 16, 0, NULL},

    {"ghash", "", CB_KIND_MAC, CB_PRIM_GHASH, CB_MODE_NONE, 128, 16, 16, NULL},

    /* The other ciphers in `openssl speed`'s row order (rc4, des cbc, des ede3, idea,
     * seed, rc2, blowfish, cast; camellia follows AES there, here the cipher group),
     * each ECB row beside its CBC row.  RC4 is a stream cipher: block_bytes 1, no IV;
     * one operation continues the stream. */
    {"rc4", "arc4", CB_KIND_CIPHER, CB_PRIM_RC4, CB_MODE_STREAM, 128, 1, 0, NULL},
    {"des-cbc", "des", CB_KIND_CIPHER, CB_PRIM_DES, CB_MODE_CBC, 64, 8, 0, NULL},
    {"des-ede3-cbc", "des3 des-ede3 3des", CB_KIND_CIPHER, CB_PRIM_DES, CB_MODE_CBC, 192, 8, 0, NULL},
    {"idea-cbc", "idea", CB_KIND_CIPHER, CB_PRIM_IDEA, CB_MODE_CBC, 128, 8, 0, NULL},
    {"idea-ecb", "", CB_KIND_CIPHER, CB_PRIM_IDEA, CB_MODE_ECB, 128, 8, 0, NULL},
    {"seed-cbc", "seed", CB_KIND_CIPHER, CB_PRIM_SEED, CB_MODE_CBC, 128, 16, 0, NULL},
    {"seed-ecb", "", CB_KIND_CIPHER, CB_PRIM_SEED, CB_MODE_ECB, 128, 16, 0, NULL},
    {"sm4-cbc", "sm4", CB_KIND_CIPHER, CB_PRIM_SM4, CB_MODE_CBC, 128, 16, 0, NULL},
    {"sm4-ecb", "", CB_KIND_CIPHER, CB_PRIM_SM4, CB_MODE_ECB, 128, 16, 0, NULL},
    {"sm4-ctr", "", CB_KIND_CIPHER, CB_PRIM_SM4, CB_MODE_CTR, 128, 16, 0, NULL},
    {"rc2-cbc", "rc2", CB_KIND_CIPHER, CB_PRIM_RC2, CB_MODE_CBC, 128, 8, 0, NULL},
    {"rc2-ecb", "", CB_KIND_CIPHER, CB_PRIM_RC2, CB_MODE_ECB, 128, 8, 0, NULL},
    {"bf-cbc", "bf blowfish blowfish-cbc", CB_KIND_CIPHER, CB_PRIM_BF, CB_MODE_CBC, 128, 8, 0, NULL},
    {"bf-ecb", "", CB_KIND_CIPHER, CB_PRIM_BF, CB_MODE_ECB, 128, 8, 0, NULL},
    {"cast5-cbc", "cast cast-cbc cast5", CB_KIND_CIPHER, CB_PRIM_CAST5, CB_MODE_CBC, 128, 8, 0, NULL},
    {"cast5-ecb", "", CB_KIND_CIPHER, CB_PRIM_CAST5, CB_MODE_ECB, 128, 8, 0, NULL},
    {"camellia-128-cbc", "camellia128", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_CBC, 128, 16, 0, NULL},
    {"camellia-192-cbc", "camellia192", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_CBC, 192, 16, 0, NULL},
    {"camellia-256-cbc", "camellia256", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_CBC, 256, 16, 0, NULL},
    {"camellia-128-ecb", "", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_ECB, 128, 16, 0, NULL},
    {"camellia-192-ecb", "", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_ECB, 192, 16, 0, NULL},
    {"camellia-256-ecb", "", CB_KIND_CIPHER, CB_PRIM_CAMELLIA, CB_MODE_ECB, 256, 16, 0, NULL},

    /* ChaCha20 (RFC 8439) as OpenSSL's EVP names it: a 32-byte key and a 16-byte IV
     * (the block counter, then the nonce), a stream; block_bytes 1, as OpenSSL
     * reports.  chacha20-poly1305 is the AEAD of RFC 8439 2.8, one operation a whole
     * message with a 12-byte nonce and a 16-byte tag, as for GCM. */
    {"chacha20", "", CB_KIND_CIPHER, CB_PRIM_CHACHA, CB_MODE_STREAM, 256, 1, 0, NULL},
    {"chacha20-poly1305", "chacha20_poly1305 chachapoly", CB_KIND_AEAD, CB_PRIM_CHACHA,
     CB_MODE_CHACHAPOLY, 256, 1, 16, NULL},

    /* Public-key rows: key_bits is the modulus size; one operation is one signature or
     * verification; their variants are the Montgomery multiplication variants. */
    {"rsa512", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 512, 0, 0, "rsa"},
    {"rsa1024", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 1024, 0, 0, "rsa"},
    {"rsa2048", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 2048, 0, 0, "rsa"},
    {"rsa3072", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 3072, 0, 0, "rsa"},
    {"rsa4096", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 4096, 0, 0, "rsa"},
    {"rsa7680", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 7680, 0, 0, "rsa"},
    {"rsa15360", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 15360, 0, 0, "rsa"},
    {"dsa512", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 512, 0, 0, "dsa"},
    {"dsa1024", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 1024, 0, 0, "dsa"},
    {"dsa2048", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 2048, 0, 0, "dsa"},
    /* ECDSA over P-256 (FIPS 186-4 6.4) with SHA-256 and RFC 6979 nonces; key_bits is
     * the curve's, as OpenSSL prints it; the aliases are OpenSSL's other spellings and
     * what an imported openssl log names the row (reports/import/openssl.c) */
    {"ecdsap256", "ecdsa-p256 ecdsa-nistp256 ecdsa-prime256v1", CB_KIND_PKEY, CB_PRIM_P256,
     CB_MODE_NONE, 256, 0, 0, "ecdsa (nistp256)"},
    /* Key agreement (out_bytes: the shared secret): one operation is one X25519 of
     * the embedded private key and peer key, as `openssl speed ecdhx25519` times one
     * EVP_PKEY_derive; key_bits is the 253 OpenSSL prints.  The alias is what an
     * imported openssl log names it (reports/import/openssl.c); a curve's heading is
     * its family and curve as OpenSSL's table prints them. */
    {"ecdhx25519", "ecdh-x25519 x25519", CB_KIND_PKEY, CB_PRIM_C25519, CB_MODE_NONE, 253, 0,
     32, "ecdh (X25519)"},
    /* Ed25519 (RFC 8032): the message itself is signed (SHA-512 inside), so these
     * rows sign the same 36 bytes as OpenSSL's without a SHA-256 in front */
    {"ed25519", "eddsa-ed25519", CB_KIND_PKEY, CB_PRIM_C25519, CB_MODE_NONE, 253, 0, 0,
     "EdDSA (Ed25519)"},
    /* X448 and Ed448 (RFC 7748, RFC 8032 5.2, pure: an empty context) as the two
     * above; key_bits is what OpenSSL prints: 448 for X448, 456 (the encoding's
     * bits) for Ed448 */
    {"ecdhx448", "ecdh-x448 x448", CB_KIND_PKEY, CB_PRIM_C448, CB_MODE_NONE, 448, 0, 56,
     "ecdh (X448)"},
    {"ed448", "eddsa-ed448", CB_KIND_PKEY, CB_PRIM_C448, CB_MODE_NONE, 456, 0, 0,
     "EdDSA (Ed448)"},
    /* The binary curves K-163 .. B-571 (FIPS 186-4 D.1.3) over the GF(2^m) variants
     * (kernels/pkey/ec2m.c): ECDSA with SHA-256 and RFC 6979 nonces, one operation a
     * signature or a verification as for ecdsap256, and ECDH, one operation one
     * derivation (out_bytes: the ceil(m/8)-byte x-coordinate), as OpenSSL's speed
     * times them; the headings are OpenSSL's (nistk163, ...). */
    {"ecdsak163", "ecdsa-k163 ecdsa-nistk163", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 163, 0,
     0, "ecdsa (nistk163)"},
    {"ecdsak233", "ecdsa-k233 ecdsa-nistk233", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 233, 0,
     0, "ecdsa (nistk233)"},
    {"ecdsak283", "ecdsa-k283 ecdsa-nistk283", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 283, 0,
     0, "ecdsa (nistk283)"},
    {"ecdsak409", "ecdsa-k409 ecdsa-nistk409", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 409, 0,
     0, "ecdsa (nistk409)"},
    {"ecdsak571", "ecdsa-k571 ecdsa-nistk571", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 571, 0,
     0, "ecdsa (nistk571)"},
    {"ecdsab163", "ecdsa-b163 ecdsa-nistb163", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 163, 0,
     0, "ecdsa (nistb163)"},
    {"ecdsab233", "ecdsa-b233 ecdsa-nistb233", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 233, 0,
     0, "ecdsa (nistb233)"},
    {"ecdsab283", "ecdsa-b283 ecdsa-nistb283", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 283, 0,
     0, "ecdsa (nistb283)"},
    {"ecdsab409", "ecdsa-b409 ecdsa-nistb409", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 409, 0,
     0, "ecdsa (nistb409)"},
    {"ecdsab571", "ecdsa-b571 ecdsa-nistb571", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 571, 0,
     0, "ecdsa (nistb571)"},
    {"ecdhk163", "ecdh-k163 ecdh-nistk163", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 163, 0,
     21, "ecdh (nistk163)"},
    {"ecdhk233", "ecdh-k233 ecdh-nistk233", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 233, 0,
     30, "ecdh (nistk233)"},
    {"ecdhk283", "ecdh-k283 ecdh-nistk283", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 283, 0,
     36, "ecdh (nistk283)"},
    {"ecdhk409", "ecdh-k409 ecdh-nistk409", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 409, 0,
     52, "ecdh (nistk409)"},
    {"ecdhk571", "ecdh-k571 ecdh-nistk571", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 571, 0,
     72, "ecdh (nistk571)"},
    {"ecdhb163", "ecdh-b163 ecdh-nistb163", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 163, 0,
     21, "ecdh (nistb163)"},
    {"ecdhb233", "ecdh-b233 ecdh-nistb233", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 233, 0,
     30, "ecdh (nistb233)"},
    {"ecdhb283", "ecdh-b283 ecdh-nistb283", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 283, 0,
     36, "ecdh (nistb283)"},
    {"ecdhb409", "ecdh-b409 ecdh-nistb409", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 409, 0,
     52, "ecdh (nistb409)"},
    {"ecdhb571", "ecdh-b571 ecdh-nistb571", CB_KIND_PKEY, CB_PRIM_GF2M, CB_MODE_NONE, 571, 0,
     72, "ecdh (nistb571)"},

    /* The prime curves of kernels/curves.h on the generic short-Weierstrass code over
     * a Montgomery multiplication variant (kernels/pkey/ecp.h): ECDSA with SHA-256 and
     * RFC 6979 nonces as ecdsap256, then ECDH (one derivation, the secret the x
     * coordinate, as ecdhx25519), each named, keyed and headed as `openssl speed`
     * prints it; the aliases are the names an imported log gives them and the
     * curve's OpenSSL short name. */
#define ECDSA_ROW_0(id, sn, curve, bits)
#define ECDSA_ROW_1(id, sn, curve, bits)                                                 \
    {"ecdsa" #id, "ecdsa-" curve " ecdsa-" sn, CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE,   \
     bits, 0, 0, "ecdsa (" curve ")"},
#define ECDSA_ROW(id, sn, curve, bits, sig, p, a, b, gx, gy, n, arg)                     \
    ECDSA_ROW_##sig(id, sn, curve, bits)
    CB_ECP_CURVES(ECDSA_ROW, ~)
#undef ECDSA_ROW
#undef ECDSA_ROW_1
#undef ECDSA_ROW_0
#define ECDH_ROW(id, sn, curve, bits, sig, p, a, b, gx, gy, n, arg)                      \
    {"ecdh" #id, "ecdh-" curve " ecdh-" sn, CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, bits, \
     0, ((bits) + 7) / 8, "ecdh (" curve ")"},
    CB_ECP_CURVES(ECDH_ROW, ~)
#undef ECDH_ROW
    /* SM2 signatures (GB/T 32918.2) with SM3 and the default ID on GB/T 32918.5's
     * curve, on the same generic code (kernels/pkey/sm2.h), one operation a signature
     * or a verification of the 36-byte message, as `openssl speed sm2` times them */
    {"sm2", "sm2-curvesm2", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 256, 0, 0,
     "SM2 (CurveSM2)"},

    /* Finite-field Diffie-Hellman on RFC 7919's groups ffdhe2048 .. 8192 (g = 2), one
     * operation one derivation of the embedded private key with the peer key, as
     * `openssl speed ffdh2048` times one EVP_PKEY_derive; key_bits is p's size,
     * out_bytes the shared secret (p's length, zeros in front: kernels/pkey/ffdh.c);
     * the variants are the Montgomery multiplication variants, as for rsa*.  The
     * heading is the family OpenSSL's table prints ("2048 bits ffdh"); after
     * Ed25519, where OpenSSL 3.0 prints its table. */
    {"ffdh2048", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 2048, 0, 256, "ffdh"},
    {"ffdh3072", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 3072, 0, 384, "ffdh"},
    {"ffdh4096", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 4096, 0, 512, "ffdh"},
    {"ffdh6144", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 6144, 0, 768, "ffdh"},
    {"ffdh8192", "", CB_KIND_PKEY, CB_PRIM_MONT, CB_MODE_NONE, 8192, 0, 1024, "ffdh"},

    /* ML-KEM (FIPS 203): keygen, encaps and decaps, each an operation, as OpenSSL
     * 3.5's KEM table times them.  key_bits is the parameter set's number (the
     * module rank k is key_bits / 256), out_bytes the 32-byte shared secret, the
     * heading the name OpenSSL 3.5 prints the row under; the aliases are FIPS 203's
     * spellings. */
    {"mlkem512", "ml-kem-512 mlkem-512", CB_KIND_KEM, CB_PRIM_MLKEM, CB_MODE_NONE, 512, 0, 32,
     "ML-KEM-512"},
    {"mlkem768", "ml-kem-768 mlkem-768", CB_KIND_KEM, CB_PRIM_MLKEM, CB_MODE_NONE, 768, 0, 32,
     "ML-KEM-768"},
    {"mlkem1024", "ml-kem-1024 mlkem-1024", CB_KIND_KEM, CB_PRIM_MLKEM, CB_MODE_NONE, 1024, 0,
     32, "ML-KEM-1024"},

    /* ML-DSA (FIPS 204), pure, empty context: keygen, sign and verify of the 36-byte
     * message, each an operation, as OpenSSL 3.5's signature table times them.
     * key_bits is the parameter set's number, the heading OpenSSL 3.5's name. */
    {"mldsa44", "ml-dsa-44 mldsa-44", CB_KIND_SIG, CB_PRIM_MLDSA, CB_MODE_NONE, 44, 0, 0,
     "ML-DSA-44"},
    {"mldsa65", "ml-dsa-65 mldsa-65", CB_KIND_SIG, CB_PRIM_MLDSA, CB_MODE_NONE, 65, 0, 0,
     "ML-DSA-65"},
    {"mldsa87", "ml-dsa-87 mldsa-87", CB_KIND_SIG, CB_PRIM_MLDSA, CB_MODE_NONE, 87, 0, 0,
     "ML-DSA-87"},
};

/* Names that stand for several algorithms, as `openssl speed aes` does.  "sha" is
 * OpenSSL's three: adding SHA-512/t and SHA-3 would triple `speed sha` and make its
 * table differ from the `openssl speed sha` it is compared with.  "hmac" is
 * OpenSSL's one, the hmac(md5) row `openssl speed hmac` prints. */
static const struct {
    const char *name;
    const char *members;
} groups[] = {
    {"aes", "aes-128-cbc aes-192-cbc aes-256-cbc"},
    {"sha", "sha1 sha256 sha512"},
    {"rsa", "rsa512 rsa1024 rsa2048 rsa3072 rsa4096 rsa7680 rsa15360"},
    {"dsa", "dsa1024 dsa2048"},
    {"ffdh", "ffdh2048 ffdh3072 ffdh4096 ffdh6144 ffdh8192"},
    {"hmac", "hmac(md5)"},
    {"camellia", "camellia-128-cbc camellia-192-cbc camellia-256-cbc"},
};

size_t cb_alg_count(void) { return sizeof algs / sizeof algs[0]; }

const cb_alg *cb_alg_at(size_t i) { return i < cb_alg_count() ? &algs[i] : NULL; }

/* word_in reports whether word (case-insensitive) is one of the space-separated list. */
static int word_in(const char *word, const char *list)
{
    size_t wl = strlen(word);
    const char *p = list;
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if ((size_t)(e - p) == wl && wl && strncasecmp(p, word, wl) == 0)
            return 1;
        p = e;
    }
    return 0;
}

/* partner finds the algorithm of kind to with a's primitive and output length: a
 * digest and its HMAC share both, and no two digests do. */
static const cb_alg *partner(const cb_alg *a, cb_kind from, cb_kind to)
{
    if (!a || a->kind != from)
        return NULL;
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (algs[i].kind == to && algs[i].prim == a->prim && algs[i].out_bytes == a->out_bytes)
            return &algs[i];
    return NULL;
}

const cb_alg *cb_hmac_digest(const cb_alg *a)
{
    return partner(a, CB_KIND_HMAC, CB_KIND_DIGEST);
}

const cb_alg *cb_hmac_of(const cb_alg *d)
{
    return partner(d, CB_KIND_DIGEST, CB_KIND_HMAC);
}

/* A CMAC row and its CBC cipher share the primitive and the key length. */
static const cb_alg *cmac_partner(const cb_alg *a, cb_kind from, cb_mode from_mode,
                                  cb_kind to, cb_mode to_mode)
{
    if (!a || a->kind != from || a->mode != from_mode)
        return NULL;
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (algs[i].kind == to && algs[i].mode == to_mode && algs[i].prim == a->prim &&
            algs[i].key_bits == a->key_bits)
            return &algs[i];
    return NULL;
}

const cb_alg *cb_cmac_cipher(const cb_alg *a)
{
    return cmac_partner(a, CB_KIND_CMAC, CB_MODE_CMAC, CB_KIND_CIPHER, CB_MODE_CBC);
}

const cb_alg *cb_cmac_of(const cb_alg *c)
{
    return cmac_partner(c, CB_KIND_CIPHER, CB_MODE_CBC, CB_KIND_CMAC, CB_MODE_CMAC);
}

/* mac_spelling resolves "PREFIX(INNER)" and "PREFIX-INNER" (prefix "hmac" or "cmac")
 * with INNER any spelling cb_alg_find accepts, through of; NULL otherwise. */
static const cb_alg *mac_spelling(const char *name, const char *prefix,
                                  const cb_alg *(*of)(const cb_alg *))
{
    char inner[64];
    size_t n = strlen(name), p = strlen(prefix);
    if (n > p + 2 && strncasecmp(name, prefix, p) == 0 && name[p] == '(' && name[n - 1] == ')')
        snprintf(inner, sizeof inner, "%.*s", (int)(n - p - 2), name + p + 1);
    else if (n > p + 1 && strncasecmp(name, prefix, p) == 0 && name[p] == '-')
        snprintf(inner, sizeof inner, "%s", name + p + 1);
    else
        return NULL;
    return of(cb_alg_find(inner));
}

/* hmac_spelling resolves "hmac(DIGEST)" and "hmac-DIGEST" with any spelling of the
 * digest cb_alg_find accepts ("hmac(SHA-256)", "hmac-sha2-256"); NULL otherwise. */
static const cb_alg *hmac_spelling(const char *name)
{
    return mac_spelling(name, "hmac", cb_hmac_of);
}

const cb_alg *cb_alg_find(const char *name)
{
    if (!name || !*name)
        return NULL;
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (strcasecmp(algs[i].name, name) == 0 || word_in(name, algs[i].aliases))
            return &algs[i];
    const cb_alg *h = hmac_spelling(name);
    return h ? h : mac_spelling(name, "cmac", cb_cmac_of);
}

size_t cb_alg_expand(const char *name, const cb_alg **out, size_t max)
{
    const cb_alg *a = cb_alg_find(name);
    if (a) {
        if (max)
            out[0] = a;
        return 1;
    }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (strcasecmp(groups[g].name, name) != 0)
            continue;
        size_t n = 0;
        for (size_t i = 0; i < cb_alg_count(); i++)
            if (word_in(algs[i].name, groups[g].members)) {
                if (n < max)
                    out[n] = &algs[i];
                n++;
            }
        return n;
    }
    return 0;
}

size_t cb_alg_set_add(const cb_alg **set, size_t *n, const char *name)
{
    const cb_alg *found[sizeof algs / sizeof algs[0]];
    size_t k = cb_alg_expand(name, found, sizeof found / sizeof found[0]);
    for (size_t i = 0; i < k; i++) {
        size_t j = 0;
        while (j < *n && set[j] != found[i])
            j++;
        if (j == *n)
            set[(*n)++] = found[i];
    }
    return k;
}

const char *cb_alg_names(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cb_alg_count(); i++) {
        int w = snprintf(buf + n, len - n, "%s%s", i ? ", " : "", algs[i].name);
        if (w < 0 || (size_t)w >= len - n)
            break;
        n += (size_t)w;
    }
    return buf;
}

size_t cb_alg_dirs(const cb_alg *a, cb_dir out[CB_MAX_DIRS])
{
    switch (a->kind) {
    case CB_KIND_KEM:
        out[0] = CB_DIR_KEYGEN;
        out[1] = CB_DIR_ENCAPS;
        out[2] = CB_DIR_DECAPS;
        return 3;
    case CB_KIND_SIG:
        out[0] = CB_DIR_KEYGEN;
        out[1] = CB_DIR_SIGN;
        out[2] = CB_DIR_VERIFY;
        return 3;
    case CB_KIND_DIGEST:
    case CB_KIND_MAC:
    case CB_KIND_HMAC:
    case CB_KIND_CMAC:
    case CB_KIND_RAND:
        out[0] = CB_DIR_DIGEST;
        return 1;
    case CB_KIND_PKEY:
        if (a->out_bytes > 0) {
            out[0] = CB_DIR_DERIVE;
            return 1;
        }
        out[0] = CB_DIR_SIGN;
        out[1] = CB_DIR_VERIFY;
        return 2;
    case CB_KIND_CIPHER:
    case CB_KIND_AEAD:
        break;
    }
    out[0] = CB_DIR_ENCRYPT;
    out[1] = CB_DIR_DECRYPT;
    return 2;
}

int cb_alg_dir_named(const cb_alg *a, const char *name)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t n = cb_alg_dirs(a, dirs);
    for (size_t i = 0; i < n; i++)
        if (strcmp(cb_dir_name(dirs[i]), name) == 0)
            return (int)dirs[i];
    return -1;
}

int cb_alg_per_op(const cb_alg *a)
{
    return a->kind == CB_KIND_PKEY || a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG;
}

size_t cb_alg_iv_bytes(const cb_alg *a)
{
    if (a->kind != CB_KIND_CIPHER || a->mode == CB_MODE_ECB)
        return 0;
    if (a->prim == CB_PRIM_CHACHA) /* the counter and the nonce */
        return 16;
    return a->mode == CB_MODE_IGE ? 2 * (size_t)a->block_bytes : a->block_bytes;
}

size_t cb_alg_key_bytes(const cb_alg *a)
{
    if (a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_PKEY || a->kind == CB_KIND_KEM ||
        a->kind == CB_KIND_SIG || a->kind == CB_KIND_RAND)
        return 0;
    return a->key_bits / 8;
}

/* The ciphers whose key length varies, with the lengths in bytes their standards
 * allow; the algorithm rows' key_bits is the length `openssl speed` uses. */
static const struct {
    cb_prim prim;
    size_t min, max;
} variable_keys[] = {
    {CB_PRIM_BF, 1, 56}, /* 32 to 448 bits in the paper; OpenSSL and the published
                            vectors take 8 to 24 too */
    {CB_PRIM_CAST5, 5, 16}, /* RFC 2144 2.5: 40 to 128 bits in whole bytes */
    {CB_PRIM_RC2, 1, 128},  /* RFC 2268 2: 1 to 128 bytes */
    {CB_PRIM_RC4, 1, 256},  /* RFC 6229's vectors: 40 to 256 bits */
};

int cb_alg_key_len_ok(const cb_alg *a, size_t len)
{
    if (len == cb_alg_key_bytes(a))
        return 1;
    for (size_t i = 0; i < sizeof variable_keys / sizeof variable_keys[0]; i++)
        if (variable_keys[i].prim == a->prim)
            return len >= variable_keys[i].min && len <= variable_keys[i].max;
    return 0;
}

int cb_prim_is_block(cb_prim p)
{
#define CB_PRIM_IS(name, lower, arg) p == CB_PRIM_##name ||
    return CB_BLOCK_PRIMS(CB_PRIM_IS, ~) 0;
#undef CB_PRIM_IS
}

int cb_prim_is_stream(cb_prim p)
{
#define CB_PRIM_IS(name, lower, arg) p == CB_PRIM_##name ||
    return CB_STREAM_PRIMS(CB_PRIM_IS, ~) 0;
#undef CB_PRIM_IS
}

const char *cb_dir_name(cb_dir d)
{
    static const char *const names[CB_DIR_COUNT] = {"encrypt", "decrypt", "digest", "sign",
                                                    "verify",  "derive",  "keygen", "encaps",
                                                    "decaps"};
    return (unsigned)d < CB_DIR_COUNT ? names[d] : "?";
}
