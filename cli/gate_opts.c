/*
 * cli/gate_opts.c - -fail-if-slower and -gate-on (cli/gate_opts.h).
 */
#include "cli/gate_opts.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"

/* parse_gate_on keeps each name, in cryptobench's spelling when it has the algorithm
 * (aes128 is aes-128-cbc); imported names (rc4, ecdsa-nistp256) are kept as given and
 * checked against the rows once they are known (reports/compare_run.c). */
static int parse_gate_on(cb_gate_opts *g, const char *list)
{
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        if (len == 0 || len >= sizeof name || g->n == CB_GATE_MAX_ALGS) {
            cb_error("-gate-on '%s' is not a list of algorithms; give names such as "
                     "aes-256-gcm,sha256.", list);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = 0;
        const cb_alg *a = cb_alg_find(name);
        g->names[g->n++] = cb_xstrdup(a ? a->name : name);
        p += len + (comma ? 1 : 0);
        if (comma && !*p) {
            cb_error("-gate-on '%s' ends with a comma; give names such as aes-256-gcm,sha256.",
                     list);
            return -1;
        }
    }
    return 0;
}

int cb_gate_opts_take(cb_args *a, cb_gate_opts *g)
{
    const char *v;
    int r;
    if ((r = cb_args_value(a, "fail-if-slower", &v)) != 0) {
        if (r < 0 || cb_parse_percent("-fail-if-slower", v, &g->pct) != 0)
            return -1;
        g->gate = 1;
        return 1;
    }
    if ((r = cb_args_value(a, "gate-on", &v)) != 0)
        return r < 0 || parse_gate_on(g, v) != 0 ? -1 : 1;
    return 0;
}

int cb_gate_opts_finish(const cb_gate_opts *g, cb_compare_opts *o)
{
    if (g->n && !g->gate) {
        cb_error("-gate-on needs -fail-if-slower P%% to say how much slower fails.");
        return -1;
    }
    o->gate = g->gate;
    o->threshold_pct = g->pct;
    o->gate_algs = g->n ? (const char *const *)g->names : NULL;
    o->n_gate_algs = g->n;
    return 0;
}

void cb_gate_opts_free(cb_gate_opts *g)
{
    for (size_t i = 0; i < g->n; i++)
        free(g->names[i]);
    g->n = 0;
}
