/*
 * reports/compare/many.c - one table of BASE against each of several files
 * (reports/compare/many.h): the columns compared as two files are, the rows matched
 * across them, the text every style's header and footer share, and the run from
 * file names to exit status.
 */
#include "reports/compare/many.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/axis.h"
#include "reports/styles/render.h"
#include "reports/styles/styles.h"

const cb_cmp_case *cb_many_case(const cb_compare_many *m, size_t r, size_t col)
{
    long i = m->rows[r].cell[col];
    return i < 0 ? NULL : &m->cols[col].cases[i];
}

static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* same_case: two columns' cases are one row (what identifies them on the base side). */
static int same_case(const cb_cmp_case *a, const cb_cmp_case *b)
{
    return strcmp(a->alg, b->alg) == 0 && strcmp(a->direction, b->direction) == 0 &&
           a->key_bits == b->key_bits && a->block_bytes == b->block_bytes &&
           a->misalign == b->misalign && a->aead == b->aead && a->cycles == b->cycles &&
           same_str(a->mask, b->mask) && strcmp(a->variant_before, b->variant_before) == 0;
}

/* add_row returns the row of case k, appending one when no row holds it yet. */
static size_t add_row(cb_compare_many *m, const cb_cmp_case *k, size_t *cap)
{
    for (size_t r = m->nrows; r-- > 0;)
        if (same_case(m->rows[r].base, k))
            return r;
    if (m->nrows == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        m->rows = cb_xrealloc(m->rows, *cap * sizeof *m->rows);
    }
    cb_many_row *row = &m->rows[m->nrows];
    memset(row, 0, sizeof *row);
    row->base = k;
    row->cell = cb_xmalloc((m->ncols + 1) * sizeof *row->cell);
    for (size_t j = 0; j < m->ncols; j++)
        row->cell[j] = -1;
    return m->nrows++;
}

/* label_rows names each row as the text styles name a case, with the base side's
 * variant when the rows' variants are not all the same. */
static void label_rows(cb_compare_many *m)
{
    cb_comparison stub;
    memset(&stub, 0, sizeof stub);
    for (size_t r = 1; r < m->nrows && !stub.variant_in_label; r++)
        stub.variant_in_label = strcmp(m->rows[r].base->variant_before,
                                       m->rows[0].base->variant_before) != 0;
    for (size_t r = 0; r < m->nrows; r++) {
        cb_cmp_case k = *m->rows[r].base;
        k.variant_after = k.variant_before;
        cb_case_label(&stub, &k, 1, m->rows[r].label, sizeof m->rows[r].label);
    }
}

static void build_rows(cb_compare_many *m)
{
    size_t cap = 0;
    for (size_t j = 0; j < m->ncols; j++)
        for (size_t i = 0; i < m->cols[j].n; i++) {
            size_t r = add_row(m, &m->cols[j].cases[i], &cap); /* may move the rows */
            m->rows[r].cell[j] = (long)i;
        }
    label_rows(m);
}

void cb_many_one(cb_compare_many *m, const cb_comparison *c)
{
    memset(m, 0, sizeof *m);
    m->base_name = c->before_name;
    m->ncols = 1;
    m->cols = c;
    m->labels = cb_xmalloc(sizeof *m->labels);
    m->labels[0] = cb_xstrdup(c->after_name);
    m->nrows = c->n;
    m->rows = cb_xcalloc(c->n + 1, sizeof *m->rows);
    for (size_t i = 0; i < c->n; i++) {
        m->rows[i].base = &c->cases[i];
        m->rows[i].cell = cb_xmalloc(sizeof *m->rows[i].cell);
        m->rows[i].cell[0] = (long)i;
        cb_case_label(c, &c->cases[i], 1, m->rows[i].label, sizeof m->rows[i].label);
    }
}

void cb_many_free(cb_compare_many *m)
{
    for (size_t r = 0; r < m->nrows; r++)
        free(m->rows[r].cell);
    free(m->rows);
    for (size_t j = 0; m->labels && j < m->ncols; j++)
        free(m->labels[j]);
    free(m->labels);
    memset(m, 0, sizeof *m);
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

double cb_many_geomean(const cb_compare_many *m, size_t col)
{
    return m->cols[col].geomean_pct;
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

/* ---- the run ------------------------------------------------------------------------ */

/* label_columns labels each column by what tells its file from the other columns'
 * (reports/compare/axis.h), else by what it differs from the base in, else by its
 * file's name. */
static void label_columns(cb_compare_many *m, const cb_sides *sides, const char *const *files)
{
    const cb_csv_row *const **rows = cb_xmalloc((m->ncols + 1) * sizeof *rows);
    size_t *count = cb_xmalloc((m->ncols + 1) * sizeof *count);
    for (size_t j = 0; j < m->ncols; j++) {
        rows[j] = sides[j].after;
        count[j] = sides[j].na;
    }
    cb_compare_axis_labels(rows, count, m->ncols, m->labels);
    for (size_t j = 0; j < m->ncols; j++) {
        if (!m->labels[j])
            m->labels[j] = cb_compare_axis_label(sides[j].before, sides[j].nb, sides[j].after,
                                                 sides[j].na);
        if (!m->labels[j]) {
            const char *base = strrchr(files[j + 1], '/');
            m->labels[j] = cb_xstrdup(base ? base + 1 : files[j + 1]);
        }
    }
    free(rows);
    free(count);
}

int cb_compare_run_many(const char *const *files, size_t n, const cb_compare_opts *o,
                        const cb_compare_style *style, FILE *out)
{
    size_t ncols = n - 1, done = 0;
    cb_csv_set **sets = cb_xcalloc(ncols, sizeof *sets);
    cb_sides *sides = cb_xcalloc(ncols, sizeof *sides);
    cb_comparison *cols = cb_xcalloc(ncols, sizeof *cols);
    cb_compare_many m;
    memset(&m, 0, sizeof m);
    m.labels = cb_xcalloc(ncols, sizeof *m.labels);
    int rc = CB_EXIT_USAGE;
    char err[1024];
    for (; done < ncols; done++) {
        const char *pair[2] = {files[0], files[done + 1]};
        cb_sides_request rq;
        memset(&rq, 0, sizeof rq);
        sets[done] = cb_csv_set_new();
        for (int i = 0; i < 2; i++) {
            if (cb_csv_read_file(sets[done], pair[i], err, sizeof err) != 0) {
                cb_error("%s", err);
                goto out;
            }
            rq.source[i] = pair[i];
            if (i == 0)
                rq.first_rows = cb_csv_set_count(sets[done]);
        }
        if (cb_compare_judge(sets[done], &rq, o, &sides[done], &cols[done]) != 0)
            goto out;
    }
    m.base_name = files[0];
    m.ncols = ncols;
    m.cols = cols;
    label_columns(&m, sides, files);
    build_rows(&m);
    style->render_many(&m, out);
    fflush(out);
    rc = CB_EXIT_OK;
    for (size_t j = 0; j < ncols; j++) {
        char line[512];
        if (style->kind == CB_STYLE_FORMAT)
            fprintf(stderr, "%zu: %s: %s\n", j + 1, m.labels[j],
                    cb_compare_summary(&cols[j], line, sizeof line));
        if (cols[j].gate_failures)
            rc = CB_EXIT_FAIL;
    }
out:
    m.ncols = ncols; /* every label made so far is freed */
    cb_many_free(&m);
    for (size_t j = 0; j < ncols; j++) {
        cb_comparison_free(&cols[j]);
        cb_sides_free(&sides[j]);
        if (sets[j])
            cb_csv_set_free(sets[j]);
    }
    free(cols);
    free(sides);
    free(sets);
    return rc;
}
