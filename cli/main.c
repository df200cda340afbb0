/*
 * cli/main.c - `cryptobench <command> [options]`: finds the command and runs it.
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "harness/guard.h"
#include "kernels/libcrypto/libcrypto.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"speed", cb_cmd_speed, "time block-size sweeps (openssl speed options)"},
    {"list", cb_cmd_list, "algorithms x variants: which run here, and why not"},
    {"caps", cb_cmd_caps, "CPU capabilities, the mask in force, emulation, auto picks"},
    {"selftest", cb_cmd_selftest, "check every variant against known answers and generic"},
    {"kat", cb_cmd_kat, "run NIST CAVP known-answer files through every variant"},
    {"audit", cb_cmd_audit, "the fastest variant per size here: crossovers, wrong picks, a tune file"},
    {"compare", cb_cmd_compare, "before/after tables from two result files, with a gate"},
    {"import", cb_cmd_import, "openssl speed and tcrypt logs into cryptobench CSV"},
    {"export", cb_cmd_export, "result files as BMF, github-action-benchmark, Go, LAVA, JUnit"},
    {"plot", cb_cmd_plot, "throughput against block size from result files, as SVG"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: cryptobench <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'cryptobench <command> -help' describes a command's options.\n"
               "Exit status: 0 success, 1 a check failed, 2 bad usage or input,\n"
               "3 a kernel faulted, 130 interrupted.\n");
}

int main(int argc, char **argv)
{
    /* A loaded library's exit() comes back to the guard (harness/guard.h). */
    cb_lib_set_exit_hook(cb_guard_exit_hook);
    if (argc < 2) {
        usage(stderr);
        return CB_EXIT_USAGE;
    }
    if (cb_args_help(argv[1])) {
        usage(stdout);
        return cb_stdout_finish(CB_EXIT_OK);
    }
    if (strcmp(argv[1], "-version") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("cryptobench %s\n", CB_VERSION);
        return cb_stdout_finish(CB_EXIT_OK);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return cb_stdout_finish(commands[i].run(argc - 1, argv + 1));
    char names[256];
    size_t n = 0;
    names[0] = '\0';
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              commands[i].name);
    cb_error("unknown command '%s'; the commands are: %s.", argv[1], names);
    return CB_EXIT_USAGE;
}
