/*
 * reports/import/cryptsetup.c - `cryptsetup benchmark` output (cryptsetup 2.x,
 * src/cryptsetup.c's action_benchmark): the PBKDF2 lines ("PBKDF2-sha256  5412005
 * iterations per second for 256-bit key"), the Argon2 lines (the costs it tuned to
 * the requested time) and the cipher table ("aes-cbc  128b  1100.2 MiB/s  3500.5
 * MiB/s", N/A where the kernel lacks one).  Cipher names go through the kernel
 * crypto API mapping tcrypt's reader uses (aes-xts 512b is AES-256-XTS: an XTS key
 * is two keys); every row is kept (docs/compare.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* cryptsetup encrypts its 1 MiB buffer (more when that took under a microsecond) in
 * calls of CIPHER_BLOCK_BYTES, 64 KiB (lib/utils_benchmark.c): one call is one
 * operation of a row. */
#define CS_CALL_BYTES 65536

/* Argon2 fills 1 KiB blocks: a derivation of t passes over m KiB is t x m blocks. */
#define ARGON2_BLOCK 1024

/* cryptsetup's Argon2 limits: at most 1 GiB of memory (its default maximum), at
 * least 4 passes. */
#define ARGON2_MAX_KIB 1048576
#define ARGON2_MIN_T 4

/* The lines cryptsetup prints around its results: its opening comment and its
 * messages for a kernel without AF_ALG, a cipher it lacks and an interrupt. */
static const char *const chatter[] = {
    "# Tests are approximate using memory only (no storage IO).",
    "Required kernel crypto interface not available.",
    "Ensure you have algif_skcipher kernel module loaded.",
    "Result of benchmark is not reliable.",
    "Benchmark interrupted.",
};

/* key_bits reads "256-bit" (with_dash) or "256b"; 0 when it is neither. */
static unsigned key_bits(const char *tok, int with_dash)
{
    size_t n = strspn(tok, "0123456789");
    const char *unit = with_dash ? "-bit" : "b";
    uint64_t v;
    char digits[12];
    if (n == 0 || n >= sizeof digits || strcmp(tok + n, unit) != 0)
        return 0;
    memcpy(digits, tok, n);
    digits[n] = 0;
    return cb_imp_parse_count(digits, &v) == 0 && v > 0 && v <= 65536 ? (unsigned)v : 0;
}

/* add keeps one rate: bytes per second of size-byte operations. */
static measure *add(importer *im, const char *name, const char *dir, unsigned bits,
                    size_t size, double rate, int known)
{
    measure *m = cb_imp_push(&im->named);
    snprintf(m->name, sizeof m->name, "%s", name);
    snprintf(m->dir, sizeof m->dir, "%s", dir);
    snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : "cryptsetup");
    m->key_bits = bits;
    m->size = size;
    m->rate = rate;
    m->known = known;
    m->line = im->line;
    return m;
}

/* pbkdf2 reads "PBKDF2-sha256  5412005 iterations per second for 256-bit key": one
 * operation is one iteration (its HMACs for every block of the key), block 0. */
static int pbkdf2(importer *im, const char *s, char **tok, int n)
{
    uint64_t iters;
    if (n == 2 && strcmp(tok[1], "N/A") == 0)
        return 1; /* the hash is not in the crypto backend */
    unsigned bits = n == 8 ? key_bits(tok[6], 1) : 0;
    if (n != 8 || cb_imp_parse_count(tok[1], &iters) != 0 || iters == 0 ||
        strcmp(tok[2], "iterations") || strcmp(tok[3], "per") || strcmp(tok[4], "second") ||
        strcmp(tok[5], "for") || !bits || strcmp(tok[7], "key") || !tok[0][7])
        return cb_imp_fail(im, "a `cryptsetup benchmark` PBKDF2 line that does not read as "
                           "'PBKDF2-HASH N iterations per second for N-bit key': '%.200s'.", s);
    char name[NAME_LEN];
    cb_imp_normalise(name, sizeof name, tok[0]);
    add(im, name, "digest", bits, 0, (double)iters, 0);
    return 1;
}

/* argon2 reads "argon2id  4 iterations, 1048576 memory, 4 parallel threads (CPUs) for
 * 256-bit key (requested 2000 ms time)": cryptsetup raised the costs until one
 * derivation took the requested time, so t x m KiB blocks in that time is the rate
 * (blocks of 1 KiB), the costs the row's note.  The name carries the threads, which
 * set how many blocks are filled at once. */
static int argon2(importer *im, const char *s, char **tok, int n)
{
    static const char *const words[] = {"iterations,", "memory,", "parallel", "threads",
                                        "(CPUs)", "for", "key", "(requested", "ms", "time)"};
    static const int at[] = {2, 4, 6, 7, 8, 9, 11, 12, 14, 15};
    if (n == 2 && strcmp(tok[1], "N/A") == 0)
        return 1;
    uint64_t t = 0, m = 0, p = 0, ms = 0;
    int ok = n == 16 && cb_imp_parse_count(tok[1], &t) == 0 &&
             cb_imp_parse_count(tok[3], &m) == 0 && cb_imp_parse_count(tok[5], &p) == 0 &&
             cb_imp_parse_count(tok[13], &ms) == 0 && t && m && p && ms && key_bits(tok[10], 1);
    for (size_t i = 0; ok && i < sizeof at / sizeof at[0]; i++)
        ok = strcmp(tok[at[i]], words[i]) == 0;
    if (!ok)
        return cb_imp_fail(im, "a `cryptsetup benchmark` Argon2 line that does not read as "
                           "'%s N iterations, N memory, N parallel threads (CPUs) for N-bit key "
                           "(requested N ms time)': '%.200s'.", tok[0], s);
    char name[NAME_LEN];
    snprintf(name, sizeof name, "%s-p%llu", tok[0], (unsigned long long)p);
    measure *r = add(im, name, "derive", key_bits(tok[10], 1), ARGON2_BLOCK,
                     (double)t * (double)m * ARGON2_BLOCK / ((double)ms / 1000.0), 0);
    /* At its ceiling of memory (1 GiB) and floor of passes (4) cryptsetup stops
     * tuning: the derivation may have taken less than the requested time. */
    int floor = m == ARGON2_MAX_KIB && t == ARGON2_MIN_T;
    snprintf(r->note, sizeof r->note, "t %llu, m %llu KiB, p %llu, tuned to %llu ms%s",
             (unsigned long long)t, (unsigned long long)m, (unsigned long long)p,
             (unsigned long long)ms, floor ? "; at the 1 GiB cap: a lower bound" : "");
    return 1;
}

/* mib_rate reads "1100.2" followed by "MiB/s" into bytes per second. */
static int mib_rate(const char *v, const char *unit, double *out)
{
    if (strcmp(unit, "MiB/s") != 0 || cb_imp_parse_decimal(v, strlen(v), out) != 0)
        return -1;
    *out *= 1048576.0;
    return 0;
}

/* cipher_row reads "aes-xts  256b  2100.5 MiB/s  2101.0 MiB/s" (or "N/A N/A") into an
 * encrypt and a decrypt row; "capi:xts(aes)" (a --cipher capi:...) names the kernel's
 * API directly. */
static int cipher_row(importer *im, const char *s, char **tok, int n)
{
    unsigned bits = key_bits(tok[1], 0);
    double enc = 0, dec = 0;
    int na = n == 4 && strcmp(tok[2], "N/A") == 0 && strcmp(tok[3], "N/A") == 0;
    if (!bits || (!na && (n != 6 || mib_rate(tok[2], tok[3], &enc) || mib_rate(tok[4], tok[5], &dec))))
        return cb_imp_fail(im, "a `cryptsetup benchmark` cipher row that does not read as "
                           "'CIPHER-MODE NNNb R MiB/s R MiB/s' (or N/A N/A): '%.200s'.", s);
    if (na)
        return 1; /* the kernel has no such cipher */
    char api[NAME_LEN], name[NAME_LEN];
    const char *dash = strchr(tok[0], '-');
    if (strncmp(tok[0], "capi:", 5) == 0)
        snprintf(api, sizeof api, "%s", tok[0] + 5);
    else if (dash && dash != tok[0] && dash[1])
        snprintf(api, sizeof api, "%s(%.*s)", dash + 1, (int)(dash - tok[0]), tok[0]);
    else
        snprintf(api, sizeof api, "%s", tok[0]);
    const cb_alg *a = cb_imp_kernel_name(api, bits, name, sizeof name);
    /* key_bits is the whole key, as cryptobench's own XTS rows count it */
    add(im, name, "encrypt", a ? a->key_bits : bits, CS_CALL_BYTES, enc, a != NULL);
    add(im, name, "decrypt", a ? a->key_bits : bits, CS_CALL_BYTES, dec, a != NULL);
    return 1;
}

int cb_imp_cryptsetup_line(importer *im, const char *s)
{
    for (size_t i = 0; i < sizeof chatter / sizeof chatter[0]; i++)
        if (strcmp(s, chatter[i]) == 0)
            return im->cs_seen = 1; /* stderr's lines come first in a 2>&1 log */
    if (im->cs_seen && !strncmp(s, "Cipher ", 7) && strstr(s, " bits key) is not available."))
        return 1;
    return 0;
}

int cb_imp_cryptsetup_table(importer *im, char **tok, int n)
{
    const char *s = im->text; /* the line, for messages */
    /* the lines open with the KDF's name: any other words after it are refused */
    if (!strncmp(tok[0], "PBKDF2-", 7) && n >= 2)
        return im->cs_seen = 1, pbkdf2(im, s, tok, n);
    if ((!strcmp(tok[0], "argon2i") || !strcmp(tok[0], "argon2id")) && n >= 2)
        return im->cs_seen = 1, argon2(im, s, tok, n);
    if (tok[0][0] == '#' && strstr(s, "Algorithm |") && strstr(s, "Key |") &&
        strstr(s, "Encryption |") && strstr(s, "Decryption")) {
        im->cs_seen = im->cs_table = 1;
        return 1;
    }
    if (im->cs_table && n >= 2 && key_bits(tok[1], 0))
        return cipher_row(im, s, tok, n);
    return 0;
}
