/*
 * reports/compare/label.c - how a case is named (reports/compare/label.h): the row
 * label every style and the table of several files share, and which cases are
 * public-key ones.
 */
#include "reports/compare/label.h"

#include <stdio.h>
#include <string.h>

/* The directions of public-key cases, in the order of the public-key grid's columns
 * (RSA's encrypt and decrypt are public key when they have no block size). */
static const char *const pk_directions[] = {"sign",   "verify", "encrypt", "decrypt",
                                            "derive", "keygen", "encaps",  "decaps"};

#define N_PK_DIRECTIONS (sizeof pk_directions / sizeof pk_directions[0])
_Static_assert(N_PK_DIRECTIONS == CB_PK_DIRECTIONS, "label.h counts the directions");

size_t cb_pk_direction(const char *d)
{
    size_t i = 0;
    while (i < N_PK_DIRECTIONS && strcmp(d, pk_directions[i]) != 0)
        i++;
    return i;
}

int cb_is_pkey(const cb_cmp_case *k)
{
    size_t i = cb_pk_direction(k->direction);
    return i < N_PK_DIRECTIONS && (k->block_bytes == 0 || i < 2 || i > 3);
}

const char *cb_pk_direction_name(size_t i)
{
    return pk_directions[i];
}

const char *cb_case_label(const cb_comparison *c, const cb_cmp_case *k, int with_dir,
                          char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s", k->alg);
    if (with_dir && n < len && strcmp(k->direction, "decrypt") == 0 && !cb_is_pkey(k))
        n += (size_t)snprintf(buf + n, len - n, " decrypt");
    if (with_dir && n < len && cb_is_pkey(k))
        n += (size_t)snprintf(buf + n, len - n, " %s", k->direction);
    if (c->variant_in_label && n < len) {
        if (k->variant_before == k->variant_after)
            n += (size_t)snprintf(buf + n, len - n, "/%s", k->variant_before);
        else
            n += (size_t)snprintf(buf + n, len - n, "/%s->%s", k->variant_before,
                                  k->variant_after);
    }
    if (k->mask && n < len)
        n += (size_t)snprintf(buf + n, len - n, " [%s]", k->mask);
    if (k->misalign && n < len)
        n += (size_t)snprintf(buf + n, len - n, " misalign %u", k->misalign);
    if (k->aead && n < len)
        n += (size_t)snprintf(buf + n, len - n, " aead");
    if (c->multi_counts && n < len)
        n += (size_t)snprintf(buf + n, len - n, " x%u", k->workers);
    if (k->cycles && n < len)
        snprintf(buf + n, len - n, " (cycles)");
    return buf;
}
