/*
 * kernels/x86_64/aesni_i1.c - AES-NI with 1 block(s) in flight (variant aesni-i1);
 * the code is the template in aesni_modes.h.
 */
#define AESNI_I 1
#include "kernels/x86_64/aesni_modes.h"
