/*
 * kernels/generic/c25519_ladder.h - X25519 (RFC 7748 section 5) over a field
 * representation of GF(2^255 - 19) that the including file defines first:
 *
 *   fe, fe_limb             an element, an array v of limbs (of type fe_limb) in the
 *                           file's radix and nothing else
 *   FE_BYTES (32)           the encoding's bytes
 *   fe_frombytes(h, s)      h = the 255-bit little-endian number s, top bit ignored
 *   fe_tobytes(s, h)        s = h fully reduced (canonical), little-endian
 *   fe_set(h, v)            h = the small integer v
 *   fe_add, fe_sub          h = f + g, h = f - g, without a full carry: their results
 *                           go only into fe_mul or fe_sq
 *   fe_mul, fe_sq           h = f g, h = f^2, carried so fe_add/fe_sub may follow
 *   fe_mul_a24(h, f)        h = 121665 f ((A - 2) / 4 for A = 486662)
 *   fe_cswap(f, g, b)       swaps f and g when b is 1, with masks, not branches
 *   fe_carry(h)             brings h's limbs back to their carried size
 *
 * Included once per radix (c25519_r51.c, c25519_r25.c): the ladder (in
 * kernels/generic/curve_common.h, which X448 shares) is written once, each file
 * inlines its own field code into it.
 *
 * Constant time: the ladder runs all 255 steps for every scalar; the scalar's bits
 * only feed fe_cswap's mask; inversion is a fixed chain of squarings and
 * multiplications (Fermat, z^(p-2)); and the field functions have no branch or
 * index that depends on the values.  Nothing here branches on k or on u.
 */
#ifndef CB_C25519_LADDER_H
#define CB_C25519_LADDER_H

#include <stdint.h>
#include <string.h>

#include "kernels/generic/curve_common.h"

/*
 * fe_pow2_250_1 sets h = z^(2^250 - 1) and z11 = z^11, the common part of the two
 * powers below, with the chain that builds runs of ones: z^11, z^(2^5-1), then
 * 2^10-1, 2^20-1, 2^40-1, 2^50-1, 2^100-1, 2^200-1, 2^250-1.
 */
static void fe_pow2_250_1(fe *h, fe *z11, const fe *z)
{
    fe z2, z9, a, b, c;
    fe_sq(&z2, z);               /* 2 */
    fe_sq_times(&a, &z2, 2);     /* 8 */
    fe_mul(&z9, &a, z);          /* 9 */
    fe_mul(z11, &z9, &z2);       /* 11 */
    fe_sq(&a, z11);              /* 22 */
    fe_mul(&a, &a, &z9);         /* 31 = 2^5 - 1 */
    fe_sq_times(&b, &a, 5);
    fe_mul(&a, &b, &a);          /* 2^10 - 1 */
    fe_sq_times(&b, &a, 10);
    fe_mul(&b, &b, &a);          /* 2^20 - 1 */
    fe_sq_times(&c, &b, 20);
    fe_mul(&c, &c, &b);          /* 2^40 - 1 */
    fe_sq_times(&c, &c, 10);
    fe_mul(&b, &c, &a);          /* 2^50 - 1 */
    fe_sq_times(&c, &b, 50);
    fe_mul(&c, &c, &b);          /* 2^100 - 1 */
    fe_sq_times(h, &c, 100);
    fe_mul(h, h, &c);            /* 2^200 - 1 */
    fe_sq_times(h, h, 50);
    fe_mul(h, h, &b);            /* 2^250 - 1 */
}

/* fe_invert sets h = z^(p-2) = z^-1 (0 for z = 0): (2^250 - 1) 2^5 + 11. */
static void fe_invert(fe *h, const fe *z)
{
    fe a, z11;
    fe_pow2_250_1(&a, &z11, z);
    fe_sq_times(&a, &a, 5);
    fe_mul(h, &a, &z11);
}

/* x25519_ladder sets out = X25519(k, u): RFC 7748 5's decodeScalar25519, the
 * Montgomery ladder with conditional swaps, and encodeUCoordinate. */
static void x25519_ladder(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    uint8_t e[32];
    memcpy(e, k, 32);
    e[0] &= 248;
    e[31] &= 127;
    e[31] |= 64;
    xdh_ladder(out, e, u, 255);
    cb_wipe(e, sizeof e);
}

#endif
