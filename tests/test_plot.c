/*
 * tests/test_plot.c - `plot`'s model and SVG (reports/plot/plot.h, docs/plot.md) over the
 * hand-made fixtures tests/data/plot-*.csv.
 *
 * Each fixture case holds three samples at 0.99, 1 and 1.01 times a round rate over
 * 0.1 s, so the medians are exact: plot-basic.csv's sha256 generic at 16 bytes runs
 * 1,000,000 ops/s = 16 MB/s, and with three samples the 95% interval of the median
 * is their range (base/stats.h: too few samples for 95%), 15.84 to 16.16 MB/s.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/plot/plot.h"

static const char *fixture(const char *name)
{
    static char p[4][512];
    static int next;
    const char *dir = getenv("CB_TEST_DATA");
    char *s = p[next++ % 4];
    snprintf(s, sizeof p[0], "%s/%s", dir ? dir : "tests/data", name);
    return s;
}

/* load builds the model of n fixtures, failing the test when it cannot. */
static cb_plot *load(size_t n, const char *const *names)
{
    const char *paths[4];
    char err[1024] = "";
    for (size_t i = 0; i < n; i++)
        paths[i] = fixture(names[i]);
    cb_plot *p = cb_plot_load(paths, n, err, sizeof err);
    if (!p)
        fail_msg("%s", err);
    return p;
}

/* svg_of returns the SVG of p, NUL-terminated; the caller frees it. */
static char *svg_of(const cb_plot *p)
{
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    assert_non_null(f);
    assert_int_equal(cb_plot_svg(f, p, NULL), 0);
    assert_int_equal(fclose(f), 0);
    assert_true(len > 0);
    return svg;
}

/* temp_csv creates a file at path (a mkstemp template) holding plot-basic.csv's
 * header, for the rows a test adds; the caller closes and unlinks it. */
static FILE *temp_csv(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    FILE *in = fopen(fixture("plot-basic.csv"), "r");
    assert_non_null(f);
    assert_non_null(in);
    char line[2048];
    assert_non_null(fgets(line, sizeof line, in));
    fputs(line, f);
    fclose(in);
    return f;
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* polyline_points gives the number of points of each polyline, in order. */
static size_t polyline_points(const char *svg, size_t *out, size_t max)
{
    size_t n = 0;
    for (const char *p = strstr(svg, "<polyline"); p && n < max; p = strstr(p + 1, "<polyline")) {
        const char *pts = strstr(p, "points=\"") + 8;
        const char *end = strchr(pts, '"');
        out[n] = 0;
        for (const char *c = pts; c < end; c++)
            out[n] += *c == ',';
        n++;
    }
    return n;
}

/* legend_has: is label the text of a legend entry (after its tooltip)? */
static int legend_has(const char *svg, const char *label)
{
    char want[512];
    snprintf(want, sizeof want, "</title>%s", label);
    const char *legend = strstr(svg, "<g class=\"legend\"");
    return legend && strstr(legend, want) != NULL;
}

static void test_one_file(void **state)
{
    (void)state;
    const char *names[] = {"plot-basic.csv"};
    cb_plot *p = load(1, names);
    assert_int_equal(p->nsizes, 3);
    assert_int_equal(p->sizes[0], 16);
    assert_int_equal(p->sizes[2], 8192);
    assert_int_equal(p->nseries, 2);
    assert_string_equal(p->series[0].label, "sha256 generic");
    assert_string_equal(p->series[1].label, "sha256 shani");
    const cb_plot_point *pt = &p->series[0].pts[0];
    assert_int_equal(pt->state, CB_PLOT_MEASURED);
    assert_int_equal(pt->samples, 3);
    assert_float_equal(pt->median, 16e6, 1e-3);
    assert_float_equal(pt->lo, 15.84e6, 1e-3);
    assert_float_equal(pt->hi, 16.16e6, 1e-3);

    char *svg = svg_of(p);
    assert_true(strncmp(svg, "<?xml version=\"1.0\"", 19) == 0);
    assert_non_null(strstr(svg, "width=\"960\" height=\"540\""));
    assert_non_null(strstr(svg, "</svg>\n"));
    size_t pts[8];
    assert_int_equal(polyline_points(svg, pts, 8), 2);
    assert_int_equal(pts[0], 3);
    assert_int_equal(pts[1], 3);
    assert_true(legend_has(svg, "sha256 generic</text>"));
    assert_true(legend_has(svg, "sha256 shani</text>"));
    /* tick labels: sizes with binary prefixes, rates with decimal ones */
    assert_non_null(strstr(svg, ">16 B</text>"));
    assert_non_null(strstr(svg, ">8 KiB</text>"));
    assert_non_null(strstr(svg, ">100 MB/s</text>"));
    assert_non_null(strstr(svg, "16 B: 16 MB/s (95%: 15.8 MB/s to 16.2 MB/s, 3 samples)"));
    free(svg);
    cb_plot_free(p);
}

static void test_two_builds_named_by_build(void **state)
{
    (void)state;
    const char *names[] = {"plot-basic.csv", "plot-build-b.csv"};
    cb_plot *p = load(2, names);
    assert_int_equal(p->nseries, 4);
    char *svg = svg_of(p);
    size_t pts[8];
    assert_int_equal(polyline_points(svg, pts, 8), 4);
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(pts[i], 3);
    assert_true(legend_has(svg, "sha256 generic [aaaa11112222]"));
    assert_true(legend_has(svg, "sha256 shani [aaaa11112222]"));
    assert_true(legend_has(svg, "sha256 generic [bbbb33334444]"));
    assert_true(legend_has(svg, "sha256 shani [bbbb33334444]"));
    assert_non_null(strstr(p->subtitle, "[build] names the file"));
    /* four series, four colours */
    assert_int_equal(count(svg, "<polyline class=\"line\" fill=\"none\" stroke-width=\"2\" stroke=\"#"), 4);
    assert_int_equal(count(svg, "stroke-dasharray"), 0);
    free(svg);
    cb_plot_free(p);
}

static void test_files_alike_named_by_file(void **state)
{
    (void)state;
    /* same build and host: nothing but the file name tells them apart */
    const char *names[] = {"plot-basic.csv", "plot-escape.csv"};
    cb_plot *p = load(2, names);
    assert_string_equal(p->series[0].label, "sha256 generic [plot-basic]");
    assert_string_equal(p->series[2].label, "sha256 ce&i4<\"x\">' [plot-escape]");
    assert_non_null(strstr(p->subtitle, "[file] names the file"));
    cb_plot_free(p);
}

static void test_escaped_variant(void **state)
{
    (void)state;
    const char *names[] = {"plot-escape.csv"};
    cb_plot *p = load(1, names);
    assert_string_equal(p->series[0].label, "sha256 ce&i4<\"x\">'");
    char *svg = svg_of(p);
    assert_true(legend_has(svg, "sha256 ce&amp;i4&lt;&quot;x&quot;&gt;&apos;</text>"));
    assert_null(strstr(svg, "ce&i4"));
    assert_null(strstr(svg, "<\"x"));
    size_t pts[4];
    assert_int_equal(polyline_points(svg, pts, 4), 1);
    assert_int_equal(pts[0], 2);
    free(svg);
    cb_plot_free(p);
}

static void test_outcomes_not_drawn(void **state)
{
    (void)state;
    const char *names[] = {"plot-faulted.csv"};
    cb_plot *p = load(1, names);
    assert_int_equal(p->nseries, 3);
    assert_string_equal(p->series[1].label, "sha512 ce");
    assert_string_equal(p->series[1].unmeasured, "faulted");
    for (size_t z = 0; z < 3; z++)
        assert_int_equal(p->series[1].pts[z].state, CB_PLOT_UNMEASURED);
    assert_string_equal(p->series[2].unmeasured, "faulted, skipped");
    assert_int_equal(p->series[2].pts[0].state, CB_PLOT_MEASURED);
    char *svg = svg_of(p);
    size_t pts[4];
    assert_int_equal(polyline_points(svg, pts, 4), 3);
    assert_int_equal(pts[0], 3);
    assert_int_equal(pts[1], 0);
    assert_int_equal(pts[2], 1);
    assert_true(legend_has(svg, "sha512 ce<tspan fill=\"#B00020\"> (faulted)</tspan>"));
    assert_true(legend_has(svg, "sha256 shani<tspan fill=\"#B00020\"> (faulted, skipped)"));
    /* a faulted case's zero rate is not a point at 0 */
    assert_int_equal(count(svg, "<circle cx=\"106.0\" cy=\"470.0\""), 0);
    free(svg);
    cb_plot_free(p);
}

static void test_many_series_dashed(void **state)
{
    (void)state;
    /* ten series: the ninth and tenth reuse the first colours with a dash */
    char path[] = "/tmp/cb-plot-XXXXXX";
    FILE *f = temp_csv(path);
    for (int v = 0; v < 10; v++)
        fprintf(f, "1.4,0.1.0,r,c,cc,-O2,x86_64,h,cpu,none,none,none,none,none,cpu,"
                   "2026-11-02T10:00:00Z,md5,v%d,digest,0,64,0,0,0,1000,0.1,640000,10000,"
                   ",,ok,,,,,1,0,,,,,,\r\n", v);
    fclose(f);
    const char *paths[] = {path};
    char err[512];
    cb_plot *p = cb_plot_load(paths, 1, err, sizeof err);
    unlink(path);
    assert_non_null(p);
    assert_int_equal(p->nseries, 10);
    char *svg = svg_of(p);
    /* one dashed line and one dashed legend swatch for each of the two */
    assert_int_equal(count(svg, "stroke-dasharray=\"7 4\""), 4);
    free(svg);
    cb_plot_free(p);
}

static void test_errors(void **state)
{
    (void)state;
    char err[1024];
    const char *bad[] = {fixture("plot-bad.csv")};
    assert_null(cb_plot_load(bad, 1, err, sizeof err));
    assert_non_null(strstr(err, "plot-bad.csv:2: "));
    const char *twice[] = {fixture("plot-basic.csv"), fixture("plot-basic.csv")};
    assert_null(cb_plot_load(twice, 2, err, sizeof err));
    assert_non_null(strstr(err, "is given twice"));
    const char *missing[] = {fixture("plot-nosuch.csv")};
    assert_null(cb_plot_load(missing, 1, err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));

    char path[] = "/tmp/cb-plot-XXXXXX";
    fclose(temp_csv(path)); /* the header alone: a run stopped before its first sample */
    const char *empty[] = {path};
    assert_null(cb_plot_load(empty, 1, err, sizeof err));
    unlink(path);
    assert_non_null(strstr(err, "nothing to plot"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_file),
        cmocka_unit_test(test_two_builds_named_by_build),
        cmocka_unit_test(test_files_alike_named_by_file),
        cmocka_unit_test(test_escaped_variant),
        cmocka_unit_test(test_outcomes_not_drawn),
        cmocka_unit_test(test_many_series_dashed),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
