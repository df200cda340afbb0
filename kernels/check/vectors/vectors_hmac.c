/*
 * kernels/check/vectors/vectors_hmac.c - known answers for the hmac(...) algorithms, from the
 * documents that publish them:
 *   hmac(md5), hmac(sha1)      RFC 2202 sections 2 and 3, test cases 1-7, with case
 *                              5's 96-bit truncated MAC as well;
 *   hmac(sha224) ... (sha512)  RFC 4231 sections 4.2-4.8, test cases 1-7; case 5's
 *                              MAC is truncated to 128 bits (section 4.6), and cases 6
 *                              and 7 key with 131 bytes, longer than even SHA-512's
 *                              128-byte block, so the key is hashed first;
 *   hmac(sha3-*)               NIST's HMAC_SHA3-224/256/384/512.pdf example values,
 *                              samples 1-3: a key shorter than, as long as and longer
 *                              than the sponge's rate (FIPS 202 table 3's block).
 * No standard publishes HMAC-SHA-512/224 or HMAC-SHA-512/256 outputs.  Their rows
 * take RFC 4231's inputs and leave expect empty: the answer is then RFC 2104's
 * formula, H((K0 ^ opad) || H((K0 ^ ipad) || m)), evaluated on whole buffers with the
 * generic sha512-224/256 digest, which FIPS 180-4's examples check (kernels/check/check.c),
 * so the precomputed-state path of kernels/modes/hmac.c is still checked against the
 * definition and every other variant against generic.
 *
 * An expect shorter than the algorithm's output is a truncated MAC: its leading bytes.
 */
#include "kernels/check/vectors/vectors.h"

/* cases 6 and 7: 131 bytes of 0xaa, longer than even SHA-512's 128-byte block */
#define RFC4231_AA131                                                      \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaa"

/*
 * RFC4231_n(ALG, MAC, NOTE): RFC 4231 test case n (section 4.(n+1)); its inputs are
 * the same for every hash, so they are written once here.  MAC is the RFC's output,
 * or NULL with NOTE " inputs, no published MAC" for the formula rows.
 */
#define RFC4231_1(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.2, test case 1" note, \
     .key = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", \
     .msg_ascii = "Hi There", \
     .expect = m}
#define RFC4231_2(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.3, test case 2" note, \
     .key = "4a656665", \
     .msg_ascii = "what do ya want for nothing?", \
     .expect = m}
#define RFC4231_3(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.4, test case 3" note, \
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", \
     .msg = "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd" \
            "dddddddddddddddddddddddddddddddddddd", \
     .expect = m}
#define RFC4231_4(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.5, test case 4" note, \
     .key = "0102030405060708090a0b0c0d0e0f10111213141516171819", \
     .msg = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd" \
            "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", \
     .expect = m}
#define RFC4231_5(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.6, test case 5" note, \
     .key = "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", \
     .msg_ascii = "Test With Truncation", \
     .expect = m}
#define RFC4231_6(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.7, test case 6" note, \
     .key = RFC4231_AA131, \
     .msg_ascii = "Test Using Larger Than Block-Size Key - Hash Key First", \
     .expect = m}
#define RFC4231_7(a, m, note) \
    {.alg = a, .source = "RFC 4231 section 4.8, test case 7" note, \
     .key = RFC4231_AA131, \
     .msg_ascii = "This is a test using a larger than block-size key and a larger t" \
                  "han block-size data. The key needs to be hashed before being use" \
                  "d by the HMAC algorithm.", \
     .expect = m}

const cb_vector cb_vectors_hmac[] = {
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 1",
     .key = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
     .msg_ascii = "Hi There",
     .expect = "9294727a3638bb1c13f48ef8158bfc9d"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 2",
     .key = "4a656665",
     .msg_ascii = "what do ya want for nothing?",
     .expect = "750c783e6ab0b503eaa86e310a5db738"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 3",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg = "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
            "dddddddddddddddddddddddddddddddddddd",
     .expect = "56be34521d144c88dbb8c733f0e8b3f6"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 4",
     .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
     .msg = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
            "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     .expect = "697eaf0aca3a3aea3a75164746ffaa79"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 5",
     .key = "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
     .msg_ascii = "Test With Truncation",
     .expect = "56461ef2342edc00f9bab995690efd4c"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 5, digest-96",
     .key = "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
     .msg_ascii = "Test With Truncation",
     .expect = "56461ef2342edc00f9bab995"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 6",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg_ascii = "Test Using Larger Than Block-Size Key - Hash Key First",
     .expect = "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd"},
    {.alg = "hmac(md5)",
     .source = "RFC 2202 section 2, test_case 7",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg_ascii = "Test Using Larger Than Block-Size Key and Larger Than One Block-"
                  "Size Data",
     .expect = "6f630fad67cda0ee1fb1f562db3aa53e"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 1",
     .key = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
     .msg_ascii = "Hi There",
     .expect = "b617318655057264e28bc0b6fb378c8ef146be00"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 2",
     .key = "4a656665",
     .msg_ascii = "what do ya want for nothing?",
     .expect = "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 3",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg = "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
            "dddddddddddddddddddddddddddddddddddd",
     .expect = "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 4",
     .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
     .msg = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
            "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     .expect = "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 5",
     .key = "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
     .msg_ascii = "Test With Truncation",
     .expect = "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 5, digest-96",
     .key = "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
     .msg_ascii = "Test With Truncation",
     .expect = "4c1a03424b55e07fe7f27be1"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 6",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg_ascii = "Test Using Larger Than Block-Size Key - Hash Key First",
     .expect = "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
    {.alg = "hmac(sha1)",
     .source = "RFC 2202 section 3, test_case 7",
     .key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     .msg_ascii = "Test Using Larger Than Block-Size Key and Larger Than One Block-"
                  "Size Data",
     .expect = "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
    RFC4231_1("hmac(sha224)",
              "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22", ""),
    RFC4231_2("hmac(sha224)",
              "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44", ""),
    RFC4231_3("hmac(sha224)",
              "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea", ""),
    RFC4231_4("hmac(sha224)",
              "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a", ""),
    RFC4231_5("hmac(sha224)",
              "0e2aea68a90c8d37c988bcdb9fca6fa8", ""),
    RFC4231_6("hmac(sha224)",
              "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e", ""),
    RFC4231_7("hmac(sha224)",
              "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1", ""),
    RFC4231_1("hmac(sha256)",
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", ""),
    RFC4231_2("hmac(sha256)",
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", ""),
    RFC4231_3("hmac(sha256)",
              "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe", ""),
    RFC4231_4("hmac(sha256)",
              "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b", ""),
    RFC4231_5("hmac(sha256)",
              "a3b6167473100ee06e0c796c2955552b", ""),
    RFC4231_6("hmac(sha256)",
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", ""),
    RFC4231_7("hmac(sha256)",
              "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2", ""),
    RFC4231_1("hmac(sha384)",
              "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
              "faea9ea9076ede7f4af152e8b2fa9cb6", ""),
    RFC4231_2("hmac(sha384)",
              "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
              "8e2240ca5e69e2c78b3239ecfab21649", ""),
    RFC4231_3("hmac(sha384)",
              "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
              "2a5ab39dc13814b94e3ab6e101a34f27", ""),
    RFC4231_4("hmac(sha384)",
              "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
              "6801dd23c4a7d679ccf8a386c674cffb", ""),
    RFC4231_5("hmac(sha384)",
              "3abf34c3503b2a23a46efc619baef897", ""),
    RFC4231_6("hmac(sha384)",
              "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
              "0c2ef6ab4030fe8296248df163f44952", ""),
    RFC4231_7("hmac(sha384)",
              "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
              "a678cc31e799176d3860e6110c46523e", ""),
    RFC4231_1("hmac(sha512)",
              "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
              "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854", ""),
    RFC4231_2("hmac(sha512)",
              "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
              "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737", ""),
    RFC4231_3("hmac(sha512)",
              "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
              "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb", ""),
    RFC4231_4("hmac(sha512)",
              "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
              "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd", ""),
    RFC4231_5("hmac(sha512)",
              "415fad6271580a531d4179bc891d87a6", ""),
    RFC4231_6("hmac(sha512)",
              "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
              "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598", ""),
    RFC4231_7("hmac(sha512)",
              "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
              "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58", ""),
    RFC4231_1("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_2("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_3("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_4("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_6("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_7("hmac(sha512-224)", NULL, " inputs, no published MAC"),
    RFC4231_1("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    RFC4231_2("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    RFC4231_3("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    RFC4231_4("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    RFC4231_6("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    RFC4231_7("hmac(sha512-256)", NULL, " inputs, no published MAC"),
    {.alg = "hmac(sha3-224)",
     .source = "NIST HMAC_SHA3-224.pdf, sample #1 (keylen<blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b",
     .msg_ascii = "Sample message for keylen<blocklen",
     .expect = "332cfd59347fdb8e576e77260be4aba2d6dc53117b3bfb52c6d18c04"},
    {.alg = "hmac(sha3-224)",
     .source = "NIST HMAC_SHA3-224.pdf, sample #2 (keylen=blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "808182838485868788898a8b8c8d8e8f",
     .msg_ascii = "Sample message for keylen=blocklen",
     .expect = "d8b733bcf66c644a12323d564e24dcf3fc75f231f3b67968359100c7"},
    {.alg = "hmac(sha3-224)",
     .source = "NIST HMAC_SHA3-224.pdf, sample #3 (keylen>blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
            "a0a1a2a3a4a5a6a7a8a9aaab",
     .msg_ascii = "Sample message for keylen>blocklen",
     .expect = "078695eecc227c636ad31d063a15dd05a7e819a66ec6d8de1e193e59"},
    {.alg = "hmac(sha3-256)",
     .source = "NIST HMAC_SHA3-256.pdf, sample #1 (keylen<blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     .msg_ascii = "Sample message for keylen<blocklen",
     .expect = "4fe8e202c4f058e8dddc23d8c34e467343e23555e24fc2f025d598f558f67205"},
    {.alg = "hmac(sha3-256)",
     .source = "NIST HMAC_SHA3-256.pdf, sample #2 (keylen=blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "8081828384858687",
     .msg_ascii = "Sample message for keylen=blocklen",
     .expect = "68b94e2e538a9be4103bebb5aa016d47961d4d1aa906061313b557f8af2c3faa"},
    {.alg = "hmac(sha3-256)",
     .source = "NIST HMAC_SHA3-256.pdf, sample #3 (keylen>blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
            "a0a1a2a3a4a5a6a7",
     .msg_ascii = "Sample message for keylen>blocklen",
     .expect = "9bcf2c238e235c3ce88404e813bd2f3a97185ac6f238c63d6229a00b07974258"},
    {.alg = "hmac(sha3-384)",
     .source = "NIST HMAC_SHA3-384.pdf, sample #1 (keylen<blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f",
     .msg_ascii = "Sample message for keylen<blocklen",
     .expect = "d588a3c51f3f2d906e8298c1199aa8ff6296218127f6b38a90b6afe2c5617725"
               "bc99987f79b22a557b6520db710b7f42"},
    {.alg = "hmac(sha3-384)",
     .source = "NIST HMAC_SHA3-384.pdf, sample #2 (keylen=blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "6061626364656667",
     .msg_ascii = "Sample message for keylen=blocklen",
     .expect = "a27d24b592e8c8cbf6d4ce6fc5bf62d8fc98bf2d486640d9eb8099e24047837f"
               "5f3bffbe92dcce90b4ed5b1e7e44fa90"},
    {.alg = "hmac(sha3-384)",
     .source = "NIST HMAC_SHA3-384.pdf, sample #3 (keylen>blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "808182838485868788898a8b8c8d8e8f9091929394959697",
     .msg_ascii = "Sample message for keylen>blocklen",
     .expect = "e5ae4c739f455279368ebf36d4f5354c95aa184c899d3870e460ebc288ef1f94"
               "70053f73f7c6da2a71bcaec38ce7d6ac"},
    {.alg = "hmac(sha3-512)",
     .source = "NIST HMAC_SHA3-512.pdf, sample #1 (keylen<blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
     .msg_ascii = "Sample message for keylen<blocklen",
     .expect = "4efd629d6c71bf86162658f29943b1c308ce27cdfa6db0d9c3ce81763f9cbce5"
               "f7ebe9868031db1a8f8eb7b6b95e5c5e3f657a8996c86a2f6527e307f0213196"},
    {.alg = "hmac(sha3-512)",
     .source = "NIST HMAC_SHA3-512.pdf, sample #2 (keylen=blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "4041424344454647",
     .msg_ascii = "Sample message for keylen=blocklen",
     .expect = "544e257ea2a3e5ea19a590e6a24b724ce6327757723fe2751b75bf007d80f6b3"
               "60744bf1b7a88ea585f9765b47911976d3191cf83c039f5ffab0d29cc9d9b6da"},
    {.alg = "hmac(sha3-512)",
     .source = "NIST HMAC_SHA3-512.pdf, sample #3 (keylen>blocklen)",
     .key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
            "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
            "8081828384858687",
     .msg_ascii = "Sample message for keylen>blocklen",
     .expect = "5f464f5e5b7848e3885e49b2c385f0694985d0e38966242dc4a5fe3fea4b37d4"
               "6b65ceced5dcf59438dd840bab22269f0ba7febdb9fcf74602a35666b2a32915"},
    {.alg = NULL},
};

const size_t cb_vectors_hmac_count = CB_VECTORS_ROWS(cb_vectors_hmac);
