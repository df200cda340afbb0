/*
 * kernels/x86_64/family.c - the x86_64 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/families.h"

const cb_variant cb_family_x86_64[] = {
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_x86_64_count = sizeof cb_family_x86_64 / sizeof cb_family_x86_64[0] - 1;
