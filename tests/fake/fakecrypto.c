/*
 * tests/fake/fakecrypto.c - a libcrypto that is wrong on purpose, for
 * tests/test_libcrypto.c: it has every entry point cryptobench requires and offers,
 * each wrong in its own way,
 *   sha256             a "digest" that is the first 32 bytes of the message
 *   aes-128-cbc        refuses every key
 *   chacha20           XORs the key in, over and over, as its "keystream"
 *   chacha20-poly1305  the same as an EVP_AEAD (BoringSSL's shape), with the key's
 *                      first bytes for a tag and any tag accepted
 *   ecdhx25519         knows the embedded key pair's shared secret (it is built with
 *                      kernels/pkey/ec_keys.c) and XORs the two keys for any other
 *   ed25519            signs with zeros and accepts every signature
 * and nothing else.  The check before timing must refuse each by name, with the
 * reason, and time none.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/pkey/pkey_impl.h"

typedef void obj;

static const char sha256_md[] = "fake sha256";
static const char aes_cbc[] = "fake aes-128-cbc";
static const char chacha20[] = "fake chacha20";
static const char chacha20_poly1305[] = "fake chacha20-poly1305";

/* fake_ctx: a cipher context (the chacha20 key it was given) or an EVP_PKEY (its raw
 * bytes and type). */
typedef struct fake_ctx {
    const obj *cipher;
    uint8_t key[32];
    int type;
    size_t taglen;
    struct fake_ctx *peer;
} fake_ctx;

enum { FAKE_X25519 = 7001, FAKE_ED25519 = 7002 }; /* its own key type numbers */

/* xor_key: the fake "keystream", the key over and over. */
static void xor_key(const uint8_t key[32], const unsigned char *in, unsigned char *out,
                    size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = in[i] ^ key[i % 32];
}

/* FAKE_GETTER: an EVP_sha256()-style function returning one of the names above. */
#define FAKE_GETTER(fn, what)                                                            \
    const obj *fn(void);                                                                 \
    const obj *fn(void)                                                                  \
    {                                                                                    \
        return what;                                                                     \
    }
FAKE_GETTER(EVP_sha256, sha256_md)
FAKE_GETTER(EVP_aes_128_cbc, aes_cbc)
FAKE_GETTER(EVP_chacha20, chacha20)
FAKE_GETTER(EVP_aead_chacha20_poly1305, chacha20_poly1305)

obj *EVP_AEAD_CTX_new(const obj *aead, const unsigned char *key, size_t key_len,
                      size_t tag_len);
obj *EVP_AEAD_CTX_new(const obj *aead, const unsigned char *key, size_t key_len,
                      size_t tag_len)
{
    fake_ctx *c = calloc(1, sizeof *c);
    if (!c || key_len != 32)
        return free(c), NULL;
    c->cipher = aead;
    memcpy(c->key, key, 32);
    c->taglen = tag_len;
    return c;
}

void EVP_AEAD_CTX_free(obj *ctx);
void EVP_AEAD_CTX_free(obj *ctx)
{
    free(ctx);
}

int EVP_AEAD_CTX_seal_scatter(const obj *ctx, unsigned char *out, unsigned char *out_tag,
                              size_t *out_tag_len, size_t max_out_tag_len,
                              const unsigned char *nonce, size_t nonce_len,
                              const unsigned char *in, size_t in_len,
                              const unsigned char *extra_in, size_t extra_in_len,
                              const unsigned char *ad, size_t ad_len);
int EVP_AEAD_CTX_seal_scatter(const obj *ctx, unsigned char *out, unsigned char *out_tag,
                              size_t *out_tag_len, size_t max_out_tag_len,
                              const unsigned char *nonce, size_t nonce_len,
                              const unsigned char *in, size_t in_len,
                              const unsigned char *extra_in, size_t extra_in_len,
                              const unsigned char *ad, size_t ad_len)
{
    const fake_ctx *c = ctx;
    (void)nonce, (void)nonce_len, (void)extra_in, (void)extra_in_len, (void)ad, (void)ad_len;
    if (max_out_tag_len < c->taglen)
        return 0;
    xor_key(c->key, in, out, in_len);
    memcpy(out_tag, c->key, c->taglen);
    *out_tag_len = c->taglen;
    return 1;
}

int EVP_AEAD_CTX_open_gather(const obj *ctx, unsigned char *out, const unsigned char *nonce,
                             size_t nonce_len, const unsigned char *in, size_t in_len,
                             const unsigned char *in_tag, size_t in_tag_len,
                             const unsigned char *ad, size_t ad_len);
int EVP_AEAD_CTX_open_gather(const obj *ctx, unsigned char *out, const unsigned char *nonce,
                             size_t nonce_len, const unsigned char *in, size_t in_len,
                             const unsigned char *in_tag, size_t in_tag_len,
                             const unsigned char *ad, size_t ad_len)
{
    (void)nonce, (void)nonce_len, (void)in_tag, (void)in_tag_len, (void)ad, (void)ad_len;
    xor_key(((const fake_ctx *)ctx)->key, in, out, in_len);
    return 1;
}

int OBJ_sn2nid(const char *sn);
int OBJ_sn2nid(const char *sn)
{
    return strcmp(sn, "X25519") == 0 ? FAKE_X25519 : strcmp(sn, "ED25519") == 0 ? FAKE_ED25519 : 0;
}

static obj *raw_key(int type, const unsigned char *key, size_t len)
{
    fake_ctx *k = calloc(1, sizeof *k);
    if (!k || len != 32 || (type != FAKE_X25519 && type != FAKE_ED25519))
        return free(k), NULL;
    k->type = type;
    memcpy(k->key, key, 32);
    return k;
}

obj *EVP_PKEY_new_raw_private_key(int type, obj *e, const unsigned char *key, size_t len);
obj *EVP_PKEY_new_raw_private_key(int type, obj *e, const unsigned char *key, size_t len)
{
    (void)e;
    return raw_key(type, key, len);
}

obj *EVP_PKEY_new_raw_public_key(int type, obj *e, const unsigned char *key, size_t len);
obj *EVP_PKEY_new_raw_public_key(int type, obj *e, const unsigned char *key, size_t len)
{
    (void)e;
    return raw_key(type, key, len);
}

void EVP_PKEY_free(obj *k);
void EVP_PKEY_free(obj *k)
{
    free(k);
}

/* An EVP_PKEY_CTX is a copy of its key, holding a pointer to the peer's. */
obj *EVP_PKEY_CTX_new(obj *pkey, obj *e);
obj *EVP_PKEY_CTX_new(obj *pkey, obj *e)
{
    (void)e;
    fake_ctx *c = malloc(sizeof *c);
    if (c)
        *c = *(fake_ctx *)pkey;
    return c;
}

void EVP_PKEY_CTX_free(obj *c);
void EVP_PKEY_CTX_free(obj *c)
{
    free(c);
}

int EVP_PKEY_derive_init(obj *c);
int EVP_PKEY_derive_init(obj *c)
{
    return ((fake_ctx *)c)->type == FAKE_X25519;
}

/* The peer must outlive the context here (cryptobench frees the context first). */
int EVP_PKEY_derive_set_peer(obj *c, obj *peer);
int EVP_PKEY_derive_set_peer(obj *c, obj *peer)
{
    ((fake_ctx *)c)->peer = peer;
    return 1;
}

/* hex32 decodes 64 hex digits. */
static void hex32(uint8_t out[32], const char *hex)
{
    for (int i = 0; i < 32; i++) {
        char pair[3] = {hex[2 * i], hex[2 * i + 1], 0};
        out[i] = (uint8_t)strtoul(pair, NULL, 16);
    }
}

int EVP_PKEY_derive(obj *ctx, unsigned char *key, size_t *keylen);
int EVP_PKEY_derive(obj *ctx, unsigned char *key, size_t *keylen)
{
    const fake_ctx *c = ctx;
    uint8_t priv[32], peer[32];
    if (*keylen < 32 || !c->peer)
        return 0;
    hex32(priv, cb_x25519_keys[0].priv);
    hex32(peer, cb_x25519_keys[0].peer);
    if (memcmp(c->key, priv, 32) == 0 && memcmp(c->peer->key, peer, 32) == 0)
        hex32(key, cb_x25519_keys[0].kat_shared); /* the one answer it memorised */
    else
        for (int i = 0; i < 32; i++)
            key[i] = c->key[i] ^ c->peer->key[i];
    *keylen = 32;
    return 1;
}

int EVP_DigestSignInit(obj *ctx, obj **pctx, const obj *md, obj *e, obj *pkey);
int EVP_DigestSignInit(obj *ctx, obj **pctx, const obj *md, obj *e, obj *pkey)
{
    (void)ctx, (void)pctx, (void)md, (void)e;
    return ((fake_ctx *)pkey)->type == FAKE_ED25519;
}

int EVP_DigestSign(obj *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs,
                   size_t tbslen);
int EVP_DigestSign(obj *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs,
                   size_t tbslen)
{
    (void)ctx, (void)tbs, (void)tbslen;
    if (*siglen < 64)
        return 0;
    memset(sig, 0, 64);
    *siglen = 64;
    return 1;
}

int EVP_DigestVerifyInit(obj *ctx, obj **pctx, const obj *md, obj *e, obj *pkey);
int EVP_DigestVerifyInit(obj *ctx, obj **pctx, const obj *md, obj *e, obj *pkey)
{
    return EVP_DigestSignInit(ctx, pctx, md, e, pkey);
}

int EVP_DigestVerify(obj *ctx, const unsigned char *sig, size_t siglen,
                     const unsigned char *tbs, size_t tbslen);
int EVP_DigestVerify(obj *ctx, const unsigned char *sig, size_t siglen,
                     const unsigned char *tbs, size_t tbslen)
{
    (void)ctx, (void)sig, (void)siglen, (void)tbs, (void)tbslen;
    return 1;
}

const char *OpenSSL_version(int t);
const char *OpenSSL_version(int t)
{
    /* FAKECRYPTO_VERSION (given with -lib-env): a version string as hostile as a
     * test wants, escape sequences and stray bytes included */
    const char *v = getenv("FAKECRYPTO_VERSION");
    return t == 0 ? (v ? v : "fakecrypto 1.0 (wrong on purpose)") : "";
}

int EVP_Digest(const void *d, size_t n, unsigned char *md, unsigned *size, const obj *t,
               obj *e);
int EVP_Digest(const void *d, size_t n, unsigned char *md, unsigned *size, const obj *t,
               obj *e)
{
    (void)e;
    if (t != sha256_md)
        return 0;
    memset(md, 0, 32);
    memcpy(md, d, n < 32 ? n : 32);
    *size = 32;
    return 1;
}

obj *EVP_MD_CTX_new(void);
obj *EVP_MD_CTX_new(void)
{
    return calloc(1, 16);
}

void EVP_MD_CTX_free(obj *c);
void EVP_MD_CTX_free(obj *c)
{
    free(c);
}

obj *EVP_CIPHER_CTX_new(void);
obj *EVP_CIPHER_CTX_new(void)
{
    return calloc(1, sizeof(fake_ctx));
}

void EVP_CIPHER_CTX_free(obj *c);
void EVP_CIPHER_CTX_free(obj *c)
{
    free(c);
}

/* The rest refuse: a message digest only through EVP_Digest, no cipher but chacha20. */
int EVP_DigestInit_ex(obj *c, const obj *t, obj *e);
int EVP_DigestInit_ex(obj *c, const obj *t, obj *e)
{
    (void)c, (void)t, (void)e;
    return 0;
}

int EVP_DigestUpdate(obj *c, const void *d, size_t n);
int EVP_DigestUpdate(obj *c, const void *d, size_t n)
{
    (void)c, (void)d, (void)n;
    return 0;
}

int EVP_DigestFinal_ex(obj *c, unsigned char *md, unsigned *n);
int EVP_DigestFinal_ex(obj *c, unsigned char *md, unsigned *n)
{
    (void)c, (void)md, (void)n;
    return 0;
}

int EVP_CipherInit_ex(obj *c, const obj *t, obj *e, const unsigned char *k,
                      const unsigned char *iv, int enc);
int EVP_CipherInit_ex(obj *c, const obj *t, obj *e, const unsigned char *k,
                      const unsigned char *iv, int enc)
{
    fake_ctx *x = c;
    (void)e, (void)iv, (void)enc;
    if (t != chacha20 || !k)
        return 0;
    x->cipher = t;
    memcpy(x->key, k, 32);
    return 1;
}

int EVP_CipherUpdate(obj *c, unsigned char *out, int *outl, const unsigned char *in, int inl);
int EVP_CipherUpdate(obj *c, unsigned char *out, int *outl, const unsigned char *in, int inl)
{
    fake_ctx *x = c;
    if (x->cipher != chacha20 || inl < 0)
        return 0;
    xor_key(x->key, in, out, (size_t)inl);
    *outl = inl;
    return 1;
}

int EVP_CipherFinal_ex(obj *c, unsigned char *out, int *outl);
int EVP_CipherFinal_ex(obj *c, unsigned char *out, int *outl)
{
    (void)c, (void)out, (void)outl;
    return 0;
}

int EVP_CIPHER_CTX_ctrl(obj *c, int t, int a, void *p);
int EVP_CIPHER_CTX_ctrl(obj *c, int t, int a, void *p)
{
    (void)c, (void)t, (void)a, (void)p;
    return 0;
}

int EVP_CIPHER_CTX_set_padding(obj *c, int p);
int EVP_CIPHER_CTX_set_padding(obj *c, int p)
{
    (void)p;
    return ((fake_ctx *)c)->cipher == chacha20;
}
