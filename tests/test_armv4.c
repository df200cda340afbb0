/*
 * tests/test_armv4.c - the armv4 family (kernels/armv4/) against the generic
 * kernels, at the level of the ops each variant registers:
 *
 *   - AES: every mode each variant offers, 0..64 blocks (0..1024 bytes), 128/192/256-
 *     bit keys, in three buffer layouts (aligned; input 1 and output 3 bytes past a
 *     64-byte boundary; in place at offset 5), bytes around the output untouched;
 *     the ctr32 counter wrapping inside and across the bit-sliced groups of eight;
 *   - digests: the compression function for 0..16 blocks at offsets 0..3, and whole
 *     messages of every length 0..1024 at offset 1 (padding included);
 *   - GHASH: 0..64 blocks at offsets 0..3; GCM: seal and open of every length
 *     0..1024, misaligned and in place, with and without AAD;
 *   - Montgomery multiplication: every limb count 2..40 and the RSA sizes, with the
 *     result over either operand and both operands the same, extremes included;
 *   - ChaCha20: 0..20 blocks in the three layouts; Poly1305: random and extreme keys
 *     and messages in calls of odd and even block counts, and the final reduction;
 *   - every assembly entry point through the ABI check (tests/abi/abi.h);
 *   - which variant `auto` picks with and without NEON.
 *
 * Tests are generated from the registry, one per variant and check, so a new row in
 * kernels/armv4/family.c is covered without editing this file.  A variant the CPU
 * (after CRYPTOBENCH_CAPS) cannot run prints UNAVAILABLE and is skipped, never
 * passed.  Inputs come from a fixed-seed xorshift generator so a failure reproduces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/registry.h"

#ifndef CB_FAMILY_ARMV4

int main(void)
{
    printf("test_armv4: this build has no armv4 family; nothing to test\n");
    return 0;
}

#else

#include "kernels/armv4/armv4.h"
#include "kernels/pkey/bn.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/gcm.h"
#include "tests/abi/abi.h"

/* ---- helpers ----------------------------------------------------------------------- */

/* prng: xorshift64*, the same sequence on every run. */
typedef struct prng {
    uint64_t x;
} prng;

static uint64_t prng_next(prng *p)
{
    p->x ^= p->x >> 12;
    p->x ^= p->x << 25;
    p->x ^= p->x >> 27;
    return p->x * UINT64_C(0x2545f4914f6cdd1d);
}

static void prng_bytes(prng *p, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(prng_next(p) >> 32);
}

/* zalloc64 returns n zeroed bytes aligned to 64 (the registry's promise to kernels). */
static void *zalloc64(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    assert_non_null(p);
    memset(p, 0, (n + 63) / 64 * 64);
    return p;
}

/* One generated test: a variant and, for the ABI tests, an entry point. */
typedef struct abi_fn abi_fn;
typedef struct tcase {
    const cb_variant *v;
    const abi_fn *f;
} tcase;

/* variant_of returns the test's variant, or skips it with UNAVAILABLE. */
static const cb_variant *variant_of(void **state)
{
    const cb_variant *v = ((const tcase *)*state)->v;
    char why[128];
    if (cb_variant_why_not(v, cb_caps_effective(), why, sizeof why)) {
        print_message("UNAVAILABLE: %s %s\n", v->name, why);
        skip();
    }
    return v;
}

/* generic_of returns the generic variant of the primitive behind algorithm name. */
static const cb_variant *generic_of(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    const cb_variant *g = cb_variant_generic(a);
    assert_non_null(g);
    return g;
}

/* Where a cross-check puts its input and output inside a 64-byte aligned area. */
typedef struct layout {
    const char *name;
    size_t in_off, out_off;
    int in_place;
} layout;

static const layout layouts[] = {
    {"aligned", 0, 0, 0},
    {"in +1, out +3", 1, 3, 0},
    {"in place +5", 5, 5, 1},
};
#define NLAYOUTS (sizeof layouts / sizeof layouts[0])
#define MAXLEN 1024
#define AREA (MAXLEN + 128)

/* ---- AES ---------------------------------------------------------------------------- */

enum { ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CTR, NMODES };
static const char *const mode_names[NMODES] = {"ECB encrypt", "ECB decrypt", "CBC encrypt",
                                                "CBC decrypt", "ctr32"};

/* aes_has says whether ops o offers mode m. */
static int aes_has(const cb_aes_ops *o, int m)
{
    const void *f[NMODES] = {(const void *)o->ecb_encrypt, (const void *)o->ecb_decrypt,
                             (const void *)o->cbc_encrypt, (const void *)o->cbc_decrypt,
                             (const void *)o->ctr32};
    return f[m] != NULL;
}

/* aes_run applies mode m of o to n blocks; enc and dec are its two schedules. */
static void aes_run(const cb_aes_ops *o, const void *enc, const void *dec, int m,
                    uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    switch (m) {
    case ECB_ENC: o->ecb_encrypt(enc, in, out, n); break;
    case ECB_DEC: o->ecb_decrypt(dec, in, out, n); break;
    case CBC_ENC: o->cbc_encrypt(enc, iv, in, out, n); break;
    case CBC_DEC: o->cbc_decrypt(dec, iv, in, out, n); break;
    default: o->ctr32(enc, iv, in, out, n); break;
    }
}

/* aes_keys makes the encryption and decryption schedules of o for key. */
static void aes_keys(const cb_aes_ops *o, void *enc, void *dec, const uint8_t *key,
                     unsigned bits)
{
    assert_int_equal(o->set_encrypt_key(enc, key, bits), 0);
    assert_int_equal(o->set_decrypt_key(dec, key, bits), 0);
}

/* aes_area: a variant's input and output areas for one cross-check. */
typedef struct aes_area {
    uint8_t *in, *out;
} aes_area;

/* aes_place puts n source blocks into area x as layout L says and returns where the
 * output goes; everything else in both areas is a fixed filler. */
static uint8_t *aes_place(aes_area *x, const layout *L, const uint8_t *src, size_t n,
                          uint8_t **in)
{
    memset(x->in, 0x5a, AREA);
    memset(x->out, 0xa5, AREA);
    *in = x->in + L->in_off;
    memcpy(*in, src, 16 * n);
    return L->in_place ? *in : x->out + L->out_off;
}

/* test_aes_xref: every mode, size, length and layout against generic. */
static void test_aes_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_aes_ops *o = v->ops, *g = generic_of("aes-128-cbc")->ops;
    void *ve = zalloc64(o->key_size), *vd = zalloc64(o->key_size);
    void *ge = zalloc64(g->key_size), *gd = zalloc64(g->key_size);
    aes_area va = {zalloc64(AREA), zalloc64(AREA)}, ga = {zalloc64(AREA), zalloc64(AREA)};
    uint8_t *src = zalloc64(MAXLEN), key[32], iv0[16], viv[16], giv[16];
    prng p = {0x0123456789abcdefu};
    static const unsigned bits[] = {128, 192, 256};
    for (size_t b = 0; b < 3; b++) {
        prng_bytes(&p, key, sizeof key);
        aes_keys(o, ve, vd, key, bits[b]);
        aes_keys(g, ge, gd, key, bits[b]);
        for (size_t n = 0; n <= MAXLEN / 16; n++) {
            prng_bytes(&p, src, 16 * n);
            prng_bytes(&p, iv0, 16);
            if (n % 4 == 1) /* ctr32 wraps somewhere inside the call */
                memset(iv0 + 12, 0xff, 3);
            for (int m = 0; m < NMODES; m++) {
                if (!aes_has(o, m))
                    continue;
                for (size_t l = 0; l < NLAYOUTS; l++) {
                    uint8_t *vin, *gin;
                    uint8_t *vout = aes_place(&va, &layouts[l], src, n, &vin);
                    uint8_t *gout = aes_place(&ga, &layouts[l], src, n, &gin);
                    memcpy(viv, iv0, 16);
                    memcpy(giv, iv0, 16);
                    aes_run(o, ve, vd, m, viv, vin, vout, n);
                    aes_run(g, ge, gd, m, giv, gin, gout, n);
                    if (memcmp(va.in, ga.in, AREA) != 0 || memcmp(va.out, ga.out, AREA) != 0 ||
                        memcmp(viv, giv, 16) != 0)
                        fail_msg("%s %s AES-%u, %zu blocks, %s: output, chaining value or "
                                 "the bytes around differ from generic",
                                 v->name, mode_names[m], bits[b], n, layouts[l].name);
                }
            }
        }
    }
    free(ve), free(vd), free(ge), free(gd), free(src);
    free(va.in), free(va.out), free(ga.in), free(ga.out);
}

/* test_aes_ctr_wrap: the counter's low 32 bits wrap without carrying into the other
 * 96 (kernel.h), in the middle of a group of eight and across groups, against ECB of
 * counter blocks built here with generic. */
static void test_aes_ctr_wrap(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_aes_ops *o = v->ops, *g = generic_of("aes-128-ecb")->ops;
    void *ks = zalloc64(o->key_size), *gks = zalloc64(g->key_size);
    enum { N = 40 };
    uint8_t key[16], ctr[16], blocks[16 * N], zero[16 * N] = {0}, want[16 * N], got[16 * N];
    prng p = {42};
    prng_bytes(&p, key, 16);
    assert_int_equal(o->set_encrypt_key(ks, key, 128), 0);
    assert_int_equal(g->set_encrypt_key(gks, key, 128), 0);
    for (unsigned k = 0; k < 14; k++) {
        uint32_t start = 0xffffffffu - 40 + 3 * k; /* wraps at every position of a group */
        prng_bytes(&p, ctr, 12);
        for (unsigned i = 0; i < N; i++) {
            uint32_t c = start + i;
            memcpy(blocks + 16 * i, ctr, 12);
            blocks[16 * i + 12] = (uint8_t)(c >> 24), blocks[16 * i + 13] = (uint8_t)(c >> 16);
            blocks[16 * i + 14] = (uint8_t)(c >> 8), blocks[16 * i + 15] = (uint8_t)c;
        }
        memcpy(ctr, blocks, 16);
        g->ecb_encrypt(gks, blocks, want, N);
        o->ctr32(ks, ctr, zero, got, N);
        if (memcmp(got, want, sizeof got) != 0 || memcmp(ctr, blocks, 16) != 0)
            fail_msg("%s ctr32 from counter %08x: keystream wrong or counter written back",
                     v->name, (unsigned)start);
    }
    free(ks), free(gks);
}

/* test_aes_cipher_layer: every byte length 0..1024 through the cipher layer (CTR's
 * partial blocks, CBC and ECB whole ones), in place at offset 1 and in two calls,
 * so the counter and chaining value are carried between calls. */
static void test_aes_cipher_layer(void **state)
{
    const cb_variant *v = variant_of(state);
    static const char *const algs[] = {"aes-128-ctr", "aes-256-ctr", "aes-128-cbc",
                                       "aes-192-ecb"};
    uint8_t *src = zalloc64(MAXLEN + 8), *vo = zalloc64(MAXLEN + 8), *go = zalloc64(MAXLEN + 8);
    uint8_t key[32], iv[16];
    prng p = {7};
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const cb_alg *a = cb_alg_find(algs[i]);
        const cb_variant *g = cb_variant_generic(a);
        for (int d = CB_DIR_ENCRYPT; d <= CB_DIR_DECRYPT; d++) {
            if (!cb_variant_offers(v, a, (cb_dir)d))
                continue;
            for (size_t len = 0; len <= MAXLEN; len += a->mode == CB_MODE_CTR ? 1 : 16) {
                prng_bytes(&p, key, sizeof key);
                prng_bytes(&p, iv, sizeof iv);
                prng_bytes(&p, src, len);
                /* a CTR call's partial last block uses up its counter (cipher.h), so
                 * splits fall on block boundaries */
                size_t split = len > 128 ? 128 : 0;
                cb_cipher vc, gc;
                assert_int_equal(cb_cipher_init(&vc, a, v, (cb_dir)d, key, iv), 0);
                assert_int_equal(cb_cipher_init(&gc, a, g, (cb_dir)d, key, iv), 0);
                memcpy(vo, src, len); /* in place, misaligned by the buffer's +1 below */
                memmove(vo + 1, vo, len);
                assert_int_equal(cb_cipher_update(&vc, vo + 1, vo + 1, split), 0);
                assert_int_equal(cb_cipher_update(&vc, vo + 1 + split, vo + 1 + split,
                                                  len - split), 0);
                assert_int_equal(cb_cipher_update(&gc, src, go, len), 0);
                cb_cipher_free(&vc);
                cb_cipher_free(&gc);
                if (memcmp(vo + 1, go, len) != 0)
                    fail_msg("%s %s %s, %zu bytes in place +1, split at %zu: differs",
                             v->name, algs[i], d == CB_DIR_ENCRYPT ? "encrypt" : "decrypt",
                             len, split);
            }
        }
    }
    free(src), free(vo), free(go);
}

/* ---- digests ---------------------------------------------------------------------- */

/* digest_alg names an algorithm of v's primitive. */
static const char *digest_alg(const cb_variant *v)
{
    switch (v->prim) {
    case CB_PRIM_MD5: return "md5";
    case CB_PRIM_SHA1: return "sha1";
    case CB_PRIM_SHA256: return "sha256";
    default: return "sha512";
    }
}

/* test_digest_xref: the compression function on 0..16 blocks at offsets 0..3 from
 * several starting states, then whole messages of every length 0..1024 at offset 1. */
static void test_digest_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_alg *a = cb_alg_find(digest_alg(v));
    const cb_variant *g = cb_variant_generic(a);
    const cb_digest_ops *o = v->ops, *go = g->ops;
    size_t bs = a->block_bytes;
    uint8_t *buf = zalloc64(16 * 128 + 8), vst[64], gst[64], vd[64], gd[64];
    prng p = {0xfeed};
    for (size_t off = 0; off < 4; off++) {
        for (size_t n = 0; n <= 16; n++) {
            prng_bytes(&p, buf + off, n * bs);
            prng_bytes(&p, vst, sizeof vst);
            memcpy(gst, vst, sizeof gst);
            o->blocks(vst, buf + off, n);
            go->blocks(gst, buf + off, n);
            if (memcmp(vst, gst, sizeof vst) != 0)
                fail_msg("%s %s blocks: %zu blocks at offset %zu differ", v->name, a->name,
                         n, off);
        }
    }
    for (size_t len = 0; len <= MAXLEN; len++) {
        prng_bytes(&p, buf + 1, len);
        cb_digest(a, v, buf + 1, len, vd);
        cb_digest(a, g, buf + 1, len, gd);
        if (memcmp(vd, gd, a->out_bytes) != 0)
            fail_msg("%s %s: digest of %zu bytes at offset 1 differs", v->name, a->name, len);
    }
    free(buf);
}

/* ---- GHASH and GCM ------------------------------------------------------------------ */

/* test_ghash_xref: 0..64 blocks at offsets 0..3 from random H and Xi. */
static void test_ghash_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_ghash_ops *o = v->ops, *g = generic_of("ghash")->ops;
    void *vt = zalloc64(o->table_size), *gt = zalloc64(g->table_size);
    uint8_t *buf = zalloc64(64 * 16 + 8), h[16], vx[16], gx[16];
    prng p = {0xabc};
    for (size_t off = 0; off < 4; off++) {
        for (size_t n = 0; n <= 64; n++) {
            prng_bytes(&p, h, 16);
            prng_bytes(&p, vx, 16);
            memcpy(gx, vx, 16);
            prng_bytes(&p, buf + off, 16 * n);
            o->init(vt, h);
            g->init(gt, h);
            o->blocks(vt, vx, buf + off, n);
            g->blocks(gt, gx, buf + off, n);
            if (memcmp(vx, gx, 16) != 0)
                fail_msg("%s GHASH of %zu blocks at offset %zu differs", v->name, n, off);
        }
    }
    free(vt), free(gt), free(buf);
}

/* test_gcm_xref: seal and open of every length 0..1024 with 0 or 13 bytes of AAD,
 * misaligned (input +3) and in place, against generic; the tag must verify. */
static void test_gcm_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_alg *a = cb_alg_find("aes-128-gcm");
    const cb_variant *g = cb_variant_generic(a);
    uint8_t *src = zalloc64(MAXLEN + 8), *vo = zalloc64(MAXLEN + 8), *go = zalloc64(MAXLEN + 8);
    uint8_t key[16], iv[12], aad[13], vtag[16], gtag[16];
    prng p = {0x6c6d};
    cb_gcm vg, gg;
    prng_bytes(&p, key, 16);
    assert_int_equal(cb_gcm_init(&vg, a, v, key), 0);
    assert_int_equal(cb_gcm_init(&gg, a, g, key), 0);
    for (size_t len = 0; len <= MAXLEN; len++) {
        size_t aadlen = len % 2 ? 13 : 0;
        prng_bytes(&p, iv, 12);
        prng_bytes(&p, aad, 13);
        prng_bytes(&p, src + 3, len);
        int in_place = len % 3 == 0;
        uint8_t *out = in_place ? src + 3 : vo;
        memcpy(go, src + 3, len);
        cb_gcm_seal(&gg, iv, 12, aad, aadlen, go, go, len, gtag, 16);
        cb_gcm_seal(&vg, iv, 12, aad, aadlen, src + 3, out, len, vtag, 16);
        if (memcmp(out, go, len) != 0 || memcmp(vtag, gtag, 16) != 0)
            fail_msg("%s GCM seal of %zu bytes (%s, AAD %zu) differs", v->name, len,
                     in_place ? "in place +3" : "input +3", aadlen);
        if (cb_gcm_open(&vg, iv, 12, aad, aadlen, go, vo + 1, len, gtag, 16) != 0)
            fail_msg("%s GCM open of %zu bytes rejected a good tag", v->name, len);
    }
    cb_gcm_free(&vg);
    cb_gcm_free(&gg);
    free(src), free(vo), free(go);
}

/* ---- ChaCha20 and Poly1305 ---------------------------------------------------------- */

/* test_chacha_xref: the block function on 0..20 blocks (groups of three and both
 * tails) in each layout against generic, the bytes around the output untouched. */
static void test_chacha_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_chacha_ops *o = v->ops, *g = generic_of("chacha20")->ops;
    enum { MAXB = 20 };
    uint8_t *src = zalloc64(MAXB * 64 + 64), *vbuf = zalloc64(MAXB * 64 + 64);
    uint8_t *gout = zalloc64(MAXB * 64);
    uint32_t key[8], ctr[4];
    prng p = {0xc4ac4a};
    for (size_t l = 0; l < NLAYOUTS; l++) {
        const layout *lay = &layouts[l];
        for (size_t n = 0; n <= MAXB; n++) {
            for (int i = 0; i < 8; i++)
                key[i] = (uint32_t)prng_next(&p);
            for (int i = 0; i < 4; i++)
                ctr[i] = (uint32_t)prng_next(&p);
            ctr[0] %= UINT32_MAX - MAXB; /* the caller never lets the counter wrap */
            prng_bytes(&p, src, MAXB * 64 + 64);
            memcpy(vbuf, src, MAXB * 64 + 64);
            g->blocks(key, ctr, src + lay->in_off, gout, n);
            uint8_t *in = lay->in_place ? vbuf + lay->in_off : src + lay->in_off;
            o->blocks(key, ctr, in, vbuf + lay->out_off, n);
            if (memcmp(vbuf + lay->out_off, gout, 64 * n) != 0)
                fail_msg("%s ChaCha20, %zu blocks (%s): keystream differs", v->name, n,
                         lay->name);
            if (memcmp(vbuf, src, lay->out_off) != 0 ||
                memcmp(vbuf + lay->out_off + 64 * n, src + lay->out_off + 64 * n,
                       MAXB * 64 + 64 - lay->out_off - 64 * n) != 0)
                fail_msg("%s ChaCha20, %zu blocks (%s): wrote outside the output", v->name,
                         n, lay->name);
        }
    }
    free(src), free(vbuf), free(gout);
}

/* poly_tag runs Poly1305 ops p over msg in calls of the given block counts. */
static void poly_tag(const cb_poly1305_ops *p, const uint8_t key[32], const uint8_t *msg,
                     const size_t *calls, size_t ncalls, unsigned padbit, uint8_t tag[16])
{
    void *st = zalloc64(p->state_size);
    p->init(st, key);
    for (size_t i = 0; i < ncalls; i++) {
        p->blocks(st, msg, 16 * calls[i], padbit);
        msg += 16 * calls[i];
    }
    p->emit(st, tag);
    free(st);
}

/* test_poly_xref: the variant's Poly1305 against generic for random and extreme keys
 * (r at its clamped maximum, r = 1) and messages (random, all ones), split into calls
 * of odd and even block counts (the one-block step, the pair loop, its last pair),
 * with pad bit 1 and 0, at offsets 0..3. */
static void test_poly_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_poly1305_ops *o = ((const cb_chacha_ops *)v->ops)->poly;
    const cb_poly1305_ops *g = ((const cb_chacha_ops *)generic_of("chacha20-poly1305")->ops)->poly;
    static const size_t splits[][6] = {
        {1}, {2}, {3}, {4}, {5}, {1, 1, 1}, {2, 1, 2}, {7, 16, 1, 2},
        {256, 1, 1}, {1, 256, 257}, {64, 64, 64, 64, 64, 13}, {514},
    };
    uint8_t *msg = zalloc64(16 * 520 + 8), key[32], vt[16], gt[16];
    prng p = {0x9017};
    for (int keykind = 0; keykind < 3; keykind++) {
        for (int msgkind = 0; msgkind < 2; msgkind++) {
            for (size_t s = 0; s < sizeof splits / sizeof splits[0]; s++) {
                size_t ncalls = 0;
                while (ncalls < 6 && splits[s][ncalls])
                    ncalls++;
                size_t off = s % 4;
                prng_bytes(&p, key, 32);
                if (keykind == 1)
                    memset(key, 0xff, 16); /* clamping leaves r's largest value */
                else if (keykind == 2)
                    memset(key, 0, 16), key[0] = 1;
                if (msgkind == 0)
                    prng_bytes(&p, msg + off, 16 * 520);
                else
                    memset(msg + off, 0xff, 16 * 520);
                for (unsigned padbit = 0; padbit < 2; padbit++) {
                    poly_tag(o, key, msg + off, splits[s], ncalls, padbit, vt);
                    poly_tag(g, key, msg + off, splits[s], ncalls, padbit, gt);
                    if (memcmp(vt, gt, 16) != 0)
                        fail_msg("%s Poly1305: key kind %d, message kind %d, split %zu, pad "
                                 "bit %u: tag differs from generic", v->name, keykind, msgkind,
                                 s, padbit);
                }
            }
        }
    }
    free(msg);
}

/* test_poly_reduce: with r = 1 and s = 0, two all-ones blocks with the pad bit give
 * h = 2 (2^128 - 1 + 2^128) = 2^130 - 2, which is p + 3: the tag must be 3, so the
 * final subtraction of p is taken; one block gives 2^129 - 1 < p, kept as it is. */
static void test_poly_reduce(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_poly1305_ops *o = ((const cb_chacha_ops *)v->ops)->poly;
    uint8_t key[32] = {1}, msg[32], tag[16], want[16] = {3};
    memset(msg, 0xff, sizeof msg);
    size_t two = 2, one = 1;
    poly_tag(o, key, msg, &two, 1, 1, tag);
    if (memcmp(tag, want, 16) != 0)
        fail_msg("%s Poly1305: 2^130 - 2 was not reduced to 3", v->name);
    poly_tag(o, key, msg, &one, 1, 1, tag);
    memset(want, 0xff, 16); /* 2^129 - 1 mod 2^128 */
    if (memcmp(tag, want, 16) != 0)
        fail_msg("%s Poly1305: 2^129 - 1 did not come out as itself", v->name);
}

/* ---- Montgomery multiplication ------------------------------------------------------ */

/* neg_inv32 returns -n^-1 mod 2^32 for odd n (Newton: each step doubles the bits). */
static uint32_t neg_inv32(uint32_t n)
{
    uint32_t x = n; /* right to 3 bits: n * n = 1 mod 8 */
    for (int i = 0; i < 4; i++)
        x *= 2 - n * x;
    return 0 - x;
}

/* random_below fills x (limbs) with a value below n; top == 0 keeps it random. */
static void random_below(prng *p, cb_limb *x, const cb_limb *n, size_t limbs)
{
    for (size_t i = 0; i < limbs; i++)
        x[i] = (cb_limb)prng_next(p);
    x[limbs - 1] %= n[limbs - 1]; /* below n whatever the lower limbs */
}

/* test_mont_xref: mont_armv4_mul against the generic multiplication for every limb
 * count 2..40 and the RSA/DSA sizes: random and extreme operands (0, 1, n - 1),
 * the result written over a, over b, and a == b. */
static void test_mont_xref(void **state)
{
    const cb_variant *v = variant_of(state);
    const cb_mont_ops *o = v->ops;
    static const size_t big[] = {48, 64, 96, 128};
    cb_limb n[CB_BN_MAX_LIMBS], a[CB_BN_MAX_LIMBS], b[CB_BN_MAX_LIMBS], r[CB_BN_MAX_LIMBS],
        want[CB_BN_MAX_LIMBS], x[CB_BN_MAX_LIMBS];
    prng p = {0x6d6f6e74};
    for (size_t k = 2; k <= 40 + sizeof big / sizeof big[0]; k++) {
        size_t L = k <= 40 ? k : big[k - 41];
        for (int round = 0; round < 6; round++) {
            for (size_t i = 0; i < L; i++)
                n[i] = (cb_limb)prng_next(&p);
            n[0] |= 1;
            if (round == 1)
                n[L - 1] = 0xffffffff; /* t's top bit and the final subtraction both occur */
            if (n[L - 1] == 0)
                n[L - 1] = 1;
            cb_limb n0 = neg_inv32(n[0]);
            random_below(&p, a, n, L);
            random_below(&p, b, n, L);
            if (round == 2) { /* n - 1 squared */
                memcpy(a, n, L * sizeof *a);
                a[0] -= 1;
                memcpy(b, a, L * sizeof *b);
            } else if (round == 3) {
                memset(a, 0, L * sizeof *a);
            }
            cb_mont_mul_generic(want, a, b, n, n0, L);
            o->mul(r, a, b, n, n0, L);
            if (memcmp(r, want, L * sizeof *r) != 0)
                fail_msg("%s mul, %zu limbs, case %d: differs from generic", v->name, L, round);
            memcpy(x, a, L * sizeof *x);
            o->mul(x, x, b, n, n0, L);
            if (memcmp(x, want, L * sizeof *x) != 0)
                fail_msg("%s mul, %zu limbs: r over a differs", v->name, L);
            memcpy(x, b, L * sizeof *x);
            o->mul(x, a, x, n, n0, L);
            if (memcmp(x, want, L * sizeof *x) != 0)
                fail_msg("%s mul, %zu limbs: r over b differs", v->name, L);
            cb_mont_mul_generic(want, a, a, n, n0, L);
            memcpy(x, a, L * sizeof *x);
            o->mul(x, x, x, n, n0, L);
            if (memcmp(x, want, L * sizeof *x) != 0)
                fail_msg("%s mul, %zu limbs: a * a in place differs", v->name, L);
        }
    }
}

/* ---- dispatch ----------------------------------------------------------------------- */

/* test_dispatch: with NEON auto takes the NEON variants (bsaes for CTR and CBC
 * decryption, armv4 for the modes bsaes leaves alone), without it the integer ones
 * (generic for ChaCha20, which has no integer row);
 * CRYPTOBENCH_CAPS=-neon runs this test the other way. */
static void test_dispatch(void **state)
{
    (void)state;
    int neon = (cb_caps_effective() & CB_CAP_NEON) != 0;
    static const struct {
        const char *alg;
        cb_dir dir;
        const char *with_neon, *without;
    } want[] = {
        {"md5", CB_DIR_DIGEST, "armv4", "armv4"},
        {"sha1", CB_DIR_DIGEST, "armv4-neon", "armv4"},
        {"sha256", CB_DIR_DIGEST, "armv4-neon", "armv4"},
        {"sha512", CB_DIR_DIGEST, "armv4-neon", "armv4"},
        {"aes-128-cbc", CB_DIR_ENCRYPT, "armv4", "armv4"},
        {"aes-128-cbc", CB_DIR_DECRYPT, "bsaes-neon", "armv4"},
        {"aes-256-ctr", CB_DIR_ENCRYPT, "bsaes-neon", "armv4"},
        {"aes-128-ecb", CB_DIR_DECRYPT, "armv4", "armv4"},
        {"ghash", CB_DIR_DIGEST, "armv4-neon", "armv4"},
        {"aes-128-gcm", CB_DIR_ENCRYPT, "bsaes-neon", "armv4"},
        {"rsa2048", CB_DIR_SIGN, "armv4", "armv4"},
        {"chacha20", CB_DIR_ENCRYPT, "armv4-neon", "generic"},
        {"chacha20-poly1305", CB_DIR_DECRYPT, "armv4-neon", "generic"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cb_alg *a = cb_alg_find(want[i].alg);
        assert_non_null(a);
        const cb_variant *v = cb_variant_auto(a, want[i].dir, cb_caps_effective());
        const char *expect = neon ? want[i].with_neon : want[i].without;
        if (!v || strcmp(v->name, expect) != 0)
            fail_msg("auto %s %s picked %s, want %s (NEON %s)", want[i].alg,
                     cb_dir_name(want[i].dir), v ? v->name : "nothing", expect,
                     neon ? "present" : "absent");
    }
}

/* ---- the ABI check ------------------------------------------------------------------ */

/* How an entry point is called: the arguments its kind takes. */
typedef enum abi_kind {
    A_SETKEY, A_ECB, A_CBC, A_CTR, A_DIGEST, A_GHASH, A_MONT, A_CHACHA, A_POLY
} abi_kind;
/* Which schedule or table an entry point reads. */
typedef enum abi_prep {
    P_NONE, P_AES_ENC, P_AES_DEC, P_BS_ENC, P_BS_DEC, P_GH4, P_GHN, P_POLY
} abi_prep;

struct abi_fn {
    const char *name;
    cb_abi_fn fn;
    cb_caps caps;
    abi_kind kind;
    abi_prep prep;
};

#define FN(f, caps, kind, prep) {#f, (cb_abi_fn)f, caps, kind, prep}
static const abi_fn abi_fns[] = {
    FN(aes_armv4_set_encrypt_key, 0, A_SETKEY, P_NONE),
    FN(aes_armv4_set_decrypt_key, 0, A_SETKEY, P_NONE),
    FN(aes_armv4_ecb_encrypt, 0, A_ECB, P_AES_ENC),
    FN(aes_armv4_ecb_decrypt, 0, A_ECB, P_AES_DEC),
    FN(aes_armv4_cbc_encrypt, 0, A_CBC, P_AES_ENC),
    FN(aes_armv4_cbc_decrypt, 0, A_CBC, P_AES_DEC),
    FN(aes_armv4_ctr32, 0, A_CTR, P_AES_ENC),
    FN(aes_bsaes_neon_cbc_decrypt, CB_CAP_NEON, A_CBC, P_BS_DEC),
    FN(aes_bsaes_neon_ctr32, CB_CAP_NEON, A_CTR, P_BS_ENC),
    FN(md5_armv4_blocks, 0, A_DIGEST, P_NONE),
    FN(sha1_armv4_blocks, 0, A_DIGEST, P_NONE),
    FN(sha1_armv4_neon_blocks, CB_CAP_NEON, A_DIGEST, P_NONE),
    FN(sha256_armv4_blocks, 0, A_DIGEST, P_NONE),
    FN(sha256_armv4_neon_blocks, CB_CAP_NEON, A_DIGEST, P_NONE),
    FN(sha512_armv4_blocks, 0, A_DIGEST, P_NONE),
    FN(sha512_armv4_neon_blocks, CB_CAP_NEON, A_DIGEST, P_NONE),
    FN(ghash_armv4_blocks, 0, A_GHASH, P_GH4),
    FN(ghash_armv4_neon_blocks, CB_CAP_NEON, A_GHASH, P_GHN),
    FN(mont_armv4_mul, 0, A_MONT, P_NONE),
    FN(chacha_armv4_neon_blocks, CB_CAP_NEON, A_CHACHA, P_NONE),
    FN(poly1305_armv4_neon_blocks, CB_CAP_NEON, A_POLY, P_POLY),
};
#define NABI (sizeof abi_fns / sizeof abi_fns[0])

/* abi_prepare builds what an entry point reads into ks (key schedule or table). */
static void abi_prepare(abi_prep p, void *ks, const uint8_t key[16])
{
    switch (p) {
    case P_AES_ENC: assert_int_equal(aes_armv4_set_encrypt_key(ks, key, 128), 0); break;
    case P_AES_DEC: assert_int_equal(aes_armv4_set_decrypt_key(ks, key, 128), 0); break;
    case P_BS_ENC: assert_int_equal(aes_bsaes_neon_set_encrypt_key(ks, key, 128), 0); break;
    case P_BS_DEC: assert_int_equal(aes_bsaes_neon_set_decrypt_key(ks, key, 128), 0); break;
    case P_GH4: ghash_armv4_init(ks, key); break;
    case P_GHN: ghash_armv4_neon_init(ks, key); break;
    case P_POLY: { /* the Poly1305 key is 32 bytes: r from key, s from key again */
        uint8_t k32[32];
        memcpy(k32, key, 16), memcpy(k32 + 16, key, 16);
        poly1305_armv4_neon_init(ks, k32);
        break;
    }
    default: break;
    }
}

/* test_abi_fn: one entry point with the callee-saved registers randomised, on 17
 * blocks (two groups of eight and a tail for the bit-sliced code; for Poly1305 the
 * lone first block and eight pairs; for ChaCha20 the same 272 bytes make a group of
 * three and a tail), or a 32-limb Montgomery product. */
static void test_abi_fn(void **state)
{
    const abi_fn *f = ((const tcase *)*state)->f;
    char why[64];
    if (f->caps & ~cb_caps_effective()) {
        print_message("UNAVAILABLE: %s needs %s\n", f->name,
                      cb_caps_format(f->caps & ~cb_caps_effective(), why, sizeof why));
        skip();
    }
    if (!cb_abi_supported()) {
        print_message("UNAVAILABLE: no ABI trampoline for this architecture\n");
        skip();
    }
    enum { BLOCKS = 17, LIMBS = 32 };
    void *ks = zalloc64(BSAES_KS_SIZE);
    uint8_t key[16], iv[16], *in = zalloc64(16 * BLOCKS * 8), *out = zalloc64(16 * BLOCKS * 8);
    uint32_t state32[16] = {0};
    cb_limb n[LIMBS], a[LIMBS], b[LIMBS], r[LIMBS];
    prng p = {99};
    prng_bytes(&p, key, 16);
    prng_bytes(&p, iv, 16);
    prng_bytes(&p, in, 16 * BLOCKS * 8);
    abi_prepare(f->prep, ks, key);
    uintptr_t args[CB_ABI_MAX_ARGS];
    size_t nargs;
    switch (f->kind) {
    case A_SETKEY:
        args[0] = (uintptr_t)ks, args[1] = (uintptr_t)key, args[2] = 128, nargs = 3;
        break;
    case A_ECB:
        args[0] = (uintptr_t)ks, args[1] = (uintptr_t)in, args[2] = (uintptr_t)out;
        args[3] = BLOCKS, nargs = 4;
        break;
    case A_CBC:
    case A_CTR:
        args[0] = (uintptr_t)ks, args[1] = (uintptr_t)iv, args[2] = (uintptr_t)in;
        args[3] = (uintptr_t)out, args[4] = BLOCKS, nargs = 5;
        break;
    case A_DIGEST:
        args[0] = (uintptr_t)state32, args[1] = (uintptr_t)in + 1, args[2] = 3, nargs = 3;
        break;
    case A_GHASH:
        args[0] = (uintptr_t)ks, args[1] = (uintptr_t)iv, args[2] = (uintptr_t)in;
        args[3] = BLOCKS, nargs = 4;
        break;
    case A_CHACHA: /* key and counter words from the input; 17 * 16 bytes, 4 blocks + 16 */
        args[0] = (uintptr_t)in, args[1] = (uintptr_t)(in + 32), args[2] = (uintptr_t)in + 1;
        args[3] = (uintptr_t)out + 3, args[4] = 16 * BLOCKS / 64, nargs = 5;
        break;
    case A_POLY:
        args[0] = (uintptr_t)ks, args[1] = (uintptr_t)in + 1, args[2] = 16 * BLOCKS;
        args[3] = 1, nargs = 4;
        break;
    default:
        for (size_t i = 0; i < LIMBS; i++)
            n[i] = (cb_limb)prng_next(&p), a[i] = (cb_limb)prng_next(&p), b[i] = a[i] >> 1;
        n[0] |= 1, n[LIMBS - 1] |= 0x80000000u, a[LIMBS - 1] >>= 1, b[LIMBS - 1] >>= 1;
        args[0] = (uintptr_t)r, args[1] = (uintptr_t)a, args[2] = (uintptr_t)b;
        args[3] = (uintptr_t)n, args[4] = neg_inv32(n[0]), args[5] = LIMBS, nargs = 6;
        break;
    }
    cb_abi_report rep;
    uintptr_t ret = cb_abi_call_array(&rep, f->fn, nargs, args);
    if (rep.clobbered)
        fail_msg("%s did not restore %s", f->name, rep.names);
    if (f->kind == A_SETKEY)
        assert_int_equal((int)ret, 0);
    free(ks), free(in), free(out);
}

/* ---- main --------------------------------------------------------------------------- */

typedef struct check {
    const char *what;
    cb_prim prim;
    void (*fn)(void **);
} check;

static const check checks[] = {
    {"AES ops against generic", CB_PRIM_AES, test_aes_xref},
    {"ctr32 wrap", CB_PRIM_AES, test_aes_ctr_wrap},
    {"cipher layer, every length", CB_PRIM_AES, test_aes_cipher_layer},
    {"MD5 against generic", CB_PRIM_MD5, test_digest_xref},
    {"SHA-1 against generic", CB_PRIM_SHA1, test_digest_xref},
    {"SHA-256 against generic", CB_PRIM_SHA256, test_digest_xref},
    {"SHA-512 against generic", CB_PRIM_SHA512, test_digest_xref},
    {"GHASH against generic", CB_PRIM_GHASH, test_ghash_xref},
    {"GCM against generic", CB_PRIM_GCM, test_gcm_xref},
    {"Montgomery multiplication against generic", CB_PRIM_MONT, test_mont_xref},
    {"ChaCha20 blocks against generic", CB_PRIM_CHACHA, test_chacha_xref},
    {"Poly1305 against generic", CB_PRIM_CHACHA, test_poly_xref},
    {"Poly1305 final reduction", CB_PRIM_CHACHA, test_poly_reduce},
};
#define NCHECKS (sizeof checks / sizeof checks[0])

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_armv4: %s\n", err);
        return 2;
    }
    size_t nv = cb_variant_count(), max = nv * NCHECKS + NABI + 1, nt = 0;
    struct CMUnitTest *tests = calloc(max, sizeof *tests);
    tcase *cases = calloc(max, sizeof *cases);
    char(*names)[96] = calloc(max, sizeof *names);
    if (!tests || !cases || !names)
        return 2;
    for (size_t i = 0; i < nv; i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->family, "armv4") != 0)
            continue;
        for (size_t c = 0; c < NCHECKS; c++) {
            if (checks[c].prim != v->prim)
                continue;
            snprintf(names[nt], sizeof names[nt], "%s: %s", v->name, checks[c].what);
            cases[nt] = (tcase){v, NULL};
            tests[nt] = (struct CMUnitTest){names[nt], checks[c].fn, NULL, NULL, &cases[nt]};
            nt++;
        }
    }
    for (size_t i = 0; i < NABI; i++) {
        snprintf(names[nt], sizeof names[nt], "ABI: %s", abi_fns[i].name);
        cases[nt] = (tcase){NULL, &abi_fns[i]};
        tests[nt] = (struct CMUnitTest){names[nt], test_abi_fn, NULL, NULL, &cases[nt]};
        nt++;
    }
    tests[nt++] = (struct CMUnitTest){"auto picks NEON, then integer", test_dispatch, NULL,
                                      NULL, NULL};
    int failed = _cmocka_run_group_tests("test_armv4", tests, nt, NULL, NULL);
    free(tests), free(cases), free(names);
    return failed;
}

#endif
