/* SPDX-License-Identifier: MIT */
/*
 * Reports: the YAML stream gamecheck writes, one document per record
 * (formats/report.md, schema arbiter-report/1), read back one document at
 * a time; and gamestat's summaries (formats/summary.md, schema
 * arbiter-summary/1), written and, as partial states, read back.  The only
 * module that includes <yaml.h>; what goes into a report comes from
 * src/record, what a summary holds from src/stat.
 */
#ifndef ARBITER_REPORT_H
#define ARBITER_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "referee/referee.h"
#include "solve/line.h"
#include "stat/stat.h"

#define REPORT_SCHEMA	      "arbiter-report/1"
#define REPORT_SUMMARY_SCHEMA "arbiter-summary/1"
#define REPORT_TREE_SCHEMA    "arbiter-tree/1"

struct report_writer;

/*
 * A writer of one YAML stream to out (borrowed; flushed, not closed).
 * Returns NULL when memory runs out.
 */
struct report_writer *report_writer_new(FILE *out);
/*
 * The same writer with libyaml's emitter behind it instead of the direct
 * writer of the fixed schema: the reference the direct writer must match
 * byte for byte (the unit tests, the fuzz targets, and gamecheck under
 * ARBITER_TEST_YAML_EMITTER=libyaml, which tests/report-bytes.sh uses).
 */
struct report_writer *report_writer_new_libyaml(FILE *out);
/*
 * Writes one document for a record and its replay.  source names the input
 * ("-" for stdin).  Returns 0, or -1 when the stream cannot be written
 * (errno from the output, or EINVAL for an emitter error).
 */
int report_write(struct report_writer *, const char *source,
    const struct record *, const struct replay *);
/*
 * gamecheck --solve (formats/report.md, perfect-play): line is the
 * record's line under the solver (borrowed).
 */
struct report_perfect {
	const struct solve_line *line; /* NULL: no perfect-play block */
	/* gamecheck --opening-names: the record's opening, turns 0: none. */
	const char   *opening_name; /* NULL: an entry without a name */
	unsigned long opening_number;
	size_t	      opening_turns;
};
/*
 * report_write with what gamecheck adds after the record's result: its
 * perfect-play block, its opening (pp NULL: neither, as report_write
 * writes).
 */
int report_write_perfect(struct report_writer *, const char *source,
    const struct record *, const struct replay *,
    const struct report_perfect *pp);
/* Ends the stream (if anything was written) and frees; 0 or -1. */
int report_writer_free(struct report_writer *);

/*
 * gamecheck --table and gamestat --table (write-table.c, gamecheck(1),
 * "TABLES"): a record a row to out (borrowed), format tsv or csv, the
 * columns named in columns (a comma-separated list; NULL: the default).
 * report_table_new returns NULL with err (errlen bytes) saying what the
 * tools say (the format or the column unknown, after the option's name),
 * or empty when memory ran out.  The header first, then a row per record;
 * each returns 0, or -1 when out fails (or, for a record's row, memory
 * runs out: errno ENOMEM).  A record's text (its tags, its source) is
 * cleaned to UTF-8 as its report's is (report_utf8_clean).
 */
struct report_table;
struct report_table *report_table_new(FILE *out, const char *format,
    const char *columns, char *err, size_t errlen);
int		     report_table_header(struct report_table *);
int report_table_write(struct report_table *, const char *source,
    const struct record *, const struct replay *);
/*
 * gamestat --table over reports: the row of the report report_read_game
 * has just read from rd (1), the same cells in the same words as
 * report_table_write's for its record, but the position, which no report
 * holds (report_table_needs_records says whether it is asked for).
 */
struct report_reader;
int  report_table_write_read(struct report_table *, struct report_reader *);
bool report_table_needs_records(const struct report_table *);
void report_table_free(struct report_table *);
/*
 * Whether --table format and --columns columns make a table, before any
 * input is read: 0 (format NULL: no table, and columns NULL too), or -1
 * with err saying why not ("--columns is for --table"), or as
 * report_table_new leaves it.
 */
int report_table_check(
    const char *format, const char *columns, char *err, size_t errlen);

/*
 * gameplay's documents: where a referee's game stands (arbiter-status/1),
 * the legal continuations (arbiter-legal/1) and the dice of the next turn
 * (arbiter-roll/1), each one YAML document on its own stream (documented
 * in gameplay(1)).  Everything is borrowed.
 */
struct report_play {
	const char		  *source; /* the record's file name */
	const struct record	  *rec;
	const struct replay	  *rp;
	const char		  *so_far; /* the turn in progress, or NULL */
	const struct rules_action *legal;  /* legal: the next actions */
	size_t			   nlegal;
	int			   dice[2]; /* roll: the two dice */
	bool next_turn; /* roll: the dice are of the turn after the one in
			   progress, which the head names */
	const struct report_solved *solved; /* solve: the value found */
	const struct report_clock  *clock;  /* status: a timed game's */
};

/*
 * Where a timed game's clocks stand at `at' (gameplay status,
 * formats/clock.md): players by the colour they started with; running
 * while the game goes on, to_move waiting since `since'; with a control,
 * each one's time and the deadline of the one to move (s).
 */
struct report_clock {
	int64_t		     at;
	int64_t		     start;
	bool		     has_control;
	char		     control[CORR_CONTROL_LEN];
	bool		     running;
	int		     to_move;
	int64_t		     since;
	struct corr_standing s;
};

/*
 * A perfect-play value (gameplay solve, arbiter-solve/1 in gameplay(1)):
 * scores are the final disc difference for colour (the one to move, or
 * at the end the one who would be), empty cells to the winner; cells are
 * the board's, -1 a pass.  moves and scores
 * (nmoves of each, scores[i] INT_MIN where unknown) only in --all.
 */
struct report_solved {
	bool		   exact;  /* false: a budget ran out first */
	int		   colour; /* whose score: the one to move */
	int		   score;
	int		   empties;
	const int	  *best;
	int		   nbest;
	const int	  *moves;
	const int	  *scores;
	int		   nmoves;
	unsigned long long nodes;
	double		   seconds;
	/*
	 * The generic solver's (formats/solve.md, "Other games"): the best
	 * turn and every first action as notation tokens in place of best
	 * and moves' cells, and why an unknown value is unknown.
	 */
	const char *const *best_tokens;
	const char *const *move_tokens;
	const char	  *why;
};

/* gameplay's documents of one game: status, legal, roll, solve. */
enum report_play_doc {
	REPORT_PLAY_STATUS,
	REPORT_PLAY_LEGAL,
	REPORT_PLAY_ROLL,
	REPORT_PLAY_SOLVE,
};

/*
 * Writes p as one document of kind doc to out and returns 0, or -1 when
 * out cannot be written (errno from the output, or EINVAL for an emitter
 * error).
 */
int report_write_play(
    FILE *out, enum report_play_doc doc, const struct report_play *p);

/*
 * A series of games between two players, as gameplay selfplay and match
 * sum it up (arbiter-match/1, documented in gameplay(1)): by player (side
 * 0 is the one named by --black at the start), then by the colour played.
 */
enum report_outcome {
	REPORT_WIN,
	REPORT_LOSS,
	REPORT_DRAW,
	REPORT_UNFINISHED, /* stopped by the turn cap: no winner */
	REPORT_OUTCOMES,
};

struct report_side {
	const char   *name; /* the player spec or command */
	unsigned long as[RULES_COLOURS][REPORT_OUTCOMES];
};

/*
 * The statistics of a match (gameplay match): of the first program
 * against the second, aborted games counting as draws.
 */
struct report_match_stats {
	unsigned long ldw[3];	   /* its games lost, drawn, won */
	bool	      elo_defined; /* false: the Elo figures are ~ */
	double	      elo, lo, hi; /* the difference, its interval */
	double	      los;
	bool	      sprt; /* --sprt: the rest is set */
	double	      elo0, elo1, alpha, beta;
	double	      llr, lower, upper;
	bool	      paired;	/* over pairs: pairs[], not ldw[] */
	unsigned long pairs[5]; /* pairs scoring 0, 1/2, ... 2 */
	const char   *verdict;	/* "H0", "H1" or "inconclusive" */
};

/*
 * A tournament of gameplay match (formats/summary.md, "Tournaments"):
 * each engine's games by colour with its score and its Bradley-Terry
 * rating (gamestat's: stat_ratings), and the cross table, a row per
 * pairing with the first engine's losses, draws and wins and its Elo
 * difference against the second.  All borrowed.
 */
struct report_entrant {
	struct report_side side;
	double		   score; /* points: a win 1, a draw 1/2 */
	bool		   rated; /* false: rating and error are ~ */
	double		   rating, error;
};

struct report_pairing {
	const char   *first, *second;
	unsigned long ldw[3]; /* the first's games lost, drawn, won */
	bool	      elo_defined;
	double	      elo, lo, hi;
};

struct report_tournament {
	const char		    *kind; /* "round-robin", "gauntlet" */
	unsigned long		     per_pairing;
	const struct report_entrant *entrant;
	size_t			     nentrants;
	const struct report_pairing *pairing;
	size_t			     npairings;
};

struct report_match {
	const char		*event; /* "selfplay" or "match" */
	const struct rules_game *game;
	const char		*board;
	unsigned long		 games;
	unsigned long		 adjudicated; /* illegal move, crash, timeout */
	unsigned long		 aborted;     /* the turn cap */
	struct report_side	 side[2];
	const struct report_match_stats *stats; /* or NULL: none */
	/* A tournament: its players instead of side[], or NULL. */
	const struct report_tournament *tournament;
};

/* Writes m as one YAML document; 0, or -1 as report_write_play. */
int report_write_match(FILE *out, const struct report_match *m);

/*
 * gameplay analyze --yaml (write-analysis.c): a game's analysis, one
 * turn a map: its number (1-based), its mover's colour, the turn played
 * (move), its value for the mover (eval), the analyser's best and its
 * value (best-eval), the loss, the depth (-1: none), the values in
 * thousandths; best "" where there is none.  All borrowed.
 */
struct report_analysis_turn {
	unsigned long turn;
	const char   *colour, *move, *best;
	bool	      has_eval, has_best_eval;
	long	      eval, best_eval, loss, depth;
};
struct report_analysis {
	unsigned long			   record; /* 1-based, in the inputs */
	const char			  *game, *board, *result, *analyser;
	const char			  *black, *white; /* or NULL */
	const struct report_analysis_turn *turns;
	size_t				   nturns;
};
/* Writes a as one YAML document; 0, or -1 as report_write_play. */
int report_write_analysis(FILE *out, const struct report_analysis *a);

/*
 * What gameplay analyze's comments say of a record (losses.c): by the
 * colour of each turn's mover, the turns with a [%loss], the loss summed
 * (thousandths) and the turns losing from REPORT_INACCURACY (in the
 * analyser's units, thousandths: discs for the solver and Othello
 * engines) to REPORT_MISTAKE, to REPORT_BLUNDER, and beyond; the first
 * decisive mistake: the first turn whose best (eval + loss) is of a
 * better sign than its eval, a win or a draw thrown away (its 1-based
 * turn, colour, loss and the index of its note).  any: a loss is noted.
 */
#define REPORT_INACCURACY 2000
#define REPORT_MISTAKE	  6000
#define REPORT_BLUNDER	  12000
struct report_losses {
	bool	      any;
	unsigned long turns[2];
	long long     loss[2];
	unsigned long inaccuracies[2], mistakes[2], blunders[2];
	bool	      decisive;
	unsigned long decisive_turn;
	int	      decisive_colour;
	long	      decisive_loss;
	size_t	      decisive_move;
};
void report_losses(
    const struct record *, const struct replay *, struct report_losses *);
/* The colour that moves first in rec: its Setup's side to move, else 0. */
int report_first_mover(const struct record *, const struct replay *);

/*
 * The players of a replayed record by colour, after any swap: the Black
 * and White tags (borrowed from rec), NULL where absent.  Returns false if
 * neither is there (the report then has no players map).  rp->game must
 * be set.
 */
bool report_players(const struct record *, const struct replay *,
    const struct record_tag *t[RULES_COLOURS]);

/*
 * A reader of a YAML stream of reports or partial summaries from in
 * (borrowed; not closed).  name is copied for diagnostics; the first len
 * bytes of the stream, already taken from in, are given in prefix (copied).
 * Memory stays bounded by the largest document.  NULL when memory runs out.
 */
struct report_reader;
struct report_reader *
report_reader_new(FILE *in, const char *name, const void *prefix, size_t len);
void report_reader_free(struct report_reader *);

/*
 * Reads the next report into *g, grouped by the tag `by' (NULL: none), or
 * by its opening for REPORT_BY_OPENING; the strings in *g stay valid
 * until the next call.  Returns 1, 0 at the end
 * of the stream, or -1 with d filled (a YAML error; an alias, anchor,
 * merge key or nesting past 16 levels, report-bad-yaml, refused before
 * anything is built; a document that is not a report or lacks what one
 * must hold: the position is where the trouble was found) or errno set (a read error: d->code is DIAG_NONE).  After
 * -1 the reader can go no further.
 */
int report_read_game(struct report_reader *, const char *by,
    struct stat_game *g, struct diag *d);

/*
 * Reads the next partial summary and merges it into *s, which is made on
 * the first call (*s NULL) with the partial's `by'.  Returns 1, 0 at the
 * end of the stream, or -1 as report_read_game (a summary that is not
 * partial or groups by another tag is an error too).  A document in error
 * adds nothing to *s.  The input is held whole (partials are small), and
 * refused with a diagnostic when it holds no document (partial-empty), a
 * YAML alias, anchor or nesting deeper than the schema (partial-bad-yaml,
 * found before anything is built), or a document without its end:
 * trailer (partial-truncated), whose records disagree (partial-mismatch)
 * or whose checksum does not (partial-checksum): formats/summary.md.
 * A partial merged whose run said errors (its errors key) returns 1 with
 * d saying so (partial-errors), else d's code DIAG_NONE.
 */
int report_read_partial(
    struct report_reader *, struct stat_summary **s, struct diag *d);

/*
 * The game a replayed record adds to the statistics: what its report would
 * say, strings cleaned to UTF-8 as in a report, so that a record and its
 * report count alike.  Strings are kept in *buf (grown with realloc; the
 * caller frees it once) and stay valid until the next call.  0, or -1
 * when memory runs out.
 */
int report_game_of(const struct record *, const struct replay *, const char *by,
    struct stat_game *g, char **buf, size_t *cap);

/*
 * gamestat --by opening (formats/summary.md, "Groups"): what a record's
 * opening (gamecheck --opening-names, formats/openings.md) groups as, in
 * a record's count as in its report's: by, given as it, groups by
 * opening, not by a tag; a game's value is its opening's name, cleaned
 * to UTF-8 into buf (cap bytes, at least 3 times its length + 5), or
 * "#N" for an entry of number N without a name (an XOT line).  Returns
 * buf.  A game without an opening has no value (NULL).
 */
#define REPORT_BY_OPENING "opening"
const char *
report_opening_group(const char *name, uint64_t number, char *buf, size_t cap);

/*
 * Writes a summary of s as one YAML document (a partial state with
 * partial, else the figures).  Returns 0, or -1 (errno from out, or
 * EINVAL/ENOMEM from the emitter or the rating fit).
 */
int report_summary_write(FILE *out, const struct stat_summary *s, bool partial);

/*
 * gamestat --tree (formats/summary.md, "The tree"): writes t as one YAML
 * document (write-tree.c; the exact state with partial, and then the
 * covers of cov, borrowed, else the figures), 0 or -1 (errno); reads the
 * next partial tree and adds it to *t, made on the first call
 * (read-tree.c), and its covers to cov's (borrowed), each checked
 * against those before as report_read_partial checks a summary's (1, 0
 * at the end, -1 with d filled, nothing added: a tree of another depth
 * or --from is partial-mismatch, a shard given twice partial-duplicate,
 * a tree without covers report-incomplete).
 */
struct stat_tree;
int report_tree_write(FILE *out, const struct stat_tree *t,
    const struct stat_summary *cov, bool partial);
int report_read_tree(struct report_reader *, struct stat_tree **t,
    struct stat_summary *cov, struct diag *d);

/*
 * CRC-32 (IEEE 802.3, as zlib's crc32 and gzip) of len bytes, continuing
 * from crc (0 to start): a partial summary's checksum.
 */
uint32_t report_crc32(uint32_t crc, const void *buf, size_t len);

/*
 * Copies len bytes into buf (cap bytes) as valid UTF-8 without NULs:
 * invalid sequences and NUL become U+FFFD.  Returns the length written.
 */
size_t report_utf8_clean(const char *s, size_t len, char *buf, size_t cap);

struct buf;
/*
 * The one escaping function of the direct writer, through which every
 * string from a record goes: appends len bytes of s (any bytes; borrowed)
 * to b, cleaned as report_utf8_clean cleans them and double-quoted as
 * libyaml's emitter writes a double-quoted scalar with the writer's
 * settings (unicode on, no line width, so never folded), without the
 * space before the opening quote.  Returns 0, or -1 (errno ENOMEM) leaving
 * b as it was.
 */
int report_yaml_quote(struct buf *b, const char *s, size_t len);

#endif
