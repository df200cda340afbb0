/*
 * reports/styles/render.h - what the comparison renderers (one file each, reports/styles/NAME.c,
 * each a row of reports/styles/styles.h) share, so every style writes a percentage, a rate
 * or a row label the same way.
 */
#ifndef CB_RENDER_H
#define CB_RENDER_H

#include <stddef.h>
#include <stdio.h>

#include "reports/compare/compare.h"
#include "reports/compare/label.h"
#include "reports/compare/many.h"
#include "reports/styles/styles.h" /* declares the renderers, from the table */

/* cb_render_two_sides: when m is one column, the two sides of one comparison
 * (cb_many_one), writes that comparison with two, the layout a style gives two sides,
 * and returns 1; returns 0 for three or more files. */
int cb_render_two_sides(const cb_compare_many *m,
                        void (*two)(const cb_comparison *c, FILE *out), FILE *out);

/* cb_fmt_pct writes a signed percentage with two decimals ("+3.33%", "-14.28%"). */
const char *cb_fmt_pct(double pct, char *buf, size_t len);

/* cb_fmt_case_pct is cb_fmt_pct for a case, with benchstat's "~" appended when the
 * statistics say the difference is not real. */
const char *cb_fmt_case_pct(const cb_cmp_case *k, char *buf, size_t len);

/* cb_fmt_thousands writes v rounded to a whole number with ',' every three digits
 * ("308,766"), as the 2013 mailing-list tables did. */
const char *cb_fmt_thousands(double v, char *buf, size_t len);

/* cb_fmt_kbytes writes bytes per second the way `openssl speed` prints its table:
 * thousands with a 'k' suffix above 10000 ("1411716.28k"), plain below. */
const char *cb_fmt_kbytes(double bps, char *buf, size_t len);

/* cb_value_unit names what the value columns of c hold: "ops/s", "cycles" (tcrypt
 * cycle counts per operation) or "" when the cases mix both (their labels say which). */
const char *cb_value_unit(const cb_comparison *c);

/* cb_fmt_block writes a case's block size, or "-" for a public-key case. */
const char *cb_fmt_block(const cb_cmp_case *k, char *buf, size_t len);

/* cb_fmt_case_value writes a side's median ops/s with thousands separators, or the
 * median cycles per operation of a cycles case (cb_case_label marks those). */
const char *cb_fmt_case_value(const cb_cmp_case *k, int after, char *buf, size_t len);

/* cb_render_header prints the two sides, the axis of the comparison, the masks of two
 * sweeps compared mask by mask ("masks:  detected / -aes / ..."), and its cause lines
 * ("cause:  ...", none when the conditions are the same). */
void cb_render_header(const cb_comparison *c, FILE *out, const char *prefix);

/* cb_render_masks writes the masks line's text: the masks joined by " / " and what
 * compare did with them. */
void cb_render_masks(const cb_comparison *c, FILE *out);

/* cb_render_separate writes the notes on how separate files were judged: case /
 * canary (with the raw differences), the runs' spread, a canary refused. */
void cb_render_separate(const cb_comparison *c, FILE *out, const char *prefix);

/* cb_render_footer prints the notes (what ~ means, which rows are cycle counts, cases
 * without a verdict), the geometric mean and the summary. */
void cb_render_footer(const cb_comparison *c, FILE *out, const char *prefix);

/*
 * cb_grid: cases laid out as rows (one per label) and columns (block sizes, or the
 * directions of public-key cases), for the matrix and rows styles.
 */
typedef struct cb_grid {
    size_t nrows, ncols;
    size_t *col_key;     /* block bytes, or for public-key grids the direction's index
                          * (sign, verify, encrypt, decrypt, derive, keygen, encaps,
                          * decaps) */
    char **labels;
    long *cell;          /* nrows x ncols case indices, -1 where nothing was compared */
    int pkey;
} cb_grid;

/* cb_grid_build lays out the symmetric cases (pkey 0) or public-key cases (pkey 1);
 * returns the number of rows. */
size_t cb_grid_build(const cb_comparison *c, int pkey, cb_grid *g);

/* cb_grid_col_name writes "16 bytes", or the direction of a public-key column. */
const char *cb_grid_col_name(const cb_grid *g, size_t col, char *buf, size_t len);

/* cb_grid_free releases what cb_grid_build allocated. */
void cb_grid_free(cb_grid *g);

/* cb_render_grids prints the header, the symmetric grid and the public-key grid
 * (each through print, when it has rows) and the footer: the matrix and rows styles. */
void cb_render_grids(const cb_comparison *c, FILE *out,
                     void (*print)(const cb_comparison *c, const cb_grid *g, FILE *out));

/* cb_compare_chart draws every case's difference as a bar (a bar per file of many)
 * with its interval's whiskers and the gate's threshold as a line
 * (reports/styles/svg.c): a whole SVG document when standalone, else an <svg> element
 * to put inline in a page. */
void cb_compare_chart(const cb_compare_many *m, FILE *out, int standalone);

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

#endif
