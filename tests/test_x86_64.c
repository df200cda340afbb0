/*
 * tests/test_x86_64.c - the x86-64 family against the generic variants.
 *
 * For every x86_64 variant this CPU can run (after CRYPTOBENCH_CAPS / OPENSSL_ia32cap
 * masks): the embedded known answers and the full cross-check of kernels/check/check.c
 * (every length 0..1024, five buffer layouts); every length 0..1024 again with the
 * input and output at every offset 1..15, in place and not, plus long messages that
 * run the main loops many times; the kernel contracts the message layers rely on
 * (ctr32 wraps its low word without carry and leaves ctr alone, a stitched GCM
 * kernel does whole steps from its documented minimum and leaves counter and hash
 * where the portable layer expects them); that auto picks the right row for each
 * capability set, masks included; and that the interleave knob really changed the
 * machine code; and that P-256's field arithmetic in assembly agrees with the C on
 * the edge values of its carries and on random inputs.  A variant whose
 * capabilities are missing is reported as UNAVAILABLE, never passed in silence.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/check/check.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/gcm.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"
#include "kernels/x86_64/x86_64.h"
#include "tests/abi/abi.h"
#include "tests/support.h"

#ifndef CB_FAMILY_X86_64
/* main: cross builds for other architectures compile every test; nothing to do. */
int main(void)
{
    printf("test_x86_64: this build has no x86_64 family; nothing to test\n");
    return 0;
}
#else

#include "kernels/generic/mldsa.h"
#include "kernels/generic/mlkem.h"
#include "kernels/generic/p256_r64.h"

#define MAX_LEN 1024
#define LONG_LEN (16384 + 16 * 7 + 5) /* many main-loop steps and a ragged tail */
#define BUF_LEN (LONG_LEN + 64)

/* ---- helpers ---- */

/* rng_state: splitmix64's state, seeded per test so every failure reproduces. */
static uint64_t rng_state;

/* rng_next returns the next splitmix64 output. */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* rng_fill writes n pseudo-random bytes. */
static void rng_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next() >> 56);
}

/* is_x86 tells the rows of kernels/x86_64/family.c from the others. */
static int is_x86(const cb_variant *v)
{
    return strcmp(v->family, "x86_64") == 0;
}

/* The (algorithm, variant) pairs already reported UNAVAILABLE, each said once. */
#define MAX_REPORTED 256
static struct {
    const cb_alg *a;
    const cb_variant *v;
} reported[MAX_REPORTED];
static size_t unavailable_count;

/* runnable: v offers a (any direction) and the effective capabilities allow it; when
 * they do not, says so on stdout (once per pair) and counts it. */
static int runnable(const cb_alg *a, const cb_variant *v)
{
    char why[128];
    if (!cb_variant_offers_any(v, a))
        return 0;
    if (!cb_variant_why_not(v, cb_caps_effective(), why, sizeof why))
        return 1;
    for (size_t i = 0; i < unavailable_count; i++)
        if (reported[i].a == a && reported[i].v == v)
            return 0;
    printf("UNAVAILABLE %-12s %-18s %s\n", a->name, v->name, why);
    if (unavailable_count < MAX_REPORTED) {
        reported[unavailable_count].a = a;
        reported[unavailable_count++].v = v;
    }
    return 0;
}

/* x86_list collects the runnable x86_64 variants of a; returns how many. */
static size_t x86_list(const cb_alg *a, const cb_variant **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < cb_variant_count() && n < max; i++) {
        const cb_variant *v = cb_variant_at(i);
        if (is_x86(v) && runnable(a, v))
            out[n++] = v;
    }
    return n;
}

/* done_or_skip: a test that ran no variant at all reports SKIPPED, not PASSED. */
static void done_or_skip(size_t ran)
{
    if (ran == 0) {
        printf("no x86_64 variant of this test can run here (see UNAVAILABLE above)\n");
        skip();
    }
}

/* bufs: the message, the reference result, and input and output areas (64-byte
 * aligned, LONG_LEN plus room for offsets). */
typedef struct bufs {
    uint8_t *src, *want, *in, *out;
} bufs;

/* bufs_new allocates a set of buffers. */
static bufs bufs_new(void)
{
    bufs b = {cb_aligned_alloc(64, BUF_LEN), cb_aligned_alloc(64, BUF_LEN),
              cb_aligned_alloc(64, BUF_LEN), cb_aligned_alloc(64, BUF_LEN)};
    return b;
}

/* bufs_free releases them. */
static void bufs_free(bufs *b)
{
    free(b->src), free(b->want), free(b->in), free(b->out);
}

/* layout: where input and output sit for one run; in_place puts both at out. */
typedef struct layout {
    size_t in_off, out_off;
    int in_place;
} layout;

/* layout_for gives length len its own pair of offsets from 1..15, so that the sweep
 * over lengths visits every offset on both sides, both in place and not. */
static layout layout_for(size_t len, int in_place)
{
    layout l = {1 + len % 15, 1 + (len / 15 + 7 * in_place) % 15, in_place};
    if (in_place)
        l.in_off = l.out_off;
    return l;
}

/* ---- known answers and the full cross-check of kernels/check/check.c ---- */

/* test_check_full: known answers and kernels/check/check.c's full cross-check. */
static void test_check_full(void **state)
{
    (void)state;
    size_t ran = 0;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        const cb_variant *vs[16];
        size_t n = x86_list(a, vs, 16);
        for (size_t j = 0; j < n; j++, ran++) {
            char err[256];
            unsigned long checks = 0;
            if (cb_check_variant(a, vs[j], CB_CHECK_FULL, err, sizeof err, &checks) != 0)
                fail_msg("%s/%s: %s", a->name, vs[j]->name, err);
            assert_true(checks > 0);
        }
    }
    done_or_skip(ran);
}

/* ---- every offset, in place, long messages ---- */

/* next_len steps through every length 0..MAX_LEN the mode accepts, then one long
 * length; returns 0 after the long one. */
static int next_len(const cb_alg *a, size_t *len)
{
    size_t step = a->kind == CB_KIND_CIPHER && a->mode != CB_MODE_CTR ? a->block_bytes : 1;
    size_t last = LONG_LEN - LONG_LEN % step;
    if (*len >= last)
        return 0;
    *len += step;
    if (*len > MAX_LEN)
        *len = last;
    return 1;
}

/* cipher_once runs one fresh context over len bytes in a single update. */
static void cipher_once(const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *key,
                        const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    cb_cipher c;
    assert_int_equal(cb_cipher_init(&c, a, v, d, key, iv), 0);
    assert_int_equal(cb_cipher_update(&c, in, out, len), 0);
    cb_cipher_free(&c);
}

/* cipher_sweep checks one cipher algorithm and direction for every x86 variant. */
static size_t cipher_sweep(const cb_alg *a, cb_dir d, bufs *b)
{
    const cb_variant *vs[16], *ref = cb_variant_generic(a);
    size_t n = 0, ran = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (is_x86(v) && cb_variant_offers(v, a, d) && runnable(a, v))
            vs[n++] = v;
    }
    if (!n)
        return 0;
    assert_non_null(ref);
    uint8_t key[64], iv[CB_IV_MAX]; /* up to AES-256-XTS's two keys, IGE's two blocks */
    for (size_t len = 0;; ) {
        rng_fill(key, sizeof key);
        rng_fill(iv, sizeof iv);
        rng_fill(b->src, len);
        cipher_once(a, ref, d, key, iv, b->src, b->want, len);
        for (size_t j = 0; j < n; j++) {
            for (int ip = 0; ip < 2; ip++) {
                layout l = layout_for(len, ip);
                uint8_t *in = (ip ? b->out : b->in) + l.in_off, *out = b->out + l.out_off;
                memcpy(in, b->src, len);
                cipher_once(a, vs[j], d, key, iv, in, out, len);
                if (memcmp(out, b->want, len) != 0)
                    fail_msg("%s/%s %s differs from generic at length %zu, in+%zu out+%zu%s",
                             a->name, vs[j]->name, cb_dir_name(d), len, l.in_off, l.out_off,
                             ip ? " in place" : "");
                ran++;
            }
        }
        if (!next_len(a, &len))
            break;
    }
    return ran;
}

/* test_ciphers_every_offset: every AES mode, both directions. */
static void test_ciphers_every_offset(void **state)
{
    (void)state;
    bufs b = bufs_new();
    size_t ran = 0;
    rng_state = 1;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (a->prim != CB_PRIM_AES || a->kind != CB_KIND_CIPHER) /* not CCM */
            continue;
        ran += cipher_sweep(a, CB_DIR_ENCRYPT, &b);
        ran += cipher_sweep(a, CB_DIR_DECRYPT, &b);
    }
    bufs_free(&b);
    done_or_skip(ran);
}

/* gcm_check seals and opens one message with v under layout l against want/tag. */
static void gcm_check(const cb_alg *a, const cb_variant *v, const cb_gcm *g, bufs *b,
                      const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                      size_t len, const uint8_t want_tag[16], layout l)
{
    uint8_t tag[16];
    uint8_t *in = (l.in_place ? b->out : b->in) + l.in_off, *out = b->out + l.out_off;
    memcpy(in, b->src, len);
    cb_gcm_seal(g, iv, ivlen, aad, aadlen, in, out, len, tag, 16);
    if (memcmp(out, b->want, len) != 0 || memcmp(tag, want_tag, 16) != 0)
        fail_msg("%s/%s seal differs from generic at length %zu (AAD %zu), in+%zu out+%zu%s",
                 a->name, v->name, len, aadlen, l.in_off, l.out_off,
                 l.in_place ? " in place" : "");
    /* Poison the output so a kernel that reads it instead of the input is caught. */
    if (!l.in_place)
        memset(out, 0xa5, len);
    memcpy(in, b->want, len);
    if (cb_gcm_open(g, iv, ivlen, aad, aadlen, in, out, len, want_tag, 16) != 0 ||
        memcmp(out, b->src, len) != 0)
        fail_msg("%s/%s open fails at length %zu, in+%zu out+%zu%s", a->name, v->name, len,
                 l.in_off, l.out_off, l.in_place ? " in place" : "");
}

/* gcm_sweep checks one GCM algorithm for every x86 variant; returns the runs. */
static size_t gcm_sweep(const cb_alg *a, bufs *b)
{
    const cb_variant *vs[16], *ref = cb_variant_generic(a);
    size_t n = x86_list(a, vs, 16), ran = 0;
    if (!n)
        return 0;
    assert_non_null(ref);
    for (size_t len = 0;; ) {
        uint8_t key[32], iv[60], aad[48], tag[16];
        /* 96-bit IVs mostly (the fast path); other lengths give J0 a random counter
         * word, which then wraps inside long messages. */
        size_t ivlen = len % 5 == 4 ? 1 + len % 60 : 12, aadlen = len % 48;
        rng_fill(key, sizeof key);
        rng_fill(iv, sizeof iv);
        rng_fill(aad, sizeof aad);
        rng_fill(b->src, len);
        cb_gcm rg;
        assert_int_equal(cb_gcm_init(&rg, a, ref, key), 0);
        cb_gcm_seal(&rg, iv, ivlen, aad, aadlen, b->src, b->want, len, tag, 16);
        cb_gcm_free(&rg);
        for (size_t j = 0; j < n; j++) {
            cb_gcm g;
            assert_int_equal(cb_gcm_init(&g, a, vs[j], key), 0);
            gcm_check(a, vs[j], &g, b, iv, ivlen, aad, aadlen, len, tag, layout_for(len, 0));
            gcm_check(a, vs[j], &g, b, iv, ivlen, aad, aadlen, len, tag, layout_for(len, 1));
            cb_gcm_free(&g);
            ran += 2;
        }
        if (!next_len(a, &len))
            break;
    }
    return ran;
}

/* test_gcm_every_offset: seal and open at every length and offset. */
static void test_gcm_every_offset(void **state)
{
    (void)state;
    bufs b = bufs_new();
    size_t ran = 0;
    rng_state = 2;
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (cb_alg_at(i)->prim == CB_PRIM_GCM)
            ran += gcm_sweep(cb_alg_at(i), &b);
    bufs_free(&b);
    done_or_skip(ran);
}

/* test_digests_every_offset: every digest at every length, misaligned. */
static void test_digests_every_offset(void **state)
{
    (void)state;
    bufs b = bufs_new();
    size_t ran = 0;
    rng_state = 3;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        const cb_variant *vs[16];
        size_t n = a->kind == CB_KIND_DIGEST ? x86_list(a, vs, 16) : 0;
        for (size_t len = 0; n; ) {
            uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
            rng_fill(b.src, len);
            cb_digest(a, cb_variant_generic(a), b.src, len, want);
            for (size_t j = 0; j < n; j++, ran++) {
                size_t off = 1 + len % 15;
                memcpy(b.in + off, b.src, len);
                cb_digest(a, vs[j], b.in + off, len, got);
                if (memcmp(want, got, a->out_bytes) != 0)
                    fail_msg("%s/%s differs from generic at length %zu, offset %zu", a->name,
                             vs[j]->name, len, off);
            }
            if (!next_len(a, &len))
                break;
        }
    }
    bufs_free(&b);
    done_or_skip(ran);
}

/* ---- kernel contracts ---- */

/* generic_keystream writes n blocks of E(K, ctr + i) with ctr's low 32 bits wrapping
 * on their own, built block by block with the generic ECB (kernel.h's ctr32). */
static void generic_keystream(const uint8_t *key, unsigned bits, const uint8_t ctr[16],
                              uint8_t *out, size_t n)
{
    const cb_aes_ops *g = &cb_aes_generic_ops;
    void *ks = cb_aligned_alloc(64, g->key_size);
    assert_int_equal(g->set_encrypt_key(ks, key, bits), 0);
    uint32_t low = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 |
                   (uint32_t)ctr[14] << 8 | ctr[15];
    for (size_t i = 0; i < n; i++, low++) {
        uint8_t blk[16];
        memcpy(blk, ctr, 12);
        blk[12] = (uint8_t)(low >> 24), blk[13] = (uint8_t)(low >> 16);
        blk[14] = (uint8_t)(low >> 8), blk[15] = (uint8_t)low;
        g->ecb_encrypt(ks, blk, out + 16 * i, 1);
    }
    free(ks);
}

/* Across 0xffffffff -> 0 the low word wraps and bytes 0..11 stay as they are. */
static void test_ctr32_wraps_without_carry(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("aes-256-ctr");
    const cb_variant *vs[16];
    size_t n = x86_list(a, vs, 16);
    uint8_t key[32], ctr[16], keep[16], zero[16 * 40] = {0}, want[16 * 40], got[16 * 40];
    rng_state = 4;
    rng_fill(key, sizeof key);
    rng_fill(ctr, sizeof ctr);
    memset(ctr + 12, 0xff, 4);
    ctr[15] = 0xf3; /* wraps after 13 blocks, in the middle of a 16-block step */
    memcpy(keep, ctr, 16);
    generic_keystream(key, 256, ctr, want, 40);
    for (size_t j = 0; j < n; j++) {
        const cb_aes_ops *o = vs[j]->ops;
        void *ks = cb_aligned_alloc(64, o->key_size);
        assert_int_equal(o->set_encrypt_key(ks, key, 256), 0);
        for (size_t nb = 1; nb <= 40; nb++) {
            memset(got, 0, sizeof got);
            o->ctr32(ks, ctr, zero, got, nb);
            if (memcmp(got, want, 16 * nb) != 0)
                fail_msg("%s ctr32 of %zu blocks across the 2^32 wrap differs", vs[j]->name,
                         nb);
            assert_memory_equal(ctr, keep, 16); /* ctr32 does not write ctr back */
        }
        free(ks);
    }
    done_or_skip(n);
}

/* stitched_min returns the documented minimum of a stitched GCM variant. */
static size_t stitched_min(const cb_gcm_ops *o)
{
    if (o == &cb_gcm_aesni_stitched_ops)
        return CB_GCM_STITCH_MIN;
    if (o == &cb_gcm_vaes_avx2_ops)
        return CB_GCM_VAES_AVX2_MIN;
    if (o == &cb_gcm_vaes_avx512_ops)
        return CB_GCM_VAES_AVX512_MIN;
    fail_msg("a stitched GCM variant without a documented minimum length");
    return 0;
}

/*
 * check_stitched calls one stitched kernel directly on len bytes and checks what the
 * portable layer relies on: nothing done below the minimum, whole blocks and at most
 * one step short of len above it, the data right (generic CTR), the hash right
 * (generic GHASH of the ciphertext) and the counter advanced by the blocks done.
 */
static void check_stitched(const cb_alg *a, const cb_variant *v, size_t len, int decrypt,
                           int in_place, bufs *b)
{
    const cb_gcm_ops *o = v->ops;
    uint8_t key[32], ctr[16], xi[16], ctr0[16], xi0[16], want_xi[16];
    rng_fill(key, sizeof key);
    rng_fill(ctr0, sizeof ctr0);
    rng_fill(xi0, sizeof xi0);
    memset(ctr0 + 12, 0xff, 3); /* the low word wraps inside longer runs */
    rng_fill(b->src, len);
    cb_gcm g;
    assert_int_equal(cb_gcm_init(&g, a, v, key), 0);
    memcpy(ctr, ctr0, 16);
    memcpy(xi, xi0, 16);
    size_t (*fn)(const void *, const void *, uint8_t *, uint8_t *, const uint8_t *, uint8_t *,
                 size_t) = decrypt ? o->decrypt : o->encrypt;
    /* Out of place, the output starts poisoned: nothing may be read from it. */
    memcpy(b->in, b->src, len);
    memcpy(b->out, b->src, len);
    if (!in_place)
        memset(b->out, 0xa5, len);
    size_t done = fn(g.ks, g.htable, ctr, xi, in_place ? b->out : b->in, b->out, len);
    size_t min = stitched_min(o);
    if (len < min && done != 0)
        fail_msg("%s did %zu bytes of %zu, below its minimum %zu", v->name, done, len, min);
    else if (done % 16 || done > len || len - done >= min)
        fail_msg("%s %s did %zu of %zu bytes (minimum %zu)", v->name,
                 decrypt ? "decrypt" : "encrypt", done, len, min);
    generic_keystream(key, a->key_bits, ctr0, b->want, done / 16);
    for (size_t i = 0; i < done; i++)
        b->want[i] ^= b->src[i];
    if (memcmp(b->out, b->want, done) != 0)
        fail_msg("%s %s: data differs at length %zu", v->name, decrypt ? "decrypt" : "encrypt",
                 len);
    cb_ghash_ctx h;
    assert_int_equal(cb_ghash_init(&h, cb_variant_generic(cb_alg_find("ghash")), g.h), 0);
    memcpy(h.xi, xi0, 16);
    cb_ghash_update(&h, decrypt ? b->src : b->want, done);
    memcpy(want_xi, h.xi, 16);
    cb_ghash_free(&h);
    if (memcmp(xi, want_xi, 16) != 0)
        fail_msg("%s %s: GHASH differs at length %zu", v->name,
                 decrypt ? "decrypt" : "encrypt", len);
    uint32_t low0 = (uint32_t)ctr0[12] << 24 | (uint32_t)ctr0[13] << 16 |
                    (uint32_t)ctr0[14] << 8 | ctr0[15];
    uint32_t low = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 |
                   ctr[15];
    assert_memory_equal(ctr, ctr0, 12);
    assert_int_equal(low, (uint32_t)(low0 + done / 16));
    cb_gcm_free(&g);
}

/* test_gcm_stitched_contract: check_stitched around each documented minimum. */
static void test_gcm_stitched_contract(void **state)
{
    (void)state;
    bufs b = bufs_new();
    size_t ran = 0;
    rng_state = 5;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        const cb_variant *vs[16];
        size_t n = a->prim == CB_PRIM_GCM ? x86_list(a, vs, 16) : 0;
        for (size_t j = 0; j < n; j++) {
            const cb_gcm_ops *o = vs[j]->ops;
            if (!o->encrypt)
                continue;
            size_t min = stitched_min(o);
            const size_t lens[] = {0,       16,      min - 16, min - 1,     min,
                                   min + 1, min + 15, 2 * min - 1, 3 * min + 16,
                                   LONG_LEN};
            for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++, ran += 4) {
                for (int ip = 0; ip < 2; ip++) {
                    check_stitched(a, vs[j], lens[k], 0, ip, &b);
                    check_stitched(a, vs[j], lens[k], 1, ip, &b);
                }
            }
        }
    }
    bufs_free(&b);
    done_or_skip(ran);
}

/* ---- Poly1305: any sequence of call lengths ---- */

/* poly_sequence runs one message through ops as calls of the lengths in lens (each
 * a multiple of 16, padbit from bits) and returns the tag. */
static void poly_sequence(const cb_poly1305_ops *ops, const uint8_t key[32], const uint8_t *msg,
                          const size_t *lens, size_t n, unsigned bits, uint8_t tag[16])
{
    void *st = cb_aligned_alloc(64, ops->state_size);
    ops->init(st, key);
    for (size_t i = 0; i < n; i++) {
        ops->blocks(st, msg, lens[i], (bits >> (i % 32)) & 1);
        msg += lens[i];
    }
    ops->emit(st, tag);
    free(st);
}

/* test_poly1305_call_sequences: the x86_64 Poly1305 of every ChaCha20 row the CPU can
 * run against the portable r64 one, over random sequences of call lengths that
 * mix the AEAD's 16-byte calls with calls on both sides of the vector threshold
 * and 4096-byte chunks, random pad bits, and messages and keys of all-ones bytes
 * (the largest limbs the carries must keep in range). */
static void test_poly1305_call_sequences(void **state)
{
    (void)state;
    static const size_t pick[] = {16, 32, 48, 64, 80, 240, 256, 272, 320, 1024, 4096, 4112};
    const cb_alg *a = cb_alg_find("chacha20-poly1305");
    const cb_variant *vs[16];
    size_t nv = x86_list(a, vs, 16), ran = 0;
    uint8_t *msg = cb_aligned_alloc(64, 24 * 4112);
    for (size_t j = 0; j < nv; j++) {
        const cb_poly1305_ops *ops = ((const cb_chacha_ops *)vs[j]->ops)->poly;
        if (ops == &cb_poly1305_r64_ops)
            continue;
        ran++;
        rng_state = 1305;
        for (unsigned trial = 0; trial < 400; trial++) {
            uint8_t key[32], want[16], got[16];
            size_t lens[24], n = 1 + rng_next() % 24, total = 0;
            unsigned bits = (unsigned)rng_next();
            int ones = trial % 4 == 3;
            for (size_t i = 0; i < n; i++)
                total += lens[i] = pick[rng_next() % (sizeof pick / sizeof pick[0])];
            if (ones) {
                memset(key, 0xff, sizeof key);
                memset(msg, 0xff, total);
            } else {
                rng_fill(key, sizeof key);
                rng_fill(msg, total);
            }
            poly_sequence(&cb_poly1305_r64_ops, key, msg, lens, n, bits, want);
            poly_sequence(ops, key, msg, lens, n, bits, got);
            if (memcmp(want, got, 16) != 0)
                fail_msg("%s: Poly1305 differs from r64 in trial %u (%zu calls, %zu bytes)",
                         vs[j]->name, trial, n, total);
        }
    }
    free(msg);
    done_or_skip(ran);
}

/* ---- dispatch ---- */

/* auto_name is the variant auto picks for alg/dir with capabilities caps. */
static const char *auto_name(const char *alg, cb_dir d, cb_caps caps)
{
    const cb_variant *v = cb_variant_auto(cb_alg_find(alg), d, caps);
    assert_non_null(v);
    return v->name;
}

/* Pure registry: runs on any x86-64 CPU, or none. */
static void test_auto_picks_by_caps(void **state)
{
    (void)state;
    const cb_caps aesni = CB_CAP_AESNI, gcm = aesni | CB_CAP_PCLMUL | CB_CAP_SSSE3;
    const cb_caps vaes2 = gcm | CB_CAP_AVX | CB_CAP_AVX2 | CB_CAP_VAES | CB_CAP_VPCLMUL;
    const cb_caps all = vaes2 | CB_CAP_SHANI | CB_CAP_AVX512F | CB_CAP_AVX512BW |
                        CB_CAP_AVX512VL;
    const cb_dir enc = CB_DIR_ENCRYPT, dec = CB_DIR_DECRYPT, dig = CB_DIR_DIGEST;

    assert_string_equal(auto_name("aes-128-cbc", enc, 0), "generic");
    assert_string_equal(auto_name("aes-128-gcm", enc, aesni), "generic");
    assert_string_equal(auto_name("sha256", dig, aesni), "generic");
    assert_string_equal(auto_name("aes-128-cbc", dec, aesni), "aesni-i8");
    assert_string_equal(auto_name("aes-128-ctr", enc, aesni), "aesni-i8");
    assert_string_equal(auto_name("aes-256-gcm", enc, gcm), "aesni-gcm-stitched");
    assert_string_equal(auto_name("ghash", dig, gcm), "pclmul");
    /* VAES without VPCLMULQDQ: wide CTR, but GCM stays on the 128-bit stitched loop. */
    assert_string_equal(auto_name("aes-128-ctr", enc, vaes2 & ~CB_CAP_VPCLMUL), "vaes-avx2");
    assert_string_equal(auto_name("aes-256-gcm", enc, vaes2 & ~CB_CAP_VPCLMUL),
                        "aesni-gcm-stitched");
    assert_string_equal(auto_name("aes-256-gcm", enc, vaes2), "vaes-avx2");
    assert_string_equal(auto_name("aes-256-gcm", enc, all), "vaes-avx512");
    assert_string_equal(auto_name("aes-256-gcm", enc, all & ~CB_CAP_AVX512BW), "vaes-avx2");
    assert_string_equal(auto_name("aes-128-cbc", dec, all), "vaes-avx512");
    /* CBC encryption is serial: the wide rows do not offer it. */
    assert_string_equal(auto_name("aes-128-cbc", enc, all), "aesni-i8");
    assert_string_equal(auto_name("ghash", dig, all), "vpclmul-avx512");
    assert_string_equal(auto_name("sha1", dig, all), "shani");
    assert_string_equal(auto_name("sha224", dig, all), "shani");
    assert_string_equal(auto_name("sha256", dig, all & ~CB_CAP_SSSE3), "generic");
    /* SM4 through AESENCLAST needs AES-NI and SSSE3, and leaves serial CBC encryption */
    assert_string_equal(auto_name("sm4-ctr", enc, aesni), "generic");
    assert_string_equal(auto_name("sm4-ctr", enc, gcm), "aesni");
    assert_string_equal(auto_name("sm4-cbc", dec, gcm), "aesni");
    assert_string_equal(auto_name("sm4-cbc", enc, all), "generic");
    /* SHA-512's AVX2 schedule comes with RORX rounds: AVX2 alone is not enough */
    assert_string_equal(auto_name("sha512", dig, all), "generic");
    assert_string_equal(auto_name("sha512", dig, all | CB_CAP_BMI2), "avx2");
    assert_string_equal(auto_name("sha384", dig, CB_CAP_SHANI | CB_CAP_SSSE3), "generic");
    /* ChaCha20: wider first (zmm over ymm); the AVX-512 rows also run the AVX2 Poly1305 */
    assert_string_equal(auto_name("chacha20", enc, 0), "generic");
    assert_string_equal(auto_name("chacha20", enc, CB_CAP_SSSE3), "ssse3");
    assert_string_equal(auto_name("chacha20-poly1305", enc, vaes2), "avx2");
    assert_string_equal(auto_name("chacha20-poly1305", dec, all), "avx512f");
    assert_string_equal(auto_name("chacha20", enc, CB_CAP_AVX512F | CB_CAP_AVX512VL), "generic");
    /* ML-KEM: AVX2 alone is enough; without it, generic */
    assert_string_equal(auto_name("mlkem768", CB_DIR_KEYGEN, CB_CAP_AVX2), "avx2");
    assert_string_equal(auto_name("mlkem512", CB_DIR_DECAPS, all), "avx2");
    assert_string_equal(auto_name("mlkem1024", CB_DIR_ENCAPS, all & ~CB_CAP_AVX2), "generic");
}

/* setenv_caps applies one mask (NULL: none) as the command line would. */
static void setenv_caps(const char *cryptobench_caps, const char *ia32cap)
{
    char err[256];
    if (cryptobench_caps)
        setenv("CRYPTOBENCH_CAPS", cryptobench_caps, 1);
    else
        unsetenv("CRYPTOBENCH_CAPS");
    if (ia32cap)
        setenv("OPENSSL_ia32cap", ia32cap, 1);
    else
        unsetenv("OPENSSL_ia32cap");
    if (cb_caps_init(0, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* The masks take the x86 rows away from auto on this CPU, whatever it has. */
static void test_masks_fall_back(void **state)
{
    (void)state;
    char *saved_caps = getenv("CRYPTOBENCH_CAPS"), *saved_ia = getenv("OPENSSL_ia32cap");
    saved_caps = saved_caps ? cb_xstrdup(saved_caps) : NULL;
    saved_ia = saved_ia ? cb_xstrdup(saved_ia) : NULL;
    static const char *const algs[] = {"aes-128-cbc", "aes-128-ctr", "aes-256-gcm",
                                       "ghash", "sha1", "sha256"};

    setenv_caps("-aesni,-pclmul,-sha,-vaes", NULL);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const cb_alg *a = cb_alg_find(algs[i]);
        cb_dir dirs[CB_MAX_DIRS];
        cb_alg_dirs(a, dirs);
        assert_string_equal(cb_variant_auto(a, dirs[0], cb_caps_effective())->name,
                            "generic");
    }
    /* OpenSSL's own spelling of "no AES-NI, no PCLMULQDQ". */
    setenv_caps(NULL, "~0x200000200000000");
    assert_string_equal(
        cb_variant_auto(cb_alg_find("aes-128-ctr"), CB_DIR_ENCRYPT, cb_caps_effective())->name,
        "generic");
    assert_true((cb_caps_effective() & (CB_CAP_AESNI | CB_CAP_PCLMUL)) == 0);

    setenv_caps(saved_caps, saved_ia);
    free(saved_caps);
    free(saved_ia);
}

/* ---- the interleave knob in the machine code ---- */

/* aesdec_len returns the length of a register or memory AESDEC (66 [REX] 0F 38 DE
 * modrm ...) at p, or 0 when p does not start one. */
static size_t aesdec_len(const uint8_t *p)
{
    size_t n = 0;
    if (p[n++] != 0x66)
        return 0;
    if ((p[n] & 0xf0) == 0x40)
        n++;
    if (p[n] != 0x0f || p[n + 1] != 0x38 || p[n + 2] != 0xde)
        return 0;
    n += 3;
    uint8_t modrm = p[n++], mod = modrm >> 6, rm = modrm & 7;
    if (mod == 3)
        return n;
    if (rm == 4 && (p[n++] & 7) == 5 && mod == 0)
        n += 4; /* SIB without base: disp32 */
    if (mod == 0 && rm == 5)
        n += 4; /* RIP-relative */
    return n + (mod == 1 ? 1 : mod == 2 ? 4 : 0);
}

/* longest_aesdec_run counts the most AESDEC instructions back to back in the code of
 * fn, which ends before the nearest other function in ends[] (or 4 KiB later). */
static size_t longest_aesdec_run(const void *fn, const void *const *ends, size_t nends)
{
    const uint8_t *p = fn, *end = p + 4096;
    for (size_t i = 0; i < nends; i++)
        if ((const uint8_t *)ends[i] > p && (const uint8_t *)ends[i] < end)
            end = ends[i];
    size_t best = 0;
    for (const uint8_t *q = p; q + 16 < end; q++) {
        size_t run = 0, len;
        for (const uint8_t *r = q; r + 16 < end && (len = aesdec_len(r)); r += len)
            run++;
        best = run > best ? run : best;
    }
    return best;
}

/* One source, a build per row of AESNI_BUILDS (kernels/x86_64/knobs.h): CBC decryption
 * keeps as many AESDEC in a row as the row's factor. */
static void test_interleave_changes_code(void **state)
{
    (void)state;
#if defined(__SANITIZE_ADDRESS__)
    /* The sanitizer build (-O1, instrumented) schedules the rounds its own way; the
     * interleave is a property of the optimised build this checks in make check. */
    printf("aesni interleave check UNAVAILABLE in the sanitizer build\n");
    skip();
#endif
#define AESNI_OPS(i, prio, summary) &cb_aesni_i##i##_ops,
#define AESNI_WANT(i, prio, summary) i,
    const cb_aes_ops *ops[] = {AESNI_BUILDS(AESNI_OPS)};
    const size_t want[] = {AESNI_BUILDS(AESNI_WANT)};
#undef AESNI_WANT
#undef AESNI_OPS
    enum { NBUILDS = sizeof ops / sizeof ops[0] };
    const void *ends[4 * NBUILDS];
    size_t nends = 0;
    for (size_t i = 0; i < NBUILDS; i++) {
        /* Converting function to object pointers is what POSIX dlsym relies on too. */
        ends[nends++] = (const void *)ops[i]->ecb_encrypt;
        ends[nends++] = (const void *)ops[i]->ecb_decrypt;
        ends[nends++] = (const void *)ops[i]->cbc_decrypt;
        ends[nends++] = (const void *)ops[i]->ctr32;
    }
    for (size_t i = 0; i < NBUILDS; i++) {
        size_t run = longest_aesdec_run((const void *)ops[i]->cbc_decrypt, ends, nends);
        printf("aesni-i%zu cbc_decrypt: longest run of AESDEC = %zu\n", want[i], run);
        assert_int_equal(run, want[i]);
    }
}

/* ---- P-256's field arithmetic (x64-asm) ---- */

/* p256_p: SP 800-186 3.2.1.3's p in limbs, least significant first */
static const uint64_t p256_p[4] = {UINT64_C(0xffffffffffffffff), UINT64_C(0x00000000ffffffff), 0,
                                   UINT64_C(0xffffffff00000001)};

/* p256_below_p reports a < p. */
static int p256_below_p(const uint64_t a[4])
{
    for (int i = 3; i >= 0; i--)
        if (a[i] != p256_p[i])
            return a[i] < p256_p[i];
    return 0;
}

/* p256_ref_add and p256_ref_sub: a + b and a - b mod p the slow way (a carry or a
 * borrow, then p subtracted or added with a branch), to check the assembly's masks. */
static void p256_ref_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    unsigned __int128 c = 0;
    uint64_t s[4];
    for (int i = 0; i < 4; i++) {
        c += (unsigned __int128)a[i] + b[i];
        s[i] = (uint64_t)c;
        c >>= 64;
    }
    if (c || !p256_below_p(s)) {
        uint64_t borrow = 0;
        for (int i = 0; i < 4; i++) {
            unsigned __int128 d = (unsigned __int128)s[i] - p256_p[i] - borrow;
            s[i] = (uint64_t)d;
            borrow = (uint64_t)(d >> 64) & 1;
        }
    }
    memcpy(r, s, sizeof s);
}

static void p256_ref_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t negb[4] = {0}, borrow = 0;
    for (int i = 0; i < 4 && (b[0] | b[1] | b[2] | b[3]); i++) { /* p - b, for b > 0 */
        unsigned __int128 d = (unsigned __int128)p256_p[i] - b[i] - borrow;
        negb[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    p256_ref_add(r, a, negb);
}

/* the square in the shape of the two-operand functions, so one table holds all four */
static void p256_sqr_asm(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    (void)b;
    p256_x64_mont_sqr(r, a);
}

static void p256_sqr_c(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    (void)b;
    fe_sqr_r64(r, a);
}

typedef void (*p256_fn)(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);

/* p256_field_fns: each assembly function, how to call it with (r, a, b), what it
 * must agree with, and its own entry point and argument count for the ABI check */
static const struct {
    const char *name;
    p256_fn call, want;
    cb_abi_fn entry;
    size_t args;
} p256_field_fns[] = {
    {"p256_x64_mont_mul", p256_x64_mont_mul, fe_mul_r64, (cb_abi_fn)p256_x64_mont_mul, 3},
    {"p256_x64_mont_sqr", p256_sqr_asm, p256_sqr_c, (cb_abi_fn)p256_x64_mont_sqr, 2},
    {"p256_x64_mod_add", p256_x64_mod_add, p256_ref_add, (cb_abi_fn)p256_x64_mod_add, 3},
    {"p256_x64_mod_sub", p256_x64_mod_sub, p256_ref_sub, (cb_abi_fn)p256_x64_mod_sub, 3},
};

/* p256_field_case checks one pair: each assembly function's result equals the C
 * (p256_r64.h's product and square, the slow sum and difference above), is below p,
 * and stays right when r is a or b; with through_abi, each also through the ABI
 * check. */
static void p256_field_case(const uint64_t a[4], const uint64_t b[4], int through_abi)
{
    for (size_t f = 0; f < sizeof p256_field_fns / sizeof p256_field_fns[0]; f++) {
        uint64_t want[4], got[4], ra[4], rb[4];
        p256_field_fns[f].want(want, a, b);
        p256_field_fns[f].call(got, a, b);
        memcpy(ra, a, sizeof ra);
        p256_field_fns[f].call(ra, ra, b);
        memcpy(rb, b, sizeof rb);
        p256_field_fns[f].call(rb, a, rb);
        if (memcmp(want, got, sizeof want) != 0 || !p256_below_p(got) ||
            memcmp(want, ra, sizeof want) != 0 || memcmp(want, rb, sizeof want) != 0)
            fail_msg("%s is wrong (r apart, r = a or r = b) for a = %016llx..%016llx, "
                     "b = %016llx..%016llx", p256_field_fns[f].name, (unsigned long long)a[3],
                     (unsigned long long)a[0], (unsigned long long)b[3],
                     (unsigned long long)b[0]);
        if (!through_abi)
            continue;
        cb_abi_report rep;
        cb_abi_call(&rep, p256_field_fns[f].entry, p256_field_fns[f].args, (uintptr_t)got,
                    (uintptr_t)a, (uintptr_t)b);
        if (rep.clobbered)
            fail_msg("%s did not restore %s", p256_field_fns[f].name, rep.names);
    }
}

/*
 * The assembly against the C on the values where a carry goes wrong: 0, 1, 2,
 * p - 1, p - 2, R mod p (2^256 - p), limbs all ones or all zeros below p, 2^255,
 * 2^192 and 2^96 neighbours (p's own terms), every pair of them; then 20000
 * pseudo-random pairs below p, half of them with limbs forced to all ones.
 */
/* mlkem_poly_equal: the avx2 backend's NTTs, inner product and CBD against the generic
 * ones, lane for lane (the avx2 arithmetic is the generic one, so the values agree
 * exactly, not only mod q), on random inputs in the ranges the contracts allow. */
static void mlkem_poly_equal(const cb_mlkem_backend *g, const cb_mlkem_backend *x)
{
    static cb_mlkem_poly a[4], b[4], r[2];
    uint8_t raw[2048];
    for (uint32_t t = 0; t < 200; t++) {
        tu_fill(raw, sizeof raw, 77 + t);
        for (unsigned j = 0; j < 4; j++)
            for (unsigned i = 0; i < 256; i++) {
                unsigned u = (unsigned)raw[2 * i] | (unsigned)raw[2 * i + 1] << 8;
                unsigned w = (unsigned)raw[512 + 2 * i] | (unsigned)raw[513 + 2 * i] << 8;
                a[j].c[i] = (int16_t)((int)((u + 1001 * j) % 6657) - 3328); /* |a| < q */
                b[j].c[i] = (int16_t)((w + 13 * j) % 4096);                 /* < 2^12 */
            }
        r[0] = a[0], r[1] = a[0];
        g->ntt(&r[0]), x->ntt(&r[1]);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        r[0] = a[1], r[1] = a[1];
        g->inv_ntt(&r[0]), x->inv_ntt(&r[1]);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        for (unsigned j = 0; j < 4; j++) /* inner's one factor is reduced */
            g->ntt(&a[j]);
        for (unsigned k = 1; k <= 4; k++) {
            g->inner(&r[0], a, b, k), x->inner(&r[1], a, b, k);
            assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        }
        /* CBD of 1..9 consecutive nonces (the lanes of the last group of four vary) */
        static cb_mlkem_poly n0[9], n1[9];
        unsigned eta = 2 + t % 2, n = 1 + t % 9;
        g->sample_cbd(n0, raw + 1024, (uint8_t)raw[1100], n, eta);
        x->sample_cbd(n1, raw + 1024, (uint8_t)raw[1100], n, eta);
        assert_memory_equal(n0, n1, n * sizeof n0[0]);
    }
}

/* The avx2 ML-KEM backend against the generic one: the NTTs and products on random
 * polynomials; Compress_d with its encoding for each d and ByteEncode_12, for every
 * int16_t coefficient; Decompress_d after decoding every d-bit value (in order,
 * then pseudo-random bytes); ByteDecode_12 and its modulus check on values in order
 * (every one of 0..4095) and on pseudo-random bytes. */
static void test_mlkem_avx2_backend(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("mlkem768");
    const cb_variant *v = cb_variant_find(a, "avx2");
    assert_non_null(v);
    if (!runnable(a, v))
        return;
    const cb_mlkem_backend *g = &cb_mlkem_generic_backend, *x = &cb_mlkem_avx2_backend;
    mlkem_poly_equal(g, x);
    static const unsigned ds[] = {1, 4, 5, 10, 11};
    cb_mlkem_poly p, r[2];
    uint8_t out[2][384], in[384];
    for (int start = -32768; start < 32768; start += 256) {
        for (int i = 0; i < 256; i++)
            p.c[i] = (int16_t)(start + i);
        for (unsigned i = 0; i < 5; i++) {
            memset(out, 0, sizeof out);
            g->compress_encode(out[0], &p, ds[i]);
            x->compress_encode(out[1], &p, ds[i]);
            assert_memory_equal(out[0], out[1], 32 * ds[i]);
        }
        g->encode12(out[0], &p), x->encode12(out[1], &p);
        assert_memory_equal(out[0], out[1], 384);
    }
    for (uint32_t t = 0; t < 64; t++) {
        for (unsigned j = 0; j < 256; j++) {
            unsigned y = (256 * t + j) % 4096;
            in[3 * (j / 2)] = (uint8_t)(j % 2 ? in[3 * (j / 2)] : y);
            if (j % 2 == 0)
                in[3 * (j / 2) + 1] = (uint8_t)(y >> 8);
            else
                in[3 * (j / 2) + 1] |= (uint8_t)(y << 4), in[3 * (j / 2) + 2] = (uint8_t)(y >> 4);
        }
        if (t >= 16)
            tu_fill(in, 384, 900 + t);
        if (t >= 40) /* every value below 2048 < q, as in a real ek: the check passes */
            for (unsigned j = 1; j < 384; j += 3)
                in[j] &= 0xb7, in[j + 1] &= 0x7f;
        unsigned bg = g->decode12(&r[0], in), bx = x->decode12(&r[1], in);
        assert_int_equal(bg, bx);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
    }
    for (unsigned i = 1; i < 5; i++)
        for (uint32_t t = 0; t < 64; t++) {
            /* y = 256 t + j, then pseudo-random bytes: every d-bit value appears */
            uint16_t ys[256];
            for (unsigned j = 0; j < 256; j++)
                ys[j] = (uint16_t)((256 * t + j) & ((1u << ds[i]) - 1));
            memset(in, 0, sizeof in);
            for (unsigned j = 0; j < 256 * ds[i]; j++)
                in[j / 8] |= (uint8_t)(((ys[j / ds[i]] >> (j % ds[i])) & 1) << (j % 8));
            if (t >= 8)
                tu_fill(in, 32 * ds[i], 500 + t);
            g->decode_decompress(&r[0], in, ds[i]);
            x->decode_decompress(&r[1], in, ds[i]);
            assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        }
}

/* mldsa_fill sets p's coefficients from raw (4 bytes each) into [lo, lo + span). */
static void mldsa_fill(cb_mldsa_poly *p, const uint8_t *raw, int32_t lo, uint32_t span)
{
    for (unsigned i = 0; i < 256; i++) {
        uint32_t u = raw[4 * i] | (uint32_t)raw[4 * i + 1] << 8 | (uint32_t)raw[4 * i + 2] << 16 |
                     (uint32_t)raw[4 * i + 3] << 24;
        p->c[i] = lo + (int32_t)(u % span);
    }
}

/* The avx2 ML-DSA backend against the generic one, which it must equal exactly
 * (kernels/generic/mldsa.h): the NTTs on random polynomials below q in magnitude and
 * on all-(q - 1) and all-(1 - q) ones; inner products of 1..8 terms of a matrix
 * entry (below q) and an NTT output (below 9 q), and of two NTT outputs (signing's
 * c s products); ExpandA for each parameter set's shape with stride l and l + 1;
 * ExpandS for 1..15 nonces (the lanes of a last group of four vary) with eta 2 and
 * 4; ExpandMask for l 1..7 from mask indices across a byte boundary, both widths;
 * z's and t1's unpacking of pseudo-random bytes; UseHint for every r in [0, q), as
 * r and as r - q, with pseudo-random hints, for both gamma2. */
static void test_mldsa_avx2_backend(void **state)
{
    (void)state;
    const cb_alg *alg = cb_alg_find("mldsa65");
    const cb_variant *v = cb_variant_find(alg, "avx2");
    assert_non_null(v);
    if (!runnable(alg, v))
        return;
    const cb_mldsa_backend *g = &cb_mldsa_generic_backend, *x = &cb_mldsa_avx2_backend;
    enum { Q = 8380417 };
    static const unsigned shapes[3][2] = {{4, 4}, {6, 5}, {8, 7}};
    static cb_mldsa_poly a[8], b[8], r[2], m0[8 * 8], m1[8 * 8];
    static uint8_t raw[8 * 1024 + 4]; /* + 4: b's offset */
    for (uint32_t t = 0; t < 120; t++) {
        tu_fill(raw, sizeof raw, 500 + t);
        for (unsigned j = 0; j < 8; j++) {
            mldsa_fill(&a[j], raw + 1024 * j, 0, Q);                  /* a matrix entry */
            mldsa_fill(&b[j], raw + 1024 * (7 - j) + 3, 1 - Q, 2 * Q - 1); /* |b| < q */
        }
        if (t < 2) /* the extremes */
            for (unsigned i = 0; i < 256; i++)
                b[0].c[i] = t ? 1 - Q : Q - 1;
        r[0] = b[0], r[1] = b[0];
        g->ntt(&r[0]), x->ntt(&r[1]);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        r[0] = b[1], r[1] = b[1];
        g->inv_ntt(&r[0]), x->inv_ntt(&r[1]);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        for (unsigned j = 0; j < 8; j++) /* NTT outputs, below 9 q */
            g->ntt(&b[j]);
        for (unsigned n = 1; n <= 8; n++) {
            g->inner(&r[0], a, b, n), x->inner(&r[1], a, b, n);
            assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        }
        g->inner(&r[0], &b[1], &b[2], 1), x->inner(&r[1], &b[1], &b[2], 1);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);

        const uint8_t *seed = raw + 8 * 1024 - 64;
        if (t < 6) {
            unsigned k = shapes[t % 3][0], l = shapes[t % 3][1], stride = l + t / 3;
            memset(m0, 0, sizeof m0), memset(m1, 0, sizeof m1);
            g->expand_a(m0, seed, k, l, stride), x->expand_a(m1, seed, k, l, stride);
            assert_memory_equal(m0, m1, sizeof m0);
        }
        unsigned n = 1 + t % 15, eta = t % 2 ? 4 : 2, nonce = (t * 37) % 300;
        g->expand_s(m0, seed, nonce, n, eta), x->expand_s(m1, seed, nonce, n, eta);
        assert_memory_equal(m0, m1, n * sizeof m0[0]);
        unsigned l = 1 + t % 7, zbits = t % 2 ? 18 : 20, kappa = 250 + t % 9;
        g->expand_mask(m0, seed, kappa, l, zbits), x->expand_mask(m1, seed, kappa, l, zbits);
        assert_memory_equal(m0, m1, l * sizeof m0[0]);
        g->unpack_z(&r[0], raw + 9, zbits), x->unpack_z(&r[1], raw + 9, zbits);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        g->unpack_t1(&r[0], raw + 2000), x->unpack_t1(&r[1], raw + 2000);
        assert_memory_equal(&r[0], &r[1], sizeof r[0]);
    }
    static const int32_t gamma2s[2] = {(Q - 1) / 88, (Q - 1) / 32};
    for (unsigned gi = 0; gi < 2; gi++)
        for (int32_t start = 0; start < Q; start += 256) {
            tu_fill(raw, 256, (uint32_t)start + gi);
            for (int32_t i = 0; i < 256; i++) /* every r < q, some as r - q */
                b[0].c[i] = start + i < Q ? start + i - (start + i > 0 && raw[i] & 2 ? Q : 0) : 0;
            r[0] = b[0], r[1] = b[0];
            for (unsigned i = 0; i < 256; i++)
                raw[i] &= 1;
            g->use_hint(&r[0], raw, gamma2s[gi]), x->use_hint(&r[1], raw, gamma2s[gi]);
            assert_memory_equal(&r[0], &r[1], sizeof r[0]);
        }
}

static void test_p256_field_against_r64(void **state)
{
    (void)state;
    const uint64_t ones = ~UINT64_C(0);
    static const uint64_t edges[][4] = {
        {0, 0, 0, 0},
        {1, 0, 0, 0},
        {2, 0, 0, 0},
        {UINT64_C(0xfffffffffffffffe), UINT64_C(0x00000000ffffffff), 0,
         UINT64_C(0xffffffff00000001)}, /* p - 1 */
        {UINT64_C(0xfffffffffffffffd), UINT64_C(0x00000000ffffffff), 0,
         UINT64_C(0xffffffff00000001)}, /* p - 2 */
        {1, UINT64_C(0xffffffff00000000), UINT64_C(0xffffffffffffffff),
         UINT64_C(0x00000000fffffffe)}, /* R mod p */
        {UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff),
         UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffff00000000)},
        {UINT64_C(0xffffffffffffffff), UINT64_C(0x00000000ffffffff), 0,
         UINT64_C(0xffffffff00000000)},
        {UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff),
         UINT64_C(0xffffffffffffffff), 0},
        {0, 0, 0, UINT64_C(0x8000000000000000)},          /* 2^255 */
        {0, 0, 1, 0},                                     /* 2^128 */
        {0, 0, 0, 1},                                     /* 2^192 */
        {0, UINT64_C(0x100000000), 0, 0},                 /* 2^96 */
        {UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffff), 0, 0}, /* 2^96 - 1 */
        {0, 0, 0, UINT64_C(0xffffffff00000000)},
    };
    size_t ne = sizeof edges / sizeof edges[0];
    for (size_t i = 0; i < ne; i++) {
        assert_true(p256_below_p(edges[i]));
        for (size_t j = 0; j < ne; j++)
            p256_field_case(edges[i], edges[j], i == j);
    }
    rng_state = 256;
    for (int n = 0; n < 20000; n++) {
        uint64_t a[4], b[4];
        for (int i = 0; i < 4; i++) {
            a[i] = rng_next();
            b[i] = rng_next();
            if (n % 2 && rng_next() % 3 == 0)
                a[i] = ones;
            if (n % 2 && rng_next() % 3 == 0)
                b[i] = ones;
        }
        if (!p256_below_p(a))
            a[3] &= ~(UINT64_C(1) << 63);
        if (!p256_below_p(b))
            b[3] &= ~(UINT64_C(1) << 63);
        p256_field_case(a, b, n < 4);
    }
}

/* ord_case checks the products modulo n against p256_r64.h's C for one pair. */
static void ord_case(const uint64_t a[4], const uint64_t b[4], uint64_t n0)
{
    uint64_t want[4], got[4];
    ord_mul_r64(want, a, b, n0);
    p256_x64_ord_mul(got, a, b, n0);
    if (memcmp(want, got, sizeof want) != 0)
        fail_msg("p256_x64_ord_mul differs from ord_mul_r64 for a = %016llx..%016llx, "
                 "b = %016llx..%016llx", (unsigned long long)a[3], (unsigned long long)a[0],
                 (unsigned long long)b[3], (unsigned long long)b[0]);
    ord_sqr_r64(want, a, n0);
    p256_x64_ord_sqr(got, a, n0);
    if (memcmp(want, got, sizeof want) != 0)
        fail_msg("p256_x64_ord_sqr differs from ord_sqr_r64 for a = %016llx..%016llx",
                 (unsigned long long)a[3], (unsigned long long)a[0]);
    memcpy(got, b, sizeof got);
    p256_x64_ord_mul(got, a, got, n0);
    ord_mul_r64(want, a, b, n0);
    assert_memory_equal(got, want, sizeof want);
}

/* The products modulo n (SP 800-186 3.2.1.3) against the C: 0, 1, n - 1, n - 2, limbs
 * all ones or zero below n, every pair of them, then 20000 random pairs below n; n0
 * is computed here from n (Newton), like the context's, and once through the ABI
 * check each. */
static void test_p256_ord_against_r64(void **state)
{
    (void)state;
    static const uint64_t n[4] = {UINT64_C(0xf3b9cac2fc632551), UINT64_C(0xbce6faada7179e84),
                                  UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffff00000000)};
    uint64_t inv = n[0];
    for (int i = 0; i < 6; i++)
        inv *= 2 - n[0] * inv;
    uint64_t n0 = 0 - inv;
    static const uint64_t edges[][4] = {
        {0, 0, 0, 0},
        {1, 0, 0, 0},
        {UINT64_C(0xf3b9cac2fc632550), UINT64_C(0xbce6faada7179e84),
         UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffff00000000)}, /* n - 1 */
        {UINT64_C(0xf3b9cac2fc63254f), UINT64_C(0xbce6faada7179e84),
         UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffff00000000)}, /* n - 2 */
        {UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff),
         UINT64_C(0xffffffffffffffff), UINT64_C(0xfffffffeffffffff)},
        {UINT64_C(0xffffffffffffffff), 0, UINT64_C(0xffffffffffffffff), 0},
        {0, 0, 0, UINT64_C(0x8000000000000000)},
    };
    size_t ne = sizeof edges / sizeof edges[0];
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ne; j++)
            ord_case(edges[i], edges[j], n0);
    rng_state = 257;
    for (int k = 0; k < 20000; k++) {
        uint64_t a[4], b[4];
        for (int i = 0; i < 4; i++) {
            a[i] = rng_next();
            b[i] = rng_next();
        }
        a[3] &= UINT64_C(0x7fffffffffffffff); /* below n */
        b[3] &= UINT64_C(0x7fffffffffffffff);
        if (k % 2) {
            a[2] = b[2] = ~UINT64_C(0);
        }
        ord_case(a, b, n0);
    }
    uint64_t out[4];
    cb_abi_report rep;
    cb_abi_call(&rep, (cb_abi_fn)p256_x64_ord_mul, 4, (uintptr_t)out, (uintptr_t)edges[2],
                (uintptr_t)edges[4], (uintptr_t)n0);
    if (rep.clobbered)
        fail_msg("p256_x64_ord_mul did not restore %s", rep.names);
    cb_abi_call(&rep, (cb_abi_fn)p256_x64_ord_sqr, 3, (uintptr_t)out, (uintptr_t)edges[2],
                (uintptr_t)n0);
    if (rep.clobbered)
        fail_msg("p256_x64_ord_sqr did not restore %s", rep.names);
}

/* main applies the environment's masks first, as the command line does, so
 * `CRYPTOBENCH_CAPS=... test_x86_64` tests the fallbacks. */
int main(void)
{
    char err[256], caps[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_x86_64: %s\n", err);
        return 2;
    }
    printf("effective capabilities: %s (mask: %s)\n",
           cb_caps_format(cb_caps_effective(), caps, sizeof caps), cb_caps_mask_text());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_full),
        cmocka_unit_test(test_ciphers_every_offset),
        cmocka_unit_test(test_gcm_every_offset),
        cmocka_unit_test(test_digests_every_offset),
        cmocka_unit_test(test_ctr32_wraps_without_carry),
        cmocka_unit_test(test_gcm_stitched_contract),
        cmocka_unit_test(test_poly1305_call_sequences),
        cmocka_unit_test(test_auto_picks_by_caps),
        cmocka_unit_test(test_masks_fall_back),
        cmocka_unit_test(test_interleave_changes_code),
        cmocka_unit_test(test_mlkem_avx2_backend),
        cmocka_unit_test(test_mldsa_avx2_backend),
        cmocka_unit_test(test_p256_field_against_r64),
        cmocka_unit_test(test_p256_ord_against_r64),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    fflush(stdout);
    printf("x86_64: %zu variant/algorithm pairs UNAVAILABLE on this CPU and mask\n",
           unavailable_count);
    return rc;
}

#endif /* CB_FAMILY_X86_64 */
