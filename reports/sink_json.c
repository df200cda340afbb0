/*
 * reports/sink_json.c - `speed -json FILE`: every case's summary, written at the end.
 */
#include "reports/sinks.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/speed_json.h"

/* summaries: a growing array of them, with its own copy of each note. */
typedef struct summaries {
    cb_case_summary *v;
    size_t n, cap;
} summaries;

typedef struct json_sink {
    const char *path;
    const cb_sink_run *run;
    summaries cases, per_worker;
} json_sink;

static void push(summaries *s, const cb_case_summary *c)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = cb_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n] = *c;
    s->v[s->n++].note = cb_xstrdup(c->note ? c->note : "");
}

static void release(summaries *s)
{
    for (size_t i = 0; i < s->n; i++)
        free((char *)s->v[i].note);
    free(s->v);
}

static void json_begin(void *ctx, const cb_sink_run *run)
{
    ((json_sink *)ctx)->run = run;
}

static void json_case_end(void *ctx, const cb_case_summary *c)
{
    json_sink *k = ctx;
    push(c->worker == CB_SUMMARY_CASE ? &k->cases : &k->per_worker, c);
}

static int json_end(void *ctx, cb_sink_end how)
{
    json_sink *k = ctx;
    char err[512];
    int rc = 0;
    if (how != CB_SINK_ABANDONED &&
        cb_speed_json_write(k->path, k->run->info, k->run->precision, k->cases.v, k->cases.n,
                            k->run->workers, k->per_worker.v, err, sizeof err) != 0) {
        cb_error("speed: %s.", err);
        rc = -1;
    }
    release(&k->cases);
    release(&k->per_worker);
    free(k);
    return rc;
}

cb_sink cb_sink_json(const char *path)
{
    json_sink *k = cb_xcalloc(1, sizeof *k);
    k->path = path;
    return (cb_sink){k, json_begin, NULL, NULL, json_case_end, json_end};
}
