/*
 * kernels/check/vectors/vectors_aes_modes.c - known answers for the AES modes of kernels/modes/aes_modes.c
 * (OFB, CFB, CFB8, IGE, XTS) and kernels/modes/ccm.c (CCM), kept apart from vectors_aes.c whose
 * table tests/test_aes.c runs block by block (an XTS call is one whole data unit) and counts.
 *
 * SP 800-38A Appendix F.3 and F.4 (four blocks of CFB128 and OFB per key size, 18
 * bytes of CFB8), IEEE 1619-2007 Annex B and NIST's CAVP XTSGenAES256.rsp (Debian's
 * python3-cryptography-vectors, ciphers/AES/XTS/tweak-128hexstr); CCM from SP 800-38C
 * Appendix C and the CAVP CCM files of the same package (ciphers/AES/CCM).  IGE: the
 * two published vectors of OpenSSL's AES_ige_encrypt (Ben Laurie's IGE write-up, also
 * in OpenSSL's test/igetest.c), and for 192- and 256-bit keys FIPS 197 Appendix C's
 * blocks, which one IGE block with an all-zero IV is.
 */
#include "kernels/check/vectors/vectors.h"

/* SP 800-38A F.3 and F.4 share F.1's plaintext and keys and F.2's IV. */
#define SP_PLAIN "6bc1bee22e409f96e93d7e117393172a" "ae2d8a571e03ac9c9eb76fac45af8e51" \
                 "30c81c46a35ce411e5fbc1191a0a52ef" "f69f2445df4f9b17ad2b417be66c3710"
#define SP_KEY128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP_KEY192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define SP_KEY256 "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define SP_IV "000102030405060708090a0b0c0d0e0f"
#define ZERO128 "00000000000000000000000000000000"

#define BLOCK(alg, src, key, iv, pt, ct) {alg, src, key, iv, NULL, pt, NULL, 0, ct, NULL}
#define CCM(alg, src, key, nonce, aad, pt, ct, tag) {alg, src, key, nonce, aad, pt, NULL, 0, \
                                                     ct, tag}
/* SP 800-38C Appendix C's key for every example */
#define CCM_KEY "404142434445464748494a4b4c4d4e4f"

const cb_vector cb_vectors_aes_modes[] = {
    BLOCK("aes-128-cfb8", "SP 800-38A F.3.7 CFB8-AES128", SP_KEY128, SP_IV,
          "6bc1bee22e409f96e93d7e117393172aae2d", "3b79424c9c0dd436bace9e0ed4586a4f32b9"),
    BLOCK("aes-192-cfb8", "SP 800-38A F.3.9 CFB8-AES192", SP_KEY192, SP_IV,
          "6bc1bee22e409f96e93d7e117393172aae2d", "cda2521ef0a905ca44cd057cbf0d47a0678a"),
    BLOCK("aes-256-cfb8", "SP 800-38A F.3.11 CFB8-AES256", SP_KEY256, SP_IV,
          "6bc1bee22e409f96e93d7e117393172aae2d", "dc1f1a8520a64db55fcc8ac554844e889700"),
    BLOCK("aes-128-cfb", "SP 800-38A F.3.13 CFB128-AES128", SP_KEY128, SP_IV, SP_PLAIN,
          "3b3fd92eb72dad20333449f8e83cfb4a" "c8a64537a0b3a93fcde3cdad9f1ce58b"
          "26751f67a3cbb140b1808cf187a4f4df" "c04b05357c5d1c0eeac4c66f9ff7f2e6"),
    BLOCK("aes-192-cfb", "SP 800-38A F.3.15 CFB128-AES192", SP_KEY192, SP_IV, SP_PLAIN,
          "cdc80d6fddf18cab34c25909c99a4174" "67ce7f7f81173621961a2b70171d3d7a"
          "2e1e8a1dd59b88b1c8e60fed1efac4c9" "c05f9f9ca9834fa042ae8fba584b09ff"),
    BLOCK("aes-256-cfb", "SP 800-38A F.3.17 CFB128-AES256", SP_KEY256, SP_IV, SP_PLAIN,
          "dc7e84bfda79164b7ecd8486985d3860" "39ffed143b28b1c832113c6331e5407b"
          "df10132415e54b92a13ed0a8267ae2f9" "75a385741ab9cef82031623d55b1e471"),
    BLOCK("aes-128-ofb", "SP 800-38A F.4.1 OFB-AES128", SP_KEY128, SP_IV, SP_PLAIN,
          "3b3fd92eb72dad20333449f8e83cfb4a" "7789508d16918f03f53c52dac54ed825"
          "9740051e9c5fecf64344f7a82260edcc" "304c6528f659c77866a510d9c1d6ae5e"),
    BLOCK("aes-192-ofb", "SP 800-38A F.4.3 OFB-AES192", SP_KEY192, SP_IV, SP_PLAIN,
          "cdc80d6fddf18cab34c25909c99a4174" "fcc28b8d4c63837c09e81700c1100401"
          "8d9a9aeac0f6596f559c6d4daf59a5f2" "6d9f200857ca6c3e9cac524bd9acc92a"),
    BLOCK("aes-256-ofb", "SP 800-38A F.4.5 OFB-AES256", SP_KEY256, SP_IV, SP_PLAIN,
          "dc7e84bfda79164b7ecd8486985d3860" "4febdc6740d20b3ac88f6ad82a4fb08d"
          "71ab47a086e86eedf39d1c5bba97c408" "0126141d67f37be8538f5a8be740e484"),

    /* XTS: key is Key1 (data) then Key2 (tweak), iv the tweak value i as 16 bytes,
     * the data unit sequence number little-endian (IEEE 1619-2007 5.1) */
    BLOCK("aes-128-xts", "IEEE 1619-2007 Annex B, vector 1 (Key1 = Key2)", ZERO128 ZERO128,
          ZERO128, ZERO128 ZERO128,
          "917cf69ebd68b2ec9b9fe9a3eadda692" "cd43d2f59598ed858c02c2652fbf922e"),
    BLOCK("aes-128-xts", "IEEE 1619-2007 Annex B, vector 2",
          "11111111111111111111111111111111" "22222222222222222222222222222222",
          "33333333330000000000000000000000",
          "44444444444444444444444444444444" "44444444444444444444444444444444",
          "c454185e6a16936e39334038acef838b" "fb186fff7480adc4289382ecd6d394f0"),
    BLOCK("aes-128-xts", "IEEE 1619-2007 Annex B, vector 15 (17 bytes, stealing)",
          "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
          "9a785634120000000000000000000000", "000102030405060708090a0b0c0d0e0f10",
          "6c1625db4671522d3d7599601de7ca09ed"),
    /* the 256-bit file's whole-byte data units are all whole blocks; stealing is
     * the same for both key sizes and IEEE vector 15 covers it */
    BLOCK("aes-256-xts", "CAVP XTSGenAES256.rsp (tweak-128hexstr), [ENCRYPT] COUNT = 1",
          "1ea661c58d943a0e4801e42f4b0947149e7f9f8e3e68d0c7505210bd311a0e7c"
          "d6e13ffdf2418d8d1911c004cda58da3d619b7e2b9141e58318eea392cf41b08",
          "adf8d92627464ad2f0428e84a9f87564",
          "2eedea52cd8215e1acc647e810bbc364" "2e87287f8d2e57e36c0a24fbc12a202e",
          "cbaad0e2f6cea3f50b37f934d46a9b13" "0b9d54f07e34f36af793e86f73c6d7db"),
    BLOCK("aes-256-xts", "CAVP XTSGenAES256.rsp (tweak-128hexstr), [ENCRYPT] COUNT = 101",
          "266c336b3b01489f3267f52835fd92f674374b88b4e1ebd2d36a5f457581d9d0"
          "42c3eef7b0b7e5137b086496b4d9e6ac658d7196a23f23f036172fdb8faee527",
          "06b209a7a22f486ecbfadb0f3137ba42",
          "ca7d65ef8d3dfad345b61ccddca1ad81" "de830b9e86c7b426d76cb7db766852d9"
          "81c6b21409399d78f42cc0b33a7bbb06",
          "c73256870cc2f4dd57acc74b5456dbd7" "76912a128bc1f77d72cdebbf270044b7"
          "a43ceed29025e1e8be211fa3c3ed002d"),

    /* CCM: iv is the nonce, expect the ciphertext and tag the MAC, split off the
     * end of the standard's C (SP 800-38C Appendix C uses AES-128 only; Example 4's
     * 64 KiB of associated data is not embedded) */
    CCM("aes-128-ccm", "SP 800-38C C.1 Example 1 (4-byte tag, 7-byte nonce)", CCM_KEY,
        "10111213141516", "0001020304050607", "20212223", "7162015b", "4dac255d"),
    CCM("aes-128-ccm", "SP 800-38C C.2 Example 2 (6-byte tag, 8-byte nonce)", CCM_KEY,
        "1011121314151617", "000102030405060708090a0b0c0d0e0f",
        "202122232425262728292a2b2c2d2e2f", "d2a1f0e051ea5f62081a7792073d593d", "1fc64fbfaccd"),
    CCM("aes-128-ccm", "SP 800-38C C.3 Example 3 (8-byte tag, 12-byte nonce)", CCM_KEY,
        "101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
        "202122232425262728292a2b2c2d2e2f3031323334353637",
        "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5", "484392fbc1b09951"),
    CCM("aes-192-ccm", "CAVP CCM VTT192.rsp [Tlen = 4] Count = 0",
        "11fd45743d946e6d37341fec49947e8c70482494a8f07fcc", "c6aeebcb146cfafaae66f78aab",
        "7dc8c52144a7cb65b3e5a846e8fd7eae37bf6996c299b56e49144ebf43a1770f",
        "ee7e6075ba52846de5d6254959a18affc4faf59c8ef63489",
        "137d9da59baf5cbfd46620c5f298fc766de10ac68e774edf", "1f2c5bad"),
    CCM("aes-256-ccm", "CAVP CCM VADT256.rsp [Alen = 7] Count = 70",
        "ae8f93c3efe38e2af07e256961dd33028faa0716e5320a7ab319a10d2f4c5548",
        "6333bde218b784ccd8370492f7", "0b1fabdf2a4107",
        "bc9ca92a9c9919e39095d3e53fb148694620ae61227e0069",
        "45811b0c8f754bf03950e520cd4afc81c2e3eb8a11f4fd38", "6d5a6e4b1fbee15d35939c721004502e"),

    BLOCK("aes-128-ige", "OpenSSL IGE test vector 1 (zero plaintext)",
          "000102030405060708090a0b0c0d0e0f",
          "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
          ZERO128 ZERO128,
          "1a8519a6557be652e9da8e43da4ef4453cf456b4ca488aa383c79c98b34797cb"),
    BLOCK("aes-128-ige", "OpenSSL IGE test vector 2 (\"L. Let's hope Ben got it right!\")",
          "5468697320697320616e20696d706c65",
          "6d656e746174696f6e206f6620494745206d6f646520666f72204f70656e5353",
          "99706487a1cde613bc6de0b6f24b1c7aa448c8b9c3403e3467a8cad89340f53b",
          "4c2e204c6574277320686f70652042656e20676f74206974207269676874210a"),
    BLOCK("aes-192-ige", "FIPS 197 Appendix C.2 as one IGE block, IV zero",
          "000102030405060708090a0b0c0d0e0f1011121314151617", ZERO128 ZERO128,
          "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    BLOCK("aes-256-ige", "FIPS 197 Appendix C.3 as one IGE block, IV zero",
          "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
          ZERO128 ZERO128, "00112233445566778899aabbccddeeff",
          "8ea2b7ca516745bfeafc49904b496089"),

    {0},
};

const size_t cb_vectors_aes_modes_count = CB_VECTORS_ROWS(cb_vectors_aes_modes);
