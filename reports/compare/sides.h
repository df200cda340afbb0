/*
 * reports/compare/sides.h - which rows are "before" and which "after": the one decision
 * behind `compare` (files) and `speed -compare` (the samples of its run).
 *
 * The rows come from one or two sources.  With -variant A,B the before side is
 * variant A and the after side variant B, of the first and the second source when
 * there are two, of the one source otherwise.  Without it, two sources are before and
 * after as they are; one source must hold two runs (the first is before) or one run
 * of two variants (the first seen is before), and anything else is ambiguous and
 * refused with one sentence saying what to give instead.
 */
#ifndef CB_SIDES_H
#define CB_SIDES_H

#include <stddef.h>

#include "reports/csv/csv.h"

#define CB_SIDES_VARIANT 128 /* bytes of a -variant name, with its NUL */

/* cb_sides_request: where the rows came from and what the user chose. */
typedef struct cb_sides_request {
    const char *source[2];  /* names of the sources (file names); source[1] NULL: one */
    size_t first_rows;      /* two sources: rows [0, first_rows) of the set are source[0]'s */
    int by_variant;         /* -variant A,B given: variant[0] is A, variant[1] B */
    char variant[2][CB_SIDES_VARIANT];
} cb_sides_request;

/* cb_sides: the rows of each side (pointing into the set) and their labels. */
typedef struct cb_sides {
    const cb_csv_row **before, **after;
    size_t nb, na;
    char before_name[256], after_name[256];
} cb_sides;

/*
 * cb_sides_parse_variants reads compare's `-variant A,B` into rq: two names, any
 * names the files may hold (imported drivers such as cbc-aes-ce included, so they are
 * not checked against this build's registry).  Returns 0, or -1 with one sentence in
 * err.
 */
int cb_sides_parse_variants(cb_sides_request *rq, const char *list, char *err,
                            size_t errlen);

/*
 * cb_sides_choose fills sd from the rows of set as rq describes them.  Returns 0, or
 * -1 with one sentence in err when the sides cannot be told apart or one is empty
 * (sd then holds nothing to free but what cb_sides_free releases).
 */
int cb_sides_choose(cb_sides *sd, const cb_csv_set *set, const cb_sides_request *rq,
                    char *err, size_t errlen);

/* cb_sides_free releases the row lists. */
void cb_sides_free(cb_sides *sd);

#endif
