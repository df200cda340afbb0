/*
 * reports/compare/compare.h - before/after comparison of samples: matching, differences,
 * verdicts, the gate.
 *
 * Rows match on algorithm, direction, key bits, block size, misalignment and AAD,
 * and on the variant unless the variant is what differs: when each side holds one
 * variant of a case and they differ, those two are compared (the in-run
 * `-variant A,B -compare` and "generic vs ce-i4" files).  When both sides are
 * sweeps (each holds several masks, reports/compare/mask.h) rows match on the mask
 * too, so that two boards' `caps -sweep -csv` files compare mask by mask.  The difference is
 * after / before x 100 - 100 of the median throughputs, positive meaning faster.
 * Imported tcrypt cycle-mode rows (cycles, no time) form cases of their own compared
 * by cycles per operation: before / after x 100 - 100, so that positive still means
 * faster; a case with cycles on one side and rates on the other is left out with a
 * warning.  With at least two samples per side the Mann-Whitney U test decides
 * whether a difference is real (base/stats.h); with one sample per side there is
 * no verdict.
 */
#ifndef CB_COMPARE_H
#define CB_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "reports/csv/csv.h"
#include "reports/compare/sides.h"
#include "base/sample.h"
#include "base/stats.h"


/* cb_verdict: how a compared case is classified in the summary and by the gate. */
typedef enum cb_verdict {
    CB_UNCHANGED = 0,
    CB_IMPROVEMENT = 1,
    CB_REGRESSION = -1
} cb_verdict;

/* cb_verdict_name returns "regression", "improvement" or "unchanged". */
const char *cb_verdict_name(cb_verdict v);

/* cb_cmp_case: one matched case. */
typedef struct cb_cmp_case {
    const char *alg, *direction;
    const char *variant_before, *variant_after;
    unsigned key_bits;
    size_t block_bytes;
    unsigned misalign;
    int aead;
    unsigned workers;               /* workers at once (speed -multi N), 1 normally */
    const char *mask;               /* the mask both sides ran this case under, as
                                     * compare names it ("detected", "-aes",
                                     * "OPENSSL_armcap=0x4"), when two sweeps are
                                     * compared mask by mask; NULL otherwise */
    size_t n_before, n_after;       /* samples on each side */
    int cycles;                     /* compared by cycles per operation (tcrypt cycle mode) */
    double ops_before, ops_after;   /* median operations per second; NAN in cycles cases */
    double bps_before, bps_after;   /* median bytes per second; NAN in cycles cases */
    double cycles_before, cycles_after; /* median cycles per operation; NAN in rate cases */
    double diff_pct;                /* after / before x 100 - 100 of the rates, or
                                     * before / after x 100 - 100 of the cycles */
    int has_stats;                  /* >= 2 samples per side */
    double p;                       /* Mann-Whitney two-sided p-value, NAN without stats */
    cb_interval ci;                 /* for after / before, fractions; NAN without stats */
    int significant;                /* p < alpha */
    cb_verdict verdict;             /* against the threshold (the gate's P, else 0) */
    int gated;                      /* -gate-on covers this case */
    int paired;                     /* judged on the rounds of an interleaved design
                                     * (reports/compare/paired.h): p, ci and verdict
                                     * are the paired signed-rank ones */
    size_t pairs;                   /* rounds judged, when paired */
    int decision;                   /* paired under a gate: the looks' cb_gate_decision
                                     * (undecided: time ran out first) */
    double raw_diff_pct;            /* the difference of the raw medians: diff_pct
                                     * unless normalised or judged between runs */
    int normalised;                 /* judged on case / canary: both sides carry the
                                     * same canary (docs/compare.md) */
    unsigned runs_before, runs_after; /* speed -runs repetitions on each side */
    int between_runs;               /* p, ci and diff_pct from the repetitions' spread
                                     * (cb_runs_interval): both sides have 2 or more */
    const char *variant_cause;      /* what made the code that ran differ, when the
                                     * variants differ or a library (or an imported
                                     * log's openssl) chose its own code on both sides:
                                     * "detection" (the CPUs report other capabilities),
                                     * "mask", "build" (a build lacks the variant), or
                                     * NULL: the same, or nothing recorded explains it
                                     * (a pairing chosen with -variant A,B) */
} cb_cmp_case;

/* cb_compare_opts: the knobs of a comparison. */
typedef struct cb_compare_opts {
    double alpha;            /* significance level, 0.05 */
    double threshold_pct;    /* P of -fail-if-slower P%; 0 without a gate */
    int gate;                /* -fail-if-slower was given */
    const char *const *gate_algs; /* -gate-on names (any case); NULL: every case */
    size_t n_gate_algs;
    const char *calibration; /* the text of the gate's calibration record
                              * (reports/compare/calibrate.h), or NULL: with it a
                              * gate of separate files below the host's figure is
                              * warned about */
    const struct cb_workload *workload; /* -workload W: its before/after after the
                              * table (reports/compare/workload.h); NULL: none */
} cb_compare_opts;

/* cb_case_judged says what k's verdict rests on: "pairs" (interleaved), "runs" or
 * "runs/canary" (the repetitions' spread, of case / canary), "samples" or
 * "samples/canary" (Mann-Whitney on the samples), "none" (one sample a side). */
const char *cb_case_judged(const cb_cmp_case *k);

/* cb_compare_default_opts: alpha 0.05, no gate. */
cb_compare_opts cb_compare_default_opts(void);

/* cb_comparison: every matched case plus what the renderers and the summary need. */
typedef struct cb_comparison {
    cb_cmp_case *cases;
    size_t n;
    char before_name[256], after_name[256]; /* file names or variant names */
    char *axis;              /* "build 3f2a9c1 -> 9a8b7c6", "variant generic -> ce-i4":
                              * whole, however long (freed by cb_comparison_free) */
    char **causes;           /* why the sides differ in more than the axis, one line per
                              * cause (reports/compare/cause.h, docs/compare.md
                              * "Causes"): none when the conditions are the same */
    size_t n_causes;
    char **masks;            /* both sides are sweeps (several masks each,
                              * reports/compare/mask.h): their masks' names, before's
                              * first, each case's mask one of them; none otherwise */
    size_t n_masks;
    int variant_axis;        /* each case pairs two different variants */
    int multi_counts;        /* a side holds runs of several -multi counts: row labels
                              * name each case's count */
    int variant_in_label;    /* row labels name the variants (they are not all alike) */
    double alpha;
    cb_compare_opts opts;
    size_t regressions, improvements, unchanged;
    size_t single_sample;    /* cases with one sample on a side: no verdict */
    size_t other_operation;  /* AEAD cases one side timed as OpenSSL's streaming updates
                              * (an openssl speed log without -aead) and the other as
                              * whole messages: they measure different operations */
    char other_operation_algs[160]; /* their algorithms, for the note */
    size_t normalised;       /* cases judged on case / canary */
    size_t between_runs;     /* cases judged on the spread between repetitions */
    size_t canary_refused;   /* cases both sides sampled a canary for, but not the
                              * same one (another class or checksum): judged raw */
    char canary_why[200];    /* the first refusal, said once */
    size_t canary_noisier;   /* cases whose case / canary spread more than their raw
                              * rates (the canary shares no bottleneck with the
                              * kernel): judged raw */
    size_t gate_failures;    /* gated regressions */
    size_t gate_undecided;   /* gated paired cases the looks left undecided */
    double geomean_pct;      /* geometric mean of the speed ratios over all cases, as % */
    const cb_csv_row *const *side_rows[2]; /* the rows of before [0] and after [1], for
                              * the conditions the html format lists; not owned (the
                              * cb_sides of cb_compare_judge), NULL when not known */
    size_t side_n[2];
} cb_comparison;

/*
 * cb_compare_rows matches before[] against after[] (rows of one cb_csv_set, so
 * their strings compare by pointer) and fills c; c's strings point into that set.
 * The names the caller put in c->before_name and c->after_name are kept ("before"
 * and "after" when empty).  Warnings (one-sided cases, cases in cycles on one side
 * only, different hosts, emulators, faulted samples) go to warn when it is not NULL.
 * Returns 0, or -1 with one sentence in err when nothing matches.
 */
int cb_compare_rows(cb_comparison *c, const cb_csv_row *const *before, size_t nb,
                    const cb_csv_row *const *after, size_t na, const cb_compare_opts *o,
                    FILE *warn, char *err, size_t errlen);

/* cb_case_ratio is a case's speed after / before (1 + diff_pct / 100): the rates'
 * ratio, or for cycles cases the inverse of the cycles' ratio. */
double cb_case_ratio(const cb_cmp_case *k);

/* cb_comparison_free releases the cases. */
void cb_comparison_free(cb_comparison *c);

/* cb_compare_summary writes "2 regressions, 5 improvements, 11 unchanged" and the
 * gate's outcome into buf. */
const char *cb_compare_summary(const cb_comparison *c, char *buf, size_t len);

/*
 * cb_compare_judge is what every comparison of a set does before writing it: refuse
 * -gate-on names no row holds, choose the sides as rq says (reports/compare/sides.h), match
 * and judge the cases with o (warnings to stderr).  Fills sd and c, which the caller
 * frees (cb_sides_free, cb_comparison_free) either way.  Returns 0, or -1 after
 * printing why nothing could be compared.
 */
int cb_compare_judge(const cb_csv_set *set, const cb_sides_request *rq,
                     const cb_compare_opts *o, cb_sides *sd, cb_comparison *c);

#endif
