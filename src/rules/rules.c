/* SPDX-License-Identifier: MIT */
/*
 * The registry of games and the operations every game gets through the
 * interface alone: positions, the turn counter and the pie rule (both in
 * the state's head), variants, generic perft and random playouts.  The
 * rules of each game are in its own file.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/rules.h"
#include "util/util.h"

/* Adding a game: its file and one line of games.def (design.md §4). */
static const struct rules_game *const registry[] = {
#define G(id) &rules_##id,
#include "rules/games.def"
#undef G
};

const struct rules_game *
rules_game_at(size_t i)
{
	return i < sizeof registry / sizeof registry[0] ? registry[i] : NULL;
}

/* Edits (insert, delete, replace; any case) from a to b, at most 9. */
static int
edits(const char *a, const char *b)
{
	int    row[16], prev, up, i, j, cost;
	size_t na = strlen(a), nb = strlen(b);

	if (na > 12 || nb > 12)
		return 9;
	for (j = 0; j <= (int)nb; j++)
		row[j] = j;
	for (i = 1; i <= (int)na; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= (int)nb; j++) {
			up = row[j];
			cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			row[j] = prev + cost;
			if (up + 1 < row[j])
				row[j] = up + 1;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			prev = up;
		}
	}
	return row[nb];
}

/* The game one of whose names name is a slip of, or NULL. */
static const struct rules_game *
game_meant(const char *name)
{
	const struct rules_game *g, *best = NULL;
	const char		*n;
	size_t			 i, k, len = strlen(name);
	int			 d, least = 3;

	for (i = 0; (g = rules_game_at(i)) != NULL; i++)
		for (k = 0; k <= RULES_MAX_ALIASES; k++) {
			n = k == 0 ? g->name : g->aliases[k - 1];
			if (n == NULL)
				break;
			d = edits(name, n);
			if (len >= 3 && strncasecmp(n, name, len) == 0)
				d = 0;
			if (d < least && (size_t)d < len) {
				least = d;
				best = g;
			}
		}
	return best;
}

const struct rules_game *
rules_game_lookup(const char *name, const char *shown, struct diag *d)
{
	const struct rules_game *g;
	const char		*sep;
	char			 list[128];
	size_t			 i, n = 0;

	if ((g = rules_game_find(name)) != NULL)
		return g;
	if ((g = game_meant(name)) != NULL) {
		diag_set(d, DIAG_UNKNOWN_GAME,
		    "unknown game \"%s\": did you mean %s?", shown, g->name);
		return NULL;
	}
	list[0] = '\0';
	for (i = 0; (g = rules_game_at(i)) != NULL; i++) {
		sep = i == 0			 ? "" :
		    rules_game_at(i + 1) == NULL ? " and " :
						   ", ";
		n += (size_t)snprintf(list + n,
		    n < sizeof list ? sizeof list - n : 0, "%s%s", sep,
		    g->name);
	}
	diag_set(d, DIAG_UNKNOWN_GAME, "unknown game \"%s\": the games are %s",
	    shown, list);
	return NULL;
}

const struct rules_game *
rules_game_find(const char *name)
{
	const struct rules_game *g;
	size_t			 i, k;

	for (i = 0; (g = rules_game_at(i)) != NULL; i++) {
		if (strcasecmp(g->name, name) == 0)
			return g;
		for (k = 0; k < RULES_MAX_ALIASES && g->aliases[k] != NULL; k++)
			if (strcasecmp(g->aliases[k], name) == 0)
				return g;
	}
	return NULL;
}

void
rules_variant_default(const struct rules_game *g, struct rules_variant *v)
{
	memset(v, 0, sizeof *v);
	v->pie = g->has_pie;
}

int
rules_variant_parse(const struct rules_game *g, const char *spec,
    struct rules_variant *v, struct diag *d)
{
	const char *p, *e;
	size_t	    n;

	rules_variant_default(g, v);
	for (p = spec; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		while (*p == ' ')
			p++;
		e = p + strcspn(p, ",");
		n = (size_t)(e - p);
		while (n > 0 && p[n - 1] == ' ')
			n--;
		if (n == 0)
			continue;
		if (((n == 6 && strncasecmp(p, "no-pie", n) == 0) ||
			(n == 3 && strncasecmp(p, "pie", n) == 0)) &&
		    !g->has_pie)
			return diag_set(d, DIAG_BAD_VARIANT,
			    "%s has no pie rule to turn on or off", g->name);
		if (n == 6 && strncasecmp(p, "no-pie", n) == 0)
			v->pie = false;
		else if (n == 3 && strncasecmp(p, "pie", n) == 0)
			v->pie = true;
		else
			return diag_set(d, DIAG_BAD_VARIANT,
			    "unknown variant \"%.*s\"%s", (int)n, p,
			    g->has_pie ? " (known: pie, no-pie)" : "");
	}
	return 0;
}

static struct rules_head *
head_of(void *st)
{
	return st;
}

static const struct rules_head *
chead_of(const void *st)
{
	return st;
}

/* The head's fields that rules.c keeps, for a state just set up. */
static void
head_start(struct rules_position *pos, bool set_up)
{
	struct rules_head *h = head_of(pos->state);

	h->turn = 1;
	/* A set-up position has no turn 2 of its game: no pie rule. */
	h->pie = pos->game->has_pie && pos->variant.pie && !set_up;
	h->swapped = 0;
	pos->actions = 0;
}

enum rules_phase
rules_state_phase(
    const struct rules_game *g, const struct rules_board *b, const void *st)
{
	const struct rules_head *h = chead_of(st);

	if (h->open && g->over(b, st))
		return RULES_GAME_OVER;
	return h->phase;
}

/* The pie rule (rules.md §2, §3): on turn 2 only, before White acts. */
static bool
swap_offered(
    const struct rules_game *g, const struct rules_board *b, const void *st)
{
	const struct rules_head *h = chead_of(st);

	return h->pie && h->turn == 2 &&
	    rules_state_phase(g, b, st) == RULES_TURN_START;
}

/* The players exchange colours; White (the first mover) plays on. */
static int
play_swap(const struct rules_game *g, const struct rules_board *b, void *st,
    struct diag *d)
{
	struct rules_head *h = head_of(st);

	if (!h->pie)
		return diag_set(d, DIAG_SWAP_NOT_ALLOWED,
		    "the pie rule is off in this game: no swap");
	if (!swap_offered(g, b, st))
		return diag_set(d, DIAG_SWAP_NOT_ALLOWED,
		    "a swap is only allowed as the second turn of the game");
	h->swapped = 1;
	h->turn++;
	return 0;
}

size_t
rules_state_legal(const struct rules_game *g, const struct rules_board *b,
    const void *st, struct rules_action *out, size_t cap)
{
	const struct rules_head *h = chead_of(st);
	size_t			 n;

	/* An open phase is the game's legal() to settle. */
	if (h->phase == RULES_GAME_OVER)
		return 0;
	n = g->legal(b, st, out, cap);
	if (swap_offered(g, b, st)) {
		if (n < cap)
			out[n] = (struct rules_action){ .kind = RULES_SWAP };
		n++;
	}
	return n;
}

int
rules_state_play(const struct rules_game *g, const struct rules_board *b,
    void *st, const struct rules_action *a, struct diag *d)
{
	struct rules_head *h = head_of(st);

	/* An open phase is the game's play() to settle. */
	if (h->phase == RULES_GAME_OVER)
		return diag_set(d, DIAG_GAME_OVER, "the game is already over");
	if (a->kind == RULES_SWAP && g->has_pie)
		return play_swap(g, b, st, d);
	if (g->play(b, st, a, d) == -1)
		return -1;
	if (h->phase != RULES_TURN_MIDDLE)
		h->turn++;
	return 0;
}

struct rules_position *
rules_position_new(const struct rules_game *g, const char *spec,
    const struct rules_variant *v, struct diag *d)
{
	struct rules_position *pos;

	pos = calloc(1, sizeof *pos + g->state_size);
	if (pos == NULL) {
		diag_set(d, DIAG_NO_MEMORY, "out of memory");
		return NULL;
	}
	pos->game = g;
	if (g->board(&pos->board, spec != NULL ? spec : g->default_board, d) ==
	    -1)
		goto out_free_pos;
	if (v != NULL)
		pos->variant = *v;
	else
		rules_variant_default(g, &pos->variant);
	if (g->init(&pos->board, pos->state, &pos->variant, d) == -1)
		goto out_free_pos;
	head_start(pos, false);
	return pos;

out_free_pos:
	free(pos);
	return NULL;
}

void
rules_position_free(struct rules_position *pos)
{
	free(pos);
}

void
rules_position_copy(
    struct rules_position *dst, const struct rules_position *src)
{
	memcpy(dst, src, sizeof *src + src->game->state_size);
}

struct rules_position *
rules_position_dup(const struct rules_position *src)
{
	struct rules_position *dst;

	dst = malloc(sizeof *src + src->game->state_size);
	if (dst != NULL)
		rules_position_copy(dst, src);
	return dst;
}

void
rules_position_reset(struct rules_position *pos)
{
	pos->game->init(&pos->board, pos->state, &pos->variant, NULL);
	head_start(pos, false);
}

int
rules_to_move(const struct rules_position *pos)
{
	return chead_of(pos->state)->to_move;
}

enum rules_phase
rules_phase(const struct rules_position *pos)
{
	return rules_state_phase(pos->game, &pos->board, pos->state);
}

bool
rules_mid_turn(const struct rules_position *pos)
{
	return chead_of(pos->state)->phase == RULES_TURN_MIDDLE;
}

int
rules_turn(const struct rules_position *pos)
{
	return chead_of(pos->state)->turn;
}

bool
rules_swapped(const struct rules_position *pos)
{
	return chead_of(pos->state)->swapped;
}

size_t
rules_legal(
    const struct rules_position *pos, struct rules_action *out, size_t cap)
{
	return rules_state_legal(pos->game, &pos->board, pos->state, out, cap);
}

void
rules_legal_at(
    const struct rules_position *pos, size_t i, struct rules_action *out)
{
	const struct rules_game *g = pos->game;

	/* The swap comes last, after the game's own actions. */
	if (swap_offered(g, &pos->board, pos->state) &&
	    i == g->legal(&pos->board, pos->state, NULL, 0))
		*out = (struct rules_action){ .kind = RULES_SWAP };
	else
		g->legal_at(&pos->board, pos->state, i, out);
}

int
rules_play(
    struct rules_position *pos, const struct rules_action *a, struct diag *d)
{
	if (rules_state_play(pos->game, &pos->board, pos->state, a, d) == -1)
		return -1;
	pos->actions++;
	return 0;
}

size_t
rules_play_cells(struct rules_position *pos, const int16_t *to, size_t n)
{
	return rules_play_cells_passing(pos, to, n, NULL);
}

size_t
rules_play_cells_passing(
    struct rules_position *pos, const int16_t *to, size_t n, size_t *passes)
{
	struct rules_head *h = head_of(pos->state);
	size_t		   k, p = 0;

	if (pos->game->play_cells == NULL || h->phase == RULES_GAME_OVER)
		k = 0;
	else
		k = pos->game->play_cells(
		    &pos->board, pos->state, to, n, passes != NULL ? &p : NULL);
	/* A pass is a turn and an action, as rules_play counts it. */
	h->turn += (int32_t)(k + p);
	pos->actions += (int)(k + p);
	if (passes != NULL)
		*passes = p;
	return k;
}

void
rules_play_cells_pair(struct rules_position *pos[2], const int16_t *const to[2],
    const size_t n[2], size_t k[2], size_t passes[2], bool written)
{
	void  *st[2] = { pos[0]->state, pos[1]->state };
	size_t p[2] = { 0, 0 };
	int    g;
	void (*pair)(const struct rules_board *, void *[2],
	    const int16_t *const[2], const size_t[2], size_t[2], size_t[2]);

	pair = written && pos[0]->game->play_cells_pair_written != NULL ?
	    pos[0]->game->play_cells_pair_written :
	    pos[0]->game->play_cells_pair;
	if (pair == NULL || pos[1]->game != pos[0]->game ||
	    strcmp(pos[0]->board.name, pos[1]->board.name) != 0 ||
	    head_of(st[0])->phase == RULES_GAME_OVER ||
	    head_of(st[1])->phase == RULES_GAME_OVER) {
		for (g = 0; g < 2; g++)
			k[g] = rules_play_cells_passing(pos[g], to[g], n[g],
			    passes != NULL ? &passes[g] : NULL);
		return;
	}
	pair(&pos[0]->board, st, to, n, k, passes != NULL ? p : NULL);
	for (g = 0; g < 2; g++) {
		head_of(st[g])->turn += (int32_t)(k[g] + p[g]);
		pos[g]->actions += (int)(k[g] + p[g]);
		if (passes != NULL)
			passes[g] = p[g];
	}
}

void
rules_score(const struct rules_position *pos, struct rules_score *s)
{
	memset(s, 0, sizeof *s);
	s->winner = -1;
	pos->game->score(&pos->board, pos->state, s);
	if (s->alt_name == NULL) {
		s->alt[0] = s->points[0];
		s->alt[1] = s->points[1];
	}
}

int
rules_piece(const struct rules_position *pos, int cell)
{
	if (cell < 0 || cell >= pos->board.ncells)
		return RULES_EMPTY;
	return pos->game->piece(&pos->board, pos->state, cell);
}

int
rules_setup(
    struct rules_position *pos, const int *pieces, int to_move, struct diag *d)
{
	if (to_move < 0 || to_move >= RULES_COLOURS)
		return diag_set(d, DIAG_BAD_SETUP, "no colour %d", to_move);
	/* A game may have cleared its state before it refused: start again. */
	if (pos->game->setup(&pos->board, pos->state, &pos->variant, pieces,
		to_move, d) == -1) {
		rules_position_reset(pos);
		return -1;
	}
	head_start(pos, true);
	return 0;
}

const struct rules_stat *
rules_stat_find(const struct rules_score *s, const char *name)
{
	int i;

	for (i = 0; i < s->nstats; i++)
		if (strcmp(s->stats[i].name, name) == 0)
			return &s->stats[i];
	return NULL;
}

uint64_t
rules_perft_actions(const struct rules_game *g, const struct rules_board *b,
    const void *st, int depth)
{
	struct rules_action *acts;
	unsigned char	    *child;
	uint64_t	     total = 0, sub;
	size_t		     n, i;

	if (depth == 0 || rules_state_phase(g, b, st) == RULES_GAME_OVER)
		return 1;
	n = rules_state_legal(g, b, st, NULL, 0);
	if (depth == 1 || n == 0)
		return n;
	acts = malloc(n * sizeof *acts);
	child = malloc(g->state_size);
	if (acts == NULL || child == NULL) {
		total = RULES_PERFT_NO_MEMORY;
		goto out_free;
	}
	rules_state_legal(g, b, st, acts, n);
	for (i = 0; i < n; i++) {
		memcpy(child, st, g->state_size);
		if (rules_state_play(g, b, child, &acts[i], NULL) != 0)
			continue;
		sub = rules_perft_actions(g, b, child, depth - 1);
		if (sub == RULES_PERFT_NO_MEMORY) {
			total = sub;
			break;
		}
		total += sub;
	}
out_free:
	free(child);
	free(acts);
	return total;
}

uint64_t
rules_perft(const struct rules_position *pos, int depth)
{
	if (pos->game->perft != NULL)
		return pos->game->perft(&pos->board, pos->state, depth);
	return rules_perft_actions(pos->game, &pos->board, pos->state, depth);
}

size_t
rules_playout(struct rules_position *pos, struct rules_rng *rng, int max_turns,
    void (*each)(
	const struct rules_position *, const struct rules_action *, void *),
    void *arg)
{
	const struct rules_game *g = pos->game;
	struct rules_action	*acts, one, *pick;
	size_t			 n, cap, played;
	long			 k;
	int			 last;

	/* The game's own loop, where it has one: the swap is this one's. */
	if (each == NULL && g->playout != NULL && !chead_of(pos->state)->pie &&
	    (k = g->playout(&pos->board, pos->state, rng, max_turns)) >= 0) {
		head_of(pos->state)->turn += (int32_t)k;
		pos->actions += (int)k;
		return (size_t)k;
	}
	cap = 64;
	acts = malloc(cap * sizeof *acts);
	if (acts == NULL)
		return 0;
	last = max_turns > 0 ? rules_turn(pos) + max_turns : 0;
	played = 0;
	/* A game over has no legal action (legal()): no test of its own. */
	while (last == 0 || rules_turn(pos) < last) {
		if (g->legal_at != NULL) {
			/* The same pick as from the list, without listing. */
			n = rules_legal(pos, NULL, 0);
			if (n == 0)
				break;
			rules_legal_at(
			    pos, (size_t)rules_rng_below(rng, n), &one);
			pick = &one;
		} else {
			n = rules_legal(pos, acts, cap);
			if (n > cap) {
				if (array_grow(&acts, &cap, n, sizeof *acts) ==
				    -1)
					break;
				rules_legal(pos, acts, cap);
			}
			if (n == 0)
				break;
			pick = &acts[(size_t)rules_rng_below(rng, n)];
		}
		if (each != NULL)
			each(pos, pick, arg);
		if (rules_play(pos, pick, NULL) == -1)
			break;
		played++;
	}
	free(acts);
	return played;
}
