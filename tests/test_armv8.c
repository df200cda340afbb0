/*
 * tests/test_armv8.c - the armv8 family's kernels: known answers from the standards,
 * and a cross-check of every variant against the generic one on every length from 0
 * to 1024 bytes, aligned, misaligned and in place (named layouts, as the Linux
 * testmgr does, so a failure says which one broke).
 *
 * One cmocka test per variant and check, generated from the registry, so a new row in
 * kernels/armv8/family.c is tested without touching this file.  A variant whose
 * capabilities this CPU lacks prints UNAVAILABLE and is reported as skipped, never as
 * passed.  Inputs come from a fixed-seed generator so failures reproduce.
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
#include "kernels/armv8/armv8.h"
#include "kernels/check/check.h"
#include "kernels/registry.h"
#include "tests/abi/abi.h"

#ifndef CB_FAMILY_ARMV8

int main(void)
{
    printf("test_armv8: this build has no armv8 family; nothing to test\n");
    return 0;
}

#else

/* ---- helpers ------------------------------------------------------------------- */

/* rng: splitmix64, so every run sees the same inputs. */
typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void rng_fill(rng *r, uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next(r) >> 56);
}

/* unhex decodes a hex string into out and returns its length in bytes. */
static size_t unhex(const char *s, uint8_t *out)
{
    size_t n = strlen(s) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned b;
        sscanf(s + 2 * i, "%2x", &b);
        out[i] = (uint8_t)b;
    }
    return n;
}

static void assert_hex(const uint8_t *got, const char *want, const char *what)
{
    uint8_t w[256];
    size_t n = unhex(want, w);
    if (memcmp(got, w, n) == 0)
        return;
    char g[513];
    for (size_t i = 0; i < n; i++)
        snprintf(g + 2 * i, 3, "%02x", got[i]);
    fail_msg("%s: got %s, want %s", what, g, want);
}

/* aligned64 allocates n bytes (at least 64) aligned for key schedules and tables. */
static void *aligned64(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64 + 64);
    assert_non_null(p);
    return p;
}

/* tcase: what one generated test runs on. */
typedef struct abi_entry abi_entry;

typedef struct tcase {
    const cb_variant *v;
    const abi_entry *e; /* the ABI-check tests: the entry point */
} tcase;

/* need returns the variant under test, or prints UNAVAILABLE and skips the test. */
static const cb_variant *need(void **state)
{
    const cb_variant *v = ((const tcase *)*state)->v;
    char why[128];
    if (cb_variant_why_not(v, cb_caps_effective(), why, sizeof why)) {
        print_message("UNAVAILABLE: %s (%s) %s\n", v->name, v->family, why);
        skip();
    }
    return v;
}

/* reference returns the generic variant of algorithm name; fails when there is none. */
static const cb_variant *reference(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    const cb_variant *g = cb_variant_generic(a);
    if (!g)
        fail_msg("no generic variant of %s to cross-check against", name);
    return g;
}

/* Buffer layouts of the cross-checks: where input and output sit. */
typedef struct layout {
    const char *name;
    size_t in_off, out_off;
    int in_place;
} layout;

static const layout layouts[] = {
    {"aligned", 0, 0, 0},
    {"unaligned buffer, in offset=1 out offset=3", 1, 3, 0},
    {"in place, offset=7", 7, 7, 1},
};

#define MAX_BYTES 1024
#define BUF_BYTES (MAX_BYTES + 64)

/* ---- AES ------------------------------------------------------------------------- */

/* FIPS 197 Appendix C: the cipher example for each key size. */
static const struct {
    unsigned bits;
    const char *key, *pt, *ct;
} fips197[] = {
    {128, "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"}, /* C.1 */
    {192, "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"}, /* C.2 */
    {256, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"}, /* C.3 */
};

/* SP 800-38A Appendix F: the four-block plaintext shared by F.2 and F.5. */
static const char sp800_38a_pt[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

static const struct {
    const char *what;
    unsigned bits;
    cb_mode mode;
    const char *key, *iv, *ct;
} sp800_38a[] = {
    {"SP 800-38A F.2.1/F.2.2 CBC-AES128", 128, CB_MODE_CBC, "2b7e151628aed2a6abf7158809cf4f3c",
     "000102030405060708090a0b0c0d0e0f",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
     "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"},
    {"SP 800-38A F.2.5/F.2.6 CBC-AES256", 256, CB_MODE_CBC,
     "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "000102030405060708090a0b0c0d0e0f",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
     "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"},
    {"SP 800-38A F.5.1/F.5.2 CTR-AES128", 128, CB_MODE_CTR, "2b7e151628aed2a6abf7158809cf4f3c",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
    {"SP 800-38A F.5.5/F.5.6 CTR-AES256", 256, CB_MODE_CTR,
     "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
};

static void test_aes_kat(void **state)
{
    const cb_variant *v = need(state);
    const cb_aes_ops *o = v->ops;
    void *ks = aligned64(o->key_size);
    uint8_t key[32], in[64], out[64], iv[16], iv0[16];

    for (size_t i = 0; i < sizeof fips197 / sizeof fips197[0]; i++) {
        unhex(fips197[i].key, key);
        unhex(fips197[i].pt, in);
        assert_int_equal(o->set_encrypt_key(ks, key, fips197[i].bits), 0);
        o->ecb_encrypt(ks, in, out, 1);
        assert_hex(out, fips197[i].ct, "FIPS 197 C.x cipher");
        assert_int_equal(o->set_decrypt_key(ks, key, fips197[i].bits), 0);
        unhex(fips197[i].ct, in);
        o->ecb_decrypt(ks, in, out, 1);
        assert_hex(out, fips197[i].pt, "FIPS 197 C.x inverse cipher");
    }
    assert_int_not_equal(o->set_encrypt_key(ks, key, 160), 0);

    for (size_t i = 0; i < sizeof sp800_38a / sizeof sp800_38a[0]; i++) {
        unhex(sp800_38a[i].key, key);
        unhex(sp800_38a[i].iv, iv0);
        unhex(sp800_38a_pt, in);
        assert_int_equal(o->set_encrypt_key(ks, key, sp800_38a[i].bits), 0);
        memcpy(iv, iv0, 16);
        if (sp800_38a[i].mode == CB_MODE_CBC) {
            o->cbc_encrypt(ks, iv, in, out, 4);
            assert_hex(out, sp800_38a[i].ct, sp800_38a[i].what);
            assert_memory_equal(iv, out + 48, 16);
            assert_int_equal(o->set_decrypt_key(ks, key, sp800_38a[i].bits), 0);
            memcpy(iv, iv0, 16);
            unhex(sp800_38a[i].ct, in);
            o->cbc_decrypt(ks, iv, in, out, 4);
            assert_hex(out, sp800_38a_pt, sp800_38a[i].what);
            assert_memory_equal(iv, in + 48, 16);
        } else {
            o->ctr32(ks, iv, in, out, 4);
            assert_hex(out, sp800_38a[i].ct, sp800_38a[i].what);
            assert_memory_equal(iv, iv0, 16); /* ctr32 does not write the counter back */
        }
    }
    free(ks);
}

/* test_aes_ctr32_wrap: the counter's last 32 bits wrap without carrying into the
 * rest (kernel.h), checked against ECB of counter blocks built here. */
static void test_aes_ctr32_wrap(void **state)
{
    const cb_variant *v = need(state);
    const cb_aes_ops *o = v->ops;
    void *ks = aligned64(o->key_size);
    uint8_t key[16], ctr[16], blocks[12 * 16], zero[12 * 16] = {0}, got[12 * 16],
        want[12 * 16];
    rng r = {7};
    rng_fill(&r, key, sizeof key);
    rng_fill(&r, ctr, sizeof ctr);
    ctr[12] = ctr[13] = ctr[14] = 0xff;
    ctr[15] = 0xfa;
    for (unsigned i = 0; i < 12; i++) {
        uint32_t c = 0xfffffffaU + i;
        memcpy(blocks + 16 * i, ctr, 12);
        blocks[16 * i + 12] = (uint8_t)(c >> 24);
        blocks[16 * i + 13] = (uint8_t)(c >> 16);
        blocks[16 * i + 14] = (uint8_t)(c >> 8);
        blocks[16 * i + 15] = (uint8_t)c;
    }
    assert_int_equal(o->set_encrypt_key(ks, key, 128), 0);
    o->ecb_encrypt(ks, blocks, want, 12);
    for (size_t n = 1; n <= 12; n++) {
        o->ctr32(ks, ctr, zero, got, n);
        assert_memory_equal(got, want, 16 * n);
    }
    free(ks);
}

/* aes_xref_one runs one mode on n blocks in one layout with both variants. */
typedef struct aes_pair {
    const cb_aes_ops *ref, *var;
    void *ref_enc, *ref_dec, *var_enc, *var_dec;
} aes_pair;

static void aes_xref_one(const aes_pair *p, int op, const layout *l, const uint8_t *src,
                         const uint8_t iv0[16], size_t n)
{
    static const char *const ops[] = {"ecb_encrypt", "ecb_decrypt", "cbc_encrypt",
                                      "cbc_decrypt", "ctr32"};
    uint8_t bufs[2][2][BUF_BYTES], iv[2][16];
    uint8_t *outp[2];
    for (int k = 0; k < 2; k++) {
        const cb_aes_ops *o = k ? p->var : p->ref;
        const void *enc = k ? p->var_enc : p->ref_enc, *dec = k ? p->var_dec : p->ref_dec;
        uint8_t *in = bufs[k][0] + l->in_off;
        uint8_t *out = l->in_place ? in : bufs[k][1] + l->out_off;
        memset(bufs[k], 0xa5, sizeof bufs[k]);
        memcpy(in, src, 16 * n);
        memcpy(iv[k], iv0, 16);
        switch (op) {
        case 0: o->ecb_encrypt(enc, in, out, n); break;
        case 1: o->ecb_decrypt(dec, in, out, n); break;
        case 2: o->cbc_encrypt(enc, iv[k], in, out, n); break;
        case 3: o->cbc_decrypt(dec, iv[k], in, out, n); break;
        default: o->ctr32(enc, iv[k], in, out, n); break;
        }
        outp[k] = out;
    }
    if (memcmp(outp[0], outp[1], 16 * n) != 0 || memcmp(iv[0], iv[1], 16) != 0)
        fail_msg("%s differs from generic: %zu blocks, %s", ops[op], n, l->name);
    /* nothing outside the output may change */
    if (!l->in_place && (memcmp(bufs[0][1], bufs[1][1], BUF_BYTES) != 0))
        fail_msg("%s wrote outside its output: %zu blocks, %s", ops[op], n, l->name);
}

static void test_aes_xref(void **state)
{
    const cb_variant *v = need(state);
    const cb_variant *g = reference("aes-128-cbc");
    aes_pair p = {g->ops, v->ops, NULL, NULL, NULL, NULL};
    p.ref_enc = aligned64(p.ref->key_size);
    p.ref_dec = aligned64(p.ref->key_size);
    p.var_enc = aligned64(p.var->key_size);
    p.var_dec = aligned64(p.var->key_size);
    rng r = {0x5eed};
    static const unsigned bits[] = {128, 192, 256};
    uint8_t key[32], src[MAX_BYTES], iv[16];
    for (size_t b = 0; b < 3; b++) {
        rng_fill(&r, key, sizeof key);
        assert_int_equal(p.ref->set_encrypt_key(p.ref_enc, key, bits[b]), 0);
        assert_int_equal(p.ref->set_decrypt_key(p.ref_dec, key, bits[b]), 0);
        assert_int_equal(p.var->set_encrypt_key(p.var_enc, key, bits[b]), 0);
        assert_int_equal(p.var->set_decrypt_key(p.var_dec, key, bits[b]), 0);
        for (size_t n = 0; n <= MAX_BYTES / 16; n++) {
            rng_fill(&r, src, 16 * n);
            rng_fill(&r, iv, 16);
            if (n % 3 == 0) /* let CTR runs cross the 32-bit wrap */
                memset(iv + 12, 0xff, 3);
            for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
                for (int op = 0; op < 5; op++)
                    aes_xref_one(&p, op, &layouts[l], src, iv, n);
        }
    }
    free(p.ref_enc);
    free(p.ref_dec);
    free(p.var_enc);
    free(p.var_dec);
}

/* ---- GHASH and GCM ---------------------------------------------------------------- */

/* NIST CAVP gcmEncryptExtIV{128,256}.rsp, [IVlen = 96][PTlen = 408][AADlen = 160]
 * [Taglen = 128] Count = 0: the tag checks GHASH(H, A, C) once H and E(K, J0) are
 * known, which the generic AES provides. */
static const struct {
    const char *what, *key, *iv, *aad, *ct, *tag;
} cavp_gcm[] = {
    {"CAVP gcmEncryptExtIV128.rsp Count = 0", "fe47fcce5fc32665d2ae399e4eec72ba",
     "5adb9609dbaeb58cbd6e7275", "88319d6e1d3ffa5f987199166c8a9b56c2aeba5a",
     "98f4826f05a265e6dd2be82db241c0fbbbf9ffb1c173aa83964b7cf5393043736365253ddbc5db"
     "8778371495da76d269e5db3e",
     "291ef1982e4defedaa2249f898556b47"},
    {"CAVP gcmEncryptExtIV256.rsp Count = 0",
     "24501ad384e473963d476edcfe08205237acfd49b5b8f33857f8114e863fec7f",
     "9ff18563b978ec281b3f2794", "adb5ec720ccf9898500028bf34afccbcaca126ef",
     "eb7cb754c824e8d96f7c6d9b76c7d26fb874ffbf1d65c6f64a698d839b0b06145dae82057ad559"
     "94cf59ad7f67c0fa5e85fab8",
     "bc95c532fecc594c36d1550286a7a3f0"},
};

/* pad16 copies n bytes to out and zero-pads to a whole block; returns the blocks. */
static size_t pad16(uint8_t *out, const uint8_t *in, size_t n)
{
    size_t blocks = (n + 15) / 16;
    memset(out, 0, 16 * blocks);
    memcpy(out, in, n);
    return blocks;
}

/* test_ghash_kat: the variant's GHASH, fed one block at a time and in one call, gives
 * the CAVP tag (SP 800-38D 7.1 steps 5-6). */
static void test_ghash_kat(void **state)
{
    const cb_variant *v = need(state);
    const cb_ghash_ops *o = v->ops;
    const cb_aes_ops *aes = reference("aes-128-ecb")->ops;
    void *ks = aligned64(aes->key_size), *table = aligned64(o->table_size);
    uint8_t key[32], iv[12], aad[32], ct[64], want[16], s[16 * 8], h[16] = {0}, j0[16];
    for (size_t i = 0; i < sizeof cavp_gcm / sizeof cavp_gcm[0]; i++) {
        size_t kl = unhex(cavp_gcm[i].key, key), al = unhex(cavp_gcm[i].aad, aad);
        size_t cl = unhex(cavp_gcm[i].ct, ct);
        unhex(cavp_gcm[i].iv, iv);
        unhex(cavp_gcm[i].tag, want);
        assert_int_equal(aes->set_encrypt_key(ks, key, (unsigned)(8 * kl)), 0);
        memset(h, 0, 16);
        aes->ecb_encrypt(ks, h, h, 1);
        o->init(table, h);
        size_t n = pad16(s, aad, al);
        n += pad16(s + 16 * n, ct, cl);
        memset(s + 16 * n, 0, 16);
        s[16 * n + 7] = (uint8_t)(8 * al), s[16 * n + 6] = (uint8_t)(8 * al >> 8);
        s[16 * n + 15] = (uint8_t)(8 * cl), s[16 * n + 14] = (uint8_t)(8 * cl >> 8);
        n++;
        memcpy(j0, iv, 12);
        j0[12] = j0[13] = j0[14] = 0, j0[15] = 1;
        aes->ecb_encrypt(ks, j0, j0, 1);
        for (int split = 0; split < 2; split++) {
            uint8_t xi[16] = {0};
            if (split)
                for (size_t b = 0; b < n; b++)
                    o->blocks(table, xi, s + 16 * b, 1);
            else
                o->blocks(table, xi, s, n);
            for (int k = 0; k < 16; k++)
                xi[k] ^= j0[k];
            if (memcmp(xi, want, 16) != 0)
                fail_msg("%s: wrong tag (%s)", cavp_gcm[i].what, split ? "block by block" : "one call");
        }
    }
    free(ks);
    free(table);
}

/* test_gcm_stitched_threshold: a stitched variant does nothing below
 * GCM_STITCH_MIN_BLOCKS and whole groups of four blocks from there on, leaving the
 * counter and the hash where ctr32 and GHASH would. */
static void test_gcm_stitched_threshold(void **state)
{
    const cb_variant *v = need(state);
    const cb_gcm_ops *o = v->ops;
    if (!o->encrypt || !o->decrypt)
        fail_msg("%s is not stitched", v->name);
    void *ks = aligned64(o->aes->key_size), *table = aligned64(o->ghash->table_size);
    uint8_t key[16], h[16] = {0}, in[320], out[320], want[320], ctr0[16], ctr[16], xi[16],
        wxi[16];
    rng r = {99};
    rng_fill(&r, key, sizeof key);
    rng_fill(&r, in, sizeof in);
    assert_int_equal(o->aes->set_encrypt_key(ks, key, 128), 0);
    o->aes->ecb_encrypt(ks, h, h, 1);
    o->ghash->init(table, h);
    for (size_t len = 0; len <= sizeof in; len++) {
        size_t expect = len / 16 >= GCM_STITCH_MIN_BLOCKS ? len / 64 * 64 : 0;
        for (int dec = 0; dec < 2; dec++) {
            rng_fill(&r, ctr0, 16);
            if (len % 2)
                memset(ctr0 + 12, 0xff, 3); /* the counter wraps inside the call */
            memcpy(ctr, ctr0, 16);
            memset(xi, 0, 16);
            size_t done = (dec ? o->decrypt : o->encrypt)(ks, table, ctr, xi, in, out, len);
            if (done != expect)
                fail_msg("%s of %zu bytes did %zu, want %zu", dec ? "decrypt" : "encrypt", len,
                         done, expect);
            o->aes->ctr32(ks, ctr0, in, want, done / 16);
            memset(wxi, 0, 16);
            o->ghash->blocks(table, wxi, dec ? in : want, done / 16);
            uint32_t c = ((uint32_t)ctr0[12] << 24 | (uint32_t)ctr0[13] << 16 |
                          (uint32_t)ctr0[14] << 8 | ctr0[15]) + (uint32_t)(done / 16);
            ctr0[12] = (uint8_t)(c >> 24), ctr0[13] = (uint8_t)(c >> 16);
            ctr0[14] = (uint8_t)(c >> 8), ctr0[15] = (uint8_t)c;
            if (memcmp(out, want, done) || memcmp(xi, wxi, 16) || memcmp(ctr, ctr0, 16))
                fail_msg("%s of %zu bytes: data, hash or counter differ from ctr32 + GHASH",
                         dec ? "decrypt" : "encrypt", len);
        }
    }
    free(ks);
    free(table);
}

/* ---- ChaCha20 ----------------------------------------------------------------------- */

#define CHACHA_MAX_BLOCKS 40

/* test_chacha_xref: the blocks function against generic's on 0..40 blocks (every
 * residue of the four- and five-block steps, several steps), under the three layouts,
 * with the counter at random and with the last block at counter 2^32 - 1 (where the
 * lanes of a short group past the end wrap); bytes around the output stay untouched. */
static void test_chacha_xref(void **state)
{
    const cb_variant *v = need(state);
    const cb_chacha_ops *o = v->ops;
    const cb_chacha_ops *ref = reference("chacha20")->ops;
    enum { BYTES = 64 * CHACHA_MAX_BLOCKS, PAD = 16 };
    uint8_t *src = aligned64(BYTES), *want = aligned64(BYTES + 2 * PAD),
            *buf = aligned64(BYTES + 2 * PAD + 8), *in = aligned64(BYTES + 8);
    rng r = {0xc4a2};
    for (size_t n = 0; n <= CHACHA_MAX_BLOCKS; n++)
        for (int edge = 0; edge < 2; edge++) {
            uint32_t key[8], ctr[4];
            rng_fill(&r, (uint8_t *)key, sizeof key);
            rng_fill(&r, (uint8_t *)ctr, sizeof ctr);
            if (edge)
                ctr[0] = UINT32_MAX - (uint32_t)(n ? n - 1 : 0);
            rng_fill(&r, src, 64 * n);
            memset(want, 0xa5, BYTES + 2 * PAD);
            ref->blocks(key, ctr, src, want + PAD, n);
            for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
                const layout *lay = &layouts[l];
                uint8_t *out = buf + lay->out_off;
                memset(out, 0xa5, BYTES + 2 * PAD);
                const uint8_t *from = in + lay->in_off;
                if (lay->in_place) {
                    memcpy(out + PAD, src, 64 * n);
                    from = out + PAD;
                } else {
                    memcpy(in + lay->in_off, src, 64 * n);
                }
                uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
                o->blocks(key, c, from, out + PAD, n);
                if (memcmp(out, want, BYTES + 2 * PAD) != 0)
                    fail_msg("%zu blocks, counter 0x%08x, %s: output differs from generic "
                             "(or bytes around it were written)",
                             n, (unsigned)ctr[0], lay->name);
                if (memcmp(c, ctr, sizeof c) != 0)
                    fail_msg("%zu blocks: the counter block was written", n);
            }
        }
    free(src);
    free(want);
    free(buf);
    free(in);
}

/* poly_tag: the tag of len bytes (a multiple of 16) under key through p, fed in
 * calls of at most step bytes. */
static void poly_tag(const cb_poly1305_ops *p, const uint8_t key[32], const uint8_t *msg,
                     size_t len, size_t step, unsigned padbit, uint8_t tag[16])
{
    void *st = aligned64(p->state_size);
    p->init(st, key);
    for (size_t off = 0; off < len; off += step)
        p->blocks(st, msg + off, len - off < step ? len - off : step, padbit);
    p->emit(st, tag);
    free(st);
}

/* test_poly1305_edges: the variant's Poly1305 where the reductions bite.  With r = 1
 * and s = 0 the tag is the sum of the blocks mod p mod 2^128: four blocks of
 * 2^128 - 1 without the 2^128 pad bit sum to p + 1 (tag 1), one less in the last
 * block gives p (tag 0), five less p - 4 (tag 2^128 - 9, from below p).  Then the
 * largest clamped r with all-ones blocks (the widest products and carries) and
 * random keys and messages, pad bit 0 and 1, in one call and in 16-byte calls,
 * against generic's radix-2^64 Poly1305. */
static void test_poly1305_edges(void **state)
{
    const cb_variant *v = need(state);
    const cb_poly1305_ops *p = ((const cb_chacha_ops *)v->ops)->poly;
    const cb_poly1305_ops *ref = ((const cb_chacha_ops *)reference("chacha20-poly1305")->ops)->poly;
    assert_non_null(p);
    assert_non_null(ref);
    uint8_t key[32] = {1}, msg[16 * 64], tag[16], want[16];
    static const struct {
        uint8_t last_low;
        const char *tag;
    } sums[] = {
        {0xff, "01000000000000000000000000000000"},
        {0xfe, "00000000000000000000000000000000"},
        {0xfa, "f7ffffffffffffffffffffffffffffff"},
    };
    for (size_t i = 0; i < sizeof sums / sizeof sums[0]; i++) {
        memset(msg, 0xff, 64);
        msg[48] = sums[i].last_low;
        poly_tag(p, key, msg, 64, 64, 0, tag);
        assert_hex(tag, sums[i].tag, "r = 1, s = 0, four blocks summing near p");
        poly_tag(p, key, msg, 64, 16, 0, tag);
        assert_hex(tag, sums[i].tag, "the same in 16-byte calls");
    }
    rng r = {0x9017};
    for (int round = 0; round < 64; round++) {
        if (round == 0) { /* every bit the clamp leaves in r, all-ones s and data */
            memset(key, 0xff, sizeof key);
            memset(msg, 0xff, sizeof msg);
        } else {
            rng_fill(&r, key, sizeof key);
            rng_fill(&r, msg, sizeof msg);
        }
        size_t len = 16 * (size_t)(round % 64 + 1);
        const size_t steps[] = {16, len};
        for (unsigned padbit = 0; padbit < 2; padbit++)
            for (size_t k = 0; k < 2; k++) {
                size_t step = steps[k];
                poly_tag(ref, key, msg, len, len, padbit, want);
                poly_tag(p, key, msg, len, step, padbit, tag);
                if (memcmp(tag, want, 16) != 0)
                    fail_msg("round %d, %zu bytes in %zu-byte calls, pad bit %u: tag differs "
                             "from generic",
                             round, len, step, padbit);
            }
    }
}

/* ---- every algorithm through the project's own check ------------------------------ */

/* test_check_quick: kernels/check/check.c for every algorithm the variant offers:
 * the embedded known answers and the cross-check with generic on lengths 0..80 and
 * a few larger under its named layouts.  Quick depth: check-cross runs the full
 * selftest (every length 0..1024) on the same QEMU model in the same job, and the
 * full depth here repeated it, the longest step of the longest job (253 s). */
static void test_check_quick(void **state)
{
    const cb_variant *v = need(state);
    size_t algs = 0;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (!cb_variant_offers_any(v, a))
            continue;
        char err[256];
        if (cb_check_variant(a, v, CB_CHECK_QUICK, err, sizeof err, NULL) != 0)
            fail_msg("%s %s: %s", a->name, v->name, err);
        algs++;
    }
    assert_true(algs > 0);
}

/* ---- dispatch --------------------------------------------------------------------- */

/* test_dispatch: auto picks the Crypto Extensions when they are there and the NEON
 * fallbacks (or generic, for SHA) when they are absent or masked off; SHA-3 stays
 * generic, the SHA-3 instructions being chosen only by name
 * (CRYPTOBENCH_CAPS=-aes,-pmull,... runs this same test the other way). */
static void test_dispatch(void **state)
{
    (void)state;
    cb_caps c = cb_caps_effective();
    int aes = (c & CB_CAP_AES) != 0, pmull = (c & CB_CAP_PMULL) != 0;
    const struct {
        const char *alg, *want;
    } cases[] = {
        {"aes-128-cbc", aes ? "ce-i4" : "neon"},
        {"aes-256-ctr", aes ? "ce-i4" : "neon"},
        {"ghash", pmull ? "pmull" : "neon"},
        {"aes-128-gcm", aes && pmull ? "ce-gcm-stitched" : "neon"},
        {"sha1", c & CB_CAP_SHA1 ? "ce" : "generic"},
        {"sha256", c & CB_CAP_SHA2 ? "ce" : "generic"},
        {"sha512", c & CB_CAP_SHA512 ? "ce" : "generic"},
        {"sha512-256", c & CB_CAP_SHA512 ? "ce" : "generic"},
        {"sha3-256", "generic"}, /* ce ranks below generic (kernels/armv8/family.c) */
        {"chacha20", c & CB_CAP_NEON ? "neon" : "generic"},
        {"chacha20-poly1305", c & CB_CAP_NEON ? "neon" : "generic"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const cb_alg *a = cb_alg_find(cases[i].alg);
        assert_non_null(a);
        cb_dir d = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ? CB_DIR_DIGEST
                                                                        : CB_DIR_DECRYPT;
        const cb_variant *v = cb_variant_auto(a, d, c);
        assert_non_null(v);
        if (strcmp(v->name, cases[i].want) != 0)
            fail_msg("auto for %s picked %s, want %s", cases[i].alg, v->name, cases[i].want);
    }
}

/* ---- every assembly entry point through the ABI check ------------------------------ */

/* How an entry point is called (its arguments) and which key schedule it needs. */
typedef enum abi_kind {
    K_KEY,
    K_ECB,
    K_CBC,
    K_CTR,
    K_HINIT,
    K_GHASH,
    K_GCM,
    K_DIGEST,
    K_CHACHA
} abi_kind;
typedef enum abi_sched { S_NONE, S_CE_ENC, S_CE_DEC, S_NEON_ENC, S_NEON_DEC } abi_sched;

typedef struct abi_entry {
    const char *name;
    cb_abi_fn fn;
    cb_caps caps;
    abi_kind kind;
    abi_sched sched;
} abi_entry;

#define E(f, caps, kind, sched) {#f, (cb_abi_fn)f, caps, kind, sched}
#define CE (CB_CAP_NEON | CB_CAP_AES)
#define AES_CE_MODE_ENTRIES(v)                                                           \
    E(aes_ce_##v##_ecb_encrypt, CE, K_ECB, S_CE_ENC),                                    \
        E(aes_ce_##v##_ecb_decrypt, CE, K_ECB, S_CE_DEC),                                \
        E(aes_ce_##v##_cbc_decrypt, CE, K_CBC, S_CE_DEC),                                \
        E(aes_ce_##v##_ctr32, CE, K_CTR, S_CE_ENC)

static const abi_entry abi_entries[] = {
    E(aes_ce_set_encrypt_key, CE, K_KEY, S_CE_ENC),
    E(aes_ce_set_decrypt_key, CE, K_KEY, S_CE_DEC),
    E(aes_ce_cbc_encrypt, CE, K_CBC, S_CE_ENC),
#define BUILD_ENTRIES(sym, name, interleave, inl, prio, summary) AES_CE_MODE_ENTRIES(sym),
    AES_CE_BUILDS(BUILD_ENTRIES)
    E(ghash_pmull_init, CB_CAP_NEON | CB_CAP_PMULL, K_HINIT, S_NONE),
    E(ghash_pmull_blocks, CB_CAP_NEON | CB_CAP_PMULL, K_GHASH, S_NONE),
    E(gcm_ce_stitched_encrypt, CE | CB_CAP_PMULL, K_GCM, S_CE_ENC),
    E(gcm_ce_stitched_decrypt, CE | CB_CAP_PMULL, K_GCM, S_CE_ENC),
    E(sha1_ce_blocks, CB_CAP_NEON | CB_CAP_SHA1, K_DIGEST, S_NONE),
    E(sha256_ce_blocks, CB_CAP_NEON | CB_CAP_SHA2, K_DIGEST, S_NONE),
    E(sha512_ce_blocks, CB_CAP_NEON | CB_CAP_SHA512, K_DIGEST, S_NONE),
    E(aes_neon_set_encrypt_key, CB_CAP_NEON, K_KEY, S_NEON_ENC),
    E(aes_neon_set_decrypt_key, CB_CAP_NEON, K_KEY, S_NEON_DEC),
    E(aes_neon_ecb_encrypt, CB_CAP_NEON, K_ECB, S_NEON_ENC),
    E(aes_neon_ecb_decrypt, CB_CAP_NEON, K_ECB, S_NEON_DEC),
    E(aes_neon_cbc_encrypt, CB_CAP_NEON, K_CBC, S_NEON_ENC),
    E(aes_neon_cbc_decrypt, CB_CAP_NEON, K_CBC, S_NEON_DEC),
    E(aes_neon_ctr32, CB_CAP_NEON, K_CTR, S_NEON_ENC),
    E(ghash_neon_blocks, CB_CAP_NEON, K_GHASH, S_NONE),
#define CHACHA_ENTRY(sym, name, scalar, prio, summary)                                   \
    E(chacha20_neon_##sym##_blocks, CB_CAP_NEON, K_CHACHA, S_NONE),
    CHACHA_NEON_BUILDS(CHACHA_ENTRY)
};

/* abi_schedule prepares the key schedule an entry point reads (with the other
 * family's key functions called directly: they are checked by their own entries). */
static void abi_schedule(abi_sched s, void *ks, const uint8_t key[32])
{
    switch (s) {
    case S_CE_ENC: assert_int_equal(aes_ce_set_encrypt_key(ks, key, 256), 0); break;
    case S_CE_DEC: assert_int_equal(aes_ce_set_decrypt_key(ks, key, 256), 0); break;
    case S_NEON_ENC: assert_int_equal(aes_neon_set_encrypt_key(ks, key, 256), 0); break;
    case S_NEON_DEC: assert_int_equal(aes_neon_set_decrypt_key(ks, key, 256), 0); break;
    case S_NONE: break;
    }
}

/* test_abi_entry: one entry point, called with callee-saved registers randomised;
 * 7 blocks (and 200 GCM bytes) reach both the interleaved loops and their tails (for
 * ChaCha20 a four- or five-block step and a short group). */
static void test_abi_entry(void **state)
{
    const abi_entry *e = ((const tcase *)*state)->e;
    const char *missing = cb_caps_missing(e->caps, cb_caps_effective());
    if (missing) {
        print_message("UNAVAILABLE: %s needs %s\n", e->name, missing);
        skip();
    }
    if (!cb_abi_supported())
        fail_msg("no ABI-check trampoline for this architecture");
    void *ks = aligned64(AES_CE_KS_SIZE), *table = aligned64(GHASH_NEON_TABLE_SIZE);
    uint8_t key[32], iv[16], xi[16], in[7 * 64], out[7 * 64], h[16];
    uint64_t digest_state[8];
    rng r = {0xab1};
    rng_fill(&r, key, sizeof key);
    rng_fill(&r, iv, sizeof iv);
    rng_fill(&r, xi, sizeof xi);
    rng_fill(&r, in, sizeof in);
    rng_fill(&r, h, sizeof h);
    rng_fill(&r, (uint8_t *)digest_state, sizeof digest_state);
    abi_schedule(e->sched, ks, key);
    if (e->kind == K_GHASH || e->kind == K_GCM) /* the table the entry point reads */
        (e->fn == (cb_abi_fn)ghash_neon_blocks ? ghash_neon_init : ghash_pmull_init)(table, h);
    uintptr_t a[7];
    size_t n = 0;
#define ARGS(...)                                                                        \
    do {                                                                                 \
        const uintptr_t v_[] = {__VA_ARGS__};                                            \
        n = sizeof v_ / sizeof v_[0];                                                    \
        memcpy(a, v_, sizeof v_);                                                        \
    } while (0)
    switch (e->kind) {
    case K_KEY: ARGS((uintptr_t)ks, (uintptr_t)key, 256); break;
    case K_ECB: ARGS((uintptr_t)ks, (uintptr_t)in, (uintptr_t)out, 7); break;
    case K_CBC:
    case K_CTR: ARGS((uintptr_t)ks, (uintptr_t)iv, (uintptr_t)in, (uintptr_t)out, 7); break;
    case K_HINIT: ARGS((uintptr_t)table, (uintptr_t)h); break;
    case K_GHASH: ARGS((uintptr_t)table, (uintptr_t)xi, (uintptr_t)in, 7); break;
    case K_GCM:
        ARGS((uintptr_t)ks, (uintptr_t)table, (uintptr_t)iv, (uintptr_t)xi, (uintptr_t)in,
             (uintptr_t)out, 200);
        break;
    case K_DIGEST: ARGS((uintptr_t)digest_state, (uintptr_t)in, 2); break;
    case K_CHACHA: ARGS((uintptr_t)key, (uintptr_t)iv, (uintptr_t)in, (uintptr_t)out, 7); break;
    }
#undef ARGS
    cb_abi_report rep;
    uintptr_t ret = cb_abi_call_array(&rep, e->fn, n, a);
    if (rep.clobbered)
        fail_msg("%s did not restore %s", e->name, rep.names);
    if (e->kind == K_KEY && (int)ret != 0)
        fail_msg("%s returned %d for a 256-bit key", e->name, (int)ret);
    if (e->kind == K_GCM && ret != 192)
        fail_msg("%s did %zu of 200 bytes, want 192", e->name, (size_t)ret);
    free(ks);
    free(table);
}

/* ---- the build knobs changed the machine code ------------------------------------ */

/* aese_states scans code from fn up to its RET (following one level of BL into the
 * round subroutine) and returns a bit mask of the registers AESE writes; *calls gets
 * whether it called a subroutine.  AESE Vd, Vn is 0x4e284800 | n << 5 | d. */
static unsigned aese_states(const void *fn, int depth, int *calls)
{
    const uint32_t *p = fn;
    unsigned mask = 0;
    for (int i = 0; i < 4096 && p[i] != 0xd65f03c0u; i++) {
        if ((p[i] & 0xfffffc00u) == 0x4e284800u)
            mask |= 1u << (p[i] & 31);
        if ((p[i] & 0xfc000000u) == 0x94000000u && depth == 0) {
            int32_t off = (int32_t)(p[i] << 6) >> 6; /* imm26, in instructions */
            *calls = 1;
            mask |= aese_states(p + i + off, 1, calls);
        }
    }
    return mask;
}

/* knob_build: one row of kernels/armv8/knobs.h with the entry points it made. */
typedef struct knob_build {
    const char *sym, *name;
    const void *ecb, *ctr;
    unsigned interleave;
    int inline_rounds;
} knob_build;

#define KNOB_BUILD(sym, name, interleave, inl, prio, summary)                            \
    {#sym, name, (const void *)(uintptr_t)aes_ce_##sym##_ecb_encrypt,                    \
     (const void *)(uintptr_t)aes_ce_##sym##_ctr32, interleave, inl},
static const knob_build knob_builds[] = {AES_CE_BUILDS(KNOB_BUILD)};
#define NBUILDS (sizeof knob_builds / sizeof knob_builds[0])

/* Variants with the Crypto Extensions' AES that are not a build of knobs.h but
 * dispatch between builds (kernels/armv8/aes_ce_t512.c); their code is the builds'. */
static const char *const knob_mixes[] = {"ce-i5t512"};

/* test_interleave_knob: each build of aes_ce_modes.S really runs its INTERLEAVE
 * factor (AESE writes that many state registers in ecb_encrypt and ctr32) and only
 * the INLINE=1 builds have the round sequence in the loop instead of a subroutine. */
static void test_interleave_knob(void **state)
{
    (void)state;
    for (size_t i = 0; i < NBUILDS; i++) {
        const knob_build *b = &knob_builds[i];
        if (b->interleave < 1 || b->interleave > 16)
            fail_msg("aes_ce_%s: INTERLEAVE %u is outside the 1..16 this test reads",
                     b->sym, b->interleave);
        const void *fns[] = {b->ecb, b->ctr};
        for (int f = 0; f < 2; f++) {
            int calls = 0;
            unsigned mask = aese_states(fns[f], 0, &calls);
            unsigned want = (1u << b->interleave) - 1;
            if (mask != want)
                fail_msg("aes_ce_%s: AESE writes registers 0x%x, want 0x%x", b->sym, mask,
                         want);
            if (calls == b->inline_rounds)
                fail_msg("aes_ce_%s: round sequence %s, want %s", b->sym,
                         calls ? "called" : "inline", b->inline_rounds ? "inline" : "called");
        }
    }
}

/* test_chacha_knob: each build of chacha_neon.S has the round loops its SCALAR asks
 * for (the four-wide one, and with SCALAR=1 a second) and RORs on general registers
 * only with SCALAR=1: 32 a double round, the fifth block's quarter-round rotations;
 * and the registry has one chacha row per build. */
static void test_chacha_knob(void **state)
{
    (void)state;
    static const struct {
        const char *sym, *name;
        const uint32_t *fn;
        int scalar;
    } builds[] = {
#define CHACHA_KNOB(sym, name, scalar, prio, summary)                                    \
    {#sym, name, (const uint32_t *)(uintptr_t)chacha20_neon_##sym##_blocks, scalar},
        CHACHA_NEON_BUILDS(CHACHA_KNOB)
    };
    for (size_t i = 0; i < sizeof builds / sizeof builds[0]; i++) {
        const uint32_t *p = builds[i].fn;
        unsigned rors = 0, loops = 0;
        for (int k = 0; k < 8192 && p[k] != 0xd65f03c0u; k++) {
            /* ROR Wd, Wn, #imm is EXTR Wd, Wn, Wn, #imm */
            if ((p[k] & 0xffe08000u) == 0x13800000u && ((p[k] >> 16) & 31) == ((p[k] >> 5) & 31))
                rors++;
            loops += p[k] == 0xf10004c6u; /* subs x6, x6, #1: a round loop's count */
        }
        unsigned want_loops = 1 + (unsigned)builds[i].scalar, want_rors = 32u * builds[i].scalar;
        if (loops != want_loops || rors != want_rors)
            fail_msg("chacha20_neon_%s: %u round loops and %u RORs, want %u and %u (SCALAR=%d)",
                     builds[i].sym, loops, rors, want_loops, want_rors, builds[i].scalar);
        size_t rows = 0;
        for (size_t j = 0; j < cb_variant_count(); j++) {
            const cb_variant *v = cb_variant_at(j);
            rows += v->prim == CB_PRIM_CHACHA && strcmp(v->family, "armv8") == 0 &&
                    strcmp(v->name, builds[i].name) == 0;
        }
        if (rows != 1)
            fail_msg("build %s of CHACHA_NEON_BUILDS has %zu chacha rows, want 1",
                     builds[i].name, rows);
    }
}

/* unknown_ce_row returns the first Crypto Extensions AES row of the armv8 family that
 * is neither a build of knobs.h nor a known mix of builds, or NULL. */
static const char *unknown_ce_row(void)
{
    for (size_t j = 0; j < cb_variant_count(); j++) {
        const cb_variant *v = cb_variant_at(j);
        if (strcmp(v->family, "armv8") != 0 || v->prim != CB_PRIM_AES || !(v->caps & CB_CAP_AES))
            continue;
        int known = 0;
        for (size_t i = 0; i < NBUILDS; i++)
            known |= strcmp(v->name, knob_builds[i].name) == 0;
        for (size_t i = 0; i < sizeof knob_mixes / sizeof knob_mixes[0]; i++)
            known |= strcmp(v->name, knob_mixes[i]) == 0;
        if (!known)
            return v->name;
    }
    return NULL;
}

/* test_knob_rows: the registry holds one AES and one GCM row per build of knobs.h,
 * and every Crypto Extensions AES row is a build or a known mix of builds: a row this
 * test cannot account for (a factor added to family.c by hand) fails instead of going
 * untested by test_interleave_knob. */
static void test_knob_rows(void **state)
{
    (void)state;
    static const cb_prim prims[] = {CB_PRIM_AES, CB_PRIM_GCM};
    for (size_t i = 0; i < NBUILDS; i++)
        for (size_t k = 0; k < 2; k++) {
            size_t rows = 0;
            for (size_t j = 0; j < cb_variant_count(); j++) {
                const cb_variant *v = cb_variant_at(j);
                rows += v->prim == prims[k] && strcmp(v->name, knob_builds[i].name) == 0;
            }
            if (rows != 1)
                fail_msg("build %s of knobs.h has %zu %s rows, want 1", knob_builds[i].name,
                         rows, k ? "GCM" : "AES");
        }
    const char *unknown = unknown_ce_row();
    if (unknown)
        fail_msg("armv8 AES variant %s is no build of kernels/armv8/knobs.h and no known "
                 "mix of builds; add it to AES_CE_BUILDS", unknown);
}

/* test_knob_rows_catch: a factor that reaches the registry without a row in knobs.h
 * (a ce-i97 row, a factor no build has, registered at run time with ce-i4's ops and
 * a priority auto never takes) is what test_knob_rows reports; runs last, as the row stays. */
static void test_knob_rows_catch(void **state)
{
    (void)state;
    static cb_variant stray = {"ce-i97", "armv8", CB_PRIM_AES, CB_CAP_NEON | CB_CAP_AES, 0,
                               NULL, "not a build of knobs.h"};
    stray.ops = cb_variant_find(cb_alg_find("aes-128-cbc"), "ce-i4")->ops;
    assert_null(unknown_ce_row());
    assert_int_equal(cb_variant_register(&stray), 0);
    const char *unknown = unknown_ce_row();
    assert_non_null(unknown);
    assert_string_equal(unknown, "ce-i97");
}

/* ---- the generated test list ----------------------------------------------------- */

typedef struct check {
    cb_prim prim;
    const char *what;
    CMUnitTestFunction fn;
} check;

/* CB_PRIM_COUNT stands for every primitive. */
static const check checks[] = {
    {CB_PRIM_AES, "known answers (FIPS 197, SP 800-38A)", test_aes_kat},
    {CB_PRIM_AES, "ctr32 wraps in 32 bits", test_aes_ctr32_wrap},
    {CB_PRIM_AES, "ops cross-check with generic, 0..64 blocks", test_aes_xref},
    {CB_PRIM_GHASH, "known answers (CAVP GCM tags)", test_ghash_kat},
    {CB_PRIM_CHACHA, "blocks cross-check with generic, 0..40 blocks, counter edge",
     test_chacha_xref},
    {CB_PRIM_CHACHA, "Poly1305 sums at p, the widest r, random, against generic",
     test_poly1305_edges},
    {CB_PRIM_COUNT, "check.c: known answers, quick generic cross-check", test_check_quick},
};

static const char *prim_name(cb_prim p)
{
    switch (p) {
    case CB_PRIM_SHA1: return "sha1";
    case CB_PRIM_SHA256: return "sha256";
    case CB_PRIM_SHA512: return "sha512";
    case CB_PRIM_SHA3: return "sha3";
    case CB_PRIM_AES: return "aes";
    case CB_PRIM_GHASH: return "ghash";
    case CB_PRIM_GCM: return "gcm";
    case CB_PRIM_CHACHA: return "chacha";
    default: return "?";
    }
}

/* add_test fills one generated test named "<variant> <primitive>: <what>". */
static void add_test(struct CMUnitTest *t, const cb_variant *v, const char *what,
                     CMUnitTestFunction fn, tcase *c)
{
    char *name = malloc(160);
    assert_non_null(name);
    snprintf(name, 160, "%s %s: %s", v->name, prim_name(v->prim), what);
    t->name = name;
    t->test_func = fn;
    t->initial_state = c;
}

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_armv8: %s\n", err);
        return 2;
    }
    size_t nabi = sizeof abi_entries / sizeof abi_entries[0];
    size_t nv = cb_variant_count();
    size_t max = nv * (sizeof checks / sizeof checks[0] + 1) + 5 + nabi;
    size_t n = 0;
    struct CMUnitTest *tests = calloc(max ? max : 1, sizeof *tests);
    tcase *cases = calloc(nv + nabi, sizeof *cases);
    assert_non_null(tests);
    assert_non_null(cases);
    for (size_t i = 0; i < nv; i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->family, "armv8") != 0)
            continue;
        cases[i].v = v;
        for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
            if (checks[c].prim != v->prim && checks[c].prim != CB_PRIM_COUNT)
                continue;
            add_test(&tests[n++], v, checks[c].what, checks[c].fn, &cases[i]);
        }
        if (v->prim == CB_PRIM_GCM && ((const cb_gcm_ops *)v->ops)->encrypt)
            add_test(&tests[n++], v, "stitched threshold and state", test_gcm_stitched_threshold,
                     &cases[i]);
    }
    tests[n].name = "auto picks ce, or neon without the Crypto Extensions";
    tests[n++].test_func = test_dispatch;
    tests[n].name = "INTERLEAVE and INLINE changed the machine code of each build";
    tests[n++].test_func = test_interleave_knob;
    tests[n].name = "one AES and one GCM row per build of knobs.h, no unknown build";
    tests[n++].test_func = test_knob_rows;
    tests[n].name = "SCALAR changed the machine code of each chacha build; one row each";
    tests[n++].test_func = test_chacha_knob;
    for (size_t i = 0; i < nabi; i++) {
        char *name = malloc(96);
        assert_non_null(name);
        snprintf(name, 96, "ABI check: %s", abi_entries[i].name);
        cases[nv + i].e = &abi_entries[i];
        tests[n].name = name;
        tests[n].test_func = test_abi_entry;
        tests[n++].initial_state = &cases[nv + i];
    }
    if (n == 0) {
        fprintf(stderr, "test_armv8: no armv8 variants are registered in this build\n");
        return 1;
    }
    tests[n].name = "a ce-i97 row outside knobs.h is reported by the row test";
    tests[n++].test_func = test_knob_rows_catch;
    return _cmocka_run_group_tests("armv8", tests, n, NULL, NULL);
}

#endif /* CB_FAMILY_ARMV8 */
