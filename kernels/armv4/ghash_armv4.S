/*
 * kernels/armv4/ghash_armv4.S - GHASH (SP 800-38D 6.4): Xi = (Xi ^ block) * H for
 * each block, with Shoup's 4-bit tables for every ARM from ARMv4
 * (ghash_armv4_blocks) and with a carry-less multiply built from NEON's 8-bit
 * polynomial multiply (ghash_armv4_neon_blocks).  The tables are built in C
 * (kernels/armv4/ghash_init.c).
 *
 * Field elements are 128-bit integers with block byte 0 most significant; the bit
 * of x^i is bit 127 - i (SP 800-38D 6.3), so multiplying by x is a right shift.
 *
 * Integer (4-bit, Shoup).  Z = X * H by Horner's rule over the 32 nibbles of X from
 * the least significant: Z = Z * x^4 + M[nibble], with M[n] = n * H from the table
 * (16 entries of four words, least significant word first).  Z * x^4 is a right
 * shift by four; the four bits shifted out come back as red[bits] in the top 16
 * bits.  Registers: Z and the entry being loaded alternate between r4-r7 and
 * r8-r11 (least significant word first); r0 the table, r1 red[], r2 the word of X
 * being consumed (the other three wait on the stack), r3 red's temporary.  A nibble
 * costs 13 instructions: its offset into the table straight from the word with one
 * and/add (the mask and the scaling by 16 fold into immediates and the shifter), one
 * ldm for the entry, and each word of Z shifted into the entry with two eors.
 *
 * NEON.  X * H as three 64x64-bit carry-less products (Karatsuba: Xl*Hl, Xh*Hh,
 * (Xl^Xh)*(Hl^Hh)), each built from vmull.p8, which multiplies eight byte pairs.
 * With A, B the 64-bit operands and Ak, Bk them rotated by k bytes:
 *   A*B    gives the products a_i b_i, already in place;
 *   Ak*B ^ A*Bk (k = 1, 2, 3) give a_{i+k} b_i ^ a_i b_{i+k}, which belong k bytes
 *          higher, except the k lanes that wrapped around, which belong 8 - k bytes
 *          lower, i.e. 64 bits lower than a 128-bit rotation by k bytes puts them;
 *   A*B4   gives both halves of the k = 4 terms at once.
 * So each sum has its wrapped lanes moved down 64 bits (lo ^= hi; hi &= mask;
 * lo ^= hi) and is rotated by k bytes with vext: 8 vmull.p8 per 64x64 product.
 * The 256-bit product of the bit-reflected operands represents X * H * x; using
 * H * x^-1 (the table's "twisted" H) instead gives X * H, which is reduced modulo
 * x^128 + x^7 + x^2 + x + 1 in two phases: the low 128 bits L = [Q1:Q0] stand for
 * x^128..x^255 and fold back as L ^ L>>1 ^ L>>2 ^ L>>7; the bits those shifts push
 * out of Q0 (f(Q0) = Q0<<63 ^ Q0<<62 ^ Q0<<57) are folded into Q1 first, and
 * f(Q1 ^ f(Q0)) = f(Q1) because f(f(.)) shifts by at least 114 bits.  The table holds
 * Hl, Hh, Hl^Hh and their rotations by 1..4 bytes; d8-d15 are saved because all 32
 * d registers are in use.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .text

/* ---- integer ------------------------------------------------------------------------- */

/* STEP z0..z3, m0..m3, x, s: Z (in z) = Z * x^4 + M[nibble s of x] into m. */
.macro STEP z0, z1, z2, z3, m0, m1, m2, m3, x, s
    NIBBLE_ENTRY \m0, \x, \s
    ldmia   \m0, {\m0, \m1, \m2, \m3}
    and     r3, \z0, #0xf
    ldr     r3, [r1, r3, lsl #2]            @ red[the four bits shifted out]
    eor     \m0, \m0, \z0, lsr #4
    eor     \m0, \m0, \z1, lsl #28
    eor     \m1, \m1, \z1, lsr #4
    eor     \m1, \m1, \z2, lsl #28
    eor     \m2, \m2, \z2, lsr #4
    eor     \m2, \m2, \z3, lsl #28
    eor     \m3, \m3, \z3, lsr #4
    eor     \m3, \m3, r3
.endm

/* NIBBLE_ENTRY rd, x, s: rd = &M[(x >> s) & 15] (entries of 16 bytes at r0). */
.macro NIBBLE_ENTRY rd, x, s
.if \s == 0
    and     \rd, \x, #0xf
    add     \rd, r0, \rd, lsl #4
.elseif \s == 4
    and     \rd, \x, #0xf0
    add     \rd, r0, \rd
.else
    and     \rd, \x, #0xf << \s
    add     \rd, r0, \rd, lsr #\s - 4
.endif
.endm

/* WORD8 x, first: the eight nibbles of x, Z starting in r8-r11 and ending there; for
 * the very first nibble of a block Z is 0, so Z = M[nibble]. */
.macro WORD8 x, first
.if \first
    NIBBLE_ENTRY r4, \x, 0
    ldmia   r4, {r4-r7}
.else
    STEP    r8, r9, r10, r11, r4, r5, r6, r7, \x, 0
.endif
    STEP    r4, r5, r6, r7, r8, r9, r10, r11, \x, 4
    STEP    r8, r9, r10, r11, r4, r5, r6, r7, \x, 8
    STEP    r4, r5, r6, r7, r8, r9, r10, r11, \x, 12
    STEP    r8, r9, r10, r11, r4, r5, r6, r7, \x, 16
    STEP    r4, r5, r6, r7, r8, r9, r10, r11, \x, 20
    STEP    r8, r9, r10, r11, r4, r5, r6, r7, \x, 24
    STEP    r4, r5, r6, r7, r8, r9, r10, r11, \x, 28
.endm

#define G_XI  12 /* the frame: X's words 1..3 at 0..11, then xi, in, nblocks */
#define G_IN  16
#define G_N   20
#define G_SIZE 28

/* ghash_armv4_blocks(table, xi, in, nblocks): cb_ghash_ops.blocks (kernel.h). */
CB_FUNC(ghash_armv4_blocks)
    cmp     r3, #0
    RETEQ
    push    {r4-r11, lr}
    sub     sp, sp, #G_SIZE
    str     r1, [sp, #G_XI]
    str     r3, [sp, #G_N]
    LDR_BE32 r11, r1, 0, r12                @ Z = Xi, least significant word in r8
    LDR_BE32 r10, r1, 4, r12
    LDR_BE32 r9, r1, 8, r12
    LDR_BE32 r8, r1, 12, r12
    ADR_FAR r1, .Lred_lit, .Lred_pc
1:  LDR_BE32 r4, r2, 12, r12                @ X = Z ^ block
    LDR_BE32 r5, r2, 8, r12
    LDR_BE32 r6, r2, 4, r12
    LDR_BE32 r7, r2, 0, r12
    add     r2, r2, #16
    str     r2, [sp, #G_IN]
    eor     r2, r8, r4
    eor     r5, r9, r5
    eor     r6, r10, r6
    eor     r7, r11, r7
    stmia   sp, {r5-r7}
    WORD8   r2, 1
    ldr     r2, [sp]
    WORD8   r2, 0
    ldr     r2, [sp, #4]
    WORD8   r2, 0
    ldr     r2, [sp, #8]
    WORD8   r2, 0
    ldr     r2, [sp, #G_IN]
    ldr     r3, [sp, #G_N]
    subs    r3, r3, #1
    str     r3, [sp, #G_N]
    bne     1b
    ldr     r1, [sp, #G_XI]
    STR_BE32 r11, r1, 0, r12
    STR_BE32 r10, r1, 4, r12
    STR_BE32 r9, r1, 8, r12
    STR_BE32 r8, r1, 12, r12
    add     sp, sp, #G_SIZE
    pop     {r4-r11, lr}
    RET
.Lred_lit:
    .word   .Lred - (.Lred_pc + 8)
CB_ENDFUNC(ghash_armv4_blocks)

/* ---- NEON ------------------------------------------------------------------------------ */

    .arch   armv7-a
    .fpu    neon

/* FOLD q, lo, hi, mask, k: moves the lanes of a k-byte sum that wrapped around (the
 * top k of hi, those mask clears) down 64 bits, then rotates the whole by k bytes. */
.macro FOLD q, lo, hi, mask, k
    veor    \lo, \lo, \hi
.if \k == 4
    vmov.i64 \hi, #0
.else
    vand    \hi, \hi, \mask
    veor    \lo, \lo, \hi
.endif
    vext.8  \q, \q, \q, #16 - \k
.endm

/* MUL64 r, a, b: the 128-bit carry-less product of d registers a and b into q r;
 * b's rotations by 1..4 bytes come from r12 (advanced by 32).  Uses q5, q6, d14-d16,
 * d24-d27; the masks are in d21-d23. */
.macro MUL64 r, a, b
    vld1.64 {d24-d27}, [r12]!
    vext.8  d14, \a, \a, #1
    vext.8  d15, \a, \a, #2
    vext.8  d16, \a, \a, #3
    vmull.p8 \r, \a, \b
    vmull.p8 q5, d14, \b
    vmull.p8 q6, \a, d24
    veor    q5, q5, q6
    FOLD    q5, d10, d11, d21, 1
    veor    \r, \r, q5
    vmull.p8 q5, d15, \b
    vmull.p8 q6, \a, d25
    veor    q5, q5, q6
    FOLD    q5, d10, d11, d22, 2
    veor    \r, \r, q5
    vmull.p8 q5, d16, \b
    vmull.p8 q6, \a, d26
    veor    q5, q5, q6
    FOLD    q5, d10, d11, d23, 3
    veor    \r, \r, q5
    vmull.p8 q5, \a, d27
    FOLD    q5, d10, d11, d23, 4
    veor    \r, \r, q5
.endm

/* ghash_armv4_neon_blocks(table, xi, in, nblocks): cb_ghash_ops.blocks on NEON.  q0 holds
 * Xi as loaded and byte-reversed per half: d0 = its high 64 bits, d1 the low. */
CB_FUNC(ghash_armv4_neon_blocks)
    cmp     r3, #0
    RETEQ
    vpush   {d8-d15}
    vld1.64 {d18-d20}, [r0]!                @ Hl, Hh, Hl ^ Hh (twisted H)
    vmov.i64 d21, #0x0000ffffffffffff
    vmov.i64 d22, #0x00000000ffffffff
    vmov.i64 d23, #0x000000000000ffff
    vld1.8  {d0, d1}, [r1]
    vrev64.8 q0, q0
1:  vld1.8  {d2, d3}, [r2]!
    vrev64.8 q1, q1
    veor    q0, q0, q1                      @ X = Xi ^ block
    veor    d2, d0, d1                      @ Xh ^ Xl
    mov     r12, r0
    MUL64   q2, d1, d18                     @ Xl * Hl
    MUL64   q3, d0, d19                     @ Xh * Hh
    MUL64   q4, d2, d20                     @ (Xl ^ Xh) * (Hl ^ Hh)
    veor    q4, q4, q2                      @ Karatsuba: the middle 128 bits
    veor    q4, q4, q3
    veor    d5, d5, d8                      @ [d7:d6:d5:d4] = [Q3:Q2:Q1:Q0]
    veor    d6, d6, d9
    vshl.i64 q14, q2, #63                   @ f(Q0), f(Q1)
    vshl.i64 q15, q2, #62
    veor    q14, q14, q15
    vshl.i64 q15, q2, #57
    veor    q14, q14, q15
    veor    d5, d5, d28                     @ D = Q1 ^ f(Q0)
    vshr.u64 q5, q2, #1                     @ [D:Q0] >> 1, 2, 7 lane by lane
    vshr.u64 q6, q2, #2
    veor    q5, q5, q6
    vshr.u64 q6, q2, #7
    veor    q5, q5, q6
    veor    q5, q5, q2
    veor    d10, d10, d29                   @ the bits D's shifts move into Q0's lane
    veor    d1, d6, d10                     @ Xi low = Q2 ^ ...
    veor    d0, d7, d11                     @ Xi high = Q3 ^ ...
    subs    r3, r3, #1
    bne     1b
    vrev64.8 q0, q0
    vst1.8  {d0, d1}, [r1]
    vpop    {d8-d15}
    RET
CB_ENDFUNC(ghash_armv4_neon_blocks)

    .section .rodata
    .balign 64
/* red[r] << 16: r are the four bits a right shift by four pushes out (bit 3 was on
 * x^124 and becomes x^128 = R = 11100001 || 0^120, bits 2..0 R shifted right by
 * 1..3), placed in the top 16 bits of the most significant word. */
#define RED(r) ((((((r) >> 3) & 1) * 0xe100) ^ ((((r) >> 2) & 1) * (0xe100 >> 1)) ^ \
                 ((((r) >> 1) & 1) * (0xe100 >> 2)) ^ (((r) & 1) * (0xe100 >> 3))) << 16)
.Lred:
    .word   RED(0), RED(1), RED(2), RED(3), RED(4), RED(5), RED(6), RED(7)
    .word   RED(8), RED(9), RED(10), RED(11), RED(12), RED(13), RED(14), RED(15)

    .section .note.GNU-stack, "", %progbits
