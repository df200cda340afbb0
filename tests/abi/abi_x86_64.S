/*
 * tests/abi/abi_x86_64.S - the ABI-check trampoline for x86-64 (System V), and
 * deliberately broken functions that prove the check sees what they break.
 *
 * uintptr_t cb_abi_trampoline(fn %rdi, const uintptr_t args[8] %rsi,
 *                             const cb_abi_regs *want %rdx, cb_abi_regs *got %rcx)
 *
 * Callee-saved: rbx, rbp, r12-r15 (cb_abi_regs gpr[0..5] in that order); the
 * direction flag must be clear on return (stored as flags, offset 484).  Arguments
 * 1-6 go in rdi, rsi, rdx, rcx, r8, r9 and 7-8 on the stack, which is 16-byte
 * aligned at the call.  Frame after the six pushes and `sub $40`:
 *   0(%rsp) arg 7   8(%rsp) arg 8   16(%rsp) got   24..39 padding
 */
    .text

    .globl cb_abi_trampoline
    .type cb_abi_trampoline, @function
cb_abi_trampoline:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $40, %rsp
    movq %rcx, 16(%rsp)
    movq 48(%rsi), %rax
    movq %rax, 0(%rsp)
    movq 56(%rsi), %rax
    movq %rax, 8(%rsp)
    movq %rdi, %r11
    movq %rsi, %r10
    movq 0(%rdx), %rbx
    movq 8(%rdx), %rbp
    movq 16(%rdx), %r12
    movq 24(%rdx), %r13
    movq 32(%rdx), %r14
    movq 40(%rdx), %r15
    movq 0(%r10), %rdi
    movq 8(%r10), %rsi
    movq 16(%r10), %rdx
    movq 24(%r10), %rcx
    movq 32(%r10), %r8
    movq 40(%r10), %r9
    call *%r11
    movq 16(%rsp), %r11
    movq %rbx, 0(%r11)
    movq %rbp, 8(%r11)
    movq %r12, 16(%r11)
    movq %r13, 24(%r11)
    movq %r14, 32(%r11)
    movq %r15, 40(%r11)
    pushfq
    popq %r10
    shrq $10, %r10
    andl $1, %r10d
    movl %r10d, 484(%r11)
    cld
    addq $40, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size cb_abi_trampoline, .-cb_abi_trampoline

/* The broken functions invert registers, so the result differs from any value. */
    .globl cb_abi_broken_rbx
    .type cb_abi_broken_rbx, @function
cb_abi_broken_rbx:
    notq %rbx
    ret
    .size cb_abi_broken_rbx, .-cb_abi_broken_rbx

    .globl cb_abi_broken_r15
    .type cb_abi_broken_r15, @function
cb_abi_broken_r15:
    notq %r15
    ret
    .size cb_abi_broken_r15, .-cb_abi_broken_r15

    .globl cb_abi_broken_df
    .type cb_abi_broken_df, @function
cb_abi_broken_df:
    std
    ret
    .size cb_abi_broken_df, .-cb_abi_broken_df

    .globl cb_abi_broken_all
    .type cb_abi_broken_all, @function
cb_abi_broken_all:
    notq %rbx
    notq %rbp
    notq %r12
    notq %r13
    notq %r14
    notq %r15
    std
    ret
    .size cb_abi_broken_all, .-cb_abi_broken_all

    .section .note.GNU-stack,"",@progbits
