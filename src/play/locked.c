/* SPDX-License-Identifier: MIT */
/*
 * A referee's edit of a record on disk (play.h): read under a lock held
 * to the rename that replaces it (-i, cli.h: cli_locked_*), or read from
 * a file and written to standard output.  So two referees that edit one
 * record in place take turns: the second reads what the first wrote.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "util/util.h"

int
play_edit_option(void *edit, int c, const char *arg)
{
	struct play_edit *ed = edit;

	switch (c) {
	case 'i': ed->in_place = true; return 0;
	case PLAY_OPT_AT: return play_at_option(arg, &ed->at);
	case PLAY_OPT_AS:
	case PLAY_OPT_KEY_FILE:
	case PLAY_OPT_KEY_FD: return play_key_option(&ed->key, c, arg);
	default: return play_select_option(&ed->sel, c, arg);
	}
}

int
play_edit_open(const struct play_cmd *cmd, int argc, char **argv,
    struct play_edit *ed, struct cli_locked *lf, struct play_record *pr)
{
	int status;

	memset(pr, 0, sizeof *pr);
	if ((status = play_parse(cmd, argc, argv, ed)) != -1)
		return status;
	ed->cmd = cmd;
	ed->operands = argv + optind;
	ed->noperands = argc - optind;
	if (ed->in_place && strcmp(argv[optind], "-") == 0) {
		cli_error("%s: --in-place needs a file, not standard input",
		    cmd->name);
		return CLI_USAGE;
	}
	if ((status = play_open_keyed(cmd, &ed->key, ed->in_place, argv[optind],
		 lf, pr, &ed->sel, argv + optind + 1, argc - optind - 1)) !=
	    CLI_OK)
		return status;
	return -1;
}

int
play_edit_close(struct play_record *pr, struct play_record *np,
    struct cli_locked *lf, int status)
{
	play_close(np);
	play_close(pr);
	cli_locked_close(lf);
	return status;
}

int
play_edit_run(const struct play_cmd *cmd, int argc, char **argv,
    struct play_edit *ed, play_edit_fn *edit)
{
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	int		   status;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(cmd, argc, argv, ed, &lf, &pr)) == -1 &&
	    (status = edit(&pr, ed, &np)) == CLI_OK)
		status = play_write_locked(ed->in_place, &lf, pr.name, &np);
	return play_edit_close(&pr, &np, &lf, status);
}

int
play_edit_exec(
    const struct play_cmd *cmd, int argc, char **argv, play_edit_fn *edit)
{
	struct play_edit ed = { 0 };

	return play_edit_run(cmd, argc, argv, &ed, edit);
}

/* play_open_locked's read, whatever the record's keys. */
static int
open_locked(bool in_place, const char *path, struct cli_locked *lf,
    struct play_record *pr, const struct play_select *sel)
{
	char  *text;
	size_t len;

	if (!in_place)
		return play_open(pr, path, sel);
	if (cli_locked_open(lf, path) == -1)
		return CLI_USAGE;
	text = lf->text;
	len = lf->len;
	lf->text = NULL;
	return play_load(pr, path, text, len, sel, false);
}

int
play_open_locked(bool in_place, const char *path, struct cli_locked *lf,
    struct play_record *pr, const struct play_select *sel)
{
	int status;

	if ((status = open_locked(in_place, path, lf, pr, sel)) != CLI_OK)
		return status;
	/* A command that knows no keys changes no keyed record. */
	if (pr->rp.keyed) {
		cli_error("%s is keyed: this command cannot change it "
			  "(gameplay(1), \"SECURITY\"); nothing was written",
		    pr->name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

int
play_open_keyed(const struct play_cmd *cmd, const struct play_key *k,
    bool in_place, const char *path, struct cli_locked *lf,
    struct play_record *pr, const struct play_select *sel,
    char *const *operands, int noperands)
{
	int status;

	if ((status = open_locked(in_place, path, lf, pr, sel)) != CLI_OK)
		return status;
	return play_key_check(cmd, k, pr, operands, noperands);
}

int
play_write_locked(bool in_place, struct cli_locked *lf, const char *name,
    const struct play_record *np)
{
	struct cli_output out;

	if (!in_place) {
		if (fwrite(np->text, 1, np->len, stdout) != np->len ||
		    fflush(stdout) == EOF)
			return cli_output_ok(stdout, "stdout") ? CLI_INTERNAL :
								 CLI_USAGE;
		return CLI_OK;
	}
	if (cli_locked_output(lf, &out) == -1)
		return CLI_USAGE;
	if (fwrite(np->text, 1, np->len, out.fp) != np->len) {
		cli_error("%s: %s", name, strerror(errno));
		cli_output_abort(&out);
		return CLI_USAGE;
	}
	return cli_output_commit(&out) ? CLI_OK : CLI_USAGE;
}

char *
play_update_text(
    const struct play_record *pr, const struct record_update *u, size_t *len)
{
	char *s = record_update_text(pr->text, pr->end, pr->rec, u, len);

	return s == NULL ? NULL : play_with_rest(pr, s, len);
}

int
play_update_load(const struct play_record *pr, const struct record_update *u,
    const struct play_select *sel, struct play_record *np)
{
	char  *text;
	size_t len;

	if ((text = play_update_text(pr, u, &len)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	return play_load(np, pr->path, text, len, sel, true);
}

int
play_unchecked(const struct play_record *pr, const char *what)
{
	cli_error("%s: %s does not check; please report this", pr->name, what);
	return CLI_INTERNAL;
}

char *
play_with_rest(const struct play_record *pr, char *s, size_t *len)
{
	size_t rest = pr->len - pr->end, cap;

	if (rest == 0)
		return s;
	cap = *len + 1;
	if (array_grow(&s, &cap, *len + rest + 1, 1) == -1) {
		free(s);
		return NULL;
	}
	memcpy(s + *len, pr->text + pr->end, rest);
	*len += rest;
	s[*len] = '\0';
	return s;
}

int
play_passes_written(const struct play_record *pr, const char *what)
{
	if (pr->rp.implied_passes == 0)
		return CLI_OK;
	cli_error("%s: the record leaves its passes implied "
		  "(formats/record.md, \"Passes left out\"): %s a record "
		  "that writes them; write it with gamecheck --write=pgn",
	    pr->name, what);
	return CLI_USAGE;
}

int
play_decidable(const struct play_record *pr, const char *what)
{
	char how[RECORD_SHOWN + 32];

	if (pr->rp.forfeit) {
		play_forfeit_text(pr->rec, &pr->rp, how, sizeof how);
		cli_error("%s: the game was decided by forfeit, %s: there is "
			  "nothing to %s",
		    pr->name, how, what);
		return CLI_BAD;
	}
	if (record_tag_value_is(
		record_tag_find(pr->rec, "Termination"), "aborted")) {
		cli_error("%s: the game was aborted (the Termination tag): "
			  "there is nothing to %s",
		    pr->name, what);
		return CLI_BAD;
	}
	if (pr->rp.agreed) {
		cli_error("%s: the game was drawn by agreement: there is "
			  "nothing to %s",
		    pr->name, what);
		return CLI_BAD;
	}
	if (pr->rp.adjudged) {
		cli_error(
		    "%s: the game was adjudicated: there is nothing to %s",
		    pr->name, what);
		return CLI_BAD;
	}
	if (pr->rp.score.over) {
		cli_error("%s: the game is over: there is nothing to %s",
		    pr->name, what);
		return CLI_BAD;
	}
	return CLI_OK;
}

int
play_write_forfeit(const struct play_record *pr, const struct play_edit *ed,
    int loser, const char *how, const char *tag, const char *when,
    struct play_record *np)
{
	return play_write_forfeit_why(pr, ed, loser, how, tag, when, NULL, np);
}

int
play_write_forfeit_why(const struct play_record *pr, const struct play_edit *ed,
    int loser, const char *how, const char *tag, const char *when,
    const char *reason, struct play_record *np)
{
	const struct rules_game *g = pr->rp.game;
	char			 why[64];
	struct record_tag_out	 tags[4] = { { "Termination", why },
		   { "Winner", g->colour[1 - loser] } };
	struct record_update	 u = { .tags = tags, .ntags = 2 };
	char			 result[32];
	int			 status, score[RULES_COLOURS];

	if (tag != NULL)
		tags[u.ntags++] = (struct record_tag_out){ tag, when };
	if (reason != NULL)
		tags[u.ntags++] = (struct record_tag_out){ "AdjudicationReason",
			reason };
	snprintf(why, sizeof why, "%s %s", g->colour[loser], how);
	/* The Result agrees with the decision: the forfeit's score. */
	if (replay_forfeit_score(&pr->rp, loser, score)) {
		snprintf(result, sizeof result, "%d-%d", score[0], score[1]);
		u.result = result;
	}
	if ((status = play_update_load(pr, &u, &ed->sel, np)) == -1)
		return CLI_INTERNAL;
	if (status != CLI_OK || !np->rp.forfeit)
		return play_unchecked(pr, "the decided record");
	return CLI_OK;
}
