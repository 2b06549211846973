/* SPDX-License-Identifier: MIT */
/*
 * The rules core: the one game interface that every game implements, the
 * boards they are played on, the registry of games, and the generic
 * operations built on the interface (positions, perft, random playouts).
 * Nothing here prints, exits or keeps mutable global state, and nothing
 * allocates but the calls whose contracts say so (positions, perft,
 * playouts); failures come back as a struct diag (src/diag) with a stable
 * code and no position.  Notation, reports and tools live above this
 * layer and are never included from it.
 */
#ifndef ARBITER_RULES_H
#define ARBITER_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag/diag.h"

/* Hexhex side 12 has 397 cells, the largest board of any game. */
#define RULES_MAX_CELLS 400
/* Columns or rows of any board: hexhex side 12 spans 23. */
#define RULES_MAX_DIM 23
/* Longest cell name, NUL included ("w23"). */
#define RULES_CELL_NAME 4
/*
 * Past the cells of every board: a hex cell's missing neighbours are
 * this, so that a game whose arrays span RULES_MAX_CELLS may read all six
 * and find an empty cell.
 */
#define RULES_NO_CELL (RULES_MAX_CELLS - 1)
/* 64-bit words of a set of cells, one bit a cell, on any board. */
#define RULES_CELL_WORDS ((RULES_MAX_CELLS + 63) / 64)
/* Colours per game; colour 0 moves first at the start. */
#define RULES_COLOURS 2
/* Other names a game may have (struct rules_game's aliases). */
#define RULES_MAX_ALIASES 2

/* Board geometries; each has its own naming and neighbour scheme. */
enum rules_geometry {
	RULES_SQUARE, /* files a.., ranks 1..; see board.c */
	RULES_HEX,    /* (c, r) cells of rules.md §0; see board.c */
};

/*
 * A board variant: its shape, cell names and neighbours.  Cells are
 * numbered 0 .. ncells-1.  Square boards number a1 = 0, b1 = 1, ..., so
 * cell = (rank - 1) * width + file; hex boards number row by row from row 1,
 * left to right.  Built once per record by the game's board() entry and
 * borrowed by positions; plain data, safe to copy.
 */
struct rules_board {
	enum rules_geometry geometry;
	int		    width;  /* files (square) or columns (hex) */
	int		    height; /* ranks (square) or rows (hex) */
	int		    side;   /* hexhex side, or 0 */
	int		    sum_lo, sum_hi; /* hex: lo <= c + r <= hi */
	int		    ncells;
	char		    name[16]; /* canonical spec: "8x8", "7", "3-3-5" */
	/*
	 * Hex only: 1-based column and row of each cell, neighbours (the
	 * first degree[i] of nb[i], then RULES_NO_CELL).
	 */
	uint8_t col[RULES_MAX_CELLS];
	uint8_t row[RULES_MAX_CELLS];
	uint8_t degree[RULES_MAX_CELLS];
	int16_t nb[RULES_MAX_CELLS][6];
	int16_t at[RULES_MAX_DIM][RULES_MAX_DIM]; /* [c-1][r-1], -1 */
	/*
	 * Hex only: the words of a set of this board's cells (bit i & 63
	 * of word i >> 6 for cell i), and each cell's neighbours as such a
	 * set, so that a game keeping cells as bit sets finds a group's
	 * neighbours by or-ing words.  Only the first words words of the
	 * first ncells rows are set: the rows are last, so that a board is
	 * cleared and built in time that grows with its cells.
	 */
	int	 words;
	uint64_t nbset[RULES_MAX_CELLS][RULES_CELL_WORDS];
};

/* Square board of width x height (1..26 each).  Returns 0 or -1. */
int
rules_square_init(struct rules_board *, int width, int height, struct diag *);
/* Hexhex board of the given side (2..12). */
int rules_hexhex_init(struct rules_board *, int side, struct diag *);
/* Hex board of cells 1<=c<=w, 1<=r<=h, lo<=c+r<=hi (Rive's 3-3-5). */
int rules_hex_init(struct rules_board *, int w, int h, int lo, int hi,
    const char *name, struct diag *);

/*
 * Board specs (the Size or Board tag), read once per geometry so that
 * every game takes the same spellings: numbers are written as gameplay
 * writes them, with no sign, blank or leading zero.  rules_square_spec
 * reads "N" or "NxN" (the x in either case) into *width and *height;
 * rules_hexhex_spec reads a side "N".  Each returns false, leaving the
 * outputs alone, for anything else; the game then says which boards it
 * has.
 */
bool rules_square_spec(const char *spec, int *width, int *height);
bool rules_hexhex_spec(const char *spec, int *side);
/*
 * The board of a game played on any hexhex board of side 2 to 12 (Oust,
 * Herd): spec read by rules_hexhex_spec and the board made, or -1 with
 * DIAG_BAD_BOARD saying that game (its name) takes such a board, with
 * example, its default, as one.
 */
int rules_hexhex_board(struct rules_board *, const char *spec, const char *game,
    const char *example, struct diag *);

/*
 * Cell names.  rules_cell_parse reads a letter and a number (either case
 * for the letter) of exactly len bytes and returns the cell, or -1 if the
 * name is well formed but not on this board, or -2 if it is not a name.
 * rules_cell_name writes the lower-case name into buf[RULES_CELL_NAME].
 */
int rules_cell_parse(const struct rules_board *, const char *, size_t len);
const char *rules_cell_name(
    const struct rules_board *, int cell, char buf[RULES_CELL_NAME]);

/* What one action does; a turn is one or more actions by one player. */
enum rules_action_kind {
	RULES_PLACE,  /* put a stone on `to' */
	RULES_REMOVE, /* take the stone on `to' away */
	RULES_MOVE,   /* move the stone on `from' to `to' */
	RULES_PASS,   /* the whole turn: no move possible */
	RULES_SWAP,   /* the whole turn: pie rule, colours exchange */
	RULES_DICE,   /* chance: the dice `from' and `to' (1..6) */
};

struct rules_action {
	uint8_t kind;	 /* enum rules_action_kind */
	uint8_t capture; /* the record marked it `*' */
	int16_t from;	 /* MOVE: origin; DICE: first die */
	int16_t to;	 /* PLACE/REMOVE/MOVE: cell; DICE: die */
};

/* Where a position stands between actions. */
enum rules_phase {
	RULES_TURN_START,  /* the player to move has not acted yet */
	RULES_TURN_MIDDLE, /* a turn is in progress: same player again */
	RULES_GAME_OVER,
};

/* Piece values: RULES_PIECE(colour), RULES_PINNED added for Stones!. */
#define RULES_EMPTY	       0
#define RULES_PIECE(colour)    (1 + (colour))
#define RULES_PINNED	       0x10
#define RULES_COLOUR_OF(piece) (((piece)&0x0f) - 1)

/* Rule options named by a record's Variant tag. */
struct rules_variant {
	bool pie; /* swap allowed on turn 2 (has_pie) */
};

/* A per-colour figure for reports ("stones", "captured", "pinned"). */
struct rules_stat {
	const char *name;
	int	    value[RULES_COLOURS];
};

#define RULES_MAX_STATS 6

/*
 * The score as it stands.  points are by colour; alt is a second accepted
 * form of the same result (Reversi's WOF score), equal to points where a
 * game has none.  winner is a colour, or -1 for a draw or no result yet.
 */
struct rules_score {
	bool		  over;
	int		  winner;
	int		  points[RULES_COLOURS];
	int		  alt[RULES_COLOURS];
	const char	 *alt_name; /* "wof", or NULL where alt is points */
	int		  nstats;
	struct rules_stat stats[RULES_MAX_STATS];
};

/*
 * What every game's state begins with (its first member, `head'), so that
 * the registry reads whose turn it is and plays the pie rule for every
 * game alike.  The game keeps to_move and phase true after each of its
 * init(), play() and setup() entries, with one exception: a game with an
 * over() entry may leave the game-over test undone after a play(), by
 * setting open, so that a replay does not pay for it after every move
 * (the next move, when legal, shows the game went on).  With open set,
 * phase is RULES_TURN_START and the game is over exactly when over()
 * says so; rules_state_phase() settles it, and the game's legal(),
 * play() and score() take it into account (play() refuses with
 * DIAG_GAME_OVER, as rules_state_play() does).  rules.c keeps the rest
 * (a game reads them and, but for clearing its whole state in init() and
 * setup(), never writes them).
 */
struct rules_head {
	int32_t turn;	 /* 1-based turn being played */
	uint8_t to_move; /* colour */
	uint8_t phase;	 /* enum rules_phase */
	uint8_t pie;	 /* the pie rule is on (a set-up
					   position has none) */
	uint8_t swapped; /* the pie rule was used */
	uint8_t open;	 /* phase is TURN_START or GAME_OVER:
					   over() says which */
};

/*
 * A cell of a run that is a pass written (play_cells_pair_written); the
 * other entries stop before it, as before any cell off the board.
 */
#define RULES_CELL_PASS (-2)

struct rules_perft_count; /* below, with perft */
struct rules_rng;	  /* below, with the playouts */
struct rules_perft_table;

/*
 * The game interface: one const table per game, in its own file, listed in
 * the registry (games.def).  `st' is the game's own state: state_size bytes
 * of max-aligned caller storage, a struct whose first member is a struct
 * rules_head, set up by init() and plain data thereafter (no pointers, so
 * memcpy copies a position).  Every entry is given the board the state was
 * set up on.  Passes are the game's; the swap of the pie rule is rules.c's
 * (has_pie), so legal() never lists it and play() never sees it.
 */
struct rules_game {
	const char *name;  /* "reversi": the Game tag, lower case */
	const char *title; /* "Reversi" */
	const char *colour[RULES_COLOURS]; /* by colour index */
	const char *default_board;	   /* Size/Board tag when absent */
	/*
	 * Turns after which selfplay and match stop a game that has not
	 * ended: 0 for a game that always ends.  Reversi fills its board;
	 * Herd and Stones! can wander (a Herd board can empty and fill again,
	 * no rule ends a Stones! game whose players shuffle).
	 */
	unsigned turn_cap;
	bool	 has_pie; /* the pie rule (swap on turn 2), which
					   rules.c plays */
	/*
	 * Every turn starts with a roll (RULES_DICE), whose dice a record's
	 * Seed tag draws (rules.md §4): the tools ask for a Seed, roll, and
	 * refuse perft for such a game.
	 */
	bool has_dice;
	/*
	 * The most points one colour can score, 0 for one a cell (discs,
	 * stones): a bound on every final score, which lets the exact solver
	 * stop once it has found the best there is (Oust's win is 1-0).
	 */
	int points_max;
	/*
	 * Other names of the game that rules_game_find() knows, any case
	 * ("othello" for Reversi, its trade name); unused slots NULL.
	 */
	const char *aliases[RULES_MAX_ALIASES];
	size_t	 state_size;
	/*
	 * How the game prints a square board: true with row 1 on top
	 * (Reversi, rules.md §1), false (the default, so a game that says
	 * nothing gets it) with rank 1 at the bottom (Stones!).  Hex boards
	 * always print row 1 at the bottom (rules.md §0).  Used by diagrams.
	 */
	bool row1_on_top;
	/*
	 * What the first of score()'s stats counts, as the pictures write it
	 * after each colour's number, for one and for more ("disc", "discs";
	 * "on the far rank" for both): how a game stands, which Oust's points
	 * (its result only) do not say.
	 */
	const char *figure[2];
	/*
	 * The rules tell the ranks apart (Stones!: each colour makes for
	 * its far rank), so of the board's symmetries only those that keep
	 * every cell on its rank are the rules' (rules_symmetries_of_game).
	 */
	bool ranks_fixed;

	/* Builds the board of a Size/Board tag value; 0 or -1. */
	int (*board)(struct rules_board *, const char *spec, struct diag *);
	/*
	 * The start position, head.to_move and head.phase included; 0 or -1
	 * (a variant the game does not have).
	 */
	int (*init)(const struct rules_board *, void *st,
	    const struct rules_variant *, struct diag *);
	/*
	 * The legal next actions of the turn in progress, in a fixed order.
	 * Writes at most cap into out and returns how many there are.  At a
	 * turn start with nothing to place the only action is RULES_PASS.
	 * For RULES_DICE all 36 ordered rolls are listed, so that a uniform
	 * pick is a fair roll.
	 */
	size_t (*legal)(const struct rules_board *, const void *st,
	    struct rules_action *out, size_t cap);
	/*
	 * Optional (NULL: random playouts list every action): writes into
	 * *out the action legal() would write at index i, for i below the
	 * count legal() returns, without listing the others.  A game whose
	 * count is cheap (legal() with cap 0) gains from it.
	 */
	void (*legal_at)(const struct rules_board *, const void *st, size_t i,
	    struct rules_action *out);
	/*
	 * Applies one action if it is legal and returns 0; otherwise leaves
	 * st unchanged and returns -1 with d (if not NULL) saying why.  Never
	 * called on a finished game, nor with a swap in a game that has_pie:
	 * rules_play() answers those itself.  Does not count turns.
	 */
	int (*play)(const struct rules_board *, void *st,
	    const struct rules_action *, struct diag *d);
	/*
	 * Optional (NULL: one play() a turn): plays the cells to[0..n-1] in
	 * order, each a whole turn of one RULES_PLACE, exactly as play()
	 * would, and returns how many it played.  It stops before the first
	 * cell play() would refuse or that needs a pass first (the player to
	 * move has no move), leaving that one to play(), which says why.
	 * Does not count turns.  For long records: the replay of archives.
	 * With passes (else NULL), it may first play the pass a cell needs
	 * where play() would take it (the player to move has no move, the
	 * other has one), as the records that leave their passes unwritten
	 * imply them, and counts those passes in *passes (set; not in the
	 * cells played).
	 */
	size_t (*play_cells)(const struct rules_board *, void *st,
	    const int16_t *to, size_t n, size_t *passes);
	/*
	 * Optional (NULL: play_cells for one, then the other): play_cells
	 * for two games of one board at once, st[g] playing to[g][0..n[g]-1]
	 * and k[g] set to how many it played (passes[g] the passes, where
	 * passes is not NULL), each exactly as play_cells alone.  Each move
	 * waits for the last board: two games side by side keep the
	 * processor busy where one leaves it waiting.
	 */
	void (*play_cells_pair)(const struct rules_board *, void *st[2],
	    const int16_t *const to[2], const size_t n[2], size_t k[2],
	    size_t passes[2]);
	/*
	 * Optional (NULL: play_cells_pair, which stops before a pass
	 * written): play_cells_pair for cells that may be passes written
	 * (RULES_CELL_PASS), each played as a cell where play() takes it
	 * as a turn the game goes on after (the player to move has no
	 * move, the other has one), else left to play() as any cell it
	 * must judge.  Its own entry so that runs without one keep their
	 * loop.
	 */
	void (*play_cells_pair_written)(const struct rules_board *, void *st[2],
	    const int16_t *const to[2], const size_t n[2], size_t k[2],
	    size_t passes[2]);
	/*
	 * Optional (NULL: rules_playout() plays legal() and play() a turn):
	 * a random playout from st, each action a whole turn, at most
	 * max_turns of them (0: no cap), the very games rules_playout()'s
	 * own loop plays with the same generator (one rules_rng_below() a
	 * turn over legal()'s count, the pick at that index of its list).
	 * Returns the actions played, or -1 where it does not serve st, left
	 * to the loop.  Does not count turns.
	 */
	long (*playout)(const struct rules_board *, void *st,
	    struct rules_rng *, int max_turns);
	void (*score)(
	    const struct rules_board *, const void *st, struct rules_score *);
	/* What stands on a cell: RULES_EMPTY or a piece value (below). */
	int (*piece)(const struct rules_board *, const void *st, int cell);
	/*
	 * Sets up an arbitrary position from ncells piece values, `to_move'
	 * to play at a turn start (for tests and studies), head.to_move and
	 * head.phase included; 0 or -1 when the position cannot arise under
	 * the game's rules.
	 */
	int (*setup)(const struct rules_board *, void *st,
	    const struct rules_variant *, const int *pieces, int to_move,
	    struct diag *);
	/*
	 * Only for a game that sets head.open (NULL for the others):
	 * whether the game has ended in st, whose head.open is set.
	 */
	bool (*over)(const struct rules_board *, const void *st);
	/* Optional fast perft (rules.md's convention); NULL: generic. */
	uint64_t (*perft)(
	    const struct rules_board *, const void *st, int depth);
	/*
	 * Optional rules_perft_count for this game (NULL: the generic walk
	 * of perft.c): the counts of st's tree added to *c, through table t
	 * (NULL: none).  Returns 0, or -1 if memory ran out.
	 */
	int (*perft_count)(const struct rules_board *, const void *st,
	    int depth, struct rules_perft_table *t,
	    struct rules_perft_count *c);
};

/*
 * The entries every game's table has: its name, "x", its state, struct x,
 * the static functions named by its prefix x, x_board, x_init, x_legal,
 * x_play, x_score and x_setup, and its piece entry, piece.  A game's
 * table lists its data (title, colours, board and the rest), then
 * RULES_GAME_ENTRIES(x, piece), then the optional entries it has.
 */
#define RULES_GAME_ENTRIES(x, piece_entry) \
	.name = #x, .state_size = sizeof(struct x), .board = x##_board, \
	.init = x##_init, .legal = x##_legal, .play = x##_play, \
	.score = x##_score, .piece = piece_entry, .setup = x##_setup

/*
 * The registry (games.def): the game called name or one of its aliases,
 * any case ("Stones!" is stones, "Othello" is reversi), or NULL.
 */
const struct rules_game *rules_game_find(const char *name);
const struct rules_game *rules_game_at(size_t i); /* NULL past the end */
/*
 * rules_game_find, or NULL with d filled (DIAG_UNKNOWN_GAME, no
 * position) with the one message every tool gives: 'unknown game "SHOWN"'
 * and the game meant where one name of a game is within two letters of
 * name or begins with it ("did you mean reversi?"), else the games there
 * are.  shown is name as the caller may print it.
 */
const struct rules_game *rules_game_lookup(
    const char *name, const char *shown, struct diag *d);

/* Reads a Variant tag value ("no-pie", "pie"; comma separated). */
int  rules_variant_parse(const struct rules_game *, const char *spec,
     struct rules_variant *, struct diag *);
void rules_variant_default(const struct rules_game *, struct rules_variant *);

/*
 * A position: game, board, variant and state in one heap object; the
 * turn counter is the state's head, kept by rules.c so that every game
 * counts alike (rules_turn).  rules_position_new
 * returns NULL with d filled for a bad board spec or variant (spec NULL:
 * the default board; variant NULL: the defaults).  Copy with
 * rules_position_copy into a position of the same game and board.
 */
struct rules_position {
	const struct rules_game *game;
	struct rules_board	 board;
	struct rules_variant	 variant;
	int			 actions; /* actions played so far */
	_Alignas(max_align_t) unsigned char state[];
};

struct rules_position *rules_position_new(const struct rules_game *,
    const char *spec, const struct rules_variant *, struct diag *);
void		       rules_position_free(struct rules_position *);
struct rules_position *rules_position_dup(const struct rules_position *);
void		       rules_position_copy(
		      struct rules_position *dst, const struct rules_position *src);
void rules_position_reset(struct rules_position *);

/* Read from the state's head; none can fail. */
int		 rules_to_move(const struct rules_position *);
enum rules_phase rules_phase(const struct rules_position *);
int		 rules_turn(const struct rules_position *); /* 1-based */
/*
 * rules_phase() == RULES_TURN_MIDDLE, without settling a phase the game
 * left open (which is never a turn in progress): the question a replay
 * asks after every action.
 */
bool rules_mid_turn(const struct rules_position *);
/* The pie rule was used: the players hold each other's colours. */
bool rules_swapped(const struct rules_position *);
/*
 * The legal next actions (the game's legal(), then the swap when the pie
 * rule offers it); none when the game is over.
 */
size_t
rules_legal(const struct rules_position *, struct rules_action *, size_t cap);
/*
 * Writes into *out action i of rules_legal()'s list, i below its count,
 * without listing the others.  Only for a game with a legal_at entry.
 */
void rules_legal_at(
    const struct rules_position *, size_t i, struct rules_action *out);
/* Plays one action (see the play entry); 0, or -1 with d filled. */
int
rules_play(struct rules_position *, const struct rules_action *, struct diag *);
/*
 * Plays the cells to[0..n-1] as turns of one RULES_PLACE each, as
 * rules_play would one by one, and returns how many it played (see the
 * play_cells entry): 0 at the first that rules_play must judge, and for a
 * game without the entry.  The caller plays that one with rules_play.
 */
size_t rules_play_cells(struct rules_position *, const int16_t *to, size_t n);
/*
 * rules_play_cells where a pass the player to move must make before a
 * cell may be played first, as rules_play would play it (see the
 * play_cells entry): *passes set to how many it played, each a turn
 * (counted with the cells', not in the count returned).
 */
size_t rules_play_cells_passing(
    struct rules_position *, const int16_t *to, size_t n, size_t *passes);
/*
 * rules_play_cells for two positions of one game and board, pos[g]
 * playing to[g][0..n[g]-1], k[g] how many it played: the same as two
 * calls, but at once where the game can (the play_cells_pair entry).
 * With passes (else NULL), as two rules_play_cells_passing, passes[g]
 * the passes of pos[g] (implied).  written: the cells may hold passes
 * written (RULES_CELL_PASS), each played as a cell where the game's
 * play_cells_pair_written takes it, as rules_play would a pass and
 * counted in k[g]; else (or a game without the entry) the run stops
 * before it.
 */
void
rules_play_cells_pair(struct rules_position *pos[2], const int16_t *const to[2],
    const size_t n[2], size_t k[2], size_t passes[2], bool written);
void   rules_score(const struct rules_position *, struct rules_score *);
int    rules_piece(const struct rules_position *, int cell);
/*
 * Replaces the position by the given pieces; see the setup entry.  On -1
 * (d says why) the position is the start position.
 */
int rules_setup(
    struct rules_position *, const int *pieces, int to_move, struct diag *);
const struct rules_stat *
rules_stat_find(const struct rules_score *, const char *name);

/*
 * Perft: the leaves of the tree of actions depth plies deep, a pass
 * counting as one ply and a game that ends sooner counting as one leaf.
 * Returns RULES_PERFT_NO_MEMORY, which no count reaches, if memory ran
 * out (only the generic walk allocates), rather than a count that is
 * wrong.
 */
#define RULES_PERFT_NO_MEMORY UINT64_MAX
uint64_t rules_perft(const struct rules_position *, int depth);
/*
 * The same through legal() and play() alone, for a game's perft entry;
 * RULES_PERFT_NO_MEMORY too.
 */
uint64_t rules_perft_actions(const struct rules_game *,
    const struct rules_board *, const void *st, int depth);

/*
 * rules_legal and rules_play on a bare state of game g (a copy in a
 * game's own perft, say): the pie rule and the turn counter included,
 * with the same results and failures.  st is borrowed; rules_state_play
 * changes it only when it returns 0.
 */
size_t rules_state_legal(const struct rules_game *g, const struct rules_board *,
    const void *st, struct rules_action *out, size_t cap);
int    rules_state_play(const struct rules_game *g, const struct rules_board *,
       void *st, const struct rules_action *, struct diag *);
/*
 * The phase of a bare state of game g, settled where the game left it
 * open (see struct rules_head): what rules_phase() says of a position.
 */
enum rules_phase rules_state_phase(
    const struct rules_game *g, const struct rules_board *, const void *st);

/*
 * Perft figures (gameplay perft, formats/perft.md), by turns as
 * rules_perft counts them: nodes is rules_perft's count (a pass one ply,
 * a game that ends sooner one leaf); passes the leaves whose last turn
 * was a pass; ended the leaves where the game ended before the full
 * depth.  nodes - ended is Edax's count, positions at the full depth
 * only.
 */
struct rules_perft_count {
	uint64_t nodes;
	uint64_t passes;
	uint64_t ended;
};

/*
 * A transposition table for perft: entries of (key, depth, counts) in
 * at most `bytes' bytes of heap, so that a position met again by another
 * order of turns is counted once.  rules_perft_table_new returns NULL if
 * bytes holds fewer than two entries or memory ran out; the caller owns
 * the table and frees it with rules_perft_table_free (NULL: no-op).  A
 * table serves one game and board at a time: rules_perft_table_clear
 * empties it for another.
 */
struct rules_perft_table;

struct rules_perft_table *rules_perft_table_new(size_t bytes);
void			  rules_perft_table_clear(struct rules_perft_table *);
void			  rules_perft_table_free(struct rules_perft_table *);

/*
 * The perft counts of pos, depth turns deep, into *c (zeroed first),
 * through table t (borrowed; NULL: none, the same counts more slowly).
 * Each set of stones removed in one turn is counted once, as rules_perft
 * does.  Returns 0, or -1 if memory ran out (*c then means nothing).
 */
int rules_perft_count(const struct rules_position *pos, int depth,
    struct rules_perft_table *t, struct rules_perft_count *c);
/*
 * The same, split by the first action of the turn: each is passed to
 * each() with the counts of its subtree, in legal() order; their sums
 * are *c.  Returns 0, or -1 if memory ran out.
 */
int rules_perft_divide(const struct rules_position *pos, int depth,
    struct rules_perft_table *t, struct rules_perft_count *c,
    void (*each)(
	const struct rules_action *, const struct rules_perft_count *, void *),
    void *arg);

/*
 * The project's portable PRNG: xoshiro256** seeded by splitmix64 (see
 * formats/rng.md).  The same seed gives the same numbers on every machine.
 */
struct rules_rng {
	uint64_t s[4];
};

void	 rules_rng_seed(struct rules_rng *, uint64_t seed);
uint64_t rules_rng_next(struct rules_rng *);
/* Uniform in 0 .. n-1 (n >= 1), without modulo bias. */
uint64_t rules_rng_below(struct rules_rng *, uint64_t n);

/*
 * One Herd turn's dice (rules.md §4): *first = 1 + rules_rng_below(rng, 6),
 * then *second the same way, in that order.  A referee seeds one rng per
 * game with the record's Seed tag value (rules_rng_seed) and calls this
 * once per turn, turn 1 first, so the dice of a record can be verified by
 * any program that follows formats/rng.md.  rng is borrowed and advanced;
 * first and second must not be NULL.  Cannot fail.
 */
void rules_dice_roll(struct rules_rng *rng, int *first, int *second);

/*
 * Random playout: from pos, picks uniformly among the legal actions until
 * the game ends or max_turns more turns have been played (0: no cap).  Each
 * action taken is passed to `each' (if not NULL) before it is played.
 * Returns the number of actions played.
 */
size_t rules_playout(struct rules_position *, struct rules_rng *, int max_turns,
    void (*each)(
	const struct rules_position *, const struct rules_action *, void *),
    void *arg);

/* Registered games (one file each): rules_reversi and the others. */
#define G(id) extern const struct rules_game rules_##id;
#include "rules/games.def"
#undef G

#endif
