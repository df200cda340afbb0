/*
 * kernels/check/vectors/vectors_cmac.c - known answers for the cmac(aes-*-cbc)
 * algorithms: NIST SP 800-38B's examples (Appendix D.1-D.3, as the updated examples
 * file "AES_CMAC.pdf" and Debian's python3-cryptography-vectors CMAC/nist-800-38b-
 * aes{128,192,256}.txt give them; the AES-128 ones are RFC 4493 section 4's too),
 * four messages per key size: empty, one block, 40 bytes (a padded last block) and
 * four blocks (a complete one), so both subkeys are used.  The messages are SP 800-38A
 * F.1's plaintext, written once here.
 */
#include "kernels/check/vectors/vectors.h"

#define SP38B_M16 "6bc1bee22e409f96e93d7e117393172a"
#define SP38B_M40 SP38B_M16 "ae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411"
#define SP38B_M64 SP38B_M40 "e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"

/* SP38B(ALG, KEY, D, T0, T16, T40, T64): the four examples of Appendix D.D */
#define SP38B(a, k, d, t0, t16, t40, t64)                                                  \
    {.alg = a, .source = "SP 800-38B D." d " example 1 (Mlen = 0)", .key = k, .msg = "",  \
     .expect = t0},                                                                        \
    {.alg = a, .source = "SP 800-38B D." d " example 2 (Mlen = 128)", .key = k,           \
     .msg = SP38B_M16, .expect = t16},                                                     \
    {.alg = a, .source = "SP 800-38B D." d " example 3 (Mlen = 320)", .key = k,           \
     .msg = SP38B_M40, .expect = t40},                                                     \
    {.alg = a, .source = "SP 800-38B D." d " example 4 (Mlen = 512)", .key = k,           \
     .msg = SP38B_M64, .expect = t64}

const cb_vector cb_vectors_cmac[] = {
    SP38B("cmac(aes-128-cbc)", "2b7e151628aed2a6abf7158809cf4f3c", "1",
          "bb1d6929e95937287fa37d129b756746", "070a16b46b4d4144f79bdd9dd04a287c",
          "dfa66747de9ae63030ca32611497c827", "51f0bebf7e3b9d92fc49741779363cfe"),
    SP38B("cmac(aes-192-cbc)", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "2",
          "d17ddf46adaacde531cac483de7a9367", "9e99a7bf31e710900662f65e617c5184",
          "8a1de5be2eb31aad089a82e6ee908b0e", "a1d5df0eed790f794d77589659f39a11"),
    SP38B("cmac(aes-256-cbc)",
          "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "3",
          "028962f61b7bf89efc6b551f4667d983", "28a7023f452e8f82bd4bf28d8c37c35c",
          "aaf3d8f1de5640c232f5b169b9c911e6", "e1992190549f6ed5696a2c056c315410"),
    {.alg = NULL},
};

const size_t cb_vectors_cmac_count = CB_VECTORS_ROWS(cb_vectors_cmac);
