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

static void	help(void);
static int	exec_show(int, char **);

enum { OPT_SVG = PLAY_OPT_OWN };

const struct play_cmd play_cmd_show = {
	.name = "show",
	.args = "[-a] [-g game] [-r n] [--svg file] [-t turn] record",
	.summary = "show the position: a text diagram, an SVG picture",
	.help = help,
	.exec = exec_show,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_show);
	printf("Show the position of RECORD after its last action: a board\n"
	    "diagram, whose turn it is, the score so far and the last turn.\n"
	    "\n"
	    "  -a, --ascii      draw with ASCII characters only\n"
	    "      --svg=FILE   also write an SVG picture to FILE (- for\n"
	    "                   standard output, instead of the text)\n"
	    "  -t, --at=TURN    the position after turn TURN (0: the start)\n");
	play_help_select(17);
	play_help_common(17);
}

/* The players' names from the tags, unless unknown ("?"). */
static void
players_line(FILE *out, const struct record *rec, const struct replay *rp)
{
	const struct record_tag *t[RULES_COLOURS];
	char	 name[RECORD_SHOWN];
	int	 i, k, known = 0;

	for (i = 0; i < RULES_COLOURS; i++) {
		const char *c = rp->game->colour[i];

		t[i] = record_tag_find(rec, strcmp(c, "white") == 0 ? "White" :
		    strcmp(c, "black") == 0 ? "Black" : i == 0 ? "Black" :
		    "White");
		known += t[i] != NULL && strcmp(t[i]->value, "?") != 0 &&
		    t[i]->value[0] != '\0';
	}
	if (known == 0)
		return;
	for (i = 0; i < RULES_COLOURS; i++) {
		/* After a swap each player has the other colour. */
		k = rules_swapped(rp->pos) ? 1 - i : i;
		/* A name is the record's text, not the terminal's commands. */
		if (t[k] != NULL)
			record_printable(t[k]->value, t[k]->value_len, name,
			    sizeof name);
		fprintf(out, "%s%s (%s)", i > 0 ? " - " : "",
		    t[k] != NULL ? name : "?", rp->game->colour[i]);
	}
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

static int
exec_show(int argc, char **argv)
{
	static const char opts[] = ":ag:r:t:hV";
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "at", required_argument, NULL, 't' },
		PLAY_LONGOPTS_RECORD,
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	enum draw_charset cs = DRAW_UNICODE;
	const char *svg = NULL;
	struct play_record pr;
	struct play_select sel = { 0 };
	struct replay at, prev;
	const struct replay *cur;
	struct rules_action acts[64];
	size_t	 offs[64], ntok;
	struct record_diag d;
	struct draw_last last = { 0 };
	unsigned long upto = 0;
	bool	 has_at = false;
	char	 state[160], caption[224], *tok = NULL;
	struct cli_output so = { 0 };
	FILE	*out = stdout;
	int	 c, i, n = 0, r, status, who = 0;

	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		if ((r = play_select_option(&sel, c, optarg)) == -1)
			return CLI_USAGE;
		if (r == 1)
			continue;
		switch (c) {
		case 'a': cs = DRAW_ASCII; break;
		case OPT_SVG: svg = optarg; break;
		case 't':
			if (!play_count("--at", optarg, &upto))
				return CLI_USAGE;
			has_at = true;
			break;
		default:
			return play_option(&play_cmd_show, c, argv, opts);
		}
	}
	if (argc - optind != 1) {
		cli_error("show: name one record (try gameplay show --help)");
		return CLI_USAGE;
	}
	if (cs == DRAW_UNICODE && !utf8_locale())
		cs = DRAW_ASCII;
	if (svg != NULL && strcmp(svg, "-") != 0 && (!cli_output_distinct(svg,
	    (const char *const *)argv + optind, 1) ||
	    !cli_output_apart(svg, NULL)))
		return CLI_USAGE;
	replay_init(&at);
	replay_init(&prev);
	if ((status = play_open(&pr, argv[optind], &sel)) != CLI_OK)
		goto out_close;
	ntok = pr.rec->nturns;
	if (!has_at)
		upto = ntok;
	if (upto > ntok) {
		cli_error("%s: --at %lu: the record has %zu turns", pr.name,
		    upto, ntok);
		status = CLI_USAGE;
		goto out_close;
	}
	cur = &pr.rp;
	if (upto < ntok) {
		if (play_replay_upto(&pr, upto, &at) == -1)
			goto out_oom;
		cur = &at;
	}
	if (upto > 0) {
		/* The last turn: the position before it and its actions. */
		if (play_replay_upto(&pr, upto - 1, &prev) == -1)
			goto out_oom;
		tok = play_token(&pr, upto - 1);
		if (tok == NULL)
			goto out_oom;
		n = record_turn_parse(pr.syn, &prev.pos->board, tok,
		    strlen(tok), acts, offs, 64, &d);
		last = (struct draw_last){ prev.pos, acts, n > 0 ?
		    (size_t)n : 0 };
		who = rules_to_move(prev.pos);
	}
	state_text(pr.rec, cur, state, sizeof state);
	snprintf(caption, sizeof caption, "%s %s, %s", cur->game->title,
	    cur->pos->board.name, state);
	if (svg != NULL) {
		if (cli_output_open(&so, strcmp(svg, "-") == 0 ? NULL : svg,
		    0) == -1) {
			status = CLI_USAGE;
			goto out_close;
		}
		if (draw_svg(so.fp, cur->pos, upto > 0 ? &last : NULL,
		    caption) == -1 || fflush(so.fp) == EOF) {
			status = cli_output_ok(so.fp, so.name) ? CLI_INTERNAL :
			    CLI_USAGE;
			goto out_close;
		}
		if (so.fp != stdout && !cli_output_commit(&so)) {
			status = CLI_USAGE;
			goto out_close;
		}
	}
	/* so is clean now unless the picture went to standard output. */
	if (so.fp != stdout) {
		fprintf(out, "%s %s\n", cur->game->title,
		    cur->pos->board.name);
		players_line(out, pr.rec, cur);
		draw_text(out, cur->pos, cs);
		fprintf(out, "%s\n", state);
		fprintf(out, "score:");
		for (i = 0; i < RULES_COLOURS; i++)
			fprintf(out, "%s %s %d", i > 0 ? "," : "",
			    cur->game->colour[i], cur->score.points[i]);
		fputc('\n', out);
		if (upto > 0)
			fprintf(out, "last turn: %lu, %s: %s%s\n", upto,
			    cur->game->colour[who], tok, upto == ntok &&
			    cur->in_turn ? " (in progress)" : "");
		else
			fprintf(out, "last turn: none\n");
	}
	status = play_finish(fflush(out) == EOF ? -1 : 0);
	goto out_close;

out_oom:
	cli_error("out of memory");
	status = CLI_INTERNAL;
out_close:
	cli_output_abort(&so);
	free(tok);
	replay_fini(&at);
	replay_fini(&prev);
	play_close(&pr);
	return status;
}
