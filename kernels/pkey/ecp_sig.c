/*
 * kernels/pkey/ecp_sig.c - ECDSA (FIPS 186-5 6.4, SEC 1 4.1.3-4.1.4) and ECDH (SEC 1
 * 3.3.1) on any curve of kernels/curves.h over the group code of kernels/pkey/ecp.c,
 * with RFC 6979 3.2's deterministic nonces over HMAC-SHA-256 for any order length,
 * and the selftest of the ecdsa<id> and ecdh<id> rows against OpenSSL's answers for
 * the embedded keys.
 *
 * Constant time where the private key or the nonce is involved: [k]G and [d]P are
 * ecp.c's fixed windows, the products modulo n are the variant's montmul with masked
 * additions, k^-1 is cb_bn_mod_inv's fixed-length GCD, and RFC 6979's rejected
 * candidates reveal nothing about the accepted one.  Verification may branch.
 */
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/ecp.h"
#include "kernels/registry.h"

/* A candidate is rejected with a chance below 2^-31 for every curve here but
 * secp160r1 (n just above 2^160: about 2^-1, as RFC 6979 3.2 step h.3 expects), so
 * this bound is reached with a chance of about 2^-64 at worst. */
#define MAX_ATTEMPTS 64

/* shift_right sets x = x >> sh over limbs (sh < limbs * CB_LIMB_BITS, public). */
static void shift_right(cb_limb *x, size_t limbs, unsigned sh)
{
    size_t q = sh / CB_LIMB_BITS;
    unsigned b = sh % CB_LIMB_BITS;
    for (size_t i = 0; i < limbs; i++) {
        cb_limb lo = i + q < limbs ? x[i + q] : 0;
        cb_limb hi = i + q + 1 < limbs ? x[i + q + 1] : 0;
        x[i] = b ? (lo >> b) | (hi << (CB_LIMB_BITS - b)) : lo;
    }
}

/* bits2int sets r (CB_ECP_WIDE limbs) to the leftmost nbits bits of h[0..hlen)
 * (RFC 6979 2.3.2; FIPS 186-5 6.4.1 step 3); -1 when hlen is over 64 bytes. */
static int bits2int(const cb_ecp *e, cb_limb *r, const uint8_t *h, size_t hlen)
{
    if (hlen > 64 || cb_bn_from_bytes(r, CB_ECP_WIDE, h, hlen) != 0)
        return -1;
    if (8 * hlen > e->nbits)
        shift_right(r, CB_ECP_WIDE, (unsigned)(8 * hlen - e->nbits));
    return 0;
}

/* hash_z sets z (nl limbs) = bits2int(h) mod n. */
static int hash_z(const cb_ecp *e, cb_limb *z, const uint8_t *h, size_t hlen)
{
    cb_limb t[CB_ECP_WIDE];
    if (bits2int(e, t, h, hlen) != 0)
        return -1;
    cb_mont_reduce(&e->fn, z, t, e->nl);
    return 0;
}

/* cb_ecp_scalar_ok reports 0 < x < n (nl limbs), constant time. */
int cb_ecp_scalar_ok(const cb_ecp *e, const cb_limb *x)
{
    return cb_bn_lt(x, e->fn.n, e->nl) & (cb_bn_is_zero(x, e->nl) ^ 1);
}

/* cb_ecp_num_limbs reads x into r (nl limbs); -1 when it needs more. */
int cb_ecp_num_limbs(const cb_ecp *e, cb_limb *r, const cb_pkey_num *x)
{
    memset(r, 0, CB_ECP_LIMBS * sizeof *r);
    return cb_bn_from_bytes(r, e->nl, x->b, x->len);
}

int cb_ecp_key_init(cb_ecp_key *k, const cb_ecp_params *par, const cb_variant *v, int sign)
{
    memset(k, 0, sizeof *k);
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    if (!ops || !par || cb_pkey_hash_init(&k->hash) != 0 || cb_ecp_init(&k->e, par, ops) != 0)
        return -1;
    if (sign)
        cb_ecp_base_table(&k->e);
    return 0;
}

int cb_ecp_key_set_priv(cb_ecp_key *k, const uint8_t *d, size_t len)
{
    cb_pkey_num x = {d, len};
    if (cb_ecp_num_limbs(&k->e, k->d, &x) != 0 || !cb_ecp_scalar_ok(&k->e, k->d))
        return -1;
    k->has_d = 1;
    cb_ecp_mul_base(&k->e, &k->q, k->d);
    if (cb_ecp_get_affine(&k->e, k->qx, k->qy, &k->q) != 0)
        return -1;
    k->has_q = 1;
    return 0;
}

/* fixed_bytes writes x as exactly len big-endian bytes; -1 when it needs more. */
static int fixed_bytes(uint8_t *out, size_t len, const cb_pkey_num *x)
{
    size_t l = x->len;
    const uint8_t *b = x->b;
    while (l > len && *b == 0) {
        b++;
        l--;
    }
    if (l > len)
        return -1;
    memset(out, 0, len - l);
    memcpy(out + len - l, b, l);
    return 0;
}

int cb_ecp_key_set_pub(cb_ecp_key *k, const cb_pkey_num *qx, const cb_pkey_num *qy)
{
    k->has_q = 0;
    if (fixed_bytes(k->qx, k->e.pbytes, qx) != 0 || fixed_bytes(k->qy, k->e.pbytes, qy) != 0 ||
        cb_ecp_set_affine(&k->e, &k->q, k->qx, k->qy) != 0)
        return -1;
    k->has_q = 1;
    return 0;
}

void cb_ecp_key_free(cb_ecp_key *k)
{
    cb_ecp_free(&k->e);
    cb_wipe(k, sizeof *k);
}

/* to_octets writes x (nl limbs) as nbytes big-endian bytes: RFC 6979 2.3.3. */
static void to_octets(const cb_ecp *e, uint8_t *out, const cb_limb *x)
{
    cb_bn_to_bytes(out, e->nbytes, x, e->nl);
}

void cb_ecp_nonce(const cb_ecp_key *k, const uint8_t *h, size_t hlen, unsigned skip,
                  cb_limb *kout)
{
    const cb_ecp *e = &k->e;
    uint8_t seed[2 * CB_ECP_MAX_BYTES], t[CB_ECP_MAX_BYTES + CB_SHA256_BYTES];
    cb_limb z[CB_ECP_LIMBS], c[CB_ECP_WIDE];
    cb_rfc6979 st;
    size_t rlen = e->nbytes;
    /* step d's input: int2octets(x) || bits2octets(h1) */
    to_octets(e, seed, k->d);
    memset(z, 0, sizeof z);
    hash_z(e, z, h, hlen);
    to_octets(e, seed + rlen, z);
    memset(st.V, 0x01, sizeof st.V); /* step b */
    memset(st.K, 0x00, sizeof st.K); /* step c */
    cb_rfc6979_step(&st, &k->hash, 0x00, seed, 2 * rlen); /* steps d, e */
    cb_rfc6979_step(&st, &k->hash, 0x01, seed, 2 * rlen); /* steps f, g */
    for (;;) {
        /* step h: T = V1 || V2 ... until it has qlen bits, k = bits2int(T) */
        size_t tlen = 0;
        while (8 * tlen < e->nbits) {
            cb_pkey_hmac_sha256(&k->hash, st.K, st.V, sizeof st.V, NULL, 0, NULL, 0, st.V);
            memcpy(t + tlen, st.V, sizeof st.V);
            tlen += sizeof st.V;
        }
        memset(c, 0, sizeof c);
        cb_bn_from_bytes(c, CB_ECP_WIDE, t, tlen);
        shift_right(c, CB_ECP_WIDE, (unsigned)(8 * tlen - e->nbits));
        int ok = cb_ecp_scalar_ok(e, c); /* the accept decision: public */
        cb_pkey_public(&ok, sizeof ok);
        if (ok && skip-- == 0)
            break;
        cb_rfc6979_step(&st, &k->hash, 0x00, NULL, 0); /* step h.3 */
    }
    memcpy(kout, c, e->nl * sizeof *kout);
    cb_wipe(seed, sizeof seed);
    cb_wipe(t, sizeof t);
    cb_wipe(c, sizeof c);
    cb_wipe(&st, sizeof st);
}

/* cb_ecp_x_mod_n sets r (nl limbs) = the affine x of p mod n; -1 at the identity. */
int cb_ecp_x_mod_n(const cb_ecp *e, cb_limb *r, const cb_ecp_point *p)
{
    uint8_t xb[CB_ECP_MAX_BYTES];
    cb_limb x[CB_ECP_LIMBS] = {0};
    if (cb_ecp_get_affine(e, xb, NULL, p) != 0)
        return -1;
    cb_bn_from_bytes(x, e->fl, xb, e->pbytes);
    cb_mont_reduce(&e->fn, r, x, e->fl);
    return 0;
}

int cb_ecp_sign_k(const cb_ecp_key *k, const uint8_t *h, size_t hlen, const cb_limb *kk,
                  uint8_t *sig)
{
    const cb_ecp *e = &k->e;
    cb_limb r[CB_ECP_LIMBS] = {0}, s[CB_ECP_LIMBS] = {0}, z[CB_ECP_LIMBS] = {0},
        t[CB_ECP_LIMBS], kinv[CB_ECP_LIMBS];
    cb_ecp_point R;
    int rc = -1;
    memset(sig, 0, 2 * e->nbytes);
    if (!k->has_d || !cb_ecp_scalar_ok(e, kk) || hash_z(e, z, h, hlen) != 0)
        return -1;
    /* SEC 1 4.1.3 steps 1-6: r = x([k]G) mod n, s = k^-1 (z + r d) mod n */
    cb_ecp_mul_base(e, &R, kk);
    if (cb_ecp_x_mod_n(e, r, &R) == 0 && cb_bn_mod_inv(kinv, kk, e->fn.n, e->nl) == 0) {
        cb_mont_modmul(&e->fn, t, r, k->d);
        cb_mont_modadd(&e->fn, t, t, z);
        cb_mont_modmul(&e->fn, s, kinv, t);
        if (!cb_bn_is_zero(r, e->nl) && !cb_bn_is_zero(s, e->nl)) {
            to_octets(e, sig, r);
            to_octets(e, sig + e->nbytes, s);
            rc = 0;
        }
    }
    cb_wipe(&R, sizeof R);
    cb_wipe(t, sizeof t);
    cb_wipe(kinv, sizeof kinv);
    return rc;
}

int cb_ecp_sign_digest(const cb_ecp_key *k, const uint8_t *h, size_t hlen, uint8_t *sig)
{
    cb_limb kk[CB_ECP_LIMBS] = {0};
    int rc = -1;
    if (!k->has_d)
        return -1;
    for (unsigned attempt = 0; attempt < MAX_ATTEMPTS && rc != 0; attempt++) {
        cb_ecp_nonce(k, h, hlen, attempt, kk);
        rc = cb_ecp_sign_k(k, h, hlen, kk, sig);
    }
    cb_wipe(kk, sizeof kk);
    return rc;
}

int cb_ecp_verify_digest(const cb_ecp_key *k, const uint8_t *h, size_t hlen,
                         const cb_pkey_num *r, const cb_pkey_num *s)
{
    const cb_ecp *e = &k->e;
    cb_limb rl[CB_ECP_LIMBS], sl[CB_ECP_LIMBS], z[CB_ECP_LIMBS] = {0}, w[CB_ECP_LIMBS],
        u1[CB_ECP_LIMBS] = {0}, u2[CB_ECP_LIMBS] = {0}, x[CB_ECP_LIMBS] = {0};
    cb_ecp_point a;
    /* SEC 1 4.1.4 step 1: r and s in [1, n-1] */
    if (!k->has_q || cb_ecp_num_limbs(e, rl, r) != 0 || cb_ecp_num_limbs(e, sl, s) != 0 ||
        !cb_ecp_scalar_ok(e, rl) || !cb_ecp_scalar_ok(e, sl) || hash_z(e, z, h, hlen) != 0 ||
        cb_bn_mod_inv(w, sl, e->fn.n, e->nl) != 0)
        return 1;
    cb_mont_modmul(&e->fn, u1, z, w);
    cb_mont_modmul(&e->fn, u2, rl, w);
    cb_ecp_mul2_vt(e, &a, u1, u2, &k->q);
    if (cb_ecp_x_mod_n(e, x, &a) != 0)
        return 1;
    return memcmp(x, rl, e->nl * sizeof *x) == 0 ? 0 : 1;
}

int cb_ecp_derive(const cb_ecp_key *k, const cb_pkey_num *px, const cb_pkey_num *py,
                  uint8_t *out)
{
    const cb_ecp *e = &k->e;
    uint8_t xb[CB_ECP_MAX_BYTES], yb[CB_ECP_MAX_BYTES];
    cb_ecp_point p, r;
    if (!k->has_d)
        return -1;
    memset(out, 0, e->pbytes);
    /* SEC 1 3.2.2.1: the peer's key must be a point of the curve (not the identity,
     * which has no affine form); cofactor 1, so it is in the group of G */
    if (fixed_bytes(xb, e->pbytes, px) != 0 || fixed_bytes(yb, e->pbytes, py) != 0 ||
        cb_ecp_set_affine(e, &p, xb, yb) != 0)
        return 1;
    cb_ecp_mul(e, &r, &p, k->d);
    int rc = cb_ecp_get_affine(e, out, NULL, &r) == 0 ? 0 : 1;
    cb_wipe(&r, sizeof r);
    return rc;
}

/* ---- embedded keys and the selftest ---- */

const cb_ecp_keyhex *cb_ecp_find_key(const char *alg)
{
    for (const cb_ecp_keyhex *k = cb_ecp_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

int cb_ecp_hexbuf_of(cb_ecp_hexbuf *x, const char *hex)
{
    long len = hex ? cb_hex_decode(hex, x->b, sizeof x->b) : -1;
    x->num.b = x->b;
    x->num.len = len < 0 ? 0 : (size_t)len;
    return len < 0 ? -1 : 0;
}

/* derive_check: OpenSSL's shared secret, and a peer point off the curve refused. */
static const char *derive_check(const cb_ecp_key *k, const cb_ecp_keyhex *kh)
{
    cb_ecp_hexbuf px, py, want;
    uint8_t out[CB_ECP_MAX_BYTES];
    if (cb_ecp_hexbuf_of(&px, kh->peer_x) || cb_ecp_hexbuf_of(&py, kh->peer_y) ||
        cb_ecp_hexbuf_of(&want, kh->kat_shared) || want.num.len != k->e.pbytes)
        return "cannot decode the embedded peer key";
    if (cb_ecp_derive(k, &px.num, &py.num, out) != 0 || memcmp(out, want.b, k->e.pbytes) != 0)
        return "differs from OpenSSL's shared secret for the embedded keys";
    py.b[py.num.len - 1] ^= 1;
    if (cb_ecp_derive(k, &px.num, &py.num, out) != 1)
        return "accepts a peer key that is no point of the curve";
    return NULL;
}

/* sign_check: OpenSSL's signature verifies, ours verifies and a changed one not. */
static const char *sign_check(const cb_ecp_key *k, const cb_ecp_keyhex *kh)
{
    cb_ecp_hexbuf r, s;
    uint8_t h[CB_SHA256_BYTES], sig[2 * CB_ECP_MAX_BYTES];
    size_t nb = k->e.nbytes;
    cb_pkey_sha256(&k->hash, (const uint8_t *)cb_pkey_kat_msg, strlen(cb_pkey_kat_msg), h);
    if (cb_ecp_hexbuf_of(&r, kh->kat_r) || cb_ecp_hexbuf_of(&s, kh->kat_s))
        return "cannot decode OpenSSL's signature";
    if (cb_ecp_verify_digest(k, h, sizeof h, &r.num, &s.num) != 0)
        return "rejects OpenSSL's signature of the same message";
    if (cb_ecp_sign_digest(k, h, sizeof h, sig) != 0)
        return "signing failed";
    cb_pkey_num rn = {sig, nb}, sn = {sig + nb, nb};
    if (cb_ecp_verify_digest(k, h, sizeof h, &rn, &sn) != 0)
        return "rejects its own signature";
    sig[nb + nb / 2] ^= 0x10;
    if (cb_ecp_verify_digest(k, h, sizeof h, &rn, &sn) != 1)
        return "accepts a signature with one bit changed";
    return NULL;
}

const char *cb_ecp_selftest(const cb_alg *a, const cb_variant *v)
{
    int derive = 0;
    const cb_ecp_params *par = cb_ecp_of_alg(a, &derive);
    const cb_ecp_keyhex *kh = a ? cb_ecp_find_key(a->name) : NULL;
    cb_ecp_hexbuf d, qx, qy;
    cb_ecp_key k;
    if (!par || !kh || cb_ecp_hexbuf_of(&d, kh->d) || cb_ecp_hexbuf_of(&qx, kh->qx) ||
        cb_ecp_hexbuf_of(&qy, kh->qy))
        return "has no embedded key";
    if (cb_ecp_key_init(&k, par, v, !derive) != 0)
        return "cannot load its curve";
    const char *why = NULL;
    uint8_t want[2][CB_ECP_MAX_BYTES];
    if (cb_ecp_key_set_priv(&k, d.b, d.num.len) != 0 ||
        fixed_bytes(want[0], k.e.pbytes, &qx.num) != 0 ||
        fixed_bytes(want[1], k.e.pbytes, &qy.num) != 0 ||
        memcmp(want[0], k.qx, k.e.pbytes) != 0 || memcmp(want[1], k.qy, k.e.pbytes) != 0)
        why = "derives a public key other than OpenSSL's for the embedded key";
    else
        why = derive ? derive_check(&k, kh) : sign_check(&k, kh);
    cb_ecp_key_free(&k);
    cb_wipe(&d, sizeof d);
    return why;
}
