/*
 * reports/compare/mask.h - the mask a row ran under, so that two `caps -sweep -csv`
 * files compare mask by mask (docs/compare.md, "Sweeps").  A sweep writes one run per
 * mask: a built-in sweep's runs differ in caps_mask and mask_source
 * (CRYPTOBENCH_CAPS=-aes), a library's sweep's rows in library_env
 * (OPENSSL_armcap=0x4, empty for the library's own detection).  Internal to
 * reports/.
 */
#ifndef CB_COMPARE_MASK_H
#define CB_COMPARE_MASK_H

#include <stddef.h>

#include "reports/csv/csv.h"

/* cb_mask: what a row's capabilities were masked with; its strings point into the
 * row's set. */
typedef struct cb_mask {
    const char *caps, *source; /* caps_mask and mask_source: "none" unmasked */
    const char *env;           /* library_env, "" for built-in variants */
} cb_mask;

/* cb_mask_of returns the mask r ran under. */
cb_mask cb_mask_of(const cb_csv_row *r);

/* cb_mask_same: do a and b name the same mask? */
int cb_mask_same(const cb_mask *a, const cb_mask *b);

/* cb_masks: distinct masks in the order first seen; {NULL, 0, 0} is empty, free v. */
typedef struct cb_masks {
    cb_mask *v;
    size_t n, cap;
} cb_masks;

/* cb_masks_index returns m's index in s, adding it when s lacks it. */
size_t cb_masks_index(cb_masks *s, const cb_mask *m);

/*
 * cb_masks_swept returns how many masks rows[0..n) ran under when they hold several
 * (the rows of a sweep): several caps_mask / mask_source values, or one library
 * variant under several library_env values; 1 otherwise (one mask, or several
 * variants each loaded under its own -lib-env), 0 for no rows.  Rows that were not
 * measured count: a mask whose every case faulted was still swept.
 */
size_t cb_masks_swept(const cb_csv_row *const *rows, size_t n);

/*
 * cb_mask_label returns, malloc'ed and on one line, how compare names a mask:
 * "detected" when nothing was masked, the mask as given for CRYPTOBENCH_CAPS
 * ("-aes", "-aes,-pmull"), "SOURCE=MASK" for another source (OPENSSL_armcap=0), the
 * library's environment ("OPENSSL_armcap=0x4"), and both joined by "; " when a run
 * had both.
 */
char *cb_mask_label(const cb_mask *m);

#endif
