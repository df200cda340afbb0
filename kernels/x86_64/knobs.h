/*
 * kernels/x86_64/knobs.h - the builds of aesni_modes.c, written once.
 *
 * AESNI_BUILDS(X) calls X(i, priority, summary) for every build of the template:
 *   i         -DAESNI_I: blocks in flight; the variant is aesni-i<i>, its ops
 *             cb_aesni_i<i>_ops and its GCM pairing with pclmul cb_gcm_aesni_i<i>_ops;
 *             kernels/x86_64/aesni_inline.h needs an AESNI_EACH<i>
 *   priority  for auto (kernels/x86_64/family.c explains the order); the GCM row
 *             has the same
 *   summary   the line `list` prints for the AES row
 *
 * Its readers, so that a new factor is this one line (plus its AESNI_EACH<i> when
 * aesni_inline.h has none):
 *   kernels/x86_64/family.mk   compiles one object per row with -DAESNI_I; it reads
 *                              the rows through the compiler's preprocessor
 *                              (CB_KNOBS_MAKE below), so make and C see one list
 *   kernels/x86_64/x86_64.h    declares each build's AES and GCM ops
 *   kernels/x86_64/gcm_aesni.c pairs each build with pclmul GHASH
 *   kernels/x86_64/family.c    an AES row and a GCM row per build
 *   tests/test_x86_64.c        the interleave test (AESDEC in a row per build)
 */
#ifndef CB_X86_64_KNOBS_H
#define CB_X86_64_KNOBS_H

#define AESNI_BUILDS(X)                                                                  \
    X(1, 200, "AES-NI, one block at a time (the latency-bound baseline)")                \
    X(4, 210, "AES-NI, 4 blocks interleaved in ECB, CBC decryption and CTR")             \
    X(8, 220, "AES-NI, 8 blocks interleaved in ECB, CBC decryption and CTR")

#ifdef CB_KNOBS_MAKE
/* For family.mk: one word, the factor, per build. */
#define CB_KNOB_WORD(i, prio, summary) i
AESNI_BUILDS(CB_KNOB_WORD)
#endif

#endif
