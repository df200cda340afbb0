/*
 * kernels/power/aes_int.S - AES-128/192/256 (FIPS 197) with T-tables in 64-bit POWER
 * integer code: ECB, CBC and CTR, for the ppc-hint and ppc variants (family.mk
 * assembles it with HINTS=1 and HINTS=0).
 *
 *     void aes_<v>_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
 *     void aes_<v>_ecb_decrypt(same)
 *     void aes_<v>_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
 *                              uint8_t *out, size_t n)
 *     void aes_<v>_cbc_decrypt(same)
 *     void aes_<v>_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
 *                        uint8_t *out, size_t n)
 *
 * The key schedule is the generic one (kernels/generic/aes.c, reused by
 * kernels/power/family.c): 60 round-key words, column words with row 0 in the most
 * significant byte, then the round count at byte 240; decryption keys are those of
 * the equivalent inverse cipher (FIPS 197 5.3.5).  tests/test_power.c checks that
 * layout.  The tables are kernels/power/aes_tables.S.
 *
 * A full round makes output column j from four table lookups, as kernels/generic/aes.c does:
 *   encrypt  Te0[B0(s_j)] ^ Te1[B1(s_j+1)] ^ Te2[B2(s_j+2)] ^ Te3[B3(s_j+3)] ^ rk_j
 *   decrypt  Td0[B0(s_j)] ^ Td1[B1(s_j-1)] ^ Td2[B2(s_j-2)] ^ Td3[B3(s_j-3)] ^ rk_j
 * (indices mod 4), 13 instructions: one rlwinm both extracts a byte and scales it to
 * a table offset, lwzx looks it up.  The last round builds the column from four
 * bytes with rlwimi: S(x) is byte 0 of Te2[x] on either endianness, InvS(x) comes
 * from the byte table.  Rounds are unrolled; cr5 holds rounds vs 12 and decides
 * whether rounds 10-13 run.
 *
 * Blocks are big-endian words: lwz/stw on big-endian; on little-endian one ldbrx or
 * stdbrx moves two words (the first in the upper half), so either way a block costs
 * four instructions in and four out.  32-bit values in 64-bit registers carry
 * garbage in the upper half, which rlwinm and the stores never read.
 *
 * Registers: r3 ks; r4 in; r5 out; r6 the last round key; r7-r10 Te0-3 or Td0-3;
 * r11 InvS; r0, r12 indices; r30 a looked-up word; r31 a round-key word;
 * r14-r17 and r18-r21 the state, alternating by round; r22-r25 the IV, CBC chain
 * or counter; r26-r29 round key 0, or (CBC decryption) the ciphertext kept for the
 * next block; r2 the constant 8 on little-endian; CTR the block count.
 */
#include "kernels/power/asm.h"

    .machine power7

#define KS r3
#define IN r4
#define OUT r5
#define KL r6
#define TB0 r7
#define TB1 r8
#define TB2 r9
#define TB3 r10
#define ISB r11
#define TB2_NUM 9
#define ISB_NUM 11
#define I0 r0
#define I1 r12
#define V r30
#define K r31
#define EIGHT r2
#define IV_SLOT GPR_SLOT(13)
#define TOC_SLOT GPR_SLOT(12)

/* Register numbers of the four-word groups. */
#define S0 14
#define T0 18
#define P0 22
#define C0 26

/* index d, x, b, scale: d = byte b (0 = most significant) of x, times 4 when scale
 * is 1 (a T-table offset), or as is (a byte-table offset). */
.macro index d, x, b, scale
    .set .Lsh, 2 * (\scale)
    rlwinm \d, \x, (8 * (\b) + 8 + .Lsh) % 32, 24 - .Lsh, 31 - .Lsh
.endm

/* column d, x0, x1, x2, x3, koff: d = T0[B0 x0] ^ T1[B1 x1] ^ T2[B2 x2] ^ T3[B3 x3]
 * ^ the key word at koff(KS). */
.macro column d, x0, x1, x2, x3, koff
    index I0, \x0, 0, 1
    index I1, \x1, 1, 1
    lwzx \d, TB0, I0
    lwzx V, TB1, I1
    index I0, \x2, 2, 1
    index I1, \x3, 3, 1
    xor \d, \d, V
    lwzx V, TB2, I0
    lwz K, (\koff)(KS)
    xor \d, \d, V
    lwzx V, TB3, I1
    xor \d, \d, K
    xor \d, \d, V
.endm

/* last_column d, x0, x1, x2, x3, koff, dec: the last round's column from the bytes
 * S or InvS of B0 x0, B1 x1, B2 x2, B3 x3, ^ the key word at koff(KL). */
.macro last_column d, x0, x1, x2, x3, koff, dec
.if \dec
    .set .Lbase, ISB_NUM
.else
    .set .Lbase, TB2_NUM
.endif
    index I0, \x3, 3, (1 - \dec)
    index I1, \x2, 2, (1 - \dec)
    lbzx \d, .Lbase, I0
    lbzx V, .Lbase, I1
    index I0, \x1, 1, (1 - \dec)
    rlwimi \d, V, 8, 16, 23
    lbzx V, .Lbase, I0
    index I1, \x0, 0, (1 - \dec)
    rlwimi \d, V, 16, 8, 15
    lbzx V, .Lbase, I1
    lwz K, (\koff)(KL)
    rlwimi \d, V, 24, 0, 7
    xor \d, \d, K
.endm

/* round a, d, r, dec: full round r from the group at a into the group at d (ShiftRows
 * or InvShiftRows is the choice of columns). */
.macro round a, d, r, dec
.if \dec
    column (\d), (\a), (\a + 3), (\a + 2), (\a + 1), 16 * (\r)
    column (\d + 1), (\a + 1), (\a), (\a + 3), (\a + 2), 16 * (\r) + 4
    column (\d + 2), (\a + 2), (\a + 1), (\a), (\a + 3), 16 * (\r) + 8
    column (\d + 3), (\a + 3), (\a + 2), (\a + 1), (\a), 16 * (\r) + 12
.else
    column (\d), (\a), (\a + 1), (\a + 2), (\a + 3), 16 * (\r)
    column (\d + 1), (\a + 1), (\a + 2), (\a + 3), (\a), 16 * (\r) + 4
    column (\d + 2), (\a + 2), (\a + 3), (\a), (\a + 1), 16 * (\r) + 8
    column (\d + 3), (\a + 3), (\a), (\a + 1), (\a + 2), 16 * (\r) + 12
.endif
.endm

/* last_round a, d, dec: the final round from the group at a into the group at d. */
.macro last_round a, d, dec
.if \dec
    last_column (\d), (\a), (\a + 3), (\a + 2), (\a + 1), 0, 1
    last_column (\d + 1), (\a + 1), (\a), (\a + 3), (\a + 2), 4, 1
    last_column (\d + 2), (\a + 2), (\a + 1), (\a), (\a + 3), 8, 1
    last_column (\d + 3), (\a + 3), (\a + 2), (\a + 1), (\a), 12, 1
.else
    last_column (\d), (\a), (\a + 1), (\a + 2), (\a + 3), 0, 0
    last_column (\d + 1), (\a + 1), (\a + 2), (\a + 3), (\a), 4, 0
    last_column (\d + 2), (\a + 2), (\a + 3), (\a), (\a + 1), 8, 0
    last_column (\d + 3), (\a + 3), (\a), (\a + 1), (\a + 2), 12, 0
.endif
.endm

/* cipher dec: the rounds after AddRoundKey(0), from S0..S3 back into S0..S3.  Nine
 * rounds, then 10-11 and 12-13 as cr5 (rounds against 12) says: every key size
 * leaves the state in T0..T3 for the last round. */
.macro cipher dec
    round S0, T0, 1, \dec
    round T0, S0, 2, \dec
    round S0, T0, 3, \dec
    round T0, S0, 4, \dec
    round S0, T0, 5, \dec
    round T0, S0, 6, \dec
    round S0, T0, 7, \dec
    round T0, S0, 8, \dec
    round S0, T0, 9, \dec
    blt cr5, 1f
    round T0, S0, 10, \dec
    round S0, T0, 11, \dec
    beq cr5, 1f
    round T0, S0, 12, \dec
    round S0, T0, 13, \dec
1:  last_round T0, S0, \dec
.endm

/* load4 g, ptr: the group g = the block at ptr, as big-endian words. */
.macro load4 g, ptr
#if CB_LITTLE_ENDIAN
    ldbrx (\g + 1), 0, \ptr
    ldbrx (\g + 3), \ptr, EIGHT
    srdi (\g), (\g + 1), 32
    srdi (\g + 2), (\g + 3), 32
#else
    lwz (\g), 0(\ptr)
    lwz (\g + 1), 4(\ptr)
    lwz (\g + 2), 8(\ptr)
    lwz (\g + 3), 12(\ptr)
#endif
.endm

/* store4 g, ptr: the block at ptr = group g (on little-endian the upper halves of
 * g+1 and g+3 are overwritten; their low words, the values, stay). */
.macro store4 g, ptr
#if CB_LITTLE_ENDIAN
    rldimi (\g + 1), (\g), 32, 0
    rldimi (\g + 3), (\g + 2), 32, 0
    stdbrx (\g + 1), 0, \ptr
    stdbrx (\g + 3), \ptr, EIGHT
#else
    stw (\g), 0(\ptr)
    stw (\g + 1), 4(\ptr)
    stw (\g + 2), 8(\ptr)
    stw (\g + 3), 12(\ptr)
#endif
.endm

/* xor4 d, a, b: group d = group a ^ group b. */
.macro xor4 d, a, b
.irp i, 0, 1, 2, 3
    xor (\d + \i), (\a + \i), (\b + \i)
.endr
.endm

/* prologue tables, rk0: saves what the kernel uses, sets up the table bases (tables:
 * 0 for Te, 4096 for Td), the last round key and cr5, and (rk0 = 1) loads round key
 * 0 into C0..C3. */
.macro prologue tables, rk0
    gprs std, 14
    std r2, TOC_SLOT
    LOAD_ADDR(TB0, cb_power_aes_tables)
    addi ISB, TB0, 8192
    addi TB0, TB0, \tables
    addi TB1, TB0, 1024
    addi TB2, TB0, 2048
    addi TB3, TB0, 3072
    lwz I0, 240(KS)
    cmpwi cr5, I0, 12
    slwi KL, I0, 4
    add KL, KL, KS
#if CB_LITTLE_ENDIAN
    li EIGHT, 8
#endif
.if \rk0
    load_rk0
.endif
.endm

.macro load_rk0
.irp i, 0, 1, 2, 3
    lwz (C0 + \i), (4 * \i)(KS)
.endr
.endm

.macro epilogue
    ld r2, TOC_SLOT
    gprs ld, 14
    blr
.endm

/* next: advance in and out by a block and loop while blocks remain. */
.macro next label
    addi IN, IN, 16
    addi OUT, OUT, 16
    bc_hint bdnz, \label
.endm

/* mode_args: (ks, iv, in, out, n) to the registers of (ks, in, out) with n in CTR and
 * iv saved; returns when n is 0. */
.macro mode_args
    cmpldi r7, 0
    bc_hint beqlr
    mtctr r7
    std r4, IV_SLOT
    mr IN, r5
    mr OUT, r6
.endm

/* mode_start tables, rk0, g: mode_args, prologue, and the IV or counter into g. */
.macro mode_start tables, rk0, g
    mode_args
    prologue \tables, \rk0
    ld I1, IV_SLOT
    load4 \g, I1
.endm

/* mode_end g: the chaining value g back to the caller's iv, and return. */
.macro mode_end g
    ld I1, IV_SLOT
    store4 \g, I1
    epilogue
.endm

/* ecb dec */
.macro ecb dec
    cmpldi r6, 0
    bc_hint beqlr
    mtctr r6
    prologue 4096 * \dec, 1
9:  load4 S0, IN
    xor4 S0, S0, C0
    cipher \dec
    store4 S0, OUT
    next 9b
    epilogue
.endm

FUNC_START(SYM(aes, ecb_encrypt))
    ecb 0
FUNC_END(SYM(aes, ecb_encrypt))

FUNC_START(SYM(aes, ecb_decrypt))
    ecb 1
FUNC_END(SYM(aes, ecb_decrypt))

/* CBC encryption (SP 800-38A 6.2): C_i = E(P_i ^ C_i-1), the chain kept in S. */
FUNC_START(SYM(aes, cbc_encrypt))
    mode_start 0, 1, S0
9:  load4 T0, IN
    xor4 S0, S0, T0
    xor4 S0, S0, C0
    cipher 0
    store4 S0, OUT
    next 9b
    mode_end S0
FUNC_END(SYM(aes, cbc_encrypt))

/* CBC decryption: P_i = D(C_i) ^ C_i-1.  C_i is read before P_i is written, as in and
 * out may be the same buffer, and kept in C0..C3 for the next block. */
FUNC_START(SYM(aes, cbc_decrypt))
    mode_start 4096, 0, P0
9:  load4 C0, IN
    lwz K, 0(KS)
    xor S0, C0, K
    lwz K, 4(KS)
    xor (S0 + 1), (C0 + 1), K
    lwz K, 8(KS)
    xor (S0 + 2), (C0 + 2), K
    lwz K, 12(KS)
    xor (S0 + 3), (C0 + 3), K
    cipher 1
    xor4 S0, S0, P0
    store4 S0, OUT
.irp i, 0, 1, 2, 3
    mr (P0 + \i), (C0 + \i)
.endr
    next 9b
    mode_end P0
FUNC_END(SYM(aes, cbc_decrypt))

/* CTR with a 32-bit counter (cb_aes_ops.ctr32): the low word wraps on its own, as
 * only the low 32 bits of P0+3 are ever read. */
FUNC_START(SYM(aes, ctr32))
    mode_start 0, 1, P0
9:  xor4 S0, P0, C0
    cipher 0
    load4 T0, IN
    xor4 S0, S0, T0
    store4 S0, OUT
    addi (P0 + 3), (P0 + 3), 1
    next 9b
    epilogue
FUNC_END(SYM(aes, ctr32))

    .section .note.GNU-stack, "", @progbits
