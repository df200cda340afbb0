/*
 * kernels/check/vectors/vectors_chacha.c - ChaCha20 and ChaCha20-Poly1305 known answers from
 * RFC 8439 (which keeps RFC 7539's examples): the block function's keystream of
 * Appendix A.1 #1 (all-zero key and nonce, counter 0), A.2 #3 (counter 42, text over
 * two blocks and a partial one) and the AEAD example of section 2.8.2.  The chacha20
 * IV is OpenSSL's: the block counter little-endian, then the 12-byte nonce.  The
 * package's rfc7539.txt, openssl.txt and boringssl.txt are read by kat.
 */
#include "kernels/check/vectors/vectors.h"

#define ZERO32 "0000000000000000000000000000000000000000000000000000000000000000"

const cb_vector cb_vectors_chacha[] = {
    {"chacha20", "RFC 8439 A.1 test vector #1: zero key and nonce, counter 0", ZERO32,
     "00000000" "000000000000000000000000", NULL, ZERO32 ZERO32, NULL, 0,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
     "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
     NULL},
    {"chacha20", "RFC 8439 A.2 test vector #3: counter 42, 127 bytes",
     "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
     "2a000000" "000000000000000000000002", NULL,
     "2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a446964"
     "206779726520616e642067696d626c6520696e2074686520776162653a0a416c6c206d696d7379"
     "20776572652074686520626f726f676f7665732c0a416e6420746865206d6f6d65207261746873"
     "206f757467726162652e",
     NULL, 0,
     "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721ca"
     "f9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553ebf39c6402c42234e32a356b3e7643"
     "12a61a5532055716ead6962568f87d3f3f7704c6a8d1bcd1bf4d50d6154b6da731b187b58dfd72"
     "8afa36757a797ac188d1",
     NULL},
    {"chacha20-poly1305", "RFC 8439 2.8.2 AEAD example",
     "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7", NULL,
     "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
     "the future, sunscreen would be it.",
     0,
     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca96712"
     "82fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58"
     "fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116",
     "1ae10b594f09e26a7e902ecbd0600691"},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_chacha_count = CB_VECTORS_ROWS(cb_vectors_chacha);

/* RFC 8439 A.3 #5 to #11: Poly1305 alone (key, msg, expect the tag), accumulators
 * that land on or just past 2^130 - 5, where a final reduction or a carry goes wrong
 * first; an AEAD message almost never reaches them, so check.c runs these through
 * every chacha20-poly1305 variant's own Poly1305 (alg "poly1305" is no algorithm). */
const cb_vector cb_vectors_poly1305[] = {
    {"poly1305", "RFC 8439 A.3 #5: h reaches 2^130 - 5 + 2^128",
     "0200000000000000000000000000000000000000000000000000000000000000", NULL, NULL,
     "ffffffffffffffffffffffffffffffff", NULL, 0, "03000000000000000000000000000000",
     NULL},
    {"poly1305", "RFC 8439 A.3 #6: h + s wraps 2^128",
     "02000000000000000000000000000000ffffffffffffffffffffffffffffffff", NULL, NULL,
     "02000000000000000000000000000000", NULL, 0, "03000000000000000000000000000000",
     NULL},
    {"poly1305", "RFC 8439 A.3 #7: a carry out of the top limb",
     "0100000000000000000000000000000000000000000000000000000000000000", NULL, NULL,
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff"
     "11000000000000000000000000000000",
     NULL, 0, "05000000000000000000000000000000", NULL},
    {"poly1305", "RFC 8439 A.3 #8: h lands exactly on 2^130 - 5",
     "0100000000000000000000000000000000000000000000000000000000000000", NULL, NULL,
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe"
     "01010101010101010101010101010101",
     NULL, 0, "00000000000000000000000000000000", NULL},
    {"poly1305", "RFC 8439 A.3 #9: h is 2^130 - 6",
     "0200000000000000000000000000000000000000000000000000000000000000", NULL, NULL,
     "fdffffffffffffffffffffffffffffff", NULL, 0, "faffffffffffffffffffffffffffffff",
     NULL},
    {"poly1305", "RFC 8439 A.3 #10: h past 2^130 - 5 after a long multiply",
     "0100000000000000040000000000000000000000000000000000000000000000", NULL, NULL,
     "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
     "0000000000000000000000000000000001000000000000000000000000000000",
     NULL, 0, "14000000000000005500000000000000", NULL},
    {"poly1305", "RFC 8439 A.3 #11: as #10 without its last block",
     "0100000000000000040000000000000000000000000000000000000000000000", NULL, NULL,
     "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000",
     NULL, 0, "13000000000000000000000000000000", NULL},

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_poly1305_count = CB_VECTORS_ROWS(cb_vectors_poly1305);
