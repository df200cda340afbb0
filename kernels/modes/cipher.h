/*
 * kernels/modes/cipher.h - block-cipher modes over a variant's ops: ECB and CBC for AES and
 * DES; CTR, OFB, CFB, CFB8, IGE and XTS for AES (kernels/modes/aes_modes.h).
 */
#ifndef CB_CIPHER_H
#define CB_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_cipher: a keyed cipher context with its running IV or counter. */
typedef struct cb_cipher {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    void *ks;          /* key schedule, 64-byte aligned */
    void *tweak_ks;    /* XTS: the tweak key's encryption schedule; else NULL */
    uint8_t iv[CB_IV_MAX]; /* CBC chaining value, CTR counter, OFB/CFB register, the
                              XTS tweak value i or IGE's two previous blocks */
    unsigned used;     /* OFB and CFB: bytes of the register's block consumed */
} cb_cipher;

/*
 * cb_cipher_init keys c for algorithm a (CB_KIND_CIPHER), variant v and direction
 * dir (CB_DIR_ENCRYPT or CB_DIR_DECRYPT).  key has cb_alg_key_bytes(a) bytes (XTS:
 * the data key K1 then the tweak key K2, as SP 800-38E and OpenSSL order them; K1 ==
 * K2 is accepted, as IEEE 1619's own vector 1 has it, though OpenSSL 3 refuses it);
 * iv has cb_alg_iv_bytes(a) bytes (32 for IGE; ignored for ECB and stream ciphers;
 * may be NULL, meaning zeros).  Returns 0, or -1 when v does not offer this algorithm
 * and direction.
 */
int cb_cipher_init(cb_cipher *c, const cb_alg *a, const cb_variant *v, cb_dir dir,
                   const uint8_t *key, const uint8_t *iv);

/* cb_cipher_init_key is cb_cipher_init with a key of keylen bytes, which may differ
 * from cb_alg_key_bytes(a) for a cipher of variable key length (cb_alg_key_len_ok);
 * -1 for a length the algorithm does not take. */
int cb_cipher_init_key(cb_cipher *c, const cb_alg *a, const cb_variant *v, cb_dir dir,
                       const uint8_t *key, size_t keylen, const uint8_t *iv);

/* cb_cipher_set_iv replaces the chaining value or counter. */
void cb_cipher_set_iv(cb_cipher *c, const uint8_t *iv);

/*
 * cb_cipher_update processes len bytes from in to out (which may be equal).  ECB and
 * CBC need a multiple of the block size (else -1).  A stream cipher (CB_MODE_STREAM)
 * takes any length and continues its keystream from one call to the next.  CTR takes any length and
 * increments the whole 128-bit counter (SP 800-38A B.1); a partial final block uses
 * up its counter value.  IGE needs whole blocks and keeps its two chaining blocks
 * from call to call.  OFB, CFB and CFB8 take any length and the next call
 * continues mid-block where this one stopped.  XTS treats each call as one whole
 * data unit under the tweak value in c->iv, which stays as it is (as OpenSSL's
 * EVP_CipherUpdate does): 0 or at least 16 bytes.  Returns 0 or -1.
 */
int cb_cipher_update(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t len);

/* cb_cipher_len_ok says whether one cb_cipher_update of algorithm a takes len bytes. */
int cb_cipher_len_ok(const cb_alg *a, size_t len);

/* cb_cipher_chains says whether a's state carries from one update to the next, so a
 * message may be split across calls (all modes but XTS, whose call is a data unit). */
int cb_cipher_chains(const cb_alg *a);

/* cb_cipher_free wipes and frees the key schedule. */
void cb_cipher_free(cb_cipher *c);

#endif
