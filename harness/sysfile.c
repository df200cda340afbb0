/*
 * harness/sysfile.c - reading a small /proc or /sys entry whole.  Below host.c and
 * emu.c, which both read such entries and otherwise do not need each other's files.
 */
#include "harness/sysfile.h"

#include <stdio.h>

int cb_sysfile_read(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
    return n ? 0 : -1;
}
