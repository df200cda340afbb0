/*
 * reports/styles/rows.c - the 2022 Graviton2 layout: per algorithm a before row, an
 * after row and a difference row across the block sizes, the values in
 * `openssl speed`'s units (1000s of bytes per second, "1411716.28k"); public-key rows
 * in operations per second and rows marked (cycles) in cycles per operation.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/many.h"
#include "reports/styles/render.h"

#define CELL 13

static void print_row(const cb_comparison *c, const cb_grid *g, size_t r, int w,
                      const char *what, FILE *out)
{
    char buf[64];
    fprintf(out, "%-*s %-7s", w, g->labels[r], what);
    for (size_t j = 0; j < g->ncols; j++) {
        long i = g->cell[r * g->ncols + j];
        const cb_cmp_case *k = i < 0 ? NULL : &c->cases[i];
        const char *v = "";
        if (k && strcmp(what, "diff") == 0)
            v = cb_fmt_case_pct(k, buf, sizeof buf);
        else if (k && (g->pkey || k->cycles))
            v = cb_fmt_case_value(k, what[0] == 'a', buf, sizeof buf);
        else if (k)
            v = cb_fmt_kbytes(what[0] == 'b' ? k->bps_before : k->bps_after, buf,
                              sizeof buf);
        fprintf(out, "%*s", CELL, v);
    }
    fputc('\n', out);
}

static void print_grid(const cb_comparison *c, const cb_grid *g, FILE *out)
{
    char buf[64];
    int w = 4;
    for (size_t r = 0; r < g->nrows; r++)
        if ((int)strlen(g->labels[r]) > w)
            w = (int)strlen(g->labels[r]);
    fprintf(out, g->pkey ? "The 'numbers' are operations per second.\n"
                         : "The 'numbers' are in 1000s of bytes per second processed.\n");
    fprintf(out, "%-*s %-7s", w, "type", "");
    for (size_t j = 0; j < g->ncols; j++) {
        char name[32];
        cb_grid_col_name(g, j, name, sizeof name);
        snprintf(buf, sizeof buf, "%s%s", name, g->pkey ? "/s" : "");
        fprintf(out, "%*s", CELL, buf);
    }
    fputc('\n', out);
    for (size_t r = 0; r < g->nrows; r++) {
        print_row(c, g, r, w, "before", out);
        print_row(c, g, r, w, "after", out);
        print_row(c, g, r, w, "diff", out);
    }
}

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    cb_render_grids(c, out, print_grid);
}

/* ---- many files ------------------------------------------------------------------ */

/* many_value writes row r's figure in column col (-1: the base) as print_row does. */
static const char *many_value(const cb_compare_many *m, size_t r, long col, char *buf,
                              size_t len)
{
    const cb_cmp_case *k = col < 0 ? m->rows[r].base : cb_many_case(m, r, (size_t)col);
    if (!k)
        return "";
    if (cb_is_pkey(k) || k->cycles)
        return cb_fmt_case_value(k, col >= 0, buf, len);
    return cb_fmt_kbytes(col < 0 ? k->bps_before : k->bps_after, buf, len);
}

/* many_line prints one line of a label's rows (rows_at[z]: its row at size z, or
 * (size_t)-1) across the sizes: the base's figures (col -1), a file's (what "value"),
 * or its differences (what "diff"). */
static void many_line(const cb_compare_many *m, const size_t *rows_at, size_t nsizes, int w,
                      const char *label, long col, const char *what, FILE *out)
{
    char buf[64], name[32];
    if (col < 0)
        snprintf(name, sizeof name, "base");
    else
        cb_many_col_name(m, (size_t)col, 16, name, sizeof name);
    fprintf(out, "%-*s %-*s", w, label, 18, strcmp(what, "diff") == 0 ? "diff" : name);
    for (size_t z = 0; z < nsizes; z++) {
        size_t r = rows_at[z];
        const char *v = "";
        if (r != (size_t)-1 && strcmp(what, "diff") == 0) {
            const cb_cmp_case *k = cb_many_case(m, r, (size_t)col);
            v = k ? cb_fmt_case_pct(k, buf, sizeof buf) : "";
        } else if (r != (size_t)-1) {
            v = many_value(m, r, col, buf, sizeof buf);
        }
        fprintf(out, "%*s", CELL, v);
    }
    fputc('\n', out);
}

/* cb_render_rows: two sides as two_sides writes them; of three or more files, per
 * algorithm the base's row, then each file's row and its difference row, across the
 * block sizes. */
void cb_render_rows(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    size_t *sizes = cb_xmalloc((m->nrows + 1) * sizeof *sizes), nsizes = 0;
    size_t *rows_at = cb_xmalloc((m->nrows + 1) * sizeof *rows_at);
    char buf[32];
    for (size_t r = 0; r < m->nrows; r++) {
        size_t z = 0;
        while (z < nsizes && sizes[z] != m->rows[r].base->block_bytes)
            z++;
        if (z == nsizes)
            sizes[nsizes++] = m->rows[r].base->block_bytes;
    }
    for (size_t a = 1; a < nsizes; a++) /* a few sizes: insertion sort */
        for (size_t b = a; b > 0 && sizes[b - 1] > sizes[b]; b--) {
            size_t t = sizes[b];
            sizes[b] = sizes[b - 1];
            sizes[b - 1] = t;
        }
    int w = cb_many_label_width(m, "type") - 2;
    cb_many_header(m, out, "");
    fprintf(out, "\nThe 'numbers' are in 1000s of bytes per second processed (operations per "
                 "second for public-key rows).\n%-*s %-18s", w, "type", "");
    for (size_t z = 0; z < nsizes; z++) {
        snprintf(buf, sizeof buf, "%zu bytes", sizes[z]);
        fprintf(out, "%*s", CELL, buf);
    }
    fputc('\n', out);
    for (size_t r = 0; r < m->nrows; r++) {
        const char *label = m->rows[r].label;
        size_t q = 0;
        while (q < r && strcmp(m->rows[q].label, label) != 0)
            q++;
        if (q < r) /* printed with its label's first row */
            continue;
        for (size_t z = 0; z < nsizes; z++) {
            rows_at[z] = (size_t)-1;
            for (size_t i = r; i < m->nrows && rows_at[z] == (size_t)-1; i++)
                if (strcmp(m->rows[i].label, label) == 0 &&
                    m->rows[i].base->block_bytes == sizes[z])
                    rows_at[z] = i;
        }
        many_line(m, rows_at, nsizes, w, label, -1, "value", out);
        for (size_t j = 0; j < m->ncols; j++) {
            many_line(m, rows_at, nsizes, w, label, (long)j, "value", out);
            many_line(m, rows_at, nsizes, w, label, (long)j, "diff", out);
        }
    }
    fputc('\n', out);
    cb_many_footer(m, out, "");
    free(sizes);
    free(rows_at);
}
