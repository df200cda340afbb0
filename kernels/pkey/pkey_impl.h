/*
 * kernels/pkey/pkey_impl.h - what rsa.c, dsa.c and pkey.c share and the tests reach
 * into: key structures, digest-level sign and verify, the embedded keys.
 * Not for the command line; kernels/pkey/pkey.h is the interface.
 */
#ifndef CB_PKEY_IMPL_H
#define CB_PKEY_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/pkey/bn.h"
#include "kernels/kernel.h"
#include "kernels/pkey/pkey.h"

#define CB_SHA256_BYTES 32

/* CB_DSA_MAX_QBYTES bounds N (the nonce derivation keeps x and the hash on the stack). */
#define CB_DSA_MAX_QBYTES 64

/* cb_pkey_hash: the SHA-256 every signature uses (and HMAC-SHA-256, for DSA's RFC 6979
 * nonces), resolved once. */
typedef struct cb_pkey_hash {
    const cb_alg *alg;
    const cb_alg *hmac;
    const cb_variant *v;
} cb_pkey_hash;

/*
 * cb_pkey_public marks n bytes at p that a signature lets depend on secrets in the
 * open: the signature itself (RSA's s before its re-verification, ECDSA's r and s)
 * and each accept decision on a nonce candidate.  It does nothing;
 * tests/test_pkey_ct.c, run under valgrind by tests/pkey_ct.sh, links a strong
 * definition that tells memcheck those bytes are defined, so every other branch or
 * index on the poisoned secrets is reported.
 */
void cb_pkey_public(const void *p, size_t n);

/* cb_pkey_hash_init finds sha256's auto variant (generic when auto has none) and
 * hmac(sha256); -1 when they are not built. */
int cb_pkey_hash_init(cb_pkey_hash *h);

/* cb_pkey_sha256 hashes in[0..len) into out. */
void cb_pkey_sha256(const cb_pkey_hash *h, const uint8_t *in, size_t len,
                    uint8_t out[CB_SHA256_BYTES]);

/* cb_pkey_hash_msg resolves SHA-256 into hs and hashes msg into h; -1 when SHA-256
 * is not built. */
int cb_pkey_hash_msg(cb_pkey_hash *hs, const uint8_t *msg, size_t len,
                     uint8_t h[CB_SHA256_BYTES]);

/* cb_pkey_hmac_sha256 sets out = HMAC-SHA-256 (kernels/modes/hmac.h) under the 32-byte
 * key of the concatenation of up to three parts (a NULL part is empty). */
void cb_pkey_hmac_sha256(const cb_pkey_hash *hs, const uint8_t key[CB_SHA256_BYTES],
                         const uint8_t *p1, size_t l1, const uint8_t *p2, size_t l2,
                         const uint8_t *p3, size_t l3, uint8_t out[CB_SHA256_BYTES]);

/* cb_rfc6979: the HMAC_DRBG-like state of RFC 6979 3.2 (K and V), shared by DSA and
 * ECDSA nonces. */
typedef struct cb_rfc6979 {
    uint8_t K[CB_SHA256_BYTES], V[CB_SHA256_BYTES];
} cb_rfc6979;

/* cb_rfc6979_step sets K = HMAC_K(V || sep || extra), V = HMAC_K(V) (steps d-g, h.3). */
void cb_rfc6979_step(cb_rfc6979 *st, const cb_pkey_hash *hs, uint8_t sep,
                     const uint8_t *extra, size_t elen);

/* cb_pkey_load_modulus prepares m for the odd number x; -1 when it is unusable. */
int cb_pkey_load_modulus(cb_mont *m, const cb_mont_ops *ops, const cb_pkey_num *x);

/* cb_pkey_free_secret wipes and frees a heap block that held key material. */
void cb_pkey_free_secret(void *p, size_t size);

/* cb_pkey_mont_ops returns v's cb_mont_ops, or NULL when v is not a MONT variant. */
const cb_mont_ops *cb_pkey_mont_ops(const cb_variant *v);

/* ---- RSA ---- */

/*
 * cb_rsa_key: the public part always; d for signing without CRT (the CAVP keys
 * have no p and q); p, q, dp, dq and qinv * R mod p for CRT signing.
 */
typedef struct cb_rsa_key {
    cb_mont mn, mp, mq;
    size_t bytes;               /* k: modulus length in bytes */
    size_t el;                  /* limbs of e */
    int has_d, has_crt;
    cb_limb e[CB_BN_MAX_LIMBS];
    cb_limb d[CB_BN_MAX_LIMBS];
    cb_limb dp[CB_BN_MAX_LIMBS], dq[CB_BN_MAX_LIMBS];
    cb_limb qinv_m[CB_BN_MAX_LIMBS]; /* q^-1 * R mod p: Garner's step is one montmul */
} cb_rsa_key;

/*
 * cb_rsa_key_init loads n and e, and d when d->len > 0.  Returns 0, or -1 when
 * the numbers are outside what this code handles.
 */
int cb_rsa_key_init(cb_rsa_key *k, const cb_mont_ops *ops, const cb_pkey_num *n,
                    const cb_pkey_num *e, const cb_pkey_num *d);

/* cb_rsa_key_set_crt adds p, q, dp, dq and qinv = q^-1 mod p; 0 or -1. */
int cb_rsa_key_set_crt(cb_rsa_key *k, const cb_pkey_num *p, const cb_pkey_num *q,
                       const cb_pkey_num *dp, const cb_pkey_num *dq,
                       const cb_pkey_num *qinv);

/*
 * cb_rsa_sign_digest signs the SHA-256 digest h into sig (k->bytes bytes), with CRT
 * when the key has it.  Returns 0, or -1 (sig zeroed) when the key cannot sign or
 * the result failed the re-verification.
 */
int cb_rsa_sign_digest(const cb_rsa_key *k, const uint8_t h[CB_SHA256_BYTES], uint8_t *sig);

/* cb_rsa_verify_digest returns 0 when sig signs digest h, 1 when not, -1 when n is
 * too short for the encoding. */
int cb_rsa_verify_digest(const cb_rsa_key *k, const uint8_t h[CB_SHA256_BYTES],
                         const uint8_t *sig, size_t siglen);

/* ---- DSA ---- */

typedef struct cb_dsa_key {
    cb_mont mp, mq;
    unsigned nbits;             /* N: bits of q */
    size_t qbytes;              /* ceil(N / 8): length of r and of s */
    int has_x;
    cb_limb g[CB_BN_MAX_LIMBS], y[CB_BN_MAX_LIMBS];
    cb_limb x[CB_BN_MAX_LIMBS];
} cb_dsa_key;

/* cb_dsa_key_init loads p, q, g, y and x when x->len > 0; 0 or -1. */
int cb_dsa_key_init(cb_dsa_key *k, const cb_mont_ops *ops, const cb_pkey_num *p,
                    const cb_pkey_num *q, const cb_pkey_num *g, const cb_pkey_num *y,
                    const cb_pkey_num *x);

/*
 * cb_dsa_sign_digest signs the digest h[0..hlen) into r and s (k->qbytes bytes
 * each) with RFC 6979's k.  Returns 0, or -1 when the key has no x.
 */
int cb_dsa_sign_digest(const cb_dsa_key *k, const cb_pkey_hash *hash, const uint8_t *h,
                       size_t hlen, uint8_t *r, uint8_t *s);

/*
 * cb_dsa_nonce sets kout = the first RFC 6979 3.2 candidate k for (x, h) that lies
 * in [1, q-1], skipping `skip` accepted candidates first (a retry after r = 0 or
 * s = 0 asks for the next one).  Exposed so the tests can check RFC 6979 A.2's k.
 */
void cb_dsa_nonce(const cb_dsa_key *k, const cb_pkey_hash *hash, const uint8_t *h,
                  size_t hlen, unsigned skip, cb_limb *kout);

/* cb_dsa_verify_digest returns 0 when (r, s) signs digest h, 1 when not. */
int cb_dsa_verify_digest(const cb_dsa_key *k, const uint8_t *h, size_t hlen,
                         const cb_pkey_num *r, const cb_pkey_num *s);

/* ---- FFDH (kernels/pkey/ffdh.c) ---- */

/* cb_ffdh_key: a group's p (as a Montgomery context) and our private exponent x. */
typedef struct cb_ffdh_key {
    cb_mont mp;
    size_t bytes;   /* ceil(bits(p) / 8): the length of every shared secret */
    unsigned xbits; /* the bit length of x: the exponent's public length */
    cb_limb x[CB_BN_MAX_LIMBS];
} cb_ffdh_key;

/* cb_ffdh_key_init loads the odd prime p and x, 1 <= x <= p - 2; 0 or -1. */
int cb_ffdh_key_init(cb_ffdh_key *k, const cb_mont_ops *ops, const cb_pkey_num *p,
                     const cb_pkey_num *x);

/*
 * cb_ffdh_derive sets z (k->bytes bytes) to Z = y^x mod p, the FFC DH primitive of
 * SP 800-56A Rev. 3 5.7.1.1.  Returns 0; 1 (z zeroed) when y fails the partial
 * public-key validation of 5.6.2.3.2 (2 <= y <= p - 2) or Z = 1, which 5.7.1.1
 * refuses.
 */
int cb_ffdh_derive(const cb_ffdh_key *k, const cb_pkey_num *y, uint8_t *z);

/* cb_ffdh_public: the hook that marks what may depend on x in the open (ffdh.c says
 * which); a no-op but under tests/test_ffdh_ct.c. */
void cb_ffdh_public(const void *p, size_t n);

/* cb_ffdh_check_pub is SP 800-56A 5.6.2.3.1's full public-key validation of y for
 * the subgroup order q: 2 <= y <= p - 2 and y^q = 1 mod p (variable time: all of it
 * is public).  0 valid, 1 not, -1 when q is outside what this code handles. */
int cb_ffdh_check_pub(const cb_ffdh_key *k, const cb_pkey_num *q, const cb_pkey_num *y);

/* cb_ffdh_pub sets out (k->bytes bytes) to our public key g^x mod p; 0, or -1
 * unless 1 < g < p - 1. */
int cb_ffdh_pub(const cb_ffdh_key *k, const cb_pkey_num *g, uint8_t *out);

/* cb_ffdh_keyhex: an embedded key on an RFC 7919 group (g = 2): p, our x and y, the
 * peer's public key, and OpenSSL's shared secret of the two, padded to p's length
 * (kernels/pkey/ffdh_keys.c). */
typedef struct cb_ffdh_keyhex {
    const char *alg;
    const char *p, *x, *y, *peer;
    const char *kat_shared;
} cb_ffdh_keyhex;

extern const cb_ffdh_keyhex cb_ffdh_keys[]; /* ends with alg == NULL */

/* cb_ffdh_pair: an embedded key loaded for one variant, with the peer's public key. */
typedef struct cb_ffdh_pair {
    cb_ffdh_key key;
    uint8_t peer[CB_BN_MAX_BITS / 8];
    cb_pkey_num peer_num; /* points into peer */
} cb_ffdh_pair;

/* cb_ffdh_find returns alg's embedded key, or NULL. */
const cb_ffdh_keyhex *cb_ffdh_find(const char *alg);

/* cb_ffdh_load loads kh for ops into pr; 0, or -1 when a number is malformed. */
int cb_ffdh_load(cb_ffdh_pair *pr, const cb_mont_ops *ops, const cb_ffdh_keyhex *kh);

/* cb_ffdh_selftest checks variant v on a's embedded key: our public key g^x against
 * OpenSSL's, the shared secret against OpenSSL's, against the generic variant, and
 * the peer keys 0, 1, p - 1 and p refused.  NULL or what failed. */
const char *cb_ffdh_selftest(const cb_alg *a, const cb_variant *v);

/* ---- embedded keys (kernels/pkey/pkey_keys.c, written by scripts/gen-keys.sh) ---- */

/* cb_rsa_keyhex: an embedded RSA key as hex, plus OpenSSL's signature of cb_pkey_kat_msg. */
typedef struct cb_rsa_keyhex {
    const char *alg;
    const char *n, *e, *d, *p, *q, *dp, *dq, *qinv;
    const char *kat_sig;
} cb_rsa_keyhex;

/* cb_dsa_keyhex: embedded DSA parameters and key, plus an OpenSSL signature (r, s). */
typedef struct cb_dsa_keyhex {
    const char *alg;
    const char *p, *q, *g, *x, *y;
    const char *kat_r, *kat_s;
} cb_dsa_keyhex;

/* cb_x25519_keyhex: an embedded X25519 private key, the peer's public key, and
 * OpenSSL's shared secret of the two (kernels/pkey/ec_keys.c). */
typedef struct cb_x25519_keyhex {
    const char *alg;
    const char *priv, *peer;
    const char *kat_shared;
} cb_x25519_keyhex;

extern const cb_rsa_keyhex cb_rsa_keys[]; /* ends with alg == NULL */
/* rsa7680 and rsa15360 (kernels/pkey/rsa_large_keys.c): a table of their own, so
 * that making the others again does not wait minutes for a 15360-bit key */
extern const cb_rsa_keyhex cb_rsa_large_keys[]; /* ends with alg == NULL */

/* cb_rsa_key_at returns the i-th embedded RSA key of both tables, NULL past the
 * last; cb_rsa_key_find returns alg's, or NULL. */
const cb_rsa_keyhex *cb_rsa_key_at(size_t i);
const cb_rsa_keyhex *cb_rsa_key_find(const char *alg);
extern const cb_dsa_keyhex cb_dsa_keys[]; /* ends with alg == NULL */
/* cb_ed25519_keyhex: an embedded Ed25519 key (the 32-byte seed and the public key)
 * and OpenSSL's signature of cb_pkey_kat_msg (kernels/pkey/ec_keys.c). */
typedef struct cb_ed25519_keyhex {
    const char *alg;
    const char *priv, *pub;
    const char *kat_sig;
} cb_ed25519_keyhex;

extern const cb_x25519_keyhex cb_x25519_keys[]; /* ends with alg == NULL */
extern const cb_ed25519_keyhex cb_ed25519_keys[]; /* ends with alg == NULL */

/* ---- X25519 (kernels/pkey/x25519.c) ---- */

/* cb_pkey_c25519_ops returns v's cb_c25519_ops, or NULL when v is not a C25519 variant. */
const cb_c25519_ops *cb_pkey_c25519_ops(const cb_variant *v);

/* cb_hex_bytes decodes exactly len bytes of hex into out; -1 when malformed. */
int cb_hex_bytes(uint8_t *out, size_t len, const char *hex);

/* ---- Ed25519 (kernels/pkey/ed25519.c) ---- */

/* cb_ed25519_key: a key loaded for one curve25519 variant: its group constants, the
 * clamped scalar s and prefix of SHA-512(seed) (RFC 8032 5.1.5), and A = [s]B. */
typedef struct cb_ed25519_key {
    const cb_c25519_ops *ops;
    void *ctx;                /* ops->ed_size bytes from ops->ed_init */
    cb_pkey_hash hash;        /* for SHA-512: hash.alg is sha512 here */
    uint8_t s[32], prefix[32], pub[32];
} cb_ed25519_key;

/* cb_ed25519_key_init loads the 32-byte seed (and computes A) for variant v; -1 when
 * v has no Ed25519 group or SHA-512 is not built. */
int cb_ed25519_key_init(cb_ed25519_key *k, const cb_variant *v, const uint8_t seed[32]);

/* cb_ed25519_key_free wipes and frees what cb_ed25519_key_init allocated. */
void cb_ed25519_key_free(cb_ed25519_key *k);

/* cb_ed25519_sign writes the 64-byte signature R || S of msg (RFC 8032 5.1.6). */
void cb_ed25519_sign(const cb_ed25519_key *k, const uint8_t *msg, size_t len,
                     uint8_t sig[64]);

/* cb_ed25519_verify checks sig on msg under the public key pub (RFC 8032 5.1.7,
 * cofactorless): 0 valid, 1 invalid (S >= L, A not a canonical point or of small
 * order, R not [S]B - [k]A's canonical encoding). */
int cb_ed25519_verify(const cb_ed25519_key *k, const uint8_t pub[32], const uint8_t *msg,
                      size_t len, const uint8_t sig[64]);

/* cb_ed25519_selftest checks v on RFC 8032 7.1's TEST 1-3 (public key, signature,
 * verification, a changed bit rejected).  NULL or what failed. */
const char *cb_ed25519_selftest(const cb_variant *v);

/* cb_x25519_selftest checks variant v on RFC 7748's vectors (5.2, 6.1), the embedded
 * key against OpenSSL's shared secret, a low-order point, and pseudo-random inputs
 * against the generic variant.  Returns NULL or what failed. */
const char *cb_x25519_selftest(const cb_alg *a, const cb_variant *v);

/* cb_xdh_fn: X25519 or X448 on a variant, as cb_x25519 and cb_x448 are. */
typedef int (*cb_xdh_fn)(const cb_variant *v, uint8_t *out, const uint8_t *scalar,
                         const uint8_t *u);

/* cb_xdh_kat: an RFC 7748 known answer, out = X25519 or X448 of (scalar, u), hex. */
typedef struct cb_xdh_kat {
    const char *source, *scalar, *u, *out;
} cb_xdh_kat;

/* cb_xdh_selftest is the selftest of X25519 and X448 (kernels/pkey/pkey_util.c):
 * variant v, whose function is f and whose fields are n bytes (at most 56), on
 * kats[0..count), on the embedded key of a against OpenSSL's shared secret, for all
 * but generic on pseudo-random inputs against generic, and on u = 0, whose all-zero
 * secret must be refused.  NULL or what failed. */
const char *cb_xdh_selftest(const cb_alg *a, const cb_variant *v, cb_xdh_fn f, size_t n,
                            const cb_xdh_kat *kats, size_t count);

/* ---- X448 and Ed448 (kernels/pkey/x448.c, ed448.c) ----
 * Their embedded keys are rows of cb_x25519_keys and cb_ed25519_keys (hex of any
 * length), named ecdhx448 and ed448. */

/* cb_pkey_c448_ops returns v's cb_c448_ops, or NULL when v is not a C448 variant. */
const cb_c448_ops *cb_pkey_c448_ops(const cb_variant *v);

/* cb_x448_selftest checks variant v as cb_x25519_selftest does, on RFC 7748's X448
 * vectors (5.2, 6.2).  NULL or what failed. */
const char *cb_x448_selftest(const cb_alg *a, const cb_variant *v);

/* cb_ed448_key: a key loaded for one curve448 variant: its group table, s mod L for
 * the pruned s and the prefix of SHAKE256(seed, 114) (RFC 8032 5.2.5), and A = [s]B. */
typedef struct cb_ed448_key {
    const cb_c448_ops *ops;
    void *ctx; /* ops->ed_size bytes from ops->ed_init */
    uint8_t s[CB_ED448_BYTES], prefix[CB_ED448_BYTES], pub[CB_ED448_BYTES];
} cb_ed448_key;

/* cb_ed448_key_init loads the 57-byte seed (and computes A) for variant v; -1 when v
 * has no Ed448 group. */
int cb_ed448_key_init(cb_ed448_key *k, const cb_variant *v, const uint8_t seed[CB_ED448_BYTES]);

/* cb_ed448_key_free wipes and frees what cb_ed448_key_init allocated. */
void cb_ed448_key_free(cb_ed448_key *k);

/* cb_ed448_sign writes the 114-byte signature R || S of msg under the context
 * ctx[0..ctxlen), ctxlen <= 255 (RFC 8032 5.2.6; pure Ed448: an empty context). */
void cb_ed448_sign(const cb_ed448_key *k, const uint8_t *ctx, size_t ctxlen, const uint8_t *msg,
                   size_t len, uint8_t sig[CB_ED448_SIG_BYTES]);

/* cb_ed448_verify checks sig on msg and the context under the public key pub (RFC
 * 8032 5.2.7, cofactorless): 0 valid, 1 invalid (S >= L, A not a canonical point or
 * of small order, R not [S]B - [k]A's canonical encoding). */
int cb_ed448_verify(const cb_ed448_key *k, const uint8_t pub[CB_ED448_BYTES], const uint8_t *ctx,
                    size_t ctxlen, const uint8_t *msg, size_t len,
                    const uint8_t sig[CB_ED448_SIG_BYTES]);

/* cb_ed448_selftest checks v on RFC 8032 7.4's first three tests (public key,
 * signature, verification, a changed bit and a changed context rejected).  NULL or
 * what failed. */
const char *cb_ed448_selftest(const cb_variant *v);

/* ---- ECDSA over P-256 (kernels/pkey/ecdsa.c) ---- */

/* cb_ecdsa_keyhex: an embedded P-256 key (d and Q = (qx, qy)) and OpenSSL's
 * signature (r, s) of cb_pkey_kat_msg, whose random nonce makes it one to verify
 * (kernels/pkey/ec_keys.c). */
typedef struct cb_ecdsa_keyhex {
    const char *alg;
    const char *d, *qx, *qy;
    const char *kat_r, *kat_s;
} cb_ecdsa_keyhex;

extern const cb_ecdsa_keyhex cb_ecdsa_keys[]; /* ends with alg == NULL */

/* cb_pkey_p256_ops returns v's cb_p256_ops, or NULL when v is not a P-256 variant. */
const cb_p256_ops *cb_pkey_p256_ops(const cb_variant *v);

/* cb_ecdsa_key: a P-256 variant's context (constants, base table) with a public key
 * and, when has_d, the private key; 32-byte big-endian numbers. */
typedef struct cb_ecdsa_key {
    const cb_p256_ops *ops;
    void *ctx;         /* ops->ctx_size bytes from ops->init */
    cb_pkey_hash hash; /* SHA-256 and HMAC-SHA-256 for the nonces */
    int has_d;
    uint8_t d[32], qx[32], qy[32];
} cb_ecdsa_key;

/* cb_ecdsa_key_init prepares k for variant v with no key; -1 when v is not a P-256
 * variant or SHA-256 is not built. */
int cb_ecdsa_key_init(cb_ecdsa_key *k, const cb_variant *v);

/* cb_ecdsa_key_set_priv sets d and Q = [d]G; -1 unless 0 < d < n. */
int cb_ecdsa_key_set_priv(cb_ecdsa_key *k, const uint8_t d[32]);

/* cb_ecdsa_key_set_pub sets Q alone; it is validated by each verification. */
void cb_ecdsa_key_set_pub(cb_ecdsa_key *k, const uint8_t qx[32], const uint8_t qy[32]);

/* cb_ecdsa_key_free wipes and frees what the key holds. */
void cb_ecdsa_key_free(cb_ecdsa_key *k);

/* cb_ecdsa_nonce sets kout = RFC 6979 3.2's nonce for d and the SHA-256 digest h,
 * skipping `skip` accepted candidates (a retry after r = 0 or s = 0). */
void cb_ecdsa_nonce(const cb_ecdsa_key *k, const uint8_t h[CB_SHA256_BYTES], unsigned skip,
                    uint8_t kout[32]);

/* cb_ecdsa_sign_k signs the digest h[0..hlen) with the nonce kk (SEC 1 4.1.3); -1
 * (r, s zeroed) when the key has no d, kk is not in [1, n-1], or r or s is 0. */
int cb_ecdsa_sign_k(const cb_ecdsa_key *k, const uint8_t *h, size_t hlen, const uint8_t kk[32],
                    uint8_t r[32], uint8_t s[32]);

/* cb_ecdsa_sign_digest signs the SHA-256 digest h with RFC 6979's nonce; 0 or -1. */
int cb_ecdsa_sign_digest(const cb_ecdsa_key *k, const uint8_t h[CB_SHA256_BYTES],
                         uint8_t r[32], uint8_t s[32]);

/* cb_ecdsa_verify_digest returns 0 when (r, s) signs the digest h[0..hlen) under Q
 * (SEC 1 4.1.4), 1 when not: r or s outside [1, n-1], Q not a canonical point of the
 * curve, the sum at infinity, or x mod n differing from r. */
int cb_ecdsa_verify_digest(const cb_ecdsa_key *k, const uint8_t *h, size_t hlen,
                           const cb_pkey_num *r, const cb_pkey_num *s);

/* RFC 6979 A.2.5 (ECDSA, 256 bits, P-256): the private key x and public key U, and
 * with SHA-256 the nonce k and signature (r, s) of "sample" and of "test"; the
 * selftest and tests/test_ecdsa.c both read them (hex). */
typedef struct cb_ecdsa_a25_key {
    const char *x, *ux, *uy;
} cb_ecdsa_a25_key;

typedef struct cb_ecdsa_a25_sig {
    const char *msg, *k, *r, *s;
} cb_ecdsa_a25_sig;

#define CB_ECDSA_A25_COUNT 2
extern const cb_ecdsa_a25_key cb_ecdsa_a25_key_hex;
extern const cb_ecdsa_a25_sig cb_ecdsa_a25[CB_ECDSA_A25_COUNT];

/* cb_ecdsa_selftest checks v on RFC 6979 A.2.5 (the public key, the nonces and the
 * signatures of "sample" and "test" with SHA-256); NULL or what failed. */
const char *cb_ecdsa_selftest(const cb_variant *v);

/* cb_pkey_kat_msg is the message the embedded OpenSSL signatures sign. */
extern const char cb_pkey_kat_msg[];

#endif
