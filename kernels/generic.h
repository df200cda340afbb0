/*
 * kernels/generic.h - ops tables of the portable C kernels (one per primitive).
 */
#ifndef CB_GENERIC_H
#define CB_GENERIC_H

#include "kernels/kernel.h"

/* digests */

/* AES, GHASH and GCM */

/* DES */

/* public key */

/* cb_mont_generic_ops: portable Montgomery multiplication and squaring (kernels/mont.c;
 * the struct is defined in kernels/bn.h). */
extern const struct cb_mont_ops cb_mont_generic_ops;

#endif
