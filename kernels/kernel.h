/*
 * kernels/kernel.h - the interface every kernel variant implements.
 *
 * Three layers, from the bottom up:
 *
 *   primitive ops   what a variant implements: a compression function, an AES key
 *                   schedule plus block modes, a GHASH multiply, ...  (cb_*_ops)
 *   variant         one implementation of one primitive, with its family, the
 *                   capabilities it needs and a priority                (cb_variant)
 *   algorithm       what the user names: "sha256", "aes-128-cbc"      (cb_alg)
 *
 * A variant row applies to every algorithm of its primitive for which its ops offer
 * the functions that algorithm needs (an AES variant without ctr32 is simply not a
 * variant of aes-128-ctr).  The message-level functions that turn ops into digests,
 * CBC runs or GCM messages live in kernels/modes/digest.h, kernels/modes/cipher.h and friends.
 * A whole-algorithm variant (CB_PRIM_WHOLE, a cb_alg_impl) brings its own message
 * level instead, and says itself which algorithms it serves.
 */
#ifndef CB_KERNEL_H
#define CB_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "base/caps.h"
#include "kernels/digests.h"

/*
 * CB_BLOCK_PRIMS: the primitives whose ops are cb_block_ops (ECB and CBC over one
 * block cipher), written once: X(NAME, name, arg) gives CB_PRIM_NAME and names the
 * portable kernel cb_name_generic_ops (kernels/generic/generic.h), arg being what the
 * caller passed on (for expansions nested in another list); the enum below,
 * cb_prim_is_block, the generic rows a family borrows (kernels/power/family.c) and
 * the ABI check derive from it.  A new ECB/CBC block cipher adds its X(NAME, name)
 * here, a kernel file, a generic family row and its algorithm rows (kernels/algs.c).
 */
#define CB_BLOCK_PRIMS(X, arg)                                                           \
    X(DES, des, arg)                                                                     \
    X(BF, bf, arg)                                                                       \
    X(CAST5, cast5, arg)                                                                 \
    X(RC2, rc2, arg)                                                                     \
    X(IDEA, idea, arg)                                                                   \
    X(CAMELLIA, camellia, arg)                                                           \
    X(SEED, seed, arg)                                                                   \
    X(SM4, sm4, arg)
#define CB_PRIM_ENUM_ROW(name, lower, arg) CB_PRIM_##name,

/*
 * CB_STREAM_PRIMS: the primitives whose ops are cb_stream_ops (a stream cipher keyed
 * without an IV, its algorithms of mode CB_MODE_STREAM), written once like
 * CB_BLOCK_PRIMS: the enum and cb_prim_is_stream derive from it.
 */
#define CB_STREAM_PRIMS(X, arg) X(RC4, rc4, arg)

/* CB_PRIM_DIGEST_ROW: a digest's enum constant (a P row of CB_DIGESTS). */
#define CB_PRIM_DIGEST_ROW(NAME, name, check, summary, arg) CB_PRIM_##NAME,

/* cb_prim names the primitive a variant implements. */
typedef enum cb_prim {
    CB_DIGESTS(CB_PRIM_DIGEST_ROW, CB_DIGEST_NO_A, ~) /* CB_PRIM_MD5, ...: the digests
                                                          (kernels/digests.h) */
    CB_PRIM_AES,
    CB_PRIM_GHASH,
    CB_PRIM_GCM, /* an AES variant paired with a GHASH variant, maybe stitched */
    CB_BLOCK_PRIMS(CB_PRIM_ENUM_ROW, ~) /* CB_PRIM_DES, ...: the cb_block_ops ciphers */
    CB_STREAM_PRIMS(CB_PRIM_ENUM_ROW, ~) /* CB_PRIM_RC4: the cb_stream_ops ciphers */
    CB_PRIM_MONT, /* Montgomery multiplication: the variants of rsa* and dsa* */
    CB_PRIM_C25519, /* curve25519's field and group code: ecdhx25519, ed25519
                       (cb_c25519_ops) */
    CB_PRIM_CHACHA, /* ChaCha20's block function with a Poly1305: chacha20 and
                       chacha20-poly1305 (cb_chacha_ops, RFC 8439) */
    CB_PRIM_P256,   /* NIST P-256's field, group and scalar code: ecdsap256
                       (cb_p256_ops) */
    CB_PRIM_MLKEM,  /* ML-KEM's key generation, encapsulation and decapsulation
                       (FIPS 203): mlkem512, mlkem768, mlkem1024 (cb_mlkem_ops) */
    CB_PRIM_MLDSA,  /* ML-DSA's key generation, signing and verification (FIPS 204):
                       mldsa44, mldsa65, mldsa87 (cb_mldsa_ops) */
    CB_PRIM_C448,   /* curve448's field and group code: ecdhx448, ed448
                       (cb_c448_ops) */
    CB_PRIM_GF2M,   /* the binary fields GF(2^m) of the K and B curves: ecdsak163 ...
                       ecdsab571, ecdhk163 ... ecdhb571 (cb_gf2m_ops) */
    CB_PRIM_WHOLE, /* not a primitive: the variant implements whole algorithms and its
                      ops is a cb_alg_impl (see "whole-algorithm variants" below) */
    CB_PRIM_COUNT
} cb_prim;

/* cb_kind groups algorithms by how one benchmark operation looks. */
typedef enum cb_kind {
    CB_KIND_DIGEST, /* one operation: the whole digest of one block */
    CB_KIND_CIPHER, /* one operation: encrypt or decrypt one block, chaining kept */
    CB_KIND_AEAD,   /* one operation: one whole message (IV, AAD, data, tag) */
    CB_KIND_MAC,    /* ghash: one operation hashes one block into the running value */
    CB_KIND_PKEY,   /* one operation: one signature or one verification, or for a key
                       agreement (out_bytes > 0: the shared secret's length) one
                       derivation of the shared secret */
    CB_KIND_HMAC,   /* hmac(DIGEST) over the digest's variants: one operation is the
                       whole MAC of one block under a key set up once */
    CB_KIND_KEM,    /* a key-encapsulation mechanism: one operation is one key
                       generation, one encapsulation or one decapsulation */
    CB_KIND_SIG,    /* a signature scheme timed with its key generation (ML-DSA): one
                       operation is one key generation from a seed, one signature or
                       one verification */
    CB_KIND_CMAC,   /* cmac(CIPHER) over the block cipher's variants (SP 800-38B): one
                       operation is the whole MAC of one block under a key set up once */
    CB_KIND_RAND    /* a DRBG seeded once (rand: CTR_DRBG, SP 800-90A): one operation is
                       the generation of one block of output */
} cb_kind;

typedef enum cb_mode {
    CB_MODE_NONE,
    CB_MODE_ECB,
    CB_MODE_CBC,
    CB_MODE_CTR,
    CB_MODE_GCM,
    CB_MODE_OFB,  /* SP 800-38A 6.4 */
    CB_MODE_CFB,  /* SP 800-38A 6.3 with s = 128 (OpenSSL's aes-*-cfb) */
    CB_MODE_CFB8, /* SP 800-38A 6.3 with s = 8 */
    CB_MODE_XTS,  /* SP 800-38E (IEEE 1619 XTS-AES); the key is two AES keys */
    CB_MODE_CCM,  /* SP 800-38C, an AEAD over the AES variants (kernels/modes/ccm.h) */
    CB_MODE_STREAM, /* a stream cipher (cb_stream_ops): no IV, the keystream XORed in */
    CB_MODE_IGE,    /* OpenSSL's AES_ige_encrypt (infinite garble extension): a 32-byte IV */
    CB_MODE_CHACHAPOLY, /* RFC 8439 2.8: ChaCha20 and Poly1305 as an AEAD
                          (kernels/modes/chachapoly.h) */
    CB_MODE_CMAC,   /* SP 800-38B: CBC-MAC with subkeys, on the serial CBC encryption
                       path (kernels/modes/cmac.h) */
    CB_MODE_DRBG    /* SP 800-90A 10.2: CTR_DRBG with the derivation function, on
                       ecb_encrypt (kernels/modes/drbg.h) */
} cb_mode;

/* CB_IV_MAX bounds a cipher's IV (cb_alg_iv_bytes): IGE's two chaining blocks. */
#define CB_IV_MAX 32

typedef enum cb_dir {
    CB_DIR_ENCRYPT,
    CB_DIR_DECRYPT,
    CB_DIR_DIGEST,
    CB_DIR_SIGN,
    CB_DIR_VERIFY,
    CB_DIR_DERIVE, /* a key agreement's one operation: our private key and the peer's
                      public key give the shared secret */
    CB_DIR_KEYGEN, /* a KEM's three: a key pair from seeds, */
    CB_DIR_ENCAPS, /* a ciphertext and shared secret under the public key, */
    CB_DIR_DECAPS, /* the shared secret of a ciphertext under the private key */
    CB_DIR_COUNT
} cb_dir;

/* CB_MAX_DIRS bounds the directions one algorithm is measured in (cb_alg_dirs): a
 * KEM's keygen, encaps and decaps. */
#define CB_MAX_DIRS 3

/* cb_prim_is_block reports whether p's variants have cb_block_ops. */
int cb_prim_is_block(cb_prim p);

/* cb_prim_is_stream reports whether p's variants have cb_stream_ops. */
int cb_prim_is_stream(cb_prim p);

/* cb_dir_name returns "encrypt", "decrypt", "digest", "sign", "verify", "derive",
 * "keygen", "encaps" or "decaps". */
const char *cb_dir_name(cb_dir d);

/* ---- primitive ops ------------------------------------------------------------ */

/*
 * cb_digest_ops: a Merkle-Damgard compression function, or a sponge's absorb step.
 * state is the chaining value in native words (uint32_t[4] md5 and md4, uint32_t[5]
 * sha1 and rmd160, uint32_t[8] sha256, uint64_t[8] sha512 and whirlpool (its rows,
 * the first byte of a row most significant); a cb_keccak_state for sha3; for mdc2
 * the 16 bytes of its two DES-sized halves H and H~); in holds
 * nblocks whole blocks (for sha3, blocks of the rate the state names).  wipe clears
 * the context at the end of every digest (NULL: the portable cb_wipe).
 */
typedef struct cb_digest_ops {
    void (*blocks)(void *state, const uint8_t *in, size_t nblocks);
    void (*wipe)(void *p, size_t len);
} cb_digest_ops;

/*
 * cb_keccak_state: the state of a CB_PRIM_SHA3 variant (FIPS 202 section 3.1.2).
 * lanes[x + 5 * y] is the lane A[x, y] as a native word (bit z of the lane is bit z
 * of the word); rate is the sponge's block size in bytes, 144, 136, 104 or 72 for
 * SHA3-224/256/384/512 (168 would be SHAKE128's).  The rate travels in the state so
 * that one blocks function serves every output length: blocks XORs each block into
 * the first rate / 8 lanes (little-endian, section 2.1's byte order) and applies
 * Keccak-f[1600].
 */
typedef struct cb_keccak_state {
    uint64_t lanes[25];
    uint64_t rate;
} cb_keccak_state;

/*
 * cb_blake2_state: BLAKE2's state at the start of cb_digest_state (RFC 7693 section
 * 3.3): the chaining value h (8 words of 64 bits for BLAKE2b, of 32 for BLAKE2s), the
 * byte counter t, and what the mode tells the kernel of the block it hands over: last
 * set for the final block, whose last_bytes (0 to the block) are the message's (the
 * rest zeros); every other block counts whole.
 */
typedef struct cb_blake2_state {
    union {
        uint64_t w64[8];
        uint32_t w32[8];
    } h;
    uint64_t t[2];
    uint64_t last, last_bytes;
} cb_blake2_state;

/*
 * cb_aes_ops: AES with a key schedule of key_size bytes (aligned to 64 by the
 * caller).  Modes a variant does not offer are NULL.  cbc_* update iv; ctr32 treats
 * ctr as a big-endian block whose last 32 bits are incremented per block (wrapping
 * without carry, as GCM wants) and does not write ctr back.
 */
typedef struct cb_aes_ops {
    size_t key_size;
    int (*set_encrypt_key)(void *ks, const uint8_t *key, unsigned bits);
    int (*set_decrypt_key)(void *ks, const uint8_t *key, unsigned bits);
    void (*ecb_encrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);
    void (*ecb_decrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);
    void (*cbc_encrypt)(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks);
    void (*cbc_decrypt)(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks);
    void (*ctr32)(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks);
} cb_aes_ops;

/*
 * cb_ghash_ops: GHASH (SP 800-38D 6.4) with a precomputed table of table_size bytes.
 * blocks computes Xi = (Xi ^ block) * H for each of nblocks 16-byte blocks.
 */
typedef struct cb_ghash_ops {
    size_t table_size;
    void (*init)(void *table, const uint8_t h[16]);
    void (*blocks)(const void *table, uint8_t xi[16], const uint8_t *in, size_t nblocks);
} cb_ghash_ops;

/*
 * cb_gcm_ops: GCM built from an AES variant and a GHASH variant.  A stitched
 * variant also offers encrypt/decrypt, which process as many whole blocks of len as
 * they like (counter in ctr, hash in xi, both updated) and return the bytes done; the
 * portable GCM layer finishes the rest with aes->ctr32 and ghash->blocks.
 */
typedef struct cb_gcm_ops {
    const cb_aes_ops *aes;
    const cb_ghash_ops *ghash;
    size_t (*encrypt)(const void *ks, const void *htable, uint8_t ctr[16], uint8_t xi[16],
                      const uint8_t *in, uint8_t *out, size_t len);
    size_t (*decrypt)(const void *ks, const void *htable, uint8_t ctr[16], uint8_t xi[16],
                      const uint8_t *in, uint8_t *out, size_t len);
} cb_gcm_ops;

/*
 * cb_block_ops: a block cipher of 8- or 16-byte blocks (the algorithm's block_bytes) run
 * in ECB and CBC: DES and triple DES, and every cipher of CB_BLOCK_PRIMS.  set_key makes
 * a schedule of key_size bytes from keylen bytes of key (the algorithm's key length:
 * 8 or 24 for DES, a 16-byte triple-DES key passed as K1 K2 K1) for the direction given
 * (decrypt non-zero: for decryption), returning -1 for a length it does not take.  ecb
 * runs nblocks blocks in the schedule's direction; cbc (SP 800-38A 6.2) likewise,
 * updating iv, in == out allowed.  cbc is optional: without it the mode layer chains
 * ecb calls, so a new cipher needs only set_key and ecb.
 */
typedef struct cb_block_ops {
    size_t key_size;
    int (*set_key)(void *ks, const uint8_t *key, size_t keylen, int decrypt);
    void (*ecb)(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);
    void (*cbc)(const void *ks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                size_t nblocks);
    /* wide: a kernel built for several blocks a pass, whose one block at a time is
     * its slowest case: it is not offered for CBC encryption, which is serial (as the
     * VAES rows of AES are not) */
    int wide;
} cb_block_ops;

/*
 * cb_stream_ops: a stream cipher without IV (RC4).  set_key makes a state of state_size
 * bytes from keylen bytes of key, returning -1 for a length it does not take; stream
 * XORs the next len bytes of keystream into in, writing out (in == out allowed), and
 * moves the state on, so consecutive calls continue one stream.  Decryption is the
 * same operation.
 */
typedef struct cb_stream_ops {
    size_t state_size;
    int (*set_key)(void *state, const uint8_t *key, size_t keylen);
    void (*stream)(void *state, const uint8_t *in, uint8_t *out, size_t len);
} cb_stream_ops;

/*
 * cb_poly1305_ops: Poly1305 (RFC 8439 2.5) in one representation of the accumulator.
 * init clamps r and keeps s from the 32-byte one-time key in a state of state_size
 * bytes (aligned to 64 by the caller); blocks adds each of len / 16 whole 16-byte
 * blocks (len a multiple of 16), with 2^128 added when padbit is 1 (a full block) and
 * not when it is 0 (the caller's zero-padded partial block after its 0x01 byte), and
 * multiplies by r; emit writes the tag (h + s) mod 2^128, little-endian.
 */
typedef struct cb_poly1305_ops {
    size_t state_size;
    void (*init)(void *st, const uint8_t key[32]);
    void (*blocks)(void *st, const uint8_t *in, size_t len, unsigned padbit);
    void (*emit)(void *st, uint8_t tag[16]);
} cb_poly1305_ops;

/*
 * cb_chacha_ops: ChaCha20 (RFC 8439 2.3-2.4) with the Poly1305 the variant pairs it
 * with.  blocks XORs the keystream of nblocks 64-byte blocks into in, writing out
 * (in == out allowed): block i uses the state of key (eight little-endian words),
 * ctr[0] + i as the block counter and ctr[1..3] as the nonce words.  The caller
 * never lets ctr[0] + nblocks - 1 pass 2^32 - 1 (kernels/modes/chachapoly.c splits a
 * run at the wrap), so a kernel adds to the counter word alone.  poly may be NULL
 * for a variant of chacha20 alone; chacha20-poly1305 needs it.
 */
typedef struct cb_chacha_ops {
    void (*blocks)(const uint32_t key[8], const uint32_t ctr[4], const uint8_t *in,
                   uint8_t *out, size_t nblocks);
    const cb_poly1305_ops *poly;
} cb_chacha_ops;

/* Montgomery multiplication keeps its ops (cb_mont_ops) in kernels/generic/bn_core.h. */

/*
 * cb_c25519_ops: curve25519 (RFC 7748 4.1) over one representation of GF(2^255 - 19).
 * x25519 sets out = X25519(k, u) of RFC 7748 section 5: k is clamped
 * (decodeScalar25519), the top bit of u is ignored and u may be non-canonical (>= p);
 * constant time in k and u.  It does not reject an all-zero result: the message
 * layer (kernels/pkey/x25519.c) does.
 */
typedef struct cb_c25519_ops {
    void (*x25519)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
    /* Ed25519's group (RFC 8032 5.1), NULL when the variant lacks it: ed_init fills
     * ed_size bytes (aligned for any type) with the group's constants and base-point
     * table, computed from their definitions; ed_base writes the encoding of [k]B for
     * a 256-bit little-endian k, constant time in k; ed_check writes the encoding of
     * [s]B - [k]A (variable time) and returns -1 when a is no canonical encoding of a
     * point or one of small order. */
    size_t ed_size;
    void (*ed_init)(void *ctx);
    void (*ed_base)(const void *ctx, uint8_t out[32], const uint8_t k[32]);
    int (*ed_check)(const void *ctx, uint8_t out[32], const uint8_t s[32], const uint8_t k[32],
                    const uint8_t a[32]);
} cb_c25519_ops;

/*
 * cb_c448_ops: curve448 (RFC 7748 4.2) over one representation of
 * GF(2^448 - 2^224 - 1), as cb_c25519_ops is for curve25519.  x448 sets out =
 * X448(k, u) of RFC 7748 section 5 (k is clamped by decodeScalar448, u may be >= p),
 * constant time in k and u, without the all-zero check (kernels/pkey/x448.c has it).
 * Ed448's group (RFC 8032 5.2): ed_init fills ed_size bytes (aligned for any type)
 * with the base point's table, computed from its definition; ed_base writes the
 * 57-byte encoding of [k]B for a 57-byte little-endian k below 2^447, constant time
 * in k; ed_check writes the encoding of [s]B - [k]A for s, k below 2^446 (variable
 * time) and returns -1 when a is no canonical encoding of a point or one of small
 * order.
 */
typedef struct cb_c448_ops {
    void (*x448)(uint8_t out[56], const uint8_t k[56], const uint8_t u[56]);
    size_t ed_size;
    void (*ed_init)(void *ctx);
    void (*ed_base)(const void *ctx, uint8_t out[57], const uint8_t k[57]);
    int (*ed_check)(const void *ctx, uint8_t out[57], const uint8_t s[57], const uint8_t k[57],
                    const uint8_t a[57]);
} cb_c448_ops;

/*
 * cb_p256_ops: the curve P-256 (SP 800-186 3.2.1.3) over one representation of its
 * field, at the level an assembly variant would replace.  Numbers cross the interface
 * as 32-byte big-endian strings, as SEC 1 2.3 encodes them, so a variant may keep any
 * internal form.  init fills ctx_size bytes (aligned for any type) with the constants
 * and the base point's table, computed from the standard's definitions.
 *   base   (x, y) = the affine [k]G, constant time in k; -1 (x, y zeroed) when k is
 *          0 mod n, whose multiple is the point at infinity
 *   check  x = the affine x of [u1]G + [u2]Q, variable time (public inputs only); -1
 *          when (qx, qy) is not a point of the curve with both coordinates below p,
 *          or when the sum is the point at infinity
 *   ord_mul  out = a b mod n for a, b < n; ord_inv  out = a^-1 mod n for 0 < a < n
 *          (Fermat, a^(n-2)); both constant time
 */
typedef struct cb_p256_ops {
    size_t ctx_size;
    void (*init)(void *ctx);
    int (*base)(const void *ctx, uint8_t x[32], uint8_t y[32], const uint8_t k[32]);
    int (*check)(const void *ctx, uint8_t x[32], const uint8_t u1[32], const uint8_t u2[32],
                 const uint8_t qx[32], const uint8_t qy[32]);
    void (*ord_mul)(const void *ctx, uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
    void (*ord_inv)(const void *ctx, uint8_t out[32], const uint8_t a[32]);
} cb_p256_ops;

/*
 * cb_mlkem_ops: ML-KEM (FIPS 203, final) for rank k (2, 3, 4: ML-KEM-512, -768,
 * -1024), the deterministic internal algorithms of section 6, byte strings of the
 * sizes of Table 3 (kernels/generic/mlkem.h's CB_MLKEM_*_BYTES).
 *   keygen  ML-KEM.KeyGen_internal: ek and dk from the 32-byte seeds d and z
 *   encaps  ML-KEM.Encaps_internal: c and the 32-byte K for ek and the message m;
 *           -1 (nothing written) when ek fails section 7.2's modulus check
 *   decaps  ML-KEM.Decaps_internal: K for dk and c, J(z || c) when c does not
 *           re-encrypt to itself (implicit rejection); constant time in dk and c
 */
typedef struct cb_mlkem_ops {
    void (*keygen)(unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                   const uint8_t z[32]);
    int (*encaps)(unsigned k, uint8_t *c, uint8_t K[32], const uint8_t *ek, const uint8_t m[32]);
    void (*decaps)(unsigned k, uint8_t K[32], const uint8_t *dk, const uint8_t *c);
} cb_mlkem_ops;

/*
 * cb_mldsa_ops: ML-DSA (FIPS 204, final) for parameter set `set` (44, 65, 87), the
 * internal algorithms of section 6, byte strings of the sizes of Table 2
 * (kernels/generic/mldsa.h's CB_MLDSA_*_BYTES); M' = pre || msg, so pure ML-DSA with
 * context ctx passes pre = 0 || len(ctx) || ctx.
 *   keygen  ML-DSA.KeyGen_internal: pk and sk from the 32-byte seed xi
 *   sign    ML-DSA.Sign_internal: the signature of M' under sk with the 32-byte rnd
 *           (0^32: deterministic signing)
 *   verify  ML-DSA.Verify_internal: 0 valid, 1 invalid
 * Each returns -1 for a set it does not know.
 */
typedef struct cb_mldsa_ops {
    int (*keygen)(unsigned set, uint8_t *pk, uint8_t *sk, const uint8_t xi[32]);
    int (*sign)(unsigned set, uint8_t *sig, const uint8_t *sk, const uint8_t *pre,
                size_t prelen, const uint8_t *msg, size_t len, const uint8_t rnd[32]);
    int (*verify)(unsigned set, const uint8_t *pk, const uint8_t *pre, size_t prelen,
                  const uint8_t *msg, size_t len, const uint8_t *sig);
} cb_mldsa_ops;

/*
 * cb_gf2m_field: GF(2^m) as GF(2)[x] / f(x), f(x) = x^m + x^k[0] + ... + x^k[nk-1] + 1,
 * the trinomials and pentanomials of FIPS 186-4 D.1.3 (k descending).  An element is
 * `words` = ceil(m / 64) 64-bit words, least significant first, bit i of the string
 * the coefficient of x^i, the bits at and above m zero.
 */
#define CB_GF2M_WORDS 9 /* m = 571 */
typedef struct cb_gf2m_field {
    unsigned m, words, nk;
    unsigned k[3];
} cb_gf2m_field;

/*
 * cb_gf2m_ops: multiplication and squaring in a field of cb_gf2m_field, the level a
 * carry-less multiply instruction replaces.  r may be a or b; inputs and output are
 * reduced.  Both are constant time (the curves' ladders feed them secrets).
 */
typedef struct cb_gf2m_ops {
    void (*mul)(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*sqr)(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a);
} cb_gf2m_ops;

/* ---- whole-algorithm variants --------------------------------------------------- */

/*
 * A whole-algorithm variant (prim CB_PRIM_WHOLE, ops a cb_alg_impl) implements the
 * message level itself instead of a primitive's ops: an OpenSSL-compatible libcrypto
 * loaded with dlopen, whose EVP functions digest a message or run a cipher, or a
 * test double.  It is registered at run time with cb_variant_register and is then
 * found, selected, checked (kernels/check/check.h: the same known answers and the same
 * cross-check against generic on every length and named buffer layout, through the
 * functions below) and timed (kernels/inst.h: one operation is one call below) like
 * any built-in variant.  Its priority decides whether auto may take it: at or above
 * CB_PRIORITY_AUTO_MIN it competes with the built-in rows, below it (a library
 * registered for comparison) it runs only when named.
 *
 * A session is one use of the implementation for one algorithm and direction, as an
 * EVP_MD_CTX or EVP_CIPHER_CTX is: cb_alg_session_open (kernels/registry.h) fills
 * impl, alg and dir and calls ctx_new for the implementation's own per-session state
 * (ctx stays NULL without ctx_new); every function below gets the session.  Return
 * values: 0 success, -1 failure (for aead_open and verify, also "does not verify").
 *
 *   digest          CB_KIND_DIGEST, CB_DIR_DIGEST: the whole digest of in[0..len)
 *                   into out (alg->out_bytes bytes).
 *   cipher_init     CB_KIND_CIPHER: key (cb_alg_key_bytes bytes) and iv
 *                   (alg->block_bytes bytes, NULL for ECB) for the session's
 *                   direction; may be called again to start a new message.
 *   cipher_update   encrypts or decrypts len bytes from in to out (which may be
 *                   equal), keeping the chaining value, counter or OFB/CFB position
 *                   for the next call, with cb_cipher_update's length rules
 *                   (kernels/modes/cipher.h).
 *   aead_init       CB_KIND_AEAD: the key (alg->key_bits / 8 bytes).
 *   aead_seal       one message: IV of ivlen bytes, AAD, len bytes in -> out, taglen
 *   aead_open       bytes of tag written (seal) or checked in constant time (open);
 *                   a failed open zeroes out.  CCM's nonce and tag rules are
 *                   cb_aead_refuses' (kernels/modes/aead.h).
 *   mac_init        CB_KIND_HMAC: the key (any length) for every MAC that follows;
 *                   CB_KIND_CMAC: the cipher's key (cb_alg_key_bytes bytes).
 *   mac             the whole MAC of in[0..len) under that key into out
 *                   (alg->out_bytes bytes), as HMAC_Init_ex(ctx, NULL, ...) reusing the
 *                   key, update and final do.
 *   rand            CB_KIND_RAND: len bytes of the implementation's own DRBG output
 *                   (OpenSSL's RAND_bytes), seeded as it seeds itself.
 *   sig_max         CB_KIND_PKEY: the largest signature in bytes.
 *   sign, verify    one signature of msg[0..len) with the algorithm's embedded key
 *                   (kernels/pkey/pkey.h: SHA-256, PKCS#1 v1.5 or FIPS 186-4 DSA;
 *                   Ed25519 of the message itself), so generic verifies what the
 *                   variant signs and the reverse.
 *   derive          CB_KIND_PKEY with out_bytes (a key agreement), CB_DIR_DERIVE: the
 *                   shared secret of the session's private key and the peer's public
 *                   key (the embedded pair, kernels/pkey/ec_keys.c) into out
 *                   (alg->out_bytes bytes), *outlen set; -1 also for a result the
 *                   algorithm refuses (X25519's all-zero one, RFC 7748 6.1).
 *   pkey_raw        optional, CB_KIND_PKEY: the session's keys replaced by raw ones
 *                   where the algorithm has a raw form (X25519: the 32-byte private
 *                   key and the peer's public key; Ed25519: the 32-byte seed and our
 *                   public key; priv may be NULL for verify), so the checks and the
 *                   known-answer files can give keys of their own; -1 when refused.
 *
 * offers says which (algorithm, direction) pairs the implementation serves; the
 * functions of kinds it never offers may be NULL.  why_not (optional) says why it
 * does not serve an algorithm of a kind it has, in a phrase that follows the variant's
 * name ("has no EVP_chacha20"), or NULL when it serves it or has nothing to say, so
 * `list`, `selftest` and `speed` can name the reason instead of leaving it out.  data is the implementation's own
 * (a dlopen handle and its resolved symbols).  library, version and notes say where
 * the code came from, for results and `list`: the path as loaded, the version string
 * the library reports, and NULL-terminated "key=value" strings such as the build
 * flags or the environment it was loaded under (may be NULL).
 */
struct cb_alg;
typedef struct cb_alg_impl cb_alg_impl;

typedef struct cb_alg_session {
    const cb_alg_impl *impl;
    const struct cb_alg *alg;
    cb_dir dir;
    void *ctx; /* what impl->ctx_new returned */
} cb_alg_session;

struct cb_alg_impl {
    int (*offers)(const cb_alg_impl *impl, const struct cb_alg *a, cb_dir d);
    /* NULL return: the session fails.  ctx_new may store its state in s->ctx as soon
     * as it is allocated, before the calls into a library that set it up: when one of
     * those faults, ctx_abandon still reaches it. */
    void *(*ctx_new)(cb_alg_session *s);
    void (*ctx_free)(void *ctx);
    /* after the variant faulted: release the implementation's own memory of ctx
     * without calling into the variant, whose state can no longer be trusted (NULL:
     * it has none to release) */
    void (*ctx_abandon)(void *ctx);

    int (*digest)(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out);

    int (*cipher_init)(cb_alg_session *s, const uint8_t *key, const uint8_t *iv);
    int (*cipher_update)(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len);

    int (*aead_init)(cb_alg_session *s, const uint8_t *key);
    int (*aead_seal)(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                     size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                     uint8_t *tag, size_t taglen);
    int (*aead_open)(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                     size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                     const uint8_t *tag, size_t taglen);

    size_t (*sig_max)(cb_alg_session *s);
    int (*sign)(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                size_t *siglen);
    int (*verify)(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                  size_t siglen);

    const void *data;
    const char *library;       /* "/opt/openssl-3.2/lib64/libcrypto.so.3" */
    const char *version;       /* "OpenSSL 3.2.1 30 Jan 2024" */
    const char *const *notes;  /* NULL-terminated "key=value" strings, or NULL */

    int (*mac_init)(cb_alg_session *s, const uint8_t *key, size_t keylen);
    int (*mac)(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out);

    int (*derive)(cb_alg_session *s, uint8_t *out, size_t *outlen);
    int (*pkey_raw)(cb_alg_session *s, const uint8_t *priv, size_t privlen,
                    const uint8_t *pub, size_t publen);

    const char *(*why_not)(const cb_alg_impl *impl, const struct cb_alg *a, char *buf,
                           size_t len);

    /* CB_KIND_KEM (kernels/op.h, cb_op_kem_*): kem_keygen makes the session's key
     * pair from the 64-byte seed d || z and writes ek and dk; kem_encaps writes c and
     * the shared secret ss under the session's ek from the 32-byte message m;
     * kem_decaps writes ss for c under the session's dk (implicit rejection: a
     * changed c gives another ss, not a failure).  Sizes are the algorithm's
     * (cb_kem_sizes, kernels/pkey/kem.h). */
    int (*kem_keygen)(cb_alg_session *s, const uint8_t *seed, uint8_t *ek, uint8_t *dk);
    int (*kem_encaps)(cb_alg_session *s, const uint8_t *m, uint8_t *c, uint8_t *ss);
    int (*kem_decaps)(cb_alg_session *s, const uint8_t *c, uint8_t *ss);

    /* CB_KIND_SIG (kernels/op.h, cb_op_sig_*): sig_keygen makes the session's key
     * pair from the 32-byte seed and writes pk and sk (either may be NULL; sizes:
     * cb_sig_sizes, kernels/pkey/sig.h); sign (hedged: the implementation draws the
     * randomness), verify and sig_max above then use that pair.  A whole variant
     * cannot be given the signing randomness (cb_op_sig_takes_rnd). */
    int (*sig_keygen)(cb_alg_session *s, const uint8_t *seed, uint8_t *pk, uint8_t *sk);

    int (*rand)(cb_alg_session *s, uint8_t *out, size_t len);
};

/* CB_PRIORITY_AUTO_MIN: variants below this priority are never auto's pick. */
#define CB_PRIORITY_AUTO_MIN 1

/* ---- variants and algorithms --------------------------------------------------- */

/* cb_variant: one implementation of one primitive, or of whole algorithms. */
typedef struct cb_variant {
    const char *name;    /* as users type it: "generic", "ce-i4", "ppc-hint" */
    const char *family;  /* the folder it lives in: "generic", "armv8", ... */
    cb_prim prim;
    cb_caps caps;        /* capabilities it needs; 0 for portable code */
    int priority;        /* auto picks the highest available (CB_PRIORITY_AUTO_MIN) */
    const void *ops;     /* cb_digest_ops, cb_aes_ops, ... according to prim; a
                            cb_alg_impl for CB_PRIM_WHOLE */
    const char *summary; /* one line for `list` */
} cb_variant;

/* cb_alg: an algorithm as the user names it. */
typedef struct cb_alg {
    const char *name;    /* canonical, OpenSSL spelling: "aes-128-cbc" */
    const char *aliases; /* space-separated other spellings, lower case */
    cb_kind kind;
    cb_prim prim;
    cb_mode mode;
    unsigned key_bits;   /* 0 for digests */
    unsigned block_bytes;/* cipher or digest block size */
    unsigned out_bytes;  /* digest length; tag length for GCM; a key agreement's
                          * shared secret length; 0 otherwise */
    const char *heading; /* public-key rows: the word OpenSSL's speed table heads the
                          * row with ("rsa", "dsa"), for a curve the family and the
                          * curve ("ecdh (X25519)"); NULL for the others */
} cb_alg;

/* cb_wipe clears len bytes at p in a way the compiler may not elide. */
void cb_wipe(void *p, size_t len);

/*
 * cb_alg_impl_has: whether a whole variant's implementation has the members of a's
 * kind and direction d (the implementation's own offers() is asked separately).
 * Kept beside the members so that a new member is one line here too.
 */
static inline int cb_alg_impl_has(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    switch (a->kind) {
    case CB_KIND_DIGEST:
        return m->digest != NULL;
    case CB_KIND_CIPHER:
        return m->cipher_init && m->cipher_update;
    case CB_KIND_AEAD:
        return m->aead_init && m->aead_seal && m->aead_open;
    case CB_KIND_PKEY:
        if (a->out_bytes) /* a key agreement */
            return d == CB_DIR_DERIVE && m->derive != NULL;
        return m->sig_max && (d == CB_DIR_SIGN ? m->sign != NULL
                              : d == CB_DIR_VERIFY ? m->verify != NULL : 0);
    case CB_KIND_HMAC:
    case CB_KIND_CMAC:
        return m->mac_init && m->mac;
    case CB_KIND_RAND:
        return m->rand != NULL;
    case CB_KIND_KEM: /* every direction starts from a key pair of its own */
        return m->kem_keygen && (d == CB_DIR_KEYGEN || (d == CB_DIR_ENCAPS && m->kem_encaps) ||
                                 (d == CB_DIR_DECAPS && m->kem_decaps));
    case CB_KIND_SIG:
        return m->sig_keygen && m->sig_max &&
               (d == CB_DIR_KEYGEN || (d == CB_DIR_SIGN && m->sign) ||
                (d == CB_DIR_VERIFY && m->verify));
    default: /* ghash is built from GCM's own variants */
        return 0;
    }
}

#endif
