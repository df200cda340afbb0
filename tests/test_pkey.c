/*
 * tests/test_pkey.c - RSA and DSA signatures: the embedded keys are consistent,
 * every algorithm signs and verifies and rejects tampering, CRT signing equals
 * plain signing, RFC 6979 A.2's DSA vectors (k, r, s) come out exactly, the NIST
 * CAVP signature files pass through the `kat` module, and bad input is refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "kernels/check/kat/kat_pkey.h"
#include "base/common.h"
#include "kernels/pkey/pkey.h"
#include "kernels/generic/generic.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "kernels/check/kat/rsp.h"
#include "tests/support.h"

/* rsa15360 is left out: one signature takes 0.3 s natively, a minute under QEMU;
 * test_rsa_keys_consistent and `cryptobench selftest` cover its key */
static const char *const pkey_algs[] = {"rsa512",  "rsa1024", "rsa2048", "rsa3072",
                                        "rsa4096", "rsa7680", "dsa512", "dsa1024", "dsa2048"};
#define NALGS (sizeof pkey_algs / sizeof pkey_algs[0])

/* hex_bytes decodes hex into a new buffer (test data is well formed). */
static uint8_t *hex_bytes(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *b = cb_xmalloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
        b[i] = (uint8_t)v;
    }
    *len = n;
    return b;
}

/* limbs_hex reads hex into limbs. */
static void limbs_hex(cb_limb *r, const char *hex)
{
    assert_int_equal(cb_bn_from_hex(r, CB_BN_MAX_LIMBS, hex), 0);
}


/* ---- embedded keys ---- */

/* test_rsa_keys_consistent: n = p q, dp = d mod (p-1) and e dp = 1 mod (p-1) (same
 * for q), qinv q = 1 mod p, and the sizes match the algorithm names. */
static void test_rsa_keys_consistent(void **state)
{
    (void)state;
    size_t count = 0;
    const cb_rsa_keyhex *k;
    for (; (k = cb_rsa_key_at(count)) != NULL; count++) {
        cb_limb n[CB_BN_MAX_LIMBS], p[CB_BN_MAX_LIMBS], q[CB_BN_MAX_LIMBS],
            pq[2 * CB_BN_MAX_LIMBS], t[CB_BN_MAX_LIMBS], one[CB_BN_MAX_LIMBS] = {1};
        limbs_hex(n, k->n);
        limbs_hex(p, k->p);
        limbs_hex(q, k->q);
        assert_int_equal(cb_bn_bits(n, CB_BN_MAX_LIMBS), cb_alg_find(k->alg)->key_bits);
        size_t half = CB_BN_MAX_LIMBS / 2;
        cb_bn_mul(pq, p, half, q, half);
        assert_memory_equal(pq, n, sizeof n);
        /* qinv * q mod p == 1 */
        cb_mont mp;
        size_t pl = cb_bn_limbs_for(cb_bn_bits(p, CB_BN_MAX_LIMBS));
        assert_int_equal(cb_mont_init(&mp, &cb_mont_generic_ops, p, pl), 0);
        cb_limb qinv[CB_BN_MAX_LIMBS], qr[CB_BN_MAX_LIMBS];
        limbs_hex(qinv, k->qinv);
        cb_mont_reduce(&mp, qr, q, CB_BN_MAX_LIMBS);
        cb_mont_modmul(&mp, t, qinv, qr);
        assert_memory_equal(t, one, pl * sizeof *t);
        /* m^(e dp) = m mod p for m = 2: dp is d's CRT half and inverts e */
        cb_limb two[CB_BN_MAX_LIMBS] = {2}, dp[CB_BN_MAX_LIMBS], e[CB_BN_MAX_LIMBS];
        limbs_hex(dp, k->dp);
        limbs_hex(e, k->e);
        cb_mont_exp_vt(&mp, t, two, e, 1);
        cb_mont_exp_ct(&mp, t, t, dp, pl, mp.bits);
        assert_memory_equal(t, two, pl * sizeof *t);
    }
    assert_int_equal(count, 7); /* rsa512 .. rsa4096, rsa7680, rsa15360 */
}

/* test_dsa_keys_consistent: q divides p - 1 (g^q = 1), y = g^x, and L, N as
 * documented (dsa512: 512/160, dsa1024: 1024/160, dsa2048: 2048/224). */
static void test_dsa_keys_consistent(void **state)
{
    (void)state;
    static const unsigned want_n[] = {160, 160, 224};
    size_t i = 0;
    for (const cb_dsa_keyhex *k = cb_dsa_keys; k->alg; k++, i++) {
        cb_limb p[CB_BN_MAX_LIMBS], q[CB_BN_MAX_LIMBS], g[CB_BN_MAX_LIMBS],
            x[CB_BN_MAX_LIMBS], y[CB_BN_MAX_LIMBS], t[CB_BN_MAX_LIMBS];
        limbs_hex(p, k->p);
        limbs_hex(q, k->q);
        limbs_hex(g, k->g);
        limbs_hex(x, k->x);
        limbs_hex(y, k->y);
        assert_int_equal(cb_bn_bits(p, CB_BN_MAX_LIMBS), cb_alg_find(k->alg)->key_bits);
        assert_int_equal(cb_bn_bits(q, CB_BN_MAX_LIMBS), want_n[i]);
        cb_mont mp;
        size_t pl = cb_bn_limbs_for(cb_bn_bits(p, CB_BN_MAX_LIMBS));
        size_t ql = cb_bn_limbs_for(want_n[i]);
        assert_int_equal(cb_mont_init(&mp, &cb_mont_generic_ops, p, pl), 0);
        cb_mont_exp_vt(&mp, t, g, q, ql);
        assert_true(t[0] == 1 && cb_bn_bits(t, pl) == 1);
        cb_mont_exp_ct(&mp, t, g, x, ql, want_n[i]);
        assert_memory_equal(t, y, pl * sizeof *t);
    }
    assert_int_equal(i, 3);
}

/* ---- the message-level API ---- */

static void test_round_trip_all(void **state)
{
    (void)state;
    for (size_t i = 0; i < NALGS; i++) {
        const cb_alg *a = cb_alg_find(pkey_algs[i]);
        cb_pkey *k = cb_pkey_new(a, tu_generic_of(pkey_algs[i]));
        assert_non_null(k);
        uint8_t msg[36] = "thirty-six bytes, as openssl speed", sig[CB_BN_MAX_BITS / 8];
        size_t siglen = 0;
        assert_int_equal(cb_pkey_sign(k, msg, sizeof msg, sig, &siglen), 0);
        assert_int_equal(siglen, cb_pkey_sig_max(k));
        assert_int_equal(siglen, pkey_algs[i][0] == 'r' ? a->key_bits / 8
                                                         : (a->key_bits <= 1024 ? 40 : 56));
        assert_int_equal(cb_pkey_verify(k, msg, sizeof msg, sig, siglen), 0);
        /* deterministic: the same message signs the same way */
        uint8_t sig2[CB_BN_MAX_BITS / 8];
        size_t len2 = 0;
        assert_int_equal(cb_pkey_sign(k, msg, sizeof msg, sig2, &len2), 0);
        assert_memory_equal(sig, sig2, siglen);
        /* every single-bit change of the signature, and of the message, is rejected */
        for (size_t bit = 0; bit < 8 * siglen; bit += 7) {
            sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            assert_int_equal(cb_pkey_verify(k, msg, sizeof msg, sig, siglen), 1);
            sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        msg[35] ^= 0x80;
        assert_int_equal(cb_pkey_verify(k, msg, sizeof msg, sig, siglen), 1);
        msg[35] ^= 0x80;
        /* wrong lengths */
        assert_int_equal(cb_pkey_verify(k, msg, sizeof msg, sig, siglen - 1), 1);
        assert_int_equal(cb_pkey_verify(k, msg, sizeof msg, sig, 0), 1);
        cb_pkey_free(k);
    }
}

static void test_selftest_all(void **state)
{
    (void)state;
    for (size_t i = 0; i < NALGS; i++) {
        const cb_alg *a = cb_alg_find(pkey_algs[i]);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!cb_variant_offers(v, a, CB_DIR_SIGN) || (v->caps & ~cb_caps_detected()))
                continue;
            char err[256] = "";
            int rc = cb_pkey_selftest(a, v, err, sizeof err);
            if (rc != 0)
                fail_msg("%s", err);
        }
    }
}

/* test_new_refuses: non-pkey algorithms, sizes without a key, non-MONT variants. */
static void test_new_refuses(void **state)
{
    (void)state;
    const cb_alg *rsa = cb_alg_find("rsa2048"), *sha = cb_alg_find("sha256");
    const cb_variant *mont = tu_generic_of("rsa2048"), *shav = tu_generic_of("sha256");
    assert_null(cb_pkey_new(sha, shav));
    assert_null(cb_pkey_new(sha, mont));
    assert_null(cb_pkey_new(rsa, shav));
    assert_null(cb_pkey_new(rsa, NULL));
    assert_null(cb_pkey_new(NULL, mont));
    cb_alg odd = *rsa;
    odd.name = "rsa1000";
    odd.key_bits = 1000;
    assert_null(cb_pkey_new(&odd, mont));
    cb_mont_ops no_mul = {NULL, NULL};
    cb_variant broken = *mont;
    broken.ops = &no_mul;
    assert_null(cb_pkey_new(rsa, &broken));
    char err[128];
    assert_int_equal(cb_pkey_selftest(&odd, mont, err, sizeof err), -1);
    assert_non_null(strstr(err, "rsa1000"));
}

/* test_crt_equals_plain: the CRT signature equals m^d mod n. */
static void test_crt_equals_plain(void **state)
{
    (void)state;
    for (const cb_rsa_keyhex *kh = cb_rsa_keys; kh->alg; kh++) {
        size_t nl, el, dl;
        uint8_t *n = hex_bytes(kh->n, &nl), *e = hex_bytes(kh->e, &el),
                *d = hex_bytes(kh->d, &dl);
        cb_rsa_raw raw = {{n, nl}, {e, el}, {d, dl}};
        const uint8_t msg[] = "abc";
        uint8_t plain[CB_BN_MAX_BITS / 8], crt[CB_BN_MAX_BITS / 8];
        size_t plen = sizeof plain, clen = 0;
        assert_int_equal(cb_rsa_pkcs1_sign_raw(tu_generic_of(kh->alg), &raw, msg, 3, plain,
                                               &plen), 0);
        cb_pkey *k = cb_pkey_new(cb_alg_find(kh->alg), tu_generic_of(kh->alg));
        assert_int_equal(cb_pkey_sign(k, msg, 3, crt, &clen), 0);
        assert_int_equal(plen, clen);
        assert_memory_equal(plain, crt, clen);
        assert_int_equal(cb_rsa_pkcs1_verify_raw(tu_generic_of(kh->alg), &raw, msg, 3, crt,
                                                 clen), 0);
        cb_pkey_free(k);
        free(n), free(e), free(d);
    }
}

/* ---- RFC 6979 A.2.1 and A.2.2: DSA with SHA-256, messages "sample" and "test" ---- */

typedef struct rfc6979_vec {
    const char *section;
    const char *p, *q, *g, *x, *y;
    const char *k[2], *r[2], *s[2]; /* "sample", "test" */
} rfc6979_vec;

static const rfc6979_vec rfc6979[] = {
    {"RFC 6979 A.2.1 (DSA, 1024 bits)",
     "86F5CA03DCFEB225063FF830A0C769B9DD9D6153AD91D7CE27F787C43278B447E6533B86B18BED6E8A48B7"
     "84A14C252C5BE0DBF60B86D6385BD2F12FB763ED8873ABFD3F5BA2E0A8C0A59082EAC056935E529DAF7C"
     "610467899C77ADEDFC846C881870B7B19B2B58F9BE0521A17002E3BDD6B86685EE90B3D9A1B02B782B1779",
     "996F967F6C8E388D9E28D01E205FBA957A5698B1",
     "07B0F92546150B62514BB771E2A0C0CE387F03BDA6C56B505209FF25FD3C133D89BBCD97E904E09114D9A7"
     "DEFDEADFC9078EA544D2E401AEECC40BB9FBBF78FD87995A10A1C27CB7789B594BA7EFB5C4326A9FE59A"
     "070E136DB77175464ADCA417BE5DCE2F40D10A46A3A3943F26AB7FD9C0398FF8C76EE0A56826A8A88F1DBD",
     "411602CB19A6CCC34494D79D98EF1E7ED5AF25F7",
     "5DF5E01DED31D0297E274E1691C192FE5868FEF9E19A84776454B100CF16F65392195A38B90523E2542EE6"
     "1871C0440CB87C322FC4B4D2EC5E1E7EC766E1BE8D4CE935437DC11C3C8FD426338933EBFE739CB3465F"
     "4D3668C5E473508253B1E682F65CBDC4FAE93C2EA212390E54905A86E2223170B44EAA7DA5DD9FFCFB7F3B",
     {"519BA0546D0C39202A7D34D7DFA5E760B318BCFB", "5A67592E8128E03A417B0484410FB72C0B630E1A"},
     {"81F2F5850BE5BC123C43F71A3033E9384611C545", "22518C127299B0F6FDC9872B282B9E70D0790812"},
     {"4CDD914B65EB6C66A8AAAD27299BEE6B035F5E89", "6837EC18F150D55DE95B5E29BE7AF5D01E4FE160"}},
    {"RFC 6979 A.2.2 (DSA, 2048 bits)",
     "9DB6FB5951B66BB6FE1E140F1D2CE5502374161FD6538DF1648218642F0B5C48C8F7A41AADFA187324B876"
     "74FA1822B00F1ECF8136943D7C55757264E5A1A44FFE012E9936E00C1D3E9310B01C7D179805D3058B2A"
     "9F4BB6F9716BFE6117C6B5B3CC4D9BE341104AD4A80AD6C94E005F4B993E14F091EB51743BF33050C38D"
     "E235567E1B34C3D6A5C0CEAA1A0F368213C3D19843D0B4B09DCB9FC72D39C8DE41F1BF14D4BB4563CA28"
     "371621CAD3324B6A2D392145BEBFAC748805236F5CA2FE92B871CD8F9C36D3292B5509CA8CAA77A2ADFC"
     "7BFD77DDA6F71125A7456FEA153E433256A2261C6A06ED3693797E7995FAD5AABBCFBE3EDA2741E375404AE25B",
     "F2C3119374CE76C9356990B465374A17F23F9ED35089BD969F61C6DDE9998C1F",
     "5C7FF6B06F8F143FE8288433493E4769C4D988ACE5BE25A0E24809670716C613D7B0CEE6932F8FAA7C44D2"
     "CB24523DA53FBE4F6EC3595892D1AA58C4328A06C46A15662E7EAA703A1DECF8BBB2D05DBE2EB956C142"
     "A338661D10461C0D135472085057F3494309FFA73C611F78B32ADBB5740C361C9F35BE90997DB2014E2E"
     "F5AA61782F52ABEB8BD6432C4DD097BC5423B285DAFB60DC364E8161F4A2A35ACA3A10B1C4D203CC76A4"
     "70A33AFDCBDD92959859ABD8B56E1725252D78EAC66E71BA9AE3F1DD2487199874393CD4D832186800654"
     "760E1E34C09E4D155179F9EC0DC4473F996BDCE6EED1CABED8B6F116F7AD9CF505DF0F998E34AB27514B0FFE7",
     "69C7548C21D0DFEA6B9A51C9EAD4E27C33D3B3F180316E5BCAB92C933F0E4DBC",
     "667098C654426C78D7F8201EAC6C203EF030D43605032C2F1FA937E5237DBD949F34A0A2564FE126DC8B71"
     "5C5141802CE0979C8246463C40E6B6BDAA2513FA611728716C2E4FD53BC95B89E69949D96512E873B9C8"
     "F8DFD499CC312882561ADECB31F658E934C0C197F2C4D96B05CBAD67381E7B768891E4DA3843D24D94CD"
     "FB5126E9B8BF21E8358EE0E0A30EF13FD6A664C0DCE3731F7FB49A4845A4FD8254687972A2D382599C9B"
     "AC4E0ED7998193078913032558134976410B89D2C171D123AC35FD977219597AA7D15C1A9A428E59194F"
     "75C721EBCBCFAE44696A499AFA74E04299F132026601638CB87AB79190D4A0986315DA8EEC6561C938996BEADF",
     {"8926A27C40484216F052F4427CFD5647338B7B3939BC6573AF4333569D597C52",
      "1D6CE6DDA1C5D37307839CD03AB0A5CBB18E60D800937D67DFB4479AAC8DEAD7"},
     {"EACE8BDBBE353C432A795D9EC556C6D021F7A03F42C36E9BC87E4AC7932CC809",
      "8190012A1969F9957D56FCCAAD223186F423398D58EF5B3CEFD5A4146A4476F0"},
     {"7081E175455F9247B812B74583E9E94F9EA79BD640DC962533B0680793A38D53",
      "7452A53F7075D417B4B013B278D1BB8BBD21863F5E7B1CEE679CF2188E1AB19E"}},
};

static void test_rfc6979(void **state)
{
    (void)state;
    static const char *const msgs[2] = {"sample", "test"};
    const cb_variant *v = tu_generic_of("dsa2048");
    cb_pkey_hash hash;
    assert_int_equal(cb_pkey_hash_init(&hash), 0);
    for (size_t t = 0; t < sizeof rfc6979 / sizeof rfc6979[0]; t++) {
        const rfc6979_vec *vec = &rfc6979[t];
        size_t lens[5];
        uint8_t *b[5];
        const char *hex[5] = {vec->p, vec->q, vec->g, vec->y, vec->x};
        for (int i = 0; i < 5; i++)
            b[i] = hex_bytes(hex[i], &lens[i]);
        cb_dsa_raw raw = {{b[0], lens[0]}, {b[1], lens[1]}, {b[2], lens[2]}, {b[3], lens[3]},
                          {b[4], lens[4]}};
        cb_dsa_key *key = cb_xmalloc(sizeof *key);
        assert_int_equal(cb_dsa_key_init(key, v->ops, &raw.p, &raw.q, &raw.g, &raw.y,
                                         &raw.x), 0);
        for (int m = 0; m < 2; m++) {
            /* k from section 3.2 */
            uint8_t h[CB_SHA256_BYTES];
            cb_limb k[CB_BN_MAX_LIMBS], want[CB_BN_MAX_LIMBS];
            cb_pkey_sha256(&hash, (const uint8_t *)msgs[m], strlen(msgs[m]), h);
            cb_dsa_nonce(key, &hash, h, sizeof h, 0, k);
            assert_int_equal(cb_bn_from_hex(want, key->mq.limbs, vec->k[m]), 0);
            assert_memory_equal(k, want, key->mq.limbs * sizeof *k);
            /* the signature (r, s) */
            uint8_t sig[128];
            size_t siglen = sizeof sig, rl, sl;
            assert_int_equal(cb_dsa_sign_raw(v, &raw, (const uint8_t *)msgs[m],
                                             strlen(msgs[m]), sig, &siglen), 0);
            uint8_t *r = hex_bytes(vec->r[m], &rl), *s = hex_bytes(vec->s[m], &sl);
            assert_int_equal(siglen, rl + sl);
            assert_memory_equal(sig, r, rl);
            assert_memory_equal(sig + rl, s, sl);
            cb_pkey_num rn = {r, rl}, sn = {s, sl};
            assert_int_equal(cb_dsa_verify_raw(v, &raw, (const uint8_t *)msgs[m],
                                               strlen(msgs[m]), &rn, &sn), 0);
            assert_int_equal(cb_dsa_verify_raw(v, &raw, (const uint8_t *)msgs[1 - m],
                                               strlen(msgs[1 - m]), &rn, &sn), 1);
            free(r), free(s);
        }
        cb_pkey_free_secret(key, sizeof *key);
        for (int i = 0; i < 5; i++)
            free(b[i]);
    }
}

/* test_dsa_verify_ranges: FIPS 186-4 4.7 step 1, r and s in [1, q-1]. */
static void test_dsa_verify_ranges(void **state)
{
    (void)state;
    const rfc6979_vec *vec = &rfc6979[0];
    size_t lens[4];
    uint8_t *b[4];
    const char *hex[4] = {vec->p, vec->q, vec->g, vec->y};
    for (int i = 0; i < 4; i++)
        b[i] = hex_bytes(hex[i], &lens[i]);
    cb_dsa_raw raw = {{b[0], lens[0]}, {b[1], lens[1]}, {b[2], lens[2]}, {b[3], lens[3]},
                      {NULL, 0}};
    const cb_variant *v = tu_generic_of("dsa1024");
    const uint8_t *msg = (const uint8_t *)"sample";
    uint8_t zero = 0, one = 1, big[21] = {1};
    cb_pkey_num q = raw.q, z = {&zero, 1}, o = {&one, 1}, wide = {big, sizeof big};
    assert_int_equal(cb_dsa_verify_raw(v, &raw, msg, 6, &z, &o), 1);
    assert_int_equal(cb_dsa_verify_raw(v, &raw, msg, 6, &o, &z), 1);
    assert_int_equal(cb_dsa_verify_raw(v, &raw, msg, 6, &q, &o), 1);
    assert_int_equal(cb_dsa_verify_raw(v, &raw, msg, 6, &o, &q), 1);
    assert_int_equal(cb_dsa_verify_raw(v, &raw, msg, 6, &wide, &o), 1);
    /* a key without x cannot sign */
    uint8_t sig[64];
    size_t len = sizeof sig;
    assert_int_equal(cb_dsa_sign_raw(v, &raw, msg, 6, sig, &len), -1);
    /* parameters outside what the code handles: even p, g = 1 */
    uint8_t even = 4;
    cb_dsa_raw bad = raw;
    bad.p.b = &even;
    bad.p.len = 1;
    assert_int_equal(cb_dsa_verify_raw(v, &bad, msg, 6, &o, &o), -1);
    bad = raw;
    bad.g = o;
    assert_int_equal(cb_dsa_verify_raw(v, &bad, msg, 6, &o, &o), -1);
    for (int i = 0; i < 4; i++)
        free(b[i]);
}

/* test_rsa_verify_bounds: s >= n and a modulus too short for the encoding. */
static void test_rsa_verify_bounds(void **state)
{
    (void)state;
    const cb_rsa_keyhex *kh = &cb_rsa_keys[0];
    size_t nl, el;
    uint8_t *n = hex_bytes(kh->n, &nl), *e = hex_bytes(kh->e, &el);
    cb_rsa_raw raw = {{n, nl}, {e, el}, {NULL, 0}};
    const cb_variant *v = tu_generic_of("rsa512");
    /* s = n is out of range even though it has the right length */
    assert_int_equal(cb_rsa_pkcs1_verify_raw(v, &raw, (const uint8_t *)"abc", 3, n, nl), 1);
    /* a 256-bit modulus cannot hold the SHA-256 DigestInfo encoding (62 bytes) */
    cb_rsa_raw small = {{n, 32}, {e, el}, {NULL, 0}};
    n[31] |= 1;
    uint8_t sig[32] = {0};
    assert_int_equal(cb_rsa_pkcs1_verify_raw(v, &small, (const uint8_t *)"abc", 3, sig, 32),
                     -1);
    size_t len = sizeof sig;
    assert_int_equal(cb_rsa_pkcs1_sign_raw(v, &raw, (const uint8_t *)"abc", 3, sig, &len), -1);
    free(n), free(e);
}

/* ---- NIST CAVP signature files through the kat module ---- */

#define VEC "/usr/lib/python3/dist-packages/cryptography_vectors/asymmetric/"

/* run_file decodes and runs every record of path on the generic variant. */
static void run_file(const char *path, const char *alg, unsigned long want_passed)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        print_message("UNAVAILABLE: %s (install python3-cryptography-vectors)\n", path);
        skip();
    }
    cb_rsp r;
    assert_int_equal(cb_rsp_open(&r, path), 0);
    cb_kat_pkey *kp = cb_kat_pkey_new(cb_alg_find(alg));
    cb_rsp_record rec;
    unsigned long passed = 0, skipped = 0;
    int rc;
    while ((rc = cb_rsp_next(&r, &rec)) == 1) {
        cb_kat_sig *c = NULL;
        char label[64], why[256];
        const char *skip_why = NULL;
        rc = cb_kat_pkey_decode(kp, &r, &rec, &c, label, sizeof label, &skip_why);
        if (rc < 0)
            fail_msg("%s", r.err);
        if (rc == 1 && skip_why) {
            skipped++;
        } else if (rc == 1) {
            int out = cb_kat_pkey_run(tu_generic_of(alg), c, why, sizeof why);
            if (out != CB_KAT_PKEY_PASS)
                fail_msg("%s:%d: %s", path, rec.line, why);
            passed++;
        }
        cb_kat_sig_free(c);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(passed, want_passed);
    assert_true(skipped > 0); /* the other hashes are there, and counted */
    cb_kat_pkey_free(kp);
    cb_rsp_close(&r);
}

static void test_cavp_rsa_siggen(void **state)
{
    (void)state;
    run_file(VEC "RSA/FIPS_186-2/SigGen15_186-3.rsp", "rsa2048", 50);
}

static void test_cavp_rsa_sigver(void **state)
{
    (void)state;
    run_file(VEC "RSA/FIPS_186-2/SigVer15_186-3.rsp", "rsa2048", 90);
}

static void test_cavp_dsa_siggen(void **state)
{
    (void)state;
    run_file(VEC "DSA/FIPS_186-3/SigGen.rsp", "dsa2048", 60);
}

static void test_cavp_dsa_sigver(void **state)
{
    (void)state;
    run_file(VEC "DSA/FIPS_186-3/SigVer.rsp", "dsa2048", 60);
}

/* decode_text decodes an in-memory file and returns the first non-key result. */
static int decode_text(const char *alg, const char *text, char *err, size_t errlen)
{
    cb_rsp r;
    cb_rsp_open_mem(&r, "mem.rsp", text, strlen(text));
    cb_kat_pkey *kp = cb_kat_pkey_new(cb_alg_find(alg));
    cb_rsp_record rec;
    int rc = 0;
    while (rc == 0 && cb_rsp_next(&r, &rec) == 1) {
        cb_kat_sig *c = NULL;
        char label[64];
        const char *skip_why = NULL;
        rc = cb_kat_pkey_decode(kp, &r, &rec, &c, label, sizeof label, &skip_why);
        cb_kat_sig_free(c);
    }
    snprintf(err, errlen, "%s", r.err);
    cb_kat_pkey_free(kp);
    cb_rsp_close(&r);
    return rc;
}

static void test_cavp_malformed(void **state)
{
    (void)state;
    char err[512];
    /* a signature before its key */
    assert_int_equal(decode_text("rsa2048", "[mod = 1024]\n\nSHAAlg = SHA256\nMsg = 00\n"
                                            "S = 00\n", err, sizeof err), -1);
    assert_non_null(strstr(err, "mem.rsp:3:"));
    /* a missing field, bad hex, a Result that is neither P nor F */
    assert_int_equal(decode_text("rsa2048", "[mod = 1024]\nn = 0b\ne = 03\n\nMsg = 00\n"
                                            "S = 00\n", err, sizeof err), -1);
    assert_non_null(strstr(err, "SHAAlg"));
    assert_int_equal(decode_text("rsa2048", "[mod = 1024]\nn = 0g\n", err, sizeof err), -1);
    assert_int_equal(decode_text("dsa2048", "[mod = L=1024, N=160, SHA-256]\n\nP = 0b\n"
                                            "Q = 03\nG = 02\n\nMsg = 00\nY = 01\nR = 01\n"
                                            "S = 01\nResult = X\n", err, sizeof err), -1);
    assert_non_null(strstr(err, "Result"));
    /* an ECDSA group header */
    assert_int_equal(decode_text("dsa2048", "[P-192,SHA-1]\n\nMsg = 00\nQx = 01\n", err,
                                 sizeof err), -1);
    assert_non_null(strstr(err, "ECDSA"));
    /* a well-formed record of another hash decodes (and is skipped) */
    assert_int_equal(decode_text("rsa2048", "[mod = 1024]\nn = 0b\ne = 03\n\nSHAAlg = SHA1\n"
                                            "Msg = 00\nS = 00\n", err, sizeof err), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rsa_keys_consistent),
        cmocka_unit_test(test_dsa_keys_consistent),
        cmocka_unit_test(test_round_trip_all),
        cmocka_unit_test(test_selftest_all),
        cmocka_unit_test(test_new_refuses),
        cmocka_unit_test(test_crt_equals_plain),
        cmocka_unit_test(test_rfc6979),
        cmocka_unit_test(test_dsa_verify_ranges),
        cmocka_unit_test(test_rsa_verify_bounds),
        cmocka_unit_test(test_cavp_rsa_siggen),
        cmocka_unit_test(test_cavp_rsa_sigver),
        cmocka_unit_test(test_cavp_dsa_siggen),
        cmocka_unit_test(test_cavp_dsa_sigver),
        cmocka_unit_test(test_cavp_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
