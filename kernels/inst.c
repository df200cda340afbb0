/*
 * kernels/inst.c - turns an algorithm kind into one timed operation.
 *
 * The harness calls cb_inst_run with a batch count, so the per-operation cost of
 * this layer is one indirect call into the message-level API, the same call a user
 * of the kernel would make: kernels/modes/ for primitive variants, the variant's own
 * cb_alg_impl (kernel.h) for whole-algorithm ones, keyed with the same bytes.
 */
#include "kernels/inst.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/gcm.h"
#include "kernels/modes/hmac.h"
#include "kernels/pkey/pkey.h"
#include "kernels/registry.h"

struct cb_inst {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    size_t aad_len;
    void (*run)(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n);
    cb_cipher cipher;
    cb_aead aead;
    cb_ghash_ctx ghash;
    cb_hmac hmac;
    cb_pkey *pkey;
    cb_alg_session whole; /* a whole-algorithm variant's session (whole.impl set) */
    uint8_t *sig;
    size_t siglen;
    uint8_t iv[16];
    uint8_t tag[16];
    uint8_t aad[13];
    uint8_t digest[CB_DIGEST_MAX];
    uint64_t failures;
    int keyed; /* the kind's context was set up and must be freed */
    int rekey; /* CB_INST_REKEY: the AEAD key is set up for every message */
};

/* Fixed key material: benchmarks need no secrecy, and fixed bytes make runs of two
 * builds process identical data.  64 bytes for aes-256-xts's two keys, which differ
 * (OpenSSL 3 refuses equal XTS keys). */
static const uint8_t bench_key[64] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f};
static const uint8_t bench_iv[CB_IV_MAX] = {
    0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88, 0x00, 0x00, 0x00, 0x01,
    0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe, 0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01};

static void run_digest(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        cb_digest(x->alg, x->var, in, len, x->digest);
}

static void run_cipher(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        cb_cipher_update(&x->cipher, in, out, len);
}

/* rekey_builtin sets the AEAD's key up again (CB_INST_REKEY); 0 on success. */
static int rekey_builtin(cb_inst *x)
{
    if (!x->rekey)
        return 0;
    cb_aead_free(&x->aead);
    return cb_aead_init(&x->aead, x->alg, x->var, bench_key);
}

static void run_seal(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (rekey_builtin(x) ||
            cb_aead_seal(&x->aead, x->iv, 12, x->aad, x->aad_len, in, out, len, x->tag, 16))
            x->failures++;
}

static void run_open(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (rekey_builtin(x) ||
            cb_aead_open(&x->aead, x->iv, 12, x->aad, x->aad_len, in, out, len, x->tag, 16))
            x->failures++;
}

static void run_ghash(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        cb_ghash_update(&x->ghash, in, len);
}

static void run_hmac(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        cb_hmac_mac(&x->hmac, in, len, x->digest);
}

/* The message signed and verified: 36 bytes, as `openssl speed` signs. */
static const uint8_t pkey_msg[36] = "cryptobench public-key speed message";

static void run_sign(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t siglen = cb_pkey_sig_max(x->pkey);
        if (cb_pkey_sign(x->pkey, pkey_msg, sizeof pkey_msg, x->sig, &siglen) != 0)
            x->failures++;
    }
}

static void run_verify(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_pkey_verify(x->pkey, pkey_msg, sizeof pkey_msg, x->sig, x->siglen) != 0)
            x->failures++;
}

/* run_derive: one key agreement of the embedded keys into x->sig per operation. */
static void run_derive(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t outlen = 0;
        if (cb_pkey_derive(x->pkey, x->sig, &outlen) != 0)
            x->failures++;
    }
}

/* ---- whole-algorithm variants: one operation is one call of their cb_alg_impl ---- */

static void run_whole_digest(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                             uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        if (x->whole.impl->digest(&x->whole, in, len, x->digest))
            x->failures++;
}

static void run_whole_cipher(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                             uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (x->whole.impl->cipher_update(&x->whole, in, out, len))
            x->failures++;
}

static void run_whole_hmac(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                           uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        if (x->whole.impl->mac(&x->whole, in, len, x->digest))
            x->failures++;
}

static void run_whole_seal(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                           uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if ((x->rekey && x->whole.impl->aead_init(&x->whole, bench_key)) ||
            x->whole.impl->aead_seal(&x->whole, x->iv, 12, x->aad, x->aad_len, in, out, len,
                                     x->tag, 16))
            x->failures++;
}

static void run_whole_open(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                           uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if ((x->rekey && x->whole.impl->aead_init(&x->whole, bench_key)) ||
            x->whole.impl->aead_open(&x->whole, x->iv, 12, x->aad, x->aad_len, in, out, len,
                                     x->tag, 16))
            x->failures++;
}

static void run_whole_sign(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                           uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t siglen = x->whole.impl->sig_max(&x->whole);
        if (x->whole.impl->sign(&x->whole, pkey_msg, sizeof pkey_msg, x->sig, &siglen))
            x->failures++;
    }
}

static void run_whole_verify(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                             uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (x->whole.impl->verify(&x->whole, pkey_msg, sizeof pkey_msg, x->sig, x->siglen))
            x->failures++;
}

/* run_whole_derive: one key agreement of the session's (embedded) keys per operation. */
static void run_whole_derive(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len,
                             uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t outlen = x->alg->out_bytes;
        if (x->whole.impl->derive(&x->whole, x->sig, &outlen))
            x->failures++;
    }
}

/* whole_new keys x's session the way the built-in kinds are keyed below. */
static int whole_new(cb_inst *x)
{
    if (cb_alg_session_open(&x->whole, x->alg, x->var, x->dir) != 0)
        return -1;
    const cb_alg_impl *m = x->whole.impl;
    switch (x->alg->kind) {
    case CB_KIND_DIGEST:
        x->run = run_whole_digest;
        return 0;
    case CB_KIND_CIPHER:
        x->run = run_whole_cipher;
        return m->cipher_init(&x->whole, bench_key, bench_iv);
    case CB_KIND_AEAD:
        x->run = x->dir == CB_DIR_DECRYPT ? run_whole_open : run_whole_seal;
        return m->aead_init(&x->whole, bench_key);
    case CB_KIND_HMAC:
        x->run = run_whole_hmac; /* the 16-byte key of keyed_new below */
        return m->mac_init(&x->whole, bench_key, 16);
    case CB_KIND_PKEY:
        if (x->dir == CB_DIR_DERIVE) {
            x->run = run_whole_derive;
            x->sig = cb_xmalloc(x->alg->out_bytes);
            return 0;
        }
        x->run = x->dir == CB_DIR_VERIFY ? run_whole_verify : run_whole_sign;
        x->sig = cb_xmalloc(m->sig_max(&x->whole));
        return 0;
    default:
        return -1;
    }
}

/* whole_sign_for_verify signs the verified message with a signing session of the
 * same implementation, as the built-in path signs with its own key. */
static int whole_sign_for_verify(cb_inst *x)
{
    cb_alg_session s;
    int rc = cb_alg_session_open(&s, x->alg, x->var, CB_DIR_SIGN);
    if (rc == 0) {
        x->siglen = s.impl->sig_max(&s);
        rc = x->siglen > s.impl->sig_max(&x->whole) ||
             s.impl->sign(&s, pkey_msg, sizeof pkey_msg, x->sig, &x->siglen);
    }
    cb_alg_session_close(&s);
    return rc ? -1 : 0;
}

int cb_inst_len_ok(const cb_alg *a, size_t len, char *err, size_t errlen)
{
    if (a->kind == CB_KIND_CIPHER && a->mode == CB_MODE_XTS && !cb_cipher_len_ok(a, len)) {
        snprintf(err, errlen, "%s encrypts data units of at least 16 bytes, so %zu bytes "
                 "cannot be timed; give 16 or more", a->name, len);
        return 0;
    }
    const char *why = a->kind == CB_KIND_AEAD ? cb_aead_refuses(a, 12, 16, len) : NULL;
    if (why) {
        snprintf(err, errlen, "%s cannot time %zu bytes under its 12-byte nonce (%s); "
                 "give fewer", a->name, len, why);
        return 0;
    }
    int whole_blocks = (a->kind == CB_KIND_CIPHER && !cb_cipher_len_ok(a, len)) ||
                       a->kind == CB_KIND_MAC;
    if (whole_blocks && len % a->block_bytes) {
        snprintf(err, errlen, "%s processes whole %u-byte blocks, so %zu bytes cannot be "
                 "timed; give a multiple of %u", a->name, a->block_bytes, len, a->block_bytes);
        return 0;
    }
    return 1;
}

/* keyed_new keys x for a primitive variant through the message layers. */
static int keyed_new(cb_inst *x, const cb_alg *a, const cb_variant *v, cb_dir d)
{
    int rc = 0;
    switch (a->kind) {
    case CB_KIND_DIGEST:
        x->run = run_digest;
        break;
    case CB_KIND_CIPHER:
        rc = cb_cipher_init(&x->cipher, a, v, d, bench_key, bench_iv);
        x->run = run_cipher;
        break;
    case CB_KIND_AEAD:
        rc = cb_aead_init(&x->aead, a, v, bench_key);
        x->run = d == CB_DIR_DECRYPT ? run_open : run_seal;
        break;
    case CB_KIND_MAC:
        rc = cb_ghash_init(&x->ghash, v, bench_key);
        x->run = run_ghash;
        break;
    case CB_KIND_HMAC:
        /* a 16-byte key, as `openssl speed -hmac` uses; one block after padding */
        rc = cb_hmac_init(&x->hmac, a, v, bench_key, 16);
        x->run = run_hmac;
        break;
    case CB_KIND_PKEY:
        x->pkey = cb_pkey_new(a, v);
        rc = x->pkey ? 0 : -1;
        if (x->pkey) {
            x->sig = cb_xmalloc(cb_pkey_sig_max(x->pkey));
            x->run = d == CB_DIR_VERIFY ? run_verify : d == CB_DIR_DERIVE ? run_derive : run_sign;
        }
        break;
    }
    return rc;
}

cb_inst *cb_inst_new(const cb_alg *a, const cb_variant *v, cb_dir d, int aead, char *err,
                     size_t errlen)
{
    if (!cb_variant_offers(v, a, d)) {
        snprintf(err, errlen, "variant %s does not implement %s %s", v->name, a->name,
                 cb_dir_name(d));
        return NULL;
    }
    cb_inst *x = cb_xcalloc(1, sizeof *x);
    x->alg = a;
    x->var = v;
    x->dir = d;
    memcpy(x->iv, bench_iv, sizeof x->iv);
    for (size_t i = 0; i < sizeof x->aad; i++)
        x->aad[i] = (uint8_t)(0xa0 + i);
    x->aad_len = aead & CB_INST_AAD ? sizeof x->aad : 0;
    x->rekey = (aead & CB_INST_REKEY) && a->kind == CB_KIND_AEAD;
    int rc = cb_variant_impl(v) ? whole_new(x) : keyed_new(x, a, v, d);
    x->keyed = rc == 0;
    if (rc != 0) {
        snprintf(err, errlen, "variant %s could not be set up for %s %s", v->name, a->name,
                 cb_dir_name(d));
        cb_inst_free(x);
        return NULL;
    }
    return x;
}

int cb_inst_prepare(cb_inst *x, uint8_t *in, size_t len, char *err, size_t errlen)
{
    if (x->alg->kind == CB_KIND_PKEY && x->dir == CB_DIR_VERIFY) {
        /* Every timed verification checks a valid signature. */
        int rc;
        if (x->whole.impl) {
            rc = whole_sign_for_verify(x);
        } else {
            x->siglen = cb_pkey_sig_max(x->pkey);
            rc = cb_pkey_sign(x->pkey, pkey_msg, sizeof pkey_msg, x->sig, &x->siglen);
        }
        if (rc != 0) {
            snprintf(err, errlen, "variant %s could not sign for %s verify", x->var->name,
                     x->alg->name);
            return -1;
        }
    }
    if (x->alg->kind == CB_KIND_AEAD && x->dir == CB_DIR_DECRYPT) {
        /* Seal with the generic variant so decryption checks a tag computed by the
         * reference, not by the kernel under test. */
        cb_aead ref;
        if (cb_aead_init(&ref, x->alg, cb_variant_generic(x->alg), bench_key) != 0) {
            snprintf(err, errlen, "no generic %s to prepare ciphertext with", x->alg->name);
            return -1;
        }
        int rc = cb_aead_seal(&ref, x->iv, 12, x->aad, x->aad_len, in, in, len, x->tag, 16);
        cb_aead_free(&ref);
        if (rc != 0) {
            snprintf(err, errlen, "%s cannot seal %zu bytes to time decryption with",
                     x->alg->name, len);
            return -1;
        }
    }
    return 0;
}

void cb_inst_run(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    x->run(x, in, out, len, n);
}

uint64_t cb_inst_failures(const cb_inst *x) { return x->failures; }

void cb_inst_free(cb_inst *x)
{
    if (!x)
        return;
    if (x->whole.impl) {
        cb_alg_session_close(&x->whole);
        free(x->sig);
        free(x);
        return;
    }
    switch (x->keyed ? x->alg->kind : CB_KIND_DIGEST) {
    case CB_KIND_CIPHER:
        cb_cipher_free(&x->cipher);
        break;
    case CB_KIND_AEAD:
        cb_aead_free(&x->aead);
        break;
    case CB_KIND_MAC:
        cb_ghash_free(&x->ghash);
        break;
    case CB_KIND_HMAC:
        cb_hmac_free(&x->hmac);
        break;
    case CB_KIND_PKEY:
        cb_pkey_free(x->pkey);
        free(x->sig);
        break;
    default:
        break;
    }
    free(x);
}
