/* SPDX-License-Identifier: MIT */
/*
 * Reading WTHOR files (formats/wthor.md): the header, each game's 68
 * bytes made a record (its numbers' names from WTHOR.JOU and WTHOR.TRN,
 * its moves a transcript in the line, its stored score the record's
 * claim), and telling a WTHOR file by its header and size.  The bytes'
 * layout is wthor.c's; the input's blocks are the core's (reader.c).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/read.h"
#include "record/run-tokens.h"
#include "record/turn.h"
#include "record/wthor.h"

int
record_reader_wthor_names(struct record_reader *rd, const char *input,
    const char *players, const char *tournaments)
{
	const char *in[3] = { input, players, tournaments };
	char	  **out[3] = { &rd->wthor_input, &rd->wthor_paths[0],
		     &rd->wthor_paths[1] };
	int	    i;

	if (rd->wthor_started)
		return -1;
	for (i = 0; i < 3; i++) {
		free(*out[i]);
		*out[i] = NULL;
		if (in[i] != NULL && (*out[i] = strdup(in[i])) == NULL)
			return -1;
	}
	return 0;
}

/*
 * Whether the first block (inbuf) starts with a WTHOR header whose fields
 * agree with the input's size (formats/wthor.md, "Telling WTHOR"): the
 * board byte 0 or 8 (no text has those), a date that can be one, no
 * names count, and 16 + 68 * N bytes, or at least the block when the
 * size cannot be known.
 */
static bool
wthor_sniff(enum record_format self, struct record_reader *rd, const char *s,
    size_t len)
{
	struct wthor_header h;
	long long	    size = reader_input_size(rd), want;

	/* The block itself is read, byte order mark or not. */
	(void)self, (void)s, (void)len;
	if (rd->inlen < WTHOR_HEADER)
		return false;
	wthor_header_decode((const unsigned char *)rd->inbuf, &h);
	if ((h.board != 0 && h.board != 8) || h.month > 12 || h.day > 31 ||
	    h.names != 0)
		return false;
	want = WTHOR_HEADER + (long long)WTHOR_GAME * h.games;
	return size != -1 ? size == want : want >= (long long)rd->inlen;
}

/*
 * Position of byte col (0-based) of game k (1-based), or of the header
 * (k 0): lines are 1-based, so the header's faults, which the first
 * record carries, stand on line 1 (formats/wthor.md, "Positions").
 */
static struct diag_pos
wthor_pos(unsigned long k, size_t col)
{
	return (struct diag_pos){ k == 0 ? 1 : k, col + 1,
		k == 0 ? col :
			 WTHOR_HEADER +
			(unsigned long long)WTHOR_GAME * (k - 1) + col };
}

/*
 * Adds the tag name: value, from the game's byte at; -1 out of memory.
 * Its name no known tag's (Event, Date, Black, White): not looked up.
 */
#define WTHOR_TAG(rd, name, value, at) \
	wthor_tag(rd, name, sizeof name - 1, value, at)
static int
wthor_tag(struct record_reader *rd, const char *name, size_t namelen,
    const char *value, struct diag_pos at)
{
	reader_tag_named_known(
	    rd, name, namelen, value, strlen(value), at, READER_KNOWN_NONE);
	return rd->rec.malformed ? -1 : 0;
}

/*
 * The Date tag of a game of year y into buf (at least 32 bytes):
 * "%04u.??.??", without printf, as every game has one.
 */
static void
wthor_date(unsigned y, char *buf)
{
	char   digits[24];
	size_t len = wthor_number(y, digits), pad = len < 4 ? 4 - len : 0;

	memset(buf, '0', pad);
	memcpy(buf + pad, digits, len);
	memcpy(buf + pad + len, ".??.??", sizeof ".??.??");
}

/*
 * The game's number in its file, from 1, as its GameId tag: the source's
 * own id (formats/wthor.md).  Written without printf, which costs a
 * game 3% of its reading.  -1 out of memory.
 */
static int
wthor_id(struct record_reader *rd, unsigned long k)
{
	char   digits[24];
	size_t len = wthor_number(k, digits);

	reader_tag_named_known(rd, "GameId", sizeof "GameId" - 1, digits, len,
	    wthor_pos(k, 0), READER_KNOWN_NONE);
	return rd->rec.malformed ? -1 : 0;
}

/* A doubt about the game that is no error: the first one is kept. */
static struct diag *
wthor_warning(struct record_reader *rd)
{
	if (rd->rec.has_warning)
		return NULL;
	rd->rec.has_warning = true;
	return &rd->rec.warning;
}

/*
 * The turns of the used move bytes at m (the first at at) and their
 * squares, as wthor_moves makes them, when every byte names a square (the
 * common game: no pass, no bad byte), the tokens of eight at a time where
 * they are five words: true.  False when one names none (what was made
 * then is made again one by one).
 */
RUN_CLONES static bool
wthor_run(struct record_reader *rd, const unsigned char *m, size_t used,
    struct diag_pos at)
{
	struct record_token *t = rd->rec.turns;
	/*
	 * In locals: the stores through them could be to rd, for all GCC
	 * knows, which it would read again for every byte.
	 */
	char *const    line = rd->line;
	uint8_t *const squares = rd->squares;
	/*
	 * Every name's letter has bit 0x40 (its digit none), a byte that
	 * names no square's two NULs neither: the names ANDed keep it (in
	 * their letters' byte, whatever the byte order) when each is one.
	 */
	uint16_t name, all = 0xffff;
	unsigned b;
	size_t	 i;

	for (i = 0; i < used; i++) {
		b = m[i];
		memcpy(&name, wthor_square_names[b], 2);
		all &= name;
		memcpy(line + 2 * i, &name, 2);
		squares[i] = wthor_square_bytes[b];
	}
	if ((all & 0x4040) == 0)
		return false;
	i = 0;
#if UTIL_V16
	if (TOKEN_WORDS && used >= 8) {
		struct run_tokens rt;

		run_tokens_at(&rt, line, at, 1);
		for (; i + 8 <= used; i += 8)
			run_tokens_put(&rt, t + i, 1);
	}
#endif
	for (; i < used; i++)
		t[i] = (struct record_token){ line + 2 * i, 2,
			{ at.line, at.col + i, at.offset + i } };
	return true;
}

/*
 * The moves of a game: its 60 move bytes at m as a transcript in the
 * line, one turn token a byte (formats/wthor.md, "Moves"): the unused
 * bytes at the end are 0 (or one writer's 92: a warning); a 0 before a
 * move is a pass written out (a warning), any other byte no move.
 */
static void
wthor_moves(struct record_reader *rd, const unsigned char *m)
{
	unsigned long	     k = rd->index + 1;
	size_t		     end = WTHOR_MOVES, used, i;
	bool		     none;
	struct record_token *t;
	struct diag_pos	     at;

	while (end > 0 && m[end - 1] == 0)
		end--;
	used = end;
	while (used > 0 && m[used - 1] == WTHOR_PAD)
		used--;
	if (used < end)
		diag_set_at(wthor_warning(rd), DIAG_WTHOR_PADDING,
		    wthor_pos(k, 8 + used), end - used,
		    "unused move bytes %zu-%zu hold 92, not 0", used + 1, end);
	while (used > 0 && m[used - 1] == 0)
		used--;
	/* Past the most a record may take: at the first byte past it. */
	if (used > rd->max_size / sizeof *rd->rec.turns) {
		reader_too_large_at(
		    rd, wthor_pos(k, 8 + rd->max_size / sizeof *rd->rec.turns));
		return;
	}
	rd->linelen = 0;
	if (array_grow(&rd->line, &rd->linecap, 2 * used + 1, 1) == -1) {
		reader_oom(rd);
		return;
	}
	if (used > rd->turncap && reader_turn_room(rd, used) == -1)
		return;
	/*
	 * Each byte's name into the line and its turn, as add_turn makes
	 * them, with its square (a pass, "pa", byte 0, is none); the turns
	 * count only once every byte named one.
	 */
	t = rd->rec.turns;
	at = wthor_pos(k, 8);
	/* A pass or a bad byte: each byte again, one by one. */
	none = !wthor_run(rd, m, used, at);
	for (i = 0; none && i < used; i++) {
		if (m[i] == 0) {
			diag_set_at(wthor_warning(rd), DIAG_WTHOR_PASS_BYTE,
			    wthor_pos(k, 8 + i), 1,
			    "move byte %zu is 0 before a move: read as a "
			    "pass, which WTHOR leaves unwritten",
			    i + 1);
			memcpy(rd->line + 2 * i, "pa", 2);
			rd->squares[i] = RECORD_SQUARE_NONE;
		} else if (wthor_square(m[i], rd->line + 2 * i))
			rd->squares[i] = wthor_square_bytes[m[i]];
		else {
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_MOVE,
			    wthor_pos(k, 8 + i), 1,
			    "move byte %zu is %u: no square (10 * row + "
			    "column, 11 to 88) and no 0",
			    i + 1, m[i]);
			return;
		}
		t[i] = (struct record_token){ rd->line + 2 * i, 2,
			{ at.line, at.col + i, at.offset + i } };
	}
	rd->linelen = 2 * used;
	rd->line[rd->linelen] = '\0';
	rd->rec.nturns = used;
	rd->has_movetext = rd->has_movetext || used > 0;
}

/*
 * The name file of kind i (0 JOU, 1 TRN): named, or beside the input,
 * under the federation's name (WTHOR.JOU) or the short one other
 * archives use (WTH.JOU), in either case.
 */
static void
wthor_load_names(struct record_reader *rd, int i)
{
	static const char *const file[2][4] = { { "WTHOR.JOU", "wthor.jou",
						    "WTH.JOU", "wth.jou" },
		{ "WTHOR.TRN", "wthor.trn", "WTH.TRN", "wth.trn" } };
	static const size_t	 size[2] = { WTHOR_JOU, WTHOR_TRN };
	const char		*slash;
	char			*path;
	size_t			 dir;
	int			 j;

	if (rd->wthor_paths[i] != NULL) {
		wthor_names_load(
		    &rd->wthor_names[i], rd->wthor_paths[i], size[i]);
		return;
	}
	if (rd->wthor_input == NULL)
		return;
	slash = strrchr(rd->wthor_input, '/');
	dir = slash == NULL ? 0 : (size_t)(slash - rd->wthor_input) + 1;
	if ((path = malloc(dir + 10)) == NULL)
		return;
	for (j = 0; j < 4; j++) {
		memcpy(path, rd->wthor_input, dir);
		memcpy(path + dir, file[i][j], strlen(file[i][j]) + 1);
		if (wthor_names_load(&rd->wthor_names[i], path, size[i]) == 0)
			break;
	}
	free(path);
}

/*
 * The header, at the start: 0 with the games to read, or a malformed
 * record (1) when the header is none.  -1 on a read error.
 */
static int
wthor_start(struct record_reader *rd)
{
	unsigned char b[WTHOR_HEADER];
	long	      n;

	rd->wthor_started = true;
	if ((n = reader_bytes(rd, b, sizeof b)) == -1)
		return -1;
	if (n == 0) {
		rd->wthor_done = true;
		return 0;
	}
	reader_reset(rd);
	rd->rec.start = wthor_pos(0, 0);
	if (n < WTHOR_HEADER)
		diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
		    wthor_pos(0, 0), (size_t)n,
		    "the input has %ld bytes: a WTHOR header has 16", n);
	else {
		wthor_header_decode(b, &rd->wthor);
		if (rd->wthor.board != 0 && rd->wthor.board != 8)
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_HEADER,
			    wthor_pos(0, 12), 1,
			    "header byte 13 gives a board of %u: WTHOR games "
			    "here are 8x8 (0 or 8)",
			    rd->wthor.board);
	}
	if (rd->rec.malformed) {
		rd->wthor_done = true;
		reader_finish(rd);
		return 1;
	}
	wthor_load_names(rd, 0);
	wthor_load_names(rd, 1);
	return 0;
}

/*
 * Reads one WTHOR game: 68 bytes, made a record (formats/wthor.md) when
 * build, else passed over undecoded.  The end of the input where the
 * header's count says, or a short game or games the header does not
 * count, is told once, as a malformed record of its own, built either
 * way.
 */
static int
wthor_game(struct record_reader *rd, bool build)
{
	unsigned char g[WTHOR_GAME];
	unsigned long k;
	char	      name[3 * WTHOR_TRN + 1];
	long	      n;
	int	      rc;

	if (!rd->wthor_started && (rc = wthor_start(rd)) != 0)
		return rc;
	if (rd->wthor_done)
		return 0;
	if ((n = reader_bytes(rd, g, sizeof g)) == -1)
		return -1;
	k = rd->index + 1;
	if (n == 0 && rd->index == rd->wthor.games)
		return 0;
	if (!build && n == WTHOR_GAME && rd->index < rd->wthor.games)
		return 1;
	reader_reset(rd);
	rd->rec.start = wthor_pos(k, 0);
	rd->rec_line = rd->rec.start.offset;
	if (n < WTHOR_GAME || rd->index >= rd->wthor.games) {
		if (n == WTHOR_GAME || n == 0)
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
			    wthor_pos(k, 0), (size_t)n,
			    "the header counts %lu games, but the input %s",
			    (unsigned long)rd->wthor.games,
			    n == 0 ? "ends before this one" : "holds more");
		else
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
			    wthor_pos(k, 0), (size_t)n,
			    "game %lu has %ld of its 68 bytes", k, n);
		rd->wthor_done = true;
		reader_finish(rd);
		return 1;
	}
	rd->rec.wthor = (struct record_wthor){
		.tournament = wthor_get16(g),
		.black = wthor_get16(g + 2),
		.white = wthor_get16(g + 4),
		.score = g[6],
		.theoretical = g[7],
		.depth = rd->wthor.depth,
		.year = rd->wthor.game_year,
		.score_at = wthor_pos(k, 6),
	};
	rd->rec.claim = (struct record_claim){ .kind = RECORD_CLAIM_WOF,
		.wof = g[6],
		.at = wthor_pos(k, 6),
		.at_len = 1 };
	wthor_name(
	    &rd->wthor_names[1], rd->rec.wthor.tournament, name, sizeof name);
	if (WTHOR_TAG(rd, "Event", name, wthor_pos(k, 0)) == -1)
		goto out;
	if (rd->wthor.game_year != 0) {
		wthor_date(rd->wthor.game_year, name);
		if (WTHOR_TAG(rd, "Date", name, wthor_pos(k, 0)) == -1)
			goto out;
	}
	wthor_name(&rd->wthor_names[0], rd->rec.wthor.black, name, sizeof name);
	if (WTHOR_TAG(rd, "Black", name, wthor_pos(k, 2)) == -1)
		goto out;
	wthor_name(&rd->wthor_names[0], rd->rec.wthor.white, name, sizeof name);
	if (WTHOR_TAG(rd, "White", name, wthor_pos(k, 4)) == -1)
		goto out;
	if (wthor_id(rd, k) == -1)
		goto out;
	wthor_moves(rd, g + 8);
out:
	reader_finish(rd);
	return 1;
}

static int
next_wthor(struct record_reader *rd)
{
	return wthor_game(rd, true);
}

/*
 * A -j worker passes over the others' games so (record_reader_skip): by
 * their size, as next_wthor counts them, with no names looked up and no
 * moves decoded.
 */
static int
skip_wthor(struct record_reader *rd)
{
	return wthor_game(rd, false);
}

/*
 * Byte ranges (formats/record.md, "Shards"): the first game at or past
 * start, by arithmetic, after the header every range reads; none past
 * the games the header counts (the one after them, told malformed, is
 * the range's that holds its start), nor past the input's end (a start
 * in a last game cut short, which ends the input: its range's).
 */
static int
seek_wthor(struct record_reader *rd, unsigned long long start)
{
	unsigned long long i = 0;
	struct stat	   st;
	int		   rc;

	/* The first range reads the header as any reader does. */
	if (start == 0)
		return 1;
	if (!rd->wthor_started && (rc = wthor_start(rd)) != 0)
		return rc == 1 ? 0 : rc;
	if (rd->wthor_done)
		return 0;
	if (start > WTHOR_HEADER)
		i = (start - WTHOR_HEADER + WTHOR_GAME - 1) / WTHOR_GAME;
	if (i > rd->wthor.games)
		return 0;
	if (fstat(fileno(rd->fp), &st) == -1)
		return -1;
	if (WTHOR_HEADER + WTHOR_GAME * i > (unsigned long long)st.st_size)
		return 0;
	if (reader_restart_at(rd, WTHOR_HEADER + WTHOR_GAME * i) == -1)
		return -1;
	rd->index = (unsigned long)i;
	return 1;
}

const struct read_format read_wthor = {
	.sniff = wthor_sniff,
	.next = next_wthor,
	.skip = skip_wthor,
	.seek = seek_wthor,
	.line_tokens = true,
	.binary = true,
	.game = &rules_reversi,
};
