/*
 * tests/test_compare_cause.c - the cause lines of compare (reports/compare/cause.h):
 * the 2021 report (AES-256-GCM half as fast on a Raspberry Pi 4 after an OpenSSL
 * update whose CPU-feature detection no longer saw NEON) from imported logs and from
 * CSV files, a masked run, the conditions that are each a line of their own, many
 * cases under one line, a build without the variant, and identical conditions that
 * give no line at all; then `cryptobench compare a.csv b.csv` end to end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/common.h"
#include "cli/commands.h"
#include "reports/compare/compare.h"
#include "reports/styles/styles.h"
#include "reports/run/compare_run.h"
#include "reports/csv/csv.h"
#include "reports/import/import.h"

static const char *fixture(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

/* A Raspberry Pi 4 as cryptobench records it: Cortex-A72, NEON, no Crypto Extensions
 * (the BCM2711 leaves them out). */
static const cb_run_info pi = {"0.1.0", "3f2a9c1e4b7d", "linux-aarch64", "gcc 12.2.0", "-O2",
                               "aarch64", "rpi4", "ARM Cortex-A72", "neon", "neon", "none",
                               "none", "none", "cpu", "2021-03-01T10:00:00Z", ""};

/* A board with the Crypto Extensions, for masks that remove them. */
static const cb_run_info ce = {"0.1.0", "3f2a9c1e4b7d", "linux-aarch64", "gcc 12.2.0", "-O2",
                               "aarch64", "n1", "Neoverse-N1", "neon,aes,pmull,sha1,sha2",
                               "neon,aes,pmull,sha1,sha2", "none", "none", "none", "cpu",
                               "2021-03-01T10:00:00Z", ""};

/* The block sizes each put adds a case at. */
static const size_t sizes[] = {16, 256, 1024, 8192};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* put adds 5 samples at each of the sizes of variant (from lib, NULL for a built-in
 * one) measured in run, around rate bytes per second, 1% apart. */
static void put(cb_csv_set *set, const cb_run_info *run, const cb_provenance *lib,
                const char *alg, const char *variant, double rate)
{
    const cb_run_info *r = cb_csv_intern_run(set, run);
    for (size_t b = 0; b < N_SIZES; b++)
        for (unsigned i = 0; i < 5; i++) {
            cb_csv_row row = {.run = r};
            row.s.alg = cb_csv_intern(set, alg, strlen(alg));
            row.s.variant = cb_csv_intern(set, variant, strlen(variant));
            row.s.direction = cb_csv_intern(set, "encrypt", 7);
            row.s.status = cb_csv_intern(set, "ok", 2);
            row.s.cycles_source = cb_csv_intern(set, "", 0);
            for (int f = 0; f < CB_PROVENANCE_FIELDS; f++) {
                const char *v = lib ? cb_provenance_str(lib, f) : "";
                *cb_provenance_field(&row.s.lib, f) = cb_csv_intern(set, v, strlen(v));
            }
            row.s.key_bits = 256;
            row.s.block_bytes = sizes[b];
            row.s.sample_index = i;
            row.s.cycles = -1;
            row.bytes_per_sec = rate * (0.98 + 0.01 * i);
            row.ops_per_sec = row.bytes_per_sec / (double)sizes[b];
            cb_csv_add(set, &row);
        }
}

/* judge compares the set's rows [0, cut) with the rest into c. */
static void judge(cb_csv_set *set, size_t cut, cb_comparison *c)
{
    size_t n = cb_csv_set_count(set);
    const cb_csv_row **all = malloc((n + 1) * sizeof *all);
    for (size_t i = 0; i < n; i++)
        all[i] = cb_csv_set_row(set, i);
    cb_compare_opts o = cb_compare_default_opts();
    char err[512];
    memset(c, 0, sizeof *c);
    if (cb_compare_rows(c, all, cut, all + cut, n - cut, &o, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    free(all);
}

/* causes_text lists c's cause lines, one a line, for failure messages. */
static const char *causes_text(const cb_comparison *c)
{
    static char t[4096];
    t[0] = 0;
    for (size_t i = 0; i < c->n_causes; i++)
        snprintf(t + strlen(t), sizeof t - strlen(t), "  %s\n", c->causes[i]);
    return c->n_causes ? t : "  (none)\n";
}

/* expect: c's cause lines are exactly lines (NULL-terminated), in this order, and
 * each case's variant_cause is cause (NULL: none). */
static void expect(const cb_comparison *c, const char *cause, const char *const *lines)
{
    size_t n = 0;
    for (; lines[n]; n++)
        if (n >= c->n_causes || strcmp(c->causes[n], lines[n]) != 0)
            fail_msg("cause %zu should be\n  %s\nthe causes are:\n%s", n + 1, lines[n],
                     causes_text(c));
    if (c->n_causes != n)
        fail_msg("%zu causes where %zu were expected:\n%s", c->n_causes, n, causes_text(c));
    assert_true(c->n > 0);
    for (size_t i = 0; i < c->n; i++) {
        const char *got = c->cases[i].variant_cause;
        if (cause ? !got || strcmp(got, cause) != 0 : got != NULL)
            fail_msg("case %zu (%s %zu bytes): variant_cause %s, expected %s", i,
                     c->cases[i].alg, c->cases[i].block_bytes, got ? got : "NULL",
                     cause ? cause : "NULL");
    }
}

/* LINES is a cause list for expect. */
#define LINES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NO_LINES ((const char *const[]){NULL})

/* done releases a comparison and the rows it points into. */
static void done(cb_comparison *c, cb_csv_set *set)
{
    cb_comparison_free(c);
    cb_csv_set_free(set);
}

/* slurp returns what was written to f, from its start, and closes it; the caller
 * frees the text. */
static char *slurp(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)n + 1);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return text;
}

/* shown renders c in style, whole. */
static char *shown(const cb_comparison *c, const char *style)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(cb_compare_render(c, style, f), 0);
    return slurp(f);
}

/* ---- 1. the 2021 report --------------------------------------------------------------- */

/* loader adds the rows of one side (0 before, 1 after) of what arg describes. */
typedef void loader(cb_csv_set *set, int side, const void *arg);

/* two_sides loads both sides, before first, and compares them into c; the caller
 * frees the set (done). */
static cb_csv_set *two_sides(loader *load, const void *arg, cb_comparison *c)
{
    cb_csv_set *set = cb_csv_set_new();
    load(set, 0, arg);
    size_t cut = cb_csv_set_count(set);
    load(set, 1, arg);
    judge(set, cut, c);
    return set;
}

/* import_log imports the report's log of one side, labelled with the variant the
 * arg's pair names for it (NULL: openssl). */
static void import_log(cb_csv_set *set, int side, const void *arg)
{
    static const char *const logs[2] = {"rpi4-2021-before.log", "rpi4-2021-after.log"};
    cb_import_opts io;
    char err[512];
    memset(&io, 0, sizeof io);
    io.variant = ((const char *const *)arg)[side];
    io.hostname = "rpi4";
    if (cb_import_file(set, fixture(logs[side]), &io, NULL, err, sizeof err) < 0)
        fail_msg("%s", err);
}

/* import_pair imports the two logs of the report, labelled variant_before and
 * variant_after, and compares them. */
static cb_csv_set *import_pair(const char *variant_before, const char *variant_after,
                               cb_comparison *c)
{
    const char *variants[2] = {variant_before, variant_after};
    return two_sides(import_log, variants, c);
}

/* The logs as openssl printed them: the CPUINFO lines (OPENSSL_armcap=0x1, then 0x0)
 * say detection lost NEON, and openssl, which chose its own code from them, may have
 * run other code; its version changed too.  AES-256-GCM is half as fast. */
static void test_2021_logs(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = import_pair(NULL, NULL, &c);
    expect(&c, "detection",
           LINES("the CPUs report different capabilities: neon (before only)",
                 "library code may differ because detection changed (neon): openssl "
                 "aes-256-gcm (6 cases)",
                 "library version: openssl 3.0.0 -> openssl 3.0.1"));
    assert_true(c.geomean_pct < -49.9 && c.geomean_pct > -50.1);
    done(&c, set);

    /* labelled with what ran (import -variant neon, -variant generic): the variant
     * changed, and detection is why */
    set = import_pair("neon", "generic", &c);
    expect(&c, "detection",
           LINES("the CPUs report different capabilities: neon (before only)",
                 "variant changed because detection changed (neon): aes-256-gcm neon -> "
                 "generic (6 cases)",
                 "library version: openssl 3.0.0 -> openssl 3.0.1"));
    done(&c, set);
}

/* The same report as two cryptobench CSV files (tests/data/rpi4-2021-*.csv): variant
 * neon before, generic after detection reported nothing, in a newer build. */
static void test_2021_csv(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    char err[512];
    if (cb_csv_read_file(set, fixture("rpi4-2021-before.csv"), err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t cut = cb_csv_set_count(set);
    if (cb_csv_read_file(set, fixture("rpi4-2021-after.csv"), err, sizeof err) != 0)
        fail_msg("%s", err);
    cb_comparison c;
    judge(set, cut, &c);
    expect(&c, "detection",
           LINES("the CPUs report different capabilities: neon (before only)",
                 "variant changed because detection changed (neon): aes-256-gcm neon -> "
                 "generic (6 cases)",
                 "build revision: 3f2a9c1e4b7d -> 9a8b7c6d5e4f"));
    assert_int_equal(c.regressions, 6);
    /* under the axis in the text styles, an array in JSON, a column in CSV */
    char *text = shown(&c, "mail");
    assert_non_null(strstr(text, "\naxis:   build 3f2a9c1e4b7d -> 9a8b7c6d5e4f, caps neon -> "
                                 "none, variant neon -> generic\ncause:  the CPUs report "
                                 "different capabilities: neon (before only)\ncause:  "
                                 "variant changed because detection changed (neon): "));
    free(text);
    text = shown(&c, "markdown");
    assert_non_null(strstr(text, "  \n**cause:** the CPUs report different capabilities: "
                                 "neon (before only)  \n**cause:** variant changed"));
    free(text);
    text = shown(&c, "json");
    assert_non_null(strstr(text, "\"causes\": [\n    \"the CPUs report different "
                                 "capabilities: neon (before only)\",\n    \"variant changed"));
    assert_non_null(strstr(text, "\"variant_cause\": \"detection\"}"));
    free(text);
    text = shown(&c, "csv");
    assert_non_null(strstr(text, ",cycles_per_op_after,variant_cause,raw_difference_pct,judged\r\n"));
    assert_non_null(strstr(text, ",rate,,,detection,"));
    free(text);
    done(&c, set);
}

/* ---- 2, 3. scenarios: two sides, one algorithm, the lines they give ----------------- */

/* A library as a loader records it, and the same loaded under -lib-env, and another
 * version of it. */
static const cb_provenance ossl30 = {"/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                                     "OpenSSL 3.0.15 3 Sep 2024", "platform=linux-aarch64",
                                     ""};
static const cb_provenance ossl30_masked = {"/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                                            "OpenSSL 3.0.15 3 Sep 2024",
                                            "platform=linux-aarch64", "OPENSSL_armcap=0"};
static const cb_provenance ossl35 = {"/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                                     "OpenSSL 3.5.0 8 Apr 2025", "platform=linux-aarch64",
                                     ""};

/* edit: one field of a side's run description changed from its base. */
typedef struct edit {
    size_t field; /* offsetof(cb_run_info, ...) */
    const char *value;
} edit;

#define RUN(f) offsetof(cb_run_info, f)

/* scenario_side: what one side ran: its run (a base and edits), the library, the
 * variant of the scenario's algorithm and, when also is set, that of sha256. */
typedef struct scenario_side {
    const cb_run_info *base;
    edit edits[4];          /* up to the first with value NULL */
    const cb_provenance *lib;
    const char *variant, *also;
} scenario_side;

typedef struct scenario {
    const char *what;
    scenario_side side[2];
    const char *cause;      /* every case's variant_cause */
    const char *lines[5];   /* the cause lines, up to the first NULL (at most 4) */
} scenario;

static const scenario scenarios[] = {
    /* 2. a masked run against an unmasked one of the same board: the mask, named with
     * where it came from, removed everything, so ce-i4 gave way to generic */
    {"OPENSSL_armcap=0 after",
     {{&ce, {{0, NULL}}, NULL, "ce-i4", NULL},
      {&ce, {{RUN(caps_effective), "none"}, {RUN(caps_mask), "OPENSSL_armcap=0"},
             {RUN(mask_source), "OPENSSL_armcap"}}, NULL, "generic", NULL}},
     "mask",
     {"mask: after ran with OPENSSL_armcap=0 (source OPENSSL_armcap): removed neon, aes, "
      "pmull, sha1, sha2",
      "variant changed because the mask changed (neon, aes, pmull, sha1, sha2): aes-256-gcm "
      "ce-i4 -> generic (4 cases)"}},
    /* cryptobench's own mask on both sides, the text as given (it names no variable);
     * one forced a capability the CPU lacks */
    {"CRYPTOBENCH_CAPS both sides",
     {{&ce, {{RUN(caps_effective), "neon,sha1,sha2"}, {RUN(caps_mask), "-aes,-pmull"},
             {RUN(mask_source), "CRYPTOBENCH_CAPS"}}, NULL, "neon", NULL},
      {&ce, {{RUN(caps_effective), "neon,aes,pmull,sha1,sha2,sha3"},
             {RUN(caps_mask), "+sha3"}, {RUN(mask_source), "CRYPTOBENCH_CAPS -force-caps"}},
       NULL, "ce-i4", NULL}},
     "mask",
     {"mask: before ran with CRYPTOBENCH_CAPS=-aes,-pmull (source CRYPTOBENCH_CAPS): "
      "removed aes, pmull; after ran with CRYPTOBENCH_CAPS=+sha3 (source CRYPTOBENCH_CAPS "
      "-force-caps): removed nothing, added sha3 (forced)",
      "variant changed because the mask changed (aes, pmull, sha3): aes-256-gcm neon -> "
      "ce-i4 (4 cases)"}},
    /* one library loaded twice in one run, once under -lib-env: the environment is the
     * cause; pairing the two names was the user's choice */
    {"-lib-env",
     {{&ce, {{0, NULL}}, &ossl30_masked, "o3n", NULL},
      {&ce, {{0, NULL}}, &ossl30, "o3", NULL}},
     NULL,
     {"library environment (-lib-env): o3n OPENSSL_armcap=0 -> o3 (none)"}},
    /* 3. after ran under qemu-user, from another compiler with other flags, with
     * another version of the library: a line each, none about the variant (the same
     * capabilities: the library chose the same way) */
    {"emulator, compiler, flags, library version",
     {{&pi, {{0, NULL}}, &ossl30, "ossl", NULL},
      {&pi, {{RUN(emulator), "qemu-user"}, {RUN(compiler), "clang 16.0.6"},
             {RUN(cflags), "-O3 -mcpu=cortex-a72"}}, &ossl35, "ossl", NULL}},
     NULL,
     {"emulator: none -> qemu-user (timings under an emulator say nothing about hardware)",
      "compiler: gcc 12.2.0 -> clang 16.0.6", "compiler flags: -O2 -> -O3 -mcpu=cortex-a72",
      "library version: OpenSSL 3.0.15 3 Sep 2024 -> OpenSSL 3.5.0 8 Apr 2025"}},
    /* an emulator unknown on one side (as an import records it) says nothing */
    {"emulator unknown",
     {{&pi, {{0, NULL}}, NULL, "generic", NULL},
      {&pi, {{RUN(emulator), "unknown"}}, NULL, "generic", NULL}},
     NULL, {NULL}},
    /* an ARM build switched back from the assembly config to the generic C one: the
     * after build has no armv4 variant at all, detection is the same */
    {"build without the variant",
     {{&pi, {{RUN(build_config), "linux-armv4"}}, NULL, "armv4", NULL},
      {&pi, {{RUN(build_config), "linux-elf-arm"}}, NULL, "generic", NULL}},
     "build",
     {"variant changed because the after build (config linux-elf-arm) has no armv4: "
      "aes-256-gcm armv4 -> generic (4 cases)"}},
    /* both builds have both variants: the pairing was chosen (-variant), not caused */
    {"builds with both variants",
     {{&pi, {{RUN(build_config), "linux-armv4"}}, NULL, "armv4", "generic"},
      {&pi, {{RUN(build_config), "linux-elf-arm"}}, NULL, "generic", "armv4"}},
     NULL, {NULL}},
    /* 5. two runs of one build on one board, and two variants of one run */
    {"two runs, the same conditions",
     {{&ce, {{0, NULL}}, NULL, "ce-i4", NULL},
      {&ce, {{RUN(started), "2021-03-02T10:00:00Z"}}, NULL, "ce-i4", NULL}},
     NULL, {NULL}},
    {"two variants of one run",
     {{&ce, {{0, NULL}}, NULL, "ce-i2", NULL}, {&ce, {{0, NULL}}, NULL, "ce-i4", NULL}},
     NULL, {NULL}},
};

/* scenario_rows adds one side of the scenario arg. */
static void scenario_rows(cb_csv_set *set, int side, const void *arg)
{
    const scenario_side *p = &((const scenario *)arg)->side[side];
    cb_run_info run = *p->base;
    for (const edit *e = p->edits; e < p->edits + 4 && e->value; e++)
        *(const char **)((char *)&run + e->field) = e->value;
    put(set, &run, p->lib, "aes-256-gcm", p->variant, side ? 450e6 : 900e6);
    if (p->also)
        put(set, &run, p->lib, "sha256", p->also, 300e6);
}

/* play builds a scenario's rows and compares them into c. */
static cb_csv_set *play(const scenario *sc, cb_comparison *c)
{
    return two_sides(scenario_rows, sc, c);
}

static void test_scenarios(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        cb_comparison c;
        cb_csv_set *set = play(&scenarios[i], &c);
        print_message("%s\n", scenarios[i].what);
        expect(&c, scenarios[i].cause, scenarios[i].lines);
        done(&c, set);
    }
}

/* ---- 4. many cases, one line ---------------------------------------------------------- */

/* Eight algorithms lose their ce-i4 variant to detection (32 cases): one detection
 * line, one variant line naming six groups and summing up the rest.  A compiler that
 * changed for one algorithm only is one line with its share of the cases. */
static void test_many_cases_one_line(void **state)
{
    (void)state;
    static const char *const algs[] = {"aes-128-cbc", "aes-192-cbc", "aes-256-cbc",
                                       "aes-128-ctr", "aes-256-ctr", "aes-128-gcm",
                                       "aes-192-gcm", "aes-256-gcm"};
    cb_run_info lost = ce, lost_clang = ce;
    lost.caps_detected = lost.caps_effective = "neon";
    lost_clang = lost;
    lost_clang.compiler = "clang 16.0.6";
    cb_csv_set *set = cb_csv_set_new();
    for (size_t a = 0; a < 8; a++)
        put(set, &ce, NULL, algs[a], "ce-i4", 900e6);
    size_t cut = cb_csv_set_count(set);
    for (size_t a = 0; a < 8; a++)
        put(set, a == 7 ? &lost_clang : &lost, NULL, algs[a], "neon", 150e6);
    cb_comparison c;
    judge(set, cut, &c);
    expect(&c, "detection",
           LINES("the CPUs report different capabilities: aes, pmull, sha1, sha2 (before "
                 "only)",
                 "variant changed because detection changed (aes, pmull, sha1, sha2): "
                 "aes-128-cbc ce-i4 -> neon (4 cases), aes-192-cbc ce-i4 -> neon (4 cases), "
                 "aes-256-cbc ce-i4 -> neon (4 cases), aes-128-ctr ce-i4 -> neon (4 cases), "
                 "aes-256-ctr ce-i4 -> neon (4 cases), aes-128-gcm ce-i4 -> neon (4 cases), "
                 "and 2 more (8 cases)",
                 "compiler: gcc 12.2.0 -> clang 16.0.6 (4 of 32 cases)"));
    assert_int_equal(c.n, 8 * N_SIZES);
    done(&c, set);
}

/* Two boards' `caps -sweep -csv` files: each side pools the runs of its masks.  Board
 * A has the Crypto Extensions, board B (a Raspberry Pi 4) has not; the variants are
 * paired by name, and the masks each side pooled are listed as given. */
static void test_sweep_files(void **state)
{
    (void)state;
    static const char *const board_a[][3] = {
        {"neon,aes,pmull,sha1,sha2", "none", "none"},
        {"neon,pmull,sha1,sha2", "-aes", "CRYPTOBENCH_CAPS"},
        {"neon,aes,sha1,sha2", "-pmull", "CRYPTOBENCH_CAPS"},
    };
    cb_csv_set *set = cb_csv_set_new();
    for (size_t m = 0; m < 3; m++) {
        cb_run_info r = ce;
        r.caps_effective = board_a[m][0];
        r.caps_mask = board_a[m][1];
        r.mask_source = board_a[m][2];
        put(set, &r, NULL, "aes-256-gcm", m ? "neon" : "ce-i4", m ? 150e6 : 900e6);
    }
    size_t cut = cb_csv_set_count(set);
    put(set, &pi, NULL, "aes-256-gcm", "neon", 70e6);
    cb_comparison c;
    judge(set, cut, &c);
    expect(&c, NULL,
           LINES("the CPUs report different capabilities: aes, pmull, sha1, sha2 (before "
                 "only)",
                 "mask: before pools 2 masks: -aes / -pmull (source CRYPTOBENCH_CAPS)"));
    assert_int_equal(c.n, N_SIZES); /* neon against neon; ce-i4 is before's only */
    done(&c, set);

    /* a library's sweep: one variant under several environments a side */
    static const char *const envs[3] = {"", "OPENSSL_armcap=0", "OPENSSL_armcap=0x4"};
    set = cb_csv_set_new();
    for (size_t e = 0; e < 3; e++) {
        cb_provenance lib = ossl30;
        lib.env = envs[e];
        put(set, &pi, &lib, "aes-256-gcm", "deb", 70e6);
        if (e == 1)
            cut = cb_csv_set_count(set);
    }
    judge(set, cut, &c);
    expect(&c, NULL,
           LINES("library environment (-lib-env): deb under 2 environments -> deb under 1; "
                 "before only: (none), OPENSSL_armcap=0; after only: OPENSSL_armcap=0x4"));
    done(&c, set);
}

/* ---- 5. identical conditions, as printed --------------------------------------------- */

/* No cause, no line: not in a text style, an empty array in JSON; nor in speed's
 * in-run -compare, whose sides are one run. */
static void test_no_cause_no_line(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = play(&scenarios[sizeof scenarios / sizeof scenarios[0] - 2], &c);
    char *text = shown(&c, "matrix");
    assert_null(strstr(text, "cause"));
    free(text);
    text = shown(&c, "json");
    assert_non_null(strstr(text, "\"causes\": [],"));
    free(text);
    done(&c, set);

    cb_sample s[8];
    for (unsigned i = 0; i < 8; i++)
        s[i] = (cb_sample){"sha256", i % 2 ? "b" : "a", "digest", 0, 1024, 0, 0, i / 2,
                           1000 + i, 1.0, -1, "", "ok", 0, 0, 0, 0, 1, 0, "", "",
                           {"", "", "", ""}, 0, 0, 0, 0, 0, 0, "", "", 0, 0, 0};
    FILE *out = tmpfile();
    assert_int_equal(cb_compare_run_samples(s, 8, "a", "b", "mail", out), 0);
    fseek(out, 0, SEEK_END);
    text = slurp(out);
    assert_non_null(strstr(text, "\naxis:   variant a -> b\n\n"));
    free(text);
}

/* ---- end to end ----------------------------------------------------------------------- */

/* run_compare runs `cryptobench compare` with args, its standard output into a
 * buffer the caller frees; *rc gets the exit status. */
static char *run_compare(int argc, char **argv, int *rc)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fflush(stdout);
    int saved = dup(1);
    dup2(fileno(f), 1);
    *rc = cb_cmd_compare(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    fseek(f, 0, SEEK_END);
    return slurp(f);
}

/* `cryptobench compare rpi4-2021-before.csv rpi4-2021-after.csv`, as typed. */
static void test_command(void **state)
{
    (void)state;
    char before[512], after[512];
    snprintf(before, sizeof before, "%s", fixture("rpi4-2021-before.csv"));
    snprintf(after, sizeof after, "%s", fixture("rpi4-2021-after.csv"));
    char *argv[] = {"compare", before, after, "-style", "mail", NULL};
    int rc;
    char *text = run_compare(5, argv, &rc);
    assert_int_equal(rc, CB_EXIT_OK);
    assert_non_null(strstr(text, "\ncause:  the CPUs report different capabilities: neon "
                                 "(before only)\ncause:  variant changed because detection "
                                 "changed (neon): aes-256-gcm neon -> generic (6 cases)\n"
                                 "cause:  build revision: 3f2a9c1e4b7d -> 9a8b7c6d5e4f\n\n"));
    assert_non_null(strstr(text, "6 regressions, 0 improvements, 0 unchanged"));
    free(text);
    char *json_argv[] = {"compare", before, after, "-format", "json", NULL};
    text = run_compare(5, json_argv, &rc);
    assert_int_equal(rc, CB_EXIT_OK);
    assert_non_null(strstr(text, "\"variant changed because detection changed (neon): "
                                 "aes-256-gcm neon -> generic (6 cases)\""));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2021_logs),
        cmocka_unit_test(test_2021_csv),
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_many_cases_one_line),
        cmocka_unit_test(test_sweep_files),
        cmocka_unit_test(test_no_cause_no_line),
        cmocka_unit_test(test_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
