/*
 * kernels/generic/poly1305_r26.c - Poly1305 (RFC 8439 2.5) with the accumulator in
 * five 26-bit limbs: the radix a 32-bit target wants, every product of two limbs
 * and its sum of five fitting one 32x32->64 multiply-accumulate chain.
 *
 * h = (h + m) * r mod 2^130 - 5.  With r and h in radix 2^26, a product limb
 * h_i r_j lands in limb i + j; limbs 5..8 wrap to 0..3 times 5 (2^130 = 5 mod p), so
 * the multiplier table holds s_j = 5 r_j.  Clamping leaves r_j < 2^26 and h_i below
 * 2^27 after a partial carry, so each of the five column sums stays below
 * 5 * 2^26 * 5 * 2^27 < 2^64.  The final carry and conditional subtraction of p
 * are branch-free; the time depends only on the length.
 */
#include <string.h>

#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

typedef struct poly_r26 {
    uint32_t r[5], s5[5]; /* r in radix 2^26, and 5 r */
    uint32_t h[5];        /* the accumulator, partially carried */
    uint32_t pad[4];      /* s, the key's second half */
} poly_r26;

static void r26_init(void *vst, const uint8_t key[32])
{
    poly_r26 *st = vst;
    /* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (2.5.1), split into 26-bit limbs */
    st->r[0] = cb_load_le32(key + 0) & 0x3ffffff;
    st->r[1] = (cb_load_le32(key + 3) >> 2) & 0x3ffff03;
    st->r[2] = (cb_load_le32(key + 6) >> 4) & 0x3ffc0ff;
    st->r[3] = (cb_load_le32(key + 9) >> 6) & 0x3f03fff;
    st->r[4] = (cb_load_le32(key + 12) >> 8) & 0x00fffff;
    for (int i = 0; i < 5; i++) {
        st->s5[i] = st->r[i] * 5;
        st->h[i] = 0;
    }
    for (int i = 0; i < 4; i++)
        st->pad[i] = cb_load_le32(key + 16 + 4 * i);
}

static void r26_blocks(void *vst, const uint8_t *in, size_t len, unsigned padbit)
{
    poly_r26 *st = vst;
    const uint32_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2], r3 = st->r[3], r4 = st->r[4];
    const uint32_t s1 = st->s5[1], s2 = st->s5[2], s3 = st->s5[3], s4 = st->s5[4];
    const uint32_t hibit = padbit ? 1u << 24 : 0; /* 2^128 is bit 24 of limb 4 */
    uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];
    for (; len >= 16; len -= 16, in += 16) {
        h0 += cb_load_le32(in + 0) & 0x3ffffff;
        h1 += (cb_load_le32(in + 3) >> 2) & 0x3ffffff;
        h2 += (cb_load_le32(in + 6) >> 4) & 0x3ffffff;
        h3 += (cb_load_le32(in + 9) >> 6) & 0x3ffffff;
        h4 += (cb_load_le32(in + 12) >> 8) | hibit;

        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
                      (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
                      (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
                      (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
                      (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
                      (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

        /* one pass of carries: every limb below 2^26 but h1, below 2^27 */
        uint32_t c;
        c = (uint32_t)(d0 >> 26), h0 = (uint32_t)d0 & 0x3ffffff;
        d1 += c, c = (uint32_t)(d1 >> 26), h1 = (uint32_t)d1 & 0x3ffffff;
        d2 += c, c = (uint32_t)(d2 >> 26), h2 = (uint32_t)d2 & 0x3ffffff;
        d3 += c, c = (uint32_t)(d3 >> 26), h3 = (uint32_t)d3 & 0x3ffffff;
        d4 += c, c = (uint32_t)(d4 >> 26), h4 = (uint32_t)d4 & 0x3ffffff;
        h0 += c * 5, c = h0 >> 26, h0 &= 0x3ffffff;
        h1 += c;
    }
    st->h[0] = h0, st->h[1] = h1, st->h[2] = h2, st->h[3] = h3, st->h[4] = h4;
}

static void r26_emit(void *vst, uint8_t tag[16])
{
    poly_r26 *st = vst;
    uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4], c;
    /* full carry: h < 2^130 + small */
    c = h1 >> 26, h1 &= 0x3ffffff;
    h2 += c, c = h2 >> 26, h2 &= 0x3ffffff;
    h3 += c, c = h3 >> 26, h3 &= 0x3ffffff;
    h4 += c, c = h4 >> 26, h4 &= 0x3ffffff;
    h0 += c * 5, c = h0 >> 26, h0 &= 0x3ffffff;
    h1 += c;

    /* g = h + 5 - 2^130: take g when it does not borrow, that is when h >= p */
    uint32_t g0 = h0 + 5, g1, g2, g3, g4;
    c = g0 >> 26, g0 &= 0x3ffffff;
    g1 = h1 + c, c = g1 >> 26, g1 &= 0x3ffffff;
    g2 = h2 + c, c = g2 >> 26, g2 &= 0x3ffffff;
    g3 = h3 + c, c = g3 >> 26, g3 &= 0x3ffffff;
    g4 = h4 + c - (1u << 26);
    uint32_t use_g = (g4 >> 31) - 1; /* all ones when g4 did not go negative */
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    h2 = (h2 & ~use_g) | (g2 & use_g);
    h3 = (h3 & ~use_g) | (g3 & use_g);
    h4 = (h4 & ~use_g) | (g4 & use_g);

    /* h mod 2^128 as four 32-bit words, plus s */
    uint32_t w0 = h0 | h1 << 26, w1 = h1 >> 6 | h2 << 20, w2 = h2 >> 12 | h3 << 14,
             w3 = h3 >> 18 | h4 << 8;
    uint64_t f = (uint64_t)w0 + st->pad[0];
    cb_store_le32(tag + 0, (uint32_t)f);
    f = (uint64_t)w1 + st->pad[1] + (f >> 32);
    cb_store_le32(tag + 4, (uint32_t)f);
    f = (uint64_t)w2 + st->pad[2] + (f >> 32);
    cb_store_le32(tag + 8, (uint32_t)f);
    f = (uint64_t)w3 + st->pad[3] + (f >> 32);
    cb_store_le32(tag + 12, (uint32_t)f);
    cb_wipe(st, sizeof *st);
}

const cb_poly1305_ops cb_poly1305_r26_ops = {sizeof(poly_r26), r26_init, r26_blocks, r26_emit};
