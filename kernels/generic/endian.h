/*
 * kernels/generic/endian.h - byte-order-neutral loads and stores for the portable
 * kernels: the bytes are assembled by hand, so the code does not depend on the host's
 * byte order (compilers turn these into one load, with a byte swap where needed).
 */
#ifndef CB_GENERIC_ENDIAN_H
#define CB_GENERIC_ENDIAN_H

#include <stdint.h>

static inline uint32_t cb_load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void cb_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint32_t cb_load_le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static inline void cb_store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* cb_rotl32 rotates x left by n, 0 < n < 32. */
static inline uint32_t cb_rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

/* cb_load_block16 and cb_store_block16 move a 16-byte block as four big-endian words
 * (always inlined: the ciphers call them once a block). */
static inline __attribute__((always_inline)) void cb_load_block16(uint32_t w[4],
                                                                  const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        w[i] = cb_load_be32(p + 4 * i);
}

static inline __attribute__((always_inline)) void cb_store_block16(uint8_t *p,
                                                                   const uint32_t w[4])
{
    for (int i = 0; i < 4; i++)
        cb_store_be32(p + 4 * i, w[i]);
}

#endif
