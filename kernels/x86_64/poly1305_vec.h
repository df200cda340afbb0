/*
 * kernels/x86_64/poly1305_vec.h - Poly1305 (RFC 8439 2.5) with four blocks in
 * parallel on 256-bit vectors, radix 2^26: a template included by poly1305_avx2.c
 * (the avx2 and avx512vl ChaCha20 rows) and poly1305_avx512vl.c (the avx512f row),
 * each of which first sets its target and defines POLY1305_OPS, the ops' name.
 * The code is AVX2 in both; under the AVX-512VL target GCC has 32 vector
 * registers and keeps the powers, h and the products of a step in them instead
 * of spilling (chacha20-poly1305 at 16 KiB 3-4% faster here).
 *
 * Between calls the state is the portable r64 one (kernels/generic/poly1305_r64.c):
 * short calls (the AEAD's AAD, its lengths block, a short message) run there, where
 * a block costs four 64x64 multiplies and no setup.  A call of at least VMIN bytes
 * moves h into 26-bit limbs and splits the blocks m_1..m_4k among four lanes, lane
 * j taking m_j, m_{4+j}, ...:
 *
 *     H_j = (h if j = 0) + m_j;   H_j = H_j r^4 + m_{4i+j}  (i = 1..k-1)
 *     h   = H_0 r^4 + H_1 r^3 + H_2 r^2 + H_3 r
 *
 * which is Horner's rule regrouped: block m_{4i+j} still ends up multiplied by
 * r^(4k - 4i - j), as in (((h + m_1) r + m_2) r + ...) r.  The sum goes back to
 * radix 2^64 and the rest of the call (fewer than four blocks) runs scalar, so any
 * sequence of call lengths is correct.  r^2, r^3 and r^4 are computed on a
 * message's first long call, so a 16-byte message never pays for them.
 *
 * Bounds: VPMULUDQ multiplies the low 32 bits of each 64-bit lane.  Limbs of H stay
 * below 2^28 (below 2^26 + 2^10 after each carry pass, plus a message limb), limbs
 * of the powers below 2^27 and their multiples by 5 below 2^30, so each column sum
 * of five products is below 5 * 2^28 * 2^30 < 2^61.
 */
#ifndef POLY1305_OPS
#error "define POLY1305_OPS before including poly1305_vec.h"
#endif

#include <immintrin.h>
#include <string.h>

#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"
#include "kernels/x86_64/x86_64.h"

#define M26 0x3ffffffu
#define UNROLL _Pragma("GCC unroll 5")

/* VMIN: the shortest call for the vector loop.  Below it the setup (limbs in,
 * final multiply by r^4..r^1, lane sum, limbs out: about two loop steps) costs more
 * than the scalar blocks it replaces. */
#define VMIN 256

typedef struct poly_avx2 {
    cb_poly1305_r64 sc;   /* h, r and s between calls: the scalar path's state */
    uint32_t have_powers; /* pw below is filled */
    uint32_t pw[5][5];    /* r^1..r^4 and r^8 in radix 2^26, limbs below 2^26 + 2^10 */
} poly_avx2;

static void avx2_init(void *vst, const uint8_t key[32])
{
    poly_avx2 *st = vst;
    cb_poly1305_r64_init(&st->sc, key);
    st->have_powers = 0;
}

/* mul26 sets out = a b mod 2^130 - 5 in radix 2^26, partly carried. */
static void mul26(uint32_t out[5], const uint32_t a[5], const uint32_t b[5])
{
    uint64_t d[5] = {0};
    /* unrolled, the branch on i + j is gone: once per long message, but a 16 KiB
     * message spent 1.5% of its time here with the loops */
    UNROLL for (int i = 0; i < 5; i++)
        UNROLL for (int j = 0; j < 5; j++) {
            uint64_t p = (uint64_t)a[i] * b[j];
            if (i + j < 5)
                d[i + j] += p;
            else
                d[i + j - 5] += 5 * p; /* 2^130 = 5 (mod p) */
        }
    uint64_t c = 0;
    for (int i = 0; i < 5; i++) {
        d[i] += c;
        c = d[i] >> 26;
        d[i] &= M26;
    }
    d[0] += 5 * c;
    d[1] += d[0] >> 26;
    d[0] &= M26;
    for (int i = 0; i < 5; i++)
        out[i] = (uint32_t)d[i];
}

/* powers fills pw with r, r^2, r^3, r^4 and r^8. */
static void powers(poly_avx2 *st)
{
    const uint64_t r0 = st->sc.r0, r1 = st->sc.r1;
    uint32_t *p1 = st->pw[0];
    p1[0] = (uint32_t)r0 & M26;
    p1[1] = (uint32_t)(r0 >> 26) & M26;
    p1[2] = (uint32_t)((r0 >> 52) | (r1 << 12)) & M26;
    p1[3] = (uint32_t)(r1 >> 14) & M26;
    p1[4] = (uint32_t)(r1 >> 40);
    mul26(st->pw[1], p1, p1);
    mul26(st->pw[2], st->pw[1], p1);
    mul26(st->pw[3], st->pw[1], st->pw[1]);
    mul26(st->pw[4], st->pw[3], st->pw[3]);
    st->have_powers = 1;
}

/* vmul returns h r mod 2^130 - 5, limb by limb in every lane, not carried: r and
 * its multiples by 5 (s[1..4]) given per lane. */
static inline __attribute__((always_inline)) void vmul(__m256i d[5], const __m256i h[5],
                                                       const __m256i r[5], const __m256i s[5])
{
#define MUL _mm256_mul_epu32
#define ADD _mm256_add_epi64
    d[0] = ADD(ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(MUL(h[2], s[3]), MUL(h[3], s[2]))),
               MUL(h[4], s[1]));
    d[1] = ADD(ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(MUL(h[2], s[4]), MUL(h[3], s[3]))),
               MUL(h[4], s[2]));
    d[2] = ADD(ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(MUL(h[2], r[0]), MUL(h[3], s[4]))),
               MUL(h[4], s[3]));
    d[3] = ADD(ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(MUL(h[2], r[1]), MUL(h[3], r[0]))),
               MUL(h[4], s[4]));
    d[4] = ADD(ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(MUL(h[2], r[2]), MUL(h[3], r[1]))),
               MUL(h[4], r[0]));
}

/* vcarry brings every limb of d below 2^26 + 2^10: two interleaved carry chains
 * (0 -> 1 -> 2 -> 3 and 3 -> 4 -> 0 -> 1) halve the latency of one. */
static inline __attribute__((always_inline)) void vcarry(__m256i d[5])
{
    const __m256i m = _mm256_set1_epi64x(M26);
    __m256i c;
    c = _mm256_srli_epi64(d[0], 26), d[0] = _mm256_and_si256(d[0], m), d[1] = ADD(d[1], c);
    c = _mm256_srli_epi64(d[3], 26), d[3] = _mm256_and_si256(d[3], m), d[4] = ADD(d[4], c);
    c = _mm256_srli_epi64(d[1], 26), d[1] = _mm256_and_si256(d[1], m), d[2] = ADD(d[2], c);
    c = _mm256_srli_epi64(d[4], 26), d[4] = _mm256_and_si256(d[4], m);
    d[0] = ADD(d[0], ADD(c, _mm256_slli_epi64(c, 2)));
    c = _mm256_srli_epi64(d[2], 26), d[2] = _mm256_and_si256(d[2], m), d[3] = ADD(d[3], c);
    c = _mm256_srli_epi64(d[0], 26), d[0] = _mm256_and_si256(d[0], m), d[1] = ADD(d[1], c);
    c = _mm256_srli_epi64(d[3], 26), d[3] = _mm256_and_si256(d[3], m), d[4] = ADD(d[4], c);
}

/* vload splits four blocks into limbs.  The unpacks leave blocks 0, 2, 1, 3 in lanes
 * 0..3; only the final powers need to know (see vblocks). */
static inline __attribute__((always_inline)) void vload(__m256i m[5], const uint8_t *in,
                                                        __m256i hibit)
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i a = _mm256_loadu_si256((const __m256i *)in);
    __m256i b = _mm256_loadu_si256((const __m256i *)(in + 32));
    __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    m[0] = _mm256_and_si256(lo, mask);
    m[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
    m[2] = _mm256_and_si256(
        _mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
    m[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
    m[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), hibit);
}

/* lane_sum adds the four 64-bit lanes of v. */
static inline __attribute__((always_inline)) uint64_t lane_sum(__m256i v)
{
    __m128i x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(x, _mm_unpackhi_epi64(x, x)));
}

/* vblocks runs nblocks (a multiple of 4, at least 4) blocks through the four lanes
 * and leaves h in st->sc. */
static void vblocks(poly_avx2 *st, const uint8_t *in, size_t nblocks, unsigned padbit)
{
    typedef unsigned __int128 u128;
    const __m256i hibit = _mm256_set1_epi64x(padbit ? 1 << 24 : 0);
    const uint32_t(*pw)[5] = (const uint32_t(*)[5])st->pw;
    __m256i h[5], d[5], r[5], s[5];

    /* h in radix 2^26, into lane 0 with the first block */
    const uint64_t h0 = st->sc.h0, h1 = st->sc.h1, h2 = st->sc.h2;
    const uint64_t hl[5] = {h0 & M26, (h0 >> 26) & M26, ((h0 >> 52) | (h1 << 12)) & M26,
                            (h1 >> 14) & M26, (h1 >> 40) | (h2 << 24)};
    vload(h, in, hibit);
    UNROLL for (int i = 0; i < 5; i++)
        h[i] = ADD(h[i], _mm256_set_epi64x(0, 0, 0, (long long)hl[i]));
    in += 64, nblocks -= 4;

    /* Two groups a step: H r^8 + M_a r^4 + M_b is two steps of H r^4 + M, with
     * M_a's product off the chain through H and one carry pass for both;
     * column sums stay below 2^60.3 + 2^58.3. */
    __m256i r8[5], s8[5];
    UNROLL for (int i = 0; i < 5; i++) {
        r[i] = _mm256_set1_epi64x(pw[3][i]);
        s[i] = _mm256_set1_epi64x(5 * (uint64_t)pw[3][i]);
        r8[i] = _mm256_set1_epi64x(pw[4][i]);
        s8[i] = _mm256_set1_epi64x(5 * (uint64_t)pw[4][i]);
    }
    for (; nblocks >= 8; nblocks -= 8, in += 128) {
        __m256i m[5], e[5];
        vmul(d, h, r8, s8);
        vload(m, in, hibit);
        vmul(e, m, r, s);
        UNROLL for (int i = 0; i < 5; i++)
            d[i] = ADD(d[i], e[i]);
        vcarry(d);
        vload(m, in + 64, hibit);
        UNROLL for (int i = 0; i < 5; i++)
            h[i] = ADD(d[i], m[i]);
    }
    if (nblocks) { /* one group left */
        __m256i m[5];
        vmul(d, h, r, s);
        vcarry(d);
        vload(m, in, hibit);
        UNROLL for (int i = 0; i < 5; i++)
            h[i] = ADD(d[i], m[i]);
    }

    /* lanes 0..3 hold blocks 0, 2, 1, 3 of each group: r^4, r^2, r^3, r^1 */
    UNROLL for (int i = 0; i < 5; i++) {
        r[i] = _mm256_set_epi64x(pw[0][i], pw[2][i], pw[1][i], pw[3][i]);
        s[i] = ADD(r[i], _mm256_slli_epi64(r[i], 2));
    }
    vmul(d, h, r, s);
    vcarry(d);

    uint64_t l[5], c;
    UNROLL for (int i = 0; i < 5; i++)
        l[i] = lane_sum(d[i]); /* each below 2^28.1 */
    for (int i = 0; i < 4; i++)
        c = l[i] >> 26, l[i] &= M26, l[i + 1] += c;
    c = l[4] >> 26, l[4] &= M26, l[0] += 5 * c;
    c = l[0] >> 26, l[0] &= M26, l[1] += c;
    /* back to radix 2^64: l4 2^104 reaches past 2^128 by its top two bits */
    u128 lo = (u128)l[0] + ((u128)l[1] << 26) + ((u128)l[2] << 52) + ((u128)l[3] << 78);
    u128 top = (u128)(l[4] & 0xffffff) << 104;
    u128 sum = lo + top;
    st->sc.h0 = (uint64_t)sum;
    st->sc.h1 = (uint64_t)(sum >> 64);
    st->sc.h2 = (l[4] >> 24) + (sum < top);
}

static void avx2_blocks(void *vst, const uint8_t *in, size_t len, unsigned padbit)
{
    poly_avx2 *st = vst;
    if (len >= VMIN) {
        size_t vbytes = len & ~(size_t)63;
        if (!st->have_powers)
            powers(st);
        vblocks(st, in, vbytes / 16, padbit);
        in += vbytes, len -= vbytes;
    }
    if (len)
        cb_poly1305_r64_blocks(&st->sc, in, len, padbit);
}

static void avx2_emit(void *vst, uint8_t tag[16])
{
    poly_avx2 *st = vst;
    cb_poly1305_r64_emit(&st->sc, tag);
    cb_wipe(st, sizeof *st);
}

const cb_poly1305_ops POLY1305_OPS = {sizeof(poly_avx2), avx2_init, avx2_blocks, avx2_emit};
