/* SPDX-License-Identifier: MIT */
/*
 * gameplay match -j N (runner.h): the match's side of workers.c, playing
 * a game in a child and taking its result back in the referee, counted
 * as --resume counts one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/resume.h"
#include "match/runner.h"
#include "match/workers.h"

/*
 * Whether game i is in already, or not this run's to play (match_workers'
 * done).
 */
static bool
worker_done(void *arg, unsigned long i)
{
	const struct match *m = arg;

	return match_is_counted(m, i) || i < m->first || i >= m->last;
}

/*
 * Plays game i in a child of -j (match_workers' play) with the engines of
 * that child, and writes for worker_take the sides' names, the game's line and
 * its record, the first three each ended by a NUL.
 */
static int
worker_play(void *arg, unsigned long i, FILE *out)
{
	struct match *m = arg;
	FILE	     *rec;
	char	     *line, *text = NULL;
	size_t	      len;
	int	      status = CLI_INTERNAL;

	if ((rec = open_memstream(&text, &len)) == NULL)
		cli_error("match: %s", strerror(errno));
	else {
		status = match_play_game(m, i, rec, &line);
		if (fclose(rec) == EOF && status == CLI_OK)
			status = CLI_INTERNAL;
		if (status == CLI_OK)
			fprintf(out, "%s%c%s%c%s%c",
			    match_side_name(&m->side[0]), '\0',
			    match_side_name(&m->side[1]), '\0', line, '\0');
		if (status == CLI_OK && fwrite(text, 1, len, out) != len)
			status = CLI_INTERNAL;
		free(line);
	}
	free(text);
	return status;
}

/* Stops the engines of a child of -j as it leaves (match_workers' end). */
static void
worker_end(void *arg, bool kill)
{
	struct match *m = arg;
	int	      k;

	for (k = 0; k < 2; k++)
		engine_stop(&m->side[k].e, kill);
}

/*
 * Takes game i played by a child (match_workers' take): the names for the
 * summary, the record written and counted as --resume counts one, the
 * line and the progress.  Returns CLI_OK, MATCH_WORKERS_STOP when the
 * SPRT has match_decided, or the exit status.
 */
static int
worker_take(void *arg, unsigned long i, const char *text, size_t len)
{
	struct match *m = arg;
	const char   *f[3], *p = text, *nul;
	int	      k, st;

	for (k = 0; k < 3; k++) {
		if ((nul = memchr(p, '\0', len - (p - text))) == NULL) {
			cli_error("match: game %lu: no whole result came back",
			    i + 1);
			return CLI_INTERNAL;
		}
		f[k] = p;
		p = nul + 1;
	}
	for (k = 0; k < 2; k++) {
		free(m->names[k]);
		if ((m->names[k] = strdup(f[k])) == NULL) {
			cli_error("match: %s", strerror(errno));
			return CLI_INTERNAL;
		}
		m->ps.m.side[k].name = m->names[k];
	}
	/* A progress line on the terminal the records go to goes first. */
	if (isatty(fileno(m->out)))
		cli_progress_done();
	len -= (size_t)(p - text);
	if ((st = match_output_written(
		 m, fwrite(p, 1, len, m->out) == len ? 0 : -1)) != CLI_OK)
		return st;
	if (match_resume_record(m->syn, p, len, i, match_resumed, m) == -1)
		return CLI_INTERNAL;
	cli_progress_done();
	fputs(f[2], stderr);
	match_progress(m);
	return match_decided(m) ? MATCH_WORKERS_STOP : CLI_OK;
}

int
match_jobs_run(struct match *m)
{
	struct match_workers w = { .arg = m,
		.n = m->jobs,
		.games = m->ps.games,
		.completion = m->completion,
		.done = worker_done,
		.play = worker_play,
		.take = worker_take,
		.end = worker_end };

	return match_workers_run(&w);
}
