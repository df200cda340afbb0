/*
 * kernels/armv4/poly1305_neon.S - Poly1305's block loop (RFC 8439 2.5) on ARMv7
 * NEON, radix 2^26, two blocks per step in the two 32-bit lanes of d registers.
 *
 *   void poly1305_armv4_neon_blocks(void *st, const uint8_t *in, size_t len,
 *                                   unsigned padbit);
 *
 * The state (kernels/armv4/poly1305_neon.h) comes from poly1305_neon_key.c.
 *
 * Two lanes.  h = (h + m1) r^n + m2 r^(n-1) + ... + mn r splits by parity: lane 0
 * takes the odd blocks, lane 1 the even ones, each lane is multiplied by r^2 per
 * step, and the last step multiplies lane 0 by r^2 and lane 1 by r, after which
 * the lanes are summed.  The running h enters lane 0 with the first block.  For an
 * odd count the first block goes alone through lane 0 with the table (r, 0): lane 0
 * becomes (h + m1) r, lane 1 stays 0 whatever was added to it, and the pairs
 * follow as for an even count.  So a 16-byte call (the AAD and the lengths of an
 * AEAD message) is one step, and the loop needs no per-step choice of multiplier.
 *
 * A step: the two blocks are loaded and transposed (vtrn.32) so that d0-d3 hold
 * their words 0, 2, 1, 3 lane by lane; the 26-bit limbs are shifts and vsli
 * inserts, masked with vbic by an immediate (no mask register); limb 4 and the pad
 * bit are added into h directly (vsra, vadd).  Then 25 vmull/vmlal.u32 give the
 * five 64-bit column sums D0..D4 of (h + m) times the table, the limbs 5..8 of the
 * product folded back times 5 through S = 5 R (2^130 = 5 mod p).  One carry pass in
 * two interleaved chains (D0 -> D1 -> D2 -> D3 -> D4 and D3 -> D4 -> D0 -> D1,
 * the wrap times 5 by a vmlal with (5, 5)); vsra adds each carry without a separate
 * shift, and vmovn narrows the limbs back to 32-bit lanes.  58 instructions a
 * step, 61 with the load and the loop branch: 1.9 a byte.  (Four blocks a step,
 * with r^4 and r^3 tables, would share one carry pass between two products and
 * save about a third; two already put chacha20-poly1305 under OpenSSL's count.)
 *
 * Bounds: after a step every lane limb is below 2^26 + 2^7, so the stored sum of
 * the lanes is below 2^27 + 2^8 and h + m below 2^27.6 per limb; the table limbs
 * are below 2^26 but r^2's limb 1, below 2^26 + 2^5 (S below 2^28.4), so a column
 * sum is below 2^27.6 * 21 * 2^26.01 < 2^58 and D4 (no S terms) below 2^56: its
 * carry fits the 32 bits vshrn keeps.
 *
 * Registers:
 *   d0-d3    the message words, then the limbs M0, M1; q0 the carry temporary
 *   d4-d8    H0..H4, (lane 0, lane 1)     d9       (5, 5)
 *   q5-q9    D0..D4 (d12, d13 first hold M2, M3)
 *   q10      2^26 - 1 in each 64-bit lane
 *   d22-d30  the table: R0..R4, S1..S4    d31      the pad bit, 2^24 in limb 4
 *   r0 st, r1 in, r2 blocks left, r12 state pointer.  d8-d15 pushed (AAPCS).
 */
#include "kernels/armv4/asm.h"
#include "kernels/armv4/poly1305_neon.h"

    .syntax unified
    .arch   armv7-a
    .fpu    neon
    .arm
    .text

/* LOADTAB off: the table at st + off into d22-d30. */
.macro LOADTAB off
    add     r12, r0, #\off
    vld1.32 {d22-d25}, [r12]!
    vld1.32 {d26-d29}, [r12]!
    vld1.32 {d30}, [r12]
.endm

/* CARRY to, from: to += from >> 26 (vsra shifts and adds at once), from keeps its
 * low 26 bits (q10 is the mask). */
.macro CARRY to, from
    vsra.u64 \to, \from, #26
    vand    \from, \from, q10
.endm

/* STEP: H = (H + M) * table, with the blocks' 32 bytes in q0, q1 (words a0..a3 and
 * b0..b3; for a lone block q1 is zero). */
.macro STEP
    vtrn.32 q0, q1                  @ d0 = w0, d1 = w2, d2 = w1, d3 = w3 (a, b)
    vshr.u32 d12, d2, #20           @ M2 = w1 >> 20 | w2 << 12
    vsli.32 d12, d1, #12
    vshr.u32 d13, d1, #14           @ M3 = w2 >> 14 | w3 << 18
    vsli.32 d13, d3, #18
    vshr.u32 d1, d0, #26            @ M1 = w0 >> 26 | w1 << 6, over w2 (used)
    vsli.32 d1, d2, #6
    vbic.i32 q0, #0xfc000000        @ M0, M1 to 26 bits
    vbic.i32 q6, #0xfc000000        @ M2, M3
    vadd.i32 q2, q2, q0
    vadd.i32 q3, q3, q6
    vsra.u32 d8, d3, #8             @ H4 += w3 >> 8 (24 bits, no mask needed)
    vadd.i32 d8, d8, d31            @ and the pad bit

    vmull.u32 q5, d4, d22           @ D0 = H0 R0 + H1 S4 + H2 S3 + H3 S2 + H4 S1
    vmull.u32 q6, d4, d23           @ D1 = H0 R1 + H1 R0 + H2 S4 + H3 S3 + H4 S2
    vmull.u32 q7, d4, d24           @ D2 = H0 R2 + H1 R1 + H2 R0 + H3 S4 + H4 S3
    vmull.u32 q8, d4, d25           @ D3 = H0 R3 + H1 R2 + H2 R1 + H3 R0 + H4 S4
    vmull.u32 q9, d4, d26           @ D4 = H0 R4 + H1 R3 + H2 R2 + H3 R1 + H4 R0
    vmlal.u32 q5, d5, d30
    vmlal.u32 q6, d5, d22
    vmlal.u32 q7, d5, d23
    vmlal.u32 q8, d5, d24
    vmlal.u32 q9, d5, d25
    vmlal.u32 q5, d6, d29
    vmlal.u32 q6, d6, d30
    vmlal.u32 q7, d6, d22
    vmlal.u32 q8, d6, d23
    vmlal.u32 q9, d6, d24
    vmlal.u32 q5, d7, d28
    vmlal.u32 q6, d7, d29
    vmlal.u32 q7, d7, d30
    vmlal.u32 q8, d7, d22
    vmlal.u32 q9, d7, d23
    vmlal.u32 q5, d8, d27
    vmlal.u32 q6, d8, d28
    vmlal.u32 q7, d8, d29
    vmlal.u32 q8, d8, d30
    vmlal.u32 q9, d8, d22

    CARRY   q6, q5                  @ D0 -> D1
    CARRY   q9, q8                  @ D3 -> D4
    CARRY   q7, q6                  @ D1 -> D2
    vshrn.u64 d0, q9, #26           @ D4 -> D0, times 5
    vand    q9, q9, q10
    vmlal.u32 q5, d0, d9
    CARRY   q8, q7                  @ D2 -> D3
    CARRY   q6, q5                  @ D0 -> D1
    CARRY   q9, q8                  @ D3 -> D4
    vmovn.i64 d4, q5
    vmovn.i64 d5, q6
    vmovn.i64 d6, q7
    vmovn.i64 d7, q8
    vmovn.i64 d8, q9
.endm

CB_FUNC(poly1305_armv4_neon_blocks)
    lsrs    r2, r2, #4                      @ 16-byte blocks
    RETEQ
    vpush   {d8-d15}
    add     r12, r0, #POLY1305_NEON_H
    vld1.32 {q2}, [r12]!                    @ h0, h2, h1, h3
    vmov.i32 q3, #0
    vtrn.32 q2, q3                          @ (h0, 0), (h1, 0), (h2, 0), (h3, 0)
    vmov.i32 d8, #0
    vld1.32 {d8[0]}, [r12]                  @ (h4, 0)
    lsl     r3, r3, #24
    vdup.32 d31, r3
    vmov.i32 d9, #5
    vmov.i64 q10, #0xffffffff
    vshr.u64 q10, q10, #6
    tst     r2, #1
    beq     .Lpoly_pairs
    LOADTAB POLY1305_NEON_TAB_ONE
    vld1.8  {d0, d1}, [r1]!
    vmov.i32 q1, #0
    STEP
    subs    r2, r2, #1
    beq     .Lpoly_done
.Lpoly_pairs:
    subs    r2, r2, #2
    beq     .Lpoly_last
    LOADTAB POLY1305_NEON_TAB_PAIR
.Lpoly_loop:
    vld1.8  {d0-d3}, [r1]!
    STEP
    subs    r2, r2, #2
    bne     .Lpoly_loop
.Lpoly_last:
    LOADTAB POLY1305_NEON_TAB_LAST
    vld1.8  {d0-d3}, [r1]!
    STEP
.Lpoly_done:
    vpadd.i32 d0, d4, d6                    @ (h0, h2): the lanes summed
    vpadd.i32 d1, d5, d7                    @ (h1, h3)
    vpadd.i32 d2, d8, d8                    @ (h4, h4)
    add     r12, r0, #POLY1305_NEON_H
    vst1.32 {d0, d1}, [r12]!
    vst1.32 {d2[0]}, [r12]
    vpop    {d8-d15}
    RET
CB_ENDFUNC(poly1305_armv4_neon_blocks)

    .section .note.GNU-stack, "", %progbits
