/*
 * tests/test_c25519_ct.c - X25519's scalar and Ed25519's secrets handled in constant
 * time, under valgrind, on every curve25519 variant this CPU runs.
 *
 * X25519 runs with the scalar k marked undefined for valgrind's memcheck; Ed25519's
 * key is loaded from a seed so marked (SHA-512 of it, the clamped s, [s]B) and signs
 * with s and the prefix still undefined ([r]B, the reductions modulo L, k s + r).
 * Run under memcheck (tests/c25519_ct.sh), any branch or memory index that depends
 * on them is an error, ctgrind's technique.  The results, which are public, are then
 * marked defined and checked against the generic variant's, so outside valgrind
 * (the marks do nothing) the test is a cross-check.  CRYPTOBENCH_CAPS is applied
 * with force: valgrind's CPUID hides ADX though it runs ADCX/ADOX, so
 * tests/c25519_ct.sh turns bmi2 and adx on there and mulx is checked too; each test
 * names the variants it ran.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

static void test_x25519_scalar_poisoned(void **unused)
{
    (void)unused;
    const cb_variant *vs[8];
    size_t n = tu_builtin_runnable("ecdhx25519", vs, 8);
    uint8_t k[32], u[32], out[32], want[32];
    tu_fill(u, 32, 9);
    const cb_c25519_ops *g = cb_pkey_c25519_ops(cb_variant_generic(cb_alg_find("ecdhx25519")));
    for (uint32_t trial = 1; trial <= 3; trial++) {
        tu_fill(k, 32, trial);
        g->x25519(want, k, u);
        for (size_t i = 0; i < n; i++) {
            const cb_c25519_ops *o = cb_pkey_c25519_ops(vs[i]);
            VALGRIND_MAKE_MEM_UNDEFINED(k, 32);
            o->x25519(out, k, u);
            VALGRIND_MAKE_MEM_DEFINED(out, 32);
            VALGRIND_MAKE_MEM_DEFINED(k, 32);
            if (memcmp(out, want, 32) != 0)
                fail_msg("%s: X25519 differs from generic's", vs[i]->name);
        }
    }
    for (size_t i = 0; i < n; i++)
        print_message("x25519 checked on %s\n", vs[i]->name);
}

static void test_ed25519_secrets_poisoned(void **unused)
{
    (void)unused;
    const cb_variant *vs[8];
    size_t n = tu_builtin_runnable("ed25519", vs, 8);
    const uint8_t msg[36] = "cryptobench public-key speed message";
    uint8_t seed[32], sig[64], want[64], pub[32];
    for (uint32_t trial = 1; trial <= 2; trial++) {
        tu_fill(seed, 32, trial);
        assert_int_equal(cb_ed25519_sign_raw(cb_variant_generic(cb_alg_find("ed25519")), seed,
                                             msg, sizeof msg, pub, want),
                         0);
        for (size_t i = 0; i < n; i++) {
            cb_ed25519_key k;
            VALGRIND_MAKE_MEM_UNDEFINED(seed, 32);
            assert_int_equal(cb_ed25519_key_init(&k, vs[i], seed), 0);
            VALGRIND_MAKE_MEM_DEFINED(k.pub, 32); /* A is public */
            cb_ed25519_sign(&k, msg, sizeof msg, sig);
            VALGRIND_MAKE_MEM_DEFINED(sig, 64);
            VALGRIND_MAKE_MEM_DEFINED(seed, 32);
            if (memcmp(k.pub, pub, 32) != 0 || memcmp(sig, want, 64) != 0)
                fail_msg("%s: Ed25519 key or signature differs from generic's", vs[i]->name);
            assert_int_equal(cb_ed25519_verify(&k, pub, msg, sizeof msg, sig), 0);
            cb_ed25519_key_free(&k);
        }
    }
    for (size_t i = 0; i < n; i++)
        print_message("ed25519 checked on %s\n", vs[i]->name);
}

/* apply_caps applies CRYPTOBENCH_CAPS, with force (see the top of this file). */
static int apply_caps(void **unused)
{
    (void)unused;
    char err[256];
    if (cb_caps_init(1, err, sizeof err) != 0) {
        print_error("%s\n", err);
        return -1;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_x25519_scalar_poisoned),
        cmocka_unit_test(test_ed25519_secrets_poisoned),
    };
    return cmocka_run_group_tests(tests, apply_caps, NULL);
}
