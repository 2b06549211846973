/* SPDX-License-Identifier: MIT */
/*
 * gameplay legal: what the player to move may do next, as a YAML document
 * (report.h); in a turn in progress, what may continue it.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "report/report.h"

int
play_exec_legal(int argc, char **argv)
{
	struct play_record   pr;
	struct report_play   p = { 0 };
	struct rules_action *acts = NULL;
	size_t		     n;
	int		     status;

	status = play_open_args(&play_cmd_legal, argc, argv, &pr, &p);
	if (status == -1) {
		/* A game decided by forfeit has no next action. */
		n = pr.rp.forfeit ? 0 : replay_legal(&pr.rp, NULL, 0);
		if ((acts = calloc(n + 1, sizeof *acts)) == NULL) {
			cli_error("out of memory");
			status = CLI_INTERNAL;
		} else {
			p.so_far = play_so_far(&pr);
			p.legal = acts;
			p.nlegal = n == 0 ? 0 : replay_legal(&pr.rp, acts, n);
			status = match_finish(
			    report_write_play(stdout, REPORT_PLAY_LEGAL, &p));
			free((char *)(uintptr_t)p.so_far);
		}
	}
	free(acts);
	play_close(&pr);
	return status;
}
