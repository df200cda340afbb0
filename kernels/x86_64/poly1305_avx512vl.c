/*
 * kernels/x86_64/poly1305_avx512vl.c - the AVX2 Poly1305 of poly1305_vec.h compiled
 * for AVX-512VL: the same 256-bit code with 32 vector registers, so a step's
 * powers and products stay in registers; the avx512f ChaCha20 row's Poly1305.
 */
#pragma GCC target("avx2,avx512f,avx512vl")
#define POLY1305_OPS cb_poly1305_avx512vl_ops
#include "kernels/x86_64/poly1305_vec.h"
