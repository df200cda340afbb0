/*
 * tests/test_import_openssl3x.c - `openssl speed` of OpenSSL 3.2 to 3.6 into rows: the
 * KEM and signature tables (3.4 on) and their progress, +DTP, +R15..+R20, +F9 and +F10
 * lines, the ML-KEM and ML-DSA rows that are cryptobench's own, the other KEMs and
 * signature algorithms kept under their names, RSA's encrypt and decrypt (3.2 on);
 * and cryptobench's own KEM and signature output, held byte for byte to OpenSSL 3.5's
 * print statements and imported back to the same rows; its ffdh rows, held to what
 * OpenSSL 3.0.19 printed for them.
 *
 * tests/data/openssl35-pqc.log and openssl35-pqc-mr.log are made up in 3.5's formats
 * (their first lines say from what); openssl34-oqs.log and openssl35-qat.log are real
 * output (their first lines name where it was published).
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
#include "reports/format/openssl_out.h"
#include "reports/import/import.h"
#include "tests/support.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* import imports a log file or, with text, a text; fails unless it gives want rows. */
static cb_csv_set *import(const char *file, const char *text, long want)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = text ? cb_import_buffer(set, "t.log", text, strlen(text), &o, NULL, err, sizeof err)
                  : cb_import_file(set, data_path(file), &o, NULL, err, sizeof err);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", file ? file : "text", n, want, err);
    return set;
}

/* row_at returns sample k of a case on block bytes, failing the test when there is
 * none; row that of a public-key case (block 0). */
static const cb_csv_row *row_at(const cb_csv_set *set, const char *alg, const char *dir,
                                unsigned k, size_t block)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.direction, dir) && r->s.sample_index == k &&
            r->s.block_bytes == block)
            return r;
    }
    fail_msg("no sample %u of %s %s on %zu bytes", k, alg, dir, block);
    return NULL;
}

static const cb_csv_row *row(const cb_csv_set *set, const char *alg, const char *dir,
                             unsigned k)
{
    return row_at(set, alg, dir, k, 0);
}

/* want: one sample, its key size, and its count and seconds (count 0: the rate only). */
typedef struct want {
    const char *alg, *dir;
    unsigned k, key_bits;
    uint64_t count;
    double secs, rate;
} want;

static void check(const cb_csv_set *set, const want *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = row(set, w[i].alg, w[i].dir, w[i].k);
        double rate = w[i].count ? (double)w[i].count / w[i].secs : w[i].rate;
        if (r->s.key_bits != w[i].key_bits || r->s.iterations != w[i].count ||
            (w[i].count && r->s.seconds != w[i].secs) ||
            fabs(r->ops_per_sec - rate) > 1e-9 * rate || r->s.block_bytes != 0)
            fail_msg("%s %s #%u: %u bits, %llu in %g s, %g/s; wanted %u bits, %llu in %g s, "
                     "%g/s", w[i].alg, w[i].dir, w[i].k, r->s.key_bits,
                     (unsigned long long)r->s.iterations, r->s.seconds, r->ops_per_sec,
                     w[i].key_bits, (unsigned long long)w[i].count, w[i].secs, rate);
    }
}

/* same_rows: two imports hold the same cases with the same counts, row by row. */
static void same_rows(const cb_csv_set *a, const cb_csv_set *b)
{
    assert_int_equal(cb_csv_set_count(a), cb_csv_set_count(b));
    for (size_t i = 0; i < cb_csv_set_count(a); i++) {
        const cb_csv_row *x = cb_csv_set_row(a, i);
        const cb_csv_row *y = row_at(b, x->s.alg, x->s.direction, x->s.sample_index,
                                     x->s.block_bytes);
        if (x->s.iterations != y->s.iterations || x->s.seconds != y->s.seconds ||
            x->s.key_bits != y->s.key_bits || strcmp(x->s.variant, y->s.variant) != 0)
            fail_msg("%s %s #%u differs: %llu in %g s against %llu in %g s", x->s.alg,
                     x->s.direction, x->s.sample_index, (unsigned long long)x->s.iterations,
                     x->s.seconds, (unsigned long long)y->s.iterations, y->s.seconds);
    }
}

/* The 3.5 text log and its -mr twin: every row of the rate table, the RSA table and
 * both KEM and signature tables, with the progress lines' counts. */
static void test_openssl35_logs(void **state)
{
    (void)state;
    cb_csv_set *text = import("openssl35-pqc.log", NULL, 40);
    static const want w[] = {
        /* "Doing ML-KEM-768 keygen ops for 10s: 266000 ML-KEM-768 KEM keygen ops in 9.99s" */
        {"mlkem768", "keygen", 0, 768, 266000, 9.99, 0},
        {"mlkem512", "decaps", 0, 512, 370370, 10.00, 0},
        {"mlkem1024", "encaps", 0, 1024, 205000, 10.01, 0},
        /* "Doing ML-DSA-44 signs ops for 10s: 50000 ML-DSA-44 signature sign ops in 10.00s" */
        {"mldsa44", "sign", 0, 44, 50000, 10.00, 0},
        {"mldsa65", "verify", 0, 65, 102000, 10.00, 0},
        {"mldsa87", "sign", 0, 87, 25000, 9.98, 0},
        /* other algorithms of the tables keep their names */
        {"x25519mlkem768", "encaps", 0, 0, 90000, 10.00, 0},
        {"slh-dsa-sha2-128s", "sign", 0, 0, 15, 10.20, 0},
        /* 3.2's RSA lines: "public rsa encrypt" is an encryption, not a verification */
        {"rsa2048", "encrypt", 0, 2048, 2869273, 10.00, 0},
        {"rsa2048", "decrypt", 0, 2048, 593701, 10.00, 0},
        {"rsa2048", "verify", 0, 2048, 3672717, 10.00, 0},
        /* RSA in the KEM table, and again in the signature table (a second sample) */
        {"rsa2048", "encaps", 0, 2048, 2375105, 10.00, 0},
        {"rsa2048", "keygen", 0, 2048, 290, 10.01, 0},
        {"rsa2048", "keygen", 1, 2048, 284, 10.01, 0},
        {"rsa2048", "verify", 1, 2048, 3486014, 10.00, 0},
    };
    check(text, w, sizeof w / sizeof w[0]);
    cb_csv_set *mr = import("openssl35-pqc-mr.log", NULL, 40);
    check(mr, w, sizeof w / sizeof w[0]);
    same_rows(text, mr);
    /* "Doing aes-128-cbc ops for 3s on 256 size blocks: 10200000 aes-128-cbc ops in
     * 2.99s" and "+R:10200000:aes-128-cbc:2.990000" (3.0's symmetric forms, unchanged) */
    static const size_t sizes[] = {16, 64, 256, 1024, 8192, 16384};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        row_at(text, "aes-128-cbc", "encrypt", 0, sizes[i]);
    const cb_csv_row *r = row_at(mr, "aes-128-cbc", "encrypt", 0, 256);
    assert_true(r->s.iterations == 10200000 && r->s.seconds == 2.99 && r->s.key_bits == 128);
    assert_string_equal(row(text, "mlkem768", "keygen", 0)->run->tool_version, "openssl 3.5.0");
    cb_csv_set_free(text);
    cb_csv_set_free(mr);
}

/* +F9 and +F10 carry an index, not a name: the k-th is the k-th KEM (signature) the
 * +DTP lines announced; its rates stand where no +R line gave a count. */
static void test_named_mr_lines(void **state)
{
    (void)state;
    cb_csv_set *set = import(NULL,
        "+DTP:ML-KEM-512:keygen:10\n+R15:400000:ML-KEM-512:10.00\n"
        "+DTP:ML-KEM-768:keygen:10\n+R15:266000:ML-KEM-768:9.99\n"
        "+DTP:ML-DSA-65:signs:10\n+R19:31000:ML-DSA-65:10.00\n"
        "+F9:7:40000.000000:47619.000000:0.000000\n"
        "+F9:8:26626.626627:31000.000000:25000.000000\n"
        "+F10:15:8500.000000:3100.000000:10200.000000\n", 8);
    static const want w[] = {
        {"mlkem512", "keygen", 0, 512, 400000, 10.00, 0},
        {"mlkem512", "encaps", 0, 512, 0, 0, 47619},
        {"mlkem768", "keygen", 0, 768, 266000, 9.99, 0},
        {"mlkem768", "decaps", 0, 768, 0, 0, 25000},
        {"mldsa65", "keygen", 0, 65, 0, 0, 8500},
        {"mldsa65", "sign", 0, 65, 31000, 10.00, 0},
        {"mldsa65", "verify", 0, 65, 0, 0, 10200},
    };
    check(set, w, sizeof w / sizeof w[0]);
    cb_csv_set_free(set);
    tu_import_refused("t.log", "+F9:0:1.000000:2.000000\n", "t.log:1: ",
                      "a malformed +F9 line; expected +F9:index:keygen:encaps:decaps");
    tu_import_refused("t.log", "+F10:0:1.000000:x:3.000000\n", "t.log:1: ",
                      "expected +F10:index:keygen:sign:verify");
}

/* `openssl speed -multi 2` of a KEM: each child's "Got: +F9:... from N" is named by
 * the +DTP lines (the children announce the same algorithms in one order) and
 * counted per child, so both children's lines are ML-KEM-768's; they are workers 0
 * and 1 of 2, and the parent's summed table agrees with their sum. */
static void test_multi_kem(void **state)
{
    (void)state;
    cb_csv_set *set = import(NULL,
        "Forked child 0\nForked child 1\n"
        "+DTP:ML-KEM-768:keygen:10\n+DTP:ML-KEM-768:keygen:10\n"
        "+R15:266000:ML-KEM-768:10.00\n+R15:260000:ML-KEM-768:10.00\n"
        "Got: +F9:8:26600.000000:31000.000000:25000.000000 from 0\n"
        "Got: +F9:8:26000.000000:30000.000000:24000.000000 from 1\n"
        "version: 3.5.0\n"
        "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
        "                 ML-KEM-768 0.000019s 0.000016s 0.000020s   52600.0   61000.0   49000.0\n",
        6);
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        assert_string_equal(r->s.alg, "mlkem768");
        assert_int_equal(r->s.workers, 2);
        assert_int_equal(r->s.worker, i / 3);
    }
    assert_true(cb_csv_set_row(set, 4)->ops_per_sec == 30000);
    cb_csv_set_free(set);
}

/* Real output: OpenSSL 3.4.0 with oqsprovider (its X25519 KEM, mlkem512, mldsa44),
 * and 3.5.6 with the QAT engine (-elapsed; a verify line garbled by the terminal). */
static void test_real_logs(void **state)
{
    (void)state;
    cb_csv_set *set = import("openssl34-oqs.log", NULL, 11);
    static const want w34[] = {
        {"x25519", "keygen", 0, 0, 85292, 3.63, 0}, /* a KEM, not ecdhx25519 */
        {"mlkem512", "decaps", 0, 512, 26682, 2.00, 0},
        {"ed25519", "sign", 0, 253, 38442, 2.00, 0},
        {"mldsa44", "sign", 0, 44, 2584, 1.94, 0},
        {"mldsa44", "verify", 0, 44, 11537, 2.00, 0},
    };
    check(set, w34, sizeof w34 / sizeof w34[0]);
    assert_string_equal(row(set, "x25519", "encaps", 0)->run->tool_version, "openssl 3.4.0");
    cb_csv_set_free(set);
    set = import("openssl35-qat.log", NULL, 10);
    static const want w35[] = {
        {"rsa2048", "sign", 0, 2048, 593553, 10.00, 0},
        {"rsa2048", "encrypt", 0, 2048, 2869273, 10.00, 0},
        {"rsa2048", "decaps", 0, 2048, 593493, 10.01, 0},
        {"rsa2048", "keygen", 1, 2048, 284, 10.01, 0},
        /* "Doing rsa2048 verify ops for 10s: ^[[A^[[A3486014 ..." has no count: the rate */
        {"rsa2048", "verify", 1, 2048, 0, 0, 348601.4},
    };
    check(set, w35, sizeof w35 / sizeof w35[0]);
    assert_string_equal(row(set, "rsa2048", "sign", 0)->run->timing, "wall");
    cb_csv_set_free(set);
}

/* capture runs print into a memory stream and returns what it wrote (to free); not
 * inlined, for tu_render's reason (tests/support.h). */
static __attribute__((noinline)) char *capture(void (*print)(FILE *f, int mr), int mr)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    print(f, mr);
    fclose(f);
    return buf;
}

/* The rates below make every figure exact in print: 1/rate has six decimals. */
static const cb_pkey_row own_rows[] = {
    {"ML-KEM-768", 768, NULL, 40000, 50000, NULL, NULL, 25000, NULL},
    {"ML-DSA-44", 44, NULL, 12500, 5000, NULL, NULL, 20000, NULL},
};

static void print_own(FILE *f, int mr)
{
    static const char *const dirs[2][3] = {{"keygen", "encaps", "decaps"},
                                           {"keygen", "sign", "verify"}};
    static const unsigned long long counts[2][3] = {{400000, 500000, 250000},
                                                    {125000, 50000, 200000}};
    for (int a = 0; a < 2; a++)
        for (int d = 0; d < 3; d++)
            cb_out_pkey_progress(f, own_rows[a].kind, own_rows[a].bits, dirs[a][d], 10,
                                 counts[a][d], 10.00, mr);
    cb_out_pkey_table(f, own_rows, 2, mr);
}

/* expected_own writes what OpenSSL 3.5's print statements make of the same figures:
 * kskey_print_message ("Doing %s %s ops for %ds: ", +DTP:%s:%s:%d), the results
 * ("%ld %s KEM keygen ops in %.2fs", +R15:%ld:%s:%.2f), the headings
 * ("%31skeygen    encaps ..."), the rows ("%27s %8.6fs %8.6fs %8.6fs %9.1f %9.1f
 * %9.1f") and +F9:%u:%f:%f:%f / +F10:%u:%f:%f:%f. */
static __attribute__((noinline)) char *expected_own(int mr)
{
    static const char *const names[2] = {"ML-KEM-768", "ML-DSA-44"};
    static const char *const said[2][3] = {{"keygen", "encaps", "decaps"},
                                           {"keygen", "signs", "verify"}};
    static const char *const done[2][3] = {{"keygen", "encaps", "decaps"},
                                           {"keygen", "sign", "verify"}};
    static const long counts[2][3] = {{400000, 500000, 250000}, {125000, 50000, 200000}};
    static const double rates[2][3] = {{40000, 50000, 25000}, {12500, 5000, 20000}};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    for (int a = 0; a < 2; a++)
        for (int d = 0; d < 3; d++) {
            if (mr)
                fprintf(f, "+DTP:%s:%s:%d\n+R%d:%ld:%s:%.2f\n", names[a], said[a][d], 10,
                        15 + 3 * a + d, counts[a][d], names[a], 10.00);
            else
                fprintf(f, "Doing %s %s ops for %ds: %ld %s %s %s ops in %.2fs\n", names[a],
                        said[a][d], 10, counts[a][d], names[a], a ? "signature" : "KEM",
                        done[a][d], 10.00);
        }
    for (int a = 0; a < 2; a++) {
        const double *r = rates[a];
        if (mr) {
            fprintf(f, "+F%d:%u:%f:%f:%f\n", 9 + a, 0u, r[0], r[1], r[2]);
            continue;
        }
        fprintf(f, "%31s%s\n", " ",
                a ? "keygen     signs    verify keygens/s    sign/s  verify/s"
                  : "keygen    encaps    decaps keygens/s  encaps/s  decaps/s");
        fprintf(f, "%27s %8.6fs %8.6fs %8.6fs %9.1f %9.1f %9.1f\n", names[a], 1 / r[0],
                1 / r[1], 1 / r[2], r[0], r[1], r[2]);
    }
    fclose(f);
    return buf;
}

/* cryptobench's KEM and signature output is OpenSSL 3.5's, byte for byte, in both
 * forms; and the importer reads either back to the same six rows. */
static void test_own_output(void **state)
{
    (void)state;
    char *got[2], *log[2];
    cb_csv_set *set[2];
    for (int mr = 0; mr < 2; mr++) {
        got[mr] = capture(print_own, mr);
        char *expected = expected_own(mr);
        assert_string_equal(got[mr], expected);
        free(expected);
        log[mr] = got[mr];
        set[mr] = import(NULL, log[mr], 6);
    }
    same_rows(set[0], set[1]);
    static const want w[] = {
        {"mlkem768", "keygen", 0, 768, 400000, 10.00, 0},
        {"mlkem768", "decaps", 0, 768, 250000, 10.00, 0},
        {"mldsa44", "sign", 0, 44, 50000, 10.00, 0},
        {"mldsa44", "verify", 0, 44, 200000, 10.00, 0},
    };
    check(set[0], w, sizeof w / sizeof w[0]);
    for (int mr = 0; mr < 2; mr++) {
        cb_csv_set_free(set[mr]);
        free(got[mr]);
    }
}

/* test_own_ffdh: the ffdh rows print as OpenSSL 3.0.19's `openssl speed ffdh2048`
 * and `-mr ffdh3072` printed them on this project's host (apps/speed.c's "Doing %u
 * bits  ffdh's", the "op     op/s" heading 23 columns in, "%4u bits ffdh %8.4fs
 * %8.1f", +DTP:%u::ffdh, +R12, +F8 with the rate and its reciprocal). */
static void test_own_ffdh(void **state)
{
    (void)state;
    const cb_pkey_row row2048 = {"ffdh", 2048, NULL, 3515.3, 0, NULL, NULL, 0, NULL};
    const cb_pkey_row row3072 = {"ffdh", 3072, NULL, 1380.357143, 0, NULL, NULL, 0, NULL};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    cb_out_pkey_progress(f, "ffdh", 2048, "derive", 1, 2074, 0.59, 0);
    cb_out_pkey_table(f, &row2048, 1, 0);
    cb_out_pkey_progress(f, "ffdh", 3072, "derive", 1, 773, 0.56, 1);
    cb_out_pkey_table(f, &row3072, 1, 1);
    fclose(f);
    assert_string_equal(buf, "Doing 2048 bits  ffdh's for 1s: 2074 2048-bits FFDH ops in 0.59s\n"
                             "                       op     op/s\n"
                             "2048 bits ffdh   0.0003s   3515.3\n"
                             "+DTP:3072::ffdh:1\n"
                             "+R12:773:3072:0.56\n"
                             "+F8:1:3072:1380.357143:0.000724\n");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openssl35_logs),
        cmocka_unit_test(test_named_mr_lines),
        cmocka_unit_test(test_multi_kem),
        cmocka_unit_test(test_real_logs),
        cmocka_unit_test(test_own_output),
        cmocka_unit_test(test_own_ffdh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
