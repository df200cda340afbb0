/*
 * tests/test_gf2m.c - the binary fields and curves (K-163 .. B-571) on every GF2M
 * variant built: products and squares against a bit-at-a-time reference in each of
 * the five fields, every variant against generic, each curve's embedded OpenSSL
 * answers (public key, signature, shared secret), sign/verify round trips, the
 * edges of the scalar range ([n-1]G = -G, d = 0 and d = n refused), public keys off
 * the curve, FIPS 186-3 SigGen records signed with their own nonce, and RFC 6979
 * A.2.10's deterministic nonce and signature on K-283.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/ec2m.h"
#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* the field polynomials of FIPS 186-4 D.1.3 */
static const cb_gf2m_field fields[] = {{163, 3, 3, {7, 6, 3}},  {233, 4, 1, {74}},
                                       {283, 5, 3, {12, 7, 5}}, {409, 7, 1, {87}},
                                       {571, 9, 3, {10, 5, 2}}};
#define NFIELDS (sizeof fields / sizeof fields[0])

static const char *const curves[] = {"K-163", "K-233", "K-283", "K-409", "K-571",
                                     "B-163", "B-233", "B-283", "B-409", "B-571"};
#define NCURVES (sizeof curves / sizeof curves[0])

/* variants returns every built-in GF2M variant this CPU runs, generic first. */
static size_t variants(const cb_variant **vs, size_t max)
{
    return tu_builtin_variants("ecdsab163", vs, max);
}

/* bit reports coefficient i of a. */
static unsigned bit(const uint64_t *a, unsigned i)
{
    return (unsigned)(a[i / 64] >> (i % 64)) & 1;
}

/* ref_mul sets r = a b mod f one bit of b at a time (Horner: r = r x + b_i a, each
 * multiplication by x reduced at once by x^m = x^k.. + 1): slow and obviously right. */
static void ref_mul(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t acc[CB_GF2M_WORDS + 1] = {0};
    for (int i = (int)f->m - 1; i >= 0; i--) {
        for (int w = CB_GF2M_WORDS; w > 0; w--) /* acc *= x */
            acc[w] = (acc[w] << 1) | (acc[w - 1] >> 63);
        acc[0] <<= 1;
        if (bit(acc, f->m)) {
            acc[f->m / 64] ^= (uint64_t)1 << (f->m % 64);
            acc[0] ^= 1;
            for (unsigned j = 0; j < f->nk; j++)
                acc[f->k[j] / 64] ^= (uint64_t)1 << (f->k[j] % 64);
        }
        if (bit(b, (unsigned)i))
            for (unsigned w = 0; w < f->words; w++)
                acc[w] ^= a[w];
    }
    memcpy(r, acc, f->words * sizeof *r);
}

/* random_element fills a with a reduced element from the seed. */
static void random_element(const cb_gf2m_field *f, uint64_t *a, uint32_t seed)
{
    memset(a, 0, CB_GF2M_WORDS * sizeof *a);
    tu_fill((uint8_t *)a, f->words * sizeof *a, seed);
    unsigned top = f->m - 64 * (f->words - 1);
    a[f->words - 1] &= ((uint64_t)1 << top) - 1;
}

/* Every variant's products and squares equal the reference's on random elements,
 * 0, 1 and the all-ones element, in place too. */
static void test_field_ops(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    assert_true(nv >= 1);
    for (size_t fi = 0; fi < NFIELDS; fi++) {
        const cb_gf2m_field *f = &fields[fi];
        for (uint32_t t = 0; t < 40; t++) {
            uint64_t a[CB_GF2M_WORDS], b[CB_GF2M_WORDS], want[CB_GF2M_WORDS],
                sq[CB_GF2M_WORDS], got[CB_GF2M_WORDS];
            random_element(f, a, 2 * t + 1);
            random_element(f, b, 2 * t + 2);
            if (t == 0)
                memset(a, 0, sizeof a);
            if (t == 1) {
                memset(a, 0, sizeof a);
                a[0] = 1;
            }
            if (t == 2) { /* x^m - 1 + ... + 1: every coefficient set */
                random_element(f, a, 0);
                for (unsigned w = 0; w < f->words; w++)
                    a[w] = ~(uint64_t)0;
                unsigned top = f->m - 64 * (f->words - 1);
                a[f->words - 1] = ((uint64_t)1 << top) - 1;
                memcpy(b, a, sizeof b);
            }
            ref_mul(f, want, a, b);
            ref_mul(f, sq, a, a);
            for (size_t i = 0; i < nv; i++) {
                const cb_gf2m_ops *o = vs[i]->ops;
                o->mul(f, got, a, b);
                assert_memory_equal(got, want, f->words * sizeof *got);
                o->sqr(f, got, a);
                assert_memory_equal(got, sq, f->words * sizeof *got);
                memcpy(got, a, sizeof got);
                o->mul(f, got, got, b);
                assert_memory_equal(got, want, f->words * sizeof *got);
                memcpy(got, a, sizeof got);
                o->sqr(f, got, got);
                assert_memory_equal(got, sq, f->words * sizeof *got);
            }
        }
    }
}

/* Every curve and variant passes the selftest (OpenSSL's Q, signature and shared
 * secret; the generic variant's signature), and the pkey layer round-trips. */
static void test_embedded_keys(void **state)
{
    (void)state;
    static const char *const rows[] = {"ecdsak163", "ecdsak233", "ecdsak283", "ecdsak409",
                                       "ecdsak571", "ecdsab163", "ecdsab233", "ecdsab283",
                                       "ecdsab409", "ecdsab571", "ecdhk163",  "ecdhk233",
                                       "ecdhk283",  "ecdhk409",  "ecdhk571",  "ecdhb163",
                                       "ecdhb233",  "ecdhb283",  "ecdhb409",  "ecdhb571"};
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        const cb_alg *a = cb_alg_find(rows[r]);
        assert_non_null(a);
        assert_non_null(cb_ec2m_curve_of(a));
        for (size_t i = 0; i < nv; i++) {
            char err[256] = "";
            if (cb_pkey_selftest(a, vs[i], err, sizeof err) != 0)
                fail_msg("%s", err);
            cb_pkey *k = cb_pkey_new(a, vs[i]);
            assert_non_null(k);
            uint8_t out[2 * CB_EC2M_BYTES], msg[3] = {'a', 'b', 'c'};
            size_t len = 0;
            if (a->out_bytes) {
                assert_int_equal(cb_pkey_derive(k, out, &len), 0);
                assert_int_equal(len, a->out_bytes);
                uint8_t want[CB_EC2M_BYTES];
                const cb_ec2m_keyhex *kh = cb_ec2m_keyhex_of(cb_ec2m_curve_of(a));
                assert_int_equal(cb_hex_bytes(want, len, kh->kat_shared), 0);
                assert_memory_equal(out, want, len);
            } else {
                assert_int_equal(cb_pkey_sign(k, msg, 3, out, &len), 0);
                assert_int_equal(len, cb_pkey_sig_max(k));
                assert_int_equal(cb_pkey_verify(k, msg, 3, out, len), 0);
                assert_int_equal(cb_pkey_verify(k, msg, 2, out, len), 1);
                assert_int_equal(cb_pkey_verify(k, msg, 3, out, len - 1), 1);
            }
            cb_pkey_free(k);
        }
    }
}

/* d = n - 1 gives -G = (gx, gx + gy) (the ladder's [d+1]G is the point at
 * infinity: the masked path of y recovery); d = 0 and d = n are refused; a public
 * key with a changed coordinate or of degree m is refused. */
static void test_scalar_edges(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    for (size_t c = 0; c < NCURVES; c++)
        for (size_t i = 0; i < nv; i++) {
            cb_ec2m_key *k = cb_ec2m_new(curves[c], vs[i]);
            assert_non_null(k);
            size_t nb = cb_ec2m_scalar_bytes(k), fb = cb_ec2m_field_bytes(k);
            uint8_t d[CB_EC2M_BYTES] = {0}, n[CB_EC2M_BYTES];
            uint8_t gx[CB_EC2M_BYTES], gy[CB_EC2M_BYTES], x[CB_EC2M_BYTES], y[CB_EC2M_BYTES];
            assert_int_equal(cb_ec2m_set_priv(k, d, nb, NULL, NULL), -1); /* d = 0 */
            d[nb - 1] = 1;
            assert_int_equal(cb_ec2m_set_priv(k, d, nb, gx, gy), 0); /* G */
            cb_ec2m_order(k, n);
            assert_int_equal(cb_ec2m_set_priv(k, n, nb, NULL, NULL), -1); /* d = n */
            n[nb - 1] -= 1; /* n is odd: no borrow */
            assert_int_equal(cb_ec2m_set_priv(k, n, nb, x, y), 0);
            assert_memory_equal(x, gx, fb);
            for (size_t b = 0; b < fb; b++)
                assert_int_equal(y[b], gx[b] ^ gy[b]); /* -G = (x, x + y) */
            /* public keys: G itself is fine; y changed or x of degree m is not */
            cb_pkey_num px = {gx, fb}, py = {gy, fb};
            assert_int_equal(cb_ec2m_set_pub(k, &px, &py), 0);
            gy[fb - 1] ^= 1;
            assert_int_equal(cb_ec2m_set_pub(k, &px, &py), -1);
            gy[fb - 1] ^= 1;
            gx[0] |= 0x80; /* bit 8 fb - 1 >= m for every curve */
            assert_int_equal(cb_ec2m_set_pub(k, &px, &py), -1);
            cb_ec2m_free(k);
        }
}

/* FIPS 186-3 SigGen.txt (python3-cryptography-vectors, asymmetric/ECDSA/FIPS_186-3),
 * the first record of [K-233,SHA-256] and of [B-571,SHA-256]: Q from d, and (R, S)
 * from the record's k. */
typedef struct siggen {
    const char *curve, *msg, *d, *qx, *qy, *k, *r, *s;
} siggen;

static const siggen siggens[] = {
    {"K-233",
     "c73e3dbac9513d0361dabe94071faf03a11cba18c06d131a172d5f0125b01a5eeb6055bf72c7106fe3f4be3bd"
     "2b1771cbe7f85366dccfbc3bac20538510c3f51179cc540ddafb2f3b05a0d276899674ab1d7d8fb4f6838f04e4"
     "f9e26b8c6af31540f63f4953c85840af4c57dfa78c704f637dfc8dd750fe45e2c1e149986d127",
     "01532271bfae8d4dfe60f69b88d3006d58e28aacfa701861cde8d624db6",
     "041c1ca965338976b4c45c28b1cb64836b3b4d3e7ba2b1323ea26fbcca2",
     "1a177d042fba7903007db122eabc459e37c2c7fe82e42752b267fafe4b0",
     "06a54894825644901baf2ec3681ce5aaf93a18757d93ec9cbce7ccd9d65",
     "03edb77fc7686b520493604db18fc69edb4cad8195a958e27ef289c4bac",
     "004337ecfac57abb9271909aa43ff4e32851df7818dcd87216d051189c0"},
    {"B-571",
     "29acb0fca27e2a10d7b9e7e84a79af73e420abdb0f80dd2665696638951b52dd39ca028166b47a3b6a2eaeceb"
     "1a11c152383f0bec64e862db1c249672b3770909f775b794e0b9b28a5ec8635a996d912d837a5f22471b40ec2e"
     "84701a8804127a9f1a0b3c96ff654700bad3167240c2518fb5dedcc1be9f56a807083e587bc56",
     "32c97639b69c7cdbf419286d0a1b406d9b1f2886521a8b979a36118d2a368aace5b02dd8c515f2041e6fb9f02"
     "6d1e82e789dc826a56d2ef732b1bb0f49be2b696ab5d3d5694a2de",
     "0087ff1d8a4644edebd43c2d43d49e140940d215f272676fdfb72ccf58a12021de3d668f2766848044ac404fb"
     "45cf6e18fc6700f87aa53b4fac1e35e1731814f8a9d0233e2942d7",
     "29fad3638177541d8392111064837bfa77b4455c21c5f7652e3fb302f4bff4a35b74de8aff3806538ef9ac869"
     "64cff755a81cb3002b6fb241ffcae8ac9621b8e034967d650836ee",
     "16a06e3d25873f6dae16bb2e569720ee9c6ae7b5ba36854c321a80be8b4be502b895e1a3d161b001f6cbcf53d"
     "164b5485d8a5efa0476f581f9c79b3a291025be01a435e2fc5ded3",
     "347138a43f3ed1a1a26f5f11549eb8a41f64aad302b6383879886216ebb6d08a4ce270d07a5bec6018eb31343"
     "0ff017c1bbf78556436d9255e97aba1481f0f16b85e7320df79d69",
     "28f35e1aeae288122b043deff9ac87d39478607da60cc33d999b6add6209f452f631c6ce896afd92ab871387f"
     "5ea0eae5f6d5cf532e7a6ab44dcf44acb1fd1daafaf1ad5423d8e8"},
};

/* num_of decodes odd-length hex (the records drop a leading zero digit). */
static cb_pkey_num num_of(const char *hex, uint8_t **keep)
{
    size_t len = strlen(hex);
    char *even = malloc(len + 2);
    assert_non_null(even);
    snprintf(even, len + 2, "%s%s", len % 2 ? "0" : "", hex);
    size_t n = 0;
    *keep = tu_unhex(even, &n);
    free(even);
    cb_pkey_num x = {*keep, n};
    return x;
}

/* same_num asserts that a[0..len) and x are the same number (leading zeros aside). */
static void same_num(const uint8_t *a, size_t len, const cb_pkey_num *x)
{
    size_t i = 0, j = 0;
    while (i < len && a[i] == 0)
        i++;
    while (j < x->len && x->b[j] == 0)
        j++;
    assert_int_equal(len - i, x->len - j);
    assert_memory_equal(a + i, x->b + j, len - i);
}

/* Each SigGen record: Q from d equals (Qx, Qy), the signature with k equals (R, S),
 * and it verifies; a changed message does not. */
static void test_siggen_records(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_alg *sha256 = cb_alg_find("sha256");
    assert_non_null(sha256);
    for (size_t t = 0; t < sizeof siggens / sizeof siggens[0]; t++) {
        const siggen *g = &siggens[t];
        uint8_t *keep[8];
        cb_pkey_num msg = num_of(g->msg, &keep[0]), d = num_of(g->d, &keep[1]),
                    qx = num_of(g->qx, &keep[2]), qy = num_of(g->qy, &keep[3]),
                    k = num_of(g->k, &keep[4]), r = num_of(g->r, &keep[5]),
                    s = num_of(g->s, &keep[6]);
        cb_ecdsa_raw key = {qx, qy, d, sha256};
        for (size_t i = 0; i < nv; i++) {
            uint8_t px[CB_EC2M_BYTES], py[CB_EC2M_BYTES], sig[2 * CB_EC2M_BYTES];
            size_t siglen = 0;
            assert_int_equal(cb_ec2m_sign_raw(vs[i], g->curve, &key, msg.b, msg.len, &k, px,
                                              py, sig, &siglen),
                             0);
            size_t fb = (size_t)(strstr(g->curve, "571") ? 72 : 30), half = siglen / 2;
            same_num(px, fb, &qx);
            same_num(py, fb, &qy);
            same_num(sig, half, &r);
            same_num(sig + half, half, &s);
            assert_int_equal(cb_ec2m_verify_raw(vs[i], g->curve, &key, msg.b, msg.len, &r, &s),
                             0);
            assert_int_equal(
                cb_ec2m_verify_raw(vs[i], g->curve, &key, msg.b, msg.len - 1, &r, &s), 1);
            cb_ecdsa_raw off = key; /* Qy changed: off the curve */
            uint8_t bad[CB_EC2M_BYTES];
            memcpy(bad, qy.b, qy.len);
            bad[qy.len - 1] ^= 1;
            off.qy.b = bad;
            assert_int_equal(cb_ec2m_verify_raw(vs[i], g->curve, &off, msg.b, msg.len, &r, &s),
                             1);
        }
        for (size_t j = 0; j < 7; j++)
            free(keep[j]);
    }
}

/* RFC 6979 A.2.10 (ECDSA, 283 bits, binary field, Koblitz curve K-283; qlen = 281):
 * the private key x, U = xG, and with SHA-256 of "sample" the nonce k and (r, s).
 * A qlen over 256 makes bits2int pad the hash and the nonce take two HMAC blocks. */
static void test_rfc6979_k283(void **state)
{
    (void)state;
    static const char x_hex[] =
        "06a0777356e87b89ba1ed3a3d845357be332173c8f7a65bdc7db4fab3c4cc79acc8194e";
    static const char ux_hex[] =
        "025330d0a651d5a20dc6389bc02345117725640aec3c126612ce444edd19649bdecc03d6";
    static const char uy_hex[] =
        "0505bd60a4b67182474ec4d1c668a73140f70504a68f39efcd972487e9530e0508a76193";
    static const char k_hex[] =
        "1ceb9e8e0dff53ce687deb81339aca3c98e7a657d5a9499ef779f887a934408ecbe5a38";
    static const char r_hex[] =
        "19e90aa3de5fb20aed22879f92c6fed278d9c9b9293cc5e94922cd952c9dbf20df1753a";
    static const char s_hex[] =
        "135aa7443b6a25d11bb64ac482e04d47902d017752882bd72527114f46cf8bb56c5a8c3";
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    cb_pkey_hash hs;
    assert_int_equal(cb_pkey_hash_init(&hs), 0);
    uint8_t h[32];
    cb_pkey_sha256(&hs, (const uint8_t *)"sample", 6, h);
    for (size_t i = 0; i < nv; i++) {
        uint8_t *keep[6];
        cb_pkey_num x = num_of(x_hex, &keep[0]), ux = num_of(ux_hex, &keep[1]),
                    uy = num_of(uy_hex, &keep[2]), k = num_of(k_hex, &keep[3]),
                    r = num_of(r_hex, &keep[4]), s = num_of(s_hex, &keep[5]);
        cb_ec2m_key *key = cb_ec2m_new("K-283", vs[i]);
        assert_non_null(key);
        uint8_t qx[CB_EC2M_BYTES], qy[CB_EC2M_BYTES], kk[CB_EC2M_BYTES], sig[2 * CB_EC2M_BYTES];
        size_t nb = cb_ec2m_scalar_bytes(key), fb = cb_ec2m_field_bytes(key);
        assert_int_equal(cb_ec2m_set_priv(key, x.b, x.len, qx, qy), 0);
        same_num(qx, fb, &ux);
        same_num(qy, fb, &uy);
        cb_ec2m_nonce(key, h, 0, kk);
        same_num(kk, nb, &k);
        assert_int_equal(cb_ec2m_sign(key, h, sig), 0);
        same_num(sig, nb, &r);
        same_num(sig + nb, nb, &s);
        cb_ec2m_free(key);
        for (size_t j = 0; j < 6; j++)
            free(keep[j]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field_ops),
        cmocka_unit_test(test_embedded_keys),
        cmocka_unit_test(test_scalar_edges),
        cmocka_unit_test(test_siggen_records),
        cmocka_unit_test(test_rfc6979_k283),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
