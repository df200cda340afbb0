/*
 * tests/test_libcrypto.c - real libraries as variants (kernels/libcrypto/): the system
 * OpenSSL, Debian's BoringSSL, two copies of one file side by side, one build under
 * two capability masks, a library that is wrong on purpose (tests/fake/), and paths
 * that are not libcryptos.
 *
 * The system libcrypto.so.3 is required on x86-64 (make check installs libssl3);
 * a cross build under qemu-user skips what needs its architecture's library when the
 * loader does not find one (check-cross loads Debian's with the command line).
 */
#include <dlfcn.h>
#include <libgen.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/check/check.h"
#include "kernels/check/kat/kat.h"
#include "kernels/select.h"
#include "kernels/inst.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/libcrypto/libcrypto.h"
#include "kernels/registry.h"
#include "reports/format/json.h"
#include "tests/support.h"

#define BORINGSSL "/usr/lib/" CB_TEST_TRIPLE "/android/libcrypto.so.0"
#if defined(__x86_64__)
#define CB_TEST_TRIPLE "x86_64-linux-gnu"
#else
#define CB_TEST_TRIPLE "none"
#endif

static char fake_path[4096];
static char tmpdir[] = "/tmp/cb-libcrypto-XXXXXX";

/* have_system: is there a libcrypto.so.3 the loader finds?  Required on x86-64. */
static int have_system(void)
{
    void *h = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (h)
        dlclose(h);
#if defined(__x86_64__)
    if (!h)
        fail_msg("no libcrypto.so.3: install libssl3 (make check does)");
#endif
    return h != NULL;
}

static const cb_variant *load(const char *name, const char *path, const char *env)
{
    cb_lib_request r = {.name = name, .path = path};
    if (env)
        r.env[r.nenv++] = env;
    char err[1024] = "";
    if (cb_lib_load(&r, err, sizeof err) != 0)
        fail_msg("loading %s: %s", path ? path : "the system libcrypto", err);
    const cb_variant *v = cb_lib_loaded(name);
    assert_non_null(v);
    return v;
}

static cb_lib *lib_of(const cb_variant *v)
{
    return (cb_lib *)cb_variant_impl(v)->data;
}

/* check runs the pre-timing check of a on v and says whether it passed. */
static int check(const char *alg, const cb_variant *v, char *err, size_t len)
{
    const cb_alg *a = cb_alg_find(alg);
    assert_non_null(a);
    return cb_check_variant(a, v, CB_CHECK_QUICK, err, len, NULL) == 0;
}

static void test_system_library(void **state)
{
    (void)state;
    if (!have_system())
        skip();
    const cb_variant *v = load(CB_LIB_DEFAULT_NAME, NULL, NULL);
    assert_true(cb_lib_is_library(v));
    assert_string_equal(v->family, CB_LIB_FAMILY);
    assert_true(v->priority < CB_PRIORITY_AUTO_MIN); /* never auto's pick */
    const cb_alg_impl *m = cb_variant_impl(v);
    assert_true(strncmp(m->version, "OpenSSL 3", 9) == 0);
    assert_true(m->library[0] == '/'); /* the file the loader found, not the soname */
    int cflags = 0;
    for (const char *const *n = m->notes; *n; n++)
        cflags |= strncmp(*n, "cflags=", 7) == 0;
    assert_true(cflags);
    static const char *const algs[] = {
        "md5",         "sha1",        "sha256",       "sha512-256",   "sha3-256",
        "hmac(sha256)", "hmac(sha3-512)", "aes-128-ecb", "aes-192-cbc", "aes-256-ctr",
        "aes-128-ofb", "aes-128-cfb", "aes-256-cfb8", "aes-128-xts",  "aes-256-xts",
        "aes-128-gcm", "aes-256-ccm", "des-cbc",      "des-ede3-cbc", "rsa1024",
        "rsa2048",     "dsa1024",     "dsa2048",      "chacha20",     "chacha20-poly1305",
        "ecdhx25519",  "ed25519"};
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        char err[512] = "";
        assert_true(cb_variant_offers_any(v, cb_alg_find(algs[i])));
        if (!check(algs[i], v, err, sizeof err))
            fail_msg("%s on the system OpenSSL: %s", algs[i], err);
    }
}

/* time_ops: seconds for n operations of x on len bytes (the least of three). */
static double time_ops(cb_inst *x, const uint8_t *buf, uint8_t *out, size_t len, uint64_t n)
{
    double best = 1e9;
    for (int r = 0; r < 3; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        cb_inst_run(x, buf, out, len, n);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        if (s < best)
            best = s;
    }
    return best;
}

/* test_pkey_timed: the timed loops of key agreement and Ed25519 reuse one session, so
 * they must keep succeeding on it, in OpenSSL and in BoringSSL. */
static void test_pkey_timed(void **state)
{
    (void)state;
    if (!have_system() || access(BORINGSSL, R_OK) != 0)
        skip();
    const cb_variant *sys = cb_lib_loaded(CB_LIB_DEFAULT_NAME);
    if (!sys)
        sys = load(CB_LIB_DEFAULT_NAME, NULL, NULL);
    const cb_variant *boring = cb_lib_loaded("boring");
    if (!boring)
        boring = load("boring", BORINGSSL, NULL);
    const cb_variant *libs[] = {sys, boring};
    for (size_t i = 0; i < 2; i++) {
        tu_timed_without_failures(cb_alg_find("ecdhx25519"), libs[i], CB_DIR_DERIVE, 20);
        tu_timed_without_failures(cb_alg_find("ed25519"), libs[i], CB_DIR_SIGN, 20);
        tu_timed_without_failures(cb_alg_find("ed25519"), libs[i], CB_DIR_VERIFY, 20);
    }
}

static void test_timed_and_masked(void **state)
{
    (void)state;
    if (!have_system())
        skip();
    const cb_variant *fast = cb_lib_loaded(CB_LIB_DEFAULT_NAME);
    if (!fast)
        fast = load(CB_LIB_DEFAULT_NAME, NULL, NULL);
    /* the same file again, told that the CPU has nothing: OpenSSL's portable C */
    const cb_variant *slow = load("nocaps", NULL, "OPENSSL_ia32cap=0x0:0x0");
    assert_null(getenv("OPENSSL_ia32cap")); /* the process's own stays untouched */
    assert_ptr_not_equal(lib_of(fast)->handle, lib_of(slow)->handle);
    char env[128];
    assert_string_equal(cb_variant_env(slow, env, sizeof env), "OPENSSL_ia32cap=0x0:0x0");
    assert_string_equal(cb_variant_env(fast, env, sizeof env), "");
    const cb_alg *a = cb_alg_find("aes-128-gcm");
    char err[512];
    assert_true(check("aes-128-gcm", slow, err, sizeof err));
    static uint8_t buf[16384], out[16384];
    double t[2];
    for (int i = 0; i < 2; i++) {
        cb_inst *x = cb_inst_new(a, i ? slow : fast, CB_DIR_DECRYPT, CB_INST_AAD, err,
                                 sizeof err);
        assert_non_null(x);
        assert_int_equal(cb_inst_prepare(x, buf, sizeof buf, err, sizeof err), 0);
        t[i] = time_ops(x, buf, out, sizeof buf, 200);
        assert_int_equal(cb_inst_failures(x), 0); /* every timed message authenticated */
        cb_inst_free(x);
    }
    assert_true(t[0] > 0 && t[1] > 0);
#if defined(__x86_64__)
    /* AES-NI and PCLMULQDQ against table lookups: several times, whatever the noise */
    if (t[1] < 2 * t[0])
        fail_msg("the masked instance is not slower: %.4f s against %.4f s", t[1], t[0]);
#endif
}

/* copy_file copies src to dst; 0 on success. */
static int copy_file(const char *src, const char *dst)
{
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    char b[65536];
    size_t n;
    int rc = in && out ? 0 : -1;
    while (rc == 0 && (n = fread(b, 1, sizeof b, in)) > 0)
        rc = fwrite(b, 1, n, out) == n ? 0 : -1;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        rc = -1;
    return rc;
}

static void test_two_copies(void **state)
{
    (void)state;
    if (!have_system())
        skip();
    const cb_variant *sys = cb_lib_loaded(CB_LIB_DEFAULT_NAME);
    if (!sys)
        sys = load(CB_LIB_DEFAULT_NAME, NULL, NULL);
    char copy[4200];
    snprintf(copy, sizeof copy, "%s/libcrypto.so.3", tmpdir);
    assert_int_equal(copy_file(cb_variant_impl(sys)->library, copy), 0);
    /* one SONAME twice, and one file twice: each its own namespace */
    const cb_variant *a = load("copy", copy, NULL);
    const cb_variant *b = load("copy-again", copy, NULL);
    assert_ptr_not_equal(lib_of(a)->handle, lib_of(sys)->handle);
    assert_ptr_not_equal(lib_of(a)->handle, lib_of(b)->handle);
    assert_string_equal(cb_variant_impl(a)->library, copy);
    char err[512];
    assert_true(check("sha256", a, err, sizeof err));
    assert_true(check("aes-128-cbc", b, err, sizeof err));
}

static void test_boringssl(void **state)
{
    (void)state;
    if (access(BORINGSSL, R_OK) != 0) {
#if defined(__x86_64__)
        fail_msg("no %s: install android-libboringssl (make check does)", BORINGSSL);
#endif
        skip();
    }
    const cb_variant *v = cb_lib_loaded("boring");
    if (!v)
        v = load("boring", BORINGSSL, NULL);
    char err[512];
    /* chacha20-poly1305 through its EVP_AEAD, the only form BoringSSL has */
    static const char *const algs[] = {"sha256",       "sha512",           "hmac(sha1)",
                                       "aes-128-cbc",  "aes-256-ctr",      "aes-128-gcm",
                                       "des-ede3-cbc", "rsa2048",          "chacha20-poly1305",
                                       "ecdhx25519",   "ed25519"};
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (!check(algs[i], v, err, sizeof err))
            fail_msg("%s on BoringSSL: %s", algs[i], err);
    /* what BoringSSL has no EVP for is not offered, and that is no error: CCM, SHA-3,
     * and the ChaCha20 stream cipher (CRYPTO_chacha_20 only, no EVP_chacha20) */
    assert_false(cb_variant_offers_any(v, cb_alg_find("aes-128-ccm")));
    assert_false(cb_variant_offers_any(v, cb_alg_find("sha3-256")));
    assert_false(cb_variant_offers_any(v, cb_alg_find("chacha20")));
    /* and the reason is the function it lacks (list, selftest and speed say it) */
    char why[200];
    assert_non_null(cb_variant_lacks(v, cb_alg_find("chacha20"), why, sizeof why));
    assert_string_equal(why, "has no EVP_chacha20");
    assert_null(cb_variant_lacks(v, cb_alg_find("chacha20-poly1305"), why, sizeof why));
}

static void test_wrong_library(void **state)
{
    (void)state;
    const cb_variant *v = cb_lib_loaded("fake");
    if (!v)
        v = load("fake", fake_path, NULL);
    assert_string_equal(cb_variant_impl(v)->version, "fakecrypto 1.0 (wrong on purpose)");
    char err[512] = "";
    assert_false(check("sha256", v, err, sizeof err));
    assert_non_null(strstr(err, "sha256/fake"));
    assert_false(check("aes-128-cbc", v, err, sizeof err));
    assert_non_null(strstr(err, "cannot be keyed"));
    /* each new row wrong its own way (tests/fake/fakecrypto.c), each caught */
    static const struct {
        const char *alg, *why;
    } caught[] = {
        {"chacha20", "wrong encrypt output for known answer"},
        {"chacha20-poly1305", "wrong ciphertext or tag for known answer"},
        /* right for the embedded pair alone: the other pairs catch it */
        {"ecdhx25519", "the shared secret of key pair 0 differs from generic's"},
        {"ed25519", "its signature of 'abc' does not verify under generic"},
    };
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        assert_true(cb_variant_offers_any(v, cb_alg_find(caught[i].alg)));
        if (check(caught[i].alg, v, err, sizeof err))
            fail_msg("the fake's %s passed its check", caught[i].alg);
        if (!strstr(err, caught[i].why))
            fail_msg("the fake's %s failed with '%s', not '%s'", caught[i].alg, err,
                     caught[i].why);
    }
    /* what it lacks (HMAC, every other EVP_*) is not offered, and named */
    assert_false(cb_variant_offers_any(v, cb_alg_find("hmac(sha256)")));
    assert_false(cb_variant_offers_any(v, cb_alg_find("sha512")));
    char why[200];
    assert_non_null(cb_variant_lacks(v, cb_alg_find("sha512"), why, sizeof why));
    assert_string_equal(why, "has no EVP_sha512");
    assert_non_null(cb_variant_lacks(v, cb_alg_find("hmac(sha256)"), why, sizeof why));
    assert_non_null(strstr(why, "HMAC_CTX_new"));
    assert_non_null(cb_variant_lacks(v, cb_alg_find("rsa2048"), why, sizeof why));
    assert_non_null(strstr(why, "RSA_*"));
}

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/asymmetric/"

/* kat_tally runs file (under VECTORS) on variant name alone and returns its tally
 * in res. */
static const cb_kat_tally *kat_tally(const char *file, const char *name, cb_kat_result *res)
{
    char path[512], err[256];
    cb_selection sel;
    snprintf(path, sizeof path, "%s%s", VECTORS, file);
    if (access(path, R_OK) != 0)
        fail_msg("no %s: install python3-cryptography-vectors", path);
    if (cb_selection_parse(&sel, name, err, sizeof err) != 0)
        fail_msg("-variant %s: %s", name, err);
    cb_kat_opts o = {NULL, &sel, cb_caps_effective(), NULL};
    cb_kat_run_file(path, &o, res);
    for (size_t i = 0; i < res->ntallies; i++)
        if (strcmp(res->tallies[i].var->name, name) == 0)
            return &res->tallies[i];
    fail_msg("%s did not run on %s", file, name);
    return NULL;
}

/* test_raw_key_files: the X25519 and Ed25519 files bring keys of their own, which a
 * library takes raw (pkey_raw): every record runs on it, none is skipped; the fake
 * fails every one. */
static void test_raw_key_files(void **state)
{
    (void)state;
    if (!have_system())
        skip();
    if (!cb_lib_loaded(CB_LIB_DEFAULT_NAME))
        load(CB_LIB_DEFAULT_NAME, NULL, NULL);
    if (!cb_lib_loaded("fake"))
        load("fake", fake_path, NULL);
    static const char *const files[] = {"X25519/rfc7748.txt", "Ed25519/sign.input"};
    for (size_t i = 0; i < 2; i++) {
        cb_kat_result res = {0};
        const cb_kat_tally *t = kat_tally(files[i], CB_LIB_DEFAULT_NAME, &res);
        if (t->passed == 0 || t->failed || t->skipped)
            fail_msg("%s on the system OpenSSL: passed %lu failed %lu skipped %lu", files[i],
                     t->passed, t->failed, t->skipped);
        unsigned long records = t->passed;
        cb_kat_result_free(&res);
        t = kat_tally(files[i], "fake", &res);
        if (t->failed != records)
            fail_msg("%s on the fake: failed %lu of %lu", files[i], t->failed, records);
        cb_kat_result_free(&res);
    }
}

/* refused: loading r must fail with a sentence holding want. */
static void refused(const char *name, const char *path, const char *want)
{
    cb_lib_request r = {.name = name, .path = path};
    char err[1024] = "";
    assert_int_equal(cb_lib_load(&r, err, sizeof err), -1);
    if (!strstr(err, want))
        fail_msg("loading %s as %s said '%s', not '%s'", path, name, err, want);
    assert_null(strchr(err, '\n'));
}

/* A version string with an escape sequence, a bell and bytes outside UTF-8 is kept
 * as the library gave it for the records, list's summary shows it escaped (nothing
 * reaches a terminal raw), and JSON carries it as valid UTF-8 (issue 28 item 11). */
static void test_hostile_version(void **state)
{
    (void)state;
    const char *raw = "fake\x1b[31m red\xff\x07 \xc3\xa9";
    char pair[64];
    snprintf(pair, sizeof pair, "FAKECRYPTO_VERSION=%s", raw);
    const cb_variant *v = cb_lib_loaded("hostile");
    if (!v)
        v = load("hostile", fake_path, pair);
    assert_string_equal(cb_variant_impl(v)->version, raw);
    for (const unsigned char *p = (const unsigned char *)v->summary; *p; p++)
        if (*p < 0x20 || *p >= 0x7f)
            fail_msg("list's summary holds byte 0x%02x: %s", *p, v->summary);
    assert_non_null(strstr(v->summary, "fake\\x1b[31m red\\xff\\x07 \\xc3\\xa9 ("));
    char *json = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&json, &len);
    assert_non_null(f);
    cb_json_str(f, cb_variant_impl(v)->version);
    fclose(f);
    assert_string_equal(json, "\"fake\\u001b[31m red\\ufffd\\u0007 \xc3\xa9\"");
    free(json);
}

static void test_not_a_libcrypto(void **state)
{
    (void)state;
    char text[4200];
    snprintf(text, sizeof text, "%s/notes.txt", tmpdir);
    FILE *f = fopen(text, "w");
    assert_non_null(f);
    fputs("not a shared library\n", f);
    fclose(f);
    refused("missing", "/nonexistent/libcrypto.so.3", "No such file");
    refused("dir", tmpdir, "not a regular file");
    refused("text", text, "is not an ELF shared library: it does not begin with the ELF magic");
    refused("auto", fake_path, "cannot name a library variant");
    refused("generic", fake_path, "is taken already");
    refused("a,b", fake_path, "cannot name a library variant");
    /* a real shared library without the EVP functions: libm, always there */
    void *h = dlopen("libm.so.6", RTLD_NOW);
    assert_non_null(h);
    dlclose(h);
    refused("libm", "libm.so.6", "is not a usable libcrypto: it lacks EVP_MD_CTX_new");
}

int main(int argc, char **argv)
{
    (void)argc;
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_libcrypto: %s\n", err);
        return 1;
    }
    char self[4096];
    snprintf(self, sizeof self, "%s", argv[0]);
    snprintf(fake_path, sizeof fake_path, "%s/libfakecrypto.so", dirname(self));
    if (!mkdtemp(tmpdir)) {
        perror("test_libcrypto: mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_system_library), cmocka_unit_test(test_timed_and_masked),
        cmocka_unit_test(test_two_copies),     cmocka_unit_test(test_boringssl),
        cmocka_unit_test(test_pkey_timed),     cmocka_unit_test(test_raw_key_files),
        cmocka_unit_test(test_wrong_library),  cmocka_unit_test(test_not_a_libcrypto),
        cmocka_unit_test(test_hostile_version),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_libcrypto: could not remove %s\n", tmpdir);
    return rc;
}
