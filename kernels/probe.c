/*
 * kernels/probe.c - capability probes: a variant's quick check under the fault guard.
 */
#include "kernels/probe.h"

#include <stdio.h>
#include <string.h>

#include "harness/guard.h"
#include "kernels/check.h"
#include "kernels/registry.h"

static int bits_set(cb_caps c)
{
    int n = 0;
    for (; c; c &= c - 1)
        n++;
    return n;
}

/* first_alg returns the first algorithm (in the table's order) v offers. */
static const cb_alg *first_alg(const cb_variant *v)
{
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (cb_variant_offers_any(v, cb_alg_at(i)))
            return cb_alg_at(i);
    return NULL;
}

typedef struct probe_job {
    const cb_alg *alg;
    const cb_variant *var;
    int rc;
    char err[200];
} probe_job;

static void run_probe(void *arg)
{
    probe_job *j = arg;
    j->rc = cb_check_variant(j->alg, j->var, CB_CHECK_QUICK, j->err, sizeof j->err, NULL);
}

void cb_probe_cap(cb_caps bit, cb_caps have, cb_probe_result *r)
{
    memset(r, 0, sizeof *r);
    const cb_variant *best = NULL, *blocked = NULL;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!(v->caps & bit) || !first_alg(v))
            continue;
        if (v->caps & ~(have | bit)) {
            if (!blocked || bits_set(v->caps) < bits_set(blocked->caps))
                blocked = v;
            continue;
        }
        if (!best || bits_set(v->caps) < bits_set(best->caps))
            best = v;
    }
    if (!best) {
        char need[160];
        if (blocked)
            snprintf(r->detail, sizeof r->detail, "every variant using it also needs %s",
                     cb_caps_format(blocked->caps & ~(have | bit), need, sizeof need));
        else
            snprintf(r->detail, sizeof r->detail, "no variant of this build uses it");
        return;
    }
    probe_job j = {first_alg(best), best, 0, ""};
    r->var = best;
    r->alg = j.alg;
    r->sig = cb_guard_run(run_probe, &j);
    if (r->sig) {
        r->outcome = CB_PROBE_FAULT;
    } else if (j.rc) {
        r->outcome = CB_PROBE_WRONG;
        snprintf(r->detail, sizeof r->detail, "%s", j.err);
    } else {
        r->outcome = CB_PROBE_RUNS;
    }
}
