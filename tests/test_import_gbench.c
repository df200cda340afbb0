/*
 * tests/test_import_gbench.c - Google Benchmark's JSON output into rows: the context
 * into the run description, iteration runs into samples (aggregates left out, or
 * standing in when alone), the names mapped or kept, the output it must refuse, and
 * the round trip through `export -format googlebench`.
 *
 * The fixtures were written for these tests in Google Benchmark's format (their
 * numbers are chosen to be checked by hand and measure nothing).
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
#include "reports/export/export.h"
#include "reports/import/import.h"
#include "tests/support.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* import_ok imports text and fails unless it gives want rows; the warnings go to
 * warnings (of len bytes) when it is not NULL. */
static cb_csv_set *import_ok(const char *text, const char *variant, long want,
                             char *warnings, size_t len)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    o.variant = variant;
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    FILE *w = tmpfile();
    assert_non_null(w);
    long n = cb_import_buffer(set, "t.json", text, strlen(text), &o, w, err, sizeof err);
    if (warnings) {
        rewind(w);
        size_t got = fread(warnings, 1, len - 1, w);
        warnings[got] = 0;
    }
    fclose(w);
    if (n != want)
        fail_msg("%ld rows, wanted %ld (%s)", n, want, err);
    return set;
}

/* find returns the sample-th row of one case, failing the test when absent. */
static const cb_csv_row *find(const cb_csv_set *set, const char *alg, const char *variant,
                              const char *dir, size_t block, unsigned sample)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.variant, variant) &&
            !strcmp(r->s.direction, dir) && r->s.block_bytes == block &&
            r->s.sample_index == sample)
            return r;
    }
    fail_msg("no row %u for %s %s %s %zu bytes", sample, alg, variant, dir, block);
    return NULL;
}

/* One run of the fixture, in the format's field order. */
#define RUN(name, type, rep, agg, iters, real, cpu, unit, extra)                        \
    "    {\n      \"name\": \"" name "\",\n      \"family_index\": 0,\n"                \
    "      \"per_family_instance_index\": 0,\n      \"run_name\": \"" name "\",\n"      \
    "      \"run_type\": \"" type "\",\n      \"repetitions\": 3,\n" rep                \
    "      \"threads\": 1,\n" agg "      \"iterations\": " iters ",\n"                  \
    "      \"real_time\": " real ",\n      \"cpu_time\": " cpu ",\n"                    \
    "      \"time_unit\": \"" unit "\"" extra "\n    }"

/* One aggregate of run base: its name is base_AGG. */
#define AGG(base, agg, real, cpu, unit, extra)                                          \
    "    {\n      \"name\": \"" base "_" agg "\",\n      \"run_name\": \"" base "\",\n"     \
    "      \"run_type\": \"aggregate\",\n      \"repetitions\": 3,\n"                  \
    "      \"threads\": 1,\n      \"aggregate_name\": \"" agg "\",\n"                 \
    "      \"aggregate_unit\": \"time\",\n      \"iterations\": 3,\n"                 \
    "      \"real_time\": " real ",\n      \"cpu_time\": " cpu ",\n"                  \
    "      \"time_unit\": \"" unit "\"" extra "\n    }"

static const char context[] =
    "{\n  \"context\": {\n    \"date\": \"2026-12-01T10:00:00+00:00\",\n"
    "    \"host_name\": \"gbhost\",\n    \"executable\": \"./bench\",\n"
    "    \"num_cpus\": 4,\n    \"mhz_per_cpu\": 3000,\n    \"cpu_scaling_enabled\": false,\n"
    "    \"caches\": [\n      {\"type\": \"Data\", \"level\": 1, \"size\": 32768, "
    "\"num_sharing\": 1}\n    ],\n    \"load_avg\": [0.5, 0.25, 1],\n"
    "    \"library_build_type\": \"release\"\n  },\n";

/*
 * The iteration fixture: BM_SHA256/1024 three times, 1000 iterations of 2000 ns (so 2
 * ms, 512 MB/s) then 2500 and 4000 ns; BM_Widget/64 whose bytes_per_second says 128
 * bytes an iteration (the argument is not its byte count); BM_Plain with no byte rate
 * and a user counter, in us; its mean aggregate (left out); a run that failed.
 */
static const char runs_log[] =
    "%s  \"benchmarks\": [\n"
    RUN("BM_SHA256/1024", "iteration", "      \"repetition_index\": 0,\n", "", "1000",
        "2.1e3", "2.0e3", "ns", ",\n      \"bytes_per_second\": 5.12e8") ",\n"
    RUN("BM_SHA256/1024", "iteration", "      \"repetition_index\": 1,\n", "", "1000",
        "2500", "2500", "ns", ",\n      \"bytes_per_second\": 4.096e8") ",\n"
    RUN("BM_SHA256/1024", "iteration", "      \"repetition_index\": 2,\n", "", "1000",
        "4000", "4000", "ns", ",\n      \"bytes_per_second\": 2.56e8") ",\n"
    AGG("BM_SHA256/1024", "mean", "2833", "2833", "ns", ",\n      \"bytes_per_second\": 3.9e8")
    ",\n"
    RUN("BM_Widget/64", "iteration", "      \"repetition_index\": 0,\n", "", "10", "1",
        "1", "ms", ",\n      \"bytes_per_second\": 128000") ",\n"
    RUN("BM_Plain", "iteration", "      \"repetition_index\": 0,\n", "", "50", "3", "2",
        "us", ",\n      \"items_per_second\": 5e5,\n      \"foo\": 3") ",\n"
    RUN("BM_Broken", "iteration", "      \"repetition_index\": 0,\n", "", "0", "0", "0",
        "ns", ",\n      \"error_occurred\": true,\n      \"error_message\": \"no key\"")
    "\n  ]\n}\n";

static char *fixture(const char *format, const char *ctx)
{
    size_t len = strlen(format) + strlen(ctx) + 1;
    char *text = malloc(len);
    assert_non_null(text);
    snprintf(text, len, format, ctx);
    return text;
}

static void test_runs(void **state)
{
    (void)state;
    char *text = fixture(runs_log, context), warnings[2048];
    cb_csv_set *set = import_ok(text, NULL, 5, warnings, sizeof warnings);
    /* BM_SHA256/1024 is sha256 at 1024 bytes; its repetitions are three samples */
    const cb_csv_row *r = find(set, "sha256", "gbench", "digest", 1024, 0);
    assert_true(r->has_counts && r->s.iterations == 1000);
    assert_true(fabs(r->s.seconds - 2e-3) < 1e-12);
    assert_true(fabs(r->bytes_per_sec - 512e6) < 1);
    assert_int_equal(r->line, 16); /* the line of the run's '{' */
    r = find(set, "sha256", "gbench", "digest", 1024, 2);
    assert_true(fabs(r->s.seconds - 4e-3) < 1e-12);
    assert_string_equal(r->run->tool_version, "google-benchmark");
    assert_string_equal(r->run->hostname, "gbhost");
    assert_string_equal(r->run->started, "2026-12-01T10:00:00Z");
    assert_string_equal(r->run->cpu_model, "4 CPUs at 3000 MHz; caches L1 Data 32 KiB");
    assert_non_null(strstr(r->run->cflags, "library_build_type release"));
    assert_non_null(strstr(r->run->cflags, "executable ./bench"));
    assert_string_equal(r->run->timing, "cpu");
    assert_string_equal(r->run->build_rev, "t.json");
    /* the argument 64 is not the 128 bytes an iteration processes: it stays in the
     * name, the block is what bytes_per_second says */
    r = find(set, "bm_widget-64", "gbench", "digest", 128, 0);
    assert_true(r->s.iterations == 10 && fabs(r->s.seconds - 10e-3) < 1e-12);
    /* no byte rate: operations only, CPU time in us */
    r = find(set, "bm_plain", "gbench", "derive", 0, 0);
    assert_true(r->s.iterations == 50 && fabs(r->s.seconds - 100e-6) < 1e-12);
    assert_non_null(strstr(warnings, "'bm_widget-64', 'bm_plain'"));
    assert_non_null(strstr(warnings, "left out 1 Google Benchmark run with \"error_occurred\""));
    assert_null(strstr(warnings, "aggregates"));
    cb_csv_set_free(set);
    /* -variant names the variant */
    set = import_ok(text, "mine", 5, NULL, 0);
    find(set, "sha256", "mine", "digest", 1024, 1);
    cb_csv_set_free(set);
    free(text);
}

/* Aggregates alone: each run's median, or its mean when it has no median. */
static const char aggregates_log[] =
    "%s  \"benchmarks\": [\n"
    AGG("BM_SHA512/64", "mean", "110", "110", "ns", ",\n      \"bytes_per_second\": 5.818e8")
    ",\n"
    AGG("BM_SHA512/64", "median", "100", "100", "ns", ",\n      \"bytes_per_second\": 6.4e8")
    ",\n"
    AGG("BM_SHA512/64", "stddev", "5", "5", "ns", ",\n      \"bytes_per_second\": 1e7") ",\n"
    AGG("BM_Other", "mean", "1", "1", "s", "") "\n  ]\n}\n";

static void test_aggregates(void **state)
{
    (void)state;
    char *text = fixture(aggregates_log, "{\n"), warnings[2048];
    cb_csv_set *set = import_ok(text, NULL, 2, warnings, sizeof warnings);
    const cb_csv_row *r = find(set, "sha512", "gbench", "digest", 64, 0);
    assert_true(r->s.iterations == 1 && fabs(r->s.seconds - 100e-9) < 1e-18);
    r = find(set, "bm_other", "gbench", "derive", 0, 0);
    assert_true(r->s.iterations == 1 && fabs(r->s.seconds - 1) < 1e-12);
    assert_non_null(strstr(warnings, "only aggregates: imported each run's median"));
    assert_non_null(strstr(warnings, "(2 cases)"));
    cb_csv_set_free(set);
    free(text);
}

/* The context's date in the CSV's UTC form, whatever its offset; a date with no zone
 * (older versions) says no instant and stays in the flags. */
static void test_dates(void **state)
{
    (void)state;
    static const char *const dates[][2] = {
        {"2026-12-01T01:30:00+02:00", "2026-11-30T23:30:00Z"},
        {"2024-02-29T23:00:00-05:30", "2024-03-01T04:30:00Z"},
        {"1999-12-31T23:59:59Z", "1999-12-31T23:59:59Z"},
        {"2016-08-02 17:44:46", ""},
    };
    for (size_t i = 0; i < sizeof dates / sizeof dates[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "{\"context\": {\"date\": \"%s\"}, \"benchmarks\": "
                 "[{\"name\": \"BM_x\", \"iterations\": 5, \"cpu_time\": 1}]}", dates[i][0]);
        cb_csv_set *set = import_ok(text, NULL, 1, NULL, 0);
        const cb_run_info *run = cb_csv_set_row(set, 0)->run;
        assert_string_equal(run->started, dates[i][1]);
        if (!dates[i][1][0])
            assert_non_null(strstr(run->cflags, "date 2016-08-02 17:44:46"));
        cb_csv_set_free(set);
    }
}

/* Names: a cipher with its direction, a dash-less spelling, and what stays foreign. */
static void test_names(void **state)
{
    (void)state;
    static const char log[] =
        "{\"benchmarks\": [\n"
        "{\"name\": \"BM_AES_128_GCM_Encrypt/16\", \"run_type\": \"iteration\", "
        "\"iterations\": 100, \"real_time\": 1, \"cpu_time\": 1, \"time_unit\": \"us\", "
        "\"bytes_per_second\": 1.6e7},\n"
        "{\"name\": \"BM_SHA_256/64\", \"run_type\": \"iteration\", \"iterations\": 100, "
        "\"real_time\": 1, \"cpu_time\": 1, \"time_unit\": \"us\", "
        "\"bytes_per_second\": 6.4e7},\n"
        "{\"name\": \"BM_AES_128_GCM/16\", \"run_type\": \"iteration\", "
        "\"iterations\": 100, \"real_time\": 1, \"cpu_time\": 1, \"time_unit\": \"us\", "
        "\"bytes_per_second\": 1.6e7},\n"
        "{\"name\": \"sha256\", \"run_type\": \"iteration\", \"iterations\": 5, "
        "\"cpu_time\": 1, \"time_unit\": \"ms\"}\n]}";
    cb_csv_set *set = import_ok(log, NULL, 4, NULL, 0);
    const cb_csv_row *r = find(set, "aes-128-gcm", "gbench", "encrypt", 16, 0);
    assert_int_equal(r->s.key_bits, 128);
    find(set, "sha256", "gbench", "digest", 64, 0);
    /* a cipher without a direction word is not clearly ours */
    find(set, "bm_aes_128_gcm", "gbench", "digest", 16, 0);
    /* a name of ours without a byte rate is not our case: it is marked */
    find(set, "gbench-sha256", "gbench", "derive", 0, 0);
    assert_string_equal(cb_csv_set_row(set, 0)->run->tool_version, "google-benchmark");
    cb_csv_set_free(set);
}

static void test_malformed(void **state)
{
    (void)state;
    static const char ok[] = "{\"name\": \"BM_x\", \"iterations\": 5, \"cpu_time\": 1}";
    char text[1024];
    tu_import_refused("t.json", "{\"context\": {\"date\": \"x\"},\n\"benchmarks\": [\n" /* cut short */
                 "{\"name\": \"BM_x\", \"iterations\": 5, \"cpu_ti",
                 "t.json:3: ", "not Google Benchmark JSON output at byte 84");
    tu_import_refused("t.json", "{\"context\": {}}", "t.json:1: ", "no \"benchmarks\" array");
    tu_import_refused("t.json", "{\"benchmarks\": []}", "t.json:1: ", "no run to import (0 runs");
    tu_import_refused("t.json", "{\"benchmarks\": [\n{\"name\": \"BM_x\", \"iterations\": 5}]}", "t.json:2: ",
                 "the Google Benchmark run at byte 17 ('BM_x') has no \"cpu_time\"");
    tu_import_refused("t.json", "{\"benchmarks\": [{\"name\": \"BM_x\", \"iterations\": 0, \"cpu_time\": 1}]}",
                 "t.json:1: ", "no \"iterations\" above 0");
    tu_import_refused("t.json", "{\"benchmarks\": [{\"name\": \"BM_x\", \"iterations\": 1.5, \"cpu_time\": 1}]}",
                 "t.json:1: ", "\"iterations\" is not a whole number");
    tu_import_refused("t.json", "{\"benchmarks\": [{\"name\": \"BM_x\", \"iterations\": 5, \"cpu_time\": 1, "
                 "\"time_unit\": \"min\"}]}", "t.json:1: ", "not ns, us, ms or s");
    tu_import_refused("t.json", "{\"benchmarks\": [{\"iterations\": 5, \"cpu_time\": 1}]}", "t.json:1: ",
                 "has no \"name\"");
    snprintf(text, sizeof text, "{\"benchmarks\": [%s]} trailing", ok);
    tu_import_refused("t.json", text, "t.json:1: ", "text after the object");
    snprintf(text, sizeof text, "{\"benchmarks\": [%s], \"benchmarks\": [%s]}", ok, ok);
    tu_import_refused("t.json", text, "t.json:1: ", "a name given twice");
    snprintf(text, sizeof text, "{\"benchmarks\": [%s %s]}", ok, ok);
    tu_import_refused("t.json", text, "t.json:1: ", "expected ',' or ']' after a benchmark");
    tu_import_refused("t.json", "{\"benchmarks\": [{\"name\": \"BM_x\", \"iterations\": 5, \"cpu_time\": 1, "
                 "\"bytes_per_second\": 0.1}]}", "t.json:1: ", "less than a byte");
    tu_import_refused("t.json", "{\"context\": {\"caches\": 3}, \"benchmarks\": []}", "t.json:1: ",
                 "\"caches\" is not an array");
    /* the cursor bssl's reader shares: nesting is bounded */
    char deep[200];
    snprintf(deep, sizeof deep, "{\"context\": {\"x\": %.*s", 40,
             "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[");
    tu_import_refused("t.json", deep, "t.json:1: ", "values nested too deep");
}

/* Text that only looks like JSON is still read as the other logs. */
static void test_not_gbench(void **state)
{
    (void)state;
    static const char log[] = "{ not json }\n"
        "Did 5 SHA-256 (16 bytes) operations in 100us (50000.0 ops/sec): 0.8 MB/s\n";
    cb_csv_set *set = import_ok(log, NULL, 1, NULL, 0);
    find(set, "sha256", "bssl", "digest", 16, 0);
    cb_csv_set_free(set);
}

/* export -format googlebench, then import: the same cases, samples and rates. */
static void test_round_trip(void **state)
{
    (void)state;
    char err[512];
    cb_csv_set *orig = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(orig, data_path("export-run.csv"), err, sizeof err), 0);
    cb_export_cases cs;
    assert_int_equal(cb_export_group(orig, &cs, err, sizeof err), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    cb_export_format_find("googlebench")->write(&cs, out);
    fclose(out);
    assert_non_null(strstr(buf, "\"name\": \"chacha20/generic/encrypt/k256/1024/misalign3\""));
    assert_non_null(strstr(buf, "\"date\": \"2026-12-01T10:00:00Z\""));
    cb_csv_set *back = import_ok(buf, NULL, 6, NULL, 0);
    size_t measured = 0;
    for (size_t i = 0; i < cs.n; i++) {
        const cb_export_case *k = &cs.c[i];
        if (strcmp(k->status, "ok") != 0)
            continue;
        for (size_t j = 0; j < k->n; j++) {
            const cb_sample *s = &k->rows[j]->s;
            const cb_csv_row *r =
                find(back, s->alg, s->variant, s->direction, s->block_bytes, s->sample_index);
            assert_int_equal(r->s.key_bits, s->key_bits);
            assert_int_equal(r->s.misalign, s->misalign);
            assert_int_equal(r->s.aead, s->aead);
            assert_true(r->s.iterations == s->iterations);
            double want = k->rows[j]->bytes_per_sec;
            if (fabs(r->bytes_per_sec - want) > 1e-10 * want)
                fail_msg("%s: %.17g bytes/s back, %.17g out", k->name, r->bytes_per_sec, want);
            measured++;
        }
    }
    assert_int_equal(measured, 6);
    assert_string_equal(cb_csv_set_row(back, 0)->run->started, "2026-12-01T10:00:00Z");
    free(buf);
    cb_export_cases_free(&cs);
    cb_csv_set_free(back);
    cb_csv_set_free(orig);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs),       cmocka_unit_test(test_aggregates),
        cmocka_unit_test(test_dates),      cmocka_unit_test(test_names),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_not_gbench), cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
