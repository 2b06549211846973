/* SPDX-License-Identifier: MIT */
/*
 * The turn-token codec (formats/record.md, "Turns"): a token's text to
 * rules actions and actions back to text, with the one rule of where a
 * comma goes between two actions of a turn.  The reader finds tokens, the
 * writer places them and the referee judges the actions; what a token
 * means as actions, and how actions are written, is here and nowhere
 * else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/syntax.h"
#include "record/turn.h"
#include "util/util.h"

/* isdigit() by hand: a call a byte showed in gamecheck's profile. */
static inline bool
is_digit(char c)
{
	return (unsigned)((unsigned char)c - '0') < 10;
}

/* A cell name at s: a letter and one or two digits.  Returns its length. */
static size_t
cell_len(const char *s, size_t len)
{
	size_t n = 1;

	while (n < len && n < 3 && is_digit(s[n]))
		n++;
	return n;
}

static int
parse_cell(const struct rules_board *b, const char *tok, size_t *p, size_t len,
    int16_t *cell, struct diag *d)
{
	size_t n = cell_len(tok + *p, len - *p);
	int    c = rules_cell_parse(b, tok + *p, n);

	if (c == -2) {
		diag_set_at(d, DIAG_BAD_MOVE_SYNTAX,
		    (struct diag_pos){ 0, 0, *p }, n,
		    "\"%.*s\" is not a cell name (a letter and a row from 1)",
		    (int)n, tok + *p);
		return -1;
	}
	if (c < 0) {
		/* A hex board's spec is its side: "the side-7 board". */
		diag_set_at(d, DIAG_OFF_BOARD, (struct diag_pos){ 0, 0, *p }, n,
		    "%.*s is not on the %s%s board", (int)n, tok + *p,
		    b->name[strspn(b->name, "0123456789")] == '\0' ? "side-" :
								     "",
		    b->name);
		return -1;
	}
	*cell = (int16_t)c;
	*p += n;
	return 0;
}

int
record_turn_parse(struct record_syntax *syn, const struct rules_board *b,
    const char *tok, size_t len, struct rules_action *out, size_t *offs,
    size_t cap, struct diag *d)
{
	struct rules_action a;
	size_t		    p = 0, n = 0, g[2];
	char		    shown[40];
	int		    c;

	/*
	 * The common case of one plain square (a..w) skips the pattern, and
	 * a cell on the board the diagnostics of parse_cell too.
	 */
	if (len >= 2 && len <= 3 &&
	    ((tok[0] | 0x20) >= 'a' && (tok[0] | 0x20) <= 'w') &&
	    is_digit(tok[1]) && (len == 2 || is_digit(tok[2]))) {
		out[0] = (struct rules_action){ .kind = RULES_PLACE };
		offs[0] = 0;
		if ((c = rules_cell_parse(b, tok, len)) >= 0) {
			out[0].to = (int16_t)c;
			return 1;
		}
		return parse_cell(b, tok, &p, len, &out[0].to, d) == 0 ? 1 : -1;
	}
	if (record_turn_is_pass(tok, len)) {
		out[0] = (struct rules_action){ .kind = RULES_PASS };
		offs[0] = 0;
		return 1;
	}
	if (syntax_match(syn, SYN_TURN, tok, len, g, 1) < 0) {
		util_printable(tok, len, shown, sizeof shown);
		diag_set_at(d, DIAG_BAD_MOVE_SYNTAX,
		    (struct diag_pos){ 0, 0, 0 }, len,
		    "\"%s\" is not a turn "
		    "(a square like d3, a list like c5*,g4 or b3xc3,c4, a move "
		    "like c1-f4, pass or swap)",
		    shown);
		return -1;
	}
	if (len == 4 && memcmp(tok, "swap", 4) == 0) {
		out[0] = (struct rules_action){ .kind = RULES_SWAP };
		offs[0] = 0;
		return 1;
	}
	if (len >= 3 && tok[2] == ':') {
		out[n] = (struct rules_action){ .kind = RULES_DICE,
			.from = (int16_t)(tok[0] - '0'),
			.to = (int16_t)(tok[1] - '0') };
		offs[n++] = 0;
		p = 3;
	}
	while (p < len && n < cap) {
		memset(&a, 0, sizeof a);
		offs[n] = p;
		if (tok[p] == 'x') {
			p++;
			a.kind = RULES_REMOVE;
			if (parse_cell(b, tok, &p, len, &a.to, d) == -1)
				return -1;
		} else {
			if (parse_cell(b, tok, &p, len, &a.to, d) == -1)
				return -1;
			a.kind = RULES_PLACE;
			if (p < len && tok[p] == '-') {
				p++;
				a.kind = RULES_MOVE;
				a.from = a.to;
				if (parse_cell(b, tok, &p, len, &a.to, d) == -1)
					return -1;
			}
			if (p < len && tok[p] == '*') {
				a.capture = 1;
				p++;
			}
		}
		out[n++] = a;
		if (p < len && tok[p] == ',')
			p++;
	}
	return (int)n;
}

const char *
record_action_format(const struct rules_board *b, const struct rules_action *a,
    char *buf, size_t len)
{
	char c1[RULES_CELL_NAME], c2[RULES_CELL_NAME];

	switch (a->kind) {
	case RULES_PASS: snprintf(buf, len, "pass"); break;
	case RULES_SWAP: snprintf(buf, len, "swap"); break;
	case RULES_DICE: snprintf(buf, len, "%d%d:", a->from, a->to); break;
	case RULES_REMOVE:
		snprintf(buf, len, "x%s", rules_cell_name(b, a->to, c1));
		break;
	case RULES_MOVE:
		snprintf(buf, len, "%s-%s", rules_cell_name(b, a->from, c1),
		    rules_cell_name(b, a->to, c2));
		break;
	default:
		snprintf(buf, len, "%s%s", rules_cell_name(b, a->to, c1),
		    a->capture ? "*" : "");
		break;
	}
	return buf;
}

bool
record_turn_comma(
    const struct rules_action *prev, const struct rules_action *next)
{
	/*
	 * A removal's x separates it, and dice lead the token:
	 * "b3xc3,c4", "35:xd2xc4,e5" (design.md §2).
	 */
	return next->kind != RULES_REMOVE && prev->kind != RULES_DICE;
}

int
record_turn_format(const struct rules_board *b, const struct rules_action *a,
    size_t n, char *out, size_t cap)
{
	char   one[24];
	size_t i, len = 0, k;
	bool   sep;

	for (i = 0; i < n; i++) {
		record_action_format(b, &a[i], one, sizeof one);
		sep = i > 0 && record_turn_comma(&a[i - 1], &a[i]);
		k = strlen(one) + (sep ? 1 : 0);
		if (len + k + 1 > cap)
			return -1;
		if (sep)
			out[len++] = ',';
		memcpy(out + len, one, strlen(one));
		len += strlen(one);
	}
	if (len + 1 > cap)
		return -1;
	out[len] = '\0';
	return (int)len;
}

char *
record_turn_join(const char *head, const char *next)
{
	size_t n = strlen(head), len = n + strlen(next) + 2;
	char  *s;
	bool   sep;

	/*
	 * record_turn_comma as the text shows it: no comma after the dice
	 * ("35:") or before a removal's x ("b3xc3"), either case of x as
	 * the notation's cells take both.
	 */
	sep = n > 0 && head[n - 1] != ':' && next[0] != 'x' && next[0] != 'X';
	if ((s = malloc(len)) != NULL)
		snprintf(s, len, "%s%s%s", head, sep ? "," : "", next);
	return s;
}

int
record_turn_parse_before(struct record_syntax *syn, const struct rules_board *b,
    const char *tok, size_t off, struct rules_action *out, size_t *offs,
    size_t cap, size_t *cut)
{
	struct diag d;

	*cut = record_turn_cut(tok, off);
	return *cut == 0 ?
	    0 :
	    record_turn_parse(syn, b, tok, *cut, out, offs, cap, &d);
}

size_t
record_turn_bound(const char *tok, size_t len)
{
	size_t n = 2, i;

	/* Actions are separated by commas or start with x; dice add one. */
	for (i = 0; len > 3 && i < len; i++)
		n += tok[i] == ',' || tok[i] == 'x';
	return n;
}

size_t
record_turn_cut(const char *tok, size_t off)
{
	size_t i;

	for (i = off; i > 0; i--) {
		if (tok[i - 1] == ',' || tok[i - 1] == ':')
			return tok[i - 1] == ',' ? i - 1 : i;
		if (tok[i - 1] == 'x')
			return i - 1;
	}
	return 0;
}

size_t
record_turn_head(const char *tok, size_t at)
{
	return at - (at > 0 && tok[at - 1] == ',');
}

size_t
record_turn_tail(const char *tok, size_t len, size_t cut)
{
	return cut + (cut < len && tok[cut] == ',');
}
