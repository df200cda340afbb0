/*
 * kernels/generic/p256_impl.h - NIST P-256 (SP 800-186 3.2.1.3, the same curve as
 * FIPS 186-4 D.1.2.3) for one limb width: the field and the scalars modulo n in
 * Montgomery form, the group with complete projective formulas, and the
 * cb_p256_ops built from them.  Included by p256_r64.c (64-bit limbs, __int128
 * products) and p256_r32.c (32-bit limbs, 64-bit products), which define before it:
 *   P256_LIMB, P256_DLIMB   a limb and an unsigned type twice as wide
 *   P256_LIMB_BITS          64 or 32
 *   P256_OPS                the name of the cb_p256_ops to define
 * and may define P256_FE_MUL and P256_FE_SQR, a field product and square in
 * Montgomery form for its width, and P256_ORD_MUL and P256_ORD_SQR, the same modulo
 * n (with -n^-1 mod 2^w as last argument), and P256_FE_ADD and P256_FE_SUB, the
 * field's sum and difference, used instead of the generic loops.
 *
 * Every field element is kept fully reduced (below p) in Montgomery form x R mod p,
 * R = 2^256: reduced values make equality and zero tests plain limb compares, and
 * the reduction's last subtraction is masked, never branched on.  p = -1 mod 2^96,
 * so -p^-1 mod 2^w is 1 for both limb widths and Montgomery's quotient digit is the
 * low limb itself.
 *
 * The group law is Renes, Costello and Batina, "Complete addition formulas for
 * prime order elliptic curves" (EUROCRYPT 2016), algorithms 4, 5 and 6 (a = -3):
 * complete, so the constant-time code needs no branch for the point at infinity,
 * doubling, or adding a point's negative.  [k]G reads a table of 43 windows of 6
 * bits, entry j of window i being j 2^(6i) G for j = 1..32, with signed digits
 * (Booth recoding): 43 mixed additions, no doublings, each entry found by a masked
 * scan over the whole window.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"

#define NL (256 / P256_LIMB_BITS)
#define LB P256_LIMB_BITS

/* UNROLL asks for a loop over the limbs to be unrolled: with the modulus a constant,
 * the multiplications by its zero and one limbs then vanish, and at -O2 GCC would
 * keep the loops (a third of the time went to their overhead). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define UNROLL _Pragma("GCC unroll 8")
#elif defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL
#endif

/* INLINE: the generic helpers are instantiated once per modulus by inlining. */
#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#else
#define INLINE static inline
#endif

typedef P256_LIMB limb;
typedef P256_DLIMB dlimb;

/* C8 builds a 256-bit constant from eight 32-bit words, least significant first. */
#if LB == 64
#define W2(lo, hi) ((uint64_t)(hi) << 32 | (uint64_t)(lo))
#define C8(a, b, c, d, e, f, g, h) {W2(a, b), W2(c, d), W2(e, f), W2(g, h)}
#else
#define C8(a, b, c, d, e, f, g, h) {a, b, c, d, e, f, g, h}
#endif

/* SP 800-186 3.2.1.3 (P-256): p, n, b and G */
static const limb P[NL] = C8(0xffffffff, 0xffffffff, 0xffffffff, 0x00000000, 0x00000000,
                             0x00000000, 0x00000001, 0xffffffff);
static const limb N[NL] = C8(0xfc632551, 0xf3b9cac2, 0xa7179e84, 0xbce6faad, 0xffffffff,
                             0xffffffff, 0x00000000, 0xffffffff);
static const limb B[NL] = C8(0x27d2604b, 0x3bce3c3e, 0xcc53b0f6, 0x651d06b0, 0x769886bc,
                             0xb3ebbd55, 0xaa3a93e7, 0x5ac635d8);
static const limb GX[NL] = C8(0xd898c296, 0xf4a13945, 0x2deb33a0, 0x77037d81, 0x63a440f2,
                              0xf8bce6e5, 0xe12c4247, 0x6b17d1f2);
static const limb GY[NL] = C8(0x37bf51f5, 0xcbb64068, 0x6b315ece, 0x2bce3357, 0x7c0f9e16,
                              0x8ee7eb4a, 0xfe1a7f9b, 0x4fe342e2);

#define WINDOW 6
#define WINDOWS 43 /* ceil(257 / 6): Booth recoding of 256 bits needs one more */
#define ENTRIES 32 /* 2^(WINDOW - 1) */

typedef struct fe {
    limb v[NL];
} fe;

typedef struct pt { /* projective (X : Y : Z); infinity is (0 : 1 : 0) */
    fe x, y, z;
} pt;

typedef struct aff { /* affine (x, y) */
    fe x, y;
} aff;

typedef struct p256_ctx {
    limb rr_p[NL], rr_n[NL]; /* R^2 mod p and mod n: into Montgomery form */
    limb n0;                 /* -n^-1 mod 2^LB */
    fe b, one;               /* b R and R, mod p */
    limb one_n[NL];          /* R mod n */
    aff table[WINDOWS][ENTRIES];
} p256_ctx;

/* ---- limb arithmetic, modulo any odd m below 2^256 ---- */

/* addc and subb: one limb with carry or borrow in and out (0 or 1), written with
 * limb-wide compares: GCC turns a double-width sum into several moves per limb, and
 * the additions are a quarter of the time. */
INLINE limb addc(limb a, limb b, limb *c)
{
    limb s = a + b, c1 = s < a;
    limb u = s + *c;
    *c = c1 | (u < s);
    return u;
}

INLINE limb subb(limb a, limb b, limb *borrow)
{
    limb d = a - b, b1 = a < b;
    limb u = d - *borrow;
    *borrow = b1 | (d < *borrow);
    return u;
}

/* mod_add sets r = a + b mod m for a, b < m. */
INLINE void mod_add(limb r[NL], const limb a[NL], const limb b[NL], const limb m[NL])
{
    limb s[NL], t[NL], c = 0, borrow = 0;
    UNROLL
    for (int i = 0; i < NL; i++)
        s[i] = addc(a[i], b[i], &c);
    UNROLL
    for (int i = 0; i < NL; i++)
        t[i] = subb(s[i], m[i], &borrow);
    /* keep s only when s < m: no carry out and the subtraction borrowed */
    limb keep = (limb)0 - (borrow & (c ^ 1));
    UNROLL
    for (int i = 0; i < NL; i++)
        r[i] = (s[i] & keep) | (t[i] & ~keep);
}

/* mod_sub sets r = a - b mod m for a, b < m. */
INLINE void mod_sub(limb r[NL], const limb a[NL], const limb b[NL], const limb m[NL])
{
    limb borrow = 0, c = 0;
    UNROLL
    for (int i = 0; i < NL; i++)
        r[i] = subb(a[i], b[i], &borrow);
    limb mask = (limb)0 - borrow;
    UNROLL
    for (int i = 0; i < NL; i++)
        r[i] = addc(r[i], m[i] & mask, &c);
}

/*
 * mont_mul sets r = a b R^-1 mod m for a, b < m (CIOS: one row of the product, then
 * one Montgomery step, NL times), m0 = -m^-1 mod 2^LB.  The running value stays
 * below 2m, so one masked subtraction finishes it.
 */
INLINE void mont_mul(limb r[NL], const limb a[NL], const limb b[NL], const limb m[NL],
                            limb m0)
{
    limb t[NL + 2] = {0};
    UNROLL
    for (int i = 0; i < NL; i++) {
        limb c = 0;
        UNROLL
        for (int j = 0; j < NL; j++) {
            dlimb x = (dlimb)a[j] * b[i] + t[j] + c;
            t[j] = (limb)x;
            c = (limb)(x >> LB);
        }
        dlimb x = (dlimb)t[NL] + c;
        t[NL] = (limb)x;
        t[NL + 1] = (limb)(x >> LB);
        limb q = t[0] * m0;
        x = (dlimb)q * m[0] + t[0];
        c = (limb)(x >> LB);
        UNROLL
        for (int j = 1; j < NL; j++) {
            x = (dlimb)q * m[j] + t[j] + c;
            t[j - 1] = (limb)x;
            c = (limb)(x >> LB);
        }
        x = (dlimb)t[NL] + c;
        t[NL - 1] = (limb)x;
        t[NL] = t[NL + 1] + (limb)(x >> LB);
    }
    limb s[NL], borrow = 0;
    UNROLL
    for (int i = 0; i < NL; i++) {
        dlimb x = (dlimb)t[i] - m[i] - borrow;
        s[i] = (limb)x;
        borrow = (limb)(x >> LB) & 1;
    }
    /* t < m exactly when the top limb (0 or 1, t being below 2m) is clear and the
     * subtraction borrowed */
    limb keep = (limb)0 - (borrow & (t[NL] ^ 1));
    UNROLL
    for (int i = 0; i < NL; i++)
        r[i] = (t[i] & keep) | (s[i] & ~keep);
}

/*
 * mont_sqr sets r = a^2 R^-1 mod m for a < m: each cross product once, doubled, the
 * squares added, then NL Montgomery steps over the double-width value; about a
 * third fewer multiplications than mont_mul, and the inversions are nearly all
 * squarings.
 */
INLINE void mont_sqr(limb r[NL], const limb a[NL], const limb m[NL], limb m0)
{
    limb t[2 * NL] = {0};
    UNROLL
    for (int i = 0; i < NL - 1; i++) {
        limb c = 0;
        UNROLL
        for (int j = i + 1; j < NL; j++) {
            dlimb x = (dlimb)a[i] * a[j] + t[i + j] + c;
            t[i + j] = (limb)x;
            c = (limb)(x >> LB);
        }
        t[i + NL] = c;
    }
    t[2 * NL - 1] = t[2 * NL - 2] >> (LB - 1);
    UNROLL
    for (int i = 2 * NL - 2; i > 0; i--)
        t[i] = t[i] << 1 | t[i - 1] >> (LB - 1);
    t[0] <<= 1;
    limb c = 0;
    UNROLL
    for (int i = 0; i < NL; i++) {
        dlimb sq = (dlimb)a[i] * a[i];
        dlimb x = (dlimb)t[2 * i] + (limb)sq + c;
        t[2 * i] = (limb)x;
        x = (dlimb)t[2 * i + 1] + (limb)(sq >> LB) + (limb)(x >> LB);
        t[2 * i + 1] = (limb)x;
        c = (limb)(x >> LB);
    }
    limb hi = 0;
    UNROLL
    for (int i = 0; i < NL; i++) {
        limb q = t[i] * m0;
        c = 0;
        UNROLL
        for (int j = 0; j < NL; j++) {
            dlimb x = (dlimb)q * m[j] + t[i + j] + c;
            t[i + j] = (limb)x;
            c = (limb)(x >> LB);
        }
        dlimb x = (dlimb)t[i + NL] + c + hi;
        t[i + NL] = (limb)x;
        hi = (limb)(x >> LB);
    }
    limb s[NL], borrow = 0;
    UNROLL
    for (int i = 0; i < NL; i++) {
        dlimb x = (dlimb)t[NL + i] - m[i] - borrow;
        s[i] = (limb)x;
        borrow = (limb)(x >> LB) & 1;
    }
    limb keep = (limb)0 - (borrow & (hi ^ 1));
    UNROLL
    for (int i = 0; i < NL; i++)
        r[i] = (t[NL + i] & keep) | (s[i] & ~keep);
}

/* lt reports (as 1 or 0) a < b, constant time. */
static limb lt(const limb a[NL], const limb b[NL])
{
    limb borrow = 0;
    for (int i = 0; i < NL; i++) {
        dlimb x = (dlimb)a[i] - b[i] - borrow;
        borrow = (limb)(x >> LB) & 1;
    }
    return borrow;
}

static void from_be(limb r[NL], const uint8_t s[32])
{
    for (int i = 0; i < NL; i++) {
        limb x = 0;
        for (int j = 0; j < LB / 8; j++)
            x = x << 8 | s[31 - (i * (LB / 8) + (LB / 8 - 1 - j))];
        r[i] = x;
    }
}

static void to_be(uint8_t s[32], const limb r[NL])
{
    for (int i = 0; i < 32; i++)
        s[31 - i] = (uint8_t)(r[i / (LB / 8)] >> (8 * (i % (LB / 8))));
}

/* ---- the field ---- */

#ifdef P256_FE_ADD /* the including file's own sum and difference */
static void fe_add(fe *r, const fe *a, const fe *b) { P256_FE_ADD(r->v, a->v, b->v); }
static void fe_sub(fe *r, const fe *a, const fe *b) { P256_FE_SUB(r->v, a->v, b->v); }
#else
static void fe_add(fe *r, const fe *a, const fe *b) { mod_add(r->v, a->v, b->v, P); }
static void fe_sub(fe *r, const fe *a, const fe *b) { mod_sub(r->v, a->v, b->v, P); }
#endif
#ifdef P256_FE_MUL /* the including file's own field product and square */
static void fe_mul(fe *r, const fe *a, const fe *b) { P256_FE_MUL(r->v, a->v, b->v); }
static void fe_sqr(fe *r, const fe *a) { P256_FE_SQR(r->v, a->v); }
#else
static void fe_mul(fe *r, const fe *a, const fe *b) { mont_mul(r->v, a->v, b->v, P, 1); }
static void fe_sqr(fe *r, const fe *a) { mont_sqr(r->v, a->v, P, 1); }
#endif

static limb fe_is_zero(const fe *a)
{
    limb x = 0;
    for (int i = 0; i < NL; i++)
        x |= a->v[i];
    return ((x | ((limb)0 - x)) >> (LB - 1)) ^ 1;
}

/* fe_cmov sets r = a when mask is all ones, leaves r when it is zero. */
static void fe_cmov(fe *r, const fe *a, limb mask)
{
    for (int i = 0; i < NL; i++)
        r->v[i] = (r->v[i] & ~mask) | (a->v[i] & mask);
}

/* fe_sqr_n sets r = a^(2^n). */
static void fe_sqr_n(fe *r, const fe *a, int n)
{
    fe_sqr(r, a);
    while (--n > 0)
        fe_sqr(r, r);
}

/*
 * fe_inv sets r = a^-1 = a^(p-2) (0 for 0).  p - 2 in binary, from the top: 32 ones,
 * 31 zeros, a one, 96 zeros, 94 ones, a zero, a one; so runs x_k = a^(2^k - 1) are
 * built first and shifted in: 277 squarings and 13 multiplications.
 */
static void fe_inv(const p256_ctx *c, fe *r, const fe *a)
{
    fe x2, x4, x6, x8, x14, x16, x30, x32, t;
    (void)c;
    fe_sqr(&t, a);
    fe_mul(&x2, &t, a);
    fe_sqr_n(&t, &x2, 2);
    fe_mul(&x4, &t, &x2);
    fe_sqr_n(&t, &x4, 2);
    fe_mul(&x6, &t, &x2);
    fe_sqr_n(&t, &x6, 2);
    fe_mul(&x8, &t, &x2);
    fe_sqr_n(&t, &x8, 6);
    fe_mul(&x14, &t, &x6);
    fe_sqr_n(&t, &x14, 2);
    fe_mul(&x16, &t, &x2);
    fe_sqr_n(&t, &x16, 14);
    fe_mul(&x30, &t, &x14);
    fe_sqr_n(&t, &x30, 2);
    fe_mul(&x32, &t, &x2);
    fe_sqr_n(&t, &x32, 32); /* 32 ones, 31 zeros, a one */
    fe_mul(&t, &t, a);
    fe_sqr_n(&t, &t, 96);
    fe_sqr_n(&t, &t, 32);
    fe_mul(&t, &t, &x32);
    fe_sqr_n(&t, &t, 32);
    fe_mul(&t, &t, &x32);
    fe_sqr_n(&t, &t, 30);
    fe_mul(&t, &t, &x30);
    fe_sqr_n(&t, &t, 2);
    fe_mul(r, &t, a);
}

/* fe_load sets r = s R mod p; 0 when s < p, -1 when s is not canonical. */
static int fe_load(const p256_ctx *c, fe *r, const uint8_t s[32])
{
    limb x[NL];
    from_be(x, s);
    if (!lt(x, P))
        return -1;
    mont_mul(r->v, x, c->rr_p, P, 1);
    return 0;
}

static void fe_store(uint8_t s[32], const fe *a)
{
    static const limb one[NL] = {1};
    limb x[NL];
    mont_mul(x, a->v, one, P, 1);
    to_be(s, x);
}

/* ---- the group (Renes-Costello-Batina, a = -3) ---- */

/* rcb_tail finishes algorithms 4 and 5, which agree from step 19 (step 12 of 5) on:
 * t0 = X1 X2, t1 = Y1 Y2, t2 = Z1 Z2 (Z1 when Z2 = 1), t3 = X1 Y2 + X2 Y1,
 * t4 = Y1 Z2 + Y2 Z1 and y3 = X1 Z2 + X2 Z1. */
static void rcb_tail(const p256_ctx *c, pt *r, fe t0, fe t1, fe t2, const fe *t3, const fe *t4,
                     fe y3)
{
    fe x3, z3;
    fe_mul(&z3, &c->b, &t2);
    fe_sub(&x3, &y3, &z3);
    fe_add(&z3, &x3, &x3);
    fe_add(&x3, &x3, &z3);
    fe_sub(&z3, &t1, &x3);
    fe_add(&x3, &t1, &x3);
    fe_mul(&y3, &c->b, &y3);
    fe_add(&t1, &t2, &t2);
    fe_add(&t2, &t1, &t2);
    fe_sub(&y3, &y3, &t2);
    fe_sub(&y3, &y3, &t0);
    fe_add(&t1, &y3, &y3);
    fe_add(&y3, &t1, &y3);
    fe_add(&t1, &t0, &t0);
    fe_add(&t0, &t1, &t0);
    fe_sub(&t0, &t0, &t2);
    fe_mul(&t1, t4, &y3);
    fe_mul(&t2, &t0, &y3);
    fe_mul(&y3, &x3, &z3);
    fe_add(&y3, &y3, &t2);
    fe_mul(&x3, t3, &x3);
    fe_sub(&x3, &x3, &t1);
    fe_mul(&z3, t4, &z3);
    fe_mul(&t1, t3, &t0);
    fe_add(&z3, &z3, &t1);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* pt_add sets r = p + q, complete (algorithm 4, steps 1-18). */
static void pt_add(const p256_ctx *c, pt *r, const pt *p, const pt *q)
{
    fe t0, t1, t2, t3, t4, x3, y3;
    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    fe_mul(&t2, &p->z, &q->z);
    fe_add(&t3, &p->x, &p->y);
    fe_add(&t4, &q->x, &q->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    fe_add(&t4, &p->y, &p->z);
    fe_add(&x3, &q->y, &q->z);
    fe_mul(&t4, &t4, &x3);
    fe_add(&x3, &t1, &t2);
    fe_sub(&t4, &t4, &x3);
    fe_add(&x3, &p->x, &p->z);
    fe_add(&y3, &q->x, &q->z);
    fe_mul(&x3, &x3, &y3);
    fe_add(&y3, &t0, &t2);
    fe_sub(&y3, &x3, &y3);
    rcb_tail(c, r, t0, t1, t2, &t3, &t4, y3);
}

/* pt_madd sets r = p + q for an affine q (algorithm 5, steps 1-11): complete except
 * that q cannot be the point at infinity, which no affine point is. */
static void pt_madd(const p256_ctx *c, pt *r, const pt *p, const aff *q)
{
    fe t0, t1, t3, t4, y3;
    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    fe_add(&t3, &q->x, &q->y);
    fe_add(&t4, &p->x, &p->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    fe_mul(&t4, &q->y, &p->z);
    fe_add(&t4, &t4, &p->y);
    fe_mul(&y3, &q->x, &p->z);
    fe_add(&y3, &y3, &p->x);
    rcb_tail(c, r, t0, t1, p->z, &t3, &t4, y3);
}

/* pt_dbl sets r = 2p, complete (algorithm 6). */
static void pt_dbl(const p256_ctx *c, pt *r, const pt *p)
{
    fe t0, t1, t2, t3, x3, y3, z3;
    fe_sqr(&t0, &p->x);
    fe_sqr(&t1, &p->y);
    fe_sqr(&t2, &p->z);
    fe_mul(&t3, &p->x, &p->y);
    fe_add(&t3, &t3, &t3);
    fe_mul(&z3, &p->x, &p->z);
    fe_add(&z3, &z3, &z3);
    fe_mul(&y3, &c->b, &t2);
    fe_sub(&y3, &y3, &z3);
    fe_add(&x3, &y3, &y3);
    fe_add(&y3, &x3, &y3);
    fe_sub(&x3, &t1, &y3);
    fe_add(&y3, &t1, &y3);
    fe_mul(&y3, &x3, &y3);
    fe_mul(&x3, &x3, &t3);
    fe_add(&t3, &t2, &t2);
    fe_add(&t2, &t2, &t3);
    fe_mul(&z3, &c->b, &z3);
    fe_sub(&z3, &z3, &t2);
    fe_sub(&z3, &z3, &t0);
    fe_add(&t3, &z3, &z3);
    fe_add(&z3, &z3, &t3);
    fe_add(&t3, &t0, &t0);
    fe_add(&t0, &t3, &t0);
    fe_sub(&t0, &t0, &t2);
    fe_mul(&t0, &t0, &z3);
    fe_add(&y3, &y3, &t0);
    fe_mul(&t0, &p->y, &p->z);
    fe_add(&t0, &t0, &t0);
    fe_mul(&z3, &t0, &z3);
    fe_sub(&x3, &x3, &z3);
    fe_mul(&z3, &t0, &t1);
    fe_add(&z3, &z3, &z3);
    fe_add(&z3, &z3, &z3);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

static void pt_infinity(const p256_ctx *c, pt *r)
{
    memset(r, 0, sizeof *r);
    r->y = c->one;
}

static void pt_from_aff(const p256_ctx *c, pt *r, const aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = c->one;
}

/* ---- setup ---- */

/* rr sets r = R^2 mod m by doubling 1 512 times. */
static void rr(limb r[NL], const limb m[NL])
{
    limb x[NL] = {1};
    for (int i = 0; i < 512; i++)
        mod_add(x, x, x, m);
    memcpy(r, x, sizeof x);
}

/* normalize sets out[i] = the affine form of in[i] (none is the point at infinity)
 * with one inversion (Montgomery's trick: invert the product of every Z, then peel
 * the factors off from the end). */
static void normalize(const p256_ctx *c, aff *out, const pt *in, size_t count)
{
    fe *prefix = malloc(count * sizeof *prefix), inv, t;
    if (!prefix)
        abort();
    prefix[0] = in[0].z;
    for (size_t i = 1; i < count; i++)
        fe_mul(&prefix[i], &prefix[i - 1], &in[i].z);
    fe_inv(c, &inv, &prefix[count - 1]);
    for (size_t i = count; i-- > 0;) {
        fe zi;
        if (i > 0) {
            fe_mul(&zi, &inv, &prefix[i - 1]);
            fe_mul(&inv, &inv, &in[i].z);
        } else {
            zi = inv;
        }
        fe_mul(&out[i].x, &in[i].x, &zi);
        fe_mul(&t, &in[i].y, &zi);
        out[i].y = t;
    }
    free(prefix);
}

static void p256_init(void *vctx)
{
    p256_ctx *c = vctx;
    static const limb one_plain[NL] = {1};
    rr(c->rr_p, P);
    rr(c->rr_n, N);
    /* n0 = -n^-1 mod 2^LB by Newton's iteration: each step doubles the correct bits
     * (n is odd, so x = n is right to 3 bits: n n = 1 mod 8) */
    limb inv = N[0];
    for (int i = 0; i < 6; i++)
        inv *= 2 - N[0] * inv;
    c->n0 = (limb)0 - inv;
    mont_mul(c->one.v, one_plain, c->rr_p, P, 1);
    mont_mul(c->one_n, one_plain, c->rr_n, N, c->n0);
    mont_mul(c->b.v, B, c->rr_p, P, 1);

    pt *all = malloc(WINDOWS * ENTRIES * sizeof *all);
    if (!all)
        abort();
    aff g;
    mont_mul(g.x.v, GX, c->rr_p, P, 1);
    mont_mul(g.y.v, GY, c->rr_p, P, 1);
    pt base;
    pt_from_aff(c, &base, &g);
    for (int i = 0; i < WINDOWS; i++) {
        pt *row = all + (size_t)i * ENTRIES;
        row[0] = base;
        pt_dbl(c, &row[1], &base);
        for (int j = 2; j < ENTRIES; j++)
            pt_add(c, &row[j], &row[j - 1], &base);
        pt_dbl(c, &base, &row[ENTRIES - 1]); /* 64 = 2^6 times this window's base */
    }
    normalize(c, &c->table[0][0], all, WINDOWS * ENTRIES);
    free(all);
}

/* ---- [k]G, constant time ---- */

/* bit returns bit i of k (0 outside 0..255); i is public, the bit is not. */
static unsigned bit_of(const limb k[NL], int i)
{
    if (i < 0 || i >= 256)
        return 0;
    return (unsigned)(k[i / LB] >> (i % LB)) & 1;
}

/* ct_eq returns all ones when a == b, else zero, without a branch. */
static limb ct_eq(unsigned a, unsigned b)
{
    uint32_t x = a ^ b;
    return (limb)0 - (limb)(((x | ((uint32_t)0 - x)) >> 31) ^ 1);
}

static int p256_base(const void *vctx, uint8_t xo[32], uint8_t yo[32], const uint8_t kb[32])
{
    const p256_ctx *c = vctx;
    limb k[NL];
    from_be(k, kb);
    pt acc, sum;
    pt_infinity(c, &acc);
    for (int i = 0; i < WINDOWS; i++) {
        /* Booth: digit = b(6i-1) + sum_{j<5} 2^j b(6i+j) - 32 b(6i+5), in [-32, 32] */
        unsigned x = 0; /* seven bits: b(6i+5) .. b(6i-1) */
        for (int j = WINDOW - 1; j >= -1; j--)
            x = x << 1 | bit_of(k, WINDOW * i + j);
        unsigned v = (x >> 1) + (x & 1), neg = x >> 6;
        limb nmask = (limb)0 - (limb)neg;
        unsigned mag = (unsigned)(((64 - v) & (unsigned)nmask) | (v & ~(unsigned)nmask));
        aff e;
        memset(&e, 0, sizeof e);
        for (unsigned j = 0; j < ENTRIES; j++) {
            limb m = ct_eq(mag, j + 1);
            fe_cmov(&e.x, &c->table[i][j].x, m);
            fe_cmov(&e.y, &c->table[i][j].y, m);
        }
        fe ny, zero;
        memset(&zero, 0, sizeof zero);
        fe_sub(&ny, &zero, &e.y);
        fe_cmov(&e.y, &ny, nmask);
        pt_madd(c, &sum, &acc, &e);
        /* a zero digit adds nothing: keep acc */
        limb take = ~ct_eq(mag, 0);
        fe_cmov(&acc.x, &sum.x, take);
        fe_cmov(&acc.y, &sum.y, take);
        fe_cmov(&acc.z, &sum.z, take);
    }
    limb inf = fe_is_zero(&acc.z);
    fe zi, ax, ay;
    fe_inv(c, &zi, &acc.z);
    fe_mul(&ax, &acc.x, &zi);
    fe_mul(&ay, &acc.y, &zi);
    fe_store(xo, &ax);
    fe_store(yo, &ay);
    cb_wipe(k, sizeof k);
    cb_wipe(&acc, sizeof acc);
    cb_wipe(&sum, sizeof sum);
    return inf ? -1 : 0;
}

/* ---- [u1]G + [u2]Q, variable time ---- */

/*
 * Verification handles public numbers only, so it may branch, and its 256
 * doublings are most of its cost: it works in Jacobian coordinates (x = X/Z^2,
 * y = Y/Z^3; infinity has Z = 0), whose doubling for a = -3 is 3M + 5S
 * (dbl-2001-b of Bernstein and Lange's Explicit-Formulas Database) against the
 * complete formula's 8M + 3S and two multiplications by b.  The additions
 * (add-2007-bl, madd-2007-bl) are not complete: jac_add and jac_madd test for
 * infinity and for equal or opposite points and branch.
 */

/* jac_dbl sets r = 2p (infinity stays infinity: Z3 is 2 Y1 Z1). */
static void jac_dbl(pt *r, const pt *p)
{
    fe delta, gamma, beta, alpha, t, u;
    fe_sqr(&delta, &p->z);
    fe_sqr(&gamma, &p->y);
    fe_mul(&beta, &p->x, &gamma);
    fe_sub(&t, &p->x, &delta);
    fe_add(&u, &p->x, &delta);
    fe_mul(&alpha, &t, &u);
    fe_add(&t, &alpha, &alpha);
    fe_add(&alpha, &t, &alpha); /* 3 (X - delta)(X + delta) */
    fe_add(&r->z, &p->y, &p->z);
    fe_sqr(&r->z, &r->z);
    fe_sub(&r->z, &r->z, &gamma);
    fe_sub(&r->z, &r->z, &delta);
    fe_add(&beta, &beta, &beta);
    fe_add(&beta, &beta, &beta); /* 4 beta */
    fe_sqr(&r->x, &alpha);
    fe_sub(&r->x, &r->x, &beta);
    fe_sub(&r->x, &r->x, &beta); /* alpha^2 - 8 beta */
    fe_sub(&t, &beta, &r->x);
    fe_sqr(&gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma); /* 8 gamma^2 */
    fe_mul(&r->y, &alpha, &t);
    fe_sub(&r->y, &r->y, &gamma);
}

/* jac_finish completes an addition from H = U2 - U1 and R = S2 - S1 (both before
 * doubling), U1, S1 and Z3 without its factor H: add-2007-bl's common tail. */
static void jac_finish(pt *r, const fe *h, const fe *rr, const fe *u1, const fe *s1,
                       const fe *zz)
{
    fe i, j, v, t, r2;
    fe_add(&t, h, h);
    fe_sqr(&i, &t);     /* (2H)^2 */
    fe_mul(&j, h, &i);  /* H I */
    fe_add(&r2, rr, rr); /* 2 (S2 - S1) */
    fe_mul(&v, u1, &i);
    fe_sqr(&r->x, &r2);
    fe_sub(&r->x, &r->x, &j);
    fe_sub(&r->x, &r->x, &v);
    fe_sub(&r->x, &r->x, &v);
    fe_sub(&t, &v, &r->x);
    fe_mul(&r->y, &r2, &t);
    fe_mul(&t, s1, &j);
    fe_add(&t, &t, &t);
    fe_sub(&r->y, &r->y, &t);
    fe_mul(&r->z, zz, h);
}

/* jac_add sets r = p + q (add-2007-bl), with the special cases branched on. */
static void jac_add(pt *r, const pt *p, const pt *q)
{
    if (fe_is_zero(&p->z)) {
        *r = *q;
        return;
    }
    if (fe_is_zero(&q->z)) {
        *r = *p;
        return;
    }
    fe z1z1, z2z2, u1, u2, s1, s2, h, rr, zz;
    fe_sqr(&z1z1, &p->z);
    fe_sqr(&z2z2, &q->z);
    fe_mul(&u1, &p->x, &z2z2);
    fe_mul(&u2, &q->x, &z1z1);
    fe_mul(&s1, &p->y, &q->z);
    fe_mul(&s1, &s1, &z2z2);
    fe_mul(&s2, &q->y, &p->z);
    fe_mul(&s2, &s2, &z1z1);
    fe_sub(&h, &u2, &u1);
    fe_sub(&rr, &s2, &s1);
    if (fe_is_zero(&h)) {
        if (fe_is_zero(&rr)) {
            jac_dbl(r, p);
        } else {
            memset(r, 0, sizeof *r); /* p = -q */
        }
        return;
    }
    fe_add(&zz, &p->z, &q->z);
    fe_sqr(&zz, &zz);
    fe_sub(&zz, &zz, &z1z1);
    fe_sub(&zz, &zz, &z2z2); /* 2 Z1 Z2 */
    jac_finish(r, &h, &rr, &u1, &s1, &zz);
}

/* jac_madd sets r = p + q for an affine q (madd-2007-bl, U1 = X1, S1 = Y1). */
static void jac_madd(const p256_ctx *c, pt *r, const pt *p, const aff *q)
{
    if (fe_is_zero(&p->z)) {
        r->x = q->x;
        r->y = q->y;
        r->z = c->one;
        return;
    }
    fe z1z1, u2, s2, h, rr, zz, x1 = p->x, y1 = p->y;
    fe_sqr(&z1z1, &p->z);
    fe_mul(&u2, &q->x, &z1z1);
    fe_mul(&s2, &q->y, &p->z);
    fe_mul(&s2, &s2, &z1z1);
    fe_sub(&h, &u2, &x1);
    fe_sub(&rr, &s2, &y1);
    if (fe_is_zero(&h)) {
        if (fe_is_zero(&rr)) {
            jac_dbl(r, p);
        } else {
            memset(r, 0, sizeof *r);
        }
        return;
    }
    fe_add(&zz, &p->z, &p->z); /* (Z1 + H)^2 - Z1Z1 - H^2 = 2 Z1 H */
    jac_finish(r, &h, &rr, &x1, &y1, &zz);
}

/* wnaf writes the width-5 NAF of k (public) into d[0..257): odd digits in [-15, 15]
 * with at least four zeros after each; returns how many digits are used. */
static int wnaf(int8_t d[257], const uint8_t kb[32])
{
    uint32_t k[9] = {0};
    for (int i = 0; i < 32; i++)
        k[i / 4] |= (uint32_t)kb[31 - i] << (8 * (i % 4));
    int len = 0;
    memset(d, 0, 257);
    for (int i = 0; i < 257; i++) {
        int digit = 0;
        if (k[0] & 1) {
            digit = (int)(k[0] & 31);
            if (digit >= 16)
                digit -= 32;
            /* k -= digit: a negative digit adds, which may carry */
            uint64_t carry = 0;
            uint32_t sub = (uint32_t)(digit < 0 ? -digit : digit);
            for (int j = 0; j < 9; j++) {
                uint64_t x = digit < 0 ? (uint64_t)k[j] + (j ? 0 : sub) + carry
                                       : (uint64_t)k[j] - (j ? 0 : sub) - carry;
                k[j] = (uint32_t)x;
                carry = digit < 0 ? x >> 32 : (x >> 32) & 1;
            }
            d[i] = (int8_t)digit;
            len = i + 1;
        }
        for (int j = 0; j < 8; j++)
            k[j] = k[j] >> 1 | k[j + 1] << 31;
        k[8] >>= 1;
    }
    return len;
}

static int p256_check(const void *vctx, uint8_t xo[32], const uint8_t u1[32],
                      const uint8_t u2[32], const uint8_t qx[32], const uint8_t qy[32])
{
    const p256_ctx *c = vctx;
    aff q;
    if (fe_load(c, &q.x, qx) != 0 || fe_load(c, &q.y, qy) != 0)
        return -1;
    /* on the curve: y^2 = x^3 - 3x + b */
    fe l, r, t;
    fe_sqr(&l, &q.y);
    fe_sqr(&r, &q.x);
    fe_mul(&r, &r, &q.x);
    fe_add(&t, &q.x, &q.x);
    fe_add(&t, &t, &q.x);
    fe_sub(&r, &r, &t);
    fe_add(&r, &r, &c->b);
    if (memcmp(&l, &r, sizeof l) != 0)
        return -1;

    /* [u2]Q by width-5 NAF over Q, 3Q, .., 15Q */
    pt odd[8], q2, acc;
    pt_from_aff(c, &odd[0], &q);
    jac_dbl(&q2, &odd[0]);
    for (int i = 1; i < 8; i++)
        jac_add(&odd[i], &odd[i - 1], &q2);
    int8_t d[257];
    int len = wnaf(d, u2);
    memset(&acc, 0, sizeof acc);
    for (int i = len - 1; i >= 0; i--) {
        jac_dbl(&acc, &acc);
        if (d[i]) {
            pt s = odd[(d[i] < 0 ? -d[i] : d[i]) >> 1];
            if (d[i] < 0) {
                fe zero;
                memset(&zero, 0, sizeof zero);
                fe_sub(&s.y, &zero, &s.y);
            }
            jac_add(&acc, &acc, &s);
        }
    }

    /* [u1]G from the base table, the same Booth digits as p256_base */
    limb k[NL];
    from_be(k, u1);
    for (int i = 0; i < WINDOWS; i++) {
        unsigned x = 0;
        for (int j = WINDOW - 1; j >= -1; j--)
            x = x << 1 | bit_of(k, WINDOW * i + j);
        unsigned v = (x >> 1) + (x & 1);
        int digit = (int)v - (int)(64 * (x >> 6));
        if (digit == 0)
            continue;
        aff e = c->table[i][(digit < 0 ? -digit : digit) - 1];
        if (digit < 0) {
            fe zero;
            memset(&zero, 0, sizeof zero);
            fe_sub(&e.y, &zero, &e.y);
        }
        jac_madd(c, &acc, &acc, &e);
    }

    if (fe_is_zero(&acc.z))
        return -1;
    fe zi, zi2, ax;
    fe_inv(c, &zi, &acc.z);
    fe_sqr(&zi2, &zi);
    fe_mul(&ax, &acc.x, &zi2);
    fe_store(xo, &ax);
    return 0;
}

/* ---- scalars modulo n ---- */

#ifdef P256_ORD_MUL
#define ORD_MUL(r, a, b, c) P256_ORD_MUL(r, a, b, (c)->n0)
#define ORD_SQR(r, a, c) P256_ORD_SQR(r, a, (c)->n0)
#else
#define ORD_MUL(r, a, b, c) mont_mul(r, a, b, N, (c)->n0)
#define ORD_SQR(r, a, c) mont_sqr(r, a, N, (c)->n0)
#endif


static void p256_ord_mul(const void *vctx, uint8_t out[32], const uint8_t a[32],
                         const uint8_t b[32])
{
    const p256_ctx *c = vctx;
    limb x[NL], y[NL];
    from_be(x, a);
    from_be(y, b);
    ORD_MUL(x, x, y, c);       /* a b R^-1 */
    ORD_MUL(x, x, c->rr_n, c); /* a b */
    to_be(out, x);
    cb_wipe(x, sizeof x);
    cb_wipe(y, sizeof y);
}

/* p256_ord_inv: a^(n-2) in Montgomery form with four-bit windows; the exponent is
 * public, so its window indexes the table directly, and the base a (a nonce) only
 * ever enters products. */
static void p256_ord_inv(const void *vctx, uint8_t out[32], const uint8_t a[32])
{
    static const limb one_plain[NL] = {1};
    const p256_ctx *c = vctx;
    limb tab[16][NL], acc[NL], e[NL];
    from_be(tab[1], a);
    ORD_MUL(tab[1], tab[1], c->rr_n, c); /* a R */
    memcpy(tab[0], c->one_n, sizeof tab[0]);
    for (int i = 2; i < 16; i++)
        ORD_MUL(tab[i], tab[i - 1], tab[1], c);
    memcpy(e, N, sizeof e);
    e[0] -= 2;
    memcpy(acc, c->one_n, sizeof acc);
    for (int i = 256 / 4 - 1; i >= 0; i--) {
        unsigned nib = (unsigned)(e[i * 4 / LB] >> (i * 4 % LB)) & 15;
        for (int j = 0; j < 4; j++)
            ORD_SQR(acc, acc, c);
        if (nib)
            ORD_MUL(acc, acc, tab[nib], c);
    }
    ORD_MUL(acc, acc, one_plain, c);
    to_be(out, acc);
    cb_wipe(tab, sizeof tab);
    cb_wipe(acc, sizeof acc);
}

const cb_p256_ops P256_OPS = {
    .ctx_size = sizeof(p256_ctx),
    .init = p256_init,
    .base = p256_base,
    .check = p256_check,
    .ord_mul = p256_ord_mul,
    .ord_inv = p256_ord_inv,
};
