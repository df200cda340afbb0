/*
 * kernels/generic/c448_r28.c - GF(2^448 - 2^224 - 1) in radix 2^28 (sixteen 32-bit
 * limbs, products in uint64_t), with X448 (kernels/generic/c448_ladder.h) and the
 * Ed448 group (c448_edwards.h) over it: what a 32-bit target wants; a 64-bit host
 * registers it too, as "radix28", so it is tested there.
 *
 * Reduction: 2^448 = 2^224 + 1 mod p, so the product's limb 16 + j folds into limbs
 * j and j + 8.
 *
 * Limb bounds: fe_mul and fe_sq leave every limb below 2^28 + 2^10 ("carried");
 * fe_add of two carried values stays below 2^29 + 2^11, fe_sub adds 2p first and
 * subtracts a carried value, below 1.5 2^29 + 2^10.  Sixteen products of limbs below
 * 2^29.6 sum below 2^63.2, so a column fits 64 bits; the columns are carried to 28
 * bits before they are folded.
 */
#include "kernels/generic/generic.h"

#include <stdint.h>

/* FE_LIMBS, FE_BYTES: the representation's limbs, the encoding's bytes. */
#define FE_LIMBS 16
#define FE_BYTES 56

typedef struct fe {
    uint32_t v[FE_LIMBS];
} fe;

#define MASK28 ((UINT32_C(1) << 28) - 1)

static uint32_t load32_le(const uint8_t *s)
{
    return (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
}

static void fe_frombytes(fe *h, const uint8_t s[FE_BYTES])
{
    /* two limbs per 7 bytes: bits 0 .. 27 and 28 .. 55 of bytes 7 m .. 7 m + 6 */
    for (int m = 0; m < FE_LIMBS / 2; m++) {
        h->v[2 * m] = load32_le(s + 7 * m) & MASK28;
        h->v[2 * m + 1] = load32_le(s + 7 * m + 3) >> 4;
    }
}

static void fe_set(fe *h, uint32_t v)
{
    h->v[0] = v;
    for (int i = 1; i < FE_LIMBS; i++)
        h->v[i] = 0;
}

/* fe_carry brings every limb below 2^28 + 2^5, folding the top carry back into
 * limbs 0 and 8 (2^448 = 2^224 + 1). */
static void fe_carry(fe *h)
{
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        h->v[i + 1] += h->v[i] >> 28;
        h->v[i] &= MASK28;
    }
    uint32_t top = h->v[15] >> 28;
    h->v[15] &= MASK28;
    h->v[0] += top;
    h->v[8] += top;
}

static void fe_tobytes(uint8_t s[FE_BYTES], const fe *f)
{
    fe h = *f;
    fe_carry(&h);
    fe_carry(&h);
    fe_carry(&h); /* now h < 2^448 + 2^225 with 28-bit limbs but for a carry of 1 */
    /* subtract p when h >= p: h + 2^224 + 1 reaches 2^448 exactly then */
    uint32_t q = (h.v[0] + 1) >> 28;
    for (int i = 1; i < FE_LIMBS; i++)
        q = (h.v[i] + q + (i == 8)) >> 28;
    h.v[0] += q;
    h.v[8] += q;
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        h.v[i + 1] += h.v[i] >> 28;
        h.v[i] &= MASK28;
    }
    h.v[15] &= MASK28;
    for (int m = 0; m < FE_LIMBS / 2; m++) {
        uint64_t w = (uint64_t)h.v[2 * m] | (uint64_t)h.v[2 * m + 1] << 28;
        for (int j = 0; j < 7; j++)
            s[7 * m + j] = (uint8_t)(w >> (8 * j));
    }
}

static void fe_add(fe *h, const fe *f, const fe *g)
{
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = f->v[i] + g->v[i];
}

static void fe_sub(fe *h, const fe *f, const fe *g)
{
    /* + 2p limb by limb: 2 (2^28 - 1), and 2 (2^28 - 2) in limb 8 */
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = f->v[i] + 2 * (MASK28 - (i == 8)) - g->v[i];
}

/* fe_reduce_wide reduces the 31 64-bit columns c (column k at 2^(28 k)) into h:
 * carried to 28 bits (a 32nd column takes the last carry), columns 31 .. 16 folded
 * into k - 16 and k - 8, then carried again with the top carry into limbs 0 and 8. */
static void fe_reduce_wide(fe *h, uint64_t c[32])
{
    c[31] = 0;
    for (int k = 0; k < 31; k++) {
        c[k + 1] += c[k] >> 28;
        c[k] &= MASK28;
    }
    for (int k = 31; k >= 16; k--) {
        c[k - 16] += c[k];
        c[k - 8] += c[k];
    }
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        c[i + 1] += c[i] >> 28;
        c[i] &= MASK28;
    }
    uint64_t top = c[15] >> 28;
    c[15] &= MASK28;
    c[0] += top;
    c[8] += top;
    c[1] += c[0] >> 28;
    c[0] &= MASK28;
    c[9] += c[8] >> 28;
    c[8] &= MASK28;
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = (uint32_t)c[i];
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    const uint32_t *a = f->v, *b = g->v;
    uint64_t c[32] = {0};
    for (int i = 0; i < FE_LIMBS; i++)
        for (int j = 0; j < FE_LIMBS; j++)
            c[i + j] += (uint64_t)a[i] * b[j];
    fe_reduce_wide(h, c);
}

static void fe_sq(fe *h, const fe *f)
{
    const uint32_t *a = f->v;
    uint64_t c[32] = {0};
    /* the cross products appear twice: doubled once */
    for (int i = 0; i < FE_LIMBS; i++) {
        c[2 * i] += (uint64_t)a[i] * a[i];
        uint64_t d = 2 * (uint64_t)a[i];
        for (int j = i + 1; j < FE_LIMBS; j++)
            c[i + j] += d * a[j];
    }
    fe_reduce_wide(h, c);
}

/* fe_mul_small sets h = n f for n below 2^20. */
static void fe_mul_small(fe *h, const fe *f, uint32_t n)
{
    uint64_t c[32] = {0};
    for (int i = 0; i < FE_LIMBS; i++)
        c[i] = (uint64_t)f->v[i] * n;
    fe_reduce_wide(h, c);
}

static void fe_cswap(fe *f, fe *g, unsigned b)
{
    uint32_t mask = 0 - (uint32_t)b;
    for (int i = 0; i < FE_LIMBS; i++) {
        uint32_t x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#include "kernels/generic/c448_ladder.h"
#include "kernels/generic/c448_edwards.h"

const cb_c448_ops cb_c448_r28_ops = {x448_ladder, sizeof(ed_ctx), ed_init, ed_base, ed_check};
