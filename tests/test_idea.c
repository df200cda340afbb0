/*
 * tests/test_idea.c - the generic IDEA ops: the embedded known answers, NESSIE's whole
 * ECB set from the python3-cryptography-vectors package with its iterated fields
 * (CIPHERTEXT100 and CIPHERTEXT1000: the plaintext encrypted 100 and 1000 times), and
 * the properties of a block cipher.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/generic.h"
#include "tests/support.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/ciphers/IDEA/"

static const cb_block_ops *ops = &cb_idea_generic_ops;

static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(ops, cb_vectors_idea, 8), cb_vectors_idea_count);
}

/* check_iterated encrypts pt `times` times under key and compares with want (hex). */
static void check_iterated(const char *key, const char *pt, unsigned times, const char *want)
{
    _Alignas(64) uint8_t ks[1024];
    size_t kl, n;
    uint8_t *k = tu_unhex(key, &kl), *b = tu_unhex(pt, &n), *w = tu_unhex(want, &n);
    assert_int_equal(ops->set_key(ks, k, kl, 0), 0);
    for (unsigned i = 0; i < times; i++)
        ops->ecb(ks, b, b, 1);
    if (memcmp(b, w, 8) != 0)
        fail_msg("key %s: %u encryptions do not give %s", key, times, want);
    free(k), free(b), free(w);
}

/* nessie_record checks one record of the file (pt, ct, then the iterated fields, any
 * of which may be empty when the record lacks it). */
static size_t nessie_record(const char *key, const char *pt, const char *ct, const char *c100,
                            const char *c1000)
{
    if (!*key || !*pt || !*ct)
        return 0;
    check_iterated(key, pt, 1, ct);
    if (*c100)
        check_iterated(key, pt, 100, c100);
    if (*c1000)
        check_iterated(key, pt, 1000, c1000);
    return 1;
}

/* Every record, whichever order its PLAINTEXT and CIPHERTEXT come in (the second half
 * of the set gives the ciphertext first). */
static void test_nessie_file(void **state)
{
    (void)state;
    FILE *f = fopen(VECTORS "idea-ecb.txt", "r");
    if (!f)
        skip();
    char line[256], key[64] = "", pt[32] = "", ct[32] = "", c100[32] = "", c1000[32] = "";
    size_t records = 0, iterated = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "COUNT", 5) == 0) {
            records += nessie_record(key, pt, ct, c100, c1000);
            iterated += *c1000 != 0;
            key[0] = pt[0] = ct[0] = c100[0] = c1000[0] = '\0';
        }
        if (sscanf(line, "KEY = %63s", key) != 1 && sscanf(line, "PLAINTEXT = %31s", pt) != 1 &&
            sscanf(line, "CIPHERTEXT = %31s", ct) != 1 &&
            sscanf(line, "CIPHERTEXT100 = %31s", c100) != 1)
            sscanf(line, "CIPHERTEXT1000 = %31s", c1000);
    }
    records += nessie_record(key, pt, ct, c100, c1000);
    iterated += *c1000 != 0;
    fclose(f);
    assert_int_equal(records, 900);
    assert_int_equal(iterated, 450);
}

static void test_properties(void **state)
{
    (void)state;
    tu_block_properties(ops, 16, 16, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_nessie_file),
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
