/*
 * tests/test_ecp_ct.c - the prime curves' secret scalar multiplications in constant
 * time, under valgrind.
 *
 * [d]P (ECDH, kernels/pkey/ecp.c's cb_ecp_mul) and [k]G (signing, cb_ecp_mul_base
 * over the fixed-base table) run with the scalar marked undefined for valgrind's
 * memcheck: run under it (tests/ecp_ct.sh), a branch or memory index that depends on
 * the scalar is an error, ctgrind's technique.  The product is marked defined again
 * before it is made affine (an inversion whose result is public).  Outside valgrind
 * the marks do nothing and the test checks [d]P against [d]G's agreement both ways.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/ecp.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"

/* A curve of each kind: a = -3 with 64-bit-aligned p, P-521's odd limb count,
 * brainpool's general a, secp256k1's a = 0. */
static const char *const curves[] = {"p256", "p521", "brp256r1", "secp256k1"};

static void test_scalars_poisoned(void **unused)
{
    (void)unused;
    const cb_variant *g = cb_variant_generic(cb_alg_find("rsa2048"));
    assert_non_null(g);
    for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        cb_ecp_key a, b;
        uint8_t da[CB_ECP_MAX_BYTES], db[CB_ECP_MAX_BYTES];
        const cb_ecp_params *par = cb_ecp_find(curves[c]);
        assert_int_equal(cb_ecp_key_init(&a, par, g, 1), 0);
        assert_int_equal(cb_ecp_key_init(&b, par, g, 0), 0);
        size_t nb = a.e.nbytes, pb = a.e.pbytes;
        memset(da, 0, sizeof da);
        memset(db, 0, sizeof db);
        for (size_t i = 1; i < nb; i++) { /* below n: the top byte stays 0 */
            da[i] = (uint8_t)(0x5a ^ (i * 37));
            db[i] = (uint8_t)(0xc3 ^ (i * 11));
        }
        assert_int_equal(cb_ecp_key_set_priv(&a, da, nb), 0);
        assert_int_equal(cb_ecp_key_set_priv(&b, db, nb), 0);
        /* [da]G again, with da poisoned: the fixed-base table's masked reads */
        cb_ecp_point r;
        VALGRIND_MAKE_MEM_UNDEFINED(a.d, sizeof a.d);
        cb_ecp_mul_base(&a.e, &r, a.d);
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
        uint8_t x[CB_ECP_MAX_BYTES], y[CB_ECP_MAX_BYTES];
        assert_int_equal(cb_ecp_get_affine(&a.e, x, y, &r), 0);
        assert_memory_equal(x, a.qx, pb);
        /* [da]Qb and [db]Qa, poisoned: the variable-base windows */
        uint8_t za[CB_ECP_MAX_BYTES], zb[CB_ECP_MAX_BYTES];
        cb_ecp_mul(&a.e, &r, &b.q, a.d);
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
        assert_int_equal(cb_ecp_get_affine(&a.e, za, NULL, &r), 0);
        VALGRIND_MAKE_MEM_UNDEFINED(b.d, sizeof b.d);
        cb_ecp_mul(&b.e, &r, &a.q, b.d);
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
        assert_int_equal(cb_ecp_get_affine(&b.e, zb, NULL, &r), 0);
        assert_memory_equal(za, zb, pb);
        VALGRIND_MAKE_MEM_DEFINED(a.d, sizeof a.d);
        VALGRIND_MAKE_MEM_DEFINED(b.d, sizeof b.d);
        cb_ecp_key_free(&a);
        cb_ecp_key_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scalars_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
