/*
 * cli/tune_opts.c - tuning files checked against this machine (cli/tune_opts.h).
 */
#include "cli/tune_opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/caps.h"
#include "base/common.h"
#include "base/infile.h"
#include "base/outfile.h"
#include "harness/host.h"
#include "harness/runinfo.h"
#include "kernels/registry.h"
#include "kernels/select.h"

void cb_tune_header(cb_tune *t)
{
    cb_host_cpu_model(t->cpu, sizeof t->cpu);
    cb_caps_format(cb_caps_effective(), t->caps, sizeof t->caps);
    snprintf(t->build, sizeof t->build, "revision %s, config %s", cb_build_rev,
             cb_build_config);
}

/* A tuning file is a few lines per algorithm: a megabyte is far more than any. */
static const cb_infile_limits tune_limits = {1u << 20, 4096, "tuning file"};

/* mismatch refuses t when its header is not this machine's: the first field that
 * differs, in one sentence. */
static int mismatch(const cb_tune *t, const char *path, const char *cmd)
{
    cb_tune here;
    memset(&here, 0, sizeof here);
    cb_tune_header(&here);
    const char *what[] = {"CPU", "capability set", "build"};
    const char *theirs[] = {t->cpu, t->caps, t->build};
    const char *ours[] = {here.cpu, here.caps, here.build};
    for (int i = 0; i < 3; i++)
        if (strcmp(theirs[i], ours[i]) != 0) {
            cb_error("%s: tuning file %s was made for another %s ('%s', here '%s'); run "
                     "`cryptobench audit -o FILE` on this machine and build to make one.",
                     cmd, path, what[i], theirs[i], ours[i]);
            return -1;
        }
    return 0;
}

int cb_tune_load(cb_tune *t, const char *path, const char *cmd)
{
    FILE *f = fopen(path, "rb");
    char err[512];
    if (!f) {
        cb_error("%s: cannot read tuning file %s: %s.", cmd, path, strerror(errno));
        return -1;
    }
    size_t len = 0;
    char *text = cb_infile_read(f, &tune_limits, &len, err, sizeof err);
    fclose(f);
    if (!text) {
        cb_error("%s: tuning file %s: %s.", cmd, path, err);
        return -1;
    }
    int rc = cb_tune_parse(t, text, len, err, sizeof err);
    free(text);
    if (rc != 0) {
        cb_error("%s: tuning file %s is malformed: %s.", cmd, path, err);
        return -1;
    }
    snprintf(t->name, sizeof t->name, "%s", path);
    if (mismatch(t, path, cmd) != 0) {
        cb_tune_free(t);
        return -1;
    }
    for (size_t i = 0; i < t->n; i++) {
        char why[160];
        if (cb_variant_why_not(t->r[i].var, cb_caps_effective(), why, sizeof why)) {
            cb_error("%s: tuning file %s, line %u: variant %s cannot run here: it %s.", cmd,
                     path, t->r[i].line, t->r[i].var->name, why);
            cb_tune_free(t);
            return -1;
        }
    }
    cb_select_tune(t);
    return 0;
}

int cb_tune_write_file(const cb_tune *t, const char *path, const char *cmd)
{
    char err[512];
    cb_outfile *o = cb_outfile_open(path, "tuning file", err, sizeof err);
    if (!o) {
        cb_error("%s: %s.", cmd, err);
        return -1;
    }
    if (cb_tune_write(t, cb_outfile_stream(o)) != 0) {
        cb_outfile_abort(o);
        cb_error("%s: writing tuning file %s failed.", cmd, path);
        return -1;
    }
    int changed = 0;
    if (cb_outfile_commit(o, &changed, err, sizeof err) != 0) {
        cb_error("%s: %s.", cmd, err);
        return -1;
    }
    return 0;
}
