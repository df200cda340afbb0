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
 * order): the model every style's one renderer takes (reports/styles/styles.h), for
 * two sides as for N files; release it with cb_many_free. */
void cb_many_one(cb_compare_many *m, const cb_comparison *c);

/* cb_many_free releases the rows and labels (the comparisons stay the caller's). */
void cb_many_free(cb_compare_many *m);

/* cb_many_geomean is the geometric mean of column col's speed ratios, in %. */
double cb_many_geomean(const cb_compare_many *m, size_t col);

/* cb_many_build_rows matches the columns' cases into rows (m->cols, m->ncols set). */
void cb_many_build_rows(cb_compare_many *m);

/* cb_many_label_columns labels each column by what tells its file from the other
 * columns' (reports/compare/axis.h), else by what it differs from the base in, else
 * by its file's name (files[0] the base, files[1 + j] column j's). */
void cb_many_label_columns(cb_compare_many *m, const cb_sides *sides,
                           const char *const *files);

#endif
