/*
 * reports/import/tcrypt.c - Linux tcrypt logs (with or without dmesg timestamps), to
 * the print formats of crypto/tcrypt.c in Linux 6.x: "testing speed of [async |sync
 * |multibuffer ]ALG (DRIVER) DIRECTION" headings and "test N (...)" results in
 * operations-per-second, opers/sec (hashes, one or several updates per digest) and
 * cycle-count form.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* ---- Linux tcrypt ---------------------------------------------------------------- */

/* block_mode reports whether a crypto API template is a block-cipher mode. */
static int block_mode(const char *mode)
{
    static const char *const modes[] = {"ecb", "cbc", "ctr", "cfb", "ofb", "xts",
                                        "lrw", "pcbc", "cts", "gcm", "ccm", "ocb"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(mode, modes[i]) == 0)
            return 1;
    return 0;
}

/*
 * cb_imp_kernel_name writes our name for a crypto API name and key size into out: a block
 * mode over one cipher becomes OpenSSL's spelling, cbc(aes) with a 128-bit key
 * aes-128-cbc, cbc(des3_ede) des-ede3-cbc, cbc(camellia) camellia-128-cbc, and
 * xts(aes) with a 256-bit key (two AES keys) aes-128-xts; hashes and other shapes
 * (hmac(sha256), rfc4106(gcm(aes))) keep the API name.  Returns cryptobench's
 * algorithm when it has one.  kcapi-speed's reader (reports/import/kcapi.c) names the
 * kernel's algorithms with it too.
 */
const cb_alg *cb_imp_kernel_name(const char *api, unsigned key_bits, char *out, size_t len)
{
    char mode[16], cipher[24];
    const char *open = strchr(api, '('), *close = open ? strchr(open, ')') : NULL;
    size_t ml = open ? (size_t)(open - api) : 0, cl = close ? (size_t)(close - open - 1) : 0;
    cb_imp_lower_copy(out, len, api);
    if (!close || close[1] || ml == 0 || ml >= sizeof mode || cl == 0 || cl >= sizeof cipher)
        return cb_imp_symmetric_alg(out, len);
    cb_imp_lower_copy(mode, ml + 1, api);
    cb_imp_lower_copy(cipher, cl + 1, open + 1);
    if (!block_mode(mode) || strchr(cipher, '('))
        return cb_imp_symmetric_alg(out, len);
    unsigned bits = strcmp(mode, "xts") == 0 ? key_bits / 2 : key_bits;
    if (strcmp(cipher, "des3_ede") == 0)
        snprintf(out, len, "des-ede3-%s", mode);
    else if (strcmp(cipher, "des") == 0)
        snprintf(out, len, "des-%s", mode);
    else if (bits)
        snprintf(out, len, "%s-%u-%s", cipher, bits, mode);
    else
        snprintf(out, len, "%s-%s", cipher, mode);
    return cb_imp_symmetric_alg(out, len);
}

/*
 * tcrypt_heading reads "testing speed of [async |sync |multibuffer ]cbc(aes)
 * (cbc-aes-ce) decryption" ("sync" since Linux 4.20, when the skcipher test says which
 * API it asked for).  A multibuffer test keeps num_mb requests in flight and counts
 * every one: another measurement than one request at a time, so its rows are the
 * driver's "-mb" variant and never meet the single-request rows in a comparison.
 */
static int tcrypt_heading(importer *im, const char *line)
{
    const char *p = strstr(line, "testing speed of ");
    if (!p)
        return 0;
    p += 17;
    int mb = 0;
    if (!strncmp(p, "async ", 6))
        p += 6;
    else if (!strncmp(p, "sync ", 5))
        p += 5;
    else if (!strncmp(p, "multibuffer ", 12)) {
        p += 12;
        mb = 1;
    }
    const char *sp = strstr(p, " (");
    const char *close = sp ? strchr(sp + 2, ')') : NULL;
    im->tcrypt_seen = 1;
    im->tc_alg[0] = 0;
    if (!sp || !close)
        return 1;
    cb_imp_copy_name(im->tc_alg, p, (size_t)(sp - p));
    size_t dl = (size_t)(close - sp - 2);
    cb_imp_copy_name(im->tc_driver, sp + 2, mb && dl + 4 > NAME_LEN ? NAME_LEN - 4 : dl);
    if (mb)
        strcat(im->tc_driver, "-mb");
    const char *dir = close + 1;
    while (*dir == ' ')
        dir++;
    snprintf(im->tc_dir, sizeof im->tc_dir, "%s",
             !strncmp(dir, "encryption", 10) ? "encrypt"
             : !strncmp(dir, "decryption", 10) ? "decrypt" : "digest");
    return 1;
}

/* inner_number finds "<n> <what>" inside a test line's parentheses. */
static int inner_number(const char *inner, const char *what, uint64_t *out)
{
    const char *w = strstr(inner, what);
    if (!w)
        return 0;
    const char *d = w;
    while (d > inner && d[-1] == ' ')
        d--;
    const char *b = d;
    while (b > inner && isdigit((unsigned char)b[-1]))
        b--;
    if (b == d || d - b > 19)
        return 0;
    *out = strtoull(b, NULL, 10);
    return 1;
}

/*
 * tcrypt_result reads what follows a test line's "): " into m: "95545 operations in 1
 * seconds (...)" and "123 opers/sec, ..." (counted in time), "1 operation in 232
 * cycles (16 bytes)" and "1234 cycles/operation, 77 cycles/byte" (cycle mode: tcrypt
 * averages 8 runs and prints cycles per operation).  Returns 0 for any other form,
 * and for a cycle count under one cycle an operation, which no operation takes (the
 * CSV keeps whole cycles: it would read back as no measurement at all).
 */
static int tcrypt_result(const char *result, size_t block, measure *m)
{
    char rest[256];
    snprintf(rest, sizeof rest, "%s", result);
    char *tok[MAX_TOKENS];
    int n = cb_imp_tokenize(rest, tok);
    uint64_t a, b;
    if (n >= 5 && !strncmp(tok[1], "operation", 9) && !strcmp(tok[2], "in") &&
        !cb_imp_parse_count(tok[0], &a) && !cb_imp_parse_count(tok[3], &b)) {
        if (!strcmp(tok[4], "seconds") && b) {
            m->count = a;
            m->secs = (double)b;
            return 1;
        }
        if (!strcmp(tok[4], "cycles")) {
            m->cycles = a ? (double)b / (double)a : 0;
            return m->cycles >= 1;
        }
        return 0;
    }
    if (n >= 2 && !cb_imp_parse_count(tok[0], &a)) {
        if (!strcmp(tok[1], "opers/sec,")) {
            m->rate = (double)a * (double)block; /* bytes per second, as tables give */
            return 1;
        }
        if (!strcmp(tok[1], "cycles/operation,")) {
            m->cycles = (double)a;
            return m->cycles >= 1;
        }
    }
    return 0;
}

/*
 * tcrypt_test reads "test 4 (128 bit key, 8192 byte blocks): <result>" and the hash
 * form "test 1 (64 byte blocks, 16 bytes per update, 4 updates): <result>".  A hash
 * fed in several updates is another operation than one digest of the block: it is
 * kept as its own algorithm, "sha256-16B-updates", so it never meets the one-update
 * case in a comparison.
 */
static int tcrypt_test(importer *im, const char *line)
{
    /* the hash tests print "test%3u", so test 100 on is "test100 (" */
    if (strncmp(line, "test", 4) != 0 || (line[4] != ' ' && !isdigit((unsigned char)line[4])) ||
        !im->tcrypt_seen)
        return 0;
    const char *open = strchr(line, '('), *close = open ? strstr(open, "): ") : NULL;
    if (!open || !close)
        return 0;
    char inner[128];
    size_t il = (size_t)(close - open - 1);
    snprintf(inner, sizeof inner, "%.*s", (int)(il < sizeof inner ? il : sizeof inner - 1),
             open + 1);
    uint64_t key = 0, block = 0, per_update = 0;
    inner_number(inner, "bit key", &key);
    if (!inner_number(inner, "byte blocks", &block) || block == 0 || key > UINT32_MAX ||
        !im->tc_alg[0])
        return 1;
    measure got;
    memset(&got, 0, sizeof got);
    got.rate = -1;
    if (!tcrypt_result(close + 3, (size_t)block, &got)) {
        im->tc_unread++;
        return 1;
    }
    measure *m = cb_imp_push(&im->tcrypt);
    *m = got;
    const cb_alg *a = cb_imp_kernel_name(im->tc_alg, (unsigned)key, m->name, sizeof m->name);
    int digest = !strcmp(im->tc_dir, "digest") ||
                 (a && (a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ||
                        a->kind == CB_KIND_HMAC));
    m->known = a != NULL;
    m->key_bits = digest ? 0 : a ? a->key_bits : (unsigned)key;
    uint64_t updates = 0;
    int has_per_update = inner_number(inner, "bytes per update", &per_update);
    int has_updates = inner_number(inner, "updates", &updates);
    if ((has_per_update && (per_update == 0 || per_update > block)) ||
        (has_updates && updates == 0)) {
        return cb_imp_fail(im, "a tcrypt hash test of %llu bytes per update and %llu updates "
                           "on %llu-byte blocks describes no operation.",
                           (unsigned long long)per_update, (unsigned long long)updates,
                           (unsigned long long)block);
    }
    if (digest && has_per_update && per_update != block) {
        size_t l = strlen(m->name);
        snprintf(m->name + l, sizeof m->name - l, "-%lluB-updates",
                 (unsigned long long)per_update);
        m->known = 0;
    }
    m->size = (size_t)block;
    m->line = im->line;
    snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : im->tc_driver);
    snprintf(m->dir, sizeof m->dir, "%s", digest ? "digest" : im->tc_dir);
    return 1;
}


/* ---- entry point ------------------------------------------------------------------ */

int cb_imp_tcrypt_line(importer *im, const char *s)
{
    int r;
    if ((r = tcrypt_heading(im, s)) || (r = tcrypt_test(im, s)))
        return r;
    return 0;
}
