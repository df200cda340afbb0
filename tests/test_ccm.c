/*
 * tests/test_ccm.c - CCM (kernels/modes/ccm.c) through every AES variant this CPU can run.
 *
 * The embedded known answers (SP 800-38C C.1-C.3 and two CAVP records) sealed and
 * opened in place and out of place; SP 800-38C C.4, whose 65536 bytes of associated
 * data take the six-byte length encoding; a flipped bit in the tag, the ciphertext,
 * the associated data or the nonce rejected with the output zeroed; the length
 * limits of SP 800-38C A.1; every nonce and tag length against the generic variant.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/modes/ccm.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"
#include "tests/support.h"

/* runnable: v implements a and this CPU (after masks) can run it. */
static int runnable(const cb_variant *v, const cb_alg *a)
{
    return cb_variant_offers(v, a, CB_DIR_ENCRYPT) && !(v->caps & ~cb_caps_effective());
}

/* ccm_case: one message in bytes. */
typedef struct ccm_case {
    uint8_t *key, *nonce, *aad, *pt, *ct, *tag;
    size_t nlen, alen, len, tlen;
} ccm_case;

static ccm_case from_vector(const cb_vector *t)
{
    ccm_case c;
    size_t klen, clen;
    c.key = tu_unhex(t->key, &klen);
    c.nonce = tu_unhex(t->iv, &c.nlen);
    c.aad = tu_unhex(t->aad, &c.alen);
    c.pt = tu_unhex(t->msg, &c.len);
    c.ct = tu_unhex(t->expect, &clen);
    c.tag = tu_unhex(t->tag, &c.tlen);
    assert_int_equal(c.len, clen);
    return c;
}

static void case_free(ccm_case *c)
{
    free(c->key), free(c->nonce), free(c->aad), free(c->pt), free(c->ct), free(c->tag);
}

/* seal_open_mismatches seals and opens c with v, out of place and in place; returns
 * how many results differ from the case's. */
static int seal_open_mismatches(const cb_alg *a, const cb_variant *v, const ccm_case *c)
{
    cb_ccm x;
    uint8_t tag[16], *buf = malloc(c->len + 1);
    int bad = 0;
    assert_int_equal(cb_ccm_init(&x, a, v, c->key), 0);
    bad += cb_ccm_seal(&x, c->nonce, c->nlen, c->aad, c->alen, c->pt, buf, c->len, tag,
                       c->tlen) != 0 ||
           memcmp(buf, c->ct, c->len) || memcmp(tag, c->tag, c->tlen);
    bad += cb_ccm_open(&x, c->nonce, c->nlen, c->aad, c->alen, c->ct, buf, c->len, c->tag,
                       c->tlen) != 0 ||
           memcmp(buf, c->pt, c->len);
    memcpy(buf, c->pt, c->len);
    bad += cb_ccm_seal(&x, c->nonce, c->nlen, c->aad, c->alen, buf, buf, c->len, tag,
                       c->tlen) != 0 ||
           memcmp(buf, c->ct, c->len) || memcmp(tag, c->tag, c->tlen);
    bad += cb_ccm_open(&x, c->nonce, c->nlen, c->aad, c->alen, buf, buf, c->len, c->tag,
                       c->tlen) != 0 ||
           memcmp(buf, c->pt, c->len);
    cb_ccm_free(&x);
    free(buf);
    return bad;
}

/* forgeries_accepted flips one bit of the tag, the ciphertext, the associated data
 * and the nonce in turn; returns how many were accepted or left output unzeroed. */
static int forgeries_accepted(const cb_alg *a, const cb_variant *v, const ccm_case *c)
{
    cb_ccm x;
    uint8_t *out = malloc(c->len + 1);
    int bad = 0;
    assert_int_equal(cb_ccm_init(&x, a, v, c->key), 0);
    uint8_t *fields[4] = {c->tag, c->ct, c->aad, c->nonce};
    size_t lens[4] = {c->tlen, c->len, c->alen, c->nlen};
    for (int f = 0; f < 4; f++) {
        if (lens[f] == 0)
            continue;
        size_t at = lens[f] - 1;
        fields[f][at] ^= 0x80;
        memset(out, 0x5a, c->len);
        int rc = cb_ccm_open(&x, c->nonce, c->nlen, c->aad, c->alen, c->ct, out, c->len,
                             c->tag, c->tlen);
        fields[f][at] ^= 0x80;
        int zeroed = 1;
        for (size_t i = 0; i < c->len; i++)
            zeroed &= out[i] == 0;
        bad += rc == 0 || !zeroed;
    }
    cb_ccm_free(&x);
    free(out);
    return bad;
}

/* every_variant runs c through every runnable variant of a, answers and forgeries;
 * returns how many variants ran. */
static size_t every_variant(const cb_alg *a, const ccm_case *c, const char *source)
{
    size_t ran = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!runnable(v, a))
            continue;
        if (seal_open_mismatches(a, v, c))
            fail_msg("%s/%s: %s", a->name, v->name, source);
        if (forgeries_accepted(a, v, c))
            fail_msg("%s/%s: a forgery of %s was accepted", a->name, v->name, source);
        ran++;
    }
    return ran;
}

/* test_vectors: the embedded CCM answers on every runnable variant, and each of
 * them with a flipped bit refused. */
static void test_vectors(void **state)
{
    (void)state;
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_aes_modes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        if (a->mode != CB_MODE_CCM)
            continue;
        ccm_case c = from_vector(t);
        assert_true(every_variant(a, &c, t->source) > 0);
        /* the check itself notices a wrong expected tag */
        c.tag[0] ^= 1;
        assert_true(seal_open_mismatches(a, cb_variant_generic(a), &c) > 0);
        case_free(&c);
        checked++;
    }
    /* SP 800-38C C.1, C.2, C.3, CAVP VTT192 and VADT256 */
    assert_int_equal(checked, 5);
}

/* test_example4: SP 800-38C C.4, 2^16 bytes of associated data (the octets 00..ff
 * repeated), so the length takes 0xfffe and four bytes (A.2.2). */
static void test_example4(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("aes-128-ccm");
    ccm_case c;
    size_t n;
    c.key = tu_unhex("404142434445464748494a4b4c4d4e4f", &n);
    c.nonce = tu_unhex("101112131415161718191a1b1c", &c.nlen);
    c.pt = tu_unhex("202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f", &c.len);
    c.ct = tu_unhex("69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72", &n);
    c.tag = tu_unhex("b4ac6bec93e8598e7f0dadbcea5b", &c.tlen);
    c.alen = 65536;
    c.aad = malloc(c.alen);
    for (size_t i = 0; i < c.alen; i++)
        c.aad[i] = (uint8_t)i;
    assert_true(every_variant(a, &c, "SP 800-38C C.4") > 0);
    case_free(&c);
}

/* test_limits: SP 800-38C A.1's parameters, and a payload at the counter's end. */
static void test_limits(void **state)
{
    (void)state;
    assert_null(cb_ccm_refuses(7, 4, 0));
    assert_null(cb_ccm_refuses(13, 16, 65535));
    assert_non_null(cb_ccm_refuses(13, 16, 65536)); /* q = 2 */
    assert_null(cb_ccm_refuses(12, 16, (1u << 24) - 1));
    assert_non_null(cb_ccm_refuses(12, 16, 1u << 24)); /* q = 3 */
    assert_non_null(cb_ccm_refuses(6, 16, 0));
    assert_non_null(cb_ccm_refuses(14, 16, 0));
    for (size_t t = 0; t <= 18; t++)
        assert_true((cb_ccm_refuses(10, t, 16) == NULL) == (t >= 4 && t <= 16 && t % 2 == 0));

    const cb_alg *a = cb_alg_find("aes-128-ccm");
    uint8_t key[16] = {1}, nonce[13] = {2}, tag[16];
    cb_ccm x;
    assert_int_equal(cb_ccm_init(&x, a, cb_variant_generic(a), key), 0);
    uint8_t *buf = calloc(65536, 1);
    assert_int_equal(cb_ccm_seal(&x, nonce, 13, NULL, 0, buf, buf, 65536, tag, 16), -1);
    /* 65535 bytes run the 2-byte counter to 4096, its top block within range */
    assert_int_equal(cb_ccm_seal(&x, nonce, 13, NULL, 0, buf, buf, 65535, tag, 16), 0);
    assert_int_equal(cb_ccm_open(&x, nonce, 13, NULL, 0, buf, buf, 65535, tag, 16), 0);
    for (size_t i = 0; i < 65535; i++)
        if (buf[i])
            fail_msg("byte %zu did not round-trip", i);
    cb_ccm_free(&x);
    free(buf);
}

/* test_every_length: each runnable variant against generic for lengths 0..300 with
 * every nonce and tag length and associated data of 0..40 bytes, misaligned. */
static void test_every_length(void **state)
{
    (void)state;
    uint8_t key[32], nonce[13], aad[41], src[301], want[301], got[304], t1[16], t2[16];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(7 * i + 1);
    for (size_t i = 0; i < sizeof nonce; i++)
        nonce[i] = (uint8_t)(0xa0 + i);
    for (size_t i = 0; i < sizeof aad; i++)
        aad[i] = (uint8_t)(3 * i);
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 29 + 5);
    size_t ran = 0;
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->mode != CB_MODE_CCM)
            continue;
        cb_ccm ref;
        assert_int_equal(cb_ccm_init(&ref, a, cb_variant_generic(a), key), 0);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!runnable(v, a) || v == cb_variant_generic(a))
                continue;
            cb_ccm x;
            assert_int_equal(cb_ccm_init(&x, a, v, key), 0);
            for (size_t len = 0; len <= 300; len++) {
                size_t nlen = 7 + len % 7, tlen = 4 + 2 * (len / 7 % 7), alen = len % 41;
                assert_int_equal(cb_ccm_seal(&ref, nonce, nlen, aad, alen, src, want, len,
                                             t1, tlen), 0);
                assert_int_equal(cb_ccm_seal(&x, nonce, nlen, aad, alen, src, got + 3, len,
                                             t2, tlen), 0);
                if (memcmp(want, got + 3, len) || memcmp(t1, t2, tlen))
                    fail_msg("%s/%s: seal differs at length %zu", a->name, v->name, len);
                if (cb_ccm_open(&x, nonce, nlen, aad, alen, got + 3, got + 3, len, t1,
                                tlen) != 0 ||
                    memcmp(got + 3, src, len))
                    fail_msg("%s/%s: open fails at length %zu", a->name, v->name, len);
                ran++;
            }
            cb_ccm_free(&x);
        }
        cb_ccm_free(&ref);
    }
    if (ran == 0)
        printf("only the generic variant offers CCM here\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_example4),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_every_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
