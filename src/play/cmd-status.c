/* SPDX-License-Identifier: MIT */
/*
 * gameplay status: where a game stands, as a YAML document (report.h).
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "report/report.h"

static int exec_status(int, char **);

const struct play_cmd play_cmd_status = {
	.name = "status",
	PLAY_RECORD_ENTRY,
	.summary = "where the game stands, as YAML",
	.help = "Where the game of RECORD stands, as one YAML document.\n\n",
	.exec = exec_status,
};

static int
exec_status(int argc, char **argv)
{
	struct play_record pr;
	struct report_play p = { 0 };
	int		   status;

	status = play_open_args(&play_cmd_status, argc, argv, &pr, &p);
	if (status == -1) {
		p.so_far = play_so_far(&pr);
		status = match_finish(report_write_status(stdout, &p));
		free((char *)(uintptr_t)p.so_far);
	}
	play_close(&pr);
	return status;
}
