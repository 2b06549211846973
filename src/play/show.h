/* SPDX-License-Identifier: MIT */
/*
 * What gameplay show and its replay page share (view.c), and the page
 * itself (page.c): the position of a record after a turn as a picture
 * shows it, with its caption.  Private to src/play.
 */
#ifndef ARBITER_PLAY_SHOW_H
#define ARBITER_PLAY_SHOW_H

#include <stdbool.h>

#include "draw/draw.h"
#include "play/play.h"
#include "util/util.h"

/*
 * The position shown and the turn that led to it: the replay after turn
 * upto (cur: the record's own replay, or at), and for upto > 0 the
 * position before that turn (prev), its actions and its text (tok, owned).
 */
struct view {
	unsigned long	     upto, ntok;
	const struct replay *cur;
	struct replay	     at, prev;
	struct rules_action  acts[64];
	struct draw_last     last;
	char		    *tok;
	int		     who; /* the colour that played it */
};

/*
 * Sets up v (its replays initialised by the caller) for pr's record after
 * turn upto.  Returns CLI_OK, or the exit status after saying why.
 */
int show_view_init(
    struct view *v, const struct play_record *pr, unsigned long upto);
/* Releases what v holds: its token and its replays. */
void show_view_fini(struct view *v);

/* What a picture of a view says around its board, and its buffers. */
struct caption {
	struct draw_caption cap;
	char		    name[RULES_COLOURS][RECORD_SHOWN];
	char		    title[RECORD_SHOWN + 64];
	char		    state[160];
	char		    last[256];
};

/*
 * Fills c for v of pr's record: "Reversi 8x8, Event", the players, the
 * scores, the state, the last turn.
 */
void show_caption_init(
    struct caption *c, const struct play_record *pr, const struct view *v);
/* The tag's value made printable into buf, or false if absent or "?". */
bool
show_tag_text(const struct record *rec, const char *tag, char *buf, size_t cap);
/*
 * The players' names by colour from the tags, made printable, into
 * name[i] ("?" where there is no tag).  Returns how many are known (not
 * "?" or empty).
 */
int show_player_names(const struct record *rec, const struct replay *rp,
    char name[RULES_COLOURS][RECORD_SHOWN]);

/*
 * Writes to out what stands at the end of pr's record (standing.c): the
 * offers, a draw's and a takeback's, and the clocks c (NULL: none).
 */
void show_standing_write(
    FILE *out, const struct play_record *pr, const struct report_clock *c);
/* A duration of s seconds as "2d 14:00:00" ("-0d 01:00:00" below 0). */
void show_duration(FILE *out, int64_t s);

/*
 * The replay page's facts on what stands at the end of pr's record
 * (page-facts.c), as <dt> and <dd> pairs: the offers, and the clocks c
 * (NULL: none).
 */
void show_page_standing(
    FILE *out, const struct play_record *pr, const struct report_clock *c);
/*
 * page-evals.c: the graph of pr's evaluations to turn last, under the
 * board, its mistakes marked (nothing without evaluations); and turn
 * t's mark (from 1) by its [%loss]: "?!", "?", "??" or NULL.
 */
void show_page_evals(
    FILE *out, const struct play_record *pr, unsigned long last);
const char *show_page_mark(const struct play_record *pr, size_t t);
/* The comments after turn t (from 1) of pr's record, if any, to out. */
void show_page_comments(FILE *out, const struct play_record *pr, size_t t);

/*
 * The distinct lines of a replay page's pictures (page-lines.c), in the
 * order first seen, each once, and a map to find one.  Caller-owned:
 * show_lines_init, show_lines_fini.
 */
struct show_lines {
	struct {
		char  *s; /* owned */
		size_t len;
	}	      *line;
	size_t	       n, cap;
	struct hashmap map;
};
void show_lines_init(struct show_lines *l);
void show_lines_fini(struct show_lines *l);
/*
 * Adds each line of text (len bytes, apart by newlines) to l if it is
 * new, and writes to out the picture as the numbers of its lines in
 * base 36 (digits, then a to z), runs of consecutive ones as "A-B",
 * apart by blanks ("0-2q 3c 3n-3p").
 * Returns 0, or -1 (errno ENOMEM).
 */
int show_lines_refs(struct show_lines *l, const char *text, size_t len, FILE *out);
/*
 * Writes l's lines to out as a JSON array of strings, with < > & escaped
 * so that it may stand in an HTML or XML script element.
 */
void show_lines_json(const struct show_lines *l, FILE *out);

/*
 * Writes the replay page of path's records (the one sel picks, else
 * every one, with a chooser when there are several) to html ("-":
 * standard output), each opening at turn upto if has_at, else at its
 * start, a timed game's clocks at clock (else now).  Returns the exit status: CLI_BAD when a record is illegal (its
 * page is written all the same, the diagnostic said) or malformed (left
 * out: it has no position to show; with no record left, no page is
 * written).
 */
int
show_page_write(const struct play_select *sel, const char *html, bool has_at,
    unsigned long upto, const struct play_at *clock, const char *path);

#endif
