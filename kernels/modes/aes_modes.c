/*
 * kernels/modes/aes_modes.c - OFB, CFB, CFB8, IGE and XTS over a variant's ECB functions.
 *
 * OFB, CFB and IGE are serial by definition (each block's input is the previous
 * block's output), so they cost one single-block call per 16 bytes (per byte for
 * CFB8) whatever the variant.  XTS is parallel: the tweaks of a run of blocks are
 * computed first and the XORed blocks go to the variant's ECB function in chunks,
 * so an interleaved kernel keeps its blocks in flight.
 */
#include "kernels/modes/aes_modes.h"

#include <string.h>

/* XTS_CHUNK: blocks handed to ecb_* at once; more than any kernel interleaves (the
 * widest, VAES with AVX-512, keeps 16 in flight) and small enough for the stack. */
#define XTS_CHUNK 32

/* xor_block: out = a ^ b over one block (out may be a or b), in two words: byte
 * order does not matter to XOR. */
static void xor_block(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    uint64_t x[2], y[2];
    memcpy(x, a, 16);
    memcpy(y, b, 16);
    x[0] ^= y[0];
    x[1] ^= y[1];
    memcpy(out, x, 16);
}

/* counter_add adds n to the 128-bit big-endian counter block (SP 800-38A B.1). */
static void counter_add(uint8_t ctr[16], uint64_t n)
{
    for (int i = 15; i >= 0 && n; i--) {
        n += ctr[i];
        ctr[i] = (uint8_t)n;
        n >>= 8;
    }
}

/* CBC_MAC_CHUNK: blocks of scratch output per cbc_encrypt call in cb_aes_cbc_mac. */
#define CBC_MAC_CHUNK 32

void cb_aes_cbc_mac(const cb_aes_ops *o, const void *ks, uint8_t y[16], const uint8_t *in,
                    size_t nblocks)
{
    uint8_t scratch[CBC_MAC_CHUNK * 16];
    /* the first call writes the most: only that much scratch holds ciphertext, so a
     * one-block MAC wipes 16 bytes and not 512 */
    size_t written = nblocks < CBC_MAC_CHUNK ? nblocks : CBC_MAC_CHUNK;
    while (nblocks) {
        size_t k = nblocks < CBC_MAC_CHUNK ? nblocks : CBC_MAC_CHUNK;
        o->cbc_encrypt(ks, y, in, scratch, k);
        in += 16 * k;
        nblocks -= k;
    }
    cb_wipe(scratch, 16 * written);
}

/* ctr32 may not carry out of the low 32 bits, so each call stops where they would
 * wrap and counter_add carries by hand. */
void cb_aes_ctr(const cb_aes_ops *o, const void *ks, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t len)
{
    uint64_t blocks = len / 16;
    while (blocks) {
        uint32_t low = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 |
                       (uint32_t)ctr[14] << 8 | ctr[15];
        uint64_t room = (UINT64_C(1) << 32) - low, n = blocks < room ? blocks : room;
        o->ctr32(ks, ctr, in, out, (size_t)n);
        counter_add(ctr, n);
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    size_t tail = len % 16;
    if (tail) {
        uint8_t buf[16] = {0};
        memcpy(buf, in, tail);
        o->ctr32(ks, ctr, buf, buf, 1);
        memcpy(out, buf, tail);
        counter_add(ctr, 1);
        cb_wipe(buf, sizeof buf);
    }
}

void cb_aes_ofb(const cb_aes_ops *o, const void *ks, uint8_t reg[16], unsigned *used,
                const uint8_t *in, uint8_t *out, size_t len)
{
    unsigned n = *used;
    /* whole blocks when aligned to the keystream: O_j = E(O_j-1), out = in ^ O_j */
    if (n == 0)
        for (; len >= 16; len -= 16, in += 16, out += 16) {
            o->ecb_encrypt(ks, reg, reg, 1);
            xor_block(out, in, reg);
        }
    for (; len; len--, n = (n + 1) % 16) {
        if (n == 0)
            o->ecb_encrypt(ks, reg, reg, 1);
        *out++ = (uint8_t)(*in++ ^ reg[n]);
    }
    *used = n;
}

void cb_aes_cfb(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t reg[16],
                unsigned *used, const uint8_t *in, uint8_t *out, size_t len)
{
    unsigned n = *used;
    /* whole segments when aligned: reg = E(C_j-1), then C_j */
    if (n == 0)
        for (; len >= 16; len -= 16, in += 16, out += 16) {
            uint8_t c[16];
            o->ecb_encrypt(ks, reg, reg, 1);
            memcpy(c, in, 16); /* in may be out */
            xor_block(out, c, reg);
            memcpy(reg, decrypt ? c : out, 16);
        }
    /* a partial segment: reg becomes E(C_j-1) and each byte of it is replaced by the ciphertext byte it
     * produced, so after 16 bytes it holds C_j, the next block's input */
    for (; len; len--, n = (n + 1) % 16) {
        if (n == 0)
            o->ecb_encrypt(ks, reg, reg, 1);
        uint8_t x = *in++;
        *out++ = (uint8_t)(x ^ reg[n]);
        reg[n] = decrypt ? x : (uint8_t)(x ^ reg[n]);
    }
    *used = n;
}

void cb_aes_ige(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t iv[32],
                const uint8_t *in, uint8_t *out, size_t nblocks)
{
    /* x: the previous block on the side the cipher's input is masked with (the
     * ciphertext when encrypting), y: the previous block of the other side */
    uint8_t *x = decrypt ? iv + 16 : iv, *y = decrypt ? iv : iv + 16, t[16], next[16];
    for (; nblocks; nblocks--, in += 16, out += 16) {
        memcpy(next, in, 16); /* in may be out */
        xor_block(t, in, x);
        (decrypt ? o->ecb_decrypt : o->ecb_encrypt)(ks, t, t, 1);
        xor_block(out, t, y);
        memcpy(y, next, 16);
        memcpy(x, out, 16);
    }
    cb_wipe(t, sizeof t);
    cb_wipe(next, sizeof next);
}

void cb_aes_cfb8(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t reg[16],
                 const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t e[16];
    for (size_t k = 0; k < len; k++) {
        o->ecb_encrypt(ks, reg, e, 1);
        uint8_t x = in[k], y = (uint8_t)(x ^ e[0]);
        out[k] = y;
        memmove(reg, reg + 1, 15);
        reg[15] = decrypt ? x : y;
    }
}

/* ---- XTS ----------------------------------------------------------------------- */

/* xts_tweak: a tweak as two little-endian halves; IEEE 1619 5.2 treats the 16 bytes
 * as one little-endian 128-bit polynomial. */
typedef struct xts_tweak {
    uint64_t lo, hi;
} xts_tweak;

/* little_endian: the compiler folds this to a constant, so on little-endian targets
 * the loads and stores below are plain moves. */
static int little_endian(void)
{
    const uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    return first;
}

static uint64_t swap64(uint64_t v)
{
    v = (v & UINT64_C(0x00ff00ff00ff00ff)) << 8 | (v >> 8 & UINT64_C(0x00ff00ff00ff00ff));
    v = (v & UINT64_C(0x0000ffff0000ffff)) << 16 | (v >> 16 & UINT64_C(0x0000ffff0000ffff));
    return v << 32 | v >> 32;
}

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return little_endian() ? v : swap64(v);
}

static void store_le64(uint8_t *p, uint64_t v)
{
    v = little_endian() ? v : swap64(v);
    memcpy(p, &v, 8);
}

/* xts_double multiplies the tweak by alpha in GF(2^128) modulo x^128 + x^7 + x^2 +
 * x + 1 (IEEE 1619 5.2): a shift, and 0x87 folded back when bit 127 falls out. */
static void xts_double(xts_tweak *t)
{
    uint64_t carry = t->hi >> 63;
    t->hi = t->hi << 1 | t->lo >> 63;
    t->lo = t->lo << 1 ^ (UINT64_C(0x87) & (0 - carry));
}

/* xts_xor: out = in ^ t for one block, two word operations. */
static void xts_xor(uint8_t *out, const uint8_t *in, const xts_tweak *t)
{
    store_le64(out, load_le64(in) ^ t->lo);
    store_le64(out + 8, load_le64(in + 8) ^ t->hi);
}

/* xts_blocks runs n whole blocks starting at tweak *t (left at the tweak after
 * them): XOR, one ECB call per chunk on the output buffer, XOR again. */
static void xts_blocks(void (*ecb)(const void *, const uint8_t *, uint8_t *, size_t),
                       const void *ks, xts_tweak *t, const uint8_t *in, uint8_t *out,
                       size_t n)
{
    xts_tweak ts[XTS_CHUNK];
    while (n) {
        size_t k = n < XTS_CHUNK ? n : XTS_CHUNK;
        for (size_t j = 0; j < k; j++) {
            ts[j] = *t;
            xts_xor(out + 16 * j, in + 16 * j, t);
            xts_double(t);
        }
        ecb(ks, out, out, k);
        for (size_t j = 0; j < k; j++)
            xts_xor(out + 16 * j, out + 16 * j, &ts[j]);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
}

/* xts_steal finishes a data unit whose last block has r (1..15) bytes: in and out
 * point at the last whole block, t is its tweak (IEEE 1619 5.3.2 and 5.4.2).
 * Encryption: CC = E(P_m-1) under T_m-1; C_m is CC's first r bytes, and C_m-1 the
 * encryption under T_m of P_m followed by the rest of CC.  Decryption undoes it, so
 * it uses T_m first.  Both read the partial block before writing it (in place). */
static void xts_steal(const cb_aes_ops *o, const void *ks, int decrypt, xts_tweak t,
                      const uint8_t *in, uint8_t *out, size_t r)
{
    void (*ecb)(const void *, const uint8_t *, uint8_t *, size_t) =
        decrypt ? o->ecb_decrypt : o->ecb_encrypt;
    xts_tweak first = t, second = t;
    uint8_t whole[16], mixed[16];
    if (decrypt)
        xts_double(&first); /* T_m undoes the last step of encryption */
    else
        xts_double(&second);
    xts_blocks(ecb, ks, &first, in, whole, 1);
    memcpy(mixed, in + 16, r);
    memcpy(mixed + r, whole + r, 16 - r);
    memcpy(out + 16, whole, r);
    xts_blocks(ecb, ks, &second, mixed, out, 1);
    cb_wipe(whole, sizeof whole);
    cb_wipe(mixed, sizeof mixed);
}

int cb_aes_xts(const cb_aes_ops *o, const void *ks, const void *tweak_ks, int decrypt,
               const uint8_t i[16], const uint8_t *in, uint8_t *out, size_t len)
{
    if (len == 0)
        return 0;
    if (len < 16)
        return -1;
    uint8_t t0[16];
    o->ecb_encrypt(tweak_ks, i, t0, 1);
    xts_tweak t = {load_le64(t0), load_le64(t0 + 8)};
    size_t r = len % 16, whole = len / 16 - (r != 0);
    xts_blocks(decrypt ? o->ecb_decrypt : o->ecb_encrypt, ks, &t, in, out, whole);
    if (r)
        xts_steal(o, ks, decrypt, t, in + 16 * whole, out + 16 * whole, r);
    return 0;
}
