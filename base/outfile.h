/*
 * base/outfile.h - a result file written the way trusted tools write theirs: never
 * replace what you were not asked to write, never leave half a file.
 *
 * The rules every output (-csv, -json, import -o, compare -o) follows:
 *   - "-" is standard output;
 *   - a path that exists and is not a regular file (a device, a fifo, a socket, a
 *     directory) is refused before any work, so `-csv /dev/null` as root can never
 *     replace /dev/null with a regular file;
 *   - a symbolic link is followed: its target is replaced and the link stays;
 *   - the file is written to a hidden temporary file in the target's own folder
 *     (created when the output is opened, so an unwritable folder is found before any
 *     timing) and renamed over the target when complete; its mode follows the umask;
 *   - a target that changed while the run wrote (another run writing the same file)
 *     is reported when the new file replaces it.
 */
#ifndef CB_OUTFILE_H
#define CB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct cb_outfile cb_outfile;

/*
 * cb_outfile_open checks path by the rules above and creates its temporary file.
 * what names the output in messages ("CSV file", "JSON file").  Returns the handle,
 * or NULL with one sentence in err.
 */
cb_outfile *cb_outfile_open(const char *path, const char *what, char *err, size_t errlen);

/* cb_outfile_stream is where to write (standard output for "-"). */
FILE *cb_outfile_stream(cb_outfile *o);

/* cb_outfile_path is the path as given. */
const char *cb_outfile_path(const cb_outfile *o);

/*
 * cb_outfile_commit finishes the file: flushes, syncs and renames it over the target
 * (the link's target for a link).  *changed (if not NULL) is set when the target was
 * replaced or created by someone else since cb_outfile_open.  Frees o.  Returns 0, or
 * -1 with one sentence in err (the temporary file is then removed).
 */
int cb_outfile_commit(cb_outfile *o, int *changed, char *err, size_t errlen);

/* cb_outfile_abort removes the temporary file and frees o (NULL is fine). */
void cb_outfile_abort(cb_outfile *o);

/*
 * cb_path_same reports whether two paths name one file: the same file once links
 * are followed, or (for paths that do not exist yet) the same place.  "-" is never
 * the same as anything, since standard input and output are two streams.
 */
int cb_path_same(const char *a, const char *b);

#endif
