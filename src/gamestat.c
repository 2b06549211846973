/* SPDX-License-Identifier: MIT */
/*
 * gamestat: batch scoring and statistics over archives (gamestat(1)).
 * Parses the options, runs the reading and writing (src/batch/stat.h)
 * and tells its counts; the work is in the libraries.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/stat.h"
#include "batch/table.h"
#include "cli/cover.h"
#include "cli/figures.h"
#include "cli/manifest.h"
#include "record/record.h"

/* The options without a short name (README, "Options"). */
enum {
	OPT_BY = CLI_OPT_OWN,
	OPT_EXPECT,
	OPT_EXPECT_INPUTS,
	OPT_NAME,
	OPT_DEDUPE,
	OPT_DUPLICATES,
	OPT_OVERLAP,
	OPT_TREE,
	OPT_DEPTH,
	OPT_FROM,
	OPT_HTML,
	OPT_FIGURES,
	OPT_NO_PLAYERS,
	OPT_TABLE,
	OPT_COLUMNS,
	OPT_OPENING_NAMES,
	OPT_SHARD_BY
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: gamestat [-mp] [--by tag] [-g game] [-f format] [-j jobs]\n"
	    "       [-o file] [-P dir] [--shard k/n] [--shard-by mode]\n"
	    "       [--files-from list] [--expect n]\n"
	    "       [--expect-inputs manifest] [--name label]\n"
	    "       [--csv-columns spec] [--wthor-players file]\n"
	    "       [--wthor-tournaments file] [--implicit-pass[=WHEN]]\n"
	    "       [--max-record-size size]\n"
	    "       [--select expr] [--records list] [--first n] [--last n]\n"
	    "       [--every k] [--plies n] [--drop-plies n] [--ids list]\n"
	    "       [--dedupe mode [--duplicates file]] [--figures list]\n"
	    "       [--no-players] [--table format [--columns list]]\n"
	    "       [--opening-names file]\n"
	    "       [file ...]\n"
	    "       gamestat --overlap [--dedupe mode] [-o file] a b\n"
	    "       gamestat --tree [-mp] [--depth n] [--from turns]\n"
	    "       [--html file] ...\n"
	    "Summarize archives of game records, or the reports gamecheck\n"
	    "writes, as one YAML summary (formats/summary.md).\n"
	    "\n"
	    "      --by=TAG             group by the value of TAG too (Event, "
	    "Date, ...),\n"
	    "                           or by each game's opening: --by opening\n"
	    "      --opening-names=FILE --by opening: name the records'\n"
	    "                           openings from FILE (formats/openings.md)\n"
	    "  -g, --game=GAME          records without a Game tag are GAME\n"
	    "  -f, --format=FORMAT      auto (default), report, pgn, "
	    "transcript, csv,\n"
	    "                           wthor, ggf, sgf\n"
	    "  -p, --partial            write the partial state, for --merge\n"
	    "  -m, --merge              the inputs are partial summaries: "
	    "merge them\n"
	    "      --expect=N           with --merge: refuse unless the "
	    "partials\n"
	    "                           hold N shards\n"
	    "      --expect-inputs=FILE with --merge: refuse unless the "
	    "partials\n"
	    "                           cover the inputs FILE lists, no "
	    "other\n"
	    "      --name=LABEL         with --partial: standard input's "
	    "name in the\n"
	    "                           cover (a split's path and place)\n"
	    "  -P, --plot=DIR           write SVG charts into DIR\n"
	    "      --shard=K/N          count only task K's of N: bytes K of N\n"
	    "                           of each regular file, else records i\n"
	    "                           (from 0, across the inputs) with\n"
	    "                           i mod N = K - 1\n"
	    "      --shard-by=MODE      bytes (default), records\n");
	cli_records_usage(f);
	cli_select_usage(f, "count");
	fprintf(f,
	    "      --plies=N            count the first N turns of each\n"
	    "      --drop-plies=N       count each without its first N turns\n");
	cli_dedupe_usage(f);
	fprintf(f,
	    "      --duplicates=FILE    write those left out to FILE (pgn)\n"
	    "      --figures=LIST       the designers' figures too: swap,\n"
	    "                           tension, luck, or all\n"
	    "      --no-players         keep no players or ratings: state\n"
	    "                           by group only, for huge archives\n"
	    "      --table=FORMAT       a table instead of the summary, a\n"
	    "                           row a record: tsv or csv\n"
	    "      --columns=LIST       the table's columns, as gamecheck's\n"
	    "                           (gamecheck(1), TABLES)\n"
	    "      --overlap            how many games of input A input B\n"
	    "                           holds, by --dedupe (default exact)\n"
	    "      --tree               the positions reached, up to\n"
	    "                           symmetry, and the moves played from\n"
	    "                           each, with their games and results\n"
	    "      --depth=N            --tree: N turns from the root (12;\n"
	    "                           1 with --from)\n"
	    "      --from=TURNS         --tree: from the position TURNS\n"
	    "                           reach ('f5 d6'), not the start\n"
	    "      --html=FILE          --tree: write a page to browse it\n"
	    "                           to FILE too\n"
	    "  -o, --output=FILE        write the summary to FILE\n"
	    "  -j, --jobs=N             count in N processes (the summary is\n"
	    "                           the same)\n");
	cli_records_usage_end(f);
	fprintf(f,
	    "Exit status: 0 all input counted, 1 some input could not be\n"
	    "read as records, reports or partial summaries, 2 usage or I/O\n"
	    "error, 3 internal error.  See gamestat(1).\n");
}

/* What --dedupe and --overlap go with: 0, or -1 after saying why. */
static int
dedupe_options(const struct batch_stat_options *opt)
{
	const char *no = opt->in.jobs > 1    ? "-j" :
	    opt->merge			     ? "--merge" :
	    opt->partial		     ? "--partial" :
	    opt->in.shard.n != 0	     ? "--shard" :
	    opt->input == BATCH_INPUT_REPORT ? "--format report" :
					       NULL;

	if (opt->dd.path != NULL && (!opt->dd.on || opt->overlap)) {
		cli_error("--duplicates is for --dedupe, without --overlap");
		return -1;
	}
	if ((opt->dd.on || opt->overlap) && no != NULL) {
		cli_error("%s compares the games of all the records, in input "
			  "order: not with %s",
		    opt->overlap ? "--overlap" : "--dedupe", no);
		return -1;
	}
	if (opt->overlap && (opt->by != NULL || opt->plot != NULL)) {
		cli_error("--overlap writes no summary: no --by or --plot");
		return -1;
	}
	return 0;
}

/* What --table and --columns go with: 0, or -1 after saying why. */
static int
table_options(const struct batch_stat_options *opt)
{
	const char *no = opt->in.jobs > 1 ? "-j" :
	    opt->merge			  ? "--merge" :
	    opt->partial		  ? "--partial" :
	    opt->by != NULL		  ? "--by" :
	    opt->plot != NULL		  ? "--plot" :
	    opt->overlap		  ? "--overlap" :
	    opt->tree.on		  ? "--tree" :
	    opt->figures != 0		  ? "--figures" :
					    NULL;

	return batch_table_options(opt->table, opt->columns, "summary", no);
}

/* What --opening-names goes with: 0, or -1 after saying why. */
static int
opening_options(const struct batch_stat_options *opt)
{
	if (opt->opening_names == NULL)
		return 0;
	if (!batch_stat_by_opening(opt)) {
		cli_error("--opening-names names the openings --by opening "
			  "groups by: give --by opening too");
		return -1;
	}
	if (opt->input == BATCH_INPUT_REPORT) {
		cli_error("--opening-names replays records: no --format "
			  "report (reports name their openings: gamecheck "
			  "--opening-names)");
		return -1;
	}
	return 0;
}

/* What --tree goes with: 0, or -1 after saying why. */
static int
tree_options(const struct batch_stat_options *opt)
{
	const char *no = opt->in.jobs > 1    ? "-j" :
	    opt->by != NULL		     ? "--by" :
	    opt->plot != NULL		     ? "--plot" :
	    opt->overlap		     ? "--overlap" :
	    opt->input == BATCH_INPUT_REPORT ? "--format report" :
					       NULL;

	if (!opt->tree.on &&
	    (opt->tree.has_depth || opt->tree.from != NULL ||
		opt->tree.html != NULL)) {
		cli_error(
		    "--depth, --from and --html are --tree's: give --tree "
		    "too");
		return -1;
	}
	if (opt->tree.on && no != NULL) {
		cli_error(
		    "--tree writes one tree, counted in one process: "
		    "not with %s (split with --shard, then --tree --merge)",
		    no);
		return -1;
	}
	if (opt->tree.on && opt->merge &&
	    (opt->tree.has_depth || opt->tree.from != NULL)) {
		cli_error("--tree --merge takes the depth and --from of the "
			  "partial trees: no --depth or --from");
		return -1;
	}
	return 0;
}

/*
 * One option of gamestat's own (the records' and the selection's are
 * taken before): 0, or -1 after saying what is wrong with it.
 */
static int
own_option(struct batch_stat_options *opt, int c, const char *arg, char **argv,
    const char *opts)
{
	switch (c) {
	case CLI_OPT_FAILED: return -1;
	case OPT_BY:
		if (*arg == '\0') {
			cli_error("--by takes a tag name");
			return -1;
		}
		opt->by = arg;
		break;
	case 'p': opt->partial = true; break;
	case 'm': opt->merge = true; break;
	case 'P': opt->plot = arg; break;
	case 'o': opt->output = arg; break;
	case OPT_EXPECT:
		if (!cli_parse_count(arg, &opt->expect) || opt->expect == 0)
			return cli_bad_value(
			    "--expect", "a number of shards, 1 or more", arg);
		break;
	case OPT_EXPECT_INPUTS: opt->inputs = arg; break;
	case OPT_NAME: opt->name = arg; break;
	case OPT_SHARD_BY:
		if (strcmp(arg, "bytes") != 0 && strcmp(arg, "records") != 0)
			return cli_bad_value(
			    "--shard-by", "bytes or records", arg);
		opt->shard_bytes = strcmp(arg, "bytes") == 0;
		break;
	case OPT_DEDUPE:
		if (!cli_dedupe_option(&opt->dd, arg))
			return -1;
		break;
	case OPT_DUPLICATES: opt->dd.path = arg; break;
	case OPT_OVERLAP: opt->overlap = true; break;
	case OPT_TREE: opt->tree.on = true; break;
	case OPT_DEPTH:
		if (!cli_tree_depth_option(&opt->tree, arg))
			return -1;
		break;
	case OPT_HTML: opt->tree.html = arg; break;
	case OPT_FROM:
		if (!cli_tree_from_option(&opt->tree, arg))
			return -1;
		break;
	case OPT_FIGURES:
		if (!stat_figures_parse(arg, &opt->figures))
			return cli_bad_value("--figures",
			    "a list of swap, tension and luck, or all", arg);
		break;
	case OPT_NO_PLAYERS: opt->no_players = true; break;
	case OPT_TABLE: opt->table = arg; break;
	case OPT_COLUMNS: opt->columns = arg; break;
	case OPT_OPENING_NAMES: opt->opening_names = arg; break;
	case 'h': usage(stdout); exit(cli_help_done());
	case 'V': exit(cli_version("gamestat"));
	default: cli_option_error(argv, opts, c, false); return -1;
	}
	return 0;
}

/*
 * What is read (reports, records, or either: opt->input) from --merge,
 * --format and --csv-columns: 0, or -1 after saying what does not go
 * together.
 */
static int
input_options(struct batch_stat_options *opt)
{
	opt->input = opt->in.reports	  ? BATCH_INPUT_REPORT :
	    opt->in.format == RECORD_AUTO ? BATCH_INPUT_AUTO :
					    BATCH_INPUT_RECORDS;
	if (opt->merge &&
	    (opt->by != NULL || opt->in.game != NULL ||
		opt->input != BATCH_INPUT_AUTO)) {
		cli_error("--merge takes its grouping from the partial "
			  "summaries: no --by, --game or --format");
		return -1;
	}
	if (opt->in.csv_columns != NULL &&
	    (opt->merge || opt->input == BATCH_INPUT_REPORT ||
		(opt->in.format != RECORD_AUTO &&
		    opt->in.format != RECORD_CSV))) {
		cli_error("--csv-columns reads records in CSV: no --merge or "
			  "--format other than csv");
		return -1;
	}
	if (opt->in.csv_columns != NULL) {
		opt->input = BATCH_INPUT_RECORDS;
		opt->in.format = RECORD_CSV;
	}
	return 0;
}

/*
 * What the selection, --figures, --no-players and a merge's options go
 * with, then the others' own checks: 0, or -1 after saying why.
 */
static int
options_agree(const struct batch_stat_options *opt)
{
	if ((cli_select_any(&opt->sel) || opt->sel.has_plies ||
		opt->sel.drop > 0) &&
	    (opt->merge || opt->input == BATCH_INPUT_REPORT)) {
		cli_error("--select, the ranges and --plies read records: no "
			  "%s",
		    opt->merge ? "--merge" : "--format report");
		return -1;
	}
	if (opt->figures != 0 &&
	    (opt->merge || opt->input == BATCH_INPUT_REPORT)) {
		cli_error("--figures replays records: no %s (a merge takes "
			  "the figures of its partial summaries)",
		    opt->merge ? "--merge" : "--format report");
		return -1;
	}
	if (opt->no_players && opt->merge) {
		cli_error("--no-players counts records without their players: "
			  "give it to the runs that write the partial "
			  "summaries, not to --merge");
		return -1;
	}
	if (opt->expect != 0 && !opt->merge) {
		cli_error("--expect counts the shards of a merge: only with "
			  "--merge");
		return -1;
	}
	if (opt->inputs != NULL && !opt->merge) {
		cli_error("--expect-inputs checks the inputs of a merge: only "
			  "with --merge");
		return -1;
	}
	if (opt->merge && opt->in.shard.n != 0) {
		cli_error("--merge reads every partial summary whole: no "
			  "--shard");
		return -1;
	}
	if (dedupe_options(opt) == -1 || table_options(opt) == -1 ||
	    opening_options(opt) == -1)
		return -1;
	return tree_options(opt);
}

static int
parse_options(int argc, char **argv, struct batch_stat_options *opt)
{
	static const char	   opts[] = ":g:f:pmP:o:j:hV";
	static const struct option longopts[] = {
		{ "by", required_argument, NULL, OPT_BY },
		{ "partial", no_argument, NULL, 'p' },
		{ "merge", no_argument, NULL, 'm' },
		{ "plot", required_argument, NULL, 'P' },
		{ "output", required_argument, NULL, 'o' },
		{ "expect", required_argument, NULL, OPT_EXPECT },
		{ "expect-inputs", required_argument, NULL, OPT_EXPECT_INPUTS },
		{ "name", required_argument, NULL, OPT_NAME },
		CLI_SELECT_LONGOPTS,
		{ "dedupe", required_argument, NULL, OPT_DEDUPE },
		{ "duplicates", required_argument, NULL, OPT_DUPLICATES },
		{ "overlap", no_argument, NULL, OPT_OVERLAP },
		{ "tree", no_argument, NULL, OPT_TREE },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "figures", required_argument, NULL, OPT_FIGURES },
		{ "no-players", no_argument, NULL, OPT_NO_PLAYERS },
		{ "table", required_argument, NULL, OPT_TABLE },
		{ "columns", required_argument, NULL, OPT_COLUMNS },
		{ "opening-names", required_argument, NULL, OPT_OPENING_NAMES },
		{ "shard-by", required_argument, NULL, OPT_SHARD_BY },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(opt, 0, sizeof *opt);
	opt->shard_bytes = true;
	cli_records_init(&opt->in, true);
	while ((c = cli_select_getopt(
		    &opt->sel, &opt->in, argc, argv, opts, longopts)) != -1)
		if (own_option(opt, c, optarg, argv, opts) == -1)
			return -1;
	if (input_options(opt) == -1 ||
	    cli_select_check(&opt->sel, &opt->in) == -1)
		return -1;
	return options_agree(opt);
}

/*
 * With --select or a range, the records counted and skipped: true after
 * saying that none was selected (nothing written: more likely a mistake
 * than a summary of nothing).  A partial is written all the same (a
 * shard may well hold none of them), and the merge of partials that
 * selected says it when none of them took a record.
 */
static bool
select_said(struct batch_stat_options *opt, const struct batch_stat_run *r)
{
	/* The summary's count: -j's workers counted, not this process. */
	unsigned long n = r->sum != NULL ? (unsigned long)r->sum->records : 0;

	if (opt->merge && !opt->partial && n == 0 && r->sum != NULL &&
	    cli_select_read(r->sum->read)) {
		cli_error("no record selected in the partials merged: check the "
			  "expression and the ranges");
		return true;
	}
	if (!cli_select_any(&opt->sel))
		return false;
	fprintf(stderr, "%s: %lu record%s counted, %lu skipped\n",
	    cli_progname(), n, n == 1 ? "" : "s", r->skipped);
	opt->sel.taken = n;
	opt->sel.skipped = r->skipped;
	if (opt->partial)
		return false;
	cli_select_empty(&opt->sel);
	return n == 0;
}

int
main(int argc, char **argv)
{
	struct batch_stat_options opt;
	struct batch_stat_run	  r = { 0 };
	char *const		 *files, *paths[STAT_CHARTS] = { NULL };
	struct cli_charts	  charts, *ch = NULL;
	int			  i, nfiles, status = CLI_USAGE;

	cli_init(argv[0]);
	/* What --select holds is freed on every way out (LeakSanitizer). */
	if (parse_options(argc, argv, &opt) == -1)
		goto out_free;
	if ((files = cli_records_inputs(
		 &opt.in, argc, argv, opt.output, &nfiles)) == NULL ||
	    !cli_cover_label_ok(
		opt.name, opt.partial, opt.merge, files, nfiles) ||
	    !cli_manifest_load(opt.inputs, files, nfiles) ||
	    (opt.dd.path != NULL &&
		!cli_dedupe_path_ok(opt.dd.path, opt.output, files, nfiles)))
		goto out_free;
	if (opt.overlap) {
		status = batch_stat_overlap(&opt, files, nfiles);
		goto out_free;
	}
	if (opt.plot != NULL &&
	    (!cli_charts_paths(opt.plot, opt.output, files, nfiles, paths) ||
		cli_charts_open(&charts, opt.plot) == -1))
		goto out_free;
	if (opt.plot != NULL)
		ch = &charts;
	if (opt.table != NULL && !batch_stat_start_table(&opt))
		goto out_free;
	if ((status = batch_stat_read_all(&r, &opt, files, nfiles)) != CLI_OK)
		goto out_free;
	status = CLI_INTERNAL;
	cli_progress_done();
	if (opt.dd.on)
		fprintf(stderr, "%s: %lu duplicate%s left out (--dedupe)\n",
		    cli_progname(), r.duplicates, r.duplicates == 1 ? "" : "s");
	if (select_said(&opt, &r)) {
		status = CLI_BAD;
		goto out_free;
	}
	if ((status = batch_stat_ready(&r, &opt, files, nfiles)) != CLI_OK)
		goto out_free;
	/* A partial says whether its run failed, or one it merged. */
	r.sum->errors = r.sum->errors || r.bad;
	/* Files are replaced only by a full run. */
	if (opt.tb != NULL ?
		!batch_stat_end_table(&opt, !r.io_error) :
		!batch_stat_write_all(&opt, &r, ch, paths, !r.io_error))
		r.io_error = true;
	ch = NULL;
	status = r.io_error	       ? CLI_USAGE :
	    r.bad || r.partial_errors ? CLI_BAD :
					CLI_OK;
out_free:
	if (opt.tb != NULL)
		batch_stat_end_table(&opt, false);
	cli_select_free(&opt.sel);
	cli_tree_free(&opt.tree);
	cli_openings_free(opt.openings);
	stat_tree_free(r.tree);
	if (ch != NULL)
		cli_charts_abort(ch);
	free(r.seen);
	stat_summary_free(r.sum);
	for (i = 0; i < STAT_CHARTS; i++)
		free(paths[i]);
	return status;
}
