/*
 * cli/cmd_kat.c - `cryptobench kat FILE...`: NIST CAVP known-answer files run
 * through every available variant of the algorithm they test.
 *
 * Each record is decoded and checked once (a malformed one stops everything with
 * FILE:LINE), then run through each variant under the fault guard.  Results are
 * written to a memory buffer and printed only when every file was well formed, so
 * bad input never leaves half a report.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/kat_pkey.h"
#include "base/common.h"
#include "harness/guard.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"
#include "kernels/check/rsp.h"

/* KAT_SHOWN: failures listed per file and variant; the rest are counted. */
#define KAT_SHOWN 5
/* SHAVS section 6.4 and SHA3VS: 100 checkpoints of 1000 chained digests. */
#define MONTE_ROUNDS 1000

typedef enum kat_format {
    KAT_DIGEST,      /* Len/Msg/MD records, and SHA(3)VS Monte (Seed, then COUNT/MD) */
    KAT_CIPHER,      /* COUNT/KEY/IV/PLAINTEXT/CIPHERTEXT under [ENCRYPT] or [DECRYPT] */
    KAT_BLOCKWISE,   /* the same for ECB files of a CBC-only algorithm: see run_cipher */
    KAT_XTS,         /* DataUnitLen/Key/i or DataUnitSeqNumber/PT/CT, [ENCRYPT] [DECRYPT] */
    KAT_GCM_ENCRYPT, /* Key/IV/PT/AAD/CT/Tag: seal and compare */
    KAT_GCM_DECRYPT, /* the same, open and compare; FAIL records must be rejected */
    KAT_CCM,         /* CAVP CCM: lengths and Key/Nonce outside the Count records; CT is
                        the ciphertext and tag; DVPT's Result = Fail must be rejected */
    KAT_PKEY,        /* RSA and DSA signature files: cli/kat_pkey.c */
    KAT_HMAC         /* Len/Key/Msg/MD records; an MD shorter than the MAC is truncated */
} kat_format;

/* kat_kind: a family of official file names, the algorithm and the record format. */
typedef struct kat_kind {
    const char *pattern; /* POSIX extended regex over the base name */
    const char *alg;     /* algorithm name; \1 .. \9 stand for the pattern's groups */
    kat_format format;
    int no_sections;     /* the format has no [section] headers */
} kat_kind;

static const kat_kind kinds[] = {
    {"^SHA(1|224|256|384|512)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha\\1", KAT_DIGEST, 0},
    {"^SHA512_(224|256)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha512-\\1", KAT_DIGEST, 0},
    {"^SHA3_(224|256|384|512)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha3-\\1", KAT_DIGEST, 0},
    {"^rfc-1321\\.txt$", "md5", KAT_DIGEST, 1},
    {"^rfc-2202-(md5|sha1)\\.txt$", "hmac(\\1)", KAT_HMAC, 1},
    {"^rfc-4231-(sha224|sha256|sha384|sha512)\\.txt$", "hmac(\\1)", KAT_HMAC, 1},
    /* CFB128 names aes-*-cfb by its alias aes-*-cfb128; CFB1's bit strings are not
     * read (cryptobench has no CFB1) */
    {"^(ECB|CBC|OFB|CFB8|CFB128)(GFSbox|KeySbox|VarKey|VarTxt|MMT)(128|192|256)\\.rsp$",
     "aes-\\3-\\1", KAT_CIPHER, 0},
    {"^XTSGenAES(128|256)\\.rsp$", "aes-\\1-xts", KAT_XTS, 0},
    {"^aes-(128|192|256)-ctr\\.txt$", "aes-\\1-ctr", KAT_CIPHER, 0},
    {"^gcmEncryptExtIV(128|192|256)\\.rsp$", "aes-\\1-gcm", KAT_GCM_ENCRYPT, 0},
    {"^gcmDecrypt(128|192|256)\\.rsp$", "aes-\\1-gcm", KAT_GCM_DECRYPT, 0},
    /* CCM: the V* files state fixed lengths in a record before any header */
    {"^(VADT|VNT|VPT|VTT|DVPT)(128|192|256)\\.rsp$", "aes-\\2-ccm", KAT_CCM, 1},
    {"^TCBC(MMT[123]|invperm|permop|subtab|varkey|vartext)\\.rsp$", "des-ede3-cbc",
     KAT_CIPHER, 0},
    {"^TECB(MMT[123]|invperm|permop|subtab|varkey|vartext)\\.rsp$", "des-ede3-cbc",
     KAT_BLOCKWISE, 0},
    {"^Sig(Gen|Ver)15_186-[23]\\.rsp$", "rsa2048", KAT_PKEY, 0},
    {"^Sig(Gen|Ver)\\.rsp$", "dsa2048", KAT_PKEY, 0},
};

/* kat_opts: the command line. */
typedef struct kat_opts {
    const char *alg;      /* -alg, or NULL */
    const char *variants; /* -variant list, or NULL for all */
    cb_caps caps;
} kat_opts;

/* kat_failure: what the report says about one failed record. */
typedef struct kat_failure {
    int line;
    char label[64];
    char why[256];
} kat_failure;

/* kat_run: one variant's tally on one file. */
typedef struct kat_run {
    const cb_variant *var;
    const char *unavailable; /* why it cannot run here, or NULL */
    char why[128];
    unsigned long passed, failed, skipped;
    kat_failure shown[KAT_SHOWN];
} kat_run;

/* kat_case: one record, decoded and checked for form before any variant runs. */
typedef struct kat_case {
    int line;
    char label[64];     /* "[ENCRYPT] COUNT = 3" */
    cb_dir dir;
    const char *skip;   /* why no variant can run it, or NULL */
    int monte;          /* a SHAVS Monte checkpoint: in is the seed */
    int reject;         /* GCM FAIL: the tag must be rejected */
    uint8_t *key, *iv, *aad, *in, *expect, *tag;
    size_t key_len, iv_len, aad_len, in_len, expect_len, tag_len;
    const char *expect_name; /* "CIPHERTEXT", "MD", ... for messages */
    cb_kat_sig *sig;         /* KAT_PKEY: the decoded signature record */
} kat_case;

/* ccm_params: what a CCM file states outside its Count records: Alen, Plen, Nlen
 * and Tlen (bytes) in a leading record when no header gives them, and the Key and
 * Nonce in a record of their own before the records that use them. */
typedef struct ccm_params {
    uint8_t *key, *nonce;
    size_t key_len, nonce_len;
    long lens[4]; /* -1 until given */
} ccm_params;

/* CCM_LENS names ccm_params.lens, in order. */
static const char *const CCM_LENS[4] = {"Alen", "Plen", "Nlen", "Tlen"};

/* kat_file: everything about the file being read. */
typedef struct kat_file {
    const char *path;
    const cb_alg *alg;
    kat_format format;
    cb_rsp rsp;
    kat_run *runs;
    size_t nruns;
    uint8_t seed[CB_DIGEST_MAX]; /* Monte: the input of the next checkpoint */
    int have_seed;
    unsigned long monte_count;
    cb_kat_pkey *pkey;           /* KAT_PKEY: the current group's key */
    ccm_params ccm;              /* KAT_CCM */
} kat_file;

static void kat_usage(FILE *f)
{
    fprintf(f,
            "usage: cryptobench kat [-alg NAME] [-variant NAME[,NAME...]] FILE...\n\n"
            "Runs NIST CAVP known-answer files through every available variant of the\n"
            "algorithm they test and prints, per file and variant,\n"
            "  FILE  VARIANT  passed N  failed N  skipped N\n"
            "with a line for each of the first failures.  The algorithm comes from the\n"
            "official file names: SHA*ShortMsg/LongMsg/Monte.rsp (SHA-1, SHA-2,\n"
            "SHA512_224/256 and SHA3_*), MD5 rfc-1321.txt, HMAC rfc-2202-{md5,sha1}.txt\n"
            "and rfc-4231-sha{224,256,384,512}.txt,\n"
            "AES {ECB,CBC,OFB,CFB8,CFB128}{GFSbox,KeySbox,VarKey,VarTxt,MMT}*.rsp,\n"
            "XTSGenAES{128,256}.rsp (either tweak format), aes-*-ctr.txt,\n"
            "gcmEncryptExtIV*.rsp, gcmDecrypt*.rsp, CCM {VADT,VNT,VPT,VTT,DVPT}*.rsp, TDES TCBC*.rsp and TECB*.rsp, RSA\n"
            "SigGen15_186-*.rsp and SigVer15_186-*.rsp, DSA SigGen.rsp and SigVer.rsp\n"
            "(their SHA-256 records; the signature rows run on Montgomery variants).\n"
            "Records a variant cannot run (a direction it lacks, bit-sized messages)\n"
            "are skipped and counted, never passed.\n\n"
            "  -alg NAME        the algorithm, for files whose name does not say it\n"
            "  -variant LIST    only these variants (names, 'auto' or 'all')\n\n"
            "Exit status: 0 all passed, 1 a record failed, 2 bad usage or a malformed\n"
            "or unreadable file, 3 a kernel faulted.\n");
}

/* ---- small helpers ------------------------------------------------------------- */

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

/* mismatch formats "NAME is GOT, expected WANT" into why. */
static void mismatch(char *why, size_t len, const char *name, const uint8_t *got,
                     const uint8_t *want, size_t n)
{
    char g[40], w[40];
    snprintf(why, len, "%s is %s, expected %s", name, hex_text(got, n, g, sizeof g),
             hex_text(want, n, w, sizeof w));
}

static void case_free(kat_case *c)
{
    free(c->key);
    free(c->iv);
    free(c->aad);
    free(c->in);
    free(c->expect);
    free(c->tag);
    cb_kat_sig_free(c->sig);
    memset(c, 0, sizeof *c);
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
    if (f->format == KAT_CIPHER || f->format == KAT_BLOCKWISE || f->format == KAT_XTS)
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
    c->in_len = f->alg->out_bytes;
    c->in = cb_xmalloc(c->in_len);
    memcpy(c->in, f->seed, c->in_len);
    /* the next checkpoint starts from the file's answer, so one failure stays one */
    memcpy(f->seed, c->expect, c->in_len);
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
        field_hex(f, rec, "Msg", &c->in, &c->in_len) < 0)
        return -1;
    if (bits % 8) {
        c->skip = "a message that is not a whole number of bytes";
        return 1;
    }
    if (bits == 0) /* CAVP writes the empty message as "Msg = 00" */
        c->in_len = 0;
    else if (c->in_len != bits / 8)
        return cb_rsp_error(&f->rsp, rec->line, "Len = %lu but Msg has %zu bytes.", bits,
                            c->in_len);
    return 1;
}

/* decode_digest: 1 a case, 0 a record that only sets state (Seed), -1 malformed. */
static int decode_digest(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    size_t out = f->alg->out_bytes;
    const cb_rsp_field *seed = cb_rsp_get(rec, "Seed");
    const cb_rsp_field *l = cb_rsp_section(&f->rsp, "L");
    int l_bits = f->alg->prim == CB_PRIM_SHA3; /* SHAVS gives L in bytes, SHA3VS in bits */
    size_t l_want = l_bits ? 8 * out : out;
    unsigned long l_value;
    if (l && cb_rsp_uint(&f->rsp, l, 1024, &l_value) < 0)
        return -1;
    if (l && l_value != l_want)
        return cb_rsp_error(&f->rsp, l->line, "[L = %lu] does not match %s's %zu-byte "
                            "digest (L = %zu, in %s).", l_value, f->alg->name, out, l_want,
                            l_bits ? "bits" : "bytes");
    c->dir = CB_DIR_DIGEST;
    c->expect_name = "MD";
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
                                n, f->alg->name, out);
        f->have_seed = 1;
        f->monte_count = 0;
        return 0;
    }
    if (field_hex(f, rec, "MD", &c->expect, &c->expect_len) < 0)
        return -1;
    if (c->expect_len != out)
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "MD")->line, "MD has %zu bytes; %s "
                            "digests have %zu.", c->expect_len, f->alg->name, out);
    set_label(c, f, rec);
    return cb_rsp_get(rec, "Msg") ? message_case(f, rec, c) : monte_checkpoint(f, rec, c);
}

/* ---- decoding: HMAC ----------------------------------------------------------------- */

/* decode_hmac turns "Len / Key / Msg / MD" into a case; an MD shorter than the
 * algorithm's output is a truncated MAC (RFC 2104 section 5) and is compared as such. */
static int decode_hmac(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->dir = CB_DIR_DIGEST;
    c->expect_name = "MD";
    set_label(c, f, rec);
    if (field_hex(f, rec, "Key", &c->key, &c->key_len) < 0 ||
        field_hex(f, rec, "MD", &c->expect, &c->expect_len) < 0)
        return -1;
    if (c->expect_len == 0 || c->expect_len > f->alg->out_bytes)
        return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "MD")->line, "MD has %zu bytes; %s "
                            "MACs have 1 to %u.", c->expect_len, f->alg->name,
                            f->alg->out_bytes);
    return message_case(f, rec, c);
}

/* ---- decoding: ciphers -------------------------------------------------------------- */

/* tdes_keys assembles KEYs or KEY1/KEY2/KEY3 into key_bytes (8 or 24) bytes. */
static int tdes_keys(kat_file *f, const cb_rsp_record *rec, kat_case *c, size_t key_bytes)
{
    uint8_t *k[3] = {NULL, NULL, NULL};
    size_t n[3] = {0, 0, 0};
    int rc = 0;
    if (cb_rsp_get(rec, "KEYs")) {
        rc = field_hex(f, rec, "KEYs", &k[0], &n[0]);
    } else {
        static const char *const names[3] = {"KEY1", "KEY2", "KEY3"};
        for (int i = 0; i < 3 && rc == 0; i++)
            rc = field_hex(f, rec, names[i], &k[i], &n[i]);
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
            rc = cb_rsp_error(&f->rsp, rec->line, "%s takes one key, but KEY1, KEY2 and "
                              "KEY3 differ.", f->alg->name);
    }
    for (int i = 0; i < 3; i++)
        free(k[i]);
    return rc;
}

/* decode_key reads KEY (AES, GCM's Key) or the TDES key fields. */
static int decode_key(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    size_t want = cb_alg_key_bytes(f->alg);
    const cb_rsp_field *k = cb_rsp_get(rec, "KEY");
    if (!k && f->alg->prim == CB_PRIM_DES)
        return tdes_keys(f, rec, c, want);
    if (field_hex(f, rec, "KEY", &c->key, &c->key_len) < 0)
        return -1;
    if (c->key_len != want)
        return cb_rsp_error(&f->rsp, k->line, "%s has %zu bytes; %s takes %zu.", k->name,
                            c->key_len, f->alg->name, want);
    return 0;
}

/* set_texts makes the plaintext or the ciphertext the input, by direction; the case
 * owns both buffers from here on. */
static void set_texts(kat_case *c, uint8_t *pt, size_t pt_len, uint8_t *ct, size_t ct_len,
                      const char *pt_name, const char *ct_name)
{
    int enc = c->dir == CB_DIR_ENCRYPT;
    c->in = enc ? pt : ct;
    c->in_len = enc ? pt_len : ct_len;
    c->expect = enc ? ct : pt;
    c->expect_len = enc ? ct_len : pt_len;
    c->expect_name = enc ? ct_name : pt_name;
}

/* section_dir sets c->dir from the [ENCRYPT] or [DECRYPT] section; -1 if neither. */
static int section_dir(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    if (cb_rsp_section(&f->rsp, "ENCRYPT"))
        c->dir = CB_DIR_ENCRYPT;
    else if (cb_rsp_section(&f->rsp, "DECRYPT"))
        c->dir = CB_DIR_DECRYPT;
    else
        return cb_rsp_error(&f->rsp, rec->line, "the record is under neither [ENCRYPT] nor "
                                                "[DECRYPT].");
    set_label(c, f, rec);
    return 0;
}

/* decode_cipher: [ENCRYPT] maps PLAINTEXT to CIPHERTEXT, [DECRYPT] the other way. */
static int decode_cipher(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_alg *a = f->alg;
    uint8_t *pt = NULL, *ct = NULL;
    size_t pt_len = 0, ct_len = 0;
    if (section_dir(f, rec, c) < 0)
        return -1;
    if (decode_key(f, rec, c) < 0)
        return -1;
    if (a->mode != CB_MODE_ECB && f->format != KAT_BLOCKWISE) {
        if (field_hex(f, rec, "IV", &c->iv, &c->iv_len) < 0)
            return -1;
        if (c->iv_len != a->block_bytes)
            return cb_rsp_error(&f->rsp, cb_rsp_get(rec, "IV")->line, "IV has %zu bytes; "
                                "%s takes %u.", c->iv_len, a->name, a->block_bytes);
    }
    int rc = field_hex(f, rec, "PLAINTEXT", &pt, &pt_len);
    if (rc == 0)
        rc = field_hex(f, rec, "CIPHERTEXT", &ct, &ct_len);
    set_texts(c, pt, pt_len, ct, ct_len, "PLAINTEXT", "CIPHERTEXT");
    if (rc < 0)
        return -1;
    if (pt_len != ct_len)
        return cb_rsp_error(&f->rsp, rec->line, "PLAINTEXT has %zu bytes but CIPHERTEXT "
                            "%zu.", pt_len, ct_len);
    if (!cb_cipher_len_ok(a, pt_len))
        return cb_rsp_error(&f->rsp, rec->line, "the text has %zu bytes, not a whole number "
                            "of %u-byte blocks.", pt_len, a->block_bytes);
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
    uint8_t *pt = NULL, *ct = NULL;
    size_t pt_len = 0, ct_len = 0;
    unsigned long bits;
    if (section_dir(f, rec, c) < 0 || decode_key(f, rec, c) < 0 || xts_tweak(f, rec, c) < 0)
        return -1;
    if (!dul)
        return cb_rsp_error(&f->rsp, rec->line, "the record has no DataUnitLen field.");
    if (cb_rsp_uint(&f->rsp, dul, 1UL << 24, &bits) < 0)
        return -1;
    int rc = field_hex(f, rec, "PT", &pt, &pt_len);
    if (rc == 0)
        rc = field_hex(f, rec, "CT", &ct, &ct_len);
    set_texts(c, pt, pt_len, ct, ct_len, "PT", "CT");
    if (rc < 0)
        return -1;
    if (pt_len != (bits + 7) / 8 || ct_len != pt_len)
        return cb_rsp_error(&f->rsp, rec->line, "DataUnitLen = %lu but PT has %zu bytes and "
                            "CT %zu.", bits, pt_len, ct_len);
    if (bits % 8)
        c->skip = "a data unit that is not a whole number of bytes";
    else if (!cb_cipher_len_ok(f->alg, pt_len) || pt_len == 0)
        return cb_rsp_error(&f->rsp, rec->line, "DataUnitLen = %lu is shorter than one "
                            "block.", bits);
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
    uint8_t *pt = NULL, *ct = NULL;
    size_t pt_len = 0, ct_len = 0;
    c->reject = rec->fail;
    c->dir = f->format == KAT_GCM_DECRYPT || c->reject ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
    set_label(c, f, rec);
    if (decode_key(f, rec, c) < 0 || field_hex(f, rec, "IV", &c->iv, &c->iv_len) < 0 ||
        field_hex(f, rec, "AAD", &c->aad, &c->aad_len) < 0 ||
        field_hex(f, rec, "Tag", &c->tag, &c->tag_len) < 0 ||
        field_hex(f, rec, "CT", &ct, &ct_len) < 0)
        return -1;
    if (!c->reject && field_hex(f, rec, "PT", &pt, &pt_len) < 0) {
        free(ct);
        return -1;
    }
    set_texts(c, pt, pt_len, ct, ct_len, "PT", "CT");
    if (!c->reject && pt_len != ct_len)
        return cb_rsp_error(&f->rsp, rec->line, "PT has %zu bytes but CT %zu.", pt_len,
                            ct_len);
    return gcm_lengths(f, c, ct_len) < 0 ? -1 : 1;
}

/* ---- decoding: CCM ------------------------------------------------------------------ */

/* ccm_params_record takes a record without Count: lengths, Key and Nonce for the
 * records after it.  Returns 0 (no case), or -1 when it holds none of them. */
static int ccm_params_record(kat_file *f, const cb_rsp_record *rec)
{
    ccm_params *p = &f->ccm;
    int took = 0;
    for (int i = 0; i < 4; i++) {
        const cb_rsp_field *fl = cb_rsp_get(rec, CCM_LENS[i]);
        unsigned long v;
        if (!fl)
            continue;
        if (cb_rsp_uint(&f->rsp, fl, 1UL << 24, &v) < 0)
            return -1;
        p->lens[i] = (long)v;
        took = 1;
    }
    const cb_rsp_field *k = cb_rsp_get(rec, "Key");
    if (k) {
        free(p->key);
        p->key = NULL;
        if (cb_rsp_hex(&f->rsp, k, &p->key, &p->key_len) < 0)
            return -1;
        if (p->key_len != cb_alg_key_bytes(f->alg))
            return cb_rsp_error(&f->rsp, k->line, "Key has %zu bytes; %s takes %zu.",
                                p->key_len, f->alg->name, cb_alg_key_bytes(f->alg));
        took = 1;
    }
    const cb_rsp_field *n = cb_rsp_get(rec, "Nonce");
    if (n) {
        free(p->nonce);
        p->nonce = NULL;
        if (cb_rsp_hex(&f->rsp, n, &p->nonce, &p->nonce_len) < 0)
            return -1;
        took = 1;
    }
    if (!took)
        return cb_rsp_error(&f->rsp, rec->line, "the record has neither Count nor any of "
                                                "Alen, Plen, Nlen, Tlen, Key and Nonce.");
    return 0;
}

/* header_len looks for "NAME = n" in the group's headers, which DVPT writes as one
 * "[Alen = 0, Plen = 0, Nlen = 7, Tlen = 4]": 1 and *out when found, 0 when not, -1
 * when n is not a number. */
static int header_len(kat_file *f, const char *name, size_t *out)
{
    for (size_t i = 0; i < f->rsp.nsections; i++) {
        const cb_rsp_field *h = &f->rsp.sections[i];
        char text[256];
        snprintf(text, sizeof text, ", %s = %s", h->name, h->value);
        for (const char *p = text; (p = strstr(p, ", ")) != NULL;) {
            p += 2;
            size_t n = strlen(name);
            if (strncasecmp(p, name, n) != 0 || strncmp(p + n, " = ", 3) != 0)
                continue;
            char *end;
            unsigned long v = strtoul(p + n + 3, &end, 10);
            if (end == p + n + 3 || (*end && *end != ',') || v > 1UL << 24)
                return cb_rsp_error(&f->rsp, h->line, "the header's %s is not a whole "
                                    "number from 0 to 16777216.", name);
            *out = v;
            return 1;
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

/* ccm_field decodes a record's hex field expected to hold want bytes; a length of 0
 * is written "00" in these files, so nothing is read then.  On -1 *out holds
 * nothing: the callers decode into locals and would lose it. */
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
    if (*len != want) {
        free(*out);
        *out = NULL;
        return cb_rsp_error(&f->rsp, rec->line, "%s has %zu bytes, expected %zu.", name, *len,
                            want);
    }
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
    size_t alen, plen, nlen, tlen, ct_len, pt_len = 0;
    if (ccm_len(f, 0, rec->line, &alen) < 0 || ccm_len(f, 1, rec->line, &plen) < 0 ||
        ccm_len(f, 2, rec->line, &nlen) < 0 || ccm_len(f, 3, rec->line, &tlen) < 0)
        return -1;
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
    if (c->iv_len != nlen)
        return cb_rsp_error(&f->rsp, rec->line, "Nonce has %zu bytes but Nlen = %zu.",
                            c->iv_len, nlen);
    uint8_t *pt = NULL, *ct = NULL;
    if (ccm_field(f, rec, "Adata", alen, &c->aad, &c->aad_len) < 0 ||
        ccm_field(f, rec, "CT", plen + tlen, &ct, &ct_len) < 0)
        return -1;
    if (!c->reject && ccm_field(f, rec, "Payload", plen, &pt, &pt_len) < 0) {
        free(ct);
        return -1;
    }
    /* the tag is CT's last Tlen bytes */
    c->tag = cb_xmalloc(tlen + 1);
    memcpy(c->tag, ct + plen, tlen);
    c->tag_len = tlen;
    set_texts(c, pt, pt_len, ct, plen, "Payload", "CT");
    c->skip = cb_aead_refuses(f->alg, c->iv_len, c->tag_len, plen);
    return 1;
}

static int decode(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    c->line = rec->line;
    switch (f->format) {
    case KAT_DIGEST:
        return decode_digest(f, rec, c);
    case KAT_CIPHER:
    case KAT_BLOCKWISE:
        return decode_cipher(f, rec, c);
    case KAT_XTS:
        return decode_xts(f, rec, c);
    case KAT_HMAC:
        return decode_hmac(f, rec, c);
    case KAT_PKEY:
        return cb_kat_pkey_decode(f->pkey, &f->rsp, rec, &c->sig, c->label, sizeof c->label,
                                  &c->skip);
    case KAT_CCM:
        return decode_ccm(f, rec, c);
    case KAT_GCM_ENCRYPT:
    case KAT_GCM_DECRYPT:
        break;
    }
    return decode_gcm(f, rec, c);
}

/* ---- running ------------------------------------------------------------------------ */

typedef enum kat_outcome { KAT_PASS, KAT_FAIL, KAT_SKIP } kat_outcome;

/* kat_job: one case on one variant, in the shape cb_guard_run calls. */
typedef struct kat_job {
    const kat_file *f;
    const cb_variant *v;
    const kat_case *c;
    uint8_t *out;
    kat_outcome outcome;
    char why[256];
} kat_job;

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

/* sha3_monte: a SHA3VS Monte Carlo checkpoint: MD0 = Seed, then MDi = H(MD(i-1))
 * for i = 1 .. 1000; the answer is MD1000. */
static void sha3_monte(kat_job *j)
{
    const cb_alg *a = j->f->alg;
    size_t n = a->out_bytes;
    uint8_t m[CB_DIGEST_MAX];
    memcpy(m, j->c->in, n);
    for (int i = 0; i < MONTE_ROUNDS; i++) {
        cb_digest(a, j->v, m, n, j->out);
        memcpy(m, j->out, n);
    }
    compare(j, j->out, j->c->expect, n, "MD");
}

/* run_digest: one digest, or a SHAVS Monte checkpoint: MD0 = MD1 = MD2 = Seed, then
 * MDi = H(MD(i-3) || MD(i-2) || MD(i-1)) for i = 3 .. 1002; the answer is MD1002.
 * SHA-3 has its own Monte Carlo chain (sha3_monte). */
static void run_digest(kat_job *j)
{
    const cb_alg *a = j->f->alg;
    const kat_case *c = j->c;
    if (!c->monte) {
        cb_digest(a, j->v, c->in, c->in_len, j->out);
        compare(j, j->out, c->expect, a->out_bytes, "MD");
        return;
    }
    if (a->prim == CB_PRIM_SHA3) {
        sha3_monte(j);
        return;
    }
    size_t n = a->out_bytes;
    uint8_t m[3 * CB_DIGEST_MAX];
    for (int i = 0; i < 3; i++)
        memcpy(m + i * n, c->in, n);
    for (int i = 0; i < MONTE_ROUNDS; i++) {
        cb_digest(a, j->v, m, 3 * n, j->out);
        memmove(m, m + n, 2 * n);
        memcpy(m + 2 * n, j->out, n);
    }
    compare(j, j->out, c->expect, n, "MD");
}

/*
 * run_cipher keys a cipher and runs the text in one update.  TDES ECB files are run
 * block by block with the IV reset to zero: a one-block CBC with IV 0 is exactly
 * ECB, so the CBC-only des-ede3-cbc kernels are checked on the ECB files too.
 */
static void run_cipher(kat_job *j)
{
    const kat_case *c = j->c;
    cb_cipher ctx;
    static const uint8_t zero[16];
    if (!cb_variant_offers(j->v, j->f->alg, c->dir) ||
        cb_cipher_init(&ctx, j->f->alg, j->v, c->dir, c->key, c->iv) != 0) {
        j->outcome = KAT_SKIP;
        return;
    }
    int rc = 0;
    if (j->f->format == KAT_BLOCKWISE) {
        size_t bs = j->f->alg->block_bytes;
        for (size_t off = 0; off < c->in_len && rc == 0; off += bs) {
            cb_cipher_set_iv(&ctx, zero);
            rc = cb_cipher_update(&ctx, c->in + off, j->out + off, bs);
        }
    } else {
        rc = cb_cipher_update(&ctx, c->in, j->out, c->in_len);
    }
    cb_cipher_free(&ctx);
    if (rc != 0) {
        j->outcome = KAT_FAIL;
        snprintf(j->why, sizeof j->why, "the cipher refused %zu bytes", c->in_len);
        return;
    }
    compare(j, j->out, c->expect, c->in_len, c->expect_name);
}

/* run_aead seals or opens one GCM or CCM message. */
static void run_aead(kat_job *j)
{
    const kat_case *c = j->c;
    cb_aead g;
    uint8_t tag[16];
    if (!cb_variant_offers(j->v, j->f->alg, c->dir) ||
        cb_aead_init(&g, j->f->alg, j->v, c->key) != 0) {
        j->outcome = KAT_SKIP;
        return;
    }
    if (c->dir == CB_DIR_ENCRYPT) {
        if (cb_aead_seal(&g, c->iv, c->iv_len, c->aad, c->aad_len, c->in, j->out, c->in_len,
                         tag, c->tag_len) != 0) {
            j->outcome = KAT_FAIL;
            snprintf(j->why, sizeof j->why, "sealing refused the record's lengths");
        } else {
            compare(j, j->out, c->expect, c->in_len, "CT");
            if (j->outcome == KAT_PASS)
                compare(j, tag, c->tag, c->tag_len, "Tag");
        }
    } else {
        int accepted = cb_aead_open(&g, c->iv, c->iv_len, c->aad, c->aad_len, c->in, j->out,
                                    c->in_len, c->tag, c->tag_len) == 0;
        if (accepted == c->reject) {
            j->outcome = KAT_FAIL;
            snprintf(j->why, sizeof j->why, "%s", accepted ? "the forged tag was accepted"
                                                           : "the valid tag was rejected");
        } else if (c->reject) {
            j->outcome = KAT_PASS;
        } else {
            compare(j, j->out, c->expect, c->in_len, c->expect_name);
        }
    }
    cb_aead_free(&g);
}

/* run_hmac keys the variant with the record's key and MACs its message. */
static void run_hmac(kat_job *j)
{
    const kat_case *c = j->c;
    cb_hmac h;
    if (cb_hmac_init(&h, j->f->alg, j->v, c->key, c->key_len) != 0) {
        j->outcome = KAT_SKIP;
        return;
    }
    cb_hmac_mac(&h, c->in, c->in_len, j->out);
    cb_hmac_free(&h);
    compare(j, j->out, c->expect, c->expect_len, c->expect_name);
}

/* run_pkey checks one signature record (cli/kat_pkey.c). */
static void run_pkey(kat_job *j)
{
    int rc = cb_kat_pkey_run(j->v, j->c->sig, j->why, sizeof j->why);
    j->outcome = rc == CB_KAT_PKEY_PASS ? KAT_PASS : rc == CB_KAT_PKEY_SKIP ? KAT_SKIP
                                                                             : KAT_FAIL;
}

static void run_job(void *arg)
{
    kat_job *j = arg;
    switch (j->f->alg->kind) {
    case CB_KIND_DIGEST:
        run_digest(j);
        return;
    case CB_KIND_PKEY:
        run_pkey(j);
        return;
    case CB_KIND_AEAD:
        run_aead(j);
        return;
    case CB_KIND_HMAC:
        run_hmac(j);
        return;
    default:
        run_cipher(j);
        return;
    }
}

/* count adds one outcome to r, keeping the first failures for the report. */
static void count(kat_run *r, const kat_job *j)
{
    if (j->outcome == KAT_PASS) {
        r->passed++;
        return;
    }
    if (j->outcome == KAT_SKIP) {
        r->skipped++;
        return;
    }
    if (r->failed < KAT_SHOWN) {
        kat_failure *s = &r->shown[r->failed];
        s->line = j->c->line;
        memcpy(s->label, j->c->label, sizeof s->label);
        memcpy(s->why, j->why, sizeof s->why);
    }
    r->failed++;
}

/* tally runs case c on every available variant; returns a signal number when a
 * kernel faulted, else 0. */
static int tally(kat_file *f, const kat_case *c)
{
    size_t out_len = c->in_len > CB_DIGEST_MAX ? c->in_len : CB_DIGEST_MAX;
    uint8_t *out = cb_xmalloc(out_len);
    int sig = 0;
    for (size_t i = 0; i < f->nruns; i++) {
        kat_run *r = &f->runs[i];
        if (r->unavailable)
            continue;
        if (c->skip) {
            r->skipped++;
            continue;
        }
        kat_job j = {f, r->var, c, out, KAT_FAIL, ""};
        sig = cb_guard_run(run_job, &j);
        if (sig) {
            cb_error("kat: variant %s faulted with %s on %s:%d; run `cryptobench caps` to "
                     "see what this CPU offers.", r->var->name, cb_guard_signame(sig),
                     f->path, c->line);
            break;
        }
        count(r, &j);
    }
    free(out);
    return sig;
}

/* ---- files and variants --------------------------------------------------------------- */

/* expand_alg substitutes \1..\9 in tmpl with the groups regexec matched in name. */
static void expand_alg(const char *tmpl, const char *name, const regmatch_t *m, char *buf,
                       size_t len)
{
    size_t o = 0;
    for (const char *p = tmpl; *p && o + 1 < len; p++) {
        if (p[0] == '\\' && p[1] >= '1' && p[1] <= '9') {
            const regmatch_t *g = &m[p[1] - '0'];
            for (regoff_t i = g->rm_so; i < g->rm_eo && o + 1 < len; i++)
                buf[o++] = name[i];
            p++;
        } else {
            buf[o++] = *p;
        }
    }
    buf[o] = '\0';
}

/* find_kind matches the file's base name; NULL when it is not an official name. */
static const kat_kind *find_kind(const char *path, char *alg, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        regex_t re;
        regmatch_t m[10];
        if (regcomp(&re, kinds[i].pattern, REG_EXTENDED) != 0)
            continue;
        int hit = regexec(&re, base, 10, m, 0) == 0;
        if (hit)
            expand_alg(kinds[i].alg, base, m, alg, len);
        regfree(&re);
        if (hit)
            return &kinds[i];
    }
    return NULL;
}

/* format_kind says which algorithm kind a record format tests. */
static cb_kind format_kind(kat_format fmt)
{
    return fmt == KAT_DIGEST                                  ? CB_KIND_DIGEST
           : fmt == KAT_GCM_ENCRYPT || fmt == KAT_GCM_DECRYPT ? CB_KIND_AEAD
           : fmt == KAT_CCM                                   ? CB_KIND_AEAD
           : fmt == KAT_PKEY                                  ? CB_KIND_PKEY
           : fmt == KAT_HMAC                                  ? CB_KIND_HMAC
                                                              : CB_KIND_CIPHER;
}

/* identify sets f->alg and f->format from the name (or -alg); -1 after a message. */
static int identify(kat_file *f, const kat_opts *o)
{
    char name[64];
    const kat_kind *k = find_kind(f->path, name, sizeof name);
    if (!k && !o->alg) {
        cb_error("kat: %s is not a supported KAT file: kat reads the NIST CAVP SHA*, AES "
                 "ECB/CBC/OFB/CFB8/CFB128/XTS/GCM/CCM, TDES CBC/ECB, RSA SigGen15/SigVer15 and DSA SigGen/SigVer "
                 ".rsp files, aes-*-ctr.txt, MD5 rfc-1321.txt and the HMAC rfc-2202-*.txt "
                 "and rfc-4231-*.txt files by their official names; give -alg NAME for a "
                 "renamed one.",
                 f->path);
        return -1;
    }
    f->alg = cb_alg_find(o->alg ? o->alg : name);
    if (!f->alg) {
        cb_error("kat: %s tests %s, which cryptobench does not implement.", f->path, name);
        return -1;
    }
    if (f->alg->kind == CB_KIND_MAC) {
        cb_error("kat: -alg %s: kat checks digests, HMAC, block ciphers, GCM, CCM and "
                 "signatures, not %s.", o->alg, f->alg->name);
        return -1;
    }
    if (k) {
        f->format = k->format;
        if (format_kind(k->format) != f->alg->kind) {
            cb_error("kat: -alg %s does not fit %s, whose records test a different kind "
                     "of algorithm.", o->alg, f->path);
            return -1;
        }
    } else {
        f->format = f->alg->kind == CB_KIND_DIGEST  ? KAT_DIGEST
                    : f->alg->mode == CB_MODE_CCM  ? KAT_CCM
                    : f->alg->kind == CB_KIND_AEAD ? KAT_GCM_ENCRYPT
                    : f->alg->kind == CB_KIND_PKEY ? KAT_PKEY
                    : f->alg->kind == CB_KIND_HMAC ? KAT_HMAC
                    : f->alg->mode == CB_MODE_XTS  ? KAT_XTS
                                                   : KAT_CIPHER;
    }
    f->rsp.sections_optional = !k || k->no_sections;
    return 0;
}

/* in_list reports whether name is one of the comma-separated words of list. */
static int in_list(const char *name, const char *list)
{
    size_t n = strlen(name);
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

/* wanted applies -variant to v for algorithm a. */
static int wanted(const kat_opts *o, const cb_variant *v, const cb_alg *a)
{
    if (!o->variants || in_list("all", o->variants) || in_list(v->name, o->variants))
        return 1;
    cb_dir dirs[2];
    cb_alg_dirs(a, dirs);
    return in_list("auto", o->variants) && cb_variant_auto(a, dirs[0], o->caps) == v;
}

/* pick_variants fills f->runs with the chosen variants of f->alg; -1 when none. */
static int pick_variants(kat_file *f, const kat_opts *o)
{
    cb_dir dirs[2];
    size_t nd = cb_alg_dirs(f->alg, dirs);
    f->runs = cb_xcalloc(cb_variant_count(), sizeof *f->runs);
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        int offers = 0;
        for (size_t d = 0; d < nd; d++)
            offers |= cb_variant_offers(v, f->alg, dirs[d]);
        if (!offers || !wanted(o, v, f->alg))
            continue;
        kat_run *r = &f->runs[f->nruns++];
        r->var = v;
        r->unavailable = cb_variant_why_not(v, o->caps, r->why, sizeof r->why);
    }
    if (f->nruns)
        return 0;
    char names[256];
    cb_error("kat: -variant %s names no variant of %s (for %s); its variants are: %s.",
             o->variants, f->alg->name, f->path,
             cb_variant_names(f->alg, names, sizeof names));
    return -1;
}

/* report writes the file's tallies; returns 1 when a record failed. */
static int report(const kat_file *f, FILE *out)
{
    int any_failed = 0;
    for (size_t i = 0; i < f->nruns; i++) {
        const kat_run *r = &f->runs[i];
        if (r->unavailable) {
            fprintf(out, "%s  %s  unavailable: %s\n", f->path, r->var->name, r->unavailable);
            continue;
        }
        fprintf(out, "%s  %s  passed %lu  failed %lu  skipped %lu\n", f->path, r->var->name,
                r->passed, r->failed, r->skipped);
        for (unsigned long k = 0; k < r->failed && k < KAT_SHOWN; k++)
            fprintf(out, "  %s:%d: %s: %s: %s\n", f->path, r->shown[k].line, r->var->name,
                    r->shown[k].label, r->shown[k].why);
        if (r->failed > KAT_SHOWN)
            fprintf(out, "  ... and %lu more failures\n", r->failed - KAT_SHOWN);
        any_failed |= r->failed > 0;
    }
    return any_failed;
}

/* check_file runs one file; returns an exit status, results appended to out. */
static int check_file(const char *path, const kat_opts *o, FILE *out)
{
    kat_file f;
    memset(&f, 0, sizeof f);
    f.path = path;
    if (cb_rsp_open(&f.rsp, path) < 0) {
        cb_error("kat: %s", f.rsp.err);
        return CB_EXIT_USAGE;
    }
    int status = CB_EXIT_USAGE, rc = 0, cases = 0, sig = 0;
    cb_rsp_record rec;
    if (identify(&f, o) < 0 || pick_variants(&f, o) < 0)
        goto done;
    if (f.format == KAT_PKEY)
        f.pkey = cb_kat_pkey_new(f.alg);
    for (int i = 0; i < 4; i++)
        f.ccm.lens[i] = -1;
    while (!sig && (rc = cb_rsp_next(&f.rsp, &rec)) == 1) {
        kat_case c;
        memset(&c, 0, sizeof c);
        rc = decode(&f, &rec, &c);
        if (rc > 0) {
            cases++;
            sig = tally(&f, &c);
        }
        case_free(&c);
        if (rc < 0)
            break;
    }
    if (sig) {
        status = CB_EXIT_FAULT;
    } else if (rc < 0) {
        cb_error("kat: %s", f.rsp.err);
    } else if (cases == 0) {
        cb_error("kat: %s holds no known-answer records.", path);
    } else {
        status = report(&f, out) ? CB_EXIT_FAIL : CB_EXIT_OK;
    }
done:
    cb_kat_pkey_free(f.pkey);
    free(f.ccm.key);
    free(f.ccm.nonce);
    free(f.runs);
    cb_rsp_close(&f.rsp);
    return status;
}

/* check_variant_names rejects a -variant word that names no variant at all. */
static int check_variant_names(const char *list)
{
    char word[64];
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
        size_t n = strcspn(p, ",");
        snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), p);
        int known = strcmp(word, "all") == 0 || strcmp(word, "auto") == 0;
        for (size_t i = 0; i < cb_variant_count() && !known; i++)
            known = strcmp(cb_variant_at(i)->name, word) == 0;
        if (!known) {
            cb_error("kat: -variant '%s' is not a variant; `cryptobench list` shows them, "
                     "and 'all' and 'auto' are accepted.", word);
            return -1;
        }
    }
    return 0;
}

/* parse_kat_args reads the options (anywhere among the files) and moves the file
 * names to files; returns their count, 0 when the command is done (help), or -1 on
 * bad usage. */
static int parse_kat_args(int argc, char **argv, kat_opts *o, char **files)
{
    cb_args a = {argc, argv, 1, "kat"};
    int nfiles = 0;
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            kat_usage(stdout);
            return 0;
        }
        if (argv[a.i][0] != '-' || argv[a.i][1] == '\0') {
            files[nfiles++] = argv[a.i++];
            continue;
        }
        int rc = cb_args_value(&a, "alg", &o->alg);
        if (rc == 0)
            rc = cb_args_value(&a, "variant", &o->variants);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            cb_error("kat: unknown option '%s'; the options are -alg NAME and -variant "
                     "LIST.", argv[a.i]);
            return -1;
        }
    }
    if (o->alg && !cb_alg_find(o->alg)) {
        char names[1024];
        cb_error("kat: -alg '%s' is not an algorithm; the algorithms are: %s.", o->alg,
                 cb_alg_names(names, sizeof names));
        return -1;
    }
    if (o->variants && check_variant_names(o->variants) < 0)
        return -1;
    if (nfiles == 0) {
        cb_error("kat: give one or more known-answer files (see 'cryptobench kat -h').");
        return -1;
    }
    return nfiles;
}

/* check_files runs every file into out; returns the exit status. */
static int check_files(char **files, int nfiles, const kat_opts *o, FILE *out)
{
    int status = CB_EXIT_OK;
    for (int i = 0; i < nfiles; i++) {
        int rc = check_file(files[i], o, out);
        if (rc == CB_EXIT_USAGE || rc == CB_EXIT_FAULT)
            return rc;
        if (rc == CB_EXIT_FAIL)
            status = CB_EXIT_FAIL;
    }
    return status;
}

int cb_cmd_kat(int argc, char **argv)
{
    kat_opts o = {NULL, NULL, 0};
    char **files = cb_xcalloc((size_t)argc, sizeof *files);
    int nfiles = parse_kat_args(argc, argv, &o, files);
    char err[256];
    if (nfiles > 0 && cb_caps_init(0, err, sizeof err) != 0) {
        cb_error("%s", err);
        nfiles = -1;
    }
    if (nfiles <= 0) {
        free(files);
        return nfiles == 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    }
    o.caps = cb_caps_effective();
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        free(files);
        cb_error("kat: cannot buffer the report.");
        return CB_EXIT_USAGE;
    }
    int status = check_files(files, nfiles, &o, out);
    fclose(out);
    if (status == CB_EXIT_OK || status == CB_EXIT_FAIL)
        fwrite(text, 1, len, stdout);
    free(text);
    free(files);
    return status;
}
