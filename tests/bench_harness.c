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
#include "base/paired.h"
#include "base/common.h"
#include "harness/timer.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "tests/bench_slow.h"

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

/* ---- the gate's false alarms and its sensitivity --------------------------------- */

#define GATE_TRIALS 20
#define GATE_LEN 1024

/* gate_trials runs GATE_TRIALS gated comparisons of generic sha256 (A) against vb
 * (B) at GATE_LEN bytes, as `speed -variant A,B -compare -fail-if-slower PCT%` samples
 * them (randomized pairs of short batches, stopped by the sequential rule), and
 * prints how many the gate called a regression. */
static void gate_trials(const char *name, const cb_variant *vb, double pct)
{
    static volatile sig_atomic_t never;
    const cb_alg *a = cb_alg_find("sha256");
    char err[256];
    cb_inst *xs[2] = {cb_inst_new(a, cb_variant_generic(a), CB_DIR_DIGEST, 0, err, sizeof err),
                      cb_inst_new(a, vb, CB_DIR_DIGEST, 0, err, sizeof err)};
    const uint8_t *in[2] = {cb_aligned_alloc(64, GATE_LEN), cb_aligned_alloc(64, GATE_LEN)};
    uint8_t *out[2] = {cb_aligned_alloc(64, 64), cb_aligned_alloc(64, 64)};
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    cfg.gate_pct = pct;
    cb_bench_result *r = cb_xcalloc(2, sizeof *r);
    unsigned flagged = 0, undecided = 0;
    double t0 = cb_clock_now(CB_CLOCK_WALL);
    for (int t = 0; t < GATE_TRIALS; t++) {
        cb_bench_interleaved(&cfg, xs, in, out, 2, GATE_LEN, r, &never);
        flagged += r[0].gate == CB_GATE_REGRESSION;
        undecided += r[0].gate == CB_GATE_UNDECIDED;
        fprintf(stderr, "bench: %s trial %d: %s after %u pairs\n", name, t + 1,
                cb_gate_decision_name((cb_gate_decision)r[0].gate), r[0].n);
    }
    double per = (cb_clock_now(CB_CLOCK_WALL) - t0) / GATE_TRIALS;
    printf("gate-trial name=%s threshold=%g flagged=%u trials=%d seconds_per_trial=%.2f\n",
           name, pct, flagged, GATE_TRIALS, per);
    if (undecided)
        printf("(%s: %u of %d trials undecided at the %g s cap)\n", name, undecided,
               GATE_TRIALS, cfg.gate_max_seconds);
    free(r);
    for (int j = 0; j < 2; j++) {
        free((void *)in[j]);
        free(out[j]);
        cb_inst_free(xs[j]);
    }
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

    printf("\nthe gate on sha256 at %d bytes: generic against itself (aa) and against "
           "generic slowed by exactly 1%% (slow1), %d trials each\n", GATE_LEN, GATE_TRIALS);
    gate_trials("aa", cb_variant_generic(cb_alg_find("sha256")), 0.5);
    gate_trials("slow1", bench_slow_register("slow1", 100), 0.5);
    printf("\ndefault sweep (6 sizes, precision-driven): aes-256-gcm %.2fs, sha256 %.2fs\n",
           default_sweep_seconds("aes-256-gcm"), default_sweep_seconds("sha256"));
    return 0;
}
