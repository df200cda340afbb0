/*
 * kernels/armv8/gcm_ce_stitched.S - AES-GCM with CTR and GHASH in one loop
 * (variant ce-gcm-stitched).
 *
 * Four counter blocks per group go through AESE/AESMC while PMULL/PMULL2 hash four
 * ciphertext blocks: the two units are independent, so an out-of-order core runs
 * them side by side, and an in-order one (Cortex-A53) at least finds an independent
 * instruction between each AESE/AESMC pair and its successor.  The GHASH work is cut
 * into six pieces (gh_p1..gh_p6) placed after the first six common AES rounds.
 *
 * Decryption hashes the ciphertext it is about to decrypt.  Encryption hashes the
 * ciphertext of the previous group (it does not exist yet for the current one), so
 * its first group is AES only and the last group's hash runs after the loop.
 *
 * Threshold: GCM_STITCH_MIN_BLOCKS (armv8.h) = 8.  Below 8 blocks the function
 * returns 0 and the portable GCM layer does the whole message with ctr32 and
 * ghash_pmull_blocks: the fixed cost here (saving d8-d15, loading all round keys,
 * and for encryption an unstitched first and last group) would be most of the work.
 * It processes whole groups of 4 blocks and returns the bytes done; the caller
 * finishes the remaining 0..63 bytes.
 *
 * Registers
 *   x0 ks, x1 H table, x2 ctr, x3 xi, x4 in, x5 out, x6 len -> x7 groups left,
 *   x8 bytes done, w9 Nr, w10 counter, w11 scratch
 *   v0..v3   AES states (counter blocks)
 *   v4..v7   GHASH input (ciphertext), data
 *   v8 Xi (ghash_macros.h layout), v9/v10/v11 lo/hi/mid sums, v12 scratch,
 *   v13 a power of H, v14 a Karatsuba vector, v15 reduction constant
 *   v16 counter template, v17..v31 round keys (aes_ce_macros.h)
 */
#include "kernels/armv8/asm.h"
#include "kernels/armv8/aes_ce_macros.h"
#include "kernels/armv8/ghash_macros.h"

#define GCM_STITCH_MIN_GROUPS 2 /* GCM_STITCH_MIN_BLOCKS / 4 */

	.arch	armv8-a+crypto
	.text

// The GHASH of v4..v7 into v8, in six pieces.
.macro gh_p1
	ldr	q13, [x1, #GHT_H4]
	ldr	q14, [x1, #GHT_K34]
	rev64	v4.16b, v4.16b
	rev64	v5.16b, v5.16b
	rev64	v6.16b, v6.16b
	rev64	v7.16b, v7.16b
	eor	v4.16b, v4.16b, v8.16b
.endm
.macro gh_p2
	gmul_first v4, v13, v14, pmull2, v12, v9, v10, v11
.endm
.macro gh_p3
	ldr	q13, [x1, #GHT_H3]
	gmul_acc v5, v13, v14, pmull, v12, v9, v10, v11
.endm
.macro gh_p4
	ldr	q13, [x1, #GHT_H2]
	ldr	q14, [x1, #GHT_K12]
	gmul_acc v6, v13, v14, pmull2, v12, v9, v10, v11
.endm
.macro gh_p5
	ldr	q13, [x1, #GHT_H1]
	gmul_acc v7, v13, v14, pmull, v12, v9, v10, v11
.endm
.macro gh_p6
	ghash_reduce v8, v9, v10, v11, v15, v12, v13
.endm

.macro ghash4
	gh_p1
	gh_p2
	gh_p3
	gh_p4
	gh_p5
	gh_p6
.endm

// ctr4: v0..v3 = the next four counter blocks.
.macro ctr1 j, reg
	add	w11, w10, #\j
	rev	w11, w11
	mov	\reg\().16b, v16.16b
	mov	\reg\().s[3], w11
.endm
.macro ctr4
	ctr1	0, v0
	ctr1	1, v1
	ctr1	2, v2
	ctr1	3, v3
	add	w10, w10, #4
.endm

// ctr_xor_store: v4..v7 = the next 64 input bytes ^ keystream v0..v3, stored to out.
.macro ctr_xor_store
	ld1	{v4.16b-v7.16b}, [x4], #64
	eor	v4.16b, v4.16b, v0.16b
	eor	v5.16b, v5.16b, v1.16b
	eor	v6.16b, v6.16b, v2.16b
	eor	v7.16b, v7.16b, v3.16b
	st1	{v4.16b-v7.16b}, [x5], #64
.endm

// stitched_group: AES of v0..v3 with the GHASH of v4..v7 woven into the rounds.
.macro stitched_group
	cmp	w9, #12
	b.lo	.Ls10\@
	b.eq	.Ls12\@
	aes_round aes_enc1, v17, 0, 1, 2, 3
	aes_round aes_enc1, v18, 0, 1, 2, 3
.Ls12\@:
	aes_round aes_enc1, v19, 0, 1, 2, 3
	aes_round aes_enc1, v20, 0, 1, 2, 3
.Ls10\@:
	aes_round aes_enc1, v21, 0, 1, 2, 3
	gh_p1
	aes_round aes_enc1, v22, 0, 1, 2, 3
	gh_p2
	aes_round aes_enc1, v23, 0, 1, 2, 3
	gh_p3
	aes_round aes_enc1, v24, 0, 1, 2, 3
	gh_p4
	aes_round aes_enc1, v25, 0, 1, 2, 3
	gh_p5
	aes_round aes_enc1, v26, 0, 1, 2, 3
	gh_p6
	aes_round aes_enc1, v27, 0, 1, 2, 3
	aes_round aes_enc1, v28, 0, 1, 2, 3
	aes_round aes_enc1, v29, 0, 1, 2, 3
	.irp	i, 0, 1, 2, 3
	aes_enc_last1 v\i, v30, v31
	.endr
.endm

// gcm_enter: bail out below the threshold, else save d8-d15 and load everything.
.macro gcm_enter
	lsr	x7, x6, #6
	cmp	x7, #GCM_STITCH_MIN_GROUPS
	b.hs	1f
	mov	x0, #0
	ret
1:	lsl	x8, x7, #6
	save_d8_d15
	load_keys x0, x11
	ld1	{v16.16b}, [x2]
	ldr	w10, [x2, #12]
	rev	w10, w10
	ld1	{v8.16b}, [x3]
	rev64	v8.16b, v8.16b
	ghash_kconst d15, x11
.endm

// gcm_leave: write the counter and Xi back, restore d8-d15, return the bytes done.
.macro gcm_leave
	rev	w10, w10
	str	w10, [x2, #12]
	rev64	v8.16b, v8.16b
	st1	{v8.16b}, [x3]
	restore_d8_d15
	mov	x0, x8
	ret
.endm

// size_t gcm_ce_stitched_encrypt(const void *ks, const void *htable, uint8_t ctr[16],
//                                uint8_t xi[16], const uint8_t *in, uint8_t *out,
//                                size_t len)
FUNC(gcm_ce_stitched_encrypt)
	gcm_enter
	ctr4
	enc_blocks 0, 1, 2, 3
	ctr_xor_store
	sub	x7, x7, #1
1:
	// LLVM-MCA-BEGIN gcm_stitched_encrypt
	ctr4
	stitched_group
	ctr_xor_store
	subs	x7, x7, #1
	b.ne	1b
	// LLVM-MCA-END
	ghash4
	gcm_leave
ENDFUNC(gcm_ce_stitched_encrypt)

// size_t gcm_ce_stitched_decrypt(...): the same arguments; hashes what it decrypts.
FUNC(gcm_ce_stitched_decrypt)
	gcm_enter
1:
	// LLVM-MCA-BEGIN gcm_stitched_decrypt
	ctr4
	ld1	{v4.16b-v7.16b}, [x4]
	stitched_group
	ctr_xor_store
	subs	x7, x7, #1
	b.ne	1b
	// LLVM-MCA-END
	gcm_leave
ENDFUNC(gcm_ce_stitched_decrypt)

	.section .note.GNU-stack, "", %progbits
