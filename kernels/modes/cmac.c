/*
 * kernels/modes/cmac.c - CMAC (SP 800-38B section 6) on a variant's CBC encryption:
 * the blocks before the last go through cb_aes_cbc_mac in place of the message, the
 * last (complete and XORed with K1, or padded with 10* and XORed with K2) is one more
 * block of the same chain, and the chaining value is the MAC.
 *
 * Secrets: the key schedule, L and the subkeys.  Deriving K1 and K2 shifts L with a
 * mask made from its top bit (no branch on it); the padding and the choice between
 * K1 and K2 depend only on the message length, which is public.
 */
#include "kernels/modes/cmac.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/aes_modes.h"
#include "kernels/registry.h"

/* R_128: section 5.3's constant for 128-bit blocks, 0^120 || 10000111. */
#define R_128 0x87

/*
 * dbl sets out = in << 1, XORed with R_128 when in's most significant bit was set
 * (section 6.1 steps 3 and 4): the bit becomes an all-ones or all-zeros mask.
 */
static void dbl(uint8_t out[16], const uint8_t in[16])
{
    uint8_t carry_mask = (uint8_t)(0u - (unsigned)(in[0] >> 7));
    for (int i = 0; i < 15; i++)
        out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[15] = (uint8_t)((in[15] << 1) ^ (carry_mask & R_128));
}

/* subkeys derives K1 and K2 from L = CIPH_K(0^128) (section 6.1). */
static void subkeys(const uint8_t l[16], uint8_t k1[16], uint8_t k2[16])
{
    dbl(k1, l);
    dbl(k2, k1);
}

/* key_ok: a is a CMAC row that v serves, keyed with the cipher's own length. */
static int key_ok(const cb_alg *a, const cb_variant *v, size_t key_len)
{
    return a && a->kind == CB_KIND_CMAC && cb_variant_offers(v, a, CB_DIR_DIGEST) &&
           key_len == cb_alg_key_bytes(a);
}

int cb_cmac_init(cb_cmac *m, const cb_alg *a, const cb_variant *v, const uint8_t *key,
                 size_t key_len)
{
    memset(m, 0, sizeof *m);
    if (!key_ok(a, v, key_len))
        return -1;
    m->alg = a;
    m->ops = v->ops;
    m->ks = cb_aligned_alloc(64, m->ops->key_size);
    if (m->ops->set_encrypt_key(m->ks, key, a->key_bits) != 0) {
        cb_cmac_free(m);
        return -1;
    }
    /* L = CIPH_K(0^128): a one-block CBC-MAC from a zero chaining value */
    uint8_t l[16] = {0};
    static const uint8_t zero[16];
    cb_aes_cbc_mac(m->ops, m->ks, l, zero, 1);
    subkeys(l, m->k1, m->k2);
    cb_wipe(l, sizeof l);
    return 0;
}

void cb_cmac_mac(const cb_cmac *m, const uint8_t *in, size_t len, uint8_t out[CB_CMAC_BYTES])
{
    /* section 6.2 step 2: n = ceil(len / 16), at least 1; the last block is
     * complete when len is a positive multiple of 16 */
    size_t n = len ? (len + 15) / 16 : 1, tail = len - 16 * (n - 1);
    uint8_t c[16] = {0}, last[16] = {0};
    cb_aes_cbc_mac(m->ops, m->ks, c, in, n - 1);
    const uint8_t *k = m->k1;
    if (tail)
        memcpy(last, in + 16 * (n - 1), tail);
    if (tail < 16) { /* step 4: M_n* || 10^j, XORed with K2 */
        last[tail] = 0x80;
        k = m->k2;
    }
    for (int i = 0; i < 16; i++)
        last[i] ^= k[i];
    cb_aes_cbc_mac(m->ops, m->ks, c, last, 1);
    memcpy(out, c, CB_CMAC_BYTES);
    cb_wipe(last, sizeof last);
    cb_wipe(c, sizeof c);
}

int cb_cmac_reference(const cb_alg *a, const cb_variant *v, const uint8_t *key,
                      size_t key_len, const uint8_t *msg, size_t len,
                      uint8_t out[CB_CMAC_BYTES])
{
    if (!key_ok(a, v, key_len) || !((const cb_aes_ops *)v->ops)->ecb_encrypt)
        return -1;
    const cb_aes_ops *o = v->ops;
    void *ks = cb_aligned_alloc(64, o->key_size);
    int rc = o->set_encrypt_key(ks, key, a->key_bits);
    /* step 1 from the definition: L, K1, K2 */
    uint8_t l[16] = {0}, k1[16], k2[16], c[16] = {0};
    o->ecb_encrypt(ks, l, l, 1);
    subkeys(l, k1, k2);
    /* steps 2-4: M_1 .. M_n with the last block completed and masked */
    size_t n = len == 0 ? 1 : (len + 15) / 16;
    uint8_t *mm = cb_xcalloc(n, 16);
    if (len)
        memcpy(mm, msg, len);
    int complete = len != 0 && len % 16 == 0;
    if (!complete)
        mm[len] = 0x80;
    for (int i = 0; i < 16; i++)
        mm[16 * (n - 1) + (size_t)i] ^= complete ? k1[i] : k2[i];
    /* steps 5-6: C_i = CIPH_K(C_{i-1} ^ M_i), C_0 = 0 */
    for (size_t b = 0; b < n; b++) {
        for (int i = 0; i < 16; i++)
            c[i] ^= mm[16 * b + (size_t)i];
        o->ecb_encrypt(ks, c, c, 1);
    }
    memcpy(out, c, CB_CMAC_BYTES);
    cb_wipe(mm, 16 * n);
    free(mm);
    cb_wipe(ks, o->key_size);
    free(ks);
    cb_wipe(l, sizeof l), cb_wipe(k1, sizeof k1), cb_wipe(k2, sizeof k2), cb_wipe(c, sizeof c);
    return rc ? -1 : 0;
}

void cb_cmac_free(cb_cmac *m)
{
    if (m->ks && m->ops) {
        cb_wipe(m->ks, m->ops->key_size);
        free(m->ks);
    }
    cb_wipe(m, sizeof *m);
}
