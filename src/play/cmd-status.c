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

static void	help(void);
static int	exec_status(int, char **);

const struct play_cmd play_cmd_status = {
	.name = "status",
	.args = "[-g game] [-r n] record",
	.summary = "where the game stands, as YAML",
	.help = help,
	.exec = exec_status,
};

static void
help(void)
{
	play_record_help(&play_cmd_status,
	    "Where the game of RECORD stands, as one YAML document.");
}

static int
exec_status(int argc, char **argv)
{
	struct play_record pr;
	struct play_select sel;
	struct report_play p = { 0 };
	int	 status;

	if ((status = play_record_only(&play_cmd_status, argc, argv,
	    &sel)) != -1)
		return status;
	if ((status = play_open(&pr, argv[optind], &sel)) == CLI_OK) {
		p.source = pr.path;
		p.rec = pr.rec;
		p.rp = &pr.rp;
		p.so_far = play_so_far(&pr);
		status = play_finish(report_write_status(stdout, &p));
		free((char *)(uintptr_t)p.so_far);
	}
	play_close(&pr);
	return status;
}

