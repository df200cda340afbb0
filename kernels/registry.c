/*
 * kernels/registry.c - concatenates the family tables built for this target.
 *
 * A family is compiled in when its CB_FAMILY_* macro is defined (configs/ decide);
 * its table is the only place its variants are named.
 */
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "kernels/families.h"
#include "kernels/registry.h"

typedef struct family_table {
    const cb_variant *rows;
    const size_t *count;
} family_table;

static const family_table families[] = {
    {cb_family_generic, &cb_family_generic_count},
#ifdef CB_FAMILY_ARMV4
    {cb_family_armv4, &cb_family_armv4_count},
#endif
#ifdef CB_FAMILY_ARMV8
    {cb_family_armv8, &cb_family_armv8_count},
#endif
#ifdef CB_FAMILY_POWER
    {cb_family_power, &cb_family_power_count},
#endif
#ifdef CB_FAMILY_X86_64
    {cb_family_x86_64, &cb_family_x86_64_count},
#endif
};

#define MAX_RUNTIME 64
static const cb_variant *runtime_rows[MAX_RUNTIME];
static size_t runtime_count;

size_t cb_variant_count(void)
{
    size_t n = runtime_count;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        n += *families[f].count;
    return n;
}

const cb_variant *cb_variant_at(size_t i)
{
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        if (i < *families[f].count)
            return &families[f].rows[i];
        i -= *families[f].count;
    }
    return i < runtime_count ? runtime_rows[i] : NULL;
}

/* typable: could -variant name this row (kernels/select.h splits at commas)? */
static int typable(const char *name)
{
    return name[0] && strcmp(name, "auto") != 0 && strcmp(name, "all") != 0 &&
           !strpbrk(name, ", \t");
}

int cb_variant_register(const cb_variant *v)
{
    if (runtime_count == MAX_RUNTIME || !v || !v->name || !v->family || !typable(v->name))
        return -1;
    if (v->prim == CB_PRIM_WHOLE && (!v->ops || !((const cb_alg_impl *)v->ops)->offers))
        return -1;
    runtime_rows[runtime_count++] = v;
    return 0;
}

const cb_alg_impl *cb_variant_impl(const cb_variant *v)
{
    return v && v->prim == CB_PRIM_WHOLE ? v->ops : NULL;
}

const char *cb_variant_env(const cb_variant *v, char *buf, size_t len)
{
    const cb_alg_impl *m = cb_variant_impl(v);
    size_t k = 0;
    buf[0] = '\0';
    for (const char *const *n = m && m->notes ? m->notes : NULL; n && *n; n++)
        if (strncmp(*n, "env=", 4) == 0 && k < len)
            k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? " " : "", *n + 4);
    return buf;
}

/* whole_offers: the implementation has the functions of a's kind and says yes. */
static int whole_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    return cb_alg_impl_has(m, a, d) && m->offers(m, a, d);
}

int cb_alg_session_open(cb_alg_session *s, const cb_alg *a, const cb_variant *v, cb_dir d)
{
    const cb_alg_impl *m = cb_variant_impl(v);
    s->impl = m;
    s->alg = a;
    s->dir = d;
    s->ctx = NULL;
    if (!m || !cb_variant_offers(v, a, d))
        return -1;
    if (m->ctx_new && (s->ctx = m->ctx_new(s)) == NULL)
        return -1;
    return 0;
}

void cb_alg_session_close(cb_alg_session *s)
{
    if (s->impl && s->impl->ctx_free && s->ctx)
        s->impl->ctx_free(s->ctx);
    s->ctx = NULL;
}

void cb_alg_session_abandon(cb_alg_session *s)
{
    if (s->impl && s->impl->ctx_abandon && s->ctx)
        s->impl->ctx_abandon(s->ctx);
    s->ctx = NULL;
}

/* aes_offers: which AES ops a mode and direction need; the modes of
 * kernels/modes/aes_modes.h need only the ECB functions. */
static int aes_offers(const cb_aes_ops *o, cb_mode m, cb_dir d)
{
    int dec = d == CB_DIR_DECRYPT;
    if (!o->set_encrypt_key)
        return 0;
    switch (m) {
    case CB_MODE_ECB:
        return dec ? o->set_decrypt_key && o->ecb_decrypt : o->ecb_encrypt != NULL;
    case CB_MODE_CBC:
        return dec ? o->set_decrypt_key && o->cbc_decrypt : o->cbc_encrypt != NULL;
    case CB_MODE_CTR:
        return o->ctr32 != NULL;
    case CB_MODE_OFB:
    case CB_MODE_CFB:
    case CB_MODE_CFB8:
        /* Both directions encrypt one block at a time (kernels/modes/aes_modes.h), a serial
         * chain like CBC encryption: offered by the variants that have that serial
         * path, not by those built only for many blocks at once (VAES, bit-sliced),
         * whose single block is their slowest case. */
        return o->ecb_encrypt && o->cbc_encrypt;
    case CB_MODE_IGE:
        /* Serial in both directions, one block call per block: encryption on
         * ecb_encrypt, decryption on the decryption schedule's ecb_decrypt; offered,
         * like OFB, by the variants with a serial path (cbc_encrypt). */
        return o->cbc_encrypt &&
               (dec ? o->set_decrypt_key && o->ecb_decrypt : o->ecb_encrypt != NULL);
    case CB_MODE_CCM:
        /* CBC-MAC, serial like OFB, on cbc_encrypt; the counter blocks on ctr32 */
        return o->cbc_encrypt && o->ctr32;
    case CB_MODE_CMAC:
        /* a CBC-MAC: one chain on cbc_encrypt, which the parallel-only variants lack */
        return o->cbc_encrypt != NULL;
    case CB_MODE_DRBG:
        /* CTR_DRBG: counter blocks and the derivation function's BCC, all on
         * ecb_encrypt */
        return o->ecb_encrypt != NULL;
    case CB_MODE_XTS: /* the tweak is always encrypted */
        return o->ecb_encrypt && (!dec || (o->set_decrypt_key && o->ecb_decrypt));
    default:
        return 0;
    }
}

int cb_variant_offers(const cb_variant *v, const cb_alg *a, cb_dir d)
{
    if (!v || !a || !v->ops || (v->prim != a->prim && v->prim != CB_PRIM_WHOLE))
        return 0;
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = cb_alg_dirs(a, dirs), i;
    for (i = 0; i < nd && dirs[i] != d; i++)
        ;
    if (i == nd)
        return 0;
    switch (v->prim) {
    case CB_PRIM_WHOLE:
        return whole_offers(v->ops, a, d);
    case CB_PRIM_AES:
        return aes_offers(v->ops, a->mode, d);
    case CB_PRIM_GCM: {
        const cb_gcm_ops *g = v->ops;
        return g->aes && g->aes->set_encrypt_key && g->aes->ctr32 && g->ghash &&
               g->ghash->blocks;
    }
    case CB_PRIM_MLKEM: {
        const cb_mlkem_ops *o = v->ops;
        return o->keygen && o->encaps && o->decaps;
    }
    case CB_PRIM_MLDSA: {
        const cb_mldsa_ops *o = v->ops;
        return o->keygen && o->sign && o->verify;
    }
    case CB_PRIM_CHACHA: {
        const cb_chacha_ops *o = v->ops;
        return o->blocks && (a->mode != CB_MODE_CHACHAPOLY ||
                             (o->poly && o->poly->init && o->poly->blocks && o->poly->emit));
    }
    default:
        if (cb_prim_is_block(v->prim)) {
            const cb_block_ops *o = v->ops;
            /* (without cbc, CBC is chained over ecb by kernels/modes/cipher.c) */
            return o->set_key && o->ecb &&
                   (a->mode != CB_MODE_CBC || d == CB_DIR_DECRYPT || !o->wide);
        }
        if (cb_prim_is_stream(v->prim)) {
            const cb_stream_ops *o = v->ops;
            return o->set_key && o->stream;
        }
        return 1;
    }
}

int cb_variant_offers_any(const cb_variant *v, const cb_alg *a)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = cb_alg_dirs(a, dirs);
    for (size_t i = 0; i < nd; i++)
        if (cb_variant_offers(v, a, dirs[i]))
            return 1;
    return 0;
}

const char *cb_variant_lacks(const cb_variant *v, const cb_alg *a, char *buf, size_t len)
{
    const cb_alg_impl *m = cb_variant_impl(v);
    if (!m || !m->why_not || cb_variant_offers_any(v, a))
        return NULL;
    return m->why_not(m, a, buf, len);
}

const cb_variant *cb_variant_find(const cb_alg *a, const char *name)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->name, name) == 0 && cb_variant_offers_any(v, a))
            return v;
    }
    return NULL;
}

int cb_variant_same_code(const cb_variant *a, const cb_variant *b)
{
    return a && b && a != b && a->prim == b->prim && a->prim != CB_PRIM_WHOLE &&
           a->ops == b->ops;
}

const cb_variant *cb_variant_generic(const cb_alg *a)
{
    return cb_variant_find(a, "generic");
}

const char *cb_variant_why_not(const cb_variant *v, cb_caps caps, char *buf, size_t len)
{
    const char *missing = cb_caps_missing(v->caps, caps);
    if (!missing)
        return NULL;
    /* Name a capability that keeps it from running for what it is: absent from the
     * CPU, or masked off.  Only capabilities missing from caps count: one forced in
     * with -force-caps is there, whatever the CPU says. */
    const char *absent = cb_caps_missing(v->caps & ~caps, cb_caps_detected());
    if (absent)
        snprintf(buf, len, "needs %s, which this CPU lacks", absent);
    else
        snprintf(buf, len, "needs %s, masked off by %s", missing, cb_caps_mask_source());
    return buf;
}

const cb_variant *cb_variant_auto(const cb_alg *a, cb_dir d, cb_caps caps)
{
    const cb_variant *best = NULL;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->priority < CB_PRIORITY_AUTO_MIN || !cb_variant_offers(v, a, d) ||
            (v->caps & ~caps))
            continue;
        if (!best || v->priority > best->priority)
            best = v;
    }
    return best;
}

const char *cb_variant_names(const cb_alg *a, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!cb_variant_offers_any(v, a))
            continue;
        int w = snprintf(buf + n, len - n, "%s%s", n ? ", " : "", v->name);
        if (w < 0 || (size_t)w >= len - n)
            break;
        n += (size_t)w;
    }
    if (n == 0)
        snprintf(buf, len, "(none built for this target)");
    return buf;
}
