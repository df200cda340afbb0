/*
 * cli/cmd_caps.c - `cryptobench caps`: what this CPU offers, what the mask leaves,
 * where the mask came from, whether an emulator runs us, and which variant `auto`
 * picks for every algorithm and direction.  `-mr` prints the same as stable
 * "key value" lines that scripts (the dispatch tests) read.  `-probe` asks the
 * instructions themselves whether detection is right (harness/probe.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/libopts.h"
#include "base/caps.h"
#include "base/common.h"
#include "harness/emu.h"
#include "harness/guard.h"
#include "harness/host.h"
#include "harness/runinfo.h"
#include "harness/probe.h"
#include "kernels/registry.h"

static void caps_usage(FILE *f)
{
    fprintf(f,
            "usage: cryptobench caps [-mr] [-force-caps] [-probe] [-lib NAME=PATH]\n"
            "       cryptobench caps -sweep -evp ALG ... (caps -sweep -h says more)\n\n"
            "Prints the CPU capabilities detected at run time, the effective set after\n"
            "the mask (CRYPTOBENCH_CAPS, or OpenSSL's OPENSSL_armcap / OPENSSL_ppccap /\n"
            "OPENSSL_ia32cap), where the mask came from, whether the process runs under\n"
            "an emulator, and the variant 'auto' picks for every algorithm and direction.\n"
            "  -mr          machine-readable 'key value' lines:\n"
            "                 arch A | build CONFIG | emulator E | cpu MODEL\n"
            "                 detected LIST | effective LIST | mask TEXT | mask_source S\n"
            "                 auto ALGORITHM DIRECTION VARIANT   (VARIANT 'none' if no\n"
            "                 variant can run)\n"
            "  -force-caps  let the mask add capabilities the CPU lacks\n"
            "Loaded libraries (the system libcrypto as openssl, and -lib) are listed with\n"
            "their version, path and environment (-mr: library NAME KEY VALUE lines).\n"
            CB_LIBOPTS_USAGE
            "  -probe       for every capability, run a variant that needs it (its quick\n"
            "               known-answer check, under a fault guard) and say whether the\n"
            "               CPU executes the instructions, whatever detection or the mask\n"
            "               say; exit 1 when that contradicts detection\n"
            "CRYPTOBENCH_CAPS is a comma-separated list: -x removes x, +x adds it back,\n"
            "'none' removes all, bare names mean exactly these; names ignore case.\n"
            "When both CRYPTOBENCH_CAPS and the OpenSSL variable are set, the OpenSSL\n"
            "variable applies first and CRYPTOBENCH_CAPS edits its result.\n"
            "Exit status 2 when a mask is malformed or asks for what the CPU lacks;\n"
            "with -probe, 1 when a capability is detected but faults or gives wrong\n"
            "answers, or is not detected but its instructions run right.\n");
}

static const char *auto_name(const cb_alg *a, cb_dir d, cb_caps caps)
{
    const cb_variant *v = cb_variant_auto(a, d, caps);
    return v ? v->name : "none";
}

static void print_mr(void)
{
    char buf[512];
    cb_caps eff = cb_caps_effective();
    printf("arch %s\n", cb_caps_arch_name());
    printf("build %s\n", cb_build_config);
    printf("emulator %s\n", cb_emulator());
    printf("cpu %s\n", cb_host_cpu_model(buf, sizeof buf));
    printf("detected %s\n", cb_caps_format(cb_caps_detected(), buf, sizeof buf));
    printf("effective %s\n", cb_caps_format(eff, buf, sizeof buf));
    printf("mask %s\n", cb_caps_mask_text());
    printf("mask_source %s\n", cb_caps_mask_source());
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        cb_dir dirs[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(a, dirs);
        for (size_t d = 0; d < nd; d++)
            printf("auto %s %s %s\n", a->name, cb_dir_name(dirs[d]), auto_name(a, dirs[d], eff));
    }
}

static void print_caps_table(cb_caps eff)
{
    size_t n;
    const cb_cap_name *t = cb_caps_table(&n);
    cb_caps det = cb_caps_detected();
    printf("capabilities   detected  effective\n");
    for (size_t i = 0; i < n; i++)
        printf("  %-12s %-9s %-9s %s\n", t[i].name, (det & t[i].bit) ? "yes" : "no",
               (eff & t[i].bit) ? "yes" : "no", t[i].what);
    if (n == 0)
        printf("  (cryptobench knows no capabilities of this architecture)\n");
}

static void print_auto_table(cb_caps eff)
{
    printf("auto picks\n");
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        cb_dir dirs[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(a, dirs);
        char picks[128] = "";
        size_t len = 0;
        for (size_t d = 0; d < nd && len < sizeof picks; d++)
            len += (size_t)snprintf(picks + len, sizeof picks - len, "%s%s %s", d ? ", " : "",
                                    cb_dir_name(dirs[d]), auto_name(a, dirs[d], eff));
        printf("  %-16s %s\n", a->name, picks);
    }
}

static void print_human(void)
{
    char buf[512];
    cb_caps eff = cb_caps_effective();
    printf("architecture   %s (build %s)\n", cb_caps_arch_name(), cb_build_config);
    printf("cpu            %s\n", cb_host_cpu_model(buf, sizeof buf));
    printf("emulator       %s: %s\n", cb_emulator(), cb_emulator_evidence());
    printf("detected       %s\n", cb_caps_format(cb_caps_detected(), buf, sizeof buf));
    printf("effective      %s\n", cb_caps_format(eff, buf, sizeof buf));
    printf("mask           %s (source: %s)\n", cb_caps_mask_text(), cb_caps_mask_source());
    print_caps_table(eff);
    print_auto_table(eff);
}

/* print_libraries lists the loaded libraries: what each is and what it was told. */
static void print_libraries(int mr)
{
    int any = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        const cb_alg_impl *m = cb_variant_impl(v);
        if (!cb_lib_is_library(v) || !m)
            continue;
        char env[256], shown[3][CB_PRINTABLE_LEN * 2];
        cb_variant_env(v, env, sizeof env);
        /* the library's own strings, made safe for a terminal */
        const char *path = cb_printable(m->library, shown[0], sizeof shown[0]);
        const char *version = cb_printable(m->version, shown[1], sizeof shown[1]);
        const char *envs = cb_printable(env, shown[2], sizeof shown[2]);
        size_t offered = 0;
        for (size_t j = 0; j < cb_alg_count(); j++)
            offered += cb_variant_offers_any(v, cb_alg_at(j)) != 0;
        if (mr) {
            printf("library %s path %s\nlibrary %s version %s\nlibrary %s env %s\n"
                   "library %s algorithms %zu\n", v->name, path, v->name, version,
                   v->name, env[0] ? envs : "none", v->name, offered);
            continue;
        }
        if (!any++)
            printf("\nlibraries\n");
        printf("  %-12s %s (%s), %zu algorithms, environment: %s\n", v->name, version, path,
               offered, env[0] ? envs : "as the process's");
    }
}

/* probe_verdict says what one probe means next to detection; *bad is set when the
 * two disagree. */
static const char *probe_verdict(int detected, const char *name, const cb_probe_result *r,
                                 int *bad, char *buf, size_t len)
{
    switch (r->outcome) {
    case CB_PROBE_RUNS:
        if (detected)
            return "ok";
        *bad = 1;
        snprintf(buf, len, "NOT DETECTED, yet the instructions run and give the known "
                 "answers: detection is wrong here (CRYPTOBENCH_CAPS=+%s with -force-caps "
                 "uses them)", name);
        return buf;
    case CB_PROBE_FAULT:
        if (!detected)
            return "absent, as detected";
        *bad = 1;
        return "DETECTED, yet the instructions fault";
    case CB_PROBE_WRONG:
        *bad = 1;
        return "the instructions run but give WRONG answers";
    case CB_PROBE_UNTESTED:
        break;
    }
    return "not probed";
}

/* print_probe probes every capability of this architecture; 1 when any probe
 * contradicts detection. */
static int print_probe(int mr)
{
    size_t n;
    const cb_cap_name *t = cb_caps_table(&n);
    cb_caps det = cb_caps_detected();
    int bad = 0;
    if (!mr)
        printf("probe (each capability's instructions run under a fault guard)\n"
               "  %-12s %-9s %-10s %-28s %s\n", "capability", "detected", "executes",
               "checked with", "verdict");
    for (size_t i = 0; i < n; i++) {
        cb_probe_result r;
        int d = (det & t[i].bit) != 0, was_bad = bad;
        fflush(stdout);
        cb_probe_cap(t[i].bit, det, &r);
        char vbuf[200];
        const char *verdict = probe_verdict(d, t[i].name, &r, &bad, vbuf, sizeof vbuf);
        const char *ran = r.outcome == CB_PROBE_RUNS     ? "yes"
                          : r.outcome == CB_PROBE_WRONG  ? "wrong"
                          : r.outcome == CB_PROBE_FAULT  ? cb_guard_signame(r.sig)
                                                         : "-";
        char with[64];
        snprintf(with, sizeof with, "%s%s%s", r.var ? r.var->name : "-", r.var ? " " : "",
                 r.alg ? r.alg->name : "");
        if (mr) {
            printf("probe %s %s %s %s %s\n", t[i].name, d ? "yes" : "no", ran,
                   r.var ? r.var->name : "-", bad != was_bad ? "mismatch" : "consistent");
            continue;
        }
        printf("  %-12s %-9s %-10s %-28s %s", t[i].name, d ? "yes" : "no", ran, with,
               verdict);
        if (r.detail[0])
            printf(" (%s)", r.detail);
        putchar('\n');
    }
    if (n == 0 && !mr)
        printf("  (cryptobench knows no capabilities of this architecture)\n");
    return bad;
}

int cb_cmd_caps(int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "caps"};
    int mr = 0, force = 0, probe = 0, r;
    cb_libopts libs = {0};
    for (int i = 1; i < argc; i++)
        if (cb_args_is(argv[i], "sweep"))
            return cb_caps_sweep(argc, argv);
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            caps_usage(stdout);
            return CB_EXIT_OK;
        }
        if (cb_args_flag(&a, "mr")) {
            mr = 1;
            continue;
        }
        if (cb_args_flag(&a, "force-caps")) {
            force = 1;
            continue;
        }
        if (cb_args_flag(&a, "probe")) {
            probe = 1;
            continue;
        }
        if ((r = cb_libopts_take(&a, &libs)) != 0) {
            if (r < 0)
                return CB_EXIT_USAGE;
            continue;
        }
        cb_error("caps: unknown option '%s'; the options are -mr, -force-caps, -probe, "
                 "-lib NAME=PATH and -lib-env NAME:VAR=VALUE.", argv[a.i]);
        return CB_EXIT_USAGE;
    }
    char err[512];
    if (cb_caps_init(force, err, sizeof err) != 0) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    if (cb_libopts_load(&libs, "caps", NULL, 1) != 0)
        return CB_EXIT_USAGE;
    if (mr)
        print_mr();
    else
        print_human();
    print_libraries(mr);
    if (probe) {
        if (!mr)
            putchar('\n');
        return print_probe(mr) ? CB_EXIT_FAIL : CB_EXIT_OK;
    }
    return CB_EXIT_OK;
}
