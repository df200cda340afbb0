/*
 * kernels/check/kat/kat.h - the known-answer engine: NIST CAVP and RFC test files run
 * through the variants of the algorithm they test.
 *
 * The engine is in these parts:
 *   kat_entry.c   cb_kat_run_file: an ACVP JSON file (by its content) to acvp.c,
 *                 any other to kat_run.c
 *   acvp.c        NIST ACVP JSON vector sets made cases (acvp_case.c runs them)
 *   kat_files.c   which kinds of file exist (one table) and how a file is identified
 *   kat_decode.c  a record turned into a case, checked for form before any variant
 *   kat_run.c     a case run on one variant, and a whole file over the selection
 *   kat_op.c      what a case asks of a variant, through the message layers for a
 *                 primitive variant and through its cb_alg_impl for a
 *                 whole-algorithm one (kernels/check/kat/kat_op.h)
 *   kat_pkey.c    the RSA, DSA, X25519 and Ed25519 files (kernels/check/kat/kat_pkey.h)
 *
 * Whole-algorithm variants (kernel.h, CB_PRIM_WHOLE) run every file kind but the
 * RSA and DSA signature files, whose records bring keys of their own where a
 * cb_alg_impl has the algorithm's embedded key and raw keys only: those records are
 * counted as skipped.  X25519 and Ed25519 records, whose keys are raw 32-byte
 * strings, run on a variant that takes raw keys (cb_alg_impl.pkey_raw).  An HMAC
 * file runs on the whole variants of its digest, which MAC through it.
 *
 * It returns results and prints nothing: `cryptobench kat` (cli/cmd_kat.c) prints
 * them and maps them to an exit status.  It never includes harness/: a caller that
 * wants faults caught passes a guard (cb_guard_run has the shape of cb_kat_guard).
 */
#ifndef CB_KAT_H
#define CB_KAT_H

#include <stddef.h>

#include "kernels/kernel.h"
#include "kernels/select.h"

/* CB_KAT_SHOWN: failures kept per file and variant; the rest are only counted. */
#define CB_KAT_SHOWN 5

/* cb_kat_format: how the records of a file read. */
typedef enum cb_kat_format {
    CB_KAT_DIGEST,      /* Len/Msg/MD records, and SHA(3)VS Monte (Seed, then COUNT/MD) */
    CB_KAT_HMAC,        /* Len/Key/Msg/MD records; an MD shorter than the MAC is truncated */
    CB_KAT_CIPHER,      /* COUNT/KEY/IV/PLAINTEXT/CIPHERTEXT under [ENCRYPT] or [DECRYPT] */
    CB_KAT_BLOCKWISE,   /* the same for ECB files of a CBC-only algorithm (kat_run.c) */
    CB_KAT_XTS,         /* DataUnitLen/Key/i or DataUnitSeqNumber/PT/CT */
    CB_KAT_GCM_ENCRYPT, /* Key/IV/PT/AAD/CT/Tag: seal and compare */
    CB_KAT_GCM_DECRYPT, /* the same, open and compare; FAIL records must be rejected */
    CB_KAT_CCM,         /* lengths and Key/Nonce outside the Count records; CT is the
                           ciphertext then the tag; Result = Fail must be rejected */
    CB_KAT_PKEY,        /* RSA and DSA signature files (kat_pkey.c) */
    CB_KAT_NTT,         /* NTT's Camellia listing: "K No.001 : 00 01 ..." sets the key of
                           the "P No.xxx" / "C No.xxx" ECB encryptions after it */
    CB_KAT_AEAD,        /* one message per record, sealed and then opened: OpenSSL's
                           Key/IV/AAD/Tag/Plaintext/Ciphertext, where Result =
                           CIPHERFINAL_ERROR must be rejected, or BoringSSL's
                           KEY/NONCE/IN/AD/CT/TAG, whose values may be "quoted text" */
    CB_KAT_KEM,         /* ML-KEM: d/z/ek/dk/m/c/k/c_modified/k_rejected records under
                           [ML-KEM-512], [ML-KEM-768] or [ML-KEM-1024] (kat_kem.c) */
    CB_KAT_MLDSA,       /* ML-DSA: xi/pk/sk/msg/rnd/sig records under [ML-DSA-44],
                           [ML-DSA-65] or [ML-DSA-87] (kat_mldsa.c) */
    CB_KAT_CMAC         /* COUNT/KEY/MESSAGE/OUTPUT records (the SP 800-38B examples as
                           python3-cryptography-vectors writes them); an OUTPUT shorter
                           than the MAC is truncated */
} cb_kat_format;

/* cb_kat_id: what a file tests and how to read it. */
typedef struct cb_kat_id {
    const cb_alg *alg;
    cb_kat_format format;
    int sections_optional; /* the format has no [section] headers */
    int key_picks_alg;     /* records of several key sizes: each record's key length
                              picks alg's sibling of that size (camellia-cbc.txt) */
} cb_kat_id;

/*
 * cb_kat_identify reads the algorithm and format from the base name of path (with
 * its folder for the kinds whose base names are generic: ChaCha20Poly1305/openssl.txt), or
 * takes alg_name (-alg, NULL when not given) for a file whose name does not say.
 * 0 on success; -1 with one sentence in err (no trailing newline, no "kat: ").
 */
int cb_kat_identify(const char *path, const char *alg_name, cb_kat_id *id, char *err,
                    size_t errlen);

/* cb_kat_kind_count and cb_kat_kind_names: the file names kat knows, one kind at a
 * time, written as a shell would brace-expand them ("XTSGenAES{128,256}.rsp"), and
 * what the kind tests ("AES XTS"), for help texts. */
size_t cb_kat_kind_count(void);
const char *cb_kat_kind_names(size_t i, char *buf, size_t len, const char **what);

/* cb_kat_acvp_count and cb_kat_acvp_kind: the ACVP vector sets kat reads, known by
 * their content (kernels/check/kat/acvp.c), one at a time for help texts:
 * "ML-KEM keyGen (revision FIPS203)". */
size_t cb_kat_acvp_count(void);
const char *cb_kat_acvp_kind(size_t i, char *buf, size_t len);

/* cb_kat_guard runs fn(arg) and returns 0, or the signal that stopped it. */
typedef int (*cb_kat_guard)(void (*fn)(void *arg), void *arg);

/* cb_kat_opts: how to run a file. */
typedef struct cb_kat_opts {
    const char *alg;          /* -alg, or NULL */
    const cb_selection *sel;  /* the variants; NULL means every variant */
    cb_caps caps;             /* what the variants may use */
    cb_kat_guard guard;       /* NULL calls the variants directly */
} cb_kat_opts;

/* cb_kat_status: what became of one file. */
typedef enum cb_kat_status {
    CB_KAT_PASSED,  /* no record failed on any variant that ran */
    CB_KAT_FAILED,  /* a record failed on a variant */
    CB_KAT_REFUSED, /* unreadable, unknown, malformed or empty: err says why */
    CB_KAT_FAULTED  /* a variant was stopped by a signal: see fault_* */
} cb_kat_status;

/* cb_kat_failure: one failed record. */
typedef struct cb_kat_failure {
    int line;
    char label[64];  /* "[ENCRYPT] COUNT = 3" */
    char why[256];   /* "CIPHERTEXT is 00.., expected 01.." */
} cb_kat_failure;

/* cb_kat_tally: one variant on one file. */
typedef struct cb_kat_tally {
    const cb_variant *var;
    char unavailable[160]; /* why it cannot run with the caps given; "" when it ran */
    unsigned long passed, failed, skipped;
    cb_kat_failure shown[CB_KAT_SHOWN]; /* the first failures */
} cb_kat_tally;

/* CB_KAT_SKIP_KINDS: reasons for tests not run kept per file. */
#define CB_KAT_SKIP_KINDS 8

/* cb_kat_skip: tests of a file that no variant was given, and why (an ACVP group
 * kind the reader cannot run: HashML-DSA, an external mu, ...). */
typedef struct cb_kat_skip {
    char why[200];
    unsigned long groups, cases;
} cb_kat_skip;

/* cb_kat_result: one file. */
typedef struct cb_kat_result {
    const char *path;
    cb_kat_id id;
    cb_kat_status status;
    cb_kat_tally *tallies;       /* one per selected variant, in selection order */
    size_t ntallies;
    unsigned long cases;         /* records that were cases (not key or seed records) */
    char err[600];               /* REFUSED: one sentence, "FILE:LINE: ..." when a
                                    line is to blame */
    int fault_signal;            /* FAULTED: the signal, the variant, the record */
    const cb_variant *fault_var;
    int fault_line;
    cb_kat_skip skips[CB_KAT_SKIP_KINDS]; /* tests not run, by reason */
    size_t nskips;
} cb_kat_result;

/*
 * cb_kat_run_file reads path, decodes every record and runs each case on every
 * selected variant that can run.  A malformed record stops the file (REFUSED), a
 * fault stops it too (FAULTED).  Returns res->status; free res with
 * cb_kat_result_free whatever the status.
 */
cb_kat_status cb_kat_run_file(const char *path, const cb_kat_opts *o, cb_kat_result *res);

/*
 * cb_kat_run_pair runs an ACVP prompt.json with its expectedResults.json given
 * (cb_kat_run_file finds the one beside the other itself).
 */
cb_kat_status cb_kat_run_pair(const char *prompt, const char *results, const cb_kat_opts *o,
                              cb_kat_result *res);

/* cb_kat_result_free frees what a result holds. */
void cb_kat_result_free(cb_kat_result *res);

#endif
