/* SPDX-License-Identifier: MIT */
/*
 * Where a match's records go (runner.h): standard output, or -o's file,
 * replaced whole when the match ends (cli_output_open's: no reader sees
 * a part of it, a kill leaves the old file), or with --resume appended
 * to in place under a lock, after the games it holds are read back and
 * counted as played.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Whether rec's Termination tag says --adjudicate draw: ended it. */
static bool
drawn(const struct record *rec)
{
	const struct record_tag *t = record_tag_find(rec, "Termination");

	return t != NULL && strcmp(t->value, MATCH_DRAWN_ON_EVAL) == 0;
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
	} else if (drawn(rec)) {
		/* --adjudicate draw: a draw, and adjudicated. */
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
 * -o's file is no input of the match (--openings, --engines), which
 * --resume would append to and a replace would overwrite, nor the
 * summary's file (replaced twice, the records would be lost).  Checked
 * before the file is opened.
 */
static bool
output_apart(const struct match *m)
{
	const char *inputs[2];
	int	    n = 0;

	if (m->openings_path != NULL)
		inputs[n++] = m->openings_path;
	if (m->engines_path != NULL)
		inputs[n++] = m->engines_path;
	if (!cli_output_distinct(m->output, inputs, n))
		return false;
	return m->ps.summary == NULL || strcmp(m->ps.summary, "-") == 0 ||
	    cli_output_apart(m->ps.summary, m->output);
}

/*
 * --resume's file, appended to in place, since the games of a run that
 * is killed must stay for the next run (a replace would lose them):
 * created if it is not there, a regular file the invoking user may
 * write (a link at the path followed, as cli_output_open follows one),
 * held by an exclusive flock(2) for the whole match, so that a second
 * match on it waits for the first to end (and then resumes what it
 * left) rather than mixing its records in, and never given to the
 * programs (close-on-exec).  NULL after saying why.
 */
FILE *
match_resume_open(const char *path)
{
	struct stat st;
	FILE	   *fp;
	int	    fd;

	/* O_NONBLOCK: a FIFO must not hang the open; it is refused. */
	fd = open(
	    path, O_RDWR | O_CREAT | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0666);
	if (fd == -1 || fstat(fd, &st) == -1 ||
	    faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == -1)
		goto out_fail;
	if (!S_ISREG(st.st_mode)) {
		cli_error("%s: not a regular file, so --resume cannot append "
			  "to it",
		    path);
		goto out_close;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		if (errno != EWOULDBLOCK)
			goto out_fail;
		cli_error("%s: another process is writing it: waiting", path);
		while (flock(fd, LOCK_EX) == -1)
			if (errno != EINTR)
				goto out_fail;
	}
	if ((fp = fdopen(fd, "r+")) == NULL)
		goto out_fail;
	return fp;
out_fail:
	cli_error("%s: %s", path, strerror(errno));
out_close:
	if (fd != -1)
		close(fd);
	return NULL;
}

/*
 * Opens -o's file, and with --resume reads back the games it holds
 * (match_resume_read: any of them with --order completion), counted as
 * played; without -o the records go to stdout.  Without --resume the file
 * is cli_output_open's, replaced when the match ends (match_output_close).
 * Returns 0, or -1 after saying why.
 */
int
match_output_open(struct match *m)
{
	unsigned long done = 0;

	m->out = stdout;
	if (m->output == NULL)
		return 0;
	m->out = NULL;
	if (!output_apart(m))
		return -1;
	if (!m->resume) {
		if (cli_output_open(&m->outf, m->output, 0) == -1)
			return -1;
		m->out = m->outf.fp;
		/* The programs (engine.c's exec) get no descriptor of it. */
		if (fcntl(fileno(m->out), F_SETFD, FD_CLOEXEC) == -1) {
			cli_error("%s: %s", m->output, strerror(errno));
			return -1;
		}
		return 0;
	}
	if ((m->out = match_resume_open(m->output)) == NULL)
		return -1;
	if (match_resume_read(m->out, m->output, m->syn, m->id, m->first, m->last,
		m->completion, match_resumed, m, &done) == -1)
		return -1;
	return 0;
}

int
match_output_written(struct match *m, int rc)
{
	if (rc == 0 && fflush(m->out) != EOF)
		return CLI_OK;
	if (!ferror(m->out))
		return match_finish(rc);
	if (errno == EPIPE && m->out == stdout)
		exit(CLI_USAGE);
	cli_error("%s: %s", m->output != NULL ? m->output : "stdout",
	    strerror(errno));
	m->out_failed = true;
	return CLI_USAGE;
}

int
match_output_end(FILE *fp, const char *name, bool resume,
    struct cli_output *outf, bool discard, int status)
{
	bool failed;

	if (fp == NULL || fp == stdout)
		return status;
	if (!resume) {
		if (discard) {
			cli_output_abort(outf);
			return status;
		}
		return cli_output_commit(outf) || status != CLI_OK ?
		    status :
		    CLI_USAGE;
	}
	failed = fflush(fp) == EOF || fsync(fileno(fp)) == -1;
	if (fclose(fp) == EOF)
		failed = true;
	if (failed && status == CLI_OK) {
		cli_error("%s: %s", name, strerror(errno));
		return CLI_USAGE;
	}
	return status;
}

/*
 * The records of a match that ends, whatever its status: -o's new file
 * put in place, unless a write to it failed or the match stopped before
 * any game was counted (the old file stays, as a kill leaves it); or
 * --resume's flushed, synced and unlocked.  Returns the exit status.
 */
int
match_output_close(struct match *m, int status)
{
	FILE *fp = m->out;

	m->out = NULL;
	return match_output_end(fp, m->output, m->resume, &m->outf,
	    m->out_failed || (status != CLI_OK && m->ncounted == 0), status);
}
