/* SPDX-License-Identifier: MIT */
/*
 * Sixteen bytes at a time, with GCC's vector extension (SSE2 on x86-64):
 * the type and the constant of the hot loops over runs of two-byte
 * squares (the line readers' and the replay's).  UTIL_V16 says whether
 * they may be used: a compiler with the extension and
 * __builtin_convertvector (GCC 9, clang), on a little-endian machine (a
 * square's two bytes are read as one 16-bit lane, the file low); else
 * those loops go a byte at a time.
 */
#ifndef ARBITER_UTIL_SIMD_H
#define ARBITER_UTIL_SIMD_H

#if defined(__GNUC__) && (defined(__clang__) || __GNUC__ >= 9) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define UTIL_V16 1

typedef unsigned char util_v16u8 __attribute__((vector_size(16)));

/* ORed into eight two-byte squares: their letters in lower case. */
static const util_v16u8 util_v16_fold = { 0x20, 0, 0x20, 0, 0x20, 0, 0x20, 0,
	0x20, 0, 0x20, 0, 0x20, 0, 0x20, 0 };
#else
#define UTIL_V16 0
#endif

/*
 * Whether the processor runs AVX2, for the loops that pick their AVX2
 * way at run time (the -j passes over the notation and the trees); never
 * where built with -DARBITER_NO_AVX2, so that a machine with AVX2 tests
 * the other ways too (.ci/run's sanitizer build).
 */
#ifdef ARBITER_NO_AVX2
#define UTIL_AVX2() 0
#else
#define UTIL_AVX2() __builtin_cpu_supports("avx2")
#endif

#endif
