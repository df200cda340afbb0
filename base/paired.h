/*
 * base/paired.h - statistics of paired samples: the gate's interval and its
 * sequential decision.
 *
 * A comparison sampled as pairs (one batch of A and one of B, close in time, in
 * random order) is judged on the paired log-ratios d = log(rate B / rate A): drift of
 * the machine that lasts longer than a pair falls on both batches and cancels in d.
 * The estimate is the Hodges-Lehmann one for paired data (the median of the Walsh
 * averages (d_i + d_j) / 2, i <= j) and its interval the distribution-free one found
 * by inverting the Wilcoxon signed-rank test (Hollander & Wolfe, "Nonparametric
 * Statistical Methods", ch. 3): it assumes only that the pairs are independent and
 * that d is continuous and symmetric about the true shift.  No random numbers, so the
 * same pairs always give the same interval.
 *
 * Sequential use looks at the interval after 16, 24, 32, 48, 64, ... pairs (two looks
 * per doubling) and once more at the end of the data; look j spends
 * alpha_j = alpha * 6 / (pi^2 j^2) of the error, and these sum to alpha however many
 * looks there are, so by the union bound every interval of the sequence covers the
 * truth at once with probability at least 1 - alpha: stopping at any look keeps it.
 */
#ifndef CB_PAIRED_H
#define CB_PAIRED_H

#include <stddef.h>

/* CB_GATE_ALPHA: the gate's overall error, two-sided, over all its looks. */
#define CB_GATE_ALPHA 0.05

/* cb_signed_rank_cdf gives P(T+ <= t) for the Wilcoxon signed-rank statistic of n
 * pairs under no difference: exact for n <= 60, normal approximation beyond. */
double cb_signed_rank_cdf(size_t n, double t);

/* cb_walsh_rank is the rank k (1-based) of the Walsh average that bounds a two-sided
 * interval at confidence 1 - alpha over n pairs: the interval is the k-th smallest
 * to the k-th largest of the n(n+1)/2 averages.  *level gets the confidence achieved
 * (with few pairs less than asked: k is then 1). */
size_t cb_walsh_rank(size_t n, double alpha, double *level);

/* cb_paired_est: an estimate of the shift of paired log-ratios, and its interval. */
typedef struct cb_paired_est {
    size_t n;          /* pairs used */
    double est;        /* Hodges-Lehmann estimate of the shift, in log-ratio */
    double lo, hi;     /* its interval, in log-ratio */
    double level;      /* the confidence achieved */
    double p;          /* two-sided signed-rank p-value of no shift */
} cb_paired_est;

/* cb_paired_hl estimates the shift of d[0..n) at confidence 1 - alpha.  Returns 0,
 * or -1 when n is 0. */
int cb_paired_hl(const double *d, size_t n, double alpha, cb_paired_est *out);

/* What a sequential gate decided. */
typedef enum cb_gate_decision {
    CB_GATE_UNDECIDED = 0, /* neither, when the data (or the time) ran out */
    CB_GATE_PASS = 1,      /* the whole interval above -P% */
    CB_GATE_REGRESSION = 2 /* the whole interval below -P% */
} cb_gate_decision;

/* cb_gate_decision_name: "undecided", "pass", "regression". */
const char *cb_gate_decision_name(cb_gate_decision d);

/* cb_gate_look_at is the number of pairs of scheduled look j (1-based): 16, 24, 32,
 * 48, 64, 96, ... */
size_t cb_gate_look_at(unsigned j);

/* cb_gate_alpha is the error look j (1-based) spends out of alpha. */
double cb_gate_alpha(double alpha, unsigned j);

/* cb_gate_result: the sequence replayed, up to its decision or its end. */
typedef struct cb_gate_result {
    cb_gate_decision decision;
    unsigned looks;        /* looks taken, the last the one reported */
    cb_paired_est last;    /* the interval of the last look */
} cb_gate_result;

/*
 * cb_gate_judge replays the looks over the first n of the pairs' log-ratios d with
 * threshold pct (P of -fail-if-slower P%, > 0), at overall error alpha: each
 * scheduled look up to n, then one at n itself when n is not one; it stops at the
 * first look whose interval, as a ratio, lies wholly above -P% (pass) or wholly
 * below (regression).  A look with too few pairs to reach its level (a last look
 * after a handful) decides nothing.  With pct <= 0 nothing is decided and the last
 * look, over all n pairs, is reported.  Returns 0, or -1 when n is 0.
 */
int cb_gate_judge(const double *d, size_t n, double pct, double alpha, cb_gate_result *out);

/* cb_gate_due: is a look due after n pairs (n a scheduled look)? */
int cb_gate_due(size_t n);

/*
 * cb_gate_false_alarm_at is, for one A/A trial of n pairs, the largest threshold (in
 * percent; 0 when none) below which cb_gate_judge would have called it a
 * regression: a threshold P flags the trial exactly when P is below it, since a
 * regression at P needs a look whose interval is wholly below -P with no earlier
 * look wholly above -P.
 */
double cb_gate_false_alarm_at(const double *d, size_t n, double alpha);

#endif
