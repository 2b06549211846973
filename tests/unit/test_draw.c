/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the diagrams: text diagrams of each board shape (Reversi's
 * square board with row 1 on top; a square board with rank 1 at the bottom
 * and pinned stones; hexhex and 3-3-5 hex boards) and the SVG pictures.
 * Shapes whose games live on other branches are drawn through a stand-in
 * game that holds any position (setup from a diagram).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "diagram.h"
#include "unit.h"

/* ---- A stand-in game: any pieces, never moves ---------------------- */

struct standin {
	struct rules_head head;
	int		  cell[RULES_MAX_CELLS];
};

static int
standin_board(struct rules_board *b, const char *spec, struct diag *d)
{
	if (strcmp(spec, "3-3-5") == 0)
		return rules_hex_init(b, 7, 5, 4, 10, "3-3-5", d);
	if (strcmp(spec, "8x8") == 0)
		return rules_square_init(b, 8, 8, d);
	return rules_hexhex_init(b, atoi(spec), d);
}

static int
standin_init(const struct rules_board *b, void *st,
    const struct rules_variant *v, struct diag *d)
{
	(void)b, (void)v, (void)d;
	memset(st, 0, sizeof(struct standin));
	return 0;
}

static size_t
standin_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	(void)b, (void)st;
	if (cap > 0)
		out[0] = (struct rules_action){ .kind = RULES_PASS };
	return 1;
}

static int
standin_play(const struct rules_board *b, void *st,
    const struct rules_action *a, struct diag *d)
{
	(void)b, (void)st, (void)a;
	return diag_set(d, DIAG_NO_MOVES, "the stand-in never moves");
}

static void
standin_score(
    const struct rules_board *b, const void *st, struct rules_score *s)
{
	(void)b, (void)st, (void)s;
}

static int
standin_piece(const struct rules_board *b, const void *st, int cell)
{
	(void)b;
	return ((const struct standin *)st)->cell[cell];
}

static int
standin_setup(const struct rules_board *b, void *st,
    const struct rules_variant *v, const int *pieces, int to_move,
    struct diag *d)
{
	struct standin *s = st;

	(void)v, (void)d;
	memcpy(s->cell, pieces, (size_t)b->ncells * sizeof *pieces);
	s->head.to_move = (uint8_t)to_move;
	return 0;
}

/* The stand-in with its colours' names and its default board. */
#define STANDIN(colour0, colour1, spec) \
	{ \
		.name = "standin", .title = "Stand-in", \
		.colour = { colour0, colour1 }, .default_board = spec, \
		.state_size = sizeof(struct standin), .board = standin_board, \
		.init = standin_init, .legal = standin_legal, \
		.play = standin_play, .score = standin_score, \
		.piece = standin_piece, .setup = standin_setup, \
	}

/* Stones!-like: White first, rank 1 at the bottom. */
static const struct rules_game standin_square = STANDIN(
    "white", "black", "8x8");
static const struct rules_game standin_hex = STANDIN("black", "white", "3");

/* A position of g on board spec, set up from a diagram (diagram.h). */
static struct rules_position *
position(const struct rules_game *g, const char *spec, const char *diagram)
{
	struct rules_position *pos = rules_position_new(g, spec, NULL, NULL);

	ck_assert_ptr_nonnull(pos);
	if (diagram != NULL)
		diagram_setup(pos, diagram, 0);
	return pos;
}

/* The text diagram of pos as a string (static). */
static const char *
text_of(const struct rules_position *pos, enum draw_charset cs)
{
	static char buf[8192];
	FILE	   *f = fmemopen(buf, sizeof buf, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(draw_text(f, pos, cs), 0);
	fclose(f);
	return buf;
}

START_TEST(reversi_row1_on_top)
{
	struct rules_position *pos = position(&rules_reversi, NULL, NULL);

	ck_assert_str_eq(text_of(pos, DRAW_ASCII),
	    "  a b c d e f g h\n"
	    "1 . . . . . . . . 1\n"
	    "2 . . . . . . . . 2\n"
	    "3 . . . . . . . . 3\n"
	    "4 . . . O X . . . 4\n"
	    "5 . . . X O . . . 5\n"
	    "6 . . . . . . . . 6\n"
	    "7 . . . . . . . . 7\n"
	    "8 . . . . . . . . 8\n"
	    "  a b c d e f g h\n"
	    "X black  O white\n");
	ck_assert_ptr_nonnull(
	    strstr(text_of(pos, DRAW_UNICODE), "\n4 · · · ○ ● · · · 4\n"));
	ck_assert_ptr_nonnull(
	    strstr(text_of(pos, DRAW_UNICODE), "\n● black  ○ white\n"));
	rules_position_free(pos);
}
END_TEST

START_TEST(reversi_large_board_margins)
{
	struct rules_position *pos = position(&rules_reversi, "10x10", NULL);
	const char	      *t = text_of(pos, DRAW_ASCII);

	/* Two-digit ranks: the letters move over by one. */
	ck_assert_int_eq(strncmp(t, "   a b c d e f g h i j\n 1 .", 27), 0);
	ck_assert_ptr_nonnull(strstr(t, "\n10 . . . . . . . . . . 10\n"));
	rules_position_free(pos);
}
END_TEST

START_TEST(square_rank1_at_bottom_and_pinned)
{
	struct rules_position *pos = position(&standin_square, "8x8",
	    "OOOOOOOO\n"
	    "........\n"
	    "........\n"
	    "...o....\n"
	    "....x...\n"
	    "........\n"
	    "........\n"
	    "XXXXXXX.\n");

	/* Colour 0 is white here: hollow, whatever its index. */
	ck_assert_str_eq(text_of(pos, DRAW_ASCII),
	    "  a b c d e f g h\n"
	    "8 X X X X X X X X 8\n"
	    "7 . . . . . . . . 7\n"
	    "6 . . . . . . . . 6\n"
	    "5 . . . x . . . . 5\n"
	    "4 . . . . o . . . 4\n"
	    "3 . . . . . . . . 3\n"
	    "2 . . . . . . . . 2\n"
	    "1 O O O O O O O . 1\n"
	    "  a b c d e f g h\n"
	    "O white  X black  o x pinned\n");
	rules_position_free(pos);
}
END_TEST

START_TEST(hexhex_side_3)
{
	struct rules_position *pos = position(&standin_hex, "3",
	    "  . . X\n"
	    " . . . .\n"
	    ". . O . .\n"
	    " . . . .\n"
	    "  X . O\n");

	/* rules.md §0: a5 b5 c5 on top, c1 d1 e1 at the bottom. */
	ck_assert_int_eq(
	    rules_piece(pos, rules_cell_parse(&pos->board, "c5", 2)),
	    RULES_PIECE(0));
	ck_assert_int_eq(
	    rules_piece(pos, rules_cell_parse(&pos->board, "c1", 2)),
	    RULES_PIECE(0));
	ck_assert_str_eq(text_of(pos, DRAW_ASCII),
	    "   . . X  5\n"
	    "  . . . .  4\n"
	    " . . O . .  3\n"
	    "a . . . .  2\n"
	    " b X . O  1\n"
	    "  c d e\n"
	    "X black  O white\n");
	rules_position_free(pos);
}
END_TEST

START_TEST(hex_335_and_every_side)
{
	struct rules_position *pos = position(&standin_hex, "3-3-5", NULL);
	struct draw_hex_layout l;
	const char	      *t;
	char		       spec[8];
	int		       side, lines;

	ck_assert_str_eq(text_of(pos, DRAW_ASCII),
	    "   . . . . .  5\n"
	    "  . . . . . .  4\n"
	    " . . . . . . .  3\n"
	    "a . . . . . .  2\n"
	    " b . . . . .  1\n"
	    "  c d e f g\n"
	    "X black  O white\n");
	rules_position_free(pos);
	for (side = 2; side <= 12; side++) {
		snprintf(spec, sizeof spec, "%d", side);
		pos = position(&standin_hex, spec, NULL);
		draw_hex_layout(&pos->board, &l);
		ck_assert_int_eq(l.rows, 2 * side);
		t = text_of(pos, DRAW_UNICODE);
		for (lines = 0; *t != '\0'; t++)
			lines += *t == '\n';
		/* Rows, the letters' row, the legend. */
		ck_assert_int_eq(lines, 2 * side + 1);
		rules_position_free(pos);
	}
}
END_TEST

/*
 * What an SVG test draws: the position shown and, for the marks of its
 * last turn, the position before that turn; and the picture drawn.  Each
 * test's own, freed after it, passed or failed, by svg_teardown.
 */
static struct rules_position *before, *shown;
static char		     *svg;

static void
svg_teardown(void)
{
	free(svg);
	rules_position_free(shown);
	rules_position_free(before);
	svg = NULL;
	shown = before = NULL;
}

/* Draws shown as an SVG picture into svg, in place of the one before. */
static void
draw(const struct draw_last *last, const struct draw_caption *cap, int flags)
{
	char  *buf = NULL;
	size_t len = 0;
	FILE  *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(draw_svg(f, shown, last, cap, flags), 0);
	fclose(f);
	free(svg);
	svg = buf;
}

static int
count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s++;
	}
	return n;
}

START_TEST(svg_marks_last_turn)
{
	struct rules_action f5 = { .kind = RULES_PLACE };
	struct draw_last    last = { NULL, &f5, 1 };

	last.before = before = position(&rules_reversi, NULL, NULL);
	shown = rules_position_dup(before);
	f5.to = (int16_t)rules_cell_parse(&shown->board, "f5", 2);
	ck_assert_int_eq(rules_play(shown, &f5, NULL), 0);
	struct draw_caption cap = { .title = "Reversi <8x8> & co",
		.player = { "Ada", NULL },
		.score = { 4, 1 },
		.state = "turn 2: "
			 "white to move",
		.last = "last turn 1, black: f5",
		.to_move = 1 };

	draw(&last, &cap, 0);
	ck_assert_int_eq(strncmp(svg, "<?xml version=\"1.0\"", 19), 0);
	/* Five on the board, one for each player in the header. */
	ck_assert_int_eq(count(svg, "class=\"stone "), 7);
	ck_assert_int_eq(count(svg, "data-cell=\""), 5);
	ck_assert_ptr_nonnull(strstr(svg,
	    "class=\"stone black\" "
	    "data-cell=\"f5\""));
	ck_assert_ptr_nonnull(strstr(svg, ">Ada (black): 4</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">? (white): 1</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">turn 2: white to move</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">last turn 1, black: f5</text>"));
	/* White to move: the marker stands on the second player's line. */
	ck_assert_int_eq(count(svg, "class=\"tomove\" d=\"M6,54 "), 1);
	/* The legend explains the marks shown, and only those. */
	ck_assert_ptr_nonnull(strstr(svg, ">last turn</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">turned over</text>"));
	ck_assert_ptr_null(strstr(svg, ">captured</text>"));
	ck_assert_ptr_null(strstr(svg, ">pinned</text>"));
	/* f5 placed, e5 turned over: each mark on the board and in the
	 * legend. */
	ck_assert_int_eq(count(svg, "class=\"last\""), 2);
	ck_assert_int_eq(count(svg, "class=\"changed\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, "Reversi &lt;8x8&gt; &amp; co"));
	ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
}
END_TEST

START_TEST(svg_hex_cells_and_removals)
{
	int		    pieces[RULES_MAX_CELLS] = { 0 };
	struct rules_action a[2] = { { .kind = RULES_PLACE },
		{ .kind = RULES_REMOVE } };
	struct draw_last    last = { NULL, a, 2 };

	last.before = before = position(&standin_hex, "4", NULL);
	pieces[0] = pieces[1] = RULES_PIECE(1);
	ck_assert_int_eq(rules_setup(before, pieces, 0, NULL), 0);
	shown = rules_position_dup(before);
	pieces[0] = RULES_EMPTY;
	pieces[5] = RULES_PIECE(0) | RULES_PINNED;
	ck_assert_int_eq(rules_setup(shown, pieces, 1, NULL), 0);
	a[0].to = 5;
	a[1].to = 0;
	draw(&last, NULL, DRAW_SVG_INLINE);
	ck_assert_int_eq(strncmp(svg, "<svg ", 5), 0);
	ck_assert_int_eq(count(svg, "<polygon"), 37);
	/* On the board and in the legend. */
	ck_assert_int_eq(count(svg, "class=\"removed\""), 2);
	ck_assert_int_eq(count(svg, "class=\"last\""), 2);
	/* Pinned: a diamond on the stone and in the legend, not a ring. */
	ck_assert_int_eq(count(svg, "<path class=\"pinned\""), 2);
	ck_assert_int_eq(count(svg, "data-pinned=\"1\""), 1);
	ck_assert_ptr_nonnull(strstr(svg, ">pinned</text>"));
	/* A stone the turn's action took away is removed, not captured. */
	ck_assert_ptr_nonnull(strstr(svg, ">removed</text>"));
	ck_assert_ptr_null(strstr(svg, ">captured</text>"));
	/* 7 column letters, 7 row numbers. */
	ck_assert_int_eq(count(svg, "class=\"coord\""), 14);
	/* Gone with no action of the turn's: captured. */
	last.nactions = 1;
	draw(&last, NULL, DRAW_SVG_INLINE);
	ck_assert_int_eq(count(svg, "class=\"removed\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, ">captured</text>"));
	ck_assert_ptr_null(strstr(svg, ">removed</text>"));
}
END_TEST

/* Herd: the dice of the last turn drawn under the board, faces 4 and 2. */
START_TEST(svg_dice_of_the_turn)
{
	struct rules_action a[2] = { { .kind = RULES_DICE, .from = 4, .to = 2 },
		{ .kind = RULES_PLACE, .to = 3 } };
	struct draw_last    last = { NULL, a, 2 };
	int		    pieces[RULES_MAX_CELLS] = { 0 };

	last.before = before = position(&standin_hex, "3", NULL);
	shown = rules_position_dup(before);
	pieces[3] = RULES_PIECE(0);
	ck_assert_int_eq(rules_setup(shown, pieces, 1, NULL), 0);
	draw(&last, NULL, 0);
	ck_assert_int_eq(count(svg, "class=\"die\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, "data-face=\"4\""));
	ck_assert_ptr_nonnull(strstr(svg, "data-face=\"2\""));
	ck_assert_int_eq(count(svg, "class=\"pip\""), 6);
	/* No dice without a roll. */
	draw(NULL, NULL, 0);
	ck_assert_int_eq(count(svg, "class=\"die\""), 0);
}
END_TEST

/*
 * Every hex board drawn with stones of both colours, pinned ones too, and
 * a caption of text no XML may hold as it is.  With DRAW_SVG_DIR set the
 * pictures are written there, so that tests/gameplay-svg.sh can check
 * them with xmllint.
 */
START_TEST(svg_every_hex_board)
{
	static const char *const specs[] = { "2", "3", "4", "5", "6", "7", "8",
		"9", "10", "11", "12", "3-3-5" };
	const char		*dir = getenv("DRAW_SVG_DIR");
	struct draw_caption	 cap = { .to_move = -1 };
	int			 pieces[RULES_MAX_CELLS] = { 0 }, i;
	char			 path[512];
	FILE			*f;

	shown = position(&standin_hex, specs[_i], NULL);
	for (i = 0; i < shown->board.ncells; i++)
		pieces[i] = i % 3 == 0 ?
		    RULES_EMPTY :
		    RULES_PIECE(i % 2) | (i % 7 == 0 ? RULES_PINNED : 0);
	ck_assert_int_eq(rules_setup(shown, pieces, 0, NULL), 0);
	/* Markup, controls and bytes that are not UTF-8: all escaped. */
	cap.title = "Stand-in <hex> & \"co\" 'x'\x01\x1b[0m \xff\xc3(";
	cap.player[0] = "<b>&amp;";
	cap.player[1] = "A name much longer than thirty-two characters";
	cap.state = "game over: <a draw>";
	draw(NULL, &cap, 0);
	ck_assert_int_eq(count(svg, "<polygon"), shown->board.ncells);
	ck_assert_ptr_nonnull(strstr(svg,
	    "Stand-in &lt;hex&gt; &amp; "
	    "&quot;co&quot; &apos;x&apos;\xef\xbf\xbd\xef\xbf\xbd[0m "
	    "\xef\xbf\xbd\xef\xbf\xbd(</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">&lt;b&gt;&amp;amp; (black): 0<"));
	/* A long name is cut with an ellipsis: 32 characters shown. */
	ck_assert_ptr_nonnull(strstr(svg,
	    ">A name much longer than "
	    "thirty-t\xe2\x80\xa6 (white): 0<"));
	ck_assert_ptr_nonnull(strstr(svg, ">game over: &lt;a draw&gt;<"));
	ck_assert_int_eq(count(svg, "class=\"tomove\""), 0);
	if (dir != NULL) {
		snprintf(path, sizeof path, "%s/hex-%s.svg", dir, specs[_i]);
		ck_assert_ptr_nonnull(f = fopen(path, "w"));
		fputs(svg, f);
		fclose(f);
	}
}
END_TEST

UNIT_MAIN("draw",
    unit_tcase("text", 0, reversi_row1_on_top, reversi_large_board_margins,
	square_rank1_at_bottom_and_pinned, hexhex_side_3,
	hex_335_and_every_side, NULL),
    unit_loops(unit_fixture(
		   unit_tcase("svg", 0, svg_marks_last_turn,
		       svg_hex_cells_and_removals, svg_dice_of_the_turn, NULL),
		   NULL, svg_teardown),
	svg_every_hex_board, 0, 12, NULL))
