/*
 * kernels/digests.h - the digests, written once.
 *
 * CB_DIGESTS(P, A, arg) is one list of two kinds of rows:
 *
 *   P(NAME, name, check, summary, arg)   a compression function (or sponge absorb
 *       step): CB_PRIM_NAME (kernels/kernel.h), the declaration of its portable
 *       kernel cb_name_generic_ops (kernels/generic/generic.h), the generic family's
 *       row with summary (kernels/generic/family.c); check is the ABI test's checker
 *       (digest or sponge, tests/abi/variants.c).
 *   A(alg, aliases, NAME, block, out, shape, iv, hmac, arg)   an algorithm over the
 *       primitive NAME: its row in the algorithm table (kernels/algs.c), in this
 *       list's order (`openssl speed`'s); block bytes per kernel call, out bytes of
 *       output; shape and iv its padding and initial value (kernels/modes/digest.c:
 *       shape a SHAPE_ suffix, iv one of CB_DIGEST_IV8/32/64 or CB_DIGEST_IV_NONE);
 *       hmac 1 gives it an hmac(alg) row after every digest, 0 none.
 *
 * arg is what the caller passes on.  A new digest is its kernel file
 * (kernels/generic/NAME.c defining cb_NAME_generic_ops), a P row with its A rows here,
 * and its vectors (kernels/check/vectors_digest.c).
 */
#ifndef CB_DIGESTS_H
#define CB_DIGESTS_H

/* CB_DIGEST_IV8/32/64(...): an initial chaining value in native words of that width,
 * as the address and byte length kernels/modes/digest.c keeps; CB_DIGEST_IV_NONE for
 * the sponge, which starts from all-zero lanes. */
#define CB_DIGEST_IV8(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})
#define CB_DIGEST_IV32(...)                                                              \
    (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__})
#define CB_DIGEST_IV64(...)                                                              \
    (const uint64_t[]){__VA_ARGS__}, sizeof((const uint64_t[]){__VA_ARGS__})
#define CB_DIGEST_IV_NONE NULL, 0

/* RFC 1321 section 3.3, words A..D as numbers (the RFC lists their bytes low first);
 * RFC 1320 section 3.3 gives MD4 the same words. */
#define CB_DIGEST_IV_MD5 CB_DIGEST_IV32(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476)
/* FIPS 180-4 section 5.3.1; RIPEMD-160 starts from the same five words, which its
 * specification lists. */
#define CB_DIGEST_IV_SHA1                                                                \
    CB_DIGEST_IV32(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0)

#define CB_DIGESTS(P, A, arg)                                                            \
    /* MDC-2's block is DES's; its H and H~ are ISO/IEC 10118-2 7.1's two 8-byte       \
     * initial values */                                                               \
    P(MDC2, mdc2, digest, "portable C over the generic DES (ISO/IEC 10118-2)", arg)      \
    A("mdc2", "", MDC2, 8, 16, ZERO,                                                     \
      CB_DIGEST_IV8(0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x25, 0x25, 0x25,   \
                    0x25, 0x25, 0x25, 0x25, 0x25),                                       \
      0, arg)                                                                            \
    P(MD4, md4, digest, "portable C (RFC 1320)", arg)                                    \
    A("md4", "", MD4, 64, 16, MD5, CB_DIGEST_IV_MD5, 0, arg)                             \
    P(MD5, md5, digest, "portable C (RFC 1321)", arg)                                    \
    A("md5", "ssl3-md5", MD5, 64, 16, MD5, CB_DIGEST_IV_MD5, 1, arg)                     \
    P(SHA1, sha1, digest, "portable C (FIPS 180-4)", arg)                                \
    A("sha1", "sha-1 ssl3-sha1", SHA1, 64, 20, SHA32, CB_DIGEST_IV_SHA1, 1, arg)         \
    P(RMD160, rmd160, digest, "portable C (RIPEMD-160 specification), both lines unrolled", \
      arg)                                                                               \
    A("rmd160", "ripemd160 ripemd ripemd-160 rmd-160", RMD160, 64, 20, MD5,              \
      CB_DIGEST_IV_SHA1, 0, arg)                                                         \
    /* sha224 and sha256 share the compression function; FIPS 180-4 5.3.2, 5.3.3 */    \
    P(SHA256, sha256, digest, "portable C (FIPS 180-4)", arg)                            \
    A("sha224", "sha-224 sha2-224", SHA256, 64, 28, SHA32,                               \
      CB_DIGEST_IV32(0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31,        \
                     0x68581511, 0x64f98fa7, 0xbefa4fa4),                                \
      1, arg)                                                                            \
    A("sha256", "sha-256 sha2-256", SHA256, 64, 32, SHA32,                               \
      CB_DIGEST_IV32(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f,        \
                     0x9b05688c, 0x1f83d9ab, 0x5be0cd19),                                \
      1, arg)                                                                            \
    /* sha384, sha512, sha512-224 and sha512-256 likewise; FIPS 180-4 5.3.4, 5.3.5 and  \
     * 5.3.6.1, 5.3.6.2 (5.3.6's IV generation function applied to "SHA-512/t") */     \
    P(SHA512, sha512, digest, "portable C (FIPS 180-4)", arg)                            \
    A("sha384", "sha-384 sha2-384", SHA512, 128, 48, SHA64,                              \
      CB_DIGEST_IV64(0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,        \
                     0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,        \
                     0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4),                            \
      1, arg)                                                                            \
    A("sha512", "sha-512 sha2-512", SHA512, 128, 64, SHA64,                              \
      CB_DIGEST_IV64(0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,        \
                     0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,        \
                     0x1f83d9abfb41bd6b, 0x5be0cd19137e2179),                            \
      1, arg)                                                                            \
    A("sha512-224", "sha512/224 sha-512/224 sha2-512/224", SHA512, 128, 28, SHA64,       \
      CB_DIGEST_IV64(0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82,        \
                     0x679dd514582f9fcf, 0x0f6d2b697bd44da8, 0x77e36f7304c48942,        \
                     0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1),                            \
      1, arg)                                                                            \
    A("sha512-256", "sha512/256 sha-512/256 sha2-512/256", SHA512, 128, 32, SHA64,       \
      CB_DIGEST_IV64(0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151,        \
                     0x963877195940eabd, 0x96283ee2a88effe3, 0xbe5e1e2553863992,        \
                     0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2),                            \
      1, arg)                                                                            \
    /* Whirlpool starts from the all-zero state (ISO/IEC 10118-3 10.1) */              \
    P(WHIRLPOOL, whirlpool, digest, "portable C, eight 2 KiB row tables (ISO/IEC 10118-3)", \
      arg)                                                                               \
    A("whirlpool", "", WHIRLPOOL, 64, 64, WHIRL, CB_DIGEST_IV64(0, 0, 0, 0, 0, 0, 0, 0),  \
      0, arg)                                                                            \
    /* SHA-3 (FIPS 202): the block is the sponge's rate, 200 bytes less twice the       \
     * digest (section 6.1) */                                                         \
    P(SHA3, sha3, sponge, "portable C Keccak-f[1600] (FIPS 202)", arg)                   \
    A("sha3-224", "", SHA3, 144, 28, SPONGE, CB_DIGEST_IV_NONE, 1, arg)                  \
    A("sha3-256", "", SHA3, 136, 32, SPONGE, CB_DIGEST_IV_NONE, 1, arg)                  \
    A("sha3-384", "", SHA3, 104, 48, SPONGE, CB_DIGEST_IV_NONE, 1, arg)                  \
    A("sha3-512", "", SHA3, 72, 64, SPONGE, CB_DIGEST_IV_NONE, 1, arg)                  \
    /* SM3 pads as SHA-256 does; its IV is GB/T 32905-2016 section 4.1's */             \
    P(SM3, sm3, digest, "portable C (GB/T 32905-2016)", arg)                             \
    A("sm3", "", SM3, 64, 32, SHA32,                                                     \
      CB_DIGEST_IV32(0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc,        \
                     0x163138aa, 0xe38dee4d, 0xb0fb0e4e),                                \
      0, arg)                                                                            \
    /* BLAKE2 (RFC 7693): the IV with the parameter block of an unkeyed digest of the  \
     * full length folded into its first word (h0 ^ 0x01010000 ^ nn, section 2.5) */   \
    P(BLAKE2B, blake2b, digest, "portable C (RFC 7693), rounds unrolled", arg)           \
    A("blake2b512", "blake2b blake2b-512", BLAKE2B, 128, 64, B2B,                        \
      CB_DIGEST_IV64(0x6a09e667f2bdc948, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,        \
                     0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,        \
                     0x1f83d9abfb41bd6b, 0x5be0cd19137e2179),                            \
      0, arg)                                                                            \
    P(BLAKE2S, blake2s, digest, "portable C (RFC 7693), rounds unrolled", arg)           \
    A("blake2s256", "blake2s blake2s-256", BLAKE2S, 64, 32, B2S,                         \
      CB_DIGEST_IV32(0x6b08e647, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f,        \
                     0x9b05688c, 0x1f83d9ab, 0x5be0cd19),                                \
      0, arg)

/* CB_DIGEST_NO_P and CB_DIGEST_NO_A: an expansion's P or A that writes nothing. */
#define CB_DIGEST_NO_P(NAME, name, check, summary, arg)
#define CB_DIGEST_NO_A(alg, aliases, NAME, block, out, shape, iv, hmac, arg)

#endif
