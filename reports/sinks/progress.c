/*
 * reports/sinks/progress.c - the status line a terminal shows while a run goes.
 */
#include "reports/sinks/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "base/common.h"

typedef struct progress_sink {
    const cb_sink_run *run;
    size_t done;
    double started;  /* when the first case started, seconds */
    int shown;       /* the line is on the screen */
} progress_sink;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void clear(progress_sink *k)
{
    if (k->shown)
        fputs("\r\033[K", stderr);
    k->shown = 0;
}

static void progress_begin(void *ctx, const cb_sink_run *run)
{
    ((progress_sink *)ctx)->run = run;
}

/* progress_start shows case k of n, the time so far and an estimate of what is left. */
static void progress_start(void *ctx, size_t entry, size_t size_index)
{
    progress_sink *k = ctx;
    const cb_sink_entry *e = &k->run->entries[entry];
    double t = now();
    if (k->done == 0)
        k->started = t;
    double spent = t - k->started;
    fprintf(stderr, "\r\033[K[case %zu of %zu, %.0fs elapsed", k->done + 1, k->run->cases,
            spent);
    if (k->done > 0)
        fprintf(stderr, ", about %.0fs left",
                spent / (double)k->done * (double)(k->run->cases - k->done));
    fprintf(stderr, "] %s at %zu bytes", e->label, e->pkey ? 0 : k->run->sizes[size_index]);
    fflush(stderr);
    k->shown = 1;
}

/* The line goes before anything else reaches the terminal: the first sample of a
 * case comes before any message about it. */
static void progress_sample(void *ctx, const cb_sample *s)
{
    (void)s;
    clear(ctx);
}

static void progress_case_end(void *ctx, const cb_case_summary *c)
{
    progress_sink *k = ctx;
    clear(k);
    k->done += c->worker == CB_SUMMARY_CASE;
}

static int progress_end(void *ctx, cb_sink_end how)
{
    (void)how;
    clear(ctx);
    free(ctx);
    return 0;
}

static int ignore_end(void *ctx, cb_sink_end how)
{
    (void)ctx, (void)how;
    return 0;
}

cb_sink cb_sink_progress(void)
{
    if (!isatty(STDERR_FILENO))
        return (cb_sink){NULL, NULL, NULL, NULL, NULL, ignore_end};
    progress_sink *k = cb_xcalloc(1, sizeof *k);
    return (cb_sink){k, progress_begin, progress_start, progress_sample, progress_case_end,
                     progress_end};
}
