/*
 * kernels/x86_64/aesni_i4.c - AES-NI with 4 block(s) in flight (variant aesni-i4);
 * the code is the template in aesni_modes.h.
 */
#define AESNI_I 4
#include "kernels/x86_64/aesni_modes.h"
