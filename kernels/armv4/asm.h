/*
 * kernels/armv4/asm.h - assembler macros shared by the armv4 family's .S files.
 *
 * The family runs on every ARM from ARMv4 up: a later instruction (rev, bx, unaligned
 * ldr/str) only appears behind an __ARM_ARCH test, with the ARMv4 sequence beside it.
 * The kernels are ARM (A32) code; C callers may be Thumb-2 (Debian's armhf default),
 * so every entry point returns with RET, which interworks wherever Thumb exists.
 * armhf is little-endian; the kernels keep data in little-endian words and say so.
 */
#ifndef CB_ARMV4_ASM_H
#define CB_ARMV4_ASM_H

#if defined(__ARMEB__)
#error "kernels/armv4 assumes a little-endian ARM (armel/armhf)"
#endif

#ifndef __ARM_ARCH
#define __ARM_ARCH 4
#endif

/* ldrd/strd (a word pair in one instruction) arrived with ARMv5TE. */
#if __ARM_ARCH >= 6 || defined(__ARM_ARCH_5TE__) || defined(__ARM_ARCH_5TEJ__)
#define CB_HAVE_LDRD 1
#else
#define CB_HAVE_LDRD 0
#endif

/* Plain ARMv4 has no bx: "mov pc, lr" is its return and cannot switch to Thumb, which
 * ARMv4 does not have either.  ARMv4T (__ARM_ARCH_4T__) has bx. */
#if __ARM_ARCH >= 5 || defined(__ARM_ARCH_4T__)
#define CB_HAVE_BX 1
#else
#define CB_HAVE_BX 0
#endif

/* Unaligned ldr/str are architectural from ARMv7 (and Linux leaves them enabled);
 * earlier cores rotate or trap, so they assemble words from bytes. */
#if __ARM_ARCH >= 7
#define CB_UNALIGNED_OK 1
#else
#define CB_UNALIGNED_OK 0
#endif

/* clang and gas both accept these; they keep each function's symbol hidden so that
 * a shared build needs no PLT entry or text relocation for calls between files. */
#define CB_FUNC(name) .globl name; .hidden name; .type name, %function; .balign 16; name:
#define CB_ENDFUNC(name) .size name, . - name

.macro RET
#if CB_HAVE_BX
    bx      lr
#else
    mov     pc, lr
#endif
.endm

.macro RETEQ
#if CB_HAVE_BX
    bxeq    lr
#else
    moveq   pc, lr
#endif
.endm

/* LDR_LE32 rd, rn, off, tmp: the little-endian word at rn + off, any alignment. */
.macro LDR_LE32 rd, rn, off, tmp
#if CB_UNALIGNED_OK
    ldr     \rd, [\rn, #\off]
#else
    ldrb    \rd, [\rn, #\off]
    ldrb    \tmp, [\rn, #\off + 1]
    orr     \rd, \rd, \tmp, lsl #8
    ldrb    \tmp, [\rn, #\off + 2]
    orr     \rd, \rd, \tmp, lsl #16
    ldrb    \tmp, [\rn, #\off + 3]
    orr     \rd, \rd, \tmp, lsl #24
#endif
.endm

/* STR_LE32 rs, rn, off, tmp: stores rs little-endian at rn + off, any alignment. */
.macro STR_LE32 rs, rn, off, tmp
#if CB_UNALIGNED_OK
    str     \rs, [\rn, #\off]
#else
    strb    \rs, [\rn, #\off]
    mov     \tmp, \rs, lsr #8
    strb    \tmp, [\rn, #\off + 1]
    mov     \tmp, \rs, lsr #16
    strb    \tmp, [\rn, #\off + 2]
    mov     \tmp, \rs, lsr #24
    strb    \tmp, [\rn, #\off + 3]
#endif
.endm

/* REV32 rd, rs, tmp: byte-reverses a word.  ARMv4 lacks rev: with x = abcd,
 * x ^ ror(x, 16) = (a^c)(b^d)(a^c)(b^d); clearing its second byte and shifting it
 * right by 8 gives 0 (a^c) 0 (a^c)... which turns ror(x, 8) = dabc into dcba. */
.macro REV32 rd, rs, tmp
#if __ARM_ARCH >= 6
    rev     \rd, \rs
#else
    eor     \tmp, \rs, \rs, ror #16
    bic     \tmp, \tmp, #0x00ff0000
    mov     \rd, \rs, ror #8
    eor     \rd, \rd, \tmp, lsr #8
#endif
.endm

/* LDR_BE32 rd, rn, off, tmp: the big-endian word at rn + off, any alignment.  ARMv7
 * loads and reverses; earlier cores build the word from bytes in the order wanted. */
.macro LDR_BE32 rd, rn, off, tmp
#if CB_UNALIGNED_OK
    ldr     \rd, [\rn, #\off]
    rev     \rd, \rd
#else
    ldrb    \rd, [\rn, #\off + 3]
    ldrb    \tmp, [\rn, #\off + 2]
    orr     \rd, \rd, \tmp, lsl #8
    ldrb    \tmp, [\rn, #\off + 1]
    orr     \rd, \rd, \tmp, lsl #16
    ldrb    \tmp, [\rn, #\off]
    orr     \rd, \rd, \tmp, lsl #24
#endif
.endm

/* STR_BE32 rs, rn, off, tmp: stores rs big-endian at rn + off (rs is kept). */
.macro STR_BE32 rs, rn, off, tmp
#if CB_UNALIGNED_OK
    rev     \tmp, \rs
    str     \tmp, [\rn, #\off]
#else
    strb    \rs, [\rn, #\off + 3]
    mov     \tmp, \rs, lsr #8
    strb    \tmp, [\rn, #\off + 2]
    mov     \tmp, \rs, lsr #16
    strb    \tmp, [\rn, #\off + 1]
    mov     \tmp, \rs, lsr #24
    strb    \tmp, [\rn, #\off]
#endif
.endm

/* BSWAP8 a..h, tmp: byte-swaps eight words (the big-endian words of SHA-1/SHA-2). */
.macro BSWAP8 a, b, c, d, e, f, g, h, tmp
    REV32   \a, \a, \tmp
    REV32   \b, \b, \tmp
    REV32   \c, \c, \tmp
    REV32   \d, \d, \tmp
    REV32   \e, \e, \tmp
    REV32   \f, \f, \tmp
    REV32   \g, \g, \tmp
    REV32   \h, \h, \tmp
.endm

/* LDR8 a..h: eight little-endian words from r1 (advanced by 32), any alignment;
 * r2 is the scratch of the byte-by-byte path. */
.macro LDR8 a, b, c, d, e, f, g, h
    LDR_LE32 \a, r1, 0, r2
    LDR_LE32 \b, r1, 4, r2
    LDR_LE32 \c, r1, 8, r2
    LDR_LE32 \d, r1, 12, r2
    LDR_LE32 \e, r1, 16, r2
    LDR_LE32 \f, r1, 20, r2
    LDR_LE32 \g, r1, 24, r2
    LDR_LE32 \h, r1, 28, r2
    add     r1, r1, #32
.endm

/* LOAD_BE16 a0..a7, b0..b7: sixteen big-endian words from r1 (advanced) to r0
 * (advanced), through a0..a7 then b0..b7 (each list ascending, neither holding r0,
 * r1 or r2), which keep the last eight words.  A word-aligned block comes in with
 * two ldm, otherwise word by word.  Uses local labels 5 and 6. */
.macro LOAD_BE16 a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3, b4, b5, b6, b7
    tst     r1, #3
    bne     5f
    ldmia   r1!, {\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7}
    BSWAP8  \a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7, r2
    stmia   r0!, {\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7}
    ldmia   r1!, {\b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7}
    BSWAP8  \b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7, r2
    stmia   r0!, {\b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7}
    b       6f
5:  LDR8    \a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7
    BSWAP8  \a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7, r2
    stmia   r0!, {\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7}
    LDR8    \b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7
    BSWAP8  \b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7, r2
    stmia   r0!, {\b0, \b1, \b2, \b3, \b4, \b5, \b6, \b7}
6:
.endm

/* DIGEST_ENTER frame, ctx, end, shift: the entry of blocks(state, in, nblocks):
 * returns at once when nblocks is 0, else saves r4-r11 and lr, opens a frame and
 * stores the state pointer at ctx and the end of the input (in + nblocks << shift)
 * at end.  frame + 36 must be a multiple of 8 (AAPCS stack alignment) and frame
 * below 64 KiB. */
.macro DIGEST_ENTER frame, ctx, end, shift=6
    cmp     r2, #0
    RETEQ
    push    {r4-r11, lr}
.if (\frame) & 0xff00
    sub     sp, sp, #(\frame) & 0xff00
.endif
    sub     sp, sp, #(\frame) & 0xff
    str     r0, [sp, #\ctx]
    add     r2, r1, r2, lsl #\shift
    str     r2, [sp, #\end]
.endm

/* DIGEST_LOOP label, in, end, frame: back to label while the input pointer saved at
 * in has not reached end; then closes the frame and returns. */
.macro DIGEST_LOOP label, in, end, frame
    ldr     r1, [sp, #\in]
    ldr     r2, [sp, #\end]
    cmp     r1, r2
    bne     \label
.if (\frame) & 0xff00
    add     sp, sp, #(\frame) & 0xff00
.endif
    add     sp, sp, #(\frame) & 0xff
    pop     {r4-r11, lr}
    RET
.endm

/* LDRD2 lo, hi, base, off / STRD2: the word pair at base + off (lo an even register,
 * hi the next one, where ldrd exists).  LDRD2P / STRD2P: at base, then base += inc. */
.macro LDRD2 lo, hi, base, off
#if CB_HAVE_LDRD
    ldrd    \lo, \hi, [\base, #\off]
#else
    ldr     \lo, [\base, #\off]
    ldr     \hi, [\base, #\off + 4]
#endif
.endm

.macro STRD2 lo, hi, base, off
#if CB_HAVE_LDRD
    strd    \lo, \hi, [\base, #\off]
#else
    str     \lo, [\base, #\off]
    str     \hi, [\base, #\off + 4]
#endif
.endm

.macro LDRD2P lo, hi, base, inc
#if CB_HAVE_LDRD
    ldrd    \lo, \hi, [\base], #\inc
#else
    ldr     \hi, [\base, #4]
    ldr     \lo, [\base], #\inc
#endif
.endm

.macro STRD2P lo, hi, base, inc
#if CB_HAVE_LDRD
    strd    \lo, \hi, [\base], #\inc
#else
    str     \hi, [\base, #4]
    str     \lo, [\base], #\inc
#endif
.endm

/* ADR_FAR rd, lit, here: rd = the address of a table, position-independent at any
 * distance: the literal word lit holds "table - (here + 8)", which the linker
 * resolves, and the pc reads 8 ahead of the add at label here in ARM state. */
.macro ADR_FAR rd, lit, here
    ldr     \rd, \lit
\here:
    add     \rd, pc, \rd
.endm

#endif
