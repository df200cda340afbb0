/*
 * kernels/armv8/knobs.h - the builds of aes_ce_modes.S, written once.
 *
 * AES_CE_BUILDS(X) calls X(sym, name, interleave, inline, priority, summary) for
 * every build of the template:
 *   sym         the symbols' infix, -DVARIANT: aes_ce_<sym>_ctr32, ...
 *   name        the variant name users type (-variant ce-i4)
 *   interleave  -DINTERLEAVE: blocks in flight; aes_ce_modes.S has one register
 *               block per supported factor and refuses any other
 *   inline      -DINLINE: 1 expands the round sequence in every loop
 *   priority    for auto (kernels/armv8/family.c explains the order)
 *   summary     the line `list` prints
 *
 * Its readers, so that a new factor is this one line plus its register block in
 * aes_ce_modes.S:
 *   kernels/armv8/family.mk   assembles one object per row with its -D knobs; it
 *                             reads the rows through the compiler's preprocessor
 *                             (CB_KNOBS_MAKE below), so make and C see one list
 *   kernels/armv8/armv8.h     declares each build's entry points
 *   kernels/armv8/family.c    an AES row and a GCM row per build
 *   tests/test_armv8.c        ABI entries, the knob test (AESE state registers and
 *                             call or inline per build) and the registry rows
 *   scripts/armv8-mca.sh      the factors it models (the make-side list again)
 *
 * Why a header and not a make variable: the rows carry C strings (names,
 * summaries) that -D flags would have to quote, and the C side needs them in every
 * translation unit that names a build, including the tests; the preprocessor reads
 * a header the same way for make as for the compiler.
 */
#ifndef CB_ARMV8_KNOBS_H
#define CB_ARMV8_KNOBS_H

#define AES_CE_BUILDS(X)                                                                 \
    X(i2, "ce-i2", 2, 0, 260, "AESE/AESMC, 2 blocks in flight (Cortex-A53)")              \
    X(i4, "ce-i4", 4, 0, 300, "AESE/AESMC, 4 blocks in flight (Cortex-A57/A72)")          \
    X(i5, "ce-i5", 5, 0, 280, "AESE/AESMC, 5 blocks in flight (Neoverse N1)")             \
    X(i2_inline, "ce-i2-inline", 2, 1, 270, "2 blocks, rounds inlined in every loop (2015)")

/*
 * CHACHA_NEON_BUILDS(X) calls X(sym, name, scalar, priority, summary) for every
 * build of kernels/armv8/chacha_neon.S:
 *   sym      the symbol's infix, -DVARIANT: chacha20_neon_<sym>_blocks
 *   name     the variant name users type
 *   scalar   -DSCALAR: 1 adds a fifth block in the general registers to each step
 *   priority for auto (kernels/armv8/family.c explains the order)
 * Read by family.mk (CB_KNOBS_MAKE_CHACHA), armv8.h, family.c and tests/test_armv8.c.
 */
#define CHACHA_NEON_BUILDS(X)                                                            \
    X(v4, "neon", 0, 300, "NEON 4 blocks a step, vertical; Poly1305 MUL/UMULH")          \
    X(v4s1, "neon-i5", 1, 290, "NEON 4 + 1 in general registers; Poly1305 MUL/UMULH")

#ifdef CB_KNOBS_MAKE
/* For family.mk: one word sym:interleave:inline per build. */
#define CB_KNOB_WORD(sym, name, interleave, inl, prio, summary) sym:interleave:inl
AES_CE_BUILDS(CB_KNOB_WORD)
#endif

#ifdef CB_KNOBS_MAKE_CHACHA
/* For family.mk: one word sym:scalar per build of chacha_neon.S. */
#define CB_CHACHA_KNOB_WORD(sym, name, scalar, prio, summary) sym:scalar
CHACHA_NEON_BUILDS(CB_CHACHA_KNOB_WORD)
#endif

#endif
