/*
 * reports/compare/sides.c - before and after out of one or two sources (see sides.h).
 */
#include "reports/compare/sides.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/mask.h"

int cb_sides_parse_variants(cb_sides_request *rq, const char *list, char *err,
                            size_t errlen)
{
    const char *comma = strchr(list, ',');
    size_t first = comma ? (size_t)(comma - list) : 0;
    if (!comma || first == 0 || !comma[1] || strchr(comma + 1, ',') ||
        first >= CB_SIDES_VARIANT || strlen(comma + 1) >= CB_SIDES_VARIANT) {
        snprintf(err, errlen, "-variant '%s' is not a pair; give two variant names such "
                 "as generic,ce-i4.", list);
        return -1;
    }
    rq->by_variant = 1;
    snprintf(rq->variant[0], sizeof rq->variant[0], "%.*s", (int)first, list);
    snprintf(rq->variant[1], sizeof rq->variant[1], "%s", comma + 1);
    return 0;
}

/* take adds the rows [lo, hi) of set to one side, those of variant only when it is
 * not NULL, and only those of side arm of an interleaved run when arm >= 0. */
static void take_arm(const cb_csv_set *set, size_t lo, size_t hi, const char *variant,
                     int arm, const cb_csv_row **side, size_t *n)
{
    for (size_t i = lo; i < hi; i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if ((!variant || strcmp(r->s.variant, variant) == 0) &&
            (arm < 0 || (r->s.paired && r->s.arm == (unsigned)arm)))
            side[(*n)++] = r;
    }
}

static void take(const cb_csv_set *set, size_t lo, size_t hi, const char *variant,
                 const cb_csv_row **side, size_t *n)
{
    take_arm(set, lo, hi, variant, -1, side, n);
}

/* has_arm: does a row of the set belong to side arm of an interleaved run? */
static int has_arm(const cb_csv_set *set, unsigned arm)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++)
        if (cb_csv_set_row(set, i)->s.paired && cb_csv_set_row(set, i)->s.arm == arm)
            return 1;
    return 0;
}

/* distinct2 finds the first two distinct runs (by_run) or variants of the set's rows;
 * returns how many distinct values there are, counting no further than 3.  Rows of
 * one set share interned values, so equal values are equal pointers. */
static int distinct2(const cb_csv_set *set, int by_run, const void *out[2])
{
    int k = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        const void *v = by_run ? (const void *)r->run : (const void *)r->s.variant;
        if ((k > 0 && v == out[0]) || (k > 1 && v == out[1]))
            continue;
        if (k == 2)
            return 3;
        out[k++] = v;
    }
    return k;
}

/* by_variants: rq->variant[0] of the first source before, rq->variant[1] of the
 * second (or the same) source after. */
static int by_variants(cb_sides *sd, const cb_csv_set *set, const cb_sides_request *rq,
                       char *err, size_t errlen)
{
    size_t n = cb_csv_set_count(set);
    int two = rq->source[1] != NULL;
    /* -variant X,X of one run: its two sides are the interleaved run's arms */
    int arms = !two && strcmp(rq->variant[0], rq->variant[1]) == 0;
    take_arm(set, 0, two ? rq->first_rows : n, rq->variant[0], arms ? 0 : -1, sd->before,
             &sd->nb);
    take_arm(set, two ? rq->first_rows : 0, n, rq->variant[1], arms ? 1 : -1, sd->after,
             &sd->na);
    for (int s = 0; s < 2; s++)
        snprintf(s ? sd->after_name : sd->before_name, sizeof sd->before_name, "%s%s%s",
                 two ? rq->source[s] : "", two ? " " : "", rq->variant[s]);
    if (sd->nb && sd->na)
        return 0;
    size_t rows = 0;
    const cb_csv_row *any = NULL;
    for (size_t i = 0; arms && i < n; i++)
        if (strcmp(cb_csv_set_row(set, i)->s.variant, rq->variant[0]) == 0)
            rows++;
        else if (!any)
            any = cb_csv_set_row(set, i);
    if (rows) {
        /* the variant is there, but not as both arms of a run of it against itself */
        snprintf(err, errlen, "-variant %s,%s names one variant twice, and %s is not a run "
                 "of %s against itself (speed -variant %s,%s -compare); give two different "
                 "variants, such as %s,%s.", rq->variant[0], rq->variant[1], rq->source[0],
                 rq->variant[0], rq->variant[0], rq->variant[0], rq->variant[0],
                 any ? any->s.variant : "OTHER");
        return -1;
    }
    int missing = sd->nb ? 1 : 0;
    snprintf(err, errlen, "-variant %s,%s: no sample of variant '%s' in %s.", rq->variant[0],
             rq->variant[1], rq->variant[missing], rq->source[two ? missing : 0]);
    return -1;
}

/* sweep_masks: how many masks the set's rows ran under when they are a sweep's
 * (reports/compare/mask.h), else 1 or 0. */
static size_t sweep_masks(const cb_csv_set *set)
{
    size_t n = cb_csv_set_count(set);
    const cb_csv_row **rows = cb_xmalloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++)
        rows[i] = cb_csv_set_row(set, i);
    size_t masks = cb_masks_swept(rows, n);
    free(rows);
    return masks;
}

/* one_source picks before and after out of a single source: two runs, or one run of
 * two variants.  A sweep of more than two masks is neither: pooling its masks into
 * two sides would mix them, so it is refused (two masks are its two runs). */
static int one_source(cb_sides *sd, const cb_csv_set *set, const char *name, char *err,
                      size_t errlen)
{
    const void *runs[2], *vars[2];
    size_t n = cb_csv_set_count(set), masks = sweep_masks(set);
    if (masks > 2) {
        snprintf(err, errlen, "%s is a caps -sweep of %zu masks, which one file cannot "
                 "split into a before and an after; give a second board's sweep to "
                 "compare the two mask by mask.", name, masks);
        return -1;
    }
    int nr = distinct2(set, 1, runs);
    if (nr == 2) {
        for (size_t i = 0; i < n; i++) {
            const cb_csv_row *r = cb_csv_set_row(set, i);
            if (r->run == runs[0])
                sd->before[sd->nb++] = r;
            else
                sd->after[sd->na++] = r;
        }
        for (int s = 0; s < 2; s++) {
            const cb_run_info *ri = runs[s];
            snprintf(s ? sd->after_name : sd->before_name, sizeof sd->before_name,
                     "%s run %d (%s on %s, %s)", name, s + 1, ri->build_rev, ri->hostname,
                     ri->started);
        }
        return 0;
    }
    int nv = distinct2(set, 0, vars);
    if (nr == 1 && nv == 2) {
        take(set, 0, n, vars[0], sd->before, &sd->nb);
        take(set, 0, n, vars[1], sd->after, &sd->na);
        snprintf(sd->before_name, sizeof sd->before_name, "%s", (const char *)vars[0]);
        snprintf(sd->after_name, sizeof sd->after_name, "%s", (const char *)vars[1]);
        return 0;
    }
    if (nr == 1 && nv == 1 && has_arm(set, 1)) {
        /* speed -variant X,X -compare: one variant, its two sides told apart by arm */
        take_arm(set, 0, n, vars[0], 0, sd->before, &sd->nb);
        take_arm(set, 0, n, vars[0], 1, sd->after, &sd->na);
        for (int s = 0; s < 2; s++)
            snprintf(s ? sd->after_name : sd->before_name, sizeof sd->before_name, "%s (%s)",
                     (const char *)vars[0], s ? "second" : "first");
        return 0;
    }
    if (nr == 1)
        snprintf(err, errlen, "%s holds one run of %s variant%s; give a second file, or "
                 "-variant A,B to name the two variants to compare.", name,
                 nv == 1 ? "one" : "several", nv == 1 ? "" : "s");
    else if (nr == 0)
        snprintf(err, errlen, "%s holds no samples; there is nothing to compare.", name);
    else
        snprintf(err, errlen, "%s holds more than two runs; give the before and after "
                 "runs as two files.", name);
    return -1;
}

int cb_sides_choose(cb_sides *sd, const cb_csv_set *set, const cb_sides_request *rq,
                    char *err, size_t errlen)
{
    size_t n = cb_csv_set_count(set);
    memset(sd, 0, sizeof *sd);
    sd->before = cb_xmalloc((n + 1) * sizeof *sd->before);
    sd->after = cb_xmalloc((n + 1) * sizeof *sd->after);
    if (rq->by_variant)
        return by_variants(sd, set, rq, err, errlen);
    if (!rq->source[1])
        return one_source(sd, set, rq->source[0], err, errlen);
    take(set, 0, rq->first_rows, NULL, sd->before, &sd->nb);
    take(set, rq->first_rows, n, NULL, sd->after, &sd->na);
    snprintf(sd->before_name, sizeof sd->before_name, "%s", rq->source[0]);
    snprintf(sd->after_name, sizeof sd->after_name, "%s", rq->source[1]);
    return 0;
}

void cb_sides_free(cb_sides *sd)
{
    free(sd->before);
    free(sd->after);
    sd->before = sd->after = NULL;
    sd->nb = sd->na = 0;
}
