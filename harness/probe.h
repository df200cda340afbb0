/*
 * harness/probe.h - does this CPU really execute a capability's instructions?
 *
 * Detection reads what the OS reports (HWCAP, CPUID); when that is wrong a whole
 * family of kernels is never used, or is used and dies.  A probe answers from the
 * instructions themselves: it runs the quick known-answer check of a variant that
 * needs the capability (and nothing else the CPU lacks) in a child process, so a
 * fault ends only the child.
 * Used by `cryptobench caps -probe`, the one-command form of setting
 * OPENSSL_armcap bit by bit until something dies with SIGILL.
 */
#ifndef CB_PROBE_H
#define CB_PROBE_H

#include <stddef.h>

#include "base/caps.h"
#include "kernels/kernel.h"

typedef enum cb_probe_outcome {
    CB_PROBE_UNTESTED, /* no variant needs this capability without another absent one */
    CB_PROBE_RUNS,     /* the variant ran and gave the known answers */
    CB_PROBE_WRONG,    /* it ran but gave wrong answers */
    CB_PROBE_FAULT     /* it raised a signal (SIGILL: the instructions are absent) */
} cb_probe_outcome;

typedef struct cb_probe_result {
    cb_probe_outcome outcome;
    int sig;                /* CB_PROBE_FAULT: the signal */
    const cb_variant *var;  /* the variant run (NULL when untested) */
    const cb_alg *alg;      /* the algorithm it was checked on */
    char detail[200];       /* CB_PROBE_WRONG: the first mismatch; UNTESTED: why */
} cb_probe_result;

/*
 * cb_probe_cap probes capability bit assuming the capabilities in have are
 * present: it picks the registered variant with the fewest capabilities that needs
 * bit and nothing outside have | bit, and checks it on the first algorithm it
 * offers, in a child process (under the fault guard when fork fails).  Faults end
 * the child; the caller's process and memory are untouched by them.
 */
void cb_probe_cap(cb_caps bit, cb_caps have, cb_probe_result *r);

#endif
