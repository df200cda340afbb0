/*
 * kernels/armv8/ghash_neon_table.c - the table of the NEON GHASH (variant neon): H' = H*x^-1
 * (see ghash_macros.h for the representation) cut into bytes and shifted, so that
 * ghash_neon.S can build a 64x64 carry-less product from 8-bit PMULLs.
 *
 * An 8-bit PMULL multiplies lane k of one operand by lane k of the other into a 16-bit
 * lane at byte 2k.  Against the table entry for shift s, whose lane k holds byte k+s of
 * an H' half (zero outside 0..7), lane k yields a_k*h_(k+s), which belongs at byte
 * k + (k+s) = 2k + s of the product: the whole 128-bit result shifted by s bytes.
 * Fifteen entries, s = -7..7, cover every pair of bytes once.
 *
 * Entry layout (32 bytes, in the order s = 0, 1, -1, 2, -2, ..., 7, -7):
 *   bytes 0..7   the high half of H' (multiplied with the data's high half, which
 *                LD1+REV64 puts in the low half of the register)
 *   bytes 8..15  the low half of H'
 *   bytes 16..23 high ^ low, for Karatsuba's middle product; 24..31 zero
 */
#include <string.h>

#include "kernels/armv8/armv8.h"

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* shifted writes byte k+s of v into lane k, zero where k+s is outside 0..7. */
static void shifted(uint8_t out[8], uint64_t v, int s)
{
    for (int k = 0; k < 8; k++) {
        int j = k + s;
        out[k] = j >= 0 && j < 8 ? (uint8_t)(v >> (8 * j)) : 0;
    }
}

void ghash_neon_init(void *table, const uint8_t h[16])
{
    uint64_t hi = be64(h), lo = be64(h + 8);
    /* times x^-1: shift the reflected value left, folding bit 127 back in as
     * x^127 + x^6 + x + 1 */
    uint64_t carry = 0 - (hi >> 63);
    hi = (hi << 1 | lo >> 63) ^ (carry & UINT64_C(0xc200000000000000));
    lo = (lo << 1) ^ (carry & 1);

    uint8_t *t = table;
    memset(t, 0, GHASH_NEON_TABLE_SIZE);
    for (int e = 0; e < 15; e++) {
        int s = (e + 1) / 2 * (e % 2 ? 1 : -1);
        shifted(t + 32 * e, hi, s);
        shifted(t + 32 * e + 8, lo, s);
        shifted(t + 32 * e + 16, hi ^ lo, s);
    }
}
