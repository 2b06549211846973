/* SPDX-License-Identifier: MIT */
/*
 * gamecheck: validate game records and score finished games (gamecheck(1)).
 * Parses the options and drives reader, replay and report; the work is in
 * the libraries.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/dedupe.h"
#include "cli/openings.h"
#include "cli/replayed.h"
#include "cli/select.h"
#include "cli/split.h"
#include "record/record.h"
#include "referee/referee.h"
#include "report/report.h"

struct options {
	bool		      quiet;
	bool		      require_finished;
	unsigned long	      max_errors; /* 0: no limit */
	const char	     *output;
	const char	     *write; /* --write: a format, or NULL */
	bool		      keep_illegal;
	struct cli_dedupe_run dd;      /* --dedupe, --duplicates */
	const char	     *table;   /* --table: tsv, csv, or NULL */
	const char	     *columns; /* --columns, or NULL */
	struct report_table  *tb;      /* --table's, while checking */
	struct cli_records    in;      /* which inputs and records, read how */
	struct cli_select     sel;     /* --select, ranges, --plies */
	struct cli_jobs	     *j;       /* a worker's, with -j */
	uint64_t	      seq;     /* the records of the shard, for -j */
	bool		      solve;   /* --solve N: N in solve_empties */
	int		      solve_empties;
	struct solve_options  budget;  /* --solve-nodes, --solve-seconds */
	struct cli_perfect   *perfect; /* --solve: check_all's */
	const char	     *opening_names; /* --opening-names FILE */
	struct cli_openings  *openings;	     /* its names, read */
	struct cli_split_spec split;	     /* --split-by, --split, ... */
	struct cli_split     *sp;	     /* its files, while checking */
	/* --progress 1, --no-progress -1, neither 0. */
	int progress;
};

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

struct totals {
	unsigned long records;
	unsigned long skipped; /* left out by --select or a range */
	unsigned long finished;
	unsigned long unfinished;
	unsigned long forfeited; /* among the finished */
	unsigned long illegal;
	unsigned long malformed;
	unsigned long mismatched;
	unsigned long errors;	  /* records with any error */
	unsigned long duplicates; /* --dedupe */
	bool	      out_of_memory;
	bool	      io_error; /* with -j: a worker's */
	bool	      stop;
	bool	      ranged; /* the ranges are over: read no more */
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
solve_option(struct options *opt, int c, const char *arg)
{
	unsigned long n;
	char	     *end;

	if (c == OPT_SOLVE_SECONDS) {
		opt->budget.max_seconds = strtod(arg, &end);
		if (arg[0] < '0' || arg[0] > '9' || *end != '\0' ||
		    !(opt->budget.max_seconds > 0) ||
		    opt->budget.max_seconds > 1e7) {
			cli_error("--solve-seconds takes seconds (more than "
				  "0), not '%s'",
			    arg);
			return -1;
		}
		return 0;
	}
	if (!cli_parse_count(arg, &n) || (n == 0 && c != OPT_SOLVE) ||
	    (c == OPT_SOLVE && n > 64)) {
		cli_error(c == OPT_SOLVE ?
			"--solve takes a number of empty squares from 0 to "
			"64, not '%s'" :
			"--solve-nodes takes a count of 1 or more, not '%s'",
		    arg);
		return -1;
	}
	if (c == OPT_SOLVE) {
		opt->solve = true;
		opt->solve_empties = (int)n;
	} else
		opt->budget.max_nodes = n;
	return 0;
}

/* What --table and --columns go with: 0, or -1 after saying why. */
static int
table_options(const struct options *opt)
{
	char err[320];

	if (opt->table != NULL &&
	    ((opt->write != NULL && !cli_split_on(&opt->split)) ||
		opt->quiet)) {
		cli_error("--table writes a row a record in input order, "
			  "instead of the reports: not with %s",
		    opt->quiet ? "-q" : "--write");
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
own_option(
    struct options *opt, int c, const char *arg, char **argv, const char *opts)
{
	switch (c) {
	case CLI_OPT_FAILED: return -1;
	case 'q': opt->quiet = true; break;
	case OPT_REQUIRE_FINISHED: opt->require_finished = true; break;
	case OPT_MAX_ERRORS:
		if (!cli_parse_count(arg, &opt->max_errors)) {
			cli_error("--max-errors takes a count, not '%s'", arg);
			return -1;
		}
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
options_agree(const struct options *opt)
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
parse_options(int argc, char **argv, struct options *opt)
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
	int c, rc;

	memset(opt, 0, sizeof *opt);
	cli_records_init(&opt->in, false);
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
	if (cli_select_check(&opt->sel, &opt->in) == -1)
		return -1;
	/* -q is quiet on a terminal too, unless --progress. */
	if (opt->progress != 0)
		cli_progress_mode(opt->progress);
	else if (opt->quiet)
		cli_progress_mode(-1);
	return options_agree(opt);
}

/* Counts one replayed record and says what is wrong with it. */
static void
tally(const char *name, const struct record *rec, struct replay *rp,
    const struct options *opt, struct totals *t)
{
	char prefix[96];

	t->records++;
	switch (rp->status) {
	case REPLAY_FINISHED:
		/* A forfeit is finished, and said apart among them. */
		t->finished++;
		if (rp->forfeit)
			t->forfeited++;
		break;
	case REPLAY_UNFINISHED: t->unfinished++; break;
	case REPLAY_ILLEGAL: t->illegal++; break;
	case REPLAY_MALFORMED: t->malformed++; break;
	}
	if (opt->require_finished)
		cli_require_finished(rec, rp);
	if (rp->has_warning)
		cli_diag(name, &rp->warning, NULL);
	if (!rp->has_error)
		return;
	t->errors++;
	if (rp->error.code == DIAG_RESULT_MISMATCH)
		t->mismatched++;
	if (rp->error.code == DIAG_NO_MEMORY)
		t->out_of_memory = true;
	prefix[0] = '\0';
	if (rp->error_turn > 0)
		snprintf(prefix, sizeof prefix,
		    "turn %lu (%s): ", rp->error_turn, rp->error_move);
	cli_diag(name, &rp->error, prefix);
}

/*
 * --write: rec as the referee judged it (cli_convert_write).  Returns 0,
 * or -1 when the output fails (said by the caller) or memory runs out.
 */
static int
write_record(struct record_export *x, const char *name,
    const struct record *rec, const struct replay *rp,
    const struct options *opt, struct totals *t)
{
	enum cli_convert rc;

	rc = cli_convert_write(x, name, rec, rp, opt->keep_illegal);
	if (rc == CLI_CONVERT_NOMEM)
		t->out_of_memory = true;
	/* Counted once, however many errors the record has. */
	if (rc == CLI_CONVERT_UNWRITABLE && !rp->has_error)
		t->errors++;
	return rc < 0 ? -1 : 0;
}

/*
 * --split-by, --split: rec to its file (cli_split_write), counted as
 * write_record counts it.  Returns 0, or -1 after saying why.
 */
static int
split_record(const char *name, const struct record *rec,
    const struct replay *rp, const struct options *opt, struct totals *t)
{
	enum cli_convert rc;

	rc = cli_split_write(opt->sp, name, rec, rp, opt->keep_illegal);
	if (rc == CLI_CONVERT_NOMEM) {
		cli_error("%s: record %lu: out of memory", name, rec->index);
		t->out_of_memory = true;
	}
	if (rc == CLI_CONVERT_UNWRITABLE && !rp->has_error)
		t->errors++;
	return rc < 0 ? -1 : 0;
}

/*
 * Replays rec if it is selected (--select, the ranges): the record
 * replayed (cli_select_replay: rec or, with --drop-plies, its end), or
 * NULL.  A record the selection leaves out before its replay is not
 * replayed; an empty input's report is no record's, and always made.
 * One left out has its (empty) frame of -j marked, at, and sets
 * t->ranged once the ranges are over.
 */
static const struct record *
replay_selected(struct record_syntax *syn, const struct record *rec,
    unsigned sub, uint64_t at, const struct replay_options *ro,
    struct replay *rp, struct options *opt, struct totals *t)
{
	const struct record *played;

	if ((sub != CLI_JOBS_RECORD || cli_select_early(&opt->sel, rec))) {
		cli_select_start(&opt->sel);
		played = cli_select_replay(&opt->sel, syn, rec, ro, rp);
		if (sub != CLI_JOBS_RECORD ||
		    cli_select_keep(&opt->sel, rec, rp))
			return played;
	}
	cli_jobs_mark(opt->j, at, sub);
	t->ranged = cli_select_done(&opt->sel);
	return NULL;
}

/* Where check_input puts the records it checks: any of them NULL. */
struct sinks {
	struct report_writer *w;   /* the reports, or NULL (-q, --write) */
	struct record_export *x;   /* --write, or NULL */
	FILE		     *out; /* the output both write on */
};

/*
 * The next record of this task (--shard) or worker (-j) in *rec, and its
 * frame of -j in *sub: 1, 0 at the end, or -1 when reading fails.  The
 * others' records are skipped unread.  An empty input is no record of
 * the numbering: task 1 and -j's first worker alone report it.
 */
static int
next_mine(struct record_reader *rd, struct options *opt,
    const struct record **rec, unsigned *sub)
{
	int rc;

	for (;;) {
		if (!cli_record_mine(&opt->in.shard, opt->j, opt->seq)) {
			if ((rc = record_reader_skip(rd)) == 1) {
				cli_record_take(
				    &opt->in.shard, opt->j, &opt->seq);
				continue;
			}
			if (rc == -1)
				return -1;
			/* At the end: an empty input still has its report. */
		}
		if ((rc = record_reader_next_or_empty(rd, rec)) != 1)
			return rc;
		if ((*rec)->malformed &&
		    (*rec)->error.code == DIAG_EMPTY_INPUT) {
			if ((opt->in.shard.n != 0 && opt->in.shard.k != 1) ||
			    !cli_jobs_first(opt->j))
				continue;
			/* -j: the first worker reports it, before record at. */
			*sub = CLI_JOBS_EMPTY;
			return 1;
		}
		if (cli_record_take(&opt->in.shard, opt->j, &opt->seq)) {
			*sub = CLI_JOBS_RECORD;
			return 1;
		}
	}
}

/*
 * The row of rec (--table) and its report, with its solve (solved 1) and
 * its opening's name (--opening-names): 0, or -1 after saying why.
 */
static int
report_record(const char *path, const char *name, const struct record *rec,
    const struct replay *rp, int solved, const struct sinks *o,
    struct options *opt)
{
	struct report_perfect pp = { 0 };
	struct cli_opening    op;

	if (solved == 1)
		pp.line = &opt->perfect->line;
	if (opt->openings != NULL && cli_openings_match(opt->openings, &op)) {
		pp.opening_name = op.name;
		pp.opening_number = op.number;
		pp.opening_turns = op.turns;
	}
	if (opt->tb != NULL &&
	    report_table_write(opt->tb, path, rec, rp) == -1) {
		if (cli_output_ok(o->out, "table"))
			cli_error("%s: record %lu: cannot write its row", name,
			    rec->index);
		return -1;
	}
	if (o->w != NULL &&
	    report_write_perfect(o->w, path, rec, rp,
		pp.line != NULL || pp.opening_turns > 0 ? &pp : NULL) == -1) {
		if (cli_output_ok(o->out, "report"))
			cli_error("%s: record %lu: cannot write its report",
			    name, rec->index);
		return -1;
	}
	return 0;
}

/*
 * Puts out one record checked: left out as a duplicate (--dedupe), to
 * its file (--split-by), written (--write), its row and its report.
 * Returns 0, 1 for a duplicate (counted, no report of its own), or -1
 * when an output fails or memory runs out (said).
 */
static int
put_record(struct record_syntax *syn, const char *path, const char *name,
    const struct record *rec, struct replay *rp, int solved,
    const struct sinks *o, struct options *opt, struct totals *t)
{
	int rc;

	if (opt->dd.on &&
	    (rc = cli_dedupe_record(&opt->dd, syn, name, rec, rp)) != 0) {
		if (rc == -1)
			return -1;
		t->duplicates++;
		return 1;
	}
	if (opt->sp != NULL && split_record(name, rec, rp, opt, t) == -1)
		return -1;
	if (o->x != NULL && write_record(o->x, name, rec, rp, opt, t) == -1) {
		if (cli_output_ok(o->out, "record"))
			cli_error("%s: record %lu: cannot write it", name,
			    rec->index);
		return -1;
	}
	return report_record(path, name, rec, rp, solved, o, opt);
}

/*
 * Checks every record of one input.  Returns 0, or -1 on an I/O error
 * (reported).  *stop is set once --max-errors is reached.
 */
static int
check_input(struct record_syntax *syn, const char *path, FILE *in,
    const struct sinks *o, struct options *opt, struct totals *t,
    struct replay *rp, bool *stop)
{
	struct replay_options ro = cli_records_replay(&opt->in);
	struct record_reader *rd;
	const struct record  *rec;
	const char	     *name = cli_input_name(path);
	uint64_t	      at;
	unsigned	      sub;
	int		      rc, put, solved = 0;

	ro.max_legal = 64;
	ro.keep_turns = o->x != NULL || opt->perfect != NULL ||
	    opt->dd.path != NULL || opt->sp != NULL;
	cli_select_replay_options(&opt->sel, &ro);
	if (opt->openings != NULL)
		cli_openings_replay_options(opt->openings, &ro);
	rd = cli_records_reader(&opt->in, syn, in, path, name);
	if (rd == NULL) {
		cli_error("%s: out of memory", name);
		t->out_of_memory = true;
		return -1;
	}
	/*
	 * replay_record fails only for memory; it says so in the record.
	 * Validating nothing is more likely a mistake than a pass: an input
	 * without records is a malformed record of its own, with its report.
	 */
	while ((rc = next_mine(rd, opt, &rec, &sub)) == 1) {
		/*
		 * -j: what a record prints is its frame's; what an input
		 * prints is marked off where inputs open and end.
		 */
		at = sub == CLI_JOBS_RECORD ? opt->seq - 1 : opt->seq;
		if (opt->openings != NULL)
			cli_openings_begin(opt->openings);
		/* Its slot of the set on its way while the replay runs. */
		if (opt->dd.on)
			cli_dedupe_prepare(opt->dd.set, syn, rec);
		if ((rec = replay_selected(
			 syn, rec, sub, at, &ro, rp, opt, t)) == NULL) {
			if (t->ranged)
				break;
			continue;
		}
		if (opt->perfect != NULL &&
		    (solved = cli_perfect_record(
			 opt->perfect, syn, name, rec, rp, &ro)) == -1) {
			t->out_of_memory = true;
			rc = -2;
			break;
		}
		tally(name, rec, rp, opt, t);
		if ((put = put_record(
			 syn, path, name, rec, rp, solved, o, opt, t)) == -1) {
			rc = -2;
			break;
		}
		if (put == 0)
			cli_jobs_mark(opt->j, at, sub);
		cli_progress(t->records);
		if (put == 1)
			continue;
		if (opt->max_errors > 0 && t->errors >= opt->max_errors) {
			*stop = true;
			break;
		}
		if ((t->ranged = cli_select_done(&opt->sel))) /* no more */
			break;
	}
	if (rc == -1) {
		/* Reading failed: the input (exit 2), or memory (3). */
		cli_read_error(name);
		if (errno == ENOMEM)
			t->out_of_memory = true;
	}
	record_reader_free(rd);
	return rc < 0 ? -1 : 0;
}

/* --dedupe, its duplicates to the file of --duplicates: 0, or -1 (said). */
static int
start_dedupe(struct options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_dedupe_start(
	    &opt->dd, &ro, opt->write != NULL ? opt->write : "pgn");
}

/*
 * --table: the table on out, and its header unless this is a worker of
 * -j (the parent writes it, before the workers' rows): 0, or -1 (said).
 */
static int
start_table(FILE *out, struct options *opt)
{
	char err[320];

	if ((opt->tb = report_table_new(
		 out, opt->table, opt->columns, err, sizeof err)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	if (opt->j == NULL && report_table_header(opt->tb) == -1) {
		cli_output_ok(out, "table");
		return -1;
	}
	return 0;
}

/* -j's parent: --table's header, before the rows: 0, or -1 (said). */
static int
table_header(FILE *out, struct options *opt)
{
	struct cli_jobs *j = opt->j;
	int		 rc;

	if (opt->table == NULL)
		return 0;
	opt->j = NULL; /* as one process writes it */
	rc = start_table(out, opt);
	opt->j = j;
	report_table_free(opt->tb);
	opt->tb = NULL;
	return rc;
}

/* The bytes of an input read, for the progress line. */
static void
bytes_read(void *arg, const void *buf, size_t n)
{
	(void)arg;
	(void)buf;
	cli_progress_read(n);
}

/*
 * The size of the inputs for the progress line, where it is drawn: 0
 * (unknown) when one of them is no regular file (a pipe, a terminal).
 */
static void
progress_size(char *const *files, int nfiles)
{
	unsigned long long size = 0;
	struct stat	   st;
	int		   i;

	if (!cli_progress_wanted())
		return;
	for (i = 0; i < nfiles; i++) {
		if (cli_input_stat(files[i], &st) == -1 || !S_ISREG(st.st_mode))
			return;
		size += (unsigned long long)st.st_size;
	}
	cli_progress_size(size);
}

/*
 * Checks every input, the reports to w (NULL with -q).  The outputs are
 * the caller's; with -j, this runs in each worker.
 */
static void
check_all(struct record_syntax *syn, char *const *files, int nfiles,
    struct report_writer *w, FILE *out, const char *outname,
    struct options *opt, struct totals *t)
{
	struct record_export *x = NULL;
	struct cli_perfect    cp;
	struct replay	      rp;
	struct sinks	      o;
	FILE		     *in;
	int		      i;

	/* --write: records instead of reports (w is then NULL). */
	if (opt->write != NULL && !cli_split_on(&opt->split) &&
	    (x = record_export_new(opt->write, out)) == NULL) {
		cli_error("out of memory");
		t->out_of_memory = true;
		return;
	}
	if (opt->dd.on && start_dedupe(opt) == -1) {
		record_export_free(x);
		t->io_error = true;
		return;
	}
	if (opt->table != NULL && start_table(out, opt) == -1) {
		cli_dedupe_finish(&opt->dd, false);
		record_export_free(x);
		t->io_error = true;
		return;
	}
	if (cli_split_on(&opt->split) &&
	    (opt->sp = cli_split_new(&opt->split, opt->write)) == NULL) {
		report_table_free(opt->tb);
		opt->tb = NULL;
		cli_dedupe_finish(&opt->dd, false);
		t->out_of_memory = true;
		return;
	}
	replay_init(&rp);
	/* --solve: made here, after -j's fork, each worker its own. */
	if (opt->solve) {
		cli_perfect_init(&cp, opt->solve_empties, &opt->budget);
		opt->perfect = &cp;
	}
	o = (struct sinks){ .w = w, .x = x, .out = out };
	for (i = 0; i < nfiles && !t->stop && !t->ranged; i++) {
		/* What an input's opening says is no record's (-j). */
		cli_jobs_mark(opt->j, opt->seq, CLI_JOBS_BEFORE);
		/* Its bytes counted only where progress is drawn. */
		in = cli_progress_wanted() ?
		    cli_input_open_seen(files[i], bytes_read, NULL) :
		    cli_input_open(files[i]);
		if (in == NULL) {
			t->io_error = true;
			continue;
		}
		if (check_input(syn, files[i], in, &o, opt, t, &rp, &t->stop) ==
		    -1)
			t->io_error = true;
		cli_input_close(in);
		cli_jobs_mark(opt->j, opt->seq, CLI_JOBS_BEFORE);
		if ((w != NULL || x != NULL) && !cli_output_ok(out, outname)) {
			t->io_error = true;
			break;
		}
	}
	replay_fini(&rp);
	t->skipped = opt->sel.skipped;
	if (opt->perfect != NULL) {
		cli_perfect_fini(&cp);
		opt->perfect = NULL;
	}
	/* A format whose header counts the games writes them here. */
	if (x != NULL && !t->io_error && record_export_finish(x) == -1) {
		if (cli_output_ok(out, outname))
			cli_error("%s: cannot write the records", outname);
		t->io_error = true;
	}
	record_export_free(x);
	report_table_free(opt->tb);
	opt->tb = NULL;
	if (opt->dd.on &&
	    !cli_dedupe_finish(&opt->dd, !t->io_error && !t->out_of_memory))
		t->io_error = true;
	/* The files are made only for a full run, as the output is. */
	if (!cli_split_finish(opt->sp, !t->io_error && !t->out_of_memory))
		t->io_error = true;
	opt->sp = NULL;
}

/* A worker of -j: its share of the records, its totals for the parent. */
static void
check_worker(struct record_syntax *syn, char *const *files, int nfiles,
    struct options *opt)
{
	struct report_writer *w = NULL;
	struct totals	      t = { 0 };

	if (!opt->quiet && opt->table == NULL &&
	    (w = report_writer_new(stdout)) == NULL) {
		cli_error("out of memory");
		t.out_of_memory = true;
	} else
		check_all(
		    syn, files, nfiles, w, stdout, "standard output", opt, &t);
	if (report_writer_free(w) == -1 || fflush(stdout) == EOF)
		t.io_error = !cli_output_ok(stdout, "standard output") ||
		    t.io_error;
	cli_jobs_exit(opt->j, &t, sizeof t);
}

/* Adds a worker's totals to the run's. */
static int
add_totals(void *arg, unsigned long k, char *buf, size_t len)
{
	struct totals *t = arg, w;

	(void)k;
	if (len != sizeof w) {
		cli_error("-j: a worker's totals are cut short");
		return -1;
	}
	memcpy(&w, buf, sizeof w);
	t->records += w.records;
	t->skipped += w.skipped;
	t->finished += w.finished;
	t->unfinished += w.unfinished;
	t->forfeited += w.forfeited;
	t->illegal += w.illegal;
	t->malformed += w.malformed;
	t->mismatched += w.mismatched;
	t->errors += w.errors;
	t->out_of_memory = t->out_of_memory || w.out_of_memory;
	t->io_error = t->io_error || w.io_error;
	return 0;
}

/*
 * The summary line, on standard error; true if a selection took no
 * record (said).
 */
static bool
summary(const struct totals *t, struct options *opt)
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
prepare(int argc, char **argv, struct options *opt, struct record_syntax **synp,
    char *const **files, int *nfiles)
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
	progress_size(*files, *nfiles);
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
	struct options	      opt;
	struct totals	      t = { 0 };
	struct record_syntax *syn;
	struct report_writer *w = NULL;
	struct cli_output     o;
	FILE		     *out;
	bool		      io_error = false, jobs_failed = false, empty;
	char *const	     *files;
	unsigned long	      k;
	int		      nfiles, status;

	cli_init(argv[0]);
	if ((status = prepare(argc, argv, &opt, &syn, &files, &nfiles)) !=
	    CLI_OK)
		return status;
	/* The workers start before any output is opened: it is ours. */
	if (opt.in.jobs > 1) {
		if ((opt.j = cli_jobs_start(opt.in.jobs, files, nfiles, &k)) ==
		    NULL) {
			record_syntax_free(syn);
			cli_openings_free(opt.openings);
			cli_select_free(&opt.sel);
			return CLI_USAGE;
		}
		if (k < opt.in.jobs)
			check_worker(syn, files, nfiles, &opt);
	}
	if (cli_output_open(&o, opt.output, 0) == -1) {
		cli_jobs_free(opt.j);
		record_syntax_free(syn);
		cli_openings_free(opt.openings);
		cli_select_free(&opt.sel);
		return CLI_USAGE;
	}
	out = o.fp;
	if (opt.j != NULL) {
		if (table_header(out, &opt) == -1)
			io_error = true;
		if (cli_jobs_finish(opt.j, out, add_totals, &t) == -1)
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
		check_all(syn, files, nfiles, w, out, o.name, &opt, &t);
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
