/*
 * kernels/generic/c25519_r51.c - GF(2^255 - 19) in radix 2^51 (five 64-bit limbs,
 * products in unsigned __int128) and X25519 over it (kernels/generic/c25519_ladder.h):
 * what a target with a 64x64->128 multiply wants (x86-64, aarch64, ppc64).  Built
 * only where the compiler has __int128; c25519_r25.c serves the others.
 *
 * Limb bounds: fe_mul and fe_sq leave every limb below 2^51 + 2^18, fe_add of two
 * such values stays below 2^53, fe_sub adds 4p first so no limb goes negative; a
 * product of limbs below 2^54 times 19, summed five times, stays below 2^115.
 */
#include "kernels/generic/generic.h"

#ifdef __SIZEOF_INT128__

#include <stdint.h>

typedef unsigned __int128 u128;

/* FE_BYTES: the encoding's bytes (kernels/generic/curve_common.h). */
#define FE_BYTES 32
typedef uint64_t fe_limb;

typedef struct fe {
    fe_limb v[5];
} fe;

#define MASK51 ((UINT64_C(1) << 51) - 1)

static uint64_t load64_le(const uint8_t *s)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | s[i];
    return x;
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    /* limb i holds bits 51 i .. 51 i + 50; bit 255 is dropped (RFC 7748 5) */
    h->v[0] = load64_le(s) & MASK51;
    h->v[1] = (load64_le(s + 6) >> 3) & MASK51;
    h->v[2] = (load64_le(s + 12) >> 6) & MASK51;
    h->v[3] = (load64_le(s + 19) >> 1) & MASK51;
    h->v[4] = (load64_le(s + 24) >> 12) & MASK51;
}

static void fe_set(fe *h, uint64_t v)
{
    h->v[0] = v;
    h->v[1] = h->v[2] = h->v[3] = h->v[4] = 0;
}

/* fe_carry brings every limb below 2^51, folding the top carry back as 19 (2^255 = 19). */
static void fe_carry(fe *h)
{
    for (int i = 0; i < 4; i++) {
        h->v[i + 1] += h->v[i] >> 51;
        h->v[i] &= MASK51;
    }
    h->v[0] += 19 * (h->v[4] >> 51);
    h->v[4] &= MASK51;
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    fe h = *f;
    fe_carry(&h);
    fe_carry(&h); /* now h < 2^255 + 19 with canonical-width limbs */
    /* subtract p when h >= p: h + 19 reaches 2^255 exactly then */
    uint64_t q = (h.v[0] + 19) >> 51;
    for (int i = 1; i < 5; i++)
        q = (h.v[i] + q) >> 51;
    h.v[0] += 19 * q;
    for (int i = 0; i < 4; i++) {
        h.v[i + 1] += h.v[i] >> 51;
        h.v[i] &= MASK51;
    }
    h.v[4] &= MASK51;
    uint64_t w[4] = {h.v[0] | h.v[1] << 51, h.v[1] >> 13 | h.v[2] << 38,
                     h.v[2] >> 26 | h.v[3] << 25, h.v[3] >> 39 | h.v[4] << 12};
    for (int i = 0; i < 32; i++)
        s[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

static void fe_add(fe *h, const fe *f, const fe *g)
{
    for (int i = 0; i < 5; i++)
        h->v[i] = f->v[i] + g->v[i];
}

static void fe_sub(fe *h, const fe *f, const fe *g)
{
    /* + 4p limb by limb, 4 (2^51 - 19) then 4 (2^51 - 1), so g may be a sum of two
     * carried values */
    h->v[0] = f->v[0] + 4 * (MASK51 - 18) - g->v[0];
    for (int i = 1; i < 5; i++)
        h->v[i] = f->v[i] + 4 * MASK51 - g->v[i];
}

/* fe_reduce_wide carries five 128-bit column sums into h.  For limbs below 2^54
 * every sum is below 2^115, so the carries fit 64 bits; the top one times 19 may
 * not and is folded in 128.  Inline, so the sums stay in registers. */
static inline void fe_reduce_wide(fe *h, u128 t0, u128 t1, u128 t2, u128 t3, u128 t4)
{
    uint64_t r0 = (uint64_t)t0 & MASK51;
    t1 += (uint64_t)(t0 >> 51);
    uint64_t r1 = (uint64_t)t1 & MASK51;
    t2 += (uint64_t)(t1 >> 51);
    uint64_t r2 = (uint64_t)t2 & MASK51;
    t3 += (uint64_t)(t2 >> 51);
    uint64_t r3 = (uint64_t)t3 & MASK51;
    t4 += (uint64_t)(t3 >> 51);
    h->v[4] = (uint64_t)t4 & MASK51;
    u128 x = (u128)r0 + (u128)19 * (uint64_t)(t4 >> 51);
    h->v[0] = (uint64_t)x & MASK51;
    h->v[1] = r1 + (uint64_t)(x >> 51);
    h->v[2] = r2;
    h->v[3] = r3;
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    const uint64_t *a = f->v, *b = g->v;
    /* a limb product that lands at 2^255 or above comes back times 19 */
    uint64_t b19[5] = {0, 19 * b[1], 19 * b[2], 19 * b[3], 19 * b[4]};
    u128 t0, t1, t2, t3, t4;
    t0 = (u128)a[0] * b[0] + (u128)a[1] * b19[4] + (u128)a[2] * b19[3] +
           (u128)a[3] * b19[2] + (u128)a[4] * b19[1];
    t1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * b19[4] +
           (u128)a[3] * b19[3] + (u128)a[4] * b19[2];
    t2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0] +
           (u128)a[3] * b19[4] + (u128)a[4] * b19[3];
    t3 = (u128)a[0] * b[3] + (u128)a[1] * b[2] + (u128)a[2] * b[1] +
           (u128)a[3] * b[0] + (u128)a[4] * b19[4];
    t4 = (u128)a[0] * b[4] + (u128)a[1] * b[3] + (u128)a[2] * b[2] +
           (u128)a[3] * b[1] + (u128)a[4] * b[0];
    fe_reduce_wide(h, t0, t1, t2, t3, t4);
}

static void fe_sq(fe *h, const fe *f)
{
    const uint64_t *a = f->v;
    /* the cross products appear twice: doubled once */
    uint64_t d0 = 2 * a[0], d1 = 2 * a[1], d3_19 = 38 * a[3], a4_19 = 19 * a[4],
             d4_19 = 2 * a4_19;
    u128 t0, t1, t2, t3, t4;
    t0 = (u128)a[0] * a[0] + (u128)d1 * a4_19 + (u128)a[2] * d3_19;
    t1 = (u128)d0 * a[1] + (u128)a[2] * d4_19 + (u128)a[3] * (19 * a[3]);
    t2 = (u128)d0 * a[2] + (u128)a[1] * a[1] + (u128)a[4] * d3_19;
    t3 = (u128)d0 * a[3] + (u128)d1 * a[2] + (u128)a[4] * a4_19;
    t4 = (u128)d0 * a[4] + (u128)d1 * a[3] + (u128)a[2] * a[2];
    fe_reduce_wide(h, t0, t1, t2, t3, t4);
}

static void fe_mul_a24(fe *h, const fe *f)
{
    const uint64_t *a = f->v;
    fe_reduce_wide(h, (u128)a[0] * 121665, (u128)a[1] * 121665, (u128)a[2] * 121665,
                   (u128)a[3] * 121665, (u128)a[4] * 121665);
}

static void fe_cswap(fe *f, fe *g, unsigned b)
{
    uint64_t mask = 0 - (uint64_t)b;
    for (int i = 0; i < 5; i++) {
        uint64_t x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#include "kernels/generic/c25519_ladder.h"
#include "kernels/generic/c25519_edwards.h"

const cb_c25519_ops cb_c25519_r51_ops = {x25519_ladder, sizeof(ed_ctx), ed_init, ed_base,
                                         ed_check};

#endif
