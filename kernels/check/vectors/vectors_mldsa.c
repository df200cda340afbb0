/*
 * kernels/check/vectors/vectors_mldsa.c - ML-DSA known answers for the checks: every
 * record of tests/data/mldsa-awslc.rsp (AWS-LC 5.5.0's ML-DSA.KeyGen_internal and
 * ML-DSA.Sign_internal of pure ML-DSA with an empty context; that file's header says
 * how it was made): count 0 signed deterministically (rnd = 0^32), count 1 with the
 * rnd given.  The message is the 36-byte "cryptobench public-key speed message".
 * pk, sk and sig are kept as their SHA3-256 (FIPS 202) to keep the table small, each
 * computed from the rsp file's hex with Python's hashlib.sha3_256 when this table
 * was written.
 */
#include "kernels/check/vectors/vectors.h"

const cb_mldsa_vector cb_vectors_mldsa[] = {
    {"mldsa44", "tests/data/mldsa-awslc.rsp [ML-DSA-44] count = 0 (AWS-LC 5.5.0)",
     "7837e19ce0595900e30d535e594674e1c3a5d1a0f1b26a3876d7986b60522875",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "c1f8e6e26b60eb9f07d0f81867f7bfa41d58abad77ea421fc5ed2cb267e5caa8",
     "51f6e06460a3f55b1e8f0b2b7ccffb1399f36262712508e79742e3dea04dc6ef",
     "dc9bbce34358b6721e4396129d3cdd0d4f159acbf68589d61866310b90e87474"},
    {"mldsa44", "tests/data/mldsa-awslc.rsp [ML-DSA-44] count = 1 (AWS-LC 5.5.0)",
     "9fd1b712f658a088c72bc12a95d191cc4c7fc75f1294e817884a4b7f3000e276",
     "39e8769f90478cab01ac5b059e0aef0ad228331ef26ea5a537474fc71083f8ee",
     "6f9717e3e907b77ea2ea012881f0fdb256fe79b6a59fbe7ab147f4c91913caf8",
     "b60f1435e0747deedb7419b7a0068099c2cc340a842114bafa1b3dd70d7841e3",
     "1f0a75fa0ba720426af6bea5b248c1e86fbfcd5ff090b05d068d406d6828e779"},
    {"mldsa65", "tests/data/mldsa-awslc.rsp [ML-DSA-65] count = 0 (AWS-LC 5.5.0)",
     "d7e000be28524ca0de5f49ff30e32c11a5b05f494acfb6daa2aacfac4a503685",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "b5af7856ed1267ce1d41d2159a2490b60a95dfe3e302a641e21e76e8ba636d14",
     "844b4131b50d2e15e44688b2d12e0cb3c2bb2c07cb85a6d2a9720a815fa18284",
     "3c0cadb16a09e629885e38c44646046174d8950f74ed6d1ec28ea223df53f006"},
    {"mldsa65", "tests/data/mldsa-awslc.rsp [ML-DSA-65] count = 1 (AWS-LC 5.5.0)",
     "10b357657be2306c0d1f31031a18fb41eea8fd9e375bada619c5ac789e67aa4e",
     "239973d041a3e1609b7943e2bc12b884fb79bf49ffedd3fda97fcf8abdd495cd",
     "a5b6cff9ab7102199c3b4e22b558f9d8e388de3bfdb686ba327e86ab9f959dd0",
     "a90fabde620f6fd83043bb4d6c566336e1054302c474128e59b2c56c24b98526",
     "2d21e33bcde3967fa1992e4038c4a32d528880a1f400d5965ee801035825e855"},
    {"mldsa87", "tests/data/mldsa-awslc.rsp [ML-DSA-87] count = 0 (AWS-LC 5.5.0)",
     "d880fc1874baef05412f5028634223f35e8dac658464e19e8434e2e15880e805",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "37c8ea66ebca024a81998ba197ee59cf7a7abbb2592cbe7ba063bc52e0e140ea",
     "2aa760c97f23722227c22b78a716dcb836bc012758dbb5a5276d307375afff49",
     "a99ea9cc1d6f9db014b255b28cc22ae4ea3bb1715a8585ebdd3f3457db912a0d"},
    {"mldsa87", "tests/data/mldsa-awslc.rsp [ML-DSA-87] count = 1 (AWS-LC 5.5.0)",
     "b5a6291abf33e953d3c9f308c6b84db7d7b9a20e17ee5f510a60d9416db5e71b",
     "41c297a28ec3d182ba1130e586ddf107a24fb4277dd76430d2b53327e43baa77",
     "649318853fc7aed64637fe0c21e63f3de28cbdbb8921f21260dc9b95e1009c3d",
     "42305c7cf8f7e3ff7e4eacb301e527d09c446924b2ec7f2cbd08483facad0ce2",
     "6a47d44941701b5ffe17747e9da10eadd8584c412a7aecc6bf41cee2153fb604"},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

const size_t cb_vectors_mldsa_count = CB_VECTORS_ROWS(cb_vectors_mldsa);
