/*
 * kernels/generic/mlkem.c - ML-KEM (FIPS 203) in portable C.
 *
 * Polynomials of R_q, q = 3329, are 256 int16_t coefficients.  Products use
 * Montgomery reduction with R = 2^16 (mont_reduce: a * R^-1 mod q in (-q, q)), sums
 * are brought back by Barrett reduction to the centred range (-q/2, q/2].  The
 * domains are tracked so that no separate conversion pass is needed:
 *   - cb_mlkem_zetas[] holds zeta^BitRev7(i) * R mod q, so fqmul(zeta, x) = zeta * x and the
 *     NTT (Algorithm 9) maps the normal domain to the normal domain;
 *   - a base-case product (Algorithms 11 and 12) through fqmul leaves a * b * R^-1;
 *   - the inverse NTT (Algorithm 10) ends with fqmul by R^2 / 128 mod q = 1441,
 *     which both divides by 128 and undoes that R^-1;
 *   - in key generation A_hat * s_hat is multiplied by R^2 mod q (1353) through
 *     fqmul to return to the normal domain before e_hat is added.
 * Coefficient growth: the NTT adds at most q per layer to inputs below q (< 8q <
 * 2^15); base-case products are summed unreduced in 32 bits over a row of the matrix
 * (or an inner product) and Montgomery-reduced once per coefficient (basemul_acc).
 * Arithmetic right shifts of negative values are assumed (gcc, clang).
 */
#include "kernels/generic/mlkem.h"

#include <string.h>

#include "kernels/generic/sponge.h"
#include "kernels/kernel.h"

#define Q 3329
#define N 256
#define MAXK 4

typedef cb_mlkem_poly poly;

/* cb_mlkem_zetas[i] = 17^BitRev7(i) * 2^16 mod q, centred (FIPS 203 Appendix A, scaled). */
const int16_t cb_mlkem_zetas[128] = {
    -1044, -758,  -359,  -1517, 1493,  1422,  287,   202,  -171,  622,   1577,  182,   962,
    -1202, -1474, 1468,  573,   -1325, 264,   383,   -829, 1458,  -1602, -130,  -681,  1017,
    732,   608,   -1542, 411,   -205,  -1571, 1223,  652,  -552,  1015,  -1293, 1491,  -282,
    -1544, 516,   -8,    -320,  -666,  -1618, -1162, 126,  1469,  -853,  -90,   -271,  830,
    107,   -1421, -247,  -951,  -398,  961,   -1508, -725, 448,   -1065, 677,   -1275, -1103,
    430,   555,   843,   -1251, 871,   1550,  105,   422,  587,   177,   -235,  -291,  -460,
    1574,  1653,  -246,  778,   1159,  -147,  -777,  1483, -602,  1119,  -1590, 644,   -872,
    349,   418,   329,   -156,  -75,   817,   1097,  603,  610,   1322,  -1285, -1465, 384,
    -1215, -136,  1218,  -1335, -874,  220,   -1187, -1659, -1185, -1530, -1278, 794,  -1510,
    -854,  -870,  478,   -108,  -308,  996,   991,   958,  -1460, 1522,  1628,
};

/* mont_reduce returns a * 2^-16 mod q in (-q, q) for |a| < q * 2^15; -3327 is
 * q^-1 mod 2^16 as a signed 16-bit value. */
static inline int16_t mont_reduce(int32_t a)
{
    int16_t t = (int16_t)((int16_t)a * -3327);
    return (int16_t)((a - (int32_t)t * Q) >> 16);
}

static inline int16_t fqmul(int16_t a, int16_t b) { return mont_reduce((int32_t)a * b); }

/* barrett returns a mod q in [-(q-1)/2, (q-1)/2]; 20159 = round(2^26 / q). */
static inline int16_t barrett(int16_t a)
{
    int16_t t = (int16_t)((20159 * (int32_t)a + (1 << 25)) >> 26);
    return (int16_t)(a - t * Q);
}

/* to_unsigned maps a centred coefficient in (-q, q) to [0, q) without a branch. */
static inline uint16_t to_unsigned(int16_t a)
{
    a = (int16_t)(a + ((a >> 15) & Q));
    return (uint16_t)a;
}

static void poly_reduce(poly *p)
{
    for (int i = 0; i < N; i++)
        p->c[i] = barrett(p->c[i]);
}

static void poly_add(poly *r, const poly *a)
{
    for (int i = 0; i < N; i++)
        r->c[i] = (int16_t)(r->c[i] + a->c[i]);
}

/* ntt is Algorithm 9 in place; inputs below q in absolute value. */
static void generic_ntt(poly *p)
{
    int16_t *f = p->c;
    unsigned i = 1;
    for (unsigned len = 128; len >= 2; len >>= 1)
        for (unsigned start = 0; start < N; start += 2 * len) {
            int16_t zeta = cb_mlkem_zetas[i++];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = fqmul(zeta, f[j + len]);
                f[j + len] = (int16_t)(f[j] - t);
                f[j] = (int16_t)(f[j] + t);
            }
        }
    poly_reduce(p);
}

/* inv_ntt is Algorithm 10 in place, times R (see the top of the file). */
static void generic_inv_ntt(poly *p)
{
    int16_t *f = p->c;
    unsigned i = 127;
    for (unsigned len = 2; len <= 128; len <<= 1)
        for (unsigned start = 0; start < N; start += 2 * len) {
            int16_t zeta = cb_mlkem_zetas[i--];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = f[j];
                f[j] = barrett((int16_t)(t + f[j + len]));
                f[j + len] = fqmul(zeta, (int16_t)(f[j + len] - t));
            }
        }
    for (unsigned j = 0; j < N; j++)
        f[j] = fqmul(f[j], 1441);
}

/* basemul_acc adds a * b in T_q (Algorithm 11) to acc, as unreduced 32-bit sums:
 * each pair of coefficients is a product modulo X^2 - gamma, gamma = zeta^(2
 * BitRev7(i) + 1); the gammas of pairs 2i and 2i + 1 are cb_mlkem_zetas[64 + i] and its
 * negation.  Terms are below 2^12 * 2^11 (one factor is reduced or below 2^12, the
 * other centred), so up to 4 products' sums stay below q * 2^15, as mont_reduce
 * needs; acc_finish then reduces each sum once. */
static void basemul_acc(int32_t *acc, const poly *a, const poly *b)
{
    for (unsigned i = 0; i < 64; i++) {
        int16_t z = cb_mlkem_zetas[64 + i];
        for (unsigned h = 0; h < 2; h++) {
            const int16_t *x = a->c + 4 * i + 2 * h, *y = b->c + 4 * i + 2 * h;
            int32_t *o = acc + 4 * i + 2 * h;
            int16_t g = h ? (int16_t)-z : z;
            o[0] += (int32_t)fqmul(x[1], y[1]) * g + (int32_t)x[0] * y[0];
            o[1] += (int32_t)x[0] * y[1] + (int32_t)x[1] * y[0];
        }
    }
}

/* acc_finish sets r to the Montgomery reduction of acc, then Barrett-reduces it. */
static void acc_finish(poly *r, const int32_t *acc)
{
    for (int j = 0; j < N; j++)
        r->c[j] = barrett(mont_reduce(acc[j]));
}

/* ---- encoding (Algorithms 5 and 6) and compression (section 4.2.1) ---------------- */

/* encode packs 256 d-bit values, least significant bit first (ByteEncode_d). */
static void encode(uint8_t *out, const uint16_t *v, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    for (unsigned i = 0; i < N; i++) {
        acc |= (uint32_t)v[i] << bits;
        bits += d;
        while (bits >= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
}

/* decode is ByteDecode_d without the reduction mod q (the callers check or need none). */
static void decode(uint16_t *v, const uint8_t *in, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    for (unsigned i = 0; i < N; i++) {
        while (bits < d) {
            acc |= (uint32_t)*in++ << bits;
            bits += 8;
        }
        v[i] = (uint16_t)(acc & ((1u << d) - 1));
        acc >>= d;
        bits -= d;
    }
}

/* compress is Compress_d of x in [0, q): round(2^d x / q) mod 2^d, the division by q
 * a multiplication by ceil(2^40 / q), exact for every x < q and d <= 11. */
static inline uint16_t compress(uint16_t x, unsigned d)
{
    uint64_t num = ((uint64_t)x << d) + Q / 2;
    return (uint16_t)(((num * 330282857u) >> 40) & ((1u << d) - 1));
}

/* decompress is Decompress_d: round(q y / 2^d). */
static inline int16_t decompress(uint16_t y, unsigned d)
{
    return (int16_t)(((uint32_t)y * Q + (1u << (d - 1))) >> d);
}

static void generic_compress_encode(uint8_t *out, const poly *p, unsigned d)
{
    uint16_t v[N];
    for (int i = 0; i < N; i++)
        v[i] = compress(to_unsigned(barrett(p->c[i])), d);
    encode(out, v, d);
}

static void generic_decode_decompress(poly *p, const uint8_t *in, unsigned d)
{
    uint16_t v[N];
    decode(v, in, d);
    for (int i = 0; i < N; i++)
        p->c[i] = decompress(v[i], d);
}

static void generic_encode12(uint8_t *out, const poly *p)
{
    uint16_t v[N];
    for (int i = 0; i < N; i++)
        v[i] = to_unsigned(barrett(p->c[i]));
    encode(out, v, 12);
}

/* generic_decode12 is ByteDecode_12; returns nonzero if a coefficient is not below q. */
static unsigned generic_decode12(poly *p, const uint8_t *in)
{
    uint16_t v[N];
    unsigned bad = 0;
    decode(v, in, 12);
    for (int i = 0; i < N; i++) {
        bad |= (unsigned)(Q - 1 - (int)v[i]) >> 31;
        p->c[i] = (int16_t)v[i];
    }
    return bad;
}

/* ---- sampling (Algorithms 7 and 8) -------------------------------------------------- */

/* cb_mlkem_rej_uniform is the loop of SampleNTT (Algorithm 7) over one buffer. */
unsigned cb_mlkem_rej_uniform(int16_t *out, unsigned n, const uint8_t *buf, size_t len)
{
    for (size_t i = 0; i + 3 <= len && n < N; i += 3) {
        uint16_t d1 = (uint16_t)(buf[i] | (buf[i + 1] & 15) << 8);
        uint16_t d2 = (uint16_t)(buf[i + 1] >> 4 | buf[i + 2] << 4);
        if (d1 < Q)
            out[n++] = (int16_t)d1;
        if (d2 < Q && n < N)
            out[n++] = (int16_t)d2;
    }
    return n;
}

/* sample_ntt is SampleNTT(rho || x || y): rejection sampling of public data. */
static void sample_ntt(poly *p, const uint8_t rho[32], uint8_t x, uint8_t y)
{
    uint8_t seed[34], buf[3 * CB_SHAKE128_RATE];
    memcpy(seed, rho, 32);
    seed[32] = x, seed[33] = y;
    cb_sponge s;
    cb_shake128_init(&s);
    cb_shake128_absorb(&s, seed, sizeof seed);
    cb_shake128_finalize(&s);
    unsigned n = 0;
    while (n < N) {
        cb_shake128_squeeze(&s, buf, sizeof buf);
        n = cb_mlkem_rej_uniform(p->c, n, buf, sizeof buf);
    }
}

/* generic_gen_matrix fills a[i k + j] with A_hat[i][j] = SampleNTT(rho || j || i),
 * or with A_hat[j][i] when transposing. */
static void generic_gen_matrix(poly *a, const uint8_t rho[32], unsigned k, int transpose)
{
    for (unsigned i = 0; i < k; i++)
        for (unsigned j = 0; j < k; j++) {
            uint8_t x = (uint8_t)(transpose ? i : j), y = (uint8_t)(transpose ? j : i);
            sample_ntt(&a[i * k + j], rho, x, y);
        }
}

/* cbd is SamplePolyCBD_eta (Algorithm 8), eta 2 or 3: each coefficient is
 * the popcount of eta bits minus that of the next eta bits. */
static void cbd(poly *p, const uint8_t *buf, unsigned eta)
{
    /* 2 eta bits per coefficient: 8 coefficients per 32 bits (eta 2), 4 per 24 (eta 3) */
    unsigned per = eta == 2 ? 8 : 4, bytes = eta == 2 ? 4 : 3;
    uint32_t mask = eta == 2 ? 0x55555555u : 0x00249249u;
    for (unsigned g = 0; g < N / per; g++) {
        const uint8_t *b = buf + bytes * g;
        uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
        if (bytes == 4)
            w |= (uint32_t)b[3] << 24;
        uint32_t sum = w & mask;
        for (unsigned j = 1; j < eta; j++)
            sum += (w >> j) & mask;
        unsigned field = 2 * eta, fm = (1u << eta) - 1;
        for (unsigned j = 0; j < per; j++) {
            int16_t a = (int16_t)((sum >> (field * j)) & fm);
            int16_t c = (int16_t)((sum >> (field * j + eta)) & fm);
            p->c[per * g + j] = (int16_t)(a - c);
        }
    }
}

/* generic_sample_cbd sets p[i] = SamplePolyCBD_eta(PRF_eta(sigma, nonce + i)) for
 * i < n, eta 2 or 3. */
static void generic_sample_cbd(poly *p, const uint8_t sigma[32], uint8_t nonce, unsigned n,
                               unsigned eta)
{
    uint8_t in[33], buf[64 * 3];
    memcpy(in, sigma, 32);
    for (unsigned i = 0; i < n; i++) {
        in[32] = (uint8_t)(nonce + i);
        cb_shake256(buf, 64 * eta, in, sizeof in);
        cbd(&p[i], buf, eta);
    }
    cb_wipe(buf, sizeof buf);
}

/* ---- K-PKE (Algorithms 13 to 15) ------------------------------------------------------ */

typedef struct params {
    const cb_mlkem_backend *B;
    unsigned k, eta1, du, dv;
} params;

static params params_of(const cb_mlkem_backend *B, unsigned k)
{
    params p = {B, k, k == 2 ? 3 : 2, k == 4 ? 11 : 10, k == 4 ? 5 : 4};
    return p;
}

/* matvec sets r[i] = sum_j A_hat[i][j] * v[j] (transpose: A_hat[j][i]); the sum stays
 * in the R^-1 domain. */
static void matvec(const cb_mlkem_backend *B, poly *r, const uint8_t rho[32], const poly *v,
                   unsigned k, int transpose)
{
    poly a[MAXK * MAXK];
    B->gen_matrix(a, rho, k, transpose);
    for (unsigned i = 0; i < k; i++)
        B->inner(&r[i], &a[i * k], v, k);
}

/* generic_inner sets r = sum_j a[j] * b[j] in T_q, in the R^-1 domain, reduced. */
static void generic_inner(poly *r, const poly *a, const poly *b, unsigned k)
{
    int32_t acc[N];
    memset(acc, 0, sizeof acc);
    for (unsigned j = 0; j < k; j++)
        basemul_acc(acc, &a[j], &b[j]);
    acc_finish(r, acc);
    cb_wipe(acc, sizeof acc);
}

/* pke_keygen: ek_pke = ByteEncode12(t_hat) || rho, dk_pke = ByteEncode12(s_hat). */
static void pke_keygen(params P, uint8_t *ek, uint8_t *dkp, const uint8_t d[32])
{
    uint8_t in[33], g[64];
    memcpy(in, d, 32);
    in[32] = (uint8_t)P.k; /* the final standard's domain separation */
    cb_sha3_512(g, in, sizeof in);
    const uint8_t *rho = g, *sigma = g + 32;
    poly se[2 * MAXK], t[MAXK], *s = se, *e = se + P.k; /* s: nonces 0..k-1, e: k..2k-1 */
    P.B->sample_cbd(se, sigma, 0, 2 * P.k, P.eta1);
    for (unsigned i = 0; i < 2 * P.k; i++)
        P.B->ntt(&se[i]);
    matvec(P.B, t, rho, s, P.k, 0);
    for (unsigned i = 0; i < P.k; i++) {
        for (unsigned j = 0; j < N; j++)
            t[i].c[j] = fqmul(t[i].c[j], 1353);
        poly_add(&t[i], &e[i]);
        P.B->encode12(ek + 384 * i, &t[i]);
        P.B->encode12(dkp + 384 * i, &s[i]);
    }
    memcpy(ek + 384 * P.k, rho, 32);
    cb_wipe(g, sizeof g);
    cb_wipe(in, sizeof in);
    cb_wipe(se, sizeof se);
}

/* pke_encrypt encrypts m under ek with the randomness r; t_hat was decoded by the caller. */
static void pke_encrypt(params P, uint8_t *c, const poly *t, const uint8_t rho[32],
                        const uint8_t m[32], const uint8_t r[32])
{
    /* y: nonces 0..k-1 (eta1), e1: k..2k-1 and e2: 2k (eta2 = 2); one backend call
     * when eta1 is 2 too, so a backend that samples several at once gets them all */
    poly noise[2 * MAXK + 1], *y = noise, *e1 = noise + P.k, *e2 = noise + 2 * P.k;
    poly u[MAXK], v, mu;
    if (P.eta1 == 2)
        P.B->sample_cbd(noise, r, 0, 2 * P.k + 1, 2);
    else {
        P.B->sample_cbd(y, r, 0, P.k, P.eta1);
        P.B->sample_cbd(e1, r, (uint8_t)P.k, P.k + 1, 2);
    }
    for (unsigned i = 0; i < P.k; i++)
        P.B->ntt(&y[i]);
    matvec(P.B, u, rho, y, P.k, 1);
    for (unsigned i = 0; i < P.k; i++) {
        P.B->inv_ntt(&u[i]);
        poly_add(&u[i], &e1[i]);
        P.B->compress_encode(c + 32 * P.du * i, &u[i], P.du);
    }
    P.B->inner(&v, t, y, P.k);
    P.B->inv_ntt(&v);
    for (unsigned j = 0; j < N; j++) {
        int16_t bit = (int16_t)((m[j / 8] >> (j % 8)) & 1);
        mu.c[j] = (int16_t)(-bit & 1665); /* Decompress_1 */
    }
    poly_add(&v, e2);
    poly_add(&v, &mu);
    P.B->compress_encode(c + 32 * P.du * P.k, &v, P.dv);
    cb_wipe(noise, sizeof noise);
    cb_wipe(&mu, sizeof mu);
    cb_wipe(&v, sizeof v);
}

/* pke_decrypt: m = ByteEncode_1(Compress_1(v' - NTT^-1(s_hat^T * NTT(u')))). */
static void pke_decrypt(params P, uint8_t m[32], const uint8_t *dkp, const uint8_t *c)
{
    poly u[MAXK], s[MAXK], v, w;
    for (unsigned i = 0; i < P.k; i++) {
        P.B->decode_decompress(&u[i], c + 32 * P.du * i, P.du);
        P.B->ntt(&u[i]);
        (void)P.B->decode12(&s[i], dkp + 384 * i);
    }
    P.B->decode_decompress(&v, c + 32 * P.du * P.k, P.dv);
    P.B->inner(&w, s, u, P.k);
    P.B->inv_ntt(&w);
    for (unsigned j = 0; j < N; j++)
        w.c[j] = (int16_t)(v.c[j] - w.c[j]);
    P.B->compress_encode(m, &w, 1); /* ByteEncode_1(Compress_1(v - w)) */
    cb_wipe(s, sizeof s);
    cb_wipe(&w, sizeof w);
}

/* ---- ML-KEM (Algorithms 16 to 18) ------------------------------------------------------ */

void cb_mlkem_keygen_with(const cb_mlkem_backend *B, unsigned k, uint8_t *ek, uint8_t *dk,
                          const uint8_t d[32], const uint8_t z[32])
{
    params P = params_of(B, k);
    size_t ekb = CB_MLKEM_EK_BYTES(k);
    pke_keygen(P, ek, dk, d);
    memcpy(dk + 384 * k, ek, ekb);
    cb_sha3_256(dk + 384 * k + ekb, ek, ekb);
    memcpy(dk + 384 * k + ekb + 32, z, 32);
}

/* decode_ek decodes t_hat; nonzero if the modulus check fails. */
static unsigned decode_ek(params P, poly *t, const uint8_t *ek)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < P.k; i++)
        bad |= P.B->decode12(&t[i], ek + 384 * i);
    return bad;
}

/* encaps_core: (K, r) = G(m || H(ek)), c = K-PKE.Encrypt(ek, m, r). */
static void encaps_core(params P, uint8_t *c, uint8_t K[32], const poly *t, const uint8_t *ek,
                        const uint8_t h[32], const uint8_t m[32])
{
    uint8_t in[64], g[64];
    memcpy(in, m, 32);
    memcpy(in + 32, h, 32);
    cb_sha3_512(g, in, sizeof in);
    pke_encrypt(P, c, t, ek + 384 * P.k, m, g + 32);
    memcpy(K, g, 32);
    cb_wipe(g, sizeof g);
    cb_wipe(in, sizeof in);
}

int cb_mlkem_encaps_with(const cb_mlkem_backend *B, unsigned k, uint8_t *c, uint8_t K[32],
                         const uint8_t *ek, const uint8_t m[32])
{
    params P = params_of(B, k);
    poly t[MAXK];
    if (decode_ek(P, t, ek)) /* ek is public: this branch leaks nothing */
        return -1;
    uint8_t h[32];
    cb_sha3_256(h, ek, CB_MLKEM_EK_BYTES(k));
    encaps_core(P, c, K, t, ek, h, m);
    return 0;
}

void cb_mlkem_decaps_with(const cb_mlkem_backend *B, unsigned k, uint8_t K[32],
                          const uint8_t *dk, const uint8_t *c)
{
    params P = params_of(B, k);
    size_t ekb = CB_MLKEM_EK_BYTES(k), ctb = CB_MLKEM_CT_BYTES(k);
    const uint8_t *ek = dk + 384 * k, *h = ek + ekb, *z = h + 32;
    uint8_t m[32], kk[32], kbar[32], c2[CB_MLKEM_MAX_CT];
    poly t[MAXK];
    pke_decrypt(P, m, dk, c);
    (void)decode_ek(P, t, ek);
    encaps_core(P, c2, kk, t, ek, h, m);
    /* K_bar = J(z || c) = SHAKE256(z || c, 32) */
    cb_sponge s;
    cb_shake256_init(&s);
    cb_shake256_absorb(&s, z, 32);
    cb_shake256_absorb(&s, c, ctb);
    cb_shake256_finalize(&s);
    cb_shake256_squeeze(&s, kbar, 32);
    cb_sponge_wipe(&s);
    /* constant-time comparison of c with c2, then a masked selection */
    uint32_t diff = 0;
    for (size_t i = 0; i < ctb; i++)
        diff |= (uint32_t)(c[i] ^ c2[i]);
    uint8_t keep = (uint8_t)((diff - 1) >> 8 & 0xff); /* 0xff when equal, else 0 */
    /* keep the compiler from turning the mask back into a branch */
    __asm__ __volatile__("" : "+r"(keep));
    for (unsigned i = 0; i < 32; i++)
        K[i] = (uint8_t)((kk[i] & keep) | (kbar[i] & (uint8_t)~keep));
    cb_wipe(m, sizeof m);
    cb_wipe(kk, sizeof kk);
    cb_wipe(kbar, sizeof kbar);
    cb_wipe(c2, sizeof c2);
}

/* The portable polynomial layer, and the generic variant's row
 * (kernels/generic/family.c) over it. */
const cb_mlkem_backend cb_mlkem_generic_backend = {
    generic_ntt,        generic_inv_ntt,    generic_inner,
    generic_gen_matrix, generic_sample_cbd, generic_compress_encode,
    generic_decode_decompress, generic_encode12, generic_decode12,
};

void cb_mlkem_keygen(unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                     const uint8_t z[32])
{
    cb_mlkem_keygen_with(&cb_mlkem_generic_backend, k, ek, dk, d, z);
}

int cb_mlkem_encaps(unsigned k, uint8_t *c, uint8_t K[32], const uint8_t *ek,
                    const uint8_t m[32])
{
    return cb_mlkem_encaps_with(&cb_mlkem_generic_backend, k, c, K, ek, m);
}

void cb_mlkem_decaps(unsigned k, uint8_t K[32], const uint8_t *dk, const uint8_t *c)
{
    cb_mlkem_decaps_with(&cb_mlkem_generic_backend, k, K, dk, c);
}

const cb_mlkem_ops cb_mlkem_generic_ops = {cb_mlkem_keygen, cb_mlkem_encaps, cb_mlkem_decaps};
