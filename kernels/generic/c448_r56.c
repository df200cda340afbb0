/*
 * kernels/generic/c448_r56.c - GF(2^448 - 2^224 - 1) in radix 2^56 (eight 64-bit
 * limbs, products in unsigned __int128), with X448 (kernels/generic/c448_ladder.h)
 * and the Ed448 group (c448_edwards.h) over it: what a target with a 64x64->128
 * multiply wants.  Built only where the compiler has __int128; c448_r28.c serves
 * the others.
 *
 * Reduction: with phi = 2^224, p = phi^2 - phi - 1, so 2^448 = 2^224 + 1 mod p and
 * the product's limb 8 + j folds into limbs j and j + 4.
 *
 * Limb bounds: fe_mul and fe_sq leave every limb below 2^56 + 2^14 ("carried");
 * fe_add of two carried values stays below 2^58, fe_sub adds 2p first so no limb
 * goes negative when it subtracts a carried value.  A product of limbs below 2^59,
 * eight to a column, is below 2^121; folding adds at most three more such columns
 * to one, below 2^123.
 */
#include "kernels/generic/generic.h"

#ifdef __SIZEOF_INT128__

#include <stdint.h>

typedef unsigned __int128 u128;

/* FE_LIMBS, FE_BYTES: the representation's limbs, the encoding's bytes. */
#define FE_LIMBS 8
#define FE_BYTES 56

typedef struct fe {
    uint64_t v[FE_LIMBS];
} fe;

#define MASK56 ((UINT64_C(1) << 56) - 1)

static void fe_frombytes(fe *h, const uint8_t s[FE_BYTES])
{
    /* limb i holds bytes 7 i .. 7 i + 6 */
    for (int i = 0; i < FE_LIMBS; i++) {
        uint64_t x = 0;
        for (int j = 6; j >= 0; j--)
            x = x << 8 | s[7 * i + j];
        h->v[i] = x;
    }
}

static void fe_set(fe *h, uint64_t v)
{
    h->v[0] = v;
    for (int i = 1; i < FE_LIMBS; i++)
        h->v[i] = 0;
}

/* fe_carry brings every limb below 2^56 + 2^9, folding the top carry back into
 * limbs 0 and 4 (2^448 = 2^224 + 1). */
static void fe_carry(fe *h)
{
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        h->v[i + 1] += h->v[i] >> 56;
        h->v[i] &= MASK56;
    }
    uint64_t top = h->v[7] >> 56;
    h->v[7] &= MASK56;
    h->v[0] += top;
    h->v[4] += top;
}

static void fe_tobytes(uint8_t s[FE_BYTES], const fe *f)
{
    fe h = *f;
    fe_carry(&h);
    fe_carry(&h);
    fe_carry(&h); /* now h < 2^448 with 56-bit limbs */
    /* subtract p when h >= p: h + 2^224 + 1 reaches 2^448 exactly then */
    uint64_t q = (h.v[0] + 1) >> 56;
    for (int i = 1; i < FE_LIMBS; i++)
        q = (h.v[i] + q + (i == 4)) >> 56;
    h.v[0] += q;
    h.v[4] += q;
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        h.v[i + 1] += h.v[i] >> 56;
        h.v[i] &= MASK56;
    }
    h.v[7] &= MASK56;
    for (int i = 0; i < FE_BYTES; i++)
        s[i] = (uint8_t)(h.v[i / 7] >> (8 * (i % 7)));
}

static void fe_add(fe *h, const fe *f, const fe *g)
{
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = f->v[i] + g->v[i];
}

static void fe_sub(fe *h, const fe *f, const fe *g)
{
    /* + 2p limb by limb: 2 (2^56 - 1), and 2 (2^56 - 2) in limb 4 */
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = f->v[i] + 2 * (MASK56 - (i == 4)) - g->v[i];
}

/* fe_reduce_wide folds the fifteen 128-bit columns c (column k at 2^(56 k)) into h:
 * columns 14 .. 8 into k - 8 and k - 4, then a carry chain whose top carry goes to
 * limbs 0 and 4 once more.  Inline, so the columns stay in registers. */
static inline void fe_reduce_wide(fe *h, u128 c[15])
{
    for (int k = 14; k >= 8; k--) {
        c[k - 8] += c[k];
        c[k - 4] += c[k];
    }
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        c[i + 1] += c[i] >> 56;
        c[i] &= MASK56;
    }
    u128 top = c[7] >> 56;
    c[7] &= MASK56;
    c[0] += top;
    c[4] += top;
    c[1] += c[0] >> 56;
    c[0] &= MASK56;
    c[5] += c[4] >> 56;
    c[4] &= MASK56;
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = (uint64_t)c[i];
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    const uint64_t *a = f->v, *b = g->v;
    u128 c[15] = {0};
    for (int i = 0; i < FE_LIMBS; i++)
        for (int j = 0; j < FE_LIMBS; j++)
            c[i + j] += (u128)a[i] * b[j];
    fe_reduce_wide(h, c);
}

static void fe_sq(fe *h, const fe *f)
{
    const uint64_t *a = f->v;
    u128 c[15] = {0};
    /* the cross products appear twice: doubled once */
    for (int i = 0; i < FE_LIMBS; i++) {
        c[2 * i] += (u128)a[i] * a[i];
        uint64_t d = 2 * a[i];
        for (int j = i + 1; j < FE_LIMBS; j++)
            c[i + j] += (u128)d * a[j];
    }
    fe_reduce_wide(h, c);
}

/* fe_mul_small sets h = n f for n below 2^20. */
static void fe_mul_small(fe *h, const fe *f, uint32_t n)
{
    u128 c[15] = {0};
    for (int i = 0; i < FE_LIMBS; i++)
        c[i] = (u128)f->v[i] * n;
    fe_reduce_wide(h, c);
}

static void fe_cswap(fe *f, fe *g, unsigned b)
{
    uint64_t mask = 0 - (uint64_t)b;
    for (int i = 0; i < FE_LIMBS; i++) {
        uint64_t x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#include "kernels/generic/c448_ladder.h"
#include "kernels/generic/c448_edwards.h"

const cb_c448_ops cb_c448_r56_ops = {x448_ladder, sizeof(ed_ctx), ed_init, ed_base, ed_check};

#endif
