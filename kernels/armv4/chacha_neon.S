/*
 * kernels/armv4/chacha_neon.S - ChaCha20's keystream XORed into the data (RFC 8439
 * 2.3-2.4) on ARMv7 NEON, three 64-byte blocks at a time.
 *
 *   void chacha_armv4_neon_blocks(const uint32_t key[8], const uint32_t ctr[4],
 *                                 const uint8_t *in, uint8_t *out, size_t nblocks);
 *
 * Layout: one block is four q registers, one row of the 4x4 state each (a = the
 * constants, b and c = the key, d = counter and nonce), so a column round is the
 * quarter round applied lane-wise to the four rows.  For the diagonal round b, c
 * and d are rotated by one, two and three lanes with vext (lane j then holds
 * b[j+1], c[j+2], d[j+3]) and rotated back afterwards: six vext per double round.
 * The transposed layout (one register per state word, four blocks) needs no vext
 * but all sixteen q registers for the state, so every rotation would spill; with
 * rows, three blocks leave four registers for temporaries.
 *
 * Rotations: 16 is vrev32.16 (one instruction, no temporary); 12, 8 and 7 are
 * t = x ^ y, then vshl and vsri from t, so the XOR feeds both halves and the
 * rotation costs two instructions beyond it.  A quarter round over a row is 15
 * instructions, a double round 36 per block.
 *
 * Interleave: the three blocks' instructions alternate (block 0, 1, 2, then the next
 * step), so each result has two unrelated instructions before its use, which covers
 * the 3-4 cycle latency of NEON integer adds and shifts on Cortex-A8/A15.  One or
 * two blocks left over take the same code with fewer blocks (the group macro's k).
 *
 * Registers:
 *   q0-q3   block 0: rows a, b, c, d      q12-q14  temporaries of blocks 0, 1, 2
 *   q4-q7   block 1                       q12-q15  also the initial rows and the
 *   q8-q11  block 2                                input, outside the rounds
 *   r0 key, r2 in, r3 out, r4 blocks left, r5 the constants, r6 double rounds left;
 *   [sp] the counter row of the next group (ctr[0] advanced, the nonce beside it).
 * d8-d15 (q4-q7) are callee-saved under the AAPCS: pushed on entry.
 *
 * The caller keeps ctr[0] + nblocks - 1 below 2^32 (kernels/kernel.h), so adding
 * to lane 0 alone is the counter increment.  Input and output may be misaligned
 * (vld1.8/vst1.8) and may be the same buffer: each block is read before written.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arch   armv7-a
    .fpu    neon
    .arm
    .text

/* V2/V3/V4 k, op, operands of block 0, of block 1, of block 2: op for the first k
 * blocks, so one macro body serves groups of one, two and three blocks. */
.macro V2 k, op, x0, y0, x1, y1, x2, y2
    \op     \x0, \y0
.if \k > 1
    \op     \x1, \y1
.endif
.if \k > 2
    \op     \x2, \y2
.endif
.endm

.macro V3 k, op, x0, y0, z0, x1, y1, z1, x2, y2, z2
    \op     \x0, \y0, \z0
.if \k > 1
    \op     \x1, \y1, \z1
.endif
.if \k > 2
    \op     \x2, \y2, \z2
.endif
.endm

.macro V4 k, op, x0, y0, z0, w0, x1, y1, z1, w1, x2, y2, z2, w2
    \op     \x0, \y0, \z0, \w0
.if \k > 1
    \op     \x1, \y1, \z1, \w1
.endif
.if \k > 2
    \op     \x2, \y2, \z2, \w2
.endif
.endm

/* ROTX k, n, x0, t0, ...: x = t <<< n for each block, t the temporary that holds
 * the XOR just computed (vshl fills the high bits, vsri inserts the low ones). */
.macro ROTX k, n, x0, t0, x1, t1, x2, t2
    V3      \k, vshl.i32, \x0, \t0, #\n, \x1, \t1, #\n, \x2, \t2, #\n
    V3      \k, vsri.32, \x0, \t0, #32-\n, \x1, \t1, #32-\n, \x2, \t2, #32-\n
.endm

/* QROUND k: the quarter round of RFC 8439 2.1 on every lane of the rows of k blocks. */
.macro QROUND k
    V3      \k, vadd.i32, q0, q0, q1, q4, q4, q5, q8, q8, q9        @ a += b
    V3      \k, veor, q3, q3, q0, q7, q7, q4, q11, q11, q8          @ d ^= a
    V2      \k, vrev32.16, q3, q3, q7, q7, q11, q11                 @ d <<<= 16
    V3      \k, vadd.i32, q2, q2, q3, q6, q6, q7, q10, q10, q11     @ c += d
    V3      \k, veor, q12, q1, q2, q13, q5, q6, q14, q9, q10        @ b ^= c,
    ROTX    \k, 12, q1, q12, q5, q13, q9, q14                       @ <<<= 12
    V3      \k, vadd.i32, q0, q0, q1, q4, q4, q5, q8, q8, q9        @ a += b
    V3      \k, veor, q12, q3, q0, q13, q7, q4, q14, q11, q8        @ d ^= a,
    ROTX    \k, 8, q3, q12, q7, q13, q11, q14                       @ <<<= 8
    V3      \k, vadd.i32, q2, q2, q3, q6, q6, q7, q10, q10, q11     @ c += d
    V3      \k, veor, q12, q1, q2, q13, q5, q6, q14, q9, q10        @ b ^= c,
    ROTX    \k, 7, q1, q12, q5, q13, q9, q14                        @ <<<= 7
.endm

/* LANES k, nb, nc, nd: rotate rows b, c, d of k blocks left by nb, nc, nd bytes. */
.macro LANES k, nb, nc, nd
    V4      \k, vext.8, q1, q1, q1, #\nb, q5, q5, q5, #\nb, q9, q9, q9, #\nb
    V4      \k, vext.8, q2, q2, q2, #\nc, q6, q6, q6, #\nc, q10, q10, q10, #\nc
    V4      \k, vext.8, q3, q3, q3, #\nd, q7, q7, q7, #\nd, q11, q11, q11, #\nd
.endm

/* NEXTBLOCK a, b, c, d, prev: a block's starting rows, block 0's a, b, c (q12, q1,
 * q2) and the previous block's counter row plus one (q13 holds (1, 0, 0, 0)). */
.macro NEXTBLOCK a, b, c, d, prev
    vmov    \a, q12
    vmov    \b, q1
    vmov    \c, q2
    vadd.i32 \d, \prev, q13
.endm

/* GROUP k: the keystream of k blocks (counters [sp] lane 0 + 0..k-1) XORed from r2
 * to r3, both advanced; the counter row at [sp] moves on by k. */
.macro GROUP k
    vld1.32 {q12, q13}, [r5]                @ the constants, and (1, 0, 0, 0)
    vld1.32 {q1, q2}, [r0]                  @ the key rows
    vld1.32 {q3}, [sp]                      @ counter and nonce
    vmov    q0, q12
.if \k > 1
    NEXTBLOCK q4, q5, q6, q7, q3
.endif
.if \k > 2
    NEXTBLOCK q8, q9, q10, q11, q7
.endif
    mov     r6, #10
90:
    QROUND  \k
    LANES   \k, 4, 8, 12                    @ diagonals into columns
    QROUND  \k
    LANES   \k, 12, 8, 4                    @ and back
    subs    r6, r6, #1
    bne     90b

    @ feed-forward (2.3): the rows are reloaded, as the rounds used every register
    vld1.32 {q12, q13}, [r5]
    vld1.32 {q14, q15}, [r0]
    V3      \k, vadd.i32, q0, q0, q12, q4, q4, q12, q8, q8, q12
    V3      \k, vadd.i32, q1, q1, q14, q5, q5, q14, q9, q9, q14
    V3      \k, vadd.i32, q2, q2, q15, q6, q6, q15, q10, q10, q15
    vld1.32 {q12}, [sp]
    vadd.i32 q3, q3, q12
.if \k > 1
    vadd.i32 q12, q12, q13
    vadd.i32 q7, q7, q12
.endif
.if \k > 2
    vadd.i32 q12, q12, q13
    vadd.i32 q11, q11, q12
.endif
    vadd.i32 q12, q12, q13
    vst1.32 {q12}, [sp]                     @ the next group's counter row

    XORBLOCK q0, q1, q2, q3, d0, d1, d2, d3, d4, d5, d6, d7
.if \k > 1
    XORBLOCK q4, q5, q6, q7, d8, d9, d10, d11, d12, d13, d14, d15
.endif
.if \k > 2
    XORBLOCK q8, q9, q10, q11, d16, d17, d18, d19, d20, d21, d22, d23
.endif
.endm

/* XORBLOCK: 64 bytes from r2 XORed with one block's rows, stored at r3. */
.macro XORBLOCK a, b, c, d, a0, a1, b0, b1, c0, c1, d0, d1
    vld1.8  {d24-d27}, [r2]!
    vld1.8  {d28-d31}, [r2]!
    veor    \a, \a, q12
    veor    \b, \b, q13
    veor    \c, \c, q14
    veor    \d, \d, q15
    vst1.8  {\a0, \a1, \b0, \b1}, [r3]!
    vst1.8  {\c0, \c1, \d0, \d1}, [r3]!
.endm

    .balign 16
.Lchacha_consts:
    .word   0x61707865, 0x3320646e, 0x79622d32, 0x6b206574  @ "expand 32-byte k"
    .word   1, 0, 0, 0                                      @ the counter step

CB_FUNC(chacha_armv4_neon_blocks)
    ldr     r12, [sp]                       @ nblocks, the fifth argument
    cmp     r12, #0
    RETEQ
    push    {r4-r7}
    vpush   {d8-d15}
    sub     sp, sp, #16
    mov     r4, r12
    adr     r5, .Lchacha_consts
    vld1.32 {q0}, [r1]
    vst1.32 {q0}, [sp]
    cmp     r4, #3
    blo     .Lchacha_tail
.Lchacha_three:
    GROUP   3
    sub     r4, r4, #3
    cmp     r4, #3
    bhs     .Lchacha_three
.Lchacha_tail:
    cmp     r4, #1
    blo     .Lchacha_done
    beq     .Lchacha_one
    GROUP   2
    b       .Lchacha_done
.Lchacha_one:
    GROUP   1
.Lchacha_done:
    add     sp, sp, #16
    vpop    {d8-d15}
    pop     {r4-r7}
    RET
CB_ENDFUNC(chacha_armv4_neon_blocks)

    .section .note.GNU-stack, "", %progbits
