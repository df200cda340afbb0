/*
 * kernels/pkey/pkey.c - the message-level public-key API (kernels/pkey/pkey.h), the
 * front door over rsa.c, dsa.c, ecdsa.c, ed25519.c, x25519.c, ed448.c, x448.c, ffdh.c,
 * ecp.c and ec2m.c: embedded keys
 * loaded for one variant, SHA-256 in front, and the selftest.  What those files
 * share sits below them all, in pkey_util.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/hmac.h"
#include "kernels/pkey/ec2m.h"
#include "kernels/pkey/ecp.h"
#include "kernels/pkey/sm2.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

struct cb_pkey {
    const cb_alg *alg;
    const cb_variant *v;
    cb_pkey_hash hash;
    int is_rsa;
    int is_x25519; /* a key agreement: derives instead of signing */
    int is_ed25519;
    int is_ecdsa;
    int c448; /* with is_x25519: X448; else Ed448 (u.ed448) */
    cb_ec2m_key *ec2m; /* a binary curve (ecdsak163 .. ecdhb571): kernels/pkey/ec2m.c */
    int is_ecp;     /* a curve of kernels/curves.h: ECDSA, or ECDH when is_ecdh */
    int is_ecdh;
    int is_sm2; /* with is_ecp: the sm2 row (kernels/pkey/sm2.h) */
    int is_ffdh; /* a key agreement over the bignum core */
    union {
        cb_rsa_key rsa;
        cb_dsa_key dsa;
        cb_ed25519_key ed;
        cb_ed448_key ed448;
        cb_ecdsa_key ecdsa;
        cb_ecp_key ecp;
        cb_ffdh_pair ffdh;
        struct {
            uint8_t priv[CB_X448_BYTES], peer[CB_X448_BYTES]; /* X25519's: 32 of them */
        } x25519;
    } u;
};

/* ---- embedded keys ---- */

/* Room for one number of an embedded key in bytes. */
#define NUM_MAX (CB_BN_MAX_BITS / 8)

/* hexnum holds one embedded number decoded from hex. */
typedef struct hexnum {
    uint8_t b[NUM_MAX];
    cb_pkey_num num;
} hexnum;

/* hex_num decodes an even-length hex string into x; -1 when malformed or too long. */
static int hex_num(hexnum *x, const char *hex)
{
    long len = cb_hex_decode(hex, x->b, NUM_MAX);
    x->num.b = x->b;
    x->num.len = len < 0 ? 0 : (size_t)len;
    return len < 0 ? -1 : 0;
}

/* hex_nums decodes count hex strings into xs; -1 when any is malformed. */
static int hex_nums(hexnum *xs, const char *const *hex, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (hex_num(&xs[i], hex[i]) != 0)
            return -1;
    return 0;
}

static const cb_dsa_keyhex *find_dsa(const char *alg)
{
    for (const cb_dsa_keyhex *k = cb_dsa_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

/* load_rsa loads an embedded RSA key with its CRT parts. */
static int load_rsa(cb_rsa_key *k, const cb_mont_ops *ops, const cb_rsa_keyhex *kh)
{
    const char *hex[8] = {kh->n, kh->e, kh->d, kh->p, kh->q, kh->dp, kh->dq, kh->qinv};
    hexnum *x = cb_xmalloc(8 * sizeof *x);
    int rc = hex_nums(x, hex, 8) == 0 &&
                     cb_rsa_key_init(k, ops, &x[0].num, &x[1].num, &x[2].num) == 0 &&
                     cb_rsa_key_set_crt(k, &x[3].num, &x[4].num, &x[5].num, &x[6].num,
                                        &x[7].num) == 0
                 ? 0
                 : -1;
    cb_pkey_free_secret(x, 8 * sizeof *x);
    return rc;
}

/* load_dsa loads embedded DSA parameters and key. */
static int load_dsa(cb_dsa_key *k, const cb_mont_ops *ops, const cb_dsa_keyhex *kh)
{
    const char *hex[5] = {kh->p, kh->q, kh->g, kh->y, kh->x};
    hexnum *x = cb_xmalloc(5 * sizeof *x);
    int rc = hex_nums(x, hex, 5) == 0 && cb_dsa_key_init(k, ops, &x[0].num, &x[1].num,
                                                         &x[2].num, &x[3].num,
                                                         &x[4].num) == 0
                 ? 0
                 : -1;
    cb_pkey_free_secret(x, 5 * sizeof *x);
    return rc;
}

static const cb_x25519_keyhex *find_x25519(const char *alg)
{
    for (const cb_x25519_keyhex *k = cb_x25519_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

/* x25519_new loads the embedded X25519 or X448 key pair of a for a curve25519 or
 * curve448 variant. */
static cb_pkey *x25519_new(const cb_alg *a, const cb_variant *v)
{
    const cb_x25519_keyhex *kh = find_x25519(a->name);
    int c448 = a->prim == CB_PRIM_C448;
    size_t n = c448 ? CB_X448_BYTES : 32;
    if (!kh || !(c448 ? cb_pkey_c448_ops(v) != NULL : cb_pkey_c25519_ops(v) != NULL))
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_x25519 = 1;
    k->c448 = c448;
    if (cb_hex_bytes(k->u.x25519.priv, n, kh->priv) != 0 ||
        cb_hex_bytes(k->u.x25519.peer, n, kh->peer) != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    return k;
}

static const cb_ed25519_keyhex *find_ed25519(const char *alg)
{
    for (const cb_ed25519_keyhex *k = cb_ed25519_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

/* ed25519_new loads the embedded Ed25519 key of a for a curve25519 variant. */
static cb_pkey *ed25519_new(const cb_alg *a, const cb_variant *v)
{
    const cb_ed25519_keyhex *kh = find_ed25519(a->name);
    uint8_t seed[32];
    if (!kh || cb_hex_bytes(seed, 32, kh->priv) != 0)
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_ed25519 = 1;
    int rc = cb_ed25519_key_init(&k->u.ed, v, seed);
    cb_wipe(seed, sizeof seed);
    if (rc != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    return k;
}

/* ed448_new loads the embedded Ed448 key of a for a curve448 variant. */
static cb_pkey *ed448_new(const cb_alg *a, const cb_variant *v)
{
    const cb_ed25519_keyhex *kh = find_ed25519(a->name);
    uint8_t seed[CB_ED448_BYTES];
    if (!kh || cb_hex_bytes(seed, sizeof seed, kh->priv) != 0)
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->c448 = 1;
    int rc = cb_ed448_key_init(&k->u.ed448, v, seed);
    cb_wipe(seed, sizeof seed);
    if (rc != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    return k;
}

static const cb_ecdsa_keyhex *find_ecdsa(const char *alg)
{
    for (const cb_ecdsa_keyhex *k = cb_ecdsa_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

/* ecdsa_new loads the embedded P-256 key of a for a P-256 variant; the public key it
 * computes from d must be the embedded one, which OpenSSL computed. */
static cb_pkey *ecdsa_new(const cb_alg *a, const cb_variant *v)
{
    const cb_ecdsa_keyhex *kh = find_ecdsa(a->name);
    uint8_t d[32], qx[32], qy[32];
    if (!kh || cb_hex_bytes(d, 32, kh->d) != 0 || cb_hex_bytes(qx, 32, kh->qx) != 0 ||
        cb_hex_bytes(qy, 32, kh->qy) != 0)
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_ecdsa = 1;
    int rc = cb_ecdsa_key_init(&k->u.ecdsa, v) == 0 &&
                     cb_ecdsa_key_set_priv(&k->u.ecdsa, d) == 0 &&
                     memcmp(k->u.ecdsa.qx, qx, 32) == 0 && memcmp(k->u.ecdsa.qy, qy, 32) == 0
                 ? 0
                 : -1;
    cb_wipe(d, sizeof d);
    if (rc != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    k->hash = k->u.ecdsa.hash;
    return k;
}

/* ec2m_new loads the embedded binary-curve key of a: d (checked against OpenSSL's
 * Q), and for an ecdh row the peer's public key as Q. */
static cb_pkey *ec2m_new(const cb_alg *a, const cb_variant *v)
{
    const char *curve = cb_ec2m_curve_of(a);
    const cb_ec2m_keyhex *kh = cb_ec2m_keyhex_of(curve);
    cb_ec2m_key *e = kh ? cb_ec2m_new(curve, v) : NULL;
    hexnum *x = cb_xmalloc(3 * sizeof *x);
    const char *hex[3] = {kh ? kh->d : "", kh ? kh->peer_x : "", kh ? kh->peer_y : ""};
    int rc = e && hex_nums(x, hex, 3) == 0 &&
                     cb_ec2m_set_priv(e, x[0].num.b, x[0].num.len, NULL, NULL) == 0 &&
                     (!a->out_bytes || cb_ec2m_set_pub(e, &x[1].num, &x[2].num) == 0)
                 ? 0
                 : -1;
    cb_pkey_free_secret(x, 3 * sizeof *x);
    cb_pkey *k = NULL;
    if (rc == 0) {
        k = cb_xcalloc(1, sizeof *k);
        k->alg = a;
        k->v = v;
        k->ec2m = e;
        rc = cb_pkey_hash_init(&k->hash);
    }
    if (rc != 0) {
        if (k)
            cb_pkey_free(k);
        else
            cb_ec2m_free(e);
        return NULL;
    }
    return k;
}

/* ecp_new loads the embedded key of an ecdsa<id> or ecdh<id> row for a MONT variant;
 * the public key it computes from d must be OpenSSL's. */
static cb_pkey *ecp_new(const cb_alg *a, const cb_variant *v, const cb_ecp_params *par,
                        int derive)
{
    const cb_ecp_keyhex *kh = cb_ecp_find_key(a->name);
    hexnum *x = cb_xmalloc(3 * sizeof *x);
    const char *hex[3] = {kh ? kh->d : "", kh ? kh->qx : "", kh ? kh->qy : ""};
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_ecp = 1;
    k->is_ecdh = derive;
    int rc = kh && hex_nums(x, hex, 3) == 0 &&
                     cb_ecp_key_init(&k->u.ecp, par, v, !derive) == 0 &&
                     cb_ecp_key_set_priv(&k->u.ecp, x[0].b, x[0].num.len) == 0 &&
                     cb_ecp_key_set_pub(&k->u.ecp, &x[1].num, &x[2].num) == 0 &&
                     memcmp(k->u.ecp.qx, x[1].b + x[1].num.len - k->u.ecp.e.pbytes,
                            k->u.ecp.e.pbytes) == 0
                 ? 0
                 : -1;
    cb_pkey_free_secret(x, 3 * sizeof *x);
    if (rc != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    k->hash = k->u.ecp.hash;
    return k;
}

/* sm2_new loads the embedded key of the sm2 row for a MONT variant. */
static cb_pkey *sm2_new(const cb_alg *a, const cb_variant *v)
{
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    if (cb_sm2_key_load(&k->u.ecp, v) != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    k->is_ecp = 1;
    k->is_sm2 = 1;
    k->hash = k->u.ecp.hash;
    return k;
}

/* ffdh_new loads the embedded FFDH pair of a for a Montgomery variant. */
static cb_pkey *ffdh_new(const cb_alg *a, const cb_variant *v, const cb_mont_ops *ops)
{
    const cb_ffdh_keyhex *kh = cb_ffdh_find(a->name);
    if (!kh)
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_ffdh = 1;
    if (cb_ffdh_load(&k->u.ffdh, ops, kh) != 0 || k->u.ffdh.key.bytes != a->out_bytes) {
        cb_pkey_free(k);
        return NULL;
    }
    return k;
}

cb_pkey *cb_pkey_new(const cb_alg *a, const cb_variant *v)
{
    if (a && a->kind == CB_KIND_PKEY && a->prim == CB_PRIM_GF2M)
        return ec2m_new(a, v);
    int derive = 0;
    const cb_ecp_params *par = cb_ecp_of_alg(a, &derive);
    if (par)
        return cb_pkey_mont_ops(v) ? ecp_new(a, v, par, derive) : NULL;
    if (a && a->kind == CB_KIND_PKEY && a->prim == CB_PRIM_MONT && strcmp(a->name, "sm2") == 0)
        return cb_pkey_mont_ops(v) ? sm2_new(a, v) : NULL;
    if (a && a->kind == CB_KIND_PKEY && a->prim == CB_PRIM_P256)
        return ecdsa_new(a, v);
    if (a && a->kind == CB_KIND_PKEY && a->prim == CB_PRIM_C25519)
        return a->out_bytes ? x25519_new(a, v) : ed25519_new(a, v);
    if (a && a->kind == CB_KIND_PKEY && a->prim == CB_PRIM_C448)
        return a->out_bytes ? x25519_new(a, v) : ed448_new(a, v);
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    if (!a || a->kind != CB_KIND_PKEY || !ops)
        return NULL;
    if (a->out_bytes)
        return ffdh_new(a, v, ops);
    const cb_rsa_keyhex *rk = cb_rsa_key_find(a->name);
    const cb_dsa_keyhex *dk = rk ? NULL : find_dsa(a->name);
    if (!rk && !dk)
        return NULL;
    cb_pkey *k = cb_xcalloc(1, sizeof *k);
    k->alg = a;
    k->v = v;
    k->is_rsa = rk != NULL;
    if (cb_pkey_hash_init(&k->hash) != 0 ||
        (rk ? load_rsa(&k->u.rsa, ops, rk) : load_dsa(&k->u.dsa, ops, dk)) != 0) {
        cb_pkey_free(k);
        return NULL;
    }
    return k;
}

size_t cb_pkey_sig_max(const cb_pkey *k)
{
    if (k->ec2m)
        return k->alg->out_bytes ? cb_ec2m_field_bytes(k->ec2m)
                                 : 2 * cb_ec2m_scalar_bytes(k->ec2m);
    if (k->is_x25519)
        return k->c448 ? CB_X448_BYTES : 32;
    if (k->c448)
        return CB_ED448_SIG_BYTES;
    if (k->is_ecp)
        return k->is_ecdh ? k->u.ecp.e.pbytes : 2 * k->u.ecp.e.nbytes;
    if (k->is_ffdh)
        return k->u.ffdh.key.bytes;
    if (k->is_ed25519 || k->is_ecdsa)
        return 64;
    return k->is_rsa ? k->u.rsa.bytes : 2 * k->u.dsa.qbytes;
}

int cb_pkey_sign(cb_pkey *k, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    uint8_t h[CB_SHA256_BYTES];
    if (k->is_x25519 || k->is_ecdh || k->is_ffdh)
        return -1;
    *siglen = cb_pkey_sig_max(k);
    if (k->is_ed25519) { /* Ed25519 hashes the message itself, with SHA-512 */
        cb_ed25519_sign(&k->u.ed, msg, len, sig);
        return 0;
    }
    if (k->c448) { /* pure Ed448: SHAKE256 inside, an empty context */
        cb_ed448_sign(&k->u.ed448, NULL, 0, msg, len, sig);
        return 0;
    }
    if (k->is_sm2) /* SM3 over Z_A and the message */
        return cb_sm2_sign(&k->u.ecp, msg, len, sig);
    cb_pkey_sha256(&k->hash, msg, len, h);
    if (k->ec2m)
        return k->alg->out_bytes ? -1 : cb_ec2m_sign(k->ec2m, h, sig);
    if (k->is_ecp)
        return cb_ecp_sign_digest(&k->u.ecp, h, sizeof h, sig);
    if (k->is_ecdsa)
        return cb_ecdsa_sign_digest(&k->u.ecdsa, h, sig, sig + 32);
    if (k->is_rsa)
        return cb_rsa_sign_digest(&k->u.rsa, h, sig);
    return cb_dsa_sign_digest(&k->u.dsa, &k->hash, h, sizeof h, sig, sig + k->u.dsa.qbytes);
}

int cb_pkey_verify(cb_pkey *k, const uint8_t *msg, size_t len, const uint8_t *sig,
                   size_t siglen)
{
    uint8_t h[CB_SHA256_BYTES];
    if (k->is_x25519 || k->is_ecdh || k->is_ffdh)
        return 1;
    if (k->is_ed25519)
        return siglen == 64 ? cb_ed25519_verify(&k->u.ed, k->u.ed.pub, msg, len, sig) : 1;
    if (k->c448)
        return siglen == CB_ED448_SIG_BYTES
                   ? cb_ed448_verify(&k->u.ed448, k->u.ed448.pub, NULL, 0, msg, len, sig)
                   : 1;
    if (k->is_sm2) {
        size_t nb = k->u.ecp.e.nbytes;
        cb_pkey_num r = {sig, nb}, s = {sig + nb, nb};
        return siglen == 2 * nb ? cb_sm2_verify(&k->u.ecp, msg, len, &r, &s) : 1;
    }
    cb_pkey_sha256(&k->hash, msg, len, h);
    if (k->ec2m) {
        size_t half = cb_ec2m_scalar_bytes(k->ec2m);
        cb_pkey_num r = {sig, half}, s = {sig + half, half};
        return !k->alg->out_bytes && siglen == 2 * half
                   ? cb_ec2m_verify(k->ec2m, h, sizeof h, &r, &s)
                   : 1;
    }
    if (k->is_ecp) {
        size_t nb = k->u.ecp.e.nbytes;
        cb_pkey_num r = {sig, nb}, s = {sig + nb, nb};
        return siglen == 2 * nb ? cb_ecp_verify_digest(&k->u.ecp, h, sizeof h, &r, &s) : 1;
    }
    if (k->is_ecdsa) {
        cb_pkey_num r = {sig, 32}, s = {sig + 32, 32};
        return siglen == 64 ? cb_ecdsa_verify_digest(&k->u.ecdsa, h, sizeof h, &r, &s) : 1;
    }
    if (k->is_rsa)
        return cb_rsa_verify_digest(&k->u.rsa, h, sig, siglen) == 0 ? 0 : 1;
    size_t qb = k->u.dsa.qbytes;
    if (siglen != 2 * qb)
        return 1;
    cb_pkey_num r = {sig, qb}, s = {sig + qb, qb};
    return cb_dsa_verify_digest(&k->u.dsa, h, sizeof h, &r, &s);
}

int cb_pkey_derive(cb_pkey *k, uint8_t *out, size_t *outlen)
{
    if (k->ec2m && k->alg->out_bytes) {
        *outlen = cb_ec2m_field_bytes(k->ec2m);
        return cb_ec2m_derive(k->ec2m, out);
    }
    if (k->is_ecdh) {
        const cb_ecp_keyhex *kh = cb_ecp_find_key(k->alg->name);
        hexnum *x = cb_xmalloc(2 * sizeof *x);
        const char *hex[2] = {kh->peer_x, kh->peer_y};
        int rc = hex_nums(x, hex, 2) == 0
                     ? cb_ecp_derive(&k->u.ecp, &x[0].num, &x[1].num, out)
                     : -1;
        free(x);
        *outlen = k->u.ecp.e.pbytes;
        return rc;
    }
    if (k->is_ffdh) {
        *outlen = k->u.ffdh.key.bytes;
        return cb_ffdh_derive(&k->u.ffdh.key, &k->u.ffdh.peer_num, out);
    }
    if (!k->is_x25519)
        return -1;
    *outlen = cb_pkey_sig_max(k);
    if (k->c448)
        return cb_x448(k->v, out, k->u.x25519.priv, k->u.x25519.peer);
    return cb_x25519(k->v, out, k->u.x25519.priv, k->u.x25519.peer);
}

void cb_pkey_free(cb_pkey *k)
{
    if (k && k->is_ed25519)
        cb_ed25519_key_free(&k->u.ed);
    if (k && k->is_ecdsa)
        cb_ecdsa_key_free(&k->u.ecdsa);
    if (k && k->c448 && !k->is_x25519)
        cb_ed448_key_free(&k->u.ed448);
    if (k)
        cb_ec2m_free(k->ec2m);
    if (k && k->is_ecp)
        cb_ecp_key_free(&k->u.ecp);
    cb_pkey_free_secret(k, sizeof *k);
}

/* ---- selftest ---- */

/* Room for any signature of an embedded key. */
#define SIG_MAX (CB_BN_MAX_BITS / 8)

/* kat_check compares the signature with OpenSSL's known answer (rsa, ed25519) or
 * verifies OpenSSL's signature (dsa).  Returns NULL or what went wrong. */
static const char *kat_check(cb_pkey *k, const uint8_t *sig, size_t siglen)
{
    const uint8_t *msg = (const uint8_t *)cb_pkey_kat_msg;
    size_t mlen = strlen(cb_pkey_kat_msg);
    hexnum *x = cb_xmalloc(2 * sizeof *x);
    const char *why = NULL;
    if (k->is_rsa || k->is_ed25519 || k->c448) { /* deterministic: byte for byte */
        const char *hex = k->is_rsa ? cb_rsa_key_find(k->alg->name)->kat_sig
                                    : find_ed25519(k->alg->name)->kat_sig;
        if (hex_num(&x[0], hex) != 0 || x[0].num.len != siglen ||
            memcmp(x[0].b, sig, siglen) != 0)
            why = "differs from OpenSSL's signature of the same message";
    } else if (k->is_ecp) { /* cb_ecp_selftest or cb_sm2_selftest verified OpenSSL's */
    } else if (k->is_ecdsa) { /* OpenSSL's nonce was random: verify its signature */
        const cb_ecdsa_keyhex *kh = find_ecdsa(k->alg->name);
        uint8_t h[CB_SHA256_BYTES];
        cb_pkey_sha256(&k->hash, msg, mlen, h);
        if (hex_num(&x[0], kh->kat_r) != 0 || hex_num(&x[1], kh->kat_s) != 0 ||
            cb_ecdsa_verify_digest(&k->u.ecdsa, h, sizeof h, &x[0].num, &x[1].num) != 0)
            why = "rejects OpenSSL's signature of the same message";
    } else {
        const cb_dsa_keyhex *kh = find_dsa(k->alg->name);
        uint8_t h[CB_SHA256_BYTES];
        cb_pkey_sha256(&k->hash, msg, mlen, h);
        if (hex_num(&x[0], kh->kat_r) != 0 || hex_num(&x[1], kh->kat_s) != 0 ||
            cb_dsa_verify_digest(&k->u.dsa, h, sizeof h, &x[0].num, &x[1].num) != 0)
            why = "rejects OpenSSL's signature of the same message";
    }
    free(x);
    return why;
}

/* same_as_generic checks that the generic variant signs msg identically (both
 * signatures are deterministic).  Returns NULL or what went wrong. */
static const char *same_as_generic(const cb_alg *a, const uint8_t *msg, size_t mlen,
                                   const uint8_t *sig, size_t siglen)
{
    const cb_variant *g = cb_variant_generic(a);
    cb_pkey *ref = g ? cb_pkey_new(a, g) : NULL;
    uint8_t rsig[SIG_MAX];
    size_t rlen = 0;
    const char *why = NULL;
    if (!ref)
        why = "has no generic variant to compare with";
    else if (cb_pkey_sign(ref, msg, mlen, rsig, &rlen) != 0 || rlen != siglen ||
             memcmp(rsig, sig, siglen) != 0)
        why = "differs from the generic variant's signature";
    cb_pkey_free(ref);
    return why;
}

/* round_trip signs, cross-checks and verifies, then tampers.  NULL or what failed. */
static const char *round_trip(cb_pkey *k)
{
    uint8_t msg[64], sig[SIG_MAX];
    size_t mlen = strlen(cb_pkey_kat_msg), siglen = 0;
    memcpy(msg, cb_pkey_kat_msg, mlen);
    if (cb_pkey_sign(k, msg, mlen, sig, &siglen) != 0)
        return "signing failed its own check";
    const char *why = kat_check(k, sig, siglen);
    if (!why && strcmp(k->v->name, "generic") != 0)
        why = same_as_generic(k->alg, msg, mlen, sig, siglen);
    if (why)
        return why;
    if (cb_pkey_verify(k, msg, mlen, sig, siglen) != 0)
        return "rejects its own signature";
    sig[siglen / 2] ^= 0x10;
    if (cb_pkey_verify(k, msg, mlen, sig, siglen) != 1)
        return "accepts a signature with one bit changed";
    sig[siglen / 2] ^= 0x10;
    msg[0] ^= 0x01;
    if (cb_pkey_verify(k, msg, mlen, sig, siglen) != 1)
        return "accepts the signature for a changed message";
    return NULL;
}

int cb_pkey_selftest(const cb_alg *a, const cb_variant *v, char *err, size_t errlen)
{
    if (a && a->prim == CB_PRIM_GF2M) { /* its own: OpenSSL's answers, generic, tampering */
        const char *why = cb_ec2m_selftest(cb_ec2m_curve_of(a), v);
        if (why)
            snprintf(err, errlen, "%s variant %s %s", a->name, v ? v->name : "?", why);
        return why ? -1 : 0;
    }
    if (a && cb_ffdh_find(a->name)) {
        const char *why = cb_ffdh_selftest(a, v);
        if (why)
            snprintf(err, errlen, "%s variant %s %s", a->name, v ? v->name : "?", why);
        return why ? -1 : 0;
    }
    if (a && (a->prim == CB_PRIM_C25519 || a->prim == CB_PRIM_C448) && a->out_bytes) {
        const char *why = a->prim == CB_PRIM_C448 ? cb_x448_selftest(a, v)
                                                  : cb_x25519_selftest(a, v);
        if (why)
            snprintf(err, errlen, "%s variant %s %s", a->name, v ? v->name : "?", why);
        return why ? -1 : 0;
    }
    int derive = 0;
    if (cb_ecp_of_alg(a, &derive)) {
        const char *why = cb_ecp_selftest(a, v);
        if (why || derive) {
            if (why)
                snprintf(err, errlen, "%s variant %s %s", a->name, v ? v->name : "?", why);
            return why ? -1 : 0;
        }
    }
    if (a && a->prim == CB_PRIM_MONT && strcmp(a->name, "sm2") == 0) {
        const char *why = cb_sm2_selftest(v);
        if (why) {
            snprintf(err, errlen, "%s variant %s %s", a->name, v ? v->name : "?", why);
            return -1;
        }
    }
    cb_pkey *k = cb_pkey_new(a, v);
    if (!k) {
        snprintf(err, errlen, "%s: no embedded key for variant %s", a ? a->name : "?",
                 v ? v->name : "?");
        return -1;
    }
    const char *why = k->is_ed25519 ? cb_ed25519_selftest(v)
                      : k->c448     ? cb_ed448_selftest(v)
                      : k->is_ecdsa ? cb_ecdsa_selftest(v)
                                    : NULL;
    if (!why)
        why = round_trip(k);
    if (why)
        snprintf(err, errlen, "%s variant %s %s", a->name, v->name, why);
    cb_pkey_free(k);
    return why ? -1 : 0;
}
