/*
 * base/paired.c - the signed-rank interval of paired log-ratios and the gate's
 * sequence of looks (base/paired.h).
 *
 * References: Wilcoxon (1945) for the signed-rank statistic and the recurrence of
 * its null distribution; Hodges & Lehmann (1963) for the estimate; Tukey's Walsh
 * averages and Hollander & Wolfe (1999), ch. 3.1-3.2, for the interval and its
 * normal approximation.
 */
#include "base/paired.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

/* Up to here the exact distribution (n(n+1)/2 + 1 terms, built in n steps) is cheap
 * and a double holds its probabilities without loss that matters; beyond, the normal
 * approximation is within 0.1% of it. */
#define EXACT_MAX_PAIRS 60

/* pi^2 / 6: the sum of 1 / j^2, which makes the looks' shares of alpha sum to it. */
#define ZETA2 1.6449340668482264

/* exact_pmf returns P(T+ = s) for s = 0..n(n+1)/2: pair k either leaves T+ or adds
 * its rank k, each with 1/2; going down, q[s - k] is still the value before pair k. */
static double *exact_pmf(size_t n)
{
    size_t m = n * (n + 1) / 2;
    double *q = cb_xcalloc(m + 1, sizeof *q);
    q[0] = 1;
    for (size_t k = 1; k <= n; k++)
        for (size_t s = k * (k + 1) / 2 + 1; s-- > 0;)
            q[s] = (q[s] + (s >= k ? q[s - k] : 0)) / 2;
    return q;
}

double cb_signed_rank_cdf(size_t n, double t)
{
    double total = (double)n * (double)(n + 1) / 2;
    if (t < 0)
        return 0;
    if (t >= total)
        return 1;
    if (n > EXACT_MAX_PAIRS) {
        double sd = sqrt((double)n * (double)(n + 1) * (double)(2 * n + 1) / 24);
        return 0.5 * erfc(-(floor(t) + 0.5 - total / 2) / (sd * sqrt(2)));
    }
    double *q = exact_pmf(n), cdf = 0;
    for (size_t s = 0; s <= (size_t)t; s++)
        cdf += q[s];
    free(q);
    return cdf > 1 ? 1 : cdf;
}

size_t cb_walsh_rank(size_t n, double alpha, double *level)
{
    double total = (double)n * (double)(n + 1) / 2;
    size_t k = 0;
    if (n > EXACT_MAX_PAIRS) {
        /* the largest k with P(T+ <= k - 1) <= alpha / 2 under the approximation */
        double sd = sqrt((double)n * (double)(n + 1) * (double)(2 * n + 1) / 24);
        double lo = 0, hi = 40; /* z by bisection: erfc is all libm offers */
        for (int i = 0; i < 200; i++) {
            double z = (lo + hi) / 2;
            if (0.5 * erfc(z / sqrt(2)) > alpha / 2)
                lo = z;
            else
                hi = z;
        }
        double kk = floor(total / 2 - hi * sd + 0.5);
        k = kk < 0 ? 0 : (size_t)kk;
        while (k > 0 && cb_signed_rank_cdf(n, (double)k - 1) > alpha / 2)
            k--;
    } else {
        double *q = exact_pmf(n), cdf = q[0];
        while ((double)k < total / 2 && cdf <= alpha / 2)
            cdf += q[++k];
        free(q);
    }
    if (k == 0)
        k = 1; /* too few pairs for the level asked: the widest interval there is */
    *level = 1 - 2 * cb_signed_rank_cdf(n, (double)k - 1);
    return k;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The n(n+1)/2 Walsh averages of thousands of pairs do not fit in memory, so their
 * order statistics are found on the sorted d without listing them (after Monahan,
 * "Fast computation of the Hodges-Lehmann location estimator", 1984): count how many
 * lie at or below a value, bisect the value, then snap to the average itself. */

/* walsh_at_most counts the averages (s[i] + s[j]) / 2, i <= j, that are <= x (or < x
 * when strict), s sorted ascending. */
static double walsh_at_most(const double *s, size_t n, double x, int strict)
{
    double count = 0;
    size_t j = n;
    for (size_t i = 0; i < n; i++) {
        while (j > i) {
            double w = (s[i] + s[j - 1]) / 2;
            if (strict ? w < x : w <= x)
                break;
            j--;
        }
        if (j <= i)
            break;
        count += (double)(j - i);
    }
    return count;
}

/* walsh_above is the smallest average greater than x, s sorted ascending. */
static double walsh_above(const double *s, size_t n, double x)
{
    double best = INFINITY;
    for (size_t i = 0; i < n; i++) {
        size_t lo = i, hi = n; /* the first j in [i, n) whose average exceeds x */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if ((s[i] + s[mid]) / 2 > x)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo < n && (s[i] + s[lo]) / 2 < best)
            best = (s[i] + s[lo]) / 2;
    }
    return best;
}

/* walsh_kth is the k-th smallest average (1-based), s sorted ascending. */
static double walsh_kth(const double *s, size_t n, double k)
{
    double lo = s[0] - 1, hi = s[n - 1];
    for (int i = 0; i < 2100; i++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            break;
        if (walsh_at_most(s, n, mid, 0) >= k)
            hi = mid;
        else
            lo = mid;
    }
    return walsh_above(s, n, lo);
}

int cb_paired_hl(const double *d, size_t n, double alpha, cb_paired_est *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return -1;
    double m = (double)n * (double)(n + 1) / 2;
    double *s = cb_xmalloc(n * sizeof *s);
    memcpy(s, d, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    /* T+ is the number of positive Walsh averages (a zero counts half), so the
     * p-value comes with them */
    double below = walsh_at_most(s, n, 0, 1), zero = walsh_at_most(s, n, 0, 0) - below;
    double pos = m - below - zero + zero / 2;
    double tail = cb_signed_rank_cdf(n, pos < m / 2 ? pos : m - pos);
    out->p = tail * 2 > 1 ? 1 : tail * 2;
    size_t k = cb_walsh_rank(n, alpha, &out->level);
    out->n = n;
    out->lo = walsh_kth(s, n, (double)k);
    out->hi = walsh_kth(s, n, m + 1 - (double)k);
    double mid = walsh_kth(s, n, floor(m / 2) + 1);
    out->est = fmod(m, 2) != 0 ? mid : (mid + walsh_kth(s, n, m / 2)) / 2;
    free(s);
    return 0;
}

const char *cb_gate_decision_name(cb_gate_decision d)
{
    return d == CB_GATE_PASS ? "pass" : d == CB_GATE_REGRESSION ? "regression" : "undecided";
}

size_t cb_gate_look_at(unsigned j)
{
    size_t base = (size_t)16 << ((j - 1) / 2);
    return (j - 1) % 2 ? base * 3 / 2 : base;
}

double cb_gate_alpha(double alpha, unsigned j)
{
    return alpha / (ZETA2 * (double)j * (double)j);
}

int cb_gate_due(size_t n)
{
    for (unsigned j = 1; cb_gate_look_at(j) <= n; j++)
        if (cb_gate_look_at(j) == n)
            return 1;
    return 0;
}

/* ratio_pct turns a log-ratio into the percent difference it means. */
static double ratio_pct(double log_ratio)
{
    return (exp(log_ratio) - 1) * 100;
}

/* looks_over calls look for each look over n pairs, in order, until it returns
 * non-zero: the scheduled ones, then one at n when n is not one. */
typedef int look_fn(void *ctx, unsigned j, const cb_paired_est *e);

static int looks_over(const double *d, size_t n, double alpha, look_fn *look, void *ctx)
{
    unsigned j = 1;
    cb_paired_est e;
    for (; cb_gate_look_at(j) <= n; j++) {
        cb_paired_hl(d, cb_gate_look_at(j), cb_gate_alpha(alpha, j), &e);
        if (look(ctx, j, &e))
            return 0;
    }
    if (j == 1 || cb_gate_look_at(j - 1) != n) {
        cb_paired_hl(d, n, cb_gate_alpha(alpha, j), &e);
        look(ctx, j, &e);
    }
    return 0;
}

/* short_of_level: too few pairs for look j's level (a last look after a handful of
 * pairs, where even the widest interval is less sure): it decides nothing. */
static int short_of_level(const cb_paired_est *e, double alpha, unsigned j)
{
    return e->level < 1 - cb_gate_alpha(alpha, j) - 1e-12;
}

typedef struct judging {
    double pct, alpha;
    cb_gate_result *out;
} judging;

static int judge_look(void *ctx, unsigned j, const cb_paired_est *e)
{
    judging *g = ctx;
    g->out->looks = j;
    g->out->last = *e;
    if (g->pct <= 0 || short_of_level(e, g->alpha, j))
        return 0;
    if (ratio_pct(e->lo) > -g->pct)
        g->out->decision = CB_GATE_PASS;
    else if (ratio_pct(e->hi) < -g->pct)
        g->out->decision = CB_GATE_REGRESSION;
    return g->out->decision != CB_GATE_UNDECIDED;
}

int cb_gate_judge(const double *d, size_t n, double pct, double alpha, cb_gate_result *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return -1;
    judging g = {pct, alpha, out};
    return looks_over(d, n, alpha, judge_look, &g);
}

typedef struct alarm {
    double alpha;
    double no_pass_below; /* thresholds up to this passed at no earlier look */
    double worst;         /* the largest threshold found to flag */
} alarm;

static int alarm_look(void *ctx, unsigned j, const cb_paired_est *e)
{
    alarm *a = ctx;
    if (short_of_level(e, a->alpha, j))
        return 0;
    double flag_below = -ratio_pct(e->hi);
    double at = flag_below < a->no_pass_below ? flag_below : a->no_pass_below;
    if (at > a->worst)
        a->worst = at;
    if (-ratio_pct(e->lo) < a->no_pass_below)
        a->no_pass_below = -ratio_pct(e->lo);
    return a->no_pass_below <= 0; /* every positive threshold passed already */
}

double cb_gate_false_alarm_at(const double *d, size_t n, double alpha)
{
    alarm a = {alpha, INFINITY, 0};
    if (n)
        looks_over(d, n, alpha, alarm_look, &a);
    return a.worst;
}
