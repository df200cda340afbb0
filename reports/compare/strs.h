/*
 * reports/compare/strs.h - small sets of strings for what compare says about the
 * sides (the axis, reports/compare/axis.c, and the causes, reports/compare/cause.c):
 * the distinct values of one field over one side's rows, in the order first seen.
 * Internal to reports/.
 */
#ifndef CB_COMPARE_STRS_H
#define CB_COMPARE_STRS_H

#include <stddef.h>

#include "base/common.h"

/* cb_strs: distinct strings, not owned (they point into a cb_csv_set or into
 * literals).  {NULL, 0} is the empty set; free v when done. */
typedef struct cb_strs {
    const char **v;
    size_t n;
} cb_strs;

/* cb_strs_has: is v one of s's strings?  Rows of one set share interned strings, so
 * equal pointers are the common case and are tried first. */
int cb_strs_has(const cb_strs *s, const char *v);

/* cb_strs_add adds v unless s already holds it. */
void cb_strs_add(cb_strs *s, const char *v);

/* cb_strs_same: do a and b hold the same strings, in any order? */
int cb_strs_same(const cb_strs *a, const cb_strs *b);

/* cb_one_line appends v to t with the line breaks and tabs a read field may hold (the
 * CSV reader refuses other control bytes) as \n, \r, \t: what compare prints about
 * the sides stays one line. */
void cb_one_line(cb_buf *t, const char *v);

/* cb_strs_text joins the values with sep, an empty one as "(none)" (and no values
 * at all as "(none)"), each made one line; the caller frees it. */
char *cb_strs_text(const cb_strs *s, const char *sep);

#endif
