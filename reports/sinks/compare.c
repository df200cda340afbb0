/*
 * reports/sinks/compare.c - `speed -variant A,B -compare`: the run's samples, kept,
 * compared at the end as two files would be (reports/compare/compare.h).
 */
#include "reports/sinks/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/outfile.h"
#include "kernels/registry.h"
#include "reports/compare/compare.h"
#include "reports/run/compare_run.h"

typedef struct compare_sink {
    const char *style;
    cb_compare_opts opts;       /* the gate, if any */
    int *status;                /* where the gate's outcome goes */
    cb_outfile *file;           /* -compare-out, NULL: standard output */
    const char *before, *after; /* the two variants, in plan order */
    const cb_run_info *info;    /* the run's conditions */
    char same[512];             /* the algorithms both run with the same code */
    cb_sample *s;
    size_t n, cap;
} compare_sink;

/* same_code lists in k->same the algorithms of the run for which the two variants
 * are two names of one kernel, each once. */
static void same_code(compare_sink *k, const cb_sink_run *run)
{
    size_t n = 0;
    for (size_t i = 0; i < run->nentries; i++) {
        const char *name = run->entries[i].alg;
        const cb_alg *a = cb_alg_find(name);
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(run->entries[j].alg, name) == 0;
        if (seen || !a ||
            !cb_variant_same_code(cb_variant_find(a, k->before), cb_variant_find(a, k->after)))
            continue;
        int w = snprintf(k->same + n, sizeof k->same - n, "%s%s", n ? ", " : "", name);
        if (w < 0 || (size_t)w >= sizeof k->same - n)
            break;
        n += (size_t)w;
    }
}

static void compare_begin(void *ctx, const cb_sink_run *run)
{
    compare_sink *k = ctx;
    k->info = run->info;
    for (size_t i = 0; i < run->nentries; i++) {
        const char *v = run->entries[i].variant;
        if (!k->before)
            k->before = v;
        else if (!k->after && strcmp(v, k->before) != 0)
            k->after = v;
    }
    if (!k->after)
        k->after = k->before;
    same_code(k, run);
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

/* compare_end prints the comparison (to -compare-out's file, replaced only when there
 * was something to compare; a failed gate still writes it) and passes the gate's exit
 * status on. */
static int compare_end(void *ctx, cb_sink_end how)
{
    compare_sink *k = ctx;
    int rc = 0;
    if (how == CB_SINK_DONE) {
        char err[512];
        FILE *out = k->file ? cb_outfile_stream(k->file) : stdout;
        if (!k->file) {
            fflush(stdout);
            fputc('\n', stdout);
        }
        int st = cb_compare_run_gated(k->info, k->s, k->n, k->before, k->after, k->style,
                                      &k->opts, out);
        if (st == CB_EXIT_USAGE) {
            rc = -1;
        } else {
            if (k->status)
                *k->status = st;
            cb_outfile *f = k->file;
            k->file = NULL;
            if (f && cb_outfile_commit(f, NULL, err, sizeof err) != 0) {
                cb_error("speed: %s", err);
                rc = -1;
            }
        }
        if (k->same[0]) /* after the table, or instead of its file */
            printf("note: %s and %s run the same code for %s: their differences are "
                   "noise.\n",
                   k->before, k->after, k->same);
    }
    cb_outfile_abort(k->file);
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

int cb_sink_compare_to(cb_sink *out, const char *style, const cb_compare_opts *gate,
                       int *status, const char *path)
{
    char err[512];
    cb_outfile *f = NULL;
    if (path && !(f = cb_outfile_open(path, "-compare-out file", err, sizeof err))) {
        cb_error("speed: %s", err);
        return -1;
    }
    *out = cb_sink_compare(style, gate, status);
    ((compare_sink *)out->ctx)->file = f;
    return 0;
}
