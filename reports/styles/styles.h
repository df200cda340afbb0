/*
 * reports/styles/styles.h - the one table of comparison styles and formats.
 *
 * Every reader of the list derives from CB_COMPARE_STYLES: the dispatch
 * (cb_compare_render), cb_compare_style_known, the -style and -format help of
 * `compare` and `speed`, their error sentences, `compare -list-styles`, and through
 * that the test that holds docs/compare.md, docs/cryptobench.1 and README.md to the
 * table (tests/cli/docs_styles.sh).  Adding a style is its renderer file
 * (reports/styles/<name>.c) and a row here.
 */
#ifndef CB_STYLES_H
#define CB_STYLES_H

#include <stddef.h>
#include <stdio.h>

#include "reports/compare/compare.h"

/* cb_style_kind: a text table people read, or a format for scripts (`-format`), which
 * also sends the summary line to standard error. */
typedef enum cb_style_kind {
    CB_STYLE_TEXT,
    CB_STYLE_FORMAT
} cb_style_kind;

/*
 * X(name, renderer, kind, description): one row per style, in the order help texts
 * list them; the first row is the default.  renderer writes the model of
 * reports/compare/many.h: one column for two sides (cb_many_one), a column per file
 * after the base for `compare BASE OTHER...`.  A description fits one help line (at
 * most 60 characters).
 */
#define CB_COMPARE_STYLES(X)                                                              \
    X("matrix", cb_render_matrix, CB_STYLE_TEXT,                                          \
      "a row per algorithm, a column per block size, % changes")                         \
    X("mail", cb_render_mail, CB_STYLE_TEXT,                                              \
      "one line per case: ops/s before, after and the change")                           \
    X("rows", cb_render_rows, CB_STYLE_TEXT,                                              \
      "before, after and change rows in openssl speed's units")                          \
    X("tcrypt", cb_render_tcrypt, CB_STYLE_TEXT,                                          \
      "Linux tcrypt's \"testing speed of\" layout, before -> after")                       \
    X("markdown", cb_render_markdown, CB_STYLE_TEXT,                                      \
      "a Markdown table with the p-values, for pull requests")                           \
    X("csv", cb_render_csv, CB_STYLE_FORMAT,                                              \
      "every number of every case, one RFC 4180 row each")                               \
    X("json", cb_render_json, CB_STYLE_FORMAT,                                            \
      "the whole comparison, summary and gate as one JSON object")                       \
    X("html", cb_render_html, CB_STYLE_FORMAT,                                            \
      "one self-contained page: table, chart, conditions")                               \
    X("svg", cb_render_svg, CB_STYLE_FORMAT,                                              \
      "the chart alone: each difference, its interval, the gate")

typedef struct cb_compare_many cb_compare_many; /* reports/compare/many.h */

/* The renderers the rows name: each writes the whole comparison to out. */
#define CB_STYLE_DECLARE(name, renderer, kind, description) \
    void renderer(const cb_compare_many *m, FILE *out);
CB_COMPARE_STYLES(CB_STYLE_DECLARE)
#undef CB_STYLE_DECLARE

/* cb_compare_style: one row of the table. */
typedef struct cb_compare_style {
    const char *name;
    void (*render)(const cb_compare_many *m, FILE *out); /* 2 sides or N files */
    cb_style_kind kind;
    const char *description;
} cb_compare_style;

/* cb_compare_style_count and cb_compare_style_at walk the table in its order; row 0
 * is the default style. */
size_t cb_compare_style_count(void);
const cb_compare_style *cb_compare_style_at(size_t i);

/* cb_compare_style_find returns the row named name, or NULL. */
const cb_compare_style *cb_compare_style_find(const char *name);

/*
 * cb_compare_style_names writes the names of one kind as a sentence fragment,
 * "matrix, mail, rows, tcrypt and markdown", into buf.
 */
const char *cb_compare_style_names(cb_style_kind kind, char *buf, size_t len);

/* cb_compare_style_usage writes the rows of one kind to f, one help line each: indent,
 * the name in a column of its own, the description. */
void cb_compare_style_usage(FILE *f, cb_style_kind kind, const char *indent);

/* cb_compare_style_list writes the table to f, one row a line: name, kind ("style" or
 * "format") and description, separated by blanks (the name and kind have none). */
void cb_compare_style_list(FILE *f);

/*
 * cb_compare_style_check reads a -style value: any row of the table.  It sets *out to
 * the row and returns 0, or prints the one sentence both commands give for a name the
 * table does not have, listing it, and returns -1.
 */
int cb_compare_style_check(const char *value, const cb_compare_style **out);

/*
 * cb_compare_format_check reads compare's -format value: a format of the table, or
 * "text" (*out NULL: the -style's table).  Returns 0, or -1 after one sentence
 * listing the formats.
 */
int cb_compare_format_check(const char *value, const cb_compare_style **out);

/*
 * cb_compare_style_write writes c in style to out; a format also writes the summary
 * line to summary (when not NULL), as a text table carries it in its footer.
 */
/* cb_render_workload writes `compare -workload W`'s figures (reports/compare/
 * workload.h) after a table: one line per algorithm, direction and variants. */
struct cb_workload;
void cb_render_workload(const cb_comparison *c, const struct cb_workload *w, FILE *out);

void cb_compare_style_write(const cb_comparison *c, const cb_compare_style *style,
                            FILE *out, FILE *summary);

/*
 * cb_compare_render writes the comparison in a style or format of the table in
 * reports/styles/styles.h.  Returns 0, or -1 for a name the table does not have.
 */
int cb_compare_render(const cb_comparison *c, const char *style, FILE *out);

/* cb_compare_style_known reports whether style names a row of that table. */
int cb_compare_style_known(const char *style);

#endif
