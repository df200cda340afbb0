/*
 * tests/test_cast5.c - the generic CAST-128 ops: the embedded known answers (RFC 2144
 * B.1 and a CBC record), B.2's full maintenance test (a million rounds of keying with
 * the data and encrypting the key), and the properties of a block cipher over every
 * key length 5..16.
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

static const cb_block_ops *ops = &cb_cast5_generic_ops;

static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(ops, cb_vectors_cast5, 8), cb_vectors_cast5_count);
}

/* encrypt_halves encrypts both 8-byte halves of x in place under the 16-byte key k. */
static void encrypt_halves(uint8_t x[16], const uint8_t k[16])
{
    _Alignas(64) uint8_t ks[1024];
    assert_true(ops->key_size <= sizeof ks);
    assert_int_equal(ops->set_key(ks, k, 16, 0), 0);
    ops->ecb(ks, x, x, 2);
}

/* RFC 2144 B.2: a = b = 0123...789A; a million times, encrypt a's halves under b,
 * then b's halves under the new a. */
static void test_maintenance(void **state)
{
    (void)state;
    size_t n;
    uint8_t *init = tu_unhex("0123456712345678234567893456789a", &n);
    uint8_t *want_a = tu_unhex("eea9d0a249fd3ba6b3436fb89d6dca92", &n);
    uint8_t *want_b = tu_unhex("b2c95eb00c31ad7180ac05b8e83d696e", &n);
    uint8_t a[16], b[16];
    memcpy(a, init, 16);
    memcpy(b, init, 16);
    for (long i = 0; i < 1000000; i++) {
        encrypt_halves(a, b);
        encrypt_halves(b, a);
    }
    assert_memory_equal(a, want_a, 16);
    assert_memory_equal(b, want_b, 16);
    free(init), free(want_a), free(want_b);
}

static void test_properties(void **state)
{
    (void)state;
    tu_block_properties(ops, 5, 16, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_maintenance),
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
