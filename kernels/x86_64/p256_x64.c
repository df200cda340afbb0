/*
 * kernels/x86_64/p256_x64.c - NIST P-256 (variant x64-asm): kernels/generic/p256_impl.h
 * on 64-bit limbs (p256_r64.h's parameters) with the field's product, square, sum
 * and difference and the products modulo n in assembly (kernels/x86_64/p256_mont.S).
 * The field product was two thirds of a signature with GCC's __int128 code (about
 * 320 instructions, many of them moves and spills; the assembly has 164, 139 for the
 * square); with it in assembly the sum and difference (about 80 instructions each
 * from GCC, 29 and 22 here) were a third of what was left, and the products modulo n
 * (inverting the nonce) a fifth.
 */
#include "kernels/generic/p256_r64.h"
#include "kernels/x86_64/x86_64.h"

#define P256_OPS cb_p256_x64_ops
#define P256_FE_MUL p256_x64_mont_mul
#define P256_FE_SQR p256_x64_mont_sqr
#define P256_FE_ADD p256_x64_mod_add
#define P256_FE_SUB p256_x64_mod_sub
#define P256_ORD_MUL p256_x64_ord_mul
#define P256_ORD_SQR p256_x64_ord_sqr

#include "kernels/generic/p256_impl.h"
