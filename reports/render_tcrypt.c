/*
 * reports/render_tcrypt.c - the Linux tcrypt layout of the 2015 arm64 report:
 * "testing speed of <alg> (<variant>) <direction>" and one "test N (K bit key, B
 * byte blocks): N operations in 1 seconds" line per block size, before -> after,
 * with the difference.
 */
#include <string.h>

#include "reports/render.h"

static const char *dir_word(const char *d)
{
    if (strcmp(d, "encrypt") == 0)
        return " encryption";
    if (strcmp(d, "decrypt") == 0)
        return " decryption";
    if (strcmp(d, "digest") == 0)
        return "";
    return strcmp(d, "sign") == 0 ? " sign" : " verify";
}

/* same_group: cases printed under one "testing speed of" heading. */
static int same_group(const cb_cmp_case *a, const cb_cmp_case *b)
{
    return a->alg == b->alg && a->direction == b->direction &&
           a->variant_before == b->variant_before && a->variant_after == b->variant_after &&
           a->misalign == b->misalign && a->aead == b->aead && a->key_bits == b->key_bits;
}

static void heading(const cb_cmp_case *k, FILE *out)
{
    fprintf(out, "testing speed of %s", k->alg);
    if (k->variant_before == k->variant_after)
        fprintf(out, " (%s)", k->variant_before);
    else
        fprintf(out, " (%s -> %s)", k->variant_before, k->variant_after);
    fprintf(out, "%s", dir_word(k->direction));
    if (k->misalign)
        fprintf(out, " misalign %u", k->misalign);
    fprintf(out, "%s\n", k->aead ? " aead" : "");
}

void cb_render_tcrypt(const cb_comparison *c, FILE *out)
{
    char pct[32], what[64];
    cb_render_header(c, out, "");
    unsigned test = 0;
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        if (i == 0 || !same_group(k, &c->cases[i - 1])) {
            fputc('\n', out);
            heading(k, out);
            test = 0;
        }
        if (cb_is_pkey(k))
            snprintf(what, sizeof what, "%u bit key", k->key_bits);
        else if (k->key_bits && strcmp(k->direction, "digest") != 0)
            snprintf(what, sizeof what, "%u bit key, %zu byte blocks", k->key_bits,
                     k->block_bytes);
        else
            snprintf(what, sizeof what, "%zu byte blocks", k->block_bytes);
        fprintf(out, "test %u (%s): %.0f operations in 1 seconds -> %.0f operations in 1 "
                "seconds: %s\n", test++, what, k->ops_before, k->ops_after,
                cb_fmt_case_pct(k, pct, sizeof pct));
    }
    fputc('\n', out);
    cb_render_footer(c, out, "");
}
