/*
 * kernels/x86_64/vaes_modes.h - AES (ECB, CBC decryption, CTR), GHASH and stitched
 * GCM on 256-bit or 512-bit vectors with VAES and VPCLMULQDQ: a template included
 * by vaes_avx2.c (VAES_BITS 256, variant vaes-avx2) and vaes_avx512.c (VAES_BITS
 * 512, variant vaes-avx512).
 *
 * A vector holds LANES = 2 or 4 AES blocks; VAESENC and VPCLMULQDQ work on each
 * 128-bit lane on its own, so the 128-bit algorithms carry over lane by lane.  The
 * main loops keep NV = 4 vectors in flight (8 or 16 blocks), enough to cover the
 * VAESENC latency at one issue per cycle.  Tails shorter than a vector use a
 * partial vector (masked loads and stores on AVX-512, one 128-bit lane on AVX2), so
 * any block count runs without a scalar fallback.
 *
 * GHASH: the table keeps H^NB .. H^1 (pre-multiplied by y as in pclmul.h) in that
 * order, so the vector of powers for blocks j..j+LANES-1 of an n-block fold is one
 * load at index NB-n+j.  Products are schoolbook (four VPCLMULQDQ: lo, hi and two
 * middle halves) rather than Karatsuba: with a whole vector per instruction the
 * saved multiplication costs more in shuffles than it gains.  One Montgomery
 * reduction per fold of up to NB blocks.
 *
 * GCM: a stitched loop like gcm_aesni.c's, NB blocks per step (encryption hashes
 * the previous step's ciphertext, decryption the current step's); it takes whole
 * steps only, so it returns 0 below one step (VAES_GCM_MIN) and leaves the
 * rest of every message to the portable layer, which uses this variant's ctr32
 * and GHASH.
 */
#ifndef VAES_BITS
#error "define VAES_BITS (256 or 512) before including vaes_modes.h"
#endif

#if VAES_BITS == 256
#pragma GCC target("avx2,vaes,vpclmulqdq,aes,pclmul")
#elif VAES_BITS == 512
#pragma GCC target("avx512f,avx512bw,avx512vl,vaes,vpclmulqdq,aes,pclmul")
#else
#error "VAES_BITS must be 256 or 512"
#endif

#include "kernels/x86_64/aesni_inline.h"
#include "kernels/x86_64/pclmul.h"

#define VINLINE static inline __attribute__((always_inline))

/* V_BCAST loads 16 bytes with no alignment promise (IVs and counters are the
 * caller's) and repeats them in every lane. */
#if VAES_BITS == 256
typedef __m256i vec;
#define LANES 2
#define V(op) _mm256_##op
#define V_SI(op) _mm256_##op##_si256
#define V_BCAST(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
#define V_ZEXT(x) _mm256_zextsi128_si256(x)
/* lane l of a counter vector adds l to the counter; a step adds LANES */
#define V_LANE_INDEX _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0)
#define V_LANE_STEP _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2)
#define PASTE_W(a, b) a##avx2##b
#define VAES_GCM_MIN CB_GCM_VAES_AVX2_MIN
#else
typedef __m512i vec;
#define LANES 4
#define V(op) _mm512_##op
#define V_SI(op) _mm512_##op##_si512
#define V_BCAST(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(p)))
#define V_ZEXT(x) _mm512_zextsi128_si512(x)
#define V_LANE_INDEX _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0)
#define V_LANE_STEP _mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4)
#define PASTE_W(a, b) a##avx512##b
#define VAES_GCM_MIN CB_GCM_VAES_AVX512_MIN
#endif

#define W_NAME(a, b) PASTE_W(a, b)
#define NV 4              /* vectors per main-loop step */
#define NB (LANES * NV)   /* blocks per main-loop step: the widest GHASH fold */
#define EACHV(S) S(0) S(1) S(2) S(3)
_Static_assert(VAES_GCM_MIN == 16 * NB, "the documented minimum is one step");

/* ---- vector helpers ---- */

/* v_loadu loads one unaligned vector. */
VINLINE vec v_loadu(const void *p)
{
    return V_SI(loadu)((const vec *)p);
}

/* v_storeu stores one unaligned vector. */
VINLINE void v_storeu(void *p, vec x)
{
    V_SI(storeu)((vec *)p, x);
}

/* v_xor is bitwise XOR. */
VINLINE vec v_xor(vec a, vec b)
{
    return V_SI(xor)(a, b);
}

/* v_zero is the all-zero vector. */
VINLINE vec v_zero(void)
{
    return V_SI(setzero)();
}

/* v_bswap reverses the bytes of every 128-bit lane. */
VINLINE vec v_bswap(vec x)
{
    const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return V(shuffle_epi8)(x, V_BCAST(&m));
}

/* v_load_part and v_store_part move the first nblk (< LANES) blocks of a vector;
 * the lanes above read as zero and are not written. */
#if VAES_BITS == 512
/* part_mask selects the 64-bit elements of the first nblk blocks. */
VINLINE __mmask8 part_mask(size_t nblk)
{
    return (__mmask8)((1u << (2 * nblk)) - 1);
}

VINLINE vec v_load_part(const void *p, size_t nblk)
{
    return _mm512_maskz_loadu_epi64(part_mask(nblk), p);
}

VINLINE void v_store_part(void *p, vec x, size_t nblk)
{
    _mm512_mask_storeu_epi64(p, part_mask(nblk), x);
}
#else
VINLINE vec v_load_part(const void *p, size_t nblk)
{
    (void)nblk; /* always 1 with two lanes */
    return _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

VINLINE void v_store_part(void *p, vec x, size_t nblk)
{
    (void)nblk;
    _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(x));
}
#endif

/* v_fold_lanes XORs the 128-bit lanes of x together. */
VINLINE __m128i v_fold_lanes(vec x)
{
#if VAES_BITS == 512
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
#else
    __m256i y = x;
#endif
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* ---- AES ---- */

#define VLANE_XOR(j) b[j] = v_xor(b[j], key);
#define VLANE_ENC(j) b[j] = V(aesenc_epi128)(b[j], key);
#define VLANE_ENCLAST(j) b[j] = V(aesenclast_epi128)(b[j], key);
#define VLANE_DEC(j) b[j] = V(aesdec_epi128)(b[j], key);
#define VLANE_DECLAST(j) b[j] = V(aesdeclast_epi128)(b[j], key);

#define EACH1V(S) S(0)

/* enc_vecs runs the cipher on NV vectors side by side. */
AES_DEFINE_LANES(enc_vecs, vec, V_BCAST, EACHV, VLANE_XOR, VLANE_ENC, VLANE_ENCLAST)
/* dec_vecs runs the inverse cipher on NV vectors side by side. */
AES_DEFINE_LANES(dec_vecs, vec, V_BCAST, EACHV, VLANE_XOR, VLANE_DEC, VLANE_DECLAST)
/* enc_vec1 runs the cipher on *b alone. */
AES_DEFINE_LANES(enc_vec1, vec, V_BCAST, EACH1V, VLANE_XOR, VLANE_ENC, VLANE_ENCLAST)
/* dec_vec1 runs the inverse cipher on *b alone. */
AES_DEFINE_LANES(dec_vec1, vec, V_BCAST, EACH1V, VLANE_XOR, VLANE_DEC, VLANE_DECLAST)

/* enc_vec returns x encrypted. */
VINLINE vec enc_vec(const cb_aesni_key *k, vec x)
{
    enc_vec1(k, &x);
    return x;
}

/* dec_vec returns x decrypted. */
VINLINE vec dec_vec(const cb_aesni_key *k, vec x)
{
    dec_vec1(k, &x);
    return x;
}

#define VLANE_LOAD(j) b[j] = v_loadu(in + 16 * LANES * (j));
#define VLANE_STORE(j) v_storeu(out + 16 * LANES * (j), b[j]);
#define VLANE_XOR_IN(j) b[j] = v_xor(b[j], v_loadu(in + 16 * LANES * (j)));

/* ecb runs the cipher (dec selects the inverse) over nblocks blocks. */
VINLINE void ecb(const cb_aesni_key *k, const uint8_t *in, uint8_t *out, size_t nblocks,
                 int dec)
{
    vec b[NV];
    for (; nblocks >= NB; nblocks -= NB, in += 16 * NB, out += 16 * NB) {
        EACHV(VLANE_LOAD)
        if (dec)
            dec_vecs(k, b);
        else
            enc_vecs(k, b);
        EACHV(VLANE_STORE)
    }
    for (; nblocks; in += 16 * LANES, out += 16 * LANES) {
        size_t m = nblocks < LANES ? nblocks : LANES;
        vec x = m < LANES ? v_load_part(in, m) : v_loadu(in);
        x = dec ? dec_vec(k, x) : enc_vec(k, x);
        if (m < LANES)
            v_store_part(out, x, m);
        else
            v_storeu(out, x);
        nblocks -= m;
    }
}

/* aes_vaes_W_ecb_encrypt: ECB encryption, NB blocks in flight. */
static void W_NAME(aes_vaes_, _ecb_encrypt)(const void *ks, const uint8_t *in, uint8_t *out,
                                            size_t nblocks)
{
    ecb(ks, in, out, nblocks, 0);
}

/* aes_vaes_W_ecb_decrypt: ECB decryption, NB blocks in flight. */
static void W_NAME(aes_vaes_, _ecb_decrypt)(const void *ks, const uint8_t *in, uint8_t *out,
                                            size_t nblocks)
{
    ecb(ks, in, out, nblocks, 1);
}

/* prev_blocks returns the vector of ciphertexts preceding those in cur: the last
 * block of prev, then the first LANES-1 blocks of cur. */
VINLINE vec prev_blocks(vec prev, vec cur)
{
#if VAES_BITS == 512
    return _mm512_alignr_epi64(cur, prev, 6);
#else
    return _mm256_permute2x128_si256(prev, cur, 0x21);
#endif
}

#define VLANE_XOR_PREV(j) b[j] = v_xor(b[j], prev_blocks((j) ? c[(j) - 1] : last, c[j]));

/* aes_vaes_W_cbc_decrypt: CBC decryption, NB blocks in flight; the ciphertext each
 * block is XORed with comes from the vectors already loaded, shifted by one lane. */
static void W_NAME(aes_vaes_, _cbc_decrypt)(const void *ks, uint8_t ivp[16], const uint8_t *in,
                                            uint8_t *out, size_t nblocks)
{
    if (!nblocks)
        return;
    const cb_aesni_key *k = ks;
    /* The next IV is the last ciphertext block: read it before in == out destroys it. */
    __m128i next_iv = _mm_loadu_si128((const __m128i *)(in + 16 * (nblocks - 1)));
    /* last: a vector whose top lane is the ciphertext before the next block. */
    vec b[NV], c[NV], last = V_BCAST(ivp);
    for (; nblocks >= NB; nblocks -= NB, in += 16 * NB, out += 16 * NB) {
        EACHV(VLANE_LOAD)
        for (unsigned j = 0; j < NV; j++)
            c[j] = b[j];
        dec_vecs(k, b);
        EACHV(VLANE_XOR_PREV)
        last = c[NV - 1];
        EACHV(VLANE_STORE)
    }
    for (; nblocks; in += 16 * LANES, out += 16 * LANES) {
        size_t m = nblocks < LANES ? nblocks : LANES;
        vec cur = m < LANES ? v_load_part(in, m) : v_loadu(in);
        vec x = v_xor(dec_vec(k, cur), prev_blocks(last, cur));
        if (m < LANES)
            v_store_part(out, x, m);
        else
            v_storeu(out, x);
        last = cur;
        nblocks -= m;
    }
    _mm_storeu_si128((__m128i *)ivp, next_iv);
}

/* ctr_start returns the counter vector for lanes n.. in byte-reversed form, where the
 * big-endian 32-bit counter is the low dword of each lane and a 32-bit add wraps
 * exactly as ctr32 wants. */
VINLINE vec ctr_start(const uint8_t ctr[16])
{
    return V(add_epi32)(v_bswap(V_BCAST(ctr)), V_LANE_INDEX);
}

/* ctr_next returns the counter blocks of *cv in block byte order and steps *cv. */
VINLINE vec ctr_next(vec *cv)
{
    vec blocks = v_bswap(*cv);
    *cv = V(add_epi32)(*cv, V_LANE_STEP);
    return blocks;
}

#define VLANE_CTR(j) b[j] = ctr_next(&cv);

/* aes_vaes_W_ctr32: CTR with a 32-bit counter (kernel.h), NB blocks in flight. */
static void W_NAME(aes_vaes_, _ctr32)(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                                      uint8_t *out, size_t nblocks)
{
    const cb_aesni_key *k = ks;
    if (nblocks == 1) {
        /* One block (a short message, a GCM tag) is latency-bound: the 128-bit
         * instructions are the quickest, and it needs no counter vector. */
        __m128i s = aesni_encrypt1(k, _mm_loadu_si128((const __m128i *)ctr));
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(s, _mm_loadu_si128((const __m128i *)in)));
        return;
    }
    vec b[NV], cv = ctr_start(ctr);
    for (; nblocks >= NB; nblocks -= NB, in += 16 * NB, out += 16 * NB) {
        EACHV(VLANE_CTR)
        enc_vecs(k, b);
        EACHV(VLANE_XOR_IN)
        EACHV(VLANE_STORE)
    }
    for (; nblocks; in += 16 * LANES, out += 16 * LANES) {
        size_t m = nblocks < LANES ? nblocks : LANES;
        vec s = enc_vec(k, ctr_next(&cv));
        if (m < LANES)
            v_store_part(out, v_xor(s, v_load_part(in, m)), m);
        else
            v_storeu(out, v_xor(s, v_loadu(in)));
        nblocks -= m;
    }
}

/* cb_vaes_W_ops: key setup is AES-NI's; no CBC encryption (serial, see aesni-i*). */
const cb_aes_ops W_NAME(cb_vaes_, _ops) = {
    .key_size = sizeof(cb_aesni_key),
    .set_encrypt_key = aes_aesni_set_encrypt_key,
    .set_decrypt_key = aes_aesni_set_decrypt_key,
    .ecb_encrypt = W_NAME(aes_vaes_, _ecb_encrypt),
    .ecb_decrypt = W_NAME(aes_vaes_, _ecb_decrypt),
    .cbc_encrypt = NULL,
    .cbc_decrypt = W_NAME(aes_vaes_, _cbc_decrypt),
    .ctr32 = W_NAME(aes_vaes_, _ctr32),
};

/* ---- GHASH ---- */

/* vgf_table: p[i] = H^(NB-i), pre-multiplied by y (pclmul.h). */
typedef struct vgf_table {
    __m128i p[NB];
} vgf_table;

/* vgf_acc: unreduced schoolbook sums, one per lane. */
typedef struct vgf_acc {
    vec lo, mid, hi;
} vgf_acc;

/* vgf_mul adds x * h lane by lane to a, unreduced. */
VINLINE void vgf_mul(vgf_acc *a, vec x, vec h)
{
    a->lo = v_xor(a->lo, V(clmulepi64_epi128)(x, h, 0x00));
    a->hi = v_xor(a->hi, V(clmulepi64_epi128)(x, h, 0x11));
    a->mid = v_xor(a->mid, v_xor(V(clmulepi64_epi128)(x, h, 0x01),
                                 V(clmulepi64_epi128)(x, h, 0x10)));
}

/* vgf_reduce sums the lanes and reduces once. */
VINLINE __m128i vgf_reduce(vgf_acc a)
{
    __m128i mid = v_fold_lanes(a.mid);
    __m128i lo = _mm_xor_si128(v_fold_lanes(a.lo), _mm_slli_si128(mid, 8));
    __m128i hi = _mm_xor_si128(v_fold_lanes(a.hi), _mm_srli_si128(mid, 8));
    return gf_mont_reduce(lo, hi);
}

/* vgf_fold_step adds blocks j..j+LANES-1 (v, byte-reversed already) of an n-block fold. */
VINLINE void vgf_fold_step(vgf_acc *a, const vgf_table *t, size_t n, size_t j, vec v)
{
    vgf_mul(a, v, v_loadu(&t->p[NB - n + j]));
}

/* vgf_fold folds n (1..NB) blocks at in into x with one reduction. */
VINLINE __m128i vgf_fold(const vgf_table *t, __m128i x, const uint8_t *in, size_t n)
{
    vgf_acc a = {v_zero(), v_zero(), v_zero()};
    vec xv = V_ZEXT(x);
    size_t j = 0;
    for (; j + LANES <= n; j += LANES) {
        vgf_fold_step(&a, t, n, j, v_xor(v_bswap(v_loadu(in + 16 * j)), xv));
        xv = v_zero();
    }
    if (j < n) {
        vec v = v_xor(v_bswap(v_load_part(in + 16 * j, n - j)), xv);
        vgf_mul(&a, v, v_load_part(&t->p[NB - n + j], n - j));
    }
    return vgf_reduce(a);
}

/* ghash_vpclmul_W_init computes H^NB..H^1. */
static void W_NAME(ghash_vpclmul_, _init)(void *table, const uint8_t h[16])
{
    vgf_table *t = table;
    __m128i h1 = gf_times_y(gf_load(h)), p = h1;
    for (size_t i = 1; i <= NB; i++) {
        t->p[NB - i] = p;
        p = gf_mul(p, h1);
    }
}

/* ghash_vpclmul_W_blocks folds nblocks blocks into xi, NB per reduction. */
static void W_NAME(ghash_vpclmul_, _blocks)(const void *table, uint8_t xi[16],
                                            const uint8_t *in, size_t nblocks)
{
    const vgf_table *t = table;
    __m128i x = gf_load(xi);
    for (; nblocks >= NB; nblocks -= NB, in += 16 * NB)
        x = vgf_fold(t, x, in, NB);
    if (nblocks)
        x = vgf_fold(t, x, in, nblocks);
    gf_store(xi, x);
}

/* cb_ghash_vpclmul_W_ops: the vpclmul-avx2 / vpclmul-avx512 GHASH variant. */
const cb_ghash_ops W_NAME(cb_ghash_vpclmul_, _ops) = {
    .table_size = sizeof(vgf_table),
    .init = W_NAME(ghash_vpclmul_, _init),
    .blocks = W_NAME(ghash_vpclmul_, _blocks),
};

/* ---- GCM ---- */

/* enc_round applies one middle round with key to the NV vectors. */
VINLINE void enc_round(vec b[NV], vec key)
{
    EACHV(VLANE_ENC)
}

#define VLANE_HASH(j)                                                                     \
    enc_round(b, V_BCAST(k->rk[(j) + 1]));                                                \
    vgf_fold_step(&a, t, NB, LANES * (j),                                                 \
                  v_xor(v_bswap(v_loadu(hin + 16 * LANES * (j))), (j) ? v_zero() : xv));

/*
 * enc_and_hash encrypts the NV counter vectors in b and returns x with the NB
 * ciphertext blocks at hin folded in; rounds 1..NV each carry one vector's GHASH
 * multiplications (every key size has more middle rounds than that).
 */
VINLINE __m128i enc_and_hash(const cb_aesni_key *k, vec b[NV], const vgf_table *t,
                             __m128i x, const uint8_t *hin)
{
    vgf_acc a = {v_zero(), v_zero(), v_zero()};
    vec xv = V_ZEXT(x), key = V_BCAST(k->rk[0]);
    EACHV(VLANE_XOR)
    EACHV(VLANE_HASH)
    for (unsigned r = NV + 1; r < k->rounds; r++) {
        key = V_BCAST(k->rk[r]);
        EACHV(VLANE_ENC)
    }
    key = V_BCAST(k->rk[k->rounds]);
    EACHV(VLANE_ENCLAST)
    return vgf_reduce(a);
}

/* stitched does whole steps of a GCM message (see the top of the file). */
VINLINE size_t stitched(const void *ks, const void *htable, uint8_t ctr[16], uint8_t xi[16],
                        const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    size_t steps = len / (16 * NB);
    if (len < VAES_GCM_MIN)
        return 0;
    const cb_aesni_key *k = ks;
    const vgf_table *t = htable;
    vec b[NV], cv = ctr_start(ctr);
    __m128i x = gf_load(xi);
    for (size_t s = 0; s < steps; s++, in += 16 * NB, out += 16 * NB) {
        EACHV(VLANE_CTR)
        if (decrypt)
            x = enc_and_hash(k, b, t, x, in);
        else if (s == 0)
            enc_vecs(k, b); /* no ciphertext before it to hash yet */
        else
            x = enc_and_hash(k, b, t, x, out - 16 * NB);
        EACHV(VLANE_XOR_IN)
        EACHV(VLANE_STORE)
    }
    if (!decrypt)
        x = vgf_fold(t, x, out - 16 * NB, NB);
    aesni_ctr_store(ctr, aesni_ctr_start(ctr) + (uint32_t)(steps * NB));
    gf_store(xi, x);
    return steps * 16 * NB;
}

/* gcm_vaes_W_encrypt: cb_gcm_ops.encrypt of vaes-avx2 / vaes-avx512. */
static size_t W_NAME(gcm_vaes_, _encrypt)(const void *ks, const void *htable, uint8_t ctr[16],
                                          uint8_t xi[16], const uint8_t *in, uint8_t *out,
                                          size_t len)
{
    return stitched(ks, htable, ctr, xi, in, out, len, 0);
}

/* gcm_vaes_W_decrypt: cb_gcm_ops.decrypt of vaes-avx2 / vaes-avx512. */
static size_t W_NAME(gcm_vaes_, _decrypt)(const void *ks, const void *htable, uint8_t ctr[16],
                                          uint8_t xi[16], const uint8_t *in, uint8_t *out,
                                          size_t len)
{
    return stitched(ks, htable, ctr, xi, in, out, len, 1);
}

/* cb_gcm_vaes_W_ops: this width's CTR and GHASH, and the stitched loop. */
const cb_gcm_ops W_NAME(cb_gcm_vaes_, _ops) = {
    .aes = &W_NAME(cb_vaes_, _ops),
    .ghash = &W_NAME(cb_ghash_vpclmul_, _ops),
    .encrypt = W_NAME(gcm_vaes_, _encrypt),
    .decrypt = W_NAME(gcm_vaes_, _decrypt),
};
