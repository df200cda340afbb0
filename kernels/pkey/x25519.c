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

static const cb_xdh_kat kats[] = {
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

const char *cb_x25519_selftest(const cb_alg *a, const cb_variant *v)
{
    if (!cb_pkey_c25519_ops(v))
        return "is not a curve25519 variant";
    return cb_xdh_selftest(a, v, cb_x25519, 32, kats, sizeof kats / sizeof kats[0]);
}
