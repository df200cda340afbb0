/*
 * kernels/power/knobs.h - the builds of the integer sources (*_int.S), written once.
 *
 * POWER_INT_BUILDS(X) calls X(sym, name, hints, priority, summary) for every build:
 *   sym       the symbols' infix, -DVARIANT: sha256_<sym>_blocks, wipe_<sym>_bytes
 *   name      the variant name users type (-variant ppc-hint)
 *   hints     -DHINTS: 1 emits the static "not taken" hints (bdnz-, beq-), 0 the
 *             plain branches (kernels/power/asm.h, bc_hint)
 *   priority  for auto: ppc above ppc-hint, so auto never takes the hints (the
 *             reasons are in kernels/power/family.c)
 *   summary   what `list` adds to each kernel's own description
 *
 * Readers: kernels/power/family.mk (one object per source and row, through the
 * preprocessor with CB_KNOBS_MAKE, and the hinted/plain pairs tests/power_hints.sh
 * compares), kernels/power/power.h (declarations), kernels/power/family.c (the ops
 * and one row per kernel and build) and tests/test_power.c.  A third build (say,
 * "+" hints) is one row here.
 */
#ifndef CB_POWER_KNOBS_H
#define CB_POWER_KNOBS_H

#define POWER_INT_BUILDS(X)                                                              \
    X(ppc_hint, "ppc-hint", 1, 150, "static branch hints (bdnz-, beq-) as in 2012")      \
    X(ppc, "ppc", 0, 200, "no static branch hints")

#ifdef CB_KNOBS_MAKE
/* For family.mk: one word sym:hints per build. */
#define CB_KNOB_WORD(sym, name, hints, prio, summary) sym:hints
POWER_INT_BUILDS(CB_KNOB_WORD)
#endif

#endif
