/*
 * reports/export/lines.c - the two line formats: Go benchmark lines (gobench, the
 * format of golang.org/design/14313-benchmark-format that benchstat reads) and LAVA's
 * lava-test-case calls (lava).
 */
#include "reports/export/export.h"

#include <ctype.h>
#include <string.h>

#include "base/common.h"

/* goarch names the CSV's host_arch as Go's GOARCH does; NULL when Go has no name. */
static const char *goarch(const char *host_arch)
{
    static const char *const map[][2] = {
        {"x86_64", "amd64"}, {"aarch64", "arm64"}, {"arm", "arm"},
        {"ppc64", "ppc64"},  {"ppc64le", "ppc64le"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], host_arch) == 0)
            return map[i][1];
    return NULL;
}

/* go_name writes "Benchmark" and the case's name with its first letter in upper
 * case: the format takes a result line only when an upper-case letter follows
 * "Benchmark".  Blanks, which would split the field, and every byte outside
 * printable ASCII (a CSV's strings may hold any) become '_'. */
static void go_name(const char *name, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "Benchmark%s", name);
    for (size_t i = 9; i < used && i < len; i++)
        if ((unsigned char)buf[i] <= ' ' || (unsigned char)buf[i] >= 0x7f)
            buf[i] = '_';
    if (len > 9)
        buf[9] = (char)toupper((unsigned char)buf[9]);
}

/* header writes the configuration lines benchstat groups the results by, as `go
 * test -bench` prints them, when the run's machine differs from the last one's. */
static void header(FILE *out, const cb_run_info *run, const cb_run_info **last)
{
    if (*last && (*last == run || (strcmp((*last)->host_arch, run->host_arch) == 0 &&
                                   strcmp((*last)->cpu_model, run->cpu_model) == 0)))
        return;
    const char *arch = goarch(run->host_arch);
    fputs("goos: linux\n", out);
    if (arch)
        fprintf(out, "goarch: %s\n", arch);
    fputs("pkg: cryptobench\n", out);
    char cpu[CB_PRINTABLE_LEN * 2];
    fprintf(out, "cpu: %s\n", cb_printable(run->cpu_model, cpu, sizeof cpu));
    *last = run;
}

void cb_export_gobench(const cb_export_cases *cs, FILE *out)
{
    const cb_run_info *last = NULL;
    for (size_t i = 0; i < cs->n; i++) {
        const cb_export_case *k = &cs->c[i];
        if (strcmp(k->status, "ok") != 0)
            continue;
        char name[CB_EXPORT_NAME + 16];
        go_name(k->name, name, sizeof name);
        for (size_t j = 0; j < k->n; j++) {
            const cb_csv_row *r = k->rows[j];
            header(out, r->run, &last);
            /* An imported table gave a rate only: one operation at that rate. */
            int counted = r->has_counts && r->s.iterations > 0 && r->s.seconds > 0;
            unsigned long long n = counted ? (unsigned long long)r->s.iterations : 1;
            double ns = counted ? r->s.seconds / (double)r->s.iterations * 1e9
                                : 1e9 / r->ops_per_sec;
            fprintf(out, "%s\t%llu\t%.12g ns/op\t%.12g MB/s\n", name, n, ns,
                    r->bytes_per_sec / 1e6);
        }
    }
}

/* lava_name is the case's name with every byte but letters, digits, '.', '_' and
 * '-' written as '_', the characters a LAVA test case name may safely hold. */
static void lava_name(const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s", name);
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '.' && *p != '-')
            *p = '_';
}

void cb_export_lava(const cb_export_cases *cs, FILE *out)
{
    for (size_t i = 0; i < cs->n; i++) {
        const cb_export_case *k = &cs->c[i];
        char name[CB_EXPORT_NAME];
        lava_name(k->name, name, sizeof name);
        if (strcmp(k->status, "ok") == 0)
            fprintf(out, "lava-test-case %s --result pass --measurement %.12g --units MB/s\n",
                    name, k->median / 1e6);
        else
            fprintf(out, "lava-test-case %s --result %s\n", name,
                    strcmp(k->status, "skipped") == 0 ? "skip" : "fail");
    }
}
