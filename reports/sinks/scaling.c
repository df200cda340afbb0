/*
 * reports/sinks/scaling.c - `speed -multi 1,2,4`'s scaling table: for every row and
 * size, the whole machine's throughput at each worker count (one run per count, this
 * sink wrapped by cb_sink_span across them) and its speed-up over the first count, as
 * `bssl speed -threads` and `openssl speed -multi` runs side by side would give.
 */
#include "reports/sinks/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

#define MAX_COUNTS 16

typedef struct sc_row {
    char *label, *direction;
    int pkey;
} sc_row;

typedef struct scaling {
    sc_row *row;
    size_t nrows, nsizes, *sizes;
    unsigned counts[MAX_COUNTS];
    size_t ncounts;
    double *rate[MAX_COUNTS];          /* [entry * nsizes + size]: bytes (pkey: ops) per
                                          second; < 0 none */
    const char **outcome[MAX_COUNTS];  /* likewise: why there is none, or NULL */
} scaling;

static void sc_begin(void *ctx, const cb_sink_run *run)
{
    scaling *k = ctx;
    if (!k->row) {
        k->nrows = run->nentries;
        k->nsizes = run->nsizes;
        k->row = cb_xcalloc(k->nrows + 1, sizeof *k->row);
        k->sizes = cb_xcalloc(k->nsizes + 1, sizeof *k->sizes);
        memcpy(k->sizes, run->sizes, k->nsizes * sizeof *k->sizes);
        for (size_t i = 0; i < k->nrows; i++) {
            k->row[i].label = cb_xstrdup(run->entries[i].label);
            k->row[i].direction = cb_xstrdup(run->entries[i].direction);
            k->row[i].pkey = run->entries[i].pkey;
        }
    }
    if (k->ncounts == MAX_COUNTS || run->nentries != k->nrows || run->nsizes != k->nsizes)
        return;
    size_t cells = k->nrows * k->nsizes + 1, c = k->ncounts++;
    k->counts[c] = run->workers ? run->workers : 1;
    k->rate[c] = cb_xmalloc(cells * sizeof(double));
    k->outcome[c] = cb_xcalloc(cells, sizeof(const char *));
    for (size_t i = 0; i < cells; i++)
        k->rate[c][i] = -1;
}

static void sc_case_end(void *ctx, const cb_case_summary *s)
{
    scaling *k = ctx;
    if (s->worker != CB_SUMMARY_CASE || !k->ncounts || s->entry >= k->nrows ||
        s->size_index >= k->nsizes)
        return;
    size_t c = k->ncounts - 1, cell = s->entry * k->nsizes + s->size_index;
    if (strcmp(s->status, "ok") == 0 && s->samples > 0 && s->ops_per_sec > 0)
        k->rate[c][cell] = s->ops_per_sec * (k->row[s->entry].pkey ? 1 : (double)s->block_bytes);
    else
        k->outcome[c][cell] = s->status; /* a static word */
}

/* cell prints one count's figure of a cell, with its speed-up over the first. */
static void cell(const scaling *k, size_t c, size_t at, int pkey)
{
    double r = k->rate[c][at], r0 = k->rate[0][at];
    char num[48], up[16] = "";
    if (r < 0) {
        printf(" %18s", k->outcome[c][at] ? k->outcome[c][at] : "-");
        return;
    }
    if (pkey)
        snprintf(num, sizeof num, "%.1f/s", r);
    else
        snprintf(num, sizeof num, "%.2fk", r / 1000);
    if (c > 0 && r0 > 0)
        snprintf(up, sizeof up, " x%.2f", r / r0);
    char both[72];
    snprintf(both, sizeof both, "%s%s", num, up);
    printf(" %18s", both);
}

static void print_table(const scaling *k)
{
    printf("\nscaling: the whole machine's throughput at each -multi count, in 1000s of "
           "bytes per second (public-key rows: operations per second); xF is the speed-up "
           "over %u worker%s\n", k->counts[0], k->counts[0] == 1 ? "" : "s");
    size_t width = 12;
    char name[256];
    for (size_t e = 0; e < k->nrows; e++) {
        size_t n = strlen(k->row[e].label) + strlen(k->row[e].direction) + 16;
        width = n > width ? n : width;
    }
    printf("%-*s", (int)width, "type");
    for (size_t c = 0; c < k->ncounts; c++) {
        char head[32];
        snprintf(head, sizeof head, "%u worker%s", k->counts[c], k->counts[c] == 1 ? "" : "s");
        printf(" %18s", head);
    }
    putchar('\n');
    for (size_t e = 0; e < k->nrows; e++) {
        const sc_row *r = &k->row[e];
        for (size_t i = 0; i < (r->pkey ? 1 : k->nsizes); i++) {
            if (r->pkey)
                snprintf(name, sizeof name, "%s %s", r->label, r->direction);
            else
                snprintf(name, sizeof name, "%s%s%s %zu bytes", r->label,
                         strcmp(r->direction, "decrypt") == 0 ? " " : "",
                         strcmp(r->direction, "decrypt") == 0 ? "decrypt" : "", k->sizes[i]);
            printf("%-*s", (int)width, name);
            for (size_t c = 0; c < k->ncounts; c++)
                cell(k, c, e * k->nsizes + i, r->pkey);
            putchar('\n');
        }
    }
    fflush(stdout);
}

static int sc_end(void *ctx, cb_sink_end how)
{
    scaling *k = ctx;
    if (how != CB_SINK_ABANDONED && k->ncounts)
        print_table(k);
    for (size_t i = 0; i < k->nrows; i++) {
        free(k->row[i].label);
        free(k->row[i].direction);
    }
    for (size_t c = 0; c < k->ncounts; c++) {
        free(k->rate[c]);
        free(k->outcome[c]);
    }
    free(k->row);
    free(k->sizes);
    free(k);
    return 0;
}

cb_sink cb_sink_scaling(void)
{
    scaling *k = cb_xcalloc(1, sizeof *k);
    return (cb_sink){k, sc_begin, NULL, NULL, sc_case_end, sc_end};
}
