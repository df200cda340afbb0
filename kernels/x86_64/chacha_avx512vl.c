/*
 * kernels/x86_64/chacha_avx512vl.c - ChaCha20 on 256-bit vectors with AVX-512VL
 * (variant avx512vl): the avx2 instance of chacha_vec.h with VPROLD for every
 * rotation and 32 vector registers, paired with the AVX2 Poly1305.
 *
 * Never run on the development host (AMD EPYC without AVX-512; QEMU has none
 * either): what is tested there is the template, shared line for line with the avx2
 * and ssse3 instances, and the rotation primitive is the only code of its own.
 */
#pragma GCC target("avx2,avx512f,avx512vl")
#define CHACHA_VBITS 256
#define CHACHA_NAME avx512vl
#define CHACHA_POLY cb_poly1305_avx2_ops
#define CHACHA_VPROLD 1
#include "kernels/x86_64/chacha_vec.h"
