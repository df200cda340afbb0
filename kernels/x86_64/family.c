/*
 * kernels/x86_64/family.c - the x86_64 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 *
 * Priorities (generic is 100): on the development host (docs/x86_64.md) wider and
 * more interleaved was faster every time, so auto prefers vaes-avx512 > vaes-avx2 >
 * aesni-gcm-stitched (GCM only) > aesni-i8 > aesni-i4 > aesni-i1 among what the
 * capabilities allow.  A CPU where that order is wrong (512-bit code that lowers the
 * clock, say) is what `-variant vaes-avx2,vaes-avx512` is for.
 * A row lists every capability its code executes: masking any of them (for example
 * CRYPTOBENCH_CAPS=-avx512bw) makes auto fall back to the next row.
 */
#include "kernels/families.h"
#include "kernels/x86_64/x86_64.h"

#define AESNI CB_CAP_AESNI
#define GHASH_PCLMUL (CB_CAP_PCLMUL | CB_CAP_SSSE3)
#define AVX512 (CB_CAP_AVX512F | CB_CAP_AVX512BW | CB_CAP_AVX512VL)
#define VAES2 (CB_CAP_VAES | CB_CAP_AVX2 | CB_CAP_AESNI)
#define VPCLMUL2 (CB_CAP_VPCLMUL | CB_CAP_AVX2 | CB_CAP_PCLMUL)

#if CB_LIMB_BITS != 64
#error "mont_mulx.S works on 64-bit limbs; kernels/generic/bn_core.h chose another size"
#endif

/* The squaring is the generic one: its half-the-products C (868 TSC ticks at 16
 * limbs on the development host) beats the MULX product used as a square (880);
 * a MULX squaring is future work (docs/x86_64.md). */
const cb_mont_ops cb_mont_mulx_ops = {cb_mont_mulx_mul, cb_mont_sqr_generic};

const cb_variant cb_family_x86_64[] = {
    /* digests */
    {"shani", "x86_64", CB_PRIM_SHA1, CB_CAP_SHANI | CB_CAP_SSSE3, 200, &cb_sha1_shani_ops,
     "SHA-1 with the SHA extensions (SHA1RNDS4, SHA1NEXTE, SHA1MSG1/2)"},
    {"shani", "x86_64", CB_PRIM_SHA256, CB_CAP_SHANI | CB_CAP_SSSE3, 200,
     &cb_sha256_shani_ops, "SHA-256 with the SHA extensions (SHA256RNDS2, SHA256MSG1/2)"},
    {"avx2", "x86_64", CB_PRIM_SHA512, CB_CAP_AVX2 | CB_CAP_BMI2, 200, &cb_sha512_avx2_ops,
     "SHA-512, message schedule 4 words at a time on AVX2 ahead of the rounds, which "
     "run in scalar registers with RORX"},

    /* AES */
#define AESNI_AES_ROW(i, prio, summary)                                                  \
    {"aesni-i" #i, "x86_64", CB_PRIM_AES, AESNI, prio, &cb_aesni_i##i##_ops, summary},
    AESNI_BUILDS(AESNI_AES_ROW) /* kernels/x86_64/knobs.h */
#undef AESNI_AES_ROW
    {"vaes-avx2", "x86_64", CB_PRIM_AES, VAES2, 300, &cb_vaes_avx2_ops,
     "VAES on 256-bit vectors, 8 blocks in flight (ECB, CBC decryption, CTR)"},
    {"vaes-avx512", "x86_64", CB_PRIM_AES, VAES2 | AVX512, 310, &cb_vaes_avx512_ops,
     "VAES on 512-bit vectors, 16 blocks in flight (ECB, CBC decryption, CTR)"},

    /* GHASH */
    {"pclmul", "x86_64", CB_PRIM_GHASH, GHASH_PCLMUL, 200, &cb_ghash_pclmul_ops,
     "PCLMULQDQ, Karatsuba, one reduction per 8 blocks"},
    {"vpclmul-avx2", "x86_64", CB_PRIM_GHASH, VPCLMUL2, 300, &cb_ghash_vpclmul_avx2_ops,
     "VPCLMULQDQ on 256-bit vectors, one reduction per 8 blocks"},
    {"vpclmul-avx512", "x86_64", CB_PRIM_GHASH, VPCLMUL2 | AVX512, 310,
     &cb_ghash_vpclmul_avx512_ops, "VPCLMULQDQ on 512-bit vectors, one reduction per 16 blocks"},

    /* GCM */
#define AESNI_GCM_ROW(i, prio, summary)                                                  \
    {"aesni-i" #i, "x86_64", CB_PRIM_GCM, AESNI | GHASH_PCLMUL, prio,                    \
     &cb_gcm_aesni_i##i##_ops, "aesni-i" #i " CTR, then pclmul GHASH"},
    AESNI_BUILDS(AESNI_GCM_ROW)
#undef AESNI_GCM_ROW
    {"aesni-gcm-stitched", "x86_64", CB_PRIM_GCM, AESNI | GHASH_PCLMUL, 230,
     &cb_gcm_aesni_stitched_ops,
     "AES-NI CTR and PCLMULQDQ GHASH in one loop, 8 blocks a step (from 256 bytes)"},
    {"vaes-avx2", "x86_64", CB_PRIM_GCM, VAES2 | VPCLMUL2, 300, &cb_gcm_vaes_avx2_ops,
     "VAES CTR and VPCLMULQDQ GHASH stitched on 256-bit vectors, 8 blocks a step"},
    {"vaes-avx512", "x86_64", CB_PRIM_GCM, VAES2 | VPCLMUL2 | AVX512, 310,
     &cb_gcm_vaes_avx512_ops,
     "VAES CTR and VPCLMULQDQ GHASH stitched on 512-bit vectors, 16 blocks a step"},

    /* SM4 */
    {"aesni", "x86_64", CB_PRIM_SM4, CB_CAP_AESNI | CB_CAP_SSSE3, 200, &cb_sm4_aesni_ops,
     "SM4 4 blocks a pass, S-box as AESENCLAST between two affine maps (constant time)"},

    /* ChaCha20 (with the Poly1305 each pairs with for chacha20-poly1305) */
    {"ssse3", "x86_64", CB_PRIM_CHACHA, CB_CAP_SSSE3, 200, &cb_chacha_ssse3_ops,
     "ChaCha20 4 blocks a pass in 128-bit vectors (PSHUFB rotations); r64 Poly1305"},
    {"avx2", "x86_64", CB_PRIM_CHACHA, CB_CAP_AVX2, 300, &cb_chacha_avx2_ops,
     "ChaCha20 8 blocks a pass in 256-bit vectors; Poly1305 4 blocks in parallel (radix 2^26)"},
    {"avx512vl", "x86_64", CB_PRIM_CHACHA, CB_CAP_AVX2 | CB_CAP_AVX512F | CB_CAP_AVX512VL,
     310, &cb_chacha_avx512vl_ops,
     "the avx2 code with VPROLD rotations and 32 registers"},
    {"avx512f", "x86_64", CB_PRIM_CHACHA, CB_CAP_AVX2 | CB_CAP_AVX512F | CB_CAP_AVX512VL,
     320, &cb_chacha_avx512f_ops,
     "ChaCha20 16 blocks a pass in 512-bit vectors (VPROLD); avx2's Poly1305, 32 registers"},

    /* P-256 */
    {"x64-asm", "x86_64", CB_PRIM_P256, 0, 200, &cb_p256_x64_ops,
     "64-bit limbs, Montgomery field product and square in assembly (MUL/ADC, p's shape)"},

    /* bignum core (rsa*, dsa*) */
    {"mulx", "x86_64", CB_PRIM_MONT, CB_CAP_BMI2 | CB_CAP_ADX, 200, &cb_mont_mulx_ops,
     "CIOS Montgomery product, MULX with the ADCX and ADOX carry chains; generic squaring"},
    /* curve25519: X25519 and Ed25519 */
    {"mulx", "x86_64", CB_PRIM_C25519, CB_CAP_BMI2 | CB_CAP_ADX, 200, &cb_c25519_mulx_ops,
     "radix 2^64, product and square on MULX/ADCX/ADOX, Montgomery ladder (RFC 7748)"},

    /* ML-KEM */
    {"avx2", "x86_64", CB_PRIM_MLKEM, CB_CAP_AVX2, 200, &cb_mlkem_avx2_ops,
     "ML-KEM: Keccak-f[1600] 4 states at a time, NTTs and base-case products on 16-bit lanes"},

    /* ML-DSA */
    {"avx2", "x86_64", CB_PRIM_MLDSA, CB_CAP_AVX2, 200, &cb_mldsa_avx2_ops,
     "ML-DSA: NTTs and inner products on 32-bit lanes, ExpandA/S/Mask on 4-way Keccak"},
    /* binary fields (the K and B curves) */
    {"pclmul", "x86_64", CB_PRIM_GF2M, CB_CAP_PCLMUL, 200, &cb_gf2m_pclmul_ops,
     "GF(2^m) schoolbook products, one PCLMULQDQ a word pair; shared shift-and-XOR reduction"},

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_x86_64_count = sizeof cb_family_x86_64 / sizeof cb_family_x86_64[0] - 1;
