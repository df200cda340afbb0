/*
 * kernels/generic/gf2m.c - GF(2^m) multiplication and squaring in portable C
 * (variant generic of CB_PRIM_GF2M), the reference of the carry-less variants.
 *
 * Constant time without a carry-less instruction: a 32x32-bit carry-less product
 * is four integer products per output residue class of the bit index mod 4.  Each
 * operand is split into its bits of index 0, 1, 2, 3 mod 4 (8 bits each); the
 * integer product of two such parts has at most 8 terms in a column, which fit in
 * the column's 4-bit group, so no carry reaches the next bit of the same class and
 * the class's bits are the parities we want (the other bits are masked off).  No
 * table, no branch on data.  A 64x64 product is three of those (Karatsuba), a field
 * product the schoolbook over 64-bit words, then cb_gf2m_reduce.  Squaring is
 * linear: the bits spread apart with shifts and masks.  32x32->64 integer
 * multiplication is the only multiply used, so 32-bit targets run the same code.
 */
#include "kernels/generic/generic.h"
#include "kernels/generic/gf2m.h"

/* clmul32 returns the 63-bit carry-less product of x and y. */
static uint64_t clmul32(uint32_t x, uint32_t y)
{
    const uint32_t m0 = 0x11111111u;
    uint64_t x0 = x & m0, x1 = x & (m0 << 1), x2 = x & (m0 << 2), x3 = x & (m0 << 3);
    uint64_t y0 = y & m0, y1 = y & (m0 << 1), y2 = y & (m0 << 2), y3 = y & (m0 << 3);
    /* z_c collects the products whose bit classes add up to c mod 4 */
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    const uint64_t w0 = 0x1111111111111111u;
    return (z0 & w0) | (z1 & (w0 << 1)) | (z2 & (w0 << 2)) | (z3 & (w0 << 3));
}

/* clmul64 sets (hi, lo) to the carry-less product of a and b (Karatsuba). */
static void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    uint32_t b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t p0 = clmul32(a0, b0), p2 = clmul32(a1, b1);
    uint64_t p1 = clmul32(a0 ^ a1, b0 ^ b1) ^ p0 ^ p2;
    *lo = p0 ^ (p1 << 32);
    *hi = p2 ^ (p1 >> 32);
}

static void gf2m_generic_mul(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a,
                             const uint64_t *b)
{
    uint64_t c[2 * CB_GF2M_WORDS] = {0};
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            uint64_t lo, hi;
            clmul64(a[i], b[j], &lo, &hi);
            c[i + j] ^= lo;
            c[i + j + 1] ^= hi;
        }
    cb_gf2m_reduce(f, r, c);
}

/* spread32 returns x with a zero bit inserted above each of its bits: x(t)^2. */
static uint64_t spread32(uint32_t x)
{
    uint64_t v = x;
    v = (v | (v << 16)) & 0x0000ffff0000ffffu;
    v = (v | (v << 8)) & 0x00ff00ff00ff00ffu;
    v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fu;
    v = (v | (v << 2)) & 0x3333333333333333u;
    v = (v | (v << 1)) & 0x5555555555555555u;
    return v;
}

static void gf2m_generic_sqr(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * CB_GF2M_WORDS];
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        c[2 * i] = spread32((uint32_t)a[i]);
        c[2 * i + 1] = spread32((uint32_t)(a[i] >> 32));
    }
    cb_gf2m_reduce(f, r, c);
}

/* cb_gf2m_generic_ops: the generic variant's ops. */
const cb_gf2m_ops cb_gf2m_generic_ops = {gf2m_generic_mul, gf2m_generic_sqr};
