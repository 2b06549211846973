/* SPDX-License-Identifier: MIT */
/*
 * gamestat --tree (tree.c; gamestat(1), "TREE"): the positions each
 * counted game reaches, up to --depth turns from its start or from the
 * position --from's turns reach, canonical under the symmetries the
 * game's rules respect (rules_position_key), and the move played from
 * each, put in the key's frame, into a stat_tree.  The replay shows the
 * positions (replay_options' each); the moves are the record's tokens
 * and the passes it leaves implied.
 */
#ifndef ARBITER_CLI_TREE_H
#define ARBITER_CLI_TREE_H

#include <stdbool.h>
#include <stdio.h>

#include "record/record.h"
#include "referee/referee.h"
#include "stat/stat.h"
#include "stat/tree.h"

/* --depth without a number: the tree's, and the query's (--from). */
#define CLI_TREE_DEPTH	    12
#define CLI_TREE_FROM_DEPTH 1
/* The most --depth takes. */
#define CLI_TREE_MAX_DEPTH 100

struct cli_tree;

/* The options, and the run they make (from cli_tree_start). */
struct cli_tree_run {
	bool		 on;	    /* --tree */
	bool		 has_depth; /* --depth given */
	unsigned long	 depth;
	const char	*from; /* --from, or NULL */
	const char	*html; /* --html, or NULL */
	struct cli_tree *ct;
};

/* --depth=arg: true, or false after saying what it takes (usage). */
bool cli_tree_depth_option(struct cli_tree_run *, const char *arg);
/* --from=arg: true, or false after saying what it takes (usage). */
bool cli_tree_from_option(struct cli_tree_run *, const char *arg);
/* The depth the run counts: --depth's, else the default. */
unsigned long cli_tree_depth(const struct cli_tree_run *);

/*
 * Starts counting for records replayed with ro (copied; its game and
 * passes, for --from): 0, or -1 after saying why (memory).
 */
int cli_tree_start(struct cli_tree_run *, const struct replay_options *ro);
/* The tree counted so far (the run keeps it), or NULL before the start. */
struct stat_tree *cli_tree_get(struct cli_tree_run *);
/* Takes the tree from the run: the caller frees it. */
struct stat_tree *cli_tree_take(struct cli_tree_run *);
void		  cli_tree_free(struct cli_tree_run *);

/*
 * Has the replay of ro show the run each position (after whatever each
 * ro already has, which it still calls).
 */
void cli_tree_replay_options(struct cli_tree_run *, struct replay_options *ro);
/*
 * Forgets the last record's positions before the next record is replayed
 * into rp (borrowed, read while it replays: which of its turns are passes
 * the record leaves implied).
 */
void cli_tree_begin(struct cli_tree_run *, const struct replay *rp);
/*
 * Counts rec (read from input name, replayed in rp, summed up as g) into
 * the tree: 0, or -1 after saying why (memory), or -2 after saying that
 * --from's turns are no line of rec's game (a usage error).  A record
 * whose replay has an error is not counted.
 */
int cli_tree_record(struct cli_tree_run *, struct record_syntax *,
    const char *name, const struct record *rec, const struct replay *rp,
    const struct stat_game *g);

/* Action a with its cells taken by a symmetry's map. */
struct rules_action
cli_tree_image(const struct rules_action *a, const int16_t *map);

/*
 * --html (tree-page.c): the page to browse t, written to out.  0, or -1
 * (errno: out, or memory).
 */
int cli_tree_page(FILE *out, const struct stat_tree *t);

#endif
