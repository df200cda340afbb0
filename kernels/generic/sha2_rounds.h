/*
 * kernels/generic/sha2_rounds.h - the compression loop SHA-256 and SHA-512 share (FIPS 180-4
 * sections 6.2.2 and 6.4.2), written once for either word size.
 *
 * Not a public header: kernels/generic/sha256.c and kernels/generic/sha512.c each define, before
 * including it,
 *   SHA2_WORD         uint32_t or uint64_t
 *   SHA2_ROUNDS       64 or 80
 *   SHA2_BLOCKS       the name of the function to define
 *   LOAD_WORD(p)      the big-endian word at p (FIPS 180-4 section 3.1)
 *   BSIG0, BSIG1, SSIG0, SSIG1   the functions of section 4.1.2 or 4.1.3
 *   K                 the round constants of section 4.2.2 or 4.2.3
 *
 * Every round is written out by macro with a..h renamed instead of moved, so the eight
 * working variables stay in registers.  W[t] depends only on the previous 16 words, so
 * the schedule is kept in a 16-word window indexed t mod 16: the window slot of W[t]
 * is where W[t-16] was, and every index below is a compile-time constant.
 */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))

/* W0 is W[t] for t < 16: the message word, kept in the window for later rounds. */
#define W0(i) (w[i] = LOAD_WORD(in + sizeof(SHA2_WORD) * (i)))
/* W16 is W[t] for t >= 16 at window slot i = t mod 16. */
#define W16(i) (w[i] += SSIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + \
                        SSIG0(w[((i) + 1) & 15]))

/*
 * R is round t with the working variables renamed: h receives T1 + T2 and d receives
 * d + T1.  Maj(a,b,c) is computed as b ^ ((a ^ b) & (b ^ c)): the next round's b ^ c
 * is this round's a ^ b, so carrying it in bc saves an operation per round.
 */
#define R(a, b, c, d, e, f, g, h, t, wt)                       \
    do {                                                       \
        h += BSIG1(e) + CH(e, f, g) + K[t] + (wt);             \
        d += h;                                                \
        ab = (a) ^ (b);                                        \
        h += BSIG0(a) + ((b) ^ (ab & bc));                     \
        bc = ab;                                               \
    } while (0)

/* R8 runs rounds t+i..t+i+7, after which the names are back in place; R16 two of them. */
#define R8(W, t, i)                                            \
    do {                                                       \
        R(a, b, c, d, e, f, g, h, (t) + (i), W(i));            \
        R(h, a, b, c, d, e, f, g, (t) + (i) + 1, W((i) + 1));  \
        R(g, h, a, b, c, d, e, f, (t) + (i) + 2, W((i) + 2));  \
        R(f, g, h, a, b, c, d, e, (t) + (i) + 3, W((i) + 3));  \
        R(e, f, g, h, a, b, c, d, (t) + (i) + 4, W((i) + 4));  \
        R(d, e, f, g, h, a, b, c, (t) + (i) + 5, W((i) + 5));  \
        R(c, d, e, f, g, h, a, b, (t) + (i) + 6, W((i) + 6));  \
        R(b, c, d, e, f, g, h, a, (t) + (i) + 7, W((i) + 7));  \
    } while (0)
#define R16(W, t)      \
    do {               \
        R8(W, t, 0);   \
        R8(W, t, 8);   \
    } while (0)

/* SHA2_BLOCKS (sha256_generic_blocks, sha512_generic_blocks) runs the compression
 * function over nblocks blocks of 16 words. */
static void SHA2_BLOCKS(void *state, const uint8_t *in, size_t nblocks)
{
    SHA2_WORD *st = state;
    SHA2_WORD a = st[0], b = st[1], c = st[2], d = st[3];
    SHA2_WORD e = st[4], f = st[5], g = st[6], h = st[7];
    SHA2_WORD w[16], ab, bc;

    for (; nblocks; nblocks--, in += 16 * sizeof(SHA2_WORD)) {
        bc = b ^ c;
        R16(W0, 0);
        R16(W16, 16);
        R16(W16, 32);
        R16(W16, 48);
#if SHA2_ROUNDS == 80
        R16(W16, 64);
#endif

        a = st[0] += a;
        b = st[1] += b;
        c = st[2] += c;
        d = st[3] += d;
        e = st[4] += e;
        f = st[5] += f;
        g = st[6] += g;
        h = st[7] += h;
    }
}
