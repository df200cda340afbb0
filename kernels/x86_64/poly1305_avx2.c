/*
 * kernels/x86_64/poly1305_avx2.c - Poly1305 four blocks in parallel on AVX2
 * (radix 2^26), the avx2 and avx512vl ChaCha20 rows' Poly1305.  The code is the
 * template in poly1305_vec.h.
 */
#pragma GCC target("avx2")
#define POLY1305_OPS cb_poly1305_avx2_ops
#include "kernels/x86_64/poly1305_vec.h"
