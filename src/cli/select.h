/* SPDX-License-Identifier: MIT */
/*
 * Which records gamecheck and gamestat take, and how much of each
 * (select.c; gamecheck(1), SELECTION): --select EXPR (an expression of
 * formats/select.md) and --ids (the source's own game ids), the ranges
 * --records, --first, --last and --every over the records they select,
 * and --plies and --drop-plies, the turns kept.  A record
 * left out is counted as skipped, neither reported nor counted.
 */
#ifndef ARBITER_CLI_SELECT_H
#define ARBITER_CLI_SELECT_H

#include <stdbool.h>

#include "cli/records.h"
#include "record/record.h"
#include "record/select.h"
#include "record/setup.h"
#include "referee/referee.h"

/* The getopt_long values of the options, apart from the tools' own. */
enum {
	CLI_OPT_SELECT = 0x300,
	CLI_OPT_RECORDS,
	CLI_OPT_FIRST,
	CLI_OPT_LAST,
	CLI_OPT_EVERY,
	CLI_OPT_PLIES,
	CLI_OPT_DROP_PLIES,
	CLI_OPT_IDS,
};

/* The options' entries, for a tool's table of long options. */
/* clang-format off */
#define CLI_SELECT_LONGOPTS \
	{ "select", required_argument, NULL, CLI_OPT_SELECT }, \
	{ "records", required_argument, NULL, CLI_OPT_RECORDS }, \
	{ "first", required_argument, NULL, CLI_OPT_FIRST }, \
	{ "last", required_argument, NULL, CLI_OPT_LAST }, \
	{ "every", required_argument, NULL, CLI_OPT_EVERY }, \
	{ "plies", required_argument, NULL, CLI_OPT_PLIES }, \
	{ "drop-plies", required_argument, NULL, CLI_OPT_DROP_PLIES }, \
	{ "ids", required_argument, NULL, CLI_OPT_IDS }
/* clang-format on */

/*
 * A range of --records: the selected records lo to hi, from 1; of --ids:
 * the ids lo to hi, from 0.
 */
struct cli_range {
	unsigned long lo, hi;
};

/* How many options select (CLI_OPT_SELECT to CLI_OPT_IDS). */
#define CLI_SELECT_NOPTS (CLI_OPT_IDS - CLI_OPT_SELECT + 1)

struct cli_select {
	const char *given[CLI_SELECT_NOPTS]; /* each option's argument */
	struct record_select *expr;    /* --select, or NULL */
	bool		      replays; /* expr asks what a replay tells */
	struct cli_range     *ranges;  /* --records, nranges of them */
	size_t		      nranges;
	struct cli_range     *ids; /* --ids, nids of them */
	size_t		      nids;
	unsigned long	      first; /* 0: no --first */
	unsigned long	      last;  /* 0: no --last */
	unsigned long	      every; /* 0: no --every */
	bool		      has_plies;
	unsigned long	      plies; /* --plies: turns kept */
	unsigned long	      drop;  /* --drop-plies: turns dropped */
	/* --drop-plies: the record as it stands after them, its tags. */
	struct record	   dropped;
	struct record_tag *tags;
	size_t		   tags_cap;
	char		   setup[RECORD_SETUP_MAX];
	unsigned long	   total;   /* selected records, for --last */
	unsigned long	   n;	    /* selected so far */
	unsigned long	   taken;   /* selected and in range */
	unsigned long	   skipped; /* records left out */
};

/*
 * Takes option c (argument arg) if it is one of these: 1, 0 if it is
 * not, -1 after saying what is wrong with it (a usage error).
 */
int cli_select_option(struct cli_select *, int c, const char *arg);
/*
 * cli_records_getopt with these options taken too, each checked as it is
 * given: the next option for the tool, -1 at the end, or CLI_OPT_FAILED
 * after saying what is wrong with one (a usage error).
 */
int cli_select_getopt(struct cli_select *, struct cli_records *, int argc,
    char **argv, const char *optstring, const struct option *own);
/*
 * The options given, as " --select=EXPR --plies=N" (their arguments as
 * given), to f: what a partial summary says of how it read its records.
 */
void cli_select_say(const struct cli_select *, FILE *f);
/*
 * Whether a partial summary's read (NULL: not said) says a selection or
 * a range took its records (cli_select_say's, but --plies).
 */
bool cli_select_read(const char *read);
/*
 * Writes to f the help lines of --select (what the tool does with the
 * records it selects: verb, "check" or "count"), --records, --ids,
 * --first, --last and --every, alike in every tool.
 */
void cli_select_usage(FILE *f, const char *verb);
/*
 * Checks the options together, with the run's (in): -1 after saying why
 * they do not go together, else 0.
 */
int cli_select_check(const struct cli_select *, const struct cli_records *in);
/* Whether any selection or range is given. */
bool cli_select_any(const struct cli_select *);
/* The replay's options for --plies. */
void
cli_select_replay_options(const struct cli_select *, struct replay_options *ro);
/*
 * Whether rec may be taken before its replay: false if it is left out
 * (skipped) already, so that it need not be replayed.
 */
bool cli_select_early(struct cli_select *, const struct record *rec);
/* Before a record's replay: no position of it seen yet. */
void cli_select_start(struct cli_select *);
/*
 * Replays rec into rp (options ro) and returns the record replayed: rec,
 * or with --drop-plies N the record that starts where rec's turn N
 * leaves the game (a Setup tag of that position and the turns after it;
 * owned by cs, until the next call), unless its first N turns have an
 * error (rec is then replayed whole, the error reported) or its game has
 * dice (Herd: the dice follow the Seed from the start).
 */
const struct record *cli_select_replay(struct cli_select *,
    struct record_syntax *syn, const struct record *rec,
    const struct replay_options *ro, struct replay *rp);
/* Whether rec, replayed into rp, is taken; one left out is skipped. */
bool cli_select_keep(
    struct cli_select *, const struct record *rec, const struct replay *rp);
/* Whether no later record can be taken (a range is over): stop reading. */
bool cli_select_done(const struct cli_select *);
/*
 * --last: counts the records the expression selects in the inputs
 * (read once before the run), for the ranges.  0, or -1 after saying
 * why an input could not be read.
 */
int cli_select_count(struct cli_select *, const struct cli_records *in,
    struct record_syntax *syn, char *const *files, int nfiles);
/* Says, on a run that selected nothing, that it did not. */
void cli_select_empty(const struct cli_select *);
void cli_select_free(struct cli_select *);

#endif
