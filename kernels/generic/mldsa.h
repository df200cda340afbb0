/*
 * kernels/generic/mldsa.h - ML-DSA-44/65/87 (FIPS 204, final) in portable C.
 *
 * The internal algorithms of FIPS 204 section 6: key generation from the 32-byte
 * seed xi (Algorithm 6), signing of a formatted message M' with the 32-byte rnd
 * (Algorithm 7; rnd = 0^32 is the deterministic variant) and verification
 * (Algorithm 8).  The pure ML-DSA of Algorithms 2 and 3 is these with M' = 0 ||
 * len(ctx) || ctx || M; the caller passes M' as a prefix (pre, the 2 + len(ctx)
 * bytes) and the message, so M' need not be copied.  `set` is the parameter set's
 * number: 44, 65 or 87.  The NTT and arithmetic on secret data have no
 * secret-dependent branch or table index; the rejection loops (ExpandS's sampling,
 * signing's retries) are variable-time as FIPS 204 allows.
 */
#ifndef CB_MLDSA_H
#define CB_MLDSA_H

#include <stddef.h>
#include <stdint.h>

/* Sizes in bytes (FIPS 204 Table 2). */
#define CB_MLDSA_PK_BYTES(set) ((set) == 87 ? 2592u : (set) == 65 ? 1952u : 1312u)
#define CB_MLDSA_SK_BYTES(set) ((set) == 87 ? 4896u : (set) == 65 ? 4032u : 2560u)
#define CB_MLDSA_SIG_BYTES(set) ((set) == 87 ? 4627u : (set) == 65 ? 3309u : 2420u)
#define CB_MLDSA_MAX_PK 2592
#define CB_MLDSA_MAX_SK 4896
#define CB_MLDSA_MAX_SIG 4627
#define CB_MLDSA_SEED_BYTES 32
#define CB_MLDSA_RND_BYTES 32

/* cb_mldsa_keygen writes pk and sk of seed xi (ML-DSA.KeyGen_internal).  Returns 0,
 * -1 for a set that is not 44, 65 or 87. */
int cb_mldsa_keygen(unsigned set, uint8_t *pk, uint8_t *sk, const uint8_t xi[32]);

/* cb_mldsa_sign writes the signature of M' = pre || msg under sk with rnd
 * (ML-DSA.Sign_internal).  Returns 0, -1 for an unknown set. */
int cb_mldsa_sign(unsigned set, uint8_t *sig, const uint8_t *sk, const uint8_t *pre,
                  size_t prelen, const uint8_t *msg, size_t len, const uint8_t rnd[32]);

/* cb_mldsa_verify checks sig on M' = pre || msg under pk (ML-DSA.Verify_internal):
 * 0 valid, 1 invalid (a malformed hint included), -1 for an unknown set. */
int cb_mldsa_verify(unsigned set, const uint8_t *pk, const uint8_t *pre, size_t prelen,
                    const uint8_t *msg, size_t len, const uint8_t *sig);

/* cb_mldsa_public: the hook that marks bytes FIPS 204 makes public (mldsa.c says
 * which); a no-op that tests/test_mldsa_ct.c overrides for valgrind. */
void cb_mldsa_public(const void *p, size_t n);

/* cb_mldsa_decompose is Decompose (FIPS 204 Algorithm 36) of r in [0, q) for set's
 * gamma2: returns r1, sets *r0.  Exposed for tests/test_mldsa.c's exhaustive check
 * of the branch-free division; -1 for an unknown set. */
int32_t cb_mldsa_decompose(unsigned set, int32_t r, int32_t *r0);

#endif
