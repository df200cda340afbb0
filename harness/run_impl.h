/*
 * harness/run_impl.h - the state of one run, and the steps of harness/timing.c that
 * one process (harness/run.c) and a -multi worker and its parent (harness/multi.c)
 * repeat.  Internal to the harness.
 */
#ifndef CB_RUN_IMPL_H
#define CB_RUN_IMPL_H

#include "harness/bench.h"
#include "harness/cycles.h"
#include "harness/run.h"

/* The outcome of one case. */
typedef enum cb_outcome {
    CB_OUT_OK,      /* measured (possibly no sample, when stopped first) */
    CB_OUT_FAULTED, /* a signal: in the check before timing or while timed */
    CB_OUT_FAILED,  /* wrong answers in the check before timing */
    CB_OUT_SKIPPED  /* not timed: the variant faulted at an earlier size */
} cb_outcome;

typedef struct cb_run_ctx cb_run_ctx;

/* cb_case_fn receives each case as it ends: entry i, size index k, its outcome and
 * samples (r->fault: the signal when faulted). */
typedef void cb_case_fn(cb_run_ctx *c, size_t i, size_t k, cb_outcome out,
                        const cb_bench_result *r);

struct cb_run_ctx {
    const cb_run_opts *o;
    cb_plan plan;
    cb_bench_cfg bench;       /* o->bench with the run's counter */
    cb_cycles counter;
    char cycles_why[256];
    cb_run_info info;
    cb_sink *sinks;           /* none in a -multi worker: the parent reports */
    size_t nsinks;
    cb_sink_entry *rows;      /* the plan as sinks see it */
    cb_sink_run run;
    cb_outcome *checked;      /* per entry: the check's outcome, then the timing's */
    int *sig;                 /* per entry: the signal that faulted it */
    char (*note)[200];        /* per entry: why it is not measured */
    cb_provenance *lib;       /* per entry: where its variant's code came from */
    int status;
    cb_case_fn *on_case;      /* where time_all sends cases */
    void *report;             /* a -multi worker's report (harness/multi.c) */
};

/* cb_run_time_all times every entry in plan order (checked-out entries become
 * outcomes without timing); -1 when the run had to break off. */
int cb_run_time_all(cb_run_ctx *c);

/* cb_run_summarise fills the figures of s from r's samples of entry i at block
 * size len (operations per second, interval, spread, cycles per byte). */
void cb_run_summarise(const cb_run_ctx *c, size_t i, size_t len, const cb_bench_result *r,
                      cb_case_summary *s);

/* cb_run_emit_case sends one case's samples and summary to the sinks; worker is
 * the -multi worker that took them, or CB_SUMMARY_CASE in one process. */
void cb_run_emit_case(cb_run_ctx *c, size_t i, size_t k, int worker, cb_outcome out,
                      const cb_bench_result *r);

/* cb_run_case_head fills the identity of entry i at size index k into s. */
void cb_run_case_head(const cb_run_ctx *c, size_t i, size_t k, cb_case_summary *s);

/* cb_run_case_end hands a summary to every sink. */
void cb_run_case_end(cb_run_ctx *c, const cb_case_summary *s);

/* cb_run_outcome fills the status, signal and note of s for entry i's outcome out
 * (sig: the signal of a timed fault, 0 to take the check's); note is its storage. */
void cb_run_outcome(const cb_run_ctx *c, size_t i, cb_outcome out, int sig,
                    cb_case_summary *s, char *note, size_t len);

/* cb_run_report_fault says on stderr that e's variant raised sig, and the likely
 * cause (a capability this CPU lacks, or the library environment it ran under), or
 * that it hung (timeout: the time-out it outlasted) or called exit (sig a CB_GUARD_*
 * outcome, harness/guard.h). */
void cb_run_report_fault(const cb_plan_entry *e, int sig, double timeout);

/* cb_run_timeout: the time-out of a call into e's variant outside its timed batches
 * (key set-up, checks): -op-timeout for a library's, none for built-in code. */
double cb_run_timeout(const cb_run_ctx *c, const cb_plan_entry *e);

/* cb_outcome_name: "ok", "faulted", "failed", "skipped". */
const char *cb_outcome_name(cb_outcome out);

#endif
