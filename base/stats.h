/*
 * base/stats.h - every statistic the layers use: the medians, intervals and spread
 * the harness reports for one case, and the tests behind compare's verdicts.
 *
 * Differences are judged with the Mann-Whitney U test (benchstat's choice): it makes
 * no assumption about the shape of timing noise, which is skewed by interrupts and
 * frequency changes.  The interval that goes with it is the distribution-free one
 * obtained by inverting the same test (Hodges-Lehmann / Bauer 1972) on the log of the
 * throughputs, i.e. an interval for the ratio after/before.  It needs no random
 * numbers, so the same files always give the same verdict, and it agrees with the
 * test: the interval excludes "no change" exactly when the test, at the interval's
 * level, says the difference is real.
 */
#ifndef CB_STATS_H
#define CB_STATS_H

#include <stddef.h>

/* cb_stats: caches the exact null distributions of U, one per pair of sample sizes. */
typedef struct cb_stats cb_stats;

/* cb_stats_new returns an empty cache. */
cb_stats *cb_stats_new(void);

/* cb_stats_free releases the cache. */
void cb_stats_free(cb_stats *st);

/* cb_median returns the median of v (sorting v in place); NAN for n == 0. */
double cb_median(double *v, size_t n);

/*
 * cb_median_ci gives a distribution-free 95% confidence interval of the median from
 * order statistics (the binomial(n, 1/2) ranks); with too few values it is [min, max].
 */
void cb_median_ci(const double *v, size_t n, double *lo, double *hi);

/* cb_cv returns the coefficient of variation (sample standard deviation over mean)
 * of n values; 0 when it is undefined (fewer than two values, a mean <= 0). */
double cb_cv(const double *v, size_t n);

/* cb_geomean returns the geometric mean of n positive values; NAN for n == 0. */
double cb_geomean(const double *v, size_t n);

/*
 * cb_mann_whitney returns the two-sided p-value of the Mann-Whitney U test for
 * samples a (n of them) and b (m): exact when there are no ties and n * m <= 2500,
 * otherwise the normal approximation with tie and continuity corrections.
 */
double cb_mann_whitney(cb_stats *st, const double *a, size_t n, const double *b, size_t m);

/* cb_interval: an interval for the ratio b / a, as fractions (-0.05 is 5% slower). */
typedef struct cb_interval {
    double lo, hi;
    double level;   /* the confidence actually achieved (small samples cannot reach 95%) */
} cb_interval;

/*
 * cb_ratio_interval computes the interval for b / a at confidence level (0.95) from
 * the pairwise log ratios, or the widest one the sample sizes allow.  Values must be
 * positive.  Returns 0, or -1 when either side has no sample.
 */
int cb_ratio_interval(cb_stats *st, const double *a, size_t n, const double *b, size_t m,
                      double level, cb_interval *out);

/* cb_student_cdf: P(T <= t) for Student's t with df (> 0, not only whole) degrees of
 * freedom; cb_student_quantile its inverse, for 0 < p < 1. */
double cb_student_cdf(double t, double df);
double cb_student_quantile(double p, double df);

/*
 * cb_runs_interval compares repetitions: a (n of them) and b (m) are positive
 * per-repetition figures of two sides (each at least 2).  Welch's t on their logs
 * gives the two-sided p-value, the ratio of their geometric means b / a (as a
 * fraction, in *diff) and its interval at level, so that the spread between
 * repetitions, not only within one, decides.  Returns the p-value.
 */
double cb_runs_interval(const double *a, size_t n, const double *b, size_t m, double level,
                        double *diff, cb_interval *out);

#endif
