/* SPDX-License-Identifier: MIT */
/*
 * Games that gameplay plays itself, for selfplay and match: the game as it
 * is played (the position, its dice and its record so far: game.c), the
 * record written whole (write.c), and a series of games with its options,
 * set-up and tally (series.c).  Choosing the actions is left to the
 * players (src/player) or to the programs a match runs.  What the
 * correspondence commands of src/play share with these (a count option,
 * the exit status of stdout, a replay's diagnostic) is here too, since
 * src/play stands on src/match and not the other way round.
 */
#ifndef ARBITER_MATCH_GAME_H
#define ARBITER_MATCH_GAME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "record/record.h"
#include "referee/referee.h"
#include "report/report.h"

/* Parses getopt's optarg as a count for option name; false: reported. */
bool match_count(const char *name, const char *arg, unsigned long *v);

/* The exit status after writing a document to stdout (rc 0 or -1). */
int match_finish(int rc);

/* Legal moves listed in a diagnostic's note, as gamecheck's report does. */
#define MATCH_MAX_LEGAL 64

/* Prints a replay's error like gamecheck, with the legal moves as a note. */
void match_diag(const char *name, const struct replay *rp);

/* Whether a game throws dice: its table's has_dice. */
bool match_uses_dice(const struct rules_position *);

/* A turn token of any game fits: Herd side 12 places at most ~400 cells. */
#define MATCH_TOKEN_MAX 8192

/* An action of a game, and the colour that made it (a roll: the mover's). */
struct match_move {
	struct rules_action a;
	int		    colour;
};

/*
 * A game as selfplay and match play it: the position, the dice drawn
 * from the game's seed (formats/rng.md) as a referee rolls them, the turn
 * tokens played and the actions of the turn in progress, and every action
 * in order (for protocols that tell a program only the new ones).
 */
struct match_game {
	struct rules_position *pos;
	bool		       dice; /* the game throws dice */
	uint64_t	       seed;
	struct rules_rng       rng;   /* the dice, seeded with seed */
	char		     **turns; /* finished turn tokens, owned */
	size_t		       nturns, turns_cap;
	struct rules_action   *cur; /* the turn in progress */
	size_t		       ncur, cur_cap;
	struct match_move     *log; /* every action so far, owned */
	size_t		       nlog, log_cap;
	/* The Setup of its start (borrowed), or NULL: the game's start. */
	const char *setup;
};

/*
 * Starts a game of g on board spec (NULL: the default) whose dice come
 * from seed.  Returns 0, or -1 with d filled (a bad board, no memory).
 */
int  match_game_init(struct match_game *, const struct rules_game *g,
     const char *spec, uint64_t seed, struct diag *d);
void match_game_fini(struct match_game *);
/*
 * If the next action is a roll of the dice, rolls them from the game's
 * seed and plays them: returns 1; 0 if it is not; -1 when memory runs out.
 */
int match_game_roll(struct match_game *);
/*
 * Plays one action and notes it in the turn in progress, which becomes a
 * turn token when the turn ends.  Returns 0, or -1 with d filled: the
 * action is illegal (the rules' code), or memory ran out (no-memory).
 */
int match_game_play(
    struct match_game *, const struct rules_action *, struct diag *d);
/*
 * The game so far as formats/protocol.md sends it: the turn tokens, then
 * the turn in progress if there is one, one space between them ("" at the
 * start).  A new string, or NULL when memory runs out.
 */
char *match_game_moves(const struct match_game *);

/* What a record of a game played here says besides its moves. */
struct match_game_tags {
	const char   *event;	     /* "selfplay", "match" */
	unsigned long round;	     /* 1-based game number */
	const char   *match_id;	     /* the MatchId tag, or NULL */
	const char   *black, *white; /* the players (specs or commands) */
	const char   *termination;   /* why it stopped early, or NULL */
	const char   *winner;	     /* a colour won by adjudication, or NULL */
	const char   *result;	     /* the Result, or NULL: the board's */
	const char   *setup;	     /* the Setup tag of the start, or NULL */
	const char   *opening;	     /* the Opening tag, or NULL */
	const char   *time_control;  /* the TimeControl tag, or NULL */
	/* Where the colours' clocks differ: their tags, or NULL. */
	const char *black_time_control, *white_time_control;
	/* A comment after turn i (i < nnotes) where notes[i] is not NULL. */
	char *const *notes;
	size_t	     nnotes;
};

/*
 * The tags that say what is played, in a record's order
 * (formats/record.md): Game, the board (Size for a square board, Board
 * for another), Black and White, into tags (room for 4), the strings
 * borrowed from pos, black and white.  Returns how many: 4.
 */
size_t match_play_tags(const struct rules_position *, const char *black,
    const char *white, struct record_tag_out *tags);

/*
 * Writes the record of the game to out in one write and flushes it, so an
 * interrupted series leaves whole records; a game stopped inside a turn
 * ends with that turn in progress.  The result is the score of a
 * finished game, else `*'.  Returns 0, or -1 (errno).
 */
int match_game_write(
    FILE *out, const struct match_game *, const struct match_game_tags *);

/*
 * The colour index of a colour name ("black"), or fallback where the game
 * has no such colour.
 */
int match_colour(const struct rules_game *, const char *name, int fallback);
/*
 * The seed of the player of colour c in a game played with seed s: apart
 * from the dice, which are seeded with s itself.
 */
uint64_t match_player_seed(uint64_t s, int c);
/*
 * The side (0 or 1) holding colour c in pg now, where start[c] is the side
 * that held it at the start: after a swap (the pie rule) the sides hold
 * each other's colours (formats/record.md, Turns), so this is the side to
 * ask at every turn.
 */
int match_game_side(
    const struct match_game *pg, const int start[RULES_COLOURS], int c);
/*
 * Counts the outcome of the game pg in m, by the colour each side holds
 * at its end (match_game_side of start): winner a colour or -1 (a draw, or
 * unfinished).
 */
void match_tally(struct report_match *m, const struct match_game *pg,
    const int start[RULES_COLOURS], int winner, bool unfinished);
/* Writes m to path (NULL or "-": stderr); false after saying why. */
bool match_summary(const struct report_match *m, const char *path);

/*
 * What selfplay and match share: a series of games of one game on one
 * board, game i (from 0) played with the seed seed + i and stopped after
 * max_turns turns, and its tally for the summary.  The players are the
 * command's.
 */
struct match_series {
	unsigned long games;	 /* -n, default 1 */
	unsigned long seed;	 /* -S, default 1 */
	const char   *size;	 /* -s: the board spec; NULL: default */
	unsigned long max_turns; /* --max-turns (0: none), default the
					   game's */
	bool	      has_max_turns;
	const char   *summary; /* --summary, or NULL */
	/* The board's name, once a game is set up ("" before). */
	char		    board[sizeof((struct rules_board *)NULL)->name];
	struct report_match m; /* m.board points to board above */
};

/*
 * The getopt_long values of the options without a short name (one
 * meaning per letter across the tools: README, "Options"); a command's
 * own start at MATCH_OPT_OWN.
 */
enum {
	MATCH_OPT_SUMMARY = 256,
	MATCH_OPT_MAX_TURNS,
	MATCH_OPT_OWN,
};

/* The options of a series, for a command's getopt_long table. */
#define MATCH_LONGOPTS_SERIES \
	{ "games", required_argument, NULL, 'n' }, \
	    { "seed", required_argument, NULL, 'S' }, \
	    { "size", required_argument, NULL, 's' }, \
	    { "max-turns", required_argument, NULL, MATCH_OPT_MAX_TURNS }, \
	{ \
		"summary", required_argument, NULL, MATCH_OPT_SUMMARY \
	}

/* Starts a series of the defaults; event names it ("selfplay"). */
void match_series_init(struct match_series *, const char *event);
/*
 * Takes the option c that getopt_long returned, with its argument arg, if
 * it is one of a series: -n, -S, -s, --max-turns or --summary, and does
 * nothing with another.  Returns 0, or -1 after saying what is wrong with
 * arg.
 */
int match_series_option(struct match_series *, int c, const char *arg);
/*
 * Finds the game the series plays, by name, and its turn cap unless
 * --max-turns gave one.  Returns the game, or NULL after saying that
 * there is none, or that --summary names the file standard output is.
 */
const struct rules_game *
match_series_game(struct match_series *, const char *name);
/*
 * Sets up game i (from 0) of the series in pg (match_game_init), and notes
 * the board's name.  Returns 0, or -1 after saying why (a bad board spec,
 * no memory).
 */
int match_series_start(
    struct match_series *, unsigned long i, struct match_game *pg);
/* Whether pg goes on: the game is not over and within the turn cap. */
bool
match_series_going(const struct match_series *, const struct match_game *pg);

#endif
