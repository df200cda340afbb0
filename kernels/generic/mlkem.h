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

/*
 * The polynomial layer behind those three, as a table a SIMD variant replaces
 * (kernels/x86_64/mlkem_avx2.c); the algorithms above it (K-PKE, the FO transform,
 * implicit rejection) exist once, in kernels/generic/mlkem.c.  A polynomial is 256
 * int16_t coefficients in FIPS 203's order, in and out of every entry; the
 * Montgomery domains are those of mlkem.c's top comment.
 *   ntt         Algorithm 9 in place: |input| < q, output Barrett-reduced
 *   inv_ntt     Algorithm 10 in place, times R = 2^16; |input| < q, output |x| < q
 *   inner       r = sum over j < k of a[j] * b[j] in T_q (Algorithm 11), times R^-1,
 *               Barrett-reduced (inputs: one factor reduced, the other below 2^12)
 *   gen_matrix  a[i k + j] = SampleNTT(rho || j || i), the matrix A_hat; with
 *               transpose, SampleNTT(rho || i || j) (public data)
 *   sample_cbd  p[i] = SamplePolyCBD_eta(PRF_eta(sigma, nonce + i)) for i < n,
 *               eta 2 or 3, n <= 2 k + 1 (secret data: constant time)
 *   compress_encode    out = ByteEncode_d(Compress_d(p)), 32 d bytes, d 1, 4, 5, 10
 *               or 11; |p's coefficients| < 2^15 (Barrett-reduced first)
 *   decode_decompress  p = Decompress_d(ByteDecode_d(in)), d 4, 5, 10 or 11
 *   encode12    out = ByteEncode_12(p mod q), 384 bytes; |p's coefficients| < 2^15
 *   decode12    p = ByteDecode_12(in) without reduction; nonzero if a coefficient is
 *               q or more (the modulus check), found without a branch (dk is secret)
 */
typedef struct cb_mlkem_poly {
    int16_t c[256];
} cb_mlkem_poly;

typedef struct cb_mlkem_backend {
    void (*ntt)(cb_mlkem_poly *p);
    void (*inv_ntt)(cb_mlkem_poly *p);
    void (*inner)(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
                  unsigned k);
    void (*gen_matrix)(cb_mlkem_poly *a, const uint8_t rho[32], unsigned k, int transpose);
    void (*sample_cbd)(cb_mlkem_poly *p, const uint8_t sigma[32], uint8_t nonce, unsigned n,
                       unsigned eta);
    void (*compress_encode)(uint8_t *out, const cb_mlkem_poly *p, unsigned d);
    void (*decode_decompress)(cb_mlkem_poly *p, const uint8_t *in, unsigned d);
    void (*encode12)(uint8_t *out, const cb_mlkem_poly *p);
    unsigned (*decode12)(cb_mlkem_poly *p, const uint8_t *in);
} cb_mlkem_backend;

/* The portable backend, which cb_mlkem_keygen/encaps/decaps use. */
extern const cb_mlkem_backend cb_mlkem_generic_backend;

/* The three algorithms over backend B (same contracts as above). */
void cb_mlkem_keygen_with(const cb_mlkem_backend *B, unsigned k, uint8_t *ek, uint8_t *dk,
                          const uint8_t d[32], const uint8_t z[32]);
int cb_mlkem_encaps_with(const cb_mlkem_backend *B, unsigned k, uint8_t *c, uint8_t K[32],
                         const uint8_t *ek, const uint8_t m[32]);
void cb_mlkem_decaps_with(const cb_mlkem_backend *B, unsigned k, uint8_t K[32],
                          const uint8_t *dk, const uint8_t *c);

/* cb_mlkem_zetas[i] = 17^BitRev7(i) * 2^16 mod q, centred: the NTT's twiddles in
 * Montgomery form (FIPS 203 Appendix A, scaled by R). */
extern const int16_t cb_mlkem_zetas[128];

/* cb_mlkem_rej_uniform, for a backend to finish its SampleNTT with: appends to
 * out[n..256) the 12-bit candidates below q from buf[0..len) (whole 3-byte groups)
 * and returns the new count. */
unsigned cb_mlkem_rej_uniform(int16_t *out, unsigned n, const uint8_t *buf, size_t len);

#endif
