/*
 * kernels/check/kem_check.h - the checks of a KEM variant (CB_KIND_KEM), for either
 * kind of variant, all through kernels/op.h:
 *   1. known answers (kernels/check/vectors/vectors_mlkem.c): keygen from d and z
 *      gives the vector's ek and dk, encapsulation of m its c and k, decapsulation
 *      of c gives k and of c with one bit flipped the vector's rejection key;
 *   2. round trips on pseudo-random seeds and messages: decapsulation gives the
 *      encapsulated secret back, and a ciphertext changed in one bit gives
 *      J(z || c') = SHAKE256(z || c', 32) instead (FIPS 203 Algorithm 18's implicit
 *      rejection), computed here from the standard's definition;
 *   3. for every variant but generic, the same keys, ciphertexts and secrets as
 *      generic's from the same seeds, byte for byte.
 */
#ifndef CB_KEM_CHECK_H
#define CB_KEM_CHECK_H

#include "kernels/check/check.h"
#include "kernels/check/checker.h"

/* cb_check_kem checks c's KEM variant at depth (the number of pseudo-random
 * cases): 0, or 1 with c->err set. */
int cb_check_kem(cb_checker *c, cb_check_depth depth);

#endif
