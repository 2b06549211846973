/* SPDX-License-Identifier: MIT */
/*
 * What gameplay show says under the position of a record's end
 * (gameplay(1), show): the offers standing, a draw's and a takeback's
 * (formats/record.md), and in a timed game where the clocks stand, as
 * status computes them (play_clock), in days and hours for a reader.
 */
#include <inttypes.h>
#include <stdio.h>

#include "play/show.h"

/* A duration of s seconds as "2d 14:00:00" ("-0d 01:00:00" below 0). */
void
show_duration(FILE *out, int64_t s)
{
	uint64_t a = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;

	fprintf(out, "%s%" PRIu64 "d %02" PRIu64 ":%02" PRIu64 ":%02" PRIu64,
	    s < 0 ? "-" : "", a / 86400, a / 3600 % 24, a / 60 % 60, a % 60);
}

/* The clocks of c, a timed game's at c->at, to out. */
static void
clock_lines(FILE *out, const struct replay *rp, const struct report_clock *c)
{
	char when[CORR_TIME_LEN];
	int  i;

	fprintf(out, "clocks at %s", corr_time_format(c->at, when));
	if (c->has_control)
		fprintf(out, " (%s)", c->control);
	if (c->running)
		fprintf(out, ": %s to move since %s",
		    rp->game->colour[c->to_move],
		    corr_time_format(c->since, when));
	else
		fprintf(out, ": stopped");
	fputc('\n', out);
	if (!c->has_control)
		return;
	for (i = 0; i < 2; i++) {
		fprintf(out, "%s: used ", rp->game->colour[i]);
		show_duration(out, c->s.used[i]);
		fprintf(out, ", left ");
		show_duration(out, c->s.left[i]);
		fprintf(out, "%s\n", c->s.on_leave[i] ? ", on leave" : "");
	}
	if (c->running)
		fprintf(out, "deadline: %s for %s%s\n",
		    corr_time_format(c->s.deadline, when),
		    rp->game->colour[c->to_move],
		    c->s.overdue ? ", overdue: a claim would succeed" : "");
}

void
show_standing_write(
    FILE *out, const struct play_record *pr, const struct report_clock *c)
{
	const struct replay *rp = &pr->rp;

	if (rp->draw_offer != -1)
		fprintf(out, "offer: a draw, by %s\n",
		    rp->game->colour[rp->draw_offer]);
	if (rp->undo_offer != -1)
		fprintf(out, "offer: to take back %lu turn%s, by %s\n",
		    rp->undo_turns, rp->undo_turns == 1 ? "" : "s",
		    rp->game->colour[rp->undo_offer]);
	if (c != NULL)
		clock_lines(out, rp, c);
}
