/*
 * reports/styles/workload.c - `compare -workload W`'s lines after the table: each
 * figure of reports/compare/workload.h as before, after, the difference and its
 * interval, in the table's sense (positive is faster).
 */
#include "reports/styles/styles.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/workload.h"

/* figure_name: "aes-128-gcm encrypt aead [-aes] x2 aesni-i8", what tells a figure
 * apart (the variants' arrow follows it when they differ). */
static const char *figure_name(const cb_comparison *c, const cb_cmp_case *k, char *buf,
                               size_t len)
{
    char count[24] = "";
    if (c->multi_counts)
        snprintf(count, sizeof count, " x%u", k->workers);
    snprintf(buf, len, "%s %s%s%s%s%s%s%s%s", k->alg, k->direction ? k->direction : "",
             k->aead ? " aead" : "", k->mask ? " [" : "", k->mask ? k->mask : "",
             k->mask ? "]" : "", count, c->variant_axis ? " " : "",
             c->variant_axis ? k->variant_before : "");
    return buf;
}

void cb_render_workload(const cb_comparison *c, const cb_workload *w, FILE *out)
{
    size_t n;
    cb_wl_figure *f = cb_wl_figures(c, w, &n);
    char what[512], name[256];
    size_t width = 8;
    for (size_t i = 0; i < n; i++) {
        const cb_cmp_case *k = f[i].k;
        size_t len = strlen(figure_name(c, k, name, sizeof name));
        if (len > width)
            width = len;
    }
    fprintf(out, "\nworkload %s, bytes over time%s:\n", cb_workload_describe(w, what, sizeof what),
            n ? "" : ": no case with a block size to weigh");
    for (size_t i = 0; i < n; i++) {
        const cb_cmp_case *k = f[i].k;
        fprintf(out, "  %-*s", (int)width, figure_name(c, k, name, sizeof name));
        if (f[i].before < 0) {
            fprintf(out, "  no figure: %zu B lies outside the compared sizes\n", f[i].missing);
            continue;
        }
        fprintf(out, "%s%s  %10.2f -> %10.2f MB/s  %+7.1f%%", c->variant_axis ? " -> " : "",
                c->variant_axis ? k->variant_after : "", f[i].before / 1e6, f[i].after / 1e6,
                f[i].diff_pct);
        if (!isnan(f[i].lo_pct))
            fprintf(out, " (interval %+.1f%% .. %+.1f%%)", f[i].lo_pct, f[i].hi_pct);
        fputc('\n', out);
    }
    free(f);
}
