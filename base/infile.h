/*
 * base/infile.h - a whole input file read into memory, within limits.
 *
 * Every reader of outside files (results CSV, other tools' logs, known-answer files)
 * reads through here, so a path that is no file of that kind (/dev/zero, /dev/urandom,
 * a fifo that never ends, a multi-gigabyte log) is refused with one sentence once it
 * passes the limits, instead of filling memory.
 */
#ifndef CB_INFILE_H
#define CB_INFILE_H

#include <stddef.h>
#include <stdio.h>

/* The limits of one kind of file: its size, and the length of one of its lines. */
typedef struct cb_infile_limits {
    size_t max_bytes;
    size_t max_line;
    const char *kind; /* in messages: "results file", "known-answer file" */
} cb_infile_limits;

/*
 * cb_infile_read reads f to its end into a malloc'ed, NUL-terminated buffer and
 * stores its length in len.  It stops as soon as the file passes lim->max_bytes, or a
 * line passes lim->max_line, and returns NULL with one sentence in err ("line 1 is
 * longer than 16 MiB, which no results file has"), or the read error's reason.
 */
char *cb_infile_read(FILE *f, const cb_infile_limits *lim, size_t *len, char *err,
                     size_t errlen);

#endif
