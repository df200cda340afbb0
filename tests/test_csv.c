/*
 * tests/test_csv.c - the results file: atomic writer, RFC 4180 quoting, a round trip
 * through the reader, and every kind of bad input the reader must name by file:line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reports/csv/csv.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/cb-test-csv-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[320];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' && (e->d_name[1] == 0 || e->d_name[1] == '.'))
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d)
        closedir(d);
    return rmdir(dir);
}

static const cb_run_info run_a = {
    "0.1.0", "abc123", "linux-x86_64", "gcc (Debian 12.2.0) 12.2.0",
    "-O2 -DNAME=\"x\"", "x86_64", "hostA", "Intel(R) Xeon(R), \"v2\" @ 2.4GHz",
    "aesni,pclmul", "aesni", "-pclmul", "CRYPTOBENCH_CAPS", "none", "cpu",
    "2024-01-02T03:04:05Z", "",
};

static cb_sample sample(const char *alg, size_t block, unsigned idx, uint64_t iters,
                        double secs)
{
    cb_sample s = {alg, "generic", "encrypt", 128, block, 0, 0, idx, iters, secs, -1, "",
                   "ok", 0, 0, 0, 0, 1, 0, "", "", {0}, 0, 0, 0, 0, 0, 0, "", "", 0, 0, 0};
    return s;
}

static char *path_in_dir(const char *name)
{
    static char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

/* count_entries counts files in the test folder, temporary ones included. */
static int count_entries(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_round_trip(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("rt.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample s1 = sample("aes-128-cbc", 16, 0, 3000000, 1.5);
    cb_sample s2 = sample("aes-128-cbc", 16, 1, 2999999, 1.25);
    s2.cycles = 123456789;
    s2.cycles_source = "perf";
    s2.aead = 1;
    s2.misalign = 3;
    s2.case_ci_low = 1900000;   /* schema 1.1: what the case's samples say */
    s2.case_ci_high = 2500000;
    s2.case_cv = 0.0125;
    s2.case_noisy = 1;
    s2.workers = 2;             /* schema 1.2: worker 1 of a -multi 2 run */
    s2.worker = 1;
    s1.workers = 0;             /* a normal run, however the caller spelled it */
    assert_int_equal(cb_csv_write(w, &run_a, &s1), 0);
    assert_int_equal(cb_csv_write(w, &run_a, &s2), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    assert_int_equal(count_entries(), 1); /* the temporary file is gone */

    /* RFC 4180: fields with ',' or '"' are quoted and the quotes doubled; CRLF ends
     * each record. */
    char *text = read_all(path);
    assert_non_null(strstr(text, ",\"Intel(R) Xeon(R), \"\"v2\"\" @ 2.4GHz\","));
    assert_non_null(strstr(text, ",\"-O2 -DNAME=\"\"x\"\"\","));
    assert_non_null(strstr(text, "schema,tool_version,"));
    assert_non_null(strstr(text, ",status,case_ci95_low_ops,case_ci95_high_ops,case_cv_pct,"
                                 "case_noisy,workers,worker,signal,note,library,"
                                 "library_version,library_info,library_env,pair,pair_order,arm,"
                                 "run,transient,canary,canary_sum,canary_iterations,"
                                 "canary_seconds,case_unsettled,tune\r\n"));
    assert_non_null(strstr(text, "\r\n1.7,0.1.0,"));
    assert_non_null(strstr(text, ",ok,,,,,1,0,,,,,,,,,,0,0,,,,,0,\r\n"));       /* unknown: empty */
    assert_non_null(strstr(text, ",ok,1900000,2500000,1.25,1,2,1,,,,,,,,,,0,0,,,,,0,\r\n"));

    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 2);
    const cb_csv_row *r0 = cb_csv_set_row(set, 0), *r1 = cb_csv_set_row(set, 1);
    assert_string_equal(r0->run->cpu_model, run_a.cpu_model);
    assert_string_equal(r0->run->cflags, run_a.cflags);
    assert_string_equal(r0->run->started, run_a.started);
    assert_ptr_equal(r0->run, r1->run); /* one interned description per run */
    assert_string_equal(r0->s.alg, "aes-128-cbc");
    assert_int_equal(r0->s.block_bytes, 16);
    assert_int_equal(r0->s.iterations, 3000000);
    assert_true(r0->s.seconds == 1.5);
    assert_true(r0->ops_per_sec == 2000000.0);
    assert_true(r0->bytes_per_sec == 32000000.0);
    assert_true(r0->s.cycles < 0);
    assert_int_equal(r1->s.sample_index, 1);
    assert_int_equal(r1->s.aead, 1);
    assert_int_equal(r1->s.misalign, 3);
    assert_true(r1->s.cycles == 123456789.0);
    assert_string_equal(r1->s.cycles_source, "perf");
    assert_true(r0->s.case_ci_high == 0);
    assert_true(r1->s.case_ci_low == 1900000 && r1->s.case_ci_high == 2500000);
    assert_true(r1->s.case_cv == 0.0125 && r1->s.case_noisy == 1);
    assert_int_equal(r0->s.workers, 1);
    assert_int_equal(r0->s.worker, 0);
    assert_int_equal(r1->s.workers, 2);
    assert_int_equal(r1->s.worker, 1);
    assert_int_equal(r1->line, 3);
    cb_csv_set_free(set);
    unlink(path);
}

/* Every finished row reaches the temporary file before commit: that is what lets a
 * run interrupted by Ctrl-C commit every sample it finished. */
static void test_rows_flushed_before_commit(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("flush.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample s = sample("md5", 64, 0, 100, 1.0);
    assert_int_equal(cb_csv_write(w, &run_a, &s), 0);
    assert_int_equal(access(path, F_OK), -1); /* nothing at the destination yet */

    DIR *d = opendir(dir);
    struct dirent *e;
    char tmp[320] = "";
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, ".flush.csv.", 11) == 0)
            snprintf(tmp, sizeof tmp, "%s/%s", dir, e->d_name);
    closedir(d);
    assert_true(tmp[0] != 0);
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, tmp, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 1);
    cb_csv_set_free(set);

    cb_csv_abort(w);
    assert_int_equal(count_entries(), 0);
}

static void test_abort_keeps_old_file(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("old.csv");
    write_text(path, "precious");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample s = sample("md5", 64, 0, 100, 1.0);
    assert_int_equal(cb_csv_write(w, &run_a, &s), 0);
    cb_csv_abort(w);
    assert_string_equal(read_all(path), "precious");
    assert_int_equal(count_entries(), 1);
    unlink(path);
}

static void test_open_failure(void **state)
{
    (void)state;
    char err[256] = "";
    assert_null(cb_csv_open("/nonexistent-dir/x.csv", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent-dir/x.csv"));
    assert_null(cb_csv_open("", err, sizeof err));
    assert_null(cb_csv_open(path_in_dir(""), err, sizeof err));
}

/* A header-only file is what a run stopped before its first sample leaves. */
static void test_header_only_is_valid(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("empty-run.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 0);
    cb_csv_set_free(set);
    unlink(path);
}

/* Files from several runs concatenated with cat: the second header is skipped and
 * rows of each run share their description. */
static void test_concatenated(void **state)
{
    (void)state;
    char err[256];
    char both[65536];
    cb_run_info run_b = run_a;
    run_b.hostname = "hostB";
    const cb_run_info *runs[2] = {&run_a, &run_b};
    both[0] = 0;
    for (int i = 0; i < 2; i++) {
        const char *path = path_in_dir("part.csv");
        cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
        for (unsigned k = 0; k < 3; k++) {
            cb_sample s = sample("sha256", 1024, k, 1000 + k, 1.0);
            assert_int_equal(cb_csv_write(w, runs[i], &s), 0);
        }
        assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
        strcat(both, read_all(path));
        unlink(path);
    }
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "both.csv", both, strlen(both), err, sizeof err),
                     0);
    assert_int_equal(cb_csv_set_count(set), 6);
    assert_ptr_equal(cb_csv_set_row(set, 0)->run, cb_csv_set_row(set, 2)->run);
    assert_ptr_not_equal(cb_csv_set_row(set, 0)->run, cb_csv_set_row(set, 3)->run);
    assert_string_equal(cb_csv_set_row(set, 5)->run->hostname, "hostB");
    assert_int_equal(cb_csv_set_row(set, 3)->line, 6);
    cb_csv_set_free(set);
}

/* ---- bad input --------------------------------------------------------------------- */

#define HEADER "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch," \
    "hostname,cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator," \
    "timing,started,algorithm,variant,direction,key_bits,block_bytes,misalign,aead," \
    "sample,iterations,seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status\n"
#define RUN "0.1.0,r1,linux-x86_64,gcc,-O2,x86_64,h,cpu,,,none,none,none,cpu,2024-01-01T00:00:00Z,"
#define GOOD "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n"

/* expect_error reads text and checks the error starts with want (file:line: ...)
 * and mentions needle. */
static void expect_error(const char *text, size_t len, const char *want, const char *needle)
{
    char err[512] = "";
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "t.csv", text, len, err, sizeof err), -1);
    assert_int_equal(cb_csv_set_count(set), 0); /* nothing half-read */
    if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, needle))
        fail_msg("error '%s' should start with '%s' and mention '%s'", err, want, needle);
    cb_csv_set_free(set);
}

#define EXPECT(text, want, needle) expect_error(text, sizeof(text) - 1, want, needle)

static void test_good_line_parses(void **state)
{
    (void)state;
    char err[256];
    cb_csv_set *set = cb_csv_set_new();
    const char text[] = HEADER GOOD "\n\r\n";
    assert_int_equal(cb_csv_read_buffer(set, "t.csv", text, sizeof text - 1, err,
                                        sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 1);
    assert_int_equal(cb_csv_set_row(set, 0)->has_counts, 1);
    cb_csv_set_free(set);
}

static void test_bad_column_count(void **state)
{
    (void)state;
    EXPECT(HEADER GOOD "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,ok\n",
           "t.csv:3: ", "30 fields where the header has 31");
}

static void test_bad_number(void **state)
{
    (void)state;
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,5x0,,,ok\n",
           "t.csv:2: ", "ops_per_sec holds '5x0'");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,-16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "block_bytes holds '-16'");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,inf,,,ok\n",
           "t.csv:2: ", "not a number");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,4,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "aead holds '4'");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,99999999999999999999,2,8,5,,,ok\n",
           "t.csv:2: ", "larger than");
}

static void test_unknown_schema_major(void **state)
{
    (void)state;
    EXPECT(HEADER "2.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "newer than this cryptobench reads");
    EXPECT(HEADER "0.9," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "unknown");
    EXPECT(HEADER "one," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "MAJOR.MINOR");
}

/* A newer minor version may add columns; this reader skips them.  The same minor
 * with a column we do not know is corruption. */
static void test_newer_minor_extra_column(void **state)
{
    (void)state;
    char err[256];
    char text[2048];
    snprintf(text, sizeof text, "schema,future,%s1.8,zzz,%s", HEADER + 7, GOOD + 4);
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "t.csv", text, strlen(text), err, sizeof err),
                     0);
    assert_int_equal(cb_csv_set_count(set), 1);
    cb_csv_set_free(set);
    snprintf(text, sizeof text, "schema,future,%s1.0,zzz,%s", HEADER + 7, GOOD + 4);
    expect_error(text, strlen(text), "t.csv:2: ", "does not have");
}

/* Files written before schema 1.2 lack the workers columns: every row is a normal
 * run's, workers 1 and worker 0.  1.1's columns are read as before. */
#define HEADER_1_1 "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch," \
    "hostname,cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator," \
    "timing,started,algorithm,variant,direction,key_bits,block_bytes,misalign,aead," \
    "sample,iterations,seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status," \
    "case_ci95_low_ops,case_ci95_high_ops,case_cv_pct,case_noisy\n"
#define GOOD_1_1 "1.1," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok,480,520,2.5,0\n"

static void test_older_schemas_read_as_one_worker(void **state)
{
    (void)state;
    char err[256];
    const char text[] = HEADER_1_1 GOOD_1_1 HEADER GOOD;
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "old.csv", text, sizeof text - 1, err,
                                        sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 2);
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(cb_csv_set_row(set, i)->s.workers, 1);
        assert_int_equal(cb_csv_set_row(set, i)->s.worker, 0);
    }
    assert_true(cb_csv_set_row(set, 0)->s.case_ci_high == 520);
    assert_true(cb_csv_set_row(set, 0)->s.case_cv == 0.025);
    cb_csv_set_free(set);
}

/* The workers columns of schema 1.2: read when present, checked against each other. */
#define HEADER_1_2 "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch," \
    "hostname,cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator," \
    "timing,started,algorithm,variant,direction,key_bits,block_bytes,misalign,aead," \
    "sample,iterations,seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status," \
    "case_ci95_low_ops,case_ci95_high_ops,case_cv_pct,case_noisy,workers,worker\n"
#define ROW_1_2(workers_worker) \
    "1.2," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok,,,,," workers_worker "\n"

static void test_workers_columns(void **state)
{
    (void)state;
    char err[256];
    const char text[] = HEADER_1_2 ROW_1_2("4,3") ROW_1_2(",");
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "t.csv", text, sizeof text - 1, err, sizeof err),
                     0);
    assert_int_equal(cb_csv_set_count(set), 2);
    assert_int_equal(cb_csv_set_row(set, 0)->s.workers, 4);
    assert_int_equal(cb_csv_set_row(set, 0)->s.worker, 3);
    assert_int_equal(cb_csv_set_row(set, 1)->s.workers, 1); /* empty: a normal run */
    assert_int_equal(cb_csv_set_row(set, 1)->s.worker, 0);
    cb_csv_set_free(set);
    EXPECT(HEADER_1_2 ROW_1_2("2,2"), "t.csv:2: ", "worker holds 2 in a run of 2 workers");
    EXPECT(HEADER_1_2 ROW_1_2("0,0"), "t.csv:2: ", "workers holds 0");
    EXPECT(HEADER_1_2 ROW_1_2("two,0"), "t.csv:2: ", "column workers holds 'two'");
    EXPECT(HEADER_1_2 ROW_1_2("2,-1"), "t.csv:2: ", "column worker holds '-1'");
    EXPECT(HEADER_1_2 ROW_1_2(",1"), "t.csv:2: ", "worker holds 1 in a run of 1 worker;");
}

/* Schema 1.3: a case that was not measured is a row saying so (status faulted,
 * failed or skipped, the signal, a note); it reads back, needs no rate, and a file
 * of 1.2 (no such columns) reads with both empty. */
static void test_unmeasured_rows(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("faulted.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample f = sample("sha256", 64, 0, 0, 0);
    f.status = "faulted";
    f.signal = "SIGILL";
    f.note = "this CPU lacks sha, says \"cpuid\"";
    cb_sample k = sample("sha256", 64, 0, 0, 0);
    k.status = "failed";
    k.note = "failed its check: digest of 'abc' differs";
    assert_int_equal(cb_csv_write(w, &run_a, &f), 0);
    assert_int_equal(cb_csv_write(w, &run_a, &k), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    char *text = read_all(path);
    assert_non_null(strstr(text, ",faulted,,,,,1,0,SIGILL,\"this CPU lacks sha, says "
                                 "\"\"cpuid\"\"\",,,,,,,,0,0,,,,,0,\r\n"));
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 2);
    const cb_csv_row *r0 = cb_csv_set_row(set, 0), *r1 = cb_csv_set_row(set, 1);
    assert_string_equal(r0->s.status, "faulted");
    assert_string_equal(r0->s.signal, "SIGILL");
    assert_string_equal(r0->s.note, f.note);
    assert_false(cb_sample_measured(&r0->s));
    assert_string_equal(r1->s.status, "failed");
    assert_string_equal(r1->s.signal, "");
    assert_true(r1->ops_per_sec == 0);
    cb_csv_set_free(set);
    unlink(path);

    const char old[] = HEADER_1_2 ROW_1_2("1,0");
    set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "t.csv", old, sizeof old - 1, err, sizeof err), 0);
    assert_string_equal(cb_csv_set_row(set, 0)->s.signal, "");
    assert_string_equal(cb_csv_set_row(set, 0)->s.note, "");
    assert_true(cb_sample_measured(&cb_csv_set_row(set, 0)->s));
    cb_csv_set_free(set);
    /* a measured status still needs its rate */
    EXPECT(HEADER_1_2 "1.2," RUN "md5,generic,digest,0,16,0,0,0,1000,2,0,0,,,ok,,,,,1,0\n",
           "t.csv:2: ", "ops_per_sec is 0 in a row with status ok");
}

/* Schema 1.4: where an external variant's code came from, on every row.  The strings
 * are a loader's: a path with a comma and quotes, build notes with quotes, a comma and
 * a newline, an environment; each is quoted and reads back as written, and a built-in
 * variant's row reads back empty. */
static void test_provenance_round_trip(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("lib.csv");
    const cb_provenance lib = {"/opt/ssl, \"3.0\"/lib64/libcrypto.so.3",
                               "OpenSSL 3.0.19 27 Jan 2026",
                               "cflags=gcc -O3 -DOPENSSLDIR=\"\\\"/usr/lib/ssl\\\"\", -fPIC; "
                               "platform=linux-x86_64\nbuilt_on=Tue Jan 27 2026",
                               "OPENSSL_ia32cap=0x0; OPENSSL_armcap=0"};
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample ext = sample("sha256", 64, 0, 100, 1.0), gen = ext;
    ext.variant = "ossl";
    ext.lib = lib;
    assert_int_equal(cb_csv_write(w, &run_a, &ext), 0);
    assert_int_equal(cb_csv_write(w, &run_a, &gen), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    char *text = read_all(path);
    assert_non_null(strstr(text, ",1,0,,,\"/opt/ssl, \"\"3.0\"\"/lib64/libcrypto.so.3\","
                                 "OpenSSL 3.0.19 27 Jan 2026,\"cflags=gcc -O3 -DOPENSSLDIR="
                                 "\"\"\\\"\"/usr/lib/ssl\\\"\"\"\", -fPIC; platform=linux-x86_64"
                                 "\nbuilt_on=Tue Jan 27 2026\",OPENSSL_ia32cap=0x0; "
                                 "OPENSSL_armcap=0,,,,0,0,,,,,0,\r\n"));
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 2);
    const cb_csv_row *r0 = cb_csv_set_row(set, 0), *r1 = cb_csv_set_row(set, 1);
    for (int i = 0; i < CB_PROVENANCE_FIELDS; i++) {
        assert_string_equal(cb_provenance_str(&r0->s.lib, i), cb_provenance_str(&lib, i));
        assert_string_equal(cb_provenance_str(&r1->s.lib, i), "");
    }
    assert_true(cb_provenance_external(&r0->s.lib));
    assert_false(cb_provenance_external(&r1->s.lib));
    assert_int_equal(r1->line, 4); /* the quoted newline counted */
    cb_csv_set_free(set);
    unlink(path);
}

/* Schema 1.5: the interleaved design of a -compare run reads back as written, an
 * unpaired row stays unpaired, and a row with only some of the three columns is
 * refused with a sentence naming them. */
static void test_pair_round_trip(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("pair.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_sample p = sample("sha256", 64, 0, 100, 1.0), u = p;
    p.paired = 1, p.pair = 4711, p.pair_order = 1, p.arm = 1;
    assert_int_equal(cb_csv_write(w, &run_a, &p), 0);
    assert_int_equal(cb_csv_write(w, &run_a, &u), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    char *text = read_all(path);
    assert_non_null(strstr(text, ",4711,1,1,0,0,,,,,0,\r\n"));
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    const cb_csv_row *r0 = cb_csv_set_row(set, 0), *r1 = cb_csv_set_row(set, 1);
    assert_true(r0->s.paired);
    assert_int_equal(r0->s.pair, 4711);
    assert_int_equal(r0->s.pair_order, 1);
    assert_int_equal(r0->s.arm, 1);
    assert_false(r1->s.paired);
    cb_csv_set_free(set);
    /* the same row with its arm cut off */
    char *cut = strstr(text, ",4711,1,1,0,0,,,,,0,\r\n");
    memcpy(cut, ",4711,1, ", 9); /* the arm blanked: a space is not a number */
    cut[8] = ',';
    memmove(cut + 8, cut + 9, strlen(cut + 9) + 1);
    set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_buffer(set, "cut.csv", text, strlen(text), err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "pair, pair_order and arm go together"));
    cb_csv_set_free(set);
    unlink(path);
}

/* What the reader would refuse is never written: a control byte becomes '?', and a
 * string longer than CB_PROVENANCE_MAX is cut, marked "...", and reads back; a file
 * holding a longer field (not written by cryptobench) is refused naming the column. */
static void test_provenance_limits(void **state)
{
    (void)state;
    char err[512];
    static char huge[CB_PROVENANCE_MAX + 100];
    memset(huge, 'x', sizeof huge - 1);
    const char *path = path_in_dir("limits.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    cb_sample s = sample("sha256", 64, 0, 100, 1.0);
    s.lib = (cb_provenance){huge, "OpenSSL\x01 3", NULL, ""};
    assert_int_equal(cb_csv_write(w, &run_a, &s), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    cb_csv_set *set = cb_csv_set_new();
    if (cb_csv_read_file(set, path, err, sizeof err) != 0)
        fail_msg("%s", err);
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_int_equal(strlen(r->s.lib.library), CB_PROVENANCE_MAX);
    assert_memory_equal(r->s.lib.library + CB_PROVENANCE_MAX - 3, "...", 3);
    assert_string_equal(r->s.lib.version, "OpenSSL? 3");
    assert_string_equal(r->s.lib.info, "");
    cb_csv_set_free(set);

    /* the file as written, with its library field grown past the limit by hand */
    char *text = read_all(path), *at = strstr(text, "...,OpenSSL");
    assert_non_null(at);
    size_t len = strlen(text) + 16;
    char *longer = malloc(len);
    snprintf(longer, len, "%.*sxxxxxxxx%s", (int)(at - text), text, at);
    expect_error(longer, strlen(longer), "t.csv:2: ",
                 "column library holds 4103 bytes; it holds at most 4095");
    free(longer);
    unlink(path);
}

/* A file of schema 1.3 (no library columns) reads as built-in variants' rows. */
#define HEADER_1_3 "schema,tool_version,build_rev,build_config,compiler,cflags,host_arch," \
    "hostname,cpu_model,caps_detected,caps_effective,caps_mask,mask_source,emulator," \
    "timing,started,algorithm,variant,direction,key_bits,block_bytes,misalign,aead," \
    "sample,iterations,seconds,bytes_per_sec,ops_per_sec,cycles,cycles_source,status," \
    "case_ci95_low_ops,case_ci95_high_ops,case_cv_pct,case_noisy,workers,worker,signal,note\n"

static void test_schema_1_3_reads(void **state)
{
    (void)state;
    char err[256];
    const char text[] = HEADER_1_3 "1.3," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,"
                        ",,ok,,,,,1,0,,\n"
                        "1.3," RUN "md5,generic,digest,0,16,0,0,0,0,0,0,0,,,faulted,,,,,1,0,"
                        "SIGILL,raised SIGILL\n";
    cb_csv_set *set = cb_csv_set_new();
    if (cb_csv_read_buffer(set, "old.csv", text, sizeof text - 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(cb_csv_set_count(set), 2);
    for (size_t i = 0; i < 2; i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        assert_false(cb_provenance_external(&r->s.lib));
        for (int f = 0; f < CB_PROVENANCE_FIELDS; f++)
            assert_string_equal(*cb_provenance_field((cb_provenance *)&r->s.lib, f), "");
    }
    assert_string_equal(cb_csv_set_row(set, 1)->s.note, "raised SIGILL");
    cb_csv_set_free(set);
}

static void test_empty_file(void **state)
{
    (void)state;
    expect_error("", 0, "t.csv:1: ", "empty");
    EXPECT("\n\n", "t.csv:1: ", "empty");
}

static void test_binary_garbage(void **state)
{
    (void)state;
    static const char garbage[] = "\x7f" "ELF\x02\x01\x01\x00\x00\x00";
    expect_error(garbage, sizeof garbage - 1, "t.csv:1: ", "binary data (byte 0x02)");
    EXPECT(HEADER "1.0," RUN "md5,gen\x01ric,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "binary data (byte 0x01)");
}

static void test_not_a_cryptobench_csv(void **state)
{
    (void)state;
    EXPECT("name,value\nx,1\n", "t.csv:1: ", "not a cryptobench CSV header: it starts with "
           "'name', where a header starts with 'schema'; is this a cryptobench CSV file?");
    /* an openssl speed log is pointed at import */
    EXPECT("Doing md5 for 3s on 16 size blocks: 1 md5's in 3.00s\n", "t.csv:1: ",
           "it looks like an openssl speed or tcrypt log, which `cryptobench import LOG -o "
           "FILE.csv` turns into one");
    EXPECT("schema,tool_version\n", "t.csv:1: ", "lacks column 'build_rev'");
    EXPECT("schema,schema\n", "t.csv:1: ", "appears twice");
}

static void test_bad_quoting(void **state)
{
    (void)state;
    EXPECT(HEADER "1.0," RUN "\"md5,generic,digest\n", "t.csv:2: ", "never closed");
    EXPECT(HEADER "1.0," RUN "\"md5\"x,generic\n", "t.csv:2: ", "after a closing quote");
    EXPECT(HEADER "1.0," RUN "md\"5,generic\n", "t.csv:2: ", "inside an unquoted field");
}

static void test_bad_values(void **state)
{
    (void)state;
    EXPECT(HEADER "1.0," RUN "md5,generic,sideways,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "direction holds 'sideways'");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,fine\n",
           "t.csv:2: ", "status holds 'fine'");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,,8000,500,,,ok\n",
           "t.csv:2: ", "both be given");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,501,,,ok\n",
           "t.csv:2: ", "disagrees with iterations / seconds");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8001,500,,,ok\n",
           "t.csv:2: ", "disagrees with ops_per_sec x block_bytes");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,,,0,0,,,imported\n",
           "t.csv:2: ", "positive rate");
    EXPECT(HEADER "1.0," RUN ",generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "must not be empty");
    /* 1000 operations in no time, a misalignment speed cannot set, a date that is not
     * a time: each was accepted and compared */
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,0,8000,500,,,ok\n",
           "t.csv:2: ", "seconds is 0 in a row with status ok");
    EXPECT(HEADER "1.0," RUN "md5,generic,digest,0,16,999999,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "misalign");
    EXPECT(HEADER "1.0,0.1.0,r1,linux-x86_64,gcc,-O2,x86_64,h,cpu,,,none,none,none,cpu,"
           "yesterday,md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n",
           "t.csv:2: ", "started 'yesterday' is not a UTC time");
}

/* The error names the line where the bad record starts, counting quoted newlines. */
static void test_line_numbers_count_quoted_newlines(void **state)
{
    (void)state;
    EXPECT(HEADER "1.0,0.1.0,r1,cfg,\"gcc\nsecond line\",-O2,x86_64,h,cpu,,,none,none,none,"
           "cpu,2024-01-01T00:00:00Z,md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,ok\n"
           "1.0," RUN "md5,generic,digest,0,16,0,0,0,1000,2,8000,500,,,bad\n",
           "t.csv:4: ", "status");
}

static void test_unreadable_file(void **state)
{
    (void)state;
    char err[256] = "";
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path_in_dir("missing.csv"), err, sizeof err), -1);
    assert_non_null(strstr(err, "missing.csv: cannot open"));
    /* A folder opens but cannot be read. */
    assert_int_equal(cb_csv_read_file(set, dir, err, sizeof err), -1);
    assert_non_null(strstr(err, dir));
    cb_csv_set_free(set);
}

/* A failed file leaves the rows of earlier files alone. */
static void test_failure_keeps_earlier_rows(void **state)
{
    (void)state;
    char err[256];
    cb_csv_set *set = cb_csv_set_new();
    const char good[] = HEADER GOOD;
    const char bad[] = HEADER GOOD "1.0,x\n";
    assert_int_equal(cb_csv_read_buffer(set, "a.csv", good, sizeof good - 1, err, sizeof err),
                     0);
    assert_int_equal(cb_csv_read_buffer(set, "b.csv", bad, sizeof bad - 1, err, sizeof err),
                     -1);
    assert_int_equal(cb_csv_set_count(set), 1);
    cb_csv_set_free(set);
}

static void test_imported_row_round_trip(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("imp.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    r.run = &run_a;
    r.s = sample("aes-128-gcm", 128, 0, 0, 0);
    r.s.status = "imported";
    r.bytes_per_sec = 1411716280.0;
    r.ops_per_sec = 1411716280.0 / 128;
    assert_int_equal(cb_csv_write_row(w, &r), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    assert_non_null(strstr(read_all(path),
                           ",,,1411716280,11029033.4375,,,imported,,,,,1,0,,,,,,,,,,0,0,,,,,0,\r\n"));
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_row(set, 0)->has_counts, 0);
    assert_true(cb_csv_set_row(set, 0)->bytes_per_sec == 1411716280.0);
    cb_csv_set_free(set);
    unlink(path);
}

/* Schema 1.7: the tuning file auto followed is part of the run's description, and
 * two runs that differ only in it stay two runs. */
static void test_tune_round_trip(void **state)
{
    (void)state;
    char err[256];
    const char *path = path_in_dir("tune.csv");
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    assert_non_null(w);
    cb_run_info tuned = run_a;
    tuned.tune = "host, \"a\".tune fnv1a64:0123456789abcdef";
    cb_sample s = sample("md5", 64, 0, 1000, 1.0);
    assert_int_equal(cb_csv_write(w, &tuned, &s), 0);
    assert_int_equal(cb_csv_write(w, &run_a, &s), 0);
    assert_int_equal(cb_csv_commit(w, err, sizeof err), 0);
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, path, err, sizeof err), 0);
    const cb_csv_row *r0 = cb_csv_set_row(set, 0), *r1 = cb_csv_set_row(set, 1);
    assert_string_equal(r0->run->tune, tuned.tune);
    assert_string_equal(r1->run->tune, "");
    assert_ptr_not_equal(r0->run, r1->run);
    cb_csv_set_free(set);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_tune_round_trip),
        cmocka_unit_test(test_rows_flushed_before_commit),
        cmocka_unit_test(test_abort_keeps_old_file),
        cmocka_unit_test(test_open_failure),
        cmocka_unit_test(test_header_only_is_valid),
        cmocka_unit_test(test_concatenated),
        cmocka_unit_test(test_good_line_parses),
        cmocka_unit_test(test_bad_column_count),
        cmocka_unit_test(test_bad_number),
        cmocka_unit_test(test_unknown_schema_major),
        cmocka_unit_test(test_newer_minor_extra_column),
        cmocka_unit_test(test_older_schemas_read_as_one_worker),
        cmocka_unit_test(test_workers_columns),
        cmocka_unit_test(test_unmeasured_rows),
        cmocka_unit_test(test_provenance_round_trip),
        cmocka_unit_test(test_pair_round_trip),
        cmocka_unit_test(test_provenance_limits),
        cmocka_unit_test(test_schema_1_3_reads),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_binary_garbage),
        cmocka_unit_test(test_not_a_cryptobench_csv),
        cmocka_unit_test(test_bad_quoting),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_line_numbers_count_quoted_newlines),
        cmocka_unit_test(test_unreadable_file),
        cmocka_unit_test(test_failure_keeps_earlier_rows),
        cmocka_unit_test(test_imported_row_round_trip),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
