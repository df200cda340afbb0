/*
 * harness/sysfile.h - reading a small /proc or /sys entry whole.
 */
#ifndef CB_SYSFILE_H
#define CB_SYSFILE_H

#include <stddef.h>

/* cb_sysfile_read reads up to len-1 bytes of a small file (a /proc or /sys entry)
 * into buf, NUL-terminated; 0 when something was read, -1 otherwise. */
int cb_sysfile_read(const char *path, char *buf, size_t len);

#endif
