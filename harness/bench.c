/*
 * harness/bench.c - the sampling loop.
 */
#include "harness/bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/guard.h"

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
    cfg->max_case_seconds = 0.6;
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

/* timed runs one guarded batch; returns its duration, or -1 when it faulted. */
static double timed(const cb_bench_cfg *cfg, batch *b, int *fault)
{
    double t0 = cb_clock_now(cfg->clock);
    int sig = cb_guard_run(run_batch, b);
    double t1 = cb_clock_now(cfg->clock);
    if (sig) {
        *fault = sig;
        return -1;
    }
    return t1 - t0;
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

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double cb_median(const double *v, size_t n)
{
    if (n == 0)
        return 0;
    double *s = malloc(n * sizeof *s);
    if (!s)
        return 0;
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    double m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    free(s);
    return m;
}

void cb_median_ci(const double *v, size_t n, double *lo, double *hi)
{
    *lo = *hi = 0;
    if (n == 0)
        return;
    double *s = malloc(n * sizeof *s);
    if (!s)
        return;
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    /* Largest k with P(Binomial(n, 1/2) <= k - 1) <= 0.025: then the k-th smallest
     * and k-th largest values bound the median with at least 95% confidence. */
    size_t k = 0;
    double p = pow(0.5, (double)n), cdf = 0, term = p;
    for (size_t i = 0; i < n; i++) {
        cdf += term;
        if (cdf > 0.025)
            break;
        k = i + 1;
        term = term * (double)(n - i) / (double)(i + 1);
    }
    if (k == 0)
        k = 1; /* too few samples for 95%: the range is the honest interval */
    *lo = s[k - 1];
    *hi = s[n - k];
    free(s);
}

static void summarise(cb_bench_result *r)
{
    double rates[CB_BENCH_MAX_SAMPLES];
    for (unsigned i = 0; i < r->n; i++)
        rates[i] = r->seconds[i] > 0 ? (double)r->iterations[i] / r->seconds[i] : 0;
    r->median_rate = cb_median(rates, r->n);
    cb_median_ci(rates, r->n, &r->ci_lo, &r->ci_hi);
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

int cb_bench_case(const cb_bench_cfg *cfg, cb_inst *x, const uint8_t *in, uint8_t *out,
                  size_t len, cb_bench_result *r, volatile sig_atomic_t *stop)
{
    memset(r, 0, sizeof *r);
    batch b = {x, in, out, len, 1};
    int fixed = cfg->seconds > 0;
    unsigned want = fixed ? (cfg->samples ? cfg->samples : 1) : CB_BENCH_MAX_SAMPLES;
    if (want > CB_BENCH_MAX_SAMPLES)
        want = CB_BENCH_MAX_SAMPLES;
    double target = fixed ? cfg->seconds / want : PRECISION_BATCH_SECONDS;

    if (calibrate(cfg, &b, target, &r->fault) != 0)
        return -1;
    /* Warm-up: one discarded batch at the calibrated size settles caches, branch
     * predictors and the frequency governor before anything counts. */
    if (timed(cfg, &b, &r->fault) < 0)
        return -1;

    double spent = 0;
    while (r->n < want) {
        if (*stop) {
            r->interrupted = 1;
            break;
        }
        double t = timed(cfg, &b, &r->fault);
        if (t < 0)
            return -1;
        r->iterations[r->n] = b.n;
        r->seconds[r->n] = t;
        r->n++;
        spent += t;
        if (!fixed && precise_enough(cfg, r))
            break;
        if (!fixed && spent >= cfg->max_case_seconds) {
            r->noisy = !precise_enough(cfg, r);
            break;
        }
    }
    summarise(r);
    return 0;
}
