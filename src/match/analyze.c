/* SPDX-License-Identifier: MIT */
/*
 * gameplay analyze (analyze.h): its options, streaming the records to
 * analyse in batches (each replayed once; one that is not legal is said
 * and left out; a batch freed once written), each game's positions
 * valued in turn by the analyser (analysers.c) and its record written
 * again with a comment per turn (formats/record.md, "Analyses"), or its
 * YAML document; -j N by the match's workers (workers.h), --resume by
 * the match's reading back (resume.h), so that an analysis stopped goes
 * on where it stopped.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/analyze.h"
#include "match/game.h"
#include "match/resume.h"
#include "match/workers.h"
#include "record/turn.h"
#include "report/report.h"
#include "util/util.h"

void
analyze_init(struct analyze *a)
{
	memset(a, 0, sizeof *a);
	a->empties = ANALYZE_EMPTIES;
	a->timeout = 10;
	a->startup_timeout = 30;
	a->jobs = 1;
	a->proto = &match_proto_arbiter;
	a->batch = ANALYZE_BATCH;
	replay_init(&a->rp);
}

static void
game_fini(struct analyze_game *ag)
{
	array_free_strings(ag->names, 2 * ag->ntags);
	array_free_strings(ag->turns, ag->nturns);
	free(ag->board);
	free(ag->setup);
	free(ag->result);
}

/* A decimal number of seconds, 0 or more (more than 0 if positive). */
static bool
seconds(const char *arg, bool positive, double *v)
{
	char *endp;

	errno = 0;
	if (arg[0] < '0' || arg[0] > '9')
		return false;
	*v = strtod(arg, &endp);
	return *endp == '\0' && errno == 0 && *v <= 1e6 &&
	    (positive ? *v > 0 : *v >= 0);
}

/* Sets the analyser's kind once: -1 after saying two were named. */
static int
kind(struct analyze *a, enum analyze_kind k)
{
	if (a->kind != ANALYZE_NONE && a->kind != k) {
		cli_error("analyze: name one analyser: --engine, --player or "
			  "--solver");
		return -1;
	}
	a->kind = k;
	return 0;
}

int
analyze_option(void *settings, int c, const char *arg)
{
	struct analyze *a = settings;
	unsigned long	n;
	char		names[64];

	switch (c) {
	case ANALYZE_OPT_ENGINE:
		a->engine_cmd = arg;
		return kind(a, ANALYZE_ENGINE);
	case ANALYZE_OPT_PLAYER:
		a->player_spec = arg;
		return kind(a, ANALYZE_PLAYER);
	case ANALYZE_OPT_SOLVER: return kind(a, ANALYZE_SOLVER);
	case ANALYZE_OPT_PROTOCOL:
		if ((a->proto = match_proto_find(arg)) != NULL)
			return 0;
		match_protocol_names(names, sizeof names);
		cli_error("analyze: --protocol is %s, not '%s'", names, arg);
		return -1;
	case ANALYZE_OPT_DEPTH:
		if (cli_parse_count(arg, &a->depth) && a->depth >= 1 &&
		    a->depth <= ANALYZE_DEPTH_MAX)
			return 0;
		cli_error("analyze: --depth is 1 to %d, not '%s'",
		    ANALYZE_DEPTH_MAX, arg);
		return -1;
	case ANALYZE_OPT_EMPTIES:
		if (cli_parse_count(arg, &n) && n <= 64) {
			a->empties = (int)n;
			return 0;
		}
		cli_error("analyze: --empties is 0 to 64, not '%s'", arg);
		return -1;
	case ANALYZE_OPT_TIME:
	case ANALYZE_OPT_TIMEOUT:
		if (seconds(arg, c == ANALYZE_OPT_TIME,
			c == ANALYZE_OPT_TIME ? &a->seconds : &a->timeout))
			return 0;
		cli_error("analyze: --%s takes seconds, not '%s'",
		    c == ANALYZE_OPT_TIME ? "time" : "timeout", arg);
		return -1;
	case ANALYZE_OPT_RESUME: a->resume = true; return 0;
	case ANALYZE_OPT_YAML: a->yaml = true; return 0;
	case 'o': a->output = arg; return 0;
	case 'j':
		if (cli_parse_count(arg, &a->jobs) && a->jobs >= 1 &&
		    a->jobs <= CLI_JOBS_MAX)
			return 0;
		cli_error(
		    "analyze: -j is 1 to %d, not '%s'", CLI_JOBS_MAX, arg);
		return -1;
	case 'g':
		if ((a->force_game = rules_game_find(arg)) != NULL)
			return 0;
		cli_error("analyze: no game '%s'", arg);
		return -1;
	}
	return 0;
}

/* A copy of len bytes at s, NUL-ended; NULL when memory runs out. */
static char *
copy(const char *s, size_t len)
{
	char *p = malloc(len + 1);

	if (p != NULL) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* Keeps the replayed record rec (rp) as the game ag: 0 or -1. */
static int
keep_game(
    struct analyze_game *ag, const struct record *rec, const struct replay *rp)
{
	const struct record_tag *t;
	const char		*k = rp->kept;
	size_t			 i;

	memset(ag, 0, sizeof *ag);
	ag->game = rp->game;
	if ((ag->board = strdup(rp->pos->board.name)) == NULL ||
	    (ag->names = calloc(2 * rec->ntags + 1, sizeof *ag->names)) ==
		NULL ||
	    (ag->turns = calloc(rp->nkept + 1, sizeof *ag->turns)) == NULL)
		return -1;
	for (i = 0; i < rec->ntags; i++, ag->ntags++) {
		t = &rec->tags[i];
		if ((ag->names[2 * i] = strdup(t->name)) == NULL ||
		    (ag->names[2 * i + 1] = copy(t->value, t->value_len)) ==
			NULL)
			return -1;
	}
	if ((t = record_tag_find(rec, "Setup")) != NULL &&
	    (ag->setup = copy(t->value, t->value_len)) == NULL)
		return -1;
	for (i = 0; i < rp->nkept; i++, k += strlen(k) + 1, ag->nturns++)
		if ((ag->turns[i] = strdup(k)) == NULL)
			return -1;
	ag->result = rec->has_result ? copy(rec->result.text, rec->result.len) :
				       strdup("*");
	return ag->result == NULL ? -1 : 0;
}

/*
 * Opens each input but standard input and closes it again, so that one
 * missing, or a folder, is said before anything is analysed: a status.
 */
static int
inputs_check(char **paths, int n)
{
	struct stat st;
	FILE	   *fp;
	int	    i, err;

	for (i = 0; i < n; i++) {
		if (strcmp(paths[i], "-") == 0)
			continue;
		err = 0;
		if ((fp = fopen(paths[i], "r")) == NULL)
			err = errno;
		else if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode))
			err = EISDIR;
		if (fp != NULL)
			fclose(fp);
		if (err != 0) {
			cli_error("%s: %s", paths[i], strerror(err));
			return CLI_USAGE;
		}
	}
	return CLI_OK;
}

/* Ends the reading of the current input. */
static void
input_close(struct analyze *a)
{
	record_reader_free(a->rd);
	a->rd = NULL;
	if (a->in != NULL && a->in != stdin)
		fclose(a->in);
	a->in = NULL;
}

/* Starts reading the next input: a status. */
static int
input_open(struct analyze *a)
{
	const char *path = a->paths[a->ipath++];

	a->in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (a->in == NULL) {
		cli_error("%s: %s", path, strerror(errno));
		return CLI_USAGE;
	}
	if ((a->rd = record_reader_new(a->syn, a->in, path, RECORD_AUTO)) ==
	    NULL) {
		cli_error("analyze: %s", strerror(ENOMEM));
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

/*
 * Reads the next legal game of the inputs into ag (owned by the caller,
 * game_fini), saying each record that is not legal and leaving it out.
 * Returns 1, 0 at the end of the inputs, or -1 with *status set after
 * saying why (a read error, no memory).
 */
static int
input_next(struct analyze *a, struct analyze_game *ag, int *status)
{
	struct replay_options ro = { .game = a->force_game,
		.implicit_pass = REPLAY_IMPLICIT_AUTO,
		.keep_turns = true };
	const struct record  *rec;
	int		      r;

	for (;;) {
		if (a->rd == NULL && a->ipath == a->npaths)
			return 0;
		if (a->rd == NULL && (*status = input_open(a)) != CLI_OK)
			return -1;
		if ((r = record_reader_next(a->rd, &rec)) == 0) {
			input_close(a);
			continue;
		}
		if (r == -1) {
			cli_error("%s: %s", record_reader_name(a->rd),
			    strerror(errno));
			*status = CLI_USAGE;
			return -1;
		}
		replay_record(a->syn, rec, &ro, &a->rp);
		if (a->rp.status == REPLAY_ILLEGAL ||
		    a->rp.status == REPLAY_MALFORMED) {
			match_diag(record_reader_name(a->rd), &a->rp);
			a->skipped = true;
			continue;
		}
		if (keep_game(ag, rec, &a->rp) == -1) {
			game_fini(ag);
			cli_error("analyze: %s", strerror(ENOMEM));
			*status = CLI_INTERNAL;
			return -1;
		}
		a->nread++;
		return 1;
	}
}

/* Frees the batch's games: the next batch starts after them. */
static void
batch_free(struct analyze *a)
{
	size_t i;

	for (i = 0; i < a->ngames; i++)
		game_fini(&a->games[i]);
	a->ngames = 0;
}

void
analyze_fini(struct analyze *a)
{
	batch_free(a);
	free(a->games);
	input_close(a);
	replay_fini(&a->rp);
	record_syntax_free(a->syn);
}

/*
 * Reads the next batch of games into a->games (none at the end of the
 * inputs): a status.
 */
static int
batch_read(struct analyze *a)
{
	size_t t, bytes = 0;
	int    r, status = CLI_OK;

	batch_free(a);
	a->base = a->nread;
	a->taken = 0;
	while (a->ngames < a->batch && bytes < ANALYZE_BATCH_BYTES &&
	    (r = input_next(a, &a->games[a->ngames], &status)) == 1) {
		for (t = 0; t < a->games[a->ngames].nturns; t++)
			bytes += strlen(a->games[a->ngames].turns[t]) + 1;
		a->ngames++;
	}
	return status;
}

/* Sets pg at ag's start (game i): 0, or -1 after saying why. */
static int
game_start(
    const struct analyze_game *ag, unsigned long i, struct match_game *pg)
{
	int	    pieces[RULES_MAX_CELLS], to_move;
	struct diag d;

	if (match_game_init(pg, ag->game, ag->board, i + 1, &d) == -1)
		goto out_fail;
	if (ag->setup != NULL &&
	    (record_setup_parse(&pg->pos->board, ag->setup, strlen(ag->setup),
		 pieces, &to_move, &d) == -1 ||
		rules_setup(pg->pos, pieces, to_move, &d) == -1))
		goto out_fini;
	pg->setup = ag->setup;
	return 0;
out_fini:
	match_game_fini(pg);
out_fail:
	cli_error("analyze: game %lu: %s", i + 1, d.msg);
	return -1;
}

/* Whether the next action of pos is a roll of the dice. */
static bool
dice_next(const struct rules_position *pos)
{
	struct rules_action act;

	return rules_phase(pos) != RULES_GAME_OVER &&
	    rules_legal(pos, &act, 1) > 0 && act.kind == RULES_DICE;
}

/*
 * Plays turn t of ag on pg, its dice first (when before is set: the
 * dice alone, noting its first chosen action in pt; else the rest).
 * Returns 0, or -1 after saying why.
 */
static int
play_turn(struct analyze *a, const struct analyze_game *ag, size_t t,
    struct match_game *pg, struct analyze_point *pt, bool before)
{
	const char *tok = ag->turns[t];
	size_t	    len = strlen(tok), cap = record_turn_bound(tok, len);
	struct rules_action *acts = calloc(cap, sizeof *acts);
	size_t		    *offs = calloc(cap, sizeof *offs);
	struct diag	     d;
	int		     n, k, rc = -1;

	if (acts == NULL || offs == NULL) {
		cli_error("analyze: %s", strerror(ENOMEM));
		goto out_free;
	}
	if ((n = record_turn_parse(
		 a->syn, &pg->pos->board, tok, len, acts, offs, cap, &d)) < 0)
		goto out_said;
	for (k = 0; k < n && acts[k].kind == RULES_DICE; k++)
		if (before && match_game_play(pg, &acts[k], &d) == -1)
			goto out_said;
	if (before) {
		if (k < n)
			record_action_format(&pg->pos->board, &acts[k],
			    pt->played, sizeof pt->played);
		pt->single = n - k == 1;
		pt->nchosen = n - k;
		rc = 0;
		goto out_free;
	}
	for (; k < n; k++)
		if (match_game_play(pg, &acts[k], &d) == -1)
			goto out_said;
	rc = 0;
	goto out_free;
out_said:
	cli_error("analyze: turn %zu '%s': %s", t + 1, tok, d.msg);
out_free:
	free(acts);
	free(offs);
	return rc;
}

/*
 * Values every position of game i of the batch, pts[t] before turn t
 * (its dice rolled) and pts[nturns] after the last.  Returns the exit
 * status.
 */
static int
analyse_game(struct analyze *a, unsigned long i, struct analyze_point *pts)
{
	const struct analyze_game *ag = &a->games[i];
	struct match_game	   pg;
	struct analyze_point	   keep;
	char			   where[64];
	size_t			   t;
	int			   status = CLI_OK;

	if (game_start(ag, a->base + i, &pg) == -1)
		return CLI_INTERNAL;
	for (t = 0; t <= ag->nturns && status == CLI_OK; t++) {
		memset(&keep, 0, sizeof keep);
		if (t < ag->nturns &&
		    play_turn(a, ag, t, &pg, &keep, true) == -1) {
			status = CLI_INTERNAL;
			break;
		}
		snprintf(where, sizeof where, "game %lu, turn %zu",
		    a->base + i + 1, t + 1);
		/* After the last turn, a roll to come is nobody's choice. */
		if (t == ag->nturns && dice_next(pg.pos))
			memset(&pts[t], 0, sizeof pts[t]);
		else
			status = analyze_point(a, &pg, &pts[t], where);
		memcpy(pts[t].played, keep.played, sizeof keep.played);
		pts[t].single = keep.single;
		pts[t].colour = rules_to_move(pg.pos);
		if (status == CLI_OK && t < ag->nturns &&
		    play_turn(a, ag, t, &pg, &keep, false) == -1)
			status = CLI_INTERNAL;
		if (status == CLI_OK && t < ag->nturns)
			status = analyze_after(a, &pg, keep.nchosen, &pts[t]);
	}
	match_game_fini(&pg);
	return status;
}

/*
 * What the analyser said of turn t, from its mover's side c: the turn's
 * value is the next position's (greedy's own search's where it has
 * one), the best's the position's before it, and the turn that is the
 * best loses nothing; a value higher after than before loses 0.
 */
struct turn_view {
	bool has_eval, has_best;
	long eval, best, loss;
};

static void
turn_values(const struct analyze_point *pts, size_t t, struct turn_view *v)
{
	const struct analyze_point *p = &pts[t], *q = &pts[t + 1];
	int			    c = p->colour;

	v->has_best = p->has_value;
	v->best = c == 0 ? p->value : -p->value;
	v->has_eval = q->has_value;
	v->eval = c == 0 ? q->value : -q->value;
	if (p->has_after)
		v->eval = c == 0 ? p->after : -p->after, v->has_eval = true;
	if (p->has_value && p->best[0] != '\0' && p->single &&
	    strcmp(p->best, p->played) == 0)
		v->eval = v->best, v->has_eval = true;
	v->loss = v->best > v->eval ? v->best - v->eval : 0;
}

/*
 * The comment of turn t of the analysed game (formats/record.md,
 * "Analyses") into buf: "" where the analyser said nothing of it.
 */
static void
note_of(const struct analyze_point *pts, size_t t, char *buf, size_t cap)
{
	const struct analyze_point *p = &pts[t];
	struct turn_view	    v;
	struct match_eval	    ev;
	size_t			    n = 0;

	buf[0] = '\0';
	if (!p->reached)
		return;
	turn_values(pts, t, &v);
	if (v.has_eval) {
		match_eval_clear(&ev);
		ev.milli = v.eval;
		ev.depth = p->depth;
		n = match_eval_text(&ev, buf, cap);
		buf[n++] = ' ';
	}
	if (p->best[0] != '\0')
		n += (size_t)snprintf(
		    buf + n, cap - n, "[%%best %s] ", p->best);
	if (v.has_eval && v.has_best) {
		n += (size_t)snprintf(buf + n, cap - n, "[%%loss ");
		n += match_decimal_text(v.loss, buf + n, cap - n);
		n += (size_t)snprintf(buf + n, cap - n, "] ");
	}
	if (n > 0)
		buf[n - 1] = '\0';
}

/* The value of tag name of ag, or NULL. */
static const char *
tag_value(const struct analyze_game *ag, const char *name)
{
	size_t i;

	for (i = 0; i < ag->ntags; i++)
		if (strcmp(ag->names[2 * i], name) == 0)
			return ag->names[2 * i + 1];
	return NULL;
}

/* Writes game i of the batch as YAML (--yaml): 0, or -1 (errno). */
static int
write_yaml(FILE *out, const struct analyze *a, unsigned long i,
    const struct analyze_point *pts)
{
	const struct analyze_game   *ag = &a->games[i];
	struct report_analysis_turn *turns;
	struct report_analysis	     r = { .record = a->base + i + 1,
		      .game = ag->game->name,
		      .board = ag->board,
		      .result = ag->result,
		      .analyser = a->name,
		      .black = tag_value(ag, "Black"),
		      .white = tag_value(ag, "White") };
	struct turn_view	     v;
	size_t			     t;
	int			     rc;

	if ((turns = calloc(ag->nturns + 1, sizeof *turns)) == NULL)
		return -1;
	for (t = 0; t < ag->nturns; t++) {
		turn_values(pts, t, &v);
		turns[t] = (struct report_analysis_turn){ .turn = t + 1,
			.colour = ag->game->colour[pts[t].colour],
			.move = ag->turns[t],
			.best = pts[t].best,
			.has_eval = pts[t].reached && v.has_eval,
			.has_best_eval = pts[t].reached && v.has_best,
			.eval = v.eval,
			.best_eval = v.best,
			.loss = v.loss,
			.depth = pts[t].depth };
	}
	r.turns = turns;
	r.nturns = ag->nturns;
	rc = report_write_analysis(out, &r);
	free(turns);
	return rc;
}

/* Writes the analysed record of game i to out: 0, or -1 (errno). */
static int
write_game(
    FILE *out, const struct analyze_game *ag, const struct analyze_point *pts)
{
	struct record_tag_out *tags;
	char		     **turns, note[800];
	size_t		       t;
	int		       rc = -1;

	tags = calloc(ag->ntags + 1, sizeof *tags);
	turns = calloc(ag->nturns + 1, sizeof *turns);
	if (tags == NULL || turns == NULL)
		goto out_free;
	for (t = 0; t < ag->ntags; t++)
		tags[t] = (struct record_tag_out){ ag->names[2 * t],
			ag->names[2 * t + 1] };
	for (t = 0; t < ag->nturns; t++) {
		note_of(pts, t, note, sizeof note);
		if ((turns[t] = malloc(
			 strlen(ag->turns[t]) + strlen(note) + 4)) == NULL)
			goto out_free;
		sprintf(turns[t], note[0] != '\0' ? "%s {%s}" : "%s%s",
		    ag->turns[t], note);
	}
	rc = record_write(out, tags, ag->ntags, (const char *const *)turns,
	    ag->nturns, true, ag->result);
out_free:
	for (t = 0; turns != NULL && t < ag->nturns; t++)
		free(turns[t]);
	free(turns);
	free(tags);
	return rc;
}

/* Analyses game i of the batch, writes its record to out: a status. */
static int
do_game(struct analyze *a, unsigned long i, FILE *out)
{
	const struct analyze_game *ag = &a->games[i];
	struct analyze_point	  *pts;
	int			   status;

	if ((pts = calloc(ag->nturns + 1, sizeof *pts)) == NULL) {
		cli_error("analyze: %s", strerror(ENOMEM));
		return CLI_INTERNAL;
	}
	status = analyse_game(a, i, pts);
	if (status == CLI_OK &&
	    (a->yaml ? write_yaml(out, a, i, pts) : write_game(out, ag, pts)) ==
		-1)
		status = match_finish(-1);
	free(pts);
	return status;
}

/* A game's record, analysed, is in: its count and the progress. */
static void
game_in(struct analyze *a)
{
	a->ndone++;
	cli_progress(a->ndone);
}

/* Whether ag's turns are rec's. */
static bool
same_turns(const struct analyze_game *ag, const struct record *rec)
{
	size_t t;

	if (rec->nturns != ag->nturns)
		return false;
	for (t = 0; t < ag->nturns; t++)
		if (rec->turns[t].len != strlen(ag->turns[t]) ||
		    memcmp(rec->turns[t].text, ag->turns[t],
			rec->turns[t].len) != 0)
			return false;
	return true;
}

/*
 * Whether rec, record i of -o's file, is game i of the inputs analysed
 * (resume): the inputs are read as far, each game checked and freed.
 */
static int
resumed(void *arg, unsigned long i, const struct record *rec,
    const struct replay *rp)
{
	struct analyze	   *a = arg;
	struct analyze_game ag;
	int		    r, status;

	(void)rp;
	if ((r = input_next(a, &ag, &status)) == -1)
		return -1;
	if (r == 0) {
		cli_error("%s: record %lu is not one of the %lu games of the "
			  "inputs: not resumed",
		    a->output, i + 1, a->nread);
		return -1;
	}
	r = same_turns(&ag, rec) ? 0 : -1;
	game_fini(&ag);
	if (r == -1) {
		cli_error("%s: record %lu is not game %lu of the inputs "
			  "(its turns differ): not resumed",
		    a->output, i + 1, i + 1);
		return -1;
	}
	game_in(a);
	return 0;
}

/* Opens -o (--resume: reads back the games it holds): 0, or -1. */
static int
output_open(struct analyze *a, char **paths, int n)
{
	unsigned long got;

	a->out = stdout;
	if (a->output == NULL)
		return 0;
	if (!cli_output_distinct(a->output, (const char *const *)paths, n))
		return -1;
	if (!a->resume) {
		if (cli_output_open(&a->outf, a->output, 0) == -1)
			return -1;
		a->out = a->outf.fp;
		/* The analyser (engine.c's exec) gets no descriptor of it. */
		return fcntl(fileno(a->out), F_SETFD, FD_CLOEXEC);
	}
	if ((a->out = match_resume_open(a->output)) == NULL)
		return -1;
	return match_resume_read(a->out, a->output, a->syn, NULL, 0, ULONG_MAX,
	    false, resumed, a, &got);
}

/* Ends -o whatever the status (match_output_end's rules). */
static int
output_close(struct analyze *a, int status)
{
	FILE *fp = a->out;

	a->out = NULL;
	return match_output_end(fp, a->output, a->resume, &a->outf,
	    a->out_failed || (status != CLI_OK && a->ndone == 0), status);
}

/* The status after text (len bytes) is written to the output. */
static int
output_written(struct analyze *a, const char *text, size_t len)
{
	if (fwrite(text, 1, len, a->out) == len && fflush(a->out) != EOF)
		return CLI_OK;
	if (a->out == stdout)
		return match_finish(-1);
	cli_error("%s: %s", a->output, strerror(errno));
	a->out_failed = true;
	return CLI_USAGE;
}

/* Whether game i of the batch is in (the batch's are taken in order). */
static bool
worker_done(void *arg, unsigned long i)
{
	return i < ((struct analyze *)arg)->taken;
}

static int
worker_play(void *arg, unsigned long i, FILE *out)
{
	return do_game(arg, i, out);
}

static int
worker_take(void *arg, unsigned long i, const char *text, size_t len)
{
	struct analyze *a = arg;
	int		status;

	(void)i;
	if ((status = output_written(a, text, len)) == CLI_OK) {
		a->taken++;
		game_in(a);
	}
	return status;
}

static void
worker_end(void *arg, bool kill)
{
	analyze_analyser_stop(arg, kill);
}

/* Analyses the batch's games, here or by -j's workers. */
static int
batch_run(struct analyze *a)
{
	struct match_workers w = { .arg = a,
		.n = a->jobs,
		.games = a->ngames,
		.done = worker_done,
		.play = worker_play,
		.take = worker_take,
		.end = worker_end };
	unsigned long	     i;
	char		    *text;
	size_t		     len;
	FILE		    *mem;
	int		     status = CLI_OK;

	if (a->jobs > 1)
		return match_workers_run(&w);
	for (i = 0; i < a->ngames && status == CLI_OK; i++) {
		text = NULL;
		if ((mem = open_memstream(&text, &len)) == NULL) {
			cli_error("analyze: %s", strerror(errno));
			return CLI_INTERNAL;
		}
		status = do_game(a, i, mem);
		if (fclose(mem) == EOF && status == CLI_OK)
			status = CLI_INTERNAL;
		if (status == CLI_OK)
			status = worker_take(a, i, text, len);
		free(text);
	}
	return status;
}

/* Analyses the games of the inputs not in yet, batch after batch. */
static int
analyse_all(struct analyze *a)
{
	int status;

	while ((status = batch_read(a)) == CLI_OK && a->ngames > 0 &&
	    (status = batch_run(a)) == CLI_OK)
		continue;
	return status;
}

/* Takes the inputs and the batch's size: a status. */
static int
inputs_start(struct analyze *a, char **paths, int n)
{
	const char   *env = getenv("ARBITER_TEST_ANALYZE_BATCH");
	unsigned long b;

	if (env != NULL && cli_parse_count(env, &b) && b >= 1 &&
	    b <= ANALYZE_BATCH)
		a->batch = b;
	a->paths = paths;
	a->npaths = n;
	if ((a->games = calloc(a->batch, sizeof *a->games)) == NULL) {
		cli_error("analyze: %s", strerror(ENOMEM));
		return CLI_INTERNAL;
	}
	return inputs_check(paths, n);
}

int
analyze_run(struct analyze *a, char **paths, int n)
{
	int status;

	if (a->kind == ANALYZE_NONE) {
		cli_error("analyze: name an analyser: --engine CMD, --player "
			  "NAME or --solver");
		return CLI_USAGE;
	}
	if (a->resume && (a->output == NULL || a->yaml)) {
		cli_error("analyze: --resume appends records to -o's file: "
			  "name one, and no --yaml");
		return CLI_USAGE;
	}
	if ((a->syn = record_syntax_new()) == NULL) {
		cli_error("analyze: %s", strerror(ENOMEM));
		return CLI_INTERNAL;
	}
	if ((status = inputs_start(a, paths, n)) != CLI_OK)
		return status;
	if ((status = analyze_analyser_start(a)) != CLI_OK)
		return status;
	if (output_open(a, paths, n) == -1)
		status = CLI_USAGE;
	if (status == CLI_OK)
		status = analyse_all(a);
	cli_progress_done();
	analyze_analyser_stop(a, status != CLI_OK);
	status = output_close(a, status);
	if (status == CLI_OK && a->skipped)
		status = CLI_BAD;
	if (status == CLI_USAGE && a->output != NULL && a->ndone > 0)
		cli_error("analyze: %lu games in %s; --resume goes on",
		    a->ndone, a->output);
	return status;
}
