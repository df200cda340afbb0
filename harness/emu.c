/*
 * harness/emu.c - emulator detection (see harness/emu.h and docs/platform.md).
 *
 * qemu-user intercepts open() of /proc/self/maps (and of /proc/<pid>/maps) to show
 * only the guest's mappings, but it compares the whole path with those spellings,
 * so /proc/self/task/<tid>/maps reaches the kernel and lists qemu's own executable.
 * /proc/sys/kernel/arch is not intercepted either.  Only positive evidence makes
 * the verdict "qemu-user"; "none" needs both facts to be readable and clean.
 */
#include "harness/emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/caps.h"
#include "harness/sysfile.h"

const char *cb_emu_qemu_mapping(const char *line, char *buf, size_t len)
{
    const char *path = strchr(line, '/');
    if (!path)
        return NULL;
    size_t n = strcspn(path, "\n");
    const char *base = path + n;
    while (base > path && base[-1] != '/')
        base--;
    if (strncmp(base, "qemu-", 5) != 0)
        return NULL;
    snprintf(buf, len, "%.*s", (int)n, path);
    return buf;
}

const char *cb_emu_cpuinfo_arch(const char *cpuinfo)
{
    if (strstr(cpuinfo, "vendor_id") && strstr(cpuinfo, "\nflags"))
        return "x86_64";
    if (strstr(cpuinfo, "CPU implementer"))
        return "arm";
    if (strstr(cpuinfo, "timebase"))
        return "ppc64";
    return NULL;
}

/* kernel_runs reports whether a kernel of machine kernel_arch runs build_arch code
 * natively (a 64-bit ARM kernel runs 32-bit ARM binaries too). */
static int kernel_runs(const char *kernel_arch, const char *build_arch)
{
    if (strcmp(build_arch, "arm") == 0)
        return strncmp(kernel_arch, "arm", 3) == 0 || strcmp(kernel_arch, "aarch64") == 0;
    if (strcmp(build_arch, "aarch64") == 0)
        return strcmp(kernel_arch, "aarch64") == 0 || strcmp(kernel_arch, "arm") == 0;
    if (strncmp(build_arch, "ppc64", 5) == 0)
        return strncmp(kernel_arch, "ppc64", 5) == 0;
    return strcmp(kernel_arch, build_arch) == 0;
}

const char *cb_emu_judge(const char *build_arch, const char *kernel_arch, int maps_read,
                         const char *qemu_path, char *why, size_t len)
{
    if (qemu_path) {
        snprintf(why, len, "%s is mapped into this process", qemu_path);
        return "qemu-user";
    }
    if (kernel_arch && !kernel_runs(kernel_arch, build_arch)) {
        snprintf(why, len,
                 "the kernel is %s but this binary is %s, so something translates it, "
                 "and no QEMU mapping was seen",
                 kernel_arch, build_arch);
        return "unknown";
    }
    if (!kernel_arch || !maps_read) {
        snprintf(why, len, "%s could not be read",
                 !maps_read ? "this thread's memory map" : "the kernel's architecture");
        return "unknown";
    }
    snprintf(why, len, "the %s kernel runs this %s binary and no emulator is mapped",
             kernel_arch, build_arch);
    return "none";
}

static const char *kernel_arch(char *buf, size_t len)
{
    if (cb_sysfile_read("/proc/sys/kernel/arch", buf, len) == 0) {
        buf[strcspn(buf, "\n")] = '\0';
        return buf;
    }
    char cpuinfo[8192];
    if (cb_sysfile_read("/proc/cpuinfo", cpuinfo, sizeof cpuinfo) != 0)
        return NULL;
    return cb_emu_cpuinfo_arch(cpuinfo);
}

/* scan_maps looks for a qemu-user mapping; returns 0 when the map was read. */
static int scan_maps(char *found, size_t len, const char **qemu_path)
{
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/self/task/%ld/maps", (long)syscall(SYS_gettid));
    FILE *f = fopen(path, "r");
    *qemu_path = NULL;
    if (!f)
        return -1;
    while (!*qemu_path && fgets(line, sizeof line, f))
        *qemu_path = cb_emu_qemu_mapping(line, found, len);
    fclose(f);
    return 0;
}

static char verdict_why[256];
static const char *verdict;

static void judge_once(void)
{
    if (verdict)
        return;
    char arch_buf[64], qemu_buf[256];
    const char *qemu_path;
    int maps_read = scan_maps(qemu_buf, sizeof qemu_buf, &qemu_path) == 0;
    verdict = cb_emu_judge(cb_caps_arch_name(), kernel_arch(arch_buf, sizeof arch_buf),
                           maps_read, qemu_path, verdict_why, sizeof verdict_why);
}

const char *cb_emulator(void)
{
    judge_once();
    return verdict;
}

const char *cb_emulator_evidence(void)
{
    judge_once();
    return verdict_why;
}
