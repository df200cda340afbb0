/*
 * kernels/generic/whirlpool.c - the Whirlpool compression function in portable C
 * (ISO/IEC 10118-3:2004 section 10; Barreto and Rijmen, "The WHIRLPOOL Hashing
 * Function", the 2003 revision, version 3).
 *
 * The state is eight rows of eight bytes, each row a 64-bit word with its first byte
 * (column 0) most significant.  One round of the block cipher W is gamma (the S-box on
 * every byte), pi (column j moved down j rows), theta (each row times the circulant
 * matrix cir(1, 1, 4, 1, 8, 5, 2, 9) over GF(2^8) with x^8 + x^4 + x^3 + x^2 + 1) and
 * sigma (the round key added).  The first three are done together by eight tables:
 * wp_t[k][x] is the row that byte x in column k contributes after gamma and theta, so
 * a new row is eight lookups XORed, the byte in column k taken from the row k above.
 * The tables (16 KiB) and the round constants are computed once at program start from
 * the specification's definitions: the S-box from its mini-boxes E, E^-1 and R
 * (section 7 of the Whirlpool specification), the rows from the matrix.
 */
#include "kernels/generic/generic.h"

#define WP_ROUNDS 10

static uint64_t wp_t[8][256];
static uint64_t wp_rc[WP_ROUNDS + 1]; /* wp_rc[r]: row 0 of c^r; its other rows are 0 */

/* The mini-boxes of the S-box construction, as the specification tabulates them. */
static const uint8_t mini_e[16] = {0x1, 0xb, 0x9, 0xc, 0xd, 0x6, 0xf, 0x3,
                                   0xe, 0x8, 0x7, 0x4, 0xa, 0x2, 0x5, 0x0};
static const uint8_t mini_r[16] = {0x7, 0xc, 0xb, 0xd, 0xe, 0x4, 0x9, 0xf,
                                   0x6, 0x3, 0x8, 0xa, 0x2, 0x5, 0x1, 0x0};

/* sbox_entry computes S[u] from the mini-boxes: the high nibble through
 * E, the low through E^-1, both mixed through R, then E and E^-1 again. */
static uint8_t sbox_entry(uint8_t u)
{
    uint8_t e_inv[16];
    for (unsigned i = 0; i < 16; i++)
        e_inv[mini_e[i]] = (uint8_t)i;
    uint8_t hi = mini_e[u >> 4], lo = e_inv[u & 15];
    uint8_t r = mini_r[hi ^ lo];
    return (uint8_t)(mini_e[hi ^ r] << 4 | e_inv[lo ^ r]);
}

/* gf_mul multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11d). */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    unsigned p = 0, x = a;
    for (; b; b >>= 1) {
        if (b & 1)
            p ^= x;
        x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
    }
    return (uint8_t)p;
}

/* whirlpool_tables builds wp_t and wp_rc before main runs (so before any thread). */
__attribute__((constructor)) static void whirlpool_tables(void)
{
    static const uint8_t cir[8] = {1, 1, 4, 1, 8, 5, 2, 9};
    uint8_t sbox[256];
    for (unsigned x = 0; x < 256; x++)
        sbox[x] = sbox_entry((uint8_t)x);
    for (unsigned x = 0; x < 256; x++)
        for (unsigned k = 0; k < 8; k++) {
            uint64_t row = 0;
            /* column j of row k of the matrix is cir[(j - k) mod 8] */
            for (unsigned j = 0; j < 8; j++)
                row = row << 8 | gf_mul(sbox[x], cir[(j - k) & 7]);
            wp_t[k][x] = row;
        }
    /* c^r[0][j] = S[8(r - 1) + j] (section 10.3 of ISO/IEC 10118-3) */
    for (unsigned r = 1; r <= WP_ROUNDS; r++) {
        uint64_t row = 0;
        for (unsigned j = 0; j < 8; j++)
            row = row << 8 | sbox[8 * (r - 1) + j];
        wp_rc[r] = row;
    }
}

static uint64_t load64_be(const uint8_t *p)
{
    return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
           (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
           (uint64_t)p[6] << 8 | (uint64_t)p[7];
}

/* BYTE(w, k) is column k of row w. */
#define BYTE(w, k) ((unsigned)((w) >> (56 - 8 * (k))) & 0xff)
/* ROW(a, i) is row i after gamma, pi and theta of the state a[0..7]. */
#define ROW(a, i)                                                                      \
    (wp_t[0][BYTE(a[(i) & 7], 0)] ^ wp_t[1][BYTE(a[((i) - 1) & 7], 1)] ^               \
     wp_t[2][BYTE(a[((i) - 2) & 7], 2)] ^ wp_t[3][BYTE(a[((i) - 3) & 7], 3)] ^         \
     wp_t[4][BYTE(a[((i) - 4) & 7], 4)] ^ wp_t[5][BYTE(a[((i) - 5) & 7], 5)] ^         \
     wp_t[6][BYTE(a[((i) - 6) & 7], 6)] ^ wp_t[7][BYTE(a[((i) - 7) & 7], 7)])
/* RHO(out, a, key0..) is out = sigma[key](theta(pi(gamma(a)))), all eight rows. */
#define RHO(out, a, key)                                                               \
    do {                                                                               \
        out[0] = ROW(a, 0) ^ key[0];                                                   \
        out[1] = ROW(a, 1) ^ key[1];                                                   \
        out[2] = ROW(a, 2) ^ key[2];                                                   \
        out[3] = ROW(a, 3) ^ key[3];                                                   \
        out[4] = ROW(a, 4) ^ key[4];                                                   \
        out[5] = ROW(a, 5) ^ key[5];                                                   \
        out[6] = ROW(a, 6) ^ key[6];                                                   \
        out[7] = ROW(a, 7) ^ key[7];                                                   \
    } while (0)

/* ROUNDS2(k, s, t, u, r) runs rounds r and r + 1 of W: key k and state s to t and u
 * and back, so no round copies its result. */
#define ROUNDS2(k, s, t, u, r)                                                         \
    do {                                                                               \
        RHO(t, k, zero);                                                               \
        t[0] ^= wp_rc[r];                                                              \
        RHO(u, s, t);                                                                  \
        RHO(k, t, zero);                                                               \
        k[0] ^= wp_rc[(r) + 1];                                                        \
        RHO(s, u, k);                                                                  \
    } while (0)

/*
 * cb_whirlpool_generic_blocks runs the compression function over nblocks 64-byte
 * blocks: H := W[H](m) ^ H ^ m (Miyaguchi-Preneel), where W's key schedule is the same
 * round function keyed by the round constants.
 */
void cb_whirlpool_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    static const uint64_t zero[8];
    uint64_t *h = state;

    for (; nblocks; nblocks--, in += 64) {
        uint64_t m[8], k[8], s[8], t[8], u[8];
        for (unsigned i = 0; i < 8; i++) {
            m[i] = load64_be(in + 8 * i);
            k[i] = h[i];
            s[i] = m[i] ^ k[i];
        }
        for (unsigned r = 1; r <= WP_ROUNDS; r += 2)
            ROUNDS2(k, s, t, u, r);
        for (unsigned i = 0; i < 8; i++)
            h[i] ^= s[i] ^ m[i];
    }
}

const cb_digest_ops cb_whirlpool_generic_ops = {cb_whirlpool_generic_blocks, NULL};
