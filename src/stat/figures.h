/* SPDX-License-Identifier: MIT */
/*
 * The designers' figures of a group (gamestat --figures, formats/summary.md,
 * "Design figures"): the pie rule's swap map, the tension of a game (lead
 * changes, when it is decided, close finishes, branching, board coverage)
 * and the luck of the dice, kept as exact integers that merge as the rest
 * of a partial summary does.  What a game's figures are is computed from
 * its replay by the caller (src/cli/figures.c); this module only counts.
 */
#ifndef ARBITER_STAT_FIGURES_H
#define ARBITER_STAT_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stat/stat.h"

/* The figures asked for: a set of these bits. */
#define STAT_FIG_SWAP	 0x1u
#define STAT_FIG_TENSION 0x2u
#define STAT_FIG_LUCK	 0x4u
#define STAT_FIG_ALL	 0x7u

/* "swap", "tension", "luck" for one bit; NULL for anything else. */
const char *stat_figure_name(unsigned bit);
/*
 * Parses a comma-separated list of figure names, or "all", into *set;
 * false for an empty list or an unknown name.
 */
bool stat_figures_parse(const char *list, unsigned *set);

/* One first move of the swap map: a cell named as the records name it. */
struct stat_swap_move {
	char	*cell;
	uint64_t games;	       /* finished games it began that offered a swap */
	uint64_t swapped;      /* of those, swapped */
	uint64_t kept_wins;    /* not swapped, won by the first colour */
	uint64_t swapped_wins; /* swapped, won by the first colour */
};

/*
 * A group's figures.  Every histogram holds counts of games but two:
 * branching_turns counts turn starts by turn number and branching_legal
 * sums their legal actions by turn number.
 */
struct stat_figures {
	struct stat_swap_move *move; /* sorted by cell name (bytes) */
	size_t		       nmoves;
	size_t		       movecap;
	struct stat_hist       lead_changes;
	struct stat_hist       decided;	      /* a turn, decisive games */
	struct stat_hist       decided_share; /* permille of the turns */
	struct stat_hist       final_lead;    /* |lead| at the end */
	struct stat_hist       branching_turns;
	struct stat_hist       branching_legal;
	struct stat_hist       coverage;  /* cells ever occupied */
	uint64_t	       cells;	  /* the board's cells; 0: no game */
	struct stat_moments    dice[2];	  /* a game's total, by colour */
	struct stat_hist       advantage; /* first colour's total minus */
	struct stat_hist       advantage_wins; /* ... the first colour won */
};

/*
 * One finished game's figures, as the caller worked them out.  has says
 * which it has (a game without the pie rule has no swap, one without dice
 * no luck).  Borrowed for the duration of stat_figures_add.
 */
struct stat_figures_game {
	unsigned has;
	int	 winner; /* colour, -1 for a draw */
	/* Swap: the first move (its canonical cell) and whether swapped. */
	const char *first;
	bool	    swapped;
	/* Tension. */
	long long	turns;
	long long	lead_changes;
	long long	decided; /* -1 for a draw */
	long long	final_lead;
	const uint32_t *legal; /* legal actions at turn t + 1's start */
	size_t		nlegal;
	long long	covered;
	long long	cells;
	/* Luck: the pips each colour rolled. */
	long long dice[2];
};

/* The count of value v in h, 0 if absent; the sum of h's counts. */
uint64_t stat_hist_count(const struct stat_hist *h, long long v);
uint64_t stat_hist_total(const struct stat_hist *h);

/* The figures of group g, made empty if new; NULL when memory runs out. */
struct stat_figures *stat_figures_of(struct stat_group *g);
void		     stat_figures_free(struct stat_figures *);

/*
 * Counts one game's figures into f.  0, or -1: memory, or errno EOVERFLOW
 * when a count would pass STAT_COUNT_MAX (gamestat exits), or EINVAL for
 * a board with another number of cells than the group's games had.
 */
int stat_figures_add(struct stat_figures *f, const struct stat_figures_game *);
/* The swap map's entry of cell, made if new; NULL (memory). */
struct stat_swap_move *stat_swap_move_get(struct stat_figures *f, const char *);
/*
 * Adds src into dst (the group's figures): 0, or -1 (memory, EOVERFLOW,
 * or EINVAL for a board of another number of cells).
 */
int
stat_figures_merge(struct stat_figures *dst, const struct stat_figures *src);
/*
 * Whether stat_figures_merge(dst, src) would succeed but for memory,
 * nothing changed: 0, or -1 (EOVERFLOW, EINVAL) as it would fail.
 */
int stat_figures_merge_check(
    const struct stat_figures *dst, const struct stat_figures *src);
/*
 * Whether every bin of src added to dst stays at most STAT_COUNT_MAX
 * (merge-check.c).
 */
bool
stat_hist_merge_fits(const struct stat_hist *dst, const struct stat_hist *src);
/*
 * Whether f's counts can be true together: NULL if they can, else the
 * partial's key at fault with why written to why[cap] (a move swapped
 * more often than played, wins beyond games, a legal sum below its turn
 * starts or by other turns, decided games beyond games).
 */
const char *
stat_figures_inconsistent(const struct stat_figures *f, char *why, size_t cap);

#endif
