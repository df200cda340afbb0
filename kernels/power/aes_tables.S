/*
 * kernels/power/aes_tables.S - the T-tables of the power family's integer AES
 * (kernels/power/aes_int.S), computed by the assembler from FIPS 197 rather than
 * typed in.
 *
 * The S-box (FIPS 197 5.1.1) is the multiplicative inverse in GF(2^8) followed by the
 * affine map.  Inverses come from the generator 3: walking p = 3^i upward and
 * q = 3^-i downward (q times 3^-1 = 0xf6) gives q = p^-1 at every step, so 255 steps
 * define S(p) = affine(q) for every p != 0, and S(0) = 0x63.  The inverse S-box is
 * recorded at the same time.  Table entries are column words with row 0 in the most
 * significant byte, as kernels/generic/aes.c and its key schedule use them:
 *
 *   te + 1024r   Te_r[x]: the MixColumns column (FIPS 197 5.1.3) of S(x) entering at
 *                row r: Te0 = {2,1,1,3}S(x), Te1 = {3,2,1,1}S(x), ...
 *   td + 1024r   Td_r[x]: the InvMixColumns column (5.3.3) of InvS(x) at row r:
 *                Td0 = {e,9,d,b}InvS(x), ...
 *   isbox        InvS(x) as bytes, for the last round of decryption
 *
 * The last round of encryption reads S(x) as a byte of Te2[x] (byte 0 of the word on
 * either endianness), so no separate S-box is stored.
 *
 * Each symbol name is built from a number with .altmacro's %expr, which must be on
 * only while such a macro is called: in that mode '<' and '>' in expressions would
 * be read as string quotes.
 */
#include "kernels/power/asm.h"

/* GF(2^8) multiplication by x modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197 4.2.1). */
#define XT(x) ((((x) << 1) ^ ((((x) >> 7) & 1) * 0x11b)) & 0xff)
#define ROTL8(x, n) ((((x) << (n)) | ((x) >> (8 - (n)))) & 0xff)

/* def prefix, index, value: .set <prefix><index>, value (index a decimal number). */
.macro def prefix, index, value
    .set \prefix\index, \value
.endm
/* get index: .Lv = S(index), .Lw = InvS(index). */
.macro get index
    .set .Lv, .Lsbox_\index
    .set .Lw, .Linv_\index
.endm

    .set .Lp, 1
    .set .Lq, 1
.rept 255
    .set .Lp, .Lp ^ XT(.Lp)              # p * 3
    .set .Lq1, XT(.Lq)
    .set .Lq2, XT(.Lq1)
    .set .Lq3, XT(.Lq2)
    .set .Lq4, XT(.Lq3)
    .set .Lq5, XT(.Lq4)
    .set .Lq6, XT(.Lq5)
    .set .Lq7, XT(.Lq6)
    .set .Lq, .Lq1 ^ .Lq2 ^ .Lq4 ^ .Lq5 ^ .Lq6 ^ .Lq7   # q * 0xf6
    .set .Ls, .Lq ^ ROTL8(.Lq, 1) ^ ROTL8(.Lq, 2) ^ ROTL8(.Lq, 3) ^ ROTL8(.Lq, 4) ^ 0x63
    .altmacro
    def .Lsbox_, %(.Lp), %(.Ls)
    def .Linv_, %(.Ls), %(.Lp)
    .noaltmacro
.endr
    def .Lsbox_, 0, 0x63
    def .Linv_, 99, 0

/* column m0, m1, m2, m3, x: .long of the column whose rows are m_r * x, each m_r one
 * of 1, 2, 3, 9, 11, 13, 14 (the MixColumns and InvMixColumns coefficients). */
.macro column m0, m1, m2, m3, x
    .set .Lx1, \x
    .set .Lx2, XT(.Lx1)
    .set .Lx4, XT(.Lx2)
    .set .Lx8, XT(.Lx4)
    .set .Lm1, .Lx1
    .set .Lm2, .Lx2
    .set .Lm3, .Lx2 ^ .Lx1
    .set .Lm9, .Lx8 ^ .Lx1
    .set .Lm11, .Lx8 ^ .Lx2 ^ .Lx1
    .set .Lm13, .Lx8 ^ .Lx4 ^ .Lx1
    .set .Lm14, .Lx8 ^ .Lx4 ^ .Lx2
    .long (.Lm\m0 << 24) | (.Lm\m1 << 16) | (.Lm\m2 << 8) | .Lm\m3
.endm

/* table m0, m1, m2, m3, inv: the 256 columns of one T-table, of S(x) or InvS(x). */
.macro table m0, m1, m2, m3, inv
    .set .Li, 0
.rept 256
    .altmacro
    get %(.Li)
    .noaltmacro
.if \inv
    column \m0, \m1, \m2, \m3, .Lw
.else
    column \m0, \m1, \m2, \m3, .Lv
.endif
    .set .Li, .Li + 1
.endr
.endm

    .section .rodata
    .p2align 6
    .globl cb_power_aes_tables
    .type cb_power_aes_tables, @object
cb_power_aes_tables:
    /* te */
    table 2, 1, 1, 3, 0
    table 3, 2, 1, 1, 0
    table 1, 3, 2, 1, 0
    table 1, 1, 3, 2, 0
    /* td */
    table 14, 9, 13, 11, 1
    table 11, 14, 9, 13, 1
    table 13, 11, 14, 9, 1
    table 9, 13, 11, 14, 1
    /* isbox */
    .set .Li, 0
.rept 256
    .altmacro
    get %(.Li)
    .noaltmacro
    .byte .Lw
    .set .Li, .Li + 1
.endr
    .size cb_power_aes_tables, . - cb_power_aes_tables

    .section .note.GNU-stack, "", @progbits
