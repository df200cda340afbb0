/*
 * harness/canary.h - the canary: a fixed reference workload sampled beside every
 * case, so that two separate runs can be compared as case / canary and a machine
 * that is slower today (another tenant, a lower clock) cancels out.
 *
 * Each class is one loop whose machine code does not depend on how cryptobench was
 * built: on x86-64 it is written in assembly, elsewhere in plain C (so there a
 * different compiler or -O changes it).  All of it lives in one section,
 * cb_canary, and cb_canary_sum() is a checksum of that section's bytes: compare
 * normalises only when both files name the same class and the same checksum.
 *
 * The classes follow the instructions a kernel leans on, since a neighbour on the
 * sibling hyperthread slows the units it shares:
 *   scalar  integer multiply, add, rotate, xor (every CPU);
 *   aes     AES rounds and carry-less products (x86-64 with AES-NI and PCLMULQDQ);
 *   simd    256-bit integer vector adds, shifts and shuffles (x86-64 with AVX2).
 */
#ifndef CB_CANARY_H
#define CB_CANARY_H

#include <stdint.h>

#include "harness/timer.h"
#include "kernels/registry.h"

typedef enum cb_canary_class {
    CB_CANARY_NONE,
    CB_CANARY_SCALAR,
    CB_CANARY_AES,
    CB_CANARY_SIMD,
    CB_CANARY_AUTO /* a request: the class of each case (cb_canary_class_of) */
} cb_canary_class;

/* CB_CANARY_SECONDS: one canary batch, taken after every round of a case's samples
 * (a fifth of a 50 ms precision batch: the drift it follows lasts seconds). */
#define CB_CANARY_SECONDS 0.01

/* cb_canary_name: "none", "scalar", "aes", "simd", "auto". */
const char *cb_canary_name(cb_canary_class c);

/* cb_canary_parse reads a name cb_canary_name gives; -1 when it is none of them. */
int cb_canary_parse(const char *name, cb_canary_class *c);

/* cb_canary_available: can this CPU run class c (with the effective capabilities)? */
int cb_canary_available(cb_canary_class c);

/* cb_canary_class_of: the class of the canary for variant v of algorithm a: aes for
 * code that uses AES, carry-less or SHA instructions (a library's AES rows too),
 * simd for other vector code, scalar otherwise; never one this CPU cannot run. */
cb_canary_class cb_canary_class_of(const cb_alg *a, const cb_variant *v);

/* cb_canary_sum: the checksum of the canary's machine code, 16 hex digits (FNV-1a,
 * 64 bits, over the cb_canary section). */
const char *cb_canary_sum(void);

/*
 * cb_canary_batch runs one batch of class c (available) timed on clock: its count,
 * fixed for the process, is calibrated on the first call to last about
 * CB_CANARY_SECONDS.  Returns the seconds and sets *iterations.
 */
double cb_canary_batch(cb_canary_class c, cb_clock clock, uint64_t *iterations);

/* cb_canary_run runs n iterations of class c's loop and returns its result (which
 * depends on n only). */
uint64_t cb_canary_run(cb_canary_class c, uint64_t n);

#endif
