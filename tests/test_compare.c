/*
 * tests/test_compare.c - statistics, matching, verdicts, the gate, every style, and
 * the acceptance tables with published figures: the 2013 OE report (MD5 at 16
 * bytes 308,766 -> 264,664 ops/s is -14.28%; sha256 290,443 -> 605,747 is
 * +108.56%) and the 2022 Graviton2 report (aes-128-gcm at 128 bytes 1411716.28k ->
 * 1458665.43k is +3.33%).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/compare/compare.h"
#include "reports/run/compare_run.h"
#include "reports/compare/paired.h"
#include "reports/styles/render.h"
#include "reports/csv/csv.h"
#include "reports/import/import.h"
#include "reports/compare/sides.h"
#include "reports/styles/styles.h"
#include "base/common.h"
#include "base/stats.h"
#include "tests/support.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* ---- statistics ------------------------------------------------------------------ */

static void test_median_geomean(void **state)
{
    (void)state;
    double odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2};
    assert_true(cb_median(odd, 3) == 3);
    assert_true(cb_median(even, 4) == 2.5);
    assert_true(isnan(cb_median(odd, 0)));
    double g[] = {2, 8};
    assert_true(fabs(cb_geomean(g, 2) - 4) < 1e-12);
}

/* brute_p enumerates every way to pick which n of the n + m ranks belong to a, the
 * definition of the exact null distribution, independently of the recurrence. */
static double brute_p(const double *a, size_t n, const double *b, size_t m)
{
    size_t N = n + m;
    double all[16];
    int first[16];
    for (size_t i = 0; i < n; i++)
        all[i] = a[i];
    for (size_t j = 0; j < m; j++)
        all[n + j] = b[j];
    double u_obs = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            u_obs += b[j] > a[i];
    double mean = (double)n * (double)m / 2, total = 0, extreme = 0;
    for (unsigned mask = 0; mask < (1u << N); mask++) {
        if ((size_t)__builtin_popcount(mask) != n)
            continue;
        for (size_t k = 0; k < N; k++)
            first[k] = (mask >> k) & 1;
        double u = 0;
        for (size_t x = 0; x < N; x++)
            for (size_t y = 0; y < N; y++)
                u += first[x] && !first[y] && all[y] > all[x];
        total++;
        extreme += fabs(u - mean) >= fabs(u_obs - mean) - 1e-9;
    }
    return extreme / total;
}

static void test_mann_whitney_exact(void **state)
{
    (void)state;
    cb_stats *st = cb_stats_new();
    /* Complete separation, n = m = 5: only 2 of C(10,5) = 252 orderings are as
     * extreme, p = 2/252. */
    double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10};
    assert_true(fabs(cb_mann_whitney(st, a, 5, b, 5) - 2.0 / 252) < 1e-12);
    /* n = m = 3 can never reach p < 0.05: its smallest p-value is 2/20. */
    assert_true(fabs(cb_mann_whitney(st, a, 3, b, 3) - 0.1) < 1e-12);
    /* Overlapping samples of several sizes against the enumeration. */
    const double x[] = {10.1, 9.7, 10.4, 10.0, 9.9, 10.6, 10.2};
    const double y[] = {10.3, 10.8, 9.8, 10.9, 11.2, 10.5, 11.0};
    for (size_t n = 2; n <= 7; n++)
        for (size_t m = 2; m <= 7; m++) {
            double p = cb_mann_whitney(st, x, n, y, m);
            double want = brute_p(x, n, y, m);
            if (fabs(p - want) > 1e-9)
                fail_msg("n=%zu m=%zu: p %.12f, enumeration %.12f", n, m, p, want);
        }
    cb_stats_free(st);
}

/* With ties the tie-corrected normal approximation is used: a = {1,2,2,3},
 * b = {2,3,4,4}: midranks give R_b = 23.5, U = 13.5, mean 8, tie term
 * 3^3-3 + 2(2^3-2) = 36, var = 16/12 (9 - 36/56) = 11.142857, z = (5.5 - 0.5) /
 * sqrt(var) = 1.497862, p = erfc(z / sqrt 2) = 0.134169. */
static void test_mann_whitney_ties(void **state)
{
    (void)state;
    cb_stats *st = cb_stats_new();
    double a[] = {1, 2, 2, 3}, b[] = {2, 3, 4, 4};
    assert_true(fabs(cb_mann_whitney(st, a, 4, b, 4) - 0.134169180) < 1e-8);
    double same[] = {5, 5, 5};
    assert_true(cb_mann_whitney(st, same, 3, same, 3) == 1);
    cb_stats_free(st);
}

static void test_ratio_interval(void **state)
{
    (void)state;
    cb_stats *st = cb_stats_new();
    cb_interval ci;
    /* n = m = 3: 95% is out of reach; the widest interval (smallest to largest pairwise
     * ratio) has level 1 - 2/20 = 0.9. */
    double a[] = {100, 101, 102}, b[] = {110, 111, 112};
    assert_int_equal(cb_ratio_interval(st, a, 3, b, 3, 0.95, &ci), 0);
    assert_true(fabs(ci.lo - (110.0 / 102 - 1)) < 1e-12);
    assert_true(fabs(ci.hi - (112.0 / 100 - 1)) < 1e-12);
    assert_true(fabs(ci.level - 0.9) < 1e-12);
    /* n = m = 5: P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252, so the interval runs
     * from the 3rd smallest to the 3rd largest of the 25 ratios, level 1 - 8/252. */
    double c[] = {100, 100, 100, 100, 100}, d[] = {101, 102, 103, 104, 105};
    assert_int_equal(cb_ratio_interval(st, c, 5, d, 5, 0.95, &ci), 0);
    assert_true(fabs(ci.lo - 0.01) < 1e-12); /* 25 ratios, five each of 1.01..1.05 */
    assert_true(fabs(ci.hi - 0.05) < 1e-12);
    assert_true(fabs(ci.level - (1 - 8.0 / 252)) < 1e-12);
    assert_int_equal(cb_ratio_interval(st, c, 0, d, 5, 0.95, &ci), -1);
    cb_stats_free(st);
}

/* ---- building inputs ------------------------------------------------------------- */

static const cb_run_info run_a = {"0.1.0", "rev-a", "linux-x86_64", "gcc", "-O2", "x86_64",
                                  "host1", "cpu1", "aesni", "aesni", "none", "none", "none",
                                  "cpu", "2024-01-01T00:00:00Z", ""};

/* add samples of a variant loaded from lib (NULL: a built-in one) to a set: rates
 * spread by +-spread around ops (deterministic). */
static void add_lib_samples(cb_csv_set *set, const cb_run_info *run, const cb_provenance *lib,
                            const char *alg, const char *variant, const char *dir,
                            size_t block, double ops, double spread, unsigned n)
{
    const cb_run_info *r = cb_csv_intern_run(set, run);
    for (unsigned i = 0; i < n; i++) {
        cb_csv_row row;
        memset(&row, 0, sizeof row);
        row.run = r;
        for (int f = 0; lib && f < CB_PROVENANCE_FIELDS; f++) {
            const char *v = cb_provenance_str(lib, f);
            *cb_provenance_field(&row.s.lib, f) = cb_csv_intern(set, v, strlen(v));
        }
        row.s.alg = cb_csv_intern(set, alg, strlen(alg));
        row.s.variant = cb_csv_intern(set, variant, strlen(variant));
        row.s.direction = cb_csv_intern(set, dir, strlen(dir));
        row.s.key_bits = 128;
        row.s.block_bytes = block;
        row.s.sample_index = i;
        row.s.status = cb_csv_intern(set, "ok", 2);
        row.s.cycles_source = cb_csv_intern(set, "", 0);
        row.s.cycles = -1;
        /* spread the samples evenly over [ops - spread, ops + spread] */
        row.ops_per_sec = ops * (1 + spread * (n > 1 ? (2.0 * i / (n - 1) - 1) : 0));
        row.bytes_per_sec = row.ops_per_sec * (double)block;
        cb_csv_add(set, &row);
    }
}

static void add_samples(cb_csv_set *set, const cb_run_info *run, const char *alg,
                        const char *variant, const char *dir, size_t block, double ops,
                        double spread, unsigned n)
{
    add_lib_samples(set, run, NULL, alg, variant, dir, block, ops, spread, n);
}

/* add_cycles adds one imported tcrypt cycle-mode row: one operation of that many cycles
 * and no time, as reports/import/import.c writes it. */
static void add_cycles(cb_csv_set *set, const cb_run_info *run, const char *alg,
                       const char *variant, size_t block, double cycles)
{
    cb_csv_row row;
    memset(&row, 0, sizeof row);
    row.run = cb_csv_intern_run(set, run);
    row.s.alg = cb_csv_intern(set, alg, strlen(alg));
    row.s.variant = cb_csv_intern(set, variant, strlen(variant));
    row.s.direction = cb_csv_intern(set, "encrypt", 7);
    row.s.key_bits = 128;
    row.s.block_bytes = block;
    row.s.status = cb_csv_intern(set, "imported", 8);
    row.s.cycles_source = cb_csv_intern(set, "tcrypt", 6);
    row.s.cycles = cycles;
    row.s.iterations = 1;
    row.has_counts = 1;
    cb_csv_add(set, &row);
}

/* split puts rows [0, cut) before and the rest after, then compares. */
static int compare_split(cb_csv_set *set, size_t cut, const cb_compare_opts *o,
                         cb_comparison *c, FILE *warn, char *err, size_t errlen)
{
    size_t n = cb_csv_set_count(set);
    const cb_csv_row **rows = malloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++)
        rows[i] = cb_csv_set_row(set, i);
    memset(c, 0, sizeof *c);
    int rc = cb_compare_rows(c, rows, cut, rows + cut, n - cut, o, warn, err, errlen);
    free(rows);
    return rc;
}

/* render returns the style's text in a buffer the caller frees (tests/support.h). */
static char *render(const cb_comparison *c, const char *style)
{
    return tu_render(c, style);
}

/* squeeze collapses runs of blanks so layouts can be matched word by word. */
static char *squeeze(char *s)
{
    char *o = s;
    for (char *p = s; *p; p++)
        if (!(*p == ' ' && (o == s || o[-1] == ' ' || o[-1] == '\n')))
            *o++ = *p;
    *o = 0;
    for (char *p = s; (p = strstr(p, " \n")) != NULL;)
        memmove(p, p + 1, strlen(p));
    return s;
}

static void assert_has_line(char *text, const char *line)
{
    char want[512];
    snprintf(want, sizeof want, "\n%s\n", line);
    if (!strstr(text, want))
        fail_msg("no line '%s' in:\n%s", line, text);
}

/* ---- verdicts and the gate --------------------------------------------------- */

static void test_regression_and_gate(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info run_b = run_a;
    run_b.build_rev = "rev-b";
    add_samples(set, &run_a, "md5", "generic", "digest", 64, 1000000, 0.005, 6);
    add_samples(set, &run_a, "sha256", "generic", "digest", 64, 500000, 0.02, 6);
    size_t cut = cb_csv_set_count(set);
    add_samples(set, &run_b, "md5", "generic", "digest", 64, 900000, 0.005, 6);
    add_samples(set, &run_b, "sha256", "generic", "digest", 64, 501000, 0.02, 6);

    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512], buf[512];
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.cases[0].alg, "md5"); /* the algorithm table's order */
    assert_true(fabs(c.cases[0].diff_pct + 10) < 1e-9);
    assert_true(c.cases[0].has_stats && c.cases[0].significant);
    assert_true(c.cases[0].p < 0.01);
    assert_true(c.cases[0].ci.hi < -0.09 && c.cases[0].ci.lo > -0.11);
    assert_int_equal(c.cases[0].verdict, CB_REGRESSION);
    assert_false(c.cases[1].significant); /* +0.2% inside 2% noise */
    assert_int_equal(c.cases[1].verdict, CB_UNCHANGED);
    assert_string_equal(cb_compare_summary(&c, buf, sizeof buf),
                        "1 regression, 0 improvements, 1 unchanged");
    assert_string_equal(c.axis, "build rev-a -> rev-b");
    char *text = squeeze(render(&c, "matrix"));
    assert_has_line(text, "md5 -10.00%");
    assert_has_line(text, "sha256 +0.20%~");
    assert_non_null(strstr(text, "~ marks a difference that is not significant"));
    free(text);
    cb_comparison_free(&c);

    /* The gate fails only when the whole interval lies beyond -P%. */
    o.gate = 1;
    o.threshold_pct = 5;
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    assert_int_equal(c.gate_failures, 1);
    assert_string_equal(cb_compare_summary(&c, buf, sizeof buf),
                        "1 regression, 0 improvements, 1 unchanged; gate -fail-if-slower "
                        "5%: FAILED by 1 case");
    cb_comparison_free(&c);
    o.threshold_pct = 15;
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    assert_int_equal(c.gate_failures, 0);
    assert_int_equal(c.regressions, 0);
    cb_comparison_free(&c);
    /* -gate-on sha256: md5's regression is not gated. */
    const char *only[] = {"sha256"};
    o.threshold_pct = 5;
    o.gate_algs = only;
    o.n_gate_algs = 1;
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    assert_int_equal(c.regressions, 1);
    assert_int_equal(c.gate_failures, 0);
    assert_non_null(strstr(cb_compare_summary(&c, buf, sizeof buf), "on sha256: passed"));
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* The axis names what differs whole, however long: two distribution builds differ
 * in a compiler line of hundreds of characters (it was cut at 512, mid-word). */
static void test_long_axis(void **state)
{
    (void)state;
    char ca[600], cc[600];
    memset(ca, 'a', sizeof ca - 1);
    ca[sizeof ca - 1] = '\0';
    memcpy(cc, ca, sizeof cc);
    cc[400] = 'c';
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info ra = run_a, rb = run_a;
    ra.compiler = ca;
    rb.compiler = cc;
    rb.build_rev = "rev-b";
    add_samples(set, &ra, "md5", "generic", "digest", 64, 1000000, 0.005, 6);
    size_t cut = cb_csv_set_count(set);
    add_samples(set, &rb, "md5", "generic", "digest", 64, 1000000, 0.005, 6);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    char want[1400];
    snprintf(want, sizeof want, "build rev-a -> rev-b, compiler %s -> %s", ca, cc);
    assert_string_equal(c.axis, want);
    char *text = render(&c, "json");
    assert_non_null(strstr(text, cc));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Thousands separators for any value a table can hold: huge rates are written, not
 * printed as 0; a value that was not measured says so. */
static void test_fmt_thousands(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(cb_fmt_thousands(1234567.4, buf, sizeof buf), "1,234,567");
    assert_string_equal(cb_fmt_thousands(-1500, buf, sizeof buf), "-1,500");
    assert_string_equal(cb_fmt_thousands(2.5e31, buf, sizeof buf), "2.500e+31");
    assert_string_equal(cb_fmt_thousands(NAN, buf, sizeof buf), "n/a");
}

/* One run holding two variants: the variant is the axis and each case pairs them. */
static void test_variant_axis(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    add_samples(set, &run_a, "aes-128-cbc", "generic", "decrypt", 16, 100, 0.01, 3);
    add_samples(set, &run_a, "aes-128-cbc", "generic", "decrypt", 1024, 10, 0.01, 3);
    size_t cut = cb_csv_set_count(set);
    add_samples(set, &run_a, "aes-128-cbc", "ce-i4", "decrypt", 16, 400, 0.01, 3);
    add_samples(set, &run_a, "aes-128-cbc", "ce-i4", "decrypt", 1024, 50, 0.01, 3);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, cut, &o, &c, NULL, err, sizeof err), 0);
    assert_int_equal(c.n, 2);
    assert_true(c.variant_axis);
    assert_string_equal(c.axis, "variant generic -> ce-i4");
    assert_true(fabs(c.cases[0].diff_pct - 300) < 1e-9);
    assert_true(fabs(c.cases[1].diff_pct - 400) < 1e-9);
    char *text = squeeze(render(&c, "matrix"));
    assert_has_line(text, "algorithm 16 bytes 1024 bytes");
    assert_has_line(text, "aes-128-cbc decrypt +300.00%~ +400.00%~");
    free(text);
    text = squeeze(render(&c, "tcrypt"));
    assert_has_line(text, "testing speed of cbc(aes) (generic -> ce-i4) decryption");
    assert_has_line(text, "test 1 (128 bit key, 1024 byte blocks): 10 operations in 1 "
                          "seconds -> 50 operations in 1 seconds: +400.00%~");
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Both sides hold several variants: each is compared with itself and named. */
static void test_same_variants_both_sides(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info run_b = run_a;
    run_b.hostname = "host2";
    const char *v[] = {"generic", "ce-i4"};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2; i++)
            add_samples(set, side ? &run_b : &run_a, "aes-128-gcm", v[i], "encrypt", 64,
                        1000 * (i + 1) * (side ? 1.1 : 1), 0, 2);
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, 4, &o, &c, warn, err, sizeof err), 0);
    fclose(warn);
    assert_non_null(strstr(warn_text, "different hosts (host1 -> host2)"));
    free(warn_text);
    assert_int_equal(c.n, 2);
    assert_false(c.variant_axis);
    assert_true(c.variant_in_label);
    char *text = squeeze(render(&c, "mail"));
    assert_has_line(text, "aes-128-gcm/ce-i4 64 2,000 2,200 +10.00%~");
    assert_has_line(text, "aes-128-gcm/generic 64 1,000 1,100 +10.00%~");
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Conditions that make numbers untrustworthy are said out loud. */
static void test_condition_warnings(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info emulated = run_a, other_build = run_a;
    emulated.emulator = "qemu-user";
    other_build.build_rev = "rev-c";
    add_samples(set, &run_a, "md5", "generic", "digest", 16, 100, 0.01, 3);
    add_samples(set, &other_build, "md5", "generic", "digest", 16, 100, 0.01, 3);
    add_samples(set, &emulated, "md5", "generic", "digest", 16, 100, 0.01, 3);
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, 6, &o, &c, warn, err, sizeof err), 0);
    fclose(warn);
    assert_non_null(strstr(warn_text, "before pools samples of several builds (rev-a+rev-c)"));
    assert_non_null(strstr(warn_text, "after ran under an emulator (qemu-user)"));
    assert_string_equal(c.axis, "build rev-a+rev-c -> rev-a");
    free(warn_text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

static void test_nothing_matches_and_one_sided(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    add_samples(set, &run_a, "md5", "generic", "digest", 16, 100, 0, 2);
    add_samples(set, &run_a, "sha1", "generic", "digest", 16, 100, 0, 2);
    add_samples(set, &run_a, "sha256", "generic", "digest", 16, 100, 0, 2);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, 2, &o, &c, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "nothing to compare"));
    assert_non_null(strstr(err, "before has md5 16 bytes"));
    cb_comparison_free(&c);

    add_samples(set, &run_a, "md5", "generic", "digest", 16, 110, 0, 2);
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    assert_int_equal(compare_split(set, 2, &o, &c, warn, err, sizeof err), 0);
    fclose(warn);
    assert_int_equal(c.n, 1);
    assert_non_null(strstr(warn_text, "2 cases only in after: sha1 16 bytes"));
    free(warn_text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- acceptance: published figures ----------------------------------------------- */

/* load_one reads a CSV file, or imports a log when import is set, into set. */
static void load_one(cb_csv_set *set, const char *name, int import)
{
    char err[512];
    cb_import_opts io;
    memset(&io, 0, sizeof io);
    if (import ? cb_import_file(set, data_path(name), &io, NULL, err, sizeof err) < 0
               : cb_csv_read_file(set, data_path(name), err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* compare_files loads a (before) and b (after) from tests/data, CSV files or logs to
 * import, and compares them with the default options; the caller frees the set. */
static cb_csv_set *compare_files(const char *a, const char *b, int import, cb_comparison *c)
{
    cb_csv_set *set = cb_csv_set_new();
    load_one(set, a, import);
    size_t cut = cb_csv_set_count(set);
    load_one(set, b, import);
    cb_compare_opts o = cb_compare_default_opts();
    char err[512];
    if (compare_split(set, cut, &o, c, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    return set;
}

static void test_oe2013_report(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("oe2013-before.csv", "oe2013-after.csv", 0, &c);
    char *text = squeeze(render(&c, "mail"));
    assert_has_line(text, "Algo blocksize ops/s-before ops/s-after difference");
    assert_has_line(text, "md5 16 308,766 264,664 -14.28%");
    assert_has_line(text, "sha256 16 290,443 605,747 +108.56%");
    assert_non_null(strstr(text, "note: 2 of 2 cases have one sample on a side"));
    free(text);
    text = squeeze(render(&c, "matrix"));
    assert_has_line(text, "algorithm 16 bytes");
    assert_has_line(text, "md5 -14.28%");
    assert_has_line(text, "sha256 +108.56%");
    free(text);
    text = render(&c, "markdown");
    assert_non_null(strstr(text, "| md5 | 16 | 308,766 | 264,664 | -14.28% |  |\n"));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

static void test_graviton2_report(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("graviton2-before.log", "graviton2-after.log", 1, &c);
    assert_int_equal(cb_csv_set_count(set), 2);
    char *text = squeeze(render(&c, "rows"));
    assert_has_line(text, "type 128 bytes");
    assert_has_line(text, "aes-128-gcm before 1411716.28k");
    assert_has_line(text, "aes-128-gcm after 1458665.43k");
    assert_has_line(text, "aes-128-gcm diff +3.33%");
    free(text);
    text = squeeze(render(&c, "matrix"));
    assert_has_line(text, "aes-128-gcm +3.33%");
    free(text);
    text = squeeze(render(&c, "mail"));
    assert_has_line(text, "aes-128-gcm 128 11,029,033 11,395,824 +3.33%");
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

static void test_machine_formats(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("oe2013-before.csv", "oe2013-after.csv", 0, &c);
    char *text = render(&c, "json");
    assert_non_null(strstr(text, "\"algorithm\": \"md5\""));
    assert_non_null(strstr(text, "\"difference_pct\": -14.2833083954"));
    assert_non_null(strstr(text, "\"p_value\": null"));
    assert_non_null(strstr(text, "\"summary\": {\"regressions\": 1, \"improvements\": 1"));
    free(text);
    text = render(&c, "csv");
    assert_non_null(strstr(text, "algorithm,direction,key_bits,block_bytes,"));
    assert_non_null(strstr(text, "\r\nmd5,digest,0,16,0,0,openssl,openssl,1,1,308766,264664,"
                                 "4940256,4234624,-14.2833083954,,,,,,regression,0,rate,,,,"
                                 "-14.2833083954,none\r\n")); /* variant_cause empty: openssl
                                                               * both; one sample a side */
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- the style table ------------------------------------------------------------- */

/* Every row of the table renders, is found by its name (so names are unique) and is
 * taken by -style; -format takes the formats and text only; the sentences name every
 * row of their kind, the last after "and". */
static void test_style_table(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("oe2013-before.csv", "oe2013-after.csv", 0, &c);
    assert_string_equal(cb_compare_style_at(0)->name, "matrix"); /* the default */
    assert_null(cb_compare_style_at(cb_compare_style_count()));
    char names[2][256];
    cb_compare_style_names(CB_STYLE_TEXT, names[CB_STYLE_TEXT], sizeof names[0]);
    cb_compare_style_names(CB_STYLE_FORMAT, names[CB_STYLE_FORMAT], sizeof names[0]);
    const cb_compare_style *got;
    for (size_t i = 0; i < cb_compare_style_count(); i++) {
        const cb_compare_style *s = cb_compare_style_at(i);
        assert_ptr_equal(cb_compare_style_find(s->name), s);
        assert_true(strlen(s->description) <= 60);
        char *text = render(&c, s->name);
        assert_non_null(strstr(text, "md5")); /* every style names the cases */
        free(text);
        assert_int_equal(cb_compare_style_check(s->name, &got), 0);
        assert_ptr_equal(got, s);
        if (s->kind == CB_STYLE_FORMAT) {
            assert_int_equal(cb_compare_format_check(s->name, &got), 0);
            assert_ptr_equal(got, s);
        }
        assert_non_null(strstr(names[s->kind], s->name));
    }
    for (int k = 0; k < 2; k++) {
        const char *last = strrchr(names[k], ' ');
        assert_non_null(last);
        assert_non_null(cb_compare_style_find(last + 1));
        assert_non_null(strstr(names[k], " and "));
    }
    assert_int_equal(cb_compare_format_check("text", &got), 0);
    assert_null(got);
    FILE *f = fopen("/dev/null", "w");
    assert_int_equal(cb_compare_render(&c, "bogus", f), -1);
    fclose(f);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- imported logs: cycles, names cryptobench does not have, public key ----------- */

/* find_case returns the compared case of alg at block bytes and key bits. */
static const cb_cmp_case *find_case(const cb_comparison *c, const char *alg, size_t block,
                                    unsigned key_bits)
{
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->cases[i].alg, alg) && c->cases[i].block_bytes == block &&
            c->cases[i].key_bits == key_bits)
            return &c->cases[i];
    fail_msg("no case %s %zu bytes %u bits", alg, block, key_bits);
    return NULL;
}

/* tcrypt cycle counts: fewer is faster, before / after x 100 - 100, said in the text. */
static void test_cycles_compare(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("tcrypt-cycles-before.log", "tcrypt-cycles-after.log", 1,
                                    &c);
    assert_int_equal(c.n, 7);
    /* 232 -> 200 cycles: 232 / 200 x 100 - 100 = +16% */
    const cb_cmp_case *k = find_case(&c, "aes-128-cbc", 16, 128);
    assert_true(k->cycles && k->cycles_before == 232 && k->cycles_after == 200);
    assert_true(fabs(k->diff_pct - 16) < 1e-9);
    assert_true(isnan(k->ops_before));
    assert_int_equal(k->verdict, CB_IMPROVEMENT);
    /* 16-byte updates 1200 -> 1500 cycles: 1200 / 1500 x 100 - 100 = -20%, a regression
     * of its own: the one-update sha256 at 64 bytes (640 -> 640) is another case */
    k = find_case(&c, "sha256-16B-updates", 64, 0);
    assert_true(fabs(k->diff_pct + 20) < 1e-9);
    assert_int_equal(k->verdict, CB_REGRESSION);
    assert_true(find_case(&c, "sha256", 64, 0)->diff_pct == 0);
    /* geomean of the speed ratios: 232/200 520/400 1 700/560 400/320 1200/1500 1 */
    double g = pow(232.0 / 200 * 520 / 400 * 700 / 560 * 400 / 320 * 1200 / 1500, 1.0 / 7);
    assert_true(fabs(c.geomean_pct - (g * 100 - 100)) < 1e-9);

    char *text = squeeze(render(&c, "mail"));
    assert_has_line(text, "aes-128-cbc/cbc-aes-ce (cycles) 16 232 200 +16.00%");
    assert_has_line(text, "sha256-16B-updates/sha256-ce (cycles) 64 1,200 1,500 -20.00%");
    assert_non_null(strstr(text, "note: 7 of 7 cases, marked (cycles), are tcrypt cycle "
                                 "counts per operation, not rates: fewer is faster"));
    free(text);
    text = squeeze(render(&c, "rows"));
    assert_has_line(text, "aes-256-cbc/cbc-aes-ce (cycles) after 300 560");
    free(text);
    text = render(&c, "json");
    assert_non_null(strstr(text, "\"measure\": \"cycles\""));
    assert_non_null(strstr(text, "\"ops_per_sec_before\": null"));
    assert_non_null(strstr(text, "\"cycles_per_op_before\": 232, \"cycles_per_op_after\": 200"));
    free(text);
    text = render(&c, "csv");
    assert_non_null(strstr(text, ",improvement,0,cycles,232,200,,16,"));
    free(text);

    /* tcrypt style: one heading per API name, both key sizes under it, numbered on */
    text = render(&c, "tcrypt");
    const char *h = "\ntesting speed of cbc(aes) (cbc-aes-ce) encryption\n";
    const char *at = strstr(text, h);
    assert_non_null(at);
    assert_null(strstr(at + 1, h)); /* one heading for both key sizes */
    assert_non_null(strstr(at, "\ntest 0 (128 bit key, 16 byte blocks): 1 operation in 232 "
                               "cycles -> 1 operation in 200 cycles: +16.00%\n"
                               "test 1 (128 bit key, 64 byte blocks): 1 operation in 520 "
                               "cycles -> 1 operation in 400 cycles: +30.00%\n"
                               "test 2 (256 bit key, 16 byte blocks): 1 operation in 300 "
                               "cycles -> 1 operation in 300 cycles: +0.00%\n"
                               "test 3 (256 bit key, 64 byte blocks): 1 operation in 700 "
                               "cycles -> 1 operation in 560 cycles: +25.00%\n"));
    /* the hash in tcrypt's order: 16 bytes, 64 in 16-byte updates, 64 in one */
    assert_non_null(strstr(text, "\ntesting speed of sha256 (sha256-ce)\n"
                                 "test 0 (16 byte blocks): 1 operation in 400 cycles -> 1 "
                                 "operation in 320 cycles: +25.00%\n"
                                 "test 1 (64 byte blocks, 16 bytes per update, 4 updates): 1 "
                                 "operation in 1200 cycles -> 1 operation in 1500 cycles: "
                                 "-20.00%\n"
                                 "test 2 (64 byte blocks): 1 operation in 640 cycles -> 1 "
                                 "operation in 640 cycles: +0.00%\n"));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Cycles on one side and rates on the other are left out with a warning, never mixed. */
static void test_mixed_cycles_and_rates(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info run_b = run_a;
    run_b.build_rev = "rev-b";
    add_cycles(set, &run_a, "aes-128-cbc", "cbc-aes-ce", 16, 232);
    add_samples(set, &run_a, "md5", "generic", "digest", 64, 1000, 0, 1);
    size_t cut = cb_csv_set_count(set);
    add_samples(set, &run_b, "aes-128-cbc", "cbc-aes-ce", "encrypt", 16, 5000000, 0, 1);
    add_samples(set, &run_b, "md5", "generic", "digest", 64, 1100, 0, 1);
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, cut, &o, &c, warn, err, sizeof err), 0);
    fclose(warn);
    assert_int_equal(c.n, 1);
    assert_string_equal(c.cases[0].alg, "md5");
    assert_non_null(strstr(warn_text, "1 case counted in cycles on one side and timed on the "
                                      "other cannot be compared and is left out: aes-128-cbc "
                                      "16 bytes encrypt (cbc-aes-ce).\n"));
    assert_null(strstr(warn_text, "only in")); /* not also listed as one-sided */
    free(warn_text);
    cb_comparison_free(&c);

    /* nothing else: the error says why */
    cb_csv_set *only = cb_csv_set_new();
    add_cycles(only, &run_a, "aes-128-cbc", "cbc-aes-ce", 16, 232);
    add_samples(only, &run_b, "aes-128-cbc", "cbc-aes-ce", "encrypt", 16, 5000000, 0, 1);
    assert_int_equal(compare_split(only, 1, &o, &c, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "cycles on one side, rates on the other: aes-128-cbc"));
    cb_comparison_free(&c);
    cb_csv_set_free(only);
    cb_csv_set_free(set);
}

/* The tcrypt style names cases as tcrypt does and groups key sizes under one heading. */
static void test_tcrypt_style_names(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    cb_run_info run_b = run_a;
    run_b.build_rev = "rev-b";
    static const char *const algs[] = {"aes-128-cbc", "aes-256-cbc", "des-ede3-cbc",
                                       "aes-128-gcm", "camellia-128-cbc"};
    for (int side = 0; side < 2; side++)
        for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
            add_samples(set, side ? &run_b : &run_a, algs[i], "generic", "decrypt", 16,
                        side ? 110 : 100, 0, 1);
            add_samples(set, side ? &run_b : &run_a, algs[i], "generic", "decrypt", 64,
                        side ? 55 : 50, 0, 1);
        }
    /* key_bits comes from add_samples (128); make the aes-256 rows say 256 */
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        cb_csv_row *r = (cb_csv_row *)cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, "aes-256-cbc"))
            r->s.key_bits = 256;
    }
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    assert_int_equal(compare_split(set, 10, &o, &c, NULL, err, sizeof err), 0);
    char *text = render(&c, "tcrypt");
    assert_non_null(strstr(text, "\ntesting speed of cbc(aes) (generic) decryption\n"
                                 "test 0 (128 bit key, 16 byte blocks): 100 operations in 1 "
                                 "seconds -> 110 operations in 1 seconds: +10.00%\n"
                                 "test 1 (128 bit key, 64 byte blocks): 50 operations in 1 "
                                 "seconds -> 55 operations in 1 seconds: +10.00%\n"
                                 "test 2 (256 bit key, 16 byte blocks): 100 operations in 1 "
                                 "seconds -> 110 operations in 1 seconds: +10.00%\n"
                                 "test 3 (256 bit key, 64 byte blocks): 50 operations"));
    assert_non_null(strstr(text, "\ntesting speed of cbc(des3_ede) (generic) decryption\n"
                                 "test 0 (128 bit key, 16 byte blocks)"));
    assert_non_null(strstr(text, "\ntesting speed of gcm(aes) (generic) decryption\n"));
    assert_non_null(strstr(text, "\ntesting speed of camellia-128-cbc (generic) decryption\n"));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Every row of a whole report compares with the same row of another import. */
static void test_imported_report(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = compare_files("openssl3-full.log", "openssl3-full.log", 1, &c);
    assert_int_equal(c.n, 113);
    char *text = squeeze(render(&c, "mail"));
    assert_has_line(text, "camellia-128-cbc 16 6,250,000 6,250,000 +0.00%");
    assert_has_line(text, "hmac(md5) 16384 27,466 27,466 +0.00%");
    assert_has_line(text, "ecdhp256 derive - 15,000 15,000 +0.00%");
    assert_has_line(text, "rsa2048 encrypt - 21,739 21,739 +0.00%");
    assert_has_line(text, "rsa2048 decrypt - 649 649 +0.00%");
    free(text);
    text = squeeze(render(&c, "matrix"));
    assert_has_line(text, "public key sign verify encrypt decrypt derive keygen encaps decaps");
    assert_has_line(text, "rsa2048 +0.00% +0.00% +0.00% +0.00%");
    assert_has_line(text, "ecdhx25519 +0.00%"); /* imported under our name */
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- before and after: reports/compare/sides.c ------------------------------------------- */

/* choose runs cb_sides_choose; returns its status with the labels in sd. */
static int choose(cb_sides *sd, const cb_csv_set *set, const char *f1, const char *f2,
                  size_t first_rows, const char *variants, char *err, size_t errlen)
{
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = f1;
    rq.source[1] = f2;
    rq.first_rows = first_rows;
    if (variants)
        assert_int_equal(cb_sides_parse_variants(&rq, variants, err, errlen), 0);
    return cb_sides_choose(sd, set, &rq, err, errlen);
}

static void test_sides(void **state)
{
    (void)state;
    char err[512];
    cb_sides sd;
    cb_run_info run_b = run_a;
    run_b.build_rev = "rev-b";
    cb_csv_set *set = cb_csv_set_new();
    add_samples(set, &run_a, "md5", "generic", "digest", 64, 1000, 0, 2);
    add_samples(set, &run_a, "md5", "x86", "digest", 64, 1000, 0, 3);
    /* two files: each is a side as it is, named by the file */
    assert_int_equal(choose(&sd, set, "a.csv", "b.csv", 2, NULL, err, sizeof err), 0);
    assert_int_equal(sd.nb, 2);
    assert_int_equal(sd.na, 3);
    assert_string_equal(sd.before_name, "a.csv");
    assert_string_equal(sd.after_name, "b.csv");
    cb_sides_free(&sd);
    /* one file of one run and two variants: the first variant seen is before */
    assert_int_equal(choose(&sd, set, "a.csv", NULL, 0, NULL, err, sizeof err), 0);
    assert_string_equal(sd.before_name, "generic");
    assert_string_equal(sd.after_name, "x86");
    assert_int_equal(sd.na, 3);
    cb_sides_free(&sd);
    /* -variant A,B: A of the first file before, B of the second after */
    assert_int_equal(choose(&sd, set, "a.csv", "b.csv", 2, "generic,x86", err, sizeof err), 0);
    assert_string_equal(sd.before_name, "a.csv generic");
    assert_string_equal(sd.after_name, "b.csv x86");
    cb_sides_free(&sd);
    assert_int_equal(choose(&sd, set, "a.csv", "b.csv", 2, "x86,generic", err, sizeof err), -1);
    assert_string_equal(err, "-variant x86,generic: no sample of variant 'x86' in a.csv.");
    cb_sides_free(&sd);
    assert_int_equal(choose(&sd, set, "this run", NULL, 0, "x86,ce", err, sizeof err), -1);
    assert_string_equal(err, "-variant x86,ce: no sample of variant 'ce' in this run.");
    cb_sides_free(&sd);
    /* a second run in one file: the runs are the sides, whatever the variants */
    add_samples(set, &run_b, "md5", "generic", "digest", 64, 1000, 0, 2);
    assert_int_equal(choose(&sd, set, "a.csv", NULL, 0, NULL, err, sizeof err), 0);
    assert_int_equal(sd.nb, 5);
    assert_int_equal(sd.na, 2);
    assert_string_equal(sd.after_name, "a.csv run 2 (rev-b on host1, 2024-01-01T00:00:00Z)");
    cb_sides_free(&sd);
    /* ambiguous: more than two runs, or one run of one variant */
    cb_run_info run_c = run_a;
    run_c.build_rev = "rev-c";
    add_samples(set, &run_c, "md5", "generic", "digest", 64, 1000, 0, 1);
    assert_int_equal(choose(&sd, set, "a.csv", NULL, 0, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "a.csv holds more than two runs"));
    cb_sides_free(&sd);
    cb_csv_set_free(set);
    set = cb_csv_set_new();
    add_samples(set, &run_a, "md5", "generic", "digest", 64, 1000, 0, 2);
    assert_int_equal(choose(&sd, set, "a.csv", NULL, 0, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "a.csv holds one run of one variant"));
    cb_sides_free(&sd);
    cb_csv_set_free(set);
    /* -variant must be a pair */
    static const char *const not_pairs[] = {"generic", "generic,", ",x86", "a,b,c"};
    for (size_t i = 0; i < sizeof not_pairs / sizeof not_pairs[0]; i++) {
        cb_sides_request rq;
        memset(&rq, 0, sizeof rq);
        assert_int_equal(cb_sides_parse_variants(&rq, not_pairs[i], err, sizeof err), -1);
        assert_non_null(strstr(err, "is not a pair"));
    }
}

/* ---- libraries loaded at run time ------------------------------------------------ */

/* A libcrypto as a loader records it (kernels/kernel.h cb_alg_impl): an OpenSSL 3.0
 * built with -O3, loaded with and without a capability mask. */
static const cb_provenance ssl30 = {"/opt/openssl-3.0/lib64/libcrypto.so.3",
                                    "OpenSSL 3.0.19 27 Jan 2026",
                                    "cflags=gcc -fPIC -O3; platform=linux-x86_64", ""};

/* compare_text compares the rows [0, cut) of set with the rest as `compare` does
 * (warnings into *warn_text) and returns the mail style's text. */
static char *compare_text(cb_csv_set *set, size_t cut, char **warn_text, int *rc)
{
    char *buf = NULL, *wbuf = NULL;
    size_t len = 0, wlen = 0;
    FILE *out = open_memstream(&buf, &len), *warn = open_memstream(&wbuf, &wlen);
    cb_compare_opts o = cb_compare_default_opts();
    cb_comparison c;
    char err[512];
    *rc = compare_split(set, cut, &o, &c, warn, err, sizeof err);
    if (*rc == 0)
        assert_int_equal(cb_compare_render(&c, "mail", out), 0);
    else
        fprintf(out, "%s", err);
    fclose(out);
    fclose(warn);
    cb_comparison_free(&c);
    *warn_text = wbuf;
    return squeeze(buf);
}

/* Two files that differ only in the version of the library one variant was loaded
 * from: written, read back and compared as `compare A.csv B.csv` does, the version is
 * the axis and nothing else is. */
static void test_library_version_axis(void **state)
{
    (void)state;
    char path[2][64], err[512];
    cb_provenance ssl30b = ssl30;
    ssl30b.version = "OpenSSL 3.0.20 1 Jun 2026";
    const cb_provenance *libs[2] = {&ssl30, &ssl30b};
    cb_csv_set *set = cb_csv_set_new();
    size_t first = 0;
    for (int side = 0; side < 2; side++) {
        snprintf(path[side], sizeof path[side], "/tmp/cb-test-lib-%d-%ld.csv", side,
                 (long)getpid());
        cb_csv_writer *w = cb_csv_open(path[side], err, sizeof err);
        assert_non_null(w);
        for (unsigned i = 0; i < 3; i++) {
            cb_sample smp = {"sha256", "ossl", "digest", 0, 1024, 0, 0, i, 1000 + i, 1.0, -1,
                             "", "ok", 0, 0, 0, 0, 1, 0, "", "", *libs[side], 0, 0, 0, 0,
                             0, 0, "", "", 0, 0, 0};
            assert_int_equal(cb_csv_write(w, &run_a, &smp), 0);
            smp.variant = "generic"; /* a built-in variant beside it, the same both times */
            assert_int_equal(cb_csv_write(w, &run_a, &smp), 0);
        }
        assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
        assert_int_equal(cb_csv_read_file(set, path[side], err, sizeof err), 0);
        unlink(path[side]);
        if (!side)
            first = cb_csv_set_count(set);
    }
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = path[0];
    rq.source[1] = path[1];
    rq.first_rows = first;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    cb_compare_opts o = cb_compare_default_opts();
    assert_int_equal(cb_compare_run(set, &rq, &o, cb_compare_style_at(0), out), CB_EXIT_OK);
    fclose(out);
    squeeze(buf);
    assert_has_line(buf, "axis: library version OpenSSL 3.0.19 27 Jan 2026 -> OpenSSL 3.0.20 "
                         "1 Jun 2026");
    free(buf);
    cb_csv_set_free(set);
}

/* The same variant name from two library paths, and one library loaded under a
 * mask and without: each names what differs; the others are the same. */
static void test_library_path_and_env_axis(void **state)
{
    (void)state;
    cb_provenance elsewhere = ssl30, masked = ssl30;
    elsewhere.library = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
    masked.env = "OPENSSL_ia32cap=0x0";
    char *warn = NULL, *text;
    int rc;
    cb_csv_set *set = cb_csv_set_new();
    add_lib_samples(set, &run_a, &ssl30, "sha256", "ossl", "digest", 1024, 1000, 0.01, 3);
    add_lib_samples(set, &run_a, &elsewhere, "sha256", "ossl", "digest", 1024, 1100, 0.01, 3);
    text = compare_text(set, 3, &warn, &rc);
    assert_int_equal(rc, 0);
    assert_has_line(text, "axis: library /opt/openssl-3.0/lib64/libcrypto.so.3 -> "
                          "/usr/lib/x86_64-linux-gnu/libcrypto.so.3");
    assert_has_line(text, "sha256 1024 1,000 1,100 +10.00%~"); /* 3 a side: no verdict */
    free(text);
    free(warn);
    cb_csv_set_free(set);

    set = cb_csv_set_new();
    add_lib_samples(set, &run_a, &masked, "sha256", "ossl", "digest", 1024, 400, 0.01, 3);
    add_lib_samples(set, &run_a, &ssl30, "sha256", "ossl", "digest", 1024, 1000, 0.01, 3);
    text = compare_text(set, 3, &warn, &rc);
    assert_has_line(text, "axis: library env OPENSSL_ia32cap=0x0 -> (none)");
    free(text);
    free(warn);
    cb_csv_set_free(set);

    /* a line break a file's field may hold keeps the axis one line */
    cb_provenance two_lines = ssl30;
    two_lines.info = "cflags=-O3\nplatform=linux-x86_64";
    set = cb_csv_set_new();
    add_lib_samples(set, &run_a, &ssl30, "sha256", "ossl", "digest", 1024, 1000, 0.01, 3);
    add_lib_samples(set, &run_a, &two_lines, "sha256", "ossl", "digest", 1024, 1000, 0.01, 3);
    text = compare_text(set, 3, &warn, &rc);
    assert_has_line(text, "axis: library info cflags=gcc -fPIC -O3; platform=linux-x86_64 -> "
                          "cflags=-O3\\nplatform=linux-x86_64");
    free(text);
    free(warn);
    cb_csv_set_free(set);
}

/* A built-in variant against a library's: the variant and the library's path, not
 * its whole build line; a side pooling one variant from two libraries says so. */
static void test_library_axis_against_builtin(void **state)
{
    (void)state;
    cb_provenance other = ssl30;
    other.version = "OpenSSL 3.5.1 1 Jul 2025";
    char *warn = NULL, *text;
    int rc;
    cb_csv_set *set = cb_csv_set_new();
    add_samples(set, &run_a, "sha256", "generic", "digest", 1024, 1000, 0.01, 3);
    add_lib_samples(set, &run_a, &ssl30, "sha256", "ossl", "digest", 1024, 2000, 0.01, 3);
    text = compare_text(set, 3, &warn, &rc);
    assert_has_line(text, "axis: variant generic -> ossl, library (none) -> "
                          "/opt/openssl-3.0/lib64/libcrypto.so.3");
    assert_string_equal(warn ? warn : "", "");
    free(text);
    free(warn);
    /* the after side now holds ossl loaded from two builds */
    add_lib_samples(set, &run_a, &other, "sha256", "ossl", "digest", 1024, 2000, 0.01, 3);
    text = compare_text(set, 3, &warn, &rc);
    assert_non_null(strstr(warn, "after pools samples of variant ossl loaded from several "
                                 "libraries (library version OpenSSL 3.0.19 27 Jan 2026+"
                                 "OpenSSL 3.5.1 1 Jul 2025)"));
    free(text);
    free(warn);
    cb_csv_set_free(set);
}

/* ---- the in-run comparison ------------------------------------------------------- */

static void test_run_samples(void **state)
{
    (void)state;
    cb_sample s[8];
    for (unsigned i = 0; i < 8; i++) {
        /* ABAB: even samples variant A, odd variant B, B 25% faster */
        int b = i % 2;
        s[i] = (cb_sample){"sha256", b ? "shani" : "generic", "digest", 0, 1024, 0, 0, i / 2,
                           b ? 1250 + i : 1000 + i, 1.0, -1, "", "ok", 0, 0, 0, 0, 1, 0, "", "",
                           {0}, 0, 0, 0, 0, 0, 0, "", "", 0, 0, 0};
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_samples(s, 8, "generic", "shani", "mail", f), 0);
    fclose(f);
    squeeze(buf);
    assert_has_line(buf, "axis: variant generic -> shani");
    assert_has_line(buf, "sha256 1024 1,003 1,254 +25.02%");
    free(buf);
    f = fopen("/dev/null", "w");
    assert_int_equal(cb_compare_run_samples(s, 8, "generic", "shani", "bogus", f), 2);
    assert_int_equal(cb_compare_run_samples(s, 8, "generic", "nosuch", NULL, f), 2);
    fclose(f);
    /* speed -variant ossl-noasm,ossl -compare: one library loaded twice, masked once */
    cb_provenance masked = ssl30;
    masked.env = "OPENSSL_ia32cap=0x0";
    for (unsigned i = 0; i < 8; i++) {
        s[i].variant = i % 2 ? "ossl" : "ossl-noasm";
        s[i].lib = i % 2 ? ssl30 : masked;
    }
    f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_samples(s, 8, "ossl-noasm", "ossl", "mail", f), 0);
    fclose(f);
    squeeze(buf);
    assert_has_line(buf, "axis: variant ossl-noasm -> ossl, library env OPENSSL_ia32cap=0x0 -> "
                         "(none)");
    free(buf);
}

/* paired_run fills 2n samples of sha256 -variant A,A: round j is sample j of arm 0
 * (1000 operations a second) and of arm 1 (1000 x ratio, times a noise that flips
 * between 1 + noise and 1 - noise with the round), in alternating order. */
static void paired_run(cb_sample *s, unsigned n, double ratio, double noise)
{
    for (unsigned i = 0; i < 2 * n; i++) {
        unsigned round = i / 2, arm = i % 2;
        double wobble = round % 3 == 0 ? 1 + noise : round % 3 == 1 ? 1 - noise : 1;
        s[i] = (cb_sample){"sha256", "generic", "digest", 0, 1024, 0, 0, round, 1000000,
                           arm ? 1000 / (ratio * wobble) : 1000, -1, "", "ok", 0, 0, 0, 0, 1,
                           0, "", "", {0}, 1, round, (round + arm) % 2, arm, 0, 0, "", "", 0, 0, 0};
    }
}

/* The gate on an interleaved run's pairs (compare_paired.c), as speed and compare of
 * its CSV judge it: B 2% slower in every round is a regression at the first look
 * (exit 1); the same B is a pass; rounds whose ratio swings +-20% for 20 rounds
 * leave it undecided (exit 4), never a pass.  -variant X,X: the arms are the sides. */
static void test_paired_gate(void **state)
{
    (void)state;
    cb_sample s[80];
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = 1;
    o.threshold_pct = 0.5;
    FILE *f = fopen("/dev/null", "w");
    paired_run(s, 40, 0.98, 0.0001);
    assert_int_equal(cb_compare_run_gated(NULL, s, 80, "generic", "generic", NULL, &o, f),
                     CB_EXIT_FAIL);
    paired_run(s, 40, 1, 0.0001);
    assert_int_equal(cb_compare_run_gated(NULL, s, 80, "generic", "generic", NULL, &o, f), CB_EXIT_OK);
    paired_run(s, 20, 1, 0.2);
    assert_int_equal(cb_compare_run_gated(NULL, s, 40, "generic", "generic", NULL, &o, f),
                     CB_EXIT_UNDECIDED);
    fclose(f);
    /* the summary says which, and the case's interval is the paired one */
    char *buf = NULL;
    size_t len = 0;
    f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_gated(NULL, s, 40, "generic", "generic", "csv", &o, f),
                     CB_EXIT_UNDECIDED);
    fclose(f);
    assert_non_null(strstr(buf, "sha256,digest,0,1024,0,0,generic,generic,20,20,"));
    free(buf);
    /* the same rows without their design are two unpaired sets: Mann-Whitney decides */
    paired_run(s, 40, 0.98, 0.0001);
    for (unsigned i = 0; i < 80; i++)
        s[i].paired = 0, s[i].variant = s[i].arm ? "slow" : "generic";
    f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_gated(NULL, s, 80, "generic", "slow", NULL, &o, f), CB_EXIT_FAIL);
    fclose(f);
    free(buf);
}

/* Two separate files gated at 0.5% get one sentence saying their design cannot
 * support it; at 5% with enough samples, none. */
static void test_unpaired_note(void **state)
{
    (void)state;
    cb_comparison c;
    memset(&c, 0, sizeof c);
    cb_cmp_case k;
    memset(&k, 0, sizeof k);
    k.gated = 1;
    k.n_before = k.n_after = 20;
    c.cases = &k;
    c.n = 1;
    c.opts = cb_compare_default_opts();
    c.opts.gate = 1;
    c.opts.threshold_pct = 0.5;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cb_compare_design_note(&c, f);
    fclose(f);
    assert_non_null(strstr(buf, "not taken as interleaved pairs (separate runs)"));
    assert_non_null(strstr(buf, "-fail-if-slower 0.5% is below what such a design resolves"));
    free(buf);
    c.opts.threshold_pct = 5;
    f = open_memstream(&buf, &len);
    cb_compare_design_note(&c, f);
    fclose(f);
    assert_int_equal(len, 0);
    free(buf);
    k.n_before = 3;
    f = open_memstream(&buf, &len);
    cb_compare_design_note(&c, f);
    fclose(f);
    assert_non_null(strstr(buf, "fewer than 10 samples a side"));
    free(buf);
    k.paired = 1; /* a paired case needs no note */
    f = open_memstream(&buf, &len);
    cb_compare_design_note(&c, f);
    fclose(f);
    assert_int_equal(len, 0);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median_geomean),
        cmocka_unit_test(test_mann_whitney_exact),
        cmocka_unit_test(test_mann_whitney_ties),
        cmocka_unit_test(test_ratio_interval),
        cmocka_unit_test(test_regression_and_gate),
        cmocka_unit_test(test_long_axis),
        cmocka_unit_test(test_fmt_thousands),
        cmocka_unit_test(test_variant_axis),
        cmocka_unit_test(test_same_variants_both_sides),
        cmocka_unit_test(test_condition_warnings),
        cmocka_unit_test(test_nothing_matches_and_one_sided),
        cmocka_unit_test(test_oe2013_report),
        cmocka_unit_test(test_graviton2_report),
        cmocka_unit_test(test_machine_formats),
        cmocka_unit_test(test_style_table),
        cmocka_unit_test(test_cycles_compare),
        cmocka_unit_test(test_mixed_cycles_and_rates),
        cmocka_unit_test(test_tcrypt_style_names),
        cmocka_unit_test(test_imported_report),
        cmocka_unit_test(test_sides),
        cmocka_unit_test(test_library_version_axis),
        cmocka_unit_test(test_library_path_and_env_axis),
        cmocka_unit_test(test_library_axis_against_builtin),
        cmocka_unit_test(test_run_samples),
        cmocka_unit_test(test_paired_gate),
        cmocka_unit_test(test_unpaired_note),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
