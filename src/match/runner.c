/* SPDX-License-Identifier: MIT */
/*
 * gameplay match's games (match.h): playing game i with everything the
 * match and i say, its line on stderr, and the match itself, game after
 * game or by workers (-j), to its summary and exit status.  Refereeing a
 * game is adjudicate.c's, counting it tally.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"

/*
 * The line of game i for stderr, to fp: who won, how, who played what.
 */
static void
game_line(FILE *fp, const struct match *m, unsigned long i,
    const struct match_game *pg, const int start[RULES_COLOURS],
    const struct match_ending *end, const struct rules_score *s)
{
	const struct rules_game *g = m->g;

	fprintf(fp, "%s: game %lu/%lu: ", cli_progname(), i + 1, m->ps.games);
	if (end->aborted)
		fprintf(fp, "aborted after %d turns, %d-%d",
		    rules_turn(pg->pos) - 1, s->points[0], s->points[1]);
	else if (end->adjudicated)
		fprintf(fp, "%s wins: %s", g->colour[end->winner], end->why);
	else if (end->drawn)
		fprintf(fp, "draw: %s, %d-%d", end->why, s->points[0],
		    s->points[1]);
	else if (end->winner == -1)
		fprintf(fp, "draw %d-%d", s->points[0], s->points[1]);
	else
		fprintf(fp, "%s wins %d-%d", g->colour[end->winner],
		    s->points[0], s->points[1]);
	if (end->solved)
		fprintf(fp, ", %s", end->why);
	/* Who held each colour at the end: results are by colour. */
	fprintf(fp, " (%s: %s; %s: %s)\n", g->colour[0],
	    match_side_name(&m->side[match_game_side(pg, start, 0)]),
	    g->colour[1],
	    match_side_name(&m->side[match_game_side(pg, start, 1)]));
}

/*
 * The status of game i after a write to --log failed in this process
 * (said once here; the match stops), else status.
 */
static int
log_status(struct match *m, int status)
{
	if (m->log.err == 0 || m->log.said || status != CLI_OK)
		return status;
	cli_error("match: --log: %s: %s", m->log.path, strerror(m->log.err));
	m->log.said = true;
	return CLI_USAGE;
}

/*
 * Plays game i (from 0) of the match with everything the match and i
 * say, counts it, writes its record to rec and makes its line for stderr
 * in *line (owned by the caller, NULL if none).  Returns the exit status.
 */
int
match_play_game(struct match *m, unsigned long i, FILE *rec, char **line)
{
	struct match_game      pg;
	struct match_game_tags t = {
		.event = "match", .round = i + 1, .match_id = m->id
	};
	struct match_ending    end = { .winner = -1 };
	struct rules_score     s;
	const struct match_tc *tb, *tw;
	struct match_slot      slot;
	struct diag	       d;
	int		       k, start[RULES_COLOURS], ready[2], status;
	FILE		      *lf;
	size_t		       len;

	*line = NULL;
	match_sides(m, i, start);
	match_notes_clear(m);
	match_adjudge_reset(m);
	if (match_series_start(&m->ps, i, &pg) == -1)
		return CLI_INTERNAL;
	match_schedule_game(&m->sch, i, &slot);
	if (m->sch.kind != MATCH_TOURNAMENT_NONE)
		match_load_pairing(m, &slot);
	m->side[0].game = m->side[1].game = i + 1;
	if (slot.opening != -1) {
		t.opening = m->openings.list[slot.opening].name;
		if (match_opening_start(&m->openings.list[slot.opening], m->syn,
			&pg, &d) == -1) {
			cli_error("match: %s: %s [%s]", t.opening, d.msg,
			    diag_name(d.code));
			status = CLI_INTERNAL;
			goto out_fini;
		}
		t.setup = pg.setup;
	}
	if ((status = match_engines_ready(m, &pg, ready)) == CLI_OK)
		status = match_play_moves(m, &pg, start, ready, &end);
	/*
	 * No game is scored for a program that never started: one
	 * not asked yet has its grace first (formats/protocol.md).
	 */
	for (k = 0; k < 2 && status == CLI_OK; k++)
		if (!match_started(&m->side[k].e))
			status = CLI_USAGE;
	if (status != CLI_OK)
		goto out_fini;
	/* One not asked since its set-up failed starts afresh. */
	for (k = 0; k < 2; k++)
		if (ready[k] != 1)
			engine_stop(&m->side[k].e, true);
	match_judge(m, &pg, &end, &s);
	t.black = match_side_name(&m->side[start[m->black]]);
	t.white = match_side_name(&m->side[start[1 - m->black]]);
	t.termination = end.why[0] != '\0' ? end.why : NULL;
	t.winner = end.adjudicated ? m->g->colour[end.winner] : NULL;
	t.result = end.drawn ? "1/2-1/2" : NULL;
	/* As cutechess: one tag for one clock, else one per colour. */
	tb = &m->tc[start[m->black]];
	tw = &m->tc[start[1 - m->black]];
	if (tb->on && tw->on && strcmp(tb->text, tw->text) == 0)
		t.time_control = tb->text;
	else {
		t.black_time_control = tb->on ? tb->text : NULL;
		t.white_time_control = tw->on ? tw->text : NULL;
	}
	t.notes = m->notes;
	t.nnotes = m->nnotes;
	match_tally(&m->ps.m, &pg, start, end.winner, end.aborted);
	if (match_count_game(m, i, &pg, start, &end) == -1 ||
	    (lf = open_memstream(line, &len)) == NULL) {
		cli_error("match: %s", strerror(errno));
		status = CLI_INTERNAL;
		goto out_fini;
	}
	game_line(lf, m, i, &pg, start, &end, &s);
	if (fclose(lf) == EOF) {
		cli_error("match: %s", strerror(errno));
		status = CLI_INTERNAL;
		goto out_fini;
	}
	status = rec == m->out ?
	    match_output_written(m, match_game_write(rec, &pg, &t)) :
	    match_finish(match_game_write(rec, &pg, &t));
	status = log_status(m, status);
out_fini:
	match_game_fini(&pg);
	return status;
}

/* Plays game i in this process, its engines kept for the next game. */
static int
run_one(struct match *m, unsigned long i)
{
	char *line;
	int   status;

	status = match_play_game(m, i, m->out, &line);
	if (line != NULL) {
		cli_progress_done();
		fputs(line, stderr);
		match_progress(m);
	}
	free(line);
	return status;
}

/*
 * What ends a match that was played: the tournament's ratings, the
 * summary and --sprt-exit's status.  Returns the exit status.
 */
static int
conclude(struct match *m, int status)
{
	if (status == CLI_OK &&
	    (m->no_memory ||
		(m->ps.m.tournament != NULL &&
		    match_tourney_finish(&m->tour) == -1))) {
		cli_error("match: out of memory");
		status = CLI_INTERNAL;
	}
	if (status == CLI_OK && !match_summary(&m->ps.m, m->ps.summary))
		status = CLI_USAGE;
	if (status == CLI_OK && m->sprt_exit)
		status = match_sprt_status(m);
	return status;
}

/*
 * Opens --log FILE, which is neither an input (--openings, --engines)
 * nor the records' or the summary's file.  0, or -1 after saying why.
 */
static int
log_open(struct match *m)
{
	const char *inputs[2];
	int	    n = 0;

	if (m->log.path == NULL)
		return 0;
	if (m->openings_path != NULL)
		inputs[n++] = m->openings_path;
	if (m->engines_path != NULL)
		inputs[n++] = m->engines_path;
	if (!cli_output_distinct(m->log.path, inputs, n) ||
	    !cli_output_apart(m->log.path, m->output) ||
	    (m->ps.summary != NULL && strcmp(m->ps.summary, "-") != 0 &&
		!cli_output_apart(m->log.path, m->ps.summary)))
		return -1;
	return match_log_open(&m->log, m->log.path);
}

int
match_run(struct match *m, const char *name)
{
	unsigned long i;
	int	      k, status;

	if ((status = match_options_done(m)) != CLI_OK ||
	    (status = match_setup(m, name)) != CLI_OK ||
	    (status = match_setup_schedule(m)) != CLI_OK)
		goto out_close;
	if (m->sch.kind == MATCH_TOURNAMENT_NONE)
		m->ps.m.stats = &m->stats;
	match_sprt_start(m);
	match_make_id(m);
	if (log_open(m) == -1 || match_output_open(m) == -1) {
		status = CLI_USAGE;
		goto out_close;
	}
	match_progress(m);
	/* A test that decided ends the match: more games change nothing. */
	for (i = m->first; m->jobs == 1 && i < m->last && status == CLI_OK &&
	     !match_decided(m);
	     i++)
		if (!match_is_counted(m, i))
			status = run_one(m, i);
	if (m->jobs > 1 && !match_decided(m))
		status = match_jobs_run(m);
	cli_progress_done();
	for (k = 0; k < 2; k++)
		engine_stop(&m->side[k].e, status != CLI_OK);
	if (match_log_close(&m->log) == -1 && status == CLI_OK)
		status = CLI_USAGE;
	status = conclude(m, status);
out_close:
	match_log_close(&m->log);
	return match_output_close(m, status);
}
