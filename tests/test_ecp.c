/*
 * tests/test_ecp.c - the short-Weierstrass prime curves of kernels/curves.h on every
 * Montgomery multiplication variant built: the group order ([n-1]G = -G, [n]G the
 * identity, with and without the fixed-base table), the generic code against the
 * specialised P-256 code on RFC 6979 A.2.5's signatures, ECDH agreeing both ways,
 * round trips that every variant signs identically, invalid inputs refused (points
 * off the curve, coordinates >= p, r or s 0 or n), the embedded keys against
 * OpenSSL's answers, and the names an imported `openssl speed` log gives the rows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/ecp.h"
#include "kernels/pkey/pkey.h"
#include "kernels/registry.h"
#include "tests/support.h"

#define MAX_VARIANTS 8

/* variants returns the built-in MONT variants (those of rsa2048). */
static size_t variants(const cb_variant **vs)
{
    return tu_builtin_variants("rsa2048", vs, MAX_VARIANTS);
}

/* A deterministic generator (xorshift64), so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static void fill(uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        b[i] = (uint8_t)rng_state;
    }
}

/* key_with sets a random private key (below n: its top byte is cleared). */
static void random_key(cb_ecp_key *k)
{
    uint8_t d[CB_ECP_MAX_BYTES];
    do {
        fill(d, k->e.nbytes);
        d[0] = 0;
    } while (cb_ecp_key_set_priv(k, d, k->e.nbytes) != 0);
}

/* scalar_bytes writes n - delta (delta small) as nbytes bytes. */
static void n_minus(const cb_ecp *e, uint8_t *out, unsigned delta)
{
    cb_limb t[CB_ECP_LIMBS] = {0}, dl[CB_ECP_LIMBS] = {0};
    dl[0] = delta;
    cb_bn_sub(t, e->fn.n, dl, e->nl);
    assert_int_equal(cb_bn_to_bytes(out, e->nbytes, t, e->nl), 0);
}

static void test_group_order(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    for (size_t c = 0; c < cb_ecp_curve_count; c++) {
        for (size_t v = 0; v < nv; v++) {
            for (int table = 0; table < 2; table++) {
                cb_ecp_key k;
                assert_int_equal(cb_ecp_key_init(&k, &cb_ecp_curves[c], vs[v], table), 0);
                const cb_ecp *e = &k.e;
                uint8_t gx[CB_ECP_MAX_BYTES], gy[CB_ECP_MAX_BYTES], d[CB_ECP_MAX_BYTES];
                cb_ecp_point g;
                assert_int_equal(cb_ecp_get_affine(e, gx, gy, &e->g), 0);
                assert_int_equal(cb_ecp_set_affine(e, &g, gx, gy), 0); /* G on the curve */
                n_minus(e, d, 1);
                assert_int_equal(cb_ecp_key_set_priv(&k, d, e->nbytes), 0);
                /* [n-1]G = -G: the same x, y + Gy = p */
                cb_limb y1[CB_ECP_LIMBS] = {0}, y2[CB_ECP_LIMBS] = {0}, s[CB_ECP_LIMBS];
                if (memcmp(k.qx, gx, e->pbytes) != 0)
                    fail_msg("%s/%s: [n-1]G has another x than G", cb_ecp_curves[c].id,
                             vs[v]->name);
                cb_bn_from_bytes(y1, e->fl, k.qy, e->pbytes);
                cb_bn_from_bytes(y2, e->fl, gy, e->pbytes);
                cb_bn_add(s, y1, y2, e->fl);
                assert_int_equal(cb_bn_cmp(s, e->fp.n, e->fl), 0);
                /* [n]G is the identity, and n is no private key */
                cb_ecp_point r;
                cb_limb nl[CB_ECP_LIMBS] = {0};
                memcpy(nl, e->fn.n, e->nl * sizeof *nl);
                cb_ecp_mul_base(e, &r, nl);
                assert_int_equal(cb_ecp_get_affine(e, gx, NULL, &r), -1);
                cb_ecp_mul(e, &r, &e->g, nl);
                assert_int_equal(cb_ecp_get_affine(e, gx, NULL, &r), -1);
                n_minus(e, d, 0);
                assert_int_equal(cb_ecp_key_set_priv(&k, d, e->nbytes), -1);
                cb_ecp_key_free(&k);
            }
        }
    }
}

/* The generic code on P-256 gives RFC 6979 A.2.5's nonces and signatures, the ones
 * the specialised P-256 code gives (kernels/pkey/ecdsa.c). */
static void test_rfc6979_p256(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    cb_pkey_hash hs;
    assert_int_equal(cb_pkey_hash_init(&hs), 0);
    for (size_t v = 0; v < nv; v++) {
        cb_ecp_key k;
        uint8_t x[32], want[96], h[32], sig[64], kb[32];
        assert_int_equal(cb_ecp_key_init(&k, cb_ecp_find("p256"), vs[v], 1), 0);
        assert_int_equal(cb_hex_bytes(x, 32, cb_ecdsa_a25_key_hex.x), 0);
        assert_int_equal(cb_ecp_key_set_priv(&k, x, 32), 0);
        assert_int_equal(cb_hex_bytes(want, 32, cb_ecdsa_a25_key_hex.ux), 0);
        assert_memory_equal(k.qx, want, 32);
        for (size_t i = 0; i < CB_ECDSA_A25_COUNT; i++) {
            const cb_ecdsa_a25_sig *t = &cb_ecdsa_a25[i];
            assert_int_equal(cb_hex_bytes(want, 32, t->k), 0);
            assert_int_equal(cb_hex_bytes(want + 32, 32, t->r), 0);
            assert_int_equal(cb_hex_bytes(want + 64, 32, t->s), 0);
            cb_pkey_sha256(&hs, (const uint8_t *)t->msg, strlen(t->msg), h);
            cb_limb kk[CB_ECP_LIMBS] = {0};
            cb_ecp_nonce(&k, h, sizeof h, 0, kk);
            cb_bn_to_bytes(kb, 32, kk, k.e.nl);
            assert_memory_equal(kb, want, 32);
            assert_int_equal(cb_ecp_sign_digest(&k, h, sizeof h, sig), 0);
            assert_memory_equal(sig, want + 32, 64);
        }
        cb_ecp_key_free(&k);
    }
}

/* ECDH: [d1]Q2 = [d2]Q1 on every curve and variant. */
static void test_ecdh_agrees(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    for (size_t c = 0; c < cb_ecp_curve_count; c++) {
        for (size_t v = 0; v < nv; v++) {
            cb_ecp_key a, b;
            uint8_t za[CB_ECP_MAX_BYTES], zb[CB_ECP_MAX_BYTES];
            assert_int_equal(cb_ecp_key_init(&a, &cb_ecp_curves[c], vs[v], 0), 0);
            assert_int_equal(cb_ecp_key_init(&b, &cb_ecp_curves[c], vs[v], 0), 0);
            random_key(&a);
            random_key(&b);
            size_t pb = a.e.pbytes;
            cb_pkey_num ax = {a.qx, pb}, ay = {a.qy, pb}, bx = {b.qx, pb}, by = {b.qy, pb};
            assert_int_equal(cb_ecp_derive(&a, &bx, &by, za), 0);
            assert_int_equal(cb_ecp_derive(&b, &ax, &ay, zb), 0);
            if (memcmp(za, zb, pb) != 0)
                fail_msg("%s/%s: the two sides derive different secrets",
                         cb_ecp_curves[c].id, vs[v]->name);
            /* a peer point off the curve, and one with x >= p, are refused */
            b.qy[pb - 1] ^= 1;
            assert_int_equal(cb_ecp_derive(&a, &bx, &by, za), 1);
            memset(b.qx, 0xff, pb);
            assert_int_equal(cb_ecp_derive(&a, &bx, &by, za), 1);
            cb_ecp_key_free(&a);
            cb_ecp_key_free(&b);
        }
    }
}

/* Sign and verify random messages: every variant signs like generic, a changed
 * signature or message fails, r or s of 0 or n fails, Q off the curve is refused. */
static void test_round_trips(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    for (size_t c = 0; c < cb_ecp_curve_count; c++) {
        uint8_t d[CB_ECP_MAX_BYTES], h[64], ref[2 * CB_ECP_MAX_BYTES],
            sig[2 * CB_ECP_MAX_BYTES], nb_[CB_ECP_MAX_BYTES], zero[CB_ECP_MAX_BYTES] = {0};
        for (int round = 0; round < 3; round++) {
            size_t hlen = round == 2 ? 64 : 32; /* longer than n: truncated */
            fill(h, hlen);
            for (size_t v = 0; v < nv; v++) {
                cb_ecp_key k;
                assert_int_equal(cb_ecp_key_init(&k, &cb_ecp_curves[c], vs[v], 1), 0);
                size_t nb = k.e.nbytes;
                if (v == 0) {
                    random_key(&k);
                    memset(d, 0, sizeof d);
                    cb_bn_to_bytes(d, nb, k.d, k.e.nl);
                } else {
                    assert_int_equal(cb_ecp_key_set_priv(&k, d, nb), 0);
                }
                assert_int_equal(cb_ecp_sign_digest(&k, h, hlen, sig), 0);
                if (v == 0)
                    memcpy(ref, sig, 2 * nb);
                else if (memcmp(ref, sig, 2 * nb) != 0)
                    fail_msg("%s/%s signs otherwise than generic", cb_ecp_curves[c].id,
                             vs[v]->name);
                cb_pkey_num r = {sig, nb}, s = {sig + nb, nb};
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &s), 0);
                h[0] ^= 0x80;
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &s), 1);
                h[0] ^= 0x80;
                sig[nb - 1] ^= 1;
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &s), 1);
                sig[nb - 1] ^= 1;
                cb_pkey_num z = {zero, nb}, n = {nb_, nb};
                n_minus(&k.e, nb_, 0);
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &z, &s), 1);
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &z), 1);
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &n, &s), 1);
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &n), 1);
                /* a public key off the curve is refused before any verification */
                uint8_t qy[CB_ECP_MAX_BYTES];
                memcpy(qy, k.qy, k.e.pbytes);
                qy[0] ^= 0x01;
                cb_pkey_num px = {k.qx, k.e.pbytes}, py = {qy, k.e.pbytes};
                assert_int_equal(cb_ecp_key_set_pub(&k, &px, &py), -1);
                assert_int_equal(cb_ecp_verify_digest(&k, h, hlen, &r, &s), 1);
                cb_ecp_key_free(&k);
            }
        }
    }
}

/* Every row's embedded key gives OpenSSL's public key, signature check or shared
 * secret on every variant (cb_ecp_selftest), and selftest passes through pkey.h. */
static void test_embedded_keys(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs), rows = 0;
    char err[256];
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (!cb_ecp_of_alg(a, NULL))
            continue;
        rows++;
        for (size_t v = 0; v < nv; v++) {
            const char *why = cb_ecp_selftest(a, vs[v]);
            if (why)
                fail_msg("%s/%s %s", a->name, vs[v]->name, why);
            if (cb_pkey_selftest(a, vs[v], err, sizeof err) != 0)
                fail_msg("%s", err);
        }
    }
    /* every curve has an ecdh row, all but P-256 an ecdsa one here */
    assert_int_equal(rows, 2 * cb_ecp_curve_count - 1);
}

/* The names an imported `openssl speed` log gives (reports/import/openssl.c:
 * family-curve) find these rows, and the headings are OpenSSL's. */
static void test_openssl_names(void **state)
{
    (void)state;
    static const struct {
        const char *imported, *row, *heading;
        unsigned bits;
    } want[] = {
        {"ecdsa-secp160r1", "ecdsap160", "ecdsa (secp160r1)", 160},
        {"ecdsa-nistp384", "ecdsap384", "ecdsa (nistp384)", 384},
        {"ecdsa-nistp521", "ecdsap521", "ecdsa (nistp521)", 521},
        {"ecdsa-brainpoolp512t1", "ecdsabrp512t1", "ecdsa (brainpoolP512t1)", 512},
        {"ecdh-nistp256", "ecdhp256", "ecdh (nistp256)", 256},
        {"ecdh-brainpoolp384r1", "ecdhbrp384r1", "ecdh (brainpoolP384r1)", 384},
        {"ecdsa-secp256k1", "ecdsasecp256k1", "ecdsa (secp256k1)", 256},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cb_alg *a = cb_alg_find(want[i].imported);
        assert_non_null(a);
        assert_string_equal(a->name, want[i].row);
        assert_string_equal(a->heading, want[i].heading);
        assert_int_equal(a->key_bits, want[i].bits);
    }
    const cb_alg *dh = cb_alg_find("ecdhp521");
    assert_int_equal(dh->out_bytes, 66); /* the x coordinate: ceil(521 / 8) bytes */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_order),   cmocka_unit_test(test_rfc6979_p256),
        cmocka_unit_test(test_ecdh_agrees),   cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_embedded_keys), cmocka_unit_test(test_openssl_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
