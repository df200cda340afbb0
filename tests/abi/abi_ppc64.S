/*
 * tests/abi/abi_ppc64.S - the ABI-check trampoline for 64-bit POWER, both ELFv1
 * (big-endian, function descriptors in .opd) and ELFv2 (little-endian, global
 * entry point in r12), and deliberately broken functions that prove the check
 * sees what they break.
 *
 * uintptr_t cb_abi_trampoline(fn r3, const uintptr_t args[8] r4,
 *                             const cb_abi_regs *want r5, cb_abi_regs *got r6)
 *
 * Callee-saved: r14-r31 (gpr[0..17]), f14-f31 (fpr[0..17], offset 144), v20-v31
 * (vr[0..11], offset 288), CR fields cr2-cr4 (cr, offset 480) and r2, the TOC
 * pointer, which a callee reached by a local call must leave as it found it.
 * The trampoline records r2 just before and just after the call (toc_in 488,
 * toc_out 496) and then reloads its own from the TOC save slot.  The eight
 * arguments travel in r3-r10; the frame still has the 64-byte parameter save area
 * the ABIs give every caller.  Frame (FRAME bytes, 16-aligned):
 *   0 header (back chain, CR, LR, ..., TOC save at TOC_SLOT)
 *   HEADER  parameter save area, 64 bytes
 *   V_OFF   v20-v31      G_OFF  r14-r31      F_OFF  f14-f31
 *   GOT_OFF got          TOCIN_OFF r2 as given to the callee
 */
#if defined(_CALL_ELF) && _CALL_ELF == 2
#define ELFV2 1
#define HEADER 32
#define TOC_SLOT 24
#else
#define ELFV2 0
#define HEADER 48
#define TOC_SLOT 40
#endif
#define LOCALS (HEADER + 64)
#define V_OFF LOCALS
#define G_OFF (LOCALS + 192)
#define F_OFF (LOCALS + 336)
#define GOT_OFF (LOCALS + 480)
#define TOCIN_OFF (LOCALS + 488)
#define FRAME (LOCALS + 496)

#if ELFV2
    .abiversion 2
#endif

/* FUNC_START defines a global function: under ELFv1 the symbol names a
 * descriptor (entry, TOC base, environment) in .opd and the code has a local
 * label, as C function pointers there point at descriptors. */
    .macro FUNC_START name
    .globl \name
#if ELFV2
    .text
    .type \name, @function
\name:
#else
    .section ".opd", "aw"
    .align 3
\name:
    .quad .L.\name, .TOC.@tocbase, 0
    .text
    .type \name, @function
.L.\name:
#endif
    .endm

    .macro FUNC_END name
#if ELFV2
    .size \name, .-\name
#else
    .size \name, .-.L.\name
#endif
    .endm

    .text
    .align 4

FUNC_START cb_abi_trampoline
    mflr 0
    std 0, 16(1)
    mfcr 0
    stw 0, 8(1)
    stdu 1, -FRAME(1)
    .irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    std \n, G_OFF + 8 * (\n - 14)(1)
    stfd \n, F_OFF + 8 * (\n - 14)(1)
    .endr
    .irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    li 11, V_OFF + 16 * (\n - 20)
    stvx \n, 1, 11
    .endr
    std 6, GOT_OFF(1)
    std 2, TOC_SLOT(1)
    mr 12, 3
    mr 11, 4
    .irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    ld \n, 8 * (\n - 14)(5)
    lfd \n, 144 + 8 * (\n - 14)(5)
    .endr
    .irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    li 10, 288 + 16 * (\n - 20)
    lvx \n, 5, 10
    .endr
    lwz 0, 480(5)
    mtcrf 0x38, 0
#if ELFV2
    mtctr 12
#else
    ld 0, 0(12)
    ld 2, 8(12)
    mtctr 0
#endif
    std 2, TOCIN_OFF(1)
    ld 3, 0(11)
    ld 4, 8(11)
    ld 5, 16(11)
    ld 6, 24(11)
    ld 7, 32(11)
    ld 8, 40(11)
    ld 9, 48(11)
    ld 10, 56(11)
#if !ELFV2
    ld 11, 16(12)
#endif
    bctrl
    ld 12, GOT_OFF(1)
    std 2, 496(12)
    ld 0, TOCIN_OFF(1)
    std 0, 488(12)
    ld 2, TOC_SLOT(1)
    .irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    std \n, 8 * (\n - 14)(12)
    stfd \n, 144 + 8 * (\n - 14)(12)
    ld \n, G_OFF + 8 * (\n - 14)(1)
    lfd \n, F_OFF + 8 * (\n - 14)(1)
    .endr
    .irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    li 11, 288 + 16 * (\n - 20)
    stvx \n, 12, 11
    li 11, V_OFF + 16 * (\n - 20)
    lvx \n, 1, 11
    .endr
    mfcr 0
    stw 0, 480(12)
    addi 1, 1, FRAME
    ld 0, 16(1)
    mtlr 0
    lwz 0, 8(1)
    mtcrf 0x38, 0
    blr
FUNC_END cb_abi_trampoline

/* The broken functions invert registers (fneg flips the sign bit even of a NaN,
 * crnot a CR bit), so the result differs from any value the check loaded. */
FUNC_START cb_abi_broken_r14
    not 14, 14
    blr
FUNC_END cb_abi_broken_r14

FUNC_START cb_abi_broken_r31
    not 31, 31
    blr
FUNC_END cb_abi_broken_r31

FUNC_START cb_abi_broken_f14
    fneg 14, 14
    blr
FUNC_END cb_abi_broken_f14

FUNC_START cb_abi_broken_v20
    vnor 20, 20, 20
    blr
FUNC_END cb_abi_broken_v20

FUNC_START cb_abi_broken_cr2
    crnot 8, 8
    blr
FUNC_END cb_abi_broken_cr2

FUNC_START cb_abi_broken_toc
    addi 2, 2, 8
    blr
FUNC_END cb_abi_broken_toc

FUNC_START cb_abi_broken_all
    .irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    not \n, \n
    fneg \n, \n
    .endr
    .irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    vnor \n, \n, \n
    .endr
    crnot 8, 8
    crnot 12, 12
    crnot 16, 16
    addi 2, 2, 8
    blr
FUNC_END cb_abi_broken_all

    .section .note.GNU-stack, "", @progbits
