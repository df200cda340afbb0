/*
 * kernels/armv4/aes_armv4.S - AES-128/192/256 (FIPS 197) for every ARM from ARMv4:
 * one T-table per direction, the barrel shifter for the other three, the key
 * schedules, and ECB, CBC and CTR (ctr32) on top.
 *
 * State: four column words, little-endian (row r of a column is byte r, bits 8r..8r+7),
 * which is what ldr gives on armhf, so blocks load and store without byte swapping
 * and the round keys are kept the same way.
 *
 * One table: te[x] is the MixColumns column of S(x) entering at row 0, (2S, S, S, 3S)
 * from row 0 down, i.e. 2S | S << 8 | S << 16 | 3S << 24.  The column for row r is the
 * same bytes moved down r rows, i.e. te[x] rotated left by 8r, which the barrel
 * shifter does for free in the eor that consumes it (ror #24, #16, #8).  One 1 KiB
 * table instead of four stays in L1 beside everything else on cores with 16 KiB of
 * it.  Byte 1 of te[x] is S(x) itself, so the last round and the key schedule read
 * the S-box from the same table with ldrb (base te + 1, index 4x).  Decryption is
 * the equivalent inverse cipher (FIPS 197 5.3.5) with td[x] = InvMixColumns column of
 * InvS(x) (14, 9, 13, 11) and a 256-byte InvS table after it.
 *
 * A full round, by source column rather than by output column: row r of source
 * column i feeds output column i - r (encryption; i + r decrypting), so the four
 * bytes of one source are extracted, looked up and folded into four outputs, after
 * which the source register is free and takes the last lookup.  Row 1 and row 2 are
 * extracted with an immediate mask (0xff00, 0xff0000) and scaled back by the load's
 * own shifted index (lsr #6, lsr #14), so no mask register is needed: 12 instructions
 * per source column, 48 + one ldm of the round key per round.
 *
 * Register allocation in the cores (local ABI, called with bl from this file):
 *   r0-r3   state in, out (the rounds ping-pong between r0-r3 and r4-r7)
 *   r4-r7   the other state; r8 table base; r9 round-pair counter;
 *   r10     round-key pointer (in: the key schedule, out: past the last round key)
 *   r11, r12, lr  lookups in flight (lr is saved on the stack by the core)
 * The mode functions keep their pointers and counts in a stack frame, since the
 * core needs every register.
 *
 * Key schedule layout (AES_KS_* below, ARMV4_AES_KS_SIZE in armv4.h): 60 round-key
 * words, then the round count.  Lookups are indexed by secret data: like every
 * T-table AES this leaks through the cache; bsaes_neon.S is the constant-time one.
 */
#include "kernels/armv4/asm.h"
#include "kernels/generic/aes_tables.h"

#define AES_KS_ROUNDS 240 /* offset of the round count */

    .syntax unified
    .arm
    .text

/* ---- the round cores ------------------------------------------------------------- */

/* SRC ld, s, ta, tb, tc, td, sb, sc, sd: folds source column s into outputs: row 0
 * into ta unrotated, rows 1, 2, 3 into tb, tc, td with the shifts sb, sc, sd ("ror
 * #24" for a full round, "lsl #8" for a last round of bytes).  ld is ldr or ldrb,
 * with r8 pointing at entry 0 (or its S byte) and entries 4 bytes apart. */
.macro SRC ld, s, ta, tb, tc, td, sb, sc, sd
    and     r11, \s, #0xff
    and     r12, \s, #0xff00
    and     lr, \s, #0xff0000
    mov     \s, \s, lsr #24
    \ld     r11, [r8, r11, lsl #2]
    \ld     r12, [r8, r12, lsr #6]
    \ld     lr, [r8, lr, lsr #14]
    \ld     \s, [r8, \s, lsl #2]
    eor     \ta, \ta, r11
    eor     \tb, \tb, r12, \sb
    eor     \tc, \tc, lr, \sc
    eor     \td, \td, \s, \sd
.endm

/* ENC_ROUND: one full encryption round from s0-s3 into t0-t3 (row r of source i
 * goes to output i - r), starting the outputs from the round key. */
.macro ENC_ROUND s0, s1, s2, s3, t0, t1, t2, t3
    ldmia   r10!, {\t0, \t1, \t2, \t3}
    SRC     ldr, \s0, \t0, \t3, \t2, \t1, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s1, \t1, \t0, \t3, \t2, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s2, \t2, \t1, \t0, \t3, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s3, \t3, \t2, \t1, \t0, "ror #24", "ror #16", "ror #8"
.endm

/* ENC_LAST: SubBytes and ShiftRows without MixColumns; r8 = te + 1 (the S bytes). */
.macro ENC_LAST s0, s1, s2, s3, t0, t1, t2, t3
    ldmia   r10!, {\t0, \t1, \t2, \t3}
    SRC     ldrb, \s0, \t0, \t3, \t2, \t1, "lsl #8", "lsl #16", "lsl #24"
    SRC     ldrb, \s1, \t1, \t0, \t3, \t2, "lsl #8", "lsl #16", "lsl #24"
    SRC     ldrb, \s2, \t2, \t1, \t0, \t3, "lsl #8", "lsl #16", "lsl #24"
    SRC     ldrb, \s3, \t3, \t2, \t1, \t0, "lsl #8", "lsl #16", "lsl #24"
.endm

/* DEC_ROUND: one round of the equivalent inverse cipher (row r of source i goes to
 * output i + r: InvShiftRows moves rows the other way). */
.macro DEC_ROUND s0, s1, s2, s3, t0, t1, t2, t3
    ldmia   r10!, {\t0, \t1, \t2, \t3}
    SRC     ldr, \s0, \t0, \t1, \t2, \t3, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s1, \t1, \t2, \t3, \t0, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s2, \t2, \t3, \t0, \t1, "ror #24", "ror #16", "ror #8"
    SRC     ldr, \s3, \t3, \t0, \t1, \t2, "ror #24", "ror #16", "ror #8"
.endm

/* DEC_LAST_SRC: like SRC for the byte-indexed InvS table (r8), whose index needs no
 * scaling, so row 3 is extracted by the load itself. */
.macro DEC_LAST_SRC s, ta, tb, tc, td
    and     r11, \s, #0xff
    and     r12, \s, #0xff00
    and     lr, \s, #0xff0000
    ldrb    r11, [r8, r11]
    ldrb    r12, [r8, r12, lsr #8]
    ldrb    lr, [r8, lr, lsr #16]
    ldrb    \s, [r8, \s, lsr #24]
    eor     \ta, \ta, r11
    eor     \tb, \tb, r12, lsl #8
    eor     \tc, \tc, lr, lsl #16
    eor     \td, \td, \s, lsl #24
.endm

.macro DEC_LAST s0, s1, s2, s3, t0, t1, t2, t3
    ldmia   r10!, {\t0, \t1, \t2, \t3}
    DEC_LAST_SRC \s0, \t0, \t1, \t2, \t3
    DEC_LAST_SRC \s1, \t1, \t2, \t3, \t0
    DEC_LAST_SRC \s2, \t2, \t3, \t0, \t1
    DEC_LAST_SRC \s3, \t3, \t0, \t1, \t2
.endm

/* ADD_KEY: AddRoundKey with the next round key through r4-r7. */
.macro ADD_KEY
    ldmia   r10!, {r4-r7}
    eor     r0, r0, r4
    eor     r1, r1, r5
    eor     r2, r2, r6
    eor     r3, r3, r7
.endm

/* enc_core encrypts r0-r3 with the schedule at r10 (see the header for the rest).
 * nr - 1 full rounds are (nr / 2 - 1) pairs and one more, then the last round. */
    .type   enc_core, %function
    .balign 16
enc_core:
    str     lr, [sp, #-4]!
    ADR_FAR r8, .Lte_lit, .Lte_pc
    ldr     r9, [r10, #AES_KS_ROUNDS]
    ADD_KEY
    mov     r9, r9, lsr #1
    sub     r9, r9, #1
1:  ENC_ROUND r0, r1, r2, r3, r4, r5, r6, r7
    ENC_ROUND r4, r5, r6, r7, r0, r1, r2, r3
    subs    r9, r9, #1
    bne     1b
    ENC_ROUND r0, r1, r2, r3, r4, r5, r6, r7
    add     r8, r8, #1
    ENC_LAST r4, r5, r6, r7, r0, r1, r2, r3
    ldr     pc, [sp], #4
.Lte_lit:
    .word   .Lte - (.Lte_pc + 8)
    .size   enc_core, . - enc_core

/* dec_core decrypts r0-r3 with the equivalent inverse cipher's schedule at r10. */
    .type   dec_core, %function
    .balign 16
dec_core:
    str     lr, [sp, #-4]!
    ADR_FAR r8, .Ltd_lit, .Ltd_pc
    ldr     r9, [r10, #AES_KS_ROUNDS]
    ADD_KEY
    mov     r9, r9, lsr #1
    sub     r9, r9, #1
1:  DEC_ROUND r0, r1, r2, r3, r4, r5, r6, r7
    DEC_ROUND r4, r5, r6, r7, r0, r1, r2, r3
    subs    r9, r9, #1
    bne     1b
    DEC_ROUND r0, r1, r2, r3, r4, r5, r6, r7
    add     r8, r8, #1024
    DEC_LAST r4, r5, r6, r7, r0, r1, r2, r3
    ldr     pc, [sp], #4
.Ltd_lit:
    .word   .Ltd - (.Ltd_pc + 8)
    .size   dec_core, . - dec_core

/* ---- key schedules ---------------------------------------------------------------- */

/* SUB_WORD rd, rs, rot: SubWord (FIPS 197 5.2) of rs into rd via r8 = te + 1, with
 * RotWord first when rot is 1 (byte r of the result comes from byte r + 1).  Uses
 * r4-r7. */
.macro SUB_WORD rd, rs, rot
    and     r4, \rs, #0xff
    and     r5, \rs, #0xff00
    and     r6, \rs, #0xff0000
    mov     r7, \rs, lsr #24
    ldrb    r4, [r8, r4, lsl #2]
    ldrb    r5, [r8, r5, lsr #6]
    ldrb    r6, [r8, r6, lsr #14]
    ldrb    r7, [r8, r7, lsl #2]
.if \rot
    orr     \rd, r5, r6, lsl #8
    orr     \rd, \rd, r7, lsl #16
    orr     \rd, \rd, r4, lsl #24
.else
    orr     \rd, r4, r5, lsl #8
    orr     \rd, \rd, r6, lsl #16
    orr     \rd, \rd, r7, lsl #24
.endif
.endm

/*
 * aes_armv4_set_encrypt_key(ks, key, bits): KeyExpansion (FIPS 197 5.2) one word at
 * a time, w[i] = w[i - nk] ^ temp; returns 0, or -1 for a bits other than 128, 192
 * or 256.  r0 ks, r1 key, r2 bits / then nk; r3 words left; r9 i mod nk; r10 rcon
 * (FIPS 197 Rcon[] in byte 0: row 0 of the word); r11 write pointer; r12 temp.
 */
CB_FUNC(aes_armv4_set_encrypt_key)
    cmp     r2, #128
    moveq   r2, #4
    beq     1f
    cmp     r2, #192
    moveq   r2, #6
    beq     1f
    cmp     r2, #256
    mvnne   r0, #0
    bne     9f
    mov     r2, #8
1:  push    {r4-r11, lr}
    add     r3, r2, #6
    str     r3, [r0, #AES_KS_ROUNDS]
    add     r3, r3, #1
    mov     r3, r3, lsl #2              @ 4 (nr + 1) words in all
    mov     r11, r0
    mov     r9, r2
2:  LDR_LE32 r12, r1, 0, r4             @ the key itself is w[0 .. nk - 1]
    add     r1, r1, #4
    str     r12, [r11], #4
    subs    r9, r9, #1
    bne     2b
    sub     r3, r3, r2
    ADR_FAR r8, .Lte_lit_ks, .Lte_pc_ks
    add     r8, r8, #1
    mov     r10, #1
3:  ldr     r12, [r11, #-4]             @ temp = w[i - 1]
    cmp     r9, #0
    bne     4f
    SUB_WORD r12, r12, 1
    eor     r12, r12, r10
    mov     r10, r10, lsl #1            @ xtime (FIPS 197 4.2.1) for the next Rcon
    tst     r10, #0x100
    eorne   r10, r10, #0x1b
    eorne   r10, r10, #0x100
    b       5f
4:  cmp     r2, #8                      @ AES-256 also substitutes at i mod 8 = 4
    cmpeq   r9, #4
    bne     5f
    SUB_WORD r12, r12, 0
5:  ldr     r4, [r11, -r2, lsl #2]
    eor     r12, r12, r4
    str     r12, [r11], #4
    add     r9, r9, #1
    cmp     r9, r2
    moveq   r9, #0
    subs    r3, r3, #1
    bne     3b
    mov     r0, #0
    pop     {r4-r11, lr}
9:  RET
.Lte_lit_ks:
    .word   .Lte - (.Lte_pc_ks + 8)
CB_ENDFUNC(aes_armv4_set_encrypt_key)

/*
 * aes_armv4_set_decrypt_key(ks, key, bits): the equivalent inverse cipher's schedule
 * (FIPS 197 5.3.5): the encryption schedule with its round keys in reverse order and
 * InvMixColumns applied to all but the first and last.  InvMixColumns(w) is
 * td[S(b0)] ^ rotl8(td[S(b1)]) ^ rotl16(td[S(b2)]) ^ rotl24(td[S(b3)]), as td[y] is
 * the InvMixColumns column of InvS(y) and InvS(S(b)) = b.
 */
CB_FUNC(aes_armv4_set_decrypt_key)
    push    {r4-r11, lr}
    mov     r11, r0
    bl      aes_armv4_set_encrypt_key
    cmp     r0, #0
    bne     9f
    ldr     r9, [r11, #AES_KS_ROUNDS]
    mov     r0, r11                     @ swap round keys i and nr - i, 4 words each
    add     r1, r11, r9, lsl #4
1:  ldmia   r0, {r2-r5}
    ldmia   r1, {r6, r7, r8, r10}
    stmia   r1, {r2-r5}
    stmia   r0!, {r6, r7, r8, r10}
    sub     r1, r1, #16
    cmp     r0, r1
    blo     1b
    ADR_FAR r8, .Lte_lit_dk, .Lte_pc_dk
    add     r8, r8, #1                  @ S bytes
    ADR_FAR r10, .Ltd_lit_dk, .Ltd_pc_dk
    add     r0, r11, #16
    sub     r9, r9, #1
    mov     r9, r9, lsl #2              @ the 4 (nr - 1) inner words
2:  ldr     r1, [r0]
    SUB_WORD r1, r1, 0                  @ S of each byte, then td of each
    and     r4, r1, #0xff
    and     r5, r1, #0xff00
    and     r6, r1, #0xff0000
    mov     r7, r1, lsr #24
    ldr     r4, [r10, r4, lsl #2]
    ldr     r5, [r10, r5, lsr #6]
    ldr     r6, [r10, r6, lsr #14]
    ldr     r7, [r10, r7, lsl #2]
    eor     r4, r4, r5, ror #24
    eor     r4, r4, r6, ror #16
    eor     r4, r4, r7, ror #8
    str     r4, [r0], #4
    subs    r9, r9, #1
    bne     2b
    mov     r0, #0
9:  pop     {r4-r11, lr}
    RET
.Lte_lit_dk:
    .word   .Lte - (.Lte_pc_dk + 8)
.Ltd_lit_dk:
    .word   .Ltd - (.Ltd_pc_dk + 8)
CB_ENDFUNC(aes_armv4_set_decrypt_key)

/* ---- modes ------------------------------------------------------------------------ */

/* The mode functions' frame, below the nine saved registers. */
#define F_KS   0
#define F_IN   4
#define F_OUT  8
#define F_N    12
#define F_IV   16 /* cbc: the iv pointer; ctr: unused */
#define F_BLK  20 /* 16 bytes: cbc-decrypt's ciphertext, ctr's counter block */
#define F_PREV 36 /* 16 bytes: cbc-decrypt's previous ciphertext */
#define F_SIZE 60 /* with the 36 bytes pushed, keeps sp 8-byte aligned (AAPCS) */

/* LOAD_BLOCK ptr: r0-r3 (or a-d) = the 16 bytes at ptr (any alignment), which
 * must not be one of them; tmp is scratch on cores without unaligned loads. */
.macro LOAD_BLOCK ptr, a=r0, b=r1, c=r2, d=r3, tmp=r4
    LDR_LE32 \a, \ptr, 0, \tmp
    LDR_LE32 \b, \ptr, 4, \tmp
    LDR_LE32 \c, \ptr, 8, \tmp
    LDR_LE32 \d, \ptr, 12, \tmp
.endm

/* STORE_BLOCK ptr: the 16 bytes at ptr = r0-r3 (any alignment); tmp scratch. */
.macro STORE_BLOCK ptr, tmp=r4
    STR_LE32 r0, \ptr, 0, \tmp
    STR_LE32 r1, \ptr, 4, \tmp
    STR_LE32 r2, \ptr, 8, \tmp
    STR_LE32 r3, \ptr, 12, \tmp
.endm

/* NEXT_PTR rd, slot: rd = the pointer in frame slot, which advances by a block. */
.macro NEXT_PTR rd, slot
    ldr     \rd, [sp, #\slot]
    add     \rd, \rd, #16
    str     \rd, [sp, #\slot]
    sub     \rd, \rd, #16
.endm

/* PROLOGUE: saves r4-r11, lr, opens the frame and stores ks, in, out, n (r0, then
 * the three registers given, n last). */
.macro PROLOGUE in, out, n
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    str     r0, [sp, #F_KS]
    str     \in, [sp, #F_IN]
    str     \out, [sp, #F_OUT]
    str     \n, [sp, #F_N]
.endm

.macro EPILOGUE
    add     sp, sp, #F_SIZE
    pop     {r4-r11, lr}
    RET
.endm

/* LOOP_TAIL label: counts a block off and loops while any are left. */
.macro LOOP_TAIL label
    ldr     r12, [sp, #F_N]
    subs    r12, r12, #1
    str     r12, [sp, #F_N]
    bne     \label
.endm

/* aes_armv4_ecb_encrypt(ks, in, out, nblocks) and the rest: cb_aes_ops (kernel.h). */
CB_FUNC(aes_armv4_ecb_encrypt)
    cmp     r3, #0
    RETEQ
    PROLOGUE r1, r2, r3
1:  NEXT_PTR r12, F_IN
    LOAD_BLOCK r12
    ldr     r10, [sp, #F_KS]
    bl      enc_core
    NEXT_PTR r12, F_OUT
    STORE_BLOCK r12
    LOOP_TAIL 1b
    EPILOGUE
CB_ENDFUNC(aes_armv4_ecb_encrypt)

CB_FUNC(aes_armv4_ecb_decrypt)
    cmp     r3, #0
    RETEQ
    PROLOGUE r1, r2, r3
1:  NEXT_PTR r12, F_IN
    LOAD_BLOCK r12
    ldr     r10, [sp, #F_KS]
    bl      dec_core
    NEXT_PTR r12, F_OUT
    STORE_BLOCK r12
    LOOP_TAIL 1b
    EPILOGUE
CB_ENDFUNC(aes_armv4_ecb_decrypt)

/* aes_armv4_cbc_encrypt(ks, iv, in, out, nblocks): the chaining value stays in
 * r0-r3, as each block's output is the next one's input. */
CB_FUNC(aes_armv4_cbc_encrypt)
    ldr     r12, [sp]
    cmp     r12, #0
    RETEQ
    PROLOGUE r2, r3, r12
    str     r1, [sp, #F_IV]
    mov     r12, r1
    LOAD_BLOCK r12
1:  NEXT_PTR r12, F_IN
    LOAD_BLOCK r12, r4, r5, r6, r7, r8
    eor     r0, r0, r4
    eor     r1, r1, r5
    eor     r2, r2, r6
    eor     r3, r3, r7
    ldr     r10, [sp, #F_KS]
    bl      enc_core
    NEXT_PTR r12, F_OUT
    STORE_BLOCK r12
    LOOP_TAIL 1b
    ldr     r12, [sp, #F_IV]
    STORE_BLOCK r12
    EPILOGUE
CB_ENDFUNC(aes_armv4_cbc_encrypt)

/* aes_armv4_cbc_decrypt(ks, iv, in, out, nblocks): each ciphertext block is kept in
 * the frame before its plaintext is written, as in and out may be the same buffer. */
CB_FUNC(aes_armv4_cbc_decrypt)
    ldr     r12, [sp]
    cmp     r12, #0
    RETEQ
    PROLOGUE r2, r3, r12
    str     r1, [sp, #F_IV]
    mov     r12, r1
    LOAD_BLOCK r12
    add     r12, sp, #F_PREV
    stmia   r12, {r0-r3}
1:  NEXT_PTR r12, F_IN
    LOAD_BLOCK r12
    add     r12, sp, #F_BLK
    stmia   r12, {r0-r3}
    ldr     r10, [sp, #F_KS]
    bl      dec_core
    add     r12, sp, #F_BLK
    ldmia   r12, {r4-r11}               @ this ciphertext (r4-r7), the previous (r8-r11)
    eor     r0, r0, r8
    eor     r1, r1, r9
    eor     r2, r2, r10
    eor     r3, r3, r11
    add     r12, sp, #F_PREV
    stmia   r12, {r4-r7}
    NEXT_PTR r12, F_OUT
    STORE_BLOCK r12
    LOOP_TAIL 1b
    add     r12, sp, #F_PREV
    ldmia   r12, {r0-r3}
    ldr     r12, [sp, #F_IV]
    STORE_BLOCK r12
    EPILOGUE
CB_ENDFUNC(aes_armv4_cbc_decrypt)

/* aes_armv4_ctr32(ks, ctr, in, out, nblocks): the first 12 bytes of the counter block
 * stay as they are; the last 4 are a big-endian counter kept as a native integer in
 * the frame and wrapped modulo 2^32, as GCM's inc32 (SP 800-38D 6.2) wants. */
CB_FUNC(aes_armv4_ctr32)
    ldr     r12, [sp]
    cmp     r12, #0
    RETEQ
    PROLOGUE r2, r3, r12
    mov     r12, r1
    LOAD_BLOCK r12
    REV32   r3, r3, r4
    add     r12, sp, #F_BLK
    stmia   r12, {r0-r3}
1:  add     r12, sp, #F_BLK
    ldmia   r12, {r0-r3}
    add     r4, r3, #1
    str     r4, [sp, #F_BLK + 12]
    REV32   r3, r3, r4
    ldr     r10, [sp, #F_KS]
    bl      enc_core
    NEXT_PTR r12, F_IN
    LOAD_BLOCK r12, r4, r5, r6, r7, r8
    eor     r0, r0, r4
    eor     r1, r1, r5
    eor     r2, r2, r6
    eor     r3, r3, r7
    NEXT_PTR r12, F_OUT
    STORE_BLOCK r12
    LOOP_TAIL 1b
    EPILOGUE
CB_ENDFUNC(aes_armv4_ctr32)

/* ---- tables ----------------------------------------------------------------------- */

/* The T-tables from kernels/generic/aes_tables.h: entry s of Te0 is S(s) times MixColumns'
 * column 0 (FIPS 197 5.1.3), of Td0 InvS(s) times InvMixColumns' (5.3.3). */
#define TE(s) .word (M2(s) | ((s) << 8) | ((s) << 16) | (M3(s) << 24));
#define TD(s) .word (M14(s) | (M9(s) << 8) | (M13(s) << 16) | (M11(s) << 24));
#define BYTE(s) .byte s;

    .section .rodata
    .balign 64
.Lte:
    AES_SBOX(TE)
.Ltd:
    AES_INV_SBOX(TD)
    AES_INV_SBOX(BYTE)

    .section .note.GNU-stack, "", %progbits
