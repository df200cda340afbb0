/*
 * kernels/generic/gf2m_reduce.c - reduction modulo the field polynomial of a binary
 * curve (FIPS 186-4 D.1.3), for every cb_gf2m_ops variant.
 *
 * x^m = x^k[0] + ... + 1 modulo f, so a word t of the product at bit 64 i stands for
 * t x^(64 i - m) (x^k[0] + ... + 1): it is XORed back in at bits 64 i - m + k for
 * each term.  Words are folded from the top down, so a word that receives bits is
 * folded after it received them; for every curve k[0] + 63 < m, so a fold never
 * lands on its own word.  Last, the bits of word words-1 at and above m fold once.
 */
#include "kernels/generic/gf2m.h"

/* fold_at XORs t into c at bit position p (p + 63 within c). */
static void fold_at(uint64_t *c, uint64_t t, unsigned p)
{
    unsigned w = p / 64, s = p % 64;
    c[w] ^= t << s;
    if (s)
        c[w + 1] ^= t >> (64 - s);
}

/* fold adds t x^p f'(x), f' = f - x^m: t at p and at p + each k. */
static void fold(const cb_gf2m_field *f, uint64_t *c, uint64_t t, unsigned p)
{
    fold_at(c, t, p);
    for (unsigned j = 0; j < f->nk; j++)
        fold_at(c, t, p + f->k[j]);
}

void cb_gf2m_reduce(const cb_gf2m_field *f, uint64_t *r, uint64_t *c)
{
    unsigned n = f->words, top = f->m - 64 * (n - 1); /* bits of m in word n-1 */
    for (unsigned i = 2 * n - 1; i >= n; i--) {
        uint64_t t = c[i];
        c[i] = 0;
        fold(f, c, t, 64 * i - f->m);
    }
    uint64_t t = c[n - 1] >> top;
    c[n - 1] &= ((uint64_t)1 << top) - 1;
    fold(f, c, t, 0);
    for (unsigned i = 0; i < n; i++)
        r[i] = c[i];
}
