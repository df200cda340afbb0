/*
 * kernels/check/kat/kat_kem.c - ML-KEM known-answer records (CB_KAT_KEM): decoding
 * and running one record on one variant, through kernels/op.h as the checks do.
 *
 * A record (tests/data/mlkem-awslc.rsp) has d and z with the ek and dk keygen
 * makes of them, and optionally m with the c and k of encapsulation under that ek,
 * and c_modified with the k_rejected its decapsulation gives (implicit rejection).
 * The [ML-KEM-512], [ML-KEM-768] or [ML-KEM-1024] header names the parameter set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/check/kat/kat_impl.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/registry.h"


static const char *const names[KAT_KEM_FIELDS] = {"d", "z", "ek", "dk", "m",
                                                  "c", "k", "c_modified", "k_rejected"};

/* section_alg: the KEM the group's headers name, or NULL. */
static const cb_alg *section_alg(const cb_rsp *r)
{
    for (size_t i = 0; i < r->nsections; i++) {
        const cb_alg *a = cb_alg_find(r->sections[i].name);
        if (a && a->kind == CB_KIND_KEM)
            return a;
    }
    return NULL;
}

int kat_kem_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_alg *a = section_alg(&f->rsp);
    cb_kem_sizes z;
    if (!a || cb_kem_sizes_of(a, &z) != 0)
        return cb_rsp_error(&f->rsp, rec->line, "the record is under no [ML-KEM-512], "
                            "[ML-KEM-768] or [ML-KEM-1024] header.");
    const size_t want[KAT_KEM_FIELDS] = {32, 32, z.ek, z.dk, 32, z.ct, z.ss, z.ct, z.ss};
    c->alg = a;
    c->dir = CB_DIR_KEYGEN;
    const cb_rsp_field *count = cb_rsp_get(rec, "count");
    snprintf(c->label, sizeof c->label, "[%s] count = %.20s", a->heading,
             count ? count->value : "?");
    for (size_t i = 0; i < KAT_KEM_FIELDS; i++) {
        const cb_rsp_field *fl = cb_rsp_get(rec, names[i]);
        if (!fl)
            continue;
        if (cb_rsp_hex(&f->rsp, fl, &c->kem[i], &c->kem_len[i]) < 0)
            return -1;
        if (c->kem_len[i] != want[i])
            return cb_rsp_error(&f->rsp, fl->line, "%s has %zu bytes where %s takes %zu.",
                                names[i], c->kem_len[i], a->heading, want[i]);
    }
    /* what each step needs: keygen d, z, ek, dk; encaps m, c, k; rejection both */
    if (!c->kem[KAT_KEM_D] || !c->kem[KAT_KEM_Z] || !c->kem[KAT_KEM_EK] || !c->kem[KAT_KEM_DK])
        return cb_rsp_error(&f->rsp, rec->line, "an ML-KEM record needs d, z, ek and dk.");
    if (!c->kem[KAT_KEM_M] != !c->kem[KAT_KEM_C] || !c->kem[KAT_KEM_C] != !c->kem[KAT_KEM_K] ||
        !c->kem[KAT_KEM_CMOD] != !c->kem[KAT_KEM_KREJ])
        return cb_rsp_error(&f->rsp, rec->line, "an ML-KEM record gives m, c and k together, "
                            "and c_modified with k_rejected.");
    return 1;
}

int kat_differs(const uint8_t *got, const uint8_t *want, size_t n, const char *name, char *why,
                size_t len)
{
    size_t i = 0;
    while (i < n && got[i] == want[i])
        i++;
    if (i == n)
        return 0;
    snprintf(why, len, "%s differs from the record's from byte %zu on", name, i);
    return 1;
}

/* keyed starts v's op for direction d and makes the record's key pair from d || z
 * (ek and dk written when given); -1 with why set when either fails (o then needs
 * no stop). */
static int keyed(cb_op *o, const kat_case *c, const cb_variant *v, cb_dir d, uint8_t *ek,
                 uint8_t *dk, char *why, size_t len)
{
    uint8_t seed[CB_KEM_SEED_BYTES];
    memcpy(seed, c->kem[KAT_KEM_D], 32);
    memcpy(seed + 32, c->kem[KAT_KEM_Z], 32);
    if (cb_op_start(o, c->alg, v, d, NULL, 0, NULL) != 0) {
        snprintf(why, len, "the variant opened no %s session", cb_dir_name(d));
        return -1;
    }
    if (cb_op_kem_keygen(o, seed, ek, dk) == 0)
        return 0;
    cb_op_stop(o);
    snprintf(why, len, "keygen failed on the %s op", cb_dir_name(d));
    return -1;
}

/* decaps_step decapsulates the record's c (to k) and c_modified (to k_rejected). */
static int decaps_step(cb_op *o, const kat_case *c, size_t sslen, char *why, size_t len)
{
    uint8_t ss[32];
    const struct {
        int in, want;
        const char *name;
    } steps[] = {{KAT_KEM_C, KAT_KEM_K, "the decapsulated k"}, {KAT_KEM_CMOD, KAT_KEM_KREJ, "k_rejected"}};
    for (size_t i = 0; i < 2; i++) {
        if (!c->kem[steps[i].in])
            continue;
        if (cb_op_kem_decaps(o, c->kem[steps[i].in], ss) != 0) {
            snprintf(why, len, "decapsulation failed");
            return 1;
        }
        if (kat_differs(ss, c->kem[steps[i].want], sslen, steps[i].name, why, len))
            return 1;
    }
    return 0;
}

int kat_kem_run(const kat_case *c, const cb_variant *v, char *why, size_t len)
{
    cb_kem_sizes z;
    cb_kem_sizes_of(c->alg, &z);
    size_t total = z.ek + z.dk + z.ct + z.ss;
    uint8_t *buf = malloc(total);
    if (!buf) {
        snprintf(why, len, "out of memory");
        return 2;
    }
    uint8_t *ek = buf, *dk = buf + z.ek, *ct = dk + z.dk, *k = ct + z.ct;
    cb_op o;
    int rc = 0;
    if (!cb_variant_offers(v, c->alg, CB_DIR_KEYGEN)) {
        snprintf(why, len, "the variant does not offer %s", c->alg->name);
        rc = 2;
    } else if (keyed(&o, c, v, CB_DIR_KEYGEN, ek, dk, why, len) != 0) {
        rc = 1;
    } else {
        rc = kat_differs(ek, c->kem[KAT_KEM_EK], z.ek, "ek", why, len) ||
             kat_differs(dk, c->kem[KAT_KEM_DK], z.dk, "dk", why, len);
        cb_op_stop(&o);
    }
    if (rc == 0 && c->kem[KAT_KEM_M] && cb_variant_offers(v, c->alg, CB_DIR_ENCAPS)) {
        if (keyed(&o, c, v, CB_DIR_ENCAPS, NULL, NULL, why, len) != 0)
            rc = 1;
        else {
            if (cb_op_kem_encaps(&o, c->kem[KAT_KEM_M], ct, k) != 0) {
                snprintf(why, len, "encapsulation failed");
                rc = 1;
            } else {
                rc = kat_differs(ct, c->kem[KAT_KEM_C], z.ct, "c", why, len) ||
                     kat_differs(k, c->kem[KAT_KEM_K], z.ss, "k", why, len);
            }
            cb_op_stop(&o);
        }
    }
    if (rc == 0 && cb_variant_offers(v, c->alg, CB_DIR_DECAPS)) {
        if (keyed(&o, c, v, CB_DIR_DECAPS, NULL, NULL, why, len) != 0)
            rc = 1;
        else {
            rc = decaps_step(&o, c, z.ss, why, len);
            cb_op_stop(&o);
        }
    }
    cb_wipe(buf, total);
    free(buf);
    return rc;
}
