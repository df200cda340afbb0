/*
 * kernels/check/vectors_rc4.c - RC4 known answers from RFC 6229 section 2: the first
 * 32 keystream bytes (its offsets 0 and 16) for 40-, 128- and 256-bit keys of both of
 * its key sets, as the encryption of 32 zero bytes.  The later offsets are read from
 * the package's rfc-6229-*.txt files by kat.
 */
#include "kernels/check/vectors/vectors.h"

#define ZERO32 "0000000000000000000000000000000000000000000000000000000000000000"
#define RC4(src, k, e) {"rc4", src, k, NULL, NULL, ZERO32, NULL, 0, e, NULL}

const cb_vector cb_vectors_rc4[] = {
    RC4("RFC 6229, 40-bit key 0102030405, offsets 0 and 16", "0102030405",
        "b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919"),
    RC4("RFC 6229, 40-bit key 833222772a, offsets 0 and 16", "833222772a",
        "80ad97bdc973df8a2e879e92a497efda20f060c2f2e5126501d3d4fea10d5fc0"),
    RC4("RFC 6229, 128-bit key 0102..10, offsets 0 and 16", "0102030405060708090a0b0c0d0e0f10",
        "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c"),
    RC4("RFC 6229, 128-bit key ebb4..2a, offsets 0 and 16", "ebb46227c6cc8b37641910833222772a",
        "720c94b63edf44e131d950ca211a5a30c366fdeacf9ca80436be7c358424d20b"),
    RC4("RFC 6229, 256-bit key 0102..20, offsets 0 and 16",
        "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
        "eaa6bd25880bf93d3f5d1e4ca2611d91cfa45c9f7e714b54bdfa80027cb14380"),

    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL},
};

const size_t cb_vectors_rc4_count = CB_VECTORS_ROWS(cb_vectors_rc4);
