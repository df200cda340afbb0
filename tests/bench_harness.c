/*
 * tests/bench_harness.c - measures the harness itself (`make bench`, not a test).
 *
 * The harness must not be what is measured.  For each kernel this times the same
 * operation two ways, alternately, several rounds: a bare loop calling the
 * message-level API directly (what a hand-written benchmark would do), and
 * cb_bench_case through cb_inst (what `speed` does).  The overhead is the relative
 * difference of the best rates; a null kernel (a SHA-256 compression that does
 * nothing) shows the per-operation cost in nanoseconds of everything but the kernel.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/bench.h"
#include "base/common.h"
#include "harness/timer.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "reports/compare.h"
#include "reports/csv.h"

#define ROUNDS 7
#define LEN 16

static void null_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    (void)state, (void)in, (void)nblocks;
}
static const cb_digest_ops null_ops = {null_blocks, NULL};
static const cb_variant null_variant = {"null", "bench", CB_PRIM_SHA256, 0, 0, &null_ops,
                                        "does nothing: measures everything else"};

/* A bare loop, as a hand-written benchmark would call the kernel. */
typedef struct bare {
    const cb_alg *alg;
    const cb_variant *var;
    cb_cipher c;
} bare;

static double bare_rate(bare *b, const uint8_t *in, uint8_t *out, double seconds)
{
    uint8_t d[CB_DIGEST_MAX];
    uint64_t n = 0, step = 1000;
    double t0 = cb_clock_now(CB_CLOCK_CPU), t;
    do {
        if (b->alg->kind == CB_KIND_DIGEST)
            for (uint64_t i = 0; i < step; i++)
                cb_digest(b->alg, b->var, in, LEN, d);
        else
            for (uint64_t i = 0; i < step; i++)
                cb_cipher_update(&b->c, in, out, LEN);
        n += step;
        t = cb_clock_now(CB_CLOCK_CPU) - t0;
    } while (t < seconds);
    return (double)n / t;
}

static double harness_rate(cb_inst *x, const uint8_t *in, uint8_t *out, double seconds)
{
    static volatile sig_atomic_t never;
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    cfg.seconds = seconds;
    cfg.samples = 5;
    cb_bench_result *r = cb_xmalloc(sizeof *r);
    cb_bench_case(&cfg, x, in, out, LEN, r, &never);
    double rate = r->median_rate;
    free(r);
    return rate;
}

static void measure(const char *alg_name, const cb_variant *v)
{
    const cb_alg *a = cb_alg_find(alg_name);
    if (!v)
        v = cb_variant_generic(a);
    cb_dir dir = a->kind == CB_KIND_DIGEST ? CB_DIR_DIGEST : CB_DIR_ENCRYPT;
    char err[256];
    cb_inst *x = cb_inst_new(a, v, dir, 0, err, sizeof err);
    if (!x) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    uint8_t *in = cb_aligned_alloc(64, 64), *out = cb_aligned_alloc(64, 64);
    bare b = {a, v, {0}};
    static const uint8_t key[32], iv[16];
    if (a->kind == CB_KIND_CIPHER)
        cb_cipher_init(&b.c, a, v, dir, key, iv);
    double best_bare = 0, best_h = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double rb = bare_rate(&b, in, out, 0.2), rh = harness_rate(x, in, out, 0.2);
        best_bare = rb > best_bare ? rb : best_bare;
        best_h = rh > best_h ? rh : best_h;
    }
    double ns_bare = 1e9 / best_bare, ns_h = 1e9 / best_h;
    printf("%-12s %-8s %10.2f %10.2f %+9.2f%% %+8.2f\n", a->name, v->name, ns_bare, ns_h,
           100.0 * (ns_h - ns_bare) / ns_bare, ns_h - ns_bare);
    if (a->kind == CB_KIND_CIPHER)
        cb_cipher_free(&b.c);
    cb_inst_free(x);
    free(in);
    free(out);
}

/* ---- the gate's false alarms and its sensitivity ---------------------------------

A slowed kernel: the generic SHA-256 compression plus, on average, one extra
compression for every 20 (kept exact by carrying the remainder), so 5% more work. */
static size_t slow_carry;
static uint32_t slow_scratch[8];

static void slow_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    const cb_digest_ops *g = cb_variant_generic(cb_alg_find("sha256"))->ops;
    g->blocks(state, in, nblocks);
    slow_carry += nblocks;
    size_t extra = slow_carry / 20;
    slow_carry %= 20;
    for (size_t i = 0; i < extra; i++)
        g->blocks(slow_scratch, in, 1);
}
static const cb_digest_ops slow_ops = {slow_blocks, NULL};
static const cb_variant slow_variant = {"slow5", "bench", CB_PRIM_SHA256, 0, 0, &slow_ops,
                                        "generic plus 5% more compression work"};

#define GATE_PAIRS 10
#define GATE_LEN 1024
#define SIDE_SAMPLES 20

/* side_rows turns one side's results into compare rows of variant name. */
static void side_rows(cb_csv_set *set, const cb_run_info *run, const char *variant,
                      const cb_bench_result *r)
{
    for (unsigned i = 0; i < r->n; i++) {
        cb_csv_row row;
        memset(&row, 0, sizeof row);
        row.run = run;
        row.s = (cb_sample){cb_csv_intern(set, "sha256", 6),
                            cb_csv_intern(set, variant, strlen(variant)),
                            cb_csv_intern(set, "digest", 6), 0, GATE_LEN, 0, 0, i,
                            r->iterations[i], r->seconds[i], -1, "", "ok", 0, 0, 0, 0, 1, 0, "", "",
                            {0}};
        row.ops_per_sec = (double)r->iterations[i] / r->seconds[i];
        row.bytes_per_sec = row.ops_per_sec * GATE_LEN;
        row.has_counts = 1;
        cb_csv_add(set, &row);
    }
}

/* flagged reports whether compare -fail-if-slower pct% fails on a before/after. */
static int flagged(const cb_bench_result *a, const cb_bench_result *b, double pct)
{
    cb_csv_set *set = cb_csv_set_new();
    static const cb_run_info run = {"", "", "", "", "", "", "", "", "", "", "", "", "none",
                                     "", ""};
    const cb_run_info *r = cb_csv_intern_run(set, &run);
    side_rows(set, r, "A", a);
    side_rows(set, r, "B", b);
    size_t n = cb_csv_set_count(set), nb = 0, na = 0;
    const cb_csv_row **before = cb_xmalloc(n * sizeof *before);
    const cb_csv_row **after = cb_xmalloc(n * sizeof *after);
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *row = cb_csv_set_row(set, i);
        if (row->s.variant[0] == 'A')
            before[nb++] = row;
        else
            after[na++] = row;
    }
    cb_comparison c;
    memset(&c, 0, sizeof c);
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = 1;
    o.threshold_pct = pct;
    char err[512];
    int fail = 0;
    if (cb_compare_rows(&c, before, nb, after, na, &o, NULL, err, sizeof err) == 0)
        fail = c.gate_failures > 0;
    else
        fprintf(stderr, "bench: %s\n", err);
    cb_comparison_free(&c);
    free(before);
    free(after);
    cb_csv_set_free(set);
    return fail;
}

/* gate_trials times GATE_PAIRS before/after pairs of sha256 at GATE_LEN bytes, either
 * interleaved (ABAB) or back to back (all of A, then all of B), and counts how many
 * the gate flags at each threshold. */
static void gate_trials(const char *what, const cb_variant *vb, int interleave,
                        const double *pcts, size_t npct)
{
    static volatile sig_atomic_t never;
    const cb_alg *a = cb_alg_find("sha256");
    char err[256];
    cb_inst *xa = cb_inst_new(a, cb_variant_generic(a), CB_DIR_DIGEST, 0, err, sizeof err);
    cb_inst *xb = cb_inst_new(a, vb, CB_DIR_DIGEST, 0, err, sizeof err);
    uint8_t *ia = cb_aligned_alloc(64, GATE_LEN), *ib = cb_aligned_alloc(64, GATE_LEN);
    uint8_t *oa = cb_aligned_alloc(64, 64), *ob = cb_aligned_alloc(64, 64);
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    cfg.seconds = 0.025 * SIDE_SAMPLES;
    cfg.samples = SIDE_SAMPLES;
    unsigned counts[4] = {0, 0, 0, 0};
    cb_bench_result *r = cb_xcalloc(2, sizeof *r);
    for (int p = 0; p < GATE_PAIRS; p++) {
        if (interleave) {
            cb_inst *xs[2] = {xa, xb};
            const uint8_t *in[2] = {ia, ib};
            uint8_t *out[2] = {oa, ob};
            cb_bench_interleaved(&cfg, xs, in, out, 2, GATE_LEN, r, &never);
        } else {
            cb_bench_case(&cfg, xa, ia, oa, GATE_LEN, &r[0], &never);
            cb_bench_case(&cfg, xb, ib, ob, GATE_LEN, &r[1], &never);
        }
        for (size_t k = 0; k < npct && k < 4; k++)
            counts[k] += (unsigned)flagged(&r[0], &r[1], pcts[k]);
    }
    for (size_t k = 0; k < npct && k < 4; k++)
        printf("%-44s -fail-if-slower %g%%: flagged %u of %d\n", what, pcts[k], counts[k],
               GATE_PAIRS);
    free(r);
    free(ia), free(ib), free(oa), free(ob);
    cb_inst_free(xa);
    cb_inst_free(xb);
}

/* default_sweep_seconds times what `speed -evp NAME` does by default for one
 * algorithm: six sizes, precision-driven. */
static double default_sweep_seconds(const char *name)
{
    static volatile sig_atomic_t never;
    static const size_t sizes[] = {16, 64, 256, 1024, 8192, 16384};
    const cb_alg *a = cb_alg_find(name);
    cb_dir d = a->kind == CB_KIND_DIGEST ? CB_DIR_DIGEST : CB_DIR_ENCRYPT;
    char err[256];
    cb_inst *x = cb_inst_new(a, cb_variant_auto(a, d, cb_caps_effective()), d, 0, err,
                             sizeof err);
    uint8_t *in = cb_aligned_alloc(64, 16384), *out = cb_aligned_alloc(64, 16384);
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    cb_bench_result *r = cb_xmalloc(sizeof *r);
    double t0 = cb_clock_now(CB_CLOCK_WALL);
    for (size_t i = 0; i < 6; i++) {
        cb_inst_prepare(x, in, sizes[i], err, sizeof err);
        cb_bench_case(&cfg, x, in, out, sizes[i], r, &never);
    }
    double t = cb_clock_now(CB_CLOCK_WALL) - t0;
    free(r), free(in), free(out);
    cb_inst_free(x);
    return t;
}

int main(void)
{
    cb_variant_register(&null_variant);
    printf("harness overhead at %d-byte blocks, best of %d alternating rounds\n", LEN, ROUNDS);
    printf("%-12s %-8s %10s %10s %10s %8s\n", "algorithm", "variant", "bare ns/op",
           "speed ns/op", "overhead", "ns/op");
    measure("sha256", &null_variant);
    measure("sha256", NULL);
    measure("aes-128-ctr", NULL);
    measure("md5", NULL);

    printf("\nthe gate on sha256 at %d bytes, %d pairs of %d samples a side\n", GATE_LEN,
           GATE_PAIRS, SIDE_SAMPLES);
    static const double p3[] = {3}, p35[] = {3, 5};
    gate_trials("A/A, interleaved (ABAB)", cb_variant_generic(cb_alg_find("sha256")), 1, p3, 1);
    gate_trials("A/A, back to back", cb_variant_generic(cb_alg_find("sha256")), 0, p35, 2);
    cb_variant_register(&slow_variant);
    gate_trials("A vs A slowed 5%, interleaved (ABAB)", &slow_variant, 1, p3, 1);

    printf("\ndefault sweep (6 sizes, precision-driven): aes-256-gcm %.2fs, sha256 %.2fs\n",
           default_sweep_seconds("aes-256-gcm"), default_sweep_seconds("sha256"));
    return 0;
}
