/*
 * kernels/pkey/sig.c - sig.h's signature layer over a cb_mldsa_ops variant: the
 * sizes of FIPS 204 Table 2, the kept key pair, pure ML-DSA's message prefix, the
 * hedged signature's random bytes, and the calls into the variant.
 */
#include "kernels/pkey/sig.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/mldsa.h"

struct cb_sig {
    const cb_mldsa_ops *ops;
    unsigned set; /* FIPS 204's parameter set: 44, 65 or 87 */
    int keyed;
    uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK];
};

/* Pure ML-DSA's M' prefix for the empty context: IntegerToBytes(0, 1) || len(ctx). */
static const uint8_t pure_prefix[2] = {0, 0};

/* set_of: the parameter set of an ML-DSA row (key_bits 44, 65, 87), 0 otherwise. */
static unsigned set_of(const cb_alg *a)
{
    if (!a || a->kind != CB_KIND_SIG || a->prim != CB_PRIM_MLDSA)
        return 0;
    return a->key_bits == 44 || a->key_bits == 65 || a->key_bits == 87 ? a->key_bits : 0;
}

int cb_sig_sizes_of(const cb_alg *a, cb_sig_sizes *z)
{
    unsigned set = set_of(a);
    if (!set)
        return -1;
    z->pk = CB_MLDSA_PK_BYTES(set);
    z->sk = CB_MLDSA_SK_BYTES(set);
    z->sig = CB_MLDSA_SIG_BYTES(set);
    return 0;
}

cb_sig *cb_sig_new(const cb_alg *a, const cb_variant *v)
{
    unsigned set = set_of(a);
    if (!set || !v || v->prim != CB_PRIM_MLDSA || !v->ops)
        return NULL;
    cb_sig *k = cb_xcalloc(1, sizeof *k);
    k->ops = v->ops;
    k->set = set;
    return k;
}

int cb_sig_keygen(cb_sig *k, const uint8_t seed[CB_SIG_SEED_BYTES], uint8_t *pk, uint8_t *sk)
{
    if (k->ops->keygen(k->set, k->pk, k->sk, seed) != 0)
        return -1;
    k->keyed = 1;
    if (pk)
        memcpy(pk, k->pk, CB_MLDSA_PK_BYTES(k->set));
    if (sk)
        memcpy(sk, k->sk, CB_MLDSA_SK_BYTES(k->set));
    return 0;
}

/* fresh_rnd fills rnd from the kernel's random source; -1 when it cannot. */
static int fresh_rnd(uint8_t rnd[CB_SIG_RND_BYTES])
{
    return cb_os_random(rnd, CB_SIG_RND_BYTES);
}

int cb_sig_set_keys(cb_sig *k, const uint8_t *pk, const uint8_t *sk)
{
    if (pk)
        memcpy(k->pk, pk, CB_MLDSA_PK_BYTES(k->set));
    if (sk)
        memcpy(k->sk, sk, CB_MLDSA_SK_BYTES(k->set));
    k->keyed = 1;
    return 0;
}

int cb_sig_sign(cb_sig *k, const uint8_t *msg, size_t len, const uint8_t *rnd, uint8_t *sig,
                size_t *siglen)
{
    return cb_sig_sign_pre(k, pure_prefix, sizeof pure_prefix, msg, len, rnd, sig, siglen);
}

int cb_sig_sign_pre(cb_sig *k, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                    size_t len, const uint8_t *rnd, uint8_t *sig, size_t *siglen)
{
    uint8_t fresh[CB_SIG_RND_BYTES];
    size_t n = CB_MLDSA_SIG_BYTES(k->set);
    if (!k->keyed || *siglen < n)
        return -1;
    if (!rnd) {
        if (fresh_rnd(fresh) != 0)
            return -1;
        rnd = fresh;
    }
    int rc = k->ops->sign(k->set, sig, k->sk, pre, prelen, msg, len, rnd);
    cb_wipe(fresh, sizeof fresh);
    if (rc != 0)
        return -1;
    *siglen = n;
    return 0;
}

int cb_sig_verify(cb_sig *k, const uint8_t *msg, size_t len, const uint8_t *sig,
                  size_t siglen)
{
    return cb_sig_verify_pre(k, pure_prefix, sizeof pure_prefix, msg, len, sig, siglen);
}

int cb_sig_verify_pre(cb_sig *k, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                      size_t len, const uint8_t *sig, size_t siglen)
{
    if (!k->keyed)
        return -1;
    if (siglen != CB_MLDSA_SIG_BYTES(k->set))
        return 1;
    int rc = k->ops->verify(k->set, k->pk, pre, prelen, msg, len, sig);
    return rc < 0 ? -1 : rc;
}

size_t cb_sig_max(const cb_sig *k) { return CB_MLDSA_SIG_BYTES(k->set); }

void cb_sig_free(cb_sig *k)
{
    if (!k)
        return;
    cb_wipe(k, sizeof *k);
    free(k);
}
