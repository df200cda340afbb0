/*
 * kernels/check/kat/kat_files.c - the kinds of known-answer file and how a file is
 * identified.  The kinds table is the one list of file names: identification, the
 * help text and error messages all read it.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "kernels/check/kat/kat_impl.h"
#include "kernels/registry.h"

/* kat_kind: a family of official file names, the algorithm and the record format. */
typedef struct kat_kind {
    const char *pattern; /* POSIX extended regex over the base name: ^, $, \., (a|b)
                            and [xy] only, so that kind_names can spell it out; a
                            pattern with a '/' is matched against as many of the
                            path's last folders as it names, for base names that say
                            nothing alone (openssl.txt) */
    const char *alg;     /* algorithm name; \1 .. \9 stand for the pattern's groups */
    cb_kat_format format;
    int flags;           /* KIND_NO_SECTIONS: the files have no [section] headers;
                            KIND_KEY_PICKS_ALG: the records' key lengths pick the
                            key size (cb_kat_id.key_picks_alg) */
    const char *what;    /* what the files test, for help texts */
} kat_kind;

enum { KIND_NO_SECTIONS = 1, KIND_KEY_PICKS_ALG = 2 };

static const kat_kind kinds[] = {
    {"^SHA(1|224|256|384|512)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha\\1", CB_KAT_DIGEST, 0,
     "SHA-1, SHA-2"},
    {"^SHA512_(224|256)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha512-\\1", CB_KAT_DIGEST, 0,
     "SHA-512/224, SHA-512/256"},
    {"^SHA3_(224|256|384|512)(ShortMsg|LongMsg|Monte)\\.rsp$", "sha3-\\1", CB_KAT_DIGEST, 0,
     "SHA-3"},
    {"^rfc-1321\\.txt$", "md5", CB_KAT_DIGEST, 1, "MD5"},
    {"^SM3/oscca\\.txt$", "sm3", CB_KAT_DIGEST, 1, "SM3"},
    {"^blake2(b|s)\\.txt$", "blake2\\1", CB_KAT_DIGEST, 1, "BLAKE2b-512, BLAKE2s-256"},
    {"^ripevectors\\.txt$", "rmd160", CB_KAT_DIGEST, 1, "RIPEMD-160"},
    {"^rfc-2202-(md5|sha1)\\.txt$", "hmac(\\1)", CB_KAT_HMAC, 1, "HMAC"},
    {"^rfc-4231-(sha224|sha256|sha384|sha512)\\.txt$", "hmac(\\1)", CB_KAT_HMAC, 1, "HMAC"},
    {"^nist-800-38b-aes(128|192|256)\\.txt$", "cmac(aes-\\1-cbc)", CB_KAT_CMAC,
     KIND_NO_SECTIONS, "AES CMAC (SP 800-38B's examples)"},
    /* CFB128 names aes-*-cfb by its alias aes-*-cfb128; CFB1's bit strings are not
     * read (cryptobench has no CFB1) */
    {"^(ECB|CBC|OFB|CFB8|CFB128)(GFSbox|KeySbox|VarKey|VarTxt|MMT)(128|192|256)\\.rsp$",
     "aes-\\3-\\1", CB_KAT_CIPHER, 0, "AES"},
    {"^XTSGenAES(128|256)\\.rsp$", "aes-\\1-xts", CB_KAT_XTS, 0,
     "AES XTS, either tweak format"},
    {"^aes-(128|192|256)-ctr\\.txt$", "aes-\\1-ctr", CB_KAT_CIPHER, 0, "AES CTR"},
    {"^gcmEncryptExtIV(128|192|256)\\.rsp$", "aes-\\1-gcm", CB_KAT_GCM_ENCRYPT, 0,
     "AES GCM sealing"},
    {"^gcmDecrypt(128|192|256)\\.rsp$", "aes-\\1-gcm", CB_KAT_GCM_DECRYPT, 0,
     "AES GCM opening, FAIL records rejected"},
    /* CCM: the V* files state fixed lengths in a record before any header */
    {"^(VADT|VNT|VPT|VTT|DVPT)(128|192|256)\\.rsp$", "aes-\\2-ccm", CB_KAT_CCM, 1,
     "AES CCM"},
    {"^TCBC(MMT[123]|invperm|permop|subtab|varkey|vartext)\\.rsp$", "des-ede3-cbc",
     CB_KAT_CIPHER, 0, "TDES CBC"},
    /* a one-block CBC with IV 0 is ECB: kat_run.c runs these on the CBC kernels */
    {"^TECB(MMT[123]|invperm|permop|subtab|varkey|vartext)\\.rsp$", "des-ede3-cbc",
     CB_KAT_BLOCKWISE, 0, "TDES ECB"},
    {"^bf-(cbc|ecb)\\.txt$", "bf-\\1", CB_KAT_CIPHER, 0, "Blowfish (Schneier's vectors)"},
    {"^cast5-(cbc|ecb)\\.txt$", "cast5-\\1", CB_KAT_CIPHER, KIND_NO_SECTIONS, "CAST-128"},
    {"^idea-(cbc|ecb)\\.txt$", "idea-\\1", CB_KAT_CIPHER, KIND_NO_SECTIONS, "IDEA (NESSIE's ECB set)"},
    {"^(rfc-6229-(40|56|64|80|128|192|256)|arc4)\\.txt$", "rc4", CB_KAT_CIPHER, KIND_NO_SECTIONS,
     "RC4, RFC 6229's keystream at its offsets"},
    {"^camellia-(128|192|256)-ecb\\.txt$", "camellia-\\1-ecb", CB_KAT_NTT, KIND_NO_SECTIONS,
     "Camellia ECB, NTT's listing"},
    {"^camellia-cbc\\.txt$", "camellia-128-cbc", CB_KAT_CIPHER, KIND_KEY_PICKS_ALG,
     "Camellia CBC, every key size"},
    {"^rfc-4269\\.txt$", "seed-ecb", CB_KAT_CIPHER, 0, "SEED, RFC 4269 Appendix B"},
    {"^rfc-4196\\.txt$", "seed-cbc", CB_KAT_CIPHER, 0, "SEED CBC, RFC 4196"},
    {"^draft-ribose-cfrg-sm4-10-(ecb|cbc|ctr)\\.txt$", "sm4-\\1", CB_KAT_CIPHER, 0,
     "SM4 (GB/T 32907-2016), draft-ribose-cfrg-sm4-10 appendix A"},
    {"^Sig(Gen|Ver)15_186-[23]\\.rsp$", "rsa2048", CB_KAT_PKEY, 0,
     "RSA PKCS#1 v1.5, SHA-256 records"},
    /* the ECDSA and DSA files share their names: the folder tells them apart, so the
     * ECDSA row comes first (-alg ecdsap256 reads either layout under any name) */
    {"^ECDSA/FIPS_186-[23]/Sig(Gen|Ver)\\.(rsp|txt)$", "ecdsap256", CB_KAT_PKEY, 0,
     "ECDSA, the P-256 sections (-alg ecdsap384 ... ecdsab571: that curve's), every hash"},
    {"^Sig(Gen|Ver)\\.rsp$", "dsa2048", CB_KAT_PKEY, 0, "DSA, SHA-256 records"},
    {"^ECDSA/FIPS_186-3/(PKV|KeyPair)\\.rsp$", "ecdsap384", CB_KAT_PKEY, 0,
     "ECDSA public-key validation and key pairs, P-384's (-alg ecdsap192 ... the others)"},
    {"^ECDSA/SECP256K1/SigGen\\.txt$", "ecdsasecp256k1", CB_KAT_PKEY, 0,
     "ECDSA over secp256k1, every hash"},
    /* the package names X448's file as X25519's: the folder tells them apart */
    {"^X448/rfc7748\\.txt$", "ecdhx448", CB_KAT_PKEY, 1, "X448 (RFC 7748 5.2)"},
    {"^Ed448/rfc8032\\.txt$", "ed448", CB_KAT_PKEY, 1, "Ed448 (RFC 8032 7.4)"},
    {"^rfc7748\\.txt$", "ecdhx25519", CB_KAT_PKEY, 1, "X25519 (RFC 7748 5.2)"},
    /* ECDH on the prime curves: each record names its curve (brainpool.txt) or its
     * section does (the KAS files, [EA] .. [EE]); the row's curve's records run */
    {"^ECDH/brainpool\\.txt$", "ecdhbrp256r1", CB_KAT_PKEY, KIND_NO_SECTIONS,
     "ECDH, RFC 7027's brainpool examples (-alg ecdhbrp384r1 ... the others)"},
    {"^ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_(init|resp)\\.fax$", "ecdhp256",
     CB_KAT_PKEY, 0, "ECDH, the KAS ZZ records of P-256 (-alg ecdhp384 ... the others)"},
    /* CAVP KAS FFC: groups of their own (1024 and 2048 bits), on the Montgomery
     * variants; the file's Result says whether every check must hold */
    {"^KASValidityTest_FFCStatic_NOKC_ZZOnly_(init|resp)\\.fax$", "ffdh2048", CB_KAT_PKEY, 0,
     "FFC DH, KAS ZZ-only validity records (SP 800-56A)"},
    {"^sign\\.input$", "ed25519", CB_KAT_PKEY, 1, "Ed25519 (SUPERCOP's sign.input)"},
    /* RFC 7539 holds vectors of ChaCha20 and of the AEAD, and the package names its
     * AEAD files after where they came from: the folder says which algorithm */
    {"^ChaCha20/rfc7539\\.txt$", "chacha20", CB_KAT_CIPHER, KIND_NO_SECTIONS,
     "ChaCha20, RFC 7539 A.2's NONCE and INITIAL_BLOCK_COUNTER"},
    {"^ChaCha20Poly1305/(openssl|boringssl)\\.txt$", "chacha20-poly1305", CB_KAT_AEAD,
     KIND_NO_SECTIONS, "ChaCha20-Poly1305, OpenSSL's and BoringSSL's records"},
    /* the project's own ML-KEM answers (tests/data/mlkem-awslc.rsp, from AWS-LC's
     * deterministic API): each [ML-KEM-n] section names its records' parameter set */
    {"^mlkem-awslc\\.rsp$", "mlkem768", CB_KAT_KEM, 0,
     "ML-KEM, keygen, encaps and decaps records, every parameter set"},
    /* and its ML-DSA answers (tests/data/mldsa-awslc.rsp), sectioned the same way */
    {"^mldsa-awslc\\.rsp$", "mldsa65", CB_KAT_MLDSA, 0,
     "ML-DSA, keygen, sign and verify records, every parameter set"},
};

#define NKINDS (sizeof kinds / sizeof kinds[0])

/*
 * formats: the kind of algorithm each format tests, and the format a renamed file
 * (-alg) is read in: the first row whose kind fits and whose mode is the
 * algorithm's or CB_MODE_NONE (any).
 */
static const struct {
    cb_kat_format format;
    cb_kind kind;
    cb_mode mode;
    int for_renamed;
} formats[] = {
    {CB_KAT_DIGEST, CB_KIND_DIGEST, CB_MODE_NONE, 1},
    {CB_KAT_HMAC, CB_KIND_HMAC, CB_MODE_NONE, 1},
    {CB_KAT_CMAC, CB_KIND_CMAC, CB_MODE_NONE, 1},
    {CB_KAT_CCM, CB_KIND_AEAD, CB_MODE_CCM, 1},
    {CB_KAT_AEAD, CB_KIND_AEAD, CB_MODE_CHACHAPOLY, 1},
    {CB_KAT_GCM_ENCRYPT, CB_KIND_AEAD, CB_MODE_NONE, 1},
    {CB_KAT_GCM_DECRYPT, CB_KIND_AEAD, CB_MODE_NONE, 0},
    {CB_KAT_XTS, CB_KIND_CIPHER, CB_MODE_XTS, 1},
    {CB_KAT_CIPHER, CB_KIND_CIPHER, CB_MODE_NONE, 1},
    {CB_KAT_BLOCKWISE, CB_KIND_CIPHER, CB_MODE_NONE, 0},
    {CB_KAT_PKEY, CB_KIND_PKEY, CB_MODE_NONE, 1},
    {CB_KAT_NTT, CB_KIND_CIPHER, CB_MODE_ECB, 0},
    {CB_KAT_KEM, CB_KIND_KEM, CB_MODE_NONE, 1},
    {CB_KAT_MLDSA, CB_KIND_SIG, CB_MODE_NONE, 1},
};

#define NFORMATS (sizeof formats / sizeof formats[0])

cb_kind kat_format_kind(cb_kat_format format)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (formats[i].format == format)
            return formats[i].kind;
    return CB_KIND_CIPHER;
}

/* renamed_format: how a file named by -alg is read; -1 when no format fits. */
static int renamed_format(const cb_alg *a, cb_kat_format *out)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (formats[i].for_renamed && formats[i].kind == a->kind &&
            (formats[i].mode == CB_MODE_NONE || formats[i].mode == a->mode)) {
            *out = formats[i].format;
            return 0;
        }
    return -1;
}

size_t cb_kat_kind_count(void)
{
    return NKINDS;
}

/* put appends c to buf while there is room for it and the NUL. */
static void put(char *buf, size_t len, size_t *o, char c)
{
    if (*o + 1 < len)
        buf[(*o)++] = c;
}

const char *cb_kat_kind_names(size_t i, char *buf, size_t len, const char **what)
{
    size_t o = 0;
    int in_class = 0; /* inside [...]: single characters, which need commas between */
    if (what)
        *what = i < NKINDS ? kinds[i].what : "";
    for (const char *p = i < NKINDS ? kinds[i].pattern : ""; *p; p++) {
        switch (*p) {
        case '^':
        case '$':
            break;
        case '\\':
            if (p[1])
                put(buf, len, &o, *++p);
            break;
        case '[':
            in_class = 1;
            /* fall through */
        case '(':
            put(buf, len, &o, '{');
            break;
        case ']':
            in_class = 0;
            /* fall through */
        case ')':
            put(buf, len, &o, '}');
            break;
        case '|':
            put(buf, len, &o, ',');
            break;
        default:
            put(buf, len, &o, *p);
            if (in_class && p[1] != ']')
                put(buf, len, &o, ',');
            break;
        }
    }
    if (len)
        buf[o] = '\0';
    return buf;
}

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

/* path_tail: the last folders + 1 parts of path ("a/b/c", 1: "b/c"), or the whole
 * path when it has fewer. */
static const char *path_tail(const char *path, const char *pattern)
{
    size_t folders = 0;
    for (const char *p = pattern; *p; p++)
        folders += *p == '/';
    const char *tail = path + strlen(path);
    while (tail > path && !(tail[-1] == '/' && folders-- == 0))
        tail--;
    return tail;
}

/* find_kind matches the file's name; NULL when it is not an official name. */
static const kat_kind *find_kind(const char *path, char *alg, size_t len)
{
    for (size_t i = 0; i < NKINDS; i++) {
        regex_t re;
        regmatch_t m[10];
        const char *name = path_tail(path, kinds[i].pattern);
        if (regcomp(&re, kinds[i].pattern, REG_EXTENDED) != 0)
            continue;
        int hit = regexec(&re, name, 10, m, 0) == 0;
        if (hit)
            expand_alg(kinds[i].alg, name, m, alg, len);
        regfree(&re);
        if (hit)
            return &kinds[i];
    }
    return NULL;
}

int cb_kat_identify(const char *path, const char *alg_name, cb_kat_id *id, char *err,
                    size_t errlen)
{
    char name[64];
    const kat_kind *k = find_kind(path, name, sizeof name);
    memset(id, 0, sizeof *id);
    if (!k && !alg_name) {
        snprintf(err, errlen, "%s is not a supported KAT file: kat knows the NIST CAVP "
                 "and RFC files by their official names, some with their folder "
                 "(`cryptobench kat -h` lists them); give -alg NAME for a renamed one.",
                 path);
        return -1;
    }
    id->alg = cb_alg_find(alg_name ? alg_name : name);
    if (!id->alg) {
        snprintf(err, errlen, "%s tests %s, which cryptobench does not implement.", path,
                 alg_name ? alg_name : name);
        return -1;
    }
    cb_kat_format renamed;
    if (renamed_format(id->alg, &renamed) < 0) {
        snprintf(err, errlen, "-alg %s: kat checks digests, HMAC, ciphers, GCM, CCM, "
                 "ChaCha20-Poly1305, signatures, ML-KEM and ML-DSA, not %s.", alg_name ? alg_name : name,
                 id->alg->name);
        return -1;
    }
    if (k && kat_format_kind(k->format) != id->alg->kind) {
        snprintf(err, errlen, "-alg %s does not fit %s, whose records test a different "
                 "kind of algorithm.", alg_name ? alg_name : name, path);
        return -1;
    }
    id->format = k ? k->format : renamed;
    id->sections_optional = !k || (k->flags & KIND_NO_SECTIONS);
    id->key_picks_alg = k && !alg_name && (k->flags & KIND_KEY_PICKS_ALG);
    return 0;
}
