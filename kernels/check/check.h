/*
 * kernels/check/check.h - proof that a variant is right, run before it is timed.
 *
 * Two parts, as BearSSL's and the Linux crypto API's self-tests do:
 *   1. the embedded known answers (kernels/vectors_*.c) for the algorithm;
 *   2. for every variant but generic, a cross-check against generic on a
 *      deterministic sweep of lengths and named buffer layouts ("aligned",
 *      "misaligned in+1 out+3", "in place", "in place misaligned +5", "split in
 *      two calls"), so a failure says which length and layout broke.
 * Both go through the message level only, so a whole-algorithm variant (kernel.h,
 * cb_alg_impl: a loaded library, a test double) is checked exactly as a built-in one;
 * its signatures are checked against generic's on the same embedded key.
 */
#ifndef CB_CHECK_H
#define CB_CHECK_H

#include <stddef.h>

#include "kernels/kernel.h"

typedef enum cb_check_depth {
    CB_CHECK_QUICK, /* speed: known answers, lengths 0..80 and a few larger */
    CB_CHECK_FULL   /* selftest: known answers, every length 0..1024 */
} cb_check_depth;

/*
 * cb_check_variant checks variant v of algorithm a (every direction it offers).
 * Returns 0 when everything matched; 1 with one sentence in err on the first
 * mismatch.  *checks (if not NULL) receives how many comparisons were made.
 */
int cb_check_variant(const cb_alg *a, const cb_variant *v, cb_check_depth depth, char *err,
                     size_t errlen, unsigned long *checks);

#endif
