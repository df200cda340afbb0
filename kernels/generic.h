/*
 * kernels/generic.h - ops tables of the portable C kernels (one per primitive).
 */
#ifndef CB_GENERIC_H
#define CB_GENERIC_H

#include "kernels/kernel.h"

/* digests */

/* AES, GHASH and GCM */
extern const cb_aes_ops cb_aes_generic_ops;     /* kernels/aes.c */
extern const cb_ghash_ops cb_ghash_generic_ops; /* kernels/ghash.c */
extern const cb_gcm_ops cb_gcm_generic_ops;     /* kernels/gcm.c */

/* DES */

/* public key */

#endif
