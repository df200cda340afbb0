/*
 * tests/support.c - helpers the cmocka test programs share (tests/support.h).
 */
#include "tests/support.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/check/vectors/vectors.h"
#include "kernels/inst.h"
#include "kernels/libcrypto/libcrypto.h"
#include "kernels/modes/aead.h"
#include "reports/csv/csv.h"
#include "reports/import/import.h"
#include "reports/styles/styles.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/pkey.h"
#include "kernels/registry.h"

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = hex ? strlen(hex) / 2 : 0;
    uint8_t *p = calloc(n + 1, 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        sscanf(hex + 2 * i, "%2hhx", &p[i]);
    *len = n;
    return p;
}

void tu_unhex_into(const char *hex, uint8_t *out, size_t want)
{
    size_t n = strcspn(hex, "\r\n");
    assert_int_equal(n, 2 * want);
    for (size_t i = 0; i < want; i++) {
        unsigned v;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
        out[i] = (uint8_t)v;
    }
}

/* tu_block_key: an aligned key schedule for the block-cipher helpers. */
typedef struct tu_block_key {
    _Alignas(64) uint8_t ks[2048];
} tu_block_key;

static void tu_block_set_key(const cb_block_ops *ops, tu_block_key *k, const uint8_t *key,
                             size_t keylen, int decrypt)
{
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, keylen, decrypt), 0);
}

void tu_block_chaining(const cb_block_ops *ops, size_t keylen)
{
    uint8_t key[32], iv[16], msg[160], out[160], buf[160], v1[16], v2[16];
    tu_fill(key, sizeof key, (uint32_t)keylen);
    tu_fill(iv, sizeof iv, 8);
    tu_fill(msg, sizeof msg, 9);
    tu_block_key e, d;
    tu_block_set_key(ops, &e, key, keylen, 0);
    tu_block_set_key(ops, &d, key, keylen, 1);
    memcpy(v1, iv, 16);
    memcpy(v2, iv, 16);
    memcpy(buf, msg, sizeof msg);
    ops->cbc(e.ks, v1, msg, out, 10);
    ops->cbc(e.ks, v2, buf, buf, 3);
    ops->cbc(e.ks, v2, buf + 48, buf + 48, 7);
    assert_memory_equal(out, buf, sizeof out);
    assert_memory_equal(v1, v2, 16);
    assert_memory_equal(v1, out + 144, 16);
    memcpy(v1, iv, 16);
    ops->cbc(d.ks, v1, buf, buf, 10);
    assert_memory_equal(buf, msg, sizeof msg);
    ops->ecb(e.ks, msg, out, 10);
    ops->ecb(d.ks, out, out, 10);
    assert_memory_equal(out, msg, sizeof msg);
}

int tu_runnable(const cb_variant *v, const cb_alg *a, cb_dir d)
{
    return cb_variant_offers(v, a, d) && !(v->caps & ~cb_caps_effective());
}

const cb_variant *tu_generic_of(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    const cb_variant *v = cb_variant_generic(a);
    assert_non_null(v);
    return v;
}

int tu_runnable_said(const cb_variant *v, const cb_alg *a)
{
    if (!cb_variant_offers(v, a, CB_DIR_DIGEST))
        return 0;
    if (v->caps & ~cb_caps_effective()) {
        print_message("UNAVAILABLE %s/%s (needs capabilities this CPU lacks)\n", a->name,
                      v->name);
        return 0;
    }
    return 1;
}

size_t tu_prim_variants(cb_prim prim, const cb_variant **vs, size_t max)
{
    static unsigned char said[64];
    size_t n = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim != prim || strcmp(v->family, "test") == 0)
            continue;
        if (v->caps & ~cb_caps_effective()) {
            if ((size_t)prim < sizeof said && !said[prim])
                print_message("UNAVAILABLE %s/%s (needs capabilities this CPU lacks)\n",
                              v->family, v->name);
        } else if (n < max)
            vs[n++] = v;
    }
    if ((size_t)prim < sizeof said)
        said[prim] = 1;
    assert_true(n >= 1 && strcmp(vs[0]->name, "generic") == 0);
    return n;
}

size_t tu_builtin_variants(const char *alg, const cb_variant **vs, size_t max)
{
    const cb_alg *a = cb_alg_find(alg);
    size_t n = 0;
    assert_non_null(a);
    for (size_t i = 0; i < cb_variant_count() && n < max; i++)
        if (cb_variant_offers_any(cb_variant_at(i), a) && !cb_variant_impl(cb_variant_at(i)))
            vs[n++] = cb_variant_at(i);
    assert_true(n >= 1);
    return n;
}

size_t tu_builtin_runnable(const char *alg, const cb_variant **vs, size_t max)
{
    size_t n = tu_builtin_variants(alg, vs, max), kept = 0;
    for (size_t i = 0; i < n; i++)
        if (!(vs[i]->caps & ~cb_caps_effective()))
            vs[kept++] = vs[i];
    return kept;
}

void tu_fill(uint8_t *p, size_t len, uint32_t seed)
{
    uint32_t x = seed | 1;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (uint8_t)x;
    }
}

static void ctr32_nothing(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                          uint8_t *out, size_t nblocks)
{
    (void)ks, (void)ctr, (void)in, (void)out, (void)nblocks;
}

static int key_nothing(void *ks, const uint8_t *key, unsigned bits)
{
    (void)ks, (void)key, (void)bits;
    return 0;
}

const cb_aes_ops tu_aes_ctr_only = {64, key_nothing, NULL, NULL, NULL, NULL, NULL,
                                    ctr32_nothing};

/* ---- the whole-algorithm double ------------------------------------------------------ */

typedef struct dbl_ctx {
    const cb_variant *gen; /* the generic variant doing the work */
    cb_cipher cipher;
    cb_aead aead;
    cb_pkey *pkey;
    int cipher_keyed, aead_keyed;
} dbl_ctx;

int tu_double_serves(const cb_alg *a)
{
    int kind = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_CIPHER ||
               a->kind == CB_KIND_AEAD || a->kind == CB_KIND_PKEY;
    return kind && strcmp(a->name, "md5") != 0 && cb_variant_generic(a) != NULL;
}

int tu_double_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    (void)m, (void)d;
    return tu_double_serves(a);
}

static void *dbl_new(cb_alg_session *s)
{
    dbl_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->gen = cb_variant_generic(s->alg);
    if (s->alg->kind == CB_KIND_PKEY)
        c->pkey = cb_pkey_new(s->alg, c->gen);
    if (!c->gen || (s->alg->kind == CB_KIND_PKEY && !c->pkey)) {
        free(c);
        return NULL;
    }
    return c;
}

static void dbl_free(void *p)
{
    dbl_ctx *c = p;
    if (c->cipher_keyed)
        cb_cipher_free(&c->cipher);
    if (c->aead_keyed)
        cb_aead_free(&c->aead);
    cb_pkey_free(c->pkey);
    free(c);
}

int tu_double_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    dbl_ctx *c = s->ctx;
    cb_digest(s->alg, c->gen, in, len, out);
    return 0;
}

static int dbl_cipher_init(cb_alg_session *s, const uint8_t *key, const uint8_t *iv)
{
    dbl_ctx *c = s->ctx;
    if (c->cipher_keyed)
        cb_cipher_free(&c->cipher);
    c->cipher_keyed = cb_cipher_init(&c->cipher, s->alg, c->gen, s->dir, key, iv) == 0;
    return c->cipher_keyed ? 0 : -1;
}

int tu_double_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return cb_cipher_update(&((dbl_ctx *)s->ctx)->cipher, in, out, len);
}

static int dbl_aead_init(cb_alg_session *s, const uint8_t *key)
{
    dbl_ctx *c = s->ctx;
    if (c->aead_keyed)
        cb_aead_free(&c->aead);
    c->aead_keyed = cb_aead_init(&c->aead, s->alg, c->gen, key) == 0;
    return c->aead_keyed ? 0 : -1;
}

int tu_double_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                   size_t taglen)
{
    return cb_aead_seal(&((dbl_ctx *)s->ctx)->aead, iv, ivlen, aad, aadlen, in, out, len, tag,
                        taglen);
}

int tu_double_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                   const uint8_t *tag, size_t taglen)
{
    return cb_aead_open(&((dbl_ctx *)s->ctx)->aead, iv, ivlen, aad, aadlen, in, out, len, tag,
                        taglen);
}

static size_t dbl_sig_max(cb_alg_session *s)
{
    return cb_pkey_sig_max(((dbl_ctx *)s->ctx)->pkey);
}

static int dbl_sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *siglen)
{
    return cb_pkey_sign(((dbl_ctx *)s->ctx)->pkey, msg, len, sig, siglen);
}

static int dbl_verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                      size_t siglen)
{
    return cb_pkey_verify(((dbl_ctx *)s->ctx)->pkey, msg, len, sig, siglen) ? -1 : 0;
}

static int dbl_derive(cb_alg_session *s, uint8_t *out, size_t *outlen)
{
    return cb_pkey_derive(((dbl_ctx *)s->ctx)->pkey, out, outlen) ? -1 : 0;
}

static const char *const dbl_notes[] = {"built=with the tests", "layers=kernels/modes", NULL};

/* Named fields: the interface grows (a kind's functions are added in the middle, and
 * mac_init and mac, left NULL, at the end). */
const cb_alg_impl tu_double_impl = {
    .offers = tu_double_offers,
    .ctx_new = dbl_new,
    .ctx_free = dbl_free,
    .digest = tu_double_digest,
    .cipher_init = dbl_cipher_init,
    .cipher_update = tu_double_cipher_update,
    .aead_init = dbl_aead_init,
    .aead_seal = tu_double_seal,
    .aead_open = tu_double_open,
    .sig_max = dbl_sig_max,
    .sign = dbl_sign,
    .verify = dbl_verify,
    .derive = dbl_derive,
    .library = "(test double: generic through kernels/modes)",
    .version = "1.0",
    .notes = dbl_notes,
};

__attribute__((noinline)) char *tu_render(const cb_comparison *c, const char *style)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(cb_compare_render(c, style, f), 0);
    fclose(f);
    return buf;
}

/* block_key: an aligned schedule big enough for any cb_block_ops cipher. */
typedef struct block_key {
    _Alignas(64) uint8_t ks[8192];
} block_key;

/* block_run keys ops with key[0..keylen) for one direction and runs ECB or CBC. */
static void block_run(const cb_block_ops *ops, const uint8_t *key, size_t keylen, int decrypt,
                      int cbc, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len,
                      size_t bs)
{
    block_key *k = malloc(sizeof *k);
    uint8_t v[16] = {0}, x[16];
    assert_non_null(k);
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, keylen, decrypt), 0);
    if (iv)
        memcpy(v, iv, bs);
    if (!cbc)
        ops->ecb(k->ks, in, out, len / bs);
    else if (ops->cbc)
        ops->cbc(k->ks, v, in, out, len / bs);
    else
        for (size_t o = 0; o < len; o += bs) { /* SP 800-38A 6.2 over ecb */
            if (decrypt) {
                ops->ecb(k->ks, in + o, x, 1);
                for (size_t i = 0; i < bs; i++)
                    out[o + i] = x[i] ^ v[i];
                memcpy(v, in + o, bs);
            } else {
                for (size_t i = 0; i < bs; i++)
                    x[i] = in[o + i] ^ v[i];
                ops->ecb(k->ks, x, out + o, 1);
                memcpy(v, out + o, bs);
            }
        }
    free(k);
}

size_t tu_block_vectors(const cb_block_ops *ops, const cb_vector *table, size_t bs)
{
    size_t n = 0;
    for (const cb_vector *v = table; v->alg; v++, n++) {
        size_t kl, il, ml, el, an = strlen(v->alg);
        uint8_t *key = tu_unhex(v->key, &kl), *iv = tu_unhex(v->iv, &il);
        uint8_t *msg = tu_unhex(v->msg, &ml), *want = tu_unhex(v->expect, &el);
        uint8_t *got = malloc(ml + 1);
        int cbc = !(an > 4 && strcmp(v->alg + an - 4, "-ecb") == 0);
        assert_non_null(got);
        assert_int_equal(el, ml);
        block_run(ops, key, kl, 0, cbc, iv, msg, got, ml, bs);
        if (memcmp(got, want, ml) != 0)
            fail_msg("encrypt: %s", v->source);
        block_run(ops, key, kl, 1, cbc, iv, want, got, ml, bs);
        if (memcmp(got, msg, ml) != 0)
            fail_msg("decrypt: %s", v->source);
        free(key), free(iv), free(msg), free(want), free(got);
    }
    return n;
}

void tu_block_properties(const cb_block_ops *ops, size_t min, size_t max, size_t bs)
{
    enum { LEN = 16 * 9 };
    block_key *k = malloc(sizeof *k);
    uint8_t key[256], iv[16], iv2[16], in[LEN], ct[LEN], pt[LEN], alt[LEN];
    assert_non_null(k);
    assert_true(max <= sizeof key && bs <= sizeof iv);
    tu_fill(key, sizeof key, 1);
    tu_fill(iv, sizeof iv, 2);
    tu_fill(in, sizeof in, 3);
    if (min > 0)
        assert_int_equal(ops->set_key(k->ks, key, min - 1, 0), -1);
    assert_int_equal(ops->set_key(k->ks, key, max + 1, 0), -1);
    for (size_t kl = min; kl <= max; kl++) {
        size_t len = bs * 9;
        block_run(ops, key, kl, 0, 0, NULL, in, ct, len, bs);
        block_run(ops, key, kl, 1, 0, NULL, ct, pt, len, bs);
        if (memcmp(pt, in, len) != 0)
            fail_msg("ECB decryption does not undo encryption with a %zu-byte key", kl);
        block_run(ops, key, kl, 0, 1, iv, in, ct, len, bs);
        block_run(ops, key, kl, 1, 1, iv, ct, pt, len, bs);
        if (memcmp(pt, in, len) != 0)
            fail_msg("CBC decryption does not undo encryption with a %zu-byte key", kl);
    }
    if (ops->cbc) { /* against CBC chained by hand over ecb, in place, IV updated */
        const cb_block_ops ecb_only = {ops->key_size, ops->set_key, ops->ecb, NULL, 0};
        for (int dec = 0; dec < 2; dec++) {
            size_t len = bs * 9;
            block_run(&ecb_only, key, max, dec, 1, iv, in, alt, len, bs);
            assert_int_equal(ops->set_key(k->ks, key, max, dec), 0);
            memcpy(iv2, iv, bs);
            memcpy(ct, in, len);
            ops->cbc(k->ks, iv2, ct, ct, 4);
            ops->cbc(k->ks, iv2, ct + 4 * bs, ct + 4 * bs, 5);
            assert_memory_equal(ct, alt, len);
            assert_memory_equal(iv2, dec ? in + len - bs : alt + len - bs, bs);
        }
    }
    free(k);
}

const char *tu_data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

int tu_quick(void)
{
    const char *d = getenv("CB_TEST_DEPTH");
    return d && strcmp(d, "quick") == 0;
}

void tu_timed_without_failures(const cb_alg *a, const cb_variant *v, cb_dir d, uint64_t n)
{
    char err[512] = "";
    uint8_t buf[64] = {0}, out[64];
    cb_inst *x = cb_inst_new(a, v, d, 0, err, sizeof err);
    if (!x)
        fail_msg("%s %s on %s: %s", a->name, cb_dir_name(d), v->name, err);
    assert_int_equal(cb_inst_prepare(x, buf, sizeof buf, err, sizeof err), 0);
    cb_inst_run(x, buf, out, sizeof buf, n);
    assert_int_equal(cb_inst_failures(x), 0);
    cb_inst_free(x);
}

const cb_variant *tu_aws_lc(const char *program, const char *test)
{
    static int tried;
    static const cb_variant *v;
    if (!tried) {
        tried = 1;
        char err[1024] = "";
        cb_lib_request r = {.name = "aws", .path = TU_AWS_LC};
        if (!TU_AWS_LC[0])
            printf("%s: skipped, there is no AWS-LC build for the architecture this test "
                   "is built for\n", program);
        else if (access(TU_AWS_LC, R_OK) != 0)
            printf("%s: skipped, %s is not here (AWS-LC 5.5.0 is only in the project's "
                   "shared/peers)\n", program, TU_AWS_LC);
        else if (cb_lib_load(&r, err, sizeof err) != 0)
            fail_msg("loading %s: %s", TU_AWS_LC, err);
        else
            v = cb_lib_loaded("aws");
    }
    if (!v)
        printf("%s: skipped (no AWS-LC)\n", test);
    return v;
}

const cb_variant *tu_system_lib(const char *test)
{
    static int tried;
    static const cb_variant *v;
    if (!tried) {
        tried = 1;
        void *h = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
        if (h) {
            dlclose(h);
            cb_lib_request r = {.name = "sys"};
            char err[1024] = "";
            if (cb_lib_load(&r, err, sizeof err) != 0)
                fail_msg("loading the system libcrypto: %s", err);
            v = cb_lib_loaded("sys");
        }
    }
    if (!v)
        printf("%s: skipped, no libcrypto.so.3\n", test);
    return v;
}

void tu_import_refused(const char *name, const char *text, const char *where,
                       const char *what)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_buffer(set, name, text, strlen(text), &o, NULL, err, sizeof err);
    if (n != -1 || cb_csv_set_count(set) != 0)
        fail_msg("imported %ld rows of a bad log (wanted an error with '%s')", n, what);
    if (strncmp(err, where, strlen(where)) != 0 || !strstr(err, what))
        fail_msg("error '%s' should start with '%s' and mention '%s'", err, where, what);
    cb_csv_set_free(set);
}

cb_csv_set *tu_import_data(const char *name, long want)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_file(set, tu_data_path(name), &o, NULL, err, sizeof err);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", name, n, want, err);
    return set;
}
