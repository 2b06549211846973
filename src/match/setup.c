/* SPDX-License-Identifier: MIT */
/*
 * Setting up a match from its options (runner.h): the game and its board
 * checked against each side's protocol, a tournament's engines, and the
 * openings and schedule of its games, before any game is played.
 */
#include <errno.h>
#include <string.h>

#include "match/runner.h"

/*
 * Sets up the match of the game called name: its board checked by
 * setting up game 1, the notation, the signals and the summary's sides.
 * Returns CLI_OK, or the exit status after saying why.
 */
int
match_setup(struct match *m, const char *name)
{
	struct match_game pg;
	int		  k;

	if ((m->g = match_series_game(&m->ps, name)) == NULL ||
	    match_series_start(&m->ps, 0, &pg) == -1)
		return CLI_USAGE;
	for (k = 0; k < 2; k++) {
		const struct match_proto *p = m->side[k].proto;

		/* NBoard is Othello's: it has no word for another game. */
		if ((p->only_game != NULL &&
			strcmp(p->only_game, m->g->name) != 0) ||
		    (p->only_board != NULL &&
			strcmp(p->only_board, pg.pos->board.name) != 0)) {
			cli_error(
			    "match: --%s-protocol %s plays %s %s only, not %s %s",
			    k == 0 ? "black" : "white", p->name, p->only_game,
			    p->only_board, m->g->name, pg.pos->board.name);
			match_game_fini(&pg);
			return CLI_USAGE;
		}
	}
	if ((k = match_adjudicate_check(m, &pg)) != CLI_OK) {
		match_game_fini(&pg);
		return k;
	}
	match_game_fini(&pg);
	if ((m->syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	engine_signals();
	m->black = match_colour(m->g, "black", 0);
	for (k = 0; k < 2; k++)
		m->ps.m.side[k].name = m->side[k].e.cmd;
	return CLI_OK;
}

/*
 * Reads --engines and checks a tournament's options: the engines take
 * the places of -b and -w, speak the match protocol on one clock, and
 * are told apart by their commands (the records' Black and White).
 * Returns -1 to go on, else the exit status after saying why.
 */
int
match_tournament_options(struct match *m)
{
	size_t i, j;

	if (m->engines_path != NULL &&
	    match_engines_read(m->engines_path, &m->engines_text, &m->engines,
		&m->nengines, &m->engines_cap) == -1)
		return CLI_USAGE;
	if (m->nengines == 0 && m->engines_path == NULL &&
	    m->sch.kind == MATCH_TOURNAMENT_NONE)
		return -1;
	if (m->side[0].e.cmd != NULL || m->side[1].e.cmd != NULL) {
		cli_error(
		    "-b and -w are a two-program match's: not with --engine or --engines");
		return CLI_USAGE;
	}
	if (m->nengines < 2) {
		cli_error(
		    "a tournament needs two engines or more (--engine, --engines)");
		return CLI_USAGE;
	}
	for (i = 0; i < m->nengines; i++)
		for (j = 0; j < i; j++)
			if (strcmp(m->engines[i], m->engines[j]) == 0) {
				cli_error(
				    "the engine '%s' is named twice: the records could not tell them apart",
				    m->engines[i]);
				return CLI_USAGE;
			}
	for (i = 0; i < 2; i++)
		if (m->side[i].proto != &match_proto_arbiter || m->tc[i].on) {
			cli_error(
			    "a tournament's engines speak the match protocol on one clock: no --black-protocol, --white-protocol, --black-tc or --white-tc");
			return CLI_USAGE;
		}
	if (m->sprt_on) {
		cli_error("--sprt tests two programs: not in a tournament");
		return CLI_USAGE;
	}
	if (m->sch.kind == MATCH_TOURNAMENT_NONE)
		m->sch.kind = MATCH_TOURNAMENT_ROUND_ROBIN;
	m->sch.nengines = m->nengines;
	m->sch.per_pairing = m->ps.games;
	/* Pairing 0 is engines 0 and 1, in either kind. */
	m->side[0].e.cmd = m->engines[0];
	m->side[1].e.cmd = m->engines[1];
	return -1;
}

/*
 * The games this run plays, m->first to m->last: --slice's or --pairing's
 * of the match's games, else all.  Returns CLI_OK, or CLI_USAGE after
 * saying why they are none of the match's.
 */
static int
setup_slice(struct match *m)
{
	m->first = 0;
	m->last = m->ps.games;
	if (m->slice == NULL && m->pairing_arg == NULL)
		return CLI_OK;
	if (m->slice != NULL && m->pairing_arg != NULL) {
		cli_error("--slice and --pairing: not both");
		return CLI_USAGE;
	}
	/* The test decides on the games in order, all of them. */
	if (m->sprt_on) {
		cli_error("--sprt tests the whole match: not with --%s",
		    m->slice != NULL ? "slice" : "pairing");
		return CLI_USAGE;
	}
	if (m->pairing_arg != NULL) {
		if (m->sch.kind == MATCH_TOURNAMENT_NONE) {
			cli_error("--pairing %s picks one of a tournament's "
				  "pairings: use --slice",
			    m->pairing_arg);
			return CLI_USAGE;
		}
		if (m->pairing < 1 || m->pairing > m->sch.npairings) {
			cli_error("--pairing %s: the tournament has pairings "
				  "1 to %zu",
			    m->pairing_arg, m->sch.npairings);
			return CLI_USAGE;
		}
		m->first = (m->pairing - 1) * m->sch.per_pairing;
		m->last = m->first + m->sch.per_pairing;
		return CLI_OK;
	}
	if (m->slice_first < 1 || m->slice_last > m->ps.games) {
		cli_error("--slice %s: the match has games 1 to %lu", m->slice,
		    m->ps.games);
		return CLI_USAGE;
	}
	m->first = m->slice_first - 1;
	m->last = m->slice_last;
	return CLI_OK;
}

/*
 * Reads --openings and sets up the schedule: the openings checked before
 * any game, --repeat making the colours alternate.  Returns CLI_OK, or
 * the exit status after saying why.
 */
int
match_setup_schedule(struct match *m)
{
	size_t i;
	int    k, status;

	m->sch.seed = m->ps.seed;
	m->sch.alternate = m->alternate;
	m->sch.black = m->black;
	if (m->openings_path != NULL &&
	    (status = match_openings_read(&m->openings, m->openings_path, m->g,
		 m->ps.size, m->syn)) != CLI_OK)
		return status;
	/* Not every protocol has a word for a set-up position. */
	for (i = 0; i < m->openings.n; i++)
		for (k = 0; k < 2 && m->openings.list[i].setup != NULL; k++)
			if (!m->side[k].proto->setup) {
				cli_error(
				    "match: %s starts from a set-up position, which --%s-protocol %s cannot be told",
				    m->openings.list[i].name,
				    k == 0 ? "black" : "white",
				    m->side[k].proto->name);
				return CLI_USAGE;
			}
	if (match_schedule_init(&m->sch, m->openings.n, m->order) == -1) {
		cli_error("match: %s", strerror(errno));
		return CLI_INTERNAL;
	}
	m->alternate = m->sch.alternate;
	if (m->sch.kind == MATCH_TOURNAMENT_NONE)
		return setup_slice(m);
	m->ps.games = match_schedule_games(&m->sch);
	if (match_tourney_init(
		&m->tour, &m->sch, m->engines, m->g, m->ps.board) == -1) {
		cli_error("match: out of memory");
		return CLI_INTERNAL;
	}
	m->ps.m.tournament = &m->tour.rt;
	return setup_slice(m);
}
