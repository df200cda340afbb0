/*
 * kernels/power/family.c - the power family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/families.h"
#include "kernels/power/power.h"

/* DIGEST_INT(alg): the two builds of an integer digest, each with its own wipe. */
#define DIGEST_INT(alg)                                                                  \
    static const cb_digest_ops alg##_ppc_hint_ops = {alg##_ppc_hint_blocks,              \
                                                     wipe_ppc_hint_bytes};               \
    static const cb_digest_ops alg##_ppc_ops = {alg##_ppc_blocks, wipe_ppc_bytes}

DIGEST_INT(sha256);
DIGEST_INT(sha512);

const cb_variant cb_family_power[] = {
    {"ppc-hint", "power", CB_PRIM_SHA256, 0, 150, &sha256_ppc_hint_ops,
     "integer asm, static branch hints (bdnz-, beq-)"},
    {"ppc", "power", CB_PRIM_SHA256, 0, 200, &sha256_ppc_ops, "integer asm, no branch hints"},
    {"ppc-hint", "power", CB_PRIM_SHA512, 0, 150, &sha512_ppc_hint_ops,
     "integer asm, static branch hints (bdnz-, beq-)"},
    {"ppc", "power", CB_PRIM_SHA512, 0, 200, &sha512_ppc_ops, "integer asm, no branch hints"},
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_power_count = sizeof cb_family_power / sizeof cb_family_power[0] - 1;
