/*
 * reports/styles/matrix.c - the default style: one row per algorithm (or variant
 * pair), one column per block size, signed percentages with two decimals, as in
 * the 2012 POWER branch-hint report; a geometric-mean row closes each table.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/many.h"
#include "reports/styles/render.h"

#define CELL 12

static size_t label_width(const cb_grid *g, const char *first)
{
    size_t w = strlen(first);
    for (size_t r = 0; r < g->nrows; r++)
        if (strlen(g->labels[r]) > w)
            w = strlen(g->labels[r]);
    return w + 2;
}

/* column_geomean is the geometric mean of the speed ratios over one column, in %. */
static double column_geomean(const cb_comparison *c, const cb_grid *g, size_t col)
{
    double s = 0;
    size_t n = 0;
    for (size_t r = 0; r < g->nrows; r++) {
        long i = g->cell[r * g->ncols + col];
        if (i < 0)
            continue;
        s += log(cb_case_ratio(&c->cases[i]));
        n++;
    }
    return n ? exp(s / (double)n) * 100 - 100 : NAN;
}

static void print_grid(const cb_comparison *c, const cb_grid *g, FILE *out)
{
    char buf[64];
    const char *first = g->pkey ? "public key" : "algorithm";
    int w = (int)label_width(g, first);
    fprintf(out, "%-*s", w, first);
    for (size_t j = 0; j < g->ncols; j++)
        fprintf(out, "%*s", CELL, cb_grid_col_name(g, j, buf, sizeof buf));
    fputc('\n', out);
    for (size_t r = 0; r < g->nrows; r++) {
        fprintf(out, "%-*s", w, g->labels[r]);
        for (size_t j = 0; j < g->ncols; j++) {
            long i = g->cell[r * g->ncols + j];
            fprintf(out, "%*s", CELL, i < 0 ? "" : cb_fmt_case_pct(&c->cases[i], buf,
                                                                    sizeof buf));
        }
        fputc('\n', out);
    }
    if (g->nrows > 1) {
        fprintf(out, "%-*s", w, "geomean");
        for (size_t j = 0; j < g->ncols; j++)
            fprintf(out, "%*s", CELL, cb_fmt_pct(column_geomean(c, g, j), buf, sizeof buf));
        fputc('\n', out);
    }
}

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    cb_render_grids(c, out, print_grid);
}

/* cb_render_matrix: two sides as two_sides writes them; of three or more files, a row
 * per case (the block size in a column of its own), a column of % changes per file,
 * each column's geometric mean last. */
void cb_render_matrix(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    char buf[64];
    int w = cb_many_label_width(m, "algorithm");
    cb_many_header(m, out, "");
    fprintf(out, "\n%-*s%8s", w, "algorithm", "bytes");
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, "%*s", CB_MANY_COL, cb_many_col_name(m, j, CB_MANY_COL - 2, buf,
                                                           sizeof buf));
    fputc('\n', out);
    for (size_t r = 0; r < m->nrows; r++) {
        fprintf(out, "%-*s%8s", w, m->rows[r].label, cb_fmt_block(m->rows[r].base, buf,
                                                                  sizeof buf));
        for (size_t j = 0; j < m->ncols; j++) {
            const cb_cmp_case *k = cb_many_case(m, r, j);
            fprintf(out, "%*s", CB_MANY_COL, k ? cb_fmt_case_pct(k, buf, sizeof buf) : "");
        }
        fputc('\n', out);
    }
    fprintf(out, "%-*s%8s", w, "geomean", "");
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, "%*s", CB_MANY_COL, cb_fmt_pct(cb_many_geomean(m, j), buf, sizeof buf));
    fputs("\n\n", out);
    cb_many_footer(m, out, "");
}
