/*
 * kernels/modes/gcm.c - GCM (SP 800-38D) over a cb_gcm_ops variant, and GHASH on its own.
 *
 * One message is: J0 from the IV (7.1 step 2), GHASH over the padded AAD, CTR with
 * inc32 from J0 + 1 over the data with GHASH over the ciphertext, GHASH of the two
 * lengths, and the tag E(K, J0) ^ S.  A stitched variant does as much of the middle
 * part as it likes in one pass; the rest runs here on the variant's ctr32 and GHASH.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/gcm.h"


/* gcm_msg: the per-message state: J0, the running counter block and the hash. */
typedef struct gcm_msg {
    uint8_t j0[16];
    uint8_t ctr[16];
    uint8_t xi[16];
} gcm_msg;

/* ops_of returns the GCM ops of g's variant. */
static const cb_gcm_ops *ops_of(const cb_gcm *g)
{
    return g->var->ops;
}

/* store_be64 writes v most significant byte first. */
static void store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

/* inc32 adds n to the low 32 bits of a counter block, modulo 2^32 (SP 800-38D 6.2). */
static void inc32(uint8_t ctr[16], size_t n)
{
    uint32_t low = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 |
                   (uint32_t)ctr[14] << 8 | ctr[15];
    low += (uint32_t)n;
    ctr[12] = (uint8_t)(low >> 24);
    ctr[13] = (uint8_t)(low >> 16);
    ctr[14] = (uint8_t)(low >> 8);
    ctr[15] = (uint8_t)low;
}

/* ghash_padded folds len bytes into xi, the last partial block padded with zeros
 * (how GCM pads its AAD, ciphertext and a non-96-bit IV). */
static void ghash_padded(const cb_ghash_ops *gh, const void *table, uint8_t xi[16],
                         const uint8_t *p, size_t len)
{
    if (len >= 16)
        gh->blocks(table, xi, p, len / 16);
    if (len % 16) {
        uint8_t b[16] = {0};
        memcpy(b, p + len / 16 * 16, len % 16);
        gh->blocks(table, xi, b, 1);
    }
}

/* ghash_lengths folds in the block [a_bytes * 8]_64 || [c_bytes * 8]_64. */
static void ghash_lengths(const cb_gcm *g, uint8_t xi[16], uint64_t a_bytes,
                          uint64_t c_bytes)
{
    uint8_t b[16];
    store_be64(b, a_bytes * 8);
    store_be64(b + 8, c_bytes * 8);
    ops_of(g)->ghash->blocks(g->htable, xi, b, 1);
}

/* msg_start derives J0 (a 96-bit IV is IV || 0^31 || 1, any other length is hashed
 * with its bit length) and hashes the AAD. */
static void msg_start(const cb_gcm *g, gcm_msg *m, const uint8_t *iv, size_t ivlen,
                      const uint8_t *aad, size_t aadlen)
{
    memset(m, 0, sizeof *m);
    if (ivlen == 12) {
        memcpy(m->j0, iv, 12);
        m->j0[15] = 1;
    } else {
        ghash_padded(ops_of(g)->ghash, g->htable, m->j0, iv, ivlen);
        ghash_lengths(g, m->j0, 0, ivlen);
    }
    memcpy(m->ctr, m->j0, 16);
    inc32(m->ctr, 1);
    ghash_padded(ops_of(g)->ghash, g->htable, m->xi, aad, aadlen);
}

/* msg_crypt encrypts (or decrypts) len bytes and hashes the ciphertext: GHASH reads
 * the ciphertext after CTR when sealing and before it when opening, which also keeps
 * in-place operation right. */
static void msg_crypt(const cb_gcm *g, gcm_msg *m, const uint8_t *in, uint8_t *out,
                      size_t len, int open)
{
    const cb_gcm_ops *o = ops_of(g);
    size_t (*stitched)(const void *, const void *, uint8_t *, uint8_t *, const uint8_t *,
                       uint8_t *, size_t) = open ? o->decrypt : o->encrypt;
    if (stitched) {
        size_t done = stitched(g->ks, g->htable, m->ctr, m->xi, in, out, len);
        in += done;
        out += done;
        len -= done;
    }
    while (len >= 16) {
        /* Whole rest while under two chunks: no call gets fewer than
         * CB_GCM_CHUNK_BLOCKS unless the whole message has fewer (gcm.h). */
        size_t n = len / 16 < 2 * CB_GCM_CHUNK_BLOCKS ? len / 16 : CB_GCM_CHUNK_BLOCKS;
        if (open)
            o->ghash->blocks(g->htable, m->xi, in, n);
        o->aes->ctr32(g->ks, m->ctr, in, out, n);
        if (!open)
            o->ghash->blocks(g->htable, m->xi, out, n);
        inc32(m->ctr, n);
        in += 16 * n;
        out += 16 * n;
        len -= 16 * n;
    }
    if (len) {
        uint8_t b[16] = {0};
        memcpy(b, in, len);
        if (open)
            o->ghash->blocks(g->htable, m->xi, b, 1);
        o->aes->ctr32(g->ks, m->ctr, b, b, 1);
        memcpy(out, b, len);
        if (!open) {
            memset(b + len, 0, 16 - len);
            o->ghash->blocks(g->htable, m->xi, b, 1);
        }
        cb_wipe(b, sizeof b);
    }
}

/* msg_tag hashes the lengths and returns the full tag E(K, J0) ^ S. */
static void msg_tag(const cb_gcm *g, gcm_msg *m, size_t aadlen, size_t len,
                    uint8_t tag[16])
{
    ghash_lengths(g, m->xi, aadlen, len);
    ops_of(g)->aes->ctr32(g->ks, m->j0, m->xi, tag, 1);
}

int cb_gcm_init(cb_gcm *g, const cb_alg *a, const cb_variant *v, const uint8_t *key)
{
    static const uint8_t zero[16];
    memset(g, 0, sizeof *g);
    if (!a || a->mode != CB_MODE_GCM || !v || v->prim != CB_PRIM_GCM || !v->ops)
        return -1;
    const cb_gcm_ops *o = v->ops;
    if (!o->aes || !o->aes->set_encrypt_key || !o->aes->ctr32 || !o->ghash ||
        !o->ghash->init || !o->ghash->blocks)
        return -1;
    g->alg = a;
    g->var = v;
    g->ks = cb_aligned_alloc(64, o->aes->key_size);
    g->htable = cb_aligned_alloc(64, o->ghash->table_size);
    if (o->aes->set_encrypt_key(g->ks, key, a->key_bits) != 0) {
        cb_gcm_free(g);
        return -1;
    }
    /* H = E(K, 0^128) (7.1 step 1): ctr32 of a zero counter block over zero input. */
    o->aes->ctr32(g->ks, zero, zero, g->h, 1);
    o->ghash->init(g->htable, g->h);
    return 0;
}

void cb_gcm_seal(const cb_gcm *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen)
{
    gcm_msg m;
    uint8_t full[16];
    msg_start(g, &m, iv, ivlen, aad, aadlen);
    msg_crypt(g, &m, in, out, len, 0);
    msg_tag(g, &m, aadlen, len, full);
    memcpy(tag, full, taglen < 16 ? taglen : 16);
    cb_wipe(&m, sizeof m);
    cb_wipe(full, sizeof full);
}

int cb_gcm_open(const cb_gcm *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                const uint8_t *tag, size_t taglen)
{
    gcm_msg m;
    uint8_t full[16];
    if (taglen < 1 || taglen > 16) {
        memset(out, 0, len);
        return -1;
    }
    msg_start(g, &m, iv, ivlen, aad, aadlen);
    msg_crypt(g, &m, in, out, len, 1);
    msg_tag(g, &m, aadlen, len, full);
    /* Accumulate every difference so the time does not depend on where it is. */
    unsigned diff = 0;
    for (size_t i = 0; i < taglen; i++)
        diff |= full[i] ^ tag[i];
    cb_wipe(&m, sizeof m);
    cb_wipe(full, sizeof full);
    if (diff) {
        memset(out, 0, len);
        return -1;
    }
    return 0;
}

void cb_gcm_free(cb_gcm *g)
{
    if (g->ks) {
        cb_wipe(g->ks, ops_of(g)->aes->key_size);
        free(g->ks);
    }
    if (g->htable) {
        cb_wipe(g->htable, ops_of(g)->ghash->table_size);
        free(g->htable);
    }
    cb_wipe(g->h, sizeof g->h);
    g->ks = g->htable = NULL;
}

int cb_ghash_init(cb_ghash_ctx *c, const cb_variant *v, const uint8_t h[16])
{
    memset(c, 0, sizeof *c);
    if (!v || v->prim != CB_PRIM_GHASH || !v->ops)
        return -1;
    c->ops = v->ops;
    if (!c->ops->init || !c->ops->blocks)
        return -1;
    c->table = cb_aligned_alloc(64, c->ops->table_size);
    c->ops->init(c->table, h);
    return 0;
}

void cb_ghash_update(cb_ghash_ctx *c, const uint8_t *in, size_t len)
{
    /* A trailing partial block is zero-padded, as GCM pads its AAD and ciphertext. */
    ghash_padded(c->ops, c->table, c->xi, in, len);
}

void cb_ghash_free(cb_ghash_ctx *c)
{
    if (c->table) {
        cb_wipe(c->table, c->ops->table_size);
        free(c->table);
    }
    cb_wipe(c->xi, sizeof c->xi);
    c->table = NULL;
}
