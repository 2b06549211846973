/* SPDX-License-Identifier: MIT */
/*
 * Reading the record notation (formats/record.md): tag pairs, movetext
 * with its move numbers, comments and % escape lines, and the result
 * token that ends a record; and the score a result states.  The input's
 * lines, the record being built and the table are the core's (reader.c);
 * what a turn token means is turn.c's.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "record/read.h"
#include "record/syntax.h"

/*
 * Whether s (len bytes) is a score, digits, a dash and digits: the result
 * pattern's third form, by hand, since every record ends in one.  Returns
 * where the dash is, or 0 for no score (then the pattern judges).
 */
static size_t
score_dash(const char *s, size_t len)
{
	size_t i = 0, j;

	while (i < len && is_digit(s[i]))
		i++;
	if (i == 0 || i == len || s[i] != '-')
		return 0;
	for (j = i + 1; j < len && is_digit(s[j]); j++)
		continue;
	return j > i + 1 && j == len ? i : 0;
}

int
record_result_score(struct record_syntax *syn, const char *text, size_t len,
    unsigned long *a, unsigned long *b)
{
	size_t g[6], dash;

	/* A score: digits, a dash, digits (the result pattern). */
	if ((dash = score_dash(text, len)) != 0) {
		g[2] = 0;
		g[4] = dash + 1;
	} else if (syntax_match(syn, SYN_RESULT, text, len, g, 3) != (int)len ||
	    g[2] == SYNTAX_UNSET)
		return -1;
	errno = 0;
	*a = strtoul(text + g[2], NULL, 10);
	*b = strtoul(text + g[4], NULL, 10);
	return errno == 0 ? 1 : 0;
}

/*
 * The tag pattern on s (len bytes, s[0] the '['), by hand, for a tag
 * whose value has no backslash, as nearly every one is: returns the
 * bytes matched with the name and value in g[2..5] as syntax_match()
 * gives them, or -1, and then the pattern judges.
 */
static int
tag_by_hand(const char *s, size_t len, size_t *g)
{
	const char *q;
	size_t	    i = 1;

	while (i < len && is_blank(s[i]))
		i++;
	for (g[2] = i; i < len && name_char(s[i]); i++)
		continue;
	g[3] = i;
	if (g[3] == g[2] || i == len || !is_blank(s[i]))
		return -1;
	while (i < len && is_blank(s[i]))
		i++;
	if (i == len || s[i] != '"')
		return -1;
	g[4] = ++i;
	if ((q = memchr(s + i, '"', len - i)) == NULL ||
	    memchr(s + i, '\\', (size_t)(q - s) - i) != NULL)
		return -1;
	g[5] = i = (size_t)(q - s);
	for (i++; i < len && is_blank(s[i]); i++)
		continue;
	if (i == len || s[i] != ']' || i + 1 > INT_MAX)
		return -1;
	return (int)i + 1;
}

/* The tag at s (len bytes, s[0] the '['): the bytes it takes, or -1. */
static int
tag_match(struct record_reader *rd, const char *s, size_t len, size_t *g)
{
	int m;

	if ((m = tag_by_hand(s, len, g)) < 0)
		m = syntax_match(rd->syn, SYN_TAG, s, len, g, 3);
	return m;
}

/* Reads [Name "value"] at rd->pos. */
static void
read_tag(struct record_reader *rd)
{
	const char     *s = rd->line + rd->pos;
	size_t		g[6], i, k, len = rd->linelen - rd->pos;
	long long	name_off, value_off;
	struct diag_pos at = reader_pos(rd, rd->pos);
	int		m;

	if ((m = tag_match(rd, s, len, g)) < 0) {
		/* An opening quote never closed on this line is unterminated. */
		const char *q = memchr(s, '"', len);
		bool	    open = q != NULL &&
		    memchr(q + 1, '"', len - (size_t)(q + 1 - s)) == NULL;

		diag_set_at(first_error(rd),
		    open ? DIAG_UNTERMINATED_TAG : DIAG_BAD_TAG, at, len,
		    open ? "tag value not closed by '\"]' on its line" :
			   "a tag pair is [Name \"value\"]");
		rd->pos = rd->linelen;
		return;
	}
	if ((name_off = text_add(rd, s + g[2], g[3] - g[2])) == -1 ||
	    (value_off = text_add(rd, s + g[4], g[5] - g[4])) == -1) {
		reader_oom(rd);
		rd->pos = rd->linelen;
		return;
	}
	/* Unescape \" and \\ in place. */
	for (i = k = 0; i < g[5] - g[4]; i++) {
		char c = rd->text[value_off + (long long)i];

		if (c == '\\')
			c = rd->text[value_off + (long long)++i];
		rd->text[value_off + (long long)k++] = c;
	}
	rd->text[value_off + (long long)k] = '\0';
	switch (reader_tag(rd, (size_t)name_off, (size_t)value_off, k, at)) {
	case -1: rd->pos = rd->linelen; return;
	case 1:
		diag_set_at(first_error(rd), DIAG_DUPLICATE_TAG, at, (size_t)m,
		    "tag %s given twice", rd->text + name_off);
		break;
	}
	rd->pos += (size_t)m;
}

/*
 * The bytes that end a token of movetext, white space (is_space) and
 * comments, as a table: the tokenizer looks up every byte of movetext.
 */
static const bool token_end[256] = {
	[' '] = true,
	['\t'] = true,
	['\n'] = true,
	['\v'] = true,
	['\f'] = true,
	['\r'] = true,
	['{'] = true,
	['}'] = true,
	[';'] = true,
};

/*
 * Where the white space from s[i] ends, and where the token from s[i]
 * ends (s is n bytes).  The index is a local, not rd->pos: a position in
 * memory was written back after every byte.
 */
static inline size_t
skip_space(const char *s, size_t i, size_t n)
{
	while (i < n && is_space(s[i]))
		i++;
	return i;
}

static inline size_t
token_stop(const char *s, size_t i, size_t n)
{
	/*
	 * s[i] starts a token.  Most are a square, two bytes, told here with
	 * no loop: the loop's exit, after two bytes or three, mispredicted
	 * at every token.
	 */
	if (n - i >= 3 && !token_end[(unsigned char)s[i + 1]] &&
	    token_end[(unsigned char)s[i + 2]])
		return i + 2;
	while (i < n && !token_end[(unsigned char)s[i]])
		i++;
	return i;
}

/*
 * A move number at the start of s (len bytes): digits, then "..." or ".".
 * Returns the bytes it takes (0 for none), with the number in *number
 * (ULONG_MAX when it does not fit, which no turn is) and whether it was
 * "..." in *dots.  By hand, not a pattern: one comes before every other
 * token of a record.
 */
static size_t
move_number(const char *s, size_t len, unsigned long *number, bool *dots)
{
	unsigned long n = 0, digit;
	size_t	      i;

	for (i = 0; i < len && (digit = (unsigned char)s[i] - '0') < 10; i++)
		n = n > (ULONG_MAX - digit) / 10 ? ULONG_MAX : n * 10 + digit;
	*number = n;
	*dots = i > 0 && len - i >= 3 && memcmp(s + i, "...", 3) == 0;
	if (*dots)
		return i + 3;
	return i > 0 && i < len && s[i] == '.' ? i + 1 : 0;
}

/* Whether s (len bytes, no move number, len > 0) is a result token. */
static inline bool
result_token(struct record_reader *rd, const char *s, size_t len)
{
	size_t g[2];

	return (s[0] == '*' || is_digit(s[0])) &&
	    (score_dash(s, len) != 0 ||
		syntax_match(rd->syn, SYN_RESULT, s, len, g, 1) > 0);
}

/*
 * One whitespace-free token of movetext, bytes start to end of the line.
 * Returns 1 when it ends the record (a result token), 0 otherwise.
 */
static int
read_token(struct record_reader *rd, size_t start, size_t end)
{
	const char	    *s = rd->line + start;
	size_t		     len = end - start;
	struct diag_pos	     at = reader_pos(rd, start);
	unsigned long	     want, number;
	bool		     dots;
	int		     m;
	struct record_token *t;

	if ((m = (int)move_number(s, len, &number, &dots)) > 0) {
		/* N. comes before turn 2N-1, N... before turn 2N. */
		want = rd->rec.nturns / 2 + 1;
		if (number != want || dots != (rd->rec.nturns % 2 == 1))
			diag_set_at(first_error(rd), DIAG_BAD_MOVE_NUMBER, at,
			    (size_t)m, "move number %.*s where %lu%s was due",
			    m, s, want, rd->rec.nturns % 2 ? "..." : ".");
		rd->has_movetext = true;
		s += m;
		len -= (size_t)m;
		at.col += (unsigned long)m;
		at.offset += (unsigned long long)m;
		if (len == 0)
			return 0;
	}
	if (result_token(rd, s, len)) {
		long long off = text_add(rd, s, len);

		if (off == -1)
			return reader_oom(rd), 1;
		rd->result_off = (size_t)off;
		rd->rec.has_result = true;
		rd->rec.result = (struct record_token){ NULL, len, at };
		return 1;
	}
	if ((t = add_turn(rd, s, len)) != NULL)
		t->at = at;
	return 0;
}

/*
 * The embedded command [%NAME at line[from, to) of a comment, if it is
 * one the notation knows (formats/record.md): its kind, and the bytes it
 * takes to its blank in *skip.  Returns -1 for another.
 */
static int
stamp_kind(const struct record_reader *rd, size_t from, size_t to, size_t *skip)
{
	/* n: the bytes of open, counted once (one lookup per command). */
	static const struct {
		const char *open;
		size_t	    n;
		int	    kind;
	} known[] = { { "[%at ", 5, RECORD_STAMP_AT },
		{ "[%eval ", 7, READER_NOTE_EVAL },
		{ "[%emt ", 6, READER_NOTE_EMT },
		{ "[%nodes ", 8, READER_NOTE_NODES },
		{ "[%best ", 7, READER_NOTE_BEST },
		{ "[%loss ", 7, READER_NOTE_LOSS },
		{ "[%leave ", 8, RECORD_STAMP_LEAVE },
		{ "[%offer ", 8, RECORD_STAMP_OFFER },
		{ "[%accept ", 9, RECORD_STAMP_ACCEPT },
		{ "[%decline ", 10, RECORD_STAMP_DECLINE } };
	size_t i, n;

	/*
	 * The third byte first: most commands are a match's [%clk ...],
	 * which none of these is, and a memcmp each was a tenth of reading.
	 */
	if (to - from < 3 || rd->line[from + 1] != '%')
		return -1;
	for (i = 0; i < sizeof known / sizeof known[0]; i++) {
		n = known[i].n;
		if (known[i].open[2] == rd->line[from + 2] && to - from >= n &&
		    memcmp(rd->line + from, known[i].open, n) == 0) {
			*skip = n;
			return known[i].kind;
		}
	}
	return -1;
}

/*
 * The commands {[%at TIME]} and {[%leave ...]} in the comment text
 * line[from, to): each one kept with the number of turns before it, for
 * the referee to read (formats/record.md, "Moments").  A command stands
 * on one line.
 */
static void
read_stamps(struct record_reader *rd, size_t from, size_t to)
{
	const char	    *p, *close;
	struct record_stamp *st;
	long long	     off;
	size_t		     n, at, skip;
	int		     kind;

	while ((p = memchr(rd->line + from, '[', to - from)) != NULL) {
		from = (size_t)(p - rd->line) + 1;
		if ((kind = stamp_kind(rd, from - 1, to, &skip)) == -1)
			continue;
		at = from - 1 + skip;
		if ((close = memchr(rd->line + at, ']', to - at)) == NULL)
			return;
		from = (size_t)(close - rd->line) + 1;
		/* A turn's evaluation and time go to its note (notes.c). */
		if (kind >= READER_NOTE_EVAL) {
			reader_note(rd, (enum reader_note_kind)kind, at,
			    (size_t)(close - rd->line) - at);
			continue;
		}
		n = rd->rec.nstamps;
		/* A stamp costs more than its text: count it in the limit. */
		if (n >= rd->max_size /
			(sizeof *rd->rec.stamps + sizeof *rd->stamp_off)) {
			reader_too_large(rd);
			return;
		}
		if (array_grow(&rd->rec.stamps, &rd->stampcap, n + 1,
			sizeof *rd->rec.stamps) == -1 ||
		    array_grow(&rd->stamp_off, &rd->stampoffcap, n + 1,
			sizeof *rd->stamp_off) == -1 ||
		    (off = text_add(rd, rd->line + at,
			 (size_t)(close - rd->line) - at)) == -1) {
			reader_oom(rd);
			return;
		}
		st = &rd->rec.stamps[n];
		st->kind = (enum record_stamp_kind)kind;
		st->turn = rd->rec.nturns;
		st->text = NULL;
		st->len = (size_t)(close - rd->line) - at;
		st->at = reader_pos(rd, at);
		rd->stamp_off[n] = (size_t)off;
		rd->rec.nstamps++;
		from = (size_t)(close - rd->line) + 1;
	}
}

/*
 * Makes a line with bytes left to read current, reading the next one when
 * this one is used up; a % line is an escape, ignored as in PGN.  Returns
 * 1 with a line, 0 at the end of the input, -1 on a read error.
 */
static int
pgn_line(struct record_reader *rd)
{
	int rc;

	if (rd->have_line && rd->pos < rd->linelen)
		return 1;
	rd->have_line = false;
	if ((rc = reader_line(rd)) != 1)
		return rc;
	if (rd->line[rd->pos] == '%' && !rd->in_comment)
		rd->pos = rd->linelen;
	return 1;
}

/*
 * The rest of an open { comment on this line: its commands kept
 * (read_stamps), and the comment closed at its '}'.
 */
static void
read_comment(struct record_reader *rd)
{
	char *close = memchr(rd->line + rd->pos, '}', rd->linelen - rd->pos);

	read_stamps(rd, rd->pos,
	    close != NULL ? (size_t)(close - rd->line) : rd->linelen);
	if (close == NULL) {
		rd->pos = rd->linelen;
		return;
	}
	rd->pos = (size_t)(close - rd->line) + 1;
	rd->in_comment = false;
}

/*
 * Notes where the record starts, at its first tag or token, not a comment;
 * for byte ranges, on the line of a { comment before it (*brace: one was
 * seen).
 */
static void
mark_start(struct record_reader *rd, char c, bool *brace)
{
	if (rd->rec.start.line == 0 && c != '{' && c != ';') {
		rd->rec.start = reader_pos(rd, rd->pos);
		if (!*brace)
			rd->rec_line = rd->line_offset;
	}
	*brace = *brace || c == '{';
}

/*
 * The item at rd->pos, c its first byte: a tag of the tag block, a
 * comment's opening, a ; comment, a stray '}' or a token of movetext.
 * Returns 1 when it ends the record (a tag after movetext, left for the
 * next record, or a result token), 0 otherwise.
 */
static int
read_item(struct record_reader *rd, char c)
{
	size_t start;

	if (c == '[') {
		if (rd->has_movetext)
			return 1;
		read_tag(rd);
		return 0;
	}
	if (c == '{') {
		rd->in_comment = true;
		rd->comment_at = reader_pos(rd, rd->pos);
		rd->pos++;
		return 0;
	}
	if (c == ';') {
		rd->pos = rd->linelen;
		return 0;
	}
	if (c == '}') {
		diag_set_at(first_error(rd), DIAG_STRAY_BRACE,
		    reader_pos(rd, rd->pos), 1, "'}' without an opening '{'");
		rd->pos++;
		return 0;
	}
	start = rd->pos;
	rd->pos = token_stop(rd->line, rd->pos, rd->linelen);
	return read_token(rd, start, rd->pos);
}

/*
 * Ends the record read so far: a comment never closed is told, and the
 * record handed to the core.  Returns 1 with a record, 0 when comments
 * alone were read.
 */
static int
end_record(struct record_reader *rd)
{
	if (rd->rec.start.line == 0) {
		/* Comments alone: no record follows them. */
		if (rd->in_comment && rd->eof)
			diag_set_at(first_error(rd), DIAG_UNTERMINATED_COMMENT,
			    rd->comment_at, 1,
			    "comment opened here is never closed");
		else if (!rd->rec.malformed)
			return 0;
		rd->rec.start = rd->comment_at;
	}
	if (rd->in_comment && rd->eof) {
		diag_set_at(first_error(rd), DIAG_UNTERMINATED_COMMENT,
		    rd->comment_at, 1, "comment opened here is never closed");
		rd->in_comment = false;
	}
	/* Only the end of the input ends a record before its movetext. */
	rd->ended_in_tags = rd->rec.ntags > 0 && !rd->has_movetext &&
	    !rd->rec.has_result;
	rd->ended_at = rd->rec.start;
	reader_finish(rd);
	return 1;
}

/*
 * Reads one record in the record notation.  A record ends at its result
 * token, before a tag that follows movetext, or at the end of the input.
 * Returns 1 with a record, 0 at the end, -1 on a read error.
 */
static int
next_pgn(struct record_reader *rd)
{
	bool any = false, brace = false;
	char c;
	int  rc;

	while ((rc = pgn_line(rd)) == 1) {
		if (rd->in_comment) {
			read_comment(rd);
			continue;
		}
		rd->pos = skip_space(rd->line, rd->pos, rd->linelen);
		if (rd->pos >= rd->linelen)
			continue;
		c = rd->line[rd->pos];
		if (!any) {
			reader_reset(rd);
			any = true;
		}
		mark_start(rd, c, &brace);
		if (read_item(rd, c) == 1)
			break;
	}
	if (rc == -1)
		return -1;
	return any ? end_record(rd) : 0;
}

/*
 * The bytes without which a line of movetext is tokens alone, none a
 * result (every result holds a '*' or a '-'), none a comment or a tag.
 */
static const bool pgn_marks[256] = {
	['{'] = true,
	['}'] = true,
	[';'] = true,
	['['] = true,
	['*'] = true,
	['-'] = true,
};

/*
 * Whether line s (n bytes) holds none of pgn_marks, and then in *tokens
 * whether it holds any byte that is no white space.
 */
static bool
plain_line(const char *s, size_t n, bool *tokens)
{
	size_t i;
	bool   any = false;

	for (i = 0; i < n; i++) {
		if (pgn_marks[(unsigned char)s[i]])
			return false;
		any = any || !is_space(s[i]);
	}
	*tokens = any;
	return true;
}

/*
 * Passes over the next record as next_pgn reads it, item by item, but
 * building nothing: a tag's length alone matched, a token only told a
 * result or not, a comment's commands unread.  It leaves what next_pgn
 * leaves for the next record and the input's end: the open comment,
 * whether the record ended in its tags, and where it started.  A -j
 * worker passes over the others' records so (record_reader_skip).
 */
static int
skip_pgn(struct record_reader *rd)
{
	struct diag_pos start = { 0, 0, 0 };
	bool   any = false, movetext = false, tags = false, result = false;
	bool   plain;
	size_t g[6], at, len;
	unsigned long number;
	bool	      dots;
	char	      c, *close;
	int	      rc, m;

	/*
	 * A record over a --max-record-size smaller than the default may be
	 * cut short where its text stops fitting: only reading it tells.
	 */
	if (rd->max_size < RECORD_MAX_SIZE)
		return next_pgn(rd);
	while ((rc = pgn_line(rd)) == 1) {
		if (rd->in_comment) {
			close = memchr(
			    rd->line + rd->pos, '}', rd->linelen - rd->pos);
			rd->in_comment = close == NULL;
			rd->pos = close == NULL ?
			    rd->linelen :
			    (size_t)(close - rd->line) + 1;
			continue;
		}
		/* A line of moves past the record's start: passed whole. */
		if (rd->pos == 0 && start.line != 0 &&
		    plain_line(rd->line, rd->linelen, &plain)) {
			movetext = movetext || plain;
			rd->pos = rd->linelen;
			continue;
		}
		rd->pos = skip_space(rd->line, rd->pos, rd->linelen);
		if (rd->pos >= rd->linelen)
			continue;
		c = rd->line[rd->pos];
		any = true;
		if (start.line == 0 && c != '{' && c != ';')
			start = reader_pos(rd, rd->pos);
		if (c == '[') {
			if (movetext)
				break;
			m = tag_match(
			    rd, rd->line + rd->pos, rd->linelen - rd->pos, g);
			tags = tags || m >= 0;
			rd->pos = m < 0 ? rd->linelen : rd->pos + (size_t)m;
		} else if (c == '{') {
			rd->in_comment = true;
			rd->comment_at = reader_pos(rd, rd->pos);
			rd->pos++;
		} else if (c == ';')
			rd->pos = rd->linelen;
		else if (c == '}')
			rd->pos++;
		else {
			at = rd->pos;
			rd->pos = token_stop(rd->line, rd->pos, rd->linelen);
			len = rd->pos - at;
			m = (int)move_number(
			    rd->line + at, len, &number, &dots);
			movetext = movetext || m > 0;
			if ((size_t)m == len)
				continue;
			if ((result = result_token(
				 rd, rd->line + at + m, len - (size_t)m)))
				break;
			movetext = true;
		}
	}
	if (rc == -1)
		return -1;
	if (!any)
		return 0;
	if (rd->in_comment && rd->eof) {
		/* Told unterminated, so a record even of comments alone. */
		rd->in_comment = false;
		if (start.line == 0)
			start = rd->comment_at;
	} else if (start.line == 0)
		return 0;
	/* As end_record: only the end of the input ends one in its tags. */
	rd->ended_in_tags = tags && !movetext && !result;
	rd->ended_at = start;
	return 1;
}

/*
 * Byte ranges: a record starts at a line opening with '[' after a line
 * that does not (blank, the movetext or a result before it, a ;
 * comment): formats/record.md, "Shards".  A record that starts otherwise
 * at a range's end is told (shard-boundary), not guessed.
 */
static bool
pgn_boundary(bool prev_blank, int prev_first, bool blank, int first)
{
	(void)prev_blank;
	(void)blank;
	return first == '[' && prev_first != '[';
}

const struct read_format read_pgn = {
	.next = next_pgn,
	.skip = skip_pgn,
	.boundary = pgn_boundary,
};
