/*
 * kernels/check/checker.c - the failure sentence and the input generator of checker.h.
 */
#include "kernels/check/checker.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/sponge.h"
#include "kernels/op.h"

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

int cb_check_hex_exact(uint8_t *out, size_t len, const char *hex)
{
    return cb_hex_decode(hex, out, len) == (long)len && strlen(hex) == 2 * len ? 0 : -1;
}

int cb_check_same_hash(const uint8_t *p, size_t len, const char *want)
{
    uint8_t h[32], w[32];
    cb_sha3_256(h, p, len);
    return cb_check_hex_exact(w, sizeof w, want) == 0 && memcmp(h, w, sizeof h) == 0;
}

int cb_check_keyed_op(cb_op *o, const cb_alg *a, const cb_variant *v, cb_dir d,
                      const uint8_t *seed, uint8_t *pub, uint8_t *priv)
{
    if (cb_op_start(o, a, v, d, NULL, 0, NULL) != 0)
        return -1;
    int rc = a->kind == CB_KIND_KEM ? cb_op_kem_keygen(o, seed, pub, priv)
                                    : cb_op_sig_keygen(o, seed, pub, priv);
    if (rc == 0)
        return 0;
    cb_op_stop(o);
    return -1;
}
