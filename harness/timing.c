/*
 * harness/timing.c - timing a plan: the stop flag, the records a case sends the
 * sinks, and the loop that times every entry.  One process (harness/run.c) and each
 * -multi worker (harness/multi.c) run it; it calls neither.
 */
#include "harness/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"
#include "harness/canary.h"
#include "harness/guard.h"
#include "harness/run_impl.h"
#include "kernels/inst.h"
#include "kernels/registry.h"

/* ---- the stop flag ------------------------------------------------------------------ */

/* stop: the signal that asked the run to stop (0: none).  Every stop signal ends the
 * run the same way; the exit status is 128 + the signal, as the shell reports it. */
static volatile sig_atomic_t stop;

static void on_stop_signal(int sig)
{
    stop = sig;
    cb_guard_stop_requested(); /* a library call that does not return is left */
}

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define N_STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])
static struct sigaction saved[N_STOP_SIGNALS];

void cb_run_stop_install(void)
{
    struct sigaction sa;
    stop = 0;
    cb_guard_stop_clear();
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &sa, &saved[i]);
}

void cb_run_stop_restore(void)
{
    for (size_t i = 0; i < N_STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &saved[i], NULL);
}

volatile sig_atomic_t *cb_run_stop_flag(void)
{
    return &stop;
}

const char *cb_run_signame(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* ---- records ------------------------------------------------------------------------ */

const char *cb_outcome_name(cb_outcome out)
{
    static const char *const names[] = {"ok", "faulted", "failed", "skipped"};
    return names[out];
}

/* per_op is how many bytes one operation of entry i processes (1 for public-key
 * entries, whose table counts operations). */
static double per_op(const cb_run_ctx *c, size_t i, size_t len)
{
    return cb_alg_per_op(c->plan.e[i].alg) ? 1 : (double)len;
}

void cb_run_summarise(const cb_run_ctx *c, size_t i, size_t len, const cb_bench_result *r,
                      cb_case_summary *s)
{
    double rates[CB_BENCH_MAX_SAMPLES], cpb[CB_BENCH_MAX_SAMPLES];
    s->samples = r->n;
    s->noisy = r->noisy;
    s->count = 0;
    s->seconds = 0;
    size_t m = 0; /* the samples after the case settled: its figures */
    for (unsigned j = 0; j < r->n; j++) {
        cb_sample one = {.iterations = r->iterations[j], .seconds = r->seconds[j]};
        s->count += r->iterations[j];
        s->seconds += r->seconds[j];
        if (r->transient[j])
            continue;
        rates[m] = cb_sample_ops_per_sec(&one);
        cpb[m++] = r->cycles[j] / ((double)r->iterations[j] * per_op(c, i, len));
    }
    s->ops_per_sec = s->ci_low = s->ci_high = -1;
    s->cv = 0;
    if (m) {
        s->cv = cb_cv(rates, m);
        cb_median_ci(rates, m, &s->ci_low, &s->ci_high);
        s->ops_per_sec = cb_median(rates, m); /* sorts: after the interval */
    }
    s->cycles_per_byte = -1;
    s->cycles_source = c->counter.source;
    if (c->counter.source[0] && m && r->cycles[0] >= 0)
        s->cycles_per_byte = cb_median(cpb, m);
}

void cb_run_case_head(const cb_run_ctx *c, size_t i, size_t k, cb_case_summary *s)
{
    const cb_plan_entry *e = &c->plan.e[i];
    memset(s, 0, sizeof *s);
    s->entry = i;
    s->size_index = k;
    s->worker = CB_SUMMARY_CASE;
    s->alg = e->alg->name;
    s->variant = cb_plan_var(e, k)->name;
    s->direction = cb_dir_name(e->dir);
    s->key_bits = e->alg->key_bits;
    s->block_bytes = cb_plan_len(c->o, e, k);
    s->misalign = c->o->misalign;
    s->aead = c->o->aead | (c->o->rekey ? CB_INST_REKEY : 0);
    s->status = "ok";
    s->signal = s->note = "";
    s->lib = c->lib[i];
}

void cb_run_case_end(cb_run_ctx *c, const cb_case_summary *s)
{
    for (size_t j = 0; j < c->nsinks; j++)
        if (c->sinks[j].case_end)
            c->sinks[j].case_end(c->sinks[j].ctx, s);
}

static void emit_sample(cb_run_ctx *c, const cb_sample *s)
{
    for (size_t j = 0; j < c->nsinks; j++)
        if (c->sinks[j].sample)
            c->sinks[j].sample(c->sinks[j].ctx, s);
}

/* lacking: the capability of e's variant the CPU lacks (the likely cause of a
 * fault under -force-caps), or NULL. */
static const char *lacking(const cb_plan_entry *e)
{
    return cb_caps_missing(e->var->caps, cb_caps_detected());
}

/* fault_note says why entry i faulted with sig, in a few words. */
static void fault_note(const cb_run_ctx *c, size_t i, int sig, char *buf, size_t len)
{
    const char *missing = lacking(&c->plan.e[i]);
    char env[256];
    cb_variant_env(c->plan.e[i].var, env, sizeof env);
    if (sig == CB_GUARD_HUNG)
        snprintf(buf, len, "hung: a call did not return within its time-out");
    else if (sig >= CB_GUARD_EXIT)
        cb_guard_describe(sig, 0, buf, len);
    else if (missing)
        snprintf(buf, len, "this CPU lacks %s", missing);
    else if (env[0])
        snprintf(buf, len, "raised %s under %s", cb_guard_signame(sig), env);
    else
        snprintf(buf, len, "raised %s", cb_guard_signame(sig));
}

void cb_run_report_fault(const cb_plan_entry *e, int sig, double timeout)
{
    const char *missing = lacking(e);
    char env[256];
    cb_variant_env(e->var, env, sizeof env);
    if (sig == CB_GUARD_HUNG)
        cb_error("variant %s of %s hung: a call into it did not return within %g s; "
                 "-op-timeout SECONDS allows longer.", e->var->name, e->alg->name, timeout);
    else if (sig >= CB_GUARD_EXIT)
        cb_error("variant %s of %s called exit(%d) in the middle of the run.", e->var->name,
                 e->alg->name, sig - CB_GUARD_EXIT);
    else if (missing)
        cb_error("variant %s of %s raised %s: this CPU lacks %s.", e->var->name,
                 e->alg->name, cb_guard_signame(sig), missing);
    else if (env[0])
        cb_error("variant %s of %s raised %s (%s).", e->var->name, e->alg->name,
                 cb_guard_signame(sig), env);
    else
        cb_error("variant %s of %s raised %s.", e->var->name, e->alg->name,
                 cb_guard_signame(sig));
}

void cb_run_outcome(const cb_run_ctx *c, size_t i, cb_outcome out, int sig,
                    cb_case_summary *s, char *note, size_t len)
{
    s->status = cb_outcome_name(out);
    s->signal = "";
    note[0] = '\0';
    if (out == CB_OUT_FAULTED) {
        s->signal = cb_guard_signame(sig ? sig : c->sig[i]);
        fault_note(c, i, sig ? sig : c->sig[i], note, len);
    } else if (out == CB_OUT_FAILED) {
        snprintf(note, len, "%s", c->note[i]);
    } else if (out == CB_OUT_SKIPPED) {
        snprintf(note, len, "not timed after it faulted at a smaller size");
    }
    s->note = note;
}

/* arm_of is entry i's side in its -compare group: how many entries of the same
 * algorithm and direction come before it in the plan (0 for -variant A,B's A). */
static unsigned arm_of(const cb_run_ctx *c, size_t i)
{
    unsigned arm = 0;
    for (size_t j = 0; j < i; j++)
        arm += c->plan.e[j].alg == c->plan.e[i].alg && c->plan.e[j].dir == c->plan.e[i].dir;
    return arm;
}

void cb_run_emit_case(cb_run_ctx *c, size_t i, size_t k, int worker, cb_outcome out,
                      const cb_bench_result *r)
{
    cb_case_summary s;
    char note[200];
    cb_run_case_head(c, i, k, &s);
    cb_run_summarise(c, i, s.block_bytes, r, &s);
    s.worker = worker;
    cb_run_outcome(c, i, out, r->fault, &s, note, sizeof note);
    cb_sample smp = {s.alg, s.variant, s.direction, s.key_bits, s.block_bytes, s.misalign,
                     s.aead, 0, 0, 0, -1, "", s.status, r->n ? s.ci_low : 0,
                     r->n ? s.ci_high : 0, s.cv, r->noisy,
                     c->o->multi > 0 ? (unsigned)c->o->multi : 1,
                     worker < 0 ? 0 : (unsigned)worker, s.signal, note, s.lib, 0, 0, 0, 0,
                     0, 0, "", "", 0, 0, r->unsettled};
    /* A case not measured still leaves a row saying why; one stopped before its
     * first sample has nothing to say (a row of 0 operations would be a measured
     * sample without a rate). */
    if (r->n == 0 && out != CB_OUT_OK)
        emit_sample(c, &smp);
    /* A -compare run in one process sampled its variants in rounds: sample j is
     * round j, and the entry's place among its group's says which side it is. */
    smp.paired = c->o->compare && worker == CB_SUMMARY_CASE;
    smp.arm = arm_of(c, i);
    for (unsigned j = 0; j < r->n; j++) {
        smp.pair = j;
        smp.pair_order = r->order[j];
        if (c->o->stamped) {
            smp.paired = 1;
            smp.pair = c->o->stamp[0];
            smp.pair_order = c->o->stamp[1];
            smp.arm = c->o->stamp[2];
        }
        smp.sample_index = j;
        smp.iterations = r->iterations[j];
        smp.seconds = r->seconds[j];
        smp.cycles = r->cycles[j];
        smp.cycles_source = r->cycles[j] >= 0 ? c->counter.source : "";
        smp.run = r->run[j];
        smp.transient = r->transient[j];
        smp.canary = r->canary_seconds[j] > 0 ? cb_canary_name(r->canary) : "";
        smp.canary_sum = r->canary_seconds[j] > 0 ? cb_canary_sum() : "";
        smp.canary_iterations = r->canary_iterations[j];
        smp.canary_seconds = r->canary_seconds[j];
        smp.case_unsettled = r->unsettled;
        emit_sample(c, &smp);
    }
    cb_run_case_end(c, &s);
}


/* ---- timing ---------------------------------------------------------------------------- */

/* A group: the entries timed together, their samples interleaved (-compare), or one
 * entry on its own.  An instance whose variant faulted, hung or exited in a call is
 * dead: never called again, not even to free it (its library's state is unknown). */
typedef struct group {
    size_t i[CB_BENCH_MAX_INTERLEAVE]; /* plan indexes */
    cb_inst *x[CB_BENCH_MAX_INTERLEAVE]; /* NULL: its set-up faulted */
    uint8_t *in[CB_BENCH_MAX_INTERLEAVE], *out[CB_BENCH_MAX_INTERLEAVE];
    int dead[CB_BENCH_MAX_INTERLEAVE];
    const cb_variant *v[CB_BENCH_MAX_INTERLEAVE]; /* each instance's variant */
    size_t k;
} group;

double cb_run_timeout(const cb_run_ctx *c, const cb_plan_entry *e)
{
    return cb_variant_impl(e->var) ? c->o->bench.op_timeout : 0;
}

/* fault records that entry i's variant was stopped for good by code (a signal, a
 * hang, an exit): said on stderr, its later cases not timed, exit status 3. */
static void fault(cb_run_ctx *c, size_t i, int code, double timeout)
{
    cb_run_report_fault(&c->plan.e[i], code, timeout);
    c->checked[i] = CB_OUT_FAULTED;
    c->sig[i] = code;
    c->status = CB_EXIT_FAULT;
}

/* The calls into an instance outside its timed batches, each run under the guard:
 * key set-up (cb_inst_new), the input's preparation, the release. */
typedef struct inst_call {
    cb_run_ctx *c;
    const cb_plan_entry *e;
    cb_inst *x;
    uint8_t *in;
    size_t len;
    int rc;
    char err[256];
} inst_call;

/* call_key keys k->x, which cb_inst_alloc made outside the guard: a fault in the key
 * set-up leaves it reachable, for cb_inst_abandon. */
static void call_key(void *arg)
{
    inst_call *k = arg;
    k->rc = cb_inst_key(k->x, k->err, sizeof k->err);
}

static void call_prepare(void *arg)
{
    inst_call *k = arg;
    k->rc = cb_inst_prepare(k->x, k->in, k->len, k->err, sizeof k->err);
}

static void call_free(void *arg)
{
    cb_inst_free(((inst_call *)arg)->x);
}

/* guarded runs one of them for entry i; returns the guard's outcome, a fault of the
 * variant already recorded. */
static int guarded(cb_run_ctx *c, size_t i, void (*fn)(void *), inst_call *k)
{
    double limit = cb_run_timeout(c, &c->plan.e[i]);
    int code = cb_guard_run_for(fn, k, limit);
    if (cb_guard_is_fault(code))
        fault(c, i, code, limit);
    return code;
}

static void case_start(cb_run_ctx *c, size_t i, size_t k)
{
    for (size_t j = 0; j < c->nsinks; j++)
        if (c->sinks[j].case_start)
            c->sinks[j].case_start(c->sinks[j].ctx, i, k);
}

/* A -runs case: its repetitions' samples so far (acc), until they are sent. */
typedef struct runs_acc {
    cb_bench_result *acc; /* [member * sizes + k] */
    unsigned char *sent, *seen;
    size_t nsizes;
    unsigned pass, runs;
} runs_acc;

/* deliver sends member j's case at size k: at once in a run of one repetition,
 * else added to its repetitions and sent after the last (or a fault). */
static void deliver(cb_run_ctx *c, runs_acc *ra, size_t j, size_t i, size_t k,
                    cb_outcome out, const cb_bench_result *r)
{
    if (ra->runs <= 1) {
        c->on_case(c, i, k, out, r);
        return;
    }
    size_t slot = j * ra->nsizes + k;
    if (ra->sent[slot])
        return;
    cb_bench_append(&ra->acc[slot], r, ra->pass);
    ra->seen[slot] = 1;
    if (out != CB_OUT_OK || ra->pass + 1 == ra->runs || stop) {
        ra->sent[slot] = 1;
        c->on_case(c, i, k, out, &ra->acc[slot]);
    }
}

/* set_up makes member j's instance of variant v and keys it (g->x[j] NULL when its
 * key set-up faulted, which is recorded); -1 when it cannot be made at all. */
static int set_up(cb_run_ctx *c, group *g, size_t j, const cb_variant *v)
{
    const cb_run_opts *o = c->o;
    size_t i = g->i[j];
    inst_call call = {.c = c, .e = &c->plan.e[i]};
    call.x = cb_inst_alloc(call.e->alg, v, call.e->dir,
                           (o->aead ? CB_INST_AAD : 0) | (o->rekey ? CB_INST_REKEY : 0),
                           call.err, sizeof call.err);
    int code = call.x ? guarded(c, i, call_key, &call) : 0;
    if (code) {
        cb_inst_abandon(call.x); /* the variant faulted keying it */
        call.x = NULL;
    } else if (call.x && call.rc != 0) {
        guarded(c, i, call_free, &call);
        call.x = NULL;
    }
    g->x[j] = call.x;
    g->v[j] = v;
    g->dead[j] = code != 0;
    if (!code && !call.x) {
        cb_error("speed: %s.", call.err);
        return -1;
    }
    return 0;
}

/* follow makes member j's instance the variant its entry runs at size index k (a
 * tuning file can change it from size to size); -1 when it cannot be made. */
static int follow(cb_run_ctx *c, group *g, size_t j, size_t k)
{
    const cb_variant *want = cb_plan_var(&c->plan.e[g->i[j]], k);
    if (!g->x[j] || g->dead[j] || g->v[j] == want)
        return 0;
    inst_call call = {.c = c, .e = &c->plan.e[g->i[j]], .x = g->x[j]};
    guarded(c, g->i[j], call_free, &call);
    g->x[j] = NULL;
    return set_up(c, g, j, want);
}

/* time_size measures the members of g still timed at size index k; -1 when the run
 * must stop. */
static int time_size(cb_run_ctx *c, group *g, size_t k, runs_acc *ra)
{
    const cb_plan_entry *first = &c->plan.e[g->i[0]];
    size_t len = cb_plan_len(c->o, first, k), m[CB_BENCH_MAX_INTERLEAVE], n = 0;
    cb_inst *x[CB_BENCH_MAX_INTERLEAVE];
    const uint8_t *in[CB_BENCH_MAX_INTERLEAVE];
    uint8_t *out[CB_BENCH_MAX_INTERLEAVE];
    for (size_t j = 0; j < g->k; j++) {
        size_t i = g->i[j];
        if (c->checked[i] != CB_OUT_OK) {
            /* never set up: every size faulted; else not timed after a fault (said
             * once, in the first repetition or when it faulted) */
            if (ra->pass == 0 && !(ra->runs > 1 && ra->sent[j * ra->nsizes + k]))
                c->on_case(c, i, k, g->x[j] ? CB_OUT_SKIPPED : CB_OUT_FAULTED,
                           &(cb_bench_result){0});
            continue;
        }
        if (follow(c, g, j, k) != 0)
            return -1;
        if (!g->x[j]) { /* the tuned variant's key set-up faulted */
            deliver(c, ra, j, i, k, CB_OUT_FAULTED, &(cb_bench_result){.fault = c->sig[i]});
            continue;
        }
        for (size_t b = 0; b < len; b++)
            g->in[j][b] = (uint8_t)(b * 31 + 7);
        inst_call call = {.c = c, .e = &c->plan.e[i], .x = g->x[j], .in = g->in[j], .len = len};
        int code = guarded(c, i, call_prepare, &call);
        if (code) {
            g->dead[j] = 1;
            if (code == CB_GUARD_STOPPED)
                return 0;
            deliver(c, ra, j, i, k, CB_OUT_FAULTED, &(cb_bench_result){.fault = code});
            continue;
        }
        if (call.rc != 0) {
            cb_error("speed: %s.", call.err);
            return -1;
        }
        m[n] = j, x[n] = g->x[j], in[n] = g->in[j], out[n] = g->out[j];
        n++;
    }
    if (n == 0)
        return 0;
    case_start(c, g->i[m[0]], k);
    cb_bench_result *r = cb_xcalloc(n, sizeof *r);
    cb_bench_cfg cfg = c->bench;
    if (!cb_run_timeout(c, first))
        cfg.op_timeout = 0; /* built-in code: no time-out */
    cfg.canary = c->o->canary == CB_CANARY_AUTO ? cb_canary_class_of(first->alg, first->var)
                                                : c->o->canary;
    if (c->o->audit_seconds > 0)
        cfg.max_case_seconds = c->o->audit_seconds / (double)cb_plan_sizes(c->o, first);
    if (ra->runs > 1) {
        /* each repetition its share of a case's time: two thirds of the cap of one
         * (about as many samples as min_samples, at the default -runs 3) */
        cfg.seconds /= ra->runs;
        cfg.max_case_seconds *= 2.0 / ra->runs;
    }
    int rc = cb_bench_interleaved(&cfg, x, in, out, n, len, r, &stop);
    for (size_t j = 0; j < n; j++) {
        size_t i = g->i[m[j]];
        const cb_plan_entry *e = &c->plan.e[i];
        int faulted = rc != 0 && r[j].fault;
        if (faulted) {
            fault(c, i, r[j].fault, r[j].timeout);
            g->dead[m[j]] = 1;
        } else if (cb_inst_failures(x[j])) {
            cb_error("speed: variant %s of %s failed %llu tag or signature checks while timed.",
                     e->var->name, e->alg->name, (unsigned long long)cb_inst_failures(x[j]));
            c->status = c->status == CB_EXIT_OK ? CB_EXIT_FAIL : c->status;
        }
        deliver(c, ra, m[j], i, k, faulted ? CB_OUT_FAULTED : CB_OUT_OK, &r[j]);
    }
    free(r);
    return 0;
}

static int time_group(cb_run_ctx *c, group *g, size_t maxlen)
{
    size_t made = 0;
    unsigned mis = c->o->misalign;
    int rc = 0;
    while (made < g->k && rc == 0 && !stop) {
        size_t i = g->i[made];
        g->in[made] = (uint8_t *)cb_aligned_alloc(64, maxlen + 128) + mis;
        g->out[made] = c->o->inplace ? g->in[made]
                                     : (uint8_t *)cb_aligned_alloc(64, maxlen + 128) + mis;
        rc = set_up(c, g, made, cb_plan_var(&c->plan.e[i], 0));
        made++;
    }
    size_t nsizes = cb_plan_sizes(c->o, &c->plan.e[g->i[0]]);
    runs_acc ra = {NULL, NULL, NULL, nsizes, 0, c->o->runs > 1 ? c->o->runs : 1};
    if (ra.runs > 1) {
        ra.acc = cb_xcalloc(made * nsizes, sizeof *ra.acc);
        ra.sent = cb_xcalloc(made * nsizes, 1);
        ra.seen = cb_xcalloc(made * nsizes, 1);
    }
    /* -runs N: N passes over the sizes, so a case's repetitions are a sweep apart */
    for (ra.pass = 0; ra.pass < ra.runs && rc == 0 && !stop; ra.pass++)
        for (size_t k = 0; k < nsizes && rc == 0 && !stop; k++)
            rc = time_size(c, g, k, &ra);
    /* after a stop: what the repetitions so far measured */
    for (size_t slot = 0; ra.runs > 1 && slot < made * nsizes; slot++)
        if (ra.seen[slot] && !ra.sent[slot])
            c->on_case(c, g->i[slot / nsizes], slot % nsizes, CB_OUT_OK, &ra.acc[slot]);
    if (ra.runs > 1) {
        free(ra.acc);
        free(ra.sent);
        free(ra.seen);
    }
    for (size_t j = 0; j < made; j++) {
        /* After a stop a library's instance is abandoned, not released: releasing it
         * could hang or fault again and delay the results.  One whose variant faulted
         * is abandoned too.  Either way cryptobench's memory comes back and the
         * variant is not called. */
        if (g->x[j] && !g->dead[j] && !(stop && cb_run_timeout(c, &c->plan.e[g->i[j]]))) {
            inst_call call = {.c = c, .e = &c->plan.e[g->i[j]], .x = g->x[j]};
            guarded(c, g->i[j], call_free, &call);
        } else if (g->x[j]) {
            cb_inst_abandon(g->x[j]);
        }
        free(g->in[j] - mis);
        if (!c->o->inplace)
            free(g->out[j] - mis);
    }
    return rc;
}

/* report_unchecked gives the cases of an entry that was not timed their outcome. */
static void report_unchecked(cb_run_ctx *c, size_t i)
{
    cb_bench_result none = {0};
    for (size_t k = 0; k < cb_plan_sizes(c->o, &c->plan.e[i]); k++)
        c->on_case(c, i, k, c->checked[i], &none);
}

int cb_run_time_all(cb_run_ctx *c)
{
    size_t maxlen = 0;
    for (size_t k = 0; k < c->o->nsizes; k++)
        maxlen = c->o->sizes[k] > maxlen ? c->o->sizes[k] : maxlen;
    char *done = cb_xcalloc(c->plan.n, 1);
    int rc = 0;
    for (size_t i = 0; i < c->plan.n && rc == 0 && !stop; i++) {
        if (done[i])
            continue;
        if (c->checked[i] != CB_OUT_OK) {
            report_unchecked(c, i);
            continue;
        }
        group g = {{0}, {0}, {0}, {0}, {0}, {0}, 0};
        for (size_t j = i; j < c->plan.n && g.k < CB_BENCH_MAX_INTERLEAVE; j++) {
            const cb_plan_entry *e = &c->plan.e[j];
            if (done[j] || c->checked[j] != CB_OUT_OK || e->alg != c->plan.e[i].alg ||
                e->dir != c->plan.e[i].dir)
                continue;
            if (j != i && !c->o->compare)
                break;
            g.i[g.k++] = j;
            done[j] = 1;
        }
        rc = time_group(c, &g, maxlen);
    }
    free(done);
    return rc;
}
