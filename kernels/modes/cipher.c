/*
 * kernels/modes/cipher.c - ECB, CBC and CTR over a variant's ops, for AES and the
 * cb_block_ops ciphers (DES, ..., SM4's CTR over its ecb), AES's OFB, CFB, CFB8, IGE and XTS through
 * kernels/modes/aes_modes.c, and the stream of the cb_stream_ops ciphers (RC4).
 *
 * The kernels only see whole blocks; this layer checks lengths, keeps the chaining
 * value between calls and turns AES's ctr32 (a 32-bit counter that wraps without
 * carry, GCM's inc32) into SP 800-38A's full 128-bit counter.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/aes_modes.h"
#include "kernels/modes/chachapoly.h"
#include "kernels/modes/cipher.h"
#include "kernels/registry.h"

/* ks_size: the key schedule size of an AES or block-cipher variant, the state size of
 * a stream cipher's. */
static size_t ks_size(const cb_variant *v)
{
    if (v->prim == CB_PRIM_CHACHA)
        return sizeof(cb_chacha_stream);
    if (cb_prim_is_stream(v->prim))
        return ((const cb_stream_ops *)v->ops)->state_size;
    return v->prim == CB_PRIM_AES ? ((const cb_aes_ops *)v->ops)->key_size
                                  : ((const cb_block_ops *)v->ops)->key_size;
}

/* mode_supported: AES offers what cb_variant_offers says; the block ciphers run ECB,
 * CBC and CTR (over their ecb), the stream ciphers their stream. */
static int mode_supported(const cb_alg *a, const cb_variant *v, cb_dir dir)
{
    if (!cb_variant_offers(v, a, dir))
        return 0;
    if (v->prim == CB_PRIM_AES)
        return 1;
    if (cb_prim_is_stream(v->prim) || v->prim == CB_PRIM_CHACHA)
        return a->mode == CB_MODE_STREAM;
    return cb_prim_is_block(v->prim) &&
           (a->mode == CB_MODE_CBC || a->mode == CB_MODE_ECB || a->mode == CB_MODE_CTR);
}

/* inverse_cipher: does decryption in mode m run the block cipher backwards?  CTR,
 * OFB and CFB only ever encrypt blocks (SP 800-38A 6.3-6.5). */
static int inverse_cipher(cb_mode m)
{
    return m == CB_MODE_ECB || m == CB_MODE_CBC || m == CB_MODE_XTS || m == CB_MODE_IGE;
}

/* set_key keys c->ks for c's algorithm and direction, and for XTS c->tweak_ks with
 * the key's second half (SP 800-38E: Key = Key_1 | Key_2, Key_2 for the tweak). */
static int set_key(cb_cipher *c, const uint8_t *key, size_t keylen)
{
    int dec = c->dir == CB_DIR_DECRYPT && inverse_cipher(c->alg->mode);
    if (!cb_alg_key_len_ok(c->alg, keylen))
        return -1;
    if (cb_prim_is_block(c->var->prim)) {
        const cb_block_ops *o = c->var->ops;
        return o->set_key(c->ks, key, keylen, dec);
    }
    if (cb_prim_is_stream(c->var->prim)) {
        const cb_stream_ops *o = c->var->ops;
        return o->set_key(c->ks, key, keylen);
    }
    if (c->var->prim == CB_PRIM_CHACHA) {
        cb_chacha_stream_key(c->ks, key);
        return 0;
    }
    const cb_aes_ops *o = c->var->ops;
    unsigned bits = c->alg->mode == CB_MODE_XTS ? c->alg->key_bits / 2 : c->alg->key_bits;
    if (c->tweak_ks && o->set_encrypt_key(c->tweak_ks, key + bits / 8, bits) != 0)
        return -1;
    return dec ? o->set_decrypt_key(c->ks, key, bits) : o->set_encrypt_key(c->ks, key, bits);
}

int cb_cipher_init(cb_cipher *c, const cb_alg *a, const cb_variant *v, cb_dir dir,
                   const uint8_t *key, const uint8_t *iv)
{
    return cb_cipher_init_key(c, a, v, dir, key, a ? cb_alg_key_bytes(a) : 0, iv);
}

int cb_cipher_init_key(cb_cipher *c, const cb_alg *a, const cb_variant *v, cb_dir dir,
                       const uint8_t *key, size_t keylen, const uint8_t *iv)
{
    memset(c, 0, sizeof *c);
    if (!a || a->kind != CB_KIND_CIPHER || !mode_supported(a, v, dir))
        return -1;
    c->alg = a;
    c->var = v;
    c->dir = dir;
    c->ks = cb_aligned_alloc(64, ks_size(v));
    if (a->mode == CB_MODE_XTS)
        c->tweak_ks = cb_aligned_alloc(64, ks_size(v));
    if (set_key(c, key, keylen) != 0) {
        cb_cipher_free(c);
        return -1;
    }
    cb_cipher_set_iv(c, iv);
    return 0;
}

void cb_cipher_set_iv(cb_cipher *c, const uint8_t *iv)
{
    memset(c->iv, 0, sizeof c->iv);
    c->used = 0;
    if (iv)
        memcpy(c->iv, iv, cb_alg_iv_bytes(c->alg));
    if (c->var->prim == CB_PRIM_CHACHA) /* the counter and nonce live in the stream */
        cb_chacha_stream_iv(c->ks, iv);
}

/*
 * chain_ecb is CBC (SP 800-38A 6.2) over a cipher's ecb, one block at a time, for the
 * block ciphers without a cbc of their own: C_i = E(P_i ^ C_{i-1}), and
 * P_i = D(C_i) ^ C_{i-1} with C_i saved first so that in == out works.
 */
static void chain_ecb(const cb_block_ops *o, const void *ks, int decrypt, size_t bs,
                      uint8_t *iv, const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t x[16], next[16];
    for (; n; n--, in += bs, out += bs) {
        if (decrypt) {
            memcpy(next, in, bs);
            o->ecb(ks, in, out, 1);
            for (size_t i = 0; i < bs; i++)
                out[i] ^= iv[i];
            memcpy(iv, next, bs);
        } else {
            for (size_t i = 0; i < bs; i++)
                x[i] = in[i] ^ iv[i];
            o->ecb(ks, x, out, 1);
            memcpy(iv, out, bs);
        }
    }
    cb_wipe(x, sizeof x);
}

/*
 * block_ctr is CTR (SP 800-38A 6.5) over a block cipher's ecb: the counter is the whole
 * block, incremented as one big-endian number (appendix B.1's standard incrementing
 * function over all of it, as OpenSSL's CTR does), eight counter blocks enciphered per
 * ecb call.  A partial last block uses one keystream block and moves the counter on,
 * as the AES CTR does (cb_aes_ctr).
 */
static void block_ctr(const cb_block_ops *o, const void *ks, size_t bs, uint8_t *ctr,
                      const uint8_t *in, uint8_t *out, size_t len)
{
    enum { BATCH = 8 };
    uint8_t blocks[BATCH * 16], stream[BATCH * 16];
    while (len) {
        size_t n = (len + bs - 1) / bs;
        n = n < BATCH ? n : BATCH;
        for (size_t b = 0; b < n; b++) {
            memcpy(blocks + b * bs, ctr, bs);
            for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;)
                ;
        }
        o->ecb(ks, blocks, stream, n);
        size_t take = n * bs < len ? n * bs : len;
        for (size_t i = 0; i < take; i++)
            out[i] = (uint8_t)(in[i] ^ stream[i]);
        in += take;
        out += take;
        len -= take;
    }
    cb_wipe(stream, sizeof stream);
}

/* aes_blocks and block_blocks run the whole-block modes of one cipher. */
static void aes_blocks(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t n)
{
    const cb_aes_ops *o = c->var->ops;
    int dec = c->dir == CB_DIR_DECRYPT;
    if (c->alg->mode == CB_MODE_ECB)
        (dec ? o->ecb_decrypt : o->ecb_encrypt)(c->ks, in, out, n);
    else
        (dec ? o->cbc_decrypt : o->cbc_encrypt)(c->ks, c->iv, in, out, n);
}

static void block_blocks(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t n)
{
    const cb_block_ops *o = c->var->ops;
    if (c->alg->mode == CB_MODE_ECB)
        o->ecb(c->ks, in, out, n);
    else if (o->cbc)
        o->cbc(c->ks, c->iv, in, out, n);
    else
        chain_ecb(o, c->ks, c->dir == CB_DIR_DECRYPT, c->alg->block_bytes, c->iv, in, out,
                  n);
}

/* aes_stream runs the AES modes of kernels/modes/aes_modes.h; -1 for a length XTS refuses. */
static int aes_stream(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t len)
{
    const cb_aes_ops *o = c->var->ops;
    int dec = c->dir == CB_DIR_DECRYPT;
    switch (c->alg->mode) {
    case CB_MODE_OFB:
        cb_aes_ofb(o, c->ks, c->iv, &c->used, in, out, len);
        return 0;
    case CB_MODE_CFB:
        cb_aes_cfb(o, c->ks, dec, c->iv, &c->used, in, out, len);
        return 0;
    case CB_MODE_CFB8:
        cb_aes_cfb8(o, c->ks, dec, c->iv, in, out, len);
        return 0;
    case CB_MODE_IGE:
        if (len % 16)
            return -1;
        cb_aes_ige(o, c->ks, dec, c->iv, in, out, len / 16);
        return 0;
    default:
        return cb_aes_xts(o, c->ks, c->tweak_ks, dec, c->iv, in, out, len);
    }
}

int cb_cipher_len_ok(const cb_alg *a, size_t len)
{
    switch (a->mode) {
    case CB_MODE_ECB:
    case CB_MODE_CBC:
    case CB_MODE_IGE:
        return len % a->block_bytes == 0;
    case CB_MODE_XTS:
        return len == 0 || len >= 16;
    default:
        return 1;
    }
}

int cb_cipher_chains(const cb_alg *a)
{
    return a->mode != CB_MODE_XTS;
}

int cb_cipher_update(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t len)
{
    cb_mode m = c->alg->mode;
    if (m == CB_MODE_STREAM && c->var->prim == CB_PRIM_CHACHA) {
        cb_chacha_stream_xor(c->var->ops, c->ks, in, out, len);
        return 0;
    }
    if (m == CB_MODE_STREAM) { /* both directions XOR the keystream in */
        const cb_stream_ops *o = c->var->ops;
        o->stream(c->ks, in, out, len);
        return 0;
    }
    if (m == CB_MODE_CTR && cb_prim_is_block(c->var->prim)) {
        block_ctr(c->var->ops, c->ks, c->alg->block_bytes, c->iv, in, out, len);
        return 0;
    }
    if (m == CB_MODE_CTR) {
        cb_aes_ctr(c->var->ops, c->ks, c->iv, in, out, len);
        return 0;
    }
    if (m != CB_MODE_ECB && m != CB_MODE_CBC)
        return aes_stream(c, in, out, len);
    size_t bs = c->alg->block_bytes;
    if (len % bs)
        return -1;
    if (cb_prim_is_block(c->var->prim))
        block_blocks(c, in, out, len / bs);
    else
        aes_blocks(c, in, out, len / bs);
    return 0;
}

void cb_cipher_free(cb_cipher *c)
{
    void *schedules[2] = {c->ks, c->tweak_ks};
    for (int i = 0; i < 2; i++)
        if (schedules[i]) {
            cb_wipe(schedules[i], ks_size(c->var));
            free(schedules[i]);
        }
    cb_wipe(c->iv, sizeof c->iv);
    c->ks = c->tweak_ks = NULL;
}
