/*
 * tests/support.h - helpers the cmocka test programs share (linked into each of
 * them, not into the cmocka-free ABI check).
 */
#ifndef CB_TESTS_SUPPORT_H
#define CB_TESTS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* tu_unhex decodes a vector field (NULL: empty) into a new buffer of *len bytes (one
 * spare byte, so an empty field is still a valid pointer); the caller frees it. */
uint8_t *tu_unhex(const char *hex, size_t *len);

/* tu_runnable: v implements a in direction d and this CPU (after masks) can run it. */
int tu_runnable(const cb_variant *v, const cb_alg *a, cb_dir d);

/* tu_runnable_said is tu_runnable for a digest-like a (direction digest) that says,
 * as a cmocka message, when a variant is skipped for lack of capabilities. */
int tu_runnable_said(const cb_variant *v, const cb_alg *a);

/* tu_fill writes a reproducible pattern (xorshift32 from seed), so failures
 * reproduce. */
void tu_fill(uint8_t *p, size_t len, uint32_t seed);

/* tu_aes_ctr_only: AES ops that offer only a CTR mode doing nothing, for test
 * doubles that exercise the registry and selection without computing anything. */
extern const cb_aes_ops tu_aes_ctr_only;

/* tu_double_impl: a whole-algorithm implementation (kernels/kernel.h, CB_PRIM_WHOLE)
 * of the TU_DOUBLE_NALGS algorithms tu_double_algs, each direction, that calls the
 * generic variant through the project's own message layers (kernels/modes/,
 * kernels/pkey/), as a libcrypto loaded at run time would be called.  Its provenance:
 * library "(test double: generic through kernels/modes)", version "1.0", two notes.
 * Tests copy it to give it another provenance or one wrong function. */
#define TU_DOUBLE_NALGS 4
extern const char *const tu_double_algs[TU_DOUBLE_NALGS];
extern const cb_alg_impl tu_double_impl;

#endif
