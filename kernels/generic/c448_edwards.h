/*
 * kernels/generic/c448_edwards.h - the Ed448 group (RFC 8032 5.2): edwards448,
 * x^2 + y^2 = 1 + d x^2 y^2 with d = -39081 over GF(2^448 - 2^224 - 1), in extended
 * coordinates (X : Y : Z : T) with x = X/Z, y = Y/Z, x y = T/Z, over the field code
 * and the fe_invert / fe_pow_p34 of kernels/generic/c448_ladder.h (included first)
 * and the helpers of kernels/generic/curve_common.h.
 *
 * The group's constants: d is the small -39081, so it enters as fe_mul_small; B is
 * decoded from the encoding of RFC 8032 5.2's coordinates (its y, and x's low bit,
 * which decoding checks against the curve), and the table of [j 256^i]B, j = 1 .. 8,
 * i = 0 .. 55, is computed once per key (ed_init) and kept as (x, y, d x y) with
 * Z = 1 (about 86 KiB), one inversion per window shared by its eight entries
 * (Montgomery's trick).
 *
 * Constant time (ed_base, used for every secret scalar): the scalar is recoded into
 * 112 signed 4-bit digits in [-8, 8] with arithmetic only; each digit picks its
 * entry by scanning all eight entries of its window with masked moves and negates it
 * with a masked move, so neither branches nor addresses depend on the scalar; the
 * odd digits' sum is multiplied by 16 with four doublings, then the even digits'
 * entries are added.  The addition formula is complete (a = 1 is a square, d is
 * not), so adding [0]B needs no special case.  ed_check (verification, public
 * inputs) is variable time.
 *
 * Bounds: every fe_sub subtracts a carried value (fe_carry first where a sum is
 * subtracted), which both radices allow.
 */
#ifndef CB_C448_EDWARDS_H
#define CB_C448_EDWARDS_H

/* ED_D_ABS: -d for edwards448 (RFC 8032 5.2: d = -39081). */
#define ED_D_ABS 39081

/* ED_BYTES: an encoded point or scalar; ED_DIGITS: signed 4-bit digits of a scalar
 * below 2^447; ED_WINDOWS: the table's windows (every other digit). */
#define ED_BYTES 57
#define ED_DIGITS 112
#define ED_WINDOWS 56

typedef struct ge {
    fe X, Y, Z, T;
} ge;

/* ge_pre: an affine point as (x, y, d x y), for mixed addition. */
typedef struct ge_pre {
    fe x, y, dxy;
} ge_pre;

typedef struct ed_ctx {
    ge_pre base[ED_WINDOWS][8]; /* base[i][j] = [(j + 1) 256^i]B */
} ed_ctx;

/* B's encoding (RFC 8032 5.2's coordinates: y, with x's low bit as bit 455). */
static const uint8_t ed_base_enc[ED_BYTES] = {
    0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e, 0x2c, 0x13, 0xbd,
    0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a, 0xd7, 0xc2, 0xa0, 0x05, 0x1e, 0x9c,
    0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c, 0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7, 0xc9, 0x56, 0x37,
    0x20, 0x76, 0x88, 0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69, 0x00};

static void ge_identity(ge *p)
{
    fe_set(&p->X, 0);
    fe_set(&p->Y, 1);
    fe_set(&p->Z, 1);
    fe_set(&p->T, 0);
}

/* ge_finish sets r from E, F, G, H: X = E F, Y = G H, T = E H, Z = F G. */
static void ge_finish(ge *r, const fe *e, const fe *f, const fe *g, const fe *h)
{
    fe_mul(&r->X, e, f);
    fe_mul(&r->Y, g, h);
    fe_mul(&r->T, e, h);
    fe_mul(&r->Z, f, g);
}

/* ge_add sets r = p + q (Hisil et al.'s extended addition with a = 1, complete):
 * A = X1 X2, B = Y1 Y2, C = d T1 T2, D = Z1 Z2, E = (X1 + Y1)(X2 + Y2) - A - B,
 * F = D - C, G = D + C, H = B - A. */
static void ge_add(ge *r, const ge *p, const ge *q)
{
    fe a, b, c, dd, e, f, g, h, s, t;
    fe_mul(&a, &p->X, &q->X);
    fe_mul(&b, &p->Y, &q->Y);
    fe_mul(&c, &p->T, &q->T);
    fe_mul_small(&c, &c, ED_D_ABS); /* -C */
    fe_mul(&dd, &p->Z, &q->Z);
    fe_add(&s, &p->X, &p->Y);
    fe_add(&t, &q->X, &q->Y);
    fe_mul(&e, &s, &t);
    fe_add(&s, &a, &b);
    fe_carry(&s);
    fe_sub(&e, &e, &s);
    fe_add(&f, &dd, &c);
    fe_sub(&g, &dd, &c);
    fe_sub(&h, &b, &a);
    ge_finish(r, &e, &f, &g, &h);
}

/* ge_madd sets r = p + q for an affine q: ge_add with Z2 = 1 and d T2 stored. */
static void ge_madd(ge *r, const ge *p, const ge_pre *q)
{
    fe a, b, c, e, f, g, h, s, t;
    fe_mul(&a, &p->X, &q->x);
    fe_mul(&b, &p->Y, &q->y);
    fe_mul(&c, &p->T, &q->dxy);
    fe_add(&s, &p->X, &p->Y);
    fe_add(&t, &q->x, &q->y);
    fe_mul(&e, &s, &t);
    fe_add(&s, &a, &b);
    fe_carry(&s);
    fe_sub(&e, &e, &s);
    fe_sub(&f, &p->Z, &c);
    fe_add(&g, &p->Z, &c);
    fe_sub(&h, &b, &a);
    ge_finish(r, &e, &f, &g, &h);
}

/* ge_double sets r = 2p (Hisil et al.'s doubling with a = 1): A = X^2, B = Y^2,
 * C = 2 Z^2, G = A + B, E = (X + Y)^2 - G, F = G - C, H = A - B. */
static void ge_double(ge *r, const ge *p)
{
    fe a, b, c, e, f, g, h;
    fe_sq(&a, &p->X);
    fe_sq(&b, &p->Y);
    fe_sq(&c, &p->Z);
    fe_add(&c, &c, &c);
    fe_carry(&c);
    fe_add(&e, &p->X, &p->Y);
    fe_sq(&e, &e);
    fe_add(&g, &a, &b);
    fe_carry(&g);
    fe_sub(&e, &e, &g);
    fe_sub(&f, &g, &c);
    fe_sub(&h, &a, &b);
    ge_finish(r, &e, &f, &g, &h);
}

/* ge_encode writes p as RFC 8032 5.2.2 does: y, then x's low bit as bit 455. */
static void ge_encode(uint8_t out[ED_BYTES], const ge *p)
{
    fe zi, x, y;
    uint8_t xb[FE_BYTES];
    fe_invert(&zi, &p->Z);
    fe_mul(&x, &p->X, &zi);
    fe_mul(&y, &p->Y, &zi);
    fe_tobytes(out, &y);
    fe_tobytes(xb, &x);
    out[FE_BYTES] = (uint8_t)(xb[0] << 7);
}

/* ge_decode reads a point as RFC 8032 5.2.3 does; -1 when y >= p (non-canonical,
 * including any of bits 448 .. 454 set) or no x exists, or when x = 0 is given with
 * bit 455 set.  Variable time: for public points only. */
static int ge_decode(ge *p, const uint8_t in[ED_BYTES])
{
    uint8_t check[FE_BYTES];
    unsigned x0 = in[FE_BYTES] >> 7;
    if (in[FE_BYTES] & 0x7f)
        return -1;
    fe y, u, v, w, x, t, one;
    fe_frombytes(&y, in);
    fe_tobytes(check, &y);
    if (memcmp(check, in, FE_BYTES) != 0)
        return -1;
    fe_set(&one, 1);
    fe_sq(&u, &y);
    fe_mul_small(&w, &u, ED_D_ABS);
    fe_sub(&u, &u, &one);     /* u = y^2 - 1 */
    fe_carry(&u);
    fe_add(&w, &w, &one);
    fe_carry(&w);
    fe_neg(&v, &w);           /* v = d y^2 - 1 */
    /* x = u^3 v (u^5 v^3)^((p-3)/4) */
    fe u2, u3, v3;
    fe_sq(&u2, &u);
    fe_mul(&u3, &u2, &u);
    fe_sq(&v3, &v);
    fe_mul(&v3, &v3, &v);
    fe_mul(&t, &u3, &u2);
    fe_mul(&t, &t, &v3);
    fe_pow_p34(&t, &t);
    fe_mul(&x, &u3, &v);
    fe_mul(&x, &x, &t);
    fe_sq(&t, &x);
    fe_mul(&t, &t, &v);
    if (!fe_equal(&t, &u))
        return -1;
    if (fe_set_sign(&x, x0) != 0)
        return -1;
    p->X = x;
    p->Y = y;
    fe_set(&p->Z, 1);
    fe_mul(&p->T, &x, &y);
    return 0;
}

/* ed_init computes the table [j 256^i]B from B. */
static void ed_init(void *ctx)
{
    ed_ctx *c = ctx;
    ge p, m[8];
    fe pre[8], inv, zi, t;
    (void)ge_decode(&p, ed_base_enc); /* cannot fail: B is on the curve */
    for (int i = 0; i < ED_WINDOWS; i++) {
        m[0] = p;
        for (int j = 1; j < 8; j++)
            ge_add(&m[j], &m[j - 1], &p);
        /* one inversion for the window's eight Z: prefix products, then back */
        pre[0] = m[0].Z;
        for (int j = 1; j < 8; j++)
            fe_mul(&pre[j], &pre[j - 1], &m[j].Z);
        fe_invert(&inv, &pre[7]);
        for (int j = 7; j >= 0; j--) {
            if (j > 0) {
                fe_mul(&zi, &inv, &pre[j - 1]);
                fe_mul(&inv, &inv, &m[j].Z);
            } else {
                zi = inv;
            }
            ge_pre *e = &c->base[i][j];
            fe_mul(&e->x, &m[j].X, &zi);
            fe_mul(&e->y, &m[j].Y, &zi);
            fe_mul(&t, &e->x, &e->y);
            fe_mul_small(&t, &t, ED_D_ABS);
            fe_neg(&e->dxy, &t);
        }
        for (int n = 0; n < 8; n++) /* p = 256^(i+1) B */
            ge_double(&p, &p);
    }
}

/* ge_pre_select sets t = [b]P for b in [-8, 8] from row[j] = [j + 1]P, scanning all
 * eight entries and negating with masks (constant time in b). */
static void ge_pre_select(ge_pre *t, const ge_pre row[8], int b)
{
    unsigned ub = (unsigned)b;
    unsigned neg = ub >> (8 * sizeof ub - 1);
    unsigned babs = (ub ^ (0u - neg)) + neg;
    fe_set(&t->x, 0);
    fe_set(&t->y, 1);
    fe_set(&t->dxy, 0);
    for (unsigned j = 1; j <= 8; j++) {
        unsigned eq = ((babs ^ j) - 1) >> (8 * sizeof eq - 1);
        fe_cmov(&t->x, &row[j - 1].x, eq);
        fe_cmov(&t->y, &row[j - 1].y, eq);
        fe_cmov(&t->dxy, &row[j - 1].dxy, eq);
    }
    fe nx, nd;
    fe_neg(&nx, &t->x);
    fe_neg(&nd, &t->dxy);
    fe_cmov(&t->x, &nx, neg);
    fe_cmov(&t->dxy, &nd, neg);
}

/* ge_base_mul sets r = [k]B for a little-endian k below 2^447 (see the top). */
static void ge_base_mul(const ed_ctx *c, ge *r, const uint8_t k[ED_BYTES])
{
    int e[ED_DIGITS];
    for (int i = 0; i < ED_DIGITS / 2; i++) {
        e[2 * i] = k[i] & 15;
        e[2 * i + 1] = k[i] >> 4;
    }
    /* digits into [-8, 8): carry (e + 8) >> 4, which is 0 or 1 for e in [0, 16] */
    int carry = 0;
    for (int i = 0; i < ED_DIGITS - 1; i++) {
        e[i] += carry;
        carry = (e[i] + 8) >> 4;
        e[i] -= carry * 16;
    }
    e[ED_DIGITS - 1] += carry;
    ge_pre t;
    ge_identity(r);
    for (int i = 1; i < ED_DIGITS; i += 2) {
        ge_pre_select(&t, c->base[i / 2], e[i]);
        ge_madd(r, r, &t);
    }
    for (int n = 0; n < 4; n++)
        ge_double(r, r);
    for (int i = 0; i < ED_DIGITS; i += 2) {
        ge_pre_select(&t, c->base[i / 2], e[i]);
        ge_madd(r, r, &t);
    }
    cb_wipe(e, sizeof e);
    cb_wipe(&t, sizeof t);
}

/* ed_base writes the encoding of [k]B for the little-endian k below 2^447, in
 * constant time (see the top of this file). */
static void ed_base(const void *ctx, uint8_t out[ED_BYTES], const uint8_t k[ED_BYTES])
{
    ge r;
    ge_base_mul(ctx, &r, k);
    ge_encode(out, &r);
    cb_wipe(&r, sizeof r);
}

/* ge_small_order reports whether [4]p is the identity (x = 0 and y = z). */
static int ge_small_order(const ge *p)
{
    ge q;
    ge_double(&q, p);
    ge_double(&q, &q);
    fe zero;
    fe_set(&zero, 0);
    return fe_equal(&q.X, &zero) && fe_equal(&q.Y, &q.Z);
}

/*
 * ed_check writes the encoding of [s]B - [k]A, which a valid signature's R equals
 * (RFC 8032 5.2.7 without the cofactor), for s and k below 2^446.  Returns -1 when
 * A is not a canonical encoding of a point, or has small order.  Variable time:
 * every input is public.
 */
static int ed_check(const void *ctx, uint8_t out[ED_BYTES], const uint8_t s[ED_BYTES],
                    const uint8_t k[ED_BYTES], const uint8_t a[ED_BYTES])
{
    ge A, ta[16], r, sb;
    if (ge_decode(&A, a) != 0 || ge_small_order(&A))
        return -1;
    fe_neg(&A.X, &A.X); /* -A: negate x and t */
    fe_neg(&A.T, &A.T);
    ge_identity(&ta[0]);
    ta[1] = A;
    for (int j = 2; j < 16; j++)
        ge_add(&ta[j], &ta[j - 1], &A);
    ge_identity(&r);
    for (int w = ED_DIGITS - 1; w >= 0; w--) {
        unsigned kn = (k[w >> 1] >> (4 * (w & 1))) & 15;
        for (int i = 0; i < 4; i++)
            ge_double(&r, &r);
        if (kn)
            ge_add(&r, &r, &ta[kn]);
    }
    ge_base_mul(ctx, &sb, s);
    ge_add(&r, &r, &sb);
    ge_encode(out, &r);
    return 0;
}

#endif
