/*
 * kernels/x86_64/aesni_i8.c - AES-NI with 8 block(s) in flight (variant aesni-i8);
 * the code is the template in aesni_modes.h.
 */
#define AESNI_I 8
#include "kernels/x86_64/aesni_modes.h"
