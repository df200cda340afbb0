/*
 * harness/audit.c - an audit's run options (harness/audit.h).
 */
#include "harness/audit.h"

#include "base/fastest.h"

size_t cb_audit_sizes(size_t *out, size_t max)
{
    size_t n = 0;
    for (size_t s = CB_AUDIT_FIRST; s <= CB_AUDIT_LAST && n < max;) {
        out[n++] = s;
        size_t next = (size_t)((double)s * CB_AUDIT_STEP) / CB_AUDIT_QUANTUM * CB_AUDIT_QUANTUM;
        s = next > s ? next : s + CB_AUDIT_QUANTUM;
        if (s > CB_AUDIT_LAST && out[n - 1] != CB_AUDIT_LAST)
            s = CB_AUDIT_LAST;
    }
    return n;
}

void cb_audit_setup(cb_run_opts *o, double seconds)
{
    o->compare = 1;
    o->every_dir = 1;
    if (o->variants.mode == CB_SELECT_AUTO)
        o->variants.mode = CB_SELECT_ALL;
    o->runnable_only = o->variants.mode == CB_SELECT_ALL;
    o->canary = CB_CANARY_NONE;
    o->runs = 1;
    o->multi = 0;
    o->bench.seconds = 0;
    o->bench.iterations = 0;
    o->bench.steady = 0;
    o->bench.gate_pct = 0;
    o->bench.batch_seconds = CB_AUDIT_BATCH;
    o->bench.fastest_tie = CB_FASTEST_TIE;
    o->audit_seconds = seconds;
}
