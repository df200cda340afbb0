/*
 * tests/test_ffdh_ct.c - FFDH's private exponent handled in constant time, under
 * valgrind.
 *
 * The embedded ffdh2048 and ffdh8192 keys are loaded, then x is marked undefined for
 * valgrind's memcheck and the shared secret derived on every Montgomery variant: run
 * under it (tests/ffdh_ct.sh), any branch or memory index that depends on x is an
 * error, ctgrind's technique.  Only whether Z = 1 (the outcome) reaches memcheck as
 * defined, through the strong cb_ffdh_public below, which replaces ffdh.c's weak
 * no-op; Z itself is marked defined before it is compared.  Outside valgrind the
 * marks do nothing and the test checks OpenSSL's shared secret.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

void cb_ffdh_public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void test_x_poisoned(void **unused)
{
    (void)unused;
    static const char *const algs[] = {"ffdh2048", "ffdh8192"};
    for (size_t i = 0; i < 2; i++) {
        const cb_alg *a = cb_alg_find(algs[i]);
        const cb_ffdh_keyhex *kh = cb_ffdh_find(algs[i]);
        assert_non_null(a);
        assert_non_null(kh);
        size_t wl;
        uint8_t *want = tu_unhex(kh->kat_shared, &wl), *z = cb_xmalloc(a->out_bytes);
        assert_int_equal(wl, a->out_bytes);
        unsigned ran = 0;
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!tu_runnable(v, a, CB_DIR_DERIVE) || !cb_pkey_mont_ops(v))
                continue;
            cb_ffdh_pair *pr = cb_xmalloc(sizeof *pr);
            assert_int_equal(cb_ffdh_load(pr, cb_pkey_mont_ops(v), kh), 0);
            VALGRIND_MAKE_MEM_UNDEFINED(pr->key.x, sizeof pr->key.x);
            int rc = cb_ffdh_derive(&pr->key, &pr->peer_num, z);
            VALGRIND_MAKE_MEM_DEFINED(z, a->out_bytes);
            assert_int_equal(rc, 0);
            assert_memory_equal(z, want, wl);
            free(pr);
            ran++;
        }
        assert_true(ran > 0);
        free(want);
        free(z);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_x_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
