/*
 * kernels/x86_64/gcm_aesni.c - AES-GCM from AES-NI and PCLMULQDQ: the plain pairings
 * of each AES-NI variant with pclmul GHASH (the portable GCM layer drives ctr32 and
 * GHASH one after the other), and the stitched loop of variant aesni-gcm-stitched.
 *
 * Stitching: AES-CTR keeps the AES unit busy and GHASH the carry-less multiplier;
 * the two are independent within a chunk of 8 blocks, so one loop issues the round
 * instructions of 8 counter blocks and, between them, the 8 multiplications of an
 * 8-block aggregated GHASH.  Encryption hashes ciphertext it produced one chunk
 * earlier (a software pipeline: the first chunk is only encrypted, the last only
 * hashed); decryption hashes the chunk it is decrypting.  Only whole 128-byte chunks
 * are done here, and nothing below CB_GCM_STITCH_MIN bytes; the portable layer
 * finishes the rest with ctr32 and GHASH.
 */
#pragma GCC target("aes,pclmul,sse4.1")

#include "kernels/x86_64/aesni_inline.h"
#include "kernels/x86_64/pclmul.h"

#define CHUNK 8 /* blocks per stitched step: the pclmul table's widest fold */
#define EACH AESNI_EACH8

/*
 * encrypt_and_hash encrypts the CHUNK counter blocks in b and returns x with the
 * CHUNK ciphertext blocks at hin folded in: rounds 1..8 each carry one block's GHASH
 * multiplication, every AES key size having at least 9 middle rounds.
 */
static inline __attribute__((always_inline)) __m128i
encrypt_and_hash(const cb_aesni_key *k, __m128i b[CHUNK], const gf_table *t, __m128i x,
                 const uint8_t *hin)
{
    gf_acc a = gf_acc_zero();
    __m128i key = aesni_rk(k, 0);
    EACH(LANE_XOR)
    for (unsigned r = 1; r <= CHUNK; r++) {
        key = aesni_rk(k, r);
        EACH(LANE_ENC)
        __m128i m = _mm_xor_si128(gf_load(hin + 16 * (r - 1)), x);
        x = _mm_setzero_si128(); /* only the first block carries the running hash */
        gf_acc_mul(&a, m, t->h[CHUNK - r], t->k[CHUNK - r]);
    }
    for (unsigned r = CHUNK + 1; r < k->rounds; r++) {
        key = aesni_rk(k, r);
        EACH(LANE_ENC)
    }
    key = aesni_rk(k, k->rounds);
    EACH(LANE_ENCLAST)
    return gf_reduce(a);
}

/* encrypt_chunk encrypts the CHUNK counter blocks in b. */
AESNI_DEFINE_LANES(encrypt_chunk, EACH, LANE_ENC, LANE_ENCLAST)

/* stitched does whole chunks of a GCM message (see the top of the file). */
static inline __attribute__((always_inline)) size_t
stitched(const void *ks, const void *htable, uint8_t ctr[16], uint8_t xi[16],
         const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    if (len < CB_GCM_STITCH_MIN)
        return 0;
    const cb_aesni_key *k = ks;
    const gf_table *t = htable;
    size_t chunks = len / (16 * CHUNK);
    __m128i b[CHUNK], base = aesni_loadu(ctr), x = gf_load(xi);
    uint32_t n = aesni_ctr_start(ctr);
    for (size_t c = 0; c < chunks; c++, n += CHUNK, in += 16 * CHUNK, out += 16 * CHUNK) {
        EACH(LANE_CTR)
        if (decrypt)
            x = encrypt_and_hash(k, b, t, x, in);
        else if (c == 0)
            encrypt_chunk(k, b); /* no ciphertext before it to hash yet */
        else
            x = encrypt_and_hash(k, b, t, x, out - 16 * CHUNK);
        EACH(LANE_XOR_IN)
        EACH(LANE_STORE)
    }
    if (!decrypt)
        x = gf_fold(t, x, out - 16 * CHUNK, CHUNK);
    aesni_ctr_store(ctr, n);
    gf_store(xi, x);
    return chunks * 16 * CHUNK;
}

/* gcm_aesni_stitched_encrypt: cb_gcm_ops.encrypt of aesni-gcm-stitched. */
static size_t gcm_aesni_stitched_encrypt(const void *ks, const void *htable, uint8_t ctr[16],
                                         uint8_t xi[16], const uint8_t *in, uint8_t *out,
                                         size_t len)
{
    return stitched(ks, htable, ctr, xi, in, out, len, 0);
}

/* gcm_aesni_stitched_decrypt: cb_gcm_ops.decrypt of aesni-gcm-stitched. */
static size_t gcm_aesni_stitched_decrypt(const void *ks, const void *htable, uint8_t ctr[16],
                                         uint8_t xi[16], const uint8_t *in, uint8_t *out,
                                         size_t len)
{
    return stitched(ks, htable, ctr, xi, in, out, len, 1);
}

/* cb_gcm_aesni_iN_ops pair each AES-NI build (AESNI_BUILDS) with pclmul GHASH (not
 * stitched); cb_gcm_aesni_stitched_ops adds the stitched loop over aesni-i8 and pclmul. */
#define GCM_AESNI_OPS(i, prio, summary)                                                  \
    const cb_gcm_ops cb_gcm_aesni_i##i##_ops = {&cb_aesni_i##i##_ops, &cb_ghash_pclmul_ops, \
                                                NULL, NULL};
AESNI_BUILDS(GCM_AESNI_OPS)
#undef GCM_AESNI_OPS
const cb_gcm_ops cb_gcm_aesni_stitched_ops = {&cb_aesni_i8_ops, &cb_ghash_pclmul_ops,
                                              gcm_aesni_stitched_encrypt,
                                              gcm_aesni_stitched_decrypt};
