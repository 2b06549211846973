/* SPDX-License-Identifier: MIT */
/*
 * Duplicates (dedupe.c): --dedupe exact|prefix|position[:N] of gamecheck
 * and gamestat, and gamestat --overlap.  A replayed record is reduced to
 * a 128-bit hash of its canonical form up to the symmetries the rules
 * respect, kept in a set of those hashes: a fixed size per distinct game
 * (per turn with prefix), whatever the record's length.  Includes the
 * referee's header, as replayed.h does.
 */
#ifndef ARBITER_CLI_DEDUPE_H
#define ARBITER_CLI_DEDUPE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/output.h"
#include "record/record.h"
#include "referee/referee.h"

/* What counts as the same game (gamecheck(1), "Duplicates"). */
enum cli_dedupe_mode {
	CLI_DEDUPE_EXACT,    /* the same turns */
	CLI_DEDUPE_PREFIX,   /* the turns of a game seen, or their start */
	CLI_DEDUPE_POSITION, /* the same position at turn N, or the end */
};

struct cli_dedupe_spec {
	enum cli_dedupe_mode mode;
	bool		     at_turn; /* position:N given */
	unsigned long	     turn;    /* N */
};

struct cli_dedupe;

/*
 * A set of the games seen, empty, for records replayed with ro (copied):
 * NULL when memory runs out.
 */
struct cli_dedupe *
cli_dedupe_new(const struct cli_dedupe_spec *, const struct replay_options *ro);
void cli_dedupe_free(struct cli_dedupe *);

/*
 * Whether rec, replayed in rp with the set's options, is a game seen
 * before: 1 if so, 0 if not, -1 when memory ran out.  A record with an
 * error, or that never reaches turn N of position:N, is never one.  With
 * add, a game not seen is remembered (all of its prefixes with prefix);
 * without, the set is only asked (--overlap).
 */
int cli_dedupe_seen(struct cli_dedupe *, struct record_syntax *,
    const struct record *rec, const struct replay *rp, bool add);

/*
 * Before rec's replay (a hint; nothing changes without it): with exact,
 * when rec has no Setup or Variant tag and the last start was a plain
 * one, rec's hash from that start, and its slot of the set fetched into
 * the cache while the replay runs; cli_dedupe_seen takes the hash when
 * rec's start is that one after all, else makes it again.
 */
void cli_dedupe_prepare(
    struct cli_dedupe *, struct record_syntax *, const struct record *rec);

/* The distinct entries held, for figures. */
unsigned long cli_dedupe_size(const struct cli_dedupe *);

/*
 * A tool's --dedupe and --duplicates (dedupe-out.c): the options, then
 * the set and the file the duplicates go to, written in a --write format
 * whole or not at all.
 */
struct cli_dedupe_run {
	bool		       on;   /* --dedupe given, spec set */
	struct cli_dedupe_spec spec; /* --dedupe */
	const char	      *path; /* --duplicates, or NULL */
	/* Private: from cli_dedupe_start to cli_dedupe_finish. */
	struct cli_dedupe    *set;
	struct cli_output     out;
	struct record_export *x;
};

/*
 * --duplicates FILE: refused (false, said) where FILE is a symbolic
 * link, one of the n inputs or the output (NULL: standard output).
 */
bool cli_dedupe_path_ok(
    const char *path, const char *output, char *const *inputs, int n);
/*
 * Writes to f the help lines of --dedupe, which every tool that takes it
 * lists alike (its --duplicates line is the tool's).
 */
void cli_dedupe_usage(FILE *f);
/*
 * The option --dedupe=arg into run (on, spec): true, or false after
 * saying what the modes are (a usage error).
 */
bool cli_dedupe_option(struct cli_dedupe_run *, const char *arg);
/*
 * Starts a run of the options in run: the set for records replayed with
 * ro, and the file of --duplicates opened for them in format (a --write
 * format).  Returns 0, or -1 after saying why.
 */
int cli_dedupe_start(struct cli_dedupe_run *, const struct replay_options *ro,
    const char *format);
/*
 * Whether rec (read from input name, replayed in rp) is a duplicate: 1
 * if so (written to the file), 0 if not, -1 after saying why (memory, or
 * the file failed).
 */
int cli_dedupe_record(struct cli_dedupe_run *, struct record_syntax *,
    const char *name, const struct record *rec, const struct replay *rp);
/*
 * Ends the run (its options stay): the file put in place when ok, else
 * given up.  Returns ok, or false after saying why the file could not be
 * put in place.
 */
bool cli_dedupe_finish(struct cli_dedupe_run *, bool ok);

/*
 * gamestat --overlap A B (overlap.c): how many records of input a are
 * games of input b by spec (--dedupe, exact by default), read with the
 * options of in, written to out as YAML (gamestat(1), "OVERLAP").  An
 * input whose first bytes reports (NULL: none) takes for a stream of
 * reports is refused, as --dedupe refuses it: a report has no turns.
 * Returns the exit status, after saying what went wrong: CLI_BAD (the
 * overlap still written) where an input was cut wrong or holds no
 * records (cli_records_cut_wrong, cli_records_cut_short), as gamestat
 * says of such an input.
 */
struct cli_records;
int cli_overlap(const struct cli_records *in, const struct cli_dedupe_spec *,
    const char *a, const char *b, bool (*reports)(const char *, size_t),
    FILE *out);

#endif
