/*
 * kernels/libcrypto/pkey_ec.c - the elliptic-curve rows of a loaded libcrypto:
 * ecdsap256, every ecdsa<id> / ecdh<id> row of kernels/curves.h and the binary
 * curves' ecdsak163 .. ecdhb571, on the embedded keys (kernels/pkey/ec_keys.c,
 * ecp_keys.c, ec2m_keys.c), so each side verifies what the other signs and derives
 * the same secret.
 *
 * The key is an EC_KEY on the curve OBJ_sn2nid names (OpenSSL 3.0, BoringSSL and
 * AWS-LC all have EC_KEY_*; EVP_PKEY_fromdata is OpenSSL 3's only), made once per
 * session from d and Q.  A signature is SHA-256 of the message by the library's
 * EVP_Digest, then ECDSA_do_sign with the library's own random nonce, written as
 * r || s of ceil(bits(n)/8) bytes each as kernels/pkey/ecp.h has it (verification
 * reads it back into an ECDSA_SIG); a key agreement is one ECDH_compute_key of our
 * key and the peer's point, the x coordinate, as `openssl speed ecdh*` times one
 * EVP_PKEY_derive.  A curve the library does not know is "not offered", with why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/pkey/ec2m.h"
#include "kernels/pkey/ecp.h"

struct cb_lib_ec {
    obj *key;           /* ours, with d and Q */
    obj *peer;          /* ecdh: the peer's public key */
    const obj *sha256;
    size_t nb;          /* ecdsa: bytes of r and of s */
    size_t out;         /* ecdh: bytes of the secret */
    int derive;
};

/* ec_row: what the row a is in the library's terms: the curve's short name, the
 * embedded key's hex numbers, and n's bit length (hex). */
typedef struct ec_row {
    const char *sn, *d, *qx, *qy, *peer_x, *peer_y, *n;
    int derive;
} ec_row;

static int row_of(const cb_alg *a, ec_row *r)
{
    memset(r, 0, sizeof *r);
    if (a && a->prim == CB_PRIM_P256) { /* ecdsap256: its own key file */
        const cb_ecp_params *c = cb_ecp_find("p256");
        for (const cb_ecdsa_keyhex *k = cb_ecdsa_keys; c && k->alg; k++)
            if (strcmp(k->alg, a->name) == 0) {
                *r = (ec_row){c->sn, k->d, k->qx, k->qy, NULL, NULL, c->n, 0};
                return 0;
            }
        return -1;
    }
    const char *bc = cb_ec2m_curve_of(a); /* a binary curve: its own key file */
    if (bc) {
        const cb_ec2m_keyhex *k = cb_ec2m_keyhex_of(bc);
        if (!k || !cb_ec2m_sec_name(bc))
            return -1;
        *r = (ec_row){cb_ec2m_sec_name(bc), k->d, k->qx, k->qy, k->peer_x, k->peer_y,
                      cb_ec2m_order_hex(bc), a->out_bytes > 0};
        return 0;
    }
    const cb_ecp_params *c = cb_ecp_of_alg(a, &r->derive);
    const cb_ecp_keyhex *k = c ? cb_ecp_find_key(a->name) : NULL;
    if (!k)
        return -1;
    *r = (ec_row){c->sn, k->d, k->qx, k->qy, k->peer_x, k->peer_y, c->n, r->derive};
    return 0;
}

/* have: the functions the rows need */
static int have(const cb_lib *L)
{
    return L->f.OBJ_sn2nid && L->f.BN_hex2bn && L->f.BN_bin2bn && L->f.BN_bn2bin &&
           L->f.BN_num_bits && L->f.BN_free && L->f.EC_KEY_new_by_curve_name &&
           L->f.EC_KEY_free && L->f.EC_KEY_set_private_key &&
           L->f.EC_KEY_set_public_key_affine_coordinates && L->f.EC_KEY_get0_public_key &&
           L->f.ECDSA_do_sign && L->f.ECDSA_do_verify && L->f.ECDSA_SIG_new &&
           L->f.ECDSA_SIG_free && L->f.ECDSA_SIG_set0 && L->f.ECDSA_SIG_get0 &&
           L->f.ECDH_compute_key;
}

/* ec_key makes an EC_KEY on curve nid with Q = (qx, qy) and, when d is given, d. */
static obj *ec_key(cb_lib *L, int nid, const char *d, const char *qx, const char *qy)
{
    obj *k = L->f.EC_KEY_new_by_curve_name(nid);
    obj *x = cb_lib_bn_hex(L, qx), *y = cb_lib_bn_hex(L, qy), *s = d ? cb_lib_bn_hex(L, d) : NULL;
    int ok = k && x && y && (!d || s) &&
             L->f.EC_KEY_set_public_key_affine_coordinates(k, x, y) == 1 &&
             (!d || L->f.EC_KEY_set_private_key(k, s) == 1);
    obj *all[] = {x, y, s};
    for (size_t i = 0; i < 3; i++)
        if (all[i])
            L->f.BN_free(all[i]);
    if (!ok && k) {
        L->f.EC_KEY_free(k);
        k = NULL;
    }
    return k;
}

/* hex_bytes_of returns ceil(bits / 8) of the number hex. */
static size_t hex_bytes_of(const char *hex)
{
    while (*hex == '0')
        hex++;
    size_t digits = strlen(hex);
    unsigned top = digits ? (unsigned)cb_hex_digit(*hex) : 0, tb = 0;
    while (top >> tb)
        tb++;
    return digits ? ((digits - 1) * 4 + tb + 7) / 8 : 0;
}

cb_lib_ec *cb_lib_ec_new(cb_lib *L, const cb_alg *a, int *is_ec)
{
    ec_row r;
    *is_ec = row_of(a, &r) == 0;
    if (!*is_ec || !have(L))
        return NULL;
    const obj *(*sha256)(void);
    *(void **)&sha256 = cb_lib_sym(L, "EVP_sha256");
    int nid = L->f.OBJ_sn2nid(r.sn);
    cb_lib_ec *k = cb_xcalloc(1, sizeof *k);
    k->derive = r.derive;
    k->sha256 = sha256 ? sha256() : NULL;
    k->nb = hex_bytes_of(r.n);
    k->out = a->out_bytes;
    if (nid > 0 && (k->derive || k->sha256))
        k->key = ec_key(L, nid, r.d, r.qx, r.qy);
    if (k->key && k->derive)
        k->peer = ec_key(L, nid, NULL, r.peer_x, r.peer_y);
    cb_lib_clear_errors(L);
    if (!k->key || (k->derive && !k->peer)) {
        cb_lib_ec_free(L, k);
        return NULL;
    }
    return k;
}

void cb_lib_ec_free(cb_lib *L, cb_lib_ec *k)
{
    if (!k)
        return;
    if (k->key)
        L->f.EC_KEY_free(k->key);
    if (k->peer)
        L->f.EC_KEY_free(k->peer);
    free(k);
}

size_t cb_lib_ec_sig_max(const cb_lib_ec *k)
{
    return k->derive ? k->out : 2 * k->nb;
}

/* digest: SHA-256 of msg by the library. */
static int digest(cb_lib *L, const cb_lib_ec *k, const uint8_t *msg, size_t len, uint8_t h[32])
{
    unsigned n = 0;
    static const uint8_t none[1];
    return L->f.EVP_Digest(len ? msg : none, len, h, &n, k->sha256, NULL) == 1 && n == 32
               ? 0
               : -1;
}

int cb_lib_ec_sign(cb_lib *L, cb_lib_ec *k, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *siglen)
{
    uint8_t h[32];
    int rc = -1;
    if (k->derive || *siglen < 2 * k->nb || digest(L, k, msg, len, h) != 0)
        return -1;
    obj *es = L->f.ECDSA_do_sign(h, 32, k->key);
    if (es) {
        const obj *r = NULL, *s = NULL;
        L->f.ECDSA_SIG_get0(es, &r, &s);
        rc = r && s && cb_lib_bn_put(L, r, sig, k->nb) == 0 &&
                     cb_lib_bn_put(L, s, sig + k->nb, k->nb) == 0
                 ? 0
                 : -1;
        L->f.ECDSA_SIG_free(es);
        *siglen = 2 * k->nb;
    }
    if (rc)
        cb_lib_clear_errors(L);
    return rc;
}

int cb_lib_ec_verify(cb_lib *L, cb_lib_ec *k, const uint8_t *msg, size_t len,
                     const uint8_t *sig, size_t siglen)
{
    uint8_t h[32];
    int ok = 0;
    if (k->derive || siglen != 2 * k->nb || digest(L, k, msg, len, h) != 0)
        return -1;
    obj *r = L->f.BN_bin2bn(sig, (int)k->nb, NULL);
    obj *s = L->f.BN_bin2bn(sig + k->nb, (int)k->nb, NULL);
    obj *es = L->f.ECDSA_SIG_new();
    if (es && r && s && L->f.ECDSA_SIG_set0(es, r, s) == 1) {
        r = s = NULL; /* the signature owns them now */
        ok = L->f.ECDSA_do_verify(h, 32, es, k->key) == 1;
    }
    if (r)
        L->f.BN_free(r);
    if (s)
        L->f.BN_free(s);
    if (es)
        L->f.ECDSA_SIG_free(es);
    if (!ok)
        cb_lib_clear_errors(L);
    return ok ? 0 : -1;
}

int cb_lib_ec_derive(cb_lib *L, cb_lib_ec *k, uint8_t *out, size_t *outlen)
{
    if (!k->derive || *outlen < k->out ||
        L->f.ECDH_compute_key(out, k->out, L->f.EC_KEY_get0_public_key(k->peer), k->key,
                              NULL) != (int)k->out) {
        cb_lib_clear_errors(L);
        return -1;
    }
    *outlen = k->out;
    return 0;
}

const char *cb_lib_ec_why(cb_lib *L, const cb_alg *a, char *buf, size_t len)
{
    ec_row r;
    if (row_of(a, &r) != 0)
        return NULL;
    if (!have(L))
        snprintf(buf, len, "lacks one of the EC_KEY_*, ECDSA_* or ECDH_compute_key functions "
                           "%s is run with", a->name);
    else if (L->f.OBJ_sn2nid(r.sn) <= 0)
        snprintf(buf, len, "does not know the curve %s", r.sn);
    else
        snprintf(buf, len, "cannot make an EC key on %s from %s's embedded key", r.sn, a->name);
    cb_lib_clear_errors(L);
    return buf;
}
