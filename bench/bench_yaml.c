/* SPDX-License-Identifier: MIT */
/*
 * gamestat's reading of reports against libyaml's bare event parse of the
 * same stream, in one run (issue 20, target 3: at most 1.25x): the parse
 * alone (every event read and freed), report_read_game over every
 * document, and report_read_game with stat_add, which is what gamestat
 * does with a report.  CPU time of this process, median of the rounds,
 * the three taken in turn in each round.
 *   bench_yaml [-r rounds] FILE
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <yaml.h>

#include "report/report.h"
#include "stat/stat.h"
#include "util/util.h"

/* libyaml's parser alone: the documents seen. */
static unsigned long
bare_parse(const char *file)
{
	yaml_parser_t p;
	yaml_event_t  ev;
	unsigned long docs = 0;
	FILE	     *f;
	int	      done = 0;

	if ((f = fopen(file, "rb")) == NULL || !yaml_parser_initialize(&p)) {
		perror(file);
		exit(2);
	}
	yaml_parser_set_input_file(&p, f);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			fprintf(stderr, "%s: invalid YAML\n", file);
			exit(2);
		}
		docs += ev.type == YAML_DOCUMENT_START_EVENT;
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	fclose(f);
	return docs;
}

/* gamestat's reader, counting each game into a summary with add. */
static unsigned long
read_reports(const char *file, bool add)
{
	struct report_reader *rd;
	struct stat_summary  *sum = NULL;
	struct stat_game      g;
	struct diag	      d;
	unsigned long	      n = 0;
	FILE		     *f;
	int		      rc;

	if ((f = fopen(file, "rb")) == NULL ||
	    (rd = report_reader_new(f, file, NULL, 0)) == NULL ||
	    (add && (sum = stat_summary_new(NULL)) == NULL)) {
		perror(file);
		exit(2);
	}
	while ((rc = report_read_game(rd, NULL, &g, &d)) == 1) {
		n++;
		if (add && stat_add(sum, &g) == -1) {
			perror("stat_add");
			exit(2);
		}
	}
	if (rc == -1) {
		fprintf(stderr, "%s:%lu: %s\n", file, d.at.line, d.msg);
		exit(2);
	}
	stat_summary_free(sum);
	report_reader_free(rd);
	fclose(f);
	return n;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	double	      t[3][64], t0, med[3];
	unsigned long docs = 0, games = 0;
	int	      rounds = 3, c, r, k;

	while ((c = getopt(argc, argv, "r:")) != -1) {
		if (c != 'r' || (rounds = atoi(optarg)) < 1 || rounds > 64) {
			fprintf(stderr, "usage: bench_yaml [-r rounds] FILE\n");
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: bench_yaml [-r rounds] FILE\n");
		return 2;
	}
	for (r = 0; r < rounds; r++) {
		t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		docs = bare_parse(argv[optind]);
		t[0][r] = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
		t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		games = read_reports(argv[optind], false);
		t[1][r] = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
		t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		read_reports(argv[optind], true);
		t[2][r] = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
	}
	for (k = 0; k < 3; k++) {
		qsort(t[k], (size_t)rounds, sizeof t[k][0], by_value);
		med[k] = t[k][rounds / 2];
	}
	printf("%lu documents, %lu games; CPU s, median of %d\n", docs, games,
	    rounds);
	printf("libyaml event parse        %7.3f s\n", med[0]);
	printf("report_read_game           %7.3f s  %.2fx the parse\n", med[1],
	    med[1] / med[0]);
	printf("report_read_game+stat_add  %7.3f s  %.2fx the parse\n", med[2],
	    med[2] / med[0]);
	return 0;
}
