/*
 * reports/styles/csv.c - `compare -format csv`: one RFC 4180 row per compared case
 * with every number, the interval, the p-value, the verdict and what made the
 * variant differ (variant_cause, empty when nothing did), for scripts.  The cause
 * lines of the other styles have no place in rows of cases: they are left out.
 * Two sweeps compared mask by mask add a last column, mask, naming each case's mask
 * (other comparisons have no such column).  With many files every row is led by the
 * file it compares with the base and that column's label.  Empty fields stand for "not available" (no statistics with one sample a side; no
 * rates in a case compared in cycles, column measure "cycles", and no cycles in a
 * case compared by rates, measure "rate").
 */
#include <math.h>

#include "reports/csv/csv.h"
#include "reports/compare/many.h"
#include "reports/styles/render.h"

static const char *const columns[] = {
    "algorithm", "direction", "key_bits", "block_bytes", "misalign", "aead",
    "variant_before", "variant_after", "samples_before", "samples_after",
    "ops_per_sec_before", "ops_per_sec_after", "bytes_per_sec_before",
    "bytes_per_sec_after", "difference_pct", "p_value", "ci_low_pct", "ci_high_pct",
    "ci_level", "significant", "verdict", "gated", "measure", "cycles_per_op_before",
    "cycles_per_op_after", "variant_cause", "raw_difference_pct", "judged",
};

#define NCOLS (sizeof columns / sizeof columns[0])

static const char *num(double v, char *buf, size_t len)
{
    if (isnan(v))
        return "";
    snprintf(buf, len, "%.12g", v);
    return buf;
}

/* case_row writes case k of c as one record, its last field ending it. */
static void case_row(const cb_comparison *c, const cb_cmp_case *k, int mask, FILE *out)
{
    char b[NCOLS][48];
    const char *v[NCOLS] = {
        k->alg, k->direction, b[2], b[3], b[4], k->aead ? "1" : "0",
        k->variant_before, k->variant_after, b[8], b[9],
        num(k->ops_before, b[10], 48), num(k->ops_after, b[11], 48),
        num(k->bps_before, b[12], 48), num(k->bps_after, b[13], 48),
        num(k->diff_pct, b[14], 48), num(k->p, b[15], 48),
        num(k->ci.lo * 100, b[16], 48), num(k->ci.hi * 100, b[17], 48),
        num(k->ci.level, b[18], 48),
        k->has_stats ? (k->significant ? "1" : "0") : "",
        cb_verdict_name(k->verdict), k->gated && c->opts.gate ? "1" : "0",
        k->cycles ? "cycles" : "rate", num(k->cycles_before, b[23], 48),
        num(k->cycles_after, b[24], 48), k->variant_cause ? k->variant_cause : "",
        num(k->raw_diff_pct, b[26], 48), cb_case_judged(k),
    };
    snprintf(b[2], 48, "%u", k->key_bits);
    snprintf(b[3], 48, "%zu", k->block_bytes);
    snprintf(b[4], 48, "%u", k->misalign);
    snprintf(b[8], 48, "%zu", k->n_before);
    snprintf(b[9], 48, "%zu", k->n_after);
    for (size_t j = 0; j < NCOLS; j++)
        cb_csv_put_field(out, v[j], j == NCOLS - 1 && !mask);
    if (mask)
        cb_csv_put_field(out, k->mask, 1);
}

static void header(int mask, FILE *out)
{
    for (size_t i = 0; i < NCOLS; i++)
        cb_csv_put_field(out, columns[i], i == NCOLS - 1 && !mask);
    if (mask)
        cb_csv_put_field(out, "mask", 1);
}

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    int mask = c->n_masks > 0;
    header(mask, out);
    for (size_t i = 0; i < c->n; i++)
        case_row(c, &c->cases[i], mask, out);
}

/* cb_render_csv: two sides as two_sides writes them; of three or more files, the rows
 * of every column, each led by the file it compares with the base and that column's
 * label (columns file and label). */
void cb_render_csv(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    int mask = 0;
    for (size_t j = 0; j < m->ncols; j++)
        mask |= m->cols[j].n_masks > 0;
    cb_csv_put_field(out, "file", 0);
    cb_csv_put_field(out, "label", 0);
    header(mask, out);
    for (size_t j = 0; j < m->ncols; j++)
        for (size_t i = 0; i < m->cols[j].n; i++) {
            const cb_cmp_case *k = &m->cols[j].cases[i];
            cb_csv_put_field(out, m->cols[j].after_name, 0);
            cb_csv_put_field(out, m->labels[j], 0);
            if (mask && !k->mask) { /* a column of no sweep: its mask field is empty */
                cb_cmp_case e = *k;
                e.mask = "";
                case_row(&m->cols[j], &e, 1, out);
            } else {
                case_row(&m->cols[j], k, mask, out);
            }
        }
}
