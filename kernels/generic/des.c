/*
 * kernels/generic/des.c - DES (FIPS 46-3) and triple DES EDE3 (SP 800-67) in portable C.
 *
 * Techniques, all standard for table-driven software DES:
 * - Between IP and FP each 32-bit half is kept rotated left by one bit.  The
 *   expansion E (FIPS 46-3, "The Cipher Function f") then needs no bit moves: the
 *   six-bit inputs of S2, S4, S6 and S8 are bits 24-29, 16-21, 8-13 and 0-5 of the
 *   rotated half, and those of S1, S3, S5 and S7 are the same bits of the rotated
 *   half turned right by four more.  The key schedule packs each round key the same
 *   way, so XORing the key is two word operations.
 * - The S-boxes and the permutation P are merged into eight tables of 64 words (SP
 *   tables): one round is eight lookups and XORs.
 * - IP and FP are five delta swaps each (a masked bit group of one half exchanged
 *   with a shifted group of the other); FP undoes the swaps in reverse order.
 * - Triple DES runs IP once, 48 rounds and FP once: FP followed by IP between two
 *   stages is the identity.  Decryption is encryption with the round keys reversed.
 * Bytes are assembled big-endian by hand, so the code does not depend on the host's
 * byte order.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

/* des_ks: the round keys of one, or three, DES stages in the order they run. */
typedef struct des_ks {
    uint32_t rk[3][32]; /* per stage, per round: S1/S3/S5/S7 word, S2/S4/S6/S8 word */
    unsigned stages;    /* 1: DES, 3: EDE3 */
    int decrypt;
} des_ks;

/*
 * sp[j][x] is P(S_{j+1}(x)) with the S-box output in its nibble (bits 31-28 for S1
 * ... 3-0 for S8), rotated left by one.  x is the six-bit input b1..b6 (b1 most
 * significant): row b1b6, column b2b3b4b5.  Generated from the S-box and P tables of
 * FIPS 46-3; tests/test_des.c checks the cipher against a bit-by-bit reference.
 */
static const uint32_t sp[8][64] = {
    { /* S1 */
        0x01010400, 0x00000000, 0x00010000, 0x01010404, 0x01010004, 0x00010404,
        0x00000004, 0x00010000, 0x00000400, 0x01010400, 0x01010404, 0x00000400,
        0x01000404, 0x01010004, 0x01000000, 0x00000004, 0x00000404, 0x01000400,
        0x01000400, 0x00010400, 0x00010400, 0x01010000, 0x01010000, 0x01000404,
        0x00010004, 0x01000004, 0x01000004, 0x00010004, 0x00000000, 0x00000404,
        0x00010404, 0x01000000, 0x00010000, 0x01010404, 0x00000004, 0x01010000,
        0x01010400, 0x01000000, 0x01000000, 0x00000400, 0x01010004, 0x00010000,
        0x00010400, 0x01000004, 0x00000400, 0x00000004, 0x01000404, 0x00010404,
        0x01010404, 0x00010004, 0x01010000, 0x01000404, 0x01000004, 0x00000404,
        0x00010404, 0x01010400, 0x00000404, 0x01000400, 0x01000400, 0x00000000,
        0x00010004, 0x00010400, 0x00000000, 0x01010004,
    },
    { /* S2 */
        0x80108020, 0x80008000, 0x00008000, 0x00108020, 0x00100000, 0x00000020,
        0x80100020, 0x80008020, 0x80000020, 0x80108020, 0x80108000, 0x80000000,
        0x80008000, 0x00100000, 0x00000020, 0x80100020, 0x00108000, 0x00100020,
        0x80008020, 0x00000000, 0x80000000, 0x00008000, 0x00108020, 0x80100000,
        0x00100020, 0x80000020, 0x00000000, 0x00108000, 0x00008020, 0x80108000,
        0x80100000, 0x00008020, 0x00000000, 0x00108020, 0x80100020, 0x00100000,
        0x80008020, 0x80100000, 0x80108000, 0x00008000, 0x80100000, 0x80008000,
        0x00000020, 0x80108020, 0x00108020, 0x00000020, 0x00008000, 0x80000000,
        0x00008020, 0x80108000, 0x00100000, 0x80000020, 0x00100020, 0x80008020,
        0x80000020, 0x00100020, 0x00108000, 0x00000000, 0x80008000, 0x00008020,
        0x80000000, 0x80100020, 0x80108020, 0x00108000,
    },
    { /* S3 */
        0x00000208, 0x08020200, 0x00000000, 0x08020008, 0x08000200, 0x00000000,
        0x00020208, 0x08000200, 0x00020008, 0x08000008, 0x08000008, 0x00020000,
        0x08020208, 0x00020008, 0x08020000, 0x00000208, 0x08000000, 0x00000008,
        0x08020200, 0x00000200, 0x00020200, 0x08020000, 0x08020008, 0x00020208,
        0x08000208, 0x00020200, 0x00020000, 0x08000208, 0x00000008, 0x08020208,
        0x00000200, 0x08000000, 0x08020200, 0x08000000, 0x00020008, 0x00000208,
        0x00020000, 0x08020200, 0x08000200, 0x00000000, 0x00000200, 0x00020008,
        0x08020208, 0x08000200, 0x08000008, 0x00000200, 0x00000000, 0x08020008,
        0x08000208, 0x00020000, 0x08000000, 0x08020208, 0x00000008, 0x00020208,
        0x00020200, 0x08000008, 0x08020000, 0x08000208, 0x00000208, 0x08020000,
        0x00020208, 0x00000008, 0x08020008, 0x00020200,
    },
    { /* S4 */
        0x00802001, 0x00002081, 0x00002081, 0x00000080, 0x00802080, 0x00800081,
        0x00800001, 0x00002001, 0x00000000, 0x00802000, 0x00802000, 0x00802081,
        0x00000081, 0x00000000, 0x00800080, 0x00800001, 0x00000001, 0x00002000,
        0x00800000, 0x00802001, 0x00000080, 0x00800000, 0x00002001, 0x00002080,
        0x00800081, 0x00000001, 0x00002080, 0x00800080, 0x00002000, 0x00802080,
        0x00802081, 0x00000081, 0x00800080, 0x00800001, 0x00802000, 0x00802081,
        0x00000081, 0x00000000, 0x00000000, 0x00802000, 0x00002080, 0x00800080,
        0x00800081, 0x00000001, 0x00802001, 0x00002081, 0x00002081, 0x00000080,
        0x00802081, 0x00000081, 0x00000001, 0x00002000, 0x00800001, 0x00002001,
        0x00802080, 0x00800081, 0x00002001, 0x00002080, 0x00800000, 0x00802001,
        0x00000080, 0x00800000, 0x00002000, 0x00802080,
    },
    { /* S5 */
        0x00000100, 0x02080100, 0x02080000, 0x42000100, 0x00080000, 0x00000100,
        0x40000000, 0x02080000, 0x40080100, 0x00080000, 0x02000100, 0x40080100,
        0x42000100, 0x42080000, 0x00080100, 0x40000000, 0x02000000, 0x40080000,
        0x40080000, 0x00000000, 0x40000100, 0x42080100, 0x42080100, 0x02000100,
        0x42080000, 0x40000100, 0x00000000, 0x42000000, 0x02080100, 0x02000000,
        0x42000000, 0x00080100, 0x00080000, 0x42000100, 0x00000100, 0x02000000,
        0x40000000, 0x02080000, 0x42000100, 0x40080100, 0x02000100, 0x40000000,
        0x42080000, 0x02080100, 0x40080100, 0x00000100, 0x02000000, 0x42080000,
        0x42080100, 0x00080100, 0x42000000, 0x42080100, 0x02080000, 0x00000000,
        0x40080000, 0x42000000, 0x00080100, 0x02000100, 0x40000100, 0x00080000,
        0x00000000, 0x40080000, 0x02080100, 0x40000100,
    },
    { /* S6 */
        0x20000010, 0x20400000, 0x00004000, 0x20404010, 0x20400000, 0x00000010,
        0x20404010, 0x00400000, 0x20004000, 0x00404010, 0x00400000, 0x20000010,
        0x00400010, 0x20004000, 0x20000000, 0x00004010, 0x00000000, 0x00400010,
        0x20004010, 0x00004000, 0x00404000, 0x20004010, 0x00000010, 0x20400010,
        0x20400010, 0x00000000, 0x00404010, 0x20404000, 0x00004010, 0x00404000,
        0x20404000, 0x20000000, 0x20004000, 0x00000010, 0x20400010, 0x00404000,
        0x20404010, 0x00400000, 0x00004010, 0x20000010, 0x00400000, 0x20004000,
        0x20000000, 0x00004010, 0x20000010, 0x20404010, 0x00404000, 0x20400000,
        0x00404010, 0x20404000, 0x00000000, 0x20400010, 0x00000010, 0x00004000,
        0x20400000, 0x00404010, 0x00004000, 0x00400010, 0x20004010, 0x00000000,
        0x20404000, 0x20000000, 0x00400010, 0x20004010,
    },
    { /* S7 */
        0x00200000, 0x04200002, 0x04000802, 0x00000000, 0x00000800, 0x04000802,
        0x00200802, 0x04200800, 0x04200802, 0x00200000, 0x00000000, 0x04000002,
        0x00000002, 0x04000000, 0x04200002, 0x00000802, 0x04000800, 0x00200802,
        0x00200002, 0x04000800, 0x04000002, 0x04200000, 0x04200800, 0x00200002,
        0x04200000, 0x00000800, 0x00000802, 0x04200802, 0x00200800, 0x00000002,
        0x04000000, 0x00200800, 0x04000000, 0x00200800, 0x00200000, 0x04000802,
        0x04000802, 0x04200002, 0x04200002, 0x00000002, 0x00200002, 0x04000000,
        0x04000800, 0x00200000, 0x04200800, 0x00000802, 0x00200802, 0x04200800,
        0x00000802, 0x04000002, 0x04200802, 0x04200000, 0x00200800, 0x00000000,
        0x00000002, 0x04200802, 0x00000000, 0x00200802, 0x04200000, 0x00000800,
        0x04000002, 0x04000800, 0x00000800, 0x00200002,
    },
    { /* S8 */
        0x10001040, 0x00001000, 0x00040000, 0x10041040, 0x10000000, 0x10001040,
        0x00000040, 0x10000000, 0x00040040, 0x10040000, 0x10041040, 0x00041000,
        0x10041000, 0x00041040, 0x00001000, 0x00000040, 0x10040000, 0x10000040,
        0x10001000, 0x00001040, 0x00041000, 0x00040040, 0x10040040, 0x10041000,
        0x00001040, 0x00000000, 0x00000000, 0x10040040, 0x10000040, 0x10001000,
        0x00041040, 0x00040000, 0x00041040, 0x00040000, 0x10041000, 0x00001000,
        0x00000040, 0x10040040, 0x00001000, 0x00041040, 0x10001000, 0x00000040,
        0x10000040, 0x10040000, 0x10040040, 0x10000000, 0x00040000, 0x10001040,
        0x00000000, 0x10041040, 0x00040040, 0x10000040, 0x10040000, 0x10001000,
        0x10001040, 0x00000000, 0x10041040, 0x00041000, 0x00041000, 0x00001040,
        0x00001040, 0x00040040, 0x10000000, 0x10041000,
    },
};

/* FIPS 46-3 Appendix 2, "Permuted Choice 1": key bit (1 = most significant) of C, D. */
static const uint8_t pc1[56] = {
    57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
    10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
    14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4,
};

/* FIPS 46-3 Appendix 2, "Permuted Choice 2": bit of CD for each round-key bit. */
static const uint8_t pc2[48] = {
    14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
    26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
    51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

/* FIPS 46-3, key schedule: left shifts of C and D before each round. */
static const uint8_t key_shifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};

/* rot28 rotates a 28-bit key register left by n. */
static uint32_t rot28(uint32_t x, unsigned n)
{
    return ((x << n) | (x >> (28 - n))) & 0x0fffffffu;
}

/* pc2_bits packs the round key PC-2 selects from the 56 bits cd (C then D, bit 1 of
 * FIPS 46-3 most significant) into the two words des_f XORs: [0] the six-bit inputs
 * of S1 S3 S5 S7, [1] those of S2 S4 S6 S8, one per byte from the top. */
static void pc2_bits(uint64_t cd, uint32_t words[2])
{
    words[0] = words[1] = 0;
    for (int box = 0; box < 8; box++) {
        uint32_t six = 0;
        for (int b = 0; b < 6; b++)
            six = six << 1 | (uint32_t)(cd >> (56 - pc2[6 * box + b]) & 1);
        words[box & 1] |= six << (24 - 8 * (box >> 1));
    }
}

/* pc2_tab[j][v]: pc2_bits of the 56 bits that are v in their j-th group of seven
 * (from the top) and zero elsewhere.  PC-2 moves bits without combining them, so a
 * round key is the OR of eight lookups: the key schedule costs 16 x 8 lookups
 * instead of 16 x 48 bit moves, which matters where a key is used for one block
 * (MDC-2 keys DES twice for every 8 bytes it hashes). */
static uint32_t pc2_tab[8][128][2];

/* pc1_bits splits the key k (bit 1 of FIPS 46-3 most significant) into the 28-bit
 * registers C and D that PC-1 selects. */
static void pc1_bits(uint64_t k, uint32_t cd[2])
{
    cd[0] = cd[1] = 0;
    for (int i = 0; i < 28; i++) {
        cd[0] = cd[0] << 1 | (uint32_t)(k >> (64 - pc1[i]) & 1);
        cd[1] = cd[1] << 1 | (uint32_t)(k >> (64 - pc1[i + 28]) & 1);
    }
}

/* pc1_tab[j][v]: C and D of a key whose byte j has v in its seven key bits (the
 * parity bit, the last, is never selected) and zeros elsewhere: PC-1 of a key is the
 * OR of its eight bytes' entries. */
static uint32_t pc1_tab[8][128][2];

/* des_key_tables builds pc1_tab and pc2_tab from PC-1 and PC-2 before main runs (so
 * before any thread). */
__attribute__((constructor)) static void des_key_tables(void)
{
    for (unsigned j = 0; j < 8; j++)
        for (unsigned v = 0; v < 128; v++) {
            pc1_bits((uint64_t)v << (57 - 8 * j), pc1_tab[j][v]);
            pc2_bits((uint64_t)v << (49 - 7 * j), pc2_tab[j][v]);
        }
}

/* des_round_keys expands one 8-byte key into 16 packed round keys, reversed for
 * decryption.  The parity bits (the last of each byte) are never selected by PC-1,
 * so keys with wrong parity work as FIPS 46-3 says they should. */
static void des_round_keys(uint32_t rk[32], const uint8_t key[8], int decrypt)
{
    uint32_t c = 0, d = 0;
    for (unsigned j = 0; j < 8; j++) {
        c |= pc1_tab[j][key[j] >> 1][0];
        d |= pc1_tab[j][key[j] >> 1][1];
    }
    for (int round = 0; round < 16; round++) {
        c = rot28(c, key_shifts[round]);
        d = rot28(d, key_shifts[round]);
        uint32_t w0 = 0, w1 = 0;
        for (unsigned j = 0; j < 4; j++) {
            const uint32_t *tc = pc2_tab[j][c >> (21 - 7 * j) & 127];
            const uint32_t *td = pc2_tab[j + 4][d >> (21 - 7 * j) & 127];
            w0 |= tc[0] | td[0];
            w1 |= tc[1] | td[1];
        }
        int slot = decrypt ? 15 - round : round;
        rk[2 * slot] = w0;
        rk[2 * slot + 1] = w1;
    }
}

/* des_f is the cipher function f of FIPS 46-3 on a rotated half r with round key k. */
static inline uint32_t des_f(uint32_t r, const uint32_t k[2])
{
    uint32_t a = cb_rotl32(r, 28) ^ k[0]; /* inputs of S1, S3, S5, S7 */
    uint32_t b = r ^ k[1];             /* inputs of S2, S4, S6, S8 */
    return sp[0][(a >> 24) & 63] ^ sp[2][(a >> 16) & 63] ^ sp[4][(a >> 8) & 63] ^
           sp[6][a & 63] ^ sp[1][(b >> 24) & 63] ^ sp[3][(b >> 16) & 63] ^
           sp[5][(b >> 8) & 63] ^ sp[7][b & 63];
}

/* delta_swap exchanges the bits of *b selected by mask with those of *a n places up. */
static inline void delta_swap(uint32_t *a, uint32_t *b, unsigned n, uint32_t mask)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* des_ip applies IP to the block (l, r) and rotates both halves for the rounds. */
static inline void des_ip(uint32_t *l, uint32_t *r)
{
    delta_swap(l, r, 4, 0x0f0f0f0fu);
    delta_swap(l, r, 16, 0x0000ffffu);
    delta_swap(r, l, 2, 0x33333333u);
    delta_swap(r, l, 8, 0x00ff00ffu);
    delta_swap(l, r, 1, 0x55555555u);
    *l = cb_rotl32(*l, 1);
    *r = cb_rotl32(*r, 1);
}

/* des_fp undoes the rotation and applies FP, the inverse of des_ip. */
static inline void des_fp(uint32_t *l, uint32_t *r)
{
    *l = cb_rotl32(*l, 31);
    *r = cb_rotl32(*r, 31);
    delta_swap(l, r, 1, 0x55555555u);
    delta_swap(r, l, 8, 0x00ff00ffu);
    delta_swap(r, l, 2, 0x33333333u);
    delta_swap(l, r, 16, 0x0000ffffu);
    delta_swap(l, r, 4, 0x0f0f0f0fu);
}

/* des_crypt runs every stage of ks over one block held as two big-endian words.
 * After 16 rounds the halves are swapped (FIPS 46-3's preoutput R16 L16), which is
 * also the input order the next stage's IP would produce. */
static inline void des_crypt(const des_ks *ks, uint32_t *lp, uint32_t *rp)
{
    uint32_t l = *lp, r = *rp;
    des_ip(&l, &r);
    for (unsigned s = 0; s < ks->stages; s++) {
        const uint32_t *k = ks->rk[s];
        for (int i = 0; i < 32; i += 4) {
            l ^= des_f(r, k + i);
            r ^= des_f(l, k + i + 2);
        }
        uint32_t t = l;
        l = r;
        r = t;
    }
    des_fp(&l, &r);
    *lp = l;
    *rp = r;
}

/* des_generic_set_key: an 8-byte key is DES; a 24-byte one is EDE3, encryption
 * E_K1 D_K2 E_K3 (SP 800-67 section 3.1), decryption D_K1 E_K2 D_K3 run from K3 back
 * to K1. */
static int des_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    des_ks *ks = vks;
    if (keylen != 8 && keylen != 24)
        return -1;
    unsigned keys = (unsigned)(keylen / 8);
    ks->stages = keys;
    ks->decrypt = decrypt != 0;
    if (keys == 1) {
        des_round_keys(ks->rk[0], key, ks->decrypt);
        return 0;
    }
    for (unsigned s = 0; s < 3; s++) {
        unsigned which = ks->decrypt ? 2 - s : s;
        /* the middle stage runs the other direction */
        des_round_keys(ks->rk[s], key + 8 * which, ks->decrypt ^ (s == 1));
    }
    return 0;
}

/* des_generic_ecb encrypts or decrypts nblocks blocks independently. */
static void des_generic_ecb(const void *vks, const uint8_t *in, uint8_t *out,
                            size_t nblocks)
{
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint32_t l = cb_load_be32(in), r = cb_load_be32(in + 4);
        des_crypt(vks, &l, &r);
        cb_store_be32(out, l);
        cb_store_be32(out + 4, r);
    }
}

/* des_cbc_encrypt: C_i = E(P_i ^ C_{i-1}) (SP 800-38A 6.2), chaining in registers. */
static void des_cbc_encrypt(const des_ks *ks, uint8_t iv[8], const uint8_t *in,
                            uint8_t *out, size_t nblocks)
{
    uint32_t l = cb_load_be32(iv), r = cb_load_be32(iv + 4);
    for (; nblocks; nblocks--, in += 8, out += 8) {
        l ^= cb_load_be32(in);
        r ^= cb_load_be32(in + 4);
        des_crypt(ks, &l, &r);
        cb_store_be32(out, l);
        cb_store_be32(out + 4, r);
    }
    cb_store_be32(iv, l);
    cb_store_be32(iv + 4, r);
}

/* des_cbc_decrypt: P_i = D(C_i) ^ C_{i-1}; C_i is read before P_i is written, so
 * in == out works. */
static void des_cbc_decrypt(const des_ks *ks, uint8_t iv[8], const uint8_t *in,
                            uint8_t *out, size_t nblocks)
{
    uint32_t cl = cb_load_be32(iv), cr = cb_load_be32(iv + 4);
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint32_t nl = cb_load_be32(in), nr = cb_load_be32(in + 4);
        uint32_t l = nl, r = nr;
        des_crypt(ks, &l, &r);
        cb_store_be32(out, l ^ cl);
        cb_store_be32(out + 4, r ^ cr);
        cl = nl;
        cr = nr;
    }
    cb_store_be32(iv, cl);
    cb_store_be32(iv + 4, cr);
}

/* des_generic_cbc runs CBC in the direction the schedule was made for. */
static void des_generic_cbc(const void *vks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t nblocks)
{
    const des_ks *ks = vks;
    if (ks->decrypt)
        des_cbc_decrypt(ks, iv, in, out, nblocks);
    else
        des_cbc_encrypt(ks, iv, in, out, nblocks);
}

_Static_assert(sizeof(des_ks) <= CB_DES_GENERIC_KS_MAX, "CB_DES_GENERIC_KS_MAX too small");

const cb_block_ops cb_des_generic_ops = {
    .key_size = sizeof(des_ks),
    .set_key = des_generic_set_key,
    .ecb = des_generic_ecb,
    .cbc = des_generic_cbc,
};
