/*
 * kernels/modes/drbg.h - CTR_DRBG (NIST SP 800-90A Rev. 1, section 10.2) with AES-256
 * and the derivation function, over any AES variant: the `rand` row, OpenSSL 3's
 * default DRBG.
 *
 * `speed rand` instantiates one DRBG from the kernel (getrandom: 32 bytes of entropy
 * input and a 16-byte nonce, once), prediction resistance off, and times generate
 * calls of the block size, as `openssl speed rand` times RAND_bytes: a request longer
 * than OpenSSL's max_request (64 KiB) is served in 64 KiB pieces, each a generate of
 * its own, and after 2^16 generates (OpenSSL's reseed interval for the DRBG
 * RAND_bytes draws from) the state is reseeded from the kernel.  The known answers
 * instantiate, reseed and generate with inputs of their own (cb_drbg_instantiate,
 * cb_drbg_reseed, cb_drbg_generate), as NIST's CAVP records give them.
 */
#ifndef CB_DRBG_H
#define CB_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* Section 10.2.1, Table 3 for AES-256: keylen, blocklen, seedlen in bytes. */
#define CB_DRBG_KEY_BYTES 32
#define CB_DRBG_BLOCK_BYTES 16
#define CB_DRBG_SEED_BYTES 48
/* OpenSSL 3's CTR_DRBG max_request and the public DRBG's reseed interval. */
#define CB_DRBG_MAX_REQUEST 65536
#define CB_DRBG_RESEED_INTERVAL 65536

/* cb_drbg: one DRBG's working state (section 10.2.1.1) on one AES variant. */
typedef struct cb_drbg {
    const cb_aes_ops *ops;
    void *ks;                          /* Key's encryption schedule, 64-byte aligned */
    uint8_t key[CB_DRBG_KEY_BYTES];    /* Key */
    uint8_t v[CB_DRBG_BLOCK_BYTES];    /* V */
    uint64_t reseed_counter;
} cb_drbg;

/*
 * cb_drbg_new sets d up for algorithm a (CB_KIND_RAND) on variant v, no state yet.
 * Returns 0, or -1 when v does not offer a.
 */
int cb_drbg_new(cb_drbg *d, const cb_alg *a, const cb_variant *v);

/* cb_drbg_instantiate: section 10.2.1.3.2 with the given entropy input, nonce and
 * personalization string (each may be empty); 0, or -1 on a length the derivation
 * function cannot encode. */
int cb_drbg_instantiate(cb_drbg *d, const uint8_t *entropy, size_t entropy_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                        size_t pers_len);

/* cb_drbg_reseed: section 10.2.1.4.2 with the given entropy input and additional
 * input. */
int cb_drbg_reseed(cb_drbg *d, const uint8_t *entropy, size_t entropy_len,
                   const uint8_t *adin, size_t adin_len);

/* cb_drbg_generate: section 10.2.1.5.2, len (at most CB_DRBG_MAX_REQUEST) bytes into
 * out with the given additional input (may be empty); -1 when len is larger or the
 * reseed counter has passed the interval (the caller reseeds first). */
int cb_drbg_generate(cb_drbg *d, const uint8_t *adin, size_t adin_len, uint8_t *out,
                     size_t len);

/* cb_drbg_seed instantiates d from the kernel's random source; -1 when it fails. */
int cb_drbg_seed(cb_drbg *d);

/* cb_drbg_bytes is what `speed rand` times: len bytes of any length into out, in
 * generates of at most CB_DRBG_MAX_REQUEST bytes, reseeding from the kernel when the
 * interval is reached, as RAND_bytes does.  Returns 0 or -1. */
int cb_drbg_bytes(cb_drbg *d, uint8_t *out, size_t len);

/* cb_drbg_free wipes the state and frees the schedule. */
void cb_drbg_free(cb_drbg *d);

#endif
