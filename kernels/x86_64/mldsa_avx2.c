/*
 * kernels/x86_64/mldsa_avx2.c - ML-DSA's polynomial layer on AVX2 (variant avx2).
 *
 * Only the backend of kernels/generic/mldsa.h is here; key generation, the signing
 * loop with its rounding, hints and encodings, and verification are the generic
 * code's, run over this table.
 *   - NTT and inverse NTT on 8 coefficients a register (32-bit lanes).  A Montgomery
 *     product takes the even lanes with vpmuldq and the odd ones shifted down, and
 *     for a twiddle z uses z q^-1 mod 2^32 (computed once per twiddle register) so
 *     that t = (a z q^-1) mod 2^32 needs no dependent low product: the result
 *     (a z - t q) / 2^32 is mont_reduce's of the generic code, lane for lane, so
 *     every intermediate value equals the generic one.  The layers of distance 128
 *     to 8 pair whole registers; those of distance 4, 2 and 1 first regroup two
 *     registers (kernels/x86_64/halves.h) and regroup back afterwards, so
 *     coefficients stay in FIPS 204's order between calls.
 *   - Inner products as 64-bit sums of vpmuldq products (even and odd lanes apart),
 *     one Montgomery reduction per coefficient, as the generic code does.
 *   - ExpandA, ExpandS and ExpandMask on the 4-way Keccak (kernels/x86_64/keccakx4.c):
 *     four matrix entries, four s polynomials or four mask polynomials a pass.
 *     RejNTTPoly's rejection 8 candidates a step: compare with q, then a vpermd
 *     control from cb_x86_compact_idx indexed by the 8 comparison bits packs the
 *     survivors (public: A_hat is).  ExpandMask's BitUnpack of 18 or 20 bits by
 *     a byte shuffle and per-lane shifts.  RejBoundedPoly's decisions are taken by
 *     the generic cb_mldsa_rej_eta, which marks them public as FIPS 204 allows.
 * Everything on secrets (the s and mask streams, NTTs, products, unpacking) is
 * branch-free with no secret index.
 */
#pragma GCC target("avx2")

#include <immintrin.h>
#include <string.h>

#include "kernels/generic/mldsa.h"
#include "kernels/generic/sponge.h"
#include "kernels/x86_64/compact.h"
#include "kernels/x86_64/halves.h"
#include "kernels/x86_64/keccakx4.h"
#include "kernels/x86_64/x86_64.h"

#define Q 8380417
#define QINV 58728449u /* q^-1 mod 2^32 */
#define F_INV 41978    /* R^2 / 256 mod q */
#define N 256

typedef cb_mldsa_poly poly;

/* ---- Montgomery arithmetic on 8 lanes ------------------------------------------------- */

/* montmul is mont_reduce(a z) lane by lane for zq = z q^-1 mod 2^32 (lanes of z and
 * zq paired); |a z| < 2^31 q.  The low halves of a z and t q are equal, so the
 * difference's high half is the exact quotient. */
static inline __m256i montmul(__m256i a, __m256i z, __m256i zq)
{
    const __m256i q = _mm256_set1_epi32(Q);
    __m256i ao = _mm256_srli_epi64(a, 32), zo = _mm256_srli_epi64(z, 32);
    __m256i zqo = _mm256_srli_epi64(zq, 32);
    __m256i pe = _mm256_mul_epi32(a, z), po = _mm256_mul_epi32(ao, zo);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(a, zq), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(ao, zqo), q);
    pe = _mm256_sub_epi64(pe, te), po = _mm256_sub_epi64(po, to);
    return _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xaa);
}

/* reduce64 is mont_reduce of the 64-bit sums se (even lanes) and so (odd lanes). */
static inline __m256i reduce64(__m256i se, __m256i so)
{
    const __m256i q = _mm256_set1_epi32(Q), qinv = _mm256_set1_epi32((int)QINV);
    se = _mm256_sub_epi64(se, _mm256_mul_epi32(_mm256_mul_epu32(se, qinv), q));
    so = _mm256_sub_epi64(so, _mm256_mul_epi32(_mm256_mul_epu32(so, qinv), q));
    return _mm256_blend_epi32(_mm256_srli_epi64(se, 32), so, 0xaa);
}

static inline __m256i qinv_of(__m256i z)
{
    return _mm256_mullo_epi32(z, _mm256_set1_epi32((int)QINV));
}

/* ct_bfly: the NTT's (a, b) -> (a + z b, a - z b). */
static inline void ct_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = montmul(*b, z, zq);
    *b = _mm256_sub_epi32(*a, t);
    *a = _mm256_add_epi32(*a, t);
}

/* gs_bfly: the inverse NTT's (a, b) -> (a + b, z (a - b)). */
static inline void gs_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = *a;
    *a = _mm256_add_epi32(t, *b);
    *b = montmul(_mm256_sub_epi32(t, *b), z, zq);
}

/* twiddles: the 8 zetas at cb_mldsa_zetas + base placed by idx (negated for the
 * inverse NTT).  base and idx are public. */
static inline __m256i twiddles(unsigned base, __m256i idx, int neg)
{
    __m256i z = _mm256_loadu_si256((const __m256i *)(cb_mldsa_zetas + base));
    z = _mm256_permutevar8x32_epi32(z, idx);
    return neg ? _mm256_sub_epi32(_mm256_setzero_si256(), z) : z;
}

/* ---- NTT and inverse NTT ----------------------------------------------------------------- */

/* avx2_ntt: Algorithm 41 with the generic code's operations.  Block b (coefficients
 * 16 b .. 16 b + 15, registers 2b and 2b + 1) meets twiddles 32 + 2b.. (distance 4),
 * 64 + 4b.. (2) and 128 + 8b.. (1) after halves128, halves64 and halves32. */
static void avx2_ntt(poly *p)
{
    __m256i r[32];
    for (unsigned i = 0; i < 32; i++)
        r[i] = _mm256_loadu_si256((const __m256i *)(p->c + 8 * i));
    unsigned m = 0;
    for (unsigned len = 16; len >= 1; len >>= 1) /* in registers: distance 128 .. 8 */
        for (unsigned start = 0; start < 32; start += 2 * len) {
            __m256i z = _mm256_set1_epi32(cb_mldsa_zetas[++m]), zq = qinv_of(z);
            for (unsigned j = start; j < start + len; j++)
                ct_bfly(&r[j], &r[j + len], z, zq);
        }
    const __m256i i4 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    const __m256i i2 = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
    const __m256i i1 = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (unsigned b = 0; b < 16; b++) {
        __m256i x = r[2 * b], y = r[2 * b + 1], z;
        halves128(&x, &y);
        z = twiddles(32 + 2 * b, i4, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        halves64(&x, &y);
        z = twiddles(64 + 4 * b, i2, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        halves32(&x, &y);
        z = twiddles(128 + 8 * b, i1, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        halves32(&x, &y);
        halves64(&x, &y);
        halves128(&x, &y);
        _mm256_storeu_si256((__m256i *)(p->c + 16 * b), x);
        _mm256_storeu_si256((__m256i *)(p->c + 16 * b + 8), y);
    }
}

/* avx2_inv_ntt: Algorithm 42 with the generic code's operations, the layers in the
 * reverse order: block b's twiddles -zetas[255 - 8b - i] (distance 1, lane i),
 * -zetas[127 - 4b - i] (2) and -zetas[63 - 2b - i] (4), then whole registers, then
 * the factor F. */
static void avx2_inv_ntt(poly *p)
{
    __m256i r[32];
    const __m256i i1 = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    const __m256i i2 = _mm256_setr_epi32(7, 7, 6, 6, 5, 5, 4, 4);
    const __m256i i4 = _mm256_setr_epi32(7, 7, 7, 7, 6, 6, 6, 6);
    for (unsigned b = 0; b < 16; b++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p->c + 16 * b));
        __m256i y = _mm256_loadu_si256((const __m256i *)(p->c + 16 * b + 8)), z;
        halves128(&x, &y);
        halves64(&x, &y);
        halves32(&x, &y);
        z = twiddles(248 - 8 * b, i1, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves32(&x, &y);
        z = twiddles(120 - 4 * b, i2, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves64(&x, &y);
        z = twiddles(56 - 2 * b, i4, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves128(&x, &y);
        r[2 * b] = x, r[2 * b + 1] = y;
    }
    unsigned m = 32;
    for (unsigned len = 1; len <= 16; len <<= 1) /* in registers: distance 8 .. 128 */
        for (unsigned start = 0; start < 32; start += 2 * len) {
            __m256i z = _mm256_set1_epi32(-cb_mldsa_zetas[--m]), zq = qinv_of(z);
            for (unsigned j = start; j < start + len; j++)
                gs_bfly(&r[j], &r[j + len], z, zq);
        }
    const __m256i f = _mm256_set1_epi32(F_INV), fq = qinv_of(f);
    for (unsigned i = 0; i < 32; i++)
        _mm256_storeu_si256((__m256i *)(p->c + 8 * i), montmul(r[i], f, fq));
}

/* avx2_inner: r = sum a[j] o v[j], 64-bit sums reduced once per coefficient. */
static void avx2_inner(poly *r, const poly *a, const poly *v, unsigned n)
{
    for (unsigned i = 0; i < N; i += 8) {
        __m256i se = _mm256_setzero_si256(), so = se;
        for (unsigned j = 0; j < n; j++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(a[j].c + i));
            __m256i y = _mm256_loadu_si256((const __m256i *)(v[j].c + i));
            se = _mm256_add_epi64(se, _mm256_mul_epi32(x, y));
            so = _mm256_add_epi64(so, _mm256_mul_epi32(_mm256_srli_epi64(x, 32),
                                                       _mm256_srli_epi64(y, 32)));
        }
        _mm256_storeu_si256((__m256i *)(r->c + i), reduce64(se, so));
    }
}

/* ---- sampling ------------------------------------------------------------------------------ */

/* rej_avx2 is cb_mldsa_rej_uniform 8 candidates (24 bytes) a step; buf must have 8
 * readable bytes past len.  The steps stop 8 short of 256 so no store passes the
 * end; the scalar loop takes the rest. */
static unsigned rej_avx2(int32_t *out, unsigned n, const uint8_t *buf, size_t len)
{
    const __m256i ctl = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 4,
                                         5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    const __m256i low23 = _mm256_set1_epi32(0x7fffff), q = _mm256_set1_epi32(Q);
    size_t pos = 0;
    for (; pos + 24 <= len && n <= N - 8; pos += 24) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(buf + pos));
        x = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(x, 0x94), ctl);
        x = _mm256_and_si256(x, low23);
        unsigned m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, x)));
        __m256i idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)&cb_x86_compact_idx[m]));
        _mm256_storeu_si256((__m256i *)(out + n), _mm256_permutevar8x32_epi32(x, idx));
        n += cb_x86_popcount8(m);
    }
    return cb_mldsa_rej_uniform(out, n, buf + pos, len - pos);
}

/* lanes4 fills the four stream tails (2 bytes, little-endian) with first + j, the
 * unused lanes of a last short group repeating `first` (their output is dropped). */
static void lanes4(uint8_t tail[4][2], unsigned first, unsigned j_end)
{
    for (unsigned j = 0; j < 4; j++) {
        unsigned v = first + (j < j_end ? j : 0);
        tail[j][0] = (uint8_t)v, tail[j][1] = (uint8_t)(v >> 8);
    }
}

#define A_BLOCKS 5 /* 840 bytes, 280 candidates: 256 below q nearly always */

/* avx2_expand_a samples the k l entries four at a time (the unused lanes of a last
 * short group sample an entry again into a spare polynomial). */
static void avx2_expand_a(poly *a, const uint8_t rho[32], unsigned k, unsigned l,
                          unsigned stride)
{
    static const unsigned buflen = A_BLOCKS * CB_SHAKE128_RATE;
    uint8_t buf[4][A_BLOCKS * CB_SHAKE128_RATE + 8]; /* + 8: rej_avx2 reads ahead */
    uint8_t *out[4] = {buf[0], buf[1], buf[2], buf[3]};
    int32_t spare[N];
    unsigned total = k * l;
    for (unsigned g = 0; g < total; g += 4) {
        uint8_t tail[4][2];
        int32_t *dst[4];
        unsigned n[4];
        for (unsigned j = 0; j < 4; j++) {
            unsigned e = g + j < total ? g + j : g; /* entry (e / l, e % l) */
            tail[j][0] = (uint8_t)(e % l), tail[j][1] = (uint8_t)(e / l);
            dst[j] = g + j < total ? a[(e / l) * stride + e % l].c : spare;
        }
        __m256i A[25];
        cb_shakex4_absorb(A, rho, 32, (const uint8_t(*)[2])tail, 2, CB_SHAKE128_RATE);
        for (unsigned b = 0; b < A_BLOCKS; b++)
            cb_shakex4_squeeze(A, out, b * CB_SHAKE128_RATE, CB_SHAKE128_RATE);
        for (unsigned j = 0; j < 4; j++)
            n[j] = rej_avx2(dst[j], 0, buf[j], buflen);
        /* rare: another block for all four until each has 256 (public data) */
        while (n[0] < N || n[1] < N || n[2] < N || n[3] < N) {
            cb_shakex4_squeeze(A, out, 0, CB_SHAKE128_RATE);
            for (unsigned j = 0; j < 4; j++)
                n[j] = cb_mldsa_rej_uniform(dst[j], n[j], buf[j], CB_SHAKE128_RATE);
        }
    }
}

#define S_BLOCKS 2 /* 272 bytes: 544 half-bytes, 256 accepted nearly always */

/* halfbytes8 returns the 8 half-bytes of the 4 bytes at b in RejBoundedPoly's order
 * (low half first), one per byte of the low 64 bits. */
static inline __m128i halfbytes8(const uint8_t *b)
{
    uint32_t w;
    memcpy(&w, b, 4);
    __m128i x = _mm_cvtsi32_si128((int)w), m = _mm_set1_epi8(0x0f);
    return _mm_unpacklo_epi8(_mm_and_si128(x, m), _mm_and_si128(_mm_srli_epi16(x, 4), m));
}

/* rej_eta_avx2 is cb_mldsa_rej_eta 8 half-bytes (4 bytes) a step, len a multiple of
 * 4 and at most S_BLOCKS rates.  First every step's accept bits (half-byte below 15
 * for eta 2, below 9 for eta 4) are found and marked public, as the generic code
 * marks its decisions; only then do they index cb_x86_compact_idx.  The values,
 * 2 - (b mod 5) with b mod 5 = b - 5 ((13 b) >> 6) exact for b < 15, or 4 - b, are
 * formed for all 8 lanes without a branch.  The steps stop 8 short of 256; the
 * generic loop takes the rest. */
static unsigned rej_eta_avx2(int32_t *out, unsigned n, const uint8_t *buf, size_t len,
                             unsigned eta)
{
    uint8_t take[S_BLOCKS * CB_SHAKE256_RATE / 4];
    size_t steps = len / 4;
    const __m128i bound = _mm_set1_epi8(eta == 2 ? 15 : 9);
    for (size_t i = 0; i < steps; i++)
        take[i] = (uint8_t)_mm_movemask_epi8(_mm_cmplt_epi8(halfbytes8(buf + 4 * i), bound));
    cb_mldsa_public(take, steps);
    const __m256i e = _mm256_set1_epi32((int)eta), five = _mm256_set1_epi32(5);
    const __m256i thirteen = _mm256_set1_epi32(13);
    size_t i = 0;
    for (; i < steps && n <= N - 8; i++) {
        __m256i b = _mm256_cvtepu8_epi32(halfbytes8(buf + 4 * i));
        if (eta == 2) {
            __m256i q5 = _mm256_srli_epi32(_mm256_mullo_epi16(b, thirteen), 6);
            b = _mm256_sub_epi32(b, _mm256_mullo_epi16(q5, five));
        }
        b = _mm256_sub_epi32(e, b);
        unsigned m = take[i];
        __m256i idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)&cb_x86_compact_idx[m]));
        _mm256_storeu_si256((__m256i *)(out + n), _mm256_permutevar8x32_epi32(b, idx));
        n += cb_x86_popcount8(m);
    }
    cb_wipe(take, sizeof take);
    return cb_mldsa_rej_eta(out, n, buf + 4 * i, len - 4 * i, eta);
}

/* avx2_expand_s runs RejBoundedPoly's SHAKE256 four nonces at a time. */
static void avx2_expand_s(poly *s, const uint8_t rhop[64], unsigned nonce, unsigned n,
                          unsigned eta)
{
    uint8_t buf[4][S_BLOCKS * CB_SHAKE256_RATE];
    uint8_t *out[4] = {buf[0], buf[1], buf[2], buf[3]};
    int32_t spare[N];
    __m256i A[25];
    for (unsigned g = 0; g < n; g += 4) {
        uint8_t tail[4][2];
        int32_t *dst[4];
        unsigned got[4];
        lanes4(tail, nonce + g, n - g);
        for (unsigned j = 0; j < 4; j++)
            dst[j] = g + j < n ? s[g + j].c : spare;
        cb_shakex4_absorb(A, rhop, 64, (const uint8_t(*)[2])tail, 2, CB_SHAKE256_RATE);
        for (unsigned b = 0; b < S_BLOCKS; b++)
            cb_shakex4_squeeze(A, out, b * CB_SHAKE256_RATE, CB_SHAKE256_RATE);
        for (unsigned j = 0; j < 4; j++)
            got[j] = rej_eta_avx2(dst[j], 0, buf[j], sizeof buf[j], eta);
        /* another block for all four until each has 256 (the counts are public) */
        while (got[0] < N || got[1] < N || got[2] < N || got[3] < N) {
            cb_shakex4_squeeze(A, out, 0, CB_SHAKE256_RATE);
            for (unsigned j = 0; j < 4; j++)
                got[j] = cb_mldsa_rej_eta(dst[j], got[j], buf[j], CB_SHAKE256_RATE, eta);
        }
    }
    cb_wipe(A, sizeof A);
    cb_wipe(buf, sizeof buf);
    cb_wipe(spare, sizeof spare);
}

/* avx2_unpack_z: y = gamma1 - the zbits-bit (18 or 20) values, 8 coefficients
 * (zbits bytes) a step: each 128-bit half takes 4 of them, every coefficient's 3
 * bytes shuffled into a lane and shifted by its bit offset.  Reads up to 7 bytes
 * past 32 zbits. */
static void avx2_unpack_z(poly *y, const uint8_t *in, unsigned zbits)
{
    const __m256i c18 = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1, 0,
                                         1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1);
    const __m256i c20 = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1, 0,
                                         1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1);
    const __m256i s18 = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const __m256i s20 = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
    __m256i ctl = zbits == 18 ? c18 : c20, sh = zbits == 18 ? s18 : s20;
    __m256i mask = _mm256_set1_epi32((1 << zbits) - 1);
    __m256i g1 = _mm256_set1_epi32(1 << (zbits - 1));
    unsigned half = zbits / 2;
    for (unsigned i = 0; i < N / 8; i++, in += zbits) {
        __m128i lo = _mm_loadu_si128((const __m128i *)in);
        __m128i hi = _mm_loadu_si128((const __m128i *)(in + half));
        __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, ctl), sh), mask);
        _mm256_storeu_si256((__m256i *)(y->c + 8 * i), _mm256_sub_epi32(g1, x));
    }
}

#define MASK_BLOCKS 5 /* 680 bytes: 32 zbits is 576 or 640 */

/* avx2_expand_mask runs ExpandMask's SHAKE256 four polynomials at a time. */
static void avx2_expand_mask(poly *y, const uint8_t rhopp[64], unsigned kappa, unsigned l,
                             unsigned zbits)
{
    uint8_t buf[4][MASK_BLOCKS * CB_SHAKE256_RATE];
    uint8_t *out[4] = {buf[0], buf[1], buf[2], buf[3]};
    __m256i A[25];
    for (unsigned g = 0; g < l; g += 4) {
        uint8_t tail[4][2];
        lanes4(tail, kappa + g, l - g);
        cb_shakex4_absorb(A, rhopp, 64, (const uint8_t(*)[2])tail, 2, CB_SHAKE256_RATE);
        for (unsigned b = 0; b < MASK_BLOCKS; b++)
            cb_shakex4_squeeze(A, out, b * CB_SHAKE256_RATE, CB_SHAKE256_RATE);
        for (unsigned j = 0; j < 4 && g + j < l; j++)
            avx2_unpack_z(&y[g + j], buf[j], zbits);
    }
    cb_wipe(A, sizeof A);
    cb_wipe(buf, sizeof buf);
}

/* ---- verification's unpacking and hints ------------------------------------------------ */

/* avx2_unpack_t1: the 10-bit values times 2^13, 8 (10 bytes) a step as avx2_unpack_z
 * does, from a copy with room for the last step's read past the row. */
static void avx2_unpack_t1(poly *t, const uint8_t in[320])
{
    const __m256i ctl = _mm256_setr_epi8(0, 1, -1, -1, 1, 2, -1, -1, 2, 3, -1, -1, 3, 4, -1, -1,
                                         0, 1, -1, -1, 1, 2, -1, -1, 2, 3, -1, -1, 3, 4, -1, -1);
    const __m256i sh = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const __m256i mask = _mm256_set1_epi32(0x3ff);
    uint8_t buf[320 + 16];
    memcpy(buf, in, 320);
    memset(buf + 320, 0, 16);
    for (unsigned i = 0; i < N / 8; i++) {
        __m128i lo = _mm_loadu_si128((const __m128i *)(buf + 10 * i));
        __m128i hi = _mm_loadu_si128((const __m128i *)(buf + 10 * i + 5));
        __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, ctl), sh), mask);
        _mm256_storeu_si256((__m256i *)(t->c + 8 * i), _mm256_slli_epi32(x, 13));
    }
}

/* avx2_use_hint: UseHint 8 coefficients a step on public data.  Decompose's
 * r1 = floor((r + gamma2 - 1) / (2 gamma2)) for r + gamma2 - 1 < 2^24 goes through
 * the power of two in 2 gamma2 (2^9 1023 or 2^11 93) with a shift, then divides
 * the rest (below 2^15 or 2^13) by 1023 or 93 with ceil(2^26 / 1023) = 65601 and a
 * shift by 26, or ceil(2^24 / 93) = 180401 and 24: the error term stays below
 * 1 / 1023 (1 / 93), so the floors are exact (test_x86_64 checks every r < q). */
static void avx2_use_hint(poly *w, const uint8_t h[N], int32_t gamma2)
{
    int g32 = gamma2 == (Q - 1) / 32;
    const __m256i q = _mm256_set1_epi32(Q), zero = _mm256_setzero_si256();
    const __m256i bias = _mm256_set1_epi32(gamma2 - 1), two_g2 = _mm256_set1_epi32(2 * gamma2);
    const __m256i magic = _mm256_set1_epi32(g32 ? 65601 : 180401);
    const __m256i m = _mm256_set1_epi32(g32 ? 16 : 44), one = _mm256_set1_epi32(1);
    for (unsigned i = 0; i < N / 8; i++) {
        __m256i r = _mm256_loadu_si256((const __m256i *)(w->c + 8 * i));
        r = _mm256_add_epi32(r, _mm256_and_si256(_mm256_srai_epi32(r, 31), q)); /* [0, q) */
        __m256i t = _mm256_add_epi32(r, bias);
        t = g32 ? _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(t, 9), magic), 26)
                : _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(t, 11), magic), 24);
        __m256i r0 = _mm256_sub_epi32(r, _mm256_mullo_epi32(t, two_g2));
        __m256i top = _mm256_cmpeq_epi32(t, m); /* r - r0 = q - 1: r1 = 0, r0 - 1 */
        r0 = _mm256_add_epi32(r0, top);
        t = _mm256_andnot_si256(top, t);
        __m256i hint = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(h + 8 * i)));
        hint = _mm256_cmpgt_epi32(hint, zero);
        /* +1 where r0 > 0, else -1, where the hint is set; then mod m */
        __m256i d = _mm256_sub_epi32(_mm256_and_si256(_mm256_cmpgt_epi32(r0, zero), _mm256_set1_epi32(2)), one);
        t = _mm256_add_epi32(t, _mm256_and_si256(d, hint));
        t = _mm256_andnot_si256(_mm256_cmpeq_epi32(t, m), t);
        t = _mm256_add_epi32(t, _mm256_and_si256(_mm256_srai_epi32(t, 31), m));
        _mm256_storeu_si256((__m256i *)(w->c + 8 * i), t);
    }
}

/* ---- the variant ------------------------------------------------------------------------- */

const cb_mldsa_backend cb_mldsa_avx2_backend = {
    avx2_ntt,      avx2_inv_ntt,  avx2_inner,     avx2_expand_a,  avx2_expand_s,
    avx2_expand_mask, avx2_unpack_z, avx2_unpack_t1, avx2_use_hint,
};

static int avx2_keygen(unsigned set, uint8_t *pk, uint8_t *sk, const uint8_t xi[32])
{
    return cb_mldsa_keygen_with(&cb_mldsa_avx2_backend, set, pk, sk, xi);
}

static int avx2_sign(unsigned set, uint8_t *sig, const uint8_t *sk, const uint8_t *pre,
                     size_t prelen, const uint8_t *msg, size_t len, const uint8_t rnd[32])
{
    return cb_mldsa_sign_with(&cb_mldsa_avx2_backend, set, sig, sk, pre, prelen, msg, len, rnd);
}

static int avx2_verify(unsigned set, const uint8_t *pk, const uint8_t *pre, size_t prelen,
                       const uint8_t *msg, size_t len, const uint8_t *sig)
{
    return cb_mldsa_verify_with(&cb_mldsa_avx2_backend, set, pk, pre, prelen, msg, len, sig);
}

const cb_mldsa_ops cb_mldsa_avx2_ops = {avx2_keygen, avx2_sign, avx2_verify};
