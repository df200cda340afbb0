/*
 * reports/sinks/span.c - a sink that lives across several runs (speed -multi 1,2,4:
 * one run per count, one CSV and one scaling table for all of them).  Each run's
 * records pass through; a run that ends normally leaves the inner sink open for the
 * next, one stopped or abandoned ends it there (so a stop keeps what finished and a
 * refusal leaves no file), and cb_sink_span_finish ends it after the last.
 */
#include "reports/sinks/sinks.h"

#include <stdlib.h>

#include "base/common.h"

typedef struct span {
    cb_sink inner;
    int ended;
} span;

static void span_begin(void *ctx, const cb_sink_run *run)
{
    span *k = ctx;
    if (!k->ended && k->inner.begin)
        k->inner.begin(k->inner.ctx, run);
}

static void span_case_start(void *ctx, size_t entry, size_t size_index)
{
    span *k = ctx;
    if (!k->ended && k->inner.case_start)
        k->inner.case_start(k->inner.ctx, entry, size_index);
}

static void span_sample(void *ctx, const cb_sample *s)
{
    span *k = ctx;
    if (!k->ended && k->inner.sample)
        k->inner.sample(k->inner.ctx, s);
}

static void span_case_end(void *ctx, const cb_case_summary *c)
{
    span *k = ctx;
    if (!k->ended && k->inner.case_end)
        k->inner.case_end(k->inner.ctx, c);
}

static int span_end(void *ctx, cb_sink_end how)
{
    span *k = ctx;
    if (how == CB_SINK_DONE || k->ended)
        return 0;
    k->ended = 1;
    return k->inner.end(k->inner.ctx, how);
}

cb_sink cb_sink_span(cb_sink inner)
{
    span *k = cb_xcalloc(1, sizeof *k);
    k->inner = inner;
    return (cb_sink){k, span_begin, span_case_start, span_sample, span_case_end, span_end};
}

int cb_sink_span_finish(cb_sink *s, cb_sink_end how)
{
    span *k = s->ctx;
    int rc = k->ended ? 0 : k->inner.end(k->inner.ctx, how);
    free(k);
    s->ctx = NULL;
    return rc;
}
