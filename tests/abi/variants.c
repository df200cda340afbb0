/*
 * tests/abi/variants.c - every function of every variant this CPU can run, called
 * through the ABI check (tests/abi/abi.h); one of the checks of selfcheck.c, so
 * it runs in test_abi and, without cmocka, in abi-check (big-endian ppc64, where
 * the ELFv1 kernels would otherwise go unchecked).
 *
 * Walking the registry instead of naming entry points means a kernel registered
 * later is checked without anyone remembering to: assembly reached through a C
 * wrapper is checked at the wrapper's boundary, where a register the assembly
 * clobbered and the wrapper never saved still shows.  Each call is also made
 * directly, on the same memory, and both must leave the same bytes behind, which
 * shows the arguments arrived where the function expects them.
 */
#include "tests/abi/selfcheck.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/caps.h"
#include "base/common.h"
#include "kernels/pkey/bn.h"
#include "kernels/registry.h"
#include "tests/abi/abi.h"

/* One arena holds everything a function may write (key schedules, tables,
 * outputs, IVs, counters, hash states, bignums), so "the same bytes behind" is one
 * comparison.  Offsets are fixed and generous. */
#define ARENA (64 * 1024)
#define KS 0                /* key schedule, up to 16 KiB */
#define TABLE (16 * 1024)   /* GHASH table, up to 16 KiB */
#define OUT (32 * 1024)     /* outputs, up to 8 KiB */
#define IV (40 * 1024)      /* 16 bytes */
#define CTR (IV + 64)       /* 16 bytes */
#define XI (IV + 128)       /* 16 bytes */
#define STATE (IV + 256)    /* digest state, up to 256 bytes */
#define BN (44 * 1024)      /* four bignums of CB_BN_MAX_LIMBS limbs */
#define INPUT 4096

static uint8_t *arena, *saved, *want, *input;
static unsigned checked;
static char *fail_msg_buf;
static size_t fail_msg_len;

#define U(x) ((uintptr_t)(x))
#define AT(off) (arena + (off))

static void setup(void)
{
    arena = cb_aligned_alloc(64, ARENA);
    saved = cb_xmalloc(ARENA);
    want = cb_xmalloc(ARENA);
    input = cb_aligned_alloc(64, INPUT);
    for (size_t i = 0; i < INPUT; i++)
        input[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < ARENA; i++)
        arena[i] = (uint8_t)(i * 17 + 3);
    checked = 0;
}

static void teardown(void)
{
    free(arena);
    free(saved);
    free(want);
    free(input);
}

/* verdict returns -1 with the reason in the message buffer when the ABI call left
 * a register or the arena different from the direct call. */
static int verdict(const cb_variant *v, const char *what, const cb_abi_report *r)
{
    if (r->clobbered) {
        snprintf(fail_msg_buf, fail_msg_len, "%s/%s %s did not restore %s", v->family,
                 v->name, what, r->names);
        return -1;
    }
    if (memcmp(arena, want, ARENA) != 0) {
        snprintf(fail_msg_buf, fail_msg_len,
                 "%s/%s %s left other bytes through the ABI check than called directly",
                 v->family, v->name, what);
        return -1;
    }
    checked++;
    return 0;
}

/*
 * CHECK runs `direct` (a typed call) and then the same function through the ABI
 * trampoline from the same arena, and compares; returns -1 from the calling
 * function on a difference.  A macro because the direct call needs the
 * function's real type.
 */
#define CHECK(v, what, direct, fn, n, ...)                                                  \
    do {                                                                                  \
        cb_abi_report r_;                                                                 \
        memcpy(saved, arena, ARENA);                                                      \
        direct;                                                                           \
        memcpy(want, arena, ARENA);                                                       \
        memcpy(arena, saved, ARENA);                                                      \
        cb_abi_call(&r_, (cb_abi_fn)(fn), n, __VA_ARGS__);                               \
        if (verdict(v, what, &r_) != 0)                                                   \
            return -1;                                                                    \
    } while (0)

/* each_variant runs check on every variant of prim this CPU can run; -1 at the
 * first failure. */
static int each_variant(cb_prim prim, int (*check)(const cb_variant *v))
{
    char why[128];
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim != prim || !v->ops || cb_variant_why_not(v, cb_caps_detected(), why, sizeof why))
            continue;
        if (check(v) != 0)
            return -1;
    }
    return 0;
}

/* too_big reports a variant whose buffers would not fit the arena's slots. */
static int too_big(const cb_variant *v, const char *what, size_t size, size_t room)
{
    if (size <= room)
        return 0;
    snprintf(fail_msg_buf, fail_msg_len, "%s/%s: %s of %zu bytes exceeds the %zu this check has",
             v->family, v->name, what, size, room);
    return -1;
}

static int check_digest(const cb_variant *v)
{
    const cb_digest_ops *o = v->ops;
    CHECK(v, "blocks", o->blocks(AT(STATE), input, 3), o->blocks, 3, U(AT(STATE)), U(input),
          U(3));
    if (o->wipe)
        CHECK(v, "wipe", o->wipe(AT(OUT), 200), o->wipe, 2, U(AT(OUT)), U(200));
    return 0;
}

/*
 * check_sponge: a SHA-3 absorb reads the rate from its state, so the state slot gets
 * a real cb_keccak_state (lanes from the arena's pattern) for each rate FIPS 202
 * uses, from SHA3-512's 72 bytes to SHAKE128's 168; 3 blocks of the largest fit
 * the input.
 */
static int check_sponge(const cb_variant *v)
{
    static const uint64_t rates[] = {72, 104, 136, 144, 168};
    const cb_digest_ops *o = v->ops;
    cb_keccak_state *s = (cb_keccak_state *)AT(STATE);
    _Static_assert(sizeof(cb_keccak_state) <= 256, "the state fits its slot");
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        s->rate = rates[i];
        CHECK(v, "blocks", o->blocks(s, input, 3), o->blocks, 3, U(s), U(input), U(3));
    }
    return 0;
}

/* aes_modes checks the block functions with the schedule now in KS. */
static int aes_modes(const cb_variant *v, const cb_aes_ops *o, int decrypt)
{
    size_t n = 7; /* odd, above every interleave factor's tail */
    if (!decrypt && o->ecb_encrypt)
        CHECK(v, "ecb_encrypt", o->ecb_encrypt(AT(KS), input, AT(OUT), n), o->ecb_encrypt, 4,
              U(AT(KS)), U(input), U(AT(OUT)), U(n));
    if (!decrypt && o->cbc_encrypt)
        CHECK(v, "cbc_encrypt", o->cbc_encrypt(AT(KS), AT(IV), input, AT(OUT), n),
              o->cbc_encrypt, 5, U(AT(KS)), U(AT(IV)), U(input), U(AT(OUT)), U(n));
    if (!decrypt && o->ctr32)
        CHECK(v, "ctr32", o->ctr32(AT(KS), AT(CTR), input, AT(OUT), n), o->ctr32, 5, U(AT(KS)),
              U(AT(CTR)), U(input), U(AT(OUT)), U(n));
    if (decrypt && o->ecb_decrypt)
        CHECK(v, "ecb_decrypt", o->ecb_decrypt(AT(KS), input, AT(OUT), n), o->ecb_decrypt, 4,
              U(AT(KS)), U(input), U(AT(OUT)), U(n));
    if (decrypt && o->cbc_decrypt)
        CHECK(v, "cbc_decrypt", o->cbc_decrypt(AT(KS), AT(IV), input, AT(OUT), n),
              o->cbc_decrypt, 5, U(AT(KS)), U(AT(IV)), U(input), U(AT(OUT)), U(n));
    return 0;
}

static int check_aes_ops(const cb_variant *v, const cb_aes_ops *o)
{
    static const unsigned bits[] = {128, 192, 256};
    if (too_big(v, "the AES key schedule", o->key_size, TABLE - KS))
        return -1;
    for (size_t i = 0; i < 3; i++) {
        CHECK(v, "set_encrypt_key", o->set_encrypt_key(AT(KS), input, bits[i]),
              o->set_encrypt_key, 3, U(AT(KS)), U(input), U(bits[i]));
        if (aes_modes(v, o, 0) != 0)
            return -1;
        if (!o->set_decrypt_key)
            continue;
        CHECK(v, "set_decrypt_key", o->set_decrypt_key(AT(KS), input, bits[i]),
              o->set_decrypt_key, 3, U(AT(KS)), U(input), U(bits[i]));
        if (aes_modes(v, o, 1) != 0)
            return -1;
    }
    return 0;
}

static int check_aes(const cb_variant *v) { return check_aes_ops(v, v->ops); }

static int check_ghash_ops(const cb_variant *v, const cb_ghash_ops *o)
{
    if (too_big(v, "the GHASH table", o->table_size, OUT - TABLE))
        return -1;
    CHECK(v, "ghash init", o->init(AT(TABLE), input), o->init, 2, U(AT(TABLE)), U(input));
    CHECK(v, "ghash blocks", o->blocks(AT(TABLE), AT(XI), input, 5), o->blocks, 4,
          U(AT(TABLE)), U(AT(XI)), U(input), U(5));
    return 0;
}

static int check_ghash(const cb_variant *v) { return check_ghash_ops(v, v->ops); }

static int check_gcm(const cb_variant *v)
{
    const cb_gcm_ops *o = v->ops;
    size_t len = 16 * 17 + 5; /* whole blocks past every stitch width, and a tail */
    if (check_aes_ops(v, o->aes) != 0)
        return -1;
    CHECK(v, "gcm set_encrypt_key", o->aes->set_encrypt_key(AT(KS), input, 128),
          o->aes->set_encrypt_key, 3, U(AT(KS)), U(input), U(128));
    if (check_ghash_ops(v, o->ghash) != 0)
        return -1;
    if (o->encrypt)
        CHECK(v, "gcm encrypt",
              o->encrypt(AT(KS), AT(TABLE), AT(CTR), AT(XI), input, AT(OUT), len), o->encrypt,
              7, U(AT(KS)), U(AT(TABLE)), U(AT(CTR)), U(AT(XI)), U(input), U(AT(OUT)), U(len));
    if (o->decrypt)
        CHECK(v, "gcm decrypt",
              o->decrypt(AT(KS), AT(TABLE), AT(CTR), AT(XI), input, AT(OUT), len), o->decrypt,
              7, U(AT(KS)), U(AT(TABLE)), U(AT(CTR)), U(AT(XI)), U(input), U(AT(OUT)), U(len));
    return 0;
}

/* next_alg: the index of the first algorithm of v's primitive from i on, or
 * cb_alg_count(). */
static size_t next_alg(const cb_variant *v, size_t i)
{
    while (i < cb_alg_count() && cb_alg_at(i)->prim != v->prim)
        i++;
    return i;
}

/* check_block runs a cb_block_ops variant with every key length its algorithms use. */
static int check_block(const cb_variant *v)
{
    const cb_block_ops *o = v->ops;
    if (too_big(v, "the block cipher's key schedule", o->key_size, TABLE - KS))
        return -1;
    for (size_t i = next_alg(v, 0); i < cb_alg_count(); i = next_alg(v, i + 1)) {
        size_t keylen = cb_alg_key_bytes(cb_alg_at(i));
        for (int dec = 0; dec <= 1; dec++) {
            CHECK(v, "block set_key", o->set_key(AT(KS), input, keylen, dec), o->set_key, 4,
                  U(AT(KS)), U(input), U(keylen), U(dec));
            CHECK(v, "block ecb", o->ecb(AT(KS), input, AT(OUT), 5), o->ecb, 4, U(AT(KS)),
                  U(input), U(AT(OUT)), U(5));
            if (o->cbc)
                CHECK(v, "block cbc", o->cbc(AT(KS), AT(IV), input, AT(OUT), 5), o->cbc, 5,
                      U(AT(KS)), U(AT(IV)), U(input), U(AT(OUT)), U(5));
        }
    }
    return 0;
}

/* check_stream runs a cb_stream_ops variant with every key length its algorithms use,
 * over a whole number of 8-byte turns and a ragged tail. */
static int check_stream(const cb_variant *v)
{
    const cb_stream_ops *o = v->ops;
    if (too_big(v, "the stream cipher's state", o->state_size, TABLE - KS))
        return -1;
    for (size_t i = next_alg(v, 0); i < cb_alg_count(); i = next_alg(v, i + 1)) {
        size_t keylen = cb_alg_key_bytes(cb_alg_at(i));
        CHECK(v, "stream set_key", o->set_key(AT(KS), input, keylen), o->set_key, 3,
              U(AT(KS)), U(input), U(keylen));
        CHECK(v, "stream", o->stream(AT(KS), input, AT(OUT), 77), o->stream, 4, U(AT(KS)),
              U(input), U(AT(OUT)), U(77));
    }
    return 0;
}

/* mont_operands writes an odd modulus with a non-zero top limb and a, b < n. */
static cb_limb mont_operands(cb_limb *n, cb_limb *a, cb_limb *b, size_t limbs)
{
    for (size_t i = 0; i < limbs; i++) {
        n[i] = (cb_limb)0x9e3779b97f4a7c15u * (cb_limb)(i + 1);
        a[i] = n[i] ^ (cb_limb)0x5555555555555555u;
        b[i] = n[i] + (cb_limb)i;
    }
    n[0] |= 1;
    n[limbs - 1] |= (cb_limb)1 << (CB_LIMB_BITS - 1);
    a[limbs - 1] = n[limbs - 1] >> 1;
    b[limbs - 1] = n[limbs - 1] >> 2;
    cb_limb inv = n[0]; /* Newton: each step doubles the correct low bits of n^-1 */
    for (int i = 0; i < 6; i++)
        inv *= 2 - n[0] * inv;
    return (cb_limb)0 - inv;
}

_Static_assert(BN + 4 * CB_BN_MAX_LIMBS * sizeof(cb_limb) <= ARENA, "bignums fit the arena");

static int check_mont(const cb_variant *v)
{
    const cb_mont_ops *o = v->ops;
    static const size_t sizes[] = {2, 8, 17, CB_BN_MAX_LIMBS};
    cb_limb *r = (cb_limb *)AT(BN), *a = r + CB_BN_MAX_LIMBS, *b = a + CB_BN_MAX_LIMBS,
            *n = b + CB_BN_MAX_LIMBS;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t limbs = sizes[i];
        cb_limb n0 = mont_operands(n, a, b, limbs);
        CHECK(v, "mont mul", o->mul(r, a, b, n, n0, limbs), o->mul, 6, U(r), U(a), U(b), U(n),
              U(n0), U(limbs));
        if (o->sqr)
            CHECK(v, "mont sqr", o->sqr(r, a, n, n0, limbs), o->sqr, 5, U(r), U(a), U(n), U(n0),
                  U(limbs));
    }
    return 0;
}

/* check_chacha: the block function on 1, 3 and 17 blocks (tails and full groups of
 * any interleave up to 16), in place and not, and the Poly1305 the variant pairs it
 * with on 16 and 272 bytes (one block and a vector path's multi-block loop). */
static int check_chacha(const cb_variant *v)
{
    const cb_chacha_ops *o = v->ops;
    static const size_t counts[] = {1, 3, 17};
    const uint32_t *key = (const uint32_t *)input, *ctr = (const uint32_t *)(input + 32);
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        size_t n = counts[i];
        CHECK(v, "chacha blocks", o->blocks(key, ctr, input, AT(OUT), n), o->blocks, 5, U(key),
              U(ctr), U(input), U(AT(OUT)), U(n));
        CHECK(v, "chacha blocks in place", o->blocks(key, ctr, AT(OUT), AT(OUT), n), o->blocks,
              5, U(key), U(ctr), U(AT(OUT)), U(AT(OUT)), U(n));
    }
    const cb_poly1305_ops *p = o->poly;
    if (!p)
        return 0;
    if (too_big(v, "the Poly1305 state", p->state_size, TABLE - KS))
        return -1;
    CHECK(v, "poly1305 init", p->init(AT(KS), input), p->init, 2, U(AT(KS)), U(input));
    CHECK(v, "poly1305 blocks", p->blocks(AT(KS), input, 16, 1), p->blocks, 4, U(AT(KS)),
          U(input), U(16), U(1));
    CHECK(v, "poly1305 blocks", p->blocks(AT(KS), input, 272, 1), p->blocks, 4, U(AT(KS)),
          U(input), U(272), U(1));
    CHECK(v, "poly1305 emit", p->emit(AT(KS), AT(OUT)), p->emit, 2, U(AT(KS)), U(AT(OUT)));
    return 0;
}

/* p256_calls checks base, check, ord_mul and ord_inv on the context ctx: they write
 * into the arena.  The scalars come from the input pattern (below n: its first byte
 * is 7), and Q is [k]G, so check has a point of the curve to work on. */
static int p256_calls(const cb_variant *v, const cb_p256_ops *o, const void *ctx)
{
    const uint8_t *k = input, *u1 = input + 32, *u2 = input + 64;
    uint8_t *x = AT(OUT), *y = AT(OUT) + 32, *out = AT(OUT) + 64, qx[32], qy[32];
    o->base(ctx, qx, qy, k);
    CHECK(v, "p256 base", o->base(ctx, x, y, k), o->base, 4, U(ctx), U(x), U(y), U(k));
    CHECK(v, "p256 check", o->check(ctx, out, u1, u2, qx, qy), o->check, 6, U(ctx), U(out),
          U(u1), U(u2), U(qx), U(qy));
    CHECK(v, "p256 ord_mul", o->ord_mul(ctx, out, u1, u2), o->ord_mul, 4, U(ctx), U(out), U(u1),
          U(u2));
    CHECK(v, "p256 ord_inv", o->ord_inv(ctx, out, u1), o->ord_inv, 3, U(ctx), U(out), U(u1));
    return 0;
}

/* check_p256: init fills a context of ctx_size bytes, larger than the arena, so it is
 * made twice (directly and through the check) in zeroed buffers of its own that must
 * come out equal; the other functions then read it. */
static int check_p256(const cb_variant *v)
{
    const cb_p256_ops *o = v->ops;
    uint8_t *ctx = cb_aligned_alloc(64, o->ctx_size), *ctx2 = cb_aligned_alloc(64, o->ctx_size);
    cb_abi_report r;
    o->init(ctx);
    cb_abi_call(&r, (cb_abi_fn)o->init, 1, U(ctx2));
    int rc = -1;
    if (r.clobbered)
        snprintf(fail_msg_buf, fail_msg_len, "%s/%s p256 init did not restore %s", v->family,
                 v->name, r.names);
    else if (memcmp(ctx, ctx2, o->ctx_size) != 0)
        snprintf(fail_msg_buf, fail_msg_len,
                 "%s/%s p256 init made another context through the ABI check", v->family,
                 v->name);
    else
        rc = p256_calls(v, o, ctx);
    free(ctx);
    free(ctx2);
    return rc;
}

/* check_mlkem runs an ML-KEM variant at each rank: keygen into the arena, then
 * encapsulation under that ek and decapsulation of that ciphertext. */
static int check_mlkem(const cb_variant *v)
{
    const cb_mlkem_ops *o = v->ops;
    for (unsigned k = 2; k <= 4; k++) {
        CHECK(v, "mlkem keygen", o->keygen(k, AT(OUT), AT(KS), input, input + 32), o->keygen,
              5, U(k), U(AT(OUT)), U(AT(KS)), U(input), U(input + 32));
        CHECK(v, "mlkem encaps", o->encaps(k, AT(TABLE), AT(IV), AT(OUT), input + 64),
              o->encaps, 5, U(k), U(AT(TABLE)), U(AT(IV)), U(AT(OUT)), U(input + 64));
        CHECK(v, "mlkem decaps", o->decaps(k, AT(STATE), AT(KS), AT(TABLE)), o->decaps, 4,
              U(k), U(AT(STATE)), U(AT(KS)), U(AT(TABLE)));
    }
    return 0;
}

/* check_mldsa runs an ML-DSA variant at each parameter set: keygen into the arena
 * (pk at OUT, sk at KS), then a signature (at TABLE) of 36 input bytes and its
 * verification. */
static int check_mldsa(const cb_variant *v)
{
    const cb_mldsa_ops *o = v->ops;
    static const unsigned sets[] = {44, 65, 87};
    for (size_t i = 0; i < 3; i++) {
        unsigned set = sets[i];
        CHECK(v, "mldsa keygen", o->keygen(set, AT(OUT), AT(KS), input), o->keygen, 4, U(set),
              U(AT(OUT)), U(AT(KS)), U(input));
        CHECK(v, "mldsa sign",
              o->sign(set, AT(TABLE), AT(KS), input + 128, 2, input + 64, 36, input + 32),
              o->sign, 8, U(set), U(AT(TABLE)), U(AT(KS)), U(input + 128), U(2), U(input + 64),
              U(36), U(input + 32));
        CHECK(v, "mldsa verify", o->verify(set, AT(OUT), input + 128, 2, input + 64, 36, AT(TABLE)),
              o->verify, 7, U(set), U(AT(OUT)), U(input + 128), U(2), U(input + 64), U(36),
              U(AT(TABLE)));
    }
    return 0;
}

/* check_gf2m multiplies and squares in each binary curve's field (FIPS 186-4 D.1.3)
 * from the input pattern into the arena (the functions take any words below 2^(64
 * words)); the last call squares in place. */
static int check_gf2m(const cb_variant *v)
{
    static const cb_gf2m_field fields[] = {{163, 3, 3, {7, 6, 3}},  {233, 4, 1, {74}},
                                           {283, 5, 3, {12, 7, 5}}, {409, 7, 1, {87}},
                                           {571, 9, 3, {10, 5, 2}}};
    const cb_gf2m_ops *o = v->ops;
    const uint64_t *a = (const uint64_t *)input, *b = a + CB_GF2M_WORDS;
    uint64_t *r = (uint64_t *)AT(OUT);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        const cb_gf2m_field *f = &fields[i];
        CHECK(v, "gf2m mul", o->mul(f, r, a, b), o->mul, 4, U(f), U(r), U(a), U(b));
        CHECK(v, "gf2m sqr", o->sqr(f, r, r), o->sqr, 3, U(f), U(r), U(r));
    }
    return 0;
}

/* check_c25519 runs X25519 on the input pattern, then, where the variant has the
 * Ed25519 group, ed_init (a context larger than the arena: made twice, directly and
 * through the check, which must agree, as check_p256 does), ed_base, and ed_check on
 * a public key made by ed_base so that it decodes. */
static int check_c25519(const cb_variant *v)
{
    const cb_c25519_ops *o = v->ops;
    CHECK(v, "c25519 x25519", o->x25519(AT(OUT), input, input + 32), o->x25519, 3, U(AT(OUT)),
          U(input), U(input + 32));
    if (!o->ed_init)
        return 0;
    uint8_t *ctx = cb_aligned_alloc(64, o->ed_size), *ctx2 = cb_aligned_alloc(64, o->ed_size);
    uint8_t pub[32];
    cb_abi_report r;
    memset(ctx, 0, o->ed_size);
    memset(ctx2, 0, o->ed_size);
    o->ed_init(ctx);
    cb_abi_call(&r, (cb_abi_fn)o->ed_init, 1, U(ctx2));
    int rc = -1;
    if (r.clobbered) {
        snprintf(fail_msg_buf, fail_msg_len, "%s/%s c25519 ed_init did not restore %s",
                 v->family, v->name, r.names);
    } else if (memcmp(ctx, ctx2, o->ed_size) != 0) {
        snprintf(fail_msg_buf, fail_msg_len,
                 "%s/%s c25519 ed_init made another context through the ABI check", v->family,
                 v->name);
    } else {
        o->ed_base(ctx, pub, input + 64);
        CHECK(v, "c25519 ed_base", o->ed_base(ctx, AT(OUT), input), o->ed_base, 3, U(ctx),
              U(AT(OUT)), U(input));
        CHECK(v, "c25519 ed_check", (void)o->ed_check(ctx, AT(OUT), input, input + 32, pub),
              o->ed_check, 5, U(ctx), U(AT(OUT)), U(input), U(input + 32), U(pub));
        rc = 0;
    }
    free(ctx);
    free(ctx2);
    return rc;
}

int cb_abi_check_variants(char *msg, size_t len)
{
    static const struct {
        cb_prim prim;
        int (*check)(const cb_variant *v);
    } prims[] = {
        {CB_PRIM_AES, check_aes},      {CB_PRIM_GHASH, check_ghash},
        {CB_PRIM_GCM, check_gcm},      {CB_PRIM_MONT, check_mont},
        {CB_PRIM_CHACHA, check_chacha}, {CB_PRIM_P256, check_p256},
        {CB_PRIM_MLKEM, check_mlkem},  {CB_PRIM_MLDSA, check_mldsa},
        {CB_PRIM_GF2M, check_gf2m},
        {CB_PRIM_C25519, check_c25519},
#define DIGEST_ROW(NAME, name, check, summary, arg) {CB_PRIM_##NAME, check_##check},
        CB_DIGESTS(DIGEST_ROW, CB_DIGEST_NO_A, ~)
#undef DIGEST_ROW
#define BLOCK_ROW(name, lower, arg) {CB_PRIM_##name, check_block},
        CB_BLOCK_PRIMS(BLOCK_ROW, ~)
#undef BLOCK_ROW
#define STREAM_ROW(name, lower, arg) {CB_PRIM_##name, check_stream},
        CB_STREAM_PRIMS(STREAM_ROW, ~)
#undef STREAM_ROW
    };
    int rc = 0;
    fail_msg_buf = msg;
    fail_msg_len = len;
    setup();
    for (size_t i = 0; rc == 0 && i < sizeof prims / sizeof prims[0]; i++)
        rc = each_variant(prims[i].prim, prims[i].check);
    if (rc == 0)
        snprintf(msg, len, "%u functions of the variants this CPU can run", checked);
    teardown();
    return rc;
}
