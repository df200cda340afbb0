/*
 * kernels/armv8/ghash_pmull.S - GHASH (SP 800-38D 6.4) with PMULL/PMULL2: Karatsuba
 * (three 64x64 multiplications per block), the powers H..H^4 precomputed, and one
 * reduction per four blocks:
 *
 *   X' = (X ^ C1)*H^4 ^ C2*H^3 ^ C3*H^2 ^ C4*H
 *
 * so the four products are independent and only their sum is reduced.  The
 * representation and reduction are explained in ghash_macros.h.
 *
 * Registers (blocks): x0 table, x1 xi, x2 in, x3 blocks; v0 X; v1..v4 data;
 * v5/v6/v7 lo/hi/mid sums; v16/v17 scratch; v20..v23 H'^1..H'^4; v24/v25 Karatsuba
 * halves; v26 reduction constant.
 */
#include "kernels/armv8/asm.h"
#include "kernels/armv8/ghash_macros.h"

	.arch	armv8-a+crypto
	.text

// shl1_store base, off, hi, lo, t1, t2: store H' = reflected (hi:lo) times x^-1 at
// [base, #off] in the table layout.  Clobbers hi, lo, t1, t2.
.macro shl1_store base, off, hi, lo, t1, t2
	asr	\t1, \hi, #63			// all ones when bit 127 leaves
	extr	\hi, \hi, \lo, #63
	lsl	\lo, \lo, #1
	movz	\t2, #0xc200, lsl #48
	and	\t2, \t2, \t1
	eor	\hi, \hi, \t2
	and	\t1, \t1, #1
	eor	\lo, \lo, \t1
	stp	\hi, \lo, [\base, #\off]
.endm

// void ghash_pmull_init(void *table, const uint8_t h[16])
// H^2..H^4 come from repeated multiplication of the unshifted H^k by H'.
FUNC(ghash_pmull_init)
	ldp	x2, x3, [x1]
	rev	x2, x2				// reflected H: high half first
	rev	x3, x3
	shl1_store x0, GHT_H1, x2, x3, x4, x5
	ld1	{v20.16b}, [x0]			// H'
	ext	v21.16b, v20.16b, v20.16b, #8
	eor	v21.16b, v21.16b, v20.16b	// its halves-XOR, in both halves
	ghash_kconst d26, x6
	ld1	{v0.16b}, [x1]
	rev64	v0.16b, v0.16b			// H, unshifted
	.irp	off, GHT_H2, GHT_H3, GHT_H4
	gmul_first v0, v20, v21, pmull, v16, v5, v6, v7
	ghash_reduce v0, v5, v6, v7, v26, v16, v17
	mov	x2, v0.d[0]
	mov	x3, v0.d[1]
	shl1_store x0, \off, x2, x3, x4, x5
	.endr
	ld1	{v20.16b-v23.16b}, [x0]
	zip1	v24.2d, v20.2d, v21.2d
	zip2	v25.2d, v20.2d, v21.2d
	eor	v24.16b, v24.16b, v25.16b
	zip1	v25.2d, v22.2d, v23.2d
	zip2	v26.2d, v22.2d, v23.2d
	eor	v25.16b, v25.16b, v26.16b
	add	x1, x0, #GHT_K12
	st1	{v24.16b-v25.16b}, [x1]
	ret
ENDFUNC(ghash_pmull_init)

// void ghash_pmull_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
//                         size_t nblocks)
FUNC(ghash_pmull_blocks)
	ld1	{v0.16b}, [x1]
	rev64	v0.16b, v0.16b
	ld1	{v20.16b-v23.16b}, [x0], #64
	ld1	{v24.16b-v25.16b}, [x0]
	ghash_kconst d26, x4
	subs	x3, x3, #4
	b.lo	2f
1:
	// LLVM-MCA-BEGIN ghash4
	ld1	{v1.16b-v4.16b}, [x2], #64
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	rev64	v4.16b, v4.16b
	eor	v1.16b, v1.16b, v0.16b
	gmul_first v1, v23, v25, pmull2, v16, v5, v6, v7
	gmul_acc v2, v22, v25, pmull, v16, v5, v6, v7
	gmul_acc v3, v21, v24, pmull2, v16, v5, v6, v7
	gmul_acc v4, v20, v24, pmull, v16, v5, v6, v7
	ghash_reduce v0, v5, v6, v7, v26, v16, v17
	subs	x3, x3, #4
	b.hs	1b
	// LLVM-MCA-END
2:	adds	x3, x3, #4
	b.eq	4f
3:	ld1	{v1.16b}, [x2], #16
	rev64	v1.16b, v1.16b
	eor	v1.16b, v1.16b, v0.16b
	gmul_first v1, v20, v24, pmull, v16, v5, v6, v7
	ghash_reduce v0, v5, v6, v7, v26, v16, v17
	subs	x3, x3, #1
	b.ne	3b
4:	rev64	v0.16b, v0.16b
	st1	{v0.16b}, [x1]
	ret
ENDFUNC(ghash_pmull_blocks)

	.section .note.GNU-stack, "", %progbits
