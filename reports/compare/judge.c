/*
 * reports/compare/judge.c - what every comparison of a set does before it is written:
 * check the -gate-on names against the rows, choose the sides (sides.c), match and
 * judge the cases (compare.c).
 */
#include "reports/compare/compare.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"

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
