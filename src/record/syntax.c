/* SPDX-License-Identifier: MIT */
/*
 * The compiled patterns of the notation.  Every regular expression of the
 * project is here, compiled once (JIT where PCRE2 has it) and shared by all
 * readers; the grammar they implement is formats/record.md.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdlib.h>
#include <string.h>

#include "record/syntax.h"
#include "record/types.h"

static const char *const patterns[SYN_COUNT] = {
	/* [Name "value"], the value with \" and \\ escapes. */
	[SYN_TAG] =
	    "\\[[ \\t]*([A-Za-z0-9_]++)[ \\t]++\"((?:[^\"\\\\]++|\\\\.)*+)\"[ \\t]*\\]",
	/* Result tokens: a score by colour, or * unfinished. */
	[SYN_RESULT] = "(?:\\*|1/2-1/2|([0-9]+)-([0-9]+))$",
	/*
	 * Possessive repeats (*+, ++) keep no backtracking state, so a line
	 * of any length matches in constant stack.
	 *
	 * A turn: pass, swap, or actions, with Herd's dice first (the dice
	 * alone are a turn in progress).  Cells are a letter a..w (x marks
	 * a removal) and a row number.
	 */
	[SYN_TURN] = "(?:(?:pass|swap|PA|pa|--)"
		     "|[0-9][0-9]:"
		     "|(?:[0-9][0-9]:)?"
		     "(?:x[A-Wa-w][0-9]{1,2}"
		     "|[A-Wa-w][0-9]{1,2}(?:-[A-Wa-w][0-9]{1,2})?\\*?)"
		     "(?:,?x[A-Wa-w][0-9]{1,2}|,[A-Wa-w][0-9]{1,2}"
		     "(?:-[A-Wa-w][0-9]{1,2})?\\*?)*+)$",
	/* An Othello transcript: squares and explicit passes, nothing else. */
	[SYN_TRANSCRIPT] =
	    "[ \\t]*+(?:[A-Pa-p][0-9]{1,2}+|[Pp][Aa]|--)++[ \\t]*$",
};

struct record_syntax *
record_syntax_new(void)
{
	struct record_syntax *syn;
	PCRE2_SIZE	      erroff;
	int		      i, err;

	syn = calloc(1, sizeof *syn);
	if (syn == NULL)
		return NULL;
	for (i = 0; i < SYN_COUNT; i++) {
		syn->re[i] = pcre2_compile((PCRE2_SPTR)patterns[i],
		    PCRE2_ZERO_TERMINATED, PCRE2_ANCHORED, &err, &erroff, NULL);
		if (syn->re[i] == NULL)
			goto out_free_syn;
		/* Without JIT (some platforms) matching still works. */
		(void)pcre2_jit_compile(syn->re[i], PCRE2_JIT_COMPLETE);
	}
	syn->md = pcre2_match_data_create(8, NULL);
	if (syn->md == NULL)
		goto out_free_syn;
	return syn;

out_free_syn:
	record_syntax_free(syn);
	return NULL;
}

void
record_syntax_free(struct record_syntax *syn)
{
	int i;

	if (syn == NULL)
		return;
	for (i = 0; i < SYN_COUNT; i++)
		pcre2_code_free(syn->re[i]);
	pcre2_match_data_free(syn->md);
	free(syn);
}

int
syntax_match(struct record_syntax *syn, enum syntax_pattern p, const char *s,
    size_t len, size_t *groups, int ngroups)
{
	PCRE2_SIZE *ov;
	int	    rc, i;

	rc = pcre2_match(syn->re[p], (PCRE2_SPTR)s, len, 0, 0, syn->md, NULL);
	if (rc < 0)
		return -1;
	ov = pcre2_get_ovector_pointer(syn->md);
	for (i = 0; i < 2 * ngroups; i++)
		groups[i] = i / 2 < rc ? ov[i] : PCRE2_UNSET;
	return (int)ov[1];
}
