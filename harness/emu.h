/*
 * harness/emu.h - tells whether this process runs under a user-mode emulator, so
 * results measured under QEMU are marked as such (their times say nothing about
 * hardware).
 *
 * The verdict rests on two facts the emulator does not rewrite (docs/platform.md
 * explains why, and the limits): the mappings the kernel lists for this thread in
 * /proc/self/task/<tid>/maps, where qemu-user's own executable shows up, and the
 * kernel's architecture (/proc/sys/kernel/arch, else the shape of /proc/cpuinfo),
 * which differs from the binary's under any cross-architecture translator.
 * uname(2) is no help: qemu-user rewrites its machine field.
 */
#ifndef CB_EMU_H
#define CB_EMU_H

#include <stddef.h>

/* cb_emulator returns "qemu-user", "none" or "unknown" (computed once). */
const char *cb_emulator(void);

/* cb_emulator_evidence returns one sentence saying what the verdict rests on. */
const char *cb_emulator_evidence(void);

/*
 * cb_emu_judge is the decision behind cb_emulator, given the facts: build_arch as
 * cb_caps_arch_name spells it; kernel_arch the kernel's machine name ("x86_64",
 * "aarch64", "armv7l", "ppc64le", ...; NULL when unknown); maps_read whether this
 * thread's memory map could be read; qemu_path the file of a qemu-user mapping
 * found there (NULL if none).  Writes the evidence sentence into why.
 */
const char *cb_emu_judge(const char *build_arch, const char *kernel_arch, int maps_read,
                         const char *qemu_path, char *why, size_t len);

/* cb_emu_qemu_mapping returns the path in one /proc/<pid>/maps line when it maps a
 * qemu-user executable (a file whose name starts with "qemu-"), else NULL; the
 * path is copied into buf. */
const char *cb_emu_qemu_mapping(const char *line, char *buf, size_t len);

/* cb_emu_cpuinfo_arch guesses the kernel's architecture family from /proc/cpuinfo
 * text: "x86_64", "arm" (32- or 64-bit ARM), "ppc64" or NULL. */
const char *cb_emu_cpuinfo_arch(const char *cpuinfo);

#endif
