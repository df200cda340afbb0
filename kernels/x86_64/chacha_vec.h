/*
 * kernels/x86_64/chacha_vec.h - ChaCha20's block function (RFC 8439 2.3) in SIMD
 * registers: a template included once per variant by chacha_ssse3.c,
 * chacha_avx2.c and chacha_avx512vl.c, each of which first sets its target and
 * defines CHACHA_VBITS (128 or 256), CHACHA_NAME (the variant in symbol names),
 * CHACHA_POLY (the Poly1305 ops it pairs with) and, for AVX-512VL, CHACHA_VPROLD.
 *
 * Two layouts, chosen by how many blocks a call has left:
 *
 *   vertical    vector i holds state word i of LANES blocks (4 in 128-bit, 8 in
 *               256-bit registers), so a quarter round is sixteen lane-wise
 *               operations with no shuffles at all; the keystream is turned back
 *               into blocks at the end by a 4x4 word transpose per 128-bit lane
 *               (and for 256 bits a swap of 128-bit halves).  Throughput-bound: the
 *               main loop, and a tail of 4 or more blocks, which costs a full pass
 *               but still less than the alternatives.
 *   horizontal  one block in four 128-bit rows (RFC 8439 2.3's matrix), the
 *               diagonal round reached by rotating rows b, c and d with PSHUFD.  A
 *               block's rounds are one long dependency chain (about 3 cycles per
 *               step, 200 a block), so up to 3 blocks run interleaved at nearly the
 *               cost of one.  This is the path of the AEAD's one-block key stream
 *               and every tail of 1..3 blocks, where a vertical pass would compute
 *               LANES blocks to use one.
 *
 * Rotations: by 16 and 8 a PSHUFB of the bytes (one instruction), by 12 and 7 two
 * shifts and an OR; AVX-512VL has VPROLD for all four, the only difference between
 * the avx2 and avx512vl instances (the AVX-512VL target also gives the compiler 32
 * vector registers, so the sixteen state vectors need not spill).
 */
#if !defined(CHACHA_VBITS) || !defined(CHACHA_NAME) || !defined(CHACHA_POLY)
#error "define CHACHA_VBITS, CHACHA_NAME and CHACHA_POLY before including chacha_vec.h"
#endif

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/generic.h"
#include "kernels/x86_64/x86_64.h"

#define CINLINE static inline __attribute__((always_inline))
/* UNROLL: loops over lanes and groups run a constant count; unrolled, their arrays
 * of vectors become registers. */
#define UNROLL _Pragma("GCC unroll 8")

/* ---- 128-bit rows (the horizontal layout, and the vertical one at 128 bits) ---- */

#ifdef CHACHA_VPROLD
#define X_ROL(x, n) _mm_rol_epi32(x, n)
#else
/* X_ROL: PSHUFB moves whole bytes, so 16 and 8 need one instruction instead of 3. */
#define X_ROL(x, n)                                                                      \
    ((n) == 16   ? _mm_shuffle_epi8(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4,  \
                                                    7, 6, 1, 0, 3, 2))                   \
     : (n) == 8 ? _mm_shuffle_epi8(x, _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5,   \
                                                    4, 7, 2, 1, 0, 3))                   \
                 : _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n))))
#endif

#if CHACHA_VBITS == 128
typedef __m128i vec;
#define LANES 4
#define V_ADD _mm_add_epi32
#define V_XOR _mm_xor_si128
#define V_OR _mm_or_si128
#define V_SLL _mm_slli_epi32
#define V_SRL _mm_srli_epi32
#define V_SET1(w) _mm_set1_epi32((int)(w))
#define V_LANE_INDEX _mm_set_epi32(3, 2, 1, 0)
#define V_UNPACK(half, bits) _mm_unpack##half##_epi##bits
#define V_ROLD(x, n) _mm_rol_epi32(x, n)
#define V_SHUFFLE_MEM "pshufb %1, %0" : "+x"(x) : "m"(*(const vec *)m)
#elif CHACHA_VBITS == 256
typedef __m256i vec;
#define LANES 8
#define V_ADD _mm256_add_epi32
#define V_XOR _mm256_xor_si256
#define V_OR _mm256_or_si256
#define V_SLL _mm256_slli_epi32
#define V_SRL _mm256_srli_epi32
#define V_SET1(w) _mm256_set1_epi32((int)(w))
#define V_LANE_INDEX _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0)
#define V_UNPACK(half, bits) _mm256_unpack##half##_epi##bits
#define V_ROLD(x, n) _mm256_rol_epi32(x, n)
#define V_SHUFFLE_MEM "vpshufb %1, %0, %0" : "+x"(x) : "m"(*(const vec *)m)
#elif CHACHA_VBITS == 512
#ifndef CHACHA_VPROLD
#error "the 512-bit instance needs CHACHA_VPROLD (AVX-512F has VPROLD on zmm)"
#endif
typedef __m512i vec;
#define LANES 16
#define V_ADD _mm512_add_epi32
#define V_XOR _mm512_xor_si512
#define V_SET1(w) _mm512_set1_epi32((int)(w))
#define V_LANE_INDEX _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define V_UNPACK(half, bits) _mm512_unpack##half##_epi##bits
#define V_ROLD(x, n) _mm512_rol_epi32(x, n)
#else
#error "CHACHA_VBITS must be 128, 256 or 512"
#endif

#ifdef CHACHA_VPROLD
#define V_ROL V_ROLD
#else
/*
 * V_ROL for the vertical rounds: the PSHUFB masks of the rotations by 16 and 8 are
 * memory operands of an inline-asm (V)PSHUFB, because as intrinsics GCC keeps them
 * in two of the 16 vector registers the state already fills and spills state
 * words instead.  Together with words 8..11 kept in memory (below) 8-block AVX2
 * passes went from 1.96 to 2.19 GB/s, and 4-block SSSE3 passes from 0.95 to 1.03
 * (best of 300 short runs); either change alone gained nothing.  The horizontal
 * path has registers to spare and uses X_ROL.
 */
static const uint32_t chacha_rot_masks[2][8] __attribute__((aligned(32))) = {
    {0x01000302, 0x05040706, 0x09080b0a, 0x0d0c0f0e, /* bytes 2 3 0 1 ...: <<< 16 */
     0x01000302, 0x05040706, 0x09080b0a, 0x0d0c0f0e},
    {0x02010003, 0x06050407, 0x0a09080b, 0x0e0d0c0f, /* bytes 3 0 1 2 ...: <<< 8 */
     0x02010003, 0x06050407, 0x0a09080b, 0x0e0d0c0f},
};
CINLINE vec shuffle_mem(vec x, const uint32_t *m)
{
    __asm__(V_SHUFFLE_MEM);
    return x;
}
#define V_ROL(x, n)                                                                      \
    ((n) == 16  ? shuffle_mem(x, chacha_rot_masks[0])                                    \
     : (n) == 8 ? shuffle_mem(x, chacha_rot_masks[1])                                    \
                : V_OR(V_SLL(x, n), V_SRL(x, 32 - (n))))
#endif

#define CHACHA_PASTE(a, b, c) a##b##c
#define CHACHA_JOIN(a, b, c) CHACHA_PASTE(a, b, c)
#define FN(op) CHACHA_JOIN(chacha_, CHACHA_NAME, _##op)
#define OPS_NAME CHACHA_JOIN(cb_chacha_, CHACHA_NAME, _ops)

/* xor16 XORs 16 bytes of keystream into in, writing out (both unaligned). */
CINLINE void xor16(const uint8_t *in, uint8_t *out, __m128i ks)
{
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), ks));
}

/* ---- vertical: LANES blocks, one state word per vector ---- */

/* One quarter-round step on two columns (or diagonals) at once: a += b; d ^= a;
 * d <<<= n. */
#define VSTEP(a0, b0, d0, a1, b1, d1, n)                                                 \
    x[a0] = V_ADD(x[a0], x[b0]), x[a1] = V_ADD(x[a1], x[b1]),                            \
    x[d0] = V_ROL(V_XOR(x[d0], x[a0]), n), x[d1] = V_ROL(V_XOR(x[d1], x[a1]), n)

/* VPAIR: two quarter rounds side by side, two independent chains for the
 * out-of-order core. */
#define VPAIR(a0, b0, c0, d0, a1, b1, c1, d1)                                            \
    VSTEP(a0, b0, d0, a1, b1, d1, 16);                                                   \
    VSTEP(c0, d0, b0, c1, d1, b1, 12);                                                   \
    VSTEP(a0, b0, d0, a1, b1, d1, 8);                                                    \
    VSTEP(c0, d0, b0, c1, d1, b1, 7)

/*
 * Sixteen state vectors, the two PSHUFB masks and a temporary for the shifted
 * rotations do not fit in 16 registers, and left to itself GCC spills and reloads
 * whatever it likes inside the rounds (about 50 memory operands a double round).
 * Instead words 8..11 live in memory and only the two a pair of quarter rounds
 * needs come in: columns (8, 9), (10, 11), then diagonals (10, 11), (8, 9), so a
 * double round moves four vectors each way.  Volatile makes GCC do exactly that:
 * 2.1 GB/s instead of 1.9 for 8-block passes here (clang's own allocation gets
 * the same).  AVX-512VL has 32 registers and keeps all sixteen words in them.
 */
#ifdef CHACHA_VPROLD
#define C_IN(i) (void)0
#define C_OUT(i) (void)0
#else
#define C_IN(i) (x[i] = *(volatile vec *)&cm[(i) - 8])
#define C_OUT(i) (*(volatile vec *)&cm[(i) - 8] = x[i])
#endif

#if CHACHA_VBITS == 128
/* store_group: the transposed rows of group g (words 4g..4g+3) are 16 bytes of
 * blocks 0..3 each. */
CINLINE void store_group(const uint8_t *in, uint8_t *out, unsigned g, const __m128i t[4],
                         size_t nblk)
{
    UNROLL for (unsigned j = 0; j < 4; j++)
        if (j < nblk)
            xor16(in + 64 * j + 16 * g, out + 64 * j + 16 * g, t[j]);
}
#endif

/* transpose4 turns words 4g..4g+3 of every block (one vector each) into rows: lane
 * (128-bit) l of t[j] is words 4g..4g+3 of block j + 4 l. */
CINLINE void transpose4(const vec *w, vec t[4])
{
    vec ab_lo = V_UNPACK(lo, 32)(w[0], w[1]), ab_hi = V_UNPACK(hi, 32)(w[0], w[1]);
    vec cd_lo = V_UNPACK(lo, 32)(w[2], w[3]), cd_hi = V_UNPACK(hi, 32)(w[2], w[3]);
    t[0] = V_UNPACK(lo, 64)(ab_lo, cd_lo);
    t[1] = V_UNPACK(hi, 64)(ab_lo, cd_lo);
    t[2] = V_UNPACK(lo, 64)(ab_hi, cd_hi);
    t[3] = V_UNPACK(hi, 64)(ab_hi, cd_hi);
}

/* vertical runs LANES blocks from counter c (lane l: c + l) and XORs the first nblk
 * (1..LANES) of them into in; blocks beyond nblk are computed and dropped, and
 * their bytes of in and out are not touched. */
CINLINE void vertical(const uint32_t key[8], uint32_t c, uint32_t n1, uint32_t n2,
                      uint32_t n3, const uint8_t *in, uint8_t *out, size_t nblk)
{
    const vec ctr = V_ADD(V_SET1(c), V_LANE_INDEX);
    vec x[16];
    x[0] = V_SET1(cb_chacha_sigma[0]), x[1] = V_SET1(cb_chacha_sigma[1]);
    x[2] = V_SET1(cb_chacha_sigma[2]), x[3] = V_SET1(cb_chacha_sigma[3]);
    UNROLL for (unsigned i = 0; i < 8; i++)
        x[4 + i] = V_SET1(key[i]);
    x[12] = ctr, x[13] = V_SET1(n1), x[14] = V_SET1(n2), x[15] = V_SET1(n3);

    vec cm[4];
    (void)cm;
    C_OUT(8), C_OUT(9), C_OUT(10), C_OUT(11);
    for (unsigned r = 0; r < 10; r++) {
        C_IN(8), C_IN(9);
        VPAIR(0, 4, 8, 12, 1, 5, 9, 13); /* columns */
        C_OUT(8), C_OUT(9), C_IN(10), C_IN(11);
        VPAIR(2, 6, 10, 14, 3, 7, 11, 15);
        VPAIR(0, 5, 10, 15, 1, 6, 11, 12); /* diagonals */
        C_OUT(10), C_OUT(11), C_IN(8), C_IN(9);
        VPAIR(2, 7, 8, 13, 3, 4, 9, 14);
        C_OUT(8), C_OUT(9);
    }
    C_IN(8), C_IN(9), C_IN(10), C_IN(11);

    /* the feed-forward of RFC 8439 2.3: the initial state is all broadcasts but
     * word 12, so it is rebuilt here instead of kept in sixteen more registers */
    UNROLL for (unsigned i = 0; i < 4; i++)
        x[i] = V_ADD(x[i], V_SET1(cb_chacha_sigma[i]));
    UNROLL for (unsigned i = 0; i < 8; i++)
        x[4 + i] = V_ADD(x[4 + i], V_SET1(key[i]));
    x[12] = V_ADD(x[12], ctr), x[13] = V_ADD(x[13], V_SET1(n1));
    x[14] = V_ADD(x[14], V_SET1(n2)), x[15] = V_ADD(x[15], V_SET1(n3));

#if CHACHA_VBITS == 128
    UNROLL for (unsigned g = 0; g < 4; g++) {
        __m128i t[4];
        transpose4(x + 4 * g, t);
        store_group(in, out, g, t, nblk);
    }
#elif CHACHA_VBITS == 512
    /* t[g][j]: 128-bit lane l holds words 4g..4g+3 of block j + 4 l.  Block j + 4 l is
     * lane l of t[0..3][j]: a 4x4 transpose of 128-bit lanes, two VSHUFI32X4 steps
     * (pairs of lanes of two groups, then every other lane of two pairs). */
    __m512i t[4][4];
    UNROLL for (unsigned g = 0; g < 4; g++)
        transpose4(x + 4 * g, t[g]);
    UNROLL for (unsigned j = 0; j < 4; j++) {
        const __m512i p = _mm512_shuffle_i32x4(t[0][j], t[1][j], 0x44); /* 0.0 0.1 1.0 1.1 */
        const __m512i q = _mm512_shuffle_i32x4(t[2][j], t[3][j], 0x44); /* 2.0 2.1 3.0 3.1 */
        const __m512i u = _mm512_shuffle_i32x4(t[0][j], t[1][j], 0xee); /* 0.2 0.3 1.2 1.3 */
        const __m512i v = _mm512_shuffle_i32x4(t[2][j], t[3][j], 0xee); /* 2.2 2.3 3.2 3.3 */
        const __m512i ks[4] = {_mm512_shuffle_i32x4(p, q, 0x88), _mm512_shuffle_i32x4(p, q, 0xdd),
                               _mm512_shuffle_i32x4(u, v, 0x88), _mm512_shuffle_i32x4(u, v, 0xdd)};
        UNROLL for (unsigned l = 0; l < 4; l++) {
            const size_t blk = j + 4 * l;
            if (blk < nblk)
                _mm512_storeu_si512(out + 64 * blk,
                                    _mm512_xor_si512(_mm512_loadu_si512(in + 64 * blk), ks[l]));
        }
    }
#else
    /* t[g][j]: words 4g..4g+3 of block j (low half) and block j + 4 (high half);
     * pairing groups 0,1 and 2,3 gives each block's two 32-byte halves */
    __m256i t[4][4];
    UNROLL for (unsigned g = 0; g < 4; g++)
        transpose4(x + 4 * g, t[g]);
    UNROLL for (unsigned j = 0; j < 8; j++) {
        if (j >= nblk)
            break;
        const unsigned k = j & 3;
        UNROLL for (unsigned h = 0; h < 2; h++) {
            /* the selector must be a literal for every compiler */
            __m256i ks = j < 4 ? _mm256_permute2x128_si256(t[2 * h][k], t[2 * h + 1][k], 0x20)
                               : _mm256_permute2x128_si256(t[2 * h][k], t[2 * h + 1][k], 0x31);
            const __m256i *src = (const __m256i *)(in + 64 * j + 32 * h);
            _mm256_storeu_si256((__m256i *)(out + 64 * j + 32 * h),
                                _mm256_xor_si256(_mm256_loadu_si256(src), ks));
        }
    }
#endif
}

/* ---- horizontal: up to 3 blocks, one 128-bit row per matrix row ---- */

/* One quarter-round step on the rows of every block: a += b; d ^= a; d <<<= n. */
#define HSTEP(a, b, d, n)                                                                \
    UNROLL for (unsigned k = 0; k < nb; k++)                                             \
    {                                                                                    \
        a[k] = _mm_add_epi32(a[k], b[k]);                                                \
        d[k] = X_ROL(_mm_xor_si128(d[k], a[k]), n);                                      \
    }

/* HROUND: the four quarter rounds of a half round at once, one per word lane. */
#define HROUND() HSTEP(a, b, d, 16) HSTEP(c, d, b, 12) HSTEP(a, b, d, 8) HSTEP(c, d, b, 7)

/* HTURN turns rows b, c and d left by ib, ic and id words (PSHUFD selectors): 1, 2,
 * 3 put the diagonals in the columns, 3, 2, 1 put them back. */
#define HTURN(ib, ic, id)                                                                \
    UNROLL for (unsigned k = 0; k < nb; k++)                                             \
    {                                                                                    \
        b[k] = _mm_shuffle_epi32(b[k], ib);                                              \
        c[k] = _mm_shuffle_epi32(c[k], ic);                                              \
        d[k] = _mm_shuffle_epi32(d[k], id);                                              \
    }

/* horizontal XORs nb (1..3) blocks from counter first into in. */
CINLINE void horizontal(const uint32_t key[8], const uint32_t ctr[4], uint32_t first,
                        const uint8_t *in, uint8_t *out, unsigned nb)
{
    const __m128i a0 = _mm_loadu_si128((const __m128i *)cb_chacha_sigma);
    const __m128i b0 = _mm_loadu_si128((const __m128i *)key);
    const __m128i c0 = _mm_loadu_si128((const __m128i *)(key + 4));
    __m128i a[3], b[3], c[3], d[3], d0[3];
    UNROLL for (unsigned k = 0; k < nb; k++)
    {
        a[k] = a0, b[k] = b0, c[k] = c0;
        d[k] = d0[k] = _mm_set_epi32((int)ctr[3], (int)ctr[2], (int)ctr[1], (int)(first + k));
    }
    for (unsigned r = 0; r < 10; r++) {
        HROUND()
        HTURN(0x39, 0x4e, 0x93)
        HROUND()
        HTURN(0x93, 0x4e, 0x39)
    }
    UNROLL for (unsigned k = 0; k < nb; k++)
    {
        const uint8_t *ik = in + 64 * k;
        uint8_t *ok = out + 64 * k;
        xor16(ik, ok, _mm_add_epi32(a[k], a0));
        xor16(ik + 16, ok + 16, _mm_add_epi32(b[k], b0));
        xor16(ik + 32, ok + 32, _mm_add_epi32(c[k], c0));
        xor16(ik + 48, ok + 48, _mm_add_epi32(d[k], d0[k]));
    }
}

/* chacha_<name>_blocks: whole vertical passes, then the tail (see the top). */
static void FN(blocks)(const uint32_t key[8], const uint32_t ctr[4], const uint8_t *in,
                       uint8_t *out, size_t nblocks)
{
    uint32_t c = ctr[0];
    for (; nblocks >= LANES; nblocks -= LANES, c += LANES, in += 64 * LANES, out += 64 * LANES)
        vertical(key, c, ctr[1], ctr[2], ctr[3], in, out, LANES);
#if LANES > 4
    if (nblocks >= 4) {
        vertical(key, c, ctr[1], ctr[2], ctr[3], in, out, nblocks);
        return;
    }
#endif
    if (nblocks == 3)
        horizontal(key, ctr, c, in, out, 3);
    else if (nblocks == 2)
        horizontal(key, ctr, c, in, out, 2);
    else if (nblocks == 1)
        horizontal(key, ctr, c, in, out, 1);
}

const cb_chacha_ops OPS_NAME = {FN(blocks), &CHACHA_POLY};
