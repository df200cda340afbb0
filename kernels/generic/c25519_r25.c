/*
 * kernels/generic/c25519_r25.c - GF(2^255 - 19) in radix 2^25.5 (ten signed 32-bit
 * limbs of alternately 26 and 25 bits, products in 64 bits) and X25519 over it
 * (kernels/generic/c25519_ladder.h): what a target without a 64x64->128 multiply
 * wants (armhf), and built everywhere so that 64-bit hosts test it too.
 *
 * Limb i weighs 2^ceil(25.5 i).  A product of limbs i and j lands at limb i + j,
 * doubled when both are odd (their weights are half a bit short of a whole), and
 * times 19 when i + j >= 10 (2^255 = 19 mod p).  Limbs stay below 2^27 in magnitude
 * between operations, so a product (doubled) is below 2^55, nine of them times 19
 * stay below 2^62.5, and a column sum below 2^63.
 * Carries use >> on negative int64_t, which GCC and Clang define as arithmetic.
 */
#include "kernels/generic/generic.h"

#include <stdint.h>

/* FE_BYTES: the encoding's bytes (kernels/generic/curve_common.h). */
#define FE_BYTES 32
typedef int32_t fe_limb;

typedef struct fe {
    fe_limb v[10];
} fe;

/* width is the number of bits of limb i: 26 for even i, 25 for odd. */
static unsigned width(int i)
{
    return i & 1 ? 25 : 26;
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    unsigned pos = 0;
    for (int i = 0; i < 10; i++) {
        uint64_t x = 0;
        for (unsigned k = 0; k < 5 && pos / 8 + k < 32; k++)
            x |= (uint64_t)s[pos / 8 + k] << (8 * k);
        /* limb 9 ends at bit 254: bit 255 is dropped (RFC 7748 5) */
        h->v[i] = (int32_t)((x >> (pos % 8)) & ((UINT64_C(1) << width(i)) - 1));
        pos += width(i);
    }
}

static void fe_set(fe *h, int32_t v)
{
    h->v[0] = v;
    for (int i = 1; i < 10; i++)
        h->v[i] = 0;
}

/* carry_pass brings limbs 0..9 into [0, 2^width) with floor carries, folding the
 * carry out of limb 9 into limb 0 as 19 times it. */
static void carry_pass(int64_t h[10])
{
    for (int i = 0; i < 10; i++) {
        int64_t c = h[i] >> width(i);
        h[i] -= c * ((int64_t)1 << width(i));
        if (i < 9)
            h[i + 1] += c;
        else
            h[0] += 19 * c;
    }
}

/* fe_carry_wide stores the 64-bit column sums h carried into limbs of f. */
static void fe_carry_wide(fe *f, int64_t h[10])
{
    carry_pass(h);
    int64_t c = h[0] >> 26; /* the fold may have pushed limb 0 past 26 bits */
    h[0] -= c * ((int64_t)1 << 26);
    h[1] += c;
    for (int i = 0; i < 10; i++)
        f->v[i] = (int32_t)h[i];
}

/* fe_carry brings h's limbs back to their widths (limb 1 a little over). */
static void fe_carry(fe *h)
{
    int64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = h->v[i];
    fe_carry_wide(h, t);
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    int64_t h[10];
    for (int i = 0; i < 10; i++)
        h[i] = f->v[i];
    carry_pass(h);
    /* the value may be slightly negative now: + p makes it positive, below 2p */
    h[0] += (1 << 26) - 19;
    for (int i = 1; i < 10; i++)
        h[i] += ((int64_t)1 << width(i)) - 1;
    carry_pass(h);
    carry_pass(h);
    /* subtract p when h >= p: h + 19 reaches 2^255 then */
    int64_t q = (h[0] + 19) >> 26;
    for (int i = 1; i < 10; i++)
        q = (h[i] + q) >> width(i);
    h[0] += 19 * q;
    for (int i = 0; i < 9; i++) {
        int64_t c = h[i] >> width(i);
        h[i] -= c * ((int64_t)1 << width(i));
        h[i + 1] += c;
    }
    h[9] &= (1 << 25) - 1;
    uint64_t acc = 0;
    unsigned nbits = 0, n = 0;
    for (int i = 0; i < 10; i++) {
        acc |= (uint64_t)h[i] << nbits;
        nbits += width(i);
        while (nbits >= 8) {
            s[n++] = (uint8_t)acc;
            acc >>= 8;
            nbits -= 8;
        }
    }
    s[n] = (uint8_t)acc; /* the last 7 bits */
}

static void fe_add(fe *h, const fe *f, const fe *g)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = f->v[i] + g->v[i];
}

static void fe_sub(fe *h, const fe *f, const fe *g)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = f->v[i] - g->v[i];
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    /* every product is 32x32->64 (one smull on 32-bit ARM): the products that wrap
     * past 2^255 are summed apart and multiplied by 19 once, at the end */
    int64_t lo[10] = {0}, hi[10] = {0};
    for (int i = 0; i < 10; i++) {
        int32_t fev = f->v[i], fo = i & 1 ? 2 * f->v[i] : f->v[i]; /* fo for odd j */
        for (int j = 0; j < 10 - i; j++)
            lo[i + j] += (int64_t)(j & 1 ? fo : fev) * g->v[j];
        for (int j = 10 - i; j < 10; j++)
            hi[i + j - 10] += (int64_t)(j & 1 ? fo : fev) * g->v[j];
    }
    for (int k = 0; k < 10; k++)
        lo[k] += 19 * hi[k];
    fe_carry_wide(h, lo);
}

static void fe_sq(fe *h, const fe *f)
{
    fe_mul(h, f, f);
}

static void fe_mul_a24(fe *h, const fe *f)
{
    int64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = (int64_t)f->v[i] * 121665;
    fe_carry_wide(h, t);
}

static void fe_cswap(fe *f, fe *g, unsigned b)
{
    int32_t mask = -(int32_t)b;
    for (int i = 0; i < 10; i++) {
        int32_t x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#include "kernels/generic/c25519_ladder.h"
#include "kernels/generic/c25519_edwards.h"

const cb_c25519_ops cb_c25519_r25_ops = {x25519_ladder, sizeof(ed_ctx), ed_init, ed_base,
                                         ed_check};
