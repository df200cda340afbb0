/*
 * kernels/generic/p256_r64.h - P-256's field and scalar products on four 64-bit
 * limbs with unsigned __int128 (fe_mul_r64, fe_sqr_r64, ord_mul_r64, ord_sqr_r64),
 * and the kernels/generic/p256_impl.h parameters of a 64-bit-limb instance.
 * Included by p256_r64.c, which uses all four, by kernels/x86_64/p256_x64.c, which
 * keeps the scalar products and replaces the field ones with assembly, and by
 * tests/test_x86_64.c, which checks that assembly against fe_mul_r64 and fe_sqr_r64.
 *
 * The field product is written out for this width instead of the template's
 * generic CIOS loop: columns of the product summed into a 192-bit accumulator
 * (Comba), then four Montgomery steps that use the shape of p, 2^256 - 2^224 +
 * 2^192 + 2^96 - 1.  With -p^-1 = 1 mod 2^64 the quotient digit q is the low limb,
 * and q p added at limb i is q 2^32 at limb i+1 (its low two terms, -q cancelling
 * the low limb) and q (2^64 - 2^32 + 1) at limb i+3: one multiplication per step
 * where the generic loop has four.  GCC made the generic loop about 430
 * instructions; the field product is nearly half of a signature.
 */
#ifndef CB_P256_R64_H
#define CB_P256_R64_H

#ifndef __SIZEOF_INT128__
#error "kernels/generic/p256_r64.h needs unsigned __int128"
#endif

#include <stdint.h>

typedef unsigned __int128 u128;

/* Every loop here has constant bounds once unrolled; GCC at -O2 keeps them rolled
 * and redc_p out of line, which cost more than the arithmetic. */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_ALL _Pragma("GCC unroll 8")
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(__clang__)
#define UNROLL_ALL _Pragma("unroll")
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define UNROLL_ALL
#define ALWAYS_INLINE static inline
#endif

/* acc_add adds a 128-bit product to the column accumulator: lo and the limb above
 * it, hi (192 bits). */
ALWAYS_INLINE void acc_add(u128 *lo, uint64_t *hi, u128 p)
{
    *lo += p;
    *hi += *lo < p;
}

/* acc_shift emits the accumulator's low limb and moves it down one limb. */
ALWAYS_INLINE uint64_t acc_shift(u128 *lo, uint64_t *hi)
{
    uint64_t out = (uint64_t)*lo;
    *lo = *lo >> 64 | (u128)*hi << 64;
    *hi = 0;
    return out;
}

/* sub_once sets r = v - m when v (four limbs and the bit top above them, below 2m)
 * is at least m, else v: the end of a Montgomery reduction, masked. */
ALWAYS_INLINE void sub_once(uint64_t r[4], const uint64_t v[4], uint64_t top,
                            const uint64_t m[4])
{
    uint64_t s[4], borrow = 0;
    UNROLL_ALL
    for (int i = 0; i < 4; i++) {
        uint64_t d = v[i] - m[i], b1 = v[i] < m[i];
        s[i] = d - borrow;
        borrow = b1 | (d < borrow);
    }
    uint64_t keep = 0 - (borrow & (top ^ 1));
    UNROLL_ALL
    for (int i = 0; i < 4; i++)
        r[i] = (v[i] & keep) | (s[i] & ~keep);
}

/* addc64 returns a + b + *c and sets *c to the carry out (0 or 1): the sums in the
 * reductions are of single limbs, where double-width arithmetic made GCC zero and
 * move high halves it never needed. */
ALWAYS_INLINE uint64_t addc64(uint64_t a, uint64_t b, uint64_t *c)
{
    uint64_t s = a + b, c1 = s < a;
    uint64_t t = s + *c;
    *c = c1 | (t < s);
    return t;
}

/* redc_p sets r = x R^-1 mod p for x < 2^512 below p R (the product of two reduced
 * elements), R = 2^256. */
ALWAYS_INLINE void redc_p(uint64_t r[4], uint64_t x[8])
{
    uint64_t top = 0;
    UNROLL_ALL
    for (int i = 0; i < 4; i++) {
        uint64_t q = x[i];
        u128 m3 = (u128)q * 0xffffffff00000001u;
        uint64_t c = 0;
        x[i + 1] = addc64(x[i + 1], q << 32, &c);
        x[i + 2] = addc64(x[i + 2], q >> 32, &c);
        x[i + 3] = addc64(x[i + 3], (uint64_t)m3, &c);
        x[i + 4] = addc64(x[i + 4], (uint64_t)(m3 >> 64), &c);
        UNROLL_ALL
        for (int j = 5; j < 8; j++)
            if (i + j < 8)
                x[i + j] = addc64(x[i + j], 0, &c);
        top += c;
    }
    static const uint64_t p[4] = {0xffffffffffffffffu, 0x00000000ffffffffu, 0,
                                  0xffffffff00000001u};
    sub_once(r, x + 4, top, p);
}

/* mul_wide sets x = a b, eight limbs: Comba's columns. */
ALWAYS_INLINE void mul_wide(uint64_t x[8], const uint64_t a[4], const uint64_t b[4])
{
    u128 lo = 0;
    uint64_t hi = 0;
    UNROLL_ALL
    for (int k = 0; k < 7; k++) {
        UNROLL_ALL
        for (int i = 0; i < 4; i++) /* constant bounds: some compilers refuse to
                                       unroll a loop whose start varies */
            if (k - i >= 0 && k - i < 4)
                acc_add(&lo, &hi, (u128)a[i] * b[k - i]);
        x[k] = acc_shift(&lo, &hi);
    }
    x[7] = (uint64_t)lo;
}

static inline void fe_mul_r64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t x[8];
    mul_wide(x, a, b);
    redc_p(r, x);
}

static inline void fe_sqr_r64(uint64_t r[4], const uint64_t a[4])
{
    uint64_t x[8], hi = 0;
    u128 lo = 0;
    UNROLL_ALL
    for (int k = 0; k < 7; k++) {
        UNROLL_ALL
        for (int i = 0; i < 4; i++) {
            if (k - i >= 4 || 2 * i >= k)
                continue;
            u128 p = (u128)a[i] * a[k - i];
            acc_add(&lo, &hi, p); /* a cross product counts twice */
            acc_add(&lo, &hi, p);
        }
        if (k % 2 == 0)
            acc_add(&lo, &hi, (u128)a[k / 2] * a[k / 2]);
        x[k] = acc_shift(&lo, &hi);
    }
    x[7] = (uint64_t)lo;
    redc_p(r, x);
}

/* n, the group order (SP 800-186 3.2.1.3), in limbs */
static const uint64_t n64[4] = {0xf3b9cac2fc632551u, 0xbce6faada7179e84u, 0xffffffffffffffffu,
                                0xffffffff00000000u};

/* redc_n sets r = x R^-1 mod n for x below n R, n0 = -n^-1 mod 2^64: n has no shape
 * to use, so each step is four products, but the unrolled columns still beat the
 * template's loop, and k^-1 (a^(n-2)) is a quarter of a signature. */
ALWAYS_INLINE void redc_n(uint64_t r[4], uint64_t x[8], uint64_t n0)
{
    uint64_t top = 0;
    UNROLL_ALL
    for (int i = 0; i < 4; i++) {
        uint64_t q = x[i] * n0, carry = 0;
        UNROLL_ALL
        for (int j = 0; j < 4; j++) {
            u128 t = (u128)q * n64[j] + x[i + j] + carry;
            x[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        UNROLL_ALL
        for (int j = 4; j < 8; j++)
            if (i + j < 8)
                x[i + j] = addc64(x[i + j], 0, &carry);
        top += carry;
    }
    sub_once(r, x + 4, top, n64);
}

static inline void ord_mul_r64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], uint64_t n0)
{
    uint64_t x[8];
    mul_wide(x, a, b);
    redc_n(r, x, n0);
}

/* the squares modulo n are only the inversion's, one per signature: no special
 * squaring for them */
static inline void ord_sqr_r64(uint64_t r[4], const uint64_t a[4], uint64_t n0)
{
    uint64_t x[8];
    mul_wide(x, a, a);
    redc_n(r, x, n0);
}

/* the parameters of kernels/generic/p256_impl.h every 64-bit-limb instance shares;
 * the includer adds P256_OPS and its products (P256_FE_MUL, P256_ORD_MUL, ...) */
#define P256_LIMB uint64_t
#define P256_DLIMB unsigned __int128
#define P256_LIMB_BITS 64

#endif
