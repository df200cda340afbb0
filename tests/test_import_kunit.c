/*
 * tests/test_import_kunit.c - the kernel's KUnit lib/crypto benchmarks (KTAP, with or
 * without dmesg timestamps) into rows: every "len=N: R MB/s" value of a suite, the
 * suite's name mapped to cryptobench's algorithm, the others kept under their names,
 * the chatter around them, the values left out (a benchmark that ended "not ok", 0
 * MB/s) and the lines refused.
 *
 * tests/data/kunit-crypto.log is made up in the kernel's formats (its first lines say
 * which); the small logs below are written here in the same formats.
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

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* import reads a file (text NULL) or a text, keeps its warnings in *warned (to free)
 * and fails unless it gives want rows. */
static cb_csv_set *import(const char *file, const char *text, long want, char **warned)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    size_t wl = 0;
    *warned = NULL;
    FILE *warn = open_memstream(warned, &wl);
    assert_non_null(warn);
    cb_csv_set *set = cb_csv_set_new();
    long n = text ? cb_import_buffer(set, "t.log", text, strlen(text), &o, warn, err, sizeof err)
                  : cb_import_file(set, data_path(file), &o, warn, err, sizeof err);
    fclose(warn);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", file ? file : "text", n, want, err);
    return set;
}

/* rate_of returns the bytes per second of one case, failing the test when it has no
 * row. */
static double rate_of(const cb_csv_set *set, const char *alg, size_t block)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && r->s.block_bytes == block) {
            assert_string_equal(r->s.variant, "kunit");
            assert_string_equal(r->s.direction, "digest");
            assert_string_equal(r->s.status, "imported");
            return r->bytes_per_sec;
        }
    }
    fail_msg("no row for %s on %zu bytes", alg, block);
    return 0;
}

/* near: a and b agree to the rounding of rate / size * size. */
static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * b;
}

/* has reports whether any row is of alg. */
static int has(const cb_csv_set *set, const char *alg)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++)
        if (!strcmp(cb_csv_set_row(set, i)->s.alg, alg))
            return 1;
    return 0;
}

/* The sample log: sha256 (timestamped) 13 + 2, md5 skipped, blake2s 12 (its len=1
 * value is 0 MB/s), sha512 failed, sha1 3, crc 3: 33 rows. */
static void test_sample_log(void **state)
{
    (void)state;
    char *warned;
    cb_csv_set *set = import("kunit-crypto.log", NULL, 33, &warned);
    /* "[   12.005117]     # benchmark_hash: len=1: 32 MB/s": MB are 10^6 bytes */
    assert_true(near(rate_of(set, "sha256", 1), 32e6));
    assert_true(near(rate_of(set, "sha256", 16384), 1992e6));
    assert_true(near(rate_of(set, "sha256", 3173), 1962e6));
    /* "# benchmark_sha256_finup_2x: data_len=4096 salt_len=64: 3850 MB/s" */
    assert_true(near(rate_of(set, "sha256-finup_2x-salt_len64", 4096), 3850e6));
    /* the kernel's blake2s is BLAKE2s-256, cryptobench's blake2s256 */
    assert_true(near(rate_of(set, "blake2s256", 16), 189e6));
    assert_true(near(rate_of(set, "sha1", 1024), 1416e6));
    assert_true(near(rate_of(set, "crc-crc32_le", 4096), 11826e6));
    assert_false(has(set, "md5"));    /* "ok 2 benchmark_hash # SKIP not enabled" */
    assert_false(has(set, "sha512")); /* "not ok 2 benchmark_hash" */
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->run->tool_version, "linux kunit");
    assert_string_equal(r->run->timing, "wall");
    assert_int_equal(r->s.key_bits, 0);
    assert_non_null(strstr(warned, "left out 2 KUnit values of benchmarks that ended \"not ok\""));
    assert_non_null(strstr(warned, "left out 1 KUnit value of 0 MB/s"));
    assert_non_null(strstr(warned, "'crc-crc32_le'")); /* a name cryptobench has not */
    assert_null(strstr(warned, "'blake2s"));
    assert_null(strstr(warned, "'sha256'"));
    free(warned);
    cb_csv_set_free(set);
}

/* A parameterised case opens its own "# Subtest:" inside the suite (its deeper
 * indentation lost to dmesg's prefix): the suite's benchmark after it is still the
 * suite's; a log that lost its KTAP header still reads from the suite's heading; a
 * suite whose result line is missing ends where the next suite names its module. */
static void test_nesting(void **state)
{
    (void)state;
    char *warned;
    cb_csv_set *set = import(NULL,
        "[    1.000000]     # Subtest: sha384\n"
        "[    1.000001]     # module: sha384_kunit\n"
        "[    1.000002]     1..2\n"
        "[    1.000003]         KTAP version 1\n"
        "[    1.000004]         # Subtest: test_hash_lens\n"
        "[    1.000005]         ok 1 len-1\n"
        "[    1.000006]         ok 2 len-2\n"
        "[    1.000007]     ok 1 test_hash_lens\n"
        "[    1.000008]     # benchmark_hash: len=64: 700 MB/s\n"
        "[    1.000009]     ok 2 benchmark_hash\n"
        "[    1.000010]     KTAP version 1\n"
        "[    1.000011]     # Subtest: sha224\n"
        "[    1.000012]     # module: sha224_kunit\n"
        "[    1.000013]     # benchmark_hash: len=64: 900 MB/s\n", 2, &warned);
    assert_true(near(rate_of(set, "sha384", 64), 700e6));
    assert_true(near(rate_of(set, "sha224", 64), 900e6));
    free(warned);
    cb_csv_set_free(set);
}

/* What a benchmark line must be: CASE: KEY=N ...: R MB/s with a len. */
static void test_refused(void **state)
{
    (void)state;
    static const char head[] = "KTAP version 1\n    # Subtest: sha256\n";
    static const struct {
        const char *line, *what;
    } bad[] = {
        {"    # benchmark_hash: len=x: 12 MB/s\n", "'len=x' in the KUnit benchmark line is not KEY=NUMBER"},
        {"    # benchmark_hash: 12 MB/s\n", "is not \"CASE: len=N: R MB/s\""},
        {"    # benchmark_hash: salt_len=3: 12 MB/s\n", "gives no message length"},
        {"    # benchmark_hash: len=16: 1.5 MB/s\n", "no whole number of MB/s"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "%s%s", head, bad[i].line);
        tu_import_refused("t.log", text, "t.log:3: ", bad[i].what);
    }
    /* outside a KUnit suite the same words are nobody's line */
    tu_import_refused("t.log", "# benchmark_hash: len=16: 12 MB/s\n", "t.log:1: ",
                      "no KUnit benchmark value");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_log),
        cmocka_unit_test(test_nesting),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
