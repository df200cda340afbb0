/*
 * kernels/check/kat/kat_op.h - what one known-answer case asks of one variant, so
 * that the runners of kat_run.c know no kind of variant.  Every call goes through
 * kernels/op.h, which runs a primitive variant through the message layers and a
 * whole-algorithm variant (kernel.h, CB_PRIM_WHOLE: a loaded library, a test double)
 * through its cb_alg_impl on one session; the signature records of a primitive
 * variant run on kat_pkey.c (kernels/pkey/'s raw-key functions).
 *
 * For a whole variant this maps each case onto the entry points as their comments in
 * kernel.h ask: a Monte Carlo chain is one session's digests; a TDES ECB file run
 * block by block on des-ede3-cbc (kat.h, CB_KAT_BLOCKWISE) calls cipher_init again
 * for every block; an HMAC the implementation does not offer is RFC 2104's two digests
 * through the implementation's digest of the underlying hash (cb_hmac_compose).
 * What it cannot run, kat_op_start says, and the case is counted as skipped: an
 * algorithm or direction the implementation does not offer, a key it refuses, and
 * the RSA and DSA signature records, because those bring keys of their own
 * (SigGen15 and SigVer15 n and e, DSA's P, Q, G and Y) and a cb_alg_impl takes only
 * raw keys (pkey_raw): the X25519 and Ed25519 records, whose keys are 32-byte
 * strings, run on sessions given them (kat_pkey.h, cb_kat_pkey_run_whole).
 */
#ifndef CB_KAT_OP_H
#define CB_KAT_OP_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/check/kat/kat_impl.h"
#include "kernels/op.h"

/* kat_op: one case running on one variant. */
typedef struct kat_op {
    const cb_alg *alg;   /* the file's algorithm */
    const cb_variant *var;
    const kat_case *c;   /* its key restarts a cipher; outlives the op */
    cb_op o;             /* the variant keyed for the case (kernels/op.h); for an HMAC
                            a whole variant lacks, keyed for the underlying digest */
    int started;         /* o was started */
} kat_op;

/*
 * kat_op_start gets variant v ready for case c of algorithm a: keyed with c's key
 * and IV for a cipher, c's key for an AEAD or HMAC.  Returns NULL, or why v cannot
 * run the case (the case is then skipped, and op needs no kat_op_stop).
 */
const char *kat_op_start(kat_op *op, const cb_alg *a, const cb_variant *v, const kat_case *c);

/* kat_op_stop wipes and frees what kat_op_start made. */
void kat_op_stop(kat_op *op);

/* kat_op_digest writes the digest of in[0..len) (a->out_bytes bytes); 0 or -1. */
int kat_op_digest(kat_op *op, const uint8_t *in, size_t len, uint8_t *out);

/* kat_op_mac writes the whole HMAC of in[0..len) under the case's key; 0 or -1. */
int kat_op_mac(kat_op *op, const uint8_t *in, size_t len, uint8_t *out);

/* kat_op_restart starts a new message under the same key with iv; 0 or -1. */
int kat_op_restart(kat_op *op, const uint8_t *iv);

/* kat_op_cipher encrypts or decrypts len bytes, chaining from the previous call
 * (cb_cipher_update's rules); 0 or -1. */
int kat_op_cipher(kat_op *op, const uint8_t *in, uint8_t *out, size_t len);

/* kat_op_seal encrypts the case's input with its IV and AAD into out and writes a
 * tag of the case's length; 0, or -1 when the lengths are refused. */
int kat_op_seal(kat_op *op, uint8_t *out, uint8_t *tag);

/* kat_op_open decrypts the case's input into out under its tag: 0 when the tag
 * matches, -1 (out zeroed) when it does not. */
int kat_op_open(kat_op *op, uint8_t *out);

/* kat_op_signature checks the case's signature record: CB_KAT_PKEY_PASS, _FAIL or
 * _SKIP (kat_pkey.h), with why filled for the last two. */
int kat_op_signature(kat_op *op, char *why, size_t why_len);

#endif
