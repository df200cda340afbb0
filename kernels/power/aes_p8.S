/*
 * kernels/power/aes_p8.S - AES-128/192/256 (FIPS 197) with the POWER8 (ISA 2.07)
 * vector crypto instructions: ECB, CBC and CTR, for the p8 variant.
 *
 *     void aes_p8_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
 *     void aes_p8_ecb_decrypt(same)
 *     void aes_p8_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
 *                             uint8_t *out, size_t n)
 *     void aes_p8_cbc_decrypt(same)
 *     void aes_p8_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
 *                       uint8_t *out, size_t n)
 *
 * vcipher is one full round (ShiftRows, SubBytes, MixColumns, AddRoundKey),
 * vcipherlast the last; vncipher is one round of the inverse cipher of FIPS 197 5.3
 * (InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns), so decryption takes the
 * encryption round keys in reverse order (kernels/power/keys.c reverses them).  The
 * key schedule is otherwise the generic one: 15 round keys of native words, the
 * round count at byte 240; all of them live in v13..v26 and v12 (the last) for the
 * whole call.
 *
 * Where blocks are independent (ECB, CBC decryption, CTR) eight go through the
 * rounds together: a round's latency is several cycles and POWER8 issues one
 * vcipher per cycle or two, so eight chains keep the unit busy, then the rest one
 * at a time.  CBC encryption is a chain and goes one block at a time.
 *
 * On little-endian the XOR with the input (CTR) or the previous ciphertext (CBC
 * decryption) is done in memory byte order, after the result has been permuted for
 * the store, so the reloaded data needs no permute of its own.
 *
 * Registers: r3 ks; r4 iv; r5 in; r6 out; r7 blocks left for the one-block loop;
 * r0, r8-r12, r2 the offsets 16..112; CTR the 8-block count.  v1 PERM; v2 the
 * counter increment or CBC chain; v3, v28, v29 scratch; v4-v11 eight blocks; v12
 * the last round key; v13-v26 round keys 0..13; v27 the counter or the ciphertext
 * before the blocks.
 */
#include "kernels/power/asm.h"
#include "kernels/power/p8.h"

#define KS r3
#define IVP r4
#define IN r5
#define OUT r6
#define NT r7
#define O16 r0
#define O32 r8
#define O48 r9
#define O64 r10
#define O80 r11
#define O96 r12
#define O112 r2
#define TOC_SLOT P8_GPR_SLOT(0)

#define PERM 1
#define CHAIN 2
#define T 3
#define X0 4
#define KL 12
#define K0 13
#define CTRV 27
#define T2 28
#define T3 29

/* .Loff<i>: the number of the GPR holding 16 * i, for block i of eight (block 0 is
 * addressed with RA = 0 instead). */
.set .Loff1, 0
.set .Loff2, 8
.set .Loff3, 9
.set .Loff4, 10
.set .Loff5, 11
.set .Loff6, 12
.set .Loff7, 2

/* xblk op, x, i, ra: op (lxvd2x or stxvd2x) vector x and block i at ra. */
.macro xblk op, x, i, ra
.if \i == 0
    \op VSR(\x), 0, \ra
.else
    \op VSR(\x), \ra, .Loff\i
.endif
.endm

/* load8: eight blocks from in, in register order, with round key 0 added. */
.macro load8
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    xblk lxvd2x, (X0 + \i), \i, IN
    fix (X0 + \i), PERM
    vxor (X0 + \i), (X0 + \i), K0
.endr
.endm

/* each n, insn, args: insn X0+i, X0+i, args... for the first n blocks. */
.macro each n, insn, args:vararg
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
.if \i < \n
    \insn (X0 + \i), (X0 + \i), \args
.endif
.endr
.endm

/* rnd n, dec, k, kind: one round (kind "last": the final one) with key k on the
 * first n blocks, of the cipher or (dec = 1) the inverse cipher. */
.macro rnd n, dec, k, kind
.if \dec
    each \n, vncipher\kind, \k
.else
    each \n, vcipher\kind, \k
.endif
.endm

/* rounds n, dec: rounds 1 .. Nr-1 on the first n blocks (cr5: rounds against 12).
 * Its label is 5; the modes' loops use others. */
.macro rounds n, dec
.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
    rnd \n, \dec, (K0 + \r)
.endr
    blt cr5, 5f
    rnd \n, \dec, (K0 + 10)
    rnd \n, \dec, (K0 + 11)
    beq cr5, 5f
    rnd \n, \dec, (K0 + 12)
    rnd \n, \dec, (K0 + 13)
5:
.endm

/* last n, dec: the final round on the first n blocks. */
.macro last n, dec
    rnd \n, \dec, KL, last
.endm

/* prologue split: saves v20-v29 and r2, makes PERM, loads the round keys, sets cr5
 * and the offset registers; split = 1 also splits n (split8).  n (r7) must already
 * be non-zero. */
.macro prologue split
    vrs stvx, 20, 29, r8
    std r2, TOC_SLOT
    make_perm PERM, T, r8
    lwz r8, 240(KS)                  # the round count
    cmpwi cr5, r8, 12
    slwi r8, r8, 4
    lxvw4x VSR(KL), KS, r8
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    li r8, 16 * \i
    lxvw4x VSR(K0 + \i), KS, r8
.endr
.if \split
    split8
.endif
    li O16, 16
    li O32, 32
    li O48, 48
    li O64, 64
    li O80, 80
    li O96, 96
    li O112, 112
.endm

.macro epilogue
    vrs lvx, 20, 29, r8
    ld r2, TOC_SLOT
    blr
.endm

/* mode_args: (ks, iv, in, out, n) arrive as the registers above; returns when n is 0. */
.macro mode_args
    cmpldi NT, 0
    beqlr
.endm

/* ecb_args: (ks, in, out, n) moved to the registers of the other modes. */
.macro ecb_args
    mr NT, r6
    mr OUT, r5
    mr IN, r4
    mode_args
.endm

/* split8: CTR = whole groups of eight blocks, NT = the rest; cr0 says whether any
 * group exists.  (r8 is free only before the offsets are set.) */
.macro split8
    srdi. r8, NT, 3
    clrldi NT, NT, 61
    mtctr r8
.endm

/* advance n: in and out past n blocks. */
.macro advance n
    addi IN, IN, 16 * (\n)
    addi OUT, OUT, 16 * (\n)
.endm

/* to_tail: the end of the 8-block loop (labels 1 and 2) and the start of the
 * one-block loop over what is left (label 3; 4 is the exit). */
.macro to_tail
    advance 8
    bdnz 1b
2:  cmpldi NT, 0
    beq 4f
    mtctr NT
.endm

/* ecb dec */
.macro ecb dec
    ecb_args
    prologue 1
    beq 2f
1:
    load8
    rounds 8, \dec
    last 8, \dec
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    fix (X0 + \i), PERM
    xblk stxvd2x, (X0 + \i), \i, OUT
.endr
    to_tail
3:  ld_block X0, 0, IN, PERM
    vxor X0, X0, K0
    rounds 1, \dec
    last 1, \dec
    st_block X0, 0, OUT, PERM, T
    advance 1
    bdnz 3b
4:  epilogue
.endm

FUNC_START(aes_p8_ecb_encrypt)
    ecb 0
FUNC_END(aes_p8_ecb_encrypt)

FUNC_START(aes_p8_ecb_decrypt)
    ecb 1
FUNC_END(aes_p8_ecb_decrypt)

/* CBC encryption (SP 800-38A 6.2): C_i = E(P_i ^ C_i-1), one block at a time; the
 * chain stays in CHAIN in register order. */
FUNC_START(aes_p8_cbc_encrypt)
    mode_args
    prologue 0
    ld_block CHAIN, 0, IVP, PERM
    mtctr NT
1:  ld_block X0, 0, IN, PERM
    vxor X0, X0, K0
    vxor X0, X0, CHAIN
    rounds 1, 0
    vcipherlast CHAIN, X0, KL
    st_block CHAIN, 0, OUT, PERM, T
    advance 1
    bdnz 1b
    st_block CHAIN, 0, IVP, PERM, T
    epilogue
FUNC_END(aes_p8_cbc_encrypt)

/* CBC decryption: P_i = D(C_i) ^ C_i-1.  CHAIN holds C_i-1 in memory order; the
 * ciphertext is reloaded after the rounds, before any output is stored, so in and
 * out may be the same buffer. */
FUNC_START(aes_p8_cbc_decrypt)
    mode_args
    prologue 1
    lxvd2x VSR(CHAIN), 0, IVP
    beq 2f
1:
    load8
    rounds 8, 1
    last 8, 1
    fix X0, PERM
    vxor X0, X0, CHAIN
.irp i, 0, 1, 2, 3, 4, 5, 6
    xblk lxvd2x, T, \i, IN
    fix (X0 + \i + 1), PERM
    vxor (X0 + \i + 1), (X0 + \i + 1), T
.endr
    xblk lxvd2x, CHAIN, 7, IN
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    xblk stxvd2x, (X0 + \i), \i, OUT
.endr
    to_tail
3:  lxvd2x VSR(T2), 0, IN
    vor X0, T2, T2
    fix X0, PERM
    vxor X0, X0, K0
    rounds 1, 1
    last 1, 1
    fix X0, PERM
    vxor X0, X0, CHAIN
    vor CHAIN, T2, T2
    stxvd2x VSR(X0), 0, OUT
    advance 1
    bdnz 3b
4:  stxvd2x VSR(CHAIN), 0, IVP
    epilogue
FUNC_END(aes_p8_cbc_decrypt)

/* CTR with a 32-bit counter (cb_aes_ops.ctr32): vadduwm adds 1 to the last word of
 * the counter block, which wraps without carry as GCM's inc32 wants.  The counter
 * is not written back. */
FUNC_START(aes_p8_ctr32)
    mode_args
    prologue 1
    ld_block CTRV, 0, IVP, PERM
    vspltisw T, 1
    vxor CHAIN, CHAIN, CHAIN
    vsldoi CHAIN, CHAIN, T, 4        # {0, 0, 0, 1}
    beq 2f
1:
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    vxor (X0 + \i), CTRV, K0
    vadduwm CTRV, CTRV, CHAIN
.endr
    rounds 8, 0
    last 8, 0
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
    xblk lxvd2x, T, \i, IN
    fix (X0 + \i), PERM
    vxor (X0 + \i), (X0 + \i), T
    xblk stxvd2x, (X0 + \i), \i, OUT
.endr
    to_tail
3:  vxor X0, CTRV, K0
    vadduwm CTRV, CTRV, CHAIN
    rounds 1, 0
    last 1, 0
    lxvd2x VSR(T), 0, IN
    fix X0, PERM
    vxor X0, X0, T
    stxvd2x VSR(X0), 0, OUT
    advance 1
    bdnz 3b
4:  epilogue
FUNC_END(aes_p8_ctr32)

    .section .note.GNU-stack, "", @progbits
