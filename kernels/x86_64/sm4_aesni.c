/*
 * kernels/x86_64/sm4_aesni.c - SM4 (GB/T 32907-2016) four blocks at a time in SSE
 * registers, the S-box through AES-NI's AESENCLAST (variant aesni).
 *
 * The SM4 and AES S-boxes are both affine maps around inversion in GF(2^8), over two
 * representations of the field (modulo x^8+x^7+x^6+x^5+x^4+x^2+1 and modulo
 * x^8+x^4+x^3+x+1).  A field isomorphism is linear, so
 *     S_sm4(x) = OUT(S_aes(IN(x)))
 * for two affine maps IN and OUT of GF(2)^8, and an affine map of a byte is the XOR
 * of two 16-entry lookups, one per nibble: one PSHUFB each, on 16 bytes at once.
 * AESENCLAST with a zero round key is ShiftRows(SubBytes(x)); shuffling its input
 * by the inverse ShiftRows first leaves SubBytes alone.  The nibble tables are
 * scripts/gen-sm4-aesni.py's, which derives them from the two S-boxes' definitions
 * and checks all 256 inputs; tests/test_x86_64.c checks this kernel against the
 * generic one.
 *
 * The four blocks are transposed so that register j holds word j of each: a round is
 * X0 ^= L(tau(X1 ^ X2 ^ X3 ^ rk)) on four lanes.  L's rotations by 8, 16 and 24 are
 * byte shuffles: L(b) = b ^ (b <<< 24) ^ ((b ^ (b <<< 8) ^ (b <<< 16)) <<< 2).
 * Nothing indexes memory by data and nothing branches on it, so unlike the generic
 * T-table kernel this one is constant time, its key schedule included (the same
 * S-box on one lane).  CBC encryption is serial, one block in four lanes, a quarter
 * of the work per pass: the row is `wide`, not offered for it (auto keeps generic).
 */
#pragma GCC target("aes,ssse3")

#include <immintrin.h>
#include <string.h>

#include "base/common.h"
#include "kernels/x86_64/x86_64.h"

/* IN and OUT by nibble (scripts/gen-sm4-aesni.py): IN(x) = in_lo[x & 15] ^
 * in_hi[x >> 4], OUT likewise; the constants of both maps are in the _lo tables. */
static const uint8_t in_lo[16] = {0x3e, 0xb2, 0x0e, 0x82, 0xbb, 0x37, 0x8b, 0x07,
                                  0xa1, 0x2d, 0x91, 0x1d, 0x24, 0xa8, 0x14, 0x98};
static const uint8_t in_hi[16] = {0x00, 0xdc, 0x2e, 0xf2, 0xc5, 0x19, 0xeb, 0x37,
                                  0x08, 0xd4, 0x26, 0xfa, 0xcd, 0x11, 0xe3, 0x3f};
static const uint8_t out_lo[16] = {0x6c, 0xd4, 0xa6, 0x1e, 0x52, 0xea, 0x98, 0x20,
                                   0x0b, 0xb3, 0xc1, 0x79, 0x35, 0x8d, 0xff, 0x47};
static const uint8_t out_hi[16] = {0x00, 0xe0, 0x50, 0xb0, 0x9d, 0x7d, 0xcd, 0x2d,
                                   0xc0, 0x20, 0x90, 0x70, 0x5d, 0xbd, 0x0d, 0xed};

/* sm4_aesni_ks: the 32 round keys in the order the direction runs them. */
typedef struct sm4_aesni_ks {
    uint32_t rk[32];
    int decrypt;
} sm4_aesni_ks;

typedef struct consts {
    __m128i in_lo, in_hi, out_lo, out_hi, nibble, inv_sr, rol8, rol16, rol24, bswap;
} consts;

static inline consts load_consts(void)
{
    consts c;
    c.in_lo = _mm_loadu_si128((const __m128i *)in_lo);
    c.in_hi = _mm_loadu_si128((const __m128i *)in_hi);
    c.out_lo = _mm_loadu_si128((const __m128i *)out_lo);
    c.out_hi = _mm_loadu_si128((const __m128i *)out_hi);
    c.nibble = _mm_set1_epi8(0x0f);
    /* byte i of the result is byte inv_sr[i] of the input: InvShiftRows (FIPS 197
     * 5.3.1) on the column-major state */
    c.inv_sr = _mm_setr_epi8(0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3);
    /* rotations of each 32-bit lane left by 8, 16, 24 bits (little-endian lanes) */
    c.rol8 = _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    c.rol16 = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    c.rol24 = _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    /* big-endian words (section 5) to lanes */
    c.bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    return c;
}

/* affine applies the map whose nibble tables are lo, hi to each byte of x. */
static inline __m128i affine(const consts *c, __m128i x, __m128i lo, __m128i hi)
{
    __m128i l = _mm_and_si128(x, c->nibble);
    __m128i h = _mm_and_si128(_mm_srli_epi16(x, 4), c->nibble);
    return _mm_xor_si128(_mm_shuffle_epi8(lo, l), _mm_shuffle_epi8(hi, h));
}

/* tau: the SM4 S-box on each of the 16 bytes (section 6.2). */
static inline __m128i tau(const consts *c, __m128i x)
{
    __m128i y = _mm_shuffle_epi8(affine(c, x, c->in_lo, c->in_hi), c->inv_sr);
    y = _mm_aesenclast_si128(y, _mm_setzero_si128());
    return affine(c, y, c->out_lo, c->out_hi);
}

static inline __m128i rol32(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - n));
}

/* lin: L of section 6.2 on each 32-bit lane. */
static inline __m128i lin(const consts *c, __m128i b)
{
    __m128i t = _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, c->rol8)),
                              _mm_shuffle_epi8(b, c->rol16));
    return _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, c->rol24)), rol32(t, 2));
}

/* transpose turns four rows of four 32-bit words into four columns. */
static inline void transpose(__m128i *a, __m128i *b, __m128i *c, __m128i *d)
{
    __m128i t0 = _mm_unpacklo_epi32(*a, *b), t1 = _mm_unpacklo_epi32(*c, *d);
    __m128i t2 = _mm_unpackhi_epi32(*a, *b), t3 = _mm_unpackhi_epi32(*c, *d);
    *a = _mm_unpacklo_epi64(t0, t1);
    *b = _mm_unpackhi_epi64(t0, t1);
    *c = _mm_unpacklo_epi64(t2, t3);
    *d = _mm_unpackhi_epi64(t2, t3);
}

/* ROUND: X0 ^= T(X1 ^ X2 ^ X3 ^ rk), the words renamed by the caller. */
#define ROUND(x0, x1, x2, x3, k)                                                         \
    x0 = _mm_xor_si128(x0, lin(c, tau(c, _mm_xor_si128(_mm_xor_si128(x1, x2),           \
                                                         _mm_xor_si128(x3, _mm_set1_epi32( \
                                                                               (int)(k)))))))

/* crypt4 runs the 32 rounds over blocks b[0..3] (as loaded, big-endian words). */
static inline void crypt4(const consts *c, const sm4_aesni_ks *ks, __m128i b[4])
{
    __m128i x0 = _mm_shuffle_epi8(b[0], c->bswap), x1 = _mm_shuffle_epi8(b[1], c->bswap);
    __m128i x2 = _mm_shuffle_epi8(b[2], c->bswap), x3 = _mm_shuffle_epi8(b[3], c->bswap);
    transpose(&x0, &x1, &x2, &x3);
    for (int i = 0; i < 32; i += 4) {
        ROUND(x0, x1, x2, x3, ks->rk[i]);
        ROUND(x1, x2, x3, x0, ks->rk[i + 1]);
        ROUND(x2, x3, x0, x1, ks->rk[i + 2]);
        ROUND(x3, x0, x1, x2, ks->rk[i + 3]);
    }
    /* the output is the reverse (X35, X34, X33, X32) (section 6.1) */
    transpose(&x3, &x2, &x1, &x0);
    b[0] = _mm_shuffle_epi8(x3, c->bswap);
    b[1] = _mm_shuffle_epi8(x2, c->bswap);
    b[2] = _mm_shuffle_epi8(x1, c->bswap);
    b[3] = _mm_shuffle_epi8(x0, c->bswap);
}

/* sm4_aesni_set_key: section 7.3, T' = L'(tau(.)) with tau on one lane. */
static int sm4_aesni_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    static const uint32_t fk[4] = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};
    if (keylen != 16)
        return -1;
    sm4_aesni_ks *ks = vks;
    consts c = load_consts();
    uint32_t k[4];
    for (int i = 0; i < 4; i++)
        k[i] = (uint32_t)key[4 * i] << 24 | (uint32_t)key[4 * i + 1] << 16 |
               (uint32_t)key[4 * i + 2] << 8 | key[4 * i + 3];
    for (int i = 0; i < 4; i++)
        k[i] ^= fk[i];
    ks->decrypt = decrypt != 0;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t ck = 0;
        for (unsigned j = 0; j < 4; j++)
            ck = ck << 8 | (((4 * i + j) * 7) & 0xff);
        uint32_t a = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ ck;
        uint32_t b = (uint32_t)_mm_cvtsi128_si32(tau(&c, _mm_cvtsi32_si128((int)a)));
        k[i & 3] ^= b ^ (b << 13 | b >> 19) ^ (b << 23 | b >> 9);
        ks->rk[decrypt ? 31 - i : i] = k[i & 3];
    }
    cb_wipe(k, sizeof k);
    return 0;
}

/* load_n and store_n move n (1..4) blocks between memory and b, the rest zero. */
static inline void load_n(__m128i b[4], const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 4; i++)
        b[i] = i < n ? _mm_loadu_si128((const __m128i *)(in + 16 * i)) : _mm_setzero_si128();
}

static inline void store_n(uint8_t *out, const __m128i b[4], size_t n)
{
    for (size_t i = 0; i < n; i++)
        _mm_storeu_si128((__m128i *)(out + 16 * i), b[i]);
}

static void sm4_aesni_ecb(const void *vks, const uint8_t *in, uint8_t *out, size_t n)
{
    const consts c = load_consts();
    while (n) {
        size_t m = n < 4 ? n : 4;
        __m128i b[4];
        load_n(b, in, m);
        crypt4(&c, vks, b);
        store_n(out, b, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* CBC (SP 800-38A 6.2): decryption four blocks at a time, each XORed with the
 * ciphertext before it (read before anything is written, so in == out works);
 * encryption one block at a time (not offered by the registry, kept for the tests
 * that drive the ops directly). */
static void sm4_aesni_cbc(const void *vks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                          size_t n)
{
    const sm4_aesni_ks *ks = vks;
    const consts c = load_consts();
    __m128i chain = _mm_loadu_si128((const __m128i *)iv);
    while (n) {
        size_t m = ks->decrypt ? (n < 4 ? n : 4) : 1;
        __m128i b[4], prev[4];
        load_n(b, in, m);
        if (ks->decrypt) {
            for (size_t i = 0; i < 4; i++)
                prev[i] = b[i];
        } else {
            b[0] = _mm_xor_si128(b[0], chain);
        }
        crypt4(&c, ks, b);
        if (ks->decrypt) {
            b[0] = _mm_xor_si128(b[0], chain);
            for (size_t i = 1; i < m; i++)
                b[i] = _mm_xor_si128(b[i], prev[i - 1]);
            chain = prev[m - 1];
        } else {
            chain = b[0];
        }
        store_n(out, b, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    _mm_storeu_si128((__m128i *)iv, chain);
}

/* cb_sm4_aesni_ops: SM4 with the S-box through AESENCLAST, four blocks a pass. */
const cb_block_ops cb_sm4_aesni_ops = {
    .key_size = sizeof(sm4_aesni_ks),
    .set_key = sm4_aesni_set_key,
    .ecb = sm4_aesni_ecb,
    .cbc = sm4_aesni_cbc,
    .wide = 1,
};
