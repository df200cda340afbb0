/*
 * kernels/generic/sponge.c - the incremental sponge of sponge.h (FIPS 202 section 4).
 *
 * Bytes go into and come out of the lanes little-endian (section 2.1: byte i of
 * a lane holds its bits 8i..8i+7), one byte at a time except for whole aligned
 * lanes, which move as one word; that keeps the code the same on big-endian
 * ppc64, where the word path assembles the lane explicitly.
 */
#include "kernels/generic/sponge.h"

#include "kernels/kernel.h"

void cb_sponge_init(cb_sponge *s, unsigned rate, uint8_t suffix)
{
    for (int i = 0; i < 25; i++)
        s->lanes[i] = 0;
    s->rate = rate;
    s->pos = 0;
    s->suffix = suffix;
}

static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static inline void store_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

void cb_sponge_absorb(cb_sponge *s, const uint8_t *in, size_t len)
{
    while (len) {
        if (s->pos % 8 == 0 && len >= 8) {
            /* whole lanes up to the end of the block */
            while (len >= 8 && s->pos < s->rate) {
                s->lanes[s->pos / 8] ^= load_le64(in);
                s->pos += 8, in += 8, len -= 8;
            }
        } else {
            s->lanes[s->pos / 8] ^= (uint64_t)*in << 8 * (s->pos % 8);
            s->pos++, in++, len--;
        }
        if (s->pos == s->rate) {
            cb_keccak_f1600(s->lanes);
            s->pos = 0;
        }
    }
}

/* finalize appends the suffix bits and pad10*1 (sections 5.1 and 6), permutes,
 * and leaves the state ready to squeeze from byte 0 of the first output block. */
void cb_sponge_finalize(cb_sponge *s)
{
    s->lanes[s->pos / 8] ^= (uint64_t)s->suffix << 8 * (s->pos % 8);
    s->lanes[(s->rate - 1) / 8] ^= (uint64_t)0x80 << 8 * ((s->rate - 1) % 8);
    cb_keccak_f1600(s->lanes);
    s->pos = 0;
}

void cb_sponge_squeeze(cb_sponge *s, uint8_t *out, size_t len)
{
    while (len) {
        if (s->pos == s->rate) {
            cb_keccak_f1600(s->lanes);
            s->pos = 0;
        }
        if (s->pos % 8 == 0 && len >= 8) {
            while (len >= 8 && s->pos < s->rate) {
                store_le64(out, s->lanes[s->pos / 8]);
                s->pos += 8, out += 8, len -= 8;
            }
        } else {
            *out = (uint8_t)(s->lanes[s->pos / 8] >> 8 * (s->pos % 8));
            s->pos++, out++, len--;
        }
    }
}

void cb_sponge_wipe(cb_sponge *s) { cb_wipe(s, sizeof *s); }

/* one_shot: absorb in, pad, squeeze outlen bytes, wipe. */
static void one_shot(unsigned rate, uint8_t suffix, uint8_t *out, size_t outlen,
                     const uint8_t *in, size_t inlen)
{
    cb_sponge s;
    cb_sponge_init(&s, rate, suffix);
    cb_sponge_absorb(&s, in, inlen);
    cb_sponge_finalize(&s);
    cb_sponge_squeeze(&s, out, outlen);
    cb_sponge_wipe(&s);
}

void cb_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    one_shot(CB_SHAKE256_RATE, 0x1f, out, outlen, in, inlen);
}

/* SHA3-256 and SHA3-512: capacity twice the digest, rates 136 and 72 (section 6.1). */
void cb_sha3_256(uint8_t out[32], const uint8_t *in, size_t len)
{
    one_shot(136, 0x06, out, 32, in, len);
}

void cb_sha3_512(uint8_t out[64], const uint8_t *in, size_t len)
{
    one_shot(72, 0x06, out, 64, in, len);
}
