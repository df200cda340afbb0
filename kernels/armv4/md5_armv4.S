/*
 * kernels/armv4/md5_armv4.S - the MD5 compression function (RFC 1321 3.4) for every
 * ARM from ARMv4 (md5_armv4_blocks).
 *
 * A step is a = b + ROTL(a + F(b, c, d) + X[k] + T[i], s): F is three instructions
 * (round 1 and 2) or two (round 3), the three additions one each, and the rotate
 * rides on the add of b (ror #32 - s).  Round 4's I(b, c, d) = c ^ (b | ~d) is
 * ~(c ^ (d & ~b)): bic, eor and a subtraction, a + ~u being a - u - 1, with the -1
 * folded into round 4's constants.
 *
 * Loads: round 1 takes X in order, so it reads four message words and four constants
 * with one ldm each; rounds 2-4 take X out of order (RFC 1321's k = 1 + 5i, 5 + 3i,
 * 7i mod 16), one ldr each, and the constants eight at a time.  A constant's register
 * is free once the constant is added, so it then holds the message word and F's
 * temporary: no other register is needed.  A block that is not word-aligned is first
 * copied to the stack (ldm needs alignment).
 *
 * Registers: r2-r5 a, b, c, d (renamed by the macros: after a step the names move
 * one place); r6 the constants; round 1: r1 the message (ldm, advancing), r7-r10 its
 * words, r0, r11, r12, lr the constants; rounds 2-4: r0 the block, r1 and r7-r12, lr
 * the constants.  The state stays in r2-r5 from block to block.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .text

#define F_CTX   64                      /* the frame: a 64-byte copy of a misaligned block */
#define F_IN    68
#define F_END   72
#define F_SIZE  76                      /* with the 36 bytes pushed, sp stays 8-aligned */

/* STEP1 a, b, c, d, x, t, s: round 1, F(b, c, d) = ((c ^ d) & b) ^ d, with message
 * word x and constant t in registers (t is the temporary once added). */
.macro STEP1 a, b, c, d, x, t, s
    add     \a, \a, \t
    eor     \t, \c, \d
    add     \a, \a, \x
    and     \t, \t, \b
    eor     \t, \t, \d
    add     \a, \a, \t
    add     \a, \b, \a, ror #32 - \s
.endm

/* STEPN f, a, b, c, d, i, t, s: step i (0..15) of round 2, 3 or 4 (f = G, H, I): the
 * message word (RFC 1321 3.4: k = 1 + 5i, 5 + 3i, 7i mod 16) comes into t once t's
 * constant is added, then the round's function:
 *   G(b, c, d) = ((b ^ c) & d) ^ c;  H = b ^ c ^ d;  I as above. */
.macro STEPN f, a, b, c, d, i, t, s
    add     \a, \a, \t
.ifc \f, G
    ldr     \t, [r0, #4 * ((1 + 5 * (\i)) % 16)]
    add     \a, \a, \t
    eor     \t, \b, \c
    and     \t, \t, \d
    eor     \t, \t, \c
    add     \a, \a, \t
.endif
.ifc \f, H
    ldr     \t, [r0, #4 * ((5 + 3 * (\i)) % 16)]
    add     \a, \a, \t
    eor     \t, \c, \d
    eor     \t, \t, \b
    add     \a, \a, \t
.endif
.ifc \f, I
    ldr     \t, [r0, #4 * ((7 * (\i)) % 16)]
    add     \a, \a, \t
    bic     \t, \d, \b
    eor     \t, \t, \c
    sub     \a, \a, \t
.endif
    add     \a, \b, \a, ror #32 - \s
.endm

/* ROUND1_4 s0..s3: four steps of round 1 on the next four words and constants. */
.macro ROUND1_4
    ldmia   r1!, {r7-r10}
    ldmia   r6!, {r0, r11, r12, lr}
    STEP1   r2, r3, r4, r5, r7, r0, 7
    STEP1   r5, r2, r3, r4, r8, r11, 12
    STEP1   r4, r5, r2, r3, r9, r12, 17
    STEP1   r3, r4, r5, r2, r10, lr, 22
.endm

/* ROUNDN_8 f, i0, s0..s3: steps i0..i0+7 of round f (shifts s0..s3 in turn). */
.macro ROUNDN_8 f, i0, s0, s1, s2, s3
    ldmia   r6!, {r1, r7-r12, lr}
    STEPN   \f, r2, r3, r4, r5, \i0 + 0, r1, \s0
    STEPN   \f, r5, r2, r3, r4, \i0 + 1, r7, \s1
    STEPN   \f, r4, r5, r2, r3, \i0 + 2, r8, \s2
    STEPN   \f, r3, r4, r5, r2, \i0 + 3, r9, \s3
    STEPN   \f, r2, r3, r4, r5, \i0 + 4, r10, \s0
    STEPN   \f, r5, r2, r3, r4, \i0 + 5, r11, \s1
    STEPN   \f, r4, r5, r2, r3, \i0 + 6, r12, \s2
    STEPN   \f, r3, r4, r5, r2, \i0 + 7, lr, \s3
.endm

/* COPY4 off: four words from r1 + off (any alignment) to sp + off; r11 scratch. */
.macro COPY4 off
    LDR_LE32 r7, r1, \off, r11
    LDR_LE32 r8, r1, \off + 4, r11
    LDR_LE32 r9, r1, \off + 8, r11
    LDR_LE32 r10, r1, \off + 12, r11
    add     r0, sp, #\off
    stmia   r0, {r7-r10}
.endm

/* md5_armv4_blocks(state, in, nblocks): cb_digest_ops.blocks (kernel.h). */
CB_FUNC(md5_armv4_blocks)
    DIGEST_ENTER F_SIZE, F_CTX, F_END
    ldmia   r0, {r2-r5}
    ADR_FAR r6, .Lt_lit, .Lt_pc
1:  str     r1, [sp, #F_IN]
    tst     r1, #3
    bne     5f
2:  ROUND1_4
    ROUND1_4
    ROUND1_4
    ROUND1_4
    sub     r0, r1, #64
    ROUNDN_8 G, 0, 5, 9, 14, 20
    ROUNDN_8 G, 8, 5, 9, 14, 20
    ROUNDN_8 H, 0, 4, 11, 16, 23
    ROUNDN_8 H, 8, 4, 11, 16, 23
    ROUNDN_8 I, 0, 6, 10, 15, 21
    ROUNDN_8 I, 8, 6, 10, 15, 21
    ldr     r0, [sp, #F_CTX]                @ the state += a, b, c, d
    ldmia   r0, {r1, r7, r8, r9}
    add     r2, r2, r1
    add     r3, r3, r7
    add     r4, r4, r8
    add     r5, r5, r9
    stmia   r0, {r2-r5}
    sub     r6, r6, #64 * 4                 @ the constants again
    ldr     r1, [sp, #F_IN]
    ldr     r0, [sp, #F_END]
    add     r1, r1, #64
    cmp     r1, r0
    bne     1b
    add     sp, sp, #F_SIZE
    pop     {r4-r11, lr}
    RET
5:  COPY4   0                               @ a misaligned block: copied first
    COPY4   16
    COPY4   32
    COPY4   48
    mov     r1, sp
    b       2b
.Lt_lit:
    .word   .Lt - (.Lt_pc + 8)
CB_ENDFUNC(md5_armv4_blocks)

    .section .rodata
    .balign 64
/* RFC 1321 3.4: T[i] = floor(2^32 abs(sin(i))), i = 1..64; round 4's less 1 (see
 * the header: I's complement). */
.Lt:
    .word   0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a
    .word   0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be
    .word   0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821
    .word   0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453
    .word   0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed
    .word   0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a
    .word   0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9
    .word   0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05
    .word   0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665
    .word   0xf4292244 - 1, 0x432aff97 - 1, 0xab9423a7 - 1, 0xfc93a039 - 1
    .word   0x655b59c3 - 1, 0x8f0ccc92 - 1, 0xffeff47d - 1, 0x85845dd1 - 1
    .word   0x6fa87e4f - 1, 0xfe2ce6e0 - 1, 0xa3014314 - 1, 0x4e0811a1 - 1
    .word   0xf7537e82 - 1, 0xbd3af235 - 1, 0x2ad7d2bb - 1, 0xeb86d391 - 1

    .section .note.GNU-stack, "", %progbits
