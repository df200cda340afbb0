/*
 * kernels/check/vectors/vectors_digest.c - known answers for the digests, from the documents that
 * define them: the RFC 1321 appendix A.5 test suite; the "abc", two-block and
 * one-million-'a' examples of FIPS 180-2 appendices A-D (NIST moved them out of
 * FIPS 180-4 into its example-values pages unchanged) and of RFC 3874 for SHA-224;
 * the empty message from the NIST CAVP SHAVS ShortMsg files (Len = 0 record).
 * SHA-512/224 and SHA-512/256: NIST's FIPS 180-4 example values (SHA512_224.pdf,
 * SHA512_256.pdf) and the CAVP empty message.  SHA-3: NIST's FIPS 202 example values
 * for byte-oriented messages (SHA3-*_Msg0.pdf and SHA3-*_1600.pdf, 200 bytes of
 * 0xa3) and the SHA3VS ShortMsg records one byte short of the rate (the suffix and
 * both padding bits share one byte, 0x86) and of exactly the rate (the padding
 * fills a block of its own), which CAVP's files hold for every byte length up to it.
 * MD4: RFC 1320 appendix A.5.  RIPEMD-160: the test values on its designers' page
 * (homes.esat.kuleuven.be/~bosselae/ripemd160.html), one million 'a' included.
 * Whirlpool: the test vectors of ISO/IEC 10118-3 that its designers list with their
 * reference code (the 2003 version).  MDC-2: the value OpenSSL's own test checks for
 * its default padding and the examples of the MDC-2 encyclopedia article (one with a
 * zero-filled last block), which agree with it.
 * SM3: the two examples of GB/T 32905-2016 appendix A (also in draft-sca-cfrg-sm3).
 * BLAKE2b-512 and BLAKE2s-256: RFC 7693's appendix examples and the empty message.
 * The first three were also checked against Debian's OpenSSL (legacy provider).
 */
#include "kernels/check/vectors/vectors.h"

const cb_vector cb_vectors_digest[] = {
    {.alg = "mdc2",
     .source = "OpenSSL test/mdc2test.c pad1 (its default padding), 'Now is the time for all '",
     .msg_ascii = "Now is the time for all ",
     .expect = "42e50cd224baceba760bdd2bd409281a"},
    {.alg = "mdc2",
     .source = "MDC-2 article's example (43 bytes, the last block zero-filled), 'The quick "
               "brown fox jumps over the lazy dog'",
     .msg_ascii = "The quick brown fox jumps over the lazy dog",
     .expect = "000ed54e093d61679aefbeae05bfe33a"},
    {.alg = "mdc2",
     .source = "MDC-2 article's example, 'The quick brown fox jumps over the lazy cog'",
     .msg_ascii = "The quick brown fox jumps over the lazy cog",
     .expect = "775f59f8e51aec29c57ac6ab850d58e8"},
    {.alg = "mdc2",
     .source = "MDC-2 article's example, the empty message: the initial values H and H~",
     .msg_ascii = "",
     .expect = "52525252525252522525252525252525"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('')",
     .msg_ascii = "",
     .expect = "31d6cfe0d16ae931b73c59d7e0c089c0"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('a')",
     .msg_ascii = "a",
     .expect = "bde52cb31de33e46245e05fbdbd6fb24"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('abc')",
     .msg_ascii = "abc",
     .expect = "a448017aaf21d8525fc10ae87aa6729d"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('message digest')",
     .msg_ascii = "message digest",
     .expect = "d9130a8164549fe818874806e1c7014b"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('a...z')",
     .msg_ascii = "abcdefghijklmnopqrstuvwxyz",
     .expect = "d79e1c308aa5bbcdeea8ed63df412da9"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 ('A...Za...z0...9')",
     .msg_ascii = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123"
                  "456789",
     .expect = "043f8582f241db351ce627e153e7f0e4"},
    {.alg = "md4",
     .source = "RFC 1320 A.5, MD4 (8 x '1234567890')",
     .msg_ascii = "1234567890", .repeat = 8,
     .expect = "e33b4ddc9c38f2199c3e7b164fcc0536"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('')",
     .msg_ascii = "",
     .expect = "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('a')",
     .msg_ascii = "a",
     .expect = "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('abc')",
     .msg_ascii = "abc",
     .expect = "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('message digest')",
     .msg_ascii = "message digest",
     .expect = "5d0689ef49d2fae572b881b123a85ffa21595f36"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('a...z')",
     .msg_ascii = "abcdefghijklmnopqrstuvwxyz",
     .expect = "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('abcdbcde...nopq')",
     .msg_ascii = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     .expect = "12a053384a9c0c88e405a06c27dcf49ada62eb2b"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 ('A...Za...z0...9')",
     .msg_ascii = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123"
                  "456789",
     .expect = "b0e20b6e3116640286ed3a87a5713079b21f5189"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 (8 x '1234567890')",
     .msg_ascii = "1234567890", .repeat = 8,
     .expect = "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
    {.alg = "rmd160",
     .source = "RIPEMD-160 page (Bosselaers), RIPEMD-160 (one million 'a')",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "52783243c1697bdbe16d37f97f68f08325dc1528"},
    {.alg = "sm3",
     .source = "GB/T 32905-2016 appendix A.1, example 1 ('abc')",
     .msg_ascii = "abc",
     .expect = "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
    {.alg = "sm3",
     .source = "GB/T 32905-2016 appendix A.2, example 2 ('abcd' 16 times: two blocks)",
     .msg_ascii = "abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd",
     .expect = "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"},
    {.alg = "blake2b512",
     .source = "RFC 7693 appendix A, BLAKE2b-512 ('abc')",
     .msg_ascii = "abc",
     .expect = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
               "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"},
    {.alg = "blake2b512",
     .source = "BLAKE2b-512 of the empty message (python3-cryptography-vectors blake2b.txt)",
     .msg_ascii = "",
     .expect = "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
               "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"},
    {.alg = "blake2s256",
     .source = "RFC 7693 appendix B, BLAKE2s-256 ('abc')",
     .msg_ascii = "abc",
     .expect = "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},
    {.alg = "blake2s256",
     .source = "BLAKE2s-256 of the empty message (python3-cryptography-vectors blake2s.txt)",
     .msg_ascii = "",
     .expect = "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('')",
     .msg_ascii = "",
     .expect = "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a7"
               "3e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('a')",
     .msg_ascii = "a",
     .expect = "8aca2602792aec6f11a67206531fb7d7f0dff59413145e6973c45001d0087b42"
               "d11bc645413aeff63a42391a39145a591a92200d560195e53b478584fdae231a"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('abc')",
     .msg_ascii = "abc",
     .expect = "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c"
               "7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('message digest')",
     .msg_ascii = "message digest",
     .expect = "378c84a4126e2dc6e56dcc7458377aac838d00032230f53ce1f5700c0ffb4d3b"
               "8421557659ef55c106b4b52ac5a4aaa692ed920052838f3362e86dbd37a8903e"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('a...z')",
     .msg_ascii = "abcdefghijklmnopqrstuvwxyz",
     .expect = "f1d754662636ffe92c82ebb9212a484a8d38631ead4238f5442ee13b8054e41b"
               "08bf2a9251c30b6a0b8aae86177ab4a6f68f673e7207865d5d9819a3dba4eb3b"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('A...Za...z0...9')",
     .msg_ascii = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123"
                  "456789",
     .expect = "dc37e008cf9ee69bf11f00ed9aba26901dd7c28cdec066cc6af42e40f82f3a1e"
               "08eba26629129d8fb7cb57211b9281a65517cc879d7b962142c65f5a7af01467"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool (8 x '1234567890')",
     .msg_ascii = "1234567890", .repeat = 8,
     .expect = "466ef18babb0154d25b9d38a6414f5c08784372bccb204d6549c4afadb601429"
               "4d5bd8df2a6c44e538cd047b2681a51a2c60481e88c5a20b2c2a80cf3a9a083b"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool (one million 'a')",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "0c99005beb57eff50a7cf005560ddf5d29057fd86b20bfd62deca0f1ccea4af5"
               "1fc15490eddc47af32bb2b66c34ff9ad8c6008ad677f77126953b226e4ed8b01"},
    {.alg = "whirlpool",
     .source = "ISO/IEC 10118-3:2004 annex, Whirlpool ('abcdbcdecdefdefgefghfghighijhijk')",
     .msg_ascii = "abcdbcdecdefdefgefghfghighijhijk",
     .expect = "2a987ea40f917061f5d6f0a0e4644f488a7a5a52deee656207c562f988e95c69"
               "16bdc8031bc5be1b7b947639fe050b56939baaa0adff9ae6745b7b181c3be3fd"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('')",
     .msg_ascii = "",
     .expect = "d41d8cd98f00b204e9800998ecf8427e"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('a')",
     .msg_ascii = "a",
     .expect = "0cc175b9c0f1b6a831c399e269772661"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('abc')",
     .msg_ascii = "abc",
     .expect = "900150983cd24fb0d6963f7d28e17f72"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('message digest')",
     .msg_ascii = "message digest",
     .expect = "f96b697d7cb7938d525a2f31aaf161d0"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('a...z')",
     .msg_ascii = "abcdefghijklmnopqrstuvwxyz",
     .expect = "c3fcd3d76192e4007dfb496cca67e13b"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 ('A...Za...z0...9')",
     .msg_ascii = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123"
                  "456789",
     .expect = "d174ab98d277d9f5a5611c2c9f419d9f"},
    {.alg = "md5",
     .source = "RFC 1321 A.5, MD5 (8 x '1234567890')",
     .msg_ascii = "12345678901234567890123456789012345678901234567890123456"
                  "789012345678901234567890",
     .expect = "57edf4a22be3c955ac49da2e2107b67a"},
    {.alg = "sha1",
     .source = "FIPS 180-2 appendix A.1, SHA-1 'abc'",
     .msg_ascii = "abc",
     .expect = "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {.alg = "sha1",
     .source = "FIPS 180-2 appendix A.2, SHA-1 448-bit two-block message",
     .msg_ascii = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     .expect = "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {.alg = "sha1",
     .source = "FIPS 180-2 appendix A.3, SHA-1 one million 'a'",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
    {.alg = "sha1",
     .source = "NIST CAVP SHA1ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
    {.alg = "sha224",
     .source = "RFC 3874 section 3.1, SHA-224 'abc'",
     .msg_ascii = "abc",
     .expect = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {.alg = "sha224",
     .source = "RFC 3874 section 3.2, SHA-224 448-bit message",
     .msg_ascii = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     .expect = "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
    {.alg = "sha224",
     .source = "RFC 3874 section 3.3, SHA-224 one million 'a'",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {.alg = "sha224",
     .source = "NIST CAVP SHA224ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
    {.alg = "sha256",
     .source = "FIPS 180-2 appendix B.1, SHA-256 'abc'",
     .msg_ascii = "abc",
     .expect = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {.alg = "sha256",
     .source = "FIPS 180-2 appendix B.2, SHA-256 448-bit two-block message",
     .msg_ascii = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     .expect = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {.alg = "sha256",
     .source = "FIPS 180-2 appendix B.3, SHA-256 one million 'a'",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {.alg = "sha256",
     .source = "NIST CAVP SHA256ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {.alg = "sha384",
     .source = "FIPS 180-2 appendix D.1, SHA-384 'abc'",
     .msg_ascii = "abc",
     .expect = "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
               "8086072ba1e7cc2358baeca134c825a7"},
    {.alg = "sha384",
     .source = "FIPS 180-2 appendix D.2, SHA-384 896-bit two-block message",
     .msg_ascii = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     .expect = "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
               "fcc7c71a557e2db966c3e9fa91746039"},
    {.alg = "sha384",
     .source = "FIPS 180-2 appendix D.3, SHA-384 one million 'a'",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
               "07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {.alg = "sha384",
     .source = "NIST CAVP SHA384ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
               "274edebfe76f65fbd51ad2f14898b95b"},
    {.alg = "sha512",
     .source = "FIPS 180-2 appendix C.1, SHA-512 'abc'",
     .msg_ascii = "abc",
     .expect = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {.alg = "sha512",
     .source = "FIPS 180-2 appendix C.2, SHA-512 896-bit two-block message",
     .msg_ascii = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     .expect = "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
               "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {.alg = "sha512",
     .source = "FIPS 180-2 appendix C.3, SHA-512 one million 'a'",
     .msg_ascii = "a", .repeat = 1000000,
     .expect = "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
               "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
    {.alg = "sha512",
     .source = "NIST CAVP SHA512ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
               "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {.alg = "sha512-224",
     .source = "NIST FIPS 180-4 example values, SHA512_224 'abc'",
     .msg_ascii = "abc",
     .expect = "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
    {.alg = "sha512-224",
     .source = "NIST FIPS 180-4 example values, SHA512_224 896-bit two-block message",
     .msg_ascii = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     .expect = "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
    {.alg = "sha512-224",
     .source = "NIST CAVP SHA512_224ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4"},
    {.alg = "sha512-256",
     .source = "NIST FIPS 180-4 example values, SHA512_256 'abc'",
     .msg_ascii = "abc",
     .expect = "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
    {.alg = "sha512-256",
     .source = "NIST FIPS 180-4 example values, SHA512_256 896-bit two-block message",
     .msg_ascii = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     .expect = "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
    {.alg = "sha512-256",
     .source = "NIST CAVP SHA512_256ShortMsg.rsp, Len = 0 (empty message)",
     .msg_ascii = "",
     .expect = "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"},
    {.alg = "sha3-224",
     .source = "NIST FIPS 202 example values, SHA3-224_Msg0 (empty)",
     .msg_ascii = "",
     .expect = "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"},
    {.alg = "sha3-224",
     .source = "NIST FIPS 202 example values, SHA3-224_1600 (200 x 0xa3)",
     .msg_ascii = "\xa3", .repeat = 200,
     .expect = "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"},
    {.alg = "sha3-224",
     .source = "NIST CAVP SHA3_224ShortMsg.rsp, Len = 1144 (rate - 1 bytes)",
     .msg = "0eef947f1e4f01cdb5481ca6eaa25f2caca4c401612888fecef52e283748c8df"
            "c7b47259322c1f4f985f98f6ad44c13117f51e0517c0974d6c7b78af7419bcce"
            "957b8bc1db8801c5e280312ef78d6aa47a9cb98b866aaec3d5e26392dda6bbde"
            "3fece8a0628b30955b55f03711a8e1eb9e409a7cf84f56c8d0d0f8b9ba184c77"
            "8fae90dc0f5c3329cb86dcf743bbae",
     .expect = "98ec52c21cb988b1434b1653dd4ac806d118de6af1bb471c16577c34"},
    {.alg = "sha3-224",
     .source = "NIST CAVP SHA3_224ShortMsg.rsp, Len = 1152 (one whole rate)",
     .msg = "e65de91fdcb7606f14dbcfc94c9c94a57240a6b2c31ed410346c4dc011526559"
            "e44296fc988cc589de2dc713d0e82492d4991bd8c4c5e6c74c753fc09345225e"
            "1db8d565f0ce26f5f5d9f404a28cf00bd655a5fe04edb682942d675b86235f23"
            "5965ad422ba5081a21865b8209ae81763e1c4c0cccbccdaad539cf773413a50f"
            "5ff1267b9238f5602adc06764f775d3c",
     .expect = "26ec9df54d9afe11710772bfbeccc83d9d0439d3530777c81b8ae6a3"},
    {.alg = "sha3-256",
     .source = "NIST FIPS 202 example values, SHA3-256_Msg0 (empty)",
     .msg_ascii = "",
     .expect = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    {.alg = "sha3-256",
     .source = "NIST FIPS 202 example values, SHA3-256_1600 (200 x 0xa3)",
     .msg_ascii = "\xa3", .repeat = 200,
     .expect = "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
    {.alg = "sha3-256",
     .source = "NIST CAVP SHA3_256ShortMsg.rsp, Len = 1080 (rate - 1 bytes)",
     .msg = "b1f6076509938432145bb15dbe1a7b2e007934be5f753908b50fd24333455970"
            "a7429f2ffbd28bd6fe1804c4688311f318fe3fcd9f6744410243e115bcb00d7e"
            "039a4fee4c326c2d119c42abd2e8f4155a44472643704cc0bc72403b8a8ab0fd"
            "4d68e04a059d6e5ed45033b906326abb4eb4147052779bad6a03b55ca5bd8b14"
            "0e131bed2dfada",
     .expect = "f82d9602b231d332d902cb6436b15aef89acc591cb8626233ced20c0a6e80d7a"},
    {.alg = "sha3-256",
     .source = "NIST CAVP SHA3_256ShortMsg.rsp, Len = 1088 (one whole rate)",
     .msg = "56ea14d7fcb0db748ff649aaa5d0afdc2357528a9aad6076d73b2805b53d89e7"
            "3681abfad26bee6c0f3d20215295f354f538ae80990d2281be6de0f6919aa9eb"
            "048c26b524f4d91ca87b54c0c54aa9b54ad02171e8bf31e8d158a9f586e92ffc"
            "e994ecce9a5185cc80364d50a6f7b94849a914242fcb73f33a86ecc83c340363"
            "0d20650ddb8cd9c4",
     .expect = "4beae3515ba35ec8cbd1d94567e22b0d7809c466abfbafe9610349597ba15b45"},
    {.alg = "sha3-384",
     .source = "NIST FIPS 202 example values, SHA3-384_Msg0 (empty)",
     .msg_ascii = "",
     .expect = "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
               "c3713831264adb47fb6bd1e058d5f004"},
    {.alg = "sha3-384",
     .source = "NIST FIPS 202 example values, SHA3-384_1600 (200 x 0xa3)",
     .msg_ascii = "\xa3", .repeat = 200,
     .expect = "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd"
               "76197a31fd55ee989f2d7050dd473e8f"},
    {.alg = "sha3-384",
     .source = "NIST CAVP SHA3_384ShortMsg.rsp, Len = 824 (rate - 1 bytes)",
     .msg = "6c36147652e71b560becbca1e7656c81b4f70bece26321d5e55e67a3db9d89e2"
            "6f2f2a38fd0f289bf7fa22c2877e38d9755412794cef24d7b855303c332e0cb5"
            "e01aa50bb74844f5e345108d6811d5010978038b699ffaa370de8473f0cda38b"
            "89a28ed6cabaf6",
     .expect = "b1319192df11faa00d3c4b068becc8f1ba3b00e0d1ff1f93c11a3663522fdb92"
               "ab3cca389634687c632e0a4b5a26ce92"},
    {.alg = "sha3-384",
     .source = "NIST CAVP SHA3_384ShortMsg.rsp, Len = 832 (one whole rate)",
     .msg = "92c41d34bd249c182ad4e18e3b856770766f1757209675020d4c1cf7b6f7686c"
            "8c1472678c7c412514e63eb9f5aee9f5c9d5cb8d8748ab7a5465059d9cbbb8a5"
            "6211ff32d4aaa23a23c86ead916fe254cc6b2bff7a9553df1551b531f95bb41c"
            "bbc4acddbd372921",
     .expect = "71307eec1355f73e5b726ed9efa1129086af81364e30a291f684dfade693cc4b"
               "c3d6ffcb7f3b4012a21976ff9edcab61"},
    {.alg = "sha3-512",
     .source = "NIST FIPS 202 example values, SHA3-512_Msg0 (empty)",
     .msg_ascii = "",
     .expect = "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
               "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
    {.alg = "sha3-512",
     .source = "NIST FIPS 202 example values, SHA3-512_1600 (200 x 0xa3)",
     .msg_ascii = "\xa3", .repeat = 200,
     .expect = "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
               "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
    {.alg = "sha3-512",
     .source = "NIST CAVP SHA3_512ShortMsg.rsp, Len = 568 (rate - 1 bytes)",
     .msg = "b0de0430c200d74bf41ea0c92f8f28e11b68006a884e0d4b0d884533ee58b38a"
            "438cc1a75750b6434f467e2d0cd9aa4052ceb793291b93ef83fd5d8620456ce1"
            "aff2941b3605a4",
     .expect = "9e9e469ca9226cd012f5c9cc39c96adc22f420030fcee305a0ed27974e3c8027"
               "01603dac873ae4476e9c3d57e55524483fc01adaef87daa9e304078c59802757"},
    {.alg = "sha3-512",
     .source = "NIST CAVP SHA3_512ShortMsg.rsp, Len = 576 (one whole rate)",
     .msg = "0ce9f8c3a990c268f34efd9befdb0f7c4ef8466cfdb01171f8de70dc5fefa92a"
            "cbe93d29e2ac1a5c2979129f1ab08c0e77de7924ddf68a209cdfa0adc62f85c1"
            "8637d9c6b33f4ff8",
     .expect = "b018a20fcf831dde290e4fb18c56342efe138472cbe142da6b77eea4fce52588"
               "c04c808eb32912faa345245a850346faec46c3a16d39bd2e1ddb1816bc57d2da"},
    {.alg = NULL},
};

const size_t cb_vectors_digest_count = CB_VECTORS_ROWS(cb_vectors_digest);
