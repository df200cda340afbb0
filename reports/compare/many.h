/*
 * reports/compare/many.h - `compare BASE OTHER...` with three or more files: one
 * table with a column per file after the first, each the comparison of BASE (before)
 * with that file (after) as two files are compared (reports/compare/compare.h), so every
 * column's percentages are against BASE and the gate applies to each column.
 *
 * The rows are the cases of every column, matched on what identifies a case on the
 * base side (algorithm, direction, key bits, block size, misalignment, AAD, mask,
 * measure, the base's variant), in the first column's order and then as later
 * columns add cases.  A column is labelled by what its file differs from BASE in
 * (the run description, the libraries, the variants), else by its file's name.
 */
#ifndef CB_COMPARE_MANY_H
#define CB_COMPARE_MANY_H

#include <stddef.h>
#include <stdio.h>

#include "reports/compare/compare.h"

/* cb_many_row: one case of the table. */
typedef struct cb_many_row {
    char label[256];          /* as the text styles label the case (cb_case_label) */
    const cb_cmp_case *base;  /* the case in the first column holding it: its base side */
    long *cell;               /* per column, the index of the case in that column's
                               * comparison, -1 where the file lacks it */
} cb_many_row;

/* cb_compare_many: the columns and the rows across them. */
typedef struct cb_compare_many {
    const char *base_name;    /* the first file */
    size_t ncols;
    const cb_comparison *cols; /* column j: BASE against file j + 1 */
    char **labels;            /* column j's label, whole */
    cb_many_row *rows;
    size_t nrows;
} cb_compare_many;

/* cb_many_case returns column col's case of row r, or NULL. */
const cb_cmp_case *cb_many_case(const cb_compare_many *m, size_t r, size_t col);

/* cb_many_one views one comparison as a table of one column (rows its cases, in its
 * order), for the drawings both forms share; release it with cb_many_free. */
void cb_many_one(cb_compare_many *m, const cb_comparison *c);

/* cb_many_free releases the rows and labels (the comparisons stay the caller's). */
void cb_many_free(cb_compare_many *m);

/* cb_many_header prints the base, each column's number, file, label and axis, and
 * its cause lines; cb_many_footer the notes, and each column's number, label,
 * geomean and summary (the gate's outcome with it). */
void cb_many_header(const cb_compare_many *m, FILE *out, const char *prefix);
void cb_many_footer(const cb_compare_many *m, FILE *out, const char *prefix);

/* cb_many_col_name writes column col's heading: its number and its label ("2:host
 * rpi4"), cut to width characters (0: whole) with "..." when cut. */
const char *cb_many_col_name(const cb_compare_many *m, size_t col, size_t width, char *buf,
                             size_t len);

/* cb_many_label_width is the width of the rows' labels, at least first's, plus 2. */
int cb_many_label_width(const cb_compare_many *m, const char *first);

/* CB_MANY_COL: the width of a text table's column of one file (its heading cut to
 * fit); "%+.2f%%~" of any difference fits. */
#define CB_MANY_COL 18

/* cb_many_geomean is the geometric mean of column col's speed ratios, in %. */
double cb_many_geomean(const cb_compare_many *m, size_t col);

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
