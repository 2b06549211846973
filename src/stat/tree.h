/* SPDX-License-Identifier: MIT */
/*
 * The opening tree of gamestat --tree (tree.c; formats/summary.md, "The
 * tree"): positions, as keys the caller computes (canonical up to the
 * symmetries the rules respect: opaque bytes here), and the moves played
 * from them, as text in the key's frame, each with exact integer counts
 * of the games through it and the least few of their ids.  Two trees
 * merge exactly (sums, minima, the least examples of both), so a tree of
 * shards is the tree of the whole.
 */
#ifndef ARBITER_STAT_TREE_H
#define ARBITER_STAT_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

/* Example games kept for a position or a move. */
#define STAT_TREE_EXAMPLES 3
/* No node, edge or string. */
#define STAT_TREE_NONE UINT32_MAX

/*
 * What one game adds: its result as the summary counts it
 * (formats/summary.md: decided games' winners and draws, finished
 * games' margins), and its id: the source's game id (number 0), or the
 * input's name and the record's number in it.
 */
struct stat_tree_game {
	bool	    decided;
	int	    winner; /* colour index, -1 for a draw */
	bool	    scored;
	long long   margin; /* the first colour's points minus the second's */
	const char *id;
	uint64_t    number;
};

/* The figures of a position or a move: exact, mergeable. */
struct stat_tree_count {
	uint64_t games;
	uint64_t wins[2]; /* decided games, by winning colour */
	uint64_t draws;
	uint64_t scored; /* finished games, whose margins are summed */
	int64_t	 margin;
	/* The least examples by (id, number), bytes then number. */
	uint64_t exnum[STAT_TREE_EXAMPLES];
	uint32_t exid[STAT_TREE_EXAMPLES]; /* strings */
	uint32_t nex;
};

struct stat_tree_node {
	uint64_t	       key; /* offset of its key in the tree's bytes */
	uint32_t	       keylen;
	uint32_t	       group;
	uint32_t	       depth; /* the fewest turns from a root seen */
	uint32_t	       first; /* its first move (edge), or NONE */
	struct stat_tree_count c;
};

struct stat_tree_edge {
	uint32_t	       from, to; /* nodes */
	uint32_t	       move;	 /* a string */
	uint32_t	       next;	 /* from's next move, or NONE */
	struct stat_tree_count c;
};

/* A game and board: a tree of its own, one root per start. */
struct stat_tree_group {
	uint32_t game, board, colour[2]; /* strings */
};

struct stat_tree {
	unsigned long		depth; /* turns counted from a root */
	char		       *from;  /* --from's turns, or NULL */
	uint64_t		records;
	struct stat_tree_group *group;
	size_t			ngroups, groups_cap;
	struct stat_tree_node  *node;
	size_t			nnodes, nodes_cap;
	struct stat_tree_edge  *edge;
	size_t			nedges, edges_cap;
	struct buf		bytes; /* keys and strings */
	uint64_t	       *str;   /* each string's offset in bytes */
	size_t			nstr, str_cap;
	struct hashmap		by_key, by_str;
};

/* An empty tree of depth turns from --from's (copied, or NULL). */
struct stat_tree *stat_tree_new(unsigned long depth, const char *from);
void		  stat_tree_free(struct stat_tree *);

/* String s of the tree (NUL terminated). */
const char *stat_tree_string(const struct stat_tree *, uint32_t s);
/* The string s (len bytes) interned: its number, or NONE (memory). */
uint32_t stat_tree_intern(struct stat_tree *, const char *s, size_t len);

/* The group of game, board and colours: its number, or NONE (memory). */
uint32_t stat_tree_group(struct stat_tree *, const char *game,
    const char *board, const char *const colour[2]);
/*
 * The node of key (len bytes) in group, made at depth if new, else its
 * depth lowered to depth: its number, or NONE (memory).
 */
uint32_t stat_tree_node(struct stat_tree *, uint32_t group, const void *key,
    size_t len, unsigned long depth);
/* The move (a string) from node to node: its number, or NONE (memory). */
uint32_t
stat_tree_edge(struct stat_tree *, uint32_t from, uint32_t move, uint32_t to);
/* A node's key bytes. */
const uint8_t *stat_tree_key(const struct stat_tree *, uint32_t node);

/* Adds game g to c: 0, or -1 (memory). */
int stat_tree_add(struct stat_tree *, struct stat_tree_count *c,
    const struct stat_tree_game *g);
/*
 * Adds the figures of c to those of the same node or move of t, made
 * if new: 0, or -1 (memory; an overflow, errno ERANGE).
 */
int stat_tree_merge(struct stat_tree *t, struct stat_tree_count *into,
    const struct stat_tree *src, const struct stat_tree_count *c);
/*
 * Adds the whole of src (of the same depth and --from) to t: 0, or -1
 * as stat_tree_merge; t is then incomplete.
 */
int stat_tree_absorb(struct stat_tree *t, const struct stat_tree *src);
/* The groups in the order they are written: by game, then board. */
uint32_t *stat_tree_groups(const struct stat_tree *);
/*
 * Offers example (id, number) to c, kept if among the least: 0, or -1
 * (memory).
 */
int stat_tree_example(struct stat_tree *, struct stat_tree_count *c,
    const char *id, uint64_t number);

/*
 * The nodes of group in the order they are written: breadth first from
 * the roots (depth 0, by key bytes), each node's moves in
 * stat_tree_moves' order; a node is listed where first reached.  Returns
 * a new array of *n node numbers (the caller frees it), or NULL
 * (memory).  The order depends only on what the tree holds, so a merged
 * tree is written as the whole's.
 */
uint32_t *stat_tree_order(const struct stat_tree *, uint32_t group, size_t *n);
/*
 * The moves of node, most games first, then by move text: a new array
 * of *n edge numbers, or NULL (memory; *n 0 and NULL for none).
 */
uint32_t *stat_tree_moves(const struct stat_tree *, uint32_t node, size_t *n);

#endif
