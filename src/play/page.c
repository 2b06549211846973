/* SPDX-License-Identifier: MIT */
/*
 * gameplay show --html: the replay page, one self-contained HTML file
 * with the picture of every turn of each record, the move list, the
 * buttons and keys to step through them, and the referee's facts; no
 * network, no file beside it.  The pictures are view.c's and src/draw's,
 * kept as references to the page's lines (page-lines.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/show.h"
#include "util/util.h"

/*
 * The page's style and script, the same for every page: no network, no
 * file beside it.  The script shows one turn's board at a time, drawn
 * from the page's lines when it is shown (and the board shown before it
 * dropped, so that a page of many games keeps one picture), and says
 * which in the body's data-record, data-turn and data-position (the
 * stones shown, "cell:colour" sorted, "+" when pinned) attributes, and
 * collects any script error in data-errors, for tests/browser.sh.  It
 * opens at the turn the address names (#K-T: record K at turn T; #T: turn
 * T of the first record) or else at the section's data-start, and writes
 * the turn shown into the address, so that a link names a ply (where
 * the page may not rewrite its address, in a sandbox, it still works).
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
    ".moves .comment { font-style: italic; }\n"
    ".facts dt { font-weight: bold; float: left; clear: left; "
    "width: 8em; }\n"
    ".facts dd { margin-left: 8.5em; }\n";

static const char html_script[] =
    DRAW_PAGE_ERRORS("")
    "var sections = document.querySelectorAll(\"section.record\");\n"
    "var cur = sections[0], turn = 0, shown = null;\n"
    "var lines = JSON.parse(document.getElementById(\"lines\").textContent);\n"
    "var chooser = document.getElementById(\"chooser\");\n"
    "function position(b) {\n"
    "\tvar a = [];\n"
    "\tb.querySelectorAll(\"[data-cell]\").forEach(function (c) {\n"
    "\t\ta.push(c.getAttribute(\"data-cell\") + \":\" +\n"
    "\t\t    (c.classList.contains(\"white\") ? \"white\" : \"black\") +\n"
    "\t\t    (c.hasAttribute(\"data-pinned\") ? \"+\" : \"\"));\n"
    "\t});\n"
    "\treturn a.sort().join(\" \");\n"
    "}\n"
    "function draw(b) {\n"
    "\tvar svg = [];\n"
    "\tif (shown !== null)\n"
    "\t\tshown.querySelectorAll(\"svg\").forEach(function (x) {\n"
    "\t\t\tx.remove();\n"
    "\t\t});\n"
    "\tb.getAttribute(\"data-svg\").split(\" \").forEach(function (r) {\n"
    "\t\tvar m = r.split(\"-\"), i = parseInt(m[0], 36);\n"
    "\t\tfor (; parseInt(m[m.length - 1], 36) >= i; i++)\n"
    "\t\t\tsvg.push(lines[i]);\n"
    "\t});\n"
    "\tb.insertAdjacentHTML(\"afterbegin\", svg.join(\"\\n\"));\n"
    "\tshown = b;\n"
    "}\n"
    "function go(s, t) {\n"
    "\tvar bs = s.querySelectorAll(\"div.turn\"), last = bs.length - 1;\n"
    "\tt = Math.max(0, Math.min(last, t));\n"
    "\tsections.forEach(function (x) { x.hidden = x !== s; });\n"
    "\tbs.forEach(function (b, i) { b.hidden = i !== t; });\n"
    "\tdraw(bs[t]);\n"
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
    "\ttry {\n"
    "\t\thistory.replaceState(null, \"\", \"#\" +\n"
    "\t\t    s.getAttribute(\"data-record\") + \"-\" + t);\n"
    "\t} catch (e) {\n"
    "\t}\n"
    "}\n"
    "function start(s) {\n"
    "\treturn Number(s.getAttribute(\"data-start\"));\n"
    "}\n"
    "function follow() {\n"
    "\tvar m = /^#(?:(\\d+)-)?(\\d+)$/.exec(location.hash), s;\n"
    "\tif (m === null)\n"
    "\t\treturn false;\n"
    "\ts = sections[m[1] ? Number(m[1]) - 1 : 0];\n"
    "\tif (!s)\n"
    "\t\treturn false;\n"
    "\tif (chooser)\n"
    "\t\tchooser.selectedIndex = Array.prototype.indexOf.call(\n"
    "\t\t    sections, s);\n"
    "\tgo(s, Number(m[2]));\n"
    "\treturn true;\n"
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
    "if (chooser)\n"
    "\tchooser.addEventListener(\"change\", function () {\n"
    "\t\tvar s = sections[chooser.selectedIndex];\n"
    "\t\tgo(s, start(s));\n"
    "\t});\n"
    "window.addEventListener(\"hashchange\", follow);\n"
    "if (!follow())\n"
    "\tgo(cur, start(cur));\n"
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
 * The board of pr's record after turn t in its own element, its picture
 * as references to the page's lines (the script draws it when shown),
 * and the colour that played turn t (t > 0) in *who, its player's name
 * ("?": unknown) in name.  An illegal turn t is shown on the position
 * before it, with the diagnostic.  Returns 0, or -1 when memory ran out
 * (said).
 */
static int
html_board(FILE *out, struct show_lines *lines, const struct play_record *pr,
    unsigned long t, bool illegal, int *who, char name[RECORD_SHOWN])
{
	struct view    v = { 0 };
	struct caption c;
	char	       names[RULES_COLOURS][RECORD_SHOWN], *svg = NULL;
	size_t	       len = 0;
	FILE	      *sf;
	int	       rc = -1;

	replay_init(&v.at);
	replay_init(&v.prev);
	if (show_view_init(&v, pr, illegal ? t - 1 : t) != CLI_OK)
		goto out_fini;
	show_caption_init(&c, pr, &v);
	*who = illegal ? rules_to_move(v.cur->pos) : v.who;
	/* Its player's colour before it: a swap changes it after. */
	show_player_names(
	    pr->rec, illegal || v.upto == 0 ? v.cur : &v.prev, names);
	memcpy(name, names[*who], RECORD_SHOWN);
	if ((sf = open_memstream(&svg, &len)) == NULL)
		goto out_fini;
	if (draw_svg(sf, v.cur->pos, v.upto > 0 ? &v.last : NULL, &c.cap,
		DRAW_SVG_INLINE) == -1) {
		fclose(sf);
		goto out_fini;
	}
	if (fclose(sf) != 0)
		goto out_fini;
	fprintf(out, "<div class=\"turn%s\" data-turn=\"%lu\" data-svg=\"",
	    illegal ? " illegal" : "", t);
	if (show_lines_refs(lines, svg, len, out) == -1)
		goto out_fini;
	fprintf(out, "\">\n");
	if (illegal) {
		fprintf(out, "<p class=\"diag\">");
		html_diag(out, &pr->rp);
		fprintf(out, "</p>\n");
	}
	fprintf(out, "</div>\n");
	rc = 0;
out_fini:
	free(svg);
	show_view_fini(&v);
	return rc;
}

/*
 * The chooser's line for pr's record k: "3. Ada – Brian, Reversi 8x8,
 * 1-0", the players where a name is known, the result where the Result
 * tag gives one, so that the records of one game can be told apart.
 */
static void
html_option(FILE *out, const struct play_record *pr, int k)
{
	char name[RULES_COLOURS][RECORD_SHOWN], result[RECORD_SHOWN];

	fprintf(out, "<option>%d. ", k);
	if (show_player_names(pr->rec, &pr->rp, name) > 0) {
		xml_escape(out, name[0]);
		fprintf(out, " \xe2\x80\x93 ");
		xml_escape(out, name[1]);
		fprintf(out, ", ");
	}
	xml_escape(out, pr->rp.game->title);
	fprintf(out, " %s", pr->rp.pos->board.name);
	if (show_tag_text(pr->rec, "Result", result, sizeof result) &&
	    strcmp(result, "*") != 0) {
		fprintf(out, ", ");
		xml_escape(out, result);
	}
	fprintf(out, "</option>\n");
}

/*
 * The title and the facts of pr's record (caption c): its players, its
 * tags, what the referee says of it, and what stands at its end (the
 * offers, and a timed game's clocks clk, NULL without).
 */
static void
html_facts(FILE *out, const struct play_record *pr, const struct caption *c,
    const struct report_clock *clk)
{
	const struct replay *rp = &pr->rp;
	char		     buf[RECORD_SHOWN];
	unsigned long	     t;

	fprintf(out, "<h1>");
	xml_escape(out, c->title);
	fprintf(out, "</h1>\n<dl class=\"facts\">\n<dt>players</dt><dd>");
	for (t = 0; t < RULES_COLOURS; t++) {
		fprintf(out, "%s", t > 0 ? " \xe2\x80\x93 " : "");
		xml_escape(out, c->name[t]);
		fprintf(out, " (%s)", rp->game->colour[t]);
	}
	fprintf(out, "</dd>\n");
	if (show_tag_text(pr->rec, "Date", buf, sizeof buf))
		html_fact(out, "date", buf);
	if (show_tag_text(pr->rec, "Result", buf, sizeof buf))
		html_fact(out, "result", buf);
	if (show_tag_text(pr->rec, "Termination", buf, sizeof buf))
		html_fact(out, "termination", buf);
	html_fact(out, "referee", rp->has_error ? NULL : c->state);
	if (rp->has_error) {
		fprintf(out, "<dt>referee</dt><dd class=\"diag\">%s record: ",
		    replay_status_name(rp->status));
		html_diag(out, rp);
		fprintf(out, "</dd>\n");
	} else if (rp->has_recorded && rp->verified && !rp->agrees)
		html_fact(out, "check",
		    "the recorded result disagrees with the board");
	if (!rp->has_error)
		show_page_standing(out, pr, clk);
	fprintf(out, "</dl>\n");
}

/*
 * Writes pr's record as section k (from 1) of the page: its facts
 * (html_facts, with clk), the board of every turn up to the last legal
 * one and of the illegal turn, the buttons and the move list, each turn
 * by its player with its comments; the page opens at turn start.  Returns 0, or -1 when
 * memory ran out (said).
 */
static int
html_record(FILE *out, struct show_lines *lines, const struct play_record *pr,
    int k, unsigned long start, const struct report_clock *clk)
{
	const struct replay *rp = &pr->rp;
	struct view	     v = { 0 };
	struct caption	     c;
	char		    *moves = NULL, *tok, name[RECORD_SHOWN];
	size_t		     mlen = 0;
	unsigned long	     t, last, bad = 0;
	FILE		    *m;
	const char	    *mark;
	int		     who = 0, rc = -1;

	/* The facts are those of the whole game. */
	v.cur = rp;
	v.ntok = pr->rec->nturns;
	show_caption_init(&c, pr, &v);
	last = v.ntok;
	if (rp->has_error) {
		bad = rp->error_turn;
		last = bad > 0 ? bad : 0;
	}
	fprintf(out,
	    "<section class=\"record\" data-record=\"%d\" "
	    "data-start=\"%lu\"%s>\n",
	    k, start < last ? start : last, k > 1 ? " hidden" : "");
	html_facts(out, pr, &c, clk);
	fprintf(out,
	    "<div class=\"nav\"><button data-go=\"first\">"
	    "\xc2\xab first</button><button data-go=\"previous\">"
	    "\xe2\x97\x80 previous</button><button data-go=\"next\">next "
	    "\xe2\x96\xb6</button><button data-go=\"last\">last "
	    "\xc2\xbb</button> <span class=\"at\"></span></div>\n"
	    "<div class=\"view\">\n<div class=\"boards\">\n");
	if ((m = open_memstream(&moves, &mlen)) == NULL)
		goto out_oom;
	for (t = 0; t <= last; t++) {
		if (html_board(out, lines, pr, t, t == bad && bad > 0, &who,
			name) == -1)
			goto out_close;
		if (t == 0)
			continue;
		if ((tok = play_token(pr, t - 1)) == NULL)
			goto out_close;
		fprintf(m, "<li data-turn=\"%lu\"%s>", t,
		    t == bad ? " class=\"illegal\"" : "");
		/* The player by name where the record gives it. */
		if (strcmp(name, "?") != 0) {
			xml_escape(m, name);
			fprintf(m, " (%s) ", rp->game->colour[who]);
		} else
			fprintf(m, "%s ", rp->game->colour[who]);
		xml_escape(m, tok);
		if ((mark = show_page_mark(pr, t)) != NULL)
			fprintf(m, " %s", mark);
		show_page_comments(m, pr, t);
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
	show_page_evals(out, pr, last);
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
 * html_record of pr's record with, in a timed game, its clocks at the
 * moment the page is written (clock's, else now), as status computes
 * them.  Returns the exit status: CLI_BAD after saying that the moment is
 * before the record's last, CLI_INTERNAL when memory ran out (said).
 */
static int
html_timed(FILE *out, struct show_lines *lines, const struct play_record *pr,
    int k, unsigned long start, const struct play_at *clock)
{
	struct report_clock clk;
	int64_t		    now;
	bool		    timed = pr->rp.timed && !pr->rp.has_error;
	int		    st;

	if (timed) {
		if ((st = play_at_now(pr, clock, pr->rec->start, &now)) !=
		    CLI_OK)
			return st;
		play_clock(pr, now, &clk);
	}
	return html_record(out, lines, pr, k, start, timed ? &clk : NULL) ==
		-1 ?
	    CLI_INTERNAL :
	    CLI_OK;
}

/*
 * The page of --html to fp: its head, titled with path, the chooser of
 * the nshown records (opts, olen bytes) if there are several, their
 * sections (secs, slen bytes), the lines of their pictures and the
 * script.
 */
static void
html_page(FILE *fp, const char *path, const char *opts, size_t olen,
    const char *secs, size_t slen, int nshown, const struct show_lines *lines)
{
	fprintf(fp,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" "
	    "content=\"width=device-width\"/>\n<title>");
	xml_escape(fp, cli_input_name(path));
	fprintf(
	    fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", html_style);
	/* Several records: a chooser of them. */
	if (nshown > 1) {
		fprintf(fp, "<p><label>record <select id=\"chooser\">\n");
		fwrite(opts, 1, olen, fp);
		fprintf(fp, "</select></label></p>\n");
	}
	fwrite(secs, 1, slen, fp);
	fprintf(fp, "<script type=\"application/json\" id=\"lines\">\n");
	show_lines_json(lines, fp);
	fprintf(fp, "</script>\n<script>\n%s</script>\n</body>\n</html>\n",
	    html_script);
}

int
show_page_write(const struct play_select *sel0, const char *html, bool has_at,
    unsigned long upto, const struct play_at *clock, const char *path)
{
	struct cli_output  so = { 0 };
	struct play_select sel = *sel0;
	struct play_record pr;
	struct show_lines  lines;
	char		  *text, *copy, *secs = NULL, *opts = NULL;
	size_t		   len, slen = 0, olen = 0;
	FILE		  *sf = NULL, *of = NULL;
	bool		   more = true;
	int		   status = CLI_OK, st, k, nshown = 0;

	if (!cli_output_distinct(NULL, &path, 1))
		return CLI_USAGE;
	if (cli_read_file(path, CLI_WHOLE_MAX, &text, &len) == -1) {
		cli_read_error(cli_input_name(path));
		return CLI_USAGE;
	}
	show_lines_init(&lines);
	if ((sf = open_memstream(&secs, &slen)) == NULL ||
	    (of = open_memstream(&opts, &olen)) == NULL)
		goto out_oom;
	for (k = 1; more; k++) {
		if (sel0->record == 0)
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
		more = pr.more && sel0->record == 0;
		/* No game, no board, a syntax error: nothing to draw. */
		if (pr.rp.pos == NULL ||
		    (pr.rp.has_error && pr.rp.status == REPLAY_MALFORMED)) {
			play_close(&pr);
			continue;
		}
		if (play_passes_written(&pr, "show draws the turns of") !=
		    CLI_OK) {
			play_close(&pr);
			status = CLI_USAGE;
			goto out_free;
		}
		nshown++;
		html_option(of, &pr, k);
		/* Without -t, the position the game stands at. */
		st = html_timed(
		    sf, &lines, &pr, k, has_at ? upto : ULONG_MAX, clock);
		play_close(&pr);
		if (st != CLI_OK) {
			status = st;
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
	if (cli_output_open(&so, strcmp(html, "-") == 0 ? NULL : html, 0) ==
	    -1) {
		status = CLI_USAGE;
		goto out_free;
	}
	html_page(so.fp, path, opts, olen, secs, slen, nshown, &lines);
	/* The flush's error is the message (a full disk said nothing). */
	if (fflush(so.fp) == EOF || ferror(so.fp)) {
		cli_error("%s: %s", so.name, strerror(errno));
		status = CLI_USAGE;
	} else if (so.fp != stdout && !cli_output_commit(&so))
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
	show_lines_fini(&lines);
	return status;
}
