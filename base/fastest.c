/*
 * base/fastest.c - the fastest of k candidates sampled in rounds (base/fastest.h).
 */
#include "base/fastest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"

/* best_of: the candidate of the highest median rate over the first m rounds. */
static size_t best_of(const double *const *r, size_t k, size_t m)
{
    double *v = cb_xmalloc(m * sizeof *v), top = -1;
    size_t best = 0;
    for (size_t j = 0; j < k; j++) {
        memcpy(v, r[j], m * sizeof *v);
        double med = cb_median(v, m);
        if (med > top)
            top = med, best = j;
    }
    free(v);
    return best;
}

/* look judges the first m rounds at error alpha (this look's, before the split). */
static void look(const double *const *r, size_t k, size_t m, double alpha, double tie,
                 cb_fastest *out)
{
    double *d = cb_xmalloc(m * sizeof *d);
    double each = alpha / (double)(k - 1);
    out->n = m;
    out->best = best_of(r, k, m);
    out->resolved = out->unique = 1;
    for (size_t j = 0; j < k; j++) {
        cb_paired_est *e = &out->vs[j];
        if (j == out->best) {
            memset(e, 0, sizeof *e);
            e->n = m;
            e->level = 1;
            e->p = 1;
            out->verdict[j] = CB_FASTEST_IS_BEST;
            continue;
        }
        for (size_t i = 0; i < m; i++)
            d[i] = log(r[j][i] / r[out->best][i]);
        cb_paired_hl(d, m, each, e);
        /* too few rounds for this look's level decide nothing (as the gate) */
        int sure = e->level >= 1 - each - 1e-12;
        /* a difference shown to lie within the band is a tie however significant:
         * no dispatch decision should chase it */
        if (sure && e->lo > log(1 - tie) && e->hi < log(1 + tie))
            out->verdict[j] = CB_FASTEST_TIED;
        else if (sure && e->hi < 0)
            out->verdict[j] = CB_FASTEST_SLOWER;
        else
            out->verdict[j] = CB_FASTEST_UNDECIDED;
        out->resolved &= out->verdict[j] != CB_FASTEST_UNDECIDED;
        out->unique &= out->verdict[j] == CB_FASTEST_SLOWER;
    }
    free(d);
}

int cb_fastest_judge(const double *rates, size_t k, size_t n, double tie, cb_fastest *out)
{
    memset(out, 0, sizeof *out);
    if (k < 2 || k > CB_FASTEST_MAX)
        return -1;
    out->k = k;
    /* the usable rounds, candidate by candidate */
    double *keep = cb_xmalloc(k * (n ? n : 1) * sizeof *keep);
    const double *r[CB_FASTEST_MAX];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        int ok = 1;
        for (size_t j = 0; j < k; j++)
            ok &= rates[j * n + i] > 0;
        for (size_t j = 0; ok && j < k; j++)
            keep[j * n + m] = rates[j * n + i];
        m += (size_t)ok;
    }
    if (m == 0) {
        free(keep);
        return -1;
    }
    for (size_t j = 0; j < k; j++)
        r[j] = keep + j * n;
    unsigned j = 1;
    for (; cb_gate_look_at(j) <= m; j++) {
        out->looks = j;
        look(r, k, cb_gate_look_at(j), cb_gate_alpha(CB_GATE_ALPHA, j), tie, out);
        if (out->resolved) {
            free(keep);
            return 0;
        }
    }
    if (j == 1 || cb_gate_look_at(j - 1) != m) {
        out->looks = j;
        look(r, k, m, cb_gate_alpha(CB_GATE_ALPHA, j), tie, out);
    }
    free(keep);
    return 0;
}

void cb_fastest_faster_pct(const cb_fastest *f, size_t j, double *est, double *lo,
                           double *hi)
{
    const cb_paired_est *e = &f->vs[j];
    *est = (exp(-e->est) - 1) * 100;
    *lo = (exp(-e->hi) - 1) * 100;
    *hi = (exp(-e->lo) - 1) * 100;
}
