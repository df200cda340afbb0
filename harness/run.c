/*
 * harness/run.c - a speed run (harness/run.h): prepare, check, describe, then time
 * (harness/timing.c, or harness/multi.c's workers running it) and end the sinks.
 */
#include "harness/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"
#include "harness/emu.h"
#include "harness/guard.h"
#include "harness/host.h"
#include "harness/multi.h"
#include "harness/run_impl.h"
#include "harness/runinfo.h"
#include "harness/workers.h"
#include "kernels/check/check.h"
#include "kernels/inst.h"
#include "kernels/registry.h"

/* emit_here is cb_case_fn for one process: straight to the sinks. */
static void emit_here(cb_run_ctx *c, size_t i, size_t k, cb_outcome out,
                      const cb_bench_result *r)
{
    cb_run_emit_case(c, i, k, CB_SUMMARY_CASE, out, r);
}

/* ---- where each variant came from ------------------------------------------------------ */

/* kept copies s as every results file can carry it (base/sample.h). */
static const char *kept(const char *s)
{
    char buf[CB_PROVENANCE_MAX + 1];
    return cb_xstrdup(cb_provenance_clean(s, buf));
}

/* provenance says where v's code came from: for a whole-algorithm variant the
 * library's path and version, its build notes ("cflags=...") joined into info and
 * its "env=VAR=VALUE" notes, as VAR=VALUE, into env (each a copy of its own); none
 * (NULL, read as "") for a built-in variant. */
static cb_provenance provenance(const cb_variant *v)
{
    const cb_alg_impl *m = cb_variant_impl(v);
    if (!m)
        return (cb_provenance){NULL, NULL, NULL, NULL};
    cb_buf info = {NULL, 0, 0}, env = {NULL, 0, 0};
    for (const char *const *n = m->notes; n && *n; n++) {
        int is_env = strncmp(*n, "env=", 4) == 0;
        cb_buf *b = is_env ? &env : &info;
        cb_buf_printf(b, "%s%s", b->len ? "; " : "", *n + (is_env ? 4 : 0));
    }
    cb_provenance p = {kept(m->library), kept(m->version), kept(info.s), kept(env.s)};
    free(info.s);
    free(env.s);
    return p;
}

static void free_provenance(cb_provenance *lib, size_t n)
{
    for (size_t i = 0; lib && i < n; i++)
        for (int f = 0; f < CB_PROVENANCE_FIELDS; f++)
            free((char *)*cb_provenance_field(&lib[i], f));
    free(lib);
}

/* ---- the check before timing ----------------------------------------------------------- */

typedef struct check_call {
    const cb_alg *alg;
    const cb_variant *var;
    int rc;
    char err[180];
} check_call;

static void run_check(void *arg)
{
    check_call *k = arg;
    k->rc = cb_check_variant(k->alg, k->var, CB_CHECK_QUICK, k->err, sizeof k->err, NULL);
}

/* check_one checks variant v of entry i under the guard, recording a fault or a
 * failure against the entry; 1 when the run was stopped meanwhile. */
static int check_one(cb_run_ctx *c, size_t i, const cb_variant *v)
{
    const cb_plan_entry *e = &c->plan.e[i];
    check_call k = {e->alg, v, 0, ""};
    double limit = cb_run_timeout(c, e);
    int sig = cb_guard_run_for(run_check, &k, limit);
    if (sig == CB_GUARD_STOPPED)
        return 1;
    if (sig) {
        cb_run_report_fault(e, sig, limit);
        c->checked[i] = CB_OUT_FAULTED;
        c->sig[i] = sig;
        c->status = CB_EXIT_FAULT;
    } else if (k.rc) {
        cb_error("speed: not timing variant %s of %s: it failed its check: %s.", v->name,
                 e->alg->name, k.err);
        c->checked[i] = CB_OUT_FAILED;
        snprintf(c->note[i], sizeof c->note[i], "failed its check: %s", k.err);
        if (c->status == CB_EXIT_OK)
            c->status = CB_EXIT_FAIL;
    }
    return 0;
}

/* verify checks each distinct (algorithm, variant) once, under the guard, and the
 * variants a tuning file gives an entry; one that fails or faults is not timed. */
static void verify(cb_run_ctx *c)
{
    for (size_t i = 0; i < c->plan.n; i++) {
        const cb_plan_entry *e = &c->plan.e[i];
        size_t j = 0;
        while (j < i && !(c->plan.e[j].alg == e->alg && c->plan.e[j].var == e->var &&
                          !cb_plan_tuned(&c->plan.e[j]) && !cb_plan_tuned(e)))
            j++;
        if (j < i) {
            c->checked[i] = c->checked[j];
            c->sig[i] = c->sig[j];
            memcpy(c->note[i], c->note[j], sizeof c->note[i]);
            continue;
        }
        if (check_one(c, i, e->var))
            return; /* the run ends before timing */
        for (size_t k = 0; k < CB_PLAN_MAX_SIZES && c->checked[i] == CB_OUT_OK; k++) {
            size_t m = 0;
            while (m < k && cb_plan_var(e, m) != cb_plan_var(e, k))
                m++;
            if (m == k && e->tuned[k] && check_one(c, i, e->tuned[k]))
                return;
        }
    }
}

/* ---- the run ---------------------------------------------------------------------------- */

/* warn_conditions says when the numbers about to be taken deserve less trust. */
static void warn_conditions(void)
{
    char gov[64];
    cb_host_governor(gov, sizeof gov);
    if (strcmp(gov, "performance") != 0 && strcmp(gov, "unavailable") != 0)
        cb_warn("the CPU frequency governor is '%s', not 'performance': clock speed may "
                "change during the run.", gov);
    double load = cb_host_loadavg();
    long ncpu = cb_host_cpus();
    if (ncpu > 0 && load > (double)ncpu)
        cb_warn("the load average (%.2f) exceeds the %ld CPUs: other work competes for "
                "them.", load, ncpu);
    if (strcmp(cb_emulator(), "none") != 0 && strcmp(cb_emulator(), "unknown") != 0)
        cb_warn("running under %s: the timings say nothing about real hardware; count "
                "guest instructions instead (see README).", cb_emulator());
}

/* prepare readies everything before the first case; -1 refuses the run. */
static int prepare(cb_run_ctx *c)
{
    if (cb_plan_build(&c->plan, c->o) != 0)
        return -1;
    cb_runinfo_collect(&c->info, c->o->bench.clock);
    if (c->o->cpu >= 0 && cb_pin_cpu(c->o->cpu) != 0) {
        cb_error("speed: -cpu %ld: this process may not run on CPU %ld.", c->o->cpu,
                 c->o->cpu);
        return -1;
    }
    warn_conditions();
    if (cb_cycles_open(&c->counter, c->o->cycles, c->cycles_why, sizeof c->cycles_why) != 0) {
        cb_error("speed: no cycle counter: %s.", c->cycles_why);
        return -1;
    }
    if (c->o->cycles != CB_CYCLES_OFF && !c->counter.source[0])
        cb_warn("speed: cycles are n/a: %s.", c->cycles_why);
    c->bench = c->o->bench;
    c->bench.cycles = &c->counter;
    return 0;
}

/* Batches a case spends besides its min_samples: calibration (about two) and the
 * warm-up. */
#define BUDGET_EXTRA_BATCHES 3

/* fit_budget shares -budget among the run's cases (cb_run_opts.budget_seconds). */
static void fit_budget(cb_run_ctx *c, size_t cases)
{
    const cb_run_opts *o = c->o;
    if (o->budget_seconds <= 0 || o->bench.seconds > 0 || o->bench.iterations || cases == 0)
        return;
    double share = o->budget_seconds / (double)cases;
    if (share < c->bench.max_case_seconds)
        c->bench.max_case_seconds = share;
    double batch = share / (double)(c->bench.min_samples + BUDGET_EXTRA_BATCHES);
    if (batch < CB_RUN_MIN_BATCH)
        batch = CB_RUN_MIN_BATCH;
    double now = c->bench.batch_seconds > 0 ? c->bench.batch_seconds : CB_BENCH_BATCH_SECONDS;
    if (batch < now)
        c->bench.batch_seconds = batch;
}

/* describe tells the sinks what the run will time. */
static void describe(cb_run_ctx *c)
{
    size_t n = c->plan.n;
    c->rows = cb_xcalloc(n, sizeof *c->rows);
    for (size_t i = 0; i < n; i++) {
        const cb_plan_entry *e = &c->plan.e[i];
        c->rows[i] = (cb_sink_entry){e->label, e->alg->name, e->var->name, cb_dir_name(e->dir),
                                     e->alg->key_bits, cb_alg_per_op(e->alg),
                                     e->alg->heading, e->labelled};
        c->run.cases += cb_plan_sizes(c->o, e);
    }
    fit_budget(c, c->run.cases);
    c->run.info = &c->info;
    c->run.sizes = c->o->sizes;
    c->run.nsizes = c->o->nsizes;
    c->run.entries = c->rows;
    c->run.nentries = n;
    c->run.workers = c->o->multi > 0 ? (unsigned)c->o->multi : 0;
    c->run.seconds = c->o->bench.seconds;
    c->run.precision = c->o->bench.precision;
    c->run.max_case_seconds = c->bench.max_case_seconds;
    c->run.cycles_asked = c->o->cycles != CB_CYCLES_OFF;
    c->run.cycles_source = c->counter.source;
    c->run.cycles_why = c->cycles_why;
    for (size_t j = 0; j < c->nsinks; j++)
        if (c->sinks[j].begin)
            c->sinks[j].begin(c->sinks[j].ctx, &c->run);
}

static int end_sinks(cb_sink *sinks, size_t n, cb_sink_end how)
{
    int failed = 0;
    for (size_t j = 0; j < n; j++)
        failed |= sinks[j].end(sinks[j].ctx, how) != 0;
    return failed;
}

void cb_run(const cb_run_opts *o, cb_sink *sinks, size_t n, cb_run_result *res)
{
    cb_run_ctx *c = cb_xcalloc(1, sizeof *c);
    memset(res, 0, sizeof *res);
    c->o = o;
    c->counter.fd = -1;
    c->counter.source = "";
    c->sinks = sinks;
    c->nsinks = n;
    c->on_case = emit_here;
    if (prepare(c) != 0) {
        end_sinks(sinks, n, CB_SINK_ABANDONED);
        res->status = CB_EXIT_USAGE;
    } else {
        c->checked = cb_xcalloc(c->plan.n, sizeof *c->checked);
        c->sig = cb_xcalloc(c->plan.n, sizeof *c->sig);
        c->note = cb_xcalloc(c->plan.n, sizeof *c->note);
        c->lib = cb_xcalloc(c->plan.n, sizeof *c->lib);
        for (size_t i = 0; i < c->plan.n; i++)
            c->lib[i] = provenance(c->plan.e[i].var);
        verify(c);
        describe(c);
        int broke = (o->multi > 0 ? cb_multi_run(c) : cb_run_time_all(c)) != 0;
        res->stopped = *cb_run_stop_flag();
        res->sink_failed =
            end_sinks(sinks, n, res->stopped ? CB_SINK_STOPPED : CB_SINK_DONE);
        res->status = broke && c->status == CB_EXIT_OK ? CB_EXIT_FAIL : c->status;
    }
    cb_cycles_close(&c->counter);
    free_provenance(c->lib, c->plan.n);
    cb_plan_free(&c->plan);
    free(c->rows);
    free(c->checked);
    free(c->sig);
    free(c->note);
    free(c);
}
