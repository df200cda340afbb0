/*
 * cli/tune_opts.h - tuning files (kernels/tune.h) between the command line and this
 * machine: the header `audit -o` writes, and the reading `speed -tune FILE` and
 * CRYPTOBENCH_TUNE=FILE do, refusing a file made for another CPU, capability set
 * or build before auto follows it.
 */
#ifndef CB_CLI_TUNE_OPTS_H
#define CB_CLI_TUNE_OPTS_H

#include "kernels/tune.h"

/* CB_TUNE_ENV: the variable that names a tuning file for every speed run. */
#define CB_TUNE_ENV "CRYPTOBENCH_TUNE"

/* cb_tune_header fills t's header with this machine's identity: the CPU's model
 * string, the capabilities in force (initialised), and the build's revision and
 * configuration. */
void cb_tune_header(cb_tune *t);

/*
 * cb_tune_load reads the tuning file at path into t, checks it against this machine
 * (cb_tune_header's three lines) and that every variant it names can run under the
 * capabilities in force, and installs it for auto (kernels/select.h).  Returns 0,
 * or -1 after one sentence on stderr prefixed by cmd (a file that cannot be read, a
 * malformed line, another CPU, capability set or build).
 */
int cb_tune_load(cb_tune *t, const char *path, const char *cmd);

/* cb_tune_write_file writes t to path atomically; -1 after one sentence. */
int cb_tune_write_file(const cb_tune *t, const char *path, const char *cmd);

#endif
