/*
 * kernels/generic/mldsa.c - ML-DSA (FIPS 204) in portable C.
 *
 * Polynomials of R_q, q = 8380417, are 256 int32_t coefficients.  Products use
 * Montgomery reduction with R = 2^32 (mont_reduce: a * R^-1 mod q in (-q, q)); sums
 * are brought back with reduce32 (a - round(a / 2^23) q, within (-q, q)).  Domains:
 *   - zetas[] holds zeta^BitRev8(m) * R mod q (zeta = 1753), so a butterfly's
 *     mont_reduce(zeta * x) is zeta * x and the NTT (Algorithm 41) maps the normal
 *     domain to the normal domain;
 *   - every product of two NTT-domain polynomials goes through one mont_reduce per
 *     coefficient (sums of up to l products are accumulated in 64 bits first), so it
 *     carries a factor R^-1;
 *   - the inverse NTT (Algorithm 42) is only ever applied to such products, and ends
 *     with mont_reduce by F = R^2 / 256 mod q (41978), dividing by 256 and undoing
 *     the R^-1 at once.
 * Growth: NTT inputs are below q in magnitude and each layer adds at most q (< 9q <
 * 2^31).  The inverse NTT's inputs are products out of mont_reduce, in (-q, q); a
 * coefficient on the sum side of layer L holds a sum of 2^L of them, so after the
 * eighth below 256 q = 2145386496 < 2^31 with no reduction between layers, and each
 * difference is below 2^31 before its mont_reduce by a zeta below q / 2 (< 2^31 q).
 * Arithmetic right shifts of negative values and two's-complement conversions are
 * assumed (gcc, clang).
 *
 * Division by 2 gamma2 (Decompose) is a multiplication by ceil(2^48 / (2 gamma2))
 * and a shift, exact for every input below 2^24 (the error term x * e stays under
 * 2^43 < 2^48); tests/test_mldsa.c checks Decompose and Power2Round against their
 * definitions for every r in [0, q).
 */
#include "kernels/generic/mldsa.h"

#include <string.h>

#include "kernels/generic/sponge.h"
#include "kernels/kernel.h"

#define Q 8380417
#define N 256
#define D 13
#define QINV 58728449u /* q^-1 mod 2^32 */
#define F_INV 41978    /* R^2 / 256 mod q */
#define MAXK 8
#define MAXL 7
#define G32 ((Q - 1) / 32)
#define G88 ((Q - 1) / 88)
#define DIV_MUL(g2) ((((uint64_t)1 << 48) + 2 * (uint64_t)(g2) - 1) / (2 * (uint64_t)(g2)))

typedef cb_mldsa_poly poly;

/* params: FIPS 204 Table 1, with the bit widths of the encodings derived from it. */
typedef struct params {
    unsigned set, k, l, eta, tau, beta, omega, ctilde; /* ctilde: lambda / 4 bytes */
    int32_t gamma1, gamma2;
    unsigned zbits;   /* 1 + bitlen(gamma1 - 1): 18 or 20 */
    unsigned w1bits;  /* bitlen((q - 1) / (2 gamma2) - 1): 6 or 4 */
    unsigned etabits; /* bitlen(2 eta): 3 or 4 */
    int32_t m;        /* (q - 1) / (2 gamma2): 44 or 16 */
    uint64_t dmul;    /* DIV_MUL(gamma2) */
} params;

static const params sets[] = {
    {44, 4, 4, 2, 39, 78, 80, 32, 1 << 17, G88, 18, 6, 3, 44, DIV_MUL(G88)},
    {65, 6, 5, 4, 49, 196, 55, 48, 1 << 19, G32, 20, 4, 4, 16, DIV_MUL(G32)},
    {87, 8, 7, 2, 60, 120, 75, 64, 1 << 19, G32, 20, 4, 3, 16, DIV_MUL(G32)},
};

static const params *find_set(unsigned set)
{
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (sets[i].set == set)
            return &sets[i];
    return NULL;
}

/* zeta^BitRev8(m) * 2^32 mod q, centred; computed with Python's pow() when written. */
const int32_t cb_mldsa_zetas[N] = {
    -4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
    1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
    2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
    -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
    2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
    -3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
    -1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
    811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
    -3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
    -1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
    3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
    -671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
    -3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
    -3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
    189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
    1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
    2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
    266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
    900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
    -655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
    342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
    2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
    -3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
    -1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
    -1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
    -542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
    -2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
    -3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
    -3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
    -426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
    -2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
    -554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

/*
 * cb_mldsa_public marks n bytes at p that FIPS 204 lets depend on secrets in the
 * open: rho (it is in pk), ExpandS's accept decisions, the challenge c~ and the
 * hints (they are in the signature) and each rejection decision of signing.  It does
 * nothing; tests/test_mldsa_ct.c, run under valgrind by tests/mldsa_ct.sh, links a
 * strong definition that tells memcheck those bytes are defined, so that every other
 * branch or index on the poisoned secrets is reported.
 */
__attribute__((weak)) void cb_mldsa_public(const void *p, size_t n)
{
    (void)p, (void)n;
}

/* ---- arithmetic ------------------------------------------------------------------ */

/* mont_reduce: a * 2^-32 mod q in (-q, q), for |a| < 2^31 q. */
static inline int32_t mont_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)a * QINV);
    return (int32_t)((a - (int64_t)t * Q) >> 32);
}

/* reduce32: a mod q in (-q, q) for |a| < 2^31 - 2^22 (the inverse NTT's outputs,
 * below q, and sums of two such). */
static inline int32_t reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * Q;
}

/* freeze: a mod q in [0, q), for a as reduce32 takes. */
static inline int32_t freeze(int32_t a)
{
    a = reduce32(a);
    return a + ((a >> 31) & Q);
}

/* centre: a mod+- q in [-(q-1)/2, (q-1)/2]. */
static inline int32_t centre(int32_t a)
{
    a = freeze(a);
    return a - ((((Q - 1) / 2) - a) >> 31 & Q);
}

static void generic_ntt(poly *p)
{
    int32_t *w = p->c;
    unsigned m = 0;
    for (unsigned len = 128; len >= 1; len >>= 1)
        for (unsigned start = 0; start < N; start += 2 * len) {
            int32_t z = cb_mldsa_zetas[++m];
            for (unsigned j = start; j < start + len; j++) {
                int32_t t = mont_reduce((int64_t)z * w[j + len]);
                w[j + len] = w[j] - t;
                w[j] = w[j] + t;
            }
        }
}

static void generic_inv_ntt(poly *p)
{
    int32_t *w = p->c;
    unsigned m = N;
    for (unsigned len = 1; len < N; len <<= 1)
        for (unsigned start = 0; start < N; start += 2 * len) {
            int32_t z = -cb_mldsa_zetas[--m];
            for (unsigned j = start; j < start + len; j++) {
                int32_t t = w[j];
                w[j] = t + w[j + len];
                w[j + len] = mont_reduce((int64_t)z * (t - w[j + len]));
            }
        }
    for (unsigned j = 0; j < N; j++)
        w[j] = mont_reduce((int64_t)F_INV * w[j]);
}

/* generic_inner: r = sum a[j] o v[j] over j < n (NTT domain, with the factor R^-1). */
static void generic_inner(poly *r, const poly *a, const poly *v, unsigned n)
{
    int32_t *out = r->c;
    for (unsigned i = 0; i < N; i++) {
        int64_t acc = 0;
        for (unsigned j = 0; j < n; j++)
            acc += (int64_t)a[j].c[i] * v[j].c[i];
        out[i] = mont_reduce(acc);
    }
}

/* times_centred: out = c o s (NTT domain, with the factor R^-1), then back to
 * centred coefficients: the cs1, cs2 and ct0 of signing. */
static void times_centred(const cb_mldsa_backend *B, poly *out, const poly *c, const poly *s)
{
    B->inner(out, c, s, 1);
    B->inv_ntt(out);
    for (unsigned i = 0; i < N; i++)
        out->c[i] = centre(out->c[i]);
}

/* ---- rounding (section 7.4) ------------------------------------------------------- */

/* power2round: r in [0, q) = r1 2^d + r0 with r0 in (-2^12, 2^12]. */
static inline int32_t power2round(int32_t *r0, int32_t r)
{
    int32_t r1 = (r + (1 << (D - 1)) - 1) >> D;
    *r0 = r - (r1 << D);
    return r1;
}

/* decompose: Algorithm 36 for r in [0, q): r1 and r0 in (-gamma2, gamma2], with the
 * top interval (r - r0 = q - 1) folded to r1 = 0, r0 - 1, without a branch. */
static inline int32_t decompose(int32_t *r0, int32_t r, const params *p)
{
    uint32_t x = (uint32_t)(r + p->gamma2 - 1);
    int32_t r1 = (int32_t)(((uint64_t)x * p->dmul) >> 48);
    int32_t lo = r - r1 * 2 * p->gamma2;
    int32_t top = ((r1 ^ p->m) - 1) >> 31; /* -1 when r1 == m, else 0 */
    *r0 = lo + top;
    return r1 & ~top;
}

/* use_hint: Algorithm 40 (verification: public data). */
static int32_t use_hint(int32_t r, unsigned h, const params *p)
{
    int32_t r0, r1 = decompose(&r0, r, p);
    if (!h)
        return r1;
    if (r0 > 0)
        return r1 + 1 == p->m ? 0 : r1 + 1;
    return r1 == 0 ? p->m - 1 : r1 - 1;
}

/* over: 1 when some centred coefficient has |a| >= bound, without branching on one;
 * the verdict itself is public (a rejection, or a refused signature). */
static unsigned over(const int32_t a[N], int32_t bound)
{
    uint32_t bad = 0;
    for (unsigned i = 0; i < N; i++) {
        int32_t s = a[i] >> 31;
        int32_t mag = (a[i] ^ s) - s;
        bad |= (uint32_t)(bound - 1 - mag);
    }
    unsigned verdict = bad >> 31;
    cb_mldsa_public(&verdict, sizeof verdict);
    return verdict;
}

/* ---- bit packing (section 7.1) ---------------------------------------------------- */

/* bits_out packs the 256 values b + sign * a[i] (each below 2^bits) little-endian:
 * SimpleBitPack with b = 0, sign = 1; BitPack(w, a, b) with sign = -1. */
static void bits_out(uint8_t *out, const int32_t a[N], unsigned bits, int32_t b, int32_t sign)
{
    uint64_t acc = 0;
    unsigned have = 0;
    for (unsigned i = 0; i < N; i++) {
        acc |= (uint64_t)(uint32_t)(b + sign * a[i]) << have;
        for (have += bits; have >= 8; have -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

/* bits_in is bits_out's inverse: a[i] = b + sign * (the i-th bits-bit value). */
static void bits_in(int32_t a[N], const uint8_t *in, unsigned bits, int32_t b, int32_t sign)
{
    uint64_t acc = 0;
    unsigned have = 0;
    uint32_t mask = (1u << bits) - 1;
    for (unsigned i = 0; i < N; i++) {
        for (; have < bits; have += 8)
            acc |= (uint64_t)*in++ << have;
        a[i] = b + sign * (int32_t)((uint32_t)acc & mask);
        acc >>= bits;
        have -= bits;
    }
}

/* hint_pack: HintBitPack (Algorithm 20) of k polynomials of 0/1 into omega + k bytes. */
static void hint_pack(uint8_t *y, const uint8_t h[][N], const params *p)
{
    unsigned idx = 0;
    memset(y, 0, p->omega + p->k);
    for (unsigned i = 0; i < p->k; i++) {
        for (unsigned j = 0; j < N; j++)
            if (h[i][j])
                y[idx++] = (uint8_t)j;
        y[p->omega + i] = (uint8_t)idx;
    }
}

/* hint_unpack: HintBitUnpack (Algorithm 21); -1 for the malformed encodings it
 * refuses (counts out of order or past omega, indices not increasing, stray bytes). */
static int hint_unpack(uint8_t h[][N], const uint8_t *y, const params *p)
{
    unsigned idx = 0;
    memset(h, 0, (size_t)p->k * N);
    for (unsigned i = 0; i < p->k; i++) {
        unsigned end = y[p->omega + i], first = idx;
        if (end < idx || end > p->omega)
            return -1;
        for (; idx < end; idx++) {
            if (idx > first && y[idx - 1] >= y[idx])
                return -1;
            h[i][y[idx]] = 1;
        }
    }
    for (; idx < p->omega; idx++)
        if (y[idx])
            return -1;
    return 0;
}

/* ---- sampling (section 7.3) -------------------------------------------------------- */

unsigned cb_mldsa_rej_uniform(int32_t *out, unsigned n, const uint8_t *buf, size_t len)
{
    for (size_t i = 0; i + 3 <= len && n < N; i += 3) {
        uint32_t t = buf[i] | (uint32_t)buf[i + 1] << 8 | (uint32_t)(buf[i + 2] & 0x7f) << 16;
        if (t < Q)
            out[n++] = (int32_t)t;
    }
    return n;
}

/* rej_ntt_poly: RejNTTPoly (Algorithm 30) of rho || s || r, the (r, s) entry of A_hat. */
static void rej_ntt_poly(int32_t a[N], const uint8_t rho[32], unsigned s, unsigned r)
{
    uint8_t seed[34], buf[CB_SHAKE128_RATE];
    cb_sponge sp;
    memcpy(seed, rho, 32);
    seed[32] = (uint8_t)s;
    seed[33] = (uint8_t)r;
    cb_shake128_init(&sp);
    cb_shake128_absorb(&sp, seed, sizeof seed);
    cb_shake128_finalize(&sp);
    for (unsigned j = 0; j < N;) {
        cb_shake128_squeeze(&sp, buf, sizeof buf);
        j = cb_mldsa_rej_uniform(a, j, buf, sizeof buf);
    }
}

/* generic_expand_a: ExpandA (Algorithm 32), row r of the k x l matrix at a + r stride. */
static void generic_expand_a(poly *a, const uint8_t rho[32], unsigned k, unsigned l,
                             unsigned stride)
{
    for (unsigned r = 0; r < k; r++)
        for (unsigned s = 0; s < l; s++)
            rej_ntt_poly(a[r * stride + s].c, rho, s, r);
}

unsigned cb_mldsa_rej_eta(int32_t *out, unsigned n, const uint8_t *buf, size_t len,
                          unsigned eta)
{
    uint8_t take[2 * CB_SHAKE256_RATE]; /* per half-byte: accepted (public, see above) */
    for (size_t done = 0; done < len && n < N;) {
        size_t m = len - done < CB_SHAKE256_RATE ? len - done : CB_SHAKE256_RATE;
        const uint8_t *b8 = buf + done;
        for (size_t i = 0; i < 2 * m; i++) {
            unsigned b = i & 1 ? b8[i / 2] >> 4 : b8[i / 2] & 15;
            take[i] = (uint8_t)(eta == 2 ? b < 15 : b < 9);
        }
        cb_mldsa_public(take, 2 * m);
        for (size_t i = 0; i < 2 * m && n < N; i++) {
            unsigned b = i & 1 ? b8[i / 2] >> 4 : b8[i / 2] & 15;
            if (take[i])
                out[n++] = eta == 2 ? 2 - (int32_t)(b % 5) : 4 - (int32_t)b;
        }
        done += m;
    }
    return n;
}

/* rej_bounded_poly: RejBoundedPoly (Algorithm 31) of rho' || IntegerToBytes(r, 2),
 * with CoeffFromHalfByte (Algorithm 15). */
static void rej_bounded_poly(int32_t a[N], const uint8_t rhop[64], unsigned r, unsigned eta)
{
    uint8_t seed[66], buf[CB_SHAKE256_RATE];
    cb_sponge sp;
    memcpy(seed, rhop, 64);
    seed[64] = (uint8_t)r;
    seed[65] = (uint8_t)(r >> 8);
    cb_shake256_init(&sp);
    cb_shake256_absorb(&sp, seed, sizeof seed);
    cb_shake256_finalize(&sp);
    for (unsigned j = 0; j < N;) {
        cb_shake256_squeeze(&sp, buf, sizeof buf);
        j = cb_mldsa_rej_eta(a, j, buf, sizeof buf, eta);
    }
    cb_sponge_wipe(&sp);
    cb_wipe(buf, sizeof buf);
}

/* generic_expand_s: s[i] = RejBoundedPoly for nonces nonce .. nonce + n - 1. */
static void generic_expand_s(poly *s, const uint8_t rhop[64], unsigned nonce, unsigned n,
                             unsigned eta)
{
    for (unsigned i = 0; i < n; i++)
        rej_bounded_poly(s[i].c, rhop, nonce + i, eta);
}

static void generic_unpack_z(poly *z, const uint8_t *in, unsigned zbits)
{
    bits_in(z->c, in, zbits, 1 << (zbits - 1), -1);
}

/* generic_expand_mask: ExpandMask (Algorithm 34): y[r] = BitUnpack(H(rho'' ||
 * kappa + r, 32 c), gamma1 - 1, gamma1). */
static void generic_expand_mask(poly *y, const uint8_t rhopp[64], unsigned kappa, unsigned l,
                                unsigned zbits)
{
    uint8_t seed[66], v[32 * 20];
    memcpy(seed, rhopp, 64);
    for (unsigned r = 0; r < l; r++) {
        seed[64] = (uint8_t)(kappa + r);
        seed[65] = (uint8_t)((kappa + r) >> 8);
        cb_shake256(v, 32 * zbits, seed, sizeof seed);
        generic_unpack_z(&y[r], v, zbits);
    }
    cb_wipe(seed, sizeof seed);
    cb_wipe(v, sizeof v);
}

/* sample_in_ball: SampleInBall (Algorithm 29) of c~ (public: part of the signature). */
static void sample_in_ball(int32_t c[N], const uint8_t *ctilde, const params *p)
{
    uint8_t buf[CB_SHAKE256_RATE];
    cb_sponge sp;
    cb_shake256_init(&sp);
    cb_shake256_absorb(&sp, ctilde, p->ctilde);
    cb_shake256_finalize(&sp);
    cb_shake256_squeeze(&sp, buf, sizeof buf);
    uint64_t signs = 0;
    for (unsigned i = 0; i < 8; i++)
        signs |= (uint64_t)buf[i] << 8 * i;
    unsigned pos = 8;
    memset(c, 0, N * sizeof c[0]);
    for (unsigned i = N - p->tau; i < N; i++) {
        unsigned j;
        do {
            if (pos == sizeof buf) {
                cb_shake256_squeeze(&sp, buf, sizeof buf);
                pos = 0;
            }
            j = buf[pos++];
        } while (j > i);
        c[i] = c[j];
        c[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}

/* h64: H(a || b || c, 64) (SHAKE256); b or c may be empty. */
static void h64(uint8_t out[64], const uint8_t *a, size_t la, const uint8_t *b, size_t lb,
                const uint8_t *c, size_t lc)
{
    cb_sponge sp;
    cb_shake256_init(&sp);
    cb_shake256_absorb(&sp, a, la);
    cb_shake256_absorb(&sp, b, lb);
    cb_shake256_absorb(&sp, c, lc);
    cb_shake256_finalize(&sp);
    cb_shake256_squeeze(&sp, out, 64);
    cb_sponge_wipe(&sp);
}

/* w1_challenge: c~ = H(mu || w1Encode(w1), lambda / 4) for the k rows of w1. */
static void w1_challenge(uint8_t *ctilde, const uint8_t mu[64], const poly *w1,
                         const params *p)
{
    uint8_t enc[32 * 6];
    cb_sponge sp;
    cb_shake256_init(&sp);
    cb_shake256_absorb(&sp, mu, 64);
    for (unsigned i = 0; i < p->k; i++) {
        bits_out(enc, w1[i].c, p->w1bits, 0, 1);
        cb_shake256_absorb(&sp, enc, 32 * p->w1bits);
    }
    cb_shake256_finalize(&sp);
    cb_shake256_squeeze(&sp, ctilde, p->ctilde);
}

/* ---- the internal algorithms ----------------------------------------------------- */

int cb_mldsa_keygen_with(const cb_mldsa_backend *B, unsigned set, uint8_t *pk, uint8_t *sk,
                         const uint8_t xi[32])
{
    const params *p = find_set(set);
    if (!p)
        return -1;
    uint8_t in[34], seeds[128]; /* rho, rho', K */
    memcpy(in, xi, 32);
    in[32] = (uint8_t)p->k;
    in[33] = (uint8_t)p->l;
    cb_shake256(seeds, sizeof seeds, in, sizeof in);
    const uint8_t *rho = seeds, *rhop = seeds + 32, *K = seeds + 96;
    cb_mldsa_public(rho, 32);

    poly a[MAXK * MAXL], s[MAXL + MAXK], s1h[MAXL], t1, t0; /* s: s1 then s2 */
    const poly *s2 = s + p->l;
    B->expand_a(a, rho, p->k, p->l, p->l);
    B->expand_s(s, rhop, 0, p->l + p->k, p->eta);
    memcpy(s1h, s, p->l * sizeof(poly));
    for (unsigned r = 0; r < p->l; r++)
        B->ntt(&s1h[r]);

    size_t eb = 32 * p->etabits;
    uint8_t *sks1 = sk + 128, *skt0 = sks1 + (p->l + p->k) * eb;
    memcpy(pk, rho, 32);
    for (unsigned i = 0; i < p->k; i++) {
        B->inner(&t1, &a[i * p->l], s1h, p->l);
        B->inv_ntt(&t1);
        for (unsigned j = 0; j < N; j++)
            t1.c[j] = power2round(&t0.c[j], freeze(t1.c[j] + s2[i].c[j]));
        bits_out(pk + 32 + 320 * i, t1.c, 10, 0, 1);
        bits_out(skt0 + 416 * i, t0.c, D, 1 << (D - 1), -1);
    }
    memcpy(sk, rho, 32);
    memcpy(sk + 32, K, 32);
    cb_shake256(sk + 64, 64, pk, CB_MLDSA_PK_BYTES(set)); /* tr = H(pk, 64) */
    for (unsigned r = 0; r < p->l + p->k; r++) /* s1, then s2 */
        bits_out(sks1 + r * eb, s[r].c, p->etabits, (int32_t)p->eta, -1);

    cb_wipe(seeds, sizeof seeds);
    cb_wipe(in, sizeof in);
    cb_wipe(s, sizeof s);
    cb_wipe(s1h, sizeof s1h);
    cb_wipe(&t0, sizeof t0);
    return 0;
}

/* sign_state: what one signature keeps across its rejection loop. */
typedef struct sign_state {
    poly a[MAXK * MAXL], s1h[MAXL], s2h[MAXK], t0h[MAXK];
    poly y[MAXL], yh[MAXL], w[MAXK], w1[MAXK], tmp;
    uint8_t hint[MAXK][N];
    uint8_t mu[64], rhopp[64];
} sign_state;

/* attempt: one pass of Algorithm 7's loop with mask index kappa; 0 and sig written,
 * or 1 for a rejection. */
static int attempt(const cb_mldsa_backend *B, sign_state *st, uint8_t *sig, unsigned kappa,
                   const params *p)
{
    B->expand_mask(st->y, st->rhopp, kappa, p->l, p->zbits);
    memcpy(st->yh, st->y, p->l * sizeof(poly));
    for (unsigned r = 0; r < p->l; r++)
        B->ntt(&st->yh[r]);
    for (unsigned i = 0; i < p->k; i++) {
        B->inner(&st->w[i], &st->a[i * p->l], st->yh, p->l);
        B->inv_ntt(&st->w[i]);
        for (unsigned j = 0; j < N; j++) {
            int32_t r0;
            st->w[i].c[j] = freeze(st->w[i].c[j]);
            st->w1[i].c[j] = decompose(&r0, st->w[i].c[j], p);
        }
    }
    uint8_t *ctilde = sig;
    w1_challenge(ctilde, st->mu, st->w1, p);
    cb_mldsa_public(ctilde, p->ctilde);
    poly c;
    sample_in_ball(c.c, ctilde, p);
    B->ntt(&c);

    /* z = y + <<c s1>>, which must stay below gamma1 - beta */
    for (unsigned r = 0; r < p->l; r++) {
        times_centred(B, &st->tmp, &c, &st->s1h[r]);
        for (unsigned j = 0; j < N; j++)
            st->y[r].c[j] += st->tmp.c[j];
        if (over(st->y[r].c, p->gamma1 - (int32_t)p->beta))
            return 1;
    }
    /* r0 = LowBits(w - <<c s2>>) below gamma2 - beta; w becomes w - <<c s2>> */
    for (unsigned i = 0; i < p->k; i++) {
        times_centred(B, &st->tmp, &c, &st->s2h[i]);
        for (unsigned j = 0; j < N; j++) {
            st->w[i].c[j] = freeze(st->w[i].c[j] - st->tmp.c[j]);
            decompose(&st->tmp.c[j], st->w[i].c[j], p);
        }
        if (over(st->tmp.c, p->gamma2 - (int32_t)p->beta))
            return 1;
    }
    /* <<c t0>> below gamma2, and the hints MakeHint(-ct0, w - cs2 + ct0) at most omega */
    unsigned ones = 0;
    for (unsigned i = 0; i < p->k; i++) {
        times_centred(B, &st->tmp, &c, &st->t0h[i]);
        if (over(st->tmp.c, p->gamma2))
            return 1;
        for (unsigned j = 0; j < N; j++) {
            int32_t r0, u = st->w[i].c[j];
            int32_t hi = decompose(&r0, u, p) ^ decompose(&r0, freeze(u + st->tmp.c[j]), p);
            st->hint[i][j] = (uint8_t)((uint32_t)(hi | -hi) >> 31);
        }
        cb_mldsa_public(st->hint[i], N);
        for (unsigned j = 0; j < N; j++)
            ones += st->hint[i][j];
    }
    if (ones > p->omega)
        return 1;
    uint8_t *out = sig + p->ctilde;
    for (unsigned r = 0; r < p->l; r++, out += 32 * p->zbits)
        bits_out(out, st->y[r].c, p->zbits, p->gamma1, -1);
    hint_pack(out, (const uint8_t(*)[N])st->hint, p);
    return 0;
}

/* The signing state is large (ML-DSA-87: about 110 KiB); a static one per thread
 * would not be reentrant, so it lives on the caller's stack for one call. */
int cb_mldsa_sign_with(const cb_mldsa_backend *B, unsigned set, uint8_t *sig,
                       const uint8_t *sk, const uint8_t *pre, size_t prelen,
                       const uint8_t *msg, size_t len, const uint8_t rnd[32])
{
    const params *p = find_set(set);
    if (!p)
        return -1;
    sign_state st;
    const uint8_t *rho = sk, *K = sk + 32, *tr = sk + 64;
    size_t eb = 32 * p->etabits;
    const uint8_t *in = sk + 128;
    for (unsigned r = 0; r < p->l; r++, in += eb) {
        bits_in(st.s1h[r].c, in, p->etabits, (int32_t)p->eta, -1);
        B->ntt(&st.s1h[r]);
    }
    for (unsigned i = 0; i < p->k; i++, in += eb) {
        bits_in(st.s2h[i].c, in, p->etabits, (int32_t)p->eta, -1);
        B->ntt(&st.s2h[i]);
    }
    for (unsigned i = 0; i < p->k; i++, in += 416) {
        bits_in(st.t0h[i].c, in, D, 1 << (D - 1), -1);
        B->ntt(&st.t0h[i]);
    }
    B->expand_a(st.a, rho, p->k, p->l, p->l);
    h64(st.mu, tr, 64, pre, prelen, msg, len);
    h64(st.rhopp, K, 32, rnd, 32, st.mu, 64);
    for (unsigned kappa = 0; attempt(B, &st, sig, kappa, p) != 0; kappa += p->l)
        ;
    cb_wipe(&st, sizeof st);
    return 0;
}

/* Verification's w' = A_hat z - c t1 2^d is one inner product per row over l + 1
 * terms: each row of A_hat is stored with a spare slot (stride l + 1) that takes
 * NTT(t1_i 2^d), and the vector is z's NTTs and -NTT(c). */
int cb_mldsa_verify_with(const cb_mldsa_backend *B, unsigned set, const uint8_t *pk,
                         const uint8_t *pre, size_t prelen, const uint8_t *msg, size_t len,
                         const uint8_t *sig)
{
    const params *p = find_set(set);
    if (!p)
        return -1;
    poly a[MAXK * (MAXL + 1)], z[MAXL + 1], w1[MAXK];
    uint8_t hint[MAXK][N], mu[64], tr[64], ctilde[64];
    unsigned stride = p->l + 1;
    if (hint_unpack(hint, sig + p->ctilde + p->l * 32 * p->zbits, p) != 0)
        return 1;
    for (unsigned r = 0; r < p->l; r++) {
        B->unpack_z(&z[r], sig + p->ctilde + r * 32 * p->zbits, p->zbits);
        if (over(z[r].c, p->gamma1 - (int32_t)p->beta))
            return 1;
        B->ntt(&z[r]);
    }
    B->expand_a(a, pk, p->k, p->l, stride);
    cb_shake256(tr, sizeof tr, pk, CB_MLDSA_PK_BYTES(set));
    h64(mu, tr, sizeof tr, pre, prelen, msg, len);
    poly *c = &z[p->l];
    sample_in_ball(c->c, sig, p);
    B->ntt(c);
    for (unsigned j = 0; j < N; j++)
        c->c[j] = -c->c[j];
    for (unsigned i = 0; i < p->k; i++) {
        poly *t1h = &a[i * stride + p->l];
        B->unpack_t1(t1h, pk + 32 + 320 * i);
        B->ntt(t1h);
        B->inner(&w1[i], &a[i * stride], z, stride);
        B->inv_ntt(&w1[i]);
        B->use_hint(&w1[i], hint[i], p->gamma2);
    }
    w1_challenge(ctilde, mu, w1, p);
    return memcmp(ctilde, sig, p->ctilde) == 0 ? 0 : 1;
}

int32_t cb_mldsa_decompose(unsigned set, int32_t r, int32_t *r0)
{
    const params *p = find_set(set);
    return p ? decompose(r0, r, p) : -1;
}

static void generic_unpack_t1(poly *t, const uint8_t in[320])
{
    bits_in(t->c, in, 10, 0, 1);
    for (unsigned j = 0; j < N; j++)
        t->c[j] <<= D;
}

/* generic_use_hint: gamma2 picks the parameters Decompose needs (ML-DSA-44's set for
 * (q - 1) / 88, ML-DSA-65's for (q - 1) / 32: the same gamma2 as ML-DSA-87's). */
static void generic_use_hint(poly *w, const uint8_t h[N], int32_t gamma2)
{
    const params *p = find_set(gamma2 == G88 ? 44 : 65);
    for (unsigned j = 0; j < N; j++)
        w->c[j] = use_hint(freeze(w->c[j]), h[j], p);
}

const cb_mldsa_backend cb_mldsa_generic_backend = {
    generic_ntt,         generic_inv_ntt,  generic_inner,     generic_expand_a,
    generic_expand_s,    generic_expand_mask, generic_unpack_z, generic_unpack_t1,
    generic_use_hint,
};

int cb_mldsa_keygen(unsigned set, uint8_t *pk, uint8_t *sk, const uint8_t xi[32])
{
    return cb_mldsa_keygen_with(&cb_mldsa_generic_backend, set, pk, sk, xi);
}

int cb_mldsa_sign(unsigned set, uint8_t *sig, const uint8_t *sk, const uint8_t *pre,
                  size_t prelen, const uint8_t *msg, size_t len, const uint8_t rnd[32])
{
    return cb_mldsa_sign_with(&cb_mldsa_generic_backend, set, sig, sk, pre, prelen, msg, len,
                              rnd);
}

int cb_mldsa_verify(unsigned set, const uint8_t *pk, const uint8_t *pre, size_t prelen,
                    const uint8_t *msg, size_t len, const uint8_t *sig)
{
    return cb_mldsa_verify_with(&cb_mldsa_generic_backend, set, pk, pre, prelen, msg, len, sig);
}

const cb_mldsa_ops cb_mldsa_generic_ops = {cb_mldsa_keygen, cb_mldsa_sign, cb_mldsa_verify};
