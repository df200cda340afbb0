/*
 * reports/import/bssl.c - BoringSSL's and AWS-LC's `bssl speed` output: its text lines
 * "Did 540000 EVP-AES-128-GCM encrypt (16 bytes) operations in 100117us (5393689.4
 * ops/sec): 86.3 MB/s" (the byte count may also sit inside the description, as older
 * BoringSSL prints "AES-128-GCM (16 bytes) seal", or be absent), and its -json form,
 * one array of {"description", "numCalls", "microseconds" or "timeInMicroseconds",
 * "bytesPerCall", "primeSizePerCall"} objects.  Every result is kept: descriptions
 * cryptobench has an algorithm for take its name, direction and block size, the
 * others a normalised name (docs/compare.md, "Importing logs").
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "base/json_read.h"
#include "reports/import/readers.h"

/* ---- descriptions to cases ----------------------------------------------------------- */

/* The words that name the operation in a description, and their CSV direction.  seal
 * and open are the EVP_AEAD interface, which bssl times with 13 (TLS) or 11 bytes of
 * AAD; "key generation" is two words. */
static const struct {
    const char *word;
    const char *dir;
    int aead;
} op_words[] = {
    {"seal", "encrypt", 1},  {"open", "decrypt", 1},   {"encrypt", "encrypt", 0},
    {"decrypt", "decrypt", 0}, {"signing", "sign", 0}, {"sign", "sign", 0},
    {"verify", "verify", 0}, {"keygen", "keygen", 0},  {"key-gen", "keygen", 0},
    {"key generation", "keygen", 0}, {"encaps", "encaps", 0}, {"decaps", "decaps", 0},
};

/* strip_api drops bssl's interface prefix from a normalised name: "evp-" (EVP_CIPHER,
 * *evp set) and "aead-" (EVP_AEAD). */
static const char *strip_api(const char *name, int *evp)
{
    *evp = strncmp(name, "evp-", 4) == 0;
    if (*evp)
        return name + 4;
    return strncmp(name, "aead-", 5) == 0 ? name + 5 : name;
}

/* public_key_alg finds cryptobench's public-key algorithm for a normalised name:
 * rsa-2048 is rsa2048, ecdsa-p-256 ecdsap256, and ed25519, ml-kem-768 and mldsa65
 * are names or aliases. */
static const cb_alg *public_key_alg(const char *name)
{
    char buf[NAME_LEN];
    if (strncmp(name, "rsa-", 4) == 0 && cb_imp_all_digits(name + 4))
        snprintf(buf, sizeof buf, "rsa%s", name + 4);
    else if (strcmp(name, "ecdsa-p-256") == 0)
        snprintf(buf, sizeof buf, "ecdsap256");
    else
        snprintf(buf, sizeof buf, "%s", name);
    const cb_alg *a = cb_alg_find(buf);
    return a && cb_alg_per_op(a) ? a : NULL;
}

/* symmetric_alg finds cryptobench's cipher, hash or MAC for a normalised name, writing
 * its spelling into out: aes-128-gcm and chacha20-poly1305 directly, sha-256 (bssl's
 * spelling of the hashes) as sha256, hmac-sha256 as hmac(sha256). */
static const cb_alg *symmetric_alg(const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s", name);
    const cb_alg *a = cb_imp_symmetric_alg(out, len);
    if (a)
        return a;
    if (strncmp(name, "sha-", 4) == 0)
        snprintf(out, len, "sha%s", name + 4);
    else if (strncmp(name, "hmac-", 5) == 0)
        snprintf(out, len, "hmac(%s)", name + 5);
    else
        return NULL;
    a = cb_imp_symmetric_alg(out, len);
    if (!a)
        snprintf(out, len, "%s", name);
    return a;
}

/* find_op finds the first operation word of desc; NULL when it has none. */
static const char *find_op(const char *desc, size_t *which)
{
    for (const char *p = desc; *p; p++) {
        if (p != desc && p[-1] != ' ')
            continue;
        for (size_t i = 0; i < sizeof op_words / sizeof op_words[0]; i++) {
            size_t n = strlen(op_words[i].word);
            if (strncmp(p, op_words[i].word, n) == 0 && (p[n] == ' ' || !p[n])) {
                *which = i;
                return p;
            }
        }
    }
    return NULL;
}

/* known_case fills m when desc (without its byte count) is a case cryptobench has:
 * NAME OP with nothing after the operation but RSA's "(same key)" (the key is set up
 * once, as cryptobench's rows do), or Curve25519's arbitrary point multiplication,
 * which is one X25519 of a private key and a peer's point: ecdhx25519 derive. */
static int known_case(measure *m, const char *desc, size_t bytes)
{
    if (strcmp(desc, "Curve25519 arbitrary point multiplication") == 0 && !bytes) {
        const cb_alg *a = cb_alg_find("ecdhx25519");
        snprintf(m->name, sizeof m->name, "%s", a->name);
        snprintf(m->dir, sizeof m->dir, "derive");
        m->key_bits = a->key_bits;
        m->known = 1;
        return 1;
    }
    size_t op;
    const char *at = find_op(desc, &op);
    const char *tail = at ? at + strlen(op_words[op].word) : NULL;
    if (!at || at == desc || (*tail && strcmp(tail, " (same key)") != 0))
        return 0;
    char raw[NAME_LEN], name[NAME_LEN];
    cb_imp_copy_name(raw, desc, (size_t)(at - desc));
    cb_imp_normalise(name, sizeof name, raw);
    int evp;
    const char *bare = strip_api(name, &evp);
    const cb_alg *a = bytes ? NULL : public_key_alg(bare);
    if (a) {
        snprintf(m->name, sizeof m->name, "%s", a->name);
        snprintf(m->dir, sizeof m->dir, "%s", op_words[op].dir);
        m->key_bits = a->key_bits;
        m->known = cb_imp_times_direction(a, m->dir);
        return 1;
    }
    a = bytes ? symmetric_alg(bare, m->name, sizeof m->name) : NULL;
    if (!a || a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC || a->kind == CB_KIND_HMAC)
        return 0; /* a hash is named without an operation word */
    snprintf(m->dir, sizeof m->dir, "%s", op_words[op].dir);
    m->key_bits = a->key_bits;
    m->aead = a->kind == CB_KIND_AEAD; /* both interfaces pass 13 bytes of AAD */
    m->known = cb_imp_times_direction(a, m->dir);
    return 1 + evp;
}

/* digest_case fills m for "SHA-256 (16 bytes)": a hash or MAC cryptobench has, named
 * alone, with a byte count. */
static int digest_case(measure *m, const char *desc, size_t bytes)
{
    char name[NAME_LEN];
    cb_imp_normalise(name, sizeof name, desc);
    const cb_alg *a = bytes ? symmetric_alg(name, m->name, sizeof m->name) : NULL;
    if (!a || !(a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC || a->kind == CB_KIND_HMAC))
        return 0;
    snprintf(m->dir, sizeof m->dir, "digest");
    m->known = 1;
    return 1;
}

/*
 * foreign_case names a description cryptobench has no case for: the normalised
 * description without its operation word ("EVP-AES-128-GCM encrypt init" is
 * evp-aes-128-gcm-init, encrypt), in the operation's direction; without one, digest
 * when the result has a byte count (CMAC-AES-128-CBC, MD5-SHA-1) and derive when not
 * (point multiplications, key parsing).  A name that would read as one of
 * cryptobench's (AWS-LC's "ECDH X25519", which is not the X25519 the ecdhx25519 row
 * times) is prefixed "bssl-".
 */
static void foreign_case(measure *m, const char *desc, size_t bytes)
{
    size_t op;
    const char *at = find_op(desc, &op);
    char joined[CB_IMP_LINE_MAX], name[NAME_LEN - 5]; /* room for "bssl-" */
    if (at)
        snprintf(joined, sizeof joined, "%.*s%s", (int)(at - desc), desc,
                 at + strlen(op_words[op].word));
    else
        snprintf(joined, sizeof joined, "%s", desc);
    size_t jl = strlen(joined), sl = strlen(" (same key)");
    if (jl > sl && strcmp(joined + jl - sl, " (same key)") == 0)
        joined[jl - sl] = 0; /* as known_case reads it: "RSA 8192 verify (same key)" */
    cb_imp_normalise(name, sizeof name, joined);
    if (cb_alg_find(name))
        snprintf(m->name, sizeof m->name, "bssl-%s", name);
    else
        snprintf(m->name, sizeof m->name, "%s", name);
    snprintf(m->dir, sizeof m->dir, "%s", at ? op_words[op].dir : bytes ? "digest" : "derive");
    m->aead = at && op_words[op].aead;
}

/* add_result keeps one result: desc (no byte count in it), bytes per call (0: an
 * operation of its own), calls in us microseconds, read at line. */
static int add_result(importer *im, const char *desc, uint64_t bytes, uint64_t calls,
                      uint64_t us)
{
    if (us == 0)
        return cb_imp_fail(im, "a `bssl speed` result of %llu calls in no time: '%s'.",
                           (unsigned long long)calls, desc);
    if (bytes > SIZE_MAX / 2)
        return cb_imp_fail(im, "a `bssl speed` result of %llu bytes per call: '%s'.",
                           (unsigned long long)bytes, desc);
    measure *m = cb_imp_push(&im->bssl);
    int kind = known_case(m, desc, (size_t)bytes);
    if (!kind)
        kind = digest_case(m, desc, (size_t)bytes);
    if (!kind)
        foreign_case(m, desc, (size_t)bytes);
    const char *variant = im->o->variant ? im->o->variant : "bssl";
    /* The EVP_CIPHER and EVP_AEAD rows time one case through two interfaces: the EVP
     * ones are their own variant, so the two never pool as samples of one. */
    snprintf(m->driver, sizeof m->driver, "%s%s", variant, kind == 2 ? "-evp" : "");
    m->size = (size_t)bytes;
    m->count = calls;
    m->secs = (double)us / 1e6;
    m->line = im->line;
    im->bssl_seen = 1;
    return 1;
}

/* ---- text lines ---------------------------------------------------------------------- */

/* take_count reads the digits at *p into *out, moving *p past them. */
static int take_count(const char **p, uint64_t *out)
{
    char digits[24];
    size_t n = 0;
    while (isdigit((unsigned char)(*p)[n]) && n + 1 < sizeof digits) {
        digits[n] = (*p)[n];
        n++;
    }
    digits[n] = 0;
    if (n == 0 || cb_imp_parse_count(digits, out) != 0)
        return -1;
    *p += n;
    return 0;
}

/* take_decimal reads "5393689.4" at *p, moving *p past it. */
static int take_decimal(const char **p)
{
    size_t n = strspn(*p, "0123456789.");
    double v;
    if (cb_imp_parse_decimal(*p, n, &v) != 0)
        return -1;
    *p += n;
    return 0;
}

/* skip_word moves *p past word when it is there. */
static int skip_word(const char **p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0)
        return -1;
    *p += n;
    return 0;
}

/* cut_bytes takes the byte count out of a description: " (16 bytes)" or " (1 byte)"
 * wherever it is, the rest closed up.  Returns 0 when there is none. */
static uint64_t cut_bytes(char *desc)
{
    for (char *p = strstr(desc, " ("); p; p = strstr(p + 1, " (")) {
        const char *q = p + 2;
        uint64_t n;
        if (take_count(&q, &n) != 0 || (skip_word(&q, " bytes)") && skip_word(&q, " byte)")))
            continue;
        memmove(p, q, strlen(q) + 1);
        return n;
    }
    return 0;
}

/* bssl_did reads "Did N DESCRIPTION operations in Nus (R ops/sec)" with an optional
 * ": R MB/s"; a line that opens "Did " and a count but reads otherwise is refused. */
static int bssl_did(importer *im, const char *s)
{
    if (strncmp(s, "Did ", 4) != 0 || !isdigit((unsigned char)s[4]))
        return 0;
    const char *p = s + 4, *end = NULL;
    uint64_t calls, us;
    for (const char *f = strstr(p, " operations in "); f; f = strstr(f + 1, " operations in "))
        end = f;
    int ok = take_count(&p, &calls) == 0 && *p++ == ' ' && end && end > p;
    const char *desc = p;
    if (ok) {
        p = end + 15;
        ok = take_count(&p, &us) == 0 && skip_word(&p, "us (") == 0 && take_decimal(&p) == 0 &&
             skip_word(&p, " ops/sec)") == 0;
    }
    if (ok && *p)
        ok = skip_word(&p, ": ") == 0 && take_decimal(&p) == 0 && skip_word(&p, " MB/s") == 0 &&
             !*p;
    if (!ok)
        return cb_imp_fail(im, "a `bssl speed` line that does not read as 'Did N DESCRIPTION "
                           "operations in Nus (R ops/sec)[: R MB/s]': '%.200s'.", s);
    char d[CB_IMP_LINE_MAX];
    snprintf(d, sizeof d, "%.*s", (int)(end - desc), desc);
    uint64_t bytes = cut_bytes(d);
    return add_result(im, d, bytes, calls, us);
}

int cb_imp_bssl_line(importer *im, const char *s)
{
    return bssl_did(im, s);
}

/* ---- -json --------------------------------------------------------------------------- */

/* The fields of one result: the numbers, in the order of their names. */
enum { F_CALLS, F_US, F_US2, F_BYTES, F_PRIME, F_THREADS, F_THREADS2, F_COUNT };
static const char *const field_names[F_COUNT] = {
    "numCalls", "microseconds", "timeInMicroseconds", "bytesPerCall", "primeSizePerCall",
    "threads", "numThreads"};

/* json_object reads one result and keeps it. */
static int json_object(cb_json *j)
{
    char desc[CB_IMP_LINE_MAX - 64] = "", key[64];
    uint64_t v[F_COUNT] = {0};
    int have[F_COUNT] = {0}, have_desc = 0;
    const char *start = j->p;
    if (cb_json_char(j, '}'))
        return cb_json_fail(j, "a result with no fields");
    do {
        if (cb_json_string(j, key, sizeof key, "a name"))
            return -1;
        if (!cb_json_char(j, ':'))
            return cb_json_fail(j, "expected ':' after a name");
        size_t f = 0;
        while (f < F_COUNT && strcmp(key, field_names[f]) != 0)
            f++;
        if (strcmp(key, "description") == 0) {
            if (have_desc || cb_json_string(j, desc, sizeof desc, "a description"))
                return have_desc ? cb_json_fail(j, "\"description\" given twice") : -1;
            have_desc = 1;
        } else if (f < F_COUNT) {
            int whole;
            double value;
            if (have[f])
                return cb_json_fail(j, "a field given twice");
            if (cb_json_number(j, &value, &v[f], &whole))
                return -1;
            if (!whole)
                return cb_json_fail(j, "a count that is not a whole number");
            have[f] = 1;
        } else if (cb_json_peek(j) == '[' || cb_json_peek(j) == '{') {
            return cb_json_fail(j, "a nested value (bssl writes none)");
        } else if (cb_json_skip(j)) {
            return -1;
        }
    } while (cb_json_char(j, ','));
    if (!cb_json_char(j, '}'))
        return cb_json_fail(j, "expected ',' or '}' in a result");
    if (!have_desc || !have[F_CALLS] || have[F_US] == have[F_US2])
        return cb_json_fail(j, "a result needs \"description\", \"numCalls\" and one of "
                            "\"microseconds\" or \"timeInMicroseconds\"");
    /* the text form prints these in the description: the JSON one gets them back, so
     * the two forms name a case alike */
    size_t l = strlen(desc);
    if (have[F_PRIME])
        snprintf(desc + l, sizeof desc - l, " (%llu bits)", (unsigned long long)v[F_PRIME]);
    l = strlen(desc);
    if (have[F_THREADS] || have[F_THREADS2])
        snprintf(desc + l, sizeof desc - l, " (%llu threads)",
                 (unsigned long long)v[have[F_THREADS] ? F_THREADS : F_THREADS2]);
    importer *im = j->ctx;
    im->line = cb_json_line(j, start); /* the row points at its object's line */
    return add_result(im, desc, v[F_BYTES], v[F_CALLS], v[have[F_US] ? F_US : F_US2]) < 0
               ? -1 : 0;
}

int cb_imp_bssl_json(importer *im, const char *text, size_t len)
{
    cb_json j;
    cb_imp_json_start(&j, im, "`bssl speed -json` output", text, len);
    if (!cb_json_char(&j, '['))
        return 0;
    cb_json_blank(&j);
    if (j.p >= j.end || (*j.p != '{' && *j.p != ']'))
        return 0; /* a dmesg timestamp, "[   12.345678] ...", is not JSON */
    im->bssl_json = 1;
    if (!cb_json_char(&j, ']')) {
        do {
            if (!cb_json_char(&j, '{'))
                return cb_json_fail(&j, "expected '{'");
            if (json_object(&j))
                return -1;
        } while (cb_json_char(&j, ','));
        if (!cb_json_char(&j, ']'))
            return cb_json_fail(&j, j.p >= j.end ? "the array is not closed"
                                              : "expected ',' or ']' after a result");
    }
    cb_json_blank(&j);
    if (j.p < j.end)
        return cb_json_fail(&j, "text after the array");
    return 1;
}
