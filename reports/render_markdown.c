/*
 * reports/render_markdown.c - a Markdown table for pull requests and issues: one
 * row per case with both rates, the difference and the p-value.
 */
#include <math.h>
#include <string.h>

#include "reports/render.h"

void cb_render_markdown(const cb_comparison *c, FILE *out)
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
