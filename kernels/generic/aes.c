/*
 * kernels/generic/aes.c - portable AES-128/192/256 (FIPS 197) as classic T-table C: the
 * reference every AES variant is checked against and the "before" column of an
 * assembly port.
 *
 * The state is four 32-bit column words with row 0 in the most significant byte,
 * the layout of FIPS 197's key-schedule words, loaded and stored byte by byte so the
 * code is the same on big- and little-endian CPUs.  A full round of column c is
 *
 *     te[0][row 0 of s_c] ^ te[1][row 1 of s_c+1] ^ te[2][row 2 of s_c+2]
 *         ^ te[3][row 3 of s_c+3] ^ rk
 *
 * (indices mod 4): the index pattern is ShiftRows, and te[r][x] is the column that
 * MixColumns makes of S(x) standing in row r, so SubBytes, ShiftRows and MixColumns
 * cost four lookups per column.  Decryption uses the equivalent inverse cipher
 * (FIPS 197 5.3.5) so its rounds have the same shape with td[r] (InvSubBytes and
 * InvMixColumns) and InvShiftRows' index pattern.
 *
 * Four 1 KiB tables per direction rather than one table and rotates: with gcc -O2 on
 * x86-64 the one-table form ran aes-128-cbc about 30% slower encrypting and 17%
 * slower decrypting (best of five 1 s runs each), as x86 has to copy a value before
 * rotating it and the loop is bound by instruction throughput, not by the 8 KiB of
 * tables, which fit in L1.
 *
 * The tables are built by the preprocessor from the S-box (FIPS 197 Figure 7) and
 * the inverse S-box (Figure 14), so they are constant data with no start-up code.
 * Lookups are indexed by secret bytes: like every T-table AES this leaks through
 * the cache, which is what the "before" column of a benchmark is.
 */
#include "kernels/generic/aes_tables.h"
#include "kernels/generic/generic.h"

#define WORD(a, b, c, d) \
    ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/* MixColumns' matrix (FIPS 197 5.1.3) column r applied to S(x) entering at row r. */
#define TE0(s) WORD(M2(s), s, s, M3(s)),
#define TE1(s) WORD(M3(s), M2(s), s, s),
#define TE2(s) WORD(s, M3(s), M2(s), s),
#define TE3(s) WORD(s, s, M3(s), M2(s)),
/* InvMixColumns' matrix (FIPS 197 5.3.3) likewise, applied to InvS(x). */
#define TD0(s) WORD(M14(s), M9(s), M13(s), M11(s)),
#define TD1(s) WORD(M11(s), M14(s), M9(s), M13(s)),
#define TD2(s) WORD(M13(s), M11(s), M14(s), M9(s)),
#define TD3(s) WORD(M9(s), M13(s), M11(s), M14(s)),
#define BYTE(s) s,

/* te[r] and td[r] are one array each so that position-independent code needs one
 * base register per direction, not four: x86-64 cannot index a rip-relative address,
 * and four bases left gcc short of registers for the state. */
static const uint32_t te[4][256] = {{AES_SBOX(TE0)}, {AES_SBOX(TE1)}, {AES_SBOX(TE2)},
                                    {AES_SBOX(TE3)}};
static const uint32_t td[4][256] = {{AES_INV_SBOX(TD0)}, {AES_INV_SBOX(TD1)},
                                    {AES_INV_SBOX(TD2)}, {AES_INV_SBOX(TD3)}};
static const uint8_t sbox[256] = {AES_SBOX(BYTE)};
static const uint8_t inv_sbox[256] = {AES_INV_SBOX(BYTE)};

/* aes_ks: round keys as column words, 4 * (rounds + 1) of them. */
typedef struct aes_ks {
    uint32_t rk[4 * (14 + 1)];
    unsigned rounds;
} aes_ks;

/* aes_state: the four columns, passed by value through always-inlined functions so
 * that gcc keeps them in registers (through a pointer to an array it kept them in
 * memory and called the block function out of line). */
typedef struct aes_state {
    uint32_t c0, c1, c2, c3;
} aes_state;

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* B0..B3 pick rows 0..3 out of a column word. */
#define B0(w) ((w) >> 24)
#define B1(w) (((w) >> 16) & 0xff)
#define B2(w) (((w) >> 8) & 0xff)
#define B3(w) ((w) & 0xff)

/* load_be32 and store_be32 move a column in FIPS 197's byte order on any CPU. */
static ALWAYS_INLINE uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static ALWAYS_INLINE void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* load_block and store_block move a 16-byte block, column by column (FIPS 197 3.4). */
static ALWAYS_INLINE aes_state load_block(const uint8_t *p)
{
    return (aes_state){load_be32(p), load_be32(p + 4), load_be32(p + 8), load_be32(p + 12)};
}

static ALWAYS_INLINE void store_block(uint8_t *p, aes_state s)
{
    store_be32(p, s.c0);
    store_be32(p + 4, s.c1);
    store_be32(p + 8, s.c2);
    store_be32(p + 12, s.c3);
}

/* xor_state is AddRoundKey, and CBC's and CTR's XOR. */
static ALWAYS_INLINE aes_state xor_state(aes_state a, aes_state b)
{
    return (aes_state){a.c0 ^ b.c0, a.c1 ^ b.c1, a.c2 ^ b.c2, a.c3 ^ b.c3};
}

/* round_key reads four words of the schedule as a state. */
static ALWAYS_INLINE aes_state round_key(const uint32_t *rk)
{
    return (aes_state){rk[0], rk[1], rk[2], rk[3]};
}

/* enc_col: one output column of a full encryption round. */
static ALWAYS_INLINE uint32_t enc_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                      uint32_t k)
{
    return te[0][B0(a)] ^ te[1][B1(b)] ^ te[2][B2(c)] ^ te[3][B3(d)] ^ k;
}

/* enc_last_col: the final round has no MixColumns; each table holds S(x) unmixed in
 * the row it serves (the coefficient-1 entries), so masking picks it out. */
static ALWAYS_INLINE uint32_t enc_last_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                           uint32_t k)
{
    return (te[2][B0(a)] & 0xff000000) ^ (te[3][B1(b)] & 0x00ff0000) ^
           (te[0][B2(c)] & 0x0000ff00) ^ (te[1][B3(d)] & 0x000000ff) ^ k;
}

/* encrypt_state runs the cipher (FIPS 197 5.1); ShiftRows takes row r of column c
 * from column c + r. */
static ALWAYS_INLINE aes_state encrypt_state(const aes_ks *ks, aes_state s)
{
    const uint32_t *rk = ks->rk;
    s = xor_state(s, round_key(rk));
    for (unsigned r = ks->rounds - 1; r; r--) {
        rk += 4;
        s = (aes_state){enc_col(s.c0, s.c1, s.c2, s.c3, rk[0]),
                        enc_col(s.c1, s.c2, s.c3, s.c0, rk[1]),
                        enc_col(s.c2, s.c3, s.c0, s.c1, rk[2]),
                        enc_col(s.c3, s.c0, s.c1, s.c2, rk[3])};
    }
    rk += 4;
    return (aes_state){enc_last_col(s.c0, s.c1, s.c2, s.c3, rk[0]),
                       enc_last_col(s.c1, s.c2, s.c3, s.c0, rk[1]),
                       enc_last_col(s.c2, s.c3, s.c0, s.c1, rk[2]),
                       enc_last_col(s.c3, s.c0, s.c1, s.c2, rk[3])};
}

/* dec_col: one output column of a full round of the equivalent inverse cipher. */
static ALWAYS_INLINE uint32_t dec_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                      uint32_t k)
{
    return td[0][B0(a)] ^ td[1][B1(b)] ^ td[2][B2(c)] ^ td[3][B3(d)] ^ k;
}

/* dec_last_col: the final round of the inverse cipher, InvSubBytes without
 * InvMixColumns, from the byte table. */
static ALWAYS_INLINE uint32_t dec_last_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                           uint32_t k)
{
    return WORD(inv_sbox[B0(a)], inv_sbox[B1(b)], inv_sbox[B2(c)], inv_sbox[B3(d)]) ^ k;
}

/* decrypt_state runs the equivalent inverse cipher (FIPS 197 5.3.5); InvShiftRows
 * takes row r of column c from column c - r. */
static ALWAYS_INLINE aes_state decrypt_state(const aes_ks *ks, aes_state s)
{
    const uint32_t *rk = ks->rk;
    s = xor_state(s, round_key(rk));
    for (unsigned r = ks->rounds - 1; r; r--) {
        rk += 4;
        s = (aes_state){dec_col(s.c0, s.c3, s.c2, s.c1, rk[0]),
                        dec_col(s.c1, s.c0, s.c3, s.c2, rk[1]),
                        dec_col(s.c2, s.c1, s.c0, s.c3, rk[2]),
                        dec_col(s.c3, s.c2, s.c1, s.c0, rk[3])};
    }
    rk += 4;
    return (aes_state){dec_last_col(s.c0, s.c3, s.c2, s.c1, rk[0]),
                       dec_last_col(s.c1, s.c0, s.c3, s.c2, rk[1]),
                       dec_last_col(s.c2, s.c1, s.c0, s.c3, rk[2]),
                       dec_last_col(s.c3, s.c2, s.c1, s.c0, rk[3])};
}

/* sub_word is FIPS 197 SubWord(). */
static uint32_t sub_word(uint32_t w)
{
    return WORD(sbox[B0(w)], sbox[B1(w)], sbox[B2(w)], sbox[B3(w)]);
}

/* aes_generic_set_encrypt_key is KeyExpansion (FIPS 197 5.2). */
static int aes_generic_set_encrypt_key(void *ksp, const uint8_t *key, unsigned bits)
{
    if (bits != 128 && bits != 192 && bits != 256)
        return -1;
    aes_ks *ks = ksp;
    unsigned nk = bits / 32, nr = nk + 6, total = 4 * (nr + 1);
    uint32_t *w = ks->rk, rcon = 0x01;
    ks->rounds = nr;
    for (unsigned i = 0; i < nk; i++)
        w[i] = load_be32(key + 4 * i);
    for (unsigned i = nk; i < total; i++) {
        uint32_t temp = w[i - 1];
        if (i % nk == 0) {
            temp = sub_word(temp << 8 | temp >> 24) ^ rcon << 24;
            rcon = XT(rcon);
        } else if (nk > 6 && i % nk == 4) {
            temp = sub_word(temp);
        }
        w[i] = w[i - nk] ^ temp;
    }
    return 0;
}

/* inv_mix_column is InvMixColumns() of one word; td[r][S(x)] is the InvMixColumns
 * column of x entering at row r. */
static uint32_t inv_mix_column(uint32_t w)
{
    return td[0][sbox[B0(w)]] ^ td[1][sbox[B1(w)]] ^ td[2][sbox[B2(w)]] ^
           td[3][sbox[B3(w)]];
}

/* aes_generic_set_decrypt_key builds the equivalent inverse cipher's schedule
 * (FIPS 197 5.3.5): the round keys in reverse order, the inner ones through
 * InvMixColumns. */
static int aes_generic_set_decrypt_key(void *ksp, const uint8_t *key, unsigned bits)
{
    aes_ks enc;
    if (aes_generic_set_encrypt_key(&enc, key, bits) != 0)
        return -1;
    aes_ks *ks = ksp;
    unsigned nr = enc.rounds;
    ks->rounds = nr;
    for (unsigned r = 0; r <= nr; r++) {
        for (unsigned c = 0; c < 4; c++) {
            uint32_t w = enc.rk[4 * (nr - r) + c];
            ks->rk[4 * r + c] = r == 0 || r == nr ? w : inv_mix_column(w);
        }
    }
    cb_wipe(&enc, sizeof enc);
    return 0;
}

/* aes_generic_ecb_encrypt and the functions below implement cb_aes_ops (kernel.h). */
static void aes_generic_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out,
                                    size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16, out += 16)
        store_block(out, encrypt_state(ks, load_block(in)));
}

static void aes_generic_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out,
                                    size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16, out += 16)
        store_block(out, decrypt_state(ks, load_block(in)));
}

static void aes_generic_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
                                    uint8_t *out, size_t nblocks)
{
    aes_state s = load_block(iv);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        s = encrypt_state(ks, xor_state(s, load_block(in)));
        store_block(out, s);
    }
    store_block(iv, s);
}

static void aes_generic_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
                                    uint8_t *out, size_t nblocks)
{
    aes_state prev = load_block(iv);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        /* Keep the ciphertext before writing: in and out may be the same buffer. */
        aes_state c = load_block(in);
        store_block(out, xor_state(decrypt_state(ks, c), prev));
        prev = c;
    }
    store_block(iv, prev);
}

static void aes_generic_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                              uint8_t *out, size_t nblocks)
{
    aes_state c = load_block(ctr);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        store_block(out, xor_state(encrypt_state(ks, c), load_block(in)));
        c.c3++; /* the low 32 bits wrap on their own, as GCM's inc32 wants */
    }
}

const cb_aes_ops cb_aes_generic_ops = {
    .key_size = sizeof(aes_ks),
    .set_encrypt_key = aes_generic_set_encrypt_key,
    .set_decrypt_key = aes_generic_set_decrypt_key,
    .ecb_encrypt = aes_generic_ecb_encrypt,
    .ecb_decrypt = aes_generic_ecb_decrypt,
    .cbc_encrypt = aes_generic_cbc_encrypt,
    .cbc_decrypt = aes_generic_cbc_decrypt,
    .ctr32 = aes_generic_ctr32,
};
