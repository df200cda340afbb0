/*
 * tests/support.h - helpers the cmocka test programs share (linked into each of
 * them, not into the cmocka-free ABI check).
 */
#ifndef CB_TESTS_SUPPORT_H
#define CB_TESTS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/kernel.h"
#include "reports/compare/compare.h"


/* tu_unhex decodes a vector field (NULL: empty) into a new buffer of *len bytes (one
 * spare byte, so an empty field is still a valid pointer); the caller frees it. */
uint8_t *tu_unhex(const char *hex, size_t *len);

/* tu_unhex_into decodes one hex field of an rsp line (up to its line end) into out,
 * which must take exactly want bytes: a field of another length fails the test. */
void tu_unhex_into(const char *hex, uint8_t *out, size_t want);

/* tu_runnable: v implements a in direction d and this CPU (after masks) can run it. */
int tu_runnable(const cb_variant *v, const cb_alg *a, cb_dir d);

/* tu_generic_of returns the generic variant of algorithm name, failing the test when
 * the algorithm or its generic variant does not exist. */
const cb_variant *tu_generic_of(const char *name);

/* tu_runnable_said is tu_runnable for a digest-like a (direction digest) that says,
 * as a cmocka message, when a variant is skipped for lack of capabilities. */
int tu_runnable_said(const cb_variant *v, const cb_alg *a);

/* tu_prim_variants puts in vs (at most max) the built-in variants of primitive prim
 * this CPU runs (after masks), generic first, leaving out the rows a test registers
 * itself (family "test"); it says once per primitive, as a cmocka message, which it
 * cannot run (UNAVAILABLE).  Returns how many. */
size_t tu_prim_variants(cb_prim prim, const cb_variant **vs, size_t max);

/* tu_builtin_variants puts in vs (at most max) the built-in variants (not
 * whole-algorithm ones) that offer algorithm alg, failing the test when there are
 * none; returns how many. */
size_t tu_builtin_variants(const char *alg, const cb_variant **vs, size_t max);

/* tu_builtin_runnable is tu_builtin_variants less the variants this CPU (after the
 * masks) cannot run; it may return 0. */
size_t tu_builtin_runnable(const char *alg, const cb_variant **vs, size_t max);

/* tu_block_chaining checks, for a keylen-byte key, that cbc in place equals cbc to
 * another buffer, that a run split over calls chains through the IV (left as the
 * last ciphertext block), and that decryption inverts encryption in ecb and cbc. */
void tu_block_chaining(const cb_block_ops *ops, size_t keylen);

/* tu_fill writes a reproducible pattern (xorshift32 from seed), so failures
 * reproduce. */
void tu_fill(uint8_t *p, size_t len, uint32_t seed);

/* tu_aes_ctr_only: AES ops that offer only a CTR mode doing nothing, for test
 * doubles that exercise the registry and selection without computing anything. */
extern const cb_aes_ops tu_aes_ctr_only;

/*
 * tu_double_impl: a whole-algorithm implementation (kernels/kernel.h, CB_PRIM_WHOLE)
 * that serves every digest, cipher, AEAD and signature algorithm generic has but md5
 * (tu_double_serves), each direction, by calling the generic variant through the
 * project's own message layers (kernels/modes/, kernels/pkey/), as a libcrypto loaded
 * at run time would be called.  It has no HMAC of its own (mac_init and mac NULL), so
 * an hmac(...) algorithm is no kind it offers.  Its provenance: library "(test double:
 * generic through kernels/modes)", version "1.0", two notes.  Tests copy it into a
 * cb_alg_impl of their own to give it another provenance, other offers or one wrong
 * function; the functions below are its pieces for such a copy to wrap.
 */
extern const cb_alg_impl tu_double_impl;

/* tu_double_serves: a is one of the algorithms tu_double_impl offers (md5 is left out
 * so that an algorithm it does not offer is tested too). */
int tu_double_serves(const cb_alg *a);

/* The double's offers (tu_double_serves in every direction) and its message functions,
 * with cb_alg_impl's signatures and behaviour. */
int tu_double_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d);
int tu_double_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out);
int tu_double_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len);
int tu_double_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                   size_t taglen);
int tu_double_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                   const uint8_t *tag, size_t taglen);

/* tu_render returns a comparison written in a style or format of reports/styles/styles.h,
 * in a buffer the caller frees.  Not inlined: at -O3 GCC 12 takes open_memstream's
 * &buf for the text's storage and calls pointers into the returned text dangling. */
char *tu_render(const cb_comparison *c, const char *style);

/*
 * tu_block_vectors runs every vector of a cb_vector table (rows with alg NULL end it)
 * through block-cipher ops directly, in both directions: ECB for the algorithms whose
 * name ends in -ecb, CBC (the ops' cbc, or chained ecb) for the others, with the
 * vector's own key length.  Returns how many vectors it checked.
 */
size_t tu_block_vectors(const cb_block_ops *ops, const cb_vector *table, size_t bs);

/*
 * tu_block_properties checks what every cb_block_ops cipher of block size bs must do:
 * set_key takes the lengths min..max and refuses min - 1 and max + 1; decryption
 * undoes encryption for each length; the ops' cbc (when present) equals chained ecb,
 * updates the IV and works in place.
 */
void tu_block_properties(const cb_block_ops *ops, size_t min, size_t max, size_t bs);

/* tu_data_path is tests/data/NAME, or $CB_TEST_DATA/NAME when that is set, in a
 * static buffer the next call overwrites. */
const char *tu_data_path(const char *name);

/* tu_timed_without_failures times n operations of variant v of a in direction d (a
 * public-key, KEM or signature row: no input) and fails the test when making the
 * instance fails or any operation does (a signature not made, a secret not derived). */
void tu_timed_without_failures(const cb_alg *a, const cb_variant *v, cb_dir d, uint64_t n);

/* tu_quick reports whether CB_TEST_DEPTH=quick asks for the quick depth: check-cross
 * sets it for its emulated jobs, where a long test repeating architecture-neutral
 * work the native run does in full takes a sample of it instead. */
int tu_quick(void);

/* TU_AWS_LC: the AWS-LC 5.5.0 build in the project's shared/peers for this
 * architecture (tests run from the worktree), "" when there is none. */
#if defined(__x86_64__)
#define TU_AWS_LC "../shared/peers/aws-lc/x86_64/libcrypto.so"
#elif defined(__aarch64__)
#define TU_AWS_LC "../shared/peers/aws-lc/aarch64/libcrypto.so"
#else
#define TU_AWS_LC ""
#endif

/* tu_aws_lc loads TU_AWS_LC once as the library variant "aws" and returns it; NULL,
 * with a line saying why program and test skip, when it is not there (a load that
 * fails is a test failure). */
const cb_variant *tu_aws_lc(const char *program, const char *test);

/* tu_system_lib loads the libcrypto.so.3 the loader finds once as the library
 * variant "sys" and returns it; NULL, with a line saying test skips, when there is
 * none (a load that fails is a test failure). */
const cb_variant *tu_system_lib(const char *test);

/* tu_import_refused imports text as the file name (import's defaults) and fails the
 * test unless the import is refused with no row kept and an error that starts with
 * where ("t.log:2: ") and mentions what. */
void tu_import_refused(const char *name, const char *text, const char *where,
                       const char *what);

/* tu_import_data imports tests/data/NAME (tu_data_path) with no options, failing the
 * test unless it gives want rows; the caller frees the set. */
cb_csv_set *tu_import_data(const char *name, long want);

#endif
