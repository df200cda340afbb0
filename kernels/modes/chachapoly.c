/*
 * kernels/modes/chachapoly.c - ChaCha20's stream and ChaCha20-Poly1305 (RFC 8439
 * 2.8) over a CB_PRIM_CHACHA variant.
 */
#include "kernels/modes/chachapoly.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/endian.h"
#include "kernels/registry.h"

void cb_chacha_run(const cb_chacha_ops *o, const uint32_t key[8], uint32_t ctr[4],
                   const uint8_t *in, uint8_t *out, size_t len)
{
    while (len >= 64) {
        /* as many blocks as fit before the 32-bit counter wraps */
        uint64_t room = (uint64_t)UINT32_MAX - ctr[0] + 1;
        size_t n = len / 64;
        if ((uint64_t)n > room)
            n = (size_t)room;
        o->blocks(key, ctr, in, out, n);
        ctr[0] += (uint32_t)n;
        if (ctr[0] == 0)
            ctr[1]++;
        in += 64 * n, out += 64 * n, len -= 64 * n;
    }
    if (len) {
        uint8_t block[64] = {0};
        memcpy(block, in, len);
        o->blocks(key, ctr, block, block, 1);
        memcpy(out, block, len);
        if (++ctr[0] == 0)
            ctr[1]++;
        cb_wipe(block, sizeof block);
    }
}

void cb_chacha_stream_key(cb_chacha_stream *s, const uint8_t key[32])
{
    for (int i = 0; i < 8; i++)
        s->key[i] = cb_load_le32(key + 4 * i);
    s->used = 64;
}

void cb_chacha_stream_iv(cb_chacha_stream *s, const uint8_t *iv)
{
    for (int i = 0; i < 4; i++)
        s->ctr[i] = iv ? cb_load_le32(iv + 4 * i) : 0;
    s->used = 64;
}

void cb_chacha_stream_xor(const cb_chacha_ops *o, cb_chacha_stream *s, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    while (len && s->used < 64) {
        *out++ = *in++ ^ s->ks[s->used++];
        len--;
    }
    size_t whole = len & ~(size_t)63;
    cb_chacha_run(o, s->key, s->ctr, in, out, whole);
    in += whole, out += whole, len -= whole;
    if (len) { /* keep the rest of this block's keystream for the next call */
        memset(s->ks, 0, sizeof s->ks);
        cb_chacha_run(o, s->key, s->ctr, s->ks, s->ks, 64);
        for (size_t i = 0; i < len; i++)
            out[i] = in[i] ^ s->ks[i];
        s->used = (unsigned)len;
    }
}

int cb_chachapoly_init(cb_chachapoly *x, const cb_variant *v, const uint8_t key[32])
{
    memset(x, 0, sizeof *x);
    if (!v || v->prim != CB_PRIM_CHACHA || !v->ops)
        return -1;
    x->ops = v->ops;
    if (!x->ops->blocks || !x->ops->poly)
        return -1;
    for (int i = 0; i < 8; i++)
        x->key[i] = cb_load_le32(key + 4 * i);
    x->poly = cb_aligned_alloc(64, x->ops->poly->state_size);
    return 0;
}

/* The data limit: the counter runs from 1 to 2^32 - 1, 64 bytes a block. */
#define CHACHAPOLY_MAX_LEN (((uint64_t)1 << 32) - 1) * 64

const char *cb_chachapoly_refuses(size_t ivlen, size_t taglen, size_t len)
{
    if (ivlen == 0 || ivlen > 12)
        return "a nonce outside 1..12 bytes (RFC 8439 uses 12)";
    if (taglen == 0 || taglen > 16)
        return "a tag length outside 1..16 bytes";
#if SIZE_MAX / 64 >= 0xffffffff /* a 32-bit size_t cannot reach the limit (and GCC's
                                  -Wtype-limits says so) */
    if ((uint64_t)len > CHACHAPOLY_MAX_LEN)
        return "more than 2^32 - 1 blocks of data, where the 32-bit counter would wrap";
#else
    (void)len;
#endif
    return NULL;
}

/* nonce_block sets ctr to block 0 of the nonce, zero-extended at the front. */
static void nonce_block(const uint8_t *iv, size_t ivlen, uint32_t ctr[4])
{
    uint8_t nonce[12] = {0};
    memcpy(nonce + 12 - ivlen, iv, ivlen);
    ctr[0] = 0;
    for (int i = 0; i < 3; i++)
        ctr[1 + i] = cb_load_le32(nonce + 4 * i);
}

/* msg_start: the counter block of the nonce and the Poly1305 key, the first 32
 * bytes of block 0's keystream; ctr is left at block 1. */
static void msg_start(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                      uint32_t ctr[4])
{
    uint8_t otk[64] = {0};
    nonce_block(iv, ivlen, ctr);
    x->ops->blocks(x->key, ctr, otk, otk, 1);
    ctr[0] = 1;
    x->ops->poly->init(x->poly, otk);
    cb_wipe(otk, sizeof otk);
}

/* mac_padded feeds data, then zeros to a multiple of 16 (RFC 8439 2.8's pad16). */
static void mac_padded(const cb_poly1305_ops *p, void *st, const uint8_t *data, size_t len)
{
    size_t whole = len & ~(size_t)15;
    if (whole)
        p->blocks(st, data, whole, 1);
    if (len > whole) {
        uint8_t last[16] = {0};
        memcpy(last, data + whole, len - whole);
        p->blocks(st, last, 16, 1);
    }
}

/* msg_tag: the lengths block and the tag. */
static void msg_tag(const cb_chachapoly *x, size_t aadlen, size_t len, uint8_t tag[16])
{
    uint8_t lens[16];
    cb_store_le32(lens, (uint32_t)aadlen);
    cb_store_le32(lens + 4, (uint32_t)((uint64_t)aadlen >> 32));
    cb_store_le32(lens + 8, (uint32_t)len);
    cb_store_le32(lens + 12, (uint32_t)((uint64_t)len >> 32));
    x->ops->poly->blocks(x->poly, lens, 16, 1);
    x->ops->poly->emit(x->poly, tag);
}

/* CHUNK: encryption and MAC alternate over chunks of this many bytes, so the MAC
 * pass finds the ciphertext still in L1 whatever the message size. */
#define CHUNK 4096

/*
 * SMALL: a message of at most this many bytes, with at most SMALL bytes of AAD, is
 * done in one keystream call and one MAC call: the key block and the data's blocks
 * go to the kernel together (a 4-block SIMD kernel does them in the time of one), and
 * the padded AAD, ciphertext and lengths are MACed as one buffer.  At 16 bytes a
 * message is otherwise two kernel calls and three Poly1305 calls, whose fixed costs
 * are most of the work (OpenSSL's EVP takes about 85 ns a message on the host).
 */
#define SMALL 192

/* small_msg: seal (or, open non-zero, decrypt) a SMALL message and compute its full
 * tag; in is read before out is written, so in == out works. */
static void small_msg(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                      const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                      size_t len, int open, uint8_t tag[16])
{
    uint8_t ks[64 + SMALL], mac[SMALL + SMALL + 16];
    uint32_t ctr[4];
    size_t nblocks = 1 + (len + 63) / 64, apad = (aadlen + 15) & ~(size_t)15,
           cpad = (len + 15) & ~(size_t)15;
    nonce_block(iv, ivlen, ctr);
    memset(ks, 0, 64 * nblocks);
    memcpy(ks + 64, in, len);
    x->ops->blocks(x->key, ctr, ks, ks, nblocks); /* ks[0..32): the Poly1305 key */

    memset(mac, 0, apad + cpad);
    memcpy(mac, aad, aadlen);
    memcpy(mac + apad, open ? in : ks + 64, len);
    cb_store_le32(mac + apad + cpad, (uint32_t)aadlen);
    cb_store_le32(mac + apad + cpad + 4, 0);
    cb_store_le32(mac + apad + cpad + 8, (uint32_t)len);
    cb_store_le32(mac + apad + cpad + 12, 0);
    const cb_poly1305_ops *p = x->ops->poly;
    p->init(x->poly, ks);
    p->blocks(x->poly, mac, apad + cpad + 16, 1);
    p->emit(x->poly, tag);
    memcpy(out, ks + 64, len);
    cb_wipe(ks, sizeof ks);
}

int cb_chachapoly_seal(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                       const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                       size_t len, uint8_t *tag, size_t taglen)
{
    if (cb_chachapoly_refuses(ivlen, taglen, len))
        return -1;
    uint32_t ctr[4];
    uint8_t full[16];
    const cb_poly1305_ops *p = x->ops->poly;
    if (len <= SMALL && aadlen <= SMALL) {
        small_msg(x, iv, ivlen, aad, aadlen, in, out, len, 0, full);
        memcpy(tag, full, taglen);
        cb_wipe(full, sizeof full);
        return 0;
    }
    msg_start(x, iv, ivlen, ctr);
    mac_padded(p, x->poly, aad, aadlen);
    for (size_t done = 0; done < len;) {
        size_t n = len - done < CHUNK ? len - done : CHUNK;
        cb_chacha_run(x->ops, x->key, ctr, in + done, out + done, n);
        if (n == CHUNK)
            p->blocks(x->poly, out + done, n, 1);
        else
            mac_padded(p, x->poly, out + done, n);
        done += n;
    }
    msg_tag(x, aadlen, len, full);
    memcpy(tag, full, taglen);
    cb_wipe(full, sizeof full);
    return 0;
}

int cb_chachapoly_open(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                       const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                       size_t len, const uint8_t *tag, size_t taglen)
{
    if (cb_chachapoly_refuses(ivlen, taglen, len)) {
        memset(out, 0, len);
        return -1;
    }
    uint32_t ctr[4];
    uint8_t full[16];
    const cb_poly1305_ops *p = x->ops->poly;
    if (len <= SMALL && aadlen <= SMALL) {
        small_msg(x, iv, ivlen, aad, aadlen, in, out, len, 1, full);
    } else {
        msg_start(x, iv, ivlen, ctr);
        mac_padded(p, x->poly, aad, aadlen);
        /* MAC each chunk of ciphertext before decrypting it: in may be out */
        for (size_t done = 0; done < len;) {
            size_t n = len - done < CHUNK ? len - done : CHUNK;
            if (n == CHUNK)
                p->blocks(x->poly, in + done, n, 1);
            else
                mac_padded(p, x->poly, in + done, n);
            cb_chacha_run(x->ops, x->key, ctr, in + done, out + done, n);
            done += n;
        }
        msg_tag(x, aadlen, len, full);
    }
    unsigned diff = 0;
    for (size_t i = 0; i < taglen; i++)
        diff |= full[i] ^ tag[i];
    cb_wipe(full, sizeof full);
    if (diff) {
        memset(out, 0, len);
        return -1;
    }
    return 0;
}

void cb_chachapoly_free(cb_chachapoly *x)
{
    if (x->poly) {
        cb_wipe(x->poly, x->ops->poly->state_size);
        free(x->poly);
    }
    cb_wipe(x->key, sizeof x->key);
    x->poly = NULL;
}

void cb_poly1305_mac(const cb_poly1305_ops *ops, const uint8_t key[32], const uint8_t *msg,
                     size_t len, uint8_t tag[16])
{
    void *st = cb_aligned_alloc(64, ops->state_size);
    size_t whole = len & ~(size_t)15;
    ops->init(st, key);
    if (whole)
        ops->blocks(st, msg, whole, 1);
    if (len > whole) {
        uint8_t last[16] = {0};
        memcpy(last, msg + whole, len - whole);
        last[len - whole] = 1;
        ops->blocks(st, last, 16, 0);
    }
    ops->emit(st, tag);
    free(st);
}
