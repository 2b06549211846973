/* SPDX-License-Identifier: MIT */
/*
 * gameplay show: the position of a record after its last action, or after
 * a given turn, as a text diagram with whose turn it is, the score and the
 * last turn, and as an SVG picture (draw.h).
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "play/play.h"

static int	exec_show(int, char **);

enum { OPT_SVG = PLAY_OPT_OWN };

static const struct option longopts[] = {
	{ "ascii", no_argument, NULL, 'a' },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "at", required_argument, NULL, 't' },
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

static int	option(void *, int, const char *);

const struct play_cmd play_cmd_show = {
	.name = "show",
	.args = { ":ag:r:t:hV", longopts, 1, 1, "name one record" },
	.usage = "[-a] [-g game] [-r n] [--svg file] [-t turn] record",
	.summary = "show the position: a text diagram, an SVG picture",
	.help = "Show the position of RECORD after its last action: a board\n"
	    "diagram, whose turn it is, the score so far and the last turn.\n"
	    "\n"
	    "  -a, --ascii      draw with ASCII characters only\n"
	    "      --svg=FILE   also write an SVG picture to FILE (- for\n"
	    "                   standard output, instead of the text)\n"
	    "  -t, --at=TURN    the position after turn TURN (0: the start)\n",
	.width = 17,
	.select = true,
	.option = option,
	.exec = exec_show,
};

/* What the options say: which position, and how to draw it. */
struct show_settings {
	struct play_select sel;
	enum draw_charset cs;
	const char	*svg;		/* or NULL */
	unsigned long	 upto;		/* --at */
	bool		 has_at;
};

static int
option(void *settings, int c, const char *arg)
{
	struct show_settings *ss = settings;

	switch (c) {
	case 'a': ss->cs = DRAW_ASCII; break;
	case OPT_SVG: ss->svg = arg; break;
	case 't':
		if (!play_count("--at", arg, &ss->upto))
			return -1;
		ss->has_at = true;
		break;
	default:
		return play_select_option(&ss->sel, c, arg);
	}
	return 0;
}

/*
 * The players' names by colour from the tags, made printable, into
 * name[i] ("?" where there is no tag).  Returns how many are known (not
 * "?" or empty).
 */
static int
player_names(const struct record *rec, const struct replay *rp,
    char name[RULES_COLOURS][RECORD_SHOWN])
{
	const struct record_tag *t[RULES_COLOURS];
	int	 i, k, known = 0;

	for (i = 0; i < RULES_COLOURS; i++) {
		const char *c = rp->game->colour[i];

		t[i] = record_tag_find(rec, strcmp(c, "white") == 0 ? "White" :
		    strcmp(c, "black") == 0 ? "Black" : i == 0 ? "Black" :
		    "White");
		known += t[i] != NULL && strcmp(t[i]->value, "?") != 0 &&
		    t[i]->value[0] != '\0';
	}
	for (i = 0; i < RULES_COLOURS; i++) {
		/* After a swap each player has the other colour. */
		k = rules_swapped(rp->pos) ? 1 - i : i;
		/* A name is the record's text, not the terminal's commands. */
		if (t[k] != NULL)
			record_printable(t[k]->value, t[k]->value_len, name[i],
			    RECORD_SHOWN);
		else
			strcpy(name[i], "?");
	}
	return known;
}

/* The players' names line, unless both are unknown. */
static void
players_line(FILE *out, const struct record *rec, const struct replay *rp)
{
	char	 name[RULES_COLOURS][RECORD_SHOWN];
	int	 i;

	if (player_names(rec, rp, name) == 0)
		return;
	for (i = 0; i < RULES_COLOURS; i++)
		fprintf(out, "%s%s (%s)", i > 0 ? " - " : "", name[i],
		    rp->game->colour[i]);
	fputc('\n', out);
}

/*
 * "turn 5: black to move", "game over after 60 turns: black wins 40-24"
 * or "decided by forfeit after 5 turns: white wins (black crashed)".
 */
static void
state_text(const struct record *rec, const struct replay *rp, char *buf,
    size_t cap)
{
	const struct rules_score *s = &rp->score;
	const struct rules_game *g = rp->game;
	char	 how[RECORD_SHOWN + 32];

	if (rp->forfeit) {
		play_forfeit_text(rec, rp, how, sizeof how);
		snprintf(buf, cap, "decided by forfeit after %lu turns: %s",
		    rp->turns, how);
	} else if (s->over)
		snprintf(buf, cap, "game over after %lu turns: %s%s %d-%d",
		    rp->turns, s->winner == -1 ? "a draw" :
		    g->colour[s->winner], s->winner == -1 ? "," : " wins",
		    s->points[0], s->points[1]);
	else
		snprintf(buf, cap, "turn %d: %s to move%s", rules_turn(rp->pos),
		    g->colour[rules_to_move(rp->pos)], rp->in_turn ?
		    ", turn in progress" : "");
}

/*
 * Whether the user's locale (LC_ALL, LC_CTYPE, LANG) writes UTF-8.  Only
 * the question is asked of it: everything else stays in the C locale,
 * numbers included.
 */
static bool
utf8_locale(void)
{
	bool	 utf8;

	if (setlocale(LC_CTYPE, "") == NULL)
		return false;
	utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	setlocale(LC_CTYPE, "C");
	return utf8;
}

/*
 * The position shown and the turn that led to it: the replay after turn
 * upto (cur: the record's own replay, or at), and for upto > 0 the
 * position before that turn (prev), its actions and its text (tok, owned).
 */
struct view {
	unsigned long	 upto, ntok;
	const struct replay *cur;
	struct replay	 at, prev;
	struct rules_action acts[64];
	struct draw_last last;
	char		*tok;
	int		 who;		/* the colour that played it */
};

/*
 * Sets up v (its replays initialised by the caller) for pr's record after
 * turn upto.  Returns CLI_OK, or the exit status after saying why.
 */
static int
view_init(struct view *v, const struct play_record *pr, unsigned long upto)
{
	struct diag d;
	size_t	 offs[64];
	int	 n;

	v->ntok = pr->rec->nturns;
	v->upto = upto;
	if (v->upto > v->ntok) {
		cli_error("%s: --at %lu: the record has %lu turns", pr->name,
		    v->upto, v->ntok);
		return CLI_USAGE;
	}
	v->cur = &pr->rp;
	if (v->upto < v->ntok) {
		if (play_replay_upto(pr, v->upto, &v->at) == -1)
			goto out_oom;
		v->cur = &v->at;
	}
	if (v->upto == 0)
		return CLI_OK;
	/* The last turn: the position before it and its actions. */
	if (play_replay_upto(pr, v->upto - 1, &v->prev) == -1 ||
	    (v->tok = play_token(pr, v->upto - 1)) == NULL)
		goto out_oom;
	n = record_turn_parse(pr->syn, &v->prev.pos->board, v->tok,
	    strlen(v->tok), v->acts, offs, 64, &d);
	v->last = (struct draw_last){ v->prev.pos, v->acts, n > 0 ?
	    (size_t)n : 0 };
	v->who = rules_to_move(v->prev.pos);
	return CLI_OK;

out_oom:
	cli_error("out of memory");
	return CLI_INTERNAL;
}

/* What a picture of a view says around its board, and its buffers. */
struct caption {
	struct draw_caption cap;
	char		 name[RULES_COLOURS][RECORD_SHOWN];
	char		 title[RECORD_SHOWN + 64];
	char		 state[160];
	char		 last[256];
};

/* The tag's value made printable into buf, or false if absent or "?". */
static bool
tag_text(const struct record *rec, const char *tag, char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(rec, tag);

	if (t == NULL || t->value[0] == '\0' || strcmp(t->value, "?") == 0)
		return false;
	record_printable(t->value, t->value_len, buf, cap);
	return true;
}

/*
 * Fills c for v of pr's record: "Reversi 8x8, Event", the players, the
 * scores, the state, the last turn.
 */
static void
caption_init(struct caption *c, const struct play_record *pr,
    const struct view *v)
{
	const struct replay *cur = v->cur;
	char	 event[RECORD_SHOWN];
	int	 i;

	memset(c, 0, sizeof *c);
	player_names(pr->rec, cur, c->name);
	snprintf(c->title, sizeof c->title, "%s %s", cur->game->title,
	    cur->pos->board.name);
	if (tag_text(pr->rec, "Event", event, sizeof event))
		snprintf(c->title + strlen(c->title), sizeof c->title -
		    strlen(c->title), ", %s", event);
	state_text(pr->rec, cur, c->state, sizeof c->state);
	c->cap.title = c->title;
	c->cap.state = c->state;
	for (i = 0; i < RULES_COLOURS; i++) {
		c->cap.player[i] = c->name[i];
		c->cap.score[i] = cur->score.points[i];
	}
	c->cap.to_move = cur->score.over || cur->forfeit ? -1 :
	    rules_to_move(cur->pos);
	if (v->upto > 0) {
		snprintf(c->last, sizeof c->last, "last turn %lu, %s: %s%s",
		    v->upto, cur->game->colour[v->who], v->tok,
		    v->upto == v->ntok && cur->in_turn ? " (in progress)" : "");
		c->cap.last = c->last;
	}
}

/*
 * Writes the SVG picture of v to path ("-": standard output, left open
 * in *so for the caller to abort).  Returns the exit status.
 */
static int
write_svg(const char *path, const struct view *v, const struct caption *c,
    struct cli_output *so)
{
	if (cli_output_open(so, strcmp(path, "-") == 0 ? NULL : path,
	    0) == -1)
		return CLI_USAGE;
	if (draw_svg(so->fp, v->cur->pos, v->upto > 0 ? &v->last : NULL,
	    &c->cap, 0) == -1 || fflush(so->fp) == EOF)
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
	int	 i;

	fprintf(out, "%s %s\n", cur->game->title, cur->pos->board.name);
	players_line(out, pr->rec, cur);
	draw_text(out, cur->pos, cs);
	fprintf(out, "%s\n", state);
	fprintf(out, "score:");
	for (i = 0; i < RULES_COLOURS; i++)
		fprintf(out, "%s %s %d", i > 0 ? "," : "",
		    cur->game->colour[i], cur->score.points[i]);
	fputc('\n', out);
	if (v->upto > 0)
		fprintf(out, "last turn: %lu, %s: %s%s\n", v->upto,
		    cur->game->colour[v->who], v->tok, v->upto == v->ntok &&
		    cur->in_turn ? " (in progress)" : "");
	else
		fprintf(out, "last turn: none\n");
}

static int
exec_show(int argc, char **argv)
{
	struct show_settings ss = { .cs = DRAW_UNICODE };
	struct play_record pr;
	struct view v = { 0 };
	struct cli_output so = { 0 };
	struct caption c;
	int	 status;

	if ((status = play_parse(&play_cmd_show, argc, argv, &ss)) != -1)
		return status;
	if (ss.cs == DRAW_UNICODE && !utf8_locale())
		ss.cs = DRAW_ASCII;
	if (ss.svg != NULL && strcmp(ss.svg, "-") != 0 &&
	    (!cli_output_distinct(ss.svg, (const char *const *)argv + optind,
	    1) || !cli_output_apart(ss.svg, NULL)))
		return CLI_USAGE;
	replay_init(&v.at);
	replay_init(&v.prev);
	if ((status = play_open(&pr, argv[optind], &ss.sel)) != CLI_OK ||
	    (status = view_init(&v, &pr, ss.has_at ? ss.upto :
	    pr.rec->nturns)) != CLI_OK)
		goto out_close;
	caption_init(&c, &pr, &v);
	if (ss.svg != NULL &&
	    (status = write_svg(ss.svg, &v, &c, &so)) != CLI_OK)
		goto out_close;
	/* so is clean now unless the picture went to standard output. */
	if (so.fp != stdout)
		write_text(stdout, &pr, &v, c.state, ss.cs);
	status = play_finish(fflush(stdout) == EOF ? -1 : 0);
out_close:
	cli_output_abort(&so);
	free(v.tok);
	replay_fini(&v.at);
	replay_fini(&v.prev);
	play_close(&pr);
	return status;
}
