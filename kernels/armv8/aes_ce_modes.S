/*
 * kernels/armv8/aes_ce_modes.S - ECB, CBC decryption and CTR with the ARMv8 Crypto
 * Extensions, INTERLEAVE blocks in flight.  A template: kernels/armv8/family.mk
 * assembles it once per row of kernels/armv8/knobs.h (ce-i2, ce-i4, ce-i5 and
 * ce-i2-inline today) with -DVARIANT=<sym> -DINTERLEAVE=n [-DINLINE=1], and every
 * build has its own symbols (aes_ce_i4_cbc_decrypt, ...).  A new factor needs its
 * row there and its register block below.
 *
 * Why interleave at all: one block is a chain of 2*Nr-1 dependent AESE/AESMC
 * instructions, so a single block is bound by their latency while the AES unit sits
 * idle between them.  Independent blocks (ECB, CTR, CBC *decryption*) can fill those
 * gaps.  The factor that fills them depends on the core:
 *   2  Cortex-A53: AESE/AESMC latency 2 cycles, in order; two chains cover the
 *      latency and more only cost registers.  (The 2015 arm64 kernel driver
 *      shipped this.)
 *   4  Cortex-A57/A72: latency 3 cycles, so at least three chains are needed; 4 was
 *      measured ~30% faster than 2 on A57 for CBC decryption (the 2015 change).
 *   5  Neoverse N1 (Graviton2, the 2022 change): a wide out-of-order core on which a
 *      fifth chain spreads the per-group overhead (loads, counters, stores, loop)
 *      over more blocks.  Its cost is the single-block tail: below 80 bytes the loop
 *      never runs and up to four trailing blocks run at full latency, which is why
 *      ce-i5t512 exists (see aes_ce_t512.c).
 * Only hardware decides between them: kernels/armv8/family.c states the auto order.
 *
 * INLINE=0 (the default) calls one local subroutine per direction that runs the round
 * sequence over all INTERLEAVE blocks; INLINE=1 expands the sequence in every loop
 * (the 2015 driver's INTERLEAVE_INLINE), trading code size for a call and return per
 * group.
 *
 * Registers
 *   x0 ks, then per mode: ECB x1 in, x2 out, x3 blocks; CBC/CTR x1 iv/ctr, x2 in,
 *   x3 out, x4 blocks.  w9 Nr, w10/w11 counter (CTR), x5 scratch.
 *   v0..v4    the INTERLEAVE block states (BLK below)
 *   v5..v9    the previous ciphertexts (CBC decryption) or the input (CTR), with kNr
 *             already XORed in, so each chain ends in one AESE/AESD and one EOR that
 *             was ready early; v8/v9 are callee-saved (d8/d9), saved when used
 *   v16       CBC chaining value (also kNr-folded) / CTR counter template
 *   v17..v31  round keys (aes_ce_macros.h)
 *
 * The loop bodies are marked for llvm-mca (// LLVM-MCA-BEGIN/END); scripts/armv8-mca.sh
 * feeds the INLINE=1 expansion of each factor to the model.
 */
#include "kernels/armv8/asm.h"
#include "kernels/armv8/aes_ce_macros.h"

#if !defined(INTERLEAVE) || !defined(VARIANT)
#error "assemble through kernels/armv8/family.mk: -DINTERLEAVE=n -DVARIANT=name"
#endif
#ifndef INLINE
#define INLINE 0
#endif

#define SYM(op) CB_CAT(CB_CAT(CB_CAT(aes_ce_, VARIANT), _), op)

#if INTERLEAVE == 2
#define BLK 0, 1
#define LD_BLK(r) ld1 {v0.16b-v1.16b}, [r], #32
#define ST_BLK(r) st1 {v0.16b-v1.16b}, [r], #32
#define SAVE_D89 0
#define CBC_PREV 16, 5
#define LD_PREV(r) ld1 {v5.16b}, [r]
#define XOR_CBC eor v0.16b, v0.16b, v16.16b; eor v1.16b, v1.16b, v5.16b
#define CTR_IN 5, 6
#define LD_IN(r) ld1 {v5.16b-v6.16b}, [r], #32
#define CTR_BLOCKS ctr_block 0, v0; ctr_block 1, v1
#define XOR_CTR eor v0.16b, v0.16b, v5.16b; eor v1.16b, v1.16b, v6.16b
#elif INTERLEAVE == 4
#define BLK 0, 1, 2, 3
#define LD_BLK(r) ld1 {v0.16b-v3.16b}, [r], #64
#define ST_BLK(r) st1 {v0.16b-v3.16b}, [r], #64
#define SAVE_D89 1
#define CBC_PREV 16, 5, 6, 7
#define LD_PREV(r) ld1 {v5.16b-v7.16b}, [r]
#define XOR_CBC eor v0.16b, v0.16b, v16.16b; eor v1.16b, v1.16b, v5.16b; \
                eor v2.16b, v2.16b, v6.16b; eor v3.16b, v3.16b, v7.16b
#define CTR_IN 5, 6, 7, 8
#define LD_IN(r) ld1 {v5.16b-v8.16b}, [r], #64
#define CTR_BLOCKS ctr_block 0, v0; ctr_block 1, v1; ctr_block 2, v2; ctr_block 3, v3
#define XOR_CTR eor v0.16b, v0.16b, v5.16b; eor v1.16b, v1.16b, v6.16b; \
                eor v2.16b, v2.16b, v7.16b; eor v3.16b, v3.16b, v8.16b
#elif INTERLEAVE == 5
#define BLK 0, 1, 2, 3, 4
#define LD_BLK(r) ld1 {v0.16b-v3.16b}, [r], #64; ld1 {v4.16b}, [r], #16
// The fifth block is stored first, with STUR at an offset, and the pointer moved
// after the four-register ST1: the same bytes as `st1 {v4.16b}, [r], #16`, but LLVM's
// Neoverse N1 model sends that post-indexed ST1's data to V0, the pipe it also gives
// every AESD/AESIMC, which made ce-i5 cost 0.7% more per block than ce-i4 there
// (scripts/armv8-mca.sh).  No core is known to need this; it costs one ADD.
#define ST_BLK(r) stur q4, [r, #64]; st1 {v0.16b-v3.16b}, [r], #64; add r, r, #16
#define SAVE_D89 1
#define CBC_PREV 16, 5, 6, 7, 8
#define LD_PREV(r) ld1 {v5.16b-v8.16b}, [r]
#define XOR_CBC eor v0.16b, v0.16b, v16.16b; eor v1.16b, v1.16b, v5.16b; \
                eor v2.16b, v2.16b, v6.16b; eor v3.16b, v3.16b, v7.16b; \
                eor v4.16b, v4.16b, v8.16b
#define CTR_IN 5, 6, 7, 8, 9
#define LD_IN(r) ld1 {v5.16b-v8.16b}, [r], #64; ld1 {v9.16b}, [r], #16
#define CTR_BLOCKS ctr_block 0, v0; ctr_block 1, v1; ctr_block 2, v2; ctr_block 3, v3; \
                   ctr_block 4, v4
#define XOR_CTR eor v0.16b, v0.16b, v5.16b; eor v1.16b, v1.16b, v6.16b; \
                eor v2.16b, v2.16b, v7.16b; eor v3.16b, v3.16b, v8.16b; \
                eor v4.16b, v4.16b, v9.16b
#else
#error "INTERLEAVE must be 2, 4 or 5"
#endif

#if INLINE
#define ENC_N enc_blocks_open BLK
#define DEC_N dec_blocks_open BLK
#else
#define ENC_N bl SYM(enc_rounds)
#define DEC_N bl SYM(dec_rounds)
#endif

// frame_push/frame_pop: the link register when the round sequence is a subroutine,
// d8/d9 when the copy registers reach them.
.macro frame_push d89
#if !INLINE
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
#endif
	.if \d89
	stp	d8, d9, [sp, #-16]!
	.endif
.endm

.macro frame_pop d89
	.if \d89
	ldp	d8, d9, [sp], #16
	.endif
#if !INLINE
	ldp	x29, x30, [sp], #16
#endif
.endm

	.arch	armv8-a+crypto
	.text

#if !INLINE
// SYM(enc_rounds)/SYM(dec_rounds): the round sequence over all INTERLEAVE states
// (v0..), keys loaded, without the final XOR with kNr (each mode folds it where it is
// cheapest).
LOCAL_FUNC(SYM(enc_rounds))
	enc_blocks_open BLK
	ret
ENDFUNC(SYM(enc_rounds))

LOCAL_FUNC(SYM(dec_rounds))
	dec_blocks_open BLK
	ret
ENDFUNC(SYM(dec_rounds))
#endif

// ecb_mode dir: ECB over x1 in, x2 out, x3 blocks; dir is enc or dec.  (Not marked
// for llvm-mca: its loop is ctr32's without the counter, and markers inside a macro
// body are invisible to the model.)
.macro ecb_mode dir
	frame_push 0
	load_keys x0, x5
	subs	x3, x3, #INTERLEAVE
	b.lo	.Lecb_tail\@
.Lecb_loop\@:
	LD_BLK(x1)
	.ifc	\dir, enc
	ENC_N
	.else
	DEC_N
	.endif
	xor_key	BLK
	ST_BLK(x2)
	subs	x3, x3, #INTERLEAVE
	b.hs	.Lecb_loop\@
.Lecb_tail\@:
	adds	x3, x3, #INTERLEAVE
	b.eq	.Lecb_done\@
.Lecb_one\@:
	ld1	{v0.16b}, [x1], #16
	\dir\()_blocks 0
	st1	{v0.16b}, [x2], #16
	subs	x3, x3, #1
	b.ne	.Lecb_one\@
.Lecb_done\@:
	frame_pop 0
	ret
.endm

// void SYM(ecb_encrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
FUNC(SYM(ecb_encrypt))
	ecb_mode enc
ENDFUNC(SYM(ecb_encrypt))

// void SYM(ecb_decrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
FUNC(SYM(ecb_decrypt))
	ecb_mode dec
ENDFUNC(SYM(ecb_decrypt))

// void SYM(cbc_decrypt)(const void *ks, uint8_t iv[16], const uint8_t *in,
//                       uint8_t *out, size_t n)
// The ciphertexts are loaded twice: all but the last into v5.. for the chaining XOR,
// and all into the states; the last one becomes the next chaining value by a load
// after the rounds (every load precedes the stores, so in == out is safe).  kNr is
// folded into the chaining values before the rounds.
FUNC(SYM(cbc_decrypt))
	frame_push SAVE_D89
	load_keys x0, x5
	ld1	{v16.16b}, [x1]
	subs	x4, x4, #INTERLEAVE
	b.lo	.Lcbc_dec_tail
.Lcbc_dec_loop:
	// LLVM-MCA-BEGIN cbc_decrypt
	LD_PREV(x2)
	LD_BLK(x2)
	xor_key	CBC_PREV
	DEC_N
	XOR_CBC
	ldur	q16, [x2, #-16]
	ST_BLK(x3)
	subs	x4, x4, #INTERLEAVE
	b.hs	.Lcbc_dec_loop
	// LLVM-MCA-END
.Lcbc_dec_tail:
	adds	x4, x4, #INTERLEAVE
	b.eq	.Lcbc_dec_done
.Lcbc_dec_one:
	ld1	{v0.16b}, [x2], #16
	mov	v5.16b, v0.16b
	dec_blocks 0
	eor	v0.16b, v0.16b, v16.16b
	mov	v16.16b, v5.16b
	st1	{v0.16b}, [x3], #16
	subs	x4, x4, #1
	b.ne	.Lcbc_dec_one
.Lcbc_dec_done:
	st1	{v16.16b}, [x1]
	frame_pop SAVE_D89
	ret
ENDFUNC(SYM(cbc_decrypt))

// ctr_block j, reg: reg = counter template with its last word = big-endian (w10 + j).
.macro ctr_block j, reg
	.if \j
	add	w11, w10, #\j
	rev	w11, w11
	.else
	rev	w11, w10
	.endif
	mov	\reg\().16b, v16.16b
	mov	\reg\().s[3], w11
.endm

// void SYM(ctr32)(const void *ks, const uint8_t ctr[16], const uint8_t *in,
//                 uint8_t *out, size_t n)
// Only the last 32 bits count, wrapping without carry into the rest (kernel.h); ctr
// is not written back.
FUNC(SYM(ctr32))
	frame_push SAVE_D89
	load_keys x0, x5
	ld1	{v16.16b}, [x1]
	ldr	w10, [x1, #12]
	rev	w10, w10
	subs	x4, x4, #INTERLEAVE
	b.lo	.Lctr_tail
.Lctr_loop:
	// LLVM-MCA-BEGIN ctr32
	CTR_BLOCKS
	add	w10, w10, #INTERLEAVE
	LD_IN(x2)
	xor_key	CTR_IN
	ENC_N
	XOR_CTR
	ST_BLK(x3)
	subs	x4, x4, #INTERLEAVE
	b.hs	.Lctr_loop
	// LLVM-MCA-END
.Lctr_tail:
	adds	x4, x4, #INTERLEAVE
	b.eq	.Lctr_done
.Lctr_one:
	ctr_block 0, v0
	add	w10, w10, #1
	enc_blocks 0
	ld1	{v5.16b}, [x2], #16
	eor	v0.16b, v0.16b, v5.16b
	st1	{v0.16b}, [x3], #16
	subs	x4, x4, #1
	b.ne	.Lctr_one
.Lctr_done:
	frame_pop SAVE_D89
	ret
ENDFUNC(SYM(ctr32))

	.section .note.GNU-stack, "", %progbits
