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

/* cb_check_hex_exact decodes hex into exactly len bytes; 0, or -1 when malformed or
 * another length. */
int cb_check_hex_exact(uint8_t *out, size_t len, const char *hex);

/* cb_check_same_hash: the SHA3-256 of p[0..len) equals the hex digest want (the
 * post-quantum vectors keep long strings as their hash). */
int cb_check_same_hash(const uint8_t *p, size_t len, const char *want);

struct cb_op;

/* cb_check_keyed_op starts v's op of a (a KEM or CB_KIND_SIG) for direction d and
 * makes its key pair from seed (cb_op_kem_keygen, cb_op_sig_keygen), writing the
 * public and private keys when given; -1 when either fails (o then needs no stop). */
int cb_check_keyed_op(struct cb_op *o, const cb_alg *a, const cb_variant *v, cb_dir d,
                      const uint8_t *seed, uint8_t *pub, uint8_t *priv);

#endif
