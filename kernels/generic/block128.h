/*
 * kernels/generic/block128.h - ECB and CBC loops for the portable 128-bit block
 * ciphers whose schedule already runs in its direction (SEED, SM4: decryption is the
 * same rounds with the round keys reversed), written once.  A cipher file defines its
 * schedule type (with an int decrypt member) and one block function over the block
 * as four big-endian words; CB_BLOCK128_MODES then defines its ecb and cbc functions
 * of cb_block_ops.  The block function is inlined into each loop and the chaining
 * value stays in locals.
 */
#ifndef CB_GENERIC_BLOCK128_H
#define CB_GENERIC_BLOCK128_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/endian.h"

/*
 * CB_BLOCK128_MODES(prefix, ks_t, crypt) defines
 *   static void prefix##_ecb(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
 *   static void prefix##_cbc(const void *ks, uint8_t *iv, const uint8_t *in,
 *                            uint8_t *out, size_t n)
 * with crypt of type void (const ks_t *, uint32_t w[4]).  CBC (SP 800-38A 6.2) reads
 * a ciphertext block before writing its plaintext, so in == out works.
 */
#define CB_BLOCK128_MODES(prefix, ks_t, crypt)                                            \
    static void prefix##_ecb(const void *vks, const uint8_t *in, uint8_t *out, size_t n) \
    {                                                                                     \
        for (; n; n--, in += 16, out += 16) {                                             \
            uint32_t w[4];                                                                \
            cb_load_block16(w, in);                                                       \
            crypt((const ks_t *)vks, w);                                                  \
            cb_store_block16(out, w);                                                     \
        }                                                                                 \
    }                                                                                     \
    static void prefix##_cbc(const void *vks, uint8_t *iv, const uint8_t *in,            \
                             uint8_t *out, size_t n)                                      \
    {                                                                                     \
        const ks_t *ks = vks;                                                             \
        uint32_t c[4], w[4];                                                              \
        cb_load_block16(c, iv);                                                           \
        for (; n; n--, in += 16, out += 16) {                                             \
            cb_load_block16(w, in);                                                       \
            if (ks->decrypt) {                                                            \
                uint32_t next[4] = {w[0], w[1], w[2], w[3]};                              \
                crypt(ks, w);                                                             \
                for (int i = 0; i < 4; i++) {                                             \
                    cb_store_be32(out + 4 * i, w[i] ^ c[i]);                              \
                    c[i] = next[i];                                                       \
                }                                                                         \
            } else {                                                                      \
                for (int i = 0; i < 4; i++)                                               \
                    c[i] ^= w[i];                                                         \
                crypt(ks, c);                                                             \
                cb_store_block16(out, c);                                                 \
            }                                                                             \
        }                                                                                 \
        cb_store_block16(iv, c);                                                          \
    }

#endif
