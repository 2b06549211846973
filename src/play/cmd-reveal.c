/* SPDX-License-Identifier: MIT */
/*
 * gameplay reveal: the referee reveals the seed a record with secret dice
 * commits to (formats/rng.md, "Secret dice"), read from its seed file:
 * the Seed and SeedSalt tags are written, and the record read back must
 * check, its commitment and every roll, as gamecheck checks it.  With -i
 * under move's lock.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "play/dice.h"
#include "play/play.h"

/* reveal's settings: -g, -r and -i as an edit's, the seed file, --force. */
struct reveal_settings {
	struct play_edit ed;
	const char	*secret;
	bool		 force;
};

int
play_option_reveal(void *settings, int c, const char *arg)
{
	struct reveal_settings *rs = settings;

	if (c == PLAY_OPT_SECRET_SEED) {
		rs->secret = arg;
		return 0;
	}
	if (c == PLAY_OPT_FORCE) {
		rs->force = true;
		return 0;
	}
	return play_edit_option(&rs->ed, c, arg);
}

/*
 * The record of pr with the seed s revealed, read back into np, which
 * must check.  Returns the exit status: CLI_BAD where a roll of the
 * record is not the seed's (the diagnostic says which).
 */
static int
write_reveal(const struct play_record *pr, const struct play_edit *ed,
    const struct secret_seed *s, struct play_record *np)
{
	char		      seed[24];
	struct record_tag_out tags[2] = { { "Seed", seed },
		{ "SeedSalt", s->salt } };
	struct record_update  u = { .tags = tags, .ntags = 2 };
	char		     *text;
	size_t		      len;
	int		      status;

	snprintf(seed, sizeof seed, "%llu", s->seed);
	if ((text = play_update_text(pr, &u, &len)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	if ((status = play_load(np, pr->path, text, len, &ed->sel, false)) !=
	    CLI_OK)
		cli_error("%s: the record does not check with its seed "
			  "revealed: nothing written",
		    pr->name);
	return status;
}

/*
 * The record with its seed revealed, as ed, the start of the command's
 * struct reveal_settings, says.
 */
static int
reveal(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	const struct reveal_settings *rs = (const struct reveal_settings *)ed;
	struct secret_seed	      s;
	int			      status;

	if (rs->secret == NULL) {
		cli_error("reveal: name the seed file with --secret-seed");
		return CLI_USAGE;
	}
	if (!play_dice_secret(pr)) {
		cli_error("%s: no secret seed to reveal: the record has no "
			  "SeedCommit, or its Seed is there",
		    pr->name);
		return CLI_USAGE;
	}
	/* A seed revealed early shows every die to come. */
	if (!rs->force && pr->rp.status != REPLAY_FINISHED && !pr->rp.forfeit &&
	    !pr->rp.agreed) {
		cli_error("%s: the game is not over, and its seed gives every "
			  "die to come: --force reveals it now (a game "
			  "abandoned)",
		    pr->name);
		return CLI_BAD;
	}
	memset(&s, 0, sizeof s);
	if ((status = play_dice_seed(pr, rs->secret, &s)) == CLI_OK)
		status = write_reveal(pr, ed, &s, np);
	secret_wipe(&s, sizeof s);
	return status;
}

int
play_exec_reveal(int argc, char **argv)
{
	struct reveal_settings rs = { 0 };

	return play_edit_run(&play_cmd_reveal, argc, argv, &rs.ed, reveal);
}
