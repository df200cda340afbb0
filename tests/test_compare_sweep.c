/*
 * tests/test_compare_sweep.c - two `caps -sweep -csv` files compared mask by mask
 * (reports/compare/mask.h, docs/compare.md "Sweeps"): two built-in sweeps of three
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
#include "reports/compare/compare.h"
#include "reports/styles/styles.h"
#include "reports/csv/csv.h"
#include "reports/compare/sides.h"

static const char *fixture(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* read_back returns what was written to f, NUL-terminated, and closes f; the caller
 * frees the text. */
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

/* compared: two fixtures, their comparison and the warnings it wrote. */
typedef struct compared {
    cb_csv_set *set;
    cb_comparison c;
    char *warn;
} compared;

/* pair compares fixture a (before) with fixture b (after) into p. */
static void pair(compared *p, const char *a, const char *b)
{
    char err[1024];
    const char *names[2] = {a, b};
    size_t cut = 0;
    p->set = cb_csv_set_new();
    for (int side = 0; side < 2; side++) {
        if (cb_csv_read_file(p->set, fixture(names[side]), err, sizeof err) != 0)
            fail_msg("%s", err);
        cut = side ? cut : cb_csv_set_count(p->set);
    }
    size_t n = cb_csv_set_count(p->set);
    const cb_csv_row **rows = malloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++)
        rows[i] = cb_csv_set_row(p->set, i);
    memset(&p->c, 0, sizeof p->c);
    snprintf(p->c.before_name, sizeof p->c.before_name, "%s", a);
    snprintf(p->c.after_name, sizeof p->c.after_name, "%s", b);
    cb_compare_opts o = cb_compare_default_opts();
    FILE *warn = tmpfile();
    assert_non_null(warn);
    if (cb_compare_rows(&p->c, rows, cut, rows + cut, n - cut, &o, warn, err,
                        sizeof err) != 0)
        fail_msg("%s", err);
    free(rows);
    p->warn = read_back(warn);
}

static void done(compared *p)
{
    free(p->warn);
    cb_comparison_free(&p->c);
    cb_csv_set_free(p->set);
}

static void assert_has(const char *text, const char *want)
{
    if (!strstr(text, want))
        fail_msg("no '%s' in:\n%s", want, text);
}

/* in_style renders p in style and checks that the text holds each of want (up to a
 * NULL) and, unless it is NULL, not unwanted. */
static void in_style(const compared *p, const char *style, const char *const *want,
                     const char *unwanted)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(cb_compare_render(&p->c, style, f), 0);
    char *text = read_back(f);
    for (; *want; want++)
        assert_has(text, *want);
    if (unwanted && strstr(text, unwanted))
        fail_msg("'%s' in the %s style:\n%s", unwanted, style, text);
    free(text);
}

#define WANT(...) ((const char *const[]){__VA_ARGS__, NULL})

/* assert_case checks the case at block bytes under mask: its variants, three samples
 * a side and the difference. */
static void assert_case(const cb_comparison *c, const char *mask, size_t bytes,
                        const char *vb, const char *va, double pct)
{
    const cb_cmp_case *k = NULL;
    for (size_t i = 0; i < c->n && !k; i++)
        if (c->cases[i].mask && strcmp(c->cases[i].mask, mask) == 0 &&
            c->cases[i].block_bytes == bytes)
            k = &c->cases[i];
    if (!k)
        fail_msg("no case at %zu bytes under mask %s", bytes, mask);
    assert_string_equal(k->variant_before, vb);
    assert_string_equal(k->variant_after, va);
    assert_int_equal(k->n_before, 3);
    assert_int_equal(k->n_after, 3);
    assert_float_equal(k->diff_pct, pct, 1e-9);
}

/* assert_masks checks the names of c's masks, in order, joined by " / ". */
static void assert_masks(const cb_comparison *c, const char *joined)
{
    char got[512] = "";
    for (size_t i = 0; i < c->n_masks; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " / " : "",
                 c->masks[i]);
    assert_string_equal(got, joined);
}

/* Board a's detected, -sha and -ssse3 masks against board b's, whose -ssse3 run
 * faulted (SIGILL at 64 bytes, skipped at 1024): each mask meets its own, -ssse3 is
 * before's only.  Pooled, board a's generic rows of -sha and -ssse3 would be one case. */
static void test_builtin_sweeps(void **state)
{
    (void)state;
    compared p;
    pair(&p, "sweep-a.csv", "sweep-b.csv");
    assert_masks(&p.c, "detected / -sha / -ssse3");
    assert_int_equal(p.c.n, 4);
    assert_case(&p.c, "detected", 64, "shani", "shani", 10);
    assert_case(&p.c, "detected", 1024, "shani", "shani", -5);
    assert_case(&p.c, "-sha", 64, "generic", "generic", 25);
    assert_case(&p.c, "-sha", 1024, "generic", "generic", 10);
    /* the axis names the boards, not the masks they share */
    assert_string_equal(p.c.axis, "host boarda -> boardb, cpu AMD EPYC 7763 -> AMD EPYC 9654");
    assert_int_equal(p.c.n_causes, 0); /* each case's masks are the same */
    assert_has(p.warn, "2 cases only in sweep-a.csv: sha256 64 bytes (generic) [-ssse3], "
                       "sha256 1024 bytes (generic) [-ssse3].");
    assert_has(p.warn, "sweep-b.csv holds 2 samples that were not measured");
    done(&p);
}

/* Every style names the mask: the row label of matrix, rows, mail and markdown, the
 * heading of tcrypt, the last column of csv, "mask" in json; the header lists the
 * masks. */
static void test_styles_name_the_mask(void **state)
{
    (void)state;
    compared p;
    pair(&p, "sweep-a.csv", "sweep-b.csv");
#define MASKS "masks:  detected / -sha / -ssse3 (two sweeps: each mask compared with the same mask)\n"
    in_style(&p, "matrix", WANT(MASKS, "\nsha256/shani [detected]      +10.00%~     -5.00%~\n",
                                "\nsha256/generic [-sha]        +25.00%~    +10.00%~\n"), NULL);
    in_style(&p, "rows", WANT(MASKS, "\nsha256/generic [-sha]   diff        +25.00%~     "
                                     "+10.00%~\n"), NULL);
    in_style(&p, "mail", WANT(MASKS, "\nsha256/generic [-sha]             64      2,000,000"
                                     "      2,500,000    +25.00%~\n"), NULL);
    in_style(&p, "markdown", WANT("**masks:** detected / -sha / -ssse3 (two sweeps",
                                  "| sha256/shani [detected] | 1024 | 1,200,000 | 1,140,000 "
                                  "| -5.00%~ |"), NULL);
    in_style(&p, "tcrypt", WANT(MASKS, "\ntesting speed of sha256 (generic) [-sha]\ntest 0 (64 "
                                       "byte blocks): 2000000 operations in 1 seconds -> "
                                       "2500000 operations in 1 seconds: +25.00%~\n"), NULL);
#undef MASKS
    in_style(&p, "csv", WANT(",variant_cause,raw_difference_pct,judged,mask\r\n",
                             "\r\nsha256,digest,0,64,0,0,generic,generic,3,3,2000000,2500000,",
                             ",rate,,,,25,samples,-sha\r\n"), NULL);
    in_style(&p, "json", WANT("\n  \"masks\": [\"detected\", \"-sha\", \"-ssse3\"],\n",
                              "\"variant_before\": \"generic\", \"variant_after\": \"generic\", "
                              "\"mask\": \"-sha\", \"key_bits\": 0, \"block_bytes\": 64,",
                              "\"variant_before\": \"shani\", \"variant_after\": \"shani\", "
                              "\"mask\": \"detected\", \"key_bits\": 0, \"block_bytes\": 1024,"),
             NULL);
    done(&p);
}

/* A library's sweeps: one variant (deb) under three environments on board a and four
 * on board b; each environment meets its own, OPENSSL_armcap=0x8 is after's only. */
static void test_library_sweeps(void **state)
{
    (void)state;
    compared p;
    pair(&p, "libsweep-a.csv", "libsweep-b.csv");
    assert_masks(&p.c, "detected / OPENSSL_armcap=0x0 / OPENSSL_armcap=0x4 / "
                       "OPENSSL_armcap=0x8");
    assert_int_equal(p.c.n, 3);
    assert_case(&p.c, "detected", 64, "deb", "deb", -10);
    assert_case(&p.c, "OPENSSL_armcap=0x0", 64, "deb", "deb", 5);
    assert_case(&p.c, "OPENSSL_armcap=0x4", 64, "deb", "deb", 20);
    assert_string_equal(p.c.axis, "host n1a -> n1b");
    assert_int_equal(p.c.n_causes, 0); /* no "library environment" line: matched */
    assert_has(p.warn, "1 case only in libsweep-b.csv: sha256 64 bytes (deb) "
                       "[OPENSSL_armcap=0x8].");
    assert_null(strstr(p.warn, "pools samples of variant deb"));
    in_style(&p, "matrix", WANT("\nsha256 [OPENSSL_armcap=0x4]      +20.00%~\n"), NULL);
    in_style(&p, "json", WANT("\"mask\": \"OPENSSL_armcap=0x0\""), NULL);
    done(&p);
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
        compared p;
        pair(&p, files[way][0], files[way][1]);
        assert_int_equal(p.c.n_masks, 0);
        assert_null(p.c.masks);
        assert_int_equal(p.c.n, 2);
        for (size_t i = 0; i < p.c.n; i++) {
            assert_null(p.c.cases[i].mask);
            assert_string_equal(p.c.cases[i].variant_before, "shani");
        }
        assert_float_equal(p.c.cases[0].diff_pct, way ? -100.0 / 11 : 10, 1e-9);
        assert_has(p.warn, "2 cases only in sweep-a.csv: sha256 64 bytes (generic), "
                           "sha256 1024 bytes (generic).");
        assert_has(p.c.axis, "caps ");
        in_style(&p, "matrix", WANT("\nsha256 "), "[");
        in_style(&p, "mail", WANT("\nsha256 "), "masks:");
        in_style(&p, "json", WANT("\"causes\""), "\"mask");
        in_style(&p, "csv", WANT(",variant_cause,raw_difference_pct,judged\r\n"), ",mask");
        done(&p);
    }
}

/* `compare sweep-a.csv` alone: one sentence, no pooled table. */
static void test_one_sweep_file(void **state)
{
    (void)state;
    char err[1024];
    cb_csv_set *alone = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(alone, fixture("sweep-a.csv"), err, sizeof err), 0);
    cb_sides_request rq = {.source = {"sweep-a.csv", NULL}};
    cb_sides sd;
    assert_int_equal(cb_sides_choose(&sd, alone, &rq, err, sizeof err), -1);
    assert_string_equal(err, "sweep-a.csv is a caps -sweep of 3 masks, which one file "
                             "cannot split into a before and an after; give a second "
                             "board's sweep to compare the two mask by mask.");
    cb_sides_free(&sd);
    cb_csv_set_free(alone);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_sweeps),
        cmocka_unit_test(test_styles_name_the_mask),
        cmocka_unit_test(test_library_sweeps),
        cmocka_unit_test(test_sweep_against_plain_run),
        cmocka_unit_test(test_one_sweep_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
