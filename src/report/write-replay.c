/* SPDX-License-Identifier: MIT */
/*
 * The parts of a replayed record that gamecheck's reports and gameplay's
 * status both write (formats/report.md): who played which colour, the
 * result, a forfeit, the score's figures per colour, lists of actions;
 * and report_players, which gamestat asks too, so that a record and its
 * report name the same players.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/write-replay.h"
#include "report/yaml-out.h"

bool
report_players(const struct record *rec, const struct replay *rp,
    const struct record_tag *t[RULES_COLOURS])
{
	const struct record_tag *tag[RULES_COLOURS];
	static const char *const seat[RULES_COLOURS] = { "Black", "White" };
	int			 i;

	/* Stones! names White first: the tags follow the colours. */
	for (i = 0; i < RULES_COLOURS; i++) {
		const char *name = rp->game->colour[i];

		tag[i] = record_tag_find(rec,
		    strcmp(name, "white") == 0	   ? "White" :
			strcmp(name, "black") == 0 ? "Black" :
						     seat[i]);
	}
	/* After a swap each player has the other colour. */
	for (i = 0; i < RULES_COLOURS; i++)
		t[i] = tag[rules_swapped(rp->pos) ? 1 - i : i];
	return t[0] != NULL || t[1] != NULL;
}

void
replay_write_players(
    struct yout *w, const struct record *rec, const struct replay *rp)
{
	const struct record_tag *t[RULES_COLOURS];
	int			 i;

	if (!report_players(rec, rp, t))
		return;
	yout_kv_open(w, "players", YOUT_BLOCK_MAP);
	for (i = 0; i < RULES_COLOURS; i++) {
		yout_key(w, rp->game->colour[i]);
		if (t[i] != NULL)
			yout_text(w, t[i]->value, t[i]->value_len);
		else
			yout_plain(w, NULL);
	}
	yout_close(w);
}

/*
 * The winner of rp's game: the board's, once over; the decision's, when
 * the players or a director ended it; the forfeit's, when one did (its
 * status finished: issue 27, item 11); else none.
 */
static const char *
result_winner(const struct replay *rp)
{
	int w = rp->agreed ? -1 :
	    rp->adjudged   ? rp->adjudged_winner :
	    rp->forfeit && rp->status == REPLAY_FINISHED ?
			     rp->forfeit_winner :
			     rp->score.winner;

	if (!rp->score.over && !rp->agreed && !rp->adjudged &&
	    !(rp->forfeit && rp->status == REPLAY_FINISHED))
		return "none";
	return w == -1 ? "draw" : rp->game->colour[w];
}

void
replay_write_result(
    struct yout *w, const struct record *rec, const struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	const struct record_tag	 *kt;
	char			  buf[32];

	yout_kv_open(w, "result", YOUT_BLOCK_MAP);
	yout_kv_plain(w, "winner", result_winner(rp));
	yout_kv_quoted(w, "score", yout_score(buf, s->points[0], s->points[1]));
	if (s->alt_name != NULL && s->over)
		yout_kv_quoted(
		    w, s->alt_name, yout_score(buf, s->alt[0], s->alt[1]));
	/* The komi that decided the winner (a Komi tag, GGF's KM). */
	if ((kt = record_tag_find(rec, "Komi")) != NULL && s->over)
		yout_kv_text(w, "komi", kt->value, kt->value_len);
	if (rp->has_recorded) {
		yout_kv_text(w, "recorded", rp->recorded, strlen(rp->recorded));
		yout_kv_plain(w, "agrees",
		    !rp->verified  ? "~" :
			rp->agrees ? "true" :
				     "false");
	}
	/* WTHOR's theoretical score: as stored, never checked. */
	if (rec->format == RECORD_WTHOR) {
		if (rec->wthor.theoretical <= 64)
			snprintf(buf, sizeof buf, "%d-%d",
			    rec->wthor.theoretical,
			    64 - rec->wthor.theoretical);
		else
			snprintf(buf, sizeof buf, "%d", rec->wthor.theoretical);
		yout_kv_text(w, "theoretical", buf, strlen(buf));
	}
	yout_close(w);
}

void
replay_write_adjudication(
    struct yout *w, const struct record *rec, const struct replay *rp)
{
	const struct record_tag *mt = record_tag_find(
	    rec, "AdjudicationMethod");
	const char		*method = mt != NULL ? mt->value : "director";

	yout_kv_open(w, "adjudication", YOUT_BLOCK_MAP);
	yout_kv_plain(w, "winner",
	    rp->adjudged_winner == -1 ? "draw" :
					rp->game->colour[rp->adjudged_winner]);
	/*
	 * A method of the list (replay_check_adjudication), or none; a
	 * match's draw on the programs' evaluations is its own.
	 */
	if (replay_termination_drawn(rec))
		method = "evaluation";
	yout_kv_plain(w, "method", method);
	yout_close(w);
}

void
replay_write_forfeit(struct yout *w, const struct replay *rp)
{
	int  score[RULES_COLOURS];
	char buf[32];

	yout_kv_open(w, "forfeit", YOUT_BLOCK_MAP);
	yout_kv_plain(w, "winner", rp->game->colour[rp->forfeit_winner]);
	yout_kv_plain(w, "cause", replay_cause_name(rp->forfeit_cause));
	/* The score its Result may give, where the game has one. */
	if (replay_forfeit_score(rp, 1 - rp->forfeit_winner, score))
		yout_kv_quoted(w, "score", yout_score(buf, score[0], score[1]));
	yout_close(w);
}

void
replay_write_colours(struct yout *w, const char *k, const struct replay *rp,
    long long v0, long long v1)
{
	yout_kv_open(w, k, YOUT_FLOW_MAP);
	yout_kv_int(w, rp->game->colour[0], v0);
	yout_kv_int(w, rp->game->colour[1], v1);
	yout_close(w);
}

void
replay_write_stats(struct yout *w, const struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	int			  i, j;

	for (j = 0; j < s->nstats; j++) {
		yout_kv_open(w, s->stats[j].name, YOUT_FLOW_MAP);
		for (i = 0; i < RULES_COLOURS; i++)
			yout_kv_int(
			    w, rp->game->colour[i], s->stats[j].value[i]);
		yout_close(w);
	}
}

void
replay_write_actions(struct yout *w, const char *k,
    const struct rules_board *board, const struct rules_action *a, size_t n)
{
	char   buf[32];
	size_t i;

	yout_kv_open(w, k, YOUT_FLOW_SEQ);
	for (i = 0; i < n; i++)
		yout_plain(
		    w, record_action_format(board, &a[i], buf, sizeof buf));
	yout_close(w);
}
