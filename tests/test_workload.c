/*
 * tests/test_workload.c - base/workload.c (built-ins, histogram files, the weighted
 * rate) and reports/compare/workload.c (the before/after of the weighted figure).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/workload.h"
#include "reports/compare/workload.h"

/* write_file puts text into a fresh temporary file whose path goes to path. */
static void write_file(char *path, size_t len, const char *text)
{
    snprintf(path, len, "/tmp/cb-workload-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_builtins(void **state)
{
    (void)state;
    cb_workload w;
    char err[256], buf[256];
    assert_int_equal(cb_workload_load(&w, "ipsec", err, sizeof err), 0);
    assert_int_equal(w.n, 3);
    assert_int_equal(w.size[0], 48);
    assert_int_equal(w.size[2], 1504);
    assert_true(w.count[0] == 7 && w.count[1] == 4 && w.count[2] == 1);
    assert_true(cb_workload_bytes(&w) == 7 * 48 + 4 * 576 + 1504);
    assert_string_equal(cb_workload_describe(&w, buf, sizeof buf),
                        "ipsec (7 x 48 B, 4 x 576 B, 1 x 1504 B)");
    assert_int_equal(cb_workload_load(&w, "tls", err, sizeof err), 0);
    assert_int_equal(w.n, 4);
    assert_int_equal(cb_workload_load(&w, "disk", err, sizeof err), 0);
    assert_int_equal(w.n, 1);
    assert_int_equal(w.size[0], 4096);
    /* every built-in size suits every 16-byte block mode */
    const char *names[] = {"tls", "ipsec", "disk"};
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(cb_workload_load(&w, names[i], err, sizeof err), 0);
        for (size_t k = 0; k < w.n; k++)
            assert_int_equal(w.size[k] % 16, 0);
    }
}

static void test_file(void **state)
{
    (void)state;
    char path[64], err[512];
    cb_workload w;
    write_file(path, sizeof path, "# a histogram\n1500 3\n\n40 7   # small\n1500 2\n9 0\n");
    assert_int_equal(cb_workload_load(&w, path, err, sizeof err), 0);
    /* ascending, a repeated size added up, a zero count dropped */
    assert_int_equal(w.n, 2);
    assert_int_equal(w.size[0], 40);
    assert_int_equal(w.size[1], 1500);
    assert_true(w.count[0] == 7 && w.count[1] == 5);
    assert_string_equal(w.name, strrchr(path, '/') + 1);
    unlink(path);
}

/* refused expects the file text to be refused with a message holding want. */
static void refused(const char *text, const char *want)
{
    char path[64], err[512];
    cb_workload w;
    write_file(path, sizeof path, text);
    assert_int_equal(cb_workload_load(&w, path, err, sizeof err), -1);
    if (!strstr(err, want))
        fail_msg("\"%s\" not in \"%s\"", want, err);
    unlink(path);
}

static void test_file_refused(void **state)
{
    (void)state;
    refused("16 1\n64 x\n", ":2: count \"x\"");
    refused("16 1\n-64 1\n", ":2: size \"-64\"");
    refused("0 1\n", ":1: size \"0\"");
    refused("67108865 1\n", ":1: size");
    refused("16 1 2\n", ":1: \"16 1 2\" is not a \"SIZE COUNT\" line");
    refused("16\n", ":1: \"16\" is not");
    refused("16 -1\n", "count \"-1\"");
    refused("16 nan\n", "count \"nan\"");
    refused("16 0\n# nothing\n", "no size has a count above 0");
    refused("", "no size has a count above 0");
    char many[4096] = "";
    for (int i = 1; i <= CB_WORKLOAD_MAX + 1; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "%d 1\n", 16 * i);
    refused(many, "more than 32 distinct sizes");
    char err[512];
    cb_workload w;
    assert_int_equal(cb_workload_load(&w, "/nonexistent/tls", err, sizeof err), -1);
    assert_non_null(strstr(err, "not a built-in workload (tls, ipsec, disk)"));
}

/* The weighted rate is bytes over time, and exact under an affine cost model
 * between measured sizes. */
static void test_rate(void **state)
{
    (void)state;
    cb_workload w;
    char err[256];
    assert_int_equal(cb_workload_load(&w, "ipsec", err, sizeof err), 0);
    /* a call costs 100 ns plus 1 ns a byte */
    size_t sizes[] = {16, 64, 256, 1024, 8192, 16384};
    double sec[6];
    for (int i = 0; i < 6; i++)
        sec[i] = 100e-9 + 1e-9 * (double)sizes[i];
    double t = 7 * (100e-9 + 48e-9) + 4 * (100e-9 + 576e-9) + (100e-9 + 1504e-9);
    double want = cb_workload_bytes(&w) / t;
    size_t missing = 0;
    double got = cb_workload_rate(&w, sizes, sec, 6, &missing);
    assert_true(fabs(got / want - 1) < 1e-12);
    /* not the mean of the rates: the small sizes cost their time */
    double mean = 0;
    for (size_t i = 0; i < w.n; i++)
        mean += w.count[i] * (double)w.size[i] / (100e-9 + 1e-9 * (double)w.size[i]);
    assert_true(fabs(mean / 12 - got) / got > 0.05);
    /* a size outside the measured range has no figure */
    assert_true(cb_workload_rate(&w, sizes + 2, sec + 2, 4, &missing) < 0);
    assert_int_equal(missing, 48);
    assert_true(cb_workload_rate(&w, sizes, sec, 3, &missing) < 0);
    assert_int_equal(missing, 576);
    /* exact sizes only */
    size_t exact[] = {48, 576, 1504};
    double es[] = {148e-9, 676e-9, 1604e-9};
    assert_true(fabs(cb_workload_rate(&w, exact, es, 3, NULL) / want - 1) < 1e-12);
    /* a size with no time has no figure */
    es[1] = 0;
    assert_true(cb_workload_rate(&w, exact, es, 3, &missing) < 0);
    assert_int_equal(missing, 576);
}

/* a comparison of one algorithm at three sizes: after is 2x faster at 1504 B only */
static void test_compare_figure(void **state)
{
    (void)state;
    cb_workload w;
    char err[256];
    assert_int_equal(cb_workload_load(&w, "ipsec", err, sizeof err), 0);
    cb_cmp_case k[4];
    memset(k, 0, sizeof k);
    size_t sizes[] = {1504, 48, 576};
    double ratio[] = {2, 1, 1};
    for (int i = 0; i < 3; i++) {
        k[i].alg = "aes-128-gcm";
        k[i].direction = "encrypt";
        k[i].variant_before = "a";
        k[i].variant_after = "b";
        k[i].block_bytes = sizes[i];
        k[i].ops_before = 1 / (100e-9 + 1e-9 * (double)sizes[i]);
        k[i].diff_pct = (ratio[i] - 1) * 100;
        k[i].ci.lo = ratio[i] - 1 - 0.1;
        k[i].ci.hi = ratio[i] - 1 + 0.1;
    }
    /* another algorithm, a public-key case (no block size): its own figure, none */
    k[3] = k[0];
    k[3].alg = "sha256";
    cb_comparison c;
    memset(&c, 0, sizeof c);
    c.cases = k;
    c.n = 4;
    size_t n = 0;
    cb_wl_figure *f = cb_wl_figures(&c, &w, &n);
    assert_int_equal(n, 2);
    double tb = 7 * 148e-9 + 4 * 676e-9 + 1604e-9;
    double ta = 7 * 148e-9 + 4 * 676e-9 + 1604e-9 / 2;
    double B = cb_workload_bytes(&w);
    assert_true(fabs(f[0].before / (B / tb) - 1) < 1e-12);
    assert_true(fabs(f[0].after / (B / ta) - 1) < 1e-12);
    assert_true(fabs(f[0].diff_pct - (tb / ta - 1) * 100) < 1e-9);
    assert_true(f[0].lo_pct < f[0].diff_pct && f[0].diff_pct < f[0].hi_pct);
    /* the interval: every size at its interval's slow end at once */
    double slow = 7 * 148e-9 / 0.9 + 4 * 676e-9 / 0.9 + 1604e-9 / 1.9;
    assert_true(fabs(f[0].lo_pct - (tb / slow - 1) * 100) < 1e-9);
    /* sha256 has 1504 B only: 48 B is outside */
    assert_true(f[1].before < 0);
    assert_int_equal(f[1].missing, 48);
    free(f);
    /* without intervals, no interval */
    for (int i = 0; i < 3; i++)
        k[i].ci.lo = k[i].ci.hi = NAN;
    f = cb_wl_figures(&c, &w, &n);
    assert_true(isnan(f[0].lo_pct));
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtins),
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_file_refused),
        cmocka_unit_test(test_rate),
        cmocka_unit_test(test_compare_figure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
