/*
 * kernels/x86_64/vaes_avx2.c - VAES and VPCLMULQDQ on 256-bit vectors (variant
 * vaes-avx2): CTR, ECB, CBC decryption, GHASH and stitched GCM; the code is the
 * template in vaes_modes.h.
 */
#define VAES_BITS 256
#include "kernels/x86_64/vaes_modes.h"
