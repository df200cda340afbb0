/*
 * kernels/power/asm.h - what every POWER assembly source of the power family shares
 * (GNU as through the C preprocessor; included only from .S files).
 *
 * Two ABIs, one source:
 *   ELFv1 (ppc64 big-endian): a function's symbol names a descriptor in .opd
 *     (entry address, TOC base, environment); the code starts at the local label
 *     .L.<name>, and the caller has loaded r2 from the descriptor before the call.
 *   ELFv2 (ppc64le): the symbol is the code itself.  A caller through a pointer
 *     passes the address in r12 and the global entry point derives r2 from it; a
 *     call from inside the module uses the local entry point after those two
 *     instructions.
 * FUNC_START/FUNC_END hide the difference; every function here may then address its
 * constants as sym@toc@ha / sym@toc@l relative to r2.
 *
 * Static branch hints: a source assembled for the ppc-hint and ppc variants writes
 * its loop and alignment branches as `bc_hint bdnz, 1b`, `bc_hint beq, cr1, 2f`,
 * ..., which emit `bdnz-` etc. under -DHINTS=1 and the plain mnemonic under
 * -DHINTS=0.  The "-" suffix means "predict not taken".  Which bits encode it
 * depends on the CPU the assembler targets: since POWER4 it sets the two "at" bits
 * of the BO field (0b10: very likely not taken), which a core may follow instead of
 * its dynamic predictor; with the older "y" bit encoding (gas -mppc64) a "-" on a
 * forward branch encodes exactly like no hint at all.  The
 * sources therefore say `.machine power7` (or power8) themselves, whatever -mcpu the
 * build uses, and tests/power_hints.sh checks that the two builds differ in the BO
 * field of the hinted branches and nowhere else.
 */
#ifndef CB_POWER_ASM_H
#define CB_POWER_ASM_H

#ifndef __ASSEMBLER__
#error "kernels/power/asm.h is for assembly sources"
#endif

/* Register names: gas accepts %rN, %vN and %vsN in every mode; plain rN needs
 * -mregnames, which not every build passes. */
#define r0 %r0
#define r1 %r1
#define r2 %r2
#define r3 %r3
#define r4 %r4
#define r5 %r5
#define r6 %r6
#define r7 %r7
#define r8 %r8
#define r9 %r9
#define r10 %r10
#define r11 %r11
#define r12 %r12
#define r14 %r14
#define r15 %r15
#define r16 %r16
#define r17 %r17
#define r18 %r18
#define r19 %r19
#define r20 %r20
#define r21 %r21
#define r22 %r22
#define r23 %r23
#define r24 %r24
#define r25 %r25
#define r26 %r26
#define r27 %r27
#define r28 %r28
#define r29 %r29
#define r30 %r30
#define r31 %r31

/* Vector registers are written as numbers 0..31 (named by #define in each source);
 * VSX instructions (lxvd2x, lxvw4x, xxpermdi, ...) see vector register n as VSR
 * 32 + n. */
#define VSR(v) (32 + (v))

#define CB_CAT_(a, b) a##b
#define CB_CAT(a, b) CB_CAT_(a, b)

/* SYM(alg, op) names one build's entry point: sha256_ppc_hint_blocks when the build
 * passes -DVARIANT=ppc_hint. */
#define SYM(alg, op) CB_CAT(alg, CB_CAT(_, CB_CAT(VARIANT, CB_CAT(_, op))))

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CB_LITTLE_ENDIAN 1
#else
#define CB_LITTLE_ENDIAN 0
#endif

#if defined(_CALL_ELF) && _CALL_ELF == 2
    .abiversion 2
#define FUNC_START(name)                                                                 \
    .text;                                                                               \
    .globl name;                                                                         \
    .type name, @function;                                                               \
    .p2align 4;                                                                          \
name:                                                                                    \
    addis r2, r12, .TOC. - name@ha;                                                     \
    addi r2, r2, .TOC. - name@l;                                                         \
    .localentry name, . - name
#define FUNC_END(name) .size name, . - name
#else
#define FUNC_START(name)                                                                 \
    .section ".opd", "aw";                                                               \
    .p2align 3;                                                                          \
    .globl name;                                                                         \
name:                                                                                    \
    .quad .L.name, .TOC.@tocbase, 0;                                                     \
    .text;                                                                               \
    .type name, @function;                                                               \
    .p2align 4;                                                                          \
.L.name:
#define FUNC_END(name) .size name, . - .L.name
#endif

/* LOAD_ADDR(reg, sym): reg = &sym, TOC-relative (r2 is valid in every function). */
#define LOAD_ADDR(reg, sym)                                                              \
    addis reg, r2, sym@toc@ha;                                                           \
    addi reg, reg, sym@toc@l

/* The non-volatile GPRs r14..r31 are saved below the stack pointer, in the 288-byte
 * area both ABIs leave to leaf functions (signal handlers skip it), so the kernels
 * need no stack frame: r<n> goes to GPR_SLOT(n), and the slots below GPR_SLOT(14)
 * are free for a kernel's own use. */
#define GPR_SLOT(n) (-8 * (32 - (n)))(r1)

#ifndef HINTS
#define HINTS 0
#endif

/* bc_hint op, operands: `op- operands` in the hinted build, `op operands` in the
 * other (bc_hint bdnz, 1b; bc_hint beq, cr1, .Ldone; bc_hint beqlr). */
.macro bc_hint op, args:vararg
.if HINTS
    \op\()- \args
.else
    \op \args
.endif
.endm

/* gprs op, first: `op` (std or ld) r<first>..r31 to or from their slots below the
 * stack pointer (see GPR_SLOT). */
.macro gprs op, first
.irp n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
.if \n >= \first
    \op \n, (-8 * (32 - \n))(1)
.endif
.endr
.endm

/*
 * load_msg wb, msg_le, first, inp, tmp: the 16 message words of a block at inp into
 * GPRs first..first+15, as numbers: wb is 4 or 8 bytes a word, msg_le says whether
 * the words are little-endian (MD5) or big-endian (SHA).  Words in the CPU's own
 * order load with lwz/ld; a 64-bit word in the other order with ldbrx (tmp holds the
 * offset).  A pair of 32-bit words in the other order comes from one ldbrx, which
 * reverses the doubleword: the word that lands in the low half is the second on a
 * little-endian CPU and the first on a big-endian one, and a shift gives the other.
 * That is 24 instructions a block against 32 for lwbrx with an offset each.  The
 * upper halves of 32-bit words hold garbage; the kernels only use instructions
 * that read the low word (rotlwi, srwi, stw) where it would matter.
 */
.macro load_msg wb, msg_le, first, inp, tmp
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.if \wb == 8
#if CB_LITTLE_ENDIAN
    li \tmp, 8 * \i
    ldbrx (\first + \i), \inp, \tmp
#else
    ld (\first + \i), (8 * \i)(\inp)
#endif
.elseif \msg_le == CB_LITTLE_ENDIAN
    lwz (\first + \i), (4 * \i)(\inp)
.elseif \i % 2 == 0
    li \tmp, 4 * \i
    ldbrx (\first + \i + CB_LITTLE_ENDIAN), \inp, \tmp
    srdi (\first + \i + 1 - CB_LITTLE_ENDIAN), (\first + \i + CB_LITTLE_ENDIAN), 32
.endif
.endr
.endm

#endif
