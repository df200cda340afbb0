/*
 * kernels/armv8/poly1305_x64.S - Poly1305 (RFC 8439 2.5) in the AArch64 general
 * registers, radix 2^64: the accumulator h = h0 + h1 2^64 + h2 2^128 (h2 a few
 * bits), r = r0 + r1 2^64 clamped (2.5.1), so r0 and r1 are below 2^60 and r1 is a
 * multiple of 4.  2^130 = 5 mod p, so the h1 r1 2^128 term of h r folds down as
 * h1 (5 r1 / 4): the state keeps s1 = r1 + r1 / 4 beside r.
 *
 * One 16-byte block is 27 instructions and the loop's two: LDP, ADDS/ADCS/ADC of
 * the block and the pad bit, four MUL/UMULH pairs (h0 r0, h1 s1, h0 r1, h1 r0 as
 * 128-bit products), a MUL and a MADD (h2 s1 and h2 r0 fit 64 bits because h2 < 8
 * and r0, s1 < 2^61), the carries with ADDS/ADC, and the partial reduction of the
 * bits from 2^130 up (times 5, as (d2 & ~3) + (d2 >> 2)), which leaves h2 < 8 for
 * the next block.  No branch depends on the data; the loop count depends only on
 * the length.
 *
 * State (64 bytes, the first 48 used by blocks): r0, r1, s1, h0, h1, h2, then the
 * 128-bit s of the key (pad0, pad1) that emit adds.
 *
 * Registers in blocks: x0 state, x1 in, x2 blocks left, x3 pad bit, x4 r0, x5 r1,
 * x6 s1, x7/x8/x9 h0/h1/h2, x10..x15 products.  Only caller-saved registers.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8-a
	.text

// void poly1305_x64_init(void *st, const uint8_t key[32])
FUNC(poly1305_x64_init)
	ldp	x2, x3, [x1]
	// the clamp masks 0x0ffffffc0fffffff and 0x0ffffffc0ffffffc are no logical
	// immediates; each is two that are (contiguous runs of ones, rotated)
	and	x2, x2, #0x0fffffffffffffff
	and	x2, x2, #0xfffffffc0fffffff
	and	x3, x3, #0x0ffffffffffffffc
	and	x3, x3, #0xfffffffc0fffffff
	add	x4, x3, x3, lsr #2
	stp	x2, x3, [x0]
	stp	x4, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	ldp	x2, x3, [x1, #16]
	stp	x2, x3, [x0, #48]
	ret
ENDFUNC(poly1305_x64_init)

// void poly1305_x64_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit)
// len is a multiple of 16.
FUNC(poly1305_x64_blocks)
	lsr	x2, x2, #4
	cbz	x2, 2f
	ldp	x4, x5, [x0]
	ldp	x6, x7, [x0, #16]
	ldp	x8, x9, [x0, #32]
	and	x3, x3, #1
1:
	// LLVM-MCA-BEGIN poly1305-block
	ldp	x10, x11, [x1], #16
	adds	x7, x7, x10
	adcs	x8, x8, x11
	adc	x9, x9, x3
	// d0 = h0 r0 + h1 s1 (below 2^126: no carry out of x11)
	mul	x10, x7, x4
	umulh	x11, x7, x4
	mul	x12, x8, x6
	umulh	x13, x8, x6
	adds	x10, x10, x12
	adc	x11, x11, x13
	// d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64); h2 s1 + (d0 >> 64) < 2^64
	mul	x12, x7, x5
	umulh	x13, x7, x5
	mul	x14, x8, x4
	umulh	x15, x8, x4
	adds	x12, x12, x14
	adc	x13, x13, x15
	mul	x14, x9, x6
	add	x14, x14, x11
	adds	x12, x12, x14
	adc	x13, x13, xzr
	// d2 = h2 r0 + (d1 >> 64); 2^130 and up come back times 5
	madd	x14, x9, x4, x13
	and	x15, x14, #0xfffffffffffffffc
	add	x15, x15, x14, lsr #2
	and	x9, x14, #3
	adds	x7, x10, x15
	adcs	x8, x12, xzr
	adc	x9, x9, xzr
	// LLVM-MCA-END
	subs	x2, x2, #1
	b.ne	1b
	stp	x7, x8, [x0, #24]
	str	x9, [x0, #40]
2:	ret
ENDFUNC(poly1305_x64_blocks)

// void poly1305_x64_emit(void *st, uint8_t tag[16])
// h mod p is h or h - p (h < 2p here): g = h + 5 reaches 2^130 exactly when h >= p,
// and then g's low 128 bits are h - p's.  CSEL keeps the choice branch-free.  The
// state is zeroed afterwards, as the portable emit wipes it.
FUNC(poly1305_x64_emit)
	ldp	x2, x3, [x0, #24]
	ldr	x4, [x0, #40]
	adds	x5, x2, #5
	adcs	x6, x3, xzr
	adc	x7, x4, xzr
	tst	x7, #0xfffffffffffffffc
	csel	x2, x5, x2, ne
	csel	x3, x6, x3, ne
	ldp	x5, x6, [x0, #48]
	adds	x2, x2, x5
	adc	x3, x3, x6
	stp	x2, x3, [x1]
	stp	xzr, xzr, [x0]
	stp	xzr, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	stp	xzr, xzr, [x0, #48]
	ret
ENDFUNC(poly1305_x64_emit)
