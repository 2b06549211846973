/* SPDX-License-Identifier: MIT */
/*
 * What a picture of a record's position says (show.h), for gameplay show
 * and its replay page alike: the position after a turn and the turn that
 * led to it, the players' names after a swap, where the game stands and
 * the caption around the board.  Drawing it is src/draw's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/show.h"

/*
 * The players' names by colour from the tags, made printable, into
 * name[i] ("?" where there is no tag).  Returns how many are known (not
 * "?" or empty).
 */
int
show_player_names(const struct record *rec, const struct replay *rp,
    char name[RULES_COLOURS][RECORD_SHOWN])
{
	const struct record_tag *t[RULES_COLOURS];
	int			 i, k, known = 0;

	for (i = 0; i < RULES_COLOURS; i++) {
		const char *c = rp->game->colour[i];

		t[i] = record_tag_find(rec,
		    strcmp(c, "white") == 0	? "White" :
			strcmp(c, "black") == 0 ? "Black" :
			i == 0			? "Black" :
						  "White");
		known += t[i] != NULL && strcmp(t[i]->value, "?") != 0 &&
		    t[i]->value[0] != '\0';
	}
	for (i = 0; i < RULES_COLOURS; i++) {
		/* After a swap each player has the other colour. */
		k = rules_swapped(rp->pos) ? 1 - i : i;
		/* A name is the record's text, not the terminal's commands. */
		if (t[k] != NULL)
			util_printable(t[k]->value, t[k]->value_len, name[i],
			    RECORD_SHOWN);
		else
			strcpy(name[i], "?");
	}
	return known;
}

/*
 * "turn 5: black to move", "game over after 60 turns: black wins 40-24"
 * or "decided by forfeit after 5 turns: white wins (black crashed)".
 */
static void
state_text(
    const struct record *rec, const struct replay *rp, char *buf, size_t cap)
{
	const struct rules_score *s = &rp->score;
	const struct rules_game	 *g = rp->game;
	char			  how[RECORD_SHOWN + 32];

	if (rp->forfeit) {
		play_forfeit_text(rec, rp, how, sizeof how);
		snprintf(buf, cap, "decided by forfeit after %lu turns: %s",
		    rp->turns, how);
	} else if (rp->adjudged)
		snprintf(buf, cap, "adjudicated after %lu turns: %s%s",
		    rp->turns,
		    rp->adjudged_winner == -1 ? "a draw" :
						g->colour[rp->adjudged_winner],
		    rp->adjudged_winner == -1 ? "" : " wins");
	else if (s->over)
		snprintf(buf, cap, "game over after %lu turns: %s%s %d-%d",
		    rp->turns,
		    s->winner == -1 ? "a draw" : g->colour[s->winner],
		    s->winner == -1 ? "," : " wins", s->points[0],
		    s->points[1]);
	else
		snprintf(buf, cap, "turn %d: %s to move%s", rules_turn(rp->pos),
		    g->colour[rules_to_move(rp->pos)],
		    rp->in_turn ? ", turn in progress" : "");
}

/*
 * Sets up v (its replays initialised by the caller) for pr's record after
 * turn upto.  Returns CLI_OK, or the exit status after saying why.
 */
int
show_view_init(struct view *v, const struct play_record *pr, unsigned long upto)
{
	struct diag d;
	size_t	    offs[64];
	int	    n;

	v->ntok = pr->rec->nturns;
	v->upto = upto;
	if (play_passes_written(pr, "show draws the turns of") != CLI_OK)
		return CLI_USAGE;
	if (v->upto > v->ntok) {
		cli_error("%s: --at %lu: the record has %lu turns", pr->name,
		    v->upto, v->ntok);
		return CLI_USAGE;
	}
	v->cur = &pr->rp;
	if (v->upto < v->ntok) {
		if (play_replay_upto(pr, v->upto, &v->at) == -1)
			goto out_oom;
		v->cur = &v->at;
	}
	if (v->upto == 0)
		return CLI_OK;
	/* The last turn: the position before it and its actions. */
	if (play_replay_upto(pr, v->upto - 1, &v->prev) == -1 ||
	    (v->tok = play_token(pr, v->upto - 1)) == NULL)
		goto out_oom;
	n = record_turn_parse(pr->syn, &v->prev.pos->board, v->tok,
	    strlen(v->tok), v->acts, offs, 64, &d);
	v->last = (struct draw_last){ v->prev.pos, v->acts,
		n > 0 ? (size_t)n : 0 };
	v->who = rules_to_move(v->prev.pos);
	return CLI_OK;

out_oom:
	cli_error("out of memory");
	return CLI_INTERNAL;
}

void
show_view_fini(struct view *v)
{
	free(v->tok);
	replay_fini(&v->at);
	replay_fini(&v->prev);
}

/* The tag's value made printable into buf, or false if absent or "?". */
bool
show_tag_text(const struct record *rec, const char *tag, char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(rec, tag);

	if (t == NULL || t->value[0] == '\0' || strcmp(t->value, "?") == 0)
		return false;
	util_printable(t->value, t->value_len, buf, cap);
	return true;
}

/*
 * Fills c for v of pr's record: "Reversi 8x8, Event", the players, the
 * scores, the state, the last turn.
 */
void
show_caption_init(
    struct caption *c, const struct play_record *pr, const struct view *v)
{
	const struct replay *cur = v->cur;
	char		     event[RECORD_SHOWN];
	int		     i;

	memset(c, 0, sizeof *c);
	show_player_names(pr->rec, cur, c->name);
	snprintf(c->title, sizeof c->title, "%s %s", cur->game->title,
	    cur->pos->board.name);
	if (show_tag_text(pr->rec, "Event", event, sizeof event))
		snprintf(c->title + strlen(c->title),
		    sizeof c->title - strlen(c->title), ", %s", event);
	state_text(pr->rec, cur, c->state, sizeof c->state);
	c->cap.title = c->title;
	c->cap.state = c->state;
	for (i = 0; i < RULES_COLOURS; i++) {
		c->cap.player[i] = c->name[i];
		c->cap.score[i] = cur->score.nstats > 0 ?
		    cur->score.stats[0].value[i] :
		    cur->score.points[i];
	}
	c->cap.figure = cur->game->figure;
	c->cap.to_move = cur->score.over || cur->forfeit ?
	    -1 :
	    rules_to_move(cur->pos);
	if (v->upto > 0) {
		snprintf(c->last, sizeof c->last, "last turn %lu, %s: %s%s",
		    v->upto, cur->game->colour[v->who], v->tok,
		    v->upto == v->ntok && cur->in_turn ? " (in progress)" : "");
		c->cap.last = c->last;
	}
}
