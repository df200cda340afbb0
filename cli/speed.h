/*
 * cli/speed.h - the `speed` command's options, shared by cli/cmd_speed.c (the door)
 * and cli/speed_opts.c (OpenSSL's command line, parsed and checked).  Internal to
 * the command; nothing outside cli/ includes it.
 */
#ifndef CB_CLI_SPEED_H
#define CB_CLI_SPEED_H

#include "cli/gate_opts.h"
#include "cli/libopts.h"
#include "base/workload.h"
#include "harness/plan.h"
#include "kernels/tune.h"

/* CB_MULTI_COUNTS: the worker counts of one -multi list. */
#define CB_MULTI_COUNTS 8

/* speed_opts: what the command line asked for, checked: the run's options, and
 * which outputs to wire to it. */
typedef struct speed_opts {
    cb_run_opts run;
    int mr, force_caps;
    const char *style;    /* -style for -compare */
    const char *compare_out; /* -compare-out FILE: -compare's table or format there */
    const char *csv_path;
    const char *json_path;
    cb_libopts libs;      /* -lib, -lib-env */
    cb_gate_opts gate;    /* -fail-if-slower, -gate-on (with -compare) */
    cb_compare_opts judge; /* the gate as compare applies it */
    int calibrate_gate;   /* -calibrate-gate: A/A trials, no table */
    int has_workload;     /* -workload W: its sizes timed, its figure printed */
    long multi_counts[CB_MULTI_COUNTS]; /* -multi N[,N...], ascending */
    size_t nmulti;        /* how many: 2 or more run the plan once per count */
    cb_workload workload;
    const char *tune_path; /* -tune FILE (else CRYPTOBENCH_TUNE): auto follows it */
    cb_tune tune;
} speed_opts;

/* CB_CALIBRATE_TRIALS: the A/A trials of -calibrate-gate.  With 20, "at most 5%"
 * allows one false alarm, the same count make bench's aa experiment reports. */
#define CB_CALIBRATE_TRIALS 20

/* cb_speed_parse fills o from the command line: -1 (after one sentence on stderr) on
 * bad usage, 1 when help was printed, 0 to run.  Every check that can be made
 * before anything is timed is made here. */
int cb_speed_parse(speed_opts *o, int argc, char **argv);

#endif
