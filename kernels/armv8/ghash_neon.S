/*
 * kernels/armv8/ghash_neon.S - GHASH with plain Advanced SIMD (variant neon), for
 * cores without PMULL.1Q.
 *
 * Each 64x64 carry-less product is assembled from fifteen 8-bit PMULLs against the
 * byte-shifted copies of H' in the table (ghash_neon_table.c explains the layout), each
 * result moved into place by EXT against zero; Karatsuba needs three such products
 * (high, low, middle) per block, computed side by side.  The reduction is the one of
 * ghash_macros.h with its two multiplications by K = y^57 + y^62 + y^63 done as
 * shifts: c (x) K = (c << 57) ^ (c << 62) ^ (c << 63) over 128 bits, i.e. USHL of
 * (c, c) by (57, -7), (62, -2) and (63, -1).
 *
 * Registers: x0 table, x1 xi, x2 in, x3 blocks, x4 table cursor; v0 data (high half
 * first), v1 its halves-XOR, v2/v3/v4 high/low/middle sums, v5..v7 products,
 * v16..v19 table entries, v20 zero, v21..v23 shift counts, v24 X, v25..v27 scratch.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8-a

	.section .rodata
	.p2align 4
.Lshifts:
	.quad	57, -7
	.quad	62, -2
	.quad	63, -1

	.text

// nstep s, y, z: add the products with the entry for shift s (y: H' halves,
// z: middle) into v2/v3/v4, shifted s bytes.
.macro nstep s, y, z
	pmull	v5.8h, v0.8b, \y\().8b
	pmull2	v6.8h, v0.16b, \y\().16b
	pmull	v7.8h, v1.8b, \z\().8b
	.if \s > 0
	ext	v5.16b, v20.16b, v5.16b, #(16 - \s)
	ext	v6.16b, v20.16b, v6.16b, #(16 - \s)
	ext	v7.16b, v20.16b, v7.16b, #(16 - \s)
	.else
	ext	v5.16b, v5.16b, v20.16b, #(-\s)
	ext	v6.16b, v6.16b, v20.16b, #(-\s)
	ext	v7.16b, v7.16b, v20.16b, #(-\s)
	.endif
	eor	v2.16b, v2.16b, v5.16b
	eor	v3.16b, v3.16b, v6.16b
	eor	v4.16b, v4.16b, v7.16b
.endm

// mulk t, src: t = src.d[0] (x) K over 128 bits; v26/v27 scratch.
.macro mulk t, src
	dup	v26.2d, \src\().d[0]
	ushl	\t\().2d, v26.2d, v21.2d
	ushl	v27.2d, v26.2d, v22.2d
	eor	\t\().16b, \t\().16b, v27.16b
	ushl	v27.2d, v26.2d, v23.2d
	eor	\t\().16b, \t\().16b, v27.16b
.endm

// void ghash_neon_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
//                        size_t nblocks)
FUNC(ghash_neon_blocks)
	cbz	x3, 2f
	ld1	{v24.16b}, [x1]
	rev64	v24.16b, v24.16b
	movi	v20.16b, #0
	adrp	x4, .Lshifts
	add	x4, x4, :lo12:.Lshifts
	ld1	{v21.2d-v23.2d}, [x4]
1:
	// LLVM-MCA-BEGIN ghash_neon
	ld1	{v0.16b}, [x2], #16
	rev64	v0.16b, v0.16b
	eor	v0.16b, v0.16b, v24.16b
	ext	v1.16b, v0.16b, v0.16b, #8
	eor	v1.16b, v1.16b, v0.16b
	mov	x4, x0
	ld1	{v16.16b-v19.16b}, [x4], #64
	pmull	v2.8h, v0.8b, v16.8b		// s = 0 starts the sums
	pmull2	v3.8h, v0.16b, v16.16b
	pmull	v4.8h, v1.8b, v17.8b
	nstep	1, v18, v19
	.irp	k, 1, 2, 3, 4, 5, 6
	ld1	{v16.16b-v19.16b}, [x4], #64
	nstep	-\k, v16, v17
	nstep	(\k + 1), v18, v19
	.endr
	ld1	{v16.16b-v17.16b}, [x4]
	nstep	-7, v16, v17
	// reduction (ghash_macros.h), v3 low, v2 high, v4 middle
	eor	v4.16b, v4.16b, v3.16b
	eor	v4.16b, v4.16b, v2.16b
	mulk	v25, v3
	ext	v5.16b, v3.16b, v3.16b, #8
	eor	v5.16b, v5.16b, v25.16b
	eor	v5.16b, v5.16b, v4.16b
	mulk	v25, v5
	ext	v5.16b, v5.16b, v5.16b, #8
	eor	v5.16b, v5.16b, v25.16b
	eor	v24.16b, v2.16b, v5.16b
	ext	v24.16b, v24.16b, v24.16b, #8
	subs	x3, x3, #1
	b.ne	1b
	// LLVM-MCA-END
	rev64	v24.16b, v24.16b
	st1	{v24.16b}, [x1]
2:	ret
ENDFUNC(ghash_neon_blocks)

	.section .note.GNU-stack, "", %progbits
