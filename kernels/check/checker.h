/*
 * kernels/check/checker.h - what the checks of one variant share: the variant and its
 * generic reference, the one-sentence failure, the count of comparisons and the
 * deterministic input generator (so every failure reproduces).  Used by check.c (known
 * answers, the cross-check) and pkey_check.c (the public-key checks).
 */
#ifndef CB_CHECKER_H
#define CB_CHECKER_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_checker: one variant of one algorithm under check. */
typedef struct cb_checker {
    const cb_alg *alg;
    const cb_variant *var;
    const cb_variant *ref; /* generic, or NULL */
    char *err;
    size_t errlen;
    unsigned long checks;
    uint64_t rng;
} cb_checker;

/* cb_check_fail writes "alg/variant: " and the sentence into c->err; returns 1. */
int cb_check_fail(cb_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* cb_check_fill writes n bytes of c's xorshift64* stream to p. */
void cb_check_fill(cb_checker *c, uint8_t *p, size_t n);

#endif
