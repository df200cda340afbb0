/*
 * kernels/check/kat/acvp_case.c - an ACVP test (acvp.c made it a kat_case) run on
 * one variant through kernels/op.h: the keyGen tests as kat_kem.c and kat_mldsa.c
 * run their records, the tests that bring their own keys (encapsulation,
 * decapsulation, the ek check, sigGen, sigVer) with the op layer's raw-key and M'
 * calls, which only the built-in variants take.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/check/kat/kat_impl.h"
#include "kernels/generic/mlkem.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"

/* start_keyed starts v's op for direction d of c's algorithm and gives it keys. */
static int start_keyed(cb_op *o, const kat_case *c, const cb_variant *v, cb_dir d,
                       const uint8_t *pub, const uint8_t *priv, char *why, size_t len)
{
    if (cb_op_start(o, c->alg, v, d, NULL, 0, NULL) != 0) {
        snprintf(why, len, "the variant opened no %s session", cb_dir_name(d));
        return -1;
    }
    int rc = c->alg->kind == CB_KIND_KEM ? cb_op_kem_set_keys(o, pub, priv)
                                         : cb_op_sig_set_keys(o, pub, priv);
    if (rc == 0)
        return 0;
    cb_op_stop(o);
    snprintf(why, len, "the variant took no key");
    return -1;
}

/* verdict compares a check's acceptance with the test's testPassed. */
static int verdict(int accepted, const kat_case *c, const char *what, char *why, size_t len)
{
    if (accepted == !c->reject)
        return 0;
    snprintf(why, len, "%s %s where testPassed is %s", what,
             accepted ? "accepted" : "refused", c->reject ? "false" : "true");
    return 1;
}

static int run_kem(const kat_case *c, const cb_variant *v, char *why, size_t len)
{
    cb_kem_sizes z;
    cb_kem_sizes_of(c->alg, &z);
    uint8_t ct[CB_MLKEM_MAX_CT], k[32], m[32] = {0};
    cb_op o;
    cb_dir d = c->acvp == KAT_ACVP_DECAPS ? CB_DIR_DECAPS : CB_DIR_ENCAPS;
    if (!cb_variant_offers(v, c->alg, d)) {
        snprintf(why, len, "the variant does not offer %s %s", c->alg->name, cb_dir_name(d));
        return 2;
    }
    if (c->acvp == KAT_ACVP_EK_CHECK && c->kem_len[KAT_KEM_EK] != z.ek)
        return verdict(0, c, "the encapsulation key (of a wrong length)", why, len);
    if (start_keyed(&o, c, v, d, d == CB_DIR_ENCAPS ? c->kem[KAT_KEM_EK] : NULL,
                    d == CB_DIR_DECAPS ? c->kem[KAT_KEM_DK] : NULL, why, len) != 0)
        return 1;
    int rc;
    if (c->acvp == KAT_ACVP_EK_CHECK) {
        rc = verdict(cb_op_kem_encaps(&o, m, ct, k) == 0, c, "the encapsulation key", why, len);
    } else if (c->acvp == KAT_ACVP_ENCAPS) {
        rc = cb_op_kem_encaps(&o, c->kem[KAT_KEM_M], ct, k) != 0;
        if (rc)
            snprintf(why, len, "encapsulation refused the test's ek");
        else
            rc = kat_differs(ct, c->kem[KAT_KEM_C], z.ct, "c", why, len) ||
                 kat_differs(k, c->kem[KAT_KEM_K], z.ss, "k", why, len);
    } else {
        rc = cb_op_kem_decaps(&o, c->kem[KAT_KEM_C], k) != 0;
        if (rc)
            snprintf(why, len, "decapsulation failed");
        else
            rc = kat_differs(k, c->kem[KAT_KEM_K], z.ss, "k", why, len);
    }
    cb_op_stop(&o);
    cb_wipe(k, sizeof k);
    return rc;
}

static int run_dsa(const kat_case *c, const cb_variant *v, char *why, size_t len)
{
    cb_sig_sizes z;
    cb_sig_sizes_of(c->alg, &z);
    cb_dir d = c->acvp == KAT_ACVP_SIGGEN ? CB_DIR_SIGN : CB_DIR_VERIFY;
    if (!cb_variant_offers(v, c->alg, d)) {
        snprintf(why, len, "the variant does not offer %s %s", c->alg->name, cb_dir_name(d));
        return 2;
    }
    /* the internal interface has no prefix: M' is the message */
    static const uint8_t none[1];
    const uint8_t *pre = c->aad ? c->aad : none;
    cb_op o;
    if (start_keyed(&o, c, v, d, d == CB_DIR_VERIFY ? c->kem[KAT_DSA_PK] : NULL,
                    d == CB_DIR_SIGN ? c->kem[KAT_DSA_SK] : NULL, why, len) != 0)
        return 1;
    int rc;
    if (d == CB_DIR_VERIFY) {
        rc = verdict(cb_op_sig_verify_pre(&o, pre, c->aad_len, c->msg, c->msg_len,
                                          c->kem[KAT_DSA_SIG], c->kem_len[KAT_DSA_SIG]) == 0,
                     c, "the signature", why, len);
    } else {
        uint8_t *sig = cb_xmalloc(z.sig);
        size_t siglen = z.sig;
        rc = cb_op_sig_sign_pre(&o, pre, c->aad_len, c->msg, c->msg_len, c->kem[KAT_DSA_RND],
                                sig, &siglen) != 0;
        if (rc)
            snprintf(why, len, "signing failed");
        else
            rc = kat_differs(sig, c->kem[KAT_DSA_SIG], z.sig, "signature", why, len);
        free(sig);
    }
    cb_op_stop(&o);
    return rc;
}

int kat_acvp_run_case(const kat_case *c, const cb_variant *v, char *why, size_t len)
{
    switch (c->acvp) {
    case KAT_ACVP_KEM_KEYGEN:
        return kat_kem_run(c, v, why, len);
    case KAT_ACVP_DSA_KEYGEN:
        return kat_mldsa_run(c, v, why, len);
    default:
        break;
    }
    /* a loaded library's cb_alg_impl makes its keys from seeds and takes neither raw
     * ML-KEM or ML-DSA keys nor M': its keyGen tests run, these are skipped */
    if (!cb_op_takes_pq_keys(v)) {
        snprintf(why, len, "a library variant takes no raw %s keys", c->alg->heading);
        return 2;
    }
    return c->alg->kind == CB_KIND_KEM ? run_kem(c, v, why, len) : run_dsa(c, v, why, len);
}
