/*
 * reports/sinks.h - the outputs of a speed run, each a cb_sink (base/sink.h) over
 * the run's one stream of records.  One file per sink: reports/sink_*.c.
 */
#ifndef CB_SINKS_H
#define CB_SINKS_H

#include "base/sink.h"

/* cb_sink_text: `openssl speed`'s output: each case's progress line as it ends
 * (with mr, the +DT/+R lines on stdout), then the table, the cycles-per-byte table,
 * the public-key table and, for -multi, each worker's table. */
cb_sink cb_sink_text(int mr);

/* cb_sink_progress: one status line on a terminal (case k of n, time so far, time
 * left); nothing when stderr is a file or a pipe. */
cb_sink cb_sink_progress(void);

/* cb_sink_csv: every sample to path, written atomically (reports/csv.h).  Returns
 * 0, or -1 after one sentence on stderr when the file cannot be created. */
int cb_sink_csv(cb_sink *out, const char *path);

/* cb_sink_json: each case's summary to path at the end (reports/speed_json.h); the
 * file is checked and its temporary made now.  Returns 0, or -1 after one sentence. */
int cb_sink_json(cb_sink *out, const char *path);

/* cb_sink_compare: the before/after table of `-variant A,B -compare` (the first
 * variant of the plan before, the other after), in style (NULL: matrix). */
cb_sink cb_sink_compare(const char *style);

/* cb_sink_compare_to is cb_sink_compare writing to path (NULL: standard output),
 * atomically (base/outfile.h); the file is checked and its temporary made now.
 * Returns 0, or -1 after one sentence. */
int cb_sink_compare_to(cb_sink *out, const char *style, const char *path);

#endif
