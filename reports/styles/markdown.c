/*
 * reports/styles/markdown.c - a Markdown table for pull requests and issues: one
 * row per case with both rates, the difference and the p-value.
 */
#include <math.h>
#include <string.h>

#include "reports/compare/many.h"
#include "reports/styles/render.h"

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    char label[256], before[48], after[48], pct[32], p[32], size[32];
    fprintf(out, "**before:** %s  \n**after:** %s  \n**axis:** %s", c->before_name,
            c->after_name, c->axis);
    if (c->n_masks) {
        fputs("  \n**masks:** ", out);
        cb_render_masks(c, out);
    }
    for (size_t i = 0; i < c->n_causes; i++)
        fprintf(out, "  \n**cause:** %s", c->causes[i]);
    fputs("\n\n", out);
    const char *unit = cb_value_unit(c);
    fprintf(out, "| algorithm | block bytes | before%s%s | after%s%s | difference | "
                 "p-value |\n|:--|--:|--:|--:|--:|--:|\n", *unit ? " " : "", unit,
            *unit ? " " : "", unit);
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        if (isnan(k->p))
            p[0] = 0;
        else
            snprintf(p, sizeof p, "%.3g", k->p);
        fprintf(out, "| %s | %s | %s | %s | %s | %s |\n",
                cb_case_label(c, k, 1, label, sizeof label), cb_fmt_block(k, size, sizeof size),
                cb_fmt_case_value(k, 0, before, sizeof before),
                cb_fmt_case_value(k, 1, after, sizeof after),
                cb_fmt_case_pct(k, pct, sizeof pct), p);
    }
    fprintf(out, "| **geomean** | | | | %s | |\n\n", cb_fmt_pct(c->geomean_pct, pct,
                                                           sizeof pct));
    cb_render_footer(c, out, "- ");
}

/* cb_render_markdown: two sides as two_sides writes them; of three or more files, a
 * row per case, the base's rate, then each file's rate, difference and p-value. */
void cb_render_markdown(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    char buf[64], pct[32], p[32], size[32];
    fprintf(out, "**base:** %s", m->base_name);
    for (size_t j = 0; j < m->ncols; j++) {
        fprintf(out, "  \n**%s:** %s (axis: %s)", m->labels[j], m->cols[j].after_name,
                m->cols[j].axis);
        for (size_t i = 0; i < m->cols[j].n_causes; i++)
            fprintf(out, "  \n**cause:** %s", m->cols[j].causes[i]);
    }
    fputs("\n\n| algorithm | block bytes | base |", out);
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, " %s | difference | p-value |", m->labels[j]);
    fputs("\n|:--|--:|--:|", out);
    for (size_t j = 0; j < m->ncols; j++)
        fputs("--:|--:|--:|", out);
    fputc('\n', out);
    for (size_t r = 0; r < m->nrows; r++) {
        const cb_cmp_case *b = m->rows[r].base;
        fprintf(out, "| %s | %s | %s |", m->rows[r].label, cb_fmt_block(b, size, sizeof size),
                cb_fmt_case_value(b, 0, buf, sizeof buf));
        for (size_t j = 0; j < m->ncols; j++) {
            const cb_cmp_case *k = cb_many_case(m, r, j);
            p[0] = 0;
            if (k && !isnan(k->p))
                snprintf(p, sizeof p, "%.3g", k->p);
            fprintf(out, " %s | %s | %s |", k ? cb_fmt_case_value(k, 1, buf, sizeof buf) : "",
                    k ? cb_fmt_case_pct(k, pct, sizeof pct) : "", p);
        }
        fputc('\n', out);
    }
    fputs("| **geomean** | | |", out);
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, " | %s | |", cb_fmt_pct(cb_many_geomean(m, j), pct, sizeof pct));
    fputs("\n\n", out);
    cb_many_footer(m, out, "- ");
}
