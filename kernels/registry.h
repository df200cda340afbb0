/*
 * kernels/registry.h - the algorithm table and the variant registry.
 *
 * Every family contributes one table of cb_variant rows (kernels/generic/family.c,
 * kernels/armv8/family.c, ...); the registry concatenates the tables that were built
 * for this target and any rows registered at run time.  Nothing else names variants.
 */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

#include <stddef.h>

#include "kernels/kernel.h"

/* ---- algorithms ---- */

size_t cb_alg_count(void);
const cb_alg *cb_alg_at(size_t i);

/* cb_alg_find looks a name or alias up, ignoring case; NULL when unknown. */
const cb_alg *cb_alg_find(const char *name);

/* cb_hmac_digest returns the digest algorithm hmac algorithm a is built on, or NULL
 * when a is not an HMAC (kernels/modes/hmac.h is HMAC itself). */
const cb_alg *cb_hmac_digest(const cb_alg *a);

/* cb_hmac_of returns the hmac(...) algorithm built on digest algorithm d, or NULL. */
const cb_alg *cb_hmac_of(const cb_alg *d);

/* cb_cmac_cipher returns the CBC cipher cmac algorithm a is named after
 * (cmac(aes-128-cbc): aes-128-cbc), or NULL when a is not a CMAC; cb_cmac_of the
 * cmac(...) algorithm of cipher c, or NULL (kernels/modes/cmac.h is CMAC itself). */
const cb_alg *cb_cmac_cipher(const cb_alg *a);
const cb_alg *cb_cmac_of(const cb_alg *c);

/*
 * cb_alg_expand resolves a name that may stand for several algorithms (OpenSSL's
 * "aes" is aes-128/192/256-cbc, "rsa" every RSA size).  Returns how many algorithms
 * the name stands for (0 when it is unknown) and writes the first max of them into
 * out: a return above max means out was too small.
 */
size_t cb_alg_expand(const char *name, const cb_alg **out, size_t max);

/*
 * cb_alg_set_add adds the algorithms name stands for to set, which holds *n of them
 * and has room for cb_alg_count(), each algorithm at most once, in table order of
 * first mention.  Returns how many the name stands for (0: unknown), so that any
 * number of names, repeated or overlapping, fits.
 */
size_t cb_alg_set_add(const cb_alg **set, size_t *n, const char *name);

/* cb_alg_names writes every canonical name, comma-separated, for error messages. */
const char *cb_alg_names(char *buf, size_t len);

/* cb_alg_dirs lists the directions an algorithm is measured in (at most CB_MAX_DIRS);
 * returns the count. */
size_t cb_alg_dirs(const cb_alg *a, cb_dir out[CB_MAX_DIRS]);

/* cb_alg_dir_named: the direction of a called name ("decrypt"), or -1 when a has no
 * direction of that name. */
int cb_alg_dir_named(const cb_alg *a, const char *name);

/* cb_alg_per_op says whether a is timed in operations, not bytes: the public-key
 * rows and the KEMs, which take no block sizes and print OpenSSL's ops/s tables. */
int cb_alg_per_op(const cb_alg *a);

/* cb_alg_key_bytes is the key length in bytes (24 for des-ede3-cbc, 0 for digests). */
size_t cb_alg_key_bytes(const cb_alg *a);

/* cb_alg_key_len_ok says whether a takes a key of len bytes: cb_alg_key_bytes(a), the
 * length `speed` keys with, or for a cipher of variable key length (Blowfish, ...)
 * any length its standard allows, as known-answer files use. */
int cb_alg_key_len_ok(const cb_alg *a, size_t len);

/* cb_alg_iv_bytes is the IV a cipher takes: its block, twice that for IGE (the
 * previous ciphertext block, then the previous plaintext block), 0 for ECB. */
size_t cb_alg_iv_bytes(const cb_alg *a);

/* ---- variants ---- */

size_t cb_variant_count(void);
const cb_variant *cb_variant_at(size_t i);

/*
 * cb_variant_register adds a row at run time (a dlopen'ed library, a test double);
 * the row must outlive its use.  Returns 0, or -1 when the table is full or the row
 * is unusable: no name, a name -variant cannot take ("auto", "all", or one holding a
 * comma or space), or a CB_PRIM_WHOLE row without a cb_alg_impl and its offers.
 */
int cb_variant_register(const cb_variant *v);

/* cb_variant_impl returns the cb_alg_impl of a whole-algorithm variant, or NULL when
 * v is a primitive variant. */
const cb_alg_impl *cb_variant_impl(const cb_variant *v);

/* cb_variant_env writes the environment pairs a whole-algorithm variant was loaded
 * under, from the "env=VAR=VALUE" entries of its notes, space-separated
 * ("OPENSSL_armcap=0xff"), or "" (also for a primitive variant); returns buf. */
const char *cb_variant_env(const cb_variant *v, char *buf, size_t len);

/*
 * cb_alg_session_open starts a session of whole-algorithm variant v for algorithm a
 * and direction d (kernel.h) and creates the implementation's context.  Returns 0, or
 * -1 when v is no whole-algorithm variant offering a in d or its context failed.
 */
int cb_alg_session_open(cb_alg_session *s, const cb_alg *a, const cb_variant *v, cb_dir d);

/* cb_alg_session_close frees the session's context (a closed session may be closed
 * again). */
void cb_alg_session_close(cb_alg_session *s);

/* cb_alg_session_abandon is cb_alg_session_close after the variant faulted: only the
 * implementation's own memory is released (ctx_abandon), the variant is not called. */
void cb_alg_session_abandon(cb_alg_session *s);

/* cb_variant_offers: does variant v implement algorithm a in direction d? */
int cb_variant_offers(const cb_variant *v, const cb_alg *a, cb_dir d);

/* cb_variant_offers_any: does v implement a in at least one direction? */
int cb_variant_offers_any(const cb_variant *v, const cb_alg *a);

/*
 * cb_variant_lacks says why whole-algorithm variant v does not implement a, in a
 * phrase that follows its name ("has no EVP_chacha20"), or NULL when it does, when v
 * is a built-in variant (another primitive's, simply not one of a's) or when its
 * implementation has no reason to give.
 */
const char *cb_variant_lacks(const cb_variant *v, const cb_alg *a, char *buf, size_t len);

/*
 * cb_variant_find returns the variant called name that implements a (any direction),
 * or NULL.
 */
const cb_variant *cb_variant_find(const cb_alg *a, const char *name);

/* cb_variant_same_code reports whether two different variant rows run the same code:
 * one primitive, the same ops (a family borrowing generic's kernel under its own
 * names, as the power family does for the ciphers it has no assembly for). */
int cb_variant_same_code(const cb_variant *a, const cb_variant *b);

/* cb_variant_generic returns the portable reference variant of a. */
const cb_variant *cb_variant_generic(const cb_alg *a);

/*
 * cb_variant_why_not returns NULL when v can run with caps, else a sentence fragment
 * such as "needs aes" that `list` and error messages use.
 */
const char *cb_variant_why_not(const cb_variant *v, cb_caps caps, char *buf, size_t len);

/*
 * cb_variant_auto picks the highest-priority variant of a for direction d whose
 * capabilities are all in caps (the Linux crypto API's cra_priority rule), among
 * those whose priority is at least CB_PRIORITY_AUTO_MIN.
 */
const cb_variant *cb_variant_auto(const cb_alg *a, cb_dir d, cb_caps caps);

/* cb_variant_names lists the variants of a, comma-separated, for error messages. */
const char *cb_variant_names(const cb_alg *a, char *buf, size_t len);

#endif
