/* SPDX-License-Identifier: MIT */
/*
 * gamestat's reading of reports against libyaml's bare event parse of the
 * same stream, in one run (issue 20, target 3: at most 1.25x): the parse
 * alone (every event read and freed), report_read_game over every
 * document, and report_read_game with stat_add, which is what gamestat
 * does with a report.  CPU time of this process, median of the rounds,
 * the three taken in turn in each round.
 *   bench_yaml [-r rounds] FILE
 *
 * Issue 34 item 5 (within 1.25x, with margin), branch yread against main
 * 3f6d9e3, both ./configure (-O2).  FILE: the Othello data set's 25,657
 * transcripts through gamecheck (r1.yaml, 7.2 MB), or 4 times over
 * (r4.yaml, 29 MB), as bench/gamestat.sh makes it.
 * Instructions, valgrind --tool=callgrind ./bench/bench_yaml -r 1 r1.yaml
 * (the parse: main's cost less read_reports'; stable under load):
 *   libyaml event parse  2,237.5 M
 *   report_read_game     2,606.0 M (1.165x) -> 2,494.6 M (1.115x)
 *   ... + stat_add       2,625.0 M (1.173x) -> 2,513.6 M (1.123x)
 * the build's overhead above libyaml (yaml-in.c: a node no longer
 * cleared whole, pointed at its text and entries as it is made, not in
 * a pass at the document's end; refuse() and the arrays' growth tested
 * inline) and yin_number's strtoll for short numbers.  Whole gamestat
 * r1.yaml: 2,627.5 M -> 2,516.1 M instructions (0.958x).
 * CPU time, ./bench/bench_yaml -r 7 r4.yaml, load 8-9 on 2 cores (a full
 * make check beside it): main 1.19x (0.863 s parse), yread 1.14x (0.927
 * s parse); earlier runs at load 11-13 ranged 1.15-1.31x on both sides:
 * the instruction counts are the figure to trust here.  Paired,
 * farm-bench -n 7 --vs 'main/gamestat r4.yaml' -- 'yread/gamestat
 * r4.yaml': 0.946x CPU (median; 0.917-1.084), load 5.9-7.0, outputs
 * byte-identical (cmp).
 * Branch yread2 against main e11e01b, same command and build, r1.yaml
 * made again (gamecheck of the transcripts in /tmp/yr2: 7.5 MB):
 *   libyaml event parse  2,262.5 M (main) 2,262.4 M (yread2)
 *   report_read_game     2,520.1 M (1.114x) -> 2,502.3 M (1.106x)
 *   ... + stat_add       2,542.5 M (1.124x) -> 2,525.9 M (1.117x)
 * read-report.c: the root's keys read found in one pass over its pairs
 * (a key's first byte picks the names it may be), not two dozen yin_get;
 * the result's winner, score and komi in one pass; the figure maps' two
 * keys read once, not a scan for each colour; the Termination tag once.
 * Over both reads: yin_get 119.2 M -> 4.1 M; report_read_game less
 * yin_load 250.1 M -> 230.0 M; yin_load 4,791.3 M -> 4,776.9 M with
 * yaml-in.c unchanged (code placement, not this change: half the gain
 * above is that).  What is left above libyaml is yin_load's building of
 * the document (yaml-in.c).  CPU time, load 2-3.7, r4.yaml: farm-bench
 * -n 21 --vs 'main/gamestat r4.yaml' -- 'yread2/gamestat r4.yaml' 1.016x
 * (0.768-1.168), outputs byte-identical (cmp); bench_yaml -r 7 r4.yaml
 * main 1.35x/1.17x, yread2 1.05x/1.11x: a 0.7% change is under this
 * machine's noise, the instruction counts are the figure.
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
