/*
 * reports/sweep/sweep.c - the caps -sweep table (sweep.h).
 */
#include "reports/sweep/sweep.h"

#include <math.h>
#include <string.h>

#include "base/stats.h"

#define MAX_SIZES 16   /* columns of a table; further sizes are left out */
#define MAX_SAMPLES 512 /* samples of one cell taken into its median */

/* cell: what one mask measured for the algorithm at one size. */
typedef struct cell {
    double median, lo, hi; /* bytes per second; median < 0: not measured */
    const char *variant, *status, *signal;
} cell;

static cell cell_of(const cb_sweep_row *m, const char *alg, size_t b)
{
    cell c = {-1, 0, 0, "-", "-", ""};
    double v[MAX_SAMPLES];
    size_t n = 0;
    for (size_t i = 0; m->rows && i < cb_csv_set_count(m->rows); i++) {
        const cb_csv_row *r = cb_csv_set_row(m->rows, i);
        if (strcmp(r->s.alg, alg) != 0 || r->s.block_bytes != b)
            continue;
        c.variant = r->s.variant;
        c.status = r->s.status;
        c.signal = r->s.signal ? r->s.signal : "";
        if (cb_sample_measured(&r->s) && n < MAX_SAMPLES)
            v[n++] = r->bytes_per_sec;
    }
    if (n) {
        c.median = cb_median(v, n);
        cb_median_ci(v, n, &c.lo, &c.hi);
    }
    return c;
}

/* sizes_of: the block sizes the masks measured for the algorithm, ascending. */
static size_t sizes_of(const cb_sweep_table *t, size_t *out)
{
    size_t n = 0;
    for (size_t k = 0; k < t->n; k++)
        for (size_t i = 0; t->row[k].rows && i < cb_csv_set_count(t->row[k].rows); i++) {
            const cb_csv_row *r = cb_csv_set_row(t->row[k].rows, i);
            size_t b = r->s.block_bytes, j = 0;
            if (strcmp(r->s.alg, t->alg) != 0)
                continue;
            while (j < n && out[j] != b)
                j++;
            if (j == n && n < MAX_SIZES) {
                while (j > 0 && out[j - 1] > b) { /* insertion keeps them sorted */
                    out[j] = out[j - 1];
                    j--;
                }
                out[j] = b;
                n++;
            }
        }
    return n;
}

static void heading(FILE *out, const cb_sweep_table *t, const size_t *sizes, size_t ns)
{
    if (t->markdown) {
        fprintf(out, "\n**%s**: %zu masks\n\n| mask | %s | variant |", t->alg, t->n, t->column);
        for (size_t j = 0; j < ns; j++)
            fprintf(out, " %zu bytes |", sizes[j]);
        fprintf(out, "\n|---|---|---|");
        for (size_t j = 0; j < ns; j++)
            fprintf(out, "---:|");
        fputc('\n', out);
    } else {
        fprintf(out, "\n%s: %zu masks\n%-28s %-34s %-14s", t->alg, t->n, "mask", t->column,
                "variant");
        for (size_t j = 0; j < ns; j++)
            fprintf(out, " %12zu bytes", sizes[j]);
        fputc('\n', out);
    }
}

/* mask_line writes mask m's line; returns the geometric mean of its medians, or -1
 * when it was not measured at every size. */
static double mask_line(FILE *out, const cb_sweep_table *t, const cb_sweep_row *m,
                        const size_t *sizes, size_t ns)
{
    const char *sep = t->markdown ? " |" : "";
    double med[MAX_SIZES];
    size_t ok = 0;
    const char *variant = ns ? cell_of(m, t->alg, sizes[0]).variant : "-";
    if (t->markdown)
        fprintf(out, "| %s | %s | %.63s |", m->label, m->what, variant);
    else
        fprintf(out, "%-28s %-34s %-14.63s", m->label, m->what, variant);
    for (size_t j = 0; j < ns; j++) {
        cell c = cell_of(m, t->alg, sizes[j]);
        if (c.median >= 0) {
            fprintf(out, " %17.2fk%s", c.median / 1000, sep);
            med[ok++] = c.median;
        } else if (c.signal[0]) {
            fprintf(out, " %18s%s", c.signal, sep);
        } else {
            fprintf(out, " %18s%s", strcmp(c.status, "-") ? c.status : "not run", sep);
        }
    }
    if (ns == 0)
        fprintf(out, "  (no result: %s)", m->ended ? m->ended : "none written");
    fputc('\n', out);
    return ok == ns && ns ? cb_geomean(med, ok) : -1;
}

void cb_sweep_print(FILE *out, const cb_sweep_table *t)
{
    size_t sizes[MAX_SIZES], ns = sizes_of(t, sizes), fastest = t->n;
    double best = -1, geo;
    heading(out, t, sizes, ns);
    for (size_t k = 0; k < t->n; k++)
        if ((geo = mask_line(out, t, &t->row[k], sizes, ns)) > best) {
            best = geo;
            fastest = k;
        }
    if (fastest == t->n) {
        fprintf(out, "fastest: none (no mask ran at every size)\n");
        return;
    }
    /* within noise: every size's 95% interval overlaps the fastest mask's */
    const cb_sweep_row *f = &t->row[fastest];
    char near[1024] = "";
    for (size_t k = 0; k < t->n; k++) {
        int overlaps = k != fastest;
        for (size_t j = 0; overlaps && j < ns; j++) {
            cell a = cell_of(f, t->alg, sizes[j]), c = cell_of(&t->row[k], t->alg, sizes[j]);
            overlaps = c.median >= 0 && c.hi >= a.lo && c.lo <= a.hi;
        }
        size_t used = strlen(near);
        if (overlaps && used < sizeof near)
            snprintf(near + used, sizeof near - used, "%s%s", used ? ", " : "",
                     t->row[k].label);
    }
    fprintf(out, "%sfastest: %s (%s); within noise of it: %s\n", t->markdown ? "\n" : "",
            f->label, cell_of(f, t->alg, sizes[0]).variant, near[0] ? near : "none");
}
