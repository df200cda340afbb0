/*
 * kernels/power/poly1305_ppc.S - Poly1305 (RFC 8439 2.5) in 64-bit integer
 * registers, radix 2^64: the cb_poly1305_ops the vsx ChaCha20 is paired with.
 *
 *     void poly1305_ppc_init(void *st, const uint8_t key[32])
 *     void poly1305_ppc_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit)
 *     void poly1305_ppc_emit(void *st, uint8_t tag[16])
 *
 * Why assembly when kernels/generic/poly1305_r64.c is the same arithmetic: gcc
 * builds each 64x64->128 product of that file's __int128 code as a mulld/mulhdu
 * pair and then recombines the halves with shifts and compares, about 63
 * instructions a block under qemu-ppc64le; the carry chain here (addc/adde/addze)
 * makes it 32, which is what chacha20-poly1305 needed to reach OpenSSL's count.
 *
 * h = h0 + h1 2^64 + h2 2^128 with h2 small (below 8), r = r0 + r1 2^64 clamped, so
 * r0, r1 < 2^60 and 4 divides r1.  Since 2^130 = 5 mod p, the term h1 r1 2^128
 * equals h1 (5 r1 / 4) 2^0 exactly, hence s1 = r1 + r1 / 4, and a block is
 *     d0 = h0 r0 + h1 s1                       (below 2^125: its high word never carries)
 *     d1 = h0 r1 + h1 r0 + h2 s1 + d0 / 2^64
 *     d2 = h2 r0 + d1 / 2^64
 * followed by the partial reduction h = (d mod 2^130) + 5 (d2 / 4): ten multiplies,
 * eight adds with carry, seven for the reduction.  Nothing branches on data; the
 * time depends only on the length.
 *
 * Byte order: the message, key and tag are little-endian; ld/std on little-endian,
 * ldbrx/stdbrx (ISA 2.06) on big-endian.
 *
 * State (st, 64 bytes): h0, h1, h2, r0, r1, s1, then s (the key's second half) as
 * two words.  emit wipes it.
 *
 * Registers in blocks: r3 st; r4 in; r6 padbit; r7-r9 h0-h2; r10-r12 r0, r1, s1;
 * r0, r5, r14-r20 the products; r21 the constant 8 (big-endian loads); CTR the
 * blocks.  r14-r21 are saved below the stack pointer (the leaf area of both ABIs).
 */
#include "kernels/power/asm.h"

    .machine power7

#define ST r3
#define INP r4
#define PAD r6
#define H0 r7
#define H1 r8
#define H2 r9
#define R0 r10
#define R1 r11
#define S1 r12
#define EIGHT r21

/* le op, rop, d, off, base, tmp: the doubleword d from or to base + off (off 0 or
 * 8) in little-endian order: op (ld or std) on little-endian, its byte-reversed
 * indexed form rop (ldbrx or stdbrx) on big-endian, tmp holding off. */
.macro le op, rop, d, off, base, tmp
#if CB_LITTLE_ENDIAN
    \op \d, \off(\base)
#else
.if \off
    \rop \d, \base, \tmp
.else
    \rop \d, 0, \base
.endif
#endif
.endm

.macro ld_le d, off, base, tmp
    le ld, ldbrx, \d, \off, \base, \tmp
.endm

.macro st_le s, off, base, tmp
    le std, stdbrx, \s, \off, \base, \tmp
.endm

FUNC_START(poly1305_ppc_init)
    li r5, 8
    ld_le r6, 0, r4, r5
    ld_le r7, 8, r4, r5
    /* the clamp of RFC 8439 2.5.1: 0x0ffffffc0ffffffc 0ffffffc0fffffff */
    lis r8, 0x0fff
    ori r8, r8, 0xfffc
    sldi r8, r8, 32
    oris r8, r8, 0x0fff
    ori r8, r8, 0xffff
    and r6, r6, r8
    rldicr r8, r8, 0, 61                 # the upper half's mask also clears bits 0-1
    and r7, r7, r8
    srdi r9, r7, 2
    add r9, r9, r7                       # s1 = 5 r1 / 4
    li r10, 0
    std r10, 0(r3)
    std r10, 8(r3)
    std r10, 16(r3)
    std r6, 24(r3)
    std r7, 32(r3)
    std r9, 40(r3)
    addi r4, r4, 16
    ld_le r6, 0, r4, r5
    ld_le r7, 8, r4, r5
    std r6, 48(r3)
    std r7, 56(r3)
    blr
FUNC_END(poly1305_ppc_init)

FUNC_START(poly1305_ppc_blocks)
    srdi. r5, r5, 4
    beqlr
    mtctr r5
.irp n, 14, 15, 16, 17, 18, 19, 20, 21
    std \n, GPR_SLOT(\n)
.endr
    ld H0, 0(ST)
    ld H1, 8(ST)
    ld H2, 16(ST)
    ld R0, 24(ST)
    ld R1, 32(ST)
    ld S1, 40(ST)
    clrldi PAD, PAD, 63
    li EIGHT, 8
1:  ld_le r14, 0, INP, EIGHT
    ld_le r15, 8, INP, EIGHT
    addi INP, INP, 16
    addc H0, H0, r14
    adde H1, H1, r15
    adde H2, H2, PAD
    mulld r14, H0, R0
    mulhdu r15, H0, R0
    mulld r16, H1, S1
    mulhdu r17, H1, S1
    mulld r18, H0, R1
    mulhdu r19, H0, R1
    mulld r20, H1, R0
    mulhdu r0, H1, R0
    mulld r5, H2, S1
    mulld H2, H2, R0
    addc H0, r14, r16                    # d0, low word
    adde r15, r15, r17                   # d0, high word
    addc r18, r18, r20
    adde r19, r19, r0
    addc r18, r18, r5
    addze r19, r19
    addc H1, r18, r15                    # d1, low word
    adde H2, r19, H2                     # d2
    rldicr r14, H2, 0, 61                # 4 (d2 / 4)
    srdi r15, H2, 2
    add r14, r14, r15                    # 5 (d2 / 4): the bits from 2^130 up, wrapped
    clrldi H2, H2, 62
    addc H0, H0, r14
    addze H1, H1
    addze H2, H2
    bdnz 1b
    std H0, 0(ST)
    std H1, 8(ST)
    std H2, 16(ST)
.irp n, 14, 15, 16, 17, 18, 19, 20, 21
    ld \n, GPR_SLOT(\n)
.endr
    blr
FUNC_END(poly1305_ppc_blocks)

FUNC_START(poly1305_ppc_emit)
    ld r5, 0(r3)
    ld r6, 8(r3)
    ld r7, 16(r3)
    /* h < 2^131 here, so h mod p is h, or h - p when h + 5 reaches 2^130 */
    addic r8, r5, 5
    addze r9, r6
    addze r10, r7
    srdi r10, r10, 2
    neg r10, r10                         # all ones when h >= p
    xor r8, r8, r5
    xor r9, r9, r6
    and r8, r8, r10
    and r9, r9, r10
    xor r5, r5, r8
    xor r6, r6, r9
    ld r8, 48(r3)
    ld r9, 56(r3)
    addc r5, r5, r8
    adde r6, r6, r9                      # (h + s) mod 2^128
    li r10, 8
    st_le r5, 0, r4, r10
    st_le r6, 8, r4, r10
    li r0, 0
.irp off, 0, 8, 16, 24, 32, 40, 48, 56
    std r0, \off(r3)
.endr
    blr
FUNC_END(poly1305_ppc_emit)
