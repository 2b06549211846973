/* SPDX-License-Identifier: MIT */
/*
 * gameplay's documents on a referee's game, each one YAML document on its
 * own stream (gameplay(1)): where the game stands (arbiter-status/1), the
 * legal continuations (arbiter-legal/1) and the dice of the next turn
 * (arbiter-roll/1).  They share a head (schema, source, game, turn, who
 * is to move, the turn in progress); a table gives each its schema and
 * what it writes besides.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/write-replay.h"
#include "report/yaml-out.h"

struct play_doc {
	const char *schema;
	/* Keys after game:, before turn: (NULL: none). */
	void (*head)(struct yout *, const struct report_play *);
	/* Keys after the shared ones. */
	void (*body)(struct yout *, const struct report_play *);
};

static void
status_head(struct yout *w, const struct report_play *p)
{
	const struct replay *rp = p->rp;

	yout_kv_plain(w, "board", rp->pos->board.name);
	replay_write_players(w, p->rec, rp);
	yout_kv_plain(w, "status", replay_status_name(rp->status));
	yout_kv_int(w, "turns", (long long)rp->turns);
}

/* A moment, quoted: "2026-01-02T10:00:00Z". */
static void
kv_time(struct yout *w, const char *k, int64_t t)
{
	char buf[CORR_TIME_LEN];

	corr_time_format(t, buf);
	yout_kv_text(w, k, buf, strlen(buf));
}

/*
 * A timed game's clocks (formats/clock.md): the moment asked about, the
 * start and control, who waits since when and, with a control, each
 * player's time in seconds and the deadline of the one to move.
 */
static void
clock_write(
    struct yout *w, const struct replay *rp, const struct report_clock *c)
{
	int i;

	yout_kv_open(w, "clock", YOUT_BLOCK_MAP);
	kv_time(w, "at", c->at);
	kv_time(w, "start", c->start);
	if (c->has_control)
		yout_kv_text(w, "control", c->control, strlen(c->control));
	if (c->running) {
		yout_kv_plain(w, "waiting", rp->game->colour[c->to_move]);
		kv_time(w, "since", c->since);
	}
	if (c->has_control && c->running) {
		kv_time(w, "deadline", c->s.deadline);
		yout_kv_plain(w, "overdue", c->s.overdue ? "true" : "false");
		yout_kv_plain(w, "claim", c->s.overdue ? "due" : "not-due");
	}
	for (i = 0; c->has_control && i < 2; i++) {
		yout_kv_open(w, rp->game->colour[i], YOUT_FLOW_MAP);
		yout_key(w, "used");
		yout_int(w, c->s.used[i]);
		yout_key(w, "left");
		yout_int(w, c->s.left[i]);
		yout_key(w, "on-leave");
		yout_plain(w, c->s.on_leave[i] ? "true" : "false");
		yout_close(w);
	}
	yout_close(w);
}

/*
 * The offers standing (formats/record.md): each by the colour who made
 * it, a takeback with the turns it would take back.
 */
static void
offers_write(struct yout *w, const struct replay *rp)
{
	if (rp->draw_offer == -1 && rp->undo_offer == -1)
		return;
	yout_kv_open(w, "offers", YOUT_BLOCK_MAP);
	if (rp->draw_offer != -1) {
		yout_kv_open(w, "draw", YOUT_FLOW_MAP);
		yout_key(w, "by");
		yout_plain(w, rp->game->colour[rp->draw_offer]);
		yout_close(w);
	}
	if (rp->undo_offer != -1) {
		yout_kv_open(w, "undo", YOUT_FLOW_MAP);
		yout_key(w, "by");
		yout_plain(w, rp->game->colour[rp->undo_offer]);
		yout_key(w, "turns");
		yout_uint(w, rp->undo_turns);
		yout_close(w);
	}
	yout_close(w);
}

static void
status_body(struct yout *w, const struct report_play *p)
{
	const struct replay *rp = p->rp;

	replay_write_stats(w, rp);
	if (rp->score.over)
		replay_write_result(w, p->rec, rp);
	if (rp->forfeit)
		replay_write_forfeit(w, rp);
	if (rp->agreed)
		yout_kv_plain(w, "agreement", "draw");
	if (rp->adjudged)
		replay_write_adjudication(w, p->rec, rp);
	offers_write(w, rp);
	if (p->clock != NULL)
		clock_write(w, rp, p->clock);
}

static void
legal_body(struct yout *w, const struct report_play *p)
{
	yout_kv_int(w, "count", (long long)p->nlegal);
	replay_write_actions(
	    w, "legal", &p->rp->pos->board, p->legal, p->nlegal);
}

static void
roll_body(struct yout *w, const struct report_play *p)
{
	char buf[32];

	yout_kv_open(w, "dice", YOUT_FLOW_SEQ);
	yout_int(w, p->dice[0]);
	yout_int(w, p->dice[1]);
	yout_close(w);
	snprintf(buf, sizeof buf, "%d%d:", p->dice[0], p->dice[1]);
	yout_kv_quoted(w, "token", buf);
}

/* A cell's name, or pass. */
static void
cell_value(struct yout *w, const struct rules_board *b, int cell)
{
	char name[RULES_CELL_NAME];

	yout_plain(w, cell < 0 ? "pass" : rules_cell_name(b, cell, name));
}

static void
solve_body(struct yout *w, const struct report_play *p)
{
	const struct report_solved *s = p->solved;
	const struct rules_board   *b = &p->rp->pos->board;
	int			    i;

	yout_kv_plain(w, "value", s->exact ? "exact" : "unknown");
	if (s->why != NULL)
		yout_kv_plain(w, "why", s->why);
	yout_kv_int(w, "empties", s->empties);
	yout_kv_plain(w, "for", p->rp->game->colour[s->colour]);
	if (s->exact)
		yout_kv_int(w, "score", s->score);
	yout_kv_open(w, "best", YOUT_FLOW_SEQ);
	for (i = 0; i < s->nbest; i++)
		if (s->best_tokens != NULL)
			yout_quoted(w, s->best_tokens[i]);
		else
			cell_value(w, b, s->best[i]);
	yout_close(w);
	if (s->nmoves > 0) {
		/* Flow collections: the direct writer's (block lists are the
		 * emitter's alone). */
		yout_kv_open(w, "moves", YOUT_FLOW_SEQ);
		for (i = 0; i < s->nmoves; i++) {
			yout_open(w, YOUT_FLOW_MAP);
			yout_key(w, "move");
			if (s->move_tokens != NULL)
				yout_quoted(w, s->move_tokens[i]);
			else
				cell_value(w, b, s->moves[i]);
			yout_key(w, "score");
			if (s->scores[i] == INT_MIN)
				yout_plain(w, "~");
			else
				yout_int(w, s->scores[i]);
			yout_close(w);
		}
		yout_close(w);
	}
	yout_kv_uint(w, "nodes", s->nodes);
	yout_kv_real(w, "seconds", s->seconds, 3, true);
}

static const struct play_doc docs[] = {
	[REPORT_PLAY_STATUS] = { "arbiter-status/1", status_head, status_body },
	[REPORT_PLAY_LEGAL] = { "arbiter-legal/1", NULL, legal_body },
	[REPORT_PLAY_ROLL] = { "arbiter-roll/1", NULL, roll_body },
	[REPORT_PLAY_SOLVE] = { "arbiter-solve/1", NULL, solve_body },
};

int
report_write_play(
    FILE *out, enum report_play_doc kind, const struct report_play *p)
{
	const struct play_doc *doc = &docs[kind];
	const struct replay   *rp = p->rp;
	struct yout	      *w;

	if ((w = yout_new(out)) == NULL)
		return -1;
	yout_start(w, doc->schema);
	yout_kv_text(w, "source", p->source, strlen(p->source));
	yout_kv_plain(w, "game", rp->game->name);
	if (doc->head != NULL)
		doc->head(w, p);
	/* A roll inside a turn is the next turn's: the other colour's. */
	yout_kv_int(
	    w, "turn", (long long)rules_turn(rp->pos) + (p->next_turn ? 1 : 0));
	yout_kv_plain(w, "to-move",
	    rp->score.over || rp->forfeit ?
		"~" :
		rp->game->colour[p->next_turn ? 1 - rules_to_move(rp->pos) :
						rules_to_move(rp->pos)]);
	yout_kv_plain(
	    w, "in-turn", rp->in_turn && !p->next_turn ? "true" : "false");
	if (p->so_far != NULL)
		yout_kv_text(w, "so-far", p->so_far, strlen(p->so_far));
	doc->body(w, p);
	return yout_finish(w);
}
