/*
 * kernels/pkey/kem.c - kem.h's key-encapsulation layer over a cb_mlkem_ops variant:
 * the sizes of FIPS 203 Table 3, the kept key pair, and the calls into the variant.
 */
#include "kernels/pkey/kem.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/mlkem.h"

struct cb_kem {
    const cb_mlkem_ops *ops;
    unsigned rank; /* FIPS 203's k: 2, 3 or 4 */
    int keyed;
    uint8_t ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK];
};

/* rank_of: the module rank of an ML-KEM row (key_bits 512, 768, 1024), 0 otherwise. */
static unsigned rank_of(const cb_alg *a)
{
    if (!a || a->kind != CB_KIND_KEM || a->prim != CB_PRIM_MLKEM)
        return 0;
    unsigned k = a->key_bits / 256;
    return k >= 2 && k <= 4 && a->key_bits % 256 == 0 ? k : 0;
}

int cb_kem_sizes_of(const cb_alg *a, cb_kem_sizes *z)
{
    unsigned k = rank_of(a);
    if (!k)
        return -1;
    z->ek = CB_MLKEM_EK_BYTES(k);
    z->dk = CB_MLKEM_DK_BYTES(k);
    z->ct = CB_MLKEM_CT_BYTES(k);
    z->ss = CB_MLKEM_SS_BYTES;
    return 0;
}

cb_kem *cb_kem_new(const cb_alg *a, const cb_variant *v)
{
    unsigned k = rank_of(a);
    if (!k || !v || v->prim != CB_PRIM_MLKEM || !v->ops)
        return NULL;
    cb_kem *kem = cb_xcalloc(1, sizeof *kem);
    kem->ops = v->ops;
    kem->rank = k;
    return kem;
}

int cb_kem_keygen(cb_kem *k, const uint8_t seed[CB_KEM_SEED_BYTES], uint8_t *ek, uint8_t *dk)
{
    k->ops->keygen(k->rank, k->ek, k->dk, seed, seed + 32);
    k->keyed = 1;
    if (ek)
        memcpy(ek, k->ek, CB_MLKEM_EK_BYTES(k->rank));
    if (dk)
        memcpy(dk, k->dk, CB_MLKEM_DK_BYTES(k->rank));
    return 0;
}

int cb_kem_set_keys(cb_kem *k, const uint8_t *ek, const uint8_t *dk)
{
    if (ek)
        memcpy(k->ek, ek, CB_MLKEM_EK_BYTES(k->rank));
    if (dk)
        memcpy(k->dk, dk, CB_MLKEM_DK_BYTES(k->rank));
    k->keyed = 1;
    return 0;
}

int cb_kem_encaps(cb_kem *k, const uint8_t m[CB_KEM_MSG_BYTES], uint8_t *c, uint8_t *ss)
{
    if (!k->keyed)
        return -1;
    return k->ops->encaps(k->rank, c, ss, k->ek, m) ? -1 : 0;
}

int cb_kem_decaps(cb_kem *k, const uint8_t *c, uint8_t *ss)
{
    if (!k->keyed)
        return -1;
    k->ops->decaps(k->rank, ss, k->dk, c);
    return 0;
}

void cb_kem_free(cb_kem *k)
{
    if (!k)
        return;
    cb_wipe(k, sizeof *k);
    free(k);
}
