/*
 * reports/compare/many.c - one table of BASE against each of several files
 * (reports/compare/many.h): the columns compared as two files are, the rows matched
 * across them.  The text every style's header and footer share is in
 * reports/styles/render.c, the run from file names to exit status in
 * reports/run/compare_run.c.
 */
#include "reports/compare/many.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/axis.h"
#include "reports/compare/label.h"

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

void cb_many_build_rows(cb_compare_many *m)
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

double cb_many_geomean(const cb_compare_many *m, size_t col)
{
    return m->cols[col].geomean_pct;
}

void cb_many_label_columns(cb_compare_many *m, const cb_sides *sides, const char *const *files)
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
