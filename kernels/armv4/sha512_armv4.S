/*
 * kernels/armv4/sha512_armv4.S - the SHA-512 compression function (FIPS 180-4 6.4.2):
 * 64-bit arithmetic in 32-bit register pairs for every ARM from ARMv4
 * (sha512_armv4_blocks), and on NEON with the state in d registers
 * (sha512_armv4_neon_blocks).
 *
 * A 64-bit word x is the pair (xL, xH), low half first as in memory on armhf.
 * Rotating right by n < 32 gives (xL >> n | xH << (32 - n), xH >> n | xL << (32 - n));
 * by n >= 32, the same with the halves swapped and n - 32.  The halves of a rotation
 * have no bit in common, so each Sigma is six eors with shifted operands per half,
 * the shifts being free on ARM, and 64-bit additions are adds/adc.
 *
 * Integer variant.  The eight working variables do not fit in registers with
 * everything else, but only two of them are new each round: a and e.  b, c, d are
 * earlier values of a and f, g, h earlier values of e, so the rounds keep a history
 * on the stack: slot t holds a_t, e_t and W[t] + K[t] (24 bytes), r12 points at the
 * current slot, and b = a_{t-1}, d = a_{t-3}, f = e_{t-1}, g = e_{t-2}, h = e_{t-3}
 * are loads at fixed offsets from it.  The same register names serve every round, so
 * the rounds are a loop of two (Maj's two pairs swap roles each round).  Registers
 * in the rounds:
 *   r0, r1  a        r2, r3  e        r8, r9  T1
 *   r4-r7   b ^ c of the previous round and a temporary pair, swapping each round
 *   r10, r11  loaded values         r12  the slot pointer        lr  the last slot
 * Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, this round's a ^ b being the next one's
 * b ^ c; Ch(e, f, g) = ((f ^ g) & e) ^ g.  The schedule runs first, one word at a
 * time, into a W array and the slots' W + K fields.
 *
 * NEON variant.  a..h live in d16-d23 (renamed by the macros, not moved), the
 * message window W[t..t+15] in q0-q7, two words per register; d24-d31 are
 * temporaries and W + K.  A 64-bit rotation is vshr + vsli; Ch and Maj are one
 * vbsl each (Ch selects f or g by e; Maj selects c or b by a ^ b).  Every two rounds
 * one schedule step turns the register holding W[t..t+1] into W[t+16..t+17] (sigma0
 * and sigma1 on both lanes: W[t+17]'s sigma1 input is W[t+15], already known).
 * d8-d15 (q4-q7) are callee-saved, so they are pushed once per call.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .text

/* The round constants (FIPS 180-4 4.2) are kernels/generic/sha2_k.c's, shared with the C
 * code; hidden, so the PC-relative literals that reach them need no dynamic
 * relocation in a shared build. */
    .hidden cb_sha512_k

/* ---- integer ------------------------------------------------------------------------- */

#define SLOT      24                 /* a_t, e_t, W[t] + K[t] */
#define F_M       0                  /* slots t = -3..80 */
#define F_W       (84 * SLOT)        /* W[0..79] */
#define F_CTX     (F_W + 80 * 8)
#define F_IN      (F_CTX + 4)
#define F_END     (F_CTX + 8)
#define F_SIZE    (F_CTX + 12)       /* with the 36 bytes pushed, sp stays 8-aligned */
#define M(t)      (F_M + ((t) + 3) * SLOT)

/* ROTX dL, dH, xL, xH, n, first: d ^= x rotated right by n, 0 < n < 32 (for n >= 32
 * pass x's halves swapped and n - 32); first: d = instead of d ^=. */
.macro ROTX dL, dH, xL, xH, n, first=0
.if \first
    mov     \dL, \xL, lsr #(\n)
    mov     \dH, \xH, lsr #(\n)
.else
    eor     \dL, \dL, \xL, lsr #(\n)
    eor     \dH, \dH, \xH, lsr #(\n)
.endif
    eor     \dL, \dL, \xH, lsl #32 - (\n)
    eor     \dH, \dH, \xL, lsl #32 - (\n)
.endm

/* SHRX dL, dH, xL, xH, n: d ^= x >> n (64-bit), 0 < n < 32. */
.macro SHRX dL, dH, xL, xH, n
    eor     \dL, \dL, \xL, lsr #(\n)
    eor     \dL, \dL, \xH, lsl #32 - (\n)
    eor     \dH, \dH, \xH, lsr #(\n)
.endm

/* The functions of FIPS 180-4 4.1.3, d = f(x). */
.macro BSIG0 dL, dH, xL, xH
    ROTX    \dL, \dH, \xL, \xH, 28, 1
    ROTX    \dL, \dH, \xH, \xL, 34 - 32
    ROTX    \dL, \dH, \xH, \xL, 39 - 32
.endm
.macro BSIG1 dL, dH, xL, xH
    ROTX    \dL, \dH, \xL, \xH, 14, 1
    ROTX    \dL, \dH, \xL, \xH, 18
    ROTX    \dL, \dH, \xH, \xL, 41 - 32
.endm
.macro SSIG0 dL, dH, xL, xH
    ROTX    \dL, \dH, \xL, \xH, 1, 1
    ROTX    \dL, \dH, \xL, \xH, 8
    SHRX    \dL, \dH, \xL, \xH, 7
.endm
.macro SSIG1 dL, dH, xL, xH
    ROTX    \dL, \dH, \xL, \xH, 19, 1
    ROTX    \dL, \dH, \xH, \xL, 61 - 32
    SHRX    \dL, \dH, \xL, \xH, 6
.endm

/* ADD64 dL, dH, xL, xH: d += x. */
.macro ADD64 dL, dH, xL, xH
    adds    \dL, \dL, \xL
    adc     \dH, \dH, \xH
.endm

/* ROUND xL, xH, tL, tH: round t at slot r12 with a, e in r0-r3 and b ^ c in x; t is
 * free.  Writes a_{t+1}, e_{t+1} to slot t + 1 and moves r12 there; leaves a ^ b
 * (the next b ^ c) in t. */
.macro ROUND xL, xH, tL, tH
    LDRD2   \tL, \tH, r12, 16               @ W[t] + K[t]
    LDRD2   r8, r9, r12, -3 * SLOT + 8      @ h = e_{t-3}
    ADD64   r8, r9, \tL, \tH
    BSIG1   \tL, \tH, r2, r3
    ADD64   r8, r9, \tL, \tH
    LDRD2   \tL, \tH, r12, -SLOT + 8        @ f = e_{t-1}
    LDRD2   r10, r11, r12, -2 * SLOT + 8    @ g = e_{t-2}
    eor     \tL, \tL, r10
    eor     \tH, \tH, r11
    and     \tL, \tL, r2
    and     \tH, \tH, r3
    eor     \tL, \tL, r10
    eor     \tH, \tH, r11
    ADD64   r8, r9, \tL, \tH                @ T1 = h + Sigma1(e) + Ch(e, f, g) + K + W
    LDRD2   \tL, \tH, r12, -3 * SLOT        @ d = a_{t-3}
    adds    r2, \tL, r8
    adc     r3, \tH, r9                     @ e_{t+1} = d + T1
    BSIG0   \tL, \tH, r0, r1
    ADD64   r8, r9, \tL, \tH
    LDRD2   r10, r11, r12, -SLOT            @ b = a_{t-1}
    eor     \tL, r0, r10
    eor     \tH, r1, r11                    @ a ^ b
    and     \xL, \xL, \tL
    and     \xH, \xH, \tH
    eor     \xL, \xL, r10
    eor     \xH, \xH, r11                   @ Maj(a, b, c)
    adds    r0, r8, \xL
    adc     r1, r9, \xH                     @ a_{t+1} = T1 + Sigma0(a) + Maj
    add     r12, r12, #SLOT
    stmia   r12, {r0-r3}
.endm

/* sha512_armv4_blocks(state, in, nblocks): cb_digest_ops.blocks (kernel.h). */
CB_FUNC(sha512_armv4_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END, 7
1:  ADR_FAR lr, .Lk512_lit, .Lk512_pc
    add     r11, sp, #F_W                   @ W[0..15] big-endian, and W + K
    add     r12, sp, #M(0) + 16
    mov     r10, #16
2:  LDR_BE32 r3, r1, 0, r4
    LDR_BE32 r2, r1, 4, r4
    add     r1, r1, #8
    STRD2P  r2, r3, r11, 8
    LDRD2P  r4, r5, lr, 8
    ADD64   r4, r5, r2, r3
    STRD2P  r4, r5, r12, SLOT
    subs    r10, r10, #1
    bne     2b
    str     r1, [sp, #F_IN]
    sub     r11, r11, #16 * 8               @ &W[t - 16] for t = 16
    mov     r10, #64
3:  LDRD2   r2, r3, r11, 1 * 8              @ W[16..79] (FIPS 180-4 6.4.2 step 1)
    SSIG0   r4, r5, r2, r3
    LDRD2   r2, r3, r11, 14 * 8
    SSIG1   r6, r7, r2, r3
    LDRD2   r2, r3, r11, 0
    LDRD2   r8, r9, r11, 9 * 8
    ADD64   r2, r3, r8, r9
    ADD64   r2, r3, r4, r5
    ADD64   r2, r3, r6, r7
    STRD2   r2, r3, r11, 16 * 8
    add     r11, r11, #8
    LDRD2P  r4, r5, lr, 8
    ADD64   r4, r5, r2, r3
    STRD2P  r4, r5, r12, SLOT
    subs    r10, r10, #1
    bne     3b
    ldr     lr, [sp, #F_CTX]                @ the state: a, e and b ^ c in registers,
    ldmia   lr, {r0-r11}                    @ a..h into slots 0..-3
    add     r12, sp, #M(-1)
    stmia   r12, {r2, r3}                   @ a_{-1} = H1
    add     r12, sp, #M(-2)
    stmia   r12, {r4, r5}                   @ a_{-2} = H2
    add     r12, sp, #M(-3)
    stmia   r12, {r6, r7}                   @ a_{-3} = H3
    add     r12, sp, #M(-1) + 8
    stmia   r12, {r10, r11}                 @ e_{-1} = H5
    eor     r4, r2, r4
    eor     r5, r3, r5                      @ b ^ c
    mov     r2, r8
    mov     r3, r9                          @ e = H4
    add     r12, lr, #6 * 8
    ldmia   r12, {r6-r9}                    @ H6, H7 (r6-r9 are free until round 0)
    add     r12, sp, #M(-2) + 8
    stmia   r12, {r6, r7}                   @ e_{-2} = H6
    add     r12, sp, #M(-3) + 8
    stmia   r12, {r8, r9}                   @ e_{-3} = H7
    add     r12, sp, #M(0)
    stmia   r12, {r0-r3}                    @ a_0, e_0: round 1 reads them as b, f
    add     lr, r12, #80 * SLOT
4:  ROUND   r4, r5, r6, r7
    ROUND   r6, r7, r4, r5
    cmp     r12, lr
    bne     4b
    ldr     lr, [sp, #F_CTX]                @ H += a..h: a, e in r0-r3, the rest in slots
    ldmia   lr, {r4-r11}
    ADD64   r4, r5, r0, r1
    LDRD2   r0, r1, r12, -SLOT
    ADD64   r6, r7, r0, r1
    LDRD2   r0, r1, r12, -2 * SLOT
    ADD64   r8, r9, r0, r1
    LDRD2   r0, r1, r12, -3 * SLOT
    ADD64   r10, r11, r0, r1
    stmia   lr!, {r4-r11}
    ldmia   lr, {r4-r11}
    ADD64   r4, r5, r2, r3
    LDRD2   r0, r1, r12, -SLOT + 8
    ADD64   r6, r7, r0, r1
    LDRD2   r0, r1, r12, -2 * SLOT + 8
    ADD64   r8, r9, r0, r1
    LDRD2   r0, r1, r12, -3 * SLOT + 8
    ADD64   r10, r11, r0, r1
    stmia   lr, {r4-r11}
    DIGEST_LOOP 1b, F_IN, F_END, F_SIZE
.Lk512_lit:
    .word   cb_sha512_k - (.Lk512_pc + 8)
CB_ENDFUNC(sha512_armv4_blocks)

/* ---- NEON ---------------------------------------------------------------------------- */

    .arch   armv7-a
    .fpu    neon

/* NROUND a..h, wk: one round on d registers; d24-d27 are temporaries.  h becomes
 * T1 + T2 (the next a) and d becomes d + T1 (the next e). */
.macro NROUND a, b, c, d, e, f, g, h, wk
    vshr.u64 d24, \e, #14
    vshr.u64 d25, \e, #18
    vshr.u64 d26, \e, #41
    vsli.64 d24, \e, #64 - 14
    vsli.64 d25, \e, #64 - 18
    vsli.64 d26, \e, #64 - 41
    veor    d24, d24, d25
    vadd.i64 \h, \h, \wk
    veor    d24, d24, d26           @ Sigma1(e)
    vorr    d27, \e, \e
    vbsl    d27, \f, \g             @ Ch(e, f, g): f where e is 1, g where 0
    vadd.i64 \h, \h, d24
    vshr.u64 d24, \a, #28
    vshr.u64 d25, \a, #34
    vshr.u64 d26, \a, #39
    vadd.i64 \h, \h, d27           @ T1
    vsli.64 d24, \a, #64 - 28
    vsli.64 d25, \a, #64 - 34
    vsli.64 d26, \a, #64 - 39
    veor    d27, \a, \b
    vbsl    d27, \c, \b             @ Maj(a, b, c): c where a and b differ, else b
    veor    d24, d24, d25
    vadd.i64 \d, \d, \h           @ e' = d + T1
    veor    d24, d24, d26           @ Sigma0(a)
    vadd.i64 \h, \h, d27
    vadd.i64 \h, \h, d24           @ a' = T1 + Sigma0(a) + Maj(a, b, c)
.endm

/* NSSIG dst, x, tmp, r1, r2, sh: lane-wise ror(x, r1) ^ ror(x, r2) ^ (x >> sh) on
 * .64 lanes (sigma0: 1, 8, 7; sigma1: 19, 61, 6). */
.macro NSSIG dst, x, tmp, r1, r2, sh
    vshr.u64 \dst, \x, #\r1
    vsli.64 \dst, \x, #64 - \r1
    vshr.u64 \tmp, \x, #\r2
    vsli.64 \tmp, \x, #64 - \r2
    veor    \dst, \dst, \tmp
    vshr.u64 \tmp, \x, #\sh
    veor    \dst, \dst, \tmp
.endm

/* NSTEP sched, w0, w1, w4, w5, w7: W[t..t+1] (w0) + K (r3, advanced) into q14
 * (d28, d29), then, if sched, w0 = W[t+16..t+17] from w1 = W[t+2..t+3],
 * w4 = W[t+8..t+9], w5 = W[t+10..t+11], w7 = W[t+14..t+15]. */
.macro NSTEP sched, w0, w1, w4, w5, w7
    vld1.64 {d28, d29}, [r3]!
    vadd.i64 q14, q14, \w0
.if \sched
    vext.8  q12, \w0, \w1, #8       @ W[t+1..t+2]
    NSSIG   q13, q12, q15, 1, 8, 7
    vadd.i64 \w0, \w0, q13
    vext.8  q12, \w4, \w5, #8       @ W[t+9..t+10]
    vadd.i64 \w0, \w0, q12
    NSSIG   q13, \w7, q15, 19, 61, 6
    vadd.i64 \w0, \w0, q13
.endif
.endm

/* NROUNDS16 sched: sixteen rounds, a schedule step before every two; the state
 * names and window registers are back in place afterwards. */
.macro NROUNDS16 sched
    NSTEP   \sched, q0, q1, q4, q5, q7
    NROUND  d16, d17, d18, d19, d20, d21, d22, d23, d28
    NROUND  d23, d16, d17, d18, d19, d20, d21, d22, d29
    NSTEP   \sched, q1, q2, q5, q6, q0
    NROUND  d22, d23, d16, d17, d18, d19, d20, d21, d28
    NROUND  d21, d22, d23, d16, d17, d18, d19, d20, d29
    NSTEP   \sched, q2, q3, q6, q7, q1
    NROUND  d20, d21, d22, d23, d16, d17, d18, d19, d28
    NROUND  d19, d20, d21, d22, d23, d16, d17, d18, d29
    NSTEP   \sched, q3, q4, q7, q0, q2
    NROUND  d18, d19, d20, d21, d22, d23, d16, d17, d28
    NROUND  d17, d18, d19, d20, d21, d22, d23, d16, d29
    NSTEP   \sched, q4, q5, q0, q1, q3
    NROUND  d16, d17, d18, d19, d20, d21, d22, d23, d28
    NROUND  d23, d16, d17, d18, d19, d20, d21, d22, d29
    NSTEP   \sched, q5, q6, q1, q2, q4
    NROUND  d22, d23, d16, d17, d18, d19, d20, d21, d28
    NROUND  d21, d22, d23, d16, d17, d18, d19, d20, d29
    NSTEP   \sched, q6, q7, q2, q3, q5
    NROUND  d20, d21, d22, d23, d16, d17, d18, d19, d28
    NROUND  d19, d20, d21, d22, d23, d16, d17, d18, d29
    NSTEP   \sched, q7, q0, q3, q4, q6
    NROUND  d18, d19, d20, d21, d22, d23, d16, d17, d28
    NROUND  d17, d18, d19, d20, d21, d22, d23, d16, d29
.endm

/* Out of ldr's 4 KiB reach from the end of the unrolled rounds. */
.Lk512_lit_n:
    .word   cb_sha512_k - (.Lk512_pc_n + 8)

/* sha512_armv4_neon_blocks(state, in, nblocks): cb_digest_ops.blocks on NEON.  r0 state,
 * r1 input, r2 end of input, r3 K, r12 the loop count; no integer register beyond
 * the argument registers and r12, so only d8-d15 are saved. */
CB_FUNC(sha512_armv4_neon_blocks)
    cmp     r2, #0
    RETEQ
    vpush   {d8-d15}
    add     r2, r1, r2, lsl #7
    vld1.64 {d16-d19}, [r0]!
    vld1.64 {d20-d23}, [r0]
    sub     r0, r0, #32
1:  vld1.8  {d0-d3}, [r1]!
    vld1.8  {d4-d7}, [r1]!
    vld1.8  {d8-d11}, [r1]!
    vld1.8  {d12-d15}, [r1]!
    vrev64.8 q0, q0
    vrev64.8 q1, q1
    vrev64.8 q2, q2
    vrev64.8 q3, q3
    vrev64.8 q4, q4
    vrev64.8 q5, q5
    vrev64.8 q6, q6
    vrev64.8 q7, q7
    ADR_FAR r3, .Lk512_lit_n, .Lk512_pc_n
    mov     r12, #4
2:  NROUNDS16 1                         @ rounds 0..63 with the schedule
    subs    r12, r12, #1
    bne     2b
    NROUNDS16 0                         @ rounds 64..79
    vld1.64 {d24-d27}, [r0]!            @ H += a..h
    vadd.i64 q8, q8, q12
    vadd.i64 q9, q9, q13
    vld1.64 {d24-d27}, [r0]
    vadd.i64 q10, q10, q12
    vadd.i64 q11, q11, q13
    sub     r0, r0, #32
    vst1.64 {d16-d19}, [r0]!
    vst1.64 {d20-d23}, [r0]
    sub     r0, r0, #32
    cmp     r1, r2
    bne     1b
    vpop    {d8-d15}
    RET
CB_ENDFUNC(sha512_armv4_neon_blocks)

    .section .note.GNU-stack, "", %progbits
