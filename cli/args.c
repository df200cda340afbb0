/*
 * cli/args.c - option matching and strict number parsing.
 */
#include "cli/args.h"

#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "base/outfile.h"
#include "base/workload.h"

/* name_len returns how much of arg (after the dashes) is the option name. */
static const char *strip_dashes(const char *arg)
{
    if (arg[0] != '-')
        return NULL;
    return arg[1] == '-' ? arg + 2 : arg + 1;
}

int cb_args_is(const char *arg, const char *name)
{
    const char *p = strip_dashes(arg);
    return p && strcmp(p, name) == 0;
}

int cb_args_flag(cb_args *a, const char *name)
{
    if (a->i < a->argc && cb_args_is(a->argv[a->i], name)) {
        a->i++;
        return 1;
    }
    return 0;
}

int cb_args_value(cb_args *a, const char *name, const char **val)
{
    const char *arg = a->argv[a->i];
    const char *p = strip_dashes(arg);
    size_t n = strlen(name);
    if (!p || strncmp(p, name, n) != 0)
        return 0;
    if (p[n] != '=' && p[n] != '\0')
        return 0;
    if (p[n] == '\0' && a->i + 1 >= a->argc) {
        cb_error("%s: option %s needs a value.", a->cmd, arg);
        return -1;
    }
    *val = p[n] == '=' ? p + n + 1 : a->argv[a->i + 1];
    a->i += p[n] == '=' ? 1 : 2;
    /* an empty value is never what was meant (-gate-on "" gated everything,
     * -cycles= ran as plain -cycles) */
    if (!**val) {
        cb_error("%s: option -%s has an empty value; give one ('cryptobench %s -help' lists "
                 "the options).", a->cmd,
                 name, a->cmd);
        return -1;
    }
    return 1;
}

int cb_args_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0;
}

int cb_args_output_apart(const char *cmd, const char *opt, const char *out,
                         const char *const *in, size_t n, const char *role)
{
    for (size_t i = 0; out && i < n; i++)
        if (in[i] && cb_path_same(in[i], out)) {
            if (strcmp(in[i], out) == 0)
                cb_error("%s: %s %s is %s; give the output a name of its own.", cmd, opt,
                         out, role);
            else
                cb_error("%s: %s %s is %s, '%s'; give the output a name of its own.", cmd,
                         opt, out, role, in[i]);
            return -1;
        }
    return 0;
}

int cb_args_workload(const char *cmd, const char *v, cb_workload *w)
{
    char err[512];
    if (cb_workload_load(w, v, err, sizeof err) == 0)
        return 0;
    cb_error("%s: %s", cmd, err);
    return -1;
}
