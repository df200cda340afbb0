/*
 * tests/test_import_kcapi.c - libkcapi's kcapi-speed output into rows: the sample in
 * tests/data (written in kcapi-speed's formats, every line of it accounted for), the
 * test names turned into kernel API names and through tcrypt's mapping into ours,
 * the -l listing's drivers as the variant, and the lines it must refuse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/csv/csv.h"
#include "reports/import/import.h"
#include "tests/support.h"

/* want: one row's case and rate. */
typedef struct want {
    const char *alg, *variant, *dir;
    unsigned bits;
    size_t block;
    int aead;
    double ops;
} want;

static const want rows[] = {
    {"aes-128-cbc", "cbc-aes-aesni", "encrypt", 128, 16, 0, 3807703},
    {"aes-128-cbc", "cbc-aes-aesni", "decrypt", 128, 16, 0, 3950000},
    {"sha256", "sha256-generic", "digest", 0, 256, 0, 453500},
    {"aes-256-xts", "kcapi-g-g", "encrypt", 512, 16, 0, 1970000}, /* "256": one key of two */
    {"aes-128-gcm", "gcm(aes-generic)", "encrypt", 128, 16, 1, 1344000},
    {"serpent-128-cbc", "kcapi-avx2-avx2", "decrypt", 128, 16, 0, 2630000},
    {"aes-128-cbc", "cbc-aes-aesni", "encrypt", 128, 4096, 0, 1320000000.0 / 4096}, /* -r */
    {"hmac-sha-256-drbg-nopr", "kcapi", "digest", 0, 32, 0, 2000000},
};

static void test_sample(void **state)
{
    (void)state;
    size_t n = sizeof rows / sizeof rows[0];
    cb_csv_set *set = tu_import_data("kcapi-speed.log", (long)n); /* untested: no row */
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (strcmp(r->s.alg, rows[i].alg) || strcmp(r->s.variant, rows[i].variant) ||
            strcmp(r->s.direction, rows[i].dir) || r->s.key_bits != rows[i].bits ||
            r->s.block_bytes != rows[i].block || r->s.aead != rows[i].aead ||
            fabs(r->ops_per_sec - rows[i].ops) > 1e-9 * rows[i].ops || r->has_counts)
            fail_msg("row %zu: %s %s %s %u bits %zu bytes aead %d %.3f ops/s; wanted %s %s %s "
                     "%u %zu %d %.3f", i, r->s.alg, r->s.variant, r->s.direction, r->s.key_bits,
                     r->s.block_bytes, r->s.aead, r->ops_per_sec, rows[i].alg, rows[i].variant,
                     rows[i].dir, rows[i].bits, rows[i].block, rows[i].aead, rows[i].ops);
    }
    assert_string_equal(cb_csv_set_row(set, 0)->run->tool_version, "libkcapi kcapi-speed");
    assert_int_equal(cb_csv_set_row(set, n - 1)->line, 14);
    cb_csv_set_free(set);
}

static void test_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = { /* a line, what its refusal says */
        {"AES(AESNI) CBC(ASM) 128 |e|      16 bytes|  58.10 MB/s|x ops/s", "a kcapi-speed result"},
        {"AES(AESNI) CBC(ASM) 128 |e|      16 byte|  58.10 MB/s|3807703 ops/s", "a kcapi-speed result"},
        {"AES(AESNI) CBC(ASM) 128 |e|      16 bytes|  58.10 MB/s", "a kcapi-speed result"},
        {"AES(AESNI) CBC(ASM) 128 |e|      16 bytes|  58.10 MB/s|0 ops/s", "0 ops/s"},
        {"AES(AESNI) CBC(ASM) 128,e,4096,1320000000", "a kcapi-speed -r line"},
        {"AES(AESNI) CBC(ASM) 128,d,4096,0,0", "0 bytes/s"},
        {"skcipher  | AES(AESNI) CBC(ASM) 128 | cbc-aes-aesni", "a kcapi-speed -l line"},
    };
    char text[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "SHA-256(G)|d|     256 bytes|  110.71 MB/s|453500 ops/s\n%s\n",
                 bad[i][0]);
        tu_import_refused("t.log", text, "t.log:2: ", bad[i][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
