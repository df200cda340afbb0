/*
 * tests/test_symmetric_ct.c - the constant-time test of the CMAC and CTR_DRBG layers
 * (kernels/modes/cmac.c, kernels/modes/drbg.c), run under valgrind's memcheck by
 * tests/symmetric_ct.sh: the key (CMAC) and the entropy input and nonce (DRBG) are
 * marked undefined (tests/ct_poison.h), so a branch or table index on them or on
 * anything computed from them (L, K1, K2, Key, V) is an error.  The outputs are
 * marked defined again before they are compared.
 *
 * The block cipher must be constant time itself, so the test runs on the AES-NI
 * variants (aesni-i1), whose rounds are instructions; the generic variant is T-table
 * AES, which indexes by secret bytes by design (kernels/generic/aes.c), and the
 * VAES ones use instructions valgrind does not emulate.  On a CPU without AES-NI, or
 * a build without the x86-64 family, the test says so and passes nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/modes/cmac.h"
#include "kernels/modes/drbg.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

/* ct_variant: aesni-i1 when this CPU runs it for a, else NULL (said). */
static const cb_variant *ct_variant(const cb_alg *a, const char *test)
{
    const cb_variant *v = cb_variant_find(a, "aesni-i1");
    if (!v || !tu_runnable(v, a, CB_DIR_DIGEST)) {
        printf("%s: skipped, no aesni-i1 this CPU runs\n", test);
        return NULL;
    }
    return v;
}

/* test_cmac_poisoned: subkeys and MACs of every length 0..80 with the key poisoned;
 * the MACs equal the unpoisoned generic's. */
static void test_cmac_poisoned(void **unused)
{
    (void)unused;
    static const char *const names[] = {"cmac(aes-128-cbc)", "cmac(aes-256-cbc)"};
    for (size_t n = 0; n < 2; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        const cb_variant *v = ct_variant(a, "test_cmac_poisoned");
        if (!v)
            return;
        uint8_t key[32], msg[80], got[16], want[16];
        size_t kl = cb_alg_key_bytes(a);
        tu_fill(key, sizeof key, 11);
        tu_fill(msg, sizeof msg, 12);
        for (size_t len = 0; len <= sizeof msg; len++) {
            assert_int_equal(cb_cmac_reference(a, cb_variant_generic(a), key, kl, msg, len,
                                               want),
                             0);
            VALGRIND_MAKE_MEM_UNDEFINED(key, kl);
            cb_cmac m;
            assert_int_equal(cb_cmac_init(&m, a, v, key, kl), 0);
            cb_cmac_mac(&m, msg, len, got);
            cb_cmac_free(&m);
            VALGRIND_MAKE_MEM_DEFINED(key, kl);
            VALGRIND_MAKE_MEM_DEFINED(got, sizeof got);
            assert_memory_equal(got, want, 16);
        }
    }
}

/* test_drbg_poisoned: instantiate, generate (with and without additional input),
 * reseed and generate again with the seed material poisoned. */
static void test_drbg_poisoned(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find("rand");
    const cb_variant *v = ct_variant(a, "test_drbg_poisoned");
    if (!v)
        return;
    uint8_t seed[48], adin[20], got[100], want[100];
    tu_fill(seed, sizeof seed, 13);
    tu_fill(adin, sizeof adin, 14);
    for (int poison = 0; poison < 2; poison++) {
        cb_drbg d;
        assert_int_equal(cb_drbg_new(&d, a, poison ? v : cb_variant_generic(a)), 0);
        if (poison)
            VALGRIND_MAKE_MEM_UNDEFINED(seed, sizeof seed);
        uint8_t *out = poison ? got : want;
        assert_int_equal(cb_drbg_instantiate(&d, seed, 32, seed + 32, 16, NULL, 0), 0);
        assert_int_equal(cb_drbg_generate(&d, NULL, 0, out, 37), 0);
        assert_int_equal(cb_drbg_generate(&d, adin, sizeof adin, out + 37, 40), 0);
        assert_int_equal(cb_drbg_reseed(&d, seed + 8, 32, NULL, 0), 0);
        assert_int_equal(cb_drbg_generate(&d, NULL, 0, out + 77, 23), 0);
        cb_drbg_free(&d);
        VALGRIND_MAKE_MEM_DEFINED(seed, sizeof seed);
        VALGRIND_MAKE_MEM_DEFINED(out, 100);
    }
    assert_memory_equal(got, want, sizeof got);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cmac_poisoned),
        cmocka_unit_test(test_drbg_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
