/*
 * kernels/check/vectors/vectors_sm4.c - SM4 known answers for `selftest`: GB/T
 * 32907-2016's example 1 (appendix A.1) and, for CBC and CTR, the first case of
 * draft-ribose-cfrg-sm4-10's appendix A.2.2 and A.2.5, which python3-cryptography-
 * vectors ships as draft-ribose-cfrg-sm4-10-{ecb,cbc,ctr}.txt.  The standard's
 * one-million-encryption example is in tests/test_sm4.c.
 */
#include "kernels/check/vectors/vectors.h"

const cb_vector cb_vectors_sm4[] = {
    {"sm4-ecb", "GB/T 32907-2016 A.1 example 1 (draft-ribose-cfrg-sm4-10 A.1.1)",
     "0123456789abcdeffedcba9876543210", NULL, NULL, "0123456789abcdeffedcba9876543210",
     NULL, 0, "681edf34d206965e86b3e94f536e4246", NULL},
    {"sm4-ecb", "draft-ribose-cfrg-sm4-10 A.2.1.1 (two blocks)",
     "0123456789abcdeffedcba9876543210", NULL, NULL,
     "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb", NULL, 0,
     "5ec8143de509cff7b5179f8f474b86192f1d305a7fb17df985f81c8482192304", NULL},
    {"sm4-cbc", "draft-ribose-cfrg-sm4-10 A.2.2.1 (cbc.txt COUNT = 0)",
     "0123456789abcdeffedcba9876543210", "000102030405060708090a0b0c0d0e0f", NULL,
     "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb", NULL, 0,
     "78ebb11cc40b0a48312aaeb2040244cb4cb7016951909226979b0d15dc6a8f6d", NULL},
    {"sm4-ctr", "draft-ribose-cfrg-sm4-10 A.2.5.1 (ctr.txt COUNT = 0)",
     "0123456789abcdeffedcba9876543210", "000102030405060708090a0b0c0d0e0f", NULL,
     "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
     "eeeeeeeeeeeeeeeeffffffffffffffffaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb",
     NULL, 0,
     "ac3236cb970cc20791364c395a1342d1a3cbc1878c6f30cd074cce385cdd70c7"
     "f234bc0e24c11980fd1286310ce37b926e02fcd0faa0baf38b2933851d824514",
     NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_sm4_count = CB_VECTORS_ROWS(cb_vectors_sm4);
