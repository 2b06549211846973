/* SPDX-License-Identifier: MIT */
/*
 * Duplicates up to symmetry (dedupe.h, gamecheck(1), "DUPLICATES").  A
 * whole game's canonical form is its least image, action by action, under
 * the symmetries that keep its start position (its turns' cells mapped):
 * the same for every image of the game, since those symmetries make a
 * group; that image is hashed.  A position is keyed by rules_position_key under the board's
 * whole group.  Only the 128-bit hashes are kept, in an open-addressed set
 * (linear probing) never more than 3/4 full: 22 to 43 bytes a distinct
 * entry, 64 while the table doubles.  Two different games share a hash
 * with a chance of about n^2 / 2^129.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/dedupe.h"
#include "util/util.h"
#include "rules/symmetry.h"

/* One hash: two 64-bit lanes, {0, 0} marking an empty slot. */
struct h128 {
	uint64_t a, b;
};

struct cli_dedupe {
	struct cli_dedupe_spec spec;
	struct replay_options  ro;
	struct replay	       start; /* replayed to turn 0 or N */
	/* The game and board of a start without Setup or Variant tags. */
	const struct rules_game *start_game;
	char			 start_board[16];
	struct h128		*slot;
	size_t			 cap; /* a power of 2, or 0 */
	size_t			 n;
	/* The last board's symmetries, and those keeping the last start. */
	const struct rules_game *sym_game;
	struct rules_board	 sym_board;
	struct rules_symmetries	 all, kept;
	uint8_t			 kept_start[RULES_MAX_CELLS + 1];
	bool			 kept_valid;
	/*
	 * start_of gave the start it gave last time, unreplayed: kept and
	 * start_hash (the hash of a game's start, seeded) still hold.
	 */
	bool			 start_same;
	struct h128		 start_hash;
	struct h128		*pre; /* prefix: a game's prefixes' hashes */
	size_t			 npre, pre_cap;
	/* cli_dedupe_prepare's hash of the record it was given. */
	const struct record	  *early_rec;
	const struct record_token *early_turns;
	unsigned long		   early_index;
	size_t			   early_nturns;
	struct h128		   early;
	struct rules_action	*acts; /* a token's, parsed */
	size_t			*offs;
	uint64_t		*vals; /* their least images' values */
	size_t			 acts_cap;
};

void
cli_dedupe_usage(FILE *f)
{
	fprintf(f,
	    "      --dedupe=MODE        leave out the games seen before, up\n"
	    "                           to symmetry: the same turns, their\n"
	    "                           start, or the position at the end\n"
	    "                           (exact, prefix, position), or after\n"
	    "                           N turns (position:N)\n");
}

bool
cli_dedupe_option(struct cli_dedupe_run *run, const char *arg)
{
	struct cli_dedupe_spec *spec = &run->spec;

	memset(spec, 0, sizeof *spec);
	run->on = true;
	if (strcmp(arg, "exact") == 0)
		spec->mode = CLI_DEDUPE_EXACT;
	else if (strcmp(arg, "prefix") == 0)
		spec->mode = CLI_DEDUPE_PREFIX;
	else if (strcmp(arg, "position") == 0)
		spec->mode = CLI_DEDUPE_POSITION;
	else if (strncmp(arg, "position:", 9) == 0 &&
	    cli_parse_count(arg + 9, &spec->turn)) {
		spec->mode = CLI_DEDUPE_POSITION;
		spec->at_turn = true;
	} else {
		cli_error(
		    "--dedupe: unknown mode '%s' (exact, prefix, position "
		    "or position:N, N a number of turns)",
		    arg);
		return false;
	}
	return true;
}

struct cli_dedupe *
cli_dedupe_new(
    const struct cli_dedupe_spec *spec, const struct replay_options *ro)
{
	struct cli_dedupe *dd;

	if ((dd = calloc(1, sizeof *dd)) == NULL)
		return NULL;
	dd->spec = *spec;
	dd->ro = *ro;
	replay_init(&dd->start);
	/* parse_kept's fast way writes one action without asking. */
	dd->acts = calloc(1, sizeof *dd->acts);
	dd->offs = calloc(1, sizeof *dd->offs);
	dd->vals = calloc(1, sizeof *dd->vals);
	if (dd->acts == NULL || dd->offs == NULL || dd->vals == NULL) {
		cli_dedupe_free(dd);
		return NULL;
	}
	dd->acts_cap = 1;
	return dd;
}

void
cli_dedupe_free(struct cli_dedupe *dd)
{
	if (dd == NULL)
		return;
	replay_fini(&dd->start);
	free(dd->slot);
	free(dd->pre);
	free(dd->acts);
	free(dd->offs);
	free(dd->vals);
	free(dd);
}

unsigned long
cli_dedupe_size(const struct cli_dedupe *dd)
{
	return (unsigned long)dd->n;
}

/* ---- Hashing -------------------------------------------------------- */

static uint64_t
fmix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

static void
mix(struct h128 *h, uint64_t v)
{
	h->a = (h->a ^ v) * 0x9e3779b97f4a7c15ULL;
	h->a ^= h->a >> 29;
	h->b = (h->b + v + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
	h->b = (h->b << 31 | h->b >> 33) ^ h->a;
}

static void
mix_bytes(struct h128 *h, const void *p, size_t len)
{
	const uint8_t *s = p;
	uint64_t       v;
	size_t	       i;

	for (i = 0; i < len; i += 8) {
		v = 0;
		memcpy(&v, s + i, len - i < 8 ? len - i : 8);
		mix(h, v);
	}
	mix(h, len);
}

static struct h128
finish(struct h128 h)
{
	struct h128 f;

	f.a = fmix(h.a ^ fmix(h.b));
	f.b = fmix(h.b + f.a);
	/* {0, 0} is the empty slot's. */
	if (f.a == 0 && f.b == 0)
		f.b = 1;
	return f;
}

/* What every hash of a game starts from: the game and its board. */
static struct h128
seed(const struct rules_position *pos, int kind)
{
	struct h128 h = { 0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL };

	mix(&h, (uint64_t)kind);
	mix_bytes(&h, pos->game->name, strlen(pos->game->name));
	mix(&h,
	    (uint64_t)pos->board.geometry << 48 ^
		(uint64_t)pos->board.width << 32 ^
		(uint64_t)pos->board.height << 16 ^
		(uint64_t)pos->board.ncells);
	return h;
}

/* ---- The set -------------------------------------------------------- */

static size_t
slot_of(const struct cli_dedupe *dd, struct h128 h)
{
	size_t i = (size_t)h.a & (dd->cap - 1);

	while ((dd->slot[i].a != 0 || dd->slot[i].b != 0) &&
	    (dd->slot[i].a != h.a || dd->slot[i].b != h.b))
		i = (i + 1) & (dd->cap - 1);
	return i;
}

static bool
set_has(const struct cli_dedupe *dd, struct h128 h)
{
	size_t i;

	if (dd->cap == 0)
		return false;
	i = slot_of(dd, h);
	return dd->slot[i].a != 0 || dd->slot[i].b != 0;
}

/* Adds h (new or not): 0, or -1 when memory runs out. */
static int
set_add(struct cli_dedupe *dd, struct h128 h)
{
	struct h128 *old = dd->slot;
	size_t	     oldcap = dd->cap, i, j;

	if (4 * (dd->n + 1) > 3 * dd->cap) {
		dd->cap = oldcap == 0 ? 1024 : 2 * oldcap;
		if ((dd->slot = calloc(dd->cap, sizeof *dd->slot)) == NULL) {
			dd->slot = old;
			dd->cap = oldcap;
			return -1;
		}
		for (i = 0; i < oldcap; i++)
			if (old[i].a != 0 || old[i].b != 0) {
				j = slot_of(dd, old[i]);
				dd->slot[j] = old[i];
			}
		free(old);
	}
	i = slot_of(dd, h);
	if (dd->slot[i].a == 0 && dd->slot[i].b == 0) {
		dd->slot[i] = h;
		dd->n++;
	}
	return 0;
}

/*
 * Whether h is in the set, and when not and add, adds it: one probe for
 * both, a new game's slot the one its search ends at.  1, 0, or -1 when
 * memory runs out.
 */
static int
set_has_add(struct cli_dedupe *dd, struct h128 h, bool add)
{
	size_t i;

	if (dd->cap > 0) {
		i = slot_of(dd, h);
		if (dd->slot[i].a != 0 || dd->slot[i].b != 0)
			return 1;
		if (add && 4 * (dd->n + 1) <= 3 * dd->cap) {
			dd->slot[i] = h;
			dd->n++;
			return 0;
		}
	}
	return add ? set_add(dd, h) : 0;
}

/* ---- Symmetries ----------------------------------------------------- */

static bool
same_board(const struct rules_board *x, const struct rules_board *y)
{
	return x->geometry == y->geometry && x->width == y->width &&
	    x->height == y->height && x->ncells == y->ncells &&
	    strcmp(x->name, y->name) == 0;
}

/* The board's symmetries, found once a board (the archive's one). */
static const struct rules_symmetries *
all_of(struct cli_dedupe *dd, const struct rules_position *pos)
{
	if (dd->sym_game != pos->game ||
	    !same_board(&dd->sym_board, &pos->board)) {
		dd->sym_game = pos->game;
		dd->sym_board = pos->board;
		rules_symmetries_of_game(pos, &dd->all);
		dd->kept_valid = false;
	}
	return &dd->all;
}

/*
 * Those that keep the start position, found once a start, and the hash
 * every game from it starts from (dd->start_hash): the start is its own
 * image under every one of them.
 */
static const struct rules_symmetries *
kept_of(struct cli_dedupe *dd, const struct rules_position *start)
{
	uint8_t key[RULES_MAX_CELLS + 1];
	int	n = start->board.ncells, i;

	/* An archive's every record: the same start, its pieces unread. */
	if (dd->start_same && dd->kept_valid)
		return &dd->kept;
	all_of(dd, start);
	for (i = 0; i < n; i++)
		key[i] = (uint8_t)rules_piece(start, i);
	key[n] = (uint8_t)rules_to_move(start);
	if (!dd->kept_valid || memcmp(key, dd->kept_start, (size_t)n + 1)) {
		memcpy(dd->kept_start, key, (size_t)n + 1);
		dd->kept = dd->all;
		rules_symmetries_keeping(&dd->kept, start);
		dd->kept_valid = true;
		dd->start_hash = seed(start, CLI_DEDUPE_EXACT);
		mix_bytes(&dd->start_hash, dd->kept_start, (size_t)n + 1);
	}
	return &dd->kept;
}

/* ---- Games ---------------------------------------------------------- */

/* parse_kept's answer for a pass, written or implied. */
#define PASS_TURN (-2)

/*
 * The cell of a square such as f5 written with two bytes, as the codec
 * and the referee's fast way read it, or -1: nearly every turn of an
 * archive (no pass is a square).  Only where the game plays cells
 * (rules_play_cells), whose codec reads a square so.
 */
static inline int
square_cell(const struct rules_position *pos, const char *tok, size_t len)
{
	const struct rules_board *b = &pos->board;
	unsigned		  file, rank;

	if (len != 2 || b->geometry != RULES_SQUARE ||
	    pos->game->play_cells == NULL)
		return -1;
	file = ((unsigned char)tok[0] | 0x20) - 'a';
	rank = (unsigned char)tok[1] - '1';
	if (file >= 23 || rank >= 9 || file >= (unsigned)b->width ||
	    rank >= (unsigned)b->height)
		return -1;
	return (int)(rank * (unsigned)b->width + file);
}

/*
 * The actions of a turn kept by the replay (the codec's canonical
 * spelling): into dd->acts, their number, PASS_TURN, or -1 (memory, or
 * no turn).
 */
static int
parse_kept(struct cli_dedupe *dd, struct record_syntax *syn,
    const struct rules_position *pos, const char *tok, size_t len)
{
	size_t	    need;
	int	    c;
	struct diag d;

	if ((c = square_cell(pos, tok, len)) != -1) {
		dd->acts[0] = (struct rules_action){ .kind = RULES_PLACE,
			.to = (int16_t)c };
		return 1;
	}
	if (record_turn_is_pass(tok, len))
		return PASS_TURN;
	need = record_turn_bound(tok, len) + 1;
	if (need > dd->acts_cap) {
		free(dd->acts);
		free(dd->offs);
		free(dd->vals);
		dd->acts = calloc(need, sizeof *dd->acts);
		dd->offs = calloc(need, sizeof *dd->offs);
		dd->vals = calloc(need, sizeof *dd->vals);
		dd->acts_cap = dd->acts && dd->offs && dd->vals ? need : 0;
		if (dd->acts_cap == 0)
			return -1;
	}
	return record_turn_parse(
	    syn, &pos->board, tok, len, dd->acts, dd->offs, dd->acts_cap, &d);
}

/*
 * An action under symmetry map, as a number: bits 0-47 (kind, capture,
 * from, to), so that bit 48 can mark a turn's last action.
 */
static uint64_t
action_value(const struct rules_action *a, const int16_t *map)
{
	uint16_t from = (uint16_t)a->from, to = (uint16_t)a->to;

	if (a->kind == RULES_MOVE)
		from = (uint16_t)map[a->from];
	if (a->kind == RULES_PLACE || a->kind == RULES_REMOVE ||
	    a->kind == RULES_MOVE)
		to = (uint16_t)map[a->to];
	return (uint64_t)a->kind | (uint64_t)a->capture << 8 |
	    (uint64_t)from << 16 | (uint64_t)to << 32;
}

/* The symmetries still giving a game's least image so far. */
struct alive {
	bool is[RULES_MAX_SYMMETRIES];
	int  n;	   /* how many */
	int  only; /* the one, when n is 1 */
};

/*
 * Keeps in al the symmetries under which action a has the least image,
 * and returns that image's value.  Once one is left (after a standard
 * Othello game's first move) it alone maps.
 */
static uint64_t
least_image(const struct rules_action *a, const struct rules_symmetries *s,
    struct alive *al)
{
	uint64_t v[RULES_MAX_SYMMETRIES], min = UINT64_MAX;
	int	 k;

	if (al->n == 1)
		return action_value(a, s->map[al->only]);
	for (k = 0; k < s->n; k++)
		if (al->is[k] && (v[k] = action_value(a, s->map[k])) < min)
			min = v[k];
	al->n = 0;
	for (k = 0; k < s->n; k++)
		if (al->is[k] && (al->is[k] = v[k] == min)) {
			al->n++;
			al->only = k;
		}
	return min;
}

/*
 * A game's turns as the words mixed into its hash.  A turn of one
 * placement on a cell below 2^14 (nearly every turn of Reversi or Oust)
 * is a 16-bit code, 0x8000 | cell, four to a word, the first code in the
 * top bits, so that a word of codes has bit 63 set; any other turn is its
 * actions' values (below 2^49), each a word.  The words say the turns
 * back, so two games mix the same words only if they are the same game;
 * and there are a quarter as many mixes, which an archive's hashing
 * spends most of its time on.
 */
struct packer {
	uint64_t word;
	int	 n; /* codes in word */
};

static void
pack_flush(struct h128 *h, struct packer *pk)
{
	if (pk->n == 0)
		return;
	mix(h, pk->word << 16 * (4 - pk->n));
	pk->word = 0;
	pk->n = 0;
}

/* A turn of n actions, values v (their least images), into h. */
static void
pack_turn(struct h128 *h, struct packer *pk, const uint64_t *v, int n)
{
	int i;

	if (n == 1 && (v[0] & 0xffffffffULL) == RULES_PLACE &&
	    v[0] >> 32 < 0x4000) {
		pk->word = pk->word << 16 | 0x8000 | v[0] >> 32;
		if (++pk->n == 4)
			pack_flush(h, pk);
		return;
	}
	pack_flush(h, pk);
	/* The turn ends with its last action (bit 48). */
	for (i = 0; i < n; i++)
		mix(h, v[i] | (uint64_t)(i == n - 1) << 48);
	if (n == 0)
		mix(h, (uint64_t)1 << 48);
}

/*
 * The turns from toks[t] on that are squares written with two bytes,
 * while one symmetry (map) is left: each its code, 0x8000 | its image
 * (a cell of a square board is below 2^14), packed as pack_turn packs
 * it, with no action made and no image compared (least_image's one
 * map).  An archive's every turn after the first is one.  Returns the
 * index of the first turn left, pack_turn's.
 */
static size_t
pack_squares(struct h128 *h, struct packer *pk,
    const struct rules_position *start, const int16_t *map,
    const struct record_token *toks, size_t t, size_t ntoks)
{
	struct h128 hh = *h; /* in registers, not through h */
	uint64_t    word = pk->word;
	int	    n = pk->n, c;

	for (; t < ntoks; t++) {
		if ((c = square_cell(start, toks[t].text, toks[t].len)) == -1)
			break;
		word = word << 16 | 0x8000 | (uint16_t)map[c];
		if (++n == 4) {
			mix(&hh, word);
			word = 0;
			n = 0;
		}
	}
	*h = hh;
	pk->word = word;
	pk->n = n;
	return t;
}

/*
 * The canonical hash of the game of the ntoks turn tokens at toks played
 * from start, in *out: the hash of its least image under the symmetries
 * that keep the start, action by action (the images of a game are the
 * images of each other's, so the least is the same for all of them), the
 * symmetries dropped as soon as they give a greater one, most after the
 * first move.  With prefixes, each of its prefixes' (the empty one too)
 * in dd->pre: the least image of a prefix is that of the game's prefix
 * under the symmetries alive there.  Returns 0, or -1 (memory; a turn the
 * codec cannot read).
 */
static int
game_hash(struct cli_dedupe *dd, struct record_syntax *syn,
    const struct rules_position *start, const struct record_token *toks,
    size_t ntoks, bool prefixes, struct h128 *out)
{
	const struct rules_symmetries *s = kept_of(dd, start);
	struct h128		       h = dd->start_hash;
	struct alive		       al;
	struct packer		       pk = { 0, 0 };
	size_t			       t;
	int			       k, i, n;
	/* A prefix's hash is the words of its turns: none held back. */
	bool each_turn = dd->spec.mode == CLI_DEDUPE_PREFIX;

	for (k = 0; k < s->n; k++)
		al.is[k] = true;
	al.n = s->n;
	al.only = 0;
	dd->npre = 0;
	for (t = 0;; t++) {
		if (each_turn)
			pack_flush(&h, &pk);
		if (prefixes) {
			if (array_grow(&dd->pre, &dd->pre_cap, dd->npre + 1,
				sizeof *dd->pre) == -1)
				return -1;
			dd->pre[dd->npre++] = finish(h);
		}
		if (!each_turn && al.n == 1)
			t = pack_squares(
			    &h, &pk, start, s->map[al.only], toks, t, ntoks);
		if (t == ntoks)
			break;
		/*
		 * A pass, written or implied, is left out: every game's
		 * rules force it (rules.md), so the other turns make the
		 * game, whichever way the record writes its passes.
		 */
		n = parse_kept(dd, syn, start, toks[t].text, toks[t].len);
		if (n == PASS_TURN)
			continue;
		if (n < 0)
			return -1;
		for (i = 0; i < n; i++)
			dd->vals[i] = least_image(&dd->acts[i], s, &al);
		pack_turn(&h, &pk, dd->vals, n);
	}
	pack_flush(&h, &pk);
	*out = finish(h);
	return 0;
}

/* The hash of a position up to the board's whole group. */
static struct h128
position_hash(struct cli_dedupe *dd, const struct rules_position *pos)
{
	uint8_t	    key[RULES_KEY_SIZE(RULES_MAX_CELLS)];
	struct h128 h = seed(pos, CLI_DEDUPE_POSITION);

	rules_position_key(pos, all_of(dd, pos), key);
	mix_bytes(&h, key, RULES_KEY_SIZE(pos->board.ncells));
	return finish(h);
}

/*
 * The start position of rec (replayed in rp): the last one again for a
 * record of the same game and board without Setup or Variant tags (an
 * archive's every game), else the record replayed to its start.  NULL for
 * a record whose start has an error (-1 in *rc for memory).
 */
/* Whether rec starts as its game and board do (no Setup, no Variant). */
static bool
plain_start(const struct record *rec)
{
	return record_tag_find(rec, "Setup") == NULL &&
	    record_tag_find(rec, "Variant") == NULL;
}

static const struct rules_position *
start_of(struct cli_dedupe *dd, struct record_syntax *syn,
    const struct record *rec, const struct replay *rp, int *rc)
{
	struct replay_options ro = dd->ro;
	bool		      plain = plain_start(rec);

	dd->start_same = plain && dd->start_game == rp->game &&
	    strcmp(dd->start_board, rp->pos->board.name) == 0;
	if (dd->start_same)
		return dd->start.pos;
	dd->start_game = NULL;
	ro.limit = true;
	ro.upto = 0;
	ro.keep_turns = false;
	replay_record(syn, rec, &ro, &dd->start);
	if (dd->start.has_error) {
		*rc = dd->start.error.code == DIAG_NO_MEMORY ? -1 : 0;
		return NULL;
	}
	if (plain) {
		dd->start_game = rp->game;
		snprintf(dd->start_board, sizeof dd->start_board, "%s",
		    rp->pos->board.name);
	}
	return dd->start.pos;
}

/* The hash of rec's position at turn N (position:N), in *h: 1, or rc. */
static int
turn_hash(struct cli_dedupe *dd, struct record_syntax *syn,
    const struct record *rec, struct h128 *h)
{
	struct replay_options ro = dd->ro;

	ro.limit = true;
	ro.upto = dd->spec.turn;
	ro.keep_turns = false;
	replay_record(syn, rec, &ro, &dd->start);
	if (dd->start.has_error)
		return dd->start.error.code == DIAG_NO_MEMORY ? -1 : 0;
	/*
	 * Fewer turns than N, a pass the record leaves implied counted as
	 * one (the turn it is in at its end too, as a token).
	 */
	if (dd->start.turns + (dd->start.in_turn ? 1 : 0) < ro.upto)
		return 0;
	*h = position_hash(dd, dd->start.pos);
	return 1;
}

void
cli_dedupe_prepare(
    struct cli_dedupe *dd, struct record_syntax *syn, const struct record *rec)
{
	struct h128 h;

	dd->early_rec = NULL;
	/*
	 * start_of's last start was plain, and game_hash found its
	 * symmetries (kept_of): the start of rec too, if the replay agrees.
	 */
	if (dd->spec.mode != CLI_DEDUPE_EXACT || dd->start_game == NULL ||
	    !dd->kept_valid || !plain_start(rec))
		return;
	dd->start_same = true;
	if (game_hash(dd, syn, dd->start.pos, rec->turns, rec->nturns, false,
		&h) == -1)
		return;
	/* A slot missed in the cache costs as much as hashing a game. */
	if (dd->cap > 0)
		__builtin_prefetch(&dd->slot[h.a & (dd->cap - 1)]);
	dd->early = h;
	dd->early_rec = rec;
	dd->early_turns = rec->turns;
	dd->early_index = rec->index;
	dd->early_nturns = rec->nturns;
}

/* Whether cli_dedupe_prepare's hash is rec's, from start_of's start. */
static bool
early_is(const struct cli_dedupe *dd, const struct record *rec)
{
	return dd->start_same && dd->early_rec == rec &&
	    dd->early_turns == rec->turns && dd->early_index == rec->index &&
	    dd->early_nturns == rec->nturns;
}

int
cli_dedupe_seen(struct cli_dedupe *dd, struct record_syntax *syn,
    const struct record *rec, const struct replay *rp, bool add)
{
	const struct rules_position *start;
	struct h128		     h;
	bool   prefix = dd->spec.mode == CLI_DEDUPE_PREFIX;
	size_t i;
	int    rc = 0;

	if (rp->has_error || rp->pos == NULL)
		return 0;
	if (dd->spec.mode == CLI_DEDUPE_POSITION && !dd->spec.at_turn)
		h = position_hash(dd, rp->pos);
	else if (dd->spec.mode == CLI_DEDUPE_POSITION) {
		if ((rc = turn_hash(dd, syn, rec, &h)) != 1)
			return rc;
	} else {
		if ((start = start_of(dd, syn, rec, rp, &rc)) == NULL)
			return rc;
		if (early_is(dd, rec))
			h = dd->early;
		else if (game_hash(dd, syn, start, rec->turns, rec->nturns,
			     prefix && add, &h) == -1)
			return -1;
	}
	dd->early_rec = NULL;
	if (!prefix)
		return set_has_add(dd, h, add);
	if (set_has(dd, h))
		return 1;
	/* Every game a prefix of this one is seen from now on. */
	for (i = 0; add && i < dd->npre; i++)
		if (set_add(dd, dd->pre[i]) == -1)
			return -1;
	return 0;
}
