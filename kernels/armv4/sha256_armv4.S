/*
 * kernels/armv4/sha256_armv4.S - the SHA-256 compression function (FIPS 180-4 6.2.2)
 * for every ARM from ARMv4 (sha256_armv4_blocks), and with the message schedule
 * computed by NEON (sha256_armv4_neon_blocks).  Both share the rounds.
 *
 * Each block runs in three passes over a 256-byte array on the stack:
 *   1. the schedule: W[0..63] (FIPS 180-4 6.2.2 step 1);
 *   2. K[t] added to every slot (six words per ldm/ldm/stm);
 *   3. the 64 rounds, fully unrolled, reading W[t] + K[t] four words at a time
 *      with "pop {r0, r2, r12, lr}": sp itself is the read pointer, so the rounds
 *      need no address register, and what lies below sp has been consumed already
 *      (a signal handler may overwrite it).  The context pointer, input pointer and
 *      end of input sit above the array.
 * Splitting them frees the registers the schedule would need during the rounds, so
 * the rounds keep all eight working variables, the Maj bookkeeping and four W + K
 * words in registers, and the schedule has the registers to work seven words at a
 * time.
 *
 * Rounds, register allocation:
 *   r4-r11  a..h, renamed by the macro instead of moved (after 8 rounds the names
 *           are back where they started)
 *   r1, r3  b ^ c and the previous round's Maj, swapping roles each round
 *   r0, r2, r12, lr  four WK words, refilled by one pop every four rounds; each
 *           round adds its word first and then uses its register as the temporary
 * Techniques in the rounds:
 *   - Sigma1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6), likewise Sigma0(a) with 11, 20,
 *     2: two eors, the last rotation rides on the add that consumes the value.
 *   - Ch(e, f, g) = ((f ^ g) & e) ^ g.
 *   - Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's
 *     a ^ b: two instructions and the eor that keeps a ^ b for the next round.
 *   - The Maj addition is deferred to the next round: h (the next a) gets
 *     T1 + Sigma0(a), and Maj is added in the next round just before a is read.  Maj
 *     then runs beside the next round's Sigma1/Ch chain instead of lengthening the
 *     a -> a dependency, and its register is free again before a ^ b is computed.
 *
 * Schedule (integer): groups of seven words W[t..t+6], because then every W[t-7]
 * term is a word of the previous group, still in its register (r6-r12), and
 * accumulates into the new word in place: the group loads only W[t-16..t-9] (two
 * ldm and one ldr, each register refilled as soon as its word is used), and stores
 * its seven words with one stm.  Both pointers advance by writeback, so no address
 * arithmetic is left; sigma0 and sigma1 cost three instructions each, the words
 * nine in all.
 * Schedule (NEON): q0-q3 hold the window W[t..t+15] (renamed, not moved); each group
 * computes W[t+16..t+19] into the register that held W[t..t+3] after storing
 * W[t..t+3] + K, sigma0 on all four lanes, sigma1 on two lanes at a time because the
 * second pair depends on the first.  A rotation is a shift right and a shift-left-
 * and-insert (vsli).  Only q0-q3 and q8-q15 are used: d8-d15 are callee-saved.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .text

/* The round constants (FIPS 180-4 4.2) are kernels/generic/sha2_k.c's, shared with the C
 * code; hidden, so the PC-relative literals that reach them need no dynamic
 * relocation in a shared build. */
    .hidden cb_sha256_k

#define F_CTX  256
#define F_IN   260
#define F_END  264
#define F_SIZE 268 /* with the 36 bytes pushed, keeps sp 8-byte aligned */

/* ---- rounds -------------------------------------------------------------------------- */

/* ROUND a..h, x, m, wk: one round with W[t] + K[t] in wk, b ^ c in x and the previous
 * round's Maj in m.  wk is added first and then serves as the round's temporary.
 * Leaves a ^ b in m and this round's Maj in x. */
.macro ROUND a, b, c, d, e, f, g, h, x, m, wk, first=0
    add     \h, \h, \wk
    eor     \wk, \e, \e, ror #5
    eor     \wk, \wk, \e, ror #19
    add     \h, \h, \wk, ror #6    @ + Sigma1(e)
    eor     \wk, \f, \g
    and     \wk, \wk, \e
.if !\first
    add     \a, \a, \m              @ a is complete: the previous round's Maj
.endif
    eor     \wk, \wk, \g              @ Ch(e, f, g)
    add     \h, \h, \wk              @ h = T1
    eor     \wk, \a, \a, ror #11
    add     \d, \d, \h              @ d + T1
    eor     \wk, \wk, \a, ror #20
    eor     \m, \a, \b              @ a ^ b
    add     \h, \h, \wk, ror #2      @ T1 + Sigma0(a); Maj follows next round
    and     \x, \x, \m
    eor     \x, \x, \b              @ Maj(a, b, c)
.endm

/* ROUNDS4 a..h: four rounds on the next four WK words, names given for the first;
 * the next group starts with them shifted four places (x and m in place again). */
.macro ROUNDS4 a, b, c, d, e, f, g, h, first=0
    pop     {r0, r2, r12, lr}
    ROUND   \a, \b, \c, \d, \e, \f, \g, \h, r1, r3, r0, \first
    ROUND   \h, \a, \b, \c, \d, \e, \f, \g, r3, r1, r2
    ROUND   \g, \h, \a, \b, \c, \d, \e, \f, r1, r3, r12
    ROUND   \f, \g, \h, \a, \b, \c, \d, \e, r3, r1, lr
.endm

/* ROUNDS64: the 64 rounds; W + K comes off the stack, which moves sp up by 256.  The
 * last round leaves its Maj in r3. */
.macro ROUNDS64
    ROUNDS4 r4, r5, r6, r7, r8, r9, r10, r11, 1     @ round 0 has no Maj to add
    ROUNDS4 r8, r9, r10, r11, r4, r5, r6, r7
    .rept   7
    ROUNDS4 r4, r5, r6, r7, r8, r9, r10, r11
    ROUNDS4 r8, r9, r10, r11, r4, r5, r6, r7
    .endr
.endm

/* BLOCK_ROUNDS: the rounds of one block with WK at sp: a..h from the context, b ^ c
 * in r1 (round 0 has no Maj pending); afterwards the last Maj and a..h are added to the context.
 * sp ends 256 higher, at W. */
.macro BLOCK_ROUNDS
    ldr     r0, [sp, #F_CTX]
    ldmia   r0, {r4-r11}
    eor     r1, r5, r6
    ROUNDS64
    add     r4, r4, r3              @ round 63 left its Maj in r3
    ldr     r0, [sp, #F_CTX - 256]
    ldmia   r0, {r1, r2, r3, r12, lr}
    add     r4, r4, r1
    add     r5, r5, r2
    add     r6, r6, r3
    add     r7, r7, r12
    add     r8, r8, lr
    ldr     r1, [r0, #20]
    ldr     r2, [r0, #24]
    ldr     r3, [r0, #28]
    add     r9, r9, r1
    add     r10, r10, r2
    add     r11, r11, r3
    stmia   r0, {r4-r11}
.endm

/* ---- integer schedule --------------------------------------------------------------- */

/* SIG0 dst, x: sigma0(x) = ror(x, 7) ^ ror(x, 18) ^ (x >> 3) (FIPS 180-4 4.1.2). */
.macro SIG0 dst, x
    mov     \dst, \x, ror #7
    eor     \dst, \dst, \x, ror #18
    eor     \dst, \dst, \x, lsr #3
.endm

/* SIG1 dst, x: sigma1(x) = ror(x, 17) ^ ror(x, 19) ^ (x >> 10). */
.macro SIG1 dst, x
    mov     \dst, \x, ror #17
    eor     \dst, \dst, \x, ror #19
    eor     \dst, \dst, \x, lsr #10
.endm

/* WORD c, w16, w15, w2: c (holding W[t-7]) += W[t-16] + sigma0(W[t-15]) +
 * sigma1(W[t-2]), which makes it W[t]; r5 is the temporary. */
.macro WORD c, w16, w15, w2
    add     \c, \c, \w16
    SIG0    r5, \w15
    add     \c, \c, r5
    SIG1    r5, \w2
    add     \c, \c, r5
.endm

/* SCHED7 n: W[t..t+n-1] (n = 7, or 6 for the last group) with r0 = &W[t-16] and
 * lr = &W[t], both advanced past what they cover.  W[t-7..t-1] are in r6-r12 (the
 * previous group's words) and accumulate into W[t..t+6] in place; W[t-16..t-9] come
 * in through r1-r4 in three loads, each register reloaded once its word is used. */
.macro SCHED7 n=7
    ldmia   r0!, {r1-r4}                    @ W[t-16..t-13]
    WORD    r6, r1, r2, r11
    WORD    r7, r2, r3, r12
    WORD    r8, r3, r4, r6
    ldmia   r0!, {r1-r3}                    @ W[t-12..t-10]
    WORD    r9, r4, r1, r7
    WORD    r10, r1, r2, r8
    WORD    r11, r2, r3, r9
.if \n == 7
    ldr     r4, [r0]                        @ W[t-9]
    WORD    r12, r3, r4, r10
    stmia   lr!, {r6-r12}
.else
    stmia   lr!, {r6-r11}
.endif
.endm

/* ADDK n: the n slots at r0 += K (lr); both advance (n is 6 or 4). */
.macro ADDK n
.if \n == 6
    ldmia   r0, {r1-r6}
    ldmia   lr!, {r7-r12}
.else
    ldmia   r0, {r1-r4}
    ldmia   lr!, {r7-r10}
.endif
    add     r1, r1, r7
    add     r2, r2, r8
    add     r3, r3, r9
    add     r4, r4, r10
.if \n == 6
    add     r5, r5, r11
    add     r6, r6, r12
    stmia   r0!, {r1-r6}
.else
    stmia   r0!, {r1-r4}
.endif
.endm

/* The unrolled rounds put the end of the function out of ldr's 4 KiB reach. */
.Lk256_lit:
    .word   cb_sha256_k - (.Lk256_pc + 8)

/* sha256_armv4_blocks(state, in, nblocks): cb_digest_ops.blocks (kernel.h). */
CB_FUNC(sha256_armv4_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
1:  mov     r0, sp
    @ W[9..15] stay in r6-r12 for W[16..22]
    LOAD_BE16 r4, r5, r6, r7, r8, r9, r10, r11, r5, r6, r7, r8, r9, r10, r11, r12
    str     r1, [sp, #F_IN]
    mov     r0, sp
    add     lr, sp, #16 * 4
    .rept   6
    SCHED7                                  @ W[16..22], ... W[51..57]
    .endr
    SCHED7  6                               @ W[58..63]
    mov     r0, sp                          @ then W + K in every slot
    ADR_FAR lr, .Lk256_lit, .Lk256_pc
    .rept   10
    ADDK    6
    .endr
    ADDK    4
    BLOCK_ROUNDS
    sub     sp, sp, #256
    DIGEST_LOOP 1b, F_IN, F_END, F_SIZE
CB_ENDFUNC(sha256_armv4_blocks)

/* ---- NEON schedule ------------------------------------------------------------------ */

    .arch   armv7-a
    .fpu    neon

/* NSIG dst, x, tmp, r1, r2, sh: dst = ror(x, r1) ^ ror(x, r2) ^ (x >> sh), lane-wise
 * (sigma0 with 7, 18, 3; sigma1 with 17, 19, 10; FIPS 180-4 4.1.2).  .32 lanes of
 * q or d registers alike. */
.macro NSIG dst, x, tmp, r1, r2, sh
    vshr.u32 \dst, \x, #\r1
    vsli.32 \dst, \x, #32 - \r1
    vshr.u32 \tmp, \x, #\r2
    vsli.32 \tmp, \x, #32 - \r2
    veor    \dst, \dst, \tmp
    vshr.u32 \tmp, \x, #\sh
    veor    \dst, \dst, \tmp
.endm

/* NSCHED4 w0..w3, w0lo, w0hi, w3hi: stores W[t..t+3] + K (r2, advanced) at r0
 * (advanced), then replaces W[t..t+3] in w0 by W[t+16..t+19]. */
.macro NSCHED4 w0, w1, w2, w3, w0lo, w0hi, w3hi
    vld1.32 {q12}, [r2]!
    vext.8  q8, \w0, \w1, #4        @ W[t+1..t+4]
    vadd.i32 q12, q12, \w0
    NSIG    q9, q8, q10, 7, 18, 3
    vst1.32 {q12}, [r0]!
    vext.8  q8, \w2, \w3, #4        @ W[t+9..t+12]
    vadd.i32 \w0, \w0, q9
    vadd.i32 \w0, \w0, q8
    NSIG    d18, \w3hi, d20, 17, 19, 10
    vadd.i32 \w0lo, \w0lo, d18     @ W[t+16], W[t+17]
    NSIG    d18, \w0lo, d20, 17, 19, 10
    vadd.i32 \w0hi, \w0hi, d18     @ W[t+18], W[t+19]
.endm

/* NADDK w: stores w + K (r2, advanced) at r0 (advanced). */
.macro NADDK w
    vld1.32 {q12}, [r2]!
    vadd.i32 q12, q12, \w
    vst1.32 {q12}, [r0]!
.endm

.Lk256_lit_n:
    .word   cb_sha256_k - (.Lk256_pc_n + 8)

/* sha256_armv4_neon_blocks(state, in, nblocks): as sha256_armv4_blocks, with the schedule
 * on NEON. */
CB_FUNC(sha256_armv4_neon_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
1:  vld1.8  {q0, q1}, [r1]!
    vld1.8  {q2, q3}, [r1]!
    str     r1, [sp, #F_IN]
    vrev32.8 q0, q0
    vrev32.8 q1, q1
    vrev32.8 q2, q2
    vrev32.8 q3, q3
    mov     r0, sp
    ADR_FAR r2, .Lk256_lit_n, .Lk256_pc_n
    NSCHED4 q0, q1, q2, q3, d0, d1, d7
    NSCHED4 q1, q2, q3, q0, d2, d3, d1
    NSCHED4 q2, q3, q0, q1, d4, d5, d3
    NSCHED4 q3, q0, q1, q2, d6, d7, d5
    NSCHED4 q0, q1, q2, q3, d0, d1, d7
    NSCHED4 q1, q2, q3, q0, d2, d3, d1
    NSCHED4 q2, q3, q0, q1, d4, d5, d3
    NSCHED4 q3, q0, q1, q2, d6, d7, d5
    NSCHED4 q0, q1, q2, q3, d0, d1, d7
    NSCHED4 q1, q2, q3, q0, d2, d3, d1
    NSCHED4 q2, q3, q0, q1, d4, d5, d3
    NSCHED4 q3, q0, q1, q2, d6, d7, d5
    NADDK   q0
    NADDK   q1
    NADDK   q2
    NADDK   q3
    BLOCK_ROUNDS
    sub     sp, sp, #256
    DIGEST_LOOP 1b, F_IN, F_END, F_SIZE
CB_ENDFUNC(sha256_armv4_neon_blocks)

    .section .note.GNU-stack, "", %progbits
