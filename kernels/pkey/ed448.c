/*
 * kernels/pkey/ed448.c - Ed448 signatures (RFC 8032 5.2) over a curve448 variant's
 * group (cb_c448_ops: ed_base, ed_check): SHAKE256 (the portable sponge of
 * kernels/generic/sponge.h) with dom4's prefix, the scalars modulo the group order
 * L, and the selftest.  The rows sign pure Ed448 (an empty context); the context is
 * a parameter so RFC 8032's test with one is checked too.
 *
 * Constant time where a secret is involved: [r]B and the public key's [s]B go
 * through ed_base (signed digits, masked table scans); reduction modulo L folds the
 * bits above 2^446 back times 2^446 - L a fixed four times and subtracts L once
 * with masks, and the product k s + r is schoolbook over every limb.  Verification
 * handles public data only and may branch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/sponge.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

/* SC_LIMBS: 32-bit limbs of a number being reduced (a 912-bit product fits). */
#define SC_LIMBS 30
/* SC_LLIMBS: the limbs of L and of a reduced scalar. */
#define SC_LLIMBS 14

/* L = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885
 * (RFC 8032 5.2), and FOLD = 2^446 - L, little-endian 32-bit limbs. */
static const uint32_t L[SC_LLIMBS] = {0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272,
                                      0xaed63690, 0xc44edb49, 0x7cca23e9, 0xffffffff,
                                      0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                                      0xffffffff, 0x3fffffff};
static const uint32_t FOLD[7] = {0x54a7bb0d, 0xdc873d6d, 0x723a70aa, 0xde933d8d,
                                 0x5129c96f, 0x3bb124b6, 0x8335dc16};

/* sc_load sets x = the little-endian in[0..len), len <= 4 SC_LIMBS. */
static void sc_load(uint32_t x[SC_LIMBS], const uint8_t *in, size_t len)
{
    memset(x, 0, SC_LIMBS * sizeof *x);
    for (size_t i = 0; i < len; i++)
        x[i / 4] |= (uint32_t)in[i] << (8 * (i % 4));
}

/* sc_fold sets x = (x mod 2^446) + (x >> 446) FOLD, which is x mod L again: the
 * 514 high bits times the 224-bit FOLD, added row by row with full carries. */
static void sc_fold(uint32_t x[SC_LIMBS])
{
    uint32_t hi[SC_LIMBS - 13];
    for (int i = 0; i < SC_LIMBS - 13; i++)
        hi[i] = x[13 + i] >> 30 | (14 + i < SC_LIMBS ? x[14 + i] << 2 : 0);
    x[13] &= 0x3fffffff;
    for (int i = 14; i < SC_LIMBS; i++)
        x[i] = 0;
    for (int i = 0; i < SC_LIMBS - 13; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 7; j++) {
            uint64_t t = (uint64_t)hi[i] * FOLD[j] + x[i + j] + carry;
            x[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        for (int j = i + 7; j < SC_LIMBS; j++) {
            uint64_t t = (uint64_t)x[j] + carry;
            x[j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    cb_wipe(hi, sizeof hi);
}

/* sc_reduce_limbs sets out = x mod L (57 bytes, the last 0) for x below 2^960: four
 * folds leave x below 2^446 + 2^224 < 2L, then L is subtracted when it does not
 * borrow, selected with masks. */
static void sc_reduce_limbs(uint8_t out[CB_ED448_BYTES], uint32_t x[SC_LIMBS])
{
    for (int n = 0; n < 4; n++)
        sc_fold(x);
    uint32_t t[SC_LLIMBS + 1];
    uint64_t borrow = 0;
    for (int j = 0; j <= SC_LLIMBS; j++) {
        uint64_t d = (uint64_t)x[j] - (j < SC_LLIMBS ? L[j] : 0) - borrow;
        t[j] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
    uint32_t keep = (uint32_t)0 - (uint32_t)borrow; /* all ones: x < L, keep x */
    for (int j = 0; j < SC_LLIMBS; j++)
        x[j] = (x[j] & keep) | (t[j] & ~keep);
    for (int i = 0; i < CB_ED448_BYTES; i++)
        out[i] = i < 4 * SC_LLIMBS ? (uint8_t)(x[i / 4] >> (8 * (i % 4))) : 0;
    cb_wipe(t, sizeof t);
}

/* sc_reduce sets out = in[0..len) mod L (little-endian, len <= 120). */
static void sc_reduce(uint8_t out[CB_ED448_BYTES], const uint8_t *in, size_t len)
{
    uint32_t x[SC_LIMBS];
    sc_load(x, in, len);
    sc_reduce_limbs(out, x);
    cb_wipe(x, sizeof x);
}

/* sc_muladd sets out = (a b + c) mod L for 57-byte little-endian a, b, c. */
static void sc_muladd(uint8_t out[CB_ED448_BYTES], const uint8_t a[CB_ED448_BYTES],
                      const uint8_t b[CB_ED448_BYTES], const uint8_t c[CB_ED448_BYTES])
{
    enum { N = 15 }; /* limbs of a 57-byte number */
    uint32_t x[SC_LIMBS], y[SC_LIMBS], acc[SC_LIMBS];
    sc_load(x, a, CB_ED448_BYTES);
    sc_load(y, b, CB_ED448_BYTES);
    sc_load(acc, c, CB_ED448_BYTES);
    for (int i = 0; i < N; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < N; j++) {
            uint64_t p = (uint64_t)x[i] * y[j] + acc[i + j] + carry;
            acc[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
        for (int j = i + N; j < SC_LIMBS; j++) {
            uint64_t p = (uint64_t)acc[j] + carry;
            acc[j] = (uint32_t)p;
            carry = p >> 32;
        }
    }
    sc_reduce_limbs(out, acc);
    cb_wipe(acc, sizeof acc);
    cb_wipe(x, sizeof x);
    cb_wipe(y, sizeof y);
}

/* shake_dom sets out = SHAKE256(dom4(0, ctx) || p1 || p2 || p3, 114) (RFC 8032 5.2;
 * a NULL part is empty). */
static void shake_dom(uint8_t out[2 * CB_ED448_BYTES], const uint8_t *ctx, size_t ctxlen,
                      const uint8_t *p1, size_t l1, const uint8_t *p2, size_t l2,
                      const uint8_t *p3, size_t l3)
{
    static const uint8_t dom4[8] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8'};
    uint8_t flags[2] = {0, (uint8_t)ctxlen}; /* phflag 0: pure Ed448 */
    cb_sponge s;
    cb_shake256_init(&s);
    cb_shake256_absorb(&s, dom4, sizeof dom4);
    cb_shake256_absorb(&s, flags, sizeof flags);
    cb_shake256_absorb(&s, ctx, ctx ? ctxlen : 0);
    cb_shake256_absorb(&s, p1, p1 ? l1 : 0);
    cb_shake256_absorb(&s, p2, p2 ? l2 : 0);
    cb_shake256_absorb(&s, p3, p3 ? l3 : 0);
    cb_shake256_finalize(&s);
    cb_shake256_squeeze(&s, out, 2 * CB_ED448_BYTES);
    cb_sponge_wipe(&s);
}

/* group_init readies k's group table for variant v; -1 when v has no Ed448 group. */
static int group_init(cb_ed448_key *k, const cb_variant *v)
{
    memset(k, 0, sizeof *k);
    const cb_c448_ops *ops = cb_pkey_c448_ops(v);
    if (!ops || !ops->ed_init || !ops->ed_base || !ops->ed_check)
        return -1;
    k->ops = ops;
    k->ctx = cb_xmalloc(ops->ed_size);
    ops->ed_init(k->ctx);
    return 0;
}

int cb_ed448_key_init(cb_ed448_key *k, const cb_variant *v, const uint8_t seed[CB_ED448_BYTES])
{
    if (group_init(k, v) != 0)
        return -1;
    /* 5.2.5: h = SHAKE256(seed, 114); s = h[0..57) pruned; prefix = h[57..114).  [s]B
     * is taken as [s mod L]B, the same point, so ed_base sees a number below 2^446. */
    uint8_t h[2 * CB_ED448_BYTES];
    cb_shake256(h, sizeof h, seed, CB_ED448_BYTES);
    h[0] &= 0xfc;
    h[55] |= 0x80;
    h[56] = 0;
    sc_reduce(k->s, h, CB_ED448_BYTES);
    memcpy(k->prefix, h + CB_ED448_BYTES, CB_ED448_BYTES);
    k->ops->ed_base(k->ctx, k->pub, k->s);
    cb_wipe(h, sizeof h);
    return 0;
}

void cb_ed448_key_free(cb_ed448_key *k)
{
    if (k->ops)
        cb_pkey_free_secret(k->ctx, k->ops->ed_size);
    cb_wipe(k, sizeof *k);
}

void cb_ed448_sign(const cb_ed448_key *k, const uint8_t *ctx, size_t ctxlen, const uint8_t *msg,
                   size_t len, uint8_t sig[CB_ED448_SIG_BYTES])
{
    uint8_t h[2 * CB_ED448_BYTES], r[CB_ED448_BYTES], kk[CB_ED448_BYTES];
    /* 5.2.6: r = SHAKE256(dom4 || prefix || M) mod L, R = [r]B,
     * k = SHAKE256(dom4 || R || A || M) mod L, S = (r + k s) mod L */
    shake_dom(h, ctx, ctxlen, k->prefix, CB_ED448_BYTES, msg, len, NULL, 0);
    sc_reduce(r, h, sizeof h);
    k->ops->ed_base(k->ctx, sig, r);
    shake_dom(h, ctx, ctxlen, sig, CB_ED448_BYTES, k->pub, CB_ED448_BYTES, msg, len);
    sc_reduce(kk, h, sizeof h);
    sc_muladd(sig + CB_ED448_BYTES, kk, k->s, r);
    cb_wipe(h, sizeof h);
    cb_wipe(r, sizeof r);
}

/* below_l reports whether the 57-byte little-endian s is below L (S's range). */
static int below_l(const uint8_t s[CB_ED448_BYTES])
{
    uint32_t x[SC_LIMBS];
    sc_load(x, s, CB_ED448_BYTES);
    if (x[SC_LLIMBS] != 0)
        return 0;
    for (int i = SC_LLIMBS - 1; i >= 0; i--)
        if (x[i] != L[i])
            return x[i] < L[i];
    return 0;
}

int cb_ed448_verify(const cb_ed448_key *k, const uint8_t pub[CB_ED448_BYTES], const uint8_t *ctx,
                    size_t ctxlen, const uint8_t *msg, size_t len,
                    const uint8_t sig[CB_ED448_SIG_BYTES])
{
    uint8_t h[2 * CB_ED448_BYTES], kk[CB_ED448_BYTES], check[CB_ED448_BYTES];
    if (!below_l(sig + CB_ED448_BYTES))
        return 1;
    shake_dom(h, ctx, ctxlen, sig, CB_ED448_BYTES, pub, CB_ED448_BYTES, msg, len);
    sc_reduce(kk, h, sizeof h);
    if (k->ops->ed_check(k->ctx, check, sig + CB_ED448_BYTES, kk, pub) != 0)
        return 1;
    return memcmp(check, sig, CB_ED448_BYTES) == 0 ? 0 : 1;
}

int cb_ed448_sign_raw(const cb_variant *v, const uint8_t seed[CB_ED448_BYTES],
                      const uint8_t *ctx, size_t ctxlen, const uint8_t *msg, size_t len,
                      uint8_t pub[CB_ED448_BYTES], uint8_t sig[CB_ED448_SIG_BYTES])
{
    cb_ed448_key k;
    if (ctxlen > 255 || cb_ed448_key_init(&k, v, seed) != 0)
        return -1;
    cb_ed448_sign(&k, ctx, ctxlen, msg, len, sig);
    memcpy(pub, k.pub, CB_ED448_BYTES);
    cb_ed448_key_free(&k);
    return 0;
}

int cb_ed448_verify_raw(const cb_variant *v, const uint8_t pub[CB_ED448_BYTES],
                        const uint8_t *ctx, size_t ctxlen, const uint8_t *msg, size_t len,
                        const uint8_t sig[CB_ED448_SIG_BYTES])
{
    cb_ed448_key k;
    if (ctxlen > 255)
        return -1;
    int rc = group_init(&k, v) != 0 ? -1 : cb_ed448_verify(&k, pub, ctx, ctxlen, msg, len, sig);
    cb_ed448_key_free(&k);
    return rc;
}

/* ---- selftest ---- */

/* An RFC 8032 7.4 test: secret key (seed), public key, context, message, signature. */
typedef struct ed448_kat {
    const char *source, *seed, *pub, *ctx, *msg, *sig;
} ed448_kat;

static const ed448_kat kats[] = {
    {"RFC 8032 7.4 -----Blank",
     "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b"
     "94492f8f032e7549a20098f95b",
     "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783d"
     "f1e50f6cd1fa1abeafe8256180",
     "", "",
     "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22"
     "ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cd"
     "da8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600"},
    {"RFC 8032 7.4 -----1 octet",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397"
     "a659949ef8021e954e0a12274e",
     "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4"
     "cb82169c235160627b4c3a9480",
     "", "03",
     "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de"
     "8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a64729"
     "05e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00"},
    {"RFC 8032 7.4 -----1 octet (with context)",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397"
     "a659949ef8021e954e0a12274e",
     "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4"
     "cb82169c235160627b4c3a9480",
     "666f6f", "03",
     "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb8"
     "42d607217fce6e042f6815ea000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f"
     "578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00"},
};

/* one_kat signs and verifies one test on v; NULL or what failed. */
static const char *one_kat(const cb_variant *v, const ed448_kat *t)
{
    uint8_t seed[CB_ED448_BYTES], pub[CB_ED448_BYTES], want[CB_ED448_SIG_BYTES],
        sig[CB_ED448_SIG_BYTES], ctx[8], msg[8];
    size_t clen = strlen(t->ctx) / 2, mlen = strlen(t->msg) / 2;
    cb_ed448_key k;
    if (clen > sizeof ctx || mlen > sizeof msg || cb_hex_bytes(ctx, clen, t->ctx) ||
        cb_hex_bytes(msg, mlen, t->msg) || cb_hex_bytes(seed, sizeof seed, t->seed) ||
        cb_hex_bytes(pub, sizeof pub, t->pub) || cb_hex_bytes(want, sizeof want, t->sig) ||
        cb_ed448_key_init(&k, v, seed) != 0)
        return "cannot load the key";
    const char *why = NULL;
    cb_ed448_sign(&k, ctx, clen, msg, mlen, sig);
    if (memcmp(k.pub, pub, sizeof pub) != 0)
        why = "derives a wrong public key";
    else if (memcmp(sig, want, sizeof sig) != 0)
        why = "gives a wrong signature";
    else if (cb_ed448_verify(&k, pub, ctx, clen, msg, mlen, sig) != 0)
        why = "rejects the valid signature";
    else if (clen && cb_ed448_verify(&k, pub, NULL, 0, msg, mlen, sig) != 1)
        why = "accepts the signature under another context";
    else {
        sig[5] ^= 0x20;
        if (cb_ed448_verify(&k, pub, ctx, clen, msg, mlen, sig) != 1)
            why = "accepts a signature with one bit changed";
    }
    cb_ed448_key_free(&k);
    return why;
}

const char *cb_ed448_selftest(const cb_variant *v)
{
    static char why[120];
    for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        const char *w = one_kat(v, &kats[i]);
        if (w) {
            snprintf(why, sizeof why, "%s for %s", w, kats[i].source);
            return why;
        }
    }
    return NULL;
}
