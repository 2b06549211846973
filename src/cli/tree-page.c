/* SPDX-License-Identifier: MIT */
/*
 * gamestat --tree --html: a self-contained page to browse the tree (no
 * network, no file beside it).  Each position listed is drawn once, as
 * src/draw draws a position, from its key (rules_setup): in the key's
 * frame, which is the frame its moves are written in, so the board shown
 * and the move list agree.  Under it, its figures and the moves played
 * from it with theirs; clicking a move goes down to the position it leads
 * to, the path back up above the board.  The script says what it shows in
 * the body's data-node (the tree and node id) and data-position (the
 * stones, "cell:colour" sorted) attributes, and any script error in
 * data-errors, for tests/browser.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/tree.h"
#include "draw/draw.h"
#include "record/record.h"
#include "record/turn.h"
#include "rules/symmetry.h"
#include "util/util.h"

static const char page_style[] =
    ":root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fafafa; "
    "--line: #bbb; --hi: #ffe08a; }\n"
    "@media (prefers-color-scheme: dark) { :root { --fg: #e8e8e8; "
    "--bg: #1e1f22; --line: #555; --hi: #5c4a00; } }\n"
    "body { font: 15px/1.4 sans-serif; color: var(--fg); "
    "background: var(--bg); margin: 1em; }\n"
    "h1 { font-size: 1.3em; margin: 0 0 .5em; }\n"
    ".path a { cursor: pointer; text-decoration: underline; }\n"
    ".node { display: flex; flex-wrap: wrap; gap: 1em; "
    "align-items: flex-start; }\n"
    ".node[hidden] { display: none; }\n"
    ".moves { border-collapse: collapse; }\n"
    ".moves td, .moves th { border: 1px solid var(--line); "
    "padding: 0 .5em; text-align: right; }\n"
    ".moves tr[data-to] { cursor: pointer; }\n"
    ".moves tr[data-to]:hover { background: var(--hi); }\n";

static const char page_script[] =
    DRAW_PAGE_ERRORS(", path = []")
    "function stones(n) {\n"
    "\tvar s = [];\n"
    "\tn.querySelectorAll(\".stone\").forEach(function (e) {\n"
    "\t\ts.push(e.getAttribute(\"data-cell\") + \":\" +\n"
    "\t\t    e.getAttribute(\"class\").split(\" \")[1]);\n"
    "\t});\n"
    "\treturn s.sort().join(\" \");\n"
    "}\n"
    "function draw_path() {\n"
    "\tvar p = document.getElementById(\"path\");\n"
    "\tp.textContent = \"\";\n"
    "\tpath.forEach(function (step, i) {\n"
    "\t\tvar a = document.createElement(\"a\");\n"
    "\t\ta.textContent = i === 0 ? \"start\" : step.move;\n"
    "\t\ta.setAttribute(\"data-step\", String(i));\n"
    "\t\ta.addEventListener(\"click\", function () {\n"
    "\t\t\tpath.length = i + 1;\n"
    "\t\t\tshow(step.node);\n"
    "\t\t});\n"
    "\t\tif (i > 0)\n"
    "\t\t\tp.appendChild(document.createTextNode(\" \\u203a \"));\n"
    "\t\tp.appendChild(a);\n"
    "\t});\n"
    "}\n"
    "function show(n) {\n"
    "\tdocument.querySelectorAll(\".node\").forEach(function (e) {\n"
    "\t\te.hidden = e !== n;\n"
    "\t});\n"
    "\tbody.setAttribute(\"data-node\", n.id);\n"
    "\tbody.setAttribute(\"data-position\", stones(n));\n"
    "\tdraw_path();\n"
    "}\n"
    "document.querySelectorAll(\".moves tr[data-to]\").forEach(function (r) "
    "{\n"
    "\tr.addEventListener(\"click\", function () {\n"
    "\t\tvar n = document.getElementById(r.getAttribute(\"data-to\"));\n"
    "\t\tif (n === null)\n"
    "\t\t\treturn;\n"
    "\t\tpath.push({ node: n, move: r.getAttribute(\"data-move\") });\n"
    "\t\tshow(n);\n"
    "\t});\n"
    "});\n"
    "document.querySelectorAll(\".roots a\").forEach(function (a) {\n"
    "\ta.addEventListener(\"click\", function () {\n"
    "\t\tvar n = document.getElementById(a.getAttribute(\"data-to\"));\n"
    "\t\tpath = [{ node: n, move: \"\" }];\n"
    "\t\tshow(n);\n"
    "\t});\n"
    "});\n"
    "var first = document.querySelector(\".node\");\n"
    "if (first !== null) {\n"
    "\tpath = [{ node: first, move: \"\" }];\n"
    "\tshow(first);\n"
    "}\n"
    "}());\n";

/* The figures of c: a row's cells, or a sentence. */
static void
page_figures(FILE *out, const struct stat_tree *t,
    const struct stat_tree_group *g, const struct stat_tree_count *c, bool row)
{
	if (row)
		fprintf(out,
		    "<td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td>",
		    (unsigned long long)c->games,
		    (unsigned long long)c->wins[0],
		    (unsigned long long)c->draws,
		    (unsigned long long)c->wins[1]);
	else
		fprintf(out,
		    "%llu games: %s %llu wins, %llu draws, %s %llu wins",
		    (unsigned long long)c->games,
		    stat_tree_string(t, g->colour[0]),
		    (unsigned long long)c->wins[0],
		    (unsigned long long)c->draws,
		    stat_tree_string(t, g->colour[1]),
		    (unsigned long long)c->wins[1]);
	if (c->scored > 0)
		fprintf(out, row ? "<td>%.3f</td>" : ", mean margin %.3f",
		    (double)c->margin / (double)c->scored);
	else
		fputs(row ? "<td></td>" : "", out);
}

/* What drawing a tree's nodes needs: its board, symmetries, codec. */
struct page {
	FILE		       *out;
	const struct stat_tree *t;
	uint32_t		group;
	const uint32_t	       *id;
	int		       *frame; /* each node's symmetry drawn, or -1 */
	struct rules_position  *pos;
	struct rules_symmetries sym;
	struct record_syntax   *syn;
	struct rules_action	acts[64], img[64];
	size_t			offs[64];
};

/* Node v's key set up in pg->pos under symmetry k: 0, or -1. */
static int
page_setup(struct page *pg, uint32_t v, int k)
{
	const uint8_t *key = stat_tree_key(pg->t, v);
	int	       pieces[RULES_MAX_CELLS], n = pg->pos->board.ncells, i;

	if (pg->t->node[v].keylen != RULES_KEY_SIZE(n) || key[n + 1] != 0)
		return -1;
	for (i = 0; i < n; i++)
		pieces[pg->sym.map[k][i]] = key[i];
	return rules_setup(pg->pos, pieces, key[n], NULL);
}

/*
 * The frame node v is drawn in: pg->frame's, else the key's, or where
 * the rules refuse that image (Reversi's start with the colours' places
 * exchanged is no position of the game) the first image they take.
 * Sets the position up in pg->pos; returns the symmetry's index, or -1
 * when none sets up.
 */
static int
page_frame(struct page *pg, uint32_t v)
{
	int k;

	if (pg->frame[v] >= 0 && page_setup(pg, v, pg->frame[v]) == 0)
		return pg->frame[v];
	for (k = 0; k < pg->sym.n; k++)
		if (page_setup(pg, v, k) == 0)
			return k;
	return -1;
}

/* Move text s as it reads in the frame of symmetry k. */
static void
page_move(struct page *pg, const char *s, int k, char *buf, size_t cap)
{
	struct diag d;
	int	    n, i;

	snprintf(buf, cap, "%s", s);
	if (k <= 0 || record_turn_bound(s, strlen(s)) >= 64)
		return;
	n = record_turn_parse(
	    pg->syn, &pg->pos->board, s, strlen(s), pg->acts, pg->offs, 64, &d);
	for (i = 0; i < n; i++)
		pg->img[i] = cli_tree_image(&pg->acts[i], pg->sym.map[k]);
	if (n > 0 &&
	    record_turn_format(&pg->pos->board, pg->img, (size_t)n, buf, cap) <
		0)
		snprintf(buf, cap, "%s", s);
}

/* One node: its board, its figures and its moves, in one frame. */
static int
page_node(struct page *pg, uint32_t v)
{
	const struct stat_tree	     *t = pg->t;
	const struct stat_tree_group *g = &t->group[pg->group];
	const struct stat_tree_node  *n = &t->node[v];
	uint32_t		     *m, e;
	size_t			      nm, j;
	char			      move[256];
	int			      k, who;

	fprintf(pg->out, "<div class=\"node\" id=\"n%u-%u\" hidden>\n<div>",
	    pg->group, pg->id[v]);
	if ((k = pg->frame[v]) >= 0 && page_setup(pg, v, k) == 0 &&
	    draw_svg(pg->out, pg->pos, NULL, NULL, DRAW_SVG_INLINE) == -1)
		return -1;
	who = stat_tree_key(t, v)[pg->pos->board.ncells] & 1;
	fprintf(pg->out, "<p>Turn %u from the root, %s to move. ", n->depth,
	    stat_tree_string(t, g->colour[who]));
	page_figures(pg->out, t, g, &n->c, false);
	fprintf(pg->out,
	    ".</p></div>\n<table class=\"moves\"><tr><th>move</th>"
	    "<th>games</th><th>%s wins</th><th>draws</th><th>%s wins</th>"
	    "<th>margin</th></tr>\n",
	    stat_tree_string(t, g->colour[0]),
	    stat_tree_string(t, g->colour[1]));
	if ((m = stat_tree_moves(t, v, &nm)) == NULL && nm > 0)
		return -1;
	for (j = 0; j < nm; j++) {
		e = m[j];
		page_move(pg, stat_tree_string(t, t->edge[e].move), k, move,
		    sizeof move);
		fputs("<tr", pg->out);
		if (pg->id[t->edge[e].to] != 0)
			fprintf(pg->out, " data-to=\"n%u-%u\"", pg->group,
			    pg->id[t->edge[e].to]);
		fputs(" data-move=\"", pg->out);
		xml_escape(pg->out, move);
		fputs("\"><td>", pg->out);
		xml_escape(pg->out, move);
		fputs("</td>", pg->out);
		page_figures(pg->out, t, g, &t->edge[e].c, true);
		fputs("</tr>\n", pg->out);
	}
	free(m);
	fputs("</table>\n</div>\n", pg->out);
	return 0;
}

/*
 * The frame of child c, reached from v (drawn in frame k, set up in
 * pg->pos) by the move whose text in that frame is text: the image of
 * c's key that is v's position after the move, so that a path down the
 * tree keeps one frame.  -1 where none is (the move not read).
 */
static int
page_child_frame(struct page *pg, uint32_t c, const char *text)
{
	const uint8_t *key = stat_tree_key(pg->t, c);
	int	       n = pg->pos->board.ncells, m, i, k;
	struct diag    d;

	if (pg->t->node[c].keylen != RULES_KEY_SIZE(n) ||
	    record_turn_bound(text, strlen(text)) >= 64)
		return -1;
	if (record_turn_is_pass(text, strlen(text))) {
		pg->acts[0] = (struct rules_action){ .kind = RULES_PASS };
		m = 1;
	} else
		m = record_turn_parse(pg->syn, &pg->pos->board, text,
		    strlen(text), pg->acts, pg->offs, 64, &d);
	for (i = 0; i < m; i++)
		if (rules_play(pg->pos, &pg->acts[i], NULL) == -1)
			return -1;
	if (m <= 0 || rules_to_move(pg->pos) != key[n])
		return -1;
	for (k = 0; k < pg->sym.n; k++) {
		for (i = 0; i < n; i++)
			if (rules_piece(pg->pos, pg->sym.map[k][i]) != key[i])
				break;
		if (i == n)
			return k;
	}
	return -1;
}

/* The frames of the nodes listed, parents before children. */
static int
page_frames(struct page *pg, const uint32_t *order, size_t n)
{
	const struct stat_tree *t = pg->t;
	uint32_t	       *m, c;
	size_t			i, j, nm;
	char			move[256];
	int			k;

	for (i = 0; i < n; i++) {
		if (pg->id[order[i]] == 0 || (k = page_frame(pg, order[i])) < 0)
			continue;
		pg->frame[order[i]] = k;
		if ((m = stat_tree_moves(t, order[i], &nm)) == NULL && nm > 0)
			return -1;
		for (j = 0; j < nm; j++) {
			c = t->edge[m[j]].to;
			if (pg->id[c] == 0 || pg->frame[c] >= 0)
				continue;
			page_move(pg, stat_tree_string(t, t->edge[m[j]].move),
			    k, move, sizeof move);
			if (page_setup(pg, order[i], k) == 0)
				pg->frame[c] = page_child_frame(pg, c, move);
		}
		free(m);
	}
	return 0;
}

/* A tree's nodes, numbered as the YAML numbers them. */
static int
page_group(struct page *pg)
{
	const struct stat_tree	     *t = pg->t;
	const struct stat_tree_group *g = &t->group[pg->group];
	uint32_t		     *order, *id;
	struct diag		      d;
	size_t			      n, i, k = 0;
	int			      rc = -1;

	pg->pos = rules_position_new(
	    rules_game_find(stat_tree_string(t, g->game)),
	    stat_tree_string(t, g->board), NULL, &d);
	order = stat_tree_order(t, pg->group, &n);
	pg->id = id = calloc(t->nnodes + 1, sizeof *id);
	pg->frame = malloc((t->nnodes + 1) * sizeof *pg->frame);
	if (pg->pos == NULL || order == NULL || id == NULL || pg->frame == NULL)
		goto out_free;
	rules_symmetries_of_game(pg->pos, &pg->sym);
	for (i = 0; i <= t->nnodes; i++)
		pg->frame[i] = -1;
	for (i = 0; i < n; i++)
		if (t->node[order[i]].depth < t->depth)
			id[order[i]] = (uint32_t)++k;
	if (page_frames(pg, order, n) == -1)
		goto out_free;
	for (i = 0; i < n; i++)
		if (id[order[i]] != 0 && page_node(pg, order[i]) == -1)
			goto out_free;
	rc = 0;
out_free:
	rules_position_free(pg->pos);
	free(order);
	free(id);
	free(pg->frame);
	return rc;
}

int
cli_tree_page(FILE *out, const struct stat_tree *t)
{
	struct page pg = { .out = out, .t = t };
	uint32_t   *g;
	size_t	    i;
	int	    rc = -1;

	if ((g = stat_tree_groups(t)) == NULL ||
	    (pg.syn = record_syntax_new()) == NULL) {
		free(g);
		return -1;
	}
	fprintf(out,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>Opening tree</title>\n"
	    "<style>\n%s</style>\n</head>\n<body>\n"
	    "<h1>Opening tree: %llu games, %lu turns</h1>\n",
	    page_style, (unsigned long long)t->records, t->depth);
	fputs("<p class=\"roots\">", out);
	for (i = 0; i < t->ngroups; i++) {
		fprintf(
		    out, "%s<a data-to=\"n%u-1\">", i > 0 ? " | " : "", g[i]);
		xml_escape(out, stat_tree_string(t, t->group[g[i]].game));
		fputc(' ', out);
		xml_escape(out, stat_tree_string(t, t->group[g[i]].board));
		fputs("</a>", out);
	}
	fputs("</p>\n<p class=\"path\" id=\"path\"></p>\n", out);
	for (i = 0; i < t->ngroups; i++) {
		pg.group = g[i];
		if (page_group(&pg) == -1)
			goto out_free;
	}
	fprintf(out, "<script>\n%s</script>\n</body>\n</html>\n", page_script);
	rc = ferror(out) ? -1 : 0;
out_free:
	record_syntax_free(pg.syn);
	free(g);
	return rc;
}
