/*
 * kernels/x86_64/x86_64.h - the x86-64 family's ops tables and the key-schedule
 * layout its AES kernels share.
 *
 * Every kernel is C with intrinsics compiled under a per-file `#pragma GCC target`
 * (so the binary still starts on a CPU without the instructions; the registry only
 * calls a kernel when cb_caps_effective() has its capabilities), except P-256's
 * arithmetic, which is baseline x86-64 assembly (p256_mont.S).  This header is
 * included by code compiled without those targets (family.c, tests), so it names
 * only plain C types.
 */
#ifndef CB_X86_64_H
#define CB_X86_64_H

#include <stdint.h>

#include "kernels/generic/bn_core.h"
#include "kernels/kernel.h"
#include "kernels/x86_64/knobs.h"

/*
 * cb_aesni_key: an expanded AES key.  rk[0..rounds] are the round keys in the order
 * they are applied: for an encryption schedule FIPS 197 5.2 KeyExpansion; for a
 * decryption schedule the Equivalent Inverse Cipher's (FIPS 197 5.3.5), reversed and
 * passed through InvMixColumns, which is what AESDEC expects.
 */
typedef struct cb_aesni_key {
    _Alignas(16) uint8_t rk[15][16];
    uint32_t rounds; /* 10, 12 or 14 */
} cb_aesni_key;

/* AES-NI at each interleave factor of AESNI_BUILDS (kernels/x86_64/knobs.h; one
 * source, kernels/x86_64/aesni_modes.c), and each paired with pclmul GHASH for GCM
 * (kernels/x86_64/gcm_aesni.c). */
#define CB_AESNI_DECL(i, prio, summary)                                                  \
    extern const cb_aes_ops cb_aesni_i##i##_ops;                                         \
    extern const cb_gcm_ops cb_gcm_aesni_i##i##_ops;
AESNI_BUILDS(CB_AESNI_DECL)
#undef CB_AESNI_DECL

/* GHASH with PCLMULQDQ: Karatsuba, 4- and 8-block aggregated reduction. */
extern const cb_ghash_ops cb_ghash_pclmul_ops;

/* GCM: the stitched AES-NI+PCLMUL loop. */
extern const cb_gcm_ops cb_gcm_aesni_stitched_ops;

/* CB_GCM_STITCH_MIN: below this many bytes the stitched AES-NI GCM returns 0 and
 * leaves the message to the portable layer (a loop that primes and drains an 8-block
 * pipeline gains nothing on fewer than two chunks). */
#define CB_GCM_STITCH_MIN 256

/* VAES + VPCLMULQDQ on 256-bit and 512-bit vectors: CTR, GHASH and stitched GCM.
 * Their stitched GCM loops take whole steps of 8 (256-bit) or 16 (512-bit) blocks
 * and return 0 below one step. */
#define CB_GCM_VAES_AVX2_MIN 128
#define CB_GCM_VAES_AVX512_MIN 256
extern const cb_aes_ops cb_vaes_avx2_ops;
extern const cb_ghash_ops cb_ghash_vpclmul_avx2_ops;
extern const cb_gcm_ops cb_gcm_vaes_avx2_ops;
extern const cb_aes_ops cb_vaes_avx512_ops;
extern const cb_ghash_ops cb_ghash_vpclmul_avx512_ops;
extern const cb_gcm_ops cb_gcm_vaes_avx512_ops;

/* SM4 four blocks a pass, its S-box through AESENCLAST between two affine maps. */
extern const cb_block_ops cb_sm4_aesni_ops;

/* SHA extensions for SHA-1 and SHA-256; AVX2 message schedule for SHA-512. */
extern const cb_digest_ops cb_sha1_shani_ops;
extern const cb_digest_ops cb_sha256_shani_ops;
extern const cb_digest_ops cb_sha512_avx2_ops;

/* ChaCha20 in SIMD registers (one source, kernels/x86_64/chacha_vec.h): 4 blocks a
 * pass on SSSE3, 8 on AVX2 and on AVX-512VL (VPROLD rotations), 16 on AVX-512F. */
extern const cb_chacha_ops cb_chacha_ssse3_ops;
extern const cb_chacha_ops cb_chacha_avx2_ops;
extern const cb_chacha_ops cb_chacha_avx512vl_ops;
extern const cb_chacha_ops cb_chacha_avx512f_ops;

/* Poly1305 four blocks at a time on AVX2 (radix 2^26), the r64 scalar code for
 * short calls: the avx2 and avx512vl ChaCha20 rows' Poly1305. */
extern const cb_poly1305_ops cb_poly1305_avx2_ops;
/* The same code compiled for AVX-512VL (32 registers): the avx512f row's Poly1305. */
extern const cb_poly1305_ops cb_poly1305_avx512vl_ops;

/* ML-KEM's polynomial layer on AVX2 (kernels/generic/mlkem.h's backend table: 4-way
 * Keccak, NTTs, base-case products, compression) and the variant over it. */
struct cb_mlkem_backend;
extern const struct cb_mlkem_backend cb_mlkem_avx2_backend;
extern const cb_mlkem_ops cb_mlkem_avx2_ops;

/* ML-DSA's polynomial layer on AVX2 (kernels/generic/mldsa.h's backend table: NTTs
 * on 32-bit lanes, inner products, ExpandA/S/Mask on the 4-way Keccak) and the
 * variant over it. */
struct cb_mldsa_backend;
extern const struct cb_mldsa_backend cb_mldsa_avx2_backend;
extern const cb_mldsa_ops cb_mldsa_avx2_ops;
/* cb_gf2m_pclmul_ops: GF(2^m) products with PCLMULQDQ (gf2m_pclmul.c). */
extern const cb_gf2m_ops cb_gf2m_pclmul_ops;

/* NIST P-256 with the field arithmetic in assembly, plain MUL/ADC
 * (kernels/x86_64/p256_mont.S, which documents them), on four 64-bit limbs (least
 * significant first) below p; r may be a or b.
 * p256_x64_mont_mul sets r = a b R^-1 mod p and p256_x64_mont_sqr r = a^2 R^-1 mod p,
 * R = 2^256; p256_x64_mod_add r = a + b mod p and p256_x64_mod_sub r = a - b mod p. */
void p256_x64_mont_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void p256_x64_mont_sqr(uint64_t r[4], const uint64_t a[4]);
void p256_x64_mod_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void p256_x64_mod_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
/* p256_x64_ord_mul sets r = a b R^-1 mod n and p256_x64_ord_sqr r = a^2 R^-1 mod n for
 * the group order n, a, b below n, n0 = -n^-1 mod 2^64. */
void p256_x64_ord_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], uint64_t n0);
void p256_x64_ord_sqr(uint64_t r[4], const uint64_t a[4], uint64_t n0);
extern const cb_p256_ops cb_p256_x64_ops;

/* cb_mont_mulx_mul is the bignum core's Montgomery product with MULX, ADCX and ADOX
 * (kernels/x86_64/mont_mulx.S, which documents it): cb_mont_ops's mul, on 64-bit
 * limbs; limb counts that are not a multiple of 4 go to cb_mont_mul_generic. */
void cb_mont_mulx_mul(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                      cb_limb n0, size_t limbs);
extern const cb_mont_ops cb_mont_mulx_ops;
/* curve25519 on four 64-bit limbs, product and square on MULX/ADCX/ADOX
 * (kernels/x86_64/c25519_mulx.c): needs bmi2 and adx. */
extern const cb_c25519_ops cb_c25519_mulx_ops;

#endif
