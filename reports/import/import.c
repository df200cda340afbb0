/*
 * reports/import/import.c - `openssl speed` output (tables, progress lines, -mr lines),
 * Linux tcrypt and KUnit logs, `bssl speed` output, Google Benchmark JSON, liboqs,
 * cryptsetup and kcapi-speed output into CSV rows.  See import.h for the forms
 * recognised; the readers of each format are the rows of reports/import/readers.h
 * (a file each: reports/import/openssl.c, tcrypt.c, kunit.c, bssl.c, whose -json
 * reader takes the whole text before the line loop, oqs.c, cryptsetup.c, kcapi.c),
 * their shared helpers
 * reports/import/common.c; this file runs the loop, resolves names and emits the rows.
 *
 * The log is read in two passes' worth of state: progress lines give exact counts
 * and times, tables give rates; a table value takes the counts of the progress line
 * for the same name and size when there is one, and progress lines without a table
 * (a log cut short) still give samples.  Names are resolved when rows are emitted:
 * cryptobench's own spelling when it has the algorithm, a normalised one otherwise.
 */
#include "reports/import/import.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/capmask.h"
#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* ---- names of algorithms cryptobench does not have --------------------------------- */

/*
 * digest_like classifies a name cryptobench does not know: hashes, MACs and OpenSSL's
 * DRBG row ("rand") have no direction, so their rows are digests whatever -decrypt
 * said; everything else is a cipher.  Prefixes, so that sha3-256, sha512-224,
 * blake2b512, hmac(sha256) and rmd160 are covered:
 *   md2 md4 md5 mdc2 rmd ripemd sha shake keccak whirlpool blake2 sm3 hmac cmac gmac
 *   kmac ghash poly1305 siphash streebog rand
 */
static int digest_like(const char *name)
{
    static const char *const prefixes[] = {
        "md2",  "md4",   "md5",    "mdc2",    "rmd",  "ripemd",   "sha",
        "shake", "keccak", "whirlpool", "blake2", "sm3", "hmac", "cmac",
        "gmac", "kmac",  "ghash",  "poly1305", "siphash", "streebog", "rand",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

/* aead_like reports whether a cipher name is an AEAD mode (-aead applies to it). */
static int aead_like(const char *name)
{
    static const char *const parts[] = {"gcm", "ccm", "ocb", "siv", "poly1305"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (strstr(name, parts[i]))
            return 1;
    return 0;
}

/* key_bits_in finds a key size in a cipher name: a '-'-separated part that is 128, 192
 * or 256 (camellia-256-cbc, aria-128-gcm); 0 when there is none (rc4, bf-cbc). */
static unsigned key_bits_in(const char *name)
{
    for (const char *p = name; *p; p++) {
        if (p != name && p[-1] != '-')
            continue;
        unsigned v = 0;
        size_t n = 0;
        while (isdigit((unsigned char)p[n]) && n < 4)
            v = v * 10 + (unsigned)(p[n++] - '0');
        if (n == 3 && (p[n] == '-' || !p[n]) && (v == 128 || v == 192 || v == 256))
            return v;
    }
    return 0;
}

/* normalise writes an `openssl speed` name the way we keep it: lower case, each run of
 * blanks one '-' ("camellia-128 cbc" is camellia-128-cbc, "hmac(md5)" stays). */
static void normalise(char *out, size_t len, const char *name)
{
    size_t o = 0;
    for (const char *p = name; *p && o + 1 < len; p++) {
        if (*p == ' ' || *p == '\t') {
            if (o && out[o - 1] != '-')
                out[o++] = '-';
            continue;
        }
        out[o++] = (char)tolower((unsigned char)*p);
    }
    while (o && out[o - 1] == '-')
        o--;
    out[o] = 0;
}

/* ---- from measures to rows ------------------------------------------------------ */

/* resolved: what one row says about its case. */
typedef struct resolved {
    char alg[NAME_LEN];
    const char *dir;
    unsigned key_bits;
    size_t block;      /* 0 for public key */
    int aead;
    unsigned misalign;
    int known;         /* cryptobench times this algorithm and direction itself */
} resolved;

/* openssl_symmetric maps an `openssl speed` name: EVP names and aliases directly, the
 * legacy table names ("aes-128 cbc", "des cbc", "des ede3") with dashes for spaces. */
static const cb_alg *openssl_symmetric(const char *name)
{
    char buf[NAME_LEN];
    snprintf(buf, sizeof buf, "%s", name);
    const cb_alg *a = cb_imp_symmetric_alg(buf, sizeof buf);
    if (a)
        return a;
    for (char *p = buf; *p; p++)
        if (*p == ' ')
            *p = '-';
    return cb_imp_symmetric_alg(buf, sizeof buf);
}

/* resolve_openssl names the case of an `openssl speed` measure. */
static void resolve_openssl(const importer *im, const measure *m, resolved *r)
{
    memset(r, 0, sizeof *r);
    if (m->pk != PK_NONE) {
        const cb_alg *a = cb_alg_find(m->name);
        int ours = a && cb_alg_per_op(a);
        /* a row of OpenSSL 3.4's KEM or signature table is ours only when ours is a KEM
         * or a signature scheme: X25519 there is a KEM, not ecdhx25519's key agreement,
         * and keeps its own name */
        if (ours && (!strcmp(m->family, "kem") || !strcmp(m->family, "sig")) &&
            a->kind != CB_KIND_KEM && a->kind != CB_KIND_SIG && strcmp(a->name, m->name) != 0)
            ours = 0;
        snprintf(r->alg, sizeof r->alg, "%s", ours ? a->name : m->name);
        r->dir = cb_imp_pk_dirs[m->pk];
        r->key_bits = m->size ? (unsigned)m->size : ours ? a->key_bits : 0;
        r->known = ours && cb_imp_times_direction(a, r->dir);
        return;
    }
    const cb_alg *a = openssl_symmetric(m->name);
    int digest;
    r->block = m->size;
    if (a) {
        snprintf(r->alg, sizeof r->alg, "%s", a->name);
        digest = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ||
                 a->kind == CB_KIND_HMAC || a->kind == CB_KIND_CMAC ||
                 a->kind == CB_KIND_RAND;
        r->key_bits = a->key_bits;
        r->aead = im->o->aead && a->kind == CB_KIND_AEAD;
        r->known = 1;
    } else {
        normalise(r->alg, sizeof r->alg, m->name);
        digest = digest_like(r->alg);
        r->key_bits = digest ? 0 : key_bits_in(r->alg);
        r->aead = im->o->aead && !digest && aead_like(r->alg);
    }
    r->dir = digest ? "digest" : im->o->decrypt ? "decrypt" : "encrypt";
}

/* note_foreign lists, once, a case cryptobench cannot run: the name of an algorithm it
 * does not have, or "name direction" for one it times in other directions only. */
static void note_foreign(importer *im, const resolved *c)
{
    char item[NAME_LEN + 24];
    if (cb_alg_find(c->alg))
        snprintf(item, sizeof item, "'%s %s'", c->alg, c->dir);
    else
        snprintf(item, sizeof item, "'%s'", c->alg);
    if (strstr(im->foreign, item))
        return;
    size_t used = strlen(im->foreign);
    if (used + strlen(item) + 8 >= sizeof im->foreign) {
        im->foreign_more++;
        return;
    }
    snprintf(im->foreign + used, sizeof im->foreign - used, "%s%s", used ? ", " : "", item);
}

/* emitter: turns measures into rows of one set. */
typedef struct emitter {
    importer *im;
    cb_csv_set *set;
    const cb_run_info *run;
    const char *name;        /* interned file name */
    size_t first;            /* the set's first row of this import */
    long added;
} emitter;

static const char *intern(emitter *e, const char *s)
{
    return cb_csv_intern(e->set, s, strlen(s));
}

/* next_index counts the samples of the same case already emitted by this import. */
static unsigned next_index(emitter *e, const cb_csv_row *r)
{
    unsigned k = 0;
    for (size_t i = e->first; i < cb_csv_set_count(e->set); i++) {
        const cb_sample *s = &cb_csv_set_row(e->set, i)->s;
        k += s->alg == r->s.alg && s->variant == r->s.variant &&
             s->direction == r->s.direction && s->block_bytes == r->s.block_bytes &&
             s->key_bits == r->s.key_bits && s->worker == r->s.worker &&
             s->misalign == r->s.misalign && s->aead == r->s.aead;
    }
    return k;
}

/*
 * emit adds one row: the counts when the log gave them, else the rate; a tcrypt
 * cycle-mode value becomes one operation of that many cycles in no measured time
 * (docs/csv.md, "cycles-only rows").
 */
static void emit(emitter *e, const resolved *c, const char *variant, const measure *m,
                 const measure *counts)
{
    if (!c->alg[0] || !variant[0])
        return; /* a name that was all blanks or dashes: nothing to compare it by */
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    r.run = e->run;
    r.s.alg = intern(e, c->alg);
    r.s.variant = intern(e, variant);
    r.s.direction = intern(e, c->dir);
    r.s.key_bits = c->key_bits;
    r.s.block_bytes = c->block;
    r.s.aead = c->aead;
    r.s.misalign = c->misalign;
    r.s.cycles = -1;
    r.s.cycles_source = intern(e, "");
    r.s.status = intern(e, "imported");
    if (m->note[0])
        r.s.note = intern(e, m->note);
    r.file = e->name;
    r.line = m->line;
    r.s.workers = m->child ? e->im->children : 1;
    r.s.worker = m->child ? m->child - 1 : 0;
    if (m->cycles > 0 && !m->cyc_src[0]) {
        r.has_counts = 1;
        r.s.iterations = 1;
        r.s.cycles = m->cycles;
        r.s.cycles_source = intern(e, "tcrypt");
    } else if (counts && counts->count && counts->secs > 0) {
        r.has_counts = 1;
        r.s.iterations = counts->count;
        r.s.seconds = counts->secs;
        r.ops_per_sec = (double)counts->count / counts->secs;
        if (m->cycles > 0 && m->cyc_src[0]) { /* liboqs: the mean of its cycle column */
            r.s.cycles = m->cycles * (double)counts->count;
            r.s.cycles_source = intern(e, m->cyc_src);
        }
    } else {
        r.ops_per_sec = c->block ? m->rate / (double)c->block : m->rate;
    }
    if ((m->cycles <= 0 || m->cyc_src[0]) && !(r.ops_per_sec > 0))
        return; /* openssl prints 0.00 for what it could not run */
    r.bytes_per_sec = r.ops_per_sec * (double)r.s.block_bytes;
    r.s.sample_index = next_index(e, &r);
    cb_csv_add(e->set, &r);
    e->added++;
    if (!c->known)
        note_foreign(e->im, c);
}

/* find_progress returns the first unused progress measure for m's case: the same
 * name and block size, or for public key the same family, key size and operation
 * (a progress line does not name the curve; tables and progress lines share the
 * order of OpenSSL's curve list). */
static measure *find_progress(importer *im, const measure *m)
{
    for (size_t i = 0; i < im->progress.n; i++) {
        measure *p = &im->progress.v[i];
        if (p->used || p->size != m->size || p->pk != m->pk)
            continue;
        /* KEM and signature rows (OpenSSL 3.4 on) are named, not sized */
        int named = !strcmp(m->family, "kem") || !strcmp(m->family, "sig");
        if (m->pk == PK_NONE || named ? strcasecmp(p->name, m->name) == 0 &&
                                            strcmp(p->family, m->family) == 0
                                      : m->family[0] && strcmp(p->family, m->family) == 0)
            return p;
    }
    return NULL;
}

/* same_case: do a and b measure one case (name, size, operation)? */
static int same_case(const measure *a, const measure *b)
{
    return a->size == b->size && a->pk == b->pk && strcasecmp(a->name, b->name) == 0;
}

/*
 * emit_children emits an `openssl speed -multi N` log: each child's results (its
 * "Got: +F... from N" lines) as the samples of worker N of N workers, which compare
 * sums as OpenSSL's own table does.  The children's +R progress lines interleave and
 * name no child, so they cannot be told apart and are left out; the summed table is
 * checked against the children's sum instead of being imported a second time.
 */
static void emit_children(importer *im, emitter *e, const char *variant)
{
    for (size_t i = 0; i < im->per_child.n; i++) {
        measure *m = &im->per_child.v[i];
        resolved c;
        resolve_openssl(im, m, &c);
        emit(e, &c, variant, m, NULL);
    }
    for (size_t i = 0; i < im->values.n; i++) {
        const measure *t = &im->values.v[i];
        double sum = 0;
        for (size_t j = 0; j < im->per_child.n; j++)
            if (same_case(&im->per_child.v[j], t))
                sum += im->per_child.v[j].rate;
        /* the table prints two decimals of thousands: a 0.1% margin covers rounding */
        if (t->rate > 0 && fabs(sum - t->rate) > 1e-3 * t->rate)
            im->multi_disagree++;
    }
    im->multi_progress = im->progress.n;
}

/* auto_pick returns the variant cryptobench's own table says auto picked for alg
 * ("auto: md5 generic, sha256 shani"), or fallback. */
static const char *auto_pick(const importer *im, const char *alg, const char *fallback,
                             char *buf, size_t len)
{
    size_t n = strlen(alg);
    for (const char *p = im->auto_picks; *p; p += strspn(p, ", ")) {
        size_t item = strcspn(p, ",");
        if (item > n + 1 && strncmp(p, alg, n) == 0 && p[n] == ' ') {
            snprintf(buf, len, "%.*s", (int)(item - n - 1), p + n + 1);
            return buf;
        }
        p += item;
    }
    return fallback;
}

/* emit_openssl emits the `openssl speed` measures: table values with the counts of
 * their progress lines, then progress lines no value took. */
static void emit_openssl(importer *im, emitter *e)
{
    const char *variant = im->o->variant ? im->o->variant : "openssl";
    if (im->children) {
        emit_children(im, e, variant);
        return;
    }
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: table values (with counts when a progress line matches);
         * pass 1: progress lines no table value took. */
        mlist *l = pass ? &im->progress : &im->values;
        for (size_t i = 0; i < l->n; i++) {
            measure *m = &l->v[i];
            if (pass && m->used)
                continue;
            if (!m->name[0]) {
                im->curveless++;
                continue;
            }
            measure *counts = pass ? m : find_progress(im, m);
            if (counts)
                counts->used = 1;
            resolved c;
            char picked[128];
            resolve_openssl(im, m, &c);
            emit(e, &c, im->o->variant ? variant
                        : auto_pick(im, c.alg, variant, picked, sizeof picked), m, counts);
        }
    }
}

/* emit_named emits measures named when their lines were read (tcrypt's, bssl's), each
 * with the variant its reader gave it. */
static void emit_named(emitter *e, const mlist *l)
{
    for (size_t i = 0; i < l->n; i++) {
        const measure *m = &l->v[i];
        resolved c;
        memset(&c, 0, sizeof c);
        snprintf(c.alg, sizeof c.alg, "%s", m->name);
        c.dir = m->dir;
        c.key_bits = m->key_bits;
        c.block = m->size;
        c.aead = m->aead;
        c.misalign = m->misalign;
        c.known = m->known;
        emit(e, &c, m->driver, m, m);
    }
}

/* cpuinfo_arch: the architecture whose capabilities an OpenSSL variable describes;
 * the one -host-arch names when it reads that variable (arm or aarch64). */
static const cb_caps_arch *cpuinfo_arch(const importer *im, const char *var)
{
    const cb_caps_arch *given = im->o->host_arch ? cb_caps_arch_find(im->o->host_arch) : NULL;
    if (given && cb_caps_openssl_var(given) && strcmp(cb_caps_openssl_var(given), var) == 0)
        return given;
    static const char *const guess[][2] = {
        {"OPENSSL_ia32cap", "x86_64"}, {"OPENSSL_armcap", "aarch64"}, {"OPENSSL_ppccap", "ppc64le"}};
    for (size_t i = 0; i < sizeof guess / sizeof guess[0]; i++)
        if (strcmp(var, guess[i][0]) == 0)
            return cb_caps_arch_find(guess[i][1]);
    return NULL;
}

/* names_of writes the capabilities c of arch as names ("aes,pmull", "none"). */
static void names_of(const cb_caps_arch *arch, cb_caps c, char *out, size_t len)
{
    size_t n, used = 0;
    const cb_cap_name *t = cb_caps_arch_names(arch, &n);
    out[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++)
        if (c & t[i].bit) {
            int w = snprintf(out + used, len - used, "%s%s", used ? "," : "", t[i].name);
            used += w > 0 ? (size_t)w : 0;
        }
    if (!out[0])
        snprintf(out, len, "none");
}

/*
 * log_caps reads OpenSSL's "CPUINFO: OPENSSL_ia32cap=0x...:0x... [env:...]" line: the
 * capability vector in force, in OpenSSL's bits, turned into cryptobench's names.
 * With " env:" the vector was masked: what the CPU offered is then unknown and the
 * mask is the variable's value.  Without a CPUINFO line everything is unknown.
 */
/*
 * own_cpuinfo reads the CPUINFO line of cryptobench's own table (reports/sinks/text.c):
 * "MODEL; capabilities in force: CAPS; mask: MASK", with " (SOURCE); detected: CAPS"
 * after a mask that took capabilities away.  Returns 0 for a line of another form.
 */
static int own_cpuinfo(importer *im)
{
    static const char in_force[] = "; capabilities in force: ", mask_is[] = "; mask: ",
                      detected[] = "); detected: ";
    const char *caps = strstr(im->cpuinfo, in_force);
    const char *mask = caps ? strstr(caps, mask_is) : NULL;
    if (!mask)
        return 0;
    snprintf(im->cpu_model, sizeof im->cpu_model, "%.*s", (int)(caps - im->cpuinfo),
             im->cpuinfo);
    caps += sizeof in_force - 1;
    snprintf(im->caps_effective, sizeof im->caps_effective, "%.*s", (int)(mask - caps), caps);
    mask += sizeof mask_is - 1;
    const char *src = strstr(mask, " ("), *det = src ? strstr(src, detected) : NULL;
    if (!det) {
        snprintf(im->caps_mask, sizeof im->caps_mask, "%s", mask);
        snprintf(im->mask_source, sizeof im->mask_source, "none");
        snprintf(im->caps_detected, sizeof im->caps_detected, "%s", im->caps_effective);
        return 1;
    }
    snprintf(im->caps_mask, sizeof im->caps_mask, "%.*s", (int)(src - mask), mask);
    snprintf(im->mask_source, sizeof im->mask_source, "%.*s", (int)(det - src - 2), src + 2);
    snprintf(im->caps_detected, sizeof im->caps_detected, "%s", det + sizeof detected - 1);
    return 1;
}

static void log_caps(importer *im)
{
    snprintf(im->caps_effective, sizeof im->caps_effective, "unknown");
    snprintf(im->caps_detected, sizeof im->caps_detected, "unknown");
    snprintf(im->caps_mask, sizeof im->caps_mask, "unknown");
    snprintf(im->mask_source, sizeof im->mask_source, "unknown");
    if (own_cpuinfo(im))
        return;
    char var[32], value[160];
    const char *eq = strchr(im->cpuinfo, '=');
    if (!eq || (size_t)(eq - im->cpuinfo) >= sizeof var)
        return;
    snprintf(var, sizeof var, "%.*s", (int)(eq - im->cpuinfo), im->cpuinfo);
    snprintf(value, sizeof value, "%.*s", (int)strcspn(eq + 1, " "), eq + 1);
    const char *env = strstr(eq, " env:");
    const cb_caps_arch *arch = cpuinfo_arch(im, var);
    cb_caps all = ~(cb_caps)0, c = all;
    char err[256];
    if (!arch || cb_caps_apply_mask(arch, all, &c, var, value, 1, err, sizeof err) != 0)
        return;
    names_of(arch, c, im->caps_effective, sizeof im->caps_effective);
    if (env) {
        snprintf(im->caps_mask, sizeof im->caps_mask, "%s=%s", var, env + 5);
        snprintf(im->mask_source, sizeof im->mask_source, "%s", var);
    } else {
        snprintf(im->caps_detected, sizeof im->caps_detected, "%s", im->caps_effective);
        snprintf(im->caps_mask, sizeof im->caps_mask, "none");
        snprintf(im->mask_source, sizeof im->mask_source, "none");
    }
}

/* run_info describes the imported run from what the log said and the options: what
 * the log cannot say (the emulator, a mask when no CPUINFO line is there) is
 * "unknown", never a guess. */
static const cb_run_info *run_info(importer *im, cb_csv_set *set)
{
    log_caps(im);
    char tool[128];
    const char *base = strrchr(im->name, '/');
    base = base ? base + 1 : im->name;
    int own_clock = !im->openssl_seen && (im->tcrypt_seen || im->bssl_seen || im->kunit.n);
    own_clock = own_clock || im->oqs_seen || im->cs_seen || im->kcapi_seen;
    if (im->gbench_seen)
        snprintf(tool, sizeof tool, "google-benchmark%s%s", im->gb_version[0] ? " " : "",
                 im->gb_version);
    else if (im->oqs_seen)
        snprintf(tool, sizeof tool, "liboqs speed_kem/speed_sig%s%s",
                 im->oqs_version[0] ? " " : "", im->oqs_version);
    else if (im->cs_seen)
        snprintf(tool, sizeof tool, "cryptsetup benchmark");
    else if (im->kcapi_seen)
        snprintf(tool, sizeof tool, "libkcapi kcapi-speed");
    else if (im->bssl_seen && !im->openssl_seen && !im->tcrypt_seen)
        snprintf(tool, sizeof tool, "bssl speed (BoringSSL or AWS-LC)%s",
                 im->bssl_json ? " -json" : "");
    else if (im->tcrypt_seen && !im->openssl_seen)
        snprintf(tool, sizeof tool, "linux tcrypt");
    else if (im->kunit.n && !im->openssl_seen && !im->bssl_seen)
        snprintf(tool, sizeof tool, "linux kunit");
    else if (strncmp(im->version, "cryptobench ", 12) == 0) /* our own text table */
        snprintf(tool, sizeof tool, "%s", im->version);
    else
        snprintf(tool, sizeof tool, "openssl%s%s", im->version[0] ? " " : "", im->version);
    const cb_import_opts *o = im->o;
    cb_run_info r = {
        tool, o->build ? o->build : base, "imported", im->compiler, im->options,
        o->host_arch ? o->host_arch : "", o->hostname ? o->hostname : im->hostname,
        o->cpu_model ? o->cpu_model : im->cpu_model, im->caps_detected, im->caps_effective, im->caps_mask,
        im->mask_source, "unknown", im->wall || own_clock ? "wall" : "cpu", im->started, "",
    };
    return cb_csv_intern_run(set, &r);
}

/* left_out warns of n things (noun, plural with an 's') left out, and why; nothing
 * when n is 0. */
static void left_out(FILE *warn, const char *name, size_t n, const char *noun,
                     const char *why)
{
    if (n)
        fprintf(warn, "cryptobench: warning: %s: left out %zu %s%s %s.\n", name, n, noun,
                n == 1 ? "" : "s", why);
}

/* warn_about says what was kept that cryptobench cannot run, and what was left out. */
static void warn_about(const importer *im, FILE *warn)
{
    if (im->foreign[0]) {
        fprintf(warn, "cryptobench: warning: %s: kept cases cryptobench cannot run itself "
                "(they compare only with other imports): %s", im->name, im->foreign);
        if (im->foreign_more)
            fprintf(warn, " and %zu more", im->foreign_more);
        fprintf(warn, ".\n");
    }
    if (im->unnamed_mr)
        fprintf(warn, "cryptobench: warning: %s: left out %zu -mr KEM or signature line%s "
                "(+F9, +F10): they name no algorithm; import the text table instead.\n",
                im->name, im->unnamed_mr, im->unnamed_mr == 1 ? "" : "s");
    if (im->curveless)
        fprintf(warn, "cryptobench: warning: %s: left out %zu public-key progress line%s "
                "of a curve no table row names (the line gives only the key size).\n",
                im->name, im->curveless, im->curveless == 1 ? "" : "s");
    if (im->children)
        fprintf(warn, "cryptobench: warning: %s: a -multi %u log: each child's results are "
                "imported as worker N of %u (compare sums them, as the log's table does)%s.\n",
                im->name, im->children, im->children,
                im->multi_progress ? "; the progress lines, which name no child, are left out"
                                   : "");
    if (im->multi_disagree)
        fprintf(warn, "cryptobench: warning: %s: %zu value%s of the summed table differ%s "
                "from the sum of the children's results.\n", im->name, im->multi_disagree,
                im->multi_disagree == 1 ? "" : "s", im->multi_disagree == 1 ? "s" : "");
    if (im->gb_aggregates)
        fprintf(warn, "cryptobench: warning: %s: the log has no iteration runs, only "
                "aggregates: imported each run's median (its mean when it has none) as one "
                "sample of one iteration (%zu case%s), so compare has no spread to test.\n",
                im->name, im->gb_aggregates, im->gb_aggregates == 1 ? "" : "s");
    if (im->gb_errored)
        fprintf(warn, "cryptobench: warning: %s: left out %zu Google Benchmark run%s with "
                "\"error_occurred\".\n", im->name, im->gb_errored,
                im->gb_errored == 1 ? "" : "s");
    if (im->kc_old)
        fprintf(warn, "cryptobench: warning: %s: %zu kcapi-speed result%s in the older layout "
                "(a 10-character rate), whose kcapi-speed divided the rounds by totaltime>>30 "
                "of a clock counting seconds in the upper 32 bits: the rates may be a quarter "
                "of the true ones; compare them only with logs of the same layout.\n",
                im->name, im->kc_old, im->kc_old == 1 ? "" : "s");
    left_out(warn, im->name, im->ku_failed, "KUnit value", "of benchmarks that ended \"not ok\"");
    left_out(warn, im->name, im->ku_zero, "KUnit value",
             "of 0 MB/s (slower than the line's whole MB/s can show)");
    left_out(warn, im->name, im->ku_unread, "KUnit benchmark line",
             "whose rate is not \"len=N: R MB/s\"");
    if (im->tc_unread)
        fprintf(warn, "cryptobench: warning: %s: left out %zu tcrypt test line%s whose "
                "result reads neither as operations in seconds, opers/sec nor cycles.\n",
                im->name, im->tc_unread, im->tc_unread == 1 ? "" : "s");
}

/* ---- the loop ---------------------------------------------------------------------- */

/* strip_prefix drops a dmesg timestamp ("[  123.456789] ") and a "tcrypt: " tag. */
static const char *strip_prefix(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (close)
            s = close + 1;
        while (*s == ' ')
            s++;
    }
    const char *tag = strstr(s, "tcrypt: ");
    if (tag)
        s = tag + 8;
    return s;
}

/* readers: the rows of reports/import/readers.h, in its order. */
static const struct {
    const char *name;
    int (*line)(importer *im, const char *s);
    int (*tokens)(importer *im, char **tok, int n);
} readers[] = {
#define CB_IMPORT_ROW(name, line, tokens) {#name, line, tokens},
    CB_IMPORT_READERS(CB_IMPORT_ROW)
#undef CB_IMPORT_ROW
};

/* one_line offers a line to every reader's line recogniser, in the table's order,
 * then its words to every reader's table recogniser; 0 or -1 on a malformed line. */
static int one_line(importer *im, char *line)
{
    const char *s = strip_prefix(line);
    int r;
    im->text = s;
    for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
        if (readers[i].line && (r = readers[i].line(im, s)))
            return r < 0 ? -1 : 0;
    char copy[CB_IMP_LINE_MAX];
    snprintf(copy, sizeof copy, "%s", s);
    char *tok[MAX_TOKENS];
    int n = cb_imp_tokenize(copy, tok);
    if (n == 0)
        return 0;
    for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
        if (readers[i].tokens && (r = readers[i].tokens(im, tok, n)))
            return r < 0 ? -1 : 0;
    im->in_table = im->in_pk_table = 0; /* anything else ends a table */
    return 0;
}

static void free_lists(importer *im)
{
    free(im->progress.v);
    free(im->values.v);
    free(im->tcrypt.v);
    free(im->bssl.v);
    free(im->gbench.v);
    free(im->named.v);
    free(im->kc_list);
    free(im->kunit.v);
    free(im->per_child.v);
}

long cb_import_buffer(cb_csv_set *set, const char *name, const char *text, size_t len,
                      const cb_import_opts *o, FILE *warn, char *err, size_t errlen)
{
    importer *im = cb_xcalloc(1, sizeof *im);
    im->name = name;
    im->o = o;
    im->err = err;
    im->errlen = errlen;
    size_t first = cb_csv_set_count(set);
    long rc = 0;
    char *line = cb_xmalloc(CB_IMP_LINE_MAX);
    /* `bssl speed -json` is one JSON array, not lines: read whole when it is one */
    int json = cb_imp_gbench_json(im, text, len);
    if (json == 0)
        json = cb_imp_bssl_json(im, text, len);
    if (json < 0)
        rc = -1;
    for (size_t pos = 0; pos < len && rc == 0 && !json;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, l = end - pos;
        if (l && text[end - 1] == '\r')
            l--;
        if (l >= CB_IMP_LINE_MAX)
            l = CB_IMP_LINE_MAX - 1;
        memcpy(line, text + pos, l);
        line[l] = 0;
        im->line++;
        /* Control characters would reach the CSV, whose reader refuses them as binary
         * data: blanks instead.  A line holding NUL bytes is not text: ignore it. */
        for (size_t i = 0; i < l; i++)
            if ((unsigned char)line[i] < 0x20 && line[i] != '\t' && line[i])
                line[i] = ' ';
        if (strlen(line) == l)
            rc = one_line(im, line);
        pos = end + 1;
    }
    if (rc == 0) {
        emitter e = {im, set, run_info(im, set), cb_csv_intern(set, name, strlen(name)),
                     first, 0};
        emit_openssl(im, &e);
        emit_named(&e, &im->tcrypt);
        emit_named(&e, &im->bssl);
        emit_named(&e, &im->gbench);
        emit_named(&e, &im->named);
        emit_named(&e, &im->kunit);
        rc = e.added;
        if (rc == 0) {
            im->line = 1;
            cb_imp_fail(im, "nothing recognisable: no `openssl speed` table, progress or -mr "
                 "line, no tcrypt line with a result, no `bssl speed` result, no Google "
                 "Benchmark JSON, no KUnit benchmark value, no liboqs speed_kem/speed_sig "
                 "row, no `cryptsetup benchmark` row and no kcapi-speed result.");
            rc = -1;
        } else if (warn) {
            warn_about(im, warn);
        }
    }
    if (rc < 0)
        cb_csv_set_truncate(set, first); /* keep nothing of a failed import */
    free_lists(im);
    free(im);
    free(line);
    return rc;
}

long cb_import_file(cb_csv_set *set, const char *path, const cb_import_opts *o, FILE *warn,
                    char *err, size_t errlen)
{
    size_t len;
    char *text = cb_csv_load(path, &len, err, errlen);
    if (!text)
        return -1;
    long rc = cb_import_buffer(set, strcmp(path, "-") ? path : "<stdin>", text, len, o,
                               warn, err, errlen);
    free(text);
    return rc;
}
