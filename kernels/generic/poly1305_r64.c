/*
 * kernels/generic/poly1305_r64.c - Poly1305 (RFC 8439 2.5) with the accumulator in
 * two 64-bit words and a few bits above them: the radix a 64-bit target with a
 * 64x64->128 multiplier wants (four multiplies a block where radix 2^26 needs 25).
 *
 * h = h0 + h1 2^64 + h2 2^128 (h2 < 8), r = r0 + r1 2^64 clamped, so r0 and r1 are
 * multiples of 4 below 2^60 (2.5.1).  In h r the product h1 r1 2^128 wraps to
 * h1 (5 r1 / 4) 2^0 exactly because r1 is a multiple of 4 (2^130 = 5 mod p), so
 * the multiplier table holds s1 = r1 + r1 / 4.  Carries are branch-free; the time
 * depends only on the length.  Only built where the compiler has __int128.
 */
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

#ifdef __SIZEOF_INT128__

typedef unsigned __int128 u128;

typedef cb_poly1305_r64 poly_r64; /* kernels/generic/generic.h */

static uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)cb_load_le32(p) | (uint64_t)cb_load_le32(p + 4) << 32;
}

static void store_le64(uint8_t *p, uint64_t v)
{
    cb_store_le32(p, (uint32_t)v);
    cb_store_le32(p + 4, (uint32_t)(v >> 32));
}

void cb_poly1305_r64_init(void *vst, const uint8_t key[32])
{
    poly_r64 *st = vst;
    st->r0 = load_le64(key) & 0x0ffffffc0fffffffULL;
    st->r1 = load_le64(key + 8) & 0x0ffffffc0ffffffcULL;
    st->s1 = st->r1 + (st->r1 >> 2);
    st->h0 = st->h1 = st->h2 = 0;
    st->pad0 = load_le64(key + 16);
    st->pad1 = load_le64(key + 24);
}

void cb_poly1305_r64_blocks(void *vst, const uint8_t *in, size_t len, unsigned padbit)
{
    poly_r64 *st = vst;
    const uint64_t r0 = st->r0, r1 = st->r1, s1 = st->s1;
    uint64_t h0 = st->h0, h1 = st->h1, h2 = st->h2;
    for (; len >= 16; len -= 16, in += 16) {
        u128 t = (u128)h0 + load_le64(in);
        h0 = (uint64_t)t;
        t = (u128)h1 + load_le64(in + 8) + (uint64_t)(t >> 64);
        h1 = (uint64_t)t;
        h2 += (uint64_t)(t >> 64) + (padbit & 1);

        /* d = h r with the 2^128 terms folded down: h2 r0 and h2 r1 stay small
         * because h2 < 8 */
        u128 d0 = (u128)h0 * r0 + (u128)h1 * s1;
        u128 d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)(h2 * s1);
        uint64_t d2 = h2 * r0;

        d1 += (uint64_t)(d0 >> 64);
        d2 += (uint64_t)(d1 >> 64);
        h0 = (uint64_t)d0;
        h1 = (uint64_t)d1;
        /* bits 130 and up of d2 2^128 wrap around times 5: (d2 >> 2) * 5 */
        uint64_t c = (d2 >> 2) + (d2 & ~(uint64_t)3);
        h2 = d2 & 3;
        t = (u128)h0 + c;
        h0 = (uint64_t)t;
        t = (u128)h1 + (uint64_t)(t >> 64);
        h1 = (uint64_t)t;
        h2 += (uint64_t)(t >> 64);
    }
    st->h0 = h0, st->h1 = h1, st->h2 = h2;
}

void cb_poly1305_r64_emit(void *vst, uint8_t tag[16])
{
    poly_r64 *st = vst;
    uint64_t h0 = st->h0, h1 = st->h1, h2 = st->h2;
    /* g = h + 5; h >= p exactly when g reaches 2^130 */
    u128 t = (u128)h0 + 5;
    uint64_t g0 = (uint64_t)t;
    t = (u128)h1 + (uint64_t)(t >> 64);
    uint64_t g1 = (uint64_t)t;
    uint64_t g2 = h2 + (uint64_t)(t >> 64);
    uint64_t use_g = 0 - (g2 >> 2); /* all ones when g >= 2^130 */
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);

    t = (u128)h0 + st->pad0;
    store_le64(tag, (uint64_t)t);
    store_le64(tag + 8, h1 + st->pad1 + (uint64_t)(t >> 64));
    cb_wipe(st, sizeof *st);
}

const cb_poly1305_ops cb_poly1305_r64_ops = {sizeof(poly_r64), cb_poly1305_r64_init,
                                             cb_poly1305_r64_blocks, cb_poly1305_r64_emit};

#endif
