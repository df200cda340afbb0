/*
 * kernels/libcrypto/evp.c - digests, HMAC, ciphers and AEADs of a loaded libcrypto,
 * through its EVP functions, one operation meaning what it means for the built-in
 * variants (README, "What one operation is"; docs/libraries.md maps each to its calls):
 *
 *   digest   EVP_Digest: context, init, update, final (what `openssl speed -evp`
 *            times)
 *   hmac     HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) reusing the key, update, final
 *   cmac     as `openssl speed -cmac` 3.0 does: EVP_MAC_init(ctx, NULL, 0, NULL)
 *            reusing the key, update, final on the "CMAC" EVP_MAC keyed once with
 *            the cipher named; without EVP_MAC (1.1, BoringSSL, AWS-LC, LibreSSL)
 *            CMAC_Reset (BoringSSL, AWS-LC: their CMAC_Init wants the key again) or
 *            OpenSSL 1.1's CMAC_Init(ctx, NULL, 0, NULL, NULL), CMAC_Update, CMAC_Final
 *   cipher   one EVP_CipherUpdate on a context keyed once, padding off, the IV or
 *            counter running on
 *   gcm      EVP_CipherInit_ex with the IV, the AAD update, the data update, final
 *            and the tag (get or set), as `openssl speed -aead` does
 *   ccm      the same with CCM's length update first; the tag is checked by the
 *            data update
 *   rand     RAND_bytes of the block: the library's default DRBG, seeded as the
 *            library seeds it
 *   chacha20-poly1305  GCM's calls on OpenSSL's EVP_chacha20_poly1305(); where the
 *            library has it only as an EVP_AEAD (BoringSSL, AWS-LC), one
 *            EVP_AEAD_CTX_seal_scatter or EVP_AEAD_CTX_open_gather on a context
 *            keyed once
 *
 * An algorithm is offered when the library has its EVP_* function (and, in OpenSSL
 * 3, a provider that implements it): a library without CCM or SHA-3, or an OpenSSL 3
 * without the provider of an old cipher, just does not offer them.  No cryptographic
 * operation is run to decide that, as those run only under the fault guard; the
 * check before timing finds whether the library computes the right answers.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"

/* EVP_CIPHER_CTX_ctrl types, the same numbers in every OpenSSL-compatible library */
enum { CTRL_AEAD_SET_IVLEN = 0x9, CTRL_AEAD_GET_TAG = 0x10, CTRL_AEAD_SET_TAG = 0x11 };

#define KEY_MAX 64

/* evp_ctx: one session's state. */
typedef struct evp_ctx {
    void *pkey;      /* pkey.c's key, for signatures: first, as cb_lib_pkey_key reads it */
    cb_lib *L;
    const cb_alg *alg;
    const obj *evp;  /* the EVP_MD (digests, HMAC) or EVP_CIPHER (ciphers, CMAC) */
    obj *c;          /* EVP_CIPHER_CTX, HMAC_CTX, EVP_AEAD_CTX (aead_api), or for a
                        CMAC an EVP_MAC_CTX (mac set) or a CMAC_CTX */
    obj *mac;        /* CMAC on OpenSSL 3: the fetched EVP_MAC */
    int enc;         /* the direction the cipher context is set for */
    int ready;       /* AEAD: the context holds the key, ivlen and taglen below */
    int rekey;       /* GCM: key[] is new, to be set with the next IV */
    int aead_api;    /* evp is an EVP_AEAD and c its EVP_AEAD_CTX, made with taglen */
    size_t ivlen, taglen;
    uint8_t key[KEY_MAX];
} evp_ctx;

void cb_lib_evp_name(const cb_alg *a, char *buf, size_t len)
{
    const cb_alg *d = a->kind == CB_KIND_HMAC   ? cb_hmac_digest(a)
                      : a->kind == CB_KIND_CMAC ? cb_cmac_cipher(a)
                                                : a;
    const char *name = d ? d->name : a->name;
    if (strcmp(name, "rmd160") == 0)
        name = "ripemd160";
    size_t n = (size_t)snprintf(buf, len, "EVP_%s%s", name,
                                a->mode == CB_MODE_CFB ? "128" : "");
    for (size_t i = 4; i < n && i < len; i++)
        if (buf[i] == '-')
            buf[i] = '_';
}

/* alg_slot: the cache entry of a in L. */
static cb_lib_alg *alg_slot(cb_lib *L, const cb_alg *a)
{
    for (size_t i = 0; i < cb_alg_count() && i < CB_LIB_ALGS; i++)
        if (cb_alg_at(i) == a)
            return &L->algs[i];
    return NULL;
}

/* is_key_kind: a's sessions hold a key (pkey.c's or pq.c's) rather than an EVP_MD or
 * EVP_CIPHER; is_pq: pq.c's. */
static int is_pq(const cb_alg *a)
{
    return a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG;
}

static int is_key_kind(const cb_alg *a)
{
    return a->kind == CB_KIND_PKEY || is_pq(a);
}

/* has_evp_mac, has_cmac_ctx: the library's two CMAC interfaces (OpenSSL 3's
 * EVP_MAC, everyone's CMAC_CTX), each complete or not used. */
static int has_evp_mac(const cb_lib *L)
{
    return L->f.EVP_MAC_fetch && L->f.EVP_MAC_free && L->f.EVP_MAC_CTX_new &&
           L->f.EVP_MAC_CTX_free && L->f.EVP_MAC_init && L->f.EVP_MAC_update &&
           L->f.EVP_MAC_final;
}

static int has_cmac_ctx(const cb_lib *L)
{
    return L->f.CMAC_CTX_new && L->f.CMAC_CTX_free && L->f.CMAC_Init && L->f.CMAC_Update &&
           L->f.CMAC_Final;
}

/* cmac_new makes a CMAC session's context: an EVP_MAC_CTX of the fetched "CMAC" where
 * the library has EVP_MAC, else a CMAC_CTX; x->c stays NULL when neither works. */
static void cmac_new(evp_ctx *x)
{
    cb_lib *L = x->L;
    if (has_evp_mac(L)) {
        x->mac = L->f.EVP_MAC_fetch(NULL, "CMAC", NULL);
        x->c = x->mac ? L->f.EVP_MAC_CTX_new(x->mac) : NULL;
        cb_lib_clear_errors(L);
    } else if (has_cmac_ctx(L)) {
        x->c = L->f.CMAC_CTX_new();
    }
}

static void *ctx_new(cb_alg_session *s)
{
    cb_lib *L = cb_lib_of(s);
    cb_lib_alg *slot = alg_slot(L, s->alg);
    evp_ctx *x = cb_xcalloc(1, sizeof *x);
    s->ctx = x; /* reachable by ctx_abandon should a call below fault */
    x->L = L;
    x->alg = s->alg;
    x->evp = slot ? slot->evp : NULL;
    x->aead_api = slot && slot->aead_api;
    switch (s->alg->kind) {
    case CB_KIND_DIGEST:
        break;
    case CB_KIND_HMAC:
        x->c = L->f.HMAC_CTX_new();
        break;
    case CB_KIND_CMAC:
        cmac_new(x);
        break;
    case CB_KIND_CIPHER:
    case CB_KIND_AEAD:
        /* an EVP_AEAD_CTX takes its key and tag length when made (aead_context) */
        x->c = x->aead_api ? NULL : L->f.EVP_CIPHER_CTX_new();
        break;
    case CB_KIND_PKEY:
        x->pkey = cb_lib_pkey_new(L, s->alg, s->dir, &x->pkey);
        break;
    case CB_KIND_KEM:
    case CB_KIND_SIG:
        x->pkey = cb_lib_pq_new(L, s->alg, s->dir, &x->pkey);
        break;
    default:
        break;
    }
    int rand = s->alg->kind == CB_KIND_RAND; /* RAND_bytes needs no object */
    int ok = s->alg->kind == CB_KIND_DIGEST || rand || x->aead_api || x->c || x->pkey;
    if (!ok || (!x->evp && !is_key_kind(s->alg) && !rand)) {
        free(x);
        s->ctx = NULL;
        return NULL;
    }
    return x;
}

/* ctx_abandon frees the wrapper of a session whose library faulted; the library's
 * own objects stay where its heap has them (freeing them would call it again). */
static void ctx_abandon(void *p)
{
    evp_ctx *x = p;
    if (x->pkey && is_pq(x->alg))
        cb_lib_pq_abandon(x->pkey);
    else if (x->pkey)
        cb_lib_pkey_abandon(x->pkey);
    cb_wipe(x->key, sizeof x->key);
    free(x);
}

static void ctx_free(void *p)
{
    evp_ctx *x = p;
    if (x->c && x->alg->kind == CB_KIND_HMAC)
        x->L->f.HMAC_CTX_free(x->c);
    else if (x->c && x->alg->kind == CB_KIND_CMAC && x->mac)
        x->L->f.EVP_MAC_CTX_free(x->c);
    else if (x->c && x->alg->kind == CB_KIND_CMAC)
        x->L->f.CMAC_CTX_free(x->c);
    else if (x->c && x->aead_api)
        x->L->f.EVP_AEAD_CTX_free(x->c);
    else if (x->c)
        x->L->f.EVP_CIPHER_CTX_free(x->c);
    if (x->mac)
        x->L->f.EVP_MAC_free(x->mac);
    if (x->pkey && is_pq(x->alg))
        cb_lib_pq_free(x->L, x->pkey);
    else if (x->pkey)
        cb_lib_pkey_free(x->L, x->pkey);
    cb_wipe(x->key, sizeof x->key);
    free(x);
}

/* failed clears the error queue a refused call left and says -1. */
static int failed(evp_ctx *x)
{
    cb_lib_clear_errors(x->L);
    return -1;
}

/* ---- digests and HMAC -------------------------------------------------------------- */

static int digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    evp_ctx *x = s->ctx;
    unsigned n = 0;
    static const uint8_t none[1];
    if (x->L->f.EVP_Digest(len ? in : none, len, out, &n, x->evp, NULL) != 1 ||
        n != x->alg->out_bytes)
        return failed(x);
    return 0;
}

/* ossl_param: OpenSSL 3's OSSL_PARAM (include/openssl/core.h), whose layout is part
 * of its ABI; one UTF-8 string parameter and the terminating empty one is all a
 * CMAC's keying passes. */
typedef struct ossl_param {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size;
    size_t return_size;
} ossl_param;

enum { OSSL_PARAM_UTF8_STRING = 4 };
#define OSSL_PARAM_UNMODIFIED ((size_t)-1)

/* cmac_init keys a CMAC session with the CBC cipher's key: EVP_MAC_init with the
 * "cipher" parameter naming it (its EVP_CIPHER's own name), or CMAC_Init with it. */
static int cmac_init(evp_ctx *x, const uint8_t *key, size_t keylen)
{
    cb_lib *L = x->L;
    if (!x->mac)
        return L->f.CMAC_Init(x->c, key, keylen, x->evp, NULL) == 1 ? 0 : failed(x);
    const char *name = L->f.EVP_CIPHER_get0_name ? L->f.EVP_CIPHER_get0_name(x->evp) : NULL;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", name ? name : cb_cmac_cipher(x->alg)->name);
    ossl_param params[2] = {
        {"cipher", OSSL_PARAM_UTF8_STRING, buf, strlen(buf), OSSL_PARAM_UNMODIFIED},
        {NULL, 0, NULL, 0, 0},
    };
    return L->f.EVP_MAC_init(x->c, key, keylen, params) == 1 ? 0 : failed(x);
}

/* cmac_run: one whole CMAC under the key set up once. */
static int cmac_run(evp_ctx *x, const uint8_t *in, size_t len, uint8_t *out)
{
    cb_lib *L = x->L;
    size_t n = 0;
    static const uint8_t none[1];
    int ok = x->mac ? L->f.EVP_MAC_init(x->c, NULL, 0, NULL) == 1 &&
                          L->f.EVP_MAC_update(x->c, len ? in : none, len) == 1 &&
                          L->f.EVP_MAC_final(x->c, out, &n, x->alg->out_bytes) == 1
                    : (L->f.CMAC_Reset ? L->f.CMAC_Reset(x->c)
                                       : L->f.CMAC_Init(x->c, NULL, 0, NULL, NULL)) == 1 &&
                          L->f.CMAC_Update(x->c, len ? in : none, len) == 1 &&
                          L->f.CMAC_Final(x->c, out, &n) == 1;
    return ok && n == x->alg->out_bytes ? 0 : failed(x);
}

static int mac_init(cb_alg_session *s, const uint8_t *key, size_t keylen)
{
    evp_ctx *x = s->ctx;
    static const uint8_t none[1];
    if (x->alg->kind == CB_KIND_CMAC)
        return keylen == cb_alg_key_bytes(x->alg) ? cmac_init(x, key, keylen) : -1;
    if (keylen > INT_MAX ||
        x->L->f.HMAC_Init_ex(x->c, keylen ? key : none, (int)keylen, x->evp, NULL) != 1)
        return failed(x);
    return 0;
}

static int mac(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    evp_ctx *x = s->ctx;
    unsigned n = 0;
    static const uint8_t none[1];
    if (x->alg->kind == CB_KIND_CMAC)
        return cmac_run(x, in, len, out);
    if (x->L->f.HMAC_Init_ex(x->c, NULL, 0, NULL, NULL) != 1 ||
        x->L->f.HMAC_Update(x->c, len ? in : none, len) != 1 ||
        x->L->f.HMAC_Final(x->c, out, &n) != 1 || n != x->alg->out_bytes)
        return failed(x);
    return 0;
}

/* ---- rand -------------------------------------------------------------------------- */

/* rand_bytes: RAND_bytes, in pieces of at most INT_MAX bytes (its length is an int). */
static int rand_bytes(cb_alg_session *s, uint8_t *out, size_t len)
{
    evp_ctx *x = s->ctx;
    do {
        int n = len > INT_MAX ? INT_MAX : (int)len;
        if (x->L->f.RAND_bytes(out, n) != 1)
            return failed(x);
        out += n;
        len -= (size_t)n;
    } while (len);
    return 0;
}

/* ---- ciphers ----------------------------------------------------------------------- */

static int cipher_init(cb_alg_session *s, const uint8_t *key, const uint8_t *iv)
{
    evp_ctx *x = s->ctx;
    x->enc = s->dir == CB_DIR_ENCRYPT;
    if (x->L->f.EVP_CipherInit_ex(x->c, x->evp, NULL, key, iv, x->enc) != 1 ||
        x->L->f.EVP_CIPHER_CTX_set_padding(x->c, 0) != 1)
        return failed(x);
    return 0;
}

/* update: one EVP_CipherUpdate that must consume and produce all len bytes. */
static int update(evp_ctx *x, const uint8_t *in, uint8_t *out, size_t len)
{
    int outl = 0;
    if (len > INT_MAX || x->L->f.EVP_CipherUpdate(x->c, out, &outl, in, (int)len) != 1 ||
        (size_t)outl != len)
        return failed(x);
    return 0;
}

static int cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len)
{
    return len ? update(s->ctx, in, out, len) : 0;
}

/* ---- GCM and CCM ----------------------------------------------------------------- */

static int aead_init(cb_alg_session *s, const uint8_t *key)
{
    evp_ctx *x = s->ctx;
    size_t n = cb_alg_key_bytes(s->alg);
    if (n > sizeof x->key)
        return -1;
    memcpy(x->key, key, n);
    if (x->aead_api) { /* the context is made with the first message's tag length */
        if (x->c)
            x->L->f.EVP_AEAD_CTX_free(x->c);
        x->c = NULL;
        return 0;
    }
    if (s->alg->mode == CB_MODE_CCM) {
        x->ready = 0; /* keyed with its nonce and tag lengths, per message (ccm_start) */
        return 0;
    }
    if (x->ready) { /* a new key for the cipher set up already (speed -rekey): */
        x->rekey = 1; /* set with the next message's IV, in one call, as OpenSSL's
                       * own -aead loop does */
        return 0;
    }
    x->enc = 1;
    if (x->L->f.EVP_CipherInit_ex(x->c, x->evp, NULL, key, NULL, 1) != 1)
        return failed(x);
    x->ready = 1;
    x->ivlen = 12; /* the default of every GCM */
    return 0;
}

/* gcm_start sets the IV (its length first when it changes) for one message. */
static int gcm_start(evp_ctx *x, const uint8_t *iv, size_t ivlen, int enc)
{
    if (ivlen == 0 || ivlen > INT_MAX)
        return -1;
    if (ivlen != x->ivlen) {
        if (x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL) != 1)
            return failed(x);
        x->ivlen = ivlen;
    }
    const uint8_t *key = x->rekey ? x->key : NULL;
    x->rekey = 0;
    if (x->L->f.EVP_CipherInit_ex(x->c, NULL, NULL, key, iv, enc) != 1)
        return failed(x);
    x->enc = enc;
    return 0;
}

/*
 * ccm_start readies one CCM message: CCM's context takes its nonce and tag lengths
 * before the key, so a change of either (or of direction) sets it up anew; with
 * the same lengths the key stays and only the nonce (and, to open, the tag) is set.
 * Then the message length, which CCM needs before the AAD.
 */
static int ccm_start(evp_ctx *x, const uint8_t *iv, size_t ivlen, const uint8_t *tag,
                     size_t taglen, int enc, size_t len)
{
    void *t = enc ? NULL : (void *)tag;
    int outl = 0;
    if (len > INT_MAX || ivlen > 15 || taglen > 16)
        return -1;
    if (!x->ready || x->enc != enc || x->ivlen != ivlen || x->taglen != taglen) {
        x->ready = 0;
        if (x->L->f.EVP_CipherInit_ex(x->c, x->evp, NULL, NULL, NULL, enc) != 1 ||
            x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL) != 1 ||
            x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_SET_TAG, (int)taglen, t) != 1 ||
            x->L->f.EVP_CipherInit_ex(x->c, NULL, NULL, x->key, iv, enc) != 1)
            return failed(x);
        x->ready = 1;
        x->enc = enc;
        x->ivlen = ivlen;
        x->taglen = taglen;
    } else if ((!enc &&
                x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_SET_TAG, (int)taglen, t) != 1) ||
               x->L->f.EVP_CipherInit_ex(x->c, NULL, NULL, NULL, iv, enc) != 1) {
        x->ready = 0;
        return failed(x);
    }
    if (x->L->f.EVP_CipherUpdate(x->c, NULL, &outl, NULL, (int)len) != 1) {
        x->ready = 0;
        return failed(x);
    }
    return 0;
}

/* aad feeds the additional data, if any. */
static int aad_update(evp_ctx *x, const uint8_t *aad, size_t aadlen)
{
    int outl = 0;
    if (!aadlen)
        return 0;
    if (aadlen > INT_MAX ||
        x->L->f.EVP_CipherUpdate(x->c, NULL, &outl, aad, (int)aadlen) != 1)
        return failed(x);
    return 0;
}

/*
 * chacha_nonce: a ChaCha20-Poly1305 nonce of 1..11 bytes means its 12-byte zero
 * extension at the front (kernels/modes/chachapoly.h, OpenSSL 1.1's reading), and the
 * library is given that 12-byte nonce: OpenSSL 3.0 refuses any other length
 * (EVP_CTRL_AEAD_SET_IVLEN fails) and BoringSSL's EVP_AEAD takes 12 bytes only.  The
 * timed messages have 12-byte nonces, so this never runs in a measurement.
 */
static const uint8_t *chacha_nonce(const cb_alg *a, const uint8_t *iv, size_t *ivlen,
                                   uint8_t wide[12])
{
    if (a->mode != CB_MODE_CHACHAPOLY || *ivlen == 12 ||
        cb_aead_refuses(a, *ivlen, 16, 0) != NULL)
        return iv;
    memset(wide, 0, 12);
    memcpy(wide + 12 - *ivlen, iv, *ivlen);
    *ivlen = 12;
    return wide;
}

/* aead_context: the EVP_AEAD_CTX for tag length taglen, made anew (keyed with key[])
 * when there is none yet or it was made for another tag length. */
static int aead_context(evp_ctx *x, size_t taglen)
{
    if (x->c && x->taglen == taglen)
        return 0;
    if (x->c)
        x->L->f.EVP_AEAD_CTX_free(x->c);
    x->c = x->L->f.EVP_AEAD_CTX_new(x->evp, x->key, cb_alg_key_bytes(x->alg), taglen);
    x->taglen = taglen;
    return x->c ? 0 : failed(x);
}

/* aead_api_seal and aead_api_open: one message through the EVP_AEAD interface, the
 * tag apart from the ciphertext as cb_alg_impl has it. */
static int aead_api_seal(evp_ctx *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                         size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                         uint8_t *tag, size_t taglen)
{
    static const uint8_t none[1];
    uint8_t nowhere[1];
    size_t got = 0;
    if (aead_context(x, taglen) != 0 ||
        x->L->f.EVP_AEAD_CTX_seal_scatter(x->c, len ? out : nowhere, tag, &got, taglen, iv,
                                          ivlen, len ? in : none, len, NULL, 0,
                                          aadlen ? aad : none, aadlen) != 1 ||
        got != taglen)
        return failed(x);
    return 0;
}

static int aead_api_open(evp_ctx *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                         size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                         const uint8_t *tag, size_t taglen)
{
    static const uint8_t none[1];
    uint8_t nowhere[1];
    return aead_context(x, taglen) == 0 &&
                   x->L->f.EVP_AEAD_CTX_open_gather(x->c, len ? out : nowhere, iv, ivlen,
                                                    len ? in : none, len, tag, taglen,
                                                    aadlen ? aad : none, aadlen) == 1
               ? 0
               : -1;
}

static int aead_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                     size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                     uint8_t *tag, size_t taglen)
{
    evp_ctx *x = s->ctx;
    uint8_t scratch[16], wide[12];
    int outl = 0, ccm = s->alg->mode == CB_MODE_CCM;
    if (taglen == 0 || taglen > 16)
        return -1;
    iv = chacha_nonce(s->alg, iv, &ivlen, wide);
    if (x->aead_api)
        return aead_api_seal(x, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    int rc = ccm ? ccm_start(x, iv, ivlen, NULL, taglen, 1, len) : gcm_start(x, iv, ivlen, 1);
    if (rc || aad_update(x, aad, aadlen))
        return -1;
    /* CCM computes its tag in the data call, so it makes one even for no data */
    if ((len || ccm) && update(x, len ? in : scratch, len ? out : scratch, len))
        return -1;
    if (x->L->f.EVP_CipherFinal_ex(x->c, scratch, &outl) != 1 ||
        x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_GET_TAG, (int)taglen, tag) != 1)
        return failed(x);
    return 0;
}

static int aead_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                     size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                     const uint8_t *tag, size_t taglen)
{
    evp_ctx *x = s->ctx;
    uint8_t scratch[16], wide[12];
    int outl = 0, ok;
    if (taglen == 0 || taglen > 16)
        return -1;
    iv = chacha_nonce(s->alg, iv, &ivlen, wide);
    if (x->aead_api) {
        ok = aead_api_open(x, iv, ivlen, aad, aadlen, in, out, len, tag, taglen) == 0;
    } else if (s->alg->mode == CB_MODE_CCM) {
        /* the data call checks the tag: it fails, and outputs nothing, when wrong */
        ok = ccm_start(x, iv, ivlen, tag, taglen, 0, len) == 0 &&
             aad_update(x, aad, aadlen) == 0 &&
             update(x, len ? in : scratch, len ? out : scratch, len) == 0;
        if (!ok)
            x->ready = 0; /* a refused message leaves CCM's context unkeyed */
    } else {
        ok = gcm_start(x, iv, ivlen, 0) == 0 && aad_update(x, aad, aadlen) == 0 &&
             (!len || update(x, in, out, len) == 0) &&
             x->L->f.EVP_CIPHER_CTX_ctrl(x->c, CTRL_AEAD_SET_TAG, (int)taglen,
                                         (void *)tag) == 1 &&
             x->L->f.EVP_CipherFinal_ex(x->c, scratch, &outl) == 1;
    }
    if (!ok) {
        if (len)
            memset(out, 0, len);
        return failed(x);
    }
    return 0;
}

/* ---- what is offered ----------------------------------------------------------------- */

/* key_fits: the session keeps a copy of an AEAD's key. */
static int key_fits(const cb_alg *a)
{
    return cb_alg_key_bytes(a) <= KEY_MAX;
}

/*
 * fetched: in OpenSSL 3, EVP_sha256() and friends are stand-ins that every init looks
 * up in the providers again; an application that cares fetches the implementation
 * once, as `openssl speed` does, and so do we (the stand-in where fetching is not a
 * thing: 1.1, BoringSSL, LibreSSL).
 */
static const obj *fetched(cb_lib *L, const cb_alg *a, const obj *evp)
{
    int md = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_HMAC;
    const char *name = NULL;
    obj *f = NULL;
    if (!evp)
        return NULL;
    if (md && L->f.EVP_MD_fetch && L->f.EVP_MD_get0_name &&
        (name = L->f.EVP_MD_get0_name(evp)))
        f = L->f.EVP_MD_fetch(NULL, name, NULL);
    else if (!md && L->f.EVP_CIPHER_fetch && L->f.EVP_CIPHER_get0_name &&
             (name = L->f.EVP_CIPHER_get0_name(evp)))
        f = L->f.EVP_CIPHER_fetch(NULL, name, NULL);
    cb_lib_clear_errors(L);
    if (name)
        return f; /* NULL: no provider has it (an old cipher without the legacy one) */
    return evp;   /* kept for the library's lifetime */
}

/*
 * aead_api: BoringSSL (and AWS-LC) have ChaCha20-Poly1305 only in their EVP_AEAD
 * interface (EVP_aead_chacha20_poly1305()), the algorithm's name after "EVP_aead_";
 * its GCM has the EVP_CIPHER too, which is tried first everywhere.
 */
static const obj *aead_api(cb_lib *L, const cb_alg *a, int *is_aead_api)
{
    char name[64];
    cb_lib_evp_name(a, name, sizeof name);
    char full[80];
    snprintf(full, sizeof full, "EVP_aead_%s", name + 4);
    const obj *(*get)(void);
    *(void **)&get = cb_lib_sym(L, full);
    if (!get || !L->f.EVP_AEAD_CTX_new || !L->f.EVP_AEAD_CTX_free ||
        !L->f.EVP_AEAD_CTX_seal_scatter || !L->f.EVP_AEAD_CTX_open_gather)
        return NULL;
    *is_aead_api = 1;
    return get();
}

static int offers(const cb_alg_impl *impl, const cb_alg *a, cb_dir d)
{
    cb_lib *L = (cb_lib *)impl->data;
    if (is_pq(a)) /* names only, as for signatures; a KEM's encaps may be missing */
        return cb_lib_pq_offers(L, a, d);
    /* otherwise what a library offers, it offers both ways */
    cb_lib_alg *slot = alg_slot(L, a);
    if (!slot)
        return 0;
    if (!slot->probed) {
        slot->probed = 1;
        if (a->kind != CB_KIND_PKEY && a->kind != CB_KIND_RAND) {
            char name[64];
            cb_lib_evp_name(a, name, sizeof name);
            const obj *(*get)(void);
            *(void **)&get = cb_lib_sym(L, name);
            slot->evp = get ? get() : NULL;
            slot->evp = fetched(L, a, slot->evp);
            if (!slot->evp && a->kind == CB_KIND_AEAD)
                slot->evp = aead_api(L, a, &slot->aead_api);
        }
        int kind_ok = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_CIPHER ||
                      a->kind == CB_KIND_AEAD || a->kind == CB_KIND_PKEY ||
                      (a->kind == CB_KIND_HMAC && L->f.HMAC_CTX_new && L->f.HMAC_Init_ex &&
                       L->f.HMAC_Update && L->f.HMAC_Final && L->f.HMAC_CTX_free) ||
                      (a->kind == CB_KIND_CMAC && (has_evp_mac(L) || has_cmac_ctx(L))) ||
                      (a->kind == CB_KIND_RAND && L->f.RAND_bytes);
        /* no cryptographic operation runs here, outside the fault guard (only the
         * lookup, the fetch and, for signatures, building the key): whether the
         * answers are right (and the instructions exist) is the check's to find */
        slot->offered = kind_ok && key_fits(a) &&
                        (a->kind == CB_KIND_PKEY   ? cb_lib_pkey_try(L, a)
                         : a->kind == CB_KIND_RAND ? 1
                                                   : slot->evp != NULL);
    }
    return slot->offered;
}

/*
 * why_not names what the library lacks for a: the EVP_ function (for
 * chacha20-poly1305 also the EVP_aead_ one), the provider implementation (OpenSSL 3),
 * the HMAC functions, or what pkey.c says for a public-key algorithm.
 */
static const char *why_not(const cb_alg_impl *impl, const cb_alg *a, char *buf, size_t len)
{
    cb_lib *L = (cb_lib *)impl->data;
    char name[64];
    if (a->kind == CB_KIND_MAC || offers(impl, a, CB_DIR_ENCRYPT))
        return NULL; /* GHASH is measured inside GCM, never through a library */
    if (a->kind == CB_KIND_PKEY)
        return cb_lib_pkey_why(L, a, buf, len);
    if (is_pq(a))
        return cb_lib_pq_why(L, a, buf, len);
    if (a->kind == CB_KIND_HMAC && !(L->f.HMAC_CTX_new && L->f.HMAC_Init_ex &&
                                     L->f.HMAC_Update && L->f.HMAC_Final && L->f.HMAC_CTX_free)) {
        snprintf(buf, len, "has no HMAC_CTX_new, HMAC_Init_ex, HMAC_Update, HMAC_Final");
        return buf;
    }
    if (a->kind == CB_KIND_RAND) {
        snprintf(buf, len, "has no RAND_bytes");
        return buf;
    }
    if (a->kind == CB_KIND_CMAC && !has_evp_mac(L) && !has_cmac_ctx(L)) {
        snprintf(buf, len, "has neither EVP_MAC_fetch and EVP_MAC_init nor CMAC_CTX_new and "
                 "CMAC_Init");
        return buf;
    }
    cb_lib_evp_name(a, name, sizeof name);
    if (cb_lib_sym(L, name))
        snprintf(buf, len, "has %s but no provider it loaded implements it", name);
    else if (a->kind == CB_KIND_AEAD && a->mode == CB_MODE_CHACHAPOLY)
        snprintf(buf, len, "has neither %s nor EVP_aead_%s", name, name + 4);
    else
        snprintf(buf, len, "has no %s", name);
    return buf;
}

void cb_lib_evp_setup(cb_lib *L)
{
    L->impl.offers = offers;
    L->impl.ctx_new = ctx_new;
    L->impl.ctx_abandon = ctx_abandon;
    L->impl.ctx_free = ctx_free;
    L->impl.digest = digest;
    L->impl.mac_init = mac_init;
    L->impl.mac = mac;
    L->impl.cipher_init = cipher_init;
    L->impl.cipher_update = cipher_update;
    L->impl.aead_init = aead_init;
    L->impl.aead_seal = aead_seal;
    L->impl.aead_open = aead_open;
    L->impl.why_not = why_not;
    L->impl.rand = rand_bytes;
}
