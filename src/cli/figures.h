/* SPDX-License-Identifier: MIT */
/*
 * gamestat --figures (figures.c): the designers' figures of one game worked
 * out from its replay, position by position, and counted into its group
 * (src/stat/figures.h keeps the counts).  Watches the replay through
 * replay_options' each(), so a run that asks for no figures replays as
 * before.  Includes the referee's header.
 */
#ifndef ARBITER_CLI_FIGURES_H
#define ARBITER_CLI_FIGURES_H

#include <stdbool.h>
#include <stdint.h>

#include "referee/referee.h"
#include "rules/symmetry.h"
#include "stat/figures.h"
#include "stat/stat.h"

/* One game as it is replayed: all of it the watcher's. */
struct cli_figures {
	unsigned	     want; /* STAT_FIG_* */
	const struct replay *rp;
	/* The watcher of the selection, called first. */
	struct replay_each	before;
	unsigned long		seen; /* positions seen, the start included */
	int			last_leader; /* colour, -1 none yet */
	long long		changes;
	long long		not_ahead[2]; /* the last turn each was not */
	long long		covered;
	int16_t			free[RULES_MAX_CELLS]; /* never occupied */
	int			nfree;
	uint8_t			start[RULES_MAX_CELLS]; /* pieces at start */
	uint32_t	       *legal;			/* per turn start */
	size_t			nlegal;
	size_t			legalcap;
	int			first; /* the first move's cell, -1 none */
	bool			pie;   /* the pie rule was on */
	int			mover; /* who rolled the dice since */
	size_t			rolls; /* rolls counted */
	long long		dice[2];
	struct rules_symmetries sym;
	char			cell[RULES_CELL_NAME];
};

/*
 * Watches the replays made with ro for the figures of want (copies ro's
 * selection watcher, to call it first).  cli_figures_fini frees.
 */
void cli_figures_init(struct cli_figures *, unsigned want,
    struct replay_options *ro, const struct replay *rp);
void cli_figures_fini(struct cli_figures *);
/* Before each record's replay: forgets the last game's figures. */
void cli_figures_reset(struct cli_figures *);
/*
 * After the record's replay, counted into group g: adds a finished game's
 * figures.  0, or -1 with errno (memory, EOVERFLOW, EINVAL: a group of
 * boards with other numbers of cells).
 */
int cli_figures_count(struct cli_figures *, struct stat_group *g);

/*
 * Writes --plot's design chart i (0 swap-map.svg, 1 tension.svg, 2
 * luck.svg: stat_chart_name(STAT_BASE_CHARTS + i)) of s to f.  0, or -1
 * (memory, or f's error).
 */
int cli_figures_chart(const struct stat_summary *s, int i, FILE *f);

#endif
