/*
 * reports/styles/render.c - formatting shared by the comparison renderers and the grid the
 * table styles lay cases out in (the dispatch is reports/styles/styles.c).
 */
#include "reports/styles/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

int cb_render_two_sides(const cb_compare_many *m,
                        void (*two)(const cb_comparison *c, FILE *out), FILE *out)
{
    if (m->ncols != 1)
        return 0;
    two(&m->cols[0], out);
    return 1;
}

const char *cb_fmt_pct(double pct, char *buf, size_t len)
{
    if (isnan(pct)) {
        snprintf(buf, len, "n/a");
        return buf;
    }
    /* Round first so that -0.004 prints as +0.00%, not -0.00%. */
    double r = round(pct * 100) / 100;
    snprintf(buf, len, "%+.2f%%", r == 0 ? 0.0 : r);
    return buf;
}

const char *cb_fmt_case_pct(const cb_cmp_case *k, char *buf, size_t len)
{
    cb_fmt_pct(k->diff_pct, buf, len);
    if (k->has_stats && !k->significant) {
        size_t n = strlen(buf);
        if (n + 1 < len) {
            buf[n] = '~';
            buf[n + 1] = 0;
        }
    }
    return buf;
}

const char *cb_fmt_thousands(double v, char *buf, size_t len)
{
    if (isnan(v)) {
        snprintf(buf, len, "n/a");
        return buf;
    }
    if (fabs(v) >= 1e30) { /* past what digits show usefully (and printed 0 before) */
        snprintf(buf, len, "%.3e", v);
        return buf;
    }
    char digits[64];
    snprintf(digits, sizeof digits, "%.0f", fabs(v));
    size_t nd = strlen(digits), o = 0;
    char tmp[96];
    if (v < 0 && round(v) != 0)
        tmp[o++] = '-';
    for (size_t i = 0; i < nd; i++) {
        tmp[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd)
            tmp[o++] = ',';
    }
    tmp[o] = 0;
    snprintf(buf, len, "%s", tmp);
    return buf;
}

const char *cb_fmt_kbytes(double bps, char *buf, size_t len)
{
    /* openssl speed switches to 'k' above 10000 bytes per second. */
    if (bps > 10000)
        snprintf(buf, len, "%.2fk", bps / 1e3);
    else
        snprintf(buf, len, "%.2f", bps);
    return buf;
}

const char *cb_fmt_case_value(const cb_cmp_case *k, int after, char *buf, size_t len)
{
    if (k->cycles)
        return cb_fmt_thousands(after ? k->cycles_after : k->cycles_before, buf, len);
    return cb_fmt_thousands(after ? k->ops_after : k->ops_before, buf, len);
}

const char *cb_value_unit(const cb_comparison *c)
{
    size_t cycles = 0;
    for (size_t i = 0; i < c->n; i++)
        cycles += c->cases[i].cycles != 0;
    return cycles == 0 ? "ops/s" : cycles == c->n ? "cycles" : "";
}

const char *cb_fmt_block(const cb_cmp_case *k, char *buf, size_t len)
{
    if (cb_is_pkey(k))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%zu", k->block_bytes);
    return buf;
}

void cb_render_header(const cb_comparison *c, FILE *out, const char *prefix)
{
    fprintf(out, "%sbefore: %s\n%safter:  %s\n%saxis:   %s\n", prefix, c->before_name,
            prefix, c->after_name, prefix, c->axis);
    if (c->n_masks) {
        fprintf(out, "%smasks:  ", prefix);
        cb_render_masks(c, out);
        fputc('\n', out);
    }
    for (size_t i = 0; i < c->n_causes; i++)
        fprintf(out, "%scause:  %s\n", prefix, c->causes[i]);
}

void cb_render_masks(const cb_comparison *c, FILE *out)
{
    for (size_t i = 0; i < c->n_masks; i++)
        fprintf(out, "%s%s", i ? " / " : "", c->masks[i]);
    fprintf(out, " (two sweeps: each mask compared with the same mask)");
}

void cb_render_separate(const cb_comparison *c, FILE *out, const char *prefix)
{
    if (c->normalised) {
        fprintf(out, "%snote: %zu of %zu cases are judged on case / canary: both files "
                "sampled the same canary beside them, so a machine slower or busier in one "
                "run cancels out; the raw differences of the medians were:", prefix,
                c->normalised, c->n);
        size_t shown = 0;
        for (size_t i = 0; i < c->n; i++) {
            const cb_cmp_case *k = &c->cases[i];
            char pct[32], size[32];
            if (!k->normalised)
                continue;
            if (shown++ == 24) {
                fprintf(out, " ...");
                break;
            }
            snprintf(size, sizeof size, "%zu", k->block_bytes);
            fprintf(out, "%s %s %s %s", shown > 1 ? "," : "", k->alg,
                    cb_is_pkey(k) ? k->direction : size,
                    cb_fmt_pct(k->raw_diff_pct, pct, sizeof pct));
        }
        fprintf(out, ".\n");
    }
    if (c->canary_noisier)
        fprintf(out, "%snote: %zu of %zu cases are judged on raw rates although both files "
                "carry the same canary: their case / canary spread more than the rates "
                "themselves (a kernel that does not share the canary's bottleneck).\n",
                prefix, c->canary_noisier, c->n);
    if (c->between_runs)
        fprintf(out, "%snote: %zu of %zu cases are judged on the spread between the files' "
                "repetitions (speed -runs), so run-to-run drift is in their intervals.\n",
                prefix, c->between_runs, c->n);
    if (c->canary_refused)
        fprintf(out, "%snote: %zu case%s sampled different canaries on the two sides (%s): "
                "their canaries are not comparable, so they are judged on raw rates.\n",
                prefix, c->canary_refused, c->canary_refused == 1 ? "" : "s", c->canary_why);
}

void cb_render_footer(const cb_comparison *c, FILE *out, const char *prefix)
{
    char buf[512];
    size_t not_sig = 0, paired = 0;
    for (size_t i = 0; i < c->n; i++) {
        not_sig += c->cases[i].has_stats && !c->cases[i].significant;
        paired += c->cases[i].paired;
    }
    if (not_sig && c->between_runs == c->n)
        fprintf(out, "%s~ marks a difference that is not significant (Welch's t over the "
                "runs' medians, p >= %g).\n", prefix, c->alpha);
    else if (not_sig && paired < c->n)
        fprintf(out, "%s~ marks a difference that is not significant (Mann-Whitney U, "
                "p >= %g%s%s).\n", prefix, c->alpha,
                paired ? "; interleaved pairs: their interval holds 0" : "",
                c->between_runs ? "; cases of -runs files: Welch's t over the runs' medians"
                                : "");
    else if (not_sig)
        fprintf(out, "%s~ marks a difference that is not significant (the interval of the "
                "interleaved pairs holds 0).\n", prefix);
    cb_render_separate(c, out, prefix);
    size_t cycles = 0;
    for (size_t i = 0; i < c->n; i++)
        cycles += c->cases[i].cycles;
    if (cycles)
        fprintf(out, "%snote: %zu of %zu cases, marked (cycles), are tcrypt cycle counts per "
                "operation, not rates: fewer is faster, and their difference is before / "
                "after x 100 - 100 so that + still means faster.\n", prefix, cycles, c->n);
    if (c->other_operation)
        fprintf(out, "%snote: %zu of %zu cases (%s) time different operations on the two "
                "sides: OpenSSL's streaming updates (a log without -aead) against whole "
                "messages.\n", prefix, c->other_operation, c->n, c->other_operation_algs);
    if (c->single_sample)
        fprintf(out, "%snote: %zu of %zu cases have one sample on a side: their differences "
                "are shown without a significance verdict.\n", prefix, c->single_sample,
                c->n);
    fprintf(out, "%sgeomean: %s over %zu case%s\n", prefix,
            cb_fmt_pct(c->geomean_pct, buf, sizeof buf), c->n, c->n == 1 ? "" : "s");
    fprintf(out, "%s%s\n", prefix, cb_compare_summary(c, buf, sizeof buf));
}

/* ---- grid ------------------------------------------------------------------------ */

static size_t col_key(const cb_cmp_case *k, int pkey)
{
    return pkey ? cb_pk_direction(k->direction) : k->block_bytes;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

size_t cb_grid_build(const cb_comparison *c, int pkey, cb_grid *g)
{
    memset(g, 0, sizeof *g);
    g->pkey = pkey;
    g->col_key = cb_xmalloc((c->n + 1) * sizeof *g->col_key);
    g->labels = cb_xmalloc((c->n + 1) * sizeof *g->labels);
    long *row_of = cb_xmalloc((c->n + 1) * sizeof *row_of);
    char label[256];
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        row_of[i] = -1;
        if (cb_is_pkey(k) != pkey)
            continue;
        size_t key = col_key(k, pkey), j = 0;
        while (j < g->ncols && g->col_key[j] != key)
            j++;
        if (j == g->ncols)
            g->col_key[g->ncols++] = key;
        cb_case_label(c, k, !pkey, label, sizeof label);
        /* Cases of one row are adjacent in display order except across directions
         * of public-key rows: try the last row before searching. */
        long r = g->nrows && strcmp(g->labels[g->nrows - 1], label) == 0
                     ? (long)g->nrows - 1 : -1;
        for (size_t q = 0; r < 0 && pkey && q < g->nrows; q++)
            if (strcmp(g->labels[q], label) == 0)
                r = (long)q;
        if (r < 0) {
            g->labels[g->nrows] = cb_xstrdup(label);
            r = (long)g->nrows++;
        }
        row_of[i] = r;
    }
    qsort(g->col_key, g->ncols, sizeof *g->col_key, cmp_size);
    g->cell = cb_xmalloc((g->nrows * g->ncols + 1) * sizeof *g->cell);
    for (size_t i = 0; i < g->nrows * g->ncols; i++)
        g->cell[i] = -1;
    for (size_t i = 0; i < c->n; i++) {
        if (row_of[i] < 0)
            continue;
        size_t key = col_key(&c->cases[i], pkey), j = 0;
        while (g->col_key[j] != key)
            j++;
        g->cell[(size_t)row_of[i] * g->ncols + j] = (long)i;
    }
    free(row_of);
    return g->nrows;
}

const char *cb_grid_col_name(const cb_grid *g, size_t col, char *buf, size_t len)
{
    if (g->pkey)
        snprintf(buf, len, "%s", cb_pk_direction_name(g->col_key[col]));
    else
        snprintf(buf, len, "%zu bytes", g->col_key[col]);
    return buf;
}

void cb_render_grids(const cb_comparison *c, FILE *out,
                     void (*print)(const cb_comparison *c, const cb_grid *g, FILE *out))
{
    cb_render_header(c, out, "");
    for (int pkey = 0; pkey < 2; pkey++) {
        cb_grid g;
        if (cb_grid_build(c, pkey, &g)) {
            fputc('\n', out);
            print(c, &g, out);
        }
        cb_grid_free(&g);
    }
    fputc('\n', out);
    cb_render_footer(c, out, "");
}

void cb_grid_free(cb_grid *g)
{
    for (size_t i = 0; i < g->nrows; i++)
        free(g->labels[i]);
    free(g->labels);
    free(g->col_key);
    free(g->cell);
    memset(g, 0, sizeof *g);
}

const char *cb_many_col_name(const cb_compare_many *m, size_t col, size_t width, char *buf,
                             size_t len)
{
    const char *l = m->labels[col];
    int n = snprintf(buf, len, "%zu:", col + 1);
    size_t room = width > (size_t)n ? width - (size_t)n : 0;
    if (n < 0 || (size_t)n >= len)
        return buf;
    if (width == 0 || strlen(l) <= room || room < 4)
        snprintf(buf + n, len - (size_t)n, "%s", l);
    else
        snprintf(buf + n, len - (size_t)n, "%.*s...", (int)(room - 3), l);
    return buf;
}

int cb_many_label_width(const cb_compare_many *m, const char *first)
{
    size_t w = strlen(first);
    for (size_t r = 0; r < m->nrows; r++)
        if (strlen(m->rows[r].label) > w)
            w = strlen(m->rows[r].label);
    return (int)w + 2;
}

void cb_many_header(const cb_compare_many *m, FILE *out, const char *prefix)
{
    fprintf(out, "%sbase:   %s\n", prefix, m->base_name);
    for (size_t j = 0; j < m->ncols; j++) {
        const cb_comparison *c = &m->cols[j];
        char n[24];
        snprintf(n, sizeof n, "%zu:", j + 1);
        fprintf(out, "%s%-7s %s: %s\n%s        axis:  %s\n", prefix, n, c->after_name,
                m->labels[j], prefix, c->axis);
        for (size_t i = 0; i < c->n_causes; i++)
            fprintf(out, "%s        cause: %s\n", prefix, c->causes[i]);
    }
}

void cb_many_footer(const cb_compare_many *m, FILE *out, const char *prefix)
{
    size_t not_sig = 0, single = 0, all = 0;
    double alpha = m->cols[0].alpha;
    for (size_t j = 0; j < m->ncols; j++) {
        single += m->cols[j].single_sample;
        all += m->cols[j].n;
        for (size_t i = 0; i < m->cols[j].n; i++)
            not_sig += m->cols[j].cases[i].has_stats && !m->cols[j].cases[i].significant;
    }
    if (not_sig)
        fprintf(out, "%s~ marks a difference that is not significant (Mann-Whitney U, "
                "p >= %g).\n", prefix, alpha);
    if (single)
        fprintf(out, "%snote: %zu of the %zu compared cases have one sample on a side: their "
                "differences are shown without a significance verdict.\n", prefix, single, all);
    for (size_t j = 0; j < m->ncols; j++) {
        char pct[32], sum[512];
        fprintf(out, "%s%zu: %s: geomean %s over %zu case%s; %s\n", prefix, j + 1, m->labels[j],
                cb_fmt_pct(m->cols[j].geomean_pct, pct, sizeof pct), m->cols[j].n,
                m->cols[j].n == 1 ? "" : "s",
                cb_compare_summary(&m->cols[j], sum, sizeof sum));
    }
}
