/*
 * kernels/x86_64/compact.h - a table for packing the lanes a mask selects.
 */
#ifndef CB_X86_64_COMPACT_H
#define CB_X86_64_COMPACT_H

#include <stdint.h>

/* cb_x86_compact_idx[m] lists the positions of m's set bits, lowest first, one per
 * byte (zero bytes after them): widened to a shuffle control (pshufb for 16-bit
 * lanes, vpermd for 32-bit ones) it moves the lanes to keep of 8 candidates whose
 * "accepted" bits are m to the front.  It is indexed by m, so m must be public. */
extern const uint64_t cb_x86_compact_idx[256];

/* cb_x86_popcount8 counts the bits of m < 256, how many lanes the table keeps (no
 * POPCNT: the rows that use it need AVX2 alone). */
static inline unsigned cb_x86_popcount8(unsigned m)
{
    m = m - ((m >> 1) & 0x55);
    m = (m & 0x33) + ((m >> 2) & 0x33);
    return (m + (m >> 4)) & 0x0f;
}

#endif
