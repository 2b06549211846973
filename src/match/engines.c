/* SPDX-License-Identifier: MIT */
/*
 * The two sides' programs in a match (runner.h): their names, starting
 * and greeting them before a game, saying why one did not start or
 * refused the set-up, and loading a tournament's pairing into the two
 * sides.  The processes are engine.c's, the requests each protocol's.
 */
#include <errno.h>
#include <string.h>

#include "match/runner.h"

/* The name a side goes by: its own (GTP's name), else its command. */
const char *
match_side_name(const struct match_side *sd)
{
	return sd->name[0] != '\0' ? sd->name : sd->e.cmd;
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
	int		   k;

	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
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
			sd->greeted = ready[k] == 1;
			m->ps.m.side[k].name = match_side_name(sd);
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
	struct match_side *sd;
	int		   k;

	if (slot->pairing == m->loaded)
		return;
	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		engine_stop(&sd->e, false);
		engine_init(&sd->e, k);
		sd->e.cmd = m->engines[slot->engine[k]];
		sd->greeted = false;
		sd->name[0] = '\0';
	}
	m->loaded = slot->pairing;
}
