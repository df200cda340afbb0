/*
 * tests/test_audit.c - `cryptobench audit` on two MD5 variants of known speed that
 * the test registers: one three times slower below 16 blocks (1024 bytes), the
 * other three times slower from 16 blocks on, so the true crossover lies between
 * 512 and 1024 bytes; auto is made to pick the first (the highest priority), which
 * is wrong below 1024 bytes.  The audit must place the crossover there, flag the
 * wrong pick (and -fail-if-misdispatch must fail on it, and pass where auto is
 * right), and its tuning file must round-trip (written, read, followed by auto in a
 * speed run) and be refused for another CPU or capability set, and when malformed,
 * naming the line.
 *
 * Robust on a loaded machine: a factor near 3, four sizes, short caps; each size
 * resolves at the first look (16 rounds of 0.5 ms batches), and the CPU clock does
 * not count other processes' time.
 */
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
#include "cli/commands.h"
#include "cli/tune_opts.h"
#include "harness/audit.h"
#include "harness/emu.h"
#include "harness/plan.h"
#include "harness/run.h"
#include "kernels/modes/digest.h"
#include "kernels/registry.h"
#include "kernels/select.h"
#include "kernels/tune.h"
#include "reports/audit/audit.h"

/* ---- the two variants -------------------------------------------------------------- */

/* The size where the two trade places: calls of 16 blocks and more (1024 bytes). */
#define EDGE_BLOCKS 16
/* Each slowed call compresses its blocks this many times over (into scratch). */
#define EXTRA 2

static const cb_digest_ops *md5_generic;
static uint32_t scratch[4];

/* slowed compresses in, then EXTRA more times when slow says so.  The one-block
 * calls of padding are never slowed: they are the same for both and every size. */
static void slowed(void *state, const uint8_t *in, size_t nblocks, int slow)
{
    md5_generic->blocks(state, in, nblocks);
    if (nblocks < 2 || !slow)
        return;
    for (int i = 0; i < EXTRA; i++) {
        memcpy(scratch, state, sizeof scratch);
        md5_generic->blocks(scratch, in, nblocks);
    }
}

static void small_slow_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    slowed(state, in, nblocks, nblocks < EDGE_BLOCKS);
}

static void large_slow_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    slowed(state, in, nblocks, nblocks >= EDGE_BLOCKS);
}

static const cb_digest_ops small_slow_ops = {small_slow_blocks, NULL};
static const cb_digest_ops large_slow_ops = {large_slow_blocks, NULL};
/* auto picks small-slow (the highest priority of md5), wrongly below 1024 bytes */
static const cb_variant small_slow = {"audit-small-slow", "test", CB_PRIM_MD5, 0, 100000,
                                      &small_slow_ops, "3x slower below 1024 bytes"};
static const cb_variant large_slow = {"audit-large-slow", "test", CB_PRIM_MD5, 0, 1,
                                      &large_slow_ops, "3x slower from 1024 bytes"};
#define PAIR "audit-small-slow,audit-large-slow"

static cb_audit *audit;
static const cb_alg *md5;
static char err[512];
static char dir[] = "/tmp/cb-test-audit-XXXXXX";
static char tune_path[64];

/* run_audit audits md5's two variants at the given sizes with cap seconds. */
static cb_audit *run_audit(const size_t *sizes, size_t n, double seconds)
{
    cb_run_opts o;
    cb_run_opts_default(&o);
    o.algs[o.nalgs++] = md5;
    memcpy(o.sizes, sizes, n * sizeof *sizes);
    o.nsizes = n;
    assert_int_equal(cb_selection_parse(&o.variants, PAIR, err, sizeof err), 0);
    cb_audit_setup(&o, seconds);
    cb_audit *a = cb_audit_new();
    cb_sink sink = cb_audit_sink(a);
    cb_run_result res;
    cb_run(&o, &sink, 1, &res);
    assert_int_equal(res.status, CB_EXIT_OK);
    cb_audit_judge(a, cb_caps_effective());
    return a;
}

static int setup(void **state)
{
    (void)state;
    unsetenv("CRYPTOBENCH_CAPS");
    if (cb_caps_init(0, err, sizeof err) != 0)
        return -1;
    md5 = cb_alg_find("md5");
    md5_generic = cb_variant_generic(md5)->ops;
    if (cb_variant_register(&small_slow) || cb_variant_register(&large_slow) ||
        !mkdtemp(dir))
        return -1;
    snprintf(tune_path, sizeof tune_path, "%s/host.tune", dir);
    static const size_t sizes[] = {256, 512, 1024, 2048};
    audit = run_audit(sizes, 4, 2.0);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cb_audit_free(audit);
    unlink(tune_path);
    rmdir(dir);
    return 0;
}

/* ---- what the audit found ---------------------------------------------------------- */

static const cb_audit_row *md5_row(void)
{
    assert_int_equal(audit->n, 1);
    const cb_audit_row *r = &audit->rows[0];
    assert_ptr_equal(r->alg, md5);
    assert_int_equal(r->k, 2);
    assert_int_equal(r->nsizes, 4);
    return r;
}

static void test_fastest_and_crossover(void **state)
{
    (void)state;
    const cb_audit_row *r = md5_row();
    for (size_t k = 0; k < 4; k++) {
        int w = cb_audit_winner(&r->cell[k]);
        assert_true(w >= 0);
        assert_ptr_equal(r->var[w], r->cell[k].bytes < 1024 ? &large_slow : &small_slow);
    }
    /* the one crossover, bracketed by the sizes around the true one (512, 1024] */
    assert_int_equal(audit->ncross, 1);
    const cb_audit_cross *x = &audit->cross[0];
    assert_ptr_equal(r->var[x->from_j], &large_slow);
    assert_ptr_equal(r->var[x->to_j], &small_slow);
    assert_int_equal(x->lo, 512);
    assert_int_equal(x->hi, 1024);
}

static void test_misdispatch_flagged(void **state)
{
    (void)state;
    const cb_audit_row *r = md5_row();
    assert_ptr_equal(r->auto_var, &small_slow);
    /* auto is wrong at 256 and 512 B, where the other is about 2.6-2.8x as fast */
    assert_int_equal(audit->nmiss, 2);
    for (size_t i = 0; i < 2; i++) {
        const cb_audit_miss *m = &audit->miss[i];
        assert_int_equal(r->cell[m->cell].bytes, i ? 512 : 256);
        assert_true(m->lo <= m->est && m->est <= m->hi);
        assert_true(m->lo > 50 && m->hi < 400);
    }
    assert_int_equal(cb_audit_gate(audit, 50), 2);
    assert_int_equal(cb_audit_gate(audit, 500), 0);
}

/* audit_cmd runs the command; -force, so that it runs under qemu-user too (the
 * slowdowns are work, not time, so the ratios hold there). */
static int audit_cmd(const char *bytes, const char *force)
{
    char *argv[] = {"audit", "md5", "-variant", PAIR, "-bytes", (char *)bytes, "-seconds",
                    "0.5", "-fail-if-misdispatch", "50%", (char *)force, NULL};
    return cb_cmd_audit(force ? 11 : 10, argv);
}

static void test_fail_if_misdispatch(void **state)
{
    (void)state;
    assert_int_equal(audit_cmd("256,2048", "-force"), CB_EXIT_FAIL);
    assert_int_equal(audit_cmd("1024,2048", "-force"), CB_EXIT_OK);
    /* without -force: refused under an emulator, run on hardware */
    int emulated = strcmp(cb_emulator(), "qemu-user") == 0;
    assert_int_equal(audit_cmd("2048", NULL), emulated ? CB_EXIT_USAGE : CB_EXIT_OK);
}

/* ---- the decisions on known numbers -------------------------------------------------- */

/* rates for three candidates over n rounds: a base rate with a deterministic wobble
 * shared by the round (drift, which pairing cancels) and a small one of its own. */
static void rates_for(double *r, size_t n, const double factor[3], double own)
{
    for (size_t i = 0; i < n; i++) {
        double drift = 1 + 0.2 * (double)((i * 7919) % 13) / 13;
        for (size_t j = 0; j < 3; j++) {
            double mine = 1 + own * ((double)((i * 31 + j * 17) % 11) / 11 - 0.5);
            r[j * n + i] = 1e6 * factor[j] * drift * mine;
        }
    }
}

static void test_fastest_verdicts(void **state)
{
    (void)state;
    double r[3 * 64];
    cb_fastest f;
    /* candidate 1 fastest, 0 a third as fast, 2 within 0.5%: slower and tied, at the
     * first look */
    rates_for(r, 64, (const double[3]){1.0, 3.0, 2.985}, 0.002);
    assert_int_equal(cb_fastest_judge(r, 3, 64, CB_FASTEST_TIE, &f), 0);
    assert_int_equal(f.best, 1);
    assert_int_equal(f.verdict[0], CB_FASTEST_SLOWER);
    assert_int_equal(f.verdict[2], CB_FASTEST_TIED);
    assert_true(f.resolved && !f.unique);
    assert_int_equal(f.n, 16);
    double est, lo, hi;
    cb_fastest_faster_pct(&f, 0, &est, &lo, &hi);
    assert_true(lo <= est && est <= hi && lo > 190 && hi < 210);
    /* 3% apart with 40% noise of their own: neither slower nor tied after 64 rounds */
    rates_for(r, 64, (const double[3]){1.0, 1.03, 0.5}, 0.4);
    assert_int_equal(cb_fastest_judge(r, 3, 64, CB_FASTEST_TIE, &f), 0);
    assert_false(f.resolved);
    assert_int_equal(f.n, 64);
    assert_int_equal(f.verdict[2], CB_FASTEST_SLOWER);
    /* rounds with a missing rate are left out; none usable is an error */
    memset(r, 0, sizeof r);
    assert_int_equal(cb_fastest_judge(r, 3, 64, CB_FASTEST_TIE, &f), -1);
}

/* The default sweep keeps its promise: multiples of 16, 16 B to 16 KiB, each at
 * most 1.25 times the one before, so a crossover is placed to within 25% (16 B
 * steps below 80 B). */
static void test_default_sizes(void **state)
{
    (void)state;
    size_t s[CB_PLAN_MAX_SIZES];
    size_t n = cb_audit_sizes(s, CB_PLAN_MAX_SIZES);
    assert_int_equal(n, 31);
    assert_int_equal(s[0], 16);
    assert_int_equal(s[n - 1], 16384);
    for (size_t i = 1; i < n; i++) {
        assert_int_equal(s[i] % 16, 0);
        assert_true(s[i] > s[i - 1]);
        assert_true(s[i] <= s[i - 1] + 16 || (double)s[i] <= 1.25 * (double)s[i - 1]);
    }
}

/* ---- the tuning file --------------------------------------------------------------- */

static void write_tune(void)
{
    cb_tune t;
    memset(&t, 0, sizeof t);
    cb_tune_header(&t);
    cb_audit_tune(audit, &t);
    /* two ranges: large-slow from 256 to 1023, small-slow from 1024 to 2048 */
    assert_int_equal(t.n, 2);
    assert_int_equal(t.r[0].from, 256);
    assert_int_equal(t.r[0].to, 1023);
    assert_ptr_equal(t.r[0].var, &large_slow);
    assert_int_equal(t.r[1].from, 1024);
    assert_int_equal(t.r[1].to, 2048);
    assert_ptr_equal(t.r[1].var, &small_slow);
    assert_int_equal(cb_tune_write_file(&t, tune_path, "test"), 0);
    cb_tune_free(&t);
}

/* variants_seen runs speed's auto on md5 at 256 and 2048 bytes and records which
 * variant each size's samples name. */
static char seen[2][64];
static void seen_sample(void *ctx, const cb_sample *s)
{
    (void)ctx;
    snprintf(seen[s->block_bytes == 2048], sizeof seen[0], "%s", s->variant);
}
static int seen_end(void *ctx, cb_sink_end how)
{
    (void)ctx, (void)how;
    return 0;
}

static void test_tune_round_trip(void **state)
{
    (void)state;
    write_tune();
    cb_tune t;
    assert_int_equal(cb_tune_load(&t, tune_path, "test"), 0);
    cb_caps caps = cb_caps_effective();
    assert_ptr_equal(cb_select_auto_at(md5, CB_DIR_DIGEST, caps, 256), &large_slow);
    assert_ptr_equal(cb_select_auto_at(md5, CB_DIR_DIGEST, caps, 1000), &large_slow);
    assert_ptr_equal(cb_select_auto_at(md5, CB_DIR_DIGEST, caps, 1024), &small_slow);
    /* outside the file's sizes auto is as ever */
    assert_ptr_equal(cb_select_auto_at(md5, CB_DIR_DIGEST, caps, 8192), &small_slow);

    cb_run_opts o;
    cb_run_opts_default(&o);
    o.algs[o.nalgs++] = md5;
    o.sizes[0] = 256, o.sizes[1] = 2048, o.nsizes = 2;
    o.bench.seconds = 0.02;
    o.bench.samples = 2;
    memset(seen, 0, sizeof seen);
    cb_sink sink = {NULL, NULL, NULL, seen_sample, NULL, seen_end};
    cb_run_result res;
    cb_run(&o, &sink, 1, &res);
    assert_int_equal(res.status, CB_EXIT_OK);
    assert_string_equal(seen[0], "audit-large-slow");
    assert_string_equal(seen[1], "audit-small-slow");
    cb_select_tune(NULL);
    cb_tune_free(&t);
}

/* edited copies tune_path to path with line `line` (1-based) replaced by text. */
static void edited(const char *path, unsigned line, const char *text)
{
    FILE *in = fopen(tune_path, "r"), *out = fopen(path, "w");
    assert_non_null(in);
    assert_non_null(out);
    char buf[1024];
    for (unsigned n = 1; fgets(buf, sizeof buf, in); n++)
        fputs(n == line ? text : buf, out);
    fclose(in);
    fclose(out);
}

static void test_tune_refused_elsewhere(void **state)
{
    (void)state;
    write_tune();
    char path[80];
    cb_tune t;
    snprintf(path, sizeof path, "%s/other.tune", dir);
    edited(path, 2, "cpu: Some Other CPU 9000\n");
    assert_int_equal(cb_tune_load(&t, path, "test"), -1);
    edited(path, 3, "caps: none\n");
    assert_int_equal(cb_tune_load(&t, path, "test"), cb_caps_detected() ? -1 : 0);
    edited(path, 4, "build: revision 0000000, config linux-other\n");
    assert_int_equal(cb_tune_load(&t, path, "test"), -1);
    unlink(path);
    assert_null(cb_select_tuned());
    /* the file as written, under a mask that takes every capability away */
    if (cb_caps_detected()) {
        setenv("CRYPTOBENCH_CAPS", "none", 1);
        assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
        assert_int_equal(cb_tune_load(&t, tune_path, "test"), -1);
        unsetenv("CRYPTOBENCH_CAPS");
        assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
    }
    assert_int_equal(cb_tune_load(&t, tune_path, "test"), 0);
    cb_select_tune(NULL);
    cb_tune_free(&t);
}

static void test_tune_malformed(void **state)
{
    (void)state;
    static const char head[] = CB_TUNE_MAGIC "\ncpu: x\ncaps: y\nbuild: z\n";
    static const struct {
        const char *body, *says;
    } bad[] = {
        {"md5 digest 16 32\n", "line 5: 'md5 digest 16 32' is not"},
        {"nosuch digest 16 32 generic\n", "line 5: 'nosuch digest 16 32 generic' names no "
                                          "algorithm"},
        {"md5 encrypt 16 32 generic\n", "line 5: 'md5 encrypt 16 32 generic' names a direction"},
        {"md5 digest 64 32 generic\n", "line 5: 'md5 digest 64 32 generic' needs FIRST"},
        {"md5 digest 16 3x generic\n", "line 5: 'md5 digest 16 3x generic' needs FIRST"},
        {"md5 digest 16 32 nosuch\n", "line 5: 'md5 digest 16 32 nosuch' names a variant"},
        {"md5 digest 16 32 generic\nmd5 digest 32 64 generic\n", "line 6: 'md5 digest 32 64 "
                                                                 "generic' overlaps line 5"},
        {"cpu: again\n", "line 5: 'cpu' is given twice"},
        {"md5 digest 16 32 generic\ncaps: late\n", "line 6: 'caps' comes after the ranges"},
    };
    cb_tune t;
    char text[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "%s%s", head, bad[i].body);
        assert_int_equal(cb_tune_parse(&t, text, strlen(text), err, sizeof err), -1);
        if (!strstr(err, bad[i].says))
            fail_msg("case %zu: '%s' does not say '%s'", i, err, bad[i].says);
    }
    static const char *const heads[][2] = {
        {"", "the file is empty"},
        {"cryptobench-tune 2\n", "line 1: 'cryptobench-tune 2' is not"},
        {CB_TUNE_MAGIC "\nmd5 digest 16 32 generic\n", "line 2: a range before the header"},
        {CB_TUNE_MAGIC "\ncpu: x\ncaps: y\n", "ends before its header"},
    };
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        assert_int_equal(cb_tune_parse(&t, heads[i][0], strlen(heads[i][0]), err, sizeof err),
                         -1);
        if (!strstr(err, heads[i][1]))
            fail_msg("header case %zu: '%s' does not say '%s'", i, err, heads[i][1]);
    }
    snprintf(text, sizeof text, "%s# a comment\n\nmd5 digest 16 32 generic\n", head);
    assert_int_equal(cb_tune_parse(&t, text, strlen(text), err, sizeof err), 0);
    assert_int_equal(t.n, 1);
    cb_tune_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fastest_and_crossover),
        cmocka_unit_test(test_misdispatch_flagged),
        cmocka_unit_test(test_fail_if_misdispatch),
        cmocka_unit_test(test_fastest_verdicts),
        cmocka_unit_test(test_default_sizes),
        cmocka_unit_test(test_tune_round_trip),
        cmocka_unit_test(test_tune_refused_elsewhere),
        cmocka_unit_test(test_tune_malformed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
