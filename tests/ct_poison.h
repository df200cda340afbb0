/*
 * tests/ct_poison.h - valgrind's memcheck marks for the constant-time tests
 * (test_mlkem, test_mldsa_ct): VALGRIND_MAKE_MEM_UNDEFINED poisons secrets, so a
 * branch or index on them is an error under valgrind; without valgrind's headers the
 * marks compile to nothing.
 */
#ifndef CB_TESTS_CT_POISON_H
#define CB_TESTS_CT_POISON_H

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#endif
#endif
#ifndef VALGRIND_MAKE_MEM_UNDEFINED
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#endif

#endif
