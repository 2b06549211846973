/* SPDX-License-Identifier: MIT */
/*
 * gamestat: batch scoring and statistics over archives (gamestat(1)).
 * Parses the options, tells records from reports, and drives the readers
 * into the statistics state; the work is in the libraries.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/dedupe.h"
#include "cli/doc-split.h"
#include "cli/figures.h"
#include "cli/charts.h"
#include "cli/cover.h"
#include "cli/manifest.h"
#include "cli/output.h"
#include "cli/openings.h"
#include "record/record.h"
#include "referee/referee.h"
#include "cli/select.h"
#include "cli/tree.h"
#include "report/report.h"
#include "stat/stat.h"
#include "stat/tree.h"

/* Enough of an input to see its first line. */
#define PEEK 512

enum input_format {
	INPUT_AUTO,
	INPUT_REPORT,
	INPUT_RECORDS, /* with record_format */
};

struct options {
	enum input_format     input;
	const char	     *by;
	bool		      partial;
	bool		      merge;
	const char	     *plot;
	const char	     *output;
	const char	     *name;   /* --name: standard input's, or NULL */
	unsigned long	      expect; /* --expect: 0 for none */
	const char	     *inputs; /* --expect-inputs: a manifest, or NULL */
	struct cli_dedupe_run dd;     /* --dedupe, --duplicates */
	struct cli_tree_run   tree;   /* --tree, --depth, --from */
	bool		      overlap;
	unsigned	      figures; /* --figures: STAT_FIG_* */
	bool		      no_players;
	const char	     *opening_names; /* --opening-names FILE */
	struct cli_openings  *openings;	     /* its names, read */
	bool		      shard_bytes; /* --shard-by bytes (the default) */
	struct cli_records    in;  /* which inputs and records, read how */
	struct cli_select     sel; /* --select, ranges, --plies */
	struct cli_jobs	     *j;   /* a worker's, with -j */
	uint64_t	      seq; /* the records of the shard, for -j */
	/* -j: each worker parses only its own reports (doc-split.h). */
	bool		     split;
	const char	    *table;   /* --table: tsv, csv, or NULL */
	const char	    *columns; /* --columns */
	struct report_table *tb;      /* --table's, while reading */
	struct cli_output    tout;    /* where it goes */
};

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

/* An input as a partial's covers tell it: its size and CRC-32. */
struct seen {
	uint64_t bytes;
	uint32_t crc;
};

/*
 * The byte range of an input that a task of --shard reads (formats/
 * record.md, "Shards"): [start, end) of a regular file of size bytes,
 * through fp, a stream of its own that can seek; on once the reader
 * takes it.
 */
struct range {
	FILE		  *fp;
	unsigned long long start, end, size;
	bool		   on;
};

/* What the run has seen. */
struct run {
	struct stat_summary *sum;
	unsigned long	     records; /* for progress */
	unsigned long	     skipped; /* left out by --select, a range */
	bool		     bad;     /* an input we could not count */
	bool		     io_error;
	struct seen	    *seen;	 /* by input, for --partial */
	unsigned long	     duplicates; /* --dedupe */
	struct stat_tree    *tree;	 /* --tree --merge's */
	bool		     redo;	 /* -j's split of reports unsure */
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
dedupe_options(const struct options *opt)
{
	const char *no = opt->in.jobs > 1 ? "-j" :
	    opt->merge			  ? "--merge" :
	    opt->partial		  ? "--partial" :
	    opt->in.shard.n != 0	  ? "--shard" :
	    opt->input == INPUT_REPORT	  ? "--format report" :
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
table_options(const struct options *opt)
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
	char	    err[320];

	if (opt->table != NULL && no != NULL) {
		cli_error("--table writes a row a record in input order, "
			  "instead of the summary: not with %s",
		    no);
		return -1;
	}
	/* The columns are checked before any input is read. */
	if (report_table_check(opt->table, opt->columns, err, sizeof err) ==
	    -1) {
		cli_error("%s", *err != '\0' ? err : "out of memory");
		return -1;
	}
	return 0;
}

/* Whether the run groups by opening (--by opening). */
static bool
by_opening(const struct options *opt)
{
	return opt->by != NULL && strcmp(opt->by, REPORT_BY_OPENING) == 0;
}

/* What --opening-names goes with: 0, or -1 after saying why. */
static int
opening_options(const struct options *opt)
{
	if (opt->opening_names == NULL)
		return 0;
	if (!by_opening(opt)) {
		cli_error("--opening-names names the openings --by opening "
			  "groups by: give --by opening too");
		return -1;
	}
	if (opt->input == INPUT_REPORT) {
		cli_error("--opening-names replays records: no --format "
			  "report (reports name their openings: gamecheck "
			  "--opening-names)");
		return -1;
	}
	return 0;
}

/* What --tree goes with: 0, or -1 after saying why. */
static int
tree_options(const struct options *opt)
{
	const char *no = opt->in.jobs > 1 ? "-j" :
	    opt->by != NULL		  ? "--by" :
	    opt->plot != NULL		  ? "--plot" :
	    opt->overlap		  ? "--overlap" :
	    opt->input == INPUT_REPORT	  ? "--format report" :
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
own_option(
    struct options *opt, int c, const char *arg, char **argv, const char *opts)
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
		if (!cli_parse_count(arg, &opt->expect) || opt->expect == 0) {
			cli_error("--expect takes a number of shards, "
				  "1 or more, not '%s'",
			    arg);
			return -1;
		}
		break;
	case OPT_EXPECT_INPUTS: opt->inputs = arg; break;
	case OPT_NAME: opt->name = arg; break;
	case OPT_SHARD_BY:
		if (strcmp(arg, "bytes") != 0 && strcmp(arg, "records") != 0) {
			cli_error("--shard-by takes bytes or records, "
				  "not '%s'",
			    arg);
			return -1;
		}
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
		if (!stat_figures_parse(arg, &opt->figures)) {
			cli_error("--figures takes a list of swap, "
				  "tension and luck, or all, not '%s'",
			    arg);
			return -1;
		}
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
input_options(struct options *opt)
{
	opt->input = opt->in.reports	  ? INPUT_REPORT :
	    opt->in.format == RECORD_AUTO ? INPUT_AUTO :
					    INPUT_RECORDS;
	if (opt->merge &&
	    (opt->by != NULL || opt->in.game != NULL ||
		opt->input != INPUT_AUTO)) {
		cli_error("--merge takes its grouping from the partial "
			  "summaries: no --by, --game or --format");
		return -1;
	}
	if (opt->in.csv_columns != NULL &&
	    (opt->merge || opt->input == INPUT_REPORT ||
		(opt->in.format != RECORD_AUTO &&
		    opt->in.format != RECORD_CSV))) {
		cli_error("--csv-columns reads records in CSV: no --merge or "
			  "--format other than csv");
		return -1;
	}
	if (opt->in.csv_columns != NULL) {
		opt->input = INPUT_RECORDS;
		opt->in.format = RECORD_CSV;
	}
	return 0;
}

/*
 * What the selection, --figures, --no-players and a merge's options go
 * with, then the others' own checks: 0, or -1 after saying why.
 */
static int
options_agree(const struct options *opt)
{
	if ((cli_select_any(&opt->sel) || opt->sel.has_plies ||
		opt->sel.drop > 0) &&
	    (opt->merge || opt->input == INPUT_REPORT)) {
		cli_error("--select, the ranges and --plies read records: no "
			  "%s",
		    opt->merge ? "--merge" : "--format report");
		return -1;
	}
	if (opt->figures != 0 && (opt->merge || opt->input == INPUT_REPORT)) {
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
parse_options(int argc, char **argv, struct options *opt)
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
	int c, rc;

	memset(opt, 0, sizeof *opt);
	opt->shard_bytes = true;
	cli_records_init(&opt->in, true);
	while ((c = cli_records_getopt(&opt->in, argc, argv, opts, longopts)) !=
	    -1) {
		if ((rc = cli_select_option(&opt->sel, c, optarg)) != 0) {
			if (rc == -1)
				return -1;
			continue;
		}
		if (own_option(opt, c, optarg, argv, opts) == -1)
			return -1;
	}
	if (input_options(opt) == -1 ||
	    cli_select_check(&opt->sel, &opt->in) == -1)
		return -1;
	return options_agree(opt);
}

/*
 * A YAML stream of reports starts with a document marker, a directive or
 * the schema key (after blank lines and comments); records never do.
 */
static bool
looks_like_yaml(const char *p, size_t n)
{
	size_t i = 0;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (;;) {
		while (i < n &&
		    (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
			p[i] == '\n'))
			i++;
		if (i < n && p[i] == '#') {
			while (i < n && p[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	p += i;
	n -= i;
	return (n >= 3 && memcmp(p, "---", 3) == 0 &&
		   (n == 3 || p[3] == ' ' || p[3] == '\n' || p[3] == '\r')) ||
	    (n >= 5 && memcmp(p, "%YAML", 5) == 0) ||
	    (n >= 7 && memcmp(p, "schema:", 7) == 0);
}

static void
count(struct run *r, const struct stat_game *g, const char *name)
{
	if (stat_add(r->sum, g) == -1) {
		if (errno == EINVAL)
			cli_error("%s: game %s has other colour names than "
				  "before",
			    name, g->game);
		else
			cli_error("out of memory");
		exit(CLI_INTERNAL);
	}
	cli_progress(++r->records);
}

/* --table's output failed: said once (quiet on EPIPE), the run fails. */
static void
table_error(struct run *r, const struct options *opt)
{
	cli_output_ok(opt->tout.fp, opt->tout.name);
	r->io_error = true;
}

static void
yaml_error(struct run *r, const char *name, const struct diag *d)
{
	if (d->code != DIAG_NONE) {
		cli_diag(name, d, NULL);
		r->bad = true;
	} else {
		cli_read_error(name);
		r->io_error = true;
	}
}

/*
 * A worker's share of a stream of reports, its documents split by a scan
 * (doc-split.h), the others' unparsed.  A split the parser does not bear
 * out, or a document that is wrong, sets r->redo: the run is then done
 * again in one process, which says what -j 1 says, where -j 1 says it.
 */
static void
read_split(struct run *r, struct options *opt, FILE *in, const char *name,
    const char *peek, size_t len)
{
	struct report_reader *rd = NULL;
	struct cli_docs	     *docs;
	struct stat_game      g;
	struct diag	      d;
	uint64_t	      n = 0;
	FILE		     *f;
	int		      rc;

	if ((f = cli_docs_open(in, peek, len, opt->j, &opt->seq, &docs)) ==
		NULL ||
	    (rd = report_reader_new(f, name, NULL, 0)) == NULL) {
		cli_error("out of memory");
		exit(CLI_INTERNAL);
	}
	while ((rc = report_read_game(rd, opt->by, &g, &d)) == 1) {
		count(r, &g, name);
		n++;
	}
	report_reader_free(rd);
	if (!cli_docs_close(f, docs, n) || rc == -1)
		r->redo = true;
}

static void
read_reports(struct run *r, struct options *opt, FILE *in, const char *name,
    const char *peek, size_t len)
{
	struct report_reader *rd;
	struct diag	      d;
	struct stat_game      g;
	int		      rc;

	if (opt->dd.on || opt->figures != 0 || opt->openings != NULL) {
		cli_error("%s: %s replays records: reports have no "
			  "turns",
		    name,
		    opt->dd.on		  ? "--dedupe" :
			opt->figures != 0 ? "--figures" :
					    "--opening-names");
		r->io_error = true;
		return;
	}
	if (opt->tb != NULL && report_table_needs_records(opt->tb)) {
		cli_error("%s: the column position replays records: reports "
			  "have no position",
		    name);
		r->io_error = true;
		return;
	}
	if (opt->split && !opt->merge && !opt->tree.on) {
		read_split(r, opt, in, name, peek, len);
		return;
	}
	if ((rd = report_reader_new(in, name, peek, len)) == NULL) {
		cli_error("out of memory");
		exit(CLI_INTERNAL);
	}
	if (opt->merge && opt->tree.on) {
		while ((rc = report_read_tree(rd, &r->tree, r->sum, &d)) == 1)
			continue;
	} else if (opt->merge) {
		while ((rc = report_read_partial(rd, &r->sum, &d)) == 1)
			continue;
	} else if (opt->tree.on) {
		cli_error(
		    "%s: --tree replays records: reports have no turns", name);
		r->io_error = true;
		rc = 0;
	} else
		while ((rc = report_read_game(rd, opt->by, &g, &d)) == 1) {
			if (!cli_record_take(&opt->in.shard, opt->j, &opt->seq))
				continue;
			count(r, &g, name);
			if (opt->tb != NULL &&
			    report_table_write_read(opt->tb, rd) == -1) {
				table_error(r, opt);
				rc = 0;
				break;
			}
		}
	if (rc == -1)
		yaml_error(r, name, &d);
	report_reader_free(rd);
}

/*
 * An input's first record that shows the input was cut wrong
 * (cli_records_cut_wrong) is an error (exit 1), said once an input; the
 * record is still counted, as malformed.
 */
static void
input_error(struct run *r, const char *name, const struct record *rec)
{
	struct diag d;

	if (!cli_records_cut_wrong(rec, &d))
		return;
	cli_diag(name, &d, NULL);
	r->bad = true;
}

/*
 * --by opening: g's value, the opening of the record just replayed in
 * rp, as gamecheck's report of it says it (report_opening_group; none
 * for a malformed record, or an entry of no turns, which a report does
 * not name), in *buf (*cap bytes, grown).  0, or -1 (memory).
 */
static int
opening_of(const struct cli_openings *ops, const struct replay *rp,
    struct stat_game *g, char **buf, size_t *cap)
{
	struct cli_opening o;
	size_t		   need;

	g->value = NULL;
	if (rp->status == REPLAY_MALFORMED || !cli_openings_match(ops, &o) ||
	    o.turns == 0)
		return 0;
	need = o.name != NULL ? 3 * strlen(o.name) + 5 : 32;
	if (array_grow(buf, cap, need, 1) == -1)
		return -1;
	g->value = report_opening_group(o.name, o.number, *buf, *cap);
	return 0;
}

/*
 * Hands task's range rg to reader rd of input name: rg->on if the reader
 * takes it (its format finds boundaries), else it reads by records.
 * False after a read error.
 */
static bool
range_begin(
    struct run *r, struct range *rg, struct record_reader *rd, const char *name)
{
	int rc;

	if ((rc = record_reader_range(rd, rg->start, rg->end)) == -1) {
		cli_read_error(name);
		r->io_error = true;
		return false;
	}
	rg->on = rc == 0;
	return true;
}

/* A range that does not meet the next one counts nothing (no partial). */
static void
range_end(struct run *r, struct record_reader *rd, const char *name)
{
	struct diag d;
	int	    rc;

	if ((rc = record_reader_range_check(rd, &d)) == 1)
		return;
	if (rc == -1)
		cli_read_error(name);
	else
		cli_diag(name, &d, NULL);
	r->io_error = true;
}

/*
 * The reader of an input's records for read_records, primed with the
 * bytes peeked and handed task's range rg (NULL: the whole input), with
 * *ro the replay's options: the reader, or NULL (r->io_error, said).
 */
static struct record_reader *
records_open(struct run *r, struct options *opt, struct record_syntax *syn,
    FILE *in, const char *path, const char *name, const char *peek, size_t len,
    struct range *rg, struct replay_options *ro)
{
	struct record_reader *rd;

	if (by_opening(opt) && opt->openings == NULL) {
		cli_error("%s: --by opening names each record's opening from "
			  "a file: give --opening-names FILE",
		    name);
		r->io_error = true;
		return NULL;
	}
	cli_select_replay_options(&opt->sel, ro);
	if (opt->tree.on)
		cli_tree_replay_options(&opt->tree, ro);
	if (opt->openings != NULL)
		cli_openings_replay_options(opt->openings, ro);
	/* A range's own stream goes on after the bytes peeked. */
	if (rg != NULL && fseeko(rg->fp, (off_t)len, SEEK_SET) == -1) {
		cli_read_error(name);
		r->io_error = true;
		return NULL;
	}
	rd = cli_records_reader(
	    &opt->in, syn, rg != NULL ? rg->fp : in, path, name);
	if (rd == NULL || record_reader_prime(rd, peek, len) == -1) {
		cli_error("out of memory");
		exit(CLI_INTERNAL);
	}
	/* A range is all this task's: no record of it is numbered. */
	if (rg != NULL && !range_begin(r, rg, rd, name)) {
		record_reader_free(rd);
		return NULL;
	}
	return rd;
}

/*
 * Counts one record replayed in rp, its group in g: left out as a
 * duplicate (--dedupe), else in the summary, its row (--table), its
 * tree (--tree) and its figures (fg, with --figures).  Returns 0, 1 for
 * a duplicate, or -1 when an output fails (r->io_error, said); exits
 * when memory runs out.
 */
static int
count_record(struct run *r, struct options *opt, struct record_syntax *syn,
    const char *path, const char *name, const struct record *rec,
    struct replay *rp, struct stat_game *g, struct cli_figures *fg)
{
	int rc;

	/* A duplicate is counted apart, not in the summary. */
	if (opt->dd.on &&
	    (rc = cli_dedupe_record(&opt->dd, syn, name, rec, rp)) != 0) {
		if (rc == -1) {
			r->io_error = true;
			return -1;
		}
		r->duplicates++;
		return 1;
	}
	count(r, g, name);
	if (opt->tb != NULL &&
	    report_table_write(opt->tb, path, rec, rp) == -1) {
		table_error(r, opt);
		return -1;
	}
	if (opt->tree.on &&
	    (rc = cli_tree_record(&opt->tree, syn, name, rec, rp, g)) != 0)
		exit(rc == -2 ? CLI_USAGE : CLI_INTERNAL);
	if (opt->figures != 0 && cli_figures_count(fg, r->sum->last) == -1) {
		cli_error(errno == EINVAL ?
			"%s: a group's boards have other numbers of cells" :
			"%s: out of memory, or a count beyond 2^63 - 1",
		    name);
		exit(CLI_INTERNAL);
	}
	return 0;
}

/*
 * The next record of this task or worker (shard, opt->j) in *rec: 1, 0
 * at the end, or -1 when reading fails.  The others' records are
 * skipped unread, but for an input's first, which every task reads to
 * tell what is wrong with the input (input_error), alike.
 */
static int
next_mine(struct run *r, struct options *opt, struct record_reader *rd,
    struct cli_shard *shard, const struct range *rg, const char *name,
    const struct record **rec)
{
	int rc;

	for (;;) {
		if (record_reader_count(rd) > 0 &&
		    !cli_record_mine(shard, opt->j, opt->seq)) {
			if ((rc = record_reader_skip(rd)) != 1)
				return rc;
			cli_record_take(shard, opt->j, &opt->seq);
			continue;
		}
		if ((rc = record_reader_next(rd, rec)) != 1)
			return rc;
		/* A range past the input's start starts at no first record. */
		if ((*rec)->index == 1 &&
		    (rg == NULL || !rg->on || rg->start == 0))
			input_error(r, name, *rec);
		if (cli_record_take(shard, opt->j, &opt->seq))
			return 1;
	}
}

static void
read_records(struct run *r, struct options *opt, struct record_syntax *syn,
    FILE *in, const char *path, const char *name, const char *peek, size_t len,
    struct range *rg)
{
	struct cli_shard      every = { 0, 0, 0 }, *shard = &opt->in.shard;
	struct replay_options ro = cli_records_replay(&opt->in);
	struct record_reader *rd;
	const struct record  *rec, *played;
	struct replay	      rp;
	struct stat_game      g;
	struct diag	      d;
	struct cli_figures    fg;
	char		     *buf = NULL, *obuf = NULL;
	size_t		      cap = 0, ocap = 0;
	int		      rc, counted;

	ro.keep_turns = opt->dd.path != NULL;
	if ((rd = records_open(
		 r, opt, syn, in, path, name, peek, len, rg, &ro)) == NULL)
		return;
	if (rg != NULL && rg->on)
		shard = &every;
	replay_init(&rp);
	/* Watched only when asked for: no cost otherwise. */
	if (opt->figures != 0)
		cli_figures_init(&fg, opt->figures, &ro, &rp);
	/* An empty input is no record (formats/summary.md). */
	while ((rc = next_mine(r, opt, rd, shard, rg, name, &rec)) == 1) {
		/* A record not selected is not counted. */
		if (!cli_select_early(&opt->sel, rec)) {
			if (cli_select_done(&opt->sel))
				break;
			continue;
		}
		cli_select_start(&opt->sel);
		cli_tree_begin(&opt->tree);
		if (opt->openings != NULL)
			cli_openings_begin(opt->openings);
		if (opt->figures != 0)
			cli_figures_reset(&fg);
		played = cli_select_replay(&opt->sel, syn, rec, &ro, &rp);
		if (!cli_select_keep(&opt->sel, rec, &rp)) {
			if (cli_select_done(&opt->sel))
				break;
			continue;
		}
		rec = played;
		if ((rp.has_error && rp.error.code == DIAG_NO_MEMORY) ||
		    report_game_of(rec, &rp,
			opt->openings != NULL ? NULL : opt->by, &g, &buf,
			&cap) == -1 ||
		    (opt->openings != NULL &&
			opening_of(opt->openings, &rp, &g, &obuf, &ocap) ==
			    -1)) {
			cli_error("out of memory");
			exit(CLI_INTERNAL);
		}
		if ((counted = count_record(
			 r, opt, syn, path, name, rec, &rp, &g, &fg)) == -1)
			break;
		if (counted == 0 && cli_select_done(&opt->sel))
			break;
	}
	if (rc == -1) {
		cli_read_error(name);
		r->io_error = true;
	} else if (cli_records_cut_short(rd, &d)) {
		cli_diag(name, &d, NULL);
		r->bad = true;
	}
	if (rc != -1 && rg != NULL && rg->on)
		range_end(r, rd, name);
	free(buf);
	free(obuf);
	if (opt->figures != 0)
		cli_figures_fini(&fg);
	replay_fini(&rp);
	record_reader_free(rd);
}

/*
 * Whether task K of N reads input path by bytes (formats/record.md,
 * "Shards"): a regular file, uncompressed, when nothing needs the records numbered from the input's start (--tree
 * names games by their number).  If so, rg holds the task's range and
 * a stream of the file; the reader may still refuse it (its format).
 */
static bool
range_open(const struct options *opt, const char *path, struct range *rg)
{
	unsigned long long q, m, k, n = opt->in.shard.n;
	struct stat	   st;
	char		   head[8];
	ssize_t		   got;

	memset(rg, 0, sizeof *rg);
	if (n == 0 || !opt->shard_bytes || opt->tree.on ||
	    strcmp(path, "-") == 0 || (rg->fp = fopen(path, "rb")) == NULL)
		return false;
	/* The file's own bytes: the peek is of the text, decompressed. */
	if (fstat(fileno(rg->fp), &st) == -1 || !S_ISREG(st.st_mode) ||
	    (got = pread(fileno(rg->fp), head, sizeof head, 0)) < 0 ||
	    cli_compression(head, (size_t)got) != NULL) {
		fclose(rg->fp);
		return false;
	}
	/* size (K - 1) / N and size K / N, without overflow. */
	k = opt->in.shard.k;
	rg->size = (unsigned long long)st.st_size;
	q = rg->size / n;
	m = rg->size % n;
	rg->start = q * (k - 1) + m * (k - 1) / n;
	/* The last range to the input's end: a record only it makes too. */
	rg->end = k == n ? (unsigned long long)-1 : q * k + m * k / n;
	return true;
}

/*
 * The cover of an input read by bytes (formats/summary.md, "Covers"): its
 * size, and the CRC-32 of its first 64 KiB, which every task reads the
 * same.  False on a read error.
 */
static bool
range_seen(const struct range *rg, struct seen *se)
{
	char	buf[65536];
	ssize_t got;
	size_t	n = rg->size < sizeof buf ? (size_t)rg->size : sizeof buf;

	se->bytes = rg->size;
	se->crc = 0;
	got = pread(fileno(rg->fp), buf, n, 0);
	if (got != (ssize_t)n)
		return false;
	se->crc = report_crc32(0, buf, n);
	return true;
}

static void
seen_bytes(void *arg, const void *buf, size_t n)
{
	struct seen *se = arg;

	se->bytes += n;
	se->crc = report_crc32(se->crc, buf, n);
}

/*
 * Reads input path; with se, the bytes of all of it go to se (so that a
 * reader stopping early still has the input's size and checksum).
 */
static void
read_input(struct run *r, struct options *opt, struct record_syntax *syn,
    const char *path, struct seen *se)
{
	const char  *name = cli_input_name(path);
	struct range rg;
	char	     peek[PEEK];
	size_t	     len = 0;
	FILE	    *in;

	in = se != NULL ? cli_input_open_seen(path, seen_bytes, se) :
			  cli_input_open(path);
	if (in == NULL) {
		r->io_error = true;
		return;
	}
	if (!opt->merge && opt->input == INPUT_AUTO) {
		len = fread(peek, 1, sizeof peek, in);
		if (len == 0 && ferror(in)) {
			cli_read_error(name);
			r->io_error = true;
			goto out_close;
		}
	}
	if ((cli_select_any(&opt->sel) || opt->sel.has_plies ||
		opt->sel.drop > 0) &&
	    !opt->merge && opt->input == INPUT_AUTO &&
	    looks_like_yaml(peek, len)) {
		cli_error("%s: --select, the ranges and --plies read records, "
			  "not reports",
		    name);
		r->bad = true;
	} else if (opt->merge || opt->input == INPUT_REPORT ||
	    (opt->input == INPUT_AUTO && looks_like_yaml(peek, len)))
		read_reports(r, opt, in, name, peek, len);
	else if (range_open(opt, path, &rg)) {
		read_records(r, opt, syn, in, path, name, peek, len, &rg);
		if (rg.on && se != NULL && !range_seen(&rg, se)) {
			cli_read_error(name);
			r->io_error = true;
		}
		fclose(rg.fp);
		if (rg.on)
			se = NULL;
	} else
		read_records(r, opt, syn, in, path, name, peek, len, NULL);
	while (se != NULL && !ferror(in) && fread(peek, 1, sizeof peek, in) > 0)
		continue;
	if (se != NULL && ferror(in)) {
		cli_read_error(name);
		r->io_error = true;
	}
out_close:
	cli_input_close(in);
}

/*
 * The run's cover (formats/summary.md, "Covers"): its shard and each
 * input's name, size and checksum.  False when memory runs out.
 */
static bool
cover_run(
    struct run *r, const struct options *opt, char *const *files, int nfiles)
{
	struct stat_cover *c;
	const char	  *name;
	char		  *clean;
	size_t		   n;
	int		   i;

	if ((c = stat_cover_add(
		 r->sum, opt->in.shard.k, opt->in.shard.n, NULL)) == NULL)
		return false;
	for (i = 0; i < nfiles; i++) {
		name = opt->name != NULL && strcmp(files[i], "-") == 0 ?
		    opt->name :
		    files[i];
		/* Names as YAML can hold them: UTF-8. */
		n = 3 * strlen(name) + 5;
		if ((clean = malloc(n)) == NULL)
			return false;
		report_utf8_clean(name, strlen(name), clean, n);
		cli_cover_name(clean);
		if (stat_cover_input(
			c, clean, r->seen[i].bytes, r->seen[i].crc) == -1) {
			free(clean);
			return false;
		}
		free(clean);
	}
	return stat_cover_done(r->sum) == 0;
}

/*
 * --tree --html FILE: the page, put in place whole or not at all.  False
 * after saying why.
 */
static bool
write_page(const struct options *opt, const struct run *r)
{
	struct cli_output page;

	if (cli_output_open(&page, opt->tree.html, 0) == -1)
		return false;
	if (cli_tree_page(page.fp, r->tree) == -1 || fflush(page.fp) == EOF) {
		if (cli_output_ok(page.fp, page.name))
			cli_error("%s: cannot write the page", page.name);
		cli_output_abort(&page);
		return false;
	}
	return cli_output_commit(&page);
}

/*
 * Writes the summary and, for a full run, the charts (when ch is not
 * NULL) into the new set; only once every one of them was written whole
 * are they put in place, and only for a full run.  False after saying
 * why, the old files kept.
 */
static bool
write_all(const struct options *opt, const struct run *r, struct cli_charts *ch,
    char **paths, bool full)
{
	struct cli_output out;
	FILE		 *f;
	int		  i;
	bool		  ok = true;

	if (cli_output_open(&out, opt->output, 0) == -1) {
		if (ch != NULL)
			cli_charts_abort(ch);
		return false;
	}
	if ((opt->tree.on ?
		    report_tree_write(out.fp, r->tree, r->sum, opt->partial) :
		    report_summary_write(out.fp, r->sum, opt->partial)) == -1 ||
	    fflush(out.fp) == EOF) {
		if (cli_output_ok(out.fp, out.name))
			cli_error("%s: cannot write the %s", out.name,
			    opt->tree.on ? "tree" : "summary");
		ok = false;
	}
	for (i = 0; ok && full && ch != NULL && i < STAT_CHARTS; i++) {
		if (i >= STAT_BASE_CHARTS && r->sum->figures == 0)
			break;
		if ((f = cli_charts_file(ch, i)) == NULL ||
		    (i < STAT_BASE_CHARTS ?
			    stat_chart_write(r->sum, i, f) :
			    cli_figures_chart(
				r->sum, i - STAT_BASE_CHARTS, f)) == -1 ||
		    !cli_charts_close(f)) {
			cli_error("%s: cannot write the chart: %s",
			    cli_shown(paths[i]), strerror(errno));
			ok = false;
		}
	}
	if (ok && full && opt->tree.html != NULL && !write_page(opt, r))
		ok = false;
	/* The charts first: the summary is on standard output at times. */
	if (ch != NULL) {
		if (!ok || !full)
			cli_charts_abort(ch);
		else if (!cli_charts_commit(ch))
			ok = false;
	}
	if (!ok || !full)
		cli_output_abort(&out);
	else if (!cli_output_commit(&out))
		ok = false;
	return ok;
}

/* What a worker of -j hands back, before its partial summary. */
struct worker_head {
	bool	      bad;
	bool	      io_error;
	bool	      redo; /* the run is to be done in one process */
	size_t	      nseen;
	unsigned long skipped; /* by --select */
};

/*
 * A worker of -j: its share of the records, counted, and handed back as
 * its flags, each input's size and checksum, and its partial summary.
 * All it prints is about inputs, alike in every worker: the first
 * worker's is written.
 */
static void
stat_worker(struct run *r, struct options *opt, struct record_syntax *syn,
    char *const *files, int nfiles)
{
	struct worker_head h;
	char		  *buf = NULL;
	size_t		   len = 0;
	FILE		  *f;
	int		   i;

	for (i = 0; i < nfiles && !r->redo; i++)
		read_input(r, opt, syn, files[i],
		    r->seen != NULL ? &r->seen[i] : NULL);
	if ((f = open_memstream(&buf, &len)) == NULL)
		_exit(CLI_INTERNAL);
	/* Written as bytes: its padding too is set (memcheck). */
	memset(&h, 0, sizeof h);
	h.bad = r->bad;
	h.io_error = r->io_error;
	h.redo = r->redo;
	h.nseen = r->seen != NULL ? (size_t)nfiles : 0;
	h.skipped = opt->sel.skipped;
	if (fwrite(&h, sizeof h, 1, f) != 1 ||
	    (h.nseen > 0 &&
		fwrite(r->seen, sizeof *r->seen, h.nseen, f) != h.nseen) ||
	    report_summary_write(f, r->sum, true) == -1 || fclose(f) == EOF)
		_exit(CLI_INTERNAL);
	cli_jobs_exit(opt->j, buf, len);
}

/* Merges a worker's result into the run's (exact: integers). */
static int
stat_result(void *arg, unsigned long k, char *buf, size_t len)
{
	struct run	     *r = arg;
	struct worker_head    h;
	struct report_reader *rd;
	struct diag	      d;
	size_t		      off;
	FILE		     *in;
	int		      rc = -1;

	if (len < sizeof h)
		goto out_short;
	memcpy(&h, buf, sizeof h);
	off = sizeof h + h.nseen * sizeof *r->seen;
	if (len < off || (h.nseen > 0 && r->seen == NULL))
		goto out_short;
	r->bad = r->bad || h.bad;
	r->io_error = r->io_error || h.io_error;
	r->skipped += h.skipped;
	if (k == 0 && h.nseen > 0)
		memcpy(r->seen, buf + sizeof h, h.nseen * sizeof *r->seen);
	if ((in = fmemopen(buf + off, len - off, "r")) == NULL ||
	    (rd = report_reader_new(in, "-j", NULL, 0)) == NULL) {
		cli_error("out of memory");
		if (in != NULL)
			fclose(in);
		return -1;
	}
	if (report_read_partial(rd, &r->sum, &d) == 1)
		rc = 0;
	else
		cli_error("-j: worker %lu's partial summary: %s", k + 1,
		    d.code != DIAG_NONE ? d.msg : strerror(errno));
	report_reader_free(rd);
	fclose(in);
	return rc;

out_short:
	cli_error("-j: worker %lu's result is cut short", k + 1);
	return -1;
}

/* --dedupe, its duplicates to the file of --duplicates: 0, or -1 (said). */
static int
start_dedupe(struct options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_dedupe_start(&opt->dd, &ro, "pgn");
}

/* --tree: the tree, for records replayed as read_records does. */
static int
start_tree(struct options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_tree_start(&opt->tree, &ro);
}

/* --overlap A B, to -o's file or standard output: the exit status. */
static int
overlap(const struct options *opt, char *const *files, int nfiles)
{
	struct cli_output o;
	int		  status;

	if (nfiles != 2) {
		cli_error(
		    "--overlap compares two inputs, A and B, not %d", nfiles);
		return CLI_USAGE;
	}
	if (cli_output_open(&o, opt->output, 0) == -1)
		return CLI_USAGE;
	status = cli_overlap(&opt->in, &opt->dd.spec, files[0], files[1], o.fp);
	if (status != CLI_OK || fflush(o.fp) == EOF ||
	    !cli_output_ok(o.fp, o.name)) {
		cli_output_abort(&o);
		return status != CLI_OK ? status : CLI_USAGE;
	}
	return cli_output_commit(&o) ? CLI_OK : CLI_USAGE;
}

/* Reads every input in this process: CLI_OK, or the exit status (said). */
static int
read_here(struct run *r, struct options *opt, struct record_syntax *syn,
    char *const *files, int nfiles)
{
	int i;

	if (cli_select_count(&opt->sel, &opt->in, syn, files, nfiles) == -1)
		return CLI_USAGE;
	if (opt->dd.on && start_dedupe(opt) == -1)
		return CLI_USAGE;
	if (opt->tree.on && !opt->merge && start_tree(opt) == -1)
		return CLI_INTERNAL;
	/* Once the ranges are over, no input is read. */
	for (i = 0; i < nfiles && !cli_select_done(&opt->sel) &&
	     !(opt->dd.on && r->io_error);
	     i++)
		read_input(r, opt, syn, files[i],
		    r->seen != NULL ? &r->seen[i] : NULL);
	r->skipped = opt->sel.skipped;
	if (opt->dd.on && !cli_dedupe_finish(&opt->dd, !r->io_error))
		r->io_error = true;
	return CLI_OK;
}

/* Whether a worker's result asks for the run in one process. */
static bool
stat_redo(const char *buf, size_t len)
{
	struct worker_head h;

	if (len < sizeof h)
		return false;
	memcpy(&h, buf, sizeof h);
	return h.redo;
}

/*
 * Reads every input in opt's -j workers, or, when a worker's split of
 * reports was unsure (read_split), in this process after all: CLI_OK, or
 * the exit status (said).
 */
static int
read_workers(struct run *r, struct options *opt, struct record_syntax *syn,
    char *const *files, int nfiles)
{
	unsigned long k;
	int	      i;

	/*
	 * A shard takes records across the workers' shares; standard
	 * input, copied for the workers, cannot be read again here.
	 */
	opt->split = opt->in.shard.n == 0;
	for (i = 0; i < nfiles; i++)
		if (strcmp(files[i], "-") == 0)
			opt->split = false;
	if ((opt->j = cli_jobs_start(opt->in.jobs, files, nfiles, &k)) == NULL)
		return CLI_USAGE;
	if (k < opt->in.jobs)
		stat_worker(r, opt, syn, files, nfiles);
	if ((i = cli_jobs_any(opt->j, stat_redo)) == 1) {
		cli_jobs_free(opt->j);
		opt->j = NULL;
		opt->split = false;
		return read_here(r, opt, syn, files, nfiles);
	}
	/* A worker killed or failing: no summary at all (exit 3). */
	if (i == 0)
		i = cli_jobs_finish(opt->j, stdout, stat_result, r);
	cli_jobs_free(opt->j);
	opt->j = NULL;
	return i == -1 ? CLI_INTERNAL : CLI_OK;
}

/*
 * --opening-names FILE in the read of s's cover (formats/summary.md,
 * "Covers"), by the file's CRC-32: partials counted with other names
 * are not merged.  False after saying why.
 */
static bool
read_names(struct stat_summary *s, const char *path)
{
	char	 buf[4096], *read = NULL;
	uint32_t crc = 0;
	size_t	 n;
	FILE	*f;
	bool	 ok;

	if ((f = fopen(path, "r")) == NULL) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		return false;
	}
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		crc = report_crc32(crc, buf, n);
	ok = !ferror(f);
	fclose(f);
	if (!ok) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		return false;
	}
	n = strlen(s->read) + sizeof " --opening-names=" + 8;
	if ((read = malloc(n)) == NULL ||
	    snprintf(read, n, "%s --opening-names=%08" PRIx32, s->read, crc) <
		0 ||
	    stat_set_read(s, read) == -1) {
		free(read);
		cli_error("out of memory");
		return false;
	}
	free(read);
	return true;
}

/*
 * Reads every input into r: in this process, or in opt's -j workers
 * (--merge reads little and stays in one).  Returns CLI_OK, or the exit
 * status after saying why.
 */
static int
read_all(struct run *r, struct options *opt, char *const *files, int nfiles)
{
	struct record_syntax *syn;
	int		      status = CLI_INTERNAL;

	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	/* --merge makes its summary from the first partial's grouping. */
	if (!opt->merge && (r->sum = stat_summary_new(opt->by)) != NULL)
		r->sum->no_players = opt->no_players;
	/* A tree's merge keeps its partials' covers there. */
	if (opt->merge && opt->tree.on &&
	    (r->sum = stat_summary_new(NULL)) == NULL) {
		cli_error("out of memory");
		goto out_free;
	}
	if (!opt->merge &&
	    (r->sum == NULL ||
		!cli_cover_set_read(r->sum, &opt->in, &opt->sel))) {
		cli_error("out of memory");
		goto out_free;
	}
	/* The names are read once, before -j's workers share them. */
	if (opt->opening_names != NULL &&
	    ((opt->openings = cli_openings_load(syn, opt->opening_names)) ==
		    NULL ||
		!read_names(r->sum, opt->opening_names))) {
		status = CLI_USAGE;
		goto out_free;
	}
	if (r->sum != NULL)
		r->sum->figures = opt->figures;
	if (opt->partial && !opt->merge &&
	    (r->seen = calloc((size_t)nfiles + 1, sizeof *r->seen)) == NULL) {
		cli_error("out of memory");
		goto out_free;
	}
	if (opt->in.jobs > 1 && !opt->merge)
		status = read_workers(r, opt, syn, files, nfiles);
	else
		status = read_here(r, opt, syn, files, nfiles);
out_free:
	record_syntax_free(syn);
	return status;
}

/*
 * --table: the table's file opened (standard output without -o), the
 * header written.  False after saying why.
 */
static bool
start_table(struct options *opt)
{
	if (cli_output_open(&opt->tout, opt->output, 0) == -1)
		return false;
	char err[320];

	if ((opt->tb = report_table_new(opt->tout.fp, opt->table, opt->columns,
		 err, sizeof err)) == NULL)
		cli_error("out of memory");
	else if (report_table_header(opt->tb) == -1)
		cli_output_ok(opt->tout.fp, opt->tout.name);
	else
		return true;
	cli_output_abort(&opt->tout);
	return false;
}

/*
 * The table put in place after a full run (ok), else given up, as the
 * summary would be.  True, or false after saying why.
 */
static bool
end_table(struct options *opt, bool ok)
{
	report_table_free(opt->tb);
	opt->tb = NULL;
	if (ok && fflush(opt->tout.fp) == EOF) {
		cli_output_ok(opt->tout.fp, opt->tout.name);
		ok = false;
	}
	if (!ok) {
		cli_output_abort(&opt->tout);
		return false;
	}
	return cli_output_commit(&opt->tout);
}

/*
 * With --select or a range, the records counted and skipped: true after
 * saying that none was selected (nothing written: more likely a mistake
 * than a summary of nothing).
 */
static bool
select_said(struct options *opt, const struct run *r)
{
	/* The summary's count: -j's workers counted, not this process. */
	unsigned long n = r->sum != NULL ? (unsigned long)r->sum->records : 0;

	if (!cli_select_any(&opt->sel))
		return false;
	fprintf(stderr, "%s: %lu record%s counted, %lu skipped\n",
	    cli_progname(), n, n == 1 ? "" : "s", r->skipped);
	opt->sel.taken = n;
	opt->sel.skipped = r->skipped;
	cli_select_empty(&opt->sel);
	return n == 0;
}

/*
 * What a run writes only when its inputs were read whole and its
 * shards are all there (formats/summary.md): r's summary and tree made
 * if none was read, its covers (--partial).  CLI_OK, or the exit status
 * after saying why nothing is written.
 */
static int
summary_ready(
    struct run *r, struct options *opt, char *const *files, int nfiles)
{
	if (r->sum == NULL && (r->sum = stat_summary_new(NULL)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	if (r->seen != NULL && !cover_run(r, opt, files, nfiles)) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	/*
	 * A partial claims what it covers, and a merge that all its
	 * partials were merged: a run that could not read all of its inputs
	 * writes neither, not even to standard output (a task's >).  The
	 * shards an unread partial held are then missing, which says less.
	 */
	if ((opt->partial || opt->merge) && r->io_error) {
		cli_error(opt->merge ? "no summary written: a partial summary "
				       "could not be read" :
				       "no partial summary written: an input "
				       "could not be read");
		return CLI_USAGE;
	}
	/*
	 * A merge short of shards is refused whole, nothing written; a
	 * merge into a partial is a step on the way, and may be.
	 */
	if (opt->tree.on && !opt->merge)
		r->tree = cli_tree_take(&opt->tree);
	if (opt->tree.on && r->tree == NULL &&
	    (r->tree = stat_tree_new(cli_tree_depth(&opt->tree), NULL)) ==
		NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	/* A partial tree unread leaves out what it covers. */
	if (opt->merge && opt->tree.on && r->bad) {
		cli_error("no tree written: a partial tree could not be read");
		return CLI_BAD;
	}
	if (opt->merge &&
	    !cli_covers_complete(r->sum, opt->expect, opt->partial))
		return CLI_BAD;
	return CLI_OK;
}

int
main(int argc, char **argv)
{
	struct options	  opt;
	struct run	  r = { 0 };
	char *const	 *files, *paths[STAT_CHARTS] = { NULL };
	struct cli_charts charts, *ch = NULL;
	int		  i, nfiles, status = CLI_USAGE;

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
		status = overlap(&opt, files, nfiles);
		goto out_free;
	}
	if (opt.plot != NULL &&
	    (!cli_charts_paths(opt.plot, opt.output, files, nfiles, paths) ||
		cli_charts_open(&charts, opt.plot) == -1))
		goto out_free;
	if (opt.plot != NULL)
		ch = &charts;
	if (opt.table != NULL && !start_table(&opt))
		goto out_free;
	if ((status = read_all(&r, &opt, files, nfiles)) != CLI_OK)
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
	if ((status = summary_ready(&r, &opt, files, nfiles)) != CLI_OK)
		goto out_free;
	/* Files are replaced only by a full run. */
	if (opt.tb != NULL ? !end_table(&opt, !r.io_error) :
			     !write_all(&opt, &r, ch, paths, !r.io_error))
		r.io_error = true;
	ch = NULL;
	status = r.io_error ? CLI_USAGE : r.bad ? CLI_BAD : CLI_OK;
out_free:
	if (opt.tb != NULL)
		end_table(&opt, false);
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
