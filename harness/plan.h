/*
 * harness/plan.h - what a speed run will time: cases = algorithm x variant x
 * direction x block size, from the checked options.  Variants are picked only
 * through kernels/select.h, the one reading of `-variant LIST`.
 */
#ifndef CB_PLAN_H
#define CB_PLAN_H

#include <stddef.h>

#include "harness/bench.h"
#include "harness/cycles.h"
#include "kernels/kernel.h"
#include "kernels/select.h"

/* Limits of one run: block sizes, algorithms named, planned (algorithm, variant,
 * direction) entries, and the largest block. */
#define CB_PLAN_MAX_SIZES 32
#define CB_PLAN_MAX_ALGS 256 /* every algorithm fits: `speed` with none named times all */
#define CB_PLAN_MAX_ENTRIES 512
#define CB_PLAN_MAX_BYTES (64u << 20)

/* cb_run_opts: what a run needs to know, filled by the command line. */
/* CB_RUNS_MAX: the most repetitions -runs takes. */
#define CB_RUNS_MAX 20

typedef struct cb_run_opts {
    const cb_alg *algs[CB_PLAN_MAX_ALGS];
    size_t nalgs;
    size_t sizes[CB_PLAN_MAX_SIZES];
    size_t nsizes;
    cb_bench_cfg bench;
    cb_selection variants;  /* parsed -variant (auto when not given) */
    int decrypt, aead, compare, inplace;
    int rekey;      /* -rekey: an AEAD's key set up for every message (kernels/inst.h) */
    cb_cycles_mode cycles;
    unsigned misalign;
    long cpu;               /* -cpu N: pin to this CPU; -1 leaves scheduling alone */
    long multi;             /* -multi N: N workers on distinct CPUs; 0 = none */
    /* -pair ROUND,ORDER,ARM: every sample is recorded as that batch of an
     * interleaved comparison another process arranges (scripts/compare-builds.sh
     * alternating two builds' runs); stamped 0 for none. */
    int stamped;
    unsigned stamp[3];      /* round, place in it, side */
    /* -runs N: every case is timed N times, the repetitions spread over its
     * algorithm's sweep (each size once per pass, N passes), so that compare sees
     * the spread between runs as well as within one; 0 or 1: once. */
    unsigned runs;
    /* -canary CLASS: the canary sampled beside every case (harness/canary.h);
     * CB_CANARY_AUTO (the default) picks each case's class, CB_CANARY_NONE none. */
    cb_canary_class canary;
    /* audit (harness/audit.h): every direction of a cipher or AEAD, not only the one
     * -decrypt chooses; and with -variant all, the variants the capabilities in force
     * cannot run left out without a word (they are no candidates). */
    int every_dir;
    int runnable_only;
    /* audit: > 0, the time cap of one algorithm in one direction, which its sizes
     * share evenly (each case's max_case_seconds, for the whole case) */
    double audit_seconds;
    /* -budget S (and `speed` with no algorithm named: CB_RUN_DEFAULT_BUDGET): > 0 in
     * precision mode, the sampling time of the whole run, shared evenly by its cases:
     * each case's cap, and its batches shortened to fit min_samples and calibration
     * in that share (no shorter than CB_RUN_MIN_BATCH).  A case that does not reach
     * the precision goal in its share is marked noisy, as at the usual cap. */
    double budget_seconds;
} cb_run_opts;

/* `cryptobench speed` with no algorithm times every row in about three minutes: this
 * much sampling, the rest being the checks before timing and each case's calibration. */
#define CB_RUN_DEFAULT_BUDGET 140.0
#define CB_RUN_MIN_BATCH 0.005

/* cb_run_opts_default: auto selection, default sampling, no pinning. */
void cb_run_opts_default(cb_run_opts *o);

/* cb_plan_entry: one (algorithm, variant, direction), timed at every block size. */
typedef struct cb_plan_entry {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    int labelled;           /* variants were named: the label says which */
    char label[96];         /* "aes-128-cbc" or "aes-128-cbc/ce-i4" */
    /* auto under a tuning file (kernels/select.h): the variant auto takes at each
     * size index where the file picks another than var; NULL where it is var */
    const cb_variant *tuned[CB_PLAN_MAX_SIZES];
} cb_plan_entry;

typedef struct cb_plan {
    cb_plan_entry *e;
    size_t n;
} cb_plan;

/*
 * cb_plan_build picks the entries for o under the effective capabilities, in the
 * order algorithms were named and, per algorithm, the order of the -variant list.
 * A named variant that another requested algorithm has but this one lacks is
 * skipped with a warning.  Returns 0, or -1 after one sentence on stderr (an unknown
 * variant, one that cannot run here, nothing to time, a block size an algorithm
 * cannot take).
 */
int cb_plan_build(cb_plan *p, const cb_run_opts *o);

/* cb_plan_sizes is how many block sizes entry e is timed at (1 for pkey). */
size_t cb_plan_sizes(const cb_run_opts *o, const cb_plan_entry *e);

/* cb_plan_len is entry e's block size at size index k (0 for pkey). */
size_t cb_plan_len(const cb_run_opts *o, const cb_plan_entry *e, size_t k);

/* cb_plan_var is the variant entry e runs at size index k: var, or the tuning
 * file's pick there. */
const cb_variant *cb_plan_var(const cb_plan_entry *e, size_t k);

/* cb_plan_tuned: does a tuning file change e's variant at any size? */
int cb_plan_tuned(const cb_plan_entry *e);

void cb_plan_free(cb_plan *p);

#endif
