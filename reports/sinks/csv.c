/*
 * reports/sinks/csv.c - `speed -csv FILE`: every sample, a row as it arrives.
 */
#include "reports/sinks/sinks.h"

#include <stdlib.h>

#include "base/common.h"
#include "reports/csv/csv.h"

typedef struct csv_sink {
    cb_csv_writer *w;
    const char *path;
    const cb_run_info *info;
    int failed;          /* a row could not be written: said once */
} csv_sink;

static void csv_begin(void *ctx, const cb_sink_run *run)
{
    csv_sink *k = ctx;
    k->info = run->info;
}

static void csv_sample(void *ctx, const cb_sample *s)
{
    csv_sink *k = ctx;
    if (cb_csv_write(k->w, k->info, s) != 0 && !k->failed) {
        cb_warn("speed: could not write to %s.", k->path);
        k->failed = 1;
    }
}

static int csv_end(void *ctx, cb_sink_end how)
{
    csv_sink *k = ctx;
    char err[512];
    int rc = 0;
    if (how == CB_SINK_ABANDONED) {
        cb_csv_abort(k->w);
    } else if (cb_csv_commit(k->w, err, sizeof err) != 0) {
        cb_error("speed: %s", err);
        rc = -1;
    }
    free(k);
    return rc;
}

int cb_sink_csv(cb_sink *out, const char *path)
{
    char err[512];
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    if (!w) {
        cb_error("speed: %s", err);
        return -1;
    }
    csv_sink *k = cb_xcalloc(1, sizeof *k);
    k->w = w;
    k->path = path;
    *out = (cb_sink){k, csv_begin, NULL, csv_sample, NULL, csv_end};
    return 0;
}
