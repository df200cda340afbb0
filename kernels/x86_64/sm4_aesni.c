/*
 * kernels/x86_64/sm4_aesni.c - SM4 four blocks a pass in SSE registers, the S-box
 * through AES-NI's AESENCLAST between two PSHUFB affine maps (variant aesni): the
 * vector operations kernels/generic/sm4_lanes.h is written over, which says how.
 */
#pragma GCC target("aes,ssse3")

#include <immintrin.h>

#include "kernels/x86_64/x86_64.h"

typedef __m128i sm4v;

typedef struct sm4v_consts {
    __m128i in_lo, in_hi, out_lo, out_hi, nibble, inv_sr, rol8, rol16, rol24, bswap;
} sm4v_consts;

#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

static inline sm4v sm4v_load(const uint8_t *p) { return LOADU(p); }
static inline void sm4v_store(uint8_t *p, sm4v v) { _mm_storeu_si128((__m128i *)(void *)p, v); }
static inline sm4v sm4v_zero(void) { return _mm_setzero_si128(); }
static inline sm4v sm4v_xor(sm4v a, sm4v b) { return _mm_xor_si128(a, b); }
static inline sm4v sm4v_dup(uint32_t x) { return _mm_set1_epi32((int)x); }
static inline uint32_t sm4v_lane0(sm4v v) { return (uint32_t)_mm_cvtsi128_si32(v); }
static inline sm4v sm4v_from32(uint32_t x) { return _mm_cvtsi32_si128((int)x); }

/* big-endian words (GB/T 32907 section 5) to lanes and back */
static const uint8_t bswap32[16] = {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12};

#include "kernels/generic/sm4_lanes.h"

static inline void sm4v_init(sm4v_consts *c)
{
    c->in_lo = LOADU(sm4_in_lo);
    c->in_hi = LOADU(sm4_in_hi);
    c->out_lo = LOADU(sm4_out_lo);
    c->out_hi = LOADU(sm4_out_hi);
    c->nibble = _mm_set1_epi8(0x0f);
    c->inv_sr = LOADU(sm4_inv_sr);
    c->rol8 = LOADU(sm4_rol8);
    c->rol16 = LOADU(sm4_rol16);
    c->rol24 = LOADU(sm4_rol24);
    c->bswap = LOADU(bswap32);
}

static inline sm4v sm4v_bswap(const sm4v_consts *c, sm4v v) { return _mm_shuffle_epi8(v, c->bswap); }

/* affine applies the map whose nibble tables are lo, hi to each byte of x. */
static inline sm4v affine(const sm4v_consts *c, sm4v x, sm4v lo, sm4v hi)
{
    sm4v l = _mm_and_si128(x, c->nibble);
    sm4v h = _mm_and_si128(_mm_srli_epi16(x, 4), c->nibble);
    return _mm_xor_si128(_mm_shuffle_epi8(lo, l), _mm_shuffle_epi8(hi, h));
}

static inline sm4v sm4v_tau(const sm4v_consts *c, sm4v x)
{
    sm4v y = _mm_shuffle_epi8(affine(c, x, c->in_lo, c->in_hi), c->inv_sr);
    y = _mm_aesenclast_si128(y, _mm_setzero_si128());
    return affine(c, y, c->out_lo, c->out_hi);
}

static inline sm4v sm4v_lin(const sm4v_consts *c, sm4v b)
{
    sm4v t = _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, c->rol8)),
                           _mm_shuffle_epi8(b, c->rol16));
    t = _mm_or_si128(_mm_slli_epi32(t, 2), _mm_srli_epi32(t, 30));
    return _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, c->rol24)), t);
}

static inline void sm4v_transpose(sm4v *a, sm4v *b, sm4v *c, sm4v *d)
{
    sm4v t0 = _mm_unpacklo_epi32(*a, *b), t1 = _mm_unpacklo_epi32(*c, *d);
    sm4v t2 = _mm_unpackhi_epi32(*a, *b), t3 = _mm_unpackhi_epi32(*c, *d);
    *a = _mm_unpacklo_epi64(t0, t1);
    *b = _mm_unpackhi_epi64(t0, t1);
    *c = _mm_unpacklo_epi64(t2, t3);
    *d = _mm_unpackhi_epi64(t2, t3);
}

#define SM4_LANES_PREFIX sm4_aesni
#include "kernels/generic/sm4_lanes.h"
