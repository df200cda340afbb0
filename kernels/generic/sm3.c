/*
 * kernels/generic/sm3.c - the SM3 compression function in portable C (GB/T 32905-2016,
 * the OSCCA's "SM3 Cryptographic Hash Algorithm", section 5.3; its English text is
 * draft-sca-cfrg-sm3).
 *
 * The padding is SHA-256's (big-endian words, a 64-bit bit length: the SHA32 shape of
 * kernels/modes/digest.c), so only the compression is here.  The rounds are
 * unrolled with their registers renamed and the message expanded in a ring of 16
 * words as they go (R below); the constant T_j <<< j comes from a table built at
 * compile time.
 */
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

#define ROL(x, n) ((uint32_t)(((x) << ((n) & 31)) | ((x) >> ((32 - ((n) & 31)) & 31))))

/* The permutations P0 (compression) and P1 (expansion) of section 4.4. */
#define P0(x) ((x) ^ ROL(x, 9) ^ ROL(x, 17))
#define P1(x) ((x) ^ ROL(x, 15) ^ ROL(x, 23))

/* T_j <<< (j mod 32), section 4.2's constants as the round uses them: 0x79cc4519 for
 * rounds 0-15, 0x7a879d8a for 16-63. */
#define TJ(j) ((j) < 16 ? ROL(0x79cc4519u, (j)) : ROL(0x7a879d8au, (j)))
#define TJ4(j) TJ(j), TJ((j) + 1), TJ((j) + 2), TJ((j) + 3)
#define TJ16(j) TJ4(j), TJ4((j) + 4), TJ4((j) + 8), TJ4((j) + 12)
static const uint32_t tj[64] = {TJ16(0), TJ16(16), TJ16(32), TJ16(48)};

/* Section 4.3: FF and GG are parity for rounds 0-15; then FF is the majority and GG
 * the select (written with one operation fewer than the standard's forms). */
#define XOR3(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define SEL(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))

/*
 * R is one iteration of section 5.3.3 with the boolean functions FF and GG, its
 * registers renamed instead of moved: the new A is written over D, the new E over H,
 * B and F rotate in place, so the next round is R(d, a, b, c, h, e, f, g) and four
 * rounds bring the names back.  The message words live in a ring of 16, w[j % 16]
 * holding W[j] .. W[j + 15] at round j: the round takes W[j] and W[j + 4] (W'[j] is
 * their sum), then, for j < 52, puts W[j + 16] (section 5.3.2, from W[j], W[j + 3],
 * W[j + 7], W[j + 10] and W[j + 13]) where W[j] was.  Fully unrolled, every index is
 * a constant.
 */
#define R(FF, GG, a, b, c, d, e, f, g, h, j)                                           \
    do {                                                                               \
        uint32_t a12 = ROL(a, 12);                                                     \
        uint32_t ss1 = ROL(a12 + e + tj[j], 7);                                        \
        uint32_t ss2 = ss1 ^ a12;                                                      \
        d += FF(a, b, c) + ss2 + (w[(j) & 15] ^ w[((j) + 4) & 15]);                    \
        h += GG(e, f, g) + ss1 + w[(j) & 15];                                          \
        b = ROL(b, 9);                                                                 \
        f = ROL(f, 19);                                                                \
        h = P0(h);                                                                     \
        if ((j) < 52) {                                                                \
            uint32_t x = w[(j) & 15] ^ w[((j) + 7) & 15] ^ ROL(w[((j) + 13) & 15], 15); \
            w[(j) & 15] = P1(x) ^ ROL(w[((j) + 3) & 15], 7) ^ w[((j) + 10) & 15];     \
        }                                                                              \
    } while (0)
#define R4(FF, GG, j)                                                                  \
    R(FF, GG, a, b, c, d, e, f, g, h, (j));                                            \
    R(FF, GG, d, a, b, c, h, e, f, g, (j) + 1);                                        \
    R(FF, GG, c, d, a, b, g, h, e, f, (j) + 2);                                        \
    R(FF, GG, b, c, d, a, f, g, h, e, (j) + 3)

/* cb_sm3_generic_blocks runs the compression function over nblocks 64-byte blocks. */
void cb_sm3_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *st = state;
    for (; nblocks; nblocks--, in += 64) {
        uint32_t w[16];
        for (int i = 0; i < 16; i++)
            w[i] = cb_load_be32(in + 4 * i);
        uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
        uint32_t e = st[4], f = st[5], g = st[6], h = st[7];
        R4(XOR3, XOR3, 0);
        R4(XOR3, XOR3, 4);
        R4(XOR3, XOR3, 8);
        R4(XOR3, XOR3, 12);
        R4(MAJ, SEL, 16);
        R4(MAJ, SEL, 20);
        R4(MAJ, SEL, 24);
        R4(MAJ, SEL, 28);
        R4(MAJ, SEL, 32);
        R4(MAJ, SEL, 36);
        R4(MAJ, SEL, 40);
        R4(MAJ, SEL, 44);
        R4(MAJ, SEL, 48);
        R4(MAJ, SEL, 52);
        R4(MAJ, SEL, 56);
        R4(MAJ, SEL, 60);
        st[0] ^= a;
        st[1] ^= b;
        st[2] ^= c;
        st[3] ^= d;
        st[4] ^= e;
        st[5] ^= f;
        st[6] ^= g;
        st[7] ^= h;
    }
}

const cb_digest_ops cb_sm3_generic_ops = {cb_sm3_generic_blocks, NULL};
