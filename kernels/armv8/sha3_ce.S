/*
 * kernels/armv8/sha3_ce.S - the SHA-3 absorb step, Keccak-f[1600] (FIPS 202 section
 * 3) with the ARMv8.2 SHA-3 instructions (variant ce, capability sha3).
 *
 * The 25 lanes live in the low halves of v0..v24 (lane A[x, y] in v(x + 5y)) for the
 * whole call, so a block costs one load of its rate and 24 rounds; the state goes
 * back to memory once at the end.  One round, from the step definitions of section
 * 3.2 with each step fused into one of the four instructions:
 *   theta  C[x] = the XOR of column x: two EOR3 per column;
 *          D[x] = C[x-1] ^ ROT(C[x+1], 1): one RAX1 each;
 *   rho+pi every lane gets its column's D, its rho rotation and its pi position in
 *          one XAR (rotate right by 64 - offset).  pi's 24 moving lanes form a single
 *          cycle, so the lanes are rewritten in place walking the cycle backwards:
 *          one lane is parked in v28 first and put in place with one MOV at the end;
 *   chi    A[x] = B[x] ^ (~B[x+1] & B[x+2]): one BCAX each.  B[0] and B[1] of a row
 *          are still read after their own results exist, so those two results wait
 *          in v28/v29 (two MOVs per row);
 *   iota   the round constant, loaded with LDR, one EOR into A[0, 0].
 * That is 10 EOR3, 5 RAX1, 24 XAR, 25 BCAX, 11 MOV, 2 EOR and a load per round.
 * The upper halves of the registers carry garbage along, which no instruction here
 * mixes into a low half.
 *
 * Registers: x0 state (cb_keccak_state: 25 lanes, then the rate), x1 in, x2 blocks,
 * x3 rate in bytes, x4 round constants, x5 round counter, x6 block start, x7 pointer;
 * v0..v24 lanes; v25..v29 column parities, then v25/v26/v27/v30/v31 D[4]/D[0]/D[2]/
 * D[1]/D[3]; v28/v29 temporaries; v31 the round constant.  d8..d15 are callee-saved
 * and hold lanes, so they are saved on the stack.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8.2-a+sha3

	.section .rodata
	.p2align 3
// FIPS 202 section 3.2.5: RC[i] for the 24 rounds, the bits rc(j + 7i) at positions
// 2^j - 1 (Algorithms 5 and 6).
.Lrc:
	.quad	0x0000000000000001, 0x0000000000008082, 0x800000000000808a
	.quad	0x8000000080008000, 0x000000000000808b, 0x0000000080000001
	.quad	0x8000000080008081, 0x8000000000008009, 0x000000000000008a
	.quad	0x0000000000000088, 0x0000000080008009, 0x000000008000000a
	.quad	0x000000008000808b, 0x800000000000008b, 0x8000000000008089
	.quad	0x8000000000008003, 0x8000000000008002, 0x8000000000000080
	.quad	0x000000000000800a, 0x800000008000000a, 0x8000000080008081
	.quad	0x8000000000008080, 0x0000000080000001, 0x8000000080008008

	.text

// lanes multi, single: move the 25 lanes between v0..v24 and the state at x0 (ld1,
// ldr to load; st1, str to store).
.macro lanes multi, single
	mov	x7, x0
	\multi	{v0.1d-v3.1d}, [x7], #32
	\multi	{v4.1d-v7.1d}, [x7], #32
	\multi	{v8.1d-v11.1d}, [x7], #32
	\multi	{v12.1d-v15.1d}, [x7], #32
	\multi	{v16.1d-v19.1d}, [x7], #32
	\multi	{v20.1d-v23.1d}, [x7], #32
	\single	d24, [x7]
.endm

// absorb4 a, b, c, d: XOR the next 32 bytes of the block into lanes a..d.
.macro absorb4 a, b, c, d
	ld1	{v25.8b-v28.8b}, [x1], #32
	eor	v\a\().8b, v\a\().8b, v25.8b
	eor	v\b\().8b, v\b\().8b, v26.8b
	eor	v\c\().8b, v\c\().8b, v27.8b
	eor	v\d\().8b, v\d\().8b, v28.8b
.endm

// absorb1 a: XOR the next 8 bytes into lane a.
.macro absorb1 a
	ldr	d25, [x1], #8
	eor	v\a\().8b, v\a\().8b, v25.8b
.endm

// chi_row b0, b1, b2, b3, b4: chi on one row (FIPS 202 3.2.4).
.macro chi_row b0, b1, b2, b3, b4
	bcax	v28.16b, v\b0\().16b, v\b2\().16b, v\b1\().16b
	bcax	v29.16b, v\b1\().16b, v\b3\().16b, v\b2\().16b
	bcax	v\b2\().16b, v\b2\().16b, v\b4\().16b, v\b3\().16b
	bcax	v\b3\().16b, v\b3\().16b, v\b0\().16b, v\b4\().16b
	bcax	v\b4\().16b, v\b4\().16b, v\b1\().16b, v\b0\().16b
	mov	v\b0\().16b, v28.16b
	mov	v\b1\().16b, v29.16b
.endm

// keccak_round: Rnd(A, ir) of FIPS 202 section 3.3 on v0..v24; the constant comes
// from [x4], which moves on to the next round's.
.macro keccak_round
	// theta: column parities C[0..4] in v25..v29
	eor3	v25.16b, v0.16b, v5.16b, v10.16b
	eor3	v26.16b, v1.16b, v6.16b, v11.16b
	eor3	v27.16b, v2.16b, v7.16b, v12.16b
	eor3	v28.16b, v3.16b, v8.16b, v13.16b
	eor3	v29.16b, v4.16b, v9.16b, v14.16b
	eor3	v25.16b, v25.16b, v15.16b, v20.16b
	eor3	v26.16b, v26.16b, v16.16b, v21.16b
	eor3	v27.16b, v27.16b, v17.16b, v22.16b
	eor3	v28.16b, v28.16b, v18.16b, v23.16b
	eor3	v29.16b, v29.16b, v19.16b, v24.16b
	// D[x] = C[x-1] ^ ROT(C[x+1], 1), ordered so each C dies before its register
	// is reused: D[1] v30, D[3] v31, D[2] v27, D[0] v26, D[4] v25
	rax1	v30.2d, v25.2d, v27.2d
	rax1	v31.2d, v27.2d, v29.2d
	rax1	v27.2d, v26.2d, v28.2d
	rax1	v26.2d, v29.2d, v26.2d
	rax1	v25.2d, v28.2d, v25.2d
	// rho and pi with theta's D folded in: (x,y) to (y, 2x+3y), rotated left by
	// the offset of FIPS 202 Table 2; A[0,0] only takes D[0]
	eor	v0.16b, v0.16b, v26.16b
	xar	v28.2d, v1.2d, v30.2d, #63	// (1,0) to (0,2), rotl 1
	xar	v1.2d, v6.2d, v30.2d, #20	// (1,1) to (1,0), rotl 44
	xar	v6.2d, v9.2d, v25.2d, #44	// (4,1) to (1,1), rotl 20
	xar	v9.2d, v22.2d, v27.2d, #3	// (2,4) to (4,1), rotl 61
	xar	v22.2d, v14.2d, v25.2d, #25	// (4,2) to (2,4), rotl 39
	xar	v14.2d, v20.2d, v26.2d, #46	// (0,4) to (4,2), rotl 18
	xar	v20.2d, v2.2d, v27.2d, #2	// (2,0) to (0,4), rotl 62
	xar	v2.2d, v12.2d, v27.2d, #21	// (2,2) to (2,0), rotl 43
	xar	v12.2d, v13.2d, v31.2d, #39	// (3,2) to (2,2), rotl 25
	xar	v13.2d, v19.2d, v25.2d, #56	// (4,3) to (3,2), rotl 8
	xar	v19.2d, v23.2d, v31.2d, #8	// (3,4) to (4,3), rotl 56
	xar	v23.2d, v15.2d, v26.2d, #23	// (0,3) to (3,4), rotl 41
	xar	v15.2d, v4.2d, v25.2d, #37	// (4,0) to (0,3), rotl 27
	xar	v4.2d, v24.2d, v25.2d, #50	// (4,4) to (4,0), rotl 14
	xar	v24.2d, v21.2d, v30.2d, #62	// (1,4) to (4,4), rotl 2
	xar	v21.2d, v8.2d, v31.2d, #9	// (3,1) to (1,4), rotl 55
	xar	v8.2d, v16.2d, v30.2d, #19	// (1,3) to (3,1), rotl 45
	xar	v16.2d, v5.2d, v26.2d, #28	// (0,1) to (1,3), rotl 36
	xar	v5.2d, v3.2d, v31.2d, #36	// (3,0) to (0,1), rotl 28
	xar	v3.2d, v18.2d, v31.2d, #43	// (3,3) to (3,0), rotl 21
	xar	v18.2d, v17.2d, v27.2d, #49	// (2,3) to (3,3), rotl 15
	xar	v17.2d, v11.2d, v30.2d, #54	// (1,2) to (2,3), rotl 10
	xar	v11.2d, v7.2d, v27.2d, #58	// (2,1) to (1,2), rotl 6
	xar	v7.2d, v10.2d, v26.2d, #61	// (0,2) to (2,1), rotl 3
	mov	v10.16b, v28.16b
	// chi, then iota on A[0,0]
	ldr	d31, [x4], #8
	chi_row	0, 1, 2, 3, 4
	chi_row	5, 6, 7, 8, 9
	chi_row	10, 11, 12, 13, 14
	chi_row	15, 16, 17, 18, 19
	chi_row	20, 21, 22, 23, 24
	eor	v0.16b, v0.16b, v31.16b
.endm

// void sha3_ce_blocks(void *state, const uint8_t *in, size_t nblocks)
// state is a cb_keccak_state whose rate is 72, 104, 136, 144 or 168 bytes.
FUNC(sha3_ce_blocks)
	cbz	x2, 9f
	save_d8_d15
	lanes	ld1, ldr
	ldr	x3, [x0, #200]
1:
	// absorb: every rate has the first 9 lanes (SHA3-512's 72 bytes); larger
	// rates add lanes in the steps SHA3-384, -256, -224 and SHAKE128 need
	mov	x6, x1
	absorb4	0, 1, 2, 3
	absorb4	4, 5, 6, 7
	absorb1	8
	cmp	x3, #104
	b.lo	3f
	absorb4	9, 10, 11, 12
	cmp	x3, #136
	b.lo	3f
	absorb4	13, 14, 15, 16
	cmp	x3, #144
	b.lo	3f
	absorb1	17
	cmp	x3, #168
	b.lo	3f
	absorb1	18
	absorb1	19
	absorb1	20
3:	add	x1, x6, x3
	adrp	x4, .Lrc
	add	x4, x4, :lo12:.Lrc
	mov	x5, #24
	// LLVM-MCA-BEGIN sha3-round
2:	keccak_round
	subs	x5, x5, #1
	b.ne	2b
	// LLVM-MCA-END
	subs	x2, x2, #1
	b.ne	1b
	lanes	st1, str
	restore_d8_d15
9:	ret
ENDFUNC(sha3_ce_blocks)

	.section .note.GNU-stack, "", %progbits
