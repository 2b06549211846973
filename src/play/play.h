/* SPDX-License-Identifier: MIT */
/*
 * gameplay's subcommands (gameplay(1)): one file per entry of the table in
 * table.c, as tmux has one cmd-*.c per command, and what they share here:
 * parsing a command's options by its entry (cmd.c), loading one record
 * from a file and replaying it, with the turn in progress (load.c).  The
 * work itself is in the libraries (record, report, draw, cli), and the
 * games gameplay plays itself in src/match, which src/play stands on and
 * which never includes a header of src/play.
 */
#ifndef ARBITER_PLAY_H
#define ARBITER_PLAY_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "match/game.h"
#include "record/record.h"
#include "referee/referee.h"
#include "report/report.h"
#include "secret/secret.h"

/*
 * An option a command only keeps (its entry's fields): its argument into
 * the `const char *' at offset off of the command's settings or, for an
 * option without one (flag), true into the bool there.
 */
struct play_field {
	int    c; /* getopt_long's value; 0 ends the list */
	bool   flag;
	size_t off;
};
/* The entries: option c keeps its argument (flag: true) in type's m. */
/* clang-format off */
#define PLAY_FIELD(type, c, m) { (c), false, offsetof(type, m) }
#define PLAY_FLAG(type, c, m) { (c), true, offsetof(type, m) }
#define PLAY_FIELDS_END { 0, false, 0 }
/* clang-format on */

/*
 * A command, as tmux's cmd_entry: its name, its options and operands and
 * the text of its --help, so that parsing them, a usage error and --help
 * are written once (cmd.c) and a command's file holds what it does.
 */
struct play_cmd {
	const char *name;
	/*
	 * Options end at the first operand (getopt's "+"); the short
	 * options are those of args.longopts (play_optstring).
	 */
	bool in_order;
	struct {
		/* Ends with PLAY_LONGOPTS_COMMON and a zeroed entry. */
		const struct option *longopts;
		int		     lower, upper; /* operands; upper -1: any */
		const char	    *wrong;	   /* a wrong count: "name one
						   game" */
	} args;
	const char *usage;   /* the synopsis after the name */
	const char *summary; /* its line in gameplay --help */
	/*
	 * --help: the usage line, help, the lines of -g and -r (select) and
	 * of -h and -V with their text in column width + 2, then footer.
	 */
	const char *help;
	int	    width;
	bool	    select;
	const char *footer; /* or NULL */
	const char *hint;   /* a usage error's "try"; NULL:
					   "gameplay NAME --help" */
	/*
	 * Takes option c of args.longopts but -h and -V, with its argument
	 * arg, into settings (play_parse's).  Returns 0, or -1 after saying
	 * what is wrong with arg.  NULL: the command has none but -h, -V.
	 */
	int (*option)(void *settings, int c, const char *arg);
	/*
	 * The options it only keeps, taken before option sees them, ended
	 * by a zeroed entry: cmd-NAME.c's play_fields_NAME, or NULL.
	 */
	const struct play_field *fields;
	/* argv[0] is the command's name; returns an exit status. */
	int (*exec)(int argc, char **argv);
	/*
	 * Who may change a keyed record with the command (key-check.c):
	 * the referee alone unless the entry says otherwise, so that a new
	 * command is no player's until its entry says whose it is.
	 * actor_operand: the operand after the record of PLAY_ACTOR_OPERAND
	 * and PLAY_ACTOR_STARTED (1: the first; -1: the last), which names
	 * the acting colour.  A key's holder is a player, named by the
	 * colour they started with (play_seat).
	 */
	enum play_actor {
		PLAY_ACTOR_REFEREE,
		PLAY_ACTOR_TO_MOVE,  /* the player to move (move) */
		PLAY_ACTOR_OPERAND,  /* the colour an operand names */
		PLAY_ACTOR_STARTED,  /* the player who started with the
					colour an operand names (leave) */
		PLAY_ACTOR_CLAIMANT, /* the player waiting, or the referee */
		PLAY_ACTOR_AS,	     /* the colour --as names, for itself
					(queue): named on a record without
					keys too, with no key */
	} actor;
	int actor_operand;
};

/* The command called name, or NULL (table.c). */
const struct play_cmd *play_cmd_find(const char *name);
/* The ith command in commands.def's order, or NULL past the last. */
const struct play_cmd *play_cmd_at(size_t i);
/* gameplay's own --help, but for cli_help_done()'s last line. */
void play_help_gameplay(void);

/*
 * The first getopt_long value of a command's own options without a short
 * name: past a series' (match/game.h), so that a value means one option
 * across the commands.
 */
#define PLAY_OPT_OWN MATCH_OPT_OWN

/*
 * The values of the commands' own options that have no short name, in
 * one list so that their tables can stand in commands.def: a name is one
 * option wherever a command takes it.  Past PLAY_OPT_AT and the key's.
 */
enum play_opt {
	PLAY_OPT_ALL = PLAY_OPT_OWN + 64,
	PLAY_OPT_CANCEL,
	PLAY_OPT_CLOCK_AT,
	PLAY_OPT_COLOUR,
	PLAY_OPT_DIVIDE,
	PLAY_OPT_FORCE,
	PLAY_OPT_HASH,
	PLAY_OPT_HTML,
	PLAY_OPT_KEYS,
	PLAY_OPT_LIST,
	PLAY_OPT_METHOD,
	PLAY_OPT_NODES,
	PLAY_OPT_PROTOCOL,
	PLAY_OPT_REASON,
	PLAY_OPT_RESULT,
	PLAY_OPT_SECONDS,
	PLAY_OPT_SECRET_SEED,
	PLAY_OPT_SETUP,
	PLAY_OPT_SVG,
	PLAY_OPT_TURN,
	PLAY_OPT_WITHDRAWN,
};

/* The options every command takes, for its getopt_long table. */
#define PLAY_LONGOPTS_COMMON \
	{ "help", no_argument, NULL, 'h' }, \
	{ \
		"version", no_argument, NULL, 'V' \
	}

/*
 * Parses the options of argv (argv[0] is the command's name) as cmd's
 * entry says: each one of its own is kept as cmd->fields say, or goes to
 * cmd->option, in settings (borrowed; the caller set its defaults), -h
 * and -V are done here, and
 * the operands are counted.  Returns -1 to go on, the operands being
 * argv[optind] to argv[argc - 1]; else the exit status after -h, -V or a
 * usage error said on stderr in one line.
 */
int play_parse(const struct play_cmd *, int argc, char **argv, void *settings);
/* Says that the operands are not what cmd takes; returns CLI_USAGE. */
int play_usage_error(const struct play_cmd *);
/* cmd's --help on stdout, but for cli_help_done()'s last line. */
void play_help(const struct play_cmd *);

/*
 * getopt_long's option string for cmd, made from its long options: ':'
 * first ("+:" for in_order), then the short name of each option that has
 * one, with ':' after it if it takes an argument, each once, into buf
 * (cap bytes, enough for PLAY_OPTSTRING_MAX).  Returns buf.
 */
#define PLAY_OPTSTRING_MAX 128
const char *play_optstring(const struct play_cmd *cmd, char *buf, size_t cap);

/*
 * Each command's entry, play_cmd_new and so on, made by table.c from
 * commands.def; what cmd-NAME.c defines for it: play_exec_NAME, and
 * play_option_NAME, play_fields_NAME and play_longopts_NAME if its entry
 * names it.
 */
#define PLAY_CMD(x, ...) \
	extern const struct play_cmd   play_cmd_##x; \
	extern const struct option     play_longopts_##x[]; \
	extern const struct play_field play_fields_##x[]; \
	int			       play_exec_##x(int argc, char **argv); \
	int play_option_##x(void *settings, int c, const char *arg);
#include "play/commands.def"
#undef PLAY_CMD

/*
 * A command's long options in its entry (commands.def): the ones given,
 * then -h and -V, then the zeroed entry.
 */
#define PLAY_OPTS(...) \
	((const struct option[]){ \
	    __VA_ARGS__, PLAY_LONGOPTS_COMMON, { NULL, 0, NULL, 0 } })
#define PLAY_OPTS_NONE \
	((const struct option[]){ PLAY_LONGOPTS_COMMON, { NULL, 0, NULL, 0 } })

/*
 * Which record of a file a command takes, and its game where the record
 * has no Game tag: -g and -r, as gamecheck's -g.
 */
struct play_select {
	const struct rules_game *game;	 /* NULL: the Game tag */
	unsigned long		 record; /* 1-based; 0: the file's only one */
};

#define PLAY_LONGOPTS_RECORD \
	{ "game", required_argument, NULL, 'g' }, \
	{ \
		"record", required_argument, NULL, 'r' \
	}

/*
 * Takes the option c (with its argument arg) if it is -g or -r, and does
 * nothing with another: a command's option function ends in it.  Returns
 * 0, or -1 after saying what is wrong with arg.
 */
int play_select_option(struct play_select *, int c, const char *arg);

/*
 * The fields of the entry of a command that takes one record and no
 * option but -g and -r, which its operand, synopsis, --help and option
 * function must agree on: settings is a struct play_select
 * (play_open_args).
 */
extern const struct option play_record_longopts[];
#define PLAY_RECORD_ENTRY \
	.args = { play_record_longopts, 1, 1, "name one record" }, \
	.usage = "[-g game] [-r n] record", .width = 17, .select = true, \
	.option = play_record_option
int play_record_option(void *sel, int c, const char *arg);

/*
 * One record as gameplay holds it: the file's text (owned), the record
 * read from it (the reader owns it) and its replay (a turn in progress
 * may end it).  The record's text ends at end: where the next record
 * starts, or len.
 */
struct play_record {
	const char		*path; /* as given; "-" is standard input */
	const char		*name; /* for diagnostics */
	char			*text;
	size_t			 len;
	size_t			 end;
	const struct rules_game *game; /* -g, or NULL: the Game tag */
	struct record_syntax	*syn;
	struct record_reader	*rd; /* over text */
	const struct record	*rec;
	struct replay		 rp;
	bool			 more; /* another record follows rec */
};

/*
 * Reads the record sel picks in text (len bytes, owned by pr from now on)
 * and replays it.  Returns CLI_OK, or the exit status after saying why on
 * stderr: CLI_BAD for a record that is not legal (gamecheck's diagnostic
 * and code, the legal moves as a note), no record, or more than one and
 * none picked; CLI_USAGE for a record picked that is not there;
 * CLI_INTERNAL when memory runs out.  quiet: nothing is said (the caller
 * may match_diag() the replay's error).
 */
int play_load(struct play_record *, const char *path, char *text, size_t len,
    const struct play_select *sel, bool quiet);
/*
 * Reads path whole and play_load()s it; a file that cannot be read is
 * CLI_USAGE.
 */
int play_open(
    struct play_record *, const char *path, const struct play_select *sel);
void play_close(struct play_record *);
/*
 * The start of a command whose entry takes one record and -g, -r
 * (PLAY_RECORD_ENTRY): parses argv by cmd's entry, play_open()s the record
 * it names into pr and points p's source, rec and rp at it (the caller
 * zeroed p).  Returns -1 to go on; else the exit status after -h, -V or
 * an error said on stderr.  Either way pr is play_close()d by the caller.
 */
int play_open_args(const struct play_cmd *, int argc, char **argv,
    struct play_record *pr, struct report_play *p);
/*
 * The same for a command with settings of its own (borrowed; the caller
 * zeroed them), which its entry's option function parses into, sel
 * among them.
 */
int play_open_settings(const struct play_cmd *, int argc, char **argv,
    void *settings, const struct play_select *sel, struct play_record *pr,
    struct report_play *p);
/*
 * Points p's source, record and replay at pr's (borrowed), the start of
 * every document a command writes of one record.
 */
void play_report_of(const struct play_record *pr, struct report_play *p);

/*
 * Correspondence time (time.c, formats/record.md "Moments"): the moment
 * --at gives a command, which else acts now.
 */
struct play_at {
	bool	given;
	int64_t t;
};

/*
 * Who acts on a keyed record (formats/keys.md, gameplay(1) "Security"):
 * --as COLOUR (or referee) and the key, read from --key-file or
 * --key-fd, never from the command line nor the environment.
 */
struct play_key {
	const char *as;	  /* or NULL */
	const char *file; /* or NULL */
	int	    fd;
	bool	    has_fd;
};

#define PLAY_OPT_AS	  (PLAY_OPT_OWN + 40)
#define PLAY_OPT_KEY_FILE (PLAY_OPT_OWN + 41)
#define PLAY_OPT_KEY_FD	  (PLAY_OPT_OWN + 42)
#define PLAY_LONGOPTS_KEY \
	{ "as", required_argument, NULL, PLAY_OPT_AS }, \
	    { "key-file", required_argument, NULL, PLAY_OPT_KEY_FILE }, \
	{ \
		"key-fd", required_argument, NULL, PLAY_OPT_KEY_FD \
	}
/* The lines of --as, --key-file and --key-fd in a command's --help. */
#define PLAY_KEY_HELP \
	"      --as=COLOUR  on a keyed record, act as COLOUR (or referee)\n" \
	"      --key-file=PATH\n" \
	"                   with its key, read from PATH (mode 0600)\n" \
	"      --key-fd=N   with its key, read from descriptor N\n"

/*
 * Takes the option c (with its argument arg) into k if it is one of
 * PLAY_LONGOPTS_KEY.  Returns 0, -1 after saying what is wrong with arg,
 * or 1 for another option.
 */
int play_key_option(struct play_key *k, int c, const char *arg);
/*
 * Whether k may change pr's record with cmd (key-check.c), operands
 * being the command's operands after the record: on a record without
 * keys, when none is given; on a keyed one, when k's holder is the one
 * cmd->actor allows and k's key matches that holder's hash tag, checked
 * in constant time.  Returns CLI_OK, or CLI_USAGE after one message that
 * names no key and tells nothing of how near a wrong key was.
 */
int play_key_check(const struct play_cmd *cmd, const struct play_key *k,
    const struct play_record *pr, char *const *operands, int noperands);
/*
 * The holder called name in g (a colour's index, or REPLAY_KEY_REFEREE
 * for "referee"), or -1 after saying that cmd's option opt names none.
 */
int play_key_holder(const char *cmd, const char *opt,
    const struct rules_game *g, const char *name);
/*
 * Refuses a command line with an argument that is a key, or an option
 * whose value is one (--key=KEY), without showing it: a key on the
 * command line is seen by anyone who runs ps.  Returns CLI_OK, or
 * CLI_USAGE after saying which argument.
 */
int play_key_argv(int argc, char *const *argv);

/*
 * New keys for a record of game g (key-make.c): for each holder in mask
 * (bit 1 << REPLAY_KEY_REFEREE and each colour's), a key written to
 * dir/NAME.key (NAME: the colour, or referee; dir made 0700 if missing),
 * never over a file there nor through a link, and its hash, the value
 * of the holder's hash tag.  Returns CLI_OK, or the exit status after
 * saying why with no file left.  play_keys_unmake removes the files
 * made, when the record that was to name them was not written.
 */
struct play_keys_made {
	char *path[REPLAY_KEYS]; /* or NULL */
	char  hash[REPLAY_KEYS][SECRET_HASH_LEN];
	char  tag[REPLAY_KEYS][32];
};
int  play_keys_make(const char *dir, const struct rules_game *g, unsigned mask,
     struct play_keys_made *km);
void play_keys_unmake(struct play_keys_made *km);
/* Frees km's paths, keeping the files. */
void play_keys_free(struct play_keys_made *km);

/*
 * The settings of a command that edits one record at a moment (claim,
 * leave): -g and -r, -i and --at, and who acts on a keyed record;
 * play_edit_option is its entry's option function and PLAY_LONGOPTS_EDIT
 * its options but -g, -r, -h and -V.
 */
struct play_edit {
	struct play_select sel;
	bool		   in_place;
	struct play_at	   at;
	struct play_key	   key;
	/*
	 * What play_edit_open parsed: the command, and its operands,
	 * operands[0] (the record) to operands[noperands - 1].
	 */
	const struct play_cmd *cmd;
	char *const	      *operands;
	int		       noperands;
};

#define PLAY_LONGOPTS_EDIT \
	{ "in-place", no_argument, NULL, 'i' }, PLAY_LONGOPT_AT, \
	    PLAY_LONGOPTS_KEY
int play_edit_option(void *edit, int c, const char *arg);
/*
 * The start of such a command: parses argv by cmd's entry into ed (the
 * caller zeroed it), refuses -i on standard input and opens the record
 * into pr (zeroed here) as play_open_keyed does, with ed->key.  Returns
 * -1 to go on, else the exit status after -h, -V or an error said.
 * Either way pr and lf are the caller's to close.
 */
int play_edit_open(const struct play_cmd *cmd, int argc, char **argv,
    struct play_edit *ed, struct cli_locked *lf, struct play_record *pr);
/*
 * The end of such a command: closes the record written (np), the record
 * read (pr) and the lock (lf), on every path; returns status.
 */
int play_edit_close(struct play_record *pr, struct play_record *np,
    struct cli_locked *lf, int status);
/*
 * The edit of such a command: the new record made from pr's as ed says
 * (the settings and operands play_edit_run parsed; they may start a
 * larger struct of the command's), read back into np (zeroed).  Returns
 * the exit status, after saying why on stderr when it is not CLI_OK.
 */
typedef int play_edit_fn(const struct play_record *pr,
    const struct play_edit *ed, struct play_record *np);
/*
 * The whole of such a command, for one whose edit is edit: the record
 * opened under its lock (play_edit_open, into ed, zeroed by the caller),
 * edited, written to standard output or in place (play_write_locked) and
 * closed (play_edit_close).  Returns the exit status.
 * play_edit_exec is the same with settings of its own.
 */
int play_edit_run(const struct play_cmd *cmd, int argc, char **argv,
    struct play_edit *ed, play_edit_fn *edit);
int play_edit_exec(
    const struct play_cmd *cmd, int argc, char **argv, play_edit_fn *edit);

/*
 * The player who plays colour now, named by the colour they started with
 * (a key's holder, a queue's owner), or the colour that player plays now:
 * the other after a swap (design.md, "Seats and colours").
 */
static inline int
play_seat(const struct play_record *pr, int colour)
{
	return rules_swapped(pr->rp.pos) ? 1 - colour : colour;
}

/*
 * Whether pr's record writes its passes, as the commands that draw or add
 * turns a token at a time need: CLI_OK, or CLI_USAGE after saying what
 * (e.g. "move adds turns to") wants a record that writes them, for one
 * that leaves them implied (formats/record.md, "Passes left out").
 */
int play_passes_written(const struct play_record *pr, const char *what);

/*
 * Whether pr's game may still be decided off the board (claim, resign):
 * not decided by forfeit, agreement or adjudication, aborted or over.
 * Returns CLI_OK, or CLI_BAD after saying there is nothing to `what'.
 */
int play_decidable(const struct play_record *pr, const char *what);

/* The lines of -i and --at in the --help of offer, accept and decline. */
#define PLAY_AGREEMENT_HELP \
	"\n" \
	"  -i, --in-place   replace RECORD instead, under a lock\n" \
	"      --at=TIME    in a timed game, its moment, not before the\n" \
	"                   last (RFC 3339; default: now)\n" PLAY_KEY_HELP
/*
 * The record of pr with the game lost by loser (a colour, as the
 * position names it), "COLOUR how" in the Termination tag (a forfeit of
 * formats/record.md), the Winner and, unless tag is NULL, the moment
 * when in that tag, and the forfeit's score as the Result where the
 * game has one (replay_forfeit_score); read back into np, which must be
 * the forfeit.
 * Returns the exit status.
 */
int play_write_forfeit(const struct play_record *pr, const struct play_edit *ed,
    int loser, const char *how, const char *tag, const char *when,
    struct play_record *np);
/* The same with reason, unless NULL, in an AdjudicationReason tag. */
int play_write_forfeit_why(const struct play_record *pr,
    const struct play_edit *ed, int loser, const char *how, const char *tag,
    const char *when, const char *reason, struct play_record *np);
/*
 * The perfect-play result of pr's position (perfect.c: 8x8 Reversi, the
 * solver within its reach) as a Result, the empties to the winner, into
 * result (cap bytes) and its winner (-1 a draw) into *winner.  Returns
 * CLI_OK, or CLI_BAD after saying why there is none.
 */
int play_perfect_result(
    const struct play_record *pr, char *result, size_t cap, int *winner);

/*
 * A referee's edit of a record (locked.c).  Reads the record at path
 * into pr as play_open does; in_place (-i), under the lock lf (the
 * caller's, fd -1), held from this read to the rename.  A keyed record
 * is refused (CLI_USAGE): a command that may change one opens it with
 * play_open_keyed.  Returns the exit status.
 */
int play_open_locked(bool in_place, const char *path, struct cli_locked *lf,
    struct play_record *pr, const struct play_select *sel);
/*
 * As play_open_locked, for cmd acting as k says (play_key_check, with
 * the command's operands after the record): a keyed record is opened
 * only for its holder.  Returns the exit status.
 */
int play_open_keyed(const struct play_cmd *cmd, const struct play_key *k,
    bool in_place, const char *path, struct cli_locked *lf,
    struct play_record *pr, const struct play_select *sel,
    char *const *operands, int noperands);
/*
 * Writes the new record np to standard output, or in_place over the
 * file under the lock lf (name for messages).  Returns the exit status.
 */
int play_write_locked(bool in_place, struct cli_locked *lf, const char *name,
    const struct play_record *np);

/*
 * The text of pr's file with u applied to its record: the text up to the
 * record's end is edited (record_update_text), the records after it are
 * kept byte for byte.  A new string of *len bytes, or NULL when memory
 * runs out.
 */
char *play_update_text(
    const struct play_record *pr, const struct record_update *u, size_t *len);
/*
 * pr's record with u applied (play_update_text), read back into np by the
 * referee as play_load reads it, quietly, with sel.  Returns play_load's
 * status, or -1 after saying "out of memory" when the text could not be
 * made.
 */
int
play_update_load(const struct play_record *pr, const struct record_update *u,
    const struct play_select *sel, struct play_record *np);
/*
 * Says that the record a command wrote (what, e.g. "the decided record")
 * does not check, which is a bug of ours; returns CLI_INTERNAL.
 */
int play_unchecked(const struct play_record *pr, const char *what);
/*
 * s (owned; *len bytes), the new text of pr's record, followed by the
 * records after it, kept byte for byte: s grown, or NULL (s freed) when
 * memory runs out.
 */
char *play_with_rest(const struct play_record *pr, char *s, size_t *len);

/*
 * Takebacks (takeback.c; formats/record.md, "Takebacks").  The turns an
 * offer of colour takes back into *turns: arg (a number, NULL: none),
 * at least the turns from colour's last one to the end.  Returns the
 * exit status, after saying what is wrong.
 */
int play_undo_turns(const struct play_record *pr, int colour, const char *arg,
    unsigned long *turns);
/*
 * The record of pr with the takeback offered by the other colour
 * (pr->rp.undo_offer) accepted by colour at when (NULL in a game without
 * time): its turns removed, the offer and acceptance after the last turn
 * left, read back into np.  Returns the exit status.
 */
int play_takeback(const struct play_record *pr, const struct play_edit *ed,
    int colour, const char *when, struct play_record *np);
/*
 * The leaves asked after turn keep of pr's record ({[%leave ...]} each,
 * a blank after it), appended to b: what a takeback of the turns after
 * keep writes again, the clocks' leave not being the turns'.  Returns 0,
 * or -1 if memory ran out.
 */
struct buf;
int play_leaves_after(const struct play_record *pr, size_t keep, struct buf *b);

/*
 * Replays the first upto turn tokens of pr's record into rp (initialised
 * by the caller): the position after turn upto.  Returns 0, or -1 if
 * memory ran out (rp then holds DIAG_NO_MEMORY).
 */
int play_replay_upto(
    const struct play_record *, unsigned long upto, struct replay *rp);

/*
 * How a forfeited game (rp->forfeit) was decided, from rec's Termination
 * tag made printable: "black wins (white crashed)".
 */
void play_forfeit_text(
    const struct record *, const struct replay *rp, char *buf, size_t cap);

#define PLAY_OPT_AT (PLAY_OPT_OWN + 32)
#define PLAY_LONGOPT_AT \
	{ \
		"at", required_argument, NULL, PLAY_OPT_AT \
	}

/*
 * Reads --at's argument (an RFC 3339 moment) into at.
 * Returns 0, or -1 after saying what is wrong with it.
 */
int play_at_option(const char *arg, struct play_at *at);
/*
 * The moment a command acts at on pr's record into *t: at's, else now;
 * before the record's last moment it is refused (time-backwards, at
 * pos).  Returns CLI_OK, or CLI_BAD after saying so.
 */
int play_at_now(const struct play_record *pr, const struct play_at *at,
    struct diag_pos pos, int64_t *t);

/*
 * Where the clocks of pr's timed game (pr->rp.timed) stand at t (not
 * before its last moment), into c: its turns replayed on src/corr's
 * clocks, the turn in progress still its player's.
 */
void
play_clock(const struct play_record *pr, int64_t t, struct report_clock *c);

/* The text of turn token i of pr's record, as a new string. */
char *play_token(const struct play_record *, size_t i);

/*
 * Whether a move can stand in the movetext as one turn token and nothing
 * else: no blank, comment, tag, move number or result token in it.
 */
bool play_token_safe(const char *s);

/* The turn in progress so far, as a new string, or NULL. */
char *play_so_far(const struct play_record *);

#endif
