/*
 * kernels/check/vectors/vectors_mlkem.c - ML-KEM known answers for the checks: the
 * first record of each parameter set of tests/data/mlkem-awslc.rsp (AWS-LC 5.5.0's
 * deterministic keygen and encapsulation; that file's header says how it was made).
 * ek, dk and c are kept as their SHA3-256 (FIPS 202) to keep the table small, each
 * computed from the rsp file's hex with Python's hashlib.sha3_256 when this table
 * was written; k and k_rejected are the rsp file's own, the latter the decapsulation
 * of c with bit 0 of its first byte flipped (the file's c_modified).
 */
#include "kernels/check/vectors/vectors.h"

const cb_mlkem_vector cb_vectors_mlkem[] = {
    {"mlkem512", "tests/data/mlkem-awslc.rsp [ML-KEM-512] count = 0 (AWS-LC 5.5.0)",
     "f74273dac224edc46bb1917bb3e1a173d9b67207b62ae8499ad7b28ae5684ba8",
     "65c3ac1a73f4d1bcccd8f25b308e7e00bd9dd7fd08e5d0b80047e83a83144377",
     "bd366c5b4521cd99f677ea338d7e60c80742a1a0b8896c782b7b0f0ebd0e5c6d",
     "1344e5b6563ee43fcdc77969c7b139fc507630d0c94338b5717a92d0bbeeda90",
     "fb1bd0ca17d661c0ab58044766b89a177b767d3763b87bfcd9e615ed3368cd5c",
     "463d445c11437cfd1088951ce1ff1e0dad2cbb3fd152f035e9ea4b4efc634dd8",
     "3343e4b999c890dcb191e145058806bebb1dbc5c08ce4db46512f80cfd35b9a5",
     "88580b5da0bbad48b7a38ffafe3f53fc12cdce819dd6d6fc010db511923e8004"},
    {"mlkem768", "tests/data/mlkem-awslc.rsp [ML-KEM-768] count = 0 (AWS-LC 5.5.0)",
     "a7531d4d3b5300d6d08002181cb7790c911e0ed07d11397ae3d07f9f17e96ba1",
     "1b664ebcbcb7b6cf6c5eafecde5cbc9e645f93fd08a89c726cbe284b62d471fe",
     "4afb563d2f08d3bda04342c650d4537b6deecce7c0b801cb8900132a189fe890",
     "55c9bbeaebcacabe72a4c679622af2bedbe31292e77f2abd3769c00597437ec6",
     "4e9a8396ae9951accae9a1af24cec495843916b47bab751d176217fc38b90703",
     "31cef7c4e620027bf180756b487a06fc41974099e334c1cf63679c483ca6a9f6",
     "40374e27156e4e26b4504d754b7939b6e854a4c47276e3ab914e93fca57c4d25",
     "c3110c72a33899418739a56027a47de2a3afc7dfbc67dd15620dd203f9f34423"},
    {"mlkem1024", "tests/data/mlkem-awslc.rsp [ML-KEM-1024] count = 0 (AWS-LC 5.5.0)",
     "ae4046cbc86aacdfc605e85951ce63b3121218d3c89015d12b2db186845a8ed9",
     "09464dc9fac3143a7cf8c17f38ccebabb30d9d976b64d1b3b7f9ae8e5ce68123",
     "ee5d7de9ed9833999b84cfbd9e2c18fd5ae625290c40e005a7aa3cd86fe036b3",
     "06ba97a2dc3c0addd6793258e152ffa461236e25cd89b9756c37c0008865206d",
     "3bbf3f93f5987257a52c9c27a7232e33466f374b668bdf5451aad249bb4ab104",
     "1b950519b5640096fb3d8b1e6c7a423ada70c81a321ca469101123037f0ec6d8",
     "0ce6225f2925f657dd6df979e5e9399d23055fa872bc46e34b15e5c2ec3f0906",
     "0040c964b7746c9e5d5f424361e6e326340bbd8bee99253f72dca57459f5b62a"},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

const size_t cb_vectors_mlkem_count = CB_VECTORS_ROWS(cb_vectors_mlkem);
