/*
 * reports/audit/model.c - an audit's samples gathered and judged
 * (reports/audit/audit.h).
 */
#include "reports/audit/audit.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"
#include "kernels/registry.h"
#include "kernels/select.h"

cb_audit *cb_audit_new(void)
{
    return cb_xcalloc(1, sizeof(cb_audit));
}

void cb_audit_free(cb_audit *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n; i++)
        for (size_t k = 0; k < a->rows[i].nsizes; k++)
            free(a->rows[i].cell[k].rates);
    free(a->rows);
    free(a->cross);
    free(a->miss);
    free(a);
}

static cb_audit_row *row_of(cb_audit *a, const cb_alg *alg, cb_dir d)
{
    for (size_t i = 0; i < a->n; i++)
        if (a->rows[i].alg == alg && a->rows[i].dir == d)
            return &a->rows[i];
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->rows = cb_xrealloc(a->rows, a->cap * sizeof *a->rows);
    }
    cb_audit_row *r = &a->rows[a->n++];
    memset(r, 0, sizeof *r);
    r->alg = alg;
    r->dir = d;
    r->auto_j = -1;
    return r;
}

/* candidate_of: v's index in r, added when new; -1 when r is full. */
static int candidate_of(cb_audit_row *r, const cb_variant *v)
{
    for (size_t j = 0; j < r->k; j++)
        if (r->var[j] == v)
            return (int)j;
    if (r->k == CB_FASTEST_MAX)
        return -1;
    r->var[r->k] = v;
    r->name[r->k] = v->name;
    return (int)r->k++;
}

static cb_audit_cell *cell_of(cb_audit_row *r, size_t bytes)
{
    for (size_t k = 0; k < r->nsizes; k++)
        if (r->cell[k].bytes == bytes)
            return &r->cell[k];
    if (r->nsizes == CB_AUDIT_MAX_SIZES)
        return NULL;
    cb_audit_cell *c = &r->cell[r->nsizes++];
    memset(c, 0, sizeof *c);
    c->bytes = bytes;
    return c;
}

/* grow makes room in c for round `round`, rows of CB_FASTEST_MAX candidates. */
static void grow(cb_audit_cell *c, size_t round)
{
    if (round < c->cap)
        return;
    size_t cap = c->cap ? c->cap : 64;
    while (cap <= round)
        cap *= 2;
    double *r = cb_xcalloc(CB_FASTEST_MAX * cap, sizeof *r);
    for (size_t j = 0; j < CB_FASTEST_MAX && c->rates; j++)
        memcpy(r + j * cap, c->rates + j * c->cap, c->cap * sizeof *r);
    free(c->rates);
    c->rates = r;
    c->cap = cap;
}

void cb_audit_add(cb_audit *a, const cb_sample *s)
{
    const cb_alg *alg = cb_alg_find(s->alg);
    if (!alg || !cb_sample_measured(s) || !s->paired || s->iterations == 0 || s->seconds <= 0)
        return;
    const cb_variant *v = cb_variant_find(alg, s->variant);
    int d = cb_alg_dir_named(alg, s->direction);
    if (!v || d < 0)
        return;
    cb_audit_row *r = row_of(a, alg, (cb_dir)d);
    int j = candidate_of(r, v);
    cb_audit_cell *c = cell_of(r, s->block_bytes);
    if (j < 0 || !c)
        return;
    grow(c, s->pair);
    c->rates[(size_t)j * c->cap + s->pair] = (double)s->iterations / s->seconds;
    if (s->pair + 1 > c->n)
        c->n = s->pair + 1;
}

/* ---- the sink ---------------------------------------------------------------------- */

static void sink_begin(void *ctx, const cb_sink_run *run)
{
    ((cb_audit *)ctx)->info = run->info;
}

static void sink_sample(void *ctx, const cb_sample *s)
{
    cb_audit_add(ctx, s);
}

static int sink_end(void *ctx, cb_sink_end how)
{
    (void)ctx, (void)how; /* the model is the caller's */
    return 0;
}

cb_sink cb_audit_sink(cb_audit *a)
{
    return (cb_sink){a, sink_begin, NULL, sink_sample, NULL, sink_end};
}

/* ---- the judgement ------------------------------------------------------------------ */

static int by_bytes(const void *x, const void *y)
{
    size_t a = ((const cb_audit_cell *)x)->bytes, b = ((const cb_audit_cell *)y)->bytes;
    return (a > b) - (a < b);
}

static void judge_cell(const cb_audit_row *r, cb_audit_cell *c)
{
    double *v = cb_xmalloc((c->n ? c->n : 1) * sizeof *v);
    int all = r->k >= 2;
    for (size_t j = 0; j < r->k; j++) {
        size_t m = 0;
        for (size_t i = 0; i < c->n; i++)
            if (c->rates[j * c->cap + i] > 0)
                v[m++] = c->rates[j * c->cap + i];
        c->median[j] = m ? cb_median(v, m) : -1;
        all &= m > 0;
    }
    free(v);
    /* the judgement reads rounds with a stride of cap, as n rounds of which the
     * ones past c->n hold no sample */
    c->judged = all && cb_fastest_judge(c->rates, r->k, c->cap, CB_FASTEST_TIE, &c->f) == 0;
}

int cb_audit_winner(const cb_audit_cell *c)
{
    return c->judged && c->f.unique ? (int)c->f.best : -1;
}

int cb_audit_pick(const cb_audit_row *r, const cb_audit_cell *c)
{
    if (!c->judged)
        return -1;
    if (c->f.unique)
        return (int)c->f.best;
    /* no change for noise: auto stays unless it is significantly slower */
    if (r->auto_j >= 0 && c->f.verdict[r->auto_j] != CB_FASTEST_SLOWER)
        return r->auto_j;
    return (int)c->f.best;
}

static void add_cross(cb_audit *a, const cb_audit_cross *x)
{
    a->cross = cb_xrealloc(a->cross, (a->ncross + 1) * sizeof *a->cross);
    a->cross[a->ncross++] = *x;
}

static void add_miss(cb_audit *a, const cb_audit_miss *m)
{
    a->miss = cb_xrealloc(a->miss, (a->nmiss + 1) * sizeof *a->miss);
    a->miss[a->nmiss++] = *m;
}

/* judge_row: the row's cells, then its crossovers (between the significant winners
 * of two measured sizes, the sizes between them won by neither or tied) and the
 * sizes where auto's pick is significantly slower than the fastest. */
static void judge_row(cb_audit *a, size_t ri, cb_caps caps)
{
    cb_audit_row *r = &a->rows[ri];
    qsort(r->cell, r->nsizes, sizeof r->cell[0], by_bytes);
    r->auto_var = cb_select_auto_at(r->alg, r->dir, caps, r->nsizes ? r->cell[0].bytes : 0);
    r->auto_j = -1;
    for (size_t j = 0; j < r->k; j++)
        if (a->auto_name ? strcmp(r->name[j], a->auto_name) == 0 : r->var[j] == r->auto_var)
            r->auto_j = (int)j;
    if (a->auto_name && r->auto_j >= 0)
        r->auto_var = r->var[r->auto_j];
    int prev = -1;
    size_t prev_bytes = 0;
    for (size_t k = 0; k < r->nsizes; k++) {
        cb_audit_cell *c = &r->cell[k];
        judge_cell(r, c);
        int w = cb_audit_winner(c);
        if (w >= 0 && prev >= 0 && w != prev)
            add_cross(a, &(cb_audit_cross){ri, (size_t)prev, (size_t)w, prev_bytes, c->bytes});
        if (w >= 0)
            prev = w, prev_bytes = c->bytes;
        int aj = r->auto_j;
        if (c->judged && aj >= 0 && c->f.verdict[aj] == CB_FASTEST_SLOWER) {
            cb_audit_miss m = {ri, k, 0, 0, 0};
            cb_fastest_faster_pct(&c->f, (size_t)aj, &m.est, &m.lo, &m.hi);
            add_miss(a, &m);
        }
    }
}

void cb_audit_judge(cb_audit *a, cb_caps caps)
{
    a->ncross = a->nmiss = 0;
    for (size_t i = 0; i < a->n; i++)
        judge_row(a, i, caps);
}

size_t cb_audit_gate(const cb_audit *a, double pct)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nmiss; i++)
        n += a->miss[i].lo > pct;
    return n;
}

void cb_audit_tune(const cb_audit *a, cb_tune *t)
{
    for (size_t i = 0; i < a->n; i++) {
        const cb_audit_row *r = &a->rows[i];
        for (size_t k = 0; k < r->nsizes; k++) {
            int p = cb_audit_pick(r, &r->cell[k]);
            if (p < 0)
                continue;
            size_t from = r->cell[k].bytes;
            size_t to = k + 1 < r->nsizes ? r->cell[k + 1].bytes - 1 : from;
            cb_tune_add(t, r->alg, r->dir, from, to, r->var[p]);
        }
    }
}
