/* SPDX-License-Identifier: MIT */
/*
 * gameplay perft: the tree of a dice-free game from its start, counted by
 * the rules core (rules_perft_count), with CPU time and speed; --divide
 * splits it by first action, --hash gives the walk a transposition table.
 * The figures are formats/perft.md's.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play/play.h"
#include "util/util.h"

/* The largest table: 64 GiB, far past any machine this runs on. */
#define PERFT_MAX_MB 65536

struct perft_settings {
	const char   *spec;
	bool	      divide;
	unsigned long mb; /* 0: no table */
};

int
play_option_perft(void *settings, int c, const char *arg)
{
	struct perft_settings *ps = settings;

	switch (c) {
	case 's': ps->spec = arg; return 0;
	case PLAY_OPT_DIVIDE: ps->divide = true; return 0;
	case PLAY_OPT_HASH:
		if (!match_count("--hash", arg, &ps->mb))
			return -1;
		if (ps->mb < 1 || ps->mb > PERFT_MAX_MB) {
			cli_error(
			    "--hash: %s: not a size from 1 to %d megabytes",
			    arg, PERFT_MAX_MB);
			return -1;
		}
		return 0;
	}
	return -1;
}

/* --divide: one line per first action, its notation and its count. */
static void
divide_line(
    const struct rules_action *a, const struct rules_perft_count *c, void *arg)
{
	const struct rules_position *pos = arg;
	char			     buf[32];

	printf("%s %" PRIu64 "\n",
	    record_action_format(&pos->board, a, buf, sizeof buf), c->nodes);
}

int
play_exec_perft(int argc, char **argv)
{
	struct perft_settings	  ps = { 0 };
	const struct rules_game	 *g;
	struct rules_position	 *pos = NULL;
	struct rules_perft_table *t = NULL;
	struct rules_perft_count  c;
	struct diag		  d;
	unsigned long		  depth;
	double			  t0, s;
	int			  status, rc;

	if ((status = play_parse(&play_cmd_perft, argc, argv, &ps)) != -1)
		return status;
	if ((g = rules_game_find(argv[optind])) == NULL) {
		cli_error("%s: no such game", argv[optind]);
		return CLI_USAGE;
	}
	if (!match_count("depth", argv[optind + 1], &depth))
		return CLI_USAGE;
	if (depth > 64) {
		cli_error(
		    "depth: %s: not a depth from 0 to 64", argv[optind + 1]);
		return CLI_USAGE;
	}
	if ((pos = rules_position_new(g, ps.spec, NULL, &d)) == NULL) {
		cli_error("%s", d.msg);
		return CLI_USAGE;
	}
	if (match_uses_dice(pos)) {
		cli_error("%s: a game with dice has no perft", g->name);
		status = CLI_USAGE;
		goto out_free;
	}
	if (ps.mb != 0 && (t = rules_perft_table_new(ps.mb << 20)) == NULL) {
		cli_error("out of memory for a table of %lu megabytes", ps.mb);
		status = CLI_INTERNAL;
		goto out_free;
	}
	t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (ps.divide)
		rc = rules_perft_divide(
		    pos, (int)depth, t, &c, divide_line, pos);
	else
		rc = rules_perft_count(pos, (int)depth, t, &c);
	s = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
	if (rc == -1) {
		cli_error("out of memory");
		status = CLI_INTERNAL;
		goto out_free;
	}
	printf(
	    "game %s\nboard %s\ndepth %lu\n", g->name, pos->board.name, depth);
	printf("nodes %" PRIu64 "\npasses %" PRIu64 "\nended %" PRIu64 "\n"
	       "full-depth %" PRIu64 "\n",
	    c.nodes, c.passes, c.ended, c.nodes - c.ended);
	printf("seconds %.3f\nnodes/s %.0f\n", s,
	    s > 0 ? (double)c.nodes / s : 0.0);
	status = cli_output_ok(stdout, "standard output") ? CLI_OK :
							    CLI_INTERNAL;
out_free:
	rules_perft_table_free(t);
	rules_position_free(pos);
	return status;
}
