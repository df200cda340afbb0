/*
 * tests/test_compare_sweep.c - two `caps -sweep -csv` files compared mask by mask
 * (reports/compare_mask.h, docs/compare.md "Sweeps"): two built-in sweeps of three
 * masks whose -ssse3 mask faulted on one board, two library sweeps that differ in
 * library_env per mask, a sweep against a plain run (pooled as before), every style
 * naming the mask, and a sweep given alone.
 *
 * The fixtures (tests/data/sweep-*.csv, libsweep-*.csv) hold three samples a case at
 * 0.99, 1 and 1.01 times a round median, so each difference below is exact: board
 * a's detected sha256 at 64 bytes runs 6,000,000 ops/s, board b's 6,600,000 (+10%).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare.h"
#include "reports/csv.h"
#include "reports/sides.h"

static const char *fixture(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* read_back returns what was written to f, NUL-terminated; the caller frees it. */
static char *read_back(FILE *f)
{
    long n = ftell(f);
    assert_true(n >= 0);
    char *s = malloc((size_t)n + 1);
    rewind(f);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

/* pair compares fixture a (before) with fixture b (after) into c; the warnings go to
 * *warnings (freed by the caller) and the set is returned for cb_csv_set_free. */
static cb_csv_set *pair(const char *a, const char *b, cb_comparison *c, char **warnings)
{
    cb_csv_set *set = cb_csv_set_new();
    char err[1024];
    if (cb_csv_read_file(set, fixture(a), err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t cut = cb_csv_set_count(set);
    if (cb_csv_read_file(set, fixture(b), err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t n = cb_csv_set_count(set);
    const cb_csv_row **rows = malloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++)
        rows[i] = cb_csv_set_row(set, i);
    memset(c, 0, sizeof *c);
    snprintf(c->before_name, sizeof c->before_name, "%s", a);
    snprintf(c->after_name, sizeof c->after_name, "%s", b);
    cb_compare_opts o = cb_compare_default_opts();
    FILE *warn = tmpfile();
    assert_non_null(warn);
    if (cb_compare_rows(c, rows, cut, rows + cut, n - cut, &o, warn, err, sizeof err) != 0)
        fail_msg("%s", err);
    free(rows);
    *warnings = read_back(warn);
    return set;
}

/* shown renders c in style. */
static char *shown(const cb_comparison *c, const char *style)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(cb_compare_render(c, style, f), 0);
    return read_back(f);
}

static void assert_has(const char *text, const char *want)
{
    if (!strstr(text, want))
        fail_msg("no '%s' in:\n%s", want, text);
}

/* find returns the case of c at block bytes under mask. */
static const cb_cmp_case *find(const cb_comparison *c, const char *mask, size_t bytes)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->cases[i].mask && strcmp(c->cases[i].mask, mask) == 0 &&
            c->cases[i].block_bytes == bytes)
            return &c->cases[i];
    fail_msg("no case at %zu bytes under mask %s", bytes, mask);
    return NULL;
}

static void assert_case(const cb_comparison *c, const char *mask, size_t bytes,
                        const char *vb, const char *va, double pct)
{
    const cb_cmp_case *k = find(c, mask, bytes);
    assert_string_equal(k->variant_before, vb);
    assert_string_equal(k->variant_after, va);
    assert_int_equal(k->n_before, 3);
    assert_int_equal(k->n_after, 3);
    assert_float_equal(k->diff_pct, pct, 1e-9);
}

/* Board a's detected, -sha and -ssse3 masks against board b's, whose -ssse3 run
 * faulted (SIGILL at 64 bytes, skipped at 1024): each mask meets its own, -ssse3 is
 * before's only.  Pooled, board a's generic rows of -sha and -ssse3 would be one case. */
static void test_builtin_sweeps(void **state)
{
    (void)state;
    cb_comparison c;
    char *warn;
    cb_csv_set *set = pair("sweep-a.csv", "sweep-b.csv", &c, &warn);
    assert_int_equal(c.n_masks, 3);
    assert_string_equal(c.masks[0], "detected");
    assert_string_equal(c.masks[1], "-sha");
    assert_string_equal(c.masks[2], "-ssse3");
    assert_int_equal(c.n, 4);
    assert_case(&c, "detected", 64, "shani", "shani", 10);
    assert_case(&c, "detected", 1024, "shani", "shani", -5);
    assert_case(&c, "-sha", 64, "generic", "generic", 25);
    assert_case(&c, "-sha", 1024, "generic", "generic", 10);
    /* the axis names the boards, not the masks they share */
    assert_string_equal(c.axis, "host boarda -> boardb, cpu AMD EPYC 7763 -> AMD EPYC 9654");
    assert_int_equal(c.n_causes, 0); /* each case's masks are the same */
    assert_has(warn, "2 cases only in sweep-a.csv: sha256 64 bytes (generic) [-ssse3], "
                     "sha256 1024 bytes (generic) [-ssse3].");
    assert_has(warn, "sweep-b.csv holds 2 samples that were not measured");
    free(warn);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* Every style names the mask: the row label of matrix, rows, mail and markdown, the
 * heading of tcrypt, the last column of csv; the header lists the masks. */
static void test_styles_name_the_mask(void **state)
{
    (void)state;
    cb_comparison c;
    char *warn;
    cb_csv_set *set = pair("sweep-a.csv", "sweep-b.csv", &c, &warn);
    free(warn);
    static const char *const header =
        "masks:  detected / -sha / -ssse3 (two sweeps: each mask compared with the same mask)\n";
    char *t = shown(&c, "matrix");
    assert_has(t, header);
    assert_has(t, "\nsha256/shani [detected]      +10.00%~     -5.00%~\n");
    assert_has(t, "\nsha256/generic [-sha]        +25.00%~    +10.00%~\n");
    free(t);
    t = shown(&c, "rows");
    assert_has(t, header);
    assert_has(t, "\nsha256/generic [-sha]   diff        +25.00%~     +10.00%~\n");
    free(t);
    t = shown(&c, "mail");
    assert_has(t, header);
    assert_has(t, "\nsha256/generic [-sha]             64      2,000,000      2,500,000    "
                  "+25.00%~\n");
    free(t);
    t = shown(&c, "markdown");
    assert_has(t, "**masks:** detected / -sha / -ssse3 (two sweeps");
    assert_has(t, "| sha256/shani [detected] | 1024 | 1,200,000 | 1,140,000 | -5.00%~ |");
    free(t);
    t = shown(&c, "tcrypt");
    assert_has(t, header);
    assert_has(t, "\ntesting speed of sha256 (generic) [-sha]\ntest 0 (64 byte blocks): "
                  "2000000 operations in 1 seconds -> 2500000 operations in 1 seconds: "
                  "+25.00%~\n");
    free(t);
    t = shown(&c, "csv");
    assert_has(t, ",variant_cause,mask\r\n");
    assert_has(t, "\r\nsha256,digest,0,64,0,0,generic,generic,3,3,2000000,2500000,");
    assert_has(t, ",rate,,,,-sha\r\n");
    free(t);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* -format json: the masks, and each case's mask after its variants. */
static void test_json_mask(void **state)
{
    (void)state;
    cb_comparison c;
    char *warn;
    cb_csv_set *set = pair("sweep-a.csv", "sweep-b.csv", &c, &warn);
    free(warn);
    char *t = shown(&c, "json");
    assert_has(t, "\n  \"masks\": [\"detected\", \"-sha\", \"-ssse3\"],\n");
    assert_has(t, "\"variant_before\": \"generic\", \"variant_after\": \"generic\", "
                  "\"mask\": \"-sha\", \"key_bits\": 0, \"block_bytes\": 64,");
    assert_has(t, "\"variant_before\": \"shani\", \"variant_after\": \"shani\", "
                  "\"mask\": \"detected\", \"key_bits\": 0, \"block_bytes\": 1024,");
    free(t);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* A library's sweeps: one variant (deb) under three environments on board a and four
 * on board b; each environment meets its own, OPENSSL_armcap=0x8 is after's only. */
static void test_library_sweeps(void **state)
{
    (void)state;
    cb_comparison c;
    char *warn;
    cb_csv_set *set = pair("libsweep-a.csv", "libsweep-b.csv", &c, &warn);
    assert_int_equal(c.n_masks, 4);
    assert_string_equal(c.masks[3], "OPENSSL_armcap=0x8");
    assert_int_equal(c.n, 3);
    assert_case(&c, "detected", 64, "deb", "deb", -10);
    assert_case(&c, "OPENSSL_armcap=0x0", 64, "deb", "deb", 5);
    assert_case(&c, "OPENSSL_armcap=0x4", 64, "deb", "deb", 20);
    assert_string_equal(c.axis, "host n1a -> n1b");
    assert_int_equal(c.n_causes, 0); /* no "library environment" line: matched */
    assert_has(warn, "1 case only in libsweep-b.csv: sha256 64 bytes (deb) "
                     "[OPENSSL_armcap=0x8].");
    assert_null(strstr(warn, "pools samples of variant deb"));
    char *t = shown(&c, "matrix");
    assert_has(t, "\nsha256 [OPENSSL_armcap=0x4]      +20.00%~\n");
    free(t);
    free(warn);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* A sweep against a plain run, either way round: one side holds one mask, so nothing
 * is matched by mask; the sweep's rows pool as they always did (its detected shani
 * meets the plain run's, its generic rows of two masks are one case it has alone). */
static void test_sweep_against_plain_run(void **state)
{
    (void)state;
    static const char *const files[2][2] = {{"sweep-a.csv", "sweep-plain.csv"},
                                            {"sweep-plain.csv", "sweep-a.csv"}};
    for (int way = 0; way < 2; way++) {
        cb_comparison c;
        char *warn;
        cb_csv_set *set = pair(files[way][0], files[way][1], &c, &warn);
        assert_int_equal(c.n_masks, 0);
        assert_null(c.masks);
        assert_int_equal(c.n, 2);
        for (size_t i = 0; i < c.n; i++) {
            assert_null(c.cases[i].mask);
            assert_string_equal(c.cases[i].variant_before, "shani");
        }
        assert_float_equal(c.cases[0].diff_pct, way ? -100.0 / 11 : 10, 1e-9);
        assert_has(warn, "2 cases only in sweep-a.csv: sha256 64 bytes (generic), "
                         "sha256 1024 bytes (generic).");
        assert_has(c.axis, "caps ");
        char *t = shown(&c, "matrix");
        assert_null(strstr(t, "masks:"));
        assert_null(strstr(t, "["));
        free(t);
        t = shown(&c, "json");
        assert_null(strstr(t, "\"mask"));
        free(t);
        t = shown(&c, "csv");
        assert_has(t, ",variant_cause\r\n");
        free(t);
        free(warn);
        cb_comparison_free(&c);
        cb_csv_set_free(set);
    }
}

/* `compare sweep-a.csv` alone: one sentence, no pooled table. */
static void test_one_sweep_file(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    char err[1024];
    assert_int_equal(cb_csv_read_file(set, fixture("sweep-a.csv"), err, sizeof err), 0);
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "sweep-a.csv";
    cb_sides sd;
    assert_int_equal(cb_sides_choose(&sd, set, &rq, err, sizeof err), -1);
    assert_string_equal(err, "sweep-a.csv is a caps -sweep of 3 masks, which one file "
                             "cannot split into a before and an after; give a second "
                             "board's sweep to compare the two mask by mask.");
    cb_sides_free(&sd);
    cb_csv_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_sweeps),
        cmocka_unit_test(test_styles_name_the_mask),
        cmocka_unit_test(test_json_mask),
        cmocka_unit_test(test_library_sweeps),
        cmocka_unit_test(test_sweep_against_plain_run),
        cmocka_unit_test(test_one_sweep_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
