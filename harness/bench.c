/*
 * harness/bench.c - the sampling loop.
 */
#include "harness/bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/guard.h"
#include "base/stats.h"

/* Batch length in precision mode: long enough that clock resolution and the cost of
 * reading it vanish (both well under a microsecond), short enough that a few dozen
 * samples fit in a second. */
#define PRECISION_BATCH_SECONDS 0.05

void cb_bench_default_cfg(cb_bench_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->clock = CB_CLOCK_CPU;
    cfg->seconds = 0;
    cfg->samples = 5;
    cfg->precision = 0.01;
    cfg->max_case_seconds = 0.5;
    cfg->min_samples = 6;
}

typedef struct batch {
    cb_inst *x;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    uint64_t n;
} batch;

static void run_batch(void *arg)
{
    batch *b = arg;
    cb_inst_run(b->x, b->in, b->out, b->len, b->n);
}

/* timed runs one guarded batch; returns its duration, or -1 when it faulted.
 * *cycles (if not NULL) gets the counter's difference, or -1 without a counter. */
static double timed_counted(const cb_bench_cfg *cfg, batch *b, int *fault, double *cycles)
{
    int counting = cfg->cycles && cfg->cycles->source[0];
    uint64_t c0 = counting ? cb_cycles_read(cfg->cycles) : 0;
    double t0 = cb_clock_now(cfg->clock);
    int sig = cb_guard_run(run_batch, b);
    double t1 = cb_clock_now(cfg->clock);
    uint64_t c1 = counting ? cb_cycles_read(cfg->cycles) : 0;
    if (sig) {
        *fault = sig;
        return -1;
    }
    if (cycles)
        *cycles = counting ? (double)(c1 - c0) : -1;
    return t1 - t0;
}

static double timed(const cb_bench_cfg *cfg, batch *b, int *fault)
{
    return timed_counted(cfg, b, fault, NULL);
}

/* calibrate grows n until one batch lasts about target seconds. */
static int calibrate(const cb_bench_cfg *cfg, batch *b, double target, int *fault)
{
    b->n = 1;
    for (;;) {
        double t = timed(cfg, b, fault);
        if (t < 0)
            return -1;
        if (t >= target / 16 || b->n >= (UINT64_C(1) << 40)) {
            double scale = t > 0 ? target / t : 16;
            double n = (double)b->n * scale;
            b->n = n < 1 ? 1 : (uint64_t)n;
            return 0;
        }
        b->n *= t > 0 && target / t < 8 ? 2 : 8;
    }
}

static void summarise(cb_bench_result *r)
{
    double rates[CB_BENCH_MAX_SAMPLES];
    for (unsigned i = 0; i < r->n; i++)
        rates[i] = r->seconds[i] > 0 ? (double)r->iterations[i] / r->seconds[i] : 0;
    cb_median_ci(rates, r->n, &r->ci_lo, &r->ci_hi);
    r->median_rate = cb_median(rates, r->n); /* sorts rates: after the interval */
}

static int precise_enough(const cb_bench_cfg *cfg, cb_bench_result *r)
{
    if (r->n < cfg->min_samples)
        return 0;
    summarise(r);
    if (r->median_rate <= 0)
        return 0;
    return (r->ci_hi - r->ci_lo) / 2 <= cfg->precision * r->median_rate;
}

int cb_bench_interleaved(const cb_bench_cfg *cfg, cb_inst *const *xs,
                         const uint8_t *const *in, uint8_t *const *out, size_t k, size_t len,
                         cb_bench_result *rs, volatile sig_atomic_t *stop)
{
    batch b[CB_BENCH_MAX_INTERLEAVE];
    int fixed = cfg->seconds > 0 || cfg->iterations > 0;
    unsigned want = fixed ? (cfg->samples ? cfg->samples : 1) : CB_BENCH_MAX_SAMPLES;
    if (want > CB_BENCH_MAX_SAMPLES)
        want = CB_BENCH_MAX_SAMPLES;
    double target = fixed ? cfg->seconds / want : PRECISION_BATCH_SECONDS;
    if (k > CB_BENCH_MAX_INTERLEAVE)
        k = CB_BENCH_MAX_INTERLEAVE;

    for (size_t j = 0; j < k; j++) {
        memset(&rs[j], 0, sizeof rs[j]);
        b[j] = (batch){xs[j], in[j], out[j], len, cfg->iterations ? cfg->iterations : 1};
        /* Warm-up: after calibration, one discarded batch at the calibrated size
         * settles caches, branch predictors and the frequency governor. */
        if ((!cfg->iterations && calibrate(cfg, &b[j], target, &rs[j].fault) != 0) ||
            timed(cfg, &b[j], &rs[j].fault) < 0)
            return -1;
    }
    /* Samples rotate through the instances (ABAB...), so drift of the machine during
     * the case (frequency, other load) falls on all of them alike. */
    double spent = 0;
    int done = 0;
    while (!done) {
        if (*stop) {
            for (size_t j = 0; j < k; j++)
                rs[j].interrupted = 1;
            break;
        }
        done = 1;
        for (size_t j = 0; j < k; j++) {
            cb_bench_result *r = &rs[j];
            double t = timed_counted(cfg, &b[j], &r->fault, &r->cycles[r->n]);
            if (t < 0)
                return -1;
            r->iterations[r->n] = b[j].n;
            r->seconds[r->n] = t;
            r->n++;
            spent += t;
            if (r->n < want && (fixed || !precise_enough(cfg, r)))
                done = 0;
        }
        if (!fixed && spent >= cfg->max_case_seconds * (double)k) {
            for (size_t j = 0; j < k; j++)
                rs[j].noisy = !precise_enough(cfg, &rs[j]);
            break;
        }
    }
    for (size_t j = 0; j < k; j++)
        summarise(&rs[j]);
    return 0;
}

int cb_bench_case(const cb_bench_cfg *cfg, cb_inst *x, const uint8_t *in, uint8_t *out,
                  size_t len, cb_bench_result *r, volatile sig_atomic_t *stop)
{
    return cb_bench_interleaved(cfg, &x, &in, &out, 1, len, r, stop);
}
