/*
 * reports/export/table.c - the one table of export formats (formats.h) that -format,
 * the help text, the error messages and cli/cmd_export.c's gate read.  It sits above
 * the writers (it names each), which sit above export.c (the cases and their names).
 */
#include <stdio.h>
#include <string.h>

#include "reports/export/export.h"

#define CB_EXPORT_ROW(name, write, failures, gate, what) {name, what, write, failures, gate},
static const cb_export_format formats[] = {CB_EXPORT_FORMATS(CB_EXPORT_ROW)};
#undef CB_EXPORT_ROW
#define N_FORMATS (sizeof formats / sizeof formats[0])

const cb_export_format *cb_export_format_find(const char *name)
{
    for (size_t i = 0; i < N_FORMATS; i++)
        if (strcmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

const char *cb_export_format_list(char *buf, size_t len, int gating)
{
    size_t used = 0, total = 0, seen = 0;
    for (size_t i = 0; i < N_FORMATS; i++)
        total += !gating || formats[i].gate;
    buf[0] = 0;
    for (size_t i = 0; i < N_FORMATS && used < len; i++) {
        if (gating && !formats[i].gate)
            continue;
        seen++;
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 seen == 1 ? "" : seen == total ? " and " : ", ",
                                 formats[i].name);
    }
    return buf;
}

void cb_export_format_usage(FILE *f, const char *indent)
{
    for (size_t i = 0; i < N_FORMATS; i++)
        fprintf(f, "%s%-9s %s\n", indent, formats[i].name, formats[i].what);
}

