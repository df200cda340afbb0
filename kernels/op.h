/*
 * kernels/op.h - the one way to set up and run a variant's operation.
 *
 * A cb_op is one variant keyed for one algorithm and direction.  Whether the variant
 * is layered (a primitive's ops run through kernels/modes/ and kernels/pkey/) or
 * whole (kernel.h, CB_PRIM_WHOLE: a library registered at run time, a test double,
 * through its cb_alg_impl on one session), the caller sees the same functions with
 * the same return values, so the checks (kernels/check/), the known-answer engine
 * (kernels/check/kat/) and the timed instance (kernels/inst.c) know no kind of
 * variant and never call impl-> themselves.
 *
 * Return values: 0 success; -1 failure (for cb_op_unseal and cb_op_verify also
 * "does not verify"); cb_op_start and cb_op_raw also return CB_OP_NO_SESSION and
 * CB_OP_NO_RAW below.
 *
 * Adding an operation kind (a KEM's keygen, encaps and decaps, say):
 *   1. kernel.h: the cb_kind (CB_KIND_KEM), its directions, the cb_alg_impl
 *      members a library fills (kem_encaps, kem_decaps, ...) and their line in
 *      cb_alg_impl_has;
 *   2. op.c: one row of the kinds[] table (how the kind is keyed on a layered
 *      variant, how on a whole one, how the layered state is freed; the state goes
 *      in cb_op's lay union) and one cb_op_<operation> function per operation, each
 *      "whole ? the session's impl member : the layered function";
 *   3. this header: those functions' declarations;
 *   4. the library file (kernels/libcrypto/) that implements the impl members.
 * The checks and the timed loop then call cb_op_<operation>.
 */
#ifndef CB_OP_H
#define CB_OP_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/cmac.h"
#include "kernels/modes/drbg.h"
#include "kernels/modes/gcm.h"
#include "kernels/modes/hmac.h"

struct cb_pkey;
struct cb_kem;
struct cb_sig;
struct op_kind;

/* cb_op_start's other failure: a whole variant opened no session (or offers no
 * such algorithm and direction), where -1 is a key it refused. */
#define CB_OP_NO_SESSION (-2)
/* cb_op_raw's "this variant takes no raw keys": the checks then use embedded ones. */
#define CB_OP_NO_RAW (-2)

/* cb_op: one variant keyed for one algorithm and direction (fields read-only). */
typedef struct cb_op {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    const struct op_kind *kind; /* op.c's row for alg->kind */
    const uint8_t *key;         /* the caller's key, kept for cb_op_restart */
    size_t key_len;
    union {
        cb_cipher cipher;
        cb_aead aead;
        cb_ghash_ctx ghash;
        cb_hmac hmac;
        cb_cmac cmac;
        cb_drbg drbg;
        struct cb_pkey *pkey;
        struct cb_kem *kem;
        struct cb_sig *sig;
    } lay;                      /* a layered variant's keyed state */
    cb_alg_session s;           /* a whole variant's session (s.impl set) */
    int keyed;                  /* lay holds state to free */
} cb_op;

/*
 * cb_op_start keys v for algorithm a and direction d: a cipher with key_len bytes of
 * key and iv (NULL: zeros; ignored for ECB and stream ciphers), an AEAD with its key
 * (alg->key_bits / 8 bytes), an HMAC with key_len bytes, a CMAC with its cipher's
 * key (cb_alg_key_bytes), GHASH with its 16-byte H;
 * a digest takes no key, a public-key algorithm its embedded keys (key NULL; raw
 * keys: cb_op_raw), a KEM none (cb_op_kem_keygen makes its key pair), a DRBG none
 * (it seeds itself from the kernel).  key must outlive the op when cb_op_restart is used.  Returns 0,
 * -1 for a key refused, CB_OP_NO_SESSION; on failure o needs no cb_op_stop.
 */
int cb_op_start(cb_op *o, const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *key,
                size_t key_len, const uint8_t *iv);

/* cb_op_stop wipes and frees what cb_op_start made (a stopped op may be stopped
 * again). */
void cb_op_stop(cb_op *o);

/* cb_op_abandon gives up an op whose variant faulted during or after cb_op_start:
 * a whole-algorithm variant's session is abandoned (cb_alg_session_abandon), nothing
 * of the variant runs.  o must have been zeroed or started. */
void cb_op_abandon(cb_op *o);

/* cb_op_whole says whether o runs on a whole variant's session. */
int cb_op_whole(const cb_op *o);

/* cb_op_restart starts a new message under the op's key: a cipher with iv (as
 * cb_op_start takes it), an AEAD keyed anew (OpenSSL 3.0's -aead speed loop does). */
int cb_op_restart(cb_op *o, const uint8_t *iv);

/* cb_op_digest writes the digest of in[0..len) (alg->out_bytes bytes). */
int cb_op_digest(cb_op *o, const uint8_t *in, size_t len, uint8_t *out);

/* cb_op_cipher encrypts or decrypts len bytes from in to out (may be equal),
 * chaining from the previous call (cb_cipher_update's length rules). */
int cb_op_cipher(cb_op *o, const uint8_t *in, uint8_t *out, size_t len);

/* cb_op_seal: one AEAD message, IV, AAD, len bytes in -> out, taglen bytes of tag. */
int cb_op_seal(cb_op *o, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
               const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag, size_t taglen);

/* cb_op_unseal: the reverse, the tag checked in constant time; out zeroed on -1. */
int cb_op_unseal(cb_op *o, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                 const uint8_t *tag, size_t taglen);

/* cb_op_mac writes the whole HMAC or CMAC of in[0..len) under the op's key
 * (out_bytes). */
int cb_op_mac(cb_op *o, const uint8_t *in, size_t len, uint8_t *out);

/* cb_op_rand writes len bytes of the DRBG's output (a layered variant's CTR_DRBG,
 * seeded from the kernel when the op started; a library's RAND_bytes). */
int cb_op_rand(cb_op *o, uint8_t *out, size_t len);

/* cb_op_ghash folds len bytes (whole blocks) into the running GHASH value. */
int cb_op_ghash(cb_op *o, const uint8_t *in, size_t len);

/* cb_op_sig_max: the largest signature of the op's key, in bytes. */
size_t cb_op_sig_max(cb_op *o);

/* cb_op_sign signs msg[0..len) into sig (*siglen: room in, length out). */
int cb_op_sign(cb_op *o, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen);

/* cb_op_verify: 0 when sig is a valid signature of msg[0..len). */
int cb_op_verify(cb_op *o, const uint8_t *msg, size_t len, const uint8_t *sig,
                 size_t siglen);

/* cb_op_derive writes the shared secret (alg->out_bytes bytes, *outlen set). */
int cb_op_derive(cb_op *o, uint8_t *out, size_t *outlen);

/* cb_op_raw replaces the op's keys by raw ones (kernel.h, pkey_raw: X25519's private
 * key and peer, Ed25519's seed and public key; priv may be NULL to verify): 0, -1
 * when refused, CB_OP_NO_RAW when the variant takes no raw keys. */
int cb_op_raw(cb_op *o, const uint8_t *priv, size_t privlen, const uint8_t *pub,
              size_t publen);

/* cb_op_takes_raw says whether variant v's ops take raw keys (cb_op_raw). */
int cb_op_takes_raw(const cb_variant *v);

/*
 * The KEM operations (CB_KIND_KEM; sizes: cb_kem_sizes_of, kernels/pkey/kem.h), on
 * an op of any of the three directions: cb_op_kem_keygen makes the op's key pair
 * from the 64-byte seed d || z and writes ek and dk; cb_op_kem_encaps writes the
 * ciphertext c and the shared secret ss of the 32-byte message m under the op's ek;
 * cb_op_kem_decaps writes ss for c under the op's dk (for a changed c, the
 * implicit-rejection key: not a failure).  -1 before a keygen, or for an ek refused.
 */
int cb_op_kem_keygen(cb_op *o, const uint8_t *seed, uint8_t *ek, uint8_t *dk);
int cb_op_kem_encaps(cb_op *o, const uint8_t *m, uint8_t *c, uint8_t *ss);
int cb_op_kem_decaps(cb_op *o, const uint8_t *c, uint8_t *ss);

/*
 * The operations of a signature scheme with key generation (CB_KIND_SIG; sizes:
 * cb_sig_sizes_of, kernels/pkey/sig.h), on an op of any of its three directions:
 * cb_op_sig_keygen makes the op's key pair from the 32-byte seed and writes pk and
 * sk (either may be NULL); cb_op_sig_sign signs with the 32-byte rnd (NULL: hedged,
 * fresh random bytes, which is what cb_op_sign does for this kind).  cb_op_sign,
 * cb_op_verify and cb_op_sig_max serve this kind too.  -1 before a keygen, and
 * for a rnd given to a variant that cannot take one (cb_op_sig_takes_rnd).
 */
int cb_op_sig_keygen(cb_op *o, const uint8_t *seed, uint8_t *pk, uint8_t *sk);
int cb_op_sig_sign(cb_op *o, const uint8_t *msg, size_t len, const uint8_t *rnd, uint8_t *sig,
                   size_t *siglen);

/*
 * Keys brought by known answers (ACVP's tests give ek, dk, pk or sk without their
 * seed): cb_op_kem_set_keys and cb_op_sig_set_keys give the op those halves as they
 * are (either may be NULL); cb_op_sig_sign_pre and cb_op_sig_verify_pre sign and
 * verify M' = pre || msg (kernels/pkey/sig.h).  A whole variant's cb_alg_impl takes
 * neither raw ML-KEM or ML-DSA keys nor M': these return -1 on one (check first with
 * cb_op_takes_pq_keys).
 */
int cb_op_kem_set_keys(cb_op *o, const uint8_t *ek, const uint8_t *dk);
int cb_op_sig_set_keys(cb_op *o, const uint8_t *pk, const uint8_t *sk);
int cb_op_sig_sign_pre(cb_op *o, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                       size_t len, const uint8_t *rnd, uint8_t *sig, size_t *siglen);
int cb_op_sig_verify_pre(cb_op *o, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                         size_t len, const uint8_t *sig, size_t siglen);

/* cb_op_takes_pq_keys: does variant v take the calls above (the built-in ones)? */
int cb_op_takes_pq_keys(const cb_variant *v);

/* cb_op_sig_takes_rnd: can variant v sign with a rnd the caller gives (cb_op_sig_sign
 * with rnd)?  The built-in variants can; a whole variant (a loaded library) signs
 * hedged only, so the checks compare its keys byte for byte and its signatures by
 * verifying them both ways (kernels/check/sig_check.h). */
int cb_op_sig_takes_rnd(const cb_variant *v);

#endif
