/*
 * kernels/check/sig_check.h - the checks of a signature variant with key generation
 * (CB_KIND_SIG: ML-DSA), all through kernels/op.h, each direction on an op of its
 * own as the timed loops use them:
 *   1. known answers (kernels/check/vectors/vectors_mldsa.c): keygen from xi gives
 *      the vector's pk and sk, signing with its rnd (0^32: deterministic) its
 *      signature, and verification accepts that signature;
 *   2. round trips on pseudo-random seeds: a hedged signature (fresh rnd) verifies,
 *      and the same signature with one bit flipped, or over the message with one bit
 *      flipped, is rejected;
 *   3. for every variant but generic, the same keys and deterministic signatures as
 *      generic's from the same seeds, byte for byte.  A variant that signs hedged
 *      only (a loaded library, cb_op_sig_takes_rnd) has its keys compared so, and in
 *      1 and 3 its signature is verified by generic and generic's (the vector's in
 *      1) by it, each also rejected with a bit flipped or the message changed.
 */
#ifndef CB_SIG_CHECK_H
#define CB_SIG_CHECK_H

#include "kernels/check/check.h"
#include "kernels/check/checker.h"

/* cb_check_sig checks c's signature variant at depth (the number of pseudo-random
 * cases): 0, or 1 with c->err set. */
int cb_check_sig(cb_checker *c, cb_check_depth depth);

#endif
