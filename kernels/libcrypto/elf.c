/*
 * kernels/libcrypto/elf.c - an ELF file checked against this build and against its
 * own size before the dynamic loader maps it (kernels/libcrypto/elf.h).  Field
 * offsets and sizes are those of the ELF specification's Elf32_Ehdr/Elf64_Ehdr and
 * Elf32_Phdr/Elf64_Phdr (<elf.h> names the constants); the file's fields are read in
 * its own byte order so that a foreign file is named correctly too.
 */
#include "kernels/libcrypto/elf.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif

/* This build's identity: the compiler's own target macros. */
#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__i386__)
#define HOST_MACHINE EM_386
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#elif defined(__arm__)
#define HOST_MACHINE EM_ARM
#elif defined(__powerpc64__)
#define HOST_MACHINE EM_PPC64
#elif defined(__powerpc__)
#define HOST_MACHINE EM_PPC
#elif defined(__riscv)
#define HOST_MACHINE EM_RISCV
#elif defined(__s390x__) || defined(__s390__)
#define HOST_MACHINE EM_S390
#elif defined(__mips__)
#define HOST_MACHINE EM_MIPS
#elif defined(__loongarch__)
#define HOST_MACHINE EM_LOONGARCH
#else
#define HOST_MACHINE EM_NONE /* unknown: the machine is left to the loader */
#endif
#define HOST_CLASS (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_DATA ELFDATA2MSB
#else
#define HOST_DATA ELFDATA2LSB
#endif

unsigned cb_elf_host_machine(void)
{
    return HOST_MACHINE;
}

const char *cb_elf_machine_name(unsigned machine, char *buf, size_t len)
{
    static const struct {
        unsigned em;
        const char *name;
    } names[] = {
        {EM_X86_64, "x86-64"},     {EM_386, "i386"},         {EM_AARCH64, "aarch64"},
        {EM_ARM, "32-bit ARM"},    {EM_PPC64, "ppc64"},      {EM_PPC, "32-bit PowerPC"},
        {EM_RISCV, "RISC-V"},      {EM_S390, "s390x"},       {EM_MIPS, "MIPS"},
        {EM_SPARCV9, "SPARC64"},   {EM_IA_64, "IA-64"},      {EM_LOONGARCH, "LoongArch"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].em == machine)
            return names[i].name;
    snprintf(buf, len, "machine %u", machine);
    return buf;
}

/* get reads an n-byte unsigned field at p in the file's byte order. */
static uint64_t get(const unsigned char *p, size_t n, int big)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)p[big ? n - 1 - i : i] << (8 * i);
    return v;
}

/* The header fields checked, whatever the class. */
typedef struct elf_head {
    int is64, big;
    unsigned type, machine, version, ehsize, phentsize, phnum;
    uint64_t phoff;
} elf_head;

/* read_at fills buf with n bytes at off; -1 on a short read. */
static int read_at(int fd, void *buf, size_t n, uint64_t off)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, (char *)buf + got, n - got, (off_t)(off + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

/* identify checks e_ident and the machine; fills h.  CB_ELF_OK or an answer. */
static int identify(const char *path, const unsigned char *b, size_t have, elf_head *h,
                    char *err, size_t errlen)
{
    if (have == 0) {
        snprintf(err, errlen, "'%s' is not an ELF shared library: the file is empty", path);
        return CB_ELF_BAD;
    }
    if (have < SELFMAG || memcmp(b, ELFMAG, SELFMAG) != 0) {
        snprintf(err, errlen, "'%s' is not an ELF shared library: it does not begin with "
                 "the ELF magic number", path);
        return CB_ELF_BAD;
    }
    if (have < 20) { /* e_ident, e_type, e_machine */
        snprintf(err, errlen, "'%s' is truncated: its ELF header needs %u bytes, the file "
                 "has %zu", path, HOST_CLASS == ELFCLASS64 ? 64u : 52u, have);
        return CB_ELF_BAD;
    }
    if ((b[EI_CLASS] != ELFCLASS32 && b[EI_CLASS] != ELFCLASS64) ||
        (b[EI_DATA] != ELFDATA2LSB && b[EI_DATA] != ELFDATA2MSB)) {
        snprintf(err, errlen, "'%s' is not an ELF shared library: its ELF identification "
                 "is corrupt (class %u, byte order %u)", path, b[EI_CLASS], b[EI_DATA]);
        return CB_ELF_BAD;
    }
    h->is64 = b[EI_CLASS] == ELFCLASS64;
    h->big = b[EI_DATA] == ELFDATA2MSB;
    h->type = (unsigned)get(b + 16, 2, h->big);
    h->machine = (unsigned)get(b + 18, 2, h->big);
    char n1[32], n2[32];
    const char *theirs = cb_elf_machine_name(h->machine, n1, sizeof n1);
    const char *ours = cb_elf_machine_name(HOST_MACHINE, n2, sizeof n2);
    if (HOST_MACHINE != EM_NONE && h->machine != HOST_MACHINE) {
        snprintf(err, errlen, "'%s' is built for %s, this cryptobench is %s", path, theirs,
                 ours);
        return CB_ELF_FOREIGN;
    }
    if (b[EI_CLASS] != HOST_CLASS) {
        snprintf(err, errlen, "'%s' is a %s-bit %s library, this cryptobench is %s-bit",
                 path, h->is64 ? "64" : "32", theirs, h->is64 ? "32" : "64");
        return CB_ELF_FOREIGN;
    }
    if (b[EI_DATA] != HOST_DATA) {
        snprintf(err, errlen, "'%s' is a %s-endian %s library, this cryptobench is "
                 "%s-endian", path, h->big ? "big" : "little", theirs,
                 h->big ? "little" : "big");
        return CB_ELF_FOREIGN;
    }
    return CB_ELF_OK;
}

/* header reads and checks the rest of the ELF header. */
static int header(const char *path, const unsigned char *b, size_t have, elf_head *h,
                  char *err, size_t errlen)
{
    size_t ehsize = h->is64 ? 64 : 52, phentsize = h->is64 ? 56 : 32;
    if (have < ehsize) {
        snprintf(err, errlen, "'%s' is truncated: its ELF header needs %zu bytes, the file "
                 "has %zu", path, ehsize, have);
        return CB_ELF_BAD;
    }
    size_t w = h->is64 ? 8 : 4; /* the width of an address or offset */
    h->version = (unsigned)get(b + 20, 4, h->big);
    h->phoff = get(b + 24 + w, w, h->big);
    const unsigned char *q = b + 24 + 3 * w + 4; /* past e_entry, e_phoff, e_shoff, e_flags */
    h->ehsize = (unsigned)get(q, 2, h->big);
    h->phentsize = (unsigned)get(q + 2, 2, h->big);
    h->phnum = (unsigned)get(q + 4, 2, h->big);
    if (h->type != ET_DYN) {
        snprintf(err, errlen, "'%s' is not an ELF shared library: it is %s", path,
                 h->type == ET_EXEC ? "an executable linked at a fixed address"
                 : h->type == ET_REL ? "an object file (.o), not linked"
                 : h->type == ET_CORE ? "a core dump" : "of an unknown ELF type");
        return CB_ELF_BAD;
    }
    if (h->version != EV_CURRENT || h->ehsize != ehsize || h->phentsize != phentsize ||
        h->phnum == 0) {
        snprintf(err, errlen, "'%s' is not a valid ELF shared library: its header gives "
                 "version %u, a %u-byte header and %u program headers of %u bytes (an "
                 "ELF%s file has version 1, %zu and at least 1 of %zu)", path, h->version,
                 h->ehsize, h->phnum, h->phentsize, h->is64 ? "64" : "32", ehsize,
                 phentsize);
        return CB_ELF_BAD;
    }
    return CB_ELF_OK;
}

/* segments checks the program headers: the loadable and dynamic segments' bytes must
 * lie in the file's size bytes. */
static int segments(const char *path, int fd, const elf_head *h, uint64_t size, char *err,
                    size_t errlen)
{
    uint64_t table = (uint64_t)h->phnum * h->phentsize;
    if (h->phoff > size || table > size - h->phoff) {
        snprintf(err, errlen, "'%s' is truncated: its program headers need %llu bytes, the "
                 "file has %llu", path, (unsigned long long)(h->phoff + table),
                 (unsigned long long)size);
        return CB_ELF_BAD;
    }
    unsigned char *ph = malloc((size_t)table);
    if (!ph || read_at(fd, ph, (size_t)table, h->phoff) != 0) {
        free(ph);
        snprintf(err, errlen, "cannot read the program headers of '%s'", path);
        return CB_ELF_BAD;
    }
    size_t w = h->is64 ? 8 : 4;
    uint64_t need = 0;
    int loads = 0, dynamic = 0, corrupt = 0;
    for (unsigned i = 0; i < h->phnum; i++) {
        const unsigned char *p = ph + (size_t)i * h->phentsize;
        unsigned type = (unsigned)get(p, 4, h->big);
        /* Elf64_Phdr: type, flags, offset, vaddr, paddr, filesz, memsz;
         * Elf32_Phdr: type, offset, vaddr, paddr, filesz, memsz, flags */
        const unsigned char *o = p + (h->is64 ? 8 : 4);
        uint64_t off = get(o, w, h->big), filesz = get(o + 3 * w, w, h->big);
        uint64_t memsz = get(o + 4 * w, w, h->big);
        if (type != PT_LOAD && type != PT_DYNAMIC)
            continue;
        loads += type == PT_LOAD;
        dynamic += type == PT_DYNAMIC;
        corrupt |= filesz > UINT64_MAX - off || (type == PT_LOAD && filesz > memsz);
        if (!corrupt && off + filesz > need)
            need = off + filesz;
    }
    free(ph);
    if (corrupt) {
        snprintf(err, errlen, "'%s' is not a valid ELF shared library: a segment's size "
                 "in the file is impossible", path);
        return CB_ELF_BAD;
    }
    if (!loads || !dynamic) {
        snprintf(err, errlen, "'%s' is not an ELF shared library: it has no %s", path,
                 !loads ? "loadable segment" : "dynamic section (it is linked statically)");
        return CB_ELF_BAD;
    }
    if (need > size) {
        snprintf(err, errlen, "'%s' is truncated: its segments need %llu bytes, the file "
                 "has %llu", path, (unsigned long long)need, (unsigned long long)size);
        return CB_ELF_BAD;
    }
    return CB_ELF_OK;
}

int cb_elf_check(const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return CB_ELF_BAD;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "'%s' is not a regular file", path);
        close(fd);
        return CB_ELF_BAD;
    }
    unsigned char b[64];
    uint64_t size = (uint64_t)st.st_size;
    size_t have = size < sizeof b ? (size_t)size : sizeof b;
    elf_head h = {0};
    int r = CB_ELF_BAD;
    if (read_at(fd, b, have, 0) != 0)
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
    else
        r = identify(path, b, have, &h, err, errlen);
    if (r == CB_ELF_OK)
        r = header(path, b, have, &h, err, errlen);
    if (r == CB_ELF_OK)
        r = segments(path, fd, &h, size, err, errlen);
    close(fd);
    return r;
}

int cb_elf_find(const char *name, char *path, size_t pathlen, char *err, size_t errlen)
{
    const char *dirs = getenv("LD_LIBRARY_PATH");
    /* the loader splits at ':' and ';', and an empty entry is the current directory */
    for (const char *p = dirs; p && *p;) {
        size_t n = strcspn(p, ":;");
        int len = snprintf(path, pathlen, "%.*s%s%s", (int)n, p, n ? "/" : "./", name);
        p += n + (p[n] != '\0');
        struct stat st;
        if (len < 0 || (size_t)len >= pathlen || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        int r = cb_elf_check(path, err, errlen);
        if (r == CB_ELF_OK)
            return 1;
        if (r == CB_ELF_BAD)
            return -1;
    }
    return 0;
}
