/* SPDX-License-Identifier: MIT */
/*
 * gameplay status: where a game stands, as a YAML document (report.h),
 * with a timed game's clocks at a moment (--at, else now).
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "report/report.h"

struct status_settings {
	struct play_select sel;
	struct play_at	   at;
};

int
play_option_status(void *settings, int c, const char *arg)
{
	struct status_settings *ss = settings;

	if (c == PLAY_OPT_AT)
		return play_at_option(arg, &ss->at);
	return play_select_option(&ss->sel, c, arg);
}

int
play_exec_status(int argc, char **argv)
{
	struct status_settings ss = { 0 };
	struct play_record     pr;
	struct report_play     p = { 0 };
	struct report_clock    clock;
	int64_t		       t;
	int		       status;

	if ((status = play_open_settings(
		 &play_cmd_status, argc, argv, &ss, &ss.sel, &pr, &p)) != -1)
		goto out_close;
	if (pr.rp.timed) {
		if ((status = play_at_now(&pr, &ss.at, pr.rec->start, &t)) !=
		    CLI_OK)
			goto out_close;
		play_clock(&pr, t, &clock);
		p.clock = &clock;
	}
	p.so_far = play_so_far(&pr);
	status = match_finish(
	    report_write_play(stdout, REPORT_PLAY_STATUS, &p));
	free((char *)(uintptr_t)p.so_far);
out_close:
	play_close(&pr);
	return status;
}
