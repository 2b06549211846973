/* SPDX-License-Identifier: MIT */
/*
 * Resuming a match (resume.c): reading back the records a match wrote to
 * its -o file, or those a worker of -j sent, each checked to be a whole
 * legal record of this match and handed to the caller to be counted.
 * What counting one means is the runner's (tally.c).
 */
#ifndef ARBITER_MATCH_RESUME_H
#define ARBITER_MATCH_RESUME_H

#include <stdbool.h>
#include <stdio.h>

#include "record/record.h"
#include "referee/referee.h"

struct cli_output;

/*
 * Called with each game i (from 0) found by match_resume_read, its record
 * and its replay (borrowed, for the call only); returns 0, or -1 after
 * saying why to stop.
 */
typedef int (*match_resume_fn)(void *arg, unsigned long i,
    const struct record *rec, const struct replay *rp);
/*
 * Reads the records a match wrote to fp (path names it in messages), a
 * file open for reading and writing at its start, of the games first to
 * last (from 0, last excluded: a whole match, or its --slice): each must
 * be whole, of the Round first + 1, first + 2, ... in turn (with
 * any_order, of any Round from first + 1 to last: the games a match of
 * -j N --order completion wrote, each once, which each must check), with
 * the MatchId tag match_id, and legal (match_id NULL: any tags, record k
 * game first + k, each checking it); each goes to each with arg.  A
 * last record cut short (by a kill in the middle of its write) is not
 * counted, and the file is cut back to the end of the last whole one, fp
 * standing there.  Returns 0 with *games the records kept, or -1 after
 * saying why (a record not of this match, or not legal; too many; a read
 * or write error).
 */
int match_resume_read(FILE *fp, const char *path, struct record_syntax *syn,
    const char *match_id, unsigned long first, unsigned long last,
    bool any_order,
    match_resume_fn each, void *arg, unsigned long *games);
/*
 * Opens path to be appended to in place by --resume (output.c): created
 * if it is not there, a regular file the user may write, held by an
 * exclusive flock(2) (a second writer waits), close-on-exec.  NULL
 * after saying why.
 */
FILE *match_resume_open(const char *path);
/*
 * Ends a run's output fp (name names it in messages) whatever status the
 * run ends with (output.c): stdout or none, nothing; -o's new file outf,
 * without resume, put in place, or, where discard (a write to it failed,
 * or the run stopped before anything was counted), dropped, the old file
 * staying as a kill leaves it; with resume, fp flushed, synced and
 * closed, which unlocks it.  Returns the exit status: status, or
 * CLI_USAGE for an end that failed.
 */
int match_output_end(FILE *fp, const char *name, bool resume,
    struct cli_output *outf, bool discard, int status);

/*
 * Replays the record of game i that text (len bytes, borrowed) holds,
 * one the match has just played (gameplay match -j N), and gives it to
 * each as match_resume_read does.  Returns 0, or -1 after saying why (not
 * a whole legal record, no memory, or each's -1).
 */
int match_resume_record(struct record_syntax *syn, const char *text, size_t len,
    unsigned long i, match_resume_fn each, void *arg);

#endif
