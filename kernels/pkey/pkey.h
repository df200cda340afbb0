/*
 * kernels/pkey/pkey.h - RSA and DSA signatures over a Montgomery-multiplication variant,
 * and X25519 key agreement over a curve25519 variant: what `speed`, `selftest` and
 * `kat` call for the rsa*, dsa* and ecdhx25519 algorithms.
 *
 * Every signature hashes the message with SHA-256 (the generic sha256 variant, so a
 * pkey row measures the bignum kernel and not a hash kernel), then:
 *   rsa*  RSASSA-PKCS1-v1_5 (RFC 8017 8.2) with EMSA-PKCS1-v1_5 and the SHA-256
 *         DigestInfo (RFC 8017 9.2 note 1); signing with CRT and Garner's
 *         recombination, checked by re-verifying before release; e = 65537.
 *   dsa*  FIPS 186-4 4.6 / 4.7, z = the leftmost min(N, 256) bits of the hash;
 *         dsa1024 has N = 160, dsa2048 N = 224 (see docs/keys.md for why); the
 *         per-signature k is RFC 6979 3.2's HMAC-SHA-256 derivation from x and the
 *         hash, with its rejection loop, so k is uniform in [1, q-1] and runs repeat.
 *         A DSA signature is r || s, each as a big-endian number of ceil(N/8) bytes.
 *   ecdhx25519  RFC 7748 X25519 of our private key and the peer's public key; one
 *         operation is one derivation (no key generation, as `openssl speed`).
 *   ecdsap256  ECDSA over NIST P-256 (FIPS 186-4 6.4) with RFC 6979's nonce over
 *         HMAC-SHA-256; a signature is r || s, 32 bytes each.
 *   ed25519, ed448  RFC 8032 EdDSA of the message itself (SHA-512, SHAKE256 inside;
 *         Ed448 pure, with an empty context); ecdhx448  RFC 7748 X448, as ecdhx25519.
 * The keys are embedded (kernels/pkey/pkey_keys.c and ec_keys.c, made by
 * scripts/gen-keys.sh).
 */
#ifndef CB_PKEY_H
#define CB_PKEY_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

typedef struct cb_pkey cb_pkey;

/*
 * cb_pkey_new loads the embedded key of algorithm a (rsa512 ... dsa2048, ecdhx25519)
 * for variant v.  NULL when a is not a public-key algorithm, no key of that size is
 * embedded, v is not a variant of a's primitive, or SHA-256 is not built.
 */
cb_pkey *cb_pkey_new(const cb_alg *a, const cb_variant *v);

/* cb_pkey_sig_max returns the signature length in bytes (modulus bytes; 2 ceil(N/8)). */
size_t cb_pkey_sig_max(const cb_pkey *k);

/*
 * cb_pkey_sign signs SHA-256(msg[0..len)) into sig (cb_pkey_sig_max bytes) and sets
 * *siglen.  Returns 0, or -1 when the computation failed its own check.
 */
int cb_pkey_sign(cb_pkey *k, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen);

/* cb_pkey_verify returns 0 when sig is a valid signature of msg, 1 when not. */
int cb_pkey_verify(cb_pkey *k, const uint8_t *msg, size_t len, const uint8_t *sig,
                   size_t siglen);

/*
 * cb_pkey_derive sets out (cb_pkey_sig_max bytes: the shared secret's length) to the
 * key agreement of the embedded private key with the embedded peer key and sets
 * *outlen.  Returns 0, 1 when the result is all zero (a low-order peer key), or -1
 * when k is not a key agreement.
 */
int cb_pkey_derive(cb_pkey *k, uint8_t *out, size_t *outlen);

/*
 * cb_x25519 sets out = X25519(scalar, u) (RFC 7748 section 5) on variant v.  Returns
 * 0; 1 when out is all zero, which RFC 7748 6.1 lets an implementation refuse (u was
 * a point of small order) and which it refuses; -1 when v is not a curve25519 variant.
 */
int cb_x25519(const cb_variant *v, uint8_t out[32], const uint8_t scalar[32],
              const uint8_t u[32]);

/* CB_X448_BYTES: an X448 scalar, u-coordinate or shared secret (RFC 7748 5);
 * CB_ED448_BYTES: an Ed448 seed, public key or scalar; CB_ED448_SIG_BYTES: an Ed448
 * signature R || S (RFC 8032 5.2). */
#define CB_X448_BYTES 56
#define CB_ED448_BYTES 57
#define CB_ED448_SIG_BYTES 114

/*
 * cb_x448 sets out = X448(scalar, u) (RFC 7748 section 5) on variant v.  Returns 0;
 * 1 when out is all zero (u was a point of small order), which it refuses; -1 when
 * v is not a curve448 variant.
 */
int cb_x448(const cb_variant *v, uint8_t out[CB_X448_BYTES], const uint8_t scalar[CB_X448_BYTES],
            const uint8_t u[CB_X448_BYTES]);

/* cb_pkey_free releases k (NULL is fine), wiping the private key. */
void cb_pkey_free(cb_pkey *k);

/*
 * cb_pkey_selftest signs "abc" with a's embedded key on variant v and checks it
 * against OpenSSL's signature made when the key was generated (rsa: byte for byte,
 * PKCS#1 v1.5 being deterministic; dsa: OpenSSL's (r, s) must verify), against the
 * generic variant's signature (both deterministic), then verifies it and checks
 * that a changed signature and a changed message are rejected.  Returns 0, or -1
 * with one sentence in err.
 */
int cb_pkey_selftest(const cb_alg *a, const cb_variant *v, char *err, size_t errlen);

/* ---- raw keys, for the NIST CAVP signature files (`kat`) -------------------------- */

/* cb_pkey_num: a big-endian unsigned integer; leading zero bytes are fine. */
typedef struct cb_pkey_num {
    const uint8_t *b;
    size_t len;
} cb_pkey_num;

/* cb_pkey_num_eq reports whether a and b are the same number (leading zero bytes
 * ignored); variable time, for public values. */
int cb_pkey_num_eq(const cb_pkey_num *a, const cb_pkey_num *b);

/* cb_rsa_raw: an RSA key as SigGen15 / SigVer15 give it (d unused by verify). */
typedef struct cb_rsa_raw {
    cb_pkey_num n, e, d;
} cb_rsa_raw;

/* cb_dsa_raw: DSA domain parameters and keys (x unused by verify). */
typedef struct cb_dsa_raw {
    cb_pkey_num p, q, g, y, x;
} cb_dsa_raw;

/*
 * cb_rsa_pkcs1_sign_raw signs SHA-256(msg) with (n, d), without CRT, on variant v;
 * the signature has as many bytes as n.  Returns 0, or -1 when the key is outside
 * what this code handles (n even, over CB_BN_MAX_BITS, shorter than 62 bytes) or
 * *siglen is too small (it holds the buffer size on entry).
 */
int cb_rsa_pkcs1_sign_raw(const cb_variant *v, const cb_rsa_raw *key, const uint8_t *msg,
                          size_t len, uint8_t *sig, size_t *siglen);

/*
 * cb_rsa_pkcs1_verify_raw checks an RSASSA-PKCS1-v1_5 SHA-256 signature with (n, e).
 * Returns 0 valid, 1 invalid, -1 when the key is outside what this code handles.
 */
int cb_rsa_pkcs1_verify_raw(const cb_variant *v, const cb_rsa_raw *key, const uint8_t *msg,
                            size_t len, const uint8_t *sig, size_t siglen);

/*
 * cb_dsa_sign_raw signs SHA-256(msg) with (p, q, g, x) into sig as r || s and sets
 * *siglen (2 ceil(N/8); the buffer size on entry).  Returns 0, or -1 when the
 * parameters are outside what this code handles.
 */
int cb_dsa_sign_raw(const cb_variant *v, const cb_dsa_raw *key, const uint8_t *msg,
                    size_t len, uint8_t *sig, size_t *siglen);

/*
 * cb_dsa_verify_raw checks the DSA signature (r, s) of SHA-256(msg) with (p, q, g, y).
 * Returns 0 valid, 1 invalid, -1 when the parameters are outside what this code
 * handles (p or q even, q under 2 limbs or over 512 bits, p over CB_BN_MAX_BITS).
 */
int cb_dsa_verify_raw(const cb_variant *v, const cb_dsa_raw *key, const uint8_t *msg,
                      size_t len, const cb_pkey_num *r, const cb_pkey_num *s);

/* cb_ecdsa_raw: a P-256 key as the ECDSA CAVP files give it (d unused by verify) and
 * the digest the records use (NULL: SHA-256). */
typedef struct cb_ecdsa_raw {
    cb_pkey_num qx, qy, d;
    const cb_alg *hash;
} cb_ecdsa_raw;

/*
 * cb_ecdsa_verify_raw checks the ECDSA P-256 signature (r, s) of HASH(msg) under
 * (qx, qy).  Returns 0 valid, 1 invalid (including a public key that is no point of
 * the curve), -1 when v is no P-256 variant or the digest is not built.
 */
int cb_ecdsa_verify_raw(const cb_variant *v, const cb_ecdsa_raw *key, const uint8_t *msg,
                        size_t len, const cb_pkey_num *r, const cb_pkey_num *s);

/*
 * cb_ecdsa_sign_raw computes Q = [d]G into (qx, qy) and signs HASH(msg) into sig as
 * r || s (32 bytes each) with the nonce k, or with RFC 6979's when k is NULL (SHA-256
 * only).  Returns 0, or -1 when d or k is out of range or r or s came out 0.
 */
int cb_ecdsa_sign_raw(const cb_variant *v, const cb_ecdsa_raw *key, const uint8_t *msg,
                      size_t len, const cb_pkey_num *k, uint8_t qx[32], uint8_t qy[32],
                      uint8_t sig[64]);

/* cb_ffdh_raw: FFC domain parameters (p, q, g) and our key pair (x, y), as the CAVP
 * KAS FFC files give them. */
typedef struct cb_ffdh_raw {
    cb_pkey_num p, q, g, x, y;
} cb_ffdh_raw;

/*
 * cb_ffdh_kas_raw is static DH as the KAS FFC ZZ-only validity tests check it, on
 * variant v: both public keys (our y and the peer's) pass SP 800-56A 5.6.2.3.1's full
 * validation for q, y = g^x, and Z = peer^x mod p (5.7.1.1) is not 1; Z is written to
 * z (p's length in bytes, *zlen: the room on entry, the length on return).  Returns 0
 * when all of that holds, 1 when a check fails (*why names it), -1 when the
 * parameters are outside what this code handles (p even, over CB_BN_MAX_BITS, x not
 * in [1, p - 2], z too small).
 */
int cb_ffdh_kas_raw(const cb_variant *v, const cb_ffdh_raw *key, const cb_pkey_num *peer,
                    uint8_t *z, size_t *zlen, const char **why);

/*
 * cb_ed25519_sign_raw computes the public key A of the 32-byte seed into pub and signs
 * msg into sig (RFC 8032 5.1.5, 5.1.6) on variant v.  Returns 0, or -1 when v has no
 * Ed25519 group or SHA-512 is not built.
 */
int cb_ed25519_sign_raw(const cb_variant *v, const uint8_t seed[32], const uint8_t *msg,
                        size_t len, uint8_t pub[32], uint8_t sig[64]);

/* cb_ed25519_verify_raw checks sig on msg under pub (RFC 8032 5.1.7, cofactorless) on
 * variant v: 0 valid, 1 invalid, -1 as cb_ed25519_sign_raw. */
int cb_ed25519_verify_raw(const cb_variant *v, const uint8_t pub[32], const uint8_t *msg,
                          size_t len, const uint8_t sig[64]);

/*
 * cb_ed448_sign_raw computes the public key A of the 57-byte seed into pub and signs
 * msg under the context ctx[0..ctxlen) into sig (RFC 8032 5.2.5, 5.2.6) on variant
 * v.  Returns 0, or -1 when v has no Ed448 group or ctxlen is over 255.
 */
int cb_ed448_sign_raw(const cb_variant *v, const uint8_t seed[CB_ED448_BYTES],
                      const uint8_t *ctx, size_t ctxlen, const uint8_t *msg, size_t len,
                      uint8_t pub[CB_ED448_BYTES], uint8_t sig[CB_ED448_SIG_BYTES]);

/* cb_ed448_verify_raw checks sig on msg and the context under pub (RFC 8032 5.2.7,
 * cofactorless) on variant v: 0 valid, 1 invalid, -1 as cb_ed448_sign_raw. */
int cb_ed448_verify_raw(const cb_variant *v, const uint8_t pub[CB_ED448_BYTES],
                        const uint8_t *ctx, size_t ctxlen, const uint8_t *msg, size_t len,
                        const uint8_t sig[CB_ED448_SIG_BYTES]);

#endif
