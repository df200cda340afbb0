/*
 * tests/test_pqlib.c - AWS-LC's ML-KEM and ML-DSA as a library variant
 * (kernels/libcrypto/pq.c): offered in every direction, passing the check before
 * timing, the same keys, ciphertexts and secrets as generic's from the same seeds,
 * signatures verified both ways and refused when changed, and timed loops that never
 * fail; a libcrypto without these functions says what it lacks.
 *
 * AWS-LC 5.5.0 lives in the project's shared/peers, one build per architecture: the
 * one for the architecture this test is built for is loaded, and on any other (32-bit
 * ARM, POWER: the unit tests also run cross-built under qemu-user) or when it is not
 * there, the tests that need it print why and skip.
 */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/check/check.h"
#include "kernels/inst.h"
#include "kernels/libcrypto/libcrypto.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"
#include "tests/support.h"

static const char *const pq_algs[] = {"mlkem512", "mlkem768", "mlkem1024",
                                      "mldsa44",  "mldsa65",  "mldsa87"};

static const uint8_t msg[] = "a message signed by one side and verified by the other";

/* aws: the AWS-LC variant (tests/support.h), or NULL with the reason printed. */
static const cb_variant *aws(const char *test)
{
    return tu_aws_lc("test_pqlib", test);
}

static const cb_alg *alg(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    return a;
}

/* on_aws runs fn on AWS-LC for pq_algs[from..to), or says why it cannot and skips. */
static void on_aws(const char *test, size_t from, size_t to,
                   void (*fn)(const cb_alg *a, const cb_variant *v))
{
    const cb_variant *v = aws(test);
    if (!v)
        skip();
    for (size_t i = from; i < to; i++)
        fn(alg(pq_algs[i]), v);
}

/* keyed: an op of v for a in direction d with the key pair of seed. */
static void keyed(cb_op *o, const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *seed,
                  uint8_t *pub, uint8_t *priv)
{
    assert_int_equal(cb_op_start(o, a, v, d, NULL, 0, NULL), 0);
    int rc = a->kind == CB_KIND_KEM ? cb_op_kem_keygen(o, seed, pub, priv)
                                    : cb_op_sig_keygen(o, seed, pub, priv);
    assert_int_equal(rc, 0);
}

static void offered_and_checked(const cb_alg *a, const cb_variant *v)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = cb_alg_dirs(a, dirs);
    assert_int_equal(nd, 3);
    for (size_t d = 0; d < nd; d++)
        assert_true(cb_variant_offers(v, a, dirs[d]));
    char err[512] = "";
    unsigned long checks = 0;
    if (cb_check_variant(a, v, CB_CHECK_FULL, err, sizeof err, &checks) != 0)
        fail_msg("%s on AWS-LC: %s", a->name, err);
    assert_true(checks > 0);
}

static void test_offered_and_checked(void **state)
{
    (void)state;
    on_aws(__func__, 0, 6, offered_and_checked);
}

/* kem_bytes: AWS-LC and generic make the same ek, dk, c and K from one seed and
 * message, each decapsulates the other's ciphertext, and a changed one gives both
 * the same rejection key. */
static void kem_bytes(const cb_alg *a, const cb_variant *v)
{
    const cb_variant *g = cb_variant_generic(a);
    cb_kem_sizes z;
    assert_int_equal(cb_kem_sizes_of(a, &z), 0);
    size_t i = a->key_bits / 256;
    uint8_t seed[CB_KEM_SEED_BYTES], m[CB_KEM_MSG_BYTES];
    for (size_t j = 0; j < sizeof seed; j++)
        seed[j] = (uint8_t)(7 * j + i);
    memset(m, 0xa5 ^ (int)i, sizeof m);
    uint8_t *buf = calloc(2, z.ek + z.dk + z.ct + 3 * z.ss);
    assert_non_null(buf);
    uint8_t *ek[2], *dk[2], *ct[2], *ss[2], *dec[2], *rej[2];
    for (int s = 0; s < 2; s++) {
        uint8_t *p = buf + (size_t)s * (z.ek + z.dk + z.ct + 3 * z.ss);
        ek[s] = p, dk[s] = p + z.ek, ct[s] = dk[s] + z.dk, ss[s] = ct[s] + z.ct;
        dec[s] = ss[s] + z.ss, rej[s] = dec[s] + z.ss;
    }
    cb_op o;
    for (int s = 0; s < 2; s++) {
        const cb_variant *which = s ? v : g;
        keyed(&o, a, which, CB_DIR_KEYGEN, seed, ek[s], dk[s]);
        cb_op_stop(&o);
        keyed(&o, a, which, CB_DIR_ENCAPS, seed, NULL, NULL);
        assert_int_equal(cb_op_kem_encaps(&o, m, ct[s], ss[s]), 0);
        cb_op_stop(&o);
    }
    assert_memory_equal(ek[0], ek[1], z.ek);
    assert_memory_equal(dk[0], dk[1], z.dk);
    assert_memory_equal(ct[0], ct[1], z.ct);
    assert_memory_equal(ss[0], ss[1], z.ss);
    for (int s = 0; s < 2; s++) { /* each decapsulates the other's ciphertext */
        keyed(&o, a, s ? v : g, CB_DIR_DECAPS, seed, NULL, NULL);
        assert_int_equal(cb_op_kem_decaps(&o, ct[!s], dec[s]), 0);
        ct[!s][z.ct / 2] ^= 0x10;
        assert_int_equal(cb_op_kem_decaps(&o, ct[!s], rej[s]), 0);
        ct[!s][z.ct / 2] ^= 0x10;
        cb_op_stop(&o);
        assert_memory_equal(dec[s], ss[0], z.ss);
    }
    assert_memory_equal(rej[0], rej[1], z.ss);
    assert_memory_not_equal(rej[0], ss[0], z.ss);
    free(buf);
}

static void test_kem_bytes(void **state)
{
    (void)state;
    on_aws(__func__, 0, 3, kem_bytes);
}

/* sign_with signs msg on a signing op of v keyed from seed (rnd NULL: hedged). */
static size_t sign_with(const cb_alg *a, const cb_variant *v, const uint8_t *seed,
                        const uint8_t *rnd, uint8_t *sig, size_t room)
{
    cb_op o;
    size_t n = room;
    keyed(&o, a, v, CB_DIR_SIGN, seed, NULL, NULL);
    assert_int_equal(cb_op_sig_sign(&o, msg, sizeof msg, rnd, sig, &n), 0);
    cb_op_stop(&o);
    return n;
}

/* verifies: does v, keyed from seed, accept sig over msg? */
static int verifies(const cb_alg *a, const cb_variant *v, const uint8_t *seed,
                    const uint8_t *sig, size_t n)
{
    cb_op o;
    keyed(&o, a, v, CB_DIR_VERIFY, seed, NULL, NULL);
    int rc = cb_op_verify(&o, msg, sizeof msg, sig, n);
    cb_op_stop(&o);
    return rc == 0;
}

/* sig_both_ways: the same key pair from one seed; AWS-LC signs hedged (two
 * signatures differ) and generic accepts both, AWS-LC accepts generic's deterministic
 * one, and neither accepts a signature with one bit changed. */
static void sig_both_ways(const cb_alg *a, const cb_variant *v)
{
    const cb_variant *g = cb_variant_generic(a);
    cb_sig_sizes z;
    assert_int_equal(cb_sig_sizes_of(a, &z), 0);
    uint8_t seed[CB_SIG_SEED_BYTES], zero[CB_SIG_RND_BYTES] = {0};
    memset(seed, (int)(0x31 + a->key_bits), sizeof seed);
    uint8_t *keys = calloc(2, z.pk + z.sk);
    uint8_t *sig = calloc(3, z.sig);
    assert_non_null(keys);
    assert_non_null(sig);
    cb_op o;
    keyed(&o, a, g, CB_DIR_KEYGEN, seed, keys, keys + z.pk);
    cb_op_stop(&o);
    keyed(&o, a, v, CB_DIR_KEYGEN, seed, keys + z.pk + z.sk, keys + 2 * z.pk + z.sk);
    cb_op_stop(&o);
    assert_memory_equal(keys, keys + z.pk + z.sk, z.pk + z.sk);

    assert_false(cb_op_sig_takes_rnd(v));
    assert_true(cb_op_sig_takes_rnd(g));
    assert_int_equal(cb_op_start(&o, a, v, CB_DIR_SIGN, NULL, 0, NULL), 0);
    size_t n = z.sig;
    assert_int_equal(cb_op_sig_keygen(&o, seed, NULL, NULL), 0);
    assert_int_not_equal(cb_op_sig_sign(&o, msg, sizeof msg, zero, sig, &n), 0);
    cb_op_stop(&o);

    uint8_t *hedged[2] = {sig, sig + z.sig}, *det = sig + 2 * z.sig;
    for (int s = 0; s < 2; s++)
        assert_int_equal(sign_with(a, v, seed, NULL, hedged[s], z.sig), z.sig);
    assert_memory_not_equal(hedged[0], hedged[1], z.sig);
    assert_int_equal(sign_with(a, g, seed, zero, det, z.sig), z.sig);
    for (int s = 0; s < 2; s++)
        assert_true(verifies(a, g, seed, hedged[s], z.sig));
    assert_true(verifies(a, v, seed, det, z.sig));
    hedged[0][z.sig / 3] ^= 0x04;
    det[z.sig - 1] ^= 0x80;
    assert_false(verifies(a, g, seed, hedged[0], z.sig));
    assert_false(verifies(a, v, seed, hedged[0], z.sig));
    assert_false(verifies(a, v, seed, det, z.sig));
    assert_false(verifies(a, v, seed, det, z.sig - 1)); /* a short one too */
    free(keys);
    free(sig);
}

static void test_sig_both_ways(void **state)
{
    (void)state;
    on_aws(__func__, 3, 6, sig_both_ways);
}

/* timed: every direction's timed loop runs without a failed operation. */
static void timed(const cb_alg *a, const cb_variant *v)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = cb_alg_dirs(a, dirs);
    for (size_t d = 0; d < nd; d++)
        tu_timed_without_failures(a, v, dirs[d], 5);
}

static void test_timed(void **state)
{
    (void)state;
    on_aws(__func__, 0, 6, timed);
}

/* lacking: library path (NULL: the loader's libcrypto.so.3), loaded as name, has
 * neither AWS-LC's KEM nor its PQDSA functions: the rows are not offered, with the
 * reason, and no instance of them is made. */
static void lacking(const char *name, const char *path)
{
    cb_lib_request r = {.name = name, .path = path};
    char err[1024] = "";
    if (cb_lib_load(&r, err, sizeof err) != 0)
        fail_msg("loading %s: %s", path ? path : "the system libcrypto", err);
    const cb_variant *v = cb_lib_loaded(name);
    assert_non_null(v);
    for (size_t i = 0; i < sizeof pq_algs / sizeof pq_algs[0]; i++) {
        const cb_alg *a = alg(pq_algs[i]);
        if (cb_variant_offers_any(v, a)) { /* a libcrypto with AWS-LC's names */
            printf("lacking: %s offers %s; not a lacking library\n", name, a->name);
            continue;
        }
        char why[512] = "";
        assert_non_null(cb_variant_lacks(v, a, why, sizeof why));
        assert_non_null(strstr(why, a->kind == CB_KIND_KEM ? "lacks AWS-LC's EVP_PKEY KEM"
                                                           : "lacks AWS-LC's PQDSA"));
        char lerr[256] = "";
        assert_null(cb_inst_new(a, v, CB_DIR_KEYGEN, 0, lerr, sizeof lerr));
    }
}

/* test_lacking_libraries: Debian's OpenSSL 3.0 (libcrypto.so.3) and its BoringSSL
 * (android-libboringssl), each where it is installed. */
static void test_lacking_libraries(void **state)
{
    (void)state;
    static const char boring[] = "/usr/lib/x86_64-linux-gnu/android/libcrypto.so.0";
    int any = 0;
#ifdef CB_NO_DLOPEN
    printf("%s: skipped, this build cannot load libraries\n", __func__);
    skip();
#endif
    void *h = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (h) {
        dlclose(h);
        lacking("sys", NULL);
        any = 1;
    }
#if defined(__x86_64__) /* the path is x86-64's multiarch folder */
    if (access(boring, R_OK) == 0) {
        lacking("boring", boring);
        any = 1;
    }
#endif
    if (!any) {
        printf("%s: skipped, neither libcrypto.so.3 nor %s is installed\n", __func__, boring);
        skip();
    }
}

/* caps: the CPU's capabilities read once before the tests, as speed does. */
static int caps(void **state)
{
    (void)state;
    char err[256];
    int rc = cb_caps_init(0, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "test_pqlib: %s\n", err);
    return rc;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offered_and_checked), cmocka_unit_test(test_kem_bytes),
        cmocka_unit_test(test_sig_both_ways),       cmocka_unit_test(test_timed),
        cmocka_unit_test(test_lacking_libraries),
    };
    return cmocka_run_group_tests(tests, caps, NULL);
}
