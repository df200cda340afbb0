/*
 * kernels/armv4/mont_armv4.S - Montgomery multiplication (cb_mont_ops.mul,
 * kernels/generic/bn_core.h) on 32-bit limbs: r = a * b * 2^(-32 limbs) mod n.
 *
 * Coarsely integrated operand scanning (CIOS; Koc, Acar and Kaliski, "Analyzing and
 * comparing Montgomery multiplication algorithms", 1996): for each limb b[i], one
 * pass over the limbs adds a * b[i] and m * n to a running t and shifts it down a
 * limb, m = (t[0] + a[0] b[i]) n0 mod 2^32 being chosen first so that the low limb
 * vanishes.  t stays below 2n, so it has limbs + 1 words, the top one a single bit.
 *
 * Each limb of a pass is two multiply-accumulates: umaal (ARMv6: hi:lo = x y + lo +
 * hi, a full 32x32+32+32 step whose result cannot overflow 64 bits) with the a*b[i]
 * carry in one register and the m*n carry in another, so the two chains stay apart.
 * Limbs go two at a time: one ldm each for a, n and t, four umaal and one strd (t
 * is written one limb lower than it is read: that is the shift), five instructions
 * a limb.  Cores before ARMv6 get umaal as umlal plus the carry additions.
 *
 * Registers in a pass: r0 a, r1 n, r2 t (read pointer), r3 b[i], r4 m, r5 the a*b[i]
 * carry, r6 the m*n carry, r7/r8 a limbs, r9/r12 n limbs, r10/r11 t limbs (the strd
 * pair), lr the pair count.  r, b, n0 and the limb count wait in the frame, t (up to
 * MONT_T_WORDS words) below them.
 *
 * Constant time: every branch depends on the limb count only, and the final
 * subtraction is kept or dropped with a mask (bn.h's contract).
 */
#include "kernels/armv4/asm.h"
#include "kernels/armv4/mont_frame.h"

    .syntax unified
    .arm
    .text

/* MONT_T_WORDS is CB_BN_MAX_LIMBS + 1 for 32-bit limbs (15360 / 32 + 1: rsa15360);
 * kernels/armv4/family.c asserts that the two agree. */
#define M_T     0                       /* t: MONT_T_WORDS words, padded to 1928 bytes */
#define M_R     1928
#define M_A     1932
#define M_B     1936
#define M_N     1940
#define M_N0    1944
#define M_L     1948
#define M_I     1952
#define M_SIZE  1956                    /* with the 36 bytes pushed, sp stays 8-aligned */

/* MAC lo, hi, x, y: hi:lo = x * y + lo + hi (umaal; before ARMv6 umlal and adds). */
.macro MAC lo, hi, x, y, tmp
#if __ARM_ARCH >= 6
    umaal   \lo, \hi, \x, \y
#else
    mov     \tmp, #0
    umlal   \lo, \tmp, \x, \y           @ tmp:lo = x * y + lo
    adds    \lo, \lo, \hi
    adc     \hi, \tmp, #0
#endif
.endm

/* STEP1: one limb j: t[j-1] = low(t[j] + a[j] b[i] + carries). */
.macro STEP1
    ldr     r7, [r0], #4
    ldr     r9, [r1], #4
    ldr     r10, [r2], #4
    MAC     r10, r5, r7, r3, r11
    MAC     r10, r6, r9, r4, r11
    str     r10, [r2, #-8]
.endm

/* STEP2: limbs j and j + 1 (two STEP1 before ARMv6, which has no register left for
 * the emulated umaal's temporary here). */
.macro STEP2
#if __ARM_ARCH < 6
    STEP1
    STEP1
#else
    ldmia   r0!, {r7, r8}
    ldmia   r1!, {r9, r12}
    ldmia   r2!, {r10, r11}
    MAC     r10, r5, r7, r3, lr
    MAC     r10, r6, r9, r4, lr
    MAC     r11, r5, r8, r3, lr
    MAC     r11, r6, r12, r4, lr
    STRD2   r10, r11, r2, -12
#endif
.endm

/* mont_armv4_mul(r, a, b, n, n0, limbs): cb_mont_ops.mul (kernels/generic/bn_core.h). */
CB_FUNC(mont_armv4_mul)
    push    {r4-r11, lr}
    sub     sp, sp, #M_SIZE & 0xff00
    sub     sp, sp, #M_SIZE & 0xff
    str     r0, [sp, #M_R]
    str     r1, [sp, #M_A]
    str     r2, [sp, #M_B]
    str     r3, [sp, #M_N]
    ldr     r4, [sp, #M_SIZE + 36]          @ n0 and limbs: the stacked arguments
    ldr     r5, [sp, #M_SIZE + 40]
    str     r4, [sp, #M_N0]
    str     r5, [sp, #M_L]
    str     r5, [sp, #M_I]
    mov     r0, #0                          @ t = 0 (limbs + 1 words)
    mov     r2, sp
1:  str     r0, [r2], #4
    subs    r5, r5, #1
    bpl     1b
2:  ldr     r12, [sp, #M_B]                 @ a pass: b[i], pointers back to the start
    ldr     r3, [r12], #4
    str     r12, [sp, #M_B]
    ldr     r0, [sp, #M_A]
    ldr     r1, [sp, #M_N]
    mov     r2, sp
    mov     r5, #0
    ldr     r7, [r0], #4                    @ limb 0 chooses m and leaves only carries
    ldr     r10, [r2], #4
    MAC     r10, r5, r7, r3, r11
    ldr     r12, [sp, #M_N0]
    mul     r4, r10, r12
    ldr     r9, [r1], #4
    mov     r6, #0
    MAC     r10, r6, r9, r4, r11
    ldr     lr, [sp, #M_L]
    sub     lr, lr, #1
    movs    lr, lr, lsr #1                  @ (limbs - 1) / 2 pairs, the odd one after
    beq     4f
3:  STEP2
    subs    lr, lr, #1
    bne     3b
4:  ldr     lr, [sp, #M_L]
    tst     lr, #1
    bne     5f
    STEP1
5:  ldr     r10, [r2]                       @ t[limbs - 1], t[limbs] = t[limbs] + carries
    mov     r11, #0
    adds    r5, r5, r6
    adc     r11, r11, #0
    adds    r10, r10, r5
    adc     r11, r11, #0
    str     r10, [r2, #-4]
    str     r11, [r2]
    ldr     r12, [sp, #M_I]
    subs    r12, r12, #1
    str     r12, [sp, #M_I]
    bne     2b
    ldr     r0, [sp, #M_R]                  @ r = t - n, borrow kept in the C flag
    ldr     r1, [sp, #M_N]
    mov     r2, sp
    ldr     lr, [sp, #M_L]
    subs    r3, r3, r3                      @ sets C: no borrow yet
6:  ldr     r4, [r2], #4
    ldr     r5, [r1], #4
    sbcs    r4, r4, r5
    str     r4, [r0], #4
    sub     lr, lr, #1
    teq     lr, #0                          @ leaves C alone
    bne     6b
    ldr     r5, [r2]                        @ the top bit of t
    sbc     r6, r6, r6                      @ -1 when t - n borrowed
    rsb     r5, r5, #0
    bic     r6, r6, r5                      @ ... and t had no top bit: then keep t
    ldr     r0, [sp, #M_R]
    mov     r2, sp
    ldr     lr, [sp, #M_L]
7:  ldr     r4, [r2], #4                    @ r = keep ? t : t - n, by mask
    ldr     r5, [r0]
    and     r4, r4, r6
    bic     r5, r5, r6
    orr     r4, r4, r5
    str     r4, [r0], #4
    subs    lr, lr, #1
    bne     7b
    add     sp, sp, #M_SIZE & 0xff00
    add     sp, sp, #M_SIZE & 0xff
    pop     {r4-r11, lr}
    RET
CB_ENDFUNC(mont_armv4_mul)

    .section .note.GNU-stack, "", %progbits
