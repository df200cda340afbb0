/*
 * reports/compare_run.c - one comparison from rows to exit status, the pipeline of
 * both `compare` and `speed -compare`: check the -gate-on names against the rows,
 * choose the sides (sides.c), match and judge the cases (compare.c), write the style
 * (styles.c), and turn the gate into the exit status.
 */
#include "reports/compare/compare.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"
#include "reports/styles/styles.h"

/* list_algorithms writes the distinct algorithms of the set's rows, comma-separated,
 * into buf (shortened with "..." when they do not fit). */
static const char *list_algorithms(const cb_csv_set *set, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const char *alg = cb_csv_set_row(set, i)->s.alg;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = cb_csv_set_row(set, j)->s.alg == alg; /* interned: equal is identical */
        if (seen)
            continue;
        if (used + strlen(alg) + 8 >= len) {
            snprintf(buf + used, len - used, ", ...");
            break;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", alg);
    }
    return buf;
}

/* check_gate_names refuses a -gate-on name that no row of the set holds: a typo would
 * otherwise gate nothing and pass silently. */
static int check_gate_names(const cb_compare_opts *o, const cb_csv_set *set,
                            const cb_sides_request *rq)
{
    for (size_t g = 0; g < o->n_gate_algs; g++) {
        size_t i = 0;
        while (i < cb_csv_set_count(set) &&
               strcasecmp(cb_csv_set_row(set, i)->s.alg, o->gate_algs[g]) != 0)
            i++;
        if (i < cb_csv_set_count(set))
            continue;
        char algs[1024];
        cb_error("-gate-on '%s' matches no case in %s%s%s; they hold: %s.", o->gate_algs[g],
                 rq->source[0], rq->source[1] ? " or " : "", rq->source[1] ? rq->source[1] : "",
                 list_algorithms(set, algs, sizeof algs));
        return -1;
    }
    return 0;
}

int cb_compare_judge(const cb_csv_set *set, const cb_sides_request *rq,
                     const cb_compare_opts *o, cb_sides *sd, cb_comparison *c)
{
    char err[1024];
    memset(sd, 0, sizeof *sd);
    memset(c, 0, sizeof *c);
    if (check_gate_names(o, set, rq) != 0)
        return -1;
    if (cb_sides_choose(sd, set, rq, err, sizeof err) != 0) {
        cb_error("%s", err);
        return -1;
    }
    snprintf(c->before_name, sizeof c->before_name, "%s", sd->before_name);
    snprintf(c->after_name, sizeof c->after_name, "%s", sd->after_name);
    if (cb_compare_rows(c, sd->before, sd->nb, sd->after, sd->na, o, stderr, err,
                        sizeof err) != 0) {
        cb_error("%s", err);
        return -1;
    }
    c->side_rows[0] = sd->before;
    c->side_rows[1] = sd->after;
    c->side_n[0] = sd->nb;
    c->side_n[1] = sd->na;
    return 0;
}

int cb_compare_run(const cb_csv_set *set, const cb_sides_request *rq,
                   const cb_compare_opts *o, const cb_compare_style *style, FILE *out)
{
    cb_sides sd;
    cb_comparison c;
    int rc = CB_EXIT_USAGE;
    if (cb_compare_judge(set, rq, o, &sd, &c) != 0)
        goto out;
    cb_compare_style_write(&c, style, out, stderr);
    fflush(out);
    rc = c.gate_failures ? CB_EXIT_FAIL : c.gate_undecided ? CB_EXIT_UNDECIDED : CB_EXIT_OK;
out:
    cb_comparison_free(&c);
    cb_sides_free(&sd);
    return rc;
}

int cb_compare_run_samples(const cb_sample *s, size_t n, const char *variant_a,
                           const char *variant_b, const char *style, FILE *out)
{
    cb_compare_opts o = cb_compare_default_opts();
    return cb_compare_run_gated(NULL, s, n, variant_a, variant_b, style, &o, out);
}

int cb_compare_run_gated(const cb_run_info *info, const cb_sample *s, size_t n,
                         const char *variant_a, const char *variant_b, const char *style,
                         const cb_compare_opts *o, FILE *out)
{
    const cb_compare_style *table = cb_compare_style_at(0);
    if (style && cb_compare_style_check(style, &table) != 0)
        return CB_EXIT_USAGE;
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "this run";
    rq.by_variant = 1;
    snprintf(rq.variant[0], sizeof rq.variant[0], "%s", variant_a);
    snprintf(rq.variant[1], sizeof rq.variant[1], "%s", variant_b);
    cb_csv_set *set = cb_csv_set_new();
    static const cb_run_info none_run = {"", "", "", "", "", "", "", "", "", "", "", "",
                                         "none", "", ""};
    const cb_run_info *run = cb_csv_intern_run(set, info ? info : &none_run);
    for (size_t i = 0; i < n; i++) {
        cb_csv_row r;
        memset(&r, 0, sizeof r);
        r.run = run;
        r.s = s[i];
        r.s.alg = cb_csv_intern(set, s[i].alg, strlen(s[i].alg));
        r.s.variant = cb_csv_intern(set, s[i].variant, strlen(s[i].variant));
        r.s.direction = cb_csv_intern(set, s[i].direction, strlen(s[i].direction));
        for (int f = 0; f < CB_PROVENANCE_FIELDS; f++) {
            const char *v = cb_provenance_str(&s[i].lib, f);
            *cb_provenance_field(&r.s.lib, f) = cb_csv_intern(set, v, strlen(v));
        }
        r.ops_per_sec = cb_sample_ops_per_sec(&s[i]);
        r.bytes_per_sec = cb_sample_bytes_per_sec(&s[i]);
        r.has_counts = 1;
        if (r.ops_per_sec > 0)
            cb_csv_add(set, &r);
    }
    int rc = cb_compare_run(set, &rq, o, table, out);
    cb_csv_set_free(set);
    return rc;
}
