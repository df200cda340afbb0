/*
 * tests/test_digest.c - every registered digest variant against the embedded known
 * answers and the NIST CAVP SHAVS and SHA3VS ShortMsg/LongMsg files (and the RFC 1321
 * and RIPEMD-160 files in their grammar); misaligned input giving the same digest as
 * aligned input for every length 0..300; the context wipe being called on the context
 * the message went through; how digest.c calls a SHA-3 absorb (rate, blocks, wipe).
 *
 * Variants are found by walking the registry, so a kernel added later (assembly, or
 * one registered at run time) is tested here without touching this file.  A variant
 * whose capabilities this CPU lacks is reported as UNAVAILABLE, never passed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/modes/digest.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"
#include "tests/support.h"

/* Debian's python3-cryptography-vectors; CB_HASH_VECTORS overrides the folder. */
#define CAVP_HASH_DIR "/usr/lib/python3/dist-packages/cryptography_vectors/hashes"

/* ---- helpers ---------------------------------------------------------------------- */

/* hex_value returns the value of one hex digit, or -1. */
static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* unhex decodes n hex digits into n / 2 bytes of a fresh buffer (never NULL). */
static uint8_t *unhex(const char *hex, size_t n)
{
    uint8_t *out = malloc(n / 2 + 1);
    assert_non_null(out);
    assert_int_equal(n % 2, 0);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        assert_true(hi >= 0 && lo >= 0);
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return out;
}

/*
 * check_all_variants digests msg with every runnable variant of a and compares with
 * expect; what names the case in a failure.  Returns how many variants ran.
 */
static size_t check_all_variants(const cb_alg *a, const uint8_t *msg, size_t len,
                                 const uint8_t *expect, const char *what)
{
    size_t ran = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        uint8_t out[CB_DIGEST_MAX];
        if (!tu_runnable_said(v, a))
            continue;
        cb_digest(a, v, msg, len, out);
        if (memcmp(out, expect, a->out_bytes) != 0)
            fail_msg("%s/%s: wrong digest for %s (%zu bytes)", a->name, v->name, what, len);
        ran++;
    }
    return ran;
}

/* xorshift64 makes reproducible test messages. */
static uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* ---- embedded known answers -------------------------------------------------------- */

/* vector_message builds a vector's input: hex, or text repeated; *len gets its size. */
static uint8_t *vector_message(const cb_vector *t, size_t *len)
{
    if (t->msg) {
        *len = strlen(t->msg) / 2;
        return unhex(t->msg, strlen(t->msg));
    }
    size_t unit = strlen(t->msg_ascii), times = t->repeat ? t->repeat : 1;
    uint8_t *m = malloc(unit * times + 1);
    assert_non_null(m);
    for (size_t i = 0; i < times; i++)
        memcpy(m + i * unit, t->msg_ascii, unit);
    *len = unit * times;
    return m;
}

/* test_vectors: every embedded known answer through every runnable variant. */
static void test_vectors(void **unused)
{
    (void)unused;
    size_t rows = 0;
    for (const cb_vector *t = cb_vectors_digest; t->alg; t++, rows++) {
        const cb_alg *a = cb_alg_find(t->alg);
        assert_non_null(a);
        assert_int_equal(a->kind, CB_KIND_DIGEST);
        assert_int_equal(strlen(t->expect), 2 * a->out_bytes);
        size_t len;
        uint8_t *msg = vector_message(t, &len);
        uint8_t *expect = unhex(t->expect, strlen(t->expect));
        /* generic is always built, so at least one variant must have run */
        assert_true(check_all_variants(a, msg, len, expect, t->source) >= 1);
        free(msg);
        free(expect);
    }
    /* The loop stopped at the table's end, not at a row left empty by mistake. */
    assert_int_equal(rows, cb_vectors_digest_count);
}

/* test_every_digest_has_vectors: a digest algorithm in the table (kernels/algs.c)
 * without an embedded known answer would pass selftest's cross-check against a wrong
 * generic; every one must bring at least one vector. */
static void test_every_digest_has_vectors(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (a->kind == CB_KIND_DIGEST && cb_vectors_for(a->name) == 0)
            fail_msg("%s has no row in kernels/check/vectors/vectors_digest.c", a->name);
    }
}

/* ---- NIST CAVP SHAVS files ------------------------------------------------------- */

/*
 * value_of returns the text after "Key = " on line, with the line end cut off, or
 * NULL when line holds another key.  *n gets the value's length.
 */
static const char *value_of(const char *line, const char *key, size_t *n)
{
    size_t kl = strlen(key);
    if (strncmp(line, key, kl) != 0 || strncmp(line + kl, " = ", 3) != 0)
        return NULL;
    const char *v = line + kl + 3;
    *n = strcspn(v, "\r\n");
    return v;
}

/*
 * run_rsp checks every Len/Msg/MD record of a SHAVS ShortMsg or LongMsg file (their
 * whole grammar: comments, an [L = n] header, then records of three lines) through
 * every variant of alg.  Returns the number of records.
 */
static size_t run_rsp(const char *alg, const char *file)
{
    const char *dir = getenv("CB_HASH_VECTORS") ? getenv("CB_HASH_VECTORS") : CAVP_HASH_DIR;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s (Debian package python3-cryptography-vectors)", path);
    const cb_alg *a = cb_alg_find(alg);
    assert_non_null(a);

    static char line[1 << 17]; /* LongMsg lines reach 102400 hex digits */
    long bits = -1;
    uint8_t *msg = NULL;
    size_t records = 0, n;
    const char *v;
    while (fgets(line, sizeof line, f)) {
        assert_non_null(strchr(line, '\n')); /* a line longer than the buffer */
        if ((v = value_of(line, "Len", &n))) {
            bits = strtol(v, NULL, 10);
            assert_true(bits >= 0 && bits % 8 == 0); /* byte-oriented files only */
        } else if ((v = value_of(line, "Msg", &n))) {
            free(msg);
            msg = unhex(v, n);
        } else if ((v = value_of(line, "MD", &n))) {
            assert_true(bits >= 0 && msg != NULL);
            assert_int_equal(n, 2 * a->out_bytes);
            uint8_t *md = unhex(v, n);
            char what[64];
            snprintf(what, sizeof what, "%s Len = %ld", file, bits);
            assert_true(check_all_variants(a, msg, (size_t)bits / 8, md, what) >= 1);
            free(md);
            records++;
            bits = -1;
        }
    }
    free(msg);
    fclose(f);
    return records;
}

/*
 * test_cavp_<alg>: the ShortMsg and LongMsg files of one algorithm, with their record
 * counts so a truncated or unparsed file fails.  ShortMsg gives every byte length from
 * 0 to one block (0..64 bytes for SHA-1/224/256, 0..128 for SHA-384/512), so each
 * padding boundary (55/56, 63/64, 111/112, 127/128 bytes) is covered; LongMsg covers
 * many whole blocks.
 */
static void test_cavp_sha1(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha1", "SHA1/SHA1ShortMsg.rsp"), 65);
    assert_int_equal(run_rsp("sha1", "SHA1/SHA1LongMsg.rsp"), 64);
}

static void test_cavp_sha224(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha224", "SHA2/SHA224ShortMsg.rsp"), 65);
    assert_int_equal(run_rsp("sha224", "SHA2/SHA224LongMsg.rsp"), 64);
}

static void test_cavp_sha256(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha256", "SHA2/SHA256ShortMsg.rsp"), 65);
    assert_int_equal(run_rsp("sha256", "SHA2/SHA256LongMsg.rsp"), 64);
}

static void test_cavp_sha384(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha384", "SHA2/SHA384ShortMsg.rsp"), 129);
    assert_int_equal(run_rsp("sha384", "SHA2/SHA384LongMsg.rsp"), 128);
}

static void test_cavp_sha512(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha512", "SHA2/SHA512ShortMsg.rsp"), 129);
    assert_int_equal(run_rsp("sha512", "SHA2/SHA512LongMsg.rsp"), 128);
}

static void test_cavp_sha512_t(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("sha512-224", "SHA2/SHA512_224ShortMsg.rsp"), 129);
    assert_int_equal(run_rsp("sha512-224", "SHA2/SHA512_224LongMsg.rsp"), 128);
    assert_int_equal(run_rsp("sha512-256", "SHA2/SHA512_256ShortMsg.rsp"), 129);
    assert_int_equal(run_rsp("sha512-256", "SHA2/SHA512_256LongMsg.rsp"), 128);
}

/* SHA3VS ShortMsg gives every byte length from 0 to the rate (144, 136, 104, 72
 * bytes), LongMsg 100 multi-block messages. */
static void test_cavp_sha3(void **unused)
{
    (void)unused;
    static const struct {
        const char *alg, *short_file, *long_file;
        size_t short_records;
    } files[] = {
        {"sha3-224", "SHA3/SHA3_224ShortMsg.rsp", "SHA3/SHA3_224LongMsg.rsp", 145},
        {"sha3-256", "SHA3/SHA3_256ShortMsg.rsp", "SHA3/SHA3_256LongMsg.rsp", 137},
        {"sha3-384", "SHA3/SHA3_384ShortMsg.rsp", "SHA3/SHA3_384LongMsg.rsp", 105},
        {"sha3-512", "SHA3/SHA3_512ShortMsg.rsp", "SHA3/SHA3_512LongMsg.rsp", 73},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        assert_int_equal(run_rsp(files[i].alg, files[i].short_file), files[i].short_records);
        assert_int_equal(run_rsp(files[i].alg, files[i].long_file), 100);
    }
}

/* The RFC 1321 A.5 suite in the same Len/Msg/MD grammar. */
static void test_cavp_md5(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("md5", "MD5/rfc-1321.txt"), 7);
}

/* The RIPEMD-160 page's values as the package ships them (ripevectors.txt). */
static void test_cavp_rmd160(void **unused)
{
    (void)unused;
    assert_int_equal(run_rsp("rmd160", "ripemd160/ripevectors.txt"), 8);
}

/* ---- layouts every variant must handle ------------------------------------------- */

/* each_digest_variant calls check on every runnable (algorithm, variant) pair of
 * every digest algorithm and returns how many pairs there were. */
static size_t each_digest_variant(void (*check)(const cb_alg *, const cb_variant *))
{
    size_t pairs = 0;
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_DIGEST)
            continue;
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!tu_runnable_said(v, a))
                continue;
            check(a, v);
            pairs++;
        }
    }
    return pairs;
}

enum { MAXLEN = 300, MAXOFF = 7 };

/*
 * check_misaligned: every length 0..MAXLEN (all padding boundaries of both block
 * sizes, up to more than two 128-byte blocks) digested from offsets 1..MAXOFF gives
 * what offset 0 gives, so no kernel assumes aligned words.
 */
static void check_misaligned(const cb_alg *a, const cb_variant *v)
{
    _Alignas(16) uint8_t base[MAXLEN + MAXOFF + 16], shifted[sizeof base];
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < sizeof base; i++)
        base[i] = (uint8_t)(xorshift64(&seed) >> 56);

    for (size_t len = 0; len <= MAXLEN; len++) {
        uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
        cb_digest(a, v, base, len, want);
        for (size_t off = 1; off <= MAXOFF; off++) {
            memcpy(shifted + off, base, len);
            cb_digest(a, v, shifted + off, len, got);
            if (memcmp(want, got, a->out_bytes) != 0)
                fail_msg("%s/%s: %zu bytes at offset %zu differ from offset 0", a->name,
                         v->name, len, off);
        }
    }
}

/* check_null_empty: an empty message may come as a NULL pointer (a zero-length
 * malloc, an empty KAT record); it must give the digest of "" without touching it. */
static void check_null_empty(const cb_alg *a, const cb_variant *v)
{
    uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX];
    cb_digest(a, v, (const uint8_t *)"", 0, want);
    cb_digest(a, v, NULL, 0, got);
    assert_memory_equal(want, got, a->out_bytes);
}

/* digest_algs counts the digest algorithms of the table, each of which has at least
 * its generic variant. */
static size_t digest_algs(void)
{
    size_t n = 0;
    for (size_t i = 0; i < cb_alg_count(); i++)
        n += cb_alg_at(i)->kind == CB_KIND_DIGEST;
    return n;
}

/* test_misaligned and test_null_empty run their check on every variant of every
 * digest algorithm. */
static void test_misaligned(void **unused)
{
    (void)unused;
    assert_true(each_digest_variant(check_misaligned) >= digest_algs());
}

static void test_null_empty(void **unused)
{
    (void)unused;
    assert_true(each_digest_variant(check_null_empty) >= digest_algs());
}

/* check_pieces: the digest of a message fed in two pieces at every split (and with
 * the context copied at the split, then finished) is the one-shot digest, for every
 * length around one and two blocks: the block buffer's every state, BLAKE2's held-back
 * last block included. */
static void check_pieces(const cb_alg *a, const cb_variant *v)
{
    uint8_t msg[300], one[64], two[64], copied[64];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 29 + 7);
    size_t block = a->block_bytes;
    size_t lens[] = {0, 1, block - 1, block, block + 1, 2 * block - 1, 2 * block, 2 * block + 3};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li] < sizeof msg ? lens[li] : sizeof msg;
        cb_digest(a, v, msg, len, one);
        for (size_t cut = 0; cut <= len; cut++) {
            cb_digest_ctx c, d;
            assert_int_equal(cb_digest_init(&c, a, v), 0);
            cb_digest_update(&c, msg, cut);
            cb_digest_copy(&d, &c);
            cb_digest_update(&c, msg + cut, len - cut);
            cb_digest_final(&c, two);
            cb_digest_update(&d, msg + cut, len - cut);
            cb_digest_final(&d, copied);
            if (memcmp(one, two, a->out_bytes) || memcmp(one, copied, a->out_bytes))
                fail_msg("%s/%s: %zu bytes cut at %zu differ from the one-shot digest",
                         a->name, v->name, len, cut);
        }
    }
}

static void test_pieces(void **unused)
{
    (void)unused;
    assert_true(each_digest_variant(check_pieces) >= digest_algs());
}

/* ---- the context wipe -------------------------------------------------------------- */

/* What the probe variants saw, for test_wipe_called and test_sponge_calls. */
static struct {
    int calls;
    size_t len;
    uint8_t seen[512];
    int blocks_calls;          /* the SHA-3 probe's absorb calls, the first two kept: */
    uint64_t rate[2];          /* the rate in the state */
    size_t nblocks[2];
    const uint8_t *in[2];
} probe;

/* probe_blocks hands the work to the generic SHA-256 compression. */
static void probe_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    cb_sha256_generic_ops.blocks(state, in, nblocks);
}

/* probe_wipe records the region it is asked to clear, then clears it. */
static void probe_wipe(void *p, size_t len)
{
    probe.calls++;
    probe.len = len;
    if (len <= sizeof probe.seen)
        memcpy(probe.seen, p, len);
    cb_wipe(p, len);
}

/* probe_variant: a run-time registered variant whose wipe can be observed. */
static const cb_digest_ops probe_ops = {probe_blocks, probe_wipe};
static const cb_variant probe_variant = {
    "wipe-probe", "test", CB_PRIM_SHA256, 0, 0, &probe_ops,
    "generic SHA-256 with a wipe that records its calls"};

/* sponge_probe_blocks records how it is called, then absorbs with the generic kernel. */
static void sponge_probe_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    const cb_keccak_state *s = state;
    if (probe.blocks_calls < 2) {
        probe.rate[probe.blocks_calls] = s->rate;
        probe.nblocks[probe.blocks_calls] = nblocks;
        probe.in[probe.blocks_calls] = in;
    }
    probe.blocks_calls++;
    cb_sha3_generic_ops.blocks(state, in, nblocks);
}

/* sponge_probe: the same for SHA-3, whose absorb calls are recorded too. */
static const cb_digest_ops sponge_probe_ops = {sponge_probe_blocks, probe_wipe};
static const cb_variant sponge_probe = {
    "sponge-probe", "test", CB_PRIM_SHA3, 0, 0, &sponge_probe_ops,
    "generic SHA-3 absorb that records how digest.c calls it"};

/* contains reports whether needle[0..n) occurs in hay[0..len). */
static int contains(const uint8_t *hay, size_t len, const void *needle, size_t n)
{
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(hay + i, needle, n) == 0)
            return 1;
    return 0;
}

/*
 * test_wipe_called: one digest calls the variant's wipe exactly once, on a region that
 * holds both the final chaining value (in native words) and the last padded block
 * (ending with the big-endian bit length): the context, not some other buffer.
 */
static void test_wipe_called(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find("sha256");
    static const char text[] = "the context must not outlive the digest";
    size_t len = sizeof text - 1;
    uint8_t out[32], ref[32];

    memset(&probe, 0, sizeof probe);
    cb_digest(a, &probe_variant, (const uint8_t *)text, len, out);
    assert_int_equal(probe.calls, 1);
    assert_true(probe.len >= 32 + 64 && probe.len <= sizeof probe.seen);

    cb_digest(a, cb_variant_generic(a), (const uint8_t *)text, len, ref);
    assert_memory_equal(out, ref, 32);

    uint32_t words[8];
    for (int i = 0; i < 8; i++)
        words[i] = (uint32_t)out[4 * i] << 24 | (uint32_t)out[4 * i + 1] << 16 |
                   (uint32_t)out[4 * i + 2] << 8 | out[4 * i + 3];
    assert_true(contains(probe.seen, probe.len, words, sizeof words));
    const uint8_t bitlen[8] = {0, 0, 0, 0, 0, 0, (uint8_t)(len * 8 >> 8), (uint8_t)(len * 8)};
    assert_true(contains(probe.seen, probe.len, bitlen, sizeof bitlen));
}

/*
 * test_sponge_calls: for each SHA-3 algorithm and a message of two whole rates and
 * ten bytes, digest.c makes exactly two absorb calls, the caller's two blocks
 * straight from its buffer and then the one padded block, both with the algorithm's
 * rate in the state; and one wipe, of the state and one block (sizeof
 * cb_keccak_state + rate), which holds the final lanes (the digest's first eight
 * bytes are lane 0, little-endian).
 */
static void test_sponge_calls(void **unused)
{
    (void)unused;
    static const char *const names[] = {"sha3-224", "sha3-256", "sha3-384", "sha3-512"};
    uint8_t msg[2 * 144 + 10];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 37 + 11);
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        size_t r = a->block_bytes, len = 2 * r + 10;
        uint8_t got[CB_DIGEST_MAX], want[CB_DIGEST_MAX];
        memset(&probe, 0, sizeof probe);
        cb_digest(a, &sponge_probe, msg, len, got);
        cb_digest(a, cb_variant_generic(a), msg, len, want);
        assert_memory_equal(got, want, a->out_bytes);
        assert_int_equal(probe.blocks_calls, 2);
        assert_int_equal(probe.rate[0], r);
        assert_int_equal(probe.rate[1], r);
        assert_int_equal(probe.nblocks[0], 2);
        assert_ptr_equal(probe.in[0], msg);
        assert_int_equal(probe.nblocks[1], 1);
        assert_int_equal(probe.calls, 1);
        assert_int_equal(probe.len, sizeof(cb_keccak_state) + r);
        uint64_t lane0 = 0;
        for (int i = 7; i >= 0; i--)
            lane0 = lane0 << 8 | got[i];
        assert_memory_equal(probe.seen, &lane0, sizeof lane0);
    }
}

/* register_probe adds the probes before any test walks the registry, so the
 * vector and CAVP tests also exercise run-time registered variants. */
static int register_probe(void **unused)
{
    (void)unused;
    return cb_variant_register(&probe_variant) || cb_variant_register(&sponge_probe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),     cmocka_unit_test(test_every_digest_has_vectors),
        cmocka_unit_test(test_cavp_md5),
        cmocka_unit_test(test_cavp_rmd160),
        cmocka_unit_test(test_cavp_sha1),   cmocka_unit_test(test_cavp_sha224),
        cmocka_unit_test(test_cavp_sha256), cmocka_unit_test(test_cavp_sha384),
        cmocka_unit_test(test_cavp_sha512), cmocka_unit_test(test_cavp_sha512_t),
        cmocka_unit_test(test_cavp_sha3),   cmocka_unit_test(test_misaligned),
        cmocka_unit_test(test_null_empty),  cmocka_unit_test(test_pieces),  cmocka_unit_test(test_wipe_called),
        cmocka_unit_test(test_sponge_calls),
    };
    return cmocka_run_group_tests(tests, register_probe, NULL);
}
