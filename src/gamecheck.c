/* SPDX-License-Identifier: MIT */
/*
 * gamecheck: validate game records and score finished games (gamecheck(1)).
 * Parses the options, runs the check (src/batch/check.h) and tells its
 * totals; the work is in the libraries.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/check.h"
#include "batch/table.h"

/* The options without a short name (README, "Options"). */
enum {
	OPT_REQUIRE_FINISHED = CLI_OPT_OWN,
	OPT_MAX_ERRORS,
	OPT_WRITE,
	OPT_KEEP_ILLEGAL,
	OPT_SOLVE,
	OPT_SOLVE_NODES,
	OPT_SOLVE_SECONDS,
	OPT_DEDUPE,
	OPT_DUPLICATES,
	OPT_TABLE,
	OPT_COLUMNS,
	OPT_OPENING_NAMES,
	OPT_SPLIT_BY,
	OPT_SPLIT,
	OPT_SPLIT_DIR,
	OPT_SPLIT_MAX,
	OPT_PROGRESS,
	OPT_NO_PROGRESS
};

static void
usage(FILE *f)
{
	size_t			 i;
	const struct rules_game *g;

	fprintf(f,
	    "usage: gamecheck [-q] [--require-finished] [-g game] [-f format]\n"
	    "       [-j jobs] [--max-errors count] [-o file] [--shard k/n]\n"
	    "       [--files-from list] [--csv-columns spec]\n"
	    "       [--wthor-players file] [--wthor-tournaments file]\n"
	    "       [--implicit-pass[=auto|yes|no]] [--max-record-size size]\n"
	    "       [--select expr] [--ids list] [--records list]\n"
	    "       [--first n] [--last n]\n"
	    "       [--every k] [--plies n] [--drop-plies n]\n"
	    "       [--solve empties [--solve-nodes n] [--solve-seconds s]]\n"
	    "       [--write format [--keep-illegal]]\n"
	    "       [--dedupe mode [--duplicates file]]\n"
	    "       [--table format [--columns list]] [--opening-names file]\n"
	    "       [--split-by key | --split n] [--split-dir dir]\n"
	    "       [--split-max n] [--progress | --no-progress] [file ...]\n"
	    "Validate game records move by move, score finished games, and\n"
	    "write one YAML report per record (formats/report.md).\n"
	    "\n"
	    "  -g, --game=GAME          records without a Game tag are GAME\n"
	    "  -f, --format=FORMAT      auto (default), pgn, transcript, csv,\n"
	    "                           wthor, ggf, sgf\n"
	    "  -q, --quiet              no reports: diagnostics and the\n"
	    "                           summary line only\n"
	    "      --require-finished   an unfinished game is an error\n"
	    "      --max-errors=COUNT   stop after COUNT records with errors\n"
	    "  -o, --output=FILE        write the reports to FILE\n"
	    "  -j, --jobs=N             check in N processes (the output is\n"
	    "                           the same)\n"
	    "      --shard=K/N          check only records i (from 0, across\n"
	    "                           the inputs) with i mod N = K - 1\n");
	cli_records_usage(f);
	cli_select_usage(f, "check");
	fprintf(f,
	    "      --plies=N            keep the first N turns of each\n"
	    "      --drop-plies=N       drop the first N turns of each (a\n"
	    "                           Setup of the position after them)\n"
	    "      --write=FORMAT       write each valid record in FORMAT\n"
	    "                           (pgn, transcript, csv, ggf, sgf, wthor)\n"
	    "                           instead of the reports\n"
	    "      --keep-illegal       with --write, write the records\n"
	    "                           with errors too\n"
	    "      --solve=N            solve each game from N\n"
	    "                           empties: its value and the moves\n"
	    "                           that lost value (perfect-play)\n"
	    "      --solve-nodes=N      give up a record's solve after about\n"
	    "                           N positions (value unknown)\n"
	    "      --solve-seconds=S    ... after S seconds\n");
	cli_dedupe_usage(f);
	fprintf(f,
	    "      --duplicates=FILE    write those left out to FILE (in the\n"
	    "                           --write format, else pgn)\n"
	    "      --table=FORMAT       a table of the reports, a row a\n"
	    "                           record (tsv, csv) instead of YAML\n"
	    "      --columns=LIST       the table's columns (file,record,\n"
	    "                           status,tag:Black...; gamecheck(1))\n"
	    "      --opening-names=FILE name each game's opening from FILE's\n"
	    "                           lines of turns (formats/openings.md)\n"
	    "      --split-by=KEY       write the records into files, one a\n"
	    "                           value of KEY: a tag, tag:NAME, or\n"
	    "                           opening[:N] (the first N turns)\n"
	    "      --split=N            ... N records a file\n"
	    "      --split-dir=DIR      the files' directory (default .)\n"
	    "      --split-max=N        make at most N files (default 256)\n"
	    "      --progress           show progress on standard error even\n"
	    "                           if it is no terminal, or with -q\n"
	    "      --no-progress        show none, even on a terminal\n");
	cli_records_usage_end(f);
	fputs("Games:", f);
	for (i = 0; (g = rules_game_at(i)) != NULL; i++)
		fprintf(f, " %s", g->name);
	fprintf(f,
	    "\n"
	    "Exit status: 0 all records legal, 1 some record illegal,\n"
	    "malformed or inconsistent (or unfinished with\n"
	    "--require-finished), 2 usage or I/O error, 3 internal error.\n"
	    "See gamecheck(1).\n");
}

/* --solve N (0 to 64 empties), --solve-nodes N, --solve-seconds S. */
static int
solve_option(struct batch_check_options *opt, int c, const char *arg)
{
	unsigned long n;
	char	     *end;

	if (c == OPT_SOLVE_SECONDS) {
		opt->budget.max_seconds = strtod(arg, &end);
		if (arg[0] < '0' || arg[0] > '9' || *end != '\0' ||
		    !(opt->budget.max_seconds > 0) ||
		    opt->budget.max_seconds > 1e7)
			return cli_bad_value(
			    "--solve-seconds", "seconds (more than 0)", arg);
		return 0;
	}
	if (!cli_parse_count(arg, &n) || (n == 0 && c != OPT_SOLVE) ||
	    (c == OPT_SOLVE && n > 64))
		return c == OPT_SOLVE ?
		    cli_bad_value("--solve",
			"a number of empty squares from 0 to 64", arg) :
		    cli_bad_value("--solve-nodes", "a count of 1 or more", arg);
	if (c == OPT_SOLVE) {
		opt->solve = true;
		opt->solve_empties = (int)n;
	} else
		opt->budget.max_nodes = n;
	return 0;
}

/* What --table and --columns go with: 0, or -1 after saying why. */
static int
table_options(const struct batch_check_options *opt)
{
	const char *no = opt->quiet			     ? "-q" :
	    opt->write != NULL && !cli_split_on(&opt->split) ? "--write" :
							       NULL;

	return batch_table_options(opt->table, opt->columns, "reports", no);
}

/* --split-by, --split, --split-dir, --split-max: true, or false (said). */
static bool
split_option(struct cli_split_spec *spec, int c, const char *arg)
{
	switch (c) {
	case OPT_SPLIT_BY: return cli_split_by_option(spec, arg);
	case OPT_SPLIT: return cli_split_count_option(spec, arg);
	case OPT_SPLIT_DIR: spec->dir = arg; return true;
	default: return cli_split_max_option(spec, arg);
	}
}

/*
 * One option of gamecheck's own (the records' and the selection's are
 * taken before): 0, or -1 after saying what is wrong with it.
 */
static int
own_option(struct batch_check_options *opt, int c, const char *arg, char **argv,
    const char *opts)
{
	switch (c) {
	case CLI_OPT_FAILED: return -1;
	case 'q': opt->quiet = true; break;
	case OPT_REQUIRE_FINISHED: opt->require_finished = true; break;
	case OPT_MAX_ERRORS:
		if (!cli_parse_count(arg, &opt->max_errors))
			return cli_bad_value("--max-errors", "a count", arg);
		break;
	case 'o': opt->output = arg; break;
	case OPT_WRITE:
		if (!record_export_known(arg)) {
			cli_error("--write: unknown format '%s' "
				  "(pgn, transcript, csv, ggf, sgf, wthor)",
			    arg);
			return -1;
		}
		opt->write = arg;
		break;
	case OPT_KEEP_ILLEGAL: opt->keep_illegal = true; break;
	case OPT_SOLVE:
	case OPT_SOLVE_NODES:
	case OPT_SOLVE_SECONDS:
		if (solve_option(opt, c, arg) == -1)
			return -1;
		break;
	case OPT_DEDUPE:
		if (!cli_dedupe_option(&opt->dd, arg))
			return -1;
		break;
	case OPT_DUPLICATES: opt->dd.path = arg; break;
	case OPT_TABLE: opt->table = arg; break;
	case OPT_COLUMNS: opt->columns = arg; break;
	case OPT_OPENING_NAMES: opt->opening_names = arg; break;
	case OPT_SPLIT_BY:
	case OPT_SPLIT:
	case OPT_SPLIT_DIR:
	case OPT_SPLIT_MAX:
		if (!split_option(&opt->split, c, arg))
			return -1;
		break;
	case OPT_PROGRESS: opt->progress = 1; break;
	case OPT_NO_PROGRESS: opt->progress = -1; break;
	case 'h': usage(stdout); exit(cli_help_done());
	case 'V': exit(cli_version("gamecheck"));
	default: cli_option_error(argv, opts, c, false); return -1;
	}
	return 0;
}

/*
 * The options that go together, and those that do not: 0, or -1 after
 * saying which.
 */
static int
options_agree(const struct batch_check_options *opt)
{
	if (opt->in.jobs > 1 && opt->max_errors > 0) {
		cli_error("--max-errors stops at the first errors in input "
			  "order: not with -j");
		return -1;
	}
	if (!opt->solve &&
	    (opt->budget.max_nodes > 0 || opt->budget.max_seconds > 0)) {
		cli_error("--solve-nodes and --solve-seconds are budgets of "
			  "--solve: give --solve N");
		return -1;
	}
	if (opt->solve && opt->write != NULL && !cli_split_on(&opt->split)) {
		cli_error("--solve writes its values in the reports: not with "
			  "--write");
		return -1;
	}
	if (opt->dd.path != NULL && !opt->dd.on) {
		cli_error("--duplicates is for --dedupe");
		return -1;
	}
	if (opt->dd.on && (opt->in.jobs > 1 || opt->in.shard.n != 0)) {
		cli_error("--dedupe keeps the first of each game in input "
			  "order: not with %s",
		    opt->in.jobs > 1 ? "-j" :
				       "--shard (a shard sees only its "
				       "own records)");
		return -1;
	}
	if (table_options(opt) == -1)
		return -1;
	if (opt->keep_illegal && opt->write == NULL &&
	    !cli_split_on(&opt->split)) {
		cli_error("--keep-illegal is for --write");
		return -1;
	}
	if (!cli_split_check(&opt->split))
		return -1;
	if (cli_split_on(&opt->split) && opt->in.jobs > 1) {
		cli_error("%s writes its files in input order: not with -j",
		    opt->split.given);
		return -1;
	}
	if (opt->write != NULL && !cli_split_on(&opt->split) &&
	    (opt->quiet || opt->in.jobs > 1)) {
		cli_error("--write writes records in input order: not with "
			  "%s",
		    opt->quiet ? "-q" : "-j");
		return -1;
	}
	if (opt->in.csv_columns != NULL && opt->in.format != RECORD_AUTO &&
	    opt->in.format != RECORD_CSV) {
		cli_error("--csv-columns reads CSV: no --format %s",
		    record_format_name(opt->in.format));
		return -1;
	}
	return 0;
}

static int
parse_options(int argc, char **argv, struct batch_check_options *opt)
{
	static const char	   opts[] = ":g:f:qo:j:hV";
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "require-finished", no_argument, NULL, OPT_REQUIRE_FINISHED },
		{ "max-errors", required_argument, NULL, OPT_MAX_ERRORS },
		{ "output", required_argument, NULL, 'o' },
		{ "write", required_argument, NULL, OPT_WRITE },
		{ "keep-illegal", no_argument, NULL, OPT_KEEP_ILLEGAL },
		CLI_SELECT_LONGOPTS,
		{ "solve", required_argument, NULL, OPT_SOLVE },
		{ "solve-nodes", required_argument, NULL, OPT_SOLVE_NODES },
		{ "solve-seconds", required_argument, NULL, OPT_SOLVE_SECONDS },
		{ "dedupe", required_argument, NULL, OPT_DEDUPE },
		{ "duplicates", required_argument, NULL, OPT_DUPLICATES },
		{ "table", required_argument, NULL, OPT_TABLE },
		{ "columns", required_argument, NULL, OPT_COLUMNS },
		{ "opening-names", required_argument, NULL, OPT_OPENING_NAMES },
		{ "split-by", required_argument, NULL, OPT_SPLIT_BY },
		{ "split", required_argument, NULL, OPT_SPLIT },
		{ "split-dir", required_argument, NULL, OPT_SPLIT_DIR },
		{ "split-max", required_argument, NULL, OPT_SPLIT_MAX },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(opt, 0, sizeof *opt);
	cli_records_init(&opt->in, false);
	while ((c = cli_select_getopt(
		    &opt->sel, &opt->in, argc, argv, opts, longopts)) != -1)
		if (own_option(opt, c, optarg, argv, opts) == -1)
			return -1;
	if (cli_select_check(&opt->sel, &opt->in) == -1)
		return -1;
	/* -q is quiet on a terminal too, unless --progress. */
	if (opt->progress != 0)
		cli_progress_mode(opt->progress);
	else if (opt->quiet)
		cli_progress_mode(-1);
	return options_agree(opt);
}

/*
 * The summary line, on standard error; true if a selection took no
 * record (said).
 */
static bool
summary(const struct batch_check_totals *t, struct batch_check_options *opt)
{
	bool empty;

	fprintf(stderr, "%s: %lu record%s: %lu finished", cli_progname(),
	    t->records, t->records == 1 ? "" : "s", t->finished);
	if (t->forfeited > 0)
		fprintf(stderr, " (%lu forfeited)", t->forfeited);
	fprintf(stderr, ", %lu unfinished, %lu illegal, %lu malformed",
	    t->unfinished, t->illegal, t->malformed);
	if (t->mismatched > 0)
		fprintf(stderr, ", %lu result mismatch%s", t->mismatched,
		    t->mismatched == 1 ? "" : "es");
	if (cli_select_any(&opt->sel))
		fprintf(stderr, ", %lu skipped", t->skipped);
	if (opt->dd.on)
		fprintf(stderr, ", %lu duplicate%s", t->duplicates,
		    t->duplicates == 1 ? "" : "s");
	fputc('\n', stderr);
	/* Checking nothing is more likely a mistake than a pass. */
	opt->sel.taken = t->records;
	opt->sel.skipped = t->skipped;
	empty = cli_select_any(&opt->sel) && t->records == 0;
	cli_select_empty(&opt->sel);
	return empty;
}

/*
 * What comes before any output: the options, the inputs, the notation's
 * patterns, --opening-names, and --last's count.  Returns CLI_OK with
 * *synp, *files and *nfiles set, or the exit status after saying why
 * (what was made freed).
 */
static int
prepare(int argc, char **argv, struct batch_check_options *opt,
    struct record_syntax **synp, char *const **files, int *nfiles)
{
	struct record_syntax *syn;

	/* What --select holds is freed on every way out (LeakSanitizer). */
	if (parse_options(argc, argv, opt) == -1 ||
	    (*files = cli_records_inputs(
		 &opt->in, argc, argv, opt->output, nfiles)) == NULL ||
	    (opt->dd.path != NULL &&
		!cli_dedupe_path_ok(
		    opt->dd.path, opt->output, *files, *nfiles))) {
		cli_select_free(&opt->sel);
		return CLI_USAGE;
	}
	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		cli_select_free(&opt->sel);
		return CLI_INTERNAL;
	}
	/* The names are read once, before -j's workers share them. */
	if (opt->opening_names != NULL &&
	    (opt->openings = cli_openings_load(syn, opt->opening_names)) ==
		NULL) {
		record_syntax_free(syn);
		cli_select_free(&opt->sel);
		return CLI_USAGE;
	}
	batch_check_progress_size(*files, *nfiles);
	/* --last: the selected records are counted first. */
	if (cli_select_count(&opt->sel, &opt->in, syn, *files, *nfiles) == -1) {
		record_syntax_free(syn);
		cli_openings_free(opt->openings);
		cli_select_free(&opt->sel);
		return CLI_USAGE;
	}
	*synp = syn;
	return CLI_OK;
}

int
main(int argc, char **argv)
{
	struct batch_check_options opt;
	struct batch_check_totals  t = { 0 };
	struct record_syntax	  *syn;
	struct report_writer	  *w = NULL;
	struct cli_output	   o;
	FILE			  *out;
	bool			   io_error = false, jobs_failed = false, empty;
	char *const		  *files;
	unsigned long		   k;
	int			   nfiles, status, redo;

	cli_init(argv[0]);
	if ((status = prepare(argc, argv, &opt, &syn, &files, &nfiles)) !=
	    CLI_OK)
		return status;
	/* The workers start before any output is opened: it is ours. */
	if (opt.in.jobs > 1) {
		if ((opt.j = cli_jobs_start(opt.in.jobs, files, nfiles,
			 batch_check_jobs_how(syn, files, nfiles, &opt),
			 &k)) == NULL) {
			record_syntax_free(syn);
			cli_openings_free(opt.openings);
			cli_select_free(&opt.sel);
			return CLI_USAGE;
		}
		if (k < opt.in.jobs)
			batch_check_worker(syn, files, nfiles, &opt);
	}
	if (cli_output_open(&o, opt.output, 0) == -1) {
		cli_jobs_free(opt.j);
		record_syntax_free(syn);
		cli_openings_free(opt.openings);
		cli_select_free(&opt.sel);
		return CLI_USAGE;
	}
	out = o.fp;
	/*
	 * -j by byte ranges, a worker's range not read so: the run again
	 * here (nothing was put out: -q alone).
	 */
	if (opt.j != NULL && cli_jobs_ranges(opt.j) &&
	    (redo = cli_jobs_any(opt.j, batch_check_redo)) != 0) {
		cli_jobs_free(opt.j);
		opt.j = NULL;
		if (redo == 1)
			batch_check_all(
			    syn, files, nfiles, NULL, out, o.name, &opt, &t);
		else
			jobs_failed = true;
	} else if (opt.j != NULL) {
		if (batch_check_table_header(out, &opt) == -1)
			io_error = true;
		if (cli_jobs_finish(opt.j, out, batch_check_add_totals, &t) ==
		    -1)
			jobs_failed = true;
		cli_jobs_free(opt.j);
		opt.j = NULL;
		if (!cli_output_ok(out, o.name))
			io_error = true;
	} else if (!opt.quiet &&
	    (opt.write == NULL || cli_split_on(&opt.split)) &&
	    opt.table == NULL && (w = report_writer_new(out)) == NULL) {
		cli_error("out of memory");
		cli_output_abort(&o);
		record_syntax_free(syn);
		cli_openings_free(opt.openings);
		return CLI_INTERNAL;
	} else
		batch_check_all(syn, files, nfiles, w, out, o.name, &opt, &t);
	io_error = io_error || t.io_error;
	if (report_writer_free(w) == -1 || fflush(out) == EOF)
		io_error = !cli_output_ok(out, o.name) || io_error;
	/* A file of reports replaces the old one only for a full run. */
	if (io_error || t.out_of_memory || jobs_failed)
		cli_output_abort(&o);
	else if (!cli_output_commit(&o))
		io_error = true;
	record_syntax_free(syn);
	cli_openings_free(opt.openings);
	cli_progress_done();
	/* No totals to tell: the workers said why (cli_jobs_finish). */
	if (jobs_failed)
		return CLI_INTERNAL;
	if (t.stop)
		cli_error("stopped after %lu error%s (--max-errors)", t.errors,
		    t.errors == 1 ? "" : "s");
	empty = summary(&t, &opt);
	cli_select_free(&opt.sel);
	status = t.out_of_memory  ? CLI_INTERNAL :
	    io_error		  ? CLI_USAGE :
	    t.errors > 0 || empty ? CLI_BAD :
				    CLI_OK;
	return status;
}
