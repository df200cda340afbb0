/*
 * tests/test_rc4.c - the generic RC4 ops: the embedded known answers, every record of
 * the package's RFC 6229 files at its OFFSET in one stream, the stream continuing
 * across calls of any length, and the key lengths it takes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/generic.h"
#include "tests/support.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/ciphers/ARC4/"

static const cb_stream_ops *ops = &cb_rc4_generic_ops;

typedef struct rc4_buf {
    _Alignas(64) uint8_t st[2048];
} rc4_buf;

/* keystream writes the first n bytes of key's keystream into out. */
static void keystream(const uint8_t *key, size_t keylen, uint8_t *out, size_t n)
{
    rc4_buf b;
    assert_true(ops->state_size <= sizeof b.st);
    assert_int_equal(ops->set_key(b.st, key, keylen), 0);
    memset(out, 0, n);
    ops->stream(b.st, out, out, n);
}

static void test_embedded_vectors(void **state)
{
    (void)state;
    size_t n = 0;
    for (const cb_vector *v = cb_vectors_rc4; v->alg; v++, n++) {
        size_t kl, ml, el;
        uint8_t *key = tu_unhex(v->key, &kl), *msg = tu_unhex(v->msg, &ml);
        uint8_t *want = tu_unhex(v->expect, &el), got[64];
        rc4_buf b;
        assert_int_equal(el, ml);
        assert_int_equal(ops->set_key(b.st, key, kl), 0);
        ops->stream(b.st, msg, got, ml);
        if (memcmp(got, want, ml) != 0)
            fail_msg("%s", v->source);
        free(key), free(msg), free(want);
    }
    assert_int_equal(n, cb_vectors_rc4_count);
}

/* run_file checks each record's CIPHERTEXT (of zero PLAINTEXT) at its OFFSET. */
static size_t run_file(const char *name)
{
    char path[256], line[256], key[160] = "", ct[64];
    unsigned long offset = 0;
    size_t done = 0;
    snprintf(path, sizeof path, VECTORS "%s", name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "KEY = %159s", key) == 1 || sscanf(line, "OFFSET = %lu", &offset) == 1)
            continue;
        if (sscanf(line, "CIPHERTEXT = %63s", ct) != 1)
            continue;
        size_t kl, cl;
        uint8_t *k = tu_unhex(key, &kl), *c = tu_unhex(ct, &cl);
        uint8_t *ks = malloc(offset + cl);
        assert_non_null(ks);
        keystream(k, kl, ks, offset + cl);
        if (memcmp(ks + offset, c, cl) != 0)
            fail_msg("%s: key %s, offset %lu", name, key, offset);
        free(k), free(c), free(ks);
        done++;
    }
    fclose(f);
    return done;
}

static void test_rfc6229_files(void **state)
{
    (void)state;
    static const char *const files[] = {"rfc-6229-40.txt",  "rfc-6229-56.txt",
                                        "rfc-6229-64.txt",  "rfc-6229-80.txt",
                                        "rfc-6229-128.txt", "rfc-6229-192.txt",
                                        "rfc-6229-256.txt", "arc4.txt"};
    size_t total = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        total += run_file(files[i]);
    if (total == 0)
        skip();
    assert_int_equal(total, 8 * 36);
}

/* One stream cut into calls of every length 0..17 equals the stream in one call, also
 * in place, and decrypting is the same XOR. */
static void test_stream_continues(void **state)
{
    (void)state;
    uint8_t key[16], in[200], whole[200], parts[200], back[200];
    tu_fill(key, sizeof key, 5);
    tu_fill(in, sizeof in, 6);
    rc4_buf a, b;
    assert_int_equal(ops->set_key(a.st, key, 16), 0);
    ops->stream(a.st, in, whole, sizeof in);
    assert_int_equal(ops->set_key(b.st, key, 16), 0);
    memcpy(parts, in, sizeof in);
    for (size_t off = 0, step = 0; off < sizeof in; step = (step + 1) % 18) {
        size_t n = step < sizeof in - off ? step : sizeof in - off;
        ops->stream(b.st, parts + off, parts + off, n);
        off += n;
    }
    assert_memory_equal(parts, whole, sizeof in);
    assert_int_equal(ops->set_key(a.st, key, 16), 0);
    ops->stream(a.st, whole, back, sizeof in);
    assert_memory_equal(back, in, sizeof in);
}

/* set_key takes 1..256 bytes, and cycles the key: a 5-byte key is the 256-byte key
 * that repeats it. */
static void test_key_lengths(void **state)
{
    (void)state;
    uint8_t key[257], ks1[64], ks2[64];
    rc4_buf b;
    tu_fill(key, sizeof key, 7);
    assert_int_equal(ops->set_key(b.st, key, 0), -1);
    assert_int_equal(ops->set_key(b.st, key, 257), -1);
    for (size_t i = 5; i < 256; i++)
        key[i] = key[i % 5];
    keystream(key, 5, ks1, sizeof ks1);
    keystream(key, 256, ks2, sizeof ks2);
    assert_memory_equal(ks1, ks2, sizeof ks1);
    key[200] ^= 1;
    keystream(key, 256, ks2, sizeof ks2);
    assert_true(memcmp(ks1, ks2, sizeof ks1) != 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_rfc6229_files),
        cmocka_unit_test(test_stream_continues),
        cmocka_unit_test(test_key_lengths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
