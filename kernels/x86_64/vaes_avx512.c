/*
 * kernels/x86_64/vaes_avx512.c - VAES and VPCLMULQDQ on 512-bit vectors (variant
 * vaes-avx512): CTR, ECB, CBC decryption, GHASH and stitched GCM; the code is the
 * template in vaes_modes.h.
 */
#define VAES_BITS 512
#include "kernels/x86_64/vaes_modes.h"
