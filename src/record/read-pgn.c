/* SPDX-License-Identifier: MIT */
/*
 * Reading the record notation (formats/record.md): tag pairs, movetext
 * with its move numbers, comments and % escape lines, and the result
 * token that ends a record; and the score a result states.  The input's
 * lines, the record being built and the table are the core's (reader.c);
 * what a turn token means is turn.c's.
 */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define MOVETEXT_AVX2 1
#endif

#include "record/read.h"
#include "record/syntax.h"
#include "record/turn.h"
#include "util/simd.h"

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

/*
 * The digits at s, to the first byte that is none, as strtoul reads them
 * (by hand: every record's result comes here): 1 with their number in *v,
 * or 0 with ULONG_MAX when it does not fit.
 */
static int
score_number(const char *s, unsigned long *v)
{
	unsigned long n = 0, digit;
	int	      fits = 1;

	for (; (digit = (unsigned char)*s - '0') < 10; s++) {
		if (n > (ULONG_MAX - digit) / 10)
			fits = 0;
		n = n * 10 + digit;
	}
	*v = fits ? n : ULONG_MAX;
	return fits;
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
	return score_number(text + g[2], a) & score_number(text + g[4], b);
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
	size_t i = 1;

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
	/* A value is a few bytes: scanned by hand, for both at once. */
	for (g[4] = ++i; i < len && s[i] != '"'; i++)
		if (s[i] == '\\')
			return -1;
	if (i == len)
		return -1;
	g[5] = i;
	for (i++; i < len && is_blank(s[i]); i++)
		continue;
	if (i == len || s[i] != ']' || i + 1 > INT_MAX)
		return -1;
	return (int)i + 1;
}

/*
 * The tag at s (len bytes, s[0] the '['): the bytes it takes, or -1;
 * *plain whether its value is known to hold no backslash.
 */
static int
tag_match(
    struct record_reader *rd, const char *s, size_t len, size_t *g, bool *plain)
{
	int m;

	if ((*plain = (m = tag_by_hand(s, len, g)) >= 0))
		return m;
	return syntax_match(rd->syn, SYN_TAG, s, len, g, 3);
}

/*
 * Reads the tag at line[from] (rd->line, or a line of the input's block:
 * build_lines; n bytes), m bytes matched by tag_match (groups g, plain
 * its answer), or -1 for none: told then as a bad or unterminated tag.
 * known: the name's known tag where named_tag found it in tag_names (a
 * name of six bytes or fewer, eight bytes from it in line), else
 * READER_KNOWN_ASK.
 */
static inline __attribute__((always_inline)) void
read_tag(struct record_reader *rd, const char *line, size_t n, size_t from,
    int m, const size_t *g, bool plain, int known)
{
	const char     *s = line + from;
	size_t		i, k, len = n - from;
	long long	name_off, value_off;
	struct diag_pos at = reader_pos(rd, from);

	if (m < 0) {
		/* An opening quote never closed on this line is unterminated. */
		const char *q = memchr(s, '"', len);
		bool	    open = q != NULL &&
		    memchr(q + 1, '"', len - (size_t)(q + 1 - s)) == NULL;

		diag_set_at(first_error(rd),
		    open ? DIAG_UNTERMINATED_TAG : DIAG_BAD_TAG, at, len,
		    open ? "tag value not closed by '\"]' on its line" :
			   "a tag pair is [Name \"value\"]");
		rd->pos = n;
		return;
	}
	if (known != READER_KNOWN_ASK && rd->textlen + 8 <= rd->textcap) {
		/* Its eight bytes as one word (its blank and quote after). */
		name_off = (long long)rd->textlen;
		memcpy(rd->text + rd->textlen, s + g[2], 8);
		rd->text[rd->textlen + g[3] - g[2]] = '\0';
		rd->textlen += g[3] - g[2] + 1;
	} else if ((name_off = text_add(rd, s + g[2], g[3] - g[2])) == -1) {
		reader_oom(rd);
		rd->pos = n;
		return;
	}
	if ((value_off = text_add(rd, s + g[4], g[5] - g[4])) == -1) {
		reader_oom(rd);
		rd->pos = n;
		return;
	}
	/* Unescape \" and \\ in place; most values have no backslash. */
	k = g[5] - g[4];
	if (!plain && memchr(rd->text + value_off, '\\', k) != NULL) {
		for (i = k = 0; i < g[5] - g[4]; i++) {
			char c = rd->text[value_off + (long long)i];

			if (c == '\\')
				c = rd->text[value_off + (long long)++i];
			rd->text[value_off + (long long)k++] = c;
		}
		rd->text[value_off + (long long)k] = '\0';
	}
	switch (reader_tag_known(rd, (size_t)name_off, g[3] - g[2],
	    (size_t)value_off, k, at, known)) {
	case -1: rd->pos = n; return;
	case 1:
		diag_set_at(first_error(rd), DIAG_DUPLICATE_TAG, at, (size_t)m,
		    "tag %s given twice", rd->text + name_off);
		break;
	}
	rd->pos += (size_t)m;
}

/*
 * The bytes of the notation by what they start or end, as a table: the
 * scanner looks up every byte of movetext.  PGN_END ends a token (white
 * space and comments); PGN_SPACE is white space (is_space); PGN_ITEM
 * starts an item that is no token (a tag, a comment, a stray '}');
 * PGN_MARK is a byte without which a line is tokens alone, none a result
 * (every result holds a '*' or a '-'), none a comment or a tag (and NUL,
 * plain_line's end).  For the pass over tags (pass_plain_tag): PGN_NAME
 * a byte of a tag's name (name_char), PGN_VALUE one that ends a value
 * on its line or makes it other than plain.
 */
enum {
	PGN_END = 1,
	PGN_SPACE = 2,
	PGN_ITEM = 4,
	PGN_MARK = 8,
	PGN_NAME = 16,
	PGN_VALUE = 32
};
static const unsigned char pgn_class[256] = {
	[' '] = PGN_END | PGN_SPACE,
	['\t'] = PGN_END | PGN_SPACE,
	['\n'] = PGN_END | PGN_SPACE | PGN_VALUE,
	['\v'] = PGN_END | PGN_SPACE,
	['\f'] = PGN_END | PGN_SPACE,
	['\r'] = PGN_END | PGN_SPACE | PGN_VALUE,
	['{'] = PGN_END | PGN_ITEM | PGN_MARK,
	['}'] = PGN_END | PGN_ITEM | PGN_MARK,
	[';'] = PGN_END | PGN_ITEM | PGN_MARK,
	['['] = PGN_ITEM | PGN_MARK,
	['\0'] = PGN_MARK,
	['*'] = PGN_MARK,
	['-'] = PGN_MARK,
	['"'] = PGN_VALUE,
	['\\'] = PGN_VALUE,
	['_'] = PGN_NAME,
	['0' ... '9'] = PGN_NAME,
	['A' ... 'Z'] = PGN_NAME,
	['a' ... 'z'] = PGN_NAME,
};

static inline bool
token_end(char c)
{
	return (pgn_class[(unsigned char)c] & PGN_END) != 0;
}

/*
 * Where the white space from s[i] ends (s a line, which its NUL ends),
 * and where the token from s[i] ends (s n bytes).  The index is a local,
 * not rd->pos: a position in memory was written back after every byte.
 */
static inline size_t
skip_space(const char *s, size_t i)
{
	/* Most tokens are apart by one space: told with no loop. */
	if (s[i] == ' ' && !(pgn_class[(unsigned char)s[i + 1]] & PGN_SPACE))
		return i + 1;
	while (pgn_class[(unsigned char)s[i]] & PGN_SPACE)
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
	if (n - i >= 3 && !token_end(s[i + 1]) && token_end(s[i + 2]))
		return i + 2;
	while (i < n && !token_end(s[i]))
		i++;
	return i;
}

/*
 * A move number at the start of the token s (the byte past it a byte of
 * PGN_END or the line's NUL, so neither a digit nor a '.'): digits, then
 * "..." or ".".  Returns the bytes it takes (0 for none), with the number
 * in *number (ULONG_MAX when it does not fit, which no turn is) and
 * whether it was "..." in *dots.  By hand, not a pattern: one comes
 * before every other token of a record.
 */
static inline size_t
move_number(const char *s, unsigned long *number, bool *dots)
{
	unsigned long n = 0, digit;
	size_t	      i;

	/* Nine digits fit any unsigned long: no test of overflow. */
	for (i = 0; (digit = (unsigned char)s[i] - '0') < 10; i++)
		n = i < 9			 ? n * 10 + digit :
		    n > (ULONG_MAX - digit) / 10 ? ULONG_MAX :
						   n * 10 + digit;
	*number = n;
	/* The byte past the token keeps each byte looked at within it. */
	*dots = i > 0 && s[i] == '.' && s[i + 1] == '.' && s[i + 2] == '.';
	if (*dots)
		return i + 3;
	return i > 0 && s[i] == '.' ? i + 1 : 0;
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
static inline int
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
 * Whether line s (n bytes, s[n] a NUL as reader_line ends it) holds no
 * PGN_MARK byte, and then in *tokens whether it holds any byte that is no
 * white space.  A NUL is a mark: a line holding one is read item by item,
 * and the one after the line stops the loop with no test of its length.
 */
static inline bool
plain_line(const char *s, size_t n, bool *tokens)
{
	const unsigned char *p = (const unsigned char *)s;

	while (!(pgn_class[*p] & PGN_MARK))
		p++;
	if (p != (const unsigned char *)s + n)
		return false;
	*tokens = skip_space(s, 0) < n;
	return true;
}

/* What pgn_scan finds (the items of formats/record.md, "Records"). */
enum pgn_item {
	PGN_ERROR = -1, /* a read error */
	PGN_EOF,	/* the end of the input */
	PGN_STOP,    /* a tag after movetext, at rd->pos: the next record's */
	PGN_RESULT,  /* a token ending in a result, which ends the record */
	PGN_TAG,     /* a tag, or a line's rest that is none (m -1) */
	PGN_COMMENT, /* text of an open { comment, the line's or to its } */
	PGN_STRAY,   /* a '}' that no '{' opened */
};

/*
 * The scanner's state over one record, and the item found last: the
 * bytes of rd->line from from to to.
 */
struct pgn_scan {
	struct diag_pos *start; /* the record's first tag or token; line 0 */
	bool		 any;	/* an item seen, a comment too */
	bool		 brace; /* a { comment before the start */
	bool		 tags;	/* a tag matched */
	size_t		 from;
	size_t		 to;
	const char	*line; /* a result's: rd->line, or the block's */
	int		 m;	/* a tag's bytes; a token's move number's */
	size_t		 g[6];	/* a tag's name and value (tag_match) */
	bool		 plain; /* its value without a backslash */
	unsigned long	 number;
	bool		 dots;
};

/*
 * The move number of m bytes at line[from] (rd->line, or a line of the
 * block: build_lines): N. before turn 2N-1, N... before 2N.
 */
static inline void
read_number(struct record_reader *rd, const char *line, size_t from,
    size_t m, unsigned long number, bool dots)
{
	unsigned long want = rd->rec.nturns / 2 + 1;

	if (number != want || dots != (rd->rec.nturns % 2 == 1))
		diag_set_at(first_error(rd), DIAG_BAD_MOVE_NUMBER,
		    reader_pos(rd, from), m,
		    "move number %.*s where %lu%s was due", (int)m,
		    line + from, want, rd->rec.nturns % 2 ? "..." : ".");
}

/*
 * record_square_byte of a two-byte token by two lookups, one a byte, each
 * the complement of its part (a file a..p in either case, or a digit's
 * rank less one in the high nibble), 0 for a byte that is none: the
 * complement of the two ANDed is the file and rank, and RECORD_SQUARE_NONE
 * when either is 0.  Every turn comes here.
 */
#define SQ_FILE(c, f) [c] = (uint8_t)~(f), [c - 32] = (uint8_t)~(f)
#define SQ_RANK(c) [256 + (c)] = (uint8_t) ~((c - '0' + 15) % 16 << 4)
/* The files by the first byte, the ranks by 256 + the second: one table. */
static const uint8_t square_part[512] = { SQ_FILE('a', 0), SQ_FILE('b', 1),
	SQ_FILE('c', 2), SQ_FILE('d', 3), SQ_FILE('e', 4), SQ_FILE('f', 5),
	SQ_FILE('g', 6), SQ_FILE('h', 7), SQ_FILE('i', 8), SQ_FILE('j', 9),
	SQ_FILE('k', 10), SQ_FILE('l', 11), SQ_FILE('m', 12),
	SQ_FILE('n', 13), SQ_FILE('o', 14), SQ_FILE('p', 15), SQ_RANK('0'),
	SQ_RANK('1'), SQ_RANK('2'), SQ_RANK('3'), SQ_RANK('4'), SQ_RANK('5'),
	SQ_RANK('6'), SQ_RANK('7'), SQ_RANK('8'), SQ_RANK('9') };
#undef SQ_FILE
#undef SQ_RANK

static inline uint8_t
square_byte(const char *s, size_t len)
{
	if (len != 2)
		return RECORD_SQUARE_NONE;
	return (uint8_t)~(square_part[(unsigned char)s[0]] &
	    square_part[256 + (unsigned char)s[1]]);
}

/*
 * The turn at line[from, to) (as read_number's): kept, with where it
 * stands, and its square (record_squares), so that the referee reads no
 * token twice.
 */
static inline __attribute__((always_inline)) void
read_turn(struct record_reader *rd, const char *line, size_t from, size_t to)
{
	struct record_token *t;
	const char	    *s = line + from;
	size_t		     n = rd->rec.nturns, off = rd->textlen;

	/*
	 * Most turns are a square with room for it in every array: add_turn
	 * and text_add without their tests of each (the notation's tokens
	 * are copied, never in_line).
	 */
	if (to - from == 2 && n < rd->turncap && n < rd->turnoffcap &&
	    off + 3 <= rd->textcap) {
		memcpy(rd->text + off, s, 2);
		rd->text[off + 2] = '\0';
		rd->textlen = off + 3;
		rd->turn_off[n] = off;
		t = &rd->rec.turns[n];
		*t = (struct record_token){ NULL, 2, reader_pos(rd, from) };
		rd->squares[n] = square_byte(s, 2);
		rd->rec.nturns = n + 1;
		rd->has_movetext = true;
	} else if ((t = add_turn(rd, s, to - from)) != NULL) {
		t->at = reader_pos(rd, from);
		rd->squares[n] = square_byte(s, to - from);
	}
}

/* Past the comment text sc found: rd->pos after it, the comment closed. */
static inline void
comment_end(struct record_reader *rd, const struct pgn_scan *sc)
{
	rd->in_comment = sc->to == rd->linelen;
	rd->pos = rd->in_comment ? sc->to : sc->to + 1;
}

/*
 * An item c at rd->line[i] before the record has started, for pgn_scan:
 * the first resets the record (building); whether it starts the record
 * there, which a comment does not.
 */
static inline __attribute__((always_inline)) bool
pgn_start(
    struct record_reader *rd, struct pgn_scan *sc, size_t i, char c, bool build)
{
	if (!sc->any) {
		rd->pos = i;
		if (build)
			reader_reset(rd);
		sc->any = true;
	}
	if (c == '{' || c == ';')
		return false;
	*sc->start = reader_pos(rd, i);
	if (build && !sc->brace)
		rd->rec_line = rd->line_offset;
	return true;
}

/*
 * The pass over a line in the input's block, without copying it: what a
 * -j worker does to nearly every line of the others' records.  The bytes
 * that may matter to it between tokens are few (pass_byte): a line's end,
 * a result's '*' or '-' (every result holds one), a '[', '{' or ';'; and
 * ESC, which the test cannot tell from them and the pass lets by.  They
 * are looked for 16 bytes at a time.
 */
static inline bool
pass_byte(unsigned char c)
{
	unsigned char a = c | 0x20, b = c | 0x60;

	/* \n * (0x0a 0x2a), \r - (0x0d 0x2d), ESC ; [ { (0x1b ... 0x7b). */
	return a == 0x2a || a == 0x2d || b == 0x7b;
}

/* Where the first byte of s[i, end) that pass_byte takes is, or end. */
static inline size_t
pass_next(const char *s, size_t i, size_t end)
{
#if defined(__SSE2__)
	const __m128i x20 = _mm_set1_epi8(0x20), x60 = _mm_set1_epi8(0x60);
	__m128i	      v, a;
	unsigned      m;

	for (; end - i >= 16; i += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		a = _mm_or_si128(v, x20);
		v = _mm_or_si128(
		    _mm_or_si128(_mm_cmpeq_epi8(a, _mm_set1_epi8(0x2a)),
			_mm_cmpeq_epi8(a, _mm_set1_epi8(0x2d))),
		    _mm_cmpeq_epi8(_mm_or_si128(v, x60), _mm_set1_epi8(0x7b)));
		if ((m = (unsigned)_mm_movemask_epi8(v)) != 0)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < end && !pass_byte((unsigned char)s[i]))
		i++;
	return i;
}

/* White space within a line (is_space but for the line ends). */
static inline bool
line_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static inline size_t
pass_blanks(const char *s, size_t i, size_t end)
{
	while (i < end && line_blank(s[i]))
		i++;
	return i;
}

/* Where the line from s[i] ends, its LF or CR, or end. */
static inline size_t
pass_eol(const char *s, size_t i, size_t end)
{
	while ((i = pass_next(s, i, end)) < end && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

/* What pass_line makes of a line. */
enum pass_line {
	PASS_READ,   /* left to pgn_scan: the line is not passed */
	PASS_LINE,   /* passed, the record goes on */
	PASS_RESULT, /* passed, its result ends the record */
};

/*
 * Where the run of bytes of PGN_NAME (a tag's name), and where the run of
 * bytes other than PGN_VALUE (its value), from s[j] ends, or end: 16
 * bytes at a time (each tag of every record, read or passed over, comes
 * here twice), the last few one by one.  A byte of 0x80 or more is no
 * letter: negative in the signed compares.
 */
static inline size_t
name_stop(const char *s, size_t j, size_t end)
{
#if defined(__SSE2__)
	__m128i	 v, l, ok;
	unsigned bad;

	for (; end - j >= 16; j += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(s + j));
		l = _mm_or_si128(v, _mm_set1_epi8(0x20));
		ok = _mm_or_si128(
		    _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
			_mm_cmplt_epi8(l, _mm_set1_epi8('z' + 1))),
		    _mm_or_si128(
			_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
			    _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1))),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('_'))));
		if ((bad = ~(unsigned)_mm_movemask_epi8(ok) & 0xffff) != 0)
			return j + (size_t)__builtin_ctz(bad);
	}
#endif
	while (j < end && (pgn_class[(unsigned char)s[j]] & PGN_NAME))
		j++;
	return j;
}

static inline size_t
value_stop(const char *s, size_t j, size_t end)
{
#if defined(__SSE2__)
	__m128i	 v, hit;
	unsigned m;

	for (; end - j >= 16; j += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(s + j));
		hit = _mm_or_si128(
		    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
		    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
		if ((m = (unsigned)_mm_movemask_epi8(hit)) != 0)
			return j + (size_t)__builtin_ctz(m);
	}
#endif
	while (j < end && !(pgn_class[(unsigned char)s[j]] & PGN_VALUE))
		j++;
	return j;
}

/*
 * A line of one tag as nearly all are, [Name "value"], its value holding
 * no backslash: where it ends, its LF or CR (tag_by_hand's match, with
 * nothing after it but white space), the match's bytes in *m and its
 * groups in g as tag_by_hand gives them; or 0 for any other line
 * (plain_tag).  plain_value: the same from the name's end, s[j];
 * plain_value_at from the value's first byte, s[j], after the name's
 * blank and quote.
 */
static inline __attribute__((always_inline)) size_t
plain_value_at(const char *s, size_t i, size_t j, size_t end, size_t *g, int *m)
{
	g[2] = 1;
	g[3] = j - 2 - i;
	g[4] = j - i;
	j = value_stop(s, j, end);
	if (end - j < 2 || s[j] != '"' || s[j + 1] != ']')
		return 0;
	g[5] = j - i;
	*m = (int)(j + 2 - i);
	j = pass_blanks(s, j + 2, end);
	return j < end && (s[j] == '\n' || s[j] == '\r') ? j : 0;
}

static inline __attribute__((always_inline)) size_t
plain_value(const char *s, size_t i, size_t j, size_t end, size_t *g, int *m)
{
	if (end - j < 2 || s[j] != ' ' || s[j + 1] != '"')
		return 0;
	return plain_value_at(s, i, j + 2, end, g, m);
}

static inline size_t
plain_tag(const char *s, size_t i, size_t end, size_t *g, int *m)
{
	size_t j = name_stop(s, i + 1, end);

	return j == i + 1 ? 0 : plain_value(s, i, j, end, g, m);
}

/*
 * Names that nearly every record of the notation gives its tags, each
 * with its known tag (reader_known_tag's, -1 for none), as the eight
 * bytes of "[Name \"" after the '[' (mask: the name, blank and quote) by
 * a hash of their first five: a line opening so needs no scan of its
 * name (name_stop) nor a look-up of it.  The multiplier puts each in a
 * slot of its own (a slot given twice stops the build: -Woverride-init).
 */
#define TAG_NAME_SLOT(w) \
	((unsigned)(((w) & BYTES8(0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0)) * \
	    UINT64_C(0xc78fec459a9e994d) >> 59))
#define TAG_NAME4(a, b, c, d, k) \
	[TAG_NAME_SLOT(BYTES8(a, b, c, d, ' ', '"', 0, 0))] = { \
		BYTES8(a, b, c, d, ' ', '"', 0, 0), \
		BYTES8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0), 4, k }
#define TAG_NAME5(a, b, c, d, e, k) \
	[TAG_NAME_SLOT(BYTES8(a, b, c, d, e, ' ', '"', 0))] = { \
		BYTES8(a, b, c, d, e, ' ', '"', 0), \
		BYTES8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0), 5, k }
#define TAG_NAME6(a, b, c, d, e, f, k) \
	[TAG_NAME_SLOT(BYTES8(a, b, c, d, e, f, ' ', '"'))] = { \
		BYTES8(a, b, c, d, e, f, ' ', '"'), \
		BYTES8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 6, k }
static const struct {
	uint64_t bytes;
	uint64_t mask;
	size_t	 len; /* the name's; 0: no name */
	int	 known;
} tag_names[32] = {
	TAG_NAME4('G', 'a', 'm', 'e', RECORD_TAG_GAME),
	TAG_NAME6('G', 'a', 'm', 'e', 'I', 'd', -1),
	TAG_NAME4('S', 'i', 'z', 'e', RECORD_TAG_SIZE),
	TAG_NAME6('R', 'e', 's', 'u', 'l', 't', RECORD_TAG_RESULT),
	TAG_NAME5('E', 'v', 'e', 'n', 't', -1),
	TAG_NAME4('S', 'i', 't', 'e', -1),
	TAG_NAME4('D', 'a', 't', 'e', -1),
	TAG_NAME5('R', 'o', 'u', 'n', 'd', -1),
	TAG_NAME5('W', 'h', 'i', 't', 'e', -1),
	TAG_NAME5('B', 'l', 'a', 'c', 'k', -1),
	TAG_NAME5('B', 'o', 'a', 'r', 'd', RECORD_TAG_BOARD),
	TAG_NAME5('S', 'e', 't', 'u', 'p', RECORD_TAG_SETUP),
	TAG_NAME4('K', 'o', 'm', 'i', RECORD_TAG_KOMI),
	TAG_NAME4('S', 'e', 'e', 'd', RECORD_TAG_SEED),
	TAG_NAME6('W', 'i', 'n', 'n', 'e', 'r', RECORD_TAG_WINNER),
	TAG_NAME5('S', 't', 'a', 'r', 't', RECORD_TAG_START),
};
#undef TAG_NAME4
#undef TAG_NAME5
#undef TAG_NAME6

/*
 * plain_tag, and in *known the name's known tag where tag_names has the
 * name (its eight bytes in s), else READER_KNOWN_ASK.
 */
static inline size_t
named_tag(const char *s, size_t i, size_t end, size_t *g, int *m, int *known)
{
	uint64_t w;
	unsigned k;

	if (end - i > 9) {
		memcpy(&w, s + i + 1, 8);
		k = TAG_NAME_SLOT(w);
		if ((w & tag_names[k].mask) == tag_names[k].bytes &&
		    tag_names[k].len != 0) {
			/* Its blank and quote matched (9 bytes past '['). */
			*known = tag_names[k].known;
			return plain_value_at(
			    s, i, i + 3 + tag_names[k].len, end, g, m);
		}
	}
	*known = READER_KNOWN_ASK;
	return plain_tag(s, i, end, g, m);
}

/* The same, passing over the tag. */
static inline size_t
pass_plain_tag(const char *s, size_t i, size_t end)
{
	size_t g[6];
	int    m;

	return plain_tag(s, i, end, g, &m);
}

/*
 * A line of one plain tag at s[i] (pass_plain_tag), then the lines of one
 * plain tag after it (LF), passed on as pass_tags says; by fn.
 */
#define PLAIN_TAG_LINES(fn) \
	do { \
		size_t e_, f_; \
		if ((e_ = fn(s, i, end)) == 0) \
			return 0; \
		while (s[e_] == '\n' && e_ + 1 < end && s[e_ + 1] == '[' && \
		    (f_ = fn(s, e_ + 1, end)) != 0) { \
			++*lines; \
			*last = e_ + 1; \
			e_ = f_; \
		} \
		return e_; \
	} while (0)

#if defined(MOVETEXT_AVX2)
/*
 * The lines of plain tags with AVX2: the 64 bytes from a line's '['
 * looked at once (a record's tags take one or two such looks), as masks
 * of what tag lines are made of, and all the lines they hold whole judged
 * from them together, a run of bytes ended by a carry (an add) as
 * simdjson ends its strings: from each line's '[', its name's run, then
 * a space and '"', the value's run (no byte value_stop takes), then '"',
 * ']' and an LF.  Such a line is one that pass_plain_tag passes, to that
 * LF.  The masks of the 64 bytes at s: each a bit a byte, from s[0].
 */
struct tag_masks {
	uint64_t lf;	/* LF */
	uint64_t open;	/* '[' */
	uint64_t names; /* a byte of a name (PGN_NAME) */
	uint64_t stops; /* a byte value_stop stops at (PGN_VALUE) */
	uint64_t quote; /* ' ' then '"': a name's end, a value's start */
	uint64_t close; /* '"', ']' then LF: a value's end, the line's */
};

/* The masks of the 32 bytes at s, in bits at of t's (0 or 32). */
static inline __attribute__((always_inline, target("avx2"))) void
tag_masks32(const char *s, struct tag_masks *t, int at)
{
	/*
	 * Each byte's class by its two nibbles, one table each, ANDed
	 * (lo, hi): 1 a digit, 2 and 4 the letters A-O and P-Z (either
	 * case), 8 '_'; 16 '"', 32 '\\', 64 LF or CR; 0x80 '['.
	 */
	const __m256i lo = _mm256_setr_epi8(5, 7, 23, 7, 7, 7, 7, 7, 7, 7,
			  70, (char)0x82, 34, 66, 2, 10, 5, 7, 23, 7, 7, 7, 7,
			  7, 7, 7, 70, (char)0x82, 34, 66, 2, 10),
		      hi = _mm256_setr_epi8(64, 0, 16, 1, 2, (char)0xac, 2, 4,
			  0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 16, 1, 2, (char)0xac,
			  2, 4, 0, 0, 0, 0, 0, 0, 0, 0),
		      low = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
	__m256i v, v1, v2, c;

	v = _mm256_loadu_si256((const __m256i *)(const void *)s);
	v1 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 1));
	v2 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 2));
	c = _mm256_and_si256(_mm256_shuffle_epi8(lo, _mm256_and_si256(v, low)),
	    _mm256_shuffle_epi8(
		hi, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
	t->open |= (uint64_t)(uint32_t)_mm256_movemask_epi8(c) << at;
	t->names |= (uint64_t)(uint32_t)~_mm256_movemask_epi8(
			_mm256_cmpeq_epi8(_mm256_and_si256(c, low), zero))
	    << at;
	t->stops |= (uint64_t)(uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi8(
			_mm256_and_si256(c, _mm256_set1_epi8(0x70)), zero))
	    << at;
	t->lf |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
		     _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')))
	    << at;
	t->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_and_si256(
			_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')),
			_mm256_cmpeq_epi8(v1, _mm256_set1_epi8('"'))))
	    << at;
	t->close |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_and_si256(
			_mm256_and_si256(
			    _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')),
			    _mm256_cmpeq_epi8(v1, _mm256_set1_epi8(']'))),
			_mm256_cmpeq_epi8(v2, _mm256_set1_epi8('\n'))))
	    << at;
}

/*
 * Of the lines from s[0], a line's '[' (the 32 * halves + 2 bytes from it
 * in the block; halves 1 to 3), the LFs that end those that
 * pass_plain_tag passes to an LF as above, one after the other, as a
 * mask; 0 for none.  Each line's runs end within it, at its LF at the
 * latest (no name's byte, a value's stop); a run that the bytes looked at
 * do not end (past them, no byte ends a name and all end a value) leaves
 * its line to the next look.  One look of 96 bytes, not two of 64: the
 * second waits on the first, and a record's tags most often fit.
 */
typedef unsigned __int128 tag_bits;

static inline __attribute__((always_inline, target("avx2"))) tag_bits
tag_lines_mask(const char *s, int halves)
{
	struct tag_masks a = { 0, 0, 0, 0, 0, 0 }, b = { 0, 0, 0, 0, 0, 0 };
	tag_bits	 lf, names, values, ends, bad;

	tag_masks32(s, &a, 0);
	if (halves > 1)
		tag_masks32(s + 32, &a, 32);
	if (halves > 2)
		tag_masks32(s + 64, &b, 0);
#define TAG_BITS(m) ((tag_bits)b.m << 64 | a.m)
	lf = TAG_BITS(lf);
	/* Each name's first byte, after a '[' that opens a line. */
	names = (((lf << 1) | 1) & TAG_BITS(open)) << 1 & TAG_BITS(names);
	/* The byte after each name, then each value's first byte. */
	values = ((TAG_BITS(names) + names) & ~TAG_BITS(names) &
		     TAG_BITS(quote))
	    << 2;
	/* The byte after each value ('"' for a plain tag), then the LF. */
	ends = ((~TAG_BITS(stops) + values) & TAG_BITS(stops) &
		   TAG_BITS(close))
	    << 2;
#undef TAG_BITS
	/* The LFs up to the first that ends no such line. */
	bad = lf & ~ends;
	return lf & ((bad & (0 - bad)) - 1);
}

/* The highest bit of m, not 0. */
static inline __attribute__((always_inline)) size_t
tag_top(tag_bits m)
{
	uint64_t h = (uint64_t)(m >> 64);

	return h != 0 ? 127 - (size_t)__builtin_clzll(h) :
			63 - (size_t)__builtin_clzll((uint64_t)m);
}

/*
 * pass_plain_tag's lines (PLAIN_TAG_LINES), the lines of one look
 * (tag_lines_mask) in one step, those it does not judge by
 * pass_plain_tag.
 */
static __attribute__((target("avx2,bmi,popcnt"))) size_t
plain_tag_lines_avx2(const char *s, size_t i, size_t end, unsigned long *lines,
    size_t *last)
{
	tag_bits      ok;
	size_t	      e = 0, f, from = i;
	unsigned long n = 0;
	bool	      wide = true;

	for (;;) {
		/*
		 * After a look of 96 bytes, the line it left is most often
		 * short: a look of 32 first.
		 */
		ok = 0;
		if (!wide && end - i >= 34)
			ok = tag_lines_mask(s + i, 1);
		if (ok == 0 && end - i >= 98) {
			ok = tag_lines_mask(s + i, 3);
			wide = false;
		} else
			wide = true;
		if (ok != 0) {
			f = i + tag_top(ok);
			n += (unsigned long)(__builtin_popcountll((uint64_t)ok) +
			    __builtin_popcountll((uint64_t)(ok >> 64)));
			ok &= ~((tag_bits)1 << (f - i));
			from = ok != 0 ? i + tag_top(ok) + 1 : i;
		} else if ((f = pass_plain_tag(s, i, end)) != 0) {
			n++;
			from = i;
		} else
			break;
		e = f;
		if (s[e] != '\n' || e + 1 == end || s[e + 1] != '[')
			break;
		i = e + 1;
	}
	if (n == 0)
		return 0;
	*lines += n - 1;
	if (n > 1)
		*last = from;
	return e;
}
#endif

static inline size_t
plain_tag_lines(const char *s, size_t i, size_t end, unsigned long *lines,
    size_t *last)
{
#if defined(MOVETEXT_AVX2)
	if (UTIL_AVX2())
		return plain_tag_lines_avx2(s, i, end, lines, last);
#endif
	PLAIN_TAG_LINES(pass_plain_tag);
}
#undef PLAIN_TAG_LINES

/*
 * Where the line of tags at s[i] ends (i at its '['): each a tag that
 * tag_by_hand matches, no other item after them; or 0, and then
 * pgn_scan reads the line.  *tags whether one matched.  A line of one
 * plain tag goes on past its LF to the next such line, as pass_movetext
 * does (*lines, *last).
 */
static inline size_t
pass_tags(const char *s, size_t i, size_t end, bool *tags,
    unsigned long *lines, size_t *last)
{
	size_t g[6], e;
	int    m;

	if ((e = plain_tag_lines(s, i, end, lines, last)) != 0) {
		*tags = true;
		return e;
	}
	if ((e = pass_eol(s, i, end)) == end)
		return 0;
	for (;;) {
		if ((m = tag_by_hand(s + i, e - i, g)) < 0)
			return 0;
		*tags = true;
		if ((i = pass_blanks(s, i + (size_t)m, e)) == e)
			return e;
		if (s[i] != '[')
			return 0;
	}
}

/*
 * The lines of movetext a record passed over holds, many bytes at a
 * time: where the first byte of s[q, end) is that pass_movetext must look
 * at (a byte pass_byte takes but an LF before a digit or a letter, which
 * only starts another line of movetext), with the LFs so passed counted
 * in *lines and *i the start of the line after the last.  It stops short
 * of the block's last 32 bytes (the byte after an LF is looked at too),
 * returning where pass_next goes on, a byte of no hit maybe.  On x86-64
 * with AVX2 (picked at run time, as reversi.c's entries are) 64 bytes at
 * a time, then 32, the LFs before a digit or a letter found by the
 * vector too and counted at once, with no branch a line (movetext_step);
 * else by SSE2 16 at a time; else not at all.  The hits of a step (hits,
 * from q) that holds others are looked at one by one (movetext_hit).
 */
static inline __attribute__((always_inline)) bool
movetext_hit(const char *s, size_t q, uint64_t hits, unsigned long *lines,
    size_t *i, size_t *at)
{
	size_t	      p;
	unsigned char c;

	for (; hits != 0; hits &= hits - 1) {
		p = q + (size_t)__builtin_ctzll(hits);
		c = (unsigned char)s[p + 1];
		if (s[p] != '\n' ||
		    !(is_digit((char)c) || (unsigned)(c | 0x20) - 'a' < 26)) {
			*at = p;
			return true;
		}
		++*lines;
		*i = p + 1;
	}
	return false;
}

#if defined(MOVETEXT_AVX2)
/*
 * The bytes of the 32 at s that pass_byte takes, as a mask; in *more,
 * those of them that are an LF before a digit or a letter (its next byte
 * looked at too), which only start another line of movetext.  pass_byte
 * by the byte's low nibble (a, b or d): the bits it ORs in and what that
 * must give; a byte of 0x80 or more looks up zeros.  A byte's range by a
 * signed compare, shifted by 0x80 (so '0' to '9' are the least ten).
 */
static inline __attribute__((always_inline, target("avx2"))) uint32_t
movetext_hits32(const char *s, uint32_t *more)
{
	const __m256i ors = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x20,
			  0x60, 0, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			  0x20, 0x60, 0, 0x20, 0, 0),
		      gives = _mm256_setr_epi8(-128, -128, -128, -128, -128,
			  -128, -128, -128, -128, -128, 0x2a, 0x7b, -128, 0x2d,
			  -128, -128, -128, -128, -128, -128, -128, -128, -128,
			  -128, -128, -128, 0x2a, 0x7b, -128, 0x2d, -128, -128);
	__m256i v, n, alnum;

	v = _mm256_loadu_si256((const __m256i *)(const void *)s);
	n = _mm256_loadu_si256((const __m256i *)(const void *)(s + 1));
	alnum = _mm256_or_si256(
	    _mm256_cmpgt_epi8(_mm256_set1_epi8(-128 + 10),
		_mm256_add_epi8(n, _mm256_set1_epi8(0x80 - '0'))),
	    _mm256_cmpgt_epi8(_mm256_set1_epi8(-128 + 26),
		_mm256_add_epi8(_mm256_or_si256(n, _mm256_set1_epi8(0x20)),
		    _mm256_set1_epi8(0x80 - 'a'))));
	*more = (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(
	    _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')), alnum));
	return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_or_si256(v, _mm256_shuffle_epi8(ors, v)),
	    _mm256_shuffle_epi8(gives, v)));
}

/*
 * A step of hits from q, its LFs before a digit or a letter in more: when
 * those are all its hits (as in most steps), each such LF counted at once;
 * else one by one (movetext_hit).
 */
static inline __attribute__((always_inline, target("avx2,bmi,popcnt"))) bool
movetext_step(const char *s, size_t q, uint64_t hits, uint64_t more,
    unsigned long *lines, size_t *i, size_t *at)
{
	if ((hits & ~more) != 0)
		return movetext_hit(s, q, hits, lines, i, at);
	*lines += (unsigned long)__builtin_popcountll(more);
	if (more != 0)
		*i = q + 64 - (size_t)__builtin_clzll(more);
	return false;
}

static __attribute__((target("avx2,bmi,popcnt"))) size_t
movetext_stop_avx2(const char *s, size_t q, size_t end, unsigned long *lines,
    size_t *i)
{
	uint64_t      hits;
	uint32_t      more0, more1;
	unsigned long n = *lines;
	size_t	      at, from = *i;

	/* Sixty-four at a time, then the last thirty-two. */
	for (; end - q > 64; q += 64) {
		hits = movetext_hits32(s + q, &more0) |
		    (uint64_t)movetext_hits32(s + q + 32, &more1) << 32;
		if (movetext_step(s, q, hits, more0 | (uint64_t)more1 << 32,
			&n, &from, &at))
			goto out;
	}
	for (; end - q > 32; q += 32) {
		hits = movetext_hits32(s + q, &more0);
		if (movetext_step(s, q, hits, more0, &n, &from, &at))
			goto out;
	}
	at = q;
out:
	*lines = n;
	*i = from;
	return at;
}
#endif

static size_t
movetext_stop(const char *s, size_t q, size_t end, unsigned long *lines,
    size_t *i)
{
#if defined(__SSE2__)
	uint32_t hits;
	size_t	 at;
#endif

#if defined(MOVETEXT_AVX2)
	if (UTIL_AVX2())
		return movetext_stop_avx2(s, q, end, lines, i);
#endif
#if defined(__SSE2__)
	for (; end - q > 32; q += 16) {
		at = pass_next(s, q, q + 16);
		hits = at < q + 16 ? (uint32_t)1 << (at - q) : 0;
		if (hits != 0 && movetext_hit(s, q, hits, lines, i, &at))
			return at;
		if (hits != 0)
			q = at + 1 - 16;
	}
#else
	(void)s;
	(void)end;
	(void)lines;
	(void)i;
#endif
	return q;
}

/*
 * A score alone at the line's end, "46-18\n", as most records end, its
 * '-' at s[q] on the line from s[i]: the token, no move number before it,
 * a result (score_dash), nothing after it.  Where its LF is, or 0.
 */
static inline size_t
line_score(const char *s, size_t i, size_t q, size_t end)
{
	size_t ts, te = q + 1;

	/* Two digits a side after a space, as nearly all are: no walk. */
	if (q - i >= 3 && end - q > 3 && s[q - 3] == ' ' && s[q + 3] == '\n' &&
	    is_digit(s[q - 2]) && is_digit(s[q - 1]) && is_digit(s[q + 1]) &&
	    is_digit(s[q + 2]))
		return q + 3;
	for (ts = q; ts > i && is_digit(s[ts - 1]); ts--)
		continue;
	while (te < end && is_digit(s[te]))
		te++;
	return ts < q && te > q + 1 && te < end && s[te] == '\n' &&
		(ts == i || s[ts - 1] == ' ') ?
	    te :
	    0;
}

/*
 * The line of movetext at s[i, end) (i its first byte, a token's): its
 * end, with PASS_LINE in *item, or with PASS_RESULT where a result
 * ends the record and nothing but white space follows it; 0 for a line
 * pgn_scan must read (a comment, a tag after a token, a result with
 * more after it, no line end in the block).  With lines, it goes on past
 * an LF to a line that opens with a digit or a letter (a line of
 * movetext to pass_line too), counting those lines in *lines, the last
 * one's start in *last: the end is the last line's, and 0 leaves them
 * all to pgn_scan.
 */
static inline size_t
pass_movetext(struct record_reader *rd, const char *s, size_t i, size_t end,
    enum pass_line *item, unsigned long *lines, size_t *last)
{
	size_t	      q, ts, te, m, e;
	unsigned long number;
	bool	      dots;

	for (q = i;; q = te) {
		if (lines != NULL) {
			q = movetext_stop(s, q, end, lines, &i);
			*last = i;
		}
		if ((q == end || !pass_byte((unsigned char)s[q])) &&
		    (q = pass_next(s, q, end)) == end)
			return 0;
		te = q + 1;
		switch (s[q]) {
		case '\n':
			if (lines != NULL && te < end &&
			    (is_digit(s[te]) ||
				(unsigned)((unsigned char)s[te] | 0x20) - 'a' <
				    26)) {
				++*lines;
				*last = i = te;
				continue;
			}
			/* FALLTHROUGH */
		case '\r': *item = PASS_LINE; return q;
		case '{':
		case ';': return 0;
		case '[':
			/* A tag after movetext ends the record: read it. */
			if (token_end(s[q - 1]))
				return 0;
			continue;
		case '*': break;
		case '-':
			if ((e = line_score(s, i, q, end)) != 0) {
				*item = PASS_RESULT;
				return e;
			}
			break;
		default: continue; /* ESC */
		}
		/* The token holding the '*' or '-', as pgn_scan finds it. */
		for (ts = q; ts > i && !token_end(s[ts - 1]); ts--)
			continue;
		while (te < end && !token_end(s[te]))
			te++;
		if (te == end)
			return 0;
		m = is_digit(s[ts]) ? move_number(s + ts, &number, &dots) : 0;
		if (ts + m < te && result_token(rd, s + ts + m, te - ts - m)) {
			if ((e = pass_blanks(s, te, end)) == end ||
			    (s[e] != '\n' && s[e] != '\r'))
				return 0;
			*item = PASS_RESULT;
			return e;
		}
	}
}

/*
 * Where the line at s[a] ends (its LF or CR), passed over as pgn_scan
 * would (the record's start, its tags, its movetext, its result), or 0
 * for a line left to pgn_scan.  Passed: a blank line, a % line, a line
 * of tags (in *tags whether one matched), a line of movetext, maybe
 * ended by a result (*found PASS_RESULT).  *at: its first item, or
 * SIZE_MAX for none.  Left: a comment, a tag after movetext (movetext),
 * a tag the pattern must judge, more after a result, a line the block
 * does not hold whole.
 */
static inline size_t
pass_line(struct record_reader *rd, const char *s, size_t a, size_t end,
    bool movetext, bool *tags, size_t *at, enum pass_line *found,
    unsigned long *lines, size_t *last)
{
	size_t i = a, e;

	if (s[i] == ' ' || s[i] == '\t' || s[i] == '\v' || s[i] == '\f')
		i = pass_blanks(s, i, end);
	*at = SIZE_MAX;
	if (i == end)
		return 0;
	if (s[i] == '\n' || s[i] == '\r' || (s[i] == '%' && i == a))
		/* A blank line, or an escape (pgn_line). */
		e = pass_eol(s, i, end);
	else if (s[i] == '[') {
		if (movetext ||
		    (e = pass_tags(s, i, end, tags, lines, last)) == 0)
			return 0;
		*at = i;
	} else if (s[i] == '{' || s[i] == '}' || s[i] == ';' ||
	    (e = pass_movetext(rd, s, i, end, found, lines, last)) == 0)
		return 0;
	else
		*at = i;
	return e == end || (s[e] == '\r' && e + 1 == end) ? 0 : e;
}

/*
 * rd past the lines of the block from from to a passed over (lines of
 * them, the last at last), as reader_line leaves the last line: read to
 * its end.
 */
static inline void
passed_lines(struct record_reader *rd, unsigned long lines, size_t from,
    size_t last, size_t a)
{
	rd->lineno += lines;
	rd->line_offset = rd->next_offset + (last - from);
	rd->line_start = 0;
	rd->next_offset += a - from;
	rd->inpos = a;
	rd->have_line = false;
}

/*
 * Passes over the lines at rd->inbuf[rd->inpos] that pass_line passes,
 * reading blocks, until the record's result (PASS_RESULT) or a line left
 * to pgn_scan (PASS_READ), which nothing here has changed.  The first
 * line of an input, which may open with a byte order mark, is
 * pgn_scan's.
 */
static enum pass_line
pass_lines(struct record_reader *rd, struct pgn_scan *sc)
{
	const char    *s = rd->inbuf;
	size_t	       a, end, e, at, next, from, last = 0, more_at = 0;
	unsigned long  lines, more;
	bool	       tags = sc->tags, movetext = rd->has_movetext, line_tags;
	enum pass_line found = PASS_LINE;

	if (rd->lineno == 0)
		return PASS_READ;
	while (found == PASS_LINE) {
		if (rd->inpos == rd->inlen && reader_refill(rd) != 1) {
			found = PASS_READ;
			break;
		}
		/* Kept in locals, line by line: rd's, once a block. */
		from = a = rd->inpos;
		end = rd->inlen;
		for (lines = 0; a < end; a = next) {
			line_tags = tags;
			more = 0;
			if ((e = pass_line(rd, s, a, end, movetext, &line_tags,
				 &at, &found, &more, &more_at)) == 0) {
				found = PASS_READ;
				break;
			}
			/* Its end: LF, CR, or CR LF (reader_line). */
			next = e + 1 + (s[e] == '\r' && s[e + 1] == '\n');
			last = a;
			lines++;
			if (at != SIZE_MAX &&
			    !(sc->any && sc->start->line != 0)) {
				/* reader_pos, the line not read. */
				*sc->start = (struct diag_pos){
					rd->lineno + lines, at - a + 1,
					rd->next_offset + (at - from)
				};
				sc->any = true;
			}
			/* The lines of movetext pass_movetext read on to. */
			if (more > 0) {
				lines += more;
				last = more_at;
			}
			tags = line_tags;
			if (found == PASS_RESULT) {
				a = next;
				break;
			}
			movetext = movetext || (at != SIZE_MAX && s[at] != '[');
		}
		if (lines > 0)
			passed_lines(rd, lines, from, last, a);
	}
	sc->tags = tags;
	rd->has_movetext = movetext;
	return found;
}

/*
 * A record passed over as nearly all are written: blank lines (LF
 * alone), lines of plain tags (pass_tags' first form), blank lines, and
 * lines of movetext (pass_movetext) that its result ends, each ended by
 * an LF, in the block.  pass_lines passes over such a record line by line
 * as pass_line does; here each run of lines is passed in one step, and rd
 * and *start are left as pass_lines leaves them (its tags matched, no
 * movetext told, as a line ending in its result does not tell it).
 * Returns whether it passed the record; false leaves all as it was, the
 * record pgn_scan's to pass.
 */
static bool
pass_common_record(struct record_reader *rd, struct diag_pos *start)
{
	const char    *s = rd->inbuf;
	size_t	       from = rd->inpos, end = rd->inlen, a = from, last = 0;
	size_t	       at, e, more_at = 0;
	unsigned long  lines = 0, more = 0;
	enum pass_line found = PASS_LINE;

	if (rd->lineno == 0 || rd->in_comment ||
	    (rd->have_line && rd->pos < rd->linelen))
		return false;
	for (; a < end && s[a] == '\n'; a++)
		last = a, lines++;
	if (a == end || s[a] != '[' ||
	    (e = plain_tag_lines(s, a, end, &more, &more_at)) == 0 ||
	    s[e] != '\n')
		return false;
	at = a;
	lines += 1 + more;
	last = more > 0 ? more_at : a;
	*start = (struct diag_pos){ rd->lineno + lines - more, 1,
		rd->next_offset + (at - from) };
	for (a = e + 1; a < end && s[a] == '\n'; a++)
		last = a, lines++;
	if (a == end || !(is_digit(s[a]) ||
			     (unsigned)((unsigned char)s[a] | 0x20) - 'a' < 26))
		return false;
	/*
	 * Most often the first byte pass_movetext would look at ends it, the
	 * score's '-' (line_score): no more of it is needed.
	 */
	more = 0;
	more_at = a;
	e = movetext_stop(s, a, end, &more, &more_at);
	if (e == end || s[e] != '-' ||
	    (e = line_score(s, more_at, e, end)) == 0) {
		more = 0;
		if ((e = pass_movetext(rd, s, a, end, &found, &more,
			 &more_at)) == 0 ||
		    found != PASS_RESULT || s[e] != '\n')
			return false;
	}
	lines += 1 + more;
	last = more > 0 ? more_at : a;
	passed_lines(rd, lines, from, last, e + 1);
	return true;
}

/* A '}' at column from of the line that no '{' opened. */
static void
stray_brace(struct record_reader *rd, size_t from)
{
	diag_set_at(first_error(rd), DIAG_STRAY_BRACE, reader_pos(rd, from), 1,
	    "'}' without an opening '{'");
}

/*
 * The run of tokens at s[i] as nearly all are written, "12. f5 d6 13. c4
 * pass": a move number of one or two digits, the one due before White's
 * turn, and turns that are a square's two bytes (square_byte) or "pass"
 * in any case, each token followed by one space or the line's end (its
 * LF or CR), with room for each turn in every array.  s holds end bytes
 * and the run stops five short of them, so that no byte past them is
 * read: a line the block does not hold whole is build_movetext's (or
 * pgn_scan's) to read.  The tokens' positions are line, col0 + k and
 * off0 + k for s[k] (reader_pos, the line not yet read).  Read as
 * build_movetext reads them (no move number told, each turn read_turn's),
 * the record's counts held in locals and stored once.  Returns where the
 * run stops: the line's end when it read the line to it, else a token
 * (or white space) build_movetext reads, i when it takes none.  It stops
 * at a byte of PGN_MARK or a line end, never past one.  The tokens are
 * told apart with a handful of tests each, not build_movetext's walk of
 * every byte; the whole line so read needs no pass_movetext first.
 */
/*
 * The move number due before turn nt (0-based), below 198: N. before turn
 * 2N-1 (read_number's due), "n." or "nn.", as one uint32_t read where it
 * stands (BYTES4) with the mask of its bytes, and their count; before
 * Black's turns (odd nt) none, the mask 0 and the bytes 1 matching no
 * word.  plain_tokens' due number compared at once; spaced and smask the
 * same with the space after it ("n. ", "nn. "), and slen their count, for
 * its common shape.
 * Two more of no number (turns 198 and 199, past "99."), which its
 * common shape meets with no test of the count first.
 */
#define NUMBER1(n) \
	{ BYTES4('0' + (n), '.', 0, 0), BYTES4(0xff, 0xff, 0, 0), 2, \
		BYTES4('0' + (n), '.', ' ', 0), \
		BYTES4(0xff, 0xff, 0xff, 0), 3 }, \
	    { 1, 0, 0, 1, 0, 0 }
#define NUMBER2(n) \
	{ BYTES4('0' + (n) / 10, '0' + (n) % 10, '.', 0), \
		BYTES4(0xff, 0xff, 0xff, 0), 3, \
		BYTES4('0' + (n) / 10, '0' + (n) % 10, '.', ' '), \
		BYTES4(0xff, 0xff, 0xff, 0xff), 4 }, \
	    { 1, 0, 0, 1, 0, 0 }
#define NUMBERS10(t) \
	NUMBER2(10 * (t)), NUMBER2(10 * (t) + 1), NUMBER2(10 * (t) + 2), \
	    NUMBER2(10 * (t) + 3), NUMBER2(10 * (t) + 4), \
	    NUMBER2(10 * (t) + 5), NUMBER2(10 * (t) + 6), \
	    NUMBER2(10 * (t) + 7), NUMBER2(10 * (t) + 8), NUMBER2(10 * (t) + 9)
static const struct {
	uint32_t bytes;
	uint32_t mask;
	uint32_t len;
	uint32_t spaced;
	uint32_t smask;
	uint32_t slen;
} number_due[200] = { NUMBER1(1), NUMBER1(2), NUMBER1(3), NUMBER1(4),
	NUMBER1(5), NUMBER1(6), NUMBER1(7), NUMBER1(8), NUMBER1(9),
	NUMBERS10(1), NUMBERS10(2), NUMBERS10(3), NUMBERS10(4), NUMBERS10(5),
	NUMBERS10(6), NUMBERS10(7), NUMBERS10(8), NUMBERS10(9),
	{ 1, 0, 0, 1, 0, 0 }, { 1, 0, 0, 1, 0, 0 } };
#undef NUMBER1
#undef NUMBER2
#undef NUMBERS10

/*
 * plain_movetext's run: the record's arrays and counts, and where its
 * tokens stand (a token at p: column p + colb, offset p + offb); with
 * cross, it goes on past an LF to a line that opens with a token's
 * first byte: the lines so ended, where the last two start, and the
 * counts at the last one's start.
 */
struct plain_run {
	struct record_token *t;
	char		    *text;
	uint8_t		    *q;
	size_t		     nt;
	size_t		     off;
	unsigned long	     line;
	uintptr_t	     colb;
	uintptr_t	     offb;
	bool		     cross;
	unsigned long	     lines;
	const char	    *line_at;
	const char	    *prev_at;
	size_t		     nt_line;
	size_t		     off_line;
};

/*
 * Where two tokens at p and p + 3 of one line stand (reader_pos): line,
 * and their columns and offsets p + colb, p + offb.  The column and the
 * offset are one 16-byte vector where they are two adjacent 64-bit
 * members (x86-64's struct diag_pos): two stores a token, not four, and
 * no register each for colb and offb in plain_tokens' loop.
 */
#if defined(__SSE2__) && defined(__LP64__)
_Static_assert(sizeof(unsigned long) == 8 &&
	offsetof(struct diag_pos, offset) == offsetof(struct diag_pos, col) + 8,
    "struct diag_pos: col and offset two adjacent 64-bit members");
#endif
static inline __attribute__((always_inline)) void
place_two(struct record_token *t, unsigned long line, const char *p,
    uintptr_t colb, uintptr_t offb)
{
#if defined(__SSE2__) && defined(__LP64__)
	__m128i v = _mm_add_epi64(_mm_set1_epi64x((long long)(uintptr_t)p),
	    _mm_set_epi64x((long long)offb, (long long)colb));

	t[0].at.line = line;
	_mm_storeu_si128((__m128i *)(void *)&t[0].at.col, v);
	t[1].at.line = line;
	_mm_storeu_si128((__m128i *)(void *)&t[1].at.col,
	    _mm_add_epi64(v, _mm_set1_epi64x(3)));
#else
	t[0].at = (struct diag_pos){ line, (uintptr_t)p + colb,
		(uintptr_t)p + offb };
	t[1].at = (struct diag_pos){ line, (uintptr_t)p + 3 + colb,
		(uintptr_t)p + 3 + offb };
#endif
}

/*
 * The tokens of plain_movetext from p, none starting past lim: where they
 * stop, r's counts moved past them.  Apart, with nothing of the reader
 * in it, so that its locals fit in registers.
 */
static __attribute__((noinline)) const char *
plain_tokens(struct plain_run *r, const char *p, const char *lim)
{
	struct record_token *t = r->t;
	char *const	     text = r->text;
	uint8_t *const	     q = r->q;
	size_t		     nt = r->nt, k;
	char		    *d = text + r->off;
	unsigned long	     line = r->line;
	uintptr_t	     colb = r->colb;
	const uintptr_t	     offb = r->offb;
	uint32_t	     x;
	uint64_t	     y;
	uint8_t		     sq, a, b;
	unsigned	     c;
	/* The pairs' bound: lim - p >= 6 (lim is past s's 6th byte). */
	const uintptr_t	     lim6 = (uintptr_t)lim - 6;

	while (p <= lim) {
		c = (unsigned char)*p;
		if (c - '0' < 10) {
			/* "N. " before turn 2N-1 (read_number's due). */
			if (nt >= 198)
				break;
			memcpy(&x, p, 4);
			if ((x & number_due[nt].mask) != number_due[nt].bytes)
				break;
			k = number_due[nt].len;
			c = (unsigned char)p[k];
			if (c == ' ') {
				p += k + 1;
				/*
				 * The common shape, "12. f5 d6 13. ", in one
				 * step a move: two squares each followed by a
				 * space, and the next due number and its
				 * space, each as this loop takes it.  The
				 * second square and the next number start at
				 * lim or before (room for both, no byte past
				 * lim + 4 read).  Past turn 197 the count's
				 * number_due matches no number.
				 */
				while ((uintptr_t)p <= lim6) {
					memcpy(&y, p, 8);
					a = square_part[(unsigned char)p[0]] &
					    square_part[256 +
						(unsigned char)p[1]];
					b = square_part[(unsigned char)p[3]] &
					    square_part[256 +
						(unsigned char)p[4]];
					if ((y &
						BYTES8(0, 0, 0xff, 0, 0, 0xff,
						    0, 0)) !=
						BYTES8(0, 0, ' ', 0, 0, ' ', 0,
						    0) ||
					    a == 0 || b == 0)
						break;
					/*
					 * "f5\0d6\0": its blanks made NULs, the
					 * two bytes after them to spare.
					 */
					y ^= BYTES8(0, 0, ' ', 0, 0, ' ', 0, 0);
					memcpy(d, &y, 8);
					t[0].text = d;
					t[0].len = 2;
					t[1].text = d + 3;
					t[1].len = 2;
					place_two(t, line, p, colb, offb);
					q[nt] = (uint8_t)~a;
					q[nt + 1] = (uint8_t)~b;
					p += 6;
					t += 2;
					nt += 2;
					d += 6;
					memcpy(&x, p, 4);
					if ((x & number_due[nt].smask) !=
					    number_due[nt].spaced)
						break;
					p += number_due[nt].slen;
				}
				continue;
			}
		} else if ((sq = square_byte(p, 2)) != RECORD_SQUARE_NONE) {
			/*
			 * Stored before the byte after it is looked at: stores
			 * past the counts are no turn's.
			 */
			memcpy(d, p, 2);
			d[2] = '\0';
			*t = (struct record_token){ d, 2,
				{ line, (uintptr_t)p + colb,
				    (uintptr_t)p + offb } };
			q[nt] = sq;
			c = (unsigned char)p[2];
			k = 2;
			if (c == ' ') {
				p += 3;
				t++;
				nt++;
				d += 3;
				continue;
			}
			if (c == '\n' || c == '\r') {
				t++;
				nt++;
				d += 3;
			}
		} else {
			memcpy(&x, p, 4);
			if ((x | BYTES4(0x20, 0x20, 0x20, 0x20)) !=
			    BYTES4('p', 'a', 's', 's'))
				break;
			k = 4;
			c = (unsigned char)p[4];
			if (c != ' ' && c != '\n' && c != '\r')
				break;
			memcpy(d, p, 4);
			d[4] = '\0';
			*t++ = (struct record_token){ d, 4,
				{ line, (uintptr_t)p + colb,
				    (uintptr_t)p + offb } };
			q[nt++] = RECORD_SQUARE_NONE;
			d += 5;
			if (c == ' ') {
				p += 5;
				continue;
			}
		}
		/* The line's end, or a token's end the run does not take. */
		if (c == '\n' && r->cross && p + k + 1 <= lim &&
		    (is_digit(p[k + 1]) ||
			(unsigned)((unsigned char)p[k + 1] | 0x20) - 'a' < 16)) {
			/* On to the next line, as build_lines reads it. */
			p += k + 1;
			line++;
			colb = 1 - (uintptr_t)p;
			r->lines++;
			r->prev_at = r->line_at;
			r->line_at = p;
			r->nt_line = nt;
			r->off_line = (size_t)(d - text);
			continue;
		}
		if (c == '\n' || c == '\r')
			p += k;
		break;
	}
	r->t = t;
	r->nt = nt;
	r->off = (size_t)(d - text);
	r->line = line;
	r->colb = colb;
	return p;
}

/*
 * Room for PLAIN_ROOM more turns than n in every array (a record's whole
 * movetext, so that one call of plain_tokens reads it), grown where it is
 * short, as a reader's first records find it, with no diagnostic: where
 * growing fails, or would take an array past half the most a record may
 * take (so that no capacity passes it), the room stays as it was.  The
 * text may move (reader_text_grow).
 */
#define PLAIN_ROOM 128
static __attribute__((noinline, cold)) void
plain_room(struct record_reader *rd, size_t n)
{
	size_t cap = rd->turncap;

	if (n + PLAIN_ROOM > rd->max_size / 2 / sizeof *rd->rec.turns ||
	    rd->textlen + 5 * PLAIN_ROOM > rd->max_size / 2)
		return;
	if (array_grow(&rd->rec.turns, &cap, n + PLAIN_ROOM,
		sizeof *rd->rec.turns) == 0 &&
	    array_grow(&rd->squares, &rd->squarecap, cap, 1) == 0)
		rd->turncap = cap;
	(void)array_grow(&rd->turn_off, &rd->turnoffcap, n + PLAIN_ROOM,
	    sizeof *rd->turn_off);
	if (rd->textcap - rd->textlen < 5 * PLAIN_ROOM)
		(void)reader_text_grow(rd, rd->textlen + 5 * PLAIN_ROOM);
}

static inline size_t
plain_movetext(struct record_reader *rd, const char *s, size_t i, size_t end,
    unsigned long line, size_t col0, unsigned long long off0,
    struct plain_run *run)
{
	struct plain_run r;
	const char	*p = s + i, *lim;
	size_t		 room, k, cap, nt = rd->rec.nturns;

	run->lines = 0;

	/* No arrays yet (none grown): build_movetext's, which grows them. */
	if (rd->rec.turns == NULL || rd->text == NULL ||
	    rd->turn_off == NULL || rd->squares == NULL || end - i < 5)
		return i;
	if (rd->turncap < nt + PLAIN_ROOM || rd->turnoffcap < nt + PLAIN_ROOM ||
	    rd->textcap - rd->textlen < 5 * PLAIN_ROOM)
		plain_room(rd, nt);
	r = (struct plain_run){ rd->rec.turns + nt, rd->text, rd->squares, nt,
		rd->textlen, line, (uintptr_t)col0 - (uintptr_t)s,
		(uintptr_t)off0 - (uintptr_t)s, run->cross, 0,
		s + (size_t)(1 - col0), NULL, nt, rd->textlen };
	cap = rd->turncap < rd->turnoffcap ? rd->turncap : rd->turnoffcap;
	for (;;) {
		/* The turns with room in every array (five bytes of text). */
		room = r.nt < cap ? cap - r.nt : 0;
		k = r.off < rd->textcap ? (rd->textcap - r.off) / 5 : 0;
		if (k < room)
			room = k;
		if (room == 0 || (k = (size_t)(p - s)) > end - 5)
			break;
		/*
		 * One bound for both: no byte read past s[end - 1], and a
		 * turn takes three bytes or more, so that one starting at
		 * s[k + 3r] or before has r turns before it at most; past
		 * it, the room is looked at again.
		 */
		lim = end - 5 - k <= 3 * (room - 1) ? s + end - 5 :
						      p + 3 * (room - 1);
		if ((p = plain_tokens(&r, p, lim)) <= lim || lim == s + end - 5)
			break;
	}
	if (p != s + i) {
		/*
		 * Its turns point into the text, which has not moved: their
		 * offsets are set only where reader_finish reads them (turns
		 * before them point at nothing yet), else by reader_text_grow
		 * should the text move.
		 */
		if (rd->turns_at == rd->rec.nturns)
			rd->turns_at = r.nt;
		else
			for (k = rd->rec.nturns; k < r.nt; k++)
				rd->turn_off[k] =
				    (size_t)(rd->rec.turns[k].text - rd->text);
		rd->rec.nturns = r.nt;
		rd->textlen = r.off;
		rd->has_movetext = true;
		/* Past the last token, as build_movetext leaves it. */
		rd->pos = (size_t)(p - r.line_at) - (p[-1] == ' ');
		*run = r;
	}
	return (size_t)(p - s);
}

/*
 * A score at s[i] that ends the line, "46-18" (score_dash's: digits, a
 * dash and digits, no byte of either after it), with nothing after it
 * but blanks: where the line ends (its LF or CR), as pass_movetext finds
 * it with PASS_RESULT, and where the score ends in *te; or 0 (then
 * pass_movetext judges).  Nearly every record's last line stops
 * plain_movetext there.
 */
static inline size_t
plain_score(const char *s, size_t i, size_t end, size_t *te)
{
	size_t j = i, k;

	while (j < end && is_digit(s[j]))
		j++;
	if (j == i || j == end || s[j] != '-')
		return 0;
	for (k = ++j; j < end && is_digit(s[j]); j++)
		continue;
	if (j == k || j == end || s[j] == '-')
		return 0;
	*te = j;
	j = pass_blanks(s, j, end);
	return j < end && (s[j] == '\n' || s[j] == '\r') ? j : 0;
}

/*
 * The move numbers and turns of the line s[0, n) from s[i] (s[n] its LF
 * or CR, or a result's first byte), a line that holds no byte of
 * PGN_MARK but a '}' or a NUL (build_lines): read as pgn_scan reads them,
 * with no item but a stray '}' and no result (every result holds a '*'
 * or a '-').  White space as skip_space's, to the line's end.  s holds
 * end bytes (the block's), which plain_movetext may look at.
 */
static inline void
build_movetext(
    struct record_reader *rd, const char *s, size_t i, size_t n, size_t end)
{
	struct plain_run run = { .cross = false };
	unsigned long	 number;
	size_t		 to, m;
	bool		 dots;

	for (;; i = to) {
		if (s[i] == ' ' &&
		    !(pgn_class[(unsigned char)s[i + 1]] & PGN_SPACE))
			i++;
		else
			while (i < n &&
			    (pgn_class[(unsigned char)s[i]] & PGN_SPACE))
				i++;
		if (i >= n)
			return;
		if ((to = plain_movetext(rd, s, i, end, rd->lineno,
			 1 - rd->line_start, rd->line_offset, &run)) != i)
			continue;
		if (s[i] == '}') {
			stray_brace(rd, i);
			to = i + 1;
			continue;
		}
		/*
		 * A move number first: the token most often ends with it.
		 * move_number reads no byte past the line (none is a '.').
		 */
		if (is_digit(s[i])) {
			m = move_number(s + i, &number, &dots);
			to = m > 0 && token_end(s[i + m]) ? i + m :
							    token_stop(s, i, n);
		} else {
			m = 0;
			to = token_stop(s, i, n);
		}
		rd->pos = to;
		if (m > 0) {
			rd->has_movetext = true;
			read_number(rd, s, i, m, number, dots);
		}
		if (i + m < to)
			read_turn(rd, s, i + m, to);
	}
}

/*
 * Reads the lines at rd->inbuf[rd->inpos] that the block holds whole, as
 * pgn_scan would, without copying them into rd->line (reader_line):
 * blank and % lines, a line of one plain tag (plain_tag), a line of move
 * numbers and turns (build_movetext), maybe ended by the record's result
 * with nothing after it: then true, the result in *sc as pgn_scan finds
 * it (PGN_RESULT), its line the block's.  The record starts at the first
 * of their items as at pgn_scan's (pgn_start).  Stops before any other
 * line (a comment, a tag after movetext, one the block does not hold
 * whole), which pgn_scan reads, nothing about it changed; rd is left as
 * reader_line leaves it line by line (its number, offsets, no line
 * held).  A line in the block is shorter than any --max-record-size that
 * lets the caller here, so never cut; the input's first line, which may
 * open with a byte order mark, is pgn_scan's.
 */
static bool
build_lines(struct record_reader *rd, struct pgn_scan *sc)
{
	const char    *s = rd->inbuf;
	size_t	       a, i, p, e, end, ts, te = 0, g[6];
	int	       m = 0, known = READER_KNOWN_ASK;
	bool	       started = sc->any && sc->start->line != 0;
	enum pass_line item = PASS_LINE;
	/* What plain_movetext changes, for a line left to pgn_scan after. */
	size_t	       was_n = 0, was_len = 0, was_pos = 0;
	bool	       was_movetext = false, scored = false;
	struct plain_run run;

	/* Its other members are plain_movetext's, read once it has run. */
	run.cross = true;
	while (item == PASS_LINE) {
		if (rd->inpos == rd->inlen && reader_refill(rd) != 1)
			return false;
		a = rd->inpos;
		end = rd->inlen;
		if ((i = pass_blanks(s, a, end)) == end)
			return false;
		p = i;
		if (s[i] == '\n' || s[i] == '\r' || (s[i] == '%' && i == a))
			/* A blank line, or an escape (pgn_line). */
			e = pass_eol(s, i, end);
		else if (s[i] == '[') {
			/* After movetext, the next record's (PGN_STOP). */
			if ((sc->any && rd->has_movetext) ||
			    (e = named_tag(s, i, end, g, &m, &known)) == 0)
				return false;
		} else if (s[i] == '{' || s[i] == ';')
			return false;
		else {
			/*
			 * Past the record's start, a line as nearly all are
			 * read as it is passed (plain_movetext), its end
			 * found so; pass_movetext passes the rest, if any.
			 */
			p = i;
			run.lines = 0;
			if (started) {
				was_n = rd->rec.nturns;
				was_len = rd->textlen;
				was_pos = rd->pos;
				was_movetext = rd->has_movetext;
				p = plain_movetext(rd, s, i, end, rd->lineno + 1,
				    1 - a, rd->next_offset - a, &run);
			}
			if (run.lines > 0) {
				/*
				 * The lines it read to their LF, each as
				 * reader_line leaves it; the last it reads in
				 * is this one.
				 */
				rd->lineno += run.lines;
				rd->line_offset = rd->next_offset +
				    (size_t)(run.prev_at - (s + a));
				rd->line_start = 0;
				rd->cut = false;
				rd->have_line = false;
				rd->next_offset += (size_t)(run.line_at - (s + a));
				rd->inpos = (size_t)(run.line_at - s);
				/* Past the last token, as build_movetext. */
				was_pos = (size_t)(run.line_at - 1 - run.prev_at);
				was_n = run.nt_line;
				was_len = run.off_line;
				was_movetext = true;
				a = i = rd->inpos;
				if (p == i)
					rd->pos = was_pos;
			}
			if (s[p] == '\n' || s[p] == '\r')
				e = p;
			else if ((e = plain_score(s, p, end, &te)) != 0) {
				item = PASS_RESULT;
				scored = true;
			} else if ((e = pass_movetext(
					rd, s, p, end, &item, NULL, NULL)) == 0)
				e = end;
		}
		if (e == end || (s[e] == '\r' && e + 1 == end)) {
			if (p != i) {
				/* Left to pgn_scan as it was. */
				rd->rec.nturns = was_n;
				rd->textlen = was_len;
				if (rd->turns_at > was_n)
					rd->turns_at = was_n;
				rd->pos = was_pos;
				rd->has_movetext = was_movetext;
			}
			return false;
		}
		/* As reader_line: the line's number, where it starts. */
		rd->lineno++;
		rd->line_offset = rd->next_offset;
		rd->line_start = 0;
		rd->cut = false;
		rd->have_line = false;
		if (!started && e > i && !(s[i] == '%' && i == a))
			started = pgn_start(rd, sc, i - a, s[i], true);
		if (s[i] == '[') {
			rd->pos = i - a;
			sc->tags = true;
			read_tag(rd, s + a, e - a, i - a, m, g, true, known);
		} else if (item == PASS_RESULT && scored) {
			/*
			 * plain_score's at p (plain_tokens stopped at its first
			 * byte, after a blank, or the line's first) to te, no
			 * move number before it (a dash follows its digits).
			 */
			sc->from = p - a;
			sc->to = rd->pos = te - a;
			sc->m = 0;
			sc->line = s + a;
		} else if (item == PASS_RESULT) {
			/* The result: the last token, blanks after it. */
			for (te = e; te > i && line_blank(s[te - 1]); te--)
				continue;
			for (ts = te; ts > i && !token_end(s[ts - 1]); ts--)
				continue;
			if (ts > p)
				build_movetext(rd, s + a, p - a, ts - a, end - a);
			m = is_digit(s[ts]) ?
			    (int)move_number(s + ts, &sc->number, &sc->dots) :
			    0;
			if (m > 0)
				rd->has_movetext = true;
			sc->from = ts - a;
			sc->to = rd->pos = te - a;
			sc->m = m;
			sc->line = s + a;
		} else if (e > p && !(s[i] == '%' && i == a))
			build_movetext(rd, s + a, p - a, e - a, end - a);
		/* Its end: LF, CR, or CR LF. */
		e += 1 + (s[e] == '\r' && s[e + 1] == '\n');
		rd->next_offset += e - a;
		rd->inpos = e;
	}
	return true;
}

/*
 * Where a record of the notation ends, written once for reading it
 * (next_pgn, build) and passing over it (skip_pgn, !build): the next item
 * of the record at rd->pos, in *sc.  A record ends at its result token,
 * before a tag that follows movetext (rd->has_movetext: a move number or
 * a turn), or at the end of the input; a { comment may span lines, a ;
 * comment and a line opening with % (outside a comment) end at the
 * line's end.  Building, the first item resets the record, and a token
 * that does not end it is read here, the line's bytes held in locals from
 * one token to the next; the other items are returned, rd->pos at them.
 * Passing over, only PGN_STOP, PGN_RESULT and the end are returned, a
 * comment's text is not looked at, the lines the input's block holds
 * whole go by pass_line, uncopied, where it knows them (nearly all of a
 * record's), and of the others a line of tokens alone past the record's
 * start is passed whole (plain_line).  Inlined into each, so that the
 * pass tests nothing about building.
 */
static inline __attribute__((always_inline)) enum pgn_item
pgn_scan(struct record_reader *rd, struct pgn_scan *sc, bool build)
{
	const char *s, *close;
	size_t	    i, n, to, m;
	char	    c;
	bool	    tokens, started = sc->any && sc->start->line != 0;
	int	    rc;

	for (;;) {
		/* Passing over, the lines the block holds whole go by here. */
		if (!build && !rd->in_comment &&
		    !(rd->have_line && rd->pos < rd->linelen)) {
			if (pass_lines(rd, sc) == PASS_RESULT)
				return PGN_RESULT;
			started = sc->any && sc->start->line != 0;
		}
		/* Reading, those that need no more go by build_lines. */
		if (build && !rd->in_comment && rd->lineno > 0 &&
		    !(rd->have_line && rd->pos < rd->linelen) &&
		    rd->max_size >= sizeof rd->inbuf) {
			if (build_lines(rd, sc))
				return PGN_RESULT;
			started = sc->any && sc->start->line != 0;
		}
		if ((rc = pgn_line(rd)) != 1)
			return rc == -1 ? PGN_ERROR : PGN_EOF;
		s = rd->line;
		n = rd->linelen;
		i = rd->pos;
		if (rd->in_comment) {
			close = memchr(s + i, '}', n - i);
			sc->from = i;
			sc->to = close != NULL ? (size_t)(close - s) : n;
			if (build)
				return PGN_COMMENT;
			comment_end(rd, sc);
			continue;
		}
		/* A line of moves past the record's start: passed whole. */
		if (!build && i == 0 && started && plain_line(s, n, &tokens)) {
			rd->has_movetext = rd->has_movetext || tokens;
			rd->pos = n;
			continue;
		}
		for (;; i = to) {
			if ((i = skip_space(s, i)) >= n)
				break;
			c = s[i];
			if (!started)
				started = pgn_start(rd, sc, i, c, build);
			if (pgn_class[(unsigned char)c] & PGN_ITEM) {
				sc->from = i;
				rd->pos = i;
				switch (c) {
				case '[':
					if (rd->has_movetext)
						return PGN_STOP;
					sc->m = tag_match(rd, s + i, n - i,
					    sc->g, &sc->plain);
					sc->tags = sc->tags || sc->m >= 0;
					if (build)
						return PGN_TAG;
					rd->pos = sc->m < 0 ? n :
							      i + (size_t)sc->m;
					break;
				case '{':
					sc->brace = true;
					rd->in_comment = true;
					rd->comment_at = reader_pos(rd, i);
					rd->pos = i + 1;
					break;
				case ';': rd->pos = n; break;
				default: /* '}' */
					rd->pos = i + 1;
					if (build)
						return PGN_STRAY;
					break;
				}
				goto next_line;
			}
			to = token_stop(s, i, n);
			m = is_digit(c) ?
			    move_number(s + i, &sc->number, &sc->dots) :
			    0;
			if (m > 0)
				rd->has_movetext = true;
			if (i + m < to) {
				if (result_token(rd, s + i + m, to - i - m)) {
					sc->line = s;
					sc->from = i;
					sc->to = rd->pos = to;
					sc->m = (int)m;
					return PGN_RESULT;
				}
				/* Building, add_turn says if the turn is kept. */
				if (!build)
					rd->has_movetext = true;
			}
			if (build) {
				rd->pos = to;
				if (m > 0)
					read_number(rd, s, i, m, sc->number,
					    sc->dots);
				if (i + m < to)
					read_turn(rd, s, i + m, to);
			}
		}
		rd->pos = n;
	next_line:;
	}
}

/* The result token sc found, after its move number. */
static void
read_result(struct record_reader *rd, const struct pgn_scan *sc)
{
	size_t	  from = sc->from + (size_t)sc->m, len = sc->to - from;
	long long off;

	if (sc->m > 0)
		read_number(rd, sc->line, sc->from, (size_t)sc->m, sc->number,
		    sc->dots);
	if ((off = text_add(rd, sc->line + from, len)) == -1) {
		reader_oom(rd);
		return;
	}
	rd->result_off = (size_t)off;
	rd->rec.has_result = true;
	rd->rec.result = (struct record_token){ NULL, len,
		reader_pos(rd, from) };
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
	/*
	 * Only the end of the input ends a record before its movetext (or
	 * a line cut at --max-record-size, which stops the reading: not
	 * the input cut).
	 */
	rd->ended_in_tags = rd->rec.ntags > 0 && !rd->has_movetext &&
	    !rd->rec.has_result && !rd->stopped;
	rd->ended_at = rd->rec.start;
	reader_finish(rd);
	/* Each turn's square, read_turn's: add_turn grew them together. */
	rd->rec.squares = rd->squares;
	rd->rec.squares_of = rd->rec.turns;
	rd->rec.squares_n = rd->rec.nturns;
	return 1;
}

/*
 * Reads one record in the record notation, item by item as pgn_scan
 * finds them.  Returns 1 with a record, 0 at the end, -1 on a read error.
 */
static int
next_pgn(struct record_reader *rd)
{
	struct pgn_scan sc = { .start = &rd->rec.start };
	enum pgn_item	item;

	/* The record's start is reset with it, at its first item. */
	while ((item = pgn_scan(rd, &sc, true)) > PGN_RESULT) {
		switch (item) {
		case PGN_TAG:
			read_tag(rd, rd->line, rd->linelen, sc.from, sc.m, sc.g,
			    sc.plain, READER_KNOWN_ASK);
			break;
		case PGN_COMMENT:
			read_stamps(rd, sc.from, sc.to);
			comment_end(rd, &sc);
			break;
		default: stray_brace(rd, sc.from); break;
		}
	}
	if (item == PGN_RESULT)
		read_result(rd, &sc);
	if (item == PGN_ERROR)
		return -1;
	return sc.any ? end_record(rd) : 0;
}

/*
 * Passes over the next record as next_pgn reads it (pgn_scan), building
 * nothing.  It leaves what next_pgn leaves for the next record and the
 * input's end: the open comment, whether the record ended in its tags,
 * and where it started.  A -j worker passes over the others' records so
 * (record_reader_skip).
 */
static int
skip_pgn(struct record_reader *rd)
{
	struct diag_pos start = { 0, 0, 0 };
	struct pgn_scan sc;
	enum pgn_item	item;
	int		rc;

	/*
	 * A record over a --max-record-size smaller than the default may be
	 * cut short where its text stops fitting: only reading it tells.
	 */
	if (rd->max_size < RECORD_MAX_SIZE) {
		/*
		 * reader_finish numbered the record, and the core numbers one
		 * passed over (record_reader_skip): once is its number.
		 */
		if ((rc = next_pgn(rd)) == 1)
			rd->index--;
		return rc;
	}
	rd->has_movetext = false;
	if (pass_common_record(rd, &start)) {
		rd->ended_in_tags = false;
		rd->ended_at = start;
		return 1;
	}
	/* Set here, past the common record, which needs none of it. */
	sc = (struct pgn_scan){ .start = &start };
	item = pgn_scan(rd, &sc, false);
	if (item == PGN_ERROR)
		return -1;
	if (!sc.any)
		return 0;
	if (rd->in_comment && rd->eof) {
		/* Told unterminated, so a record even of comments alone. */
		rd->in_comment = false;
		if (start.line == 0)
			start = rd->comment_at;
	} else if (start.line == 0)
		return 0;
	/* As end_record: only the end of the input ends one in its tags. */
	rd->ended_in_tags = sc.tags && !rd->has_movetext &&
	    item != PGN_RESULT && !rd->stopped;
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
	.unbounded = "a record that does not start on a line opening with "
		     "'[' after one that does not (a comment before its "
		     "tags?)",
};
