/* SPDX-License-Identifier: MIT */
/*
 * gameplay roll: the dice of the next turn of a dice game, drawn from the
 * record's Seed with the project's generator, as a YAML document.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "report/report.h"

static int	exec_roll(int, char **);

const struct play_cmd play_cmd_roll = {
	.name = "roll",
	.args = "record",
	.summary = "the dice of the next turn, from the record's Seed",
	.exec = exec_roll,
};

/*
 * The dice of one turn.  This must equal the rules core's
 * rules_dice_roll() (formats/rng.md): each die is 1 + rules_rng_below(rng,
 * 6), the first die drawn first, the generator seeded once per game with
 * the Seed tag and advanced by one roll (two draws) per turn.
 */
static void
dice_roll(struct rules_rng *rng, int *first, int *second)
{
	*first = 1 + (int)rules_rng_below(rng, 6);
	*second = 1 + (int)rules_rng_below(rng, 6);
}

static int
exec_roll(int argc, char **argv)
{
	struct play_record pr;
	struct report_play p = { 0 };
	const struct record_tag *st;
	struct record_diag d = { 0 };
	struct rules_rng rng;
	unsigned long long seed;
	char	*end;
	int	 status, t;

	if ((status = play_record_only(&play_cmd_roll, argc, argv,
	    "The dice of the next turn of RECORD, a game with dice, from its\n"
	    "Seed tag, as one YAML document.")) != -1)
		return status;
	if ((status = play_open(&pr, argv[optind])) != CLI_OK)
		goto out_close;
	if (!play_uses_dice(pr.rp.pos)) {
		cli_error("%s: %s throws no dice: there is nothing to roll",
		    pr.name, pr.rp.game->name);
		status = CLI_USAGE;
		goto out_close;
	}
	if ((st = record_tag_find(pr.rec, "Seed")) == NULL) {
		d.code = "no-seed";
		d.at = pr.rec->start;
		snprintf(d.msg, sizeof d.msg, "no Seed tag: the dice of this "
		    "game cannot be rolled (gameplay new writes one)");
		cli_diag(pr.name, &d, "error", NULL);
		status = CLI_BAD;
		goto out_close;
	}
	errno = 0;
	seed = strtoull(st->value, &end, 10);
	if (st->value[0] < '0' || st->value[0] > '9' || *end != '\0' ||
	    errno != 0) {
		d.code = "bad-seed";
		d.at = st->at;
		snprintf(d.msg, sizeof d.msg, "a Seed is a number from 0 to "
		    "%" PRIu64, UINT64_MAX);
		cli_diag(pr.name, &d, "error", NULL);
		status = CLI_BAD;
		goto out_close;
	}
	/* One roll per turn, from the first: turn t gets the t-th roll. */
	rules_rng_seed(&rng, (uint64_t)seed);
	for (t = 0; t < pr.rp.pos->turn; t++)
		dice_roll(&rng, &p.dice[0], &p.dice[1]);
	p.source = pr.path;
	p.rec = pr.rec;
	p.rp = &pr.rp;
	status = play_finish(report_write_roll(stdout, &p));
out_close:
	play_close(&pr);
	return status;
}
