/*
 * harness/bench.h - calibration, warm-up and sampling of one case.
 *
 * A case is one instance (algorithm, variant, direction) at one block size.  The
 * clock is read only between batches: calibration finds a batch count n that lasts
 * the batch target, a warm-up batch is thrown away, then each sample is one timed
 * batch of n operations.  A batch runs in chunks of about 20 ms with a look at the
 * stop flag between them, so a stop signal ends even one long batch at once (the
 * unfinished batch is discarded).
 *
 * How many samples:
 *   fixed time (-seconds S, OpenSSL's meaning): `samples` batches of S/samples each;
 *   precision (the default): batches of 50 ms until the 95% confidence interval of
 *   the median rate is within +-precision, or the per-case cap is reached, in which
 *   case the result is marked noisy.
 * and for a gated pair of instances (cfg->gate_pct), a third:
 *   the gate: batches of 0.25 ms, both instances the same count, in rounds until the
 *   paired interval decides (base/paired.h) or gate_max_seconds pass (undecided).
 */
#ifndef CB_BENCH_H
#define CB_BENCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/canary.h"
#include "harness/cycles.h"
#include "harness/timer.h"
#include "kernels/inst.h"

/* A case keeps at most CB_BENCH_MAX_SAMPLES samples: room for a gated comparison's
 * pairs (10 s of 0.25 ms batches, two a pair, on a busy machine); -samples asks for
 * at most CB_BENCH_MAX_FIXED_SAMPLES. */
#define CB_BENCH_MAX_SAMPLES 8192
#define CB_BENCH_MAX_FIXED_SAMPLES 200
#define CB_BENCH_MAX_INTERLEAVE 8

/* Batch length in precision mode: long enough that clock resolution and the cost of
 * reading it vanish (both well under a microsecond), short enough that a few dozen
 * samples fit in a second.  cb_bench_cfg.batch_seconds shortens it. */
#define CB_BENCH_BATCH_SECONDS 0.05

typedef struct cb_bench_cfg {
    cb_clock clock;
    double seconds;       /* > 0: fixed time per case; 0: precision-driven */
    unsigned samples;     /* fixed mode: samples per case */
    double precision;     /* precision mode: relative CI half-width goal (0.01) */
    double max_case_seconds; /* precision mode: give up (noisy) after this long */
    unsigned min_samples; /* precision mode: never fewer */
    const cb_cycles *cycles; /* counter read around each batch, or NULL */
    uint64_t iterations;  /* > 0: every batch is exactly this many operations, no
                           * calibration; `samples` samples (instruction counting) */
    /* The gate (-fail-if-slower P% on an interleaved pair, base/paired.h): with
     * gate_pct > 0 two instances are sampled in short batches until the interval of
     * B / A lies wholly above or below -P%, or gate_max_seconds of samples end the
     * case undecided; gate_pct < 0 samples the whole gate_max_seconds without
     * deciding (calibrating the gate). */
    double gate_pct;
    double gate_max_seconds;
    unsigned long seed;   /* the rounds' random order; 0 takes one from the clock */
    /* A batch is abandoned as hung (CB_GUARD_HUNG, harness/guard.h) after
     * CB_BENCH_TIMEOUT_FACTOR times the wall time its calibration predicts, and
     * never before op_timeout seconds (-op-timeout); 0 sets no time-out. */
    double op_timeout;
    /* The canary (harness/canary.h): one batch of this class after every round of
     * samples, in precision and fixed-time mode (none with -iterations or in a
     * gated pair, whose rounds cancel drift already); CB_CANARY_NONE: none. */
    cb_canary_class canary;
    /* Steady state (precision mode): the samples must show no trend (Mann-Kendall,
     * of case / canary when there is a canary); while they do, the first of them
     * are marked transient and left out, and sampling goes on, for at most another
     * max_case_seconds (then the case is marked unsettled).  0: off. */
    int steady;
    /* audit (harness/audit.h): batch_seconds > 0 is the precision mode's batch target
     * instead of 50 ms; fastest_tie > 0 ends an interleaved case of several
     * instances as soon as base/fastest.h resolves which are fastest (every other
     * significantly slower or tied within +-fastest_tie), else when max_case_seconds
     * of samples (of all instances together) are spent; the precision goal is not
     * looked at. */
    double batch_seconds;
    double fastest_tie;
} cb_bench_cfg;

#define CB_BENCH_TIMEOUT_FACTOR 100
/* The default op_timeout: generous enough for a library's slowest key set-up under
 * an emulator. */
#define CB_BENCH_DEFAULT_OP_TIMEOUT 30.0

typedef struct cb_bench_result {
    unsigned n;                                /* samples taken */
    uint64_t iterations[CB_BENCH_MAX_SAMPLES]; /* per sample */
    double seconds[CB_BENCH_MAX_SAMPLES];
    double cycles[CB_BENCH_MAX_SAMPLES];       /* per sample; < 0 when not counted */
    unsigned char order[CB_BENCH_MAX_SAMPLES]; /* interleaved: its place in its round,
                                                * 0 first (sample j is in round j) */
    double median_rate;                        /* operations per second */
    double ci_lo, ci_hi;                       /* 95% CI of the median rate */
    int noisy;                                 /* precision goal not reached */
    int fault;                                 /* signal that stopped a batch, or 0
                                                * (or a CB_GUARD_* outcome) */
    double timeout;                            /* the time-out a hung batch outlasted */
    int interrupted;                           /* stop was set before the case finished */
    int gate;                                  /* gated pair: the cb_gate_decision */
    /* The canary batch of each sample's round (canary_seconds 0: none) */
    cb_canary_class canary;
    uint64_t canary_iterations[CB_BENCH_MAX_SAMPLES];
    double canary_seconds[CB_BENCH_MAX_SAMPLES];
    unsigned char transient[CB_BENCH_MAX_SAMPLES]; /* left out: before steady state */
    unsigned char run[CB_BENCH_MAX_SAMPLES];   /* the -runs repetition it is from */
    int unsettled;                             /* a trend never went away */
    unsigned first_steady;                     /* samples before it are transient */
} cb_bench_result;

/* cb_bench_sample_value: sample j's rate, divided by its canary's when it has one:
 * what the precision goal and the steady-state test look at. */
double cb_bench_sample_value(const cb_bench_result *r, unsigned j);

/* cb_bench_trend: the Mann-Kendall z of v[0..n) in sample order (> 0: rising). */
double cb_bench_trend(const double *v, size_t n);

/* cb_bench_append adds src's samples to dst as repetition run of a -runs case (the
 * fault, stop, noise and settling of either carried) and summarises dst again. */
void cb_bench_append(cb_bench_result *dst, const cb_bench_result *src, unsigned run);

/* cb_bench_default_cfg fills the defaults (precision mode, CPU clock). */
void cb_bench_default_cfg(cb_bench_cfg *cfg);

/*
 * cb_bench_case measures x on len bytes from in to out.  Stops early, with the
 * samples finished so far, when *stop becomes non-zero (or the guard gave up on a
 * batch after the stop).  Returns 0, or -1 when a batch faulted, hung or exited
 * (r->fault holds the signal or CB_GUARD_* outcome; the batch is discarded).
 */
int cb_bench_case(const cb_bench_cfg *cfg, cb_inst *x, const uint8_t *in, uint8_t *out,
                  size_t len, cb_bench_result *r, volatile sig_atomic_t *stop);

/*
 * cb_bench_interleaved measures k instances (at most CB_BENCH_MAX_INTERLEAVE) on the
 * same block size, taking their samples in rounds of one batch each, in a random
 * order per round (never a fixed ABAB, which periodic noise could alias with), so
 * that the machine's drift falls on each alike: the right way to compare two
 * variants.  Sample j of every instance is from round j.  Each instance
 * has its own input and output buffer.  Returns 0, or -1 when a batch faulted (the
 * faulting instance's result holds the signal).
 */
int cb_bench_interleaved(const cb_bench_cfg *cfg, cb_inst *const *xs,
                         const uint8_t *const *in, uint8_t *const *out, size_t k, size_t len,
                         cb_bench_result *rs, volatile sig_atomic_t *stop);

#endif
