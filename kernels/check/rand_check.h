/*
 * kernels/check/rand_check.h - the checks of a DRBG variant (CB_KIND_RAND):
 *   a built-in variant (kernels/modes/drbg.h): NIST CAVP's CTR_DRBG records
 *     (kernels/check/vectors/vectors_drbg.c) through its deterministic entry points,
 *     and, for every variant but generic, the same output as generic's from the same
 *     seed for every request length checked, misaligned, across a reseed;
 *   a library (its RAND_bytes, whose seed cannot be given): every request succeeds,
 *     two requests give different bytes and no request of 16 bytes or more is all
 *     one byte value.  That its output is CTR_DRBG's cannot be checked from outside.
 */
#ifndef CB_RAND_CHECK_H
#define CB_RAND_CHECK_H

#include "kernels/check/check.h"
#include "kernels/check/checker.h"

/* cb_check_rand checks c's DRBG variant: 0, or 1 with c->err set. */
int cb_check_rand(cb_checker *c, cb_check_depth depth);

#endif
