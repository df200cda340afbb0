/*
 * kernels/curves.h - the short-Weierstrass prime curves (y^2 = x^3 + ax + b over GF(p),
 * cofactor 1), written once.
 *
 * CB_ECP_CURVES(X, arg) gives one row per curve:
 *
 *   X(id, sn, curve, bits, sig, p, a, b, gx, gy, n, arg)
 *
 *   id     the suffix of the rows' names: ecdsa<id> (sign, verify) and ecdh<id>
 *          (derive), as `openssl speed` names them (ecdsap384, ecdhbrp256r1)
 *   sn     OpenSSL's short name of the curve (the embedded keys' generation,
 *          scripts/gen-keys.sh, and the library rows)
 *   curve  the name `openssl speed` prints in the row's heading ("ecdsa (nistp384)"),
 *          which is also how an imported log names the row (ecdsa-nistp384)
 *   bits   the key size `openssl speed` prints
 *   sig    1 when this table gives the curve its ecdsa row; P-256's is the row on its
 *          specialised code (CB_PRIM_P256, kernels/algs.c)
 *   p..n   the domain parameters in hex, big-endian: SEC 2 2.2-2.9 (secp160r1,
 *          secp256k1, and P-192 .. P-521, also FIPS 186-4 D.1.2 / SP 800-186 3.2),
 *          RFC 5639 3.4-3.7 (brainpool)
 *
 * The algorithm table (kernels/algs.c) and the curve code (kernels/pkey/ecp_curves.c)
 * both expand it, so a curve is one row here.
 */
#ifndef CB_CURVES_H
#define CB_CURVES_H

#define CB_ECP_CURVES(X, arg)                                                            \
    X(p160, "secp160r1", "secp160r1", 160, 1,                                            \
      "ffffffffffffffffffffffffffffffff7fffffff",                                        \
      "ffffffffffffffffffffffffffffffff7ffffffc",                                        \
      "1c97befc54bd7a8b65acf89f81d4d4adc565fa45",                                        \
      "4a96b5688ef573284664698968c38bb913cbfc82",                                        \
      "23a628553168947d59dcc912042351377ac5fb32",                                        \
      "0100000000000000000001f4c8f927aed3ca752257", arg)                                 \
    X(p192, "prime192v1", "nistp192", 192, 1,                                            \
      "fffffffffffffffffffffffffffffffeffffffffffffffff",                                \
      "fffffffffffffffffffffffffffffffefffffffffffffffc",                                \
      "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1",                                \
      "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012",                                \
      "07192b95ffc8da78631011ed6b24cdd573f977a11e794811",                                \
      "ffffffffffffffffffffffff99def836146bc9b1b4d22831", arg)                           \
    X(p224, "secp224r1", "nistp224", 224, 1,                                             \
      "ffffffffffffffffffffffffffffffff000000000000000000000001",                        \
      "fffffffffffffffffffffffffffffffefffffffffffffffffffffffe",                        \
      "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",                        \
      "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",                        \
      "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",                        \
      "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d", arg)                   \
    X(p256, "prime256v1", "nistp256", 256, 0,                                            \
      "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",                \
      "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",                \
      "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",                \
      "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",                \
      "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",                \
      "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", arg)           \
    X(p384, "secp384r1", "nistp384", 384, 1,                                             \
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"                 \
      "ffffffff0000000000000000ffffffff",                                                \
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"                 \
      "ffffffff0000000000000000fffffffc",                                                \
      "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a"                 \
      "c656398d8a2ed19d2a85c8edd3ec2aef",                                                \
      "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38"                 \
      "5502f25dbf55296c3a545e3872760ab7",                                                \
      "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0"                 \
      "0a60b1ce1d7e819d7a431d7c90ea0e5f",                                                \
      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"                 \
      "581a0db248b0a77aecec196accc52973", arg)                                           \
    X(p521, "secp521r1", "nistp521", 521, 1,                                             \
      "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"                 \
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",            \
      "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"                 \
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc",            \
      "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef1"                 \
      "09e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",            \
      "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d"                 \
      "3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",            \
      "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e"                 \
      "662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",            \
      "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"                 \
      "fffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409", arg)       \
    X(brp256r1, "brainpoolP256r1", "brainpoolP256r1", 256, 1,                            \
      "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377",                \
      "7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9",                \
      "26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6",                \
      "8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262",                \
      "547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997",                \
      "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7", arg)           \
    X(brp256t1, "brainpoolP256t1", "brainpoolP256t1", 256, 1,                            \
      "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377",                \
      "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5374",                \
      "662c61c430d84ea4fe66a7733d0b76b7bf93ebc4af2f49256ae58101fee92b04",                \
      "a3e8eb3cc1cfe7b7732213b23a656149afa142c47aafbc2b79a191562e1305f4",                \
      "2d996c823439c56d7f7b22e14644417e69bcb6de39d027001dabe8f35b25c9be",                \
      "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7", arg)           \
    X(brp384r1, "brainpoolP384r1", "brainpoolP384r1", 384, 1,                            \
      "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123"                 \
      "acd3a729901d1a71874700133107ec53",                                                \
      "7bc382c63d8c150c3c72080ace05afa0c2bea28e4fb22787139165efba91f90f"                 \
      "8aa5814a503ad4eb04a8c7dd22ce2826",                                                \
      "04a8c7dd22ce28268b39b55416f0447c2fb77de107dcd2a62e880ea53eeb62d5"                 \
      "7cb4390295dbc9943ab78696fa504c11",                                                \
      "1d1c64f068cf45ffa2a63a81b7c13f6b8847a3e77ef14fe3db7fcafe0cbd10e8"                 \
      "e826e03436d646aaef87b2e247d4af1e",                                                \
      "8abe1d7520f9c2a45cb1eb8e95cfd55262b70b29feec5864e19c054ff9912928"                 \
      "0e4646217791811142820341263c5315",                                                \
      "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7"                 \
      "cf3ab6af6b7fc3103b883202e9046565", arg)                                           \
    X(brp384t1, "brainpoolP384t1", "brainpoolP384t1", 384, 1,                            \
      "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123"                 \
      "acd3a729901d1a71874700133107ec53",                                                \
      "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123"                 \
      "acd3a729901d1a71874700133107ec50",                                                \
      "7f519eada7bda81bd826dba647910f8c4b9346ed8ccdc64e4b1abd11756dce1d"                 \
      "2074aa263b88805ced70355a33b471ee",                                                \
      "18de98b02db9a306f2afcd7235f72a819b80ab12ebd653172476fecd462aabff"                 \
      "c4ff191b946a5f54d8d0aa2f418808cc",                                                \
      "25ab056962d30651a114afd2755ad336747f93475b7a1fca3b88f2b6a208ccfe"                 \
      "469408584dc2b2912675bf5b9e582928",                                                \
      "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7"                 \
      "cf3ab6af6b7fc3103b883202e9046565", arg)                                           \
    X(brp512r1, "brainpoolP512r1", "brainpoolP512r1", 512, 1,                            \
      "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330871"                 \
      "7d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3",                \
      "7830a3318b603b89e2327145ac234cc594cbdd8d3df91610a83441caea9863bc"                 \
      "2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94ca",                \
      "3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a7"                 \
      "2bf2c7b9e7c1ac4d77fc94cadc083e67984050b75ebae5dd2809bd638016f723",                \
      "81aee4bdd82ed9645a21322e9c4c6a9385ed9f70b5d916c1b43b62eef4d0098e"                 \
      "ff3b1f78e2d0d48d50d1687b93b97d5f7c6d5047406a5e688b352209bcb9f822",                \
      "7dde385d566332ecc0eabfa9cf7822fdf209f70024a57b1aa000c55b881f8111"                 \
      "b2dcde494a5f485e5bca4bd88a2763aed1ca2b2fa8f0540678cd1e0f3ad80892",                \
      "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870"                 \
      "553e5c414ca92619418661197fac10471db1d381085ddaddb58796829ca90069", arg)           \
    X(brp512t1, "brainpoolP512t1", "brainpoolP512t1", 512, 1,                            \
      "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330871"                 \
      "7d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3",                \
      "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330871"                 \
      "7d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f0",                \
      "7cbbbcf9441cfab76e1890e46884eae321f70c0bcb4981527897504bec3e36a6"                 \
      "2bcdfa2304976540f6450085f2dae145c22553b465763689180ea2571867423e",                \
      "640ece5c12788717b9c1ba06cbc2a6feba85842458c56dde9db1758d39c0313d"                 \
      "82ba51735cdb3ea499aa77a7d6943a64f7a3f25fe26f06b51baa2696fa9035da",                \
      "5b534bd595f5af0fa2c892376c84ace1bb4e3019b71634c01131159cae03cee9"                 \
      "d9932184beef216bd71df2dadf86a627306ecff96dbb8bace198b61e00f8b332",                \
      "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870"                 \
      "553e5c414ca92619418661197fac10471db1d381085ddaddb58796829ca90069", arg)           \
    X(secp256k1, "secp256k1", "secp256k1", 256, 1,                                       \
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",                \
      "00",                                                                              \
      "07",                                                                              \
      "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",                \
      "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",                \
      "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", arg)

#endif
