/* SPDX-License-Identifier: MIT */
/*
 * Games that gameplay plays itself, for selfplay and match (play.h): the
 * position with its dice and its record so far, the record written whole,
 * and the options, set-up and tally of a series.  Choosing the actions is
 * left to the players (src/player) or to the programs a match runs.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/play.h"
#include "util/util.h"

/* A turn token of any game fits: Herd side 12 places at most ~400 cells. */
#define TOKEN_MAX 8192

int
play_game_init(struct play_game *pg, const struct rules_game *g,
    const char *spec, uint64_t seed, struct diag *d)
{
	memset(pg, 0, sizeof *pg);
	if ((pg->pos = rules_position_new(g, spec, NULL, d)) == NULL)
		return -1;
	pg->dice = play_uses_dice(pg->pos);
	pg->seed = seed;
	rules_rng_seed(&pg->rng, seed);
	return 0;
}

void
play_game_fini(struct play_game *pg)
{
	size_t i;

	for (i = 0; i < pg->nturns; i++)
		free(pg->turns[i]);
	free(pg->turns);
	free(pg->cur);
	free(pg->log);
	rules_position_free(pg->pos);
	memset(pg, 0, sizeof *pg);
}

int
play_game_roll(struct play_game *pg)
{
	struct rules_action a[1];
	struct diag	    d;
	int		    first, second;

	if (rules_phase(pg->pos) == RULES_GAME_OVER ||
	    rules_legal(pg->pos, a, 1) == 0 || a[0].kind != RULES_DICE)
		return 0;
	/* One roll per turn, turn 1 first, as the replay checks them. */
	rules_dice_roll(&pg->rng, &first, &second);
	a[0].from = (int16_t)first;
	a[0].to = (int16_t)second;
	return play_game_play(pg, &a[0], &d) == 0 ? 1 : -1;
}

int
play_game_play(
    struct play_game *pg, const struct rules_action *a, struct diag *d)
{
	char buf[TOKEN_MAX];
	int  c = rules_to_move(pg->pos);

	if (array_grow(&pg->cur, &pg->cur_cap, pg->ncur + 1, sizeof *pg->cur) ==
		-1 ||
	    array_grow(&pg->log, &pg->log_cap, pg->nlog + 1, sizeof *pg->log) ==
		-1 ||
	    array_grow(&pg->turns, &pg->turns_cap, pg->nturns + 1,
		sizeof *pg->turns) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	if (rules_play(pg->pos, a, d) == -1)
		return -1;
	pg->cur[pg->ncur++] = *a;
	pg->log[pg->nlog++] = (struct play_move){ *a, c };
	if (rules_phase(pg->pos) == RULES_TURN_MIDDLE)
		return 0;
	if (record_turn_format(
		&pg->pos->board, pg->cur, pg->ncur, buf, sizeof buf) == -1 ||
	    (pg->turns[pg->nturns] = strdup(buf)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	pg->nturns++;
	pg->ncur = 0;
	return 0;
}

char *
play_game_moves(const struct play_game *pg)
{
	char  *s, *p, buf[TOKEN_MAX];
	size_t len = 1, i;

	buf[0] = '\0';
	if (pg->ncur > 0 &&
	    record_turn_format(
		&pg->pos->board, pg->cur, pg->ncur, buf, sizeof buf) == -1)
		return NULL;
	for (i = 0; i < pg->nturns; i++)
		len += strlen(pg->turns[i]) + 1;
	len += strlen(buf) + 1;
	if ((s = p = malloc(len)) == NULL)
		return NULL;
	*p = '\0';
	for (i = 0; i < pg->nturns; i++)
		p += sprintf(p, "%s%s", i > 0 ? " " : "", pg->turns[i]);
	if (buf[0] != '\0')
		sprintf(p, "%s%s", pg->nturns > 0 ? " " : "", buf);
	return s;
}

int
play_game_write(
    FILE *out, const struct play_game *pg, const struct play_game_tags *t)
{
	const struct rules_position *pos = pg->pos;
	struct record_tag_out	     tags[17];
	struct rules_score	     s;
	const char		   **turns;
	char			   **noted = NULL;
	char   round[32], seed[32], result[32], *text = NULL;
	char   cur[TOKEN_MAX];
	size_t n = 0, len = 0, nturns = pg->nturns, i;
	FILE  *mem;
	int    rc = -1;

	/*
	 * A game stopped inside a turn keeps the turn in progress (dice,
	 * actions made), so that the position where the last answer was
	 * given is in the record (formats/record.md, "Games stopped early").
	 */
	if ((turns = calloc(nturns + 1, sizeof *turns)) == NULL)
		return -1;
	if (nturns > 0)
		memcpy(turns, pg->turns, nturns * sizeof *turns);
	if (pg->ncur > 0) {
		if (record_turn_format(
			&pos->board, pg->cur, pg->ncur, cur, sizeof cur) == -1)
			goto out_free;
		turns[nturns++] = cur;
	}
	/* A turn's comment goes against its token: "f5 {[%clk 0:00:59]}". */
	if (t->nnotes > 0 &&
	    (noted = calloc(nturns + 1, sizeof *noted)) == NULL)
		goto out_free;
	for (i = 0; i < nturns && i < t->nnotes; i++) {
		if (t->notes[i] == NULL)
			continue;
		if ((noted[i] = malloc(
			 strlen(turns[i]) + strlen(t->notes[i]) + 4)) == NULL)
			goto out_free;
		sprintf(noted[i], "%s {%s}", turns[i], t->notes[i]);
		turns[i] = noted[i];
	}
	rules_score(pos, &s);
	if (s.over)
		snprintf(
		    result, sizeof result, "%d-%d", s.points[0], s.points[1]);
	else
		snprintf(result, sizeof result, "*");
	snprintf(round, sizeof round, "%lu", t->round);
	snprintf(seed, sizeof seed, "%" PRIu64, pg->seed);
	tags[n++] = (struct record_tag_out){ "Event", t->event };
	tags[n++] = (struct record_tag_out){ "Round", round };
	if (t->match_id != NULL)
		tags[n++] = (struct record_tag_out){ "MatchId", t->match_id };
	tags[n++] = (struct record_tag_out){ "Game", pos->game->name };
	tags[n++] = (struct record_tag_out){
		pos->board.geometry == RULES_SQUARE ? "Size" : "Board",
		pos->board.name
	};
	tags[n++] = (struct record_tag_out){ "Black", t->black };
	tags[n++] = (struct record_tag_out){ "White", t->white };
	if (pg->dice)
		tags[n++] = (struct record_tag_out){ "Seed", seed };
	if (t->setup != NULL)
		tags[n++] = (struct record_tag_out){ "Setup", t->setup };
	if (t->opening != NULL)
		tags[n++] = (struct record_tag_out){ "Opening", t->opening };
	tags[n++] = (struct record_tag_out){ "Result", result };
	if (t->time_control != NULL)
		tags[n++] = (struct record_tag_out){ "TimeControl",
			t->time_control };
	if (t->black_time_control != NULL)
		tags[n++] = (struct record_tag_out){ "BlackTimeControl",
			t->black_time_control };
	if (t->white_time_control != NULL)
		tags[n++] = (struct record_tag_out){ "WhiteTimeControl",
			t->white_time_control };
	if (t->termination != NULL)
		tags[n++] = (struct record_tag_out){ "Termination",
			t->termination };
	if (t->winner != NULL)
		tags[n++] = (struct record_tag_out){ "Winner", t->winner };
	/* Built in memory, then one write: a kill leaves whole records. */
	if ((mem = open_memstream(&text, &len)) == NULL)
		goto out_free;
	if (record_write(mem, tags, n, turns, nturns, true, result) == -1) {
		fclose(mem);
		goto out_free;
	}
	if (fputc('\n', mem) == EOF || fclose(mem) == EOF)
		goto out_free;
	/* A progress line on the terminal the records go to goes first. */
	if (isatty(fileno(out)))
		cli_progress_done();
	if (fwrite(text, 1, len, out) == len && fflush(out) == 0)
		rc = 0;
out_free:
	if (noted != NULL)
		for (i = 0; i < nturns; i++)
			free(noted[i]);
	free(noted);
	free(text);
	free(turns);
	return rc;
}

int
play_colour(const struct rules_game *g, const char *name, int fallback)
{
	int c;

	for (c = 0; c < RULES_COLOURS; c++)
		if (strcmp(g->colour[c], name) == 0)
			return c;
	return fallback;
}

uint64_t
play_player_seed(uint64_t s, int c)
{
	return s ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(c + 1));
}

int
play_game_side(
    const struct play_game *pg, const int start[RULES_COLOURS], int c)
{
	/* The position is the one record of a swap: ask it every time. */
	return rules_swapped(pg->pos) ? start[1 - c] : start[c];
}

void
play_tally(struct report_match *m, const struct play_game *pg,
    const int start[RULES_COLOURS], int winner, bool unfinished)
{
	int c;

	m->games++;
	for (c = 0; c < RULES_COLOURS; c++)
		m->side[play_game_side(pg, start, c)]
		    .as[c][unfinished	 ? REPORT_UNFINISHED :
			    winner == -1 ? REPORT_DRAW :
			    winner == c	 ? REPORT_WIN :
					   REPORT_LOSS]++;
}

bool
play_summary(const struct report_match *m, const char *path)
{
	struct cli_output out;

	cli_progress_done();
	/* Standard output carries the records: "-" is standard error. */
	if (path == NULL || strcmp(path, "-") == 0) {
		if (report_write_match(stderr, m) == 0 && fflush(stderr) == 0)
			return true;
		cli_error("stderr: %s", strerror(errno));
		return false;
	}
	if (cli_output_open(&out, path, 0) == -1)
		return false;
	if (report_write_match(out.fp, m) == 0 && fflush(out.fp) == 0)
		return cli_output_commit(&out);
	cli_error("%s: %s", out.name, strerror(errno));
	cli_output_abort(&out);
	return false;
}

void
play_series_init(struct play_series *ps, const char *event)
{
	memset(ps, 0, sizeof *ps);
	ps->games = 1;
	ps->seed = 1;
	ps->m.event = event;
	ps->m.board = ps->board;
}

int
play_series_option(struct play_series *ps, int c, const char *arg)
{
	switch (c) {
	case 'n': return play_count("--games", arg, &ps->games) ? 0 : -1;
	case 'S': return play_count("--seed", arg, &ps->seed) ? 0 : -1;
	case 's': ps->size = arg; return 0;
	case PLAY_OPT_MAX_TURNS:
		ps->has_max_turns = true;
		return play_count("--max-turns", arg, &ps->max_turns) ? 0 : -1;
	case PLAY_OPT_SUMMARY: ps->summary = arg; return 0;
	}
	return 0;
}

const struct rules_game *
play_series_game(struct play_series *ps, const char *name)
{
	const struct rules_game *g;

	if ((g = cli_find_game(name, "gameplay --help")) == NULL)
		return NULL;
	/* The records go to standard output: the summary elsewhere. */
	if (ps->summary != NULL && strcmp(ps->summary, "-") != 0 &&
	    !cli_output_apart(ps->summary, NULL))
		return NULL;
	if (!ps->has_max_turns)
		ps->max_turns = g->turn_cap;
	ps->m.game = g;
	return g;
}

int
play_series_start(struct play_series *ps, unsigned long i, struct play_game *pg)
{
	struct diag d;

	if (play_game_init(
		pg, ps->m.game, ps->size, (uint64_t)ps->seed + i, &d) == -1) {
		cli_error("%s [%s]", d.msg, diag_name(d.code));
		return -1;
	}
	snprintf(ps->board, sizeof ps->board, "%s", pg->pos->board.name);
	return 0;
}

bool
play_series_going(const struct play_series *ps, const struct play_game *pg)
{
	return rules_phase(pg->pos) != RULES_GAME_OVER &&
	    (ps->max_turns == 0 ||
		(unsigned long)rules_turn(pg->pos) <= ps->max_turns);
}
