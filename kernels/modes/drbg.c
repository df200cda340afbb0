/*
 * kernels/modes/drbg.c - CTR_DRBG with AES-256 and the derivation function (SP 800-90A
 * Rev. 1, 10.2.1 and 10.3.2), prediction resistance off.
 *
 * The variant's ecb_encrypt does the work: generate's output blocks E(Key, V + 1) ...
 * and the update's three blocks are the encryptions of counter blocks made here (V =
 * (V + 1) mod 2^128 over the whole block), in runs, and one schedule of Key serves
 * until the update replaces it.  The derivation function's BCC is a CBC-MAC on the
 * same ecb_encrypt under its fixed key; it runs when seeding and for additional input
 * only, never in a generate without it (the `speed` case).
 *
 * Secrets: Key, V, the seed material.  No branch or index depends on them: V's
 * carries are arithmetic, and the lengths that steer the rest are public
 * (tests/test_symmetric_ct.c checks it under valgrind on AES-NI).
 */
#include "kernels/modes/drbg.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"

/* KS_CHUNK: counter blocks handed to ecb_encrypt at once, more than any kernel
 * interleaves and small enough for the stack. */
#define KS_CHUNK 32

/* get64, put64: eight bytes big-endian. */
static uint64_t get64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x = x << 8 | p[i];
    return x;
}

/* put64 is on the generate path, twice per output block: one byte swap and one store
 * where the compiler has the builtin (the byte loop ran the 16 KiB rand case at a
 * sixth of the speed of the AES beneath it) */
static void put64(uint8_t *p, uint64_t x)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    x = __builtin_bswap64(x);
    memcpy(p, &x, 8);
#elif defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    memcpy(p, &x, 8);
#else
    for (int i = 7; i >= 0; i--, x >>= 8)
        p[i] = (uint8_t)x;
#endif
}

/* next_counter sets (hi, lo) = (hi, lo) + 1 mod 2^128 and writes it to block: the
 * carry is the arithmetic fact lo == 0 turned into 0 or 1 ((lo | -lo) has its top
 * bit set exactly when lo != 0), no branch on V. */
static void next_counter(uint64_t *hi, uint64_t *lo, uint8_t block[16])
{
    *lo += 1;
#if defined(__GNUC__)
    /* hides lo's value from the optimiser, which otherwise counts the loop around
     * this call in lo itself (its exit then compares V's low word: a branch on V,
     * whose outcome is the length's alone, but that valgrind rightly cannot tell) */
    __asm__("" : "+r"(*lo));
#endif
    *hi += 1 ^ ((*lo | (0 - *lo)) >> 63);
    put64(block, *hi);
    put64(block + 8, *lo);
}

/*
 * keystream writes len bytes of E(Key, V + 1), E(Key, V + 2), ... to out and leaves V
 * at the last counter value used (section 10.2.1.2 steps 2.1-2.2, 10.2.1.5.2 step 4):
 * the counter blocks are made here and encrypted in runs by the variant's ECB, so an
 * interleaved kernel keeps its blocks in flight.  (ctr32 would be one call less, but
 * where its 32-bit counter wraps depends on V, a secret.)
 */
static void keystream(cb_drbg *d, uint8_t *out, size_t len)
{
    uint8_t ctrs[KS_CHUNK * 16], tail[16];
    uint64_t hi = get64(d->v), lo = get64(d->v + 8);
    size_t blocks = len / 16;
    while (blocks) {
        size_t k = blocks < KS_CHUNK ? blocks : KS_CHUNK;
        for (size_t i = 0; i < k; i++)
            next_counter(&hi, &lo, ctrs + 16 * i);
        d->ops->ecb_encrypt(d->ks, ctrs, out, k);
        out += 16 * k;
        blocks -= k;
    }
    if (len % 16) {
        next_counter(&hi, &lo, tail);
        d->ops->ecb_encrypt(d->ks, tail, tail, 1);
        memcpy(out, tail, len % 16);
    }
    put64(d->v, hi);
    put64(d->v + 8, lo);
    cb_wipe(ctrs, sizeof ctrs);
    cb_wipe(tail, sizeof tail);
}

/* rekey expands the schedule of d->key. */
static int rekey(cb_drbg *d)
{
    return d->ops->set_encrypt_key(d->ks, d->key, 8 * CB_DRBG_KEY_BYTES);
}

/* update: CTR_DRBG_Update (10.2.1.2) with seedlen bytes of provided data (NULL: zeros). */
static int update(cb_drbg *d, const uint8_t provided[CB_DRBG_SEED_BYTES])
{
    uint8_t temp[CB_DRBG_SEED_BYTES];
    keystream(d, temp, sizeof temp);
    if (provided)
        for (size_t i = 0; i < sizeof temp; i++)
            temp[i] ^= provided[i];
    memcpy(d->key, temp, CB_DRBG_KEY_BYTES);
    memcpy(d->v, temp + CB_DRBG_KEY_BYTES, CB_DRBG_BLOCK_BYTES);
    cb_wipe(temp, sizeof temp);
    return rekey(d);
}

/* bcc: BCC (10.3.3), the CBC-MAC of n whole blocks (the first being IV) under ks. */
static void bcc(const cb_aes_ops *o, const void *ks, const uint8_t *data, size_t n,
                uint8_t out[16])
{
    memset(out, 0, 16);
    for (size_t b = 0; b < n; b++) {
        for (int i = 0; i < 16; i++)
            out[i] ^= data[16 * b + (size_t)i];
        o->ecb_encrypt(ks, out, out, 1);
    }
}

/* put32 writes v big-endian into four bytes. */
static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/*
 * block_cipher_df: Block_Cipher_df (10.3.2) of the concatenation of up to three
 * strings, returning seedlen bytes in out.  S = L || N || input || 0x80 || 0^*, each
 * BCC input IV(i) || S laid out in one buffer whose first block is the IV.
 */
static int block_cipher_df(const cb_aes_ops *o, const uint8_t *const in[3], const size_t n[3],
                           uint8_t out[CB_DRBG_SEED_BYTES])
{
    size_t l = n[0] + n[1] + n[2];
    if (l > UINT32_MAX - 64)
        return -1;
    size_t slen = (8 + l + 1 + 15) / 16 * 16;
    uint8_t *buf = cb_xcalloc(1, 16 + slen), temp[CB_DRBG_SEED_BYTES], k[32], x[16];
    put32(buf + 16, (uint32_t)l);
    put32(buf + 20, CB_DRBG_SEED_BYTES);
    size_t at = 24;
    for (int i = 0; i < 3; i++) {
        if (n[i])
            memcpy(buf + at, in[i], n[i]);
        at += n[i];
    }
    buf[at] = 0x80;
    void *ks = cb_aligned_alloc(64, o->key_size);
    for (int i = 0; i < 32; i++) /* step 8: K = leftmost keylen bits of 0x00010203... */
        k[i] = (uint8_t)i;
    int rc = o->set_encrypt_key(ks, k, 256);
    for (uint32_t i = 0; i < CB_DRBG_SEED_BYTES / 16; i++) { /* steps 9-10 */
        put32(buf, i);
        bcc(o, ks, buf, 1 + slen / 16, temp + 16 * i);
    }
    memcpy(k, temp, 32); /* steps 11-12: K, X, then X = E(K, X) three times */
    memcpy(x, temp + 32, 16);
    rc |= o->set_encrypt_key(ks, k, 256);
    for (int i = 0; i < 3; i++) {
        o->ecb_encrypt(ks, x, x, 1);
        memcpy(out + 16 * i, x, 16);
    }
    cb_wipe(buf, 16 + slen);
    free(buf);
    cb_wipe(ks, o->key_size);
    free(ks);
    cb_wipe(temp, sizeof temp), cb_wipe(k, sizeof k), cb_wipe(x, sizeof x);
    return rc ? -1 : 0;
}

int cb_drbg_new(cb_drbg *d, const cb_alg *a, const cb_variant *v)
{
    memset(d, 0, sizeof *d);
    if (!a || a->kind != CB_KIND_RAND || !cb_variant_offers(v, a, CB_DIR_DIGEST))
        return -1;
    d->ops = v->ops;
    d->ks = cb_aligned_alloc(64, d->ops->key_size);
    return 0;
}

/* seed: instantiate (10.2.1.3.2) from Key = 0, V = 0, or reseed (10.2.1.4.2) from the
 * state as it is, on the derived seed material. */
static int seed(cb_drbg *d, const uint8_t *const in[3], const size_t n[3])
{
    uint8_t material[CB_DRBG_SEED_BYTES];
    int rc = block_cipher_df(d->ops, in, n, material) || update(d, material);
    cb_wipe(material, sizeof material);
    d->reseed_counter = 1;
    return rc ? -1 : 0;
}

int cb_drbg_instantiate(cb_drbg *d, const uint8_t *entropy, size_t entropy_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                        size_t pers_len)
{
    memset(d->key, 0, sizeof d->key);
    memset(d->v, 0, sizeof d->v);
    if (rekey(d) != 0)
        return -1;
    const uint8_t *in[3] = {entropy, nonce, pers};
    const size_t n[3] = {entropy_len, nonce_len, pers_len};
    return seed(d, in, n);
}

int cb_drbg_reseed(cb_drbg *d, const uint8_t *entropy, size_t entropy_len,
                   const uint8_t *adin, size_t adin_len)
{
    const uint8_t *in[3] = {entropy, adin, NULL};
    const size_t n[3] = {entropy_len, adin_len, 0};
    return seed(d, in, n);
}

int cb_drbg_generate(cb_drbg *d, const uint8_t *adin, size_t adin_len, uint8_t *out,
                     size_t len)
{
    if (len > CB_DRBG_MAX_REQUEST || d->reseed_counter > CB_DRBG_RESEED_INTERVAL)
        return -1;
    uint8_t a[CB_DRBG_SEED_BYTES];
    const uint8_t *provided = NULL;
    if (adin_len) { /* step 2: additional_input = Block_Cipher_df(additional_input) */
        const uint8_t *in[3] = {adin, NULL, NULL};
        const size_t n[3] = {adin_len, 0, 0};
        if (block_cipher_df(d->ops, in, n, a) != 0 || update(d, a) != 0)
            return -1;
        provided = a;
    }
    if (len)
        keystream(d, out, len);
    int rc = update(d, provided); /* step 6; no additional input: 0^seedlen */
    cb_wipe(a, sizeof a);
    d->reseed_counter++;
    return rc ? -1 : 0;
}

/* The personalization string `speed` instantiates with. */
static const char personalization[] = "cryptobench rand (CTR_DRBG AES-256 df)";

int cb_drbg_seed(cb_drbg *d)
{
    uint8_t e[32 + 16];
    int rc = cb_os_random(e, sizeof e) ||
             cb_drbg_instantiate(d, e, 32, e + 32, 16, (const uint8_t *)personalization,
                                 sizeof personalization - 1);
    cb_wipe(e, sizeof e);
    return rc ? -1 : 0;
}

int cb_drbg_bytes(cb_drbg *d, uint8_t *out, size_t len)
{
    do {
        size_t k = len < CB_DRBG_MAX_REQUEST ? len : CB_DRBG_MAX_REQUEST;
        if (d->reseed_counter > CB_DRBG_RESEED_INTERVAL) {
            uint8_t e[32];
            int rc = cb_os_random(e, sizeof e) || cb_drbg_reseed(d, e, sizeof e, NULL, 0);
            cb_wipe(e, sizeof e);
            if (rc)
                return -1;
        }
        if (cb_drbg_generate(d, NULL, 0, out, k) != 0)
            return -1;
        out += k;
        len -= k;
    } while (len);
    return 0;
}

void cb_drbg_free(cb_drbg *d)
{
    if (d->ks && d->ops) {
        cb_wipe(d->ks, d->ops->key_size);
        free(d->ks);
    }
    cb_wipe(d, sizeof *d);
}
