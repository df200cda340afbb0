/*
 * reports/import/import.h - turns logs people already have into our CSV rows, so an old
 * `openssl speed` run, a kernel tcrypt or KUnit log, a `bssl speed` run, a Google
 * Benchmark program's JSON, a liboqs, cryptsetup or kcapi-speed benchmark can be
 * compared with a new run.
 *
 * Recognised, anywhere in the text and in any mix:
 *   - `openssl speed` tables: "type 16 bytes 64 bytes ..." (any number of size
 *     columns, 5 in OpenSSL 1.0, 6 later) and rows whose names may hold spaces
 *     ("des cbc", "aes-128 cbc"), values with a 'k' suffix (1000s of bytes per
 *     second) or without (bytes per second, below 10000);
 *   - the public-key tables of OpenSSL 1.0 to 3.x, whatever their columns ("sign
 *     verify sign/s verify/s", "... encr./s decr./s", "op op/s", "keygens/s encaps/s
 *     decaps/s", "keygens/s sign/s verify/s") and rows ("rsa 2048 bits", " 160 bit
 *     ecdsa (secp160r1)", "256 bits ecdh (nistp256)", "253 bits EdDSA (Ed25519)",
 *     "256 bits SM2 (CurveSM2)", "2048 bits ffdh", "ML-KEM-512");
 *   - progress lines in both forms, "Doing md5 for 3s on 16 size blocks: 123 md5's
 *     in 2.99s" and "Doing md5 ops for 3s ...: 123 md5 ops in 2.99s" (and the
 *     "Doing md5 20000000 times on ..." form of builds without alarm), and the
 *     public-key ones ("Doing 2048 bit private rsa's ...", "Doing 256 bits sign
 *     ecdsa ops ..."), which give exact operation counts and times;
 *   - `-mr` lines: +DT/+R, +DTP/+R1..+R14, +H, +F, +F2 (2 or 4 values), +F3 to +F8,
 *     and OpenSSL 3.4's KEM and signature lines, +DTP:NAME:OP:SECS, +R15..+R20, +F9
 *     and +F10 (named by the order of their +DTP lines);
 *   - Linux tcrypt lines, with or without the dmesg timestamp: "testing speed of
 *     [a]sync cbc(aes) (cbc-aes-ce) decryption" (multibuffer: the driver's "-mb"
 *     variant) then "test 4 (128 bit key, 8192 byte
 *     blocks): 95545 operations in 1 seconds (782704640 bytes)", the hash form
 *     "... 16 bytes per update, 1 updates): 123 opers/sec, 1968 bytes/sec", and both
 *     cycle-mode forms "...: 1 operation in 232 cycles (16 bytes)" and "...: 1234
 *     cycles/operation, 77 cycles/byte";
 *   - BoringSSL's and AWS-LC's `bssl speed` lines, "Did 540000 EVP-AES-128-GCM encrypt
 *     (16 bytes) operations in 100117us (5393689.4 ops/sec): 86.3 MB/s" and the forms
 *     without a byte count, and its -json array of {"description", "numCalls",
 *     "microseconds", "bytesPerCall"} objects (reports/import/bssl.c);
 *   - the kernel's KUnit lib/crypto benchmarks in KTAP: "# benchmark_hash: len=16:
 *     421 MB/s" inside a "# Subtest: sha256" suite (reports/import/kunit.c);
 *   - Google Benchmark's JSON output, {"context": {...}, "benchmarks": [...]}: each
 *     iteration run one sample, aggregates only when nothing else is there
 *     (reports/import/gbench.c);
 *   - liboqs's speed_kem and speed_sig output: its "Configuration info" banner and
 *     its '|' table, "ML-KEM-768 | | ..." headings over "keygen | 44017 | 3.000 | ..."
 *     rows (reports/import/oqs.c);
 *   - `cryptsetup benchmark`: "PBKDF2-sha256 5412005 iterations per second for
 *     256-bit key", the Argon2 lines and the cipher table (reports/import/cryptsetup.c);
 *   - libkcapi's kcapi-speed: "AES(AESNI) CBC(ASM) 128|e|  16 bytes|58.10 MB/s|3807703
 *     ops/s", its -r form and its -l listing (reports/import/kcapi.c).
 * Every value becomes one sample with status "imported".  Names cryptobench has are
 * mapped to its spelling (aes-128 cbc is aes-128-cbc, cbc(aes) with a 128-bit key
 * too); the others are kept under a normalised name (docs/compare.md lists the
 * rules) and listed in one warning, since they compare only with other imports.
 */
#ifndef CB_IMPORT_H
#define CB_IMPORT_H

#include <stddef.h>
#include <stdio.h>

#include "reports/csv/csv.h"

/* cb_import_opts: what the log cannot say about itself. */
typedef struct cb_import_opts {
    const char *variant;   /* NULL: "openssl", the tcrypt driver name, "kunit", "bssl",
                            * "gbench" */
    const char *build;     /* build_rev label; NULL: the log's file name */
    const char *hostname;  /* NULL: "" */
    const char *host_arch; /* NULL: "" */
    const char *cpu_model; /* NULL: "" */
    int decrypt;           /* the openssl run used -decrypt */
    int aead;              /* the openssl run used -aead */
} cb_import_opts;

/*
 * cb_import_buffer parses len bytes of text called name and appends one row per
 * value to set.  Returns the number of rows added, or -1 with "name:line: what is
 * wrong" in err (nothing added).  Warnings (names cryptobench cannot run, lines left
 * out) go to warn when it is not NULL.
 */
long cb_import_buffer(cb_csv_set *set, const char *name, const char *text, size_t len,
                      const cb_import_opts *o, FILE *warn, char *err, size_t errlen);

/* cb_import_file is cb_import_buffer over a file ("-" for standard input). */
long cb_import_file(cb_csv_set *set, const char *path, const cb_import_opts *o, FILE *warn,
                    char *err, size_t errlen);

#endif
