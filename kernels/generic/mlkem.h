/*
 * kernels/generic/mlkem.h - ML-KEM-512/768/1024 (FIPS 203, final) in portable C.
 *
 * The internal, deterministic algorithms of FIPS 203 section 6: key generation
 * from the seeds d and z (Algorithm 16), encapsulation from the message m
 * (Algorithm 17) and decapsulation with implicit rejection (Algorithm 18).  k is
 * the module rank: 2, 3 or 4 for ML-KEM-512, -768 and -1024.  Secret data is
 * handled in constant time (no secret-dependent branch or table index; the
 * re-encryption check of decapsulation compares and selects with masks).
 */
#ifndef CB_MLKEM_H
#define CB_MLKEM_H

#include <stddef.h>
#include <stdint.h>

/* Sizes in bytes for rank k (FIPS 203 Table 3). */
#define CB_MLKEM_EK_BYTES(k) (384 * (size_t)(k) + 32)
#define CB_MLKEM_DK_BYTES(k) (768 * (size_t)(k) + 96)
#define CB_MLKEM_CT_BYTES(k) ((k) == 4 ? 1568 : (k) == 3 ? 1088 : 768)
#define CB_MLKEM_SS_BYTES 32
#define CB_MLKEM_MAX_EK CB_MLKEM_EK_BYTES(4)
#define CB_MLKEM_MAX_DK CB_MLKEM_DK_BYTES(4)
#define CB_MLKEM_MAX_CT 1568

/* cb_mlkem_keygen writes ek and dk for rank k from d and z (ML-KEM.KeyGen_internal). */
void cb_mlkem_keygen(unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                     const uint8_t z[32]);
/* cb_mlkem_encaps writes the ciphertext c and shared key K for ek and the message m
 * (ML-KEM.Encaps_internal).  Returns 0, or -1 if ek fails the modulus check of
 * section 7.2 (a coefficient not below q); then c and K are not written. */
int cb_mlkem_encaps(unsigned k, uint8_t *c, uint8_t K[32], const uint8_t *ek,
                    const uint8_t m[32]);
/* cb_mlkem_decaps writes K for dk and c (ML-KEM.Decaps_internal): the shared key, or
 * J(z || c) when c does not re-encrypt to itself (implicit rejection). */
void cb_mlkem_decaps(unsigned k, uint8_t K[32], const uint8_t *dk, const uint8_t *c);

#endif
