/* SPDX-License-Identifier: MIT */
/*
 * What the files of the match runner share among themselves (match.h is
 * what the command sees): one function or two per concern, each file's
 * own.  Not for use outside src/match.
 */
#ifndef ARBITER_MATCH_RUNNER_H
#define ARBITER_MATCH_RUNNER_H

#include <stdbool.h>
#include <stdio.h>

#include "match/engine.h"
#include "match/match.h"

/*
 * options.c: checks what the options say together, and fills in the
 * clocks; CLI_OK, or CLI_USAGE after saying why.
 */
int match_options_done(struct match *m);

/* sprt.c: the SPRT's bounds into m->stats, if --sprt. */
void match_sprt_start(struct match *m);
/* sprt.c: the exit status of --sprt-exit from the verdict. */
int match_sprt_status(const struct match *m);

/*
 * setup.c: sets up the match of the game called name: its board checked
 * by setting up game 1 against each side's protocol, the notation, the
 * signals and the summary's sides.  Returns CLI_OK, or the exit status
 * after saying why.
 */
int match_setup(struct match *m, const char *name);
/*
 * setup.c: reads --openings and sets up the schedule: the openings
 * checked before any game, --repeat making the colours alternate.
 * Returns CLI_OK, or the exit status after saying why.
 */
int match_setup_schedule(struct match *m);

/*
 * engines.c: the name a side goes by: its own (GTP's name), else its
 * command.
 */
const char *match_side_name(const struct match_side *sd);
/*
 * engines.c: after the handshakes, names the two sides apart: two whose
 * programs give one name (two settings of one GTP engine) and differ in
 * their commands go by their commands, unless name= names them.
 */
void match_names_apart(struct match *m);
/*
 * engines.c: the engines' specs (entrants.c) read into the sides
 * (-b, -w) or the tournament's entrants, and checked: no protocol given
 * twice, no two names alike.  CLI_OK, or CLI_USAGE after saying why.
 */
int match_entrants_setup(struct match *m);

/*
 * log.c: --log FILE.  match_log_init sets up l with no file;
 * match_log_open opens path to append to (0, or -1 after saying why:
 * a symbolic link, a directory, no permission); match_log_tap is
 * engine.c's tap, its arg a struct match_side with log set, which writes
 * each line of text as a line of the log (a failure noted in log->err);
 * match_log_close syncs and closes the file, 0, or -1 after saying what
 * failed, then or before.
 */
void match_log_init(struct match_log *l);
int  match_log_open(struct match_log *l, const char *path);
void match_log_tap(void *arg, int dir, const char *text, size_t len);
int  match_log_close(struct match_log *l);

/* engines.c: says that a program refused the set-up; CLI_USAGE. */
int match_refused(struct match_side *sd);
/*
 * engines.c: whether the program has started (engine_started), saying
 * why not and stopping it if it has not.
 */
bool match_started(struct engine *e);
/*
 * engines.c: starts the programs not running yet, greets them and sets
 * up game pg for both; ready[k] is what that came to (1: it went).
 * Returns CLI_OK, or CLI_USAGE after saying why.
 */
int
match_engines_ready(struct match *m, const struct match_game *pg, int ready[2]);
/* engines.c: puts the engines of slot's pairing in side[0] and side[1]. */
void match_load_pairing(struct match *m, const struct match_slot *slot);

/*
 * clock.c: notes the clock of the side that ended turn i (its seconds
 * left) for the record.  Returns 0, or -1 when memory runs out.
 */
int match_note_clock(struct match *m, size_t i, double left);
/* clock.c: forgets the clock notes of the last game. */
void match_notes_clear(struct match *m);

/*
 * adjudge.c: what side sd, holding colour c, said with its legal answer
 * in pg (sd->ev), which took secs seconds: what was dropped said on
 * stderr; once the answer ends a turn (done), its evaluation noted for
 * the record and counted for --adjudicate.  0, or -1 when memory runs
 * out.
 */
int match_eval_turn(struct match *m, const struct match_game *pg, int c,
    struct match_side *sd, double secs, bool done);
/*
 * adjudge.c: forgets the evaluations of the last game, and that a side's
 * was dropped.
 */
void match_adjudge_reset(struct match *m);
/*
 * adjudge.c: ends pg by --adjudicate resign: or draw: when the programs'
 * evaluations say so (*end says how): 1; 0 when the game goes on.
 */
int match_adjudge(struct match *m, const struct match_game *pg,
    struct match_ending *end);

/*
 * adjudicate.c: plays pg until it is over, capped or adjudicated (*end
 * says how), side start[c] holding colour c at the start.  Returns the
 * exit status.
 */
int match_play_moves(struct match *m, struct match_game *pg,
    const int start[RULES_COLOURS], const int ready[2],
    struct match_ending *end);
/* adjudicate.c: how the game pg ended, for its record and the tally. */
void match_judge(struct match *m, const struct match_game *pg,
    struct match_ending *end, struct rules_score *s);

/* tally.c: the progress line: games done, W/D/L and Elo. */
void match_progress(const struct match *m);
/* tally.c: the sides holding each colour at the start of game i. */
void
match_sides(const struct match *m, unsigned long i, int start[RULES_COLOURS]);

/* id.c: the MatchId tag of the match, into m->id. */
void match_make_id(struct match *m);

/* output.c: counts game i, read back by --resume (match_resume_fn). */
int match_resumed(void *arg, unsigned long i, const struct record *rec,
    const struct replay *rp);
/*
 * output.c: opens -o's file (refused where it is an input or the
 * summary's file), and with --resume reads back the games it holds.
 * Returns 0, or -1 after saying why.
 */
int match_output_open(struct match *m);
/*
 * output.c: the exit status after writing a record to m->out and
 * flushing it (rc 0 or -1): a stream's error said with the file's name
 * (CLI_USAGE; the file is then not put in place), another failure as
 * match_finish says it.
 */
int match_output_written(struct match *m, int rc);
/*
 * output.c: ends the records' file whatever the match's status (-o's
 * put in place, --resume's synced and unlocked; match_output_open says
 * when).  Returns the status, or CLI_USAGE where the file fails only now.
 */
int match_output_close(struct match *m, int status);

/*
 * runner.c: plays game i (from 0), counts it, writes its record to rec
 * and its line for stderr in *line (owned by the caller, NULL if none).
 * Returns the exit status.
 */
int match_play_game(struct match *m, unsigned long i, FILE *rec, char **line);

/* jobs.c: plays the games not counted yet by m->jobs workers. */
int match_jobs_run(struct match *m);

#endif
