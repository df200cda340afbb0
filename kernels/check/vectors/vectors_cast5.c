/*
 * kernels/check/vectors_cast5.c - CAST-128 known answers: RFC 2144 Appendix B.1's
 * single-block vectors for its three key sizes (ECB), and one record of the CBC file
 * of the python3-cryptography-vectors package (derived from the AESVS MMT data).
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(src, k, m, e) {"cast5-ecb", src, k, NULL, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_cast5[] = {
    ECB("RFC 2144 B.1, 128-bit key", "0123456712345678234567893456789a", "0123456789abcdef",
        "238b4fe5847e44b2"),
    ECB("RFC 2144 B.1, 80-bit key", "01234567123456782345", "0123456789abcdef",
        "eb6a711a2c02271b"),
    ECB("RFC 2144 B.1, 40-bit key", "0123456712", "0123456789abcdef", "7ac816d16e9b302e"),
    {"cast5-cbc", "cryptography_vectors CAST5/cast5-cbc.txt COUNT = 1",
     "0700d603a1c514e46b6191ba430a3a0c", "aad1583cd91365e3", NULL,
     "068b25c7bfb1f8bdd4cfc908f69dffc5ddc726a197f0e5f720f730393279be91", NULL, 0,
     "f5ce00a3ba73e5a289789783c34787e11d27859beac26bb53dc732f03c80c548", NULL},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_cast5_count = CB_VECTORS_ROWS(cb_vectors_cast5);
