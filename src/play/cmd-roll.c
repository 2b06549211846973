/* SPDX-License-Identifier: MIT */
/*
 * gameplay roll: the dice of the next turn of a dice game, drawn from the
 * record's Seed with the project's generator, as a YAML document.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "report/report.h"

static int exec_roll(int, char **);

const struct play_cmd play_cmd_roll = {
	.name = "roll",
	PLAY_RECORD_ENTRY,
	.summary = "the dice of the next turn, from the record's Seed",
	.help =
	    "The dice of the next turn of RECORD, a game with dice, from its\n"
	    "Seed tag, as one YAML document.\n\n",
	.exec = exec_roll,
};

static int
exec_roll(int argc, char **argv)
{
	struct play_record pr;
	struct report_play p = { 0 };
	struct diag	   d;
	struct rules_rng   rng;
	char		   how[RECORD_SHOWN + 32];
	int		   status;

	status = play_open_args(&play_cmd_roll, argc, argv, &pr, &p);
	if (status != -1)
		goto out_close;
	if (!match_uses_dice(pr.rp.pos)) {
		cli_error("%s: %s throws no dice: there is nothing to roll",
		    pr.name, pr.rp.game->name);
		status = CLI_USAGE;
		goto out_close;
	}
	/*
	 * The replay rolled every turn played so far from the Seed, exactly
	 * as gamecheck checks them; the next roll is the next turn's.
	 */
	if (!pr.rp.seeded) {
		diag_set_at(&d, DIAG_NO_SEED, pr.rec->start, 0,
		    "no Seed tag: the dice of this game cannot be rolled (gameplay new writes one)");
		cli_diag(pr.name, &d, NULL);
		status = CLI_BAD;
		goto out_close;
	}
	if (pr.rp.forfeit) {
		play_forfeit_text(pr.rec, &pr.rp, how, sizeof how);
		cli_error(
		    "%s: the game was decided by forfeit, %s: there is nothing to roll",
		    pr.name, how);
		status = CLI_BAD;
		goto out_close;
	}
	if (rules_phase(pr.rp.pos) == RULES_GAME_OVER) {
		cli_error(
		    "%s: the game is over: there is nothing to roll", pr.name);
		status = CLI_BAD;
		goto out_close;
	}
	rng = pr.rp.rng;
	rules_dice_roll(&rng, &p.dice[0], &p.dice[1]);
	status = match_finish(report_write_roll(stdout, &p));
out_close:
	play_close(&pr);
	return status;
}
