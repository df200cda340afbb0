/*
 * kernels/pkey/x25519.c - X25519 key agreement (RFC 7748) over a curve25519 variant:
 * the all-zero check of section 6.1 and the selftest.
 *
 * The variants (kernels/generic/c25519_*.c) do the constant-time ladder; this layer
 * adds what RFC 7748 6.1 leaves to the protocol: an all-zero shared secret, which a
 * peer key of small order forces whatever our scalar, is refused.  The check ORs
 * every byte together before one comparison, so it takes the same time for any
 * output.
 */
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

int cb_x25519(const cb_variant *v, uint8_t out[32], const uint8_t scalar[32],
              const uint8_t u[32])
{
    const cb_c25519_ops *ops = cb_pkey_c25519_ops(v);
    if (!ops)
        return -1;
    ops->x25519(out, scalar, u);
    uint8_t any = 0;
    for (int i = 0; i < 32; i++)
        any |= out[i];
    return any == 0;
}

/* ---- selftest ---- */

/* An RFC 7748 known answer: out = X25519(scalar, u). */
typedef struct x25519_kat {
    const char *source, *scalar, *u, *out;
} x25519_kat;

static const x25519_kat kats[] = {
    /* RFC 7748 5.2: the second u has its top bit set, which must be ignored */
    {"RFC 7748 5.2 #1", "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    {"RFC 7748 5.2 #2", "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    /* RFC 7748 6.1: Alice's and Bob's public keys (u = 9), and their shared secret
     * computed from both sides */
    {"RFC 7748 6.1 Alice's key",
     "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
     "0900000000000000000000000000000000000000000000000000000000000000",
     "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"},
    {"RFC 7748 6.1 Bob's key", "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
     "0900000000000000000000000000000000000000000000000000000000000000",
     "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"},
    {"RFC 7748 6.1 Alice's K", "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
     "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
    {"RFC 7748 6.1 Bob's K", "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
     "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
};

/* Pseudo-random inputs compared with generic; u spans all 256 bits, so values
 * >= p and set top bits are among them. */
#define XCHECK_PAIRS 16

/* kat_check runs kats[] and the embedded key's OpenSSL answer.  NULL or what failed. */
static const char *kat_check(const cb_alg *a, const cb_variant *v)
{
    static char why[96];
    uint8_t k[32], u[32], want[32], got[32];
    for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        const x25519_kat *t = &kats[i];
        if (cb_hex_bytes(k, 32, t->scalar) || cb_hex_bytes(u, 32, t->u) ||
            cb_hex_bytes(want, 32, t->out) || cb_x25519(v, got, k, u) != 0 ||
            memcmp(got, want, 32) != 0) {
            snprintf(why, sizeof why, "gives a wrong answer for %s", t->source);
            return why;
        }
    }
    uint8_t priv[32], peer[32];
    const cb_x25519_keyhex *kh = cb_x25519_keys;
    while (kh->alg && strcmp(kh->alg, a->name) != 0)
        kh++;
    int bad = !kh->alg || cb_hex_bytes(priv, 32, kh->priv) || cb_hex_bytes(peer, 32, kh->peer) ||
              cb_hex_bytes(want, 32, kh->kat_shared) || cb_x25519(v, got, priv, peer) != 0 ||
              memcmp(got, want, 32) != 0;
    cb_wipe(priv, sizeof priv);
    return bad ? "differs from OpenSSL's shared secret of the embedded keys" : NULL;
}

/* xcheck compares v with the generic variant on pseudo-random scalars and points. */
static const char *xcheck(const cb_alg *a, const cb_variant *v)
{
    const cb_variant *g = cb_variant_generic(a);
    if (!g)
        return "has no generic variant to compare with";
    uint64_t s = UINT64_C(0x9e3779b97f4a7c15);
    uint8_t k[32], u[32], x[32], y[32];
    for (int n = 0; n < XCHECK_PAIRS; n++) {
        for (int i = 0; i < 32; i++) {
            s = s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
            k[i] = (uint8_t)(s >> 56);
            u[i] = (uint8_t)(s >> 48);
        }
        if (n == 0) /* u = 2^255 - 1: above p, top bit set */
            memset(u, 0xff, 32);
        if (cb_x25519(v, x, k, u) < 0 || cb_x25519(g, y, k, u) < 0 || memcmp(x, y, 32) != 0)
            return "differs from the generic variant on a pseudo-random input";
    }
    return NULL;
}

const char *cb_x25519_selftest(const cb_alg *a, const cb_variant *v)
{
    if (!cb_pkey_c25519_ops(v))
        return "is not a curve25519 variant";
    const char *why = kat_check(a, v);
    if (!why && strcmp(v->name, "generic") != 0)
        why = xcheck(a, v);
    if (why)
        return why;
    /* u = 0 has order 1: every scalar gives the all-zero secret, which is refused */
    uint8_t k[32], zero[32] = {0}, out[32];
    memset(k, 0x5a, sizeof k);
    if (cb_x25519(v, out, k, zero) != 1)
        return "accepts the all-zero shared secret of a small-order point";
    return NULL;
}
