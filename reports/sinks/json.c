/*
 * reports/sinks/json.c - `speed -json FILE`: every case's summary, written at the end.
 */
#include "reports/sinks/sinks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/outfile.h"
#include "reports/sinks/speed_json.h"

/* summaries: a growing array of them, with its own copy of each note. */
typedef struct summaries {
    cb_case_summary *v;
    size_t n, cap;
} summaries;

typedef struct json_sink {
    cb_outfile *out;    /* made when the sink is, so a bad path is refused before timing */
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
    int rc = 0, changed = 0;
    if (how == CB_SINK_ABANDONED) {
        cb_outfile_abort(k->out);
    } else if (cb_speed_json_write(cb_outfile_stream(k->out), k->run->info, k->run->precision,
                                   k->cases.v, k->cases.n, k->run->workers,
                                   k->per_worker.v) != 0) {
        cb_error("speed: cannot write the JSON file '%s'.", cb_outfile_path(k->out));
        cb_outfile_abort(k->out);
        rc = -1;
    } else {
        char path[512];
        snprintf(path, sizeof path, "%s", cb_outfile_path(k->out));
        if (cb_outfile_commit(k->out, &changed, err, sizeof err) != 0) {
            cb_error("speed: %s", err);
            rc = -1;
        } else if (changed) {
            cb_warn("%s changed while this run wrote it (another run writing the same "
                    "file?); it now holds this run's cases.", path);
        }
    }
    release(&k->cases);
    release(&k->per_worker);
    free(k);
    return rc;
}

int cb_sink_json(cb_sink *out, const char *path)
{
    char err[512];
    cb_outfile *f = cb_outfile_open(path, "JSON file", err, sizeof err);
    if (!f) {
        cb_error("speed: %s", err);
        return -1;
    }
    json_sink *k = cb_xcalloc(1, sizeof *k);
    k->out = f;
    *out = (cb_sink){k, json_begin, NULL, NULL, json_case_end, json_end};
    return 0;
}
