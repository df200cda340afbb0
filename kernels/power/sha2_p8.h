/*
 * kernels/power/sha2_p8.h - the rounds of the SHA-256 and SHA-512 p8 kernels
 * (FIPS 180-4 6.2.2 and 6.4.2 step 3), as gas macros over the element size the
 * including source picks.  Included only from .S files, after p8.h, once the
 * source has defined
 *   VADD, VSIG, KLOAD  vadduwm / vaddudm, vshasigmaw / vshasigmad, lxvw4x / lxvd2x
 *   NW, ROUNDS          words per vector (4 or 2), rounds per block
 *   KP, KV, KW, WR     the constants' pointer (GPR), and the vector registers of
 *                      K, K + W and the first of the 16 / NW message groups
 * and, before calling group, a gas macro sched g that computes message group g
 * (g >= 16 / NW) in place of group g - 16 / NW.
 *
 * Each working variable lives in element 0 of its own vector register; the other
 * elements carry whatever the same operations make of them and are never read.
 * vshasigma computes SIGMA0, SIGMA1 (ST = 1) and sigma0, sigma1 (ST = 0) of every
 * element in one instruction, and vsel computes Ch and Maj:
 *   Ch(e,f,g)  = vsel(g, f, e)          e's bits choose f, else g
 *   Maj(a,b,c) = vsel(b, a, b ^ c)      where b and c differ a decides, else b
 * with b ^ c carried from the previous round's a ^ b.  A round is 11 instructions.
 *
 * Registers: r5-r11 the offsets 16..112 (offsets, lxv); v0-v7 a..h (renamed per
 * round), v21 K[t] + W[t] in element 0, v22-v25 scratch (Ch, SIGMA1, Maj,
 * SIGMA0), v26, v27 the carried b ^ c and this round's a ^ b (alternating).
 */
#ifndef CB_POWER_SHA2_P8_H
#define CB_POWER_SHA2_P8_H

#define KT 21
#define CH 22
#define S1 23
#define MAJ 24
#define S0 25
#define XA 26
#define XB 27

/* round a..h, kt, xn, xo: h becomes T1 + T2 and d becomes d + T1. */
.macro round a, b, c, d, e, f, g, h, kt, xn, xo
    VADD \h, \h, \kt
    vsel CH, \g, \f, \e
    VSIG S1, \e, 1, 0xf
    VADD \h, \h, CH
    vxor \xn, \a, \b
    VSIG S0, \a, 1, 0
    VADD \h, \h, S1
    vsel MAJ, \b, \a, \xo
    VADD \d, \d, \h
    VADD S0, S0, MAJ
    VADD \h, \h, S0
.endm

/* round_t t, kt: round t with the names it has after t renamings: variable v (a = 0)
 * is in v<(v - t) mod 8>, and XA, XB swap roles every round. */
.macro round_t t, kt
    .set .Lr, (\t) % 8
    .set .Lx, (\t) % 2
    round (8-.Lr)%8, (9-.Lr)%8, (10-.Lr)%8, (11-.Lr)%8, (12-.Lr)%8, (13-.Lr)%8, \
        (14-.Lr)%8, (15-.Lr)%8, \kt, XA+.Lx, XB-.Lx
.endm

/* rounds_from kw, t, n: rounds t..t+n-1, element i of kw holding K + W of round
 * t + i (vsldoi brings it to element 0). */
.macro rounds_from kw, t, n
    round_t \t, \kw
.irp i, 1, 2, 3
.if \i < \n
    vsldoi KT, \kw, \kw, (\i) * 16 / (\n)
    round_t ((\t) + \i), KT
.endif
.endr
.endm

/* group g: the schedule for group g when it is not a message group, then the
 * rounds NW g .. NW g + NW - 1.  KP moves on by 128 bytes every eight groups, as the
 * offset registers reach 112; next_block puts it back. */
.macro group g
.if \g >= 16 / NW
    sched \g
.endif
    lxv KLOAD, KV, ((\g) % 8), KP
.if (\g) % 8 == 7 && (\g) + 1 < ROUNDS / NW
    addi KP, KP, 128
.endif
    VADD KW, WR + (\g) % (16 / NW), KV
    rounds_from KW, (NW * (\g)), NW
.endm

/* next_block: in (r4) past the block of 16 words of 16 / NW bytes, and KP back to
 * the first constant. */
.macro next_block
    addi r4, r4, 256 / NW
    addi KP, KP, -128 * ((ROUNDS / NW - 1) / 8)
.endm

/* offsets: r<4 + i> = 16 i for i = 1..7, what lxv uses. */
.macro offsets
.irp i, 1, 2, 3, 4, 5, 6, 7
    li 4 + \i, 16 * \i
.endr
.endm

/* lxv op, x, i, ra: op (an X-form vector load or store: lxvw4x, stxvd2x, ...) vector
 * x and the 16 bytes at ra + 16 i (i = 0..7), after offsets. */
.macro lxv op, x, i, ra
.if (\i) == 0
    \op VSR(\x), 0, \ra
.else
    \op VSR(\x), \ra, 4 + (\i)
.endif
.endm

#endif
