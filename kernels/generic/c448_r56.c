/*
 * kernels/generic/c448_r56.c - GF(2^448 - 2^224 - 1) in radix 2^56 (eight 64-bit
 * limbs, products in unsigned __int128), with X448 (kernels/generic/c448_ladder.h)
 * and the Ed448 group (c448_edwards.h) over it: what a target with a 64x64->128
 * multiply wants.  Built only where the compiler has __int128; c448_r28.c serves
 * the others.
 *
 * Reduction: with phi = 2^224, p = phi^2 - phi - 1, so 2^448 = 2^224 + 1 mod p and
 * a product's limb 8 + j folds into limbs j and j + 4.
 *
 * Multiplication splits each operand at phi = 2^224 into two 4-limb halves and
 * takes three 4x4 products (Karatsuba), 48 multiplies instead of 64 (fe_combine).
 *
 * Limb bounds: fe_mul and fe_sq leave every limb below 2^56 + 2^14 ("carried");
 * fe_add of two carried values stays below 2^58, fe_sub adds 2p first so no limb
 * goes negative when it subtracts a carried value.  Half sums of limbs below 2^59
 * are below 2^60, four products of them to a column below 2^122, and a result
 * column sums at most five of those.
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

/* mul4 sets p[0..7) = the columns of the 4-limb product a b (column k at 2^(56 k)). */
static inline void mul4(u128 p[7], const uint64_t a[4], const uint64_t b[4])
{
    p[0] = (u128)a[0] * b[0];
    p[1] = (u128)a[0] * b[1] + (u128)a[1] * b[0];
    p[2] = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
    p[3] = (u128)a[0] * b[3] + (u128)a[1] * b[2] + (u128)a[2] * b[1] + (u128)a[3] * b[0];
    p[4] = (u128)a[1] * b[3] + (u128)a[2] * b[2] + (u128)a[3] * b[1];
    p[5] = (u128)a[2] * b[3] + (u128)a[3] * b[2];
    p[6] = (u128)a[3] * b[3];
}

/* sq4 sets p[0..7) = the columns of a^2, the cross products doubled once. */
static inline void sq4(u128 p[7], const uint64_t a[4])
{
    uint64_t d0 = 2 * a[0], d1 = 2 * a[1], d2 = 2 * a[2];
    p[0] = (u128)a[0] * a[0];
    p[1] = (u128)d0 * a[1];
    p[2] = (u128)d0 * a[2] + (u128)a[1] * a[1];
    p[3] = (u128)d0 * a[3] + (u128)d1 * a[2];
    p[4] = (u128)d1 * a[3] + (u128)a[2] * a[2];
    p[5] = (u128)d2 * a[3];
    p[6] = (u128)a[3] * a[3];
}

/*
 * fe_combine sets h = a b from the halves' products, Karatsuba's way over phi =
 * 2^224: with P = a0 b0, Q = a1 b1, S = (a0 + a1)(b0 + b1) and X = S - P (= a0 b1 +
 * a1 b0 + a1 b1, so no column goes negative), a b = P + Q + X phi, as phi^2 = phi + 1
 * mod p; X's columns 4 .. 6 land at 2^448 and above and fold into k - 4 and k.
 * Then a carry chain whose top carry goes to limbs 0 and 4 once more.  Columns stay
 * below 2^125 for limbs below 2^59.
 */
static inline void fe_combine(fe *h, const u128 P[7], const u128 Q[7], const u128 S[7])
{
    u128 x[7], r[8];
    for (int k = 0; k < 7; k++)
        x[k] = S[k] - P[k];
    r[0] = P[0] + Q[0] + x[4];
    r[1] = P[1] + Q[1] + x[5];
    r[2] = P[2] + Q[2] + x[6];
    r[3] = P[3] + Q[3];
    r[4] = P[4] + Q[4] + x[0] + x[4];
    r[5] = P[5] + Q[5] + x[1] + x[5];
    r[6] = P[6] + Q[6] + x[2] + x[6];
    r[7] = x[3];
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        r[i + 1] += r[i] >> 56;
        r[i] &= MASK56;
    }
    u128 top = r[7] >> 56;
    r[7] &= MASK56;
    r[0] += top;
    r[4] += top;
    r[1] += r[0] >> 56;
    r[0] &= MASK56;
    r[5] += r[4] >> 56;
    r[4] &= MASK56;
    for (int i = 0; i < FE_LIMBS; i++)
        h->v[i] = (uint64_t)r[i];
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    const uint64_t *a = f->v, *b = g->v;
    uint64_t as[4], bs[4];
    u128 P[7], Q[7], S[7];
    for (int i = 0; i < 4; i++) {
        as[i] = a[i] + a[i + 4];
        bs[i] = b[i] + b[i + 4];
    }
    mul4(P, a, b);
    mul4(Q, a + 4, b + 4);
    mul4(S, as, bs);
    fe_combine(h, P, Q, S);
}

static void fe_sq(fe *h, const fe *f)
{
    const uint64_t *a = f->v;
    uint64_t as[4];
    u128 P[7], Q[7], S[7];
    for (int i = 0; i < 4; i++)
        as[i] = a[i] + a[i + 4];
    sq4(P, a);
    sq4(Q, a + 4);
    sq4(S, as);
    fe_combine(h, P, Q, S);
}

/* fe_mul_small sets h = n f for n below 2^20: the products' carries, the top one
 * folded into limbs 0 and 4. */
static void fe_mul_small(fe *h, const fe *f, uint32_t n)
{
    u128 c[FE_LIMBS];
    for (int i = 0; i < FE_LIMBS; i++)
        c[i] = (u128)f->v[i] * n;
    for (int i = 0; i < FE_LIMBS - 1; i++) {
        c[i + 1] += c[i] >> 56;
        c[i] &= MASK56;
    }
    uint64_t top = (uint64_t)(c[7] >> 56);
    h->v[7] = (uint64_t)c[7] & MASK56;
    for (int i = 0; i < FE_LIMBS - 1; i++)
        h->v[i] = (uint64_t)c[i];
    h->v[0] += top;
    h->v[4] += top;
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
