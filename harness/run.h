/*
 * harness/run.h - a speed run below the command line: the plan, each variant
 * checked before it is timed (under the fault guard), cases grouped and, for
 * -compare, their samples interleaved (rounds of random order), the stop flag,
 * -multi workers.  The run emits its records to sinks (base/sink.h) and knows no
 * output format.
 */
#ifndef CB_RUN_H
#define CB_RUN_H

#include <signal.h>
#include <stddef.h>

#include "base/sink.h"
#include "harness/plan.h"

/* cb_run_result: how a run went. */
typedef struct cb_run_result {
    int status;      /* CB_EXIT_OK, CB_EXIT_FAIL (a check failed, the run broke off),
                      * CB_EXIT_USAGE (refused before timing), CB_EXIT_FAULT */
    int stopped;     /* the stop signal that ended it early, or 0 */
    int sink_failed; /* a sink could not finish (a file not written) */
} cb_run_result;

/*
 * cb_run_stop_install makes SIGINT (Ctrl-C), SIGTERM (a CI job's timeout, `kill`)
 * and SIGHUP (a closed terminal) only raise the stop flag, so that a run stopped by
 * any of them still prints and saves what finished; install it before any sink
 * creates a file.  cb_run_stop_restore puts the previous handlers back.
 */
void cb_run_stop_install(void);
void cb_run_stop_restore(void);

/* cb_run_stop_flag: the flag the handlers raise (the signal's number). */
volatile sig_atomic_t *cb_run_stop_flag(void);

/* cb_run_signame names a stop signal: "SIGINT", "SIGTERM", "SIGHUP". */
const char *cb_run_signame(int sig);

/*
 * cb_run plans and times o, feeding every record to each of the n sinks in turn,
 * and ends every sink exactly once (abandoned when the run is refused before
 * timing, after one sentence on stderr).  Capabilities must be initialised.
 */
void cb_run(const cb_run_opts *o, cb_sink *sinks, size_t n, cb_run_result *res);

#endif
