/*
 * kernels/armv8/asm.h - helpers shared by the ARMv8 assembly sources (GNU as through
 * the C preprocessor).  Included only from .S files.
 */
#ifndef CB_ARMV8_ASM_H
#define CB_ARMV8_ASM_H

#ifndef __ASSEMBLER__
#error "kernels/armv8/asm.h is for assembly sources"
#endif

/* CB_CAT pastes after expanding, so SYM(op) can build aes_ce_i4_cbc_decrypt. */
#define CB_CAT_(a, b) a##b
#define CB_CAT(a, b) CB_CAT_(a, b)

/* FUNC/ENDFUNC open and close a global function with ELF type and size. */
#define FUNC(name) \
    .globl name; \
    .type name, %function; \
    .p2align 4; \
name:
#define ENDFUNC(name) .size name, .- name

/* LOCAL_FUNC opens a subroutine private to its file (typed and sized, so that
 * profilers and the QEMU instruction-count plugin can name it). */
#define LOCAL_FUNC(name) \
    .type name, %function; \
    .p2align 4; \
name:

/* save_d8_d15 / restore_d8_d15: the callee-saved low halves of v8..v15 (AAPCS64)
 * in a 64-byte frame, for the kernels that use every vector register. */
.macro save_d8_d15
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
.endm
.macro restore_d8_d15
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
.endm

#endif
