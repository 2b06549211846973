/* SPDX-License-Identifier: MIT */
/*
 * Writes the records of one input (any format gamecheck reads) as a WTHOR
 * file on standard output, repeated until it holds -n games, each with
 * its replay's score: the big WTHOR input of bench/wthor.sh, through the
 * library's writer (record_wthor_add, formats/wthor.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/record.h"
#include "referee/referee.h"

int
main(int argc, char **argv)
{
	struct replay_options	    opt = { .max_legal = 0 };
	struct record_wthor_writer *w;
	struct record_syntax	   *syn;
	struct record_reader	   *rd;
	const struct record	   *rec;
	struct replay		    rp;
	struct diag		    d;
	unsigned long		    n = 0, want = 0;
	FILE			   *fp;
	int			    c;

	while ((c = getopt(argc, argv, "n:")) != -1)
		if (c == 'n')
			want = strtoul(optarg, NULL, 10);
		else
			goto usage;
	if (optind + 1 != argc)
		goto usage;
	if ((syn = record_syntax_new()) == NULL ||
	    (w = record_wthor_writer_new(0)) == NULL)
		return 3;
	replay_init(&rp);
	do {
		unsigned long before = n;

		if ((fp = fopen(argv[optind], "r")) == NULL) {
			perror(argv[optind]);
			return 2;
		}
		if ((rd = record_reader_new(
			 syn, fp, argv[optind], RECORD_AUTO)) == NULL)
			return 3;
		while ((want == 0 || n < want) &&
		    record_reader_next(rd, &rec) == 1) {
			replay_record(syn, rec, &opt, &rp);
			if (rp.status == REPLAY_MALFORMED)
				continue;
			if (record_wthor_add(w, rec,
				rp.score.over ? rp.score.alt[0] : 32, -1,
				&d) == -1) {
				fprintf(stderr, "%s: record %lu: %s\n",
				    argv[optind], rec->index, d.msg);
				continue;
			}
			n++;
		}
		record_reader_free(rd);
		fclose(fp);
		if (n == before)
			break;
	} while (want != 0 && n < want);
	if (record_wthor_write(w, stdout) == -1) {
		perror("stdout");
		return 2;
	}
	record_wthor_writer_free(w);
	replay_fini(&rp);
	record_syntax_free(syn);
	return 0;
usage:
	fprintf(stderr, "usage: bench_to_wthor [-n games] file\n");
	return 2;
}
