/*
 * kernels/check/pkey_check.h - every public-key check, for either kind of variant.
 *
 * A built-in variant has its algorithm's own known answers and round trips
 * (kernels/pkey/pkey.h, cb_pkey_selftest: the signature OpenSSL made with the
 * embedded key, RFC 8032's and RFC 7748's vectors).  A whole-algorithm variant (a
 * library) is checked against generic through kernels/op.h: generic accepts what it
 * signs and the reverse, a changed bit or message is refused, a deterministic
 * signature (Ed25519) is generic's byte for byte, a key agreement gives generic's
 * shared secret on the embedded keys and, when the variant takes raw keys, on
 * pseudo-random ones, and refuses the all-zero secret of a small-order peer.
 */
#ifndef CB_PKEY_CHECK_H
#define CB_PKEY_CHECK_H

#include "kernels/check/checker.h"

/* cb_check_pkey checks c's public-key variant: 0, or 1 with c->err set. */
int cb_check_pkey(cb_checker *c);

#endif
