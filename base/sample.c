/*
 * base/sample.c - rates derived from a sample, in one place so every output
 * format divides the same way; a sample's provenance, compared and cleaned the same
 * way by every sink and reader.
 */
#include "base/sample.h"

#include <string.h>

double cb_sample_ops_per_sec(const cb_sample *s)
{
    /* A sample that took no measurable time has no rate; 0 keeps it out of medians
     * and divisions instead of producing infinity. */
    if (!(s->seconds > 0))
        return 0;
    return (double)s->iterations / s->seconds;
}

double cb_sample_bytes_per_sec(const cb_sample *s)
{
    return cb_sample_ops_per_sec(s) * (double)s->block_bytes;
}

int cb_sample_measured(const cb_sample *s)
{
    return s->status && (strcmp(s->status, "ok") == 0 || strcmp(s->status, "imported") == 0);
}

/* ---- provenance ------------------------------------------------------------------- */

static const char *const provenance_keys[CB_PROVENANCE_FIELDS] = {CB_PROVENANCE_KEYS};

const char *cb_provenance_key(int i)
{
    return provenance_keys[i];
}

const char **cb_provenance_field(cb_provenance *p, int i)
{
    const char **fields[CB_PROVENANCE_FIELDS] = {&p->library, &p->version, &p->info,
                                                 &p->env};
    return fields[i];
}

const char *cb_provenance_str(const cb_provenance *p, int i)
{
    const char *s = *cb_provenance_field((cb_provenance *)p, i);
    return s ? s : "";
}

int cb_provenance_external(const cb_provenance *p)
{
    return cb_provenance_str(p, CB_PROV_LIBRARY)[0] != '\0';
}

int cb_provenance_equal(const cb_provenance *a, const cb_provenance *b)
{
    for (int i = 0; i < CB_PROVENANCE_FIELDS; i++) {
        const char *x = cb_provenance_str(a, i), *y = cb_provenance_str(b, i);
        if (x != y && strcmp(x, y) != 0) /* read rows share interned strings */
            return 0;
    }
    return 1;
}

const char *cb_provenance_clean(const char *s, char *buf)
{
    size_t n = 0;
    if (!s)
        s = "";
    for (; s[n] && n < CB_PROVENANCE_MAX; n++) {
        unsigned char c = (unsigned char)s[n];
        /* the bytes a CSV reader refuses as binary data (reports/csv/csv.c) */
        buf[n] = c < 0x20 && c != '\t' && c != '\r' && c != '\n' ? '?' : (char)c;
    }
    if (s[n])
        memcpy(buf + CB_PROVENANCE_MAX - 3, "...", 3);
    buf[n] = '\0';
    return buf;
}
