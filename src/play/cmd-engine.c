/* SPDX-License-Identifier: MIT */
/*
 * gameplay engine: a built-in player speaking a protocol on standard
 * input and output, the match protocol, GTP or NBoard
 * (formats/protocol.md), so that gameplay match or another referee can
 * run it as it runs any other program.  The protocols are src/match's
 * serve table (serve.h); this file is the command's options.
 */
#include <getopt.h>
#include "match/proto.h"
#include "match/serve.h"
#include "play/play.h"
#include "player/player.h"

/* What the options say: the session's seed and its protocol. */
struct engine_settings {
	unsigned long		  seed;
	const struct match_serve *protocol;
};

int
play_option_engine(void *settings, int c, const char *arg)
{
	struct engine_settings *es = settings;
	char			names[128];

	if (c == 'S' && !match_count("--seed", arg, &es->seed))
		return -1;
	if (c == PLAY_OPT_PROTOCOL) {
		if ((es->protocol = match_serve_find(arg)) == NULL) {
			match_protocol_names(names, sizeof names);
			cli_error("--protocol takes %s, not '%s'", names, arg);
			return -1;
		}
	}
	return 0;
}

int
play_exec_engine(int argc, char **argv)
{
	struct engine_settings es = { .seed = 1,
		.protocol = &match_serve_arbiter };
	struct player	      *pl;
	struct diag	       d;
	int		       status;

	if ((status = play_parse(&play_cmd_engine, argc, argv, &es)) != -1)
		return status;
	if ((pl = player_new(argv[optind], &d)) == NULL) {
		cli_error("%s", d.msg);
		return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL : CLI_USAGE;
	}
	status = es.protocol->serve(pl, es.seed);
	player_free(pl);
	return status;
}
