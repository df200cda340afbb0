/*
 * kernels/check/pkey_check.c - the public-key checks of pkey_check.h.
 */
#include "kernels/check/pkey_check.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/op.h"
#include "kernels/pkey/pkey.h"
#include "kernels/registry.h"

/* ---- public keys of a whole-algorithm variant ---------------------------------- */

/* deterministic: the variant's signatures must equal generic's byte for byte
 * (Ed25519, Ed448, RFC 8032 5.1.6, 5.2.6); a DSA signature has the signer's own k. */
static int deterministic(const cb_alg *a)
{
    return a->prim == CB_PRIM_C25519 || a->prim == CB_PRIM_C448;
}

/* raw_len: the raw key length of a's curve (X448 56, Ed448 57, else 32). */
static size_t raw_len(const cb_alg *a)
{
    if (a->prim != CB_PRIM_C448)
        return 32;
    return a->out_bytes ? CB_X448_BYTES : CB_ED448_BYTES;
}

/* raw_keys gives op o the raw keys priv and pub when priv or pub is given;
 * CB_OP_NO_RAW when the variant takes none (it is then checked on its embedded ones),
 * which a refused key also counts as. */
static int raw_keys(cb_op *o, const uint8_t *priv, const uint8_t *pub)
{
    if (!priv && !pub)
        return 0;
    size_t n = raw_len(o->alg);
    return cb_op_raw(o, priv, priv ? n : 0, pub, n) ? CB_OP_NO_RAW : 0;
}

/*
 * whole_sign signs msg with an op of the variant, on its embedded key or on the
 * raw keys seed and pub; 0, -1, or -2 when the raw keys are refused.  A deterministic
 * signature is made twice on the one op and must come out the same, as the
 * timed loop signs on one op.
 */
static int whole_sign(cb_checker *c, const uint8_t *seed, const uint8_t *pub, const uint8_t *msg,
                      size_t len, uint8_t **sig, size_t *siglen)
{
    cb_op o;
    int rc = cb_op_start(&o, c->alg, c->var, CB_DIR_SIGN, NULL, 0, NULL) ? -1
                                                                         : raw_keys(&o, seed, pub);
    if (rc == 0) {
        *siglen = cb_op_sig_max(&o);
        *sig = cb_xmalloc(2 * *siglen + 1);
        size_t again = *siglen;
        rc = cb_op_sign(&o, msg, len, *sig, siglen) ? -1 : 0;
        if (rc == 0 && deterministic(c->alg))
            rc = cb_op_sign(&o, msg, len, *sig + *siglen, &again) || again != *siglen ||
                         memcmp(*sig, *sig + *siglen, *siglen) != 0
                     ? -1
                     : 0;
    }
    cb_op_stop(&o);
    return rc;
}

/* whole_verify: 0 when the variant accepts sig for msg (under pub when given). */
static int whole_verify(cb_checker *c, const uint8_t *pub, const uint8_t *msg, size_t len,
                        const uint8_t *sig, size_t siglen)
{
    cb_op o;
    int rc = cb_op_start(&o, c->alg, c->var, CB_DIR_VERIFY, NULL, 0, NULL) ||
             raw_keys(&o, NULL, pub) || cb_op_verify(&o, msg, len, sig, siglen);
    cb_op_stop(&o);
    return rc ? -1 : 0;
}

/* same_signature: a deterministic signature must equal generic's. */
static int same_signature(const cb_checker *c, const uint8_t *sig, size_t siglen,
                          const uint8_t *want, size_t wantlen)
{
    return !deterministic(c->alg) || (siglen == wantlen && memcmp(sig, want, siglen) == 0);
}

/*
 * ed25519_raw checks signing and verifying with keys other than the embedded one:
 * pseudo-random seeds, their public keys computed by generic, each signature the
 * same as generic's byte for byte and accepted, and refused for a changed message.
 * A variant that takes no raw keys is checked on the embedded key alone.  Ed448's
 * rows (pure: no context) are checked the same way.
 */
static int ed25519_raw(cb_checker *c)
{
    static const uint8_t msg[] = {'r', 'a', 'w'}, other[] = {'r', 'a', 'x'};
    int c448 = c->alg->prim == CB_PRIM_C448;
    size_t n = raw_len(c->alg), wantlen = c448 ? CB_ED448_SIG_BYTES : 64;
    for (int i = 0; i < 4; i++) {
        uint8_t seed[CB_ED448_BYTES], pub[CB_ED448_BYTES], want[CB_ED448_SIG_BYTES], *sig = NULL;
        size_t siglen = 0;
        cb_check_fill(c, seed, n);
        if ((c448 ? cb_ed448_sign_raw(c->ref, seed, NULL, 0, msg, sizeof msg, pub, want)
                  : cb_ed25519_sign_raw(c->ref, seed, msg, sizeof msg, pub, want)) != 0)
            return cb_check_fail(c, "generic cannot load an EdDSA seed");
        int rc = 0;
        if (cb_variant_offers(c->var, c->alg, CB_DIR_SIGN)) {
            c->checks++;
            int r = whole_sign(c, seed, pub, msg, sizeof msg, &sig, &siglen);
            if (r == -2 && i == 0) {
                free(sig);
                return 0;
            }
            if (r != 0 || !same_signature(c, sig, siglen, want, wantlen))
                rc = cb_check_fail(c, "signs with seed %d other than generic", i);
        }
        if (!rc && cb_variant_offers(c->var, c->alg, CB_DIR_VERIFY)) {
            c->checks += 2;
            if (whole_verify(c, pub, msg, sizeof msg, want, wantlen) != 0)
                rc = cb_check_fail(c, "rejects generic's signature with seed %d", i);
            else if (whole_verify(c, pub, other, sizeof other, want, wantlen) == 0)
                rc = cb_check_fail(c, "accepts generic's signature with seed %d for another message",
                          i);
        }
        free(sig);
        if (rc)
            return rc;
    }
    return 0;
}

/*
 * pkey_whole checks a whole-algorithm signer against generic on the algorithm's
 * embedded key (kernels/pkey/pkey.h): generic accepts what the variant signs, the
 * variant accepts what generic signs and rejects that signature changed in one bit
 * or for a changed message.  Signatures are compared byte for byte only where they
 * are deterministic (Ed25519): a library's DSA draws its own k.
 */
static int pkey_whole(cb_checker *c)
{
    static const uint8_t msg[] = {'a', 'b', 'c'}, other[] = {'a', 'b', 'd'};
    cb_pkey *ref = cb_pkey_new(c->alg, c->ref);
    if (!ref)
        return cb_check_fail(c, "no generic key to check signatures against");
    size_t refmax = cb_pkey_sig_max(ref), reflen = refmax, siglen = 0;
    uint8_t *refsig = cb_xmalloc(refmax), *sig = NULL;
    int rc = 0;
    if (cb_pkey_sign(ref, msg, sizeof msg, refsig, &reflen) != 0)
        rc = cb_check_fail(c, "generic cannot sign 'abc'");
    if (!rc && cb_variant_offers(c->var, c->alg, CB_DIR_SIGN)) {
        c->checks++;
        if (whole_sign(c, NULL, NULL, msg, sizeof msg, &sig, &siglen) != 0)
            rc = cb_check_fail(c, "cannot sign 'abc'%s", deterministic(c->alg)
                                                     ? " the same way twice on one session"
                                                     : "");
        else if (cb_pkey_verify(ref, msg, sizeof msg, sig, siglen) != 0)
            rc = cb_check_fail(c, "its signature of 'abc' does not verify under generic");
        else if (!same_signature(c, sig, siglen, refsig, reflen))
            rc = cb_check_fail(c, "its signature of 'abc' differs from generic's");
    }
    if (!rc && cb_variant_offers(c->var, c->alg, CB_DIR_VERIFY)) {
        c->checks += 3;
        if (whole_verify(c, NULL, msg, sizeof msg, refsig, reflen) != 0)
            rc = cb_check_fail(c, "rejects generic's signature of 'abc'");
        else if (whole_verify(c, NULL, other, sizeof other, refsig, reflen) == 0)
            rc = cb_check_fail(c, "accepts generic's signature of 'abc' for 'abd'");
        refsig[reflen / 2] ^= 0x10;
        if (!rc && whole_verify(c, NULL, msg, sizeof msg, refsig, reflen) == 0)
            rc = cb_check_fail(c, "accepts a signature changed in one bit");
    }
    if (!rc && deterministic(c->alg))
        rc = ed25519_raw(c);
    free(sig);
    free(refsig);
    cb_pkey_free(ref);
    return rc;
}

/*
 * whole_derive: the variant's shared secret of its embedded keys (priv NULL) or of
 * priv and peer, derived twice on one session (the timed loop reuses it) and the
 * same both times; 0, -1 (failed or refused), or -2 when raw keys are not taken.
 */
static int whole_derive(cb_checker *c, const uint8_t *priv, const uint8_t *peer, uint8_t *out)
{
    size_t n = c->alg->out_bytes, len1 = n, len2 = n;
    uint8_t *again = cb_xmalloc(n);
    cb_op o;
    int rc = cb_op_start(&o, c->alg, c->var, CB_DIR_DERIVE, NULL, 0, NULL) ? -1
                                                                           : raw_keys(&o, priv, peer);
    if (rc == 0)
        rc = cb_op_derive(&o, out, &len1) || cb_op_derive(&o, again, &len2) || len1 != n ||
                     len2 != n || memcmp(out, again, n) != 0
                 ? -1
                 : 0;
    cb_op_stop(&o);
    free(again);
    return rc;
}

/* xdh sets out = the key agreement of priv and peer on generic variant g (X25519 or
 * X448 by a's curve), as cb_x25519 returns. */
static int xdh(const cb_alg *a, const cb_variant *g, uint8_t *out, const uint8_t *priv,
               const uint8_t *peer)
{
    return a->prim == CB_PRIM_C448 ? cb_x448(g, out, priv, peer) : cb_x25519(g, out, priv, peer);
}

/*
 * xdh_pairs checks X25519 or X448, when the variant takes raw keys: pseudo-random
 * pairs (the peer's top bit set or not, as RFC 7748 5 says to ignore it) and a peer
 * of small order, whose all-zero secret must be refused (RFC 7748 6.1).
 */
static int xdh_pairs(cb_checker *c)
{
    size_t n = raw_len(c->alg);
    uint8_t want[CB_X448_BYTES], got[CB_X448_BYTES];
    for (int i = 0; i < 8; i++) {
        uint8_t priv[CB_X448_BYTES], peer[CB_X448_BYTES];
        cb_check_fill(c, priv, n);
        cb_check_fill(c, peer, n);
        if (xdh(c->alg, c->ref, want, priv, peer) != 0)
            continue; /* an all-zero secret: the low-order case is below */
        c->checks++;
        int r = whole_derive(c, priv, peer, got);
        if (r == -2 && i == 0)
            return 0; /* the embedded keys only */
        if (r != 0 || memcmp(got, want, n) != 0)
            return cb_check_fail(c, "the shared secret of key pair %d differs from generic's", i);
    }
    /* u = 1: a point of order 4 on curve25519, of order dividing 4 on curve448 or its
     * twist (RFC 7748 6.1, 6.2: the all-zero result) */
    static const uint8_t low[CB_X448_BYTES] = {1};
    uint8_t priv[CB_X448_BYTES];
    cb_check_fill(c, priv, n);
    c->checks++;
    if (xdh(c->alg, c->ref, want, priv, low) != 1 || whole_derive(c, priv, low, got) != -1)
        return cb_check_fail(c, "does not refuse the all-zero secret of a small-order peer key");
    return 0;
}

/*
 * derive_whole checks a whole-algorithm key agreement against generic: the embedded
 * pair (whose secret generic checks against OpenSSL's: X25519's, X448's, the
 * curves', and FFDH's, which is p's length with zeros in front), then X25519's and
 * X448's raw pairs (the other rows check their embedded keys: pkey_ec.c and the DH
 * rows take no raw ones).
 */
static int derive_whole(cb_checker *c)
{
    size_t n = c->alg->out_bytes, wl = n;
    uint8_t *want = cb_xmalloc(2 * n), *got = want + n;
    cb_pkey *ref = cb_pkey_new(c->alg, c->ref);
    int rc = !ref || cb_pkey_derive(ref, want, &wl) != 0 || wl != n;
    cb_pkey_free(ref);
    if (rc) {
        rc = cb_check_fail(c, "generic cannot derive the embedded keys' shared secret");
    } else {
        c->checks++;
        if (whole_derive(c, NULL, NULL, got) != 0)
            rc = cb_check_fail(c, "cannot derive the embedded keys' shared secret the same "
                                  "way twice on one session");
        else if (memcmp(got, want, n) != 0)
            rc = cb_check_fail(c, "the embedded keys' shared secret differs from generic's");
    }
    cb_wipe(want, 2 * n);
    free(want);
    if (rc || (c->alg->prim != CB_PRIM_C25519 && c->alg->prim != CB_PRIM_C448) ||
        n != raw_len(c->alg))
        return rc;
    return xdh_pairs(c);
}

int cb_check_pkey(cb_checker *c)
{
    if (cb_variant_impl(c->var)) {
        return !c->ref          ? cb_check_fail(c, "there is no generic variant to check against")
               : c->alg->out_bytes ? derive_whole(c)
                                   : pkey_whole(c);
    }
    /* Signing has its own known answers (the signature OpenSSL made with the
     * embedded key) and round trips; see kernels/pkey/pkey.h. */
    char why[200];
    c->checks = 1;
    return cb_pkey_selftest(c->alg, c->var, why, sizeof why) != 0 ? cb_check_fail(c, "%s", why)
                                                                   : 0;
}
