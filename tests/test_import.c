/*
 * tests/test_import.c - `openssl speed` and tcrypt logs into rows: every form
 * import.h lists, the name mapping, and the logs it must refuse.
 *
 * tests/data/openssl3-speed.log, -mr.log, -rsa.log, -pkey.log, -pkey-mr.log and the
 * openssl3-chacha20*.log files are real output of Debian's openssl 3.0 on the build
 * machine; openssl10-legacy.log,
 * openssl10-digests.log, openssl10-pkey.log, openssl3-full.log, openssl-pkey-mr.log,
 * tcrypt-arm64.log and tcrypt-cycles-*.log are synthetic (their numbers measure
 * nothing) and cover the other versions' forms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/csv/csv.h"
#include "kernels/registry.h"
#include "reports/import/import.h"
#include "tests/support.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

static cb_import_opts no_opts(void)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

static cb_csv_set *import_file(const char *name, const cb_import_opts *o, long want)
{
    char err[512];
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_file(set, data_path(name), o, NULL, err, sizeof err);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", name, n, want, n < 0 ? err : "");
    return set;
}

/* find returns the row of one case, failing the test when absent. */
static const cb_csv_row *find(const cb_csv_set *set, const char *alg, const char *dir,
                              size_t block, unsigned key_bits)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.direction, dir) &&
            r->s.block_bytes == block && r->s.key_bits == key_bits)
            return r;
    }
    fail_msg("no row for %s %s %zu bytes %u bits", alg, dir, block, key_bits);
    return NULL;
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b); }

/* pk_want: a public-key row a log must give, and the operation count of its progress
 * line (0 when the table alone gave a rate). */
typedef struct pk_want {
    const char *alg, *dir;
    unsigned key_bits;
    double ops;
    uint64_t iterations;
} pk_want;

static void check_pk_rows(const cb_csv_set *set, const pk_want *want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = find(set, want[i].alg, want[i].dir, 0, want[i].key_bits);
        if (!close_to(r->ops_per_sec, want[i].ops) || r->s.iterations != want[i].iterations ||
            r->bytes_per_sec != 0)
            fail_msg("%s %s: %g ops/s in %llu operations, wanted %g in %llu", want[i].alg,
                     want[i].dir, r->ops_per_sec, (unsigned long long)r->s.iterations,
                     want[i].ops, (unsigned long long)want[i].iterations);
    }
}

static void test_openssl3_table_and_progress(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-speed.log", &o, 12);
    /* "Doing md5 for 1s on 16 size blocks: 1856070 md5's in 0.64s" */
    const cb_csv_row *r = find(set, "md5", "digest", 16, 0);
    assert_int_equal(r->has_counts, 1);
    assert_int_equal(r->s.iterations, 1856070);
    assert_true(r->s.seconds == 0.64);
    assert_true(close_to(r->ops_per_sec, 1856070 / 0.64));
    assert_string_equal(r->s.variant, "openssl");
    assert_string_equal(r->s.status, "imported");
    assert_string_equal(r->run->tool_version, "openssl 3.0.19");
    assert_string_equal(r->run->build_rev, "openssl3-speed.log");
    assert_string_equal(r->run->timing, "cpu");
    /* CPUINFO's OPENSSL_ia32cap in our capability names, not OpenSSL's hex; the
     * emulator is what the log cannot say */
    assert_non_null(strstr(r->run->caps_detected, "aesni"));
    assert_null(strstr(r->run->caps_detected, "0x"));
    assert_string_equal(r->run->caps_effective, r->run->caps_detected);
    assert_string_equal(r->run->emulator, "unknown");
    r = find(set, "sha256", "digest", 16384, 0);
    assert_int_equal(r->s.iterations, 64119);
    cb_csv_set_free(set);
}

static void test_openssl3_mr(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-mr.log", &o, 6);
    /* "+R:30023344:AES-128-CBC:0.700000" after "+DT:AES-128-CBC:1:16" */
    const cb_csv_row *r = find(set, "aes-128-cbc", "encrypt", 16, 128);
    assert_int_equal(r->s.iterations, 30023344);
    assert_true(r->s.seconds == 0.7);
    /* +F gives 686247862.86 bytes/s for the same case, to the cent */
    assert_true(fabs(r->bytes_per_sec - 686247862.86) < 0.01);
    cb_csv_set_free(set);
}

/* OpenSSL 3.0 labels the EVP ChaCha rows by the provider's names, "ChaCha20-Poly1305"
 * and "ChaCha20", in the table, the progress line and the -mr lines alike (`openssl
 * speed [-mr] -evp chacha20-poly1305 -seconds 1 -bytes 16`, and chacha20): each is
 * cryptobench's algorithm, with its 256-bit key, and -aead marks the AEAD row. */
static void test_openssl3_chacha(void **state)
{
    (void)state;
    static const struct {
        const char *log, *alg;
        uint64_t iterations;
        double seconds, bytes_per_sec; /* 0: the progress line's count over its time */
    } want[] = {
        /* "Doing ChaCha20-Poly1305 for 1s on 16 size blocks: 10402505
         * ChaCha20-Poly1305's in 0.94s", then the row "ChaCha20-Poly1305   177063.91k" */
        {"openssl3-chacha20-poly1305.log", "chacha20-poly1305", 10402505, 0.94, 0},
        /* "+R:4725745:ChaCha20-Poly1305:0.480000", "+F:25:ChaCha20-Poly1305:157524833.33" */
        {"openssl3-chacha20-poly1305-mr.log", "chacha20-poly1305", 4725745, 0.48,
         157524833.33},
        {"openssl3-chacha20.log", "chacha20", 9061280, 0.67, 0},
        {"openssl3-chacha20-mr.log", "chacha20", 10309399, 0.65, 253769821.54},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cb_import_opts o = no_opts();
        cb_csv_set *set = import_file(want[i].log, &o, 1);
        const cb_csv_row *r = find(set, want[i].alg, "encrypt", 16, 256);
        assert_int_equal(r->s.iterations, want[i].iterations);
        assert_true(r->s.seconds == want[i].seconds);
        double bps = want[i].bytes_per_sec ? want[i].bytes_per_sec
                                           : 16.0 * want[i].iterations / want[i].seconds;
        if (fabs(r->bytes_per_sec - bps) > 0.01)
            fail_msg("%s: %f bytes/s, wanted %f", want[i].log, r->bytes_per_sec, bps);
        assert_int_equal(r->s.aead, 0);
        cb_csv_set_free(set);
    }
    /* the table rounds to 10 bytes/s what the progress line gives exactly */
    cb_import_opts o = no_opts();
    o.aead = 1;
    cb_csv_set *set = import_file("openssl3-chacha20-poly1305.log", &o, 1);
    const cb_csv_row *r = find(set, "chacha20-poly1305", "encrypt", 16, 256);
    assert_true(fabs(r->bytes_per_sec - 177063910.0) < 10);
    assert_int_equal(r->s.aead, 1);
    cb_csv_set_free(set);
}

/* `openssl speed -cmac aes-128-cbc -seconds 1` and `openssl speed -mr -cmac aes-256-cbc
 * -seconds 1`, Debian's OpenSSL 3.0.19 on the project's build machine
 * (openssl3-cmac.log, openssl3-cmac-mr.log): the rows land on cryptobench's
 * cmac(aes-*-cbc), a digest-like case with the cipher's key bits. */
static void test_openssl3_cmac(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-cmac.log", &o, 6);
    /* "Doing cmac(aes-128-cbc) for 1s on 16 size blocks: 4697651 cmac(aes-128-cbc)'s in
     * 0.58s" */
    const cb_csv_row *r = find(set, "cmac(aes-128-cbc)", "digest", 16, 128);
    assert_int_equal(r->s.iterations, 4697651);
    assert_true(r->s.seconds == 0.58);
    r = find(set, "cmac(aes-128-cbc)", "digest", 16384, 128);
    assert_int_equal(r->s.iterations, 39480);
    cb_csv_set_free(set);
    set = import_file("openssl3-cmac-mr.log", &o, 6);
    /* "+R:771021:cmac(aes-256-cbc):1.000000" after "+DT:cmac(aes-256-cbc):1:1024", and
     * +F's 789525504.00 bytes/s for it */
    r = find(set, "cmac(aes-256-cbc)", "digest", 1024, 256);
    assert_int_equal(r->s.iterations, 771021);
    assert_true(r->s.seconds == 1.0);
    assert_true(fabs(r->bytes_per_sec - 789525504.00) < 0.01);
    cb_csv_set_free(set);
}

/* `openssl speed -seconds 1 rand`, Debian's OpenSSL 3.0.19 on the project's build
 * machine (openssl3-rand.log): the rows land on cryptobench's rand, a digest-like
 * case with no key bits, as a digest's. */
static void test_openssl3_rand(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-rand.log", &o, 6);
    /* "Doing rand for 1s on 16 size blocks: 248996 rand's in 0.13s" */
    const cb_csv_row *r = find(set, "rand", "digest", 16, 0);
    assert_int_equal(r->s.iterations, 248996);
    assert_true(r->s.seconds == 0.13);
    find(set, "rand", "digest", 16384, 0);
    cb_csv_set_free(set);
}

static void test_openssl3_rsa(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-rsa.log", &o, 4);
    /* "Doing 1024 bits public rsa's for 1s: 102084 1024 bits public RSA's in 0.81s" */
    const cb_csv_row *r = find(set, "rsa1024", "verify", 0, 1024);
    assert_int_equal(r->s.iterations, 102084);
    assert_true(r->s.seconds == 0.81);
    assert_true(r->bytes_per_sec == 0);
    r = find(set, "rsa512", "sign", 0, 512);
    assert_true(close_to(r->ops_per_sec, 22531));
    cb_csv_set_free(set);
}

static void test_legacy_names_and_forms(void **state)
{
    (void)state;
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_import_opts o = no_opts();
    o.build = "oe-2013";
    o.hostname = "beagle";
    char err[512];
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_import_file(set, data_path("openssl10-legacy.log"), &o, warn, err,
                                    sizeof err), 34);
    fclose(warn);
    /* every row is one cryptobench runs: the 1.0-era rc4 row is its rc4, with the
     * 16-byte key `openssl speed` uses */
    assert_null(strstr(warn_text, "kept cases"));
    free(warn_text);
    const cb_csv_row *rc4 = find(set, "rc4", "encrypt", 16, 128);
    assert_true(close_to(rc4->bytes_per_sec, 200000000));
    /* five size columns, names with spaces */
    const cb_csv_row *r = find(set, "des-cbc", "encrypt", 8192, 64);
    assert_true(close_to(r->bytes_per_sec, 33700000));
    assert_int_equal(r->has_counts, 0);
    r = find(set, "des-ede3-cbc", "encrypt", 16, 192);
    assert_true(close_to(r->bytes_per_sec, 11000000));
    r = find(set, "aes-128-cbc", "encrypt", 64, 128);
    assert_true(close_to(r->bytes_per_sec, 170000000));
    /* a value without 'k' is bytes per second, not thousands */
    r = find(set, "sha512", "digest", 16, 0);
    assert_true(close_to(r->bytes_per_sec, 9000));
    /* "Doing md5 20000000 times on 16 size blocks: 20000000 md5's in 3.58s" */
    r = find(set, "md5", "digest", 16, 0);
    assert_int_equal(r->s.iterations, 20000000);
    assert_true(r->s.seconds == 3.58);
    /* "Doing des cbc ops for 3s ...: 6000000 des cbc ops in 3.00s" (newer form) */
    r = find(set, "des-cbc", "encrypt", 16, 64);
    assert_int_equal(r->s.iterations, 6000000);
    /* the public-key table */
    r = find(set, "rsa2048", "sign", 0, 2048);
    assert_true(close_to(r->ops_per_sec, 50));
    r = find(set, "dsa1024", "verify", 0, 1024);
    assert_true(close_to(r->ops_per_sec, 400));
    assert_string_equal(r->run->build_rev, "oe-2013");
    assert_string_equal(r->run->hostname, "beagle");
    assert_string_equal(r->run->compiler, "arm-oe-linux-gnueabi-gcc -march=armv7-a -O2");
    cb_csv_set_free(set);
}

/* Linux 6.x's tcrypt (tcrypt-linux6.log): "sync" and "async" skcipher headings are
 * the driver's rows; a multibuffer heading's rows its "-mb" variant (num_mb requests in
 * flight, each counted), in time and cycle mode; AEAD headings without a prefix; the
 * hash line's padded "test%3u (%5u byte blocks,...)". */
static void test_tcrypt_linux6(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("tcrypt-linux6.log", &o, 11);
    static const struct {
        size_t row;
        const char *alg, *variant, *dir;
        size_t block;
        uint64_t iterations;
        double cycles;
    } want[] = {
        {0, "aes-128-cbc", "cbc-aes-aesni", "encrypt", 16, 7033469, -1},  /* sync */
        {2, "aes-128-cbc", "cbc-aes-aesni", "encrypt", 16, 6500000, -1},  /* async */
        {3, "aes-128-cbc", "cbc-aes-aesni-mb", "encrypt", 16, 18000000, -1},
        {4, "aes-128-gcm", "generic-gcm-aesni-mb", "encrypt", 16, 9000000, -1},
        {5, "aes-128-gcm", "generic-gcm-aesni-mb", "encrypt", 1024, 1, 2954},
        {6, "aes-128-gcm", "generic-gcm-aesni", "decrypt", 16, 4000000, -1},
        {7, "rfc4106(gcm(aes))", "rfc4106-gcm-aesni", "encrypt", 16, 3500000, -1},
        {8, "sha256", "sha256-avx2", "digest", 16, 0, -1},
        {9, "sha256-16B-updates", "sha256-avx2", "digest", 64, 0, -1},
        {10, "sha256", "sha256-avx2", "digest", 8192, 0, -1},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cb_csv_row *r = cb_csv_set_row(set, want[i].row);
        assert_string_equal(r->s.alg, want[i].alg);
        assert_string_equal(r->s.variant, want[i].variant);
        assert_string_equal(r->s.direction, want[i].dir);
        assert_int_equal(r->s.block_bytes, want[i].block);
        assert_int_equal(r->s.iterations, want[i].iterations);
        assert_true(r->s.cycles == want[i].cycles);
    }
    /* the sync and async rows of one driver are two samples of one case */
    assert_int_equal(cb_csv_set_row(set, 2)->s.sample_index, 1);
    assert_true(close_to(cb_csv_set_row(set, 10)->ops_per_sec, 60000));
    assert_int_equal(cb_csv_set_row(set, 7)->s.key_bits, 160);
    cb_csv_set_free(set);
}

static void test_tcrypt(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("tcrypt-arm64.log", &o, 15);
    /* with the dmesg timestamp and "tcrypt: " tag */
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->s.alg, "aes-128-cbc");
    assert_string_equal(r->s.variant, "cbc-aes-neon");
    assert_string_equal(r->s.direction, "decrypt");
    assert_int_equal(r->s.block_bytes, 16);
    assert_int_equal(r->s.iterations, 1403455);
    assert_true(r->s.seconds == 1);
    /* without: the example of issue 4 */
    r = cb_csv_set_row(set, 9);
    assert_string_equal(r->s.variant, "cbc-aes-ce");
    assert_int_equal(r->s.block_bytes, 8192);
    assert_int_equal(r->s.iterations, 95545);
    assert_string_equal(r->run->tool_version, "linux tcrypt");
    assert_string_equal(r->run->timing, "wall");
    /* the cycle-mode line: one operation of 232 cycles, no time */
    r = cb_csv_set_row(set, 10);
    assert_string_equal(r->s.alg, "aes-128-cbc");
    assert_string_equal(r->s.direction, "encrypt");
    assert_true(r->s.cycles == 232 && r->s.iterations == 1 && r->s.seconds == 0);
    assert_true(r->ops_per_sec == 0 && r->bytes_per_sec == 0);
    assert_string_equal(r->s.cycles_source, "tcrypt");
    /* the hash form: one update per digest is sha256 ... */
    r = cb_csv_set_row(set, 11);
    assert_string_equal(r->s.alg, "sha256");
    assert_string_equal(r->s.direction, "digest");
    assert_true(close_to(r->ops_per_sec, 2110442));
    /* ... four updates of 16 bytes another operation, kept apart */
    r = cb_csv_set_row(set, 12);
    assert_string_equal(r->s.alg, "sha256-16B-updates");
    assert_int_equal(r->s.block_bytes, 64);
    assert_true(close_to(r->ops_per_sec, 801334));
    r = cb_csv_set_row(set, 13);
    assert_string_equal(r->s.alg, "sha256");
    assert_int_equal(r->s.block_bytes, 64);
    assert_true(close_to(r->ops_per_sec, 1500220));
    /* xts(aes) with a 256-bit key is two AES-128 keys: OpenSSL's aes-128-xts */
    r = cb_csv_set_row(set, 14);
    assert_string_equal(r->s.alg, "aes-128-xts");
    assert_int_equal(r->s.key_bits, 256);
    assert_string_equal(r->s.variant, "xts-aes-ce");
    cb_csv_set_free(set);
}

/* tcrypt's cycle mode, both forms, both key sizes; rows the strict reader takes back. */
static void test_tcrypt_cycles(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("tcrypt-cycles-before.log", &o, 7);
    /* "test 3 (256 bit key, 64 byte blocks): 1 operation in 700 cycles (64 bytes)" */
    const cb_csv_row *r = find(set, "aes-256-cbc", "encrypt", 64, 256);
    assert_true(r->s.cycles == 700 && r->s.iterations == 1);
    /* "test 1 (64 byte blocks, 16 bytes per update, 4 updates): 1200 cycles/operation" */
    r = find(set, "sha256-16B-updates", "digest", 64, 0);
    assert_true(r->s.cycles == 1200);
    r = find(set, "sha256", "digest", 64, 0);
    assert_true(r->s.cycles == 640);
    assert_string_equal(r->run->timing, "wall");

    const char *path = "/tmp/cb-test-import-cycles.csv";
    char err[512];
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    for (size_t i = 0; i < cb_csv_set_count(set); i++)
        assert_int_equal(cb_csv_write_row(w, cb_csv_set_row(set, i)), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    cb_csv_set *back = cb_csv_set_new();
    if (cb_csv_read_file(back, path, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(cb_csv_set_count(back), 7);
    r = find(back, "aes-128-cbc", "encrypt", 16, 128);
    assert_true(r->s.cycles == 232 && r->s.iterations == 1 && r->has_counts);
    assert_true(r->s.seconds == 0 && r->ops_per_sec == 0);
    assert_string_equal(r->s.cycles_source, "tcrypt");
    cb_csv_set_free(back);
    cb_csv_set_free(set);
    unlink(path);
}

/* expect_csv_error reads one row after the header and wants an error naming needle. */
static void expect_csv_row(const char *row, const char *needle)
{
    static const char *const header =
        "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch,hostname,"
        "cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator,timing,"
        "started,algorithm,variant,direction,key_bits,block_bytes,misalign,aead,sample,"
        "iterations,seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status\n";
    char text[2048], err[512] = "";
    snprintf(text, sizeof text, "%s1.1,linux tcrypt,b,imported,,,,,,,,none,none,none,wall,,"
             "%s\n", header, row);
    cb_csv_set *set = cb_csv_set_new();
    int rc = cb_csv_read_buffer(set, "c.csv", text, strlen(text), err, sizeof err);
    if (needle ? rc != -1 || !strstr(err, needle) : rc != 0)
        fail_msg("row '%s': rc %d, error '%s', wanted %s", row, rc, err,
                 needle ? needle : "none");
    cb_csv_set_free(set);
}

/* The reader takes a cycles-only row only as the importer writes it. */
static void test_cycles_only_rows(void **state)
{
    (void)state;
    expect_csv_row("aes-128-cbc,cbc-aes-ce,encrypt,128,16,0,0,0,1,0,0,0,232,tcrypt,imported",
                   NULL);
    /* a measured row needs its time, an import without cycles its rate */
    expect_csv_row("aes-128-cbc,ce,encrypt,128,16,0,0,0,1,0,0,0,232,tcrypt,ok",
                   "needs a positive rate");
    expect_csv_row("aes-128-cbc,ce,encrypt,128,16,0,0,0,1,0,0,0,,,imported",
                   "needs a positive rate");
    expect_csv_row("aes-128-cbc,ce,encrypt,128,16,0,0,0,1,0,0,0,232,,imported",
                   "needs a positive rate");
    /* the new directions of imported public-key rows (schema 1.2) */
    expect_csv_row("ecdh-nistp256,openssl,derive,256,0,0,0,0,,,0,15000,,,imported", NULL);
    expect_csv_row("ml-kem-512,openssl,encaps,0,0,0,0,0,,,0,47619,,,imported", NULL);
    expect_csv_row("x,openssl,agree,256,0,0,0,0,,,0,15000,,,imported", "derive, keygen");
}

/* Names cryptobench does not have: kept, normalised, classified (import.c). */
static void test_unknown_names(void **state)
{
    (void)state;
    char *warn_text = NULL, err[512];
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_import_file(set, data_path("openssl3-full.log"), &o, warn, err,
                                    sizeof err), 113);
    fclose(warn);
    /* one line lists what compares only with other imports; ghash, hmac(md5),
     * ChaCha20-Poly1305 and the 1.0-era rows of the legacy digests and ciphers are ours */
    assert_null(strstr(warn_text, "'md4'"));
    assert_null(strstr(warn_text, "'rmd160'"));
    assert_null(strstr(warn_text, "'whirlpool'"));
    assert_null(strstr(warn_text, "'rc4'"));
    assert_null(strstr(warn_text, "'blowfish-cbc'"));
    assert_null(strstr(warn_text, "camellia"));
    assert_null(strstr(warn_text, "ige")); /* 'aes-128 ige' is aes-128-ige */
    assert_null(strstr(warn_text, "hmac"));
    /* rsa7680 signs and verifies here, but has no encryption rows; ffdh2048 is ours */
    assert_non_null(strstr(warn_text, "'rsa2048 encrypt', 'rsa2048 decrypt', 'rsa7680 encrypt', "
                                      "'rsa7680 decrypt'"));
    assert_null(strstr(warn_text, "ffdh"));
    assert_null(strstr(warn_text, "ghash"));
    assert_null(strstr(warn_text, "chacha"));
    /* the 384-bit ecdsa progress line has no table row to name its curve */
    assert_non_null(strstr(warn_text, "left out 1 public-key progress line of a curve"));
    free(warn_text);
    static const struct {
        const char *alg, *dir;
        unsigned key_bits;
        double bps16;
    } want[] = {
        {"md4", "digest", 0, 40000000},         {"hmac(md5)", "digest", 0, 20000000},
        {"rmd160", "digest", 0, 30000000},      {"rc4", "encrypt", 128, 300000000},
        {"bf-cbc", "encrypt", 128, 90000000},
        {"camellia-128-cbc", "encrypt", 128, 100000000},
        {"camellia-256-cbc", "encrypt", 256, 80000000},
        {"whirlpool", "digest", 0, 15000000},
        {"chacha20-poly1305", "encrypt", 256, 200000000}, /* ours now: its key size */
        {"aes-128-ige", "encrypt", 128, 300000000}, {"sha3-256", "digest", 0, 25000000},
        {"ghash", "digest", 128, 700000000},    {"rand", "digest", 0, 20000000},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cb_csv_row *r = find(set, want[i].alg, want[i].dir, 16, want[i].key_bits);
        if (!close_to(r->bytes_per_sec, want[i].bps16))
            fail_msg("%s: %g bytes/s at 16 bytes, wanted %g", want[i].alg, r->bytes_per_sec,
                     want[i].bps16);
    }
    find(set, "camellia-128-cbc", "encrypt", 16384, 128);
    cb_csv_set_free(set);

    /* -decrypt turns ciphers only; -aead marks AEAD ciphers only */
    o.decrypt = 1;
    o.aead = 1;
    set = import_file("openssl3-full.log", &o, 113);
    assert_int_equal(find(set, "chacha20-poly1305", "decrypt", 64, 256)->s.aead, 1);
    assert_int_equal(find(set, "camellia-128-cbc", "decrypt", 64, 128)->s.aead, 0);
    find(set, "md4", "digest", 64, 0);
    find(set, "rsa2048", "encrypt", 0, 2048); /* a public-key column, not -decrypt's */
    cb_csv_set_free(set);
}

/* The 1.0-era digest labels of the 2012 POWER7 report (mdc2, md4, rmd160, whirlpool
 * among them) are cryptobench's own algorithms: nothing is kept as foreign. */
static void test_legacy_digest_rows(void **state)
{
    (void)state;
    char *warn_text = NULL, err[512];
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_import_file(set, data_path("openssl10-digests.log"), &o, warn, err,
                                    sizeof err), 45);
    fclose(warn);
    assert_null(strstr(warn_text, "cannot run"));
    free(warn_text);
    static const struct {
        const char *alg;
        double bps8192;
    } want[] = {
        {"mdc2", 5700000},     {"md4", 520000000},    {"md5", 380000000},
        {"hmac(md5)", 370000000}, {"sha1", 260000000}, {"rmd160", 150000000},
        {"sha256", 83000000},  {"sha512", 132000000}, {"whirlpool", 39000000},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cb_csv_row *r = find(set, want[i].alg, "digest", 8192, 0);
        if (!close_to(r->bytes_per_sec, want[i].bps8192))
            fail_msg("%s: %g bytes/s at 8192 bytes, wanted %g", want[i].alg,
                     r->bytes_per_sec, want[i].bps8192);
    }
    cb_csv_set_free(set);
}

/* The public-key tables of OpenSSL 3.x, and progress lines lending them their counts. */
static void test_pkey_tables(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-full.log", &o, 113);
    static const pk_want want[] = {
        {"rsa2048", "sign", 2048, 6500 / 9.98, 6500},
        {"rsa2048", "verify", 2048, 22222.2, 0},
        {"rsa2048", "encrypt", 2048, 21739.1, 0},
        {"rsa2048", "decrypt", 2048, 649.4, 0},
        {"rsa7680", "decrypt", 7680, 14, 0},
        {"dsa2048", "verify", 2048, 2481.4, 0},
        /* the prime curves land on the ecdsa<id> / ecdh<id> rows (kernels/curves.h) */
        {"ecdsap160", "sign", 160, 5000, 0},
        /* the 256-bit progress line goes to the first 256-bit curve, nistp256 */
        {"ecdsap256", "sign", 256, 400000 / 9.99, 400000},
        {"ecdsap256", "verify", 256, 13000, 0},
        {"ecdsabrp256r1", "sign", 256, 3500, 0},
        {"ecdhp256", "derive", 256, 15000, 150000},
        {"ecdhx25519", "derive", 253, 30000, 0},
        {"ed25519", "sign", 253, 250000 / 9.97, 250000},
        {"ecdhx448", "derive", 448, 4500, 0},
        {"ed448", "verify", 456, 2400, 0},
        {"sm2", "sign", 256, 2500, 0},
        {"ffdh2048", "derive", 2048, 900, 0},
        /* OpenSSL 3.5's ML-KEM rows are cryptobench's own mlkem512 (its key_bits) */
        {"mlkem512", "keygen", 512, 40000, 0},
        {"mlkem512", "encaps", 512, 47619, 0},
        {"mlkem512", "decaps", 512, 37037, 0},
        {"rsa4096", "encaps", 4096, 23723.4, 0},
        /* and its ML-DSA rows cryptobench's own mldsa44 (key_bits: the set's number) */
        {"mldsa44", "keygen", 44, 14285.7, 0},
        {"mldsa44", "sign", 44, 5000, 0},
        {"mldsa44", "verify", 44, 16666.7, 0},
    };
    check_pk_rows(set, want, sizeof want / sizeof want[0]);
    cb_csv_set_free(set);

    /* OpenSSL 1.0: "bit", "op op/s", progress lines of every table */
    set = import_file("openssl10-pkey.log", &o, 8);
    assert_int_equal(find(set, "rsa2048", "sign", 0, 2048)->s.iterations, 500);
    assert_int_equal(find(set, "rsa2048", "verify", 0, 2048)->s.iterations, 16667);
    assert_int_equal(find(set, "ecdsap160", "sign", 0, 160)->s.iterations, 60000);
    assert_true(close_to(find(set, "ecdsap160", "verify", 0, 160)->ops_per_sec, 2000));
    assert_int_equal(find(set, "ecdhp160", "derive", 0, 160)->s.iterations, 40865);
    assert_true(close_to(find(set, "ecdhp256", "derive", 0, 256)->ops_per_sec, 2500));
    cb_csv_set_free(set);
}

/* Real public-key output of openssl 3.0: text and -mr, every row with its exact count
 * (the progress lines name EdDSA and SM2 by curve: Ed25519's, CurveSM2's). */
static void test_pkey_real(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-pkey.log", &o, 11);
    static const pk_want text[] = {
        {"rsa2048", "verify", 2048, 42066 / 0.99, 42066},
        {"ecdsap256", "sign", 256, 29491 / 0.99, 29491},
        {"ecdhx25519", "derive", 253, 24354, 24354},
        {"ed25519", "verify", 253, 7765, 7765},
        {"sm2", "sign", 256, 2681 / 0.99, 2681},
        {"ffdh2048", "derive", 2048, 2698 / 0.99, 2698},
    };
    check_pk_rows(set, text, sizeof text / sizeof text[0]);
    cb_csv_set_free(set);
    set = import_file("openssl3-pkey-mr.log", &o, 11);
    static const pk_want mr[] = {
        {"rsa2048", "sign", 2048, 2182 / 0.99, 2182},          /* +DTP, +R1, +F2 */
        {"ecdhp256", "derive", 256, 15070, 15070},        /* +DTP:256::ecdh, +F5:3 */
        {"ecdhx25519", "derive", 253, 24789, 24789},          /* +F5:22 */
        {"ed25519", "verify", 253, 4650 / 0.99, 4650},   /* +R9 names the curve */
        {"sm2", "verify", 256, 1446 / 0.98, 1446},    /* +R11, +F7 */
        {"ffdh2048", "derive", 2048, 2051, 2051},              /* +R12, +F8 */
    };
    check_pk_rows(set, mr, sizeof mr / sizeof mr[0]);
    cb_csv_set_free(set);
}

/* The -mr public-key lines of OpenSSL 1.0 to 3.x. */
static void test_pkey_mr(void **state)
{
    (void)state;
    char *warn_text = NULL, err[512];
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_import_file(set, data_path("openssl-pkey-mr.log"), &o, warn, err,
                                    sizeof err), 21);
    fclose(warn);
    assert_non_null(strstr(warn_text, "left out 1 -mr KEM or signature line (+F9, +F10)"));
    free(warn_text);
    static const pk_want want[] = {
        {"rsa2048", "sign", 2048, 6500 / 9.98, 6500},     /* +DTP and +R1 */
        {"rsa2048", "decrypt", 2048, 649.4, 0},           /* +F2 with 4 values */
        {"rsa512", "verify", 512, 1 / 0.000004, 0},       /* +F2 in seconds (1.x) */
        {"dsa2048", "sign", 2048, 1 / 0.0005, 0},         /* +F3 in seconds */
        {"ecdsap256", "sign", 256, 400000 / 9.99, 400000}, /* +F4 index 3, +R5 */
        {"ecdsabrp256r1", "verify", 256, 3600, 0}, /* index 16 */
        {"ecdsa-256bits-index6", "sign", 256, 3400, 0},   /* an index the bits deny */
        {"ecdhp256", "derive", 256, 15000, 150000},  /* rate first (3.x), +R7 */
        {"ecdhx25519", "derive", 253, 30000, 0},         /* seconds first (1.x) */
        {"ed25519", "sign", 253, 25075.225677, 0},  /* +F6 names its curve */
        {"sm2", "verify", 256, 1100, 0},
        {"ffdh2048", "derive", 2048, 900, 0},
    };
    check_pk_rows(set, want, sizeof want / sizeof want[0]);
    cb_csv_set_free(set);
}

static long import_text(const char *text, const cb_import_opts *o, cb_csv_set *set,
                        char *err, size_t errlen)
{
    return cb_import_buffer(set, "t.log", text, strlen(text), o, NULL, err, errlen);
}

static void test_bad_logs(void **state)
{
    (void)state;
    tu_import_refused("t.log", "hello\nworld\n", "t.log:1: ", "nothing recognisable");
    tu_import_refused("t.log", "", "t.log:1: ", "nothing recognisable");
    tu_import_refused("t.log", "\x7f" "ELF\x02\x01\x01\x00garbage\xff\xfe", "t.log:1: ",
                        "nothing recognisable");
    tu_import_refused("t.log", "testing speed of sha256 (sha256-ce)\ntest 0 (16 byte blocks, 16 "
                        "bytes per update, 1 updates): 12 nsecs/op\n", "t.log:1: ",
                        "no tcrypt line with a result");
    tu_import_refused("t.log", "x\n+F:0:md5:1.00:2.00\n", "t.log:2: ", "before any +H");
    tu_import_refused("t.log", "+H:16:64\n+F:0:md5:1.00\n", "t.log:2: ", "1 values where +H gave 2");
    tu_import_refused("t.log", "+H:16\n+F:0:md5:abc\n", "t.log:2: ", "'abc' in the +F line");
    tu_import_refused("t.log", "+DT:md5:3:16\n+R:12x:md5:3.0\n", "t.log:2: ", "malformed +R");
    /* a name of blanks and dashes names nothing */
    tu_import_refused("t.log", "Doing  - for 1s on 16 size blocks: 5 x's in 1.00s\n", "t.log:1: ",
                        "nothing recognisable");
    tu_import_refused("t.log", "+F2:0:2048:x:y\n", "t.log:1: ", "malformed +F2");
    tu_import_refused("t.log", "+F2:0:2048:1:2:3\n", "t.log:1: ", "+F2:index:bits:sign:verify");
    tu_import_refused("t.log", "+F6:0:253:1.0:2.0\n", "t.log:1: ", "+F6:index:bits:curve:sign");
    tu_import_refused("t.log", "+DTP:x:sign:ecdsa:10\n", "t.log:1: ", "'x' in the +DTP line");
    tu_import_refused("t.log", "      op      op/s\n 256 bits ecdh (nistp256)   0.0001s  1,5\n",
                        "t.log:2: ", "'1,5' in the op/s column");
    tu_import_refused("t.log", "  sign verify sign/s verify/s\nrsa 2048 bits 0.1s 0.2s 1O.0 5.0\n",
                        "t.log:2: ", "'1O.0' in the sign/s column");
    /* a row with fewer figures than the header has sizes is refused by its own line,
     * not the end of the table (the rows after it vanished); one with more does not
     * become an algorithm named after its numbers */
    tu_import_refused("t.log", "type 16 bytes 64 bytes\nmd5 1.00k 2.00k\nsha1 3.00k\nsha256 1.00k 2.00k\n",
                        "t.log:3: ", "'sha1' has 1 figure where the table's header names 2");
    tu_import_refused("t.log", "type 16 bytes 64 bytes\nmd5 46401.75k 135023.66k 1.00 2.00\n",
                        "t.log:2: ", "'md5' has 4 figures where the table's header names 2");
    /* a tcrypt hash test of no bytes per update is no operation */
    tu_import_refused("t.log", "testing speed of async sha256 (sha256-ce)\ntest 0 (16 byte blocks, 0 "
                        "bytes per update, 0 updates): 100 opers/sec, 1600 bytes/sec\n",
                        "t.log:2: ", "0 bytes per update and 0 updates");
    tu_import_refused("t.log", "Got: +F:3:md5:1.00 from 0\n", "t.log:1: ", "before any +H");
    tu_import_refused("t.log", "Got: +H:16 from x\n", "t.log:1: ", "without ' from CHILD'");
}

/* `openssl speed -multi 2 md5`: the children's +R lines interleave and name no child;
 * what the log states is each child's +F line and their sum in the table.  Imported:
 * each child as worker N of 2 at every size, and compare's sum is the table. */
static void test_openssl_multi(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-multi2.log", &o, 12);
    double sum64 = 0, sum16384 = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        assert_int_equal(r->s.workers, 2);
        assert_true(r->s.worker < 2);
        assert_int_equal(r->s.sample_index, 0);
        assert_int_equal(r->has_counts, 0); /* no +R line is attributed to a child */
        if (r->s.block_bytes == 64)
            sum64 += r->bytes_per_sec;
        if (r->s.block_bytes == 16384)
            sum16384 += r->bytes_per_sec;
    }
    /* "md5 29742.40k 88718.76k ... 360129.08k": the table is the children's sum */
    assert_true(fabs(sum64 - 88718.76e3) < 10);
    assert_true(fabs(sum16384 - 360129.08e3) < 10);
    cb_csv_set_free(set);
}

/* What a log says about the build and CPU is kept whole and named as cryptobench names
 * it: a compiler line of 400 characters, 1.0's banner as the version, an OpenSSL
 * capability vector masked by the environment. */
static void test_metadata(void **state)
{
    (void)state;
    char err[512], text[2048];
    char compiler[420];
    memset(compiler, 'f', sizeof compiler - 1);
    compiler[sizeof compiler - 1] = '\0';
    snprintf(text, sizeof text, "OpenSSL 1.0.1e 11 Feb 2013\ncompiler: gcc -D%s\n"
             "CPUINFO: OPENSSL_armcap=0x1 env:0x1\ntype 16 bytes\nmd5 1.00k\n", compiler);
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(import_text(text, &o, set, err, sizeof err), 1);
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->run->tool_version, "openssl 1.0.1e");
    assert_int_equal(strlen(r->run->compiler), strlen("gcc -D") + strlen(compiler));
    assert_string_equal(r->run->caps_effective, "neon");
    assert_string_equal(r->run->caps_detected, "unknown"); /* masked: the CPU's is not said */
    assert_string_equal(r->run->caps_mask, "OPENSSL_armcap=0x1");
    assert_string_equal(r->run->mask_source, "OPENSSL_armcap");
    assert_string_equal(r->run->emulator, "unknown");
    cb_csv_set_free(set);
}

/* cryptobench's own text table, opened with the lines `openssl speed` opens with
 * (reports/sinks/text.c's print_header): it imports as OpenSSL's does, and says which
 * tool, build flags, compiler, CPU, capabilities and mask it came from. */
static void test_own_header(void **state)
{
    (void)state;
    static const char masked[] =
        "version: cryptobench 0.1.0\n"
        "built on: revision 38fc1215de38, config linux-x86_64\n"
        "options: -O2 -g\n"
        "compiler: gcc (Debian 12.2.0-14) 12.2.0\n"
        "CPUINFO: AMD EPYC 7763 64-Core Processor; capabilities in force: ssse3,pclmul; "
        "mask: -aesni (CRYPTOBENCH_CAPS); detected: ssse3,aesni,pclmul\n"
        "auto: md5 generic, aes-128-cbc generic\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             64 bytes   1024 bytes\n"
        "md5             277257.08k   636725.42k\n"
        "aes-128-cbc     240995.98k   250000.00k\n";
    char err[512];
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(import_text(masked, &o, set, err, sizeof err), 4);
    const cb_csv_row *r = find(set, "md5", "digest", 1024, 0);
    assert_true(close_to(r->bytes_per_sec, 636725420));
    assert_string_equal(r->run->tool_version, "cryptobench 0.1.0");
    assert_string_equal(r->run->cflags, "-O2 -g");
    assert_string_equal(r->run->compiler, "gcc (Debian 12.2.0-14) 12.2.0");
    assert_string_equal(r->run->cpu_model, "AMD EPYC 7763 64-Core Processor");
    assert_string_equal(r->run->caps_effective, "ssse3,pclmul");
    assert_string_equal(r->run->caps_detected, "ssse3,aesni,pclmul");
    assert_string_equal(r->run->caps_mask, "-aesni");
    assert_string_equal(r->run->mask_source, "CRYPTOBENCH_CAPS");
    assert_string_equal(r->s.variant, "generic"); /* what auto picked, from "auto:" */
    assert_true(close_to(find(set, "aes-128-cbc", "encrypt", 64, 128)->bytes_per_sec,
                         240995980));
    cb_csv_set_free(set);
    /* no mask: what is in force is what was detected */
    set = cb_csv_set_new();
    assert_int_equal(import_text("version: cryptobench 0.1.0\nCPUINFO: Test CPU; "
                                 "capabilities in force: neon,aes; mask: none\n"
                                 "type 16 bytes\nmd5 1.00k\n", &o, set, err, sizeof err), 1);
    r = cb_csv_set_row(set, 0);
    assert_string_equal(r->run->cpu_model, "Test CPU");
    assert_string_equal(r->run->caps_detected, "neon,aes");
    assert_string_equal(r->run->caps_mask, "none");
    assert_string_equal(r->run->mask_source, "none");
    assert_string_equal(r->s.variant, "openssl"); /* no "auto:" line */
    cb_csv_set_free(set);
}

/* A tcrypt cycle count under one cycle an operation ("512003 operations in 32
 * cycles", found by fuzz_import) is no measurement: left out, not written as a row
 * that reads back as a sample with no rate. */
static void test_tcrypt_subcycle(void **state)
{
    (void)state;
    char err[512];
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(import_text("tcrypt: testing speed of async cbc(aes) (cbc-aes-ce) "
                                 "decryption\n"
                                 "tcrypt: test 0 (128 bit key, 16 byte blocks): 512003 "
                                 "operations in 32 cycles (16 bytes)\n"
                                 "tcrypt: test 1 (128 bit key, 64 byte blocks): 0 "
                                 "cycles/operation, 0 cycles/byte\n"
                                 "tcrypt: test 2 (128 bit key, 256 byte blocks): 1 "
                                 "operation in 900 cycles (256 bytes)\n",
                                 &o, set, err, sizeof err), 1);
    assert_true(cb_csv_set_row(set, 0)->s.cycles == 900);
    cb_csv_set_free(set);
}

/* The 1.0-era table labels of the legacy ciphers, as the 2012 POWER7 report's rows
 * name them, are cryptobench's algorithms with `openssl speed`'s key sizes (16 bytes
 * but for camellia-192 and -256). */
static void test_legacy_cipher_labels(void **state)
{
    (void)state;
    char err[512];
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(import_text("type             16 bytes     64 bytes\n"
                                 "rc4             200000.00k   210000.00k\n"
                                 "idea cbc         30000.00k    31000.00k\n"
                                 "rc2 cbc          20000.00k    21000.00k\n"
                                 "blowfish cbc     60000.00k    61000.00k\n"
                                 "cast cbc         50000.00k    51000.00k\n"
                                 "camellia-128 cbc 90000.00k 100000.00k\n"
                                 "camellia-192 cbc 70000.00k 80000.00k\n"
                                 "camellia-256 cbc 70000.00k 80000.00k\n"
                                 "seed cbc 60000.00k 65000.00k\n",
                                 &o, set, err, sizeof err), 18);
    static const struct {
        const char *alg;
        unsigned bits;
        double bps64;
    } want[] = {
        {"rc4", 128, 210000000},           {"idea-cbc", 128, 31000000},
        {"rc2-cbc", 128, 21000000},        {"bf-cbc", 128, 61000000},
        {"cast5-cbc", 128, 51000000},      {"camellia-128-cbc", 128, 100000000},
        {"camellia-192-cbc", 192, 80000000}, {"camellia-256-cbc", 256, 80000000},
        {"seed-cbc", 128, 65000000},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_non_null(cb_alg_find(want[i].alg));
        const cb_csv_row *r = find(set, want[i].alg, "encrypt", 64, want[i].bits);
        assert_true(close_to(r->bytes_per_sec, want[i].bps64));
    }
    cb_csv_set_free(set);
}

static void test_inline_forms(void **state)
{
    (void)state;
    char err[512];
    cb_import_opts o = no_opts();
    o.decrypt = 1;
    o.variant = "ce-i4";
    cb_csv_set *set = cb_csv_set_new();
    /* -decrypt applies to ciphers, not digests; 'aes-256 cbc' is the legacy name */
    assert_int_equal(import_text("You have chosen to measure elapsed time instead of user "
                                 "CPU time.\ntype 16 bytes\naes-256 cbc 1000.00k\n"
                                 "sha1 2000.00k\n", &o, set, err, sizeof err), 2);
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->s.direction, "decrypt");
    assert_string_equal(r->s.variant, "ce-i4");
    assert_string_equal(r->run->timing, "wall");
    assert_string_equal(cb_csv_set_row(set, 1)->s.direction, "digest");
    cb_csv_set_free(set);

    /* +F2 in OpenSSL 1.x holds seconds per operation, in 3.x operations per second */
    o = no_opts();
    set = cb_csv_set_new();
    assert_int_equal(import_text("+F2:2:2048:0.002000:0.000050\n+F3:0:1024:500.0:400.0\n",
                                 &o, set, err, sizeof err), 4);
    assert_true(close_to(cb_csv_set_row(set, 0)->ops_per_sec, 500));
    assert_true(close_to(cb_csv_set_row(set, 1)->ops_per_sec, 20000));
    assert_string_equal(cb_csv_set_row(set, 2)->s.alg, "dsa1024");
    assert_true(close_to(cb_csv_set_row(set, 3)->ops_per_sec, 400));
    cb_csv_set_free(set);

    /* control characters would make a CSV its reader refuses: they become blanks */
    set = cb_csv_set_new();
    assert_int_equal(import_text("type 16 bytes\nmd\0135 1.00k\n", &o, set, err, sizeof err),
                     1);
    assert_string_equal(cb_csv_set_row(set, 0)->s.alg, "md-5");
    cb_csv_set_free(set);

    /* two tables of one log: two samples of each case, indexed 0 and 1 */
    set = cb_csv_set_new();
    assert_int_equal(import_text("type 16 bytes\nmd5 10.00k\n\ntype 16 bytes\nmd5 12.00k\n",
                                 &o, set, err, sizeof err), 2);
    assert_int_equal(cb_csv_set_row(set, 1)->s.sample_index, 1);
    /* the newer progress form for public key, progress lines without a table */
    assert_int_equal(import_text("Doing 2048 bits private rsa sign ops for 10s: 15211 2048 "
                                 "bits private RSA sign ops in 9.99s\n"
                                 "Doing 2048 bits sign dsa ops for 10s: 300 2048 bits DSA "
                                 "sign ops in 10.00s\n", &o, set, err, sizeof err), 2);
    assert_string_equal(cb_csv_set_row(set, 2)->s.alg, "rsa2048");
    assert_int_equal(cb_csv_set_row(set, 2)->s.iterations, 15211);
    assert_string_equal(cb_csv_set_row(set, 3)->s.alg, "dsa2048");
    cb_csv_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openssl3_table_and_progress),
        cmocka_unit_test(test_openssl3_mr),
        cmocka_unit_test(test_openssl3_rsa),
        cmocka_unit_test(test_openssl3_chacha),
        cmocka_unit_test(test_openssl3_cmac),
        cmocka_unit_test(test_openssl3_rand),
        cmocka_unit_test(test_legacy_names_and_forms),
        cmocka_unit_test(test_tcrypt),
        cmocka_unit_test(test_tcrypt_linux6),
        cmocka_unit_test(test_tcrypt_cycles),
        cmocka_unit_test(test_cycles_only_rows),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_legacy_digest_rows),
        cmocka_unit_test(test_pkey_tables),
        cmocka_unit_test(test_pkey_mr),
        cmocka_unit_test(test_pkey_real),
        cmocka_unit_test(test_bad_logs),
        cmocka_unit_test(test_openssl_multi),
        cmocka_unit_test(test_metadata),
        cmocka_unit_test(test_own_header),
        cmocka_unit_test(test_tcrypt_subcycle),
        cmocka_unit_test(test_legacy_cipher_labels),
        cmocka_unit_test(test_inline_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
