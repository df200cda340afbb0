/*
 * kernels/family_generic.c - the portable C variants: the reference every other
 * variant is checked against, and the "before" column of an assembly port.
 * Priority 100: any variant that needs a capability outranks it.
 */
#include "kernels/families.h"
#include "kernels/generic.h"

const cb_variant cb_family_generic[] = {
    /* digests */

    /* AES, GHASH and GCM */

    /* DES */

    /* public key */
    {"generic", "generic", CB_PRIM_MONT, 0, 100, &cb_mont_generic_ops,
     "portable C Montgomery multiplication (CIOS, SOS squaring)"},

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_generic_count = sizeof cb_family_generic / sizeof cb_family_generic[0] - 1;
