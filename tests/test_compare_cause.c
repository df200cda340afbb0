/*
 * tests/test_compare_cause.c - the cause lines of compare (reports/compare_cause.h):
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
#include "reports/compare.h"
#include "reports/csv.h"
#include "reports/import.h"

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
                               "none", "none", "cpu", "2021-03-01T10:00:00Z"};

/* A board with the Crypto Extensions, for masks that remove them. */
static const cb_run_info ce = {"0.1.0", "3f2a9c1e4b7d", "linux-aarch64", "gcc 12.2.0", "-O2",
                               "aarch64", "n1", "Neoverse-N1", "neon,aes,pmull,sha1,sha2",
                               "neon,aes,pmull,sha1,sha2", "none", "none", "none", "cpu",
                               "2021-03-01T10:00:00Z"};

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

/* want_causes: c's cause lines are exactly these, in this order. */
static void want_causes(const cb_comparison *c, size_t n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++) {
        const char *line = va_arg(ap, const char *);
        if (i >= c->n_causes || strcmp(c->causes[i], line) != 0)
            fail_msg("cause %zu should be\n  %s\nthe causes are:\n%s", i + 1, line,
                     causes_text(c));
    }
    va_end(ap);
    if (c->n_causes != n)
        fail_msg("%zu causes where %zu were expected:\n%s", c->n_causes, n, causes_text(c));
}

/* every_case: each case's variant_cause is cause (NULL: none). */
static void every_case(const cb_comparison *c, const char *cause)
{
    assert_true(c->n > 0);
    for (size_t i = 0; i < c->n; i++) {
        const char *got = c->cases[i].variant_cause;
        if (cause ? !got || strcmp(got, cause) != 0 : got != NULL)
            fail_msg("case %zu (%s %zu bytes): variant_cause %s, expected %s", i,
                     c->cases[i].alg, c->cases[i].block_bytes, got ? got : "NULL",
                     cause ? cause : "NULL");
    }
}

/* shown renders c in style, whole. */
__attribute__((noinline)) static char *shown(const cb_comparison *c, const char *style)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_render(c, style, f), 0);
    fclose(f);
    return buf;
}

/* ---- 1. the 2021 report --------------------------------------------------------------- */

/* import_pair imports the two logs of the report, with the variant each side is
 * labelled (NULL: openssl), and compares them. */
static cb_csv_set *import_pair(const char *variant_before, const char *variant_after,
                               cb_comparison *c)
{
    cb_csv_set *set = cb_csv_set_new();
    const char *logs[2] = {"rpi4-2021-before.log", "rpi4-2021-after.log"};
    const char *variants[2] = {variant_before, variant_after};
    size_t cut = 0;
    for (int sd = 0; sd < 2; sd++) {
        cb_import_opts io;
        char err[512];
        memset(&io, 0, sizeof io);
        io.variant = variants[sd];
        io.hostname = "rpi4";
        if (cb_import_file(set, fixture(logs[sd]), &io, NULL, err, sizeof err) < 0)
            fail_msg("%s", err);
        if (!sd)
            cut = cb_csv_set_count(set);
    }
    judge(set, cut, c);
    return set;
}

/* The logs as openssl printed them: the CPUINFO lines (OPENSSL_armcap=0x1, then 0x0)
 * say detection lost NEON, and openssl, which chose its own code from them, may have
 * run other code; its version changed too.  AES-256-GCM is half as fast. */
static void test_2021_logs(void **state)
{
    (void)state;
    cb_comparison c;
    cb_csv_set *set = import_pair(NULL, NULL, &c);
    want_causes(&c, 3, "the CPUs report different capabilities: neon (before only)",
                "library code may differ because detection changed (neon): openssl "
                "aes-256-gcm (6 cases)",
                "library version: openssl 3.0.0 -> openssl 3.0.1");
    every_case(&c, "detection");
    assert_true(c.geomean_pct < -49.9 && c.geomean_pct > -50.1);
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    /* labelled with what ran (import -variant neon, -variant generic): the variant
     * changed, and detection is why */
    set = import_pair("neon", "generic", &c);
    want_causes(&c, 3, "the CPUs report different capabilities: neon (before only)",
                "variant changed because detection changed (neon): aes-256-gcm neon -> "
                "generic (6 cases)",
                "library version: openssl 3.0.0 -> openssl 3.0.1");
    every_case(&c, "detection");
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* The same report as two cryptobench CSV files (tests/data/rpi4-2021-*.csv): variant
 * neon before, generic after detection reported nothing, in a newer build. */
static void test_2021_csv(void **state)
{
    (void)state;
    cb_csv_set *set = cb_csv_set_new();
    char err[512];
    assert_int_equal(cb_csv_read_file(set, fixture("rpi4-2021-before.csv"), err, sizeof err), 0);
    size_t cut = cb_csv_set_count(set);
    assert_int_equal(cb_csv_read_file(set, fixture("rpi4-2021-after.csv"), err, sizeof err), 0);
    cb_comparison c;
    judge(set, cut, &c);
    want_causes(&c, 3, "the CPUs report different capabilities: neon (before only)",
                "variant changed because detection changed (neon): aes-256-gcm neon -> "
                "generic (6 cases)",
                "build revision: 3f2a9c1e4b7d -> 9a8b7c6d5e4f");
    every_case(&c, "detection");
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
    assert_non_null(strstr(text, ",cycles_per_op_after,variant_cause\r\n"));
    assert_non_null(strstr(text, ",rate,,,detection\r\n"));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- 2. masks --------------------------------------------------------------------------- */

/* The same board with and without OPENSSL_armcap=0: detection the same, the effective
 * set empty after, so ce-i4 gave way to generic; the mask is named with its source. */
static void test_mask(void **state)
{
    (void)state;
    cb_run_info masked = ce;
    masked.caps_effective = "none";
    masked.caps_mask = "OPENSSL_armcap=0";
    masked.mask_source = "OPENSSL_armcap";
    cb_csv_set *set = cb_csv_set_new();
    put(set, &ce, NULL, "aes-256-gcm", "ce-i4", 900e6);
    put(set, &masked, NULL, "aes-256-gcm", "generic", 90e6);
    cb_comparison c;
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 2, "mask: after ran with OPENSSL_armcap=0 (source OPENSSL_armcap): removed "
                       "neon, aes, pmull, sha1, sha2",
                "variant changed because the mask changed (neon, aes, pmull, sha1, sha2): "
                "aes-256-gcm ce-i4 -> generic (4 cases)");
    every_case(&c, "mask");
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    /* cryptobench's own mask, the text as given (it names no variable), on both
     * sides; one forced a capability the CPU lacks */
    cb_run_info no_ce = ce, forced = ce;
    no_ce.caps_effective = "neon,sha1,sha2";
    no_ce.caps_mask = "-aes,-pmull";
    no_ce.mask_source = "CRYPTOBENCH_CAPS";
    forced.caps_effective = "neon,aes,pmull,sha1,sha2,sha3";
    forced.caps_mask = "+sha3";
    forced.mask_source = "CRYPTOBENCH_CAPS -force-caps";
    set = cb_csv_set_new();
    put(set, &no_ce, NULL, "aes-256-gcm", "neon", 150e6);
    put(set, &forced, NULL, "aes-256-gcm", "ce-i4", 900e6);
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 2, "mask: before ran with CRYPTOBENCH_CAPS=-aes,-pmull (source "
                       "CRYPTOBENCH_CAPS): removed aes, pmull; after ran with "
                       "CRYPTOBENCH_CAPS=+sha3 (source CRYPTOBENCH_CAPS -force-caps): "
                       "removed nothing, added sha3 (forced)",
                "variant changed because the mask changed (aes, pmull, sha3): aes-256-gcm "
                "neon -> ce-i4 (4 cases)");
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* A library loaded twice in one run, once under -lib-env: the environment is the
 * cause; the pairing of the two variant names was the user's choice. */
static void test_library_env(void **state)
{
    (void)state;
    const cb_provenance ossl = {"/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                                "OpenSSL 3.0.15 3 Sep 2024", "platform=linux-aarch64", ""};
    cb_provenance ossl_masked = ossl;
    ossl_masked.env = "OPENSSL_armcap=0";
    cb_csv_set *set = cb_csv_set_new();
    put(set, &ce, &ossl_masked, "aes-256-gcm", "o3n", 90e6);
    put(set, &ce, &ossl, "aes-256-gcm", "o3", 900e6);
    cb_comparison c;
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 1, "library environment (-lib-env): o3n OPENSSL_armcap=0 -> o3 (none)");
    every_case(&c, NULL);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- 3. conditions, each a line ------------------------------------------------------- */

/* After ran under qemu-user, from a build of another compiler with other flags, and
 * loaded another version of the library: four lines, nothing about the variant. */
static void test_conditions(void **state)
{
    (void)state;
    const cb_provenance v30 = {"/opt/openssl/lib/libcrypto.so.3", "OpenSSL 3.0.15 3 Sep 2024",
                               "", ""};
    cb_provenance v35 = v30;
    v35.version = "OpenSSL 3.5.0 8 Apr 2025";
    cb_run_info other = pi;
    other.emulator = "qemu-user";
    other.compiler = "clang 16.0.6";
    other.cflags = "-O3 -mcpu=cortex-a72";
    cb_csv_set *set = cb_csv_set_new();
    put(set, &pi, &v30, "aes-256-gcm", "ossl", 70e6);
    put(set, &other, &v35, "aes-256-gcm", "ossl", 5e6);
    cb_comparison c;
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 4, "emulator: none -> qemu-user (timings under an emulator say nothing "
                       "about hardware)",
                "compiler: gcc 12.2.0 -> clang 16.0.6",
                "compiler flags: -O2 -> -O3 -mcpu=cortex-a72",
                "library version: OpenSSL 3.0.15 3 Sep 2024 -> OpenSSL 3.5.0 8 Apr 2025");
    every_case(&c, NULL); /* the same capabilities: the library chose the same way */
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    /* an emulator unknown on one side (an import) and none on the other says nothing */
    cb_run_info unknown = pi;
    unknown.emulator = "unknown";
    set = cb_csv_set_new();
    put(set, &pi, NULL, "aes-256-gcm", "generic", 70e6);
    put(set, &unknown, NULL, "aes-256-gcm", "generic", 70e6);
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 0);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
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
    want_causes(&c, 3, "the CPUs report different capabilities: aes, pmull, sha1, sha2 "
                       "(before only)",
                "variant changed because detection changed (aes, pmull, sha1, sha2): "
                "aes-128-cbc ce-i4 "
                "-> neon (4 cases), aes-192-cbc ce-i4 -> neon (4 cases), aes-256-cbc ce-i4 "
                "-> neon (4 cases), aes-128-ctr ce-i4 -> neon (4 cases), aes-256-ctr ce-i4 "
                "-> neon (4 cases), aes-128-gcm ce-i4 -> neon (4 cases), and 2 more (8 "
                "cases)",
                "compiler: gcc 12.2.0 -> clang 16.0.6 (4 of 32 cases)");
    every_case(&c, "detection");
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- a build without the variant ------------------------------------------------------ */

/* The 2013 switch of an ARM build from the generic C config to the assembly one, the
 * other way round: after's build has no armv4 variant at all, detection is the same. */
static void test_build_lacks_variant(void **state)
{
    (void)state;
    cb_run_info asm_build = pi, c_build = pi;
    asm_build.build_config = "linux-armv4";
    asm_build.host_arch = c_build.host_arch = "arm";
    c_build.build_config = "linux-elf-arm";
    cb_csv_set *set = cb_csv_set_new();
    put(set, &asm_build, NULL, "aes-128-cbc", "armv4", 40e6);
    put(set, &c_build, NULL, "aes-128-cbc", "generic", 25e6);
    cb_comparison c;
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 1, "variant changed because the after build (config linux-elf-arm) has no "
                       "armv4: aes-128-cbc armv4 -> generic (4 cases)");
    every_case(&c, "build");
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    /* both builds have both variants: the pairing was chosen (-variant), not caused */
    set = cb_csv_set_new();
    put(set, &asm_build, NULL, "aes-128-cbc", "armv4", 40e6);
    put(set, &asm_build, NULL, "sha256", "generic", 25e6);
    size_t cut = cb_csv_set_count(set);
    put(set, &c_build, NULL, "aes-128-cbc", "generic", 25e6);
    put(set, &c_build, NULL, "sha256", "armv4", 40e6);
    judge(set, cut, &c);
    want_causes(&c, 0);
    every_case(&c, NULL);
    cb_comparison_free(&c);
    cb_csv_set_free(set);
}

/* ---- 5. identical conditions ---------------------------------------------------------- */

/* Two runs of one build on one board, two variants of one run, and speed's in-run
 * -compare: no cause line in any style. */
static void test_identical_conditions(void **state)
{
    (void)state;
    cb_run_info later = ce;
    later.started = "2021-03-02T10:00:00Z";
    cb_csv_set *set = cb_csv_set_new();
    put(set, &ce, NULL, "aes-256-gcm", "ce-i4", 900e6);
    put(set, &later, NULL, "aes-256-gcm", "ce-i4", 905e6);
    cb_comparison c;
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 0);
    every_case(&c, NULL);
    char *text = shown(&c, "matrix");
    assert_null(strstr(text, "cause"));
    free(text);
    text = shown(&c, "json");
    assert_non_null(strstr(text, "\"causes\": [],"));
    free(text);
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    set = cb_csv_set_new();
    put(set, &ce, NULL, "aes-256-gcm", "ce-i2", 800e6);
    put(set, &ce, NULL, "aes-256-gcm", "ce-i4", 900e6);
    judge(set, N_SIZES * 5, &c);
    want_causes(&c, 0);
    every_case(&c, NULL);
    cb_comparison_free(&c);
    cb_csv_set_free(set);

    cb_sample s[8];
    for (unsigned i = 0; i < 8; i++)
        s[i] = (cb_sample){"sha256", i % 2 ? "b" : "a", "digest", 0, 1024, 0, 0, i / 2,
                           1000 + i, 1.0, -1, "", "ok", 0, 0, 0, 0, 1, 0, "", "",
                           {"", "", "", ""}};
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_int_equal(cb_compare_run_samples(s, 8, "a", "b", "mail", out), 0);
    fclose(out);
    assert_non_null(strstr(buf, "\naxis:   variant a -> b\n\n"));
    free(buf);
}

/* ---- end to end ----------------------------------------------------------------------- */

/* run_compare runs `cryptobench compare` with args, its standard output into a
 * buffer the caller frees; *rc gets the exit status. */
static char *run_compare(int argc, char **argv, int *rc)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/cb-test-cause-%ld.out", (long)getpid());
    fflush(stdout);
    int saved = dup(1);
    FILE *f = fopen(path, "w+");
    assert_non_null(f);
    dup2(fileno(f), 1);
    *rc = cb_cmd_compare(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)n + 1);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    unlink(path);
    return text;
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
        cmocka_unit_test(test_mask),
        cmocka_unit_test(test_library_env),
        cmocka_unit_test(test_conditions),
        cmocka_unit_test(test_many_cases_one_line),
        cmocka_unit_test(test_build_lacks_variant),
        cmocka_unit_test(test_identical_conditions),
        cmocka_unit_test(test_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
