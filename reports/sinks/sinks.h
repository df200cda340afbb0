/*
 * reports/sinks/sinks.h - the outputs of a speed run, each a cb_sink (base/sink.h) over
 * the run's one stream of records.  One file per sink: reports/sink_*.c.
 */
#ifndef CB_SINKS_H
#define CB_SINKS_H

#include "base/sink.h"
#include "base/workload.h"
#include "reports/compare/compare.h"

/* cb_sink_text: `openssl speed`'s output: each case's progress line as it ends
 * (with mr, the +DT/+R lines on stdout), then the table, the cycles-per-byte table,
 * the public-key table and, for -multi, each worker's table. */
cb_sink cb_sink_text(int mr);

/* cb_sink_workload: `speed -workload W`'s figures on stdout at the end, after the
 * tables: per algorithm, direction and variant, W's bytes over the time its calls
 * take at the run's medians, with the interval the per-size intervals allow
 * (reports/sinks/workload.c). */
cb_sink cb_sink_workload(const cb_workload *w);

/* cb_sink_span wraps inner so that it lives across several runs: their records pass
 * through, a run that ends normally leaves inner open, one stopped or abandoned
 * ends it; cb_sink_span_finish ends it (if still open) with how after the last run
 * and frees the wrapper (reports/sinks/span.c). */
cb_sink cb_sink_span(cb_sink inner);
int cb_sink_span_finish(cb_sink *span, cb_sink_end how);

/* cb_sink_scaling: `speed -multi 1,2,4`'s scaling table on stdout at its end, from
 * one run per count (wrap it in cb_sink_span): the machine's throughput per row,
 * size and count, and its speed-up over the first count (reports/sinks/scaling.c). */
cb_sink cb_sink_scaling(void);

/* cb_sink_progress: one status line on a terminal (case k of n, time so far, time
 * left); nothing when stderr is a file or a pipe. */
cb_sink cb_sink_progress(void);

/* cb_sink_csv: every sample to path, written atomically (reports/csv/csv.h).  Returns
 * 0, or -1 after one sentence on stderr when the file cannot be created. */
int cb_sink_csv(cb_sink *out, const char *path);

/* cb_sink_json: each case's summary to path at the end (reports/sinks/speed_json.h); the
 * file is checked and its temporary made now.  Returns 0, or -1 after one sentence. */
int cb_sink_json(cb_sink *out, const char *path);

/* cb_sink_compare: the before/after table of `-variant A,B -compare` (the first
 * variant of the plan before, the other after), in style (NULL: matrix), judged
 * with gate (NULL: no gate); *status (when not NULL) gets the gate's exit status. */
cb_sink cb_sink_compare(const char *style, const cb_compare_opts *gate, int *status);

/* cb_calibration: the A/A trials of `speed -calibrate-gate`, gathered over several
 * runs (reports/sinks/calibrate.c). */
typedef struct cb_calibration cb_calibration;

/* cb_calibration_new starts an empty record of trials. */
cb_calibration *cb_calibration_new(void);

/* cb_sink_calibrate feeds one run's samples (a -variant X,X run sampled in pairs) to
 * cal as one trial of each case; the sink leaves cal to its owner. */
cb_sink cb_sink_calibrate(cb_calibration *cal);

/* cb_calibration_print writes, per case, the smallest -fail-if-slower threshold that
 * kept the trials' false alarms at or below 5% to out (NULL: nothing), and frees
 * cal. */
void cb_calibration_print(cb_calibration *cal, double trial_seconds, FILE *out);

/* cb_sink_compare_to is cb_sink_compare writing to path (NULL: standard output),
 * atomically (base/outfile.h); the file is checked and its temporary made now.
 * Returns 0, or -1 after one sentence. */
int cb_sink_compare_to(cb_sink *out, const char *style, const cb_compare_opts *gate,
                       int *status, const char *path);

#endif
