/*
 * kernels/modes/chachapoly.h - ChaCha20 as a stream cipher (OpenSSL's chacha20: a
 * 16-byte IV of the block counter then the nonce) and ChaCha20-Poly1305 (RFC 8439
 * 2.8) over a CB_PRIM_CHACHA variant's ops.
 *
 * The kernels see whole 64-byte blocks under a counter that does not wrap; this
 * layer keeps the partial block between calls, splits runs at a counter wrap, pads
 * the Poly1305 input and checks tags.
 */
#ifndef CB_CHACHAPOLY_H
#define CB_CHACHAPOLY_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_chacha_run XORs len bytes of keystream into in (to out) starting at the block
 * ctr names, and moves ctr on by the blocks it used, a partial last block included;
 * when ctr[0] wraps to 0, ctr[1] is incremented as OpenSSL's chacha20 does. */
void cb_chacha_run(const cb_chacha_ops *o, const uint32_t key[8], uint32_t ctr[4],
                   const uint8_t *in, uint8_t *out, size_t len);

/* cb_chacha_stream: the chacha20 cipher's state between cb_cipher_update calls. */
typedef struct cb_chacha_stream {
    uint32_t key[8];
    uint32_t ctr[4];    /* the next block: counter, nonce words */
    uint8_t ks[64];     /* the keystream of the block before it */
    unsigned used;      /* bytes of ks used (64: none left) */
} cb_chacha_stream;

/* cb_chacha_stream_key sets the key (32 bytes) and cb_chacha_stream_iv the counter
 * and nonce (16 bytes: the counter little-endian, then the nonce; NULL: zeros). */
void cb_chacha_stream_key(cb_chacha_stream *s, const uint8_t key[32]);
void cb_chacha_stream_iv(cb_chacha_stream *s, const uint8_t *iv);

/* cb_chacha_stream_xor XORs the next len bytes of keystream into in, writing out. */
void cb_chacha_stream_xor(const cb_chacha_ops *o, cb_chacha_stream *s, const uint8_t *in,
                          uint8_t *out, size_t len);

/* cb_chachapoly: a keyed ChaCha20-Poly1305 context. */
typedef struct cb_chachapoly {
    const cb_chacha_ops *ops;
    uint32_t key[8];
    void *poly;         /* the Poly1305 state, 64-byte aligned, reused per message */
} cb_chachapoly;

/* cb_chachapoly_init keys x with a 32-byte key; -1 when v is no ChaCha20-Poly1305
 * variant. */
int cb_chachapoly_init(cb_chachapoly *x, const cb_variant *v, const uint8_t key[32]);

/* cb_chachapoly_refuses says why a nonce of ivlen bytes, a tag of taglen bytes or len
 * bytes of data cannot be taken (RFC 8439's 12-byte nonce; shorter ones are zero
 * extended at the front as OpenSSL does; tags of 1..16 bytes; at most 2^32 - 1
 * blocks after the key block), or NULL. */
const char *cb_chachapoly_refuses(size_t ivlen, size_t taglen, size_t len);

/* cb_chachapoly_seal encrypts and tags one message; -1 for refused lengths. */
int cb_chachapoly_seal(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                       const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                       size_t len, uint8_t *tag, size_t taglen);

/* cb_chachapoly_open checks the tag in constant time and decrypts; 0 when it
 * matches, -1 (out zeroed) when it does not or the lengths are refused. */
int cb_chachapoly_open(const cb_chachapoly *x, const uint8_t *iv, size_t ivlen,
                       const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                       size_t len, const uint8_t *tag, size_t taglen);

/* cb_chachapoly_free wipes and frees the context. */
void cb_chachapoly_free(cb_chachapoly *x);

/* cb_poly1305_mac: the one-shot Poly1305 of msg under a 32-byte one-time key, with
 * ops (RFC 8439 2.5: a partial last block gets its 0x01 byte and no 2^128). */
void cb_poly1305_mac(const cb_poly1305_ops *ops, const uint8_t key[32], const uint8_t *msg,
                     size_t len, uint8_t tag[16]);

#endif
