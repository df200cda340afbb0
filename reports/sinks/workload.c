/*
 * reports/sinks/workload.c - `speed -workload W`: after the tables, one weighted
 * throughput per algorithm, direction and variant (base/workload.h), with the
 * interval that the per-size intervals of the median allow.
 *
 * The interval takes every size at the low end of its interval at once, then every
 * size at the high end: wider than the figure's own interval would be, never
 * narrower, so it can be trusted without knowing how the sizes' errors correlate.
 */
#include "reports/sinks/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

typedef struct workload_sink {
    cb_workload w;
    const cb_sink_run *run;
    double *sec[3];          /* [entry * nsizes + size]: seconds per call at the median,
                                at the interval's fast end and at its slow end; 0 none */
    size_t *block;           /* [entry * nsizes + size]: the case's block size */
} workload_sink;

static void wl_begin(void *ctx, const cb_sink_run *run)
{
    workload_sink *k = ctx;
    size_t cells = run->nentries * run->nsizes + 1;
    k->run = run;
    for (int i = 0; i < 3; i++)
        k->sec[i] = cb_xcalloc(cells, sizeof(double));
    k->block = cb_xcalloc(cells, sizeof(size_t));
}

static void wl_case_end(void *ctx, const cb_case_summary *c)
{
    workload_sink *k = ctx;
    if (c->worker != CB_SUMMARY_CASE || strcmp(c->status, "ok") != 0 || c->samples == 0 ||
        !(c->ops_per_sec > 0))
        return;
    size_t cell = c->entry * k->run->nsizes + c->size_index;
    k->sec[0][cell] = 1 / c->ops_per_sec;
    k->sec[1][cell] = c->ci_high > 0 ? 1 / c->ci_high : 1 / c->ops_per_sec;
    k->sec[2][cell] = c->ci_low > 0 ? 1 / c->ci_low : 1 / c->ops_per_sec;
    k->block[cell] = c->block_bytes;
}

/* entry_line prints entry e's figure, or why it has none. */
static void entry_line(const workload_sink *k, size_t e, size_t width)
{
    const cb_sink_run *run = k->run;
    const cb_sink_entry *en = &run->entries[e];
    size_t n = 0, sizes[CB_WORKLOAD_MAX];
    double sec[3][CB_WORKLOAD_MAX];
    for (size_t i = 0; i < run->nsizes && n < CB_WORKLOAD_MAX; i++) {
        size_t cell = e * run->nsizes + i;
        if (!(k->sec[0][cell] > 0))
            continue;
        sizes[n] = k->block[cell];
        for (int j = 0; j < 3; j++)
            sec[j][n] = k->sec[j][cell];
        n++;
    }
    size_t missing = 0;
    double rate[3];
    for (int j = 0; j < 3; j++)
        rate[j] = cb_workload_rate(&k->w, sizes, sec[j], n, &missing);
    printf("  %-*s %-8s %-12s", (int)width, en->alg, en->direction ? en->direction : "",
           en->variant ? en->variant : "");
    if (rate[0] < 0)
        printf(" no figure: %zu B was not measured\n", missing);
    else
        printf(" %10.2f MB/s (95%% interval %.2f .. %.2f)\n", rate[0] / 1e6, rate[2] / 1e6,
               rate[1] / 1e6);
}

static int wl_end(void *ctx, cb_sink_end how)
{
    workload_sink *k = ctx;
    if (how != CB_SINK_ABANDONED && k->run) {
        const cb_sink_run *run = k->run;
        size_t width = 8, shown = 0;
        for (size_t e = 0; e < run->nentries; e++)
            if (!run->entries[e].pkey && strlen(run->entries[e].alg) > width)
                width = strlen(run->entries[e].alg);
        char what[512];
        for (size_t e = 0; e < run->nentries; e++) {
            if (run->entries[e].pkey)
                continue;
            if (shown++ == 0)
                printf("workload %s, bytes over time:\n",
                       cb_workload_describe(&k->w, what, sizeof what));
            entry_line(k, e, width);
        }
        fflush(stdout);
    }
    for (int i = 0; i < 3; i++)
        free(k->sec[i]);
    free(k->block);
    free(k);
    return 0;
}

cb_sink cb_sink_workload(const cb_workload *w)
{
    workload_sink *k = cb_xcalloc(1, sizeof *k);
    k->w = *w;
    cb_sink s = {k, wl_begin, NULL, NULL, wl_case_end, wl_end};
    return s;
}
