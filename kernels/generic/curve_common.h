/*
 * kernels/generic/curve_common.h - what the curve templates share over any field
 * file (c25519_ladder.h and c25519_edwards.h, c448_ladder.h and c448_edwards.h): a
 * run of squarings, masked moves, negation, comparison, and the Montgomery ladder of
 * RFC 7748 section 5.  The including file defines first:
 *
 *   fe, FE_BYTES            an element, the bytes of its encoding
 *   fe_tobytes, fe_set      the canonical encoding, a small integer
 *   fe_add, fe_sub          sums and differences whose results go into fe_mul,
 *                           fe_sq or fe_carry (fe_sub subtracts carried values)
 *   fe_mul, fe_sq, fe_carry products and squares, carried; a carry alone
 *   fe_mul_a24(h, f)        h = (A - 2) / 4 f for the curve's A
 *   fe_cswap(f, g, b)       swaps f and g when b is 1, with masks, not branches
 *   fe_frombytes(h, s)      h = the little-endian s (the u-coordinate's decoding)
 * and, after it, fe_invert (z^(p-2)), declared here and defined by the template.
 *
 * Constant time: the ladder runs every step for every scalar, the scalar's bits
 * only feed fe_cswap's mask; fe_cmov is fe_cswap; nothing here branches on or
 * indexes by a value but fe_equal, which serves public values only.
 */
#ifndef CB_CURVE_COMMON_H
#define CB_CURVE_COMMON_H

#include <stdint.h>
#include <string.h>

/* fe_sq_times sets h = f^(2^n) for n >= 1. */
static void fe_sq_times(fe *h, const fe *f, unsigned n)
{
    fe_sq(h, f);
    while (--n)
        fe_sq(h, h);
}

/* fe_cmov sets f = g when b is 1, leaves it when b is 0, without branching on b. */
static void fe_cmov(fe *f, const fe *g, unsigned b)
{
    fe t = *g;
    fe_cswap(f, &t, b);
}

/* fe_neg sets h = -f. */
static void fe_neg(fe *h, const fe *f)
{
    fe zero;
    fe_set(&zero, 0);
    fe_sub(h, &zero, f);
    fe_carry(h);
}

static void fe_invert(fe *h, const fe *z);

/* fe_set_sign ends RFC 8032's point decoding (5.1.3 step 4, 5.2.3 step 4): -1 when
 * x = 0 comes with x0 = 1, else x negated when its low bit is not x0 (public
 * values only). */
static int fe_set_sign(fe *x, unsigned x0)
{
    uint8_t xb[FE_BYTES];
    fe_tobytes(xb, x);
    int zero = 1;
    for (int i = 0; i < FE_BYTES; i++)
        zero &= xb[i] == 0;
    if (zero && x0)
        return -1;
    if ((xb[0] & 1) != x0)
        fe_neg(x, x);
    return 0;
}

/* fe_equal reports whether f = g mod p (variable time: public values only). */
static int fe_equal(const fe *f, const fe *g)
{
    uint8_t a[FE_BYTES], b[FE_BYTES];
    fe_tobytes(a, f);
    fe_tobytes(b, g);
    return memcmp(a, b, FE_BYTES) == 0;
}

/* ladder sets (x2 : z2) = [e]x1 for the little-endian scalar e of `bits` bits (already
 * clamped): the Montgomery ladder with conditional swaps of RFC 7748 5. */
static void ladder(fe *x2, fe *z2, const fe *x1, const uint8_t *e, int bits)
{
    fe x3, z3, a, aa, b, bb, c, d, da, cb, t;
    fe_set(x2, 1);
    fe_set(z2, 0);
    x3 = *x1;
    fe_set(&z3, 1);
    unsigned swap = 0;
    for (int i = bits - 1; i >= 0; i--) {
        unsigned bit = (e[i >> 3] >> (i & 7)) & 1;
        swap ^= bit;
        fe_cswap(x2, &x3, swap);
        fe_cswap(z2, &z3, swap);
        swap = bit;
        fe_add(&a, x2, z2);
        fe_sq(&aa, &a);
        fe_sub(&b, x2, z2);
        fe_sq(&bb, &b);
        fe_sub(&t, &aa, &bb);    /* E */
        fe_add(&c, &x3, &z3);
        fe_sub(&d, &x3, &z3);
        fe_mul(&da, &d, &a);
        fe_mul(&cb, &c, &b);
        fe_add(&x3, &da, &cb);
        fe_sq(&x3, &x3);
        fe_sub(&z3, &da, &cb);
        fe_sq(&z3, &z3);
        fe_mul(&z3, &z3, x1);
        fe_mul(x2, &aa, &bb);
        fe_mul_a24(z2, &t);
        fe_add(z2, z2, &aa);
        fe_mul(z2, z2, &t);
    }
    fe_cswap(x2, &x3, swap);
    fe_cswap(z2, &z3, swap);
    cb_wipe(&x3, sizeof x3);
    cb_wipe(&z3, sizeof z3);
}

/* xdh_ladder sets out = the encoded u-coordinate of [e]u for the clamped scalar e of
 * `bits` bits: decodeUCoordinate, the ladder, one inversion, encodeUCoordinate. */
static void xdh_ladder(uint8_t *out, const uint8_t *e, const uint8_t *u, int bits)
{
    fe x1, x2, z2;
    fe_frombytes(&x1, u);
    ladder(&x2, &z2, &x1, e, bits);
    fe_invert(&z2, &z2);
    fe_mul(&x2, &x2, &z2);
    fe_tobytes(out, &x2);
    cb_wipe(&x2, sizeof x2);
    cb_wipe(&z2, sizeof z2);
}

#endif
