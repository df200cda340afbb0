/*
 * kernels/generic.h - ops tables of the portable C kernels (one per primitive).
 */
#ifndef CB_GENERIC_H
#define CB_GENERIC_H

#include "kernels/kernel.h"

/* digests */

/* AES, GHASH and GCM */

/* DES */

/* cb_des_generic_ops: DES and EDE3 with combined S-box/P tables (kernels/des.c). */
extern const cb_des_ops cb_des_generic_ops;

/* public key */

#endif
