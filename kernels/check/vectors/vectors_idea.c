/*
 * kernels/check/vectors/vectors_idea.c - IDEA known answers: the classic vector of Lai's
 * description (also RFC 3058's reference), NESSIE's first single-bit keys, and one CBC
 * record of the python3-cryptography-vectors package (derived from the AESVS MMT data,
 * verified there against Botan).
 */
#include "kernels/check/vectors/vectors.h"

#define ECB(src, k, m, e) {"idea-ecb", src, k, NULL, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_idea[] = {
    ECB("Lai and Massey: key 0001..0008, plaintext 0000 0001 0002 0003",
        "00010002000300040005000600070008", "0000000100020003", "11fbed2b01986de5"),
    ECB("NESSIE IDEA set 1, vector 0", "80000000000000000000000000000000", "0000000000000000",
        "b1f5f7f87901370f"),
    ECB("NESSIE IDEA set 1, vector 1", "40000000000000000000000000000000", "0000000000000000",
        "b3927dffb6358626"),
    {"idea-cbc", "cryptography_vectors IDEA/idea-cbc.txt COUNT = 1",
     "0700d603a1c514e46b6191ba430a3a0c", "aad1583cd91365e3", NULL,
     "068b25c7bfb1f8bdd4cfc908f69dffc5ddc726a197f0e5f720f730393279be91", NULL, 0,
     "4af8370c69ae4e45cc5a395e790272d5a5a0895dee1f336f0067963bd9ed55c7", NULL},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_idea_count = CB_VECTORS_ROWS(cb_vectors_idea);
