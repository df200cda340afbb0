/*
 * kernels/generic/rmd160.c - RIPEMD-160 compression function in portable C, as its
 * designers' specification defines it (Dobbertin, Bosselaers and Preneel, "RIPEMD-160:
 * A Strengthened Version of RIPEMD", 1996, and the pseudo-code of its annex A).
 *
 * Two lines of five 16-step rounds run on copies of the five chaining words and are
 * combined at the end.  Every step is written out with the words renamed instead of
 * moved (the step's A takes the place of the next step's B, and so on), so both lines'
 * ten words stay in registers; the sixteen message words are loaded once per block,
 * as each is used by ten steps.
 */
#include "kernels/generic/generic.h"

#define LOAD32_LE(p) ((uint32_t)(p)[0] | (uint32_t)(p)[1] << 8 | \
                      (uint32_t)(p)[2] << 16 | (uint32_t)(p)[3] << 24)
#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* The specification's f(j, x, y, z) for steps 0-15, 16-31, ..., 64-79 of the left line;
 * the right line uses them in the reverse order.  F2 and F4 are the selects
 * (x & y) | (~x & z) and (x & z) | (y & ~z) in three operations. */
#define F1(x, y, z) ((x) ^ (y) ^ (z))
#define F2(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define F3(x, y, z) (((x) | ~(y)) ^ (z))
#define F4(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* The added constants K(j) (left line) and K'(j) (right line): the integer parts of
 * 2^30 times the square and cube roots of 2, 3, 5 and 7.  K(0..15) and K'(64..79) are 0. */
#define KL2 0x5a827999u
#define KL3 0x6ed9eba1u
#define KL4 0x8f1bbcdcu
#define KL5 0xa953fd4eu
#define KR1 0x50a28be6u
#define KR2 0x5c4dd124u
#define KR3 0x6d703ef3u
#define KR4 0x7a6d76e9u

/* STEP is one step of either line: A := (A + f(B, C, D) + X[r] + K) <<< s + E,
 * C := C <<< 10; the renaming done by the caller makes A the next step's B. */
#define STEP(f, a, b, c, d, e, r, k, s)                                                \
    do {                                                                               \
        a += f(b, c, d) + x[r] + (k);                                                  \
        a = ROL(a, s) + e;                                                             \
        c = ROL(c, 10);                                                                \
    } while (0)

/* cb_rmd160_generic_blocks runs the compression function over nblocks 64-byte blocks. */
void cb_rmd160_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *st = state;
    uint32_t h0 = st[0], h1 = st[1], h2 = st[2], h3 = st[3], h4 = st[4];

    for (; nblocks; nblocks--, in += 64) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = LOAD32_LE(in + 4 * i);
        uint32_t al = h0, bl = h1, cl = h2, dl = h3, el = h4;
        uint32_t ar = h0, br = h1, cr = h2, dr = h3, er = h4;

        /* left line, round 1 */
        STEP(F1, al, bl, cl, dl, el, 0, 0, 11);
        STEP(F1, el, al, bl, cl, dl, 1, 0, 14);
        STEP(F1, dl, el, al, bl, cl, 2, 0, 15);
        STEP(F1, cl, dl, el, al, bl, 3, 0, 12);
        STEP(F1, bl, cl, dl, el, al, 4, 0, 5);
        STEP(F1, al, bl, cl, dl, el, 5, 0, 8);
        STEP(F1, el, al, bl, cl, dl, 6, 0, 7);
        STEP(F1, dl, el, al, bl, cl, 7, 0, 9);
        STEP(F1, cl, dl, el, al, bl, 8, 0, 11);
        STEP(F1, bl, cl, dl, el, al, 9, 0, 13);
        STEP(F1, al, bl, cl, dl, el, 10, 0, 14);
        STEP(F1, el, al, bl, cl, dl, 11, 0, 15);
        STEP(F1, dl, el, al, bl, cl, 12, 0, 6);
        STEP(F1, cl, dl, el, al, bl, 13, 0, 7);
        STEP(F1, bl, cl, dl, el, al, 14, 0, 9);
        STEP(F1, al, bl, cl, dl, el, 15, 0, 8);
        /* left line, round 2 */
        STEP(F2, el, al, bl, cl, dl, 7, KL2, 7);
        STEP(F2, dl, el, al, bl, cl, 4, KL2, 6);
        STEP(F2, cl, dl, el, al, bl, 13, KL2, 8);
        STEP(F2, bl, cl, dl, el, al, 1, KL2, 13);
        STEP(F2, al, bl, cl, dl, el, 10, KL2, 11);
        STEP(F2, el, al, bl, cl, dl, 6, KL2, 9);
        STEP(F2, dl, el, al, bl, cl, 15, KL2, 7);
        STEP(F2, cl, dl, el, al, bl, 3, KL2, 15);
        STEP(F2, bl, cl, dl, el, al, 12, KL2, 7);
        STEP(F2, al, bl, cl, dl, el, 0, KL2, 12);
        STEP(F2, el, al, bl, cl, dl, 9, KL2, 15);
        STEP(F2, dl, el, al, bl, cl, 5, KL2, 9);
        STEP(F2, cl, dl, el, al, bl, 2, KL2, 11);
        STEP(F2, bl, cl, dl, el, al, 14, KL2, 7);
        STEP(F2, al, bl, cl, dl, el, 11, KL2, 13);
        STEP(F2, el, al, bl, cl, dl, 8, KL2, 12);
        /* left line, round 3 */
        STEP(F3, dl, el, al, bl, cl, 3, KL3, 11);
        STEP(F3, cl, dl, el, al, bl, 10, KL3, 13);
        STEP(F3, bl, cl, dl, el, al, 14, KL3, 6);
        STEP(F3, al, bl, cl, dl, el, 4, KL3, 7);
        STEP(F3, el, al, bl, cl, dl, 9, KL3, 14);
        STEP(F3, dl, el, al, bl, cl, 15, KL3, 9);
        STEP(F3, cl, dl, el, al, bl, 8, KL3, 13);
        STEP(F3, bl, cl, dl, el, al, 1, KL3, 15);
        STEP(F3, al, bl, cl, dl, el, 2, KL3, 14);
        STEP(F3, el, al, bl, cl, dl, 7, KL3, 8);
        STEP(F3, dl, el, al, bl, cl, 0, KL3, 13);
        STEP(F3, cl, dl, el, al, bl, 6, KL3, 6);
        STEP(F3, bl, cl, dl, el, al, 13, KL3, 5);
        STEP(F3, al, bl, cl, dl, el, 11, KL3, 12);
        STEP(F3, el, al, bl, cl, dl, 5, KL3, 7);
        STEP(F3, dl, el, al, bl, cl, 12, KL3, 5);
        /* left line, round 4 */
        STEP(F4, cl, dl, el, al, bl, 1, KL4, 11);
        STEP(F4, bl, cl, dl, el, al, 9, KL4, 12);
        STEP(F4, al, bl, cl, dl, el, 11, KL4, 14);
        STEP(F4, el, al, bl, cl, dl, 10, KL4, 15);
        STEP(F4, dl, el, al, bl, cl, 0, KL4, 14);
        STEP(F4, cl, dl, el, al, bl, 8, KL4, 15);
        STEP(F4, bl, cl, dl, el, al, 12, KL4, 9);
        STEP(F4, al, bl, cl, dl, el, 4, KL4, 8);
        STEP(F4, el, al, bl, cl, dl, 13, KL4, 9);
        STEP(F4, dl, el, al, bl, cl, 3, KL4, 14);
        STEP(F4, cl, dl, el, al, bl, 7, KL4, 5);
        STEP(F4, bl, cl, dl, el, al, 15, KL4, 6);
        STEP(F4, al, bl, cl, dl, el, 14, KL4, 8);
        STEP(F4, el, al, bl, cl, dl, 5, KL4, 6);
        STEP(F4, dl, el, al, bl, cl, 6, KL4, 5);
        STEP(F4, cl, dl, el, al, bl, 2, KL4, 12);
        /* left line, round 5 */
        STEP(F5, bl, cl, dl, el, al, 4, KL5, 9);
        STEP(F5, al, bl, cl, dl, el, 0, KL5, 15);
        STEP(F5, el, al, bl, cl, dl, 5, KL5, 5);
        STEP(F5, dl, el, al, bl, cl, 9, KL5, 11);
        STEP(F5, cl, dl, el, al, bl, 7, KL5, 6);
        STEP(F5, bl, cl, dl, el, al, 12, KL5, 8);
        STEP(F5, al, bl, cl, dl, el, 2, KL5, 13);
        STEP(F5, el, al, bl, cl, dl, 10, KL5, 12);
        STEP(F5, dl, el, al, bl, cl, 14, KL5, 5);
        STEP(F5, cl, dl, el, al, bl, 1, KL5, 12);
        STEP(F5, bl, cl, dl, el, al, 3, KL5, 13);
        STEP(F5, al, bl, cl, dl, el, 8, KL5, 14);
        STEP(F5, el, al, bl, cl, dl, 11, KL5, 11);
        STEP(F5, dl, el, al, bl, cl, 6, KL5, 8);
        STEP(F5, cl, dl, el, al, bl, 15, KL5, 5);
        STEP(F5, bl, cl, dl, el, al, 13, KL5, 6);
        /* right line, round 1 */
        STEP(F5, ar, br, cr, dr, er, 5, KR1, 8);
        STEP(F5, er, ar, br, cr, dr, 14, KR1, 9);
        STEP(F5, dr, er, ar, br, cr, 7, KR1, 9);
        STEP(F5, cr, dr, er, ar, br, 0, KR1, 11);
        STEP(F5, br, cr, dr, er, ar, 9, KR1, 13);
        STEP(F5, ar, br, cr, dr, er, 2, KR1, 15);
        STEP(F5, er, ar, br, cr, dr, 11, KR1, 15);
        STEP(F5, dr, er, ar, br, cr, 4, KR1, 5);
        STEP(F5, cr, dr, er, ar, br, 13, KR1, 7);
        STEP(F5, br, cr, dr, er, ar, 6, KR1, 7);
        STEP(F5, ar, br, cr, dr, er, 15, KR1, 8);
        STEP(F5, er, ar, br, cr, dr, 8, KR1, 11);
        STEP(F5, dr, er, ar, br, cr, 1, KR1, 14);
        STEP(F5, cr, dr, er, ar, br, 10, KR1, 14);
        STEP(F5, br, cr, dr, er, ar, 3, KR1, 12);
        STEP(F5, ar, br, cr, dr, er, 12, KR1, 6);
        /* right line, round 2 */
        STEP(F4, er, ar, br, cr, dr, 6, KR2, 9);
        STEP(F4, dr, er, ar, br, cr, 11, KR2, 13);
        STEP(F4, cr, dr, er, ar, br, 3, KR2, 15);
        STEP(F4, br, cr, dr, er, ar, 7, KR2, 7);
        STEP(F4, ar, br, cr, dr, er, 0, KR2, 12);
        STEP(F4, er, ar, br, cr, dr, 13, KR2, 8);
        STEP(F4, dr, er, ar, br, cr, 5, KR2, 9);
        STEP(F4, cr, dr, er, ar, br, 10, KR2, 11);
        STEP(F4, br, cr, dr, er, ar, 14, KR2, 7);
        STEP(F4, ar, br, cr, dr, er, 15, KR2, 7);
        STEP(F4, er, ar, br, cr, dr, 8, KR2, 12);
        STEP(F4, dr, er, ar, br, cr, 12, KR2, 7);
        STEP(F4, cr, dr, er, ar, br, 4, KR2, 6);
        STEP(F4, br, cr, dr, er, ar, 9, KR2, 15);
        STEP(F4, ar, br, cr, dr, er, 1, KR2, 13);
        STEP(F4, er, ar, br, cr, dr, 2, KR2, 11);
        /* right line, round 3 */
        STEP(F3, dr, er, ar, br, cr, 15, KR3, 9);
        STEP(F3, cr, dr, er, ar, br, 5, KR3, 7);
        STEP(F3, br, cr, dr, er, ar, 1, KR3, 15);
        STEP(F3, ar, br, cr, dr, er, 3, KR3, 11);
        STEP(F3, er, ar, br, cr, dr, 7, KR3, 8);
        STEP(F3, dr, er, ar, br, cr, 14, KR3, 6);
        STEP(F3, cr, dr, er, ar, br, 6, KR3, 6);
        STEP(F3, br, cr, dr, er, ar, 9, KR3, 14);
        STEP(F3, ar, br, cr, dr, er, 11, KR3, 12);
        STEP(F3, er, ar, br, cr, dr, 8, KR3, 13);
        STEP(F3, dr, er, ar, br, cr, 12, KR3, 5);
        STEP(F3, cr, dr, er, ar, br, 2, KR3, 14);
        STEP(F3, br, cr, dr, er, ar, 10, KR3, 13);
        STEP(F3, ar, br, cr, dr, er, 0, KR3, 13);
        STEP(F3, er, ar, br, cr, dr, 4, KR3, 7);
        STEP(F3, dr, er, ar, br, cr, 13, KR3, 5);
        /* right line, round 4 */
        STEP(F2, cr, dr, er, ar, br, 8, KR4, 15);
        STEP(F2, br, cr, dr, er, ar, 6, KR4, 5);
        STEP(F2, ar, br, cr, dr, er, 4, KR4, 8);
        STEP(F2, er, ar, br, cr, dr, 1, KR4, 11);
        STEP(F2, dr, er, ar, br, cr, 3, KR4, 14);
        STEP(F2, cr, dr, er, ar, br, 11, KR4, 14);
        STEP(F2, br, cr, dr, er, ar, 15, KR4, 6);
        STEP(F2, ar, br, cr, dr, er, 0, KR4, 14);
        STEP(F2, er, ar, br, cr, dr, 5, KR4, 6);
        STEP(F2, dr, er, ar, br, cr, 12, KR4, 9);
        STEP(F2, cr, dr, er, ar, br, 2, KR4, 12);
        STEP(F2, br, cr, dr, er, ar, 13, KR4, 9);
        STEP(F2, ar, br, cr, dr, er, 9, KR4, 12);
        STEP(F2, er, ar, br, cr, dr, 7, KR4, 5);
        STEP(F2, dr, er, ar, br, cr, 10, KR4, 15);
        STEP(F2, cr, dr, er, ar, br, 14, KR4, 8);
        /* right line, round 5 */
        STEP(F1, br, cr, dr, er, ar, 12, 0, 8);
        STEP(F1, ar, br, cr, dr, er, 15, 0, 5);
        STEP(F1, er, ar, br, cr, dr, 10, 0, 12);
        STEP(F1, dr, er, ar, br, cr, 4, 0, 9);
        STEP(F1, cr, dr, er, ar, br, 1, 0, 12);
        STEP(F1, br, cr, dr, er, ar, 5, 0, 5);
        STEP(F1, ar, br, cr, dr, er, 8, 0, 14);
        STEP(F1, er, ar, br, cr, dr, 7, 0, 6);
        STEP(F1, dr, er, ar, br, cr, 6, 0, 8);
        STEP(F1, cr, dr, er, ar, br, 2, 0, 13);
        STEP(F1, br, cr, dr, er, ar, 13, 0, 6);
        STEP(F1, ar, br, cr, dr, er, 14, 0, 5);
        STEP(F1, er, ar, br, cr, dr, 0, 0, 15);
        STEP(F1, dr, er, ar, br, cr, 3, 0, 13);
        STEP(F1, cr, dr, er, ar, br, 9, 0, 11);
        STEP(F1, br, cr, dr, er, ar, 11, 0, 11);

        /* After 80 steps the names are back in place; the specification's final
         * combination of the two lines with the old chaining value. */
        uint32_t t = h1 + cl + dr;
        h1 = h2 + dl + er;
        h2 = h3 + el + ar;
        h3 = h4 + al + br;
        h4 = h0 + bl + cr;
        h0 = t;
    }
    st[0] = h0;
    st[1] = h1;
    st[2] = h2;
    st[3] = h3;
    st[4] = h4;
}

const cb_digest_ops cb_rmd160_generic_ops = {cb_rmd160_generic_blocks, NULL};
