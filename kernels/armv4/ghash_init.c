/*
 * kernels/armv4/ghash_init.c - the per-key tables of the armv4 GHASH kernels
 * (ghash_armv4.S), built in portable C: once per key, so speed does not matter and
 * the layouts are easier to check here than in assembly.
 *
 * Both work on field elements as 128-bit integers with block byte 0 most significant
 * (SP 800-38D 6.3: the bit of x^i is bit 127 - i), kept as two 64-bit halves.
 */
#include "kernels/armv4/armv4.h"

/* gf128: hi holds block bytes 0..7. */
typedef struct gf128 {
    uint64_t hi, lo;
} gf128;

/* load_h reads H from its 16 bytes. */
static gf128 load_h(const uint8_t h[16])
{
    gf128 v = {0, 0};
    for (int i = 0; i < 8; i++) {
        v.hi = v.hi << 8 | h[i];
        v.lo = v.lo << 8 | h[8 + i];
    }
    return v;
}

/* times_x multiplies by x: a right shift, R = 0xe1 || 0^120 folded in when x^127
 * falls off (SP 800-38D 6.3, algorithm 1). */
static gf128 times_x(gf128 v)
{
    uint64_t carry = v.lo & 1;
    gf128 r = {v.hi >> 1, v.lo >> 1 | v.hi << 63};
    r.hi ^= (0 - carry) & UINT64_C(0xe100000000000000);
    return r;
}

/* ghash_armv4_init: m[n] = n * H by doubling and sums, stored as four words each,
 * least significant first, as ghash_armv4.S reads them. */
void ghash_armv4_init(void *table, const uint8_t h[16])
{
    gf128 m[16];
    m[0] = (gf128){0, 0};
    m[8] = load_h(h);
    m[4] = times_x(m[8]);
    m[2] = times_x(m[4]);
    m[1] = times_x(m[2]);
    for (unsigned bit = 2; bit < 16; bit <<= 1)
        for (unsigned low = 1; low < bit; low++)
            m[bit + low] = (gf128){m[bit].hi ^ m[low].hi, m[bit].lo ^ m[low].lo};
    uint32_t(*w)[4] = table;
    for (unsigned n = 0; n < 16; n++) {
        w[n][0] = (uint32_t)m[n].lo;
        w[n][1] = (uint32_t)(m[n].lo >> 32);
        w[n][2] = (uint32_t)m[n].hi;
        w[n][3] = (uint32_t)(m[n].hi >> 32);
    }
}

/* rotr_bytes is vext.8 d, x, x, #k: x rotated right by k bytes. */
static uint64_t rotr_bytes(uint64_t x, unsigned k)
{
    return k ? x >> 8 * k | x << (64 - 8 * k) : x;
}

/* ghash_armv4_neon_init: H * x^-1 (the NEON product of reflected operands comes out
 * multiplied by x), its halves and their sum, and each rotated by 1..4 bytes. */
void ghash_armv4_neon_init(void *table, const uint8_t h[16])
{
    /* H * x^-1: a left shift (towards x^0's neighbour x^-1), the x^0 bit that falls
     * off coming back as x^-1 = x^127 + x^6 + x + 1, i.e. bits 127, 126, 121 and 0. */
    gf128 v = load_h(h);
    uint64_t carry = v.hi >> 63;
    v.hi = v.hi << 1 | v.lo >> 63;
    v.lo <<= 1;
    v.hi ^= (0 - carry) & UINT64_C(0xc200000000000000);
    v.lo ^= carry;
    uint64_t *t = table, part[3] = {v.lo, v.hi, v.lo ^ v.hi};
    for (unsigned i = 0; i < 3; i++) {
        t[i] = part[i];
        for (unsigned k = 1; k <= 4; k++)
            t[3 + 4 * i + k - 1] = rotr_bytes(part[i], k);
    }
}
