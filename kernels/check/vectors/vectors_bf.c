/*
 * kernels/check/vectors/vectors_bf.c - Blowfish known answers from Schneier's published test
 * vectors (vectors.txt, by Eric Young, linked from the paper's page): ECB with 8-byte
 * keys, the set_key table's keys of other lengths, and the CBC example.  An ECB
 * vector is one block; the CBC example's message is "7654321 Now is the time for "
 * padded with zero bytes to whole blocks.
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(src, k, m, e) {"bf-ecb", src, k, NULL, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_bf[] = {
    ECB("Schneier's vectors, ECB: zero key and block", "0000000000000000",
        "0000000000000000", "4ef997456198dd78"),
    ECB("Schneier's vectors, ECB: all-ones key and block", "ffffffffffffffff",
        "ffffffffffffffff", "51866fd5b85ecb8a"),
    ECB("Schneier's vectors, ECB: key 3000000000000000", "3000000000000000",
        "1000000000000001", "7d856f9a613063f2"),
    ECB("Schneier's vectors, set_key: 1-byte key", "f0", "fedcba9876543210",
        "f9ad597c49db005e"),
    ECB("Schneier's vectors, set_key: 4-byte key", "f0e1d2c3", "fedcba9876543210",
        "be1e639408640f05"),
    ECB("Schneier's vectors, set_key: 16-byte key", "f0e1d2c3b4a5968778695a4b3c2d1e0f",
        "fedcba9876543210", "93142887ee3be15c"),
    ECB("Schneier's vectors, set_key: 24-byte key",
        "f0e1d2c3b4a5968778695a4b3c2d1e0f0011223344556677", "fedcba9876543210",
        "05044b62fa52d080"),
    {"bf-cbc", "Schneier's vectors, CBC example", "0123456789abcdeff0e1d2c3b4a59687",
     "fedcba9876543210", NULL,
     "37363534333231204e6f77206973207468652074696d6520666f722000000000", NULL, 0,
     "6b77b4d63006dee605b156e27403979358deb9e7154616d959f1652bd5ff92cc", NULL},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_bf_count = CB_VECTORS_ROWS(cb_vectors_bf);
