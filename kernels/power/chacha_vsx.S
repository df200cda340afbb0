/*
 * kernels/power/chacha_vsx.S - ChaCha20 (RFC 8439 2.3-2.4) four blocks at a time
 * in the vector unit, for the vsx variant.
 *
 *     void chacha_vsx_blocks(const uint32_t key[8], const uint32_t ctr[4],
 *                            const uint8_t *in, uint8_t *out, size_t nblocks)
 *
 * Layout: "vertical".  Vector register j holds state word j of four consecutive
 * blocks (element i = block i), so a quarter round on four columns at once is
 * twelve instructions with no shuffles at all, and vrlw makes each rotate one
 * instruction.  Only the counter word differs between the blocks (CTR4 holds the
 * four counters); every other word is a vspltw of the key, the nonce or sigma.
 *
 * Why four and not eight blocks: the arithmetic (vadduwm, vxor, vrlw) exists only
 * for the 32 VMX registers (VSR 32-63); eight blocks would need all 32 for the
 * state and leave none for the rotate counts, the counters or the rows added at
 * the end, so the state would spill every round.  The 32 VSX registers below
 * them (VSR 0-31) only hold loaded data here.
 *
 * After the 20 rounds the state is transposed in groups of four words: two
 * vmrghw/vmrglw pairs and four xxpermdi turn words 4g..4g+3 of four blocks into
 * row g of each block (eight instructions a group).  The input state is added
 * after the transpose, where rows 0-2 are the same for all four blocks (sigma,
 * key) and row 3 differs only in the counter, which is added before the transpose
 * from CTR4: three row vectors and one nonce row serve every group, instead of
 * sixteen splatted words.
 *
 * Byte order.  lxvw4x/stxvw4x move word element i from/to bytes 4i..4i+3 in the
 * CPU's order.  On little-endian that is exactly ChaCha's wire order (RFC 8439
 * 2.4: the keystream serialized little-endian), so data is loaded, XORed with
 * xxlxor and stored with no permute.  On big-endian each keystream row is
 * byte-reversed within its words by one vperm before the XOR (16 a group).
 * Misaligned data needs nothing special: POWER7 and later allow it for these.
 *
 * Fewer than four blocks left: the same body runs once more and stops storing
 * after the last block asked for (cr6 holds the count against 2).
 *
 * Needs AltiVec (vadduwm, vrlw, vspltw, vmrghw) and VSX (lxvw4x, stxvw4x, xxlxor,
 * xxpermdi): ISA 2.06, POWER7.  `.machine power7` makes the assembler refuse
 * anything newer.
 *
 * Registers: r3 key, then an offset; r4 ctr, then an offset; r5 in; r6 out; r7
 * blocks left in the tail; CTR groups of four; r0, r3, r4, r8-r12, r14-r20 the
 * offsets 16..240 (O(i)).  v0-v15 the state words; v16-v19 the rotate counts 16,
 * 12, 8, 7; v20 CTR4; v21 {4,4,4,4}; v22 sigma; v23, v24 the key rows; v25 the
 * nonce row {0, n0, n1, n2}; v26, v27 transpose temporaries; v28 the big-endian
 * byte fix.  vs0-vs3 the data of one block.  v20-v28 and r14-r20 are saved in the
 * 288 bytes below the stack pointer that both ABIs leave to leaf functions.
 */
#include "kernels/power/asm.h"

    .machine power7

#define KEY r3
#define CTRP r4
#define IN r5
#define OUT r6
#define NT r7

#define R16 16
#define R12 17
#define R8 18
#define R7 19
#define CTR4 20
#define FOUR 21
#define SIGMA 22
#define K0 23
#define K1 24
#define NONCE 25
#define T0 26
#define T1 27
#define BSWAP 28

/* Saved registers: v20-v28 at -16 .. -144, then r14-r20. */
#define VR_OFF(n) (-16 * ((n) - 19))
#define GPR_OFF(n) (-144 - 8 * ((n) - 13))

/* .Loff<i>: the GPR holding 16 * i, for i = 1..15 (the data at in + 16 i). */
.set .Loff1, 0
.set .Loff2, 3
.set .Loff3, 4
.set .Loff4, 8
.set .Loff5, 9
.set .Loff6, 10
.set .Loff7, 11
.set .Loff8, 12
.set .Loff9, 14
.set .Loff10, 15
.set .Loff11, 16
.set .Loff12, 17
.set .Loff13, 18
.set .Loff14, 19
.set .Loff15, 20

/* xdata op, x, i, base: op (lxvw4x or stxvw4x) VSR x and the 16 bytes at base + 16 i. */
.macro xdata op, x, i, base
.if \i == 0
    \op \x, 0, \base
.else
    \op \x, \base, .Loff\i
.endif
.endm

/* four op, a0, b0, a1, b1, ...: op a_k, a_k, b_k for the four pairs. */
.macro four op, a0, b0, a1, b1, a2, b2, a3, b3
    \op \a0, \a0, \b0
    \op \a1, \a1, \b1
    \op \a2, \a2, \b2
    \op \a3, \a3, \b3
.endm

/* half4 ..., rd, rb: half of four quarter rounds (RFC 8439 2.1) side by side:
 * a += b; d ^= a; d <<<= rd; c += d; b ^= c; b <<<= rb. */
.macro half4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, rd, rb
    four vadduwm, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
    four vxor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
    four vrlw, \d0, \rd, \d1, \rd, \d2, \rd, \d3, \rd
    four vadduwm, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
    four vxor, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
    four vrlw, \b0, \rb, \b1, \rb, \b2, \rb, \b3, \rb
.endm

/* qr4: four quarter rounds side by side, on (a_k, b_k, c_k, d_k). */
.macro qr4 args:vararg
    half4 \args, R16, R12
    half4 \args, R8, R7
.endm

/* double_round: a column round, then a diagonal round (RFC 8439 2.3). */
.macro double_round
    qr4 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
    qr4 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
.endm

/* transpose g: words 4g..4g+3 of four blocks become row g of each block; block b's
 * row ends up in v(4g + (b + 2) % 4). */
.macro transpose g
    vmrghw T0, (4 * \g), (4 * \g + 1)
    vmrglw T1, (4 * \g), (4 * \g + 1)
    vmrghw (4 * \g), (4 * \g + 2), (4 * \g + 3)
    vmrglw (4 * \g + 1), (4 * \g + 2), (4 * \g + 3)
    xxpermdi VSR(4 * \g + 2), VSR(T0), VSR(4 * \g), 0
    xxpermdi VSR(4 * \g + 3), VSR(T0), VSR(4 * \g), 3
    xxpermdi VSR(4 * \g), VSR(T1), VSR(4 * \g + 1), 0
    xxpermdi VSR(4 * \g + 1), VSR(T1), VSR(4 * \g + 1), 3
.endm

/* out_block b, i0, i1, i2, i3: block b's keystream (the input rows added) XORed into
 * its 64 bytes, the 16-byte pieces i0..i3 (4b..4b+3, written out because xdata
 * pastes them into a symbol name). */
.macro out_block b, i0, i1, i2, i3
    .set .Lr, (\b + 2) % 4
    xdata lxvw4x, 0, \i0, IN
    xdata lxvw4x, 1, \i1, IN
    xdata lxvw4x, 2, \i2, IN
    xdata lxvw4x, 3, \i3, IN
    vadduwm .Lr, .Lr, SIGMA
    vadduwm (4 + .Lr), (4 + .Lr), K0
    vadduwm (8 + .Lr), (8 + .Lr), K1
    vadduwm (12 + .Lr), (12 + .Lr), NONCE
#if !CB_LITTLE_ENDIAN
    vperm .Lr, .Lr, .Lr, BSWAP
    vperm (4 + .Lr), (4 + .Lr), (4 + .Lr), BSWAP
    vperm (8 + .Lr), (8 + .Lr), (8 + .Lr), BSWAP
    vperm (12 + .Lr), (12 + .Lr), (12 + .Lr), BSWAP
#endif
    xxlxor VSR(.Lr), VSR(.Lr), 0
    xxlxor VSR(4 + .Lr), VSR(4 + .Lr), 1
    xxlxor VSR(8 + .Lr), VSR(8 + .Lr), 2
    xxlxor VSR(12 + .Lr), VSR(12 + .Lr), 3
    xdata stxvw4x, VSR(.Lr), \i0, OUT
    xdata stxvw4x, VSR(4 + .Lr), \i1, OUT
    xdata stxvw4x, VSR(8 + .Lr), \i2, OUT
    xdata stxvw4x, VSR(12 + .Lr), \i3, OUT
.endm

/* keystream: the state of the next four blocks after 20 rounds, counters added and
 * transposed (the other input rows are added by out_block); CTR4 moves on by 4. */
.macro keystream
.irp i, 0, 1, 2, 3
    vspltw \i, SIGMA, \i
    vspltw (4 + \i), K0, \i
    vspltw (8 + \i), K1, \i
.endr
    vor 12, CTR4, CTR4
    vspltw 13, NONCE, 1
    vspltw 14, NONCE, 2
    vspltw 15, NONCE, 3
.rept 10
    double_round
.endr
    vadduwm 12, 12, CTR4
    vadduwm CTR4, CTR4, FOUR
    transpose 0
    transpose 1
    transpose 2
    transpose 3
.endm

/* saved vop, gop: vop (stvx or lvx) v20-v28 and gop (std or ld) r14-r20 to or
 * from their slots. */
.macro saved vop, gop
.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28
    li r8, VR_OFF(\n)
    \vop \n, r1, r8
.endr
.irp n, 14, 15, 16, 17, 18, 19, 20
    \gop \n, GPR_OFF(\n)(r1)
.endr
.endm

FUNC_START(chacha_vsx_blocks)
    cmpldi r7, 0
    beqlr
    saved stvx, std
    li r8, 16
    lxvw4x VSR(K0), 0, KEY
    lxvw4x VSR(K1), KEY, r8
    lxvw4x VSR(NONCE), 0, CTRP
    LOAD_ADDR(r9, cb_chacha_sigma)
    lxvw4x VSR(SIGMA), 0, r9
    LOAD_ADDR(r9, .Lsteps)
    lxvw4x VSR(T0), 0, r9
    vspltw CTR4, NONCE, 0
    vadduwm CTR4, CTR4, T0               # ctr + {0, 1, 2, 3}
    vspltisw FOUR, 4
    vspltisw T1, 0
    vsldoi NONCE, NONCE, NONCE, 4        # n0, n1, n2, ctr
    vsldoi NONCE, T1, NONCE, 12          # 0, n0, n1, n2
    /* vrlw reads the low five bits of each count: -16 is 16 */
    vspltisw R16, -16
    vspltisw R12, 12
    vspltisw R8, 8
    vspltisw R7, 7
#if !CB_LITTLE_ENDIAN
    li r8, 0
    lvsl BSWAP, 0, r8
    vspltisb T0, 3
    vxor BSWAP, BSWAP, T0                # {3, 2, 1, 0, 7, ...}: bytes reversed in words
#endif
    srdi. r9, NT, 2                      # whole groups (cr0), before r9 is an offset
    mtctr r9
    clrldi NT, NT, 62
.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    li .Loff\i, 16 * \i
.endr
    beq 2f
1:  keystream
    out_block 0, 0, 1, 2, 3
    out_block 1, 4, 5, 6, 7
    out_block 2, 8, 9, 10, 11
    out_block 3, 12, 13, 14, 15
    addi IN, IN, 256
    addi OUT, OUT, 256
    bdnz 1b
2:  cmpldi cr6, NT, 2
    cmpldi NT, 0
    beq 3f
    keystream
    out_block 0, 0, 1, 2, 3
    blt cr6, 3f
    out_block 1, 4, 5, 6, 7
    beq cr6, 3f
    out_block 2, 8, 9, 10, 11
3:
    saved lvx, ld
    blr
FUNC_END(chacha_vsx_blocks)

    .section .rodata
    .p2align 4
/* the four blocks' counter offsets */
.Lsteps:
    .long 0, 1, 2, 3
