/*
 * kernels/check/kat/kat_decode.c - one record of a known-answer file turned into a
 * case.  A decoder checks the record's form (fields present, lengths agreeing with
 * each other and with the headers) so that a malformed file is refused with
 * FILE:LINE before any variant runs; every field it decodes goes straight into the
 * case, which kat_case_free frees on every path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"
#include "kernels/check/kat/kat_impl.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/cipher.h"
#include "kernels/registry.h"

/* CCM_LENS names kat_ccm.lens, in order; the CCM_* indexes follow it. */
enum { CCM_ALEN, CCM_PLEN, CCM_NLEN, CCM_TLEN };
static const char *const CCM_LENS[KAT_CCM_LENS] = {"Alen", "Plen", "Nlen", "Tlen"};

void kat_case_free(kat_case *c)
{
    uint8_t *owned[] = {c->key, c->iv, c->aad, c->tag, c->msg, c->md, c->pt, c->ct};
    for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
        free(owned[i]);
    cb_kat_sig_free(c->sig);
    for (size_t i = 0; i < KAT_KEM_FIELDS; i++)
        free(c->kem[i]);
    memset(c, 0, sizeof *c);
}

void kat_file_start(kat_file *f)
{
    for (int i = 0; i < KAT_CCM_LENS; i++)
        f->ccm.lens[i] = -1;
    if (f->id.format == CB_KAT_PKEY)
        f->pkey = cb_kat_pkey_new(f->id.alg);
}

void kat_file_end(kat_file *f)
{
    cb_kat_pkey_free(f->pkey);
    free(f->ccm.key);
    free(f->ccm.nonce);
    free(f->ntt_key);
    f->ntt_key = NULL;
    f->pkey = NULL;
    f->ccm.key = f->ccm.nonce = NULL;
}

/* digest_views makes the message the input and MD the answer. */
static void digest_views(kat_case *c)
{
    c->in = c->msg;
    c->in_len = c->msg_len;
    c->expect = c->md;
    c->expect_len = c->md_len;
    c->expect_name = "MD";
}

/* field_hex decodes a required field; a missing one is malformed. */
static int field_hex(kat_file *f, const cb_rsp_record *rec, const char *name,
                     uint8_t **out, size_t *len)
{
    const cb_rsp_field *fl = cb_rsp_get(rec, name);
    if (!fl)
        return cb_rsp_error(&f->rsp, rec->line, "the record has no %s field.", name);
    return cb_rsp_hex(&f->rsp, fl, out, len);
}

/* check_section_len compares a field's length with its "[NAME = bits]" header, if
 * any: a mismatch is malformed; bits that make no whole byte skip the record. */
static int check_section_len(kat_file *f, kat_case *c, const char *section, size_t len,
                             const char *field)
{
    const cb_rsp_field *h = cb_rsp_section(&f->rsp, section);
    unsigned long bits;
    if (!h)
        return 0;
    if (cb_rsp_uint(&f->rsp, h, 1UL << 24, &bits) < 0)
        return -1;
    if (bits % 8) {
        c->skip = "a bit length that is not a whole number of bytes";
        return 0;
    }
    if (bits / 8 != len)
        return cb_rsp_error(&f->rsp, c->line, "%s has %zu bytes but [%s = %lu] says %lu.",
                            field, len, h->name, bits, bits / 8);
    return 0;
}

/* set_label names the record in failure lines: its section and COUNT or Len. */
static void set_label(kat_case *c, const kat_file *f, const cb_rsp_record *rec)
{
    const cb_rsp_field *id = cb_rsp_get(rec, "COUNT");
    const char *sec = "";
    if (!id)
        id = cb_rsp_get(rec, "Len");
    cb_kat_format fmt = f->id.format;
    if (fmt == CB_KAT_CIPHER || fmt == CB_KAT_BLOCKWISE || fmt == CB_KAT_XTS)
        sec = c->dir == CB_DIR_DECRYPT ? "[DECRYPT] " : "[ENCRYPT] ";
    if (id)
        snprintf(c->label, sizeof c->label, "%s%s = %.20s", sec, id->name, id->value);
    else
        snprintf(c->label, sizeof c->label, "%srecord", sec);
}

/* ---- decoding: digests ------------------------------------------------------------ */

/* monte_checkpoint turns "COUNT = j / MD = ..." into a case chained from the seed. */
static int monte_checkpoint(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *count = cb_rsp_get(rec, "COUNT");
    unsigned long j;
    if (!f->have_seed)
        return cb_rsp_error(&f->rsp, rec->line, "a Monte Carlo checkpoint comes before "
                                                "its Seed.");
    if (!count)
        return cb_rsp_error(&f->rsp, rec->line, "the record has neither Msg nor COUNT.");
    if (cb_rsp_uint(&f->rsp, count, 1000000, &j) < 0)
        return -1;
    if (j != f->monte_count)
        return cb_rsp_error(&f->rsp, count->line, "COUNT = %lu, expected %lu.", j,
                            f->monte_count);
    f->monte_count++;
    c->monte = 1;
    c->msg_len = f->id.alg->out_bytes;
    c->msg = cb_xmalloc(c->msg_len);
    memcpy(c->msg, f->seed, c->msg_len);
    /* the next checkpoint starts from the file's answer, so one failure stays one */
    memcpy(f->seed, c->md, c->msg_len);
    digest_views(c);
    return 1;
}

/* message_case turns "Len / Msg / MD" into a case; Len is in bits. */
static int message_case(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *len = cb_rsp_get(rec, "Len");
    unsigned long bits;
    if (!len)
        return cb_rsp_error(&f->rsp, rec->line, "the record has no Len field.");
    if (cb_rsp_uint(&f->rsp, len, 1UL << 30, &bits) < 0 ||
        field_hex(f, rec, "Msg", &c->msg, &c->msg_len) < 0)
        return -1;
    if (bits % 8) {
        c->skip = "a message that is not a whole number of bytes";
        return 1;
    }
    if (bits == 0) /* CAVP writes the empty message as "Msg = 00" */
        c->msg_len = 0;
    else if (c->msg_len != bits / 8)
        return cb_rsp_error(&f->rsp, rec->line, "Len = %lu but Msg has %zu bytes.", bits,
                            c->msg_len);
    digest_views(c);
    return 1;
}

/* decode_digest: 1 a case, 0 a record that only sets state (Seed), -1 malformed. */
static int decode_digest(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    size_t out = f->id.alg->out_bytes;
    const cb_rsp_field *seed = cb_rsp_get(rec, "Seed");
    const cb_rsp_field *l = cb_rsp_section(&f->rsp, "L");
    int l_bits = f->id.alg->prim == CB_PRIM_SHA3; /* SHAVS gives L in bytes, SHA3VS in bits */
    size_t l_want = l_bits ? 8 * out : out;
    unsigned long l_value;
    if (l && cb_rsp_uint(&f->rsp, l, 1024, &l_value) < 0)
        return -1;
    if (l && l_value != l_want)
        return cb_rsp_error(&f->rsp, l->line, "[L = %lu] does not match %s's %zu-byte "
                            "digest (L = %zu, in %s).", l_value, f->id.alg->name, out, l_want,
                            l_bits ? "bits" : "bytes");
    c->dir = CB_DIR_DIGEST;
    if (seed) {
        uint8_t *s;
        size_t n;
        if (cb_rsp_hex(&f->rsp, seed, &s, &n) < 0)
            return -1;
        if (n == out)
            memcpy(f->seed, s, n);
        free(s);
        if (n != out)
            return cb_rsp_error(&f->rsp, seed->line, "Seed has %zu bytes; %s needs %zu.",
                                n, f->id.alg->name, out);
        f->have_seed = 1;
        f->monte_count = 0;
        return 0;
    }
    if (field_hex(f, rec, "MD", &c->md, &c->md_len) < 0)
        return -1;
    if (c->md_len != out)
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "MD")->line, "MD has %zu bytes; %s "
                            "digests have %zu.", c->md_len, f->id.alg->name, out);
    set_label(c, f, rec);
    return cb_rsp_get(rec, "Msg") ? message_case(f, rec, c) : monte_checkpoint(f, rec, c);
}

/* ---- decoding: HMAC ----------------------------------------------------------------- */

/* decode_hmac turns "Len / Key / Msg / MD" into a case; an MD shorter than the
 * algorithm's output is a truncated MAC (RFC 2104 section 5) and is compared as such. */
static int decode_hmac(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->dir = CB_DIR_DIGEST;
    set_label(c, f, rec);
    if (field_hex(f, rec, "Key", &c->key, &c->key_len) < 0 ||
        field_hex(f, rec, "MD", &c->md, &c->md_len) < 0)
        return -1;
    if (c->md_len == 0 || c->md_len > f->id.alg->out_bytes)
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "MD")->line, "MD has %zu bytes; %s "
                            "MACs have 1 to %u.", c->md_len, f->id.alg->name,
                            f->id.alg->out_bytes);
    return message_case(f, rec, c);
}

/* ---- decoding: CMAC ----------------------------------------------------------------- */

/* decode_cmac turns "COUNT / KEY / MESSAGE / OUTPUT" into a case; the key must be the
 * cipher's (the file's name gave the key size), an OUTPUT shorter than 16 bytes is a
 * truncated MAC (SP 800-38B section 6.2 step 7's Tlen). */
static int decode_cmac(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->dir = CB_DIR_DIGEST;
    set_label(c, f, rec);
    if (field_hex(f, rec, "KEY", &c->key, &c->key_len) < 0 ||
        field_hex(f, rec, "MESSAGE", &c->msg, &c->msg_len) < 0 ||
        field_hex(f, rec, "OUTPUT", &c->md, &c->md_len) < 0)
        return -1;
    if (c->key_len != cb_alg_key_bytes(f->id.alg))
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "KEY")->line, "KEY has %zu bytes; %s "
                            "takes %zu.", c->key_len, f->id.alg->name,
                            cb_alg_key_bytes(f->id.alg));
    if (c->md_len == 0 || c->md_len > f->id.alg->out_bytes)
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "OUTPUT")->line, "OUTPUT has %zu "
                            "bytes; %s MACs have 1 to %u.", c->md_len, f->id.alg->name,
                            f->id.alg->out_bytes);
    digest_views(c);
    c->expect_name = "OUTPUT";
    return 1;
}

/* ---- decoding: ciphers -------------------------------------------------------------- */

/* TDES_KEYS: the three keys' fields when a TDES record does not give one KEYs. */
static const char *const TDES_KEYS[3] = {"KEY1", "KEY2", "KEY3"};

/* tdes_keys assembles KEYs or KEY1/KEY2/KEY3 into key_bytes (8 or 24) bytes. */
static int tdes_keys(kat_file *f, const cb_rsp_record *rec, kat_case *c, size_t key_bytes)
{
    uint8_t *k[3] = {NULL, NULL, NULL};
    size_t n[3] = {0, 0, 0};
    int rc = 0;
    if (cb_rsp_get(rec, "KEYs")) {
        rc = field_hex(f, rec, "KEYs", &k[0], &n[0]);
    } else {
        for (int i = 0; i < 3 && rc == 0; i++)
            rc = field_hex(f, rec, TDES_KEYS[i], &k[i], &n[i]);
    }
    for (int i = 0; i < 3 && rc == 0; i++)
        if (k[i] && n[i] != 8)
            rc = cb_rsp_error(&f->rsp, rec->line, "a DES key has %zu bytes, not 8.", n[i]);
    if (rc == 0) {
        c->key_len = key_bytes;
        c->key = cb_xmalloc(24);
        for (int i = 0; i < 3; i++)
            memcpy(c->key + 8 * i, k[k[i] ? i : 0], 8);
        if (key_bytes == 8 && (memcmp(c->key, c->key + 8, 8) || memcmp(c->key, c->key + 16, 8)))
            rc = cb_rsp_error(&f->rsp, rec->line, "%s takes one key, but %s, %s and %s "
                              "differ.", f->id.alg->name, TDES_KEYS[0], TDES_KEYS[1],
                              TDES_KEYS[2]);
    }
    for (int i = 0; i < 3; i++)
        free(k[i]);
    return rc;
}

/* sibling_of finds the algorithm that differs from a in its key length only. */
static const cb_alg *sibling_of(const cb_alg *a, size_t key_len)
{
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *s = cb_alg_at(i);
        if (s->prim == a->prim && s->mode == a->mode && s->kind == a->kind &&
            cb_alg_key_bytes(s) == key_len)
            return s;
    }
    return NULL;
}

/* decode_key reads KEY (AES, GCM's Key) or the TDES key fields. */
static int decode_key(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    size_t want = cb_alg_key_bytes(f->id.alg);
    const cb_rsp_field *k = cb_rsp_get(rec, "KEY");
    if (!k && f->id.alg->prim == CB_PRIM_DES)
        return tdes_keys(f, rec, c, want);
    if (field_hex(f, rec, "KEY", &c->key, &c->key_len) < 0)
        return -1;
    if (c->key_len != want && f->id.key_picks_alg && (c->alg = sibling_of(f->id.alg,
                                                                          c->key_len)))
        return 0;
    if (!cb_alg_key_len_ok(f->id.alg, c->key_len))
        return cb_rsp_error(&f->rsp, k->line, "%s has %zu bytes; %s takes %zu.", k->name,
                            c->key_len, f->id.alg->name, want);
    return 0;
}

/* text_views makes the plaintext or the first ct_len bytes of the ciphertext the
 * input, by direction, and the other the answer. */
static void text_views(kat_case *c, size_t ct_len, const char *pt_name, const char *ct_name)
{
    int enc = c->dir == CB_DIR_ENCRYPT;
    c->in = enc ? c->pt : c->ct;
    c->in_len = enc ? c->pt_len : ct_len;
    c->expect = enc ? c->ct : c->pt;
    c->expect_len = enc ? ct_len : c->pt_len;
    c->expect_name = enc ? ct_name : pt_name;
}

/* section_dir sets c->dir from the [ENCRYPT] or [DECRYPT] section; -1 if neither.  A
 * file whose kind has no sections (the package's CAST5 and IDEA CBC files), or one read
 * with -alg, may have none: its records encrypt. */
static int section_dir(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    if (cb_rsp_section(&f->rsp, "ENCRYPT"))
        c->dir = CB_DIR_ENCRYPT;
    else if (cb_rsp_section(&f->rsp, "DECRYPT"))
        c->dir = CB_DIR_DECRYPT;
    else if (f->id.sections_optional && f->rsp.nsections == 0)
        c->dir = CB_DIR_ENCRYPT;
    else
        return cb_rsp_error(&f->rsp, rec->line, "the record is under neither [ENCRYPT] nor "
                                                "[DECRYPT].");
    set_label(c, f, rec);
    return 0;
}

/* takes_iv: does a's record give an IV?  ECB has none, nor has a stream cipher but
 * chacha20, whose IV is its first block's counter and its nonce. */
static int takes_iv(const cb_alg *a)
{
    if (a->mode == CB_MODE_STREAM)
        return a->prim == CB_PRIM_CHACHA;
    return a->mode != CB_MODE_ECB;
}

/* chacha_iv assembles chacha20's IV from RFC 7539 A.2's two fields: OpenSSL's
 * 16-byte IV is the 32-bit block counter, little-endian, then the 12-byte nonce. */
static int chacha_iv(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *ctr = cb_rsp_get(rec, "INITIAL_BLOCK_COUNTER");
    uint8_t *nonce;
    size_t len;
    unsigned long n;
    if (!ctr)
        return cb_rsp_error(&f->rsp, rec->line, "the record has NONCE but no "
                                                "INITIAL_BLOCK_COUNTER.");
    if (cb_rsp_uint(&f->rsp, ctr, 0xffffffffUL, &n) < 0 ||
        field_hex(f, rec, "NONCE", &nonce, &len) < 0)
        return -1;
    if (len != 12) {
        free(nonce);
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "NONCE")->line, "NONCE has %zu bytes; "
                            "%s takes 12 (RFC 8439 2.3).", len, f->id.alg->name);
    }
    c->iv_len = 16;
    c->iv = cb_xmalloc(16);
    for (int k = 0; k < 4; k++)
        c->iv[k] = (uint8_t)(n >> 8 * k);
    memcpy(c->iv + 4, nonce, 12);
    free(nonce);
    return 0;
}

/* decode_cipher: [ENCRYPT] maps PLAINTEXT to CIPHERTEXT, [DECRYPT] the other way.  A
 * stream cipher's record may start OFFSET bytes into the stream. */
static int decode_cipher(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_alg *a = f->id.alg;
    if (section_dir(f, rec, c) < 0)
        return -1;
    if (decode_key(f, rec, c) < 0)
        return -1;
    const cb_rsp_field *offset = cb_rsp_get(rec, "OFFSET");
    if (a->mode == CB_MODE_STREAM && offset) { /* RFC 6229's position in the stream */
        unsigned long n;
        if (cb_rsp_uint(&f->rsp, offset, 1UL << 20, &n) < 0)
            return -1;
        c->offset = n;
    }
    if (a->prim == CB_PRIM_CHACHA && cb_rsp_get(rec, "NONCE")) {
        if (chacha_iv(f, rec, c) < 0)
            return -1;
    } else if (takes_iv(a) && f->id.format != CB_KAT_BLOCKWISE) {
        if (field_hex(f, rec, "IV", &c->iv, &c->iv_len) < 0)
            return -1;
        if (c->iv_len != cb_alg_iv_bytes(a))
            return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "IV")->line, "IV has %zu bytes; "
                                "%s takes %zu.", c->iv_len, a->name, cb_alg_iv_bytes(a));
    }
    if (field_hex(f, rec, "PLAINTEXT", &c->pt, &c->pt_len) < 0 ||
        field_hex(f, rec, "CIPHERTEXT", &c->ct, &c->ct_len) < 0)
        return -1;
    if (c->pt_len != c->ct_len)
        return cb_rsp_error(&f->rsp, rec->line, "PLAINTEXT has %zu bytes but CIPHERTEXT "
                            "%zu.", c->pt_len, c->ct_len);
    if (!cb_cipher_len_ok(a, c->pt_len))
        return cb_rsp_error(&f->rsp, rec->line, "the text has %zu bytes, not a whole number "
                            "of %u-byte blocks.", c->pt_len, a->block_bytes);
    text_views(c, c->ct_len, "PLAINTEXT", "CIPHERTEXT");
    return 1;
}

/* xts_tweak reads the tweak: i as 16 hex bytes, or DataUnitSeqNumber as a decimal
 * number written as IEEE 1619 5.1's little-endian 128-bit value. */
static int xts_tweak(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *seq = cb_rsp_get(rec, "DataUnitSeqNumber");
    if (!seq) {
        if (field_hex(f, rec, "i", &c->iv, &c->iv_len) < 0)
            return -1;
        if (c->iv_len != 16)
            return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "i")->line, "i has %zu bytes; "
                                "the XTS tweak value has 16.", c->iv_len);
        return 0;
    }
    unsigned long n;
    if (cb_rsp_uint(&f->rsp, seq, 0xffffffffUL, &n) < 0)
        return -1;
    c->iv_len = 16;
    c->iv = cb_xcalloc(1, 16);
    for (int k = 0; k < 4; k++)
        c->iv[k] = (uint8_t)(n >> 8 * k);
    return 0;
}

/* decode_xts: one data unit of DataUnitLen bits; a length that is not whole bytes
 * (the CAVP files have 130, 140, 250) is skipped, as cryptobench's XTS takes bytes. */
static int decode_xts(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *dul = cb_rsp_get(rec, "DataUnitLen");
    unsigned long bits;
    if (section_dir(f, rec, c) < 0 || decode_key(f, rec, c) < 0 || xts_tweak(f, rec, c) < 0)
        return -1;
    if (!dul)
        return cb_rsp_error(&f->rsp, rec->line, "the record has no DataUnitLen field.");
    if (cb_rsp_uint(&f->rsp, dul, 1UL << 24, &bits) < 0)
        return -1;
    if (field_hex(f, rec, "PT", &c->pt, &c->pt_len) < 0 ||
        field_hex(f, rec, "CT", &c->ct, &c->ct_len) < 0)
        return -1;
    if (c->pt_len != (bits + 7) / 8 || c->ct_len != c->pt_len)
        return cb_rsp_error(&f->rsp, rec->line, "DataUnitLen = %lu but PT has %zu bytes and "
                            "CT %zu.", bits, c->pt_len, c->ct_len);
    if (bits % 8)
        c->skip = "a data unit that is not a whole number of bytes";
    else if (!cb_cipher_len_ok(f->id.alg, c->pt_len) || c->pt_len == 0)
        return cb_rsp_error(&f->rsp, rec->line, "DataUnitLen = %lu is shorter than one "
                            "block.", bits);
    text_views(c, c->ct_len, "PT", "CT");
    return 1;
}

/* ---- decoding: GCM ------------------------------------------------------------------ */

/* gcm_lengths checks the fields against [IVlen], [PTlen], [AADlen] and [Taglen]. */
static int gcm_lengths(kat_file *f, kat_case *c, size_t text_len)
{
    if (check_section_len(f, c, "Keylen", c->key_len, "Key") < 0 ||
        check_section_len(f, c, "IVlen", c->iv_len, "IV") < 0 ||
        check_section_len(f, c, "PTlen", text_len, "the text") < 0 ||
        check_section_len(f, c, "AADlen", c->aad_len, "AAD") < 0 ||
        check_section_len(f, c, "Taglen", c->tag_len, "Tag") < 0)
        return -1;
    if (!c->skip && c->iv_len == 0)
        c->skip = "an empty IV, which GCM does not allow";
    if (!c->skip && (c->tag_len == 0 || c->tag_len > 16))
        c->skip = "a tag length outside 1..16 bytes";
    return 0;
}

/* decode_gcm: encrypt files seal PT; decrypt files open CT and compare PT, and a
 * record marked FAIL must be rejected (SP 800-38D 7.2 step 8). */
static int decode_gcm(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->reject = rec->fail;
    c->dir = f->id.format == CB_KAT_GCM_DECRYPT || c->reject ? CB_DIR_DECRYPT
                                                              : CB_DIR_ENCRYPT;
    set_label(c, f, rec);
    if (decode_key(f, rec, c) < 0 || field_hex(f, rec, "IV", &c->iv, &c->iv_len) < 0 ||
        field_hex(f, rec, "AAD", &c->aad, &c->aad_len) < 0 ||
        field_hex(f, rec, "Tag", &c->tag, &c->tag_len) < 0 ||
        field_hex(f, rec, "CT", &c->ct, &c->ct_len) < 0 ||
        (!c->reject && field_hex(f, rec, "PT", &c->pt, &c->pt_len) < 0))
        return -1;
    if (!c->reject && c->pt_len != c->ct_len)
        return cb_rsp_error(&f->rsp, rec->line, "PT has %zu bytes but CT %zu.", c->pt_len,
                            c->ct_len);
    text_views(c, c->ct_len, "PT", "CT");
    return gcm_lengths(f, c, c->ct_len) < 0 ? -1 : 1;
}

/* ---- decoding: OpenSSL's and BoringSSL's AEAD records -------------------------------- */

/* AEAD_*: a field's name in OpenSSL's evpciph layout, then in BoringSSL's. */
static const char *const AEAD_IV[] = {"IV", "NONCE", NULL};
static const char *const AEAD_AAD[] = {"AAD", "AD", NULL};
static const char *const AEAD_PT[] = {"Plaintext", "IN", NULL};
static const char *const AEAD_CT[] = {"Ciphertext", "CT", NULL};

/* field_named decodes the first of names the record has; *used is its name. */
static int field_named(kat_file *f, const cb_rsp_record *rec, const char *const *names,
                       uint8_t **out, size_t *len, const char **used)
{
    for (const char *const *n = names; *n; n++) {
        const cb_rsp_field *fl = cb_rsp_get(rec, *n);
        if (fl) {
            *used = fl->name;
            return cb_rsp_hex(&f->rsp, fl, out, len);
        }
    }
    return cb_rsp_error(&f->rsp, rec->line, "the record has neither %s nor %s.", names[0],
                        names[1]);
}

/*
 * decode_aead: a record is sealed and its ciphertext and tag compared, then opened
 * and its plaintext compared.  OpenSSL's Result = CIPHERFINAL_ERROR marks a tag that
 * must be rejected (EVP_CipherFinal fails), and such a record is only opened; the
 * other errors its files expect (a refused IV length, a failed update) are no
 * tag check, and are skipped.
 */
static int decode_aead(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *res = cb_rsp_get(rec, "Result");
    const char *pt_name = AEAD_PT[0], *ct_name = AEAD_CT[0], *unused;
    c->reject = res != NULL;
    c->both_ways = !c->reject;
    c->dir = c->reject ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
    set_label(c, f, rec);
    if (res && strcmp(res->value, "CIPHERFINAL_ERROR") != 0) {
        c->skip = "an expected error other than a rejected tag";
        return 1;
    }
    if (decode_key(f, rec, c) < 0 ||
        field_named(f, rec, AEAD_IV, &c->iv, &c->iv_len, &unused) < 0 ||
        field_named(f, rec, AEAD_AAD, &c->aad, &c->aad_len, &unused) < 0 ||
        field_hex(f, rec, "Tag", &c->tag, &c->tag_len) < 0 ||
        field_named(f, rec, AEAD_CT, &c->ct, &c->ct_len, &ct_name) < 0 ||
        (!c->reject && field_named(f, rec, AEAD_PT, &c->pt, &c->pt_len, &pt_name) < 0))
        return -1;
    if (!c->reject && c->pt_len != c->ct_len)
        return cb_rsp_error(&f->rsp, rec->line, "%s has %zu bytes but %s %zu.", pt_name,
                            c->pt_len, ct_name, c->ct_len);
    text_views(c, c->ct_len, pt_name, ct_name);
    c->opened_name = pt_name;
    c->skip = cb_aead_refuses(f->id.alg, c->iv_len, c->tag_len, c->ct_len);
    return 1;
}

void kat_case_opening(const kat_case *c, kat_case *view)
{
    *view = *c;
    view->dir = CB_DIR_DECRYPT;
    view->both_ways = 0;
    view->in = c->ct;
    view->in_len = c->ct_len;
    view->expect = c->pt;
    view->expect_len = c->pt_len;
    view->expect_name = c->opened_name;
    snprintf(view->label, sizeof view->label, "%.50s, opened", c->label);
}

/* ---- decoding: CCM ------------------------------------------------------------------ */

/* ccm_take replaces what the file said of name (Key, Nonce) with the record's
 * field: 1 taken, 0 the record has none, -1 bad hex. */
static int ccm_take(kat_file *f, const cb_rsp_record *rec, const char *name, uint8_t **buf,
                    size_t *len)
{
    const cb_rsp_field *fl = cb_rsp_get(rec, name);
    if (!fl)
        return 0;
    free(*buf);
    *buf = NULL;
    return cb_rsp_hex(&f->rsp, fl, buf, len) < 0 ? -1 : 1;
}

/* ccm_params_record takes a record without Count: lengths, Key and Nonce for the
 * records after it.  Returns 0 (no case), or -1 when it holds none of them. */
static int ccm_params_record(kat_file *f, const cb_rsp_record *rec)
{
    kat_ccm *p = &f->ccm;
    int took = 0;
    for (int i = 0; i < KAT_CCM_LENS; i++) {
        const cb_rsp_field *fl = cb_rsp_get(rec, CCM_LENS[i]);
        unsigned long v;
        if (!fl)
            continue;
        if (cb_rsp_uint(&f->rsp, fl, 1UL << 24, &v) < 0)
            return -1;
        p->lens[i] = (long)v;
        took = 1;
    }
    int key = ccm_take(f, rec, "Key", &p->key, &p->key_len);
    if (key < 0)
        return -1;
    if (key && p->key_len != cb_alg_key_bytes(f->id.alg))
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "Key")->line, "Key has %zu bytes; %s "
                            "takes %zu.", p->key_len, f->id.alg->name,
                            cb_alg_key_bytes(f->id.alg));
    int nonce = ccm_take(f, rec, "Nonce", &p->nonce, &p->nonce_len);
    if (nonce < 0)
        return -1;
    took |= key | nonce;
    if (took)
        return 0;
    char names[64] = "";
    for (int i = 0; i < KAT_CCM_LENS; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s, ", CCM_LENS[i]);
    return cb_rsp_error(&f->rsp, rec->line, "the record has neither Count nor any of %sKey "
                        "and Nonce.", names);
}

/* header_number reads the length of name at p, which ends the header or a comma:
 * 1 and *out, or -1 when it is not a whole number up to 2^24. */
static int header_number(kat_file *f, const cb_rsp_field *h, const char *name,
                         const char *p, size_t *out)
{
    char *end = (char *)p;
    unsigned long v = 0;
    if (*p >= '0' && *p <= '9') /* strtoul would also take blanks and a sign */
        v = strtoul(p, &end, 10);
    if (end == p || (*end && *end != ',') || v > 1UL << 24)
        return cb_rsp_error(&f->rsp, h->line, "the header's %s is not a whole number "
                            "from 0 to 16777216.", name);
    *out = v;
    return 1;
}

/* header_len looks for "NAME = n" in the group's headers, which DVPT writes as one
 * "[Alen = 0, Plen = 0, Nlen = 7, Tlen = 4]" (the reader's NAME Alen, the rest its
 * value): 1 and *out when found, 0 when not, -1 when n is not a number.  The header
 * is read where it lies, however long the line. */
static int header_len(kat_file *f, const char *name, size_t *out)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < f->rsp.nsections; i++) {
        const cb_rsp_field *h = &f->rsp.sections[i];
        if (strcasecmp(h->name, name) == 0)
            return header_number(f, h, name, h->value, out);
        for (const char *p = h->value; (p = strstr(p, ", ")) != NULL;) {
            p += 2;
            if (strncasecmp(p, name, n) == 0 && strncmp(p + n, " = ", 3) == 0)
                return header_number(f, h, name, p + n + 3, out);
        }
    }
    return 0;
}

/* ccm_len finds length i: a header of the group, else the leading record. */
static int ccm_len(kat_file *f, int i, int line, size_t *out)
{
    int found = header_len(f, CCM_LENS[i], out);
    if (found)
        return found < 0 ? -1 : 0;
    if (f->ccm.lens[i] < 0)
        return cb_rsp_error(&f->rsp, line, "no header or earlier record gives %s.",
                            CCM_LENS[i]);
    *out = (size_t)f->ccm.lens[i];
    return 0;
}

/* ccm_field decodes a record's hex field expected to hold want bytes into *out,
 * which the case owns (and frees) whatever this returns; a length of 0 is written
 * "00" in these files, so nothing is read then. */
static int ccm_field(kat_file *f, const cb_rsp_record *rec, const char *name, size_t want,
                     uint8_t **out, size_t *len)
{
    if (want == 0) {
        *out = cb_xmalloc(1);
        *len = 0;
        return 0;
    }
    if (field_hex(f, rec, name, out, len) < 0)
        return -1;
    if (*len != want)
        return cb_rsp_error(&f->rsp, rec->line, "%s has %zu bytes, expected %zu.", name, *len,
                            want);
    return 0;
}

/*
 * decode_ccm: the V* files seal Payload and compare CT (ciphertext then tag); DVPT
 * records open CT, and Result = Fail must be rejected (SP 800-38C 6.2 step 10).
 */
static int decode_ccm(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    if (!cb_rsp_get(rec, "Count"))
        return ccm_params_record(f, rec);
    size_t len[KAT_CCM_LENS];
    for (int i = 0; i < KAT_CCM_LENS; i++)
        if (ccm_len(f, i, rec->line, &len[i]) < 0)
            return -1;
    size_t plen = len[CCM_PLEN], tlen = len[CCM_TLEN];
    const cb_rsp_field *res = cb_rsp_get(rec, "Result");
    c->reject = res && strncasecmp(res->value, "fail", 4) == 0;
    c->dir = res ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
    set_label(c, f, rec);
    if (!f->ccm.key)
        return cb_rsp_error(&f->rsp, rec->line, "no Key comes before the record.");
    c->key = cb_xmalloc(f->ccm.key_len);
    memcpy(c->key, f->ccm.key, f->ccm.key_len);
    c->key_len = f->ccm.key_len;
    if (cb_rsp_get(rec, "Nonce")) {
        if (field_hex(f, rec, "Nonce", &c->iv, &c->iv_len) < 0)
            return -1;
    } else if (f->ccm.nonce) {
        c->iv = cb_xmalloc(f->ccm.nonce_len);
        memcpy(c->iv, f->ccm.nonce, f->ccm.nonce_len);
        c->iv_len = f->ccm.nonce_len;
    } else {
        return cb_rsp_error(&f->rsp, rec->line, "the record has no Nonce and none comes "
                                                "before it.");
    }
    if (c->iv_len != len[CCM_NLEN])
        return cb_rsp_error(&f->rsp, rec->line, "Nonce has %zu bytes but Nlen = %zu.",
                            c->iv_len, len[CCM_NLEN]);
    if (ccm_field(f, rec, "Adata", len[CCM_ALEN], &c->aad, &c->aad_len) < 0 ||
        ccm_field(f, rec, "CT", plen + tlen, &c->ct, &c->ct_len) < 0 ||
        (!c->reject && ccm_field(f, rec, "Payload", plen, &c->pt, &c->pt_len) < 0))
        return -1;
    /* the tag is CT's last Tlen bytes */
    c->tag = cb_xmalloc(tlen + 1);
    memcpy(c->tag, c->ct + plen, tlen);
    c->tag_len = tlen;
    text_views(c, plen, "Payload", "CT");
    c->skip = cb_aead_refuses(f->id.alg, c->iv_len, c->tag_len, plen);
    return 1;
}

/* ---- decoding: NTT's Camellia listing ---------------------------------------------- */

/* ntt_field finds the record's "<letter> No.xxx" field; NULL when it has none. */
static const cb_rsp_field *ntt_field(const cb_rsp_record *rec, char letter)
{
    for (size_t i = 0; i < rec->nfields; i++) {
        const char *n = rec->fields[i].name;
        if (n[0] == letter && strncmp(n + 1, " No.", 4) == 0)
            return &rec->fields[i];
    }
    return NULL;
}

/* decode_ntt: a "K No." line keys the records after it; a record of "P No." and
 * "C No." lines is one block encrypted under that key. */
static int decode_ntt(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_rsp_field *k = ntt_field(rec, 'K'), *p = ntt_field(rec, 'P');
    const cb_rsp_field *ct = ntt_field(rec, 'C');
    size_t want = cb_alg_key_bytes(f->id.alg), bs = f->id.alg->block_bytes;
    if (k) {
        free(f->ntt_key);
        f->ntt_key = NULL;
        if (cb_rsp_hex(&f->rsp, k, &f->ntt_key, &f->ntt_key_len) < 0)
            return -1;
        if (f->ntt_key_len != want)
            return cb_rsp_error(&f->rsp, k->line, "%s has %zu bytes; %s takes %zu.", k->name,
                                f->ntt_key_len, f->id.alg->name, want);
        if (!p && !ct)
            return 0;
    }
    if (!p || !ct)
        return cb_rsp_error(&f->rsp, rec->line, "expected a 'P No.' and a 'C No.' line.");
    if (!f->ntt_key)
        return cb_rsp_error(&f->rsp, rec->line, "%s comes before any 'K No.' line.", p->name);
    if (cb_rsp_hex(&f->rsp, p, &c->pt, &c->pt_len) < 0 ||
        cb_rsp_hex(&f->rsp, ct, &c->ct, &c->ct_len) < 0)
        return -1;
    if (c->pt_len != bs || c->ct_len != bs)
        return cb_rsp_error(&f->rsp, rec->line, "%s and %s should be one %zu-byte block.",
                            p->name, ct->name, bs);
    c->key = cb_xmalloc(want);
    memcpy(c->key, f->ntt_key, want);
    c->key_len = want;
    c->dir = CB_DIR_ENCRYPT;
    snprintf(c->label, sizeof c->label, "%.40s", p->name);
    text_views(c, c->ct_len, "P", "C");
    return 1;
}

int kat_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->line = rec->line;
    switch (f->id.format) {
    case CB_KAT_DIGEST:
        return decode_digest(f, rec, c);
    case CB_KAT_CIPHER:
    case CB_KAT_BLOCKWISE:
        return decode_cipher(f, rec, c);
    case CB_KAT_XTS:
        return decode_xts(f, rec, c);
    case CB_KAT_HMAC:
        return decode_hmac(f, rec, c);
    case CB_KAT_CMAC:
        return decode_cmac(f, rec, c);
    case CB_KAT_PKEY:
        return cb_kat_pkey_decode(f->pkey, &f->rsp, rec, &c->sig, c->label, sizeof c->label,
                                  &c->skip);
    case CB_KAT_CCM:
        return decode_ccm(f, rec, c);
    case CB_KAT_NTT:
        return decode_ntt(f, rec, c);
    case CB_KAT_AEAD:
        return decode_aead(f, rec, c);
    case CB_KAT_KEM:
        return kat_kem_decode(f, rec, c);
    case CB_KAT_MLDSA:
        return kat_mldsa_decode(f, rec, c);
    case CB_KAT_GCM_ENCRYPT:
    case CB_KAT_GCM_DECRYPT:
        break;
    }
    return decode_gcm(f, rec, c);
}
