/* SPDX-License-Identifier: MIT */
/*
 * gameplay's subcommands (gameplay(1)): one file per entry of the table in
 * src/gameplay.c, as tmux has one cmd-*.c per command, and what they share
 * here: loading one record from a file and replaying it, with the turn in
 * progress, and saying what is wrong with it in gamecheck's words.  The
 * work itself is in the libraries (record, report, draw, cli).
 */
#ifndef ARBITER_PLAY_H
#define ARBITER_PLAY_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "record/record.h"
#include "referee/referee.h"
#include "report/report.h"

/*
 * A command, as tmux's cmd_entry: its name, its options and operands and
 * the text of its --help, so that parsing them, a usage error and --help
 * are written once (cmd.c) and a command's file holds what it does.
 */
struct play_cmd {
	const char *name;
	struct {
		/* getopt_long's, from ':' ("+:": options end at an operand) */
		const char *template;
		/* Ends with PLAY_LONGOPTS_COMMON and a zeroed entry. */
		const struct option *longopts;
		int		     lower, upper; /* operands; upper -1: any */
		const char	    *wrong;	   /* a wrong count: "name one
						   game" */
	} args;
	const char *usage;   /* the synopsis after the name */
	const char *summary; /* its line in gameplay --help */
	/*
	 * --help: the usage line, help, the lines of -g and -r (select) and
	 * of -h and -V with their text in column width + 2, then footer.
	 */
	const char *help;
	int	    width;
	bool	    select;
	const char *footer; /* or NULL */
	const char *hint;   /* a usage error's "try"; NULL:
					   "gameplay NAME --help" */
	/*
	 * Takes option c of args.longopts but -h and -V, with its argument
	 * arg, into settings (play_parse's).  Returns 0, or -1 after saying
	 * what is wrong with arg.  NULL: the command has none but -h, -V.
	 */
	int (*option)(void *settings, int c, const char *arg);
	/* argv[0] is the command's name; returns an exit status. */
	int (*exec)(int argc, char **argv);
};

/* The command called name, or NULL (src/gameplay.c). */
const struct play_cmd *play_cmd_find(const char *name);
/* gameplay's own --help, but for cli_help_done()'s last line. */
void play_help_gameplay(void);

/* The options every command takes, for its getopt_long table. */
#define PLAY_LONGOPTS_COMMON \
	{ "help", no_argument, NULL, 'h' }, \
	{ \
		"version", no_argument, NULL, 'V' \
	}

/*
 * Parses the options of argv (argv[0] is the command's name) as cmd's
 * entry says: each one of its own goes to cmd->option with settings
 * (borrowed; the caller set its defaults), -h and -V are done here, and
 * the operands are counted.  Returns -1 to go on, the operands being
 * argv[optind] to argv[argc - 1]; else the exit status after -h, -V or a
 * usage error said on stderr in one line.
 */
int play_parse(const struct play_cmd *, int argc, char **argv, void *settings);
/* Says that the operands are not what cmd takes; returns CLI_USAGE. */
int play_usage_error(const struct play_cmd *);
/* cmd's --help on stdout, but for cli_help_done()'s last line. */
void play_help(const struct play_cmd *);

extern const struct play_cmd play_cmd_help;
extern const struct play_cmd play_cmd_new;
extern const struct play_cmd play_cmd_show;
extern const struct play_cmd play_cmd_legal;
extern const struct play_cmd play_cmd_move;
extern const struct play_cmd play_cmd_status;
extern const struct play_cmd play_cmd_roll;
extern const struct play_cmd play_cmd_perft;
extern const struct play_cmd play_cmd_selfplay;
extern const struct play_cmd play_cmd_match;
extern const struct play_cmd play_cmd_engine;

/*
 * Which record of a file a command takes, and its game where the record
 * has no Game tag: -g and -r, as gamecheck's -g.
 */
struct play_select {
	const struct rules_game *game;	 /* NULL: the Game tag */
	unsigned long		 record; /* 1-based; 0: the file's only one */
};

#define PLAY_LONGOPTS_RECORD \
	{ "game", required_argument, NULL, 'g' }, \
	{ \
		"record", required_argument, NULL, 'r' \
	}

/*
 * Takes the option c (with its argument arg) if it is -g or -r, and does
 * nothing with another: a command's option function ends in it.  Returns
 * 0, or -1 after saying what is wrong with arg.
 */
int play_select_option(struct play_select *, int c, const char *arg);

/*
 * The entry's args of a command that takes one record and no option but
 * -g and -r, and its option function: settings is a struct play_select.
 */
extern const struct option play_record_longopts[];
#define PLAY_RECORD_ARGS \
	{ \
		":g:r:hV", play_record_longopts, 1, 1, "name one record" \
	}
int play_record_option(void *sel, int c, const char *arg);

/*
 * One record as gameplay holds it: the file's text (owned), the record
 * read from it (the reader owns it) and its replay (a turn in progress
 * may end it).  The record's text ends at end: where the next record
 * starts, or len.
 */
struct play_record {
	const char		*path; /* as given; "-" is standard input */
	const char		*name; /* for diagnostics */
	char			*text;
	size_t			 len;
	size_t			 end;
	const struct rules_game *game; /* -g, or NULL: the Game tag */
	struct record_syntax	*syn;
	struct record_reader	*rd; /* over text */
	const struct record	*rec;
	struct replay		 rp;
	bool			 more; /* another record follows rec */
};

/* Legal moves listed in a diagnostic's note, as gamecheck's report does. */
#define PLAY_MAX_LEGAL 64

/*
 * Reads the record sel picks in text (len bytes, owned by pr from now on)
 * and replays it.  Returns CLI_OK, or the exit status after saying why on
 * stderr: CLI_BAD for a record that is not legal (gamecheck's diagnostic
 * and code, the legal moves as a note), no record, or more than one and
 * none picked; CLI_USAGE for a record picked that is not there;
 * CLI_INTERNAL when memory runs out.  quiet: nothing is said (the caller
 * may play_diag() the replay's error).
 */
int play_load(struct play_record *, const char *path, char *text, size_t len,
    const struct play_select *sel, bool quiet);
/* Reads path whole and play_load()s it; a file that cannot be read is
 * CLI_USAGE. */
int play_open(
    struct play_record *, const char *path, const struct play_select *sel);
void play_close(struct play_record *);

/*
 * Replays the first upto turn tokens of pr's record into rp (initialised
 * by the caller): the position after turn upto.  Returns 0, or -1 if
 * memory ran out (rp then holds DIAG_NO_MEMORY).
 */
int play_replay_upto(
    const struct play_record *, unsigned long upto, struct replay *rp);

/*
 * How a forfeited game (rp->forfeit) was decided, from rec's Termination
 * tag made printable: "black wins (white crashed)".
 */
void play_forfeit_text(
    const struct record *, const struct replay *rp, char *buf, size_t cap);

/* Prints a replay's error like gamecheck, with the legal moves as a note. */
void play_diag(const char *name, const struct replay *rp);

/* The text of turn token i of pr's record, as a new string. */
char *play_token(const struct play_record *, size_t i);

/*
 * Whether a game throws dice: its table's has_dice.
 */
bool play_uses_dice(const struct rules_position *);

/* Parses getopt's optarg as a count for option name; false: reported. */
bool play_count(const char *name, const char *arg, unsigned long *v);

/* The exit status after writing a document to stdout (rc 0 or -1). */
int play_finish(int rc);
/* The turn in progress so far, as a new string, or NULL. */
char *play_so_far(const struct play_record *);

/*
 * gameplay engine --protocol gtp (gtp-engine.c): plays pl (borrowed) as a
 * GTP engine on standard input and output until `quit' or the end of the
 * input, game k of the session seeded with seed + k - 1.  Returns the
 * exit status.
 */
struct player;
int play_gtp_engine(struct player *pl, unsigned long seed);
/*
 * gameplay engine --protocol nboard (nboard-engine.c): plays pl (borrowed)
 * as an NBoard engine for Othello, as play_gtp_engine plays GTP.
 */
int play_nboard_engine(struct player *pl, unsigned long seed);

/* ---- Games played by gameplay itself (series.c) ------------------ */

/* An action of a game, and the colour that made it (a roll: the mover's). */
struct play_move {
	struct rules_action a;
	int		    colour;
};

/*
 * A game as selfplay and match play it: the position, the dice drawn
 * from the game's seed (formats/rng.md) as a referee rolls them, the turn
 * tokens played and the actions of the turn in progress, and every action
 * in order (for protocols that tell a program only the new ones).
 */
struct play_game {
	struct rules_position *pos;
	bool		       dice; /* the game throws dice */
	uint64_t	       seed;
	struct rules_rng       rng;   /* the dice, seeded with seed */
	char		     **turns; /* finished turn tokens, owned */
	size_t		       nturns, turns_cap;
	struct rules_action   *cur; /* the turn in progress */
	size_t		       ncur, cur_cap;
	struct play_move      *log; /* every action so far, owned */
	size_t		       nlog, log_cap;
	/* The Setup of its start (borrowed), or NULL: the game's start. */
	const char *setup;
};

/*
 * Starts a game of g on board spec (NULL: the default) whose dice come
 * from seed.  Returns 0, or -1 with d filled (a bad board, no memory).
 */
int  play_game_init(struct play_game *, const struct rules_game *g,
     const char *spec, uint64_t seed, struct diag *d);
void play_game_fini(struct play_game *);
/*
 * If the next action is a roll of the dice, rolls them from the game's
 * seed and plays them: returns 1; 0 if it is not; -1 when memory runs out.
 */
int play_game_roll(struct play_game *);
/*
 * Plays one action and notes it in the turn in progress, which becomes a
 * turn token when the turn ends.  Returns 0, or -1 with d filled: the
 * action is illegal (the rules' code), or memory ran out (no-memory).
 */
int
play_game_play(struct play_game *, const struct rules_action *, struct diag *d);
/*
 * The game so far as formats/protocol.md sends it: the turn tokens, then
 * the turn in progress if there is one, one space between them ("" at the
 * start).  A new string, or NULL when memory runs out.
 */
char *play_game_moves(const struct play_game *);

/* What a record of a game played here says besides its moves. */
struct play_game_tags {
	const char   *event;	     /* "selfplay", "match" */
	unsigned long round;	     /* 1-based game number */
	const char   *match_id;	     /* the MatchId tag, or NULL */
	const char   *black, *white; /* the players (specs or commands) */
	const char   *termination;   /* why it stopped early, or NULL */
	const char   *winner;	     /* a colour won by adjudication, or NULL */
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
 * Writes the record of the game to out in one write and flushes it, so an
 * interrupted series leaves whole records; a game stopped inside a turn
 * ends with that turn in progress.  The result is the score of a
 * finished game, else `*'.  Returns 0, or -1 (errno).
 */
int play_game_write(
    FILE *out, const struct play_game *, const struct play_game_tags *);

/*
 * The colour index of a colour name ("black"), or fallback where the game
 * has no such colour.
 */
int play_colour(const struct rules_game *, const char *name, int fallback);
/*
 * The seed of the player of colour c in a game played with seed s: apart
 * from the dice, which are seeded with s itself.
 */
uint64_t play_player_seed(uint64_t s, int c);
/*
 * The side (0 or 1) holding colour c in pg now, where start[c] is the side
 * that held it at the start: after a swap (the pie rule) the sides hold
 * each other's colours (formats/record.md, Turns), so this is the side to
 * ask at every turn.
 */
int play_game_side(
    const struct play_game *pg, const int start[RULES_COLOURS], int c);
/*
 * Counts the outcome of the game pg in m, by the colour each side holds
 * at its end (play_game_side of start): winner a colour or -1 (a draw, or
 * unfinished).
 */
void play_tally(struct report_match *m, const struct play_game *pg,
    const int start[RULES_COLOURS], int winner, bool unfinished);
/* Writes m to path (NULL or "-": stderr); false after saying why. */
bool play_summary(const struct report_match *m, const char *path);

/*
 * What selfplay and match share: a series of games of one game on one
 * board, game i (from 0) played with the seed seed + i and stopped after
 * max_turns turns, and its tally for the summary.  The players are the
 * command's.
 */
struct play_series {
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
 * own start at PLAY_OPT_OWN.
 */
enum {
	PLAY_OPT_SUMMARY = 256,
	PLAY_OPT_MAX_TURNS,
	PLAY_OPT_OWN,
};

/* The options of a series, for a command's getopt_long table. */
#define PLAY_LONGOPTS_SERIES \
	{ "games", required_argument, NULL, 'n' }, \
	    { "seed", required_argument, NULL, 'S' }, \
	    { "size", required_argument, NULL, 's' }, \
	    { "max-turns", required_argument, NULL, PLAY_OPT_MAX_TURNS }, \
	{ \
		"summary", required_argument, NULL, PLAY_OPT_SUMMARY \
	}

/* Starts a series of the defaults; event names it ("selfplay"). */
void play_series_init(struct play_series *, const char *event);
/*
 * Takes the option c that getopt_long returned, with its argument arg, if
 * it is one of a series: -n, -S, -s, --max-turns or --summary, and does
 * nothing with another.  Returns 0, or -1 after saying what is wrong with
 * arg.
 */
int play_series_option(struct play_series *, int c, const char *arg);
/*
 * Finds the game the series plays, by name, and its turn cap unless
 * --max-turns gave one.  Returns the game, or NULL after saying that
 * there is none, or that --summary names the file standard output is.
 */
const struct rules_game *
play_series_game(struct play_series *, const char *name);
/*
 * Sets up game i (from 0) of the series in pg (play_game_init), and notes
 * the board's name.  Returns 0, or -1 after saying why (a bad board spec,
 * no memory).
 */
int
play_series_start(struct play_series *, unsigned long i, struct play_game *pg);
/* Whether pg goes on: the game is not over and within the turn cap. */
bool play_series_going(const struct play_series *, const struct play_game *pg);

/* ---- Resuming a match (resume.c) --------------------------------- */

/*
 * Called with each game i (from 0) found by play_resume_read and its
 * replay (borrowed, for the call only); returns 0, or -1 after saying why
 * to stop.
 */
typedef int (*play_resume_fn)(
    void *arg, unsigned long i, const struct replay *rp);
/*
 * Reads the records a match wrote to fp (path names it in messages), a
 * file open for reading and writing at its start: each must be whole, of
 * the Round 1, 2, ... in turn (with any_order, of any Round from 1 to
 * most: the games a match of -j N --order completion wrote, each once,
 * which each must check), with the MatchId tag match_id, and legal,
 * and there may be at most most of them; each goes to each with arg.  A
 * last record cut short (by a kill in the middle of its write) is not
 * counted, and the file is cut back to the end of the last whole one, fp
 * standing there.  Returns 0 with *games the records kept, or -1 after
 * saying why (a record not of this match, or not legal; too many; a read
 * or write error).
 */
int play_resume_read(FILE *fp, const char *path, struct record_syntax *syn,
    const char *match_id, unsigned long most, bool any_order,
    play_resume_fn each, void *arg, unsigned long *games);
/*
 * Replays the record of game i that text (len bytes, borrowed) holds,
 * one the match has just played (gameplay match -j N), and gives it to
 * each as play_resume_read does.  Returns 0, or -1 after saying why (not
 * a whole legal record, no memory, or each's -1).
 */
int play_resume_record(struct record_syntax *syn, const char *text, size_t len,
    unsigned long i, play_resume_fn each, void *arg);

#endif
