/*
 * tests/test_ec2m_ct.c - the binary curves' secrets handled in constant time, under
 * valgrind.
 *
 * On every curve and every GF2M variant this CPU runs, the private key d and the
 * nonce are marked undefined for valgrind's memcheck while the public key is
 * computed, a signature is made with the RFC 6979 nonce and with a given one, and
 * an ECDH secret is derived: run under it (tests/ec2m_ct.sh), a branch or memory
 * index that depends on them is an error, ctgrind's technique.  What ec2m.c lets
 * depend on secrets in the open (a scalar's range verdict, a product at infinity,
 * r and s) reaches memcheck as defined through the strong cb_ec2m_public below,
 * which replaces ec2m.c's weak no-op; so do the results this test then compares.
 * Outside valgrind the marks do nothing and the test checks that the results verify.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/ec2m.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

void cb_ec2m_public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void test_secrets_poisoned(void **unused)
{
    (void)unused;
    static const char *const curves[] = {"K-163", "K-233", "K-283", "K-409", "K-571",
                                         "B-163", "B-233", "B-283", "B-409", "B-571"};
    const cb_variant *vs[8];
    size_t nv = tu_builtin_variants("ecdsab163", vs, 8);
    for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++)
        for (size_t i = 0; i < nv; i++) {
            const cb_ec2m_keyhex *kh = cb_ec2m_keyhex_of(curves[c]);
            cb_ec2m_key *k = cb_ec2m_new(curves[c], vs[i]);
            assert_non_null(kh);
            assert_non_null(k);
            size_t nb = cb_ec2m_scalar_bytes(k), fb = cb_ec2m_field_bytes(k);
            uint8_t d[CB_EC2M_BYTES], kk[CB_EC2M_BYTES], h[32], sig[4 * CB_EC2M_BYTES];
            uint8_t qx[CB_EC2M_BYTES], qy[CB_EC2M_BYTES], px[CB_EC2M_BYTES], py[CB_EC2M_BYTES];
            uint8_t sec[CB_EC2M_BYTES];
            assert_int_equal(cb_hex_bytes(d, nb, kh->d), 0);
            assert_int_equal(cb_hex_bytes(px, fb, kh->peer_x), 0);
            assert_int_equal(cb_hex_bytes(py, fb, kh->peer_y), 0);
            memset(h, 0x5a, sizeof h);
            VALGRIND_MAKE_MEM_UNDEFINED(d, nb);
            assert_int_equal(cb_ec2m_set_priv(k, d, nb, qx, qy), 0);
            VALGRIND_MAKE_MEM_DEFINED(qx, fb); /* the public key */
            VALGRIND_MAKE_MEM_DEFINED(qy, fb);
            assert_int_equal(cb_ec2m_sign(k, h, sig), 0);
            cb_pkey_num r = {sig, nb}, s = {sig + nb, nb};
            memset(kk, 0, sizeof kk);
            kk[nb - 1] = 0x35;
            kk[nb / 2] = 0x71;
            VALGRIND_MAKE_MEM_UNDEFINED(kk, nb);
            assert_int_equal(cb_ec2m_sign_k(k, h, sizeof h, kk, nb, sig + 2 * nb), 0);
            cb_pkey_num pxn = {px, fb}, pyn = {py, fb};
            assert_int_equal(cb_ec2m_set_pub(k, &pxn, &pyn), 0);
            assert_int_equal(cb_ec2m_derive(k, sec), 0);
            VALGRIND_MAKE_MEM_DEFINED(sec, fb);
            uint8_t want[CB_EC2M_BYTES];
            assert_int_equal(cb_hex_bytes(want, fb, kh->kat_shared), 0);
            assert_memory_equal(sec, want, fb);
            /* the signature verifies under the key's own Q */
            cb_pkey_num qxn = {qx, fb}, qyn = {qy, fb};
            assert_int_equal(cb_ec2m_set_pub(k, &qxn, &qyn), 0);
            assert_int_equal(cb_ec2m_verify(k, h, sizeof h, &r, &s), 0);
            cb_pkey_num r2 = {sig + 2 * nb, nb}, s2 = {sig + 3 * nb, nb};
            assert_int_equal(cb_ec2m_verify(k, h, sizeof h, &r2, &s2), 0);
            cb_ec2m_free(k);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_secrets_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
