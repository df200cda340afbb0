/*
 * kernels/armv8/sha1_ce.S - the SHA-1 compression function (FIPS 180-4 6.1.2) with
 * the ARMv8 SHA-1 instructions (variant ce, capability sha1).
 *
 * SHA1C/SHA1P/SHA1M each do four rounds with Ch, Parity and Maj (rounds 0-19,
 * 20-39 and 60-79, 40-59).  They take e separately: after four rounds the new e is
 * ROL(a, 30) of the a the group started with, which SHA1H computes before the group
 * overwrites abcd, into the other of two e registers.  SHA1SU0/SU1 compute the next
 * four schedule words in place: W[i+4] = su1(su0(W[i], W[i+1], W[i+2]), W[i+3]).
 *
 * Registers: x0 state (uint32_t[5]), x1 in, x2 blocks, x3 constants; v0 abcd,
 * v1/v22 e (alternating), v2/v3 abcd and e at block start, v4..v7 schedule, v16..v19
 * the four constants, v20/v21 W+K.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8-a+crypto

	.section .rodata
	.p2align 4
// FIPS 180-4 4.2.1: K for rounds 0-19, 20-39, 40-59, 60-79.
.Lk1:
	.word	0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6

	.text

// quad1 op, wk, e, enext, w0, w1, w2, w3, k, sched: four rounds of op with schedule
// words w0; e and enext are register numbers: enext gets the e of the next group;
// when sched, w0 moves four groups on.
.macro quad1 op, wk, e, enext, w0, w1, w2, w3, k, sched
	add	\wk\().4s, \w0\().4s, \k\().4s
	sha1h	s\enext, s0
	\op	q0, s\e, \wk\().4s
	.if \sched
	sha1su0	\w0\().4s, \w1\().4s, \w2\().4s
	sha1su1	\w0\().4s, \w3\().4s
	.endif
.endm

// void sha1_ce_blocks(void *state, const uint8_t *in, size_t nblocks)
FUNC(sha1_ce_blocks)
	cbz	x2, 2f
	adrp	x3, .Lk1
	add	x3, x3, :lo12:.Lk1
	ld4r	{v16.4s-v19.4s}, [x3]
	ld1	{v0.4s}, [x0]
	ldr	s1, [x0, #16]
1:
	// LLVM-MCA-BEGIN sha1
	ld1	{v4.16b-v7.16b}, [x1], #64
	rev32	v4.16b, v4.16b
	rev32	v5.16b, v5.16b
	rev32	v6.16b, v6.16b
	rev32	v7.16b, v7.16b
	mov	v2.16b, v0.16b
	mov	v3.16b, v1.16b
	quad1 sha1c, v20, 1, 22, v4, v5, v6, v7, v16, 1
	quad1 sha1c, v21, 22, 1, v5, v6, v7, v4, v16, 1
	quad1 sha1c, v20, 1, 22, v6, v7, v4, v5, v16, 1
	quad1 sha1c, v21, 22, 1, v7, v4, v5, v6, v16, 1
	quad1 sha1c, v20, 1, 22, v4, v5, v6, v7, v16, 1
	quad1 sha1p, v21, 22, 1, v5, v6, v7, v4, v17, 1
	quad1 sha1p, v20, 1, 22, v6, v7, v4, v5, v17, 1
	quad1 sha1p, v21, 22, 1, v7, v4, v5, v6, v17, 1
	quad1 sha1p, v20, 1, 22, v4, v5, v6, v7, v17, 1
	quad1 sha1p, v21, 22, 1, v5, v6, v7, v4, v17, 1
	quad1 sha1m, v20, 1, 22, v6, v7, v4, v5, v18, 1
	quad1 sha1m, v21, 22, 1, v7, v4, v5, v6, v18, 1
	quad1 sha1m, v20, 1, 22, v4, v5, v6, v7, v18, 1
	quad1 sha1m, v21, 22, 1, v5, v6, v7, v4, v18, 1
	quad1 sha1m, v20, 1, 22, v6, v7, v4, v5, v18, 1
	quad1 sha1p, v21, 22, 1, v7, v4, v5, v6, v19, 1
	quad1 sha1p, v20, 1, 22, v4, v5, v6, v7, v19, 0
	quad1 sha1p, v21, 22, 1, v5, v6, v7, v4, v19, 0
	quad1 sha1p, v20, 1, 22, v6, v7, v4, v5, v19, 0
	quad1 sha1p, v21, 22, 1, v7, v4, v5, v6, v19, 0
	add	v0.4s, v0.4s, v2.4s
	add	v1.4s, v1.4s, v3.4s
	subs	x2, x2, #1
	b.ne	1b
	// LLVM-MCA-END
	st1	{v0.4s}, [x0]
	str	s1, [x0, #16]
2:	ret
ENDFUNC(sha1_ce_blocks)

	.section .note.GNU-stack, "", %progbits
