/*
 * kernels/generic/c25519_edwards.h - the Ed25519 group (RFC 8032 5.1): edwards25519,
 * -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19), in extended coordinates
 * (X : Y : Z : T) with x = X/Z, y = Y/Z, x y = T/Z, over the field code and the
 * fe_invert of kernels/generic/c25519_ladder.h (included first), plus fe_carry(h),
 * which the including file defines to bring h's limbs back to their carried size.
 *
 * The constants come from the standard's definitions, computed once per key
 * (ed_init): d = -121665/121666, sqrt(-1) = 2^((p-1)/4), B = the point with
 * y = 4/5 and x even (5.1), and one table of affine points in the form
 * (y + x, y - x, 2 d x y), so adding one costs 7 multiplications: the comb
 * [j 16^(2i)]B, j = 1..8, for the 32 pairs of 4-bit windows of ed_base; the odd
 * multiples B, 3B, .., 127B for ed_check's width-8 NAF; and [2^256]B.  All 321 are
 * made affine with one inversion (Montgomery's trick).
 *
 * Constant time (ed_base, used for every secret scalar): the scalar is recoded into
 * 64 signed 4-bit digits in [-8, 8) with arithmetic only; [k]B = 16 (sum over the odd
 * digits) + (sum over the even digits) + carry [2^256]B, 65 mixed additions and 4
 * doublings whatever k is; each entry is read by scanning all 8 of its row under
 * masks (ed_select), its sign applied with a masked swap and a masked negation, so
 * neither the branches nor the addresses depend on the scalar; the addition formula
 * is complete (a = -1 is a square, d is not), so adding [0]B, the entry (1, 1, 0),
 * needs no special case.  ed_check (verification, public inputs) is variable time:
 * Straus's interleaving of s's width-8 NAF over the fixed table and k's width-5 NAF
 * over the odd multiples of -A, sharing one chain of doublings.
 *
 * Bounds: every fe_mul and fe_sq input is the sum or difference of at most three
 * carried values, which both radices allow; fe_carry keeps it so where more meet.
 */
#ifndef CB_C25519_EDWARDS_H
#define CB_C25519_EDWARDS_H

typedef struct ge {
    fe X, Y, Z, T;
} ge;

/* gn: an affine point (x, y) as y + x, y - x and 2 d x y, what a mixed addition reads. */
typedef struct gn {
    fe ypx, ymx, xy2d;
} gn;

/* gc: a point (X : Y : Z : T) as Y + X, Y - X, 2 Z and 2 d T (an addend used often). */
typedef struct gc {
    fe ypx, ymx, z2, t2d;
} gc;

/* The table: ED_ROWS rows of the comb, row i = [1..8] 16^(2i) B; then ED_ODD odd
 * multiples of B (a width-8 NAF's digits reach 127); then [2^256]B, ed_base's carry. */
#define ED_ROWS 32
#define ED_ODD 64
#define ED_COMB(i, j) ((i) * 8 + (j))
#define ED_ODD_AT(m) (ED_ROWS * 8 + (m))
#define ED_TOP (ED_ROWS * 8 + ED_ODD)
#define ED_TABLE (ED_TOP + 1)

typedef struct ed_ctx {
    fe d, d2, sqrtm1;
    gn tab[ED_TABLE];
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

/* ge_finish ends an addition (RFC 8032 5.1.4, a = -1, complete) from its four
 * products A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2d T2, D = 2 Z1 Z2; T is
 * left out when want_t is 0 (the next step is a doubling, which does not read it). */
static inline void ge_finish(ge *r, const fe *a, const fe *b, const fe *cc, const fe *dd,
                             int want_t)
{
    fe e, f, g, h;
    fe_sub(&e, b, a);
    fe_sub(&f, dd, cc);
    fe_add(&g, dd, cc);
    fe_add(&h, b, a);
    fe_carry(&f);
    fe_carry(&g);
    fe_mul(&r->X, &e, &f);
    fe_mul(&r->Y, &g, &h);
    fe_mul(&r->Z, &f, &g);
    if (want_t)
        fe_mul(&r->T, &e, &h);
}

/* ge_madd sets r = p + n for an affine n: 7 multiplications (D = 2 Z1). */
static inline void ge_madd(ge *r, const ge *p, const gn *n, int want_t)
{
    fe a, b, cc, dd;
    fe_sub(&a, &p->Y, &p->X);
    fe_mul(&a, &a, &n->ymx);
    fe_add(&b, &p->Y, &p->X);
    fe_mul(&b, &b, &n->ypx);
    fe_mul(&cc, &p->T, &n->xy2d);
    fe_add(&dd, &p->Z, &p->Z);
    ge_finish(r, &a, &b, &cc, &dd, want_t);
}

/* ge_addc sets r = p + q for q in the form gc: 8 multiplications. */
static inline void ge_addc(ge *r, const ge *p, const gc *q, int want_t)
{
    fe a, b, cc, dd;
    fe_sub(&a, &p->Y, &p->X);
    fe_mul(&a, &a, &q->ymx);
    fe_add(&b, &p->Y, &p->X);
    fe_mul(&b, &b, &q->ypx);
    fe_mul(&cc, &p->T, &q->t2d);
    fe_mul(&dd, &p->Z, &q->z2);
    ge_finish(r, &a, &b, &cc, &dd, want_t);
}

/* ge_cached writes p in the form gc. */
static void ge_cached(gc *q, const ge *p, const ed_ctx *c)
{
    fe_add(&q->ypx, &p->Y, &p->X);
    fe_sub(&q->ymx, &p->Y, &p->X);
    fe_add(&q->z2, &p->Z, &p->Z);
    fe_carry(&q->ypx);
    fe_carry(&q->ymx);
    fe_carry(&q->z2);
    fe_mul(&q->t2d, &p->T, &c->d2);
}

/* ge_add sets r = p + q for two extended points (9 multiplications). */
static void ge_add(ge *r, const ge *p, const ge *q, const ed_ctx *c)
{
    gc t;
    ge_cached(&t, q, c);
    ge_addc(r, p, &t, 1);
}

/* ge_double sets r = 2p (RFC 8032 5.1.4's doubling, a = -1), which reads X, Y, Z
 * only; T is left out when want_t is 0. */
static inline void ge_double(ge *r, const ge *p, int want_t)
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
    fe_mul(&r->Z, &f, &g);
    if (want_t)
        fe_mul(&r->T, &e, &h);
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

/* gn_identity sets n = the neutral point (x, y) = (0, 1): (1, 1, 0). */
static void gn_identity(gn *n)
{
    fe_set(&n->ypx, 1);
    fe_set(&n->ymx, 1);
    fe_set(&n->xy2d, 0);
}

/* gn_neg sets n = -n when neg is 1 (x negated: y + x and y - x trade places, 2 d x y
 * changes sign), with a masked swap and a masked move. */
static void gn_neg(gn *n, unsigned neg)
{
    fe t;
    fe_cswap(&n->ypx, &n->ymx, neg);
    fe_neg(&t, &n->xy2d);
    fe_cmov(&n->xy2d, &t, neg);
}

/* gn_cmov sets r = n when b is 1 (masked, for the table scan). */
static void gn_cmov(gn *r, const gn *n, unsigned b)
{
    fe_cmov(&r->ypx, &n->ypx, b);
    fe_cmov(&r->ymx, &n->ymx, b);
    fe_cmov(&r->xy2d, &n->xy2d, b);
}

/* ed_affine_all turns the table, whose entries hold X, Y, Z in their three fields
 * while ed_init builds it, into affine (y + x, y - x, 2 d x y): Montgomery's trick,
 * the running products of the Z, one inversion, then each 1/Z walking back. */
static void ed_affine_all(ed_ctx *c)
{
    fe acc[ED_TABLE], inv, zi, x, y;
    acc[0] = c->tab[0].xy2d;
    for (int i = 1; i < ED_TABLE; i++)
        fe_mul(&acc[i], &acc[i - 1], &c->tab[i].xy2d);
    fe_invert(&inv, &acc[ED_TABLE - 1]);
    for (int i = ED_TABLE - 1; i >= 0; i--) {
        gn *n = &c->tab[i];
        if (i > 0) {
            fe_mul(&zi, &inv, &acc[i - 1]);   /* 1 / Z_i */
            fe_mul(&inv, &inv, &n->xy2d);     /* 1 / (Z_0 .. Z_(i-1)) */
        } else {
            zi = inv;
        }
        fe_mul(&x, &n->ypx, &zi);
        fe_mul(&y, &n->ymx, &zi);
        fe_add(&n->ypx, &y, &x);
        fe_sub(&n->ymx, &y, &x);
        fe_carry(&n->ypx);
        fe_carry(&n->ymx);
        fe_mul(&n->xy2d, &x, &y);
        fe_mul(&n->xy2d, &n->xy2d, &c->d2);
    }
}

/* stash keeps p's X, Y, Z in n's three fields for ed_affine_all. */
static void stash(gn *n, const ge *p)
{
    n->ypx = p->X;
    n->ymx = p->Y;
    n->xy2d = p->Z;
}

/* ed_init computes d, 2d, sqrt(-1), B and the table (see the top of this file). */
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
    ge b, p, q;
    (void)ge_decode(&b, by, c); /* cannot fail: B is on the curve */
    /* the odd multiples: B, then + 2B each */
    ge_double(&q, &b, 1);
    p = b;
    for (int m = 0; m < ED_ODD; m++) {
        stash(&c->tab[ED_ODD_AT(m)], &p);
        ge_add(&p, &p, &q, c);
    }
    /* the comb: p = 16^(2i) B, row i = p, 2p, .., 8p */
    p = b;
    for (int i = 0; i < ED_ROWS; i++) {
        q = p;
        stash(&c->tab[ED_COMB(i, 0)], &q);
        for (int j = 1; j < 8; j++) {
            ge_add(&q, &q, &p, c);
            stash(&c->tab[ED_COMB(i, j)], &q);
        }
        for (int n = 0; n < 8; n++) /* p = 16^(2i+2) B */
            ge_double(&p, &p, n == 7);
    }
    stash(&c->tab[ED_TOP], &p); /* 16^64 B = 2^256 B */
    ed_affine_all(c);
}

/* ed_digits recodes the 256-bit little-endian k as 64 digits in [-8, 8) with
 * k = sum e[i] 16^i + carry 16^64 and returns the carry (0 or 1); arithmetic only. */
static unsigned ed_digits(signed char e[64], const uint8_t k[32])
{
    int carry = 0;
    for (int i = 0; i < 64; i++) {
        int v = ((k[i >> 1] >> (4 * (i & 1))) & 15) + carry;
        carry = (v + 8) >> 4;
        e[i] = (signed char)(v - 16 * carry);
    }
    return (unsigned)carry;
}

/* FE_LIMBS: the limbs of an fe (the struct is its array alone). */
#define FE_LIMBS (sizeof(fe) / sizeof(fe_limb))

/* ed_select sets n = [e] of the row's points (row[j] = [j + 1] P) for e in [-8, 8):
 * each limb is the OR of every entry's limb ANDed with that entry's mask (all ones
 * for the one wanted, the identity's for e = 0), so all 8 are read whatever e is;
 * then the sign is applied with masks. */
static void ed_select(gn *n, const gn row[8], signed char e)
{
    unsigned neg = (unsigned)(unsigned char)e >> 7;
    unsigned mag = ((unsigned)(int)e ^ (0u - neg)) + neg;
    gn_identity(n);
    fe_limb m = (fe_limb)0 - (fe_limb)((mag - 1) >> 31 & 1); /* mag = 0 */
    for (size_t i = 0; i < FE_LIMBS; i++) {
        n->ypx.v[i] &= m;
        n->ymx.v[i] &= m;
        n->xy2d.v[i] &= m;
    }
    for (unsigned j = 1; j <= 8; j++) {
        m = (fe_limb)0 - (fe_limb)(((mag ^ j) - 1) >> 31 & 1);
        for (size_t i = 0; i < FE_LIMBS; i++) {
            n->ypx.v[i] |= row[j - 1].ypx.v[i] & m;
            n->ymx.v[i] |= row[j - 1].ymx.v[i] & m;
            n->xy2d.v[i] |= row[j - 1].xy2d.v[i] & m;
        }
    }
    gn_neg(n, neg);
}

/* ed_base writes the encoding of [k]B for the 256-bit little-endian k, in
 * constant time (see the top of this file). */
static void ed_base(const void *ctx, uint8_t out[32], const uint8_t k[32])
{
    const ed_ctx *c = ctx;
    signed char e[64];
    ge r;
    gn sel;
    unsigned carry = ed_digits(e, k);
    ge_identity(&r);
    for (int i = 1; i < 64; i += 2) {
        ed_select(&sel, &c->tab[ED_COMB(i >> 1, 0)], e[i]);
        ge_madd(&r, &r, &sel, i < 63);
    }
    for (int n = 0; n < 4; n++)
        ge_double(&r, &r, n == 3);
    for (int i = 0; i < 64; i += 2) {
        ed_select(&sel, &c->tab[ED_COMB(i >> 1, 0)], e[i]);
        ge_madd(&r, &r, &sel, 1);
    }
    gn_identity(&sel);
    gn_cmov(&sel, &c->tab[ED_TOP], carry);
    ge_madd(&r, &r, &sel, 0);
    ge_encode(out, &r);
    cb_wipe(e, sizeof e);
    cb_wipe(&r, sizeof r);
    cb_wipe(&sel, sizeof sel);
}

/* ge_small_order reports whether [8]p is the identity (x = 0 and y = z). */
static int ge_small_order(const ge *p)
{
    ge q = *p;
    for (int i = 0; i < 3; i++)
        ge_double(&q, &q, 0);
    fe zero;
    fe_set(&zero, 0);
    return fe_equal(&q.X, &zero) && fe_equal(&q.Y, &q.Z);
}

/* bits_at returns count (<= 8) bits of the 256-bit little-endian s from bit pos on
 * (those past bit 255 read as 0). */
static unsigned bits_at(const uint8_t s[32], int pos, int count)
{
    unsigned x = s[pos >> 3];
    if ((pos >> 3) < 31)
        x |= (unsigned)s[(pos >> 3) + 1] << 8;
    return (x >> (pos & 7)) & ((1u << count) - 1);
}

/* ed_naf writes the width-w NAF of the 256-bit little-endian s (w <= 8): out[i] is 0
 * or odd with |out[i]| < 2^(w-1), s = sum out[i] 2^i; at most one of any w in a row
 * is not 0.  Left to right over the bits with a carry: where the bit plus the carry
 * is odd, the next w bits plus the carry give a digit, taken as negative (and a
 * carry passed on) when it is 2^(w-1) or more.  Variable time (public scalars only). */
static void ed_naf(signed char out[257], const uint8_t s[32], int w)
{
    unsigned carry = 0;
    memset(out, 0, 257);
    for (int i = 0; i < 257;) {
        unsigned bit = i < 256 ? bits_at(s, i, 1) : 0;
        if (bit == carry) {
            i++;
            continue;
        }
        int n = i + w <= 256 ? w : 256 - i;
        int d = (int)((i < 256 ? bits_at(s, i, n) : 0) + carry);
        carry = (unsigned)(d >> (w - 1)) & 1;
        out[i] = (signed char)(d - (int)(carry << w));
        i += w;
    }
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
    ge A, A2, r;
    gc ta[8], a2, neg;
    gn nb;
    signed char sn[257], kn[257];
    if (ge_decode(&A, a, c) != 0 || ge_small_order(&A))
        return -1;
    /* -A: negate x and t; ta[j] = [2j + 1](-A) */
    fe_neg(&A.X, &A.X);
    fe_neg(&A.T, &A.T);
    ge_cached(&ta[0], &A, c);
    ge_double(&A2, &A, 1);
    ge_cached(&a2, &A2, c);
    for (int j = 1; j < 8; j++) {
        ge_addc(&A, &A, &a2, 1);
        ge_cached(&ta[j], &A, c);
    }
    ed_naf(sn, s, 8);
    ed_naf(kn, k, 5);
    int top = 256;
    while (top >= 0 && sn[top] == 0 && kn[top] == 0)
        top--;
    ge_identity(&r);
    for (int i = top; i >= 0; i--) {
        if (i < top)
            ge_double(&r, &r, sn[i] || kn[i]);
        if (sn[i] > 0) {
            ge_madd(&r, &r, &c->tab[ED_ODD_AT(sn[i] >> 1)], kn[i] != 0);
        } else if (sn[i] < 0) {
            nb = c->tab[ED_ODD_AT(-sn[i] >> 1)];
            gn_neg(&nb, 1);
            ge_madd(&r, &r, &nb, kn[i] != 0);
        }
        if (kn[i] > 0) {
            ge_addc(&r, &r, &ta[kn[i] >> 1], 0);
        } else if (kn[i] < 0) {
            neg = ta[-kn[i] >> 1];
            fe_cswap(&neg.ypx, &neg.ymx, 1);
            fe_neg(&neg.t2d, &neg.t2d);
            ge_addc(&r, &r, &neg, 0);
        }
    }
    ge_encode(out, &r);
    return 0;
}

#endif
