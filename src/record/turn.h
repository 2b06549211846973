/* SPDX-License-Identifier: MIT */
/*
 * The turn-token codec (turn.c): a turn token's text to rules actions and
 * back, the comma rule included.  Reading tokens is the readers', judging
 * the actions the referee's.
 */
#ifndef ARBITER_RECORD_TURN_H
#define ARBITER_RECORD_TURN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "record/types.h"

/*
 * The turn-token codec (turn.c): the one place that knows how a turn
 * token's text and a turn's actions map to each other, the comma rule
 * included.
 *
 * record_turn_parse turns one token (without its move number) into
 * actions for a game on board b: writes at most cap actions and each
 * one's byte offset in the token into offs, and returns the number of
 * actions, or -1 with d (code, message; d->at is left for the caller, its
 * offset set within the token) for a token that is not a turn or names a
 * cell off the board.  record_turn_bound(tok, len) actions always fit.
 */
int record_turn_parse(struct record_syntax *, const struct rules_board *,
    const char *tok, size_t len, struct rules_action *out, size_t *offs,
    size_t cap, struct diag *d);
/*
 * Whether the len bytes at tok are a pass token: exactly pass, PA, pa or
 * -- (formats/record.md, section 3; not Pa or pA).  Inline: the replay
 * asks it of every turn of a notation record (implied passes), and the
 * call was 3% of reading one.
 */
static inline bool
record_turn_is_pass(const char *tok, size_t len)
{
	/*
	 * Tokens are counted, not terminated: compare with their length.
	 * Exactly as SYN_TURN: a transcript's pattern lets Pa and pA through
	 * (formats/record.md, section 7), which are no pass here.
	 */
	if (len == 4)
		return memcmp(tok, "pass", 4) == 0;
	return len == 2 &&
	    (memcmp(tok, "PA", 2) == 0 || memcmp(tok, "pa", 2) == 0 ||
		memcmp(tok, "--", 2) == 0);
}
/*
 * A turn token as one byte, the form in which a reader hands the referee
 * its squares (record->squares): a letter a..p (either case) and a digit
 * is file | (digit - 1) << 4 (f5 is 0x45, a10 no such token), whatever
 * the board, which the referee checks; any other token is
 * RECORD_SQUARE_NONE.  A rank nibble of 15 (the digit 0's too) is on no
 * board.
 */
#define RECORD_SQUARE_NONE 0xff

static inline uint8_t
record_square_byte(const char *tok, size_t len)
{
	unsigned file, digit;

	if (len != 2)
		return RECORD_SQUARE_NONE;
	file = ((unsigned char)tok[0] | 0x20) - (unsigned)'a';
	digit = (unsigned char)tok[1] - (unsigned)'0';
	if (file >= 16 || digit >= 10)
		return RECORD_SQUARE_NONE;
	return (uint8_t)(file | (digit - 1) << 4);
}

/*
 * The actions of tok before the one holding byte off (a bad cell that
 * record_turn_parse reported), as record_turn_parse writes them; the
 * text they stand in ends at *cut (record_turn_cut).  Returns their
 * number, 0 if none, or -1 if those bytes are no turn either.  So a
 * referee judges what a player wrote before the mistake first.
 */
int record_turn_parse_before(struct record_syntax *, const struct rules_board *,
    const char *tok, size_t off, struct rules_action *out, size_t *offs,
    size_t cap, size_t *cut);
/* An upper bound on the actions in a token of len bytes. */
size_t record_turn_bound(const char *tok, size_t len);

/* Writes one action as notation into buf (at least 16 bytes). */
const char *record_action_format(const struct rules_board *,
    const struct rules_action *, char *buf, size_t len);

/*
 * The comma rule: whether a comma goes between two actions of one turn,
 * prev then next.  None before a removal's x or after the dice: "c5*,g4",
 * "b3xc3,c4", "35:xd2xc4,e5" (design.md §2).
 */
bool record_turn_comma(
    const struct rules_action *prev, const struct rules_action *next);

/*
 * Writes n actions of one turn as one token into out (cap bytes), the
 * comma rule applied.  Returns its length, or -1 if cap is too small.
 */
int record_turn_format(const struct rules_board *, const struct rules_action *,
    size_t n, char *out, size_t cap);

/*
 * A turn token continued: head's text, the comma due (record_turn_comma,
 * read from the text: none after the dice or before a removal), then
 * next's, as a new string (the caller frees it), or NULL when memory
 * runs out.  So a referee appends a player's next actions to a turn in
 * progress as the player wrote them.
 */
char *record_turn_join(const char *head, const char *next);

/*
 * Where a token's text divides between actions, for a referee that judges
 * the actions before a bad one.  record_turn_cut: the end of the actions
 * before the one holding byte off, the separator excluded.
 * record_turn_head: the end of the actions before the one starting at
 * byte at, its comma excluded.  record_turn_tail: where the action after
 * a cut starts, past its comma (len is the token's).
 */
size_t record_turn_cut(const char *tok, size_t off);
size_t record_turn_head(const char *tok, size_t at);
size_t record_turn_tail(const char *tok, size_t len, size_t cut);

#endif
