/*
 * reports/compare/paired.h - compare's verdict on an interleaved design: the cases
 * whose two sides were sampled as pairs (`speed -variant A,B -compare`, its CSV,
 * scripts/compare-builds.sh) are judged on the pairs' log-ratios with the gate's
 * sequential rule (base/paired.h), the same one speed stopped on, so compare of the
 * CSV redoes speed's decision; the other cases keep the Mann-Whitney verdict, and
 * compare says when their design cannot support a small threshold.
 */
#ifndef CB_COMPARE_PAIRED_H
#define CB_COMPARE_PAIRED_H

#include <stdio.h>

#include "reports/compare/compare.h"

/*
 * cb_compare_paired judges k on its rows when both sides are one interleaved design:
 * every row of rb and ra is paired and each round appears once a side.  It then
 * replaces k's p-value, interval, significance and verdict (with -fail-if-slower:
 * the looks' decision) and sets k->paired; returns 1, or 0 leaving k as it was.
 */
int cb_compare_paired(cb_cmp_case *k, const cb_csv_row *const *rb, size_t nb,
                      const cb_csv_row *const *ra, size_t na, const cb_compare_opts *o);

/*
 * cb_compare_design_note warns (one sentence to warn, when not NULL) when a gate
 * judges cases whose sides are not paired and the threshold is below what separate
 * runs resolve, or they hold few samples.
 */
void cb_compare_design_note(const cb_comparison *c, FILE *warn);

#endif
