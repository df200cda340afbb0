/*
 * cli/gate_opts.h - the gate's options, read the same way by `compare` and `speed`:
 * -fail-if-slower P% and -gate-on ALG[,ALG].
 */
#ifndef CB_CLI_GATE_OPTS_H
#define CB_CLI_GATE_OPTS_H

#include "cli/args.h"
#include "reports/compare/compare.h"

#define CB_GATE_MAX_ALGS 64

/* cb_gate_opts: what the two options said; names are owned copies. */
typedef struct cb_gate_opts {
    double pct;                        /* P of -fail-if-slower P% */
    int gate;                          /* -fail-if-slower was given */
    char *names[CB_GATE_MAX_ALGS];     /* -gate-on, in cryptobench's spelling when it
                                        * has the algorithm (aes128 is aes-128-cbc) */
    size_t n;
} cb_gate_opts;

/* cb_gate_opts_take reads the current argument when it is one of the two options:
 * 1 taken, 0 not one of them, -1 (after one sentence) a bad value. */
int cb_gate_opts_take(cb_args *a, cb_gate_opts *g);

/* cb_gate_opts_finish refuses -gate-on without -fail-if-slower (-1 after one
 * sentence) and puts the gate into o, whose names then point into g. */
int cb_gate_opts_finish(const cb_gate_opts *g, cb_compare_opts *o);

/* cb_gate_opts_free releases the names. */
void cb_gate_opts_free(cb_gate_opts *g);

#endif
