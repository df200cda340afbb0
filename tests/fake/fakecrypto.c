/*
 * tests/fake/fakecrypto.c - a libcrypto that is wrong on purpose, for
 * tests/test_libcrypto.c: it has every entry point cryptobench requires, offers
 * sha256 (whose "digest" is the first 32 bytes of the message, zero-padded) and
 * aes-128-cbc (which refuses every key), and nothing else.  The check before timing
 * must refuse both by name, with the reason, and time neither.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef void obj;

static const char sha256_md[] = "fake sha256";
static const char aes_cbc[] = "fake aes-128-cbc";

const obj *EVP_sha256(void);
const obj *EVP_sha256(void)
{
    return sha256_md;
}

const obj *EVP_aes_128_cbc(void);
const obj *EVP_aes_128_cbc(void)
{
    return aes_cbc;
}

const char *OpenSSL_version(int t);
const char *OpenSSL_version(int t)
{
    return t == 0 ? "fakecrypto 1.0 (wrong on purpose)" : "";
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
    return calloc(1, 16);
}

void EVP_CIPHER_CTX_free(obj *c);
void EVP_CIPHER_CTX_free(obj *c)
{
    free(c);
}

/* The rest refuse: a message digest only through EVP_Digest, no cipher at all. */
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
    (void)c, (void)t, (void)e, (void)k, (void)iv, (void)enc;
    return 0;
}

int EVP_CipherUpdate(obj *c, unsigned char *out, int *outl, const unsigned char *in, int inl);
int EVP_CipherUpdate(obj *c, unsigned char *out, int *outl, const unsigned char *in, int inl)
{
    (void)c, (void)out, (void)outl, (void)in, (void)inl;
    return 0;
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
    (void)c, (void)p;
    return 0;
}
