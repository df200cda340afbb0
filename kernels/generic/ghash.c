/*
 * kernels/generic/ghash.c - portable GHASH (SP 800-38D 6.4) with Shoup's 4-bit tables: the
 * reference for every GHASH variant and the "before" column of a PMULL or PCLMUL port.
 *
 * Bit order (SP 800-38D 6.3): bit 0 of a block is the most significant bit of byte 0
 * and is the coefficient of x^0, so multiplying by x is a right shift of the block
 * read as a big-endian 128-bit number, and the x^128 that falls off the right end
 * comes back as R = 11100001 || 0^120 on the left.
 *
 * A block is 32 nibbles; nibble k holds the coefficients of x^4k .. x^4k+3 with the
 * nibble's top bit on x^4k.  X * H is then the sum over k of x^4k * (n_k * H), which
 * Horner's rule evaluates from the last nibble as Z = Z * x^4 + m[n_k], with m[n] =
 * n * H precomputed for the 16 nibble values.  Z * x^4 shifts right by four; the four
 * bits shifted out come back as a multiple of R no wider than 16 bits, looked up in
 * red[].  That is 32 steps of two lookups per block, which is what the GHASH of an
 * OpenSSL built without assembly, or before PCLMUL, costs.
 */
#include "kernels/generic/generic.h"

/* A 128-bit field element as two big-endian halves: hi holds bytes 0..7. */
typedef struct gf128 {
    uint64_t hi, lo;
} gf128;

/* ghash_table: m[n] = n * H for every nibble value n (the nibble's top bit on x^0). */
typedef struct ghash_table {
    gf128 m[16];
} ghash_table;

/* red[r]: what the four bits r shifted out of a right shift by four come back as,
 * placed in the top 16 bits.  Bit 3 of r was on x^124 and becomes x^128 = R; bits 2,
 * 1, 0 were on x^125..x^127 and become R shifted right by 1, 2, 3. */
#define RED(r) ((((r) >> 3 & 1) * 0xe100) ^ (((r) >> 2 & 1) * (0xe100 >> 1)) ^ \
                (((r) >> 1 & 1) * (0xe100 >> 2)) ^ (((r) & 1) * (0xe100 >> 3)))
static const uint16_t red[16] = {
    RED(0), RED(1), RED(2),  RED(3),  RED(4),  RED(5),  RED(6),  RED(7),
    RED(8), RED(9), RED(10), RED(11), RED(12), RED(13), RED(14), RED(15),
};

/* load_be64 and store_be64 move half a block, most significant byte first. */
static inline uint64_t load_be64(const uint8_t *p)
{
    /* Written out so that compilers see one byte-swapping load. */
    return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
           (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
           (uint64_t)p[6] << 8 | p[7];
}

static inline void store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

/* times_x multiplies by x: a right shift, with R folded in when x^127 falls off. */
static gf128 times_x(gf128 v)
{
    uint64_t carry = v.lo & 1;
    gf128 r = {v.hi >> 1, v.lo >> 1 | v.hi << 63};
    r.hi ^= (0 - carry) & UINT64_C(0xe100000000000000);
    return r;
}

/* ghash_generic_init fills m[] from H: the single-bit nibbles 8, 4, 2, 1 are H, Hx,
 * Hx^2, Hx^3 and every other entry is the sum of those its bits name. */
static void ghash_generic_init(void *tablep, const uint8_t h[16])
{
    ghash_table *t = tablep;
    t->m[0] = (gf128){0, 0};
    t->m[8] = (gf128){load_be64(h), load_be64(h + 8)};
    t->m[4] = times_x(t->m[8]);
    t->m[2] = times_x(t->m[4]);
    t->m[1] = times_x(t->m[2]);
    for (unsigned bit = 2; bit < 16; bit <<= 1) {
        for (unsigned low = 1; low < bit; low++) {
            t->m[bit + low].hi = t->m[bit].hi ^ t->m[low].hi;
            t->m[bit + low].lo = t->m[bit].lo ^ t->m[low].lo;
        }
    }
}

/*
 * mul_word runs eight Horner steps Z = Z * x^4 + m[n] over the nibbles of w, lowest
 * first.  The reduction terms land in the top 16 bits of hi and need twelve steps to
 * reach its low nibble, the only part of hi that flows into lo; so within eight steps
 * they can be summed in ra on the side and folded in afterwards.  That takes the red[]
 * lookup, which waits for lo, off the path from one step to the next, which then costs
 * a few instructions, not a load.
 */
static inline void mul_word(const gf128 *m, uint64_t *hi, uint64_t *lo, uint32_t w)
{
    uint64_t h = *hi, l = *lo, ra = 0;
    for (int i = 0; i < 8; i++, w >>= 4) {
        const gf128 *e = &m[w & 0xf];
        unsigned r = (unsigned)l & 0xf;
        l = (l >> 4) ^ (h << 60) ^ e->lo;
        h = (h >> 4) ^ e->hi;
        ra = (ra >> 4) ^ (uint64_t)red[r] << 48;
    }
    *hi = h ^ ra;
    *lo = l;
}

/* ghash_generic_blocks folds each block into xi and multiplies by H, keeping xi in
 * two registers across blocks.  Horner's rule starts from Z = 0 at the last nibble
 * (x^124..x^127: the low nibble of byte 15) and ends at the first. */
static void ghash_generic_blocks(const void *tablep, uint8_t xi[16], const uint8_t *in,
                                 size_t nblocks)
{
    const gf128 *m = ((const ghash_table *)tablep)->m;
    uint64_t xhi = load_be64(xi), xlo = load_be64(xi + 8);
    for (; nblocks; nblocks--, in += 16) {
        xhi ^= load_be64(in);
        xlo ^= load_be64(in + 8);
        uint64_t zhi = 0, zlo = 0;
        mul_word(m, &zhi, &zlo, (uint32_t)xlo);
        mul_word(m, &zhi, &zlo, (uint32_t)(xlo >> 32));
        mul_word(m, &zhi, &zlo, (uint32_t)xhi);
        mul_word(m, &zhi, &zlo, (uint32_t)(xhi >> 32));
        xhi = zhi;
        xlo = zlo;
    }
    store_be64(xi, xhi);
    store_be64(xi + 8, xlo);
}

const cb_ghash_ops cb_ghash_generic_ops = {
    .table_size = sizeof(ghash_table),
    .init = ghash_generic_init,
    .blocks = ghash_generic_blocks,
};
