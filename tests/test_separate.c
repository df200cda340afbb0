/*
 * tests/test_separate.c - two separate runs compared on a drifting machine
 * (docs/compare.md, "Separate runs"): the canary, the steady-state test, Student's
 * t, the repetitions' interval, compare's case / canary judgement and the gate's
 * calibration.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/caps.h"
#include "base/common.h"
#include "base/stats.h"
#include "harness/bench.h"
#include "harness/canary.h"
#include "harness/timer.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "reports/compare/calibrate.h"
#include "reports/compare/compare.h"
#include "reports/compare/sides.h"
#include "reports/csv/csv.h"

/* ---- the canary ------------------------------------------------------------------ */

static void test_canary_sum(void **state)
{
    (void)state;
    const char *s = cb_canary_sum();
    assert_int_equal(strlen(s), 16);
    for (const char *p = s; *p; p++)
        assert_non_null(strchr("0123456789abcdef", *p));
    assert_string_equal(s, cb_canary_sum());
    assert_string_not_equal(s, "cbf29ce484222325"); /* the empty section's sum */
}

static void test_canary_names(void **state)
{
    (void)state;
    for (int i = CB_CANARY_NONE; i <= CB_CANARY_AUTO; i++) {
        cb_canary_class c;
        assert_int_equal(cb_canary_parse(cb_canary_name((cb_canary_class)i), &c), 0);
        assert_int_equal(c, i);
    }
    cb_canary_class c;
    assert_int_equal(cb_canary_parse("vector", &c), -1);
    assert_true(cb_canary_available(CB_CANARY_SCALAR));
    assert_false(cb_canary_available(CB_CANARY_NONE));
}

/* Every class's result depends on the iteration count (the loop is not skipped) and
 * on nothing else. */
static void test_canary_runs(void **state)
{
    (void)state;
    for (int c = CB_CANARY_SCALAR; c <= CB_CANARY_SIMD; c++) {
        if (!cb_canary_available((cb_canary_class)c))
            continue;
        uint64_t a = cb_canary_run((cb_canary_class)c, 1000);
        assert_true(a == cb_canary_run((cb_canary_class)c, 1000));
        assert_true(a != cb_canary_run((cb_canary_class)c, 1001));
        assert_true(cb_canary_run((cb_canary_class)c, 0) != a);
        uint64_t n1, n2;
        double t = cb_canary_batch((cb_canary_class)c, CB_CLOCK_WALL, &n1);
        assert_true(t > 0);
        assert_true(n1 > 0);
        cb_canary_batch((cb_canary_class)c, CB_CLOCK_WALL, &n2);
        assert_true(n1 == n2); /* calibrated once */
    }
}

static void test_canary_class_of(void **state)
{
    (void)state;
    const cb_alg *aes = cb_alg_find("aes-128-ctr"), *md5 = cb_alg_find("md5");
    cb_variant plain = {"t-plain", "test", CB_PRIM_MD5, 0, 1, NULL, ""};
    assert_int_equal(cb_canary_class_of(md5, &plain), CB_CANARY_SCALAR);
    cb_variant ni = {"t-ni", "test", CB_PRIM_AES, CB_CAP_AESNI, 1, NULL, ""};
    cb_variant avx = {"t-avx", "test", CB_PRIM_MD5, CB_CAP_AVX2, 1, NULL, ""};
    cb_variant lib = {"t-lib", "test", CB_PRIM_WHOLE, 0, 1, NULL, ""};
    cb_canary_class want_aes =
        cb_canary_available(CB_CANARY_AES) ? CB_CANARY_AES
        : cb_canary_available(CB_CANARY_SIMD) ? CB_CANARY_SIMD : CB_CANARY_SCALAR;
    assert_int_equal(cb_canary_class_of(aes, &ni), want_aes);
    assert_int_equal(cb_canary_class_of(aes, &lib), want_aes);
    assert_int_equal(cb_canary_class_of(md5, &lib), CB_CANARY_SCALAR);
    assert_int_equal(cb_canary_class_of(md5, &avx), cb_canary_available(CB_CANARY_SIMD)
                                                        ? CB_CANARY_SIMD : CB_CANARY_SCALAR);
}

/* ---- steady state ----------------------------------------------------------------- */

static void test_trend(void **state)
{
    (void)state;
    double up[12], flat[12], zig[12];
    for (int i = 0; i < 12; i++) {
        up[i] = i;
        flat[i] = 5;
        zig[i] = i % 2;
    }
    assert_true(cb_bench_trend(up, 12) > 2.576);
    assert_true(fabs(cb_bench_trend(flat, 12)) < 1e-12);
    assert_true(fabs(cb_bench_trend(zig, 12)) < 2.576);
    assert_true(cb_bench_trend(up, 2) == 0); /* too few to say */
}

/* A digest double that does four times the work for its first 0.6 s of CPU: a case that
 * starts cold.  Its first samples must be marked transient and left out. */
static double warm_at;
static volatile uint64_t sink;

static void cold_blocks(void *st, const uint8_t *in, size_t nblocks)
{
    (void)st, (void)in;
    int cold = cb_clock_now(CB_CLOCK_CPU) < warm_at; /* CPU time: a busy machine's
                                                       * descheduling does not eat it */
    uint64_t x = nblocks;
    for (int i = 0; i < (cold ? 4000 : 1000); i++)
        x = x * 6364136223846793005u + 1442695040888963407u;
    sink = x;
}

static const cb_digest_ops cold_ops = {cold_blocks, NULL};
static const cb_variant cold = {"bench-cold", "test", CB_PRIM_MD5, 0, 1, &cold_ops, "double"};

static void test_transient_left_out(void **state)
{
    (void)state;
    static volatile sig_atomic_t never;
    assert_int_equal(cb_variant_register(&cold), 0);
    char err[256];
    cb_inst *x = cb_inst_new(cb_alg_find("md5"), &cold, CB_DIR_DIGEST, 0, err, sizeof err);
    assert_non_null(x);
    uint8_t in[64] = {0}, out[64];
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    /* a goal no samples meet, so that sampling runs to the cap, and a cold start
     * long enough that the first samples are wholly cold even where calibration is
     * slow (an emulator), well inside the cap */
    cfg.precision = 0.0005;
    cfg.max_case_seconds = 2;
    cb_bench_result *r = cb_xmalloc(sizeof *r);
    warm_at = cb_clock_now(CB_CLOCK_CPU) + 0.6;
    assert_int_equal(cb_bench_case(&cfg, x, in, out, sizeof in, r, &never), 0);
    assert_true(r->first_steady > 0);
    assert_true(r->transient[0]);
    assert_false(r->transient[r->n - 1]);
    double first = (double)r->iterations[0] / r->seconds[0];
    assert_true(r->median_rate > 2 * first); /* the warm rate, not a mix */
    /* without the test the cold samples stay in */
    cfg.steady = 0;
    cfg.max_case_seconds = 0.5;
    warm_at = cb_clock_now(CB_CLOCK_CPU) + 0.3;
    assert_int_equal(cb_bench_case(&cfg, x, in, out, sizeof in, r, &never), 0);
    assert_int_equal(r->first_steady, 0);
    /* with a canary, every sample has its canary batch */
    cfg.canary = CB_CANARY_SCALAR;
    cfg.seconds = 0.2;
    assert_int_equal(cb_bench_case(&cfg, x, in, out, sizeof in, r, &never), 0);
    assert_int_equal(r->canary, CB_CANARY_SCALAR);
    assert_int_equal(r->n, 5);
    for (unsigned j = 0; j < r->n; j++)
        assert_true(r->canary_seconds[j] > 0 && r->canary_iterations[j] > 0);
    free(r);
    cb_inst_free(x);
}

/* ---- Student's t and the repetitions ---------------------------------------------- */

static void test_student(void **state)
{
    (void)state;
    /* the 97.5% points every table gives */
    assert_true(fabs(cb_student_quantile(0.975, 1) - 12.706) < 2e-3);
    assert_true(fabs(cb_student_quantile(0.975, 4) - 2.776) < 1e-3);
    assert_true(fabs(cb_student_quantile(0.975, 30) - 2.042) < 1e-3);
    assert_true(fabs(cb_student_cdf(0, 3) - 0.5) < 1e-12);
    assert_true(fabs(cb_student_cdf(-2.776, 4) - 0.025) < 1e-4);
}

static void test_runs_interval(void **state)
{
    (void)state;
    /* after is before x 0.9 in every repetition: -10%, a point interval */
    double a[3] = {100, 110, 90}, b[3] = {90, 99, 81}, diff;
    cb_interval ci;
    double p = cb_runs_interval(a, 3, b, 3, 0.95, &diff, &ci);
    assert_true(fabs(diff + 0.1) < 1e-9);
    assert_true(ci.lo < diff && ci.hi > diff); /* the runs' spread widens it */
    /* a 10% spread between repetitions hides a 4% difference */
    double c[3] = {96, 105.6, 86.4};
    p = cb_runs_interval(a, 3, c, 3, 0.95, &diff, &ci);
    assert_true(p > 0.05);
    assert_true(ci.lo < 0 && ci.hi > 0);
    /* ... which a tight machine resolves */
    double t1[3] = {100, 100.2, 99.9}, t2[3] = {96, 96.1, 95.9};
    p = cb_runs_interval(t1, 3, t2, 3, 0.95, &diff, &ci);
    assert_true(p < 0.001);
    assert_true(ci.hi < -0.03);
}

/* ---- compare on the canary and the repetitions ------------------------------------ */

/* canary_jitter: how much the canary batches of csv_text's files disagree among
 * themselves (0: not at all, they follow the machine exactly). */
static double canary_jitter;

/* csv_text makes a results file of one sha256 case at 1024 bytes: runs x samples
 * rows, case rate rate x run_scale[run] x (1 +- wobble), canary rate crate x the same
 * machine factor (machine[run]), canary class and sum as given ("" none). */
static char *csv_text(double rate, double crate, const double *machine, unsigned runs,
                      const char *canary, const char *sum, double wobble)
{
    size_t cap = 1 << 16, used = 0;
    char *t = cb_xmalloc(cap);
    used += (size_t)snprintf(t + used, cap - used,
        "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch,hostname,"
        "cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator,timing,started,"
        "algorithm,variant,direction,key_bits,block_bytes,misalign,aead,sample,iterations,"
        "seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status,run,transient,canary,"
        "canary_sum,canary_iterations,canary_seconds\r\n");
    unsigned idx = 0;
    for (unsigned r = 0; r < runs; r++)
        for (unsigned s = 0; s < 8; s++) {
            double w = 1 + wobble * ((s % 3) - 1.0), m = machine[r];
            double secs = 1000 / (rate * m * w);
            double csecs = 1000 / (crate * m * w) * (1 + canary_jitter * ((s % 4) - 1.5));
            char cfields[96] = ",,,";
            if (canary[0])
                snprintf(cfields, sizeof cfields, "%s,%s,1000,%.9f", canary, sum, csecs);
            used += (size_t)snprintf(t + used, cap - used,
                "1.6,0.1.0,abc,linux-x86_64,gcc,-O2,x86_64,ci,Example CPU,,,none,none,none,wall,"
                ",sha256,generic,digest,0,1024,0,0,%u,1000,%.9f,%.6f,%.6f,,,ok,%u,0,%s\r\n",
                idx++, secs, 1024 * 1000 / secs, 1000 / secs, r, cfields);
        }
    return t;
}

/* judge compares two such texts as `compare before after`. */
static void judge(const char *bt, const char *at, double gate_pct, cb_comparison *c)
{
    cb_csv_set *set = cb_csv_set_new();
    char err[512];
    assert_int_equal(cb_csv_read_buffer(set, "before.csv", bt, strlen(bt), err, sizeof err), 0);
    size_t first = cb_csv_set_count(set);
    assert_int_equal(cb_csv_read_buffer(set, "after.csv", at, strlen(at), err, sizeof err), 0);
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "before.csv";
    rq.source[1] = "after.csv";
    rq.first_rows = first;
    cb_sides sd;
    assert_int_equal(cb_sides_choose(&sd, set, &rq, err, sizeof err), 0);
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = gate_pct > 0;
    o.threshold_pct = gate_pct;
    memset(c, 0, sizeof *c);
    assert_int_equal(cb_compare_rows(c, sd.before, sd.nb, sd.after, sd.na, &o, NULL, err,
                                     sizeof err), 0);
    cb_sides_free(&sd);
    /* c's strings point into the set: the checks below use numbers and flags */
    for (size_t i = 0; i < c->n; i++)
        c->cases[i].alg = c->cases[i].direction = "";
    c->cases[0].variant_before = c->cases[0].variant_after = "";
    cb_csv_set_free(set);
}

static void test_machine_slower_cancels(void **state)
{
    (void)state;
    const double same[3] = {1, 1, 1}, slow[3] = {0.625, 0.64, 0.61}; /* 1.6x slower */
    char *b = csv_text(1000, 2000, same, 3, "scalar", "00112233aabbccdd", 0.002);
    char *a = csv_text(1000, 2000, slow, 3, "scalar", "00112233aabbccdd", 0.002);
    cb_comparison c;
    judge(b, a, 5, &c);
    assert_int_equal(c.n, 1);
    const cb_cmp_case *k = &c.cases[0];
    assert_true(k->normalised && k->between_runs);
    assert_true(k->raw_diff_pct < -30);      /* the raw medians saw the machine */
    assert_true(fabs(k->diff_pct) < 1);       /* case / canary did not */
    assert_int_equal(c.gate_failures, 0);
    assert_string_equal(cb_case_judged(k), "runs/canary");
    cb_comparison_free(&c);

    /* a changed canary is refused: judged raw, and the machine is then a regression */
    char *other = csv_text(1000, 2000, slow, 3, "scalar", "ffffffff00000000", 0.002);
    judge(b, other, 5, &c);
    assert_false(c.cases[0].normalised);
    assert_int_equal(c.canary_refused, 1);
    assert_non_null(strstr(c.canary_why, "ffffffff00000000"));
    assert_int_equal(c.gate_failures, 1);
    assert_string_equal(cb_case_judged(&c.cases[0]), "runs");
    cb_comparison_free(&c);
    free(other);
    free(a);

    /* the kernel 10% slower on the same machine: a regression at 5% */
    const double k90[3] = {0.9, 0.9, 0.9};
    char *slower = csv_text(1000, 2000 / 0.9, k90, 3, "scalar", "00112233aabbccdd", 0.002);
    judge(b, slower, 5, &c);
    assert_true(c.cases[0].normalised);
    assert_true(fabs(c.cases[0].diff_pct + 10) < 0.5);
    assert_int_equal(c.gate_failures, 1);
    cb_comparison_free(&c);
    free(slower);

    /* a canary noisier than the case (no bottleneck in common) is not used */
    canary_jitter = 0.2;
    char *j1 = csv_text(1000, 2000, same, 3, "scalar", "00112233aabbccdd", 0.002);
    char *j2 = csv_text(1000, 2000, same, 3, "scalar", "00112233aabbccdd", 0.002);
    canary_jitter = 0;
    judge(j1, j2, 5, &c);
    assert_false(c.cases[0].normalised);
    assert_int_equal(c.canary_noisier, 1);
    assert_string_equal(cb_case_judged(&c.cases[0]), "runs");
    cb_comparison_free(&c);
    free(j1), free(j2);
    free(b);
}

/* Repetitions that disagree by several percent make a small difference
 * insignificant, where the samples of one repetition alone would call it real. */
static void test_runs_spread_in_interval(void **state)
{
    (void)state;
    const double mb[3] = {1, 1.08, 0.92}, ma[3] = {0.96 * 1.08, 0.96 * 0.92, 0.96};
    char *b = csv_text(1000, 2000, mb, 3, "", "", 0.001);
    char *a = csv_text(1000, 2000, ma, 3, "", "", 0.001);
    cb_comparison c;
    judge(b, a, 3, &c);
    const cb_cmp_case *k = &c.cases[0];
    assert_true(k->between_runs);
    assert_false(k->normalised);
    assert_false(k->significant);
    assert_int_equal(c.gate_failures, 0);
    cb_comparison_free(&c);
    /* one repetition a side: Mann-Whitney on the samples, as ever */
    char *b1 = csv_text(1000, 2000, mb, 1, "", "", 0.001);
    char *a1 = csv_text(1000, 2000, ma + 2, 1, "", "", 0.001);
    judge(b1, a1, 3, &c);
    assert_false(c.cases[0].between_runs);
    assert_true(c.cases[0].significant);
    assert_string_equal(cb_case_judged(&c.cases[0]), "samples");
    cb_comparison_free(&c);
    free(b), free(a), free(b1), free(a1);
}

/* ---- the calibration -------------------------------------------------------------- */

static void test_calibrate(void **state)
{
    (void)state;
    char dir[] = "/tmp/cb-calXXXXXX", path[5][64];
    assert_non_null(mkdtemp(dir));
    const char *files[5];
    for (int i = 0; i < 5; i++) {
        double m[3] = {1 + 0.01 * i, 1 - 0.01 * i, 1};
        char *t = csv_text(1000 * (1 + 0.02 * (i % 2)), 2000, m, 3, "", "", 0.002);
        snprintf(path[i], sizeof path[i], "%s/a%d.csv", dir, i);
        FILE *f = fopen(path[i], "wb");
        assert_non_null(f);
        fputs(t, f);
        fclose(f);
        free(t);
        files[i] = path[i];
    }
    cb_compare_opts o = cb_compare_default_opts();
    cb_gate_calibration cal;
    char err[512];
    assert_int_equal(cb_compare_calibrate(files, 5, &o, &cal, err, sizeof err), 0);
    assert_int_equal(cal.pairs, 20);
    assert_int_equal(cal.files, 5);
    assert_true(cal.threshold_pct >= 0 && cal.none_pct >= cal.threshold_pct);
    assert_true(cal.flagged_at_threshold <= 1); /* 5% of 20 */
    assert_string_equal(cal.host, "ci");
    assert_string_equal(cal.design, "runs");
    char line[1024];
    cb_calibration_line(&cal, line, sizeof line);
    char record[2048];
    snprintf(record, sizeof record, "garbage\nhost=ci\tcpu=Example CPU\n%s\n", line);
    cb_gate_calibration back;
    assert_int_equal(cb_calibration_find(record, "ci", "Example CPU", "runs", &back), 0);
    assert_true(fabs(back.threshold_pct - cal.threshold_pct) < 1e-9);
    assert_int_equal(back.pairs, 20);
    assert_int_equal(cb_calibration_find(record, "ci", "Example CPU", "samples", &back), -1);
    assert_int_equal(cb_calibration_find(record, "other", "Example CPU", "runs", &back), -1);
    /* files that agree exactly recommend 0, printed as 0.0 (never -0.0) */
    const char *same[3] = {files[0], files[0], files[0]};
    assert_int_equal(cb_compare_calibrate(same, 3, &o, &cal, err, sizeof err), 0);
    assert_true(cal.threshold_pct == 0 && !signbit(cal.threshold_pct));
    assert_true(cal.none_pct == 0 && !signbit(cal.none_pct));
    cb_calibration_line(&cal, line, sizeof line);
    assert_non_null(strstr(line, "\tthreshold=0.0\tnone=0.0\t"));
    /* one file is not enough */
    assert_int_equal(cb_compare_calibrate(files, 1, &o, &cal, err, sizeof err), -1);
    assert_non_null(strstr(err, "at least 2"));
    for (int i = 0; i < 5; i++)
        unlink(path[i]);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canary_sum),
        cmocka_unit_test(test_canary_names),
        cmocka_unit_test(test_canary_runs),
        cmocka_unit_test(test_canary_class_of),
        cmocka_unit_test(test_trend),
        cmocka_unit_test(test_transient_left_out),
        cmocka_unit_test(test_student),
        cmocka_unit_test(test_runs_interval),
        cmocka_unit_test(test_machine_slower_cancels),
        cmocka_unit_test(test_runs_spread_in_interval),
        cmocka_unit_test(test_calibrate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
