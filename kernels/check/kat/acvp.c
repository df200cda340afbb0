/*
 * kernels/check/kat/acvp.c - NIST ACVP test-vector files (JSON) for ML-KEM and
 * ML-DSA, read with the strict cursor of base/json_read.h and run through the same
 * tallies as the .rsp files (kat_run.c).
 *
 * The layouts, as the ACVP server publishes them (usnistgov/ACVP-Server,
 * gen-val/json-files/<ALG>-<MODE>-<REVISION>/): a prompt.json with the inputs and an
 * expectedResults.json with the answers, matched by tgId and tcId, or one
 * internalProjection.json that holds both.  The top level is the vector set object
 * ({"vsId": .., "algorithm": .., "mode": .., "revision": .., "testGroups": [..]}),
 * or the protocol's array with an {"acvVersion": ..} object before it.  The files all
 * have the same few names, so the content says what they test: algorithm "ML-KEM"
 * with mode keyGen or encapDecap, "ML-DSA" with keyGen, sigGen or sigVer, and the
 * revision must be the final standard's (FIPS203, FIPS204): the draft-era files use
 * another key generation (FIPS 203 ipd: rho = G(d); final: G(d || k)).
 *
 * Each test becomes a kat_case (kat_impl.h) in the slots kat_kem.c and kat_mldsa.c
 * use, run on each variant by acvp_case.c through kat_run.c's tallies; a group this reader cannot run (HashML-DSA's pre-hash, an external mu, the
 * decapsulation-key check, which cryptobench's ML-KEM does not have) is counted as
 * not run with its reason (cb_kat_result.skips), never passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/infile.h"
#include "base/json_read.h"
#include "kernels/check/kat/kat_impl.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"

/* ACVP_FILE_MAX: NIST's largest ML-DSA file is about 20 MB; one line may be all of
 * it (the server sends JSON without line breaks). */
#define ACVP_FILE_MAX ((size_t)64 << 20)
#define ACVP_DEPTH 16

/* ---- a tree of the document, built with the cursor ------------------------------ */

typedef struct node {
    char type; /* 'o' object, 'a' array, 's' string, 'n' number, 'b' true/false, 'z' null */
    char *key; /* the name it has in its object, or NULL */
    char *str; /* 's' */
    size_t len;
    uint64_t count; /* 'n': a whole non-negative number */
    int is_count, truth;
    unsigned long line;
    struct node *kids;
    size_t n, cap;
} node;

static void node_free(node *v)
{
    for (size_t i = 0; i < v->n; i++)
        node_free(&v->kids[i]);
    free(v->kids);
    free(v->key);
    free(v->str);
}

static node *add_kid(node *v)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 8;
        v->kids = cb_xrealloc(v->kids, v->cap * sizeof *v->kids);
    }
    node *k = &v->kids[v->n++];
    memset(k, 0, sizeof *k);
    return k;
}

/* json_tree: the cursor and the line it is on, counted as it moves (counting from
 * the start for every value would make a 20 MB file quadratic). */
typedef struct json_tree {
    cb_json *j;
    const char *counted; /* lines are counted up to here */
    unsigned long line;
} json_tree;

static unsigned long line_here(json_tree *t)
{
    for (; t->counted < t->j->p; t->counted++)
        t->line += *t->counted == '\n';
    return t->line;
}

/* parse reads one value at the cursor into v. */
static int parse(json_tree *t, node *v, int depth)
{
    cb_json *j = t->j;
    char c = cb_json_peek(j);
    v->line = line_here(t);
    if (depth > ACVP_DEPTH)
        return cb_json_fail(j, "values nested too deep");
    if (c == '"') {
        v->type = 's';
        return cb_json_string_alloc(j, &v->str, &v->len);
    }
    if (c == '{' || c == '[') {
        v->type = c == '{' ? 'o' : 'a';
        j->p++;
        if (cb_json_char(j, c == '{' ? '}' : ']'))
            return 0;
        do {
            node *k = add_kid(v);
            if (c == '{') {
                size_t klen;
                if (cb_json_string_alloc(j, &k->key, &klen) != 0)
                    return -1;
                if (!cb_json_char(j, ':'))
                    return cb_json_fail(j, "expected ':' after a name");
            }
            if (parse(t, k, depth + 1) != 0)
                return -1;
        } while (cb_json_char(j, ','));
        if (!cb_json_char(j, c == '{' ? '}' : ']'))
            return cb_json_fail(j, c == '{' ? "expected ',' or '}' in an object"
                                            : "expected ',' or ']' in an array");
        return 0;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        double d;
        v->type = 'n';
        return cb_json_number(j, &d, &v->count, &v->is_count);
    }
    int w;
    if (cb_json_word(j, &w) != 0)
        return -1;
    v->type = w == -2 ? 'z' : 'b';
    v->truth = w == 1;
    return 0;
}

/* get: the member key of object v, or NULL. */
static const node *get(const node *v, const char *key)
{
    if (!v || v->type != 'o')
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->kids[i].key, key) == 0)
            return &v->kids[i];
    return NULL;
}

static const char *get_str(const node *v, const char *key)
{
    const node *s = get(v, key);
    return s && s->type == 's' ? s->str : NULL;
}

/* ---- one file -------------------------------------------------------------------- */

/* acvp_doc: a document read into a tree: its text, where its vector set is. */
typedef struct acvp_doc {
    cb_rsp r;        /* the path and text, and err for "FILE:LINE: ..." */
    node root;
    const node *vs;  /* the vector set object */
} acvp_doc;

static void doc_free(acvp_doc *d)
{
    node_free(&d->root);
    cb_rsp_close(&d->r);
}

/* doc_read reads path into d; -1 with d->r.err set. */
static int doc_read(acvp_doc *d, const char *path)
{
    static const cb_infile_limits lim = {ACVP_FILE_MAX, ACVP_FILE_MAX, "ACVP file"};
    char why[200];
    memset(d, 0, sizeof *d);
    FILE *f = fopen(path, "rb");
    size_t len = 0;
    char *text = f ? cb_infile_read(f, &lim, &len, why, sizeof why) : NULL;
    if (f)
        fclose(f);
    cb_rsp_open_mem(&d->r, path, text ? text : "", text ? len : 0);
    free(text);
    if (!f)
        return cb_rsp_error(&d->r, 0, "cannot open the file.");
    if (!text)
        return cb_rsp_error(&d->r, 0, "%s", why);
    cb_json j;
    memset(&j, 0, sizeof j);
    j.what = "ACVP test-vector JSON";
    j.text = j.p = d->r.text;
    j.end = d->r.text + d->r.len;
    json_tree tree = {&j, j.text, 1};
    if (parse(&tree, &d->root, 0) != 0)
        return cb_rsp_error(&d->r, (int)j.err_line, "%s", j.err);
    cb_json_blank(&j);
    if (j.p != j.end) {
        cb_json_fail(&j, "text after the JSON value");
        return cb_rsp_error(&d->r, (int)j.err_line, "%s", j.err);
    }
    /* the protocol's array: [{"acvVersion": ..}, {vector set}] */
    const node *top = &d->root;
    if (top->type == 'a')
        for (size_t i = 0; i < d->root.n && top == &d->root; i++)
            if (get(&d->root.kids[i], "testGroups"))
                top = &d->root.kids[i];
    if (!get(top, "testGroups") || get(top, "testGroups")->type != 'a')
        return cb_rsp_error(&d->r, (int)top->line, "an ACVP file is a vector set with "
                            "\"testGroups\", which this JSON value has not.");
    d->vs = top;
    return 0;
}

/* kinds: the ACVP modes kat runs, their revision and algorithm row. */
static const struct {
    const char *algorithm, *mode, *revision, *alg;
} modes[] = {
    {"ML-KEM", "keyGen", "FIPS203", "mlkem768"},
    {"ML-KEM", "encapDecap", "FIPS203", "mlkem768"},
    {"ML-DSA", "keyGen", "FIPS204", "mldsa65"},
    {"ML-DSA", "sigGen", "FIPS204", "mldsa65"},
    {"ML-DSA", "sigVer", "FIPS204", "mldsa65"},
};

#define NMODES (sizeof modes / sizeof modes[0])

size_t cb_kat_acvp_count(void)
{
    return NMODES;
}

const char *cb_kat_acvp_kind(size_t i, char *buf, size_t len)
{
    snprintf(buf, len, "%s %s (revision %s)", i < NMODES ? modes[i].algorithm : "",
             i < NMODES ? modes[i].mode : "", i < NMODES ? modes[i].revision : "");
    return buf;
}

/* identify finds the vector set's mode; -1 with err set for one kat does not run. */
static int identify(acvp_doc *d, size_t *mode)
{
    const char *a = get_str(d->vs, "algorithm"), *m = get_str(d->vs, "mode"),
               *rev = get_str(d->vs, "revision");
    if (!a || !m || !rev)
        return cb_rsp_error(&d->r, (int)d->vs->line, "an ACVP vector set names its "
                            "\"algorithm\", \"mode\" and \"revision\", and this one does not.");
    for (size_t i = 0; i < NMODES; i++) {
        if (strcmp(a, modes[i].algorithm) != 0 || strcmp(m, modes[i].mode) != 0)
            continue;
        if (strcmp(rev, modes[i].revision) != 0)
            return cb_rsp_error(&d->r, (int)d->vs->line, "this is an ACVP %s %s file of "
                                "revision \"%.40s\", and kat reads only the final standard's "
                                "(revision %s), whose key generation the draft's differs from.",
                                a, m, rev, modes[i].revision);
        *mode = i;
        return 0;
    }
    return cb_rsp_error(&d->r, (int)d->vs->line, "kat runs ACVP ML-KEM keyGen and "
                        "encapDecap and ML-DSA keyGen, sigGen and sigVer files, not %.40s "
                        "%.40s.", a, m);
}

/* partner_path: where the other half of a prompt/expectedResults pair is, or NULL
 * for a file that holds both (internalProjection.json, any other name). */
static char *partner_path(const char *path, int *is_results)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *other = strcmp(base, "prompt.json") == 0            ? "expectedResults.json"
                        : strcmp(base, "expectedResults.json") == 0 ? "prompt.json"
                                                                    : NULL;
    if (!other)
        return NULL;
    *is_results = strcmp(base, "expectedResults.json") == 0;
    size_t dir = (size_t)(base - path);
    char *p = cb_xmalloc(dir + strlen(other) + 1);
    memcpy(p, path, dir);
    strcpy(p + dir, other);
    return p;
}

/* ---- tests into cases -------------------------------------------------------------- */

/* acvp_test: one test's view: the prompt's test and group, and the results' (NULL
 * when one file holds both); a field is looked for in that order. */
typedef struct acvp_test {
    const node *t, *g, *rt, *rg;
} acvp_test;

static const node *field(const acvp_test *v, const char *key)
{
    const node *n = get(v->t, key);
    if (!n)
        n = get(v->rt, key);
    if (!n)
        n = get(v->g, key);
    if (!n)
        n = get(v->rg, key);
    return n;
}

/* acvp_run: what reading a file keeps. */
typedef struct acvp_run {
    kat_file *f;
    const cb_kat_opts *o;
    cb_kat_result *res;
    acvp_doc *prompt, *results;
    size_t mode;
} acvp_run;

/* hex_field decodes a hex string field into *out; want 0 takes any length. */
static int hex_field(acvp_run *a, const acvp_test *v, const char *key, size_t want,
                     uint8_t **out, size_t *len)
{
    const node *n = field(v, key);
    if (!n)
        return cb_rsp_error(&a->prompt->r, (int)v->t->line, "test %llu has no \"%s\" (a "
                            "prompt's answers are in its expectedResults.json).",
                            (unsigned long long)get(v->t, "tcId")->count, key);
    if (n->type != 's' || n->len % 2)
        return cb_rsp_error(&a->prompt->r, (int)n->line, "\"%s\" is not a string of hex "
                            "digit pairs.", key);
    *out = cb_xmalloc(n->len / 2 + 1);
    if (cb_hex_decode(n->str, *out, n->len / 2) != (long)(n->len / 2))
        return cb_rsp_error(&a->prompt->r, (int)n->line, "\"%s\" has a character that is "
                            "not a hex digit.", key);
    *len = n->len / 2;
    if (want && *len != want)
        return cb_rsp_error(&a->prompt->r, (int)n->line, "\"%s\" has %zu bytes where the "
                            "parameter set takes %zu.", key, *len, want);
    return 0;
}

/* slot decodes key into case slot i (kat_impl.h's KAT_KEM_* and KAT_DSA_* orders). */
static int slot(acvp_run *a, const acvp_test *v, kat_case *c, int i, const char *key,
                size_t want)
{
    return hex_field(a, v, key, want, &c->kem[i], &c->kem_len[i]);
}

/* passed_field reads testPassed: *must_refuse is 1 when it is false. */
static int passed_field(acvp_run *a, const acvp_test *v, int *must_refuse)
{
    const node *n = field(v, "testPassed");
    if (!n || n->type != 'b')
        return cb_rsp_error(&a->prompt->r, (int)v->t->line, "test %llu has no true or "
                            "false \"testPassed\".",
                            (unsigned long long)get(v->t, "tcId")->count);
    *must_refuse = !n->truth;
    return 0;
}

/* kem_case decodes an ML-KEM test; 1 a case, 0 not run (*skip says why), -1. */
static int kem_case(acvp_run *a, const acvp_test *v, const char *fn, kat_case *c,
                    const char **skip)
{
    cb_kem_sizes z;
    cb_kem_sizes_of(c->alg, &z);
    if (a->mode == 0) {
        c->acvp = KAT_ACVP_KEM_KEYGEN;
        return slot(a, v, c, KAT_KEM_D, "d", 32) || slot(a, v, c, KAT_KEM_Z, "z", 32) ||
                       slot(a, v, c, KAT_KEM_EK, "ek", z.ek) ||
                       slot(a, v, c, KAT_KEM_DK, "dk", z.dk)
                   ? -1 : 1;
    }
    if (fn && strcmp(fn, "encapsulation") == 0) {
        c->acvp = KAT_ACVP_ENCAPS;
        return slot(a, v, c, KAT_KEM_EK, "ek", z.ek) || slot(a, v, c, KAT_KEM_M, "m", 32) ||
                       slot(a, v, c, KAT_KEM_C, "c", z.ct) ||
                       slot(a, v, c, KAT_KEM_K, "k", z.ss)
                   ? -1 : 1;
    }
    if (fn && strcmp(fn, "decapsulation") == 0) {
        c->acvp = KAT_ACVP_DECAPS;
        return slot(a, v, c, KAT_KEM_DK, "dk", z.dk) || slot(a, v, c, KAT_KEM_C, "c", z.ct) ||
                       slot(a, v, c, KAT_KEM_K, "k", z.ss)
                   ? -1 : 1;
    }
    if (fn && strcmp(fn, "encapsulationKeyCheck") == 0) {
        /* FIPS 203 7.2's checks: a wrong length is refused as the modulus check
         * refuses a coefficient of q or more */
        c->acvp = KAT_ACVP_EK_CHECK;
        return slot(a, v, c, KAT_KEM_EK, "ek", 0) || passed_field(a, v, &c->reject) ? -1 : 1;
    }
    if (fn && strcmp(fn, "decapsulationKeyCheck") == 0) {
        *skip = "ML-KEM decapsulationKeyCheck: cryptobench's ML-KEM has no check of dk "
                "(FIPS 203 7.3's hash check), so these tests are not run";
        return 0;
    }
    return cb_rsp_error(&a->prompt->r, (int)v->g->line, "an encapDecap test group's "
                        "\"function\" is encapsulation, decapsulation, "
                        "encapsulationKeyCheck or decapsulationKeyCheck, not \"%.40s\".",
                        fn ? fn : "(none)");
}

/* dsa_prefix builds M''s prefix for the group's interface into c->aad: pure external
 * ML-DSA's 0 || len(ctx) || ctx (FIPS 204 Algorithm 2), nothing for the internal
 * interface, whose message is M' itself.  0, -1, or 2 with *skip set. */
static int dsa_prefix(acvp_run *a, const acvp_test *v, kat_case *c, const char **skip)
{
    const char *iface = get_str(v->g, "signatureInterface"), *pre = get_str(v->g, "preHash");
    const node *mu = get(v->g, "externalMu");
    if (pre && strcmp(pre, "preHash") == 0) {
        *skip = "ML-DSA preHash groups: HashML-DSA (FIPS 204 Algorithm 4) is not in "
                "cryptobench's ML-DSA, so these tests are not run";
        return 2;
    }
    if (mu && mu->type == 'b' && mu->truth) {
        *skip = "ML-DSA externalMu groups: cryptobench's ML-DSA computes mu itself and "
                "takes no external mu, so these tests are not run";
        return 2;
    }
    /* files from before signatureInterface existed sign M' as given */
    if (!iface || strcmp(iface, "internal") == 0)
        return 0;
    if (strcmp(iface, "external") != 0)
        return cb_rsp_error(&a->prompt->r, (int)v->g->line, "\"signatureInterface\" is "
                            "internal or external, not \"%.40s\".", iface);
    uint8_t *ctx = NULL;
    size_t n = 0;
    if (field(v, "context") && hex_field(a, v, "context", 0, &ctx, &n) != 0) {
        free(ctx);
        return -1;
    }
    if (n > 255) {
        free(ctx);
        return cb_rsp_error(&a->prompt->r, (int)v->t->line, "a context has at most 255 "
                            "bytes (FIPS 204 Algorithm 2), and this one has %zu.", n);
    }
    c->aad = cb_xmalloc(n + 2);
    c->aad[0] = 0;
    c->aad[1] = (uint8_t)n;
    if (n)
        memcpy(c->aad + 2, ctx, n);
    c->aad_len = n + 2;
    free(ctx);
    return 0;
}

/* dsa_case decodes an ML-DSA test; 1 a case, 0 not run (*skip says why), -1. */
static int dsa_case(acvp_run *a, const acvp_test *v, kat_case *c, const char **skip)
{
    cb_sig_sizes z;
    cb_sig_sizes_of(c->alg, &z);
    if (a->mode == 2) {
        c->acvp = KAT_ACVP_DSA_KEYGEN;
        return slot(a, v, c, KAT_DSA_XI, "seed", 32) || slot(a, v, c, KAT_DSA_PK, "pk", z.pk) ||
                       slot(a, v, c, KAT_DSA_SK, "sk", z.sk)
                   ? -1 : 1;
    }
    int rc = dsa_prefix(a, v, c, skip);
    if (rc)
        return rc == 2 ? 0 : -1;
    if (hex_field(a, v, "message", 0, &c->msg, &c->msg_len) != 0)
        return -1;
    if (a->mode == 3) {
        c->acvp = KAT_ACVP_SIGGEN;
        const node *det = get(v->g, "deterministic");
        if (slot(a, v, c, KAT_DSA_SK, "sk", z.sk) || slot(a, v, c, KAT_DSA_SIG, "signature", z.sig))
            return -1;
        if (det && det->type == 'b' && det->truth) {
            c->kem[KAT_DSA_RND] = cb_xcalloc(1, 32); /* deterministic: rnd = 0^32 */
            c->kem_len[KAT_DSA_RND] = 32;
            return 1;
        }
        return slot(a, v, c, KAT_DSA_RND, "rnd", 32) ? -1 : 1;
    }
    c->acvp = KAT_ACVP_SIGVER;
    /* a signature of the wrong length is one of the failing cases: kept as it is */
    return slot(a, v, c, KAT_DSA_PK, "pk", z.pk) || slot(a, v, c, KAT_DSA_SIG, "signature", 0) ||
                   passed_field(a, v, &c->reject)
               ? -1 : 1;
}

/* note_skip counts a test not run for why, by reason, in res. */
static void note_skip(cb_kat_result *res, const char *why, int new_group)
{
    size_t i = 0;
    while (i < res->nskips && strcmp(res->skips[i].why, why) != 0)
        i++;
    if (i == res->nskips) {
        if (res->nskips == CB_KAT_SKIP_KINDS)
            i--; /* more reasons than slots: the last one counts the rest */
        else
            snprintf(res->skips[res->nskips++].why, sizeof res->skips[0].why, "%s", why);
    }
    res->skips[i].cases++;
    res->skips[i].groups += new_group;
}

/* find_by: the element of array arr whose member key is the whole number id. */
static const node *find_by(const node *arr, const char *key, uint64_t id)
{
    for (size_t i = 0; arr && arr->type == 'a' && i < arr->n; i++) {
        const node *k = get(&arr->kids[i], key);
        if (k && k->type == 'n' && k->is_count && k->count == id)
            return &arr->kids[i];
    }
    return NULL;
}

/* id_of reads v's whole-number id (tgId, tcId); -1 with the error set. */
static int id_of(acvp_run *a, const node *v, const char *key, uint64_t *id)
{
    const node *k = get(v, key);
    if (!k || k->type != 'n' || !k->is_count)
        return cb_rsp_error(&a->prompt->r, (int)v->line, "a test%s has no whole-number "
                            "\"%s\".", strcmp(key, "tgId") == 0 ? " group" : "", key);
    *id = k->count;
    return 0;
}

/* run_test decodes one test and runs it on every variant; -1 refused, 1 faulted. */
static int run_test(acvp_run *a, acvp_test *v, const cb_alg *alg, uint64_t tg, int *first)
{
    uint64_t tc = 0; /* set by id_of; zero keeps gcc -O2 on armv4 from warning */
    if (id_of(a, v->t, "tcId", &tc) != 0)
        return -1;
    if (a->results) {
        v->rt = find_by(get(v->rg, "tests"), "tcId", tc);
        if (!v->rt)
            return cb_rsp_error(&a->results->r, (int)v->rg->line, "the results have no "
                                "tcId %llu in tgId %llu.", (unsigned long long)tc,
                                (unsigned long long)tg);
    }
    kat_case c;
    memset(&c, 0, sizeof c);
    c.alg = alg;
    c.dir = CB_DIR_KEYGEN;
    c.line = (int)v->t->line;
    const char *fn = get_str(v->g, "function"), *skip = NULL;
    snprintf(c.label, sizeof c.label, "tcId %llu (tgId %llu, %s%s%.24s)",
             (unsigned long long)tc, (unsigned long long)tg, alg->heading, fn ? " " : "",
             fn ? fn : "");
    int rc = alg->kind == CB_KIND_KEM ? kem_case(a, v, fn, &c, &skip) : dsa_case(a, v, &c, &skip);
    int sig = 0;
    if (rc == 0) {
        note_skip(a->res, skip, *first);
        *first = 0;
    } else if (rc > 0) {
        a->res->cases++;
        sig = kat_tally(a->f, &c, a->o, a->res);
    }
    kat_case_free(&c);
    if (sig) {
        a->res->status = CB_KAT_FAULTED;
        return 1;
    }
    return rc < 0 ? -1 : 0;
}

/* run_groups runs every test of every group; -1 refused, 1 faulted, 0. */
static int run_groups(acvp_run *a)
{
    const node *groups = get(a->prompt->vs, "testGroups");
    for (size_t g = 0; g < groups->n; g++) {
        acvp_test v = {NULL, &groups->kids[g], NULL, NULL};
        uint64_t tg = 0; /* likewise */
        if (id_of(a, v.g, "tgId", &tg) != 0)
            return -1;
        const char *set = get_str(v.g, "parameterSet");
        const cb_alg *alg = set ? cb_alg_find(set) : NULL;
        if (!alg || kat_format_kind(a->f->id.format) != alg->kind)
            return cb_rsp_error(&a->prompt->r, (int)v.g->line, "tgId %llu names no %s "
                                "parameter set (\"parameterSet\": %.40s).",
                                (unsigned long long)tg, modes[a->mode].algorithm,
                                set ? set : "missing");
        if (a->results) {
            v.rg = find_by(get(a->results->vs, "testGroups"), "tgId", tg);
            if (!v.rg)
                return cb_rsp_error(&a->results->r, 0, "the results have no tgId %llu.",
                                    (unsigned long long)tg);
        }
        const node *tests = get(v.g, "tests");
        if (!tests || tests->type != 'a')
            return cb_rsp_error(&a->prompt->r, (int)v.g->line, "tgId %llu has no "
                                "\"tests\" array.", (unsigned long long)tg);
        int first = 1;
        for (size_t t = 0; t < tests->n; t++) {
            v.t = &tests->kids[t];
            int rc = run_test(a, &v, alg, tg, &first);
            if (rc)
                return rc;
        }
    }
    return 0;
}

/* same_set: do the two halves of a pair describe the same vector set? */
static int same_set(const acvp_doc *p, const acvp_doc *r)
{
    static const char *const keys[] = {"algorithm", "mode", "revision"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *a = get_str(p->vs, keys[i]), *b = get_str(r->vs, keys[i]);
        if (b && (!a || strcmp(a, b) != 0))
            return 0;
    }
    return 1;
}

/* read_half reads one half of a vector set; a partner found beside the file given
 * (found) that cannot be opened is refused saying where it was looked for. */
static int read_half(acvp_doc *d, const char *path, int found, const char *given)
{
    if (doc_read(d, path) == 0)
        return 0;
    if (found && !d->r.text[0])
        cb_rsp_error(&d->r, 0, "this is the other half of the ACVP vector set of %s: a "
                     "prompt.json and its expectedResults.json go in the same folder, and "
                     "this one cannot be read.", given);
    return -1;
}

/* open_pair reads the prompt (and the results) into a; -1 with res->err set. */
static int open_pair(acvp_run *a, const char *path, const char *results)
{
    int is_results = 0;
    char *other = results ? NULL : partner_path(path, &is_results);
    const char *prompt_path = is_results ? other : path;
    const char *results_path = results ? results : is_results ? path : other;
    acvp_doc *bad = a->prompt;
    int rc = read_half(a->prompt, prompt_path, is_results, path);
    if (rc == 0 && results_path) {
        bad = a->results;
        rc = read_half(a->results, results_path, other && !is_results, path);
    } else if (rc == 0) {
        a->results = NULL;
    }
    if (rc == 0) {
        bad = a->prompt;
        rc = identify(a->prompt, &a->mode);
    }
    if (rc == 0 && a->results && !same_set(a->prompt, a->results)) {
        bad = a->results;
        rc = cb_rsp_error(&a->results->r, 0, "these results are not of the vector set of "
                          "%s (their algorithm, mode or revision differ).", prompt_path);
    }
    if (rc != 0)
        snprintf(a->res->err, sizeof a->res->err, "%s", bad->r.err);
    free(other);
    return rc;
}

void kat_acvp_run(const char *path, const char *results, const cb_kat_opts *o,
                  cb_kat_result *res)
{
    acvp_doc prompt, answers;
    memset(&prompt, 0, sizeof prompt);
    memset(&answers, 0, sizeof answers);
    acvp_run a = {NULL, o, res, &prompt, &answers, 0};
    kat_file f;
    memset(&f, 0, sizeof f);
    res->status = CB_KAT_REFUSED;
    if (o->alg) {
        snprintf(res->err, sizeof res->err, "-alg %s: %s is an ACVP file, which names its "
                 "algorithm and parameter sets itself; leave -alg out.", o->alg, path);
    } else if (open_pair(&a, path, results) == 0) {
        res->id.alg = cb_alg_find(modes[a.mode].alg);
        res->id.format = strcmp(modes[a.mode].algorithm, "ML-KEM") == 0 ? CB_KAT_KEM
                                                                         : CB_KAT_MLDSA;
        f.path = path;
        f.id = res->id;
        a.f = &f;
        if (kat_select_variants(o, res) == 0) {
            res->status = CB_KAT_PASSED;
            int rc = run_groups(&a);
            if (rc < 0) {
                res->status = CB_KAT_REFUSED;
                const cb_rsp *bad = a.results && a.results->r.err[0] ? &a.results->r : &prompt.r;
                snprintf(res->err, sizeof res->err, "%s", bad->err);
            } else if (rc == 0 && res->cases == 0 && res->nskips == 0) {
                res->status = CB_KAT_REFUSED;
                snprintf(res->err, sizeof res->err, "%s holds no ACVP tests.", path);
            }
        }
    }
    doc_free(&prompt);
    if (a.results)
        doc_free(&answers);
}
