/*
 * kernels/x86_64/chacha_ssse3.c - ChaCha20 on 128-bit vectors with SSSE3 (variant
 * ssse3): 4 blocks a vertical pass, PSHUFB for the rotations by 16 and 8; paired
 * with the portable radix-2^64 Poly1305.  The code is the template in chacha_vec.h.
 */
#pragma GCC target("ssse3")
#define CHACHA_VBITS 128
#define CHACHA_NAME ssse3
#define CHACHA_POLY cb_poly1305_r64_ops
#include "kernels/x86_64/chacha_vec.h"
