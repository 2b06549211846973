/* SPDX-License-Identifier: MIT */
/*
 * Test helpers for the games whose turns are several actions (Oust, Rive):
 * turns written as the notation writes them ("c5*,g4", "b3xc3,c4", "pass",
 * "swap"), played action by action through the rules interface, and legal
 * actions listed as sorted names.  The real notation reader lives in
 * src/record; this is the least the rules tests need.
 */
#ifndef ARBITER_TEST_TURNS_H
#define ARBITER_TEST_TURNS_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "diagram.h"

static inline struct rules_position *
turns_new(const char *game, const char *spec)
{
	struct rules_diag d;
	struct rules_position *pos;

	pos = rules_position_new(rules_game_find(game), spec, NULL, &d);
	ck_assert_msg(pos != NULL, "%s", d.msg);
	return pos;
}

static inline int
turns_cell(const struct rules_position *pos, const char *name, size_t len)
{
	int	 c = rules_cell_parse(&pos->board, name, len);

	ck_assert_msg(c >= 0, "no cell %.*s", (int)len, name);
	return c;
}

/*
 * Reads the actions of one turn token into a[] (at most cap); returns how
 * many.  Grammar: "pass" | "swap" | part ("," part)*, part = cell ["*"]
 * ("x" cell)*.
 */
static inline int
turns_parse(const struct rules_position *pos, const char *tok,
    struct rules_action *a, int cap)
{
	const char *p = tok;
	size_t	 len;
	int	 n = 0;

	if (strcmp(tok, "pass") == 0 || strcmp(tok, "swap") == 0) {
		memset(a, 0, sizeof *a);
		a->kind = tok[0] == 'p' ? RULES_PASS : RULES_SWAP;
		return 1;
	}
	while (*p != '\0' && n < cap) {
		if (*p == ',') {
			p++;
			continue;
		}
		memset(&a[n], 0, sizeof a[n]);
		a[n].kind = RULES_PLACE;
		if (*p == 'x') {
			a[n].kind = RULES_REMOVE;
			p++;
		}
		len = strcspn(p, ",*x");
		a[n].to = (int16_t)turns_cell(pos, p, len);
		p += len;
		if (*p == '*') {
			a[n].capture = 1;
			p++;
		}
		n++;
	}
	return n;
}

/*
 * Plays space-separated turns; each must be accepted and must complete its
 * turn (the phase is not RULES_TURN_MIDDLE afterwards).
 */
static inline void
turns_play(struct rules_position *pos, const char *turns)
{
	struct rules_action a[64];
	struct rules_diag d;
	char	 tok[128];
	const char *p = turns;
	int	 n, i, k;

	while (sscanf(p, "%127s%n", tok, &n) == 1) {
		p += n;
		k = turns_parse(pos, tok, a, 64);
		for (i = 0; i < k; i++)
			ck_assert_msg(rules_play(pos, &a[i], &d) == 0,
			    "%s (action %d): %s [%s]", tok, i + 1, d.msg,
			    d.code);
		ck_assert_msg(rules_phase(pos) != RULES_TURN_MIDDLE,
		    "turn %s is incomplete", tok);
	}
}

/* Plays the actions of one token, which may leave the turn in progress. */
static inline void
turns_actions(struct rules_position *pos, const char *tok)
{
	struct rules_action a[64];
	struct rules_diag d;
	int	 i, k;

	k = turns_parse(pos, tok, a, 64);
	for (i = 0; i < k; i++)
		ck_assert_msg(rules_play(pos, &a[i], &d) == 0,
		    "%s (action %d): %s [%s]", tok, i + 1, d.msg, d.code);
}

/*
 * Plays the actions of one token, which must fail at its last action with
 * the given code; returns with the diagnostic in *d.  The position is left
 * after the actions before the failing one.
 */
static inline void
turns_fail(struct rules_position *pos, const char *tok, const char *code,
    struct rules_diag *d)
{
	struct rules_action a[64];
	unsigned char before[8192];
	size_t	 size = pos->game->state_size;
	int	 i, k;

	ck_assert_uint_le(size, sizeof before);
	k = turns_parse(pos, tok, a, 64);
	for (i = 0; i < k - 1; i++)
		ck_assert_msg(rules_play(pos, &a[i], d) == 0, "%s: %s", tok,
		    d->msg);
	memcpy(before, pos->state, size);
	ck_assert_msg(rules_play(pos, &a[k - 1], d) == -1,
	    "%s was accepted", tok);
	ck_assert_msg(strcmp(d->code, code) == 0, "%s: code %s (%s), not %s",
	    tok, d->code, d->msg, code);
	ck_assert_msg(memcmp(before, pos->state, size) == 0,
	    "%s: a rejected action changed the state", tok);
}

static inline int
turns_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The legal next actions as names ("c3", "xc3", "pass", "swap"), sorted
 * alphabetically and space-separated; "*" marks no capture here.
 */
static inline void
turns_legal(const struct rules_position *pos, char *out, size_t len)
{
	struct rules_action acts[RULES_MAX_CELLS + 4];
	char	 names[RULES_MAX_CELLS + 4][RULES_CELL_NAME + 2];
	char	*sorted[RULES_MAX_CELLS + 4];
	char	 cellname[RULES_CELL_NAME];
	size_t	 n, i, k = 0;

	n = rules_legal(pos, acts, RULES_MAX_CELLS + 4);
	ck_assert_uint_le(n, RULES_MAX_CELLS + 4);
	for (i = 0; i < n; i++) {
		switch (acts[i].kind) {
		case RULES_PASS:
			snprintf(names[i], sizeof names[i], "pass");
			break;
		case RULES_SWAP:
			snprintf(names[i], sizeof names[i], "swap");
			break;
		case RULES_REMOVE:
			snprintf(names[i], sizeof names[i], "x%s",
			    rules_cell_name(&pos->board, acts[i].to, cellname));
			break;
		default:
			snprintf(names[i], sizeof names[i], "%s",
			    rules_cell_name(&pos->board, acts[i].to, cellname));
		}
		sorted[i] = names[i];
	}
	qsort(sorted, n, sizeof sorted[0], turns_cmp);
	out[0] = '\0';
	for (i = 0; i < n; i++)
		k += (size_t)snprintf(out + k, len - k, "%s%s", i ? " " : "",
		    sorted[i]);
}

static inline void
turns_assert_legal(const struct rules_position *pos, const char *want)
{
	char	 got[4096];

	turns_legal(pos, got, sizeof got);
	ck_assert_str_eq(got, want);
}

#endif
