/* SPDX-License-Identifier: MIT */
/*
 * Private to src/record: the compiled patterns and one matching call, so
 * that only syntax.c names PCRE2 types.
 */
#ifndef ARBITER_RECORD_SYNTAX_H
#define ARBITER_RECORD_SYNTAX_H

#include <stddef.h>

enum syntax_pattern {
	SYN_TAG,
	SYN_RESULT,
	SYN_TURN,
	SYN_TRANSCRIPT,
	SYN_COUNT,
};

struct record_syntax;

#ifdef PCRE2_CODE_UNIT_WIDTH
struct record_syntax {
	pcre2_code *re[SYN_COUNT];
	/*
	 * One match block: a syntax object serves one thread at a time,
	 * which is how the tools use it.
	 */
	pcre2_match_data *md;
};
#endif

/* The sentinel for an unset group (PCRE2_UNSET). */
#define SYNTAX_UNSET (~(size_t)0)

/*
 * Matches pattern p anchored at the start of s (len bytes, NULs allowed).
 * Returns the length matched, or -1; groups[2k], groups[2k+1] are the
 * offsets of group k (0 = the whole match), SYNTAX_UNSET if unset.
 */
int syntax_match(struct record_syntax *, enum syntax_pattern, const char *s,
    size_t len, size_t *groups, int ngroups);

#endif
