/*
 * tests/abi/abi_arm.S - the ABI-check trampoline for 32-bit ARM (AAPCS, hard-float
 * VFP), and deliberately broken functions that prove the check sees what they
 * break.  ARM state; the Thumb-2 C code reaches it through the linker's
 * interworking, and `blx` reaches a Thumb or ARM callee alike.
 *
 * uintptr_t cb_abi_trampoline(fn r0, const uintptr_t args[8] r1,
 *                             const cb_abi_regs *want r2, cb_abi_regs *got r3)
 *
 * Callee-saved: r4-r11 (the low words of gpr[0..7]; slots are 8 bytes apart) and
 * d8-d15 (fpr[0..7], offset 144).  Arguments 1-4 go in r0-r3, 5-8 on the stack,
 * which is 8-byte aligned at the call.  Frame below the 100 bytes of saved
 * registers, with 12 bytes to keep the alignment:
 *   sp+0..15 arguments 5-8   sp+16 got   sp+20 fn   sp+24 padding
 */
    .syntax unified
    .arch armv7-a
    .fpu vfpv3-d16
    .arm
    .text

    .globl cb_abi_trampoline
    .type cb_abi_trampoline, %function
cb_abi_trampoline:
    push {r4-r11, lr}
    vpush {d8-d15}
    sub sp, sp, #28
    str r3, [sp, #16]
    str r0, [sp, #20]
    ldr r4, [r1, #16]
    ldr r5, [r1, #20]
    ldr r6, [r1, #24]
    ldr r7, [r1, #28]
    stmia sp, {r4-r7}
    ldr r4, [r2, #0]
    ldr r5, [r2, #8]
    ldr r6, [r2, #16]
    ldr r7, [r2, #24]
    ldr r8, [r2, #32]
    ldr r9, [r2, #40]
    ldr r10, [r2, #48]
    ldr r11, [r2, #56]
    vldr d8, [r2, #144]
    vldr d9, [r2, #152]
    vldr d10, [r2, #160]
    vldr d11, [r2, #168]
    vldr d12, [r2, #176]
    vldr d13, [r2, #184]
    vldr d14, [r2, #192]
    vldr d15, [r2, #200]
    ldr ip, [sp, #20]
    ldr r0, [r1, #0]
    ldr r2, [r1, #8]
    ldr r3, [r1, #12]
    ldr r1, [r1, #4]
    blx ip
    ldr ip, [sp, #16]
    str r4, [ip, #0]
    str r5, [ip, #8]
    str r6, [ip, #16]
    str r7, [ip, #24]
    str r8, [ip, #32]
    str r9, [ip, #40]
    str r10, [ip, #48]
    str r11, [ip, #56]
    vstr d8, [ip, #144]
    vstr d9, [ip, #152]
    vstr d10, [ip, #160]
    vstr d11, [ip, #168]
    vstr d12, [ip, #176]
    vstr d13, [ip, #184]
    vstr d14, [ip, #192]
    vstr d15, [ip, #200]
    add sp, sp, #28
    vpop {d8-d15}
    pop {r4-r11, pc}
    .size cb_abi_trampoline, .-cb_abi_trampoline

/* The broken functions invert registers (vneg flips the sign bit even of a NaN),
 * so the result differs from any value the check loaded. */
    .globl cb_abi_broken_r4
    .type cb_abi_broken_r4, %function
cb_abi_broken_r4:
    mvn r4, r4
    bx lr
    .size cb_abi_broken_r4, .-cb_abi_broken_r4

    .globl cb_abi_broken_r11
    .type cb_abi_broken_r11, %function
cb_abi_broken_r11:
    mvn r11, r11
    bx lr
    .size cb_abi_broken_r11, .-cb_abi_broken_r11

    .globl cb_abi_broken_d8
    .type cb_abi_broken_d8, %function
cb_abi_broken_d8:
    vneg.f64 d8, d8
    bx lr
    .size cb_abi_broken_d8, .-cb_abi_broken_d8

    .globl cb_abi_broken_all
    .type cb_abi_broken_all, %function
cb_abi_broken_all:
    .irp r, 4, 5, 6, 7, 8, 9, 10, 11
    mvn r\r, r\r
    .endr
    .irp r, 8, 9, 10, 11, 12, 13, 14, 15
    vneg.f64 d\r, d\r
    .endr
    bx lr
    .size cb_abi_broken_all, .-cb_abi_broken_all

    .section .note.GNU-stack,"",%progbits
