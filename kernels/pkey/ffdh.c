/*
 * kernels/pkey/ffdh.c - finite-field Diffie-Hellman over the bignum core: the FFC DH
 * primitive of SP 800-56A Rev. 3 5.7.1.1, Z = y^x mod p, for the ffdh* rows (RFC
 * 7919's groups, g = 2) and the CAVP KAS FFC ZZ-only files (`kat`).
 *
 * Constant time in x: y^x is cb_mont_exp_ct, the fixed window with every table entry
 * read through masks, over exactly xbits bits - the private key's bit length, taken
 * once when the key is loaded.  That length is the one thing the timing shows; it is
 * public by construction for RFC 7919 5.2's short exponents (OpenSSL makes x of
 * 2 * security bits for a named group, 224 for ffdhe2048), and OpenSSL's own
 * BN_mod_exp_mont_consttime shows the same.
 *
 * The peer's key gets the partial public-key validation of SP 800-56A 5.6.2.3.2,
 * 2 <= y <= p - 2, on every derivation, as OpenSSL's derive does by default; the full
 * validation (5.6.2.3.1: also y^q = 1 mod p, a whole second exponentiation) is
 * cb_ffdh_check_pub, which the KAS validity files call and a row does not.  A Z of 1
 * is refused (5.7.1.1 step 2), checked by ORing limbs, not by branching on Z.  Z is
 * written as exactly ceil(bits(p) / 8) bytes, zeros in front (5.7.1.1 step 3, as TLS
 * 1.3 uses it: RFC 8446 7.4.1), so its length never depends on the secret; OpenSSL's
 * EVP_PKEY_derive strips leading zero bytes unless asked to pad.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

int cb_ffdh_key_init(cb_ffdh_key *k, const cb_mont_ops *ops, const cb_pkey_num *p,
                     const cb_pkey_num *x)
{
    memset(k, 0, sizeof *k);
    if (cb_pkey_load_modulus(&k->mp, ops, p) != 0)
        return -1;
    size_t L = k->mp.limbs;
    cb_limb pm2[CB_BN_MAX_LIMBS] = {2};
    cb_bn_sub(pm2, k->mp.n, pm2, L);
    /* x is a secret, but whether it is in range is not: a key outside is refused */
    if (cb_bn_from_bytes(k->x, L, x->b, x->len) != 0 || cb_bn_is_zero(k->x, L) ||
        cb_bn_cmp(k->x, pm2, L) > 0) {
        cb_wipe(k, sizeof *k);
        return -1;
    }
    k->bytes = (k->mp.bits + 7) / 8;
    k->xbits = cb_bn_bits(k->x, L);
    return 0;
}

/* load_pub reads y and checks 2 <= y <= p - 2 (variable time: y is public). */
static int load_pub(const cb_ffdh_key *k, cb_limb *r, const cb_pkey_num *y)
{
    size_t L = k->mp.limbs;
    cb_limb two[CB_BN_MAX_LIMBS] = {2}, pm2[CB_BN_MAX_LIMBS];
    cb_bn_sub(pm2, k->mp.n, two, L);
    if (cb_bn_from_bytes(r, L, y->b, y->len) != 0)
        return -1;
    return cb_bn_cmp(r, two, L) >= 0 && cb_bn_cmp(r, pm2, L) <= 0 ? 0 : -1;
}

/*
 * cb_ffdh_public marks n bytes at p that may depend on x in the open: whether Z = 1
 * (the derivation's outcome).  It does nothing; tests/test_ffdh_ct.c, run under
 * valgrind by tests/ffdh_ct.sh, links a strong definition that tells memcheck those
 * bytes are defined, so that any other branch or index on the poisoned x is reported.
 */
__attribute__((weak)) void cb_ffdh_public(const void *p, size_t n)
{
    (void)p, (void)n;
}

int cb_ffdh_derive(const cb_ffdh_key *k, const cb_pkey_num *y, uint8_t *z)
{
    size_t L = k->mp.limbs;
    cb_limb yy[CB_BN_MAX_LIMBS], zz[CB_BN_MAX_LIMBS];
    memset(z, 0, k->bytes);
    if (load_pub(k, yy, y) != 0)
        return 1;
    cb_mont_exp_ct(&k->mp, zz, yy, k->x, L, k->xbits);
    cb_limb other = zz[0] ^ 1; /* Z = 1: the low limb 1, every other limb 0 */
    for (size_t i = 1; i < L; i++)
        other |= zz[i];
    int one = cb_bn_is_zero(&other, 1);
    cb_ffdh_public(&one, sizeof one);
    if (!one)
        cb_bn_to_bytes(z, k->bytes, zz, L);
    cb_wipe(zz, sizeof zz);
    return one;
}

int cb_ffdh_check_pub(const cb_ffdh_key *k, const cb_pkey_num *q, const cb_pkey_num *y)
{
    size_t L = k->mp.limbs;
    cb_limb yy[CB_BN_MAX_LIMBS], qq[CB_BN_MAX_LIMBS], r[CB_BN_MAX_LIMBS];
    cb_limb one[CB_BN_MAX_LIMBS] = {1};
    if (cb_bn_from_bytes(qq, L, q->b, q->len) != 0 || cb_bn_is_zero(qq, L))
        return -1;
    if (load_pub(k, yy, y) != 0)
        return 1;
    cb_mont_exp_vt(&k->mp, r, yy, qq, L);
    return cb_bn_cmp(r, one, L) == 0 ? 0 : 1;
}

int cb_ffdh_pub(const cb_ffdh_key *k, const cb_pkey_num *g, uint8_t *out)
{
    size_t L = k->mp.limbs;
    cb_limb gg[CB_BN_MAX_LIMBS], r[CB_BN_MAX_LIMBS];
    if (load_pub(k, gg, g) != 0)
        return -1;
    cb_mont_exp_ct(&k->mp, r, gg, k->x, L, k->xbits);
    return cb_bn_to_bytes(out, k->bytes, r, L);
}

int cb_ffdh_kas_raw(const cb_variant *v, const cb_ffdh_raw *key, const cb_pkey_num *peer,
                    uint8_t *z, size_t *zlen, const char **why)
{
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    cb_ffdh_key *k = cb_xmalloc(sizeof *k);
    int rc = -1;
    *why = NULL;
    if (ops && cb_ffdh_key_init(k, ops, &key->p, &key->x) == 0 && *zlen >= k->bytes) {
        uint8_t *y = cb_xmalloc(k->bytes);
        int ry = cb_ffdh_check_pub(k, &key->q, &key->y), rp = cb_ffdh_check_pub(k, &key->q, peer);
        cb_pkey_num ours = {y, k->bytes};
        rc = ry < 0 || rp < 0 ? -1 : 1;
        if (rc > 0 && ry)
            *why = "our public key fails the full validation (SP 800-56A 5.6.2.3.1)";
        else if (rc > 0 && rp)
            *why = "the peer's public key fails the full validation (SP 800-56A 5.6.2.3.1)";
        else if (rc > 0 && (cb_ffdh_pub(k, &key->g, y) != 0 || !cb_pkey_num_eq(&ours, &key->y)))
            *why = "our public key is not g^x";
        else if (rc > 0 && cb_ffdh_derive(k, peer, z) != 0)
            *why = "Z = 1, which SP 800-56A 5.7.1.1 refuses";
        else if (rc > 0)
            rc = 0;
        *zlen = k->bytes;
        free(y);
    }
    cb_pkey_free_secret(k, sizeof *k);
    return rc;
}

/* ---- embedded keys ---- */

const cb_ffdh_keyhex *cb_ffdh_find(const char *alg)
{
    for (const cb_ffdh_keyhex *k = cb_ffdh_keys; k->alg; k++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

/* hex_big decodes hex into a new heap number; NULL when malformed or too long. */
static uint8_t *hex_big(const char *hex, cb_pkey_num *num)
{
    uint8_t *b = cb_xmalloc(CB_BN_MAX_BITS / 8);
    long len = cb_hex_decode(hex, b, CB_BN_MAX_BITS / 8);
    if (len < 0) {
        free(b);
        return NULL;
    }
    num->b = b;
    num->len = (size_t)len;
    return b;
}

int cb_ffdh_load(cb_ffdh_pair *pr, const cb_mont_ops *ops, const cb_ffdh_keyhex *kh)
{
    cb_pkey_num p, x;
    uint8_t *pb = hex_big(kh->p, &p), *xb = hex_big(kh->x, &x);
    long plen = cb_hex_decode(kh->peer, pr->peer, sizeof pr->peer);
    int rc = pb && xb && plen > 0 && cb_ffdh_key_init(&pr->key, ops, &p, &x) == 0 ? 0 : -1;
    pr->peer_num.b = pr->peer;
    pr->peer_num.len = plen > 0 ? (size_t)plen : 0;
    free(pb);
    cb_pkey_free_secret(xb, CB_BN_MAX_BITS / 8);
    return rc;
}

/* ---- selftest ---- */

/* pair_of loads a's embedded key for v into a new pair; NULL when it cannot. */
static cb_ffdh_pair *pair_of(const cb_alg *a, const cb_variant *v)
{
    const cb_ffdh_keyhex *kh = cb_ffdh_find(a->name);
    const cb_mont_ops *ops = cb_pkey_mont_ops(v);
    cb_ffdh_pair *pr = cb_xmalloc(sizeof *pr);
    if (!kh || !ops || cb_ffdh_load(pr, ops, kh) != 0) {
        cb_pkey_free_secret(pr, sizeof *pr);
        return NULL;
    }
    return pr;
}

/* same_hex reports whether b[0..len) is the number hex, padded to len bytes. */
static int same_hex(const uint8_t *b, size_t len, const char *hex)
{
    cb_pkey_num n;
    uint8_t *nb = hex_big(hex, &n);
    int same = nb && n.len <= len;
    for (size_t i = 0; same && i < len; i++)
        same = b[i] == (i < len - n.len ? 0 : nb[i - (len - n.len)]);
    free(nb);
    return same;
}

/* bad_peers checks that y = 0, 1, p - 1 and p are refused.  NULL or what failed. */
static const char *bad_peers(const cb_ffdh_pair *pr, uint8_t *z)
{
    const cb_ffdh_key *k = &pr->key;
    size_t L = k->mp.limbs;
    uint8_t *yb = cb_xmalloc(k->bytes);
    cb_limb y[CB_BN_MAX_LIMBS], small[CB_BN_MAX_LIMBS] = {0};
    const char *why = NULL;
    for (int i = 0; i < 4 && !why; i++) {
        small[0] = (cb_limb)(i & 1); /* 0, 1, then p and p - 1 */
        if (i < 2)
            memcpy(y, small, L * sizeof *y);
        else
            cb_bn_sub(y, k->mp.n, small, L);
        cb_bn_to_bytes(yb, k->bytes, y, L);
        cb_pkey_num yn = {yb, k->bytes};
        if (cb_ffdh_derive(k, &yn, z) != 1)
            why = "accepts a peer key outside [2, p - 2]";
    }
    free(yb);
    return why;
}

const char *cb_ffdh_selftest(const cb_alg *a, const cb_variant *v)
{
    cb_ffdh_pair *pr = pair_of(a, v), *ref = NULL;
    if (!pr)
        return "has no embedded key it can load";
    const cb_ffdh_keyhex *kh = cb_ffdh_find(a->name);
    size_t n = pr->key.bytes;
    uint8_t *z = cb_xmalloc(2 * n), *w = z + n;
    static const uint8_t two[1] = {2};
    cb_pkey_num g = {two, 1};
    const char *why = NULL;
    if (cb_ffdh_pub(&pr->key, &g, w) != 0 || !same_hex(w, n, kh->y))
        why = "computes a public key g^x other than OpenSSL's";
    else if (cb_ffdh_derive(&pr->key, &pr->peer_num, z) != 0 ||
             !same_hex(z, n, kh->kat_shared))
        why = "differs from OpenSSL's shared secret of the embedded keys";
    else if (strcmp(v->name, "generic") != 0 &&
             (!(ref = pair_of(a, cb_variant_generic(a))) ||
              cb_ffdh_derive(&ref->key, &ref->peer_num, w) != 0 || memcmp(z, w, n) != 0))
        why = "differs from the generic variant's shared secret";
    if (!why)
        why = bad_peers(pr, z);
    cb_wipe(z, 2 * n);
    free(z);
    cb_pkey_free_secret(pr, sizeof *pr);
    cb_pkey_free_secret(ref, sizeof *ref);
    return why;
}
