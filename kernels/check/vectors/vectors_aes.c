/*
 * kernels/check/vectors/vectors_aes.c - AES, GCM and GHASH known answers from the standards.
 *
 * FIPS 197 Appendix C (one block per key size), SP 800-38A Appendix F (four blocks of
 * ECB, CBC and CTR per key size), the test cases of the GCM specification (McGrew
 * and Viega, "The Galois/Counter Mode of Operation (GCM)", revised 2005, Appendix B)
 * and two of that appendix's intermediate GHASH values as standalone GHASH vectors.
 */
#include "kernels/check/vectors/vectors.h"

/* SP 800-38A F.1-F.5 share one plaintext and one key per key size. */
#define SP_PLAIN "6bc1bee22e409f96e93d7e117393172a" "ae2d8a571e03ac9c9eb76fac45af8e51" \
                 "30c81c46a35ce411e5fbc1191a0a52ef" "f69f2445df4f9b17ad2b417be66c3710"
#define SP_KEY128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP_KEY192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define SP_KEY256 "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define SP_CBC_IV "000102030405060708090a0b0c0d0e0f"
#define SP_CTR_IV "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"

/* The GCM specification's test cases 3-6, 9-12 and 15-18 share these values. */
#define GCM_KEY128 "feffe9928665731c6d6a8f9467308308"
#define GCM_KEY192 GCM_KEY128 "feffe9928665731c"
#define GCM_KEY256 GCM_KEY128 GCM_KEY128
#define GCM_P60 "d9313225f88406e5a55909c5aff5269a" "86a7a9531534f7da2e4c303d8a318a72" \
                "1c3c0c95956809532fcf0e2449a6b525" "b16aedf5aa0de657ba637b39"
#define GCM_P64 GCM_P60 "1aafd255"
#define GCM_AAD "feedfacedeadbeeffeedfacedeadbeef" "abaddad2"
#define GCM_IV96 "cafebabefacedbaddecaf888"
#define GCM_IV64 "cafebabefacedbad"
#define GCM_IV480 "9313225df88406e555909c5aff5269aa" "6a7a9538534f7da1e4c303d2a318a728" \
                  "c3c0c95156809539fcf0e2429a6b5254" "16aedbf5a0de6a57a637b39b"
#define ZERO96 "000000000000000000000000"
#define ZERO128 "00000000000000000000000000000000"

/* BLOCK: a block-mode vector; GCM: a GCM test case (key, iv, aad, plain, cipher, tag). */
#define BLOCK(alg, src, key, iv, pt, ct) {alg, src, key, iv, NULL, pt, NULL, 0, ct, NULL}
#define GCM(alg, src, key, iv, aad, pt, ct, tag) \
    {alg, src, key, iv, aad, pt, NULL, 0, ct, tag}

const cb_vector cb_vectors_aes[] = {
    BLOCK("aes-128-ecb", "FIPS 197 Appendix C.1", "000102030405060708090a0b0c0d0e0f", NULL,
          "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    BLOCK("aes-192-ecb", "FIPS 197 Appendix C.2",
          "000102030405060708090a0b0c0d0e0f1011121314151617", NULL,
          "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    BLOCK("aes-256-ecb", "FIPS 197 Appendix C.3",
          "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", NULL,
          "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"),

    BLOCK("aes-128-ecb", "SP 800-38A F.1.1 ECB-AES128", SP_KEY128, NULL, SP_PLAIN,
          "3ad77bb40d7a3660a89ecaf32466ef97" "f5d3d58503b9699de785895a96fdbaaf"
          "43b1cd7f598ece23881b00e3ed030688" "7b0c785e27e8ad3f8223207104725dd4"),
    BLOCK("aes-192-ecb", "SP 800-38A F.1.3 ECB-AES192", SP_KEY192, NULL, SP_PLAIN,
          "bd334f1d6e45f25ff712a214571fa5cc" "974104846d0ad3ad7734ecb3ecee4eef"
          "ef7afd2270e2e60adce0ba2face6444e" "9a4b41ba738d6c72fb16691603c18e0e"),
    BLOCK("aes-256-ecb", "SP 800-38A F.1.5 ECB-AES256", SP_KEY256, NULL, SP_PLAIN,
          "f3eed1bdb5d2a03c064b5a7e3db181f8" "591ccb10d410ed26dc5ba74a31362870"
          "b6ed21b99ca6f4f9f153e7b1beafed1d" "23304b7a39f9f3ff067d8d8f9e24ecc7"),

    BLOCK("aes-128-cbc", "SP 800-38A F.2.1 CBC-AES128", SP_KEY128, SP_CBC_IV, SP_PLAIN,
          "7649abac8119b246cee98e9b12e9197d" "5086cb9b507219ee95db113a917678b2"
          "73bed6b8e3c1743b7116e69e22229516" "3ff1caa1681fac09120eca307586e1a7"),
    BLOCK("aes-192-cbc", "SP 800-38A F.2.3 CBC-AES192", SP_KEY192, SP_CBC_IV, SP_PLAIN,
          "4f021db243bc633d7178183a9fa071e8" "b4d9ada9ad7dedf4e5e738763f69145a"
          "571b242012fb7ae07fa9baac3df102e0" "08b0e27988598881d920a9e64f5615cd"),
    BLOCK("aes-256-cbc", "SP 800-38A F.2.5 CBC-AES256", SP_KEY256, SP_CBC_IV, SP_PLAIN,
          "f58c4c04d6e5f1ba779eabfb5f7bfbd6" "9cfc4e967edb808d679f777bc6702c7d"
          "39f23369a9d9bacfa530e26304231461" "b2eb05e2c39be9fcda6c19078c6a9d1b"),

    BLOCK("aes-128-ctr", "SP 800-38A F.5.1 CTR-AES128", SP_KEY128, SP_CTR_IV, SP_PLAIN,
          "874d6191b620e3261bef6864990db6ce" "9806f66b7970fdff8617187bb9fffdff"
          "5ae4df3edbd5d35e5b4f09020db03eab" "1e031dda2fbe03d1792170a0f3009cee"),
    BLOCK("aes-192-ctr", "SP 800-38A F.5.3 CTR-AES192", SP_KEY192, SP_CTR_IV, SP_PLAIN,
          "1abc932417521ca24f2b0459fe7e6e0b" "090339ec0aa6faefd5ccc2c6f4ce8e94"
          "1e36b26bd1ebc670d1bd1d665620abf7" "4f78a7f6d29809585a97daec58c6b050"),
    BLOCK("aes-256-ctr", "SP 800-38A F.5.5 CTR-AES256", SP_KEY256, SP_CTR_IV, SP_PLAIN,
          "601ec313775789a5b7a7f504bbf3d228" "f443e3ca4d62b59aca84e990cacaf5c5"
          "2b0930daa23de94ce87017ba2d84988d" "dfc9c58db67aada613c2dd08457941a6"),

    GCM("aes-128-gcm", "GCM spec Appendix B, test case 1", ZERO128, ZERO96, "", "", "",
        "58e2fccefa7e3061367f1d57a4e7455a"),
    GCM("aes-128-gcm", "GCM spec Appendix B, test case 2", ZERO128, ZERO96, "", ZERO128,
        "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"),
    GCM("aes-128-gcm", "GCM spec Appendix B, test case 3", GCM_KEY128, GCM_IV96, "",
        GCM_P64,
        "42831ec2217774244b7221b784d0d49c" "e3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa05" "1ba30b396a0aac973d58e091473f5985",
        "4d5c2af327cd64a62cf35abd2ba6fab4"),
    GCM("aes-128-gcm", "GCM spec Appendix B, test case 4", GCM_KEY128, GCM_IV96, GCM_AAD,
        GCM_P60,
        "42831ec2217774244b7221b784d0d49c" "e3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa05" "1ba30b396a0aac973d58e091",
        "5bc94fbc3221a5db94fae95ae7121a47"),
    GCM("aes-128-gcm", "GCM spec Appendix B, test case 5 (64-bit IV)", GCM_KEY128, GCM_IV64,
        GCM_AAD, GCM_P60,
        "61353b4c2806934a777ff51fa22a4755" "699b2a714fcdc6f83766e5f97b6c7423"
        "73806900e49f24b22b097544d4896b42" "4989b5e1ebac0f07c23f4598",
        "3612d2e79e3b0785561be14aaca2fccb"),
    GCM("aes-128-gcm", "GCM spec Appendix B, test case 6 (480-bit IV)", GCM_KEY128,
        GCM_IV480, GCM_AAD, GCM_P60,
        "8ce24998625615b603a033aca13fb894" "be9112a5c3a211a8ba262a3cca7e2ca7"
        "01e4a9a4fba43c90ccdcb281d48c7c6f" "d62875d2aca417034c34aee5",
        "619cc5aefffe0bfa462af43c1699d050"),

    GCM("aes-192-gcm", "GCM spec Appendix B, test case 7", ZERO128 "0000000000000000",
        ZERO96, "", "", "", "cd33b28ac773f74ba00ed1f312572435"),
    GCM("aes-192-gcm", "GCM spec Appendix B, test case 8", ZERO128 "0000000000000000",
        ZERO96, "", ZERO128, "98e7247c07f0fe411c267e4384b0f600",
        "2ff58d80033927ab8ef4d4587514f0fb"),
    GCM("aes-192-gcm", "GCM spec Appendix B, test case 9", GCM_KEY192, GCM_IV96, "",
        GCM_P64,
        "3980ca0b3c00e841eb06fac4872a2757" "859e1ceaa6efd984628593b40ca1e19c"
        "7d773d00c144c525ac619d18c84a3f47" "18e2448b2fe324d9ccda2710acade256",
        "9924a7c8587336bfb118024db8674a14"),
    GCM("aes-192-gcm", "GCM spec Appendix B, test case 10", GCM_KEY192, GCM_IV96, GCM_AAD,
        GCM_P60,
        "3980ca0b3c00e841eb06fac4872a2757" "859e1ceaa6efd984628593b40ca1e19c"
        "7d773d00c144c525ac619d18c84a3f47" "18e2448b2fe324d9ccda2710",
        "2519498e80f1478f37ba55bd6d27618c"),
    GCM("aes-192-gcm", "GCM spec Appendix B, test case 11 (64-bit IV)", GCM_KEY192,
        GCM_IV64, GCM_AAD, GCM_P60,
        "0f10f599ae14a154ed24b36e25324db8" "c566632ef2bbb34f8347280fc4507057"
        "fddc29df9a471f75c66541d4d4dad1c9" "e93a19a58e8b473fa0f062f7",
        "65dcc57fcf623a24094fcca40d3533f8"),
    GCM("aes-192-gcm", "GCM spec Appendix B, test case 12 (480-bit IV)", GCM_KEY192,
        GCM_IV480, GCM_AAD, GCM_P60,
        "d27e88681ce3243c4830165a8fdcf9ff" "1de9a1d8e6b447ef6ef7b79828666e45"
        "81e79012af34ddd9e2f037589b292db3" "e67c036745fa22e7e9b7373b",
        "dcf566ff291c25bbb8568fc3d376a6d9"),

    GCM("aes-256-gcm", "GCM spec Appendix B, test case 13", ZERO128 ZERO128, ZERO96, "", "",
        "", "530f8afbc74536b9a963b4f1c4cb738b"),
    GCM("aes-256-gcm", "GCM spec Appendix B, test case 14", ZERO128 ZERO128, ZERO96, "",
        ZERO128, "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"),
    GCM("aes-256-gcm", "GCM spec Appendix B, test case 15", GCM_KEY256, GCM_IV96, "",
        GCM_P64,
        "522dc1f099567d07f47f37a32a84427d" "643a8cdcbfe5c0c97598a2bd2555d1aa"
        "8cb08e48590dbb3da7b08b1056828838" "c5f61e6393ba7a0abcc9f662898015ad",
        "b094dac5d93471bdec1a502270e3cc6c"),
    GCM("aes-256-gcm", "GCM spec Appendix B, test case 16", GCM_KEY256, GCM_IV96, GCM_AAD,
        GCM_P60,
        "522dc1f099567d07f47f37a32a84427d" "643a8cdcbfe5c0c97598a2bd2555d1aa"
        "8cb08e48590dbb3da7b08b1056828838" "c5f61e6393ba7a0abcc9f662",
        "76fc6ece0f4e1768cddf8853bb2d551b"),
    GCM("aes-256-gcm", "GCM spec Appendix B, test case 17 (64-bit IV)", GCM_KEY256,
        GCM_IV64, GCM_AAD, GCM_P60,
        "c3762df1ca787d32ae47c13bf19844cb" "af1ae14d0b976afac52ff7d79bba9de0"
        "feb582d33934a4f0954cc2363bc73f78" "62ac430e64abe499f47c9b1f",
        "3a337dbf46a792c45e454913fe2ea8f2"),
    GCM("aes-256-gcm", "GCM spec Appendix B, test case 18 (480-bit IV)", GCM_KEY256,
        GCM_IV480, GCM_AAD, GCM_P60,
        "5a8def2f0c9e53f1f75d7853659e2a20" "eeb2b22aafde6419a058ab4f6f746bf4"
        "0fc0c3b780f244452da3ebf1c5d82cde" "a2418997200ef82e44ae7e3f",
        "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"),

    /* GHASH(H, A, C) as listed in the spec: key is H, msg the padded AAD, padded
     * ciphertext and length block that GCM hashes, expect the GHASH value. */
    {"ghash", "GCM spec Appendix B, test case 2, GHASH(H, A, C)",
     "66e94bd4ef8a2c3b884cfa59ca342b2e", NULL, NULL,
     "0388dace60b6a392f328c2b971b2fe78" "00000000000000000000000000000080", NULL, 0,
     "f38cbb1ad69223dcc3457ae5b6b0f885", NULL},
    {"ghash", "GCM spec Appendix B, test case 4, GHASH(H, A, C)",
     "b83b533708bf535d0aa6e52980d53b78", NULL, NULL,
     "feedfacedeadbeeffeedfacedeadbeef" "abaddad2000000000000000000000000"
     "42831ec2217774244b7221b784d0d49c" "e3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa05" "1ba30b396a0aac973d58e09100000000"
     "00000000000000a000000000000001e0", NULL, 0,
     "698e57f70e6ecc7fd9463b7260a9ae5f", NULL},
    {"ghash", "GCM spec Appendix B, test case 6, Y0 = GHASH(H, {}, IV)",
     "b83b533708bf535d0aa6e52980d53b78", NULL, NULL,
     GCM_IV480 "00000000" "000000000000000000000000000001e0", NULL, 0,
     "3bab75780a31c059f83d2a44752f9864", NULL},

    {0},
};

const size_t cb_vectors_aes_count = CB_VECTORS_ROWS(cb_vectors_aes);
