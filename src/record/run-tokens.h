/* SPDX-License-Identifier: MIT */
/*
 * A run's turn tokens eight at a time (GCC's vector extension, util/simd.h):
 * those of eight two-byte squares in a row, as five vectors of four 64-bit
 * words (text, len, line, col, offset, token after token), and what the
 * next eight add to them.  The squares' texts are two bytes apart (three
 * in a tree's copies); their places in the input step bytes apart (a
 * transcript's 2, WTHOR's move bytes 1, a tree's 5 or 6).  Only where a
 * token is those five words (TOKEN_WORDS); for the line readers
 * (read-lines.c), WTHOR's (read-wthor.c) and the trees' (read-tree.c).
 */
#ifndef ARBITER_RECORD_RUN_TOKENS_H
#define ARBITER_RECORD_RUN_TOKENS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "record/read.h"
#include "util/simd.h"

/*
 * The hot loops of runs (read-lines.c's square_run, read-wthor.c's
 * moves) are compiled for x86-64-v4 and v3 (AVX-512, AVX2: sixteen
 * squares, and eight tokens in ten stores) and for any x86-64, and the
 * loader picks one for the processor (flatten: the vector helpers take
 * the clone's instruction set).
 */
#if UTIL_V16 && defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define RUN_CLONES \
	__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", \
	    "default"), flatten))
#else
#define RUN_CLONES
#endif

#if UTIL_V16
typedef uint64_t v4u64 __attribute__((vector_size(32)));

struct run_tokens {
	v4u64 v[10];
};

#define TOKEN_WORDS \
	(sizeof(struct record_token) == 5 * sizeof(uint64_t) && \
	    offsetof(struct record_token, text) == 0 && \
	    sizeof(char *) == sizeof(uint64_t) && \
	    offsetof(struct record_token, len) == 8 && \
	    sizeof(size_t) == sizeof(uint64_t) && \
	    offsetof(struct record_token, at) == 16 && \
	    sizeof(struct diag_pos) == 3 * sizeof(uint64_t) && \
	    offsetof(struct diag_pos, col) == 8 && \
	    offsetof(struct diag_pos, offset) == 16)

/*
 * What k tokens on add to the five vectors: tstep * k to the texts, step
 * * k to the columns and offsets (both constants: the vectors are
 * folded).  The line readers' texts are two bytes apart, in the line; a
 * tree's three, each copied with its NUL (read-tree.c).
 */
#define RUN_TOKENS_BY(k, tstep, step) \
	{ { (tstep) * (k), 0, 0, (step) * (k) }, \
	    { (step) * (k), (tstep) * (k), 0, 0 }, \
	    { (step) * (k), (step) * (k), (tstep) * (k), 0 }, \
	    { 0, (step) * (k), (step) * (k), (tstep) * (k) }, \
	    { 0, 0, (step) * (k), (step) * (k) } }
#define RUN_TOKENS_ON(k, step) RUN_TOKENS_BY(k, 2, step)

/*
 * The eight tokens from text (at at), their texts tstep bytes apart and
 * their places step.
 */
static inline __attribute__((always_inline)) void
run_tokens_from(struct run_tokens *r, const char *text, uint64_t tstep,
    struct diag_pos at, uint64_t step)
{
	uint64_t    p = (uint64_t)(uintptr_t)text, l = at.line, c = at.col;
	uint64_t    o = at.offset;
	const v4u64 four[5] = RUN_TOKENS_BY(4, tstep, step);
	int	    k;

	r->v[0] = (v4u64){ p, 2, l, c };
	r->v[1] = (v4u64){ o, p + tstep, 2, l };
	r->v[2] = (v4u64){ c + step, o + step, p + 2 * tstep, 2 };
	r->v[3] = (v4u64){ l, c + 2 * step, o + 2 * step, p + 3 * tstep };
	r->v[4] = (v4u64){ 2, l, c + 3 * step, o + 3 * step };
#pragma GCC unroll 5
	for (k = 0; k < 5; k++)
		r->v[5 + k] = r->v[k] + four[k];
}

/* The eight tokens from text (at at), their places step bytes apart. */
static inline __attribute__((always_inline)) void
run_tokens_at(
    struct run_tokens *r, const char *text, struct diag_pos at, uint64_t step)
{
	run_tokens_from(r, text, 2, at, step);
}

/*
 * Stores r's eight tokens at t and moves r on to the next eight's, their
 * texts tstep bytes apart.
 */
static inline __attribute__((always_inline)) void
run_tokens_put_by(
    struct run_tokens *r, struct record_token *t, uint64_t tstep, uint64_t step)
{
	const v4u64 next[5] = RUN_TOKENS_BY(8, tstep, step);
	int	    k;

	/* Unrolled (GCC, clang): the vectors stay in registers. */
#pragma GCC unroll 10
	for (k = 0; k < 10; k++) {
		memcpy(
		    (char *)t + k * sizeof r->v[k], &r->v[k], sizeof r->v[k]);
		r->v[k] += next[k < 5 ? k : k - 5];
	}
}

/* run_tokens_put_by of texts two bytes apart (the line readers'). */
static inline __attribute__((always_inline)) void
run_tokens_put(struct run_tokens *r, struct record_token *t, uint64_t step)
{
	run_tokens_put_by(r, t, 2, step);
}
#endif

#endif
