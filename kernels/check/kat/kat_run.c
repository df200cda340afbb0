/*
 * kernels/check/kat/kat_run.c - a file of known answers run over the selected
 * variants: each record is decoded once (kat_decode.c), then run on every variant
 * that can run, through the caller's guard when it gave one; the outcome of each
 * is counted in the variant's tally.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/check/kat/kat_op.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"

/* SHAVS section 6.4 and SHA3VS: 100 checkpoints of 1000 chained digests. */
#define MONTE_ROUNDS 1000

/* hex_text writes up to 16 bytes of p as hex, with "..." when there are more. */
static const char *hex_text(const uint8_t *p, size_t n, char *buf, size_t len)
{
    size_t shown = n > 16 ? 16 : n, o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < shown && o + 3 < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%02x", p[i]);
    if (n > shown)
        snprintf(buf + o, len - o, "...");
    if (n == 0)
        snprintf(buf, len, "(empty)");
    return buf;
}

/* mismatch formats "NAME is GOT, expected WANT" into why, from the first byte that
 * differs when that is past the bytes hex_text shows ("NAME differs from byte 47:
 * ..."), so a wrong last block is seen. */
static void mismatch(char *why, size_t len, const char *name, const uint8_t *got,
                     const uint8_t *want, size_t n)
{
    char g[40], w[40], from[48] = "";
    size_t i = 0;
    while (i < n && got[i] == want[i])
        i++;
    if (i < 16)
        i = 0;
    else
        snprintf(from, sizeof from, " differs from byte %zu:", i);
    snprintf(why, len, "%s%s is %s, expected %s", name, from,
             hex_text(got + i, n - i, g, sizeof g), hex_text(want + i, n - i, w, sizeof w));
}

/* ---- running ------------------------------------------------------------------------ */

typedef enum kat_outcome { KAT_PASS, KAT_FAIL, KAT_SKIP } kat_outcome;

/* kat_job: one case on one variant, in the shape a cb_kat_guard calls. */
typedef struct kat_job {
    const kat_file *f;
    const cb_variant *v;
    const kat_case *c;
    uint8_t *out;
    kat_outcome outcome;
    char why[256];
} kat_job;

/* case_alg: the algorithm the job's record tests. */
static const cb_alg *case_alg(const kat_job *j)
{
    return j->c->alg ? j->c->alg : j->f->id.alg;
}

/* compare sets the outcome from out against the expected bytes. */
static void compare(kat_job *j, const uint8_t *got, const uint8_t *want, size_t n,
                    const char *name)
{
    if (memcmp(got, want, n) == 0) {
        j->outcome = KAT_PASS;
        return;
    }
    j->outcome = KAT_FAIL;
    mismatch(j->why, sizeof j->why, name, got, want, n);
}

/* refused fails the job for a call the variant refused or failed, saying why. */
static void refused(kat_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void refused(kat_job *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    j->outcome = KAT_FAIL;
    vsnprintf(j->why, sizeof j->why, fmt, ap);
    va_end(ap);
}

/* sha3_monte: a SHA3VS Monte Carlo checkpoint: MD0 = Seed, then MDi = H(MD(i-1))
 * for i = 1 .. 1000; the answer is MD1000. */
static void sha3_monte(kat_job *j, kat_op *op)
{
    size_t n = j->f->id.alg->out_bytes;
    uint8_t m[CB_DIGEST_MAX];
    memcpy(m, j->c->in, n);
    for (int i = 0; i < MONTE_ROUNDS; i++) {
        if (kat_op_digest(op, m, n, j->out) != 0) {
            refused(j, "a digest of the chain failed");
            return;
        }
        memcpy(m, j->out, n);
    }
    compare(j, j->out, j->c->expect, n, "MD");
}

/* run_digest: one digest, or a SHAVS Monte checkpoint: MD0 = MD1 = MD2 = Seed, then
 * MDi = H(MD(i-3) || MD(i-2) || MD(i-1)) for i = 3 .. 1002; the answer is MD1002.
 * SHA-3 has its own Monte Carlo chain (sha3_monte). */
static void run_digest(kat_job *j, kat_op *op)
{
    const cb_alg *a = j->f->id.alg;
    const kat_case *c = j->c;
    if (!c->monte) {
        if (kat_op_digest(op, c->in, c->in_len, j->out) != 0)
            refused(j, "the digest failed");
        else
            compare(j, j->out, c->expect, a->out_bytes, "MD");
        return;
    }
    if (a->prim == CB_PRIM_SHA3) {
        sha3_monte(j, op);
        return;
    }
    size_t n = a->out_bytes;
    uint8_t m[3 * CB_DIGEST_MAX];
    for (int i = 0; i < 3; i++)
        memcpy(m + i * n, c->in, n);
    for (int i = 0; i < MONTE_ROUNDS; i++) {
        if (kat_op_digest(op, m, 3 * n, j->out) != 0) {
            refused(j, "a digest of the chain failed");
            return;
        }
        memmove(m, m + n, 2 * n);
        memcpy(m + 2 * n, j->out, n);
    }
    compare(j, j->out, c->expect, n, "MD");
}

/*
 * run_cipher runs the text in one update (after OFFSET bytes of a stream cipher's
 * keystream).  TDES ECB files are run block by block,
 * each block a new message with the IV zero: a one-block CBC with IV 0 is exactly
 * ECB, so the CBC-only des-ede3-cbc kernels are checked on the ECB files too.
 */
static void run_cipher(kat_job *j, kat_op *op)
{
    const kat_case *c = j->c;
    static const uint8_t zero[16];
    int rc = 0;
    if (j->f->id.format == CB_KAT_BLOCKWISE) {
        size_t bs = case_alg(j)->block_bytes;
        for (size_t off = 0; off < c->in_len && rc == 0; off += bs)
            rc = kat_op_restart(op, zero) || kat_op_cipher(op, c->in + off, j->out + off, bs);
    } else {
        if (c->offset) { /* the keystream before the record's text, run over zeros */
            uint8_t *skip = calloc(c->offset, 1);
            rc = !skip || kat_op_cipher(op, skip, skip, c->offset);
            free(skip);
        }
        rc = rc || kat_op_cipher(op, c->in, j->out, c->in_len);
    }
    if (rc != 0)
        refused(j, "the cipher refused %zu bytes", c->in_len);
    else
        compare(j, j->out, c->expect, c->in_len, c->expect_name);
}

/* wiped: is p[0..n) all zeros? */
static int wiped(const uint8_t *p, size_t n)
{
    uint8_t any = 0;
    for (size_t i = 0; i < n; i++)
        any |= p[i];
    return any == 0;
}

/* run_open opens one message; a rejected one must also leave its output zeroed
 * (kernel.h, kernels/modes/aead.h), so out starts as something else. */
static void run_open(kat_job *j, kat_op *op)
{
    const kat_case *c = j->c;
    memset(j->out, 0xa5, c->in_len);
    int accepted = kat_op_open(op, j->out) == 0;
    if (accepted == c->reject)
        refused(j, accepted ? "the forged tag was accepted" : "the valid tag was rejected");
    else if (c->reject && !wiped(j->out, c->in_len))
        refused(j, "the rejected message's plaintext was not zeroed");
    else if (c->reject)
        j->outcome = KAT_PASS;
    else
        compare(j, j->out, c->expect, c->in_len, c->expect_name);
}

/* run_aead seals or opens one AEAD message. */
static void run_aead(kat_job *j, kat_op *op)
{
    const kat_case *c = j->c;
    uint8_t tag[16];
    if (c->dir != CB_DIR_ENCRYPT) {
        run_open(j, op);
    } else if (kat_op_seal(op, j->out, tag) != 0) {
        refused(j, "sealing refused the record's lengths");
    } else {
        compare(j, j->out, c->expect, c->in_len, "CT");
        if (j->outcome == KAT_PASS)
            compare(j, tag, c->tag, c->tag_len, "Tag");
    }
}

/* run_hmac MACs the record's message under its key (an HMAC or a CMAC). */
static void run_hmac(kat_job *j, kat_op *op)
{
    const kat_case *c = j->c;
    if (kat_op_mac(op, c->in, c->in_len, j->out) != 0)
        refused(j, "the MAC failed");
    else
        compare(j, j->out, c->expect, c->expect_len, c->expect_name);
}

/* run_pkey checks one signature record (kat_pkey.c). */
static void run_pkey(kat_job *j, kat_op *op)
{
    int rc = kat_op_signature(op, j->why, sizeof j->why);
    j->outcome = rc == CB_KAT_PKEY_PASS ? KAT_PASS : rc == CB_KAT_PKEY_SKIP ? KAT_SKIP
                                                                             : KAT_FAIL;
}

/* run_job starts the variant for the case (kat_op.h picks how), runs the case's
 * kind and stops it; a case the variant cannot start is skipped. */
static void run_job(void *arg)
{
    kat_job *j = arg;
    kat_op op;
    const char *skip = kat_op_start(&op, case_alg(j), j->v, j->c);
    if (skip) {
        j->outcome = KAT_SKIP;
        snprintf(j->why, sizeof j->why, "%s", skip);
        return;
    }
    switch (case_alg(j)->kind) {
    case CB_KIND_DIGEST:
        run_digest(j, &op);
        break;
    case CB_KIND_PKEY:
        run_pkey(j, &op);
        break;
    case CB_KIND_AEAD:
        run_aead(j, &op);
        break;
    case CB_KIND_HMAC:
    case CB_KIND_CMAC:
        run_hmac(j, &op);
        break;
    case CB_KIND_KEM:
    case CB_KIND_SIG: {
        int rc = j->c->acvp ? kat_acvp_run_case(j->c, j->v, j->why, sizeof j->why)
                 : case_alg(j)->kind == CB_KIND_KEM ? kat_kem_run(j->c, j->v, j->why, sizeof j->why)
                                                    : kat_mldsa_run(j->c, j->v, j->why, sizeof j->why);
        j->outcome = rc == 0 ? KAT_PASS : rc == 1 ? KAT_FAIL : KAT_SKIP;
        break;
    }
    default:
        run_cipher(j, &op);
        break;
    }
    kat_op_stop(&op);
}

/* count adds one outcome to t, keeping the first failures for the report. */
static void count(cb_kat_tally *t, const kat_job *j)
{
    if (j->outcome == KAT_PASS) {
        t->passed++;
        return;
    }
    if (j->outcome == KAT_SKIP) {
        t->skipped++;
        return;
    }
    if (t->failed < CB_KAT_SHOWN) {
        cb_kat_failure *s = &t->shown[t->failed];
        s->line = j->c->line;
        memcpy(s->label, j->c->label, sizeof s->label);
        memcpy(s->why, j->why, sizeof s->why);
    }
    t->failed++;
}

/* run_guarded runs one job through the caller's guard, or directly. */
static int run_guarded(const cb_kat_opts *o, kat_job *j)
{
    if (o->guard)
        return o->guard(run_job, j);
    run_job(j);
    return 0;
}

/* tally runs case c on every variant that can run; on a fault it records where in
 * res and returns the signal, else 0. */
int kat_tally(const kat_file *f, const kat_case *c, const cb_kat_opts *o, cb_kat_result *res)
{
    size_t out_len = c->in_len > CB_DIGEST_MAX ? c->in_len : CB_DIGEST_MAX;
    uint8_t *out = cb_xmalloc(out_len);
    int sig = 0;
    for (size_t i = 0; i < res->ntallies && !sig; i++) {
        cb_kat_tally *t = &res->tallies[i];
        if (t->unavailable[0])
            continue;
        if (c->skip) {
            t->skipped++;
            continue;
        }
        kat_job j = {f, t->var, c, out, KAT_FAIL, ""};
        kat_case opened; /* a record checked both ways counts once: by its seal, or
                            when that passed, by its opening */
        sig = run_guarded(o, &j);
        if (!sig && j.outcome == KAT_PASS && c->both_ways) {
            kat_case_opening(c, &opened);
            j = (kat_job){f, t->var, &opened, out, KAT_FAIL, ""};
            sig = run_guarded(o, &j);
        }
        if (sig) {
            res->fault_signal = sig;
            res->fault_var = t->var;
            res->fault_line = c->line;
        } else {
            count(t, &j);
        }
    }
    free(out);
    return sig;
}

/* picked: has res a tally for v already? */
static int picked(const cb_kat_result *res, const cb_variant *v)
{
    for (size_t i = 0; i < res->ntallies; i++)
        if (res->tallies[i].var == v)
            return 1;
    return 0;
}

/* add_tally makes a tally for a pick unless it has one (auto,generic may name one
 * variant twice). */
static void add_tally(cb_kat_result *res, const cb_pick *p)
{
    if (picked(res, p->var))
        return;
    cb_kat_tally *t = &res->tallies[res->ntallies++];
    t->var = p->var;
    snprintf(t->unavailable, sizeof t->unavailable, "%s", p->why);
}

/*
 * select_variants makes one tally per selected variant of the file's algorithm; -1
 * with res->err when the selection has none.  An HMAC file also runs on the
 * whole-algorithm variants of its digest that all or a name picks and that have no
 * HMAC of their own (kat_op.h: they MAC through their digest), after the HMAC's own
 * variants; auto stays the HMAC's own pick, the one `speed` would time.
 */
int kat_select_variants(const cb_kat_opts *o, cb_kat_result *res)
{
    static const cb_selection every = {CB_SELECT_ALL, 0, {{0}}};
    const cb_selection *sel = o->sel ? o->sel : &every;
    const cb_alg *digest = cb_hmac_digest(res->id.alg);
    size_t max = cb_variant_count();
    cb_pick *picks = cb_xcalloc(max ? max : 1, sizeof *picks);
    res->tallies = cb_xcalloc(max ? max : 1, sizeof *res->tallies);
    size_t n = cb_select(sel, res->id.alg, CB_DIR_ANY, o->caps, picks, max);
    for (size_t i = 0; i < n; i++)
        add_tally(res, &picks[i]);
    n = digest ? cb_select(sel, digest, CB_DIR_ANY, o->caps, picks, max) : 0;
    for (size_t i = 0; i < n; i++)
        if (cb_variant_impl(picks[i].var) && !cb_variant_offers_any(picks[i].var, res->id.alg) &&
            (sel->mode == CB_SELECT_ALL || picks[i].named))
            add_tally(res, &picks[i]);
    free(picks);
    if (res->ntallies)
        return 0;
    char text[CB_SELECT_MAX * CB_SELECT_NAME], names[256];
    snprintf(res->err, sizeof res->err, "-variant %s names no variant of %s (for %s); its "
             "variants are: %s.", cb_selection_text(sel, text, sizeof text),
             res->id.alg->name, res->path, cb_variant_names(res->id.alg, names, sizeof names));
    return -1;
}

/* read_records decodes every record and runs each case; it sets res->status when
 * the file is refused or a variant faulted. */
static void read_records(kat_file *f, const cb_kat_opts *o, cb_kat_result *res)
{
    cb_rsp_record rec;
    int rc;
    while ((rc = cb_rsp_next(&f->rsp, &rec)) == 1) {
        kat_case c;
        memset(&c, 0, sizeof c);
        rc = kat_decode(f, &rec, &c);
        int sig = 0;
        if (rc > 0) {
            res->cases++;
            sig = kat_tally(f, &c, o, res);
        }
        kat_case_free(&c);
        if (sig) {
            res->status = CB_KAT_FAULTED;
            return;
        }
        if (rc < 0)
            break;
    }
    if (rc < 0) {
        res->status = CB_KAT_REFUSED;
        snprintf(res->err, sizeof res->err, "%s", f->rsp.err);
    } else if (res->cases == 0) {
        res->status = CB_KAT_REFUSED;
        snprintf(res->err, sizeof res->err, "%s holds no known-answer records.", f->path);
    }
}

void kat_rsp_run(const char *path, const cb_kat_opts *o, cb_kat_result *res)
{
    kat_file f;
    memset(&f, 0, sizeof f);
    res->path = f.path = path;
    res->status = CB_KAT_REFUSED;
    if (cb_rsp_open(&f.rsp, path) < 0) {
        snprintf(res->err, sizeof res->err, "%s", f.rsp.err);
        return;
    }
    if (cb_kat_identify(path, o->alg, &res->id, res->err, sizeof res->err) == 0 &&
        kat_select_variants(o, res) == 0) {
        f.id = res->id;
        f.rsp.sections_optional = f.id.sections_optional;
        f.rsp.colon_fields = f.id.format == CB_KAT_NTT;
        f.rsp.quoted_values = f.id.format == CB_KAT_AEAD;
        if (f.id.format == CB_KAT_PKEY)
            f.rsp.columns = cb_kat_pkey_columns(f.id.alg);
        res->status = CB_KAT_PASSED;
        kat_file_start(&f);
        read_records(&f, o, res);
        kat_file_end(&f);
    }
    cb_rsp_close(&f.rsp);
}

void cb_kat_result_free(cb_kat_result *res)
{
    free(res->tallies);
    res->tallies = NULL;
    res->ntallies = 0;
}
