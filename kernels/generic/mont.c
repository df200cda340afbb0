/*
 * kernels/generic/mont.c - the portable Montgomery multiplication: the `generic` variant of
 * rsa* and dsa*, and the reference every assembly montmul is checked against.
 *
 * Product scanning ("FIPS" in Koc, Acar and Kaliski, "Analyzing and comparing
 * Montgomery multiplication algorithms", IEEE Micro 1996): column k of the result
 * sums every a[i]*b[k-i] and m[i]*n[k-i] into an accumulator held in registers, and
 * the Montgomery digit m[k] is chosen when column k < limbs is complete, which
 * clears the column.  Only m and the output are stored.
 *
 * Why this shape, measured on x86-64 with GCC 12 at 16 limbs (minimum cycles per
 * call; instructions counted with valgrind):
 *   operand scanning (CIOS), fused or split loops    1550-1700 cycles
 *   product scanning, 3-limb accumulator             1000-1130 cycles, 7850 instr
 *   + operands read forwards through reversed copies,
 *     accumulator as a 128-bit sum whose carry-out
 *     __builtin_add_overflow counts                   910-930 cycles, 4660 instr
 * The last form is what GCC compiles to mul, add, adc, adc per product; every other
 * spelling of the carries made it shuffle rax:rdx or spill.  Loops are unrolled by
 * 4 (about 5% at 32 and 64 limbs).
 *
 * Squaring sums each off-diagonal product a[i]*a[j] (i < j) once, doubles the
 * column and adds a[k/2]^2: 1.5 limbs^2 products instead of 2 limbs^2 (820-850
 * cycles at 16 limbs).  Both end with a masked conditional subtraction, so the
 * running time depends on the limb count only.
 */
#include "kernels/generic/bn_core.h"
#include "kernels/generic/generic.h"

#define W CB_LIMB_BITS

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNROLL _Pragma("GCC unroll 4")
#else
#define ALWAYS_INLINE inline
#define UNROLL
#endif

/* A column accumulator: acc + 2^(2W) * c2. */
typedef struct acc3 {
    cb_dlimb acc;
    cb_limb c2;
} acc3;

/* add_carry sets *s = x + y and returns the carry out (0 or 1). */
static ALWAYS_INLINE cb_limb add_carry(cb_dlimb x, cb_dlimb y, cb_dlimb *s)
{
#if defined(__GNUC__)
    return (cb_limb)__builtin_add_overflow(x, y, s);
#else
    *s = x + y;
    return *s < y;
#endif
}

/* mac adds x * y to the accumulator. */
static ALWAYS_INLINE void mac(acc3 *c, cb_limb x, cb_limb y)
{
    c->c2 += add_carry(c->acc, (cb_dlimb)x * y, &c->acc);
}

/* add_doubled adds 2 d to the accumulator. */
static ALWAYS_INLINE void add_doubled(acc3 *c, const acc3 *d)
{
    cb_limb hi = (d->c2 << 1) | (cb_limb)(d->acc >> (2 * W - 1));
    c->c2 += hi + add_carry(c->acc, d->acc << 1, &c->acc);
}

/* shift drops the finished lowest limb: the rest carries into the next column. */
static ALWAYS_INLINE void shift(acc3 *c)
{
    c->acc = (c->acc >> W) | ((cb_dlimb)c->c2 << W);
    c->c2 = 0;
}

/* reverse2 sets xr and yr to x and y with their limbs in reverse order. */
static ALWAYS_INLINE void reverse2(cb_limb *xr, const cb_limb *x, cb_limb *yr,
                                   const cb_limb *y, size_t L)
{
    for (size_t i = 0; i < L; i++) {
        xr[i] = x[L - 1 - i];
        yr[i] = y[L - 1 - i];
    }
}

/*
 * final_sub sets r = t - n when t (L limbs plus the top limb `top`) is at least n,
 * else r = t.  t < 2n, so one subtraction is enough; the choice is a mask.
 */
static ALWAYS_INLINE void final_sub(cb_limb *r, const cb_limb *t, cb_limb top,
                                    const cb_limb *n, size_t L)
{
    cb_limb d[CB_BN_MAX_LIMBS], borrow = 0;
    for (size_t i = 0; i < L; i++) {
        cb_dlimb x = (cb_dlimb)t[i] - n[i] - borrow;
        d[i] = (cb_limb)x;
        borrow = (cb_limb)(x >> W) & 1;
    }
    /* t - n is negative exactly when it borrowed and no top limb absorbs the borrow */
    cb_limb keep_t = cb_ct_mask(borrow & (top ^ 1));
    for (size_t i = 0; i < L; i++)
        r[i] = (t[i] & keep_t) | (d[i] & ~keep_t);
}

/*
 * Column k sums x[i] * y[k-i]; through the reversed copy yr (yr[j] = y[L-1-j]) the
 * second factor is yr[i + L-1-k], so both operands walk forwards with one index.
 */
static ALWAYS_INLINE void mul_fips(cb_limb *r, const cb_limb *a, const cb_limb *b,
                                   const cb_limb *n, cb_limb n0, size_t L)
{
    cb_limb m[CB_BN_MAX_LIMBS], t[CB_BN_MAX_LIMBS], br[CB_BN_MAX_LIMBS], nr[CB_BN_MAX_LIMBS];
    reverse2(br, b, nr, n, L);
    acc3 c = {0, 0};
    /* columns 0 .. L-1: each ends by choosing m[k] */
    for (size_t k = 0; k < L; k++) {
        const cb_limb *bk = br + (L - 1 - k), *nk = nr + (L - 1 - k);
        UNROLL
        for (size_t i = 0; i < k; i++) {
            mac(&c, a[i], bk[i]);
            mac(&c, m[i], nk[i]);
        }
        mac(&c, a[k], b[0]);
        m[k] = (cb_limb)c.acc * n0;
        mac(&c, m[k], n[0]); /* clears the column's low limb */
        shift(&c);
    }
    /* columns L .. 2L-2: each is one limb of the result */
    for (size_t k = L; k + 1 < 2 * L; k++) {
        size_t off = k - (L - 1);
        UNROLL
        for (size_t i = off; i < L; i++) {
            mac(&c, a[i], br[i - off]);
            mac(&c, m[i], nr[i - off]);
        }
        t[k - L] = (cb_limb)c.acc;
        shift(&c);
    }
    t[L - 1] = (cb_limb)c.acc;
    final_sub(r, t, (cb_limb)(c.acc >> W), n, L);
}

static ALWAYS_INLINE void sqr_fips(cb_limb *r, const cb_limb *a, const cb_limb *n,
                                   cb_limb n0, size_t L)
{
    cb_limb m[CB_BN_MAX_LIMBS], t[CB_BN_MAX_LIMBS], ar[CB_BN_MAX_LIMBS], nr[CB_BN_MAX_LIMBS];
    reverse2(ar, a, nr, n, L);
    acc3 c = {0, 0};
    for (size_t k = 0; k < L; k++) {
        const cb_limb *ak = ar + (L - 1 - k), *nk = nr + (L - 1 - k);
        acc3 d = {0, 0}; /* a[i] * a[k-i] for i < k-i */
        UNROLL
        for (size_t i = 0; i < (k + 1) / 2; i++)
            mac(&d, a[i], ak[i]);
        add_doubled(&c, &d);
        if (k % 2 == 0)
            mac(&c, a[k / 2], a[k / 2]);
        UNROLL
        for (size_t i = 0; i < k; i++)
            mac(&c, m[i], nk[i]);
        m[k] = (cb_limb)c.acc * n0;
        mac(&c, m[k], n[0]);
        shift(&c);
    }
    for (size_t k = L; k + 1 < 2 * L; k++) {
        size_t off = k - (L - 1);
        acc3 d = {0, 0};
        UNROLL
        for (size_t i = off; i < (k + 1) / 2; i++)
            mac(&d, a[i], ar[i - off]);
        add_doubled(&c, &d);
        if (k % 2 == 0)
            mac(&c, a[k / 2], a[k / 2]);
        UNROLL
        for (size_t i = off; i < L; i++)
            mac(&c, m[i], nr[i - off]);
        t[k - L] = (cb_limb)c.acc;
        shift(&c);
    }
    t[L - 1] = (cb_limb)c.acc;
    final_sub(r, t, (cb_limb)(c.acc >> W), n, L);
}

/*
 * The limb counts of the 64-bit build's 1024- and 2048-bit moduli and CRT halves
 * (the 32-bit build's 256- to 1024-bit ones) get copies with the count a constant:
 * known trip counts let GCC drop the remainder handling of the unrolled loops.
 */
#define FIXED_SIZES(X) X(8) X(16) X(32)

void cb_mont_mul_generic(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                         cb_limb n0, size_t limbs)
{
    switch (limbs) {
#define CASE(L)                                                                        \
    case L:                                                                            \
        mul_fips(r, a, b, n, n0, L);                                                   \
        return;
        FIXED_SIZES(CASE)
#undef CASE
    default:
        mul_fips(r, a, b, n, n0, limbs);
    }
}

void cb_mont_sqr_generic(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0,
                         size_t limbs)
{
    switch (limbs) {
#define CASE(L)                                                                        \
    case L:                                                                            \
        sqr_fips(r, a, n, n0, L);                                                      \
        return;
        FIXED_SIZES(CASE)
#undef CASE
    default:
        sqr_fips(r, a, n, n0, limbs);
    }
}

const cb_mont_ops cb_mont_generic_ops = {
    .mul = cb_mont_mul_generic,
    .sqr = cb_mont_sqr_generic,
};
