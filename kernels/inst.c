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
#include "kernels/modes/digest.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"

struct cb_inst {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    size_t aad_len;
    void (*run)(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n);
    cb_op op; /* the variant keyed for the case (kernels/op.h) */
    cb_op signer; /* a whole variant's signing op while it signs for verification, kept
                   * here so a fault leaves it to cb_inst_abandon */
    uint8_t *sig;
    size_t siglen;
    uint8_t *ek, *dk, *ct, *ss; /* a KEM's key pair, ciphertext and secret (one block) */
    uint8_t iv[16];
    uint8_t tag[16];
    uint8_t aad[13];
    uint8_t digest[CB_DIGEST_MAX];
    uint64_t failures;
    int keyed; /* op was started and must be stopped */
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
        if (cb_op_digest(&x->op, in, len, x->digest))
            x->failures++;
}

static void run_cipher(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_cipher(&x->op, in, out, len))
            x->failures++;
}

/* rekey sets the AEAD's key up again (CB_INST_REKEY); 0 on success. */
static int rekey(cb_inst *x)
{
    return x->rekey ? cb_op_restart(&x->op, NULL) : 0;
}

static void run_seal(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (rekey(x) ||
            cb_op_seal(&x->op, x->iv, 12, x->aad, x->aad_len, in, out, len, x->tag, 16))
            x->failures++;
}

static void run_open(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (rekey(x) ||
            cb_op_unseal(&x->op, x->iv, 12, x->aad, x->aad_len, in, out, len, x->tag, 16))
            x->failures++;
}

static void run_ghash(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        cb_op_ghash(&x->op, in, len);
}

/* run_mac: one whole HMAC or CMAC of the block per operation. */
static void run_mac(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)out;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_mac(&x->op, in, len, x->digest))
            x->failures++;
}

/* run_rand: one generate of the block's length into out per operation. */
static void run_rand(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_rand(&x->op, out, len))
            x->failures++;
}

/* The message signed and verified: 36 bytes, as `openssl speed` signs. */
static const uint8_t pkey_msg[36] = "cryptobench public-key speed message";

static void run_sign(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t siglen = cb_op_sig_max(&x->op);
        if (cb_op_sign(&x->op, pkey_msg, sizeof pkey_msg, x->sig, &siglen) != 0)
            x->failures++;
    }
}

static void run_verify(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_verify(&x->op, pkey_msg, sizeof pkey_msg, x->sig, x->siglen) != 0)
            x->failures++;
}

/* run_derive: one key agreement of the embedded keys into x->sig per operation. */
static void run_derive(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++) {
        size_t outlen = x->alg->out_bytes;
        if (cb_op_derive(&x->op, x->sig, &outlen) != 0)
            x->failures++;
    }
}

/* A KEM's three runs: every key pair comes from the same seeds (bench_key as d || z)
 * and every encapsulation from the same message (bench_iv), so two builds time
 * identical work; decapsulation takes the reference's ciphertext (cb_inst_prepare). */
static void run_keygen(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_kem_keygen(&x->op, bench_key, x->ek, x->dk) != 0)
            x->failures++;
}

static void run_encaps(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_kem_encaps(&x->op, bench_iv, x->ct, x->ss) != 0)
            x->failures++;
}

static void run_decaps(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_kem_decaps(&x->op, x->ct, x->ss) != 0)
            x->failures++;
}

/* kem_new sizes a KEM case's buffers (one block) and makes the op's key pair. */
static int kem_new(cb_inst *x, const cb_alg *a, cb_dir d)
{
    cb_kem_sizes z;
    if (cb_kem_sizes_of(a, &z) != 0)
        return -1;
    x->sig = cb_xmalloc(z.ek + z.dk + z.ct + z.ss);
    x->ek = x->sig;
    x->dk = x->ek + z.ek;
    x->ct = x->dk + z.dk;
    x->ss = x->ct + z.ct;
    x->run = d == CB_DIR_KEYGEN ? run_keygen : d == CB_DIR_ENCAPS ? run_encaps : run_decaps;
    return cb_op_kem_keygen(&x->op, bench_key, x->ek, x->dk);
}

/* kem_ciphertext encapsulates bench_iv with the generic variant under the same key
 * pair, so every timed decapsulation takes a ciphertext the reference made, and
 * checks that the variant gets its shared secret back. */
static int kem_ciphertext(cb_inst *x)
{
    cb_op ref;
    uint8_t want[CB_KEM_SS_BYTES];
    if (cb_op_start(&ref, x->alg, cb_variant_generic(x->alg), CB_DIR_ENCAPS, NULL, 0, NULL) != 0)
        return -1;
    int rc = cb_op_kem_keygen(&ref, bench_key, NULL, NULL) ||
             cb_op_kem_encaps(&ref, bench_iv, x->ct, want) ||
             cb_op_kem_decaps(&x->op, x->ct, x->ss) || memcmp(want, x->ss, sizeof want) != 0;
    cb_op_stop(&ref);
    return rc ? -1 : 0;
}

/* A signature scheme's key generation (CB_KIND_SIG): every key pair from the same
 * seed (the first 32 bytes of bench_key), as the op's own pair. */
static void run_sig_keygen(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n)
{
    (void)in, (void)out, (void)len;
    for (uint64_t i = 0; i < n; i++)
        if (cb_op_sig_keygen(&x->op, bench_key, NULL, NULL) != 0)
            x->failures++;
}

/* sig_new makes the op's key pair and sizes the signature; sign and verify are the
 * public-key rows' runs (hedged signing, verification of the variant's signature). */
static int sig_new(cb_inst *x, cb_dir d)
{
    if (cb_op_sig_keygen(&x->op, bench_key, NULL, NULL) != 0)
        return -1;
    x->sig = cb_xmalloc(cb_op_sig_max(&x->op));
    x->run = d == CB_DIR_KEYGEN ? run_sig_keygen : d == CB_DIR_VERIFY ? run_verify : run_sign;
    return 0;
}

/* sign_for_verify signs the verified message with a signing op of the same variant
 * (a whole variant's sessions are made per direction, a signature scheme's signer
 * keyed from the same seed; a layered key signs itself). */
static int sign_for_verify(cb_inst *x)
{
    cb_op *s = &x->signer;
    if (!cb_op_whole(&x->op)) {
        x->siglen = cb_op_sig_max(&x->op);
        return cb_op_sign(&x->op, pkey_msg, sizeof pkey_msg, x->sig, &x->siglen);
    }
    int rc = cb_op_start(s, x->alg, x->var, CB_DIR_SIGN, NULL, 0, NULL);
    if (rc == 0) {
        /* a signature scheme's signer takes the verifying op's pair (sig_new) */
        rc = x->alg->kind == CB_KIND_SIG && cb_op_sig_keygen(s, bench_key, NULL, NULL);
        x->siglen = cb_op_sig_max(s);
        rc = rc || x->siglen > cb_op_sig_max(&x->op) ||
             cb_op_sign(s, pkey_msg, sizeof pkey_msg, x->sig, &x->siglen);
        cb_op_stop(s);
    }
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

/* The run of each kind and direction, and the bytes it is keyed with: a 16-byte HMAC
 * key, as `openssl speed -hmac` uses (one block after padding); GHASH's H and a
 * CMAC's cipher key (its own length, as `openssl speed -cmac`) from the same fixed
 * bytes. */
static int keyed_new(cb_inst *x, const cb_alg *a, const cb_variant *v, cb_dir d)
{
    size_t key_len = a->kind == CB_KIND_HMAC ? 16 : cb_alg_key_bytes(a);
    if (cb_op_start(&x->op, a, v, d, bench_key, key_len, bench_iv) != 0)
        return -1;
    x->keyed = 1;
    switch (a->kind) {
    case CB_KIND_DIGEST:
        x->run = run_digest;
        break;
    case CB_KIND_CIPHER:
        x->run = run_cipher;
        break;
    case CB_KIND_AEAD:
        x->run = d == CB_DIR_DECRYPT ? run_open : run_seal;
        break;
    case CB_KIND_MAC:
        x->run = run_ghash;
        break;
    case CB_KIND_HMAC:
    case CB_KIND_CMAC:
        x->run = run_mac;
        break;
    case CB_KIND_RAND:
        x->run = run_rand;
        break;
    case CB_KIND_PKEY:
        x->sig = cb_xmalloc(d == CB_DIR_DERIVE ? a->out_bytes : cb_op_sig_max(&x->op));
        x->run = d == CB_DIR_VERIFY ? run_verify : d == CB_DIR_DERIVE ? run_derive : run_sign;
        break;
    case CB_KIND_KEM:
        return kem_new(x, a, d);
    case CB_KIND_SIG:
        return sig_new(x, d);
    }
    return 0;
}

cb_inst *cb_inst_alloc(const cb_alg *a, const cb_variant *v, cb_dir d, int aead,
                       char *err, size_t errlen)
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
    return x;
}

int cb_inst_key(cb_inst *x, char *err, size_t errlen)
{
    if (keyed_new(x, x->alg, x->var, x->dir) == 0)
        return 0;
    snprintf(err, errlen, "variant %s could not be set up for %s %s", x->var->name,
             x->alg->name, cb_dir_name(x->dir));
    return -1;
}

cb_inst *cb_inst_new(const cb_alg *a, const cb_variant *v, cb_dir d, int aead, char *err,
                     size_t errlen)
{
    cb_inst *x = cb_inst_alloc(a, v, d, aead, err, errlen);
    if (x && cb_inst_key(x, err, errlen) != 0) {
        cb_inst_free(x);
        return NULL;
    }
    return x;
}

int cb_inst_prepare(cb_inst *x, uint8_t *in, size_t len, char *err, size_t errlen)
{
    if ((x->alg->kind == CB_KIND_PKEY || x->alg->kind == CB_KIND_SIG) &&
        x->dir == CB_DIR_VERIFY) {
        /* Every timed verification checks a valid signature. */
        if (sign_for_verify(x) != 0) {
            snprintf(err, errlen, "variant %s could not sign for %s verify", x->var->name,
                     x->alg->name);
            return -1;
        }
    }
    if (x->alg->kind == CB_KIND_KEM && x->dir == CB_DIR_DECAPS && kem_ciphertext(x) != 0) {
        snprintf(err, errlen, "variant %s does not decapsulate the generic variant's %s "
                 "ciphertext to its shared secret", x->var->name, x->alg->name);
        return -1;
    }
    if (x->alg->kind == CB_KIND_AEAD && x->dir == CB_DIR_DECRYPT) {
        /* Seal with the generic variant so decryption checks a tag computed by the
         * reference, not by the kernel under test. */
        cb_op ref;
        if (cb_op_start(&ref, x->alg, cb_variant_generic(x->alg), CB_DIR_ENCRYPT, bench_key,
                        cb_alg_key_bytes(x->alg), NULL) != 0) {
            snprintf(err, errlen, "no generic %s to prepare ciphertext with", x->alg->name);
            return -1;
        }
        int rc = cb_op_seal(&ref, x->iv, 12, x->aad, x->aad_len, in, in, len, x->tag, 16);
        cb_op_stop(&ref);
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
    if (x->keyed)
        cb_op_stop(&x->op);
    free(x->sig);
    free(x);
}

void cb_inst_abandon(cb_inst *x)
{
    if (!x)
        return;
    cb_op_abandon(&x->op);
    cb_op_abandon(&x->signer);
    free(x->sig);
    free(x);
}
