/*
 * kernels/armv4/poly1305_neon_key.c - the per-message ends of the NEON Poly1305
 * (poly1305_neon.S): init builds the multiplier tables from r, emit turns the
 * accumulator into the tag.  Once per message each, so portable C, where the
 * layout (kernels/armv4/poly1305_neon.h) is easier to check than in assembly.
 */
#include <stddef.h>

#include "kernels/armv4/armv4.h"
#include "kernels/armv4/poly1305_neon.h"
#include "kernels/generic/endian.h"

#define M26 0x3ffffffu

typedef struct poly_neon {
    uint32_t tab[3][18]; /* (lane 0, lane 1) of R0..R4, S1..S4; see poly1305_neon.h */
    uint32_t h[5];       /* h0, h2, h1, h3, h4 */
    uint32_t pad[4];
} poly_neon;

_Static_assert(offsetof(poly_neon, tab[1]) == POLY1305_NEON_TAB_PAIR, "table offset");
_Static_assert(offsetof(poly_neon, tab[2]) == POLY1305_NEON_TAB_LAST, "table offset");
_Static_assert(sizeof ((poly_neon *)0)->tab[0] == POLY1305_NEON_TAB_BYTES, "table size");
_Static_assert(offsetof(poly_neon, h) == POLY1305_NEON_H, "h offset");
_Static_assert(offsetof(poly_neon, pad) == POLY1305_NEON_PAD, "pad offset");
_Static_assert(sizeof(poly_neon) == POLY1305_NEON_STATE_SIZE, "state size");

/* square_r26 sets out = a^2 mod 2^130 - 5, limbs carried to below 2^26 but out[1]
 * (below 2^26 + 2^6): the schoolbook product with the high columns folded times 5. */
static void square_r26(uint32_t out[5], const uint32_t a[5])
{
    uint64_t d[5] = {0};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            uint64_t p = (uint64_t)a[i] * a[j];
            if (i + j < 5)
                d[i + j] += p;
            else
                d[i + j - 5] += 5 * p;
        }
    for (int i = 0; i < 4; i++) {
        d[i + 1] += d[i] >> 26;
        d[i] &= M26;
    }
    d[0] += 5 * (d[4] >> 26);
    d[4] &= M26;
    d[1] += d[0] >> 26;
    d[0] &= M26;
    for (int i = 0; i < 5; i++)
        out[i] = (uint32_t)d[i];
}

/* put_table writes one table: lane 0 multiplies by x, lane 1 by y. */
static void put_table(uint32_t t[18], const uint32_t x[5], const uint32_t y[5])
{
    for (int i = 0; i < 5; i++)
        t[2 * i] = x[i], t[2 * i + 1] = y[i];
    for (int i = 1; i < 5; i++)
        t[8 + 2 * i] = 5 * x[i], t[8 + 2 * i + 1] = 5 * y[i];
}

void poly1305_armv4_neon_init(void *vst, const uint8_t key[32])
{
    poly_neon *st = vst;
    uint32_t r[5], r2[5];
    static const uint32_t zero[5];
    /* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439 2.5.1), in 26-bit limbs */
    r[0] = cb_load_le32(key + 0) & M26;
    r[1] = (cb_load_le32(key + 3) >> 2) & 0x3ffff03;
    r[2] = (cb_load_le32(key + 6) >> 4) & 0x3ffc0ff;
    r[3] = (cb_load_le32(key + 9) >> 6) & 0x3f03fff;
    r[4] = (cb_load_le32(key + 12) >> 8) & 0x00fffff;
    square_r26(r2, r);
    put_table(st->tab[0], r, zero);
    put_table(st->tab[1], r2, r2);
    put_table(st->tab[2], r2, r);
    for (int i = 0; i < 5; i++)
        st->h[i] = 0;
    for (int i = 0; i < 4; i++)
        st->pad[i] = cb_load_le32(key + 16 + 4 * i);
    cb_wipe(r, sizeof r);
    cb_wipe(r2, sizeof r2);
}

void poly1305_armv4_neon_emit(void *vst, uint8_t tag[16])
{
    poly_neon *st = vst;
    /* h as five 32-bit words: the limbs may exceed 26 bits, so they are added at
     * their bit positions (0, 26, 52, 78, 104) rather than or-ed together */
    uint64_t t = (uint64_t)st->h[0] + ((uint64_t)st->h[2] << 26);
    uint32_t w[5];
    w[0] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)st->h[1] << 20);
    w[1] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)st->h[3] << 14);
    w[2] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)st->h[4] << 8);
    w[3] = (uint32_t)t;
    w[4] = (uint32_t)(t >> 32);

    /* fold the bits from 2^130 up back in times 5: h is then below 2^130 + 2^6 < 2p */
    t = (uint64_t)(w[4] >> 2) * 5;
    w[4] &= 3;
    for (int i = 0; i < 4; i++) {
        t += w[i];
        w[i] = (uint32_t)t;
        t >>= 32;
    }
    w[4] += (uint32_t)t;

    /* g = h + 5: bit 130 of g is set exactly when h >= p, and then h - p = g - 2^130 */
    uint32_t g[4];
    t = 5;
    for (int i = 0; i < 4; i++) {
        t += w[i];
        g[i] = (uint32_t)t;
        t >>= 32;
    }
    uint32_t use_g = 0 - ((w[4] + (uint32_t)t) >> 2);
    t = 0;
    for (int i = 0; i < 4; i++) {
        t += (uint64_t)((w[i] & ~use_g) | (g[i] & use_g)) + st->pad[i];
        cb_store_le32(tag + 4 * i, (uint32_t)t);
        t >>= 32;
    }
    cb_wipe(st, sizeof *st);
}
