/*
 * kernels/pkey/ecp.h - short-Weierstrass curves over GF(p) on a Montgomery
 * multiplication variant (cb_mont_ops): the group code under the ecdsa<curve> and
 * ecdh<curve> rows of every curve of kernels/curves.h, and ECDSA and ECDH over it.
 *
 * Field elements are cb_limb arrays in Montgomery form modulo p; points are
 * homogeneous projective (X : Y : Z), x = X/Z, y = Y/Z, the identity (0 : 1 : 0).
 * Addition is Renes, Costello and Batina's complete formula for any a ("Complete
 * addition formulas for prime order elliptic curves", EUROCRYPT 2016, Algorithm 1),
 * which also doubles and takes the identity, so a scalar multiplication has no
 * exceptional case and hence no branch on the point.  Every curve here has cofactor 1
 * (prime order), which the formula needs.
 *
 * What touches a secret (the private key, the nonce, a shared secret) is constant
 * time: scalars are read in fixed 4-bit windows over a public bit length, every table
 * entry is read and combined with masks (no secret index), the field code is the
 * variant's constant-time montmul with masked modular additions, and inversions use
 * cb_bn_mod_inv's fixed-length binary GCD.  Verification handles public data only.
 */
#ifndef CB_ECP_H
#define CB_ECP_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/pkey/pkey_impl.h"

/* The largest curve (P-521) in bits, bytes and limbs. */
#define CB_ECP_MAX_BITS 521
#define CB_ECP_MAX_BYTES ((CB_ECP_MAX_BITS + 7) / 8)
#define CB_ECP_LIMBS ((CB_ECP_MAX_BITS + CB_LIMB_BITS - 1) / CB_LIMB_BITS)
/* room for a number of 768 bits: a hash of up to 512 bits, and RFC 6979's T for
 * P-521 (three HMAC-SHA-256 outputs) */
#define CB_ECP_WIDE (768 / CB_LIMB_BITS)

/* cb_ecp_params: one row of CB_ECP_CURVES (kernels/curves.h). */
typedef struct cb_ecp_params {
    const char *id, *sn, *curve;
    unsigned bits;
    int sig;
    const char *p, *a, *b, *gx, *gy, *n;
} cb_ecp_params;

extern const cb_ecp_params cb_ecp_curves[];
extern const size_t cb_ecp_curve_count;

/* cb_ecp_find returns the curve whose id, OpenSSL short name or speed name is name
 * (case-insensitive), or NULL. */
const cb_ecp_params *cb_ecp_find(const char *name);

/* cb_ecp_of_alg returns the curve of an ecdsa<id> or ecdh<id> row of
 * CB_ECP_CURVES (alg->name), or NULL; *derive says which of the two it is. */
const cb_ecp_params *cb_ecp_of_alg(const cb_alg *a, int *derive);

typedef struct cb_ecp_point {
    cb_limb x[CB_ECP_LIMBS], y[CB_ECP_LIMBS], z[CB_ECP_LIMBS];
} cb_ecp_point;

/* cb_ecp: a curve loaded for one Montgomery variant. */
typedef struct cb_ecp {
    const cb_ecp_params *par;
    cb_mont fp, fn;           /* modulo p, modulo n */
    size_t fl, nl;            /* limbs of field elements and of scalars */
    size_t pbytes, nbytes;    /* ceil(bits/8) of p and of n */
    unsigned nbits;           /* bits of n */
    int a_kind;               /* 0: a = 0, 1: a = -3, 2: any other a */
    cb_limb a[CB_ECP_LIMBS];  /* a and 3b in Montgomery form */
    cb_limb b3[CB_ECP_LIMBS];
    cb_limb b[CB_ECP_LIMBS];
    cb_ecp_point g;
    cb_ecp_point *gtab;       /* [j 16^i]G for the fixed-base multiplication, or NULL */
} cb_ecp;

/* cb_ecp_init loads the curve par for ops; -1 when a parameter does not parse. */
int cb_ecp_init(cb_ecp *e, const cb_ecp_params *par, const cb_mont_ops *ops);

/* cb_ecp_base_table computes gtab (ceil(nbits/4) windows of 16 points), which
 * cb_ecp_mul_base then uses; without it cb_ecp_mul_base uses cb_ecp_mul. */
void cb_ecp_base_table(cb_ecp *e);

/* cb_ecp_free releases what cb_ecp_init and cb_ecp_base_table allocated. */
void cb_ecp_free(cb_ecp *e);

/* cb_ecp_add sets r = p + q (complete: any points, r may be p or q). */
void cb_ecp_add(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p,
                const cb_ecp_point *q);

/* cb_ecp_mul sets r = [k]p for a scalar k[0..nl) below 2^(4 ceil(nbits/4)); constant
 * time in k and p. */
void cb_ecp_mul(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p, const cb_limb *k);

/* cb_ecp_mul_base sets r = [k]G, as cb_ecp_mul; constant time. */
void cb_ecp_mul_base(const cb_ecp *e, cb_ecp_point *r, const cb_limb *k);

/* cb_ecp_mul2_vt sets r = [u1]G + [u2]q for public scalars (nl limbs each) and a
 * public point: one run of Jacobian doublings with both width-5 NAFs interleaved
 * (Shamir's trick); variable time, for verification only. */
void cb_ecp_mul2_vt(const cb_ecp *e, cb_ecp_point *r, const cb_limb *u1, const cb_limb *u2,
                    const cb_ecp_point *q);

/* cb_ecp_set_affine loads the affine point (x, y) (pbytes big-endian each) into r;
 * -1 unless x, y < p and the point is on the curve (SEC 1 3.2.2.1 steps 2-3). */
int cb_ecp_set_affine(const cb_ecp *e, cb_ecp_point *r, const uint8_t *x, const uint8_t *y);

/* cb_ecp_get_affine writes p's affine x and y (pbytes each; y may be NULL); -1 when
 * p is the identity. */
int cb_ecp_get_affine(const cb_ecp *e, uint8_t *x, uint8_t *y, const cb_ecp_point *p);

/* ---- ECDSA and ECDH (kernels/pkey/ecp_sig.c) ---- */

/* cb_ecp_key: a curve with a key: d (when has_d) and Q. */
typedef struct cb_ecp_key {
    cb_ecp e;
    cb_pkey_hash hash;        /* SHA-256 and HMAC-SHA-256 for RFC 6979's nonces */
    int has_d, has_q;
    cb_limb d[CB_ECP_LIMBS];
    cb_ecp_point q;
    uint8_t qx[CB_ECP_MAX_BYTES], qy[CB_ECP_MAX_BYTES];
} cb_ecp_key;

/* cb_ecp_key_init prepares k on the curve par for the MONT variant v, with the
 * fixed-base table when sign is set (signing and verifying use [k]G); -1 when v is
 * not a MONT variant or SHA-256 is not built. */
int cb_ecp_key_init(cb_ecp_key *k, const cb_ecp_params *par, const cb_variant *v,
                    int sign);

/* cb_ecp_key_set_priv sets d (a big-endian number of len bytes) and Q = [d]G; -1
 * unless 0 < d < n. */
int cb_ecp_key_set_priv(cb_ecp_key *k, const uint8_t *d, size_t len);

/* cb_ecp_key_set_pub sets Q from its affine coordinates (numbers of any length);
 * -1 when Q is no point of the curve. */
int cb_ecp_key_set_pub(cb_ecp_key *k, const cb_pkey_num *qx, const cb_pkey_num *qy);

/* cb_ecp_key_free wipes and frees what the key holds. */
void cb_ecp_key_free(cb_ecp_key *k);

/* cb_ecp_nonce sets kout (nl limbs) to RFC 6979 3.2's nonce over HMAC-SHA-256 for d
 * and the digest h[0..hlen), skipping `skip` accepted candidates. */
void cb_ecp_nonce(const cb_ecp_key *k, const uint8_t *h, size_t hlen, unsigned skip,
                  cb_limb *kout);

/* cb_ecp_sign_k signs the digest h[0..hlen) with the nonce kk (nl limbs) into sig,
 * r || s of nbytes each (SEC 1 4.1.3); -1 when the key has no d, kk is not in
 * [1, n-1], or r or s came out 0. */
int cb_ecp_sign_k(const cb_ecp_key *k, const uint8_t *h, size_t hlen, const cb_limb *kk,
                  uint8_t *sig);

/* cb_ecp_sign_digest signs h[0..hlen) with RFC 6979's nonce; 0 or -1. */
int cb_ecp_sign_digest(const cb_ecp_key *k, const uint8_t *h, size_t hlen, uint8_t *sig);

/* cb_ecp_verify_digest returns 0 when (r, s) signs h[0..hlen) under Q (SEC 1 4.1.4),
 * 1 when not (including r or s outside [1, n-1] and no Q). */
int cb_ecp_verify_digest(const cb_ecp_key *k, const uint8_t *h, size_t hlen,
                         const cb_pkey_num *r, const cb_pkey_num *s);

/* cb_ecp_derive sets out (pbytes) to the x-coordinate of [d]P for the peer's point
 * P = (px, py) (SEC 1 3.3.1, cofactor 1); 0, 1 when P is no point of the curve or the
 * product is the identity, -1 when the key has no d. */
int cb_ecp_derive(const cb_ecp_key *k, const cb_pkey_num *px, const cb_pkey_num *py,
                  uint8_t *out);

/* cb_ecp_scalar_ok reports 0 < x < n (nl limbs), constant time. */
int cb_ecp_scalar_ok(const cb_ecp *e, const cb_limb *x);

/* cb_ecp_num_limbs reads x into r (CB_ECP_LIMBS, nl of them used); -1 when it needs
 * more. */
int cb_ecp_num_limbs(const cb_ecp *e, cb_limb *r, const cb_pkey_num *x);

/* cb_ecp_x_mod_n sets r (nl limbs) = the affine x of p mod n; -1 at the identity. */
int cb_ecp_x_mod_n(const cb_ecp *e, cb_limb *r, const cb_ecp_point *p);

/* cb_ecp_hexbuf: one number of an embedded key decoded; cb_ecp_hexbuf_of decodes hex
 * into it (-1 when malformed, NULL or too long). */
typedef struct cb_ecp_hexbuf {
    uint8_t b[CB_ECP_MAX_BYTES + 1];
    cb_pkey_num num;
} cb_ecp_hexbuf;

int cb_ecp_hexbuf_of(cb_ecp_hexbuf *x, const char *hex);

/* cb_ecp_keyhex: an embedded key of one ecdsa<id> / ecdh<id> row (d, Q) with, for a
 * signature row, OpenSSL's signature (r, s) of cb_pkey_kat_msg and, for a key
 * agreement, the peer's public key and OpenSSL's shared secret
 * (kernels/pkey/ecp_keys.c, written by scripts/gen-keys.sh). */
typedef struct cb_ecp_keyhex {
    const char *alg;
    const char *d, *qx, *qy;
    const char *kat_r, *kat_s;
    const char *peer_x, *peer_y, *kat_shared;
} cb_ecp_keyhex;

extern const cb_ecp_keyhex cb_ecp_keys[]; /* ends with alg == NULL */

/* cb_ecp_find_key returns the embedded key of the row alg, or NULL. */
const cb_ecp_keyhex *cb_ecp_find_key(const char *alg);

/* cb_ecp_selftest checks the ecdsa<id> or ecdh<id> row a on variant v: the embedded
 * key's Q against OpenSSL's, OpenSSL's signature or shared secret, and for a
 * derivation a peer key off the curve refused.  NULL or what failed. */
const char *cb_ecp_selftest(const cb_alg *a, const cb_variant *v);

#endif
