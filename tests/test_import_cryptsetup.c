/*
 * tests/test_import_cryptsetup.c - `cryptsetup benchmark` output into rows: the real
 * output of Debian 12's cryptsetup 2.6.1 (tests/data, with and without its stderr),
 * a cipher table written in the format src/cryptsetup.c prints, every line accounted
 * for, and the lines it must refuse.
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

/* want: a row's case and rate. */
typedef struct want {
    const char *alg, *dir;
    unsigned bits;
    size_t block;
    double ops;
} want;

static const cb_csv_row *check(const cb_csv_set *set, const want *w, size_t n)
{
    const cb_csv_row *last = NULL;
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = NULL;
        for (size_t j = 0; j < cb_csv_set_count(set) && !r; j++) {
            const cb_csv_row *c = cb_csv_set_row(set, j);
            if (!strcmp(c->s.alg, w[i].alg) && !strcmp(c->s.direction, w[i].dir) &&
                c->s.key_bits == w[i].bits)
                r = c;
        }
        if (!r)
            fail_msg("no row for %s %s %u", w[i].alg, w[i].dir, w[i].bits);
        if (r->s.block_bytes != w[i].block || fabs(r->ops_per_sec - w[i].ops) > 1e-9 * w[i].ops ||
            strcmp(r->s.variant, "cryptsetup") || r->has_counts)
            fail_msg("%s %s: block %zu, %.6f ops/s, variant %s; wanted %zu, %.6f", w[i].alg,
                     w[i].dir, r->s.block_bytes, r->ops_per_sec, r->s.variant, w[i].block,
                     w[i].ops);
        last = r;
    }
    return last;
}

/* Debian 12's cryptsetup on this project's machine (no AF_ALG: no cipher table). */
static const want debian_rows[] = {
    {"pbkdf2-sha1", "digest", 256, 0, 2876751},
    {"pbkdf2-sha256", "digest", 256, 0, 5412005},
    {"pbkdf2-sha512", "digest", 256, 0, 2671531},
    {"pbkdf2-ripemd160", "digest", 256, 0, 1030035},
    {"pbkdf2-whirlpool", "digest", 256, 0, 910222},
    {"argon2i-p4", "derive", 256, 1024, 4.0 * 1048576 / 2.0},
    {"argon2id-p4", "derive", 256, 1024, 4.0 * 1048576 / 2.0},
};

static void test_debian(void **state)
{
    (void)state;
    cb_csv_set *set = tu_import_data("cryptsetup-2.6.1-bookworm.log", 7);
    const cb_csv_row *r = check(set, debian_rows, 7);
    assert_string_equal(r->s.note, "t 4, m 1048576 KiB, p 4, tuned to 2000 ms; at the 1 GiB "
                        "cap: a lower bound");
    assert_string_equal(r->run->tool_version, "cryptsetup benchmark");
    assert_string_equal(r->run->timing, "wall");
    assert_int_equal(r->line, 8);
    cb_csv_set_free(set);
    /* the same command's 2>&1: stderr's two lines first, then the same seven rows */
    set = tu_import_data("cryptsetup-2.6.1-bookworm-stderr.log", 7);
    cb_csv_set_free(set);
}

/* The cipher table: aes-cbc 128b is aes-128-cbc, aes-xts 256b aes-128-xts (two keys),
 * serpent and twofish their own names; one call of 64 KiB is an operation. */
static const want table_rows[] = {
    {"pbkdf2-sha1", "digest", 256, 0, 1234567},
    {"argon2id-p2", "derive", 256, 1024, 5.0 * 524288 / 2.0},
    {"aes-128-cbc", "encrypt", 128, 65536, 1100.2 * 1048576 / 65536},
    {"aes-128-cbc", "decrypt", 128, 65536, 3500.5 * 1048576 / 65536},
    {"serpent-128-cbc", "encrypt", 128, 65536, 90.1 * 1048576 / 65536},
    {"twofish-128-cbc", "decrypt", 128, 65536, 380.0 * 1048576 / 65536},
    {"aes-256-cbc", "encrypt", 256, 65536, 850.7 * 1048576 / 65536},
    {"aes-128-xts", "encrypt", 256, 65536, 3100.0 * 1048576 / 65536},
    {"serpent-128-xts", "decrypt", 256, 65536, 555.5 * 1048576 / 65536},
    {"aes-256-xts", "decrypt", 512, 65536, 2610.9 * 1048576 / 65536},
};

static void test_cipher_table(void **state)
{
    (void)state;
    cb_csv_set *set = tu_import_data("cryptsetup-cipher-table.log", 16); /* N/A: no rows */
    const cb_csv_row *r = check(set, table_rows, sizeof table_rows / sizeof table_rows[0]);
    assert_true(fabs(r->bytes_per_sec - 2610.9 * 1048576) < 1e-3);
    cb_csv_set_free(set);
}

static void test_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = { /* a line, what its refusal says */
        {"PBKDF2-sha1      2876751 iterations per second for 256 key", "PBKDF2 line"},
        {"PBKDF2-sha1      x iterations per second for 256-bit key", "PBKDF2 line"},
        {"argon2id      4 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key",
         "Argon2 line"},
        {"argon2i       0 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key "
         "(requested 2000 ms time)", "Argon2 line"},
        {"        aes-cbc        128b      1100.2 MB/s      3500.5 MiB/s", "cipher row"},
        {"        aes-cbc        128b      1100.2 MiB/s", "cipher row"},
    };
    char text[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "#     Algorithm |       Key |      Encryption |      "
                 "Decryption\n%s\n", bad[i][0]);
        tu_import_refused("t.log", text, "t.log:2: ", bad[i][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_debian),
        cmocka_unit_test(test_cipher_table),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
