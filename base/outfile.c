/*
 * base/outfile.c - result files written atomically, never over what was not asked
 * for (base/outfile.h).
 */
#include "base/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/common.h"

/* Links followed before a path is called a loop (Linux's own limit is 40). */
#define MAX_LINKS 40

struct cb_outfile {
    char *path;    /* as given */
    char *target;  /* the file the rename replaces: path with its links followed */
    char *tmp;     /* the hidden temporary file beside target; NULL for "-" */
    FILE *f;
    int existed;   /* target's identity when the output was opened */
    struct stat seen;
};

static void set_err(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

/* dir_of returns the folder part of p ("." when it has none), newly allocated. */
static char *dir_of(const char *p)
{
    const char *slash = strrchr(p, '/');
    if (!slash)
        return cb_xstrdup(".");
    if (slash == p)
        return cb_xstrdup("/");
    char *d = cb_xmalloc((size_t)(slash - p) + 1);
    memcpy(d, p, (size_t)(slash - p));
    d[slash - p] = '\0';
    return d;
}

/*
 * follow returns path with the links of its last component followed (a relative
 * link is read from the link's folder), newly allocated: the file a rename must
 * replace.  A link whose target does not exist yet gives that target.  NULL with
 * errno ELOOP for a loop.
 */
static char *follow(const char *path)
{
    char *cur = cb_xstrdup(path);
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        if (hops == MAX_LINKS) {
            free(cur);
            errno = ELOOP;
            return NULL;
        }
        char link[PATH_MAX];
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        char *next;
        if (link[0] == '/') {
            next = cb_xstrdup(link);
        } else {
            char *d = dir_of(cur);
            next = cb_xmalloc(strlen(d) + strlen(link) + 2);
            sprintf(next, "%s/%s", d, link);
            free(d);
        }
        free(cur);
        cur = next;
    }
}

/* kind_of names a file type that is not a regular file. */
static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device"
           : S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a fifo"
           : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

cb_outfile *cb_outfile_open(const char *path, const char *what, char *err, size_t errlen)
{
    if (!path || !*path || path[strlen(path) - 1] == '/') {
        set_err(err, errlen, "%s name '%s' is not a file name; give a path such as "
                "results.csv, or - for standard output.", what, path ? path : "");
        return NULL;
    }
    cb_outfile *o = cb_xcalloc(1, sizeof *o);
    o->path = cb_xstrdup(path);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return o;
    }
    o->target = follow(path);
    if (!o->target) {
        set_err(err, errlen, "%s '%s' cannot be followed to a file: %s.", what, path,
                strerror(errno));
        cb_outfile_abort(o);
        return NULL;
    }
    if (stat(o->target, &o->seen) == 0) {
        if (!S_ISREG(o->seen.st_mode)) {
            set_err(err, errlen, "%s '%s' exists and is %s; give the name of a regular file "
                    "to create or replace (or - for standard output).", what, path,
                    kind_of(o->seen.st_mode));
            cb_outfile_abort(o);
            return NULL;
        }
        o->existed = 1;
    } else if (errno != ENOENT) {
        set_err(err, errlen, "%s '%s' cannot be examined: %s.", what, path, strerror(errno));
        cb_outfile_abort(o);
        return NULL;
    }
    /* The temporary file is made now, in the target's own folder (so the rename stays
     * on one file system): a folder that is missing, not a folder or not writable (even
     * for root: /proc) is found before any work. */
    char *d = dir_of(o->target);
    const char *base = strrchr(o->target, '/') ? strrchr(o->target, '/') + 1 : o->target;
    o->tmp = cb_xmalloc(strlen(d) + strlen(base) + 10);
    sprintf(o->tmp, "%s/.%s.XXXXXX", d, base);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        set_err(err, errlen, "%s '%s' cannot be written: no file can be created in the "
                "folder '%s': %s.", what, path, d, strerror(errno));
        free(d);
        free(o->tmp);
        o->tmp = NULL;
        cb_outfile_abort(o);
        return NULL;
    }
    free(d);
    /* mkstemp makes the file private; a result file is shared like any other file the
     * user creates, so the umask decides. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        set_err(err, errlen, "%s '%s' cannot be written: %s.", what, path, strerror(errno));
        close(fd);
        cb_outfile_abort(o);
        return NULL;
    }
    return o;
}

FILE *cb_outfile_stream(cb_outfile *o) { return o->f; }

const char *cb_outfile_path(const cb_outfile *o) { return o->path; }

/* changed_since: was target replaced, created or rewritten since it was seen? */
static int changed_since(const cb_outfile *o)
{
    struct stat now;
    int exists = stat(o->target, &now) == 0;
    if (exists != o->existed)
        return 1;
    return exists && (now.st_dev != o->seen.st_dev || now.st_ino != o->seen.st_ino ||
                      now.st_size != o->seen.st_size ||
                      now.st_mtim.tv_sec != o->seen.st_mtim.tv_sec ||
                      now.st_mtim.tv_nsec != o->seen.st_mtim.tv_nsec);
}

/* sync_dir makes the rename itself durable; failing only weakens crash safety. */
static void sync_dir(const char *target)
{
    char *d = dir_of(target);
    int fd = open(d, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(d);
}

/*
 * lost_write_reason finds why an earlier buffered write failed (stdio keeps only the
 * error flag): one byte appended to the temporary file, which is removed anyway,
 * meets the same full disk or I/O error.  Returns that errno (EIO when the retry
 * works, since the lost bytes stay lost).
 */
static int lost_write_reason(int fd)
{
    if (lseek(fd, 0, SEEK_END) >= 0 && write(fd, "", 1) < 0 && errno)
        return errno;
    return EIO;
}

int cb_outfile_commit(cb_outfile *o, int *changed, char *err, size_t errlen)
{
    if (changed)
        *changed = 0;
    if (!o->tmp) { /* standard output */
        errno = 0;
        int bad = fflush(o->f) != 0 || ferror(o->f);
        if (bad)
            set_err(err, errlen, "cannot write to standard output: %s.",
                    errno ? strerror(errno) : "a write failed");
        o->f = NULL;
        cb_outfile_abort(o);
        return bad ? -1 : 0;
    }
    int fd = fileno(o->f), why = 0;
    errno = 0;
    if (fflush(o->f) != 0)
        why = errno ? errno : EIO;
    else if (ferror(o->f))
        why = lost_write_reason(fd);
    else if (fsync(fd) != 0)
        why = errno;
    if (fclose(o->f) != 0 && !why)
        why = errno ? errno : EIO;
    o->f = NULL;
    if (why) {
        set_err(err, errlen, "cannot write '%s': %s.", o->path, strerror(why));
        cb_outfile_abort(o);
        return -1;
    }
    if (changed)
        *changed = changed_since(o);
    if (rename(o->tmp, o->target) != 0) {
        set_err(err, errlen, "cannot replace '%s': %s.", o->path, strerror(errno));
        cb_outfile_abort(o);
        return -1;
    }
    sync_dir(o->target);
    free(o->tmp);
    o->tmp = NULL;
    cb_outfile_abort(o);
    return 0;
}

void cb_outfile_abort(cb_outfile *o)
{
    if (!o)
        return;
    if (o->f && o->f != stdout)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    free(o->path);
    free(o);
}

/* canonical writes where path leads: its links followed and its folder resolved, so
 * that two spellings of one place compare equal even before the file exists. */
static char *canonical(const char *path)
{
    char *t = follow(path);
    if (!t)
        return NULL;
    char *d = dir_of(t), real[PATH_MAX];
    const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
    char *out = NULL;
    if (realpath(d, real)) {
        out = cb_xmalloc(strlen(real) + strlen(base) + 2);
        sprintf(out, "%s/%s", strcmp(real, "/") ? real : "", base);
    }
    free(d);
    free(t);
    return out;
}

int cb_path_same(const char *a, const char *b)
{
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return 0;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ca = canonical(a), *cbn = canonical(b);
    int same = ca && cbn && strcmp(ca, cbn) == 0;
    free(ca);
    free(cbn);
    return same;
}
