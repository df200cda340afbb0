/*
 * kernels/check/vectors_rc2.c - RC2 known answers: the vectors of RFC 2268 section 5
 * whose effective key length is the key's own length in bits, which is how rc2-cbc and
 * rc2-ecb key (tests/test_rc2.c runs the others, with other effective lengths).  The
 * RFC has no CBC vectors: a one-block CBC message is E_K(P ^ IV), so the RFC's ECB
 * vectors serve rc2-cbc with the plaintext moved into the IV.
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(src, k, m, e) {"rc2-ecb", src, k, NULL, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_rc2[] = {
    ECB("RFC 2268 section 5, 64-bit key ffffffffffffffff", "ffffffffffffffff",
        "ffffffffffffffff", "278b27e42e2f0d49"),
    ECB("RFC 2268 section 5, 64-bit key 3000000000000000", "3000000000000000",
        "1000000000000001", "30649edf9be7d2c2"),
    ECB("RFC 2268 section 5, 128-bit key", "88bca90e90875a7f0f79c384627bafb2",
        "0000000000000000", "2269552ab0f85ca6"),
    {"rc2-cbc", "RFC 2268 section 5, key 3000000000000000, its plaintext as the IV",
     "3000000000000000", "1000000000000001", NULL, "0000000000000000", NULL, 0,
     "30649edf9be7d2c2", NULL},
    {"rc2-cbc", "RFC 2268 section 5, 128-bit key, IV 0", "88bca90e90875a7f0f79c384627bafb2",
     "0000000000000000", NULL, "0000000000000000", NULL, 0, "2269552ab0f85ca6", NULL},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_rc2_count = CB_VECTORS_ROWS(cb_vectors_rc2);
