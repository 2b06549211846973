/* SPDX-License-Identifier: MIT */
/*
 * Reading the imports that hold a game a line (formats/record.md):
 * Othello transcripts (f5d6c3..., passes unwritten) and CSV files, one
 * column of which is a transcript and one, perhaps, the winner; with
 * their sniffing and a cheap way past a line (record_reader_skip).  The
 * input's lines and the record being built are the core's (reader.c).
 */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/read.h"
#include "record/run-tokens.h"
#include "record/syntax.h"
#include "record/turn.h"
#include "util/simd.h"

/*
 * The length of the square or pass at s (len > 0 bytes): SYN_TRANSCRIPT's
 * language, by hand, since every move of a CSV archive or a transcript
 * file comes here.  A square is a letter a..p (either case) and one or
 * two digits, as many as there are; a pass is PA in either case, or --.
 * Returns 0 for neither.
 */
static size_t
transcript_square(const char *s, size_t len)
{
	unsigned char c = (unsigned char)s[0] | 0x20;

	if (c >= 'a' && c <= 'p' && len > 1 && is_digit(s[1]))
		return len > 2 && is_digit(s[2]) ? 3 : 2;
	if (len > 1 &&
	    ((c == 'p' && ((unsigned char)s[1] | 0x20) == 'a') ||
		(s[0] == '-' && s[1] == '-')))
		return 2;
	return 0;
}

#if UTIL_V16
typedef uint8_t	 v32u8 __attribute__((vector_size(32)));
typedef uint16_t v16u16 __attribute__((vector_size(32)));
typedef uint16_t v8u16 __attribute__((vector_size(16)));
typedef uint8_t	 v8u8 __attribute__((vector_size(8)));

/*
 * Whether the 16 bytes at s are eight two-byte squares: letters a..p (in
 * either case) at even bytes, digits at odd ones; if so, their
 * record_square_byte into sq[0..7], each a file and a rank less one.
 */
static inline __attribute__((always_inline)) bool
eight_squares(const char *s, uint8_t *sq)
{
	static const util_v16u8 low = { 'a', '0', 'a', '0', 'a', '0', 'a', '0',
		'a', '0', 'a', '0', 'a', '0', 'a', '0' };
	static const util_v16u8 span = { 16, 10, 16, 10, 16, 10, 16, 10, 16, 10,
		16, 10, 16, 10, 16, 10 };
	static const util_v16u8 one = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0,
		1, 0, 1 };
	util_v16u8		v, in;
	v8u16			w;
	v8u8			b;
	uint64_t		ok[2];

	memcpy(&v, s, sizeof v);
	v = (v | util_v16_fold) - low;
	/* A comparison's lanes: all ones where it holds. */
	in = (util_v16u8)(v < span);
	memcpy(ok, &in, sizeof ok);
	if ((ok[0] & ok[1]) != UINT64_MAX)
		return false;
	/* Little-endian pairs: the file low, the rank high, into one byte. */
	v -= one;
	memcpy(&w, &v, sizeof w);
	w = (w & 0xf) | (w >> 4 & 0xf0);
	b = __builtin_convertvector(w, v8u8);
	memcpy(sq, &b, sizeof b);
	return true;
}

/* eight_squares for the 32 bytes at s, sixteen squares into sq[0..15]. */
static inline __attribute__((always_inline)) bool
sixteen_squares(const char *s, uint8_t *sq)
{
	static const v32u8 low = { 'a', '0', 'a', '0', 'a', '0', 'a', '0', 'a',
		'0', 'a', '0', 'a', '0', 'a', '0', 'a', '0', 'a', '0', 'a', '0',
		'a', '0', 'a', '0', 'a', '0', 'a', '0', 'a', '0' };
	static const v32u8 span = { 16, 10, 16, 10, 16, 10, 16, 10, 16, 10, 16,
		10, 16, 10, 16, 10, 16, 10, 16, 10, 16, 10, 16, 10, 16, 10, 16,
		10, 16, 10, 16, 10 };
	/* Letters folded to lower case: 0x20 at even bytes. */
	static const v16u16 fold = { 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
		0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20 };
	v32u8		    v, in;
	v16u16		    w;
	util_v16u8	    b;
	uint64_t	    ok[4];

	memcpy(&v, s, sizeof v);
	v = (v | (v32u8)fold) - low;
	in = (v32u8)(v < span);
	memcpy(ok, &in, sizeof ok);
	if ((ok[0] & ok[1] & ok[2] & ok[3]) != UINT64_MAX)
		return false;
	/* The rank less one: the high byte of each little-endian pair. */
	memcpy(&w, &v, sizeof w);
	w -= 0x100;
	w = (w & 0xf) | (w >> 4 & 0xf0);
	b = __builtin_convertvector(w, util_v16u8);
	memcpy(sq, &b, sizeof b);
	return true;
}

#else
static inline bool
eight_squares(const char *s, uint8_t *sq)
{
	(void)s;
	(void)sq;
	return false;
}
#endif

/* A run's place moved on by k squares, k turns stored at *t. */
static inline void
run_on(struct record_token **t, size_t *n, size_t *room, size_t *j,
    struct diag_pos *at, size_t k)
{
	*t += k;
	*n += k;
	*room -= k;
	*j += 2 * k;
	at->col += 2 * k;
	at->offset += 2 * k;
}

/*
 * Adds the turns of the run of two-byte squares at j (a letter a..p and
 * a digit no other digit follows), and their squares, as
 * transcript_square and add_turn would, one by one, while the turns have
 * room: an archive game is one such run, and each of its moves comes
 * here.  Returns where the run
 * stops, the next token transcript_turns' own.
 */
RUN_CLONES static size_t
square_run(struct record_reader *rd, size_t j, size_t end)
{
	const char	    *s = rd->line;
	size_t		     n = rd->rec.nturns, room, start = j, k;
	size_t		     most = rd->max_size / sizeof *rd->rec.turns;
	struct record_token *t;
	struct diag_pos	     at;
#if UTIL_V16
	struct run_tokens rt;
	size_t		  r;
#endif

	room = rd->turncap < most ? rd->turncap : most;
	if (!rd->in_line || n >= room)
		return j;
	room -= n;
	t = rd->rec.turns + n;
	at = reader_pos(rd, j);
#if UTIL_V16
	if (TOKEN_WORDS && room >= 16 && end - j >= 32 &&
	    sixteen_squares(s + j, rd->squares + n)) {
		/*
		 * Sixteen squares at a time, their tokens eight: then what
		 * is left of the line, under sixteen bytes, is read as the
		 * last sixteen of the run (those read again the same).
		 */
		run_tokens_at(&rt, rd->line + j, at, 2);
		for (;;) {
			run_tokens_put(&rt, t, 2);
			run_tokens_put(&rt, t + 8, 2);
			t += 16;
			n += 16;
			room -= 16;
			j += 32;
			if (room < 16 || end - j < 32 ||
			    !sixteen_squares(s + j, rd->squares + n))
				break;
		}
		at.col += j - start;
		at.offset += j - start;
		if (room >= 8 && end - j >= 16 &&
		    eight_squares(s + j, rd->squares + n)) {
			run_tokens_put(&rt, t, 2);
			run_on(&t, &n, &room, &j, &at, 8);
		}
		r = (end - j) / 2;
		if (end - j < 16 && r > 0 && (end - j) % 2 == 0 && room >= r &&
		    eight_squares(s + end - 16, rd->squares + n + r - 8)) {
			/* The tokens from eight before the end. */
			run_tokens_at(&rt, rd->line + end - 16,
			    (struct diag_pos){ at.line, at.col + 2 * r - 16,
				at.offset + 2 * r - 16 },
			    2);
			run_tokens_put(&rt, t + r - 8, 2);
			rd->rec.nturns = n + r;
			rd->has_movetext = true;
			return end;
		}
	}
#endif
	while (room >= 8 && end - j >= 16 &&
	    eight_squares(s + j, rd->squares + n)) {
		/* Unrolled (GCC, clang): no loop, a token's fields by offsets. */
#pragma GCC unroll 8
		for (k = 0; k < 8; k++) {
			t[k].text = rd->line + j + 2 * k;
			t[k].len = 2;
			t[k].at = (struct diag_pos){ at.line, at.col + 2 * k,
				at.offset + 2 * k };
		}
		run_on(&t, &n, &room, &j, &at, 8);
	}
	while (room > 0 && end - j >= 2 &&
	    ((unsigned char)s[j] | 0x20) - (unsigned)'a' < 16 &&
	    is_digit(s[j + 1])) {
		t->text = rd->line + j;
		t->len = 2;
		t->at = at;
		rd->squares[n++] = record_square_byte(s + j, 2);
		at.col += 2;
		at.offset += 2;
		t++;
		room--;
		j += 2;
	}
	/* A digit more: the last square has three bytes, no run's. */
	if (j > start && j < end && is_digit(s[j])) {
		t--;
		n--;
		j -= 2;
	}
	if (j > start) {
		rd->rec.nturns = n;
		rd->has_movetext = true;
	}
	return j;
}

/*
 * Splits a transcript (squares and passes run together) into turns, in
 * one pass: the turns of a transcript that turns out bad are dropped.
 */
static void
transcript_turns(struct record_reader *rd, size_t start, size_t end)
{
	const char	    *s = rd->line;
	size_t		     i = start, j, k, n0 = rd->rec.nturns;
	struct record_token *t;

	while (i < end && is_space(s[i]))
		i++;
	while (end > i && is_space(s[end - 1]))
		end--;
	for (j = i; j < end; j += k) {
		if ((j = square_run(rd, j, end)) == end)
			break;
		if ((k = transcript_square(s + j, end - j)) == 0)
			break;
		if ((t = add_turn(rd, s + j, k)) == NULL)
			return;
		t->at = reader_pos(rd, j);
		rd->squares[rd->rec.nturns - 1] = record_square_byte(s + j, k);
	}
	if (j == end && j > i)
		return;
	/* At the first byte that is not part of a square, or an empty one. */
	rd->rec.nturns = n0;
	diag_set_at(first_error(rd), DIAG_BAD_TRANSCRIPT, reader_pos(rd, j), 1,
	    "a transcript is squares run together (f5d6c3...)");
}

/*
 * The next comma-separated field of the line at *p.  A field in double
 * quotes may hold commas (and "" for a quote, which stays doubled: no
 * column this reader uses can hold one); the quotes are dropped.  *bad
 * is the offset of a byte that breaks RFC 4180's quoting, SIZE_MAX if
 * none: a quote never closed (the opening quote), or something other
 * than a comma after the closing one; the field then runs to the end of
 * the line or to the next comma.
 */
static bool
csv_field(const char *line, size_t len, size_t *p, size_t *fs, size_t *fe,
    size_t *bad)
{
	size_t i = *p;

	*bad = SIZE_MAX;
	if (i > len)
		return false;
	if (i < len && line[i] == '"') {
		*fs = ++i;
		while (i < len &&
		    !(line[i] == '"' && (i + 1 == len || line[i + 1] != '"')))
			i += line[i] == '"' ? 2 : 1;
		*fe = i < len ? i : len;
		if (i >= len)
			*bad = *fs - 1;
		else if (++i < len && line[i] != ',')
			*bad = i;
		while (i < len && line[i] != ',')
			i++;
	} else {
		/* memchr: the moves field is most of a row. */
		const char *comma = memchr(line + i, ',', len - i);

		*fs = i;
		i = comma != NULL ? (size_t)(comma - line) : len;
		*fe = i;
	}
	*p = i + 1;
	return true;
}

/* Whether the n bytes at f contain word, ignoring case. */
static bool
contains(const char *f, size_t n, const char *word)
{
	size_t k = strlen(word), i;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(f + i, word, k) == 0)
			return true;
	return false;
}

/*
 * Whether the n bytes at f name a game id column: id, or a name ending in
 * _id or GameId (Othello_game_id, game_id, GameId), in any case.
 */
static bool
id_column(const char *f, size_t n)
{
	return (n == 2 && strncasecmp(f, "id", 2) == 0) ||
	    (n > 3 && strncasecmp(f + n - 3, "_id", 3) == 0) ||
	    (n >= 6 && strncasecmp(f + n - 6, "gameid", 6) == 0);
}

/*
 * The separator of a header line that holds no comma but another
 * spreadsheet's (';', a tab) between words: 0 if none.
 */
static char
csv_other_separator(const char *line, size_t len)
{
	if (memchr(line, ',', len) != NULL)
		return 0;
	if (memchr(line, ';', len) != NULL)
		return ';';
	return memchr(line, '\t', len) != NULL ? '\t' : 0;
}

/*
 * Finds the moves, winner and id columns in a header line.  One apart by
 * another separator than commas names none: its only field would be the
 * whole line, "moves" in it, and every row a bad transcript.
 */
static void
csv_columns(struct record_reader *rd, const char *line, size_t len, size_t p)
{
	size_t fs, fe, bad;
	long   col = 0;

	rd->csv_moves = rd->csv_winner = rd->csv_id = -1;
	if ((rd->csv_apart = csv_other_separator(line + p, len - p)) != 0) {
		rd->csv_cols = 1;
		rd->csv_ready = true;
		return;
	}
	while (csv_field(line, len, &p, &fs, &fe, &bad)) {
		const char *f = line + fs;
		size_t	    n = fe - fs;

		if (rd->csv_moves == -1 &&
		    (contains(f, n, "move") || contains(f, n, "transcript")))
			rd->csv_moves = col;
		else if (rd->csv_winner == -1 && n == 6 &&
		    strncasecmp(f, "winner", 6) == 0)
			rd->csv_winner = col;
		else if (rd->csv_id == -1 && id_column(f, n))
			rd->csv_id = col;
		col++;
	}
	rd->csv_cols = col;
	rd->csv_ready = true;
}

/*
 * A headerless CSV (formats/record.md, "CSV"): whether the line is a row,
 * one field an Othello transcript, and whether its columns can be told:
 * 1 (columns set: that field the moves, the one other field that is 1,
 * -1 or 0 the winner, if any), 0 a row whose columns cannot be told (two
 * transcripts, two fields that could be the winner), -1 no row.
 */
static int
csv_row_columns(
    struct record_reader *rd, const char *line, size_t len, size_t p)
{
	size_t fs, fe, bad, g[2];
	long   col = 0, moves = -1, winner = -1;
	int    transcripts = 0, winners = 0;

	/* Its quoting is next_import's to judge: the line is a row. */
	if (memchr(line + p, ',', len - p) == NULL)
		return -1;
	while (csv_field(line, len, &p, &fs, &fe, &bad)) {
		const char *f = line + fs;
		size_t	    n = fe - fs;

		if (n >= 4 &&
		    syntax_match(rd->syn, SYN_TRANSCRIPT, f, n, g, 1) >= 0) {
			transcripts++;
			moves = col;
		} else if ((n == 1 && (*f == '0' || *f == '1')) ||
		    (n == 2 && f[0] == '-' && f[1] == '1')) {
			winners++;
			winner = col;
		}
		col++;
	}
	if (transcripts == 0)
		return -1;
	if (transcripts > 1 || winners > 1)
		return 0;
	rd->csv_moves = moves;
	rd->csv_winner = winner;
	rd->csv_id = -1;
	rd->csv_cols = col;
	rd->csv_ready = true;
	return 1;
}

bool
record_csv_columns_ok(const char *spec)
{
	struct record_reader rd;

	memset(&rd, 0, sizeof rd);
	csv_columns(&rd, spec, strlen(spec), 0);
	return rd.csv_moves != -1;
}

int
record_reader_csv_columns(struct record_reader *rd, const char *spec)
{
	if (rd->lineno != 0 || rd->csv_spec != NULL ||
	    (rd->csv_spec = strdup(spec)) == NULL)
		return -1;
	reader_set_format(rd, RECORD_CSV);
	csv_columns(rd, spec, strlen(spec), 0);
	/* The first line is still to be told from a header. */
	rd->csv_ready = false;
	rd->csv_header_line = 0;
	return rd->csv_moves == -1 ? -1 : 0;
}

/*
 * The first non-blank line of a CSV: the header, and no record; or, in
 * a CSV without one, a row.  True if the line is a record.
 */
static bool
csv_first_line(struct record_reader *rd)
{
	size_t n = rd->linelen - rd->pos;

	while (n > 0 && isspace((unsigned char)rd->line[rd->pos + n - 1]))
		n--;
	if (rd->csv_spec != NULL) {
		/* The columns named: a header naming them is no record. */
		rd->csv_ready = true;
		return !(strlen(rd->csv_spec) == n &&
		    memcmp(rd->csv_spec, rd->line + rd->pos, n) == 0);
	}
	rd->csv_header_line = rd->lineno;
	csv_columns(rd, rd->line, rd->linelen, rd->pos);
	if (rd->csv_moves != -1)
		return false;
	switch (csv_row_columns(rd, rd->line, rd->linelen, rd->pos)) {
	case 1: rd->csv_header_line = 0; return true;
	case 0:
		/* Each row is told so (bad-csv-header), this one first. */
		rd->csv_header_line = 0;
		return true;
	default: return false;
	}
}

/*
 * Reads up to the next line holding a record of a transcript or CSV
 * input (not blank, not the CSV header): 1, 0 at the end, -1 (errno).
 */
static int
next_record_line(struct record_reader *rd, bool csv)
{
	int rc;

	for (;;) {
		if ((rc = reader_line(rd)) <= 0)
			return rc;
		/* A cut line is a record (too-large), blank as it may be. */
		if (rd->cut)
			return 1;
		while (rd->pos < rd->linelen &&
		    isspace((unsigned char)rd->line[rd->pos]))
			rd->pos++;
		if (rd->pos == rd->linelen)
			continue;
		/* The header is no record; a bad one spoils each row. */
		if (csv && !rd->csv_ready && !csv_first_line(rd))
			continue;
		return 1;
	}
}

/*
 * Passes over the next line as read_line reads it, without copying it,
 * when it ends in the block with LF or CR LF: 1 (*blank: it holds only
 * white space), or 0: read_line must read it.  A worker of -j passes
 * over the records of the others, most of what it reads.
 */
static int
pass_line(struct record_reader *rd, bool *blank)
{
	const char *p = rd->inbuf + rd->inpos, *lf, *s;
	size_t	    n, eol = 1;

	/* Where the next LF is, once a block: lone CRs make no search long. */
	if (rd->next_lf == SIZE_MAX || rd->next_lf < rd->inpos) {
		lf = memchr(p, '\n', rd->inlen - rd->inpos);
		rd->next_lf = lf != NULL ? (size_t)(lf - rd->inbuf) : rd->inlen;
	}
	/* The first line may hold a byte order mark. */
	if (rd->lineno == 0 || rd->next_lf == rd->inlen)
		return 0;
	n = rd->next_lf - rd->inpos;
	/* A line too long is read, to be cut (and the reading stopped). */
	if (n > rd->max_size)
		return 0;
	if ((s = memchr(p, '\r', n)) != NULL) {
		if (s != p + n - 1)
			return 0;
		n--;
		eol++;
	}
	for (s = p; s < p + n && isspace((unsigned char)*s); s++)
		continue;
	*blank = s == p + n;
	rd->line_offset = rd->next_offset;
	rd->next_offset += n + eol;
	rd->inpos += n + eol;
	rd->lineno++;
	return 1;
}

/*
 * As next_record_line, for a record passed over unread.  A CSV input's
 * header is read (next_record_line), and so is every line of a CSV
 * whose first line is still to be told from a header.
 */
static int
skip_line_record(struct record_reader *rd)
{
	bool csv = rd->entry == &read_csv, blank;
	int  rc;

	while ((!csv || rd->csv_ready) && pass_line(rd, &blank))
		if (!blank)
			return 1;
	if ((rc = next_record_line(rd, csv)) == 1)
		rd->pos = rd->linelen; /* as next_line_record leaves it */
	return rc;
}

/*
 * The winner column's field (fs to fe of the line): the record's claim,
 * exactly 1 (Black), -1 (White) or 0 (a draw).
 */
static void
csv_winner(struct record_reader *rd, size_t fs, size_t fe)
{
	const char *f = rd->line + fs;
	size_t	    n = fe - fs;
	int	    colour;

	if (n == 2 && f[0] == '-' && f[1] == '1')
		colour = 1;
	else if (n == 1 && (f[0] == '0' || f[0] == '1'))
		colour = f[0] == '1' ? 0 : -1;
	else {
		diag_set_at(first_error(rd), DIAG_BAD_CSV_WINNER,
		    reader_pos(rd, fs), fe - fs,
		    "the winner column holds 1, -1 or 0");
		return;
	}
	rd->rec.claim = (struct record_claim){ .kind = RECORD_CLAIM_WINNER,
		.text = f,
		.len = n,
		.winner = colour,
		.at = reader_pos(rd, fs),
		.at_len = 2 };
}

/*
 * The id column's field (fs to fe of the line): the record's GameId tag,
 * a doubled quote in it one quote.
 */
static void
csv_id(struct record_reader *rd, size_t fs, size_t fe)
{
	const char *f = rd->line + fs;
	char	   *v;
	size_t	    i, n = 0;

	if (memchr(f, '"', fe - fs) == NULL) {
		reader_tag_text(rd, "GameId", f, fe - fs, reader_pos(rd, fs));
		return;
	}
	if ((v = malloc(fe - fs)) == NULL) {
		reader_oom(rd);
		return;
	}
	for (i = 0; i < fe - fs; i++) {
		v[n++] = f[i];
		if (f[i] == '"' && i + 1 < fe - fs && f[i + 1] == '"')
			i++;
	}
	reader_tag_text(rd, "GameId", v, n, reader_pos(rd, fs));
	free(v);
}

/*
 * csv_row where the moves are the last column (an archive's row): the
 * fields before them found with no quote in them, and the moves one run
 * of squares to the end of the row, so that the row has the fields the
 * columns say, none quoted, with no comma or quote in the moves (a
 * square has none).  Then the row read as csv_row reads it: true; else
 * nothing changed, and false, for csv_row to read it.
 */
static bool
csv_plain_row(struct record_reader *rd)
{
	const char *s = rd->line;
	size_t	    p = rd->pos, len = rd->linelen, fs[3], fe[3], i, end;
	size_t	    n0 = rd->rec.nturns;
	bool	    had = rd->has_movetext;
	long	    col, last = rd->csv_cols - 1;

	if (rd->csv_moves != last || last > 3)
		return false;
	for (col = 0; col < last; col++) {
		fs[col] = p;
		for (; p < len && s[p] != ','; p++)
			if (s[p] == '"')
				return false;
		if (p == len)
			return false;
		fe[col] = p++;
	}
	for (i = p, end = len; i < end && is_space(s[i]); i++)
		continue;
	while (end > i && is_space(s[end - 1]))
		end--;
	if (i == end || square_run(rd, i, end) != end) {
		rd->rec.nturns = n0;
		rd->has_movetext = had;
		return false;
	}
	for (col = 0; col < last; col++)
		if (col == rd->csv_winner)
			csv_winner(rd, fs[col], fe[col]);
		else if (col == rd->csv_id && fe[col] > fs[col])
			/* csv_id's, with no quote to undouble. */
			reader_tag_text(rd, "GameId", s + fs[col],
			    fe[col] - fs[col], reader_pos(rd, fs[col]));
	return true;
}

/*
 * The fields of a row: the moves column read as a transcript and the
 * winner column as the claim, if the row has the fields the columns say.
 */
static void
csv_row(struct record_reader *rd)
{
	size_t	    p = rd->pos, fs, fe, bad, ms = 0, me = 0, extra = 0;
	long	    col;
	const char *than;

	if (csv_plain_row(rd))
		return;

	for (col = 0; csv_field(rd->line, rd->linelen, &p, &fs, &fe, &bad);
	     col++) {
		if (bad != SIZE_MAX)
			break;
		if (col == rd->csv_cols)
			extra = fs;
		if (col == rd->csv_moves) {
			ms = fs;
			me = fe;
		} else if (col == rd->csv_winner)
			csv_winner(rd, fs, fe);
		else if (col == rd->csv_id && fe > fs)
			csv_id(rd, fs, fe);
	}
	/*
	 * RFC 4180: a quote closed, and a comma after it (no quote comes
	 * after a closing one: a quote at bad opened its field); as many
	 * fields as the header: a field more, an empty one after a trailing
	 * comma too, may be moves cut off at a stray comma, and a field less
	 * columns shifted.
	 */
	if (bad != SIZE_MAX)
		diag_set_at(first_error(rd), DIAG_BAD_CSV_ROW,
		    reader_pos(rd, bad), 1, "%s",
		    rd->line[bad] == '"' ?
			"the quote that opens this field is never closed" :
			"after a closing quote comes a comma or the end of "
			"the row");
	else if (col != rd->csv_cols) {
		if (rd->csv_spec != NULL)
			than = "--csv-columns names";
		else if (rd->csv_header_line != 0)
			than = "the header has";
		else
			than = "the first row has";
		diag_set_at(first_error(rd), DIAG_BAD_CSV_ROW,
		    reader_pos(rd, col > rd->csv_cols ? extra : rd->linelen), 0,
		    "the row has %ld field%s; %s %ld", col, col == 1 ? "" : "s",
		    than, rd->csv_cols);
	} else
		transcript_turns(rd, ms, me);
}

/* The next record of a transcript or CSV input: its next line. */
static int
next_line_record(struct record_reader *rd)
{
	bool csv = rd->entry == &read_csv;
	int  rc;

	if ((rc = next_record_line(rd, csv)) <= 0)
		return rc;
	reader_reset(rd);
	rd->rec.start = reader_pos(rd, rd->pos);
	if (!csv)
		transcript_turns(rd, rd->pos, rd->linelen);
	else if (rd->csv_moves == -1 && rd->csv_header_line == 0)
		diag_set_at(first_error(rd), DIAG_BAD_CSV_HEADER, rd->rec.start,
		    0,
		    "no header line, and the first row's columns cannot be "
		    "told apart: name them with --csv-columns (e.g. "
		    "id,winner,moves)");
	else if (rd->csv_moves == -1 && rd->csv_apart != 0)
		diag_set_at(first_error(rd), DIAG_BAD_CSV_HEADER, rd->rec.start,
		    0,
		    "the CSV header (line %lu) has its columns apart by %s, "
		    "not commas: write them apart by commas (e.g. tr '%s' "
		    "',')",
		    rd->csv_header_line, rd->csv_apart == ';' ? "';'" : "tabs",
		    rd->csv_apart == ';' ? ";" : "\\t");
	else if (rd->csv_moves == -1)
		diag_set_at(first_error(rd), DIAG_BAD_CSV_HEADER, rd->rec.start,
		    0,
		    "the CSV header (line %lu) names no moves column (e.g. "
		    "game_moves)",
		    rd->csv_header_line);
	else
		csv_row(rd);
	reader_finish(rd);
	/* The line is read: one cut stops the reading after its record. */
	rd->pos = rd->linelen;
	return 1;
}

/*
 * The lines of the first block, past a byte order mark (s, len bytes):
 * the first non-blank one at *line (*n bytes, blanks trimmed at its
 * start), after the one given (NULL: from the start).  False when none.
 */
static bool
sniff_line(const char *s, size_t len, const char **line, size_t *n)
{
	const char *end = s + len, *p, *eol;

	p = *line == NULL ? s : *line + *n;
	for (; p < end; p = eol + 1) {
		for (eol = p; eol < end && *eol != '\n' && *eol != '\r'; eol++)
			;
		while (p < eol && isspace((unsigned char)*p))
			p++;
		if (eol > p) {
			*line = p;
			*n = (size_t)(eol - p);
			return true;
		}
	}
	return false;
}

/*
 * CSV: the first non-blank line is a header naming a moves column, or a
 * row of a CSV without its header (split -l), one field a transcript.
 */
static bool
sniff_csv(enum record_format self, struct record_reader *rd, const char *s,
    size_t len)
{
	const char *line = NULL;
	size_t	    n;

	(void)self;
	if (!sniff_line(s, len, &line, &n))
		return false;
	/* Apart by ';' or tabs, as a CSV too: its error says what to do. */
	if (isalpha((unsigned char)*line) &&
	    (memchr(line, ',', n) != NULL ||
		csv_other_separator(line, n) != 0) &&
	    (contains(line, n, "move") || contains(line, n, "transcript")))
		return true;
	if (csv_row_columns(rd, line, n, 0) >= 0) {
		rd->csv_ready = false;
		return true;
	}
	return false;
}

/*
 * Transcripts: each of the first three non-blank lines is one ("f5"
 * alone could start movetext as well).
 */
static bool
sniff_transcript(enum record_format self, struct record_reader *rd,
    const char *s, size_t len)
{
	const char *line = NULL;
	size_t	    n, g[2];
	int	    lines;

	(void)self;
	for (lines = 0; lines < 3 && sniff_line(s, len, &line, &n); lines++)
		if (*line == '[' || *line == '{' || *line == ';' ||
		    syntax_match(rd->syn, SYN_TRANSCRIPT, line, n, g, 1) < 0)
			return false;
	return lines > 0;
}

/* Byte ranges: a record starts at every line that is not blank. */
static bool
line_boundary(bool prev_blank, int prev_first, bool blank, int first)
{
	(void)prev_blank;
	(void)prev_first;
	(void)first;
	return !blank;
}

/*
 * Byte ranges of a CSV: its first line, read here, is its header (no
 * range starts before its end) or, without one, its first row.
 */
static int
csv_floor(struct record_reader *rd, unsigned long long *at)
{
	int rc;

	for (;;) {
		if ((rc = reader_line(rd)) <= 0) {
			*at = rd->next_offset;
			return rc;
		}
		while (rd->pos < rd->linelen && is_space(rd->line[rd->pos]))
			rd->pos++;
		if (rd->pos == rd->linelen)
			continue;
		*at = csv_first_line(rd) ? rd->line_offset : rd->next_offset;
		return 0;
	}
}

const struct read_format read_transcript = {
	.sniff = sniff_transcript,
	.next = next_line_record,
	.skip = skip_line_record,
	.line_tokens = true,
	.game = &rules_reversi,
	.boundary = line_boundary,
};

const struct read_format read_csv = {
	.sniff = sniff_csv,
	.next = next_line_record,
	.skip = skip_line_record,
	.line_tokens = true,
	.game = &rules_reversi,
	.boundary = line_boundary,
	.floor = csv_floor,
};
