/*
 * harness/multi.c - the -multi report protocol and the aggregation of workers.
 *
 * A worker sends back its exit status (an int64_t), then one record per case it
 * ended: a case_head and the case's n samples, each a case_sample.  Every sample
 * goes back, so the parent emits the rows a single process would; a case holds at
 * most CB_BENCH_MAX_SAMPLES samples, the harness's own cap.  Records are copied with
 * memcpy, so none needs to be aligned.
 */
#include "harness/multi.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"
#include "harness/workers.h"
#include "kernels/registry.h"

typedef struct case_head {
    uint32_t entry, size; /* index into the plan and into -bytes */
    int32_t outcome;      /* cb_outcome */
    uint32_t n;
    int32_t fault, noisy;
} case_head;

typedef struct case_sample {
    uint64_t iterations;
    double seconds, cycles;
} case_sample;

/* report: a worker's report as it grows. */
typedef struct report {
    uint8_t *p;
    size_t len, cap;
} report;

/* take makes room for len more bytes at the end of the report. */
static void *take(report *rp, size_t len)
{
    if (rp->cap - rp->len < len) {
        rp->cap = 2 * (rp->len + len);
        rp->p = cb_xrealloc(rp->p, rp->cap);
    }
    void *at = rp->p + rp->len;
    rp->len += len;
    return at;
}

/* send_case is the worker's cb_case_fn: the case goes into its report. */
static void send_case(cb_run_ctx *c, size_t i, size_t k, cb_outcome out,
                      const cb_bench_result *r)
{
    report *rp = c->report;
    case_head h = {(uint32_t)i, (uint32_t)k, (int32_t)out, r->n, r->fault, r->noisy};
    memcpy(take(rp, sizeof h), &h, sizeof h);
    for (unsigned j = 0; j < r->n; j++) {
        case_sample s = {r->iterations[j], r->seconds[j], r->cycles[j]};
        memcpy(take(rp, sizeof s), &s, sizeof s);
    }
}

/* own_counter reopens a perf counter in a worker: the one inherited from the parent
 * counts the parent's cycles, not the worker's.  Failing leaves the worker's cycles
 * uncounted (n/a), never borrowed. */
static void own_counter(cb_run_ctx *c)
{
    if (c->counter.fd < 0)
        return;
    char why[256];
    cb_cycles_close(&c->counter);
    if (cb_cycles_open(&c->counter, c->o->cycles, why, sizeof why) != 0)
        c->counter.source = "";
}

/* run_as_worker times the whole plan in a worker, quietly, and returns its report. */
static void *run_as_worker(void *arg, size_t w, size_t *len)
{
    cb_run_ctx *c = arg;
    report rp = {NULL, 0, 0};
    (void)w;
    c->nsinks = 0; /* the parent's outputs: the parent emits what the workers report */
    c->on_case = send_case;
    c->report = &rp;
    own_counter(c);
    take(&rp, sizeof(int64_t));
    if (cb_run_time_all(c) != 0 && c->status == CB_EXIT_OK)
        c->status = CB_EXIT_FAIL;
    int64_t status = c->status;
    memcpy(rp.p, &status, sizeof status);
    *len = rp.len;
    return rp.p;
}

/* unpack turns a record back into the harness's result; returns its outcome. */
static cb_outcome unpack(const uint8_t *at, cb_bench_result *r)
{
    case_head h;
    memcpy(&h, at, sizeof h);
    memset(r, 0, sizeof *r);
    r->n = h.n;
    r->fault = h.fault;
    r->noisy = h.noisy;
    for (unsigned j = 0; j < h.n; j++) {
        case_sample s;
        memcpy(&s, at + sizeof h + j * sizeof s, sizeof s);
        r->iterations[j] = s.iterations;
        r->seconds[j] = s.seconds;
        r->cycles[j] = s.cycles;
    }
    return (cb_outcome)h.outcome;
}

/* index_report finds each case in a worker's report: at[entry * nsizes + size] gets
 * its record (cases the worker did not end stay NULL).  Returns the worker's exit
 * status, or -1 for a report that does not parse. */
static int index_report(const cb_run_ctx *c, const uint8_t *rep, size_t len,
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
        if (h.entry >= c->plan.n || h.size >= c->o->nsizes || h.n > CB_BENCH_MAX_SAMPLES ||
            h.outcome < CB_OUT_OK || h.outcome > CB_OUT_SKIPPED ||
            (len - off - sizeof h) / sizeof(case_sample) < h.n)
            return -1;
        at[h.entry * c->o->nsizes + h.size] = rep + off;
        off += sizeof h + h.n * sizeof(case_sample);
    }
    return status >= 0 && status < 256 ? (int)status : -1;
}

/* worst: the outcome the whole case takes from one worker's. */
static cb_outcome worst(cb_outcome a, cb_outcome b)
{
    static const int rank[] = {[CB_OUT_OK] = 0, [CB_OUT_SKIPPED] = 1, [CB_OUT_FAILED] = 2,
                               [CB_OUT_FAULTED] = 3};
    return rank[b] > rank[a] ? b : a;
}

/*
 * whole_case is the case as the whole machine ran it.  Its samples are rounds:
 * round j sums the j-th sample of every worker (rounds not every worker completed
 * are left out), so the table, -json and compare (which sums the CSV's rows the same
 * way) report one figure, the throughput of N copies at once.
 */
static void whole_case(cb_run_ctx *c, size_t i, size_t k, const cb_bench_result *r,
                       const int *got, const cb_outcome *out)
{
    size_t n = (size_t)c->o->multi, ncpb = 0;
    cb_case_summary s;
    cb_run_case_head(c, i, k, &s);
    double v[CB_BENCH_MAX_SAMPLES], *cpb = cb_xcalloc(n * CB_BENCH_MAX_SAMPLES, sizeof *cpb);
    unsigned rounds = CB_BENCH_MAX_SAMPLES;
    cb_outcome all = CB_OUT_OK;
    int sig = 0;
    double per_op = cb_alg_per_op(c->plan.e[i].alg) ? 1 : (double)s.block_bytes;
    for (size_t w = 0; w < n; w++) {
        if (!got[w] || out[w] != CB_OUT_OK)
            rounds = 0;
        else
            rounds = r[w].n < rounds ? r[w].n : rounds;
        if (got[w] && worst(all, out[w]) != all) {
            all = out[w];
            sig = r[w].fault;
        }
        s.noisy |= r[w].noisy;
        for (unsigned j = 0; c->counter.source[0] && j < r[w].n && r[w].cycles[0] >= 0; j++)
            cpb[ncpb++] = r[w].cycles[j] / ((double)r[w].iterations[j] * per_op);
    }
    for (unsigned j = 0; j < rounds; j++) {
        v[j] = 0;
        for (size_t w = 0; w < n; w++)
            v[j] += (double)r[w].iterations[j] / r[w].seconds[j];
    }
    s.samples = rounds;
    s.ops_per_sec = s.ci_low = s.ci_high = s.cycles_per_byte = -1;
    s.cycles_source = c->counter.source;
    if (rounds) {
        cb_median_ci(v, rounds, &s.ci_low, &s.ci_high);
        s.cv = cb_cv(v, rounds);
        s.ops_per_sec = cb_median(v, rounds);
        s.cycles_per_byte = ncpb ? cb_median(cpb, ncpb) : -1;
    }
    char note[200];
    cb_run_outcome(c, i, all, sig, &s, note, sizeof note);
    if (all == CB_OUT_OK && !rounds)
        s.status = "not timed";
    cb_run_case_end(c, &s);
    free(cpb);
}

/* gather_case emits the case (entry i, size index k) of a -multi run from each
 * worker's record at[w] (NULL: that worker did not end it): every worker's samples
 * and figures, then the case as the whole machine ran it. */
static void gather_case(cb_run_ctx *c, const uint8_t *const *at, size_t i, size_t k)
{
    size_t n = (size_t)c->o->multi, timed = 0;
    for (size_t w = 0; w < n; w++)
        timed += at[w] != NULL;
    if (!timed)
        return;
    cb_bench_result *r = cb_xcalloc(n, sizeof *r);
    cb_outcome *out = cb_xcalloc(n, sizeof *out);
    int *got = cb_xcalloc(n, sizeof *got);
    for (size_t w = 0; w < n; w++) {
        if (at[w]) {
            got[w] = 1;
            out[w] = unpack(at[w], &r[w]);
            cb_run_emit_case(c, i, k, (int)w, out[w], &r[w]);
            continue;
        }
        cb_case_summary s;
        cb_run_case_head(c, i, k, &s);
        cb_run_summarise(c, i, s.block_bytes, &r[w], &s);
        s.worker = (int)w;
        s.status = "not timed";
        cb_run_case_end(c, &s);
    }
    whole_case(c, i, k, r, got, out);
    free(got);
    free(out);
    free(r);
}

int cb_multi_run(cb_run_ctx *c)
{
    size_t n = (size_t)c->o->multi, cells = c->plan.n * c->o->nsizes;
    void **rep = cb_xcalloc(n, sizeof *rep);
    size_t *lens = cb_xcalloc(n, sizeof *lens);
    char err[256];
    int rc = cb_workers_run(n, run_as_worker, c, rep, lens, cb_run_stop_flag(), err,
                            sizeof err);
    if (rc != 0)
        cb_error("speed: %s.", err);
    const uint8_t **at = cb_xcalloc(n * cells, sizeof *at);
    for (size_t w = 0; w < n; w++) {
        int status = index_report(c, rep[w], lens[w], at + w * cells);
        if (status > c->status)
            c->status = status;
        if (status >= 0 || !rep[w])
            continue;
        cb_error("speed: worker %zu sent a report that does not parse; its samples are left "
                 "out.", w);
        memset(at + w * cells, 0, cells * sizeof *at);
        rc = -1;
    }
    const uint8_t **one = cb_xcalloc(n, sizeof *one);
    for (size_t i = 0; i < c->plan.n; i++)
        for (size_t k = 0; k < c->o->nsizes; k++) {
            for (size_t w = 0; w < n; w++)
                one[w] = at[w * cells + i * c->o->nsizes + k];
            gather_case(c, one, i, k);
        }
    for (size_t w = 0; w < n; w++)
        free(rep[w]);
    free(one);
    free(at);
    free(lens);
    free(rep);
    return rc;
}
