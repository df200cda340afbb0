/*
 * tests/test_elf.c - the check of a library file before the dynamic loader maps it
 * (kernels/libcrypto/elf.c): copies of a real shared library of this machine (the
 * system libcrypto.so.3, else libc.so.6) cut at several lengths or with one header
 * field changed, another machine's library, garbage, an empty file; and the search
 * of LD_LIBRARY_PATH that picks the file the loader would take.
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernels/libcrypto/elf.h"
#include "tests/support.h"

static char tmpdir[] = "/tmp/cb-elf-XXXXXX";
static unsigned char *lib;   /* the real library's bytes */
static size_t libsize;
static char libpath[4096];

/* find_library: the system libcrypto as the loader finds it, else the libc this test
 * runs on (any build with a loader has that one); 0 when neither can be named. */
static int find_library(void)
{
    struct link_map *lm = NULL;
    void *h = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (h && dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name[0]) {
        snprintf(libpath, sizeof libpath, "%s", lm->l_name);
        return 1;
    }
    /* in a static build (linux-ppc64) printf is in this program, no shared library */
    Dl_info info;
    struct stat lib_st, self_st;
    if (dladdr((void *)&printf, &info) && info.dli_fname && strchr(info.dli_fname, '/') &&
        stat(info.dli_fname, &lib_st) == 0 && stat("/proc/self/exe", &self_st) == 0 &&
        (lib_st.st_dev != self_st.st_dev || lib_st.st_ino != self_st.st_ino)) {
        snprintf(libpath, sizeof libpath, "%s", info.dli_fname);
        return 1;
    }
    return 0;
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(tmpdir))
        return -1;
    if (!find_library())
        return 0; /* the tests that need a library skip, saying so */
    FILE *f = fopen(libpath, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0)
        return -1;
    libsize = (size_t)st.st_size;
    lib = malloc(libsize);
    size_t got = lib ? fread(lib, 1, libsize, f) : 0;
    fclose(f);
    return got == libsize ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    free(lib);
    return system(cmd) == 0 ? 0 : -1;
}

static void need_library(void)
{
    if (!lib) {
        print_message("no shared library of this machine to copy (no libcrypto.so.3, "
                      "and this build has no loader): UNAVAILABLE\n");
        skip();
    }
}

/* write_file writes n bytes of data to dir/name and returns the path (static). */
static const char *write_file(const char *dir, const char *name, const void *data, size_t n)
{
    static char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* copy_patched writes the library's first n bytes to name with len bytes at off
 * replaced by patch (len 0: none). */
static const char *copy_patched(const char *name, size_t n, size_t off, const void *patch,
                                size_t len)
{
    unsigned char *b = malloc(n ? n : 1);
    assert_non_null(b);
    memcpy(b, lib, n);
    if (len)
        memcpy(b + off, patch, len);
    const char *p = write_file(tmpdir, name, b, n);
    free(b);
    return p;
}

/* check expects answer and a message that starts with the quoted path and holds
 * want. */
static void check(const char *path, int answer, const char *want)
{
    char err[1024] = "", quoted[4300];
    assert_int_equal(cb_elf_check(path, err, sizeof err), answer);
    if (answer == CB_ELF_OK)
        return;
    snprintf(quoted, sizeof quoted, "'%s' ", path);
    if (strncmp(err, quoted, strlen(quoted)) != 0 && !strstr(err, path))
        fail_msg("the message does not name %s: %s", path, err);
    if (!strstr(err, want))
        fail_msg("'%s' expected in: %s", want, err);
}

static void test_whole_library(void **state)
{
    (void)state;
    need_library();
    check(libpath, CB_ELF_OK, "");
    check(copy_patched("whole.so", libsize, 0, NULL, 0), CB_ELF_OK, "");
}

/* Cut copies: the message says what the cut took away, with the file's length. */
static void test_truncated(void **state)
{
    (void)state;
    need_library();
    check(copy_patched("empty.so", 0, 0, NULL, 0), CB_ELF_BAD,
          "is not an ELF shared library: the file is empty");
    check(copy_patched("three.so", 3, 0, NULL, 0), CB_ELF_BAD,
          "does not begin with the ELF magic number");
    size_t ehsize = lib[EI_CLASS] == ELFCLASS64 ? 64 : 52;
    char want[128];
    snprintf(want, sizeof want, "is truncated: its ELF header needs %zu bytes, the file has "
             "30", ehsize);
    check(copy_patched("thirty.so", 30, 0, NULL, 0), CB_ELF_BAD, want);
    check(copy_patched("header.so", ehsize + 10, 0, NULL, 0), CB_ELF_BAD,
          "is truncated: its program headers need ");
    /* the cut (100000 bytes), half the file and all but its last segment byte */
    size_t cuts[] = {100000, libsize / 2};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        if (cuts[i] >= libsize)
            continue;
        char err[1024];
        const char *p = copy_patched("cut.so", cuts[i], 0, NULL, 0);
        assert_int_equal(cb_elf_check(p, err, sizeof err), CB_ELF_BAD);
        unsigned long long need = 0, has = 0;
        const char *m = strstr(err, "is truncated: its segments need ");
        if (!m || sscanf(m, "is truncated: its segments need %llu bytes, the file has %llu",
                         &need, &has) != 2)
            fail_msg("cut at %zu: %s", cuts[i], err);
        assert_int_equal(has, cuts[i]);
        assert_true(need > cuts[i] && need <= libsize);
        /* the segments' end is exact: one byte short of it is refused, it is not */
        check(copy_patched("short.so", (size_t)need - 1, 0, NULL, 0), CB_ELF_BAD,
              "is truncated: its segments need ");
        check(copy_patched("need.so", (size_t)need, 0, NULL, 0), CB_ELF_OK, "");
    }
}

/* this build's machine name, for the expected messages */
static const char *host_name(void)
{
    static char buf[32];
    return cb_elf_machine_name(cb_elf_host_machine(), buf, sizeof buf);
}

static void test_machine_names(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(cb_elf_machine_name(EM_AARCH64, buf, sizeof buf), "aarch64");
    assert_string_equal(cb_elf_machine_name(EM_X86_64, buf, sizeof buf), "x86-64");
    assert_string_equal(cb_elf_machine_name(9999, buf, sizeof buf), "machine 9999");
}

/* One identification field changed: another machine, class, byte order, type. */
static void test_foreign_and_wrong_type(void **state)
{
    (void)state;
    need_library();
    int big = lib[EI_DATA] == ELFDATA2MSB;
    unsigned other = cb_elf_host_machine() == EM_AARCH64 ? EM_X86_64 : EM_AARCH64;
    unsigned char em[2] = {(unsigned char)(big ? other >> 8 : other),
                           (unsigned char)(big ? other : other >> 8)};
    char want[128], buf[32];
    snprintf(want, sizeof want, "is built for %s, this cryptobench is %s",
             cb_elf_machine_name(other, buf, sizeof buf), host_name());
    check(copy_patched("machine.so", libsize, 18, em, 2), CB_ELF_FOREIGN, want);
    unsigned char cls = lib[EI_CLASS] == ELFCLASS64 ? ELFCLASS32 : ELFCLASS64;
    check(copy_patched("class.so", libsize, EI_CLASS, &cls, 1), CB_ELF_FOREIGN,
          cls == ELFCLASS32 ? "is a 32-bit " : "is a 64-bit ");
    unsigned char exec[2] = {big ? 0 : ET_EXEC, big ? ET_EXEC : 0};
    check(copy_patched("exec.so", libsize, 16, exec, 2), CB_ELF_BAD,
          "is not an ELF shared library: it is an executable");
    size_t phentsize_at = lib[EI_CLASS] == ELFCLASS64 ? 54 : 42;
    unsigned char ph[2] = {12, 0};
    check(copy_patched("phent.so", libsize, phentsize_at, ph, 2), CB_ELF_BAD,
          "is not a valid ELF shared library: its header gives");
}

/* A real library of another machine, where the cross toolchain put one. */
static void test_other_machine_file(void **state)
{
    (void)state;
    const char *other = cb_elf_host_machine() == EM_AARCH64
                            ? "/usr/lib/x86_64-linux-gnu/libcrypto.so.3"
                            : "/usr/aarch64-linux-gnu/lib/libc.so.6";
    if (access(other, R_OK) != 0) {
        print_message("no %s (the cross toolchain's) to try: UNAVAILABLE\n", other);
        skip();
    }
    char want[128];
    snprintf(want, sizeof want, "is built for %s, this cryptobench is %s",
             cb_elf_host_machine() == EM_AARCH64 ? "x86-64" : "aarch64", host_name());
    check(other, CB_ELF_FOREIGN, want);
}

static void test_garbage(void **state)
{
    (void)state;
    uint8_t junk[4096];
    tu_fill(junk, sizeof junk, 28);
    junk[0] = 'J'; /* not 0x7f, whatever the pattern gives */
    check(write_file(tmpdir, "junk.so", junk, sizeof junk), CB_ELF_BAD,
          "does not begin with the ELF magic number");
    memcpy(junk, ELFMAG, SELFMAG); /* the magic, then garbage */
    junk[EI_CLASS] = 7;
    check(write_file(tmpdir, "magic.so", junk, sizeof junk), CB_ELF_BAD,
          "its ELF identification is corrupt (class 7");
    check(write_file(tmpdir, "text.so", "not a library\n", 14), CB_ELF_BAD,
          "does not begin with the ELF magic number");
    check(write_file(tmpdir, "nothing.so", "", 0), CB_ELF_BAD, "the file is empty");
    check(tmpdir, CB_ELF_BAD, "is not a regular file");
    char none[4200];
    snprintf(none, sizeof none, "%s/none.so", tmpdir);
    check(none, CB_ELF_BAD, "No such file or directory");
}

/* LD_LIBRARY_PATH's directories in order: a foreign file is passed over as the
 * loader passes it over; a broken one is the loader's choice, and refused. */
static void test_search(void **state)
{
    (void)state;
    need_library();
    char good[4200], bad[4200], foreign[4200], empty[4200], env[17000], path[4300];
    char err[1024];
    const char *dirs[] = {good, bad, foreign, empty};
    const char *names[] = {"good", "bad", "foreign", "empty"};
    for (size_t i = 0; i < 4; i++) {
        snprintf((char *)dirs[i], 4200, "%s/%s", tmpdir, names[i]);
        if (mkdir(dirs[i], 0700) != 0)
            fail_msg("mkdir %s: %s", dirs[i], strerror(errno));
    }
    write_file(good, "libx.so.3", lib, libsize);
    write_file(bad, "libx.so.3", lib, libsize / 2);
    unsigned char *b = malloc(libsize);
    assert_non_null(b);
    memcpy(b, lib, libsize);
    b[18] ^= 0x55, b[19] ^= 0x55; /* another machine */
    write_file(foreign, "libx.so.3", b, libsize);
    free(b);

    snprintf(env, sizeof env, "%s:%s", empty, good);
    setenv("LD_LIBRARY_PATH", env, 1);
    assert_int_equal(cb_elf_find("libx.so.3", path, sizeof path, err, sizeof err), 1);
    assert_true(strncmp(path, good, strlen(good)) == 0);

    snprintf(env, sizeof env, "%s;%s:%s", foreign, bad, good);
    setenv("LD_LIBRARY_PATH", env, 1);
    assert_int_equal(cb_elf_find("libx.so.3", path, sizeof path, err, sizeof err), -1);
    assert_non_null(strstr(err, bad));
    assert_non_null(strstr(err, "is truncated: its segments need"));

    snprintf(env, sizeof env, "%s:%s", foreign, good);
    setenv("LD_LIBRARY_PATH", env, 1);
    assert_int_equal(cb_elf_find("libx.so.3", path, sizeof path, err, sizeof err), 1);
    assert_true(strncmp(path, good, strlen(good)) == 0);

    setenv("LD_LIBRARY_PATH", empty, 1);
    assert_int_equal(cb_elf_find("libx.so.3", path, sizeof path, err, sizeof err), 0);
    unsetenv("LD_LIBRARY_PATH");
    assert_int_equal(cb_elf_find("libx.so.3", path, sizeof path, err, sizeof err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_library),     cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_machine_names),     cmocka_unit_test(test_foreign_and_wrong_type),
        cmocka_unit_test(test_other_machine_file), cmocka_unit_test(test_garbage),
        cmocka_unit_test(test_search),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
