/*
 * cli/cmd_import.c - `cryptobench import LOG... -o OUT.csv`: existing `openssl
 * speed` and tcrypt logs into our CSV (status "imported"), ready for compare.
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "base/outfile.h"
#include "reports/csv/csv.h"
#include "reports/import/import.h"

#define MAX_LOGS 64

static void import_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench import LOG... -o OUT.csv [options]\n\n"
        "Reads `openssl speed` output (the table, the public-key tables of RSA, DSA,\n"
        "ECDSA, ECDH, EdDSA, SM2, FFDH and KEMs, the 'Doing ...' progress lines, -mr\n"
        "lines), Linux tcrypt logs (with or without dmesg timestamps, in time or in\n"
        "cycles), the kernel's KUnit lib/crypto benchmarks (KTAP '# benchmark_hash:\n"
        "len=N: R MB/s' lines), `bssl speed` output, Google Benchmark JSON, liboqs's\n"
        "speed_kem and speed_sig tables, `cryptsetup benchmark` output and libkcapi's\n"
        "kcapi-speed results, and writes one CSV row per value (per iteration run),\n"
        "marked 'imported'.  Names cryptobench has take its spelling (aes-128 cbc is\n"
        "aes-128-cbc); the others are kept in lower case with '-' for blanks\n"
        "(camellia-128-cbc, ecdsa-nistp256) and listed in a warning: they compare only\n"
        "with other imports.  Compare the result with `cryptobench compare`.\n\n"
        "  -o FILE          the CSV to write (written whole, or not at all)\n"
        "  -variant NAME    variant to record (default: openssl, the tcrypt driver, kunit,\n"
        "                   bssl, gbench, liboqs, cryptsetup, or kcapi-speed's listed\n"
        "                   driver)\n"
        "  -build LABEL     build label to record (default: the log's file name)\n"
        "  -host NAME       host name to record\n"
        "  -arch ARCH       host architecture to record\n"
        "  -cpu MODEL       CPU model to record\n"
        "  -decrypt         the openssl run used -decrypt\n"
        "  -aead            the openssl run used -aead\n\n"
        "Exit status: 0 success, 2 bad usage, an unreadable log or nothing to import.\n");
}

typedef struct options {
    const char *logs[MAX_LOGS];
    int nlogs;
    const char *out;
    cb_import_opts o;
} options;

/* parse_options returns 0, 1 after -help, -1 after an error message. */
static int parse_options(int argc, char **argv, options *op)
{
    cb_args a = {argc, argv, 1, "import"};
    static const char *const names[] = {"variant", "build", "host", "arch", "cpu"};
    const char **dest[] = {&op->o.variant, &op->o.build, &op->o.hostname, &op->o.host_arch,
                           &op->o.cpu_model};
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            import_usage(stdout);
            return 1;
        }
        int r = cb_args_value(&a, "o", &op->out);
        for (size_t k = 0; !r && k < sizeof names / sizeof names[0]; k++)
            r = cb_args_value(&a, names[k], dest[k]);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        if (cb_args_flag(&a, "decrypt")) {
            op->o.decrypt = 1;
            continue;
        }
        if (cb_args_flag(&a, "aead")) {
            op->o.aead = 1;
            continue;
        }
        if (argv[a.i][0] == '-' && argv[a.i][1]) {
            cb_error("import: unknown option '%s'; the options are -o, -variant, -build, "
                     "-host, -arch, -cpu, -decrypt and -aead.", argv[a.i]);
            return -1;
        }
        if (op->nlogs == MAX_LOGS) {
            cb_error("import: more than %d logs; import them in several runs.", MAX_LOGS);
            return -1;
        }
        op->logs[op->nlogs++] = argv[a.i++];
    }
    if (op->nlogs == 0 || !op->out) {
        cb_error("import needs a log and -o OUT.csv, e.g. cryptobench import "
                 "openssl-speed.log -o old.csv.");
        return -1;
    }
    return cb_args_output_apart("import", "-o", op->out, op->logs, (size_t)op->nlogs,
                                "the log being imported");
}

/* write_rows writes every row of set through w and finishes the file. */
static int write_rows(const cb_csv_set *set, cb_csv_writer *w, const char *path)
{
    char err[512];
    for (size_t i = 0; i < cb_csv_set_count(set); i++)
        if (cb_csv_write_row(w, cb_csv_set_row(set, i)) != 0) {
            cb_error("cannot write '%s'.", path);
            cb_csv_abort(w);
            return -1;
        }
    if (cb_csv_commit(w, err, sizeof err) != 0) {
        cb_error("%s", err);
        return -1;
    }
    return 0;
}

int cb_cmd_import(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    int r = parse_options(argc, argv, &op);
    if (r)
        return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    /* the output is checked (and its temporary made) before any log is read */
    char err[1024];
    cb_csv_writer *w = cb_csv_open(op.out, err, sizeof err);
    if (!w) {
        cb_error("import: %s", err);
        return CB_EXIT_USAGE;
    }
    cb_csv_set *set = cb_csv_set_new();
    int rc = CB_EXIT_OK;
    for (int i = 0; i < op.nlogs && rc == CB_EXIT_OK; i++) {
        long n = cb_import_file(set, op.logs[i], &op.o, stderr, err, sizeof err);
        if (n < 0) {
            cb_error("%s", err);
            rc = CB_EXIT_USAGE;
        } else {
            fprintf(stderr, "%s: %ld samples\n", op.logs[i], n);
        }
    }
    if (rc != CB_EXIT_OK)
        cb_csv_abort(w);
    else if (write_rows(set, w, op.out) != 0)
        rc = CB_EXIT_USAGE;
    cb_csv_set_free(set);
    return rc;
}
