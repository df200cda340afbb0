/*
 * tests/test_des.c - the generic DES / EDE3 ops against the standards' vectors, a
 * bit-by-bit reference written straight from FIPS 46-3, and NIST CAVP TDES files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/generic/generic.h"
#include "kernels/check/vectors/vectors.h"

#define CAVP_DIR "/usr/lib/python3/dist-packages/cryptography_vectors/ciphers/3DES/"

static const cb_block_ops *ops = &cb_des_generic_ops;

/* ---- helpers ---------------------------------------------------------------------- */

/* hex_decode converts hex into out (at most max bytes); returns the length or -1. */
static int hex_decode(const char *hex, uint8_t *out, size_t max)
{
    size_t n = strlen(hex);
    while (n && (hex[n - 1] == '\r' || hex[n - 1] == '\n' || hex[n - 1] == ' '))
        n--;
    if (n % 2 || n / 2 > max)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return (int)(n / 2);
}

/* xorshift64 gives reproducible test inputs. */
static uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void fill_random(uint64_t *seed, uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(xorshift64(seed) >> 56);
}

/* des_key: an aligned schedule keyed for one direction. */
typedef struct des_key {
    _Alignas(64) uint8_t ks[1024];
} des_key;

static void key_setup(des_key *k, const uint8_t *key, unsigned keys, int decrypt)
{
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, 8 * (size_t)keys, decrypt), 0);
}

/* run_cbc encrypts or decrypts len bytes with a fresh copy of iv. */
static void run_cbc(const uint8_t *key, unsigned keys, int decrypt, const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len)
{
    des_key k;
    uint8_t v[8];
    memcpy(v, iv, 8);
    key_setup(&k, key, keys, decrypt);
    ops->cbc(k.ks, v, in, out, len / 8);
}

/* ---- a bit-by-bit DES from FIPS 46-3 ------------------------------------------------ */

/* Tables from FIPS 46-3 (bit 1 is the most significant bit). */
static const uint8_t ref_ip[64] = {
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
    62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
    57, 49, 41, 33, 25, 17, 9,  1, 59, 51, 43, 35, 27, 19, 11, 3,
    61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7};
static const uint8_t ref_fp[64] = {
    40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31,
    38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
    36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27,
    34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9,  49, 17, 57, 25};
static const uint8_t ref_e[48] = {
    32, 1,  2,  3,  4,  5,  4,  5,  6,  7,  8,  9,  8,  9,  10, 11,
    12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21,
    22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1};
static const uint8_t ref_p[32] = {16, 7, 20, 21, 29, 12, 28, 17, 1,  15, 23, 26, 5,  18, 31, 10,
                                  2,  8, 24, 14, 32, 27, 3,  9,  19, 13, 30, 6,  22, 11, 4,  25};
static const uint8_t ref_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18, 10, 2,  59, 51, 43,
    35, 27, 19, 11, 3,  60, 52, 44, 36, 63, 55, 47, 39, 31, 23, 15, 7,  62, 54,
    46, 38, 30, 22, 14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4};
static const uint8_t ref_pc2[48] = {
    14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
    26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
    51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32};
static const uint8_t ref_s[8][4][16] = {
    {{14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7},
     {0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8},
     {4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0},
     {15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13}},
    {{15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10},
     {3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5},
     {0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15},
     {13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9}},
    {{10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8},
     {13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1},
     {13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7},
     {1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12}},
    {{7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15},
     {13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9},
     {10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4},
     {3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14}},
    {{2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9},
     {14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6},
     {4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14},
     {11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3}},
    {{12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11},
     {10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8},
     {9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6},
     {4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13}},
    {{4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1},
     {13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6},
     {1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2},
     {6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12}},
    {{13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7},
     {1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2},
     {7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8},
     {2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11}}};

/* permute picks bits table[0..n) (1-based, from the top of a width-bit value). */
static uint64_t permute(uint64_t in, unsigned width, const uint8_t *table, unsigned n)
{
    uint64_t out = 0;
    for (unsigned i = 0; i < n; i++)
        out = out << 1 | ((in >> (width - table[i])) & 1);
    return out;
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* ref_des encrypts or decrypts one block with one key, one bit at a time. */
static uint64_t ref_des(uint64_t key, uint64_t block, int decrypt)
{
    static const uint8_t shifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};
    uint64_t subkeys[16], cd = permute(key, 64, ref_pc1, 56);
    uint32_t c = (uint32_t)(cd >> 28), d = (uint32_t)cd & 0x0fffffff;
    for (int i = 0; i < 16; i++) {
        for (int s = 0; s < shifts[i]; s++) {
            c = ((c << 1) | (c >> 27)) & 0x0fffffff;
            d = ((d << 1) | (d >> 27)) & 0x0fffffff;
        }
        subkeys[i] = permute((uint64_t)c << 28 | d, 56, ref_pc2, 48);
    }
    uint64_t lr = permute(block, 64, ref_ip, 64);
    uint32_t l = (uint32_t)(lr >> 32), r = (uint32_t)lr;
    for (int i = 0; i < 16; i++) {
        uint64_t x = permute(r, 32, ref_e, 48) ^ subkeys[decrypt ? 15 - i : i];
        uint32_t s_out = 0;
        for (int b = 0; b < 8; b++) {
            unsigned six = (unsigned)(x >> (42 - 6 * b)) & 63;
            s_out = s_out << 4 | ref_s[b][(six >> 4 & 2) | (six & 1)][(six >> 1) & 15];
        }
        uint32_t next = l ^ (uint32_t)permute(s_out, 32, ref_p, 32);
        l = r;
        r = next;
    }
    return permute((uint64_t)r << 32 | l, 64, ref_fp, 64);
}

/* ref_ede3 is SP 800-67's TDEA: E_K3(D_K2(E_K1(P))) and its inverse. */
static uint64_t ref_ede3(const uint8_t key[24], uint64_t block, int decrypt)
{
    uint64_t k1 = load64(key), k2 = load64(key + 8), k3 = load64(key + 16);
    if (decrypt)
        return ref_des(k1, ref_des(k2, ref_des(k3, block, 1), 0), 1);
    return ref_des(k3, ref_des(k2, ref_des(k1, block, 0), 1), 0);
}

/* ---- tests ------------------------------------------------------------------------- */

/* The vectors `selftest` embeds, in both directions. */
static void test_embedded_vectors(void **state)
{
    (void)state;
    size_t n = 0;
    for (const cb_vector *v = cb_vectors_des; v->alg; v++, n++) {
        uint8_t key[24], iv[8], msg[64], want[64], got[64];
        unsigned keys = strcmp(v->alg, "des-ede3-cbc") == 0 ? 3 : 1;
        assert_int_equal(hex_decode(v->key, key, sizeof key), (int)(8 * keys));
        assert_int_equal(hex_decode(v->iv, iv, sizeof iv), 8);
        int len = hex_decode(v->msg, msg, sizeof msg);
        assert_int_equal(hex_decode(v->expect, want, sizeof want), len);
        run_cbc(key, keys, 0, iv, msg, got, (size_t)len);
        if (memcmp(got, want, (size_t)len) != 0)
            fail_msg("encrypt: %s", v->source);
        run_cbc(key, keys, 1, iv, want, got, (size_t)len);
        if (memcmp(got, msg, (size_t)len) != 0)
            fail_msg("decrypt: %s", v->source);
    }
    assert_int_equal(n, cb_vectors_des_count);
}

/* Random keys and blocks against the bit-by-bit reference, DES and EDE3, ECB. */
static void test_reference_cross_check(void **state)
{
    (void)state;
    uint64_t seed = 0x6a09e667f3bcc908u;
    for (int i = 0; i < 300; i++) {
        uint8_t key[24], in[8], out[8];
        des_key k;
        fill_random(&seed, key, sizeof key);
        fill_random(&seed, in, sizeof in);
        unsigned keys = i & 1 ? 3 : 1;
        int decrypt = (i >> 1) & 1;
        key_setup(&k, key, keys, decrypt);
        ops->ecb(k.ks, in, out, 1);
        uint64_t want = keys == 3 ? ref_ede3(key, load64(in), decrypt)
                                  : ref_des(load64(key), load64(in), decrypt);
        if (load64(out) != want)
            fail_msg("case %d: keys %u %s: got %016llx, reference %016llx", i, keys,
                     decrypt ? "decrypt" : "encrypt", (unsigned long long)load64(out),
                     (unsigned long long)want);
    }
}

/*
 * Parity is not checked (FIPS 46-3: the parity bits "are not used"): flipping the
 * low bit of every key byte changes nothing, and the all-zero key, whose parity is
 * wrong in every byte, is accepted.
 */
static void test_parity_ignored(void **state)
{
    (void)state;
    static const uint8_t iv[8] = {0};
    uint8_t key[24], flipped[24], msg[32], a[32], b[32];
    uint64_t seed = 0xbb67ae8584caa73bu;
    fill_random(&seed, key, sizeof key);
    fill_random(&seed, msg, sizeof msg);
    for (size_t i = 0; i < sizeof key; i++)
        flipped[i] = key[i] ^ 1;
    for (unsigned keys = 1; keys <= 3; keys += 2) {
        run_cbc(key, keys, 0, iv, msg, a, sizeof msg);
        run_cbc(flipped, keys, 0, iv, msg, b, sizeof msg);
        assert_memory_equal(a, b, sizeof a);
    }
    /* SP 800-20 Table A.1 round 1 again, with 0000000000000000 for 0101010101010101 */
    static const uint8_t zero_key[8], plain[8] = {0x80};
    static const uint8_t cipher[8] = {0x95, 0xf8, 0xa5, 0xe5, 0xdd, 0x31, 0xd9, 0x00};
    run_cbc(zero_key, 1, 0, iv, plain, a, 8);
    assert_memory_equal(a, cipher, 8);
}

/* EDE3 with K1 = K2 = K3 is single DES (SP 800-67 section 3.2, keying option 3). */
static void test_three_equal_keys_are_des(void **state)
{
    (void)state;
    uint8_t key[24], iv[8], msg[64], one[64], three[64];
    uint64_t seed = 0x3c6ef372fe94f82bu;
    for (int i = 0; i < 8; i++) {
        fill_random(&seed, key, 8);
        memcpy(key + 8, key, 8);
        memcpy(key + 16, key, 8);
        fill_random(&seed, iv, sizeof iv);
        fill_random(&seed, msg, sizeof msg);
        int decrypt = i & 1;
        run_cbc(key, 1, decrypt, iv, msg, one, sizeof msg);
        run_cbc(key, 3, decrypt, iv, msg, three, sizeof msg);
        assert_memory_equal(one, three, sizeof one);
    }
}

/* in == out gives the same result and the same final IV as separate buffers, and
 * CBC decryption inverts encryption. */
static void test_in_place(void **state)
{
    (void)state;
    uint8_t key[24], iv[8], msg[200], out[200], buf[200];
    uint64_t seed = 0xa54ff53a5f1d36f1u;
    fill_random(&seed, key, sizeof key);
    fill_random(&seed, iv, sizeof iv);
    fill_random(&seed, msg, sizeof msg);
    for (unsigned keys = 1; keys <= 3; keys += 2) {
        for (int decrypt = 0; decrypt <= 1; decrypt++) {
            des_key k;
            uint8_t iv1[8], iv2[8];
            key_setup(&k, key, keys, decrypt);
            memcpy(iv1, iv, 8);
            memcpy(iv2, iv, 8);
            memcpy(buf, msg, sizeof msg);
            ops->cbc(k.ks, iv1, msg, out, sizeof msg / 8);
            ops->cbc(k.ks, iv2, buf, buf, sizeof msg / 8);
            assert_memory_equal(out, buf, sizeof out);
            assert_memory_equal(iv1, iv2, 8);
            memcpy(buf, msg, sizeof msg);
            ops->ecb(k.ks, buf, buf, sizeof msg / 8);
            ops->ecb(k.ks, msg, out, sizeof msg / 8);
            assert_memory_equal(out, buf, sizeof out);
        }
        run_cbc(key, keys, 0, iv, msg, out, sizeof msg);
        run_cbc(key, keys, 1, iv, out, buf, sizeof msg);
        assert_memory_equal(buf, msg, sizeof msg);
    }
}

/* Splitting a CBC run keeps the chaining value in iv. */
static void test_cbc_iv_chaining(void **state)
{
    (void)state;
    uint8_t key[24], iv[8], msg[64], whole[64], parts[64];
    uint64_t seed = 0x510e527fade682d1u;
    fill_random(&seed, key, sizeof key);
    fill_random(&seed, iv, sizeof iv);
    fill_random(&seed, msg, sizeof msg);
    des_key k;
    uint8_t v[8];
    run_cbc(key, 3, 0, iv, msg, whole, sizeof msg);
    key_setup(&k, key, 3, 0);
    memcpy(v, iv, 8);
    ops->cbc(k.ks, v, msg, parts, 3);
    ops->cbc(k.ks, v, msg + 24, parts + 24, 5);
    assert_memory_equal(whole, parts, sizeof whole);
    assert_memory_equal(v, whole + 56, 8);
}

static void test_rejects_two_keys(void **state)
{
    (void)state;
    des_key k;
    uint8_t key[24] = {0};
    assert_int_not_equal(ops->set_key(k.ks, key, 16, 0), 0);
    assert_int_not_equal(ops->set_key(k.ks, key, 0, 0), 0);
    assert_int_not_equal(ops->set_key(k.ks, key, 9, 0), 0);
}

/* ---- CAVP TDES files ----------------------------------------------------------------- */

/* tdes_record: the fields of one CAVP TDES record. */
typedef struct tdes_record {
    uint8_t key[24], iv[8], plain[512], cipher[512];
    int have_key[3], have_iv, plain_len, cipher_len, decrypt;
} tdes_record;

/* record_check runs a complete record; returns 1 when it ran. */
static int record_check(const tdes_record *r, int cbc, const char *file, int line)
{
    if (r->plain_len < 0 || r->cipher_len < 0)
        return 0;
    if (!r->have_key[0] || !r->have_key[1] || !r->have_key[2] || (cbc && !r->have_iv) ||
        r->plain_len != r->cipher_len || r->plain_len % 8)
        fail_msg("%s:%d: incomplete record", file, line);
    const uint8_t *in = r->decrypt ? r->cipher : r->plain;
    const uint8_t *want = r->decrypt ? r->plain : r->cipher;
    uint8_t out[512], iv[8];
    des_key k;
    key_setup(&k, r->key, 3, r->decrypt);
    memcpy(iv, r->iv, 8);
    if (cbc)
        ops->cbc(k.ks, iv, in, out, (size_t)r->plain_len / 8);
    else
        ops->ecb(k.ks, in, out, (size_t)r->plain_len / 8);
    if (memcmp(out, want, (size_t)r->plain_len) != 0)
        fail_msg("%s:%d: wrong %s", file, line, r->decrypt ? "plaintext" : "ciphertext");
    return 1;
}

/* set_field stores one "NAME = hex" line into r. */
static void set_field(tdes_record *r, const char *name, const char *hex, const char *file,
                      int line)
{
    int n = 0;
    if (strcmp(name, "KEYs") == 0) {
        for (int i = 0; i < 3; i++) {
            n = hex_decode(hex, r->key + 8 * i, 8);
            r->have_key[i] = 1;
        }
    } else if (strncmp(name, "KEY", 3) == 0 && name[3] >= '1' && name[3] <= '3') {
        n = hex_decode(hex, r->key + 8 * (name[3] - '1'), 8);
        r->have_key[name[3] - '1'] = 1;
    } else if (strcmp(name, "IV") == 0) {
        n = hex_decode(hex, r->iv, 8);
        r->have_iv = 1;
    } else if (strcmp(name, "PLAINTEXT") == 0) {
        n = r->plain_len = hex_decode(hex, r->plain, sizeof r->plain);
    } else if (strcmp(name, "CIPHERTEXT") == 0) {
        n = r->cipher_len = hex_decode(hex, r->cipher, sizeof r->cipher);
    }
    if (n < 0)
        fail_msg("%s:%d: bad hex", file, line);
}

/* run_cavp_file checks every record of one TDES .rsp file; returns the count. */
static int run_cavp_file(const char *file, int cbc)
{
    FILE *f = fopen(file, "r");
    if (!f)
        fail_msg("cannot open %s (is python3-cryptography-vectors installed?)", file);
    char buf[2048];
    int line = 0, done = 0, decrypt = 0;
    tdes_record r;
    memset(&r, 0, sizeof r);
    r.plain_len = r.cipher_len = -1;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        char name[32], hex[1100];
        if (strncmp(buf, "[ENCRYPT]", 9) == 0 || strncmp(buf, "[DECRYPT]", 9) == 0)
            decrypt = buf[1] == 'D';
        if (sscanf(buf, "%31s = %1099s", name, hex) != 2)
            continue;
        if (strcmp(name, "COUNT") == 0) {
            memset(&r, 0, sizeof r);
            r.plain_len = r.cipher_len = -1;
            r.decrypt = decrypt;
            continue;
        }
        set_field(&r, name, hex, file, line);
        if (record_check(&r, cbc, file, line)) {
            done++;
            r.plain_len = r.cipher_len = -1;
        }
    }
    fclose(f);
    return done;
}

static void test_cavp_files(void **state)
{
    (void)state;
    static const char *const cbc_files[] = {"TCBCMMT1", "TCBCMMT2", "TCBCMMT3",
                                            "TCBCinvperm", "TCBCpermop", "TCBCsubtab",
                                            "TCBCvarkey", "TCBCvartext"};
    static const char *const ecb_files[] = {"TECBMMT1", "TECBMMT2", "TECBMMT3",
                                            "TECBinvperm", "TECBpermop", "TECBsubtab",
                                            "TECBvarkey", "TECBvartext"};
    char path[256];
    for (size_t i = 0; i < 8; i++) {
        snprintf(path, sizeof path, CAVP_DIR "CBC/%s.rsp", cbc_files[i]);
        assert_true(run_cavp_file(path, 1) > 0);
        snprintf(path, sizeof path, CAVP_DIR "ECB/%s.rsp", ecb_files[i]);
        assert_true(run_cavp_file(path, 0) > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_reference_cross_check),
        cmocka_unit_test(test_parity_ignored),
        cmocka_unit_test(test_three_equal_keys_are_des),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_cbc_iv_chaining),
        cmocka_unit_test(test_rejects_two_keys),
        cmocka_unit_test(test_cavp_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
