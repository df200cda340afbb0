/*
 * reports/render_mail.c - the 2013 OE mailing-list layout: one line per algorithm
 * and block size with ops/s before and after (thousands separators) and the
 * signed difference.
 */
#include <string.h>

#include "reports/render.h"

void cb_render_mail(const cb_comparison *c, FILE *out)
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
