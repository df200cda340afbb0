/*
 * harness/bench.c - the sampling loop.
 */
#include "harness/bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/guard.h"
#include "base/common.h"
#include "base/fastest.h"
#include "base/paired.h"
#include "base/stats.h"


/* Batch length of a gated pair: as short as the clock allows (its cost, a system
 * call for the CPU clock, stays below 1% and is alike in both batches).  On a shared
 * machine a batch is either left alone or slowed by a neighbour (a sibling
 * hyperthread, a preemption's cold caches); the shorter the batch, the more pairs are
 * left alone entirely and agree to a few hundredths of a percent, and the rank
 * statistics ignore the rest.  Measured on a 2-core VM under a load of 7: per 3 s,
 * 0.25 ms batches gave an interval of +-0.02..0.16%, 0.5 ms +-0.5..0.8% and 2 ms
 * +-0.8..1.2% (docs/compare.md). */
#define GATE_BATCH_SECONDS 0.00025

void cb_bench_default_cfg(cb_bench_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->clock = CB_CLOCK_CPU;
    cfg->seconds = 0;
    cfg->samples = 5;
    cfg->precision = 0.01;
    cfg->max_case_seconds = 0.5;
    cfg->min_samples = 6;
    cfg->gate_max_seconds = 10;
    cfg->op_timeout = CB_BENCH_DEFAULT_OP_TIMEOUT;
    cfg->canary = CB_CANARY_NONE;
    cfg->steady = 1;
}

/* A stop signal must end a run within a second whatever the batch length (a
 * -seconds 10 -samples 1 batch, -iterations in the billions), so a batch is run in
 * chunks of about CHUNK_SECONDS and the stop flag is looked at between them: one
 * extra call per chunk, far below the clock's resolution. */
#define CHUNK_SECONDS 0.02

typedef struct batch {
    cb_inst *x;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    uint64_t n;
    uint64_t chunk;                /* operations between looks at *stop (>= 1) */
    volatile sig_atomic_t *stop;
    int stopped;                   /* the last batch ended early on *stop */
    double per_op;                 /* wall seconds per operation in the last batch (0:
                                    * none yet), for the time-out */
} batch;

static void run_batch(void *arg)
{
    batch *b = arg;
    b->stopped = 0;
    for (uint64_t left = b->n; left > 0;) {
        uint64_t c = left < b->chunk ? left : b->chunk;
        cb_inst_run(b->x, b->in, b->out, b->len, c);
        left -= c;
        if (left > 0 && b->stop && *b->stop) {
            b->stopped = 1;
            return;
        }
    }
}

/* set_chunk sizes the chunks from a batch of n operations that took t seconds. */
static void set_chunk(batch *b, uint64_t n, double t)
{
    double per_op = t > 0 ? t / (double)n : 0;
    double c = per_op > 0 ? CHUNK_SECONDS / per_op : (double)n;
    b->chunk = c < 1 ? 1 : c > (double)(UINT64_C(1) << 40) ? (UINT64_C(1) << 40) : (uint64_t)c;
}

/* timed runs one guarded batch and returns its duration: TIMED_FAULT when it
 * faulted (*fault gets the signal), TIMED_STOPPED when *stop ended it early.
 * *cycles (if not NULL) gets the counter's difference, or -1 without a counter. */
#define TIMED_FAULT (-1.0)
#define TIMED_STOPPED (-2.0)

/* last_limit: the time-out of the batch that faulted last (for a hang's message). */
static double last_limit;

/* time_out: how long batch b may take before it is abandoned as hung (0: for
 * ever), predicted from the batch before it. */
static double time_out(const cb_bench_cfg *cfg, const batch *b)
{
    if (cfg->op_timeout <= 0)
        return 0;
    double predicted = CB_BENCH_TIMEOUT_FACTOR * b->per_op * (double)b->n;
    return predicted > cfg->op_timeout ? predicted : cfg->op_timeout;
}

static double timed_counted(const cb_bench_cfg *cfg, batch *b, int *fault, double *cycles)
{
    int counting = cfg->cycles && cfg->cycles->source[0];
    double limit = time_out(cfg, b);
    uint64_t c0 = counting ? cb_cycles_read(cfg->cycles) : 0;
    double t0 = cb_clock_now(cfg->clock), w0 = cb_clock_now(CB_CLOCK_WALL);
    int sig = cb_guard_run_for(run_batch, b, limit);
    double t1 = cb_clock_now(cfg->clock), w1 = cb_clock_now(CB_CLOCK_WALL);
    uint64_t c1 = counting ? cb_cycles_read(cfg->cycles) : 0;
    if (sig == CB_GUARD_STOPPED)
        return TIMED_STOPPED;
    if (sig) {
        *fault = sig;
        last_limit = limit;
        return TIMED_FAULT;
    }
    /* The time-out follows the wall clock, whatever clock the samples use, and the
     * last batch (the largest so far, its fixed costs the smallest share). */
    if (b->n && w1 > w0)
        b->per_op = (w1 - w0) / (double)b->n;
    if (b->stopped)
        return TIMED_STOPPED;
    if (cycles)
        *cycles = counting ? (double)(c1 - c0) : -1;
    return t1 - t0;
}

static double timed(const cb_bench_cfg *cfg, batch *b, int *fault)
{
    return timed_counted(cfg, b, fault, NULL);
}

/* first_chunk sizes the chunks of a fixed -iterations batch from one operation,
 * timed on the wall clock (the CPU clock's resolution can be coarse). */
static double first_chunk(const cb_bench_cfg *cfg, batch *b, int *fault)
{
    uint64_t n = b->n;
    cb_bench_cfg wall = *cfg;
    wall.clock = CB_CLOCK_WALL;
    wall.cycles = NULL;
    b->n = b->chunk = 1;
    double t = timed(&wall, b, fault);
    b->n = n;
    if (t >= 0)
        set_chunk(b, 1, t);
    return t;
}

/* calibrate grows n until one batch lasts about target seconds; returns a
 * duration (>= 0) or TIMED_FAULT / TIMED_STOPPED. */
static double calibrate(const cb_bench_cfg *cfg, batch *b, double target, int *fault)
{
    b->n = b->chunk = 1;
    for (;;) {
        double t = timed(cfg, b, fault);
        if (t < 0)
            return t;
        set_chunk(b, b->n, t);
        if (t >= target / 16 || b->n >= (UINT64_C(1) << 40)) {
            double scale = t > 0 ? target / t : 16;
            double n = (double)b->n * scale;
            b->n = n < 1 ? 1 : (uint64_t)n;
            return t;
        }
        b->n *= t > 0 && target / t < 8 ? 2 : 8;
        if (b->stop && *b->stop)
            return TIMED_STOPPED;
    }
}

/* summarise: the median and interval of the samples that are not transient. */
static void summarise(cb_bench_result *r)
{
    double rates[CB_BENCH_MAX_SAMPLES];
    size_t m = 0;
    for (unsigned i = 0; i < r->n; i++)
        if (!r->transient[i])
            rates[m++] = r->seconds[i] > 0 ? (double)r->iterations[i] / r->seconds[i] : 0;
    cb_median_ci(rates, m, &r->ci_lo, &r->ci_hi);
    r->median_rate = cb_median(rates, m); /* sorts rates: after the interval */
}

double cb_bench_sample_value(const cb_bench_result *r, unsigned j)
{
    double rate = r->seconds[j] > 0 ? (double)r->iterations[j] / r->seconds[j] : 0;
    if (r->canary_seconds[j] > 0 && r->canary_iterations[j])
        rate /= (double)r->canary_iterations[j] / r->canary_seconds[j];
    return rate;
}

double cb_bench_trend(const double *v, size_t n)
{
    if (n < 3)
        return 0;
    double s = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            s += (v[j] > v[i]) - (v[j] < v[i]);
    double var = (double)n * (double)(n - 1) * (double)(2 * n + 5) / 18;
    double c = s > 0 ? s - 1 : s < 0 ? s + 1 : 0; /* continuity */
    return c / sqrt(var);
}

/* STEADY_Z: a trend this strong (two-sided p < 0.01) says the case has not
 * settled; STEADY_OUT: a first sample this many robust standard deviations (and at
 * least STEADY_FLOOR of the level) from the later samples' median is not yet at
 * their level; STEADY_MIN: the fewest samples the tests are asked about. */
#define STEADY_Z 2.576
#define STEADY_OUT 4.0
#define STEADY_FLOOR 0.005
#define STEADY_MIN 8

/* leading counts the samples at the start of v[0..m) that lie off the level of its
 * second half (median +- STEADY_OUT robust deviations): a step, such as a cold
 * start, which a trend test sees poorly when a long plateau follows. */
static size_t leading(const double *v, size_t m)
{
    double tail[CB_BENCH_MAX_SAMPLES], dev[CB_BENCH_MAX_SAMPLES];
    size_t h = m / 2, t = m - h;
    memcpy(tail, v + h, t * sizeof *tail);
    double med = cb_median(tail, t);
    for (size_t i = 0; i < t; i++)
        dev[i] = fabs(v[h + i] - med);
    double tol = STEADY_OUT * 1.4826 * cb_median(dev, t);
    tol = tol > STEADY_FLOOR * med ? tol : STEADY_FLOOR * med;
    size_t k = 0;
    while (k < h && fabs(v[k] - med) > tol)
        k++;
    return k;
}

/* settle looks for a transient in r's samples from r->first_steady on: leading
 * samples off the later level, which become transient, or a monotone trend
 * (Mann-Kendall), which makes the first third of them transient.  Returns 1 when
 * it marked some (sample on), else 0. */
static int settle(cb_bench_result *r)
{
    double v[CB_BENCH_MAX_SAMPLES];
    size_t m = 0;
    for (unsigned j = r->first_steady; j < r->n; j++)
        v[m++] = cb_bench_sample_value(r, j);
    if (m < STEADY_MIN)
        return 0;
    size_t step = leading(v, m);
    if (step) {
        for (size_t j = 0; j < step; j++)
            r->transient[r->first_steady + j] = 1;
        r->first_steady += (unsigned)step;
        return 1;
    }
    if (fabs(cb_bench_trend(v, m)) < STEADY_Z)
        return 0;
    unsigned drop = (unsigned)(m + 2) / 3;
    for (unsigned j = r->first_steady; j < r->first_steady + drop; j++)
        r->transient[j] = 1;
    r->first_steady += drop;
    return 1;
}

void cb_bench_append(cb_bench_result *dst, const cb_bench_result *src, unsigned run)
{
    for (unsigned j = 0; j < src->n && dst->n < CB_BENCH_MAX_SAMPLES; j++) {
        unsigned d = dst->n++;
        dst->iterations[d] = src->iterations[j];
        dst->seconds[d] = src->seconds[j];
        dst->cycles[d] = src->cycles[j];
        dst->order[d] = src->order[j];
        dst->canary_iterations[d] = src->canary_iterations[j];
        dst->canary_seconds[d] = src->canary_seconds[j];
        dst->transient[d] = src->transient[j];
        dst->run[d] = (unsigned char)(run > 255 ? 255 : run);
    }
    dst->noisy |= src->noisy;
    dst->unsettled |= src->unsettled;
    dst->interrupted |= src->interrupted;
    if (src->canary)
        dst->canary = src->canary;
    if (src->fault && !dst->fault) {
        dst->fault = src->fault;
        dst->timeout = src->timeout;
    }
    summarise(dst);
}

static int precise_enough(const cb_bench_cfg *cfg, cb_bench_result *r)
{
    if (r->n - r->first_steady < cfg->min_samples)
        return 0;
    summarise(r);
    if (r->median_rate <= 0)
        return 0;
    return (r->ci_hi - r->ci_lo) / 2 <= cfg->precision * r->median_rate;
}

/* interrupted marks a case stopped by *stop: the samples finished so far stay. */
static int interrupted(cb_bench_result *rs, size_t k)
{
    for (size_t j = 0; j < k; j++) {
        rs[j].interrupted = 1;
        summarise(&rs[j]);
    }
    return 0;
}

/* next_random: xorshift64* (Vigna 2016), for the rounds' order: it must not follow
 * the machine's periodic noise, nothing more. */
static uint64_t next_random(uint64_t *st)
{
    *st ^= *st >> 12;
    *st ^= *st << 25;
    *st ^= *st >> 27;
    return *st * UINT64_C(2685821657736338717);
}

/* shuffle puts a random order of 0..k-1 in perm (Fisher-Yates). */
static void shuffle(size_t *perm, size_t k, uint64_t *st)
{
    for (size_t j = 0; j < k; j++)
        perm[j] = j;
    for (size_t j = k; j > 1; j--) {
        size_t o = (size_t)(next_random(st) % j), t = perm[j - 1];
        perm[j - 1] = perm[o];
        perm[o] = t;
    }
}

/* same_batch gives a gated pair's instances one batch count, the larger calibrated:
 * the cost of starting a batch (the guard, two clock reads) is then the same share
 * of both and cancels in their ratio, as it could not with two counts. */
static void same_batch(batch *b, size_t k)
{
    uint64_t n = 0, chunk = UINT64_MAX;
    for (size_t j = 0; j < k; j++) {
        n = b[j].n > n ? b[j].n : n;
        chunk = b[j].chunk < chunk ? b[j].chunk : chunk;
    }
    for (size_t j = 0; j < k; j++)
        b[j].n = n, b[j].chunk = chunk;
}

/* gate_look judges a gated pair's rounds so far (base/paired.h): the decision, or
 * undecided. */
static int gate_look(const cb_bench_cfg *cfg, const cb_bench_result *rs)
{
    size_t n = 0;
    double *d = cb_xmalloc(rs[0].n * sizeof *d);
    for (size_t j = 0; j < rs[0].n; j++)
        if (rs[0].seconds[j] > 0 && rs[1].seconds[j] > 0) /* a rate compare can use */
            d[n++] = log(((double)rs[1].iterations[j] / rs[1].seconds[j]) /
                         ((double)rs[0].iterations[j] / rs[0].seconds[j]));
    cb_gate_result g = {CB_GATE_UNDECIDED, 0, {0}};
    if (n)
        cb_gate_judge(d, n, cfg->gate_pct, CB_GATE_ALPHA, &g);
    free(d);
    return (int)g.decision;
}

/* recalibrate corrects an audited case's batch count from its warm-up batch, which
 * lasted t: calibration can stop early on a cold first call (a page fault, a
 * cache miss per op), leaving batches a small fraction of the target whose fixed
 * cost (the clock, the guard) weighs on the faster variant more than on the
 * slower.  Up to three more warm-up batches, until one lasts at least half the
 * target; returns the last one's duration or TIMED_FAULT / TIMED_STOPPED. */
static double recalibrate(const cb_bench_cfg *cfg, batch *b, double target, double t,
                          int *fault)
{
    for (int i = 0; i < 3 && t >= 0 && t < target / 2; i++) {
        double n = (double)b->n * (t > 0 ? target / t : 16);
        b->n = n < 1 ? 1 : n > (double)(UINT64_C(1) << 40) ? (UINT64_C(1) << 40) : (uint64_t)n;
        t = timed(cfg, b, fault);
        if (t >= 0)
            set_chunk(b, b->n, t);
    }
    return t;
}

/* fastest_done ends an audited case (cfg->fastest_tie) at the first look that
 * resolves which instances are fastest, or at the cap. */
static int fastest_done(const cb_bench_cfg *cfg, const cb_bench_result *rs, size_t k,
                        double spent)
{
    size_t n = rs[0].n;
    if (spent >= cfg->max_case_seconds || n >= CB_BENCH_MAX_SAMPLES)
        return 1;
    if (!cb_gate_due(n))
        return 0;
    double *rates = cb_xmalloc(k * n * sizeof *rates);
    for (size_t j = 0; j < k; j++)
        for (size_t i = 0; i < n; i++)
            rates[j * n + i] = rs[j].seconds[i] > 0
                                   ? (double)rs[j].iterations[i] / rs[j].seconds[i] : 0;
    cb_fastest f;
    int done = cb_fastest_judge(rates, k, n, cfg->fastest_tie, &f) == 0 && f.resolved;
    free(rates);
    return done;
}

/* round_done says whether the samples of a round just taken end the case. */
static int round_done(const cb_bench_cfg *cfg, cb_bench_result *rs, size_t k, int fixed,
                      unsigned want, double spent, double started)
{
    int gating = k == 2 && cfg->gate_pct != 0;
    if (!gating && !fixed && k >= 2 && cfg->fastest_tie > 0)
        return fastest_done(cfg, rs, k, spent);
    if (gating) {
        int out_of_time = cb_clock_now(CB_CLOCK_WALL) - started >= cfg->gate_max_seconds ||
                          rs[0].n >= CB_BENCH_MAX_SAMPLES;
        if (cfg->gate_pct < 0 || !(out_of_time || cb_gate_due(rs[0].n)))
            return out_of_time;
        rs[0].gate = rs[1].gate = gate_look(cfg, rs);
        return out_of_time || rs[0].gate != CB_GATE_UNDECIDED;
    }
    int done = 1;
    for (size_t j = 0; j < k; j++)
        if (rs[j].n < want && (fixed || !precise_enough(cfg, &rs[j])))
            done = 0;
    int capped = !done && !fixed && spent >= cfg->max_case_seconds * (double)k;
    if (!fixed && cfg->steady && (done || capped)) {
        /* Settled?  A trend sends the case on, its first samples left out, for at
         * most one more cap; after that it is reported unsettled. */
        int late = spent >= 2 * cfg->max_case_seconds * (double)k;
        int again = 0;
        for (size_t j = 0; j < k; j++)
            if (!rs[j].unsettled && settle(&rs[j]))
                again = 1, rs[j].unsettled = late;
        if (again && !late)
            return 0;
    }
    if (capped) {
        for (size_t j = 0; j < k; j++)
            rs[j].noisy = !precise_enough(cfg, &rs[j]);
        return 1;
    }
    return done;
}

int cb_bench_interleaved(const cb_bench_cfg *cfg, cb_inst *const *xs,
                         const uint8_t *const *in, uint8_t *const *out, size_t k, size_t len,
                         cb_bench_result *rs, volatile sig_atomic_t *stop)
{
    batch b[CB_BENCH_MAX_INTERLEAVE];
    int gating = k == 2 && cfg->gate_pct != 0;
    int fixed = !gating && (cfg->seconds > 0 || cfg->iterations > 0);
    unsigned want = fixed ? (cfg->samples ? cfg->samples : 1) : CB_BENCH_MAX_FIXED_SAMPLES;
    if (want > CB_BENCH_MAX_SAMPLES)
        want = CB_BENCH_MAX_SAMPLES;
    double target = gating ? GATE_BATCH_SECONDS
                    : fixed ? cfg->seconds / want
                    : cfg->batch_seconds > 0 ? cfg->batch_seconds : CB_BENCH_BATCH_SECONDS;
    double started = cb_clock_now(CB_CLOCK_WALL);
    uint64_t seed = cfg->seed ? cfg->seed : (uint64_t)(started * 1e9) ^ (uint64_t)(size_t)rs;
    seed = seed ? seed : 1;
    if (k > CB_BENCH_MAX_INTERLEAVE)
        k = CB_BENCH_MAX_INTERLEAVE;
    int canary = cfg->canary != CB_CANARY_NONE && !gating && !cfg->iterations &&
                 cb_canary_available(cfg->canary);

    for (size_t j = 0; j < k; j++) {
        memset(&rs[j], 0, sizeof rs[j]);
        rs[j].canary = canary ? cfg->canary : CB_CANARY_NONE;
    }
    for (size_t j = 0; j < k; j++) {
        b[j] = (batch){xs[j], in[j], out[j], len, cfg->iterations ? cfg->iterations : 1, 1,
                       stop, 0, 0};
        /* Warm-up: after calibration, one discarded batch at the calibrated size
         * settles caches, branch predictors and the frequency governor. */
        double t = cfg->iterations && !gating ? first_chunk(cfg, &b[j], &rs[j].fault)
                                              : calibrate(cfg, &b[j], target, &rs[j].fault);
        if (t >= 0)
            t = timed(cfg, &b[j], &rs[j].fault);
        if (t >= 0 && cfg->fastest_tie > 0)
            t = recalibrate(cfg, &b[j], target, t, &rs[j].fault);
        if (t == TIMED_FAULT) {
            rs[j].timeout = last_limit;
            return -1;
        }
        if (t == TIMED_STOPPED)
            return interrupted(rs, k);
    }
    if (gating)
        same_batch(b, k);
    /* Each round takes one sample of every instance, in a random order, so drift of
     * the machine during the case (frequency, other load) falls on all of them alike
     * and no instance is always first. */
    double spent = 0;
    for (int done = 0; !done;) {
        size_t perm[CB_BENCH_MAX_INTERLEAVE];
        if (*stop)
            return interrupted(rs, k);
        shuffle(perm, k, &seed);
        for (size_t o = 0; o < k; o++) {
            cb_bench_result *r = &rs[perm[o]];
            double t = timed_counted(cfg, &b[perm[o]], &r->fault, &r->cycles[r->n]);
            if (t == TIMED_FAULT) {
                r->timeout = last_limit;
                return -1;
            }
            if (t == TIMED_STOPPED)
                return interrupted(rs, k);
            r->iterations[r->n] = b[perm[o]].n;
            r->seconds[r->n] = t;
            r->order[r->n] = (unsigned char)o;
            r->n++;
            spent += t;
        }
        if (canary) {
            uint64_t it;
            double t = cb_canary_batch(cfg->canary, cfg->clock, &it);
            for (size_t j = 0; j < k; j++) {
                rs[j].canary_iterations[rs[j].n - 1] = it;
                rs[j].canary_seconds[rs[j].n - 1] = t;
            }
        }
        done = round_done(cfg, rs, k, fixed, want, spent, started);
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
