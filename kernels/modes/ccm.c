/*
 * kernels/modes/ccm.c - CCM (SP 800-38C): a CBC-MAC over the formatted nonce, associated
 * data and payload (Appendix A.2), then CTR with counter blocks of the same nonce
 * (A.3), the first of which encrypts the tag.
 *
 * The CBC-MAC is the variant's cbc_encrypt with the chaining value as the MAC
 * (its ciphertext blocks go to a scratch buffer), so a variant's serial CBC path
 * does the work; the payload's blocks are handed over in place, and only the
 * blocks that need zero padding or a length prefix are assembled here.
 */
#include "kernels/modes/ccm.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/aes_modes.h"
#include "kernels/registry.h"

/* mac_state: the running CBC-MAC value Y and a partly filled block to append. */
typedef struct mac_state {
    const cb_aes_ops *o;
    const void *ks;
    uint8_t y[16];
    uint8_t buf[16];
    size_t used;
} mac_state;

/* mac_blocks folds n whole blocks into y. */
static void mac_blocks(mac_state *m, const uint8_t *in, size_t n)
{
    cb_aes_cbc_mac(m->o, m->ks, m->y, in, n);
}

/* mac_bytes appends len bytes to the formatted input: first into the partial block,
 * then whole blocks straight from in, the rest kept for later. */
static void mac_bytes(mac_state *m, const uint8_t *in, size_t len)
{
    if (m->used) {
        size_t k = 16 - m->used < len ? 16 - m->used : len;
        memcpy(m->buf + m->used, in, k);
        m->used += k;
        in += k;
        len -= k;
        if (m->used < 16)
            return;
        mac_blocks(m, m->buf, 1);
        m->used = 0;
    }
    mac_blocks(m, in, len / 16);
    memcpy(m->buf, in + len / 16 * 16, len % 16);
    m->used = len % 16;
}

/* mac_pad ends a string with zero bytes up to the block boundary (A.2.2, A.2.3). */
static void mac_pad(mac_state *m)
{
    if (!m->used)
        return;
    memset(m->buf + m->used, 0, 16 - m->used);
    mac_blocks(m, m->buf, 1);
    m->used = 0;
}

/* put_be writes v big-endian into n bytes. */
static void put_be(uint8_t *p, size_t n, uint64_t v)
{
    for (size_t i = n; i-- > 0; v >>= 8)
        p[i] = (uint8_t)v;
}

/*
 * cbc_mac computes Y_r over B_0, the encoded associated data and the payload
 * (SP 800-38C 6.1 steps 1-4, A.2): B_0's flags carry Adata, (t - 2) / 2 and q - 1.
 */
static void cbc_mac(const cb_ccm *c, const uint8_t *nonce, size_t nlen, const uint8_t *aad,
                    size_t aadlen, const uint8_t *payload, size_t len, size_t tlen,
                    uint8_t y[16])
{
    size_t q = 15 - nlen;
    mac_state m = {c->var->ops, c->ks, {0}, {0}, 0};
    uint8_t b0[16];
    b0[0] = (uint8_t)((aadlen ? 0x40 : 0) | ((tlen - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nlen);
    put_be(b0 + 1 + nlen, q, len);
    mac_bytes(&m, b0, 16);
    if (aadlen) {
        /* A.2.2: a < 2^16 - 2^8 in two bytes, else 0xfffe and four, else 0xffff and
         * eight */
        uint8_t enc[10] = {0xff, 0xfe};
        size_t n = 2;
        uint64_t a = aadlen;
        if (a < 0xff00) {
            put_be(enc, 2, a);
        } else if (a >> 32 == 0) {
            put_be(enc + 2, 4, a);
            n = 6;
        } else {
            enc[1] = 0xff;
            put_be(enc + 2, 8, a);
            n = 10;
        }
        mac_bytes(&m, enc, n);
        mac_bytes(&m, aad, aadlen);
        mac_pad(&m);
    }
    mac_bytes(&m, payload, len);
    mac_pad(&m);
    memcpy(y, m.y, 16);
    cb_wipe(&m, sizeof m);
}

/* ctr_block sets Ctr_0 (A.3): flags q - 1, the nonce, a q-byte counter of 0. */
static void ctr_block(uint8_t ctr[16], const uint8_t *nonce, size_t nlen)
{
    memset(ctr, 0, 16);
    ctr[0] = (uint8_t)(14 - nlen);
    memcpy(ctr + 1, nonce, nlen);
}

/* tag_and_crypt: S_0 = E(Ctr_0) masks the tag in full (its first tlen bytes are
 * the tag), then Ctr_1 onwards en- or decrypt the payload.  The counter never
 * carries into the nonce: cb_ccm_refuses keeps the payload under 2^(8q) bytes. */
static void tag_and_crypt(const cb_ccm *c, const uint8_t *nonce, size_t nlen,
                          uint8_t y[16], const uint8_t *in, uint8_t *out, size_t len)
{
    const cb_aes_ops *o = c->var->ops;
    uint8_t ctr[16];
    ctr_block(ctr, nonce, nlen);
    cb_aes_ctr(o, c->ks, ctr, y, y, 16);
    cb_aes_ctr(o, c->ks, ctr, in, out, len);
    cb_wipe(ctr, sizeof ctr);
}

const char *cb_ccm_refuses(size_t nlen, size_t tlen, size_t len)
{
    if (nlen < 7 || nlen > 13)
        return "a nonce outside 7..13 bytes";
    if (tlen < 4 || tlen > 16 || tlen % 2)
        return "a tag length that is not 4, 6, 8, 10, 12, 14 or 16 bytes";
    size_t q = 15 - nlen;
    if (q < sizeof(size_t) && len >> (8 * q))
        return "a payload of 2^(8 * (15 - nonce bytes)) bytes or more";
    return NULL;
}

int cb_ccm_init(cb_ccm *c, const cb_alg *a, const cb_variant *v, const uint8_t *key)
{
    memset(c, 0, sizeof *c);
    if (!a || a->mode != CB_MODE_CCM || !cb_variant_offers(v, a, CB_DIR_ENCRYPT))
        return -1;
    const cb_aes_ops *o = v->ops;
    c->alg = a;
    c->var = v;
    c->ks = cb_aligned_alloc(64, o->key_size);
    if (o->set_encrypt_key(c->ks, key, a->key_bits) != 0) {
        cb_ccm_free(c);
        return -1;
    }
    return 0;
}

int cb_ccm_seal(const cb_ccm *c, const uint8_t *nonce, size_t nlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                size_t tlen)
{
    if (cb_ccm_refuses(nlen, tlen, len))
        return -1;
    uint8_t y[16];
    /* the MAC reads the plaintext before CTR may overwrite it in place */
    cbc_mac(c, nonce, nlen, aad, aadlen, in, len, tlen, y);
    tag_and_crypt(c, nonce, nlen, y, in, out, len);
    memcpy(tag, y, tlen);
    cb_wipe(y, sizeof y);
    return 0;
}

int cb_ccm_open(const cb_ccm *c, const uint8_t *nonce, size_t nlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                const uint8_t *tag, size_t tlen)
{
    if (cb_ccm_refuses(nlen, tlen, len)) {
        memset(out, 0, len);
        return -1;
    }
    uint8_t s0[16] = {0}, y[16];
    tag_and_crypt(c, nonce, nlen, s0, in, out, len);
    cbc_mac(c, nonce, nlen, aad, aadlen, out, len, tlen, y);
    /* every byte's difference is accumulated, so the time does not say where the
     * tags part */
    unsigned diff = 0;
    for (size_t i = 0; i < tlen; i++)
        diff |= (unsigned)(y[i] ^ s0[i] ^ tag[i]);
    cb_wipe(y, sizeof y);
    cb_wipe(s0, sizeof s0);
    if (diff) {
        cb_wipe(out, len);
        return -1;
    }
    return 0;
}

void cb_ccm_free(cb_ccm *c)
{
    if (c->ks) {
        cb_wipe(c->ks, ((const cb_aes_ops *)c->var->ops)->key_size);
        free(c->ks);
    }
    c->ks = NULL;
}
