/*
 * tests/test_outfile.c - base/outfile.c: what a result file may replace, and how.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/outfile.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/cb-outfile-XXXXXX");
    assert_non_null(mkdtemp(dir));
    umask(022);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *at(const char *name)
{
    static char p[4][128];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *slurp(const char *path)
{
    static char buf[256];
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* write_out writes text to path through an outfile: 0, or -1 with err. */
static int write_out(const char *path, const char *text, int *changed, char *err, size_t len)
{
    cb_outfile *o = cb_outfile_open(path, "CSV file", err, len);
    if (!o)
        return -1;
    fputs(text, cb_outfile_stream(o));
    return cb_outfile_commit(o, changed, err, len);
}

/* no_temporaries: nothing hidden was left in the folder. */
static int no_temporaries(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int clean = 1;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            clean = 0;
    closedir(d);
    return clean;
}

static void test_regular_file_and_mode(void **state)
{
    (void)state;
    char err[512];
    int changed = -1;
    assert_int_equal(write_out(at("new.csv"), "a,b\n", &changed, err, sizeof err), 0);
    assert_string_equal(slurp(at("new.csv")), "a,b\n");
    assert_int_equal(changed, 0);
    struct stat st;
    assert_int_equal(stat(at("new.csv"), &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644); /* the umask's, not mkstemp's 0600 */
    assert_int_equal(write_out(at("new.csv"), "c\n", &changed, err, sizeof err), 0);
    assert_string_equal(slurp(at("new.csv")), "c\n");
    assert_true(no_temporaries());
}

static void test_refuses_what_is_not_a_regular_file(void **state)
{
    (void)state;
    char err[512];
    /* as root, replacing /dev/null with a regular file would break the machine */
    assert_null(cb_outfile_open("/dev/null", "CSV file", err, sizeof err));
    assert_non_null(strstr(err, "is a character device"));
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    assert_int_equal(mkfifo(at("fifo"), 0600), 0);
    assert_null(cb_outfile_open(at("fifo"), "JSON file", err, sizeof err));
    assert_non_null(strstr(err, "JSON file"));
    assert_non_null(strstr(err, "is a fifo"));
    assert_int_equal(mkdir(at("adir"), 0700), 0);
    assert_null(cb_outfile_open(at("adir"), "CSV file", err, sizeof err));
    assert_non_null(strstr(err, "is a directory"));
    /* a folder that is missing, or where nothing can be created (/proc, even as root) */
    assert_null(cb_outfile_open(at("nowhere/x.csv"), "CSV file", err, sizeof err));
    assert_non_null(strstr(err, "no file can be created in the folder"));
    assert_null(cb_outfile_open("/proc/cb-x.json", "JSON file", err, sizeof err));
    assert_null(cb_outfile_open("", "CSV file", err, sizeof err));
    assert_null(cb_outfile_open("dir/", "CSV file", err, sizeof err));
    assert_true(no_temporaries());
}

static void test_links_are_followed(void **state)
{
    (void)state;
    char err[512];
    put(at("real.csv"), "old\n");
    assert_int_equal(symlink("real.csv", at("link.csv")), 0);
    assert_int_equal(write_out(at("link.csv"), "new\n", NULL, err, sizeof err), 0);
    struct stat st;
    assert_int_equal(lstat(at("link.csv"), &st), 0);
    assert_true(S_ISLNK(st.st_mode)); /* the link stays */
    assert_string_equal(slurp(at("real.csv")), "new\n");
    /* a link to a file that does not exist yet creates it */
    assert_int_equal(symlink("later.csv", at("dangling.csv")), 0);
    assert_int_equal(write_out(at("dangling.csv"), "x\n", NULL, err, sizeof err), 0);
    assert_string_equal(slurp(at("later.csv")), "x\n");
    /* a link to a device is a device */
    assert_int_equal(symlink("/dev/null", at("null.csv")), 0);
    assert_null(cb_outfile_open(at("null.csv"), "CSV file", err, sizeof err));
    assert_int_equal(symlink("loop2", at("loop1")), 0);
    assert_int_equal(symlink("loop1", at("loop2")), 0);
    assert_null(cb_outfile_open(at("loop1"), "CSV file", err, sizeof err));
}

static void test_changed_under_us_and_abort(void **state)
{
    (void)state;
    char err[512];
    put(at("shared.csv"), "first\n");
    cb_outfile *o = cb_outfile_open(at("shared.csv"), "CSV file", err, sizeof err);
    assert_non_null(o);
    put(at("other.tmp"), "another run's results\n");
    assert_int_equal(rename(at("other.tmp"), at("shared.csv")), 0);
    fputs("mine\n", cb_outfile_stream(o));
    int changed = 0;
    assert_int_equal(cb_outfile_commit(o, &changed, err, sizeof err), 0);
    assert_int_equal(changed, 1);
    o = cb_outfile_open(at("gone.csv"), "CSV file", err, sizeof err);
    assert_non_null(o);
    cb_outfile_abort(o);
    assert_int_equal(access(at("gone.csv"), F_OK), -1);
    assert_true(no_temporaries());
}

static void test_same_path(void **state)
{
    (void)state;
    put(at("in.log"), "x\n");
    assert_int_equal(symlink("in.log", at("alias.log")), 0);
    assert_true(cb_path_same(at("in.log"), at("alias.log")));
    assert_true(cb_path_same(at("in.log"), at("./in.log")));
    assert_true(cb_path_same(at("future.csv"), at("adir2/../future.csv")) ||
                access(at("adir2"), F_OK) != 0);
    assert_true(cb_path_same(at("a.csv"), at("a.csv")));
    assert_false(cb_path_same(at("a.csv"), at("b.csv")));
    assert_false(cb_path_same("-", "-"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regular_file_and_mode),
        cmocka_unit_test(test_refuses_what_is_not_a_regular_file),
        cmocka_unit_test(test_links_are_followed),
        cmocka_unit_test(test_changed_under_us_and_abort),
        cmocka_unit_test(test_same_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
