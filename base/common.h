/*
 * base/common.h - exit statuses and the one way errors reach the user.
 */
#ifndef CB_COMMON_H
#define CB_COMMON_H

#include <stdarg.h>
#include <stddef.h>

#define CB_EXIT_OK 0
#define CB_EXIT_FAIL 1        /* a check failed: regression, known-answer failure */
#define CB_EXIT_USAGE 2       /* bad usage or bad input */
#define CB_EXIT_FAULT 3       /* a kernel faulted under the guard */
#define CB_EXIT_UNDECIDED 4   /* a gate ran out of time before it could decide */
#define CB_EXIT_SIGNAL_BASE 128 /* stopped by signal N: 128 + N, as shells report (Ctrl-C 130) */

#define CB_VERSION "0.1.0"

/* cb_error prints "cryptobench: " and the formatted sentence to stderr. */
void cb_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* cb_warn prints "cryptobench: warning: " and the sentence to stderr. */
void cb_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * cb_stdout_finish flushes standard output when a command ends and returns the exit
 * status to use: a failed write (a full disk, /dev/full, a closed pipe's EIO) turns
 * a 0 or 1 into CB_EXIT_USAGE with one sentence naming the reason, so nothing is
 * lost silently.  Any other status stands (its reason was already printed).
 */
int cb_stdout_finish(int status);

/* cb_xmalloc and friends abort with a message when memory runs out. */
void *cb_xmalloc(size_t n);
void *cb_xcalloc(size_t n, size_t size);
void *cb_xrealloc(void *p, size_t n);
char *cb_xstrdup(const char *s);
/* cb_xasprintf: a malloc'ed string of the format (free it). */
char *cb_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* cb_hex_digit returns the value of one hexadecimal digit (either case), or -1. */
int cb_hex_digit(int c);

/* cb_hex_decode decodes hex (even length, no spaces) into out (at most max bytes);
 * returns the byte count or -1.  Every hex reader decodes through it. */
long cb_hex_decode(const char *hex, unsigned char *out, size_t max);

/* cb_err_at writes "path:line: " (line 0: "path: ") and the message into err, the form
 * in which every reader of a file names a bad line; cb_verr_at takes a va_list. */
void cb_err_at(char *err, size_t errlen, const char *path, unsigned long line,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void cb_verr_at(char *err, size_t errlen, const char *path, unsigned long line,
                const char *fmt, va_list ap);

/*
 * cb_printable writes s as it may be echoed in a message: bytes outside printable
 * ASCII (newlines, control characters, non-UTF-8 or any non-ASCII byte) as \n, \t
 * or \xNN, a backslash as \\, and a string too long for buf cut and ended with
 * "...".  len is at least 16; CB_PRINTABLE_LEN suits a message.  Returns buf.
 */
#define CB_PRINTABLE_LEN 96
const char *cb_printable(const char *s, char *buf, size_t len);

/* cb_buf: a string that grows as it is written, for text of no known bound (a
 * comparison's axis names whole compiler lines). */
typedef struct cb_buf {
    char *s;      /* NUL-terminated; NULL before the first write */
    size_t len, cap;
} cb_buf;

/* cb_buf_printf appends the formatted text to b. */
void cb_buf_printf(cb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* cb_os_random fills p with len bytes from the kernel's random source (getrandom,
 * which blocks only until the pool is first seeded); 0, or -1 when it cannot. */
int cb_os_random(void *p, size_t len);

/* cb_aligned_alloc returns size bytes aligned to align (a power of two), zeroed. */
void *cb_aligned_alloc(size_t align, size_t size);

#endif
