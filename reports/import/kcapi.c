/*
 * reports/import/kcapi.c - libkcapi's kcapi-speed output (speed-test/, its
 * cp_print_status): result lines "AES(AESNI) CBC(ASM) 128|e|    4096 bytes|   1.23
 * GB/s|301234 ops/s", their -r form "AES(AESNI) CBC(ASM) 128,e,4096,1320000000,
 * 301234", "NAME | untested", and the -l listing "skcipher | AES(AESNI) CBC(ASM) 128
 * | cbc-aes-aesni | e" that names each test's kernel driver.  A test name
 * ("[HMAC ]CIPHER(IMPL)[ MODE(IMPL)][ BITS]") becomes a kernel crypto API name,
 * which tcrypt's mapping (cb_imp_kernel_name) turns into ours: cbc(aes) with 128
 * bits is aes-128-cbc.  The variant is the listed driver, as tcrypt's reader keeps
 * its driver (docs/compare.md).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* The -l listing's test types (cp_*_register). */
static const char *const types[] = {"hash", "skcipher", "rng", "aead"};

/* split cuts s at each sep into at most want trimmed cells; returns how many cells
 * the line has (more than want when it has more). */
static size_t split(const char *s, char sep, char cells[][NAME_LEN], size_t want)
{
    size_t n = 0;
    for (const char *p = s;; n++) {
        const char *at = strchr(p, sep);
        size_t len = at ? (size_t)(at - p) : strlen(p);
        if (n < want)
            cb_imp_trim(cells[n], NAME_LEN, p, len);
        if (!at)
            return n + 1;
        p = at + 1;
    }
}

/* paren reads "NAME(IMPL)" at *p into name and impl, moving *p past it. */
static int paren(const char **p, char *name, char *impl, size_t len)
{
    const char *open = strchr(*p, '('), *close = open ? strchr(open, ')') : NULL;
    const char *space = strchr(*p, ' ');
    if (!close || open == *p || (space && space < open) || (size_t)(open - *p) >= len ||
        (size_t)(close - open - 1) >= len)
        return -1;
    cb_imp_lower_copy(name, (size_t)(open - *p) + 1, *p);
    cb_imp_lower_copy(impl, (size_t)(close - open - 1) + 1, open + 1);
    *p = close + 1;
    return 0;
}

/* test_api turns a test name into the kernel crypto API name and key size:
 * "AES(AESNI) XTS(ASM) 128" is xts(aes), 256 bits (kcapi-speed counts one of XTS's
 * two keys), "HMAC SHA-256(G)" hmac(sha256), "AES(AESNI) GCM(ASM-RFC) 128"
 * rfc4106(gcm(aes)) (the RFC 4106 construction, with its nonce in the key); impl
 * gets the implementation tags ("aesni-asm").  0 when the name has another shape
 * (the DRBGs, "HMAC SHA-256 DRBG NOPR"). */
static int test_api(const char *test, char *api, size_t len, unsigned *bits, char *impl,
                    size_t ilen)
{
    const char *p = test;
    int hmac = strncmp(p, "HMAC ", 5) == 0;
    char alg[24], alg_impl[24], mode[24] = "", mode_impl[24] = "";
    if (hmac)
        p += 5;
    if (paren(&p, alg, alg_impl, sizeof alg))
        return 0;
    while (*p == ' ')
        p++;
    if (isalpha((unsigned char)*p) && paren(&p, mode, mode_impl, sizeof mode))
        return 0;
    while (*p == ' ')
        p++;
    char *end;
    unsigned long b = isdigit((unsigned char)*p) ? strtoul(p, &end, 10) : 0;
    if (b ? *end || b > 4096 : *p != 0)
        return 0;
    *bits = (unsigned)b;
    char plain[24];
    size_t o = 0;
    for (const char *q = alg; *q && o + 1 < sizeof plain; q++)
        if (*q != '-')
            plain[o++] = *q; /* SHA-256 is sha256 */
    plain[o] = 0;
    if (!mode[0])
        snprintf(api, len, hmac ? "hmac(%s)" : "%s", plain);
    else if (strstr(mode_impl, "rfc"))
        snprintf(api, len, "rfc4106(%s(%s))", mode, plain);
    else
        snprintf(api, len, "%s(%s)", mode, plain);
    if (!strcmp(mode, "xts"))
        *bits *= 2;
    snprintf(impl, ilen, "%s%s%s", alg_impl, mode_impl[0] ? "-" : "", mode_impl);
    for (char *q = impl; *q; q++)
        if (!isalnum((unsigned char)*q))
            *q = '-';
    return 1;
}

/* listed returns the driver the -l listing gave test, or NULL. */
static const char *listed(const importer *im, const char *test)
{
    for (size_t i = 0; i < im->kc_nlist; i++)
        if (!strcmp(im->kc_list[i].test, test))
            return im->kc_list[i].driver;
    return NULL;
}

/* add_result keeps one result: test's name, e or d, bytes per operation, a rate. */
static int add_result(importer *im, const char *test, const char *ed, uint64_t chunk,
                      double bytes_per_sec)
{
    char api[NAME_LEN], impl[NAME_LEN] = "";
    unsigned bits = 0;
    measure *m = cb_imp_push(&im->named);
    const cb_alg *a = NULL;
    int shaped = test_api(test, api, sizeof api, &bits, impl, sizeof impl);
    if (shaped)
        a = cb_imp_kernel_name(api, bits, m->name, sizeof m->name);
    else
        cb_imp_normalise(m->name, sizeof m->name, test);
    int digest = a ? (a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ||
                      a->kind == CB_KIND_HMAC)
                   : shaped ? !strchr(api, '(') || !strncmp(api, "hmac(", 5)
                            : strstr(m->name, "drbg") != NULL;
    snprintf(m->dir, sizeof m->dir, "%s", digest ? "digest" : *ed == 'e' ? "encrypt" : "decrypt");
    m->key_bits = digest ? 0 : a ? a->key_bits : bits;
    /* kcapi-speed passes associated data to its AEADs (16 bytes in current releases) */
    m->aead = (a && a->kind == CB_KIND_AEAD) ||
              (shaped && (strstr(api, "gcm(") || strstr(api, "ccm(")));
    m->known = a != NULL && cb_imp_times_direction(a, m->dir);
    const char *driver = listed(im, test);
    if (im->o->variant)
        snprintf(m->driver, sizeof m->driver, "%s", im->o->variant);
    else if (driver)
        snprintf(m->driver, sizeof m->driver, "%s", driver);
    else
        snprintf(m->driver, sizeof m->driver, "kcapi%s%s", impl[0] ? "-" : "", impl);
    m->size = (size_t)chunk;
    m->rate = bytes_per_sec;
    m->line = im->line;
    im->kcapi_seen = 1;
    return 1;
}

/* count reads a cell that is a whole number followed by suffix ("4096 bytes"). */
static int count(const char *cell, const char *suffix, uint64_t *out)
{
    char digits[24];
    size_t n = strspn(cell, "0123456789");
    if (n == 0 || n >= sizeof digits || strcmp(cell + n, suffix) != 0)
        return -1;
    memcpy(digits, cell, n);
    digits[n] = 0;
    return cb_imp_parse_count(digits, out);
}

/* result_line reads "NAME|e|    4096 bytes|   1.23 GB/s|301234 ops/s": the ops/s (the
 * rounds over the run's whole seconds) times the bytes, the human rate only
 * checked for its shape. */
static int result_line(importer *im, const char *s)
{
    char c[6][NAME_LEN];
    size_t n = split(s, '|', c, 6);
    uint64_t chunk, ops;
    size_t rl = strlen(c[3]);
    if (n != 5 || !c[0][0] || (strcmp(c[1], "e") && strcmp(c[1], "d")) ||
        count(c[2], " bytes", &chunk) || chunk == 0 || count(c[4], " ops/s", &ops) ||
        rl < 4 || strcmp(c[3] + rl - 2, "/s") != 0 || !isdigit((unsigned char)c[3][0]))
        return cb_imp_fail(im, "a kcapi-speed result that does not read as 'NAME|e or d|N "
                           "bytes|R UNIT/s|N ops/s': '%.200s'.", s);
    if (ops == 0)
        return cb_imp_fail(im, "a kcapi-speed result of 0 ops/s: '%.200s'.", s);
    /* the older cp_print_status printed the rate in 10 characters (then "/s"), and
     * divided by totaltime>>30 where the current one divides by totaltime>>32 */
    const char *third = strchr(strchr(strchr(s, '|') + 1, '|') + 1, '|') + 1;
    if (strcspn(third, "|") == 12)
        im->kc_old++;
    return add_result(im, c[0], c[1], chunk, (double)ops * (double)chunk);
}

/* raw_line reads -r's "NAME,e,4096,1320000000,301234": bytes per second as counted
 * (whole bytes over whole seconds). */
static int raw_line(importer *im, const char *s)
{
    char c[6][NAME_LEN];
    size_t n = split(s, ',', c, 6);
    uint64_t chunk, bps, ops;
    if (n != 5 || !c[0][0] || (strcmp(c[1], "e") && strcmp(c[1], "d")) ||
        count(c[2], "", &chunk) || chunk == 0 || count(c[3], "", &bps) || count(c[4], "", &ops))
        return cb_imp_fail(im, "a kcapi-speed -r line that does not read as 'NAME,e or "
                           "d,BYTES,BYTES/S,OPS/S': '%.200s'.", s);
    if (bps == 0)
        return cb_imp_fail(im, "a kcapi-speed -r result of 0 bytes/s: '%.200s'.", s);
    return add_result(im, c[0], c[1], chunk, (double)bps);
}

/* list_line reads "skcipher  | AES(AESNI) CBC(ASM) 128 | cbc-aes-aesni | e". */
static int list_line(importer *im, const char *s)
{
    char c[5][NAME_LEN];
    if (split(s, '|', c, 5) != 4 || (strcmp(c[3], "e") && strcmp(c[3], "d")) || !c[1][0] ||
        !c[2][0])
        return cb_imp_fail(im, "a kcapi-speed -l line that does not read as 'TYPE | NAME | "
                           "DRIVER | e or d': '%.200s'.", s);
    if (!listed(im, c[1])) {
        im->kc_list = cb_xrealloc(im->kc_list, (im->kc_nlist + 1) * sizeof *im->kc_list);
        snprintf(im->kc_list[im->kc_nlist].test, NAME_LEN, "%s", c[1]);
        snprintf(im->kc_list[im->kc_nlist].driver, NAME_LEN, "%s", c[2]);
        im->kc_nlist++;
    }
    im->kcapi_seen = 1;
    return 1;
}

int cb_imp_kcapi_line(importer *im, const char *s)
{
    size_t word = strcspn(s, " |");
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (word == strlen(types[i]) && !strncmp(s, types[i], word) &&
            s[word + strspn(s + word, " ")] == '|')
            return list_line(im, s);
    const char *bar = strchr(s, '|');
    if (bar && !strcmp(bar, "| untested")) /* a test that ran under a second */
        return im->kcapi_seen = 1;
    /* a result's second cell is e or d alone: no other reader's line has that */
    if (bar && (bar[1] == 'e' || bar[1] == 'd') && bar[2] == '|')
        return result_line(im, s);
    const char *comma = strchr(s, ',');
    if (comma && comma != s && (comma[1] == 'e' || comma[1] == 'd') && comma[2] == ',' &&
        isdigit((unsigned char)comma[3]))
        return raw_line(im, s);
    return 0;
}
