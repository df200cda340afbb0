/*
 * kernels/armv8/aes_ce_core.S - the parts of the ARMv8 Crypto Extensions AES that
 * every interleave factor shares: key expansion and CBC encryption.
 *
 * Key expansion (aes_key_macros.h) takes SubWord from one AESE.  The decryption
 * schedule is the equivalent inverse cipher's (FIPS 197
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

// subword_ce: w6 = SubWord(w6) with one AESE (v0 = 0): all four columns hold the
// word, so ShiftRows moves nothing and the zero round key adds nothing.
.macro subword_ce
	dup	v1.4s, w6
	aese	v1.16b, v0.16b
	umov	w6, v1.s[0]
.endm

// int aes_ce_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_ce_set_encrypt_key)
	aes_key_size 9f
	movi	v0.16b, #0
	aes_key_expand subword_ce
	mov	w0, #0
	ret
9:	mov	w0, #-1
	ret
ENDFUNC(aes_ce_set_encrypt_key)

// int aes_ce_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_ce_set_decrypt_key)
	aes_set_decrypt_key aes_ce_set_encrypt_key, 1
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
