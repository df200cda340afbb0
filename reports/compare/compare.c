/*
 * reports/compare/compare.c - matching before and after samples, differences, verdicts and
 * the gate; the renderers (reports/render_*.c) only format what this computes.
 */
#include "reports/compare/compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"
#include "base/paired.h"
#include "kernels/registry.h"
#include "reports/compare/axis.h"
#include "reports/compare/cause.h"
#include "reports/compare/mask.h"
#include "reports/compare/paired.h"

cb_compare_opts cb_compare_default_opts(void)
{
    cb_compare_opts o;
    memset(&o, 0, sizeof o);
    o.alpha = 0.05;
    return o;
}

const char *cb_verdict_name(cb_verdict v)
{
    return v == CB_REGRESSION ? "regression" : v == CB_IMPROVEMENT ? "improvement"
                                                                   : "unchanged";
}

/* ---- grouping -------------------------------------------------------------------- */

typedef struct entry {
    const cb_csv_row *r;
    int after;
    size_t mask; /* index of its mask when the sides compare mask by mask, else 0 */
} entry;

/* Rows share one interned string pool, so equal strings are equal pointers and the
 * sort below groups by identity without comparing text. */
static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return (x > y) - (x < y);
}

#define CMP_NUM(a, b) do { if ((a) != (b)) return (a) < (b) ? -1 : 1; } while (0)

/* cycles_only: an imported tcrypt cycle-mode row, cycles counted and no time. */
static int cycles_only(const cb_csv_row *r)
{
    return r->s.cycles > 0 && !(r->ops_per_sec > 0);
}

/* sample_workers: how many workers ran at once when s was taken (1: a normal run). */
static unsigned sample_workers(const cb_sample *s)
{
    return s->workers > 1 ? s->workers : 1;
}

/* cmp_case orders by everything that identifies a case except the variant; the
 * workers at once too (speed -multi 1,2: each count is a case of its own). */
static int cmp_case(const cb_sample *a, const cb_sample *b)
{
    int c;
    if ((c = cmp_ptr(a->alg, b->alg)) || (c = cmp_ptr(a->direction, b->direction)))
        return c;
    CMP_NUM(a->key_bits, b->key_bits);
    CMP_NUM(a->block_bytes, b->block_bytes);
    CMP_NUM(a->misalign, b->misalign);
    CMP_NUM(a->aead, b->aead);
    CMP_NUM(sample_workers(a), sample_workers(b));
    return 0;
}

/* cmp_slot is cmp_case, then rates before cycles: a case measured both ways forms two
 * slots, next to each other, that never pool. */
static int cmp_slot(const cb_csv_row *a, const cb_csv_row *b)
{
    int c = cmp_case(&a->s, &b->s);
    if (c)
        return c;
    CMP_NUM(cycles_only(a), cycles_only(b));
    return 0;
}

/* entry_case is cmp_case, then the mask (the same for every entry unless two sweeps
 * are compared mask by mask). */
static int entry_case(const entry *a, const entry *b)
{
    int c = cmp_case(&a->r->s, &b->r->s);
    if (c)
        return c;
    CMP_NUM(a->mask, b->mask);
    return 0;
}

/* entry_slot is cmp_slot with the mask: a case's slots in cycles and in rates stay
 * next to each other under one mask. */
static int entry_slot(const entry *a, const entry *b)
{
    int c = entry_case(a, b);
    if (c)
        return c;
    CMP_NUM(cycles_only(a->r), cycles_only(b->r));
    return 0;
}

static int cmp_entry(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = entry_slot(a, b);
    if (c || (c = cmp_ptr(a->r->s.variant, b->r->s.variant)))
        return c;
    CMP_NUM(a->after, b->after);
    return 0;
}

/* A variant's entries within one slot: [b0, b1) before, [a0, a1) after. */
typedef struct vrange {
    const char *variant;
    size_t b0, b1, a0, a1;
} vrange;

/* builder: state while cases are formed. */
typedef struct builder {
    cb_comparison *c;
    const cb_compare_opts *o;
    cb_stats *st;
    entry *e;
    double *vb, *va; /* scratch for one case's rates */
    size_t cap_cases;
    size_t one_sided[2];   /* cases found only before / only after */
    char sided_text[2][1024];
    size_t mixed;          /* cases in cycles on one side and in time on the other */
    char mixed_text[512];
    int pairs_differ;      /* some case paired two different variants */
    int pairs_same;        /* some case paired a variant with itself */
    const char *pair_b, *pair_a; /* the first different pair, for the axis text */
    int pairs_uniform;     /* every different pair is (pair_b, pair_a) */
    cb_causes *causes;     /* the conditions behind each case (compare_cause.h) */
    const cb_case_why **whys; /* case i's, in the order of c->cases */
    size_t *case_mask;     /* case i's mask index (0 unless compared mask by mask) */
    const cb_csv_row **rb, **ra; /* scratch for one case's rows */
} builder;

static int gated(const cb_compare_opts *o, const char *alg)
{
    if (!o->gate_algs)
        return 1;
    for (size_t i = 0; i < o->n_gate_algs; i++)
        if (strcasecmp(o->gate_algs[i], alg) == 0)
            return 1;
    return 0;
}

/* classify applies the threshold rule: significant and the whole interval beyond
 * -P% (criterion's rule); without statistics, the difference alone. */
static cb_verdict classify(const cb_cmp_case *k, double threshold_pct)
{
    if (k->has_stats) {
        if (k->significant && k->ci.hi * 100 < -threshold_pct)
            return CB_REGRESSION;
        if (k->significant && k->ci.lo * 100 > threshold_pct)
            return CB_IMPROVEMENT;
        return CB_UNCHANGED;
    }
    if (k->diff_pct < -threshold_pct)
        return CB_REGRESSION;
    if (k->diff_pct > threshold_pct)
        return CB_IMPROVEMENT;
    return CB_UNCHANGED;
}

/* What rates copies out of each entry. */
enum { OPS, BYTES, CYCLES, SPEED_PER_CYCLE };

/* rates copies one number of each of the entries [i0, i1) into out: operations or
 * bytes per second, cycles per operation, or operations per cycle (a speed, for the
 * statistics of cycles cases). */
static void rates(const entry *e, size_t i0, size_t i1, double *out, int what)
{
    for (size_t i = i0; i < i1; i++) {
        const cb_csv_row *r = e[i].r;
        double per_op = r->s.iterations ? r->s.cycles / (double)r->s.iterations : NAN;
        out[i - i0] = what == OPS ? r->ops_per_sec : what == BYTES ? r->bytes_per_sec
                      : what == CYCLES ? per_op : 1 / per_op;
    }
}

double cb_case_ratio(const cb_cmp_case *k)
{
    return 1 + k->diff_pct / 100;
}

/* case_medians fills the medians and the difference of k; vb and va are left holding
 * the speeds the statistics compare. */
static void case_medians(builder *b, cb_cmp_case *k, const vrange *before,
                         const vrange *after)
{
    k->ops_before = k->ops_after = k->bps_before = k->bps_after = NAN;
    k->cycles_before = k->cycles_after = NAN;
    if (k->cycles) {
        rates(b->e, before->b0, before->b1, b->vb, CYCLES);
        rates(b->e, after->a0, after->a1, b->va, CYCLES);
        k->cycles_before = cb_median(b->vb, k->n_before);
        k->cycles_after = cb_median(b->va, k->n_after);
        k->diff_pct = k->cycles_before / k->cycles_after * 100 - 100;
        rates(b->e, before->b0, before->b1, b->vb, SPEED_PER_CYCLE);
        rates(b->e, after->a0, after->a1, b->va, SPEED_PER_CYCLE);
        return;
    }
    rates(b->e, before->b0, before->b1, b->vb, BYTES);
    rates(b->e, after->a0, after->a1, b->va, BYTES);
    k->bps_before = cb_median(b->vb, k->n_before);
    k->bps_after = cb_median(b->va, k->n_after);
    rates(b->e, before->b0, before->b1, b->vb, OPS);
    rates(b->e, after->a0, after->a1, b->va, OPS);
    k->ops_before = cb_median(b->vb, k->n_before);
    k->ops_after = cb_median(b->va, k->n_after);
    k->diff_pct = k->ops_after / k->ops_before * 100 - 100;
}

/* ---- separate runs: the canary and the repetitions -------------------------------- */

const char *cb_case_judged(const cb_cmp_case *k)
{
    if (k->paired)
        return "pairs";
    if (k->between_runs)
        return k->normalised ? "runs/canary" : "runs";
    if (!k->has_stats)
        return "none";
    return k->normalised ? "samples/canary" : "samples";
}

static double canary_rate(const cb_csv_row *r)
{
    return (double)r->s.canary_iterations / r->s.canary_seconds;
}

static int has_canary(const cb_csv_row *r)
{
    return r->s.canary_seconds > 0 && r->s.canary && r->s.canary[0];
}

/* canary_alike: may case / canary be compared between rb and ra?  Every row of both
 * must carry a canary of one class and one checksum; when both carry canaries that
 * differ, the first refusal is said in c->canary_why. */
static int canary_alike(cb_comparison *c, const cb_csv_row *const *rb, size_t nb,
                        const cb_csv_row *const *ra, size_t na)
{
    const cb_csv_row *first = rb[0];
    int all = 1, some = 0;
    for (size_t side = 0; side < 2; side++) {
        const cb_csv_row *const *r = side ? ra : rb;
        size_t n = side ? na : nb;
        for (size_t i = 0; i < n; i++) {
            int has = has_canary(r[i]) && r[i]->s.workers <= 1; /* -multi: summed rows */
            some += has;
            all &= has;
        }
    }
    if (!all)
        return 0;
    for (size_t i = 0; i < na; i++) {
        const cb_sample *x = &first->s, *y = &ra[i]->s;
        if (strcmp(x->canary, y->canary) == 0 && strcmp(x->canary_sum, y->canary_sum) == 0)
            continue;
        if (c->canary_refused++ == 0)
            snprintf(c->canary_why, sizeof c->canary_why, "%s canary %s (code %s) before, %s "
                     "(code %s) after", x->alg, x->canary, x->canary_sum, y->canary,
                     y->canary_sum);
        return 0;
    }
    for (size_t i = 0; i < nb; i++)
        if (strcmp(first->s.canary, rb[i]->s.canary) || strcmp(first->s.canary_sum,
                                                                rb[i]->s.canary_sum))
            return 0; /* one file mixing canaries: not normalised, nothing to refuse */
    (void)some;
    return 1;
}

/* sample_values: each row's speed, divided by its canary's when norm. */
static void sample_values(const cb_csv_row *const *r, size_t n, int norm, double *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = r[i]->ops_per_sec / (norm ? canary_rate(r[i]) : 1);
}

/* spread: the median absolute deviation of the logs of v[0..n) (scratch: n values):
 * how much a side's samples, all its repetitions together, disagree. */
static double spread(const double *v, size_t n, double *scratch)
{
    for (size_t i = 0; i < n; i++)
        scratch[i] = log(v[i]);
    double med = cb_median(scratch, n);
    for (size_t i = 0; i < n; i++)
        scratch[i] = fabs(log(v[i]) - med);
    return cb_median(scratch, n);
}

/* run_medians: the median of v over each repetition of rows r (run numbers in any
 * order); returns how many repetitions, their medians in out. */
static size_t run_medians(const cb_csv_row *const *r, const double *v, size_t n, double *out,
                          double *scratch)
{
    size_t runs = 0;
    for (unsigned run = 0; run <= 255; run++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (r[i]->s.run == run)
                scratch[m++] = v[i];
        if (m)
            out[runs++] = cb_median(scratch, m);
    }
    return runs;
}

/* judge_separate judges an unpaired rate case on the canary and the repetitions
 * where the files allow: case / canary when both carry the same canary, and Welch's
 * t over the repetitions' medians when both hold 2 or more (`speed -runs N`);
 * otherwise Mann-Whitney on the samples, as ever.  diff_pct follows what is judged. */
static void judge_separate(builder *b, cb_cmp_case *k)
{
    size_t nb = k->n_before, na = k->n_after;
    int norm = canary_alike(b->c, b->rb, nb, b->ra, na);
    double *mb = cb_xmalloc((nb + na + 2) * sizeof *mb), *ma = mb + nb + 1;
    double *scratch = cb_xmalloc((nb > na ? nb : na) * sizeof *scratch + 1);
    if (norm) {
        /* The canary helps when it shares the case's bottleneck; beside a kernel
         * bound by another (a latency chain against a throughput-bound canary) it
         * adds its own noise.  Whichever the files show to be steadier is judged. */
        sample_values(b->rb, nb, 0, b->vb);
        sample_values(b->ra, na, 0, b->va);
        double raw = spread(b->vb, nb, scratch) + spread(b->va, na, scratch);
        sample_values(b->rb, nb, 1, b->vb);
        sample_values(b->ra, na, 1, b->va);
        double by_canary = spread(b->vb, nb, scratch) + spread(b->va, na, scratch);
        if (by_canary > raw) {
            norm = 0;
            b->c->canary_noisier++;
        }
    }
    sample_values(b->rb, nb, norm, b->vb);
    sample_values(b->ra, na, norm, b->va);
    size_t rb = run_medians(b->rb, b->vb, nb, mb, scratch);
    size_t ra = run_medians(b->ra, b->va, na, ma, scratch);
    k->runs_before = (unsigned)rb;
    k->runs_after = (unsigned)ra;
    k->normalised = norm;
    if (rb >= 2 && ra >= 2) {
        double diff;
        k->between_runs = 1;
        k->has_stats = 1;
        k->p = cb_runs_interval(mb, rb, ma, ra, 1 - b->o->alpha, &diff, &k->ci);
        k->diff_pct = diff * 100;
        k->significant = k->p < b->o->alpha;
    } else {
        if (norm) {
            memcpy(scratch, b->vb, nb * sizeof *scratch);
            double before = cb_median(scratch, nb);
            memcpy(scratch, b->va, na * sizeof *scratch);
            k->diff_pct = cb_median(scratch, na) / before * 100 - 100;
        }
        if (k->has_stats) {
            k->p = cb_mann_whitney(b->st, b->vb, nb, b->va, na);
            cb_ratio_interval(b->st, b->vb, nb, b->va, na, 1 - b->o->alpha, &k->ci);
            k->significant = k->p < b->o->alpha;
        }
    }
    free(mb);
    free(scratch);
}

static void add_case(builder *b, const vrange *before, const vrange *after)
{
    cb_comparison *c = b->c;
    if (c->n == b->cap_cases) {
        b->cap_cases = b->cap_cases ? b->cap_cases * 2 : 64;
        c->cases = cb_xrealloc(c->cases, b->cap_cases * sizeof *c->cases);
        b->whys = cb_xrealloc(b->whys, b->cap_cases * sizeof *b->whys);
        b->case_mask = cb_xrealloc(b->case_mask, b->cap_cases * sizeof *b->case_mask);
    }
    cb_cmp_case *k = &c->cases[c->n++];
    memset(k, 0, sizeof *k);
    const cb_sample *s = &b->e[before->b0].r->s;
    k->alg = s->alg;
    k->direction = s->direction;
    k->key_bits = s->key_bits;
    k->block_bytes = s->block_bytes;
    k->misalign = s->misalign;
    k->aead = s->aead;
    k->workers = sample_workers(s);
    b->case_mask[c->n - 1] = b->e[before->b0].mask;
    k->mask = c->n_masks ? c->masks[b->e[before->b0].mask] : NULL;
    k->variant_before = before->variant;
    k->variant_after = after->variant;
    k->n_before = before->b1 - before->b0;
    k->n_after = after->a1 - after->a0;
    k->cycles = cycles_only(b->e[before->b0].r);
    for (size_t i = before->b0; i < before->b1; i++)
        b->rb[i - before->b0] = b->e[i].r;
    for (size_t i = after->a0; i < after->a1; i++)
        b->ra[i - after->a0] = b->e[i].r;
    b->whys[c->n - 1] = cb_causes_note(b->causes, b->rb, k->n_before, b->ra, k->n_after);
    case_medians(b, k, before, after);
    k->raw_diff_pct = k->diff_pct;
    k->p = NAN;
    k->ci.lo = k->ci.hi = k->ci.level = NAN;
    k->has_stats = k->n_before >= 2 && k->n_after >= 2;
    if (k->cycles) {
        if (k->has_stats) {
            k->p = cb_mann_whitney(b->st, b->vb, k->n_before, b->va, k->n_after);
            cb_ratio_interval(b->st, b->vb, k->n_before, b->va, k->n_after, 1 - b->o->alpha,
                              &k->ci);
            k->significant = k->p < b->o->alpha;
        }
    } else {
        judge_separate(b, k);
    }
    if (!k->has_stats)
        c->single_sample++;
    k->verdict = classify(k, b->o->gate ? b->o->threshold_pct : 0);
    if (cb_compare_paired(k, b->rb, k->n_before, b->ra, k->n_after, b->o) && k->paired) {
        /* interleaved pairs cancel drift themselves: judged on the raw pairs */
        k->diff_pct = k->raw_diff_pct;
        k->normalised = k->between_runs = 0;
    }
    c->normalised += k->normalised != 0;
    c->between_runs += k->between_runs != 0;
    k->gated = gated(b->o, k->alg);
    if (before->variant != after->variant) {
        b->pairs_differ = 1;
        if (!b->pair_b) {
            b->pair_b = before->variant;
            b->pair_a = after->variant;
        } else if (b->pair_b != before->variant || b->pair_a != after->variant) {
            b->pairs_uniform = 0;
        }
    } else {
        b->pairs_same = 1;
    }
}

/* note_case appends a short description of e's case to the list t (of size len) and
 * counts it; the first six are named, with their mask when c compares mask by mask. */
static void note_case(const cb_comparison *c, char *t, size_t len, size_t *count,
                      const entry *e)
{
    size_t used = strlen(t);
    const char *mask = c->n_masks ? c->masks[e->mask] : NULL;
    if ((*count)++ < 6 && used + 90 + (mask ? 48 : 0) < len) {
        const cb_sample *s = &e->r->s;
        char bytes[32] = "", dir[16] = "";
        if (s->block_bytes)
            snprintf(bytes, sizeof bytes, " %zu bytes", s->block_bytes);
        if (strcmp(s->direction, "digest") != 0)
            snprintf(dir, sizeof dir, " %.10s", s->direction);
        snprintf(t + used, len - used, "%s%.24s%s%s (%.16s)%s%s%.40s%s", used ? ", " : "",
                 s->alg, bytes, dir, s->variant, cycles_only(e->r) ? " in cycles" : "",
                 mask ? " [" : "", mask ? mask : "", mask ? "]" : "");
    }
}

/* note_one_sided remembers a case present on one side only, for the warning. */
static void note_one_sided(builder *b, const entry *e, int after)
{
    note_case(b->c, b->sided_text[after], sizeof b->sided_text[after], &b->one_sided[after],
              e);
}

/* pair_slot matches the variants of one slot (see compare.h). */
static void pair_slot(builder *b, const vrange *v, size_t nv)
{
    size_t nb = 0, na = 0, both = 0, ib = 0, ia = 0;
    for (size_t i = 0; i < nv; i++) {
        int hb = v[i].b1 > v[i].b0, ha = v[i].a1 > v[i].a0;
        nb += hb;
        na += ha;
        both += hb && ha;
        if (hb)
            ib = i;
        if (ha)
            ia = i;
    }
    if (nb == 1 && na == 1 && both == 0) {
        add_case(b, &v[ib], &v[ia]);
        return;
    }
    for (size_t i = 0; i < nv; i++) {
        if (v[i].b1 > v[i].b0 && v[i].a1 > v[i].a0)
            add_case(b, &v[i], &v[i]);
        else if (v[i].b1 > v[i].b0)
            note_one_sided(b, &b->e[v[i].b0], 0);
        else
            note_one_sided(b, &b->e[v[i].a0], 1);
    }
}

/* slot_end returns the end of the slot that starts at entry i. */
static size_t slot_end(const builder *b, size_t i, size_t n)
{
    size_t j = i;
    while (j < n && entry_slot(&b->e[j], &b->e[i]) == 0)
        j++;
    return j;
}

/* one_side returns 0 or 1 when every entry of [i, j) is on that side, -1 otherwise. */
static int one_side(const builder *b, size_t i, size_t j)
{
    for (size_t k = i + 1; k < j; k++)
        if (b->e[k].after != b->e[i].after)
            return -1;
    return b->e[i].after;
}

/* mixed_at recognises a case with rates on one side and cycles on the other: two
 * adjacent slots of one case, each on one side only.  It notes the case and returns
 * the end of the second slot, or 0. */
static size_t mixed_at(builder *b, size_t i, size_t n)
{
    size_t j = slot_end(b, i, n);
    if (j == n || entry_case(&b->e[i], &b->e[j]) != 0)
        return 0;
    size_t k = slot_end(b, j, n);
    int si = one_side(b, i, j), sj = one_side(b, j, k);
    if (si < 0 || sj < 0 || si == sj)
        return 0;
    note_case(b->c, b->mixed_text, sizeof b->mixed_text, &b->mixed, &b->e[i]);
    return k;
}

/* walk_slots splits the sorted entries into slots and variants. */
static void walk_slots(builder *b, size_t n)
{
    size_t cap = 8;
    vrange *v = cb_xmalloc(cap * sizeof *v);
    for (size_t i = 0; i < n;) {
        size_t nv = 0, j = i, skip = mixed_at(b, i, n);
        if (skip) {
            i = skip;
            continue;
        }
        while (j < n && entry_slot(&b->e[j], &b->e[i]) == 0) {
            if (nv == cap) {
                cap *= 2;
                v = cb_xrealloc(v, cap * sizeof *v);
            }
            vrange *r = &v[nv++];
            r->variant = b->e[j].r->s.variant;
            r->b0 = r->b1 = r->a0 = r->a1 = j;
            while (j < n && b->e[j].r->s.variant == r->variant &&
                   entry_slot(&b->e[j], &b->e[i]) == 0 && !b->e[j].after)
                r->b1 = ++j;
            r->a0 = r->a1 = j;
            while (j < n && b->e[j].r->s.variant == r->variant &&
                   entry_slot(&b->e[j], &b->e[i]) == 0)
                r->a1 = ++j;
        }
        pair_slot(b, v, nv);
        i = j;
    }
    free(v);
}

/* ---- order of the output --------------------------------------------------------- */

/* alg_rank places an algorithm in the table's order; an imported hash fed in several
 * updates ("sha256-16B-updates") sorts with its hash. */
static size_t alg_rank(const char *name)
{
    char base[128];
    snprintf(base, sizeof base, "%s", name);
    size_t n = strlen(base);
    if (n > 10 && strcmp(base + n - 9, "B-updates") == 0) {
        char *p = base + n - 9;
        while (p > base && p[-1] >= '0' && p[-1] <= '9')
            p--;
        if (p > base + 1 && p[-1] == '-' && p < base + n - 9)
            p[-1] = 0;
    }
    const cb_alg *a = cb_alg_find(base);
    for (size_t i = 0; a && i < cb_alg_count(); i++)
        if (cb_alg_at(i) == a)
            return i;
    return SIZE_MAX;
}

static int dir_rank(const char *d)
{
    static const char *const order[] = {"encrypt", "decrypt", "digest", "sign", "verify",
                                        "derive", "keygen", "encaps", "decaps"};
    for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
        if (strcmp(d, order[i]) == 0)
            return i;
    return (int)(sizeof order / sizeof order[0]);
}

typedef struct ranked_case {
    cb_cmp_case k;
    size_t rank;
    size_t mask;            /* its mask's index: a sweep's masks in the order it ran them */
    const cb_case_why *why; /* travels with its case */
} ranked_case;

static int cmp_display(const void *x, const void *y)
{
    const ranked_case *ra = x, *rb = y;
    const cb_cmp_case *a = &ra->k, *b = &rb->k;
    int c;
    CMP_NUM(ra->rank, rb->rank);
    if ((c = strcmp(a->alg, b->alg)))
        return c;
    CMP_NUM(dir_rank(a->direction), dir_rank(b->direction));
    CMP_NUM(ra->mask, rb->mask);
    if ((c = strcmp(a->variant_before, b->variant_before)) ||
        (c = strcmp(a->variant_after, b->variant_after)))
        return c;
    CMP_NUM(a->key_bits, b->key_bits);
    CMP_NUM(a->misalign, b->misalign);
    CMP_NUM(a->aead, b->aead);
    CMP_NUM(a->block_bytes, b->block_bytes);
    CMP_NUM(a->cycles, b->cycles);
    return 0;
}

static void sort_for_display(cb_comparison *c, const cb_case_why **whys,
                             const size_t *case_mask)
{
    ranked_case *r = cb_xmalloc((c->n ? c->n : 1) * sizeof *r);
    const char *last = NULL;
    size_t rank = 0;
    for (size_t i = 0; i < c->n; i++) {
        r[i].k = c->cases[i];
        r[i].why = whys[i];
        r[i].mask = case_mask[i];
        if (c->cases[i].alg != last) { /* cases of one algorithm are adjacent already */
            last = c->cases[i].alg;
            rank = alg_rank(last);
        }
        r[i].rank = rank;
    }
    qsort(r, c->n, sizeof *r, cmp_display);
    for (size_t i = 0; i < c->n; i++) {
        c->cases[i] = r[i].k;
        whys[i] = r[i].why;
    }
    free(r);
}

static void append(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* describe_axis names what differs between the sides (reports/compare/axis.h), the
 * variants as the cases paired them, and warns about what should not differ. */
static void describe_axis(builder *b, const cb_csv_row *const *before, size_t nb,
                          const cb_csv_row *const *after, size_t na, FILE *warn)
{
    cb_comparison *c = b->c;
    cb_buf variant = {NULL, 0, 0};
    if (b->pairs_differ && b->pairs_uniform && !b->pairs_same)
        cb_buf_printf(&variant, "%s -> %s", b->pair_b, b->pair_a);
    else if (b->pairs_differ)
        cb_buf_printf(&variant, "(per row)");
    const char *names[2] = {c->before_name, c->after_name};
    free(c->axis);
    c->axis = cb_compare_axis(before, nb, after, na, variant.s, c->n_masks > 0, names, warn);
    free(variant.s);
}

/* ---- -multi runs: a round of samples is one sample of the machine ----------------- */

/* row_workers is how many workers ran at once when r was taken (1: a normal run). */
static unsigned row_workers(const cb_csv_row *r)
{
    return r->s.workers > 1 ? r->s.workers : 1;
}

/* worker_counts writes the distinct worker counts of rows into out (at most max);
 * returns how many. */
static size_t worker_counts(const cb_csv_row *const *rows, size_t n, unsigned *out, size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned w = row_workers(rows[i]);
        size_t j = 0;
        while (j < k && out[j] != w)
            j++;
        if (j == k && k < max)
            out[k++] = w;
    }
    return k;
}

/* counts_text writes "1, 2 and 4" into buf. */
static const char *counts_text(const unsigned *w, size_t n, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%u", i == 0 ? "" : i + 1 == n ? " and " : ", ",
                               w[i]);
    return buf;
}

/* same_workers fails, with one sentence, when the sides share no number of workers
 * at once (speed -multi): N copies' summed throughput is not a faster or slower
 * version of one copy's, so rows of different counts are different cases (cmp_case),
 * and sides with no count in common have nothing to compare.  With counts in common
 * (two `speed -multi 1,2` files) each count is compared with itself, and the
 * comparison names the count in its rows (multi_counts). */
static int same_workers(cb_comparison *c, const cb_csv_row *const *before, size_t nb,
                        const cb_csv_row *const *after, size_t na, char *err, size_t errlen)
{
    enum { MAXC = 64 };
    unsigned wb[MAXC], wa[MAXC];
    size_t kb = worker_counts(before, nb, wb, MAXC), ka = worker_counts(after, na, wa, MAXC);
    int shared = 0;
    for (size_t i = 0; i < kb; i++)
        for (size_t j = 0; j < ka; j++)
            shared |= wb[i] == wa[j];
    c->multi_counts = kb > 1 || ka > 1;
    if (shared || !kb || !ka)
        return 0;
    char tb[256], ta[256];
    snprintf(err, errlen, "%s ran %s worker%s at once and %s %s (speed -multi); compare "
             "runs that share a -multi count.", c->before_name, counts_text(wb, kb, tb, sizeof tb),
             kb == 1 && wb[0] == 1 ? "" : "s", c->after_name, counts_text(wa, ka, ta, sizeof ta));
    return -1;
}

/* cmp_round orders rows of -multi runs so that each round (one run, one case, one
 * sample index) is adjacent, its rows by worker, then by where they were read. */
static int cmp_round(const void *x, const void *y)
{
    const cb_csv_row *a = *(const cb_csv_row *const *)x, *b = *(const cb_csv_row *const *)y;
    int c;
    if ((c = cmp_ptr(a->run, b->run)) || (c = cmp_slot(a, b)) ||
        (c = cmp_ptr(a->s.variant, b->s.variant)))
        return c;
    CMP_NUM(row_workers(a), row_workers(b));
    CMP_NUM(a->s.sample_index, b->s.sample_index);
    CMP_NUM(a->s.worker, b->s.worker);
    if ((c = cmp_ptr(a->file, b->file)))
        return c;
    CMP_NUM(a->line, b->line);
    return 0;
}

/* sum_round writes one row per complete round of rows [r0, r1) (one round's rows
 * from workers' runs, sorted by worker) into out; returns how many.  A file
 * concatenated with itself holds a round twice: the j-th row of each worker forms
 * the j-th copy.  Rows of workers with fewer copies than the others are left over. */
static size_t sum_round(const cb_csv_row *const *r, size_t n, cb_csv_row *out)
{
    unsigned workers = row_workers(r[0]);
    size_t *start = cb_xcalloc(workers, sizeof *start);
    size_t *count = cb_xcalloc(workers, sizeof *count);
    for (size_t i = n; i-- > 0;) {
        start[r[i]->s.worker] = i;
        count[r[i]->s.worker]++;
    }
    size_t copies = SIZE_MAX;
    for (unsigned w = 0; w < workers; w++)
        copies = count[w] < copies ? count[w] : copies;
    for (size_t j = 0; j < copies; j++) {
        cb_csv_row *m = &out[j];
        *m = *r[start[0] + j];
        m->ops_per_sec = m->bytes_per_sec = 0;
        for (unsigned w = 0; w < workers; w++) {
            m->ops_per_sec += r[start[w] + j]->ops_per_sec;
            m->bytes_per_sec += r[start[w] + j]->bytes_per_sec;
        }
        /* the machine's sample has a rate but no single count or time */
        m->has_counts = 0;
        m->s.iterations = 0;
        m->s.seconds = 0;
        m->s.cycles = -1;
        m->s.worker = 0;
    }
    free(start);
    free(count);
    return copies;
}

/*
 * merge_rounds returns the rows to compare: rows of normal runs as they are, and
 * rows of -multi runs replaced by one row per round, the rates of every worker's
 * sample of that round summed: the throughput of the whole machine, the figure
 * `speed -multi` prints.  Faulted rows pass through (collect counts them).  The summed
 * rows live in *kept (free it with the returned array); *dropped counts rows outside
 * the rounds every worker completed.
 */
static const cb_csv_row **merge_rounds(const cb_csv_row *const *rows, size_t *n,
                                       cb_csv_row **kept, size_t *dropped)
{
    const cb_csv_row **out = cb_xmalloc((*n + 1) * sizeof *out);
    const cb_csv_row **multi = cb_xmalloc((*n + 1) * sizeof *multi);
    size_t nout = 0, nmulti = 0;
    for (size_t i = 0; i < *n; i++) {
        if (row_workers(rows[i]) == 1 || !cb_sample_measured(&rows[i]->s))
            out[nout++] = rows[i];
        else if (rows[i]->s.worker < row_workers(rows[i]))
            multi[nmulti++] = rows[i];
        else
            (*dropped)++; /* no such worker: not part of any round */
    }
    qsort(multi, nmulti, sizeof *multi, cmp_round);
    *kept = cb_xmalloc((nmulti + 1) * sizeof **kept);
    size_t nkept = 0;
    for (size_t i = 0; i < nmulti;) {
        size_t j = i + 1;
        while (j < nmulti && multi[j]->run == multi[i]->run &&
               cmp_slot(multi[j], multi[i]) == 0 &&
               multi[j]->s.variant == multi[i]->s.variant &&
               row_workers(multi[j]) == row_workers(multi[i]) &&
               multi[j]->s.sample_index == multi[i]->s.sample_index)
            j++;
        size_t made = sum_round(multi + i, j - i, *kept + nkept);
        *dropped += j - i - made * row_workers(multi[i]);
        nkept += made;
        i = j;
    }
    for (size_t i = 0; i < nkept; i++)
        out[nout++] = &(*kept)[i];
    free(multi);
    *n = nout;
    return out;
}

/* ---- sweeps: mask by mask --------------------------------------------------------- */

/*
 * name_masks decides whether the sides compare mask by mask: only when both are
 * sweeps (several masks each, reports/compare/mask.h), since a sweep against one
 * run would otherwise find none of its masks but one on the other side.  Then it
 * names every mask of both sides in c (before's in the order it ran them, then
 * after's own) and returns the table the entries' indices point into.
 */
static cb_masks name_masks(cb_comparison *c, const cb_csv_row *const *before, size_t nb,
                           const cb_csv_row *const *after, size_t na)
{
    cb_masks m = {NULL, 0, 0};
    if (cb_masks_swept(before, nb) < 2 || cb_masks_swept(after, na) < 2)
        return m;
    for (size_t i = 0; i < nb + na; i++) {
        cb_mask one = cb_mask_of(i < nb ? before[i] : after[i - nb]);
        cb_masks_index(&m, &one);
    }
    c->masks = cb_xmalloc(m.n * sizeof *c->masks);
    for (size_t i = 0; i < m.n; i++)
        c->masks[i] = cb_mask_label(&m.v[i]);
    c->n_masks = m.n;
    return m;
}

/* mark_masks sets each entry's mask index (none: every entry keeps 0). */
static void mark_masks(entry *e, size_t n, cb_masks *m)
{
    for (size_t i = 0; m->n && i < n; i++) {
        cb_mask one = cb_mask_of(e[i].r);
        e[i].mask = cb_masks_index(m, &one);
    }
}

/* ---- the comparison -------------------------------------------------------------- */

/* collect fills e with the usable rows of both sides and counts those that are not
 * measurements (faulted, failed their check, skipped). */
static size_t collect(entry *e, const cb_csv_row *const *rows, size_t n, int after,
                      size_t *faulted)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!cb_sample_measured(&rows[i]->s)) {
            (*faulted)++;
            continue;
        }
        if (rows[i]->s.transient)
            continue; /* taken before its case settled: speed left it out too */
        e[k].r = rows[i];
        e[k].after = after;
        e[k].mask = 0;
        k++;
    }
    return k;
}

static void finish(cb_comparison *c)
{
    double *ratios = cb_xmalloc((c->n ? c->n : 1) * sizeof *ratios);
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        ratios[i] = cb_case_ratio(k);
        if (k->verdict == CB_REGRESSION)
            c->regressions++;
        else if (k->verdict == CB_IMPROVEMENT)
            c->improvements++;
        else
            c->unchanged++;
        if (c->opts.gate && k->gated && k->verdict == CB_REGRESSION)
            c->gate_failures++;
        if (c->opts.gate && k->gated && k->paired && k->decision == CB_GATE_UNDECIDED)
            c->gate_undecided++;
    }
    c->geomean_pct = cb_geomean(ratios, c->n) * 100 - 100;
    free(ratios);
    /* Labels need the variant unless every case compares the same variant pair. */
    for (size_t i = 1; i < c->n && !c->variant_in_label; i++)
        c->variant_in_label = c->cases[i].variant_before != c->cases[0].variant_before ||
                              c->cases[i].variant_after != c->cases[0].variant_after;
}

/* streams: does a row of alg on this side come from an `openssl speed` log taken
 * without -aead?  OpenSSL then times EVP updates through one context (no IV, AAD or
 * tag per operation), where every other source times whole messages. */
static int streams(const cb_csv_row *const *rows, size_t n, const char *alg)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i]->s.alg, alg) == 0 && !rows[i]->s.aead &&
            strcmp(rows[i]->s.status, "imported") == 0 &&
            strncmp(rows[i]->run->tool_version, "openssl", 7) == 0)
            return 1;
    return 0;
}

/* note_other_operations finds the AEAD cases whose sides timed different operations. */
static void note_other_operations(cb_comparison *c, const cb_csv_row *const *before,
                                  size_t nb, const cb_csv_row *const *after, size_t na)
{
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        const cb_alg *a = cb_alg_find(k->alg);
        if (!a || a->kind != CB_KIND_AEAD ||
            streams(before, nb, k->alg) == streams(after, na, k->alg))
            continue;
        if (c->other_operation++ == 0 || !strstr(c->other_operation_algs, k->alg))
            append(c->other_operation_algs, sizeof c->other_operation_algs, "%s%s",
                   c->other_operation_algs[0] ? ", " : "", k->alg);
    }
}

int cb_compare_rows(cb_comparison *c, const cb_csv_row *const *before, size_t nb,
                    const cb_csv_row *const *after, size_t na, const cb_compare_opts *o,
                    FILE *warn, char *err, size_t errlen)
{
    char bname[256], aname[256];
    snprintf(bname, sizeof bname, "%s", c->before_name);
    snprintf(aname, sizeof aname, "%s", c->after_name);
    memset(c, 0, sizeof *c);
    snprintf(c->before_name, sizeof c->before_name, "%s", bname[0] ? bname : "before");
    snprintf(c->after_name, sizeof c->after_name, "%s", aname[0] ? aname : "after");
    c->opts = *o;
    c->alpha = o->alpha;
    if (same_workers(c, before, nb, after, na, err, errlen) != 0)
        return -1;
    cb_csv_row *kept[2];
    size_t dropped[2] = {0, 0}, mb = nb, ma = na;
    const cb_csv_row **mbefore = merge_rounds(before, &mb, &kept[0], &dropped[0]);
    const cb_csv_row **mafter = merge_rounds(after, &ma, &kept[1], &dropped[1]);

    builder b;
    memset(&b, 0, sizeof b);
    b.c = c;
    b.o = o;
    b.pairs_uniform = 1;
    b.st = cb_stats_new();
    b.e = cb_xmalloc((nb + na + 1) * sizeof *b.e);
    b.vb = cb_xmalloc((nb + 1) * sizeof *b.vb);
    b.va = cb_xmalloc((na + 1) * sizeof *b.va);
    b.rb = cb_xmalloc((nb + 1) * sizeof *b.rb);
    b.ra = cb_xmalloc((na + 1) * sizeof *b.ra);
    b.causes = cb_causes_new(before, nb, after, na);
    size_t faulted[2] = {0, 0};
    size_t n = collect(b.e, mbefore, mb, 0, &faulted[0]);
    n += collect(b.e + n, mafter, ma, 1, &faulted[1]);
    cb_masks masks = name_masks(c, before, nb, after, na);
    mark_masks(b.e, n, &masks);
    free(masks.v);
    qsort(b.e, n, sizeof *b.e, cmp_entry);
    walk_slots(&b, n);
    for (int side = 0; side < 2; side++)
        free(kept[side]);
    free(mbefore);
    free(mafter);
    free(b.e);
    free(b.vb);
    free(b.va);
    free(b.rb);
    free(b.ra);
    cb_stats_free(b.st);

    if (c->n == 0) {
        cb_causes_free(b.causes);
        free(b.whys);
        free(b.case_mask);
        snprintf(err, errlen, "nothing to compare: %s and %s share no case (algorithm, "
                 "variant, direction, key bits and block size%s)%s%s%s%s%s%s.",
                 c->before_name, c->after_name, c->n_masks ? ", under the same mask: both "
                 "are sweeps" : "", b.sided_text[0][0] ? "; before has " : "",
                 b.sided_text[0], b.sided_text[1][0] ? "; after has " : "", b.sided_text[1],
                 b.mixed ? "; cycles on one side, rates on the other: " : "",
                 b.mixed_text);
        cb_comparison_free(c); /* the masks' names; c's names stay */
        return -1;
    }
    if (warn && b.mixed)
        fprintf(warn, "cryptobench: warning: %zu case%s counted in cycles on one side and "
                "timed on the other cannot be compared and %s left out: %s%s.\n", b.mixed,
                b.mixed == 1 ? "" : "s", b.mixed == 1 ? "is" : "are", b.mixed_text,
                b.mixed > 6 ? ", ..." : "");
    c->variant_axis = b.pairs_differ && !b.pairs_same;
    describe_axis(&b, before, nb, after, na, warn);
    for (int side = 0; warn && side < 2; side++) {
        if (b.one_sided[side])
            fprintf(warn, "cryptobench: warning: %zu case%s only in %s: %s%s.\n",
                    b.one_sided[side], b.one_sided[side] == 1 ? "" : "s",
                    side ? c->after_name : c->before_name, b.sided_text[side],
                    b.one_sided[side] > 6 ? ", ..." : "");
        if (faulted[side])
            fprintf(warn, "cryptobench: warning: %s holds %zu sample%s that %s not measured "
                    "(faulted, failed its check or skipped); %s left out.\n",
                    side ? c->after_name : c->before_name, faulted[side],
                    faulted[side] == 1 ? "" : "s", faulted[side] == 1 ? "was" : "were",
                    faulted[side] == 1 ? "it is" : "they are");
        if (dropped[side])
            fprintf(warn, "cryptobench: warning: %s holds %zu -multi sample%s outside "
                    "the rounds every worker completed; they are left out.\n",
                    side ? c->after_name : c->before_name, dropped[side],
                    dropped[side] == 1 ? "" : "s");
    }
    note_other_operations(c, before, nb, after, na);
    if (warn && c->other_operation)
        fprintf(warn, "cryptobench: warning: %zu case%s (%s) compare different operations: "
                "one side is an openssl speed log taken without -aead, which times streaming "
                "updates, the other whole messages; run openssl speed -aead and import with "
                "-aead to compare like with like.\n", c->other_operation,
                c->other_operation == 1 ? "" : "s", c->other_operation_algs);
    sort_for_display(c, b.whys, b.case_mask);
    finish(c);
    cb_compare_design_note(c, warn);
    cb_causes_finish(b.causes, c, b.whys);
    free(b.whys);
    free(b.case_mask);
    return 0;
}

void cb_comparison_free(cb_comparison *c)
{
    free(c->axis);
    c->axis = NULL;
    for (size_t i = 0; i < c->n_causes; i++)
        free(c->causes[i]);
    free(c->causes);
    c->causes = NULL;
    c->n_causes = 0;
    for (size_t i = 0; i < c->n_masks; i++)
        free(c->masks[i]);
    free(c->masks);
    c->masks = NULL;
    c->n_masks = 0;
    free(c->cases);
    c->cases = NULL;
    c->n = 0;
}

const char *cb_compare_summary(const cb_comparison *c, char *buf, size_t len)
{
    snprintf(buf, len, "%zu regression%s, %zu improvement%s, %zu unchanged",
             c->regressions, c->regressions == 1 ? "" : "s", c->improvements,
             c->improvements == 1 ? "" : "s", c->unchanged);
    if (!c->opts.gate)
        return buf;
    append(buf, len, "; gate -fail-if-slower %g%%", c->opts.threshold_pct);
    for (size_t i = 0; i < c->opts.n_gate_algs; i++)
        append(buf, len, "%s%s", i ? "," : " on ", c->opts.gate_algs[i]);
    if (c->gate_failures)
        append(buf, len, ": FAILED by %zu case%s", c->gate_failures,
               c->gate_failures == 1 ? "" : "s");
    else if (c->gate_undecided)
        append(buf, len, ": UNDECIDED for %zu case%s (sampling ended before the interval "
               "cleared -%g%%)", c->gate_undecided, c->gate_undecided == 1 ? "" : "s",
               c->opts.threshold_pct);
    else
        append(buf, len, ": passed");
    return buf;
}
