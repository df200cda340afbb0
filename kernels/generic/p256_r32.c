/*
 * kernels/generic/p256_r32.c - NIST P-256 with eight 32-bit limbs and 64-bit products
 * (kernels/generic/p256_impl.h): for 32-bit targets, and offered on 64-bit ones too
 * (variant radix32) so that it is tested and timed on the host.
 */
#include "kernels/generic/generic.h"

#define P256_LIMB uint32_t
#define P256_DLIMB uint64_t
#define P256_LIMB_BITS 32
#define P256_OPS cb_p256_r32_ops

#include "kernels/generic/p256_impl.h"
