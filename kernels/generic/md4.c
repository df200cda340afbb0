/*
 * kernels/generic/md4.c - MD4 compression function in portable C (RFC 1320 section 3.4).
 *
 * Built like md5.c: the 48 steps unrolled by macro, the four chaining words in locals,
 * and each message word loaded at the step that uses it (a little-endian load, which
 * gcc merges into one load on little-endian hosts and one byte-reversed load on POWER).
 */
#include "kernels/generic/generic.h"

/* LOAD32_LE reads the little-endian word RFC 1320 section 3.4 calls X[i]. */
#define LOAD32_LE(p) ((uint32_t)(p)[0] | (uint32_t)(p)[1] << 8 | \
                      (uint32_t)(p)[2] << 16 | (uint32_t)(p)[3] << 24)
#define X(i) LOAD32_LE(in + 4 * (i))
#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* RFC 1320 section 3.4's F, G and H; F as a select and G (the majority function) as
 * (y & z) | (x & (y | z)), one operation fewer than the RFC's forms. */
#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) (((y) & (z)) | ((x) & ((y) | (z))))
#define H(x, y, z) ((x) ^ (y) ^ (z))

/* Round constants of RFC 1320 section 3.4: the square roots of 2 and 3 as 2.30 fixed
 * point numbers. */
#define K2 0x5a827999u
#define K3 0x6ed9eba1u

/* STEP is one operation a = (a + f(b,c,d) + X[k] + t) <<< s. */
#define STEP(f, a, b, c, d, k, t, s)                  \
    do {                                              \
        a += f(b, c, d) + X(k) + (t);                 \
        a = ROL(a, s);                                \
    } while (0)

/* ROUND1..3 are the sixteen steps of one round over the words in RFC 1320's order. */
#define ROUND1(k0, k1, k2, k3)                                                         \
    STEP(F, a, b, c, d, k0, 0, 3);                                                     \
    STEP(F, d, a, b, c, k1, 0, 7);                                                     \
    STEP(F, c, d, a, b, k2, 0, 11);                                                    \
    STEP(F, b, c, d, a, k3, 0, 19)
#define ROUND2(k0, k1, k2, k3)                                                         \
    STEP(G, a, b, c, d, k0, K2, 3);                                                    \
    STEP(G, d, a, b, c, k1, K2, 5);                                                    \
    STEP(G, c, d, a, b, k2, K2, 9);                                                    \
    STEP(G, b, c, d, a, k3, K2, 13)
#define ROUND3(k0, k1, k2, k3)                                                         \
    STEP(H, a, b, c, d, k0, K3, 3);                                                    \
    STEP(H, d, a, b, c, k1, K3, 9);                                                    \
    STEP(H, c, d, a, b, k2, K3, 11);                                                   \
    STEP(H, b, c, d, a, k3, K3, 15)

/* cb_md4_generic_blocks runs the compression function over nblocks 64-byte blocks. */
void cb_md4_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *st = state;
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];

    for (; nblocks; nblocks--, in += 64) {
        uint32_t aa = a, bb = b, cc = c, dd = d;

        ROUND1(0, 1, 2, 3);
        ROUND1(4, 5, 6, 7);
        ROUND1(8, 9, 10, 11);
        ROUND1(12, 13, 14, 15);

        ROUND2(0, 4, 8, 12);
        ROUND2(1, 5, 9, 13);
        ROUND2(2, 6, 10, 14);
        ROUND2(3, 7, 11, 15);

        ROUND3(0, 8, 4, 12);
        ROUND3(2, 10, 6, 14);
        ROUND3(1, 9, 5, 13);
        ROUND3(3, 11, 7, 15);

        a += aa;
        b += bb;
        c += cc;
        d += dd;
    }
    st[0] = a;
    st[1] = b;
    st[2] = c;
    st[3] = d;
}

const cb_digest_ops cb_md4_generic_ops = {cb_md4_generic_blocks, NULL};
