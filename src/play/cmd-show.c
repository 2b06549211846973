/* SPDX-License-Identifier: MIT */
/*
 * gameplay show: the position of a record after its last action, or after
 * a given turn, as a text diagram with whose turn it is, the score and the
 * last turn, as an SVG picture (draw.h), and as a replay page: one
 * self-contained HTML file with the picture of every turn, the move list,
 * the buttons and keys to step through them, and the referee's facts.
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "play/play.h"
#include "util/util.h"

static int exec_show(int, char **);

enum {
	OPT_SVG = PLAY_OPT_OWN,
	OPT_HTML
};

static const struct option longopts[] = {
	{ "ascii", no_argument, NULL, 'a' },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "at", required_argument, NULL, 't' },
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

static int option(void *, int, const char *);

const struct play_cmd play_cmd_show = {
	.name = "show",
	.args = { ":ag:r:t:hV", longopts, 1, 1, "name one record" },
	.usage = "[-a] [-g game] [-r n] [--html file] [--svg file]\n"
		 "       [-t turn] record",
	.summary = "show the position: a text diagram, an SVG picture, a "
		   "replay page",
	.help =
	    "Show the position of RECORD after its last action: a board\n"
	    "diagram, whose turn it is, the score so far and the last turn.\n"
	    "\n"
	    "  -a, --ascii      draw with ASCII characters only\n"
	    "      --html=FILE  write a replay page of the whole game to FILE\n"
	    "                   (every record of the file without -r)\n"
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
	enum draw_charset  cs;
	const char	  *svg;	 /* or NULL */
	const char	  *html; /* or NULL */
	unsigned long	   upto; /* --at */
	bool		   has_at;
};

static int
option(void *settings, int c, const char *arg)
{
	struct show_settings *ss = settings;

	switch (c) {
	case 'a': ss->cs = DRAW_ASCII; break;
	case OPT_SVG: ss->svg = arg; break;
	case OPT_HTML: ss->html = arg; break;
	case 't':
		if (!play_count("--at", arg, &ss->upto))
			return -1;
		ss->has_at = true;
		break;
	default: return play_select_option(&ss->sel, c, arg);
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
	int			 i, k, known = 0;

	for (i = 0; i < RULES_COLOURS; i++) {
		const char *c = rp->game->colour[i];

		t[i] = record_tag_find(rec,
		    strcmp(c, "white") == 0	? "White" :
			strcmp(c, "black") == 0 ? "Black" :
			i == 0			? "Black" :
						  "White");
		known += t[i] != NULL && strcmp(t[i]->value, "?") != 0 &&
		    t[i]->value[0] != '\0';
	}
	for (i = 0; i < RULES_COLOURS; i++) {
		/* After a swap each player has the other colour. */
		k = rules_swapped(rp->pos) ? 1 - i : i;
		/* A name is the record's text, not the terminal's commands. */
		if (t[k] != NULL)
			util_printable(t[k]->value, t[k]->value_len, name[i],
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
	char name[RULES_COLOURS][RECORD_SHOWN];
	int  i;

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
state_text(
    const struct record *rec, const struct replay *rp, char *buf, size_t cap)
{
	const struct rules_score *s = &rp->score;
	const struct rules_game	 *g = rp->game;
	char			  how[RECORD_SHOWN + 32];

	if (rp->forfeit) {
		play_forfeit_text(rec, rp, how, sizeof how);
		snprintf(buf, cap, "decided by forfeit after %lu turns: %s",
		    rp->turns, how);
	} else if (s->over)
		snprintf(buf, cap, "game over after %lu turns: %s%s %d-%d",
		    rp->turns,
		    s->winner == -1 ? "a draw" : g->colour[s->winner],
		    s->winner == -1 ? "," : " wins", s->points[0],
		    s->points[1]);
	else
		snprintf(buf, cap, "turn %d: %s to move%s", rules_turn(rp->pos),
		    g->colour[rules_to_move(rp->pos)],
		    rp->in_turn ? ", turn in progress" : "");
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
 * The position shown and the turn that led to it: the replay after turn
 * upto (cur: the record's own replay, or at), and for upto > 0 the
 * position before that turn (prev), its actions and its text (tok, owned).
 */
struct view {
	unsigned long	     upto, ntok;
	const struct replay *cur;
	struct replay	     at, prev;
	struct rules_action  acts[64];
	struct draw_last     last;
	char		    *tok;
	int		     who; /* the colour that played it */
};

/*
 * Sets up v (its replays initialised by the caller) for pr's record after
 * turn upto.  Returns CLI_OK, or the exit status after saying why.
 */
static int
view_init(struct view *v, const struct play_record *pr, unsigned long upto)
{
	struct diag d;
	size_t	    offs[64];
	int	    n;

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
	v->last = (struct draw_last){ v->prev.pos, v->acts,
		n > 0 ? (size_t)n : 0 };
	v->who = rules_to_move(v->prev.pos);
	return CLI_OK;

out_oom:
	cli_error("out of memory");
	return CLI_INTERNAL;
}

/* What a picture of a view says around its board, and its buffers. */
struct caption {
	struct draw_caption cap;
	char		    name[RULES_COLOURS][RECORD_SHOWN];
	char		    title[RECORD_SHOWN + 64];
	char		    state[160];
	char		    last[256];
};

/* The tag's value made printable into buf, or false if absent or "?". */
static bool
tag_text(const struct record *rec, const char *tag, char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(rec, tag);

	if (t == NULL || t->value[0] == '\0' || strcmp(t->value, "?") == 0)
		return false;
	util_printable(t->value, t->value_len, buf, cap);
	return true;
}

/*
 * Fills c for v of pr's record: "Reversi 8x8, Event", the players, the
 * scores, the state, the last turn.
 */
static void
caption_init(
    struct caption *c, const struct play_record *pr, const struct view *v)
{
	const struct replay *cur = v->cur;
	char		     event[RECORD_SHOWN];
	int		     i;

	memset(c, 0, sizeof *c);
	player_names(pr->rec, cur, c->name);
	snprintf(c->title, sizeof c->title, "%s %s", cur->game->title,
	    cur->pos->board.name);
	if (tag_text(pr->rec, "Event", event, sizeof event))
		snprintf(c->title + strlen(c->title),
		    sizeof c->title - strlen(c->title), ", %s", event);
	state_text(pr->rec, cur, c->state, sizeof c->state);
	c->cap.title = c->title;
	c->cap.state = c->state;
	for (i = 0; i < RULES_COLOURS; i++) {
		c->cap.player[i] = c->name[i];
		c->cap.score[i] = cur->score.points[i];
	}
	c->cap.to_move = cur->score.over || cur->forfeit ?
	    -1 :
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

/* ---- The replay page -------------------------------------------- */

/*
 * The page's style and script, the same for every page: no network, no
 * file beside it.  The script shows one turn's board at a time and says
 * which in the body's data-record, data-turn and data-position (the
 * stones shown, "cell:colour" sorted, "+" when pinned) attributes, and
 * collects any script error in data-errors, for tests/browser.sh.
 */
static const char html_style[] =
    ":root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fafafa; "
    "--line: #bbb; --hi: #ffe08a; --bad: #b71c1c; }\n"
    "@media (prefers-color-scheme: dark) { :root { --fg: #e8e8e8; "
    "--bg: #1e1f22; --line: #555; --hi: #5c4a00; --bad: #ff8a80; } }\n"
    "body { font: 15px/1.4 sans-serif; color: var(--fg); "
    "background: var(--bg); margin: 1em; }\n"
    "h1 { font-size: 1.3em; margin: 0 0 .5em; }\n"
    ".view { display: flex; flex-wrap: wrap; gap: 1em; "
    "align-items: flex-start; }\n"
    ".nav { margin: .5em 0; }\n"
    ".nav button { font: inherit; margin-right: .3em; }\n"
    ".moves { max-height: 32em; overflow: auto; margin: 0; "
    "padding-left: 3em; border: 1px solid var(--line); min-width: 12em; }\n"
    ".moves li { cursor: pointer; padding: 0 .3em; }\n"
    ".moves li.current { background: var(--hi); }\n"
    ".moves li.illegal, .diag { color: var(--bad); }\n"
    ".moves li.unplayed { cursor: default; opacity: .6; }\n"
    ".facts dt { font-weight: bold; float: left; clear: left; "
    "width: 8em; }\n"
    ".facts dd { margin-left: 8.5em; }\n";

static const char html_script[] =
    "\"use strict\";\n"
    "(function () {\n"
    "var body = document.body, errors = [];\n"
    "function fail(m) {\n"
    "\terrors.push(m);\n"
    "\tbody.setAttribute(\"data-errors\", errors.join(\"\\n\"));\n"
    "}\n"
    "window.addEventListener(\"error\", function (e) {\n"
    "\tfail(String(e.message));\n"
    "});\n"
    "var sections = document.querySelectorAll(\"section.record\");\n"
    "var cur = sections[0], turn = 0;\n"
    "function position(b) {\n"
    "\tvar a = [];\n"
    "\tb.querySelectorAll(\"[data-cell]\").forEach(function (c) {\n"
    "\t\ta.push(c.getAttribute(\"data-cell\") + \":\" +\n"
    "\t\t    (c.classList.contains(\"white\") ? \"white\" : \"black\") +\n"
    "\t\t    (c.hasAttribute(\"data-pinned\") ? \"+\" : \"\"));\n"
    "\t});\n"
    "\treturn a.sort().join(\" \");\n"
    "}\n"
    "function go(s, t) {\n"
    "\tvar bs = s.querySelectorAll(\"div.turn\"), last = bs.length - 1;\n"
    "\tt = Math.max(0, Math.min(last, t));\n"
    "\tsections.forEach(function (x) { x.hidden = x !== s; });\n"
    "\tbs.forEach(function (b, i) { b.hidden = i !== t; });\n"
    "\ts.querySelectorAll(\".moves li\").forEach(function (li) {\n"
    "\t\tvar on = Number(li.getAttribute(\"data-turn\")) === t;\n"
    "\t\tli.classList.toggle(\"current\", on);\n"
    "\t\tif (on)\n"
    "\t\t\tli.scrollIntoView({ block: \"nearest\" });\n"
    "\t});\n"
    "\ts.querySelector(\".at\").textContent = \"turn \" + t + \" of \" +\n"
    "\t    last;\n"
    "\tcur = s;\n"
    "\tturn = t;\n"
    "\tbody.setAttribute(\"data-record\", s.getAttribute(\"data-record\"));\n"
    "\tbody.setAttribute(\"data-turn\", String(t));\n"
    "\tbody.setAttribute(\"data-position\", position(bs[t]));\n"
    "}\n"
    "var steps = { first: function () { return 0; },\n"
    "    previous: function () { return turn - 1; },\n"
    "    next: function () { return turn + 1; },\n"
    "    last: function () { return 1e9; } };\n"
    "sections.forEach(function (s) {\n"
    "\ts.querySelectorAll(\"button[data-go]\").forEach(function (b) {\n"
    "\t\tb.addEventListener(\"click\", function () {\n"
    "\t\t\tgo(s, steps[b.getAttribute(\"data-go\")]());\n"
    "\t\t});\n"
    "\t});\n"
    "\ts.querySelectorAll(\".moves li[data-turn]\").forEach(function (li) {\n"
    "\t\tli.addEventListener(\"click\", function () {\n"
    "\t\t\tgo(s, Number(li.getAttribute(\"data-turn\")));\n"
    "\t\t});\n"
    "\t});\n"
    "});\n"
    "var keys = { ArrowLeft: \"previous\", ArrowRight: \"next\",\n"
    "    Home: \"first\", End: \"last\" };\n"
    "document.addEventListener(\"keydown\", function (e) {\n"
    "\tif (e.target.tagName === \"SELECT\" || !(e.key in keys))\n"
    "\t\treturn;\n"
    "\te.preventDefault();\n"
    "\tgo(cur, steps[keys[e.key]]());\n"
    "});\n"
    "var chooser = document.getElementById(\"chooser\");\n"
    "if (chooser)\n"
    "\tchooser.addEventListener(\"change\", function () {\n"
    "\t\tgo(sections[chooser.selectedIndex], 0);\n"
    "\t});\n"
    "go(cur, Number(cur.getAttribute(\"data-start\")));\n"
    "})();\n";

/* "line 3, column 5: illegal-move: ..." for the page. */
static void
html_diag(FILE *out, const struct replay *rp)
{
	if (rp->error_turn > 0) {
		fprintf(out, "turn %lu (", rp->error_turn);
		xml_escape(out, rp->error_move);
		fprintf(out, "): ");
	}
	if (rp->error.at.line > 0)
		fprintf(out, "line %lu, column %lu: ", rp->error.at.line,
		    rp->error.at.col);
	fprintf(out, "%s: ", diag_name(rp->error.code));
	xml_escape(out, rp->error.msg);
}

/* A fact of the page: a term and its (escaped) value, unless NULL. */
static void
html_fact(FILE *out, const char *term, const char *value)
{
	if (value == NULL)
		return;
	fprintf(out, "<dt>%s</dt><dd>", term);
	xml_escape(out, value);
	fprintf(out, "</dd>\n");
}

/*
 * The board of pr's record after turn t in its own element, and the
 * colour that played turn t (t > 0) in *who.  An illegal turn t is shown
 * on the position before it, with the diagnostic.  Returns 0, or -1 when
 * memory ran out (said).
 */
static int
html_board(FILE *out, const struct play_record *pr, unsigned long t,
    bool illegal, int *who)
{
	struct view    v = { 0 };
	struct caption c;
	int	       rc = -1;

	replay_init(&v.at);
	replay_init(&v.prev);
	if (view_init(&v, pr, illegal ? t - 1 : t) != CLI_OK)
		goto out_fini;
	caption_init(&c, pr, &v);
	*who = illegal ? rules_to_move(v.cur->pos) : v.who;
	fprintf(out, "<div class=\"turn%s\" data-turn=\"%lu\">\n",
	    illegal ? " illegal" : "", t);
	if (draw_svg(out, v.cur->pos, v.upto > 0 ? &v.last : NULL, &c.cap,
		DRAW_SVG_INLINE) == -1)
		goto out_fini;
	if (illegal) {
		fprintf(out, "<p class=\"diag\">");
		html_diag(out, &pr->rp);
		fprintf(out, "</p>\n");
	}
	fprintf(out, "</div>\n");
	rc = 0;
out_fini:
	free(v.tok);
	replay_fini(&v.at);
	replay_fini(&v.prev);
	return rc;
}

/*
 * Writes pr's record as section k (from 1) of the page: its facts, the
 * board of every turn up to the last legal one and of the illegal turn,
 * the buttons and the move list; the page opens at turn start.  Returns
 * 0, or -1 when memory ran out (said).
 */
static int
html_record(FILE *out, const struct play_record *pr, int k, unsigned long start)
{
	const struct replay *rp = &pr->rp;
	struct view	     v = { 0 };
	struct caption	     c;
	char		    *moves = NULL, *tok, buf[RECORD_SHOWN];
	size_t		     mlen = 0;
	unsigned long	     t, last, bad = 0;
	FILE		    *m;
	int		     who = 0, rc = -1;

	/* The facts are those of the whole game. */
	v.cur = rp;
	v.ntok = pr->rec->nturns;
	caption_init(&c, pr, &v);
	last = v.ntok;
	if (rp->has_error) {
		bad = rp->error_turn;
		last = bad > 0 ? bad : 0;
	}
	fprintf(out,
	    "<section class=\"record\" data-record=\"%d\" "
	    "data-start=\"%lu\"%s>\n<h1>",
	    k, start < last ? start : last, k > 1 ? " hidden" : "");
	xml_escape(out, c.title);
	fprintf(out, "</h1>\n<dl class=\"facts\">\n<dt>players</dt><dd>");
	for (t = 0; t < RULES_COLOURS; t++) {
		fprintf(out, "%s", t > 0 ? " \xe2\x80\x93 " : "");
		xml_escape(out, c.name[t]);
		fprintf(out, " (%s)", rp->game->colour[t]);
	}
	fprintf(out, "</dd>\n");
	if (tag_text(pr->rec, "Date", buf, sizeof buf))
		html_fact(out, "date", buf);
	if (tag_text(pr->rec, "Result", buf, sizeof buf))
		html_fact(out, "result", buf);
	if (tag_text(pr->rec, "Termination", buf, sizeof buf))
		html_fact(out, "termination", buf);
	html_fact(out, "referee", rp->has_error ? NULL : c.state);
	if (rp->has_error) {
		fprintf(out, "<dt>referee</dt><dd class=\"diag\">%s record: ",
		    replay_status_name(rp->status));
		html_diag(out, rp);
		fprintf(out, "</dd>\n");
	} else if (rp->has_recorded && rp->verified && !rp->agrees)
		html_fact(out, "check",
		    "the recorded result disagrees with "
		    "the board");
	fprintf(out,
	    "</dl>\n<div class=\"nav\"><button data-go=\"first\">"
	    "\xc2\xab first</button><button data-go=\"previous\">"
	    "\xe2\x97\x80 previous</button><button data-go=\"next\">next "
	    "\xe2\x96\xb6</button><button data-go=\"last\">last "
	    "\xc2\xbb</button> <span class=\"at\"></span></div>\n"
	    "<div class=\"view\">\n<div class=\"boards\">\n");
	if ((m = open_memstream(&moves, &mlen)) == NULL)
		goto out_oom;
	for (t = 0; t <= last; t++) {
		if (html_board(out, pr, t, t == bad && bad > 0, &who) == -1)
			goto out_close;
		if (t == 0)
			continue;
		if ((tok = play_token(pr, t - 1)) == NULL)
			goto out_close;
		fprintf(m, "<li data-turn=\"%lu\"%s>%s ", t,
		    t == bad ? " class=\"illegal\"" : "",
		    rp->game->colour[who]);
		xml_escape(m, tok);
		fprintf(m, "</li>\n");
		free(tok);
	}
	/* After an illegal turn, the record's rest: listed, not played. */
	for (; t <= v.ntok; t++) {
		if ((tok = play_token(pr, t - 1)) == NULL)
			goto out_close;
		fprintf(m, "<li class=\"unplayed\">");
		xml_escape(m, tok);
		fprintf(m, "</li>\n");
		free(tok);
	}
	if (fclose(m) != 0)
		goto out_oom;
	m = NULL;
	fprintf(out, "</div>\n<ol class=\"moves\">\n");
	fwrite(moves, 1, mlen, out);
	fprintf(out, "</ol>\n</div>\n</section>\n");
	rc = 0;
	goto out_free;
out_close:
	fclose(m);
out_oom:
	cli_error("out of memory");
out_free:
	free(moves);
	return rc;
}

/*
 * Writes the replay page of path's records (the one --record picks, else
 * every one, with a chooser when there are several) to ss->html.  Returns
 * the exit status: CLI_BAD when a record is illegal (its page is written
 * all the same, the diagnostic said) or malformed (left out: it has no
 * position to show; with no record left, no page is written).
 */
static int
write_html(const struct show_settings *ss, const char *path)
{
	struct cli_output  so = { 0 };
	struct play_select sel = ss->sel;
	struct play_record pr;
	char		  *text, *copy, *secs = NULL, *opts = NULL;
	size_t		   len, slen = 0, olen = 0;
	FILE		  *sf = NULL, *of = NULL;
	bool		   more = true;
	int		   status = CLI_OK, st, k, nshown = 0;

	if (!cli_output_distinct(NULL, &path, 1))
		return CLI_USAGE;
	if (cli_read_file(path, &text, &len) == -1) {
		cli_read_error(cli_input_name(path));
		return CLI_USAGE;
	}
	if ((sf = open_memstream(&secs, &slen)) == NULL ||
	    (of = open_memstream(&opts, &olen)) == NULL)
		goto out_oom;
	for (k = 1; more; k++) {
		if (ss->sel.record == 0)
			sel.record = (unsigned long)k;
		if ((copy = malloc(len + 1)) == NULL)
			goto out_oom;
		memcpy(copy, text, len);
		copy[len] = '\0';
		/* play_load owns copy now, whatever it returns. */
		st = play_load(&pr, path, copy, len, &sel, false);
		if (pr.rec == NULL || (st != CLI_OK && st != CLI_BAD)) {
			play_close(&pr);
			status = st;
			goto out_free;
		}
		if (st == CLI_BAD)
			status = CLI_BAD;
		more = pr.more && ss->sel.record == 0;
		/* No game, no board, a syntax error: nothing to draw. */
		if (pr.rp.pos == NULL ||
		    (pr.rp.has_error && pr.rp.status == REPLAY_MALFORMED)) {
			play_close(&pr);
			continue;
		}
		nshown++;
		fprintf(of, "<option>%d. ", k);
		xml_escape(of, pr.rp.game->title);
		fprintf(of, " %s</option>\n", pr.rp.pos->board.name);
		st = html_record(sf, &pr, k, ss->has_at ? ss->upto : 0);
		play_close(&pr);
		if (st == -1) {
			status = CLI_INTERNAL;
			goto out_free;
		}
	}
	if (fclose(sf) != 0 || fclose(of) != 0) {
		sf = of = NULL;
		goto out_oom;
	}
	sf = of = NULL;
	if (nshown == 0)
		goto out_free;
	if (cli_output_open(
		&so, strcmp(ss->html, "-") == 0 ? NULL : ss->html, 0) == -1) {
		status = CLI_USAGE;
		goto out_free;
	}
	fprintf(so.fp,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" "
	    "content=\"width=device-width\"/>\n<title>");
	xml_escape(so.fp, cli_input_name(path));
	fprintf(so.fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n",
	    html_style);
	/* Several records: a chooser of them. */
	if (nshown > 1) {
		fprintf(so.fp, "<p><label>record <select id=\"chooser\">\n");
		fwrite(opts, 1, olen, so.fp);
		fprintf(so.fp, "</select></label></p>\n");
	}
	fwrite(secs, 1, slen, so.fp);
	fprintf(
	    so.fp, "<script>\n%s</script>\n</body>\n</html>\n", html_script);
	if (fflush(so.fp) == EOF || !cli_output_ok(so.fp, so.name))
		status = CLI_USAGE;
	else if (so.fp != stdout && !cli_output_commit(&so))
		status = CLI_USAGE;
	goto out_free;
out_oom:
	cli_error("out of memory");
	status = CLI_INTERNAL;
out_free:
	if (sf != NULL)
		fclose(sf);
	if (of != NULL)
		fclose(of);
	cli_output_abort(&so);
	free(secs);
	free(opts);
	free(text);
	return status;
}

static int
exec_show(int argc, char **argv)
{
	struct show_settings ss = { .cs = DRAW_UNICODE };
	struct play_record   pr;
	struct view	     v = { 0 };
	struct cli_output    so = { 0 };
	struct caption	     c;
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
		return write_html(&ss, argv[optind]);
	}
	if (ss.svg != NULL && strcmp(ss.svg, "-") != 0 &&
	    (!cli_output_distinct(
		 ss.svg, (const char *const *)argv + optind, 1) ||
		!cli_output_apart(ss.svg, NULL)))
		return CLI_USAGE;
	replay_init(&v.at);
	replay_init(&v.prev);
	if ((status = play_open(&pr, argv[optind], &ss.sel)) != CLI_OK ||
	    (status = view_init(
		 &v, &pr, ss.has_at ? ss.upto : pr.rec->nturns)) != CLI_OK)
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
