/*
 * kernels/power/md5_int.S - MD5 compression (RFC 1321 section 3.4) in 64-bit POWER
 * integer code, for the ppc-hint and ppc variants (family.mk assembles it with
 * HINTS=1 and HINTS=0).
 *
 *     void md5_<variant>_blocks(uint32_t state[4], const uint8_t *in, size_t n)
 *
 * The sixteen message words are loaded once a block into registers, the 64 steps
 * are unrolled with the working variables renamed, and each T[i] is added as two
 * immediates (addis, addi), so no table and no TOC access is needed.  The first
 * step to write each variable writes a fresh register, so the chaining value
 * stays where it was for the sums at the end of the block without copies.  The
 * auxiliary functions in forms that take fewer instructions on a three-operand ISA:
 *   F = d ^ (b & (c ^ d))       G = (b & d) + (c & ~d)   (disjoint terms)
 *   H = b ^ c ^ d               I = c ^ (b | ~d)          (orc does b | ~d)
 * Message words are little-endian: lwz on little-endian, ldbrx pairs on big-endian
 * (load_msg in asm.h).  The upper halves of the registers hold garbage after add;
 * rotlwi and stw read only the low word.
 *
 * Registers: r14-r29 X[0..15]; r6-r9 the chaining value; r10, r30, r12, r11 the
 * working a..d; r0, r5 temporaries; r3 state; r4 in; CTR n.
 */
#include "kernels/power/asm.h"

    .machine power7

#define INP r4
#define T r0
#define U r5
#define X(k) (14 + (k))
/* The working variables; the chaining value stays in r6-r9 for step 4's sums. */
#define A r10
#define B r30
#define C r12
#define D r11

/* step f, dst, a, b, c, d, k, t, s: dst = b + ((a + f(b,c,d) + X[k] + t) <<< s), f
 * being 0..3 for F, G, H, I.  dst is a except in the first four steps. */
.macro step f, dst, a, b, c, d, k, t, s
    add \dst, \a, X(\k)
    addis \dst, \dst, (\t)@ha
.if \f == 0
    xor T, \c, \d
    and T, T, \b
    xor T, T, \d
.elseif \f == 1
    and T, \b, \d
    andc U, \c, \d
    add \dst, \dst, U
.elseif \f == 2
    xor T, \c, \d
    xor T, T, \b
.else
    orc T, \b, \d
    xor T, T, \c
.endif
    addi \dst, \dst, (\t)@l
    add \dst, \dst, T
    rotlwi \dst, \dst, \s
    add \dst, \dst, \b
.endm

/* md5_round r, s0, s1, s2, s3, t...: the 16 steps of round r + 1 with the shifts
 * s0..s3 and the sixteen constants T[16r + 1 .. 16r + 16].  The word of step i is
 * X[i], X[(1 + 5i) mod 16], X[(5 + 3i) mod 16] or X[7i mod 16] as the round's list
 * in section 3.4 gives it. */
.macro md5_round r, s0, s1, s2, s3, ts:vararg
    .set .Li, 0
.irp t, \ts
.if \r == 0
    .set .Lk, .Li
.elseif \r == 1
    .set .Lk, (1 + 5 * .Li) % 16
.elseif \r == 2
    .set .Lk, (5 + 3 * .Li) % 16
.else
    .set .Lk, (7 * .Li) % 16
.endif
.if \r == 0 && .Li == 0
    step 0, A, r6, r7, r8, r9, .Lk, \t, \s0
.elseif \r == 0 && .Li == 1
    step 0, D, r9, A, r7, r8, .Lk, \t, \s1
.elseif \r == 0 && .Li == 2
    step 0, C, r8, D, A, r7, .Lk, \t, \s2
.elseif \r == 0 && .Li == 3
    step 0, B, r7, C, D, A, .Lk, \t, \s3
.elseif .Li % 4 == 0
    step \r, A, A, B, C, D, .Lk, \t, \s0
.elseif .Li % 4 == 1
    step \r, D, D, A, B, C, .Lk, \t, \s1
.elseif .Li % 4 == 2
    step \r, C, C, D, A, B, .Lk, \t, \s2
.else
    step \r, B, B, C, D, A, .Lk, \t, \s3
.endif
    .set .Li, .Li + 1
.endr
.endm

FUNC_START(SYM(md5, blocks))
    cmpldi r5, 0
    bc_hint beqlr
    mtctr r5
    gprs std, 14
    lwz r6, 0(r3)
    lwz r7, 4(r3)
    lwz r8, 8(r3)
    lwz r9, 12(r3)
.Lblock:
    load_msg 4, 1, 14, INP, T
    /* T[i] = floor(2^32 * abs(sin(i))), RFC 1321 section 3.4. */
    md5_round 0, 7, 12, 17, 22, \
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, \
        0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, \
        0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821
    md5_round 1, 5, 9, 14, 20, \
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, \
        0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, \
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a
    md5_round 2, 4, 11, 16, 23, \
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, \
        0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, \
        0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665
    md5_round 3, 6, 10, 15, 21, \
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, \
        0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, \
        0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
    addi INP, INP, 64
    add r6, r6, A                # the chaining value += a..d
    add r7, r7, B
    add r8, r8, C
    add r9, r9, D
    bc_hint bdnz, .Lblock
.irp i, 0, 1, 2, 3
    stw (6 + \i), (4 * \i)(r3)
.endr
    gprs ld, 14
    blr
FUNC_END(SYM(md5, blocks))

    .section .note.GNU-stack, "", @progbits
