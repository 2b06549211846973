/* SPDX-License-Identifier: MIT */
/*
 * The two sides' programs in a match (runner.h): their names, starting
 * and greeting them before a game, saying why one did not start or
 * refused the set-up, and loading a tournament's pairing into the two
 * sides.  The processes are engine.c's, the requests each protocol's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"

/*
 * The name a side goes by: name=, else its own (GTP's name), else its
 * command.
 */
const char *
match_side_name(const struct match_side *sd)
{
	if (sd->given != NULL)
		return sd->given;
	return sd->name[0] != '\0' ? sd->name : sd->e.cmd;
}

void
match_names_apart(struct match *m)
{
	struct match_side *a = &m->side[0], *b = &m->side[1];
	int		   k;

	if (a->given == NULL && b->given == NULL && a->name[0] != '\0' &&
	    strcmp(a->name, b->name) == 0 && strcmp(a->e.cmd, b->e.cmd) != 0)
		a->name[0] = b->name[0] = '\0';
	for (k = 0; k < 2; k++)
		m->ps.m.side[k].name = match_side_name(&m->side[k]);
}

/*
 * Reads spec i of the tournament, or -b's or -w's (i 0 or 1 of a match of
 * two), into en, saying where it came from in messages.  0, or -1.
 */
static int
read_spec(struct match *m, struct match_entrant *en, const char *spec,
    unsigned long line)
{
	char where[256];

	if (line > 0)
		snprintf(where, sizeof where, "--engines: %s:%lu",
		    m->engines_path, line);
	else
		snprintf(where, sizeof where, "%s",
		    m->sch.kind != MATCH_TOURNAMENT_NONE ? "--engine" :
			en == &m->two[0]		 ? "-b" :
							   "-w");
	return match_entrant_parse(en, spec, where);
}

/* The two programs of a match of two: -b's and -w's specs. */
static int
two_setup(struct match *m)
{
	struct match_entrant *en;
	int		      k;

	for (k = 0; k < 2; k++) {
		en = &m->two[k];
		if (read_spec(m, en, m->side[k].e.cmd, 0) == -1)
			return CLI_USAGE;
		if (en->proto != NULL && m->proto_set[k]) {
			cli_error("--%s-protocol and %s's proto= both say "
				  "the protocol: give one",
			    k == 0 ? "black" : "white", k == 0 ? "-b" : "-w");
			return CLI_USAGE;
		}
		if (en->proto != NULL)
			m->side[k].proto = en->proto;
		m->side[k].e.cmd = en->cmd;
		m->side[k].given = en->name;
		m->side[k].options = en->options;
		m->side[k].noptions = en->noptions;
	}
	if (m->two[0].name != NULL && m->two[1].name != NULL &&
	    strcmp(m->two[0].name, m->two[1].name) == 0) {
		cli_error(
		    "-b and -w are both named '%s': the records could not tell them apart",
		    m->two[0].name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

int
match_entrants_setup(struct match *m)
{
	size_t i, j;

	if (m->sch.kind == MATCH_TOURNAMENT_NONE)
		return two_setup(m);
	m->entrant = calloc(m->nengines, sizeof *m->entrant);
	m->entrant_names = calloc(m->nengines, sizeof *m->entrant_names);
	if (m->entrant == NULL || m->entrant_names == NULL) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	for (i = 0; i < m->nengines; i++) {
		if (read_spec(m, &m->entrant[i], m->engines[i],
			m->engine_lines[i]) == -1)
			return CLI_USAGE;
		m->entrant_names[i] = m->entrant[i].name != NULL ?
		    m->entrant[i].name :
		    m->entrant[i].cmd;
		for (j = 0; j < i; j++)
			if (strcmp(m->entrant_names[i], m->entrant_names[j]) ==
			    0) {
				cli_error(
				    "the engine '%s' is named twice: the records could not tell them apart",
				    m->entrant_names[i]);
				return CLI_USAGE;
			}
	}
	return CLI_OK;
}

/* Says that a program refused the set-up (formats/protocol.md, GTP). */
int
match_refused(struct match_side *sd)
{
	cli_error("match: '%s' refused %s", sd->e.cmd, sd->refusal);
	engine_stop(&sd->e, true);
	return CLI_USAGE;
}

/*
 * Says why a program that is gone before its first answer did not start,
 * after giving it a moment to exit.
 */
static void
no_start(struct engine *e)
{
	char how[64];

	if (!engine_exit_text(e, 1000, how, sizeof how))
		cli_error(
		    "match: '%s' closed its input or output before its first answer",
		    e->cmd);
	else
		cli_error("match: '%s' exited before its first answer (%s)",
		    e->cmd, how);
}

/*
 * Whether the program has started (engine_started), saying why not and
 * stopping it if it has not.
 */
bool
match_started(struct engine *e)
{
	if (engine_started(e))
		return true;
	no_start(e);
	engine_stop(e, true);
	return false;
}

/*
 * Starts the programs not running yet, greets them (their names go to the
 * summary) and sets up game pg for both; ready[k] is what that came to
 * (1: it went).  Returns CLI_OK, or CLI_USAGE after saying that a program
 * cannot be run, did not start or refused the game.
 */
int
match_engines_ready(struct match *m, const struct match_game *pg, int ready[2])
{
	struct match_side *sd;
	size_t		   i;
	int		   k;

	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		if (m->log.fd != -1) {
			sd->e.tap = match_log_tap;
			sd->e.tap_arg = sd;
		}
		if (sd->e.pid == -1) {
			if (engine_start(&sd->e) == -1) {
				cli_error("cannot run '%s': %s", sd->e.cmd,
				    strerror(errno));
				return CLI_USAGE;
			}
			sd->greeted = false;
		}
	}
	/*
	 * A program stuck already is found out when asked; one gone
	 * within its grace never started.
	 */
	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		sd->left = sd->tc->base;
		sd->startup = m->startup_timeout;
		ready[k] = 1;
		if (!sd->greeted) {
			/* The start-up is no thinking time: its own limit. */
			ready[k] = sd->proto->hello(sd, m->startup_timeout);
			for (i = 0; ready[k] == 1 && i < sd->noptions; i++)
				ready[k] = sd->proto->option(
				    sd, sd->options[i], m->startup_timeout);
			sd->greeted = ready[k] == 1;
			match_names_apart(m);
			if (ready[k] == ENGINE_LATE)
				ready[k] = PROTO_NOT_READY;
		}
		if (ready[k] == 1)
			ready[k] = sd->proto->new_game(sd, pg, m->timeout);
		if (ready[k] == PROTO_REFUSED)
			return match_refused(sd);
		if (ready[k] == ENGINE_GONE && !match_started(&sd->e))
			return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * Puts the engines of slot's pairing in side[0] and side[1], stopping
 * those of the last one: a tournament plays its pairings one after the
 * other.
 */
void
match_load_pairing(struct match *m, const struct match_slot *slot)
{
	struct match_entrant *en;
	struct match_side    *sd;
	int		      k;

	if (slot->pairing == m->loaded)
		return;
	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		en = &m->entrant[slot->engine[k]];
		engine_stop(&sd->e, false);
		engine_init(&sd->e, k);
		sd->e.cmd = en->cmd;
		sd->given = m->entrant_names[slot->engine[k]];
		sd->proto = en->proto != NULL ? en->proto :
						&match_proto_arbiter;
		sd->options = en->options;
		sd->noptions = en->noptions;
		sd->greeted = false;
		sd->name[0] = '\0';
	}
	m->loaded = slot->pairing;
}
