/*
 * kernels/generic/chacha.c - ChaCha20's block function in portable C (RFC 8439
 * 2.3), one 64-byte block at a time: the reference every SIMD variant is checked
 * against, and the "before" column of a NEON, VSX or AVX port.
 *
 * The state is the 4x4 matrix of 32-bit words of RFC 8439 2.3: the constants
 * "expand 32-byte k" (words 0..3), the key (4..11), the block counter (12) and the
 * nonce (13..15).  Twenty rounds alternate column and diagonal quarter rounds
 * (2.1, 2.2); the keystream is the final state plus the initial one (2.3), XORed
 * into the data little-endian (2.4).
 */
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

/* The constants of RFC 8439 2.3: "expa" "nd 3" "2-by" "te k" as little-endian words. */
const uint32_t cb_chacha_sigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};

#define QR(a, b, c, d)                                                                   \
    do {                                                                                 \
        a += b;                                                                          \
        d = cb_rotl32(d ^ a, 16);                                                        \
        c += d;                                                                          \
        b = cb_rotl32(b ^ c, 12);                                                        \
        a += b;                                                                          \
        d = cb_rotl32(d ^ a, 8);                                                         \
        c += d;                                                                          \
        b = cb_rotl32(b ^ c, 7);                                                         \
    } while (0)

void cb_chacha_block(uint32_t out[16], const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t in[16], x[16];
    for (int i = 0; i < 4; i++)
        in[i] = cb_chacha_sigma[i];
    for (int i = 0; i < 8; i++)
        in[4 + i] = key[i];
    for (int i = 0; i < 4; i++)
        in[12 + i] = ctr[i];
    for (int i = 0; i < 16; i++)
        x[i] = in[i];
    for (int r = 0; r < 10; r++) {
        QR(x[0], x[4], x[8], x[12]); /* columns */
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]); /* diagonals */
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++)
        out[i] = x[i] + in[i];
}

/* chacha_generic_blocks: one block function call per 64 bytes. */
static void chacha_generic_blocks(const uint32_t key[8], const uint32_t ctr[4],
                                  const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]}, ks[16];
    for (; nblocks; nblocks--, c[0]++, in += 64, out += 64) {
        cb_chacha_block(ks, key, c);
        for (int i = 0; i < 16; i++)
            cb_store_le32(out + 4 * i, cb_load_le32(in + 4 * i) ^ ks[i]);
    }
    cb_wipe(ks, sizeof ks);
}

#ifdef __SIZEOF_INT128__
#define POLY_GENERIC cb_poly1305_r64_ops
#else
#define POLY_GENERIC cb_poly1305_r26_ops
#endif

const cb_chacha_ops cb_chacha_generic_ops = {chacha_generic_blocks, &POLY_GENERIC};
const cb_chacha_ops cb_chacha_generic_r26_ops = {chacha_generic_blocks, &cb_poly1305_r26_ops};
