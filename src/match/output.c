/* SPDX-License-Identifier: MIT */
/*
 * Where a match's records go (runner.h): standard output, or -o's file,
 * which --resume reads back first, each game in it counted as played.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "match/resume.h"
#include "match/runner.h"

/* Whether rec's Termination tag says the solver played it out. */
static bool
solved(const struct record *rec)
{
	const struct record_tag *t = record_tag_find(rec, "Termination");

	return t != NULL &&
	    strncmp(t->value, MATCH_SOLVED, strlen(MATCH_SOLVED)) == 0;
}

/* Counts game i, read back by --resume (match_resume_fn). */
int
match_resumed(void *arg, unsigned long i, const struct record *rec,
    const struct replay *rp)
{
	struct match *m = arg;
	/* Its position alone says who held what: match_game_side. */
	struct match_game   pg = { .pos = rp->pos };
	struct match_ending end = { .winner = -1 };
	int		    start[RULES_COLOURS];

	if (match_is_counted(m, i)) {
		cli_error("%s: game %lu is there twice: not resumed", m->output,
		    i + 1);
		return -1;
	}
	match_sides(m, i, start);
	if (rp->forfeit) {
		end.winner = rp->forfeit_winner;
		end.adjudicated = true;
		m->ps.m.adjudicated++;
	} else if (rp->status == REPLAY_FINISHED) {
		end.winner = rp->score.winner;
		if (solved(rec))
			m->ps.m.adjudicated++;
	} else {
		end.aborted = true;
		m->ps.m.aborted++;
	}
	match_tally(&m->ps.m, &pg, start, end.winner, end.aborted);
	if (match_count_game(m, i, &pg, start, &end) == -1) {
		cli_error("match: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Opens -o's file, and with --resume reads back the games it holds
 * (match_resume_read: any of them with --order completion), counted as
 * played; without -o the records go to stdout.  Returns 0, or -1 after
 * saying why.
 */
int
match_output_open(struct match *m)
{
	unsigned long done = 0;

	m->out = stdout;
	if (m->output == NULL)
		return 0;
	m->out = NULL;
	if (m->resume && (m->out = fopen(m->output, "r+")) == NULL &&
	    errno != ENOENT) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	if (m->out == NULL &&
	    (m->out = fopen(m->output, m->resume ? "w+" : "w")) == NULL) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	/* The programs (engine.c's exec) get no descriptor of the records. */
	if (fcntl(fileno(m->out), F_SETFD, FD_CLOEXEC) == -1) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	if (m->resume &&
	    match_resume_read(m->out, m->output, m->syn, m->id, m->ps.games,
		m->completion, match_resumed, m, &done) == -1)
		return -1;
	return 0;
}
