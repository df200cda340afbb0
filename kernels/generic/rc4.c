/*
 * kernels/generic/rc4.c - RC4 (the stream cipher whose test vectors RFC 6229 gives) in
 * portable C, 1- to 256-byte keys.
 *
 * The state is the permutation S of 0..255 and the indices i, j.  S is kept as 32-bit
 * words, so a lookup needs no zero extension; i and j live in locals while a call
 * runs.  Encryption and decryption are the same XOR with the keystream.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/generic.h"

/* rc4_state: where the stream stands. */
typedef struct rc4_state {
    uint32_t s[256];
    uint32_t i, j;
} rc4_state;

/* rc4_generic_set_key: the key-scheduling algorithm, S the identity then 256 swaps
 * driven by the key repeated. */
static int rc4_generic_set_key(void *vst, const uint8_t *key, size_t keylen)
{
    rc4_state *st = vst;
    if (keylen < 1 || keylen > 256)
        return -1;
    for (uint32_t n = 0; n < 256; n++)
        st->s[n] = n;
    uint32_t j = 0;
    for (size_t n = 0, k = 0; n < 256; n++, k = k + 1 == keylen ? 0 : k + 1) {
        uint32_t t = st->s[n];
        j = (j + t + key[k]) & 0xff;
        st->s[n] = st->s[j];
        st->s[j] = t;
    }
    st->i = st->j = 0;
    return 0;
}

/* RC4_BYTE: the next keystream byte XORed into in[n]. */
#define RC4_BYTE(n)                                                                       \
    do {                                                                                  \
        i = (i + 1) & 0xff;                                                               \
        uint32_t ti = s[i];                                                               \
        j = (j + ti) & 0xff;                                                              \
        uint32_t tj = s[j];                                                               \
        s[i] = tj;                                                                        \
        s[j] = ti;                                                                        \
        out[n] = (uint8_t)(in[n] ^ s[(ti + tj) & 0xff]);                                  \
    } while (0)

/* rc4_generic_stream: the pseudo-random generation algorithm, eight bytes a turn. */
static void rc4_generic_stream(void *vst, const uint8_t *in, uint8_t *out, size_t len)
{
    rc4_state *st = vst;
    uint32_t *s = st->s, i = st->i, j = st->j;
    for (; len >= 8; len -= 8, in += 8, out += 8) {
        RC4_BYTE(0);
        RC4_BYTE(1);
        RC4_BYTE(2);
        RC4_BYTE(3);
        RC4_BYTE(4);
        RC4_BYTE(5);
        RC4_BYTE(6);
        RC4_BYTE(7);
    }
    for (size_t n = 0; n < len; n++)
        RC4_BYTE(n);
    st->i = i;
    st->j = j;
}

const cb_stream_ops cb_rc4_generic_ops = {
    .state_size = sizeof(rc4_state),
    .set_key = rc4_generic_set_key,
    .stream = rc4_generic_stream,
};
