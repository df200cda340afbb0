/*
 * reports/sink_compare.c - `speed -variant A,B -compare`: the run's samples, kept,
 * compared at the end as two files would be (reports/compare.h).
 */
#include "reports/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare.h"

typedef struct compare_sink {
    const char *style;
    cb_compare_opts opts;       /* the gate, if any */
    int *status;                /* where the gate's outcome goes */
    const char *before, *after; /* the two variants, in plan order */
    cb_sample *s;
    size_t n, cap;
} compare_sink;

static void compare_begin(void *ctx, const cb_sink_run *run)
{
    compare_sink *k = ctx;
    for (size_t i = 0; i < run->nentries; i++) {
        const char *v = run->entries[i].variant;
        if (!k->before)
            k->before = v;
        else if (!k->after && strcmp(v, k->before) != 0)
            k->after = v;
    }
    if (!k->after)
        k->after = k->before;
}

/* compare_sample keeps what compare can use: measurements, and faulted samples,
 * which it counts and leaves out; cases that failed their check or were skipped
 * have no figure to compare and stay in the table only. */
static void compare_sample(void *ctx, const cb_sample *s)
{
    compare_sink *k = ctx;
    if (!cb_sample_measured(s) && strcmp(s->status, "faulted") != 0)
        return;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 256;
        k->s = cb_xrealloc(k->s, k->cap * sizeof *k->s);
    }
    k->s[k->n] = *s;
    k->s[k->n++].note = ""; /* the caller's storage; compare does not read it */
}

static int compare_end(void *ctx, cb_sink_end how)
{
    compare_sink *k = ctx;
    int rc = 0;
    if (how == CB_SINK_DONE) {
        fflush(stdout);
        fputc('\n', stdout);
        int st = cb_compare_run_gated(k->s, k->n, k->before, k->after, k->style, &k->opts,
                                      stdout);
        if (st == CB_EXIT_USAGE)
            rc = -1;
        else if (k->status)
            *k->status = st;
    }
    free(k->s);
    free(k);
    return rc;
}

cb_sink cb_sink_compare(const char *style, const cb_compare_opts *gate, int *status)
{
    compare_sink *k = cb_xcalloc(1, sizeof *k);
    k->style = style;
    k->opts = gate ? *gate : cb_compare_default_opts();
    k->status = status;
    return (cb_sink){k, compare_begin, NULL, compare_sample, NULL, compare_end};
}
