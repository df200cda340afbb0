/*
 * tests/test_cipher.c - the cipher layer's plumbing for cb_block_ops variants, through
 * test doubles registered at run time: the key length and direction set_key is given,
 * the 8-byte chaining value kept between calls, lengths that are not whole blocks,
 * and in-place operation, for a variant with a cbc of its own and for one whose CBC
 * the layer chains from its ecb.  (AES runs through real kernels in test_aes.c; the real DES
 * kernels have their own known answers.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/modes/cipher.h"
#include "kernels/registry.h"

/* toy_ks: what toy_set_key was given; the toy cipher is E(x) = D(x) = x ^ key[0..8). */
typedef struct toy_ks {
    size_t keylen;
    int decrypt;
    uint8_t key[24];
} toy_ks;

/* toy_set_key records its arguments; 8 and 24 are the only key lengths DES has. */
static int toy_set_key(void *ksp, const uint8_t *key, size_t keylen, int decrypt)
{
    toy_ks *ks = ksp;
    if (keylen != 8 && keylen != 24)
        return -1;
    ks->keylen = keylen;
    ks->decrypt = decrypt;
    memcpy(ks->key, key, keylen);
    return 0;
}

/* toy_ecb is the toy cipher on whole blocks, in place safe. */
static void toy_ecb(const void *ksp, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    const toy_ks *ks = ksp;
    for (size_t i = 0; i < 8 * nblocks; i++)
        out[i] = (uint8_t)(in[i] ^ ks->key[i % 8]);
}

/* toy_cbc is CBC (SP 800-38A 6.2) over the toy cipher, in place safe. */
static void toy_cbc(const void *ksp, uint8_t *iv, const uint8_t *in, uint8_t *out,
                    size_t nblocks)
{
    const toy_ks *ks = ksp;
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint8_t c[8];
        for (int i = 0; i < 8; i++) {
            c[i] = ks->decrypt ? in[i] : (uint8_t)(in[i] ^ iv[i] ^ ks->key[i]);
            out[i] = ks->decrypt ? (uint8_t)(in[i] ^ ks->key[i] ^ iv[i]) : c[i];
        }
        memcpy(iv, c, 8);
    }
}

static const cb_block_ops toy_ops = {sizeof(toy_ks), toy_set_key, toy_ecb, toy_cbc, 0};
static const cb_variant toy = {"toy", "test", CB_PRIM_DES, 0, 1, &toy_ops,
                               "test double: XOR cipher"};
/* toy_chained has no cbc: the cipher layer chains toy_ecb itself. */
static const cb_block_ops toy_chained_ops = {sizeof(toy_ks), toy_set_key, toy_ecb, NULL, 0};
static const cb_variant toy_chained = {"toy-chained", "test", CB_PRIM_DES, 0, 1,
                                       &toy_chained_ops, "test double: XOR cipher, ECB only"};

static int setup(void **state)
{
    (void)state;
    return cb_variant_register(&toy) || cb_variant_register(&toy_chained);
}

/* toy_expected is the toy CBC computed from its definition. */
static void toy_expected(const uint8_t key[8], const uint8_t iv[8], const uint8_t *in,
                         uint8_t *out, size_t len, int decrypt)
{
    uint8_t prev[8];
    memcpy(prev, iv, 8);
    for (size_t i = 0; i < len; i++) {
        out[i] = (uint8_t)(in[i] ^ key[i % 8] ^ prev[i % 8]);
        prev[i % 8] = decrypt ? in[i] : out[i];
    }
}

static void test_key_count_and_direction(void **state)
{
    (void)state;
    static const struct {
        const char *alg;
        cb_dir dir;
        size_t keylen;
        int decrypt;
    } cases[] = {
        {"des-cbc", CB_DIR_ENCRYPT, 8, 0},
        {"des-cbc", CB_DIR_DECRYPT, 8, 1},
        {"des-ede3-cbc", CB_DIR_ENCRYPT, 24, 0},
        {"des-ede3-cbc", CB_DIR_DECRYPT, 24, 1},
    };
    uint8_t key[24];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i + 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cb_cipher c;
        assert_int_equal(cb_cipher_init(&c, cb_alg_find(cases[i].alg), &toy, cases[i].dir,
                                        key, NULL),
                         0);
        const toy_ks *ks = c.ks;
        assert_int_equal(ks->keylen, cases[i].keylen);
        assert_int_equal(ks->decrypt, cases[i].decrypt);
        assert_memory_equal(ks->key, key, cases[i].keylen);
        cb_cipher_free(&c);
        assert_null(c.ks);
    }
}

/* Chaining survives split calls, in place works, and only whole 8-byte blocks pass:
 * through the variant's own cbc, and through the layer's chaining of its ecb. */
static void chaining_and_lengths(const cb_variant *v)
{
    const cb_alg *a = cb_alg_find("des-cbc");
    uint8_t key[8] = {9, 8, 7, 6, 5, 4, 3, 2}, iv[8] = {1, 3, 5, 7, 9, 11, 13, 15};
    uint8_t in[64], want[64], buf[64];
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 29 + 1);
    for (int decrypt = 0; decrypt <= 1; decrypt++) {
        cb_cipher c;
        toy_expected(key, iv, in, want, sizeof in, decrypt);
        assert_int_equal(cb_cipher_init(&c, a, v,
                                        decrypt ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT, key, iv),
                         0);
        memcpy(buf, in, sizeof buf);
        assert_int_equal(cb_cipher_update(&c, buf, buf, 8), 0);
        assert_int_equal(cb_cipher_update(&c, buf + 8, buf + 8, 12), -1);
        assert_int_equal(cb_cipher_update(&c, buf + 8, buf + 8, 56), 0);
        assert_memory_equal(buf, want, sizeof want);
        /* set_iv restarts the chain with an 8-byte value. */
        cb_cipher_set_iv(&c, iv);
        assert_int_equal(cb_cipher_update(&c, in, buf, sizeof in), 0);
        assert_memory_equal(buf, want, sizeof want);
        cb_cipher_free(&c);
    }
}

static void test_chaining_and_lengths(void **state)
{
    (void)state;
    chaining_and_lengths(&toy);
}

static void test_chaining_over_ecb(void **state)
{
    (void)state;
    chaining_and_lengths(&toy_chained);
}

/* A DES variant is no variant of an AES algorithm. */
static void test_refuses_other_primitive(void **state)
{
    (void)state;
    uint8_t key[32] = {0};
    cb_cipher c;
    assert_int_equal(cb_cipher_init(&c, cb_alg_find("aes-128-cbc"), &toy, CB_DIR_ENCRYPT,
                                    key, NULL),
                     -1);
    assert_null(c.ks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_count_and_direction),
        cmocka_unit_test(test_chaining_and_lengths),
        cmocka_unit_test(test_chaining_over_ecb),
        cmocka_unit_test(test_refuses_other_primitive),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
