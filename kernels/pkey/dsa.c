/*
 * kernels/pkey/dsa.c - DSA signature generation and verification (FIPS 186-4 4.6, 4.7)
 * with SHA-256 over the bignum core.
 *
 * The per-message secret k comes from RFC 6979 section 3.2 (HMAC-SHA-256 keyed by
 * the private key and the message hash): deterministic, so runs on every host sign
 * the same way and no random source is needed; its candidates outside [1, q-1] are
 * rejected and the next one taken, so k is uniform in that range.  g^k mod p is a
 * fixed-window constant-time exponentiation and k^-1 mod q the constant-time binary
 * inverse, so nothing branches on x or k.
 */
#include <string.h>

#include "base/common.h"
#include "kernels/modes/hmac.h"
#include "kernels/pkey/pkey_impl.h"

/* A guard against domain parameters that never give r, s != 0 (g = 1 would). */
#define DSA_MAX_ATTEMPTS 32

void cb_pkey_hmac_sha256(const cb_pkey_hash *hs, const uint8_t key[CB_SHA256_BYTES],
                        const uint8_t *p1, size_t l1, const uint8_t *p2, size_t l2,
                        const uint8_t *p3, size_t l3, uint8_t out[CB_SHA256_BYTES])
{
    cb_hmac h;
    /* cannot fail: cb_pkey_hash_init resolved hmac(sha256) and a sha256 variant */
    (void)cb_hmac_init(&h, hs->hmac, hs->v, key, CB_SHA256_BYTES);
    cb_hmac_start(&h);
    cb_hmac_update(&h, p1, p1 ? l1 : 0);
    cb_hmac_update(&h, p2, p2 ? l2 : 0);
    cb_hmac_update(&h, p3, p3 ? l3 : 0);
    cb_hmac_final(&h, out);
    cb_hmac_free(&h);
}

/*
 * bits2int sets r (limbs of q) to the leftmost nbits bits of b[0..len) as an
 * integer (RFC 6979 2.3.2; FIPS 186-4 4.6's "leftmost min(N, outlen) bits").
 */
static void bits2int(cb_limb *r, size_t limbs, const uint8_t *b, size_t len, unsigned nbits)
{
    size_t take = len * 8 > nbits ? (nbits + 7) / 8 : len;
    cb_bn_from_bytes(r, limbs, b, take);
    unsigned shift = take * 8 > nbits ? (unsigned)(take * 8 - nbits) : 0;
    if (shift == 0)
        return;
    for (size_t i = 0; i < limbs; i++)
        r[i] = (r[i] >> shift) | (i + 1 < limbs ? r[i + 1] << (CB_LIMB_BITS - shift) : 0);
}

void cb_rfc6979_step(cb_rfc6979 *st, const cb_pkey_hash *hs, uint8_t sep,
                       const uint8_t *extra, size_t elen)
{
    cb_pkey_hmac_sha256(hs, st->K, st->V, sizeof st->V, &sep, 1, extra, elen, st->K);
    cb_pkey_hmac_sha256(hs, st->K, st->V, sizeof st->V, NULL, 0, NULL, 0, st->V);
}

void cb_dsa_nonce(const cb_dsa_key *k, const cb_pkey_hash *hash, const uint8_t *h,
                  size_t hlen, unsigned skip, cb_limb *kout)
{
    const cb_mont *mq = &k->mq;
    size_t ql = mq->limbs, rl = k->qbytes;
    uint8_t seed[2 * CB_DSA_MAX_QBYTES], t[CB_DSA_MAX_QBYTES + CB_SHA256_BYTES];
    cb_limb z[CB_BN_MAX_LIMBS];
    cb_rfc6979 st;

    /* step d's input: int2octets(x) || bits2octets(h1), where bits2octets reduces
     * bits2int(h1) mod q (it is below 2q, so the reduction is one subtraction) */
    cb_bn_to_bytes(seed, rl, k->x, ql);
    bits2int(z, ql, h, hlen, k->nbits);
    cb_mont_reduce(mq, z, z, ql);
    cb_bn_to_bytes(seed + rl, rl, z, ql);
    memset(st.V, 0x01, sizeof st.V); /* step b */
    memset(st.K, 0x00, sizeof st.K); /* step c */
    cb_rfc6979_step(&st, hash, 0x00, seed, 2 * rl);
    cb_rfc6979_step(&st, hash, 0x01, seed, 2 * rl);
    for (;;) {
        /* step h: T = V1 || V2 || ... until it has qlen bits, then k = bits2int(T) */
        size_t tlen = 0;
        while (tlen * 8 < k->nbits) {
            cb_pkey_hmac_sha256(hash, st.K, st.V, sizeof st.V, NULL, 0, NULL, 0, st.V);
            memcpy(t + tlen, st.V, sizeof st.V);
            tlen += sizeof st.V;
        }
        bits2int(kout, ql, t, tlen, k->nbits);
        /* constant time: the candidate that is accepted is the secret k */
        int in_range = (cb_bn_is_zero(kout, ql) ^ 1) & cb_bn_lt(kout, mq->n, ql);
        if (in_range && skip-- == 0)
            break;
        cb_rfc6979_step(&st, hash, 0x00, NULL, 0);
    }
    cb_wipe(seed, sizeof seed);
    cb_wipe(t, sizeof t);
    cb_wipe(&st, sizeof st);
}

/* load sets r = x when it fits in limbs; -1 otherwise. */
static int load(cb_limb *r, size_t limbs, const cb_pkey_num *x)
{
    return cb_bn_from_bytes(r, limbs, x->b, x->len);
}

int cb_dsa_key_init(cb_dsa_key *k, const cb_mont_ops *ops, const cb_pkey_num *p,
                    const cb_pkey_num *q, const cb_pkey_num *g, const cb_pkey_num *y,
                    const cb_pkey_num *x)
{
    memset(k, 0, sizeof *k);
    if (cb_pkey_load_modulus(&k->mp, ops, p) != 0 || cb_pkey_load_modulus(&k->mq, ops, q) != 0)
        return -1;
    k->nbits = k->mq.bits;
    k->qbytes = (k->nbits + 7) / 8;
    size_t pl = k->mp.limbs;
    if (k->qbytes > CB_DSA_MAX_QBYTES || load(k->g, pl, g) != 0 || load(k->y, pl, y) != 0)
        return -1;
    /* 1 < g < p (g = 0 or 1 would make r constant), 0 < y < p */
    cb_limb one[CB_BN_MAX_LIMBS] = {1};
    if (cb_bn_cmp(k->g, one, pl) <= 0 || cb_bn_cmp(k->g, k->mp.n, pl) >= 0 ||
        cb_bn_is_zero(k->y, pl) || cb_bn_cmp(k->y, k->mp.n, pl) >= 0)
        return -1;
    if (x && x->len > 0) {
        size_t ql = k->mq.limbs;
        if (load(k->x, ql, x) != 0 || cb_bn_is_zero(k->x, ql) || !cb_bn_lt(k->x, k->mq.n, ql))
            return -1;
        k->has_x = 1;
    }
    return 0;
}

int cb_dsa_sign_digest(const cb_dsa_key *k, const cb_pkey_hash *hash, const uint8_t *h,
                       size_t hlen, uint8_t *r, uint8_t *s)
{
    const cb_mont *mp = &k->mp, *mq = &k->mq;
    size_t ql = mq->limbs;
    cb_limb z[CB_BN_MAX_LIMBS], kk[CB_BN_MAX_LIMBS], kinv[CB_BN_MAX_LIMBS],
        gk[CB_BN_MAX_LIMBS], rr[CB_BN_MAX_LIMBS], ss[CB_BN_MAX_LIMBS];
    int rc = -1;

    if (!k->has_x)
        return -1;
    bits2int(z, ql, h, hlen, k->nbits);
    cb_mont_reduce(mq, z, z, ql);
    for (unsigned attempt = 0; attempt < DSA_MAX_ATTEMPTS; attempt++) {
        cb_dsa_nonce(k, hash, h, hlen, attempt, kk);
        /* r = (g^k mod p) mod q */
        cb_mont_exp_ct(mp, gk, k->g, kk, ql, k->nbits);
        cb_mont_reduce(mq, rr, gk, mp->limbs);
        if (cb_bn_is_zero(rr, ql))
            continue;
        /* s = k^-1 (z + x r) mod q */
        cb_bn_mod_inv(kinv, kk, mq->n, ql);
        cb_mont_modmul(mq, ss, k->x, rr);
        cb_mont_modadd(mq, ss, ss, z);
        cb_mont_modmul(mq, ss, kinv, ss);
        if (cb_bn_is_zero(ss, ql))
            continue;
        cb_bn_to_bytes(r, k->qbytes, rr, ql);
        cb_bn_to_bytes(s, k->qbytes, ss, ql);
        rc = 0;
        break;
    }
    cb_wipe(kk, sizeof kk);
    cb_wipe(kinv, sizeof kinv);
    cb_wipe(gk, sizeof gk);
    return rc;
}

int cb_dsa_verify_digest(const cb_dsa_key *k, const uint8_t *h, size_t hlen,
                         const cb_pkey_num *r, const cb_pkey_num *s)
{
    const cb_mont *mp = &k->mp, *mq = &k->mq;
    size_t ql = mq->limbs;
    cb_limb rr[CB_BN_MAX_LIMBS], ss[CB_BN_MAX_LIMBS], w[CB_BN_MAX_LIMBS],
        z[CB_BN_MAX_LIMBS], u1[CB_BN_MAX_LIMBS], u2[CB_BN_MAX_LIMBS], v[CB_BN_MAX_LIMBS];

    /* 4.7 step 1: 0 < r < q and 0 < s < q */
    if (load(rr, ql, r) != 0 || load(ss, ql, s) != 0 || cb_bn_is_zero(rr, ql) ||
        cb_bn_is_zero(ss, ql) || cb_bn_cmp(rr, mq->n, ql) >= 0 ||
        cb_bn_cmp(ss, mq->n, ql) >= 0)
        return 1;
    /* step 2: w = s^-1, u1 = z w, u2 = r w (mod q); v = (g^u1 y^u2 mod p) mod q */
    if (cb_bn_mod_inv(w, ss, mq->n, ql) != 0)
        return 1;
    bits2int(z, ql, h, hlen, k->nbits);
    cb_mont_reduce(mq, z, z, ql);
    cb_mont_modmul(mq, u1, z, w);
    cb_mont_modmul(mq, u2, rr, w);
    cb_mont_exp2_vt(mp, v, k->g, u1, k->y, u2, ql);
    cb_mont_reduce(mq, v, v, mp->limbs);
    return cb_bn_cmp(v, rr, ql) == 0 ? 0 : 1;
}

/* ---- raw keys for `kat` ---- */

/* raw_key allocates and loads a DSA key for variant v; NULL when it cannot. */
static cb_dsa_key *raw_key(const cb_variant *v, const cb_dsa_raw *key, int with_x)
{
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    if (!ops)
        return NULL;
    cb_dsa_key *k = cb_xmalloc(sizeof *k);
    if (cb_dsa_key_init(k, ops, &key->p, &key->q, &key->g, &key->y,
                        with_x ? &key->x : NULL) == 0 &&
        (!with_x || k->has_x))
        return k;
    cb_pkey_free_secret(k, sizeof *k);
    return NULL;
}

int cb_dsa_sign_raw(const cb_variant *v, const cb_dsa_raw *key, const uint8_t *msg,
                    size_t len, uint8_t *sig, size_t *siglen)
{
    cb_pkey_hash hash;
    uint8_t h[CB_SHA256_BYTES];
    cb_dsa_key *k = cb_pkey_hash_msg(&hash, msg, len, h) == 0 ? raw_key(v, key, 1) : NULL;
    if (!k)
        return -1;
    int rc = -1;
    if (*siglen >= 2 * k->qbytes) {
        rc = cb_dsa_sign_digest(k, &hash, h, sizeof h, sig, sig + k->qbytes);
        *siglen = 2 * k->qbytes;
    }
    cb_pkey_free_secret(k, sizeof *k);
    return rc;
}

int cb_dsa_verify_raw(const cb_variant *v, const cb_dsa_raw *key, const uint8_t *msg,
                      size_t len, const cb_pkey_num *r, const cb_pkey_num *s)
{
    cb_pkey_hash hash;
    uint8_t h[CB_SHA256_BYTES];
    cb_dsa_key *k = cb_pkey_hash_msg(&hash, msg, len, h) == 0 ? raw_key(v, key, 0) : NULL;
    if (!k)
        return -1;
    int rc = cb_dsa_verify_digest(k, h, sizeof h, r, s);
    cb_pkey_free_secret(k, sizeof *k);
    return rc;
}
