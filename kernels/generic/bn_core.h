/*
 * kernels/generic/bn_core.h - what a Montgomery multiplication kernel needs of the
 * bignum code: the limb (64 bits where the compiler has a 128-bit integer type for the
 * double-width product, else 32), the largest modulus, cb_mont_ops with its contract,
 * the portable kernels' entry points and the constant-time mask helpers.  Below the
 * kernels that implement it (kernels/generic/mont.c, kernels/armv4/family.c) and
 * below the bignum arithmetic built on it (kernels/pkey/bn.h), so neither includes
 * the other's folder.
 */
#ifndef CB_BN_CORE_H
#define CB_BN_CORE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SIZEOF_INT128__)
typedef uint64_t cb_limb;
__extension__ typedef unsigned __int128 cb_dlimb; /* holds a limb product plus two limbs */
#define CB_LIMB_BITS 64
#else
typedef uint32_t cb_limb;
typedef uint64_t cb_dlimb;
#define CB_LIMB_BITS 32
#endif

/* CB_BN_MAX_BITS bounds every modulus: rsa15360, the largest row (ffdh8192's p is
 * 8192 bits, the CAVP files' keys 4096).  Functions keep a few numbers of this size on
 * the stack (1920 bytes each); the largest frame is the fixed-window table of
 * cb_mont_exp_ct, which lives on the heap (kernels/pkey/bn_mont.c). */
#define CB_BN_MAX_BITS 15360
#define CB_BN_MAX_LIMBS (CB_BN_MAX_BITS / CB_LIMB_BITS)

/*
 * cb_mont_ops: Montgomery multiplication, the kernel a variant of rsa* and dsa*
 * implements.  With R = 2^(CB_LIMB_BITS * limbs):
 *
 *   mul   r = a * b * R^-1 mod n
 *   sqr   r = a * a * R^-1 mod n;  NULL means the caller uses mul(a, a)
 *
 * Contract for every implementation (C, ARM, POWER, x86-64 assembly):
 *   - n is odd, its top limb is non-zero, 2 <= limbs <= CB_BN_MAX_LIMBS, and every
 *     limb count in that range works (an assembly version that specialises some
 *     sizes hands the others to cb_mont_mul_generic / cb_mont_sqr_generic);
 *   - n0 = -n^-1 mod 2^CB_LIMB_BITS;
 *   - a < n and b < n on entry; r < n on return (fully reduced);
 *   - r may be the same array as a or b (not partially overlapping);
 *   - constant time: the instruction trace and memory addresses depend only on
 *     limbs, never on the values of a, b or n (the final subtraction is a masked
 *     select, not a branch).
 */
typedef struct cb_mont_ops {
    void (*mul)(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                cb_limb n0, size_t limbs);
    void (*sqr)(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0, size_t limbs);
} cb_mont_ops;

/* cb_mont_mul_generic is the portable CIOS multiplication (kernels/generic/mont.c). */
void cb_mont_mul_generic(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                         cb_limb n0, size_t limbs);

/* cb_mont_sqr_generic is the portable squaring: half the products, then reduction. */
void cb_mont_sqr_generic(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0,
                         size_t limbs);


/*
 * cb_ct_barrier returns x unchanged but hides its value from the optimiser, so a
 * mask built from a secret stays a mask instead of becoming a branch.
 */
static inline cb_limb cb_ct_barrier(cb_limb x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* cb_ct_mask returns all ones when bit is 1 and zero when bit is 0. */
static inline cb_limb cb_ct_mask(cb_limb bit)
{
    return (cb_limb)0 - cb_ct_barrier(bit);
}

#endif
