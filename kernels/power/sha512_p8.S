/*
 * kernels/power/sha512_p8.S - SHA-384/512 compression (FIPS 180-4 6.4.2) with the
 * POWER8 vector SHA instructions, for the p8 variant.
 *
 *     void sha512_p8_blocks(uint64_t state[8], const uint8_t *in, size_t n)
 *
 * The rounds are kernels/power/sha2_p8.h's, one variable per vector register.  The
 * message schedule runs two words at a time on vectors W[t..t+1]; with pairs nothing
 * in a group depends on the group itself, so a group is seven instructions:
 * sigma0 of W[t-15..t-14] and the W[t-7..t-6] term come from vsldoi across
 * neighbouring groups, sigma1 of W[t-2..t-1] is the previous group.  The chaining
 * value stays packed two words a register between blocks (32 vector registers do not
 * hold 16 single-word copies next to everything else).
 *
 * Message words are big-endian: lxvd2x loads doubleword i into element i,
 * byte-reversed on little-endian, where p8.h's fix puts the bytes back.
 *
 * Registers: r3 state; r4 in; r12 K (advanced by 128 every eight groups); r5-r11 the
 * offsets 16..112; CTR n.  v0-v7 a..h, v8-v15 W in pairs (a ring of eight), v16-v19
 * the chaining value (a b, c d, e f, g h), v20 K + W, v21-v27 the round's
 * (sha2_p8.h), v28 the byte fix, v29 K.
 */
#include "kernels/power/asm.h"
#include "kernels/power/p8.h"

#define VADD vaddudm
#define VSIG vshasigmad
#define KLOAD lxvd2x
#define NW 2
#define ROUNDS 80
#define KP r12
#define WR 8
#define KW 20
#define KV 29
#include "kernels/power/sha2_p8.h"

#define CV 16
#define PERM 28

/* sched g: group g (W[2g], W[2g+1], g >= 8) in place of group g - 8 in the ring. */
.macro sched g
    .set .Lw0, WR + (\g) % 8              # W[t-16..t-15], becomes W[t..t+1]
    .set .Lw1, WR + ((\g) + 1) % 8        # W[t-14..t-13]
    .set .Lw4, WR + ((\g) + 4) % 8        # W[t-8..t-7]
    .set .Lw5, WR + ((\g) + 5) % 8        # W[t-6..t-5]
    .set .Lw7, WR + ((\g) + 7) % 8        # W[t-2..t-1]
    vsldoi CH, .Lw0, .Lw1, 8              # W[t-15..t-14]
    vsldoi S1, .Lw4, .Lw5, 8              # W[t-7..t-6]
    vshasigmad CH, CH, 0, 0               # sigma0
    vaddudm .Lw0, .Lw0, S1
    vshasigmad S1, .Lw7, 0, 0xf           # sigma1
    vaddudm .Lw0, .Lw0, CH
    vaddudm .Lw0, .Lw0, S1
.endm

FUNC_START(sha512_p8_blocks)
    cmpldi r5, 0
    beqlr
    mtctr r5
    vrs stvx, 20, 29, r6
    make_perm PERM, KT, r6
    LOAD_ADDR(KP, cb_sha512_k)
    offsets
.irp i, 0, 1, 2, 3
    lxv lxvd2x, CV + \i, \i, r3
.endr
1:
.irp i, 0, 1, 2, 3
    vor 2 * \i, CV + \i, CV + \i
    vsldoi 2 * \i + 1, CV + \i, CV + \i, 8
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    lxv lxvd2x, WR + \i, \i, r4
    fix WR + \i, PERM
.endr
    vxor XB, 1, 2                         # b ^ c for round 0
.irp g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
    group \g
.endr
.irp g, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39
    group \g
.endr
.irp i, 0, 1, 2, 3
    xxpermdi VSR(2 * \i), VSR(2 * \i), VSR(2 * \i + 1), 0
    vaddudm CV + \i, CV + \i, 2 * \i
.endr
    next_block
    bdnz 1b
.irp i, 0, 1, 2, 3
    lxv stxvd2x, CV + \i, \i, r3
.endr
    vrs lvx, 20, 29, r6
    blr
FUNC_END(sha512_p8_blocks)

    .section .note.GNU-stack, "", @progbits
