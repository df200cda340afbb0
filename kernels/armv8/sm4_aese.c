/*
 * kernels/armv8/sm4_aese.c - SM4 four blocks a pass in AdvSIMD registers, the S-box
 * through the Crypto Extensions' AESE (with a zero key: ShiftRows, SubBytes) between
 * two TBL affine maps (variant aese): the vector operations
 * kernels/generic/sm4_lanes.h is written over, which says how.
 */
#pragma GCC target("+crypto")

#include <arm_neon.h>

#include "kernels/armv8/armv8.h"
#include "kernels/kernel.h"

typedef uint8x16_t sm4v;

typedef struct sm4v_consts {
    uint8x16_t in_lo, in_hi, out_lo, out_hi, nibble, inv_sr, rol8, rol24;
} sm4v_consts;

static inline sm4v sm4v_load(const uint8_t *p) { return vld1q_u8(p); }
static inline void sm4v_store(uint8_t *p, sm4v v) { vst1q_u8(p, v); }
static inline sm4v sm4v_zero(void) { return vdupq_n_u8(0); }
static inline sm4v sm4v_xor(sm4v a, sm4v b) { return veorq_u8(a, b); }
static inline sm4v sm4v_dup(uint32_t x) { return vreinterpretq_u8_u32(vdupq_n_u32(x)); }
static inline uint32_t sm4v_lane0(sm4v v) { return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0); }
static inline sm4v sm4v_from32(uint32_t x)
{
    return vreinterpretq_u8_u32(vsetq_lane_u32(x, vdupq_n_u32(0), 0));
}

#include "kernels/generic/sm4_lanes.h"

static inline void sm4v_init(sm4v_consts *c)
{
    c->in_lo = vld1q_u8(sm4_in_lo);
    c->in_hi = vld1q_u8(sm4_in_hi);
    c->out_lo = vld1q_u8(sm4_out_lo);
    c->out_hi = vld1q_u8(sm4_out_hi);
    c->nibble = vdupq_n_u8(0x0f);
    c->inv_sr = vld1q_u8(sm4_inv_sr);
    c->rol8 = vld1q_u8(sm4_rol8);
    c->rol24 = vld1q_u8(sm4_rol24);
}

/* big-endian words (GB/T 32907 section 5) to lanes and back */
static inline sm4v sm4v_bswap(const sm4v_consts *c, sm4v v)
{
    (void)c;
    return vrev32q_u8(v);
}

/* affine applies the map whose nibble tables are lo, hi to each byte of x. */
static inline sm4v affine(const sm4v_consts *c, sm4v x, sm4v lo, sm4v hi)
{
    return veorq_u8(vqtbl1q_u8(lo, vandq_u8(x, c->nibble)), vqtbl1q_u8(hi, vshrq_n_u8(x, 4)));
}

static inline sm4v sm4v_tau(const sm4v_consts *c, sm4v x)
{
    sm4v y = vqtbl1q_u8(affine(c, x, c->in_lo, c->in_hi), c->inv_sr);
    y = vaeseq_u8(y, vdupq_n_u8(0));
    return affine(c, y, c->out_lo, c->out_hi);
}

static inline sm4v sm4v_lin(const sm4v_consts *c, sm4v b)
{
    /* the rotation by 16 of each 32-bit lane is REV32 on halfwords */
    sm4v r16 = vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(b)));
    uint32x4_t t = vreinterpretq_u32_u8(veorq_u8(veorq_u8(b, vqtbl1q_u8(b, c->rol8)), r16));
    t = vsliq_n_u32(vshrq_n_u32(t, 30), t, 2);
    return veorq_u8(veorq_u8(b, vqtbl1q_u8(b, c->rol24)), vreinterpretq_u8_u32(t));
}

static inline void sm4v_transpose(sm4v *a, sm4v *b, sm4v *c, sm4v *d)
{
    uint32x4_t a32 = vreinterpretq_u32_u8(*a), b32 = vreinterpretq_u32_u8(*b);
    uint32x4_t c32 = vreinterpretq_u32_u8(*c), d32 = vreinterpretq_u32_u8(*d);
    uint64x2_t t0 = vreinterpretq_u64_u32(vtrn1q_u32(a32, b32));
    uint64x2_t t1 = vreinterpretq_u64_u32(vtrn2q_u32(a32, b32));
    uint64x2_t t2 = vreinterpretq_u64_u32(vtrn1q_u32(c32, d32));
    uint64x2_t t3 = vreinterpretq_u64_u32(vtrn2q_u32(c32, d32));
    *a = vreinterpretq_u8_u64(vtrn1q_u64(t0, t2));
    *b = vreinterpretq_u8_u64(vtrn1q_u64(t1, t3));
    *c = vreinterpretq_u8_u64(vtrn2q_u64(t0, t2));
    *d = vreinterpretq_u8_u64(vtrn2q_u64(t1, t3));
}

#define SM4_LANES_PREFIX sm4_aese
#include "kernels/generic/sm4_lanes.h"
