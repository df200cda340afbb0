/*
 * tests/test_compare_multi.c - comparing `speed -multi N` results: each round (the
 * j-th sample of every worker) is one sample of the whole machine, its rates summed;
 * rounds not every worker finished are left out; runs of different worker counts
 * are never matched.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/compare/compare.h"
#include "reports/compare/label.h"
#include "reports/run/compare_run.h"
#include "reports/csv/csv.h"

/* side: the rows of one run, and where they live. */
typedef struct side {
    cb_csv_set *set;
    const cb_csv_row *rows[256];
    size_t n;
} side;

static const cb_run_info run_template = {
    "0.1.0", "rev", "linux-x86_64", "gcc", "-O2", "x86_64", "host", "cpu", "none", "none",
    "none", "none", "none", "cpu", "2024-01-01T00:00:00Z", "",
};

/* add_samples appends worker w's samples of a run of `workers` workers: n samples of
 * md5 at 64 bytes, sample j at rate base + j operations per second. */
static void add_samples(side *sd, const char *build, unsigned workers, unsigned w,
                        unsigned n, double base)
{
    cb_run_info run = run_template;
    run.build_rev = build;
    const cb_run_info *r = cb_csv_intern_run(sd->set, &run);
    for (unsigned j = 0; j < n; j++) {
        cb_csv_row row;
        memset(&row, 0, sizeof row);
        row.run = r;
        row.s.alg = cb_csv_intern(sd->set, "md5", 3);
        row.s.variant = cb_csv_intern(sd->set, "generic", 7);
        row.s.direction = cb_csv_intern(sd->set, "digest", 6);
        row.s.status = cb_csv_intern(sd->set, "ok", 2);
        row.s.cycles_source = cb_csv_intern(sd->set, "", 0);
        row.s.block_bytes = 64;
        row.s.sample_index = j;
        row.s.cycles = -1;
        row.s.workers = workers;
        row.s.worker = w;
        row.ops_per_sec = base + j;
        row.bytes_per_sec = row.ops_per_sec * 64;
        cb_csv_add(sd->set, &row);
    }
}

/* add_two_workers appends a -multi 2 run: n samples from worker 0 at base0 + j and
 * from worker 1 at base1 + j. */
static void add_two_workers(side *sd, const char *build, unsigned n, double base0,
                            double base1)
{
    add_samples(sd, build, 2, 0, n, base0);
    add_samples(sd, build, 2, 1, n, base1);
}

/* seal takes the pointers to rows [from, to) of the set once it has stopped growing
 * (adding rows may move them). */
static void seal(side *sd, size_t from, size_t to)
{
    assert_true(to - from <= 256);
    sd->n = to - from;
    for (size_t i = from; i < to; i++)
        sd->rows[i - from] = cb_csv_set_row(sd->set, i);
}

/* compare_sides runs cb_compare_rows; returns its status, warnings in warn_text. */
static int compare_sides(cb_comparison *c, const side *b, const side *a, char *warn_text,
                         size_t warn_len, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    cb_compare_opts o = cb_compare_default_opts();
    FILE *warn = fmemopen(warn_text, warn_len, "w");
    assert_non_null(warn);
    setvbuf(warn, NULL, _IONBF, 0);
    int rc = cb_compare_rows(c, b->rows, b->n, a->rows, a->n, &o, warn, err, errlen);
    fclose(warn);
    return rc;
}

/* Two workers at 1000 + j and 2000 + j ops/s: rounds of 3000 + 2j, median 3004 over
 * five rounds, not a median of ten per-worker samples (about 1500). */
static void test_rounds_are_summed(void **state)
{
    (void)state;
    side b = {cb_csv_set_new(), {0}, 0}, a = {b.set, {0}, 0};
    add_two_workers(&b, "before", 5, 1000, 2000);
    size_t nb = cb_csv_set_count(b.set);
    add_samples(&a, "after", 2, 1, 5, 2200); /* worker order does not matter */
    add_samples(&a, "after", 2, 0, 5, 1100);
    seal(&b, 0, nb);
    seal(&a, nb, cb_csv_set_count(a.set));
    char warn[1024] = "", err[256] = "";
    cb_comparison c;
    assert_int_equal(compare_sides(&c, &b, &a, warn, sizeof warn, err, sizeof err),
                     0);
    assert_int_equal(c.n, 1);
    assert_int_equal(c.cases[0].n_before, 5);
    assert_int_equal(c.cases[0].n_after, 5);
    assert_true(c.cases[0].ops_before == 3004);
    assert_true(c.cases[0].ops_after == 3304);
    assert_true(c.cases[0].bps_before == 3004 * 64);
    assert_string_equal(warn, "");
    cb_comparison_free(&c);
    cb_csv_set_free(b.set);
}

/* expect_rounds compares the rows of b with themselves: each side must hold `rounds`
 * machine samples with median `median`, and the warnings must mention `warning` (be
 * empty when it is NULL).  Frees b's set. */
static void expect_rounds(side *b, size_t rounds, double median, const char *warning)
{
    seal(b, 0, cb_csv_set_count(b->set));
    char warn[1024] = "", err[256] = "";
    cb_comparison c;
    assert_int_equal(compare_sides(&c, b, b, warn, sizeof warn, err, sizeof err), 0);
    assert_int_equal(c.cases[0].n_before, rounds);
    assert_true(c.cases[0].ops_before == median);
    if (warning ? !strstr(warn, warning) : warn[0] != 0)
        fail_msg("warnings '%s' should mention '%s'", warn, warning ? warning : "nothing");
    cb_comparison_free(&c);
    cb_csv_set_free(b->set);
}

/* A round one worker did not finish (a run stopped by Ctrl-C) is left out, with a
 * warning that counts its rows. */
static void test_unfinished_round_is_left_out(void **state)
{
    (void)state;
    side b = {cb_csv_set_new(), {0}, 0};
    add_samples(&b, "before", 2, 0, 4, 1000);
    add_samples(&b, "before", 2, 1, 3, 2000); /* round 3 has worker 0 only */
    expect_rounds(&b, 3, 3002, "holds 1 -multi sample outside the rounds every worker "
                               "completed");
}

/* A file concatenated with itself holds every round twice: two machine samples per
 * round, each the sum of one copy of every worker's row. */
static void test_repeated_rounds_pair_up(void **state)
{
    (void)state;
    side b = {cb_csv_set_new(), {0}, 0};
    for (int copy = 0; copy < 2; copy++)
        add_two_workers(&b, "before", 3, 1000, 2000);
    expect_rounds(&b, 6, 3002, NULL);
}

/* Two workers' summed throughput is not a faster version of one worker's: sides
 * with no count in common are refused with one sentence; a side holding several
 * counts (speed -multi 1,2) compares each count with the same count, named in the
 * rows. */
static void test_different_worker_counts_are_refused(void **state)
{
    (void)state;
    side b = {cb_csv_set_new(), {0}, 0}, a = {b.set, {0}, 0};
    add_two_workers(&b, "before", 3, 1000, 2000);
    size_t nb = cb_csv_set_count(b.set);
    add_samples(&a, "after", 1, 0, 3, 1000);
    seal(&b, 0, nb);
    seal(&a, nb, cb_csv_set_count(a.set));
    char warn[1024] = "", err[256] = "";
    cb_comparison c;
    assert_int_equal(compare_sides(&c, &b, &a, warn, sizeof warn, err, sizeof err),
                     -1);
    assert_string_equal(err, "before ran 2 workers at once and after 1 (speed -multi); "
                             "compare runs that share a -multi count.");
    side both = {b.set, {0}, 0};
    seal(&both, 0, cb_csv_set_count(b.set));
    assert_int_equal(compare_sides(&c, &both, &a, warn, sizeof warn, err,
                                   sizeof err), 0);
    /* only the one-worker case has a partner; the two-worker one is one-sided */
    assert_int_equal(c.n, 1);
    assert_int_equal(c.cases[0].workers, 1);
    assert_true(c.multi_counts);
    char label[128];
    assert_non_null(strstr(cb_case_label(&c, &c.cases[0], 1, label, sizeof label), " x1"));
    cb_comparison_free(&c);
    cb_csv_set_free(b.set);
}

/* speed -multi 2 -compare: each worker alternates the variants; the table compares
 * the machine's rounds, so the mail style shows the summed rates. */
static void test_in_run_compare_sums_workers(void **state)
{
    (void)state;
    cb_sample s[16];
    for (unsigned i = 0; i < 16; i++) {
        unsigned w = i / 8, v = i % 2, j = (i % 8) / 2;
        s[i] = (cb_sample){"sha256", v ? "shani" : "generic", "digest", 0, 1024, 0, 0, j,
                           v ? 1250 : 1000, 1.0, -1, "", "ok", 0, 0, 0, 0, 2, w, "", "", {0}, 0, 0, 0, 0,
                           0, 0, "", "", 0, 0, 0};
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_samples(s, 16, "generic", "shani", "mail", f), 0);
    fclose(f);
    if (!strstr(buf, "2,000") || !strstr(buf, "2,500") || !strstr(buf, "+25.00%"))
        fail_msg("the in-run table does not show the workers' sums:\n%s", buf);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_are_summed),
        cmocka_unit_test(test_unfinished_round_is_left_out),
        cmocka_unit_test(test_repeated_rounds_pair_up),
        cmocka_unit_test(test_different_worker_counts_are_refused),
        cmocka_unit_test(test_in_run_compare_sums_workers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
