/*
 * kernels/pkey/rsa.c - RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 8.2, 9.2) over the
 * bignum core.  Signing with CRT: m1 = c^dp mod p, m2 = c^dq mod q, then Garner's
 * h = qinv (m1 - m2) mod p and s = m2 + q h (RFC 8017 5.1.2 step 2.b), every
 * exponentiation constant time; the result is re-verified with e before it is
 * released, so a fault in one half cannot leak a factor of n (Boneh, DeMillo and
 * Lipton 1997).  No blinding: the exponentiations do not branch on secrets.
 */
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/pkey_impl.h"

/* RFC 8017 9.2 note 1: DER of DigestInfo { id-sha256, NULL } followed by OCTET STRING
 * header for the 32-byte hash. */
static const uint8_t sha256_prefix[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                        0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                        0x01, 0x05, 0x00, 0x04, 0x20};

#define T_LEN (sizeof sha256_prefix + CB_SHA256_BYTES)

/*
 * emsa_encode writes EM = 0x00 0x01 PS 0x00 T of em_len bytes (RFC 8017 9.2 steps
 * 2-5).  Returns -1 when em_len < tLen + 11 ("intended encoded message length too
 * short").
 */
static int emsa_encode(uint8_t *em, size_t em_len, const uint8_t h[CB_SHA256_BYTES])
{
    if (em_len < T_LEN + 11)
        return -1;
    size_t ps = em_len - T_LEN - 3;
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xff, ps);
    em[2 + ps] = 0x00;
    memcpy(em + 3 + ps, sha256_prefix, sizeof sha256_prefix);
    memcpy(em + 3 + ps + sizeof sha256_prefix, h, CB_SHA256_BYTES);
    return 0;
}

/* load_num reads a big-endian number into limbs; -1 if it does not fit. */
static int load_num(cb_limb *r, size_t limbs, const cb_pkey_num *x)
{
    return cb_bn_from_bytes(r, limbs, x->b, x->len);
}

int cb_rsa_key_init(cb_rsa_key *k, const cb_mont_ops *ops, const cb_pkey_num *n,
                    const cb_pkey_num *e, const cb_pkey_num *d)
{
    memset(k, 0, sizeof *k);
    if (cb_pkey_load_modulus(&k->mn, ops, n) != 0 || load_num(k->e, CB_BN_MAX_LIMBS, e) != 0)
        return -1;
    k->bytes = (k->mn.bits + 7) / 8;
    k->el = cb_bn_limbs_for(cb_bn_bits(k->e, CB_BN_MAX_LIMBS));
    if (k->el == 0)
        return -1;
    if (d && d->len > 0) {
        if (load_num(k->d, k->mn.limbs, d) != 0)
            return -1;
        k->has_d = 1;
    }
    return 0;
}

int cb_rsa_key_set_crt(cb_rsa_key *k, const cb_pkey_num *p, const cb_pkey_num *q,
                       const cb_pkey_num *dp, const cb_pkey_num *dq,
                       const cb_pkey_num *qinv)
{
    const cb_mont_ops *ops = k->mn.ops;
    cb_limb t[CB_BN_MAX_LIMBS];
    if (cb_pkey_load_modulus(&k->mp, ops, p) != 0 || cb_pkey_load_modulus(&k->mq, ops, q) != 0 ||
        load_num(k->dp, k->mp.limbs, dp) != 0 || load_num(k->dq, k->mq.limbs, dq) != 0 ||
        load_num(t, k->mp.limbs, qinv) != 0 || !cb_bn_lt(t, k->mp.n, k->mp.limbs))
        return -1;
    /* the recombination writes q h + m2 into the limbs of n */
    if (k->mp.limbs + k->mq.limbs > k->mn.limbs + 1)
        return -1;
    cb_mont_to(&k->mp, k->qinv_m, t);
    cb_wipe(t, sizeof t);
    k->has_crt = 1;
    return 0;
}

/* crt_exp sets s = c^d mod n through the two halves; c < n. */
static void crt_exp(const cb_rsa_key *k, cb_limb *s, const cb_limb *c)
{
    const cb_mont *mp = &k->mp, *mq = &k->mq;
    size_t nl = k->mn.limbs;
    cb_limb cp[CB_BN_MAX_LIMBS], m1[CB_BN_MAX_LIMBS], m2[CB_BN_MAX_LIMBS],
        h[CB_BN_MAX_LIMBS], qh[2 * CB_BN_MAX_LIMBS + 1] = {0};

    cb_mont_reduce(mp, cp, c, nl);
    cb_mont_exp_ct(mp, m1, cp, k->dp, mp->limbs, mp->bits);
    cb_mont_reduce(mq, cp, c, nl);
    cb_mont_exp_ct(mq, m2, cp, k->dq, mq->limbs, mq->bits);
    /* h = qinv (m1 - m2) mod p; m2 may exceed p when q > p */
    cb_mont_reduce(mp, cp, m2, mq->limbs);
    cb_mont_modsub(mp, h, m1, cp);
    cb_mont_mul(mp, h, h, k->qinv_m);
    /* s = m2 + q h < q p = n */
    cb_bn_mul(qh, mq->n, mq->limbs, h, mp->limbs);
    size_t ql = mq->limbs, tl = mp->limbs + mq->limbs;
    cb_limb carry = cb_bn_add(qh, qh, m2, ql);
    for (size_t i = ql; i < tl; i++) {
        cb_dlimb sum = (cb_dlimb)qh[i] + carry;
        qh[i] = (cb_limb)sum;
        carry = (cb_limb)(sum >> CB_LIMB_BITS);
    }
    memcpy(s, qh, nl * sizeof *s);
    cb_wipe(cp, sizeof cp);
    cb_wipe(m1, sizeof m1);
    cb_wipe(m2, sizeof m2);
    cb_wipe(h, sizeof h);
    cb_wipe(qh, sizeof qh);
}

int cb_rsa_sign_digest(const cb_rsa_key *k, const uint8_t h[CB_SHA256_BYTES], uint8_t *sig)
{
    uint8_t em[CB_BN_MAX_BITS / 8];
    cb_limb m[CB_BN_MAX_LIMBS], s[CB_BN_MAX_LIMBS], check[CB_BN_MAX_LIMBS];
    size_t nl = k->mn.limbs;

    memset(sig, 0, k->bytes);
    if ((!k->has_crt && !k->has_d) || emsa_encode(em, k->bytes, h) != 0)
        return -1;
    /* EM starts with 0x00, so m < 2^(8(k-1)) <= n */
    cb_bn_from_bytes(m, nl, em, k->bytes);
    if (k->has_crt)
        crt_exp(k, s, m);
    else
        cb_mont_exp_ct(&k->mn, s, m, k->d, nl, k->mn.bits);
    cb_pkey_public(s, nl * sizeof *s); /* the signature, unless the check below fails */
    cb_mont_exp_vt(&k->mn, check, s, k->e, k->el);
    int ok = cb_bn_cmp(check, m, nl) == 0;
    if (ok)
        cb_bn_to_bytes(sig, k->bytes, s, nl);
    cb_wipe(s, sizeof s);
    return ok ? 0 : -1;
}

int cb_rsa_verify_digest(const cb_rsa_key *k, const uint8_t h[CB_SHA256_BYTES],
                         const uint8_t *sig, size_t siglen)
{
    uint8_t em[CB_BN_MAX_BITS / 8], got[CB_BN_MAX_BITS / 8];
    cb_limb s[CB_BN_MAX_LIMBS], m[CB_BN_MAX_LIMBS];
    size_t nl = k->mn.limbs;

    if (emsa_encode(em, k->bytes, h) != 0)
        return -1;
    /* RFC 8017 8.2.2 step 1 and RSAVP1 step 1: the length, then s < n */
    if (siglen != k->bytes || cb_bn_from_bytes(s, nl, sig, siglen) != 0 ||
        cb_bn_cmp(s, k->mn.n, nl) >= 0)
        return 1;
    cb_mont_exp_vt(&k->mn, m, s, k->e, k->el);
    cb_bn_to_bytes(got, k->bytes, m, nl);
    return memcmp(got, em, k->bytes) == 0 ? 0 : 1;
}

/* ---- raw keys for `kat` ---- */

/* raw_key allocates and loads an RSA key for variant v; NULL when it cannot. */
static cb_rsa_key *raw_key(const cb_variant *v, const cb_rsa_raw *key, int with_d)
{
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    if (!ops)
        return NULL;
    cb_rsa_key *k = cb_xmalloc(sizeof *k);
    if (cb_rsa_key_init(k, ops, &key->n, &key->e, with_d ? &key->d : NULL) == 0 &&
        (!with_d || k->has_d))
        return k;
    cb_pkey_free_secret(k, sizeof *k);
    return NULL;
}

int cb_rsa_pkcs1_sign_raw(const cb_variant *v, const cb_rsa_raw *key, const uint8_t *msg,
                          size_t len, uint8_t *sig, size_t *siglen)
{
    cb_pkey_hash hash;
    uint8_t h[CB_SHA256_BYTES];
    cb_rsa_key *k = cb_pkey_hash_msg(&hash, msg, len, h) == 0 ? raw_key(v, key, 1) : NULL;
    if (!k)
        return -1;
    int rc = -1;
    if (*siglen >= k->bytes) {
        rc = cb_rsa_sign_digest(k, h, sig);
        *siglen = k->bytes;
    }
    cb_pkey_free_secret(k, sizeof *k);
    return rc;
}

int cb_rsa_pkcs1_verify_raw(const cb_variant *v, const cb_rsa_raw *key, const uint8_t *msg,
                            size_t len, const uint8_t *sig, size_t siglen)
{
    cb_pkey_hash hash;
    uint8_t h[CB_SHA256_BYTES];
    cb_rsa_key *k = cb_pkey_hash_msg(&hash, msg, len, h) == 0 ? raw_key(v, key, 0) : NULL;
    if (!k)
        return -1;
    int rc = cb_rsa_verify_digest(k, h, sig, siglen);
    cb_pkey_free_secret(k, sizeof *k);
    return rc;
}
