/*
 * kernels/x86_64/chacha_avx512f.c - ChaCha20 on 512-bit vectors with AVX-512F
 * (variant avx512f): 16 blocks a vertical pass, VPROLD for every rotation, the
 * sixteen state words in 16 of the 32 zmm registers; the keystream back into blocks
 * by the per-lane word transpose and a 4x4 transpose of 128-bit lanes.  Paired with
 * the AVX2 Poly1305 compiled for AVX-512VL (poly1305_avx512vl.c).  The code is the template in chacha_vec.h (AVX-512VL for the
 * 128-bit rows of the 1..3-block tail).
 */
#pragma GCC target("avx2,avx512f,avx512vl")
#define CHACHA_VBITS 512
#define CHACHA_NAME avx512f
#define CHACHA_POLY cb_poly1305_avx512vl_ops
#define CHACHA_VPROLD 1
#include "kernels/x86_64/chacha_vec.h"
