/*
 * kernels/armv8/sha512_ce.S - the SHA-512 compression function (FIPS 180-4 6.4.2)
 * with the ARMv8.2 SHA-512 instructions (variant ce, capability sha512).
 *
 * The state is kept in pairs AB = (a, b), CD, EF, GH (lane 0 first).  One step does
 * two rounds:
 *   SHA512H  GH + swap(W+K), with (f, g) and (d, e) made by EXT from EF/GH and CD/EF,
 *            gives (T1 of round t+1, T1 of round t);
 *   EF'      = CD + that, the two new e values;
 *   SHA512H2 of it with c (CD) and (a, b) gives the two new a values: the new AB.
 * The roles then move to other registers instead of moving data: AB' is the old GH
 * register, CD' = AB, EF' = the free register, GH' = EF, and CD's register becomes
 * free.  The pattern repeats every five steps, so 40 steps end where they began.
 * SHA512SU0/SU1 compute the schedule two words at a time: W[i+8] (pair) from
 * W[i], W[i+1], (W[i+4], W[i+5]) shifted by one word, and W[i+7].
 *
 * Registers: x0 state (uint64_t[8]), x1 in, x2 blocks, x3 constants; v0..v4 state
 * pairs (rotating roles), v5/v6/v7 scratch, v16..v23 schedule, v24..v27 the state at
 * block start, v28..v31 four pairs of constants, reloaded every four steps.
 */
#include "kernels/armv8/asm.h"

	.arch	armv8.2-a+sha3

	.section .rodata
	.p2align 4
// FIPS 180-4 4.2.3: the first 64 bits of the fractional parts of the cube roots of
// the first 80 primes.
.Lk512:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817

	.text

// pair512 ab, cd, ef, gh, fr, w0, w1, w4, w5, w7, k, load, sched: rounds 2p, 2p+1
// (see above); the state roles are register numbers.  load fetches the next four constant pairs into v28..v31 first;
// sched turns w0 into the pair eight on.
.macro pair512 ab, cd, ef, gh, fr, w0, w1, w4, w5, w7, k, load, sched
	.if \load
	ld1	{v28.2d-v31.2d}, [x3], #64
	.endif
	add	v5.2d, \w0\().2d, \k\().2d
	ext	v6.16b, v5.16b, v5.16b, #8
	ext	v7.16b, v\ef\().16b, v\gh\().16b, #8
	ext	v5.16b, v\cd\().16b, v\ef\().16b, #8
	add	v\gh\().2d, v\gh\().2d, v6.2d
	sha512h	q\gh, q7, v5.2d
	.if \sched
	sha512su0 \w0\().2d, \w1\().2d
	ext	v6.16b, \w4\().16b, \w5\().16b, #8
	sha512su1 \w0\().2d, \w7\().2d, v6.2d
	.endif
	add	v\fr\().2d, v\cd\().2d, v\gh\().2d
	sha512h2 q\gh, q\cd, v\ab\().2d
.endm

// void sha512_ce_blocks(void *state, const uint8_t *in, size_t nblocks)
FUNC(sha512_ce_blocks)
	cbz	x2, 2f
	ld1	{v0.2d-v3.2d}, [x0]
1:
	// LLVM-MCA-BEGIN sha512
	adrp	x3, .Lk512
	add	x3, x3, :lo12:.Lk512
	ld1	{v16.16b-v19.16b}, [x1], #64
	ld1	{v20.16b-v23.16b}, [x1], #64
	.irp	r, 16, 17, 18, 19, 20, 21, 22, 23
	rev64	v\r\().16b, v\r\().16b
	.endr
	mov	v24.16b, v0.16b
	mov	v25.16b, v1.16b
	mov	v26.16b, v2.16b
	mov	v27.16b, v3.16b
	pair512 0, 1, 2, 3, 4, v16, v17, v20, v21, v23, v28, 1, 1
	pair512 3, 0, 4, 2, 1, v17, v18, v21, v22, v16, v29, 0, 1
	pair512 2, 3, 1, 4, 0, v18, v19, v22, v23, v17, v30, 0, 1
	pair512 4, 2, 0, 1, 3, v19, v20, v23, v16, v18, v31, 0, 1
	pair512 1, 4, 3, 0, 2, v20, v21, v16, v17, v19, v28, 1, 1
	pair512 0, 1, 2, 3, 4, v21, v22, v17, v18, v20, v29, 0, 1
	pair512 3, 0, 4, 2, 1, v22, v23, v18, v19, v21, v30, 0, 1
	pair512 2, 3, 1, 4, 0, v23, v16, v19, v20, v22, v31, 0, 1
	pair512 4, 2, 0, 1, 3, v16, v17, v20, v21, v23, v28, 1, 1
	pair512 1, 4, 3, 0, 2, v17, v18, v21, v22, v16, v29, 0, 1
	pair512 0, 1, 2, 3, 4, v18, v19, v22, v23, v17, v30, 0, 1
	pair512 3, 0, 4, 2, 1, v19, v20, v23, v16, v18, v31, 0, 1
	pair512 2, 3, 1, 4, 0, v20, v21, v16, v17, v19, v28, 1, 1
	pair512 4, 2, 0, 1, 3, v21, v22, v17, v18, v20, v29, 0, 1
	pair512 1, 4, 3, 0, 2, v22, v23, v18, v19, v21, v30, 0, 1
	pair512 0, 1, 2, 3, 4, v23, v16, v19, v20, v22, v31, 0, 1
	pair512 3, 0, 4, 2, 1, v16, v17, v20, v21, v23, v28, 1, 1
	pair512 2, 3, 1, 4, 0, v17, v18, v21, v22, v16, v29, 0, 1
	pair512 4, 2, 0, 1, 3, v18, v19, v22, v23, v17, v30, 0, 1
	pair512 1, 4, 3, 0, 2, v19, v20, v23, v16, v18, v31, 0, 1
	pair512 0, 1, 2, 3, 4, v20, v21, v16, v17, v19, v28, 1, 1
	pair512 3, 0, 4, 2, 1, v21, v22, v17, v18, v20, v29, 0, 1
	pair512 2, 3, 1, 4, 0, v22, v23, v18, v19, v21, v30, 0, 1
	pair512 4, 2, 0, 1, 3, v23, v16, v19, v20, v22, v31, 0, 1
	pair512 1, 4, 3, 0, 2, v16, v17, v20, v21, v23, v28, 1, 1
	pair512 0, 1, 2, 3, 4, v17, v18, v21, v22, v16, v29, 0, 1
	pair512 3, 0, 4, 2, 1, v18, v19, v22, v23, v17, v30, 0, 1
	pair512 2, 3, 1, 4, 0, v19, v20, v23, v16, v18, v31, 0, 1
	pair512 4, 2, 0, 1, 3, v20, v21, v16, v17, v19, v28, 1, 1
	pair512 1, 4, 3, 0, 2, v21, v22, v17, v18, v20, v29, 0, 1
	pair512 0, 1, 2, 3, 4, v22, v23, v18, v19, v21, v30, 0, 1
	pair512 3, 0, 4, 2, 1, v23, v16, v19, v20, v22, v31, 0, 1
	pair512 2, 3, 1, 4, 0, v16, v17, v20, v21, v23, v28, 1, 0
	pair512 4, 2, 0, 1, 3, v17, v18, v21, v22, v16, v29, 0, 0
	pair512 1, 4, 3, 0, 2, v18, v19, v22, v23, v17, v30, 0, 0
	pair512 0, 1, 2, 3, 4, v19, v20, v23, v16, v18, v31, 0, 0
	pair512 3, 0, 4, 2, 1, v20, v21, v16, v17, v19, v28, 1, 0
	pair512 2, 3, 1, 4, 0, v21, v22, v17, v18, v20, v29, 0, 0
	pair512 4, 2, 0, 1, 3, v22, v23, v18, v19, v21, v30, 0, 0
	pair512 1, 4, 3, 0, 2, v23, v16, v19, v20, v22, v31, 0, 0
	add	v0.2d, v0.2d, v24.2d
	add	v1.2d, v1.2d, v25.2d
	add	v2.2d, v2.2d, v26.2d
	add	v3.2d, v3.2d, v27.2d
	subs	x2, x2, #1
	b.ne	1b
	// LLVM-MCA-END
	st1	{v0.2d-v3.2d}, [x0]
2:	ret
ENDFUNC(sha512_ce_blocks)

	.section .note.GNU-stack, "", %progbits
