/*
 * kernels/armv8/aes_ce_macros.h - AES round sequences with the ARMv8 Crypto
 * Extensions, shared by the interleaved modes (aes_ce_modes.S) and the stitched GCM
 * loop (gcm_ce_stitched.S).  Included only from .S files.
 *
 * Round-key layout (struct cb_aes_ce_ks in kernels/armv8/armv8.h): round keys k0..kNr
 * at 16-byte steps from offset 0, the round count Nr (10, 12, 14) as uint32 at 240.
 * For decryption the schedule holds the equivalent inverse cipher's keys (FIPS 197
 * 5.3.5) in the order AESD consumes them.
 *
 * Register convention while a mode runs: all Nr+1 round keys live in v17..v31 with
 * k_Nr always in v31, so k0 is v21 (AES-128), v19 (AES-192) or v17 (AES-256).  The
 * round sequence enters at the first key that exists for this key size; from v21 on
 * the code is shared.  w9 holds Nr.
 */
#ifndef CB_ARMV8_AES_CE_MACROS_H
#define CB_ARMV8_AES_CE_MACROS_H

#ifndef __ASSEMBLER__
#error "kernels/armv8/aes_ce_macros.h is for assembly sources"
#endif

#include "kernels/armv8/aes_key_macros.h"

// load_keys ks, tmp: w9 = Nr; k0..kNr into v(31-Nr)..v31.  Clobbers tmp and flags.
.macro load_keys ks, tmp
	ldr	w9, [\ks, #AES_KS_ROUNDS_OFF]
	add	\tmp, \ks, x9, lsl #4
	sub	\tmp, \tmp, #48
	ld1	{v28.16b-v31.16b}, [\tmp]
	sub	\tmp, \tmp, #64
	ld1	{v24.16b-v27.16b}, [\tmp]
	sub	\tmp, \tmp, #48
	ld1	{v21.16b-v23.16b}, [\tmp]
	cmp	w9, #12
	b.lo	.Lkeys_done\@
	sub	\tmp, \tmp, #32
	ld1	{v19.16b-v20.16b}, [\tmp]
	b.eq	.Lkeys_done\@
	sub	\tmp, \tmp, #32
	ld1	{v17.16b-v18.16b}, [\tmp]
.Lkeys_done\@:
.endm

// aes_enc1/aes_dec1 st, key: one round on one state.  AESE and AESMC stay adjacent on
// the same register so that cores which fuse the pair can.
.macro aes_enc1 st, key
	aese	\st\().16b, \key\().16b
	aesmc	\st\().16b, \st\().16b
.endm

.macro aes_dec1 st, key
	aesd	\st\().16b, \key\().16b
	aesimc	\st\().16b, \st\().16b
.endm

// aes_enc_last1/aes_dec_last1 st, k1, k2: the final round (no MixColumns) and the
// last key XOR.  The _open1 forms stop before the XOR, for callers that fold kNr into
// a value they XOR anyway (the CBC chaining value, the CTR input): that XOR is then
// ready long before the chain ends and the chain's own tail is one instruction
// shorter.
.macro aes_enc_last1 st, k1, k2
	aese	\st\().16b, \k1\().16b
	eor	\st\().16b, \st\().16b, \k2\().16b
.endm

.macro aes_dec_last1 st, k1, k2
	aesd	\st\().16b, \k1\().16b
	eor	\st\().16b, \st\().16b, \k2\().16b
.endm

.macro aes_enc_open1 st, k1, k2
	aese	\st\().16b, \k1\().16b
.endm

.macro aes_dec_open1 st, k1, k2
	aesd	\st\().16b, \k1\().16b
.endm

// xor_key1 r: r ^= kNr (v31).
.macro xor_key1 r
	eor	\r\().16b, \r\().16b, v31.16b
.endm

// xor_key regs: every listed register (numbers) ^= kNr.
.macro xor_key regs:vararg
	.irp	i, \regs
	xor_key1 v\i
	.endr
.endm

// aes_round one, key, regs: one round (one = aes_enc1 or aes_dec1) on each listed
// state register (numbers: 0, 1, ...).  Inside .irp a register suffix cannot follow
// the argument directly, hence the one-state helper macros above.
.macro aes_round one, key, regs:vararg
	.irp	i, \regs
	\one	v\i, \key
	.endr
.endm

// aes_blocks one, last, regs: the whole cipher (w9 = Nr, keys loaded) on the listed
// states.  The key-major order puts the INTERLEAVE independent chains side by side.
.macro aes_blocks one, last, regs:vararg
	cmp	w9, #12
	b.lo	.Lr10\@
	b.eq	.Lr12\@
	aes_round \one, v17, \regs
	aes_round \one, v18, \regs
.Lr12\@:
	aes_round \one, v19, \regs
	aes_round \one, v20, \regs
.Lr10\@:
	.irp	k, 21, 22, 23, 24, 25, 26, 27, 28, 29
	aes_round \one, v\k, \regs
	.endr
	.irp	i, \regs
	\last	v\i, v30, v31
	.endr
.endm

// enc_blocks/dec_blocks regs: encrypt or decrypt the listed states; the _open forms
// leave out the final XOR with kNr (see aes_enc_open1).
.macro enc_blocks regs:vararg
	aes_blocks aes_enc1, aes_enc_last1, \regs
.endm

.macro dec_blocks regs:vararg
	aes_blocks aes_dec1, aes_dec_last1, \regs
.endm

.macro enc_blocks_open regs:vararg
	aes_blocks aes_enc1, aes_enc_open1, \regs
.endm

.macro dec_blocks_open regs:vararg
	aes_blocks aes_dec1, aes_dec_open1, \regs
.endm

#endif
