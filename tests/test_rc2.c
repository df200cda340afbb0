/*
 * tests/test_rc2.c - the generic RC2 ops: all eight vectors of RFC 2268 section 5
 * (each with its effective key length), the embedded known answers, and the
 * properties of a block cipher over every key length 1..128.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/generic.h"
#include "tests/support.h"

static const cb_block_ops *ops = &cb_rc2_generic_ops;

static void test_rfc_vectors(void **state)
{
    (void)state;
    static const struct {
        const char *key;
        unsigned bits;
        const char *pt, *ct;
    } v[] = {
        {"0000000000000000", 63, "0000000000000000", "ebb773f993278eff"},
        {"ffffffffffffffff", 64, "ffffffffffffffff", "278b27e42e2f0d49"},
        {"3000000000000000", 64, "1000000000000001", "30649edf9be7d2c2"},
        {"88", 64, "0000000000000000", "61a8a244adacccf0"},
        {"88bca90e90875a", 64, "0000000000000000", "6ccf4308974c267f"},
        {"88bca90e90875a7f0f79c384627bafb2", 64, "0000000000000000", "1a807d272bbe5db1"},
        {"88bca90e90875a7f0f79c384627bafb2", 128, "0000000000000000", "2269552ab0f85ca6"},
        {"88bca90e90875a7f0f79c384627bafb216f80a6f85920584c42fceb0be255daf1e", 129,
         "0000000000000000", "5b78d3a43dfff1f1"},
    };
    _Alignas(64) uint8_t ks[1024];
    assert_true(ops->key_size <= sizeof ks);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        size_t kl, n;
        uint8_t *key = tu_unhex(v[i].key, &kl), *pt = tu_unhex(v[i].pt, &n);
        uint8_t *ct = tu_unhex(v[i].ct, &n), out[8];
        assert_int_equal(cb_rc2_generic_set_key_bits(ks, key, kl, v[i].bits, 0), 0);
        ops->ecb(ks, pt, out, 1);
        if (memcmp(out, ct, 8) != 0)
            fail_msg("vector %zu: wrong ciphertext", i + 1);
        assert_int_equal(cb_rc2_generic_set_key_bits(ks, key, kl, v[i].bits, 1), 0);
        ops->ecb(ks, ct, out, 1);
        if (memcmp(out, pt, 8) != 0)
            fail_msg("vector %zu: wrong decryption", i + 1);
        free(key), free(pt), free(ct);
    }
    assert_int_equal(cb_rc2_generic_set_key_bits(ks, (const uint8_t *)"k", 1, 0, 0), -1);
    assert_int_equal(cb_rc2_generic_set_key_bits(ks, (const uint8_t *)"k", 1, 1025, 0), -1);
}

static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(ops, cb_vectors_rc2, 8), cb_vectors_rc2_count);
}

static void test_properties(void **state)
{
    (void)state;
    tu_block_properties(ops, 1, 128, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc_vectors),
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
