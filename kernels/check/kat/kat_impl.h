/*
 * kernels/check/kat/kat_impl.h - what the parts of the known-answer engine share, and
 * nothing outside kernels/check/kat*.c includes: the state of a file being read
 * and the case one record becomes.
 */
#ifndef CB_KAT_IMPL_H
#define CB_KAT_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/check/kat/kat.h"
#include "kernels/check/kat/kat_pkey.h"
#include "kernels/check/kat/rsp.h"
#include "kernels/modes/digest.h"

/* KAT_KEM_FIELDS: an ML-KEM record's fields (kat_kem.c): d, z, ek, dk, m, c, k,
 * c_modified, k_rejected; an ML-DSA record's six (kat_mldsa.c) share them. */
#define KAT_KEM_FIELDS 9

/* The slots of kat_case.kem: an ML-KEM record's and an ML-DSA record's fields. */
enum { KAT_KEM_D, KAT_KEM_Z, KAT_KEM_EK, KAT_KEM_DK, KAT_KEM_M, KAT_KEM_C, KAT_KEM_K,
       KAT_KEM_CMOD, KAT_KEM_KREJ };
enum { KAT_DSA_XI, KAT_DSA_PK, KAT_DSA_SK, KAT_DSA_MSG, KAT_DSA_RND, KAT_DSA_SIG,
       KAT_DSA_FIELDS };

/* kat_acvp_fn: what an ACVP test asks (acvp.c); KAT_ACVP_NONE for .rsp records. */
typedef enum kat_acvp_fn {
    KAT_ACVP_NONE,
    KAT_ACVP_KEM_KEYGEN, /* d, z -> ek, dk (kat_kem_run) */
    KAT_ACVP_ENCAPS,     /* ek, m -> c, k */
    KAT_ACVP_DECAPS,     /* dk, c -> k, implicit rejection included */
    KAT_ACVP_EK_CHECK,   /* ek -> accepted or not (FIPS 203 7.2), reject = must refuse */
    KAT_ACVP_DSA_KEYGEN, /* seed -> pk, sk (kat_mldsa_run) */
    KAT_ACVP_SIGGEN,     /* sk, M' = aad || msg, rnd -> signature */
    KAT_ACVP_SIGVER      /* pk, M' = aad || msg, signature -> valid or not */
} kat_acvp_fn;

/* KAT_CCM_LENS: the lengths a CCM file states outside its Count records. */
#define KAT_CCM_LENS 4

/* kat_ccm: what a CCM file has said so far: Alen, Plen, Nlen and Tlen (bytes, -1
 * until given) in a leading record when no header gives them, and the Key and Nonce
 * in a record of their own before the records that use them. */
typedef struct kat_ccm {
    uint8_t *key, *nonce;
    size_t key_len, nonce_len;
    long lens[KAT_CCM_LENS];
} kat_ccm;

/* kat_file: a file being read: the reader and what earlier records set. */
typedef struct kat_file {
    const char *path;
    cb_kat_id id;
    cb_rsp rsp;
    uint8_t seed[CB_DIGEST_MAX]; /* Monte: the input of the next checkpoint */
    int have_seed;
    unsigned long monte_count;
    cb_kat_pkey *pkey;           /* CB_KAT_PKEY: the current group's key */
    kat_ccm ccm;                 /* CB_KAT_CCM */
    uint8_t *ntt_key;            /* CB_KAT_NTT: the key of the last "K No." line */
    size_t ntt_key_len;
} kat_file;

/*
 * kat_case: one record, decoded and checked for form before any variant runs.
 * Every decoded field has a slot of its own that kat_case_free frees, so a decoder
 * may stop at any field; in and expect only point into msg/md or pt/ct.
 */
typedef struct kat_case {
    int line;
    char label[64];     /* "[ENCRYPT] COUNT = 3" */
    const cb_alg *alg;  /* the record's algorithm when its key length picks it
                           (cb_kat_id.key_picks_alg); NULL: the file's */
    cb_dir dir;
    const char *skip;   /* why no variant can run it, or NULL */
    int monte;          /* a SHAVS Monte checkpoint: in is the seed */
    int reject;         /* GCM FAIL, CCM Result = Fail: the tag must be rejected */
    int both_ways;      /* CB_KAT_AEAD: sealed (dir is CB_DIR_ENCRYPT), then opened
                           through kat_case_opening */
    uint8_t *key, *iv, *aad, *tag, *msg, *md, *pt, *ct;
    size_t key_len, iv_len, aad_len, tag_len, msg_len, md_len, pt_len, ct_len;
    size_t offset;      /* a stream cipher's OFFSET: keystream bytes before the text */
    const uint8_t *in, *expect;
    size_t in_len, expect_len;
    const char *expect_name; /* "CIPHERTEXT", "MD", ... for messages */
    const char *opened_name; /* both_ways: the plaintext's name, for the opening */
    cb_kat_sig *sig;         /* CB_KAT_PKEY: the decoded signature record */
    uint8_t *kem[KAT_KEM_FIELDS]; /* CB_KAT_KEM, CB_KAT_MLDSA: the record's fields, NULL */
    size_t kem_len[KAT_KEM_FIELDS]; /* when the record has none */
    kat_acvp_fn acvp;        /* an ACVP test (acvp.c): what it asks; aad is then
                                ML-DSA's M' prefix and msg its message */
} kat_case;

/* kat_kem_decode reads an ML-KEM record (1, or -1 malformed); kat_kem_run checks it
 * on variant v through kernels/op.h: 0 passed, 1 failed (why says how), 2 skipped
 * (why says why). */
int kat_kem_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c);
int kat_kem_run(const kat_case *c, const cb_variant *v, char *why, size_t len);

/* kat_mldsa_decode and kat_mldsa_run: the same for an ML-DSA record (kat_mldsa.c). */
int kat_mldsa_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c);
int kat_mldsa_run(const kat_case *c, const cb_variant *v, char *why, size_t len);

/* kat_acvp_run runs an ACVP file (acvp.c) into res: path alone (with its partner
 * found beside it when it is a prompt.json or expectedResults.json), or path and
 * results, a prompt and its expectedResults. */
void kat_acvp_run(const char *path, const char *results, const cb_kat_opts *o,
                  cb_kat_result *res);

/* kat_acvp_run_case runs an ACVP case on v (acvp_case.c): 0 passed, 1 failed, 2
 * skipped. */
int kat_acvp_run_case(const kat_case *c, const cb_variant *v, char *why, size_t len);

/* kat_rsp_run runs a .rsp-style file, known by its name, into res (kat_run.c). */
void kat_rsp_run(const char *path, const cb_kat_opts *o, cb_kat_result *res);

/* kat_select_variants makes res's tallies for res->id.alg (-1 with res->err when
 * the selection has none); kat_tally runs case c on each and returns the signal of a
 * fault, else 0 (kat_run.c). */
int kat_select_variants(const cb_kat_opts *o, cb_kat_result *res);
int kat_tally(const kat_file *f, const kat_case *c, const cb_kat_opts *o, cb_kat_result *res);

/* kat_differs writes "NAME differs from the record's from byte N on" into why when
 * got is not want (n bytes); 0 when they are equal. */
int kat_differs(const uint8_t *got, const uint8_t *want, size_t n, const char *name, char *why,
                size_t len);

/* kat_format_kind: the kind of algorithm a format's records test. */
cb_kind kat_format_kind(cb_kat_format format);

/* kat_file_start and kat_file_end set up and free what decoding keeps per file. */
void kat_file_start(kat_file *f);
void kat_file_end(kat_file *f);

/* kat_decode reads one record: 1 a case in *c, 0 a record that only sets state
 * (a Seed, a key), -1 malformed (f->rsp.err says where and what).  Free *c with
 * kat_case_free whatever it returns. */
int kat_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c);
void kat_case_free(kat_case *c);

/* kat_case_opening makes *view the opening of sealed case c: the ciphertext in, the
 * plaintext expected, "opened" in the label.  view borrows c's buffers: it is never
 * given to kat_case_free, and lives no longer than c. */
void kat_case_opening(const kat_case *c, kat_case *view);

#endif
