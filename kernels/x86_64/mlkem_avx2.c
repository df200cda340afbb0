/*
 * kernels/x86_64/mlkem_avx2.c - ML-KEM's polynomial layer on AVX2 (variant avx2).
 *
 * Only the backend of kernels/generic/mlkem.h is here; K-PKE, the FO transform and
 * implicit rejection are the generic code's, run over this table.
 *   - Keccak-f[1600] four states at a time (kernels/x86_64/keccakx4.c), so the
 *     matrix expansion squeezes four SHAKE128 streams at once and the CBD sampling
 *     four SHAKE256 PRF outputs.
 *   - NTT and inverse NTT on 16 coefficients a register: the same Montgomery and
 *     Barrett arithmetic as the generic code, lane for lane (vpmullw/vpmulhw,
 *     vpmulhrsw), so every intermediate value equals the generic one.  The layers
 *     of distance 128 to 16 pair whole registers; those of distance 8, 4 and 2 first
 *     regroup two registers (128-bit halves, then 64-bit, then 32-bit pieces) so the
 *     butterfly's partners sit in the same lane of two registers, and regroup back
 *     afterwards: coefficients stay in FIPS 203's order between calls.
 *   - The base-case products with vpmaddwd: a0 b0 + gamma (a1 b1 R^-1) and
 *     a0 b1 + a1 b0 as 32-bit sums over the k terms of an inner product, reduced
 *     once per coefficient, as the generic code does.
 *   - SampleNTT's rejection 16 candidates a step: compare with q, then a pshufb
 *     control from a 256-entry table indexed by 8 of the comparison bits packs the
 *     survivors; the index is public (A_hat is).  CBD with eta 2 and 3 on 32 and
 *     24 bytes a register.
 *   - Compress_d for every d by multiplications whose exactness for every x < q
 *     was checked; ByteEncode/Decode_d and Decompress_d by vpmaddwd, shifts and
 *     byte shuffles.
 *   - k = 3's ninth matrix entry takes the scalar sponge rather than a group of
 *     four lanes with three idle (paired builds, scripts/compare-builds.sh: keygen
 *     +2.3%, encaps +2.4%, decaps +3.3%).
 * Everything on secrets (CBD, NTTs, products) is branch-free with no secret index.
 */
#pragma GCC target("avx2")

#include <immintrin.h>
#include <string.h>

#include "kernels/generic/mlkem.h"
#include "kernels/generic/sponge.h"
#include "kernels/x86_64/compact.h"
#include "kernels/x86_64/halves.h"
#include "kernels/x86_64/keccakx4.h"
#include "kernels/x86_64/x86_64.h"

#define Q 3329
#define QINV (-3327) /* q^-1 mod 2^16, signed */

/* ---- rejection sampling and CBD on vectors ------------------------------------------- */

/* keep8 stores the lanes of x that m selects at out and returns how many; m comes
 * from the XOF output for A, which is public. */
static inline unsigned keep8(int16_t *out, __m128i x, unsigned m)
{
    /* word index w becomes the byte pair (2w, 2w + 1) of a pshufb control */
    __m128i w = _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)&cb_x86_compact_idx[m]));
    __m128i ctl = _mm_add_epi16(_mm_mullo_epi16(w, _mm_set1_epi16(0x0202)),
                                _mm_set1_epi16(0x0100));
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(x, ctl));
    return cb_x86_popcount8(m);
}

/* unpack12 returns the 16 12-bit values of the 24 bytes at b (32 readable). */
static inline __m256i unpack12(const uint8_t *b)
{
    const __m256i ctl = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 4, 5,
                                         5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
    __m256i v = _mm256_loadu_si256((const __m256i *)b);
    v = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(v, 0x94), ctl);
    return _mm256_blend_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0x0fff)),
                              _mm256_srli_epi16(v, 4), 0xaa);
}

/* rej_avx2 is cb_mlkem_rej_uniform 16 candidates (24 bytes) a step; buf must have
 * 8 readable bytes past len.  The steps stop 16 short of 256 so no store passes the
 * end; the scalar loop takes the rest. */
static unsigned rej_avx2(int16_t *out, unsigned n, const uint8_t *buf, size_t len)
{
    const __m256i q = _mm256_set1_epi16(Q);
    size_t pos = 0;
    for (; pos + 24 <= len && n <= 256 - 16; pos += 24) {
        __m256i x = unpack12(buf + pos);
        __m256i good = _mm256_cmpgt_epi16(q, x);
        unsigned mm = (unsigned)_mm256_movemask_epi8(_mm256_packs_epi16(good, good));
        n += keep8(out + n, _mm256_castsi256_si128(x), mm & 0xff);
        n += keep8(out + n, _mm256_extracti128_si256(x, 1), (mm >> 16) & 0xff);
    }
    return cb_mlkem_rej_uniform(out, n, buf + pos, len - pos);
}

/* cbd2_avx2 is SamplePolyCBD_2 of 128 bytes: per byte, the two coefficients are
 * (bit0 + bit1) - (bit2 + bit3) and the same of the high nibble. */
static void cbd2_avx2(cb_mlkem_poly *p, const uint8_t *buf)
{
    const __m256i m55 = _mm256_set1_epi8(0x55), m03 = _mm256_set1_epi8(0x03);
    for (unsigned i = 0; i < 4; i++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(buf + 32 * i));
        __m256i t = _mm256_add_epi8(_mm256_and_si256(x, m55),
                                    _mm256_and_si256(_mm256_srli_epi16(x, 1), m55));
        __m256i lo = _mm256_sub_epi8(_mm256_and_si256(t, m03),
                                     _mm256_and_si256(_mm256_srli_epi16(t, 2), m03));
        __m256i hi = _mm256_sub_epi8(_mm256_and_si256(_mm256_srli_epi16(t, 4), m03),
                                     _mm256_and_si256(_mm256_srli_epi16(t, 6), m03));
        /* per 128-bit half: a = coefficients of bytes 0..7 (16..23), b = 8..15 (24..31) */
        __m256i a = _mm256_unpacklo_epi8(lo, hi), b = _mm256_unpackhi_epi8(lo, hi);
        int16_t *o = p->c + 64 * i;
        _mm256_storeu_si256((__m256i *)o, _mm256_cvtepi8_epi16(_mm256_castsi256_si128(a)));
        _mm256_storeu_si256((__m256i *)(o + 16), _mm256_cvtepi8_epi16(_mm256_castsi256_si128(b)));
        a = _mm256_permute4x64_epi64(a, 0xee), b = _mm256_permute4x64_epi64(b, 0xee);
        _mm256_storeu_si256((__m256i *)(o + 32), _mm256_cvtepi8_epi16(_mm256_castsi256_si128(a)));
        _mm256_storeu_si256((__m256i *)(o + 48), _mm256_cvtepi8_epi16(_mm256_castsi256_si128(b)));
    }
}

/* cbd3_avx2 is SamplePolyCBD_3 of 192 bytes (and reads 8 past them): each 3 bytes
 * give four coefficients, popcount of 3 bits minus that of the next 3.  The
 * differences are formed as (a + 3) - b so no field borrows from the next, then
 * spread to 16-bit lanes and 3 taken off. */
static void cbd3_avx2(cb_mlkem_poly *p, const uint8_t *buf)
{
    const __m256i ctl = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 4,
                                         5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    const __m256i m3 = _mm256_set1_epi32(0x249249), a_fields = _mm256_set1_epi32(0x1c71c7);
    const __m256i six = _mm256_set1_epi32(0x3f), six_hi = _mm256_set1_epi32(0x3f << 16);
    for (unsigned i = 0; i < 8; i++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(buf + 24 * i));
        x = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(x, 0x94), ctl); /* 3 bytes a lane */
        __m256i t = _mm256_add_epi32(_mm256_and_si256(x, m3),
                                     _mm256_and_si256(_mm256_srli_epi32(x, 1), m3));
        t = _mm256_add_epi32(t, _mm256_and_si256(_mm256_srli_epi32(x, 2), m3));
        __m256i a = _mm256_and_si256(t, a_fields);
        __m256i b = _mm256_and_si256(_mm256_srli_epi32(t, 3), a_fields);
        __m256i w = _mm256_sub_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(0xc30c3)), b);
        /* four 6-bit fields a lane: (f0, f1) and (f2, f3) as 16-bit pairs */
        __m256i u0 = _mm256_or_si256(_mm256_and_si256(w, six),
                                     _mm256_and_si256(_mm256_slli_epi32(w, 10), six_hi));
        __m256i u1 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(w, 12), six),
                                     _mm256_and_si256(_mm256_srli_epi32(w, 2), six_hi));
        __m256i lo = _mm256_unpacklo_epi32(u0, u1), hi = _mm256_unpackhi_epi32(u0, u1);
        __m256i three = _mm256_set1_epi16(3);
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i),
                            _mm256_sub_epi16(_mm256_permute2x128_si256(lo, hi, 0x20), three));
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i + 16),
                            _mm256_sub_epi16(_mm256_permute2x128_si256(lo, hi, 0x31), three));
    }
}

/* ---- the matrix A_hat and the noise ---------------------------------------------------- */

#define XOF_BLOCKS 3 /* 504 bytes, 336 candidates: 256 below q nearly always */

/* avx2_gen_matrix samples the k * k entries four at a time, a single last one (k = 3)
 * with the scalar sponge; a group short of four would repeat an entry and discard it. */
static void avx2_gen_matrix(cb_mlkem_poly *a, const uint8_t rho[32], unsigned k, int transpose)
{
    static const unsigned buflen = XOF_BLOCKS * CB_SHAKE128_RATE;
    uint8_t buf[4][XOF_BLOCKS * CB_SHAKE128_RATE + 8]; /* + 8: rej_avx2 reads ahead */
    int16_t spare[256];
    unsigned total = k * k;
    for (unsigned g = 0; g < total; g += 4) {
        if (total - g == 1) { /* k = 3's ninth entry: one scalar stream beats 4 lanes */
            unsigned i = g / k, c = g % k;
            uint8_t seed[34];
            memcpy(seed, rho, 32);
            seed[32] = (uint8_t)(transpose ? i : c), seed[33] = (uint8_t)(transpose ? c : i);
            cb_sponge s;
            cb_shake128_init(&s);
            cb_shake128_absorb(&s, seed, sizeof seed);
            cb_shake128_finalize(&s);
            cb_shake128_squeeze(&s, buf[0], buflen);
            unsigned n = rej_avx2(a[g].c, 0, buf[0], buflen);
            while (n < 256) {
                cb_shake128_squeeze(&s, buf[0], CB_SHAKE128_RATE);
                n = cb_mlkem_rej_uniform(a[g].c, n, buf[0], CB_SHAKE128_RATE);
            }
            break;
        }
        uint8_t tail[4][2], *out[4] = {buf[0], buf[1], buf[2], buf[3]};
        int16_t *dst[4];
        unsigned n[4] = {0, 0, 0, 0};
        for (unsigned j = 0; j < 4; j++) {
            unsigned e = g + j < total ? g + j : g, i = e / k, c = e % k;
            tail[j][0] = (uint8_t)(transpose ? i : c);
            tail[j][1] = (uint8_t)(transpose ? c : i);
            dst[j] = g + j < total ? a[g + j].c : spare;
        }
        __m256i A[25];
        cb_shakex4_absorb(A, rho, 32, (const uint8_t(*)[2])tail, 2, CB_SHAKE128_RATE);
        for (unsigned b = 0; b < XOF_BLOCKS; b++)
            cb_shakex4_squeeze(A, out, b * CB_SHAKE128_RATE, CB_SHAKE128_RATE);
        for (unsigned j = 0; j < 4; j++)
            n[j] = rej_avx2(dst[j], 0, buf[j], buflen);
        /* rare: another block for all four until each has 256 (public data) */
        while (n[0] < 256 || n[1] < 256 || n[2] < 256 || n[3] < 256) {
            cb_shakex4_squeeze(A, out, 0, CB_SHAKE128_RATE);
            for (unsigned j = 0; j < 4; j++)
                n[j] = cb_mlkem_rej_uniform(dst[j], n[j], buf[j], CB_SHAKE128_RATE);
        }
    }
}

/* avx2_sample_cbd runs the PRF four nonces at a time (unused lanes of the last group
 * repeat its first nonce and are discarded), then SamplePolyCBD_eta. */
static void avx2_sample_cbd(cb_mlkem_poly *p, const uint8_t sigma[32], uint8_t nonce,
                            unsigned n, unsigned eta)
{
    uint8_t buf[4][2 * CB_SHAKE256_RATE];
    for (unsigned g = 0; g < n; g += 4) {
        uint8_t tail[4][2] = {{0}}, *out[4] = {buf[0], buf[1], buf[2], buf[3]};
        for (unsigned j = 0; j < 4; j++)
            tail[j][0] = (uint8_t)(nonce + (g + j < n ? g + j : g));
        __m256i A[25];
        cb_shakex4_absorb(A, sigma, 32, (const uint8_t(*)[2])tail, 1, CB_SHAKE256_RATE);
        /* 64 eta bytes: one block for eta 2, two for eta 3 */
        for (unsigned b = 0; b * CB_SHAKE256_RATE < 64 * eta; b++)
            cb_shakex4_squeeze(A, out, b * CB_SHAKE256_RATE, CB_SHAKE256_RATE);
        for (unsigned j = 0; j < 4 && g + j < n; j++)
            if (eta == 2)
                cbd2_avx2(&p[g + j], buf[j]);
            else
                cbd3_avx2(&p[g + j], buf[j]); /* 192 of the 272 bytes squeezed */
        cb_wipe(A, sizeof A);
    }
    cb_wipe(buf, sizeof buf);
}

/* ---- arithmetic on 16 coefficients ----------------------------------------------------- */

/* fqmul_c is fqmul(a, b) lane by lane for a b with bq = b * q^-1 mod 2^16 known. */
static inline __m256i fqmul_c(__m256i a, __m256i b, __m256i bq)
{
    __m256i hi = _mm256_mulhi_epi16(a, b);
    __m256i t = _mm256_mullo_epi16(a, bq);
    return _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, _mm256_set1_epi16(Q)));
}

/* fqmul_v is fqmul(a, b) with both factors variable. */
static inline __m256i fqmul_v(__m256i a, __m256i b)
{
    __m256i t = _mm256_mullo_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(QINV));
    return _mm256_sub_epi16(_mm256_mulhi_epi16(a, b), _mm256_mulhi_epi16(t, _mm256_set1_epi16(Q)));
}

/* barrett16 is the generic barrett: t = (20159 a + 2^25) >> 26, computed as
 * ((20159 a) >> 16 + 2^9) >> 10 (the same value), then a - t q. */
static inline __m256i barrett16(__m256i a)
{
    __m256i t = _mm256_mulhi_epi16(a, _mm256_set1_epi16(20159));
    t = _mm256_mulhrs_epi16(t, _mm256_set1_epi16(32));
    return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, _mm256_set1_epi16(Q)));
}

static inline __m256i qinv_of(__m256i z) { return _mm256_mullo_epi16(z, _mm256_set1_epi16(QINV)); }

/* ct_bfly is the forward butterfly: t = zeta b; (a, b) = (a + t, a - t). */
static inline void ct_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = fqmul_c(*b, z, zq);
    *b = _mm256_sub_epi16(*a, t);
    *a = _mm256_add_epi16(*a, t);
}

/* gs_bfly is the inverse butterfly: (a, b) = (barrett(a + b), zeta (b - a)). */
static inline void gs_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = *a;
    *a = barrett16(_mm256_add_epi16(t, *b));
    *b = fqmul_c(_mm256_sub_epi16(*b, t), z, zq);
}

/* The regroupings of a 32-coefficient block (kernels/x86_64/halves.h), each its own
 * inverse: halves128: (c0..15, c16..31) <-> (c0..7 c16..23, c8..15 c24..31);
 * halves64: then <-> (c0..3 c8..11 c16..19 c24..27, c4..7 c12..15 ...);
 * halves32: then <-> (c0 c1 c4 c5 c8 c9 ..., c2 c3 c6 c7 ...). */

/* The twiddle registers of one block's inner layers, lane l holding zetas[i] of
 * the group lane l is in: two groups a register (distance 8), four (4), eight (2).
 * rev: the inverse NTT's order, zetas descending.  All indices are public. */
static inline __m256i zeta2(unsigned i0, int rev)
{
    const int16_t *z = cb_mlkem_zetas;
    return _mm256_setr_m128i(_mm_set1_epi16(z[i0]), _mm_set1_epi16(z[rev ? i0 - 1 : i0 + 1]));
}

static inline __m256i zeta4(unsigned i0, int rev)
{
    __m128i z = _mm_loadl_epi64((const __m128i *)(cb_mlkem_zetas + (rev ? i0 - 3 : i0)));
    if (rev)
        z = _mm_shufflelo_epi16(z, 0x1b);
    __m256i w = _mm256_cvtepu16_epi64(z);
    const __m256i m = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9, 0, 1, 0,
                                       1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9);
    return _mm256_shuffle_epi8(w, m);
}

static inline __m256i zeta8(unsigned i0, int rev)
{
    __m128i z = _mm_loadu_si128((const __m128i *)(cb_mlkem_zetas + (rev ? i0 - 7 : i0)));
    if (rev)
        z = _mm_shuffle_epi8(z, _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3,
                                              0, 1));
    __m256i w = _mm256_cvtepu16_epi32(z);
    return _mm256_or_si256(w, _mm256_slli_epi32(w, 16));
}

static inline __m256i bcast(int16_t z) { return _mm256_set1_epi16(z); }

/* ---- NTT and inverse NTT ---------------------------------------------------------------- */

static void avx2_ntt(cb_mlkem_poly *p)
{
    __m256i v[16];
    for (int i = 0; i < 16; i++)
        v[i] = _mm256_loadu_si256((const __m256i *)(p->c + 16 * i));
    /* distances 128, 64, 32, 16: zetas[1], [2..3], [4..7], [8..15] */
    for (unsigned len = 8, zi = 1; len >= 1; len >>= 1)
        for (unsigned start = 0; start < 16; start += 2 * len, zi++) {
            __m256i z = bcast(cb_mlkem_zetas[zi]), zq = qinv_of(z);
            for (unsigned j = start; j < start + len; j++)
                ct_bfly(&v[j], &v[j + len], z, zq);
        }
    /* distances 8, 4, 2 inside each block of 32: zetas[16..31], [32..63], [64..127] */
    for (unsigned b = 0; b < 8; b++) {
        __m256i x = v[2 * b], y = v[2 * b + 1], z;
        halves128(&x, &y);
        z = zeta2(16 + 2 * b, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        halves64(&x, &y);
        z = zeta4(32 + 4 * b, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        halves32(&x, &y);
        z = zeta8(64 + 8 * b, 0);
        ct_bfly(&x, &y, z, qinv_of(z));
        x = barrett16(x), y = barrett16(y);
        halves32(&x, &y);
        halves64(&x, &y);
        halves128(&x, &y);
        _mm256_storeu_si256((__m256i *)(p->c + 32 * b), x);
        _mm256_storeu_si256((__m256i *)(p->c + 32 * b + 16), y);
    }
}

static void avx2_inv_ntt(cb_mlkem_poly *p)
{
    __m256i v[16];
    /* distances 2, 4, 8: zetas[127..64], [63..32], [31..16] */
    for (unsigned b = 0; b < 8; b++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p->c + 32 * b));
        __m256i y = _mm256_loadu_si256((const __m256i *)(p->c + 32 * b + 16)), z;
        halves128(&x, &y);
        halves64(&x, &y);
        halves32(&x, &y);
        z = zeta8(127 - 8 * b, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves32(&x, &y);
        z = zeta4(63 - 4 * b, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves64(&x, &y);
        z = zeta2(31 - 2 * b, 1);
        gs_bfly(&x, &y, z, qinv_of(z));
        halves128(&x, &y);
        v[2 * b] = x, v[2 * b + 1] = y;
    }
    /* distances 16, 32, 64, 128: zetas[15..8], [7..4], [3..2], [1] */
    for (unsigned len = 1, zi = 15; len <= 8; len <<= 1)
        for (unsigned start = 0; start < 16; start += 2 * len, zi--) {
            __m256i z = bcast(cb_mlkem_zetas[zi]), zq = qinv_of(z);
            for (unsigned j = start; j < start + len; j++)
                gs_bfly(&v[j], &v[j + len], z, zq);
        }
    __m256i f = bcast(1441), fq = qinv_of(f);
    for (int i = 0; i < 16; i++)
        _mm256_storeu_si256((__m256i *)(p->c + 16 * i), fqmul_c(v[i], f, fq));
}

/* ---- base-case products ------------------------------------------------------------------ */

/* mont32 is mont_reduce on eight 32-bit sums: (a - t q) >> 16, t = (int16)(a q^-1). */
static inline __m256i mont32(__m256i a)
{
    __m256i t = _mm256_mullo_epi32(a, _mm256_set1_epi32(QINV));
    t = _mm256_srai_epi32(_mm256_slli_epi32(t, 16), 16);
    return _mm256_srai_epi32(_mm256_sub_epi32(a, _mm256_mullo_epi32(t, _mm256_set1_epi32(Q))), 16);
}

/* avx2_inner is the generic inner product register by register: for the eight
 * coefficient pairs (x0, x1), (y0, y1) of a register, vpmaddwd of (x0, x1 y1 R^-1)
 * with (y0, gamma) and of (x0, x1) with (y1, y0) gives both 32-bit sums. */
static void avx2_inner(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
                       unsigned k)
{
    const __m256i swap = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                          2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    /* gamma in the odd lanes: pairs 2i and 2i + 1 take zetas[64 + i] and its negation */
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9, 0, 1,
                                            0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9);
    const __m256i sign = _mm256_setr_epi16(1, 1, 1, -1, 1, 1, 1, -1, 1, 1, 1, -1, 1, 1, 1, -1);
    for (unsigned v = 0; v < 16; v++) {
        __m128i z4 = _mm_loadl_epi64((const __m128i *)(cb_mlkem_zetas + 64 + 4 * v));
        __m256i g = _mm256_sign_epi16(_mm256_shuffle_epi8(_mm256_cvtepu16_epi64(z4), spread), sign);
        __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
        for (unsigned j = 0; j < k; j++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(a[j].c + 16 * v));
            __m256i y = _mm256_loadu_si256((const __m256i *)(b[j].c + 16 * v));
            __m256i w = fqmul_v(x, y);
            __m256i xw = _mm256_blend_epi16(x, w, 0xaa), yg = _mm256_blend_epi16(y, g, 0xaa);
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(xw, yg));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(x, _mm256_shuffle_epi8(y, swap)));
        }
        __m256i o = _mm256_blend_epi16(mont32(s0), _mm256_slli_epi32(mont32(s1), 16), 0xaa);
        _mm256_storeu_si256((__m256i *)(r->c + 16 * v), barrett16(o));
    }
}

/* ---- compression and its byte encoding --------------------------------------------------- */

/* canonical16 is to_unsigned(barrett(a)): a in [0, q). */
static inline __m256i canonical16(__m256i a)
{
    a = barrett16(a);
    return _mm256_add_epi16(a, _mm256_and_si256(_mm256_srai_epi16(a, 15), _mm256_set1_epi16(Q)));
}

/* compress_small is Compress_d for d 1, 4 or 5 on x in [0, q): (mulhi(x, m) + c) >> r
 * with (m, c, r) (315, 4, 3), (630, 1, 1) and (1260, 1, 1), checked equal to
 * round(2^d x / q) mod 2^d for every x below q. */
static inline __m256i compress_small(__m256i x, unsigned d)
{
    __m256i t = _mm256_mulhi_epu16(x, _mm256_set1_epi16(d == 1 ? 315 : d == 4 ? 630 : 1260));
    t = d == 1 ? _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_set1_epi16(4)), 3)
               : _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_set1_epi16(1)), 1);
    return _mm256_and_si256(t, _mm256_set1_epi16((short)((1 << d) - 1)));
}

/* compress_wide is Compress_d for d 10 or 11 of eight x in [0, q) in 32-bit lanes:
 * (161271 x + 261911) >> 19 and (161271 x + 130900) >> 18, checked equal for every
 * x below q. */
static inline __m256i compress_wide(__m256i x, unsigned d)
{
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(x, _mm256_set1_epi32(161271)),
                                 _mm256_set1_epi32(d == 10 ? 261911 : 130900));
    t = d == 10 ? _mm256_srli_epi32(t, 19) : _mm256_srli_epi32(t, 18);
    return _mm256_and_si256(t, _mm256_set1_epi32((1 << d) - 1));
}

/* compress16 is Compress_d of 16 coefficients, d 10 or 11: in 32-bit lanes, then
 * packed back to 16-bit lanes in order. */
static inline __m256i compress16(__m256i x, unsigned d)
{
    __m256i lo = compress_wide(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(x)), d);
    __m256i hi = compress_wide(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(x, 1)), d);
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xd8);
}

/* pack_pairs returns, per 64-bit lane, four d-bit values of x (16-bit lanes) as one
 * 4d-bit number: pairs by vpmaddwd, then the two 2d-bit halves joined. */
static inline __m256i pack_pairs(__m256i x, unsigned d)
{
    __m256i y = _mm256_madd_epi16(x, _mm256_set1_epi32((1 << d) << 16 | 1));
    __m256i odd = _mm256_srli_epi64(y, 32);
    odd = d == 5 ? _mm256_slli_epi64(odd, 10) : d == 10 ? _mm256_slli_epi64(odd, 20)
                                                        : _mm256_slli_epi64(odd, 22);
    return _mm256_or_si256(_mm256_and_si256(y, _mm256_set1_epi64x(0xffffffff)), odd);
}

/* avx2_compress_encode is Compress_d and ByteEncode_d for each d of FIPS 203. */
static void avx2_compress_encode(uint8_t *out, const cb_mlkem_poly *p, unsigned d)
{
    const __m256i *in = (const __m256i *)p->c;
    if (d == 1) {
        for (unsigned i = 0; i < 8; i++) {
            __m256i a = compress_small(canonical16(_mm256_loadu_si256(in + 2 * i)), 1);
            __m256i b = compress_small(canonical16(_mm256_loadu_si256(in + 2 * i + 1)), 1);
            __m256i bytes = _mm256_permute4x64_epi64(_mm256_packs_epi16(a, b), 0xd8);
            uint32_t bits = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(bytes, 7));
            memcpy(out + 4 * i, &bits, 4);
        }
    } else if (d == 4) {
        /* 64 coefficients a step: nibble pairs by vpmaddwd, then two packs */
        const __m256i pair = _mm256_set1_epi32(0x00100001);
        const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        for (unsigned i = 0; i < 4; i++) {
            __m256i w[4];
            for (unsigned j = 0; j < 4; j++)
                w[j] = _mm256_madd_epi16(
                    compress_small(canonical16(_mm256_loadu_si256(in + 4 * i + j)), 4), pair);
            __m256i b = _mm256_packus_epi16(_mm256_packs_epi32(w[0], w[1]),
                                            _mm256_packs_epi32(w[2], w[3]));
            _mm256_storeu_si256((__m256i *)(out + 32 * i), _mm256_permutevar8x32_epi32(b, order));
        }
    } else {
        /* 16 coefficients (2 d bytes) a step, d bytes from each 128-bit half: the
         * four 4d-bit numbers of pack_pairs joined into one run of 8 d bits */
        uint8_t buf[352 + 16]; /* the last step's stores run past 32 d */
        for (unsigned i = 0; i < 16; i++) {
            __m256i x = canonical16(_mm256_loadu_si256(in + i));
            x = d == 5 ? compress_small(x, 5) : compress16(x, d);
            __m256i y = pack_pairs(x, d), up = _mm256_bsrli_epi128(y, 8); /* qword 1 -> 0 */
            if (d == 5) /* 20 + 20 bits in qword 0 */
                y = _mm256_or_si256(y, _mm256_slli_epi64(up, 20));
            else if (d == 10) /* 40 + 40: qword 0 gets 24 bits of the second, qword 1 16 */
                y = _mm256_blend_epi32(_mm256_or_si256(y, _mm256_slli_epi64(up, 40)),
                                       _mm256_srli_epi64(y, 24), 0xcc);
            else /* 44 + 44: qword 0 gets 20 bits of the second, qword 1 24 */
                y = _mm256_blend_epi32(_mm256_or_si256(y, _mm256_slli_epi64(up, 44)),
                                       _mm256_srli_epi64(y, 20), 0xcc);
            _mm_storeu_si128((__m128i *)(buf + 2 * d * i), _mm256_castsi256_si128(y));
            _mm_storeu_si128((__m128i *)(buf + 2 * d * i + d), _mm256_extracti128_si256(y, 1));
        }
        memcpy(out, buf, 32 * d);
    }
}

/* decompress16 is Decompress_d(y) = (y q + 2^(d-1)) >> d for y < 2^d: vpmulhrsw of
 * y 2^(15-d) and q rounds at the same bit. */
static inline __m256i decompress16(__m256i y, int d)
{
    return _mm256_mulhrs_epi16(_mm256_slli_epi16(y, 15 - d), _mm256_set1_epi16(Q));
}

/* avx2_decode_decompress is ByteDecode_d and Decompress_d for each d of FIPS 203. */
static void avx2_decode_decompress(cb_mlkem_poly *p, const uint8_t *in, unsigned d)
{
    __m256i *o = (__m256i *)p->c;
    if (d == 4) {
        for (unsigned i = 0; i < 16; i++) {
            __m128i b = _mm_loadl_epi64((const __m128i *)(in + 8 * i));
            __m128i nib = _mm_unpacklo_epi8(b, _mm_srli_epi16(b, 4));
            __m256i y = _mm256_and_si256(_mm256_cvtepu8_epi16(nib), _mm256_set1_epi16(15));
            _mm256_storeu_si256(o + i, decompress16(y, 4));
        }
    } else if (d == 5 || d == 10) {
        /* coefficient j of 8 (d bytes): the two bytes at d j / 8, moved up by
         * 16 - d - (d j mod 8) (a multiply) and down by 16 - d */
        const __m256i pick5 = _mm256_setr_epi8(0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5, 0,
                                               1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5);
        const __m256i mul5 = _mm256_setr_epi16(2048, 64, 512, 16, 128, 1024, 32, 256, 2048, 64,
                                               512, 16, 128, 1024, 32, 256);
        const __m256i pick10 = _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 0,
                                                1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9);
        const __m256i mul10 = _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16,
                                                4, 1);
        __m256i pick = d == 5 ? pick5 : pick10, mul = d == 5 ? mul5 : mul10;
        uint8_t buf[320 + 11]; /* the last step's loads run up to 11 bytes past 32 d */
        memcpy(buf, in, 32 * d);
        memset(buf + 32 * d, 0, 11);
        for (unsigned i = 0; i < 16; i++) {
            const uint8_t *b = buf + 2 * d * i;
            __m256i v = _mm256_loadu2_m128i((const __m128i *)(b + d), (const __m128i *)b);
            v = _mm256_mullo_epi16(_mm256_shuffle_epi8(v, pick), mul);
            v = d == 5 ? _mm256_srli_epi16(v, 11) : _mm256_srli_epi16(v, 6);
            _mm256_storeu_si256(o + i, d == 5 ? decompress16(v, 5) : decompress16(v, 10));
        }
    } else {
        /* d = 11, in 32-bit lanes: coefficient j of 8 (11 bytes) from the four bytes
         * at 11j / 8, shifted right by 11j mod 8 (vpsrlvd) */
        const __m256i pick = _mm256_setr_epi8(0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 4, 5, 6, 7, 0, 1,
                                              2, 3, 1, 2, 3, 4, 3, 4, 5, 6, 4, 5, 6, 7);
        const __m256i shift = _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5);
        const __m256i low11 = _mm256_set1_epi32(0x7ff);
        uint8_t buf[352 + 10]; /* the last step's loads run 10 bytes past 352 */
        memcpy(buf, in, 352);
        memset(buf + 352, 0, 10);
        for (unsigned i = 0; i < 16; i++) {
            __m256i y[2];
            for (unsigned h = 0; h < 2; h++) {
                const uint8_t *b = buf + 22 * i + 11 * h;
                __m256i v = _mm256_loadu2_m128i((const __m128i *)(b + 5), (const __m128i *)b);
                v = _mm256_srlv_epi32(_mm256_shuffle_epi8(v, pick), shift);
                y[h] = _mm256_and_si256(v, low11);
            }
            __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(y[0], y[1]), 0xd8);
            _mm256_storeu_si256(o + i, decompress16(w, 11));
        }
    }
}

/* avx2_encode12 is ByteEncode_12 of p mod q: pairs to 24 bits by vpmaddwd, three
 * bytes of each 32-bit lane kept. */
static void avx2_encode12(uint8_t *out, const cb_mlkem_poly *p)
{
    const __m256i pair = _mm256_set1_epi32(0x10000001);
    const __m256i take = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint8_t buf[384 + 4]; /* the last step's stores run 4 bytes past 384 */
    for (unsigned i = 0; i < 16; i++) {
        __m256i x = canonical16(_mm256_loadu_si256((const __m256i *)(p->c + 16 * i)));
        __m256i y = _mm256_shuffle_epi8(_mm256_madd_epi16(x, pair), take);
        _mm_storeu_si128((__m128i *)(buf + 24 * i), _mm256_castsi256_si128(y));
        _mm_storeu_si128((__m128i *)(buf + 24 * i + 12), _mm256_extracti128_si256(y, 1));
    }
    memcpy(out, buf, 384);
}

/* avx2_decode12 is ByteDecode_12 with the modulus check folded into one mask. */
static unsigned avx2_decode12(cb_mlkem_poly *p, const uint8_t *in)
{
    uint8_t buf[384 + 8]; /* the last step's load runs 8 bytes past 384 */
    memcpy(buf, in, 384);
    memset(buf + 384, 0, 8);
    __m256i bad = _mm256_setzero_si256();
    for (unsigned i = 0; i < 16; i++) {
        __m256i x = unpack12(buf + 24 * i);
        bad = _mm256_or_si256(bad, _mm256_cmpgt_epi16(x, _mm256_set1_epi16(Q - 1)));
        _mm256_storeu_si256((__m256i *)(p->c + 16 * i), x);
    }
    cb_wipe(buf, sizeof buf);
    return (unsigned)_mm256_movemask_epi8(bad) != 0;
}

/* ---- the variant ------------------------------------------------------------------------- */

const cb_mlkem_backend cb_mlkem_avx2_backend = {
    avx2_ntt,        avx2_inv_ntt,         avx2_inner,
    avx2_gen_matrix, avx2_sample_cbd,      avx2_compress_encode,
    avx2_decode_decompress, avx2_encode12, avx2_decode12,
};

static void avx2_keygen(unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                        const uint8_t z[32])
{
    cb_mlkem_keygen_with(&cb_mlkem_avx2_backend, k, ek, dk, d, z);
}

static int avx2_encaps(unsigned k, uint8_t *c, uint8_t K[32], const uint8_t *ek,
                       const uint8_t m[32])
{
    return cb_mlkem_encaps_with(&cb_mlkem_avx2_backend, k, c, K, ek, m);
}

static void avx2_decaps(unsigned k, uint8_t K[32], const uint8_t *dk, const uint8_t *c)
{
    cb_mlkem_decaps_with(&cb_mlkem_avx2_backend, k, K, dk, c);
}

const cb_mlkem_ops cb_mlkem_avx2_ops = {avx2_keygen, avx2_encaps, avx2_decaps};
