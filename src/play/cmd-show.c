/* SPDX-License-Identifier: MIT */
/*
 * gameplay show: the position of a record after its last action, or after
 * a given turn, as a text diagram with whose turn it is, the score and the
 * last turn, or as an SVG picture (draw.h); --html writes the replay page
 * (page.c).  What a picture says is view.c's.
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "play/show.h"

/* What the options say: which position, and how to draw it. */
struct show_settings {
	struct play_select sel;
	enum draw_charset  cs;
	const char	  *svg;	 /* or NULL */
	const char	  *html; /* or NULL */
	unsigned long	   upto; /* --at */
	bool		   has_at;
	struct play_at	   clock; /* --clock-at */
};

int
play_option_show(void *settings, int c, const char *arg)
{
	struct show_settings *ss = settings;

	switch (c) {
	case 'a': ss->cs = DRAW_ASCII; break;
	case PLAY_OPT_SVG: ss->svg = arg; break;
	case PLAY_OPT_HTML: ss->html = arg; break;
	case PLAY_OPT_CLOCK_AT: return play_at_option(arg, &ss->clock);
	case 't':
		if (!match_count("--at", arg, &ss->upto))
			return -1;
		ss->has_at = true;
		break;
	default: return play_select_option(&ss->sel, c, arg);
	}
	return 0;
}

/* The players' names line, unless both are unknown. */
static void
players_line(FILE *out, const struct record *rec, const struct replay *rp)
{
	char name[RULES_COLOURS][RECORD_SHOWN];
	int  i;

	if (show_player_names(rec, rp, name) == 0)
		return;
	for (i = 0; i < RULES_COLOURS; i++)
		fprintf(out, "%s%s (%s)", i > 0 ? " - " : "", name[i],
		    rp->game->colour[i]);
	fputc('\n', out);
}

/*
 * Whether the user's locale (LC_ALL, LC_CTYPE, LANG) writes UTF-8.  Only
 * the question is asked of it: everything else stays in the C locale,
 * numbers included.
 */
static bool
utf8_locale(void)
{
	bool utf8;

	if (setlocale(LC_CTYPE, "") == NULL)
		return false;
	utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	setlocale(LC_CTYPE, "C");
	return utf8;
}

/*
 * Writes the SVG picture of v to path ("-": standard output, left open
 * in *so for the caller to abort).  Returns the exit status.
 */
static int
write_svg(const char *path, const struct view *v, const struct caption *c,
    struct cli_output *so)
{
	if (cli_output_open(so, strcmp(path, "-") == 0 ? NULL : path, 0) == -1)
		return CLI_USAGE;
	if (draw_svg(so->fp, v->cur->pos, v->upto > 0 ? &v->last : NULL,
		&c->cap, 0) == -1 ||
	    fflush(so->fp) == EOF)
		return cli_output_ok(so->fp, so->name) ? CLI_INTERNAL :
							 CLI_USAGE;
	if (so->fp != stdout && !cli_output_commit(so))
		return CLI_USAGE;
	return CLI_OK;
}

/* The text of v to out: title, players, diagram, state, score, last turn. */
static void
write_text(FILE *out, const struct play_record *pr, const struct view *v,
    const char *state, enum draw_charset cs)
{
	const struct replay *cur = v->cur;
	int		     i;

	fprintf(out, "%s %s\n", cur->game->title, cur->pos->board.name);
	players_line(out, pr->rec, cur);
	draw_text(out, cur->pos, cs);
	fprintf(out, "%s\n", state);
	fprintf(out, "score:");
	for (i = 0; i < RULES_COLOURS; i++)
		fprintf(out, "%s %s %d", i > 0 ? "," : "", cur->game->colour[i],
		    cur->score.points[i]);
	fputc('\n', out);
	if (v->upto > 0)
		fprintf(out, "last turn: %lu, %s: %s%s\n", v->upto,
		    cur->game->colour[v->who], v->tok,
		    v->upto == v->ntok && cur->in_turn ? " (in progress)" : "");
	else
		fprintf(out, "last turn: none\n");
}

/*
 * A timed game's clocks at clock (else now), as status computes them,
 * into c.  Returns the exit status: a moment before the record's last is
 * refused.
 */
static int
clocks(const struct play_record *pr, const struct play_at *clock,
    struct report_clock *c)
{
	int64_t t;
	int	status;

	if ((status = play_at_now(pr, clock, pr->rec->start, &t)) != CLI_OK)
		return status;
	play_clock(pr, t, c);
	return CLI_OK;
}

int
play_exec_show(int argc, char **argv)
{
	struct show_settings ss = { .cs = DRAW_UNICODE };
	struct play_record   pr;
	struct view	     v = { 0 };
	struct cli_output    so = { 0 };
	struct caption	     c;
	struct report_clock  clk = { 0 };
	int		     status;

	if ((status = play_parse(&play_cmd_show, argc, argv, &ss)) != -1)
		return status;
	if (ss.cs == DRAW_UNICODE && !utf8_locale())
		ss.cs = DRAW_ASCII;
	if (ss.html != NULL) {
		if (ss.svg != NULL) {
			cli_error("--html and --svg: pick one");
			return CLI_USAGE;
		}
		if (strcmp(ss.html, "-") != 0 &&
		    (!cli_output_distinct(
			 ss.html, (const char *const *)argv + optind, 1) ||
			!cli_output_apart(ss.html, NULL)))
			return CLI_USAGE;
		return show_page_write(&ss.sel, ss.html, ss.has_at, ss.upto,
		    &ss.clock, argv[optind]);
	}
	if (ss.svg != NULL && strcmp(ss.svg, "-") != 0 &&
	    (!cli_output_distinct(
		 ss.svg, (const char *const *)argv + optind, 1) ||
		!cli_output_apart(ss.svg, NULL)))
		return CLI_USAGE;
	replay_init(&v.at);
	replay_init(&v.prev);
	if ((status = play_open(&pr, argv[optind], &ss.sel)) != CLI_OK ||
	    (pr.rp.timed &&
		(status = clocks(&pr, &ss.clock, &clk)) != CLI_OK) ||
	    (status = show_view_init(
		 &v, &pr, ss.has_at ? ss.upto : pr.rec->nturns)) != CLI_OK)
		goto out_close;
	show_caption_init(&c, &pr, &v);
	if (ss.svg != NULL &&
	    (status = write_svg(ss.svg, &v, &c, &so)) != CLI_OK)
		goto out_close;
	/* so is clean now unless the picture went to standard output. */
	if (so.fp != stdout) {
		write_text(stdout, &pr, &v, c.state, ss.cs);
		/* What stands at the record's end: offers and clocks. */
		if (v.upto == pr.rec->nturns)
			show_standing_write(
			    stdout, &pr, pr.rp.timed ? &clk : NULL);
	}
	status = match_finish(fflush(stdout) == EOF ? -1 : 0);
out_close:
	cli_output_abort(&so);
	show_view_fini(&v);
	play_close(&pr);
	return status;
}
