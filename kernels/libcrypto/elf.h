/*
 * kernels/libcrypto/elf.h - is a file an ELF shared library this process can map?
 * Checked before the file is handed to the dynamic loader, which trusts what it
 * maps: a truncated library's segments reach past the end of the file, and the
 * loader's first touch of the missing pages is a SIGBUS that no message explains.
 *
 * What is checked (the ELF specification, "ELF Header" and "Program Header"): the
 * magic number; the class (32/64-bit), byte order and machine against this build's;
 * the header's own size, version and type (a shared object); the program header
 * table inside the file; every loadable segment's and the dynamic segment's bytes
 * inside the file; a loadable and a dynamic segment present.
 */
#ifndef CB_LIBCRYPTO_ELF_H
#define CB_LIBCRYPTO_ELF_H

#include <stddef.h>

/* cb_elf_check's answers. */
enum {
    CB_ELF_OK = 0,       /* a shared library for this machine, whole */
    CB_ELF_FOREIGN = 1,  /* an ELF file for another machine, class or byte order (the
                          * loader skips such a file when it searches a directory) */
    CB_ELF_BAD = -1      /* unreadable, not ELF, not a shared library, truncated */
};

/*
 * cb_elf_check reads the file at path and answers CB_ELF_OK, or CB_ELF_FOREIGN or
 * CB_ELF_BAD with one sentence in err naming the file and the problem ("'t.so' is
 * truncated: its segments need 4849664 bytes, the file has 100000"; "'libc.so.6' is
 * built for aarch64, this cryptobench is x86-64"; "'x' is not an ELF shared library:
 * it does not begin with the ELF magic number"), without a final full stop.
 */
int cb_elf_check(const char *path, char *err, size_t errlen);

/*
 * cb_elf_find looks for the bare file name (a SONAME such as libcrypto.so.3) in the
 * directories of LD_LIBRARY_PATH, in order, as the dynamic loader does before its
 * cache, and checks what it finds there.  Returns 1 with the first good file's path
 * in path (a file for another machine is passed over, as the loader does); 0 when no
 * LD_LIBRARY_PATH directory holds the name (the loader's cache and default
 * directories decide); -1 with err set (cb_elf_check's sentence) when the file the
 * loader would take is broken.
 */
int cb_elf_find(const char *name, char *path, size_t pathlen, char *err, size_t errlen);

/* cb_elf_machine_name: a machine's name as messages give it (EM_AARCH64: "aarch64");
 * "machine N" for one without a name here, written into buf. */
const char *cb_elf_machine_name(unsigned machine, char *buf, size_t len);

/* cb_elf_host_machine: the ELF machine number of this build (EM_X86_64, ...). */
unsigned cb_elf_host_machine(void);

#endif
