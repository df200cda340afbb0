/*
 * kernels/generic/bf.c - Blowfish (B. Schneier, "Description of a New Variable-Length
 * Key, 64-Bit Block Cipher (Blowfish)", Fast Software Encryption 1993) in portable C.
 *
 * The initial P-array and S-boxes are the fractional part of pi in hexadecimal, P1
 * first and S4[255] last (1042 words).  Instead of typing 4168 bytes of table, the
 * first use computes pi to that many bits with Machin's formula, pi = 16 atan(1/5) -
 * 4 atan(1/239), in fixed point; tests/test_bf.c checks the first and last words of
 * each table against the paper.  The cipher itself is the usual table-driven form:
 * F(x) = ((S1[a] + S2[b]) ^ S3[c]) + S4[d], sixteen rounds unrolled, the halves in
 * locals.  Bytes are read big-endian by hand (the paper's test vectors are big-endian),
 * so the code does not depend on the host's byte order.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernels/generic/block64.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

#define BF_PI_WORDS (18 + 4 * 256)

/* bf_ks: the keyed P-array (reversed for decryption) and S-boxes. */
typedef struct bf_ks {
    uint32_t s[4][256];
    uint32_t p[18];
    int decrypt;
} bf_ks;

static uint32_t bf_pi[BF_PI_WORDS]; /* P1..P18, S1[0]..S4[255]: pi's hex digits */
static pthread_once_t bf_pi_once = PTHREAD_ONCE_INIT;

/*
 * pi_atan adds sign * coef * atan(1/x) = coef * sum (-1)^k / ((2k+1) x^(2k+1)) to acc, a
 * fixed-point number of n 32-bit words (acc[0] the integer part) whose words may go
 * negative or past 32 bits: the caller propagates the carries once at the end.  p is
 * the power coef / x^(2k+1), divided by x^2 for each term; words above its first
 * non-zero one are skipped.  Every division truncates, so acc falls short by at most
 * two units of the last word per term, which the caller's guard words absorb.
 */
static void pi_atan(int64_t *acc, uint32_t *p, size_t n, uint32_t coef, uint32_t x,
                    int sign)
{
    uint64_t x2 = (uint64_t)x * x, rem = 0;
    memset(p, 0, n * sizeof *p);
    p[0] = coef;
    for (size_t i = 0; i < n; i++) { /* p = coef / x */
        uint64_t cur = rem << 32 | p[i];
        p[i] = (uint32_t)(cur / x);
        rem = cur % x;
    }
    size_t lo = 0;
    for (uint64_t k = 0;; k++) {
        while (lo < n && p[lo] == 0)
            lo++;
        if (lo == n)
            return;
        uint64_t d = 2 * k + 1, rt = 0, rp = 0;
        for (size_t i = lo; i < n; i++) {
            uint64_t t = rt << 32 | p[i];
            int64_t q = (int64_t)(t / d);
            rt = t % d;
            acc[i] += (k & 1 ? -sign : sign) * q;
            uint64_t u = rp << 32 | p[i];
            p[i] = (uint32_t)(u / x2);
            rp = u % x2;
        }
    }
}

/* bf_pi_compute fills bf_pi with the first 1042 words of pi's fractional part. */
static void bf_pi_compute(void)
{
    enum { N = 1 + BF_PI_WORDS + 2 }; /* integer word, the table, two guard words */
    static int64_t acc[N];
    static uint32_t p[N];
    memset(acc, 0, sizeof acc);
    pi_atan(acc, p, N, 16, 5, 1);
    pi_atan(acc, p, N, 4, 239, -1);
    int64_t carry = 0;
    for (size_t i = N; i-- > 0;) {
        int64_t v = acc[i] + carry;
        carry = v >> 32; /* arithmetic shift: a floor division by 2^32 */
        acc[i] = v & 0xffffffff;
    }
    for (size_t i = 0; i < BF_PI_WORDS; i++)
        bf_pi[i] = (uint32_t)acc[1 + i];
}

/* cb_bf_pi_words returns the Blowfish initial tables: P1..P18, S1..S4. */
const uint32_t *cb_bf_pi_words(void)
{
    pthread_once(&bf_pi_once, bf_pi_compute);
    return bf_pi;
}

#define BF_F(s, x)                                                                        \
    (((s[0][(x) >> 24] + s[1][((x) >> 16) & 0xff]) ^ s[2][((x) >> 8) & 0xff]) +          \
     s[3][(x) & 0xff])

/* BF_ROUND: one Feistel round, the P word XORed into the half F was not taken of. */
#define BF_ROUND(a, b, i) a ^= BF_F(s, b) ^ p[i]

/* bf_crypt runs the sixteen rounds on (l, r) with P-array p (reversed: decryption). */
static inline void bf_crypt(const uint32_t s[4][256], const uint32_t p[18], uint32_t *lp,
                            uint32_t *rp)
{
    uint32_t l = *lp ^ p[0], r = *rp;
    BF_ROUND(r, l, 1);
    BF_ROUND(l, r, 2);
    BF_ROUND(r, l, 3);
    BF_ROUND(l, r, 4);
    BF_ROUND(r, l, 5);
    BF_ROUND(l, r, 6);
    BF_ROUND(r, l, 7);
    BF_ROUND(l, r, 8);
    BF_ROUND(r, l, 9);
    BF_ROUND(l, r, 10);
    BF_ROUND(r, l, 11);
    BF_ROUND(l, r, 12);
    BF_ROUND(r, l, 13);
    BF_ROUND(l, r, 14);
    BF_ROUND(r, l, 15);
    BF_ROUND(l, r, 16);
    *lp = r ^ p[17];
    *rp = l;
}

/*
 * bf_generic_set_key: the paper's key schedule.  P1..P18 are XORed with the key taken
 * as big-endian words cyclically; then the all-zero block is encrypted over and over,
 * each result replacing the next two words of P and then of S1..S4 (521 encryptions).
 * Decryption runs the same rounds with P reversed.
 */
static int bf_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    bf_ks *ks = vks;
    if (keylen < 1 || keylen > 56)
        return -1;
    const uint32_t *pi = cb_bf_pi_words();
    uint32_t p[18];
    size_t j = 0;
    for (int i = 0; i < 18; i++) {
        uint32_t w = 0;
        for (int b = 0; b < 4; b++, j = j + 1 == keylen ? 0 : j + 1)
            w = w << 8 | key[j];
        p[i] = pi[i] ^ w;
    }
    memcpy(ks->s, pi + 18, sizeof ks->s);
    uint32_t l = 0, r = 0;
    for (int i = 0; i < 18; i += 2) {
        bf_crypt((const uint32_t(*)[256])ks->s, p, &l, &r);
        p[i] = l;
        p[i + 1] = r;
    }
    for (int box = 0; box < 4; box++)
        for (int i = 0; i < 256; i += 2) {
            bf_crypt((const uint32_t(*)[256])ks->s, p, &l, &r);
            ks->s[box][i] = l;
            ks->s[box][i + 1] = r;
        }
    for (int i = 0; i < 18; i++)
        ks->p[i] = decrypt ? p[17 - i] : p[i];
    ks->decrypt = decrypt != 0;
    cb_wipe(p, sizeof p);
    return 0;
}

/* bf_block runs bf_crypt under the schedule's P-array (reversed: decryption). */
static inline void bf_block(const bf_ks *ks, uint32_t *l, uint32_t *r)
{
    bf_crypt(ks->s, ks->p, l, r);
}

CB_BLOCK64_MODES(bf_generic, bf_ks, bf_block, bf_block, cb_load_be32, cb_store_be32)

const cb_block_ops cb_bf_generic_ops = {
    .key_size = sizeof(bf_ks),
    .set_key = bf_generic_set_key,
    .ecb = bf_generic_ecb,
    .cbc = bf_generic_cbc,
};
