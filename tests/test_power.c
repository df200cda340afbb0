/*
 * tests/test_power.c - the power family (kernels/power/) against the generic kernels.
 *
 * For every power variant this CPU can run (after CRYPTOBENCH_CAPS / OPENSSL_ppccap
 * masks): the known answers and full cross-check of kernels/check/check.c; the primitive
 * ops called directly with input and output at every offset 0..15, in place and
 * not, for block counts that cross the 4- and 8-block loops of the p8 kernels, and
 * every AES key size; the CTR counter wrapping its low word without carry; the
 * IV written back by CBC; the secure wipe at every length and alignment, touching
 * nothing around it; the layouts of the generic key schedule and GHASH table the
 * assembly reads; and which variant `auto` picks with and without vector crypto.
 * A variant whose capabilities are missing is reported UNAVAILABLE, never passed in
 * silence.  Built for every target; where the power family is not, it says so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "base/common.h"
#include "kernels/registry.h"

#ifdef CB_FAMILY_POWER
#include "kernels/check/check.h"
#include "kernels/generic/generic.h"
#include "kernels/modes/chachapoly.h"
#include "kernels/power/power.h"

#define MAX_BLOCKS 21 /* two 8-block groups and a 5-block tail; five 4-block groups */
#define BUF_LEN (MAX_BLOCKS * 128 + 64)

/* rng_state: a splitmix64 state, seeded per test so every failure reproduces. */
static uint64_t rng_state;

/* rng_fill writes n pseudo-random bytes (splitmix64). */
static void rng_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        p[i] = (uint8_t)((z ^ (z >> 31)) >> 56);
    }
}

/* is_power tells the rows of kernels/power/family.c from the others. */
static int is_power(const cb_variant *v)
{
    return strcmp(v->family, "power") == 0;
}

/* runnable: v is a power variant the effective capabilities allow; when they do
 * not, says so once per variant row. */
static int runnable(const cb_variant *v)
{
    static const cb_variant *said[64];
    static size_t nsaid;
    char why[128];
    if (!is_power(v))
        return 0;
    if (!cb_variant_why_not(v, cb_caps_effective(), why, sizeof why))
        return 1;
    for (size_t i = 0; i < nsaid; i++)
        if (said[i] == v)
            return 0;
    printf("UNAVAILABLE %-8s prim %d: %s\n", v->name, (int)v->prim, why);
    if (nsaid < sizeof said / sizeof said[0])
        said[nsaid++] = v;
    return 0;
}

/* digest_alg returns the first digest algorithm of primitive p (its block and, for
 * the largest output of p, its chaining value), NULL when p is no digest's. */
static const cb_alg *digest_alg(cb_prim p)
{
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (a->prim == p && a->kind == CB_KIND_DIGEST)
            return a;
    }
    return NULL;
}

/* next_runnable returns the next runnable power row after index *i whose primitive
 * is p (CB_PRIM_COUNT: any digest), advancing *i; NULL after the last. */
static const cb_variant *next_runnable(cb_prim p, size_t *i)
{
    for (; *i < cb_variant_count(); ++*i) {
        const cb_variant *v = cb_variant_at(*i);
        int match = p == CB_PRIM_COUNT ? digest_alg(v->prim) != NULL : v->prim == p;
        if (match && runnable(v)) {
            ++*i;
            return v;
        }
    }
    return NULL;
}

/* generic_of returns the generic row of primitive p. */
static const cb_variant *generic_of(cb_prim p)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim == p && strcmp(v->name, "generic") == 0)
            return v;
    }
    fail_msg("no generic variant of primitive %d", (int)p);
    return NULL;
}

/* done_or_skip: a test that ran nothing reports SKIPPED, not PASSED. */
static void done_or_skip(size_t ran)
{
    if (ran == 0) {
        printf("no power variant of this test can run here (see UNAVAILABLE above)\n");
        skip();
    }
}

/* ---- known answers and kernels/check/check.c's full cross-check ---- */

/* test_check_quick: selftest's checks at quick depth for every runnable power row
 * (known answers, lengths 0..80 and a few larger): check-cross runs the full
 * selftest, every length 0..1024, on the same model in the same job. */
static void test_check_quick(void **state)
{
    (void)state;
    size_t ran = 0;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        for (size_t j = 0; j < cb_variant_count(); j++) {
            const cb_variant *v = cb_variant_at(j);
            if (!cb_variant_offers_any(v, a) || !runnable(v))
                continue;
            char err[256];
            unsigned long checks = 0;
            if (cb_check_variant(a, v, CB_CHECK_QUICK, err, sizeof err, &checks) != 0)
                fail_msg("%s/%s: %s", a->name, v->name, err);
            assert_true(checks > 0);
            ran++;
        }
    }
    done_or_skip(ran);
}

/* ---- the digests' compression functions at every input offset ---- */

/* state_bytes: the chaining value's size in bytes for a digest primitive, its
 * longest output (sha256's 32 bytes, not sha224's 28). */
static size_t state_bytes(cb_prim p)
{
    size_t n = 0;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (a->prim == p && a->kind == CB_KIND_DIGEST && a->out_bytes > n)
            n = a->out_bytes;
    }
    return n;
}

/* test_digest_offsets: each compression function on 0..5 blocks at every input
 * offset 0..15 gives generic's chaining value and leaves its input alone. */
static void test_digest_offsets(void **state)
{
    (void)state;
    size_t ran = 0;
    uint8_t *msg = cb_aligned_alloc(64, BUF_LEN), *in = cb_aligned_alloc(64, BUF_LEN);
    const cb_variant *v;
    for (size_t i = 0; (v = next_runnable(CB_PRIM_COUNT, &i)) != NULL;) {
        const cb_digest_ops *ops = v->ops, *ref = generic_of(v->prim)->ops;
        size_t block = digest_alg(v->prim)->block_bytes, sb = state_bytes(v->prim);
        rng_state = 0x5eed0000 + i;
        for (size_t n = 0; n <= 5; n++) {
            for (size_t off = 0; off < 16; off++) {
                uint64_t want[8], got[8];
                rng_fill((uint8_t *)want, sizeof want);
                memcpy(got, want, sizeof got);
                rng_fill(msg, n * block);
                memcpy(in + off, msg, n * block);
                ref->blocks(want, msg, n);
                ops->blocks(got, in + off, n);
                if (memcmp(want, got, sb) != 0)
                    fail_msg("%s (prim %d): %zu blocks at offset %zu differ from generic",
                             v->name, (int)v->prim, n, off);
                if (memcmp(in + off, msg, n * block) != 0)
                    fail_msg("%s (prim %d): the input was modified", v->name,
                             (int)v->prim);
            }
        }
        ran++;
    }
    free(msg), free(in);
    done_or_skip(ran);
}

/* ---- AES: every mode, key size, block count and offset ---- */

/* aes_case: the ops of one variant and of generic, keyed alike. */
typedef struct aes_case {
    const cb_aes_ops *ops, *ref;
    void *eks, *dks, *ref_eks, *ref_dks;
} aes_case;

/* aes_case_new and aes_case_free: variant v's ops and generic's, with room for
 * their schedules. */
static aes_case aes_case_new(const cb_variant *v)
{
    aes_case c = {v->ops, generic_of(CB_PRIM_AES)->ops, NULL, NULL, NULL, NULL};
    c.eks = cb_aligned_alloc(64, c.ops->key_size);
    c.dks = cb_aligned_alloc(64, c.ops->key_size);
    c.ref_eks = cb_aligned_alloc(64, c.ref->key_size);
    c.ref_dks = cb_aligned_alloc(64, c.ref->key_size);
    return c;
}

static void aes_case_free(aes_case *c)
{
    free(c->eks), free(c->dks), free(c->ref_eks), free(c->ref_dks);
}

/* aes_key sets the four schedules of c for a bits-bit key. */
static void aes_key(aes_case *c, const uint8_t *key, unsigned bits)
{
    assert_int_equal(c->ops->set_encrypt_key(c->eks, key, bits), 0);
    assert_int_equal(c->ops->set_decrypt_key(c->dks, key, bits), 0);
    assert_int_equal(c->ref->set_encrypt_key(c->ref_eks, key, bits), 0);
    assert_int_equal(c->ref->set_decrypt_key(c->ref_dks, key, bits), 0);
}

/* aes_mode runs mode m (0 ECB enc, 1 ECB dec, 2 CBC enc, 3 CBC dec, 4 CTR) with
 * either the variant (ref = 0) or generic; iv is updated as the ops update it. */
static void aes_mode(const aes_case *c, int ref, int m, uint8_t iv[16], const uint8_t *in,
                     uint8_t *out, size_t n)
{
    const cb_aes_ops *o = ref ? c->ref : c->ops;
    const void *eks = ref ? c->ref_eks : c->eks, *dks = ref ? c->ref_dks : c->dks;
    switch (m) {
    case 0: o->ecb_encrypt(eks, in, out, n); break;
    case 1: o->ecb_decrypt(dks, in, out, n); break;
    case 2: o->cbc_encrypt(eks, iv, in, out, n); break;
    case 3: o->cbc_decrypt(dks, iv, in, out, n); break;
    default: o->ctr32(eks, iv, in, out, n); break;
    }
}

/* aes_compare checks one mode, key, block count and pair of offsets. */
static void aes_compare(const cb_variant *v, const aes_case *c, int m, unsigned bits,
                        size_t n, size_t in_off, size_t out_off, int in_place,
                        uint8_t *buf, uint8_t *want)
{
    uint8_t msg[MAX_BLOCKS * 16], iv[16], iv_ref[16];
    rng_fill(msg, n * 16);
    rng_fill(iv, 16);
    memcpy(iv_ref, iv, 16);
    aes_mode(c, 1, m, iv_ref, msg, want, n);
    uint8_t *out = buf + out_off, *in = in_place ? out : buf + BUF_LEN / 2 + in_off;
    memcpy(in, msg, n * 16);
    aes_mode(c, 0, m, iv, in, out, n);
    if (memcmp(out, want, n * 16) != 0 || memcmp(iv, iv_ref, 16) != 0)
        fail_msg("%s AES-%u mode %d: %zu blocks, in +%zu out +%zu%s differ from "
                 "generic%s",
                 v->name, bits, m, n, in_off, out_off, in_place ? " in place" : "",
                 memcmp(iv, iv_ref, 16) != 0 ? " (iv)" : "");
}

/* test_aes_offsets: every mode and key size on 0..MAX_BLOCKS blocks, the offsets
 * and in-place choice varying with the count, against generic (output and IV). */
static void test_aes_offsets(void **state)
{
    (void)state;
    size_t ran = 0;
    uint8_t *buf = cb_aligned_alloc(64, BUF_LEN), *want = cb_aligned_alloc(64, BUF_LEN);
    const cb_variant *v;
    for (size_t i = 0; (v = next_runnable(CB_PRIM_AES, &i)) != NULL;) {
        aes_case c = aes_case_new(v);
        rng_state = 0xae500000 + i;
        for (unsigned bits = 128; bits <= 256; bits += 64) {
            uint8_t key[32];
            rng_fill(key, sizeof key);
            aes_key(&c, key, bits);
            for (int m = 0; m < 5; m++)
                for (size_t n = 0; n <= MAX_BLOCKS; n++)
                    aes_compare(v, &c, m, bits, n, n % 16, (n * 7 + 3) % 16,
                                (int)(n % 3 == 0), buf, want);
        }
        aes_case_free(&c);
        ran++;
    }
    free(buf), free(want);
    done_or_skip(ran);
}

/* test_ctr32_wrap: the counter's low word wraps to 0 without carrying into the
 * rest of the block, and the caller's counter is left alone. */
static void test_ctr32_wrap(void **state)
{
    (void)state;
    size_t ran = 0;
    const cb_variant *v;
    for (size_t i = 0; (v = next_runnable(CB_PRIM_AES, &i)) != NULL;) {
        aes_case c = aes_case_new(v);
        uint8_t key[16] = {0}, in[20 * 16] = {0}, want[20 * 16], got[20 * 16];
        aes_key(&c, key, 128);
        /* ...fffffffb: the wrap falls inside the first group of eight. */
        uint8_t ctr[16], saved[16];
        memset(ctr, 0xff, sizeof ctr);
        ctr[15] = 0xfb;
        memcpy(saved, ctr, 16);
        c.ref->ctr32(c.ref_eks, ctr, in, want, 20);
        c.ops->ctr32(c.eks, ctr, in, got, 20);
        assert_memory_equal(got, want, sizeof got);
        assert_memory_equal(ctr, saved, 16);
        aes_case_free(&c);
        ran++;
    }
    done_or_skip(ran);
}

/* ---- GHASH at every offset and block count ---- */

/* test_ghash_offsets: 0..MAX_BLOCKS blocks at varying offsets under four keys. */
static void test_ghash_offsets(void **state)
{
    (void)state;
    size_t ran = 0;
    uint8_t *msg = cb_aligned_alloc(64, BUF_LEN), *in = cb_aligned_alloc(64, BUF_LEN);
    const cb_variant *v;
    for (size_t i = 0; (v = next_runnable(CB_PRIM_GHASH, &i)) != NULL;) {
        const cb_ghash_ops *ops = v->ops, *ref = generic_of(CB_PRIM_GHASH)->ops;
        void *t = cb_aligned_alloc(64, ops->table_size);
        void *rt = cb_aligned_alloc(64, ref->table_size);
        rng_state = 0x6a500000 + i;
        for (int key = 0; key < 4; key++) {
            uint8_t h[16];
            rng_fill(h, 16);
            ops->init(t, h);
            ref->init(rt, h);
            for (size_t n = 0; n <= MAX_BLOCKS; n++) {
                uint8_t want[16], got[16];
                size_t off = (n + (size_t)key * 5) % 16;
                rng_fill(want, 16);
                memcpy(got, want, 16);
                rng_fill(msg, n * 16);
                memcpy(in + off, msg, n * 16);
                ref->blocks(rt, want, msg, n);
                ops->blocks(t, got, in + off, n);
                if (memcmp(want, got, 16) != 0)
                    fail_msg("%s GHASH: %zu blocks at offset %zu differ from generic",
                             v->name, n, off);
            }
        }
        free(t), free(rt);
        ran++;
    }
    free(msg), free(in);
    done_or_skip(ran);
}

/* ---- the secure wipe ---- */

/* wipe_check runs one wipe over every length 0..300 at every alignment 0..15:
 * everything inside becomes 0, the guard bytes on both sides stay. */
static void wipe_check(const char *name, void (*wipe)(void *, size_t))
{
    uint8_t *buf = cb_aligned_alloc(64, 400);
    for (size_t align = 0; align < 16; align++) {
        for (size_t len = 0; len <= 300; len++) {
            memset(buf, 0xa5, 400);
            wipe(buf + 32 + align, len);
            for (size_t k = 0; k < 400; k++) {
                int inside = k >= 32 + align && k < 32 + align + len;
                if (buf[k] != (inside ? 0 : 0xa5))
                    fail_msg("%s: len %zu at alignment %zu: byte %zu is %#x", name, len, align,
                             k, buf[k]);
            }
        }
    }
    free(buf);
}

/* test_wipe: the wipe of every build of kernels/power/knobs.h. */
static void test_wipe(void **state)
{
    (void)state;
#define WIPE_CHECK(sym, name, hints, prio, summary)                                      \
    wipe_check("wipe_" #sym "_bytes", wipe_##sym##_bytes);
    POWER_INT_BUILDS(WIPE_CHECK)
#undef WIPE_CHECK
}

/* ---- the layouts the assembly reads ---- */

/* test_aes_layout: the generic key schedule fits POWER_AES_KS_SIZE, has the round
 * count at byte 240, round key 0 is the key as big-endian words and the last word
 * of an AES-128 schedule is FIPS 197 A.1's w43; the p8 decryption schedule is the
 * encryption one in reverse order. */
static void test_aes_layout(void **state)
{
    (void)state;
    /* FIPS 197 Appendix A.1 */
    static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                    0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    assert_true(cb_aes_generic_ops.key_size <= POWER_AES_KS_SIZE);
    uint32_t *ks = cb_aligned_alloc(64, POWER_AES_KS_SIZE);
    uint32_t *dk = cb_aligned_alloc(64, POWER_AES_KS_SIZE);
    for (unsigned bits = 128; bits <= 256; bits += 64) {
        assert_int_equal(cb_power_aes_set_encrypt_key(ks, key, bits), 0);
        assert_int_equal(ks[POWER_AES_ROUNDS_OFFSET / 4], bits / 32 + 6);
        assert_int_equal(cb_power_aes_p8_set_decrypt_key(dk, key, bits), 0);
        unsigned nr = bits / 32 + 6;
        for (unsigned r = 0; r <= nr; r++)
            assert_memory_equal(dk + 4 * r, ks + 4 * (nr - r), 16);
    }
    assert_int_equal(cb_power_aes_set_encrypt_key(ks, key, 128), 0);
    assert_int_equal(ks[0], 0x2b7e1516);
    assert_int_equal(ks[43], 0xb6630ca6);
    free(ks), free(dk);
}

/* test_ghash_layout: the generic table has m[8] = H as two native doublewords (hi,
 * lo) and fits POWER_GHASH4_TABLE_SIZE. */
static void test_ghash_layout(void **state)
{
    (void)state;
    uint8_t h[16];
    rng_state = 0x7ab1e;
    rng_fill(h, 16);
    assert_int_equal(cb_ghash_generic_ops.table_size, POWER_GHASH4_TABLE_SIZE);
    uint64_t *t = cb_aligned_alloc(64, POWER_GHASH4_TABLE_SIZE);
    cb_power_ghash4_init(t, h);
    uint64_t hi = 0, lo = 0;
    for (int i = 0; i < 8; i++) {
        hi = hi << 8 | h[i];
        lo = lo << 8 | h[8 + i];
    }
    assert_true(t[16] == hi && t[17] == lo);
    assert_true(t[0] == 0 && t[1] == 0);
    free(t);
}

/* ---- which variant auto picks ---- */

/* auto_name is the variant auto picks for algorithm name with caps, the same in
 * every direction the algorithm has (else the test fails). */
static const char *auto_name(const char *name, cb_caps caps)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    cb_dir dirs[CB_MAX_DIRS];
    size_t n = cb_alg_dirs(a, dirs);
    assert_true(n > 0);
    const cb_variant *v = cb_variant_auto(a, dirs[0], caps);
    assert_non_null(v);
    for (size_t i = 1; i < n; i++)
        assert_ptr_equal(cb_variant_auto(a, dirs[i], caps), v);
    return v->name;
}

/* test_auto: with vector crypto p8 wins where it exists and ppc elsewhere; without
 * it (POWER7, or masked) ppc; ppc-hint never, as ppc needs the same and outranks it;
 * p8 says why it cannot run. */
static void test_auto(void **state)
{
    (void)state;
    cb_caps p8 = CB_CAP_ALTIVEC | CB_CAP_VSX | CB_CAP_ARCH207 | CB_CAP_VCRYPTO;
    cb_caps p7 = CB_CAP_ALTIVEC | CB_CAP_VSX;
    static const char *const p8_algs[] = {"sha256", "sha512", "aes-128-cbc", "aes-256-ctr",
                                          "aes-256-gcm", "ghash"};
    for (size_t i = 0; i < sizeof p8_algs / sizeof p8_algs[0]; i++) {
        assert_string_equal(auto_name(p8_algs[i], p8), "p8");
        assert_string_equal(auto_name(p8_algs[i], p7), "ppc");
        assert_string_equal(auto_name(p8_algs[i], p8 & ~CB_CAP_VCRYPTO), "ppc");
    }
    assert_string_equal(auto_name("md5", p8), "ppc");
    assert_string_equal(auto_name("sha1", p8), "ppc");
    assert_string_equal(auto_name("sha1", 0), "ppc");
    /* the vector ChaCha20 needs VSX, not ISA 2.07: a POWER7 runs it */
    assert_string_equal(auto_name("chacha20-poly1305", p7), "vsx");
    assert_string_equal(auto_name("chacha20", p8), "vsx");
    assert_string_equal(auto_name("chacha20", CB_CAP_ALTIVEC), "generic");
    const cb_variant *v = cb_variant_find(cb_alg_find("sha256"), "p8");
    assert_non_null(v);
    char why[128];
    assert_non_null(cb_variant_why_not(v, p7, why, sizeof why));
    assert_null(cb_variant_why_not(v, p8, why, sizeof why));
}

/* ---- Poly1305: the padbit-0 path the AEAD never takes ---- */

/* test_poly1305: the Poly1305 each runnable power ChaCha row pairs with, alone:
 * RFC 8439 2.5.2's example (34 bytes, so the last block goes in with padbit 0 after
 * its 0x01 byte), then every length 0..300 under random keys against generic's
 * radix-2^64 code, and all-ones keys and messages, which keep the accumulator's
 * top limb and every carry at their largest. */
static void test_poly1305(void **state)
{
    (void)state;
    static const uint8_t rfc_key[32] = {
        0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52,
        0xfe, 0x42, 0xd5, 0x06, 0xa8, 0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d,
        0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b};
    static const uint8_t rfc_tag[16] = {0xa8, 0x06, 0x1d, 0xc1, 0x30, 0x51, 0x36, 0xc6,
                                        0xc2, 0x2b, 0x8b, 0xaf, 0x0c, 0x01, 0x27, 0xa9};
    static const char rfc_msg[] = "Cryptographic Forum Research Group";
    const cb_poly1305_ops *ref = ((const cb_chacha_ops *)generic_of(CB_PRIM_CHACHA)->ops)->poly;
    uint8_t key[32], msg[301], want[16], got[16];
    size_t ran = 0, i = 0;
    rng_state = 2505;
    for (const cb_variant *v; (v = next_runnable(CB_PRIM_CHACHA, &i)) != NULL;) {
        const cb_poly1305_ops *p = ((const cb_chacha_ops *)v->ops)->poly;
        if (!p)
            continue;
        cb_poly1305_mac(p, rfc_key, (const uint8_t *)rfc_msg, sizeof rfc_msg - 1, got);
        assert_memory_equal(got, rfc_tag, 16);
        for (int fill = 0; fill < 2; fill++)
            for (size_t len = 0; len < sizeof msg; len++) {
                if (fill) {
                    memset(key, 0xff, sizeof key);
                    memset(msg, 0xff, sizeof msg);
                } else {
                    rng_fill(key, sizeof key);
                    rng_fill(msg, len);
                }
                cb_poly1305_mac(ref, key, msg, len, want);
                cb_poly1305_mac(p, key, msg, len, got);
                if (memcmp(want, got, 16) != 0)
                    fail_msg("%s: Poly1305 differs from generic at length %zu (%s)", v->name,
                             len, fill ? "all ones" : "random");
            }
        ran++;
    }
    done_or_skip(ran);
}

/* The builds of kernels/power/knobs.h by variant name. */
#define BUILD_NAME(sym, name, hints, prio, summary) name,
static const char *const build_names[] = {POWER_INT_BUILDS(BUILD_NAME)};
#define NBUILDS (sizeof build_names / sizeof build_names[0])

/* unknown_int_row returns the first integer (capability-free) power row that is no
 * build of knobs.h, or NULL. */
static const char *unknown_int_row(void)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->family, "power") != 0 || v->caps != 0)
            continue;
        int known = 0;
        for (size_t b = 0; b < NBUILDS; b++)
            known |= strcmp(v->name, build_names[b]) == 0;
        if (!known)
            return v->name;
    }
    return NULL;
}

/* test_knob_rows: every build of knobs.h has its row for each of the eleven integer
 * kernels, and every integer power row is one of those builds, so a build named in
 * family.c by hand, or a row dropped from it, fails here. */
static void test_knob_rows(void **state)
{
    (void)state;
    static const cb_prim prims[] = {CB_PRIM_MD5,    CB_PRIM_SHA1,      CB_PRIM_SHA256,
                                    CB_PRIM_SHA512, CB_PRIM_AES,       CB_PRIM_GHASH,
                                    CB_PRIM_GCM,    CB_PRIM_MD4,       CB_PRIM_RMD160,
                                    CB_PRIM_WHIRLPOOL, CB_PRIM_MDC2};
    for (size_t b = 0; b < NBUILDS; b++)
        for (size_t p = 0; p < sizeof prims / sizeof prims[0]; p++) {
            size_t rows = 0;
            for (size_t i = 0; i < cb_variant_count(); i++) {
                const cb_variant *v = cb_variant_at(i);
                rows += v->prim == prims[p] && strcmp(v->name, build_names[b]) == 0;
            }
            if (rows != 1)
                fail_msg("build %s of knobs.h has %zu rows of primitive %d, want 1",
                         build_names[b], rows, (int)prims[p]);
        }
    const char *unknown = unknown_int_row();
    if (unknown)
        fail_msg("integer power variant %s is no build of kernels/power/knobs.h", unknown);
}

/* test_same_code_rows: every build of knobs.h names the portable kernel of each cipher
 * the family has no assembly for (CB_BLOCK_PRIMS): one row each, the same code as
 * generic, never auto's pick; the integer kernels of two builds are different code. */
static void test_same_code_rows(void **state)
{
    (void)state;
#define BLOCK_PRIM(NAME, lower, arg) CB_PRIM_##NAME,
    static const cb_prim prims[] = {CB_BLOCK_PRIMS(BLOCK_PRIM, ~)};
#undef BLOCK_PRIM
    for (size_t p = 0; p < sizeof prims / sizeof prims[0]; p++) {
        const cb_variant *generic = NULL;
        for (size_t i = 0; i < cb_variant_count(); i++) {
            const cb_variant *v = cb_variant_at(i);
            if (v->prim == prims[p] && strcmp(v->name, "generic") == 0)
                generic = v;
        }
        assert_non_null(generic);
        for (size_t b = 0; b < NBUILDS; b++) {
            size_t rows = 0;
            for (size_t i = 0; i < cb_variant_count(); i++) {
                const cb_variant *v = cb_variant_at(i);
                if (v->prim != prims[p] || strcmp(v->name, build_names[b]) != 0)
                    continue;
                rows++;
                assert_true(cb_variant_same_code(v, generic));
                assert_true(v->priority < CB_PRIORITY_AUTO_MIN);
            }
            if (rows != 1)
                fail_msg("build %s has %zu rows of cipher primitive %d, want 1",
                         build_names[b], rows, (int)prims[p]);
        }
    }
    assert_string_equal(auto_name("des-cbc", 0), "generic");
    const cb_alg *md5 = cb_alg_find("md5");
    assert_false(cb_variant_same_code(cb_variant_find(md5, "ppc-hint"),
                                      cb_variant_find(md5, "ppc")));
    assert_false(cb_variant_same_code(cb_variant_find(md5, "ppc"), cb_variant_find(md5, "ppc")));
}

/* test_knob_rows_catch: an integer row outside knobs.h (a "ppc-plus" row registered at
 * run time with ppc's MD5 ops and a priority auto never takes) is what
 * test_knob_rows reports; runs last, as the row stays. */
static void test_knob_rows_catch(void **state)
{
    (void)state;
    static cb_variant stray = {"ppc-plus", "power", CB_PRIM_MD5, 0, 0, NULL,
                               "not a build of knobs.h"};
    stray.ops = cb_variant_find(cb_alg_find("md5"), "ppc")->ops;
    assert_null(unknown_int_row());
    assert_int_equal(cb_variant_register(&stray), 0);
    const char *unknown = unknown_int_row();
    assert_non_null(unknown);
    assert_string_equal(unknown, "ppc-plus");
}

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_power: %s\n", err);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_quick),  cmocka_unit_test(test_digest_offsets),
        cmocka_unit_test(test_aes_offsets), cmocka_unit_test(test_ctr32_wrap),
        cmocka_unit_test(test_ghash_offsets), cmocka_unit_test(test_wipe),
        cmocka_unit_test(test_aes_layout),  cmocka_unit_test(test_ghash_layout),
        cmocka_unit_test(test_auto),        cmocka_unit_test(test_knob_rows),
        cmocka_unit_test(test_same_code_rows), cmocka_unit_test(test_knob_rows_catch),
        cmocka_unit_test(test_poly1305),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else

/* main: builds for other architectures compile every test; nothing to do. */
int main(void)
{
    printf("test_power: this build has no power family; nothing to test\n");
    return 0;
}

#endif /* CB_FAMILY_POWER */
