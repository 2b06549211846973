/* SPDX-License-Identifier: MIT */
/*
 * The options of the tools that read records (records.c): the game and
 * format they are read in, their inputs, a shard of their records, CSV
 * columns, WTHOR names and workers; and which record is a task's and a
 * worker's to take.
 */
#ifndef ARBITER_CLI_RECORDS_H
#define ARBITER_CLI_RECORDS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/jobs.h"
#include "record/record.h"
#include "referee/referee.h"

/*
 * --shard K/N (formats/record.md, "Shards"): the records of all inputs,
 * numbered from 0 in order, are task K's of N where i mod N == K - 1.  n
 * 0 takes every record.  at is i mod N for the next record.
 */
struct cli_shard {
	unsigned long k; /* 1 to n */
	unsigned long n;
	unsigned long at;
};
/*
 * The option --shard=arg: "K/N", decimal, 1 <= K <= N, given once (sh
 * zeroed before the first); false after saying why not.
 */
bool cli_shard_option(const char *arg, struct cli_shard *sh);
/*
 * --csv-columns SPEC (formats/record.md, "CSV"): true if SPEC names a
 * moves column, else false after saying so (a usage error).
 */
bool cli_csv_columns_option(const char *arg);

/*
 * The options of the tools that read records (gamecheck, gamestat): which
 * game and format, which inputs, which of their records, read how, in
 * how many processes.  A tool reads its options with cli_records_getopt,
 * which adds these to the tool's own (README, "Options"): -g, --game; -f,
 * --format; -j, --jobs; --shard; --files-from; --csv-columns;
 * --wthor-players; --wthor-tournaments; --implicit-pass;
 * --max-record-size; --color
 * (cli_color_option); and -h, --help and -V, --version,
 * which it hands to the tool.  The tool's short options hold "g:f:j:hV".
 */
struct cli_records {
	const struct rules_game *game;	 /* -g: untagged records', or NULL */
	enum record_format	 format; /* -f: RECORD_AUTO if not given */
	bool			 reports_ok;  /* the tool reads reports too */
	bool			 reports;     /* -f report (with reports_ok) */
	const char		*files_from;  /* --files-from, or NULL */
	const char		*csv_columns; /* a headerless CSV's */
	const char		*wthor_players;	    /* WTHOR.JOU, or NULL */
	const char		*wthor_tournaments; /* WTHOR.TRN, or NULL */
	int implicit_pass; /* --implicit-pass: an enum replay_implicit */
	size_t			 max_size; /* --max-record-size; 0: default */
	struct cli_shard	 shard;		    /* n 0: every record */
	unsigned long		 jobs;		    /* -j: 1 for none */
};
/*
 * The getopt_long values of the options without a short name: a tool's
 * own start at CLI_OPT_OWN.  CLI_OPT_FAILED is no option:
 * cli_records_getopt's answer for one whose argument is wrong.
 */
enum {
	CLI_OPT_SHARD = 256,
	CLI_OPT_FILES_FROM,
	CLI_OPT_CSV_COLUMNS,
	CLI_OPT_WTHOR_PLAYERS,
	CLI_OPT_WTHOR_TOURNAMENTS,
	CLI_OPT_COLOR,
	CLI_OPT_IMPLICIT_PASS,
	CLI_OPT_MAX_RECORD_SIZE,
	CLI_OPT_FAILED,
	CLI_OPT_OWN,
};
/*
 * Sets the defaults: every record of every input, in any format, one
 * process; reports_ok if the tool reads reports too (-f report).
 */
void cli_records_init(struct cli_records *, bool reports_ok);
/*
 * getopt_long(argc, argv, optstring, ...) over the tool's own long
 * options (own, ended by a NULL name) and those above, taking the
 * options of reading as they come (each checked as it is given): returns
 * the next option for the tool ('h' and 'V' included), -1 at the end, or
 * CLI_OPT_FAILED after saying what is wrong with one of them (or that
 * memory ran out).  The whole table is made at the first call, from own
 * as it is then, and kept until exit: one tool, one table.
 */
int cli_records_getopt(struct cli_records *, int argc, char **argv,
    const char *optstring, const struct option *own);
/*
 * Writes to f the help lines of the reading options that every tool
 * reading records lists alike (--files-from to --max-record-size), so
 * that their --help texts cannot drift apart.
 */
void cli_records_usage(FILE *f);
/*
 * Writes to f the lines that end the options of every tool reading
 * records (--color, --help, --version) and how it reads its files.
 */
void cli_records_usage_end(FILE *f);
/*
 * The inputs of the options (cli_inputs, with their --files-from), none
 * of them output (NULL: standard output; cli_output_distinct), their
 * count in *n.  NULL after saying why.
 */
char *const *cli_records_inputs(const struct cli_records *, int argc,
    char **argv, const char *output, int *n);
/*
 * A reader of input in (path as given, "-" for standard input; name in
 * messages) in the format, with the CSV columns and WTHOR names of the
 * options.  Returns it (record_reader_free frees it), or NULL when out of
 * memory.
 */
struct record_reader *cli_records_reader(const struct cli_records *,
    struct record_syntax *, FILE *in, const char *path, const char *name);
/*
 * Whether input path can be read by byte ranges (-j, cli_jobs_range):
 * missing or empty (its worker says so, or reads it whole), or a regular
 * file (no other is opened, and none is waited on), not compressed, whose
 * first CLI_RECORDS_HEAD bytes refuse (NULL: none) does not refuse, in a
 * format that tells where a record starts (record_reader_range: the
 * notation, CSV and transcripts from a line, WTHOR by arithmetic), its
 * first block read to know.
 */
#define CLI_RECORDS_HEAD 512
/* The most inputs whose formats -j looks at to read them by ranges. */
#define CLI_RECORDS_RANGES_FILES 64
bool cli_records_rangeable(const struct cli_records *, struct record_syntax *,
    const char *path, bool (*refuse)(const char *head, size_t len));
/*
 * cli_diag of d, of a record of input name read by rd: where rd read a
 * byte range, its line counted from the input's start.
 */
void cli_records_diag(const char *name, struct record_reader *rd,
    const struct diag *d, const char *prefix);
/*
 * How the options say records are replayed: the game of -g and
 * --implicit-pass, the rest zero for the caller to fill in.
 */
struct replay_options cli_records_replay(const struct cli_records *);

/*
 * Whether rec, the first record of an input, shows that the input was
 * cut wrong, not a game (formats/record.md, "Shards"): a CSV without its
 * header whose columns cannot be told, or movetext before any tag at the
 * start of a PGN input (a file split at a line, not at a record); or
 * that it holds no records at all (binary-input, lfs-pointer).  If so,
 * *d is the diagnostic that says it.
 */
bool cli_records_cut_wrong(const struct record *rec, struct diag *d);
/*
 * Whether rd, at the end of its input, shows that the input was cut
 * inside its last record: a PGN input that ends in a record's tags
 * (formats/record.md, "Shards").  If so, *d is the diagnostic that says
 * it.
 */
bool cli_records_cut_short(struct record_reader *rd, struct diag *d);

/* Numbers the next record: true if it is this task's. */
bool cli_shard_take(struct cli_shard *);
/* Whether the next record will be this task's (nothing numbered). */
bool cli_shard_mine(const struct cli_shard *);

/*
 * A task's (--shard) and a worker's (-j) records together: whether the
 * next record will be both's, and numbering it, whether it is.
 */
bool cli_record_mine(const struct cli_shard *, struct cli_jobs *, uint64_t seq);
bool cli_record_take(struct cli_shard *, struct cli_jobs *, uint64_t *seq);

#endif
