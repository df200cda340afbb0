/*
 * kernels/power/keys.c - the keying of the power family's AES and GHASH variants,
 * which runs once per key, so keeping it in C changes nothing that is measured.
 *
 * Every power AES kernel reads the generic key schedule (kernels/aes.c): 60 round-key
 * words, column words with row 0 in the most significant byte as native uint32_t,
 * and the round count as a 32-bit word at byte 240.  The integer GHASH reads the
 * generic 4-bit table (kernels/ghash.c): m[n] = n * H as 16 pairs of native
 * doublewords (hi, lo).  tests/test_power.c checks both layouts.
 */
#include <string.h>

#include "kernels/generic.h"
#include "kernels/power/power.h"

int cb_power_aes_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    return cb_aes_generic_ops.set_encrypt_key(ks, key, bits);
}

int cb_power_aes_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    return cb_aes_generic_ops.set_decrypt_key(ks, key, bits);
}

void cb_power_ghash4_init(void *table, const uint8_t h[16])
{
    cb_ghash_generic_ops.init(table, h);
}

/* cb_power_aes_p8_set_decrypt_key: vncipher runs the inverse cipher of FIPS 197 5.3,
 * which takes the encryption round keys as they are, last first. */
int cb_power_aes_p8_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    if (cb_aes_generic_ops.set_encrypt_key(ks, key, bits) != 0)
        return -1;
    uint32_t *rk = ks;
    unsigned nr = bits / 32 + 6;
    for (unsigned lo = 0, hi = nr; lo < hi; lo++, hi--) {
        uint32_t t[4];
        memcpy(t, rk + 4 * lo, sizeof t);
        memcpy(rk + 4 * lo, rk + 4 * hi, sizeof t);
        memcpy(rk + 4 * hi, t, sizeof t);
    }
    return 0;
}
