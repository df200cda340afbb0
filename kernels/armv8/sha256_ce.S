/*
 * kernels/armv8/sha256_ce.S - the SHA-256 compression function (FIPS 180-4 6.2.2)
 * with the ARMv8 SHA-256 instructions (variant ce, capability sha2).
 *
 * Each SHA256H/SHA256H2 pair does four rounds: SHA256H turns (abcd, efgh, W+K) into
 * the new abcd and SHA256H2 the new efgh from the old abcd, so abcd is copied first.
 * SHA256SU0/SU1 compute the next four schedule words in place of the four just
 * consumed: W[i+4] = su1(su0(W[i], W[i+1]), W[i+2], W[i+3]), four words per
 * register.  All 64 round constants stay in v16..v31 for the whole call, so the loop
 * has no loads besides the message; W+K alternates between v8 and v9 so the next
 * addition need not wait for the previous SHA256H2.
 *
 * Registers: x0 state (uint32_t[8]), x1 in, x2 blocks, x3 constants; v0 abcd,
 * v1 efgh, v2/v3 the state at block start, v4..v7 schedule, v8/v9 W+K, v10 copy of
 * abcd (d8..d10 are callee-saved: saved), v16..v31 K.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8-a+crypto

	.section .rodata
	.p2align 4
// FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of
// the first 64 primes.
.Lk256:
	.word	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.word	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.word	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.word	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.word	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.word	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.word	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.word	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.word	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.word	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.word	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.word	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.word	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.word	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.word	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.word	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2

	.text

// quad256 wk, w0, w1, w2, w3, k, sched: four rounds with schedule words w0 and
// constants k; when sched, w0 becomes the words four groups on (w1..w3 follow w0).
.macro quad256 wk, w0, w1, w2, w3, k, sched
	add	\wk\().4s, \w0\().4s, \k\().4s
	mov	v10.16b, v0.16b
	sha256h	q0, q1, \wk\().4s
	sha256h2 q1, q10, \wk\().4s
	.if \sched
	sha256su0 \w0\().4s, \w1\().4s
	sha256su1 \w0\().4s, \w2\().4s, \w3\().4s
	.endif
.endm

// void sha256_ce_blocks(void *state, const uint8_t *in, size_t nblocks)
FUNC(sha256_ce_blocks)
	cbz	x2, 2f
	stp	d8, d9, [sp, #-16]!
	str	d10, [sp, #-16]!
	adrp	x3, .Lk256
	add	x3, x3, :lo12:.Lk256
	ld1	{v16.4s-v19.4s}, [x3], #64
	ld1	{v20.4s-v23.4s}, [x3], #64
	ld1	{v24.4s-v27.4s}, [x3], #64
	ld1	{v28.4s-v31.4s}, [x3]
	ld1	{v0.4s-v1.4s}, [x0]
1:
	// LLVM-MCA-BEGIN sha256
	ld1	{v4.16b-v7.16b}, [x1], #64
	rev32	v4.16b, v4.16b
	rev32	v5.16b, v5.16b
	rev32	v6.16b, v6.16b
	rev32	v7.16b, v7.16b
	mov	v2.16b, v0.16b
	mov	v3.16b, v1.16b
	quad256 v8, v4, v5, v6, v7, v16, 1
	quad256 v9, v5, v6, v7, v4, v17, 1
	quad256 v8, v6, v7, v4, v5, v18, 1
	quad256 v9, v7, v4, v5, v6, v19, 1
	quad256 v8, v4, v5, v6, v7, v20, 1
	quad256 v9, v5, v6, v7, v4, v21, 1
	quad256 v8, v6, v7, v4, v5, v22, 1
	quad256 v9, v7, v4, v5, v6, v23, 1
	quad256 v8, v4, v5, v6, v7, v24, 1
	quad256 v9, v5, v6, v7, v4, v25, 1
	quad256 v8, v6, v7, v4, v5, v26, 1
	quad256 v9, v7, v4, v5, v6, v27, 1
	quad256 v8, v4, v5, v6, v7, v28, 0
	quad256 v9, v5, v6, v7, v4, v29, 0
	quad256 v8, v6, v7, v4, v5, v30, 0
	quad256 v9, v7, v4, v5, v6, v31, 0
	add	v0.4s, v0.4s, v2.4s
	add	v1.4s, v1.4s, v3.4s
	subs	x2, x2, #1
	b.ne	1b
	// LLVM-MCA-END
	st1	{v0.4s-v1.4s}, [x0]
	ldr	d10, [sp], #16
	ldp	d8, d9, [sp], #16
2:	ret
ENDFUNC(sha256_ce_blocks)

	.section .note.GNU-stack, "", %progbits
