/*
 * kernels/power/ghash_p8.S - GHASH (SP 800-38D 6.4) with POWER8's vpmsumd, four
 * blocks aggregated, for the p8 variant.
 *
 *     void ghash_p8_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
 *                          size_t n)
 *
 * Representation.  A block loaded big-endian into a 128-bit register (dw0 = bytes
 * 0-7) has the coefficient of x^i in bit 127 - i: GCM's bit order reverses the
 * integer's.  A carry-less product of two such integers is then the reflection of
 * the polynomial product shifted one place: read as 256 bits with x^i in bit
 * 255 - i, clmul(A, B) is x * A * B.  The table holds powers of H multiplied by
 * x^-1 (kernels/power/keys.c), which cancels that x, so for a block X the 256-bit
 * product D = clmul(X, H^j x^-1) is exactly X * H^j, unreduced: its upper half D_t
 * holds the coefficients of x^0..x^127, its lower half D_b those of x^128..x^255.
 *
 * Products.  vpmsumd multiplies the two doubleword pairs and XORs the products.
 * With the table's vectors L = (0, h_lo), M = (h_lo, h_hi), H = (h_hi, 0) three of
 * them give lo = X_lo h_lo, mid = X_hi h_lo + X_lo h_hi and hi = X_hi h_hi, and
 * D = hi * 2^128 + mid * 2^64 + lo.  Four blocks X0 + Xi, X1, X2, X3 are multiplied
 * by H^4, H^3, H^2, H and summed before a single reduction: 12 vpmsumd and one
 * reduction per 64 bytes.
 *
 * Reduction.  x^128 = 1 + x + x^2 + x^7 mod g.  In this bit order multiplying by
 * 1 + x + x^6 is a carry-less product with c = 0xc2 << 56 that lands exactly one
 * doubleword over, so x^128 * W for a 64-bit piece W folds down as W itself plus
 * clmul(W, c) shifted by a doubleword.  Folding D_b's two doublewords one after the
 * other (the second picks up what the first spilled into it) is, with K = (0, c):
 *     V = swap(D_b) ^ vpmsumd(D_b, K);   Z = D_t ^ swap(V) ^ vpmsumd(V, K)
 * where swap exchanges the doublewords: two vpmsumd and seven other instructions.
 *
 * Registers: r3 table; r4 xi; r5 in; r6 blocks for the one-block loop; r7-r9 the
 * offsets 16, 32, 48; CTR the 4-block count.  v0 zero; v1 PERM; v2 K; v3 Xi; v4-v7
 * four blocks; v8-v10 lo, mid, hi; v11, v12 scratch; v13-v24 L, M, H of H^1..H^4.
 */
#include "kernels/power/asm.h"
#include "kernels/power/p8.h"

#define ZERO 0
#define PERM 1
#define K 2
#define XI 3
#define X0 4
#define LO 8
#define MID 9
#define HI 10
#define T 11
#define T2 12
/* L(j), M(j), H(j): the vectors of H^j x^-1 (the table's order). */
#define L(j) (13 + 3 * ((j) - 1))
#define M(j) (14 + 3 * ((j) - 1))
#define H(j) (15 + 3 * ((j) - 1))

/* mul x, j, first: lo, mid, hi (+)= the three products of x and H^j. */
.macro mul x, j, first
.if \first
    vpmsumd LO, \x, L(\j)
    vpmsumd MID, \x, M(\j)
    vpmsumd HI, \x, H(\j)
.else
    vpmsumd T, \x, L(\j)
    vxor LO, LO, T
    vpmsumd T, \x, M(\j)
    vxor MID, MID, T
    vpmsumd T, \x, H(\j)
    vxor HI, HI, T
.endif
.endm

/* reduce: Xi = (hi, mid, lo) mod g, as described above. */
.macro reduce
    vsldoi T, ZERO, MID, 8           # mid >> 64
    vsldoi T2, MID, ZERO, 8          # mid << 64
    vxor HI, HI, T                   # D_t
    vxor LO, LO, T2                  # D_b
    vpmsumd T, LO, K
    vsldoi LO, LO, LO, 8
    vxor LO, LO, T                   # V
    vpmsumd T, LO, K
    vsldoi LO, LO, LO, 8
    vxor HI, HI, T
    vxor XI, HI, LO
.endm

FUNC_START(ghash_p8_blocks)
    cmpldi r6, 0
    beqlr
    vrs stvx, 20, 24, r7
    make_perm PERM, T, r7
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    li r7, 16 * \i
    lxvd2x VSR(L(1) + \i), r3, r7
.endr
    li r7, 192
    lxvd2x VSR(K), r3, r7
    vxor ZERO, ZERO, ZERO
    ld_block XI, 0, r4, PERM
    li r7, 16
    li r8, 32
    li r9, 48
    srdi. r10, r6, 2
    clrldi r6, r6, 62
    mtctr r10
    beq 2f
1:  ld_block X0, 0, r5, PERM
    ld_block (X0 + 1), r5, r7, PERM
    ld_block (X0 + 2), r5, r8, PERM
    ld_block (X0 + 3), r5, r9, PERM
    vxor X0, X0, XI
    mul X0, 4, 1
    mul (X0 + 1), 3, 0
    mul (X0 + 2), 2, 0
    mul (X0 + 3), 1, 0
    reduce
    addi r5, r5, 64
    bdnz 1b
2:  cmpldi r6, 0
    beq 4f
    mtctr r6
3:  ld_block X0, 0, r5, PERM
    vxor X0, X0, XI
    mul X0, 1, 1
    reduce
    addi r5, r5, 16
    bdnz 3b
4:  st_block XI, 0, r4, PERM, T
    vrs lvx, 20, 24, r7
    blr
FUNC_END(ghash_p8_blocks)

    .section .note.GNU-stack, "", @progbits
