/*
 * cli/cmd_speed.c - `cryptobench speed`: OpenSSL's speed command line (parsed in
 * cli/speed_opts.c), the run (harness/run.h) wired to the outputs the options ask
 * for (reports/sinks/sinks.h), and the exit status.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "base/common.h"
#include "cli/commands.h"
#include "cli/speed.h"
#include "cli/tune_opts.h"
#include "harness/run.h"
#include "kernels/select.h"
#include "reports/sinks/sinks.h"

/* MAX_SINKS: progress, text, workload, compare, CSV, JSON. */
#define MAX_SINKS 6

/* abandon ends the n sinks made so far, leaving no file behind; returns -1. */
static int abandon(cb_sink *sinks, int n)
{
    for (int i = 0; i < n; i++)
        sinks[i].end(sinks[i].ctx, CB_SINK_ABANDONED);
    return -1;
}

/* wire_sinks makes the outputs o asks for, in the order they finish: the terminal,
 * the tables, the comparison, then the files.  Returns how many, or -1 (after one
 * sentence) when a file cannot be created. */
static int wire_sinks(const speed_opts *o, cb_sink *sinks, int *gate_status)
{
    int n = 0;
    sinks[n++] = cb_sink_progress();
    sinks[n++] = cb_sink_text(o->mr);
    if (o->has_workload)
        sinks[n++] = cb_sink_workload(&o->workload);
    if (o->run.compare) {
        if (cb_sink_compare_to(&sinks[n], o->style, &o->judge, gate_status, o->compare_out) !=
            0)
            return abandon(sinks, n);
        n++;
    }
    if (o->csv_path) {
        if (cb_sink_csv(&sinks[n], o->csv_path) != 0)
            return abandon(sinks, n);
        n++;
    }
    if (o->json_path) {
        if (cb_sink_json(&sinks[n], o->json_path) != 0)
            return abandon(sinks, n);
        n++;
    }
    return n;
}

/* calibrate_gate runs the A/A trials of -calibrate-gate, one run each with only the
 * trials' sink (and the progress line), and prints what they support. */
static void calibrate_gate(const speed_opts *o, cb_run_result *res)
{
    cb_calibration *cal = cb_calibration_new();
    fprintf(stderr, "speed: -calibrate-gate: %d A/A trials of %g s per case; each is a "
            "gated comparison that never stops early.\n", CB_CALIBRATE_TRIALS,
            o->run.bench.gate_max_seconds);
    for (int t = 0; t < CB_CALIBRATE_TRIALS; t++) {
        cb_sink sinks[2] = {cb_sink_progress(), cb_sink_calibrate(cal)};
        cb_run(&o->run, sinks, 2, res);
        if (res->status != CB_EXIT_OK || res->stopped || res->sink_failed)
            break;
    }
    /* trials cut short by a fault or a stop support no threshold */
    cb_calibration_print(cal, o->run.bench.gate_max_seconds,
                         res->status == CB_EXIT_OK && !res->stopped ? stdout : NULL);
}

/* worse is the exit status to keep of two runs': the first failure. */
static int worse(int a, int b)
{
    return a != CB_EXIT_OK ? a : b;
}

/*
 * scaling_runs is `-multi 1,2,4`: the plan run once per count, each run with its own
 * progress line and tables (and -workload figure), the CSV and the scaling table
 * spanning all of them.  A stop or a refusal ends the series there.
 */
static void scaling_runs(speed_opts *o, cb_run_result *res)
{
    cb_sink csv = {0}, scale = cb_sink_span(cb_sink_scaling());
    int have_csv = 0, status = CB_EXIT_OK, sink_failed = 0;
    if (o->csv_path) {
        cb_sink inner;
        if (cb_sink_csv(&inner, o->csv_path) != 0) {
            cb_sink_span_finish(&scale, CB_SINK_ABANDONED);
            memset(res, 0, sizeof *res);
            res->status = CB_EXIT_USAGE;
            return;
        }
        csv = cb_sink_span(inner);
        have_csv = 1;
    }
    cb_sink_end how = CB_SINK_DONE;
    for (size_t i = 0; i < o->nmulti; i++) {
        o->run.multi = o->multi_counts[i];
        printf("%s-multi %ld: %ld worker%s at once\n", i ? "\n" : "", o->run.multi,
               o->run.multi, o->run.multi == 1 ? "" : "s");
        fflush(stdout);
        cb_sink sinks[MAX_SINKS];
        size_t n = 0;
        sinks[n++] = cb_sink_progress();
        sinks[n++] = cb_sink_text(o->mr);
        if (o->has_workload)
            sinks[n++] = cb_sink_workload(&o->workload);
        sinks[n++] = scale;
        if (have_csv)
            sinks[n++] = csv;
        cb_run(&o->run, sinks, n, res);
        status = worse(status, res->status);
        sink_failed |= res->sink_failed;
        if (res->stopped || res->status == CB_EXIT_USAGE) {
            how = res->stopped ? CB_SINK_STOPPED : CB_SINK_ABANDONED;
            break;
        }
    }
    sink_failed |= cb_sink_span_finish(&scale, how) != 0;
    if (have_csv)
        sink_failed |= cb_sink_span_finish(&csv, how) != 0;
    res->status = status;
    res->sink_failed = sink_failed;
}

int cb_cmd_speed(int argc, char **argv)
{
    speed_opts o;
    int rc = cb_speed_parse(&o, argc, argv);
    if (rc != 0) {
        cb_gate_opts_free(&o.gate);
        return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    }
    char err[512];
    if (cb_caps_init(o.force_caps, err, sizeof err) != 0) {
        cb_error("%s", err);
        cb_gate_opts_free(&o.gate);
        return CB_EXIT_USAGE;
    }
    const char *tune = o.tune_path ? o.tune_path : getenv(CB_TUNE_ENV);
    if (tune && *tune && cb_tune_load(&o.tune, tune, "speed") != 0) {
        cb_gate_opts_free(&o.gate);
        return CB_EXIT_USAGE;
    }
    /* From the moment a temporary CSV may exist, a stop signal only raises the flag,
     * so the file is always finished or removed. */
    cb_run_stop_install();
    cb_run_result res;
    int gate_status = CB_EXIT_OK;
    if (o.calibrate_gate) {
        calibrate_gate(&o, &res);
    } else if (o.nmulti > 1) {
        scaling_runs(&o, &res);
    } else {
        cb_sink sinks[MAX_SINKS];
        int n = wire_sinks(&o, sinks, &gate_status);
        if (n < 0) {
            cb_run_stop_restore();
            cb_gate_opts_free(&o.gate);
            cb_select_tune(NULL);
            cb_tune_free(&o.tune);
            return CB_EXIT_USAGE;
        }
        cb_run(&o.run, sinks, (size_t)n, &res);
    }
    cb_run_stop_restore();
    cb_gate_opts_free(&o.gate);
    cb_select_tune(NULL);
    cb_tune_free(&o.tune);
    int status = res.status;
    if (status == CB_EXIT_OK)
        status = gate_status;
    if (res.sink_failed && status == CB_EXIT_OK)
        status = CB_EXIT_USAGE;
    if (res.stopped) {
        cb_error("speed: interrupted by %s; the samples that finished are printed%s.",
                 cb_run_signame(res.stopped), o.csv_path ? " and saved" : "");
        status = CB_EXIT_SIGNAL_BASE + res.stopped;
    }
    return status;
}
