/*
 * kernels/generic/block64.h - ECB and CBC loops for the portable 64-bit block ciphers
 * (Blowfish, CAST-128, IDEA, RC2), written once.  A cipher file defines its schedule
 * type (with an int decrypt member), a block function for each direction taking the
 * block as two 32-bit words, and the loads and stores that make those words from
 * bytes; CB_BLOCK64_MODES then defines its ecb and cbc functions of cb_block_ops.
 * The block functions are inlined into each loop, and the chaining value stays in
 * locals: the form OpenSSL's C for these ciphers has.
 */
#ifndef CB_GENERIC_BLOCK64_H
#define CB_GENERIC_BLOCK64_H

#include <stddef.h>
#include <stdint.h>

/*
 * CB_BLOCK64_MODES(prefix, ks_t, enc, dec, load, store) defines
 *   static void prefix##_ecb(const void *ks, const uint8_t *in, uint8_t *out, size_t n)
 *   static void prefix##_cbc(const void *ks, uint8_t *iv, const uint8_t *in,
 *                            uint8_t *out, size_t n)
 * with enc and dec of type void (const ks_t *, uint32_t *w0, uint32_t *w1), and
 * load/store converting 4 bytes to and from a word.  CBC (SP 800-38A 6.2) reads a
 * ciphertext block before writing its plaintext, so in == out works.
 */
#define CB_BLOCK64_MODES(prefix, ks_t, enc, dec, load, store)                             \
    static void prefix##_ecb(const void *vks, const uint8_t *in, uint8_t *out, size_t n) \
    {                                                                                     \
        const ks_t *ks = vks;                                                             \
        for (; n; n--, in += 8, out += 8) {                                               \
            uint32_t w0 = load(in), w1 = load(in + 4);                                    \
            if (ks->decrypt)                                                              \
                dec(ks, &w0, &w1);                                                        \
            else                                                                          \
                enc(ks, &w0, &w1);                                                        \
            store(out, w0);                                                               \
            store(out + 4, w1);                                                           \
        }                                                                                 \
    }                                                                                     \
    static void prefix##_cbc(const void *vks, uint8_t *iv, const uint8_t *in,            \
                             uint8_t *out, size_t n)                                      \
    {                                                                                     \
        const ks_t *ks = vks;                                                             \
        uint32_t c0 = load(iv), c1 = load(iv + 4);                                        \
        if (ks->decrypt) {                                                                \
            for (; n; n--, in += 8, out += 8) {                                           \
                uint32_t n0 = load(in), n1 = load(in + 4), w0 = n0, w1 = n1;              \
                dec(ks, &w0, &w1);                                                        \
                store(out, w0 ^ c0);                                                      \
                store(out + 4, w1 ^ c1);                                                  \
                c0 = n0;                                                                  \
                c1 = n1;                                                                  \
            }                                                                             \
        } else {                                                                          \
            for (; n; n--, in += 8, out += 8) {                                           \
                c0 ^= load(in);                                                           \
                c1 ^= load(in + 4);                                                       \
                enc(ks, &c0, &c1);                                                        \
                store(out, c0);                                                           \
                store(out + 4, c1);                                                       \
            }                                                                             \
        }                                                                                 \
        store(iv, c0);                                                                    \
        store(iv + 4, c1);                                                                \
    }

#endif
