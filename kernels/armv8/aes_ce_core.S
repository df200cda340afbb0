/*
 * kernels/armv8/aes_ce_core.S - the parts of the ARMv8 Crypto Extensions AES that
 * every interleave factor shares: key expansion and CBC encryption.
 *
 * Key expansion follows FIPS 197 section 5.2 one 32-bit word at a time in general
 * registers; SubWord is one AESE on a vector whose four columns all hold the word
 * (ShiftRows then moves nothing, and the zero round key adds nothing).  Words are
 * handled little-endian, so RotWord is a rotate right by 8 and Rcon is XORed into
 * the low byte.  The decryption schedule is the equivalent inverse cipher's (FIPS 197
 * 5.3.5): the encryption keys in reverse order, InvMixColumns (AESIMC) applied to all
 * but the first and last.
 *
 * CBC encryption is serial (each block needs the previous ciphertext), so its only
 * freedom is the length of the dependency chain.  All round keys stay in registers
 * and the XOR that starts the next block is folded into the current one: AESE begins
 * with "state ^= key", so the next block's first AESE takes last_aese_output as its
 * state and (next_plaintext ^ k0 ^ kNr) as its key.  That value does not depend on
 * the chain and is ready early; the chain itself is AESE/AESMC only, with no EOR.
 *
 * Registers: x0 ks, x1 iv, x2 in, x3 out, x4 blocks; v0 chain, v1 next first-round
 * key, v2 ciphertext, v7 = k0 ^ kNr, v16 = k0, v17..v31 round keys (see
 * aes_ce_macros.h).
 */
#include "kernels/armv8/asm.h"
#include "kernels/armv8/aes_ce_macros.h"

	.arch	armv8-a+crypto
	.text

// int aes_ce_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_ce_set_encrypt_key)
	cmp	w2, #128
	mov	w3, #4			// Nk
	mov	w4, #10			// Nr
	b.eq	1f
	cmp	w2, #192
	mov	w3, #6
	mov	w4, #12
	b.eq	1f
	cmp	w2, #256
	mov	w3, #8
	mov	w4, #14
	b.eq	1f
	mov	w0, #-1
	ret
1:	str	w4, [x0, #AES_CE_ROUNDS_OFF]
	mov	x5, #0
2:	ldr	w6, [x1, x5, lsl #2]	// the key itself is w[0..Nk-1]
	str	w6, [x0, x5, lsl #2]
	add	x5, x5, #1
	cmp	x5, x3
	b.lo	2b
	add	w7, w4, #1
	lsl	w7, w7, #2		// 4 * (Nr + 1) words in all
	movi	v0.16b, #0
	mov	w8, #1			// Rcon
	mov	w10, #0			// i mod Nk
3:	sub	x11, x5, #1
	ldr	w6, [x0, x11, lsl #2]	// temp = w[i-1]
	cbnz	w10, 4f
	dup	v1.4s, w6
	aese	v1.16b, v0.16b
	umov	w6, v1.s[0]
	ror	w6, w6, #8		// RotWord after SubWord: both act bytewise
	eor	w6, w6, w8
	lsl	w8, w8, #1		// Rcon *= x in GF(2^8)
	tst	w8, #0x100
	mov	w12, #0x11b
	csel	w12, w12, wzr, ne
	eor	w8, w8, w12
	b	5f
4:	cmp	w3, #8			// AES-256 adds SubWord at i mod 8 == 4
	b.ne	5f
	cmp	w10, #4
	b.ne	5f
	dup	v1.4s, w6
	aese	v1.16b, v0.16b
	umov	w6, v1.s[0]
5:	sub	x11, x5, x3
	ldr	w12, [x0, x11, lsl #2]
	eor	w6, w6, w12
	str	w6, [x0, x5, lsl #2]
	add	w10, w10, #1
	cmp	w10, w3
	csel	w10, wzr, w10, eq
	add	x5, x5, #1
	cmp	x5, x7
	b.lo	3b
	mov	w0, #0
	ret
ENDFUNC(aes_ce_set_encrypt_key)

// int aes_ce_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_ce_set_decrypt_key)
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	str	x0, [sp, #16]
	bl	aes_ce_set_encrypt_key
	cbnz	w0, 9f
	ldr	x0, [sp, #16]
	ldr	w4, [x0, #AES_CE_ROUNDS_OFF]
	add	x1, x0, x4, lsl #4	// &k[Nr]
	ld1	{v0.16b}, [x0]
	ld1	{v1.16b}, [x1]
	st1	{v0.16b}, [x1]
	st1	{v1.16b}, [x0]
	add	x0, x0, #16
	sub	x1, x1, #16
1:	cmp	x0, x1
	b.hs	2f
	ld1	{v0.16b}, [x0]
	ld1	{v1.16b}, [x1]
	aesimc	v0.16b, v0.16b
	aesimc	v1.16b, v1.16b
	st1	{v0.16b}, [x1]
	st1	{v1.16b}, [x0]
	add	x0, x0, #16
	sub	x1, x1, #16
	b	1b
2:	b.ne	3f			// Nr is even: one middle key left
	ld1	{v0.16b}, [x0]
	aesimc	v0.16b, v0.16b
	st1	{v0.16b}, [x0]
3:	mov	w0, #0
9:	ldp	x29, x30, [sp], #32
	ret
ENDFUNC(aes_ce_set_decrypt_key)

// cbc_enc_loop keys: the serial CBC loop for one key size; keys lists the registers
// of k1..k(Nr-2) (k0 is folded into v1, k(Nr-1) is v30, kNr is v31).
.macro cbc_enc_loop keys:vararg
1:	aese	v0.16b, v1.16b
	aesmc	v0.16b, v0.16b
	.irp	k, \keys
	aes_enc1 v0, \k
	.endr
	aese	v0.16b, v30.16b
	eor	v2.16b, v0.16b, v31.16b
	subs	x4, x4, #1
	st1	{v2.16b}, [x3], #16
	b.eq	2f
	ld1	{v1.16b}, [x2], #16
	eor	v1.16b, v1.16b, v7.16b
	b	1b
2:	st1	{v2.16b}, [x1]
	ret
.endm

// void aes_ce_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
//                         uint8_t *out, size_t nblocks)
FUNC(aes_ce_cbc_encrypt)
	cbz	x4, 9f
	load_keys x0, x5
	ld1	{v16.16b}, [x0]
	eor	v7.16b, v16.16b, v31.16b
	ld1	{v0.16b}, [x1]
	ld1	{v1.16b}, [x2], #16
	eor	v1.16b, v1.16b, v16.16b
	cmp	w9, #12
	b.lo	10f
	b.eq	12f
	cbc_enc_loop v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29
12:	cbc_enc_loop v20, v21, v22, v23, v24, v25, v26, v27, v28, v29
10:	cbc_enc_loop v22, v23, v24, v25, v26, v27, v28, v29
9:	ret
ENDFUNC(aes_ce_cbc_encrypt)

	.section .note.GNU-stack, "", %progbits
