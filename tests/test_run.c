/*
 * tests/test_run.c - a speed run below the command line: the plan picks variants
 * only through kernels/select.h, and every outcome of every case reaches the sinks
 * as records (measured, faulted in the check or while timed, failed the check,
 * skipped), on MD5 test doubles registered at run time; and every sample and summary
 * of a whole-algorithm variant (tests/support.h's double, given a loader's
 * provenance) says which library it came from, in every sink.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/common.h"
#include "harness/plan.h"
#include "harness/run.h"
#include "kernels/registry.h"
#include "reports/csv/csv.h"
#include "reports/sinks/sinks.h"
#include "tests/support.h"

/* ---- the doubles ------------------------------------------------------------------ */

static const cb_digest_ops *generic_md5(void)
{
    return cb_variant_generic(cb_alg_find("md5"))->ops;
}

/* faults in any call: its check before timing raises SIGILL */
static void fault_always(void *state, const uint8_t *in, size_t nblocks)
{
    (void)state, (void)in, (void)nblocks;
    raise(SIGILL);
}

/* right in its check, faulting on the input the harness times: bytes b * 31 + 7 */
static void fault_when_timed(void *state, const uint8_t *in, size_t nblocks)
{
    if (in[0] == 7 && in[1] == 38 && in[2] == 69)
        raise(SIGILL);
    generic_md5()->blocks(state, in, nblocks);
}

/* never touches the state: every digest is wrong */
static void wrong(void *state, const uint8_t *in, size_t nblocks)
{
    (void)state, (void)in, (void)nblocks;
}

static const cb_digest_ops always_ops = {fault_always, NULL};
static const cb_digest_ops timed_ops = {fault_when_timed, NULL};
static const cb_digest_ops wrong_ops = {wrong, NULL};
/* low priorities: auto still picks a real variant */
static const cb_variant faults_checked = {"run-check-fault", "test", CB_PRIM_MD5, 0, 1,
                                          &always_ops, "test double"};
static const cb_variant faults_timed = {"run-timed-fault", "test", CB_PRIM_MD5, 0, 1,
                                        &timed_ops, "test double"};
static const cb_variant fails_check = {"run-wrong", "test", CB_PRIM_MD5, 0, 1, &wrong_ops,
                                       "test double"};

/* A library as a loader registers it: the double with a path, version and notes
 * that hold what real ones do (commas, quotes, spaces), two of them environment. */
#define LIB_PATH "/opt/ssl, \"3.0\"/lib64/libcrypto.so.3"
#define LIB_VERSION "OpenSSL 3.0.19 27 Jan 2026"
static const char *const lib_notes[] = {"cflags=gcc -O3 -DOPENSSLDIR=\"/usr/lib/ssl\"",
                                        "env=OPENSSL_ia32cap=0x0", "platform=linux-x86_64",
                                        "env=OPENSSL_armcap=0", NULL};
#define LIB_INFO "cflags=gcc -O3 -DOPENSSLDIR=\"/usr/lib/ssl\"; platform=linux-x86_64"
#define LIB_ENV "OPENSSL_ia32cap=0x0; OPENSSL_armcap=0"
static cb_alg_impl lib_impl;
static const cb_variant from_lib = {"run-lib", "external", CB_PRIM_WHOLE, 0, 0, &lib_impl,
                                    "test double with a loader's provenance"};

static int setup(void **state)
{
    (void)state;
    char err[256];
    assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
    lib_impl = tu_double_impl;
    lib_impl.library = LIB_PATH;
    lib_impl.version = LIB_VERSION;
    lib_impl.notes = lib_notes;
    assert_int_equal(cb_variant_register(&from_lib), 0);
    assert_int_equal(cb_variant_register(&faults_checked), 0);
    assert_int_equal(cb_variant_register(&faults_timed), 0);
    assert_int_equal(cb_variant_register(&fails_check), 0);
    return 0;
}

/* opts: algorithms by name, -variant spec, -bytes 16,64, two samples of 10. */
static cb_run_opts opts(const char *spec, const char *alg1, const char *alg2)
{
    cb_run_opts o;
    char err[256];
    cb_run_opts_default(&o);
    assert_int_equal(cb_selection_parse(&o.variants, spec, err, sizeof err), 0);
    o.algs[o.nalgs++] = cb_alg_find(alg1);
    if (alg2)
        o.algs[o.nalgs++] = cb_alg_find(alg2);
    o.sizes[0] = 16;
    o.sizes[1] = 64;
    o.nsizes = 2;
    o.bench.iterations = 10;
    o.bench.samples = 2;
    return o;
}

/* ---- the plan --------------------------------------------------------------------- */

static void test_plan_auto_and_named(void **state)
{
    (void)state;
    cb_plan p;
    cb_run_opts o = opts("auto", "md5", "sha256");
    assert_int_equal(cb_plan_build(&p, &o), 0);
    assert_int_equal(p.n, 2);
    assert_ptr_equal(p.e[0].var,
                     cb_variant_auto(p.e[0].alg, CB_DIR_DIGEST, cb_caps_effective()));
    assert_string_equal(p.e[0].label, "md5"); /* auto: the label is the algorithm's */
    assert_false(p.e[1].labelled);
    cb_plan_free(&p);

    /* a list, in its order; a name md5 lacks but sha256 has is skipped for md5 */
    o = opts("run-wrong,generic", "md5", "sha256");
    assert_int_equal(cb_plan_build(&p, &o), 0);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.e[0].label, "md5/run-wrong");
    assert_string_equal(p.e[1].label, "md5/generic");
    assert_string_equal(p.e[2].label, "sha256/generic");
    cb_plan_free(&p);
}

static void test_plan_refusals(void **state)
{
    (void)state;
    cb_plan p;
    /* a variant of this build that no requested algorithm has */
    cb_run_opts o = opts("run-wrong", "sha256", NULL);
    assert_int_equal(cb_plan_build(&p, &o), -1);
    cb_plan_free(&p);
    /* a block size the algorithm cannot take */
    o = opts("auto", "aes-128-cbc", NULL);
    o.sizes[0] = 13;
    assert_int_equal(cb_plan_build(&p, &o), -1);
    cb_plan_free(&p);
}

/* all: every variant that offers the algorithm, run-time rows too; sign and verify
 * of one variant stay together */
static void test_plan_all(void **state)
{
    (void)state;
    cb_plan p;
    cb_run_opts o = opts("all", "md5", "rsa512");
    assert_int_equal(cb_plan_build(&p, &o), 0);
    size_t doubles = 0, pkey = 0;
    for (size_t i = 0; i < p.n; i++) {
        doubles += strcmp(p.e[i].var->family, "test") == 0;
        if (p.e[i].alg->kind == CB_KIND_PKEY) {
            assert_int_equal(p.e[i].dir, pkey % 2 ? CB_DIR_VERIFY : CB_DIR_SIGN);
            if (pkey % 2)
                assert_ptr_equal(p.e[i].var, p.e[i - 1].var);
            pkey++;
        }
    }
    assert_int_equal(doubles, 3);
    assert_true(pkey >= 2);
    cb_plan_free(&p);
}

/* `speed` with no algorithm names every one, so the table of algorithms must fit a
 * run (it silently lost its last rows, the public-key ones, when it did not). */
static void test_every_algorithm_fits_a_run(void **state)
{
    (void)state;
    assert_true(cb_alg_count() <= CB_PLAN_MAX_ALGS);
}

/* ---- the sample stream ------------------------------------------------------------ */

#define MAX_RECORDS 64

/* recorder: a sink that keeps what it is fed (in memory shared with the process
 * that runs, see run_recorded; no assertion there, so they are all made after). */
typedef struct recorder {
    cb_run_result res;
    int overflow;            /* more records than fit */
    int begun, ended;
    cb_sink_end how;
    size_t nentries, cases;
    size_t nsamples, nsummaries;
    struct {
        char variant[64], status[16], signal[16], note[200];
        char lib[CB_PROVENANCE_FIELDS][128];
        size_t block_bytes;
        uint64_t iterations;
    } s[MAX_RECORDS];
    struct {
        char variant[64], status[16], library[128];
        size_t block_bytes;
        unsigned samples;
        double ops_per_sec;
        int worker;
    } c[MAX_RECORDS];
} recorder;

static void rec_begin(void *ctx, const cb_sink_run *run)
{
    recorder *r = ctx;
    r->begun++;
    r->nentries = run->nentries;
    r->cases = run->cases;
}

static void rec_sample(void *ctx, const cb_sample *s)
{
    recorder *r = ctx;
    if (!r->begun || r->nsamples == MAX_RECORDS) {
        r->overflow = 1;
        return;
    }
    size_t i = r->nsamples++;
    snprintf(r->s[i].variant, sizeof r->s[i].variant, "%s", s->variant);
    snprintf(r->s[i].status, sizeof r->s[i].status, "%s", s->status);
    snprintf(r->s[i].signal, sizeof r->s[i].signal, "%s", s->signal);
    snprintf(r->s[i].note, sizeof r->s[i].note, "%s", s->note);
    for (int f = 0; f < CB_PROVENANCE_FIELDS; f++)
        snprintf(r->s[i].lib[f], sizeof r->s[i].lib[f], "%s", cb_provenance_str(&s->lib, f));
    r->s[i].block_bytes = s->block_bytes;
    r->s[i].iterations = s->iterations;
}

static void rec_case_end(void *ctx, const cb_case_summary *c)
{
    recorder *r = ctx;
    if (r->nsummaries == MAX_RECORDS) {
        r->overflow = 1;
        return;
    }
    size_t i = r->nsummaries++;
    snprintf(r->c[i].variant, sizeof r->c[i].variant, "%s", c->variant);
    snprintf(r->c[i].status, sizeof r->c[i].status, "%s", c->status);
    snprintf(r->c[i].library, sizeof r->c[i].library, "%s",
             cb_provenance_str(&c->lib, CB_PROV_LIBRARY));
    r->c[i].block_bytes = c->block_bytes;
    r->c[i].samples = c->samples;
    r->c[i].ops_per_sec = c->ops_per_sec;
    r->c[i].worker = c->worker;
}

static int rec_end(void *ctx, cb_sink_end how)
{
    recorder *r = ctx;
    r->ended++;
    r->how = how;
    return 0;
}

static cb_sink recording(recorder *r)
{
    memset(r, 0, sizeof *r);
    return (cb_sink){r, rec_begin, NULL, rec_sample, rec_case_end, rec_end};
}

/* count: samples (or summaries, when summaries) of variant at len with status. */
static size_t count(const recorder *r, int summaries, const char *variant, size_t len,
                    const char *status)
{
    size_t n = 0;
    for (size_t i = 0; i < (summaries ? r->nsummaries : r->nsamples); i++) {
        const char *v = summaries ? r->c[i].variant : r->s[i].variant;
        const char *st = summaries ? r->c[i].status : r->s[i].status;
        size_t b = summaries ? r->c[i].block_bytes : r->s[i].block_bytes;
        n += strcmp(v, variant) == 0 && b == len && strcmp(st, status) == 0;
    }
    return n;
}

/* Where run_outputs has the run write its CSV, JSON and text table (stdout). */
typedef struct outputs {
    char csv[64], json[64], text[64];
} outputs;

/*
 * run_recorded runs alg with -variant spec into a recorder, in a child process: a
 * variant that faults inside its check leaves the check's buffers behind (the
 * guard jumps out of the kernel), which is the child's to lose, not this
 * program's.  The sink must have been ended exactly once.  With out, the CSV, JSON
 * and text sinks run too, made in the child, into out's files.
 */
static recorder *run_outputs(const char *spec, const char *alg, const outputs *out)
{
    recorder *r = mmap(NULL, sizeof *r, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                       -1, 0);
    assert_true(r != MAP_FAILED);
    cb_run_opts o = opts(spec, alg, NULL);
    cb_sink sink = recording(r);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        cb_sink sinks[4] = {sink};
        size_t n = 1;
        if (out && (!freopen(out->text, "w", stdout) || cb_sink_csv(&sinks[n++], out->csv) ||
                    cb_sink_json(&sinks[n++], out->json)))
            _exit(1);
        if (out)
            sinks[n++] = cb_sink_text(0);
        cb_run(&o, sinks, n, &r->res);
        fflush(stdout);
        _exit(0);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    assert_int_equal(r->ended, 1);
    assert_false(r->overflow);
    return r;
}

static recorder *run_recorded(const char *spec, const char *alg)
{
    return run_outputs(spec, alg, NULL);
}

/* run_copied is run_recorded's records, copied out of the shared memory. */
static recorder run_copied(const char *spec, const char *alg)
{
    recorder *rp = run_recorded(spec, alg);
    recorder r = *rp;
    munmap(rp, sizeof *rp);
    return r;
}

static void test_every_outcome_is_a_record(void **state)
{
    (void)state;
    const recorder r = run_copied("generic,run-check-fault,run-timed-fault,run-wrong", "md5");
    assert_int_equal(r.res.status, CB_EXIT_FAULT);
    assert_int_equal(r.res.stopped, 0);
    assert_int_equal(r.begun, 1);
    assert_int_equal(r.how, CB_SINK_DONE);
    assert_int_equal(r.nentries, 4);
    assert_int_equal(r.cases, 8);
    assert_int_equal(r.nsummaries, 8); /* every case has its summary, measured or not */
    for (size_t k = 0; k < 2; k++) {
        size_t len = k ? 64 : 16;
        assert_int_equal(count(&r, 0, "generic", len, "ok"), 2);
        assert_int_equal(count(&r, 1, "generic", len, "ok"), 1);
        /* faulted in its check: a row per size, never timed */
        assert_int_equal(count(&r, 0, "run-check-fault", len, "faulted"), 1);
        assert_int_equal(count(&r, 1, "run-check-fault", len, "faulted"), 1);
        /* wrong answers: a row per size saying so */
        assert_int_equal(count(&r, 0, "run-wrong", len, "failed"), 1);
        assert_int_equal(count(&r, 1, "run-wrong", len, "failed"), 1);
    }
    /* passed its check, faulted while timed at 16 bytes, not timed at 64 */
    assert_int_equal(count(&r, 0, "run-timed-fault", 16, "faulted"), 1);
    assert_int_equal(count(&r, 0, "run-timed-fault", 64, "skipped"), 1);
    assert_int_equal(count(&r, 1, "run-timed-fault", 64, "skipped"), 1);
    for (size_t i = 0; i < r.nsamples; i++) {
        int measured = strcmp(r.s[i].status, "ok") == 0;
        assert_int_equal(r.s[i].iterations, measured ? 10 : 0);
        assert_int_equal(r.s[i].note[0] != '\0', !measured); /* each says why */
        if (strcmp(r.s[i].status, "faulted") == 0)
            assert_string_equal(r.s[i].signal, "SIGILL");
        else
            assert_string_equal(r.s[i].signal, "");
    }
    for (size_t i = 0; i < r.nsummaries; i++) {
        assert_int_equal(r.c[i].worker, CB_SUMMARY_CASE);
        int measured = strcmp(r.c[i].status, "ok") == 0;
        assert_int_equal(r.c[i].samples, measured ? 2 : 0);
        assert_true(measured ? r.c[i].ops_per_sec > 0 : r.c[i].ops_per_sec < 0);
    }
}

/* A run refused before timing abandons every sink and feeds none of them. */
static void test_refused_run_abandons(void **state)
{
    (void)state;
    recorder *r = run_recorded("run-wrong", "sha256");
    assert_int_equal(r->res.status, CB_EXIT_USAGE);
    assert_int_equal(r->begun, 0);
    assert_int_equal(r->how, CB_SINK_ABANDONED);
    assert_int_equal(r->nsamples, 0);
    munmap(r, sizeof *r);
}

/* ---- where an external variant came from ------------------------------------------ */

/* Every sample and summary of the library's variant carries its path, version, build
 * notes and environment notes (without "env="), joined; a built-in variant's none. */
static void test_samples_name_their_library(void **state)
{
    (void)state;
    const recorder r = run_copied("generic,run-lib", "sha256");
    assert_int_equal(r.res.status, CB_EXIT_OK);
    assert_int_equal(count(&r, 0, "run-lib", 16, "ok") + count(&r, 0, "run-lib", 64, "ok"), 4);
    const char *const want[CB_PROVENANCE_FIELDS] = {LIB_PATH, LIB_VERSION, LIB_INFO, LIB_ENV};
    for (size_t i = 0; i < r.nsamples; i++) {
        int external = strcmp(r.s[i].variant, "run-lib") == 0;
        for (int f = 0; f < CB_PROVENANCE_FIELDS; f++)
            assert_string_equal(r.s[i].lib[f], external ? want[f] : "");
    }
    for (size_t i = 0; i < r.nsummaries; i++)
        assert_string_equal(r.c[i].library, strcmp(r.c[i].variant, "run-lib") ? "" : LIB_PATH);
}

static char *slurp_file(const char *path)
{
    size_t len;
    char err[256];
    char *text = cb_csv_load(path, &len, err, sizeof err);
    if (!text)
        fail_msg("%s", err);
    text = realloc(text, len + 1);
    text[len] = '\0';
    return text;
}

/* The CSV reads back with the library's strings, the JSON names them per case, and
 * the text table says once, above the table, where the variant came from. */
static void test_every_sink_names_the_library(void **state)
{
    (void)state;
    outputs out;
    snprintf(out.csv, sizeof out.csv, "/tmp/cb-test-run-%ld.csv", (long)getpid());
    snprintf(out.json, sizeof out.json, "/tmp/cb-test-run-%ld.json", (long)getpid());
    snprintf(out.text, sizeof out.text, "/tmp/cb-test-run-%ld.txt", (long)getpid());
    munmap(run_outputs("run-lib,generic", "sha256", &out), sizeof(recorder));

    char err[256];
    cb_csv_set *set = cb_csv_set_new();
    if (cb_csv_read_file(set, out.csv, err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t external = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *row = cb_csv_set_row(set, i);
        if (strcmp(row->s.variant, "run-lib") != 0) {
            assert_false(cb_provenance_external(&row->s.lib));
            continue;
        }
        external++;
        assert_string_equal(row->s.lib.library, LIB_PATH);
        assert_string_equal(row->s.lib.version, LIB_VERSION);
        assert_string_equal(row->s.lib.info, LIB_INFO);
        assert_string_equal(row->s.lib.env, LIB_ENV);
    }
    assert_int_equal(external, 4);
    cb_csv_set_free(set);

    char *json = slurp_file(out.json);
    assert_non_null(strstr(json, "\"variant\": \"run-lib\", \"library\": \"/opt/ssl, "
                                 "\\\"3.0\\\"/lib64/libcrypto.so.3\", \"library_version\": "
                                 "\"" LIB_VERSION "\", \"library_info\": \"cflags=gcc -O3 "
                                 "-DOPENSSLDIR=\\\"/usr/lib/ssl\\\"; platform=linux-x86_64\", "
                                 "\"library_env\": \"" LIB_ENV "\""));
    assert_non_null(strstr(json, "\"variant\": \"generic\", \"library\": \"\", "
                                 "\"library_version\": \"\", \"library_info\": \"\", "
                                 "\"library_env\": \"\""));
    free(json);

    char *text = slurp_file(out.text);
    const char *line = "variant run-lib from " LIB_PATH " (" LIB_VERSION "), loaded with "
                       LIB_ENV "\nThe 'numbers' are in 1000s";
    if (!strstr(text, line))
        fail_msg("no line '%s' above the table in:\n%s", line, text);
    assert_null(strstr(text, "variant generic from"));
    free(text);
    unlink(out.csv);
    unlink(out.json);
    unlink(out.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_auto_and_named),
        cmocka_unit_test(test_plan_refusals),
        cmocka_unit_test(test_plan_all),
        cmocka_unit_test(test_every_algorithm_fits_a_run),
        cmocka_unit_test(test_every_outcome_is_a_record),
        cmocka_unit_test(test_refused_run_abandons),
        cmocka_unit_test(test_samples_name_their_library),
        cmocka_unit_test(test_every_sink_names_the_library),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
