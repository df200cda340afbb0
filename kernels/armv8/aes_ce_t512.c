/*
 * kernels/armv8/aes_ce_t512.c - ce-i5t512: 5-way interleave only for buffers of
 * AES_CE_T512_BYTES or more, the 4-way code below.
 *
 * Why: with 5 blocks per group, a buffer shorter than 80 bytes never reaches the
 * interleaved loop, and up to 4 trailing blocks always run one at a time at full AES
 * latency.  For the short and odd lengths of network traffic (the 2022 Graviton2
 * change for aes-128-gcm) a smaller factor wastes less in that tail, while from 512
 * bytes on the tail is amortised and the fifth chain pays.  512 is that change's
 * threshold (GCM hands ctr32 whole messages or chunks of at least 1 KiB, kernels/modes/gcm.h,
 * so the choice is per message); only hardware can say whether it is right for a core,
 * which is what scripts/armv8-2022-graviton.sh measures.
 */
#include "kernels/armv8/armv8.h"

static int use_i5(size_t nblocks) { return nblocks >= AES_CE_T512_BYTES / 16; }

/* T512(op, params, args) defines aes_ce_i5t512_<op> over the i5 and i4 builds. */
#define T512(op, params, args)                                                           \
    void aes_ce_i5t512_##op params                                                       \
    {                                                                                    \
        if (use_i5(nblocks))                                                             \
            aes_ce_i5_##op args;                                                         \
        else                                                                             \
            aes_ce_i4_##op args;                                                         \
    }

T512(ecb_encrypt, (const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks),
     (ks, in, out, nblocks))
T512(ecb_decrypt, (const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks),
     (ks, in, out, nblocks))
T512(cbc_decrypt,
     (const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t nblocks),
     (ks, iv, in, out, nblocks))
T512(ctr32,
     (const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t nblocks),
     (ks, ctr, in, out, nblocks))
