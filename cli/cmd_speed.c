/*
 * cli/cmd_speed.c - `cryptobench speed`: OpenSSL's speed command line, run as a
 * plan of cases (algorithm x variant x direction x block size), each variant checked
 * before it is timed.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/speed.h"
#include "harness/bench.h"
#include "base/common.h"
#include "harness/guard.h"
#include "harness/host.h"
#include "harness/emu.h"
#include "harness/runinfo.h"
#include "harness/workers.h"
#include "kernels/check/check.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "reports/compare.h"
#include "reports/csv.h"
#include "reports/speed_json.h"
#include "base/stats.h"
#include "reports/openssl_out.h"

/* One planned (algorithm, variant, direction) with its results per size. */
typedef struct entry {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    char label[96];
    double rate[MAX_SIZES]; /* bytes per second (ops per second for pkey); -1 if none */
    double cpb[MAX_SIZES];  /* median cycles per byte (per op for pkey); -1 if none */
    int faulted;
} entry;

typedef struct speed_run {
    speed_opts o;
    entry *e;
    size_t ne;
    cb_run_info info;
    cb_csv_writer *csv;
    int csv_failed;
    cb_cycles counter;
    char cycles_why[256];
    cb_case_summary *cases; /* for -json */
    size_t ncases, cases_cap;
    cb_sample *samples; /* kept in memory for -compare */
    size_t nsamples, cap;
    int quiet;          /* a -multi worker: the parent reports */
    uint8_t *report;    /* a -multi worker's report to the parent, case by case */
    size_t report_len, report_cap;
    double *worker_rate; /* -multi, in the parent: [worker][entry][MAX_SIZES] rates */
    cb_case_summary *per_worker; /* -multi -json: each worker's figures, case-major */
    size_t nper, per_cap;
    int tty;            /* stderr is a terminal: show a progress line */
    size_t cases_done, cases_total;
    double started;     /* wall clock at the first case */
    int status;
} speed_run;

/* interrupted: the signal that asked the run to stop (0: none).  SIGINT (Ctrl-C),
 * SIGTERM (a CI job's timeout, `kill`) and SIGHUP (a closed terminal) all stop it
 * the same way: finished samples are printed and saved, nothing is left behind, and
 * the exit status is 128 + the signal, as the shell reports a death by it. */
static volatile sig_atomic_t interrupted;

static void on_stop_signal(int sig)
{
    interrupted = sig;
}

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define N_STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

/* ---- the plan ------------------------------------------------------------------- */

static void add_entry(speed_run *s, const cb_alg *a, const cb_variant *v, cb_dir d,
                      int labelled)
{
    if (s->ne == MAX_ENTRIES)
        return;
    entry *e = &s->e[s->ne++];
    memset(e, 0, sizeof *e);
    e->alg = a;
    e->var = v;
    e->dir = d;
    if (labelled)
        snprintf(e->label, sizeof e->label, "%s/%s", a->name, v->name);
    else
        snprintf(e->label, sizeof e->label, "%s", a->name);
    for (size_t i = 0; i < MAX_SIZES; i++)
        e->rate[i] = e->cpb[i] = -1;
}

static size_t plan_dirs(const speed_opts *o, const cb_alg *a, cb_dir dirs[2])
{
    size_t n = cb_alg_dirs(a, dirs);
    if (a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD) {
        dirs[0] = o->decrypt ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
        return 1;
    }
    return n;
}

/* variant_named_anywhere: does any requested algorithm have a variant called name? */
static int variant_named_anywhere(const speed_opts *o, const char *name)
{
    for (size_t i = 0; i < o->nalgs; i++)
        if (cb_variant_find(o->algs[i], name))
            return 1;
    return 0;
}

static int plan_named(speed_run *s, const cb_alg *a, const cb_dir *dirs, size_t nd,
                      cb_caps caps)
{
    char list[512], why[160];
    const char *p = s->o.variants;
    while (*p) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), p);
        p += len + (p[len] == ',');
        const cb_variant *v = cb_variant_find(a, name);
        if (!v) {
            if (variant_named_anywhere(&s->o, name)) {
                cb_warn("speed: %s has no variant '%s'; skipped.", a->name, name);
                continue;
            }
            cb_error("speed: unknown variant '%s' of %s; its variants are: %s (or auto, all).",
                     name, a->name, cb_variant_names(a, list, sizeof list));
            return -1;
        }
        if (cb_variant_why_not(v, caps, why, sizeof why)) {
            cb_error("speed: variant %s of %s cannot run here: it %s.", v->name, a->name, why);
            return -1;
        }
        for (size_t d = 0; d < nd; d++) {
            if (cb_variant_offers(v, a, dirs[d]))
                add_entry(s, a, v, dirs[d], 1);
            else
                cb_warn("speed: variant %s of %s has no %s; skipped.", v->name, a->name,
                        cb_dir_name(dirs[d]));
        }
    }
    return 0;
}

static int build_plan(speed_run *s)
{
    cb_caps caps = cb_caps_effective();
    int all = s->o.variants && strcmp(s->o.variants, "all") == 0;
    int automatic = !s->o.variants || strcmp(s->o.variants, "auto") == 0;
    char why[160];
    for (size_t i = 0; i < s->o.nalgs; i++) {
        const cb_alg *a = s->o.algs[i];
        cb_dir dirs[2];
        size_t nd = plan_dirs(&s->o, a, dirs);
        if (automatic) {
            for (size_t d = 0; d < nd; d++) {
                const cb_variant *v = cb_variant_auto(a, dirs[d], caps);
                if (!v) {
                    cb_error("speed: no variant of %s %s can run on this target.", a->name,
                             cb_dir_name(dirs[d]));
                    return -1;
                }
                add_entry(s, a, v, dirs[d], 0);
            }
        } else if (all) {
            for (size_t k = 0; k < cb_variant_count(); k++) {
                const cb_variant *v = cb_variant_at(k);
                for (size_t d = 0; d < nd; d++) {
                    if (!cb_variant_offers(v, a, dirs[d]))
                        continue;
                    if (cb_variant_why_not(v, caps, why, sizeof why))
                        cb_warn("speed: skipping %s/%s: it %s.", a->name, v->name, why);
                    else
                        add_entry(s, a, v, dirs[d], 1);
                }
            }
        } else if (plan_named(s, a, dirs, nd, caps)) {
            return -1;
        }
    }
    if (s->ne == 0) {
        cb_error("speed: nothing to time: none of the named variants implements the named "
                 "algorithms.");
        return -1;
    }
    for (size_t i = 0; i < s->ne; i++) {
        char err[256];
        if (s->o.inplace && s->e[i].alg->kind == CB_KIND_AEAD && s->e[i].dir == CB_DIR_DECRYPT) {
            cb_error("speed: -inplace cannot time %s decryption: each message would overwrite "
                     "the ciphertext the next one must authenticate.", s->e[i].alg->name);
            return -1;
        }
        if (s->e[i].alg->kind == CB_KIND_PKEY)
            continue;
        for (size_t k = 0; k < s->o.nsizes; k++)
            if (!cb_inst_len_ok(s->e[i].alg, s->o.sizes[k], err, sizeof err)) {
                cb_error("speed: %s.", err);
                return -1;
            }
    }
    return 0;
}

/* ---- verification before timing --------------------------------------------------- */

typedef struct check_call {
    const cb_alg *alg;
    const cb_variant *var;
    int rc;
    char err[256];
} check_call;

static void run_check(void *arg)
{
    check_call *c = arg;
    c->rc = cb_check_variant(c->alg, c->var, CB_CHECK_QUICK, c->err, sizeof c->err, NULL);
}

static void report_fault(const cb_alg *a, const cb_variant *v, int sig)
{
    const char *missing = cb_caps_missing(v->caps, cb_caps_detected());
    if (missing)
        cb_error("variant %s of %s raised %s: this CPU lacks %s.", v->name, a->name,
                 cb_guard_signame(sig), missing);
    else
        cb_error("variant %s of %s raised %s.", v->name, a->name, cb_guard_signame(sig));
}

/* verify_entries checks each distinct (algorithm, variant) once; failed or faulted
 * ones are marked so they are not timed. */
static void verify_entries(speed_run *s)
{
    for (size_t i = 0; i < s->ne; i++) {
        entry *e = &s->e[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            if (s->e[j].alg == e->alg && s->e[j].var == e->var) {
                seen = 1;
                e->faulted = s->e[j].faulted;
            }
        if (seen)
            continue;
        check_call c = {e->alg, e->var, 0, ""};
        int sig = cb_guard_run(run_check, &c);
        if (sig) {
            report_fault(e->alg, e->var, sig);
            e->faulted = sig;
            s->status = CB_EXIT_FAULT;
        } else if (c.rc) {
            cb_error("speed: not timing variant %s of %s: it failed its check: %s.",
                     e->var->name, e->alg->name, c.err);
            e->faulted = -1;
            if (s->status == CB_EXIT_OK)
                s->status = CB_EXIT_FAIL;
        }
    }
}

/* ---- timing ----------------------------------------------------------------------- */

/* spread returns the coefficient of variation of the sample rates. */
static double spread(const cb_bench_result *r)
{
    double v[CB_BENCH_MAX_SAMPLES];
    for (unsigned i = 0; i < r->n; i++)
        v[i] = (double)r->iterations[i] / r->seconds[i];
    return cb_cv(v, r->n);
}

/* keep_sample records one sample in memory (for -compare) and in the CSV. */
static void keep_sample(speed_run *s, const cb_sample *smp)
{
    if (s->o.compare) {
        if (s->nsamples == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 256;
            s->samples = cb_xrealloc(s->samples, s->cap * sizeof *s->samples);
        }
        s->samples[s->nsamples++] = *smp;
    }
    if (s->csv && cb_csv_write(s->csv, &s->info, smp) != 0 && !s->csv_failed) {
        cb_warn("speed: could not write to %s.", s->o.csv_path);
        s->csv_failed = 1;
    }
}

/* write_samples keeps every sample of one case, taken by worker (0 without -multi). */
static void write_samples(speed_run *s, const entry *e, size_t len,
                          const cb_bench_result *r, const char *status, size_t worker)
{
    cb_sample smp = {e->alg->name, e->var->name, cb_dir_name(e->dir), e->alg->key_bits,
                     len, s->o.misalign, s->o.aead, 0, 0, 0, -1, "", status,
                     r->n ? r->ci_lo : 0, r->n ? r->ci_hi : 0, spread(r), r->noisy,
                     s->o.multi > 0 ? (unsigned)s->o.multi : 1, (unsigned)worker, "", ""};
    if (r->n == 0) {
        /* a case that faulted before its first sample still leaves a row saying so;
         * one interrupted before it has nothing to say (a row of 0 operations would
         * be a measured sample without a rate) */
        if (strcmp(status, "faulted") == 0)
            keep_sample(s, &smp);
        return;
    }
    for (unsigned i = 0; i < r->n; i++) {
        smp.sample_index = i;
        smp.iterations = r->iterations[i];
        smp.seconds = r->seconds[i];
        smp.cycles = r->cycles[i];
        smp.cycles_source = r->cycles[i] >= 0 ? s->counter.source : "";
        keep_sample(s, &smp);
    }
}

static void totals(const cb_bench_result *r, unsigned long long *count, double *secs)
{
    *count = 0;
    *secs = 0;
    for (unsigned i = 0; i < r->n; i++) {
        *count += r->iterations[i];
        *secs += r->seconds[i];
    }
}

/* case_summary is what -json reports about one case measured as r. */
static cb_case_summary case_summary(const speed_run *s, const entry *e, size_t len,
                                    const cb_bench_result *r, double cpb, const char *status)
{
    return (cb_case_summary){
        e->alg->name, e->var->name, cb_dir_name(e->dir), e->alg->key_bits, len,
        s->o.misalign, s->o.aead, r->n, r->n ? r->median_rate : -1, r->n ? r->ci_lo : -1,
        r->n ? r->ci_hi : -1, spread(r), cpb, s->counter.source, r->noisy, status};
}

/* push_summary appends to a growing array of summaries. */
static void push_summary(cb_case_summary **v, size_t *n, size_t *cap, cb_case_summary c)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *v = cb_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = c;
}

/* summarise_case keeps what -json reports about one case. */
static void summarise_case(speed_run *s, const entry *e, size_t k, size_t len,
                           const cb_bench_result *r, const char *status)
{
    if (s->o.json_path)
        push_summary(&s->cases, &s->ncases, &s->cases_cap,
                     case_summary(s, e, len, r, e->cpb[k], status));
}

/* per_op is how many bytes one operation of e processes (1 for public-key rows, whose
 * table counts operations). */
static double per_op(const entry *e, size_t len)
{
    return e->alg->kind == CB_KIND_PKEY ? 1 : (double)len;
}

/* sample_cpb appends the cycles per byte of each of r's samples to out; none when
 * no counter was read. */
static size_t sample_cpb(const speed_run *s, const entry *e, size_t len,
                         const cb_bench_result *r, double *out)
{
    if (!s->counter.source[0] || r->n == 0 || r->cycles[0] < 0)
        return 0;
    for (unsigned i = 0; i < r->n; i++)
        out[i] = r->cycles[i] / ((double)r->iterations[i] * per_op(e, len));
    return r->n;
}

/* report_case prints the progress line of one measured case and keeps its rate. */
static void report_case(speed_run *s, entry *e, size_t k, size_t len, const cb_bench_result *r)
{
    if (r->n == 0)
        return;
    e->rate[k] = r->median_rate * per_op(e, len);
    double cpb[CB_BENCH_MAX_SAMPLES];
    size_t nc = sample_cpb(s, e, len, r, cpb);
    if (nc)
        e->cpb[k] = cb_median(cpb, nc);
    summarise_case(s, e, k, len, r, "ok");
    if (s->quiet)
        return;
    unsigned long long count;
    double secs;
    totals(r, &count, &secs);
    double asked = s->o.bench.seconds > 0 ? s->o.bench.seconds : floor(secs * 100 + 0.5) / 100;
    if (asked <= 0)
        asked = 0.01;
    if (e->alg->kind == CB_KIND_PKEY) {
        cb_out_pkey_progress(s->o.mr ? stdout : stderr, e->alg->heading, e->alg->key_bits,
                             e->dir == CB_DIR_VERIFY, asked, count, secs, s->o.mr);
    } else if (s->o.mr) {
        cb_out_mr_case(stdout, e->label, asked, len, count, secs);
    } else {
        cb_out_progress(stderr, e->label, asked, len, count, secs);
    }
    if (r->noisy)
        cb_warn("speed: %s at %zu bytes did not reach +-%g%% precision in %gs (interval "
                "%.1f%% wide); treat it as noisy.", e->label, len, s->o.bench.precision * 100,
                s->o.bench.max_case_seconds, 100 * (r->ci_hi - r->ci_lo) / r->median_rate);
}

/* ---- a -multi worker's report -------------------------------------------------------- */

/*
 * A worker sends back its exit status (an int64_t), then one record per case it
 * timed: a case_head and the case's n samples, each a case_sample.  Every sample
 * goes back, so the parent writes the rows a single process would; a case holds at
 * most CB_BENCH_MAX_SAMPLES samples, the harness's own cap.  Records are copied with
 * memcpy, so none needs to be aligned.
 */
enum {
    CASE_SAVED,   /* measured: its samples go to the CSV */
    CASE_UNSAVED, /* measured, but another case of its -compare group faulted: only its
                   * rate is reported, as in a single process */
    CASE_FAULTED
};

typedef struct case_head {
    uint32_t entry, size; /* index into the plan and into -bytes */
    int32_t state;
    uint32_t n;
    int32_t fault, noisy;
    double median_rate, ci_lo, ci_hi;
} case_head;

typedef struct case_sample {
    uint64_t iterations;
    double seconds, cycles;
} case_sample;

/* report_take makes room for len more bytes at the end of the worker's report. */
static void *report_take(speed_run *s, size_t len)
{
    if (s->report_cap - s->report_len < len) {
        s->report_cap = 2 * (s->report_len + len);
        s->report = cb_xrealloc(s->report, s->report_cap);
    }
    void *at = s->report + s->report_len;
    s->report_len += len;
    return at;
}

/* send_case appends the case at size index k of e to the worker's report. */
static void send_case(speed_run *s, const entry *e, size_t k, const cb_bench_result *r,
                      int state)
{
    case_head h = {(uint32_t)(e - s->e), (uint32_t)k, state, r->n, r->fault, r->noisy,
                   r->median_rate, r->ci_lo, r->ci_hi};
    memcpy(report_take(s, sizeof h), &h, sizeof h);
    for (unsigned i = 0; i < r->n; i++) {
        case_sample c = {r->iterations[i], r->seconds[i], r->cycles[i]};
        memcpy(report_take(s, sizeof c), &c, sizeof c);
    }
}

/* unpack_case turns a record back into the harness's result; returns its state. */
static int unpack_case(const uint8_t *at, cb_bench_result *r)
{
    case_head h;
    memcpy(&h, at, sizeof h);
    memset(r, 0, sizeof *r);
    r->n = h.n;
    r->fault = h.fault;
    r->noisy = h.noisy;
    r->median_rate = h.median_rate;
    r->ci_lo = h.ci_lo;
    r->ci_hi = h.ci_hi;
    for (unsigned i = 0; i < h.n; i++) {
        case_sample c;
        memcpy(&c, at + sizeof h + i * sizeof c, sizeof c);
        r->iterations[i] = c.iterations;
        r->seconds[i] = c.seconds;
        r->cycles[i] = c.cycles;
    }
    return h.state;
}

/* index_report finds each case in a worker's report: at[entry * nsizes + size] gets
 * its record (cases the worker did not time stay NULL).  Returns the worker's exit
 * status, or -1 for a report that does not parse. */
static int index_report(const speed_run *s, const uint8_t *rep, size_t len,
                        const uint8_t **at)
{
    int64_t status;
    if (!rep || len < sizeof status)
        return -1;
    memcpy(&status, rep, sizeof status);
    for (size_t off = sizeof status; off < len;) {
        case_head h;
        if (len - off < sizeof h)
            return -1;
        memcpy(&h, rep + off, sizeof h);
        if (h.entry >= s->ne || h.size >= s->o.nsizes || h.n > CB_BENCH_MAX_SAMPLES ||
            (len - off - sizeof h) / sizeof(case_sample) < h.n)
            return -1;
        at[h.entry * s->o.nsizes + h.size] = rep + off;
        off += sizeof h + h.n * sizeof(case_sample);
    }
    return status >= 0 && status < 256 ? (int)status : -1;
}

/* A group: the entries timed together, their samples interleaved (-compare), or one
 * entry on its own. */
typedef struct group {
    entry *e[CB_BENCH_MAX_INTERLEAVE];
    cb_inst *x[CB_BENCH_MAX_INTERLEAVE];
    uint8_t *in[CB_BENCH_MAX_INTERLEAVE], *out[CB_BENCH_MAX_INTERLEAVE];
    size_t k;
} group;

/* show_progress keeps one status line on a terminal: case k of n, time so far and
 * an estimate of what is left.  Nothing is written when stderr is a file or pipe. */
static void show_progress(speed_run *s, const group *g, size_t len)
{
    if (!s->tty || s->quiet)
        return;
    double now = cb_clock_now(CB_CLOCK_WALL);
    if (s->cases_done == 0)
        s->started = now;
    double spent = now - s->started;
    fprintf(stderr, "\r\033[K[case %zu of %zu, %.0fs elapsed", s->cases_done + 1,
            s->cases_total, spent);
    if (s->cases_done > 0)
        fprintf(stderr, ", about %.0fs left",
                spent / (double)s->cases_done * (double)(s->cases_total - s->cases_done));
    fprintf(stderr, "] %s at %zu bytes", g->e[0]->label, len);
    fflush(stderr);
}

/* clear_progress removes the status line before a line that stays. */
static void clear_progress(const speed_run *s)
{
    if (s->tty && !s->quiet)
        fputs("\r\033[K", stderr);
}

/* time_size measures every entry of g at size index k; -1 when the run must stop. */
static int time_size(speed_run *s, group *g, size_t k)
{
    size_t len = g->e[0]->alg->kind == CB_KIND_PKEY ? 0 : s->o.sizes[k];
    char err[256];
    for (size_t j = 0; j < g->k; j++) {
        for (size_t b = 0; b < len; b++)
            g->in[j][b] = (uint8_t)(b * 31 + 7);
        if (cb_inst_prepare(g->x[j], g->in[j], len, err, sizeof err) != 0) {
            cb_error("speed: %s.", err);
            return -1;
        }
    }
    show_progress(s, g, len);
    cb_bench_result *r = cb_xcalloc(g->k, sizeof *r);
    const uint8_t *in[CB_BENCH_MAX_INTERLEAVE];
    memcpy(in, g->in, sizeof in);
    int rc = cb_bench_interleaved(&s->o.bench, g->x, in, g->out, g->k, len, r, &interrupted);
    clear_progress(s);
    for (size_t j = 0; j < g->k; j++) {
        entry *e = g->e[j];
        int faulted = rc != 0 && r[j].fault;
        if (faulted) {
            report_fault(e->alg, e->var, r[j].fault);
            e->faulted = r[j].fault;
            s->status = CB_EXIT_FAULT;
        } else if (cb_inst_failures(g->x[j])) {
            cb_error("speed: variant %s of %s failed %llu tag or signature checks while timed.",
                     e->var->name, e->alg->name, (unsigned long long)cb_inst_failures(g->x[j]));
            s->status = s->status == CB_EXIT_OK ? CB_EXIT_FAIL : s->status;
        }
        if (s->quiet) {
            /* a -multi worker: the parent writes and summarises, as below */
            send_case(s, e, k, &r[j], faulted ? CASE_FAULTED : rc == 0 ? CASE_SAVED
                                                                      : CASE_UNSAVED);
        } else if (faulted) {
            write_samples(s, e, len, &r[j], "faulted", 0);
            summarise_case(s, e, k, len, &r[j], "faulted");
        } else {
            report_case(s, e, k, len, &r[j]);
            if (rc == 0)
                write_samples(s, e, len, &r[j], "ok", 0);
        }
    }
    free(r);
    s->cases_done += g->k;
    return 0;
}

static int time_group(speed_run *s, group *g, size_t maxlen)
{
    char err[256];
    size_t made = 0;
    int rc = 0;
    for (; made < g->k; made++) {
        entry *e = g->e[made];
        g->x[made] = cb_inst_new(e->alg, e->var, e->dir, s->o.aead, err, sizeof err);
        if (!g->x[made]) {
            cb_error("speed: %s.", err);
            rc = -1;
            break;
        }
        g->in[made] = cb_aligned_alloc(64, maxlen + 128) + s->o.misalign;
        g->out[made] = s->o.inplace ? g->in[made]
                                    : cb_aligned_alloc(64, maxlen + 128) + s->o.misalign;
    }
    size_t nsizes = g->e[0]->alg->kind == CB_KIND_PKEY ? 1 : s->o.nsizes;
    for (size_t k = 0; k < nsizes && rc == 0 && !interrupted; k++) {
        int any_left = 0;
        for (size_t j = 0; j < g->k; j++)
            any_left |= !g->e[j]->faulted;
        if (!any_left)
            break;
        rc = time_size(s, g, k);
    }
    for (size_t j = 0; j < made; j++) {
        cb_inst_free(g->x[j]);
        free(g->in[j] - s->o.misalign);
        if (!s->o.inplace)
            free(g->out[j] - s->o.misalign);
    }
    return rc;
}

/* time_all forms the groups and times them in plan order. */
static int time_all(speed_run *s)
{
    size_t maxlen = 0;
    for (size_t k = 0; k < s->o.nsizes; k++)
        maxlen = s->o.sizes[k] > maxlen ? s->o.sizes[k] : maxlen;
    char *done = cb_xcalloc(s->ne, 1);
    int rc = 0;
    for (size_t i = 0; i < s->ne && rc == 0 && !interrupted; i++) {
        if (done[i] || s->e[i].faulted)
            continue;
        group g = {{0}, {0}, {0}, {0}, 0};
        for (size_t j = i; j < s->ne && g.k < CB_BENCH_MAX_INTERLEAVE; j++) {
            entry *e = &s->e[j];
            if (done[j] || e->faulted || e->alg != s->e[i].alg || e->dir != s->e[i].dir)
                continue;
            if (j != i && !s->o.compare)
                break;
            g.e[g.k++] = e;
            done[j] = 1;
        }
        rc = time_group(s, &g, maxlen);
    }
    free(done);
    return rc;
}

static void print_tables(speed_run *s)
{
    FILE *f = stdout;
    cb_speed_row rows[MAX_ENTRIES] = {{0}};
    cb_pkey_row prow[MAX_ENTRIES] = {{0}};
    size_t nr = 0, np = 0;
    for (size_t i = 0; i < s->ne; i++) {
        entry *e = &s->e[i];
        if (e->alg->kind != CB_KIND_PKEY) {
            rows[nr].label = e->label;
            rows[nr++].rate = e->rate;
            continue;
        }
        /* sign and verify of one algorithm and variant share a row */
        size_t j;
        for (j = 0; j < np; j++)
            if (prow[j].bits == e->alg->key_bits && strcmp(prow[j].variant ? prow[j].variant : "",
                                                           strchr(e->label, '/') ? e->var->name : "") == 0 &&
                strcmp(prow[j].kind, e->alg->heading) == 0)
                break;
        if (j == np) {
            prow[np].kind = e->alg->heading;
            prow[np].bits = e->alg->key_bits;
            prow[np].variant = strchr(e->label, '/') ? e->var->name : NULL;
            prow[np].sign_rate = prow[np].verify_rate = -1;
            np++;
        }
        if (e->dir == CB_DIR_SIGN)
            prow[j].sign_rate = e->rate[0];
        else
            prow[j].verify_rate = e->rate[0];
    }
    cb_out_table(f, s->o.sizes, s->o.nsizes, rows, nr, s->o.mr);
    if (s->o.cycles != CB_CYCLES_OFF && nr > 0 && !s->o.mr) {
        if (!s->counter.source[0]) {
            fprintf(f, "cycles per byte: n/a (%s)\n", s->cycles_why);
        } else {
            cb_speed_row crow[MAX_ENTRIES] = {{0}};
            for (size_t i = 0, j = 0; i < s->ne; i++)
                if (s->e[i].alg->kind != CB_KIND_PKEY)
                    crow[j++] = (cb_speed_row){s->e[i].label, s->e[i].cpb};
            cb_out_cpb_table(f, s->counter.source, s->o.sizes, s->o.nsizes, crow, nr);
        }
    }
    cb_out_pkey_table(f, prow, np, s->o.mr);
    fflush(f);
}

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

/* ---- -multi: workers on distinct CPUs --------------------------------------------- */

/* own_counter reopens a perf counter in a worker: the one inherited from the parent
 * counts the parent's cycles, not the worker's.  Failing leaves the worker's cycles
 * uncounted (n/a), never borrowed. */
static void own_counter(speed_run *s)
{
    if (s->counter.fd < 0)
        return;
    char why[256];
    cb_cycles_close(&s->counter);
    if (cb_cycles_open(&s->counter, s->o.cycles, why, sizeof why) != 0)
        s->counter.source = "";
}

/* run_as_worker times the whole plan in a -multi worker, quietly, and returns the
 * report of every case it timed. */
static void *run_as_worker(void *arg, size_t w, size_t *len)
{
    speed_run *s = arg;
    (void)w;
    s->quiet = 1;
    s->csv = NULL; /* the parent's file: the parent writes what the workers report */
    own_counter(s);
    report_take(s, sizeof(int64_t));
    if (time_all(s) != 0 && s->status == CB_EXIT_OK)
        s->status = CB_EXIT_FAIL;
    int64_t status = s->status;
    memcpy(s->report, &status, sizeof status);
    *len = s->report_len;
    return s->report;
}

/* machine_case is the case as the whole machine ran it.  Its samples are rounds:
 * round j sums the j-th sample of every worker (rounds not every worker completed are
 * left out), so the table, -json and compare (which sums the CSV's rows the same
 * way) report one figure, the throughput of N copies at once. */
static cb_case_summary machine_case(speed_run *s, entry *e, size_t k, size_t len,
                                    const cb_bench_result *r, unsigned rounds, double *cpb,
                                    size_t ncpb)
{
    double v[CB_BENCH_MAX_SAMPLES], lo = -1, hi = -1, cv = 0, median = -1;
    int noisy = 0;
    for (unsigned j = 0; j < rounds; j++) {
        v[j] = 0;
        for (long w = 0; w < s->o.multi; w++)
            v[j] += (double)r[w].iterations[j] / r[w].seconds[j];
    }
    for (long w = 0; w < s->o.multi; w++)
        noisy |= r[w].noisy;
    if (rounds) {
        cb_median_ci(v, rounds, &lo, &hi);
        cv = cb_cv(v, rounds);
        median = cb_median(v, rounds);
        e->rate[k] = median * per_op(e, len);
        e->cpb[k] = ncpb ? cb_median(cpb, ncpb) : -1;
    }
    return (cb_case_summary){e->alg->name, e->var->name, cb_dir_name(e->dir),
                             e->alg->key_bits, len, s->o.misalign, s->o.aead, rounds, median,
                             lo, hi, cv, e->cpb[k], s->counter.source, noisy, "ok"};
}

/* gather_case reports the case (entry i, size index k) of a -multi run from each
 * worker's record at[w] (NULL: that worker did not time it): every worker's samples
 * to the CSV and -compare, each worker's own rate and -json figures, then the case
 * as the whole machine ran it. */
static void gather_case(speed_run *s, const uint8_t *const *at, size_t i, size_t k)
{
    size_t n = (size_t)s->o.multi, ncpb = 0, timed = 0;
    entry *e = &s->e[i];
    size_t len = e->alg->kind == CB_KIND_PKEY ? 0 : s->o.sizes[k];
    cb_bench_result *r = cb_xcalloc(n, sizeof *r);
    cb_case_summary *own = cb_xcalloc(n, sizeof *own);
    double *cpb = cb_xcalloc(n * CB_BENCH_MAX_SAMPLES, sizeof *cpb);
    unsigned rounds = CB_BENCH_MAX_SAMPLES;
    int faulted = 0;
    for (size_t w = 0; w < n; w++) {
        if (!at[w]) {
            rounds = 0;
            own[w] = case_summary(s, e, len, &r[w], -1, "not timed");
            continue;
        }
        timed++;
        int state = unpack_case(at[w], &r[w]);
        const char *status = state == CASE_FAULTED ? "faulted" : "ok";
        if (state != CASE_UNSAVED)
            write_samples(s, e, len, &r[w], status, w);
        size_t got = sample_cpb(s, e, len, &r[w], cpb + ncpb);
        double mine[CB_BENCH_MAX_SAMPLES];
        memcpy(mine, cpb + ncpb, got * sizeof *mine);
        ncpb += got;
        own[w] = case_summary(s, e, len, &r[w], got ? cb_median(mine, got) : -1, status);
        if (state == CASE_FAULTED) {
            faulted = 1;
            rounds = 0;
            continue;
        }
        if (r[w].n)
            s->worker_rate[(w * s->ne + i) * MAX_SIZES + k] = r[w].median_rate * per_op(e, len);
        rounds = r[w].n < rounds ? r[w].n : rounds;
    }
    if (timed) {
        cb_case_summary all = machine_case(s, e, k, len, r, rounds, cpb, ncpb);
        all.status = faulted ? "faulted" : rounds ? "ok" : "not timed";
        if (s->o.json_path) {
            push_summary(&s->cases, &s->ncases, &s->cases_cap, all);
            for (size_t w = 0; w < n; w++)
                push_summary(&s->per_worker, &s->nper, &s->per_cap, own[w]);
        }
    }
    free(cpb);
    free(own);
    free(r);
}

/* run_workers runs the -multi workers, then reports every case from their reports. */
static int run_workers(speed_run *s)
{
    size_t n = (size_t)s->o.multi, cells = s->ne * s->o.nsizes;
    void **rep = cb_xcalloc(n, sizeof *rep);
    size_t *lens = cb_xcalloc(n, sizeof *lens);
    char err[256];
    int rc = cb_workers_run(n, run_as_worker, s, rep, lens, &interrupted, err, sizeof err);
    if (rc != 0)
        cb_error("speed: %s.", err);
    const uint8_t **at = cb_xcalloc(n * cells, sizeof *at);
    for (size_t w = 0; w < n; w++) {
        int status = index_report(s, rep[w], lens[w], at + w * cells);
        if (status > s->status)
            s->status = status;
        if (status >= 0 || !rep[w])
            continue;
        cb_error("speed: worker %zu sent a report that does not parse; its samples are left "
                 "out.", w);
        memset(at + w * cells, 0, cells * sizeof *at);
        rc = -1;
    }
    s->worker_rate = cb_xmalloc(n * s->ne * MAX_SIZES * sizeof *s->worker_rate);
    for (size_t i = 0; i < n * s->ne * MAX_SIZES; i++)
        s->worker_rate[i] = -1;
    const uint8_t **one = cb_xcalloc(n, sizeof *one);
    for (size_t i = 0; i < s->ne; i++)
        for (size_t k = 0; k < s->o.nsizes; k++) {
            for (size_t w = 0; w < n; w++)
                one[w] = at[w * cells + i * s->o.nsizes + k];
            gather_case(s, one, i, k);
        }
    for (size_t w = 0; w < n; w++)
        free(rep[w]);
    free(one);
    free(at);
    free(lens);
    free(rep);
    return rc;
}

/* print_workers prints each worker's figures after the aggregate table. */
static void print_workers(speed_run *s)
{
    size_t n = (size_t)s->o.multi, nr = 0;
    cb_speed_row *rows = cb_xcalloc(n * s->ne, sizeof *rows);
    char (*labels)[128] = cb_xcalloc(n * s->ne, sizeof *labels);
    for (size_t i = 0; i < s->ne; i++) {
        if (s->e[i].alg->kind == CB_KIND_PKEY)
            continue;
        for (size_t w = 0; w < n; w++) {
            snprintf(labels[nr], sizeof labels[nr], "%s#%zu", s->e[i].label, w);
            rows[nr].label = labels[nr];
            rows[nr++].rate = s->worker_rate + (w * s->ne + i) * MAX_SIZES;
        }
    }
    if (nr) {
        printf("\nPer worker (LABEL#N is worker N):\n");
        cb_out_table(stdout, s->o.sizes, s->o.nsizes, rows, nr, s->o.mr);
    }
    free(rows);
    free(labels);
}

/* compare_variants prints the before/after table of the two -compare variants. */
static int compare_variants(speed_run *s)
{
    const char *list = s->o.variants, *comma = strchr(list, ',');
    char a[64];
    snprintf(a, sizeof a, "%.*s", (int)(comma - list), list);
    fflush(stdout);
    fputc('\n', stdout);
    return cb_compare_run_samples(s->samples, s->nsamples, a, comma + 1, s->o.style, stdout);
}

static int open_csv(speed_run *s)
{
    if (!s->o.csv_path)
        return 0;
    char err[512];
    s->csv = cb_csv_open(s->o.csv_path, err, sizeof err);
    if (!s->csv) {
        cb_error("speed: %s", err);
        return -1;
    }
    return 0;
}

static int finish_csv(speed_run *s)
{
    if (!s->csv)
        return 0;
    char err[512];
    if (cb_csv_commit(s->csv, err, sizeof err) != 0) {
        cb_error("speed: %s", err);
        return -1;
    }
    return 0;
}

/* abandon ends a run refused before timing: no file is left behind. */
static int abandon(speed_run *s)
{
    if (s->csv)
        cb_csv_abort(s->csv);
    free(s->e);
    free(s);
    return CB_EXIT_USAGE;
}

int cb_cmd_speed(int argc, char **argv)
{
    speed_run *s = cb_xcalloc(1, sizeof *s);
    int rc = cb_speed_parse(&s->o, argc, argv);
    if (rc != 0) {
        free(s);
        return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    }
    char err[512];
    if (cb_caps_init(s->o.force_caps, err, sizeof err) != 0) {
        cb_error("%s", err);
        free(s);
        return CB_EXIT_USAGE;
    }
    /* From the moment a temporary CSV may exist, a stop signal only raises the flag,
     * so the file is always finished or removed. */
    struct sigaction sa, old[N_STOP_SIGNALS];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &sa, &old[i]);
    s->e = cb_xcalloc(MAX_ENTRIES, sizeof *s->e);
    if (build_plan(s) != 0 || open_csv(s) != 0) {
        free(s->e);
        free(s);
        return CB_EXIT_USAGE;
    }
    cb_runinfo_collect(&s->info, s->o.bench.clock);
    if (s->o.cpu >= 0 && cb_pin_cpu(s->o.cpu) != 0) {
        cb_error("speed: -cpu %ld: this process may not run on CPU %ld.", s->o.cpu, s->o.cpu);
        return abandon(s);
    }
    warn_conditions();
    if (cb_cycles_open(&s->counter, s->o.cycles, s->cycles_why, sizeof s->cycles_why) != 0) {
        cb_error("speed: no cycle counter: %s.", s->cycles_why);
        return abandon(s);
    }
    if (s->o.cycles != CB_CYCLES_OFF && !s->counter.source[0])
        cb_warn("speed: cycles are n/a: %s.", s->cycles_why);
    s->o.bench.cycles = &s->counter;

    verify_entries(s);
    s->tty = isatty(STDERR_FILENO);
    for (size_t i = 0; i < s->ne; i++)
        s->cases_total += s->e[i].faulted ? 0 : s->e[i].alg->kind == CB_KIND_PKEY ? 1 : s->o.nsizes;
    int aborted = (s->o.multi > 0 ? run_workers(s) : time_all(s)) != 0;
    for (size_t i = 0; i < N_STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &old[i], NULL);

    print_tables(s);
    if (s->o.multi > 0)
        print_workers(s);
    if (s->o.compare && !interrupted && compare_variants(s) != 0 && s->status == CB_EXIT_OK)
        s->status = CB_EXIT_USAGE;
    if (finish_csv(s) != 0 && s->status == CB_EXIT_OK)
        s->status = CB_EXIT_USAGE;
    if (s->o.json_path &&
        cb_speed_json_write(s->o.json_path, &s->info, s->o.bench.precision, s->cases, s->ncases,
                            s->o.multi > 0 ? (size_t)s->o.multi : 0, s->per_worker, err,
                            sizeof err) != 0) {
        cb_error("speed: %s.", err);
        if (s->status == CB_EXIT_OK)
            s->status = CB_EXIT_USAGE;
    }
    int status = s->status;
    if (aborted && status == CB_EXIT_OK)
        status = CB_EXIT_FAIL;
    if (interrupted) {
        cb_error("speed: interrupted by %s; the samples that finished are printed%s.",
                 interrupted == SIGINT ? "SIGINT" : interrupted == SIGTERM ? "SIGTERM"
                                                                         : "SIGHUP",
                 s->csv ? " and saved" : "");
        status = CB_EXIT_SIGNAL_BASE + interrupted;
    }
    cb_cycles_close(&s->counter);
    free(s->samples);
    free(s->cases);
    free(s->per_worker);
    free(s->worker_rate);
    free(s->e);
    free(s);
    return status;
}
