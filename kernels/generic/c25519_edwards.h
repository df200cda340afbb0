/*
 * kernels/generic/c25519_edwards.h - the Ed25519 group (RFC 8032 5.1): edwards25519,
 * -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19), in extended coordinates
 * (X : Y : Z : T) with x = X/Z, y = Y/Z, x y = T/Z, over the field code and the
 * fe_invert of kernels/generic/c25519_ladder.h (included first), plus fe_carry(h),
 * which the including file defines to bring h's limbs back to their carried size.
 *
 * The constants come from the standard's definitions, computed once per key
 * (ed_init): d = -121665/121666, sqrt(-1) = 2^((p-1)/4), B = the point with
 * y = 4/5 and x even (5.1), and the comb [j 16^i]B for the 64 4-bit windows i
 * (about 160 KiB, built with 1024 additions).
 *
 * Constant time (ed_base, used for every secret scalar): 64 fixed 4-bit windows,
 * each one addition of a comb entry that is read by scanning all 16 entries of its
 * window with masked moves, so neither the branches nor the addresses depend on the
 * scalar; the addition formula is complete (a = -1 is a square, d is not), so
 * adding [0]B needs no special case.  ed_check (verification, public inputs) is
 * variable time.
 *
 * Bounds: every fe_mul and fe_sq input is the sum or difference of at most three
 * carried values, which both radices allow; fe_carry keeps it so where more meet.
 */
#ifndef CB_C25519_EDWARDS_H
#define CB_C25519_EDWARDS_H

typedef struct ge {
    fe X, Y, Z, T;
} ge;

/* ED_WINDOWS: 4-bit windows of a 256-bit scalar. */
#define ED_WINDOWS 64

typedef struct ed_ctx {
    fe d, d2, sqrtm1;
    ge base[ED_WINDOWS][16]; /* base[i][j] = [j 16^i]B: a comb, so [k]B needs no doubling */
} ed_ctx;

/* fe_pow_public sets h = f^e for the little-endian exponent e[0..32) (square and
 * multiply, variable time: for the constants only). */
static void fe_pow_public(fe *h, const fe *f, const uint8_t e[32])
{
    fe r;
    fe_set(&r, 1);
    for (int i = 255; i >= 0; i--) {
        fe_sq(&r, &r);
        if ((e[i >> 3] >> (i & 7)) & 1)
            fe_mul(&r, &r, f);
    }
    *h = r;
}

/* fe_pow22523 sets h = f^((p-5)/8) = f^(2^252 - 3), the power RFC 8032 5.1.3 takes
 * the square root with: (2^250 - 1) 2^2 + 1. */
static void fe_pow22523(fe *h, const fe *f)
{
    fe a, z11;
    fe_pow2_250_1(&a, &z11, f);
    fe_sq_times(&a, &a, 2);
    fe_mul(h, &a, f);
}

static void ge_identity(ge *p)
{
    fe_set(&p->X, 0);
    fe_set(&p->Y, 1);
    fe_set(&p->Z, 1);
    fe_set(&p->T, 0);
}

/* ge_add sets r = p + q (RFC 8032 5.1.4, a = -1, complete). */
static void ge_add(ge *r, const ge *p, const ge *q, const ed_ctx *c)
{
    fe a, b, t, cc, dd, e, f, g, h;
    fe_sub(&a, &p->Y, &p->X);
    fe_sub(&t, &q->Y, &q->X);
    fe_mul(&a, &a, &t);
    fe_add(&b, &p->Y, &p->X);
    fe_add(&t, &q->Y, &q->X);
    fe_mul(&b, &b, &t);
    fe_mul(&cc, &p->T, &q->T);
    fe_mul(&cc, &cc, &c->d2);
    fe_mul(&dd, &p->Z, &q->Z);
    fe_add(&dd, &dd, &dd);
    fe_sub(&e, &b, &a);
    fe_sub(&f, &dd, &cc);
    fe_add(&g, &dd, &cc);
    fe_add(&h, &b, &a);
    fe_carry(&f);
    fe_carry(&g);
    fe_mul(&r->X, &e, &f);
    fe_mul(&r->Y, &g, &h);
    fe_mul(&r->T, &e, &h);
    fe_mul(&r->Z, &f, &g);
}

/* ge_double sets r = 2p (RFC 8032 5.1.4's doubling, a = -1). */
static void ge_double(ge *r, const ge *p)
{
    fe a, b, cc, h, e, g, f, t;
    fe_sq(&a, &p->X);
    fe_sq(&b, &p->Y);
    fe_sq(&cc, &p->Z);
    fe_add(&cc, &cc, &cc);
    fe_add(&h, &a, &b);
    fe_add(&t, &p->X, &p->Y);
    fe_sq(&t, &t);
    fe_sub(&e, &h, &t);
    fe_sub(&g, &a, &b);
    fe_add(&f, &cc, &g);
    fe_carry(&e);
    fe_carry(&f);
    fe_carry(&g);
    fe_carry(&h);
    fe_mul(&r->X, &e, &f);
    fe_mul(&r->Y, &g, &h);
    fe_mul(&r->T, &e, &h);
    fe_mul(&r->Z, &f, &g);
}

/* ge_cmov sets r = p when b is 1 (masked, for the table scan). */
static void ge_cmov(ge *r, const ge *p, unsigned b)
{
    fe_cmov(&r->X, &p->X, b);
    fe_cmov(&r->Y, &p->Y, b);
    fe_cmov(&r->Z, &p->Z, b);
    fe_cmov(&r->T, &p->T, b);
}

/* ge_encode writes p as RFC 8032 5.1.2 does: y, with x's low bit as bit 255. */
static void ge_encode(uint8_t out[32], const ge *p)
{
    fe zi, x, y;
    uint8_t xb[32];
    fe_invert(&zi, &p->Z);
    fe_mul(&x, &p->X, &zi);
    fe_mul(&y, &p->Y, &zi);
    fe_tobytes(out, &y);
    fe_tobytes(xb, &x);
    out[31] |= (uint8_t)(xb[0] << 7);
}

/* ge_decode reads a point as RFC 8032 5.1.3 does; -1 when y >= p (non-canonical) or
 * no x exists, or when x = 0 is given with bit 255 set. */
static int ge_decode(ge *p, const uint8_t in[32], const ed_ctx *c)
{
    uint8_t yb[32], check[32];
    unsigned x0 = in[31] >> 7;
    memcpy(yb, in, 32);
    yb[31] &= 0x7f;
    fe y, u, v, v3, x, vx2, t, one;
    fe_frombytes(&y, yb);
    fe_tobytes(check, &y);
    if (memcmp(check, yb, 32) != 0)
        return -1;
    fe_set(&one, 1);
    fe_sq(&u, &y);
    fe_mul(&v, &u, &c->d);
    fe_sub(&u, &u, &one);     /* u = y^2 - 1 */
    fe_add(&v, &v, &one);     /* v = d y^2 + 1 */
    fe_carry(&u);
    fe_carry(&v);
    /* x = u v^3 (u v^7)^((p-5)/8) */
    fe_sq(&v3, &v);
    fe_mul(&v3, &v3, &v);
    fe_sq(&t, &v3);
    fe_mul(&t, &t, &v);
    fe_mul(&t, &t, &u);
    fe_pow22523(&t, &t);
    fe_mul(&x, &u, &v3);
    fe_mul(&x, &x, &t);
    fe_sq(&vx2, &x);
    fe_mul(&vx2, &vx2, &v);
    fe_neg(&t, &u);
    if (fe_equal(&vx2, &t))
        fe_mul(&x, &x, &c->sqrtm1);
    else if (!fe_equal(&vx2, &u))
        return -1;
    if (fe_set_sign(&x, x0) != 0)
        return -1;
    p->X = x;
    p->Y = y;
    fe_set(&p->Z, 1);
    fe_mul(&p->T, &x, &y);
    return 0;
}

/* ed_init computes d, 2d, sqrt(-1), B and [0]B .. [15]B. */
static void ed_init(void *ctx)
{
    ed_ctx *c = ctx;
    fe t, u;
    uint8_t e[32];
    /* d = -121665 / 121666 */
    fe_set(&t, 121666);
    fe_invert(&t, &t);
    fe_set(&u, 121665);
    fe_neg(&u, &u);
    fe_mul(&c->d, &u, &t);
    fe_add(&c->d2, &c->d, &c->d);
    fe_carry(&c->d2);
    /* sqrt(-1) = 2^((p-1)/4); (p - 1) / 4 = 2^253 - 5 */
    memset(e, 0xff, 32);
    e[0] = 0xfb;
    e[31] = 0x1f;
    fe_set(&t, 2);
    fe_pow_public(&c->sqrtm1, &t, e);
    /* B: y = 4/5, x positive (even), as 5.1 defines it; decoded like any point */
    uint8_t by[32];
    fe_set(&t, 5);
    fe_invert(&t, &t);
    fe_set(&u, 4);
    fe_mul(&t, &t, &u);
    fe_tobytes(by, &t);
    ge p;
    (void)ge_decode(&p, by, c); /* cannot fail: B is on the curve */
    for (int i = 0; i < ED_WINDOWS; i++) {
        ge_identity(&c->base[i][0]);
        c->base[i][1] = p;
        for (int j = 2; j < 16; j++)
            ge_add(&c->base[i][j], &c->base[i][j - 1], &p, c);
        for (int n = 0; n < 4; n++) /* p = 16^(i+1) B */
            ge_double(&p, &p);
    }
}

/* ed_base writes the encoding of [k]B for the 256-bit little-endian k, in
 * constant time (see the top of this file). */
static void ed_base(const void *ctx, uint8_t out[32], const uint8_t k[32])
{
    const ed_ctx *c = ctx;
    ge r, sel;
    ge_identity(&r);
    for (int w = 0; w < ED_WINDOWS; w++) {
        unsigned nib = (k[w >> 1] >> (4 * (w & 1))) & 15;
        ge_identity(&sel);
        for (unsigned j = 1; j < 16; j++)
            ge_cmov(&sel, &c->base[w][j], ((nib ^ j) - 1) >> 31 & 1);
        ge_add(&r, &r, &sel, c);
    }
    ge_encode(out, &r);
    cb_wipe(&r, sizeof r);
    cb_wipe(&sel, sizeof sel);
}

/* ge_small_order reports whether [8]p is the identity (x = 0 and y = z). */
static int ge_small_order(const ge *p)
{
    ge q = *p;
    for (int i = 0; i < 3; i++)
        ge_double(&q, &q);
    fe zero;
    fe_set(&zero, 0);
    return fe_equal(&q.X, &zero) && fe_equal(&q.Y, &q.Z);
}

/*
 * ed_check writes the encoding of [s]B - [k]A, which a valid signature's R equals
 * (RFC 8032 5.1.7 without the cofactor, as OpenSSL checks it).  Returns -1 when A
 * is not a canonical encoding of a point, or has small order (such a key would let
 * one signature verify for many messages).  Variable time: every input is public.
 */
static int ed_check(const void *ctx, uint8_t out[32], const uint8_t s[32],
                    const uint8_t k[32], const uint8_t a[32])
{
    const ed_ctx *c = ctx;
    ge A, ta[16], r;
    if (ge_decode(&A, a, c) != 0 || ge_small_order(&A))
        return -1;
    /* -A: negate x and t */
    fe_neg(&A.X, &A.X);
    fe_neg(&A.T, &A.T);
    ge_identity(&ta[0]);
    ta[1] = A;
    for (int j = 2; j < 16; j++)
        ge_add(&ta[j], &ta[j - 1], &A, c);
    ge_identity(&r);
    for (int w = 63; w >= 0; w--) {
        unsigned sn = (s[w >> 1] >> (4 * (w & 1))) & 15, kn = (k[w >> 1] >> (4 * (w & 1))) & 15;
        for (int i = 0; i < 4; i++)
            ge_double(&r, &r);
        if (sn)
            ge_add(&r, &r, &c->base[0][sn], c);
        if (kn)
            ge_add(&r, &r, &ta[kn], c);
    }
    ge_encode(out, &r);
    return 0;
}

#endif
