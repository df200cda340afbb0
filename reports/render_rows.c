/*
 * reports/render_rows.c - the 2022 Graviton2 layout: per algorithm a before row, an
 * after row and a difference row across the block sizes, the values in
 * `openssl speed`'s units (1000s of bytes per second, "1411716.28k"); public-key rows
 * in operations per second and rows marked (cycles) in cycles per operation.
 */
#include <string.h>

#include "base/common.h"
#include "reports/render.h"

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

void cb_render_rows(const cb_comparison *c, FILE *out)
{
    cb_render_grids(c, out, print_grid);
}
