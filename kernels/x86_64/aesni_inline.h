/*
 * kernels/x86_64/aesni_inline.h - one-block AES-NI helpers shared by the AES-NI
 * sources.  Include after `#pragma GCC target("aes,sse4.1")` (or a superset): the
 * helpers are inlined into kernels compiled for those instructions.
 */
#ifndef CB_AESNI_INLINE_H
#define CB_AESNI_INLINE_H

#include <immintrin.h>

#include "kernels/x86_64/x86_64.h"

/* aes_aesni_set_encrypt_key expands a 128-, 192- or 256-bit key into a cb_aesni_key;
 * -1 for any other size (kernels/x86_64/aesni_key.c). */
int aes_aesni_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_aesni_set_decrypt_key expands a key into the inverse cipher's schedule. */
int aes_aesni_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_aesni_cbc_encrypt is the serial CBC encryption every AES-NI variant shares. */
void aes_aesni_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                           size_t nblocks);

/* aesni_rk returns round key r of k. */
static inline __m128i aesni_rk(const cb_aesni_key *k, unsigned r)
{
    return _mm_load_si128((const __m128i *)k->rk[r]);
}

/* aesni_encrypt_rounds runs rounds 1..Nr on a block already XORed with round key 0. */
static inline __m128i aesni_encrypt_rounds(const cb_aesni_key *k, __m128i x)
{
    for (unsigned r = 1; r < k->rounds; r++)
        x = _mm_aesenc_si128(x, aesni_rk(k, r));
    return _mm_aesenclast_si128(x, aesni_rk(k, k->rounds));
}

/* aesni_encrypt1 encrypts one block with an encryption schedule. */
static inline __m128i aesni_encrypt1(const cb_aesni_key *k, __m128i x)
{
    return aesni_encrypt_rounds(k, _mm_xor_si128(x, aesni_rk(k, 0)));
}

/* aesni_decrypt1 decrypts one block with a decryption schedule. */
static inline __m128i aesni_decrypt1(const cb_aesni_key *k, __m128i x)
{
    x = _mm_xor_si128(x, aesni_rk(k, 0));
    for (unsigned r = 1; r < k->rounds; r++)
        x = _mm_aesdec_si128(x, aesni_rk(k, r));
    return _mm_aesdeclast_si128(x, aesni_rk(k, k->rounds));
}

/* aesni_loadu loads one unaligned 16-byte block. */
static inline __m128i aesni_loadu(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/* aesni_storeu stores one unaligned 16-byte block. */
static inline void aesni_storeu(uint8_t *p, __m128i x)
{
    _mm_storeu_si128((__m128i *)p, x);
}

/* aesni_ctr_block returns the counter block ctr with its last 32 bits (big-endian)
 * replaced by n: the one block of CTR input that changes from block to block. */
static inline __m128i aesni_ctr_block(__m128i ctr, uint32_t n)
{
    return _mm_insert_epi32(ctr, (int)__builtin_bswap32(n), 3);
}

/* aesni_ctr_store writes counter n back into the last 32 bits of ctr. */
static inline void aesni_ctr_store(uint8_t ctr[16], uint32_t n)
{
    ctr[12] = (uint8_t)(n >> 24);
    ctr[13] = (uint8_t)(n >> 16);
    ctr[14] = (uint8_t)(n >> 8);
    ctr[15] = (uint8_t)n;
}

/* aesni_ctr_start reads the 32-bit big-endian counter at the end of ctr. */
static inline uint32_t aesni_ctr_start(const uint8_t ctr[16])
{
    return (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 |
           ctr[15];
}

/*
 * Lane macros: a kernel that keeps N blocks b[0..N-1] in flight writes each step once
 * as a statement about lane j and expands it with AESNI_EACH<N>; the constant
 * indices let the compiler keep every lane in a register (a loop over j would
 * leave b[] in memory).  key, in and out are the caller's variables.
 */
#define AESNI_EACH1(S) S(0)
#define AESNI_EACH4(S) S(0) S(1) S(2) S(3)
#define AESNI_EACH8(S) S(0) S(1) S(2) S(3) S(4) S(5) S(6) S(7)

#define LANE_XOR(j) b[j] = _mm_xor_si128(b[j], key);
#define LANE_ENC(j) b[j] = _mm_aesenc_si128(b[j], key);
#define LANE_ENCLAST(j) b[j] = _mm_aesenclast_si128(b[j], key);
#define LANE_DEC(j) b[j] = _mm_aesdec_si128(b[j], key);
#define LANE_DECLAST(j) b[j] = _mm_aesdeclast_si128(b[j], key);
#define LANE_LOAD(j) b[j] = aesni_loadu(in + 16 * (j));
#define LANE_STORE(j) aesni_storeu(out + 16 * (j), b[j]);
#define LANE_XOR_IN(j) b[j] = _mm_xor_si128(b[j], aesni_loadu(in + 16 * (j)));
#define LANE_CTR(j) b[j] = aesni_ctr_block(base, n + (j));

/*
 * AES_DEFINE_LANES defines name(k, b): the cipher (ROUND, LAST = the ENC and ENCLAST
 * lane macros) or the inverse cipher (DEC, DECLAST) on the lanes EACH of b, whose
 * elements have type `type` (__m128i here, wider vectors in vaes_modes.h); KEY(p)
 * loads the round key at p into that type and XOR is the lane macro that adds it.
 */
#define AES_DEFINE_LANES(name, type, KEY, EACH, XOR, ROUND, LAST)                          \
    static inline __attribute__((always_inline)) void name(const cb_aesni_key *k, type *b) \
    {                                                                                      \
        type key = KEY(k->rk[0]);                                                          \
        EACH(XOR)                                                                          \
        for (unsigned r = 1; r < k->rounds; r++) {                                         \
            key = KEY(k->rk[r]);                                                           \
            EACH(ROUND)                                                                    \
        }                                                                                  \
        key = KEY(k->rk[k->rounds]);                                                       \
        EACH(LAST)                                                                         \
    }

#define AESNI_KEY(p) _mm_load_si128((const __m128i *)(p))
#define AESNI_DEFINE_LANES(name, EACH, ROUND, LAST)                                        \
    AES_DEFINE_LANES(name, __m128i, AESNI_KEY, EACH, LANE_XOR, ROUND, LAST)

#endif
