/*
 * tests/test_ffdh.c - finite-field Diffie-Hellman (kernels/pkey/ffdh.c): the embedded
 * keys lie on RFC 7919's groups and give OpenSSL's shared secret on every Montgomery
 * variant, every variant agrees with generic on pseudo-random keys, out-of-range peer
 * keys and private keys are refused, a Z of 1 is refused, and the full public-key
 * validation tells a subgroup member from a non-member (CAVP KAS FFC group FA), and
 * the CAVP KAS FFC ZZ-only files pass through the `kat` module on every variant.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/check/kat/kat_pkey.h"
#include "kernels/check/kat/rsp.h"
#include "kernels/generic/generic.h"
#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/support.h"

static const char *const ffdh_algs[] = {"ffdh2048", "ffdh3072", "ffdh4096", "ffdh6144",
                                        "ffdh8192"};
#define NALGS (sizeof ffdh_algs / sizeof ffdh_algs[0])

/*
 * The domain parameters of the [FA - SHA1] section of CAVP's
 * KASValidityTest_FFCStatic_NOKC_ZZOnly_init.fax (python3-cryptography-vectors,
 * asymmetric/DH/): a 1024-bit p with a 160-bit q, and its COUNT = 0 record (the
 * CAVS public key, the IUT's key pair, Z = YstatCAVS^XstatIUT mod p).
 */
static const char fa_p[] =
    "da3a8085d372437805de95b88b675122f575df976610c6a844de99f1df82a06848bf7a42f18895c9"
    "7402e81118e01a00d0855d51922f434c022350861d58ddf60d65bc6941fc6064b147071a4c30426d"
    "82fc90d888f94990267c64beef8c304a4b2b26fb93724d6a9472fa16bc50c5b9b8b59afb62cfe9ea"
    "3ba042c73a6ade35";
static const char fa_q[] = "f2ca7621eb250aa5f22cef1907011295defc50a7";
static const char fa_g[] =
    "a51883e9ac0539859df3d25c716437008bb4bd8ec4786eb4bc643299daef5e3e5af5863a6ac40a59"
    "7b83a27583f6a658d408825105b16d31b6ed088fc623f648fd6d95e9cefcb0745763cddf564c87bc"
    "f4ba7928e74fd6a3080481f588d535e4c026b58a21e1e5ec412ff241b436043e29173f1dc6cb943c"
    "09742de989547288";
static const char fa_ycavs[] =
    "5a7890f6d20ee9c7162cd84222cb0c7cb5b4f29244a58fc95327fc41045f476fb3da42fca76a1dd5"
    "9222a7a7c3872d5af7d8dc254e003eccdb38f291619c51911df2b6ed67d0b459f4bc25819c007877"
    "7b9a1a24c72e7c037a3720a1edad5863ef5ac75ce816869c820859558d5721089ddbe331f55bef74"
    "1396a3bbf85c6c1a";
static const char fa_xiut[] = "54081a8fef2127a1f22ed90440b1b09c331d0614";
static const char fa_yiut[] =
    "0b92af0468b841ea5de4ca91d895b5e922245421de57ed7a88d2de41610b208e8e233705f17b2e9e"
    "b91914bad2fa87f0a58519a7da2980bc06e7411c925a6050526bd86e621505e6f610b63fdcd9afcf"
    "aa96bd087afca44d9197cc35b559f731357a5b979250c0f3a254bb8165f5072156e3fd6f9a6e69bc"
    "f4b4578f78b3bde7";
static const char fa_z[] =
    "8d8f4175e16e15a42eb9099b11528af88741cc206a088971d3064bb291eda608d1600bff829624db"
    "258fd15e95d96d3e74c6be3232afe5c855b9c59681ce13b7aea9ff2b16707e4c02f0e82bf6dadf21"
    "49ac62630f6c62dea0e505e3279404da5ffd5a088e8474ae0c8726b8189cb3d2f04baffe700be849"
    "df9f91567fc2ebb8";

/* bytes_of decodes hex into a new buffer and num. */
static uint8_t *bytes_of(const char *hex, cb_pkey_num *num)
{
    size_t n = strlen(hex) / 2;
    uint8_t *b = cb_xmalloc(n ? n : 1);
    assert_int_equal(cb_hex_decode(hex, b, n), (long)n);
    num->b = b;
    num->len = n;
    return b;
}


/* runnable reports whether v is a Montgomery variant this CPU runs for a. */
static int runnable(const cb_variant *v, const cb_alg *a)
{
    return tu_runnable(v, a, CB_DIR_DERIVE) && cb_pkey_mont_ops(v) != NULL;
}

/* test_groups: each embedded p is RFC 7919's shape (the top and bottom 64 bits all
 * ones, bits as named), out_bytes is p's length, and (2048, 3072: the cheap ones)
 * 2^q = 1 mod p for q = (p - 1) / 2, so g = 2 generates the prime-order subgroup. */
static void test_groups(void **state)
{
    (void)state;
    for (size_t i = 0; i < NALGS; i++) {
        const cb_alg *a = cb_alg_find(ffdh_algs[i]);
        const cb_ffdh_keyhex *kh = cb_ffdh_find(ffdh_algs[i]);
        assert_non_null(a);
        assert_non_null(kh);
        cb_pkey_num p;
        uint8_t *pb = bytes_of(kh->p, &p);
        assert_int_equal(p.len * 8, a->key_bits);
        assert_int_equal(p.len, a->out_bytes);
        for (size_t j = 0; j < 8; j++) {
            assert_int_equal(pb[j], 0xff);
            assert_int_equal(pb[p.len - 1 - j], 0xff);
        }
        if (a->key_bits <= 3072) {
            cb_ffdh_pair *pr = cb_xmalloc(sizeof *pr);
            assert_int_equal(cb_ffdh_load(pr, cb_pkey_mont_ops(tu_generic_of(a->name)), kh), 0);
            uint8_t *qb = cb_xmalloc(p.len);
            cb_limb q[CB_BN_MAX_LIMBS], one[CB_BN_MAX_LIMBS] = {1};
            assert_int_equal(cb_bn_from_bytes(q, CB_BN_MAX_LIMBS, pb, p.len), 0);
            for (size_t j = 0; j + 1 < CB_BN_MAX_LIMBS; j++) /* q = p >> 1 */
                q[j] = (q[j] >> 1) | (q[j + 1] << (CB_LIMB_BITS - 1));
            assert_int_equal(cb_bn_to_bytes(qb, p.len, q, CB_BN_MAX_LIMBS), 0);
            static const uint8_t two[1] = {2};
            cb_pkey_num qn = {qb, p.len}, g = {two, 1};
            assert_int_equal(cb_ffdh_check_pub(&pr->key, &qn, &g), 0);
            /* and p - 2 = -2 is not in it: -1 is not a square mod a safe prime
             * p = 7 mod 8, 2 is */
            cb_limb y[CB_BN_MAX_LIMBS];
            cb_bn_sub(y, pr->key.mp.n, one, pr->key.mp.limbs);
            cb_bn_sub(y, y, one, pr->key.mp.limbs);
            uint8_t *yb = cb_xmalloc(p.len);
            cb_bn_to_bytes(yb, p.len, y, pr->key.mp.limbs);
            cb_pkey_num yn = {yb, p.len};
            assert_int_equal(cb_ffdh_check_pub(&pr->key, &qn, &yn), 1);
            free(yb);
            free(qb);
            free(pr);
        }
        free(pb);
    }
}

/* test_selftest_all: OpenSSL's public key and shared secret on every variant. */
static void test_selftest_all(void **state)
{
    (void)state;
    for (size_t i = 0; i < NALGS; i++) {
        const cb_alg *a = cb_alg_find(ffdh_algs[i]);
        unsigned ran = 0;
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!runnable(v, a))
                continue;
            char err[256] = "";
            if (cb_pkey_selftest(a, v, err, sizeof err) != 0)
                fail_msg("%s", err);
            ran++;
        }
        assert_true(ran > 0);
    }
}

/* test_derive_api: cb_pkey_derive gives the padded secret of the embedded pair; an
 * FFDH key neither signs nor verifies. */
static void test_derive_api(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("ffdh2048");
    cb_pkey *k = cb_pkey_new(a, tu_generic_of("ffdh2048"));
    assert_non_null(k);
    uint8_t z[256], sig[256];
    size_t zl = 0, sl = sizeof sig;
    assert_int_equal(cb_pkey_sig_max(k), 256);
    assert_int_equal(cb_pkey_derive(k, z, &zl), 0);
    assert_int_equal(zl, 256);
    cb_pkey_num want;
    uint8_t *wb = bytes_of(cb_ffdh_find("ffdh2048")->kat_shared, &want);
    assert_int_equal(want.len, 256);
    assert_memory_equal(z, wb, 256);
    assert_int_equal(cb_pkey_sign(k, (const uint8_t *)"abc", 3, sig, &sl), -1);
    assert_int_equal(cb_pkey_verify(k, (const uint8_t *)"abc", 3, z, 256), 1);
    free(wb);
    cb_pkey_free(k);
}

/* next fills b with the test's pseudo-random bytes (a fixed LCG: failures repeat). */
static void next(uint64_t *s, uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        b[i] = (uint8_t)(*s >> 56);
    }
}

/* test_variants_match_generic: pseudo-random x (short and full length) and y below
 * p give the same Z on every variant as on generic, for the 2048- and 3072-bit
 * groups (the limb counts are what a variant specialises on). */
static void test_variants_match_generic(void **state)
{
    (void)state;
    uint64_t s = UINT64_C(0x243f6a8885a308d3);
    for (size_t i = 0; i < 2; i++) {
        const cb_alg *a = cb_alg_find(ffdh_algs[i]);
        const cb_ffdh_keyhex *kh = cb_ffdh_find(a->name);
        cb_pkey_num p;
        uint8_t *pb = bytes_of(kh->p, &p);
        size_t n = p.len;
        uint8_t *x = cb_xmalloc(n), *y = cb_xmalloc(n), *want = cb_xmalloc(n),
                *got = cb_xmalloc(n);
        for (int round = 0; round < 4; round++) {
            size_t xl = round % 2 ? 28 : n; /* RFC 7919's short x, or a full one */
            next(&s, x, xl);
            next(&s, y, n);
            x[0] &= 0x7f; /* both below p, whose top bit is set, and far from it */
            y[0] &= 0x7f;
            cb_pkey_num xn = {x, xl}, yn = {y, n};
            cb_ffdh_key ref;
            assert_int_equal(cb_ffdh_key_init(&ref, cb_pkey_mont_ops(tu_generic_of(a->name)),
                                              &p, &xn), 0);
            assert_int_equal(cb_ffdh_derive(&ref, &yn, want), 0);
            for (size_t vi = 0; vi < cb_variant_count(); vi++) {
                const cb_variant *v = cb_variant_at(vi);
                if (!runnable(v, a))
                    continue;
                cb_ffdh_key k;
                assert_int_equal(cb_ffdh_key_init(&k, cb_pkey_mont_ops(v), &p, &xn), 0);
                assert_int_equal(cb_ffdh_derive(&k, &yn, got), 0);
                if (memcmp(got, want, n) != 0)
                    fail_msg("%s/%s: Z differs from generic's in round %d", a->name, v->name,
                             round);
            }
        }
        free(x);
        free(y);
        free(want);
        free(got);
        free(pb);
    }
}

/* test_bad_keys: y outside [2, p - 2] (0, 1, p - 1, p, p + 1, a byte longer than p)
 * is refused with Z zeroed; x = 0 and x = p - 1 are refused at load. */
static void test_bad_keys(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("ffdh2048");
    const cb_ffdh_keyhex *kh = cb_ffdh_find(a->name);
    const cb_mont_ops *ops = cb_pkey_mont_ops(tu_generic_of(a->name));
    cb_ffdh_pair *pr = cb_xmalloc(sizeof *pr);
    assert_int_equal(cb_ffdh_load(pr, ops, kh), 0);
    const cb_ffdh_key *k = &pr->key;
    size_t n = k->bytes, L = k->mp.limbs;
    uint8_t *y = cb_xmalloc(n + 1), *z = cb_xmalloc(n);
    cb_limb v[CB_BN_MAX_LIMBS], one[CB_BN_MAX_LIMBS] = {1};
    /* p - 1, p, p + 1 */
    cb_bn_sub(v, k->mp.n, one, L);
    for (int i = 0; i < 3; i++) {
        cb_bn_to_bytes(y, n, v, L);
        cb_pkey_num yn = {y, n};
        memset(z, 0xaa, n);
        assert_int_equal(cb_ffdh_derive(k, &yn, z), 1);
        for (size_t j = 0; j < n; j++)
            assert_int_equal(z[j], 0);
        cb_bn_add(v, v, one, L);
    }
    /* 0 and 1 */
    for (uint8_t b = 0; b < 2; b++) {
        cb_pkey_num yn = {&b, 1};
        assert_int_equal(cb_ffdh_derive(k, &yn, z), 1);
    }
    /* 2 and p - 2 are the ends of the valid range */
    static const uint8_t two[1] = {2};
    cb_pkey_num tn = {two, 1};
    assert_int_equal(cb_ffdh_derive(k, &tn, z), 0);
    cb_bn_sub(v, k->mp.n, one, L);
    cb_bn_sub(v, v, one, L);
    cb_bn_to_bytes(y, n, v, L);
    cb_pkey_num pm2 = {y, n};
    assert_int_equal(cb_ffdh_derive(k, &pm2, z), 0);
    /* one byte longer than p: 2^(8n) + 2 */
    memset(y, 0, n + 1);
    y[0] = 1;
    y[n] = 2;
    cb_pkey_num longer = {y, n + 1};
    assert_int_equal(cb_ffdh_derive(k, &longer, z), 1);
    /* private keys 0 and p - 1 */
    cb_pkey_num p;
    uint8_t *pb = bytes_of(kh->p, &p);
    cb_ffdh_key bad;
    uint8_t zero[1] = {0};
    cb_pkey_num xz = {zero, 1};
    assert_int_equal(cb_ffdh_key_init(&bad, ops, &p, &xz), -1);
    cb_bn_sub(v, k->mp.n, one, L);
    cb_bn_to_bytes(y, n, v, L);
    cb_pkey_num xm1 = {y, n};
    assert_int_equal(cb_ffdh_key_init(&bad, ops, &p, &xm1), -1);
    cb_bn_sub(v, v, one, L); /* p - 2 is the largest x taken */
    cb_bn_to_bytes(y, n, v, L);
    cb_pkey_num xm2 = {y, n};
    assert_int_equal(cb_ffdh_key_init(&bad, ops, &p, &xm2), 0);
    free(pb);
    free(y);
    free(z);
    free(pr);
}

/* test_kas_fa: group FA of the CAVP KAS FFC file: the CAVS key passes the full
 * validation, 2 (not in the 160-bit subgroup) fails it, Z and the IUT's public key
 * are the file's, and x = q with y = g gives Z = g^q = 1, which is refused. */
static void test_kas_fa(void **state)
{
    (void)state;
    cb_pkey_num p, q, g, y, x;
    uint8_t *pb = bytes_of(fa_p, &p), *qb = bytes_of(fa_q, &q), *gb = bytes_of(fa_g, &g),
            *yb = bytes_of(fa_ycavs, &y), *xb = bytes_of(fa_xiut, &x);
    const cb_mont_ops *ops = cb_pkey_mont_ops(tu_generic_of("ffdh2048"));
    cb_ffdh_key k;
    uint8_t z[128];
    assert_int_equal(cb_ffdh_key_init(&k, ops, &p, &x), 0);
    assert_int_equal(k.bytes, 128);
    assert_int_equal(cb_ffdh_check_pub(&k, &q, &y), 0);
    assert_int_equal(cb_ffdh_check_pub(&k, &q, &g), 0);
    static const uint8_t two[1] = {2};
    cb_pkey_num tn = {two, 1};
    assert_int_equal(cb_ffdh_check_pub(&k, &q, &tn), 1);
    assert_int_equal(cb_ffdh_derive(&k, &y, z), 0);
    cb_pkey_num zw, yi;
    uint8_t *zb = bytes_of(fa_z, &zw), *yib = bytes_of(fa_yiut, &yi), pub[128];
    assert_int_equal(zw.len, sizeof z);
    assert_memory_equal(z, zb, sizeof z);
    assert_int_equal(cb_ffdh_pub(&k, &g, pub), 0); /* the IUT's y = g^x */
    assert_int_equal(yi.len, sizeof pub);
    assert_memory_equal(pub, yib, sizeof pub);
    free(zb);
    free(yib);
    cb_ffdh_key kq;
    assert_int_equal(cb_ffdh_key_init(&kq, ops, &p, &q), 0);
    memset(z, 0x55, sizeof z);
    assert_int_equal(cb_ffdh_derive(&kq, &g, z), 1);
    for (size_t j = 0; j < sizeof z; j++)
        assert_int_equal(z[j], 0);
    free(pb);
    free(qb);
    free(gb);
    free(yb);
    free(xb);
}

/* ---- the CAVP KAS FFC files through the kat module ---- */

#define KAS "/usr/lib/python3/dist-packages/cryptography_vectors/asymmetric/DH/"

/* run_kas runs every record of the rsp text in r on variant v: how many passed, and
 * the first failure's reason in why (empty when none failed). */
static unsigned run_kas(cb_rsp *r, const cb_variant *v, char *why, size_t why_len)
{
    cb_kat_pkey *kp = cb_kat_pkey_new(cb_alg_find("ffdh2048"));
    cb_rsp_record rec;
    unsigned passed = 0;
    int rc;
    why[0] = '\0';
    while ((rc = cb_rsp_next(r, &rec)) == 1) {
        cb_kat_sig *c = NULL;
        char label[64], w[256];
        const char *skip_why = NULL;
        rc = cb_kat_pkey_decode(kp, r, &rec, &c, label, sizeof label, &skip_why);
        if (rc < 0)
            fail_msg("%s", r->err);
        assert_null(skip_why);
        if (rc == 1) {
            int out = cb_kat_pkey_run(v, c, w, sizeof w);
            if (out == CB_KAT_PKEY_PASS)
                passed++;
            else if (!why[0])
                snprintf(why, why_len, "%.63s: %.200s", label, w);
        }
        cb_kat_sig_free(c);
    }
    assert_int_equal(rc, 0);
    cb_kat_pkey_free(kp);
    return passed;
}

/* test_kas_files: both files, 72 records each (42 valid, 30 invalid with one thing
 * changed), pass on every Montgomery variant. */
static void test_kas_files(void **state)
{
    (void)state;
    static const char *const files[] = {KAS "KASValidityTest_FFCStatic_NOKC_ZZOnly_init.fax",
                                        KAS "KASValidityTest_FFCStatic_NOKC_ZZOnly_resp.fax"};
    const cb_alg *a = cb_alg_find("ffdh2048");
    for (size_t f = 0; f < 2; f++) {
        struct stat st;
        if (stat(files[f], &st) != 0) {
            print_message("UNAVAILABLE: %s (install python3-cryptography-vectors)\n", files[f]);
            skip();
        }
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!runnable(v, a))
                continue;
            cb_rsp r;
            char why[320];
            assert_int_equal(cb_rsp_open(&r, files[f]), 0);
            unsigned passed = run_kas(&r, v, why, sizeof why);
            cb_rsp_close(&r);
            if (why[0])
                fail_msg("%s on %s: %s", files[f], v->name, why);
            assert_int_equal(passed, 72);
        }
    }
}

/* kas_text runs one group FA record (COUNT = 0, its Z's last digit replaced by
 * zlast, its Result result) from memory on generic; returns the passes (0 or 1). */
static unsigned kas_text(char zlast, const char *result, char *why, size_t why_len)
{
    size_t zl = strlen(fa_z);
    size_t tl = strlen(fa_p) + strlen(fa_q) + strlen(fa_g) + strlen(fa_ycavs) + strlen(fa_xiut) +
                strlen(fa_yiut) + zl + strlen(result) + 256;
    char *z = cb_xmalloc(zl + 1), *text = cb_xmalloc(tl);
    memcpy(z, fa_z, zl + 1);
    z[zl - 1] = zlast;
    snprintf(text, tl,
             "[FA - SHA1]\n\nP = %s\nQ = %s\nG = %s\n\n\nCOUNT = 0\nXstatCAVS = 01\n"
             "YstatCAVS = %s\nXstatIUT = %s\nYstatIUT = %s\nZ = %s\nResult = %s\n",
             fa_p, fa_q, fa_g, fa_ycavs, fa_xiut, fa_yiut, z, result);
    cb_rsp r;
    cb_rsp_open_mem(&r, "mem.fax", text, strlen(text));
    unsigned passed = run_kas(&r, tu_generic_of("ffdh2048"), why, why_len);
    cb_rsp_close(&r);
    free(z);
    free(text);
    return passed;
}

/* test_kas_verdicts: a changed Z fails a Result = P record and passes a Result = F
 * one; the right Z fails a Result = F record. */
static void test_kas_verdicts(void **state)
{
    (void)state;
    char why[320];
    char last = fa_z[strlen(fa_z) - 1], other = last == '0' ? '1' : '0';
    assert_int_equal(kas_text(last, "P (0 - Correct)", why, sizeof why), 1);
    assert_int_equal(kas_text(other, "P (0 - Correct)", why, sizeof why), 0);
    assert_non_null(strstr(why, "Z differs"));
    assert_int_equal(kas_text(other, "F (5 - Z changed )", why, sizeof why), 1);
    assert_int_equal(kas_text(last, "F (5 - Z changed )", why, sizeof why), 0);
    assert_non_null(strstr(why, "passed every check"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups),         cmocka_unit_test(test_selftest_all),
        cmocka_unit_test(test_derive_api),     cmocka_unit_test(test_variants_match_generic),
        cmocka_unit_test(test_bad_keys),       cmocka_unit_test(test_kas_fa),
        cmocka_unit_test(test_kas_files),      cmocka_unit_test(test_kas_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
