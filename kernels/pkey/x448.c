/*
 * kernels/pkey/x448.c - X448 key agreement (RFC 7748) over a curve448 variant: the
 * all-zero check of section 6.2 and the selftest, as x25519.c is for X25519.
 *
 * The variants (kernels/generic/c448_*.c) do the constant-time ladder; this layer
 * refuses an all-zero shared secret, which a peer key of small order forces
 * whatever our scalar.  The check ORs every byte together before one comparison,
 * so it takes the same time for any output.
 */
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

int cb_x448(const cb_variant *v, uint8_t out[CB_X448_BYTES], const uint8_t scalar[CB_X448_BYTES],
            const uint8_t u[CB_X448_BYTES])
{
    const cb_c448_ops *ops = cb_pkey_c448_ops(v);
    if (!ops)
        return -1;
    ops->x448(out, scalar, u);
    uint8_t any = 0;
    for (int i = 0; i < CB_X448_BYTES; i++)
        any |= out[i];
    return any == 0;
}

/* ---- selftest ---- */

static const cb_xdh_kat kats[] = {
    {"RFC 7748 5.2 #1",
     "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eb"
     "a368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429"
     "db94ada18aa7a7fb4ef8a086",
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d982239"
     "61111e21766282f73dd96b6f"},
    {"RFC 7748 5.2 #2",
     "203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0"
     "a5b4371282dd2c8d5be3095f",
     "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e2"
     "8a78b91cdfbde71ce8d157db",
     "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633"
     "c575c1c954514e99da7c179d"},
    /* RFC 7748 6.2: Alice's and Bob's public keys (u = 5), and their shared secret
     * computed from both sides */
    {"RFC 7748 6.2 Alice's key",
     "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6"
     "f127ab1d9ac2d8c0a598726b",
     "0500000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "000000000000000000000000",
     "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da"
     "88120d53177f80e532c41fa0"},
    {"RFC 7748 6.2 Bob's key",
     "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c92"
     "1b09d1b0366f10b65173992d",
     "0500000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "000000000000000000000000",
     "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb5"
     "7aec3dae07bdc1c67bf33609"},
    {"RFC 7748 6.2 Alice's K",
     "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6"
     "f127ab1d9ac2d8c0a598726b",
     "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb5"
     "7aec3dae07bdc1c67bf33609",
     "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c2440"
     "3085d59a449a5037514a879d"},
    {"RFC 7748 6.2 Bob's K",
     "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c92"
     "1b09d1b0366f10b65173992d",
     "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da"
     "88120d53177f80e532c41fa0",
     "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c2440"
     "3085d59a449a5037514a879d"},
};

const char *cb_x448_selftest(const cb_alg *a, const cb_variant *v)
{
    if (!cb_pkey_c448_ops(v))
        return "is not a curve448 variant";
    return cb_xdh_selftest(a, v, cb_x448, CB_X448_BYTES, kats, sizeof kats / sizeof kats[0]);
}
