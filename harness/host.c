/*
 * harness/host.c - host name, CPU model, frequency governor and load for the
 * results file.  Everything is read from /proc and /sys, so a missing file means
 * "unknown", never an error.
 */
#include "harness/host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/emu.h"
#include "harness/sysfile.h"

const char *cb_host_name(char *buf, size_t len)
{
    if (gethostname(buf, len) != 0 || buf[0] == '\0')
        snprintf(buf, len, "unknown");
    buf[len - 1] = '\0';
    return buf;
}

/* field finds "key<spaces/tabs>: value" at the start of a line of text and copies
 * the value into buf; NULL when no line has that exact key. */
static const char *field(const char *text, const char *key, char *buf, size_t len)
{
    size_t klen = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
        if (strncmp(line, key, klen) != 0)
            continue;
        const char *p = line + klen;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != ':')
            continue;
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, "\n");
        if (n == 0)
            continue;
        snprintf(buf, len, "%.*s", (int)n, p);
        return buf;
    }
    return NULL;
}

typedef struct arm_part {
    unsigned implementer, part;
    const char *name;
} arm_part;

/* MIDR implementer and part numbers from the cores' Technical Reference Manuals. */
static const arm_part arm_parts[] = {
    {0x41, 0xb76, "ARM1176"},           {0x41, 0xc07, "Cortex-A7"},
    {0x41, 0xc08, "Cortex-A8"},         {0x41, 0xc09, "Cortex-A9"},
    {0x41, 0xc0f, "Cortex-A15"},        {0x41, 0xd03, "Cortex-A53"},
    {0x41, 0xd04, "Cortex-A35"},        {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},        {0x41, 0xd08, "Cortex-A72"},
    {0x41, 0xd09, "Cortex-A73"},        {0x41, 0xd0a, "Cortex-A75"},
    {0x41, 0xd0b, "Cortex-A76"},        {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},        {0x41, 0xd40, "Neoverse-V1"},
    {0x41, 0xd41, "Cortex-A78"},        {0x41, 0xd44, "Cortex-X1"},
    {0x41, 0xd46, "Cortex-A510"},       {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},         {0x41, 0xd49, "Neoverse-N2"},
    {0x41, 0xd4f, "Neoverse-V2"},
};

static const char *arm_implementer(unsigned imp)
{
    switch (imp) {
    case 0x41: return "ARM";
    case 0x42: return "Broadcom";
    case 0x43: return "Cavium";
    case 0x48: return "HiSilicon";
    case 0x4e: return "NVIDIA";
    case 0x50: return "APM";
    case 0x51: return "Qualcomm";
    case 0x61: return "Apple";
    case 0xc0: return "Ampere";
    default: return "ARM-compatible";
    }
}

/* arm_model names an ARM core from its MIDR fields; NULL when cpuinfo lacks them. */
static const char *arm_model(const char *cpuinfo, char *buf, size_t len)
{
    char imp_s[32], part_s[32];
    if (!field(cpuinfo, "CPU implementer", imp_s, sizeof imp_s) ||
        !field(cpuinfo, "CPU part", part_s, sizeof part_s))
        return NULL;
    unsigned imp = (unsigned)strtoul(imp_s, NULL, 0), part = (unsigned)strtoul(part_s, NULL, 0);
    const char *core = "core";
    for (size_t i = 0; i < sizeof arm_parts / sizeof arm_parts[0]; i++)
        if (arm_parts[i].implementer == imp && arm_parts[i].part == part)
            core = arm_parts[i].name;
    snprintf(buf, len, "%s %s (implementer 0x%02x, part 0x%03x)", arm_implementer(imp), core,
             imp, part);
    return buf;
}

const char *cb_host_cpu_model_from(const char *cpuinfo, char *buf, size_t len)
{
    if (arm_model(cpuinfo, buf, len) || field(cpuinfo, "model name", buf, len) ||
        field(cpuinfo, "cpu", buf, len) || field(cpuinfo, "Hardware", buf, len))
        return buf;
    snprintf(buf, len, "unknown");
    return buf;
}

const char *cb_host_cpu_model(char *buf, size_t len)
{
    char cpuinfo[16384], model[256];
    if (cb_sysfile_read("/proc/cpuinfo", cpuinfo, sizeof cpuinfo) != 0)
        snprintf(model, sizeof model, "unknown");
    else
        cb_host_cpu_model_from(cpuinfo, model, sizeof model);
    if (strcmp(cb_emulator(), "qemu-user") == 0)
        snprintf(buf, len, "qemu-user on %s", model);
    else
        snprintf(buf, len, "%s", model);
    return buf;
}

const char *cb_host_governor(char *buf, size_t len)
{
    const char *path = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";
    if (cb_sysfile_read(path, buf, len) != 0) {
        snprintf(buf, len, "unavailable");
        return buf;
    }
    buf[strcspn(buf, "\n")] = '\0';
    return buf;
}

double cb_host_loadavg(void)
{
    char text[128];
    if (cb_sysfile_read("/proc/loadavg", text, sizeof text) != 0)
        return -1;
    char *end;
    double v = strtod(text, &end);
    return end == text ? -1 : v;
}

long cb_host_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? n : 0;
}
