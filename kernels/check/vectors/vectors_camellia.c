/*
 * kernels/check/vectors/vectors_camellia.c - Camellia known answers for `selftest`.
 *
 * RFC 3713 Appendix A gives one block for each key size; the CBC rows are the
 * first blocks of the CBC file python3-cryptography-vectors ships (OpenSSL's test
 * vectors), whose chaining `kat` checks in full.
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(a, src, k, m, e) {a, src, k, NULL, NULL, m, NULL, 0, e, NULL}
#define CBC(a, src, k, v, m, e) {a, src, k, v, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_camellia[] = {
    ECB("camellia-128-ecb", "RFC 3713 Appendix A, 128-bit key",
        "0123456789abcdeffedcba9876543210", "0123456789abcdeffedcba9876543210",
        "67673138549669730857065648eabe43"),
    ECB("camellia-192-ecb", "RFC 3713 Appendix A, 192-bit key",
        "0123456789abcdeffedcba98765432100011223344556677",
        "0123456789abcdeffedcba9876543210", "b4993401b3e996f84ee5cee7d79b09b9"),
    ECB("camellia-256-ecb", "RFC 3713 Appendix A, 256-bit key",
        "0123456789abcdeffedcba987654321000112233445566778899aabbccddeeff",
        "0123456789abcdeffedcba9876543210", "9acc237dff16d76c20ef7c919e3a7509"),
    CBC("camellia-128-cbc", "camellia-cbc.txt [ENCRYPT] COUNT = 0, 1 (CBC-CAMELLIA128)",
        "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
        "1607cf494b36bbf00daeb0b503c831aba2f2cf671629ef7840c5a5dfb5074887"),
    CBC("camellia-192-cbc", "camellia-cbc.txt [ENCRYPT] COUNT = 4 (CBC-CAMELLIA192)",
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        "000102030405060708090a0b0c0d0e0f", "6bc1bee22e409f96e93d7e117393172a",
        "2a4830ab5ac4a1a2405955fd2195cf93"),
    CBC("camellia-256-cbc", "camellia-cbc.txt [ENCRYPT] COUNT = 8 (CBC-CAMELLIA256)",
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
        "000102030405060708090a0b0c0d0e0f", "6bc1bee22e409f96e93d7e117393172a",
        "e6cfa35fc02b134a4d2c0b6737ac3eda"),
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_camellia_count = CB_VECTORS_ROWS(cb_vectors_camellia);
