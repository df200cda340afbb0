/*
 * reports/compare/workload.h - `compare -workload W`: the before/after of a workload's
 * bytes-over-time throughput (base/workload.h), from the matched cases of a
 * comparison.
 *
 * Cases that differ only in block size form one figure (per algorithm, direction,
 * variants, key size, misalignment, AAD and mask).  The before side's time per call
 * comes from its median; the after side's from it and the case's judged speed ratio
 * (1 + diff_pct / 100, so a case judged on case / canary or on its pairs counts as
 * the table shows it), and the interval from the case's interval of that ratio, every
 * size at the same end at once (wider than the figure's own, never narrower).  A
 * workload size between two compared sizes is interpolated (base/workload.h); one
 * outside them leaves the figure out, with the size named.
 */
#ifndef CB_COMPARE_WORKLOAD_H
#define CB_COMPARE_WORKLOAD_H

#include <stddef.h>

#include "base/workload.h"
#include "reports/compare/compare.h"

/* cb_wl_figure: one weighted before/after.  The pointers are the first case's. */
typedef struct cb_wl_figure {
    const cb_cmp_case *k;          /* the group's first case: its names and key size */
    double before, after;          /* bytes per second; < 0 when there is no figure */
    double diff_pct;               /* after / before x 100 - 100 */
    double lo_pct, hi_pct;         /* its interval, NAN when a case has none */
    size_t missing;                /* no figure: the workload size not covered */
} cb_wl_figure;

/* cb_wl_figures returns the figures of c under w (malloc'ed, *n of them; NULL when
 * there is none: every case is public-key or cycles). */
cb_wl_figure *cb_wl_figures(const cb_comparison *c, const cb_workload *w, size_t *n);

#endif
