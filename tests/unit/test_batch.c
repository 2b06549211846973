/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the tools' runs (src/batch): -j's totals of gamecheck
 * added up (and a worker's cut short refused), what --table goes with,
 * --by opening, and the byte ranges of gamestat --shard-by bytes (the
 * tasks' ranges meet end to end, the last to the input's end; a
 * compressed file, standard input and --tree read by records).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/check.h"
#include "batch/stat-read.h"
#include "batch/table.h"
#include "unit.h"

START_TEST(add_totals_sums_workers)
{
	struct batch_check_totals t = { 0 }, w = { 0 };

	w.records = 3;
	w.finished = 2;
	w.unfinished = 1;
	w.errors = 1;
	w.skipped = 4;
	ck_assert_int_eq(
	    batch_check_add_totals(&t, 0, (char *)&w, sizeof w), 0);
	w.io_error = true;
	w.forfeited = 1;
	ck_assert_int_eq(
	    batch_check_add_totals(&t, 1, (char *)&w, sizeof w), 0);
	ck_assert_uint_eq(t.records, 6);
	ck_assert_uint_eq(t.finished, 4);
	ck_assert_uint_eq(t.unfinished, 2);
	ck_assert_uint_eq(t.errors, 2);
	ck_assert_uint_eq(t.skipped, 8);
	ck_assert_uint_eq(t.forfeited, 1);
	ck_assert(t.io_error);
	ck_assert(!t.out_of_memory);
}
END_TEST

START_TEST(add_totals_refuses_cut_short)
{
	struct batch_check_totals t = { 0 }, w = { 0 };

	w.records = 3;
	ck_assert_int_eq(
	    batch_check_add_totals(&t, 0, (char *)&w, sizeof w - 1), -1);
	ck_assert_uint_eq(t.records, 0);
}
END_TEST

START_TEST(table_options_agree)
{
	/* No --table: nothing to refuse, whatever else was given. */
	ck_assert_int_eq(batch_table_options(NULL, NULL, "reports", "-q"), 0);
	ck_assert_int_eq(batch_table_options("tsv", NULL, "reports", NULL), 0);
	ck_assert_int_eq(
	    batch_table_options("csv", "file,record", "summary", NULL), 0);
	ck_assert_int_eq(batch_table_options("tsv", NULL, "reports", "-q"), -1);
	ck_assert_int_eq(
	    batch_table_options("tsv", "no-such-column", "summary", NULL), -1);
}
END_TEST

START_TEST(by_opening_is_the_word)
{
	struct batch_stat_options opt;

	memset(&opt, 0, sizeof opt);
	ck_assert(!batch_stat_by_opening(&opt));
	opt.by = "Event";
	ck_assert(!batch_stat_by_opening(&opt));
	opt.by = REPORT_BY_OPENING;
	ck_assert(batch_stat_by_opening(&opt));
}
END_TEST

/* A file of size bytes (head, then lines of text), its path in path. */
static void
make_file(char *path, size_t size, const char *head)
{
	FILE  *f;
	int    fd;
	size_t i;

	strcpy(path, "/tmp/test_batch.XXXXXX");
	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	fputs(head, f);
	for (i = strlen(head); i < size; i++)
		fputc(i % 40 == 39 ? '\n' : 'a', f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(ranges_meet_end_to_end)
{
	struct batch_stat_options opt;
	struct batch_range	  rg;
	unsigned long long	  next = 0;
	char			  path[64];
	unsigned long		  k, n;

	make_file(path, 1003, "");
	for (n = 1; n <= 7; n++) {
		next = 0;
		for (k = 1; k <= n; k++) {
			memset(&opt, 0, sizeof opt);
			opt.shard_bytes = true;
			opt.in.shard.k = k;
			opt.in.shard.n = n;
			ck_assert(batch_range_open(&opt, 0, path, &rg));
			ck_assert_uint_eq(rg.size, 1003);
			ck_assert_uint_eq(rg.start, next);
			/* The last range to the input's end, and beyond. */
			if (k == n)
				ck_assert_uint_eq(
				    rg.end, (unsigned long long)-1);
			else
				ck_assert_uint_gt(rg.end, rg.start);
			next = rg.end;
			fclose(rg.fp);
		}
	}
	unlink(path);
}
END_TEST

START_TEST(ranges_only_for_plain_files)
{
	struct batch_stat_options opt;
	struct batch_range	  rg;
	char			  path[64];

	memset(&opt, 0, sizeof opt);
	opt.shard_bytes = true;
	opt.in.shard.k = 1;
	opt.in.shard.n = 2;
	ck_assert(!batch_range_open(&opt, 0, "-", &rg));
	/* gzip's magic: the peek is of the text, not of these bytes. */
	make_file(path, 100, "\x1f\x8b\x08");
	ck_assert(!batch_range_open(&opt, 0, path, &rg));
	unlink(path);
	make_file(path, 100, "");
	opt.tree.on = true; /* --tree names games by their number */
	ck_assert(!batch_range_open(&opt, 0, path, &rg));
	opt.tree.on = false;
	opt.shard_bytes = false; /* --shard-by records */
	ck_assert(!batch_range_open(&opt, 0, path, &rg));
	opt.shard_bytes = true;
	opt.in.shard.n = 0; /* no --shard */
	ck_assert(!batch_range_open(&opt, 0, path, &rg));
	unlink(path);
}
END_TEST

/*
 * A run that cannot go on (here --tree --from turns that are no line of
 * a record's game) stops and returns its exit status, said: the library
 * does not exit (Check's fork would take an exit for a failure), and no
 * later input is read.
 */
START_TEST(stopped_run_returns)
{
	struct batch_stat_options opt;
	struct batch_stat_run	  r = { 0 };
	char			  one[64], two[64];
	char			 *files[2] = { one, two };

	make_file(one, 0, "[Game \"reversi\"]\n\nf5 d6\n");
	make_file(two, 0, "[Game \"reversi\"]\n\nf5 f6\n");
	memset(&opt, 0, sizeof opt);
	cli_records_init(&opt.in, true);
	opt.tree.on = true;
	ck_assert(cli_tree_from_option(&opt.tree, "a1"));
	ck_assert_int_eq(batch_stat_read_all(&r, &opt, files, 2), CLI_USAGE);
	ck_assert_int_eq(r.stop, CLI_USAGE);
	ck_assert_uint_eq(r.records, 1);
	cli_tree_free(&opt.tree);
	stat_summary_free(r.sum);
	unlink(one);
	unlink(two);
}
END_TEST

int
main(void)
{
	cli_init("test_batch");
	return unit_main("batch",
	    unit_tcase("check", 0, add_totals_sums_workers,
		add_totals_refuses_cut_short, NULL),
	    unit_tcase("options", 0, table_options_agree,
		by_opening_is_the_word, NULL),
	    unit_tcase("range", 0, ranges_meet_end_to_end,
		ranges_only_for_plain_files, NULL),
	    unit_tcase("stop", 0, stopped_run_returns, NULL), NULL);
}
