/*
 * kernels/generic/gf2m.h - what every GF(2^m) variant (cb_gf2m_ops) shares: the
 * reduction of a double-length product modulo the field's trinomial or pentanomial
 * (kernels/generic/gf2m_reduce.c).  A variant multiplies its own way and reduces here.
 */
#ifndef CB_GF2M_H
#define CB_GF2M_H

#include <stdint.h>

#include "kernels/kernel.h"

/*
 * cb_gf2m_reduce sets r[0..f->words) = c mod f(x) for the product c[0..2 f->words)
 * (degree at most 2m - 2), which it overwrites; r may be c.  Constant time: the
 * shifts depend on m and f's exponents only.
 */
void cb_gf2m_reduce(const cb_gf2m_field *f, uint64_t *r, uint64_t *c);

#endif
