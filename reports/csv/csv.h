/*
 * reports/csv/csv.h - the results file: one RFC 4180 row per sample, every row
 * self-describing, so files from many hosts and builds can be concatenated and still
 * compared.  The columns are documented in docs/csv.md; CB_CSV_SCHEMA names the
 * version this code writes and the newest it reads.
 *
 * The writer is atomic: rows go to a temporary file in the destination's folder,
 * flushed one by one, and cb_csv_commit renames it over the destination, so a reader
 * never sees half a file and a run stopped early still leaves every finished sample.
 *
 * The reader is strict: any row it cannot take whole is an error of the form
 * "file:line: what is wrong".  Strings are interned, so rows of one run share their
 * run description and 100,000-row files load in a few tens of milliseconds.
 */
#ifndef CB_CSV_H
#define CB_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "base/sample.h"

#define CB_CSV_SCHEMA_MAJOR 1
#define CB_CSV_SCHEMA_MINOR 7
#define CB_CSV_SCHEMA "1.7"

/* CB_CSV_MAX_MISALIGN bounds the misalign column: speed -misalign takes 0 to 64. */
#define CB_CSV_MAX_MISALIGN 64

/* cb_csv_row: one row as read back, or as the importer builds it. */
typedef struct cb_csv_row {
    const cb_run_info *run; /* rows of one run share one (interned) description */
    cb_sample s;            /* iterations and seconds are 0 when has_counts is 0 */
    double ops_per_sec;     /* the rates as recorded; these are what compare uses */
    double bytes_per_sec;
    int has_counts;         /* iterations and seconds are known (imported tables lack them) */
    const char *file;       /* where the row was read, for messages */
    unsigned long line;
} cb_csv_row;

/* ---- writer ---------------------------------------------------------------------- */

typedef struct cb_csv_writer cb_csv_writer;

/*
 * cb_csv_open creates a temporary file in path's folder and writes the header row.
 * Returns NULL and one sentence in err on failure.
 */
cb_csv_writer *cb_csv_open(const char *path, char *err, size_t errlen);

/* cb_csv_write appends one sample and flushes it; 0 on success, -1 on a write error. */
int cb_csv_write(cb_csv_writer *w, const cb_run_info *run, const cb_sample *s);

/* cb_csv_write_row appends a row whose rates are given rather than derived (import). */
int cb_csv_write_row(cb_csv_writer *w, const cb_csv_row *r);

/* cb_csv_commit syncs the file to disk, renames it over path and frees w. */
int cb_csv_commit(cb_csv_writer *w, char *err, size_t errlen);

/* cb_csv_abort removes the temporary file and frees w. */
void cb_csv_abort(cb_csv_writer *w);

/* cb_csv_put_field writes one RFC 4180 field (quoted when it must be), then ',' or,
 * for the last field of a record, CRLF.  Shared with compare's -format csv. */
void cb_csv_put_field(FILE *f, const char *s, int last);

/* ---- reader ---------------------------------------------------------------------- */

/* cb_csv_set: the rows of one or more files and the strings they point to. */
typedef struct cb_csv_set cb_csv_set;

/* cb_csv_set_new returns an empty set. */
cb_csv_set *cb_csv_set_new(void);

/* cb_csv_set_free releases the set, its rows and its strings. */
void cb_csv_set_free(cb_csv_set *set);

/*
 * cb_csv_read_file appends the rows of path ("-" reads standard input).  On error it
 * writes "file:line: what is wrong" into err, keeps none of the file's rows and
 * returns -1.
 */
int cb_csv_read_file(cb_csv_set *set, const char *path, char *err, size_t errlen);

/* cb_csv_read_buffer is cb_csv_read_file over len bytes already in memory. */
int cb_csv_read_buffer(cb_csv_set *set, const char *name, const char *data, size_t len,
                       char *err, size_t errlen);

/*
 * cb_csv_load reads the whole of path ("-": standard input) into a malloc'ed buffer.
 * Returns NULL with "path: cannot open: reason." in err.
 */
char *cb_csv_load(const char *path, size_t *len, char *err, size_t errlen);

/* cb_csv_set_count and cb_csv_set_row give the rows in file order. */
size_t cb_csv_set_count(const cb_csv_set *set);
const cb_csv_row *cb_csv_set_row(const cb_csv_set *set, size_t i);

/* cb_csv_intern returns the set's copy of len bytes at s, NUL-terminated. */
const char *cb_csv_intern(cb_csv_set *set, const char *s, size_t len);

/* cb_csv_intern_run returns the set's copy of run, shared by equal descriptions. */
const cb_run_info *cb_csv_intern_run(cb_csv_set *set, const cb_run_info *run);

/* cb_csv_add appends a row built elsewhere (its strings interned through this set). */
void cb_csv_add(cb_csv_set *set, const cb_csv_row *row);

/* cb_csv_set_truncate drops the rows from index n on (a failed import's). */
void cb_csv_set_truncate(cb_csv_set *set, size_t n);

#endif
