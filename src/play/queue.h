/* SPDX-License-Identifier: MIT */
/*
 * Conditional moves (queue.c; gameplay(1), "queue"; formats/record.md,
 * "Conditional moves"): the lines of replies a player leaves with the
 * referee, kept in a file beside the record that only the referee may
 * read, RECORD.COLOUR.queue, never in the record.  A line is a series of
 * whole turns, the opponent's and the player's in turn, from the turn
 * the record was at when it was queued: its anchor, the number of turn
 * tokens then, with a fingerprint of those turns.  Where a line stands is read from the record alone, so a
 * line left in the file after the game left it is never played.
 */
#ifndef ARBITER_PLAY_QUEUE_H
#define ARBITER_PLAY_QUEUE_H

#include "play/play.h"

struct play_queue_line {
	unsigned long anchor; /* the record's turn tokens when queued */
	/* Those turns' fingerprint (play_queue_fingerprint). */
	char   fp[SECRET_COMMIT_LEN];
	char **tok;
	size_t n;
};

/* One colour's queue, as its file holds it. */
struct play_queue {
	char		       *path;
	struct play_queue_line *v;
	size_t			n, cap;
};

/* Where a line stands on a record. */
enum play_queue_state {
	PLAY_QUEUE_WAITS, /* for the opponent's next turn */
	PLAY_QUEUE_DUE,	  /* its reply, turn *next, answers the last */
	PLAY_QUEUE_DONE,  /* every turn of it was played */
	PLAY_QUEUE_OFF,	  /* the game left it, or is over */
};

/*
 * Whether a queue of colour can be kept beside the record file path: its
 * name and its temporary file's fit in a file name (NAME_MAX).
 */
bool play_queue_kept(const char *path, const struct rules_game *g, int colour);
/*
 * Reads colour's queue of the record file path (as cli_locked resolved
 * it) into q (zeroed here): no file is an empty queue, and so is a
 * record whose name leaves no room for one (q->path then NULL).  A file that is a
 * link, not the user's, or that others may read or write is refused, as
 * a key file is; a line that is no queued line is a queue-file error.
 * Returns CLI_OK, or the exit status after saying why.
 */
int play_queue_read(struct play_queue *q, const char *path,
    const struct rules_game *g, int colour);
/*
 * Replaces q's file with the lines of q that stand WAITS or DUE on pr
 * (none: the file is removed).  Returns CLI_OK, or CLI_USAGE after
 * saying why (the file is then as it was).
 */
int  play_queue_write(const struct play_queue *q, const struct play_record *pr);
void play_queue_free(struct play_queue *q);
/*
 * The lines of a queue file's text (len bytes) added to q: blank lines
 * and lines of '#' skipped, each other line the anchor in decimal, then
 * an even number of turn tokens, separated by blanks.  Returns 0, or -1
 * with d (queue-file, at the line and column at fault; or no-memory).
 */
int play_queue_parse(
    struct play_queue *q, const char *text, size_t len, struct diag *d);

/*
 * Splits the turns of s (n bytes, blanks between them) into l's tokens;
 * *bad: the offset of the first that is no turn token, or (size_t)-1.
 * Returns 0, or -1 when memory runs out.
 */
int play_queue_split(
    const char *s, size_t n, struct play_queue_line *l, size_t *bad);

/*
 * The fingerprint of pr's first n turn tokens (n at most their number):
 * the SHA-256, in hex, of their text as the record writes it, each
 * followed by a newline.  A line holds only on the turns it was queued
 * after: a takeback that another game of as many turns replaced leaves
 * it.
 */
void play_queue_fingerprint(
    const struct play_record *pr, unsigned long n, char fp[SECRET_COMMIT_LEN]);

/* Where l stands on pr's record; *next: the index of its next turn. */
enum play_queue_state play_queue_state(const struct play_record *pr,
    const struct play_queue_line *l, size_t *next);

/*
 * A queued line's text, its turns from first on, into a new string
 * ("c4 d3 e3 f4"), or NULL when memory runs out.
 */
char *play_queue_text(const struct play_queue_line *l, size_t first);

/*
 * move -i: the reply the colour waiting on np (a record of one, just
 * moved by its opponent) queued to that move, if a line of its queue is
 * due, added to np with stamp (or none: "") and read back, np replaced
 * by the record with it.  *q is the queue read (q->path NULL: none is
 * kept for np), which the caller writes with play_queue_write(q, np)
 * before writing np, its lines the game left dropped, and frees.
 * *said: what to say once the record is written.  Returns CLI_OK, or the
 * exit status after saying why nothing may be written (the queue file
 * refused).
 */
struct play_queue_said {
	char  *played;	/* the reply played, or NULL */
	int    colour;	/* whose queue */
	size_t dropped; /* lines dropped that no longer match */
};
int play_queue_answer(const char *path, const struct play_select *sel,
    const char *stamp, struct play_record *np, struct play_queue *q,
    struct play_queue_said *said);
/* Says *said on stderr and frees it. */
void play_queue_say(const char *cmd, const struct play_record *np,
    struct play_queue_said *said);

#endif
