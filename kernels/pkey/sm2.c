/*
 * kernels/pkey/sm2.c - the SM2 signature (GB/T 32918.2-2016 6.1 and 7.1,
 * draft-shen-sm2-ecdsa-02 5.2 and 5.3) over ecp.c's group code, with SM3
 * through the digest layer (the sm3 row's auto variant), and the sm2 row's
 * selftest.
 *
 * Nonces are RFC 6979 3.2's over HMAC-SHA-256 (cb_ecp_nonce) with e = SM3(Z_A
 * || M) as the message digest, so a signature is deterministic and every
 * variant signs alike; the standard asks only for k uniform in [1, n-1], which
 * these are.
 *
 * Constant time in d and k: [k]G is ecp.c's fixed-window product, r, r d, k - r
 * d and s are the variant's montmul with masked additions and subtractions
 * modulo n, (1 + d)^-1 is cb_bn_mod_inv's fixed-length GCD, and only the accept
 * decisions (r = 0, r + k = n, s = 0: chance about 2^-254 each) branch.
 * Verification handles public data and may branch.
 */
#include <string.h>

#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/sm2.h"
#include "kernels/registry.h"
#include "kernels/select.h"

/* GB/T 32918.5-2017 (OpenSSL's curve "SM2"): p, a, b, xG, yG, n. */
const cb_ecp_params cb_sm2_curve = {
    "sm2",
    "SM2",
    "CurveSM2",
    256,
    1,
    "fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff",
    "fffffffeffffffffffffffffffffffffffffffff00000000fffffffffffffffc",
    "28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93",
    "32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7",
    "bc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0",
    "fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123",
};

/* At most this many RFC 6979 candidates: each is rejected with a chance near
 * 2^-32 (k >= n) or 2^-254 (r = 0, r + k = n, s = 0). */
#define MAX_ATTEMPTS 64

/* sm3 finds the sm3 row and its auto variant (generic when auto has none). */
static int sm3(const cb_alg **a, const cb_variant **v)
{
    *a = cb_alg_find("sm3");
    *v = NULL;
    if (*a) {
        *v = cb_select_auto_at(*a, CB_DIR_DIGEST, cb_caps_effective(), 0);
        if (!*v)
            *v = cb_variant_generic(*a);
    }
    return *v ? 0 : -1;
}

/* update_hex hashes the curve parameter hex as its 32 big-endian bytes. */
static int update_hex(cb_digest_ctx *c, const char *hex)
{
    uint8_t b[CB_SM2_HASH_BYTES];
    if (cb_hex_decode(hex, b, sizeof b) != (long)sizeof b)
        return -1;
    cb_digest_update(c, b, sizeof b);
    return 0;
}

int cb_sm2_digest(const cb_ecp_key *k, const uint8_t *id, size_t idlen, const uint8_t *msg,
                  size_t len, uint8_t e[CB_SM2_HASH_BYTES])
{
    const cb_ecp_params *par = k->e.par;
    const cb_alg *a;
    const cb_variant *v;
    cb_digest_ctx c;
    uint8_t za[CB_SM2_HASH_BYTES];
    if (!k->has_q || k->e.pbytes != CB_SM2_HASH_BYTES || idlen > 0xffff / 8 ||
        sm3(&a, &v) != 0 || cb_digest_init(&c, a, v) != 0)
        return -1;
    /* Z_A: ENTL_A (the ID's length in bits, two bytes) || ID_A || a || b || G ||
     * Q */
    uint8_t entl[2] = {(uint8_t)(idlen * 8 >> 8), (uint8_t)(idlen * 8)};
    cb_digest_update(&c, entl, sizeof entl);
    cb_digest_update(&c, id, idlen);
    int rc = update_hex(&c, par->a) | update_hex(&c, par->b) | update_hex(&c, par->gx) |
             update_hex(&c, par->gy);
    cb_digest_update(&c, k->qx, k->e.pbytes);
    cb_digest_update(&c, k->qy, k->e.pbytes);
    cb_digest_final(&c, za);
    /* e = SM3(Z_A || M) */
    cb_digest_init(&c, a, v);
    cb_digest_update(&c, za, sizeof za);
    cb_digest_update(&c, msg, len);
    cb_digest_final(&c, e);
    return rc ? -1 : 0;
}

/* e_mod_n sets z (CB_ECP_LIMBS, nl used) = e mod n. */
static void e_mod_n(const cb_ecp *ec, cb_limb *z, const uint8_t e[CB_SM2_HASH_BYTES])
{
    cb_limb t[CB_ECP_LIMBS] = {0};
    cb_bn_from_bytes(t, ec->nl, e, CB_SM2_HASH_BYTES);
    memset(z, 0, CB_ECP_LIMBS * sizeof *z);
    cb_mont_reduce(&ec->fn, z, t, ec->nl);
}

int cb_sm2_sign_k(const cb_ecp_key *k, const uint8_t e[CB_SM2_HASH_BYTES],
                  const cb_limb *kk, uint8_t *sig)
{
    const cb_ecp *ec = &k->e;
    cb_limb z[CB_ECP_LIMBS], x1[CB_ECP_LIMBS] = {0}, r[CB_ECP_LIMBS] = {0},
                             rk[CB_ECP_LIMBS] = {0}, one[CB_ECP_LIMBS] = {0},
                             d1[CB_ECP_LIMBS] = {0}, inv[CB_ECP_LIMBS] = {0},
                             t[CB_ECP_LIMBS] = {0}, s[CB_ECP_LIMBS] = {0};
    cb_ecp_point R;
    int rc = -1;
    memset(sig, 0, 2 * ec->nbytes);
    int k_ok = cb_ecp_scalar_ok(ec, kk); /* whether k is a nonce at all: public */
    cb_pkey_public(&k_ok, sizeof k_ok);
    if (!k->has_d || !k_ok)
        return -1;
    e_mod_n(ec, z, e);
    one[0] = 1;
    /* steps A4-A5: (x1, y1) = [k]G, r = (e + x1) mod n */
    cb_ecp_mul_base(ec, &R, kk);
    if (cb_ecp_x_mod_n(ec, x1, &R) == 0) {
        cb_mont_modadd(&ec->fn, r, z, x1);
        cb_mont_modadd(&ec->fn, rk, r, kk);
        /* step A6: s = (1 + d)^-1 (k - r d) mod n; 1 + d = n has no inverse */
        cb_mont_modadd(&ec->fn, d1, k->d, one);
        int inv_ok = cb_bn_mod_inv(inv, d1, ec->fn.n, ec->nl) == 0;
        cb_mont_modmul(&ec->fn, t, r, k->d);
        cb_mont_modsub(&ec->fn, t, kk, t);
        cb_mont_modmul(&ec->fn, s, inv, t);
        int ok = inv_ok & (cb_bn_is_zero(r, ec->nl) ^ 1) & (cb_bn_is_zero(rk, ec->nl) ^ 1) &
                 (cb_bn_is_zero(s, ec->nl) ^ 1);
        cb_pkey_public(&ok, sizeof ok);
        if (ok) {
            cb_bn_to_bytes(sig, ec->nbytes, r, ec->nl);
            cb_bn_to_bytes(sig + ec->nbytes, ec->nbytes, s, ec->nl);
            cb_pkey_public(sig, 2 * ec->nbytes);
            rc = 0;
        }
    }
    cb_wipe(&R, sizeof R);
    cb_wipe(x1, sizeof x1);
    cb_wipe(rk, sizeof rk);
    cb_wipe(d1, sizeof d1);
    cb_wipe(inv, sizeof inv);
    cb_wipe(t, sizeof t);
    return rc;
}

int cb_sm2_sign(const cb_ecp_key *k, const uint8_t *msg, size_t len, uint8_t *sig)
{
    uint8_t e[CB_SM2_HASH_BYTES];
    cb_limb kk[CB_ECP_LIMBS] = {0};
    int rc = -1;
    if (!k->has_d || cb_sm2_digest(k, (const uint8_t *)CB_SM2_DEFAULT_ID,
                                   strlen(CB_SM2_DEFAULT_ID), msg, len, e) != 0)
        return -1;
    for (unsigned attempt = 0; attempt < MAX_ATTEMPTS && rc != 0; attempt++) {
        cb_ecp_nonce(k, e, sizeof e, attempt, kk);
        rc = cb_sm2_sign_k(k, e, kk, sig);
    }
    cb_wipe(kk, sizeof kk);
    return rc;
}

int cb_sm2_verify_digest(const cb_ecp_key *k, const uint8_t e[CB_SM2_HASH_BYTES],
                         const cb_pkey_num *r, const cb_pkey_num *s)
{
    const cb_ecp *ec = &k->e;
    cb_limb rl[CB_ECP_LIMBS], sl[CB_ECP_LIMBS], t[CB_ECP_LIMBS] = {0}, z[CB_ECP_LIMBS],
                                                x1[CB_ECP_LIMBS] = {0},
                                                R[CB_ECP_LIMBS] = {0};
    cb_ecp_point p;
    /* steps B1-B2: r, s in [1, n-1]; B5: t = (r + s) mod n, not 0 */
    if (!k->has_q || cb_ecp_num_limbs(ec, rl, r) != 0 || cb_ecp_num_limbs(ec, sl, s) != 0 ||
        !cb_ecp_scalar_ok(ec, rl) || !cb_ecp_scalar_ok(ec, sl))
        return 1;
    cb_mont_modadd(&ec->fn, t, rl, sl);
    if (cb_bn_is_zero(t, ec->nl))
        return 1;
    /* steps B6-B7: (x1', y1') = [s]G + [t]P_A, R = (e + x1') mod n = r */
    cb_ecp_mul2_vt(ec, &p, sl, t, &k->q);
    if (cb_ecp_x_mod_n(ec, x1, &p) != 0)
        return 1;
    e_mod_n(ec, z, e);
    cb_mont_modadd(&ec->fn, R, z, x1);
    return memcmp(R, rl, ec->nl * sizeof *R) == 0 ? 0 : 1;
}

int cb_sm2_verify(const cb_ecp_key *k, const uint8_t *msg, size_t len, const cb_pkey_num *r,
                  const cb_pkey_num *s)
{
    uint8_t e[CB_SM2_HASH_BYTES];
    if (cb_sm2_digest(k, (const uint8_t *)CB_SM2_DEFAULT_ID, strlen(CB_SM2_DEFAULT_ID), msg,
                      len, e) != 0)
        return 1;
    return cb_sm2_verify_digest(k, e, r, s);
}

int cb_sm2_key_load(cb_ecp_key *k, const cb_variant *v)
{
    cb_ecp_hexbuf d, qx, qy;
    int rc = -1;
    if (cb_ecp_key_init(k, &cb_sm2_curve, v, 1) != 0)
        return -1;
    if (cb_ecp_hexbuf_of(&d, cb_sm2_key.d) == 0 &&
        cb_ecp_hexbuf_of(&qx, cb_sm2_key.qx) == 0 &&
        cb_ecp_hexbuf_of(&qy, cb_sm2_key.qy) == 0 && qx.num.len == k->e.pbytes &&
        qy.num.len == k->e.pbytes && cb_ecp_key_set_priv(k, d.b, d.num.len) == 0 &&
        memcmp(k->qx, qx.b, qx.num.len) == 0 && memcmp(k->qy, qy.b, qy.num.len) == 0)
        rc = 0;
    cb_wipe(&d, sizeof d);
    if (rc != 0)
        cb_ecp_key_free(k);
    return rc;
}

const char *cb_sm2_selftest(const cb_variant *v)
{
    cb_ecp_key k;
    cb_ecp_hexbuf r, s;
    uint8_t msg[64], sig[2 * CB_ECP_MAX_BYTES];
    size_t mlen = strlen(cb_pkey_kat_msg);
    if (mlen > sizeof msg || cb_ecp_hexbuf_of(&r, cb_sm2_key.kat_r) ||
        cb_ecp_hexbuf_of(&s, cb_sm2_key.kat_s))
        return "cannot decode OpenSSL's signature";
    memcpy(msg, cb_pkey_kat_msg, mlen);
    if (cb_sm2_key_load(&k, v) != 0)
        return "derives a public key other than OpenSSL's for the embedded key";
    const char *why = NULL;
    size_t nb = k.e.nbytes;
    cb_pkey_num rn = {sig, nb}, sn = {sig + nb, nb};
    if (cb_sm2_verify(&k, msg, mlen, &r.num, &s.num) != 0)
        why = "rejects OpenSSL's signature of the same message";
    else if (cb_sm2_sign(&k, msg, mlen, sig) != 0)
        why = "signing failed";
    else if (cb_sm2_verify(&k, msg, mlen, &rn, &sn) != 0)
        why = "rejects its own signature";
    else {
        msg[0] ^= 1;
        if (cb_sm2_verify(&k, msg, mlen, &rn, &sn) != 1)
            why = "accepts its signature for a changed message";
        msg[0] ^= 1;
        sig[nb + nb / 2] ^= 0x10;
        if (!why && cb_sm2_verify(&k, msg, mlen, &rn, &sn) != 1)
            why = "accepts a signature with one bit changed";
    }
    cb_ecp_key_free(&k);
    return why;
}
