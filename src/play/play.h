/* SPDX-License-Identifier: MIT */
/*
 * gameplay's subcommands (gameplay(1)): one file per entry of the table in
 * src/gameplay.c, as tmux has one cmd-*.c per command, and what they share
 * here: loading one record from a file and replaying it, with the turn in
 * progress, and saying what is wrong with it in gamecheck's words.  The
 * work itself is in the libraries (record, report, draw, cli).
 */
#ifndef ARBITER_PLAY_H
#define ARBITER_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "record/record.h"

struct play_cmd {
	const char	*name;
	const char	*args;		/* the synopsis after the name */
	const char	*summary;
	/* argv[0] is the command's name; returns an exit status. */
	int		(*exec)(int argc, char **argv);
};

extern const struct play_cmd play_cmd_new;
extern const struct play_cmd play_cmd_show;
extern const struct play_cmd play_cmd_legal;
extern const struct play_cmd play_cmd_move;
extern const struct play_cmd play_cmd_status;
extern const struct play_cmd play_cmd_roll;

/*
 * One record as gameplay holds it: the file's text (owned), the record
 * read from it (the reader owns it) and its replay, a turn in progress
 * allowed at the end (partial_ok).
 */
struct play_record {
	const char	*path;		/* as given; "-" is standard input */
	const char	*name;		/* for diagnostics */
	char		*text;
	size_t		 len;
	struct record_syntax *syn;
	struct record_reader *rd;
	FILE		*fp;
	const struct record *rec;
	struct replay	 rp;
};

/*
 * Reads the one record in text (len bytes, owned by pr from now on) and
 * replays it.  Returns CLI_OK, or the exit status after saying why on
 * stderr: CLI_BAD for a record that is not legal (gamecheck's diagnostic
 * and code, the legal moves as a note), no record, or more than one;
 * CLI_INTERNAL when memory runs out.  quiet: nothing is said (the caller
 * may play_diag() the replay's error).
 */
int	play_load(struct play_record *, const char *path, char *text,
	    size_t len, bool quiet);
/* Reads path whole and play_load()s it; a file that cannot be read is
 * CLI_USAGE. */
int	play_open(struct play_record *, const char *path);
void	play_close(struct play_record *);

/*
 * Replays the first upto turn tokens of pr's record into rp (initialised
 * by the caller): the position after turn upto.  Returns 0 or -1.
 */
int	play_replay_upto(const struct play_record *, unsigned long upto,
	    struct replay *rp);

/* Prints a replay's error like gamecheck, with the legal moves as a note. */
void	play_diag(const char *name, const struct replay *rp);

/* The text of turn token i of pr's record, as a new string. */
char	*play_token(const struct play_record *, size_t i);

/*
 * Whether a game throws dice: a RULES_DICE action among the legal ones of
 * pos at a turn start, or of the game's start position.
 */
bool	play_uses_dice(const struct rules_position *);

/* Parses getopt's optarg as a count for option name; false: reported. */
bool	play_count(const char *name, const char *arg, unsigned long *v);

/*
 * The options of a command that takes one record and nothing else: -h.
 * Returns -1 to go on (the record is argv[optind]), else an exit status.
 * what is the --help text after the usage line.
 */
int	play_record_only(const struct play_cmd *, int argc, char **argv,
	    const char *what);
/* The exit status after writing a document to stdout (rc 0 or -1). */
int	play_finish(int rc);
/* The turn in progress so far, as a new string, or NULL. */
char	*play_so_far(const struct play_record *);

/* For every --help and usage message: "usage: gameplay NAME ARGS". */
void	play_usage(FILE *f, const struct play_cmd *);

#endif
