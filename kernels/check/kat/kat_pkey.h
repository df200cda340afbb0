/*
 * kernels/check/kat/kat_pkey.h - the NIST CAVP signature files for `kat`: RSA PKCS#1 v1.5
 * (SigGen15_186-*.rsp, SigVer15_186-*.rsp) and DSA (FIPS_186-3 SigGen.rsp and
 * SigVer.rsp), SHA-256 records only; the others are skipped and counted; and the
 * X25519 records of python3-cryptography-vectors' rfc7748.txt and Ed25519 ones of
 * its sign.input.
 *
 * The engine (kernels/check/kat/kat.h) reads the records and runs them on every
 * variant; this module turns a record into a case (decode) and checks one case on
 * one variant (run):
 *   RSA SigGen15  verify S with (n, e): the encoding is deterministic, so a valid S
 *                 means ours is byte for byte the file's
 *   RSA SigVer15  verify S and compare with Result; for a valid record also sign
 *                 with (n, d) and compare with S
 *   DSA SigGen    verify (R, S) with (P, Q, G, Y); sign with X (our k, since the
 *                 file's k is not given) and verify that signature too
 *   DSA SigVer    verify (R, S) and compare with Result
 *   X25519        rfc7748.txt: X25519(INPUT_SCALAR, INPUT_U) must be OUTPUT_U
 *   Ed25519       sign.input: the seed gives PK, signing MSG gives SIG (Ed25519 is
 *                 deterministic), and SIG verifies
 *   FFC DH        KASValidityTest_FFCStatic_NOKC_ZZOnly_*.fax: YstatIUT and YstatCAVS
 *                 pass the full public-key validation, YstatIUT = G^XstatIUT and
 *                 Z = YstatCAVS^XstatIUT mod P, all of it exactly when Result is P
 */
#ifndef CB_KAT_PKEY_H
#define CB_KAT_PKEY_H

#include <stddef.h>

#include "kernels/kernel.h"
#include "kernels/check/kat/rsp.h"

/* cb_kat_pkey: the running state of one file (the current group's key). */
typedef struct cb_kat_pkey cb_kat_pkey;

/* cb_kat_sig: one decoded signature record. */
typedef struct cb_kat_sig cb_kat_sig;

/* cb_kat_pkey_new starts reading a file whose records test alg (rsa*, dsa*, ecdhx25519,
 * ed25519). */
cb_kat_pkey *cb_kat_pkey_new(const cb_alg *alg);

/* cb_kat_pkey_columns returns the column names of alg's colon-separated file format
 * (cb_rsp.columns), or NULL when its files are in the NAME = VALUE layout. */
const char *const *cb_kat_pkey_columns(const cb_alg *alg);

/* cb_kat_pkey_free frees the state (NULL is fine). */
void cb_kat_pkey_free(cb_kat_pkey *st);

/*
 * cb_kat_pkey_decode reads one record: 1 and *out set for a case (with *skip set
 * when no variant can run it), 0 for a record that only sets the group's key, -1
 * when the record is malformed (r->err says FILE:LINE and what).  label receives
 * a short name for failure lines.
 */
int cb_kat_pkey_decode(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec,
                       cb_kat_sig **out, char *label, size_t label_len, const char **skip);

/* cb_kat_sig_free frees a case (NULL is fine). */
void cb_kat_sig_free(cb_kat_sig *c);

/* Outcomes of cb_kat_pkey_run. */
#define CB_KAT_PKEY_PASS 0
#define CB_KAT_PKEY_FAIL 1
#define CB_KAT_PKEY_SKIP 2

/* cb_kat_pkey_run checks case c on variant v; on FAIL (or SKIP) why says why. */
int cb_kat_pkey_run(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len);

/*
 * Whole-algorithm variants (kernel.h) sign, verify and derive with the algorithm's
 * embedded key, or with raw keys given to their session (cb_alg_impl.pkey_raw):
 * the X25519 and Ed25519 records, whose keys are 32-byte strings, run through that;
 * the RSA and DSA records, whose keys are numbers a cb_alg_impl does not take, are
 * skipped.  cb_kat_pkey_raw says whether case c is of the first kind;
 * cb_kat_pkey_run_whole checks it on v (an X25519 OUTPUT_U derived, or refused when
 * all zero; an Ed25519 SIG signed byte for byte and verified).
 */
int cb_kat_pkey_raw(const cb_kat_sig *c);
int cb_kat_pkey_run_whole(const cb_variant *v, const cb_alg *a, const cb_kat_sig *c,
                          char *why, size_t why_len);

#endif
