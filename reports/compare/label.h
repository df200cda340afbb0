/*
 * reports/compare/label.h - how a case of a comparison is named and classed, for
 * every style and for the rows of a table of several files.
 */
#ifndef CB_COMPARE_LABEL_H
#define CB_COMPARE_LABEL_H

#include <stddef.h>

#include "reports/compare/compare.h"

/* cb_is_pkey reports whether a case is a public-key one: sign, verify, derive,
 * keygen, encaps, decaps, or RSA's encrypt and decrypt (no block size). */
int cb_is_pkey(const cb_cmp_case *k);

/* cb_pk_direction is the column of a public-key direction in the public-key grid
 * ("sign" 0, "verify" 1, ...), or CB_PK_DIRECTIONS for a direction that is none;
 * cb_pk_direction_name(i) its name. */
#define CB_PK_DIRECTIONS 8
size_t cb_pk_direction(const char *d);
const char *cb_pk_direction_name(size_t i);

/*
 * cb_case_label names a case's row: the algorithm, "decrypt" when decrypting, the
 * variants when they are not the same for every row ("/ce-i4" or "/generic->ce-i4"),
 * the mask of two sweeps compared mask by mask (" [-aes]"), any misalignment or AAD, the
 * workers at once (" x2") when a side holds several -multi counts, and " (cycles)" for
 * a case compared in cycles.  with_dir 0 leaves the direction out (public-key
 * tables put it in the columns).
 */
const char *cb_case_label(const cb_comparison *c, const cb_cmp_case *k, int with_dir,
                          char *buf, size_t len);

#endif
