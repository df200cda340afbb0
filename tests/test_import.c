/*
 * tests/test_import.c - `openssl speed` and tcrypt logs into rows: every form
 * import.h lists, the name mapping, and the logs it must refuse.
 *
 * tests/data/openssl3-*.log are real output of Debian's openssl 3.0 on the build
 * machine; openssl10-legacy.log and tcrypt-arm64.log are synthetic (their numbers
 * measure nothing) and cover the older and kernel forms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "reports/csv.h"
#include "reports/import.h"

static const char *data_path(const char *name)
{
    static char p[512];
    const char *dir = getenv("CB_TEST_DATA");
    snprintf(p, sizeof p, "%s/%s", dir ? dir : "tests/data", name);
    return p;
}

static cb_import_opts no_opts(void)
{
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

static cb_csv_set *import_file(const char *name, const cb_import_opts *o, long want)
{
    char err[512];
    cb_csv_set *set = cb_csv_set_new();
    long n = cb_import_file(set, data_path(name), o, NULL, err, sizeof err);
    if (n != want)
        fail_msg("%s: %ld rows, wanted %ld (%s)", name, n, want, n < 0 ? err : "");
    return set;
}

/* find returns the row of one case, failing the test when absent. */
static const cb_csv_row *find(const cb_csv_set *set, const char *alg, const char *dir,
                              size_t block, unsigned key_bits)
{
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (!strcmp(r->s.alg, alg) && !strcmp(r->s.direction, dir) &&
            r->s.block_bytes == block && r->s.key_bits == key_bits)
            return r;
    }
    fail_msg("no row for %s %s %zu bytes %u bits", alg, dir, block, key_bits);
    return NULL;
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b); }

static void test_openssl3_table_and_progress(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-speed.log", &o, 12);
    /* "Doing md5 for 1s on 16 size blocks: 1856070 md5's in 0.64s" */
    const cb_csv_row *r = find(set, "md5", "digest", 16, 0);
    assert_int_equal(r->has_counts, 1);
    assert_int_equal(r->s.iterations, 1856070);
    assert_true(r->s.seconds == 0.64);
    assert_true(close_to(r->ops_per_sec, 1856070 / 0.64));
    assert_string_equal(r->s.variant, "openssl");
    assert_string_equal(r->s.status, "imported");
    assert_string_equal(r->run->tool_version, "openssl 3.0.19");
    assert_string_equal(r->run->build_rev, "openssl3-speed.log");
    assert_string_equal(r->run->timing, "cpu");
    assert_non_null(strstr(r->run->caps_detected, "OPENSSL_ia32cap=0x"));
    r = find(set, "sha256", "digest", 16384, 0);
    assert_int_equal(r->s.iterations, 64119);
    cb_csv_set_free(set);
}

static void test_openssl3_mr(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-mr.log", &o, 6);
    /* "+R:30023344:AES-128-CBC:0.700000" after "+DT:AES-128-CBC:1:16" */
    const cb_csv_row *r = find(set, "aes-128-cbc", "encrypt", 16, 128);
    assert_int_equal(r->s.iterations, 30023344);
    assert_true(r->s.seconds == 0.7);
    /* +F gives 686247862.86 bytes/s for the same case, to the cent */
    assert_true(fabs(r->bytes_per_sec - 686247862.86) < 0.01);
    cb_csv_set_free(set);
}

static void test_openssl3_rsa(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("openssl3-rsa.log", &o, 4);
    /* "Doing 1024 bits public rsa's for 1s: 102084 1024 bits public RSA's in 0.81s" */
    const cb_csv_row *r = find(set, "rsa1024", "verify", 0, 1024);
    assert_int_equal(r->s.iterations, 102084);
    assert_true(r->s.seconds == 0.81);
    assert_true(r->bytes_per_sec == 0);
    r = find(set, "rsa512", "sign", 0, 512);
    assert_true(close_to(r->ops_per_sec, 22531));
    cb_csv_set_free(set);
}

static void test_legacy_names_and_forms(void **state)
{
    (void)state;
    char *warn_text = NULL;
    size_t warn_len = 0;
    FILE *warn = open_memstream(&warn_text, &warn_len);
    cb_import_opts o = no_opts();
    o.build = "oe-2013";
    o.hostname = "beagle";
    char err[512];
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_import_file(set, data_path("openssl10-legacy.log"), &o, warn, err,
                                    sizeof err), 29);
    fclose(warn);
    assert_non_null(strstr(warn_text, "skipped names with no cryptobench algorithm: 'rc4'"));
    free(warn_text);
    /* five size columns, names with spaces */
    const cb_csv_row *r = find(set, "des-cbc", "encrypt", 8192, 64);
    assert_true(close_to(r->bytes_per_sec, 33700000));
    assert_int_equal(r->has_counts, 0);
    r = find(set, "des-ede3-cbc", "encrypt", 16, 192);
    assert_true(close_to(r->bytes_per_sec, 11000000));
    r = find(set, "aes-128-cbc", "encrypt", 64, 128);
    assert_true(close_to(r->bytes_per_sec, 170000000));
    /* a value without 'k' is bytes per second, not thousands */
    r = find(set, "sha512", "digest", 16, 0);
    assert_true(close_to(r->bytes_per_sec, 9000));
    /* "Doing md5 20000000 times on 16 size blocks: 20000000 md5's in 3.58s" */
    r = find(set, "md5", "digest", 16, 0);
    assert_int_equal(r->s.iterations, 20000000);
    assert_true(r->s.seconds == 3.58);
    /* "Doing des cbc ops for 3s ...: 6000000 des cbc ops in 3.00s" (newer form) */
    r = find(set, "des-cbc", "encrypt", 16, 64);
    assert_int_equal(r->s.iterations, 6000000);
    /* the public-key table */
    r = find(set, "rsa2048", "sign", 0, 2048);
    assert_true(close_to(r->ops_per_sec, 50));
    r = find(set, "dsa1024", "verify", 0, 1024);
    assert_true(close_to(r->ops_per_sec, 400));
    assert_string_equal(r->run->build_rev, "oe-2013");
    assert_string_equal(r->run->hostname, "beagle");
    assert_string_equal(r->run->compiler, "arm-oe-linux-gnueabi-gcc -march=armv7-a -O2");
    cb_csv_set_free(set);
}

static void test_tcrypt(void **state)
{
    (void)state;
    cb_import_opts o = no_opts();
    cb_csv_set *set = import_file("tcrypt-arm64.log", &o, 12);
    /* with the dmesg timestamp and "tcrypt: " tag */
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->s.alg, "aes-128-cbc");
    assert_string_equal(r->s.variant, "cbc-aes-neon");
    assert_string_equal(r->s.direction, "decrypt");
    assert_int_equal(r->s.block_bytes, 16);
    assert_int_equal(r->s.iterations, 1403455);
    assert_true(r->s.seconds == 1);
    /* without: the example of issue 4 */
    r = cb_csv_set_row(set, 9);
    assert_string_equal(r->s.variant, "cbc-aes-ce");
    assert_int_equal(r->s.block_bytes, 8192);
    assert_int_equal(r->s.iterations, 95545);
    assert_string_equal(r->run->tool_version, "linux tcrypt");
    assert_string_equal(r->run->timing, "wall");
    /* the hash form: one update per digest only */
    r = cb_csv_set_row(set, 10);
    assert_string_equal(r->s.alg, "sha256");
    assert_string_equal(r->s.direction, "digest");
    assert_true(close_to(r->ops_per_sec, 2110442));
    r = cb_csv_set_row(set, 11);
    assert_int_equal(r->s.block_bytes, 64);
    assert_true(close_to(r->ops_per_sec, 1500220));
    cb_csv_set_free(set);
}

static long import_text(const char *text, const cb_import_opts *o, cb_csv_set *set,
                        char *err, size_t errlen)
{
    return cb_import_buffer(set, "t.log", text, strlen(text), o, NULL, err, errlen);
}

static void expect_import_error(const char *text, const char *want, const char *needle)
{
    char err[512] = "";
    cb_import_opts o = no_opts();
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(import_text(text, &o, set, err, sizeof err), -1);
    assert_int_equal(cb_csv_set_count(set), 0);
    if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, needle))
        fail_msg("error '%s' should start with '%s' and mention '%s'", err, want, needle);
    cb_csv_set_free(set);
}

static void test_bad_logs(void **state)
{
    (void)state;
    expect_import_error("hello\nworld\n", "t.log:1: ", "nothing recognisable");
    expect_import_error("", "t.log:1: ", "nothing recognisable");
    expect_import_error("\x7f" "ELF\x02\x01\x01\x00garbage\xff\xfe", "t.log:1: ",
                        "nothing recognisable");
    expect_import_error("type 16 bytes\nrc4 1000.00k\n", "t.log:1: ",
                        "only algorithms cryptobench does not have ('rc4')");
    expect_import_error("x\n+F:0:md5:1.00:2.00\n", "t.log:2: ", "before any +H");
    expect_import_error("+H:16:64\n+F:0:md5:1.00\n", "t.log:2: ", "1 values where +H gave 2");
    expect_import_error("+H:16\n+F:0:md5:abc\n", "t.log:2: ", "'abc' in the +F line");
    expect_import_error("+DT:md5:3:16\n+R:12x:md5:3.0\n", "t.log:2: ", "malformed +R");
    expect_import_error("+F2:0:2048:x:y\n", "t.log:1: ", "malformed +F2");
    expect_import_error("  sign verify sign/s verify/s\nrsa 2048 bits 0.1s 0.2s 1O.0 5.0\n",
                        "t.log:2: ", "'1O.0' in the sign/s column");
}

static void test_inline_forms(void **state)
{
    (void)state;
    char err[512];
    cb_import_opts o = no_opts();
    o.decrypt = 1;
    o.variant = "ce-i4";
    cb_csv_set *set = cb_csv_set_new();
    /* -decrypt applies to ciphers, not digests; 'aes-256 cbc' is the legacy name */
    assert_int_equal(import_text("You have chosen to measure elapsed time instead of user "
                                 "CPU time.\ntype 16 bytes\naes-256 cbc 1000.00k\n"
                                 "sha1 2000.00k\n", &o, set, err, sizeof err), 2);
    const cb_csv_row *r = cb_csv_set_row(set, 0);
    assert_string_equal(r->s.direction, "decrypt");
    assert_string_equal(r->s.variant, "ce-i4");
    assert_string_equal(r->run->timing, "wall");
    assert_string_equal(cb_csv_set_row(set, 1)->s.direction, "digest");
    cb_csv_set_free(set);

    /* +F2 in OpenSSL 1.x holds seconds per operation, in 3.x operations per second */
    o = no_opts();
    set = cb_csv_set_new();
    assert_int_equal(import_text("+F2:2:2048:0.002000:0.000050\n+F3:0:1024:500.0:400.0\n",
                                 &o, set, err, sizeof err), 4);
    assert_true(close_to(cb_csv_set_row(set, 0)->ops_per_sec, 500));
    assert_true(close_to(cb_csv_set_row(set, 1)->ops_per_sec, 20000));
    assert_string_equal(cb_csv_set_row(set, 2)->s.alg, "dsa1024");
    assert_true(close_to(cb_csv_set_row(set, 3)->ops_per_sec, 400));
    cb_csv_set_free(set);

    /* two tables of one log: two samples of each case, indexed 0 and 1 */
    set = cb_csv_set_new();
    assert_int_equal(import_text("type 16 bytes\nmd5 10.00k\n\ntype 16 bytes\nmd5 12.00k\n",
                                 &o, set, err, sizeof err), 2);
    assert_int_equal(cb_csv_set_row(set, 1)->s.sample_index, 1);
    /* the newer progress form for public key, progress lines without a table */
    assert_int_equal(import_text("Doing 2048 bits private rsa sign ops for 10s: 15211 2048 "
                                 "bits private RSA sign ops in 9.99s\n"
                                 "Doing 2048 bits sign dsa ops for 10s: 300 2048 bits DSA "
                                 "sign ops in 10.00s\n", &o, set, err, sizeof err), 2);
    assert_string_equal(cb_csv_set_row(set, 2)->s.alg, "rsa2048");
    assert_int_equal(cb_csv_set_row(set, 2)->s.iterations, 15211);
    assert_string_equal(cb_csv_set_row(set, 3)->s.alg, "dsa2048");
    cb_csv_set_free(set);
}

/* The import command writes a CSV compare reads, and writes nothing on failure. */
static void test_import_command(void **state)
{
    (void)state;
    char log[512];
    snprintf(log, sizeof log, "%s", data_path("graviton2-after.log"));
    const char *out = "/tmp/cb-test-import.csv";
    unlink(out);
    char *argv[] = {"import", log, "-o", (char *)out, NULL};
    fflush(stderr);
    int save = dup(2), fd = open("/dev/null", O_WRONLY);
    dup2(fd, 2);
    close(fd);
    int rc = cb_cmd_import(4, argv);
    char bad[512];
    snprintf(bad, sizeof bad, "%s", data_path("oe2013-before.csv"));
    char *argv2[] = {"import", bad, "-o", "/tmp/cb-test-import-bad.csv", NULL};
    int rc2 = cb_cmd_import(4, argv2);
    char *argv3[] = {"import", log, NULL};
    int rc3 = cb_cmd_import(2, argv3);
    dup2(save, 2);
    close(save);
    assert_int_equal(rc, 0);
    assert_int_equal(rc2, 2); /* a CSV is not a log: nothing recognisable */
    assert_int_equal(access("/tmp/cb-test-import-bad.csv", F_OK), -1);
    assert_int_equal(rc3, 2); /* no -o */
    char err[512];
    cb_csv_set *set = cb_csv_set_new();
    assert_int_equal(cb_csv_read_file(set, out, err, sizeof err), 0);
    assert_int_equal(cb_csv_set_count(set), 1);
    assert_true(close_to(cb_csv_set_row(set, 0)->bytes_per_sec, 1458665430));
    cb_csv_set_free(set);
    unlink(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openssl3_table_and_progress),
        cmocka_unit_test(test_openssl3_mr),
        cmocka_unit_test(test_openssl3_rsa),
        cmocka_unit_test(test_legacy_names_and_forms),
        cmocka_unit_test(test_tcrypt),
        cmocka_unit_test(test_bad_logs),
        cmocka_unit_test(test_inline_forms),
        cmocka_unit_test(test_import_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
