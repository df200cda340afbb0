/*
 * kernels/generic/sha1.c - SHA-1 compression function in portable C (FIPS 180-4 section 6.1.2).
 *
 * The 80 rounds are unrolled by macro: instead of shifting a..e each round, the
 * macro's arguments rotate, so no register moves are made.  W[t] depends only on the
 * previous 16 words, so the schedule is computed in place in a 16-word window (the
 * alternative method of FIPS 180-4 section 6.1.3) rather than expanded to 80 words
 * up front; every index into it is a compile-time constant.
 */
#include "kernels/generic/generic.h"

/* LOAD32_BE reads a big-endian word of the message block (FIPS 180-4 section 3.1). */
#define LOAD32_BE(p) ((uint32_t)(p)[0] << 24 | (uint32_t)(p)[1] << 16 | \
                      (uint32_t)(p)[2] << 8 | (uint32_t)(p)[3])
#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* The functions of FIPS 180-4 section 4.1.1, Ch and Maj in forms with fewer
 * operations that compute the same bits. */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* The constants of FIPS 180-4 section 4.2.1. */
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

/* W16 is W[t] for t >= 16, computed in place in the 16-word window. */
#define W16(t) (w[(t) & 15] = ROL(w[((t) - 3) & 15] ^ w[((t) - 8) & 15] ^ \
                                  w[((t) - 14) & 15] ^ w[(t) & 15], 1))
/* W0 is W[t] for t < 16: the message word itself, kept for later rounds. */
#define W0(t) (w[t] = LOAD32_BE(in + 4 * (t)))

/* R is one round with the variables renamed: e takes the new a, b becomes ROTL30(b). */
#define R(a, b, c, d, e, f, k, wt)                        \
    do {                                                  \
        e += ROL(a, 5) + f(b, c, d) + (k) + (wt);         \
        b = ROL(b, 30);                                   \
    } while (0)

/* R5 runs five rounds, after which the names are back where they started. */
#define R5(f, k, W, t)                        \
    do {                                      \
        R(a, b, c, d, e, f, k, W(t));         \
        R(e, a, b, c, d, f, k, W((t) + 1));   \
        R(d, e, a, b, c, f, k, W((t) + 2));   \
        R(c, d, e, a, b, f, k, W((t) + 3));   \
        R(b, c, d, e, a, f, k, W((t) + 4));   \
    } while (0)

/* sha1_generic_blocks runs the compression function over nblocks 64-byte blocks. */
static void sha1_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *st = state;
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];
    uint32_t w[16];

    for (; nblocks; nblocks--, in += 64) {
        uint32_t aa = a, bb = b, cc = c, dd = d, ee = e;

        R5(CH, K0, W0, 0);
        R5(CH, K0, W0, 5);
        R5(CH, K0, W0, 10);
        R(a, b, c, d, e, CH, K0, W0(15));
        R(e, a, b, c, d, CH, K0, W16(16));
        R(d, e, a, b, c, CH, K0, W16(17));
        R(c, d, e, a, b, CH, K0, W16(18));
        R(b, c, d, e, a, CH, K0, W16(19));

        R5(PARITY, K1, W16, 20);
        R5(PARITY, K1, W16, 25);
        R5(PARITY, K1, W16, 30);
        R5(PARITY, K1, W16, 35);

        R5(MAJ, K2, W16, 40);
        R5(MAJ, K2, W16, 45);
        R5(MAJ, K2, W16, 50);
        R5(MAJ, K2, W16, 55);

        R5(PARITY, K3, W16, 60);
        R5(PARITY, K3, W16, 65);
        R5(PARITY, K3, W16, 70);
        R5(PARITY, K3, W16, 75);

        a += aa;
        b += bb;
        c += cc;
        d += dd;
        e += ee;
    }
    st[0] = a;
    st[1] = b;
    st[2] = c;
    st[3] = d;
    st[4] = e;
}

const cb_digest_ops cb_sha1_generic_ops = {sha1_generic_blocks, NULL};
