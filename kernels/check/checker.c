/*
 * kernels/check/checker.c - the failure sentence and the input generator of checker.h.
 */
#include "kernels/check/checker.h"

#include <stdarg.h>
#include <stdio.h>

int cb_check_fail(cb_checker *c, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(c->err, c->errlen, "%s/%s: ", c->alg->name, c->var->name);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < c->errlen)
        vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return 1;
}

/* xorshift64*: a deterministic generator so every failure reproduces. */
static uint8_t next_byte(cb_checker *c)
{
    c->rng ^= c->rng >> 12;
    c->rng ^= c->rng << 25;
    c->rng ^= c->rng >> 27;
    return (uint8_t)((c->rng * UINT64_C(2685821657736338717)) >> 56);
}

void cb_check_fill(cb_checker *c, uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = next_byte(c);
}
