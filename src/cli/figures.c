/* SPDX-License-Identifier: MIT */
/*
 * The designers' figures of one replayed game (gamestat(1), --figures;
 * formats/summary.md, "Design figures"), watched position by position:
 * the score after every turn (the game's first figure: discs, stones, or
 * stones on the far rank), who leads, the cells ever occupied, the legal
 * actions at each turn's start, the first move and the dice.  The counts
 * are src/stat's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/figures.h"
#include "util/util.h"

/*
 * How far the first colour is ahead in the score, the game's first
 * figure (rules.h, figure), behind when negative.
 */
static long long
ahead(const struct rules_position *pos)
{
	struct rules_score s;

	rules_score(pos, &s);
	return s.nstats > 0 ?
	    (long long)s.stats[0].value[0] - s.stats[0].value[1] :
	    (long long)s.points[0] - s.points[1];
}

static void
lead(struct cli_figures *fg, const struct rules_position *pos)
{
	long long d = ahead(pos);
	int	  leader = d > 0 ? 0 : d < 0 ? 1 : -1, c;

	for (c = 0; c < 2; c++)
		if (leader != c)
			fg->not_ahead[c] = (long long)fg->seen;
	/* Ludii's LeadChange: a tie is no leader, and changes nothing. */
	if (leader >= 0) {
		if (fg->last_leader >= 0 && leader != fg->last_leader)
			fg->changes++;
		fg->last_leader = leader;
	}
}

/* The cells never yet occupied are looked at, fewer as the game goes. */
static void
cover(struct cli_figures *fg, const struct rules_position *pos)
{
	int i;

	if (fg->seen == 0)
		for (fg->nfree = 0; fg->nfree < pos->board.ncells; fg->nfree++)
			fg->free[fg->nfree] = (int16_t)fg->nfree;
	for (i = 0; i < fg->nfree;)
		if (rules_piece(pos, fg->free[i]) != RULES_EMPTY) {
			fg->free[i] = fg->free[--fg->nfree];
			fg->covered++;
		} else
			i++;
}

/*
 * The legal actions at a turn's start, the swap included.  A game whose
 * turns start with a roll has 36 then: chance, no choice; it is left out.
 */
static void
branching(struct cli_figures *fg, const struct rules_position *pos)
{
	size_t n;

	/* None at the end: the game is over (or cut inside a turn). */
	if (pos->game->has_dice || (n = rules_legal(pos, NULL, 0)) == 0 ||
	    rules_mid_turn(pos))
		return;
	if (array_grow(&fg->legal, &fg->legalcap, fg->nlegal + 1,
		sizeof *fg->legal) == -1) {
		fg->nlegal = SIZE_MAX; /* told by cli_figures_count */
		return;
	}
	fg->legal[fg->nlegal++] = (uint32_t)n;
}

/* The cell turn 1 placed on: the least that was empty at the start. */
static void
first_move(struct cli_figures *fg, const struct rules_position *pos)
{
	int i;

	for (i = 0; i < pos->board.ncells; i++)
		if (fg->start[i] == RULES_EMPTY &&
		    rules_piece(pos, i) != RULES_EMPTY) {
			fg->first = i;
			return;
		}
}

/* Rolls since the last position are the roll of the one who moved. */
static void
dice(struct cli_figures *fg, const struct rules_position *pos)
{
	const struct replay *rp = fg->rp;

	for (; fg->rolls < rp->ndice; fg->rolls++)
		fg->dice[fg->mover] += rp->dice[fg->rolls] / 10 +
		    rp->dice[fg->rolls] % 10;
	fg->mover = rules_to_move(pos);
}

static void
each(void *arg, const struct rules_position *pos)
{
	struct cli_figures *fg = arg;
	int		    i;

	replay_each_call(&fg->before, pos);
	if (fg->seen == 0) {
		for (i = 0; i < pos->board.ncells; i++)
			fg->start[i] = (uint8_t)rules_piece(pos, i);
		fg->pie = ((const struct rules_head *)pos->state)->pie;
	}
	if (fg->want & STAT_FIG_TENSION) {
		lead(fg, pos);
		cover(fg, pos);
		if (fg->nlegal != SIZE_MAX)
			branching(fg, pos);
	}
	if ((fg->want & STAT_FIG_SWAP) && fg->seen == 1 && fg->pie)
		first_move(fg, pos);
	if (fg->want & STAT_FIG_LUCK)
		dice(fg, pos);
	fg->seen++;
}

void
cli_figures_init(struct cli_figures *fg, unsigned want,
    struct replay_options *ro, const struct replay *rp)
{
	memset(fg, 0, sizeof *fg);
	fg->want = want;
	fg->rp = rp;
	replay_each_chain(ro, &fg->before, each, fg);
	cli_figures_reset(fg);
}

void
cli_figures_fini(struct cli_figures *fg)
{
	free(fg->legal);
	fg->legal = NULL;
}

void
cli_figures_reset(struct cli_figures *fg)
{
	fg->seen = 0;
	fg->last_leader = -1;
	fg->changes = 0;
	fg->not_ahead[0] = fg->not_ahead[1] = 0;
	fg->covered = 0;
	fg->nfree = 0;
	fg->nlegal = 0;
	fg->first = -1;
	fg->pie = false;
	fg->mover = 0;
	fg->rolls = 0;
	fg->dice[0] = fg->dice[1] = 0;
}

/* The first move's name, the least cell of its images (rules.md §0). */
static const char *
first_name(struct cli_figures *fg, const struct rules_position *pos)
{
	int k, c = fg->first;

	rules_symmetries_of_game(pos, &fg->sym);
	for (k = 1; k < fg->sym.n; k++)
		if (fg->sym.map[k][fg->first] < c)
			c = fg->sym.map[k][fg->first];
	return rules_cell_name(&pos->board, c, fg->cell);
}

int
cli_figures_count(struct cli_figures *fg, struct stat_group *g)
{
	const struct replay	*rp = fg->rp;
	const struct rules_game *game = rp->game;
	struct stat_figures_game x = { 0 };
	struct stat_figures	*f;
	long long		 turns = (long long)fg->seen - 1, d;

	/* A forfeit is finished, but the board did not end it. */
	if (rp->status != REPLAY_FINISHED || rp->forfeit || fg->seen == 0)
		return 0;
	if (fg->nlegal == SIZE_MAX) {
		errno = ENOMEM;
		return -1;
	}
	/*
	 * A game ended off the board is won by its decision, as the group
	 * counts it (game-of.c): the board's score has no winner for it.
	 */
	x.winner = rp->agreed ? -1 :
	    rp->adjudged      ? rp->adjudged_winner :
				rp->score.winner;
	x.turns = turns;
	if ((fg->want & STAT_FIG_SWAP) && game->has_pie && fg->pie &&
	    fg->first >= 0 && turns >= 2) {
		x.has |= STAT_FIG_SWAP;
		x.first = first_name(fg, rp->pos);
		x.swapped = rules_swapped(rp->pos);
	}
	if (fg->want & STAT_FIG_TENSION) {
		x.has |= STAT_FIG_TENSION;
		x.lead_changes = fg->changes;
		d = ahead(rp->pos);
		x.final_lead = d < 0 ? -d : d;
		/* A winner not ahead at the end is decided at the end. */
		x.decided = x.winner < 0 ? -1 :
		    fg->not_ahead[x.winner] + 1 < turns ?
					   fg->not_ahead[x.winner] + 1 :
					   turns;
		/*
		 * The turns played start: a game ended off the board has
		 * legal actions at its end, the start of no turn.
		 */
		x.legal = fg->legal;
		x.nlegal = fg->nlegal < (size_t)turns ? fg->nlegal :
							(size_t)turns;
		x.covered = fg->covered;
		x.cells = rp->pos->board.ncells;
	}
	if ((fg->want & STAT_FIG_LUCK) && game->has_dice) {
		x.has |= STAT_FIG_LUCK;
		x.dice[0] = fg->dice[0];
		x.dice[1] = fg->dice[1];
	}
	if (x.has == 0)
		return 0;
	if ((f = stat_figures_of(g)) == NULL)
		return -1;
	return stat_figures_add(f, &x);
}
