/*
 * kernels/generic/bytes.h - big-endian word loads and stores and a 32-bit rotation for
 * the portable block ciphers, written byte by byte so the code does not depend on
 * the host's byte order.
 */
#ifndef CB_GENERIC_BYTES_H
#define CB_GENERIC_BYTES_H

#include <stdint.h>

static inline uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

static inline uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* load_block16 and store_block16 move a 16-byte block as four big-endian words; they
 * are always inlined so a mode loop keeps its chaining value in registers. */
static inline __attribute__((always_inline)) void load_block16(uint32_t w[4],
                                                               const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        w[i] = load_be32(p + 4 * i);
}

static inline __attribute__((always_inline)) void store_block16(uint8_t *p,
                                                                const uint32_t w[4])
{
    for (int i = 0; i < 4; i++)
        store_be32(p + 4 * i, w[i]);
}

#endif
