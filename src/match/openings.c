/* SPDX-License-Identifier: MIT */
/*
 * The openings of gameplay match --openings (schedule.h): every record of
 * a file, replayed by the referee as gamecheck replays it, kept as its
 * start position and its turns.  Which game starts from which opening is
 * the schedule's business; playing the turns is the match's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "match/game.h"
#include "match/schedule.h"
#include "util/util.h"

/*
 * The canonical Setup of rec's Setup tag on a position of pos's game and
 * board, a new string in *setup (NULL: no tag).  The replay has accepted
 * the tag.  Returns 0, or -1 when memory runs out.
 */
static int
opening_setup(
    const struct record *rec, const struct rules_position *pos, char **setup)
{
	const struct record_tag *st = record_tag_find(rec, "Setup");
	struct rules_position	*start;
	struct diag		 d;
	char			 buf[RECORD_SETUP_MAX];
	int			 pieces[RULES_MAX_CELLS], to_move, rc = -1;

	*setup = NULL;
	if (st == NULL)
		return 0;
	if ((start = rules_position_dup(pos)) == NULL)
		return -1;
	rules_position_reset(start);
	if (record_setup_parse(&start->board, st->value, st->value_len, pieces,
		&to_move, &d) == 0 &&
	    rules_setup(start, pieces, to_move, &d) == 0 &&
	    record_setup_format(start, buf, sizeof buf) >= 0 &&
	    (*setup = strdup(buf)) != NULL)
		rc = 0;
	rules_position_free(start);
	return rc;
}

/*
 * Keeps the opening rp replayed from rec (record n of the file called
 * name) in o, named FILE#N by the file's last component alone, so that
 * the Opening tag is the same however and from wherever the file was
 * named (./book.pgn, /home/a/book.pgn: book.pgn#3); which openings they
 * were, the MatchId says by their contents.  Returns 0, or -1 when
 * memory runs out.
 */
static int
opening_keep(struct match_openings *o, const char *name,
    const struct record *rec, const struct replay *rp)
{
	struct match_opening *op;
	const char	     *tok = rp->kept, *base = strrchr(name, '/');
	/* A turn in progress last is left to the programs (gameplay(1)). */
	size_t i, n = rp->nkept - (rp->in_turn ? 1 : 0);

	base = base != NULL ? base + 1 : name;
	if (array_grow(&o->list, &o->cap, o->n + 1, sizeof *o->list) == -1)
		return -1;
	op = &o->list[o->n++];
	memset(op, 0, sizeof *op);
	if ((op->name = malloc(strlen(base) + 24)) == NULL)
		return -1;
	sprintf(op->name, "%s#%lu", base, rec->index);
	if (opening_setup(rec, rp->pos, &op->setup) == -1 ||
	    (op->turns = calloc(n + 1, sizeof *op->turns)) == NULL)
		return -1;
	for (i = 0; i < n; i++, tok += strlen(tok) + 1)
		if ((op->turns[op->nturns++] = strdup(tok)) == NULL)
			return -1;
	return 0;
}

int
match_openings_read(struct match_openings *o, const char *path,
    const struct rules_game *g, const char *spec, struct record_syntax *syn)
{
	struct replay_options ro = {
		.game = g, .max_legal = MATCH_MAX_LEGAL, .keep_turns = true
	};
	struct record_reader  *rd = NULL;
	const struct record   *rec;
	struct rules_position *want;
	struct replay	       rp;
	struct diag	       d;
	const char	      *name = cli_input_name(path);
	FILE		      *fp;
	int		       r, status = CLI_INTERNAL;

	memset(o, 0, sizeof *o);
	if ((fp = fopen(path, "rb")) == NULL) {
		cli_error("--openings: %s: %s", name, strerror(errno));
		return CLI_USAGE;
	}
	replay_init(&rp);
	if ((want = rules_position_new(g, spec, NULL, &d)) == NULL) {
		cli_error("%s [%s]", d.msg, diag_name(d.code));
		status = CLI_USAGE;
		goto out_close;
	}
	if ((rd = record_reader_new(syn, fp, name, RECORD_AUTO)) == NULL)
		goto out_close;
	while ((r = record_reader_next_or_empty(rd, &rec)) == 1) {
		replay_record(syn, rec, &ro, &rp);
		if (rp.has_error && rp.error.code == DIAG_NO_MEMORY)
			goto out_close;
		if (rp.has_error) {
			match_diag(name, &rp);
			status = CLI_BAD;
			goto out_close;
		}
		/* The games are played on the match's board: -s. */
		if (strcmp(rp.pos->board.name, want->board.name) != 0) {
			diag_set_at(&d, DIAG_BAD_BOARD, rec->start, 0,
			    "the opening is played on %s; the match on %s",
			    rp.pos->board.name, want->board.name);
			cli_diag(name, &d, NULL);
			status = CLI_BAD;
			goto out_close;
		}
		if (rp.nkept > 0 && match_uses_dice(want)) {
			cli_error(
			    "--openings: %s: record %lu: %s throws dice: an opening is a set-up position without moves",
			    name, rec->index, g->name);
			status = CLI_USAGE;
			goto out_close;
		}
		/* A game over already would be scored without a move played. */
		if (rp.status == REPLAY_FINISHED) {
			cli_error(
			    "--openings: %s: record %lu: the game is over: an opening leaves the programs a game to play",
			    name, rec->index);
			status = CLI_USAGE;
			goto out_close;
		}
		if (opening_keep(o, name, rec, &rp) == -1)
			goto out_close;
	}
	if (r == -1) {
		cli_error("--openings: %s: %s", name, strerror(errno));
		status = CLI_USAGE;
		goto out_close;
	}
	status = CLI_OK;
out_close:
	if (status == CLI_INTERNAL)
		cli_error("--openings: %s: out of memory", name);
	record_reader_free(rd);
	rules_position_free(want);
	replay_fini(&rp);
	fclose(fp);
	return status;
}

int
match_opening_start(const struct match_opening *op, struct record_syntax *syn,
    struct match_game *pg, struct diag *d)
{
	struct rules_action *acts;
	struct diag	     rd;
	size_t		    *offs, i, len;
	int		     pieces[RULES_MAX_CELLS], to_move, n, k, rc = -1;

	if (op->setup != NULL &&
	    (record_setup_parse(&pg->pos->board, op->setup, strlen(op->setup),
		 pieces, &to_move, d) == -1 ||
		rules_setup(pg->pos, pieces, to_move, d) == -1))
		return -1;
	pg->setup = op->setup;
	/* A token has no more actions than bytes. */
	for (i = 0, len = 1; i < op->nturns; i++)
		if (strlen(op->turns[i]) + 1 > len)
			len = strlen(op->turns[i]) + 1;
	acts = calloc(len, sizeof *acts);
	offs = calloc(len, sizeof *offs);
	if (acts == NULL || offs == NULL) {
		diag_set(d, DIAG_NO_MEMORY, "out of memory");
		goto out_free;
	}
	for (i = 0; i < op->nturns; i++) {
		n = record_turn_parse(syn, &pg->pos->board, op->turns[i],
		    strlen(op->turns[i]), acts, offs, len, &rd);
		if (n < 0) {
			*d = rd;
			goto out_free;
		}
		for (k = 0; k < n; k++)
			if (match_game_play(pg, &acts[k], d) == -1)
				goto out_free;
	}
	rc = 0;
out_free:
	free(acts);
	free(offs);
	return rc;
}

void
match_openings_fini(struct match_openings *o)
{
	size_t i, j;

	for (i = 0; i < o->n; i++) {
		free(o->list[i].name);
		free(o->list[i].setup);
		for (j = 0; j < o->list[i].nturns; j++)
			free(o->list[i].turns[j]);
		free(o->list[i].turns);
	}
	free(o->list);
	memset(o, 0, sizeof *o);
}
