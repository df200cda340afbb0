/*
 * reports/import/kunit.c - the Linux kernel's KUnit benchmarks of lib/crypto (Linux
 * 6.15 on: lib/crypto/tests/SUITE_kunit.c, whose shared hash-test-template.h benchmark
 * prints "len=%zu: %llu MB/s"; lib/crc/tests/crc_kunit.c prints the same), read from
 * KTAP output with or without dmesg timestamps:
 *
 *     KTAP version 1
 *     # Subtest: sha256
 *     # module: sha256_kunit
 *     1..12
 *     ok 1 test_hash_test_vectors
 *     # benchmark_hash: len=1: 12 MB/s
 *     # benchmark_hash: len=16: 180 MB/s
 *     ok 12 benchmark_hash
 *     ok 1 sha256
 *
 * Each "len=N: R MB/s" line is one sample of R * 10^6 bytes per second on N-byte
 * messages (the kernel divides bytes * 1000 by nanoseconds, so its MB are 10^6 bytes).
 * The suite names the algorithm; a benchmark other than benchmark_hash adds its own
 * name, and any other "key=value" before the rate (sha256's "salt_len=0") its pair.
 * A benchmark that ends "not ok" is left out; one skipped prints no value at all.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* case_part writes the part of a benchmark's name that is not the word "benchmark" or
 * the suite's name: benchmark_sha256_finup_2x in suite sha256 is "finup_2x",
 * crc32_le_benchmark "crc32_le", benchmark_hash "" (the suite's own hash). */
static void case_part(const char *suite, const char *name, char *out, size_t len)
{
    size_t n = strlen(name), s = strlen(suite);
    if (strncmp(name, "benchmark_", 10) == 0) {
        name += 10;
        n -= 10;
    } else if (n > 10 && strcmp(name + n - 10, "_benchmark") == 0) {
        n -= 10;
    }
    if (n > s && strncmp(name, suite, s) == 0 && name[s] == '_') {
        name += s + 1;
        n -= s + 1;
    }
    if (n == 4 && strncmp(name, "hash", 4) == 0)
        n = 0;
    snprintf(out, len, "%.*s", (int)n, name);
}

/*
 * value_line reads "# CASE: len=16: 180 MB/s" (the "# " already gone) into a measure;
 * the pairs before the rate are "len=N" or "data_len=N", the size, and any others,
 * which join the name.  Returns 0 for a line that does not end in " MB/s".
 */
static int value_line(importer *im, const char *s)
{
    size_t l = strlen(s);
    if (l < 5 || strcmp(s + l - 5, " MB/s") != 0)
        return 0;
    const char *colon = strstr(s, ": "), *last = NULL;
    for (const char *p = colon; p; p = strstr(p + 1, ": "))
        last = p;
    if (!colon || last == colon || strchr(s, ' ') < colon)
        return cb_imp_fail(im, "a KUnit benchmark line '%.200s' is not \"CASE: len=N: R "
                           "MB/s\".", s);
    char pairs[256], rate[64], extra[256] = "", part[NAME_LEN];
    snprintf(pairs, sizeof pairs, "%.*s", (int)(last - colon - 2), colon + 2);
    snprintf(rate, sizeof rate, "%.*s", (int)(l - 5 - (size_t)(last + 2 - s)), last + 2);
    uint64_t size = 0, mb;
    int have_size = 0;
    char *tok[MAX_TOKENS];
    int n = cb_imp_tokenize(pairs, tok);
    for (int i = 0; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        uint64_t v;
        if (!eq || eq == tok[i] || cb_imp_parse_count(eq + 1, &v) != 0)
            return cb_imp_fail(im, "'%s' in the KUnit benchmark line is not KEY=NUMBER.", tok[i]);
        *eq = 0;
        if (!strcmp(tok[i], "len") || !strcmp(tok[i], "data_len")) {
            size = v;
            have_size = 1;
        } else {
            size_t used = strlen(extra);
            snprintf(extra + used, sizeof extra - used, "-%s%llu", tok[i], (unsigned long long)v);
        }
    }
    if (!have_size || size == 0 || cb_imp_parse_count(rate, &mb) != 0)
        return cb_imp_fail(im, "the KUnit benchmark line '%.200s' gives no message length "
                           "(len=N) or no whole number of MB/s.", s);
    if (mb == 0) { /* slower than the line's resolution: nothing to compare */
        im->ku_zero++;
        return 1;
    }
    char raw[3 * NAME_LEN];
    case_part(im->ku_suite, im->ku_case, part, sizeof part);
    snprintf(raw, sizeof raw, "%s%s%s%s", im->ku_suite, part[0] ? "-" : "", part, extra);
    measure *m = cb_imp_push(&im->kunit);
    cb_imp_normalise(m->name, sizeof m->name, raw);
    const cb_alg *a = cb_imp_symmetric_alg(m->name, sizeof m->name);
    int digest = !a || a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ||
                 a->kind == CB_KIND_HMAC;
    m->known = a != NULL;
    m->key_bits = a && !digest ? a->key_bits : 0;
    snprintf(m->dir, sizeof m->dir, "%s", digest ? "digest" : "encrypt");
    snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : "kunit");
    m->size = (size_t)size;
    m->rate = (double)mb * 1e6;
    m->line = im->line;
    return 1;
}

/* result_line reads "ok 12 benchmark_hash", "not ok 3 benchmark_hash" and "ok 1
 * sha256 # SKIP ...": a failed benchmark's values are dropped; the suite's own result
 * ends the suite. */
static int result_line(importer *im, const char *s)
{
    int failed = strncmp(s, "not ok ", 7) == 0;
    const char *p = s + (failed ? 7 : 3);
    while (isdigit((unsigned char)*p))
        p++;
    if (*p != ' ' || !isdigit((unsigned char)p[-1]))
        return 0;
    char name[NAME_LEN];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(p + 1, " "), p + 1);
    if (im->ku_nested[0] && strcmp(name, im->ku_nested) == 0) {
        im->ku_nested[0] = 0; /* a parameterised case ends; its suite goes on */
        if (failed)
            im->ku_case[0] = 0;
    } else if (im->ku_case[0] && strcmp(name, im->ku_case) == 0) {
        if (failed) {
            im->ku_failed += im->kunit.n - im->ku_case_first;
            im->kunit.n = im->ku_case_first;
        }
        im->ku_case[0] = 0;
    } else if (strcmp(name, im->ku_suite) == 0) {
        im->ku_suite[0] = im->ku_nested[0] = 0;
    }
    return 1;
}

/* diagnostic reads a "# ..." line of a suite: its heading lines, its summary, and the
 * messages of its cases, of which only a benchmark's values are kept. */
static int diagnostic(importer *im, const char *s)
{
    if (strncmp(s, "Subtest: ", 9) == 0) {
        /* inside a suite, the heading of a parameterised case (whose lines lose their
         * deeper indentation with a dmesg timestamp) */
        char *to = im->ku_suite[0] ? im->ku_nested : im->ku_suite;
        snprintf(to, NAME_LEN, "%.*s", NAME_LEN - 1, s + 9);
        if (to == im->ku_suite)
            im->ku_case[0] = 0;
        im->kunit_seen = 1;
        return 1;
    }
    if (!im->ku_suite[0])
        return 0;
    if (strncmp(s, "module: ", 8) == 0 && im->ku_nested[0]) {
        /* only a suite names its module: the suite before it ended unseen */
        snprintf(im->ku_suite, sizeof im->ku_suite, "%s", im->ku_nested);
        im->ku_nested[0] = im->ku_case[0] = 0;
        return 1;
    }
    size_t n = strcspn(s, ":");
    if (s[n] != ':' || n == 0 || n >= NAME_LEN || memchr(s, ' ', n))
        return 1; /* "# Totals: ..." and other chatter of the suite */
    char name[NAME_LEN];
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    if (strcmp(name, "module") == 0 || strcmp(name, im->ku_suite) == 0)
        return 1; /* "# module: sha256_kunit", "# sha256: pass:12 fail:0 ..." */
    if (strcmp(name, im->ku_case) != 0) {
        snprintf(im->ku_case, sizeof im->ku_case, "%s", name);
        im->ku_case_first = im->kunit.n;
    }
    int r = value_line(im, s);
    if (r == 0 && strstr(s, "/s") && strstr(name, "benchmark"))
        im->ku_unread++; /* a benchmark's rate in a form not read here */
    return r < 0 ? -1 : 1;
}

int cb_imp_kunit_line(importer *im, const char *s)
{
    if (strncmp(s, "KTAP version ", 13) == 0) {
        im->kunit_seen = 1;
        return 1;
    }
    /* a dmesg log may have lost the KTAP header, never a suite's own heading */
    if (strncmp(s, "# Subtest: ", 11) == 0)
        return diagnostic(im, s + 2);
    if (!im->kunit_seen)
        return 0;
    if (s[0] == '#' && s[1] == ' ')
        return diagnostic(im, s + 2);
    if (strncmp(s, "ok ", 3) == 0 || strncmp(s, "not ok ", 7) == 0)
        return result_line(im, s);
    if (s[0] == '1' && s[1] == '.' && s[2] == '.' && cb_imp_all_digits(s + 3))
        return 1; /* the plan, "1..12" */
    return 0;
}
