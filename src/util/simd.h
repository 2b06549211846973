/* SPDX-License-Identifier: MIT */
/*
 * Sixteen bytes at a time, with GCC's vector extension (SSE2 on x86-64):
 * the type and the constant of the hot loops over runs of two-byte
 * squares (the line readers' and the replay's).  UTIL_V16 says whether
 * the compiler has them; without, those loops go a byte at a time.
 */
#ifndef ARBITER_UTIL_SIMD_H
#define ARBITER_UTIL_SIMD_H

#if defined(__GNUC__)
#define UTIL_V16 1

typedef unsigned char util_v16u8 __attribute__((vector_size(16)));

/* ORed into eight two-byte squares: their letters in lower case. */
static const util_v16u8 util_v16_fold = { 0x20, 0, 0x20, 0, 0x20, 0, 0x20, 0,
	0x20, 0, 0x20, 0, 0x20, 0, 0x20, 0 };
#else
#define UTIL_V16 0
#endif

#endif
