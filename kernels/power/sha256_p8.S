/*
 * kernels/power/sha256_p8.S - SHA-224/256 compression (FIPS 180-4 6.2.2) with the
 * POWER8 vector SHA instructions, for the p8 variant.
 *
 *     void sha256_p8_blocks(uint32_t state[8], const uint8_t *in, size_t n)
 *
 * The rounds are kernels/power/sha2_p8.h's, one variable per vector register.  The
 * message schedule runs four words at a time on vectors W[t..t+3]: sigma0 of
 * W[t-15..t-12] and the W[t-7..t-4] term come from vsldoi across two neighbouring
 * groups, but sigma1 needs W[t-2..t+1], half of which is being computed, so it is
 * added in two halves: sigma1 of (W[t-2], W[t-1], 0, 0) first, then of (0, 0, W[t],
 * W[t+1]) (sigma1 of 0 is 0).  Eleven instructions a group.  K[t] + W[t] for four
 * rounds is one vadduwm; vsldoi moves each word in turn to element 0.
 *
 * Message words are big-endian: lxvw4x loads word i into element i, byte-reversed
 * on little-endian, where a vperm with lvsl's {0..15} ^ 3 puts the bytes back.
 *
 * Registers: r3 state; r4 in; r12 K (advanced by 128 halfway through a block);
 * r5-r11 the offsets 16..112; CTR n.  v0-v7 a..h, v8-v15 the chaining value,
 * v16-v19 W in groups of four (a ring), v20 K + W, v21-v27 the round's
 * (sha2_p8.h), v28 zero, v29 the byte fix, v30 K.
 */
#include "kernels/power/asm.h"
#include "kernels/power/p8.h"

#define VADD vadduwm
#define VSIG vshasigmaw
#define KLOAD lxvw4x
#define NW 4
#define ROUNDS 64
#define KP r12
#define WR 16
#define KW 20
#define KV 30
#include "kernels/power/sha2_p8.h"

#define CV 8
#define ZERO 28
#define BSWAP 29

/* sched g: group g (W[4g..4g+3], g >= 4) in place of group g - 4 in the ring. */
.macro sched g
    .set .Lw0, WR + (\g) % 4              # W[t-16..t-13], becomes W[t..t+3]
    .set .Lw1, WR + ((\g) + 1) % 4        # W[t-12..t-9]
    .set .Lw2, WR + ((\g) + 2) % 4        # W[t-8..t-5]
    .set .Lw3, WR + ((\g) + 3) % 4        # W[t-4..t-1]
    vsldoi CH, .Lw0, .Lw1, 4              # W[t-15..t-12]
    vsldoi S1, .Lw2, .Lw3, 4              # W[t-7..t-4]
    vshasigmaw CH, CH, 0, 0               # sigma0
    vadduwm .Lw0, .Lw0, S1
    vsldoi S1, .Lw3, ZERO, 8              # W[t-2], W[t-1], 0, 0
    vadduwm .Lw0, .Lw0, CH
    vshasigmaw S1, S1, 0, 0xf             # sigma1
    vadduwm .Lw0, .Lw0, S1
    vsldoi S1, ZERO, .Lw0, 8              # 0, 0, W[t], W[t+1]
    vshasigmaw S1, S1, 0, 0xf
    vadduwm .Lw0, .Lw0, S1
.endm

FUNC_START(sha256_p8_blocks)
    cmpldi r5, 0
    beqlr
    mtctr r5
    vrs stvx, 20, 30, r6
    make_perm BSWAP, KT, r6, 4
    vxor ZERO, ZERO, ZERO
    LOAD_ADDR(KP, cb_sha256_k)
    offsets
    lxv lxvw4x, 0, 0, r3                  # a, b, c, d
    lxv lxvw4x, 4, 1, r3                  # e, f, g, h
.irp i, 1, 2, 3
    vsldoi \i, 0, 0, 4 * \i
    vsldoi 4 + \i, 4, 4, 4 * \i
.endr
1:
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    vor CV + \i, \i, \i
.endr
.irp i, 0, 1, 2, 3
    lxv lxvw4x, WR + \i, \i, r4
    fix WR + \i, BSWAP
.endr
    vxor XB, 1, 2                         # b ^ c for round 0
.irp g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    group \g
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    vadduwm \i, \i, CV + \i
.endr
    next_block
    bdnz 1b
    vmrghw 0, 0, 1                        # a, b, -, -
    vmrghw 2, 2, 3                        # c, d, -, -
    vmrghw 4, 4, 5
    vmrghw 6, 6, 7
    xxpermdi VSR(0), VSR(0), VSR(2), 0    # a, b, c, d
    xxpermdi VSR(4), VSR(4), VSR(6), 0
    lxv stxvw4x, 0, 0, r3
    lxv stxvw4x, 4, 1, r3
    vrs lvx, 20, 30, r6
    blr
FUNC_END(sha256_p8_blocks)

    .section .note.GNU-stack, "", @progbits
