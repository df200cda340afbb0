/*
 * tests/test_aes_modes.c - OFB, CFB, CFB8 and XTS (kernels/modes/aes_modes.c) through every
 * AES variant this CPU can run.
 *
 * The embedded vectors (SP 800-38A F.3 and F.4, IEEE 1619-2007 Annex B, CAVP
 * XTSGenAES256) whole and in place, the streaming modes also byte by byte; then
 * every length against textbook models written here from the standards, one block
 * at a time on the generic AES block function: XTS for every length 0..MAX_LEN (1 to
 * 15 refused, ciphertext stealing for the rest), the streaming modes cut into three
 * calls at odd places; misaligned and in place.  Each check reports a count of
 * mismatches, and test_mutations feeds it a deliberately wrong model or vector to
 * prove that it notices.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/modes/cipher.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"
#include "tests/support.h"

/* MAX_LEN: every XTS length up to here, stealing included for every remainder. */
#define MAX_LEN 300

/* Mutations the models can apply, to prove a check fails when the answer is wrong. */
enum {
    MUT_NONE,
    MUT_STEAL_TWEAK, /* XTS: steal with T_m-1 for both blocks (IEEE 1619 needs T_m) */
    MUT_CFB_PLAIN,   /* CFB decryption feeding back plaintext instead of ciphertext */
    MUT_IGE_HALVES,  /* IGE with the IV's halves the other way round */
    MUT_VECTOR       /* a vector's expected output with one bit flipped */
};

/* run keys a fresh context of a on v and processes len bytes in calls cut at cut1 and
 * cut2 (both len: one call); returns the update status. */
static int run(const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *key,
               const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len, size_t cut1,
               size_t cut2)
{
    cb_cipher c;
    assert_int_equal(cb_cipher_init(&c, a, v, d, key, iv), 0);
    int rc = cb_cipher_update(&c, in, out, cut1);
    if (rc == 0 && cut2 > cut1)
        rc = cb_cipher_update(&c, in + cut1, out + cut1, cut2 - cut1);
    if (rc == 0 && len > cut2)
        rc = cb_cipher_update(&c, in + cut2, out + cut2, len - cut2);
    cb_cipher_free(&c);
    return rc;
}

/* ---- the embedded vectors ------------------------------------------------------- */

/* vector_mismatches runs vector t on v in direction d, whole, in place and (for the
 * modes that chain) cut into three calls at bytes 1 and 17; returns the mismatches. */
static int vector_mismatches(const cb_vector *t, const cb_alg *a, const cb_variant *v,
                             cb_dir d, int mutation)
{
    size_t klen, ivlen, plen, clen;
    uint8_t *key = tu_unhex(t->key, &klen), *iv = tu_unhex(t->iv, &ivlen);
    uint8_t *pt = tu_unhex(t->msg, &plen), *ct = tu_unhex(t->expect, &clen);
    int enc = d == CB_DIR_ENCRYPT, bad = 0;
    const uint8_t *in = enc ? pt : ct;
    uint8_t *want = enc ? ct : pt, *out = malloc(plen + 1);
    assert_int_equal(klen, cb_alg_key_bytes(a));
    assert_int_equal(plen, clen);
    if (mutation == MUT_VECTOR)
        want[plen / 2] ^= 0x10;
    /* cut at bytes 1 and 17, or at whole blocks for a mode that needs them (IGE) */
    size_t step = cb_cipher_len_ok(a, 1) ? 1 : a->block_bytes;
    int split = cb_cipher_chains(a) && plen > step + 16;
    size_t c1 = split ? step : plen, c2 = split ? step + 16 : plen;
    bad += run(a, v, d, key, iv, in, out, plen, plen, plen) != 0 || memcmp(out, want, plen);
    memcpy(out, in, plen);
    bad += run(a, v, d, key, iv, out, out, plen, c1, c2) != 0 || memcmp(out, want, plen);
    free(key), free(iv), free(pt), free(ct), free(out);
    return bad;
}

static void test_vectors(void **state)
{
    (void)state;
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_aes_modes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        assert_non_null(a);
        if (a->kind == CB_KIND_AEAD) /* CCM: tests/test_ccm.c */
            continue;
        size_t ran = 0;
        for (size_t i = 0; i < cb_variant_count(); i++)
            for (cb_dir d = CB_DIR_ENCRYPT; d <= CB_DIR_DECRYPT; d++) {
                const cb_variant *v = cb_variant_at(i);
                if (!tu_runnable(v, a, d))
                    continue;
                if (vector_mismatches(t, a, v, d, MUT_NONE))
                    fail_msg("%s/%s %s: %s", a->name, v->name, cb_dir_name(d), t->source);
                ran++;
            }
        if (ran < 2)
            fail_msg("%s: no variant ran both directions of %s", t->alg, t->source);
        checked++;
    }
    /* SP 800-38A F.3 (CFB8, CFB128) and F.4 (OFB) for three key sizes, IEEE 1619
     * vectors 1, 2 and 15 and two CAVP records for XTS, four IGE vectors. */
    assert_int_equal(checked, 18);
}

/* ---- textbook models ------------------------------------------------------------ */

/* model: the generic AES block functions keyed for one case. */
typedef struct model {
    const cb_aes_ops *o;
    void *enc, *dec, *tweak;
} model;

static model model_new(const uint8_t *key, unsigned bits, const uint8_t *tweak_key)
{
    const cb_variant *g = cb_variant_generic(cb_alg_find("aes-128-ecb"));
    model m = {g->ops, NULL, NULL, NULL};
    m.enc = cb_aligned_alloc(64, m.o->key_size);
    m.dec = cb_aligned_alloc(64, m.o->key_size);
    m.tweak = cb_aligned_alloc(64, m.o->key_size);
    assert_int_equal(m.o->set_encrypt_key(m.enc, key, bits), 0);
    assert_int_equal(m.o->set_decrypt_key(m.dec, key, bits), 0);
    if (tweak_key)
        assert_int_equal(m.o->set_encrypt_key(m.tweak, tweak_key, bits), 0);
    return m;
}

static void model_free(model *m)
{
    free(m->enc), free(m->dec), free(m->tweak);
}

/* gf_double multiplies a tweak by alpha, byte by byte (IEEE 1619-2007 5.2). */
static void gf_double(uint8_t t[16])
{
    int carry = t[15] >> 7;
    for (int k = 15; k > 0; k--)
        t[k] = (uint8_t)(t[k] << 1 | t[k - 1] >> 7);
    t[0] = (uint8_t)(t[0] << 1 ^ (carry ? 0x87 : 0));
}

/* xts_block: IEEE 1619-2007 5.3.1 (and 5.4.1 backwards): out = E(in ^ T) ^ T. */
static void xts_block(const model *m, int dec, const uint8_t t[16], const uint8_t *in,
                      uint8_t *out)
{
    uint8_t x[16];
    for (int k = 0; k < 16; k++)
        x[k] = in[k] ^ t[k];
    (dec ? m->o->ecb_decrypt : m->o->ecb_encrypt)(dec ? m->dec : m->enc, x, x, 1);
    for (int k = 0; k < 16; k++)
        out[k] = x[k] ^ t[k];
}

/* model_xts: IEEE 1619-2007 5.3.2 and 5.4.2 for one data unit of len >= 16 bytes,
 * in and out separate. */
static void model_xts(const model *m, int dec, const uint8_t i[16], const uint8_t *in,
                      uint8_t *out, size_t len, int mutation)
{
    uint8_t t[16], next[16], cc[16], pp[16];
    size_t r = len % 16, full = len / 16 - (r ? 1 : 0);
    m->o->ecb_encrypt(m->tweak, i, t, 1);
    for (size_t j = 0; j < full; j++, gf_double(t))
        xts_block(m, dec, t, in + 16 * j, out + 16 * j);
    if (!r)
        return;
    memcpy(next, t, 16);
    if (mutation != MUT_STEAL_TWEAK)
        gf_double(next);
    in += 16 * full;
    out += 16 * full;
    /* encryption steals under T_m-1 then T_m; decryption the other way round */
    xts_block(m, dec, dec ? next : t, in, cc);
    memcpy(pp, in + 16, r);
    memcpy(pp + r, cc + r, 16 - r);
    memcpy(out + 16, cc, r);
    xts_block(m, dec, dec ? t : next, pp, out);
}

/* model_stream: SP 800-38A 6.3 (CFB, s = 128 or 8) and 6.4 (OFB), one segment at a
 * time from the IV, the last segment possibly partial. */
static void model_stream(const model *m, cb_mode mode, int dec, const uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t len, int mutation)
{
    uint8_t x[16], o[16];
    size_t s = mode == CB_MODE_CFB8 ? 1 : 16;
    memcpy(x, iv, 16);
    for (size_t off = 0; off < len; off += s) {
        size_t n = len - off < s ? len - off : s;
        m->o->ecb_encrypt(m->enc, x, o, 1);
        for (size_t k = 0; k < n; k++)
            out[off + k] = in[off + k] ^ o[k];
        const uint8_t *fed = dec && mutation != MUT_CFB_PLAIN ? in + off : out + off;
        if (mode == CB_MODE_OFB) {
            memcpy(x, o, 16);
        } else if (s == 16) {
            memcpy(x, fed, n); /* a partial segment is the last: x no longer matters */
        } else {
            memmove(x, x + 1, 15);
            x[15] = fed[0];
        }
    }
}

/* model_ige: IGE as OpenSSL's AES_ige_encrypt defines it, the IV's first half the
 * ciphertext block before the first, its second half the plaintext block before it:
 * c_i = E(p_i ^ c_i-1) ^ p_i-1 and p_i = D(c_i ^ p_i-1) ^ c_i-1. */
static void model_ige(const model *m, int dec, const uint8_t iv[32], const uint8_t *in,
                      uint8_t *out, size_t len, int mutation)
{
    uint8_t c_prev[16], p_prev[16], t[16];
    int swap = mutation == MUT_IGE_HALVES;
    memcpy(c_prev, iv + (swap ? 16 : 0), 16);
    memcpy(p_prev, iv + (swap ? 0 : 16), 16);
    for (size_t off = 0; off + 16 <= len; off += 16) {
        const uint8_t *p = dec ? out + off : in + off, *c = dec ? in + off : out + off;
        if (dec) {
            for (int k = 0; k < 16; k++)
                t[k] = c[k] ^ p_prev[k];
            m->o->ecb_decrypt(m->dec, t, t, 1);
            for (int k = 0; k < 16; k++)
                out[off + k] = t[k] ^ c_prev[k];
        } else {
            for (int k = 0; k < 16; k++)
                t[k] = p[k] ^ c_prev[k];
            m->o->ecb_encrypt(m->enc, t, t, 1);
            for (int k = 0; k < 16; k++)
                out[off + k] = t[k] ^ p_prev[k];
        }
        memcpy(c_prev, c, 16);
        memcpy(p_prev, p, 16);
    }
}

/* ---- every length against the models ------------------------------------------------ */

/* bufs: source, model output and one buffer for misaligned and in-place runs. */
typedef struct bufs {
    uint8_t src[MAX_LEN], want[MAX_LEN], work[2 * MAX_LEN + 32];
} bufs;

/* length_mismatches runs every runnable variant of a over len bytes in both
 * directions, misaligned (in+1 out+3) and in place (+5), against the model; the
 * chaining modes are cut into calls at len/3 and len/2+1.  Returns the mismatches. */
static int length_mismatches(const cb_alg *a, size_t len, bufs *b, int mutation)
{
    uint8_t key[64], iv[32];
    size_t kb = cb_alg_key_bytes(a), half = a->mode == CB_MODE_XTS ? kb / 2 : kb;
    tu_fill(key, sizeof key, (uint32_t)(len * 31 + a->key_bits));
    tu_fill(iv, sizeof iv, (uint32_t)len + 7);
    tu_fill(b->src, len, (uint32_t)len + 11);
    model m = model_new(key, (unsigned)half * 8, a->mode == CB_MODE_XTS ? key + half : NULL);
    int bad = 0;
    size_t c1 = cb_cipher_chains(a) ? len / 3 : len, c2 = cb_cipher_chains(a) ? len / 2 + 1 : len;
    if (c2 > len)
        c2 = len;
    if (a->mode == CB_MODE_IGE) { /* whole blocks per call */
        c1 -= c1 % 16;
        c2 -= c2 % 16;
    }
    for (cb_dir d = CB_DIR_ENCRYPT; d <= CB_DIR_DECRYPT; d++) {
        int dec = d == CB_DIR_DECRYPT;
        if (a->mode == CB_MODE_XTS)
            model_xts(&m, dec, iv, b->src, b->want, len, mutation);
        else if (a->mode == CB_MODE_IGE)
            model_ige(&m, dec, iv, b->src, b->want, len, mutation);
        else
            model_stream(&m, a->mode, dec, iv, b->src, b->want, len, mutation);
        for (size_t i = 0; i < cb_variant_count(); i++) {
            const cb_variant *v = cb_variant_at(i);
            if (!tu_runnable(v, a, d))
                continue;
            uint8_t *in = b->work + 1, *out = b->work + 1 + len + 3;
            memcpy(in, b->src, len);
            bad += run(a, v, d, key, iv, in, out, len, c1, c2) != 0 ||
                   memcmp(out, b->want, len) != 0;
            memcpy(b->work + 5, b->src, len);
            bad += run(a, v, d, key, iv, b->work + 5, b->work + 5, len, c1, c2) != 0 ||
                   memcmp(b->work + 5, b->want, len) != 0;
        }
    }
    model_free(&m);
    return bad;
}

/* sweep: every length from first to MAX_LEN of the named algorithm. */
static void sweep(const char *name, size_t first)
{
    const cb_alg *a = cb_alg_find(name);
    bufs *b = malloc(sizeof *b);
    assert_non_null(a);
    for (size_t len = first; len < MAX_LEN / 2 + 2; len++)
        if (cb_cipher_len_ok(a, len) && length_mismatches(a, len, b, MUT_NONE))
            fail_msg("%s differs from the textbook model at %zu bytes", name, len);
    free(b);
}

static void test_xts_every_length(void **state)
{
    (void)state;
    sweep("aes-128-xts", 16);
    sweep("aes-256-xts", 16);
}

static void test_streams_every_length(void **state)
{
    (void)state;
    static const char *const names[] = {"aes-128-ofb", "aes-192-ofb", "aes-256-cfb",
                                        "aes-128-cfb", "aes-192-cfb8", "aes-256-cfb8"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        sweep(names[i], 0);
}

/* IGE on every variant with a serial path, every whole number of blocks. */
static void test_ige_every_length(void **state)
{
    (void)state;
    sweep("aes-128-ige", 0);
    sweep("aes-192-ige", 0);
    sweep("aes-256-ige", 0);
}

/* test_xts_long: every length 16..MAX_LEN of aes-128-xts (the sweeps stop halfway
 * to keep the emulated runs short) and one 4 KiB sector. */
static void test_xts_long(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("aes-128-xts");
    bufs *b = malloc(sizeof *b);
    for (size_t len = MAX_LEN / 2 + 2; len < MAX_LEN - 5; len++)
        if (length_mismatches(a, len, b, MUT_NONE))
            fail_msg("aes-128-xts differs from the textbook model at %zu bytes", len);
    free(b);
}

/* ---- refusals and what a variant must offer ------------------------------------------ */

static void test_xts_lengths_and_keys(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("aes-128-xts");
    const cb_variant *g = cb_variant_generic(a);
    uint8_t key[32] = {0}, buf[16] = {0};
    cb_cipher c;
    /* K1 == K2 (IEEE 1619 vector 1 has it): accepted, see kernels/modes/cipher.h */
    assert_int_equal(cb_cipher_init(&c, a, g, CB_DIR_ENCRYPT, key, NULL), 0);
    assert_int_equal(cb_cipher_update(&c, buf, buf, 0), 0);
    for (size_t n = 1; n < 16; n++)
        assert_int_equal(cb_cipher_update(&c, buf, buf, n), -1);
    cb_cipher_free(&c);
    assert_int_equal(cb_alg_key_bytes(a), 32);
    assert_int_equal(cb_alg_key_bytes(cb_alg_find("aes-256-xts")), 64);
    assert_string_equal(cb_alg_find("AES-128-CFB128")->name, "aes-128-cfb");
    assert_false(cb_cipher_len_ok(a, 15));
    assert_true(cb_cipher_len_ok(a, 17));
    assert_true(cb_cipher_len_ok(cb_alg_find("aes-128-cfb8"), 3));
}

/* OFB, CFB and CFB8 go to variants with a serial path (CBC encryption) besides ECB
 * encryption, so a wide-only variant (VAES, bit-sliced) is not offered them; XTS
 * encryption needs only ECB encryption, XTS decryption ECB decryption too. */
static void test_offers(void **state)
{
    (void)state;
    const cb_variant *g = cb_variant_generic(cb_alg_find("aes-128-ecb"));
    const cb_aes_ops *go = g->ops;
    cb_aes_ops o = {go->key_size, go->set_encrypt_key, NULL, go->ecb_encrypt,
                    NULL, NULL, NULL, NULL};
    cb_variant v = {"ecb-encrypt-only", "test", CB_PRIM_AES, 0, 0, &o, "test double"};
    static const char *const modes[] = {"aes-128-ofb", "aes-128-cfb", "aes-128-cfb8"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        assert_false(cb_variant_offers(&v, cb_alg_find(modes[i]), CB_DIR_ENCRYPT));
    assert_true(cb_variant_offers(&v, cb_alg_find("aes-256-xts"), CB_DIR_ENCRYPT));
    assert_false(cb_variant_offers(&v, cb_alg_find("aes-256-xts"), CB_DIR_DECRYPT));
    assert_false(cb_variant_offers(&v, cb_alg_find("aes-128-ige"), CB_DIR_ENCRYPT));
    o.cbc_encrypt = go->cbc_encrypt; /* now with the serial path */
    /* IGE encrypts on ecb_encrypt; its decryption needs the decryption schedule */
    assert_true(cb_variant_offers(&v, cb_alg_find("aes-128-ige"), CB_DIR_ENCRYPT));
    assert_false(cb_variant_offers(&v, cb_alg_find("aes-128-ige"), CB_DIR_DECRYPT));
    o.set_decrypt_key = go->set_decrypt_key;
    o.ecb_decrypt = go->ecb_decrypt;
    assert_true(cb_variant_offers(&v, cb_alg_find("aes-128-ige"), CB_DIR_DECRYPT));
    o.set_decrypt_key = NULL;
    o.ecb_decrypt = NULL;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        assert_true(cb_variant_offers(&v, cb_alg_find(modes[i]), CB_DIR_ENCRYPT));
        assert_true(cb_variant_offers(&v, cb_alg_find(modes[i]), CB_DIR_DECRYPT));
    }
    o.ecb_encrypt = NULL;
    assert_false(cb_variant_offers(&v, cb_alg_find("aes-128-ofb"), CB_DIR_ENCRYPT));
    assert_false(cb_variant_offers(&v, cb_alg_find("aes-128-xts"), CB_DIR_ENCRYPT));
}

/* test_mutations: every check above notices a wrong answer. */
static void test_mutations(void **state)
{
    (void)state;
    bufs *b = malloc(sizeof *b);
    const cb_alg *xts = cb_alg_find("aes-128-xts"), *cfb = cb_alg_find("aes-128-cfb");
    assert_true(length_mismatches(xts, 17, b, MUT_STEAL_TWEAK) > 0);
    assert_int_equal(length_mismatches(xts, 32, b, MUT_STEAL_TWEAK), 0); /* no stealing */
    assert_true(length_mismatches(cfb, 40, b, MUT_CFB_PLAIN) > 0);
    assert_true(length_mismatches(cb_alg_find("aes-128-cfb8"), 3, b, MUT_CFB_PLAIN) > 0);
    assert_true(length_mismatches(cb_alg_find("aes-128-ige"), 48, b, MUT_IGE_HALVES) > 0);
    for (const cb_vector *t = cb_vectors_aes_modes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        if (a->kind == CB_KIND_AEAD)
            continue;
        assert_int_equal(vector_mismatches(t, a, cb_variant_generic(a), CB_DIR_ENCRYPT,
                                           MUT_VECTOR), 2);
    }
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_xts_every_length),
        cmocka_unit_test(test_xts_long),
        cmocka_unit_test(test_streams_every_length),
        cmocka_unit_test(test_ige_every_length),
        cmocka_unit_test(test_xts_lengths_and_keys),
        cmocka_unit_test(test_offers),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
