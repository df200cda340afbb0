/*
 * tests/test_chacha.c - ChaCha20 and Poly1305 (RFC 8439): the block function, the
 * stream and the AEAD against the RFC's worked examples, Poly1305's final-reduction
 * edge cases (A.3), radix 2^26 against radix 2^64, the stream cut into calls and
 * across the 32-bit counter's wrap, the lengths the AEAD refuses, tampered messages,
 * and every ChaCha variant this CPU can run against generic.
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
#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"
#include "kernels/modes/chachapoly.h"
#include "kernels/registry.h"
#include "tests/support.h"

#define POLY_VECTORS                                                                     \
    "/usr/lib/python3/dist-packages/cryptography_vectors/poly1305/rfc7539.txt"

/* ---- helpers ------------------------------------------------------------------------ */

/* load_key reads a 32-byte key as the eight little-endian words of the state. */
static void load_key(uint32_t w[8], const uint8_t key[32])
{
    for (int i = 0; i < 8; i++)
        w[i] = cb_load_le32(key + 4 * i);
}

/* set_ctr makes the state's last row: the block counter, then a 12-byte nonce. */
static void set_ctr(uint32_t ctr[4], uint32_t counter, const uint8_t nonce[12])
{
    ctr[0] = counter;
    for (int i = 0; i < 3; i++)
        ctr[1 + i] = cb_load_le32(nonce + 4 * i);
}

/* block_bytes serializes cb_chacha_block's sixteen words (RFC 8439 2.3.2's
 * "serialized block"). */
static void block_bytes(uint8_t out[64], const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t w[16];
    cb_chacha_block(w, key, ctr);
    for (int i = 0; i < 16; i++)
        cb_store_le32(out + 4 * i, w[i]);
}

/* expect_hex compares n bytes with a hex string of exactly n bytes. */
static void expect_hex(const uint8_t *got, size_t n, const char *hex, const char *what)
{
    size_t len;
    uint8_t *want = tu_unhex(hex, &len);
    if (len != n || memcmp(got, want, n) != 0)
        fail_msg("%s differs", what);
    free(want);
}

/* chacha_vector returns the first row of cb_vectors_chacha for alg. */
static const cb_vector *chacha_vector(const char *alg)
{
    for (const cb_vector *v = cb_vectors_chacha; v->alg; v++)
        if (strcmp(v->alg, alg) == 0)
            return v;
    fail_msg("no %s row in cb_vectors_chacha", alg);
    return NULL;
}

/* runnable: a ChaCha variant of this build that this CPU can run; one that cannot
 * says why, so a sweep that left it out is visible. */
static int runnable(const cb_variant *v, const cb_alg *a)
{
    char why[160];
    if (v->prim != CB_PRIM_CHACHA || !cb_variant_offers_any(v, a))
        return 0;
    if (cb_variant_why_not(v, cb_caps_effective(), why, sizeof why)) {
        print_message("UNAVAILABLE %s/%s: %s\n", a->name, v->name, why);
        return 0;
    }
    return 1;
}

/* xorshift: the deterministic generator of the sweeps (xorshift32). */
static uint32_t xorshift(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* ---- the block function -------------------------------------------------------------- */

/* ref_qr: the quarter round exactly as RFC 8439 2.1 writes it. */
static void ref_qr(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d)
{
    *a += *b, *d ^= *a, *d = *d << 16 | *d >> 16;
    *c += *d, *b ^= *c, *b = *b << 12 | *b >> 20;
    *a += *b, *d ^= *a, *d = *d << 8 | *d >> 24;
    *c += *d, *b ^= *c, *b = *b << 7 | *b >> 25;
}

/* ref_block: RFC 8439 2.3's inner_block ten times over ref_qr, plus the input. */
static void ref_block(uint32_t out[16], const uint32_t key[8], const uint32_t ctr[4])
{
    static const int rounds[8][4] = {{0, 4, 8, 12},  {1, 5, 9, 13}, {2, 6, 10, 14},
                                     {3, 7, 11, 15}, {0, 5, 10, 15}, {1, 6, 11, 12},
                                     {2, 7, 8, 13},  {3, 4, 9, 14}};
    uint32_t x[16];
    memcpy(x, cb_chacha_sigma, 16);
    memcpy(x + 4, key, 32);
    memcpy(x + 12, ctr, 16);
    for (int r = 0; r < 10; r++)
        for (int q = 0; q < 8; q++)
            ref_qr(&x[rounds[q][0]], &x[rounds[q][1]], &x[rounds[q][2]], &x[rounds[q][3]]);
    for (int i = 0; i < 4; i++)
        out[i] = x[i] + cb_chacha_sigma[i];
    for (int i = 0; i < 8; i++)
        out[4 + i] = x[4 + i] + key[i];
    for (int i = 0; i < 4; i++)
        out[12 + i] = x[12 + i] + ctr[i];
}

/* RFC 8439 2.1.1 fixes the model quarter round; the model block function built on it
 * then agrees with cb_chacha_block on many keys, counters and nonces. */
static void test_quarter_round(void **state)
{
    (void)state;
    uint32_t a = 0x11111111, b = 0x01020304, c = 0x9b8d6f43, d = 0x01234567;
    ref_qr(&a, &b, &c, &d);
    assert_int_equal(a, 0xea2a92f4);
    assert_int_equal(b, 0xcb1cf8ce);
    assert_int_equal(c, 0x4581472e);
    assert_int_equal(d, 0x5881c4bb);
    uint32_t seed = 0x2111, key[8], ctr[4], want[16], got[16];
    for (int n = 0; n < 300; n++) {
        for (int i = 0; i < 8; i++)
            key[i] = xorshift(&seed);
        for (int i = 0; i < 4; i++)
            ctr[i] = n < 4 ? UINT32_MAX - (uint32_t)n : xorshift(&seed);
        ref_block(want, key, ctr);
        cb_chacha_block(got, key, ctr);
        assert_memory_equal(got, want, sizeof want);
    }
}

/* RFC 8439 2.3.2: key 00..1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, block 1. */
static const uint8_t nonce_232[12] = {0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0};

static void test_block_function(void **state)
{
    (void)state;
    uint8_t kb[32], out[64];
    uint32_t key[8], ctr[4];
    for (int i = 0; i < 32; i++)
        kb[i] = (uint8_t)i;
    load_key(key, kb);
    set_ctr(ctr, 1, nonce_232);
    block_bytes(out, key, ctr);
    expect_hex(out, 64,
               "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
               "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
               "RFC 8439 2.3.2 serialized block");
    /* the generic kernel XORs that keystream into the data */
    memset(out, 0, sizeof out);
    cb_chacha_generic_ops.blocks(key, ctr, out, out, 1);
    uint8_t again[64];
    block_bytes(again, key, ctr);
    assert_memory_equal(out, again, 64);
}

/* RFC 8439 2.4.2: the sunscreen text (2.8.2's plaintext too) from block 1 under key
 * 00..1f and nonce 00:00:00:00:00:00:00:4a:00:00:00:00, through the stream of the
 * chacha20 cipher: OpenSSL's IV is the counter 1 then the nonce. */
static void test_encryption(void **state)
{
    (void)state;
    static const uint8_t iv[16] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0};
    const char *text = chacha_vector("chacha20-poly1305")->msg_ascii;
    size_t len = strlen(text);
    uint8_t kb[32], out[128];
    assert_int_equal(len, 114);
    for (int i = 0; i < 32; i++)
        kb[i] = (uint8_t)i;
    cb_chacha_stream s;
    cb_chacha_stream_key(&s, kb);
    cb_chacha_stream_iv(&s, iv);
    cb_chacha_stream_xor(&cb_chacha_generic_ops, &s, (const uint8_t *)text, out, len);
    expect_hex(out, len,
               "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
               "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
               "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
               "5af90bbf74a35be6b40b8eedf2785e42874d",
               "RFC 8439 2.4.2 ciphertext");
    /* block 1 whole and 50 bytes of block 2: the next call goes on in block 2 */
    assert_int_equal(s.ctr[0], 3);
    assert_int_equal(s.used, 50);
}

/* ---- Poly1305 ---------------------------------------------------------------------- */

/* poly_ops: every Poly1305 representation this target builds. */
static const cb_poly1305_ops *const poly_ops[] = {
    &cb_poly1305_r26_ops,
#ifdef __SIZEOF_INT128__
    &cb_poly1305_r64_ops,
#endif
};
#define NPOLY (sizeof poly_ops / sizeof poly_ops[0])

/* expect_mac checks the one-shot MAC of msg under key with every representation. */
static void expect_mac(const char *key_hex, const uint8_t *msg, size_t len,
                       const char *tag_hex, const char *source)
{
    size_t kl;
    uint8_t *key = tu_unhex(key_hex, &kl), tag[16];
    assert_int_equal(kl, 32);
    for (size_t i = 0; i < NPOLY; i++) {
        cb_poly1305_mac(poly_ops[i], key, msg, len, tag);
        expect_hex(tag, 16, tag_hex, source);
    }
    free(key);
}

/* RFC 8439 2.5.2: "Cryptographic Forum Research Group". */
static void test_poly1305(void **state)
{
    (void)state;
    static const char msg[] = "Cryptographic Forum Research Group";
    expect_mac("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
               (const uint8_t *)msg, strlen(msg), "a8061dc1305136c6c22b8baf0c0127a9",
               "RFC 8439 2.5.2");
}

/* RFC 8439 2.6.2: the one-time key is the first 32 bytes of block 0's keystream. */
static void test_poly1305_key_generation(void **state)
{
    (void)state;
    static const uint8_t nonce[12] = {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7};
    uint8_t kb[32], otk[32] = {0};
    uint32_t key[8], ctr[4];
    for (int i = 0; i < 32; i++)
        kb[i] = (uint8_t)(0x80 + i);
    load_key(key, kb);
    set_ctr(ctr, 0, nonce);
    cb_chacha_run(&cb_chacha_generic_ops, key, ctr, otk, otk, sizeof otk);
    expect_hex(otk, 32, "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646",
               "RFC 8439 2.6.2 one-time key");
}

/* RFC 8439 A.3 #5 to #11 (kernels/check/vectors/vectors_chacha.c, which selftest also runs
 * on every variant's Poly1305): accumulators that land on or just past 2^130 - 5,
 * where the final reduction and carries go wrong first. */
static void test_poly1305_edges(void **state)
{
    (void)state;
    size_t n = 0;
    for (const cb_vector *v = cb_vectors_poly1305; v->alg; v++, n++) {
        size_t len;
        uint8_t *msg = tu_unhex(v->msg, &len);
        expect_mac(v->key, msg, len, v->expect, v->source);
        free(msg);
    }
    assert_int_equal(n, cb_vectors_poly1305_count);
    assert_true(n >= 7);
}

/* The package's poly1305/rfc7539.txt: all eleven of RFC 8439 A.3 (KEY, MSG, TAG). */
static void test_poly1305_file(void **state)
{
    (void)state;
    FILE *f = fopen(POLY_VECTORS, "r");
    if (!f)
        fail_msg("no %s: install python3-cryptography-vectors", POLY_VECTORS);
    static char line[2048];
    char key[80] = "", tag[40];
    uint8_t *msg = NULL;
    size_t len = 0, done = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (sscanf(line, "KEY = %79s", key) == 1)
            continue;
        if (strncmp(line, "MSG = ", 6) == 0) {
            free(msg);
            msg = tu_unhex(line + 6, &len);
        } else if (sscanf(line, "TAG = %39s", tag) == 1 && msg) {
            expect_mac(key, msg, len, tag, line);
            done++;
        }
    }
    fclose(f);
    free(msg);
    assert_int_equal(done, 11);
}

/* Radix 2^26 against radix 2^64 on random keys and lengths, and on keys and messages
 * of all ones, whose carries run furthest; each also fed in several calls. */
static void test_radix_agree(void **state)
{
    (void)state;
    enum { MAX = 700 };
    static uint8_t msg[MAX];
    uint8_t key[32], t26[16], split[16];
    uint32_t seed = 0x8439;
    for (int n = 0; n < 600; n++) {
        size_t len = n < 40 ? (size_t)n * 17 : xorshift(&seed) % MAX;
        if (n < 40) { /* the all-ones cases, every length mod 16 */
            memset(key, 0xff, sizeof key);
            memset(msg, 0xff, len);
        } else {
            tu_fill(key, sizeof key, xorshift(&seed));
            tu_fill(msg, len, xorshift(&seed));
        }
        cb_poly1305_mac(&cb_poly1305_r26_ops, key, msg, len, t26);
#ifdef __SIZEOF_INT128__
        uint8_t t64[16];
        cb_poly1305_mac(&cb_poly1305_r64_ops, key, msg, len, t64);
        if (memcmp(t26, t64, 16) != 0)
            fail_msg("radix 2^26 and 2^64 differ on %zu bytes (case %d)", len, n);
#endif
        /* the whole blocks in calls of 16, 32, 48, 64, 16, ... bytes give their
         * one-shot tag */
        size_t whole = len & ~(size_t)15;
        for (size_t p = 0; p < NPOLY; p++) {
            const cb_poly1305_ops *o = poly_ops[p];
            void *st = cb_aligned_alloc(64, o->state_size);
            o->init(st, key);
            for (size_t off = 0, step = 16; off < whole; step = step % 64 + 16) {
                size_t k = whole - off < step ? whole - off : step;
                o->blocks(st, msg + off, k, 1);
                off += k;
            }
            o->emit(st, split);
            free(st);
            cb_poly1305_mac(o, key, msg, whole, t26);
            if (memcmp(split, t26, 16) != 0)
                fail_msg("Poly1305 ops %zu fed in pieces differs on %zu bytes", p, whole);
        }
    }
#ifndef __SIZEOF_INT128__
    print_message("UNAVAILABLE radix 2^64 (no __int128 here): radix 2^26 checked alone\n");
#endif
}

/* ---- the stream -------------------------------------------------------------------- */

/* The chacha20 stream cut into calls of assorted lengths, in place, gives what one
 * call gives, on every variant. */
static void test_stream_split(void **state)
{
    (void)state;
    static const size_t steps[] = {0, 1, 63, 64, 65, 7, 128, 3, 200, 64, 31, 33, 500, 1};
    enum { LEN = 2100, NSTEPS = sizeof steps / sizeof steps[0] };
    static uint8_t in[LEN], whole[LEN], parts[LEN];
    uint8_t key[32], iv[16];
    const cb_alg *a = cb_alg_find("chacha20");
    tu_fill(key, sizeof key, 11);
    tu_fill(iv, sizeof iv, 12);
    tu_fill(in, sizeof in, 13);
    size_t ran = 0;
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v, a))
            continue;
        cb_chacha_stream s;
        cb_chacha_stream_key(&s, key);
        cb_chacha_stream_iv(&s, iv);
        cb_chacha_stream_xor(v->ops, &s, in, whole, LEN);
        cb_chacha_stream_iv(&s, iv);
        memcpy(parts, in, LEN);
        for (size_t off = 0, i = 0; off < LEN; i = (i + 1) % NSTEPS) {
            size_t n = steps[i] < LEN - off ? steps[i] : LEN - off;
            cb_chacha_stream_xor(v->ops, &s, parts + off, parts + off, n);
            off += n;
        }
        if (memcmp(parts, whole, LEN) != 0)
            fail_msg("chacha20/%s: the stream in pieces differs", v->name);
        ran++;
    }
    assert_true(ran >= 1);
}

/* From block 0xffffffff the counter wraps to 0 and, as OpenSSL's chacha20 does, the
 * next word (the first nonce word) goes up by one: the keystream is the generic block
 * function's with ctr[1] incremented, whether the run is one call or cut at the wrap. */
static void test_counter_wrap(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("chacha20");
    uint8_t kb[32], want[192], got[192];
    uint32_t key[8], ctr[4] = {UINT32_MAX, 0x01020304, 0x05060708, 0x090a0b0c};
    tu_fill(kb, sizeof kb, 21);
    load_key(key, kb);
    uint32_t b0[4] = {UINT32_MAX, ctr[1], ctr[2], ctr[3]};
    uint32_t b1[4] = {0, ctr[1] + 1, ctr[2], ctr[3]};
    uint32_t b2[4] = {1, ctr[1] + 1, ctr[2], ctr[3]};
    block_bytes(want, key, b0);
    block_bytes(want + 64, key, b1);
    block_bytes(want + 128, key, b2);
    uint8_t iv[16];
    for (int i = 0; i < 4; i++)
        cb_store_le32(iv + 4 * i, ctr[i]);
    size_t ran = 0;
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v, a))
            continue;
        uint32_t c[4];
        memcpy(c, ctr, sizeof c);
        memset(got, 0, sizeof got);
        cb_chacha_run(v->ops, key, c, got, got, sizeof got);
        if (memcmp(got, want, sizeof want) != 0)
            fail_msg("chacha20/%s: one run across the wrap", v->name);
        assert_true(c[0] == 2 && c[1] == ctr[1] + 1);
        cb_chacha_stream s; /* cut inside block 0xffffffff and inside block 0 */
        cb_chacha_stream_key(&s, kb);
        cb_chacha_stream_iv(&s, iv);
        memset(got, 0, sizeof got);
        cb_chacha_stream_xor(v->ops, &s, got, got, 40);
        cb_chacha_stream_xor(v->ops, &s, got + 40, got + 40, 70);
        cb_chacha_stream_xor(v->ops, &s, got + 110, got + 110, 82);
        if (memcmp(got, want, sizeof want) != 0)
            fail_msg("chacha20/%s: the stream cut across the wrap", v->name);
        ran++;
    }
    assert_true(ran >= 1);
}

/* ---- the AEAD ---------------------------------------------------------------------- */

/* aead_msg: one ChaCha20-Poly1305 message, decoded. */
typedef struct aead_msg {
    uint8_t *key, *nonce, *aad, *pt, *ct, *tag;
    size_t klen, nlen, alen, len, tlen;
} aead_msg;

static aead_msg msg_from_hex(const char *key, const char *nonce, const char *aad,
                             const char *pt, const char *ct, const char *tag)
{
    aead_msg m;
    size_t ctlen;
    m.key = tu_unhex(key, &m.klen);
    m.nonce = tu_unhex(nonce, &m.nlen);
    m.aad = tu_unhex(aad, &m.alen);
    m.pt = tu_unhex(pt, &m.len);
    m.ct = tu_unhex(ct, &ctlen);
    m.tag = tu_unhex(tag, &m.tlen);
    assert_int_equal(ctlen, m.len);
    return m;
}

static void msg_free(aead_msg *m)
{
    free(m->key), free(m->nonce), free(m->aad), free(m->pt), free(m->ct), free(m->tag);
}

/* rfc_282: RFC 8439 2.8.2's message, from the selftest table. */
static aead_msg rfc_282(void)
{
    const cb_vector *v = chacha_vector("chacha20-poly1305");
    size_t n = strlen(v->msg_ascii);
    char *hex = malloc(2 * n + 1);
    assert_non_null(hex);
    for (size_t i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", (unsigned char)v->msg_ascii[i]);
    aead_msg m = msg_from_hex(v->key, v->iv, v->aad, hex, v->expect, v->tag);
    free(hex);
    return m;
}

/* check_msg seals and opens m with every variant, to other buffers and in place. */
static void check_msg(const aead_msg *m, const char *source)
{
    const cb_alg *a = cb_alg_find("chacha20-poly1305");
    uint8_t *buf = malloc(m->len + 1), tag[16];
    size_t ran = 0;
    assert_non_null(buf);
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v, a))
            continue;
        cb_chachapoly x;
        assert_int_equal(cb_chachapoly_init(&x, v, m->key), 0);
        assert_int_equal(cb_chachapoly_seal(&x, m->nonce, m->nlen, m->aad, m->alen, m->pt,
                                            buf, m->len, tag, m->tlen),
                         0);
        if (memcmp(buf, m->ct, m->len) != 0 || memcmp(tag, m->tag, m->tlen) != 0)
            fail_msg("%s/%s seal: %s", a->name, v->name, source);
        memcpy(buf, m->ct, m->len);
        if (cb_chachapoly_open(&x, m->nonce, m->nlen, m->aad, m->alen, buf, buf, m->len,
                               m->tag, m->tlen) != 0 ||
            memcmp(buf, m->pt, m->len) != 0)
            fail_msg("%s/%s open in place: %s", a->name, v->name, source);
        cb_chachapoly_free(&x);
        ran++;
    }
    free(buf);
    assert_true(ran >= 1);
}

/* RFC 8439 2.8.2 sealed and A.5 opened, on every variant. */
static void test_aead(void **state)
{
    (void)state;
    aead_msg m = rfc_282();
    check_msg(&m, "RFC 8439 2.8.2");
    msg_free(&m);
    m = msg_from_hex(
        "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        "000000000102030405060708", "f33388860000000000004e91",
        "496e7465726e65742d4472616674732061726520647261667420646f63756d65"
        "6e74732076616c696420666f722061206d6178696d756d206f6620736978206d"
        "6f6e74687320616e64206d617920626520757064617465642c207265706c6163"
        "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d65"
        "6e747320617420616e792074696d652e20497420697320696e617070726f7072"
        "6961746520746f2075736520496e7465726e65742d4472616674732061732072"
        "65666572656e6365206d6174657269616c206f7220746f206369746520746865"
        "6d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67"
        "726573732e2fe2809d",
        "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
        "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
        "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
        "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
        "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
        "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
        "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
        "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
        "a6ad5cb4022b02709b",
        "eead9d67890cbb22392336fea1851f38");
    check_msg(&m, "RFC 8439 A.5");
    msg_free(&m);
}

/* RFC 8439's nonce is 12 bytes (shorter ones are zero-extended at the front, as
 * OpenSSL takes them), its tag 16 (shorter ones are truncations): nonces of 0 and 13
 * bytes and tags of 0 and 17 are refused, by seal and open alike. */
static void test_refuses(void **state)
{
    (void)state;
    static const struct {
        size_t nlen, tlen;
        int refused;
    } cases[] = {{0, 16, 1}, {13, 16, 1}, {12, 0, 1}, {12, 17, 1},
                 {1, 16, 0}, {12, 1, 0},  {12, 16, 0}};
    aead_msg m = rfc_282();
    uint8_t nonce[16] = {0}, tag[17], out[128];
    const cb_variant *generic = cb_variant_generic(cb_alg_find("chacha20-poly1305"));
    cb_chachapoly x;
    memcpy(nonce, m.nonce, 12);
    assert_int_equal(cb_chachapoly_init(&x, generic, m.key), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t nl = cases[i].nlen, tl = cases[i].tlen;
        const char *why = cb_chachapoly_refuses(nl, tl, m.len);
        assert_int_equal(why != NULL, cases[i].refused);
        int rc =
            cb_chachapoly_seal(&x, nonce, nl, m.aad, m.alen, m.pt, out, m.len, tag, tl);
        assert_int_equal(rc, cases[i].refused ? -1 : 0);
        if (rc == 0) { /* a valid length opens what it sealed */
            rc = cb_chachapoly_open(&x, nonce, nl, m.aad, m.alen, out, out, m.len, tag, tl);
            assert_int_equal(rc, 0);
            assert_memory_equal(out, m.pt, m.len);
            continue;
        }
        memset(out, 0xa5, sizeof out);
        assert_int_equal(cb_chachapoly_open(&x, nonce, nl, m.aad, m.alen, m.ct, out, m.len,
                                            m.tag, tl), -1);
        for (size_t k = 0; k < m.len; k++)
            assert_int_equal(out[k], 0);
    }
    /* a shorter nonce is the 12-byte one with zeros in front */
    uint8_t t12[16], t4[16];
    static const uint8_t n12[12] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};
    assert_int_equal(cb_chachapoly_seal(&x, n12, 12, NULL, 0, m.pt, out, m.len, t12, 16),
                     0);
    assert_int_equal(cb_chachapoly_seal(&x, n12 + 8, 4, NULL, 0, m.pt, out, m.len, t4, 16),
                     0);
    assert_memory_equal(t12, t4, 16);
    cb_chachapoly_free(&x);
    msg_free(&m);
}

/* expect_forgery: opening fails and leaves the output zeroed. */
static void expect_forgery(const cb_chachapoly *x, const aead_msg *m, const uint8_t *aad,
                           const uint8_t *ct, const uint8_t *tag, const char *what)
{
    uint8_t out[128];
    memset(out, 0xa5, sizeof out);
    if (cb_chachapoly_open(x, m->nonce, m->nlen, aad, m->alen, ct, out, m->len, tag,
                           m->tlen) != -1)
        fail_msg("a %s opened", what);
    for (size_t k = 0; k < m->len; k++)
        if (out[k])
            fail_msg("a %s left plaintext byte %zu", what, k);
}

/* RFC 8439 2.8.2's message with one bit of its tag, its ciphertext or its AAD
 * flipped: every position tried, each must fail to open and zero the output. */
static void test_tampering(void **state)
{
    (void)state;
    aead_msg m = rfc_282();
    uint8_t ct[128], aad[16], tag[16];
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v, cb_alg_find("chacha20-poly1305")))
            continue;
        cb_chachapoly x;
        assert_int_equal(cb_chachapoly_init(&x, v, m.key), 0);
        memcpy(ct, m.ct, m.len);
        memcpy(aad, m.aad, m.alen);
        memcpy(tag, m.tag, 16);
        for (size_t bit = 0; bit < 128; bit++) {
            tag[bit / 8] ^= (uint8_t)(1 << bit % 8);
            expect_forgery(&x, &m, aad, ct, tag, "forged tag");
            tag[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        for (size_t bit = 0; bit < 8 * m.len; bit += 7) {
            ct[bit / 8] ^= (uint8_t)(1 << bit % 8);
            expect_forgery(&x, &m, aad, ct, tag, "flipped ciphertext bit");
            ct[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        for (size_t bit = 0; bit < 8 * m.alen; bit++) {
            aad[bit / 8] ^= (uint8_t)(1 << bit % 8);
            expect_forgery(&x, &m, aad, ct, tag, "flipped AAD bit");
            aad[bit / 8] ^= (uint8_t)(1 << bit % 8);
        }
        cb_chachapoly_free(&x);
    }
    msg_free(&m);
}

/* ---- every variant against generic --------------------------------------------------- */

/* sweep_blocks compares v's kernel with generic's on nblocks blocks, misaligned by
 * one byte and in place, from counter first. */
static void sweep_blocks(const cb_variant *v, const uint32_t key[8], const uint8_t *in,
                         size_t nblocks, uint32_t first)
{
    static uint8_t want[17 * 64], buf[17 * 64 + 1];
    const cb_chacha_ops *o = v->ops;
    uint32_t ctr[4] = {first, 0x11223344, 0x55667788, 0x99aabbcc};
    cb_chacha_generic_ops.blocks(key, ctr, in, want, nblocks);
    memcpy(buf + 1, in, 64 * nblocks);
    o->blocks(key, ctr, buf + 1, buf + 1, nblocks);
    if (memcmp(buf + 1, want, 64 * nblocks) != 0)
        fail_msg("chacha20/%s: %zu blocks from counter %u, unaligned buffer offset=1, "
                 "in place", v->name, nblocks, (unsigned)first);
}

/* sweep_aead compares v's seal with generic's on len bytes, misaligned by one byte
 * and in place, then opens it. */
static void sweep_aead(const cb_chachapoly *ref, const cb_chachapoly *x, const char *name,
                       const uint8_t *in, size_t len, const uint8_t *aad, size_t alen,
                       const uint8_t nonce[12])
{
    static uint8_t want[1100], buf[1101];
    uint8_t want_tag[16], tag[16];
    assert_int_equal(cb_chachapoly_seal(ref, nonce, 12, aad, alen, in, want, len, want_tag, 16),
                     0);
    memcpy(buf + 1, in, len);
    assert_int_equal(cb_chachapoly_seal(x, nonce, 12, aad, alen, buf + 1, buf + 1, len, tag, 16),
                     0);
    if (memcmp(buf + 1, want, len) != 0 || memcmp(tag, want_tag, 16) != 0)
        fail_msg("chacha20-poly1305/%s seal: data %zu, AAD %zu, offset=1, in place", name, len,
                 alen);
    if (cb_chachapoly_open(x, nonce, 12, aad, alen, buf + 1, buf + 1, len, tag, 16) != 0 ||
        memcmp(buf + 1, in, len) != 0)
        fail_msg("chacha20-poly1305/%s open: data %zu, AAD %zu", name, len, alen);
}

/* Every ChaCha variant this CPU can run, SIMD ones included as they are registered,
 * against generic: the kernel on 1..17 blocks from several counters, the stream on
 * every length 0..1024, the AEAD on a sweep of data and AAD lengths. */
static void test_variants_against_generic(void **state)
{
    (void)state;
    static uint8_t in[1100], want[1100], got[1100];
    uint8_t kb[32], iv[16], nonce[12], aad[48];
    uint32_t key[8];
    const cb_alg *stream = cb_alg_find("chacha20"), *aead = cb_alg_find("chacha20-poly1305");
    tu_fill(kb, sizeof kb, 31);
    tu_fill(in, sizeof in, 32);
    tu_fill(iv, sizeof iv, 33);
    tu_fill(nonce, sizeof nonce, 34);
    tu_fill(aad, sizeof aad, 35);
    load_key(key, kb);
    cb_chachapoly ref;
    assert_int_equal(cb_chachapoly_init(&ref, cb_variant_generic(aead), kb), 0);
    size_t ran = 0;
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!runnable(v, stream))
            continue;
        /* the last ends 17 blocks on 2^32 - 1, the most a kernel is given
         * (kernel.h: ctr[0] + nblocks - 1 never passes it) */
        static const uint32_t firsts[] = {0, 1, 7, 0xffffffef};
        for (size_t f = 0; f < sizeof firsts / sizeof firsts[0]; f++)
            for (size_t n = 1; n <= 17; n++)
                sweep_blocks(v, key, in, n, firsts[f]);
        for (size_t len = 0; len <= 1024; len++) {
            cb_chacha_stream a, b;
            cb_chacha_stream_key(&a, kb), cb_chacha_stream_iv(&a, iv);
            cb_chacha_stream_key(&b, kb), cb_chacha_stream_iv(&b, iv);
            cb_chacha_stream_xor(&cb_chacha_generic_ops, &a, in, want, len);
            memcpy(got + 1, in, len);
            cb_chacha_stream_xor(v->ops, &b, got + 1, got + 1, len);
            if (memcmp(got + 1, want, len) != 0)
                fail_msg("chacha20/%s: stream of %zu bytes, offset=1, in place", v->name, len);
        }
        if (runnable(v, aead)) {
            static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 1031, 1099};
            static const size_t alens[] = {0, 1, 13, 16, 17, 48};
            cb_chachapoly x;
            assert_int_equal(cb_chachapoly_init(&x, v, kb), 0);
            for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
                for (size_t k = 0; k < sizeof alens / sizeof alens[0]; k++)
                    sweep_aead(&ref, &x, v->name, in, lens[l], aad, alens[k], nonce);
            cb_chachapoly_free(&x);
        }
        ran++;
    }
    cb_chachapoly_free(&ref);
    print_message("%zu ChaCha variant(s) checked against generic\n", ran);
    assert_true(ran >= 1);
}

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_chacha: %s\n", err);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quarter_round),
        cmocka_unit_test(test_block_function),
        cmocka_unit_test(test_encryption),
        cmocka_unit_test(test_poly1305),
        cmocka_unit_test(test_poly1305_key_generation),
        cmocka_unit_test(test_poly1305_edges),
        cmocka_unit_test(test_poly1305_file),
        cmocka_unit_test(test_radix_agree),
        cmocka_unit_test(test_stream_split),
        cmocka_unit_test(test_counter_wrap),
        cmocka_unit_test(test_aead),
        cmocka_unit_test(test_refuses),
        cmocka_unit_test(test_tampering),
        cmocka_unit_test(test_variants_against_generic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
