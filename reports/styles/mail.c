/*
 * reports/styles/mail.c - the 2013 OE mailing-list layout: one line per algorithm
 * and block size with ops/s before and after (thousands separators) and the
 * signed difference.
 */
#include <string.h>

#include "reports/compare/many.h"
#include "reports/styles/render.h"

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    char label[256], before[48], after[48], pct[32], size[32];
    int w = 20;
    for (size_t i = 0; i < c->n; i++) {
        int n = (int)strlen(cb_case_label(c, &c->cases[i], 1, label, sizeof label));
        if (n + 2 > w)
            w = n + 2;
    }
    cb_render_header(c, out, "");
    const char *unit = cb_value_unit(c);
    char hb[32], ha[32];
    snprintf(hb, sizeof hb, "%s%sbefore", unit, *unit ? "-" : "");
    snprintf(ha, sizeof ha, "%s%safter", unit, *unit ? "-" : "");
    fprintf(out, "\n%-*s %10s %14s %14s %11s\n", w, "Algo", "blocksize", hb, ha, "difference");
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        fprintf(out, "%-*s %10s %14s %14s %11s\n", w, cb_case_label(c, k, 1, label,
                sizeof label), cb_fmt_block(k, size, sizeof size), cb_fmt_case_value(k, 0, before, sizeof before),
                cb_fmt_case_value(k, 1, after, sizeof after),
                cb_fmt_case_pct(k, pct, sizeof pct));
    }
    fputc('\n', out);
    cb_render_footer(c, out, "");
}

/* cb_render_mail: two sides as two_sides writes them; of three or more files, one line
 * per case, the base's ops/s, then each file's ops/s and its difference. */
void cb_render_mail(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    char buf[64], pct[32];
    int w = cb_many_label_width(m, "Algo");
    cb_many_header(m, out, "");
    fprintf(out, "\n%-*s %10s %14s", w, "Algo", "blocksize", "base");
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, " %14s %11s", cb_many_col_name(m, j, 14, buf, sizeof buf), "difference");
    fputc('\n', out);
    for (size_t r = 0; r < m->nrows; r++) {
        const cb_cmp_case *b = m->rows[r].base;
        fprintf(out, "%-*s %10s", w, m->rows[r].label, cb_fmt_block(b, buf, sizeof buf));
        fprintf(out, " %14s", cb_fmt_case_value(b, 0, buf, sizeof buf));
        for (size_t j = 0; j < m->ncols; j++) {
            const cb_cmp_case *k = cb_many_case(m, r, j);
            fprintf(out, " %14s %11s", k ? cb_fmt_case_value(k, 1, buf, sizeof buf) : "",
                    k ? cb_fmt_case_pct(k, pct, sizeof pct) : "");
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    cb_many_footer(m, out, "");
}
