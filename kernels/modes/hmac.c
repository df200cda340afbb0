/*
 * kernels/modes/hmac.c - HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)) (FIPS 198-1
 * section 4), on the message-level digest API of kernels/modes/digest.h so that any
 * variant of the digest computes it.
 */
#include "kernels/modes/hmac.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"

/* RFC 2104 section 2: the bytes each padded key is XORed with. */
#define IPAD 0x36
#define OPAD 0x5c

/* key_state hashes the block K0 ^ x into c: the state every MAC starts an inner
 * (x = ipad) or outer (x = opad) hash from. */
static int key_state(cb_digest_ctx *c, const cb_alg *d, const cb_variant *v,
                     const uint8_t *k0, uint8_t x, uint8_t *pad)
{
    for (size_t i = 0; i < d->block_bytes; i++)
        pad[i] = k0[i] ^ x;
    if (cb_digest_init(c, d, v) != 0)
        return -1;
    cb_digest_update(c, pad, d->block_bytes);
    return 0;
}

int cb_hmac_init(cb_hmac *h, const cb_alg *a, const cb_variant *v, const uint8_t *key,
                 size_t key_len)
{
    const cb_alg *d = cb_hmac_digest(a);
    if (!d || !cb_variant_offers(v, d, CB_DIR_DIGEST) || d->block_bytes > CB_DIGEST_BLOCK_MAX)
        return -1;
    /* K0: the key hashed when longer than a block, then zero-padded to the block
     * (FIPS 198-1 section 4 steps 1-3). */
    uint8_t k0[CB_DIGEST_BLOCK_MAX], pad[CB_DIGEST_BLOCK_MAX];
    memset(k0, 0, sizeof k0);
    if (key_len > d->block_bytes)
        cb_digest(d, v, key, key_len, k0);
    else if (key_len)
        memcpy(k0, key, key_len);
    h->alg = a;
    int rc = key_state(&h->inner, d, v, k0, IPAD, pad) | key_state(&h->outer, d, v, k0, OPAD, pad);
    cb_wipe(k0, sizeof k0);
    cb_wipe(pad, sizeof pad);
    return rc ? -1 : 0;
}

void cb_hmac_start(cb_hmac *h)
{
    cb_digest_copy(&h->work, &h->inner);
}

void cb_hmac_update(cb_hmac *h, const uint8_t *in, size_t len)
{
    cb_digest_update(&h->work, in, len);
}

void cb_hmac_final(cb_hmac *h, uint8_t *out)
{
    uint8_t inner[CB_DIGEST_MAX];
    cb_digest_final(&h->work, inner);
    cb_digest_copy(&h->work, &h->outer);
    cb_digest_update(&h->work, inner, h->alg->out_bytes);
    cb_digest_final(&h->work, out);
}

void cb_hmac_mac(cb_hmac *h, const uint8_t *in, size_t len, uint8_t *out)
{
    cb_hmac_start(h);
    cb_hmac_update(h, in, len);
    cb_hmac_final(h, out);
}

void cb_hmac_free(cb_hmac *h)
{
    cb_wipe(h, sizeof *h);
}

int cb_hmac_compose(const cb_alg *a, cb_hmac_oneshot digest, void *arg, const uint8_t *key,
                    size_t key_len, const uint8_t *msg, size_t len, uint8_t *out)
{
    const cb_alg *d = cb_hmac_digest(a);
    size_t b = d->block_bytes, l = d->out_bytes;
    uint8_t k0[CB_DIGEST_BLOCK_MAX] = {0}, *buf = cb_xmalloc(b + (len > l ? len : l));
    int rc = 0;
    if (key_len > b)
        rc = digest(arg, key, key_len, k0);
    else if (key_len)
        memcpy(k0, key, key_len);
    for (size_t i = 0; i < b; i++)
        buf[i] = k0[i] ^ IPAD;
    if (len)
        memcpy(buf + b, msg, len);
    if (rc == 0)
        rc = digest(arg, buf, b + len, out);
    for (size_t i = 0; i < b; i++)
        buf[i] = k0[i] ^ OPAD;
    memcpy(buf + b, out, l);
    if (rc == 0)
        rc = digest(arg, buf, b + l, out);
    free(buf);
    return rc;
}

/* variant_digest: cb_digest as a cb_hmac_oneshot, for cb_hmac_reference. */
typedef struct variant_digest {
    const cb_alg *alg;
    const cb_variant *var;
} variant_digest;

static int digest_on_variant(void *arg, const uint8_t *in, size_t len, uint8_t *out)
{
    const variant_digest *vd = arg;
    cb_digest(vd->alg, vd->var, in, len, out);
    return 0;
}

void cb_hmac_reference(const cb_alg *a, const cb_variant *v, const uint8_t *key,
                       size_t key_len, const uint8_t *msg, size_t len, uint8_t *out)
{
    variant_digest vd = {cb_hmac_digest(a), v};
    cb_hmac_compose(a, digest_on_variant, &vd, key, key_len, msg, len, out);
}
