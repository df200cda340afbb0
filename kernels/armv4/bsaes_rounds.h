/*
 * kernels/armv4/bsaes_rounds.h - the straight-line parts of the bit-sliced AES rounds
 * (bsaes_neon.S): S-box circuits with their registers allocated, ShiftRows,
 * MixColumns and AddRoundKey, as assembler macros.
 *
 * Produced by this project's tooling, not by hand, and kept as its output so that the
 * assembly is all there is to read.  How:
 *   - The forward circuit is Boyar and Peralta's 128-gate S-box ("A depth-16 circuit
 *     for the AES S-box", 2011) with its top linear layer re-derived by their
 *     shortest-linear-program heuristic over the 22 signals the middle needs
 *     (24 XORs instead of 27): 125 gates, 34 of them AND.
 *   - The inverse circuit keeps the same GF(2^8) inversion core (the middle 63 gates)
 *     and puts A^-1 (the inverse of the S-box's affine map) into the linear layers:
 *     the top computes the same 22 signals from y ^ 0x63 (24 XORs, same heuristic),
 *     the bottom A^-1 of the 18 products' sums (35 XORs, Paar's greedy heuristic):
 *     122 gates.
 *   - Both circuits were checked on all 256 inputs against FIPS 197 Figures 7 and 14.
 *   - NEON has 16 q registers and the circuits need more at their peak, so the gate
 *     order was searched (a randomised greedy that prefers gates retiring operands)
 *     and registers assigned with furthest-next-use eviction: 22 (forward) and 24
 *     (inverse) spills and reloads per S-box, each one vst1/vld1 through r3-r12, which
 *     point at ten 16-byte stack slots, so no address arithmetic is needed.
 *   - ShiftRows moves each plane along a chain of registers with vtbl; MixColumns and
 *     AddRoundKey were allocated the same way, so that every round leaves plane i in
 *     q(7 - i), where the next round's S-box expects it.
 * Each S-box line names the gate it computes: U0..U7 (V0..V7 for the inverse) are the
 * input bits from the most significant, S0..S7 the output bits, T/M/L the signals of
 * Boyar and Peralta's paper, X/Y/R intermediate sums of the re-derived layers.
 */
#ifndef CB_ARMV4_BSAES_ROUNDS_H
#define CB_ARMV4_BSAES_ROUNDS_H

/* BS_SBOX_ENC: the AES S-box (FIPS 197 5.1.1) on bit planes: the circuit of Boyar and Peralta,
 * "A depth-16 circuit for the AES S-box" (2011), with its top linear layer re-derived
 * (24 XORs), inputs U0..U7 = planes 7..0 in q0..q7, outputs S0..S7 = planes 7..0,
 * the affine constant 0x63 left out (it is folded into the round keys).  Spills go to
 * the 16-byte slots r3-r12 point at. */
.macro BS_SBOX_ENC
    veor    q4, q4, q6              @ X0 = U4 ^ U6
    veor    q8, q5, q4              @ X3 = U5 ^ X0
    veor    q9, q1, q2              @ X2 = U1 ^ U2
    veor    q1, q1, q8              @ T15 = U1 ^ X3
    veor    q2, q2, q8              @ T16 = U2 ^ X3
    veor    q8, q7, q9              @ T9 = U7 ^ X2
    veor    q10, q6, q8             @ T22 = U6 ^ T9
    veor    q6, q0, q6              @ T3 = U0 ^ U6
    veor    q11, q0, q3             @ T1 = U0 ^ U3
    veor    q4, q4, q11             @ T6 = X0 ^ T1
    veor    q0, q0, q5              @ T2 = U0 ^ U5
    veor    q5, q3, q5              @ T4 = U3 ^ U5
    veor    q3, q3, q8              @ T19 = U3 ^ T9
    veor    q9, q9, q4              @ T10 = X2 ^ T6
    veor    q12, q6, q5             @ T13 = T3 ^ T4
    veor    q13, q2, q4             @ T27 = T16 ^ T6
    vand    q14, q3, q7             @ M4 = T19 & U7
    vand    q15, q12, q4            @ M1 = T13 & T6
    veor    q14, q14, q15           @ M5 = M4 ^ M1
    vst1.64 {d8, d9}, [r3]        @ T6 to slot 0
    veor    q4, q9, q0              @ T24 = T10 ^ T2
    veor    q4, q14, q4             @ M17 = M5 ^ T24
    veor    q14, q11, q1            @ T14 = T1 ^ T15
    veor    q14, q14, q15           @ M3 = T14 ^ M1
    vand    q15, q11, q1            @ M11 = T1 & T15
    vst1.64 {d2, d3}, [r4]        @ T15 to slot 1
    vand    q1, q5, q13             @ M12 = T4 & T27
    veor    q1, q1, q15             @ M13 = M12 ^ M11
    vst1.64 {d10, d11}, [r5]      @ T4 to slot 2
    vand    q5, q0, q9              @ M14 = T2 & T10
    veor    q5, q5, q15             @ M15 = M14 ^ M11
    veor    q4, q4, q5              @ M21 = M17 ^ M15
    vand    q15, q10, q8            @ M7 = T22 & T9
    vst1.64 {d26, d27}, [r6]      @ T27 to slot 3
    veor    q13, q8, q2             @ T17 = T9 ^ T16
    vst1.64 {d0, d1}, [r7]        @ T2 to slot 4
    veor    q0, q3, q12             @ T23 = T19 ^ T13
    vst1.64 {d24, d25}, [r8]      @ T13 to slot 5
    veor    q12, q8, q9             @ T8 = T9 ^ T10
    vst1.64 {d18, d19}, [r9]      @ T10 to slot 6
    veor    q9, q11, q3             @ T20 = T1 ^ T19
    vst1.64 {d22, d23}, [r10]     @ T1 to slot 7
    vand    q11, q0, q12            @ M2 = T23 & T8
    veor    q14, q14, q11           @ M16 = M3 ^ M2
    veor    q14, q14, q1            @ M20 = M16 ^ M13
    veor    q11, q2, q6             @ T26 = T16 ^ T3
    vst1.64 {d6, d7}, [r11]       @ T19 to slot 8
    vand    q3, q6, q2              @ M6 = T3 & T16
    veor    q11, q11, q3            @ M8 = T26 ^ M6
    veor    q11, q11, q15           @ M18 = M8 ^ M7
    veor    q1, q11, q1             @ M22 = M18 ^ M13
    vand    q11, q1, q14            @ M25 = M22 & M20
    vand    q15, q9, q13            @ M9 = T20 & T17
    veor    q3, q15, q3             @ M10 = M9 ^ M6
    veor    q3, q3, q5              @ M19 = M10 ^ M15
    veor    q5, q13, q9             @ T25 = T17 ^ T20
    veor    q3, q3, q5              @ M23 = M19 ^ T25
    veor    q5, q14, q4             @ M27 = M20 ^ M21
    vand    q14, q14, q3            @ M31 = M20 & M23
    vand    q14, q5, q14            @ M32 = M27 & M31
    veor    q15, q5, q11            @ M33 = M27 ^ M25
    veor    q14, q14, q15           @ M38 = M32 ^ M33
    vand    q8, q14, q8             @ M50 = M38 & T9
    vand    q10, q14, q10           @ M59 = M38 & T22
    veor    q15, q1, q3             @ M24 = M22 ^ M23
    vand    q1, q4, q1              @ M34 = M21 & M22
    vand    q1, q15, q1             @ M35 = M24 & M34
    vst1.64 {d16, d17}, [r12]     @ M50 to slot 9
    veor    q8, q15, q11            @ M36 = M24 ^ M25
    veor    q1, q1, q8              @ M40 = M35 ^ M36
    vand    q0, q1, q0              @ M56 = M40 & T23
    vand    q12, q1, q12            @ M47 = M40 & T8
    veor    q8, q3, q11             @ M28 = M23 ^ M25
    vand    q5, q8, q5              @ M29 = M28 & M27
    veor    q5, q4, q5              @ M37 = M21 ^ M29
    veor    q4, q4, q11             @ M26 = M21 ^ M25
    vand    q4, q4, q15             @ M30 = M26 & M24
    veor    q3, q3, q4              @ M39 = M23 ^ M30
    vand    q13, q5, q13            @ M51 = M37 & T17
    vand    q7, q3, q7              @ M48 = M39 & U7
    vand    q9, q5, q9              @ M60 = M37 & T20
    veor    q10, q13, q10           @ L8 = M51 ^ M59
    vld1.64 {d8, d9}, [r11]       @ T19 from slot 8
    vand    q4, q3, q4              @ M57 = M39 & T19
    veor    q13, q7, q13            @ L12 = M48 ^ M51
    veor    q8, q3, q1              @ M44 = M39 ^ M40
    veor    q3, q5, q3              @ M42 = M37 ^ M39
    vld1.64 {d22, d23}, [r8]      @ T13 from slot 5
    vand    q11, q8, q11            @ M55 = M44 & T13
    vld1.64 {d30, d31}, [r3]      @ T6 from slot 0
    vand    q8, q8, q15             @ M46 = M44 & T6
    veor    q12, q12, q11           @ L3 = M47 ^ M55
    veor    q1, q14, q1             @ M41 = M38 ^ M40
    veor    q5, q5, q14             @ M43 = M37 ^ M38
    veor    q7, q8, q7              @ L2 = M46 ^ M48
    veor    q8, q8, q12             @ L7 = M46 ^ L3
    veor    q12, q12, q13           @ L22 = L3 ^ L12
    vand    q6, q5, q6              @ M58 = M43 & T3
    vand    q5, q5, q2              @ M49 = M43 & T16
    vld1.64 {d4, d5}, [r9]        @ T10 from slot 6
    vand    q2, q1, q2              @ M54 = M41 & T10
    vld1.64 {d26, d27}, [r10]     @ T1 from slot 7
    vand    q13, q3, q13            @ M61 = M42 & T1
    vld1.64 {d28, d29}, [r4]      @ T15 from slot 1
    vand    q14, q3, q14            @ M52 = M42 & T15
    veor    q3, q3, q1              @ M45 = M42 ^ M41
    vld1.64 {d30, d31}, [r7]      @ T2 from slot 4
    vand    q1, q1, q15             @ M63 = M41 & T2
    veor    q2, q2, q6              @ L4 = M54 ^ M58
    vld1.64 {d30, d31}, [r6]      @ T27 from slot 3
    vand    q15, q3, q15            @ M53 = M45 & T27
    vst1.64 {d24, d25}, [r3]      @ L22 to slot 0
    vld1.64 {d24, d25}, [r5]      @ T4 from slot 2
    vand    q3, q3, q12             @ M62 = M45 & T4
    veor    q5, q5, q13             @ L5 = M49 ^ M61
    veor    q6, q6, q10             @ L18 = M58 ^ L8
    veor    q6, q6, q7              @ L23 = L18 ^ L2
    veor    q7, q9, q7              @ L11 = M60 ^ L2
    veor    q5, q3, q5              @ L6 = M62 ^ L5
    veor    q3, q13, q3             @ L0 = M61 ^ M62
    veor    q13, q14, q13           @ L14 = M52 ^ M61
    veor    q14, q14, q15           @ L9 = M52 ^ M53
    veor    q15, q15, q2            @ L10 = M53 ^ L4
    veor    q1, q1, q2              @ L19 = M63 ^ L4
    veor    q13, q7, q13            @ L28 = L11 ^ L14
    veor    q13, q1, q13            @ S2 = L19 ^ L28
    veor    q9, q5, q6              @ S7 = L6 ^ L23
    veor    q10, q10, q15           @ L27 = L8 ^ L10
    veor    q15, q5, q15            @ L25 = L6 ^ L10
    vld1.64 {d2, d3}, [r12]       @ M50 from slot 9
    veor    q2, q1, q0              @ L1 = M50 ^ M56
    veor    q1, q1, q3              @ L13 = M50 ^ L0
    veor    q10, q1, q10            @ S6 = L13 ^ L27
    veor    q11, q11, q2            @ L15 = M55 ^ L1
    veor    q11, q11, q14           @ L24 = L15 ^ L9
    veor    q11, q5, q11            @ S0 = L6 ^ L24
    veor    q4, q4, q2              @ L17 = M57 ^ L1
    veor    q7, q7, q4              @ L29 = L11 ^ L17
    veor    q15, q15, q7            @ S5 = L25 ^ L29
    veor    q14, q8, q14            @ L26 = L7 ^ L9
    veor    q8, q2, q8              @ L21 = L1 ^ L7
    veor    q8, q5, q8              @ S3 = L6 ^ L21
    veor    q2, q3, q2              @ L20 = L0 ^ L1
    veor    q0, q0, q3              @ L16 = M56 ^ L0
    veor    q14, q0, q14            @ S1 = L16 ^ L26
    vld1.64 {d0, d1}, [r3]        @ L22 from slot 0
    veor    q12, q2, q0             @ S4 = L20 ^ L22
.endm

/* BS_SHIFTROWS_ENC: the byte permutation in d0, d1 (vtbl indices) applied to
 * each plane, moving the planes along a chain of registers. */
.macro BS_SHIFTROWS_ENC
    vtbl.8  d2, {d22, d23}, d0
    vtbl.8  d3, {d22, d23}, d1
    vtbl.8  d4, {d28, d29}, d0
    vtbl.8  d5, {d28, d29}, d1
    vtbl.8  d6, {d26, d27}, d0
    vtbl.8  d7, {d26, d27}, d1
    vtbl.8  d8, {d16, d17}, d0
    vtbl.8  d9, {d16, d17}, d1
    vtbl.8  d10, {d24, d25}, d0
    vtbl.8  d11, {d24, d25}, d1
    vtbl.8  d12, {d30, d31}, d0
    vtbl.8  d13, {d30, d31}, d1
    vtbl.8  d14, {d20, d21}, d0
    vtbl.8  d15, {d20, d21}, d1
    vtbl.8  d22, {d18, d19}, d0
    vtbl.8  d23, {d18, d19}, d1
.endm

/* BS_MIX_ENC: MixColumns on the planes BS_SHIFTROWS_ENC left. */
.macro BS_MIX_ENC
    vext.8  q0, q1, q1, #4
    veor    q1, q1, q0
    vext.8  q8, q1, q1, #8
    veor    q0, q0, q8
    vext.8  q8, q11, q11, #4
    veor    q11, q11, q8
    vext.8  q9, q11, q11, #8
    veor    q8, q8, q9
    veor    q15, q8, q1
    vext.8  q8, q7, q7, #4
    veor    q7, q7, q8
    vext.8  q9, q7, q7, #8
    veor    q8, q8, q9
    veor    q8, q8, q11
    veor    q14, q8, q1
    vext.8  q8, q6, q6, #4
    veor    q6, q6, q8
    vext.8  q9, q6, q6, #8
    veor    q8, q8, q9
    veor    q13, q8, q7
    vext.8  q7, q5, q5, #4
    veor    q5, q5, q7
    vext.8  q8, q5, q5, #8
    veor    q7, q7, q8
    veor    q7, q7, q6
    veor    q12, q7, q1
    vext.8  q6, q4, q4, #4
    veor    q4, q4, q6
    vext.8  q7, q4, q4, #8
    veor    q6, q6, q7
    veor    q6, q6, q5
    veor    q11, q6, q1
    vext.8  q1, q3, q3, #4
    veor    q3, q3, q1
    vext.8  q5, q3, q3, #8
    veor    q1, q1, q5
    veor    q10, q1, q4
    vext.8  q1, q2, q2, #4
    veor    q2, q2, q1
    vext.8  q4, q2, q2, #8
    veor    q1, q1, q4
    veor    q9, q1, q3
    veor    q8, q0, q2
.endm

/* BS_ARK_ENC: AddRoundKey from [r0] (advanced by 128) after BS_MIX_ENC; plane i
 * ends in q(7 - i). */
.macro BS_ARK_ENC
    vld1.64 {d0-d3}, [r0]!
    veor    q1, q9, q1
    veor    q0, q8, q0
    vld1.64 {d4-d7}, [r0]!
    veor    q3, q11, q3
    veor    q2, q10, q2
    vld1.64 {d8-d11}, [r0]!
    veor    q5, q13, q5
    veor    q4, q12, q4
    vld1.64 {d12-d15}, [r0]!
    veor    q7, q15, q7
    veor    q6, q14, q6
.endm

/* BS_ARK_LAST_ENC: AddRoundKey straight after BS_SHIFTROWS_ENC (the last round);
 * plane i ends in q(7 - i). */
.macro BS_ARK_LAST_ENC
    vld1.64 {d16-d19}, [r0]!
    veor    q0, q1, q8
    veor    q1, q2, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q2, q3, q8
    veor    q3, q4, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q4, q5, q8
    veor    q5, q6, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q6, q7, q8
    veor    q7, q11, q9
.endm

/* BS_SBOX_DEC: the inverse S-box on bit planes: InvS(y) = inv(A^-1(y ^ 0x63)), with the same
 * GF(2^8) inversion core and linear layers derived for A^-1 on either side (24 and 35
 * XORs), inputs V0..V7 = planes 7..0 of y ^ 0x63 in q0..q7 (the 0x63 is folded into
 * the round keys), outputs S0..S7 = planes 7..0.  Spills go to the 16-byte slots
 * r3-r12 point at. */
.macro BS_SBOX_DEC
    veor    q5, q0, q5              @ X6 = V0 ^ V5
    veor    q8, q4, q7              @ T24 = V4 ^ V7
    veor    q4, q3, q4              @ T1 = V3 ^ V4
    veor    q3, q1, q3              @ T22 = V1 ^ V3
    veor    q1, q0, q1              @ T2 = V0 ^ V1
    veor    q0, q0, q3              @ T8 = V0 ^ T22
    veor    q9, q2, q5              @ U7 = V2 ^ X6
    veor    q10, q6, q7             @ X1 = V6 ^ V7
    veor    q7, q7, q4              @ T9 = V7 ^ T1
    veor    q6, q6, q7              @ T3 = V6 ^ T9
    veor    q11, q3, q10            @ T19 = T22 ^ X1
    veor    q2, q2, q11             @ T17 = V2 ^ T19
    veor    q5, q11, q5             @ T15 = T19 ^ X6
    veor    q10, q10, q1            @ T13 = X1 ^ T2
    veor    q12, q0, q9             @ T6 = T8 ^ U7
    veor    q13, q7, q0             @ T10 = T9 ^ T8
    vand    q14, q11, q9            @ M4 = T19 & U7
    vand    q15, q10, q12           @ M1 = T13 & T6
    veor    q14, q14, q15           @ M5 = M4 ^ M1
    veor    q14, q14, q8            @ M17 = M5 ^ T24
    veor    q8, q2, q7              @ T16 = T17 ^ T9
    vst1.64 {d24, d25}, [r3]      @ T6 to slot 0
    veor    q12, q11, q10           @ T23 = T19 ^ T13
    vst1.64 {d20, d21}, [r4]      @ T13 to slot 1
    veor    q10, q8, q6             @ T26 = T16 ^ T3
    vst1.64 {d18, d19}, [r5]      @ U7 to slot 2
    veor    q9, q4, q5              @ T14 = T1 ^ T15
    veor    q9, q9, q15             @ M3 = T14 ^ M1
    veor    q15, q4, q11            @ T20 = T1 ^ T19
    vst1.64 {d22, d23}, [r6]      @ T19 to slot 3
    vand    q11, q12, q0            @ M2 = T23 & T8
    veor    q9, q9, q11             @ M16 = M3 ^ M2
    vand    q11, q6, q8             @ M6 = T3 & T16
    veor    q10, q10, q11           @ M8 = T26 ^ M6
    vst1.64 {d0, d1}, [r7]        @ T8 to slot 4
    vand    q0, q1, q13             @ M14 = T2 & T10
    vst1.64 {d24, d25}, [r8]      @ T23 to slot 5
    vand    q12, q15, q2            @ M9 = T20 & T17
    veor    q12, q12, q11           @ M10 = M9 ^ M6
    vand    q11, q3, q7             @ M7 = T22 & T9
    veor    q10, q10, q11           @ M18 = M8 ^ M7
    vand    q11, q4, q5             @ M11 = T1 & T15
    veor    q0, q0, q11             @ M15 = M14 ^ M11
    veor    q14, q14, q0            @ M21 = M17 ^ M15
    veor    q0, q12, q0             @ M19 = M10 ^ M15
    veor    q12, q2, q15            @ T25 = T17 ^ T20
    veor    q0, q0, q12             @ M23 = M19 ^ T25
    veor    q12, q5, q13            @ T27 = T15 ^ T10
    vst1.64 {d26, d27}, [r9]      @ T10 to slot 6
    veor    q13, q4, q1             @ T4 = T1 ^ T2
    vst1.64 {d2, d3}, [r10]       @ T2 to slot 7
    vand    q1, q13, q12            @ M12 = T4 & T27
    veor    q1, q1, q11             @ M13 = M12 ^ M11
    veor    q9, q9, q1              @ M20 = M16 ^ M13
    veor    q1, q10, q1             @ M22 = M18 ^ M13
    vand    q10, q1, q9             @ M25 = M22 & M20
    veor    q11, q9, q14            @ M27 = M20 ^ M21
    vand    q9, q9, q0              @ M31 = M20 & M23
    vand    q9, q11, q9             @ M32 = M27 & M31
    vst1.64 {d26, d27}, [r11]     @ T4 to slot 8
    veor    q13, q0, q10            @ M28 = M23 ^ M25
    vand    q13, q13, q11           @ M29 = M28 & M27
    veor    q11, q11, q10           @ M33 = M27 ^ M25
    veor    q9, q9, q11             @ M38 = M32 ^ M33
    veor    q13, q14, q13           @ M37 = M21 ^ M29
    vand    q2, q13, q2             @ M51 = M37 & T17
    vand    q15, q13, q15           @ M60 = M37 & T20
    vand    q7, q9, q7              @ M50 = M38 & T9
    vand    q3, q9, q3              @ M59 = M38 & T22
    veor    q11, q13, q9            @ M43 = M37 ^ M38
    vand    q8, q11, q8             @ M49 = M43 & T16
    vand    q6, q11, q6             @ M58 = M43 & T3
    vand    q11, q14, q1            @ M34 = M21 & M22
    veor    q1, q1, q0              @ M24 = M22 ^ M23
    veor    q14, q14, q10           @ M26 = M21 ^ M25
    vand    q14, q14, q1            @ M30 = M26 & M24
    veor    q0, q0, q14             @ M39 = M23 ^ M30
    veor    q13, q13, q0            @ M42 = M37 ^ M39
    vld1.64 {d28, d29}, [r5]      @ U7 from slot 2
    vand    q14, q0, q14            @ M48 = M39 & U7
    vst1.64 {d4, d5}, [r5]        @ M51 to slot 2
    vld1.64 {d4, d5}, [r6]        @ T19 from slot 3
    vand    q2, q0, q2              @ M57 = M39 & T19
    vand    q4, q13, q4             @ M61 = M42 & T1
    vand    q5, q13, q5             @ M52 = M42 & T15
    veor    q5, q5, q4              @ Y0 = M52 ^ M61
    veor    q3, q3, q5              @ Y1 = M59 ^ Y0
    vand    q11, q1, q11            @ M35 = M24 & M34
    veor    q1, q1, q10             @ M36 = M24 ^ M25
    veor    q1, q11, q1             @ M40 = M35 ^ M36
    vld1.64 {d20, d21}, [r8]      @ T23 from slot 5
    vand    q10, q1, q10            @ M56 = M40 & T23
    veor    q9, q9, q1              @ M41 = M38 ^ M40
    veor    q0, q0, q1              @ M44 = M39 ^ M40
    vld1.64 {d22, d23}, [r7]      @ T8 from slot 4
    vand    q1, q1, q11             @ M47 = M40 & T8
    vld1.64 {d22, d23}, [r3]      @ T6 from slot 0
    vand    q11, q0, q11            @ M46 = M44 & T6
    vst1.64 {d8, d9}, [r3]        @ M61 to slot 0
    vld1.64 {d8, d9}, [r4]        @ T13 from slot 1
    vand    q0, q0, q4              @ M55 = M44 & T13
    vld1.64 {d8, d9}, [r9]        @ T10 from slot 6
    vand    q4, q9, q4              @ M54 = M41 & T10
    vst1.64 {d0, d1}, [r4]        @ M55 to slot 1
    vld1.64 {d0, d1}, [r10]       @ T2 from slot 7
    vand    q0, q9, q0              @ M63 = M41 & T2
    veor    q13, q13, q9            @ M45 = M42 ^ M41
    vand    q12, q13, q12           @ M53 = M45 & T27
    vld1.64 {d18, d19}, [r11]     @ T4 from slot 8
    vand    q13, q13, q9            @ M62 = M45 & T4
    veor    q5, q2, q5              @ R2_0 = M57 ^ Y0
    veor    q13, q6, q13            @ Y2 = M58 ^ M62
    veor    q10, q14, q10           @ Y5 = M48 ^ M56
    veor    q14, q14, q4            @ R3_0 = M48 ^ M54
    veor    q5, q5, q13             @ R2_1 = R2_0 ^ Y2
    veor    q5, q5, q10             @ R2_2 = R2_1 ^ Y5
    veor    q13, q3, q13            @ Y3 = Y1 ^ Y2
    veor    q3, q0, q3              @ Y7 = M63 ^ Y1
    veor    q3, q10, q3             @ Y9 = Y5 ^ Y7
    veor    q12, q7, q12            @ Y13 = M50 ^ M53
    veor    q7, q7, q4              @ Y4 = M50 ^ M54
    veor    q1, q1, q7              @ Y6 = M47 ^ Y4
    veor    q15, q15, q1            @ Y8 = M60 ^ Y6
    veor    q15, q8, q15            @ Y12 = M49 ^ Y8
    veor    q9, q5, q15             @ S2 = R2_2 ^ Y12
    vld1.64 {d10, d11}, [r5]      @ M51 from slot 2
    veor    q1, q5, q1              @ R5_0 = M51 ^ Y6
    veor    q8, q8, q13             @ Y11 = M49 ^ Y3
    veor    q4, q5, q4              @ R0_0 = M51 ^ M54
    veor    q13, q11, q13           @ Y10 = M46 ^ Y3
    veor    q5, q11, q5             @ R4_0 = M46 ^ M51
    veor    q10, q4, q8             @ S0 = R0_0 ^ Y11
    veor    q14, q14, q13           @ S3 = R3_0 ^ Y10
    veor    q13, q1, q13            @ S5 = R5_0 ^ Y10
    veor    q5, q5, q2              @ R4_1 = R4_0 ^ M57
    veor    q5, q5, q6              @ R4_2 = R4_1 ^ M58
    vld1.64 {d2, d3}, [r4]        @ M55 from slot 1
    veor    q2, q1, q2              @ R7_0 = M55 ^ M57
    vld1.64 {d8, d9}, [r3]        @ M61 from slot 0
    veor    q2, q2, q4              @ R7_1 = R7_0 ^ M61
    veor    q11, q2, q0             @ S7 = R7_1 ^ M63
    veor    q1, q1, q3              @ R1_0 = M55 ^ Y9
    veor    q15, q1, q15            @ S1 = R1_0 ^ Y12
    veor    q5, q5, q3              @ R4_3 = R4_2 ^ Y9
    veor    q8, q8, q12             @ S6 = Y11 ^ Y13
    veor    q12, q5, q12            @ S4 = R4_3 ^ Y13
.endm

/* BS_SHIFTROWS_DEC: the byte permutation in d0, d1 (vtbl indices) applied to
 * each plane, moving the planes along a chain of registers. */
.macro BS_SHIFTROWS_DEC
    vtbl.8  d2, {d20, d21}, d0
    vtbl.8  d3, {d20, d21}, d1
    vtbl.8  d4, {d30, d31}, d0
    vtbl.8  d5, {d30, d31}, d1
    vtbl.8  d6, {d18, d19}, d0
    vtbl.8  d7, {d18, d19}, d1
    vtbl.8  d8, {d28, d29}, d0
    vtbl.8  d9, {d28, d29}, d1
    vtbl.8  d10, {d24, d25}, d0
    vtbl.8  d11, {d24, d25}, d1
    vtbl.8  d12, {d26, d27}, d0
    vtbl.8  d13, {d26, d27}, d1
    vtbl.8  d14, {d16, d17}, d0
    vtbl.8  d15, {d16, d17}, d1
    vtbl.8  d20, {d22, d23}, d0
    vtbl.8  d21, {d22, d23}, d1
.endm

/* BS_MIX_DEC: InvMixColumns as MixColumns after s ^ 4(s ^ rot2(s)), i.e.
 * MixColumns on the planes BS_SHIFTROWS_DEC left. */
.macro BS_MIX_DEC
    vext.8  q0, q10, q10, #8
    veor    q0, q10, q0
    vext.8  q8, q7, q7, #8
    veor    q8, q7, q8
    vext.8  q9, q6, q6, #8
    veor    q9, q6, q9
    vext.8  q11, q5, q5, #8
    veor    q11, q5, q11
    vext.8  q12, q4, q4, #8
    veor    q12, q4, q12
    vext.8  q13, q3, q3, #8
    veor    q13, q3, q13
    vext.8  q14, q2, q2, #8
    veor    q14, q2, q14
    vext.8  q15, q1, q1, #8
    veor    q15, q1, q15
    veor    q10, q10, q14
    veor    q7, q7, q15
    veor    q7, q7, q14
    veor    q6, q6, q0
    veor    q6, q6, q15
    veor    q5, q5, q8
    veor    q5, q5, q14
    veor    q4, q4, q9
    veor    q4, q4, q15
    veor    q4, q4, q14
    veor    q3, q3, q11
    veor    q3, q3, q15
    veor    q2, q2, q12
    veor    q1, q1, q13
    vext.8  q0, q1, q1, #4
    veor    q1, q1, q0
    vext.8  q8, q1, q1, #8
    veor    q0, q0, q8
    vext.8  q8, q10, q10, #4
    veor    q10, q10, q8
    vext.8  q9, q10, q10, #8
    veor    q8, q8, q9
    veor    q15, q8, q1
    vext.8  q8, q7, q7, #4
    veor    q7, q7, q8
    vext.8  q9, q7, q7, #8
    veor    q8, q8, q9
    veor    q8, q8, q10
    veor    q14, q8, q1
    vext.8  q8, q6, q6, #4
    veor    q6, q6, q8
    vext.8  q9, q6, q6, #8
    veor    q8, q8, q9
    veor    q13, q8, q7
    vext.8  q7, q5, q5, #4
    veor    q5, q5, q7
    vext.8  q8, q5, q5, #8
    veor    q7, q7, q8
    veor    q7, q7, q6
    veor    q12, q7, q1
    vext.8  q6, q4, q4, #4
    veor    q4, q4, q6
    vext.8  q7, q4, q4, #8
    veor    q6, q6, q7
    veor    q6, q6, q5
    veor    q11, q6, q1
    vext.8  q1, q3, q3, #4
    veor    q3, q3, q1
    vext.8  q5, q3, q3, #8
    veor    q1, q1, q5
    veor    q10, q1, q4
    vext.8  q1, q2, q2, #4
    veor    q2, q2, q1
    vext.8  q4, q2, q2, #8
    veor    q1, q1, q4
    veor    q9, q1, q3
    veor    q8, q0, q2
.endm

/* BS_ARK_DEC: AddRoundKey from [r0] (advanced by 128) after BS_MIX_DEC; plane i
 * ends in q(7 - i). */
.macro BS_ARK_DEC
    vld1.64 {d0-d3}, [r0]!
    veor    q1, q9, q1
    veor    q0, q8, q0
    vld1.64 {d4-d7}, [r0]!
    veor    q3, q11, q3
    veor    q2, q10, q2
    vld1.64 {d8-d11}, [r0]!
    veor    q5, q13, q5
    veor    q4, q12, q4
    vld1.64 {d12-d15}, [r0]!
    veor    q7, q15, q7
    veor    q6, q14, q6
.endm

/* BS_ARK_LAST_DEC: AddRoundKey straight after BS_SHIFTROWS_DEC (the last round);
 * plane i ends in q(7 - i). */
.macro BS_ARK_LAST_DEC
    vld1.64 {d16-d19}, [r0]!
    veor    q0, q1, q8
    veor    q1, q2, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q2, q3, q8
    veor    q3, q4, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q4, q5, q8
    veor    q5, q6, q9
    vld1.64 {d16-d19}, [r0]!
    veor    q6, q7, q8
    veor    q7, q10, q9
.endm

#endif
