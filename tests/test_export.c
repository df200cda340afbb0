/*
 * tests/test_export.c - every export format's exact output over the hand-written
 * fixture tests/data/export-run.csv, whose numbers are chosen to be computed by hand:
 *   sha256/shani/digest/64: 1.0, 1.5, 2.0 million ops in 1 s of 64 bytes, so 64, 96
 *     and 128 MB/s, median 96; with 3 samples the 95% interval of the median is the
 *     range [64, 128] (P(Binomial(3, 1/2) = 0) = 0.125 > 0.025, base/stats.c);
 *   aes-128-cbc/aesni/encrypt/16: 10 M ops in 1 s and 8 M in 0.5 s of 16 bytes, so
 *     160 and 256 MB/s, median 208 (their mean), interval [160, 256];
 *   chacha20 (256-bit key, 1024 bytes, misalign 3): one sample, 102.4 MB/s;
 *   a faulted, a failed and a skipped case, and rsa2048 sign (no byte rate).
 * The gate's fixtures (export-before.csv, export-after.csv) hold 4 samples a side:
 * sha256 drops to 80% (a regression beyond 5%), md5 is unchanged.
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
#include "reports/csv/csv.h"
#include "reports/export/export.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* fixture: the cases of export-run.csv, in a set the test frees. */
typedef struct fixture {
    cb_csv_set *set;
    cb_export_cases cs;
} fixture;

static void load(fixture *f)
{
    char err[512];
    f->set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(f->set, data_path("export-run.csv"), err, sizeof err),
                     0);
    assert_int_equal(cb_export_group(f->set, &f->cs, err, sizeof err), 0);
}

static void unload(fixture *f)
{
    cb_export_cases_free(&f->cs);
    cb_csv_set_free(f->set);
}

/* render writes the fixture's cases in format name and returns the text (freed by
 * the caller). */
static char *render(const char *name)
{
    fixture f;
    char *buf = NULL;
    size_t len = 0;
    load(&f);
    const cb_export_format *fmt = cb_export_format_find(name);
    assert_non_null(fmt);
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    fmt->write(&f.cs, out);
    fclose(out);
    unload(&f);
    return buf;
}

static void expect_text(const char *format, const char *want)
{
    char *got = render(format);
    assert_string_equal(got, want);
    free(got);
}

static void test_cases(void **state)
{
    (void)state;
    fixture f;
    load(&f);
    assert_int_equal(f.cs.n, 6);
    assert_int_equal(f.cs.no_rate, 1); /* rsa2048 sign */
    assert_string_equal(f.cs.c[0].name, "sha256/shani/digest/64");
    assert_true(f.cs.c[0].median == 96e6 && f.cs.c[0].lo == 64e6 && f.cs.c[0].hi == 128e6);
    assert_true(f.cs.c[1].median == 208e6);
    assert_string_equal(f.cs.c[3].status, "faulted");
    assert_string_equal(f.cs.c[3].why, "this CPU lacks aes");
    assert_true(f.cs.c[3].median == 0);
    assert_string_equal(f.cs.c[4].status, "failed");
    assert_string_equal(f.cs.c[5].status, "skipped");
    unload(&f);
}

static void test_names(void **state)
{
    (void)state;
    char buf[CB_EXPORT_NAME];
    cb_sample s;
    memset(&s, 0, sizeof s);
    s.alg = "aes-256-gcm";
    s.variant = "vaes";
    s.direction = "decrypt";
    s.key_bits = 256;
    s.block_bytes = 8192;
    assert_string_equal(cb_export_name(&s, buf, sizeof buf), "aes-256-gcm/vaes/decrypt/8192");
    s.aead = 1;
    assert_string_equal(cb_export_name(&s, buf, sizeof buf),
                        "aes-256-gcm/vaes/decrypt/8192/aad");
    s.alg = "chacha20-poly1305";
    s.aead = 2;
    s.misalign = 1;
    assert_string_equal(cb_export_name(&s, buf, sizeof buf),
                        "chacha20-poly1305/vaes/decrypt/k256/8192/misalign1/rekey");
    s.alg = "sha256";
    s.key_bits = 0;
    s.misalign = 0;
    s.aead = 0;
    s.block_bytes = 16;
    assert_string_equal(cb_export_name(&s, buf, sizeof buf), "sha256/vaes/decrypt/16");
}

static void test_bmf(void **state)
{
    (void)state;
    expect_text("bmf",
        "{\n"
        "  \"sha256/shani/digest/64\": {\"throughput\": {\"value\": 96000000, "
        "\"lower_value\": 64000000, \"upper_value\": 128000000}},\n"
        "  \"aes-128-cbc/aesni/encrypt/16\": {\"throughput\": {\"value\": 208000000, "
        "\"lower_value\": 160000000, \"upper_value\": 256000000}},\n"
        "  \"chacha20/generic/encrypt/k256/1024/misalign3\": {\"throughput\": {\"value\": "
        "102400000, \"lower_value\": 102400000, \"upper_value\": 102400000}}\n"
        "}\n");
}

static void test_github(void **state)
{
    (void)state;
    const char *extra = "cpu: Test CPU @ 1.00GHz\\nbuild: abc123def456 (linux-x86_64)";
    char want[2048];
    snprintf(want, sizeof want,
        "[\n"
        "  {\"name\": \"sha256/shani/digest/64\", \"unit\": \"MB/s\", \"value\": 96, "
        "\"range\": \"\xc2\xb1 32\", \"extra\": \"variant: shani\\nsamples: 3\\n%s\"},\n"
        "  {\"name\": \"aes-128-cbc/aesni/encrypt/16\", \"unit\": \"MB/s\", \"value\": 208, "
        "\"range\": \"\xc2\xb1 48\", \"extra\": \"variant: aesni\\nsamples: 2\\n%s\"},\n"
        "  {\"name\": \"chacha20/generic/encrypt/k256/1024/misalign3\", \"unit\": \"MB/s\", "
        "\"value\": 102.4, \"range\": \"\xc2\xb1 0\", \"extra\": \"variant: generic\\n"
        "samples: 1\\n%s\"}\n"
        "]\n", extra, extra, extra);
    expect_text("github", want);
}

static void test_gobench(void **state)
{
    (void)state;
    /* ns/op = seconds / iterations x 1e9: 1 s / 1.5 M is 666.666666667 ns. */
    expect_text("gobench",
        "goos: linux\n"
        "goarch: amd64\n"
        "pkg: cryptobench\n"
        "cpu: Test CPU @ 1.00GHz\n"
        "BenchmarkSha256/shani/digest/64\t1000000\t1000 ns/op\t64 MB/s\n"
        "BenchmarkSha256/shani/digest/64\t1500000\t666.666666667 ns/op\t96 MB/s\n"
        "BenchmarkSha256/shani/digest/64\t2000000\t500 ns/op\t128 MB/s\n"
        "BenchmarkAes-128-cbc/aesni/encrypt/16\t10000000\t100 ns/op\t160 MB/s\n"
        "BenchmarkAes-128-cbc/aesni/encrypt/16\t8000000\t62.5 ns/op\t256 MB/s\n"
        "BenchmarkChacha20/generic/encrypt/k256/1024/misalign3\t100000\t10000 ns/op\t"
        "102.4 MB/s\n");
}

static void test_lava(void **state)
{
    (void)state;
    expect_text("lava",
        "lava-test-case sha256_shani_digest_64 --result pass --measurement 96 --units MB/s\n"
        "lava-test-case aes-128-cbc_aesni_encrypt_16 --result pass --measurement 208 "
        "--units MB/s\n"
        "lava-test-case chacha20_generic_encrypt_k256_1024_misalign3 --result pass "
        "--measurement 102.4 --units MB/s\n"
        "lava-test-case aes-128-gcm_generic_encrypt_128_aad_rekey --result fail\n"
        "lava-test-case sha512_generic_digest_16 --result fail\n"
        "lava-test-case sha512_generic_digest_64 --result skip\n");
}

static void test_junit_cases(void **state)
{
    (void)state;
    expect_text("junit",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"cryptobench\" tests=\"6\" failures=\"2\" skipped=\"1\">\n"
        "  <testsuite name=\"cryptobench cases\" tests=\"6\" failures=\"2\" skipped=\"1\">\n"
        "    <testcase classname=\"sha256\" name=\"sha256/shani/digest/64\"/>\n"
        "    <testcase classname=\"aes-128-cbc\" name=\"aes-128-cbc/aesni/encrypt/16\"/>\n"
        "    <testcase classname=\"chacha20\" "
        "name=\"chacha20/generic/encrypt/k256/1024/misalign3\"/>\n"
        "    <testcase classname=\"aes-128-gcm\" name=\"aes-128-gcm/generic/encrypt/128/aad/rekey\">\n"
        "      <failure message=\"faulted: this CPU lacks aes\"/>\n"
        "    </testcase>\n"
        "    <testcase classname=\"sha512\" name=\"sha512/generic/digest/16\">\n"
        "      <failure message=\"failed: failed its check: digest &lt;mismatch&gt; &amp; more\"/>\n"
        "    </testcase>\n"
        "    <testcase classname=\"sha512\" name=\"sha512/generic/digest/64\">\n"
        "      <skipped message=\"skipped: faulted at a smaller block size\"/>\n"
        "    </testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n");
}

static void test_junit_gate(void **state)
{
    (void)state;
    char err[512], *buf = NULL;
    size_t len = 0;
    cb_csv_set *set = cb_csv_set_new();
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "before.csv";
    rq.source[1] = "after.csv";
    assert_int_equal(cb_csv_read_file(set, data_path("export-before.csv"), err, sizeof err), 0);
    rq.first_rows = cb_csv_set_count(set);
    assert_int_equal(cb_csv_read_file(set, data_path("export-after.csv"), err, sizeof err), 0);
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = 1;
    o.threshold_pct = 5;
    FILE *out = open_memstream(&buf, &len);
    assert_int_equal(cb_export_junit_gate(set, &rq, &o, out), CB_EXIT_FAIL);
    fclose(out);
    /* compare's own figures: every after/before ratio lies in 0.776 .. 0.824, so the
     * Hodges-Lehmann interval and the median difference are -20% give or take. */
    assert_non_null(strstr(buf, "tests=\"2\" failures=\"1\""));
    assert_non_null(strstr(buf, "<testcase classname=\"md5\" name=\"md5/generic/digest/64\"/>"));
    assert_non_null(strstr(buf, "name=\"sha256/shani/digest/64\">\n      <failure message=\"20.00% "
                                "slower (p=0.0286, "));
    assert_non_null(strstr(buf, "beyond -fail-if-slower 5%\"/>"));
    free(buf);
    /* A threshold above the drop passes every case. */
    o.threshold_pct = 30;
    buf = NULL;
    out = open_memstream(&buf, &len);
    assert_int_equal(cb_export_junit_gate(set, &rq, &o, out), CB_EXIT_OK);
    fclose(out);
    assert_null(strstr(buf, "<failure"));
    free(buf);
    cb_csv_set_free(set);
}

static void test_format_table(void **state)
{
    (void)state;
    char list[128];
    assert_null(cb_export_format_find("csv"));
    /* every name of the list is a row, the five documented ones among them, and the
     * gating list holds exactly the rows with a gate */
    static const char *const known[] = {"bmf", "github", "gobench", "lava", "junit"};
    for (int gating = 0; gating < 2; gating++) {
        char *save = NULL;
        size_t seen = 0;
        cb_export_format_list(list, sizeof list, gating);
        for (char *w = strtok_r(list, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
            if (strcmp(w, "and") == 0)
                continue;
            const cb_export_format *f = cb_export_format_find(w);
            assert_non_null(f);
            assert_true(!gating || f->gate != NULL);
            seen++;
        }
        assert_true(gating ? seen >= 1 : seen >= 5);
    }
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const cb_export_format *f = cb_export_format_find(known[i]);
        assert_non_null(f);
        assert_true((f->gate != NULL) == (strcmp(known[i], "junit") == 0));
        assert_true((f->failures != NULL) == (strcmp(known[i], "junit") == 0));
        cb_export_format_list(list, sizeof list, f->gate != NULL);
        assert_non_null(strstr(list, known[i]));
    }
    cb_export_format_list(list, sizeof list, 0);
    assert_non_null(strstr(list, "bmf, github, "));
    assert_non_null(strstr(list, " and "));
}

static void test_multi_refused(void **state)
{
    (void)state;
    char err[512];
    fixture f;
    load(&f);
    cb_export_cases_free(&f.cs);
    cb_csv_row r = *cb_csv_set_row(f.set, 0);
    r.s.workers = 2; /* a speed -multi 2 row: its rate is one worker's of two */
    r.line = 99;
    cb_csv_add(f.set, &r);
    assert_int_equal(cb_export_group(f.set, &f.cs, err, sizeof err), -1);
    assert_non_null(strstr(err, ":99: a speed -multi run"));
    unload(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_bmf),
        cmocka_unit_test(test_github),
        cmocka_unit_test(test_gobench),
        cmocka_unit_test(test_lava),
        cmocka_unit_test(test_junit_cases),
        cmocka_unit_test(test_junit_gate),
        cmocka_unit_test(test_format_table),
        cmocka_unit_test(test_multi_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
