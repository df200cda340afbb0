/*
 * kernels/armv8/aes_neon.S - AES with plain Advanced SIMD (variant neon), for cores
 * without the Crypto Extensions (Cortex-A72 in the Raspberry Pi 4, where 64-bit builds
 * fell back to table-driven C and ran at half the speed of 32-bit NEON code).
 *
 * Byte-sliced vector permutes: the whole 256-byte S-box lives in v16..v31 and one
 * TBL plus three TBX (each on a 64-byte quarter, the index lowered by 64 between them;
 * an out-of-range index leaves the byte alone) substitute all 16 bytes at once, in
 * constant time.  ShiftRows is a TBL with a fixed permutation folded in front of that.
 * MixColumns works on each 32-bit column: with r1/r2 the column rotated by one/two
 * bytes (USHR+SLI, REV32 on halfwords) and t = a ^ r1(a),
 *     MixColumns(a) = xtime(t) ^ r1(a) ^ r2(t)                      (FIPS 197 5.1.3)
 * and xtime's reduction is a PMUL of the shifted-out top bit by 0x1b.  Decryption
 * runs the inverse cipher (FIPS 197 5.3) with the inverse S-box in v16..v31, and
 * InvMixColumns as MixColumns after multiplying each column by 04x^2 + 05
 * ((03x^3 + x^2 + x + 02)(04x^2 + 05) = 0bx^3 + 0dx^2 + 09x + 0e mod x^4 + 1):
 *     a' = a ^ 4*(a ^ r2(a)),  InvMixColumns(a) = MixColumns(a').
 * Four blocks go through each round together (ECB, CTR, CBC decryption) to hide the
 * TBL latency; CBC encryption and tails run one block.
 *
 * Key schedule (same layout as the ce variants): round keys at 16-byte steps, Nr at
 * offset 240.  The decryption schedule is the encryption one in reverse order (the
 * straight inverse cipher needs no InvMixColumns on the keys).  Key expansion uses the
 * same S-box lookup for SubWord, so no table is ever indexed by secret data.
 *
 * Registers: v0..v3 states, v4..v7 and v8..v11 scratch per state, v12 = 0x40 in every
 * byte, v13 the (Inv)ShiftRows permutation, v14 = 0x1b, v15 the round key, v16..v31
 * the S-box.  Every function saves d8..d15.  x8 key pointer, w9 Nr, x10/w11 loop.
 */
#include "kernels/armv8/asm.h"
#include "kernels/armv8/aes_key_macros.h"
#include "kernels/generic/aes_tables.h"

	.arch	armv8-a

	.section .rodata
	.p2align 6
// FIPS 197 Figure 7 (S-box) and Figure 14 (inverse S-box), from kernels/generic/aes_tables.h.
#define SBOX_BYTE(s) .byte s;
.Lsbox:
	AES_SBOX(SBOX_BYTE)
.Linv_sbox:
	AES_INV_SBOX(SBOX_BYTE)
// ShiftRows as a TBL index: out[r + 4c] = in[r + 4((c + r) mod 4)] (FIPS 197 5.1.2);
// InvShiftRows with (c - r) (5.3.1).
.Lshift_rows:
	.byte	0x00, 0x05, 0x0a, 0x0f, 0x04, 0x09, 0x0e, 0x03, 0x08, 0x0d, 0x02, 0x07, 0x0c, 0x01, 0x06, 0x0b
.Linv_shift_rows:
	.byte	0x00, 0x0d, 0x0a, 0x07, 0x04, 0x01, 0x0e, 0x0b, 0x08, 0x05, 0x02, 0x0f, 0x0c, 0x09, 0x06, 0x03

	.text

// neon_setup sbox, sr: save d8..d15 and load the S-box and permutation named.
.macro neon_setup sbox, sr
	save_d8_d15
	adrp	x10, \sbox
	add	x10, x10, :lo12:\sbox
	ld1	{v16.16b-v19.16b}, [x10], #64
	ld1	{v20.16b-v23.16b}, [x10], #64
	ld1	{v24.16b-v27.16b}, [x10], #64
	ld1	{v28.16b-v31.16b}, [x10]
	adrp	x10, \sr
	add	x10, x10, :lo12:\sr
	ld1	{v13.16b}, [x10]
	movi	v12.16b, #0x40
	movi	v14.16b, #0x1b
.endm

.macro neon_restore
	restore_d8_d15
.endm

// sbox1 s, t: s = S-box(t), t clobbered (v16..v31 hold the table).
.macro sbox1 s, t
	tbl	\s\().16b, {v16.16b-v19.16b}, \t\().16b
	sub	\t\().16b, \t\().16b, v12.16b
	tbx	\s\().16b, {v20.16b-v23.16b}, \t\().16b
	sub	\t\().16b, \t\().16b, v12.16b
	tbx	\s\().16b, {v24.16b-v27.16b}, \t\().16b
	sub	\t\().16b, \t\().16b, v12.16b
	tbx	\s\().16b, {v28.16b-v31.16b}, \t\().16b
.endm

// Per-state steps: s the state, t and u its scratch registers.
.macro ark1 s, t, u
	eor	\s\().16b, \s\().16b, v15.16b
.endm

.macro sub_shift1 s, t, u
	tbl	\t\().16b, {\s\().16b}, v13.16b
	sbox1	\s, \t
.endm

.macro mix1 s, t, u
	ushr	\t\().4s, \s\().4s, #8
	sli	\t\().4s, \s\().4s, #24		// r1(a)
	eor	\t\().16b, \t\().16b, \s\().16b	// t = a ^ r1(a)
	eor	\s\().16b, \s\().16b, \t\().16b	// r1(a)
	rev32	\u\().8h, \t\().8h		// r2(t)
	eor	\s\().16b, \s\().16b, \u\().16b
	ushr	\u\().16b, \t\().16b, #7
	pmul	\u\().16b, \u\().16b, v14.16b
	add	\t\().16b, \t\().16b, \t\().16b
	eor	\s\().16b, \s\().16b, \u\().16b
	eor	\s\().16b, \s\().16b, \t\().16b	// xtime(t) ^ r1(a) ^ r2(t)
.endm

.macro inv_mix1 s, t, u
	rev32	\t\().8h, \s\().8h
	eor	\t\().16b, \t\().16b, \s\().16b	// a ^ r2(a)
	ushr	\u\().16b, \t\().16b, #6
	pmul	\u\().16b, \u\().16b, v14.16b	// reduction of the two bits shifted out
	shl	\t\().16b, \t\().16b, #2
	eor	\t\().16b, \t\().16b, \u\().16b
	eor	\s\().16b, \s\().16b, \t\().16b	// a' = a ^ 4(a ^ r2(a))
	mix1	\s, \t, \u
.endm

// each n, op: op on every state in flight (n = 1 or 4).
.macro each n, op
	\op	v0, v4, v8
	.if \n == 4
	\op	v1, v5, v9
	\op	v2, v6, v10
	\op	v3, v7, v11
	.endif
.endm

// cipher n, inner: the whole cipher on n states from the schedule at x8 (w9 = Nr);
// inner is the middle of a round after SubBytes/ShiftRows: mix_ark or ark_invmix.
.macro mix_ark n
	each	\n, mix1
	each	\n, ark1
.endm
.macro ark_invmix n
	each	\n, ark1
	each	\n, inv_mix1
.endm
.macro cipher n, inner
	mov	x10, x8
	ld1	{v15.16b}, [x10], #16
	each	\n, ark1
	sub	w11, w9, #1
.Lround\@:
	ld1	{v15.16b}, [x10], #16
	each	\n, sub_shift1
	\inner	\n
	subs	w11, w11, #1
	b.ne	.Lround\@
	ld1	{v15.16b}, [x10]
	each	\n, sub_shift1
	each	\n, ark1
.endm

// subword_neon: w6 = SubWord(w6) through the vector S-box.
.macro subword_neon
	dup	v1.4s, w6
	sbox1	v0, v1
	umov	w6, v0.s[0]
.endm

// int aes_neon_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_neon_set_encrypt_key)
	aes_key_size 9f
	neon_setup .Lsbox, .Lshift_rows
	aes_key_expand subword_neon
	neon_restore
	mov	w0, #0
	ret
9:	mov	w0, #-1
	ret
ENDFUNC(aes_neon_set_encrypt_key)

// int aes_neon_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
FUNC(aes_neon_set_decrypt_key)
	aes_set_decrypt_key aes_neon_set_encrypt_key, 0
ENDFUNC(aes_neon_set_decrypt_key)

// ecb_neon dir_setup, inner: ECB over x0 ks, x1 in, x2 out, x3 blocks.
.macro ecb_neon sbox, sr, inner
	neon_setup \sbox, \sr
	mov	x8, x0
	ldr	w9, [x8, #AES_KS_ROUNDS_OFF]
	subs	x3, x3, #4
	b.lo	2f
1:	ld1	{v0.16b-v3.16b}, [x1], #64
	cipher	4, \inner
	st1	{v0.16b-v3.16b}, [x2], #64
	subs	x3, x3, #4
	b.hs	1b
2:	adds	x3, x3, #4
	b.eq	4f
3:	ld1	{v0.16b}, [x1], #16
	cipher	1, \inner
	st1	{v0.16b}, [x2], #16
	subs	x3, x3, #1
	b.ne	3b
4:	neon_restore
	ret
.endm

// void aes_neon_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
FUNC(aes_neon_ecb_encrypt)
	ecb_neon .Lsbox, .Lshift_rows, mix_ark
ENDFUNC(aes_neon_ecb_encrypt)

// void aes_neon_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
FUNC(aes_neon_ecb_decrypt)
	ecb_neon .Linv_sbox, .Linv_shift_rows, ark_invmix
ENDFUNC(aes_neon_ecb_decrypt)

// void aes_neon_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
//                           uint8_t *out, size_t n)
FUNC(aes_neon_cbc_encrypt)
	cbz	x4, 2f
	neon_setup .Lsbox, .Lshift_rows
	mov	x8, x0
	ldr	w9, [x8, #AES_KS_ROUNDS_OFF]
	ld1	{v0.16b}, [x1]
1:	ld1	{v1.16b}, [x2], #16
	eor	v0.16b, v0.16b, v1.16b
	cipher	1, mix_ark
	st1	{v0.16b}, [x3], #16
	subs	x4, x4, #1
	b.ne	1b
	st1	{v0.16b}, [x1]
	neon_restore
2:	ret
ENDFUNC(aes_neon_cbc_encrypt)

// void aes_neon_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
//                           uint8_t *out, size_t n)
// No register is left for the chaining value: it lives in iv[], rewritten with the
// last ciphertext of each group after every ciphertext of the group is loaded (so
// in == out is safe), and the ciphertexts are reloaded after the rounds.
FUNC(aes_neon_cbc_decrypt)
	neon_setup .Linv_sbox, .Linv_shift_rows
	mov	x8, x0
	ldr	w9, [x8, #AES_KS_ROUNDS_OFF]
	subs	x4, x4, #4
	b.lo	2f
1:	ld1	{v0.16b-v3.16b}, [x2]
	cipher	4, ark_invmix
	ld1	{v8.16b}, [x1]
	ld1	{v4.16b-v7.16b}, [x2], #64
	eor	v0.16b, v0.16b, v8.16b
	eor	v1.16b, v1.16b, v4.16b
	eor	v2.16b, v2.16b, v5.16b
	eor	v3.16b, v3.16b, v6.16b
	st1	{v7.16b}, [x1]
	st1	{v0.16b-v3.16b}, [x3], #64
	subs	x4, x4, #4
	b.hs	1b
2:	adds	x4, x4, #4
	b.eq	4f
3:	ld1	{v0.16b}, [x2]
	cipher	1, ark_invmix
	ld1	{v8.16b}, [x1]
	ld1	{v4.16b}, [x2], #16
	eor	v0.16b, v0.16b, v8.16b
	st1	{v4.16b}, [x1]
	st1	{v0.16b}, [x3], #16
	subs	x4, x4, #1
	b.ne	3b
4:	neon_restore
	ret
ENDFUNC(aes_neon_cbc_decrypt)

// ctr_neon1 j, reg: reg = counter block (w5 + j), template reloaded from [x1].
.macro ctr_neon1 j, reg
	add	w6, w5, #\j
	rev	w6, w6
	ld1	{\reg\().16b}, [x1]
	mov	\reg\().s[3], w6
.endm

// void aes_neon_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
//                     uint8_t *out, size_t n)
FUNC(aes_neon_ctr32)
	neon_setup .Lsbox, .Lshift_rows
	mov	x8, x0
	ldr	w9, [x8, #AES_KS_ROUNDS_OFF]
	ldr	w5, [x1, #12]
	rev	w5, w5
	subs	x4, x4, #4
	b.lo	2f
1:	ctr_neon1 0, v0
	ctr_neon1 1, v1
	ctr_neon1 2, v2
	ctr_neon1 3, v3
	add	w5, w5, #4
	cipher	4, mix_ark
	ld1	{v4.16b-v7.16b}, [x2], #64
	eor	v0.16b, v0.16b, v4.16b
	eor	v1.16b, v1.16b, v5.16b
	eor	v2.16b, v2.16b, v6.16b
	eor	v3.16b, v3.16b, v7.16b
	st1	{v0.16b-v3.16b}, [x3], #64
	subs	x4, x4, #4
	b.hs	1b
2:	adds	x4, x4, #4
	b.eq	4f
3:	ctr_neon1 0, v0
	add	w5, w5, #1
	cipher	1, mix_ark
	ld1	{v4.16b}, [x2], #16
	eor	v0.16b, v0.16b, v4.16b
	st1	{v0.16b}, [x3], #16
	subs	x4, x4, #1
	b.ne	3b
4:	neon_restore
	ret
ENDFUNC(aes_neon_ctr32)

	.section .note.GNU-stack, "", %progbits
