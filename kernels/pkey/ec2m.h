/*
 * kernels/pkey/ec2m.h - ECDSA and ECDH on the binary curves K-163 .. K-571 and
 * B-163 .. B-571 (FIPS 186-4 D.1.3, SEC 2 3.2-3.6) over a GF(2^m) variant
 * (cb_gf2m_ops): what kernels/pkey/pkey.c calls for the ecdsak163 .. ecdsab571 and
 * ecdhk163 .. ecdhb571 rows, the raw entry points `kat` uses, and what the tests
 * reach into.  kernels/pkey/ec2m.c has the group law and says how it stays constant
 * time.
 *
 * Numbers cross this interface as big-endian byte strings: field elements (Qx, Qy,
 * the shared secret) of ceil(m/8) bytes, scalars and r, s of ceil(bits(n)/8) bytes.
 */
#ifndef CB_EC2M_H
#define CB_EC2M_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "kernels/pkey/pkey.h"

/* CB_EC2M_BYTES bounds a field element and a scalar (m = 571: 72 bytes). */
#define CB_EC2M_BYTES 72

/* cb_ec2m_keyhex: an embedded key of one curve (kernels/pkey/ec2m_keys.c, made by
 * scripts/gen-keys.sh): d and Q, OpenSSL's ECDSA signature (r, s) of cb_pkey_kat_msg
 * under d with SHA-256, a peer's public key and OpenSSL's ECDH secret of d and it. */
typedef struct cb_ec2m_keyhex {
    const char *curve; /* "K-163", ... as FIPS 186-4 names it */
    const char *d, *qx, *qy;
    const char *kat_r, *kat_s;
    const char *peer_x, *peer_y;
    const char *kat_shared;
} cb_ec2m_keyhex;

extern const cb_ec2m_keyhex cb_ec2m_keys[]; /* ends with curve == NULL */

typedef struct cb_ec2m_key cb_ec2m_key;

/* cb_ec2m_curve_of returns the curve ("K-163", ...) an algorithm row names
 * (ecdsak163, ecdhb571, ...), or NULL when a is not a binary-curve row. */
const char *cb_ec2m_curve_of(const cb_alg *a);

/* cb_ec2m_new prepares curve (FIPS 186-4's name) for GF(2^m) variant v with no key;
 * NULL when the curve is unknown, v is no GF2M variant or SHA-256 is not built. */
cb_ec2m_key *cb_ec2m_new(const char *curve, const cb_variant *v);

/* cb_ec2m_free wipes and frees k (NULL is fine). */
void cb_ec2m_free(cb_ec2m_key *k);

/* cb_ec2m_field_bytes: ceil(m/8); cb_ec2m_scalar_bytes: ceil(bits(n)/8). */
size_t cb_ec2m_field_bytes(const cb_ec2m_key *k);
size_t cb_ec2m_scalar_bytes(const cb_ec2m_key *k);

/* cb_ec2m_order writes n, the order of G, as cb_ec2m_scalar_bytes bytes (the tests'
 * edges of the scalar range). */
void cb_ec2m_order(const cb_ec2m_key *k, uint8_t *out);

/* cb_ec2m_set_priv sets d (len bytes, big-endian) and computes Q = [d]G into qx, qy
 * (cb_ec2m_field_bytes each; either may be NULL); -1 unless 0 < d < n. */
int cb_ec2m_set_priv(cb_ec2m_key *k, const uint8_t *d, size_t len, uint8_t *qx, uint8_t *qy);

/* cb_ec2m_set_pub sets Q (each coordinate big-endian, leading zeros allowed); -1 when
 * it is no point of the curve (a coordinate of degree m or more, off the curve, or x
 * = 0, the point of order 2). */
int cb_ec2m_set_pub(cb_ec2m_key *k, const cb_pkey_num *qx, const cb_pkey_num *qy);

/* cb_ec2m_nonce sets kout (cb_ec2m_scalar_bytes) to RFC 6979 3.2's nonce for d and
 * the SHA-256 digest h, skipping `skip` accepted candidates. */
void cb_ec2m_nonce(const cb_ec2m_key *k, const uint8_t h[32], unsigned skip, uint8_t *kout);

/* cb_ec2m_sign_k signs the digest h[0..hlen) with the nonce kk (klen bytes) into
 * sig = r || s (cb_ec2m_scalar_bytes each), SEC 1 4.1.3; -1 when there is no d, kk
 * is not in [1, n-1], or r or s came out 0. */
int cb_ec2m_sign_k(const cb_ec2m_key *k, const uint8_t *h, size_t hlen, const uint8_t *kk,
                   size_t klen, uint8_t *sig);

/* cb_ec2m_sign signs the SHA-256 digest h with RFC 6979's nonce; 0 or -1. */
int cb_ec2m_sign(const cb_ec2m_key *k, const uint8_t h[32], uint8_t *sig);

/* cb_ec2m_verify returns 0 when (r, s) signs the digest h[0..hlen) under Q (SEC 1
 * 4.1.4), 1 when not (also when no Q is set). */
int cb_ec2m_verify(const cb_ec2m_key *k, const uint8_t *h, size_t hlen, const cb_pkey_num *r,
                   const cb_pkey_num *s);

/* cb_ec2m_derive sets out (cb_ec2m_field_bytes) to x([d]Q), the ECDH secret (SEC 1
 * 3.3.1) of d and the public key set as Q; -1 when there is no d or Q, or the
 * product is the point at infinity. */
int cb_ec2m_derive(const cb_ec2m_key *k, uint8_t *out);

/* cb_ec2m_public: the hook that marks bytes the curve code makes public (ec2m.c says
 * which); a no-op but under tests/test_ec2m_ct.c. */
void cb_ec2m_public(const void *p, size_t n);

/* cb_ec2m_sec_name returns SEC 2's name of curve ("sect163k1" for "K-163", as
 * OpenSSL's OBJ_sn2nid takes it) and cb_ec2m_order_hex the order n of its G in hex;
 * NULL for an unknown curve. */
const char *cb_ec2m_sec_name(const char *curve);
const char *cb_ec2m_order_hex(const char *curve);

/* cb_ec2m_keyhex_of returns the embedded key of curve, or NULL. */
const cb_ec2m_keyhex *cb_ec2m_keyhex_of(const char *curve);

/*
 * cb_ec2m_selftest checks variant v on curve's embedded key: Q from d, OpenSSL's
 * signature verifies, the shared secret equals OpenSSL's, a signature of ours
 * verifies and equals the generic variant's (RFC 6979: deterministic), a changed
 * bit or message is rejected.  NULL or what failed.
 */
const char *cb_ec2m_selftest(const char *curve, const cb_variant *v);

/*
 * cb_ec2m_verify_raw checks the ECDSA signature (r, s) of HASH(msg) under key's
 * (qx, qy) on curve (`kat`).  0 valid, 1 invalid (including a Q off the curve), -1
 * when v is no GF2M variant, the curve is unknown or the digest is not built.
 */
int cb_ec2m_verify_raw(const cb_variant *v, const char *curve, const cb_ecdsa_raw *key,
                       const uint8_t *msg, size_t len, const cb_pkey_num *r,
                       const cb_pkey_num *s);

/*
 * cb_ec2m_sign_raw computes Q = [d]G into (qx, qy) (cb_ec2m_field_bytes each) and signs
 * HASH(msg) into sig = r || s with the nonce knum, or RFC 6979's when knum is NULL
 * (SHA-256 only); *siglen gets 2 cb_ec2m_scalar_bytes.  0 or -1.
 */
int cb_ec2m_sign_raw(const cb_variant *v, const char *curve, const cb_ecdsa_raw *key,
                     const uint8_t *msg, size_t len, const cb_pkey_num *knum, uint8_t *qx,
                     uint8_t *qy, uint8_t *sig, size_t *siglen);

#endif
