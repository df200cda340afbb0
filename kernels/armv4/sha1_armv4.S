/*
 * kernels/armv4/sha1_armv4.S - the SHA-1 compression function (FIPS 180-4 6.1.2) for
 * every ARM from ARMv4 (sha1_armv4_blocks), and with the message schedule computed
 * by NEON (sha1_armv4_neon_blocks).  Both share the unrolled rounds.
 *
 * Each block runs in two passes over an 80-word array on the stack: the schedule
 * writes W[0..79] (integer) or W[t] + K[t] (NEON) there, then the 80 rounds, fully
 * unrolled, take the words off the stack with pop, so sp is the read pointer and
 * the rounds need no address register (what lies below sp has been consumed; a
 * signal handler may overwrite it).  Above the array: context, input, end pointers.
 *
 * Rounds, register allocation:
 *   r1-r5   a..e, renamed by the macro instead of moved
 *   r0      the only temporary
 *   lr      K for the current 20 rounds (integer); a message word (NEON)
 *   r6-r12  (and lr on NEON) message words, refilled by one pop every 7 (8) rounds
 * Techniques in the rounds:
 *   - ROTL30(b) is never computed: c, d and e hold their values rotated left by 2
 *     more than they should be, and every use undoes it with "ror #2" on the
 *     shifted operand, free on ARM.  e's is undone as K (or W + K) is added to it,
 *     which makes e the new a, kept exact; b, copied from a, is always exact.
 *   - ROTL5(a) rides on the add that consumes it (ror #27).
 *   - Ch(b, c, d) = ((c ^ d) & b) ^ d; Parity = b ^ c ^ d; Maj(b, c, d) =
 *     (b & c) + ((b ^ c) & d), the two terms having no bit in common.
 * Integer schedule: groups of four words with two ldm (W[t-16..t-11] and
 * W[t-8..t-5]), the results accumulating in the W[t-8] registers and W[t-3..t-1]
 * carried in registers from the previous group; two register assignments alternate
 * so each group leaves them where the next one expects them.
 * NEON schedule: q0-q3 and q8-q11 hold W[t-32..t-1] in four-word groups.  For
 * t >= 32, W[t] = ROTL2(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32]) (the recurrence applied
 * twice, the middle terms cancelling), which has no dependency inside a group of
 * four; for 16 <= t < 32 the FIPS recurrence runs on four lanes with the last lane's
 * W[t-3] term (= W[t] of the same group) put in afterwards as ROTL2 of lane 0's
 * input.  Only q0-q3 and q8-q15 are used: d8-d15 are callee-saved.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .text

#define F_CTX  320
#define F_IN   324
#define F_END  328
#define F_SIZE 332 /* with the 36 bytes pushed, keeps sp 8-byte aligned */

/* FIPS 180-4 4.2.1 */
#define K0 0x5a827999
#define K1 0x6ed9eba1
#define K2 0x8f1bbcdc
#define K3 0xca62c1d6

/* ---- rounds -------------------------------------------------------------------------- */

/* ENTER kw, e, w: e = K + ROTR2(e) + W (kw 0: K in lr) or (W + K) + ROTR2(e) (kw 1). */
.macro ENTER kw, e, w
.if \kw
    add     \e, \w, \e, ror #2
.else
    add     \e, lr, \e, ror #2
    add     \e, \e, \w
.endif
.endm

/* F_CH, F_PARITY, F_MAJ a..e, w, kw: rounds 0-19, 20-39 and 60-79, 40-59; the new a
 * is left in e's register. */
.macro F_CH a, b, c, d, e, w, kw
    ENTER   \kw, \e, \w
    eor     r0, \c, \d
    and     r0, \b, r0, ror #2
    add     \e, \e, \a, ror #27
    eor     r0, r0, \d, ror #2
    add     \e, \e, r0
.endm

.macro F_PARITY a, b, c, d, e, w, kw
    ENTER   \kw, \e, \w
    eor     r0, \c, \d
    add     \e, \e, \a, ror #27
    eor     r0, \b, r0, ror #2
    add     \e, \e, r0
.endm

.macro F_MAJ a, b, c, d, e, w, kw
    ENTER   \kw, \e, \w
    and     r0, \b, \c, ror #2
    add     \e, \e, \a, ror #27
    add     \e, \e, r0
    eor     r0, \b, \c, ror #2
    and     r0, r0, \d, ror #2
    add     \e, \e, r0
.endm

/* ROUND_F t, w, names..., kw: picks the function of round t. */
.macro ROUND_F t, w, a, b, c, d, e, kw
.if (\t) < 20
    F_CH    \a, \b, \c, \d, \e, \w, \kw
.elseif (\t) < 40 || (\t) >= 60
    F_PARITY \a, \b, \c, \d, \e, \w, \kw
.else
    F_MAJ   \a, \b, \c, \d, \e, \w, \kw
.endif
.endm

/* ROUND_N t, w, kw: round t with the names of round t (they rotate every round and
 * repeat every five). */
.macro ROUND_N t, w, kw
.if (\t) % 5 == 0
    ROUND_F \t, \w, r1, r2, r3, r4, r5, \kw
.elseif (\t) % 5 == 1
    ROUND_F \t, \w, r5, r1, r2, r3, r4, \kw
.elseif (\t) % 5 == 2
    ROUND_F \t, \w, r4, r5, r1, r2, r3, \kw
.elseif (\t) % 5 == 3
    ROUND_F \t, \w, r3, r4, r5, r1, r2, \kw
.else
    ROUND_F \t, \w, r2, r3, r4, r5, r1, \kw
.endif
.endm

/* ROUND_INT t: integer round t: a new K every 20 rounds, seven words per pop. */
.macro ROUND_INT t
.if (\t) == 0
    ldr     lr, =K0
.elseif (\t) == 20
    ldr     lr, =K1
.elseif (\t) == 40
    ldr     lr, =K2
.elseif (\t) == 60
    ldr     lr, =K3
.endif
.if (\t) % 7 == 0
.if (\t) == 77
    pop     {r6-r8}
.else
    pop     {r6-r12}
.endif
.endif
.if (\t) % 7 == 0
    ROUND_N \t, r6, 0
.elseif (\t) % 7 == 1
    ROUND_N \t, r7, 0
.elseif (\t) % 7 == 2
    ROUND_N \t, r8, 0
.elseif (\t) % 7 == 3
    ROUND_N \t, r9, 0
.elseif (\t) % 7 == 4
    ROUND_N \t, r10, 0
.elseif (\t) % 7 == 5
    ROUND_N \t, r11, 0
.else
    ROUND_N \t, r12, 0
.endif
.endm

/* ROUND_WK t: round t on W + K: eight words per pop (lr needs no K). */
.macro ROUND_WK t
.if (\t) % 8 == 0
    pop     {r6-r12, lr}
.endif
.if (\t) % 8 == 0
    ROUND_N \t, r6, 1
.elseif (\t) % 8 == 1
    ROUND_N \t, r7, 1
.elseif (\t) % 8 == 2
    ROUND_N \t, r8, 1
.elseif (\t) % 8 == 3
    ROUND_N \t, r9, 1
.elseif (\t) % 8 == 4
    ROUND_N \t, r10, 1
.elseif (\t) % 8 == 5
    ROUND_N \t, r11, 1
.elseif (\t) % 8 == 6
    ROUND_N \t, r12, 1
.else
    ROUND_N \t, lr, 1
.endif
.endm

/* ROUNDS80 kind, t: rounds t..79 (the macro recurses with t + 1). */
.macro ROUNDS80 kind, t=0
.if (\t) < 80
    ROUND_\kind \t
    ROUNDS80 \kind, \t + 1
.endif
.endm

/* BLOCK_ROUNDS kind: a..e from the context, c, d, e rotated left by 2 as the rounds
 * keep them; afterwards the context += a..e (c, d, e rotated back).  sp ends 320
 * higher. */
.macro BLOCK_ROUNDS kind
    ldr     r0, [sp, #F_CTX]
    ldmia   r0, {r1-r5}
    mov     r3, r3, ror #30
    mov     r4, r4, ror #30
    mov     r5, r5, ror #30
    ROUNDS80 \kind
    ldr     r0, [sp, #F_CTX - 320]
    ldmia   r0, {r6-r10}
    add     r1, r1, r6
    add     r2, r2, r7
    add     r3, r8, r3, ror #2
    add     r4, r9, r4, ror #2
    add     r5, r10, r5, ror #2
    stmia   r0, {r1-r5}
.endm

/* ---- integer schedule ------------------------------------------------------------------ */

/* WORD b, w16, w14, w3: b (holding W[t-8]) becomes W[t] = ROTL1(W[t-3] ^ W[t-8] ^
 * W[t-14] ^ W[t-16]) (FIPS 180-4 6.1.2 step 1). */
.macro WORD b, w16, w14, w3
    eor     \b, \b, \w16
    eor     \b, \b, \w14
    eor     \b, \b, \w3
    mov     \b, \b, ror #31
.endm

/* SCHED4 b0..b3, d0..d2: W[t..t+3] with r0 = &W[t-16] (advanced by four words);
 * W[t-16..t-11] come into r1-r6, W[t-8..t-5] into b0..b3 (ascending), W[t-3..t-1]
 * are in d0..d2; W[t+1..t+3] stay in b1..b3 for the next group. */
.macro SCHED4 b0, b1, b2, b3, d0, d1, d2
    ldmia   r0, {r1-r6}
    add     \b0, r0, #(16 - 8) * 4
    ldmia   \b0, {\b0, \b1, \b2, \b3}
    WORD    \b0, r1, r3, \d0
    WORD    \b1, r2, r4, \d1
    WORD    \b2, r3, r5, \d2
    WORD    \b3, r4, r6, \b0
    add     r1, r0, #16 * 4
    stmia   r1, {\b0, \b1, \b2, \b3}
    add     r0, r0, #16
.endm

/* sha1_armv4_blocks(state, in, nblocks): cb_digest_ops.blocks (kernel.h). */
CB_FUNC(sha1_armv4_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
1:  mov     r0, sp
    @ W[13..15] stay in r11, r12, lr for W[16..18]
    LOAD_BE16 r4, r5, r6, r7, r8, r9, r10, r11, r6, r7, r8, r9, r10, r11, r12, lr
    str     r1, [sp, #F_IN]
    mov     r0, sp
    SCHED4  r7, r8, r9, r10, r11, r12, lr   @ W[16..19]
    SCHED4  r7, r11, r12, lr, r8, r9, r10   @ W[20..23]
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12, lr
    SCHED4  r7, r11, r12, lr, r8, r9, r10   @ W[76..79]
    BLOCK_ROUNDS INT
    sub     sp, sp, #320
    DIGEST_LOOP 1b, F_IN, F_END, F_SIZE
    .ltorg
CB_ENDFUNC(sha1_armv4_blocks)

/* ---- NEON schedule --------------------------------------------------------------------- */

    .arch   armv7-a
    .fpu    neon

/* WK4 g: stores g + K (q15) at r0 (advanced). */
.macro WK4 g
    vadd.i32 q12, \g, q15
    vst1.32 {q12}, [r0]!
.endm

/* NSCHED4_FIPS g, m1, m2, m3, m4: W[t..t+3] into g, for 16 <= t < 32, from
 * m1 = W[t-4..t-1], m2 = W[t-8..t-5], m3 = W[t-12..t-9] and m4 = W[t-16..t-13], which
 * all stay (t >= 32 needs them); q14 is zero. */
.macro NSCHED4_FIPS g, m1, m2, m3, m4
    vext.8  q12, \m1, q14, #4       @ W[t-3], W[t-2], W[t-1], 0
    veor    q12, q12, \m4           @ ^ W[t-16..t-13]
    vext.8  q13, \m4, \m3, #8       @ W[t-14..t-11]
    veor    q12, q12, q13
    veor    q12, q12, \m2           @ ^ W[t-8..t-5]
    vext.8  q13, q14, q12, #4       @ 0, 0, 0, lane 0's input
    vshl.u32 \g, q12, #1
    vsri.32 \g, q12, #31            @ ROTL1, lane 3 still without W[t]
    vshl.u32 q12, q13, #2
    vsri.32 q12, q13, #30           @ ROTL1(W[t]) = ROTL2 of lane 0's input
    veor    \g, \g, q12
.endm

/* NSCHED4_32 g, m1, m2, m4, m7: W[t..t+3] into g, for t >= 32, from
 * m1 = W[t-4..t-1], m2 = W[t-8..t-5], m4 = W[t-16..t-13], m7 = W[t-28..t-25] and
 * g = W[t-32..t-29]. */
.macro NSCHED4_32 g, m1, m2, m4, m7
    vext.8  q12, \m2, \m1, #8       @ W[t-6..t-3]
    veor    q12, q12, \m4
    veor    q12, q12, \m7
    veor    q12, q12, \g
    vshl.u32 \g, q12, #2
    vsri.32 \g, q12, #30
.endm

/* NEW_K k: q15 = K in every lane. */
.macro NEW_K k
    ldr     r2, =\k
    vdup.32 q15, r2
.endm

/* sha1_armv4_neon_blocks(state, in, nblocks): as sha1_armv4_blocks with the schedule (and
 * the K additions) on NEON. */
CB_FUNC(sha1_armv4_neon_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
1:  vld1.8  {q0, q1}, [r1]!
    vld1.8  {q2, q3}, [r1]!
    str     r1, [sp, #F_IN]
    vrev32.8 q0, q0
    vrev32.8 q1, q1
    vrev32.8 q2, q2
    vrev32.8 q3, q3
    mov     r0, sp
    vmov.i32 q14, #0
    NEW_K   K0
    WK4     q0                      @ groups 0-3: W[0..15]
    WK4     q1
    WK4     q2
    WK4     q3
    NSCHED4_FIPS q8, q3, q2, q1, q0         @ group 4: W[16..19]
    WK4     q8
    NEW_K   K1
    NSCHED4_FIPS q9, q8, q3, q2, q1         @ group 5
    WK4     q9
    NSCHED4_FIPS q10, q9, q8, q3, q2
    WK4     q10
    NSCHED4_FIPS q11, q10, q9, q8, q3       @ group 7: W[28..31]
    WK4     q11
    NSCHED4_32 q0, q11, q10, q8, q1         @ group 8: W[32..35] over W[0..3]
    WK4     q0
    NSCHED4_32 q1, q0, q11, q9, q2
    WK4     q1
    NEW_K   K2
    NSCHED4_32 q2, q1, q0, q10, q3          @ group 10
    WK4     q2
    NSCHED4_32 q3, q2, q1, q11, q8
    WK4     q3
    NSCHED4_32 q8, q3, q2, q0, q9
    WK4     q8
    NSCHED4_32 q9, q8, q3, q1, q10
    WK4     q9
    NSCHED4_32 q10, q9, q8, q2, q11
    WK4     q10
    NEW_K   K3
    NSCHED4_32 q11, q10, q9, q3, q0         @ group 15
    WK4     q11
    NSCHED4_32 q0, q11, q10, q8, q1
    WK4     q0
    NSCHED4_32 q1, q0, q11, q9, q2
    WK4     q1
    NSCHED4_32 q2, q1, q0, q10, q3
    WK4     q2
    NSCHED4_32 q3, q2, q1, q11, q8          @ group 19: W[76..79]
    WK4     q3
    BLOCK_ROUNDS WK
    sub     sp, sp, #320
    DIGEST_LOOP 1b, F_IN, F_END, F_SIZE
    .ltorg
CB_ENDFUNC(sha1_armv4_neon_blocks)

    .section .note.GNU-stack, "", %progbits
