/*
 * kernels/armv8/aes_key_macros.h - AES key expansion (FIPS 197 5.2) shared by the
 * Crypto Extensions and the NEON AES; only SubWord differs (AESE against a zero key,
 * or the TBL S-box).  Included only from .S files.
 *
 * One 32-bit word at a time in general registers.  Words are handled little-endian,
 * so RotWord is a rotate right by 8 and Rcon is XORed into the low byte; SubWord and
 * RotWord both act bytewise, so their order does not matter.
 */
#ifndef CB_ARMV8_AES_KEY_MACROS_H
#define CB_ARMV8_AES_KEY_MACROS_H

#ifndef __ASSEMBLER__
#error "kernels/armv8/aes_key_macros.h is for assembly sources"
#endif

/* Offset of the round count in every armv8 AES key schedule. */
#define AES_KS_ROUNDS_OFF 240

// aes_key_size fail: w2 = key bits -> w3 = Nk, w4 = Nr; other sizes branch to fail.
.macro aes_key_size fail
	cmp	w2, #128
	mov	w3, #4
	mov	w4, #10
	b.eq	.Lsize_ok\@
	cmp	w2, #192
	mov	w3, #6
	mov	w4, #12
	b.eq	.Lsize_ok\@
	cmp	w2, #256
	mov	w3, #8
	mov	w4, #14
	b.ne	\fail
.Lsize_ok\@:
.endm

// aes_key_expand subword: x0 schedule, x1 key, w3 Nk, w4 Nr (from aes_key_size).
// subword is a macro turning w6 into SubWord(w6).  Clobbers x5..x12 and flags.
.macro aes_key_expand subword
	str	w4, [x0, #AES_KS_ROUNDS_OFF]
	mov	x5, #0
.Lcopy\@:
	ldr	w6, [x1, x5, lsl #2]	// w[0..Nk-1] is the key itself
	str	w6, [x0, x5, lsl #2]
	add	x5, x5, #1
	cmp	x5, x3
	b.lo	.Lcopy\@
	add	w7, w4, #1
	lsl	w7, w7, #2		// 4 * (Nr + 1) words in all
	mov	w8, #1			// Rcon
	mov	w10, #0			// i mod Nk
.Lword\@:
	sub	x11, x5, #1
	ldr	w6, [x0, x11, lsl #2]	// temp = w[i-1]
	cbnz	w10, .Lnot_first\@
	\subword
	ror	w6, w6, #8
	eor	w6, w6, w8
	lsl	w8, w8, #1		// Rcon *= x in GF(2^8)
	tst	w8, #0x100
	mov	w12, #0x11b
	csel	w12, w12, wzr, ne
	eor	w8, w8, w12
	b	.Lmix\@
.Lnot_first\@:
	cmp	w3, #8			// AES-256 adds SubWord at i mod 8 == 4
	b.ne	.Lmix\@
	cmp	w10, #4
	b.ne	.Lmix\@
	\subword
.Lmix\@:
	sub	x11, x5, x3
	ldr	w12, [x0, x11, lsl #2]
	eor	w6, w6, w12
	str	w6, [x0, x5, lsl #2]
	add	w10, w10, #1
	cmp	w10, w3
	csel	w10, wzr, w10, eq
	add	x5, x5, #1
	cmp	x5, x7
	b.lo	.Lword\@
.endm

// aes_set_decrypt_key enc, imc: the body of a set_decrypt_key function: the
// encryption schedule from function enc, then the round keys in reverse order (the
// order decryption uses them), with AESIMC on all but the first and last when imc is
// 1 (the equivalent inverse cipher, FIPS 197 5.3.5).  Returns like enc.
.macro aes_set_decrypt_key enc, imc
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	str	x0, [sp, #16]
	bl	\enc
	cbnz	w0, .Lrev_ret\@
	ldr	x0, [sp, #16]
	ldr	w4, [x0, #AES_KS_ROUNDS_OFF]
	add	x1, x0, x4, lsl #4	// &k[Nr]
	ld1	{v0.16b}, [x0]
	ld1	{v1.16b}, [x1]
	st1	{v0.16b}, [x1]
	st1	{v1.16b}, [x0]
	add	x0, x0, #16
	sub	x1, x1, #16
.Lrev\@:
	cmp	x0, x1
	b.hs	.Lrev_mid\@
	ld1	{v0.16b}, [x0]
	ld1	{v1.16b}, [x1]
	.if	\imc
	aesimc	v0.16b, v0.16b
	aesimc	v1.16b, v1.16b
	.endif
	st1	{v0.16b}, [x1]
	st1	{v1.16b}, [x0]
	add	x0, x0, #16
	sub	x1, x1, #16
	b	.Lrev\@
.Lrev_mid\@:
	.if	\imc
	b.ne	.Lrev_ok\@		// Nr is even: one middle key left
	ld1	{v0.16b}, [x0]
	aesimc	v0.16b, v0.16b
	st1	{v0.16b}, [x0]
	.endif
.Lrev_ok\@:
	mov	w0, #0
.Lrev_ret\@:
	ldp	x29, x30, [sp], #32
	ret
.endm

#endif
