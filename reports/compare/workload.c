/*
 * reports/compare/workload.c - the weighted before/after of reports/compare/workload.h.
 */
#include "reports/compare/workload.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

/* CB_WL_SIZES: the compared sizes of one figure (a dense audit sweep has ~40). */
#define CB_WL_SIZES 256

/* same_str compares two names either of which may be NULL. */
static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* same_group: a and b differ in nothing but the block size. */
static int same_group(const cb_cmp_case *a, const cb_cmp_case *b)
{
    return same_str(a->alg, b->alg) && same_str(a->direction, b->direction) &&
           same_str(a->variant_before, b->variant_before) &&
           same_str(a->variant_after, b->variant_after) && a->key_bits == b->key_bits &&
           a->misalign == b->misalign && a->aead == b->aead && a->workers == b->workers &&
           same_str(a->mask, b->mask);
}

/* weighable: a rate case with a block size and a ratio. */
static int weighable(const cb_cmp_case *k)
{
    return !k->cycles && k->block_bytes > 0 && k->ops_before > 0 && isfinite(k->diff_pct) &&
           k->diff_pct > -100;
}

/* figure computes the figure of the group of cases led by c->cases[first]. */
static void figure(const cb_comparison *c, size_t first, const cb_workload *w, cb_wl_figure *f)
{
    size_t n = 0, sizes[CB_WL_SIZES];
    double tb[CB_WL_SIZES], ta[3][CB_WL_SIZES];
    int have_ci = 1;
    const cb_cmp_case *lead = &c->cases[first];
    for (size_t i = first; i < c->n && n < CB_WL_SIZES; i++) {
        const cb_cmp_case *k = &c->cases[i];
        if (!weighable(k) || !same_group(lead, k))
            continue;
        /* ascending by size; a size seen twice keeps its first case */
        size_t at = 0;
        while (at < n && sizes[at] < k->block_bytes)
            at++;
        if (at < n && sizes[at] == k->block_bytes)
            continue;
        memmove(&sizes[at + 1], &sizes[at], (n - at) * sizeof sizes[0]);
        memmove(&tb[at + 1], &tb[at], (n - at) * sizeof tb[0]);
        for (int j = 0; j < 3; j++)
            memmove(&ta[j][at + 1], &ta[j][at], (n - at) * sizeof ta[j][0]);
        sizes[at] = k->block_bytes;
        tb[at] = 1 / k->ops_before;
        ta[0][at] = tb[at] / (1 + k->diff_pct / 100);
        if (isnan(k->ci.lo) || isnan(k->ci.hi) || k->ci.lo <= -1 || k->ci.hi <= -1) {
            have_ci = 0;
            ta[1][at] = ta[2][at] = ta[0][at];
        } else {
            ta[1][at] = tb[at] / (1 + k->ci.lo);  /* the slow end */
            ta[2][at] = tb[at] / (1 + k->ci.hi);  /* the fast end */
        }
        n++;
    }
    memset(f, 0, sizeof *f);
    f->k = lead;
    f->lo_pct = f->hi_pct = NAN;
    f->before = cb_workload_rate(w, sizes, tb, n, &f->missing);
    f->after = f->before < 0 ? -1 : cb_workload_rate(w, sizes, ta[0], n, &f->missing);
    if (f->before < 0 || f->after < 0) {
        f->before = f->after = -1;
        return;
    }
    f->diff_pct = (f->after / f->before - 1) * 100;
    if (have_ci) {
        f->lo_pct = (cb_workload_rate(w, sizes, ta[1], n, NULL) / f->before - 1) * 100;
        f->hi_pct = (cb_workload_rate(w, sizes, ta[2], n, NULL) / f->before - 1) * 100;
    }
}

cb_wl_figure *cb_wl_figures(const cb_comparison *c, const cb_workload *w, size_t *n)
{
    cb_wl_figure *out = NULL;
    size_t m = 0;
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        if (!weighable(k))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = weighable(&c->cases[j]) && same_group(&c->cases[j], k);
        if (seen)
            continue;
        out = cb_xrealloc(out, (m + 1) * sizeof *out);
        figure(c, i, w, &out[m++]);
    }
    *n = m;
    return out;
}
