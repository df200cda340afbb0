/*
 * base/workload.c - the built-in workloads, histogram files, and the weighted
 * throughput of base/workload.h.
 */
#include "base/workload.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/infile.h"

/*
 * The built-ins, models rather than measurements (docs/compare.md "Workloads" says
 * where each comes from).  Every size is a multiple of 16 so that every block cipher
 * mode here can be timed at it.
 *   tls   HTTPS records: half full 16 KiB records (bulk transfer), a fifth sized to
 *         one TCP segment (1360 B, what servers with dynamic record sizing send at the
 *         start of a connection), and small ones: 512 B (requests, headers) and
 *         64 B (alerts, HTTP/2 control frames, interactive traffic).
 *   ipsec the Simple IMIX of 40, 576 and 1500 B IP packets in the ratio 7:4:1, each
 *         rounded up to a 16-byte multiple (ESP pads its payload to the block).
 *   disk  4 KiB sectors, one per call, as dm-crypt with 4096-byte sectors.
 */
typedef struct builtin {
    const char *name;
    size_t n;
    size_t size[4];
    double count[4];
} builtin;

static const builtin builtins[] = {
    {"tls", 4, {64, 512, 1360, 16384}, {20, 10, 20, 50}},
    {"ipsec", 3, {48, 576, 1504}, {7, 4, 1}},
    {"disk", 1, {4096}, {1}},
};

#define NBUILTINS (sizeof builtins / sizeof builtins[0])

const char *cb_workload_names(void)
{
    return "tls, ipsec, disk";
}

/* add puts count more calls of size into w, keeping the sizes ascending; -1 when w
 * is full. */
static int add(cb_workload *w, size_t size, double count)
{
    size_t i = 0;
    while (i < w->n && w->size[i] < size)
        i++;
    if (i < w->n && w->size[i] == size) {
        w->count[i] += count;
        return 0;
    }
    if (w->n == CB_WORKLOAD_MAX)
        return -1;
    memmove(&w->size[i + 1], &w->size[i], (w->n - i) * sizeof w->size[0]);
    memmove(&w->count[i + 1], &w->count[i], (w->n - i) * sizeof w->count[0]);
    w->size[i] = size;
    w->count[i] = count;
    w->n++;
    return 0;
}

/* drop_zero removes sizes whose counts add up to nothing. */
static void drop_zero(cb_workload *w)
{
    size_t k = 0;
    for (size_t i = 0; i < w->n; i++)
        if (w->count[i] > 0) {
            w->size[k] = w->size[i];
            w->count[k++] = w->count[i];
        }
    w->n = k;
}

/* word reads the blank-separated word at *p into buf (NUL-terminated, cut at len);
 * returns its length, 0 at the line's end. */
static size_t word(const char **p, char *buf, size_t len)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    size_t n = 0;
    while (*s && !isspace((unsigned char)*s)) {
        if (n + 1 < len)
            buf[n] = *s;
        n++;
        s++;
    }
    buf[n < len ? n : len - 1] = '\0';
    *p = s;
    return n;
}

/* parse_line reads one line of a histogram file into w: 0, or -1 with err set. */
static int parse_line(cb_workload *w, const char *path, unsigned long ln, const char *line,
                      char *err, size_t errlen)
{
    char a[64], b[64], c[64], shown[CB_PRINTABLE_LEN];
    const char *p = line;
    size_t na = word(&p, a, sizeof a);
    if (na == 0)
        return 0;
    size_t nb = word(&p, b, sizeof b);
    if (nb == 0 || word(&p, c, sizeof c) != 0 || na >= sizeof a || nb >= sizeof b) {
        cb_err_at(err, errlen, path, ln, "\"%s\" is not a \"SIZE COUNT\" line (a block size "
                  "in bytes and how often it occurs, e.g. \"1500 12\").",
                  cb_printable(line, shown, sizeof shown));
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long size = isdigit((unsigned char)a[0]) ? strtoull(a, &end, 10) : 0;
    if (!isdigit((unsigned char)a[0]) || *end || errno || size < 1 ||
        size > CB_WORKLOAD_MAX_BYTES) {
        cb_err_at(err, errlen, path, ln, "size \"%s\" is not a whole number of bytes from 1 "
                  "to %u.", cb_printable(a, shown, sizeof shown), CB_WORKLOAD_MAX_BYTES);
        return -1;
    }
    errno = 0;
    double count = isdigit((unsigned char)b[0]) ? strtod(b, &end) : -1;
    if (!isdigit((unsigned char)b[0]) || *end || errno || !isfinite(count) || count < 0) {
        cb_err_at(err, errlen, path, ln, "count \"%s\" is not a decimal number of 0 or more.",
                  cb_printable(b, shown, sizeof shown));
        return -1;
    }
    if (add(w, (size_t)size, count) != 0) {
        cb_err_at(err, errlen, path, ln, "more than %d distinct sizes; a workload holds at "
                  "most %d (speed's -bytes limit): merge neighbouring sizes.",
                  CB_WORKLOAD_MAX, CB_WORKLOAD_MAX);
        return -1;
    }
    return 0;
}

/* load_file reads a histogram file into w. */
static int load_file(cb_workload *w, const char *path, char *err, size_t errlen)
{
    static const cb_infile_limits lim = {1u << 20, 4096, "workload file"};
    char shown[CB_PRINTABLE_LEN], why[256];
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "-workload %s: not a built-in workload (%s) and no file to "
                 "read: %s.", cb_printable(path, shown, sizeof shown), cb_workload_names(),
                 strerror(errno));
        return -1;
    }
    size_t len;
    char *text = cb_infile_read(f, &lim, &len, why, sizeof why);
    fclose(f);
    if (!text) {
        cb_err_at(err, errlen, path, 0, "%s", why);
        return -1;
    }
    if (memchr(text, '\0', len)) {
        cb_err_at(err, errlen, path, 0, "holds a NUL byte, so it is no text file of \"SIZE "
                  "COUNT\" lines.");
        free(text);
        return -1;
    }
    const char *base = strrchr(path, '/');
    snprintf(w->name, sizeof w->name, "%s", base ? base + 1 : path);
    unsigned long ln = 0;
    int rc = 0;
    for (char *line = text; rc == 0 && line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        rc = parse_line(w, path, ++ln, line, err, errlen);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    if (rc != 0)
        return -1;
    drop_zero(w);
    if (w->n == 0) {
        cb_err_at(err, errlen, path, 0, "no size has a count above 0; give \"SIZE COUNT\" "
                  "lines such as \"1500 12\".");
        return -1;
    }
    return 0;
}

int cb_workload_load(cb_workload *w, const char *spec, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    for (size_t i = 0; i < NBUILTINS; i++)
        if (strcmp(spec, builtins[i].name) == 0) {
            snprintf(w->name, sizeof w->name, "%s", builtins[i].name);
            for (size_t k = 0; k < builtins[i].n; k++)
                add(w, builtins[i].size[k], builtins[i].count[k]);
            return 0;
        }
    if (!*spec) {
        snprintf(err, errlen, "-workload needs a built-in workload (%s) or a file of "
                 "\"SIZE COUNT\" lines.", cb_workload_names());
        return -1;
    }
    return load_file(w, spec, err, errlen);
}

const char *cb_workload_describe(const cb_workload *w, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "%s (", w->name);
    for (size_t i = 0; i < w->n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%g x %zu B", i ? ", " : "", w->count[i],
                               w->size[i]);
    if (at < len)
        snprintf(buf + at, len - at, ")");
    return buf;
}

double cb_workload_bytes(const cb_workload *w)
{
    double b = 0;
    for (size_t i = 0; i < w->n; i++)
        b += w->count[i] * (double)w->size[i];
    return b;
}

double cb_workload_rate(const cb_workload *w, const size_t *sizes, const double *seconds,
                        size_t n, size_t *missing)
{
    double t = 0;
    size_t j = 0;
    for (size_t i = 0; i < w->n; i++) {
        size_t s = w->size[i];
        while (j < n && sizes[j] < s)
            j++;
        double ts;
        if (j < n && sizes[j] == s) {
            ts = seconds[j];
        } else if (j > 0 && j < n) {
            double f = (double)(s - sizes[j - 1]) / (double)(sizes[j] - sizes[j - 1]);
            ts = seconds[j - 1] + f * (seconds[j] - seconds[j - 1]);
        } else {
            if (missing)
                *missing = s;
            return -1;
        }
        if (!(ts > 0)) {
            if (missing)
                *missing = s;
            return -1;
        }
        t += w->count[i] * ts;
    }
    return t > 0 ? cb_workload_bytes(w) / t : -1;
}
