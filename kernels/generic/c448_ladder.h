/*
 * kernels/generic/c448_ladder.h - X448 (RFC 7748 section 5) over a field
 * representation of GF(p), p = 2^448 - 2^224 - 1, that the including file defines
 * first:
 *
 *   fe, FE_BYTES (56)       an element, limbs in the file's radix
 *   fe_frombytes(h, s)      h = the 448-bit little-endian number s (may be >= p)
 *   fe_tobytes(s, h)        s = h fully reduced (canonical), little-endian
 *   fe_set(h, v)            h = the small integer v
 *   fe_add, fe_sub          h = f + g, h = f - g of carried values, without a carry:
 *                           their results go only into fe_mul, fe_sq, fe_mul_small
 *                           or fe_carry
 *   fe_mul, fe_sq           h = f g, h = f^2, carried
 *   fe_mul_small(h, f, n)   h = n f for a small constant n, carried
 *   fe_carry(h)             brings h back to carried size
 *   fe_cswap(f, g, b)       swaps f and g when b is 1, with masks, not branches
 *
 * Included once per radix (c448_r56.c, c448_r28.c): the ladder is X25519's (in
 * kernels/generic/curve_common.h), each file inlines its own field code into it.
 *
 * Constant time: the ladder runs all 448 steps for every scalar; the scalar's bits
 * only feed fe_cswap's mask; inversion is a fixed chain of squarings and
 * multiplications (Fermat, z^(p-2)); and the field functions have no branch or
 * index that depends on the values.  Nothing here branches on k or on u.
 */
#ifndef CB_C448_LADDER_H
#define CB_C448_LADDER_H

#include <stdint.h>
#include <string.h>

/* X448_A24: (A - 2) / 4 for curve448's A = 156326 (RFC 7748 5). */
#define X448_A24 39081

/* fe_mul_a24 sets h = 39081 f, the ladder's constant (kernels/generic/curve_common.h). */
static void fe_mul_a24(fe *h, const fe *f)
{
    fe_mul_small(h, f, X448_A24);
}

#include "kernels/generic/curve_common.h"

/*
 * fe_pow_p34 sets h = z^((p-3)/4) = z^(2^446 - 2^222 - 1), whose bits are 223 ones,
 * a zero and 222 ones: runs of ones z^(2^n - 1) for n = 3, 6, 12, 15, 24, 48, 96,
 * 111, 222, 223, then (2^223 - 1) 2^223 + 2^222 - 1.
 */
static void fe_pow_p34(fe *h, const fe *z)
{
    fe a3, a15, a111, a222, a, b;
    fe_sq(&a, z);
    fe_mul(&a, &a, z);            /* 2^2 - 1 */
    fe_sq(&a, &a);
    fe_mul(&a3, &a, z);           /* 2^3 - 1 */
    fe_sq_times(&a, &a3, 3);
    fe_mul(&a, &a, &a3);          /* 2^6 - 1 */
    fe_sq_times(&b, &a, 6);
    fe_mul(&b, &b, &a);           /* 2^12 - 1 */
    fe_sq_times(&a15, &b, 3);
    fe_mul(&a15, &a15, &a3);      /* 2^15 - 1 */
    fe_sq_times(&a, &b, 12);
    fe_mul(&a, &a, &b);           /* 2^24 - 1 */
    fe_sq_times(&b, &a, 24);
    fe_mul(&b, &b, &a);           /* 2^48 - 1 */
    fe_sq_times(&a, &b, 48);
    fe_mul(&a, &a, &b);           /* 2^96 - 1 */
    fe_sq_times(&a111, &a, 15);
    fe_mul(&a111, &a111, &a15);   /* 2^111 - 1 */
    fe_sq_times(&a222, &a111, 111);
    fe_mul(&a222, &a222, &a111);  /* 2^222 - 1 */
    fe_sq(&a, &a222);
    fe_mul(&a, &a, z);            /* 2^223 - 1 */
    fe_sq_times(&a, &a, 223);     /* (2^223 - 1) 2^223 */
    fe_mul(h, &a, &a222);
}

/* fe_invert sets h = z^(p-2) = z^-1 (0 for z = 0): ((p-3)/4) 4 + 1. */
static void fe_invert(fe *h, const fe *z)
{
    fe a;
    fe_pow_p34(&a, z);
    fe_sq_times(&a, &a, 2);
    fe_mul(h, &a, z);
}

/* x448_ladder sets out = X448(k, u): RFC 7748 5's decodeScalar448, the Montgomery
 * ladder with conditional swaps, and encodeUCoordinate. */
static void x448_ladder(uint8_t out[56], const uint8_t k[56], const uint8_t u[56])
{
    uint8_t e[56];
    memcpy(e, k, 56);
    e[0] &= 252;
    e[55] |= 128;
    xdh_ladder(out, e, u, 448);
    cb_wipe(e, sizeof e);
}

#endif
