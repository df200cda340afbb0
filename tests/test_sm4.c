/*
 * tests/test_sm4.c - the generic SM4 against GB/T 32907-2016: its S-box re-derived
 * from the algebraic form (so the table in kernels/generic/sm4_sbox.h is checked
 * entry by entry, not only through vectors), example 1 and the standard's example 2
 * (one million encryptions of the block under the same key), CBC both ways and in
 * place, and CTR through the cipher layer against a keystream built from ECB, with the
 * counter carrying across bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/generic/generic.h"
#include "kernels/generic/sm4_sbox.h"
#include "kernels/modes/cipher.h"
#include "kernels/registry.h"
#include "tests/support.h"

static const cb_block_ops *ops = &cb_sm4_generic_ops;

typedef struct sm4_key {
    _Alignas(64) uint8_t ks[512];
} sm4_key;

static void key_setup(sm4_key *k, const uint8_t key[16], int decrypt)
{
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, 16, decrypt), 0);
}

/* gf_mul multiplies in GF(2^8) modulo x^8 + x^7 + x^6 + x^5 + x^4 + x^2 + 1. */
static unsigned gf_mul(unsigned a, unsigned b)
{
    unsigned r = 0;
    for (; b; b >>= 1) {
        if (b & 1)
            r ^= a;
        a <<= 1;
        if (a & 0x100)
            a ^= 0x1f5;
    }
    return r;
}

/* affine: the circulant matrix of rows 0xd3 rotated right, then + 0xd3. */
static unsigned affine(unsigned x)
{
    unsigned y = 0;
    for (int i = 0; i < 8; i++) {
        unsigned row = ((0xd3u >> i) | (0xd3u << (8 - i))) & 0xff;
        y |= (unsigned)__builtin_parity(x & row) << (7 - i);
    }
    return y ^ 0xd3;
}

#define BYTE(v) v,
static const uint8_t table[256] = {SM4_SBOX(BYTE)};

static void test_sbox_derived(void **state)
{
    (void)state;
    for (unsigned x = 0; x < 256; x++) {
        unsigned a = affine(x), inv = 0;
        for (unsigned b = 1; a && b < 256 && !inv; b++)
            if (gf_mul(a, b) == 1)
                inv = b;
        if (table[x] != affine(inv))
            fail_msg("S(%02x) is %02x in the table, %02x by the algebraic form", x, table[x],
                     affine(inv));
    }
    /* the first row as the standard prints it */
    assert_int_equal(table[0x00], 0xd6);
    assert_int_equal(table[0x0f], 0x05);
    assert_int_equal(table[0xff], 0x48);
}

static void test_examples(void **state)
{
    (void)state;
    uint8_t key[16], block[16], want[16];
    tu_unhex_into("0123456789abcdeffedcba9876543210", key, 16);
    sm4_key enc, dec;
    key_setup(&enc, key, 0);
    key_setup(&dec, key, 1);
    memcpy(block, key, 16);
    ops->ecb(enc.ks, block, block, 1);
    tu_unhex_into("681edf34d206965e86b3e94f536e4246", want, 16);
    assert_memory_equal(block, want, 16);
    ops->ecb(dec.ks, block, block, 1);
    assert_memory_equal(block, key, 16);
    /* example 2: 1,000,000 encryptions */
    memcpy(block, key, 16);
    for (long i = 0; i < 1000000; i++)
        ops->ecb(enc.ks, block, block, 1);
    tu_unhex_into("595298c7c6fd271f0402f804c33d3f66", want, 16);
    assert_memory_equal(block, want, 16);
    uint8_t k16[16] = {0};
    assert_int_equal(ops->set_key(enc.ks, k16, 15, 0), -1);
}

static void test_cbc(void **state)
{
    (void)state;
    uint8_t key[16], iv[16], pt[64], ct[64], buf[64], v[16];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)(7 * i + 1);
    for (int i = 0; i < 64; i++)
        pt[i] = (uint8_t)(i * 13);
    memset(iv, 0x5a, 16);
    sm4_key enc, dec;
    key_setup(&enc, key, 0);
    key_setup(&dec, key, 1);
    /* CBC by hand over ECB */
    uint8_t chain[16];
    memcpy(chain, iv, 16);
    for (int b = 0; b < 4; b++) {
        for (int i = 0; i < 16; i++)
            chain[i] ^= pt[16 * b + i];
        ops->ecb(enc.ks, chain, chain, 1);
        memcpy(ct + 16 * b, chain, 16);
    }
    memcpy(v, iv, 16);
    ops->cbc(enc.ks, v, pt, buf, 4);
    assert_memory_equal(buf, ct, 64);
    assert_memory_equal(v, ct + 48, 16);
    memcpy(v, iv, 16);
    memcpy(buf, ct, 64);
    ops->cbc(dec.ks, v, buf, buf, 4); /* in place */
    assert_memory_equal(buf, pt, 64);
}

/* CTR through the cipher layer: the keystream is E(counter), the counter the whole
 * block incremented big-endian; from ...fffe the third block's counter carries into
 * the bytes above. */
static void test_ctr_counter(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("sm4-ctr");
    const cb_variant *v = cb_variant_find(a, "generic");
    assert_non_null(a);
    assert_non_null(v);
    uint8_t key[16], iv[16], pt[53], out[53], want[53];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)(i ^ 0x3c);
    memset(iv, 0, 16);
    iv[13] = 0x12;
    iv[14] = 0xff;
    iv[15] = 0xfe;
    for (int i = 0; i < 53; i++)
        pt[i] = (uint8_t)(255 - i);
    sm4_key enc;
    key_setup(&enc, key, 0);
    uint8_t ctr[16];
    memcpy(ctr, iv, 16);
    for (int b = 0; b < 4; b++) {
        uint8_t ks[16];
        ops->ecb(enc.ks, ctr, ks, 1);
        for (int i = 0; i < 16 && 16 * b + i < 53; i++)
            want[16 * b + i] = pt[16 * b + i] ^ ks[i];
        for (int i = 15; i >= 0 && ++ctr[i] == 0; i--)
            ;
    }
    assert_int_equal(ctr[13], 0x13); /* the carry reached byte 13 */
    for (int dir = 0; dir < 2; dir++) {
        cb_cipher c;
        assert_int_equal(cb_cipher_init(&c, a, v, dir ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT, key,
                                        iv), 0);
        assert_int_equal(cb_cipher_update(&c, dir ? want : pt, out, 53), 0);
        assert_memory_equal(out, dir ? pt : want, 53);
        cb_cipher_free(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sbox_derived),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_cbc),
        cmocka_unit_test(test_ctr_counter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
