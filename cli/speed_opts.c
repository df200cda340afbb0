/*
 * cli/speed_opts.c - the `speed` command line: OpenSSL's options (-evp, -hmac,
 * -seconds, -bytes, -decrypt, -aead, -mr, -multi, -elapsed, -misalign) and ours, each
 * value checked with one sentence naming it and what would be accepted.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/speed.h"
#include "base/common.h"
#include "harness/host.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"
#include "reports/styles.h"

static const size_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

static void speed_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench speed [options] [algorithm...]\n"
        "\n"
        "Times algorithms over a sweep of block sizes, like `openssl speed`.  Each\n"
        "variant is checked against known answers before it is timed.  With no\n"
        "algorithm named, all are timed (those having a -variant named, if any).\n"
        "\n"
        "  -evp NAME          algorithm to time (repeatable; positional names work too)\n"
        "  -hmac DIGEST       time hmac(DIGEST), as OpenSSL 3 (same as -evp 'hmac(DIGEST)')\n"
        "  -seconds S         fixed time per case, as OpenSSL (fractions allowed);\n"
        "                     default: sample until the median is known to +-1%%\n"
        "  -samples N         samples per case with -seconds or -iterations (default 5)\n"
        "  -iterations N      every sample exactly N operations, after one warm-up batch\n"
        "                     of N: for counting instructions under an emulator\n"
        "  -precision P       precision goal in percent without -seconds (default 1)\n"
        "  -bytes N[,N...]    block sizes (default 16,64,256,1024,8192,16384)\n"
        "  -decrypt           time decryption instead of encryption\n"
        "  -aead              13 bytes of AAD per GCM message, as TLS\n"
        "  -misalign N        offset buffers N bytes (0..64) from 64-byte alignment\n"
        "  -inplace           output over the input (default: separate buffers)\n"
        "  -variant LIST      auto (default), all, or variant names separated by commas\n"
        "  -force-caps        allow CRYPTOBENCH_CAPS / OPENSSL_*cap to add capabilities\n"
        "                     the CPU lacks; kernels then run under a fault guard\n"
        "  -elapsed           wall-clock time instead of CPU time\n"
        "  -cpu N             pin the process to CPU N\n"
        "  -multi N           N workers pinned to distinct CPUs, started together; the\n"
        "                     table shows their sum (OpenSSL's meaning), then each.\n"
        "                     With -csv every worker's samples (columns workers and\n"
        "                     worker), with -json each worker's figures, with -compare\n"
        "                     each worker alternates the variants; not with -cpu\n"
        "  -cycles[=MODE]     count cycles: perf events (n/a where not allowed);\n"
        "                     =required refuses to run without them; =tsc (x86-64\n"
        "                     reference cycles), =timebase (POWER timebase ticks)\n"
        "  -mr                machine-readable output (OpenSSL's +DT/+R/+H/+F lines)\n"
        "  -csv FILE          write every sample to FILE (written atomically)\n"
        "  -json FILE         write each case's median, 95%% interval, spread and\n"
        "                     precision verdict to FILE\n"
        "  -compare           with -variant A,B: sample A and B alternately (ABAB) and\n"
        "                     print the before/after table (A before, B after)\n"
        "  -style NAME        the table for -compare (default %s), or a format:\n",
        cb_compare_style_at(0)->name);
    cb_compare_style_usage(f, CB_STYLE_TEXT, "      ");
    cb_compare_style_usage(f, CB_STYLE_FORMAT, "      ");
    fprintf(f,
        "\n"
        "Exit status: 0 ok, 1 a variant failed its check, 2 bad usage, 3 a kernel\n"
        "faulted, 130 interrupted by Ctrl-C (143 SIGTERM, 129 SIGHUP; finished samples\n"
        "are still printed and saved).\n"
        "`cryptobench list` shows the algorithms and variants.\n");
}

static int add_alg(speed_opts *o, const char *name)
{
    const cb_alg *found[16];
    size_t n = cb_alg_expand(name, found, 16);
    if (n == 0) {
        char names[2048];
        cb_error("speed: unknown algorithm '%s'; known algorithms are: %s (and the groups "
                 "aes, sha, rsa, dsa, hmac).", name, cb_alg_names(names, sizeof names));
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (o->nalgs == MAX_ALGS) {
            cb_error("speed: more than %d algorithms requested.", MAX_ALGS);
            return -1;
        }
        o->algs[o->nalgs++] = found[i];
    }
    return 0;
}

/* add_hmac adds hmac(DIGEST) for `-hmac DIGEST`; DIGEST is any spelling of a digest. */
static int add_hmac(speed_opts *o, const char *digest)
{
    const cb_alg *h = cb_hmac_of(cb_alg_find(digest));
    if (h)
        return add_alg(o, h->name);
    char names[512];
    size_t n = 0;
    names[0] = '\0';
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *d = cb_hmac_digest(cb_alg_at(i));
        if (d && n < sizeof names)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", d->name);
    }
    cb_error("speed: -hmac '%s' is not a digest cryptobench has; HMAC is built on %s.",
             digest, names);
    return -1;
}

/* writable_dir_of checks, before anything is timed, that a result file can be created
 * where path says, so a run does not end by failing to save. */
static int writable_dir_of(const char *opt, const char *path)
{
    if (!*path) {
        cb_error("speed: %s needs a file name.", opt);
        return -1;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    if (access(dir, W_OK) != 0) {
        cb_error("speed: %s %s: cannot create a file in '%s' (%s).", opt, path, dir,
                 strerror(errno));
        return -1;
    }
    return 0;
}

/* two_variants reports whether list names exactly two different variants. */
static int two_variants(const char *list)
{
    if (!list)
        return 0;
    const char *comma = strchr(list, ',');
    if (!comma || strchr(comma + 1, ',') || comma == list || !comma[1])
        return 0;
    size_t first = (size_t)(comma - list);
    return !(strlen(comma + 1) == first && strncmp(list, comma + 1, first) == 0) &&
           strcmp(list, "all") != 0;
}

/* offers_named: does a have a variant named in the -variant list? */
static int offers_named(const cb_alg *a, const char *list)
{
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), p);
        if (cb_variant_find(a, name))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* all_algorithms is `openssl speed` with no algorithm: every one, or with -variant
 * naming variants, every one that has one of them.  It says so, as the run is long. */
static int all_algorithms(speed_opts *o)
{
    int named = o->variants && strcmp(o->variants, "auto") != 0 &&
                strcmp(o->variants, "all") != 0;
    for (size_t i = 0; i < cb_alg_count() && o->nalgs < MAX_ALGS; i++)
        if (!named || offers_named(cb_alg_at(i), o->variants))
            o->algs[o->nalgs++] = cb_alg_at(i);
    if (o->nalgs == 0) {
        cb_error("speed: no algorithm has a variant named in -variant %s; 'cryptobench list' "
                 "shows the variants.", o->variants);
        return -1;
    }
    cb_warn("speed: no algorithm named, so all %zu%s are timed, as `openssl speed` does; "
            "name some (e.g. -evp aes-256-gcm) to time fewer.", o->nalgs,
            named ? " that have the named variants" : "");
    return 0;
}

int cb_speed_parse(speed_opts *o, int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "speed"};
    const char *v;
    int r;
    double d;
    long l;
    cb_bench_default_cfg(&o->bench);
    o->cpu = -1;
    while (a.i < argc) {
        const char *arg = argv[a.i];
        if (cb_args_help(arg)) {
            speed_usage(stdout);
            return 1;
        }
#define VALUE(name) ((r = cb_args_value(&a, name, &v)) < 0 ? -1 : r)
        if ((r = VALUE("evp")) != 0) {
            if (r < 0 || add_alg(o, v))
                return -1;
        } else if ((r = VALUE("hmac")) != 0) {
            if (r < 0 || add_hmac(o, v))
                return -1;
        } else if ((r = VALUE("seconds")) != 0) {
            if (r < 0 || cb_parse_double("-seconds", v, 0.001, 86400, &o->bench.seconds))
                return -1;
        } else if ((r = VALUE("iterations")) != 0) {
            if (r < 0 || cb_parse_long("-iterations", v, 1, LONG_MAX, &l))
                return -1;
            o->bench.iterations = (uint64_t)l;
        } else if ((r = VALUE("samples")) != 0) {
            if (r < 0 || cb_parse_long("-samples", v, 1, CB_BENCH_MAX_SAMPLES, &l))
                return -1;
            o->bench.samples = (unsigned)l;
        } else if ((r = VALUE("precision")) != 0) {
            if (r < 0 || cb_parse_double("-precision", v, 0.01, 50, &d))
                return -1;
            o->bench.precision = d / 100;
        } else if ((r = VALUE("bytes")) != 0) {
            int n = r < 0 ? -1 : cb_parse_size_list("-bytes", v, 1, MAX_BYTES, o->sizes, MAX_SIZES);
            if (n < 0)
                return -1;
            o->nsizes = (size_t)n;
        } else if ((r = VALUE("misalign")) != 0) {
            if (r < 0 || cb_parse_long("-misalign", v, 0, 64, &l))
                return -1;
            o->misalign = (unsigned)l;
        } else if ((r = VALUE("cpu")) != 0) {
            long ncpu = cb_host_cpus();
            if (r < 0 || cb_parse_long("-cpu", v, 0, ncpu > 0 ? ncpu - 1 : 1023,
                                       &o->cpu))
                return -1;
        } else if ((r = VALUE("multi")) != 0) {
            long ncpu = cb_host_cpus();
            if (r < 0 || cb_parse_long("-multi", v, 1, 1L << 20, &o->multi))
                return -1;
            if (o->multi > (ncpu > 0 ? ncpu : 1)) {
                cb_error("speed: -multi %ld asks for more workers than CPUs; workers are pinned "
                         "to distinct CPUs, so give 1 to %ld.", o->multi, ncpu > 0 ? ncpu : 1);
                return -1;
            }
        } else if ((r = VALUE("variant")) != 0) {
            if (r < 0)
                return -1;
            if (!*v) {
                cb_error("speed: -variant needs auto, all, or variant names separated by commas.");
                return -1;
            }
            o->variants = v;
        } else if ((r = VALUE("json")) != 0) {
            if (r < 0 || writable_dir_of("-json", v) != 0)
                return -1;
            o->json_path = v;
        } else if ((r = VALUE("csv")) != 0) {
            if (r < 0)
                return -1;
            if (!*v) {
                cb_error("speed: -csv needs a file name.");
                return -1;
            }
            o->csv_path = v;
        } else if ((r = VALUE("style")) != 0) {
            if (r < 0)
                return -1;
            const cb_compare_style *style;
            if (cb_compare_style_check(v, &style) != 0)
                return -1;
            o->style = v;
        } else if (cb_args_flag(&a, "cycles")) {
            o->cycles = CB_CYCLES_AUTO;
        } else if ((r = VALUE("cycles")) != 0) {
            if (r < 0 || cb_cycles_parse(v, &o->cycles) != 0) {
                cb_error("speed: -cycles=%s is not understood; give -cycles, -cycles=required, "
                         "-cycles=tsc (x86-64 reference cycles) or -cycles=timebase (POWER).",
                         r < 0 ? "" : v);
                return -1;
            }
        } else if (cb_args_flag(&a, "compare")) {
            o->compare = 1;
        } else if (cb_args_flag(&a, "inplace")) {
            o->inplace = 1;
        } else if (cb_args_flag(&a, "decrypt")) {
            o->decrypt = 1;
        } else if (cb_args_flag(&a, "aead")) {
            o->aead = 1;
        } else if (cb_args_flag(&a, "mr")) {
            o->mr = 1;
        } else if (cb_args_flag(&a, "elapsed")) {
            o->bench.clock = CB_CLOCK_WALL;
        } else if (cb_args_flag(&a, "force-caps")) {
            o->force_caps = 1;
        } else if (arg[0] == '-') {
            cb_error("speed: unknown option '%s'; 'cryptobench speed -help' lists the options.",
                     arg);
            return -1;
        } else {
            if (add_alg(o, arg))
                return -1;
            a.i++;
        }
#undef VALUE
    }
    if (o->nalgs == 0 && all_algorithms(o) != 0)
        return -1;
    if (o->compare && !two_variants(o->variants)) {
        cb_error("speed: -compare needs -variant with exactly two different variants, "
                 "e.g. -variant ce-i2,ce-i4.");
        return -1;
    }
    if (o->multi > 0 && o->cpu >= 0) {
        cb_error("speed: -cpu %ld does not combine with -multi: each -multi worker pins itself "
                 "to a CPU of its own.", o->cpu);
        return -1;
    }
    if (o->bench.iterations && o->bench.seconds > 0) {
        cb_error("speed: -iterations and -seconds both fix how long a sample is; give one.");
        return -1;
    }
    if (o->style && !o->compare) {
        cb_error("speed: -style goes with -compare.");
        return -1;
    }
    if (o->nsizes == 0) {
        memcpy(o->sizes, default_sizes, sizeof default_sizes);
        o->nsizes = sizeof default_sizes / sizeof default_sizes[0];
    }
    return 0;
}
