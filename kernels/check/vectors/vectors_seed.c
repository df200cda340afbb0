/*
 * kernels/check/vectors/vectors_seed.c - SEED known answers for `selftest`: RFC 4269
 * Appendix B's four blocks and the first CBC case of RFC 4196 section 4 (SEED in
 * IPsec), which python3-cryptography-vectors ships as rfc-4269.txt and rfc-4196.txt.
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(src, k, m, e) {"seed-ecb", src, k, NULL, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_seed[] = {
    ECB("RFC 4269 Appendix B.1", "00000000000000000000000000000000",
        "000102030405060708090a0b0c0d0e0f", "5ebac6e0054e166819aff1cc6d346cdb"),
    ECB("RFC 4269 Appendix B.2", "000102030405060708090a0b0c0d0e0f",
        "00000000000000000000000000000000", "c11f22f20140505084483597e4370f43"),
    ECB("RFC 4269 Appendix B.3", "4706480851e61be85d74bfb3fd956185",
        "83a2f8a288641fb9a4e9a5cc2f131c7d", "ee54d13ebcae706d226bc3142cd40d4a"),
    ECB("RFC 4269 Appendix B.4", "28dbc3bc49ffd87dcfa509b11d422be7",
        "b41e6be2eba84a148e2eed84593c5ec7", "9b9b7bfcd1813cb95d0b3618f40f5122"),
    {"seed-cbc", "RFC 4196 section 4, case #1 (rfc-4196.txt COUNT = 0)",
     "ed2401ad22fa255991bafdb01fefd697", "93eb149f92c9905bae5cd34da06c3c8e", NULL,
     "b40d7003d9b6904b35622750c91a24575bb9a632364aa26e3ac0cf3a9c9d0dcb", NULL, 0,
     "f072c5b1a0588c105af8301adcd91dd067f6822155304bf3aad75ceb44341c25", NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_seed_count = CB_VECTORS_ROWS(cb_vectors_seed);
