/*
 * kernels/check/check.c - known answers and the cross-check against generic.
 */
#include "kernels/check/check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/chachapoly.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/cmac.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/gcm.h"
#include "kernels/modes/hmac.h"
#include "kernels/op.h"
#include "kernels/registry.h"
#include "kernels/check/checker.h"
#include "kernels/check/kem_check.h"
#include "kernels/check/pkey_check.h"
#include "kernels/check/rand_check.h"
#include "kernels/check/sig_check.h"
#include "kernels/check/vectors/vectors.h"

#define MAX_LEN 1024
/* Room for the longest message plus the largest misalignment used below. */
#define BUF_LEN (MAX_LEN + 64)

/* ---- the message level, whatever the variant is -------------------------------- */

/*
 * The checks run every variant through kernels/op.h, so a primitive variant is
 * checked through kernels/modes/ and a whole-algorithm variant (kernel.h,
 * cb_alg_impl) through its own functions, with the same inputs, layouts and
 * comparisons.
 */

static int msg_digest(const cb_alg *a, const cb_variant *v, const uint8_t *in, size_t len,
                      uint8_t *out)
{
    cb_op o;
    int rc = cb_op_start(&o, a, v, CB_DIR_DIGEST, NULL, 0, NULL) || cb_op_digest(&o, in, len, out);
    cb_op_stop(&o);
    return rc ? -1 : 0;
}

/* msg_aead: a keyed AEAD, one op per direction, as EVP contexts are made for
 * encryption or for decryption. */
typedef struct msg_aead {
    cb_op seal, open;
} msg_aead;

static int msg_aead_init(msg_aead *m, const cb_alg *a, const cb_variant *v,
                         const uint8_t *key)
{
    size_t n = cb_alg_key_bytes(a);
    memset(m, 0, sizeof *m);
    if (cb_op_start(&m->seal, a, v, CB_DIR_ENCRYPT, key, n, NULL) == 0 &&
        cb_op_start(&m->open, a, v, CB_DIR_DECRYPT, key, n, NULL) == 0)
        return 0;
    cb_op_stop(&m->seal);
    return -1;
}

static void msg_aead_free(msg_aead *m)
{
    cb_op_stop(&m->seal);
    cb_op_stop(&m->open);
}

/* msg_hmac: the HMAC or CMAC of in[0..len) under key, twice under one keying and the
 * same both times (the key set up once is reused, as the timed loop reuses it). */
static int msg_hmac(const cb_alg *a, const cb_variant *v, const uint8_t *key, size_t key_len,
                    const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t again[CB_DIGEST_MAX];
    cb_op o;
    int rc = cb_op_start(&o, a, v, CB_DIR_DIGEST, key, key_len, NULL) ||
             cb_op_mac(&o, in, len, out) || cb_op_mac(&o, in, len, again) ||
             memcmp(out, again, a->out_bytes) != 0;
    cb_op_stop(&o);
    return rc ? -1 : 0;
}

/* ---- known answers ---------------------------------------------------------------- */

typedef struct bytes {
    uint8_t *p;
    size_t n;
} bytes;

static int decode(cb_checker *c, const cb_vector *v, const char *field, const char *hex,
                  bytes *out)
{
    out->n = 0;
    out->p = cb_xmalloc(hex ? strlen(hex) / 2 + 1 : 1);
    if (!hex)
        return 0;
    long n = cb_hex_decode(hex, out->p, strlen(hex) / 2 + 1);
    if (n < 0)
        return cb_check_fail(c, "vector '%s' has malformed hex in its %s", v->source, field);
    out->n = (size_t)n;
    return 0;
}

static void message(const cb_vector *v, const bytes *hexmsg, bytes *msg)
{
    if (!v->msg_ascii) {
        *msg = *hexmsg;
        return;
    }
    size_t unit = strlen(v->msg_ascii), times = v->repeat ? v->repeat : 1;
    msg->n = unit * times;
    msg->p = cb_xmalloc(msg->n + 1);
    for (size_t i = 0; i < times; i++)
        memcpy(msg->p + i * unit, v->msg_ascii, unit);
}

static int kat_digest(cb_checker *c, const cb_vector *v, const bytes *msg, const bytes *want)
{
    uint8_t out[CB_DIGEST_MAX];
    int rc = msg_digest(c->alg, c->var, msg->p, msg->n, out);
    c->checks++;
    if (rc || want->n != c->alg->out_bytes || memcmp(out, want->p, want->n) != 0)
        return cb_check_fail(c, "wrong digest for known answer '%s'", v->source);
    return 0;
}

/* xts_equal_halves: an XTS key whose two AES keys are equal (IEEE 1619's first
 * vectors), which OpenSSL 3 refuses, as FIPS 140-3 implementation guidance says to;
 * only a whole-algorithm variant may refuse it. */
static int xts_equal_halves(const cb_checker *c, const bytes *key)
{
    return c->alg->mode == CB_MODE_XTS && cb_variant_impl(c->var) && key->n % 2 == 0 &&
           memcmp(key->p, key->p + key->n / 2, key->n / 2) == 0;
}

static int kat_cipher(cb_checker *c, const cb_vector *v, const bytes *key, const bytes *iv,
                      const bytes *msg, const bytes *want)
{
    uint8_t *out = cb_xmalloc(msg->n + 1);
    int rc = 0;
    for (int d = 0; d < 2 && rc == 0; d++) {
        cb_dir dir = d ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
        if (!cb_variant_offers(c->var, c->alg, dir))
            continue;
        const bytes *from = d ? want : msg, *to = d ? msg : want;
        cb_op ctx;
        if (cb_op_start(&ctx, c->alg, c->var, dir, key->p, key->n,
                            iv->n ? iv->p : NULL) != 0) {
            cb_op_stop(&ctx);
            if (xts_equal_halves(c, key))
                break; /* a library may refuse them: SP 800-38E asks Key1 != Key2 */
            if (cb_variant_impl(c->var) && key->n != cb_alg_key_bytes(c->alg))
                break; /* a library session takes the algorithm's key length only */
            rc = cb_check_fail(c, "cannot be keyed for known answer '%s'", v->source);
            break;
        }
        int bad = cb_op_cipher(&ctx, from->p, out, from->n) != 0 ||
                  memcmp(out, to->p, to->n) != 0;
        cb_op_stop(&ctx);
        c->checks++;
        if (bad)
            rc = cb_check_fail(c, "wrong %s output for known answer '%s'", cb_dir_name(dir), v->source);
    }
    free(out);
    return rc;
}

static int kat_aead(cb_checker *c, const cb_vector *v, const bytes *key, const bytes *iv,
                    const bytes *aad, const bytes *msg, const bytes *want, const bytes *tag)
{
    uint8_t *out = cb_xmalloc(msg->n + 1), t[16];
    msg_aead g;
    int rc = 0;
    if (tag->n > sizeof t || msg_aead_init(&g, c->alg, c->var, key->p) != 0) {
        free(out);
        return cb_check_fail(c, "cannot be keyed for known answer '%s'", v->source);
    }
    c->checks++;
    if (cb_op_seal(&g.seal, iv->p, iv->n, aad->p, aad->n, msg->p, out, msg->n, t, tag->n) != 0 ||
        memcmp(out, want->p, want->n) != 0 || memcmp(t, tag->p, tag->n) != 0)
        rc = cb_check_fail(c, "wrong ciphertext or tag for known answer '%s'", v->source);
    c->checks++;
    if (!rc && (cb_op_unseal(&g.open, iv->p, iv->n, aad->p, aad->n, want->p, out, want->n, tag->p,
                              tag->n) != 0 ||
                memcmp(out, msg->p, msg->n) != 0))
        rc = cb_check_fail(c, "does not open known answer '%s'", v->source);
    msg_aead_free(&g);
    free(out);
    return rc;
}

static int kat_ghash(cb_checker *c, const cb_vector *v, const bytes *h, const bytes *msg,
                     const bytes *want)
{
    cb_ghash_ctx g;
    if (h->n != 16 || cb_ghash_init(&g, c->var, h->p) != 0)
        return cb_check_fail(c, "cannot be keyed for known answer '%s'", v->source);
    cb_ghash_update(&g, msg->p, msg->n);
    int bad = memcmp(g.xi, want->p, 16) != 0;
    cb_ghash_free(&g);
    c->checks++;
    return bad ? cb_check_fail(c, "wrong GHASH for known answer '%s'", v->source) : 0;
}

/* kat_hmac: a known MAC, maybe truncated (shorter than the output), or with no
 * published answer RFC 2104's formula over the generic digest. */
static int kat_hmac(cb_checker *c, const cb_vector *v, const bytes *key, const bytes *msg,
                    const bytes *want)
{
    uint8_t out[CB_DIGEST_MAX], ref[CB_DIGEST_MAX];
    const uint8_t *expect = want->p;
    size_t n = want->n;
    if (!v->expect) {
        const cb_variant *g = cb_variant_generic(cb_hmac_digest(c->alg));
        if (!g)
            return cb_check_fail(c, "no generic digest to compute known answer '%s' with", v->source);
        cb_hmac_reference(c->alg, g, key->p, key->n, msg->p, msg->n, ref);
        expect = ref;
        n = c->alg->out_bytes;
    }
    if (n == 0 || n > c->alg->out_bytes)
        return cb_check_fail(c, "known answer '%s' has a %zu-byte MAC", v->source, n);
    if (msg_hmac(c->alg, c->var, key->p, key->n, msg->p, msg->n, out) != 0)
        return cb_check_fail(c, "cannot be keyed for known answer '%s'", v->source);
    c->checks++;
    return memcmp(out, expect, n) ? cb_check_fail(c, "wrong MAC for known answer '%s'", v->source) : 0;
}

/* kat_cmac: a known CMAC (every vector has its answer), through the variant and,
 * for the generic one, through section 6.2's definition too (cb_cmac_reference). */
static int kat_cmac(cb_checker *c, const cb_vector *v, const bytes *key, const bytes *msg,
                    const bytes *want)
{
    uint8_t out[CB_CMAC_BYTES];
    if (want->n == 0 || want->n > CB_CMAC_BYTES)
        return cb_check_fail(c, "known answer '%s' has a %zu-byte MAC", v->source, want->n);
    if (msg_hmac(c->alg, c->var, key->p, key->n, msg->p, msg->n, out) != 0)
        return cb_check_fail(c, "cannot be keyed for known answer '%s'", v->source);
    c->checks++;
    if (memcmp(out, want->p, want->n) != 0)
        return cb_check_fail(c, "wrong MAC for known answer '%s'", v->source);
    if (c->var != c->ref)
        return 0;
    c->checks++;
    if (cb_cmac_reference(c->alg, c->var, key->p, key->n, msg->p, msg->n, out) != 0 ||
        memcmp(out, want->p, want->n) != 0)
        return cb_check_fail(c, "section 6.2's definition gives another MAC for known "
                                "answer '%s'", v->source);
    return 0;
}

static int run_vector(cb_checker *c, const cb_vector *v)
{
    bytes key = {0}, iv = {0}, aad = {0}, hexmsg = {0}, want = {0}, tag = {0}, msg = {0};
    int rc = decode(c, v, "key", v->key, &key) || decode(c, v, "iv", v->iv, &iv) ||
             decode(c, v, "aad", v->aad, &aad) || decode(c, v, "msg", v->msg, &hexmsg) ||
             decode(c, v, "expect", v->expect, &want) || decode(c, v, "tag", v->tag, &tag);
    if (!rc) {
        message(v, &hexmsg, &msg);
        switch (c->alg->kind) {
        case CB_KIND_DIGEST:
            rc = kat_digest(c, v, &msg, &want);
            break;
        case CB_KIND_CIPHER:
            rc = kat_cipher(c, v, &key, &iv, &msg, &want);
            break;
        case CB_KIND_AEAD:
            rc = kat_aead(c, v, &key, &iv, &aad, &msg, &want, &tag);
            break;
        case CB_KIND_MAC:
            rc = kat_ghash(c, v, &key, &msg, &want);
            break;
        case CB_KIND_HMAC:
            rc = kat_hmac(c, v, &key, &msg, &want);
            break;
        case CB_KIND_CMAC:
            rc = kat_cmac(c, v, &key, &msg, &want);
            break;
        case CB_KIND_PKEY:
        case CB_KIND_KEM:
        case CB_KIND_SIG:
        case CB_KIND_RAND:
            break;
        }
        if (msg.p != hexmsg.p)
            free(msg.p);
    }
    free(key.p), free(iv.p), free(aad.p), free(hexmsg.p), free(want.p), free(tag.p);
    return rc;
}

static const cb_vector *const vector_tables[] = {cb_vectors_digest, cb_vectors_aes,
                                                 cb_vectors_aes_modes,
                                                 cb_vectors_bf,
                                                 cb_vectors_cast5,
                                                 cb_vectors_rc2,
                                                 cb_vectors_idea,
                                                 cb_vectors_rc4,
                                                 cb_vectors_des, cb_vectors_hmac,
                                                 cb_vectors_camellia,
                                                 cb_vectors_seed,
                                                 cb_vectors_sm4,
                                                 cb_vectors_chacha,
                                                 cb_vectors_cmac,
};

size_t cb_vectors_for(const char *alg)
{
    size_t n = 0;
    for (size_t t = 0; t < sizeof vector_tables / sizeof vector_tables[0]; t++)
        for (const cb_vector *v = vector_tables[t]; v->alg; v++)
            n += strcmp(v->alg, alg) == 0;
    for (const cb_mlkem_vector *v = cb_vectors_mlkem; v->alg; v++)
        n += strcmp(v->alg, alg) == 0;
    for (const cb_mldsa_vector *v = cb_vectors_mldsa; v->alg; v++)
        n += strcmp(v->alg, alg) == 0;
    return n;
}

/* kat_poly1305: RFC 8439 A.3's edge cases through a chacha20-poly1305 variant's own
 * Poly1305 (a whole-algorithm variant has none of its own to reach). */
static int kat_poly1305(cb_checker *c)
{
    const cb_chacha_ops *o = c->var->prim == CB_PRIM_CHACHA ? c->var->ops : NULL;
    if (!o || !o->poly || c->alg->mode != CB_MODE_CHACHAPOLY)
        return 0;
    for (const cb_vector *v = cb_vectors_poly1305; v->alg; v++) {
        bytes key = {0}, msg = {0}, want = {0};
        uint8_t tag[16];
        int rc = decode(c, v, "key", v->key, &key) || decode(c, v, "msg", v->msg, &msg) ||
                 decode(c, v, "expect", v->expect, &want);
        if (!rc && (key.n != 32 || want.n != 16))
            rc = cb_check_fail(c, "known answer '%s' is not a Poly1305 key and tag", v->source);
        if (!rc) {
            cb_poly1305_mac(o->poly, key.p, msg.p, msg.n, tag);
            c->checks++;
            if (memcmp(tag, want.p, 16) != 0)
                rc = cb_check_fail(c, "wrong Poly1305 tag for known answer '%s'", v->source);
        }
        free(key.p), free(msg.p), free(want.p);
        if (rc)
            return rc;
    }
    return 0;
}

static int known_answers(cb_checker *c)
{
    unsigned long found = 0;
    if (kat_poly1305(c))
        return 1;
    for (size_t t = 0; t < sizeof vector_tables / sizeof vector_tables[0]; t++)
        for (const cb_vector *v = vector_tables[t]; v->alg; v++) {
            if (strcmp(v->alg, c->alg->name) != 0)
                continue;
            found++;
            if (run_vector(c, v))
                return 1;
        }
    if (!found)
        return cb_check_fail(c, "no known-answer vector is embedded for this algorithm");
    return 0;
}

/* ---- cross-check against generic ------------------------------------------------ */

/* A buffer layout: where input and output sit relative to 64-byte alignment. */
typedef struct layout {
    const char *name;
    size_t in_off, out_off;
    int in_place;
    int split; /* process in two calls, split at a block boundary */
} layout;

static const layout layouts[] = {
    {"aligned", 0, 0, 0, 0},
    {"misaligned in+1 out+3", 1, 3, 0, 0},
    {"in place", 0, 0, 1, 0},
    {"in place misaligned +5", 5, 5, 1, 0},
    {"split in two calls, misaligned +7", 7, 9, 0, 1},
};
#define NLAYOUTS (sizeof layouts / sizeof layouts[0])

/* CFB8_FULL_LEN: where a full check of CFB8 stops taking every length.  CFB8 runs
 * one block encryption per byte, each byte the same path, so a byte costs 16 times a
 * CTR byte (under QEMU its lengths 257..1024 alone took 80% of an AArch64 selftest)
 * while 256 bytes already span 16 blocks, more than any kernel interleaves; past it the
 * quick depth's larger lengths are checked. */
#define CFB8_FULL_LEN 256

static int want_len(const cb_alg *a, cb_check_depth depth, size_t len)
{
    if (len <= 80 ||
        (depth == CB_CHECK_FULL && (a->mode != CB_MODE_CFB8 || len <= CFB8_FULL_LEN)))
        return 1;
    static const size_t extra[] = {95, 127, 128, 129, 255, 256, 511, 512, 513, 1023, 1024};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (extra[i] == len)
            return 1;
    return 0;
}

static int xcheck_digest(cb_checker *c, const uint8_t *src, uint8_t *buf, size_t len)
{
    uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
    if (msg_digest(c->alg, c->ref, src, len, want) != 0)
        return cb_check_fail(c, "generic cannot digest %zu bytes", len);
    for (size_t l = 0; l < 2; l++) {
        memcpy(buf + layouts[l].in_off, src, len);
        int rc = msg_digest(c->alg, c->var, buf + layouts[l].in_off, len, got);
        c->checks++;
        if (rc || memcmp(want, got, c->alg->out_bytes) != 0)
            return cb_check_fail(c, "digest differs from generic at length %zu, layout '%s'", len,
                        layouts[l].name);
    }
    return 0;
}

/* split_point: where the split layout cuts len bytes.  A CTR call's partial block
 * uses up its counter and ECB and CBC take whole blocks, so those cut on a block
 * boundary; OFB and CFB cut mid-block, so their carried position is checked too. */
static size_t split_point(const cb_alg *a, size_t len)
{
    cb_mode m = a->mode;
    if (m == CB_MODE_OFB || m == CB_MODE_CFB || m == CB_MODE_CFB8)
        return len / 2;
    return (len / 2) / a->block_bytes * a->block_bytes;
}

/* cipher_run keys a context and processes len bytes under layout l. */
static int cipher_run(cb_checker *c, const cb_variant *v, cb_dir d, const uint8_t *key,
                      const uint8_t *iv, const uint8_t *src, size_t len, const layout *l,
                      uint8_t *ibuf, uint8_t *obuf, const uint8_t **result)
{
    cb_op ctx;
    if (cb_op_start(&ctx, c->alg, v, d, key, cb_alg_key_bytes(c->alg), iv) != 0) {
        cb_op_stop(&ctx);
        return -1;
    }
    uint8_t *in = (l->in_place ? obuf : ibuf) + l->in_off;
    uint8_t *out = obuf + l->out_off;
    memcpy(in, src, len);
    int rc;
    if (l->split && len > c->alg->block_bytes && cb_cipher_chains(c->alg)) {
        size_t first = split_point(c->alg, len);
        rc = cb_op_cipher(&ctx, in, out, first) ||
             cb_op_cipher(&ctx, in + first, out + first, len - first);
    } else {
        rc = cb_op_cipher(&ctx, in, out, len);
    }
    cb_op_stop(&ctx);
    *result = out;
    return rc ? -1 : 0;
}

static int xcheck_cipher(cb_checker *c, const uint8_t *src, uint8_t *ibuf, uint8_t *obuf,
                         uint8_t *want, size_t len)
{
    if (!cb_cipher_len_ok(c->alg, len))
        return 0;
    uint8_t key[64], iv[CB_IV_MAX]; /* aes-256-xts takes two 32-byte keys */
    cb_check_fill(c, key, sizeof key);
    cb_check_fill(c, iv, sizeof iv);
    for (int d = 0; d < 2; d++) {
        cb_dir dir = d ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
        if (!cb_variant_offers(c->var, c->alg, dir))
            continue;
        const uint8_t *res;
        if (cipher_run(c, c->ref, dir, key, iv, src, len, &layouts[0], ibuf, want, &res))
            return cb_check_fail(c, "generic cannot run %s at length %zu", cb_dir_name(dir), len);
        memmove(want, res, len);
        for (size_t l = 0; l < NLAYOUTS; l++) {
            c->checks++;
            if (cipher_run(c, c->var, dir, key, iv, src, len, &layouts[l], ibuf, obuf, &res) ||
                memcmp(res, want, len) != 0)
                return cb_check_fail(c, "%s differs from generic at length %zu, layout '%s'",
                            cb_dir_name(dir), len, layouts[l].name);
        }
    }
    return 0;
}

/* aead_lengths picks the IV (nonce) and tag lengths for length len: GCM mostly
 * 96-bit IVs with some odd lengths and a full tag, CCM every nonce length 7..13
 * and every tag length 4..16 in turn, ChaCha20-Poly1305 RFC 8439's 12-byte nonce
 * with now and then a shorter one (zero-extended, as OpenSSL takes it) and a
 * truncated tag. */
static void aead_lengths(const cb_alg *a, size_t len, size_t *ivlen, size_t *taglen)
{
    if (a->mode == CB_MODE_CCM) {
        *ivlen = 7 + len % 7;
        *taglen = 4 + 2 * (len / 7 % 7);
        return;
    }
    if (a->mode == CB_MODE_CHACHAPOLY) {
        *ivlen = len % 7 == 3 ? 1 + len % 12 : 12;
        *taglen = len % 5 == 4 ? 1 + len % 16 : 16;
        return;
    }
    *ivlen = len % 7 == 3 ? 1 + len % 60 : 12;
    *taglen = 16;
}

static int xcheck_aead(cb_checker *c, const uint8_t *src, uint8_t *ibuf, uint8_t *obuf,
                       uint8_t *want, size_t len)
{
    uint8_t key[32], iv[64], aad[64], tag_ref[16], tag[16];
    size_t ivlen, tlen, aadlen = len % 41;
    aead_lengths(c->alg, len, &ivlen, &tlen);
    cb_check_fill(c, key, sizeof key);
    cb_check_fill(c, iv, sizeof iv);
    cb_check_fill(c, aad, sizeof aad);
    msg_aead ref, g;
    if (msg_aead_init(&ref, c->alg, c->ref, key) != 0)
        return cb_check_fail(c, "generic cannot be keyed");
    if (msg_aead_init(&g, c->alg, c->var, key) != 0) {
        msg_aead_free(&ref);
        return cb_check_fail(c, "cannot be keyed");
    }
    int rc = 0;
    if (cb_op_seal(&ref.seal, iv, ivlen, aad, aadlen, src, want, len, tag_ref, tlen) != 0)
        rc = cb_check_fail(c, "generic cannot seal %zu bytes (IV %zu bytes, tag %zu)", len, ivlen,
                  tlen);
    for (size_t l = 0; l < NLAYOUTS && !rc; l++) {
        const layout *ly = &layouts[l];
        uint8_t *in = (ly->in_place ? obuf : ibuf) + ly->in_off, *out = obuf + ly->out_off;
        memcpy(in, src, len);
        c->checks++;
        if (cb_op_seal(&g.seal, iv, ivlen, aad, aadlen, in, out, len, tag, tlen) != 0 ||
            memcmp(out, want, len) != 0 || memcmp(tag, tag_ref, tlen) != 0) {
            rc = cb_check_fail(c, "seal differs from generic at length %zu (IV %zu bytes, AAD %zu, "
                      "tag %zu), layout '%s'", len, ivlen, aadlen, tlen, ly->name);
            break;
        }
        memcpy(in, want, len);
        if (!ly->in_place)
            memset(out, 0xa5, len); /* a kernel reading its output must not pass */
        c->checks++;
        if (cb_op_unseal(&g.open, iv, ivlen, aad, aadlen, in, out, len, tag_ref, tlen) != 0 ||
            memcmp(out, src, len) != 0)
            rc = cb_check_fail(c, "open fails at length %zu, layout '%s'", len, ly->name);
    }
    if (!rc) {
        uint8_t bad[16];
        memcpy(bad, tag_ref, 16);
        bad[len % tlen] ^= 0x01;
        c->checks++;
        if (cb_op_unseal(&g.open, iv, ivlen, aad, aadlen, want, obuf, len, bad, tlen) == 0)
            rc = cb_check_fail(c, "accepts a forged tag at length %zu", len);
    }
    msg_aead_free(&g);
    msg_aead_free(&ref);
    return rc;
}

static int xcheck_ghash(cb_checker *c, const uint8_t *src, uint8_t *ibuf, size_t len)
{
    if (len % 16)
        return 0;
    uint8_t h[16];
    cb_check_fill(c, h, sizeof h);
    cb_ghash_ctx ref, g;
    if (cb_ghash_init(&ref, c->ref, h) != 0 || cb_ghash_init(&g, c->var, h) != 0)
        return cb_check_fail(c, "cannot be keyed");
    cb_ghash_update(&ref, src, len);
    memcpy(ibuf + 1, src, len);
    cb_ghash_update(&g, ibuf + 1, len);
    c->checks++;
    int bad = memcmp(ref.xi, g.xi, 16) != 0;
    cb_ghash_free(&ref);
    cb_ghash_free(&g);
    return bad ? cb_check_fail(c, "GHASH differs from generic at length %zu, misaligned +1", len) : 0;
}

/*
 * xcheck_hmac: the variant's MAC against generic's for a key whose length moves with
 * len through empty, shorter than, as long as and longer than the block (hashed
 * first), the message misaligned by 3 and given in two pieces split off the block
 * boundary, so the digest layer's buffering is crossed too.
 */
static int xcheck_hmac(cb_checker *c, const uint8_t *src, uint8_t *ibuf, size_t len)
{
    size_t b = c->alg->block_bytes, out = c->alg->out_bytes;
    size_t key_len = len * 7 % (2 * b + 9), first = len / 3;
    uint8_t key[2 * CB_DIGEST_BLOCK_MAX + 9], want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
    cb_check_fill(c, key, key_len);
    memcpy(ibuf + 3, src, len);
    if (msg_hmac(c->alg, c->ref, key, key_len, src, len, want) != 0)
        return cb_check_fail(c, "cannot be keyed with a %zu-byte key", key_len);
    if (cb_variant_impl(c->var)) { /* its own message level: one call, misaligned */
        if (msg_hmac(c->alg, c->var, key, key_len, ibuf + 3, len, got) != 0)
            return cb_check_fail(c, "cannot be keyed with a %zu-byte key", key_len);
    } else {
        cb_hmac h;
        if (cb_hmac_init(&h, c->alg, c->var, key, key_len) != 0)
            return cb_check_fail(c, "cannot be keyed with a %zu-byte key", key_len);
        cb_hmac_start(&h);
        cb_hmac_update(&h, ibuf + 3, first);
        cb_hmac_update(&h, ibuf + 3 + first, len - first);
        cb_hmac_final(&h, got);
        cb_hmac_free(&h);
    }
    c->checks++;
    if (memcmp(want, got, out) != 0)
        return cb_check_fail(c, "MAC differs from generic at length %zu with a %zu-byte key, "
                    "misaligned +3 in two pieces", len, key_len);
    return 0;
}

/* xcheck_cmac: the variant's CMAC against generic's under a key that changes with
 * len, the message misaligned by 3: every length from 0 crosses the complete and the
 * padded last block, and the chunks cb_aes_cbc_mac hands to cbc_encrypt. */
static int xcheck_cmac(cb_checker *c, const uint8_t *src, uint8_t *ibuf, size_t len)
{
    uint8_t key[32], want[CB_CMAC_BYTES], got[CB_CMAC_BYTES];
    size_t key_len = cb_alg_key_bytes(c->alg);
    cb_check_fill(c, key, key_len);
    memcpy(ibuf + 3, src, len);
    if (msg_hmac(c->alg, c->ref, key, key_len, src, len, want) != 0 ||
        msg_hmac(c->alg, c->var, key, key_len, ibuf + 3, len, got) != 0)
        return cb_check_fail(c, "cannot be keyed with a %zu-byte key", key_len);
    c->checks++;
    if (memcmp(want, got, sizeof want) != 0)
        return cb_check_fail(c, "MAC differs from generic at length %zu, misaligned +3", len);
    return 0;
}

static int cross_check(cb_checker *c, cb_check_depth depth)
{
    uint8_t *src = cb_aligned_alloc(64, BUF_LEN), *ibuf = cb_aligned_alloc(64, BUF_LEN);
    uint8_t *obuf = cb_aligned_alloc(64, BUF_LEN), *want = cb_aligned_alloc(64, BUF_LEN);
    int rc = 0;
    for (size_t len = 0; len <= MAX_LEN && !rc; len++) {
        if (!want_len(c->alg, depth, len))
            continue;
        cb_check_fill(c, src, len);
        switch (c->alg->kind) {
        case CB_KIND_DIGEST:
            rc = xcheck_digest(c, src, ibuf, len);
            break;
        case CB_KIND_CIPHER:
            rc = xcheck_cipher(c, src, ibuf, obuf, want, len);
            break;
        case CB_KIND_AEAD:
            rc = xcheck_aead(c, src, ibuf, obuf, want, len);
            break;
        case CB_KIND_MAC:
            rc = xcheck_ghash(c, src, ibuf, len);
            break;
        case CB_KIND_HMAC:
            rc = xcheck_hmac(c, src, ibuf, len);
            break;
        case CB_KIND_CMAC:
            rc = xcheck_cmac(c, src, ibuf, len);
            break;
        case CB_KIND_PKEY:
        case CB_KIND_KEM:
        case CB_KIND_SIG:
        case CB_KIND_RAND:
            break;
        }
    }
    free(src), free(ibuf), free(obuf), free(want);
    return rc;
}

int cb_check_variant(const cb_alg *a, const cb_variant *v, cb_check_depth depth, char *err,
                     size_t errlen, unsigned long *checks)
{
    cb_checker c = {a, v, cb_variant_generic(a), err, errlen, 0, UINT64_C(0x9e3779b97f4a7c15)};
    err[0] = '\0';
    if (a->kind == CB_KIND_PKEY || a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG ||
        a->kind == CB_KIND_RAND) {
        int rc = a->kind == CB_KIND_KEM    ? cb_check_kem(&c, depth)
                 : a->kind == CB_KIND_SIG  ? cb_check_sig(&c, depth)
                 : a->kind == CB_KIND_RAND ? cb_check_rand(&c, depth)
                                           : cb_check_pkey(&c);
        if (checks)
            *checks = c.checks;
        return rc;
    }
    int rc = known_answers(&c);
    if (!rc && c.ref && c.ref != v)
        rc = cross_check(&c, depth);
    else if (!rc && !c.ref)
        rc = cb_check_fail(&c, "there is no generic variant to cross-check against");
    if (checks)
        *checks = c.checks;
    return rc;
}
