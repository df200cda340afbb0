/*
 * tests/test_compare_files.c - `compare BASE OTHER...` (reports/compare/many.h):
 * synthetic boards' files, one table with a column per file after the first labelled
 * by what tells it from the others, percentages against BASE exactly as two files
 * give them, every style and format in its many-file form, and the gate per column.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/common.h"
#include "reports/compare/compare.h"
#include "reports/run/compare_run.h"
#include "reports/compare/many.h"
#include "reports/csv/csv.h"
#include "reports/styles/styles.h"

/* The boards: the base and four others, as the 2021 report's five boards. */
static const char *const hosts[] = {"base", "rpi4", "odroid-c2", "rock64", "jetson"};
#define NBOARDS (sizeof hosts / sizeof hosts[0])

/* A board's md5 rate at 64 bytes, in operations per second, sha256's; sha256 is 10%
 * slower on every board after the base. */
static double md5_rate(size_t b)
{
    return 1000000.0 * (1 + 0.1 * (double)b);
}

static char dir[64];
static char paths[NBOARDS][128];

/* write_board writes board b's file: five samples a case, spread by +-0.5%. */
static void write_board(size_t b)
{
    char err[256];
    snprintf(paths[b], sizeof paths[b], "%s/%s.csv", dir, hosts[b]);
    cb_run_info run = {"0.1.0", "rev", "linux-aarch64", "gcc", "-O2", "aarch64", hosts[b],
                       "cpu", "neon", "neon", "none", "none", "none", "cpu",
                       "2021-03-01T10:00:00Z", ""};
    cb_csv_writer *w = cb_csv_open(paths[b], err, sizeof err);
    assert_non_null(w);
    for (int alg = 0; alg < 2; alg++)
        for (unsigned i = 0; i < 5; i++) {
            double rate = alg ? (b ? 450000 : 500000) : md5_rate(b);
            cb_sample s;
            memset(&s, 0, sizeof s);
            s.alg = alg ? "sha256" : "md5";
            s.variant = "generic";
            s.direction = "digest";
            s.block_bytes = 64;
            s.sample_index = i;
            s.seconds = 1;
            s.iterations = (uint64_t)(rate * (1 + 0.0025 * ((double)i - 2)));
            s.cycles = -1;
            s.cycles_source = "";
            s.status = "ok";
            s.workers = 1;
            s.signal = s.note = "";
            assert_int_equal(cb_csv_write(w, &run, &s), 0);
        }
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/cb-files-XXXXXX");
    assert_non_null(mkdtemp(dir));
    for (size_t b = 0; b < NBOARDS; b++)
        write_board(b);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (size_t b = 0; b < NBOARDS; b++)
        unlink(paths[b]);
    rmdir(dir);
    return 0;
}

/* run writes the table of the boards [0, n) in style to a buffer; *rc the status. */
__attribute__((noinline)) static char *run(size_t n, const char *style, double gate, int *rc)
{
    const char *files[NBOARDS];
    for (size_t b = 0; b < n; b++)
        files[b] = paths[b];
    cb_compare_opts o = cb_compare_default_opts();
    if (gate > 0) {
        o.gate = 1;
        o.threshold_pct = gate;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    FILE *err = fopen("/dev/null", "w");
    FILE *saved = stderr;
    stderr = err; /* the warnings about different hosts, one per column */
    *rc = cb_compare_run_many(files, n, &o, cb_compare_style_find(style), f);
    stderr = saved;
    fclose(err);
    fclose(f);
    return buf;
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

/* Five boards, one matrix: a column per board after the base, labelled by its host
 * (the one field that tells them apart), the percentages against the base. */
static void test_five_boards_matrix(void **state)
{
    (void)state;
    int rc;
    char *t = run(NBOARDS, "matrix", 0, &rc);
    assert_int_equal(rc, CB_EXIT_OK);
    assert_non_null(strstr(t, "base:   "));
    assert_non_null(strstr(t, "1:      "));
    assert_non_null(strstr(t, "rpi4.csv: host rpi4\n"));
    assert_non_null(strstr(t, "4:      "));
    assert_non_null(strstr(t, "jetson.csv: host jetson\n"));
    /* md5: +10%, +20%, +30%, +40% against the base; sha256 -10% everywhere */
    assert_non_null(strstr(t, "1:host rpi4"));
    assert_non_null(strstr(t, "+10.00%"));
    assert_non_null(strstr(t, "+40.00%"));
    assert_int_equal(count(t, "-10.00%"), 4);
    assert_int_equal(count(t, "\nmd5 "), 1); /* one row per case, not one per file */
    assert_non_null(strstr(t, "4: host jetson: geomean"));
    free(t);
}

/* Each column is the comparison two files give: the same difference, the same
 * summary. */
static void test_columns_are_pairs(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    char err[256];
    assert_int_equal(cb_csv_read_file(set, paths[0], err, sizeof err), 0);
    size_t cut = cb_csv_set_count(set);
    assert_int_equal(cb_csv_read_file(set, paths[3], err, sizeof err), 0);
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = paths[0];
    rq.source[1] = paths[3];
    rq.first_rows = cut;
    cb_compare_opts o = cb_compare_default_opts();
    cb_sides sd;
    cb_comparison c;
    FILE *saved = stderr, *null = fopen("/dev/null", "w");
    stderr = null;
    assert_int_equal(cb_compare_judge(set, &rq, &o, &sd, &c), 0);
    stderr = saved;
    fclose(null);
    char sum[256], want[512];
    snprintf(want, sizeof want, "3: host rock64: geomean %+.2f%% over 2 cases; %s\n",
             c.geomean_pct, cb_compare_summary(&c, sum, sizeof sum));
    int rc;
    char *t = run(NBOARDS, "mail", 0, &rc);
    assert_non_null(strstr(t, want));
    free(t);
    cb_comparison_free(&c);
    cb_sides_free(&sd);
    cb_csv_set_free(set);
}

/* Every style and format writes the table, naming every board's label. */
static void test_every_style(void **state)
{
    (void)state;
    for (size_t i = 0; i < cb_compare_style_count(); i++) {
        const cb_compare_style *s = cb_compare_style_at(i);
        int rc;
        char *t = run(NBOARDS, s->name, 0, &rc);
        assert_int_equal(rc, CB_EXIT_OK);
        for (size_t b = 1; b < NBOARDS; b++) {
            char label[64];
            snprintf(label, sizeof label, "host %s", hosts[b]);
            if (!strstr(t, label))
                fail_msg("style %s does not label %s", s->name, label);
        }
        assert_non_null(strstr(t, "md5"));
        assert_non_null(strstr(t, "sha256"));
        free(t);
    }
    int rc;
    char *t = run(NBOARDS, "csv", 0, &rc);
    /* a row per case per column, led by the file and the label */
    assert_int_equal(count(t, "\r\n"), 1 + 2 * (NBOARDS - 1));
    assert_non_null(strstr(t, "file,label,algorithm,"));
    assert_non_null(strstr(t, "rock64.csv,host rock64,md5,digest,"));
    free(t);
    t = run(NBOARDS, "json", 0, &rc);
    assert_int_equal(count(t, "\"comparison\":"), NBOARDS - 1);
    assert_non_null(strstr(t, "\"label\": \"host odroid-c2\""));
    free(t);
    t = run(NBOARDS, "svg", 0, &rc);
    assert_int_equal(count(t, "<g class=\"case\""), 2);
    assert_int_equal(count(t, "<g class=\"bar\">"), 2 * (NBOARDS - 1));
    free(t);
    t = run(NBOARDS, "html", 0, &rc);
    assert_non_null(strstr(t, "<th>host rpi4 difference</th>"));
    assert_non_null(strstr(t, "<tr class=\"differs\"><th>host</th><td class=\"value\">base</td>"
                              "<td class=\"value\">rpi4</td>"));
    free(t);
}

/* The gate applies to each column: sha256 is 10% slower on every board, so a 5% gate
 * fails in all four, a 20% gate in none; the svg draws the threshold once. */
static void test_gate_per_column(void **state)
{
    (void)state;
    int rc;
    char *t = run(NBOARDS, "matrix", 5, &rc);
    assert_int_equal(rc, CB_EXIT_FAIL);
    assert_int_equal(count(t, "FAILED by 1 case"), NBOARDS - 1);
    free(t);
    t = run(NBOARDS, "matrix", 20, &rc);
    assert_int_equal(rc, CB_EXIT_OK);
    assert_int_equal(count(t, ": passed"), NBOARDS - 1);
    free(t);
    t = run(3, "svg", 5, &rc);
    assert_int_equal(rc, CB_EXIT_FAIL);
    assert_int_equal(count(t, "<g class=\"gate\">"), 1);
    free(t);
}

/* A file that cannot be read is one sentence and no table. */
static void test_unreadable(void **state)
{
    (void)state;
    const char *files[3] = {paths[0], paths[1], "/nonexistent/x.csv"};
    cb_compare_opts o = cb_compare_default_opts();
    FILE *f = fopen("/dev/null", "w"), *saved = stderr;
    stderr = f;
    int rc = cb_compare_run_many(files, 3, &o, cb_compare_style_at(0), f);
    stderr = saved;
    fclose(f);
    assert_int_equal(rc, CB_EXIT_USAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_five_boards_matrix),
        cmocka_unit_test(test_columns_are_pairs),
        cmocka_unit_test(test_every_style),
        cmocka_unit_test(test_gate_per_column),
        cmocka_unit_test(test_unreadable),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
