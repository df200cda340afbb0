/*
 * tests/abi/abi_aarch64.S - the ABI-check trampoline for AArch64 (AAPCS64), and
 * deliberately broken functions that prove the check sees what they break.
 *
 * uintptr_t cb_abi_trampoline(fn x0, const uintptr_t args[8] x1,
 *                             const cb_abi_regs *want x2, cb_abi_regs *got x3)
 *
 * Callee-saved: x19-x29 (gpr[0..10]) and the low 64 bits of v8-v15, d8-d15
 * (fpr[0..7], offset 144).  All eight arguments travel in x0-x7.  x16 (IP0) holds
 * the target across the argument loads: the ABI lets any call clobber it.
 * Frame (176 bytes, 16-aligned):
 *   0 x29,x30   16..95 x19-x28   96..159 d8-d15   160 got   168 padding
 */
    .text

    .globl cb_abi_trampoline
    .type cb_abi_trampoline, %function
cb_abi_trampoline:
    stp x29, x30, [sp, #-176]!
    mov x29, sp
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    stp x25, x26, [sp, #64]
    stp x27, x28, [sp, #80]
    stp d8, d9, [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]
    str x3, [sp, #160]
    mov x16, x0
    mov x17, x1
    ldp x19, x20, [x2, #0]
    ldp x21, x22, [x2, #16]
    ldp x23, x24, [x2, #32]
    ldp x25, x26, [x2, #48]
    ldp x27, x28, [x2, #64]
    ldr x29, [x2, #80]
    ldp d8, d9, [x2, #144]
    ldp d10, d11, [x2, #160]
    ldp d12, d13, [x2, #176]
    ldp d14, d15, [x2, #192]
    ldp x0, x1, [x17, #0]
    ldp x2, x3, [x17, #16]
    ldp x4, x5, [x17, #32]
    ldp x6, x7, [x17, #48]
    blr x16
    ldr x16, [sp, #160]
    stp x19, x20, [x16, #0]
    stp x21, x22, [x16, #16]
    stp x23, x24, [x16, #32]
    stp x25, x26, [x16, #48]
    stp x27, x28, [x16, #64]
    str x29, [x16, #80]
    stp d8, d9, [x16, #144]
    stp d10, d11, [x16, #160]
    stp d12, d13, [x16, #176]
    stp d14, d15, [x16, #192]
    ldp x19, x20, [sp, #16]
    ldp x21, x22, [sp, #32]
    ldp x23, x24, [sp, #48]
    ldp x25, x26, [sp, #64]
    ldp x27, x28, [sp, #80]
    ldp d8, d9, [sp, #96]
    ldp d10, d11, [sp, #112]
    ldp d12, d13, [sp, #128]
    ldp d14, d15, [sp, #144]
    ldp x29, x30, [sp], #176
    ret
    .size cb_abi_trampoline, .-cb_abi_trampoline

/* The broken functions invert registers (fneg flips the sign bit even of a NaN),
 * so the result differs from any value the check loaded. */
    .globl cb_abi_broken_x19
    .type cb_abi_broken_x19, %function
cb_abi_broken_x19:
    mvn x19, x19
    ret
    .size cb_abi_broken_x19, .-cb_abi_broken_x19

    .globl cb_abi_broken_x29
    .type cb_abi_broken_x29, %function
cb_abi_broken_x29:
    mvn x29, x29
    ret
    .size cb_abi_broken_x29, .-cb_abi_broken_x29

    .globl cb_abi_broken_d8
    .type cb_abi_broken_d8, %function
cb_abi_broken_d8:
    fneg d8, d8
    ret
    .size cb_abi_broken_d8, .-cb_abi_broken_d8

    .globl cb_abi_broken_d15
    .type cb_abi_broken_d15, %function
cb_abi_broken_d15:
    fneg d15, d15
    ret
    .size cb_abi_broken_d15, .-cb_abi_broken_d15

    .globl cb_abi_broken_all
    .type cb_abi_broken_all, %function
cb_abi_broken_all:
    .irp r, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
    mvn x\r, x\r
    .endr
    .irp r, 8, 9, 10, 11, 12, 13, 14, 15
    fneg d\r, d\r
    .endr
    ret
    .size cb_abi_broken_all, .-cb_abi_broken_all

    .section .note.GNU-stack,"",%progbits
