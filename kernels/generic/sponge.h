/*
 * kernels/generic/sponge.h - an incremental Keccak sponge: SHAKE128, SHAKE256,
 * SHA3-256 and SHA3-512 (FIPS 202 sections 4, 6.1 and 6.2) over the portable
 * Keccak-f[1600] of kernels/generic/sha3.c, for the post-quantum kernels
 * (ML-KEM, FIPS 203; ML-DSA, FIPS 204).
 *
 * API:
 *   cb_sponge s;
 *   cb_shake128_init(&s);               (or cb_shake256_init)
 *   cb_sponge_absorb(&s, in, len);      any number of times, any lengths
 *   cb_sponge_finalize(&s);             pads (SHAKE's 1111 suffix, pad10*1)
 *   cb_sponge_squeeze(&s, out, len);    any number of times, any lengths
 *   cb_sponge_wipe(&s);                 clears the state (it may hold secrets)
 * cb_shake128_absorb/finalize/squeeze and cb_shake256_* are the same functions
 * under the names the ML-DSA and ML-KEM code reads best with.  One-shot helpers:
 *   cb_shake256(out, outlen, in, inlen), cb_sha3_256(out, in, len) (32 bytes),
 *   cb_sha3_512(out, in, len) (64 bytes).
 * The state is a plain struct the caller owns (no allocation); absorbing after
 * finalize, or squeezing before it, is a caller bug and is not checked.
 */
#ifndef CB_SPONGE_H
#define CB_SPONGE_H

#include <stddef.h>
#include <stdint.h>

/* cb_keccak_f1600 is Keccak-p[1600, 24] on lanes[x + 5y] (kernels/generic/sha3.c). */
void cb_keccak_f1600(uint64_t lanes[25]);

/* CB_SHAKE128_RATE, CB_SHAKE256_RATE: the block sizes in bytes (r / 8). */
#define CB_SHAKE128_RATE 168
#define CB_SHAKE256_RATE 136

/* cb_sponge: the lanes, the rate in bytes, the byte position within the current
 * block (absorbing: bytes absorbed; squeezing: bytes already output) and the
 * domain-separation suffix byte with its first padding bit (0x1f SHAKE, 0x06 SHA-3). */
typedef struct cb_sponge {
    uint64_t lanes[25];
    unsigned rate, pos;
    uint8_t suffix;
} cb_sponge;

void cb_sponge_init(cb_sponge *s, unsigned rate, uint8_t suffix);
void cb_sponge_absorb(cb_sponge *s, const uint8_t *in, size_t len);
void cb_sponge_finalize(cb_sponge *s);
void cb_sponge_squeeze(cb_sponge *s, uint8_t *out, size_t len);
void cb_sponge_wipe(cb_sponge *s);

static inline void cb_shake128_init(cb_sponge *s) { cb_sponge_init(s, CB_SHAKE128_RATE, 0x1f); }
static inline void cb_shake256_init(cb_sponge *s) { cb_sponge_init(s, CB_SHAKE256_RATE, 0x1f); }
#define cb_shake128_absorb cb_sponge_absorb
#define cb_shake128_finalize cb_sponge_finalize
#define cb_shake128_squeeze cb_sponge_squeeze
#define cb_shake256_absorb cb_sponge_absorb
#define cb_shake256_finalize cb_sponge_finalize
#define cb_shake256_squeeze cb_sponge_squeeze

void cb_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void cb_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void cb_sha3_512(uint8_t out[64], const uint8_t *in, size_t len);

#endif
