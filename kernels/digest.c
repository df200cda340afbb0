/*
 * kernels/digest.c - whole-message digests over a variant's compression function:
 * initial values, padding, length encoding and output byte order, done once here in
 * portable, endian-neutral C (explicit byte loads and stores) so a variant, C or
 * assembly, supplies only cb_digest_ops.blocks.
 */
#include <stddef.h>
#include <string.h>

#include "kernels/digest.h"

/* digest_params: what distinguishes one digest algorithm from its compression function. */
typedef struct digest_params {
    cb_prim prim;
    unsigned out_bytes;    /* tells sha224 from sha256 and sha384 from sha512 */
    unsigned words;        /* chaining value in words */
    int wide;              /* 64-bit words and a 128-bit length (SHA-384/512) */
    int little_endian;     /* MD5's length and output byte order */
    const uint32_t *iv32;
    const uint64_t *iv64;
} digest_params;

/* RFC 1321 section 3.3, words A..D as numbers (the RFC lists their bytes low first). */
static const uint32_t iv_md5[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
/* FIPS 180-4 section 5.3.1 */
static const uint32_t iv_sha1[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                                    0xc3d2e1f0};
/* FIPS 180-4 section 5.3.2 */
static const uint32_t iv_sha224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
/* FIPS 180-4 section 5.3.3 */
static const uint32_t iv_sha256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
/* FIPS 180-4 section 5.3.4 */
static const uint64_t iv_sha384[8] = {
    0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
    0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
/* FIPS 180-4 section 5.3.5 */
static const uint64_t iv_sha512[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

/* params: one row per digest algorithm, found by primitive and output length. */
static const digest_params params[] = {
    {CB_PRIM_MD5, 16, 4, 0, 1, iv_md5, NULL},
    {CB_PRIM_SHA1, 20, 5, 0, 0, iv_sha1, NULL},
    {CB_PRIM_SHA256, 28, 8, 0, 0, iv_sha224, NULL},
    {CB_PRIM_SHA256, 32, 8, 0, 0, iv_sha256, NULL},
    {CB_PRIM_SHA512, 48, 8, 1, 0, NULL, iv_sha384},
    {CB_PRIM_SHA512, 64, 8, 1, 0, NULL, iv_sha512},
};

/*
 * digest_ctx: the state a digest keeps between blocks; cleared at the end of every
 * digest.  The chaining value comes first so that one wipe of its words and the
 * block buffer covers everything the message touched.
 */
typedef struct digest_ctx {
    union {
        uint32_t w32[16];
        uint64_t w64[8];
    } h;
    uint8_t buf[128];
} digest_ctx;

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

/*
 * pad_tail hashes the last len % block bytes of the message with the padding of
 * FIPS 180-4 section 5.1 (RFC 1321 sections 3.1-3.2 for MD5): a 1 bit, zeros, and
 * the message length in bits in the last 8 (SHA-384/512: 16) bytes of a block.
 */
static void pad_tail(const digest_params *p, const cb_digest_ops *ops, digest_ctx *ctx,
                     const uint8_t *tail, size_t len)
{
    size_t block = p->wide ? 128 : 64;
    size_t len_field = p->wide ? 16 : 8;
    size_t rem = len % block;
    uint64_t bits = (uint64_t)len << 3;

    if (rem)
        memcpy(ctx->buf, tail, rem);
    ctx->buf[rem++] = 0x80;
    if (rem > block - len_field) {
        memset(ctx->buf + rem, 0, block - rem);
        ops->blocks(&ctx->h, ctx->buf, 1);
        rem = 0;
    }
    memset(ctx->buf + rem, 0, block - 8 - rem);
    if (p->wide) /* the high half of the 128-bit length: bits shifted out of 64 */
        store64_be(ctx->buf + block - 16, (uint64_t)len >> 61);
    if (p->little_endian) {
        store32_le(ctx->buf + block - 8, (uint32_t)bits);
        store32_le(ctx->buf + block - 4, (uint32_t)(bits >> 32));
    } else {
        store64_be(ctx->buf + block - 8, bits);
    }
    ops->blocks(&ctx->h, ctx->buf, 1);
}

/* put_output writes the first out_bytes of the chaining value in the algorithm's order. */
static void put_output(const digest_params *p, const digest_ctx *ctx, uint8_t *out)
{
    if (p->wide) {
        for (unsigned i = 0; i < p->out_bytes / 8; i++)
            store64_be(out + 8 * i, ctx->h.w64[i]);
        return;
    }
    for (unsigned i = 0; i < p->out_bytes / 4; i++) {
        if (p->little_endian)
            store32_le(out + 4 * i, ctx->h.w32[i]);
        else
            store32_be(out + 4 * i, ctx->h.w32[i]);
    }
}

/* cb_digest: see kernels/digest.h. */
void cb_digest(const cb_alg *a, const cb_variant *v, const uint8_t *in, size_t len,
               uint8_t *out)
{
    const digest_params *p = find_params(a);
    const cb_digest_ops *ops = v->ops;
    size_t block = p->wide ? 128 : 64;
    size_t whole = len / block;
    digest_ctx ctx;

    if (p->wide)
        memcpy(ctx.h.w64, p->iv64, sizeof ctx.h.w64);
    else
        memcpy(ctx.h.w32, p->iv32, p->words * sizeof ctx.h.w32[0]);

    /* Whole blocks go to the kernel straight from the caller's buffer.  (in may be
     * NULL when len is 0, so it is neither offset nor copied from then.) */
    if (whole) {
        ops->blocks(&ctx.h, in, whole);
        in += whole * block;
    }
    pad_tail(p, ops, &ctx, in, len);
    put_output(p, &ctx, out);

    (ops->wipe ? ops->wipe : cb_wipe)(&ctx, offsetof(digest_ctx, buf) + block);
}
