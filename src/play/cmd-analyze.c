/* SPDX-License-Identifier: MIT */
/*
 * gameplay analyze: every position of every game of some records valued
 * by an analyser (a built-in player, a program over a match protocol, or
 * the exact solver) and the records written again with what it thought
 * of each turn (formats/record.md, "Analyses").  This file is the
 * command's entry: its options' table and its --help; the analysis is
 * src/match's (analyze.h).
 */
#include <getopt.h>

#include "match/analyze.h"
#include "play/play.h"

int
play_exec_analyze(int argc, char **argv)
{
	struct analyze a;
	int	       status;

	analyze_init(&a);
	if ((status = play_parse(&play_cmd_analyze, argc, argv, &a)) == -1)
		status = analyze_run(&a, argv + optind, argc - optind);
	analyze_fini(&a);
	return status;
}
