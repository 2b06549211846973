/* SPDX-License-Identifier: MIT */
/*
 * Statistics over archives (gamestat(1), formats/summary.md): the state a
 * summary is computed from, kept as exact integers so that partial states
 * built from any split of an archive merge into exactly the state of one
 * pass over all of it; the figures derived from that state at output time
 * (moments, quantiles, the Wilson interval, Bradley-Terry ratings); and
 * SVG charts.  Reading reports and writing YAML are left to src/report;
 * this module knows games only by the names a report carries.
 */
#ifndef ARBITER_STAT_H
#define ARBITER_STAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/util.h"

/* Per-colour figures a game may carry ("discs", "flipped", "captured"). */
#define STAT_MAX_SERIES 16

enum stat_status {
	STAT_FINISHED,
	STAT_UNFINISHED,
	STAT_ILLEGAL,
	STAT_MALFORMED,
	STAT_FORFEIT, /* unfinished, decided off the board */
};

/*
 * The causes of a forfeit, in the order summaries count them: illegal
 * move, crash, time-out, resignation, withdrawal (replay_cause in
 * referee.h).  A summary writes the first STAT_CAUSES_ALWAYS always and
 * a later one only where it counts a game, so that a summary of games
 * without them reads as it did before they were counted.
 */
#define STAT_CAUSES	   5
#define STAT_CAUSES_ALWAYS 4

/*
 * The Termination tag of a finished game that gameplay match --adjudicate
 * solve:N ended, the solver playing it out, begins so (formats/record.md):
 * summaries count such games as adjudicated.
 */
#define STAT_SOLVED_TERMINATION "adjudicated: perfect play"

/*
 * The per-colour figures of an analysed game (formats/report.md,
 * "Analyses") that are summed by player too, in this order:
 * stat_analysis_name(i) is the series name of figure i.
 */
#define STAT_ANALYSIS 6
const char *stat_analysis_name(int i);

/* Seats: the person who made the first move of the game, and the other. */
#define STAT_FIRST  0
#define STAT_SECOND 1

/*
 * One game as the statistics see it, built from a report or a replay.
 * Every string is borrowed for the duration of stat_add; NULL stands for
 * absent (a null in YAML).
 */
struct stat_game {
	const char	*value;	    /* the --by tag's value */
	const char	*game;	    /* "reversi" */
	const char	*board;	    /* "8x8" */
	const char	*colour[2]; /* colour names, first mover first */
	enum stat_status status;
	int		 cause; /* STAT_FORFEIT: 0..STAT_CAUSES-1 */
	/*
	 * The rest counts only for finished games, except winner, swapped
	 * and player, which a forfeit has too.
	 */
	long long   turns;
	long long   actions;
	bool	    adjudicated; /* STAT_SOLVED_TERMINATION */
	bool	    agreed;	 /* finished: a draw by agreement */
	bool	    adjudged;	 /* finished: a director's decision */
	int	    winner;	 /* colour index, -1 for a draw */
	bool	    swapped;	 /* pie rule: seats hold other colours */
	bool	    has_score;
	long long   points[2]; /* by colour */
	const char *player[2]; /* by colour, after any swap */
	size_t	    nseries;
	struct {
		const char *name;
		long long   value[2];
	} series[STAT_MAX_SERIES];
};

/* An exact histogram of integers: values ascending, counts > 0. */
struct stat_hist {
	long long *value;
	uint64_t  *count;
	size_t	   n;
	size_t	   cap;
};

/* Count, sum and sum of squares of integers: exact moments. */
struct stat_moments {
	uint64_t n;
	int64_t	 sum;
	uint64_t sumsq;
};

struct stat_series {
	char		   *name;
	struct stat_moments by_colour[2];
};

struct stat_figures; /* figures.h */

/* Games between two players, a < b in the group's player table. */
struct stat_pair {
	uint32_t a, b;
	uint64_t wins_a, wins_b, draws;
};

/*
 * All that is known about one group: one value of the --by tag, one game,
 * one board.  Players are numbered in the order they were met, which
 * differs between runs; everything written is sorted by name.
 */
struct stat_group {
	char		   *value;
	char		   *game;
	char		   *board;
	char		   *colour[2];
	uint64_t	    records, finished, unfinished, illegal, malformed;
	uint64_t	    forfeits[STAT_CAUSES]; /* games, by cause */
	uint64_t	    adjudicated; /* finished games a solver ended */
	uint64_t	    agreed;	 /* finished games drawn by agreement */
	uint64_t	    adjudged;	 /* finished games a director decided */
	uint64_t	    colour_wins[2];
	uint64_t	    seat_wins[2];
	uint64_t	    draws;
	struct stat_hist    margin; /* points of colour 0 minus colour 1 */
	struct stat_hist    turns;
	struct stat_hist    actions;
	struct stat_series *series; /* sorted by name */
	size_t		    nseries;
	char		  **player; /* names, by player number */
	/* By player number: the games that player lost by forfeit. */
	uint64_t (*forfeited)[STAT_CAUSES];
	size_t forfeitedcap;
	/*
	 * By player number: the finished games that player played drawn by
	 * agreement ([0]) and decided by a director ([1]).
	 */
	uint64_t (*decided)[2];
	size_t		  decidedcap;
	/*
	 * By player number: what gameplay analyze's comments say of the
	 * finished games that player played, summed over the colours it
	 * held (stat_analysis_name: turns analysed, loss in thousandths,
	 * inaccuracies, mistakes, blunders, decisive mistakes).
	 */
	uint64_t (*analysis)[STAT_ANALYSIS];
	size_t analysiscap;
	size_t		  nplayers;
	size_t		  playercap;
	struct hashmap	  players; /* name -> player number */
	struct stat_pair *pair;
	size_t		  npairs;
	size_t		  paircap;
	struct hashmap	  pairs; /* (a, b) -> pair index */
	struct stat_figures *figures; /* --figures (figures.h), or NULL */
};

/*
 * What a run counted, a partial summary's `covers' (formats/summary.md,
 * "Covers"): every record of its list of inputs, or, with n > 0, the
 * records i (numbered from 0 across the list) with i mod n = k - 1.  An
 * input is its name as given, its size and the CRC-32 of its bytes.
 */
struct stat_input {
	char	*name;
	uint64_t bytes;
	uint32_t crc;
};

/* Where an input of the covers stands, and the head of its list. */
struct stat_input_at {
	size_t cover; /* cover[cover].input[input] */
	size_t input;
	size_t head;
};

struct stat_cover {
	unsigned long	   k, n; /* n 0: no --shard */
	struct stat_input *input;
	size_t		   ninputs;
	size_t		   inputcap;
	char		  *from; /* the partial read, or NULL */
	size_t		   head; /* the first cover of the same list */
};

/* The whole state: groups (by --by value, game, board). */
struct stat_summary {
	char		  *by;	  /* the tag grouped by, or NULL */
	char		  *read;  /* how the records were read, or NULL */
	struct stat_cover *cover; /* in the order added */
	size_t		   ncovers;
	size_t		   covercap;
	/* Each input of the covers, once, -> its list's head (input_at). */
	struct hashmap	      inputs;
	struct stat_input_at *input_at;
	size_t		      ninput_at;
	size_t		      input_atcap;
	struct hashmap	      names; /* each file's name -> its first input */
	uint64_t	      records;
	/*
	 * A run that counted it said errors of its inputs (gamestat exited
	 * 1): a partial's errors, kept by a merge.
	 */
	bool		      errors;
	struct stat_group   **group;
	size_t		      ngroups;
	size_t		      groupcap;
	struct hashmap	      groups;  /* (value, game, board) -> index */
	struct stat_group    *last;    /* consecutive records share a group */
	unsigned	      figures; /* STAT_FIG_* asked for (figures.h) */
	/*
	 * gamestat --no-players: stat_add keeps no player or pair, so the
	 * state grows with the groups only.
	 */
	bool no_players;
};

/*
 * A summary grouped by the tag `by' (NULL: no grouping); returns NULL when
 * memory runs out.  stat_summary_free(NULL) does nothing.
 */
struct stat_summary *stat_summary_new(const char *by);
void		     stat_summary_free(struct stat_summary *);

/*
 * Counts one game (its players too, unless s->no_players).  Returns 0,
 * or -1: errno EINVAL when the game's colour names differ from those its
 * group was made with, and then nothing of the game has been counted;
 * ENOMEM when memory runs out, or EOVERFLOW when a histogram bin or a
 * pair would pass STAT_COUNT_MAX, and then the game may be counted in
 * part (its record, status and winner, not its figures or players), so
 * that the summary's figures need not agree: it is fit only to be freed
 * (gamestat exits).
 */
int stat_add(struct stat_summary *, const struct stat_game *);

/*
 * The group for (value, game, board), made empty with the given colour
 * names if it is new; NULL when memory runs out or the colour names differ
 * from an existing group's (errno EINVAL).  For readers of partial states.
 */
struct stat_group *stat_group_get(struct stat_summary *, const char *value,
    const char *game, const char *board, const char *const colour[2]);

/* The group for (value, game, board), or NULL if s has none. */
const struct stat_group *stat_group_find(const struct stat_summary *,
    const char *value, const char *game, const char *board);

/*
 * The largest count, sum or sum of squares a state holds: 2^63 - 1, the
 * largest a partial summary can carry (formats/summary.md), so that what
 * a merge writes can be read back.
 */
#define STAT_COUNT_MAX ((uint64_t)INT64_MAX)

/*
 * *a += b when the sum is at most STAT_COUNT_MAX; false (and *a
 * unchanged) when it would be larger.
 */
bool stat_count_add(uint64_t *a, uint64_t b);
/* *a += b when |sum| is at most STAT_COUNT_MAX; false (*a unchanged). */
bool stat_sum_add(int64_t *a, int64_t b);
/* Whether a[i] + b[i] stays at most STAT_COUNT_MAX for each i < n. */
bool stat_counts_fit(const uint64_t *a, const uint64_t *b, size_t n);
/*
 * a[i] += b[i] for each i < n when stat_counts_fit: 0; else -1 (errno
 * EOVERFLOW) with a unchanged.
 */
int stat_counts_add(uint64_t *a, const uint64_t *b, size_t n);

/* The place of v in h: the first bin whose value is not below v. */
size_t stat_hist_index(const struct stat_hist *, long long v);
/*
 * Adds count to the histogram bin of v; 0 or -1 (memory, or errno
 * EOVERFLOW when the bin would pass STAT_COUNT_MAX).
 */
int stat_hist_add(struct stat_hist *, long long v, uint64_t count);
/*
 * Whether name (NULL: absent) names a player: not "?", the notation's
 * unknown player (gameplay new writes it), not empty and not blanks
 * only (formats/summary.md, "players").  A game without two named,
 * different players is left out of players and ratings.
 */
bool stat_player_named(const char *name);
/* The player number of name in g, made if new; -1 when memory runs out. */
long stat_player(struct stat_group *, const char *name);
/* The player number of name in g, or -1 if g has no such player. */
long stat_player_find(const struct stat_group *, const char *name);
/* The games player a of g lost, by its pairs. */
uint64_t stat_player_losses(const struct stat_group *, size_t a);
/*
 * Whether g's figures can be true together, as every group stat_add
 * builds has them (formats/summary.md, "Consistency"): records are the
 * statuses and the forfeits; wins and draws the decided games (finished
 * and forfeited); seats the same decisive games; turns and actions one
 * value (not negative) a finished game, margin at most one; each
 * series a count for each colour, the same, no more than the finished
 * games, a sum no larger than its sum of squares (none of no games); the
 * pairs' wins and draws no more than the group's.  Returns NULL if they
 * can, else the partial summary's key of the figure at fault ("records",
 * "wins", "seats", "turns", "actions", "margin", "series", "pairs"), with
 * why, a message without that key, written to why[cap].
 */
const char *
stat_group_inconsistent(const struct stat_group *g, char *why, size_t cap);
/* Whether any game of g was decided by forfeit. */
bool stat_has_forfeits(const struct stat_group *);
/*
 * Adds games between players a and b (numbers from stat_player, a != b):
 * wins of a, wins of b, draws.  0 or -1 (memory, or errno EOVERFLOW when
 * a count would pass STAT_COUNT_MAX: then nothing is added).
 */
int stat_pair_add(struct stat_group *, uint32_t a, uint32_t b, uint64_t wins_a,
    uint64_t wins_b, uint64_t draws);
/* The games between players a and b of g, or NULL if none. */
const struct stat_pair *
stat_pair_find(const struct stat_group *, uint32_t a, uint32_t b);
/* The series called name, made if new; NULL when memory runs out. */
struct stat_series *stat_series_get(struct stat_group *, const char *name);

/*
 * Adds all of src into dst (the same `by' is the caller's to check).
 * Returns 0, or -1 (memory, colour names that differ: errno EINVAL, or a
 * count, sum or sum of squares that would pass STAT_COUNT_MAX: errno
 * EOVERFLOW).  After a failure dst is part-merged: check first with
 * stat_merge_check, so that only memory can fail it (report_read_partial
 * does, and a run that runs out of memory writes nothing).
 */
int stat_merge(struct stat_summary *dst, const struct stat_summary *src);
/*
 * Whether stat_merge(dst, src) would succeed but for memory, with
 * nothing changed (merge-check.c): 0, or -1 with errno EINVAL (colour
 * names, or design figures of boards of other sizes, that differ) or
 * EOVERFLOW (a sum past STAT_COUNT_MAX).  Its time is src's size (times
 * a logarithm), not dst's: a merge of N partials stays linear.
 */
int stat_merge_check(
    const struct stat_summary *dst, const struct stat_summary *src);
/*
 * Says how the records of s were read (formats/summary.md, "Covers":
 * read), copied; NULL for not said.  0, or -1 (memory).  A merge takes
 * it from the first summary that says it: telling mixes is the reader's.
 */
int stat_set_read(struct stat_summary *s, const char *read);

/* ---- Covers ------------------------------------------------------- */

/*
 * Adds an empty cover of shard k/n (n 0: no shard), read from the partial
 * named from (NULL for a run's own; copied), to s; fill it with
 * stat_cover_input, then call stat_cover_done.  NULL when memory runs out.
 */
struct stat_cover *stat_cover_add(
    struct stat_summary *, unsigned long k, unsigned long n, const char *from);
/* Appends an input to the cover last added; 0 or -1 (memory). */
int stat_cover_input(
    struct stat_cover *, const char *name, uint64_t bytes, uint32_t crc);
/*
 * Indexes the cover last added by its inputs, so that later covers are
 * checked against it; 0 or -1 (memory).
 */
int stat_cover_done(struct stat_summary *);
/*
 * Frees what cover c holds, its inputs and its from: a summary's, or one
 * of the caller's own (read to be checked, say).
 */
void stat_cover_fini(struct stat_cover *c);
/* Removes the cover last added (one found in conflict, say). */
void stat_cover_drop(struct stat_summary *);
/* Frees all of the covers of s, for stat_summary_free. */
void stat_covers_fini(struct stat_summary *);

enum stat_conflict {
	STAT_CONFLICT_NONE,
	STAT_CONFLICT_SAME,    /* the same inputs and shard */
	STAT_CONFLICT_OVERLAP, /* the same inputs, shards that overlap */
	STAT_CONFLICT_SHARED,  /* other lists that share an input */
	STAT_CONFLICT_SPLIT,   /* the same inputs split into other n */
};

/*
 * Whether the cover last added (not yet done) could count a record that
 * a cover already in s counts, or splits its inputs another way: the
 * conflict, with *other the index of the cover it is in conflict with.
 * Shards k/n and j/m of one list overlap when k - 1 and j - 1 agree
 * modulo gcd(n, m); no shard overlaps every shard.
 */
enum stat_conflict
stat_cover_conflict(const struct stat_summary *, size_t *other);

/*
 * Whether the cover last added (not yet done) names a file that a cover
 * already in s names with another size or CRC-32: another version of
 * the file (one that grew between two runs), whose records the two would
 * count twice or in part.  1 with *other that cover, and *in and *oin
 * the places of the file in each; 0 if none.  Names that name no one
 * file are left out: "-" (standard input) and names with U+FFFD, which
 * the UTF-8 repair of two other names may have made one.
 */
int stat_cover_version(
    const struct stat_summary *, size_t *other, size_t *in, size_t *oin);

/*
 * Whether cover c lists one input twice (name, size and CRC-32 all the
 * same, as across covers), which no run writes (it refuses a file named
 * twice) and which would count its records twice: 1 with *first and
 * *again the two places in c->input, 0 if every input is once, -1 when
 * memory runs out.  Two names made one by the UTF-8 repair of a name
 * (two Latin-1 names) are two inputs while their bytes differ.
 */
int stat_cover_repeat(const struct stat_cover *c, size_t *first, size_t *again);

/*
 * The shards missing from the list whose first cover is s->cover[head]
 * (sharded; head is its own head): how many are missing, the first max
 * of them written to k[] ascending.
 */
size_t stat_cover_missing(
    const struct stat_summary *, size_t head, unsigned long *k, size_t max);

/* Covers in output order (inputs, then n, then k).  Caller frees. */
const struct stat_cover **stat_covers_sorted(const struct stat_summary *);

/* Groups in output order (value, game, board; NULL first).  Caller frees. */
struct stat_group **stat_groups_sorted(const struct stat_summary *);

/* ---- Derived figures, computed only at output --------------------- */

/* The histogram's moments. */
void stat_hist_moments(const struct stat_hist *, struct stat_moments *);
/* Mean and sample standard deviation (0 for n < 2); false if n == 0. */
bool
stat_moments_mean_sd(const struct stat_moments *, double *mean, double *sd);
/*
 * The nearest-rank quantile of permille/1000 (0: minimum, 1000: maximum):
 * the smallest value whose cumulative count reaches ceil(n * q), n >= 1.
 */
long long stat_hist_quantile(const struct stat_hist *, unsigned permille);

/*
 * The Wilson score interval for k successes in n trials at the normal
 * quantile z (1.959964 for 95%).  False when n == 0.
 */
bool stat_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi);

/* A player's totals and rating, as written in the summary. */
struct stat_rating {
	const char     *name; /* borrowed from the group */
	uint64_t	games, wins, draws, losses; /* forfeits included */
	const uint64_t *forfeited; /* [STAT_CAUSES], borrowed */
	const uint64_t *decided;   /* [2]: agreed, adjudged; borrowed */
	const uint64_t *analysis;  /* [STAT_ANALYSIS], borrowed */
	double		rating;	   /* Elo scale, 0 = the prior's anchor */
	double		error;	   /* 95% half-width, Elo points */
};

/*
 * Fits Bradley-Terry strengths to the group's pair table by Hunter's MM
 * algorithm, a draw counting half a win to each side.  prior is the number
 * of virtual draws each player is given against an anchor of rating 0 (1
 * in gamestat; 0 fits the bare maximum-likelihood model, which exists only
 * when the comparison graph is strongly connected).  Writes nplayers
 * entries sorted by name into *out (caller frees); returns 0, or -1 when
 * memory runs out.
 */
int
stat_ratings(const struct stat_group *, double prior, struct stat_rating **out);

/* ---- Charts ------------------------------------------------------- */

/*
 * The charts, numbered from 0 to STAT_CHARTS - 1: stat_chart_name(i) is
 * chart i's file name (margin.svg, length.svg, first-player.svg, and
 * index.html, the page that shows them; then swap-map.svg, tension.svg
 * and luck.svg, written only for a summary with --figures, by
 * cli_figures_chart), and stat_chart_write writes chart i below
 * STAT_BASE_CHARTS to f, whose opening and closing are the caller's.
 * Returns 0, or -1 with errno (memory, or f's error).
 */
#define STAT_CHARTS	 7
#define STAT_BASE_CHARTS 4
const char *stat_chart_name(int i);
/*
 * Begins a chart's SVG document, 640 pixels wide and height high, on a
 * white ground, with its title (no markup: written as is) as a heading.
 */
void stat_svg_start(FILE *f, int height, const char *title);
int	    stat_chart_write(const struct stat_summary *, int i, FILE *f);

#endif
