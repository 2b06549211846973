/* SPDX-License-Identifier: MIT */
/*
 * gamecheck's reports (formats/report.md, arbiter-report/1): one document
 * per record, keys in a fixed order.  They go through the direct writer
 * (yaml-direct.c), or libyaml's emitter as its reference; libyaml's parser
 * stays the judge: the tests and fuzz targets read every stream back.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "report/report.h"
#include "report/write-replay.h"
#include "report/yaml-out.h"
#include "util/util.h"

struct report_writer {
	struct yout *w;
	/*
	 * A report's first lines, schema and source, as written for
	 * head_source (owned; NULL: none yet), and the root mapping after
	 * them: the same for every record of an input.
	 */
	char		 *head_source;
	struct yout_piece head;
};

static struct report_writer *
writer_new(struct yout *w)
{
	struct report_writer *rw;

	if (w == NULL || (rw = calloc(1, sizeof *rw)) == NULL) {
		yout_free(w);
		return NULL;
	}
	rw->w = w;
	buf_init(&rw->head.bytes);
	return rw;
}

struct report_writer *
report_writer_new(FILE *out)
{
	return writer_new(yout_new(out));
}

struct report_writer *
report_writer_new_libyaml(FILE *out)
{
	return writer_new(yout_new_emitter(out, NULL));
}

int
report_writer_free(struct report_writer *rw)
{
	int rc;

	if (rw == NULL)
		return 0;
	rc = yout_free(rw->w);
	buf_fini(&rw->head.bytes);
	free(rw->head_source);
	free(rw);
	return rc;
}

/*
 * Tag names are letters, digits and _: plain unless YAML would read them
 * as something other than a string (true, null, 12).
 */
static void
write_tag_name(struct yout *w, const char *name)
{
	static const char *const special[] = { "y", "n", "yes", "no", "on",
		"off", "true", "false", "null" };
	size_t			 i;
	bool			 plain = (name[0] >= 'A' && name[0] <= 'Z') ||
	    (name[0] >= 'a' && name[0] <= 'z');

	/* Only a name that begins as one of them can be one. */
	if (plain && strchr("yYnNoOtTfF", name[0]) != NULL)
		for (i = 0; plain && i < sizeof special / sizeof special[0];
		     i++)
			if (strcasecmp(name, special[i]) == 0)
				plain = false;
	yout_scalar(w, name, plain ? YOUT_PLAIN : YOUT_QUOTED);
}

static void
write_tags(struct yout *w, const struct record *rec)
{
	size_t i;

	if (rec->ntags == 0)
		return;
	yout_kv_open(w, "tags", YOUT_BLOCK_MAP);
	for (i = 0; i < rec->ntags; i++) {
		write_tag_name(w, rec->tags[i].name);
		yout_text(w, rec->tags[i].value, rec->tags[i].value_len);
	}
	yout_close(w);
}

/* Herd's dice and the captures of each turn, where the game has them. */
static void
write_turn_lists(struct yout *w, const struct replay *rp)
{
	char   buf[8];
	size_t i;

	if (rp->ndice > 0) {
		yout_kv_open(w, "dice", YOUT_FLOW_SEQ);
		for (i = 0; i < rp->ndice; i++) {
			snprintf(buf, sizeof buf, "%d%d", rp->dice[i] / 10,
			    rp->dice[i] % 10);
			yout_quoted(w, buf);
		}
		yout_close(w);
	}
	if (rp->counts_captures && rp->turns > 0) {
		yout_kv_open(w, "captures-by-turn", YOUT_FLOW_SEQ);
		for (i = 0; i < rp->turns; i++)
			yout_int(w, rp->turn_captures[i]);
		yout_close(w);
	}
}

/* k: the len bytes at s, where a note said something of k. */
static void
note_said(struct yout *w, const char *k, const char *s, size_t len)
{
	if (len > 0)
		yout_kv_text(w, k, s, len);
}

/*
 * What the movers said of their turns (GGF's and SGF's evaluation and
 * time after a move's square, the notation's [%eval], [%nodes] and
 * [%emt], an analysis's [%best] and [%loss]), by turn (1-based, as an
 * error's turn).
 */
static void
write_notes(struct yout *w, const struct record *rec)
{
	const struct record_note *n;
	size_t			  i;

	if (rec->nnotes == 0)
		return;
	yout_kv_open(w, "move-notes", YOUT_FLOW_SEQ);
	for (i = 0; i < rec->nnotes; i++) {
		n = &rec->notes[i];
		yout_open(w, YOUT_FLOW_MAP);
		yout_kv_int(w, "turn", (long long)n->turn + 1);
		note_said(w, "eval", n->eval, n->eval_len);
		note_said(w, "depth", n->depth, n->depth_len);
		note_said(w, "nodes", n->nodes, n->nodes_len);
		note_said(w, "time", n->time, n->time_len);
		note_said(w, "best", n->best, n->best_len);
		note_said(w, "loss", n->loss, n->loss_len);
		yout_close(w);
	}
	yout_close(w);
}

/*
 * What gameplay analyze's comments say of the game (report_losses), as
 * per-colour figures that gamestat sums (formats/report.md, "Analyses"),
 * and its first decisive mistake.
 */
static void
write_losses(struct yout *w, const struct record *rec, const struct replay *rp)
{
	struct report_losses	  l;
	const struct record_note *n;

	report_losses(rec, rp, &l);
	if (!l.any)
		return;
	replay_write_colours(
	    w, "analysed", rp, (long long)l.turns[0], (long long)l.turns[1]);
	replay_write_colours(w, "loss-milli", rp, l.loss[0], l.loss[1]);
	replay_write_colours(w, "inaccuracies", rp,
	    (long long)l.inaccuracies[0], (long long)l.inaccuracies[1]);
	replay_write_colours(w, "mistakes", rp, (long long)l.mistakes[0],
	    (long long)l.mistakes[1]);
	replay_write_colours(w, "blunders", rp, (long long)l.blunders[0],
	    (long long)l.blunders[1]);
	replay_write_colours(w, "decisive", rp,
	    l.decisive && l.decisive_colour == 0,
	    l.decisive && l.decisive_colour == 1);
	if (!l.decisive)
		return;
	n = &rec->notes[l.decisive_move];
	yout_kv_open(w, "decisive-mistake", YOUT_FLOW_MAP);
	yout_kv_int(w, "turn", (long long)l.decisive_turn);
	yout_kv_plain(w, "colour", rp->game->colour[l.decisive_colour]);
	if (n->turn < rec->nturns)
		yout_kv_text(w, "move", rec->turns[n->turn].text,
		    rec->turns[n->turn].len);
	/* As the comment wrote it. */
	yout_kv_text(w, "loss", n->loss, n->loss_len);
	yout_close(w);
}

/*
 * An error (rp: the replay's, with the turn, the move and what was legal)
 * or a warning (rp NULL: a doubt, as gamecheck prints it on stderr).
 */
static void
write_diag(struct yout *w, const char *k, const struct diag *d,
    const struct replay *rp)
{
	yout_kv_open(w, k, YOUT_BLOCK_MAP);
	yout_kv_plain(w, "code", diag_name(d->code));
	yout_kv_int(w, "line", (long long)d->at.line);
	yout_kv_int(w, "column", (long long)d->at.col);
	if (rp != NULL && rp->error_turn > 0) {
		yout_kv_int(w, "turn", (long long)rp->error_turn);
		yout_kv_text(w, "move", rp->error_move, strlen(rp->error_move));
	}
	yout_kv_text(w, "reason", d->msg, strlen(d->msg));
	if (rp != NULL && rp->has_legal && rp->pos != NULL)
		replay_write_actions(
		    w, "legal", &rp->pos->board, rp->legal, rp->nlegal);
	yout_close(w);
}

/*
 * A report's root mapping and its first keys, schema and source, right
 * after the document's start.  The direct writer writes them once for a
 * source and copies them for the records after: quoting the source again
 * for every record was a tenth of a report's cost.  Without memory for
 * the copy they are written every time.
 */
static void
write_head(struct report_writer *rw, const char *source)
{
	struct yout *w = rw->w;
	size_t	     mark;

	if (rw->head_source != NULL && strcmp(rw->head_source, source) == 0 &&
	    yout_again(w, &rw->head) == 0)
		return;
	mark = yout_mark(w);
	yout_open(w, YOUT_BLOCK_MAP);
	yout_kv_plain(w, "schema", REPORT_SCHEMA);
	yout_kv_text(w, "source", source, strlen(source));
	if (mark == SIZE_MAX || w->failed)
		return;
	free(rw->head_source);
	rw->head_source = NULL;
	if (yout_keep(w, mark, &rw->head) == 0)
		rw->head_source = strdup(source);
}

/* The record's opening in --opening-names' file (formats/openings.md). */
static void
write_opening(struct yout *w, const struct report_perfect *pp)
{
	yout_kv_open(w, "opening", YOUT_FLOW_MAP);
	yout_kv_int(w, "number", (long long)pp->opening_number);
	yout_kv_int(w, "turns", (long long)pp->opening_turns);
	if (pp->opening_name != NULL)
		yout_kv_text(w, "name", pp->opening_name,
		    strlen(pp->opening_name));
	yout_close(w);
}

/* What a replayed record's report holds after its status. */
static void
write_replayed(struct yout *w, const struct record *rec,
    const struct replay *rp, const struct report_perfect *pp)
{
	yout_kv_int(w, "turns", (long long)rp->turns);
	yout_kv_int(w, "actions", (long long)rp->actions);
	yout_kv_int(w, "passes", (long long)rp->passes);
	if (rules_swapped(rp->pos))
		yout_kv_plain(w, "swapped", "true");
	if (!rp->score.over)
		yout_kv_plain(
		    w, "to-move", rp->game->colour[rules_to_move(rp->pos)]);
	replay_write_stats(w, rp);
	write_turn_lists(w, rp);
	write_notes(w, rec);
	write_losses(w, rec, rp);
	replay_write_result(w, rec, rp);
	if (rp->forfeit)
		replay_write_forfeit(w, rp);
	if (pp != NULL && pp->line != NULL)
		replay_write_perfect(w, rp, pp);
	if (pp != NULL && pp->opening_turns > 0)
		write_opening(w, pp);
	if (rp->agreed)
		yout_kv_plain(w, "agreement", "draw");
	if (rp->adjudged)
		replay_write_adjudication(w, rec, rp);
}

int
report_write(struct report_writer *rw, const char *source,
    const struct record *rec, const struct replay *rp)
{
	return report_write_perfect(rw, source, rec, rp, NULL);
}

int
report_write_perfect(struct report_writer *rw, const char *source,
    const struct record *rec, const struct replay *rp,
    const struct report_perfect *pp)
{
	struct yout *w = rw->w;

	yout_document_start(w);
	if (w->failed)
		return -1;
	write_head(rw, source);
	yout_kv_int(w, "record", (long long)rec->index);
	yout_kv_int(w, "line", (long long)rec->start.line);
	yout_kv_plain(w, "format", record_format_name(rec->format));
	if (rp->game != NULL)
		yout_kv_plain(w, "game", rp->game->name);
	if (rp->pos != NULL && rp->game != NULL &&
	    rp->status != REPLAY_MALFORMED)
		yout_kv_plain(w, "board", rp->pos->board.name);
	write_tags(w, rec);
	if (rp->game != NULL && rp->status != REPLAY_MALFORMED)
		replay_write_players(w, rec, rp);
	/* Only who holds the keys may change it (formats/keys.md). */
	if (rp->keyed)
		yout_kv_plain(w, "keyed", "true");
	yout_kv_plain(w, "status", replay_status_name(rp->status));
	if (rp->status != REPLAY_MALFORMED)
		write_replayed(w, rec, rp, pp);
	if (rp->has_error)
		write_diag(w, "error", &rp->error, rp);
	if (rp->has_warning)
		write_diag(w, "warning", &rp->warning, NULL);
	yout_close(w);
	yout_document_end(w);
	if (w->failed) {
		if (errno == 0)
			errno = EINVAL;
		return -1;
	}
	return 0;
}
