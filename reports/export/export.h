/*
 * reports/export/export.h - results files in other tools' formats: Bencher's BMF JSON,
 * github-action-benchmark's customBiggerIsBetter JSON, Go benchmark lines (for
 * benchstat), LAVA test cases and JUnit XML.  docs/export.md describes each.
 *
 * Every format is a function of the cases (cb_export_case): the rows of one
 * (algorithm, variant, direction, key bits, block size, misalign, aead) tuple,
 * pooled over the files given, as compare groups them.  A case whose rows are not
 * all measurements (faulted, failed, skipped) is an outcome: no format ever prints
 * a number for it.
 */
#ifndef CB_EXPORT_H
#define CB_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "reports/compare/compare.h"
#include "reports/csv/csv.h"
#include "reports/compare/sides.h"
#include "reports/export/formats.h"

#define CB_EXPORT_NAME 256 /* bytes of a benchmark name, with its NUL */

/* cb_export_case: one case of the files, in the order its first row appears. */
typedef struct cb_export_case {
    const cb_csv_row *first;      /* its first row: the case's fields and run */
    char name[CB_EXPORT_NAME];    /* cb_export_name of it */
    const char *status;           /* "ok", or the first outcome among its rows:
                                   * "faulted", then "failed", then "skipped" */
    const char *why;              /* that row's note or signal, "" when none */
    const cb_csv_row **rows;      /* its measured rows, file order */
    size_t n;
    double median, lo, hi;        /* bytes per second: median and its 95% interval
                                   * (base/stats.h); 0 for an outcome */
} cb_export_case;

/* cb_export_cases: every case of a set. */
typedef struct cb_export_cases {
    cb_export_case *c;
    size_t n;
    size_t no_rate;               /* measured cases left out: no byte rate (public-key
                                   * rows, tcrypt cycle counts) */
} cb_export_cases;

/*
 * cb_export_name writes the benchmark name of s's case into buf:
 * ALG/VARIANT/DIRECTION[/kBITS]/BLOCK[/misalignN][/aad][/rekey], the key bits only
 * when the algorithm's name does not hold them (docs/export.md).
 */
const char *cb_export_name(const cb_sample *s, char *buf, size_t len);

/*
 * cb_export_group builds the cases of set.  Returns 0, or -1 with one sentence in
 * err (a -multi run, whose rows are per worker).
 */
int cb_export_group(const cb_csv_set *set, cb_export_cases *out, char *err, size_t errlen);

/* cb_export_cases_free releases what cb_export_group allocated. */
void cb_export_cases_free(cb_export_cases *cs);

/* cb_export_format: a row of the one table of formats (formats.h, expanded in
 * export.c). */
typedef struct cb_export_format {
    const char *name;             /* as -format takes it */
    const char *what;             /* one line, for -help and docs */
    void (*write)(const cb_export_cases *cs, FILE *out);
    /* the cases write marks failed (the exit status is 1 when there are any), or NULL
     * when the format marks none */
    size_t (*failures)(const cb_export_cases *cs);
    /* compare's gate over two files (cb_compare_rows with o; rq chooses the sides as
     * compare's does), or NULL when the format does not gate: returns CB_EXIT_OK,
     * CB_EXIT_FAIL when the gate failed, or CB_EXIT_USAGE after printing why nothing
     * could be compared (nothing is written then) */
    int (*gate)(const cb_csv_set *set, const cb_sides_request *rq,
                const cb_compare_opts *o, FILE *out);
} cb_export_format;

/* cb_export_format_find returns the row called name, or NULL. */
const cb_export_format *cb_export_format_find(const char *name);

/* cb_export_format_list writes the names, "bmf, github, ... and junit", into buf;
 * with gating set, only the formats that gate. */
const char *cb_export_format_list(char *buf, size_t len, int gating);

/* cb_export_format_usage writes one help line per format, each after indent. */
void cb_export_format_usage(FILE *f, const char *indent);

/* The writers, one per row of the table (json.c, lines.c, junit.c), declared from it. */
#define CB_EXPORT_DECLARE(name, write, failures, gate, what) \
    void write(const cb_export_cases *cs, FILE *out);
CB_EXPORT_FORMATS(CB_EXPORT_DECLARE)
#undef CB_EXPORT_DECLARE

/* cb_export_junit_failures counts the testcases cb_export_junit marks failed. */
size_t cb_export_junit_failures(const cb_export_cases *cs);

/* cb_export_junit_gate writes compare's gate as JUnit XML (a gate of the table): one
 * testcase per compared case, a failure for each gated regression. */
int cb_export_junit_gate(const cb_csv_set *set, const cb_sides_request *rq,
                         const cb_compare_opts *o, FILE *out);

/* cb_export_junit_comparison writes an already computed comparison as JUnit XML. */
void cb_export_junit_comparison(const cb_comparison *c, FILE *out);

#endif
