/*
 * tests/test_compare_html.c - `compare -format html` and `-format svg`
 * (reports/styles/html.c, reports/styles/svg.c): the page holds the cases with the
 * labels and differences the text styles print, the conditions of each side with
 * those that differ marked, the chart with a bar and whiskers per case and the
 * gate's threshold inside its axis; every name is escaped.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/compare/compare.h"
#include "reports/csv/csv.h"
#include "reports/styles/render.h"
#include "reports/compare/sides.h"
#include "tests/support.h"

static const cb_run_info run_before = {"0.1.0", "rev-a", "linux-x86_64", "gcc 12", "-O2",
                                       "x86_64", "host1", "Test CPU", "aesni", "aesni",
                                       "none", "none", "none", "cpu", "2024-01-01T00:00:00Z", ""};

/* add adds n samples of alg/variant at 64 bytes, spread evenly by +-1% around ops. */
static void add(cb_csv_set *set, const cb_run_info *run, const char *alg, const char *variant,
                double ops, unsigned n)
{
    const cb_run_info *r = cb_csv_intern_run(set, run);
    for (unsigned i = 0; i < n; i++) {
        cb_csv_row row;
        memset(&row, 0, sizeof row);
        row.run = r;
        row.s.alg = cb_csv_intern(set, alg, strlen(alg));
        row.s.variant = cb_csv_intern(set, variant, strlen(variant));
        row.s.direction = cb_csv_intern(set, "digest", 6);
        row.s.block_bytes = 64;
        row.s.sample_index = i;
        row.s.status = cb_csv_intern(set, "ok", 2);
        row.s.cycles_source = cb_csv_intern(set, "", 0);
        row.s.cycles = -1;
        row.ops_per_sec = ops * (1 + 0.01 * (2.0 * i / (n - 1) - 1));
        row.bytes_per_sec = row.ops_per_sec * 64;
        cb_csv_add(set, &row);
    }
}

/* fixture: md5 unchanged, sha256 20% slower (variant named with markup), the after
 * side built at another revision with another compiler. */
typedef struct fixture {
    cb_csv_set *set;
    cb_sides sd;
    cb_comparison c;
} fixture;

static void judge(fixture *fx, double gate_pct)
{
    cb_run_info after = run_before;
    after.build_rev = "rev-b";
    after.compiler = "clang <16> & co";
    fx->set = cb_csv_set_new();
    add(fx->set, &run_before, "md5", "generic", 1000000, 5);
    add(fx->set, &run_before, "sha256", "x<y>&\"z\"", 500000, 5);
    size_t cut = cb_csv_set_count(fx->set);
    add(fx->set, &after, "md5", "generic", 1000000, 5);
    add(fx->set, &after, "sha256", "x<y>&\"z\"", 400000, 5);
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "a.csv";
    rq.source[1] = "b.csv";
    rq.first_rows = cut;
    cb_compare_opts o = cb_compare_default_opts();
    if (gate_pct > 0) {
        o.gate = 1;
        o.threshold_pct = gate_pct;
    }
    assert_int_equal(cb_compare_judge(fx->set, &rq, &o, &fx->sd, &fx->c), 0);
    assert_int_equal(fx->c.n, 2);
}

static void release(fixture *fx)
{
    cb_comparison_free(&fx->c);
    cb_sides_free(&fx->sd);
    cb_csv_set_free(fx->set);
}


static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

/* The page's rows are the text styles' rows: each case's difference as
 * cb_fmt_case_pct writes it for markdown, and its label as cb_case_label does, escaped,
 * in a row of its own. */
static void test_page_rows_match_text(void **state)
{
    (void)state;
    fixture fx;
    judge(&fx, 0);
    char *page = tu_render(&fx.c, "html");
    char label[256], pct[32], want[512];
    for (size_t i = 0; i < fx.c.n; i++) {
        const cb_cmp_case *k = &fx.c.cases[i];
        snprintf(want, sizeof want, "<td class=\"num diff\">%s</td>",
                 cb_fmt_case_pct(k, pct, sizeof pct));
        assert_non_null(strstr(page, want));
    }
    cb_case_label(&fx.c, &fx.c.cases[0], 1, label, sizeof label);
    assert_string_equal(label, "md5/generic");
    assert_non_null(strstr(page, "<tr class=\"unchanged\"><td class=\"case\">md5/generic</td>"
                                 "<td class=\"num\">64</td><td class=\"num\">1,000,000</td>"));
    assert_non_null(strstr(page, "<tr class=\"regression\"><td class=\"case\">"
                                 "sha256/x&lt;y&gt;&amp;&quot;z&quot;</td>"));
    assert_non_null(strstr(page, "<td class=\"num diff\">-20.00%</td>"));
    /* the cases, and the two conditions that differ (build, compiler) */
    assert_int_equal(count(page, "<tr class=\""), 2 + 2);
    assert_non_null(strstr(page, "<li>1 regression, 0 improvements, 1 unchanged</li>"));
    assert_true(strncmp(page, "<!DOCTYPE html>\n", 16) == 0);
    assert_null(strstr(page, "<?xml")); /* the chart is inline, not a document */
    assert_int_equal(count(page, "<svg "), 1);
    assert_null(strstr(page, "<script"));
    free(page);
    release(&fx);
}

/* The conditions: one row per field, each side's value, the rows that differ marked;
 * markup in a recorded value (a compiler's name) is escaped. */
static void test_page_conditions(void **state)
{
    (void)state;
    fixture fx;
    judge(&fx, 0);
    char *page = tu_render(&fx.c, "html");
    assert_non_null(strstr(page, "<tr class=\"differs\"><th>build</th><td class=\"value\">"
                                 "rev-a</td><td class=\"value\">rev-b</td></tr>"));
    assert_non_null(strstr(page, "<tr><th>cpu</th><td class=\"value\">Test CPU</td>"));
    assert_non_null(strstr(page, "<td class=\"value\">clang &lt;16&gt; &amp; co</td>"));
    assert_non_null(strstr(page, "<tr><th>variants</th><td class=\"value\">generic + "
                                 "x&lt;y&gt;&amp;&quot;z&quot;</td>"));
    assert_non_null(strstr(page, "<tr><th>library version</th><td class=\"value\">(none)"));
    assert_null(strstr(page, "x<y>"));
    assert_null(strstr(page, "clang <16>"));
    free(page);
    release(&fx);
    /* a comparison of rows no sides describe has no conditions to list */
    judge(&fx, 0);
    fx.c.side_rows[0] = fx.c.side_rows[1] = NULL;
    page = tu_render(&fx.c, "html");
    assert_null(strstr(page, "<h2>Conditions</h2>"));
    assert_non_null(strstr(page, "<td class=\"case\">md5/generic</td>"));
    free(page);
    release(&fx);
}

/* The chart: a bar per case, coloured by what the statistics say; whiskers where
 * there is an interval; the gate's line only with a gate, and the axis reaching it. */
static void test_chart(void **state)
{
    (void)state;
    fixture fx;
    judge(&fx, 0);
    char *svg = tu_render(&fx.c, "svg");
    assert_true(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44) == 0);
    assert_int_equal(count(svg, "<g class=\"case\""), 2);
    assert_int_equal(count(svg, "<path class=\"ci\""), 2);
    assert_int_equal(count(svg, "fill=\"#D55E00\""), 1); /* sha256 slower */
    assert_int_equal(count(svg, "fill=\"#999999\""), 1); /* md5 noise */
    assert_null(strstr(svg, "class=\"gate\""));
    assert_null(strstr(svg, ">-30.00%<"));
    assert_non_null(strstr(svg, "x&lt;y&gt;"));
    assert_non_null(strstr(svg, "</svg>\n"));
    free(svg);
    release(&fx);
    judge(&fx, 30);
    svg = tu_render(&fx.c, "svg");
    assert_int_equal(count(svg, "<g class=\"gate\">"), 1);
    assert_non_null(strstr(svg, ">gate -30%</text>"));
    assert_non_null(strstr(svg, ">-30.00%</text>")); /* the axis holds the threshold */
    free(svg);
    release(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_page_rows_match_text),
        cmocka_unit_test(test_page_conditions),
        cmocka_unit_test(test_chart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
