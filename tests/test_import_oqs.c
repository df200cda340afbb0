/*
 * tests/test_import_oqs.c - liboqs's speed_kem and speed_sig output into rows: the
 * real logs in tests/data (0.15.0 on aarch64 with the nanosecond column, 0.12.0-rc1
 * on x86_64 with the cycle column; tests/data/README.md says where they come from),
 * every row of them accounted for, the banner kept as the run's description, the
 * older 30-column layout, and the lines it must refuse.
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

static const cb_csv_row *find(const cb_csv_set *set, const char *alg, const char *dir)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.direction, dir))
            return r;
    }
    fail_msg("no row for %s %s", alg, dir);
    return NULL;
}

/* want: one row a log must give: its case, iterations, mean microseconds and mean
 * cycles (0: no cycle column). */
typedef struct want {
    const char *alg, *dir;
    unsigned bits;
    uint64_t iters;
    double mean_us, cycles_mean;
} want;

/* check: each row's counts, the seconds its iterations of the mean microseconds. */
static void check(const cb_csv_set *set, const want *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *alg = w[i].alg, *dir = w[i].dir;
        unsigned bits = w[i].bits;
        uint64_t iters = w[i].iters;
        double mean_us = w[i].mean_us, cycles_mean = w[i].cycles_mean;
        const cb_csv_row *r = find(set, alg, dir);
        double secs = (double)iters * mean_us / 1e6;
        if (r->s.iterations != iters || fabs(r->s.seconds - secs) > 1e-9 ||
            r->s.key_bits != bits || r->s.block_bytes != 0 || strcmp(r->s.variant, "liboqs") ||
            fabs(r->ops_per_sec - (double)iters / secs) > 1e-6 * r->ops_per_sec)
            fail_msg("%s %s: %llu in %.9f s, %u bits, variant %s; wanted %llu in %.9f, %u", alg,
                     dir, (unsigned long long)r->s.iterations, r->s.seconds, r->s.key_bits,
                     r->s.variant, (unsigned long long)iters, secs, bits);
        if (cycles_mean > 0 ? fabs(r->s.cycles - cycles_mean * (double)iters) > 0.5 ||
                                  strcmp(r->s.cycles_source, "liboqs")
                            : r->s.cycles >= 0)
            fail_msg("%s %s: %g cycles (%s), wanted %g per operation", alg, dir, r->s.cycles,
                     r->s.cycles_source, cycles_mean);
    }
}

static const want kem_rows[] = {
    {"mlkem512", "keygen", 512, 67744, 44.285, 0},
    {"mlkem768", "encaps", 768, 41268, 72.697, 0},
    {"mlkem1024", "decaps", 1024, 26945, 111.339, 0},
    {"kyber768", "keygen", 0, 41219, 72.782, 0},
    {"kyber512", "decaps", 0, 69789, 42.987, 0},
    {"bike-l1", "keygen", 0, 69, 43490.826, 0},
    {"classic-mceliece-6688128", "keygen", 0, 1, 7289609.0, 0},
    {"efrodokem-640-aes", "decaps", 0, 175, 17189.371, 0},
};

/* speed_kem 0.15.0 on a Raspberry Pi: 8 algorithms of 3 operations; ML-KEM takes our
 * names, Kyber (another algorithm) and the others keep theirs; the sixth column is
 * nanoseconds there, never imported as cycles. */
static void test_kem_015(void **state)
{
    (void)state;
    cb_csv_set *set = tu_import_data("liboqs-0.15-aarch64-speed_kem.log", 24);
    check(set, kem_rows, sizeof kem_rows / sizeof kem_rows[0]);
    const cb_csv_row *r = find(set, "mlkem768", "decaps");
    assert_string_equal(r->run->tool_version, "liboqs speed_kem/speed_sig 0.15.0");
    assert_string_equal(r->run->compiler, "gcc (12.2.0)");
    assert_string_equal(r->run->timing, "wall");
    assert_non_null(strstr(r->run->cflags, "Target platform aarch64-Linux-6.12.25+rpt-rpi-v8"));
    assert_non_null(strstr(r->run->cflags, "CPU exts active NEON"));
    assert_non_null(strstr(r->run->cflags, "started (local time) 2026-03-04 23:46:26"));
    assert_int_equal(r->line, 42);
    cb_csv_set_free(set);
}

static const want sig_rows[] = {
    {"mldsa44", "keygen", 44, 337762, 29.607, 35204},
    {"mldsa65", "sign", 65, 76896, 130.048, 154755},
    {"mldsa87", "verify", 87, 122186, 81.843, 97384},
    {"dilithium2", "sign", 0, 134417, 74.396, 88522},
    {"falcon-512", "keygen", 0, 1321, 7573.786, 9015765},
};

/* speed_sig 0.12.0-rc1 on x86_64 (--info): keypair is keygen, ML-DSA our mldsa*,
 * Dilithium its own; the cycle column is kept, times the iterations. */
static void test_sig_012(void **state)
{
    (void)state;
    cb_csv_set *set = tu_import_data("liboqs-0.12-x86_64-speed_sig.log", 15);
    check(set, sig_rows, sizeof sig_rows / sizeof sig_rows[0]);
    const cb_csv_row *r = find(set, "mldsa44", "sign");
    assert_string_equal(r->run->tool_version, "liboqs speed_kem/speed_sig 0.12.0-rc1");
    assert_non_null(strstr(r->run->cflags, "AES NI"));
    cb_csv_set_free(set);
}

/* The layout before the 36-character column (ds_benchmark.h's own header, 30
 * characters; its first row is a public project's ds_benchmark.h timing of its own
 * code, under no heading) with speed_kem -f's full cycle, kept as its own derive
 * row. */
static void test_old_layout(void **state)
{
    (void)state;
    static const char log[] =
        "Started at 2021-05-07 14:11:36\n"
        "Operation                      | Iterations | Total time (s) | Time (us): mean | pop. "
        "stdev | CPU cycles: mean          | pop. stdev\n"
        "------------------------------ | ----------:| --------------:| ---------------:| "
        "----------:| -------------------------:| ----------:\n"
        "pet_bob_m3                     |       1000 |          2.383 |        2383.034 |     "
        "15.363 |                   4289077 |      27635\n"
        "ML-KEM-768                           |            |                |                 "
        "|            |                           |           \n"
        "fullcycletest                  |       1000 |          0.210 |         210.123 |     "
        "1.000 |                    400000 |        100\n"
        "keygen                         |       1000 |          0.000 |           0.123 |     "
        "0.328 |                        60 |          7\n"
        "Ended at 2021-05-07 14:13:14\n";
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_buffer(set, "t.log", log, strlen(log), &o, NULL, err, sizeof err);
    if (n != 3)
        fail_msg("%ld rows (%s)", n, err);
    assert_int_equal(find(set, "pet_bob_m3", "derive")->s.iterations, 1000); /* no heading */
    const cb_csv_row *r = find(set, "ml-kem-768-fullcycletest", "derive");
    assert_int_equal(r->s.iterations, 1000);
    assert_true(fabs(r->s.cycles - 4e8) < 0.5);
    r = find(set, "mlkem768", "keygen"); /* a total of 0.000 s: the mean gives the time */
    assert_true(fabs(r->s.seconds - 0.000123) < 1e-12);
    assert_string_equal(r->run->tool_version, "liboqs speed_kem/speed_sig");
    cb_csv_set_free(set);
}

static void test_refused(void **state)
{
    (void)state;
    static const char head[] =
        "Operation                            | Iterations | Total time (s) | Time (us): mean | "
        "pop. stdev | CPU cycles: mean          | pop. stdev\n"
        "ML-DSA-65                            |            |                |                 "
        "|            |                           |\n";
    static const char *const bad_rows[] = {
        "sign                                 |     x76896 |         10.000 |         130.048 "
        "|     78.135 |                    154755 |      92995",
        "sign                                 |      76896 |         10.000 |         130.048 "
        "|     78.135 |                    154755",
        "sign                                 |      76896 |         12.000 |         130.048 "
        "|     78.135 |                    154755 |      92995",
        "                                     |      76896 |         10.000 |         130.048 "
        "|     78.135 |                    154755 |      92995",
        "sign                                 |          0 |          0.000 |           0.000 "
        "|      0.000 |                         0 |          0",
    };
    char text[1024];
    for (size_t i = 0; i < sizeof bad_rows / sizeof bad_rows[0]; i++) {
        snprintf(text, sizeof text, "%s%s\n", head, bad_rows[i]);
        tu_import_refused("t.log", text, "t.log:3: ", i == 2 ? "is not its 76896 iterations"
                                                            : "a liboqs row that does not read");
    }
    tu_import_refused("t.log", "Operation | Iterations | Total time (s) | Time (ms): mean\n",
                      "t.log:1: ", "a liboqs table header whose columns are not");
    tu_import_refused("t.log", "Operation | Iterations | Total time (s) | Time (us): mean | pop. "
                      "stdev | CPU cycles: mean | pop. dev\n", "t.log:1: ",
                      "does not end in 'pop. stdev'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kem_015),
        cmocka_unit_test(test_sig_012),
        cmocka_unit_test(test_old_layout),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
