/* SPDX-License-Identifier: MIT */
/*
 * What the replay page (page.c) says of a game beside its boards: the
 * offers standing and a timed game's clocks at the moment the page was
 * written (--clock-at, else then: the page never reads the time it is
 * opened at), as gameplay status computes them; and each turn's comments
 * as the record gives them, without their embedded commands.
 */
#include <stdio.h>
#include <string.h>

#include "play/show.h"
#include "util/util.h"

/* "Ada (black)", or "black" where the name is unknown. */
static void
who(FILE *out, const char *name, const char *colour)
{
	if (strcmp(name, "?") != 0) {
		xml_escape(out, name);
		fprintf(out, " (%s)", colour);
	} else
		fprintf(out, "%s", colour);
}

/* The offers standing, by whom (names by the colour played now). */
static void
offers(FILE *out, const struct replay *rp,
    const char name[RULES_COLOURS][RECORD_SHOWN])
{
	if (rp->draw_offer != -1) {
		fprintf(out, "<dt>offer</dt><dd class=\"offer\">a draw, by ");
		who(out, name[rp->draw_offer],
		    rp->game->colour[rp->draw_offer]);
		fprintf(out, "</dd>\n");
	}
	if (rp->undo_offer != -1) {
		fprintf(out,
		    "<dt>offer</dt><dd class=\"offer\">to take back %lu "
		    "turn%s, by ",
		    rp->undo_turns, rp->undo_turns == 1 ? "" : "s");
		who(out, name[rp->undo_offer],
		    rp->game->colour[rp->undo_offer]);
		fprintf(out, "</dd>\n");
	}
}

/*
 * The clocks of c, players by the colour they started with (start[i]
 * their names): when, who waits since when, each one's time, the
 * deadline of the one to move.
 */
static void
clocks(FILE *out, const struct replay *rp, const struct report_clock *c,
    const char start[RULES_COLOURS][RECORD_SHOWN])
{
	char when[CORR_TIME_LEN];
	int  i;

	fprintf(out, "<dt>clocks</dt><dd class=\"clocks\">at %s",
	    corr_time_format(c->at, when));
	if (c->has_control) {
		fprintf(out, " (");
		xml_escape(out, c->control);
		fprintf(out, ")");
	}
	if (c->running) {
		fprintf(out, ": ");
		who(out, start[c->to_move], rp->game->colour[c->to_move]);
		fprintf(
		    out, " to move since %s", corr_time_format(c->since, when));
	} else
		fprintf(out, ": stopped");
	fprintf(out, "</dd>\n");
	if (!c->has_control)
		return;
	for (i = 0; i < RULES_COLOURS; i++) {
		fprintf(out,
		    "<dt>%s</dt><dd class=\"clock\" data-colour=\"%s\">",
		    rp->game->colour[i], rp->game->colour[i]);
		fprintf(out, "used ");
		show_duration(out, c->s.used[i]);
		fprintf(out, ", left ");
		show_duration(out, c->s.left[i]);
		fprintf(out, "%s</dd>\n", c->s.on_leave[i] ? ", on leave" : "");
	}
	if (c->running) {
		fprintf(out, "<dt>deadline</dt><dd class=\"deadline\">%s for ",
		    corr_time_format(c->s.deadline, when));
		who(out, start[c->to_move], rp->game->colour[c->to_move]);
		fprintf(out, "%s</dd>\n",
		    c->s.overdue ? ", overdue: a claim would succeed" : "");
	}
}

void
show_page_standing(
    FILE *out, const struct play_record *pr, const struct report_clock *c)
{
	const struct replay *rp = &pr->rp;
	char		     name[RULES_COLOURS][RECORD_SHOWN];
	char		     start[RULES_COLOURS][RECORD_SHOWN];
	int		     i;

	show_player_names(pr->rec, rp, name);
	/* After a swap each player has the other colour. */
	for (i = 0; i < RULES_COLOURS; i++)
		memcpy(start[i], name[rules_swapped(rp->pos) ? 1 - i : i],
		    RECORD_SHOWN);
	offers(out, rp, name);
	if (c != NULL)
		clocks(out, rp, c, start);
}

/* Whether text[i] starts an embedded command, "[%". */
static bool
command_at(const char *text, size_t i, size_t to)
{
	return text[i] == '[' && i + 1 < to && text[i + 1] == '%';
}

static bool
blank_at(const char *text, size_t i)
{
	return strchr(" \t\r\n", text[i]) != NULL && text[i] != '\0';
}

/*
 * The text of the comment text[from, to) without its embedded commands
 * ([%at ...] and the like: the page says what they mean elsewhere), its
 * blanks squeezed, to out, after a comment already written if any (its
 * words escaped whole, so that UTF-8 stays whole).  Returns whether it
 * wrote anything.
 */
static bool
comment(FILE *out, const char *text, size_t from, size_t to, bool any)
{
	const char *close;
	size_t	    i = from, j;
	bool	    wrote = false;

	while (i < to) {
		if (command_at(text, i, to) &&
		    (close = memchr(text + i, ']', to - i)) != NULL) {
			i = (size_t)(close - text) + 1;
			continue;
		}
		if (blank_at(text, i)) {
			i++;
			continue;
		}
		for (j = i + 1;
		     j < to && !blank_at(text, j) && !command_at(text, j, to);
		     j++)
			;
		if (!wrote && !any)
			fprintf(out, "<div class=\"comment\">");
		else
			fputc(' ', out);
		wrote = true;
		xml_escape_n(out, text + i, j - i);
		i = j;
	}
	return wrote;
}

void
show_page_comments(FILE *out, const struct play_record *pr, size_t t)
{
	const struct record *rec = pr->rec;
	size_t		     from, to, i;
	const char	    *close;
	bool		     any = false;

	/* Only the notation keeps its comments between its tokens. */
	if (rec->format != RECORD_PGN || t == 0 || t > rec->nturns)
		return;
	from = (size_t)rec->turns[t - 1].at.offset + rec->turns[t - 1].len;
	/* The last turn's: to the result, else the record's end. */
	to = t < rec->nturns ? (size_t)rec->turns[t].at.offset :
	    rec->has_result  ? (size_t)rec->result.at.offset :
	    pr->end > from   ? pr->end :
			       pr->len;
	if (to > pr->len || from > to)
		return;
	for (i = from; i < to; i++) {
		if (pr->text[i] == ';') {
			/* A line comment: to the end of its line. */
			close = memchr(pr->text + i, '\n', to - i);
			if (comment(out, pr->text, i + 1,
				close != NULL ? (size_t)(close - pr->text) : to,
				any))
				any = true;
			i = close != NULL ? (size_t)(close - pr->text) : to;
			continue;
		}
		if (pr->text[i] != '{')
			continue;
		if ((close = memchr(pr->text + i, '}', to - i)) == NULL)
			break;
		if (comment(
			out, pr->text, i + 1, (size_t)(close - pr->text), any))
			any = true;
		i = (size_t)(close - pr->text);
	}
	if (any)
		fprintf(out, "</div>");
}
