/* SPDX-License-Identifier: MIT */
/*
 * Reading GGF and Othello SGF game trees (formats/ggf.md, formats/sgf.md):
 * a collection's game trees parsed one function a rule of the grammar, as
 * SGFC's load.c does (collection, game tree, node, property, value), the
 * main line's properties made tags, turns, a set-up position and a
 * result.  The input's lines and the record being built are the core's
 * (reader.c).
 */
#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define SKIP_AVX2 1
#endif

#include "record/read.h"
#include "record/run-tokens.h"
#include "record/setup.h"
#include "record/turn.h"
#include "util/simd.h"

/*
 * Eight moves of a run at a time (square_moves): their texts and squares
 * gathered by shuffles, where the compiler has them; a pair at a time
 * where built with -DARBITER_NO_AVX2 too, so that the way of a compiler
 * without them is tested (.ci/run's sanitizer build).
 */
#if UTIL_V16 && defined(__has_builtin) && !defined(ARBITER_NO_AVX2)
#if __has_builtin(__builtin_shufflevector)
#define TREE_EIGHT 1
#endif
#endif
#ifndef TREE_EIGHT
#define TREE_EIGHT 0
#endif

/*
 * A tag of the literal name, its length and its known tag (enum
 * record_known, READER_KNOWN_NONE for none) known: no look-up.
 */
#define TREE_TAG(rd, known, name, v, len, at) \
	reader_tag_named_known(rd, name, sizeof name - 1, v, len, at, known)

/* The Setup value of the start position on a board of side n. */
static const char *
start_setup(struct record_reader *rd, int n)
{
	struct rules_position *pos;
	char		       spec[16];
	int		       i;

	if (rd->start_size == n)
		return rd->start_setup;
	snprintf(spec, sizeof spec, "%dx%d", n, n);
	rd->start_setup[0] = '\0';
	rd->start_cells = 0;
	if ((pos = rules_position_new(&rules_reversi, spec, NULL, NULL)) !=
	    NULL) {
		record_setup_format(
		    pos, rd->start_setup, sizeof rd->start_setup);
		for (i = 0; i < pos->board.ncells; i++)
			rd->start_pieces[i] = rules_piece(pos, i);
		rd->start_cells = pos->board.ncells;
		rd->start_to_move = rules_to_move(pos);
		rules_position_free(pos);
	}
	rd->start_size = n;
	return rd->start_setup;
}

/*
 * The start of 8x8 as GGS and the SGF archives write nearly every board:
 * d4 and e5 white, e4 and d5 black, rows from the first (ggf_board's
 * reading of BO, tree_points' of AB and AW).
 */
static const int tree_start_pieces[64] = { [27] = RULES_PIECE(1),
	[28] = RULES_PIECE(0),
	[35] = RULES_PIECE(0),
	[36] = RULES_PIECE(1) };
_Static_assert(RULES_EMPTY == 0, "tree_start_pieces' other cells empty");

/* A set-up position given: a Setup tag, unless it is the start. */
static void
tree_setup(struct record_reader *rd, const int *pieces, int n, int to_move,
    struct diag_pos at)
{
	char text[RECORD_SETUP_MAX];
	int  len;

	/*
	 * The start of 8x8 as tree_start_pieces gives it, Black to move,
	 * nearly every tree's: reversi's own start (test_record's
	 * tree_start_pieces_are_reversis), so no tag, and nothing made
	 * and compared.
	 */
	if (pieces == tree_start_pieces && n == 8 && to_move == 0)
		return;
	/*
	 * The start position, as nearly every tree gives it: the same
	 * pieces make the same text, so none is made and compared.
	 */
	start_setup(rd, n);
	if (rd->start_cells == n * n && to_move == rd->start_to_move &&
	    memcmp(pieces, rd->start_pieces,
		sizeof *pieces * (size_t)(n * n)) == 0)
		return;
	len = record_setup_text(pieces, n * n, to_move, text, sizeof text);
	if (len > 0 && strcmp(text, start_setup(rd, n)) != 0)
		TREE_TAG(rd, RECORD_TAG_SETUP, "Setup", text, (size_t)len, at);
}


/*
 * What a byte of BO's cells is, by a table (every GGF tree has a BO, and
 * its bytes a test each were a twentieth of reading one): white space
 * (isspace's, in the C locale the tools keep), an empty cell (- .), a
 * black disc (* X x), a white one (O o), or none of these.
 */
enum {
	BO_BAD,
	BO_SPACE,
	BO_EMPTY,
	BO_BLACK,
	BO_WHITE
};
static const unsigned char bo_cell[256] = {
	[' '] = BO_SPACE,
	['\t'] = BO_SPACE,
	['\n'] = BO_SPACE,
	['\v'] = BO_SPACE,
	['\f'] = BO_SPACE,
	['\r'] = BO_SPACE,
	['-'] = BO_EMPTY,
	['.'] = BO_EMPTY,
	['*'] = BO_BLACK,
	['X'] = BO_BLACK,
	['x'] = BO_BLACK,
	['O'] = BO_WHITE,
	['o'] = BO_WHITE,
};

/*
 * GGF BO[8 <64 cells of * O -> <side>].  Returns the colour to move, the
 * board's side in *width, or -1 with bad-setup-tag.
 */
static int
ggf_board(struct record_reader *rd, const char *v, size_t len,
    struct diag_pos at, int *width)
{
	/*
	 * The start, as GGS writes nearly every board: its pieces as the
	 * loop below reads them (d4 and e5 white, e4 and d5 black, rows
	 * from the first), with no byte read twice.
	 */
	static const char start[] = "8 -------- -------- -------- ---O*--- "
				    "---*O--- -------- -------- -------- *";
	int		  pieces[RULES_MAX_CELLS], n, k = 0, side = -1;
	size_t		  i = 0;
	char		  size[16];

	if (len == sizeof start - 1 && memcmp(v, start, len) == 0) {
		tree_setup(rd, tree_start_pieces, 8, 0, at);
		*width = 8;
		return 0;
	}
	while (i < len && isspace((unsigned char)v[i]))
		i++;
	if (i < len && v[i] == '0')
		goto bad;
	for (n = 0; i < len && isdigit((unsigned char)v[i]) && n < 100; i++)
		n = n * 10 + v[i] - '0';
	if (n < 4 || n > 16 || i == len || !isspace((unsigned char)v[i]))
		goto bad;
	for (; i < len; i++) {
		int cell = bo_cell[(unsigned char)v[i]];

		if (cell == BO_SPACE)
			continue;
		if (k == n * n) {
			if (cell >= BO_BLACK && side == -1) {
				side = cell - BO_BLACK;
				continue;
			}
			goto bad;
		}
		if (cell == BO_BAD)
			goto bad;
		pieces[k++] = cell == BO_EMPTY ? RULES_EMPTY :
						 RULES_PIECE(cell - BO_BLACK);
	}
	if (k != n * n || side == -1)
		goto bad;
	if (n != 8) {
		snprintf(size, sizeof size, "%dx%d", n, n);
		TREE_TAG(rd, RECORD_TAG_SIZE, "Size", size, strlen(size), at);
	}
	tree_setup(rd, pieces, n, side, at);
	*width = n;
	return side;
bad:
	diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, at, 0,
	    "BO[] is a board size, its cells row by row (* O -) and the "
	    "colour to move (* or O)");
	return -1;
}

/*
 * The decimal of a count of discs (0 to SZ[99]'s 9801) into s, as "%ld"
 * writes it, with no NUL: its length.  Every result comes here, and
 * snprintf was a twentieth of reading a tree.
 */
static size_t
disc_count(char *s, long v)
{
	char   d[8];
	size_t n = 0, i;

	/* One or two digits, nearly every count (8x8 has 64 cells). */
	if ((unsigned long)v < 10) {
		s[0] = (char)('0' + v);
		return 1;
	}
	if ((unsigned long)v < 100) {
		s[0] = (char)('0' + v / 10);
		s[1] = (char)('0' + v % 10);
		return 2;
	}
	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	for (i = 0; i < n; i++)
		s[i] = d[n - 1 - i];
	return n;
}

/*
 * Result from a disc margin for Black (WOF: empties to the winner, so
 * the two scores fill the board), or a forfeit; ncells of the board.
 */
static void
tree_result(struct record_reader *rd, long margin, char flag, int ncells,
    struct diag_pos at, const char *v, size_t len)
{
	static const char *colour[] = { "black", "white" };
	char		   text[64], shown[RECORD_SHOWN];
	int		   loser;
	size_t		   n;

	if (flag == 'r' || flag == 't') {
		loser = margin > 0 ? 1 : 0;
		snprintf(text, sizeof text, "%s %s", colour[loser],
		    flag == 'r' ? "resigned" : "timed out");
		TREE_TAG(rd, RECORD_TAG_TERMINATION, "Termination", text,
		    strlen(text), at);
		reader_tag_text(
		    rd, "Winner", colour[!loser], strlen(colour[!loser]), at);
		return;
	}
	if (flag == 's') {
		/*
		 * An agreed score: decided off the board, never checked, but
		 * kept, so that a record written from it still says who won.
		 */
		if (margin == 0)
			snprintf(text, sizeof text, "agreed score, a draw");
		else
			snprintf(text, sizeof text, "agreed score, %s by %ld",
			    colour[margin < 0], margin < 0 ? -margin : margin);
		TREE_TAG(rd, RECORD_TAG_TERMINATION, "Termination", text,
		    strlen(text), at);
		return;
	}
	if (margin > ncells || margin < -ncells || (ncells - margin) % 2) {
		util_printable(v, len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_RE, at, 0,
		    "RE[%s] is no disc margin on a board of %d cells", shown,
		    ncells);
		return;
	}
	n = disc_count(text, (ncells + margin) / 2);
	text[n++] = '-';
	n += disc_count(text + n, (ncells - margin) / 2);
	TREE_TAG(rd, RECORD_TAG_RESULT, "Result", text, n, at);
}

/*
 * GGF RE[+12.000], RE[-4:r], RE[+8.500] in a komi game (komi: KM's
 * thousandths, 0 without); SGF RE[B+12], RE[W+R], RE[0], RE[Draw]; RE[?]
 * in either, no result known.
 */
static void
tree_re(struct record_reader *rd, const char *v, size_t len, struct diag_pos at,
    int ncells, long komi)
{
	char shown[RECORD_SHOWN], buf[64], *end, *rest, flag = 0;
	long margin, milli;

	if (len == 0 || len >= sizeof buf)
		goto bad;
	memcpy(buf, v, len);
	buf[len] = '\0';
	if (strcmp(buf, "?") == 0)
		return;
	if (rd->format == RECORD_SGF) {
		/* The first byte first: nearly every result is B+n or W+n. */
		if ((buf[0] == '0' && buf[1] == '\0') ||
		    ((buf[0] | 0x20) == 'd' && strcasecmp(buf, "Draw") == 0)) {
			tree_result(rd, 0, 0, ncells, at, v, len);
			return;
		}
		if ((buf[0] | 0x20) == 'v' && strcasecmp(buf, "Void") == 0)
			return;
		if ((buf[0] != 'B' && buf[0] != 'W') || buf[1] != '+')
			goto bad;
		if (isdigit((unsigned char)buf[2])) {
			/* strtol's reading, to the NUL: LONG_MAX past it. */
			for (margin = 0, end = buf + 2; is_digit(*end); end++)
				margin = margin > (LONG_MAX - 9) / 10 ?
				    LONG_MAX :
				    margin * 10 + (*end - '0');
			if (*end != '\0')
				goto bad;
			tree_result(rd, buf[0] == 'B' ? margin : -margin, 0,
			    ncells, at, v, len);
			return;
		}
		if (strcmp(buf + 2, "R") == 0 ||
		    strcmp(buf + 2, "Resign") == 0 ||
		    strcmp(buf + 2, "T") == 0 || strcmp(buf + 2, "Time") == 0) {
			tree_result(rd, buf[0] == 'B' ? 1 : -1,
			    buf[2] == 'R' ? 'r' : 't', ncells, at, v, len);
			return;
		}
		goto bad;
	}
	/*
	 * Nearly every GGF result is a whole margin, +28.000 or -4.000,
	 * with no komi: its digits by hand, as record_decimal_milli and the
	 * reading below would take them.
	 */
	if (komi == 0 && len >= 6 && len <= 8 &&
	    (buf[0] == '+' || buf[0] == '-') &&
	    memcmp(buf + len - 4, ".000", 4) == 0) {
		for (margin = 0, end = buf + 1;
		     end < buf + len - 4 && is_digit(*end); end++)
			margin = margin * 10 + (*end - '0');
		if (end == buf + len - 4) {
			tree_result(rd, buf[0] == '-' ? -margin : margin, 0,
			    ncells, at, v, len);
			return;
		}
	}
	if ((rest = strchr(buf, ':')) == NULL)
		rest = buf + len;
	if (record_decimal_milli(buf, (size_t)(rest - buf), &milli) == -1)
		goto bad;
	if (*rest == ':') {
		flag = rest[1];
		if ((flag != 'r' && flag != 't' && flag != 's') ||
		    rest[2] != '\0')
			goto bad;
	}
	/* A resignation or time loss: the sign alone names the winner. */
	if (flag == 'r' || flag == 't') {
		if (milli == 0)
			goto bad;
		tree_result(rd, milli > 0 ? 1 : -1, flag, ncells, at, v, len);
		return;
	}
	/*
	 * GGS's result is Black's disc margin less KM, the komi as GGS
	 * gives it (a game of 36-28 with KM[-0.500] is RE[+8.500]): the
	 * discs are what is left once the komi is added back, and are
	 * whole.
	 */
	if ((milli + komi) % 1000 != 0) {
		util_printable(v, len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_RE, at, 0,
		    komi != 0 ?
			"RE[%s] with the komi added back is no disc margin" :
			"RE[%s] is no disc margin: a whole number, "
			"or a komi (KM) makes it one",
		    shown);
		return;
	}
	tree_result(rd, (milli + komi) / 1000, flag, ncells, at, v, len);
	return;
bad:
	util_printable(v, len, shown, sizeof shown);
	diag_set_at(first_error(rd), DIAG_BAD_RE, at, 0,
	    "RE[%s] is no result: %s", shown,
	    rd->format == RECORD_SGF ? "B+12, W+R, 0 or Draw" :
				       "a disc margin for black like +12.000, "
				       "with :r, :t or :s");
}

/* The widest board a set-up names cells of (a Size tag holds 4..16). */
#define TREE_SIDE_MAX 16

/*
 * Whether the two bytes at v are a letter and a digit 1-9, a cell's name
 * (e4, nearly every point): rules_cell_parse's reading by hand, with no
 * call, the cell (row * TREE_SIDE_MAX + column) in *cell, -1 if the
 * letter is past the widest board.
 */
static inline bool
sgf_cell_name(const char *v, int *cell)
{
	unsigned rank = (unsigned char)v[1] - (unsigned)'1', file;

	if (rank >= 9)
		return false;
	file = ((unsigned char)v[0] | 0x20) - (unsigned)'a';
	*cell = file < TREE_SIDE_MAX ? (int)(rank * TREE_SIDE_MAX + file) : -1;
	return true;
}

/*
 * An SGF point: a cell name (d5) or SGF's letter pair (dc), as row *
 * TREE_SIDE_MAX + column, or -1.  Read on the widest board, since SZ may
 * come after AB and AW; the board's own side is checked at the end.
 */
static int
sgf_point(const char *v, size_t len)
{
	/*
	 * What rules_square_init makes of the widest board, made once: it
	 * was made for every point, and clearing a board is most of it.
	 */
	static const struct rules_board b = { .geometry = RULES_SQUARE,
		.width = TREE_SIDE_MAX,
		.height = TREE_SIDE_MAX,
		.ncells = TREE_SIDE_MAX * TREE_SIDE_MAX,
		.name = "16x16" };
	int				cell;

	if (len == 2 && sgf_cell_name(v, &cell))
		return cell;
	/* Row-major: a square cell is already row * side + column. */
	if ((cell = rules_cell_parse(&b, v, len)) >= 0)
		return cell;
	if (len == 2 && v[0] >= 'a' && v[0] < 'a' + TREE_SIDE_MAX &&
	    v[1] >= 'a' && v[1] < 'a' + TREE_SIDE_MAX)
		return (v[1] - 'a') * TREE_SIDE_MAX + (v[0] - 'a');
	return -1;
}

/* Whether len bytes at s are a tag name of the notation: [A-Za-z0-9_]+. */
static bool
tag_name_ok(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!name_char(s[i]))
			return false;
	return len > 0;
}

/*
 * The colours of a tree's moves as they come (tree_colours reads them at
 * the end): the first's, the first out of turn's, where each is.
 */
struct tree_order {
	int		first_colour; /* of the first move, -1 before it */
	size_t		nmoves;
	int		bad_colour; /* of a move out of turn, -1 if none */
	struct diag_pos first_at;
	struct diag_pos bad_colour_at;
};

/* What order_move asks its caller to say where it stands. */
enum {
	ORDER_AS_DUE,
	ORDER_FIRST,
	ORDER_OUT_OF_TURN
};

/*
 * A move by colour: whether it is the first move, the first out of turn
 * (passes are written), or neither; the caller sets first_at or
 * bad_colour_at.  No pointer into o: a copy of it stays in registers.
 */
static inline int
order_move(struct tree_order *o, int colour)
{
	int kind = ORDER_AS_DUE;

	if (o->first_colour == -1) {
		o->first_colour = colour;
		kind = ORDER_FIRST;
	} else if (o->bad_colour == -1 &&
	    colour != (o->first_colour ^ (int)(o->nmoves & 1))) {
		o->bad_colour = colour;
		kind = ORDER_OUT_OF_TURN;
	}
	o->nmoves++;
	return kind;
}

/* Where a move of the order stands, as order_move said. */
static inline void
order_at(struct tree_order *o, int kind, struct diag_pos at)
{
	if (kind == ORDER_FIRST)
		o->first_at = at;
	else if (kind == ORDER_OUT_OF_TURN)
		o->bad_colour_at = at;
}

/* What one game tree says besides its moves, gathered as it is read. */
struct tree {
	int		size; /* SZ or BO */
	bool		sized;
	struct diag_pos size_at;
	bool		has_re;
	struct diag_pos re_at;
	size_t		re_len; /* of re, below */
	long		komi;  /* KM, in thousandths; 0 without */
	bool		setup; /* AB, AW or PL */
	bool		has_pl;
	struct diag_pos setup_at;
	int		to_move; /* PL or BO */
	/*
	 * AB, AW, AE by row and column, placed once SZ is known, a bit a
	 * cell; whether they are the start as tree_root_run placed it,
	 * nothing placed since.
	 */
	uint64_t placed[TREE_SIDE_MAX * TREE_SIDE_MAX / 64];
	int	 nplaced; /* cells in placed_at */
	bool	 start_run;
	bool	 bad_point;
	bool main_done; /* a variation closed: the rest is not */
	/*
	 * SGF's TM, seconds, and XT[TimeControl=...], the clock as said
	 * (formats/sgf.md): the tag TM added (+1; 0 none), and whether XT
	 * gave it, which then stands whatever TM says.
	 */
	size_t		  tm_tag;
	bool		  tc_xt;
	struct tree_order order;
	/*
	 * Last, left unset by next_tree (zeroing their 2.6 KB a tree was
	 * 1.5% of reading one): RE's value (re_len bytes, where has_re
	 * says), the piece of each cell placed (read where placed is set),
	 * the cells placed in the order they were (nplaced of them), and
	 * the board's pieces, set by tree_points.
	 */
	char	 re[64];
	int	 points[TREE_SIDE_MAX * TREE_SIDE_MAX];
	uint16_t placed_at[TREE_SIDE_MAX * TREE_SIDE_MAX];
	int	 pieces[RULES_MAX_CELLS];
};

/*
 * The tags of a GGF or SGF property (formats/ggf.md, formats/sgf.md):
 * ours, under the name kept, in the formats that name them.
 */
#define TREE_GGF (1 << RECORD_GGF)
#define TREE_SGF (1 << RECORD_SGF)
static const struct {
	const char *id;
	const char *tag;
	int	    formats;
} tree_tags[] = {
	{ "PB", "Black", TREE_GGF | TREE_SGF },
	{ "PW", "White", TREE_GGF | TREE_SGF },
	{ "DT", "Date", TREE_GGF | TREE_SGF },
	{ "EV", "Event", TREE_GGF | TREE_SGF },
	{ "RO", "Round", TREE_GGF | TREE_SGF },
	{ "PC", "Site", TREE_GGF | TREE_SGF },
	{ "TI", "TimeControl", TREE_GGF },
	{ "TY", "Type", TREE_GGF },
	{ "RB", "BlackRating", TREE_GGF },
	{ "BR", "BlackRating", TREE_SGF },
	{ "RW", "WhiteRating", TREE_GGF },
	{ "WR", "WhiteRating", TREE_SGF },
};

/*
 * Whether an XT may carry the tag name: not one a property of the format
 * holds, nor one the tree says in its own way (its game, board, set-up
 * and result), or the two could disagree.
 */
static bool
xt_may_carry(const struct record_reader *rd, const char *name)
{
	static const char *const said[] = { "Game", "Size", "Board", "Setup",
		"Result" };
	size_t			 i;
	/*
	 * The first letters compared first, folded by | 0x20 (equal in any
	 * case are equal so): every XT of an archive's game (XT[GameId=])
	 * comes here, and a strcasecmp each was 2% of reading a tree.
	 */
	int first = name[0] | 0x20;

	/* The archives' own, on every game: none of those below. */
	if (strcmp(name, "GameId") == 0)
		return true;
	/* TM holds seconds alone: the clock as said rides on XT. */
	if (rd->format == RECORD_SGF && strcmp(name, "TimeControl") == 0)
		return true;
	for (i = 0; i < sizeof tree_tags / sizeof tree_tags[0]; i++)
		if ((tree_tags[i].formats & (1 << rd->format)) &&
		    (tree_tags[i].tag[0] | 0x20) == first &&
		    strcasecmp(tree_tags[i].tag, name) == 0)
			return false;
	for (i = 0; i < sizeof said / sizeof said[0]; i++)
		if ((said[i][0] | 0x20) == first &&
		    strcasecmp(said[i], name) == 0)
			return false;
	return rd->format != RECORD_GGF || strcasecmp(name, "Komi") != 0;
}

/*
 * XT[Name=value], arbiter's own property: a tag that no property of the
 * format holds.  Anything else is bad-property.
 */
static void
tree_xt(struct record_reader *rd, const char *v, size_t len, struct diag_pos at)
{
	static const char id[] = "GameId=";
	const char	 *eq;
	char		  shown[RECORD_SHOWN], small[32], *name;
	size_t		  n;

	/*
	 * The archives' own, on every game: a name of letters that an XT
	 * may carry (xt_may_carry), so no search for its '=' nor of the
	 * names XT cannot carry.
	 */
	if (len >= sizeof id - 1 && memcmp(v, id, sizeof id - 1) == 0) {
		TREE_TAG(rd, READER_KNOWN_NONE, "GameId", v + sizeof id - 1,
		    len - (sizeof id - 1), at);
		return;
	}
	eq = memchr(v, '=', len);
	n = eq != NULL ? (size_t)(eq - v) : 0;
	/* Of any length, as the notation's (the writer writes them all). */
	if (eq == NULL || !tag_name_ok(v, n)) {
		util_printable(v, len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "XT[%s] is not XT[Name=value] with a name of letters, "
		    "digits and '_'",
		    shown);
		return;
	}
	/* Nearly every name is short (GameId): no allocation for it. */
	if (n < sizeof small) {
		memcpy(small, v, n);
		small[n] = '\0';
		name = small;
	} else if ((name = strndup(v, n)) == NULL) {
		reader_oom(rd);
		return;
	}
	if (!xt_may_carry(rd, name))
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "XT cannot carry the tag %.64s: %s gives it by a "
		    "property of its own",
		    name, rd->format == RECORD_GGF ? "GGF" : "SGF");
	else
		reader_tag_text(rd, name, eq + 1, len - n - 1, at);
	if (name != small)
		free(name);
}

/*
 * A set-up property (AB, AW, AE, PL; GGF's BO) before the first move: the
 * board a game starts from.  After it, the position would change under
 * the moves already read.
 */
static bool
tree_before_moves(struct record_reader *rd, const struct tree *tr,
    const char *id, struct diag_pos at)
{
	if (tr->order.nmoves > 0) {
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "%s after the first move: a set-up comes before the moves",
		    id);
		return false;
	}
	return true;
}

/*
 * SGF's SZ[N]: the side of a square board, decimal with no leading zero;
 * -1 for anything else (FF[4]'s SZ[8:10] is a board arbiter has none of).
 */
static int
sgf_size(const char *v, size_t len)
{
	size_t i;
	int    n = 0;

	if (len == 0 || len > 2 || v[0] == '0')
		return -1;
	for (i = 0; i < len; i++) {
		if (!is_digit(v[i]))
			return -1;
		n = n * 10 + v[i] - '0';
	}
	return n;
}

/* A second RE, SZ, BO or PL, which would have to be chosen among. */
static bool
tree_once(
    struct record_reader *rd, bool *seen, const char *id, struct diag_pos at)
{
	if (*seen) {
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "%s given twice", id);
		return false;
	}
	*seen = true;
	return true;
}

/*
 * Keeps what follows a move's square, "eval/time" (len bytes at s), as a
 * note of the turn about to be added.
 */
static void
tree_note(struct record_reader *rd, const char *s, size_t len)
{
	const char *slash = memchr(s, '/', len);
	size_t	    elen = slash != NULL ? (size_t)(slash - s) : len;
	long long   eoff, toff;
	long	    n;

	if ((eoff = text_add(rd, s, elen)) == -1 ||
	    (toff = text_add(rd, slash != NULL ? slash + 1 : "",
		 slash != NULL ? len - elen - 1 : 0)) == -1) {
		reader_oom(rd);
		return;
	}
	if ((n = reader_note_of(rd, rd->rec.nturns)) == -1)
		return;
	rd->note_off[RECORD_NOTE_PARTS * n] = (size_t)eoff;
	rd->note_off[RECORD_NOTE_PARTS * n + 1] = (size_t)toff;
	rd->rec.notes[n].eval_len = elen;
	rd->rec.notes[n].time_len = slash != NULL ? len - elen - 1 : 0;
}

/*
 * A move: B[f5], W[F5//1.23], B[f5/eval/time], B[PA] or B[pass] (SGF:
 * B[] too).  The evaluation and time after the square are not moves.
 */
static void
tree_move(
    struct record_reader *rd, const char *v, size_t len, struct diag_pos at)
{
	const char	    *slash = NULL;
	struct record_token *t;
	size_t		     i;

	/* A move is a few bytes: no call to look through them. */
	for (i = 0; i < len && slash == NULL; i++)
		if (v[i] == '/')
			slash = v + i;
	if (slash != NULL) {
		tree_note(rd, slash + 1, len - (size_t)(slash + 1 - v));
		len = (size_t)(slash - v);
	}
	while (len > 0 && isspace((unsigned char)v[len - 1]))
		len--;
	/*
	 * A move here is read in any case (formats/ggf.md), a pass too,
	 * though the codec takes only pass, PA and pa (kept as written);
	 * SGF's B[] is one.
	 */
	if (len == 0 || (len == 4 && strncasecmp(v, "pass", 4) == 0) ||
	    (len == 2 && (v[0] | 0x20) == 'p' && (v[1] | 0x20) == 'a' &&
		!record_turn_is_pass(v, len))) {
		v = "pass";
		len = 4;
	}
	if ((t = add_turn(rd, v, len)) != NULL) {
		t->at = at;
		rd->squares[rd->rec.nturns - 1] = record_square_byte(v, len);
	}
}

/*
 * The cell point (row * TREE_SIDE_MAX + column) given piece by the value
 * of len bytes at v, an AB, AW or AE at at.
 */
static inline void
tree_place(struct record_reader *rd, struct tree *tr, int piece, int point,
    const char *v, size_t len, struct diag_pos at)
{
	uint64_t bit = (uint64_t)1 << (point % 64);

	/* Which of two would stand there?  FF[4] says neither. */
	if (tr->placed[point / 64] & bit)
		diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, at, 1,
		    "AB, AW and AE name a cell twice ([%.*s])", (int)len, v);
	else
		tr->placed_at[tr->nplaced++] = (uint16_t)point;
	tr->points[point] = piece;
	tr->placed[point / 64] |= bit;
	tr->start_run = false;
}

/*
 * An AB, AW or AE value (len bytes at v): one point, or FF[4]'s
 * compressed list of the points of a rectangle, "aa:cc" (two corners,
 * either way round), each given piece; a point no board has is a bad
 * point.
 */
static __attribute__((noinline)) void
tree_rectangle(struct record_reader *rd, struct tree *tr, int piece,
    const char *v, size_t len, struct diag_pos at)
{
	const char *colon;
	int	    a, b, r0, r1, c0, c1, r, c;

	/* A point of two bytes (d5, dc), nearly every value: no rectangle. */
	if (len == 2) {
		if ((a = sgf_point(v, len)) == -1)
			tr->bad_point = true;
		else
			tree_place(rd, tr, piece, a, v, len, at);
		return;
	}
	/* A point is two bytes (d5, dc): a colon there is a bad point. */
	colon = len > 2 ? memchr(v, ':', len) : NULL;
	a = sgf_point(v, colon != NULL ? (size_t)(colon - v) : len);
	b = colon != NULL ?
	    sgf_point(colon + 1, len - (size_t)(colon - v) - 1) :
	    a;
	if (a == -1 || b == -1) {
		tr->bad_point = true;
		return;
	}
	r0 = a / TREE_SIDE_MAX, r1 = b / TREE_SIDE_MAX;
	c0 = a % TREE_SIDE_MAX, c1 = b % TREE_SIDE_MAX;
	for (r = r0 < r1 ? r0 : r1; r <= (r0 < r1 ? r1 : r0); r++)
		for (c = c0 < c1 ? c0 : c1; c <= (c0 < c1 ? c1 : c0); c++)
			tree_place(
			    rd, tr, piece, r * TREE_SIDE_MAX + c, v, len, at);
}

/* One value of a property: at is its '[', vat its first byte. */
struct tree_prop {
	const char     *id; /* upper case, NUL terminated */
	const char     *v;
	size_t		len;
	struct diag_pos at;
	struct diag_pos vat;
};

/*
 * A move, B[] or W[].  Passes are written, so colours alternate from the
 * first move; whether that one is the colour to move waits for the end
 * of the tree (PL and BO may come after it).
 */
static void
prop_move(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	order_at(&tr->order, order_move(&tr->order, p->id[0] == 'W'), p->vat);
	tree_move(rd, p->v, p->len, p->vat);
}

/* RE: kept, and read at the end of the tree, once its board is known. */
static void
prop_re(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	if (!tree_once(rd, &tr->has_re, p->id, p->at))
		return;
	/* Longer than any result: tree_re's bad-re. */
	tr->re_at = p->at;
	tr->re_len = p->len < sizeof tr->re ? p->len : sizeof tr->re;
	memcpy(tr->re, p->v, tr->re_len);
}

/*
 * GGF's KM: the komi, a decimal (KM[-0.500]), kept as the Komi tag,
 * which the referee applies to the winner; RE is read with it.
 */
static void
prop_km(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	char shown[RECORD_SHOWN];

	if (record_decimal_milli(p->v, p->len, &tr->komi) == -1) {
		util_printable(p->v, p->len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, p->at, 1,
		    "KM[%s] is no komi: a decimal like -0.500", shown);
		tr->komi = 0;
		return;
	}
	TREE_TAG(rd, RECORD_TAG_KOMI, "Komi", p->v, p->len, p->at);
}

/* GGF's BO: the board's size, its cells and the colour to move. */
static void
prop_bo(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	int colour, width;

	if (!tree_before_moves(rd, tr, p->id, p->at) ||
	    !tree_once(rd, &tr->sized, p->id, p->at))
		return;
	if ((colour = ggf_board(rd, p->v, p->len, p->at, &width)) != -1) {
		tr->to_move = colour;
		tr->size = width;
	}
}

/* SGF's SZ: the side of the board. */
static void
prop_sz(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	char shown[RECORD_SHOWN];

	if (!tree_once(rd, &tr->sized, p->id, p->at))
		return;
	if ((tr->size = sgf_size(p->v, p->len)) == -1) {
		util_printable(p->v, p->len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, p->at, 1,
		    "SZ[%s] is no board side: a number, as SZ[8]", shown);
		tr->size = 8;
	}
	tr->size_at = p->at;
}

/*
 * SGF's TM (seconds) and XT[TimeControl=...] (the clock as another format
 * said it, which TM cannot hold): one TimeControl tag, XT's text where
 * both are given, in either order (formats/sgf.md).
 */
static void
prop_tm(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	if (tr->tc_xt)
		return;
	TREE_TAG(
	    rd, RECORD_TAG_TIME_CONTROL, "TimeControl", p->v, p->len, p->at);
	if (tr->tm_tag == 0 && !rd->rec.malformed)
		tr->tm_tag = rd->rec.ntags;
}

static void
prop_xt(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	static const char tc[] = "TimeControl=";

	if (rd->format != RECORD_SGF || p->len < sizeof tc - 1 ||
	    memcmp(p->v, tc, sizeof tc - 1) != 0 || tr->tc_xt) {
		tree_xt(rd, p->v, p->len, p->at);
		return;
	}
	tr->tc_xt = true;
	if (tr->tm_tag == 0)
		tree_xt(rd, p->v, p->len, p->at);
	else
		reader_tag_revalue(rd, tr->tm_tag - 1, p->v + sizeof tc - 1,
		    p->len - (sizeof tc - 1));
}

/* The start of a set-up (AB, AW, AE, PL), where it is said to be. */
static void
tree_set_up(struct tree *tr, struct diag_pos at)
{
	if (!tr->setup) {
		tr->setup = true;
		tr->setup_at = at;
	}
}

/* SGF's AB, AW and AE: pieces placed, or cells emptied, before the moves. */
static void
prop_points(
    struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	int piece = p->id[1] == 'E' ? RULES_EMPTY : RULES_PIECE(p->id[1] == 'W');
	int point;

	if (!tree_before_moves(rd, tr, p->id, p->at))
		return;
	tree_set_up(tr, p->at);
	/* A cell's name (e4), nearly every point: no rectangle's reading. */
	if (p->len == 2 && sgf_cell_name(p->v, &point) && point != -1)
		tree_place(rd, tr, piece, point, p->v, p->len, p->at);
	else
		tree_rectangle(rd, tr, piece, p->v, p->len, p->at);
}

/* SGF's PL: the colour to move first. */
static void
prop_pl(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	char shown[RECORD_SHOWN], c;

	if (!tree_before_moves(rd, tr, p->id, p->at) ||
	    !tree_once(rd, &tr->has_pl, p->id, p->at))
		return;
	tree_set_up(tr, p->at);
	/* strchr("BbWw")'s colours by hand, its NUL too. */
	c = p->len == 1 ? p->v[0] : 'x';
	if (c != '\0' && (c | 0x20) != 'b' && (c | 0x20) != 'w') {
		util_printable(p->v, p->len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, p->at, 1,
		    "PL[%s] names no colour: PL[B] or PL[W]", shown);
	}
	tr->to_move = p->len > 0 && (p->v[0] == 'W' || p->v[0] == 'w');
}

/* What a property of the main line says, read into the record. */
typedef void
prop_read(struct record_reader *, struct tree *, const struct tree_prop *);

/* GM and FF, in every root: nothing a referee reads. */
static void
prop_none(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	(void)rd, (void)tr, (void)p;
}

/* A property id of two letters as one number, for a switch. */
#define TREE_ID(a, b) ((a) << 8 | (b))

/*
 * The reading of the property id (two letters, as TREE_ID gives them)
 * in the format (TREE_GGF or TREE_SGF) besides the tags (tree_tags), or
 * NULL: one switch, where a search of a table of them was a twentieth
 * of reading an SGF tree (its root has eight properties).
 */
static prop_read *
tree_prop_read(int id, int format)
{
	switch (id) {
	case TREE_ID('G', 'M'):
	case TREE_ID('F', 'F'): return prop_none;
	case TREE_ID('R', 'E'): return prop_re;
	case TREE_ID('X', 'T'): return prop_xt;
	case TREE_ID('A', 'B'):
	case TREE_ID('A', 'W'):
	case TREE_ID('A', 'E'): return format == TREE_SGF ? prop_points : NULL;
	case TREE_ID('S', 'Z'): return format == TREE_SGF ? prop_sz : NULL;
	case TREE_ID('P', 'L'): return format == TREE_SGF ? prop_pl : NULL;
	case TREE_ID('T', 'M'): return format == TREE_SGF ? prop_tm : NULL;
	case TREE_ID('B', 'O'): return format == TREE_GGF ? prop_bo : NULL;
	case TREE_ID('K', 'M'): return format == TREE_GGF ? prop_km : NULL;
	}
	return NULL;
}

/*
 * Whether the property id (NUL terminated) is want, one or two letters
 * as every id of tree_tags: no strcmp call a property.
 */
static inline bool
id_is(const char *id, const char *want)
{
	return id[0] == want[0] && id[1] == want[1] &&
	    (want[1] == '\0' || id[2] == '\0');
}

/*
 * How the main line reads a property other than a move: its own reading,
 * or the tag it gives, or neither (CA, AP, GN, C, ... say nothing a
 * referee reads).  Found once a property, not once a value.
 */
struct tree_reading {
	prop_read  *read;
	const char *tag;
};

/* The reading of property id (upper case, NUL terminated) in format. */
static struct tree_reading
tree_reading_of(const char *id, int format)
{
	struct tree_reading how = { NULL, NULL };
	size_t		    i;

	if (id[1] != '\0' && id[2] == '\0' &&
	    (how.read = tree_prop_read(TREE_ID(id[0], id[1]), format)) != NULL)
		return how;
	for (i = 0; i < sizeof tree_tags / sizeof tree_tags[0]; i++)
		if (id_is(id, tree_tags[i].id) &&
		    (tree_tags[i].formats & format)) {
			how.tag = tree_tags[i].tag;
			break;
		}
	return how;
}

/* One value of a property other than a move, read as how says. */
static inline void
tree_read_as(struct record_reader *rd, struct tree *tr,
    const struct tree_prop *p, struct tree_reading how)
{
	if (how.read != NULL)
		how.read(rd, tr, p);
	else if (how.tag != NULL)
		reader_tag_text(rd, how.tag, p->v, p->len, p->at);
}

/*
 * One value of a property of the main line, read into the record: a
 * move, a tag, or what the tree says of its board, set-up and result.
 */
static void
tree_apply(struct record_reader *rd, struct tree *tr, const struct tree_prop *p)
{
	/* Moves first, without a call: nearly every property is one. */
	if ((p->id[0] == 'B' || p->id[0] == 'W') && p->id[1] == '\0') {
		prop_move(rd, tr, p);
		return;
	}
	tree_read_as(rd, tr, p, tree_reading_of(p->id, 1 << rd->format));
}

/*
 * Places the AB, AW and AE points on the board of side tr->size, now that
 * SZ is known, into tr->pieces; a point off it is a bad point.
 */
static void
tree_points(struct tree *tr)
{
	int r, c, k, n = tr->size;

	if (tr->setup && n >= 1 && n <= TREE_SIDE_MAX)
		memset(tr->pieces, 0, sizeof *tr->pieces * (size_t)(n * n));
	/* The points placed alone: a tree without AB, AW and AE has none. */
	for (k = 0; k < tr->nplaced; k++) {
		r = tr->placed_at[k] / TREE_SIDE_MAX;
		c = tr->placed_at[k] % TREE_SIDE_MAX;
		if (n < 1 || n > TREE_SIDE_MAX || r >= n || c >= n)
			tr->bad_point = true;
		else
			tr->pieces[r * n + c] =
			    tr->points[r * TREE_SIDE_MAX + c];
	}
}

/*
 * Whether the points placed (AB, AW, AE) are on 8x8 the four discs of
 * tree_start_pieces and no other, so that tree_points would make those
 * pieces (and no bad point): the points placed are each another cell.
 */
static bool
tree_placed_start(const struct tree *tr)
{
	int k, point, piece;

	if (tr->size != 8 || tr->nplaced != 4)
		return false;
	if (tr->start_run)
		return true;
	for (k = 0; k < 4; k++) {
		point = tr->placed_at[k];
		piece = tr->points[point];
		if (point / TREE_SIDE_MAX >= 8 || point % TREE_SIDE_MAX >= 8 ||
		    piece == RULES_EMPTY ||
		    piece != tree_start_pieces[point / TREE_SIDE_MAX * 8 +
			point % TREE_SIDE_MAX])
			return false;
	}
	return true;
}

/*
 * The colours of the moves: the first the colour to move (PL, BO, else
 * Black), then alternating, since passes are written (formats/ggf.md).
 */
static void
tree_colours(struct record_reader *rd, const struct tree *tr)
{
	static const char *colour[] = { "black", "white" };
	struct diag_pos	   at;
	int		   moved;

	if (tr->order.first_colour == -1)
		return;
	if (tr->order.first_colour != tr->to_move) {
		at = tr->order.first_at;
		moved = tr->order.first_colour;
	} else if (tr->order.bad_colour != -1) {
		at = tr->order.bad_colour_at;
		moved = tr->order.bad_colour;
	} else
		return;
	diag_set_at(first_error(rd), DIAG_WRONG_COLOUR, at, 0,
	    "a move by %s, but %s is to move (passes are written, as %s[PA])",
	    colour[moved], colour[!moved], moved ? "B" : "W");
}

/* ---- The grammar (formats/sgf.md, "Syntax") ------------------------- */

/*
 * Where the parse of one game tree stands: the byte in hand (c; -1 at the
 * end of the input, or when memory ran out in a value; -2 on a read
 * error), where it stands and whether white space came before it; how
 * deep in nested trees the parse is; whether a variation closed at this
 * depth (then only another variation or the tree's end may follow:
 * SGF's GameTree is a sequence, then its variations); and the last
 * value's '[' and whether the input ended inside it.
 */
struct tree_parse {
	struct record_reader *rd;
	int		      c;
	struct diag_pos	      at;
	bool		      gap;
	int		      depth;
	bool		      after_variation;
	bool		      open_value;
	struct diag_pos	      pat;
	const char	     *v; /* the last value: in the line, or rd->value */
	size_t		      vlen;
	/*
	 * The last run of tree_squares whose turns' text offsets are not
	 * written yet (run_n turns from run_from, their text every three
	 * bytes from run_text): tree_run_offsets writes them.
	 */
	size_t		      run_from, run_n, run_text;
	struct tree	      tr; /* last: its own last members left unset */
};

/* Reads the next byte of the input, across lines: -1 at the end. */
static int
tree_byte(struct record_reader *rd, bool *newline)
{
	int rc;

	*newline = false;
	while (!rd->have_line || rd->pos >= rd->linelen) {
		if (rd->have_line && rd->pos == rd->linelen) {
			/* The line end, once, as a '\n'. */
			rd->pos++;
			*newline = true;
			return '\n';
		}
		rd->have_line = false;
		if ((rc = reader_line_here(rd)) <= 0)
			return rc == 0 ? -1 : -2;
	}
	return (unsigned char)rd->line_at[rd->pos++];
}

/*
 * The next byte that is no white space, into p->c, with where it is.
 * Every byte of a tree outside its values comes here: the bytes of the
 * line are taken without a call.
 */
static inline void
tree_next(struct tree_parse *p)
{
	struct record_reader *rd = p->rd;
	bool		      nl;

	p->gap = false;
	for (;;) {
		if (rd->have_line && rd->pos < rd->linelen)
			p->c = (unsigned char)rd->line_at[rd->pos++];
		else if ((p->c = tree_byte(rd, &nl)) < 0)
			break;
		if (!is_space((char)p->c))
			break;
		p->gap = true;
	}
	p->at = reader_pos(rd, rd->pos - 1);
}

/* A letter of a property's name: ASCII, as the C locale the tools keep. */
static inline bool
tree_letter(int c)
{
	return (unsigned)((c | 0x20) - 'a') < 26;
}

/* Nothing but variations may follow a variation in its game tree. */
static void
tree_after_variation(struct tree_parse *p)
{
	if (p->after_variation)
		diag_set_at(first_error(p->rd), DIAG_BAD_PROPERTY, p->at, 1,
		    "'%c' after a variation: the variations of a game "
		    "tree come after its nodes",
		    isprint(p->c) ? p->c : '?');
}

/*
 * Where the first ']' or '\\' of the len bytes at s is, or len: eight
 * bytes at a time (a GGF's BO is 75 bytes), each of them found zero
 * after an exclusive or with it.  Little-endian, the lowest byte first,
 * so that the lowest bit set is the first such byte (a borrow runs only
 * up from a zero byte); a byte at a time elsewhere.
 */
static inline size_t
value_stop(const char *s, size_t len)
{
	size_t n = 0;

#if UTIL_V16
	/* Sixteen bytes at a time first (BO's 75): a lane all ones, a hit. */
	util_v16u8 v, hits;
	uint64_t   q[2];

	for (; len - n >= 16; n += 16) {
		memcpy(&v, s + n, sizeof v);
		hits = (util_v16u8)(v == ']') | (util_v16u8)(v == '\\');
		memcpy(q, &hits, sizeof q);
		if ((q[0] | q[1]) != 0)
			return n +
			    (q[0] != 0 ? (size_t)__builtin_ctzll(q[0]) / 8 :
					 8 + (size_t)__builtin_ctzll(q[1]) / 8);
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101, highs = ones << 7;
	uint64_t       w, a, b, hit;

	for (; len - n >= 8; n += 8) {
		memcpy(&w, s + n, sizeof w);
		a = w ^ (ones * ']');
		b = w ^ (ones * '\\');
		hit = ((a - ones) & ~a) | ((b - ones) & ~b);
		if ((hit &= highs) != 0)
			return n + (size_t)__builtin_ctzll(hit) / 8;
	}
#endif
	for (; n < len && s[n] != ']' && s[n] != '\\'; n++)
		continue;
	return n;
}

/*
 * PropValue: '[' (in hand) then any bytes up to a ']' not escaped by a
 * '\', into rd->value: a line end as '\n', an escaped one dropped.  False
 * when the input ends first (or memory runs out), p->c then saying why.
 */
static bool
tree_value(struct tree_parse *p)
{
	struct record_reader *rd = p->rd;
	const char	     *start;
	size_t		      n;
	bool		      nl, esc = false, over = false;
	int		      c;

	p->pat = p->at;
	/*
	 * Nearly every value closes on its line, unescaped (B[f5]): taken
	 * where it stands, uncopied.  The line stays put until the next
	 * byte is asked for, after the value is read.
	 */
	if (rd->have_line) {
		start = rd->line_at + rd->pos;
		n = value_stop(start, rd->linelen - rd->pos);
		if (rd->pos + n < rd->linelen && start[n] == ']' &&
		    n <= rd->max_size) {
			rd->pos += n + 1;
			p->v = start;
			p->vlen = n;
			return true;
		}
	}
	/* Empty until its bytes come: BO[] is no stale board. */
	rd->value.len = 0;
	if (rd->value.s != NULL)
		rd->value.s[0] = '\0';
	p->open_value = true;
	while ((c = tree_byte(rd, &nl)) >= 0) {
		if (esc || c == '\\') {
			esc = !esc;
			if (esc || nl)
				continue;
		} else if (c == ']') {
			p->open_value = false;
			p->v = rd->value.s != NULL ? rd->value.s : "";
			p->vlen = rd->value.len;
			return true;
		}
		/* The bytes up to the next ] or \ of the line at once. */
		start = nl ? "\n" : rd->line_at + rd->pos - 1;
		for (n = 1; !nl && rd->pos < rd->linelen &&
		     rd->line_at[rd->pos] != ']' &&
		     rd->line_at[rd->pos] != '\\';
		     n++)
			rd->pos++;
		/* Past the most a record may take: read on, keep nothing. */
		if (!over && n > rd->max_size - rd->value.len) {
			reader_too_large(rd);
			over = true;
		}
		if (!over && buf_add(&rd->value, start, n) == -1) {
			reader_oom(rd);
			c = -1;
			break;
		}
	}
	p->c = c;
	return false;
}

/* A byte of a plain move: an ASCII letter or digit. */
static inline bool
move_byte(char c)
{
	/* clang-format off */
	static const bool alnum[256] = {
		['0'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
		['A'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
			1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
		['a'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
			1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	};
	/* clang-format on */

	return alnum[(unsigned char)c];
}

/*
 * The length of a move's value as nearly every one is written, f5 in
 * B[f5]: letters and digits that are no pass, closed by ']' (v[n]) within
 * the room bytes of the line at v; 0 for any other value (a pass, a note
 * after a '/', white space, an escape, a line end), left to tree_value
 * and prop_move, which read these as this does.
 */
static inline size_t
plain_move_len(const char *v, size_t room)
{
	size_t	      n;
	unsigned char l;

	/* A square (f5), nearly every move: its two bytes at once. */
	if (room > 2 && v[2] == ']' && move_byte(v[0]) && move_byte(v[1]) &&
	    (v[0] | 0x20) != 'p')
		return 2;
	for (n = 0; n < room && n < 8 && v[n] != ']'; n++) {
		l = (unsigned char)v[n] | 0x20;
		if (!is_digit(v[n]) && (l < 'a' || l > 'z'))
			return 0;
	}
	if (n == 0 || n >= room || v[n] != ']' ||
	    ((v[0] | 0x20) == 'p' && (n == 2 || n == 4)))
		return 0;
	return n;
}

/*
 * The move of colour whose plain value (n bytes, plain_move_len's) is at
 * column col of the line: prop_move's reading of it, without the copy of
 * the property.
 */
static inline __attribute__((always_inline)) void
tree_plain_move(struct record_reader *rd, struct tree_order *o, int colour,
    size_t col, size_t n)
{
	struct record_token *t;
	int		     kind;

	if ((kind = order_move(o, colour)) != ORDER_AS_DUE)
		order_at(o, kind, reader_pos(rd, col));
	if ((t = add_turn(rd, rd->line_at + col, n)) != NULL) {
		t->at = reader_pos(rd, col);
		rd->squares[rd->rec.nturns - 1] = record_square_byte(
		    rd->line_at + col, n);
	}
}

/*
 * The values of the property id (upper case, idlen letters), the first
 * '[' in hand; each value of the main line read into the record.  p->c
 * is left at the byte after them.
 */
static void
tree_values(struct tree_parse *p, const char *id, size_t idlen)
{
	struct record_reader *rd = p->rd;
	struct tree_prop      prop;
	size_t		      n;
	int move = idlen == 1 && (id[0] == 'B' || id[0] == 'W');

	while (p->c == '[') {
		if (move && !p->tr.main_done && rd->have_line &&
		    rd->pos < rd->linelen &&
		    (n = plain_move_len(
			 rd->line_at + rd->pos, rd->linelen - rd->pos)) != 0 &&
		    n <= rd->max_size) {
			tree_plain_move(
			    rd, &p->tr.order, id[0] == 'W', rd->pos, n);
			rd->pos += n + 1;
			tree_next(p);
			continue;
		}
		prop.id = id;
		prop.at = p->at;
		/* Where the value starts: a move's alone says it (prop_move). */
		prop.vat = move ? reader_pos(rd, rd->pos) : p->at;
		if (!tree_value(p))
			return;
		/* The main line only: the first variation. */
		if (!p->tr.main_done) {
			prop.v = p->v;
			prop.len = p->vlen;
			tree_apply(rd, &p->tr, &prop);
		}
		tree_next(p);
	}
}

/*
 * Property: PropIdent (letters, read in upper case) then PropValue, one
 * or more; each value of the main line is read into the record.  p->c
 * is its first letter, or a '[' with no name before it; p->c is left at
 * the byte after it.
 */
static void
tree_property(struct tree_parse *p)
{
	struct record_reader *rd = p->rd;
	/* Zeroed past the name: tree_apply reads two letters at once. */
	char		      id[8] = { 0 };
	const char	     *s;
	size_t		      idlen = 0, room;
	struct diag_pos	      nat = p->at;

	tree_after_variation(p);
	if (p->c == '[')
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, p->at, 1,
		    "a value with no property name before it");
	/*
	 * Nearly every name is a few letters and its '[' on the line in
	 * hand, nothing between: read there, as the loop below would.
	 */
	if (tree_letter(p->c) && rd->have_line && rd->pos > 0 &&
	    rd->pos <= rd->linelen) {
		s = rd->line_at + rd->pos - 1;
		room = rd->linelen - (rd->pos - 1);
		for (idlen = 0; idlen < room && idlen < sizeof id - 1 &&
		     tree_letter((unsigned char)s[idlen]);
		     idlen++)
			id[idlen] = (char)(s[idlen] & ~0x20);
		if (idlen < room && s[idlen] == '[') {
			id[idlen] = '\0';
			rd->pos += idlen;
			p->c = '[';
			p->gap = false;
			p->at = reader_pos(rd, rd->pos - 1);
			tree_values(p, id, idlen);
			return;
		}
		idlen = 0;
	}
	for (; tree_letter(p->c) && (idlen == 0 || !p->gap); tree_next(p))
		if (idlen < sizeof id - 1)
			id[idlen++] = (char)(p->c & ~0x20);
		else
			diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, p->at,
			    1, "a property name is a few letters");
	id[idlen] = '\0';
	if (p->c >= 0 && p->c != '[') {
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, nat, idlen,
		    "the property %s has no value (%s[...])", id, id);
		return;
	}
	tree_values(p, id, idlen);
}

/*
 * Where tree_squares writes the moves of a line: the turns, squares and
 * text (their text offsets tree_run_offsets'), and how many more of them
 * each has room for, so that a move of two bytes takes no call and no
 * check of a capacity of its own.  room is 0 where a move would need more (memory,
 * or a limit on the record's size: tree_plain_move's way, one by one).
 */
struct tree_room {
	struct record_token *turns;
	size_t		    *turn_off;
	uint8_t		    *squares;
	char		    *text;
	size_t		     nturns, textlen, room;
};

static inline void
room_take(const struct record_reader *rd, struct tree_room *r)
{
	size_t n = rd->rec.nturns, room = 0;

	r->turns = rd->rec.turns;
	r->turn_off = rd->turn_off;
	r->squares = rd->squares;
	r->text = rd->text;
	r->nturns = n;
	r->textlen = rd->textlen;
	/* Each move: a turn, its offset, its square and 3 bytes ("f5"). */
	if (rd->max_size >= 2 && n < rd->turncap && n < rd->turnoffcap) {
		room = rd->turncap < rd->turnoffcap ? rd->turncap - n :
						      rd->turnoffcap - n;
		/* A fourth byte stored with them, for one store. */
		if (rd->textcap <= rd->textlen)
			room = 0;
		else if ((rd->textcap - rd->textlen - 1) / 3 < room)
			room = (rd->textcap - rd->textlen - 1) / 3;
	}
	r->room = room;
}

/*
 * One move of tree_squares' loop, its first eight bytes w as the format
 * writes them (semi: 1 SGF's ;B[f5], 0 GGF's B[f5]), want their bytes as
 * the move due must be: whether it is a square of 8x8 or a pass as the
 * codec writes it (PA, pa), with its square (record_square_byte's) in
 * *square and its two bytes in *two.
 */
static inline __attribute__((always_inline)) bool
square_move(uint64_t w, uint64_t want, const unsigned semi, uint8_t *square,
    uint32_t *two)
{
	const unsigned sh = 8 * semi;
	const uint64_t mask = (uint64_t)0xff0000ffff << sh | semi * 0xff;
	uint32_t       pair, d;

	if ((w & mask) != want)
		return false;
	pair = (uint32_t)(w >> (16 + sh)) & 0xffff;
	/*
	 * The file (either case) less 'a' in the low byte, the rank less
	 * '1' in the high one: a byte below its floor borrows, and sets
	 * the high bits, so that both are below 8 only for a1 to h8.
	 */
	d = (pair | 0x20) - ('a' | '1' << 8);
	if ((d & 0xf8f8) != 0) {
		/* A pass as the codec writes it (PA, pa) is kept as written. */
		if (pair != ('P' | 'A' << 8) && pair != ('p' | 'a' << 8))
			return false;
		d = RECORD_SQUARE_NONE;
	}
	/* The file's high four bits are zero: the rank's low four go there. */
	*square = (uint8_t)(d | d >> 4);
	*two = pair;
	return true;
}

/*
 * A token's column and offset, which step alike from move to move: two
 * lanes on any machine, stored at once where struct diag_pos has them
 * side by side and as wide (TREE_COL_OFF_AT_ONCE), else one by one.
 */
typedef unsigned long long tree_col_off
    __attribute__((vector_size(2 * sizeof(unsigned long long))));
#define TREE_COL_OFF_AT_ONCE                                          \
	(sizeof(unsigned long) == sizeof(unsigned long long) &&       \
	    offsetof(struct diag_pos, offset) ==                      \
		offsetof(struct diag_pos, col) + sizeof(unsigned long))

/*
 * A turn of tree_squares' loop written: its token at t (its text at
 * offset tl of text, its line, its column and offset *co), its square
 * and its text ("f5" and its NUL; the fourth byte of two is in the room,
 * unused).  The text's offset is tree_run_offsets' to write, once a run.
 */
static inline __attribute__((always_inline)) void
square_turn(struct record_token *t, uint8_t *squares, char *text, size_t tl,
    unsigned long line, const tree_col_off *co, uint8_t square, uint32_t two)
{
	t->text = text + tl;
	t->len = 2;
	t->at.line = line;
	if (TREE_COL_OFF_AT_ONCE)
		memcpy((char *)&t->at + offsetof(struct diag_pos, col), co,
		    sizeof *co);
	else {
		t->at.col = (unsigned long)(*co)[0];
		t->at.offset = (*co)[1];
	}
	*squares = square;
	memcpy(text + tl, &two, sizeof two);
}

#if UTIL_V16
/*
 * Two tokens of tree_squares' loop, 80 bytes, as five vectors of two
 * words that each step alike from pair to pair: where struct
 * record_token is five words (text, len, line, col, offset: the
 * platforms GCC and clang target), a pair is five stores
 * (TREE_PAIR_AT_ONCE), else none are written so.
 */
typedef unsigned long long tree_pair_v __attribute__((vector_size(16)));
#define TREE_PAIR_AT_ONCE                                              \
	(sizeof(struct record_token) == 5 * sizeof(tree_pair_v) / 2 && \
	    sizeof(char *) == sizeof(unsigned long long) &&            \
	    sizeof(size_t) == sizeof(unsigned long long) &&            \
	    offsetof(struct record_token, len) == sizeof(char *) &&    \
	    offsetof(struct record_token, at) == 2 * sizeof(char *) && \
	    TREE_COL_OFF_AT_ONCE && offsetof(struct diag_pos, col) == 8)

/*
 * The sixteen bytes of two moves as each format writes them, from the
 * byte before GGF's (semi 0: xB[f5]W[d6]) and from SGF's first (semi 1:
 * ;B[f5];W[d6]), so that in both the squares' files are bytes 3 and
 * 3 + stride, neither the last of its eight; the first move Black's or
 * White's: each byte's floor, those of the files (either case, ORed with
 * pair_fold's 0x20) and ranks 'a' and '1', the others the byte due; and
 * pair_high, the bits that must be clear once the floor is taken away,
 * byte by byte (0xf8 for a file or rank below 8, 0xff for a byte due):
 * a byte below its floor wraps round, and sets them.  Bytes before and
 * past the pair are not looked at.
 */
static const util_v16u8 pair_fold[2] = {
	{ 0, 0, 0, 0x20, 0, 0, 0, 0, 0x20 },
	{ 0, 0, 0, 0x20, 0, 0, 0, 0, 0, 0x20 },
};
static const util_v16u8 pair_high[2] = {
	{ 0, 0xff, 0xff, 0xf8, 0xf8, 0xff, 0xff, 0xff, 0xf8, 0xf8, 0xff },
	{ 0xff, 0xff, 0xff, 0xf8, 0xf8, 0xff, 0xff, 0xff, 0xff, 0xf8, 0xf8,
	    0xff },
};
static const util_v16u8 pair_floor[2][2] = {
	{ { 0, 'B', '[', 'a', '1', ']', 'W', '[', 'a', '1', ']' },
	    { 0, 'W', '[', 'a', '1', ']', 'B', '[', 'a', '1', ']' } },
	{ { ';', 'B', '[', 'a', '1', ']', ';', 'W', '[', 'a', '1', ']' },
	    { ';', 'W', '[', 'a', '1', ']', ';', 'B', '[', 'a', '1', ']' } },
};
/*
 * The five vectors of pair_put's words for the pair whose first text is
 * at text (the second's three bytes on), on line lineno, the first
 * square's column and offset *co (the second's stride bytes on).
 */
static inline __attribute__((always_inline)) void
pair_words(tree_pair_v v[5], const char *text, unsigned long lineno,
    const tree_col_off *co, const unsigned stride)
{
	v[0] = (tree_pair_v){ (uintptr_t)text, 2 };
	v[1] = (tree_pair_v){ lineno, (*co)[0] };
	v[2] = (tree_pair_v){ (*co)[1], (uintptr_t)(text + 3) };
	v[3] = (tree_pair_v){ 2, lineno };
	v[4] = (tree_pair_v){ (*co)[0] + stride, (*co)[1] + stride };
}

/*
 * A pair of square_moves checked (y: its sixteen bytes less their floors,
 * the first file at byte 3), its first square's text at m: the two
 * squares (each file ORed with the rank after it, four bits up, in its
 * byte), their text ("f5" and its NUL, each with a fourth byte in the
 * room) at text, and their tokens at t, the five vectors v of their
 * words, which then step by st.
 */
static inline __attribute__((always_inline)) void
pair_put(const util_v16u8 *y, const char *m, const unsigned stride,
    uint8_t *restrict squares, char *restrict text,
    struct record_token *restrict t, tree_pair_v v[5], const tree_pair_v st[5])
{
	util_v16u8 u = *y | (util_v16u8)((tree_pair_v)*y >> 4);
	uint64_t   q[2];
	uint16_t   ta, tb;
	uint32_t   wa, wb;
	unsigned   k;

	memcpy(q, &u, sizeof q);
	squares[0] = (uint8_t)(q[0] >> 24);
	squares[1] = (uint8_t)(q[1] >> 8 * (3 + stride - 8));
	memcpy(&ta, m, sizeof ta);
	memcpy(&tb, m + stride, sizeof tb);
	wa = ta;
	wb = tb;
	memcpy(text, &wa, sizeof wa);
	memcpy(text + 3, &wb, sizeof wb);
#pragma GCC unroll 5
	for (k = 0; k < 5; k++)
		memcpy((char *)t + 16 * k, &v[k], sizeof v[k]);
	/* The fourth, the second's length and the line, stays. */
	v[0] += st[0];
	v[1] += st[1];
	v[2] += st[2];
	v[4] += st[4];
}

/*
 * The sixteen bytes at each of p, p + 2 stride, p + 4 stride and p + 6
 * stride (four pairs of square_moves, from the byte before GGF's first
 * and SGF's ';') into b, less their floors into y (pair_floor's, the
 * files ORed with fold): whether all eight moves are as high says they
 * must be (squares of 8x8 of the colours due).
 */
static inline __attribute__((always_inline)) bool
four_pairs(const char *p, const unsigned stride, const util_v16u8 *fold,
    const util_v16u8 *floor, const util_v16u8 *high, util_v16u8 b[4],
    util_v16u8 y[4])
{
	util_v16u8 x;
	uint64_t   z[2];
	unsigned   k;

#pragma GCC unroll 4
	for (k = 0; k < 4; k++) {
		memcpy(&b[k], p + k * 2 * stride, sizeof b[k]);
		y[k] = (b[k] | *fold) - *floor;
	}
	x = (y[0] | y[1] | y[2] | y[3]) & *high;
	memcpy(z, &x, sizeof z);
	return (z[0] | z[1]) == 0;
}
#endif

#if TREE_EIGHT
/*
 * Four pairs of square_moves checked (b: their sixteen bytes each as read,
 * the first file at byte 3, the second at 3 + stride): their texts, each
 * "f5" and its NUL, in a row at text (24 bytes: "f5\0d6\0...", no byte
 * past them written), and their squares at sq (each file less 'a' ORed
 * with its rank less '1', four bits up: the rank's byte shifted into the
 * file's within a word, as pair_put's).
 */
static inline __attribute__((always_inline)) void
eight_put(const util_v16u8 b[4], const unsigned semi, char *text, uint8_t *sq)
{
	static const util_v16u8 keep = { 0xff, 0xff, 0, 0xff, 0xff, 0, 0xff,
		0xff, 0, 0xff, 0xff, 0 };
	static const util_v16u8 fold = { 0x20, 0, 0, 0x20, 0, 0, 0x20, 0, 0,
		0x20, 0, 0 };
	static const util_v16u8 low = { 'a', '1', 0, 'a', '1', 0, 'a', '1', 0,
		'a', '1', 0 };
	util_v16u8		lo, hi, x;
	uint64_t		q[2];

	/* Four moves' texts each, "f5?d6?c4?d3?", the ? then NULs. */
	if (semi) {
		lo = __builtin_shufflevector(b[0], b[1], 3, 4, 0, 9, 10, 0, 19,
		    20, 0, 25, 26, 0, 0, 0, 0, 0);
		hi = __builtin_shufflevector(b[2], b[3], 3, 4, 0, 9, 10, 0, 19,
		    20, 0, 25, 26, 0, 0, 0, 0, 0);
	} else {
		lo = __builtin_shufflevector(b[0], b[1], 3, 4, 0, 8, 9, 0, 19,
		    20, 0, 24, 25, 0, 0, 0, 0, 0);
		hi = __builtin_shufflevector(b[2], b[3], 3, 4, 0, 8, 9, 0, 19,
		    20, 0, 24, 25, 0, 0, 0, 0, 0);
	}
	lo &= keep;
	hi &= keep;
	x = __builtin_shufflevector(
	    lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19);
	memcpy(text, &x, sizeof x);
	x = __builtin_shufflevector(
	    hi, hi, 4, 5, 6, 7, 8, 9, 10, 11, 0, 0, 0, 0, 0, 0, 0, 0);
	memcpy(q, &x, sizeof q);
	memcpy(text + 16, &q[0], sizeof q[0]);
	/* The squares: a file's byte ORed with the rank's, shifted down. */
	lo = (lo | fold) - low;
	hi = (hi | fold) - low;
	lo |= (util_v16u8)((tree_pair_v)lo >> 4);
	hi |= (util_v16u8)((tree_pair_v)hi >> 4);
	x = __builtin_shufflevector(
	    lo, hi, 0, 3, 6, 9, 16, 19, 22, 25, 0, 0, 0, 0, 0, 0, 0, 0);
	memcpy(q, &x, sizeof q);
	memcpy(sq, &q[0], sizeof q[0]);
}
#endif

/*
 * tree_squares' loop, the format's way of writing a move its constant
 * (semi: 1 SGF's ;B[f5], 0 GGF's B[f5]), so that its masks and strides
 * take no register.  want: a move's bytes as the next must be.  Eight
 * moves at a time where all are squares of 8x8 (a1 to h8, either case),
 * checked at once as four pairs of sixteen bytes, their texts and
 * squares gathered from those bytes (eight_put) and their tokens ten
 * stores of four words (run-tokens.h, as the line readers'); then two
 * at a time, checked in sixteen bytes, the squares from the bytes so
 * checked, and their tokens five stores (pair_put); anything else (a
 * pass, the line's last moves) one by one by square_move.  Each
 * turn's text pointed at as it is written (rd->turns_at), its offset kept
 * should the text move before the record ends.
 */
static inline __attribute__((always_inline)) size_t
square_moves(const char *s, size_t i, size_t len, uint64_t want,
    struct tree_room *r, unsigned long lineno, size_t col0,
    unsigned long long off0, const unsigned semi)
{
	const unsigned	     sh = 8 * semi, stride = 5 + semi;
	const uint64_t	     flip = (uint64_t)('B' ^ 'W') << sh;
	const tree_col_off   step = { stride, stride };
	struct record_token *t0 = r->turns + r->nturns, *restrict t = t0;
	uint8_t *restrict squares = r->squares + r->nturns;
	char *restrict text = r->text;
	size_t tl = r->textlen, k;
	/* The square's column and offset, from its index i. */
	tree_col_off co = { col0 + 2 + semi + i, off0 + 2 + semi + i };
	uint64_t     w;
	uint32_t	   two;
	uint8_t		   square;
	/*
	 * Moves whose eight bytes the line holds start below whole; those
	 * that r has room for, below stop; the line's last one apart.
	 */
	size_t whole = len >= 8 ? len - 7 : 0;
	size_t stop = r->room < (len - i) / stride + 1 ? i + r->room * stride :
							 len;

	if (stop > whole)
		stop = whole;
	for (;;) {
#if UTIL_V16
		/* Pairs whose sixteen bytes the line holds, below whole - 8. */
		if (TREE_PAIR_AT_ONCE && i + stride < stop && i >= 1 - semi &&
		    i - (1 - semi) + 16 <= len) {
			const unsigned long long d2 = 2 * stride;
			/* The files' bytes in the text, and in the sixteen. */
			const unsigned f = 2 + semi, o = 1 - semi;
			const util_v16u8
			    fold = pair_fold[semi],
			    high = pair_high[semi],
			    floor =
				pair_floor[semi][(want >> sh & 0xff) == 'W'];
			const tree_pair_v st[5] = { { 6, 0 }, { 0, d2 },
				{ d2, 6 }, { 0, 0 }, { d2, d2 } };
			size_t	    end = len + o - 16 < stop - stride ?
				 len + o - 16 + 1 :
				 stop - stride;
			util_v16u8	  b[4], y[4], x;
			uint64_t    z[2];
			tree_pair_v	  v[5];
#if TREE_EIGHT
			/* Set by run_tokens_from (GCC cannot tell). */
			struct run_tokens rt = { 0 };
#endif

#if TREE_EIGHT
			/* Eight moves, four pairs, checked at once. */
			if (i + 6 * stride < end)
				run_tokens_from(&rt, text + tl, 3,
				    (struct diag_pos){ lineno, co[0], co[1] },
				    stride);
#else
			pair_words(v, text + tl, lineno, &co, stride);
#endif
			for (; i + 6 * stride < end; i += 8 * stride) {
				if (!four_pairs(s + i - o, stride, &fold,
					&floor, &high, b, y))
					break;
#if TREE_EIGHT
				eight_put(b, semi, text + tl, squares);
				run_tokens_put_by(&rt, t, 3, stride);
#else
#pragma GCC unroll 4
				for (k = 0; k < 4; k++)
					pair_put(&y[k],
					    s + i + k * 2 * stride + f, stride,
					    squares + 2 * k, text + tl + 6 * k,
					    t + 2 * k, v, st);
#endif
				t += 8;
				squares += 8;
				tl += 24;
			}
#if TREE_EIGHT
			co = (tree_col_off){ col0 + 2 + semi + i,
				off0 + 2 + semi + i };
			pair_words(v, text + tl, lineno, &co, stride);
#endif
			/* Then a pair at a time. */
			for (; i < end; i += 2 * stride) {
				memcpy(&y[0], s + i - o, sizeof y[0]);
				y[0] = (y[0] | fold) - floor;
				x = y[0] & high;
				memcpy(z, &x, sizeof z);
				if ((z[0] | z[1]) != 0)
					break;
				pair_put(&y[0], s + i + f, stride, squares,
				    text + tl, t, v, st);
				t += 2;
				squares += 2;
				tl += 6;
			}
			co = (tree_col_off){ col0 + 2 + semi + i,
				off0 + 2 + semi + i };
		}
#endif
		/* One move: a pass, or the moves past the pairs. */
		if (i >= stop)
			break;
		memcpy(&w, s + i, sizeof w);
		if (!square_move(w, want, semi, &square, &two))
			goto out;
		square_turn(t++, squares++, text, tl, lineno, &co, square, two);
		tl += 3;
		co += step;
		want ^= flip;
		i += stride;
	}
	/* The line's last move (B[h1];), its bytes at the low end. */
	if (i >= whole && len - i >= stride && (size_t)(t - t0) < r->room) {
		if (len >= 8) {
			memcpy(&w, s + len - 8, sizeof w);
			w >>= 8 * (8 - (len - i));
		} else
			for (w = 0, k = len - i; k-- > 0;)
				w = w << 8 | (unsigned char)s[i + k];
		if (square_move(w, want, semi, &square, &two)) {
			square_turn(
			    t++, squares, text, tl, lineno, &co, square, two);
			tl += 3;
			i += stride;
		}
	}
out:
	k = (size_t)(t - t0);
	r->nturns += k;
	r->textlen = tl;
	r->room -= k;
	return i;
}

/*
 * The moves of the line s (len bytes) from i that are a square of 8x8
 * (a1 to h8, either case) or a pass as the codec writes it (PA, pa),
 * written SGF's way (;B[f5]) or GGF's (B[f5]) as the first is, each of
 * colour due (0 or 1) by turns: written into r as tree_plain_move and
 * prop_move would write them, col0 and off0 making a column and an
 * offset of a byte's index (reader_pos); as many as r has room for.
 * Returns where they stop, at a byte after a ']', or i: the rest is
 * tree_run's.  Apart from tree_run, so that the pointers it writes
 * through stay in registers.
 */
RUN_CLONES static __attribute__((noinline)) size_t
tree_squares(const char *s, size_t i, size_t len, int due, struct tree_room *r,
    unsigned long lineno, size_t col0, unsigned long long off0)
{
	uint64_t c = due == 1 ? 'W' : 'B';

	/* No arrays yet (none grown): the parsers', which grow them. */
	if (r->turns == NULL || r->turn_off == NULL || r->squares == NULL ||
	    r->text == NULL)
		return i;
	if (s[i] == ';')
		return square_moves(s, i, len,
		    (uint64_t)']' << 40 | (uint64_t)'[' << 16 | c << 8 | ';', r,
		    lineno, col0, off0, 1);
	return square_moves(s, i, len, (uint64_t)']' << 32 | '[' << 8 | c, r,
	    lineno, col0, off0, 0);
}

/*
 * The text offsets (rd->turn_off) of the turns of tree_squares' last run,
 * which reader_finish reads should the text have moved since (or where
 * turns before them point at nothing yet): written once a run, and only
 * where they may be read, not a store a move.  Their room was taken with
 * the turns' (room_take).
 */
static void
tree_run_offsets(struct tree_parse *p)
{
	size_t *off = p->rd->turn_off + p->run_from, k;

	for (k = 0; k < p->run_n; k++)
		off[k] = p->run_text + 3 * k;
	p->run_n = 0;
}

/*
 * The main line's nodes as nearly every tree writes them, on one line
 * with nothing between: ;B[f5]W[d6] (SGF) or B[f5]W[d6] (GGF), the byte
 * in hand (p->c, at rd->pos - 1) the first.  Read as tree_node and
 * tree_property would, a byte at a time in the line, up to the first byte
 * that is something else, which is then in hand as tree_next leaves it
 * (white space skipped, the line left), the rest of the last move's
 * values read if it is a '['.  Squares and passes of two bytes in turn
 * (nearly every move) are tree_squares' to write, until one is out of
 * turn.
 * Returns false, nothing read, when the first byte is none of these.
 */
static bool
tree_run(struct tree_parse *p)
{
	static const char     ids[2][2] = { "B", "W" };
	struct record_reader *rd = p->rd;
	const char	     *s = rd->line_at;
	size_t		      len = rd->linelen, i, j, start, n;
	int		      colour = -1; /* of the last move, -1: a ';' */
	int		      due;
	char		      c;
	/*
	 * A copy the compiler keeps in registers (text stores alias all):
	 * its counts, and the places only once set, copied back then.
	 */
	struct tree_order o = { p->tr.order.first_colour, p->tr.order.nmoves,
		p->tr.order.bad_colour, { 0, 0, 0 }, { 0, 0, 0 } };
	struct tree_room  r;

	if (p->after_variation || p->tr.main_done || !rd->have_line ||
	    rd->pos == 0 || rd->pos > len || s[rd->pos - 1] != p->c)
		return false;
	for (i = start = rd->pos - 1; i < len;) {
		/*
		 * The colour due, or the first move's (';' before it or
		 * not); none where no move starts (GGF's ";)").
		 */
		c = s[i + (s[i] == ';' && i + 1 < len)];
		if ((c == 'B' || c == 'W') && o.bad_colour == -1) {
			due = o.first_colour != -1 ?
			    o.first_colour ^ (int)(o.nmoves & 1) :
			    c == 'W';
			room_take(rd, &r);
			j = tree_squares(s, i, len, due, &r, rd->lineno,
			    1 - rd->line_start, rd->line_offset);
			if (j != i) {
				/* As order_move would say of each. */
				if (o.first_colour == -1) {
					o.first_colour = due;
					/*
					 * Its square's place, not the
					 * token's, whose vector stores a
					 * narrower load would wait on.
					 */
					o.first_at = reader_pos(
					    rd, i + 2 + (s[i] == ';'));
				}
				o.nmoves += r.nturns - rd->rec.nturns;
				if (r.nturns != rd->rec.nturns)
					rd->has_movetext = true;
				/* Their text pointed at, as before. */
				if (rd->turns_at == rd->rec.nturns)
					rd->turns_at = r.nturns;
				/* Its offsets written later, the last's now. */
				tree_run_offsets(p);
				p->run_from = rd->rec.nturns;
				p->run_n = r.nturns - rd->rec.nturns;
				p->run_text = rd->textlen;
				rd->rec.nturns = r.nturns;
				rd->textlen = r.textlen;
				colour = s[j - 5] == 'W';
				if ((i = j) >= len)
					break;
			}
		}
		if (s[i] == ';') {
			colour = -1;
			i++;
			continue;
		}
		if ((s[i] != 'B' && s[i] != 'W') || i + 1 >= len ||
		    s[i + 1] != '[' ||
		    (n = plain_move_len(s + i + 2, len - i - 2)) == 0 ||
		    n > rd->max_size)
			break;
		colour = s[i] == 'W';
		tree_plain_move(rd, &o, colour, i + 2, n);
		i += n + 3;
	}
	if (i == start)
		return false;
	if (p->tr.order.first_colour == -1 && o.first_colour != -1)
		p->tr.order.first_at = o.first_at;
	if (p->tr.order.bad_colour == -1 && o.bad_colour != -1)
		p->tr.order.bad_colour_at = o.bad_colour_at;
	p->tr.order.first_colour = o.first_colour;
	p->tr.order.nmoves = o.nmoves;
	p->tr.order.bad_colour = o.bad_colour;
	rd->pos = i;
	tree_next(p);
	/* More values of the last move (B[f5][d6], B[f5]\n[d6]). */
	if (p->c == '[' && colour != -1)
		tree_values(p, ids[colour], 1);
	return true;
}

/*
 * Runs of properties that nearly every root writes alike, byte for byte
 * (gamecheck --write's, the archives'): in SGF the game, format and
 * board, GM[2]FF[4]SZ[8], and the start, AB[e4][d5]AW[d4][e5]PL[B]; in
 * GGF the game, GM[Othello], and the start, BO[8 ... *].  Each read at
 * once as tree_props would read its properties one by one (GM and FF say
 * nothing; SZ[8] sizes the board; the four discs placed in that order,
 * Black to move; BO the start of 8x8, Black to move), where each would be
 * read so: the board not sized yet, nothing placed, no PL and no move
 * before, and values within max_size.  Returns the bytes read, the line's
 * at s + i, the index of the last property's name (two letters) in
 * *last, or 0, nothing read.
 */
static size_t
tree_root_run(
    struct tree_parse *p, const char *s, size_t i, size_t len, size_t *last)
{
	static const char sgf_head[] = "GM[2]FF[4]SZ[8]";
	static const char sgf_start[] = "AB[e4][d5]AW[d4][e5]PL[B]";
	static const char ggf_head[] = "GM[Othello]";
	static const char ggf_start[] = "BO[8 -------- -------- -------- "
					"---O*--- ---*O--- -------- -------- "
					"-------- *]";
	/* e4, d5 (black), d4, e5 (white): row * TREE_SIDE_MAX + column. */
	static const uint16_t at[4] = { 3 * TREE_SIDE_MAX + 4,
		4 * TREE_SIDE_MAX + 3, 3 * TREE_SIDE_MAX + 3,
		4 * TREE_SIDE_MAX + 4 };
	struct record_reader *rd = p->rd;
	struct tree	     *tr = &p->tr;
	int		      k;

	if (rd->format == RECORD_GGF) {
		if (s[i] == 'G' && len - i >= sizeof ggf_head - 1 &&
		    memcmp(s + i, ggf_head, sizeof ggf_head - 1) == 0) {
			*last = i;
			return sizeof ggf_head - 1;
		}
		if (s[i] == 'B' && len - i >= sizeof ggf_start - 1 &&
		    !tr->sized && tr->order.nmoves == 0 &&
		    rd->max_size >= sizeof ggf_start - 5 &&
		    memcmp(s + i, ggf_start, sizeof ggf_start - 1) == 0) {
			tr->sized = true;
			tree_setup(
			    rd, tree_start_pieces, 8, 0, reader_pos(rd, i + 2));
			tr->to_move = 0;
			tr->size = 8;
			*last = i;
			return sizeof ggf_start - 1;
		}
		return 0;
	}
	if (rd->format != RECORD_SGF || rd->max_size < 2)
		return 0;
	if (s[i] == 'G' && len - i >= sizeof sgf_head - 1 && !tr->sized &&
	    memcmp(s + i, sgf_head, sizeof sgf_head - 1) == 0) {
		tr->sized = true;
		tr->size = 8;
		tr->size_at = reader_pos(rd, i + 12);
		*last = i + 10;
		return sizeof sgf_head - 1;
	}
	if (s[i] == 'A' && len - i >= sizeof sgf_start - 1 &&
	    tr->nplaced == 0 && !tr->has_pl && tr->order.nmoves == 0 &&
	    memcmp(s + i, sgf_start, sizeof sgf_start - 1) == 0) {
		tree_set_up(tr, reader_pos(rd, i + 2));
		for (k = 0; k < 4; k++) {
			tr->placed_at[k] = at[k];
			tr->points[at[k]] = RULES_PIECE(k >> 1);
			tr->placed[at[k] / 64] |= (uint64_t)1 << (at[k] % 64);
		}
		tr->nplaced = 4;
		tr->start_run = true;
		tr->has_pl = true;
		tr->to_move = 0;
		*last = i + 20;
		return sizeof sgf_start - 1;
	}
	return 0;
}

/*
 * The properties of the main line as nearly every root writes them, on
 * the line in hand with nothing between: PB[name]RE[B+28]AB[e4][d5]...,
 * a name of letters, each value closed on the line by a ']' with no
 * escape before it; the byte in hand (p->c, at rd->pos - 1) the first
 * letter.  Each value read into the record as tree_property and
 * tree_values would, without a byte taken at a time between them (a
 * dozen a root, each a tenth of reading it); the first byte that is
 * something else, or a move (B[ or W[), left in hand as tree_next leaves
 * it, and a property whose values stop being plain left to tree_values
 * at the value's '['.  Returns false, nothing read, when the first
 * property is not plain.
 */
static bool
tree_props(struct tree_parse *p)
{
	struct record_reader *rd = p->rd;
	const char	     *s = rd->line_at;
	size_t		      len = rd->linelen, i, j, n, idlen, start;
	size_t		      last = 0, lastlen = 0; /* the last name read */
	/* Zeroed past the name: tree_reading_of reads two letters at once. */
	char		    id[8];
	struct tree_prop    prop;
	struct tree_reading how;

	if (p->after_variation || p->tr.main_done || !rd->have_line ||
	    rd->pos == 0 || rd->pos > len || s[rd->pos - 1] != p->c)
		return false;
	prop.id = id;
	for (i = start = rd->pos - 1; i < len;) {
		/* None left once the board is set up (SGF) or sized (GGF). */
		if ((!p->tr.sized ||
			(rd->format == RECORD_SGF && p->tr.nplaced == 0)) &&
		    (n = tree_root_run(p, s, i, len, &last)) != 0) {
			i += n;
			lastlen = 2;
			continue;
		}
		memset(id, 0, sizeof id);
		/* Two letters, nearly every name: no loop. */
		if (len - i > 2 && s[i + 2] == '[' &&
		    tree_letter((unsigned char)s[i]) &&
		    tree_letter((unsigned char)s[i + 1])) {
			id[0] = (char)(s[i] & ~0x20);
			id[1] = (char)(s[i + 1] & ~0x20);
			idlen = 2;
		} else
			for (idlen = 0;
			     i + idlen < len && idlen < sizeof id - 1 &&
			     tree_letter((unsigned char)s[i + idlen]);
			     idlen++)
				id[idlen] = (char)(s[i + idlen] & ~0x20);
		/* Moves are tree_run's. */
		if (idlen == 0 || i + idlen >= len || s[i + idlen] != '[' ||
		    (idlen == 1 && (id[0] == 'B' || id[0] == 'W')))
			break;
		/* No move: its reading found once for all its values. */
		how = tree_reading_of(id, 1 << rd->format);
		for (j = i + idlen; j < len && s[j] == '['; j += n + 2) {
			n = value_stop(s + j + 1, len - j - 1);
			if (j + 1 + n >= len || s[j + 1 + n] != ']' ||
			    n > rd->max_size) {
				/* From this value's '[' on, tree_values'. */
				if (j == i + idlen)
					goto out;
				rd->pos = j + 1;
				p->c = '[';
				p->gap = false;
				p->at = reader_pos(rd, j);
				tree_values(p, id, idlen);
				return true;
			}
			prop.at = prop.vat = reader_pos(rd, j);
			prop.v = s + j + 1;
			prop.len = n;
			tree_read_as(rd, &p->tr, &prop, how);
		}
		last = i;
		lastlen = idlen;
		i = j;
	}
out:
	if (i == start)
		return false;
	/* The last name, read before the line may move. */
	memset(id, 0, sizeof id);
	for (idlen = 0; idlen < lastlen; idlen++)
		id[idlen] = (char)(s[last + idlen] & ~0x20);
	rd->pos = i;
	tree_next(p);
	/* More values of the last property (AB[e4] [d5], AB[e4]\n[d5]). */
	if (p->c == '[')
		tree_values(p, id, idlen);
	return true;
}

/* Node: ';' (in hand) then its properties. */
static void
tree_node(struct tree_parse *p)
{
	tree_next(p);
	while (p->c == '[' || tree_letter(p->c))
		tree_property(p);
}

/*
 * GameTree: '(' (in hand), a sequence of nodes, then its variations,
 * each a GameTree, then ')'.  Nested trees are counted in p->depth, not
 * recursed into, so that no input runs the stack out; the main line, the
 * first variation at each branch (formats/ggf.md), ends where the first
 * variation closes, and the others are read for their syntax only.
 * Returns at the tree's ')' or the end of the input.
 */
static void
tree_game(struct tree_parse *p)
{
	for (p->depth = 1, tree_next(p); p->c >= 0;) {
		if ((p->c == ';' || p->c == 'B' || p->c == 'W') && tree_run(p))
			continue;
		if (p->c == '(') {
			p->after_variation = false;
			p->depth++;
			tree_next(p);
		} else if (p->c == ')') {
			if (--p->depth == 0)
				return;
			p->after_variation = true;
			p->tr.main_done = true;
			tree_next(p);
		} else if (p->c == ';')
			/* An empty node (GGS's ";)") says nothing. */
			tree_node(p);
		else if (tree_letter(p->c) && tree_props(p))
			continue;
		else if (p->c == '[' || tree_letter(p->c))
			tree_property(p);
		else {
			tree_after_variation(p);
			diag_set_at(first_error(p->rd), DIAG_BAD_PROPERTY,
			    p->at, 1,
			    "'%c' where a property (ID[value]) was due",
			    isprint(p->c) ? p->c : '?');
			tree_next(p);
		}
	}
}

/*
 * The end of a game tree: what its properties said, read now that they
 * are all known (the board's size, its set-up, the colour to move and
 * the result), or that it was never closed.
 */
static void
tree_end(struct tree_parse *p)
{
	struct record_reader *rd = p->rd;
	struct tree	     *tr = &p->tr;
	const int	     *pieces;
	char		      size[16];

	if (p->open_value || p->depth > 0)
		diag_set_at(first_error(rd), DIAG_UNTERMINATED_PROPERTY,
		    p->open_value ? p->pat : rd->rec.start, 1,
		    p->open_value ?
			"a value opened here is never closed by ']'" :
			"the game tree opened here is never closed by ')'");
	/* Any other size is the referee's to judge (bad-board), not 8x8. */
	if (rd->format == RECORD_SGF && tr->size != 8) {
		snprintf(size, sizeof size, "%dx%d", tr->size, tr->size);
		TREE_TAG(rd, RECORD_TAG_SIZE, "Size", size, strlen(size),
		    tr->size_at);
	}
	/* Nearly every SGF tree: tree_points' pieces known. */
	if (tree_placed_start(tr))
		pieces = tree_start_pieces;
	else {
		tree_points(tr);
		pieces = tr->pieces;
	}
	if (tr->bad_point)
		diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, tr->setup_at,
		    0,
		    "AB, AW and AE name cells of the board (d5, or SGF's "
		    "dc)");
	else if (tr->setup && tr->size >= 4 && tr->size <= 16)
		tree_setup(rd, pieces, tr->size, tr->to_move, tr->setup_at);
	tree_colours(rd, tr);
	if (tr->has_re)
		tree_re(rd, tr->re, tr->re_len, tr->re_at, tr->size * tr->size,
		    tr->komi);
}

/*
 * The parse state zeroed up to its tree's last members (RE's value and
 * the cells, left unset): by sixteen-byte stores where the compiler has
 * vectors, not memset's rep stos, whose start every tree paid (a sixth
 * of next_tree's time).
 */
static inline void
parse_zero(struct tree_parse *p)
{
	const size_t n = offsetof(struct tree_parse, tr.re);
#if UTIL_V16
	const util_v16u8 z = { 0 };
	size_t		 k;

	_Static_assert(offsetof(struct tree_parse, tr.re) % 16 == 0,
	    "parse_zero's stores end where the tree's re starts");
#pragma GCC unroll 32
	for (k = 0; k < n / 16; k++)
		memcpy((char *)p + 16 * k, &z, sizeof z);
#else
	memset(p, 0, n);
#endif
}

/*
 * Collection: game trees, each a record, anything before one skipped (as
 * SGF allows).  Returns 1 with a record, 0 at the end, -1 on a read
 * error.
 */
static int
next_tree(struct record_reader *rd)
{
	struct tree_parse p;

	parse_zero(&p);
	p.rd = rd;
	do
		tree_next(&p);
	while (p.c >= 0 && p.c != '(');
	if (p.c < 0)
		return p.c == -2 ? -1 : 0;
	reader_reset(rd);
	p.tr.size = 8;
	p.tr.order.first_colour = p.tr.order.bad_colour = -1;
	rd->rec.start = p.at;
	tree_game(&p);
	if (p.c == -2)
		return -1;
	tree_end(&p);
	/*
	 * The last run's offsets, where reader_finish reads them: nearly
	 * every tree's text stays put, its turns pointed at already.
	 */
	if (rd->turns_at > rd->rec.nturns ||
	    rd->turns_at < p.run_from + p.run_n)
		tree_run_offsets(&p);
	reader_finish(rd);
	/*
	 * Each turn's square was decoded as it was read (record_squares),
	 * as a line reader's: the replay reads no token again.
	 */
	rd->rec.squares = rd->squares;
	rd->rec.squares_of = rd->rec.turns;
	rd->rec.squares_n = rd->rec.nturns;
	return 1;
}

/* Where skip_tree stands: in a tree (depth), in a value, after a '\\'. */
struct tree_skip {
	int  depth;
	bool in_value, esc;
};

/* Takes byte c of the input: whether the tree ended with it. */
static inline bool
skip_byte(struct tree_skip *k, int c)
{
	if (k->in_value) {
		if (k->esc)
			k->esc = false;
		else if (c == '\\')
			k->esc = true;
		else if (c == ']')
			k->in_value = false;
	} else if (c == '(')
		k->depth++;
	else if (k->depth == 0)
		; /* before the tree: passed over */
	else if (c == '[')
		k->in_value = true;
	else if (c == ')' && --k->depth == 0)
		return true;
	return false;
}

/*
 * Whether the parse is in a value just before x, where it was at seg
 * (after a paren, or where skip_plain started) with no paren of the tree
 * and no '\\' between: in a tree a '[' leaves it in one (it opens one or
 * is in one) and a ']' out of one.  Before the tree, brackets are passed
 * over.
 */
static inline void
skip_brackets(struct tree_skip *k, const char *s, size_t seg, size_t x)
{
	if (k->depth == 0)
		return;
	while (x > seg && s[x - 1] != '[' && s[x - 1] != ']')
		x--;
	if (x > seg)
		k->in_value = s[x - 1] == '[';
}

/*
 * skip_byte's reading of the line s (len bytes) from *i, not after a '\\',
 * a stretch up to the next ')' at a time: where it holds no '\\', only
 * its '(' and ')' need looking at (skip_brackets).  Whether the tree
 * ended, *i then past its ')'; else *i is len, or the start of a stretch
 * with a '\\' left to skip_byte, and k as skip_byte would leave it.
 */
static bool
skip_plain(struct tree_skip *k, const char *s, size_t *i, size_t len)
{
	const char *paren;
	size_t	    seg = *i, end;
	bool	    closed;

	while (seg < len) {
		paren = memchr(s + seg, ')', len - seg);
		closed = paren != NULL;
		end = closed ? (size_t)(paren - s) : len;
		if (memchr(s + seg, '\\', end - seg) != NULL)
			break;
		while ((paren = memchr(s + seg, '(', end - seg)) != NULL) {
			skip_brackets(k, s, seg, (size_t)(paren - s));
			seg = (size_t)(paren - s) + 1;
			if (!k->in_value)
				k->depth++;
		}
		skip_brackets(k, s, seg, end);
		seg = closed ? end + 1 : len;
		if (closed && !k->in_value && k->depth > 0 && --k->depth == 0) {
			*i = seg;
			return true;
		}
	}
	*i = seg;
	return false;
}

/*
 * The first of the len bytes at s that is a paren, a '\\' or a line end
 * (CR, LF), or len: a hundred and twenty-eight at a time, once a skipped
 * record, then the thirty-two that hold it; with AVX2 (where the
 * processor has it: a -j worker's most bytes) the hundred and
 * twenty-eight tested at once, then sixty-four at a time, each byte
 * looked up by its low four bits (skip_hits_avx2).  Those before the
 * first hit are looked at again where the last thirty-two overlap them,
 * and hold none.
 */
typedef unsigned char skip_v32 __attribute__((vector_size(32)));

/*
 * The bytes of the thirty-two at s that skip_special looks for, into *h
 * (by address: a vector of 32 bytes passed by value is AVX's ABI).
 */
static inline __attribute__((always_inline)) void
skip_hits(const char *s, skip_v32 *h)
{
	skip_v32 v;

	memcpy(&v, s, sizeof v);
	/* '(' and ')' differ in their lowest bit alone. */
	*h = (skip_v32)((v | 1) == ')') | (skip_v32)(v == '\\') |
	    (skip_v32)(v == '\r') | (skip_v32)(v == '\n');
}

/* Where the first hit of *m is, 32 if none. */
static inline __attribute__((always_inline)) size_t
skip_first(const skip_v32 *m)
{
	uint64_t q[4];
	size_t	 k;

	memcpy(q, m, sizeof q);
	for (k = 0; k < 4; k++)
		if (q[k] != 0)
			return 8 * k + (size_t)__builtin_ctzll(q[k]) / 8;
	return 32;
}

#if defined(SKIP_AVX2)
/*
 * The bytes of the thirty-two at s that skip_special looks for, as a
 * vector of 0xff and 0: '(' 0x28, ')' 0x29, LF 0x0a, '\\' 0x5c and CR
 * 0x0d each have a low four bits of their own, so a byte is one of them
 * when want's entry for its low four bits is itself.  want's other
 * entries' low four bits are not their place's, and a byte of 0x80 or
 * more looks up a 0.
 */
static inline __attribute__((always_inline, target("avx2"))) __m256i
skip_hits_avx2(const char *s, __m256i want)
{
	__m256i v;

	v = _mm256_loadu_si256((const __m256i *)(const void *)s);
	return _mm256_cmpeq_epi8(_mm256_shuffle_epi8(want, v), v);
}

/* Those of the sixty-four at s as a mask, the first thirty-two's low. */
static inline __attribute__((always_inline, target("avx2"))) uint64_t
skip_hits64(const char *s, __m256i want)
{
	return (uint32_t)_mm256_movemask_epi8(skip_hits_avx2(s, want)) |
	    (uint64_t)(uint32_t)_mm256_movemask_epi8(
		skip_hits_avx2(s + 32, want))
	    << 32;
}

static __attribute__((target("avx2,bmi"))) size_t
skip_special_avx2(const char *s, size_t len)
{
	const __m256i want = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1,
	    0x28, 0x29, 0x0a, -1, 0x5c, 0x0d, -1, 0, -1, -1, -1, -1, -1, -1, -1,
	    -1, 0x28, 0x29, 0x0a, -1, 0x5c, 0x0d, -1, 0);
	__m256i	      any;
	uint64_t      hits;
	size_t	      i = 0;

	/* A hundred and twenty-eight at a time, tested at once. */
	for (; len - i >= 128; i += 128) {
		any = _mm256_or_si256(
		    _mm256_or_si256(skip_hits_avx2(s + i, want),
			skip_hits_avx2(s + i + 32, want)),
		    _mm256_or_si256(skip_hits_avx2(s + i + 64, want),
			skip_hits_avx2(s + i + 96, want)));
		if (!_mm256_testz_si256(any, any))
			break;
	}
	for (; len - i >= 64; i += 64)
		if ((hits = skip_hits64(s + i, want)) != 0)
			return i + (size_t)__builtin_ctzll(hits);
	if (len - i >= 32) {
		hits = (uint32_t)_mm256_movemask_epi8(
		    skip_hits_avx2(s + i, want));
		if (hits != 0)
			return i + (size_t)__builtin_ctzll(hits);
		i += 32;
	}
	if (i == len)
		return len;
	if (len >= 32) {
		hits = (uint32_t)_mm256_movemask_epi8(
		    skip_hits_avx2(s + len - 32, want));
		return hits != 0 ? len - 32 + (size_t)__builtin_ctzll(hits) :
				   len;
	}
	for (; i < len; i++)
		if ((s[i] | 1) == ')' || s[i] == '\\' || s[i] == '\r' ||
		    s[i] == '\n')
			return i;
	return len;
}
#endif

static size_t
skip_special_plain(const char *s, size_t len)
{
	uint64_t q[4];
	size_t	 i = 0, at;
	skip_v32 h[4], m;

	for (; len - i >= 128; i += 128) {
		skip_hits(s + i, &h[0]);
		skip_hits(s + i + 32, &h[1]);
		skip_hits(s + i + 64, &h[2]);
		skip_hits(s + i + 96, &h[3]);
		m = h[0] | h[1] | h[2] | h[3];
		memcpy(q, &m, sizeof q);
		if ((q[0] | q[1] | q[2] | q[3]) != 0) {
			for (at = 0; skip_first(&h[at / 32]) == 32; at += 32)
				continue;
			return i + at + skip_first(&h[at / 32]);
		}
	}
	for (; len - i >= 32; i += 32) {
		skip_hits(s + i, &m);
		if ((at = skip_first(&m)) < 32)
			return i + at;
	}
	if (i == len)
		return len;
	if (len >= 32) {
		skip_hits(s + len - 32, &m);
		return (at = skip_first(&m)) < 32 ? len - 32 + at : len;
	}
	for (at = 0; at < len; at++)
		if ((s[at] | 1) == ')' || s[at] == '\\' || s[at] == '\r' ||
		    s[at] == '\n')
			return at;
	return len;
}

static inline size_t
skip_special(const char *s, size_t len)
{
#if defined(SKIP_AVX2)
	if (UTIL_AVX2())
		return skip_special_avx2(s, len);
#endif
	return skip_special_plain(s, len);
}

/*
 * skip_tree's way past a tree that is the whole next line of the input's
 * block, as nearly every archive writes one: its '(' first, its one ')'
 * last (then LF or CR LF), no other paren, no escape and no CR before
 * it, the ')' outside a value (the last bracket before it no '['): the
 * line passed over where it lies, as reader_line would count it, not
 * copied into rd->line and its bytes not taken one by one (a -j worker
 * passes over every other record).  One scan finds the line's first
 * paren, escape or line end after its '(': the line is such a tree when
 * that is a ')' and a line end follows it.  False, nothing done, for
 * anything else: a line in hand not all read, the first line, a line the
 * block does not hold whole or longer than max_size (cut, too-large).
 */
static bool
skip_line_tree(struct record_reader *rd)
{
	const char *p = rd->inbuf + rd->inpos, *q;
	size_t	    avail = rd->inlen - rd->inpos, n, eol;

	if ((rd->have_line && rd->pos < rd->linelen) || rd->lineno == 0 ||
	    avail == 0 || p[0] != '(')
		return false;
	n = 1 + skip_special(p + 1, avail - 1);
	/* The ')' at n, then LF or CR LF, wholly in the block. */
	if (n + 1 >= avail || p[n] != ')')
		return false;
	if (p[n + 1] == '\n')
		eol = 1;
	else if (p[n + 1] == '\r' && n + 2 < avail && p[n + 2] == '\n')
		eol = 2;
	else
		return false;
	if (++n > rd->max_size)
		return false;
	for (q = p + n - 1; q > p && q[-1] != '[' && q[-1] != ']'; q--)
		continue;
	if (q > p && q[-1] == '[')
		return false;
	/* The block's next LF, as line_end would have found it. */
	rd->next_lf = rd->inpos + n + eol - 1;
	rd->have_line = false;
	rd->inpos += n + eol;
	rd->next_offset += n + eol;
	rd->lineno++;
	return true;
}

/*
 * Moves past the next game tree as next_tree reads it, without building
 * it: anything before its '(' passed over, then every '[' outside a
 * value opening one, closed by a ']' no '\\' escapes, and the '(' and
 * ')' outside values nesting to the tree's end (or the input's).  A
 * -j worker passes over the others' records so (record_reader_skip).
 */
static __attribute__((noinline)) int
skip_tree_bytes(struct record_reader *rd)
{
	struct tree_skip k = { 0, false, false };
	bool		 nl;
	int		 c;

	for (;;) {
		/* Most of a line by its parens, a -j worker's most bytes. */
		if (rd->have_line && !k.esc &&
		    skip_plain(&k, rd->line_at, &rd->pos, rd->linelen))
			return 1;
		/* The bytes of the line in hand without a call each. */
		while (rd->have_line && rd->pos < rd->linelen)
			if (skip_byte(
				&k, (unsigned char)rd->line_at[rd->pos++]))
				return 1;
		if ((c = tree_byte(rd, &nl)) < 0)
			return c == -2 ? -1 : k.depth > 0;
		if (skip_byte(&k, c))
			return 1;
	}
}

/*
 * Moves past the next game tree as next_tree reads it: a tree that is its
 * line by one scan (skip_line_tree), any other byte by byte (its own
 * function: the line's way saves no registers for it).
 */
static int
skip_tree(struct record_reader *rd)
{
	return skip_line_tree(rd) ? 1 : skip_tree_bytes(rd);
}

/*
 * The format of the game tree at s (len bytes, from its "(;"): GGF if
 * the root node's GM property is Othello (in any case: Edax writes
 * othello), SGF if it is 2, else the
 * notation's (RECORD_PGN).  The root node ends at the next node or tree,
 * wherever in the block that is; values are skipped, escapes and all.
 */
static enum record_format
tree_sniff(const char *s, size_t len)
{
	size_t i, v, id = 0, idlen = 0;

	for (i = 2; i < len && s[i] != ';' && s[i] != '(' && s[i] != ')'; i++) {
		if (s[i] >= 'A' && s[i] <= 'Z') {
			if (s[i - 1] < 'A' || s[i - 1] > 'Z')
				id = i, idlen = 0;
			idlen++;
			continue;
		}
		if (s[i] != '[')
			continue;
		for (v = ++i; i < len && s[i] != ']'; i++)
			if (s[i] == '\\')
				i++;
		if (i >= len)
			break;
		if (idlen == 2 && memcmp(s + id, "GM", 2) == 0)
			return i - v == 7 &&
				strncasecmp(s + v, "Othello", 7) == 0 ?
			    RECORD_GGF :
			    i - v == 1 && s[v] == '2' ? RECORD_SGF :
							RECORD_PGN;
	}
	return RECORD_PGN;
}

/*
 * A game tree whose root's GM is the asking format's (GGF or SGF).  GGS
 * archives may start each line with a count of the games in it ("2 (;"),
 * which reading skips as bytes between trees: a GGF tree may follow one.
 */
static bool
sniff_tree(enum record_format self, struct record_reader *rd, const char *s,
    size_t len)
{
	size_t n, d;

	(void)rd;
	for (n = 0; n < len && isspace((unsigned char)s[n]); n++)
		continue;
	for (d = n; d < len && isdigit((unsigned char)s[d]); d++)
		continue;
	if (self == RECORD_GGF && d > n && d < len &&
	    (s[d] == ' ' || s[d] == '\t')) {
		for (n = d; n < len && (s[n] == ' ' || s[n] == '\t'); n++)
			continue;
	}
	return len - n >= 2 && memcmp(s + n, "(;", 2) == 0 &&
	    tree_sniff(s + n, len - n) == self;
}

/*
 * Byte ranges of GGF: a record starts at a line opening with '(' or
 * with a digit (GGS's game count, "2 (;"), which may stand before a tree
 * and belongs to none (lead).  A tree across lines whose later line
 * opens so (a variation) is found out at the range's end, and the range
 * read otherwise.  SGF has none: its variations often open lines.
 */
static bool
ggf_boundary(bool prev_blank, int prev_first, bool blank, int first)
{
	(void)prev_blank;
	(void)prev_first;
	(void)blank;
	return first == '(' || is_digit((char)first);
}

const struct read_format read_ggf = {
	.sniff = sniff_tree,
	.next = next_tree,
	.skip = skip_tree,
	.game = &rules_reversi,
	.boundary = ggf_boundary,
	.lead = "0123456789",
	.unbounded = "a tree that starts on no line opening with '(' or a "
		     "game count, or a line of a tree that opens so (a "
		     "variation's?)",
};

const struct read_format read_sgf = {
	.sniff = sniff_tree,
	.next = next_tree,
	.skip = skip_tree,
	.game = &rules_reversi,
};
