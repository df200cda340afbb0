/*
 * kernels/armv4/bsaes_neon.S - bit-sliced AES on NEON, eight blocks at a time, in
 * constant time (no table lookups indexed by data, no data-dependent branches): CTR
 * (ctr32) and CBC decryption, the modes whose blocks are independent.  Fewer than
 * eight blocks are left to the armv4 T-table code (aes_armv4.S), whose schedule
 * starts the bsaes key schedule (kernels/armv4/bsaes_key.c builds the rest).
 *
 * Bit slicing: eight blocks are 128 bytes, 1024 bits; plane i (q register 7 - i)
 * holds bit i of every byte, byte p of the plane being byte p of the state and bit k
 * of that byte coming from block 7 - k.  Three layers of SWAPMOVE (an 8x8 bit
 * transpose in every byte position at once) take eight blocks in q0..q7 to planes
 * and, being an involution, back.  The S-box is then a circuit of 125 (inverse: 122)
 * veor/vand on whole planes, the same instructions whatever the data.
 *
 * Byte order inside a plane: the rounds keep rows together (byte 4r + c is row r,
 * column c), so MixColumns' "the next row of the same column" is a rotation of the
 * plane by four bytes (vext), and ShiftRows is a vtbl permutation.  Blocks arrive in
 * column order (byte 4c + r), so the first round's permutation also reorders into
 * rows and the last one back, and the first and last round keys stay in column
 * order: no separate reordering pass.
 *
 * Rounds: S-box, ShiftRows (vtbl through d0/d1), MixColumns, AddRoundKey, all from
 * bsaes_rounds.h.  The S-box's constant 0x63 is not computed: XORing a constant byte
 * commutes with ShiftRows and passes MixColumns unchanged (its coefficients sum to
 * 1), so it is folded into the next round key.  Decryption has the same shape with
 * the inverse circuit, InvShiftRows and InvMixColumns, and round keys from the
 * equivalent inverse cipher's schedule (FIPS 197 5.3.5), InvMixColumns having been
 * applied to them already.
 *
 * Registers: all of q0-q15 (so d8-d15 are saved); r0 the bit-sliced round key, r1
 * the round count, r2 the ShiftRows table, r3-r12 the spill slots of the S-box.
 * Counters and chaining values live in the stack frame across the core.
 */
#include "kernels/armv4/asm.h"

    .syntax unified
    .arm
    .arch   armv7-a
    .fpu    neon
    .text

#include "kernels/armv4/bsaes_rounds.h"

#define BS_KEYS 256 /* the bit-sliced round keys follow the armv4 schedule */
#define AES_KS_ROUNDS 240

/* SWAPMOVE a, b, n, m, t: swaps the bits of a selected by m << n with the bits of b
 * selected by m: t = ((a >> n) ^ b) & m; b ^= t; a ^= t << n. */
.macro SWAPMOVE a, b, n, m, t
    vshr.u64 \t, \a, #\n
    veor    \t, \t, \b
    vand    \t, \t, \m
    veor    \b, \b, \t
    vshl.u64 \t, \t, #\n
    veor    \a, \a, \t
.endm

/* BITSLICE: blocks j in q_j to plane i in q(7 - i), and back: row j of the 8x8 bit
 * matrix of each byte position is q(7 - j); layers swap bits 1, 2 and 4 apart.  The
 * shifts run over 64-bit lanes, and the bits they carry across a byte boundary are
 * exactly those the mask clears. */
.macro BITSLICE
    vmov.i8 q8, #0x55
    vmov.i8 q9, #0x33
    vmov.i8 q10, #0x0f
    SWAPMOVE q7, q6, 1, q8, q11
    SWAPMOVE q5, q4, 1, q8, q11
    SWAPMOVE q3, q2, 1, q8, q11
    SWAPMOVE q1, q0, 1, q8, q11
    SWAPMOVE q7, q5, 2, q9, q11
    SWAPMOVE q6, q4, 2, q9, q11
    SWAPMOVE q3, q1, 2, q9, q11
    SWAPMOVE q2, q0, 2, q9, q11
    SWAPMOVE q7, q3, 4, q10, q11
    SWAPMOVE q6, q2, 4, q10, q11
    SWAPMOVE q5, q1, 4, q10, q11
    SWAPMOVE q4, q0, 4, q10, q11
.endm

/* ARK_FIRST: the first round key (planes 7, 6, ... 0 in memory, like every round
 * key) onto plane i in q(7 - i). */
.macro ARK_FIRST
    vld1.64 {d16-d19}, [r0]!
    vld1.64 {d20-d23}, [r0]!
    vld1.64 {d24-d27}, [r0]!
    vld1.64 {d28-d31}, [r0]!
    veor    q0, q0, q8
    veor    q1, q1, q9
    veor    q2, q2, q10
    veor    q3, q3, q11
    veor    q4, q4, q12
    veor    q5, q5, q13
    veor    q6, q6, q14
    veor    q7, q7, q15
.endm

/* CORE dir: the eight blocks in q0..q7 through the cipher (dir ENC or DEC), in place;
 * r0 = the bit-sliced schedule, r1 = the number of rounds; clobbers r0-r2. */
.macro CORE dir
    BITSLICE
    ARK_FIRST
    ADR_FAR r2, .Lsr_\dir\()_lit, .Lsr_\dir\()_pc
    sub     r1, r1, #1
1:  BS_SBOX_\dir
    vld1.64 {d0, d1}, [r2]!
    BS_SHIFTROWS_\dir
    BS_MIX_\dir
    BS_ARK_\dir
    subs    r1, r1, #1
    bne     1b
    BS_SBOX_\dir
    ADR_FAR r2, .Lsr_last_\dir\()_lit, .Lsr_last_\dir\()_pc
    vld1.64 {d0, d1}, [r2]
    BS_SHIFTROWS_\dir
    BS_ARK_LAST_\dir
    BITSLICE
.endm

/* enc_core and dec_core: CORE as subroutines (one copy of each round body). */
    .type   enc_core, %function
    .balign 16
enc_core:
    CORE    ENC
    bx      lr
.Lsr_ENC_lit:
    .word   .Lsr_enc - (.Lsr_ENC_pc + 8)
.Lsr_last_ENC_lit:
    .word   .Lsr_last_enc - (.Lsr_last_ENC_pc + 8)
    .size   enc_core, . - enc_core

    .type   dec_core, %function
    .balign 16
dec_core:
    CORE    DEC
    bx      lr
.Lsr_DEC_lit:
    .word   .Lsr_dec - (.Lsr_DEC_pc + 8)
.Lsr_last_DEC_lit:
    .word   .Lsr_last_dec - (.Lsr_last_DEC_pc + 8)
    .size   dec_core, . - dec_core

/* ---- modes ------------------------------------------------------------------------ */

/* The frame: ten spill slots, then the arguments and a 16-byte block. */
#define S_KS    160
#define S_IN    164
#define S_OUT   168
#define S_N     172
#define S_IV    176
#define S_BLK   184
#define S_SIZE  204 /* with 36 + 64 bytes pushed, keeps sp 8-byte aligned */

/* ENTER: saves r4-r11, lr and d8-d15, opens the frame, stores ks, in, out and n
 * (r0, r2, r3 and the fifth argument), and points r3-r12 at the slots. */
.macro ENTER
    ldr     r12, [sp]
    push    {r4-r11, lr}
    vpush   {d8-d15}
    sub     sp, sp, #S_SIZE
    str     r0, [sp, #S_KS]
    str     r2, [sp, #S_IN]
    str     r3, [sp, #S_OUT]
    str     r12, [sp, #S_N]
    str     r1, [sp, #S_IV]
    mov     r3, sp
    add     r4, sp, #16
    add     r5, sp, #32
    add     r6, sp, #48
    add     r7, sp, #64
    add     r8, sp, #80
    add     r9, sp, #96
    add     r10, sp, #112
    add     r11, sp, #128
    add     r12, sp, #144
.endm

.macro LEAVE
    add     sp, sp, #S_SIZE
    vpop    {d8-d15}
    pop     {r4-r11, lr}
    RET
.endm

/* KEYS: r0 = the bit-sliced schedule, r1 = rounds. */
.macro KEYS
    ldr     r0, [sp, #S_KS]
    ldr     r1, [r0, #AES_KS_ROUNDS]
    add     r0, r0, #BS_KEYS
.endm

/* TAIL fn: the blocks left (fewer than eight) through the armv4 function fn(ks,
 * r1 = the chaining block, in, out, n), whose schedule heads ours. */
.macro TAIL fn
    ldr     r2, [sp, #S_N]
    cmp     r2, #0
    beq     9f
    ldr     r0, [sp, #S_KS]
    str     r2, [sp, #-8]!
    ldr     r2, [sp, #S_IN + 8]
    ldr     r3, [sp, #S_OUT + 8]
    bl      \fn
    add     sp, sp, #8
9:
.endm

/* XOR8: q0..q7 ^= q8..q15. */
.macro XOR8
    veor    q0, q0, q8
    veor    q1, q1, q9
    veor    q2, q2, q10
    veor    q3, q3, q11
    veor    q4, q4, q12
    veor    q5, q5, q13
    veor    q6, q6, q14
    veor    q7, q7, q15
.endm

/* STORE8: q0..q7 to out (advanced by 128). */
.macro STORE8
    ldr     r1, [sp, #S_OUT]
    vst1.8  {d0-d3}, [r1]!
    vst1.8  {d4-d7}, [r1]!
    vst1.8  {d8-d11}, [r1]!
    vst1.8  {d12-d15}, [r1]!
    str     r1, [sp, #S_OUT]
.endm

/* NEXT8 label: eight blocks done; back to label while eight more are left. */
.macro NEXT8 label
    ldr     r2, [sp, #S_N]
    sub     r2, r2, #8
    str     r2, [sp, #S_N]
    cmp     r2, #8
    bhs     \label
.endm

/*
 * aes_bsaes_neon_ctr32(ks, ctr, in, out, nblocks): cb_aes_ops.ctr32.  The counter
 * block is copied into the frame with its last word in native order, so eight
 * counters are eight vrev32 of one register stepped by vadd (wrapping modulo 2^32 as
 * inc32 wants).
 */
CB_FUNC(aes_bsaes_neon_ctr32)
    ENTER
    vld1.8  {d0, d1}, [r1]
    vrev32.8 q0, q0
    add     r1, sp, #S_BLK
    vst1.64 {d0, d1}, [r1]
    ldr     r2, [sp, #S_N]
    cmp     r2, #8
    blo     2f
1:  add     r1, sp, #S_BLK
    vld1.64 {d16, d17}, [r1]
    vmov.i32 q9, #0
    vmov.i32 q10, #1
    vext.8  q9, q9, q10, #4         @ lanes 0, 0, 0, 1
    vrev32.8 q0, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q1, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q2, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q3, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q4, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q5, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q6, q8
    vadd.i32 q8, q8, q9
    vrev32.8 q7, q8
    vadd.i32 q8, q8, q9
    vst1.64 {d16, d17}, [r1]
    KEYS
    bl      enc_core
    ldr     r1, [sp, #S_IN]
    vld1.8  {d16-d19}, [r1]!
    vld1.8  {d20-d23}, [r1]!
    vld1.8  {d24-d27}, [r1]!
    vld1.8  {d28-d31}, [r1]!
    str     r1, [sp, #S_IN]
    XOR8
    STORE8
    NEXT8   1b
2:  add     r1, sp, #S_BLK              @ the counter block back in byte order
    vld1.64 {d0, d1}, [r1]
    vrev32.8 q0, q0
    vst1.64 {d0, d1}, [r1]
    TAIL    aes_armv4_ctr32
    LEAVE
CB_ENDFUNC(aes_bsaes_neon_ctr32)

/*
 * aes_bsaes_neon_cbc_decrypt(ks, iv, in, out, nblocks): cb_aes_ops.cbc_decrypt.
 * The ciphertext is read again after the core for the XOR, and the next chaining
 * value taken, before any plaintext is written: in and out may be the same buffer.
 */
CB_FUNC(aes_bsaes_neon_cbc_decrypt)
    ENTER
    ldr     r2, [sp, #S_N]
    cmp     r2, #8
    blo     2f
1:  ldr     r1, [sp, #S_IN]
    vld1.8  {d0-d3}, [r1]!
    vld1.8  {d4-d7}, [r1]!
    vld1.8  {d8-d11}, [r1]!
    vld1.8  {d12-d15}, [r1]!
    KEYS
    bl      dec_core
    ldr     r0, [sp, #S_IV]
    vld1.8  {d16, d17}, [r0]
    ldr     r1, [sp, #S_IN]
    vld1.8  {d18-d21}, [r1]!
    vld1.8  {d22-d25}, [r1]!
    vld1.8  {d26-d29}, [r1]!
    vld1.8  {d30, d31}, [r1]!
    XOR8
    vld1.8  {d16, d17}, [r1]!
    vst1.8  {d16, d17}, [r0]        @ the last ciphertext is the next IV
    str     r1, [sp, #S_IN]
    STORE8
    NEXT8   1b
2:  ldr     r1, [sp, #S_IV]
    TAIL    aes_armv4_cbc_decrypt
    LEAVE
CB_ENDFUNC(aes_bsaes_neon_cbc_decrypt)

/* ---- ShiftRows tables (vtbl indices: output byte j takes input byte idx[j]) -------- */

    .section .rodata
    .balign 16
/* Row order is byte 4r + c, column order (as in a block) 4c + r.  ShiftRows moves
 * row r left by r columns (FIPS 197 5.1.2): new (r, c) = old (r, c + r).  The first
 * round's table reads column order, the last one writes it. */
#define RM(r, c) (4 * (r) + (c))
#define CM(r, c) (4 * (c) + (r))
#define SR_ROW(f, r) .byte f(r, 0), f(r, 1), f(r, 2), f(r, 3);
#define FIRST_ENC(r, c) CM(r, ((c) + (r)) % 4)
#define MID_ENC(r, c) RM(r, ((c) + (r)) % 4)
#define FIRST_DEC(r, c) CM(r, ((c) - (r) + 4) % 4)
#define MID_DEC(r, c) RM(r, ((c) - (r) + 4) % 4)
#define SR_TABLE(f) SR_ROW(f, 0) SR_ROW(f, 1) SR_ROW(f, 2) SR_ROW(f, 3)
/* the last tables are indexed by column order: output byte 4c + r */
#define LAST_COL(f, c) .byte f(0, c), f(1, c), f(2, c), f(3, c);
#define LAST_TABLE(f) LAST_COL(f, 0) LAST_COL(f, 1) LAST_COL(f, 2) LAST_COL(f, 3)
#define LAST_ENC(r, c) RM(r, ((c) + (r)) % 4)
#define LAST_DEC(r, c) RM(r, ((c) - (r) + 4) % 4)
.Lsr_enc:                               /* round 1, then rounds 2..13 */
    SR_TABLE(FIRST_ENC)
    .rept   12
    SR_TABLE(MID_ENC)
    .endr
.Lsr_last_enc:
    LAST_TABLE(LAST_ENC)
.Lsr_dec:
    SR_TABLE(FIRST_DEC)
    .rept   12
    SR_TABLE(MID_DEC)
    .endr
.Lsr_last_dec:
    LAST_TABLE(LAST_DEC)

    .section .note.GNU-stack, "", %progbits
