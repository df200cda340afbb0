/*
 * tests/test_bf.c - the generic Blowfish ops: the tables computed from pi against the
 * paper's, the embedded known answers, Schneier's whole ECB vector file, and the
 * properties every block cipher must have over all key lengths 1..56.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/generic.h"
#include "tests/support.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/ciphers/Blowfish/"

/* The first and last word of P and of each S-box as the paper prints them. */
static void test_pi_tables(void **state)
{
    (void)state;
    const uint32_t *w = cb_bf_pi_words();
    static const struct {
        size_t at;
        uint32_t word;
    } printed[] = {
        {0, 0x243f6a88},          {17, 0x8979fb1b},         {18, 0xd1310ba6},
        {18 + 255, 0x6e85076a},   {18 + 256, 0x4b7a70e9},   {18 + 511, 0xdb83adf7},
        {18 + 512, 0xe93d5a68},   {18 + 767, 0x406000e0},   {18 + 768, 0x3a39ce37},
        {18 + 1023, 0x3ac372e6},
    };
    for (size_t i = 0; i < sizeof printed / sizeof printed[0]; i++)
        if (w[printed[i].at] != printed[i].word)
            fail_msg("word %zu is %08x, the paper has %08x", printed[i].at,
                     (unsigned)w[printed[i].at], (unsigned)printed[i].word);
}

static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(&cb_bf_generic_ops, cb_vectors_bf, 8),
                     cb_vectors_bf_count);
}

/* Every record of the package's bf-ecb.txt (Schneier's ECB and set_key tables). */
static void test_vector_file(void **state)
{
    (void)state;
    FILE *f = fopen(VECTORS "bf-ecb.txt", "r");
    if (!f)
        skip();
    char line[512], key[128] = "", pt[64] = "", ct[64];
    size_t records = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "KEY = %127s", key) == 1 || sscanf(line, "PLAINTEXT = %63s", pt) == 1)
            continue;
        if (sscanf(line, "CIPHERTEXT = %63s", ct) != 1)
            continue;
        cb_vector v[2] = {{"bf-ecb", line, key, NULL, NULL, pt, NULL, 0, ct, NULL}, {0}};
        records += tu_block_vectors(&cb_bf_generic_ops, v, 8);
    }
    fclose(f);
    assert_int_equal(records, 55); /* its 8- to 24-bit keys are commented out */
}

static void test_properties(void **state)
{
    (void)state;
    tu_block_properties(&cb_bf_generic_ops, 1, 56, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pi_tables),
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_vector_file),
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
