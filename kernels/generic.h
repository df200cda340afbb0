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

#endif
