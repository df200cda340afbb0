/*
 * tests/test_c448_ct.c - curve448's secrets handled in constant time, under valgrind.
 *
 * On every curve448 variant built: X448 runs with its scalar marked undefined for
 * valgrind's memcheck, Ed448's key loading with the seed so marked and signing with
 * the scalar s and the prefix so marked (the nonce r, derived from them, inherits
 * it); run under it (tests/c448_ct.sh), any branch or memory index that depends on
 * them is an error, ctgrind's technique.  What RFC 8032 and RFC 7748 publish - the
 * public key, the signature, the shared secret - is marked defined once made.
 * Outside valgrind the marks do nothing and the test checks that the results are
 * still right: the signature verifies, the two sides' secrets agree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

static void test_secrets_poisoned(void **unused)
{
    (void)unused;
    const cb_variant *vs[8];
    size_t nv = tu_builtin_variants("ed448", vs, 8);
    assert_true(nv >= 1);
    const uint8_t msg[36] = "cryptobench public-key speed message";
    for (size_t v = 0; v < nv; v++) {
        /* X448: two key pairs from u = 5, then each side's shared secret */
        uint8_t a[CB_X448_BYTES], b[CB_X448_BYTES], five[CB_X448_BYTES] = {5};
        uint8_t pa[CB_X448_BYTES], pb[CB_X448_BYTES], ka[CB_X448_BYTES], kb[CB_X448_BYTES];
        tu_fill(a, sizeof a, 1);
        tu_fill(b, sizeof b, 2);
        VALGRIND_MAKE_MEM_UNDEFINED(a, sizeof a);
        VALGRIND_MAKE_MEM_UNDEFINED(b, sizeof b);
        int ra = cb_x448(vs[v], pa, a, five), rb = cb_x448(vs[v], pb, b, five);
        VALGRIND_MAKE_MEM_DEFINED(pa, sizeof pa); /* public keys */
        VALGRIND_MAKE_MEM_DEFINED(pb, sizeof pb);
        VALGRIND_MAKE_MEM_DEFINED(&ra, sizeof ra); /* the all-zero verdict is public */
        VALGRIND_MAKE_MEM_DEFINED(&rb, sizeof rb);
        assert_int_equal(ra, 0);
        assert_int_equal(rb, 0);
        ra = cb_x448(vs[v], ka, a, pb);
        rb = cb_x448(vs[v], kb, b, pa);
        VALGRIND_MAKE_MEM_DEFINED(&ra, sizeof ra);
        VALGRIND_MAKE_MEM_DEFINED(&rb, sizeof rb);
        VALGRIND_MAKE_MEM_DEFINED(ka, sizeof ka);
        VALGRIND_MAKE_MEM_DEFINED(kb, sizeof kb);
        assert_int_equal(ra, 0);
        assert_int_equal(rb, 0);
        assert_memory_equal(ka, kb, sizeof ka);

        /* Ed448: the seed, then s and the prefix, poisoned */
        uint8_t seed[CB_ED448_BYTES], sig[CB_ED448_SIG_BYTES];
        cb_ed448_key k;
        tu_fill(seed, sizeof seed, 3);
        VALGRIND_MAKE_MEM_UNDEFINED(seed, sizeof seed);
        assert_int_equal(cb_ed448_key_init(&k, vs[v], seed), 0);
        VALGRIND_MAKE_MEM_DEFINED(k.pub, sizeof k.pub); /* A is public */
        VALGRIND_MAKE_MEM_UNDEFINED(k.s, sizeof k.s);
        VALGRIND_MAKE_MEM_UNDEFINED(k.prefix, sizeof k.prefix);
        cb_ed448_sign(&k, NULL, 0, msg, sizeof msg, sig);
        VALGRIND_MAKE_MEM_DEFINED(sig, sizeof sig); /* the signature is public */
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, sig), 0);
        cb_ed448_key_free(&k);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_secrets_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
