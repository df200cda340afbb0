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

/*
 * The polynomial layer under those three, as a table a SIMD variant replaces
 * (kernels/x86_64/mldsa_avx2.c); the algorithms (rounding, hints, encodings, the
 * rejection loop) exist once, in kernels/generic/mldsa.c.  A polynomial is 256
 * int32_t coefficients in FIPS 204's order, in and out of every entry; the
 * Montgomery domains are those of mldsa.c's top comment, and every entry must give
 * the generic one's values exactly where it says "exactly".
 *   ntt         Algorithm 41 in place: |input| < q, output |x| < 9 q (exactly)
 *   inv_ntt     Algorithm 42 in place, times R^-1 R^2 / 256 (so its input's R^-1 is
 *               undone): |input| < q, output |x| < q (exactly)
 *   inner       r = sum over j < n of a[j] o v[j], times R^-1, one Montgomery
 *               reduction per coefficient of the 64-bit sum (exactly); the sum must
 *               stay below 2^31 q in magnitude
 *   expand_a    a[r stride + s] = RejNTTPoly(rho || s || r) for r < k, s < l, the
 *               matrix A_hat (Algorithm 32; public data)
 *   expand_s    s[i] = RejBoundedPoly(rho' || IntegerToBytes(nonce + i, 2)) for
 *               i < n (Algorithm 31, eta 2 or 4; secret data, the accept decisions
 *               marked public with cb_mldsa_public)
 *   expand_mask y[r] = BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2)), gamma1 - 1,
 *               gamma1) for r < l, gamma1 = 2^(zbits - 1) (Algorithm 34; secret)
 *   unpack_z    z = BitUnpack(in, gamma1 - 1, gamma1) of the 32 zbits bytes at in
 *               (Algorithm 19: a signature's z); may read 7 bytes past them (a
 *               signature's hints follow its z)
 *   unpack_t1   t = SimpleBitUnpack(in, 10) 2^d of a public key's 320-byte row
 *   use_hint    w = UseHint(h, w mod q) (Algorithm 40) in place, |w| < q, for
 *               gamma2 = (q - 1) / 88 or (q - 1) / 32 (verification: public data)
 */
typedef struct cb_mldsa_poly {
    int32_t c[256];
} cb_mldsa_poly;

typedef struct cb_mldsa_backend {
    void (*ntt)(cb_mldsa_poly *p);
    void (*inv_ntt)(cb_mldsa_poly *p);
    void (*inner)(cb_mldsa_poly *r, const cb_mldsa_poly *a, const cb_mldsa_poly *v,
                  unsigned n);
    void (*expand_a)(cb_mldsa_poly *a, const uint8_t rho[32], unsigned k, unsigned l,
                     unsigned stride);
    void (*expand_s)(cb_mldsa_poly *s, const uint8_t rhop[64], unsigned nonce, unsigned n,
                     unsigned eta);
    void (*expand_mask)(cb_mldsa_poly *y, const uint8_t rhopp[64], unsigned kappa, unsigned l,
                        unsigned zbits);
    void (*unpack_z)(cb_mldsa_poly *z, const uint8_t *in, unsigned zbits);
    void (*unpack_t1)(cb_mldsa_poly *t, const uint8_t in[320]);
    void (*use_hint)(cb_mldsa_poly *w, const uint8_t h[256], int32_t gamma2);
} cb_mldsa_backend;

/* The portable backend, which cb_mldsa_keygen/sign/verify use. */
extern const cb_mldsa_backend cb_mldsa_generic_backend;

/* The three algorithms over backend B (same contracts as above). */
int cb_mldsa_keygen_with(const cb_mldsa_backend *B, unsigned set, uint8_t *pk, uint8_t *sk,
                         const uint8_t xi[32]);
int cb_mldsa_sign_with(const cb_mldsa_backend *B, unsigned set, uint8_t *sig,
                       const uint8_t *sk, const uint8_t *pre, size_t prelen,
                       const uint8_t *msg, size_t len, const uint8_t rnd[32]);
int cb_mldsa_verify_with(const cb_mldsa_backend *B, unsigned set, const uint8_t *pk,
                         const uint8_t *pre, size_t prelen, const uint8_t *msg, size_t len,
                         const uint8_t *sig);

/* cb_mldsa_zetas[m] = zeta^BitRev8(m) * 2^32 mod q, centred (zeta = 1753): the NTT's
 * twiddles in Montgomery form; the inverse NTT uses -cb_mldsa_zetas[m]. */
extern const int32_t cb_mldsa_zetas[256];

/* For a backend to finish its sampling with, each appending to out[n..256) what it
 * accepts of buf[0..len) and returning the new count: cb_mldsa_rej_uniform the
 * 23-bit candidates below q of whole 3-byte groups (RejNTTPoly's), cb_mldsa_rej_eta
 * the half-bytes CoeffFromHalfByte takes for eta (RejBoundedPoly's; it marks its
 * accept decisions public). */
unsigned cb_mldsa_rej_uniform(int32_t *out, unsigned n, const uint8_t *buf, size_t len);
unsigned cb_mldsa_rej_eta(int32_t *out, unsigned n, const uint8_t *buf, size_t len,
                          unsigned eta);

/* cb_mldsa_decompose is Decompose (FIPS 204 Algorithm 36) of r in [0, q) for set's
 * gamma2: returns r1, sets *r0.  Exposed for tests/test_mldsa.c's exhaustive check
 * of the branch-free division; -1 for an unknown set. */
int32_t cb_mldsa_decompose(unsigned set, int32_t r, int32_t *r0);

#endif
