/*
 * kernels/armv4/sha256_armv4.S - the SHA-256 compression function (FIPS 180-4 6.2.2)
 * for every ARM from ARMv4 (sha256_armv4_blocks), and with the message schedule
 * computed by NEON (sha256_armv4_neon_blocks).  Both share the rounds.
 *
 * Each block runs in two passes over a 256-byte array on the stack:
 *   1. the schedule: W[0..63] (FIPS 180-4 6.2.2 step 1), each slot turned into
 *      W[t] + K[t] once the schedule has read W[t] for the last time;
 *   2. the 64 rounds, fully unrolled, reading W[t] + K[t] three words at a time
 *      with "pop {r2, r12, lr}": sp itself is the read pointer, so the rounds need
 *      no address register, and what lies below sp has been consumed already (a
 *      signal handler may overwrite it).  The context pointer, input pointer and end
 *      of input sit above the array.
 * Splitting them frees the registers the schedule would need during the rounds, so
 * the rounds keep all eight working variables, the Maj bookkeeping and three W + K
 * words in registers, and the schedule has the registers to work four words at a
 * time with ldm/stm.
 *
 * Rounds, register allocation:
 *   r4-r11  a..h, renamed by the macro instead of moved (after 8 rounds the names
 *           are back where they started)
 *   r0      the only temporary
 *   r1, r3  b ^ c and the previous round's Maj, swapping roles each round
 *   r2, r12, lr  three WK words, refilled by one pop every three rounds
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
 * Schedule (integer): groups of four words W[t..t+3]; one ldm brings W[t-16..t-12]
 * and one W[t-7..t-4]; W[t-2] and W[t-1] are still in registers from the previous
 * group; the results accumulate in the W[t-7] registers and one stm stores them.
 * W[t-16..t-13] are then read for the last time, so K is added to them in the
 * registers they were loaded into and they go back to their slots as W + K with the
 * stm that also advances the pointer.  Two register assignments alternate so the
 * group's last two words are where the next group expects W[t-2] and W[t-1].
 *
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

#define F_CTX  256
#define F_IN   260
#define F_END  264
#define F_SIZE 268 /* with the 36 bytes pushed, keeps sp 8-byte aligned */

/* ---- rounds -------------------------------------------------------------------------- */

/* ROUND a..h, x, m, wk: one round with W[t] + K[t] in wk, b ^ c in x and the previous
 * round's Maj in m.  Leaves a ^ b in m and this round's Maj in x. */
.macro ROUND a, b, c, d, e, f, g, h, x, m, wk
    eor     r0, \e, \e, ror #5
    add     \h, \h, \wk
    eor     r0, r0, \e, ror #19
    add     \h, \h, r0, ror #6      @ + Sigma1(e)
    eor     r0, \f, \g
    and     r0, r0, \e
    add     \a, \a, \m              @ a is complete: the previous round's Maj
    eor     r0, r0, \g              @ Ch(e, f, g)
    add     \h, \h, r0              @ h = T1
    eor     r0, \a, \a, ror #11
    add     \d, \d, \h              @ d + T1
    eor     r0, r0, \a, ror #20
    eor     \m, \a, \b              @ a ^ b
    add     \h, \h, r0, ror #2      @ T1 + Sigma0(a); Maj follows next round
    and     \x, \x, \m
    eor     \x, \x, \b              @ Maj(a, b, c)
.endm

/* ROUNDS3 a..h, x, m: three rounds on the next three WK words; the names passed are
 * those of the first round, the caller continues with everything shifted three
 * places (x and m swapped, as three is odd). */
.macro ROUNDS3 a, b, c, d, e, f, g, h, x, m
    pop     {r2, r12, lr}
    ROUND   \a, \b, \c, \d, \e, \f, \g, \h, \x, \m, r2
    ROUND   \h, \a, \b, \c, \d, \e, \f, \g, \m, \x, r12
    ROUND   \g, \h, \a, \b, \c, \d, \e, \f, \x, \m, lr
.endm

/* ROUNDS64: the 64 rounds: 21 groups of three (each shifting the names by three)
 * and a last round; W + K comes off the stack, which moves sp up by 256. */
.macro ROUNDS64
    ROUNDS3 r4, r5, r6, r7, r8, r9, r10, r11, r1, r3
    ROUNDS3 r9, r10, r11, r4, r5, r6, r7, r8, r3, r1
    ROUNDS3 r6, r7, r8, r9, r10, r11, r4, r5, r1, r3
    ROUNDS3 r11, r4, r5, r6, r7, r8, r9, r10, r3, r1
    ROUNDS3 r8, r9, r10, r11, r4, r5, r6, r7, r1, r3
    ROUNDS3 r5, r6, r7, r8, r9, r10, r11, r4, r3, r1
    ROUNDS3 r10, r11, r4, r5, r6, r7, r8, r9, r1, r3
    ROUNDS3 r7, r8, r9, r10, r11, r4, r5, r6, r3, r1  @ rounds 21..23
    ROUNDS3 r4, r5, r6, r7, r8, r9, r10, r11, r1, r3
    ROUNDS3 r9, r10, r11, r4, r5, r6, r7, r8, r3, r1
    ROUNDS3 r6, r7, r8, r9, r10, r11, r4, r5, r1, r3
    ROUNDS3 r11, r4, r5, r6, r7, r8, r9, r10, r3, r1
    ROUNDS3 r8, r9, r10, r11, r4, r5, r6, r7, r1, r3
    ROUNDS3 r5, r6, r7, r8, r9, r10, r11, r4, r3, r1
    ROUNDS3 r10, r11, r4, r5, r6, r7, r8, r9, r1, r3
    ROUNDS3 r7, r8, r9, r10, r11, r4, r5, r6, r3, r1  @ rounds 45..47
    ROUNDS3 r4, r5, r6, r7, r8, r9, r10, r11, r1, r3
    ROUNDS3 r9, r10, r11, r4, r5, r6, r7, r8, r3, r1
    ROUNDS3 r6, r7, r8, r9, r10, r11, r4, r5, r1, r3
    ROUNDS3 r11, r4, r5, r6, r7, r8, r9, r10, r3, r1
    ROUNDS3 r8, r9, r10, r11, r4, r5, r6, r7, r1, r3  @ rounds 60..62
    ldr     r2, [sp], #4
    ROUND   r5, r6, r7, r8, r9, r10, r11, r4, r3, r1, r2
.endm

/* BLOCK_ROUNDS: the rounds of one block with WK at sp: a..h from the context, no Maj
 * pending, b ^ c in r1; afterwards the last Maj and a..h are added to the context.
 * sp ends 256 higher, at W. */
.macro BLOCK_ROUNDS
    ldr     r0, [sp, #F_CTX]
    ldmia   r0, {r4-r11}
    mov     r3, #0
    eor     r1, r5, r6
    ROUNDS64
    add     r4, r4, r3              @ round 63 left its Maj in r3
    ldr     r0, [sp, #F_CTX - 256]
    ldmia   r0, {r1, r2, r3, r12}
    add     r4, r4, r1
    add     r5, r5, r2
    add     r6, r6, r3
    add     r7, r7, r12
    ldr     r1, [r0, #16]
    ldr     r2, [r0, #20]
    ldr     r3, [r0, #24]
    ldr     r12, [r0, #28]
    add     r8, r8, r1
    add     r9, r9, r2
    add     r10, r10, r3
    add     r11, r11, r12
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
 * sigma1(W[t-2]), which makes it W[t]; r1 is the temporary. */
.macro WORD c, w16, w15, w2
    add     \c, \c, \w16
    SIG0    r1, \w15
    add     \c, \c, r1
    SIG1    r1, \w2
    add     \c, \c, r1
.endm

/* SCHED4 c0..c3, d0, d1: W[t..t+3] with r0 = &W[t-16] and lr = &K[t-16];
 * W[t-16..t-12] come into r2-r6, W[t-7..t-4] into c0..c3 (ascending registers, which
 * must include r7 and r8), W[t-2], W[t-1] are in d0, d1.  Stores W[t..t+3], turns
 * slots t-16..t-13 into W + K, advances r0 and lr by four words, and leaves W[t+2],
 * W[t+3] in c2, c3 for the next group. */
.macro SCHED4 c0, c1, c2, c3, d0, d1
    ldmia   r0, {r2-r6}
    add     r1, r0, #(16 - 7) * 4
    ldmia   r1, {\c0, \c1, \c2, \c3}
    WORD    \c0, r2, r3, \d0
    WORD    \c1, r3, r4, \d1
    WORD    \c2, r4, r5, \c0
    WORD    \c3, r5, r6, \c1
    add     r1, r0, #16 * 4
    stmia   r1, {\c0, \c1, \c2, \c3}
    ldmia   lr!, {r1, r6, r7, r8}   @ c0 and c1 (r7, r8) are stored: free
    add     r2, r2, r1
    add     r3, r3, r6
    add     r4, r4, r7
    add     r5, r5, r8
    stmia   r0!, {r2-r5}
.endm

/* ADDK4: slots r0..r0+3, which no schedule step reads any more, += K (lr); both
 * pointers advance. */
.macro ADDK4
    ldmia   r0, {r2-r5}
    ldmia   lr!, {r6-r9}
    add     r2, r2, r6
    add     r3, r3, r7
    add     r4, r4, r8
    add     r5, r5, r9
    stmia   r0!, {r2-r5}
.endm

/* The unrolled rounds put the end of the function out of ldr's 4 KiB reach. */
.Lk256_lit:
    .word   .Lk256 - (.Lk256_pc + 8)

/* sha256_armv4_blocks(state, in, nblocks): cb_digest_ops.blocks (kernel.h). */
CB_FUNC(sha256_armv4_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
1:  mov     r0, sp
    @ W[14], W[15] stay in r11, r12 for W[16]
    LOAD_BE16 r4, r5, r6, r7, r8, r9, r10, r11, r5, r6, r7, r8, r9, r10, r11, r12
    str     r1, [sp, #F_IN]
    mov     r0, sp
    ADR_FAR lr, .Lk256_lit, .Lk256_pc
    SCHED4  r7, r8, r9, r10, r11, r12       @ W[16..19], WK[0..3]
    SCHED4  r7, r8, r11, r12, r9, r10       @ W[20..23], WK[4..7]
    SCHED4  r7, r8, r9, r10, r11, r12
    SCHED4  r7, r8, r11, r12, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12
    SCHED4  r7, r8, r11, r12, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12
    SCHED4  r7, r8, r11, r12, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12
    SCHED4  r7, r8, r11, r12, r9, r10
    SCHED4  r7, r8, r9, r10, r11, r12
    SCHED4  r7, r8, r11, r12, r9, r10       @ W[60..63], WK[44..47]
    ADDK4                                   @ WK[48..63]
    ADDK4
    ADDK4
    ADDK4
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
    .word   .Lk256 - (.Lk256_pc_n + 8)

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

    .section .rodata
    .balign 64
/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of
 * the first 64 primes. */
.Lk256:
    .word   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1
    .word   0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
    .word   0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786
    .word   0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
    .word   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147
    .word   0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
    .word   0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b
    .word   0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
    .word   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a
    .word   0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
    .word   0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2

    .section .note.GNU-stack, "", %progbits
