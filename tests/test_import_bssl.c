/*
 * tests/test_import_bssl.c - `bssl speed` (BoringSSL, AWS-LC) output into rows: its
 * text lines and -json array, the mapping of its descriptions to cryptobench's cases,
 * the descriptions kept under their own name, and the output it must refuse.
 *
 * The fixtures below were written for these tests in bssl's formats (their numbers
 * measure nothing).  The real AWS-LC 5.5 logs in ../shared/logs are read when they
 * are there; a printed line says so when they are not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/csv/csv.h"
#include "reports/import/import.h"
#include "tests/support.h"

static long import_text(const char *text, const cb_import_opts *o, cb_csv_set *set,
                        char *err, size_t errlen)
{
    return cb_import_buffer(set, "t.log", text, strlen(text), o, NULL, err, errlen);
}

static cb_csv_set *import_ok(const char *text, const char *variant, long want)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    o.variant = variant;
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = import_text(text, &o, set, err, sizeof err);
    if (n != want)
        fail_msg("%ld rows, wanted %ld (%s)", n, want, err);
    return set;
}

/* find returns the row of one case and variant, failing the test when absent. */
static const cb_csv_row *find(const cb_csv_set *set, const char *alg, const char *variant,
                              const char *dir, size_t block)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.variant, variant) &&
            !strcmp(r->s.direction, dir) && r->s.block_bytes == block)
            return r;
    }
    fail_msg("no row for %s %s %s %zu bytes", alg, variant, dir, block);
    return NULL;
}

/* want: a row a fixture must give, with its counts. */
typedef struct row_want {
    const char *alg, *variant, *dir;
    size_t block;
    unsigned key_bits;
    int aead;
    uint64_t calls, us;
} row_want;

static void check_rows(const cb_csv_set *set, const row_want *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = find(set, w[i].alg, w[i].variant, w[i].dir, w[i].block);
        double secs = (double)w[i].us / 1e6, ops = (double)w[i].calls / secs;
        if (r->s.iterations != w[i].calls || fabs(r->s.seconds - secs) > 1e-12 ||
            fabs(r->ops_per_sec - ops) > 1e-9 * ops ||
            fabs(r->bytes_per_sec - ops * (double)w[i].block) > 1e-9 * ops * (double)(w[i].block + 1) ||
            r->s.key_bits != w[i].key_bits || r->s.aead != w[i].aead ||
            strcmp(r->s.status, "imported") != 0)
            fail_msg("%s %s %s %zu: %llu calls in %g s, %u bits, aead %d, status %s; wanted "
                     "%llu in %g, %u bits, aead %d", w[i].alg, w[i].variant, w[i].dir,
                     w[i].block, (unsigned long long)r->s.iterations, r->s.seconds,
                     r->s.key_bits, r->s.aead, r->s.status, (unsigned long long)w[i].calls,
                     secs, w[i].key_bits, w[i].aead);
    }
}

/* Every mapping of the brief, in the text form (both places bssl puts the byte count). */
static const char text_log[] =
    "Did 123000 AES-128-GCM (16 bytes) seal operations in 1000123us (122984.9 ops/sec): 2.0 MB/s\n"
    "Did 9000 AEAD-AES-256-GCM open (1350 bytes) operations in 1000400us (8996.4 ops/sec): 12.1 MB/s\n"
    "Did 7000 EVP-AES-128-GCM encrypt (16 bytes) operations in 1000000us (7000.0 ops/sec): 0.1 MB/s\n"
    "Did 6000 EVP-AES-256-GCM decrypt (8192 bytes) operations in 1000000us (6000.0 ops/sec): 49.2 MB/s\n"
    "Did 5000 EVP-AES-128-CBC encrypt (256 bytes) operations in 1000000us (5000.0 ops/sec): 1.3 MB/s\n"
    "Did 4000 EVP-AES-128-CTR decrypt (16 bytes) operations in 1000000us (4000.0 ops/sec): 0.1 MB/s\n"
    "Did 3000 AEAD-ChaCha20-Poly1305 seal (256 bytes) operations in 1000000us (3000.0 ops/sec): 0.8 MB/s\n"
    "Did 2900 ChaCha20-Poly1305 (16 bytes) open operations in 1000000us (2900.0 ops/sec): 0.0 MB/s\n"
    "Did 2000 SHA-1 (16 bytes) operations in 1000000us (2000.0 ops/sec): 0.0 MB/s\n"
    "Did 1900 SHA-256 (1 byte) operations in 1000000us (1900.0 ops/sec): 0.0 MB/s\n"
    "Did 1800 SHA-512 (16384 bytes) operations in 1000000us (1800.0 ops/sec): 29.5 MB/s\n"
    "Did 100 RSA 2048 signing operations in 1002000us (99.8 ops/sec)\n"
    "Did 900 RSA 2048 verify (same key) operations in 1001000us (899.1 ops/sec)\n"
    "Did 800 RSA 2048 verify (fresh key) operations in 1001000us (799.2 ops/sec)\n"
    "Did 3000 ECDSA P-256 signing operations in 1000000us (3000.0 ops/sec)\n"
    "Did 1000 ECDSA P-256 verify operations in 1000000us (1000.0 ops/sec)\n"
    "Did 4321 Ed25519 signing operations in 1002000us (4312.4 ops/sec)\n"
    "Did 1234 Ed25519 verify operations in 1000000us (1234.0 ops/sec)\n"
    "Did 5000 Curve25519 arbitrary point multiplication operations in 1000000us (5000.0 ops/sec)\n"
    "Did 11 ML-KEM-512 keygen operations in 1000000us (11.0 ops/sec)\n"
    "Did 12 ML-KEM-768 encaps operations in 1000000us (12.0 ops/sec)\n"
    "Did 13 ML-KEM-1024 decaps operations in 1000000us (13.0 ops/sec)\n"
    "Did 21 MLDSA44 keygen operations in 1000000us (21.0 ops/sec)\n"
    "Did 22 MLDSA65 signing operations in 1000000us (22.0 ops/sec)\n"
    "Did 23 ML-DSA-87 verify operations in 1000000us (23.0 ops/sec)\n"
    "Did 31 RSA 2048 (2048 bits) operations in 1000000us (31.000 ops/sec)\n"
    "Did 3000 ECDH X25519 operations in 1000000us (3000.0 ops/sec)\n"
    "Did 309000 EVP-AES-128-GCM encrypt init operations in 100249us (3082325.0 ops/sec)\n"
    "Did 7 SPAKE2 over Ed25519 operations in 1000000us (7.0 ops/sec)\n"
    "  min: 12us, median: 13us, max: 14us\n";

static const row_want text_rows[] = {
    {"aes-128-gcm", "bssl", "encrypt", 16, 128, 1, 123000, 1000123},
    {"aes-256-gcm", "bssl", "decrypt", 1350, 256, 1, 9000, 1000400},
    {"aes-128-gcm", "bssl-evp", "encrypt", 16, 128, 1, 7000, 1000000},
    {"aes-256-gcm", "bssl-evp", "decrypt", 8192, 256, 1, 6000, 1000000},
    {"aes-128-cbc", "bssl-evp", "encrypt", 256, 128, 0, 5000, 1000000},
    {"aes-128-ctr", "bssl-evp", "decrypt", 16, 128, 0, 4000, 1000000},
    {"chacha20-poly1305", "bssl", "encrypt", 256, 256, 1, 3000, 1000000},
    {"chacha20-poly1305", "bssl", "decrypt", 16, 256, 1, 2900, 1000000},
    {"sha1", "bssl", "digest", 16, 0, 0, 2000, 1000000},
    {"sha256", "bssl", "digest", 1, 0, 0, 1900, 1000000},
    {"sha512", "bssl", "digest", 16384, 0, 0, 1800, 1000000},
    {"rsa2048", "bssl", "sign", 0, 2048, 0, 100, 1002000},
    {"rsa2048", "bssl", "verify", 0, 2048, 0, 900, 1001000},
    {"rsa-2048-fresh-key", "bssl", "verify", 0, 0, 0, 800, 1001000},
    {"ecdsap256", "bssl", "sign", 0, 256, 0, 3000, 1000000},
    {"ecdsap256", "bssl", "verify", 0, 256, 0, 1000, 1000000},
    {"ed25519", "bssl", "sign", 0, 253, 0, 4321, 1002000},
    {"ed25519", "bssl", "verify", 0, 253, 0, 1234, 1000000},
    {"ecdhx25519", "bssl", "derive", 0, 253, 0, 5000, 1000000},
    {"mlkem512", "bssl", "keygen", 0, 512, 0, 11, 1000000},
    {"mlkem768", "bssl", "encaps", 0, 768, 0, 12, 1000000},
    {"mlkem1024", "bssl", "decaps", 0, 1024, 0, 13, 1000000},
    {"mldsa44", "bssl", "keygen", 0, 44, 0, 21, 1000000},
    {"mldsa65", "bssl", "sign", 0, 65, 0, 22, 1000000},
    {"mldsa87", "bssl", "verify", 0, 87, 0, 23, 1000000},
    {"rsa-2048-2048-bits", "bssl", "derive", 0, 0, 0, 31, 1000000},
    {"bssl-ecdh-x25519", "bssl", "derive", 0, 0, 0, 3000, 1000000},
    {"evp-aes-128-gcm-init", "bssl", "encrypt", 0, 0, 0, 309000, 100249},
    {"spake2-over-ed25519", "bssl", "derive", 0, 0, 0, 7, 1000000},
};

#define N_TEXT (sizeof text_rows / sizeof text_rows[0])

static void test_text_lines(void **state)
{
    (void)state;
    cb_csv_set *set = import_ok(text_log, NULL, (long)N_TEXT);
    check_rows(set, text_rows, N_TEXT);
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->run->tool_version, "bssl speed (BoringSSL or AWS-LC)");
    assert_string_equal(r->run->timing, "wall");
    assert_int_equal(r->line, 1);
    assert_int_equal(cb_csv_set_row(set, N_TEXT - 1)->line, 29);
    cb_csv_set_free(set);
}

/* AWS-LC's -threads runs (bssl speed -threads 1,2, AWS-LC 5.5.0 on this project's CI
 * host): the threaded benchmark names its count in its description, so each count is
 * a row of its own and two logs compare count by count. */
static void test_threads_lines(void **state)
{
    (void)state;
    static const char log[] =
        "Did 24000 CRYPTO_refcount_inc 1000 iterations with 1 threads operations in "
        "1006129us (23853.8 ops/sec)\n"
        "Did 15000 CRYPTO_refcount_inc 1000 iterations with 2 threads operations in "
        "1012171us (14819.6 ops/sec)\n";
    cb_csv_set *set = import_ok(log, NULL, 2);
    const cb_csv_row *one =
        find(set, "crypto_refcount_inc-1000-iterations-with-1-threads", "bssl", "derive", 0);
    const cb_csv_row *two =
        find(set, "crypto_refcount_inc-1000-iterations-with-2-threads", "bssl", "derive", 0);
    assert_int_equal(one->s.iterations, 24000);
    assert_int_equal(two->s.iterations, 15000);
    assert_true(two->s.seconds > 1.012 && two->s.seconds < 1.0122);
    cb_csv_set_free(set);
}

/* -variant names the variant; the EVP_CIPHER rows are that name with "-evp". */
static void test_variant_option(void **state)
{
    (void)state;
    cb_csv_set *set = import_ok(text_log, "awslc55", (long)N_TEXT);
    find(set, "aes-128-gcm", "awslc55", "encrypt", 16);
    find(set, "aes-128-gcm", "awslc55-evp", "encrypt", 16);
    find(set, "mlkem768", "awslc55", "encaps", 0);
    cb_csv_set_free(set);
}

/* The -json form of some of the same results gives the same rows. */
static const char json_log[] =
    "[\n"
    "{\"description\": \"AES-128-GCM seal\", \"numCalls\": 123000, \"microseconds\": 1000123, "
    "\"bytesPerCall\": 16},\n"
    "{\"description\": \"EVP-AES-256-GCM decrypt\", \"numCalls\": 6000, "
    "\"timeInMicroseconds\": 1000000, \"bytesPerCall\": 8192},\n"
    "{\"description\": \"SHA-512\", \"numCalls\": 1800, \"microseconds\": 1000000, "
    "\"bytesPerCall\": 16384},\n"
    "{\"description\": \"RSA 2048 verify (same key)\", \"numCalls\": 900, \"microseconds\": 1001000},\n"
    "{\"description\": \"ML-KEM-1024 decaps\", \"numCalls\": 13, \"microseconds\": 1000000},\n"
    "{\"description\": \"MLDSA65 signing\", \"numCalls\": 22, \"microseconds\": 1000000},\n"
    "{\"description\": \"Curve25519 arbitrary point multiplication\", \"numCalls\": 5000, "
    "\"microseconds\": 1000000},\n"
    "{\"description\": \"RSA 2048\", \"numCalls\": 31, \"microseconds\": 1000000, "
    "\"primeSizePerCall\": 2048},\n"
    "{\"description\": \"Ed25519 \\u0073igning\", \"numCalls\": 4321, \"microseconds\": 1002000, "
    "\"note\": null, \"ratio\": -1.5e3}\n"
    "]\n";

static void test_json(void **state)
{
    (void)state;
    static const size_t pick[] = {0, 3, 10, 12, 21, 23, 18, 25, 16};
    row_want w[sizeof pick / sizeof pick[0]];
    for (size_t i = 0; i < sizeof pick / sizeof pick[0]; i++)
        w[i] = text_rows[pick[i]];
    cb_csv_set *set = import_ok(json_log, NULL, (long)(sizeof w / sizeof w[0]));
    check_rows(set, w, sizeof w / sizeof w[0]);
    assert_string_equal(cb_csv_set_row(set, 0)->run->tool_version,
                        "bssl speed (BoringSSL or AWS-LC) -json");
    assert_int_equal(cb_csv_set_row(set, 1)->line, 3); /* the object's line */
    cb_csv_set_free(set);
    set = import_ok("  [ ]  ", NULL, -1); /* an empty array is nothing to import */
    cb_csv_set_free(set);
}

static void test_refused(void **state)
{
    (void)state;
    const char *ok = "Did 5 SHA-256 (16 bytes) operations in 100us (50000.0 ops/sec): 0.8 MB/s\n";
    char text[512];
    static const char *const bad_lines[] = {
        "Did 12 SHA-256 (16 bytes) operations in 100us (x ops/sec)",
        "Did 12 SHA-256 (16 bytes) operations in 100 us (120000.0 ops/sec)",
        "Did 12 SHA-256 (16 bytes) operations in 100us (120000.0 ops/sec): 1.9 GB/s",
        "Did 12 operations in 100us (120000.0 ops/sec)",
        "Did 12 SHA-256 (16 bytes) in 100us (120000.0 ops/sec)",
        "Did 12 SHA-256 operations in 0us (0.0 ops/sec)",
    };
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
        snprintf(text, sizeof text, "%s%s\n", ok, bad_lines[i]);
        tu_import_refused("t.log", text, "t.log:2: ", i == 5 ? "in no time" : bad_lines[i]);
    }
    /* a truncated -json output, and other shapes that are not bssl's */
    tu_import_refused("t.log", "[\n{\"description\": \"SHA-256\", \"numCalls\": 10, \"microseconds\": 5},\n"
                 "{\"description\": \"SHA-256\", \"numCa",
                 "t.log:3: ", "not `bssl speed -json` output at byte");
    tu_import_refused("t.log", "[\n{\"description\": \"SHA-256\", \"numCalls\": 10, \"microseconds\": 5}\n",
                 "t.log:3: ", "the array is not closed");
    tu_import_refused("t.log", "[{\"description\": \"SHA-256\", \"numCalls\": 10}]", "t.log:1: ",
                 "\"microseconds\"");
    tu_import_refused("t.log", "[{\"description\": \"SHA-256\", \"numCalls\": 1.5, \"microseconds\": 5}]",
                 "t.log:1: ", "not a whole number");
    tu_import_refused("t.log", "[{\"description\": \"SHA-256\", \"numCalls\": 01, \"microseconds\": 5}]",
                 "t.log:1: ", "expected a number");
    tu_import_refused("t.log", "[{\"description\": \"SHA-256\", \"numCalls\": 1, \"numCalls\": 1, "
                 "\"microseconds\": 5}]", "t.log:1: ", "given twice");
    tu_import_refused("t.log", "[{\"description\": \"SHA-256\", \"numCalls\": 1, \"microseconds\": 5}] x",
                 "t.log:1: ", "text after the array");
    tu_import_refused("t.log", "[{\"description\": [1], \"numCalls\": 1, \"microseconds\": 5}]",
                 "t.log:1: ", "expected a string");
}

/* Not bssl's: a dmesg-stamped tcrypt log opens with '[' and still reads as tcrypt, and
 * an `openssl speed` progress line is no "Did" line. */
static void test_not_stolen(void **state)
{
    (void)state;
    cb_csv_set *set = import_ok(
        "[   12.345678] tcrypt: testing speed of cbc(aes) (cbc-aes-aesni) encryption\n"
        "[   12.345679] tcrypt: test 0 (128 bit key, 16 byte blocks): 1000 operations in 1 "
        "seconds (16000 bytes)\n", NULL, 1);
    find(set, "aes-128-cbc", "cbc-aes-aesni", "encrypt", 16);
    assert_string_equal(cb_csv_set_row(set, 0)->run->tool_version, "linux tcrypt");
    cb_csv_set_free(set);
    set = import_ok("Doing sha256 ops for 3s on 16 size blocks: 123 sha256 ops in 2.99s\n"
                    "Did you know: nothing\n", NULL, 1);
    find(set, "sha256", "openssl", "digest", 16);
    cb_csv_set_free(set);
}

/* real_log imports ../shared/logs/NAME when it is there: want rows, no error. */
static cb_csv_set *real_log(const char *name, long want)
{
    char path[256];
    snprintf(path, sizeof path, "../shared/logs/%s", name);
    if (access(path, R_OK) != 0) {
        printf("skipped: %s is not here (the project's shared logs)\n", path);
        return NULL;
    }
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_file(set, path, &o, NULL, err, sizeof err);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", path, n, want, err);
    return set;
}

static void test_real_logs(void **state)
{
    (void)state;
    cb_csv_set *set = real_log("bssl-x86_64.txt", 50);
    if (set) {
        find(set, "aes-128-gcm", "bssl", "encrypt", 16384);
        find(set, "aes-128-gcm", "bssl-evp", "decrypt", 1350);
        find(set, "sha256", "bssl", "digest", 8192);
        find(set, "mlkem768", "bssl", "decaps", 0);
        find(set, "ed25519", "bssl", "verify", 0);
        find(set, "ecdhx25519", "bssl", "derive", 0);
        find(set, "aead-aes-128-gcm-siv", "bssl", "encrypt", 256);
        cb_csv_set_free(set);
    }
    set = real_log("bssl-x86_64.json", 73);
    if (set) {
        find(set, "aes-256-gcm", "bssl", "encrypt", 16);
        find(set, "aes-256-gcm", "bssl-evp", "encrypt", 16);
        find(set, "chacha20-poly1305", "bssl", "encrypt", 8192);
        find(set, "mldsa65", "bssl", "sign", 0);
        find(set, "rsa4096", "bssl", "verify", 0);
        find(set, "rsa-8192", "bssl", "verify", 0);
        find(set, "rsa-2048-private-key-parse", "bssl", "derive", 0);
        cb_csv_set_free(set);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_lines),
        cmocka_unit_test(test_threads_lines),
        cmocka_unit_test(test_variant_option),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_not_stolen),
        cmocka_unit_test(test_real_logs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
