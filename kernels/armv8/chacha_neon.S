/*
 * kernels/armv8/chacha_neon.S - ChaCha20's block function (RFC 8439 2.3-2.4) with
 * NEON, four blocks per step in the vertical layout.  Assembled once per row of
 * CHACHA_NEON_BUILDS in kernels/armv8/knobs.h:
 *
 *   -DVARIANT=sym   the symbol's infix: chacha20_neon_<sym>_blocks
 *   -DSCALAR=0|1    0: a step is the four NEON blocks.  1: a fifth block rides along
 *                   in the general registers, its quarter rounds spread between the
 *                   vector ones, so the integer pipes work while the two ASIMD pipes
 *                   are busy; below five blocks the four-wide step alone runs.
 *
 * Vertical layout: v0..v15 hold state words 0..15, lane j of each the word of block
 * j, so the four quarter rounds of a column (or diagonal) round are the same
 * instruction on four different registers and no lane ever moves during the 20
 * rounds.  One quarter-round step across the four columns is 4 ADD, 4 EOR and the
 * rotation:
 *   16  REV32 .8h  (swap the halves of each word: one instruction)
 *    8  TBL with a byte index (one instruction; SHL+SRI would be two)
 *   12, 7  the EOR writes a temporary and SHL+SRI write the rotation back into the
 *      word's own register, so the allocation never moves
 * which is 112 instructions a double round for four blocks, 28 per block, against
 * 96 integer instructions for one block in scalar code.
 *
 * After the rounds the counter vector is added to word 12 (the one word that
 * differs between the blocks), then each group of four registers (one state row of
 * the four blocks) is transposed with ZIP1/ZIP2 on .4s and .2d, so v[j], v[4+j],
 * v[8+j], v[12+j] are block j's 64 bytes; the other words of the initial state are
 * added there as whole rows (v16..v19), 16 ADDs a step instead of 15 DUPs and 16
 * ADDs.  A short group (1..3 blocks, as the AEAD's key block) runs the same step
 * and XORs only the blocks asked for: the lanes past the end cost nothing extra.
 *
 * Registers: x0 key, x1 counter and nonce, x2 in, x3 out, x4 blocks left, x5
 * constants, x6 round count; v0..v15 the working state, v16 sigma, v17/v18 the key,
 * v19 (0, nonce), v20 the four counters, v21 {4,4,4,4} (or {5,..} with SCALAR), v22 the TBL
 * index of the 8-bit rotation, v23 the lane offsets {0,1,2,3}, v24..v31
 * temporaries (rotations, transposition, data).  d8..d15 are callee-saved: saved.
 * SCALAR=1 adds w7, w9..w17, w19..w24 (the fifth block's 16 words), w8 its
 * counter and w25/w26 temporaries; x19..x26 are callee-saved: saved while the
 * five-block steps run.
 */
#include "kernels/armv8/asm.h"

#ifndef VARIANT
#error "chacha_neon.S needs -DVARIANT=sym (kernels/armv8/knobs.h)"
#endif
#ifndef SCALAR
#error "chacha_neon.S needs -DSCALAR=0 or 1 (kernels/armv8/knobs.h)"
#endif
#if SCALAR != 0 && SCALAR != 1
#error "chacha_neon.S: SCALAR must be 0 or 1"
#endif

#define SYM CB_CAT(CB_CAT(chacha20_neon_, VARIANT), _blocks)

	.arch	armv8-a

	.section .rodata
	.p2align 4
.Lchacha_consts:
	// RFC 8439 2.3: "expand 32-byte k" as little-endian words
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	// lane offsets of the four counters
	.word	0, 1, 2, 3
	// rotate each word left by 8: result byte i of a word is source byte i-1 mod 4
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14

	.text

// ---- the four NEON blocks ---------------------------------------------------

// vop4 op, ar, (d, n, m) x 4: one three-register operation on four columns, ar
// the arrangement (4s for ADD, 16b for the bitwise EOR).
.macro vop4 op, ar, d0, n0, m0, d1, n1, m1, d2, n2, m2, d3, n3, m3
	\op	v\d0\().\ar, v\n0\().\ar, v\m0\().\ar
	\op	v\d1\().\ar, v\n1\().\ar, v\m1\().\ar
	\op	v\d2\().\ar, v\n2\().\ar, v\m2\().\ar
	\op	v\d3\().\ar, v\n3\().\ar, v\m3\().\ar
.endm

// vrot4 r, (b, t) x 4: b = t rotated left by r, through SHL and SRI.
.macro vrot4 r, b0, t0, b1, t1, b2, t2, b3, t3
	shl	v\b0\().4s, v\t0\().4s, #\r
	shl	v\b1\().4s, v\t1\().4s, #\r
	shl	v\b2\().4s, v\t2\().4s, #\r
	shl	v\b3\().4s, v\t3\().4s, #\r
	sri	v\b0\().4s, v\t0\().4s, #32-\r
	sri	v\b1\().4s, v\t1\().4s, #32-\r
	sri	v\b2\().4s, v\t2\().4s, #32-\r
	sri	v\b3\().4s, v\t3\().4s, #32-\r
.endm

// ---- the scalar fifth block (SCALAR=1) --------------------------------------
// The 16 words of the fifth block live in these registers, word i in SW<i>.
#define SW0 w7
#define SW1 w9
#define SW2 w10
#define SW3 w11
#define SW4 w12
#define SW5 w13
#define SW6 w14
#define SW7 w15
#define SW8 w16
#define SW9 w17
#define SW10 w19
#define SW11 w20
#define SW12 w21
#define SW13 w22
#define SW14 w23
#define SW15 w24

// squarter k, a, b, c, d: the k-th quarter (one ADD, EOR, ROR triple) of a scalar
// quarter round; ROR by 32-r is rotate left by r.
.macro squarter k, a, b, c, d
	.if WITH_SCALAR
	.if \k == 0
	add	\a, \a, \b
	eor	\d, \d, \a
	ror	\d, \d, #16
	.elseif \k == 1
	add	\c, \c, \d
	eor	\b, \b, \c
	ror	\b, \b, #20
	.elseif \k == 2
	add	\a, \a, \b
	eor	\d, \d, \a
	ror	\d, \d, #24
	.else
	add	\c, \c, \d
	eor	\b, \b, \c
	ror	\b, \b, #25
	.endif
	.endif
.endm

// brot r, d: vd <<<= r for the byte-multiple rotations, each one instruction.
.macro brot r, d
	.if \r == 16
	rev32	v\d\().8h, v\d\().8h
	.else
	tbl	v\d\().16b, {v\d\().16b}, v22.16b
	.endif
.endm

// adstep r, (a, b, d) x 4, sa, sb, sc, sd: a += b; d ^= a; d <<<= r on the four
// columns (16: REV32 on .8h, 8: TBL), and one scalar quarter round woven in.
.macro adstep r, a0, b0, d0, a1, b1, d1, a2, b2, d2, a3, b3, d3, sa, sb, sc, sd
	vop4	add, 4s, \a0, \a0, \b0, \a1, \a1, \b1, \a2, \a2, \b2, \a3, \a3, \b3
	squarter 0, \sa, \sb, \sc, \sd
	vop4	eor, 16b, \d0, \d0, \a0, \d1, \d1, \a1, \d2, \d2, \a2, \d3, \d3, \a3
	squarter 1, \sa, \sb, \sc, \sd
	brot	\r, \d0
	brot	\r, \d1
	brot	\r, \d2
	brot	\r, \d3
	squarter 2, \sa, \sb, \sc, \sd
	squarter 3, \sa, \sb, \sc, \sd
.endm

// cbstep r, (c, d, b) x 4, sa, sb, sc, sd: c += d; b ^= c (into v24..v27, then
// rotated back into b by r with SHL+SRI) on the four columns, and one scalar
// quarter round woven in.
.macro cbstep r, c0, d0, b0, c1, d1, b1, c2, d2, b2, c3, d3, b3, sa, sb, sc, sd
	vop4	add, 4s, \c0, \c0, \d0, \c1, \c1, \d1, \c2, \c2, \d2, \c3, \c3, \d3
	squarter 0, \sa, \sb, \sc, \sd
	vop4	eor, 16b, 24, \b0, \c0, 25, \b1, \c1, 26, \b2, \c2, 27, \b3, \c3
	squarter 1, \sa, \sb, \sc, \sd
	vrot4	\r, \b0, 24, \b1, 25, \b2, 26, \b3, 27
	squarter 2, \sa, \sb, \sc, \sd
	squarter 3, \sa, \sb, \sc, \sd
.endm

// halfround: one column or diagonal round, the four quarter rounds given by
// (a, b, c, d) register numbers.  With WITH_SCALAR set, the scalar block's same
// four quarter rounds (sa..sd each) ride along, one per vector step: 48 integer
// instructions among 56 vector ones, so an in-order core finds an integer
// instruction to pair and an out-of-order one sees both kinds in its window.
.macro halfround a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, \
		 sa0, sb0, sc0, sd0, sa1, sb1, sc1, sd1, sa2, sb2, sc2, sd2, sa3, sb3, sc3, sd3
	adstep	16, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3, \
		\sa0, \sb0, \sc0, \sd0
	cbstep	12, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3, \
		\sa1, \sb1, \sc1, \sd1
	adstep	8, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3, \
		\sa2, \sb2, \sc2, \sd2
	cbstep	7, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3, \
		\sa3, \sb3, \sc3, \sd3
.endm

// doubleround: columns, then diagonals (RFC 8439 2.3's inner_block).
.macro doubleround
	halfround 0, 4, 8, 12,  1, 5, 9, 13,  2, 6, 10, 14,  3, 7, 11, 15, \
		SW0, SW4, SW8, SW12,  SW1, SW5, SW9, SW13, \
		SW2, SW6, SW10, SW14,  SW3, SW7, SW11, SW15
	halfround 0, 5, 10, 15,  1, 6, 11, 12,  2, 7, 8, 13,  3, 4, 9, 14, \
		SW0, SW5, SW10, SW15,  SW1, SW6, SW11, SW12, \
		SW2, SW7, SW8, SW13,  SW3, SW4, SW9, SW14
.endm

// transpose4 r0..r3: the 4x4 matrix of words in r0..r3 transposed in place
// (v24..v27 temporaries): row k of the result is lane k of every input.
.macro transpose4 r0, r1, r2, r3
	zip1	v24.4s, v\r0\().4s, v\r1\().4s
	zip2	v25.4s, v\r0\().4s, v\r1\().4s
	zip1	v26.4s, v\r2\().4s, v\r3\().4s
	zip2	v27.4s, v\r2\().4s, v\r3\().4s
	zip1	v\r0\().2d, v24.2d, v26.2d
	zip2	v\r1\().2d, v24.2d, v26.2d
	zip1	v\r2\().2d, v25.2d, v27.2d
	zip2	v\r3\().2d, v25.2d, v27.2d
.endm

// xorblock a, b, c, d, t0, t1, t2, t3: XOR the block held in va, vb, vc, vd into
// the next 64 bytes of in and store them to out, loading into vt0..vt3; two sets of
// temporaries alternate so a block's load need not wait for the previous store.
.macro xorblock a, b, c, d, t0, t1, t2, t3
	ld1	{v\t0\().16b-v\t3\().16b}, [x2], #64
	eor	v\t0\().16b, v\t0\().16b, v\a\().16b
	eor	v\t1\().16b, v\t1\().16b, v\b\().16b
	eor	v\t2\().16b, v\t2\().16b, v\c\().16b
	eor	v\t3\().16b, v\t3\().16b, v\d\().16b
	st1	{v\t0\().16b-v\t3\().16b}, [x3], #64
.endm

// dup4 d0, d1, d2, d3, row: vd0..vd3 = lanes 0..3 of vrow, each broadcast.
.macro dup4 d0, d1, d2, d3, row
	dup	v\d0\().4s, v\row\().s[0]
	dup	v\d1\().4s, v\row\().s[1]
	dup	v\d2\().4s, v\row\().s[2]
	dup	v\d3\().4s, v\row\().s[3]
.endm

// vinit: the four NEON blocks' initial state, words broadcast from the rows; word
// 12 is the counter vector.
.macro vinit
	dup4	0, 1, 2, 3, 16
	dup4	4, 5, 6, 7, 17
	dup4	8, 9, 10, 11, 18
	mov	v12.16b, v20.16b
	dup	v13.4s, v19.s[1]
	dup	v14.4s, v19.s[2]
	dup	v15.4s, v19.s[3]
.endm

// vfinish: counters into word 12 and on by v21, rows to blocks, the initial rows
// added: block j is then v[j], v[4+j], v[8+j], v[12+j].
.macro vfinish
	add	v12.4s, v12.4s, v20.4s
	add	v20.4s, v20.4s, v21.4s
	transpose4 0, 1, 2, 3
	transpose4 4, 5, 6, 7
	transpose4 8, 9, 10, 11
	transpose4 12, 13, 14, 15
	vop4	add, 4s, 0, 0, 16, 1, 1, 16, 2, 2, 16, 3, 3, 16
	vop4	add, 4s, 4, 4, 17, 5, 5, 17, 6, 6, 17, 7, 7, 17
	vop4	add, 4s, 8, 8, 18, 9, 9, 18, 10, 10, 18, 11, 11, 18
	vop4	add, 4s, 12, 12, 19, 13, 13, 19, 14, 14, 19, 15, 15, 19
.endm

#if SCALAR
// sinit: the fifth block's state: sigma (x5), key (x0), counter w8, nonce (x1).
.macro sinit
	ldp	SW0, SW1, [x5]
	ldp	SW2, SW3, [x5, #8]
	ldp	SW4, SW5, [x0]
	ldp	SW6, SW7, [x0, #8]
	ldp	SW8, SW9, [x0, #16]
	ldp	SW10, SW11, [x0, #24]
	mov	SW12, w8
	ldp	SW13, SW14, [x1, #4]
	ldr	SW15, [x1, #12]
.endm

// spair wa, wb, base, ioff, off: words a and b (bytes off..off+7 of the block)
// plus their initial values at [base, #ioff], XORed into in and stored.
.macro spair wa, wb, base, ioff, off
	ldp	w25, w26, [\base, #\ioff]
	add	\wa, \wa, w25
	add	\wb, \wb, w26
	ldp	w25, w26, [x2, #\off]
	eor	w25, w25, \wa
	eor	w26, w26, \wb
	stp	w25, w26, [x3, #\off]
.endm

// sfinish: the fifth block's keystream XORed into the 64 bytes at x2, stored at x3.
.macro sfinish
	spair	SW0, SW1, x5, 0, 0
	spair	SW2, SW3, x5, 8, 8
	spair	SW4, SW5, x0, 0, 16
	spair	SW6, SW7, x0, 8, 24
	spair	SW8, SW9, x0, 16, 32
	spair	SW10, SW11, x0, 24, 40
	ldr	w25, [x1, #4]
	add	SW12, SW12, w8
	add	SW13, SW13, w25
	ldp	w25, w26, [x2, #48]
	eor	w25, w25, SW12
	eor	w26, w26, SW13
	stp	w25, w26, [x3, #48]
	spair	SW14, SW15, x1, 8, 56
	add	x2, x2, #64
	add	x3, x3, #64
.endm
#endif

// void chacha20_neon_<sym>_blocks(const uint32_t key[8], const uint32_t ctr[4],
//                                 const uint8_t *in, uint8_t *out, size_t nblocks)
FUNC(SYM)
	cbz	x4, 9f
	save_d8_d15
	adrp	x5, .Lchacha_consts
	add	x5, x5, :lo12:.Lchacha_consts
	ldr	q16, [x5]
	ldr	q23, [x5, #16]
	ldr	q22, [x5, #32]
	ld1	{v17.4s-v18.4s}, [x0]
	ld1	{v19.4s}, [x1]
	// lane j counts block ctr[0] + j; word 12 gets its counters in vertical form,
	// so the row added after the transposition carries a zero there
	dup	v20.4s, v19.s[0]
	add	v20.4s, v20.4s, v23.4s
	mov	v19.s[0], wzr
#if SCALAR
	// five-block steps while five are left: NEON lanes ctr..ctr+3, the general
	// registers ctr+4, and every counter on by 5
	cmp	x4, #5
	b.lo	7f
	stp	x19, x20, [sp, #-64]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	movi	v21.4s, #5
	.set	WITH_SCALAR, 1
4:	vinit
	mov	w8, v20.s[0]
	add	w8, w8, #4
	sinit
	mov	x6, #10
5:
	// LLVM-MCA-BEGIN chacha-doubleround-scalar
	doubleround
	// LLVM-MCA-END
	subs	x6, x6, #1
	b.ne	5b
	vfinish
	xorblock 0, 4, 8, 12, 24, 25, 26, 27
	xorblock 1, 5, 9, 13, 28, 29, 30, 31
	xorblock 2, 6, 10, 14, 24, 25, 26, 27
	xorblock 3, 7, 11, 15, 28, 29, 30, 31
	sfinish
	sub	x4, x4, #5
	cmp	x4, #5
	b.hs	4b
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x19, x20, [sp], #64
	cbz	x4, 8f
7:
#endif
	movi	v21.4s, #4
	.set	WITH_SCALAR, 0

	// the four-wide step: blocks x4 >= 1 left
1:	vinit
	mov	x6, #10
2:
	// LLVM-MCA-BEGIN chacha-doubleround
	doubleround
	// LLVM-MCA-END
	subs	x6, x6, #1
	b.ne	2b
	vfinish
	cmp	x4, #4
	b.lo	3f
	xorblock 0, 4, 8, 12, 24, 25, 26, 27
	xorblock 1, 5, 9, 13, 28, 29, 30, 31
	xorblock 2, 6, 10, 14, 24, 25, 26, 27
	xorblock 3, 7, 11, 15, 28, 29, 30, 31
	subs	x4, x4, #4
	b.ne	1b
	b	8f

	// a short group: x4 = 1..3
3:	xorblock 0, 4, 8, 12, 24, 25, 26, 27
	cmp	x4, #2
	b.lo	8f
	xorblock 1, 5, 9, 13, 28, 29, 30, 31
	b.eq	8f
	xorblock 2, 6, 10, 14, 24, 25, 26, 27

8:	restore_d8_d15
9:	ret
ENDFUNC(SYM)
