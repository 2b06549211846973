/* SPDX-License-Identifier: MIT */
/*
 * gamestat --tree (tree.h).  The replay shows each position of a record
 * (replay_options' each) and this keeps the key of the first depth + 1
 * from the root on, as rules_position_key writes it under the symmetries
 * the game's rules respect, with the symmetries that give it.  Once the
 * record is counted, each position becomes a node and each turn a move
 * between two (a token, or a pass the record leaves implied, which the
 * replay counts as it shows the position after it): its actions mapped
 * by those symmetries, the least
 * image written (so a position that maps onto itself gives a move one
 * name, whichever image of the game played it).  A game passing a
 * position twice counts there once.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/tree.h"
#include "rules/symmetry.h"

/* The tags a start position depends on, kept for --from's line. */
static const char *const start_tags[] = { "Game", "Board", "Size", "Setup",
	"Variant", "Seed" };
#define NSTART (sizeof start_tags / sizeof start_tags[0])

struct cli_tree {
	struct stat_tree     *tree;
	struct replay_options ro;     /* the run's, for --from's line */
	struct replay_each    before; /* the replay's each before ours */
	/* The symmetries of the last board. */
	const struct rules_game *sym_game;
	struct rules_board	 board;
	struct rules_symmetries	 sym;
	/*
	 * The record's positions: keys, keylen bytes each, masks, and the
	 * passes implied up to each (from rp, the replay showing them).
	 */
	size_t		     keylen;
	uint8_t		    *keys;
	unsigned	    *mask;
	unsigned long	    *implied;
	size_t		     npos, want; /* kept, and the most to keep */
	const struct replay *rp;
	/* --from: its turns, and the key they reach from the last start. */
	struct record_token	*from;
	size_t			 nfrom;
	char			*from_text; /* cut into the tokens */
	const char		*from_given;
	struct replay		 from_rp;
	size_t			 from_turns; /* the root's turn (root) */
	uint8_t			*from_start, *from_key;
	const struct rules_game *from_game;
	size_t			 from_len;
	bool			 from_valid;
	/* A record's nodes, for a position passed twice. */
	uint32_t *seen;
	/* A turn's actions, read and mapped. */
	struct rules_action *acts, *img, *best;
	size_t		    *offs;
	size_t		     acts_cap;
	char		    *idbuf;
	size_t		     idcap;
};

bool
cli_tree_depth_option(struct cli_tree_run *run, const char *arg)
{
	unsigned long v;

	if (!cli_parse_count(arg, &v) || v == 0 || v > CLI_TREE_MAX_DEPTH) {
		cli_error("--depth takes a number of turns from 1 to %d "
			  "(--depth 12), not '%s'",
		    CLI_TREE_MAX_DEPTH, arg);
		return false;
	}
	run->depth = v;
	run->has_depth = true;
	return true;
}

bool
cli_tree_from_option(struct cli_tree_run *run, const char *arg)
{
	const char *p;

	for (p = arg; *p == ' ' || *p == '\t'; p++)
		continue;
	if (*p == '\0') {
		cli_error("--from takes the turns that lead to a position, as "
			  "records write them (--from 'f5 d6 c3')");
		return false;
	}
	run->from = arg;
	return true;
}

unsigned long
cli_tree_depth(const struct cli_tree_run *run)
{
	if (run->has_depth)
		return run->depth;
	return run->from != NULL ? CLI_TREE_FROM_DEPTH : CLI_TREE_DEPTH;
}

/*
 * --from's text cut into turn tokens, in place: blanks part them, and a
 * move number ("1." or "1...") is left out, as the notation's are.
 */
static int
split_from(struct cli_tree *ct, char *s)
{
	size_t cap = 0, len;
	char  *end;

	for (;;) {
		s += strspn(s, " \t\n");
		if (*s == '\0')
			return 0;
		len = strcspn(s, " \t\n");
		end = s + len;
		if (strspn(s, "0123456789") > 0 &&
		    strspn(s, "0123456789.") == len && s[len - 1] == '.') {
			s = end;
			continue;
		}
		if (array_grow(
			&ct->from, &cap, ct->nfrom + 1, sizeof *ct->from) == -1)
			return -1;
		ct->from[ct->nfrom++] = (struct record_token){
			.text = s,
			.len = len,
			.at = { .line = 1,
			    .col = (unsigned long)(s - ct->from_text) + 1,
			    .offset = (unsigned long long)(s - ct->from_text) }
		};
		if (*end != '\0')
			*end++ = '\0';
		s = end;
	}
}

int
cli_tree_start(struct cli_tree_run *run, const struct replay_options *ro)
{
	struct cli_tree *ct;
	unsigned long	 depth = cli_tree_depth(run);

	if ((ct = calloc(1, sizeof *ct)) == NULL ||
	    (ct->tree = stat_tree_new(depth, run->from)) == NULL)
		goto out_oom;
	run->ct = ct;
	ct->ro = *ro;
	ct->ro.each = NULL;
	ct->ro.keep_turns = false;
	replay_init(&ct->from_rp);
	ct->from_given = run->from;
	if (run->from != NULL &&
	    ((ct->from_text = strdup(run->from)) == NULL ||
		split_from(ct, ct->from_text) == -1))
		goto out_oom;
	/* --from's tokens each a turn, and a pass implied before one. */
	ct->want = 2 * ct->nfrom + depth + 1;
	if ((ct->mask = calloc(ct->want, sizeof *ct->mask)) == NULL ||
	    (ct->implied = calloc(ct->want, sizeof *ct->implied)) == NULL ||
	    (ct->seen = calloc(ct->want, sizeof *ct->seen)) == NULL)
		goto out_oom;
	return 0;

out_oom:
	if (ct != NULL && run->ct == NULL)
		free(ct);
	cli_error("out of memory");
	return -1;
}

struct stat_tree *
cli_tree_get(struct cli_tree_run *run)
{
	return run->ct != NULL ? run->ct->tree : NULL;
}

struct stat_tree *
cli_tree_take(struct cli_tree_run *run)
{
	struct stat_tree *t = cli_tree_get(run);

	if (run->ct != NULL)
		run->ct->tree = NULL;
	return t;
}

void
cli_tree_free(struct cli_tree_run *run)
{
	struct cli_tree *ct = run->ct;

	if (ct == NULL)
		return;
	stat_tree_free(ct->tree);
	replay_fini(&ct->from_rp);
	free(ct->keys);
	free(ct->mask);
	free(ct->implied);
	free(ct->seen);
	free(ct->from);
	free(ct->from_text);
	free(ct->from_start);
	free(ct->from_key);
	free(ct->acts);
	free(ct->img);
	free(ct->best);
	free(ct->offs);
	free(ct->idbuf);
	free(ct);
	run->ct = NULL;
}

/* ---- Positions ------------------------------------------------------ */

static bool
same_board(const struct rules_board *x, const struct rules_board *y)
{
	return x->geometry == y->geometry && x->width == y->width &&
	    x->height == y->height && x->ncells == y->ncells &&
	    strcmp(x->name, y->name) == 0;
}

/* The symmetries of pos's game and board, found once a board. */
static int
symmetries_of(struct cli_tree *ct, const struct rules_position *pos)
{
	size_t len = RULES_KEY_SIZE(pos->board.ncells);

	if (ct->sym_game == pos->game && same_board(&ct->board, &pos->board))
		return 0;
	ct->sym_game = pos->game;
	ct->board = pos->board;
	rules_symmetries_of_game(pos, &ct->sym);
	if (len != ct->keylen) {
		free(ct->keys);
		ct->keylen = 0;
		if ((ct->keys = calloc(ct->want, len)) == NULL)
			return -1;
		ct->keylen = len;
	}
	return 0;
}

/* The replay's each: the run's first, then ours. */
static void
each_position(void *arg, const struct rules_position *pos)
{
	struct cli_tree *ct = arg;
	uint8_t		*key;

	replay_each_call(&ct->before, pos);
	if (ct->npos >= ct->want ||
	    (ct->npos == 0 && symmetries_of(ct, pos) == -1))
		return;
	/* A record on another board than its first: not one game's line. */
	if (!same_board(&ct->board, &pos->board))
		return;
	key = ct->keys + ct->npos * ct->keylen;
	rules_position_key(pos, &ct->sym, key);
	ct->implied[ct->npos] = ct->rp != NULL ? ct->rp->implied_passes : 0;
	ct->mask[ct->npos++] = rules_key_symmetries(pos, &ct->sym, key);
}

void
cli_tree_replay_options(struct cli_tree_run *run, struct replay_options *ro)
{
	replay_each_chain(ro, &run->ct->before, each_position, run->ct);
}

void
cli_tree_begin(struct cli_tree_run *run, const struct replay *rp)
{
	if (run->ct != NULL) {
		run->ct->npos = 0;
		run->ct->rp = rp;
	}
}

/* ---- Moves ---------------------------------------------------------- */

struct rules_action
cli_tree_image(const struct rules_action *a, const int16_t *map)
{
	struct rules_action b = *a;

	if (a->kind == RULES_MOVE)
		b.from = map[a->from];
	if (a->kind == RULES_PLACE || a->kind == RULES_REMOVE ||
	    a->kind == RULES_MOVE)
		b.to = map[a->to];
	return b;
}

static int
action_cmp(const struct rules_action *a, const struct rules_action *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->to != b->to)
		return a->to < b->to ? -1 : 1;
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return (a->capture > b->capture) - (a->capture < b->capture);
}

/* Room for a token's actions: 0, or -1 (memory). */
static int
acts_room(struct cli_tree *ct, size_t need)
{
	if (need <= ct->acts_cap)
		return 0;
	free(ct->acts);
	free(ct->img);
	free(ct->best);
	free(ct->offs);
	ct->acts = calloc(need, sizeof *ct->acts);
	ct->img = calloc(need, sizeof *ct->img);
	ct->best = calloc(need, sizeof *ct->best);
	ct->offs = calloc(need, sizeof *ct->offs);
	ct->acts_cap = ct->acts && ct->img && ct->best && ct->offs ? need : 0;
	return ct->acts_cap > 0 ? 0 : -1;
}

/*
 * The move of token tok at a position whose key the symmetries of mask
 * give, as a string of the tree: the least image of its actions under
 * them, written as the codec writes a turn.  NONE when memory runs out;
 * a token the codec cannot read (never, in a replayed record) is kept as
 * written.
 */
static uint32_t
move_of(struct cli_tree *ct, struct record_syntax *syn,
    const struct record_token *tok, unsigned mask)
{
	const struct rules_board *b = &ct->board;
	char			  out[256];
	struct diag		  d;
	int			  n, i, k, len, r;
	bool			  have = false;

	if (record_turn_is_pass(tok->text, tok->len))
		return stat_tree_intern(ct->tree, "pass", 4);
	if (acts_room(ct, record_turn_bound(tok->text, tok->len) + 1) == -1)
		return STAT_TREE_NONE;
	n = record_turn_parse(
	    syn, b, tok->text, tok->len, ct->acts, ct->offs, ct->acts_cap, &d);
	if (n <= 0)
		return stat_tree_intern(ct->tree, tok->text, tok->len);
	for (k = 0; k < ct->sym.n; k++) {
		if (!(mask & 1u << k))
			continue;
		for (r = 0, i = 0; i < n; i++) {
			ct->img[i] = cli_tree_image(
			    &ct->acts[i], ct->sym.map[k]);
			if (r == 0 && have)
				r = action_cmp(&ct->img[i], &ct->best[i]);
		}
		if (!have || r < 0)
			memcpy(ct->best, ct->img, (size_t)n * sizeof *ct->img);
		have = true;
	}
	len = record_turn_format(b, ct->best, (size_t)n, out, sizeof out);
	if (len < 0)
		return stat_tree_intern(ct->tree, tok->text, tok->len);
	return stat_tree_intern(ct->tree, out, (size_t)len);
}

/* ---- --from --------------------------------------------------------- */

/*
 * The key --from's turns reach from rec's start, found again only for
 * another start (ct->keys, the first): 0, or -1 (memory, said), or -2
 * after saying why they are no line of rec's game.
 */
static int
from_key(
    struct cli_tree *ct, struct record_syntax *syn, const struct record *rec)
{
	struct record_tag tags[NSTART];
	struct record	  r;
	size_t		  i, j, k = 0;

	if (ct->from_valid && ct->from_game == ct->sym_game &&
	    ct->from_len == ct->keylen &&
	    memcmp(ct->from_start, ct->keys, ct->keylen) == 0)
		return 0;
	r = *rec;
	for (i = 0; i < rec->ntags; i++)
		for (j = 0; j < NSTART; j++)
			if (k < NSTART &&
			    record_tag_name_eq(
				rec->tags[i].name, start_tags[j]))
				tags[k++] = rec->tags[i];
	r.tags = tags;
	r.ntags = k;
	r.turns = ct->from;
	r.nturns = ct->nfrom;
	r.has_result = false;
	r.nnotes = 0;
	r.nstamps = 0;
	r.claim.kind = RECORD_CLAIM_NONE;
	/* Every token of the line, and any pass it leaves implied. */
	ct->ro.limit = true;
	ct->ro.upto = ULONG_MAX;
	replay_record(syn, &r, &ct->ro, &ct->from_rp);
	if (ct->from_rp.has_error) {
		if (ct->from_rp.error.code == DIAG_NO_MEMORY) {
			cli_error("out of memory");
			return -1;
		}
		cli_error("--from: turn %lu of '%s' is no turn of %s at that "
			  "position (%s): give the turns of a game from its "
			  "start, as records write them",
		    ct->from_rp.error_turn, ct->from_given, ct->sym_game->name,
		    ct->from_rp.error.msg);
		return -2;
	}
	free(ct->from_start);
	free(ct->from_key);
	ct->from_valid = false;
	if ((ct->from_start = malloc(ct->keylen)) == NULL ||
	    (ct->from_key = malloc(ct->keylen)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	memcpy(ct->from_start, ct->keys, ct->keylen);
	rules_position_key(ct->from_rp.pos, &ct->sym, ct->from_key);
	ct->from_game = ct->sym_game;
	ct->from_len = ct->keylen;
	/* Its turns, a pass the line leaves implied one of them. */
	ct->from_turns = ct->from_rp.turns;
	ct->from_valid = true;
	return 0;
}

/* ---- Records -------------------------------------------------------- */

/*
 * The game's id into ct->idbuf: its GameId tag (number 0), else the
 * input's name, the record's number in *number.  -1: memory.
 */
static int
game_id(struct cli_tree *ct, const char *name, const struct record *rec,
    uint64_t *number)
{
	const struct record_tag *t = record_tag_find(rec, "GameId");
	const char		*s = t != NULL ? t->value : name;
	size_t			 len = t != NULL ? t->value_len : strlen(name);

	if (array_grow(&ct->idbuf, &ct->idcap, len + 1, 1) == -1)
		return -1;
	memcpy(ct->idbuf, s, len);
	ct->idbuf[len] = '\0';
	/* A NUL in a tag's value ends the id: it is text. */
	*number = t != NULL ? 0 : rec->index;
	return 0;
}

/* The node of position i, counted once for the game: NONE (memory). */
static uint32_t
count_node(struct cli_tree *ct, uint32_t group, size_t i, size_t root,
    const struct stat_tree_game *tg)
{
	uint32_t v;
	size_t	 j;

	v = stat_tree_node(
	    ct->tree, group, ct->keys + i * ct->keylen, ct->keylen, i - root);
	if (v == STAT_TREE_NONE)
		return v;
	for (j = root; j < i; j++)
		if (ct->seen[j] == v)
			break;
	ct->seen[i] = v;
	if (j == i && stat_tree_add(ct->tree, &ct->tree->node[v].c, tg) == -1)
		return STAT_TREE_NONE;
	return v;
}

/* Counts positions root to last and the moves between: 0, or -1. */
static int
count_line(struct cli_tree *ct, struct record_syntax *syn,
    const struct record *rec, uint32_t group, size_t root, size_t last,
    const struct stat_tree_game *tg)
{
	uint32_t from, to, move, e;
	size_t	 i, j;

	if ((from = count_node(ct, group, root, root, tg)) == STAT_TREE_NONE)
		return -1;
	for (i = root; i < last; i++) {
		/*
		 * The move to position i + 1: a pass implied there, else the
		 * token played, after as many tokens as turns but passes.
		 */
		if ((to = count_node(ct, group, i + 1, root, tg)) ==
			STAT_TREE_NONE)
			return -1;
		move = ct->implied[i + 1] > ct->implied[i] ?
		    stat_tree_intern(ct->tree, "pass", 4) :
		    move_of(ct, syn, &rec->turns[i - ct->implied[i + 1]],
			ct->mask[i]);
		if (move == STAT_TREE_NONE ||
		    (e = stat_tree_edge(ct->tree, from, move, to)) ==
			STAT_TREE_NONE)
			return -1;
		/* A move made twice from one position counts once. */
		for (j = root; j < i; j++)
			if (ct->seen[j] == from && ct->seen[j + 1] == to)
				break;
		if (j == i &&
		    stat_tree_add(ct->tree, &ct->tree->edge[e].c, tg) == -1)
			return -1;
		from = to;
	}
	return 0;
}

int
cli_tree_record(struct cli_tree_run *run, struct record_syntax *syn,
    const char *name, const struct record *rec, const struct replay *rp,
    const struct stat_game *g)
{
	struct cli_tree	     *ct = run->ct;
	struct stat_tree_game tg = { 0 };
	uint32_t	      group;
	size_t		      root = 0, last;
	int		      rc;

	/*
	 * Positions are shown a turn each: the tokens and the passes the
	 * record leaves implied are the moves.
	 */
	if (rp->has_error || ct->npos == 0 || ct->keys == NULL ||
	    ct->npos > rec->nturns + rp->implied_passes + 1)
		return 0;
	if (ct->nfrom > 0) {
		if ((rc = from_key(ct, syn, rec)) != 0)
			return rc;
		root = ct->from_turns;
		if (ct->npos <= root ||
		    memcmp(ct->keys + root * ct->keylen, ct->from_key,
			ct->keylen) != 0)
			return 0;
	}
	tg.decided = g->status == STAT_FINISHED || g->status == STAT_FORFEIT;
	tg.winner = g->winner;
	tg.scored = g->status == STAT_FINISHED && g->has_score;
	tg.margin = g->points[0] - g->points[1];
	if (game_id(ct, name, rec, &tg.number) == -1)
		goto out_oom;
	tg.id = ct->idbuf;
	if ((group = stat_tree_group(ct->tree, g->game, g->board, g->colour)) ==
	    STAT_TREE_NONE)
		goto out_oom;
	last = ct->npos - 1;
	if (last > root + ct->tree->depth)
		last = root + ct->tree->depth;
	if (count_line(ct, syn, rec, group, root, last, &tg) == -1)
		goto out_oom;
	ct->tree->records++;
	return 0;

out_oom:
	cli_error("out of memory");
	return -1;
}
