/*
 * tests/test_aes.c - AES in ECB, CBC and CTR through every registered AES variant:
 * the embedded vectors (FIPS 197 Appendix C, SP 800-38A Appendix F) whole, block by
 * block and in place; misaligned and in-place buffers against the generic variant;
 * the 128-bit CTR counter across the 2^32 boundary of its low word and across
 * all-ones; and the inputs the cipher layer must refuse.
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

/* run_cipher keys a fresh context and processes len bytes in pieces of step bytes
 * (0: a single call). */
static void run_cipher(const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *key,
                       const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len,
                       size_t step)
{
    cb_cipher c;
    assert_int_equal(cb_cipher_init(&c, a, v, d, key, iv), 0);
    size_t off = 0;
    do {
        size_t n = step && len - off > step ? step : len - off;
        assert_int_equal(cb_cipher_update(&c, in + off, out + off, n), 0);
        off += n;
    } while (off < len);
    cb_cipher_free(&c);
}

/* check_vector runs one vector through v in direction d: whole, block by block and
 * in place; returns 1 when v ran it. */
static int check_vector(const cb_vector *t, const cb_alg *a, const cb_variant *v, cb_dir d)
{
    if (!tu_runnable(v, a, d))
        return 0;
    size_t klen, ivlen, plen, clen;
    uint8_t *key = tu_unhex(t->key, &klen), *iv = tu_unhex(t->iv, &ivlen);
    uint8_t *pt = tu_unhex(t->msg, &plen), *ct = tu_unhex(t->expect, &clen);
    int enc = d == CB_DIR_ENCRYPT;
    const uint8_t *in = enc ? pt : ct, *want = enc ? ct : pt;
    uint8_t *out = malloc(plen + 1);
    assert_int_equal(klen, cb_alg_key_bytes(a));
    for (size_t step = 0; step <= 16; step += 16) {
        run_cipher(a, v, d, key, t->iv ? iv : NULL, in, out, plen, step);
        if (memcmp(out, want, plen) != 0)
            fail_msg("%s/%s %s, %s, step %zu", a->name, v->name, cb_dir_name(d), t->source,
                     step);
        memcpy(out, in, plen);
        run_cipher(a, v, d, key, t->iv ? iv : NULL, out, out, plen, step);
        if (memcmp(out, want, plen) != 0)
            fail_msg("%s/%s %s in place, %s", a->name, v->name, cb_dir_name(d), t->source);
    }
    free(key), free(iv), free(pt), free(ct), free(out);
    return 1;
}

static void test_vectors(void **state)
{
    (void)state;
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_aes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        assert_non_null(a);
        if (a->prim != CB_PRIM_AES)
            continue;
        size_t ran = 0;
        for (size_t i = 0; i < cb_variant_count(); i++) {
            ran += check_vector(t, a, cb_variant_at(i), CB_DIR_ENCRYPT);
            ran += check_vector(t, a, cb_variant_at(i), CB_DIR_DECRYPT);
        }
        if (ran < 2)
            fail_msg("%s: no variant ran both directions of %s", t->alg, t->source);
        checked++;
    }
    /* FIPS 197 C.1-C.3 and SP 800-38A F.1, F.2, F.5 for three key sizes. */
    assert_int_equal(checked, 12);
}

/* Every AES mode and variant on buffers at offsets 1..15 and in place gives what the
 * generic variant gives on aligned, separate buffers. */
static void test_misaligned_in_place(void **state)
{
    (void)state;
    enum { LEN = 16 * 33 + 7 };
    uint8_t key[64], iv[CB_IV_MAX], src[LEN], want[LEN], *buf = malloc(LEN + 32); /* 64: XTS */
    uint8_t *buf2 = malloc(LEN + 32);
    tu_fill(key, sizeof key, 1);
    tu_fill(iv, sizeof iv, 2);
    tu_fill(src, sizeof src, 3);
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->prim != CB_PRIM_AES || a->kind != CB_KIND_CIPHER)
            continue;
        size_t len = a->mode == CB_MODE_CTR ? LEN : LEN - 7;
        for (cb_dir d = CB_DIR_ENCRYPT; d <= CB_DIR_DECRYPT; d++) {
            run_cipher(a, cb_variant_generic(a), d, key, iv, src, want, len, 0);
            for (size_t i = 0; i < cb_variant_count(); i++) {
                const cb_variant *v = cb_variant_at(i);
                if (!tu_runnable(v, a, d))
                    continue;
                for (size_t off = 1; off < 16; off++) {
                    uint8_t *in = buf + off, *out = buf2 + (off * 7) % 16;
                    memcpy(in, src, len);
                    run_cipher(a, v, d, key, iv, in, out, len, 0);
                    if (memcmp(out, want, len) != 0)
                        fail_msg("%s/%s %s: input offset %zu, output offset %zu", a->name,
                                 v->name, cb_dir_name(d), off, (off * 7) % 16);
                    run_cipher(a, v, d, key, iv, in, in, len, 0);
                    if (memcmp(in, want, len) != 0)
                        fail_msg("%s/%s %s: in place at offset %zu", a->name, v->name,
                                 cb_dir_name(d), off);
                }
            }
        }
    }
    free(buf);
    free(buf2);
}

/* increment adds one to a 128-bit big-endian counter block (SP 800-38A B.1). */
static void increment(uint8_t ctr[16])
{
    for (int i = 15; i >= 0; i--)
        if (++ctr[i] != 0)
            return;
}

/* ctr_expected builds SP 800-38A CTR by its definition (6.5): the i-th output block is
 * the input XOR the ECB encryption of the initial counter plus i; a call that ends in
 * a partial block uses up that counter (first call: split bytes, then the rest). */
static void ctr_expected(const cb_alg *ecb, const uint8_t *key, const uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t len, size_t split)
{
    uint8_t ctr[16], ks[16];
    memcpy(ctr, iv, 16);
    for (size_t off = 0, call_end = split ? split : len; off < len;) {
        run_cipher(ecb, cb_variant_generic(ecb), CB_DIR_ENCRYPT, key, NULL, ctr, ks, 16, 0);
        size_t n = call_end - off < 16 ? call_end - off : 16;
        for (size_t i = 0; i < n; i++)
            out[off + i] = in[off + i] ^ ks[i];
        off += n;
        increment(ctr);
        if (off == call_end)
            call_end = len;
    }
}

static void test_ctr_counter_carry(void **state)
{
    (void)state;
    /* Initial counters: the low word 3 short of wrapping; the low 64 bits 2 short
     * (a carry through two words); and all ones, which wraps to all zeros. */
    static const char *const ivs[] = {
        "0102030405060708090a0b0cfffffffd",
        "a5a5a5a55a5a5a5afffffffffffffffe",
        "ffffffffffffffffffffffffffffffff",
    };
    const cb_alg *ecb = cb_alg_find("aes-128-ecb"), *ctr = cb_alg_find("aes-128-ctr");
    enum { LEN = 6 * 16 + 5 };
    uint8_t key[16], in[LEN], want[LEN], out[LEN];
    tu_fill(key, sizeof key, 4);
    tu_fill(in, sizeof in, 5);
    for (size_t k = 0; k < sizeof ivs / sizeof ivs[0]; k++) {
        size_t n;
        uint8_t *iv = tu_unhex(ivs[k], &n);
        for (size_t i = 0; i < cb_variant_count(); i++) {
            const cb_variant *v = cb_variant_at(i);
            if (!tu_runnable(v, ctr, CB_DIR_ENCRYPT))
                continue;
            static const size_t splits[] = {0, 5, 16, 48};
            for (size_t s = 0; s < sizeof splits / sizeof splits[0]; s++) {
                ctr_expected(ecb, key, iv, in, want, LEN, splits[s]);
                cb_cipher c;
                assert_int_equal(cb_cipher_init(&c, ctr, v, CB_DIR_ENCRYPT, key, iv), 0);
                size_t first = splits[s] ? splits[s] : LEN;
                assert_int_equal(cb_cipher_update(&c, in, out, first), 0);
                assert_int_equal(cb_cipher_update(&c, in + first, out + first, LEN - first),
                                 0);
                cb_cipher_free(&c);
                if (memcmp(out, want, LEN) != 0)
                    fail_msg("aes-128-ctr/%s: counter %s, first call %zu bytes", v->name,
                             ivs[k], first);
            }
        }
        free(iv);
    }
}

/* ctr32 itself wraps the low word without carrying (GCM's inc32) and leaves the
 * counter block it was given alone. */
static void test_ctr32_wraps_low_word(void **state)
{
    (void)state;
    const cb_alg *ecb = cb_alg_find("aes-256-ecb");
    uint8_t key[32], ctr[16], saved[16], zero[32] = {0}, out[32], want[32];
    tu_fill(key, sizeof key, 6);
    tu_fill(ctr, 12, 7);
    memset(ctr + 12, 0xff, 4);
    memcpy(saved, ctr, 16);
    run_cipher(ecb, cb_variant_generic(ecb), CB_DIR_ENCRYPT, key, NULL, ctr, want, 16, 0);
    memset(ctr + 12, 0, 4);
    run_cipher(ecb, cb_variant_generic(ecb), CB_DIR_ENCRYPT, key, NULL, ctr, want + 16, 16,
               0);
    memcpy(ctr, saved, 16);
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim != CB_PRIM_AES || (v->caps & ~cb_caps_effective()))
            continue;
        const cb_aes_ops *o = v->ops;
        if (!o->ctr32)
            continue;
        void *ks = cb_aligned_alloc(64, o->key_size);
        assert_int_equal(o->set_encrypt_key(ks, key, 256), 0);
        o->ctr32(ks, ctr, zero, out, 2);
        free(ks);
        assert_memory_equal(ctr, saved, 16);
        if (memcmp(out, want, 32) != 0)
            fail_msg("%s ctr32 does not wrap the low 32 bits without carry", v->name);
    }
}

static void test_refuses_bad_input(void **state)
{
    (void)state;
    uint8_t key[32] = {0}, buf[32] = {0};
    const cb_alg *cbc = cb_alg_find("aes-128-cbc"), *gcm = cb_alg_find("aes-128-gcm");
    const cb_alg *ghash = cb_alg_find("ghash");
    const cb_variant *v = cb_variant_generic(cbc);
    cb_cipher c;
    assert_int_equal(cb_cipher_init(&c, gcm, v, CB_DIR_ENCRYPT, key, NULL), -1);
    assert_int_equal(cb_cipher_init(&c, cbc, cb_variant_generic(ghash), CB_DIR_ENCRYPT, key,
                                    NULL), -1);
    assert_int_equal(cb_cipher_init(&c, cbc, v, CB_DIR_DIGEST, key, NULL), -1);
    assert_int_equal(cb_cipher_init(&c, cbc, v, CB_DIR_ENCRYPT, key, NULL), 0);
    assert_int_equal(cb_cipher_update(&c, buf, buf, 15), -1);
    assert_int_equal(cb_cipher_update(&c, buf, buf, 17), -1);
    assert_int_equal(cb_cipher_update(&c, buf, buf, 0), 0);
    cb_cipher_free(&c);
    const cb_aes_ops *o = v->ops;
    void *ks = cb_aligned_alloc(64, o->key_size);
    assert_int_equal(o->set_encrypt_key(ks, key, 160), -1);
    assert_int_equal(o->set_decrypt_key(ks, key, 64), -1);
    free(ks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_misaligned_in_place),
        cmocka_unit_test(test_ctr_counter_carry),
        cmocka_unit_test(test_ctr32_wraps_low_word),
        cmocka_unit_test(test_refuses_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
