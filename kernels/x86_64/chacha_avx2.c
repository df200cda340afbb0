/*
 * kernels/x86_64/chacha_avx2.c - ChaCha20 on 256-bit vectors with AVX2 (variant
 * avx2): 8 blocks a vertical pass, VPSHUFB for the rotations by 16 and 8; paired
 * with the AVX2 Poly1305 (poly1305_avx2.c).  The code is the template in
 * chacha_vec.h.
 */
#pragma GCC target("avx2")
#define CHACHA_VBITS 256
#define CHACHA_NAME avx2
#define CHACHA_POLY cb_poly1305_avx2_ops
#include "kernels/x86_64/chacha_vec.h"
