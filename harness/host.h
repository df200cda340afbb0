/*
 * harness/host.h - the conditions of a run that decide whether its numbers can be
 * trusted: which machine, which CPU, the frequency governor, the load.  Small
 * functions returning strings and numbers for the results file and `caps`.
 */
#ifndef CB_HOST_H
#define CB_HOST_H

#include <stddef.h>

/* cb_host_name writes the host name (or "unknown") into buf and returns buf. */
const char *cb_host_name(char *buf, size_t len);

/*
 * cb_host_cpu_model writes the CPU's name from /proc/cpuinfo into buf ("Intel(R)
 * Xeon(R) ...", "ARM Cortex-A72 (implementer 0x41, part 0xd08)", "POWER9 (raw),
 * altivec supported"); "unknown" when nothing names it.  Under qemu-user the
 * kernel's /proc/cpuinfo describes the host, so the text then says so:
 * "qemu-user on <host CPU>".
 */
const char *cb_host_cpu_model(char *buf, size_t len);

/* cb_host_cpu_model_from names the CPU described by cpuinfo, the text of a
 * /proc/cpuinfo from any architecture; "unknown" when nothing names it. */
const char *cb_host_cpu_model_from(const char *cpuinfo, char *buf, size_t len);

/* cb_host_governor writes cpu0's cpufreq scaling governor ("performance",
 * "powersave", ...) into buf, or "unavailable" when the kernel exposes none (VMs,
 * containers without /sys, qemu-user shows the host's). */
const char *cb_host_governor(char *buf, size_t len);

/* cb_host_loadavg returns the 1-minute load average, or -1 when unknown. */
double cb_host_loadavg(void);

/* cb_host_cpus returns the number of online CPUs, or 0 when unknown. */
long cb_host_cpus(void);

#endif
