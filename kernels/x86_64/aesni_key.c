/*
 * kernels/x86_64/aesni_key.c - AES-NI key expansion and serial CBC encryption, the
 * parts every AES-NI variant shares whatever its interleave factor.
 *
 * Key expansion follows FIPS 197 5.2 word by word for all three key sizes; SubWord
 * comes from AESKEYGENASSIST (its dword 0 is SubWord of source dword 1), the
 * rotation and Rcon are done on the general-purpose side, which keeps one loop for
 * 128-, 192- and 256-bit keys instead of three unrolled immediate-operand sequences.
 * Key setup is outside every timed operation, so its speed does not matter.
 */
#pragma GCC target("aes,sse4.1")

#include <string.h>

#include "kernels/x86_64/aesni_inline.h"

/* sub_word is FIPS 197 SubWord on a little-endian-loaded word. */
static uint32_t sub_word(uint32_t w)
{
    __m128i v = _mm_set_epi32(0, 0, (int)w, 0);
    return (uint32_t)_mm_cvtsi128_si32(_mm_aeskeygenassist_si128(v, 0));
}

/* aes_aesni_set_encrypt_key: FIPS 197 5.2 KeyExpansion, one word at a time. */
int aes_aesni_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    if (bits != 128 && bits != 192 && bits != 256)
        return -1;
    cb_aesni_key *k = ks;
    unsigned nk = bits / 32, nr = nk + 6, total = 4 * (nr + 1);
    uint32_t w[60];
    uint8_t rcon = 1;
    memcpy(w, key, 4 * nk);
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            /* RotWord of a little-endian-loaded word is a right rotation by 8. */
            t = sub_word(t >> 8 | t << 24) ^ rcon;
            rcon = (uint8_t)(rcon << 1 ^ (rcon & 0x80 ? 0x1b : 0));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    memcpy(k->rk, w, 4 * total);
    k->rounds = nr;
    cb_wipe(w, sizeof w);
    return 0;
}

/* aes_aesni_set_decrypt_key: the encryption schedule reversed, the middle round keys
 * through InvMixColumns (AESIMC), as FIPS 197 5.3.5 describes. */
int aes_aesni_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    cb_aesni_key enc;
    cb_aesni_key *k = ks;
    if (aes_aesni_set_encrypt_key(&enc, key, bits) != 0)
        return -1;
    unsigned nr = enc.rounds;
    _mm_store_si128((__m128i *)k->rk[0], aesni_rk(&enc, nr));
    for (unsigned r = 1; r < nr; r++)
        _mm_store_si128((__m128i *)k->rk[r], _mm_aesimc_si128(aesni_rk(&enc, nr - r)));
    _mm_store_si128((__m128i *)k->rk[nr], aesni_rk(&enc, 0));
    k->rounds = nr;
    cb_wipe(&enc, sizeof enc);
    return 0;
}

/* CBC encryption is one long dependency chain (SP 800-38A 6.2): nothing to
 * interleave, so all three variants share this loop.  The plaintext meets round key
 * 0 off the chain, leaving one XOR between one block's AESENCLAST and the next
 * block's first AESENC. */
void aes_aesni_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    const cb_aesni_key *k = ks;
    const __m128i rk0 = aesni_rk(k, 0);
    __m128i x = aesni_loadu(iv);
    for (size_t i = 0; i < nblocks; i++) {
        __m128i p = _mm_xor_si128(aesni_loadu(in + 16 * i), rk0);
        __asm__("" : "+x"(p)); /* keeps GCC from reassociating rk0 back onto the chain */
        x = aesni_encrypt_rounds(k, _mm_xor_si128(x, p));
        aesni_storeu(out + 16 * i, x);
    }
    aesni_storeu(iv, x);
}
