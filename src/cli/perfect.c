/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --solve N: a replayed record's line under the exact solver
 * (src/solve/line.h) from the first position with at most N empties,
 * and a WTHOR record's stored theoretical score checked against it.
 * What is written in the report is the report's (perfect-play); the
 * notes on stderr are here: a game the solver does not serve, a budget
 * that ran out, a theoretical score that cannot be checked.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/replayed.h"
#include "record/turn.h"
#include "util/util.h"

void
cli_perfect_init(
    struct cli_perfect *cp, int empties, const struct solve_options *opt)
{
	memset(cp, 0, sizeof *cp);
	cp->empties = empties;
	cp->opt = *opt;
	replay_init(&cp->start);
	solve_line_init(&cp->line);
}

void
cli_perfect_fini(struct cli_perfect *cp)
{
	solve_free(cp->sv);
	replay_fini(&cp->start);
	solve_line_fini(&cp->line);
	free(cp->acts);
	free(cp->turn_of);
	free(cp->offs);
	memset(cp, 0, sizeof *cp);
}

/* A note on the record, at its start: "record N: ...". */
static void
note(const char *name, const struct record *rec, const char *msg)
{
	struct diag d;
	char	    prefix[48];

	diag_set_at(&d, DIAG_NONE, rec->start, 0, "%s", msg);
	snprintf(prefix, sizeof prefix, "record %lu: ", rec->index);
	cli_diag(name, &d, prefix);
}

/*
 * The actions of the turns rp played (replay_options.keep_turns) into
 * cp->acts, the turn of each into cp->turn_of; their number, or -1 with
 * d filled.
 */
static long
line_actions(struct cli_perfect *cp, struct record_syntax *syn,
    const struct replay *rp, struct diag *d)
{
	const char *t = rp->kept;
	size_t	    i, k, n = 0, len, bound;
	int	    got;

	for (i = 0; i < rp->nkept; i++, t += len + 1) {
		len = strlen(t);
		bound = record_turn_bound(t, len);
		if (array_grow(&cp->acts, &cp->acts_cap, n + bound,
			sizeof *cp->acts) == -1 ||
		    array_grow(&cp->turn_of, &cp->turn_cap, n + bound,
			sizeof *cp->turn_of) == -1 ||
		    array_grow(&cp->offs, &cp->offs_cap, bound,
			sizeof *cp->offs) == -1)
			return diag_set(d, DIAG_NO_MEMORY, "out of memory");
		if ((got = record_turn_parse(syn, &rp->pos->board, t, len,
			 &cp->acts[n], cp->offs, bound, d)) < 1)
			return -1;
		for (k = 0; k < (size_t)got; k++)
			cp->turn_of[n + k] = i;
		n += (size_t)got;
	}
	return (long)n;
}

/* The black (first colour's) discs of a margin on 64 cells, "36-28". */
static const char *
discs(int margin, char *buf, size_t len)
{
	snprintf(buf, len, "%d-%d", (64 + margin) / 2, (64 - margin) / 2);
	return buf;
}

/*
 * The point of the line where a WTHOR theoretical score stands: the first
 * with at most depth empties, or the end of a game over before; NULL.
 */
static const struct solve_point *
depth_point(const struct solve_line *l, int depth, bool over)
{
	size_t i;

	for (i = 0; i < l->npoints; i++)
		if (l->points[i].empties <= depth)
			return &l->points[i];
	return over && l->npoints > 0 ? &l->points[l->npoints - 1] : NULL;
}

/*
 * A WTHOR record's theoretical score (Black's discs under perfect play
 * from its header's depth of empties, formats/wthor.md) against the
 * line: wthor-theoretical-mismatch when they differ, a note when it
 * cannot be checked.
 */
static void
check_theoretical(const struct cli_perfect *cp, const char *name,
    const struct record *rec, struct replay *rp)
{
	const struct solve_line	 *l = &cp->line;
	const struct solve_point *p = NULL;
	int			  depth = (int)rec->wthor.depth;
	int			  stored = 2 * rec->wthor.theoretical - 64;
	char			  msg[160], a[48], b[24];
	struct diag		  d;

	if (depth > cp->empties) {
		snprintf(msg, sizeof msg,
		    "the theoretical score is not checked: it stands at %d "
		    "empties, more than --solve %d",
		    depth, cp->empties);
		note(name, rec, msg);
		return;
	}
	if (l->reached && l->status == SOLVE_EXACT)
		p = depth_point(l, depth, rp->score.over);
	if (p == NULL) {
		if (l->status == SOLVE_EXACT || !l->reached)
			note(name, rec,
			    "the theoretical score is not checked: the "
			    "game stops before its position");
		return;
	}
	if (p->margin == stored)
		return;
	/* A byte over the board's 64 cells is no count of Black's discs. */
	if (rec->wthor.theoretical > 64)
		snprintf(a, sizeof a, "%d, more than the board's 64 cells",
		    rec->wthor.theoretical);
	else
		discs(stored, a, sizeof a);
	diag_set_at(&d, DIAG_WTHOR_THEORETICAL_MISMATCH,
	    (struct diag_pos){ rec->wthor.score_at.line,
		rec->wthor.score_at.col + 1, rec->wthor.score_at.offset + 1 },
	    1,
	    "the theoretical score is %s (Black's discs at %d empties), "
	    "perfect play gives %s",
	    a, depth, discs(p->margin, b, sizeof b));
	if (rp->has_error) {
		cli_diag(name, &d, NULL);
		return;
	}
	rp->has_error = true;
	rp->error = d;
	rp->error_turn = 0;
}

/* Says why a record has no exact line. */
static void
say_unknown(
    const struct cli_perfect *cp, const char *name, const struct record *rec)
{
	const char *why = cp->line.why;
	char	    msg[200], budget[80];

	/* No budget would do: the game has no exact value there. */
	if (why != NULL &&
	    (strcmp(why, "dice") == 0 || strcmp(why, "repetition") == 0)) {
		snprintf(msg, sizeof msg,
		    "the solve from %d empties has no exact value to give: %s "
		    "(formats/solve.md)",
		    cp->line.empties,
		    why[0] == 'd' ?
			"its line reaches a roll of the dice" :
			"its line can come back to a turn's start for ever");
		note(name, rec, msg);
		return;
	}
	/* The budget given, not what was spent: the same on every run. */
	if (cp->opt.max_nodes > 0 && cp->line.nodes >= cp->opt.max_nodes)
		snprintf(budget, sizeof budget, "--solve-nodes %llu",
		    (unsigned long long)cp->opt.max_nodes);
	else
		snprintf(budget, sizeof budget, "--solve-seconds %g",
		    cp->opt.max_seconds);
	snprintf(msg, sizeof msg,
	    "the solve from %d empties ran out of its budget (%s): value "
	    "unknown",
	    cp->line.empties, budget);
	note(name, rec, msg);
}

int
cli_perfect_record(struct cli_perfect *cp, struct record_syntax *syn,
    const char *name, const struct record *rec, struct replay *rp,
    const struct replay_options *ro)
{
	struct replay_options at_start = *ro;
	struct diag	      d;
	long		      n;

	if (rp->status == REPLAY_MALFORMED || rp->pos == NULL)
		return 0;
	if (cp->sv == NULL && (cp->sv = solve_new(0)) == NULL)
		return -1;
	/* A node budget gives the same verdict whatever came before. */
	if (cp->opt.max_nodes > 0)
		solve_clear(cp->sv);
	at_start.limit = true;
	at_start.upto = 0;
	at_start.keep_turns = false;
	replay_record(syn, rec, &at_start, &cp->start);
	if (cp->start.status == REPLAY_MALFORMED ||
	    (n = line_actions(cp, syn, rp, &d)) == -1 ||
	    solve_line(cp->sv, cp->start.pos, cp->acts, cp->turn_of, (size_t)n,
		cp->empties, &cp->opt, &cp->line, &d) == -1) {
		if (cp->start.status != REPLAY_MALFORMED &&
		    d.code == DIAG_NO_MEMORY)
			return -1;
		/* The replay played these turns: this is no record's fault. */
		cli_error("%s: record %lu: cannot replay it for the solver",
		    name, rec->index);
		return -1;
	}
	if (cp->line.reached && cp->line.status != SOLVE_EXACT)
		say_unknown(cp, name, rec);
	if (rec->format == RECORD_WTHOR)
		check_theoretical(cp, name, rec, rp);
	return 1;
}
