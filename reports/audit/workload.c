/*
 * reports/audit/workload.c - `audit -workload W`: for every algorithm and direction,
 * each candidate's bytes-over-time throughput under workload W (base/workload.h)
 * from its median at each audited size, with the interval the per-size intervals of
 * the median allow (every size at the same end at once: wider than the figure's
 * own, never narrower), and which candidate W favours.  Sizes of W between two
 * audited sizes are interpolated; one outside them leaves the figure out.
 */
#include "reports/audit/audit.h"

#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/workload.h"
#include "kernels/registry.h"

/* candidate_rate writes candidate j's figure (bytes per second) at the median, the
 * slow end and the fast end into rate[3]; -1 when a size of w has no figure. */
static void candidate_rate(const cb_audit_row *r, size_t j, const cb_workload *w,
                           double rate[3], size_t *missing)
{
    size_t sizes[CB_AUDIT_MAX_SIZES], n = 0;
    double sec[3][CB_AUDIT_MAX_SIZES];
    for (size_t i = 0; i < r->nsizes; i++) {
        const cb_audit_cell *c = &r->cell[i];
        if (!(c->median[j] > 0) || c->n == 0)
            continue;
        double lo = c->median[j], hi = c->median[j];
        cb_median_ci(c->rates + j * c->cap, c->n, &lo, &hi);
        sizes[n] = c->bytes;
        sec[0][n] = 1 / c->median[j];
        sec[1][n] = 1 / (lo > 0 ? lo : c->median[j]);
        sec[2][n] = 1 / (hi > 0 ? hi : c->median[j]);
        n++;
    }
    for (int k = 0; k < 3; k++)
        rate[k] = cb_workload_rate(w, sizes, sec[k], n, missing);
}

void cb_audit_workload(const cb_audit *a, const cb_workload *w, FILE *out)
{
    char what[512];
    fprintf(out, "\nworkload %s, bytes over time per candidate:\n",
            cb_workload_describe(w, what, sizeof what));
    for (size_t ri = 0; ri < a->n; ri++) {
        const cb_audit_row *r = &a->rows[ri];
        if (r->nsizes == 0 || r->cell[0].bytes == 0)
            continue; /* public-key rows have no sizes to weigh */
        double best = -1, rates[CB_FASTEST_MAX][3];
        size_t best_j = 0;
        fprintf(out, "  %s %s:\n", r->alg->name, cb_dir_name(r->dir));
        for (size_t j = 0; j < r->k; j++) {
            double *rate = rates[j];
            size_t missing = 0;
            candidate_rate(r, j, w, rate, &missing);
            fprintf(out, "    %-20s", r->name[j]);
            if (rate[0] < 0) {
                fprintf(out, " no figure: %zu B lies outside the audited sizes\n", missing);
                continue;
            }
            fprintf(out, " %10.2f MB/s (interval %.2f .. %.2f)%s\n", rate[0] / 1e6,
                    rate[1] / 1e6, rate[2] / 1e6, (int)j == r->auto_j ? "  auto" : "");
            if (rate[0] > best) {
                best = rate[0];
                best_j = j;
            }
        }
        if (best <= 0)
            continue;
        /* a candidate whose interval reaches the fastest's is not told apart from it */
        fprintf(out, "    fastest under %s: %s", w->name, r->name[best_j]);
        int tied = 0;
        for (size_t j = 0; j < r->k; j++)
            if (j != best_j && rates[j][0] > 0 && rates[j][2] >= rates[best_j][1])
                fprintf(out, "%s%s", tied++ ? ", " : " (tied within the intervals with ",
                        r->name[j]);
        fprintf(out, "%s\n", tied ? ")" : "");
    }
}
