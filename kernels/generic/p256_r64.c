/*
 * kernels/generic/p256_r64.c - NIST P-256 with four 64-bit limbs and unsigned __int128
 * products (kernels/generic/p256_impl.h): what a target with a 64x64->128 multiply
 * wants (x86-64, aarch64, ppc64).  Built only where the compiler has __int128;
 * p256_r32.c serves the others.  The field and scalar products are C written out
 * for this width, in kernels/generic/p256_r64.h.
 */
#include "kernels/generic/generic.h"

#ifdef __SIZEOF_INT128__

#include "kernels/generic/p256_r64.h"

#define P256_OPS cb_p256_r64_ops
#define P256_FE_MUL fe_mul_r64
#define P256_FE_SQR fe_sqr_r64
#define P256_ORD_MUL ord_mul_r64
#define P256_ORD_SQR ord_sqr_r64

#include "kernels/generic/p256_impl.h"

#endif
