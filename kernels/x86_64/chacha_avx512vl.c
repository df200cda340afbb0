/*
 * kernels/x86_64/chacha_avx512vl.c - ChaCha20 on 256-bit vectors with AVX-512VL
 * (variant avx512vl): the avx2 instance of chacha_vec.h with VPROLD for every
 * rotation and 32 vector registers, paired with the AVX2 Poly1305.
 *
 * QEMU has no AVX-512, so only a host that has it runs this variant: it did on
 * 2026-12-04 (an AMD EPYC with AVX-512F/VL: selftest, the unit tests, the ABI
 * check), and the template is shared line for line with the avx2 and ssse3
 * instances, the rotation primitive being the only code of its own.
 */
#pragma GCC target("avx2,avx512f,avx512vl")
#define CHACHA_VBITS 256
#define CHACHA_NAME avx512vl
#define CHACHA_POLY cb_poly1305_avx2_ops
#define CHACHA_VPROLD 1
#include "kernels/x86_64/chacha_vec.h"
