/*
 * kernels/pkey/ed25519.c - Ed25519 signatures (RFC 8032 5.1) over a curve25519
 * variant's group (cb_c25519_ops: ed_base, ed_check): SHA-512 (through the sha512
 * variant auto picks for the capabilities in force, as a library would hash: sha512's
 * own rows compare the variants), the scalars modulo the group order L, and the
 * selftest.
 *
 * Constant time where a secret is involved: [r]B and the public key's [s]B go
 * through ed_base (fixed windows, masked table scans); reduction modulo L is
 * Barrett's, whose products run over every limb and whose final subtractions are
 * selected with masks, and the product k s + r is schoolbook over every limb.  Verification handles public data
 * only and may branch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/caps.h"
#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

/* L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 5.1), little-endian
 * 32-bit limbs. */
static const uint32_t L[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de,
                              0x00000000, 0x00000000, 0x00000000, 0x10000000};

/* MU = floor(2^512 / L), Barrett's constant for L (HAC 14.42 with base 2^32, k = 8),
 * little-endian 32-bit limbs; python3 -c 'print(hex(2**512 // (2**252 +
 * 27742317777372353535851937790883648493)))' prints it. */
static const uint32_t MU[9] = {0x0a2c131b, 0xed9ce5a3, 0x086329a7, 0x2106215d, 0xffffffeb,
                               0xffffffff, 0xffffffff, 0xffffffff, 0x0000000f};

/* sub_l_masked sets r = r - L when r >= L (nine limbs, the ninth r's top), selecting
 * the difference with a mask made from the borrow, so nothing branches on r. */
static void sub_l_masked(uint32_t r[9])
{
    uint32_t t[9];
    uint64_t borrow = 0;
    for (int j = 0; j < 9; j++) {
        uint64_t d = (uint64_t)r[j] - (j < 8 ? L[j] : 0) - borrow;
        t[j] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
    uint32_t keep = (uint32_t)0 - (uint32_t)borrow; /* all ones: r < L, keep r */
    for (int j = 0; j < 9; j++)
        r[j] = (r[j] & keep) | (t[j] & ~keep);
    cb_wipe(t, sizeof t);
}

/*
 * sc_reduce sets out = in[0..len) mod L (little-endian, len <= 64) by Barrett's
 * reduction: q = floor(floor(x / 2^224) MU / 2^288) is at most 2 below floor(x / L),
 * so r = x - q L, computed modulo 2^288, is below 3L and two masked subtractions of
 * L finish.  Every product is over all limbs whatever their values, so the time does
 * not depend on x.
 */
static void sc_reduce(uint8_t out[32], const uint8_t *in, size_t len)
{
    uint32_t x[16] = {0}, r[9];
    uint64_t q2[18] = {0}, ql[9] = {0};
    for (size_t i = 0; i < len; i++)
        x[i / 4] |= (uint32_t)in[i] << (8 * (i % 4));
    /* q2 = (x >> 224) MU: nine limbs by nine, 32-bit columns with their carries */
    for (int i = 0; i < 9; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 9; j++) {
            uint64_t p = (uint64_t)x[7 + i] * MU[j] + q2[i + j] + carry;
            q2[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
        q2[i + 9] = carry;
    }
    /* q = q2 >> 288 (limbs 9..17); ql = q L mod 2^288 (nine limbs) */
    for (int i = 0; i < 9; i++) {
        uint64_t carry = 0;
        for (int j = 0; i + j < 9; j++) {
            uint64_t p = q2[9 + i] * (j < 8 ? L[j] : 0) + ql[i + j] + carry;
            ql[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
    }
    uint64_t borrow = 0;
    for (int j = 0; j < 9; j++) {
        uint64_t d = (uint64_t)x[j] - ql[j] - borrow;
        r[j] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
    sub_l_masked(r);
    sub_l_masked(r);
    for (int i = 0; i < 32; i++)
        out[i] = (uint8_t)(r[i / 4] >> (8 * (i % 4)));
    cb_wipe(x, sizeof x);
    cb_wipe(r, sizeof r);
    cb_wipe(q2, sizeof q2);
    cb_wipe(ql, sizeof ql);
}

static void load_limbs(uint32_t x[8], const uint8_t b[32])
{
    for (int i = 0; i < 8; i++)
        x[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}

/* sc_muladd sets out = (a b + c) mod L for 256-bit little-endian a, b, c with a < L,
 * so a b + c < 2^512, the range sc_reduce takes. */
static void sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32])
{
    uint32_t x[8], y[8], z[8];
    uint64_t acc[17] = {0};
    uint8_t wide[64];
    load_limbs(x, a);
    load_limbs(y, b);
    load_limbs(z, c);
    for (int i = 0; i < 8; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 8; j++) {
            uint64_t p = (uint64_t)x[i] * y[j] + (uint32_t)acc[i + j] + carry;
            acc[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
        acc[i + 8] += carry;
    }
    uint64_t carry = 0;
    for (int i = 0; i < 17; i++) {
        uint64_t s = acc[i] + (i < 8 ? z[i] : 0) + carry;
        acc[i] = (uint32_t)s;
        carry = s >> 32;
    }
    for (int i = 0; i < 64; i++)
        wide[i] = (uint8_t)(acc[i / 4] >> (8 * (i % 4)));
    sc_reduce(out, wide, sizeof wide);
    cb_wipe(acc, sizeof acc);
    cb_wipe(wide, sizeof wide);
    cb_wipe(x, sizeof x);
    cb_wipe(z, sizeof z);
}

/* sha512_of sets out = SHA-512(p1 || p2 || p3) (a NULL part is empty). */
static void sha512_of(const cb_ed25519_key *k, const uint8_t *p1, size_t l1, const uint8_t *p2,
                      size_t l2, const uint8_t *p3, size_t l3, uint8_t out[64])
{
    cb_digest_ctx c;
    /* cannot fail: group_init found a sha512 variant */
    (void)cb_digest_init(&c, k->hash.alg, k->hash.v);
    cb_digest_update(&c, p1, p1 ? l1 : 0);
    cb_digest_update(&c, p2, p2 ? l2 : 0);
    cb_digest_update(&c, p3, p3 ? l3 : 0);
    cb_digest_final(&c, out);
}

/* group_init readies k's group constants and SHA-512 for variant v; -1 when v has no
 * Ed25519 group or SHA-512 is not built. */
static int group_init(cb_ed25519_key *k, const cb_variant *v)
{
    memset(k, 0, sizeof *k);
    const cb_c25519_ops *ops = cb_pkey_c25519_ops(v);
    k->hash.alg = cb_alg_find("sha512");
    k->hash.v = k->hash.alg ? cb_variant_auto(k->hash.alg, CB_DIR_DIGEST, cb_caps_effective())
                            : NULL;
    if (!ops || !ops->ed_init || !ops->ed_base || !ops->ed_check || !k->hash.v)
        return -1;
    k->ops = ops;
    k->ctx = cb_xmalloc(ops->ed_size);
    ops->ed_init(k->ctx);
    return 0;
}

int cb_ed25519_key_init(cb_ed25519_key *k, const cb_variant *v, const uint8_t seed[32])
{
    if (group_init(k, v) != 0)
        return -1;
    /* 5.1.5: h = SHA-512(seed); s = h[0..32) clamped; prefix = h[32..64) */
    uint8_t h[64];
    sha512_of(k, seed, 32, NULL, 0, NULL, 0, h);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    memcpy(k->s, h, 32);
    memcpy(k->prefix, h + 32, 32);
    k->ops->ed_base(k->ctx, k->pub, k->s);
    cb_wipe(h, sizeof h);
    return 0;
}

void cb_ed25519_key_free(cb_ed25519_key *k)
{
    if (k->ops)
        cb_pkey_free_secret(k->ctx, k->ops->ed_size);
    cb_wipe(k, sizeof *k);
}

void cb_ed25519_sign(const cb_ed25519_key *k, const uint8_t *msg, size_t len,
                     uint8_t sig[64])
{
    uint8_t h[64], r[32], kk[32];
    /* 5.1.6: r = SHA-512(prefix || M) mod L, R = [r]B, k = SHA-512(R || A || M) mod L,
     * S = (r + k s) mod L */
    sha512_of(k, k->prefix, 32, msg, len, NULL, 0, h);
    sc_reduce(r, h, sizeof h);
    k->ops->ed_base(k->ctx, sig, r);
    sha512_of(k, sig, 32, k->pub, 32, msg, len, h);
    sc_reduce(kk, h, sizeof h);
    sc_muladd(sig + 32, kk, k->s, r);
    cb_wipe(h, sizeof h);
    cb_wipe(r, sizeof r);
}

/* below_l reports whether the little-endian s is below L (S's canonical range). */
static int below_l(const uint8_t s[32])
{
    uint32_t x[8];
    load_limbs(x, s);
    for (int i = 7; i >= 0; i--)
        if (x[i] != L[i])
            return x[i] < L[i];
    return 0;
}

int cb_ed25519_verify(const cb_ed25519_key *k, const uint8_t pub[32], const uint8_t *msg,
                      size_t len, const uint8_t sig[64])
{
    uint8_t h[64], kk[32], check[32];
    if (!below_l(sig + 32))
        return 1;
    sha512_of(k, sig, 32, pub, 32, msg, len, h);
    sc_reduce(kk, h, sizeof h);
    if (k->ops->ed_check(k->ctx, check, sig + 32, kk, pub) != 0)
        return 1;
    return memcmp(check, sig, 32) == 0 ? 0 : 1;
}

int cb_ed25519_sign_raw(const cb_variant *v, const uint8_t seed[32], const uint8_t *msg,
                        size_t len, uint8_t pub[32], uint8_t sig[64])
{
    cb_ed25519_key k;
    if (cb_ed25519_key_init(&k, v, seed) != 0)
        return -1;
    cb_ed25519_sign(&k, msg, len, sig);
    memcpy(pub, k.pub, 32);
    cb_ed25519_key_free(&k);
    return 0;
}

int cb_ed25519_verify_raw(const cb_variant *v, const uint8_t pub[32], const uint8_t *msg,
                          size_t len, const uint8_t sig[64])
{
    cb_ed25519_key k;
    int rc = group_init(&k, v) != 0 ? -1 : cb_ed25519_verify(&k, pub, msg, len, sig);
    cb_ed25519_key_free(&k);
    return rc;
}

/* ---- selftest ---- */

/* An RFC 8032 7.1 test: secret key (seed), public key, message, signature. */
typedef struct ed_kat {
    const char *source, *seed, *pub, *msg, *sig;
} ed_kat;

static const ed_kat kats[] = {
    {"RFC 8032 7.1 TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701"
     "cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"RFC 8032 7.1 TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d"
     "0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"RFC 8032 7.1 TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f7609"
     "84dc6594a7c15e9716ed28dc027beceea1ec40a"},
};

/* one_kat signs and verifies one test on v; NULL or what failed. */
static const char *one_kat(const cb_variant *v, const char *seedhex, const char *pubhex,
                           const uint8_t *msg, size_t mlen, const char *sighex)
{
    uint8_t seed[32], pub[32], want[64], sig[64];
    cb_ed25519_key k;
    if (cb_hex_bytes(seed, 32, seedhex) || cb_hex_bytes(pub, 32, pubhex) ||
        cb_hex_bytes(want, 64, sighex) || cb_ed25519_key_init(&k, v, seed) != 0)
        return "cannot load the key";
    const char *why = NULL;
    cb_ed25519_sign(&k, msg, mlen, sig);
    if (memcmp(k.pub, pub, 32) != 0)
        why = "derives a wrong public key";
    else if (memcmp(sig, want, 64) != 0)
        why = "gives a wrong signature";
    else if (cb_ed25519_verify(&k, pub, msg, mlen, sig) != 0)
        why = "rejects the valid signature";
    else {
        sig[5] ^= 0x20;
        if (cb_ed25519_verify(&k, pub, msg, mlen, sig) != 1)
            why = "accepts a signature with one bit changed";
    }
    cb_ed25519_key_free(&k);
    return why;
}

const char *cb_ed25519_selftest(const cb_variant *v)
{
    static char why[120];
    for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        uint8_t msg[2];
        size_t mlen = strlen(kats[i].msg) / 2;
        if (cb_hex_bytes(msg, mlen, kats[i].msg) != 0)
            return "cannot decode a known answer";
        const char *w = one_kat(v, kats[i].seed, kats[i].pub, msg, mlen, kats[i].sig);
        if (w) {
            snprintf(why, sizeof why, "%s for %s", w, kats[i].source);
            return why;
        }
    }
    return NULL;
}
