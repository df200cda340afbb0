/*
 * kernels/check/kat/kat_pkey.c - decoding and checking NIST CAVP signature records (see
 * kernels/check/kat/kat_pkey.h for what each file kind checks).
 *
 * Layouts, as the CAVP files have them (blank-line separated records in braces):
 *   SigGen15  [mod = N]  {n, e}  then records {SHAAlg, Msg, S}
 *   SigVer15  [mod = N]  {n}  {p}  {q}  then {SHAAlg, e, d, Msg, S, SaltVal, Result}
 *   DSA       [mod = L=.., N=.., SHA-..]  {P, Q, G}  then {Msg, X, Y, R, S[, Result]}
 * A record without Msg sets the group's key; a record with Msg is a case.
 *   X25519    no sections; {COUNT, INPUT_SCALAR, INPUT_U, OUTPUT_U}, 32 bytes each
 *             (python3-cryptography-vectors' rfc7748.txt, RFC 7748 5.2)
 *   Ed25519   sign.input: one line per record, SK:PK:MSG:SIG: with SK the 32-byte
 *             seed and the public key, SIG the 64-byte signature and the message
 *   ECDSA     [P-256,SHA-256] (FIPS 186-3) or [P-256] (186-2: SHA-1) then records
 *             {Msg, Qx, Qy, R, S[, Result]}, SigGen.txt's with d and k too; every
 *             record of the row's curve (ecdsap256's P-256, ecdsap384's P-384 ...,
 *             kernels/curves.h) is a case, the other curves' are skipped; PKV.rsp's
 *             {Qx, Qy, Result} and KeyPair.rsp's {d, Qx, Qy} records too (those rows).
 *             A binary-curve row (-alg ecdsak163 .. ecdsab571) reads its own curve's
 *             sections the same way ([K-163,SHA-256], 186-2's [K-163]).
 *   ECDH      an ecdh<id> row: RFC 7027's brainpool.txt {COUNT, curve, dA, x_qA, y_qA,
 *             dB, x_qB, y_qB, x_Z, y_Z} (no sections; the row's curve's records run)
 *             and the KAS ZZOnly files, [EA - SHA1] .. [EE - SHA512] (P-192 .. P-521,
 *             SP 800-56A's parameter sets) then {dsCAVS, QsCAVSx, QsCAVSy, dsIUT,
 *             QsIUTx, QsIUTy, Z, Result}: d = dsIUT must give QsIUT and, with the
 *             CAVS key, Z; a record whose Result is F must not
 *   KAS FFC   KASValidityTest_FFCStatic_NOKC_ZZOnly_{init,resp}.fax: [FA - SHA1]
 *             then {P, Q, G}, then records {COUNT, XstatCAVS, YstatCAVS, XstatIUT,
 *             YstatIUT, Z, CAVSHashZZ, Result}; every record is a case
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/check/kat/kat_pkey.h"
#include "base/common.h"
#include "kernels/pkey/ec2m.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/ecp.h"
#include "kernels/pkey/pkey.h"
#include "kernels/op.h"
#include "kernels/registry.h"

/* blob: a decoded hex field. */
typedef struct blob {
    uint8_t *b;
    size_t len;
} blob;

struct cb_kat_pkey {
    int dsa, ecdsa;
    const char *curve; /* ECDSA on a binary curve ("K-163"), else NULL */
    char cavp[16];     /* ECDSA: the CAVP name of the row's curve ("P-256", "P-384",
                        * "K-256" for secp256k1, "K-163") */
    const cb_ecp_params *ecp; /* an ecdsa<id> row of kernels/curves.h (else P-256's) */
    const cb_ecp_params *ecdh; /* an ecdh<id> row */
    int x25519, ed25519;
    int c448, ed448; /* c448 with x25519: X448's sizes; ed448: Ed448's records */
    int ffdh;
    blob n, e;    /* RSA: the group's modulus; SigGen15's exponent */
    blob p, q, g; /* DSA, FFDH: the group's domain parameters */
};

struct cb_kat_sig {
    int dsa, ecdsa;        /* ecdsa: x = d, y = Qx, p = Qy, q = k (d and k optional) */
    const char *curve;     /* ECDSA: NULL for P-256, else the binary curve */
    const cb_alg *hash;    /* ECDSA: the section's digest */
    const cb_ecp_params *ecp; /* ECDSA on the generic curve code: the curve */
    int key_only;          /* a PKV or KeyPair record: (Qx, Qy) in y, p; d in x */
    const cb_ecp_params *ecdh; /* ECDH: x = d, g, q = our Q, y, p = the peer's, s = Z */
    int x25519;            /* x: the scalar, y: u, s: the expected output */
    int ed25519;           /* x: the seed, y: the public key, s: the signature */
    int c448;              /* with x25519: X448 (56-byte fields) */
    int ed448;             /* as ed25519 for Ed448, and q: the context */
    int ffdh;              /* p, q, g; x, y: the IUT's key pair, r: the CAVS public
                            * key, s: the expected Z */
    int has_result, valid; /* SigVer's Result (has_result 0: a SigGen record, valid) */
    char reason[64];       /* the text after "F" in Result */
    blob n, e, d;          /* RSA */
    blob p, q, g, x, y, r; /* DSA */
    blob msg, s;
};

/* Skip reasons (static: the case keeps the pointer). */
static const char skip_hash[] = "a hash other than SHA-256, the one cryptobench signs with";
static const char skip_curve[] = "a curve other than the row's (-alg ecdsa<curve> reads it)";
static const char skip_digest[] = "a digest this build lacks";
static const char skip_key_only[] = "a key record, which the ecdsa<curve> rows check";

static void blob_free(blob *x)
{
    free(x->b);
    x->b = NULL;
    x->len = 0;
}

/* blob_copy sets dst to a copy of src. */
static void blob_copy(blob *dst, const blob *src)
{
    dst->len = src->len;
    dst->b = cb_xmalloc(src->len ? src->len : 1);
    memcpy(dst->b, src->b, src->len);
}

/* field decodes the hex field name into x: 1 done, 0 absent, -1 malformed. */
static int field(cb_rsp *r, const cb_rsp_record *rec, const char *name, blob *x)
{
    const cb_rsp_field *f = cb_rsp_get(rec, name);
    if (!f)
        return 0;
    blob_free(x);
    return cb_rsp_hex(r, f, &x->b, &x->len) < 0 ? -1 : 1;
}

/* need decodes a field the record must have; -1 with FILE:LINE when it lacks it. */
static int need(cb_rsp *r, const cb_rsp_record *rec, const char *name, blob *x)
{
    int rc = field(r, rec, name, x);
    if (rc == 0)
        return cb_rsp_error(r, rec->line, "the record has no %s field.", name);
    return rc;
}

static cb_pkey_num num(const blob *x)
{
    cb_pkey_num n = {x->b, x->len};
    return n;
}

cb_kat_pkey *cb_kat_pkey_new(const cb_alg *alg)
{
    cb_kat_pkey *st = cb_xcalloc(1, sizeof *st);
    st->dsa = strncmp(alg->name, "dsa", 3) == 0;
    int derive = 1;
    st->ecp = cb_ecp_of_alg(alg, &derive);
    if (derive) {
        st->ecdh = st->ecp;
        st->ecp = NULL;
    }
    st->ecdsa = alg->prim == CB_PRIM_P256 || st->ecp;
    st->curve = cb_ec2m_curve_of(alg);
    st->ecdsa |= st->curve != NULL;
    if (st->curve)
        snprintf(st->cavp, sizeof st->cavp, "%s", st->curve);
    else if (st->ecp && strcmp(st->ecp->id, "secp256k1") == 0)
        snprintf(st->cavp, sizeof st->cavp, "K-256");
    else if (st->ecp)
        snprintf(st->cavp, sizeof st->cavp, "P-%.8s", st->ecp->id + 1);
    else
        snprintf(st->cavp, sizeof st->cavp, "P-256");
    st->x25519 = alg->prim == CB_PRIM_C25519 && alg->out_bytes > 0;
    st->ed25519 = alg->prim == CB_PRIM_C25519 && alg->out_bytes == 0;
    st->c448 = alg->prim == CB_PRIM_C448;
    st->x25519 |= st->c448 && alg->out_bytes > 0;
    st->ed448 = st->c448 && alg->out_bytes == 0;
    st->ffdh = strncmp(alg->name, "ffdh", 4) == 0;
    return st;
}

void cb_kat_pkey_free(cb_kat_pkey *st)
{
    if (!st)
        return;
    blob *all[] = {&st->n, &st->e, &st->p, &st->q, &st->g};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        blob_free(all[i]);
    free(st);
}

void cb_kat_sig_free(cb_kat_sig *c)
{
    if (!c)
        return;
    blob *all[] = {&c->n, &c->e, &c->d, &c->p, &c->q, &c->g,
                   &c->x, &c->y, &c->r, &c->msg, &c->s};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        blob_free(all[i]);
    free(c);
}

/* result reads SigVer's "Result = P" or "Result = F (reason)" if present. */
static int result(cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c)
{
    const cb_rsp_field *f = cb_rsp_get(rec, "Result");
    if (!f)
        return 0;
    if (f->value[0] != 'P' && f->value[0] != 'F')
        return cb_rsp_error(r, f->line, "Result = %.20s is neither P nor F.", f->value);
    c->has_result = 1;
    c->valid = f->value[0] == 'P';
    snprintf(c->reason, sizeof c->reason, "%s", f->value + 1 + (f->value[1] == ' '));
    return 0;
}

/* decode_rsa: SigGen15 / SigVer15 records. */
static int decode_rsa(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c,
                      const char **skip)
{
    if (!cb_rsp_get(rec, "Msg")) {
        /* a key record: {n, e}, {n}, {p} or {q} (p and q are not needed) */
        int got_n = field(r, rec, "n", &st->n), got_e = field(r, rec, "e", &st->e);
        if (got_n < 0 || got_e < 0)
            return -1;
        if (!got_n && !got_e && !cb_rsp_get(rec, "p") && !cb_rsp_get(rec, "q"))
            return cb_rsp_error(r, rec->line, "the record has neither Msg nor n, e, p, q.");
        return 0;
    }
    const cb_rsp_field *alg = cb_rsp_get(rec, "SHAAlg");
    if (!alg)
        return cb_rsp_error(r, rec->line, "the record has no SHAAlg field.");
    if (!st->n.b)
        return cb_rsp_error(r, rec->line, "a signature record comes before the group's n.");
    blob_copy(&c->n, &st->n);
    /* e in a signature record holds for the records after it too (SigGen15_186-2
     * gives it once, in the group's first record) */
    if (field(r, rec, "e", &st->e) < 0)
        return -1;
    if (!st->e.b)
        return cb_rsp_error(r, rec->line, "the record has no e, and its group gives none.");
    blob_copy(&c->e, &st->e);
    if (field(r, rec, "d", &c->d) < 0 || need(r, rec, "Msg", &c->msg) < 0 ||
        need(r, rec, "S", &c->s) < 0 || result(r, rec, c) < 0)
        return -1;
    if (strcmp(alg->value, "SHA256") != 0)
        *skip = skip_hash;
    return 1;
}

/* dsa_group_hash checks the group header [mod = L=.., N=.., SHA-..]; sets *sha256. */
static int dsa_group_hash(cb_rsp *r, const cb_rsp_record *rec, int *sha256)
{
    const cb_rsp_field *h = cb_rsp_section(r, "mod");
    const char *sha = h ? strstr(h->value, "SHA-") : NULL;
    if (!h || !strstr(h->value, "L=") || !sha)
        return cb_rsp_error(r, h ? h->line : rec->line,
                            "expected a DSA group header [mod = L=..., N=..., SHA-...] "
                            "(for an ECDSA file give -alg ecdsap256).");
    *sha256 = strcmp(sha, "SHA-256") == 0;
    return 0;
}

/* decode_dsa: FIPS 186-3 SigGen / SigVer records. */
static int decode_dsa(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c,
                      const char **skip)
{
    int sha256 = 0;
    if (dsa_group_hash(r, rec, &sha256) < 0)
        return -1;
    if (!cb_rsp_get(rec, "Msg")) {
        /* the group's domain parameters */
        if (need(r, rec, "P", &st->p) < 0 || need(r, rec, "Q", &st->q) < 0 ||
            need(r, rec, "G", &st->g) < 0)
            return -1;
        return 0;
    }
    if (!st->p.b)
        return cb_rsp_error(r, rec->line, "a signature record comes before the group's P, "
                                          "Q and G.");
    blob_copy(&c->p, &st->p);
    blob_copy(&c->q, &st->q);
    blob_copy(&c->g, &st->g);
    if (need(r, rec, "Msg", &c->msg) < 0 || field(r, rec, "X", &c->x) < 0 ||
        need(r, rec, "Y", &c->y) < 0 || need(r, rec, "R", &c->r) < 0 ||
        need(r, rec, "S", &c->s) < 0 || result(r, rec, c) < 0)
        return -1;
    if (!sha256)
        *skip = skip_hash;
    return 1;
}

/* ecdsa_section finds the group's curve header, [P-256,SHA-256] or 186-2's [P-256]
 * (whose hash is SHA-1), and sets *mine (the curve is `curve`) and *hash (NULL when
 * not built). */
static int ecdsa_section(cb_rsp *r, const cb_rsp_record *rec, const char *curve, int *mine,
                         const cb_alg **hash)
{
    static const struct {
        const char *cavp, *ours;
    } digests[] = {{"SHA-1", "sha1"},     {"SHA-224", "sha224"}, {"SHA-256", "sha256"},
                   {"SHA-384", "sha384"}, {"SHA-512", "sha512"}};
    const cb_rsp_field *h = NULL;
    for (size_t i = 0; i < r->nsections; i++) {
        const char *n = r->sections[i].name;
        if (strchr("PKB", n[0]) && n[1] == '-')
            h = &r->sections[i];
    }
    if (!h)
        return cb_rsp_error(r, rec->line, "expected an ECDSA section header [P-256,SHA-256] "
                                          "(for a DSA file give -alg dsa2048).");
    const char *comma = strchr(h->name, ',');
    size_t clen = comma ? (size_t)(comma - h->name) : strlen(h->name);
    *mine = clen == strlen(curve) && strncmp(h->name, curve, clen) == 0;
    const char *want = comma ? comma + 1 : "SHA-1";
    *hash = NULL;
    for (size_t i = 0; i < sizeof digests / sizeof digests[0]; i++)
        if (strcmp(digests[i].cavp, want) == 0) {
            const cb_alg *d = cb_alg_find(digests[i].ours);
            *hash = d && cb_variant_generic(d) ? d : NULL;
        }
    return 0;
}

/* decode_ffdh: KAS FFC ZZ-only records: {P, Q, G} sets the group, a record with
 * COUNT is a case. */
static int decode_ffdh(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c)
{
    if (!cb_rsp_get(rec, "COUNT")) {
        if (need(r, rec, "P", &st->p) < 0 || need(r, rec, "Q", &st->q) < 0 ||
            need(r, rec, "G", &st->g) < 0)
            return -1;
        return 0;
    }
    if (!st->p.b)
        return cb_rsp_error(r, rec->line, "a KAS record comes before the group's P, Q and G.");
    blob_copy(&c->p, &st->p);
    blob_copy(&c->q, &st->q);
    blob_copy(&c->g, &st->g);
    if (need(r, rec, "XstatIUT", &c->x) < 0 || need(r, rec, "YstatIUT", &c->y) < 0 ||
        need(r, rec, "YstatCAVS", &c->r) < 0 || need(r, rec, "Z", &c->s) < 0 ||
        result(r, rec, c) < 0)
        return -1;
    if (!c->has_result)
        return cb_rsp_error(r, rec->line, "the record has no Result field.");
    return 1;
}

/* decode_ecdsa: FIPS 186-2/186-3 ECDSA SigGen and SigVer records. */
static int decode_ecdsa(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c,
                        const char **skip)
{
    int mine = 0;
    if (ecdsa_section(r, rec, st->cavp, &mine, &c->hash) < 0)
        return -1;
    if (!mine) { /* not decoded: another row's */
        *skip = skip_curve;
        return 1;
    }
    c->ecp = st->ecp;
    r->odd_hex = 1; /* P-521's numbers have an odd count of digits */
    if (!cb_rsp_get(rec, "Msg")) { /* PKV.rsp {Qx, Qy, Result}, KeyPair.rsp {d, Qx, Qy} */
        if (!cb_rsp_get(rec, "Qx"))
            return 0; /* KeyPair.rsp's N = 10 */
        c->key_only = 1;
        if (need(r, rec, "Qx", &c->y) < 0 || need(r, rec, "Qy", &c->p) < 0 ||
            field(r, rec, "d", &c->x) < 0 || result(r, rec, c) < 0)
            return -1;
        if (!c->ecp)
            *skip = skip_key_only;
        return 1;
    }
    if (need(r, rec, "Msg", &c->msg) < 0 || need(r, rec, "Qx", &c->y) < 0 ||
        need(r, rec, "Qy", &c->p) < 0 || need(r, rec, "R", &c->r) < 0 ||
        need(r, rec, "S", &c->s) < 0 || field(r, rec, "d", &c->x) < 0 ||
        field(r, rec, "k", &c->q) < 0 || result(r, rec, c) < 0)
        return -1;
    if (!c->hash)
        *skip = skip_digest;
    return 1;
}

/* ecdh_curve_ok reports whether the record is of the row's curve: brainpool.txt's
 * curve field, or the KAS files' [EA - ...] .. [EE - ...] section. */
static int ecdh_curve_ok(const cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec)
{
    static const char *const sets[] = {"p192", "p224", "p256", "p384", "p521"}; /* EA..EE */
    const cb_rsp_field *f = cb_rsp_get(rec, "curve");
    if (f)
        return cb_ecp_find(f->value) == st->ecdh;
    for (size_t i = 0; i < r->nsections; i++) {
        const char *n = r->sections[i].name;
        if (n[0] == 'E' && n[1] >= 'A' && n[1] <= 'E' && n[2] == ' ')
            return strcmp(sets[n[1] - 'A'], st->ecdh->id) == 0;
    }
    return 0;
}

/* decode_ecdh: brainpool.txt's and the KAS ZZOnly files' records. */
static int decode_ecdh(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c,
                       const char **skip)
{
    int kas = cb_rsp_get(rec, "dsIUT") != NULL;
    if (!kas && !cb_rsp_get(rec, "dA"))
        return 0; /* not a record: the KAS files' header lines */
    if (!ecdh_curve_ok(st, r, rec)) {
        *skip = skip_curve;
        return 1;
    }
    c->ecdh = st->ecdh;
    r->odd_hex = 1; /* P-521's numbers */
    if (need(r, rec, kas ? "dsIUT" : "dA", &c->x) < 0 ||
        need(r, rec, kas ? "QsIUTx" : "x_qA", &c->g) < 0 ||
        need(r, rec, kas ? "QsIUTy" : "y_qA", &c->q) < 0 ||
        need(r, rec, kas ? "QsCAVSx" : "x_qB", &c->y) < 0 ||
        need(r, rec, kas ? "QsCAVSy" : "y_qB", &c->p) < 0 ||
        need(r, rec, kas ? "Z" : "x_Z", &c->s) < 0 || result(r, rec, c) < 0)
        return -1;
    return 1;
}

/* need32 decodes a field the record must have, of exactly 32 bytes. */
/* xdh_len: the bytes of X25519's (32) or X448's (56) fields. */
static size_t xdh_len(const cb_kat_sig *c)
{
    return c->c448 ? CB_X448_BYTES : 32;
}

/* need_n decodes a field the record must have, of exactly n bytes (what, its name). */
static int need_n(cb_rsp *r, const cb_rsp_record *rec, const char *name, blob *x, size_t n,
                  const char *what)
{
    if (need(r, rec, name, x) < 0)
        return -1;
    if (x->len != n)
        return cb_rsp_error(r, rec->line, "%s has %zu bytes; %s takes %zu.", name, x->len, what,
                            n);
    return 0;
}

/* decode_x25519: {COUNT, INPUT_SCALAR, INPUT_U, OUTPUT_U}, of X25519 or X448. */
static int decode_x25519(cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c)
{
    size_t n = xdh_len(c);
    const char *what = c->c448 ? "X448" : "X25519";
    if (need_n(r, rec, "INPUT_SCALAR", &c->x, n, what) < 0 ||
        need_n(r, rec, "INPUT_U", &c->y, n, what) < 0 ||
        need_n(r, rec, "OUTPUT_U", &c->s, n, what) < 0)
        return -1;
    return 1;
}

/* decode_ed448: {COUNT, SECRET, PUBLIC, MESSAGE, CONTEXT (optional), SIGNATURE}, as
 * the package's rfc8032.txt has RFC 8032 7.4's tests. */
static int decode_ed448(cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c)
{
    if (need_n(r, rec, "SECRET", &c->x, CB_ED448_BYTES, "Ed448") < 0 ||
        need_n(r, rec, "PUBLIC", &c->y, CB_ED448_BYTES, "Ed448") < 0 ||
        need(r, rec, "MESSAGE", &c->msg) < 0 || field(r, rec, "CONTEXT", &c->q) < 0 ||
        need_n(r, rec, "SIGNATURE", &c->s, CB_ED448_SIG_BYTES, "Ed448") < 0)
        return -1;
    if (c->q.len > 255)
        return cb_rsp_error(r, rec->line, "CONTEXT has %zu bytes; Ed448 takes at most 255.",
                            c->q.len);
    return 1;
}

static const char *const ed25519_columns[] = {"SK", "PK", "MSG", "SIG", NULL};

const char *const *cb_kat_pkey_columns(const cb_alg *alg)
{
    return alg->prim == CB_PRIM_C25519 && alg->out_bytes == 0 ? ed25519_columns : NULL;
}

/* decode_ed25519: SK is seed || public key, SIG the signature then the message. */
static int decode_ed25519(cb_rsp *r, const cb_rsp_record *rec, cb_kat_sig *c)
{
    blob sk = {0}, sm = {0};
    int rc = need(r, rec, "SK", &sk) < 0 || need(r, rec, "PK", &c->y) < 0 ||
                     need(r, rec, "MSG", &c->msg) < 0 || need(r, rec, "SIG", &sm) < 0
                 ? -1
                 : 1;
    if (rc == 1 && (sk.len != 64 || c->y.len != 32 || memcmp(sk.b + 32, c->y.b, 32) != 0))
        rc = cb_rsp_error(r, rec->line, "SK is not a 32-byte seed followed by PK.");
    else if (rc == 1 && (sm.len != 64 + c->msg.len || memcmp(sm.b + 64, c->msg.b, c->msg.len)))
        rc = cb_rsp_error(r, rec->line, "SIG is not a 64-byte signature followed by MSG.");
    if (rc == 1) {
        c->x.len = 32;
        c->x.b = cb_xmalloc(32);
        memcpy(c->x.b, sk.b, 32);
        c->s.len = 64;
        c->s.b = cb_xmalloc(64);
        memcpy(c->s.b, sm.b, 64);
    }
    blob_free(&sk);
    blob_free(&sm);
    return rc;
}

int cb_kat_pkey_decode(cb_kat_pkey *st, cb_rsp *r, const cb_rsp_record *rec,
                       cb_kat_sig **out, char *label, size_t label_len, const char **skip)
{
    cb_kat_sig *c = cb_xcalloc(1, sizeof *c);
    c->dsa = st->dsa;
    c->ecdsa = st->ecdsa;
    c->curve = st->curve;
    c->x25519 = st->x25519;
    c->ed25519 = st->ed25519;
    c->c448 = st->c448;
    c->ed448 = st->ed448;
    c->ffdh = st->ffdh;
    c->valid = 1;
    int rc = st->ffdh      ? decode_ffdh(st, r, rec, c)
             : st->x25519  ? decode_x25519(r, rec, c)
             : st->ed25519 ? decode_ed25519(r, rec, c)
             : st->ed448   ? decode_ed448(r, rec, c)
             : st->ecdh    ? decode_ecdh(st, r, rec, c, skip)
             : st->ecdsa   ? decode_ecdsa(st, r, rec, c, skip)
             : st->dsa     ? decode_dsa(st, r, rec, c, skip)
                           : decode_rsa(st, r, rec, c, skip);
    if (rc != 1) {
        cb_kat_sig_free(c);
        return rc;
    }
    const cb_rsp_field *mod = cb_rsp_section(r, "mod"), *count = cb_rsp_get(rec, "COUNT");
    if (st->ed25519)
        snprintf(label, label_len, "line %d", rec->line);
    else if (st->x25519 || st->ed448 || st->ecdh)
        snprintf(label, label_len, "COUNT = %.40s", count ? count->value : "?");
    else if (st->ffdh)
        snprintf(label, label_len, "[%.30s] COUNT = %.20s",
                 r->nsections ? r->sections[r->nsections - 1].name : "?",
                 count ? count->value : "?");
    else if (st->ecdsa)
        snprintf(label, label_len, "[%.30s] line %d", r->nsections ? r->sections[0].name : "?",
                 rec->line);
    else
        snprintf(label, label_len, "[mod = %.40s]", mod ? mod->value : "?");
    *out = c;
    return 1;
}

/* ---- running ---- */

/* verdict compares a verification with the expected answer; PASS or FAIL. */
static int verdict(const cb_kat_sig *c, int rc, char *why, size_t why_len)
{
    if (rc < 0) {
        snprintf(why, why_len, "the key is outside what cryptobench handles");
        return CB_KAT_PKEY_SKIP;
    }
    if ((rc == 0) == c->valid)
        return CB_KAT_PKEY_PASS;
    if (c->valid)
        snprintf(why, why_len, "the valid signature was rejected");
    else
        snprintf(why, why_len, "the invalid signature (%s) was accepted", c->reason);
    return CB_KAT_PKEY_FAIL;
}

/* run_rsa verifies S; for a valid record with d, signs too and compares with S. */
static int run_rsa(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    cb_rsa_raw key = {num(&c->n), num(&c->e), num(&c->d)};
    int out = verdict(c, cb_rsa_pkcs1_verify_raw(v, &key, c->msg.b, c->msg.len, c->s.b,
                                                 c->s.len),
                      why, why_len);
    if (out != CB_KAT_PKEY_PASS || !c->valid || c->d.len == 0)
        return out;
    uint8_t *sig = cb_xmalloc(c->n.len);
    size_t len = c->n.len;
    int rc = cb_rsa_pkcs1_sign_raw(v, &key, c->msg.b, c->msg.len, sig, &len);
    /* S has as many bytes as n; n may carry a leading zero byte in the file */
    size_t skip = len < c->s.len ? c->s.len - len : 0;
    if (rc != 0) {
        snprintf(why, why_len, "signing with (n, d) failed");
        out = CB_KAT_PKEY_FAIL;
    } else if (len + skip != c->s.len || memcmp(sig, c->s.b + skip, len) != 0) {
        snprintf(why, why_len, "the signature made with (n, d) differs from S");
        out = CB_KAT_PKEY_FAIL;
    }
    free(sig);
    return out;
}

/* run_dsa verifies (R, S); for a SigGen record, signs with X and verifies that too. */
static int run_dsa(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    cb_dsa_raw key = {num(&c->p), num(&c->q), num(&c->g), num(&c->y), num(&c->x)};
    cb_pkey_num r = num(&c->r), s = num(&c->s);
    int out = verdict(c, cb_dsa_verify_raw(v, &key, c->msg.b, c->msg.len, &r, &s), why,
                      why_len);
    if (out != CB_KAT_PKEY_PASS || c->has_result || c->x.len == 0)
        return out;
    uint8_t sig[2 * 64];
    size_t len = sizeof sig;
    if (cb_dsa_sign_raw(v, &key, c->msg.b, c->msg.len, sig, &len) != 0) {
        snprintf(why, why_len, "signing with X failed");
        return CB_KAT_PKEY_FAIL;
    }
    cb_pkey_num r2 = {sig, len / 2}, s2 = {sig + len / 2, len / 2};
    if (cb_dsa_verify_raw(v, &key, c->msg.b, c->msg.len, &r2, &s2) != 0) {
        snprintf(why, why_len, "the signature made with X does not verify");
        return CB_KAT_PKEY_FAIL;
    }
    return CB_KAT_PKEY_PASS;
}

/* run_ffdh: the checks of static DH (both public keys fully valid, YstatIUT =
 * g^XstatIUT, Z = YstatCAVS^XstatIUT mod p and not 1) all hold exactly when Result
 * is P; a failed record must fail one of them (its reason names which was
 * changed). */
static int run_ffdh(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    cb_ffdh_raw key = {num(&c->p), num(&c->q), num(&c->g), num(&c->x), num(&c->y)};
    cb_pkey_num peer = num(&c->r), want = num(&c->s);
    size_t zlen = c->p.len;
    uint8_t *z = cb_xmalloc(zlen);
    const char *failed = NULL;
    int rc = cb_ffdh_kas_raw(v, &key, &peer, z, &zlen, &failed), out;
    cb_pkey_num got = {z, zlen};
    if (rc == 0 && !cb_pkey_num_eq(&got, &want)) {
        rc = 1;
        failed = "Z differs";
    }
    if (rc < 0) {
        snprintf(why, why_len, "the group is outside what cryptobench handles");
        out = CB_KAT_PKEY_SKIP;
    } else if ((rc == 0) == c->valid) {
        out = CB_KAT_PKEY_PASS;
    } else if (c->valid) {
        snprintf(why, why_len, "the valid record was refused: %s", failed);
        out = CB_KAT_PKEY_FAIL;
    } else {
        snprintf(why, why_len, "the invalid record (%s) passed every check", c->reason);
        out = CB_KAT_PKEY_FAIL;
    }
    free(z);
    return out;
}

/* ecdsa_verify and ecdsa_sign: the raw ECDSA of the record's curve, P-256's
 * (kernels/pkey/ecdsa.c) or a binary curve's (kernels/pkey/ec2m.c). */
static int ecdsa_verify(const cb_variant *v, const cb_kat_sig *c, const cb_ecdsa_raw *key,
                        const cb_pkey_num *r, const cb_pkey_num *s)
{
    return c->curve ? cb_ec2m_verify_raw(v, c->curve, key, c->msg.b, c->msg.len, r, s)
                    : cb_ecdsa_verify_raw(v, key, c->msg.b, c->msg.len, r, s);
}

/* ecdsa_sign writes Q's coordinates (*qlen bytes each) and r || s (*siglen bytes). */
static int ecdsa_sign(const cb_variant *v, const cb_kat_sig *c, const cb_ecdsa_raw *key,
                      const cb_pkey_num *k, uint8_t *qx, uint8_t *qy, size_t *qlen, uint8_t *sig,
                      size_t *siglen)
{
    if (!c->curve) {
        *qlen = 32;
        *siglen = 64;
        return cb_ecdsa_sign_raw(v, key, c->msg.b, c->msg.len, k, qx, qy, sig);
    }
    int rc = cb_ec2m_sign_raw(v, c->curve, key, c->msg.b, c->msg.len, k, qx, qy, sig, siglen);
    cb_ec2m_key *e = cb_ec2m_new(c->curve, v);
    *qlen = e ? cb_ec2m_field_bytes(e) : 0;
    cb_ec2m_free(e);
    return rc;
}

/* run_ecdsa verifies (R, S) under (Qx, Qy); with d (SigGen) it also derives Q from d
 * and signs: with the record's k the signature must be (R, S) exactly, without one
 * (RFC 6979's nonce, SHA-256 only) it must verify. */
static int run_ecdsa(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    cb_ecdsa_raw key = {num(&c->y), num(&c->p), num(&c->x), c->hash};
    cb_pkey_num r = num(&c->r), s = num(&c->s);
    int out = verdict(c, ecdsa_verify(v, c, &key, &r, &s), why, why_len);
    if (out != CB_KAT_PKEY_PASS || c->has_result || c->x.len == 0)
        return out;
    uint8_t qx[CB_EC2M_BYTES], qy[CB_EC2M_BYTES], sig[2 * CB_EC2M_BYTES];
    size_t qlen = 0, siglen = 0;
    cb_pkey_num k = num(&c->q);
    int rfc6979 = c->q.len == 0;
    if (rfc6979 && c->hash != cb_alg_find("sha256"))
        return out; /* RFC 6979 is wired to SHA-256 here; the verification stands */
    if (ecdsa_sign(v, c, &key, rfc6979 ? NULL : &k, qx, qy, &qlen, sig, &siglen)) {
        snprintf(why, why_len, "signing with d failed");
        return CB_KAT_PKEY_FAIL;
    }
    size_t half = siglen / 2;
    cb_pkey_num pqx = {qx, qlen}, pqy = {qy, qlen}, r2 = {sig, half}, s2 = {sig + half, half};
    /* the file's numbers may have leading zero bytes, or lack them */
    cb_ecdsa_raw mine = {pqx, pqy, key.d, c->hash};
    if (!cb_pkey_num_eq(&pqx, &key.qx) || !cb_pkey_num_eq(&pqy, &key.qy)) {
        snprintf(why, why_len, "the public key derived from d differs from (Qx, Qy)");
        return CB_KAT_PKEY_FAIL;
    }
    if (!rfc6979 && (!cb_pkey_num_eq(&r2, &r) || !cb_pkey_num_eq(&s2, &s))) {
        snprintf(why, why_len, "the signature made with d and k differs from (R, S)");
        return CB_KAT_PKEY_FAIL;
    }
    if (ecdsa_verify(v, c, &mine, &r2, &s2) != 0) {
        snprintf(why, why_len, "the signature made with d does not verify");
        return CB_KAT_PKEY_FAIL;
    }
    return CB_KAT_PKEY_PASS;
}

/* run_ecp_key checks a PKV record (Q refused exactly when Result is F) or a KeyPair
 * record (Q = [d]G) on the generic curve code. */
static int run_ecp_key(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    cb_ecp_key k;
    if (cb_ecp_key_init(&k, c->ecp, v, 0) != 0) {
        snprintf(why, why_len, "the variant cannot run the curve");
        return CB_KAT_PKEY_SKIP;
    }
    cb_pkey_num qx = num(&c->y), qy = num(&c->p), mx = {k.qx, k.e.pbytes},
                my = {k.qy, k.e.pbytes};
    int out = CB_KAT_PKEY_PASS;
    if ((cb_ecp_key_set_pub(&k, &qx, &qy) == 0) != c->valid) {
        snprintf(why, why_len, c->valid ? "refuses a valid public key"
                                        : "accepts a public key the file marks invalid");
        out = CB_KAT_PKEY_FAIL;
    } else if (c->x.len && (cb_ecp_key_set_priv(&k, c->x.b, c->x.len) != 0 ||
                            !cb_pkey_num_eq(&mx, &qx) || !cb_pkey_num_eq(&my, &qy))) {
        snprintf(why, why_len, "the public key derived from d differs from (Qx, Qy)");
        out = CB_KAT_PKEY_FAIL;
    }
    cb_ecp_key_free(&k);
    return out;
}

/* run_ecp is run_ecdsa on the generic curve code (kernels/pkey/ecp.h): verify (R, S)
 * under (Qx, Qy); with d, Q = [d]G and, with k, the signature (R, S) exactly. */
static int run_ecp(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    if (c->key_only)
        return run_ecp_key(v, c, why, why_len);
    const cb_variant *g = c->hash ? cb_variant_generic(c->hash) : NULL;
    uint8_t h[64], sig[2 * CB_ECP_MAX_BYTES];
    cb_ecp_key k;
    if (!g || c->hash->out_bytes > sizeof h || cb_ecp_key_init(&k, c->ecp, v, 1) != 0) {
        snprintf(why, why_len, "the variant or the digest cannot run the curve");
        return CB_KAT_PKEY_SKIP;
    }
    cb_digest(c->hash, g, c->msg.b, c->msg.len, h);
    cb_pkey_num qx = num(&c->y), qy = num(&c->p), r = num(&c->r), s = num(&c->s);
    int rc = cb_ecp_key_set_pub(&k, &qx, &qy) != 0
                 ? 1
                 : cb_ecp_verify_digest(&k, h, c->hash->out_bytes, &r, &s);
    int out = verdict(c, rc, why, why_len);
    if (out == CB_KAT_PKEY_PASS && !c->has_result && c->x.len) {
        size_t nb = k.e.nbytes, pb = k.e.pbytes;
        cb_pkey_num pqx = {k.qx, pb}, pqy = {k.qy, pb}, r2 = {sig, nb}, s2 = {sig + nb, nb};
        cb_pkey_num kn = num(&c->q);
        cb_limb kk[CB_ECP_LIMBS] = {0};
        if (cb_ecp_key_set_priv(&k, c->x.b, c->x.len) != 0 || !cb_pkey_num_eq(&pqx, &qx) ||
            !cb_pkey_num_eq(&pqy, &qy)) {
            snprintf(why, why_len, "the public key derived from d differs from (Qx, Qy)");
            out = CB_KAT_PKEY_FAIL;
        } else if (c->q.len && (cb_bn_from_bytes(kk, k.e.nl, kn.b, kn.len) != 0 ||
                                cb_ecp_sign_k(&k, h, c->hash->out_bytes, kk, sig) != 0 ||
                                !cb_pkey_num_eq(&r2, &r) || !cb_pkey_num_eq(&s2, &s))) {
            snprintf(why, why_len, "the signature made with d and k differs from (R, S)");
            out = CB_KAT_PKEY_FAIL;
        }
    }
    cb_ecp_key_free(&k);
    return out;
}

/* run_ecdh derives Q = [d]G and x([d] peer) on the generic curve code and compares
 * them with the record's; a record the file marks invalid must differ somewhere. */
static int run_ecdh(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    uint8_t z[CB_ECP_MAX_BYTES];
    cb_ecp_key k;
    if (cb_ecp_key_init(&k, c->ecdh, v, 0) != 0) {
        snprintf(why, why_len, "the variant cannot run the curve");
        return CB_KAT_PKEY_SKIP;
    }
    size_t pb = k.e.pbytes;
    cb_pkey_num qx = num(&c->g), qy = num(&c->q), px = num(&c->y), py = num(&c->p);
    cb_pkey_num mx = {k.qx, pb}, my = {k.qy, pb}, zn = {z, pb}, want = num(&c->s);
    const char *wrong = NULL;
    if (cb_ecp_key_set_priv(&k, c->x.b, c->x.len) != 0 || !cb_pkey_num_eq(&mx, &qx) ||
        !cb_pkey_num_eq(&my, &qy))
        wrong = "the public key derived from d differs from the record's";
    else if (cb_ecp_derive(&k, &px, &py, z) != 0)
        wrong = "the peer's key was refused";
    else if (!cb_pkey_num_eq(&zn, &want))
        wrong = "the shared secret differs from the record's";
    cb_ecp_key_free(&k);
    if ((wrong == NULL) == c->valid)
        return CB_KAT_PKEY_PASS;
    snprintf(why, why_len, "%s", wrong ? wrong : "a record marked invalid agrees");
    return CB_KAT_PKEY_FAIL;
}

/* run_x25519 compares X25519(INPUT_SCALAR, INPUT_U) with OUTPUT_U; an all-zero
 * OUTPUT_U must be refused (RFC 7748 6.1), which cb_x25519 does. */
static int run_x25519(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    uint8_t out[CB_X448_BYTES], any = 0;
    size_t n = xdh_len(c);
    for (size_t i = 0; i < n; i++)
        any |= c->s.b[i];
    int rc = c->c448 ? cb_x448(v, out, c->x.b, c->y.b) : cb_x25519(v, out, c->x.b, c->y.b);
    if (rc < 0) {
        snprintf(why, why_len, "the variant is not a %s one", c->c448 ? "curve448" : "curve25519");
        return CB_KAT_PKEY_SKIP;
    }
    if (rc != (any == 0)) {
        snprintf(why, why_len, any ? "the result was refused as all zero"
                                   : "the all-zero result was not refused");
        return CB_KAT_PKEY_FAIL;
    }
    if (memcmp(out, c->s.b, n) != 0) {
        snprintf(why, why_len, "the result differs from OUTPUT_U");
        return CB_KAT_PKEY_FAIL;
    }
    return CB_KAT_PKEY_PASS;
}

/* run_ed448 derives the public key from SECRET, signs MESSAGE under CONTEXT (RFC 8032
 * 5.2: deterministic, so it must be SIGNATURE byte for byte) and verifies SIGNATURE. */
static int run_ed448(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    uint8_t sig[CB_ED448_SIG_BYTES], pub[CB_ED448_BYTES];
    if (cb_ed448_sign_raw(v, c->x.b, c->q.b, c->q.len, c->msg.b, c->msg.len, pub, sig) != 0) {
        snprintf(why, why_len, "the variant has no Ed448 group");
        return CB_KAT_PKEY_SKIP;
    }
    if (memcmp(pub, c->y.b, sizeof pub) != 0)
        snprintf(why, why_len, "the public key derived from SECRET differs from PUBLIC");
    else if (memcmp(sig, c->s.b, sizeof sig) != 0)
        snprintf(why, why_len, "the signature differs from SIGNATURE");
    else if (cb_ed448_verify_raw(v, c->y.b, c->q.b, c->q.len, c->msg.b, c->msg.len, c->s.b) != 0)
        snprintf(why, why_len, "SIGNATURE does not verify");
    else
        return CB_KAT_PKEY_PASS;
    return CB_KAT_PKEY_FAIL;
}

/* run_ed25519 derives the public key from the seed, signs MSG (deterministic, so it
 * must be SIG byte for byte) and verifies SIG. */
static int run_ed25519(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    uint8_t sig[64], pub[32];
    if (cb_ed25519_sign_raw(v, c->x.b, c->msg.b, c->msg.len, pub, sig) != 0) {
        snprintf(why, why_len, "the variant has no Ed25519 group");
        return CB_KAT_PKEY_SKIP;
    }
    if (memcmp(pub, c->y.b, 32) != 0)
        snprintf(why, why_len, "the public key derived from the seed differs from PK");
    else if (memcmp(sig, c->s.b, 64) != 0)
        snprintf(why, why_len, "the signature differs from SIG");
    else if (cb_ed25519_verify_raw(v, c->y.b, c->msg.b, c->msg.len, c->s.b) != 0)
        snprintf(why, why_len, "SIG does not verify");
    else
        return CB_KAT_PKEY_PASS;
    return CB_KAT_PKEY_FAIL;
}

/* ---- whole-algorithm variants, on the record's raw keys (cb_alg_impl.pkey_raw) ---- */

int cb_kat_pkey_raw(const cb_kat_sig *c)
{
    return c->x25519 || c->ed25519 || (c->ed448 && c->q.len == 0);
}

/* raw_op starts an op of v for a in d and gives it the raw keys; 0 or -1. */
static int raw_op(cb_op *o, const cb_variant *v, const cb_alg *a, cb_dir d, const blob *priv,
                  const blob *pub)
{
    if (cb_op_start(o, a, v, d, NULL, 0, NULL) != 0 ||
        cb_op_raw(o, priv ? priv->b : NULL, priv ? priv->len : 0, pub->b, pub->len) != 0) {
        cb_op_stop(o);
        return -1;
    }
    return 0;
}

/* whole_x25519: the variant derives OUTPUT_U from (INPUT_SCALAR, INPUT_U), and refuses
 * the all-zero one (RFC 7748 6.1). */
static int whole_x25519(const cb_variant *v, const cb_alg *a, const cb_kat_sig *c, char *why,
                        size_t why_len)
{
    uint8_t out[CB_X448_BYTES], any = 0;
    size_t n = xdh_len(c), outlen = sizeof out;
    cb_op s;
    for (size_t i = 0; i < n; i++)
        any |= c->s.b[i];
    if (raw_op(&s, v, a, CB_DIR_DERIVE, &c->x, &c->y) != 0) {
        snprintf(why, why_len, "the variant refused the record's keys");
        return CB_KAT_PKEY_FAIL;
    }
    int rc = cb_op_derive(&s, out, &outlen);
    cb_op_stop(&s);
    if ((rc != 0) != (any == 0)) {
        snprintf(why, why_len, any ? "the derivation failed" : "the all-zero result was not refused");
        return CB_KAT_PKEY_FAIL;
    }
    if (any && (outlen != n || memcmp(out, c->s.b, n) != 0)) {
        snprintf(why, why_len, "the result differs from OUTPUT_U");
        return CB_KAT_PKEY_FAIL;
    }
    return CB_KAT_PKEY_PASS;
}

/* whole_ed25519: signing MSG with the seed gives SIG byte for byte, and SIG verifies
 * under PK, in the directions the variant offers; Ed448's records (without a context:
 * the rows are pure Ed448) likewise. */
static int whole_ed25519(const cb_variant *v, const cb_alg *a, const cb_kat_sig *c, char *why,
                         size_t why_len)
{
    uint8_t sig[CB_ED448_SIG_BYTES];
    size_t n = c->ed448 ? CB_ED448_SIG_BYTES : 64, siglen = n;
    cb_op s;
    static const uint8_t none[1];
    const uint8_t *msg = c->msg.len ? c->msg.b : none;
    if (cb_variant_offers(v, a, CB_DIR_SIGN)) {
        if (raw_op(&s, v, a, CB_DIR_SIGN, &c->x, &c->y) != 0) {
            snprintf(why, why_len, "the variant refused the record's seed");
            return CB_KAT_PKEY_FAIL;
        }
        int rc = cb_op_sign(&s, msg, c->msg.len, sig, &siglen);
        cb_op_stop(&s);
        if (rc != 0 || siglen != n || memcmp(sig, c->s.b, n) != 0) {
            snprintf(why, why_len, "the signature differs from SIG");
            return CB_KAT_PKEY_FAIL;
        }
    }
    if (cb_variant_offers(v, a, CB_DIR_VERIFY)) {
        if (raw_op(&s, v, a, CB_DIR_VERIFY, NULL, &c->y) != 0) {
            snprintf(why, why_len, "the variant refused the record's PK");
            return CB_KAT_PKEY_FAIL;
        }
        int rc = cb_op_verify(&s, msg, c->msg.len, c->s.b, n);
        cb_op_stop(&s);
        if (rc != 0) {
            snprintf(why, why_len, "SIG does not verify");
            return CB_KAT_PKEY_FAIL;
        }
    }
    return CB_KAT_PKEY_PASS;
}

int cb_kat_pkey_run_whole(const cb_variant *v, const cb_alg *a, const cb_kat_sig *c,
                          char *why, size_t why_len)
{
    why[0] = '\0';
    if (c->x25519)
        return whole_x25519(v, a, c, why, why_len);
    if (c->ed25519 || (c->ed448 && c->q.len == 0))
        return whole_ed25519(v, a, c, why, why_len);
    snprintf(why, why_len, "a key of the record's own, which the variant cannot take");
    return CB_KAT_PKEY_SKIP;
}

int cb_kat_pkey_run(const cb_variant *v, const cb_kat_sig *c, char *why, size_t why_len)
{
    why[0] = '\0';
    if (c->ed25519)
        return run_ed25519(v, c, why, why_len);
    if (c->ed448)
        return run_ed448(v, c, why, why_len);
    if (c->x25519)
        return run_x25519(v, c, why, why_len);
    if (c->ecdh)
        return run_ecdh(v, c, why, why_len);
    if (c->ffdh)
        return run_ffdh(v, c, why, why_len);
    if (c->ecdsa)
        return c->ecp ? run_ecp(v, c, why, why_len) : run_ecdsa(v, c, why, why_len);
    return c->dsa ? run_dsa(v, c, why, why_len) : run_rsa(v, c, why, why_len);
}
