/*
 * base/infile.c - whole files read within limits (see infile.h).
 */
#include "base/infile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/common.h"

/* size_text writes n bytes as "N MiB" when it is whole mebibytes, else "N bytes". */
static const char *size_text(size_t n, char *buf, size_t len)
{
    if (n >= (1u << 20) && n % (1u << 20) == 0)
        snprintf(buf, len, "%zu MiB", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(buf, len, "%zu KiB", n >> 10);
    else
        snprintf(buf, len, "%zu bytes", n);
    return buf;
}

/* too_big frees buf and says the file passed the size limit; NULL. */
static char *too_big(const cb_infile_limits *lim, char *err, size_t errlen, char *buf)
{
    char a[32];
    snprintf(err, errlen, "the file is larger than %s, which no %s is.",
             size_text(lim->max_bytes, a, sizeof a), lim->kind);
    free(buf);
    return NULL;
}

char *cb_infile_read(FILE *f, const cb_infile_limits *lim, size_t *len, char *err,
                     size_t errlen)
{
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    /* a regular file's size is known: refuse it at once, or read it in one go */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        if ((unsigned long long)st.st_size > lim->max_bytes)
            return too_big(lim, err, errlen, NULL);
        cap = (size_t)st.st_size + 1;
    }
    char *buf = cb_xmalloc(cap + 1);
    size_t line = 1, line_start = 0; /* the line being read and where it began */
    for (;;) {
        if (n == cap) {
            if (cap > lim->max_bytes)
                return too_big(lim, err, errlen, buf);
            /* grow to at most one byte past the limit: that byte tells it */
            cap = cap > lim->max_bytes / 2 ? lim->max_bytes + 1 : cap * 2;
            buf = cb_xrealloc(buf, cap + 1);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        /* a line too long is told as soon as it is seen, whatever follows it */
        for (size_t i = n; i < n + got; i++)
            if (buf[i] == '\n') {
                line++;
                line_start = i + 1;
            }
        n += got;
        if (n - line_start > lim->max_line) {
            char a[32];
            snprintf(err, errlen, "line %zu is longer than %s, which no %s has.", line,
                     size_text(lim->max_line, a, sizeof a), lim->kind);
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "cannot read the file: %s.", strerror(errno));
        free(buf);
        return NULL;
    }
    if (n > lim->max_bytes)
        return too_big(lim, err, errlen, buf);
    buf[n] = '\0';
    *len = n;
    return buf;
}
