/*
 * kernels/power/sha2_int.h - the SHA-256 and SHA-512 integer kernels' shared body
 * (FIPS 180-4 sections 6.2.2 and 6.4.2 have the same shape), as gas macros over a
 * word size the including source defines first:
 *
 *   SHA2_ALG          sha256 or sha512 (the entry point is SYM(SHA2_ALG, blocks))
 *   SHA2_K            the constants' symbol (kernels/generic/sha2_k.c, native words)
 *   WB, ROUNDS        bytes per word, rounds per block
 *   ROTR(d, s, n)     d = s rotated right by n; SHR(d, s, n) likewise shifted
 *   LDW, STW          the word load and store
 *   BS0_*, BS1_*      the rotations of SIGMA0 and SIGMA1 (4.1.2 / 4.1.3)
 *   SS0_*, SS1_*      the rotations and shift of sigma0 and sigma1
 *
 *     void <alg>_<variant>_blocks(void *state, const uint8_t *in, size_t n)
 *
 * Everything lives in registers: the eight working variables, the 16-word message
 * window W[t mod 16] and four temporaries take 28 of the 30 GPRs a function may use
 * (r0, r2-r12, r14-r31), the input pointer and the constants' address the other two.
 * The state pointer is kept below the stack pointer and reloaded once per block,
 * and r2 (the TOC pointer, needed only to find the constants) is saved there too.
 * Rounds are unrolled with the variables renamed rather than moved, as in
 * kernels/generic/sha2_rounds.h; compiled C spills the window to the stack, which is where
 * this code saves instructions.
 *
 * Per round: Ch(e,f,g) is (e & f) + (g & ~e) (the two terms never share a bit);
 * Maj(a,b,c) is b ^ ((a ^ b) & (b ^ c)) with b ^ c carried from the previous round's
 * a ^ b.
 *
 * Registers: r14-r29 W[0..15]; r3, r6-r12 a..h (renamed per round); r30, r31 T1, T2;
 * r0, r2 the carried b ^ c and this round's a ^ b (alternating); r4 in; r5 K; CTR n.
 */
#ifndef CB_POWER_SHA2_INT_H
#define CB_POWER_SHA2_INT_H

#define KP r5
#define INP r4
#define T1 r30
#define T2 r31
#define XA r0
#define XB r2
/* W(t): the window register of W[t] (t mod 16), a number gas reads as a GPR. */
#define W(t) (14 + ((t) % 16))

/* STATE_SLOT and TOC_SLOT: below the saved r14-r31 in the protected area. */
#define STATE_SLOT GPR_SLOT(13)
#define TOC_SLOT GPR_SLOT(12)

/* round a..h, t, xn, xo: round t of step 3.  h becomes T1 + T2 and d becomes d + T1;
 * xn receives a ^ b, xo holds b ^ c from the round before. */
.macro round a, b, c, d, e, f, g, h, t, xn, xo
    LDW T1, (WB * (\t))(KP)
    add \h, \h, W(\t)
    ROTR(T2, \e, BS1_A)
    add \h, \h, T1
    ROTR(T1, \e, BS1_B)
    xor T1, T1, T2
    ROTR(T2, \e, BS1_C)
    xor T1, T1, T2               # SIGMA1(e)
    and T2, \f, \e
    add \h, \h, T1
    andc T1, \g, \e
    add \h, \h, T2
    ROTR(T2, \a, BS0_A)
    add \h, \h, T1               # h = T1
    ROTR(T1, \a, BS0_B)
    add \d, \d, \h
    xor T1, T1, T2
    ROTR(T2, \a, BS0_C)
    xor \xn, \a, \b
    xor T1, T1, T2               # SIGMA0(a)
    and T2, \xn, \xo
    add \h, \h, T1
    xor T2, T2, \b               # Maj(a, b, c)
    add \h, \h, T2
.endm

/* sched t: W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16] (step 1), in
 * place of W[t-16]. */
.macro sched t
    ROTR(T1, W(\t + 1), SS0_A)
    ROTR(T2, W(\t + 1), SS0_B)
    xor T1, T1, T2
    SHR(T2, W(\t + 1), SS0_C)
    xor T1, T1, T2               # sigma0(W[t-15])
    add W(\t), W(\t), W(\t + 9)  # + W[t-7]
    add W(\t), W(\t), T1
    ROTR(T1, W(\t + 14), SS1_A)
    ROTR(T2, W(\t + 14), SS1_B)
    xor T1, T1, T2
    SHR(T2, W(\t + 14), SS1_C)
    xor T1, T1, T2               # sigma1(W[t-2])
    add W(\t), W(\t), T1
.endm

/* step s, t, a..h, xn, xo: round t, after the schedule's step for it when s = 1. */
.macro step s, t, a, b, c, d, e, f, g, h, xn, xo
.if \s
    sched \t
.endif
    round \a, \b, \c, \d, \e, \f, \g, \h, \t, \xn, \xo
.endm

/* rounds8 t, s: rounds t..t+7 with the names back in place afterwards; s = 1 runs
 * the message schedule before each round. */
.macro rounds8 t, s
    step \s, \t, r3, r6, r7, r8, r9, r10, r11, r12, XA, XB
    step \s, \t + 1, r12, r3, r6, r7, r8, r9, r10, r11, XB, XA
    step \s, \t + 2, r11, r12, r3, r6, r7, r8, r9, r10, XA, XB
    step \s, \t + 3, r10, r11, r12, r3, r6, r7, r8, r9, XB, XA
    step \s, \t + 4, r9, r10, r11, r12, r3, r6, r7, r8, XA, XB
    step \s, \t + 5, r8, r9, r10, r11, r12, r3, r6, r7, XB, XA
    step \s, \t + 6, r7, r8, r9, r10, r11, r12, r3, r6, XA, XB
    step \s, \t + 7, r6, r7, r8, r9, r10, r11, r12, r3, XB, XA
.endm


/* add_state: the chaining value at STATE_SLOT += a..h (step 4). */
.macro add_state
    ld T1, STATE_SLOT
    .set .Loff, 0
.irp reg, r3, r6, r7, r8, r9, r10, r11, r12
    LDW T2, .Loff(T1)
    add \reg, \reg, T2
    STW \reg, .Loff(T1)
    .set .Loff, .Loff + WB
.endr
.endm

    .machine power7

FUNC_START(SYM(SHA2_ALG, blocks))
    cmpldi r5, 0
    bc_hint beqlr
    mtctr r5
    gprs std, 14
    std r2, TOC_SLOT
    std r3, STATE_SLOT
    LOAD_ADDR(KP, SHA2_K)
    LDW r6, (1 * WB)(r3)
    LDW r7, (2 * WB)(r3)
    LDW r8, (3 * WB)(r3)
    LDW r9, (4 * WB)(r3)
    LDW r10, (5 * WB)(r3)
    LDW r11, (6 * WB)(r3)
    LDW r12, (7 * WB)(r3)
    LDW r3, 0(r3)
.Lblock:
    load_msg WB, 0, 14, INP, T1
    xor XB, r6, r7               # b ^ c for round 0
    rounds8 0, 0
    rounds8 8, 0
    .set .Lt, 16
    .rept (ROUNDS - 16) / 8
    rounds8 .Lt, 1
    .set .Lt, .Lt + 8
    .endr
    addi INP, INP, 16 * WB
    add_state
    bc_hint bdnz, .Lblock
    ld r2, TOC_SLOT
    gprs ld, 14
    blr
FUNC_END(SYM(SHA2_ALG, blocks))

    .section .note.GNU-stack, "", @progbits

#endif
