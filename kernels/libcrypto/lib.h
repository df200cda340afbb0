/*
 * kernels/libcrypto/lib.h - inside the libcrypto variants: the entry points resolved
 * from one loaded library, shared by load.c (loading, identity), evp.c (digests,
 * HMAC, ciphers, AEADs), pkey.c (signatures and key agreement) and pq.c (ML-KEM and
 * ML-DSA).
 *
 * No OpenSSL header is used: the few functions called are declared here, from their
 * documented prototypes, with the library's objects as opaque pointers.  Every one
 * is looked up with dlsym; those marked 1 in CB_LIB_SYMS must all be there for the
 * file to count as a libcrypto, the others decide which algorithms it offers.
 */
#ifndef CB_LIB_H
#define CB_LIB_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "kernels/libcrypto/libcrypto.h"

typedef void obj; /* EVP_MD, EVP_MD_CTX, EVP_CIPHER, RSA, BIGNUM, ... */

/* X(required, return type, name, parameters) */
#define CB_LIB_SYMS(X)                                                                   \
    X(1, obj *, EVP_MD_CTX_new, (void))                                                  \
    X(1, void, EVP_MD_CTX_free, (obj * ctx))                                             \
    X(1, int, EVP_Digest, (const void *data, size_t n, unsigned char *md,                \
                           unsigned int *size, const obj *type, obj *engine))            \
    X(1, int, EVP_DigestInit_ex, (obj * ctx, const obj *type, obj *engine))              \
    X(1, int, EVP_DigestUpdate, (obj * ctx, const void *d, size_t n))                    \
    X(1, int, EVP_DigestFinal_ex, (obj * ctx, unsigned char *md, unsigned int *n))       \
    X(1, obj *, EVP_CIPHER_CTX_new, (void))                                              \
    X(1, void, EVP_CIPHER_CTX_free, (obj * ctx))                                         \
    X(1, int, EVP_CipherInit_ex, (obj * ctx, const obj *cipher, obj *engine,             \
                                  const unsigned char *key, const unsigned char *iv,     \
                                  int enc))                                              \
    X(1, int, EVP_CipherUpdate, (obj * ctx, unsigned char *out, int *outl,               \
                                 const unsigned char *in, int inl))                      \
    X(1, int, EVP_CipherFinal_ex, (obj * ctx, unsigned char *out, int *outl))            \
    X(1, int, EVP_CIPHER_CTX_ctrl, (obj * ctx, int type, int arg, void *ptr))            \
    X(1, int, EVP_CIPHER_CTX_set_padding, (obj * ctx, int pad))                          \
    X(0, const char *, OpenSSL_version, (int t))                                         \
    X(0, obj *, EVP_MD_fetch, (obj * libctx, const char *name, const char *props))       \
    X(0, const char *, EVP_MD_get0_name, (const obj *md))                                \
    X(0, obj *, EVP_CIPHER_fetch, (obj * libctx, const char *name, const char *props))   \
    X(0, const char *, EVP_CIPHER_get0_name, (const obj *cipher))                        \
    X(0, obj *, OSSL_PROVIDER_load, (obj * libctx, const char *name))                    \
    X(0, int, OPENSSL_init_crypto, (uint64_t opts, const obj *settings))                 \
    X(0, void, ERR_clear_error, (void))                                                  \
    X(0, obj *, HMAC_CTX_new, (void))                                                    \
    X(0, void, HMAC_CTX_free, (obj * ctx))                                               \
    X(0, int, HMAC_Init_ex, (obj * ctx, const void *key, int len, const obj *md,         \
                             obj *engine))                                               \
    X(0, int, HMAC_Update, (obj * ctx, const unsigned char *d, size_t n))                \
    X(0, int, HMAC_Final, (obj * ctx, unsigned char *md, unsigned int *n))               \
    X(0, int, BN_hex2bn, (obj * *bn, const char *hex))                                   \
    X(0, obj *, BN_bin2bn, (const unsigned char *s, int len, obj *ret))                  \
    X(0, int, BN_bn2bin, (const obj *bn, unsigned char *to))                             \
    X(0, int, BN_num_bits, (const obj *bn))                                              \
    X(0, void, BN_free, (obj * bn))                                                      \
    X(0, obj *, RSA_new, (void))                                                         \
    X(0, void, RSA_free, (obj * rsa))                                                    \
    X(0, int, RSA_set0_key, (obj * rsa, obj *n, obj *e, obj *d))                         \
    X(0, int, RSA_set0_factors, (obj * rsa, obj *p, obj *q))                             \
    X(0, int, RSA_set0_crt_params, (obj * rsa, obj *dp, obj *dq, obj *qinv))             \
    X(0, int, RSA_size, (const obj *rsa))                                                \
    X(0, int, RSA_sign, (int type, const unsigned char *m, unsigned int mlen,            \
                         unsigned char *sig, unsigned int *siglen, obj *rsa))            \
    X(0, int, RSA_verify, (int type, const unsigned char *m, unsigned int mlen,          \
                           const unsigned char *sig, unsigned int siglen, obj *rsa))     \
    X(0, obj *, DSA_new, (void))                                                         \
    X(0, void, DSA_free, (obj * dsa))                                                    \
    X(0, int, DSA_set0_pqg, (obj * dsa, obj *p, obj *q, obj *g))                         \
    X(0, int, DSA_set0_key, (obj * dsa, obj *pub, obj *priv))                            \
    X(0, obj *, DSA_do_sign, (const unsigned char *dgst, int dlen, obj *dsa))            \
    X(0, int, DSA_do_verify, (const unsigned char *dgst, int dlen, obj *sig, obj *dsa))  \
    X(0, obj *, DSA_SIG_new, (void))                                                     \
    X(0, void, DSA_SIG_free, (obj * sig))                                                \
    X(0, int, DSA_SIG_set0, (obj * sig, obj *r, obj *s))                                 \
    X(0, void, DSA_SIG_get0, (const obj *sig, const obj **r, const obj **s))             \
    X(0, obj *, DH_new, (void))                                                          \
    X(0, void, DH_free, (obj * dh))                                                      \
    X(0, int, DH_set0_pqg, (obj * dh, obj *p, obj *q, obj *g))                           \
    X(0, int, DH_set0_key, (obj * dh, obj *pub, obj *priv))                              \
    X(0, int, DH_compute_key_padded, (unsigned char *key, const obj *pub, obj *dh))      \
    X(0, obj *, EVP_AEAD_CTX_new, (const obj *aead, const unsigned char *key,            \
                                   size_t key_len, size_t tag_len))                      \
    X(0, void, EVP_AEAD_CTX_free, (obj * ctx))                                           \
    X(0, int, EVP_AEAD_CTX_seal_scatter,                                                 \
      (const obj *ctx, unsigned char *out, unsigned char *out_tag, size_t *out_tag_len,  \
       size_t max_out_tag_len, const unsigned char *nonce, size_t nonce_len,             \
       const unsigned char *in, size_t in_len, const unsigned char *extra_in,            \
       size_t extra_in_len, const unsigned char *ad, size_t ad_len))                     \
    X(0, int, EVP_AEAD_CTX_open_gather,                                                  \
      (const obj *ctx, unsigned char *out, const unsigned char *nonce, size_t nonce_len, \
       const unsigned char *in, size_t in_len, const unsigned char *in_tag,              \
       size_t in_tag_len, const unsigned char *ad, size_t ad_len))                       \
    X(0, int, OBJ_sn2nid, (const char *sn))                                              \
    X(0, obj *, EVP_PKEY_new_raw_private_key, (int type, obj *engine,                    \
                                               const unsigned char *key, size_t len))    \
    X(0, obj *, EVP_PKEY_new_raw_public_key, (int type, obj *engine,                     \
                                              const unsigned char *key, size_t len))     \
    X(0, void, EVP_PKEY_free, (obj * pkey))                                              \
    X(0, obj *, EVP_PKEY_CTX_new, (obj * pkey, obj *engine))                             \
    X(0, void, EVP_PKEY_CTX_free, (obj * ctx))                                           \
    X(0, int, EVP_PKEY_derive_init, (obj * ctx))                                         \
    X(0, int, EVP_PKEY_derive_set_peer, (obj * ctx, obj *peer))                          \
    X(0, int, EVP_PKEY_derive, (obj * ctx, unsigned char *key, size_t *keylen))          \
    X(0, int, EVP_DigestSignInit, (obj * ctx, obj **pctx, const obj *md, obj *engine,    \
                                   obj *pkey))                                           \
    X(0, int, EVP_DigestSign, (obj * ctx, unsigned char *sig, size_t *siglen,            \
                               const unsigned char *tbs, size_t tbslen))                 \
    X(0, int, EVP_DigestVerifyInit, (obj * ctx, obj **pctx, const obj *md, obj *engine,  \
                                     obj *pkey))                                         \
    X(0, int, EVP_DigestVerify, (obj * ctx, const unsigned char *sig, size_t siglen,     \
                                 const unsigned char *tbs, size_t tbslen))               \
    X(0, obj *, EVP_PKEY_CTX_new_id, (int id, obj *engine))                              \
    X(0, int, EVP_PKEY_CTX_kem_set_params, (obj * ctx, int nid))                         \
    X(0, int, EVP_PKEY_keygen_init, (obj * ctx))                                         \
    X(0, int, EVP_PKEY_keygen_deterministic, (obj * ctx, obj **pkey,                     \
                                              const uint8_t *seed, size_t *seed_len))    \
    X(0, int, EVP_PKEY_encapsulate_deterministic,                                        \
      (obj * ctx, uint8_t *ct, size_t *ct_len, uint8_t *ss, size_t *ss_len,              \
       const uint8_t *seed, size_t *seed_len))                                           \
    X(0, int, EVP_PKEY_decapsulate, (obj * ctx, uint8_t *ss, size_t *ss_len,             \
                                     const uint8_t *ct, size_t ct_len))                  \
    X(0, obj *, EVP_PKEY_pqdsa_new_raw_private_key, (int nid, const uint8_t *in,         \
                                                     size_t len))                        \
    X(0, int, EVP_PKEY_get_raw_public_key, (const obj *pkey, uint8_t *out, size_t *len)) \
    X(0, int, EVP_PKEY_get_raw_private_key, (const obj *pkey, uint8_t *out, size_t *len)) \
    X(0, obj *, EVP_MAC_fetch, (obj * libctx, const char *alg, const char *props))       \
    X(0, void, EVP_MAC_free, (obj * mac))                                                \
    X(0, obj *, EVP_MAC_CTX_new, (obj * mac))                                            \
    X(0, void, EVP_MAC_CTX_free, (obj * ctx))                                            \
    X(0, int, EVP_MAC_init, (obj * ctx, const unsigned char *key, size_t keylen,         \
                             const void *params))                                        \
    X(0, int, EVP_MAC_update, (obj * ctx, const unsigned char *d, size_t n))             \
    X(0, int, EVP_MAC_final, (obj * ctx, unsigned char *out, size_t *outl, size_t size)) \
    X(0, obj *, CMAC_CTX_new, (void))                                                    \
    X(0, void, CMAC_CTX_free, (obj * ctx))                                               \
    X(0, int, CMAC_Init, (obj * ctx, const void *key, size_t keylen, const obj *cipher,  \
                          obj *engine))                                                  \
    X(0, int, CMAC_Reset, (obj * ctx))                                                   \
    X(0, int, CMAC_Update, (obj * ctx, const void *d, size_t n))                         \
    X(0, int, CMAC_Final, (obj * ctx, unsigned char *out, size_t *outl)) \
    X(0, int, RAND_bytes, (unsigned char *buf, int num))                                  \
    X(0, obj *, EC_KEY_new_by_curve_name, (int nid))                                      \
    X(0, void, EC_KEY_free, (obj * key))                                                  \
    X(0, int, EC_KEY_set_private_key, (obj * key, const obj *d))                          \
    X(0, int, EC_KEY_set_public_key_affine_coordinates, (obj * key, obj *x, obj *y))      \
    X(0, const obj *, EC_KEY_get0_public_key, (const obj *key))                           \
    X(0, obj *, ECDSA_do_sign, (const unsigned char *dgst, int dlen, obj *key))           \
    X(0, int, ECDSA_do_verify, (const unsigned char *dgst, int dlen, const obj *sig,      \
                                obj *key))                                                \
    X(0, obj *, ECDSA_SIG_new, (void))                                                    \
    X(0, void, ECDSA_SIG_free, (obj * sig))                                               \
    X(0, int, ECDSA_SIG_set0, (obj * sig, obj *r, obj *s))                                \
    X(0, void, ECDSA_SIG_get0, (const obj *sig, const obj **r, const obj **s))            \
    X(0, int, ECDH_compute_key, (void *out, size_t outlen, const obj *pub, const obj *key, \
                                 void *kdf))

#define CB_LIB_FIELD(req, ret, name, params) ret(*name) params;

/* What one algorithm is in the library: its EVP_MD or EVP_CIPHER, once looked up. */
typedef struct cb_lib_alg {
    int probed;       /* looked up and tried */
    int offered;      /* a trial operation worked */
    const obj *evp;   /* EVP_sha256(), EVP_aes_128_gcm(), ... */
    int aead_api;     /* evp is an EVP_AEAD (EVP_aead_chacha20_poly1305()): the library
                       * has the AEAD in that interface alone (BoringSSL, AWS-LC) */
} cb_lib_alg;

#define CB_LIB_ALGS 256 /* algorithms a library's offer cache holds */
#define CB_LIB_NOTES 16

/* cb_lib: one loaded library instance and the variant it is. */
typedef struct cb_lib {
    struct {
        CB_LIB_SYMS(CB_LIB_FIELD)
    } f;
    void *handle;
    char name[64];
    char *path;          /* as the loader found it */
    char *version;
    char **env;          /* the environment it initialised under (kept: it may read
                          * more of it later) */
    const char *notes[CB_LIB_NOTES];
    cb_alg_impl impl;
    cb_variant var;
    cb_lib_alg algs[CB_LIB_ALGS];
} cb_lib;

/* cb_lib_of returns the library a session runs on. */
cb_lib *cb_lib_of(const cb_alg_session *s);

/* cb_lib_evp_name writes the name of the library function that returns algorithm
 * a's EVP_MD or EVP_CIPHER ("EVP_sha512_224", "EVP_aes_128_cfb128"); for an HMAC,
 * its digest's; for a CMAC, its CBC cipher's. */
void cb_lib_evp_name(const struct cb_alg *a, char *buf, size_t len);

/* cb_lib_sym looks up any symbol of L (NULL when absent). */
void *cb_lib_sym(cb_lib *L, const char *name);

/* cb_lib_clear_errors empties the library's error queue after a refused call. */
void cb_lib_clear_errors(cb_lib *L);

/* cb_lib_bn_hex reads hex into a new BIGNUM of L (NULL on failure or for NULL). */
obj *cb_lib_bn_hex(cb_lib *L, const char *hex);

/* cb_lib_bn_put writes b big-endian into nb bytes at out, zeros in front; -1 when it
 * is longer. */
int cb_lib_bn_put(cb_lib *L, const obj *b, uint8_t *out, size_t nb);

/* cb_lib_free_ctx frees *ctx, an EVP_MD_CTX (md) or an EVP_PKEY_CTX, and
 * cb_lib_free_pkey *pkey, an EVP_PKEY; each sets the pointer to NULL (NULL is fine). */
void cb_lib_free_ctx(cb_lib *L, obj **ctx, int md);
void cb_lib_free_pkey(cb_lib *L, obj **pkey);

/* cb_lib_catch_exit registers, in L's own libc (its namespace has one), the handler
 * that passes an exit() of the library to the hook cb_lib_set_exit_hook gave. */
void cb_lib_catch_exit(cb_lib *L);

/* evp.c fills in the digest, HMAC, cipher and AEAD functions of L->impl; pkey.c the
 * signature ones; cb_lib_offers (evp.c) answers for all of them, trying each
 * algorithm once (cb_lib_pkey_try for signatures). */
void cb_lib_evp_setup(cb_lib *L);
void cb_lib_pkey_setup(cb_lib *L);
int cb_lib_pkey_try(cb_lib *L, const struct cb_alg *a);
/* cb_lib_pkey_why writes why L does not offer public-key algorithm a (cb_alg_impl's
 * why_not) and returns buf. */
const char *cb_lib_pkey_why(cb_lib *L, const struct cb_alg *a, char *buf, size_t len);

/* pkey.c's key of one public-key algorithm in L for direction d (NULL when L cannot
 * make it), freed with cb_lib_pkey_free; cb_lib_pkey_key (lib.c) finds a session's:
 * evp.c keeps it as the first member of every session context.  early (or NULL)
 * holds the key from its allocation on, before the library makes its objects, so a
 * fault there leaves it to cb_lib_pkey_abandon, which frees only pkey.c's memory. */
void *cb_lib_pkey_new(cb_lib *L, const struct cb_alg *a, cb_dir d, void **early);
/* The curves' rows (kernels/libcrypto/pkey_ec.c, hooked into pkey.c): ecdsap256 and
 * every ecdsa<id> / ecdh<id> row of kernels/curves.h through EC_KEY_*, ECDSA_do_* and
 * ECDH_compute_key on the embedded keys.  cb_lib_ec_new returns NULL when a is no such
 * row (*is_ec 0) or the library cannot make its key (*is_ec 1). */
typedef struct cb_lib_ec cb_lib_ec;
cb_lib_ec *cb_lib_ec_new(cb_lib *L, const struct cb_alg *a, int *is_ec);
void cb_lib_ec_free(cb_lib *L, cb_lib_ec *k);
size_t cb_lib_ec_sig_max(const cb_lib_ec *k);
int cb_lib_ec_sign(cb_lib *L, cb_lib_ec *k, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *siglen);
int cb_lib_ec_verify(cb_lib *L, cb_lib_ec *k, const uint8_t *msg, size_t len,
                     const uint8_t *sig, size_t siglen);
int cb_lib_ec_derive(cb_lib *L, cb_lib_ec *k, uint8_t *out, size_t *outlen);
/* cb_lib_ec_why writes why L does not offer the curve row a; NULL for another row. */
const char *cb_lib_ec_why(cb_lib *L, const struct cb_alg *a, char *buf, size_t len);
void cb_lib_pkey_free(cb_lib *L, void *k);
void cb_lib_pkey_abandon(void *k);
void *cb_lib_pkey_key(const cb_alg_session *s);

/* pq.c: ML-KEM (CB_KIND_KEM) and ML-DSA (CB_KIND_SIG) through AWS-LC's EVP_PKEY KEM and
 * PQDSA functions.  cb_lib_pq_offers says whether L serves a in direction d (only the
 * names are looked up), cb_lib_pq_why why not; cb_lib_pq_new, _free and _abandon are
 * cb_lib_pkey_new's counterparts for these kinds; cb_lib_pq_sig_max, _sign and
 * _verify serve pkey.c's members for CB_KIND_SIG; cb_lib_pq_setup fills in the
 * keygen, encaps and decaps members of L->impl. */
int cb_lib_pq_offers(cb_lib *L, const struct cb_alg *a, cb_dir d);
const char *cb_lib_pq_why(cb_lib *L, const struct cb_alg *a, char *buf, size_t len);
void *cb_lib_pq_new(cb_lib *L, const struct cb_alg *a, cb_dir d, void **early);
void cb_lib_pq_free(cb_lib *L, void *k);
void cb_lib_pq_abandon(void *k);
size_t cb_lib_pq_sig_max(cb_alg_session *s);
int cb_lib_pq_sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *siglen);
int cb_lib_pq_verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t siglen);
void cb_lib_pq_setup(cb_lib *L);

#endif
