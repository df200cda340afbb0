/*
 * kernels/generic/sha3.c - Keccak-f[1600] and the SHA-3 absorb step in portable C (FIPS 202).
 *
 * One round is theta, rho, pi, chi and iota (section 3.2).  keccak_round() computes them
 * from one array of lanes into another, so 24 rounds ping-pong between two arrays
 * and no step needs a copy: theta's column parities first, then each output row
 * gathers its five lanes through pi, applying theta's D and rho's rotation on the
 * way in, and chi combines them.  Every lane index and rotation count is a
 * constant (theta is written out, not looped: as a loop gcc kept its % 5 as
 * multiplications, 20% slower on x86-64), so every rotation is one instruction
 * where the ISA has one; the two arrays are restrict, so each round loads every
 * lane once and stores it once, in whatever order suits the scheduler.
 *
 * Lanes are loaded little-endian byte by byte (section 2.1: the first byte of a
 * lane is its least significant), which is right on big-endian ppc64 too; compilers
 * turn the pattern into one load (plus a byte reverse on big-endian).
 */
#include "kernels/generic/generic.h"
#include "kernels/generic/sponge.h"

/* ROL64 rotates left by n, 0 <= n < 64, without a shift by 64 when n is 0. */
#define ROL64(x, n) (((x) << (n)) | ((x) >> ((64 - (n)) & 63)))

/* LOAD64_LE reads a lane from the message (FIPS 202 section 2.1, B.1). */
#define LOAD64_LE(p) ((uint64_t)(p)[0] | (uint64_t)(p)[1] << 8 | (uint64_t)(p)[2] << 16 | \
                      (uint64_t)(p)[3] << 24 | (uint64_t)(p)[4] << 32 |                  \
                      (uint64_t)(p)[5] << 40 | (uint64_t)(p)[6] << 48 |                  \
                      (uint64_t)(p)[7] << 56)

/*
 * rho_offset[x + 5y] is the rotation of lane (x, y): (t + 1)(t + 2) / 2 mod 64 for
 * the step t at which FIPS 202 Algorithm 2 reaches (x, y) (Table 2).
 */
static const unsigned rho_offset[25] = {
    0,  1,  62, 28, 27, /* y = 0 */
    36, 44, 6,  55, 20, /* y = 1 */
    3,  10, 43, 25, 39, /* y = 2 */
    41, 45, 15, 21, 8,  /* y = 3 */
    18, 2,  61, 56, 14, /* y = 4 */
};

/* round_constant[i] is RC of round i, the bits rc(j + 7i) at positions 2^j - 1
 * (FIPS 202 Algorithms 5 and 6). */
static const uint64_t round_constant[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

/*
 * PI_SRC(X, Y) is the lane pi moves to (X, Y): A'[X, Y] = A[(X + 3Y) mod 5, X]
 * (section 3.2.3).  GATHER(X, Y) is that lane after theta (its column's d) and rho.
 */
#define PI_SRC(X, Y) (((X) + 3 * (Y)) % 5 + 5 * (X))
#define GATHER(X, Y) \
    ROL64(in[PI_SRC(X, Y)] ^ d[((X) + 3 * (Y)) % 5], rho_offset[PI_SRC(X, Y)])

/* COLUMN(X) is the parity of column X of in. */
#define COLUMN(X) (in[X] ^ in[(X) + 5] ^ in[(X) + 10] ^ in[(X) + 15] ^ in[(X) + 20])

/* CHI_ROW writes output row Y: A[x] ^= ~A[x + 1] & A[x + 2] (section 3.2.4). */
#define CHI_ROW(Y)                                                                       \
    do {                                                                                 \
        uint64_t b0 = GATHER(0, Y), b1 = GATHER(1, Y), b2 = GATHER(2, Y);                \
        uint64_t b3 = GATHER(3, Y), b4 = GATHER(4, Y);                                   \
        out[5 * (Y) + 0] = b0 ^ (~b1 & b2);                                              \
        out[5 * (Y) + 1] = b1 ^ (~b2 & b3);                                              \
        out[5 * (Y) + 2] = b2 ^ (~b3 & b4);                                              \
        out[5 * (Y) + 3] = b3 ^ (~b4 & b0);                                              \
        out[5 * (Y) + 4] = b4 ^ (~b0 & b1);                                              \
    } while (0)

/* keccak_round applies one round Rnd(A, ir) of section 3.3 to in, writing out. */
static inline void keccak_round(const uint64_t *restrict in, uint64_t *restrict out,
                                uint64_t rc)
{
    uint64_t c[5], d[5];
    /* theta (section 3.2.1): the parity of each column, then what each column gets;
     * written out rather than looped, so c and d live in registers */
    c[0] = COLUMN(0), c[1] = COLUMN(1), c[2] = COLUMN(2), c[3] = COLUMN(3), c[4] = COLUMN(4);
    d[0] = c[4] ^ ROL64(c[1], 1);
    d[1] = c[0] ^ ROL64(c[2], 1);
    d[2] = c[1] ^ ROL64(c[3], 1);
    d[3] = c[2] ^ ROL64(c[4], 1);
    d[4] = c[3] ^ ROL64(c[0], 1);
    CHI_ROW(0);
    CHI_ROW(1);
    CHI_ROW(2);
    CHI_ROW(3);
    CHI_ROW(4);
    out[0] ^= rc; /* iota (section 3.2.5) */
}

/* cb_keccak_f1600 is Keccak-p[1600, 24] (section 3.4), in place on lanes; the
 * SHAKE/SHA-3 sponge in sponge.c shares it. */
void cb_keccak_f1600(uint64_t lanes[25])
{
    uint64_t other[25];
    for (int i = 0; i < 24; i += 2) {
        keccak_round(lanes, other, round_constant[i]);
        keccak_round(other, lanes, round_constant[i + 1]);
    }
}

/* sha3_generic_blocks absorbs nblocks blocks of s->rate bytes (section 4, step 6). */
static void sha3_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    cb_keccak_state *s = state;
    size_t lanes = (size_t)s->rate / 8;
    for (; nblocks; nblocks--, in += s->rate) {
        for (size_t i = 0; i < lanes; i++)
            s->lanes[i] ^= LOAD64_LE(in + 8 * i);
        cb_keccak_f1600(s->lanes);
    }
}

const cb_digest_ops cb_sha3_generic_ops = {sha3_generic_blocks, NULL};
