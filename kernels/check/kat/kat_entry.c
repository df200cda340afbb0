/*
 * kernels/check/kat/kat_entry.c - the engine's entry points: a file is told apart by
 * its content (an ACVP vector set starts with '{', or "[{"; anything else is read as
 * a .rsp-style file known by its name) and handed to its reader, acvp.c or
 * kat_run.c, whose tallies then say whether it passed.  A file of its own so that
 * neither reader needs the other.
 */
#include <stdio.h>
#include <string.h>

#include "kernels/check/kat/kat_impl.h"

/* next_nonblank: the next character of f that is not JSON white space, or EOF. */
static int next_nonblank(FILE *f)
{
    int c;
    do
        c = getc(f);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    return c;
}

/* is_acvp: does the file at path start like an ACVP file ('{', or the protocol's
 * array "[{")?  A .rsp's "[ENCRYPT]" header is neither. */
static int is_acvp(const char *path)
{
    FILE *f = fopen(path, "rb");
    int c = f ? next_nonblank(f) : EOF;
    if (c == '[')
        c = next_nonblank(f);
    if (f)
        fclose(f);
    return c == '{';
}

/* failed_status turns a run's status into FAILED when a variant failed a case. */
static void failed_status(cb_kat_result *res)
{
    for (size_t i = 0; res->status == CB_KAT_PASSED && i < res->ntallies; i++)
        if (res->tallies[i].failed)
            res->status = CB_KAT_FAILED;
}

cb_kat_status cb_kat_run_pair(const char *prompt, const char *results, const cb_kat_opts *o,
                              cb_kat_result *res)
{
    memset(res, 0, sizeof *res);
    res->path = prompt;
    kat_acvp_run(prompt, results, o, res);
    failed_status(res);
    return res->status;
}

cb_kat_status cb_kat_run_file(const char *path, const cb_kat_opts *o, cb_kat_result *res)
{
    if (is_acvp(path))
        return cb_kat_run_pair(path, NULL, o, res);
    memset(res, 0, sizeof *res);
    kat_rsp_run(path, o, res);
    failed_status(res);
    return res->status;
}
