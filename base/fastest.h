/*
 * base/fastest.h - which of k variants, sampled in rounds of one batch each, is the
 * fastest, and which are within noise of it.
 *
 * Each round holds one batch of every candidate, taken close together in a random
 * order (harness/bench.c), so candidate j against candidate b is a paired comparison
 * of log(rate j / rate b), judged as the gate judges -compare's pairs (base/paired.h):
 * the Hodges-Lehmann estimate and its signed-rank interval, looked at after 16, 24,
 * 32, 48, ... rounds with the gate's share of the error at each look.  The error of
 * a look is split evenly over its k - 1 comparisons (Bonferroni), so all of them
 * hold at once.  The fastest is the candidate of the highest median rate; each other
 * is then tied (its interval wholly inside +-tie, however significant the
 * difference), significantly slower (else its interval wholly below 0) or
 * undecided.  A look at which none is undecided ends the
 * sequence: the harness stops sampling there, and a reader replaying the rounds
 * stops at the same look.
 */
#ifndef CB_FASTEST_H
#define CB_FASTEST_H

#include <stddef.h>

#include "base/paired.h"

/* CB_FASTEST_MAX: the most candidates one judgement takes (the harness's most
 * interleaved instances). */
#define CB_FASTEST_MAX 8

/* CB_FASTEST_TIE: two variants whose whole interval lies within +-2% of each other
 * are tied; a difference that small is below what a dispatch decision should chase
 * (and below the run-to-run spread of most machines, docs/compare.md). */
#define CB_FASTEST_TIE 0.02

typedef enum cb_fastest_verdict {
    CB_FASTEST_UNDECIDED = 0, /* neither slower nor tied with the fastest, yet */
    CB_FASTEST_SLOWER,        /* significantly slower than the fastest */
    CB_FASTEST_TIED,          /* within +-tie of the fastest, with significance */
    CB_FASTEST_IS_BEST        /* the fastest itself */
} cb_fastest_verdict;

/* cb_fastest: a judgement of k candidates over n rounds. */
typedef struct cb_fastest {
    size_t k, n;            /* candidates; rounds used (at the deciding look) */
    size_t best;            /* index of the fastest */
    cb_fastest_verdict verdict[CB_FASTEST_MAX];
    cb_paired_est vs[CB_FASTEST_MAX]; /* log(rate j / rate best); best: all 0 */
    int resolved;           /* no candidate undecided */
    int unique;             /* every other candidate significantly slower */
    unsigned looks;         /* the look that decided, or the last one */
} cb_fastest;

/*
 * cb_fastest_judge judges the k candidates (2..CB_FASTEST_MAX) over n rounds, rates
 * given round by round per candidate: rates[j * n + r] is candidate j's rate in round
 * r (a round where any rate is <= 0 is left out).  tie is the relative band of a tie
 * (CB_FASTEST_TIE).  Replays the looks and stops at the first that resolves; out
 * holds that look, or the last.  Returns 0, or -1 when no round is usable.
 */
int cb_fastest_judge(const double *rates, size_t k, size_t n, double tie, cb_fastest *out);

/* cb_fastest_faster_pct: how much faster the fastest is than candidate j, in
 * percent, as an estimate and its interval (lo <= est <= hi). */
void cb_fastest_faster_pct(const cb_fastest *f, size_t j, double *est, double *lo,
                           double *hi);

#endif
