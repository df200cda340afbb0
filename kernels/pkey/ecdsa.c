/*
 * kernels/pkey/ecdsa.c - ECDSA over NIST P-256 (FIPS 186-4 6.4, SEC 1 4.1.3 and 4.1.4)
 * on a P-256 variant's group and scalar code (cb_p256_ops), with RFC 6979 3.2's
 * deterministic nonces over HMAC-SHA-256, the raw entry points `kat` uses, and the
 * selftest's known answers.
 *
 * What touches the private key or the nonce is constant time: [k]G, the products and
 * the inversion modulo n go through the variant (masked scans, a fixed exponent
 * chain), and the additions and reductions here are masked.  The nonce candidates
 * that RFC 6979 rejects reveal nothing about the accepted one.  Verification handles
 * public data only and may branch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

/* n, the order of G (SP 800-186 3.2.1.3), big-endian */
static const uint8_t N[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};

/* An RFC 6979 candidate is below n unless its top 32 bits are all ones and more: a
 * chance of about 2^-32 each, so a handful of attempts always suffices. */
#define ECDSA_MAX_ATTEMPTS 16

const cb_p256_ops *cb_pkey_p256_ops(const cb_variant *v)
{
    if (!v || v->prim != CB_PRIM_P256 || !v->ops)
        return NULL;
    const cb_p256_ops *ops = v->ops;
    return ops->init && ops->base && ops->check && ops->ord_mul && ops->ord_inv ? ops : NULL;
}

/* sub_n sets out = a - n and returns the borrow (1 when a < n), constant time. */
static unsigned sub_n(uint8_t out[32], const uint8_t a[32])
{
    unsigned borrow = 0;
    for (int i = 31; i >= 0; i--) {
        unsigned d = (unsigned)a[i] - N[i] - borrow;
        out[i] = (uint8_t)d;
        borrow = (d >> 8) & 1;
    }
    return borrow;
}

/* select sets out = mask ? a : b bytewise (mask 0xff or 0). */
static void select_bytes(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], uint8_t mask)
{
    for (int i = 0; i < 32; i++)
        out[i] = (uint8_t)((a[i] & mask) | (b[i] & ~mask));
}

/* reduce_once sets out = a mod n for any 256-bit a (a < 2^256 < 2n). */
static void reduce_once(uint8_t out[32], const uint8_t a[32])
{
    uint8_t t[32];
    uint8_t below = (uint8_t)(0u - sub_n(t, a));
    select_bytes(out, a, t, below);
    cb_wipe(t, sizeof t);
}

/* add_mod_n sets out = a + b mod n for a, b < n, constant time. */
static void add_mod_n(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint8_t s[32], t[32];
    unsigned carry = 0;
    for (int i = 31; i >= 0; i--) {
        unsigned x = (unsigned)a[i] + b[i] + carry;
        s[i] = (uint8_t)x;
        carry = x >> 8;
    }
    unsigned borrow = sub_n(t, s);
    /* keep the sum when it did not overflow and is below n */
    uint8_t keep = (uint8_t)(0u - (borrow & (carry ^ 1)));
    select_bytes(out, s, t, keep);
    cb_wipe(s, sizeof s);
    cb_wipe(t, sizeof t);
}

static unsigned is_zero(const uint8_t a[32])
{
    unsigned x = 0;
    for (int i = 0; i < 32; i++)
        x |= a[i];
    return ((x - 1) >> 8) & 1;
}

/* in_range reports 0 < a < n, constant time. */
static unsigned in_range(const uint8_t a[32])
{
    uint8_t t[32];
    unsigned r = sub_n(t, a) & (is_zero(a) ^ 1);
    cb_wipe(t, sizeof t);
    return r;
}

/* bits2int sets z = the leftmost 256 bits of h as a number (FIPS 186-4 6.4: the
 * leftmost min(256, outlen) bits), reduced modulo n. */
static void hash_to_z(uint8_t z[32], const uint8_t *h, size_t hlen)
{
    uint8_t t[32] = {0};
    if (hlen >= 32)
        memcpy(t, h, 32);
    else
        memcpy(t + 32 - hlen, h, hlen);
    reduce_once(z, t);
}

int cb_ecdsa_key_init(cb_ecdsa_key *k, const cb_variant *v)
{
    memset(k, 0, sizeof *k);
    const cb_p256_ops *ops = cb_pkey_p256_ops(v);
    if (!ops || cb_pkey_hash_init(&k->hash) != 0)
        return -1;
    k->ops = ops;
    k->ctx = cb_xmalloc(ops->ctx_size);
    ops->init(k->ctx);
    return 0;
}

int cb_ecdsa_key_set_priv(cb_ecdsa_key *k, const uint8_t d[32])
{
    if (!in_range(d))
        return -1;
    memcpy(k->d, d, 32);
    k->has_d = 1;
    return k->ops->base(k->ctx, k->qx, k->qy, d);
}

void cb_ecdsa_key_set_pub(cb_ecdsa_key *k, const uint8_t qx[32], const uint8_t qy[32])
{
    memcpy(k->qx, qx, 32);
    memcpy(k->qy, qy, 32);
}

void cb_ecdsa_key_free(cb_ecdsa_key *k)
{
    if (k->ops)
        cb_pkey_free_secret(k->ctx, k->ops->ctx_size);
    cb_wipe(k, sizeof *k);
}

void cb_ecdsa_nonce(const cb_ecdsa_key *k, const uint8_t h[CB_SHA256_BYTES], unsigned skip,
                    uint8_t kout[32])
{
    uint8_t seed[64];
    cb_rfc6979 st;
    /* step d's input: int2octets(x) || bits2octets(h1); qlen = hlen = 256, so
     * bits2octets is h1 reduced modulo n once */
    memcpy(seed, k->d, 32);
    hash_to_z(seed + 32, h, CB_SHA256_BYTES);
    memset(st.V, 0x01, sizeof st.V); /* step b */
    memset(st.K, 0x00, sizeof st.K); /* step c */
    cb_rfc6979_step(&st, &k->hash, 0x00, seed, sizeof seed);
    cb_rfc6979_step(&st, &k->hash, 0x01, seed, sizeof seed);
    for (;;) {
        /* step h: one HMAC output is qlen bits, so T = V and k = bits2int(T) */
        cb_pkey_hmac_sha256(&k->hash, st.K, st.V, sizeof st.V, NULL, 0, NULL, 0, st.V);
        memcpy(kout, st.V, 32);
        unsigned ok = in_range(kout);
        cb_pkey_public(&ok, sizeof ok); /* RFC 6979 3.2 h.3: the candidate's fate */
        if (ok && skip-- == 0)
            break;
        cb_rfc6979_step(&st, &k->hash, 0x00, NULL, 0);
    }
    cb_wipe(seed, sizeof seed);
    cb_wipe(&st, sizeof st);
}

int cb_ecdsa_sign_k(const cb_ecdsa_key *k, const uint8_t *h, size_t hlen, const uint8_t kk[32],
                    uint8_t r[32], uint8_t s[32])
{
    uint8_t x[32], y[32], z[32], t[32], kinv[32];
    int rc = -1;
    memset(r, 0, 32);
    memset(s, 0, 32);
    unsigned ok = k->has_d && in_range(kk);
    cb_pkey_public(&ok, sizeof ok);
    if (!ok)
        return -1;
    int base_rc = k->ops->base(k->ctx, x, y, kk);
    cb_pkey_public(&base_rc, sizeof base_rc);
    if (base_rc != 0)
        return -1;
    /* SEC 1 4.1.3 steps 1-6: r = x(kG) mod n, s = k^-1 (z + r d) mod n */
    cb_pkey_public(x, sizeof x); /* r is x(kG) mod n */
    reduce_once(r, x);
    hash_to_z(z, h, hlen);
    k->ops->ord_mul(k->ctx, t, r, k->d);
    add_mod_n(t, t, z);
    k->ops->ord_inv(k->ctx, kinv, kk);
    k->ops->ord_mul(k->ctx, s, kinv, t);
    cb_pkey_public(s, 32);
    if (!is_zero(r) && !is_zero(s))
        rc = 0;
    cb_wipe(y, sizeof y);
    cb_wipe(t, sizeof t);
    cb_wipe(kinv, sizeof kinv);
    return rc;
}

int cb_ecdsa_sign_digest(const cb_ecdsa_key *k, const uint8_t h[CB_SHA256_BYTES],
                         uint8_t r[32], uint8_t s[32])
{
    uint8_t kk[32];
    int rc = -1;
    if (!k->has_d)
        return -1;
    for (unsigned attempt = 0; attempt < ECDSA_MAX_ATTEMPTS && rc != 0; attempt++) {
        cb_ecdsa_nonce(k, h, attempt, kk);
        rc = cb_ecdsa_sign_k(k, h, CB_SHA256_BYTES, kk, r, s);
    }
    cb_wipe(kk, sizeof kk);
    return rc;
}

/* num32 writes x as 32 big-endian bytes; -1 when it needs more. */
static int num32(uint8_t out[32], const cb_pkey_num *x)
{
    size_t len = x->len;
    const uint8_t *b = x->b;
    while (len > 32 && *b == 0) {
        b++;
        len--;
    }
    if (len > 32)
        return -1;
    memset(out, 0, 32 - len);
    memcpy(out + 32 - len, b, len);
    return 0;
}

int cb_ecdsa_verify_digest(const cb_ecdsa_key *k, const uint8_t *h, size_t hlen,
                           const cb_pkey_num *r, const cb_pkey_num *s)
{
    uint8_t rb[32], sb[32], z[32], w[32], u1[32], u2[32], x[32];
    /* SEC 1 4.1.4 step 1: r and s in [1, n-1] */
    if (num32(rb, r) != 0 || num32(sb, s) != 0 || !in_range(rb) || !in_range(sb))
        return 1;
    hash_to_z(z, h, hlen);
    k->ops->ord_inv(k->ctx, w, sb);
    k->ops->ord_mul(k->ctx, u1, z, w);
    k->ops->ord_mul(k->ctx, u2, rb, w);
    if (k->ops->check(k->ctx, x, u1, u2, k->qx, k->qy) != 0)
        return 1;
    reduce_once(x, x);
    return memcmp(x, rb, 32) == 0 ? 0 : 1;
}

/* ---- raw keys, for the CAVP files ---- */

/* raw_hash hashes msg with the raw key's digest (SHA-256 when none is named). */
static int raw_hash(const cb_ecdsa_raw *key, const uint8_t *msg, size_t len, uint8_t h[64],
                    size_t *hlen)
{
    const cb_alg *d = key->hash ? key->hash : cb_alg_find("sha256");
    const cb_variant *g = d ? cb_variant_generic(d) : NULL;
    if (!g || d->kind != CB_KIND_DIGEST || d->out_bytes > 64)
        return -1;
    cb_digest(d, g, msg, len, h);
    *hlen = d->out_bytes;
    return 0;
}

int cb_ecdsa_verify_raw(const cb_variant *v, const cb_ecdsa_raw *key, const uint8_t *msg,
                        size_t len, const cb_pkey_num *r, const cb_pkey_num *s)
{
    uint8_t qx[32], qy[32], h[64];
    size_t hlen;
    cb_ecdsa_key k;
    if (raw_hash(key, msg, len, h, &hlen) != 0 || cb_ecdsa_key_init(&k, v) != 0)
        return -1;
    int rc = 1; /* a coordinate over 256 bits is no point of the curve */
    if (num32(qx, &key->qx) == 0 && num32(qy, &key->qy) == 0) {
        cb_ecdsa_key_set_pub(&k, qx, qy);
        rc = cb_ecdsa_verify_digest(&k, h, hlen, r, s);
    }
    cb_ecdsa_key_free(&k);
    return rc;
}

int cb_ecdsa_sign_raw(const cb_variant *v, const cb_ecdsa_raw *key, const uint8_t *msg,
                      size_t len, const cb_pkey_num *nonce, uint8_t qx[32], uint8_t qy[32],
                      uint8_t sig[64])
{
    uint8_t d[32], kk[32], h[64];
    size_t hlen;
    cb_ecdsa_key k;
    if (raw_hash(key, msg, len, h, &hlen) != 0 || num32(d, &key->d) != 0 ||
        (nonce && num32(kk, nonce) != 0) || cb_ecdsa_key_init(&k, v) != 0)
        return -1;
    int rc = cb_ecdsa_key_set_priv(&k, d);
    if (rc == 0) {
        memcpy(qx, k.qx, 32);
        memcpy(qy, k.qy, 32);
        if (nonce)
            rc = cb_ecdsa_sign_k(&k, h, hlen, kk, sig, sig + 32);
        else if (hlen == CB_SHA256_BYTES)
            rc = cb_ecdsa_sign_digest(&k, h, sig, sig + 32);
        else
            rc = -1; /* RFC 6979 here is over SHA-256 only */
    }
    cb_ecdsa_key_free(&k);
    cb_wipe(d, sizeof d);
    cb_wipe(kk, sizeof kk);
    return rc;
}

/* ---- selftest ---- */

const cb_ecdsa_a25_key cb_ecdsa_a25_key_hex = {
    "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
    "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6",
    "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
};

const cb_ecdsa_a25_sig cb_ecdsa_a25[CB_ECDSA_A25_COUNT] = {
    {"sample", "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60",
     "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
     "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
    {"test", "d16b6ae827f17175e040871a1c7ec3500192c4c92677336ec2537acaee0008e0",
     "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367",
     "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"},
};

const char *cb_ecdsa_selftest(const cb_variant *v)
{
    uint8_t d[32], ux[32], uy[32], want[96], kk[32], sig[64], h[CB_SHA256_BYTES];
    cb_ecdsa_key k;
    const cb_ecdsa_a25_key *kh = &cb_ecdsa_a25_key_hex;
    if (cb_hex_bytes(d, 32, kh->x) || cb_hex_bytes(ux, 32, kh->ux) ||
        cb_hex_bytes(uy, 32, kh->uy) || cb_ecdsa_key_init(&k, v) != 0)
        return "cannot load RFC 6979 A.2.5's key";
    const char *why = NULL;
    if (cb_ecdsa_key_set_priv(&k, d) != 0 || memcmp(k.qx, ux, 32) || memcmp(k.qy, uy, 32))
        why = "derives a wrong public key for RFC 6979 A.2.5";
    for (size_t i = 0; !why && i < CB_ECDSA_A25_COUNT; i++) {
        const cb_ecdsa_a25_sig *t = &cb_ecdsa_a25[i];
        if (cb_hex_bytes(want, 32, t->k) || cb_hex_bytes(want + 32, 32, t->r) ||
            cb_hex_bytes(want + 64, 32, t->s)) {
            why = "cannot decode a known answer";
            break;
        }
        cb_pkey_sha256(&k.hash, (const uint8_t *)t->msg, strlen(t->msg), h);
        cb_ecdsa_nonce(&k, h, 0, kk);
        cb_pkey_num r = {sig, 32}, s = {sig + 32, 32};
        if (memcmp(kk, want, 32) != 0)
            why = "derives a wrong RFC 6979 nonce (A.2.5)";
        else if (cb_ecdsa_sign_digest(&k, h, sig, sig + 32) != 0 ||
                 memcmp(sig, want + 32, 64) != 0)
            why = "gives a wrong signature for RFC 6979 A.2.5";
        else if (cb_ecdsa_verify_digest(&k, h, sizeof h, &r, &s) != 0)
            why = "rejects RFC 6979 A.2.5's signature";
        else {
            h[3] ^= 0x04;
            if (cb_ecdsa_verify_digest(&k, h, sizeof h, &r, &s) != 1)
                why = "accepts RFC 6979 A.2.5's signature for another hash";
        }
    }
    cb_ecdsa_key_free(&k);
    return why;
}
