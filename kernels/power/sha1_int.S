/*
 * kernels/power/sha1_int.S - SHA-1 compression (FIPS 180-4 section 6.1.2) in 64-bit
 * POWER integer code, for the ppc-hint and ppc variants (family.mk assembles it with
 * HINTS=1 and HINTS=0).
 *
 *     void sha1_<variant>_blocks(uint32_t state[5], const uint8_t *in, size_t n)
 *
 * As in the SHA-2 kernels, the 16-word message window, the five working variables
 * and the four round constants all stay in registers (29 GPRs, no TOC access), and
 * the 80 rounds are unrolled with the variables renamed.  The round functions of
 * section 4.1.1, each added into e:
 *   Ch      (b & c) + (d & ~b)            the terms never share a bit
 *   Parity  b ^ c ^ d
 *   Maj     (b & c) + (d & (b ^ c))       likewise disjoint
 * 32-bit words in 64-bit registers: the upper halves hold garbage after add, which
 * only rotlwi and stw read past, so it never matters.
 *
 * Registers: r14-r29 W[0..15]; r6-r10 a..e (renamed per round); r11, r12, r30, r31
 * the constants K of section 4.2.1; r0, r5 temporaries; r3 state; r4 in; CTR n.
 */
#include "kernels/power/asm.h"

    .machine power7

#define INP r4
#define T r0
#define U r5
#define W(t) (14 + ((t) % 16))

/* round kind, t, a, b, c, d, e, k: round t (section 6.1.2 step 3), the schedule of
 * step 1 first when t >= 16: W[t] = ROTL^1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]). */
.macro round kind, t, a, b, c, d, e, k
.if \t >= 16
    xor T, W(\t + 13), W(\t + 8)
    xor W(\t), W(\t), W(\t + 2)
    xor W(\t), W(\t), T
    rotlwi W(\t), W(\t), 1
.endif
    add \e, \e, W(\t)
    rotlwi T, \a, 5
    add \e, \e, \k
    add \e, \e, T
.if \kind == 0                   # Ch
    and T, \b, \c
    andc U, \d, \b
    add \e, \e, T
    add \e, \e, U
.elseif \kind == 1               # Parity
    xor T, \b, \c
    xor T, T, \d
    add \e, \e, T
.else                            # Maj
    and T, \b, \c
    xor U, \b, \c
    and U, U, \d
    add \e, \e, T
    add \e, \e, U
.endif
    rotlwi \b, \b, 30
.endm

/* rounds5 kind, t, k: rounds t..t+4, after which the names are back in place. */
.macro rounds5 kind, t, k
    round \kind, \t, r6, r7, r8, r9, r10, \k
    round \kind, \t + 1, r10, r6, r7, r8, r9, \k
    round \kind, \t + 2, r9, r10, r6, r7, r8, \k
    round \kind, \t + 3, r8, r9, r10, r6, r7, \k
    round \kind, \t + 4, r7, r8, r9, r10, r6, \k
.endm

/* rounds20 kind, t, k: one of the four stages of 20 rounds. */
.macro rounds20 kind, t, k
    rounds5 \kind, \t, \k
    rounds5 \kind, \t + 5, \k
    rounds5 \kind, \t + 10, \k
    rounds5 \kind, \t + 15, \k
.endm

FUNC_START(SYM(sha1, blocks))
    cmpldi r5, 0
    bc_hint beqlr
    mtctr r5
    gprs std, 14
    lis r11, 0x5a82
    ori r11, r11, 0x7999
    lis r12, 0x6ed9
    ori r12, r12, 0xeba1
    lis r30, 0x8f1b
    ori r30, r30, 0xbcdc
    lis r31, 0xca62
    ori r31, r31, 0xc1d6
    lwz r6, 0(r3)
    lwz r7, 4(r3)
    lwz r8, 8(r3)
    lwz r9, 12(r3)
    lwz r10, 16(r3)
.Lblock:
    load_msg 4, 0, 14, INP, T
    rounds20 0, 0, r11
    rounds20 1, 20, r12
    rounds20 2, 40, r30
    rounds20 1, 60, r31
    addi INP, INP, 64
.irp i, 0, 1, 2, 3, 4              # the chaining value += a..e (step 4)
    lwz T, (4 * \i)(r3)
    add (6 + \i), (6 + \i), T
    stw (6 + \i), (4 * \i)(r3)
.endr
    bc_hint bdnz, .Lblock
    gprs ld, 14
    blr
FUNC_END(SYM(sha1, blocks))

    .section .note.GNU-stack, "", @progbits
