/*
 * kernels/power/ghash_int.S - GHASH (SP 800-38D 6.4) with Shoup's 4-bit tables in
 * 64-bit POWER integer code, for the ppc-hint and ppc variants (family.mk assembles
 * it with HINTS=1 and HINTS=0).
 *
 *     void ghash_<variant>_blocks(const void *table, uint8_t xi[16],
 *                                 const uint8_t *in, size_t n)
 *
 * The table is the generic one (kernels/generic/ghash.c, keyed by its init): m[n] = n * H
 * for the 16 nibble values, each as two native doublewords hi, lo (block bytes 0-7
 * and 8-15 read big-endian).  The method is the generic one too: Horner's rule over
 * the 32 nibbles from the last, Z = Z * x^4 + m[nibble], where Z * x^4 shifts Z right
 * by four bits and the four bits that fall off come back as a multiple of R in the
 * top 16 bits (red below).  A step is 11 instructions: rlwinm both extracts a nibble
 * of a 32-bit word and scales it to a table offset, rldic does the same for the bits
 * falling off, rldimi moves the nibble crossing from hi to lo.
 *
 * Registers: r3 m[].hi; r7 m[].lo; r8 red; r4 xi; r5 in; r9, r10 X (hi, lo); r11,
 * r12 Z; r14 the word being read; r0 nibble offset; r6 reduction offset; r15-r17
 * looked-up values; r2 the constant 8 on little-endian; CTR the block count.
 */
#include "kernels/power/asm.h"

    .machine power7

#define MHI r3
#define MLO r7
#define RED r8
#define XH r9
#define XL r10
#define ZH r11
#define ZL r12
#define WD r14
#define NI r0
#define RI r6
#define A r15
#define B r16
#define C r17
#define EIGHT r2
#define TOC_SLOT GPR_SLOT(13)

/* step w, k: Z = Z * x^4 + m[nibble k of the low word of w]. */
.macro step w, k
    rlwinm NI, \w, (36 - 4 * (\k)) % 32, 24, 27
    rldic RI, ZL, 3, 57
    srdi ZL, ZL, 4
    ldx A, MHI, NI
    rldimi ZL, ZH, 60, 0
    ldx B, MLO, NI
    srdi ZH, ZH, 4
    ldx C, RED, RI
    xor ZL, ZL, B
    xor ZH, ZH, A
    xor ZH, ZH, C
.endm

/* word w, first: the eight nibbles of w's low word, lowest first; first = 1 starts
 * from Z = 0, where the first step is just Z = m[nibble]. */
.macro word w, first
.if \first
    rlwinm NI, \w, 4, 24, 27
    ldx ZH, MHI, NI
    ldx ZL, MLO, NI
.else
    step \w, 0
.endif
.irp k, 1, 2, 3, 4, 5, 6, 7
    step \w, \k
.endr
.endm

/* mem2 op, h, l, ptr: a 16-byte big-endian value at ptr to or from two doublewords,
 * op being ld or std. */
.macro mem2 op, h, l, ptr
#if CB_LITTLE_ENDIAN
    \op\()brx \h, 0, \ptr
    \op\()brx \l, \ptr, EIGHT
#else
    \op \h, 0(\ptr)
    \op \l, 8(\ptr)
#endif
.endm

FUNC_START(SYM(ghash, blocks))
    cmpldi r6, 0
    bc_hint beqlr
    mtctr r6
    gprs std, 14
    std r2, TOC_SLOT
    LOAD_ADDR(RED, .Lred)
    addi MLO, MHI, 8
#if CB_LITTLE_ENDIAN
    li EIGHT, 8
#endif
    mem2 ld, XH, XL, r4
9:  mem2 ld, A, B, r5
    xor XH, XH, A
    xor XL, XL, B
    word XL, 1
    srdi WD, XL, 32
    word WD, 0
    word XH, 0
    srdi WD, XH, 32
    word WD, 0
    mr XH, ZH
    mr XL, ZL
    addi r5, r5, 16
    bc_hint bdnz, 9b
    mem2 std, XH, XL, r4
    ld r2, TOC_SLOT
    gprs ld, 14
    blr
FUNC_END(SYM(ghash, blocks))

/* red[r]: what the four bits r shifted out by Z * x^4 come back as, in the top 16
 * bits.  Bit 3 of r was the coefficient of x^124 and becomes x^128 = R =
 * 11100001 || 0^120 (SP 800-38D 6.3); bits 2, 1, 0 (x^125..x^127) become R shifted
 * right by 1, 2, 3. */
    .section .rodata
    .p2align 3
.Lred:
    .set .Lr, 0
.rept 16
    .quad ((((.Lr >> 3) & 1) * 0xe100) ^ (((.Lr >> 2) & 1) * 0x7080) ^ \
           (((.Lr >> 1) & 1) * 0x3840) ^ ((.Lr & 1) * 0x1c20)) << 48
    .set .Lr, .Lr + 1
.endr

    .section .note.GNU-stack, "", @progbits
