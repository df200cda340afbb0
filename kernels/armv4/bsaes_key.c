/*
 * kernels/armv4/bsaes_key.c - the key schedules of the bit-sliced AES
 * (bsaes_neon.S): the armv4 schedule (for the blocks that do not fill a group of
 * eight), followed by every round key as eight bit planes of 16 bytes.
 *
 * Plane i of a round key has byte p = 0xff where bit i of key byte p is set, so one
 * veor adds the key to all eight blocks.  Planes are stored 7 first, as the rounds
 * load them.  The first and last round keys keep the block's column order, the
 * others are in the rounds' row order, and the S-box's constant 0x63 is added to
 * every key that follows an S-box (bsaes_neon.S says why).
 */
#include <string.h>

#include "kernels/armv4/armv4.h"

/* key_byte is byte p of round key r in an armv4 schedule (little-endian words). */
static uint8_t key_byte(const uint32_t *w, unsigned r, unsigned p)
{
    return (uint8_t)(w[4 * r + p / 4] >> 8 * (p % 4));
}

/* bitslice_schedule writes the nr + 1 round keys of the armv4 schedule at ks as
 * planes; the keys that follow an S-box are 1..nr encrypting and 0..nr-1 with the
 * decryption schedule, whose key 0 is the cipher's last. */
static void bitslice_schedule(void *ks, int decrypt)
{
    const uint32_t *w = ks;
    unsigned nr = w[ARMV4_AES_KS_SIZE / 4 - 1];
    uint8_t(*planes)[8][16] = (void *)((uint8_t *)ks + BSAES_KEYS_OFFSET);
    for (unsigned r = 0; r <= nr; r++) {
        int after_sbox = decrypt ? r < nr : r > 0;
        int rows = r > 0 && r < nr;
        for (unsigned p = 0; p < 16; p++) {
            /* row order puts row p / 4, column p % 4 at p: block byte 4c + r */
            unsigned src = rows ? 4 * (p % 4) + p / 4 : p;
            uint8_t b = key_byte(w, r, src) ^ (after_sbox ? 0x63 : 0);
            for (unsigned i = 0; i < 8; i++)
                planes[r][7 - i][p] = (uint8_t)(0 - ((b >> i) & 1));
        }
    }
}

/* aes_bsaes_neon_set_encrypt_key: KeyExpansion by the armv4 code, then its keys as
 * planes. */
int aes_bsaes_neon_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    if (aes_armv4_set_encrypt_key(ks, key, bits) != 0)
        return -1;
    bitslice_schedule(ks, 0);
    return 0;
}

/* aes_bsaes_neon_set_decrypt_key: the equivalent inverse cipher's schedule (its
 * round keys already through InvMixColumns, as the bit-sliced rounds want), then
 * its keys as planes. */
int aes_bsaes_neon_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    if (aes_armv4_set_decrypt_key(ks, key, bits) != 0)
        return -1;
    bitslice_schedule(ks, 1);
    return 0;
}
