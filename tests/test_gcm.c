/*
 * tests/test_gcm.c - GHASH and GCM through every registered variant: the embedded
 * vectors (the GCM specification's test cases 1-18 and its GHASH values), truncated
 * tags, rejection of a flipped bit in tag, ciphertext, AAD and IV, every variant
 * against generic over a sweep of lengths, misaligned and in place, and records of
 * NIST's CAVP files gcmEncryptExtIV128.rsp and gcmDecrypt128.rsp (every IV length
 * and tag length the files hold, FAIL records included).  A stitched test double is
 * registered so that every one of these also covers the hand-over from a stitched
 * kernel to the portable rest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/modes/gcm.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"
#include "tests/support.h"

/* CAVP_DIR: where Debian's python3-cryptography-vectors puts the GCM files;
 * CB_CAVP_GCM_DIR overrides it. */
#define CAVP_DIR "/usr/lib/python3/dist-packages/cryptography_vectors/ciphers/AES/GCM"

/* runnable: v implements a in both directions and this CPU (after masks) can run it. */
static int runnable(const cb_variant *v, const cb_alg *a)
{
    return cb_variant_offers(v, a, CB_DIR_ENCRYPT) &&
           cb_variant_offers(v, a, CB_DIR_DECRYPT) && !(v->caps & ~cb_caps_effective());
}

static int all_zero(const uint8_t *p, size_t len)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < len; i++)
        acc |= p[i];
    return acc == 0;
}

/* add_low32 adds n to the low 32 bits of a counter block, as GCM's inc32 does. */
static void add_low32(uint8_t ctr[16], size_t n)
{
    uint32_t v = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 |
                 (uint32_t)ctr[14] << 8 | ctr[15];
    v += (uint32_t)n;
    for (int i = 15; i >= 12; i--, v >>= 8)
        ctr[i] = (uint8_t)v;
}

/* half_encrypt and half_decrypt are a stitched kernel's contract done the slow way:
 * they take half of the whole blocks, advance ctr and xi, and leave the rest to the
 * portable layer. */
static size_t half_encrypt(const void *ks, const void *htable, uint8_t ctr[16],
                           uint8_t xi[16], const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n = len / 32;
    cb_aes_generic_ops.ctr32(ks, ctr, in, out, n);
    cb_ghash_generic_ops.blocks(htable, xi, out, n);
    add_low32(ctr, n);
    return 16 * n;
}

static size_t half_decrypt(const void *ks, const void *htable, uint8_t ctr[16],
                           uint8_t xi[16], const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n = len / 32;
    cb_ghash_generic_ops.blocks(htable, xi, in, n);
    cb_aes_generic_ops.ctr32(ks, ctr, in, out, n);
    add_low32(ctr, n);
    return 16 * n;
}

static const cb_gcm_ops half_ops = {&cb_aes_generic_ops, &cb_ghash_generic_ops,
                                    half_encrypt, half_decrypt};
static const cb_variant half = {"half-stitched", "test", CB_PRIM_GCM, 0, 1, &half_ops,
                                "test double: stitched kernel doing half the blocks"};

/* A recording double for the chunking contract of gcm.h: its ctr32 notes the block
 * count of every call whose input lies in the message being sealed (rec_lo..rec_hi),
 * so calls on the last partial block, the tag and H are not counted. */
static const uint8_t *rec_lo, *rec_hi;
static size_t rec_calls, rec_min, rec_total;

static void recording_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                            uint8_t *out, size_t nblocks)
{
    if (in >= rec_lo && in < rec_hi) {
        rec_calls++;
        rec_total += nblocks;
        if (nblocks < rec_min)
            rec_min = nblocks;
    }
    cb_aes_generic_ops.ctr32(ks, ctr, in, out, nblocks);
}

static cb_aes_ops recording_aes;
static const cb_gcm_ops recording_ops = {&recording_aes, &cb_ghash_generic_ops, NULL,
                                         NULL};
static const cb_variant recording = {"ctr32-recorder", "test", CB_PRIM_GCM, 0, 0,
                                     &recording_ops,
                                     "test double: generic GCM that records ctr32 calls"};

static int setup(void **state)
{
    (void)state;
    recording_aes = cb_aes_generic_ops;
    recording_aes.ctr32 = recording_ctr32;
    return cb_variant_register(&half) || cb_variant_register(&recording);
}

/* gcm_case: one message with its expected ciphertext and tag. */
typedef struct gcm_case {
    const char *source;
    uint8_t *key, *iv, *aad, *pt, *ct, *tag;
    size_t ivlen, aadlen, len, taglen;
} gcm_case;

static gcm_case case_from_vector(const cb_vector *t)
{
    gcm_case c = {.source = t->source};
    size_t klen, ctlen;
    c.key = tu_unhex(t->key, &klen);
    c.iv = tu_unhex(t->iv, &c.ivlen);
    c.aad = tu_unhex(t->aad, &c.aadlen);
    c.pt = tu_unhex(t->msg, &c.len);
    c.ct = tu_unhex(t->expect, &ctlen);
    c.tag = tu_unhex(t->tag, &c.taglen);
    assert_int_equal(ctlen, c.len);
    return c;
}

static void case_free(gcm_case *c)
{
    free(c->key), free(c->iv), free(c->aad), free(c->pt), free(c->ct), free(c->tag);
}

/* check_case seals and opens c with variant v, out of place and in place. */
static void check_case(const cb_alg *a, const cb_variant *v, const gcm_case *c)
{
    cb_gcm g;
    uint8_t *out = malloc(c->len + 1), tag[16];
    assert_int_equal(cb_gcm_init(&g, a, v, c->key), 0);
    cb_gcm_seal(&g, c->iv, c->ivlen, c->aad, c->aadlen, c->pt, out, c->len, tag, c->taglen);
    if (memcmp(out, c->ct, c->len) != 0 || memcmp(tag, c->tag, c->taglen) != 0)
        fail_msg("%s/%s seal: %s", a->name, v->name, c->source);
    memcpy(out, c->pt, c->len);
    cb_gcm_seal(&g, c->iv, c->ivlen, c->aad, c->aadlen, out, out, c->len, tag, c->taglen);
    if (memcmp(out, c->ct, c->len) != 0 || memcmp(tag, c->tag, c->taglen) != 0)
        fail_msg("%s/%s seal in place: %s", a->name, v->name, c->source);
    if (cb_gcm_open(&g, c->iv, c->ivlen, c->aad, c->aadlen, c->ct, out, c->len, c->tag,
                    c->taglen) != 0 ||
        memcmp(out, c->pt, c->len) != 0)
        fail_msg("%s/%s open: %s", a->name, v->name, c->source);
    memcpy(out, c->ct, c->len);
    if (cb_gcm_open(&g, c->iv, c->ivlen, c->aad, c->aadlen, out, out, c->len, c->tag,
                    c->taglen) != 0 ||
        memcmp(out, c->pt, c->len) != 0)
        fail_msg("%s/%s open in place: %s", a->name, v->name, c->source);
    cb_gcm_free(&g);
    free(out);
}

/* for_each_variant runs c through every runnable variant of a; fails if none ran. */
static void for_each_variant(const cb_alg *a, const gcm_case *c)
{
    size_t ran = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        if (runnable(cb_variant_at(i), a)) {
            check_case(a, cb_variant_at(i), c);
            ran++;
        }
    }
    if (!ran)
        fail_msg("%s: no GCM variant can run here", a->name);
}

static void test_gcm_vectors(void **state)
{
    (void)state;
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_aes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        assert_non_null(a);
        if (a->prim != CB_PRIM_GCM)
            continue;
        gcm_case c = case_from_vector(t);
        for_each_variant(a, &c);
        /* The same message with the tag truncated (SP 800-38D 5.2.1.2). */
        for (c.taglen = 1; c.taglen < 16; c.taglen += 3)
            for_each_variant(a, &c);
        case_free(&c);
        checked++;
    }
    assert_int_equal(checked, 18);
}

static void test_ghash_vectors(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("ghash");
    size_t checked = 0;
    for (const cb_vector *t = cb_vectors_aes; t->alg; t++) {
        if (strcmp(t->alg, "ghash") != 0)
            continue;
        size_t hlen, mlen, xlen;
        uint8_t *h = tu_unhex(t->key, &hlen), *msg = tu_unhex(t->msg, &mlen);
        uint8_t *want = tu_unhex(t->expect, &xlen);
        assert_int_equal(hlen, 16);
        for (size_t i = 0; i < cb_variant_count(); i++) {
            const cb_variant *v = cb_variant_at(i);
            if (!cb_variant_offers(v, a, CB_DIR_DIGEST) || (v->caps & ~cb_caps_effective()))
                continue;
            /* Whole, then block by block: xi carries over between calls. */
            for (size_t step = mlen; step >= 16; step = step == 16 ? 0 : 16) {
                cb_ghash_ctx c;
                assert_int_equal(cb_ghash_init(&c, v, h), 0);
                for (size_t off = 0; off < mlen; off += step)
                    cb_ghash_update(&c, msg + off, step < mlen - off ? step : mlen - off);
                if (memcmp(c.xi, want, 16) != 0)
                    fail_msg("ghash/%s, %zu-byte updates: %s", v->name, step, t->source);
                cb_ghash_free(&c);
            }
            checked++;
        }
        free(h), free(msg), free(want);
    }
    assert_true(checked >= 3);
}

/* expect_rejected opens a tampered message and requires -1 and zeroed output. */
static void expect_rejected(const cb_gcm *g, const gcm_case *c, const char *what)
{
    uint8_t *out = malloc(c->len + 1);
    memset(out, 0xaa, c->len);
    if (cb_gcm_open(g, c->iv, c->ivlen, c->aad, c->aadlen, c->ct, out, c->len, c->tag,
                    c->taglen) != -1)
        fail_msg("%s/%s accepted a flipped bit in the %s: %s", g->alg->name, g->var->name,
                 what, c->source);
    if (!all_zero(out, c->len))
        fail_msg("%s/%s left plaintext behind after rejecting: %s", g->alg->name,
                 g->var->name, c->source);
    free(out);
}

/* The test cases with AAD (4-6, 10-12, 16-18: IVs of 96, 64 and 480 bits): a bit
 * flipped in tag, ciphertext, AAD or IV, and tag lengths outside 1..16, are rejected. */
static void test_gcm_rejects_tampering(void **state)
{
    (void)state;
    for (const cb_vector *t = cb_vectors_aes; t->alg; t++) {
        const cb_alg *a = cb_alg_find(t->alg);
        if (a->prim != CB_PRIM_GCM || !t->aad || !t->aad[0])
            continue;
        gcm_case c = case_from_vector(t);
        for (size_t i = 0; i < cb_variant_count(); i++) {
            const cb_variant *v = cb_variant_at(i);
            if (!runnable(v, a))
                continue;
            cb_gcm g;
            assert_int_equal(cb_gcm_init(&g, a, v, c.key), 0);
            struct {
                uint8_t *p;
                size_t len;
                const char *what;
            } fields[] = {{c.tag, c.taglen, "tag"}, {c.ct, c.len, "ciphertext"},
                          {c.aad, c.aadlen, "AAD"}, {c.iv, c.ivlen, "IV"}};
            for (size_t f = 0; f < 4; f++) {
                size_t bits = 8 * fields[f].len;
                for (size_t bit = 0; bit < bits; bit += bits / 3 + 1) {
                    fields[f].p[bit / 8] ^= (uint8_t)(1u << bit % 8);
                    expect_rejected(&g, &c, fields[f].what);
                    fields[f].p[bit / 8] ^= (uint8_t)(1u << bit % 8);
                }
            }
            size_t taglen = c.taglen;
            c.taglen = 0;
            expect_rejected(&g, &c, "tag length (0)");
            c.taglen = 17;
            expect_rejected(&g, &c, "tag length (17)");
            c.taglen = taglen;
            cb_gcm_free(&g);
        }
        case_free(&c);
    }
}

/* sweep_input: the message every sweep case takes a prefix of. */
typedef struct sweep_input {
    uint8_t iv[60], aad[48], pt[1031];
} sweep_input;

/* compare_sweep seals a prefix of in with g, misaligned by one byte and in place, and
 * requires what ref gives on aligned separate buffers; then opens it again. */
static void compare_sweep(const cb_gcm *ref, const cb_gcm *g, const sweep_input *in,
                          size_t len, size_t aadlen, size_t ivlen)
{
    uint8_t want[sizeof in->pt], buf[sizeof in->pt + 1], tag[16], want_tag[16];
    cb_gcm_seal(ref, in->iv, ivlen, in->aad, aadlen, in->pt, want, len, want_tag, 16);
    memcpy(buf + 1, in->pt, len);
    cb_gcm_seal(g, in->iv, ivlen, in->aad, aadlen, buf + 1, buf + 1, len, tag, 16);
    if (memcmp(buf + 1, want, len) != 0 || memcmp(tag, want_tag, 16) != 0)
        fail_msg("%s/%s seal, data %zu, AAD %zu, IV %zu", g->alg->name, g->var->name, len,
                 aadlen, ivlen);
    int rc = cb_gcm_open(g, in->iv, ivlen, in->aad, aadlen, buf + 1, buf + 1, len, tag, 16);
    if (rc != 0 || memcmp(buf + 1, in->pt, len) != 0)
        fail_msg("%s/%s open, data %zu, AAD %zu, IV %zu", g->alg->name, g->var->name, len,
                 aadlen, ivlen);
}

/* Every GCM variant against generic for a sweep of data, AAD and IV lengths. */
static void test_gcm_against_generic(void **state)
{
    (void)state;
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 1031};
    static const size_t aadlens[] = {0, 1, 13, 16, 17, 48};
    static const size_t ivlens[] = {12, 1, 8, 16, 60};
    static sweep_input in;
    uint8_t key[32];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(3 * i + 1);
    for (size_t i = 0; i < sizeof in.pt; i++)
        in.pt[i] = (uint8_t)(i * 7 + 5);
    memset(in.iv, 0x5c, sizeof in.iv);
    memset(in.aad, 0xa3, sizeof in.aad);
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->prim != CB_PRIM_GCM)
            continue;
        cb_gcm ref, g;
        assert_int_equal(cb_gcm_init(&ref, a, cb_variant_generic(a), key), 0);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            if (!runnable(cb_variant_at(vi), a))
                continue;
            assert_int_equal(cb_gcm_init(&g, a, cb_variant_at(vi), key), 0);
            for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
                for (size_t k = 0; k < sizeof aadlens / sizeof aadlens[0]; k++)
                    for (size_t n = 0; n < sizeof ivlens / sizeof ivlens[0]; n++)
                        compare_sweep(&ref, &g, &in, lens[l], aadlens[k], ivlens[n]);
            cb_gcm_free(&g);
        }
        cb_gcm_free(&ref);
    }
}

/* rsp_record: one record of a CAVP GCM response file, fields as hex text. */
typedef struct rsp_record {
    long count;
    char key[80], iv[300], pt[300], aad[300], ct[300], tag[40];
    int fail;
} rsp_record;

/* rsp_counts: what a file run covered, so the test can require FAIL records and IVs
 * other than 96 bits to have been seen. */
typedef struct rsp_counts {
    size_t records, fails, odd_ivs, short_tags;
} rsp_counts;

/* run_record checks one record with every GCM variant: a valid record by sealing and
 * opening it, a FAIL record by requiring open to reject it. */
static void run_record(const rsp_record *r, rsp_counts *n, long line)
{
    size_t klen;
    gcm_case c = {.source = "CAVP record"};
    c.key = tu_unhex(r->key, &klen);
    c.iv = tu_unhex(r->iv, &c.ivlen);
    c.aad = tu_unhex(r->aad, &c.aadlen);
    c.pt = tu_unhex(r->pt, &c.len);
    c.ct = tu_unhex(r->ct, &c.len);
    c.tag = tu_unhex(r->tag, &c.taglen);
    char name[16];
    snprintf(name, sizeof name, "aes-%zu-gcm", klen * 8);
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!runnable(v, a))
            continue;
        if (!r->fail) {
            check_case(a, v, &c);
            continue;
        }
        cb_gcm g;
        assert_int_equal(cb_gcm_init(&g, a, v, c.key), 0);
        uint8_t *out = malloc(c.len + 1);
        if (cb_gcm_open(&g, c.iv, c.ivlen, c.aad, c.aadlen, c.ct, out, c.len, c.tag,
                        c.taglen) != -1 ||
            !all_zero(out, c.len))
            fail_msg("%s/%s accepted the FAIL record ending at line %ld", a->name, v->name,
                     line);
        free(out);
        cb_gcm_free(&g);
    }
    n->records++;
    n->fails += r->fail != 0;
    n->odd_ivs += c.ivlen != 12;
    n->short_tags += c.taglen != 16;
    case_free(&c);
}

/* set_field copies "Name = value" into the record field it names. */
static void set_field(rsp_record *r, const char *name, const char *value)
{
    static const struct {
        const char *name;
        size_t off, size;
    } fields[] = {
        {"Key", offsetof(rsp_record, key), sizeof ((rsp_record *)0)->key},
        {"IV", offsetof(rsp_record, iv), sizeof ((rsp_record *)0)->iv},
        {"PT", offsetof(rsp_record, pt), sizeof ((rsp_record *)0)->pt},
        {"AAD", offsetof(rsp_record, aad), sizeof ((rsp_record *)0)->aad},
        {"CT", offsetof(rsp_record, ct), sizeof ((rsp_record *)0)->ct},
        {"Tag", offsetof(rsp_record, tag), sizeof ((rsp_record *)0)->tag},
    };
    if (strcmp(name, "Count") == 0) {
        r->count = strtol(value, NULL, 10);
        return;
    }
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        if (strcmp(name, fields[i].name) == 0) {
            assert_true(strlen(value) < fields[i].size);
            strcpy((char *)r + fields[i].off, value);
        }
    }
}

/* run_file reads a CAVP GCM file and runs the records whose Count is below per_section
 * (Count restarts at 0 in every [Keylen/IVlen/PTlen/AADlen/Taglen] section). */
static rsp_counts run_file(const char *file, long per_section)
{
    const char *dir = getenv("CB_CAVP_GCM_DIR") ? getenv("CB_CAVP_GCM_DIR") : CAVP_DIR;
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot read %s (Debian package python3-cryptography-vectors)", path);
    rsp_counts n = {0};
    rsp_record r = {.count = -1};
    long lineno = 0;
    int more = 1;
    while (more) {
        more = fgets(line, sizeof line, f) != NULL;
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char *eq = strstr(line, " = ");
        if (more && eq) {
            *eq = '\0';
            set_field(&r, line, eq + 3);
        } else if (more && strcmp(line, "FAIL") == 0) {
            r.fail = 1;
        } else if (line[0] == '\0' || !more) {
            if (r.count >= 0 && r.count < per_section)
                run_record(&r, &n, lineno);
            memset(&r, 0, sizeof r);
            r.count = -1;
        }
    }
    fclose(f);
    return n;
}

static void test_cavp_encrypt(void **state)
{
    (void)state;
    rsp_counts n = run_file("gcmEncryptExtIV128.rsp", 1);
    print_message("gcmEncryptExtIV128.rsp: %zu records, %zu with IVs other than 96 bits, "
                  "%zu with short tags\n", n.records, n.odd_ivs, n.short_tags);
    assert_true(n.records >= 300);
    assert_true(n.odd_ivs > 0 && n.short_tags > 0);
}

static void test_cavp_decrypt(void **state)
{
    (void)state;
    rsp_counts n = run_file("gcmDecrypt128.rsp", 2);
    print_message("gcmDecrypt128.rsp: %zu records, %zu FAIL, %zu with IVs other than 96 "
                  "bits, %zu with short tags\n",
                  n.records, n.fails, n.odd_ivs, n.short_tags);
    assert_true(n.records >= 300);
    assert_true(n.fails > 0 && n.odd_ivs > 0 && n.short_tags > 0);
}

/* A ctr32 call on message data gets all the message's whole blocks or at least
 * CB_GCM_CHUNK_BLOCKS, at every length around the chunk boundaries, sealing and
 * opening: what lets ce-i5t512 choose per message rather than per chunk. */
static void test_gcm_chunks(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("aes-128-gcm");
    uint8_t key[16] = {1}, iv[12] = {2}, tag[16];
    size_t max = 16 * (5 * CB_GCM_CHUNK_BLOCKS) + 15;
    uint8_t *msg = calloc(max, 1), *out = malloc(max);
    cb_gcm g;
    assert_non_null(a);
    assert_int_equal(cb_gcm_init(&g, a, &recording, key), 0);
    for (size_t len = 0; len <= max; len += len < 600 ? 1 : 7) {
        size_t whole = len / 16;
        size_t floor = whole < CB_GCM_CHUNK_BLOCKS ? whole : CB_GCM_CHUNK_BLOCKS;
        for (int open = 0; open < 2; open++) {
            rec_lo = msg, rec_hi = msg + len;
            rec_calls = rec_total = 0;
            rec_min = SIZE_MAX;
            if (open)
                (void)cb_gcm_open(&g, iv, sizeof iv, NULL, 0, msg, out, len, tag, 16);
            else
                cb_gcm_seal(&g, iv, sizeof iv, NULL, 0, msg, out, len, tag, 16);
            if (rec_total != whole || (rec_calls && rec_min < floor))
                fail_msg("%s %zu bytes: %zu ctr32 calls over %zu blocks, smallest %zu, "
                         "expected all %zu blocks in calls of at least %zu",
                         open ? "open" : "seal", len, rec_calls, rec_total, rec_min, whole,
                         floor);
        }
    }
    cb_gcm_free(&g);
    free(msg), free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gcm_vectors),
        cmocka_unit_test(test_ghash_vectors),
        cmocka_unit_test(test_gcm_rejects_tampering),
        cmocka_unit_test(test_gcm_against_generic),
        cmocka_unit_test(test_gcm_chunks),
        cmocka_unit_test(test_cavp_encrypt),
        cmocka_unit_test(test_cavp_decrypt),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
