/*
 * base/stats.c - median, geometric mean, Mann-Whitney U and its interval.
 *
 * References: Mann & Whitney (1947) for the test and the recurrence of its null
 * distribution; Bauer (1972), "Constructing confidence sets using rank statistics",
 * for the interval from the sorted pairwise differences; Lehmann, "Nonparametrics"
 * (1975), ch. 1-2, for the tie-corrected normal approximation.
 */
#include "base/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

/* Beyond this many pairs the exact distribution costs more than it is worth: the
 * normal approximation is then within a fraction of a percent of it. */
#define EXACT_MAX_PAIRS 2500

typedef struct dist {
    size_t n, m;   /* n <= m */
    double *cdf;   /* cdf[k] = P(U <= k), k = 0..n*m */
} dist;

struct cb_stats {
    dist *d;
    size_t count;
};

cb_stats *cb_stats_new(void)
{
    return cb_xcalloc(1, sizeof(cb_stats));
}

void cb_stats_free(cb_stats *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->count; i++)
        free(st->d[i].cdf);
    free(st->d);
    free(st);
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

double cb_median(double *v, size_t n)
{
    if (n == 0)
        return NAN;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void cb_median_ci(const double *v, size_t n, double *lo, double *hi)
{
    *lo = *hi = 0;
    if (n == 0)
        return;
    double *s = cb_xmalloc(n * sizeof *s);
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

double cb_cv(const double *v, size_t n)
{
    double sum = 0, sq = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i];
        sq += v[i] * v[i];
    }
    double mean = n ? sum / (double)n : 0;
    double var = n > 1 ? (sq - sum * mean) / (double)(n - 1) : 0;
    return mean > 0 && var > 0 ? sqrt(var) / mean : 0;
}

double cb_geomean(const double *v, size_t n)
{
    if (n == 0)
        return NAN;
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += log(v[i]);
    return exp(s / (double)n);
}

/*
 * build_dist counts, for every k, the orderings of n + m distinct values in which
 * U = k, using: the largest value belongs to the second sample (and beats all n
 * values of the first) or to the first, so c(n, m)[k] = c(n, m-1)[k-n] + c(n-1, m)[k].
 */
static double *build_dist(size_t n, size_t m)
{
    size_t width = n * m + 1;
    double *prev = cb_xcalloc((m + 1) * width, sizeof *prev); /* row n' - 1 */
    double *cur = cb_xcalloc((m + 1) * width, sizeof *cur);   /* row n' */
    for (size_t j = 0; j <= m; j++)
        prev[j * width] = 1; /* c(0, j) has one ordering, U = 0 */
    for (size_t i = 1; i <= n; i++) {
        memset(cur, 0, (m + 1) * width * sizeof *cur);
        cur[0] = 1; /* c(i, 0) */
        for (size_t j = 1; j <= m; j++) {
            double *c = cur + j * width;
            const double *left = cur + (j - 1) * width, *up = prev + j * width;
            for (size_t k = 0; k <= i * j; k++)
                c[k] = up[k] + (k >= i ? left[k - i] : 0);
        }
        double *t = prev;
        prev = cur;
        cur = t;
    }
    double *counts = prev + m * width, total = 0;
    double *cdf = cb_xmalloc(width * sizeof *cdf);
    for (size_t k = 0; k < width; k++)
        total += counts[k];
    double run = 0;
    for (size_t k = 0; k < width; k++) {
        run += counts[k];
        cdf[k] = run / total;
    }
    free(prev);
    free(cur);
    return cdf;
}

/* exact_cdf returns the cached distribution of U for sizes n and m. */
static const double *exact_cdf(cb_stats *st, size_t n, size_t m)
{
    if (n > m) {
        size_t t = n;
        n = m;
        m = t;
    }
    for (size_t i = 0; i < st->count; i++)
        if (st->d[i].n == n && st->d[i].m == m)
            return st->d[i].cdf;
    st->d = cb_xrealloc(st->d, (st->count + 1) * sizeof *st->d);
    st->d[st->count] = (dist){n, m, build_dist(n, m)};
    return st->d[st->count++].cdf;
}

typedef struct ranked {
    double v;
    int second; /* belongs to b */
} ranked;

static int cmp_ranked(const void *x, const void *y)
{
    return cmp_double(&((const ranked *)x)->v, &((const ranked *)y)->v);
}

/* u_statistic returns U for b (pairs with b above a, ties counting one half) and
 * the tie term sum(t^3 - t) over groups of equal values. */
static double u_statistic(const double *a, size_t n, const double *b, size_t m, double *ties)
{
    size_t N = n + m;
    ranked *r = cb_xmalloc(N * sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (ranked){a[i], 0};
    for (size_t j = 0; j < m; j++)
        r[n + j] = (ranked){b[j], 1};
    qsort(r, N, sizeof *r, cmp_ranked);
    double rank_sum = 0;
    *ties = 0;
    for (size_t i = 0; i < N;) {
        size_t e = i;
        while (e + 1 < N && r[e + 1].v == r[i].v)
            e++;
        double t = (double)(e - i + 1), mid = (double)(i + e) / 2 + 1;
        *ties += t * t * t - t;
        for (size_t k = i; k <= e; k++)
            if (r[k].second)
                rank_sum += mid;
        i = e + 1;
    }
    free(r);
    return rank_sum - (double)m * (double)(m + 1) / 2;
}

static double normal_sf(double z) { return 0.5 * erfc(z / sqrt(2.0)); }

double cb_mann_whitney(cb_stats *st, const double *a, size_t n, const double *b, size_t m)
{
    if (n == 0 || m == 0)
        return NAN;
    double ties;
    double u = u_statistic(a, n, b, m, &ties);
    double nm = (double)n * (double)m;
    if (ties == 0 && nm <= EXACT_MAX_PAIRS) {
        const double *cdf = exact_cdf(st, n, m);
        size_t k = (size_t)u;
        double below = cdf[k], above = 1 - (k ? cdf[k - 1] : 0);
        double p = 2 * fmin(below, above);
        return p > 1 ? 1 : p;
    }
    double N = (double)(n + m);
    double var = nm / 12 * ((N + 1) - ties / (N * (N - 1)));
    if (!(var > 0))
        return 1; /* every value equal: no evidence of any difference */
    double z = (fabs(u - nm / 2) - 0.5) / sqrt(var);
    double p = 2 * normal_sf(z > 0 ? z : 0);
    return p > 1 ? 1 : p;
}

/* normal_quantile returns z with P(Z > z) = q, by bisection: called once per
 * interval, so simplicity beats a rational approximation. */
static double normal_quantile(double q)
{
    double lo = 0, hi = 40;
    for (int i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        if (normal_sf(mid) > q)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/*
 * interval_rank finds k (1-based) so that [D(k), D(nm+1-k)] of the sorted pairwise
 * differences covers the shift with probability >= level, and the level achieved.
 */
static size_t interval_rank(cb_stats *st, size_t n, size_t m, double level, double *achieved)
{
    size_t pairs = n * m;
    double tail = (1 - level) / 2;
    size_t k = 1;
    if (pairs <= EXACT_MAX_PAIRS) {
        const double *cdf = exact_cdf(st, n, m);
        /* P(U <= k - 1) <= tail; the largest such k gives the shortest interval. */
        while (k < (pairs + 1) / 2 && cdf[k] <= tail)
            k++;
        *achieved = 1 - 2 * cdf[k - 1];
        return k;
    }
    double nm = (double)pairs, N = (double)(n + m);
    double sd = sqrt(nm * (N + 1) / 12);
    double z = normal_quantile(tail);
    double kk = floor(nm / 2 - z * sd + 0.5);
    k = kk < 1 ? 1 : (size_t)kk;
    *achieved = 1 - 2 * (1 - normal_sf(((double)k - 0.5 - nm / 2) / sd));
    return k;
}

int cb_ratio_interval(cb_stats *st, const double *a, size_t n, const double *b, size_t m,
                      double level, cb_interval *out)
{
    if (n == 0 || m == 0)
        return -1;
    size_t pairs = n * m;
    double *d = cb_xmalloc(pairs * sizeof *d);
    double *la = cb_xmalloc(n * sizeof *la);
    for (size_t i = 0; i < n; i++)
        la[i] = log(a[i]);
    for (size_t j = 0, k = 0; j < m; j++) {
        double lb = log(b[j]);
        for (size_t i = 0; i < n; i++)
            d[k++] = lb - la[i];
    }
    free(la);
    qsort(d, pairs, sizeof *d, cmp_double);
    size_t k = interval_rank(st, n, m, level, &out->level);
    out->lo = expm1(d[k - 1]);
    out->hi = expm1(d[pairs - k]);
    free(d);
    return 0;
}

/* The density of Student's t, for the integral below. */
static double student_pdf(double x, double df)
{
    return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
               (df + 1) / 2 * log1p(x * x / df));
}

double cb_student_cdf(double t, double df)
{
    /* Simpson's rule from 0 to |t| (the density is smooth and bounded): 1e-9 accurate
     * with 2000 panels over the range that matters, and beyond 60 the tail is nil for
     * any df a comparison has. */
    double x = fabs(t) < 60 ? fabs(t) : 60, h = x / 2000, sum = 0;
    for (int i = 0; i <= 2000; i++) {
        double w = i == 0 || i == 2000 ? 1 : i % 2 ? 4 : 2;
        sum += w * student_pdf(i * h, df);
    }
    double half = sum * h / 3;
    half = half > 0.5 ? 0.5 : half;
    return t >= 0 ? 0.5 + half : 0.5 - half;
}

double cb_student_quantile(double p, double df)
{
    double lo = -1e3, hi = 1e3;
    for (int i = 0; i < 80; i++) {
        double mid = (lo + hi) / 2;
        if (cb_student_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* mean_var: the mean and sample variance of the logs of v[0..n). */
static void mean_var(const double *v, size_t n, double *mean, double *var)
{
    double s = 0, q = 0;
    for (size_t i = 0; i < n; i++)
        s += log(v[i]);
    *mean = s / (double)n;
    for (size_t i = 0; i < n; i++)
        q += (log(v[i]) - *mean) * (log(v[i]) - *mean);
    *var = n > 1 ? q / (double)(n - 1) : 0;
}

double cb_runs_interval(const double *a, size_t n, const double *b, size_t m, double level,
                        double *diff, cb_interval *out)
{
    double ma, va, mb, vb;
    mean_var(a, n, &ma, &va);
    mean_var(b, m, &mb, &vb);
    double d = mb - ma, qa = va / (double)n, qb = vb / (double)m, se = sqrt(qa + qb);
    /* Welch-Satterthwaite degrees of freedom; with no spread at all, the pooled ones */
    double df = qa + qb > 0 ? (qa + qb) * (qa + qb) /
                                  (qa * qa / (double)(n - 1) + qb * qb / (double)(m - 1))
                            : (double)(n + m - 2);
    double t = cb_student_quantile(1 - (1 - level) / 2, df);
    *diff = exp(d) - 1;
    out->lo = exp(d - t * se) - 1;
    out->hi = exp(d + t * se) - 1;
    out->level = level;
    if (se == 0)
        return d == 0 ? 1 : 0;
    return 2 * cb_student_cdf(-fabs(d / se), df);
}
