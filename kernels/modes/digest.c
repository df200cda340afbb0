/*
 * kernels/modes/digest.c - whole-message digests over a variant's compression function or
 * sponge absorb step: initial values, padding, length encoding and output byte
 * order, done once here in portable, endian-neutral C (explicit byte loads and
 * stores) so a variant, C or assembly, supplies only cb_digest_ops.blocks.  One
 * table row per algorithm says which of six shapes it has; SHA-3 differs from the
 * Merkle-Damgard digests only in its state (cb_keccak_state, rate included), its
 * padding and its output byte order, MDC-2 in having no padding but zeros, and
 * BLAKE2 in counting bytes and flagging the last block (held back until the end,
 * even when whole) instead of padding.
 */
#include <stddef.h>
#include <string.h>

#include "kernels/modes/digest.h"

/* digest_shape: how a digest pads, orders bytes and outputs around its kernel. */
typedef enum digest_shape {
    SHAPE_MD5,   /* 32-bit words; length and output little-endian (RFC 1321 3.2, 3.5;
                    MD4 and RIPEMD-160 likewise) */
    SHAPE_SHA32, /* 32-bit words big-endian, 64-bit length (FIPS 180-4 5.1.1) */
    SHAPE_SHA64, /* 64-bit words big-endian, 128-bit length (FIPS 180-4 5.1.2) */
    SHAPE_WHIRL, /* 64-bit rows big-endian, 256-bit length (ISO/IEC 10118-3 10.2) */
    SHAPE_SPONGE, /* Keccak lanes little-endian, SHA-3 padding, no length (FIPS 202) */
    SHAPE_ZERO,  /* a state of bytes; a partial last block filled with zeros, whole
                    blocks not padded, no length: MDC-2 as OpenSSL computes it by
                    default (ISO/IEC 10118-2's padding method 1) */
    SHAPE_B2B,   /* BLAKE2b (RFC 7693): 64-bit words little-endian, a byte counter and
                    a final flag instead of padding (cb_blake2_state), the last block,
                    even a whole one, kept back for the final compression */
    SHAPE_B2S    /* BLAKE2s likewise with 32-bit words */
} digest_shape;

/* digest_params: what distinguishes one digest algorithm from its kernel. */
typedef struct cb_digest_params {
    cb_prim prim;
    unsigned out_bytes;    /* tells sha224 from sha256, sha384 from sha512/t, ... */
    digest_shape shape;
    unsigned block;        /* bytes per kernel block: 64, 128, or the sponge's rate */
    const void *iv;        /* the initial chaining value in native words */
    size_t iv_bytes;       /* 0 for the sponge, which starts from all-zero lanes */
} digest_params;

/* params: one row per digest algorithm (the A rows of CB_DIGESTS, kernels/digests.h),
 * found by primitive and output length. */
#define PARAMS_ROW(n, al, NAME, blk, out, shape, iv, hmac, arg)                          \
    {CB_PRIM_##NAME, out, SHAPE_##shape, blk, iv},
static const digest_params params[] = {CB_DIGESTS(CB_DIGEST_NO_P, PARAMS_ROW, ~)};
#undef PARAMS_ROW

/* MD_STATE_BYTES: the chaining value's slot for the Merkle-Damgard digests (SHA-512's
 * 64 bytes, the largest); the sponge's slot is its whole cb_keccak_state. */
#define MD_STATE_BYTES sizeof(((cb_digest_state *)0)->w64)

/* digest_ctx: the state a digest keeps between blocks, then the block buffer at
 * state_bytes (cb_digest_state, kernels/modes/digest.h).  Cleared at the end of every
 * digest. */
typedef cb_digest_state digest_ctx;

/* is_blake2: the shapes that keep their last block back. */
static int is_blake2(const digest_params *p)
{
    return p->shape == SHAPE_B2B || p->shape == SHAPE_B2S;
}

/* state_bytes is where the block buffer starts in the context. */
static size_t state_bytes(const digest_params *p)
{
    if (is_blake2(p))
        return sizeof(cb_blake2_state);
    return p->shape == SHAPE_SPONGE ? sizeof(cb_keccak_state) : MD_STATE_BYTES;
}

/* find_params returns the parameters of a digest algorithm. */
static const digest_params *find_params(const cb_alg *a)
{
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
        if (params[i].prim == a->prim && params[i].out_bytes == a->out_bytes)
            return &params[i];
    return NULL;
}

/* store32_be, store32_le and store64_be write a word byte by byte, so the result
 * does not depend on the host's byte order or on p's alignment. */
static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void store64_be(uint8_t *p, uint64_t v)
{
    store32_be(p, (uint32_t)(v >> 32));
    store32_be(p + 4, (uint32_t)v);
}

/* store64_le writes v low byte first, whatever the host's byte order. */
static void store64_le(uint8_t *p, uint64_t v)
{
    store32_le(p, (uint32_t)v);
    store32_le(p + 4, (uint32_t)(v >> 32));
}

/*
 * md_pad hashes the last len % block bytes of the message (at tail, which may be the
 * context's own buffer) with the padding of FIPS 180-4 section 5.1 (RFC 1321
 * sections 3.1-3.2 for MD5): a 1 bit, zeros, and the message length in bits in the
 * last 8 (SHA-384/512: 16, Whirlpool: 32) bytes of a block.  Bits of the length past
 * the 64th are len >> 61 in the word before the last; above that, zeros.
 */
static void md_pad(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                   const uint8_t *tail, uint64_t len)
{
    uint8_t *buf = ctx->bytes + MD_STATE_BYTES;
    size_t block = p->block;
    size_t len_field = p->shape == SHAPE_WHIRL ? 32 : p->shape == SHAPE_SHA64 ? 16 : 8;
    size_t rem = (size_t)(len % block);
    uint64_t bits = len << 3;

    if (rem && tail != buf)
        memcpy(buf, tail, rem);
    buf[rem++] = 0x80;
    if (rem > block - len_field) {
        memset(buf + rem, 0, block - rem);
        ops->blocks(ctx, buf, 1);
        rem = 0;
    }
    memset(buf + rem, 0, block - 8 - rem);
    if (len_field > 8) /* the bits of the length shifted out of 64 */
        store64_be(buf + block - 16, len >> 61);
    if (p->shape == SHAPE_MD5)
        store64_le(buf + block - 8, bits);
    else
        store64_be(buf + block - 8, bits);
    ops->blocks(ctx, buf, 1);
}

/*
 * sponge_pad absorbs the last len % rate bytes (at tail, which may be the context's
 * own buffer) with SHA-3's suffix and padding:
 * M || 01 || pad10*1 (FIPS 202 sections 5.1 and 6.1).  Read as bytes whose first
 * bit is the least significant (section B.1), the suffix and the first 1 of the
 * padding make 0x06 after the message and the last 1 makes 0x80 in the block's last
 * byte; with one byte of room both land in it (0x86).  This always fits one block.
 */
static void sponge_pad(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                       const uint8_t *tail, uint64_t len)
{
    uint8_t *buf = ctx->bytes + sizeof(cb_keccak_state);
    size_t rem = (size_t)(len % p->block);

    if (rem && tail != buf)
        memcpy(buf, tail, rem);
    memset(buf + rem, 0, p->block - rem);
    buf[rem] = 0x06;
    buf[p->block - 1] |= 0x80;
    ops->blocks(ctx, buf, 1);
}

/* zero_pad hashes the last len % block bytes (at tail, which may be the context's own
 * buffer) filled with zeros to a block; nothing when the message is whole blocks. */
static void zero_pad(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                     const uint8_t *tail, uint64_t len)
{
    uint8_t *buf = ctx->bytes + MD_STATE_BYTES;
    size_t rem = (size_t)(len % p->block);

    if (!rem)
        return;
    if (tail != buf)
        memcpy(buf, tail, rem);
    memset(buf + rem, 0, p->block - rem);
    ops->blocks(ctx, buf, 1);
}

/*
 * blake2_last compresses the message's last block (at tail, which may be the
 * context's own buffer): the 1 to block bytes after the last compressed block (none
 * for the empty message) filled with zeros, the counter raised by those bytes only
 * and the final flag set (RFC 7693 section 3.3).
 */
static void blake2_last(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                        const uint8_t *tail, uint64_t len)
{
    cb_blake2_state *b = (cb_blake2_state *)ctx;
    uint8_t *buf = ctx->bytes + sizeof(cb_blake2_state);
    size_t rem = (size_t)(len % p->block);
    if (rem == 0 && len > 0)
        rem = p->block;
    if (rem && tail != buf)
        memcpy(buf, tail, rem);
    memset(buf + rem, 0, p->block - rem);
    b->last = 1;
    b->last_bytes = rem;
    ops->blocks(ctx, buf, 1);
}

/* put_words64 writes the first n bytes of words, each word in the order store gives
 * it: whole words directly, the part of the last one through a scratch word. */
static void put_words64(const uint64_t *words, unsigned n, uint8_t *out,
                        void (*store)(uint8_t *, uint64_t))
{
    unsigned i = 0;
    for (; i + 8 <= n; i += 8)
        store(out + i, words[i / 8]);
    if (i < n) {
        uint8_t last[8];
        store(last, words[i / 8]);
        memcpy(out + i, last, n - i);
    }
}

/*
 * put_output writes the first out_bytes of the state in the algorithm's byte order.
 * The 32-bit digests are whole words; SHA-512/224 ends in half a word and SHA3-224
 * in half a lane (put_words64).  SHA-3's digest is always shorter than its rate, so
 * it is the first bytes of the state after absorbing (FIPS 202 Algorithm 8 step 9,
 * one squeeze).  Word by word, not byte by byte: at 16-byte messages the output is
 * a visible part of the cost.
 */
static void put_output(const digest_params *p, const digest_ctx *ctx, uint8_t *out)
{
    switch (p->shape) {
    case SHAPE_MD5:
        for (unsigned i = 0; i < p->out_bytes / 4; i++)
            store32_le(out + 4 * i, ctx->w32[i]);
        break;
    case SHAPE_SHA32:
        for (unsigned i = 0; i < p->out_bytes / 4; i++)
            store32_be(out + 4 * i, ctx->w32[i]);
        break;
    case SHAPE_SHA64:
    case SHAPE_WHIRL:
        put_words64(ctx->w64, p->out_bytes, out, store64_be);
        break;
    case SHAPE_ZERO:
        memcpy(out, ctx->bytes, p->out_bytes);
        break;
    case SHAPE_SPONGE:
        put_words64(ctx->keccak.lanes, p->out_bytes, out, store64_le);
        break;
    case SHAPE_B2B:
        put_words64(((const cb_blake2_state *)ctx)->h.w64, p->out_bytes, out, store64_le);
        break;
    case SHAPE_B2S:
        for (unsigned i = 0; i < p->out_bytes / 4; i++)
            store32_le(out + 4 * i, ((const cb_blake2_state *)ctx)->h.w32[i]);
        break;
    }
}

/* init_state sets the initial chaining value, or the sponge's zero lanes and rate. */
static void init_state(const digest_params *p, digest_ctx *ctx)
{
    if (is_blake2(p)) {
        memset(ctx->bytes, 0, sizeof(cb_blake2_state));
        memcpy(ctx->bytes, p->iv, p->iv_bytes);
        return;
    }
    if (p->shape != SHAPE_SPONGE) {
        memcpy(ctx->bytes, p->iv, p->iv_bytes);
        return;
    }
    memset(ctx->keccak.lanes, 0, sizeof ctx->keccak.lanes);
    ctx->keccak.rate = p->block;
}

/* finish pads the message whose last len % block bytes are at tail, writes the
 * digest and wipes the context. */
static void finish(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                   const uint8_t *tail, uint64_t len, uint8_t *out)
{
    if (p->shape == SHAPE_SPONGE)
        sponge_pad(p, ops, ctx, tail, len);
    else if (is_blake2(p))
        blake2_last(p, ops, ctx, tail, len);
    else if (p->shape == SHAPE_ZERO)
        zero_pad(p, ops, ctx, tail, len);
    else
        md_pad(p, ops, ctx, tail, len);
    put_output(p, ctx, out);
    (ops->wipe ? ops->wipe : cb_wipe)(ctx, state_bytes(p) + p->block);
}

/* cb_digest: see kernels/modes/digest.h. */
void cb_digest(const cb_alg *a, const cb_variant *v, const uint8_t *in, size_t len,
               uint8_t *out)
{
    const digest_params *p = find_params(a);
    const cb_digest_ops *ops = v->ops;
    size_t whole = len / p->block;
    digest_ctx ctx;

    if (is_blake2(p) && whole && len % p->block == 0)
        whole--; /* the last block is the final compression's */
    init_state(p, &ctx);
    /* Whole blocks go to the kernel straight from the caller's buffer.  (in may be
     * NULL when len is 0, so it is neither offset nor copied from then.) */
    if (whole) {
        ops->blocks(&ctx, in, whole);
        in += whole * p->block;
    }
    finish(p, ops, &ctx, in, len, out);
}

/* ---- a message in pieces ------------------------------------------------------- */

int cb_digest_init(cb_digest_ctx *c, const cb_alg *a, const cb_variant *v)
{
    const digest_params *p = find_params(a);
    if (!p)
        return -1;
    c->ops = v->ops;
    c->params = p;
    c->total = 0;
    init_state(p, &c->s);
    return 0;
}

/* blake2_update is cb_digest_update for BLAKE2: the buffer holds 1 to block bytes once
 * anything was hashed, and is compressed only when more data follows it. */
static void blake2_update(cb_digest_ctx *c, const uint8_t *in, size_t len)
{
    const digest_params *p = c->params;
    uint8_t *buf = c->s.bytes + state_bytes(p);
    size_t used = c->total ? (size_t)((c->total - 1) % p->block) + 1 : 0;
    c->total += len;
    if (used) {
        size_t take = p->block - used < len ? p->block - used : len;
        memcpy(buf + used, in, take);
        in += take;
        len -= take;
        if (len == 0)
            return;
        c->ops->blocks(&c->s, buf, 1);
    }
    size_t whole = (len - 1) / p->block;
    if (whole)
        c->ops->blocks(&c->s, in, whole);
    memcpy(buf, in + whole * p->block, len - whole * p->block);
}

void cb_digest_update(cb_digest_ctx *c, const uint8_t *in, size_t len)
{
    const digest_params *p = c->params;
    uint8_t *buf = c->s.bytes + state_bytes(p);
    size_t used = (size_t)(c->total % p->block);
    if (len == 0)
        return;
    if (is_blake2(p)) {
        blake2_update(c, in, len);
        return;
    }
    c->total += len;
    if (used) {
        size_t take = p->block - used < len ? p->block - used : len;
        memcpy(buf + used, in, take);
        if (used + take < p->block)
            return;
        c->ops->blocks(&c->s, buf, 1);
        in += take;
        len -= take;
    }
    size_t whole = len / p->block;
    if (whole)
        c->ops->blocks(&c->s, in, whole);
    if (len % p->block)
        memcpy(buf, in + whole * p->block, len % p->block);
}

void cb_digest_final(cb_digest_ctx *c, uint8_t *out)
{
    const digest_params *p = c->params;
    finish(p, c->ops, &c->s, c->s.bytes + state_bytes(p), c->total, out);
}

void cb_digest_copy(cb_digest_ctx *dst, const cb_digest_ctx *src)
{
    const digest_params *p = src->params;
    dst->ops = src->ops;
    dst->params = p;
    dst->total = src->total;
    memcpy(dst->s.bytes, src->s.bytes, state_bytes(p) + (is_blake2(p) ? p->block :
                                                      (size_t)(src->total % p->block)));
}
