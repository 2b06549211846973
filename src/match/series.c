/* SPDX-License-Identifier: MIT */
/*
 * A series of games of one game on one board, as selfplay and match play
 * them (game.h): its options, the set-up of game i, whether a game goes
 * on, the tally of the outcomes by side and colour, and the summary that
 * ends it.  The games themselves are game.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/game.h"

bool
match_count(const char *name, const char *arg, unsigned long *v)
{
	if (cli_parse_count(arg, v))
		return true;
	cli_bad_value(name, "a count", arg);
	return false;
}

void
match_tally(struct report_match *m, const struct match_game *pg,
    const int start[RULES_COLOURS], int winner, bool unfinished)
{
	int c;

	m->games++;
	for (c = 0; c < RULES_COLOURS; c++)
		m->side[match_game_side(pg, start, c)]
		    .as[c][unfinished	 ? REPORT_UNFINISHED :
			    winner == -1 ? REPORT_DRAW :
			    winner == c	 ? REPORT_WIN :
					   REPORT_LOSS]++;
}

bool
match_summary(const struct report_match *m, const char *path)
{
	struct cli_output out;

	cli_progress_done();
	/* Standard output carries the records: "-" is standard error. */
	if (path == NULL || strcmp(path, "-") == 0) {
		if (report_write_match(stderr, m) == 0 && fflush(stderr) == 0)
			return true;
		cli_error("stderr: %s", strerror(errno));
		return false;
	}
	if (cli_output_open(&out, path, 0) == -1)
		return false;
	if (report_write_match(out.fp, m) == 0 && fflush(out.fp) == 0)
		return cli_output_commit(&out);
	cli_error("%s: %s", out.name, strerror(errno));
	cli_output_abort(&out);
	return false;
}

void
match_series_init(struct match_series *ps, const char *event)
{
	memset(ps, 0, sizeof *ps);
	ps->games = 1;
	ps->seed = 1;
	ps->m.event = event;
	ps->m.board = ps->board;
}

int
match_series_option(struct match_series *ps, int c, const char *arg)
{
	switch (c) {
	case 'n': return match_count("--games", arg, &ps->games) ? 0 : -1;
	case 'S': return match_count("--seed", arg, &ps->seed) ? 0 : -1;
	case 's': ps->size = arg; return 0;
	case MATCH_OPT_MAX_TURNS:
		ps->has_max_turns = true;
		return match_count("--max-turns", arg, &ps->max_turns) ? 0 : -1;
	case MATCH_OPT_SUMMARY: ps->summary = arg; return 0;
	}
	return 0;
}

const struct rules_game *
match_series_game(struct match_series *ps, const char *name)
{
	const struct rules_game *g;

	if ((g = cli_find_game(name)) == NULL)
		return NULL;
	/* The records go to standard output: the summary elsewhere. */
	if (ps->summary != NULL && strcmp(ps->summary, "-") != 0 &&
	    !cli_output_apart(ps->summary, NULL))
		return NULL;
	if (!ps->has_max_turns)
		ps->max_turns = g->turn_cap;
	ps->m.game = g;
	return g;
}

int
match_series_start(
    struct match_series *ps, unsigned long i, struct match_game *pg)
{
	struct diag d;

	if (match_game_init(
		pg, ps->m.game, ps->size, (uint64_t)ps->seed + i, &d) == -1) {
		cli_error("%s [%s]", d.msg, diag_name(d.code));
		return -1;
	}
	snprintf(ps->board, sizeof ps->board, "%s", pg->pos->board.name);
	return 0;
}

bool
match_series_going(const struct match_series *ps, const struct match_game *pg)
{
	return rules_phase(pg->pos) != RULES_GAME_OVER &&
	    (ps->max_turns == 0 ||
		(unsigned long)rules_turn(pg->pos) <= ps->max_turns);
}
