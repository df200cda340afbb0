/*
 * tests/test_mldsa_ct.c - ML-DSA's secrets handled in constant time, under valgrind.
 *
 * For every ML-DSA variant this CPU runs, key generation runs with the seed xi
 * marked undefined for valgrind's memcheck, signing with the secret parts of sk (K,
 * s1, s2, t0) and rnd so marked: run under it (tests/mldsa_ct.sh), any branch or
 * memory index that depends on them is an error, ctgrind's technique.  The bytes FIPS 204 lets depend on secrets in the open
 * (rho, ExpandS's accept decisions, c~, the hints, each rejection decision) reach
 * memcheck as defined through the strong cb_mldsa_public below, which replaces
 * mldsa.c's weak no-op.  Outside valgrind the marks do nothing and the test checks
 * that the results still verify.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/generic/mldsa.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

void cb_mldsa_public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void test_secrets_poisoned(void **unused)
{
    (void)unused;
    static uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG];
    static const unsigned sets[] = {44, 65, 87};
    const uint8_t msg[36] = "cryptobench public-key speed message", pre[2] = {0, 0};
    const cb_variant *vs[8];
    size_t nv = tu_prim_variants(CB_PRIM_MLDSA, vs, 8);
    for (size_t vi = 0; vi < 3 * nv; vi++) {
        const cb_mldsa_ops *o = vs[vi / 3]->ops;
        unsigned set = sets[vi % 3];
        uint8_t xi[32], rnd[32];
        memset(xi, (int)set, sizeof xi);
        memset(rnd, 0x3c, sizeof rnd);
        VALGRIND_MAKE_MEM_UNDEFINED(xi, sizeof xi);
        assert_int_equal(o->keygen(set, pk, sk, xi), 0);
        VALGRIND_MAKE_MEM_DEFINED(pk, sizeof pk); /* pk is public */
        VALGRIND_MAKE_MEM_DEFINED(sk, 128);       /* rho, K, tr: K poisoned again below */
        VALGRIND_MAKE_MEM_UNDEFINED(sk + 32, 32);
        VALGRIND_MAKE_MEM_UNDEFINED(sk + 128, CB_MLDSA_SK_BYTES(set) - 128);
        VALGRIND_MAKE_MEM_UNDEFINED(rnd, sizeof rnd);
        assert_int_equal(o->sign(set, sig, sk, pre, 2, msg, sizeof msg, rnd), 0);
        VALGRIND_MAKE_MEM_DEFINED(sig, sizeof sig); /* the signature is public */
        VALGRIND_MAKE_MEM_DEFINED(sk, sizeof sk);
        assert_int_equal(o->verify(set, pk, pre, 2, msg, sizeof msg, sig), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_secrets_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
