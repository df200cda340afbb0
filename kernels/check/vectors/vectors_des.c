/*
 * kernels/check/vectors/vectors_des.c - DES and triple-DES known answers for `selftest`.
 *
 * Single-block vectors with a zero IV are ECB vectors: the first CBC block with
 * IV = 0 is E_K(P).  SP 800-20 runs TDEA with K1 = K2 = K3, which is single DES, so
 * its tables serve des-cbc.
 */
#include "kernels/check/vectors/vectors.h"

#define DES(src, k, v, m, e) {"des-cbc", src, k, v, NULL, m, NULL, 0, e, NULL}
#define TDES(src, k, v, m, e) {"des-ede3-cbc", src, k, v, NULL, m, NULL, 0, e, NULL}

const cb_vector cb_vectors_des[] = {
    DES("FIPS 81 Appendix C, Table C1 (CBC, \"Now is the time for all \")",
        "0123456789abcdef", "1234567890abcdef",
        "4e6f77206973207468652074696d6520666f7220616c6c20",
        "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6"),
    DES("FIPS 81 Appendix B, Table B1 (ECB, first block \"Now is t\")",
        "0123456789abcdef", "0000000000000000", "4e6f772069732074", "3fa40e8a984d4815"),
    DES("SP 800-20 Table A.1 (variable plaintext), round 1",
        "0101010101010101", "0000000000000000", "8000000000000000", "95f8a5e5dd31d900"),
    DES("SP 800-20 Table A.1 (variable plaintext), round 2",
        "0101010101010101", "0000000000000000", "4000000000000000", "dd7f121ca5015619"),
    DES("SP 800-20 Table A.2 (inverse permutation), round 1",
        "0101010101010101", "0000000000000000", "95f8a5e5dd31d900", "8000000000000000"),
    DES("SP 800-20 Table A.3 (variable key), round 1",
        "8001010101010101", "0000000000000000", "0000000000000000", "95a8d72813daa94d"),
    DES("SP 800-20 Table A.4 (permutation operation), round 1",
        "1046913489980131", "0000000000000000", "0000000000000000", "88d55e54f54c97b4"),
    DES("SP 800-20 Table A.5 (substitution table), round 1",
        "7ca110454a1a6e57", "0000000000000000", "01a1d6d039776742", "690f5b0d9a26939b"),

    TDES("SP 800-67 Rev. 1 Appendix B example, first block (\"The qufc\")",
         "0123456789abcdef23456789abcdef01456789abcdef0123", "0000000000000000",
         "5468652071756663", "a826fd8ce53b855f"),
    TDES("CAVP TDES TCBCMMT3.rsp [ENCRYPT] COUNT = 3",
         "d98aadc76d4a3716158c32866efbb9ce834af2297379a49d", "3c5220327c502b44",
         "6174079dda53ca723ebf00a66837f8d5ce648c08acaa5ee45ffe62210ef79d3e",
         "f5bd4d600bed77bec78409e3530ebda1d815506ed53103015b87e371ae000958"),
    TDES("CAVP TDES TCBCMMT3.rsp [DECRYPT] COUNT = 2",
         "254acb647907adba1ad5ef7a43e383cdcd588975759e5292", "5857f24bed725646",
         "64cc69a4f2b9877dad558bd7b5e6a78268e4978bb39845a1",
         "d4342af5c33adcd67c3e89e64241bbd8131e78ec38c8715c"),

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_des_count = CB_VECTORS_ROWS(cb_vectors_des);
