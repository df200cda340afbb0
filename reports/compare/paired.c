/*
 * reports/compare/paired.c - paired verdicts and the design note (compare_paired.h).
 */
#include "reports/compare/paired.h"

#include <math.h>
#include <stdlib.h>

#include "base/common.h"
#include "base/paired.h"

/* Below this threshold separate runs are not to be trusted: on the shared 2-core VM
 * the gate was measured on, two back-to-back one-second runs differ by up to 4%, and
 * the Mann-Whitney interval of two files sees none of that drift. */
#define UNPAIRED_MIN_PCT 3.0

/* With fewer samples a side the unpaired interval spans most of the noise. */
#define UNPAIRED_MIN_SAMPLES 10

static int cmp_pair(const void *x, const void *y)
{
    const cb_csv_row *a = *(const cb_csv_row *const *)x, *b = *(const cb_csv_row *const *)y;
    return (a->s.pair > b->s.pair) - (a->s.pair < b->s.pair);
}

/* by_round copies the n rows sorted by round into out; 0 when one is not paired or
 * a round appears twice (then they are no one design). */
static int by_round(const cb_csv_row *const *rows, size_t n, const cb_csv_row **out)
{
    for (size_t i = 0; i < n; i++) {
        if (!rows[i]->s.paired)
            return 0;
        out[i] = rows[i];
    }
    qsort(out, n, sizeof *out, cmp_pair);
    for (size_t i = 1; i < n; i++)
        if (out[i]->s.pair == out[i - 1]->s.pair)
            return 0;
    return 1;
}

/* paired_verdict is the verdict of k's paired interval: with a gate its looks'
 * decision (an improvement when the interval also clears +P%), without one
 * criterion's rule at threshold 0. */
static cb_verdict paired_verdict(const cb_cmp_case *k, const cb_compare_opts *o)
{
    double pct = o->gate ? o->threshold_pct : 0;
    if (o->gate && k->decision == CB_GATE_REGRESSION)
        return CB_REGRESSION;
    if (!o->gate && k->significant && k->ci.hi < 0)
        return CB_REGRESSION;
    if (k->significant && k->ci.lo * 100 > pct)
        return CB_IMPROVEMENT;
    return CB_UNCHANGED;
}

int cb_compare_paired(cb_cmp_case *k, const cb_csv_row *const *rb, size_t nb,
                      const cb_csv_row *const *ra, size_t na, const cb_compare_opts *o)
{
    if (k->cycles || !k->has_stats)
        return 0;
    const cb_csv_row **b = cb_xmalloc(nb * sizeof *b), **a = cb_xmalloc(na * sizeof *a);
    double *d = cb_xmalloc((nb < na ? nb : na) * sizeof *d);
    size_t n = 0;
    if (by_round(rb, nb, b) && by_round(ra, na, a)) {
        /* the rounds both sides hold, in order: a round one side lost (a faulted
         * batch, a stop) has nothing to pair with */
        for (size_t i = 0, j = 0; i < nb && j < na;) {
            if (b[i]->s.pair < a[j]->s.pair)
                i++;
            else if (b[i]->s.pair > a[j]->s.pair)
                j++;
            else
                d[n++] = log(a[j++]->ops_per_sec / b[i++]->ops_per_sec);
        }
    }
    cb_gate_result g;
    int judged = n >= 2 && cb_gate_judge(d, n, o->gate ? o->threshold_pct : 0, o->alpha, &g) == 0;
    if (judged) {
        k->paired = 1;
        k->pairs = n;
        k->decision = (int)g.decision;
        k->p = g.last.p;
        k->ci.lo = exp(g.last.lo) - 1;
        k->ci.hi = exp(g.last.hi) - 1;
        k->ci.level = g.last.level;
        k->significant = k->ci.lo > 0 || k->ci.hi < 0;
        k->verdict = paired_verdict(k, o);
    }
    free(b);
    free(a);
    free(d);
    return judged;
}

void cb_compare_design_note(const cb_comparison *c, FILE *warn)
{
    size_t unpaired = 0, fewest = SIZE_MAX;
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        if (k->paired || k->between_runs || !k->gated)
            continue; /* the drift is in a runs-judged case's interval */
        unpaired++;
        fewest = k->n_before < fewest ? k->n_before : fewest;
        fewest = k->n_after < fewest ? k->n_after : fewest;
    }
    if (!warn || !c->opts.gate || unpaired == 0)
        return;
    int few = fewest < UNPAIRED_MIN_SAMPLES;
    if (c->opts.threshold_pct >= UNPAIRED_MIN_PCT && !few)
        return;
    fprintf(warn, "cryptobench: warning: %zu gated case%s compare%s samples not taken as "
            "interleaved pairs (separate runs%s), so drift between the runs, several "
            "percent on a shared machine, is not cancelled and -fail-if-slower %g%% %s; "
            "time both sides with speed -runs 3 (the drift between repetitions then counts), "
            "or compare in one run (speed -variant A,B -compare -fail-if-slower P%%) or with "
            "scripts/compare-builds.sh, which pair their samples.\n", unpaired,
            unpaired == 1 ? "" : "s", unpaired == 1 ? "s" : "",
            few ? ", some with fewer than 10 samples a side" : "", c->opts.threshold_pct,
            c->opts.threshold_pct < UNPAIRED_MIN_PCT ? "is below what such a design resolves"
                                                      : "rests on too few samples");
}
