/*
 * reports/run/compare_run.h - a comparison from rows (or samples, or files) to an
 * exit status: the model (reports/compare/) judged, then written in a style
 * (reports/styles/).  The model never calls a renderer; this layer joins them.
 */
#ifndef CB_COMPARE_RUN_H
#define CB_COMPARE_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "reports/compare/compare.h"
#include "reports/styles/styles.h"

/*
 * cb_compare_run is one comparison from rows to exit status, what `compare` and
 * `speed -compare` both do: refuse -gate-on names no row holds, choose the sides as
 * rq says (reports/compare/sides.h), match and judge the cases with o, write them to out in
 * style (reports/styles/styles.h; a format's summary line goes to stderr, as do the
 * warnings and errors).  Returns CB_EXIT_OK, CB_EXIT_FAIL when the gate failed, or
 * CB_EXIT_USAGE after printing why nothing could be compared.
 */
int cb_compare_run(const cb_csv_set *set, const cb_sides_request *rq,
                   const cb_compare_opts *o, const cb_compare_style *style, FILE *out);

/*
 * cb_compare_run_samples: the in-run comparison of `speed -variant A,B -compare`,
 * cb_compare_run over the samples of one run ("this run") with -variant A,B, where
 * the samples that measured nothing are left out.  style NULL is the default style.
 * Returns 0, or 2 after printing why nothing could be compared (unknown style, no
 * case measured with both variants).
 */
int cb_compare_run_samples(const cb_sample *s, size_t n, const char *variant_a,
                           const char *variant_b, const char *style, FILE *out);

/* cb_compare_run_gated is cb_compare_run_samples for samples measured under info
 * (NULL: nothing recorded; a page lists the run's conditions), judged with o (speed's
 * -fail-if-slower and -gate-on): returns CB_EXIT_OK, CB_EXIT_FAIL (a gated
 * regression), CB_EXIT_UNDECIDED (a gated case the looks left undecided), or
 * CB_EXIT_USAGE after printing why nothing could be compared. */
int cb_compare_run_gated(const cb_run_info *info, const cb_sample *s, size_t n,
                         const char *variant_a, const char *variant_b, const char *style,
                         const cb_compare_opts *o, FILE *out);

/*
 * cb_compare_run_many compares files[0] with each of files[1..n-1] (n >= 3) under o,
 * writes the one table in style to out (a format's summary lines, one per column, to
 * stderr) and returns CB_EXIT_OK, CB_EXIT_FAIL when the gate failed in any column, or
 * CB_EXIT_USAGE after one sentence (a file unreadable, a column with nothing to
 * compare).
 */
int cb_compare_run_many(const char *const *files, size_t n, const cb_compare_opts *o,
                        const cb_compare_style *style, FILE *out);

#endif
