/*
 * tests/test_sha3.c - SHA-3 against a literal transcription of FIPS 202.
 *
 * The reference below follows the standard's own algorithms step by step: the
 * state as A[x][y] lanes, rho's offsets found by walking Algorithm 2, iota's
 * constants from the rc(t) shift register of Algorithm 5, and the padding built bit
 * by bit as M || 01 || pad10*1 (sections 5.1, 6.1, B.1).  It shares no table or
 * shortcut with kernels/generic/sha3.c, kernels/armv8/sha3_ce.S or kernels/modes/digest.c, so
 * every variant (generic included) is checked against something independent:
 *   - the reference reproduces NIST's FIPS 202 examples embedded for selftest;
 *   - every variant's digest equals it at the lengths around one and two rates
 *     (rate - 1, rate, rate + 1, ...) and at the 1600-bit example's 200 bytes;
 *   - every variant's absorb step (ops->blocks) equals it at each rate FIPS 202
 *     uses, SHAKE128's 168 bytes included, from a random state and misaligned input.
 * How digest.c calls the kernel (rate, blocks, wipe) is checked in test_digest.c.
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
#include "kernels/generic/sponge.h"
#include "kernels/modes/digest.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"

/* ---- the reference, from FIPS 202 --------------------------------------------- */

/* rol64 rotates a lane left by n (0 <= n < 64). */
static uint64_t rol64(uint64_t v, unsigned n)
{
    return n ? (v << n) | (v >> (64 - n)) : v;
}

/* rc is the output bit of Algorithm 5 for t. */
static unsigned rc(unsigned t)
{
    if (t % 255 == 0)
        return 1;
    unsigned r = 0x01; /* R = 10000000, R[0] as bit 0 */
    for (unsigned i = 1; i <= t % 255; i++) {
        r <<= 1; /* R = 0 || R: R[i] moves to R[i + 1]; R[8] is bit 8 */
        unsigned r8 = (r >> 8) & 1;
        r ^= r8 | r8 << 4 | r8 << 5 | r8 << 6;
        r &= 0xff;
    }
    return r & 1;
}

/* ref_permute is Keccak-p[1600, 24] (Algorithm 7) on A[x][y]. */
static void ref_permute(uint64_t a[5][5])
{
    for (unsigned ir = 0; ir < 24; ir++) {
        uint64_t c[5], d[5], b[5][5];
        for (int x = 0; x < 5; x++) /* theta, Algorithm 1 */
            c[x] = a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4];
        for (int x = 0; x < 5; x++)
            d[x] = c[(x + 4) % 5] ^ rol64(c[(x + 1) % 5], 1);
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++)
                a[x][y] ^= d[x];
        int x = 1, y = 0; /* rho, Algorithm 2 */
        for (unsigned t = 0; t < 24; t++) {
            a[x][y] = rol64(a[x][y], ((t + 1) * (t + 2) / 2) % 64);
            int nx = y, ny = (2 * x + 3 * y) % 5;
            x = nx, y = ny;
        }
        for (x = 0; x < 5; x++) /* pi, Algorithm 3 */
            for (y = 0; y < 5; y++)
                b[x][y] = a[(x + 3 * y) % 5][x];
        for (x = 0; x < 5; x++) /* chi, Algorithm 4 */
            for (y = 0; y < 5; y++)
                a[x][y] = b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y]);
        uint64_t round_constant = 0; /* iota, Algorithm 6 */
        for (unsigned j = 0; j <= 6; j++)
            round_constant |= (uint64_t)rc(j + 7 * ir) << ((1u << j) - 1);
        a[0][0] ^= round_constant;
    }
}

/* ref_absorb XORs one rate-byte block into A (byte i is bits 8i..8i+7 of the
 * string, lane (x, y) holds bits 64(5y + x) onwards: sections 3.1.2 and B.1). */
static void ref_absorb(uint64_t a[5][5], const uint8_t *block, size_t rate)
{
    for (size_t i = 0; i < rate; i++) {
        size_t lane = i / 8;
        a[lane % 5][lane / 5] ^= (uint64_t)block[i] << (8 * (i % 8));
    }
    ref_permute(a);
}

/* set_bit sets bit i of a bit string held as bytes, first bit least significant. */
static void set_bit(uint8_t *p, size_t i)
{
    p[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* ref_sha3 is SHA3-(out_bytes * 8) (section 6.1, Algorithm 8) of msg[0..len). */
static void ref_sha3(size_t out_bytes, const uint8_t *msg, size_t len, uint8_t *out)
{
    size_t rate = 200 - 2 * out_bytes;
    size_t bits = 8 * len + 2; /* M || 01 */
    size_t padded_bits = (bits / (8 * rate) + 1) * 8 * rate;
    if (padded_bits - bits < 2)
        padded_bits += 8 * rate; /* pad10*1 needs at least two bits */
    uint8_t *p = calloc(padded_bits / 8, 1);
    assert_non_null(p);
    if (len)
        memcpy(p, msg, len);
    set_bit(p, 8 * len + 1);     /* the suffix 01: a 0 then a 1 */
    set_bit(p, bits);            /* pad10*1's first 1 */
    set_bit(p, padded_bits - 1); /* and its last */
    uint64_t a[5][5];
    memset(a, 0, sizeof a);
    for (size_t off = 0; off < padded_bits / 8; off += rate)
        ref_absorb(a, p + off, rate);
    for (size_t i = 0; i < out_bytes; i++)
        out[i] = (uint8_t)(a[(i / 8) % 5][(i / 8) / 5] >> (8 * (i % 8)));
    free(p);
}


/* ref_shake is SHAKE128 (rate 168) or SHAKE256 (rate 136) of msg (sections 6.2 and
 * 4: M || 1111, pad10*1, then as many rate-byte output blocks as outlen needs). */
static void ref_shake(size_t rate, const uint8_t *msg, size_t len, uint8_t *out,
                      size_t outlen)
{
    size_t bits = 8 * len + 4;
    size_t padded_bits = (bits / (8 * rate) + 1) * 8 * rate;
    if (padded_bits - bits < 2)
        padded_bits += 8 * rate;
    uint8_t *p = calloc(padded_bits / 8, 1);
    assert_non_null(p);
    if (len)
        memcpy(p, msg, len);
    for (size_t i = 0; i < 4; i++)
        set_bit(p, 8 * len + i);
    set_bit(p, bits);
    set_bit(p, padded_bits - 1);
    uint64_t a[5][5];
    memset(a, 0, sizeof a);
    for (size_t off = 0; off < padded_bits / 8; off += rate)
        ref_absorb(a, p + off, rate);
    for (size_t i = 0; i < outlen; i++) {
        if (i && i % rate == 0)
            ref_permute(a);
        size_t j = i % rate;
        out[i] = (uint8_t)(a[(j / 8) % 5][(j / 8) / 5] >> (8 * (j % 8)));
    }
    free(p);
}

/* ---- helpers ------------------------------------------------------------------------ */

static const char *const sha3_algs[] = {"sha3-224", "sha3-256", "sha3-384", "sha3-512"};
#define NALGS (sizeof sha3_algs / sizeof sha3_algs[0])

/* xorshift64 makes reproducible test data. */
static uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void fill(uint8_t *p, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(xorshift64(&seed) >> 56);
}

/* runnable tells whether v is a SHA-3 variant this CPU can run, reporting the others. */
static int runnable(const cb_variant *v)
{
    if (v->prim != CB_PRIM_SHA3)
        return 0;
    if (v->caps & ~cb_caps_effective()) {
        print_message("UNAVAILABLE sha3/%s (needs capabilities this CPU lacks)\n", v->name);
        return 0;
    }
    return 1;
}

/* ---- tests ------------------------------------------------------------------------ */

/* test_reference_examples: the reference reproduces every embedded SHA-3 known answer
 * (NIST's FIPS 202 examples and the CAVP rate - 1 and rate records). */
static void test_reference_examples(void **unused)
{
    (void)unused;
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_digest; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        if (a->prim != CB_PRIM_SHA3)
            continue;
        size_t unit = t->msg ? strlen(t->msg) / 2 : strlen(t->msg_ascii);
        size_t len = unit * (t->repeat ? t->repeat : 1);
        uint8_t *msg = malloc(len + 1), want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
        assert_non_null(msg);
        if (t->msg)
            assert_int_equal(cb_hex_decode(t->msg, msg, len), (long)len);
        else
            for (size_t i = 0; i < len; i += unit)
                memcpy(msg + i, t->msg_ascii, unit);
        assert_int_equal(cb_hex_decode(t->expect, want, sizeof want), (long)a->out_bytes);
        ref_sha3(a->out_bytes, msg, len, got);
        if (memcmp(got, want, a->out_bytes) != 0)
            fail_msg("the FIPS 202 reference disagrees with '%s'", t->source);
        free(msg);
        checked++;
    }
    assert_int_equal(checked, 4 * NALGS);
}

/*
 * test_rate_boundaries: every variant against the reference where the padding
 * changes shape: one byte short of a rate (0x86 in one byte), a whole rate (a
 * padding block of its own), one byte over, the same around two rates, and the
 * 200-byte message of the 1600-bit examples (random bytes here).
 */
static void test_rate_boundaries(void **unused)
{
    (void)unused;
    uint8_t msg[2 * 144 + 1];
    fill(msg, sizeof msg, 0x5eed5a3a);
    size_t pairs = 0;
    for (size_t ai = 0; ai < NALGS; ai++) {
        const cb_alg *a = cb_alg_find(sha3_algs[ai]);
        size_t r = a->block_bytes;
        const size_t lens[] = {0, 1, r - 1, r, r + 1, 2 * r - 1, 2 * r, 2 * r + 1, 200};
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!runnable(v))
                continue;
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
                ref_sha3(a->out_bytes, msg, lens[li], want);
                cb_digest(a, v, msg, lens[li], got);
                if (memcmp(got, want, a->out_bytes) != 0)
                    fail_msg("%s/%s: %zu bytes (rate %zu) differ from FIPS 202", a->name,
                             v->name, lens[li], r);
            }
            pairs++;
        }
    }
    assert_true(pairs >= NALGS); /* generic at least */
}

/*
 * test_blocks_every_rate: each variant's absorb step alone, from a random state, on
 * 1..3 blocks at input offsets 0..3, for every rate of FIPS 202's SHA-3 and SHAKE
 * functions the kernels promise (72, 104, 136, 144 and SHAKE128's 168), against the
 * reference's absorb of the same blocks.
 */
static void test_blocks_every_rate(void **unused)
{
    (void)unused;
    static const uint64_t rates[] = {72, 104, 136, 144, 168};
    uint8_t in[3 * 168 + 3];
    fill(in, sizeof in, 0xb10c);
    size_t runs = 0;
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v))
            continue;
        const cb_digest_ops *o = v->ops;
        for (size_t ri = 0; ri < sizeof rates / sizeof rates[0]; ri++)
            for (size_t n = 1; n <= 3; n++)
                for (size_t off = 0; off <= 3; off++) {
                    cb_keccak_state s;
                    uint64_t a[5][5], seed = 0x7a7e + 131 * ri + 7 * n + off;
                    for (int i = 0; i < 25; i++)
                        a[i % 5][i / 5] = s.lanes[i] = xorshift64(&seed);
                    s.rate = rates[ri];
                    o->blocks(&s, in + off, n);
                    for (size_t b = 0; b < n; b++)
                        ref_absorb(a, in + off + b * rates[ri], rates[ri]);
                    for (int i = 0; i < 25; i++)
                        if (s.lanes[i] != a[i % 5][i / 5])
                            fail_msg("sha3/%s: lane %d wrong after %zu blocks of rate %u at "
                                     "offset %zu", v->name, i, n, (unsigned)rates[ri], off);
                    if (s.rate != rates[ri])
                        fail_msg("sha3/%s: the rate in the state was changed", v->name);
                    runs++;
                }
    }
    assert_true(runs >= 5 * 3 * 4);
}

/* hexbytes parses an even-length hex string into out. */
static void hexbytes(const char *hex, uint8_t *out)
{
    for (size_t i = 0; hex[2 * i]; i++) {
        unsigned v;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
        out[i] = (uint8_t)v;
    }
}

/* The SHAKE reference against NIST's empty-message examples (FIPS 202 example
 * values, SHAKE128 and SHAKE256 of the empty string), then the sponge of
 * kernels/generic/sponge.c against the references: absorbed and squeezed in
 * pieces of every split, across one and two rates, and the one-shot SHA3-256/512. */
static void test_sponge(void **unused)
{
    (void)unused;
    uint8_t want[64], got[512], ref[512];
    hexbytes("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", want);
    ref_shake(168, NULL, 0, ref, 32);
    assert_memory_equal(ref, want, 32);
    hexbytes("46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
             "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be", want);
    ref_shake(136, NULL, 0, ref, 64);
    assert_memory_equal(ref, want, 64);

    uint8_t msg[400];
    fill(msg, sizeof msg, 29);
    static const size_t lens[] = {0, 1, 7, 8, 9, 33, 71, 72, 73, 135, 136, 137, 167, 168, 169, 337, 400};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int which = 0; which < 2; which++) {
            size_t rate = which ? CB_SHAKE256_RATE : CB_SHAKE128_RATE;
            ref_shake(rate, msg, len, ref, sizeof ref);
            for (size_t split = 0; split <= len; split += 1 + len / 5) {
                cb_sponge s;
                if (which)
                    cb_shake256_init(&s);
                else
                    cb_shake128_init(&s);
                cb_sponge_absorb(&s, msg, split);
                cb_sponge_absorb(&s, msg + split, len - split);
                cb_sponge_finalize(&s);
                size_t first = (split * 7) % 200;
                cb_sponge_squeeze(&s, got, first);
                cb_sponge_squeeze(&s, got + first, 3);
                cb_sponge_squeeze(&s, got + first + 3, sizeof got - first - 3);
                assert_memory_equal(got, ref, sizeof got);
            }
        }
        ref_sha3(32, msg, len, ref);
        cb_sha3_256(got, msg, len);
        assert_memory_equal(got, ref, 32);
        ref_sha3(64, msg, len, ref);
        cb_sha3_512(got, msg, len);
        assert_memory_equal(got, ref, 64);
        ref_shake(136, msg, len, ref, 100);
        cb_shake256(got, 100, msg, len);
        assert_memory_equal(got, ref, 100);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_examples),
        cmocka_unit_test(test_rate_boundaries),
        cmocka_unit_test(test_blocks_every_rate),
        cmocka_unit_test(test_sponge),
    };
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_sha3: %s\n", err);
        return 2;
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
