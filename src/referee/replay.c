/* SPDX-License-Identifier: MIT */
/*
 * The referee (referee.h): replaying a record against the rules core:
 * which game and board it names, the actions of each turn token (as the
 * codec in src/record reads them) played one by one, the first illegal
 * action and the legal ones at that point, where the game stands at the
 * end, and whether the recorded result agrees.  The rules themselves are
 * in src/rules; showing the outcome is the report's business.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "referee/referee.h"
#include "util/simd.h"
#include "util/util.h"

const char *
replay_status_name(enum replay_status s)
{
	static const char *const names[] = {
		[REPLAY_FINISHED] = "finished",
		[REPLAY_UNFINISHED] = "unfinished",
		[REPLAY_ILLEGAL] = "illegal",
		[REPLAY_MALFORMED] = "malformed",
	};

	return names[s];
}

const char *
replay_cause_name(enum replay_cause c)
{
	static const char *const names[] = {
		[REPLAY_BY_ILLEGAL] = "illegal",
		[REPLAY_BY_CRASH] = "crash",
		[REPLAY_BY_TIMEOUT] = "timeout",
		[REPLAY_BY_RESIGN] = "resign",
		[REPLAY_BY_WITHDRAW] = "withdraw",
	};

	return names[c];
}

void
replay_each_chain(struct replay_options *ro, struct replay_each *before,
    void (*each)(void *, const struct rules_position *), void	*arg)
{
	before->each = ro->each;
	before->each_arg = ro->each_arg;
	ro->each = each;
	ro->each_arg = arg;
}

void
replay_each_call(const struct replay_each *e, const struct rules_position *pos)
{
	if (e->each != NULL)
		e->each(e->each_arg, pos);
}

void
replay_init(struct replay *rp)
{
	memset(rp, 0, sizeof *rp);
}

void
replay_fini(struct replay *rp)
{
	rules_position_free(rp->pos);
	free(rp->dice);
	free(rp->turn_captures);
	free(rp->legal);
	free(rp->scratch.acts);
	free(rp->scratch.offs);
	free(rp->kept);
	free(rp->times);
	free(rp->leaves);
	memset(rp, 0, sizeof *rp);
}

/* ---- Setting up ---------------------------------------------------- */

struct diag *
replay_mark_malformed(struct replay *rp)
{
	rp->status = REPLAY_MALFORMED;
	rp->has_error = true;
	return &rp->error;
}

/* Whether two board specs name one board ("8" and "8x8"). */
static bool
same_board(const struct rules_game *g, const char *a, const char *b)
{
	struct rules_board ba, bb;

	if (strcmp(a, b) == 0)
		return true;
	return g->board(&ba, a, NULL) == 0 && g->board(&bb, b, NULL) == 0 &&
	    strcmp(ba.name, bb.name) == 0;
}

/*
 * Whether a tag's value holds a NUL byte.  Values may hold any bytes
 * (formats/record.md), but no game, board, seed, variant or result has a
 * NUL, and reading such a value as a C string would cut it there and
 * take "8x8<NUL>junk" for 8x8.
 */
static bool
has_nul(const struct record_tag *t)
{
	return t != NULL && strlen(t->value) != t->value_len;
}

/*
 * The tags set_up reads after the game, each with the code of its own
 * diagnostic.  A value with a NUL is refused before anything reads it.
 */
static int
check_nuls(const struct record *rec, struct replay *rp)
{
	static const struct {
		enum record_known tag;
		enum diag_code	  code;
	} read[] = {
		{ RECORD_TAG_BOARD, DIAG_BAD_BOARD },
		{ RECORD_TAG_SIZE, DIAG_BAD_BOARD },
		{ RECORD_TAG_SEED, DIAG_BAD_SEED },
		{ RECORD_TAG_VARIANT, DIAG_BAD_VARIANT },
		{ RECORD_TAG_SETUP, DIAG_BAD_SETUP_TAG },
	};
	const struct record_tag *t;
	uint32_t		 any = 0;
	size_t			 i;

	/* None of them noted (an archive's record): nothing to look up. */
	for (i = 0; i < sizeof read / sizeof read[0]; i++)
		any |= UINT32_C(1) << read[i].tag;
	if (rec->known_of == rec->tags && rec->known_n == rec->ntags &&
	    (rec->known & any) == 0)
		return 0;
	for (i = 0; i < sizeof read / sizeof read[0]; i++)
		if (has_nul(t = record_tag_known(rec, read[i].tag))) {
			diag_set_at(replay_mark_malformed(rp), read[i].code,
			    t->at, 0, "the %s tag's value holds a NUL byte",
			    t->name);
			return -1;
		}
	return 0;
}

/* A diagnostic of the rules core, which quotes a tag's value as given. */
static void
malformed_rules(struct replay *rp, const struct diag *d, struct diag_pos at)
{
	char msg[sizeof d->msg];

	util_printable(d->msg, strlen(d->msg), msg, sizeof msg);
	diag_set_at(replay_mark_malformed(rp), d->code, at, 0, "%s", msg);
}

/*
 * The Setup tag: the start position replaced by the one it gives, which
 * the game must be able to reach (rules_setup); 0, or -1 with the record
 * malformed.
 */
static int
set_up_position(const struct record *rec, struct replay *rp)
{
	const struct record_tag *st = record_tag_known(rec, RECORD_TAG_SETUP);
	int			 pieces[RULES_MAX_CELLS], to_move;
	struct diag		 d;

	if (st == NULL)
		return 0;
	if (record_setup_parse(&rp->pos->board, st->value, st->value_len,
		pieces, &to_move, &d) == -1 ||
	    rules_setup(rp->pos, pieces, to_move, &d) == -1) {
		malformed_rules(rp, &d, st->at);
		return -1;
	}
	return 0;
}

/*
 * rules_game_find of the value of gt, a Game tag without a NUL byte: the
 * game of the last value found kept, as a file's records name one game,
 * with the value (short ones), compared with its NUL.
 */
static const struct rules_game *
game_named(const struct record_tag *gt, struct replay_scratch *sc)
{
	const struct rules_game *g;

	if (sc->named != NULL && gt->value_len < sizeof sc->named_as &&
	    memcmp(gt->value, sc->named_as, gt->value_len + 1) == 0)
		return sc->named;
	if ((g = rules_game_find(gt->value)) != NULL &&
	    gt->value_len < sizeof sc->named_as) {
		memcpy(sc->named_as, gt->value, gt->value_len + 1);
		sc->named = g;
	}
	return g;
}

/*
 * The game a record names (its Game tag), the one asked for (opt->game)
 * or the one its format implies; NULL with the record malformed.
 */
static const struct rules_game *
find_game(const struct record *rec, const struct replay_options *opt,
    struct replay *rp)
{
	const struct record_tag *gt = record_tag_known(rec, RECORD_TAG_GAME);
	const struct rules_game *g = opt->game, *named;
	char			 shown[RECORD_SHOWN];
	struct diag		 d;

	if (g == NULL)
		g = rec->format_game;
	if (has_nul(gt)) {
		diag_set_at(replay_mark_malformed(rp), DIAG_UNKNOWN_GAME,
		    gt->at, 0, "the %s tag's value holds a NUL byte", gt->name);
		return NULL;
	}
	if (gt != NULL) {
		/*
		 * The value as shown is for a diagnostic alone: made only
		 * when the name is no game's or not the one asked for.
		 */
		if ((named = game_named(gt, &rp->scratch)) == NULL ||
		    (g != NULL && g != named))
			util_printable(gt->value, gt->value_len, shown,
			    sizeof shown);
		if (named == NULL) {
			/* No game of that name: rules_game_lookup says why. */
			(void)rules_game_lookup(gt->value, shown, &d);
			diag_set_at(replay_mark_malformed(rp),
			    DIAG_UNKNOWN_GAME, gt->at, 0, "%s", d.msg);
			return NULL;
		}
		if (g != NULL && g != named) {
			diag_set_at(replay_mark_malformed(rp),
			    DIAG_GAME_MISMATCH, gt->at, 0,
			    "the record is a game of %s, not the game asked "
			    "for",
			    shown);
			return NULL;
		}
		g = named;
	}
	if (g == NULL)
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_GAME, rec->start,
		    0, "no Game tag; add one or name the game with --game");
	return g;
}

/*
 * The Seed tag: the dice of every turn come from the project's PRNG
 * (formats/rng.md).  Returns 0, or -1 with the record malformed.
 */
static int
read_seed(const struct record *rec, struct replay *rp)
{
	const struct record_tag *st = record_tag_known(rec, RECORD_TAG_SEED);
	char			 shown[RECORD_SHOWN], *end;

	rp->seeded = false;
	if (st == NULL)
		return 0;
	errno = 0;
	rp->seed = strtoull(st->value, &end, 10);
	if (st->value[0] < '0' || st->value[0] > '9' || *end != '\0' ||
	    errno != 0) {
		util_printable(st->value, st->value_len, shown, sizeof shown);
		diag_set_at(replay_mark_malformed(rp), DIAG_BAD_SEED, st->at, 0,
		    "a Seed is a decimal number from 0 to "
		    "18446744073709551615, not \"%s\"",
		    shown);
		return -1;
	}
	rp->seeded = true;
	rules_rng_seed(&rp->rng, rp->seed);
	return 0;
}

/*
 * The game, board and variant a record names; a position ready at the
 * start.  Returns 0, or -1 with the record marked malformed.
 */
static int
set_up(const struct record *rec, const struct replay_options *opt,
    struct replay *rp)
{
	const struct record_tag *bt, *zt, *vt;
	const struct rules_game *g;
	struct rules_variant	 v;
	struct rules_score	 s;
	struct diag		 d;
	const char		*spec;
	char			 shown[RECORD_SHOWN], other[RECORD_SHOWN];

	if ((g = find_game(rec, opt, rp)) == NULL)
		return -1;
	rp->game = g;
	if (check_nuls(rec, rp) == -1)
		return -1;
	bt = record_tag_known(rec, RECORD_TAG_BOARD);
	zt = record_tag_known(rec, RECORD_TAG_SIZE);
	if (bt != NULL && zt != NULL && !same_board(g, bt->value, zt->value)) {
		util_printable(zt->value, zt->value_len, shown, sizeof shown);
		util_printable(bt->value, bt->value_len, other, sizeof other);
		diag_set_at(replay_mark_malformed(rp), DIAG_BAD_BOARD, zt->at,
		    0,
		    "the Size tag says "
		    "\"%s\" and the Board tag \"%s\": give one",
		    shown, other);
		return -1;
	}
	if (bt == NULL)
		bt = zt;
	spec = bt != NULL ? bt->value : g->default_board;
	if (read_seed(rec, rp) == -1 || replay_check_commitment(rec, rp) == -1)
		return -1;
	vt = record_tag_known(rec, RECORD_TAG_VARIANT);
	if (vt == NULL)
		rules_variant_default(g, &v);
	else if (rules_variant_parse(g, vt->value, &v, &d) == -1) {
		malformed_rules(rp, &d, vt->at);
		return -1;
	}
	/*
	 * Reuse the position when the game and board are the same: the
	 * game's default board again (every record of an archive) is.
	 */
	if (rp->pos != NULL && rp->pos->game == g &&
	    ((rp->pos_default && spec == g->default_board) ||
		strcmp(rp->pos->board.name, spec) == 0)) {
		rp->pos->variant = v;
		rules_position_reset(rp->pos);
	} else {
		rules_position_free(rp->pos);
		rp->pos = rules_position_new(g, spec, &v, &d);
		if (rp->pos == NULL) {
			rp->pos_default = false;
			malformed_rules(
			    rp, &d, bt != NULL ? bt->at : rec->start);
			return -1;
		}
		/* A game's stats are its own: asked once a position. */
		rules_score(rp->pos, &s);
		rp->counts_captures = rules_stat_find(&s, "captured") != NULL;
	}
	rp->pos_default = spec == g->default_board;
	return set_up_position(rec, rp);
}

/* ---- Playing ------------------------------------------------------- */

/*
 * Room for the actions of a token of at most n actions (record_turn_bound)
 * and their offsets.
 */
static int
reserve(struct replay_scratch *sc, size_t n)
{
	/* Every turn comes here: the common case stays out of libutil. */
	if (n <= sc->acts_cap && n <= sc->offs_cap)
		return 0;
	if (array_grow(&sc->acts, &sc->acts_cap, n, sizeof *sc->acts) == -1 ||
	    array_grow(&sc->offs, &sc->offs_cap, n, sizeof *sc->offs) == -1)
		return -1;
	return 0;
}

size_t
replay_legal(const struct replay *rp, struct rules_action *out, size_t cap)
{
	struct rules_action first;
	struct rules_rng    next;
	int		    a, b;

	if (!rp->seeded || rules_legal(rp->pos, &first, 1) == 0 ||
	    first.kind != RULES_DICE)
		return rules_legal(rp->pos, out, cap);
	/* The Seed fixes the roll: the one the generator gives next. */
	next = rp->rng;
	rules_dice_roll(&next, &a, &b);
	if (cap > 0)
		*out = (struct rules_action){
			.kind = RULES_DICE, .from = (int16_t)a, .to = (int16_t)b
		};
	return 1;
}

/* Keeps the legal actions of the position for the report. */
static void
note_legal(struct replay *rp, size_t max)
{
	size_t n;

	n = replay_legal(rp, NULL, 0);
	if (n > max)
		n = max;
	if (array_grow(
		&rp->legal, &rp->scratch.legal_cap, n, sizeof *rp->legal) == -1)
		return;
	rp->nlegal = replay_legal(rp, rp->legal, n);
	if (rp->nlegal > n)
		rp->nlegal = n;
	rp->has_legal = true;
}

static struct diag_pos
pos_plus(struct diag_pos at, size_t off)
{
	at.col += off;
	at.offset += off;
	return at;
}

static void
illegal(struct replay *rp, const struct record_token *tok, size_t off,
    size_t len, enum diag_code code, const char *msg, size_t max_legal)
{
	rp->status = REPLAY_ILLEGAL;
	rp->has_error = true;
	diag_set_at(&rp->error, code, pos_plus(tok->at, off), len, "%s", msg);
	util_printable(
	    tok->text, tok->len, rp->error_move, sizeof rp->error_move);
	/* After the game or the turn is over, no list would be true. */
	if (max_legal > 0)
		note_legal(rp, max_legal);
}

/*
 * With a Seed tag each roll must be the next one the PRNG gives
 * (formats/rng.md), first die then second, turn by turn: rules.md §4 says
 * the dice must equal what the generator yields.  A wrong roll leaves the
 * generator at the roll due, which replay_legal() then lists.
 */
static int
check_dice(
    struct replay *rp, const struct rules_action *a, char *msg, size_t len)
{
	struct rules_rng next = rp->rng;
	int		 first, second;

	rules_dice_roll(&next, &first, &second);
	if (a->from == first && a->to == second) {
		rp->rng = next;
		return 0;
	}
	snprintf(msg, len,
	    "the dice of seed %llu for this turn are %d%d:, "
	    "not %d%d:",
	    (unsigned long long)rp->seed, first, second, a->from, a->to);
	return -1;
}

/* Says what a turn that stops too soon still owes, with examples. */
static void
incomplete_message(const struct rules_position *pos, char *msg, size_t len)
{
	struct rules_action acts[4];
	char		    one[16];
	size_t		    n, i, k;

	n = rules_legal(pos, acts, 4);
	k = (size_t)snprintf(msg, len,
	    "the turn is not over: %s must still "
	    "play (",
	    pos->game->colour[rules_to_move(pos)]);
	for (i = 0; i < n && i < 4 && k < len; i++)
		k += (size_t)snprintf(msg + k, len - k, "%s%s", i ? ", " : "",
		    record_action_format(
			&pos->board, &acts[i], one, sizeof one));
	if (k < len)
		snprintf(msg + k, len - k, "%s)", n > 4 ? ", ..." : "");
}

/*
 * Keeps what the report lists turn by turn: the dice of each roll, and the
 * stones captured in each turn for games that count captures.
 */
static int
note_turn(struct replay *rp, const struct rules_action *acts, int n)
{
	const struct rules_action *a;
	const struct rules_stat	  *st;
	struct rules_score	   s;
	int			   k, taken = 0;

	for (k = 0; k < n; k++) {
		a = &acts[k];
		if (a->kind != RULES_DICE)
			continue;
		if (array_grow(&rp->dice, &rp->scratch.dice_cap, rp->ndice + 1,
			1) == -1)
			return -1;
		rp->dice[rp->ndice++] = (unsigned char)(a->from * 10 + a->to);
	}
	if (!rp->counts_captures)
		return 0;
	rules_score(rp->pos, &s);
	st = rules_stat_find(&s, "captured");
	for (k = 0; st != NULL && k < RULES_COLOURS; k++)
		taken += st->value[k];
	if (array_grow(&rp->turn_captures, &rp->scratch.turn_captures_cap,
		rp->turns + 1, sizeof *rp->turn_captures) == -1)
		return -1;
	rp->turn_captures[rp->turns] = taken - rp->scratch.captured_so_far;
	rp->scratch.captured_so_far = taken;
	return 0;
}

/*
 * The turn ended before the action at byte at of its token; the actions
 * played end at byte head (record_turn_head).
 */
static void
extra_actions(
    struct replay *rp, const struct record_token *tok, size_t head, size_t at)
{
	char msg[320];

	snprintf(msg, sizeof msg,
	    "the turn was over after %.*s; the rest "
	    "belongs to no one",
	    (int)head, tok->text);
	illegal(rp, tok, at, tok->len - at, DIAG_EXTRA_ACTIONS, msg, 0);
}

/*
 * Keeps a turn played (opt->keep_turns): n actions, or the pass implied
 * when n is 0.  Returns 0, or -1 with the record malformed (memory).
 */
static int
keep_turn(const struct replay_options *opt, const struct record_token *tok,
    const struct rules_action *acts, int n, struct replay *rp)
{
	char one[512], *s = one;
	int  len;

	if (!opt->keep_turns)
		return 0;
	if (n == 0)
		len = (int)strlen(strcpy(one, "pass"));
	else if ((len = record_turn_format(&rp->pos->board, acts, (size_t)n,
		      one, sizeof one)) == -1) {
		/* A turn too long for one: the token as written. */
		s = tok->text;
		len = (int)tok->len;
	}
	if (array_grow(&rp->kept, &rp->scratch.kept_cap,
		rp->kept_len + (size_t)len + 1, 1) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY, tok->at,
		    0, "out of memory");
		return -1;
	}
	memcpy(rp->kept + rp->kept_len, s, (size_t)len);
	rp->kept[rp->kept_len + (size_t)len] = '\0';
	rp->kept_len += (size_t)len + 1;
	rp->nkept++;
	return 0;
}

/*
 * Counts the pass played before the turn token tok because the player
 * had no move, which the transcript left unwritten.  Returns 0, or -1
 * with the record malformed (memory).
 */
static int
implied_pass(const struct replay_options *opt, const struct record_token *tok,
    struct replay *rp)
{
	/* A pass captures nothing: its turn has a slot too. */
	if (rp->counts_captures) {
		if (array_grow(&rp->turn_captures,
			&rp->scratch.turn_captures_cap, rp->turns + 1,
			sizeof *rp->turn_captures) == -1) {
			diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY,
			    tok->at, 0, "out of memory");
			return -1;
		}
		rp->turn_captures[rp->turns] = 0;
	}
	if (keep_turn(opt, tok, NULL, 0, rp) == -1)
		return -1;
	rp->turns++;
	rp->passes++;
	rp->implied_passes++;
	rp->actions++;
	return 0;
}

/*
 * Whether a replay cut at turn opt->upto has played it where the record
 * leaves its passes implied: there an implied pass is a turn too, so the
 * tokens to play are not known before, and the replay stops at the turn
 * (replay_start's end, in tokens, is only the most it may play).
 */
static inline bool
upto_reached(const struct replay_options *opt, const struct replay *rp)
{
	return opt->limit && rp->implicit && rp->turns >= opt->upto;
}

/* A turn after the end of the game: the whole token is refused. */
static int
game_over(struct replay *rp, const struct record_token *tok)
{
	illegal(rp, tok, 0, tok->len, DIAG_GAME_OVER,
	    "the game is already over: no turn may follow", 0);
	return -1;
}

/*
 * Ends the turn of token tok once its actions t are played, first of
 * them played before (a turn that continues): what judge_turn owes after
 * them, a cell off the board, a turn incomplete, and the turn counted,
 * kept and noted.  0, or -1 when the record stops here.
 */
static int
end_turn(const struct record_token *tok, const struct replay_turn *t,
    size_t first, bool last, const struct replay_options *opt,
    struct replay *rp)
{
	struct rules_position *pos = rp->pos;
	char		       msg[320];
	size_t		       cut;

	if (t->off_board) {
		cut = record_turn_cut(tok->text, (size_t)t->bad.at.offset);
		if (t->n + (int)first > 0 && !rules_mid_turn(pos))
			extra_actions(rp, tok, cut,
			    record_turn_tail(tok->text, tok->len, cut));
		else
			illegal(rp, tok, (size_t)t->bad.at.offset, t->bad.len,
			    t->bad.code, t->bad.msg, opt->max_legal);
		return -1;
	}
	if (rules_mid_turn(pos)) {
		/* A referee's record between two actions of one player. */
		if (last) {
			rp->in_turn = true;
			return keep_turn(opt, tok, t->acts, t->n, rp);
		}
		incomplete_message(pos, msg, sizeof msg);
		illegal(rp, tok, tok->len, 0, DIAG_TURN_INCOMPLETE, msg,
		    opt->max_legal);
		return -1;
	}
	if (!t->continues && t->n == 1 && t->acts[0].kind == RULES_PASS)
		rp->passes++;
	if (note_turn(rp, t->acts, t->n) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY, tok->at,
		    0, "out of memory");
		return -1;
	}
	if (keep_turn(opt, tok, t->acts, t->n, rp) == -1)
		return -1;
	rp->turns++;
	return 0;
}

/*
 * Judges the actions of one turn token (replay_turn's contract): the
 * checks of each action in order, then whether the turn is complete.
 * Transcripts leave passes unwritten (implicit): the pass implied before
 * the token is a turn of its own, its position shown (opt->each), and 1
 * is returned when it is turn opt->upto, the token then left unplayed.
 */
static int
judge_turn(const struct record_token *tok, const struct replay_turn *t,
    bool implicit, bool last, const struct replay_options *opt,
    struct replay *rp)
{
	struct rules_position *pos = rp->pos;
	struct rules_action    pass = { .kind = RULES_PASS };
	struct diag	       d;
	char		       msg[320];
	size_t		       first = t->continues ? 1 : 0;
	int		       k;

	rp->in_turn = false;
	/*
	 * Whether the game is over is asked here only of a turn that does
	 * not begin by playing an action: otherwise that play answers it
	 * (DIAG_GAME_OVER below), and a game that leaves its game-over test
	 * open after each move (rules.h) is spared it.
	 */
	if ((t->n <= 0 || first > 0 || t->acts[0].kind == RULES_DICE) &&
	    rules_phase(pos) == RULES_GAME_OVER)
		return game_over(rp, tok);
	if (t->n == -1) {
		rp->status = REPLAY_MALFORMED;
		rp->has_error = true;
		diag_set_at(&rp->error, t->bad.code, tok->at, tok->len, "%s",
		    t->bad.msg);
		util_printable(
		    tok->text, tok->len, rp->error_move, sizeof rp->error_move);
		return -1;
	}
	for (k = 0; k < t->n; k++) {
		if (k + first > 0 && !rules_mid_turn(pos)) {
			extra_actions(rp, tok,
			    record_turn_head(tok->text, t->offs[k]),
			    t->offs[k]);
			return -1;
		}
		if (t->acts[k].kind == RULES_DICE && rp->seeded &&
		    check_dice(rp, &t->acts[k], msg, sizeof msg) == -1) {
			illegal(rp, tok, t->offs[k], 3, DIAG_DICE_MISMATCH, msg,
			    opt->max_legal);
			return -1;
		}
		if (rules_play(pos, &t->acts[k], &d) == 0) {
			rp->actions++;
			continue;
		}
		if (d.code == DIAG_GAME_OVER)
			return game_over(rp, tok);
		if (k == 0 && implicit && d.code == DIAG_MUST_PASS &&
		    rules_play(pos, &pass, NULL) == 0) {
			if (implied_pass(opt, tok, rp) == -1)
				return -1;
			if (opt->each != NULL)
				opt->each(opt->each_arg, pos);
			if (upto_reached(opt, rp))
				return 1;
			k--;
			continue;
		}
		illegal(rp, tok, t->offs[k],
		    k + 1 < t->n ? t->offs[k + 1] - t->offs[k] :
				   tok->len - t->offs[k],
		    d.code, d.msg, opt->max_legal);
		return -1;
	}
	return end_turn(tok, t, first, last, opt, rp);
}

int
replay_turn(const struct record_token *tok, const struct replay_turn *t,
    bool last, const struct replay_options *opt, struct replay *rp)
{
	return judge_turn(tok, t, false, last, opt, rp);
}

/*
 * Where the two-byte squares of a board lie (two_byte_square): files a..w
 * and ranks 1..9 that the board has, none on a board of another
 * geometry.  Worked out once a record, not once a turn.
 */
struct two_byte_bounds {
	unsigned files;
	unsigned ranks;
	unsigned width;
};

static inline struct two_byte_bounds
two_byte_bounds(const struct rules_board *b)
{
	struct two_byte_bounds tb = { 0, 0, (unsigned)b->width };

	/* Letters a..w as the codec's; an x would be a removal. */
	if (b->geometry == RULES_SQUARE) {
		tb.files = b->width < 23 ? (unsigned)b->width : 23;
		tb.ranks = b->height < 9 ? (unsigned)b->height : 9;
	}
	return tb;
}

/*
 * The cell of a turn token written as two bytes, a square of a small
 * square board such as f5 (the codec's reading of it), or -1.
 */
static inline int
two_byte_square(
    const struct two_byte_bounds *tb, const struct record_token *tok)
{
	unsigned file, rank;

	if (tok->len != 2)
		return -1;
	file = ((unsigned char)tok->text[0] | 0x20) - 'a';
	rank = (unsigned char)tok->text[1] - '1';
	if (file >= tb->files || rank >= tb->ranks)
		return -1;
	return (int)(rank * tb->width + file);
}

/*
 * Plays one turn token of rec, read by the codec into rp's scratch; 0, 1
 * when the replay stops at the pass implied before it (judge_turn), or -1
 * when the record stops here.
 */
static int
play_turn(struct record_syntax *syn, const struct record *rec,
    const struct record_token *tok, const struct replay_options *opt,
    struct replay *rp)
{
	struct replay_scratch	 *sc = &rp->scratch;
	const struct rules_board *b = &rp->pos->board;
	struct two_byte_bounds	  tb = two_byte_bounds(b);
	struct replay_turn	  t;
	size_t			  cut, bound;
	int			  c;

	/*
	 * Most turns are one square of a small square board, written with
	 * two bytes, and the notation's others mostly a pass: the codec
	 * would read them as this one PLACE or PASS (its own fast paths),
	 * reached here without its calls.  reserve() has room for two
	 * actions from the first turn on (a pass's bound).
	 */
	if (sc->acts_cap >= 2 && sc->offs_cap >= 2 &&
	    ((c = two_byte_square(&tb, tok)) != -1 ||
		record_turn_is_pass(tok->text, tok->len))) {
		sc->acts[0] = c != -1 ?
		    (struct rules_action){ .kind = RULES_PLACE,
			.to = (int16_t)c } :
		    (struct rules_action){ .kind = RULES_PASS };
		sc->offs[0] = 0;
		t.acts = sc->acts;
		t.offs = sc->offs;
		t.off_board = false;
		t.continues = false;
		t.n = 1;
		return judge_turn(tok, &t, rp->implicit,
		    tok == &rec->turns[rec->nturns - 1], opt, rp);
	}
	bound = record_turn_bound(tok->text, tok->len);
	if (reserve(sc, bound) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY, tok->at,
		    0, "out of memory");
		return -1;
	}
	/*
	 * Field by field: every turn comes here, and zeroing the diagnostic
	 * (only read when the parse fails) was a tenth of gamecheck's time.
	 */
	t.acts = sc->acts;
	t.offs = sc->offs;
	t.off_board = false;
	t.continues = false;
	t.n = record_turn_parse(
	    syn, b, tok->text, tok->len, sc->acts, sc->offs, bound, &t.bad);
	if (t.n == -1 && t.bad.code == DIAG_OFF_BOARD) {
		/* The actions before the cell off the board are judged first. */
		t.off_board = true;
		t.n = record_turn_parse_before(syn, b, tok->text,
		    (size_t)t.bad.at.offset, sc->acts, sc->offs, bound, &cut);
	}
	return judge_turn(tok, &t, rp->implicit,
	    tok == &rec->turns[rec->nturns - 1], opt, rp);
}

/*
 * The cells of the squares sq[0..avail-1] (record_squares) on 8x8, the
 * archives' board, up to the first that is none of its: how many.  The
 * reader checked and decoded them: a square is on the board when neither
 * its file nor its rank reaches 8 (bits 0x88).  Sixteen at a time, the
 * last sixteen those that end at avail (again some before them, already
 * found good), or, fewer than sixteen in all, padded with a1s; so cells
 * has room for avail rounded up to sixteen (64: avail is at most 64).
 */
#if UTIL_V16
/*
 * One sixteen of them: those from n (or the sixteen that end at avail,
 * or all, padded), their cells stored, their bytes in *v; where they
 * start.
 */
static inline __attribute__((always_inline)) size_t
cells16(
    const uint8_t *sq, size_t avail, size_t n, int16_t *cells, util_v16u8 *v)
{
	typedef int16_t v16s16 __attribute__((vector_size(32)));
	v16s16		c;
	size_t		at;

	if (avail >= 16) {
		at = avail - n >= 16 ? n : avail - 16;
		memcpy(v, sq + at, sizeof *v);
	} else {
		at = 0;
		*v = (util_v16u8){ 0 };
		memcpy(v, sq, avail);
	}
	c = __builtin_convertvector((*v >> 1 & 0x38) | (*v & 7), v16s16);
	memcpy(cells + at, &c, sizeof c);
	return at;
}

static size_t
square_cells16(const uint8_t *sq, size_t avail, int16_t *cells)
{
	util_v16u8 v, off;
	uint64_t   bad[2];
	size_t	   at, n = 0;

	while (n < avail) {
		at = cells16(sq, avail, n, cells, &v);
		off = v & 0x88;
		memcpy(bad, &off, sizeof bad);
		/* Little-endian: the first square off the board, its byte. */
		if (bad[0] != 0)
			return at + (size_t)__builtin_ctzll(bad[0]) / 8;
		if (bad[1] != 0)
			return at + 8 + (size_t)__builtin_ctzll(bad[1]) / 8;
		n = at + 16;
	}
	return avail;
}
#endif

/*
 * The cells of all the squares sq[0..avail-1] (record_squares) on 8x8,
 * those that are none of its too (any cell), and a bit for each of
 * those (bit k: sq[k]): for a record that writes its passes, each a
 * square that is none, one run over its squares, not one to each pass.
 * Sixteen at a time as square_cells16, the bits of a sixteen gathered
 * by multiplying.
 */
static uint64_t
square_cells_bad(const uint8_t *sq, size_t avail, int16_t *cells)
{
	uint64_t bad = 0;
#if UTIL_V16
	const uint64_t gather = UINT64_C(0x0002040810204081);
	util_v16u8     v, off;
	uint64_t       w[2];
	size_t	       at, n;

	for (n = 0; n < avail; n = at + 16) {
		at = cells16(sq, avail, n, cells, &v);
		/* 0x80 in each byte off the board, then a bit each. */
		off = (util_v16u8)((v & 0x88) != 0) & 0x80;
		memcpy(w, &off, sizeof w);
		bad |= ((w[0] * gather) >> 56 | (w[1] * gather) >> 56 << 8)
		    << at;
	}
#else
	size_t k;

	for (k = 0; k < avail; k++) {
		cells[k] = (int16_t)((sq[k] >> 1 & 0x38) | (sq[k] & 7));
		if ((sq[k] & 0x88) != 0)
			bad |= UINT64_C(1) << k;
	}
#endif
	return bad;
}

static size_t
square_cells(const uint8_t *sq, size_t avail, int16_t *cells)
{
	size_t n = 0;

#if UTIL_V16
	/* Fewer than eight (after a pass near the end): no vector's copy. */
	if (avail >= 8)
		return square_cells16(sq, avail, cells);
#endif
	for (; n < avail && (sq[n] & 0x88) == 0; n++)
		cells[n] = (int16_t)((sq[n] >> 1 & 0x38) | (sq[n] & 7));
	return n;
}

/*
 * The cells of the turn tokens tok[0..avail-1] into cells, as
 * two_byte_square reads them, up to the first that is none: how many.
 */
static size_t
two_byte_squares(const struct two_byte_bounds *tb,
    const struct record_token *tok, size_t avail, int16_t *cells)
{
	unsigned file, rank;
	size_t	 n;
	int	 c;

	if (tb->files == 8 && tb->ranks == 8 && tb->width == 8) {
		/* 8x8, the archives' board: one test of both coordinates. */
		for (n = 0; n < avail && tok[n].len == 2; n++) {
			file = ((unsigned char)tok[n].text[0] | 0x20) - 'a';
			rank = (unsigned char)tok[n].text[1] - '1';
			if ((file | rank) >= 8)
				break;
			cells[n] = (int16_t)(rank << 3 | file);
		}
		return n;
	}
	for (n = 0; n < avail; n++) {
		if ((c = two_byte_square(tb, &tok[n])) == -1)
			break;
		cells[n] = (int16_t)c;
	}
	return n;
}

/* A written pass as judge_turn takes it: one action, no other. */
static const struct rules_action written_pass_action = { .kind = RULES_PASS };
static const size_t		 written_pass_offset = 0;
static const struct replay_turn	 written_pass_turn = {
	 .acts = &written_pass_action,
	 .offs = &written_pass_offset,
	 .n = 1,
};

/*
 * Plays turn token i of rec where it is a pass written and the player
 * to move has no move: the turn judge_turn makes of it, counted, kept
 * and noted the same, without its checks of a turn of other actions
 * (the way of play_squares, which stops there).  1 played, 0 not (no
 * pass, or one the rules refuse, which judge_turn is left to tell), or
 * -1 when the record stops at it (judge_turn's -1).
 */
static int
written_pass(const struct record *rec, size_t i,
    const struct replay_options *opt, struct replay *rp)
{
	const struct record_token *tok = &rec->turns[i];

	if (!record_turn_is_pass(tok->text, tok->len) ||
	    rules_play(rp->pos, &written_pass_action, NULL) == -1)
		return 0;
	rp->in_turn = false;
	rp->actions++;
	/*
	 * All end_turn does of a pass where no turn is kept, and the game
	 * counts no captures (play_squares's): a turn and a pass more.
	 */
	if (opt->keep_turns || rules_mid_turn(rp->pos))
		return end_turn(tok, &written_pass_turn, 0,
			   i + 1 == rec->nturns, opt, rp) == -1 ?
		    -1 :
		    1;
	rp->passes++;
	rp->turns++;
	return 1;
}

/*
 * Plays the turn tokens from rec->turns[*i] on that are one square each,
 * as far as the game's rules_play_cells goes (the way of archive games:
 * no call per move), with the passes a transcript leaves unwritten and
 * those written where the player has no move (written_pass), and
 * moves *i past them: the same turns, kept the same way, as play_turn
 * would have played one by one.  The token it stops before is
 * play_turn's to judge; it stops too at turn opt->upto where passes are
 * implied (upto_reached).  Returns 0, or -1 when the record stops at
 * *i (memory).
 */
static int
play_squares(const struct record *rec, size_t *i, size_t end,
    const struct replay_options *opt, struct replay *rp)
{
	struct two_byte_bounds tb = two_byte_bounds(&rp->pos->board);
	const uint8_t	      *sq = NULL;
	struct rules_action    a = { .kind = RULES_PLACE };
	struct rules_action    pass = { .kind = RULES_PASS };
	int16_t		       cells[64];
	size_t		       n, k, j, max, avail, from = 0, have = 0, off;
	size_t		       passes;
	bool		       cut = false, passing, counted;
	int		       r;

	/* One square at a time where each position is shown (opt->each). */
	max = opt->each != NULL ? 1 : 64;
	/*
	 * Cut at a turn where passes are implied: the passes are played one
	 * by one (each may be the last), and no more squares than turns.
	 */
	counted = opt->limit && rp->implicit;
	passing = rp->implicit && opt->each == NULL && !opt->keep_turns &&
	    !rp->counts_captures && !counted;
	/* Squares a line reader decoded are not read again (its board: 8x8). */
	if (tb.files == 8 && tb.ranks == 8 && tb.width == 8)
		sq = record_squares(rec);
	for (;;) {
		if (upto_reached(opt, rp))
			return 0;
		/*
		 * cells[0..have-1] are the tokens from rec->turns[from] on:
		 * those after a pass implied are not read again.  cut: the
		 * squares stop after them (a token that is none, or end).
		 */
		if (*i >= from + have) {
			avail = end - *i < max ? end - *i : max;
			have = sq != NULL ?
			    square_cells(sq + *i, avail, cells) :
			    two_byte_squares(
				&tb, &rec->turns[*i], avail, cells);
			from = *i;
			cut = have < max;
		}
		off = *i - from;
		n = have - off;
		/* Each square a turn: none past turn upto (then stopped above). */
		if (counted && n > opt->upto - rp->turns)
			n = opt->upto - rp->turns;
		/* Room to keep them first ("f5" and its NUL), so none fails. */
		if (opt->keep_turns &&
		    array_grow(&rp->kept, &rp->scratch.kept_cap,
			rp->kept_len + 3 * n + 1, 1) == -1)
			return 0;
		/*
		 * The passes a transcript leaves unwritten played with the
		 * squares where none is kept or shown: counted, as
		 * implied_pass counts them.
		 */
		if (passing) {
			k = rules_play_cells_passing(
			    rp->pos, cells + off, n, &passes);
			rp->turns += passes;
			rp->actions += passes;
			rp->passes += passes;
			rp->implied_passes += passes;
		} else
			k = rules_play_cells(rp->pos, cells + off, n);
		for (j = 0; opt->keep_turns && j < k; j++) {
			a.to = cells[off + j];
			keep_turn(opt, &rec->turns[*i + j], &a, 1, rp);
		}
		rp->turns += k;
		rp->actions += k;
		*i += k;
		if (opt->each != NULL && k > 0)
			opt->each(opt->each_arg, rp->pos);
		if (k == n) {
			/*
			 * More read (the squares run on), or turn upto played
			 * (the loop stops): no token that is none played.
			 */
			if (!cut || *i < from + have || upto_reached(opt, rp))
				continue;
			/*
			 * The squares stop at a token that is none: a pass
			 * (1.4 a game, written in GGF, SGF and the
			 * notation) is played here, anything else is
			 * play_turn's.
			 */
			if (*i == end ||
			    (r = written_pass(rec, *i, opt, rp)) == 0)
				return 0;
			if (r == -1)
				return -1;
			++*i;
			if (opt->each != NULL)
				opt->each(opt->each_arg, rp->pos);
			if (*i == end)
				return 0;
			continue;
		}
		/*
		 * Stopped at a square: a player with no move passes first
		 * (judge_turn's way, without its message), else the square
		 * is play_turn's to judge.
		 */
		if (!rp->implicit || rules_play(rp->pos, &pass, NULL) == -1)
			return 0;
		if (implied_pass(opt, &rec->turns[*i], rp) == -1)
			return -1;
		/* A turn: its position is shown, as play_turn's way shows it. */
		if (opt->each != NULL)
			opt->each(opt->each_arg, rp->pos);
	}
}

/* ---- The result ---------------------------------------------------- */

/*
 * Whether a claimed score with the empties to the winner can be one: the
 * first colour's pieces, at most the board's cells.  More is a broken
 * field (formats/wthor.md, "Scores"), finished game or not, and the
 * record is malformed.
 */
static bool
claim_ok(const struct record *rec, struct replay *rp)
{
	const struct record_claim *c = &rec->claim;
	int			   cells = rp->pos->board.ncells;

	if (c->kind != RECORD_CLAIM_WOF || c->wof <= cells)
		return true;
	diag_set_at(replay_mark_malformed(rp), DIAG_BAD_WTHOR_SCORE, c->at,
	    c->at_len,
	    "the stored score is %d, more than the board's %d cells "
	    "(Black's discs)",
	    c->wof, cells);
	return false;
}

/*
 * PlayOK's way of storing a game decided off the board: every disc to
 * the winner on a board the moves leave unfinished (formats/wthor.md,
 * "Games decided off the board").  WTHOR keeps no cause, so it is read
 * as a resignation, which either player may make on either's turn
 * (formats/record.md): so gameplay resign's record written as WTHOR
 * reads back decided whoever was to move.
 */
static bool
wof_forfeit(const struct record_claim *c, struct replay *rp)
{
	int cells = rp->pos->board.ncells, loser;

	if (c->wof != 0 && c->wof != cells)
		return false;
	loser = c->wof == cells ? 1 : 0;
	rp->verified = rp->agrees = true;
	rp->forfeit = true;
	rp->forfeit_winner = 1 - loser;
	rp->forfeit_cause = REPLAY_BY_RESIGN;
	return true;
}

/* v in decimal at p, as printf's "%d": the byte after it. */
static char *
put_int(char *p, int v)
{
	char	 d[12];
	size_t	 n = 0;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

	if (v < 0)
		*p++ = '-';
	do
		d[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	while (n > 0)
		*p++ = d[--n];
	return p;
}

/*
 * "B-W" into buf (at least 24 bytes), as snprintf's "%d-%d" but without
 * printf, which was 7% of reading a WTHOR file: every game has one.
 */
static void
score_text(char *buf, int b, int w)
{
	char *p = put_int(buf, b);

	*p++ = '-';
	*put_int(p, w) = '\0';
}

/*
 * A claimed score with the empties given to the winner, which is
 * Reversi's wof score (formats/wthor.md, "Scores").
 */
static void
check_wof(const struct record_claim *c, struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	int			  b = c->wof;

	rp->has_recorded = true;
	score_text(rp->recorded, b, rp->pos->board.ncells - b);
	if (!s->over && wof_forfeit(c, rp))
		return;
	if (!s->over) {
		/* Resigned, adjourned or cut short: nothing to count. */
		if (!rp->has_warning) {
			rp->has_warning = true;
			diag_set_at(&rp->warning, DIAG_WTHOR_UNFINISHED, c->at,
			    c->at_len,
			    "the game stops before "
			    "its end, so the stored score (%s) cannot be "
			    "checked",
			    rp->recorded);
		}
		return;
	}
	rp->verified = true;
	rp->agrees = s->alt_name != NULL && b == s->alt[0];
	if (!rp->agrees && !rp->has_error) {
		rp->has_error = true;
		diag_set_at(&rp->error, DIAG_WTHOR_SCORE_MISMATCH, c->at,
		    c->at_len,
		    "the stored score %s disagrees "
		    "with the replay: %d-%d, empties to the winner",
		    rp->recorded, s->alt[0], s->alt[1]);
	}
}

/* A winner as the messages name it: a colour, or -1 a draw. */
static const char *
winner_name(int w)
{
	return w == 0 ? "black" : w == 1 ? "white" : "a draw";
}

/*
 * A claimed winner alone (CSV: 1 Black, -1 White, 0 a draw, of a
 * finished game).
 */
static void
check_winner(const struct record_claim *c, struct replay *rp)
{
	const struct rules_score *s = &rp->score;

	rp->has_recorded = true;
	memcpy(rp->recorded, c->text, c->len);
	rp->recorded[c->len] = '\0';
	/*
	 * A CSV row cannot say "unfinished": the winner of a game that
	 * stopped early was decided off the board (resignation, time,
	 * adjudication), which no replay can check (formats/record.md).
	 */
	if (!s->over) {
		rp->has_warning = true;
		diag_set_at(&rp->warning, DIAG_RESULT_UNVERIFIED, c->at,
		    c->at_len,
		    "the game stops before its end, "
		    "so the winner column (%s) cannot be checked",
		    rp->recorded);
		return;
	}
	rp->verified = true;
	rp->agrees = c->winner == s->winner;
	if (!rp->agrees && !rp->has_error) {
		rp->has_error = true;
		diag_set_at(&rp->error, DIAG_RESULT_MISMATCH, c->at, c->at_len,
		    "the winner column says %s but the replay gives %s",
		    winner_name(c->winner), winner_name(s->winner));
	}
}

static bool forfeit_score(
    const struct record *, const struct replay *, int score[RULES_COLOURS]);

/*
 * A score as nearly every result is written, "46-18": up to nine digits,
 * a dash, up to nine digits, the text's end (len, the claim's length,
 * a hint: the text ends at its NUL).  Read once, by hand, with
 * the text kept as util_printable keeps printable ASCII that fits
 * (shown, 20 bytes or more), its numbers in *a and *b as
 * record_result_score gives them; false for any other text (then those
 * judge it).
 */
static bool
plain_score(
    const char *s, size_t len, char *shown, unsigned long *a, unsigned long *b)
{
	unsigned long n[2] = { 0, 0 }, digit;
	unsigned      d[4];
	size_t	      i = 0, start;
	int	      k;

	/*
	 * Two digits each, 46-18, nearly every game of 8x8: at once, len
	 * (the claim's) only a hint, each byte checked in order up to the
	 * NUL, which is read only past five bytes that are none.
	 */
	if (len == 5) {
		d[0] = (unsigned char)s[0] - (unsigned)'0';
		d[1] = (unsigned char)s[1] - (unsigned)'0';
		if ((d[0] | d[1]) < 10 && s[2] == '-') {
			d[2] = (unsigned char)s[3] - (unsigned)'0';
			d[3] = (unsigned char)s[4] - (unsigned)'0';
			if ((d[2] | d[3]) < 10 && s[5] == '\0') {
				memcpy(shown, s, 6);
				*a = d[0] * 10 + d[1];
				*b = d[2] * 10 + d[3];
				return true;
			}
		}
	}
	for (k = 0; k < 2; k++) {
		/* Ten digits at most written: a long run stops there. */
		for (start = i;
		     i - start <= 9 && (digit = (unsigned char)s[i] - '0') < 10;
		     i++) {
			n[k] = n[k] * 10 + digit;
			shown[i] = s[i];
		}
		if (i == start || i - start > 9 ||
		    s[i] != (k == 0 ? '-' : '\0'))
			return false;
		shown[i] = s[i];
		i++;
	}
	*a = n[0];
	*b = n[1];
	return true;
}

/*
 * A claimed result in the notation's words: a score, 1/2-1/2 or *.  A
 * game decided off the board may also give its forfeit's score
 * (forfeit_score).
 */
static void
check_words(struct record_syntax *syn, const struct record *rec,
    const struct record_claim *c, struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	const char		 *text = c->text;
	unsigned long		  a, b;
	bool			  ok, forfeit = false;
	int			  fits, f[RULES_COLOURS];
	bool			  scored;

	rp->has_recorded = true;
	_Static_assert(sizeof rp->recorded >= 20, "a plain score's room");
	if (!(scored = plain_score(text, c->len, rp->recorded, &a, &b)))
		util_printable(
		    text, strlen(text), rp->recorded, sizeof rp->recorded);
	/* A director's decision is replay_check_adjudication's. */
	if (!s->over && replay_termination_adjudged(rec))
		return;
	rp->verified = true;
	if (!scored && strcmp(text, "*") == 0)
		ok = !s->over;
	else if (!scored && strcmp(text, "1/2-1/2") == 0)
		ok = s->over ? s->winner == -1 :
			       replay_termination_agreed(rec) ||
			replay_termination_drawn(rec);
	else {
		fits = scored ? 1 :
				record_result_score(
				    syn, text, strlen(text), &a, &b);
		if (fits == -1) {
			diag_set_at(replay_mark_malformed(rp), DIAG_BAD_RESULT,
			    c->at, 0,
			    "a result is a score like 36-28, 1-0, or * (not "
			    "\"%s\")",
			    rp->recorded);
			return;
		}
		ok = fits == 1 && s->over &&
		    ((a == (unsigned long)s->points[0] &&
			 b == (unsigned long)s->points[1]) ||
			(a == (unsigned long)s->alt[0] &&
			    b == (unsigned long)s->alt[1]));
		if (fits == 1 && !s->over &&
		    (forfeit = forfeit_score(rec, rp, f)))
			ok = a == (unsigned long)f[0] &&
			    b == (unsigned long)f[1];
	}
	rp->agrees = ok;
	if (!ok && !rp->has_error) {
		rp->has_error = true;
		if (forfeit)
			diag_set_at(&rp->error, DIAG_RESULT_MISMATCH, c->at, 0,
			    "the recorded result %s disagrees with the "
			    "forfeit's score: %d-%d",
			    rp->recorded, f[0], f[1]);
		else if (s->over)
			diag_set_at(&rp->error, DIAG_RESULT_MISMATCH, c->at, 0,
			    "the recorded result %s disagrees with the replay: "
			    "%d-%d",
			    rp->recorded, s->points[0], s->points[1]);
		else
			diag_set_at(&rp->error, DIAG_RESULT_MISMATCH, c->at, 0,
			    "the recorded result %s is given but the game is "
			    "not over (*)",
			    rp->recorded);
	}
}

/*
 * A Komi tag (GGF's KM, formats/record.md): the first colour's result is
 * its margin less the komi, which decides the winner of a game over
 * (36-28 with a komi of 8.5 is White's by 0.5; 32-32 with -0.5 Black's).
 * -1 with the record malformed if the tag is no decimal.
 */
static int
apply_komi(const struct record *rec, struct replay *rp)
{
	const struct record_tag *kt = record_tag_known(rec, RECORD_TAG_KOMI);
	struct rules_score	*s = &rp->score;
	long			 komi, d;

	if (kt == NULL)
		return 0;
	if (has_nul(kt) ||
	    record_decimal_milli(kt->value, kt->value_len, &komi) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_BAD_TAG, kt->at, 0,
		    "the Komi tag is no decimal like -0.5");
		return -1;
	}
	if (!s->over)
		return 0;
	d = (long)(s->points[0] - s->points[1]) * 1000 - komi;
	s->winner = d > 0 ? 0 : d < 0 ? 1 : -1;
	return 0;
}

/*
 * The result the record claims (record_claim), against the board; a
 * Result tag that cannot be read, or that the result token contradicts,
 * makes the record malformed first.
 */
static void
check_result(
    struct record_syntax *syn, const struct record *rec, struct replay *rp)
{
	const struct record_tag *rt = record_tag_known(rec, RECORD_TAG_RESULT);

	if (has_nul(rt)) {
		diag_set_at(replay_mark_malformed(rp), DIAG_BAD_RESULT, rt->at,
		    0, "the %s tag's value holds a NUL byte", rt->name);
		return;
	}
	if (rec->has_result && rt != NULL &&
	    strcmp(rt->value, rec->result.text) != 0 &&
	    strcmp(rt->value, "*") != 0) {
		diag_set_at(replay_mark_malformed(rp), DIAG_RESULT_CONFLICT,
		    rt->at, 0,
		    "the Result tag and the result token differ (%s)",
		    rec->result.text);
		return;
	}
	switch (rec->claim.kind) {
	case RECORD_CLAIM_RESULT: check_words(syn, rec, &rec->claim, rp); break;
	case RECORD_CLAIM_WINNER: check_winner(&rec->claim, rp); break;
	case RECORD_CLAIM_WOF: check_wof(&rec->claim, rp); break;
	case RECORD_CLAIM_NONE: break;
	}
}

/* ---- A game decided off the board ---------------------------------- */

/* The Termination values of a forfeit, but the illegal move's. */
static const struct {
	const char	 *tail;
	enum replay_cause cause;
} forfeit_tails[] = {
	{ " crashed", REPLAY_BY_CRASH },
	{ " timed out", REPLAY_BY_TIMEOUT },
	{ " resigned", REPLAY_BY_RESIGN },
	{ " withdrew", REPLAY_BY_WITHDRAW },
	/* --adjudicate resign: the referee resigns for the program. */
	{ REPLAY_LOST_ON_EVAL, REPLAY_BY_RESIGN },
};

/*
 * The forfeit a Termination value names, as gameplay match writes it
 * (formats/protocol.md): its cause, the colour that lost and, for an
 * illegal move, the answer quoted (*move, *move_len).  Returns false for
 * any other value.
 */
static bool
forfeit_of(const struct rules_game *g, const char *v, size_t len,
    enum replay_cause *cause, int *loser, const char **move, size_t *move_len)
{
	static const char head[] = "illegal move ", by[] = " by ";
	size_t		  i, t, h = sizeof head - 1, b = sizeof by - 1;

	*move = NULL;
	*move_len = 0;
	for (i = 0; i < sizeof forfeit_tails / sizeof forfeit_tails[0]; i++) {
		t = strlen(forfeit_tails[i].tail);
		if (len > t &&
		    memcmp(v + len - t, forfeit_tails[i].tail, t) == 0 &&
		    (*loser = replay_colour_named(g, v, len - t)) != -1) {
			*cause = forfeit_tails[i].cause;
			return true;
		}
	}
	if (len <= h || memcmp(v, head, h) != 0)
		return false;
	/* The answer may hold " by " itself: the colour follows the last. */
	for (i = len - b; i > h; i--)
		if (memcmp(v + i, by, b) == 0)
			break;
	if (i <= h ||
	    (*loser = replay_colour_named(g, v + i + b, len - i - b)) == -1)
		return false;
	*cause = REPLAY_BY_ILLEGAL;
	*move = v + h;
	*move_len = i - h;
	return true;
}

bool
replay_forfeit_score(
    const struct replay *rp, int loser, int score[RULES_COLOURS])
{
	const struct rules_score *s = &rp->score;
	int			  w = 1 - loser, n = rp->pos->board.ncells;

	if (rp->game == &rules_oust) {
		score[w] = 1;
		score[loser] = 0;
		return true;
	}
	if (rp->game != &rules_reversi)
		return false;
	score[w] = n - s->points[loser];
	if (score[w] < n / 2 + 1)
		score[w] = n / 2 + 1;
	score[loser] = n - score[w];
	return true;
}

/*
 * The score of a game decided off the board, from the Termination tag,
 * in score[] (replay_forfeit_score), or false for a tag that names no
 * forfeit.  Whether the tag agrees with the board is check_termination's.
 */
static bool
forfeit_score(
    const struct record *rec, const struct replay *rp, int score[RULES_COLOURS])
{
	const struct record_tag *tt = record_tag_known(
	    rec, RECORD_TAG_TERMINATION);
	enum replay_cause cause;
	const char	 *move;
	size_t		  move_len;
	int		  loser;

	if (tt == NULL ||
	    !forfeit_of(rp->game, tt->value, tt->value_len, &cause, &loser,
		&move, &move_len))
		return false;
	return replay_forfeit_score(rp, loser, score);
}

bool
replay_names_forfeit(const struct rules_game *g, const char *v, size_t len)
{
	enum replay_cause cause;
	const char	 *move;
	size_t		  move_len;
	int		  loser;

	return forfeit_of(g, v, len, &cause, &loser, &move, &move_len);
}

/*
 * Whether the answer an illegal-move forfeit quotes is one action that is
 * legal where it was given, the end of the replay.  An answer cut short
 * (util_printable's "...") is not what was answered, and an answer of
 * several actions is illegal in itself (formats/protocol.md).  1 or 0; -1
 * when memory runs out.
 */
static int
quoted_move_legal(
    struct record_syntax *syn, const char *m, size_t len, struct replay *rp)
{
	struct rules_action    a[2];
	struct rules_position *pos;
	struct rules_rng       next;
	struct diag	       d;
	size_t		       offs[2];
	int		       first, second;
	int		       legal;

	if ((len >= 3 && memcmp(m + len - 3, "...", 3) == 0) ||
	    record_turn_parse(syn, &rp->pos->board, m, len, a, offs, 2, &d) !=
		1)
		return 0;
	/* With a Seed, the one legal roll is the generator's next. */
	if (a[0].kind == RULES_DICE && rp->seeded) {
		next = rp->rng;
		rules_dice_roll(&next, &first, &second);
		if (a[0].from != first || a[0].to != second)
			return 0;
	}
	/* Not knowing is no "illegal": a forfeit is scored only if it was. */
	if ((pos = rules_position_dup(rp->pos)) == NULL)
		return -1;
	legal = rules_play(pos, &a[0], NULL) == 0;
	rules_position_free(pos);
	return legal;
}

/*
 * The Termination tag (formats/record.md, "Games stopped early").  It
 * means something only where the board did not end the game; there a
 * forfeit is scored only when every tag agrees with the board, since a
 * wrong winner with exit status 0 is worse than none.  Any value but
 * ours is kept and reported (design.md §2), on an unfinished game with a
 * warning; on a finished one ours alone contradict the board.
 */
static void
check_termination(
    struct record_syntax *syn, const struct record *rec, struct replay *rp)
{
	const struct record_tag *tt = record_tag_known(
	    rec, RECORD_TAG_TERMINATION);
	const struct record_tag *wt = record_tag_known(rec, RECORD_TAG_WINNER);
	const struct rules_game *g = rp->game;
	/*
	 * Set by forfeit_of() and read only after it said yes, which -O2
	 * cannot follow through `aborted ||': given values, not warnings.
	 */
	enum replay_cause cause = REPLAY_BY_ILLEGAL;
	const char	 *move = NULL;
	char		  why[RECORD_SHOWN], who[RECORD_SHOWN];
	size_t		  move_len = 0;
	int		  loser = 0, legal;
	bool		  aborted, ours;

	if (tt == NULL)
		return;
	aborted = record_tag_value_is(tt, "aborted");
	ours = aborted ||
	    forfeit_of(
		g, tt->value, tt->value_len, &cause, &loser, &move, &move_len);
	if (rp->score.over && !ours)
		return;
	/* A draw by agreement, an adjudication: replay_check_*'s. */
	if (!ours &&
	    (replay_termination_agreed(rec) ||
		replay_termination_adjudged(rec)))
		return;
	/* A draw on the programs' evaluations stands as it is. */
	if (!ours && replay_termination_drawn(rec))
		return;
	util_printable(tt->value, tt->value_len, why, sizeof why);
	if (wt != NULL)
		util_printable(wt->value, wt->value_len, who, sizeof who);
	if (!ours) {
		/* The first warning is the one reported. */
		if (!rp->has_warning) {
			rp->has_warning = true;
			diag_set_at(&rp->warning, DIAG_UNKNOWN_TERMINATION,
			    tt->at, 0,
			    "the Termination tag says \"%s\", which is "
			    "neither aborted nor a forfeit of %s or %s: the "
			    "game is left unfinished",
			    why, g->colour[0], g->colour[1]);
		}
		return;
	}
	rp->has_error = true;
	if (rp->score.over)
		diag_set_at(&rp->error, DIAG_FORFEIT_MISMATCH, tt->at, 0,
		    aborted ? "the Termination tag says the game was aborted, "
			      "but it is over" :
			      "the Termination tag says \"%s\", but "
			      "the game is over",
		    why);
	else if (aborted && wt != NULL)
		diag_set_at(&rp->error, DIAG_FORFEIT_MISMATCH, wt->at, 0,
		    "an aborted game has no winner, but the Winner tag says %s",
		    who);
	else if (aborted)
		rp->has_error = false;
	/* Either player may resign or withdraw, on either's turn. */
	else if (cause != REPLAY_BY_RESIGN && cause != REPLAY_BY_WITHDRAW &&
	    loser != rules_to_move(rp->pos))
		diag_set_at(&rp->error, DIAG_FORFEIT_MISMATCH, tt->at, 0,
		    "the Termination tag says \"%s\", but %s was to move", why,
		    g->colour[rules_to_move(rp->pos)]);
	else if (wt != NULL &&
	    replay_colour_named(g, wt->value, wt->value_len) != 1 - loser)
		diag_set_at(&rp->error, DIAG_FORFEIT_MISMATCH, wt->at, 0,
		    "the Winner tag says %s, but the Termination tag says "
		    "\"%s\"",
		    who, why);
	else if (move != NULL &&
	    (legal = quoted_move_legal(syn, move, move_len, rp)) != 0) {
		if (legal == -1)
			diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY,
			    tt->at, 0, "out of memory");
		else
			diag_set_at(&rp->error, DIAG_FORFEIT_MISMATCH, tt->at,
			    0,
			    "the Termination tag says \"%s\", but %.*s is "
			    "legal there",
			    why, (int)move_len, move);
	} else {
		rp->has_error = false;
		rp->forfeit = true;
		rp->forfeit_winner = 1 - loser;
		rp->forfeit_cause = cause;
	}
}

/*
 * Whether passes the record leaves unwritten are implied (replay_implicit):
 * a transcript's always; in the notation as opt says, by default in a
 * Reversi record that writes none, whose replay then can only gain by it
 * (a record that writes its passes is judged as before).
 */
static bool
passes_implied(const struct record *rec, const struct replay_options *opt,
    const struct replay *rp)
{
	const uint8_t *sq, *p;
	size_t	       i;

	if (rec->implicit_passes)
		return true;
	if (rec->format != RECORD_PGN ||
	    opt->implicit_pass == REPLAY_IMPLICIT_NO)
		return false;
	if (opt->implicit_pass == REPLAY_IMPLICIT_YES)
		return true;
	if (rp->game != &rules_reversi)
		return false;
	/* A pass is no square: only the turns that are none are looked at. */
	if ((sq = record_squares(rec)) != NULL) {
		for (i = 0; (p = memchr(sq + i, RECORD_SQUARE_NONE,
				 rec->nturns - i)) != NULL;
		     i++) {
			i = (size_t)(p - sq);
			if (record_turn_is_pass(
				rec->turns[i].text, rec->turns[i].len))
				return false;
		}
		return true;
	}
	for (i = 0; i < rec->nturns; i++)
		if (record_turn_is_pass(rec->turns[i].text, rec->turns[i].len))
			return false;
	return true;
}

/* Sets rp to a record not yet replayed: unfinished, nothing said. */
static void
replay_reset(struct replay *rp)
{
	rp->status = REPLAY_UNFINISHED;
	rp->game = NULL;
	rp->turns = rp->actions = rp->passes = rp->implied_passes = 0;
	rp->implicit = false;
	rp->has_recorded = rp->verified = rp->agrees = false;
	rp->has_error = rp->has_warning = false;
	rp->forfeit = false;
	rp->agreed = false;
	rp->keyed = false;
	rp->draw_offer = rp->undo_offer = -1;
	rp->undo_turns = 0;
	rp->adjudged = false;
	rp->cut = false;
	rp->in_turn = false;
	rp->kept_len = rp->nkept = 0;
	rp->error_turn = 0;
	rp->error_move[0] = '\0';
	rp->nlegal = 0;
	rp->has_legal = false;
	memset(&rp->score, 0, sizeof rp->score);
	rp->score.winner = -1;
}

/*
 * A record the reader could not read: malformed, its reader's error,
 * and its game named where the record or the caller says.
 */
static void
replay_malformed(const struct record *rec, const struct replay_options *opt,
    struct replay *rp)
{
	const struct record_tag *gt;

	rp->status = REPLAY_MALFORMED;
	rp->has_error = true;
	rp->error = rec->error;
	/* Still name the game where the record or the caller says. */
	if ((gt = record_tag_known(rec, RECORD_TAG_GAME)) != NULL) {
		if (!has_nul(gt))
			rp->game = rules_game_find(gt->value);
	} else if (opt->game != NULL)
		rp->game = opt->game;
	else
		rp->game = rec->format_game;
}

/*
 * What a record replayed to its end says of itself, checked against the
 * board: its result, termination, claims, agreements and adjudication;
 * and whether the players, a director or a forfeit ended it.
 */
static void
check_end(
    struct record_syntax *syn, const struct record *rec, struct replay *rp)
{
	check_result(syn, rec, rp);
	/* Termination and Winner tags: GGF and SGF give theirs too. */
	if (!rp->has_error)
		check_termination(syn, rec, rp);
	if (!rp->has_error)
		replay_check_claim(rec, rp);
	if (!rp->has_error)
		replay_check_agreement(rec, rp);
	if (!rp->has_error)
		replay_check_unrevealed(rec, rp);
	if (!rp->has_error)
		replay_check_adjudication(syn, rec, rp);
	/*
	 * A match drew it on the programs' evaluations (--adjudicate
	 * draw:): the referee's adjudication, a draw.
	 */
	if (!rp->has_error && !rp->score.over &&
	    replay_termination_drawn(rec) && rp->has_recorded &&
	    strcmp(rp->recorded, "1/2-1/2") == 0) {
		rp->adjudged = true;
		rp->adjudged_winner = -1;
	}
	/*
	 * Ended by the players, a director or a forfeit (a
	 * resignation, a claim, a withdrawal...): finished, its cause
	 * in the report (issue 27, item 11).
	 */
	if (!rp->has_error && (rp->agreed || rp->adjudged || rp->forfeit))
		rp->status = REPLAY_FINISHED;
}

/*
 * replay_record up to the record's turns: false where it is done with
 * there (malformed, or not set up), else true, with *end the turns to
 * play and *fast whether runs of squares go at a time.
 */
static bool
replay_start(const struct record *rec, const struct replay_options *opt,
    struct replay *rp, size_t *end, bool *fast)
{
	replay_reset(rp);
	if (rec->malformed) {
		replay_malformed(rec, opt, rp);
		return false;
	}
	if (set_up(rec, opt, rp) == -1 || !claim_ok(rec, rp) ||
	    replay_times(rec, rp) == -1 || replay_keys(rec, rp) == -1)
		return false;
	rp->implicit = passes_implied(rec, opt, rp);
	/* The reader's doubt (a WTHOR quirk) comes before the replay's. */
	if (rec->has_warning) {
		rp->has_warning = true;
		rp->warning = rec->warning;
	}
	rp->ndice = 0;
	rp->scratch.captured_so_far = 0;
	/*
	 * Turn upto is at most token upto (each token is a turn, a pass
	 * implied before it one more: replay_finish stops there).
	 */
	*end = opt->limit && opt->upto < rec->nturns ? opt->upto : rec->nturns;
	rp->cut = *end < rec->nturns;
	/*
	 * Runs of squares at a time where the game can (no dice, no counts
	 * of captures kept per turn), a turn at a time around them.
	 */
	*fast = rp->pos->game->play_cells != NULL && !rp->counts_captures;
	if (opt->each != NULL)
		opt->each(opt->each_arg, rp->pos);
	return true;
}

/* replay_record from turn i (the turns before it played) to its end. */
static void
replay_finish(struct record_syntax *syn, const struct record *rec,
    const struct replay_options *opt, struct replay *rp, size_t i,
    size_t end, bool fast)
{
	int r;

	for (; i < end && !upto_reached(opt, rp); i++) {
		if (fast) {
			if (play_squares(rec, &i, end, opt, rp) == -1) {
				if (i < end)
					rp->error_turn = i + 1;
				break;
			}
			if (i == end || upto_reached(opt, rp))
				break;
		}
		if ((r = play_turn(syn, rec, &rec->turns[i], opt, rp)) == -1) {
			/* The index of the token: implied passes aren't. */
			rp->error_turn = i + 1;
			break;
		}
		/* Turn upto was the pass implied before token i. */
		if (r == 1)
			break;
		if (opt->each != NULL)
			opt->each(opt->each_arg, rp->pos);
	}
	/* Stopped at turn upto with tokens left: the record is cut there. */
	if (i < rec->nturns && upto_reached(opt, rp))
		rp->cut = true;
	rules_score(rp->pos, &rp->score);
	if (rec->nturns == 0 && !opt->limit) {
		rp->has_warning = true;
		diag_set_at(&rp->warning, DIAG_NO_MOVES, rec->start, 0,
		    "the record has no moves");
	}
	if (rp->has_error)
		return;
	if (apply_komi(rec, rp) == -1)
		return;
	rp->status = rp->score.over ? REPLAY_FINISHED : REPLAY_UNFINISHED;
	if (!rp->cut) {
		check_end(syn, rec, rp);
	}
}

void
replay_record(struct record_syntax *syn, const struct record *rec,
    const struct replay_options *opt, struct replay *rp)
{
	size_t end;
	bool   fast;

	if (replay_start(rec, opt, rp, &end, &fast))
		replay_finish(syn, rec, opt, rp, 0, end, fast);
}

/*
 * The passes written among the squares sq[h..avail-1] from a square that
 * is none (h < avail) on: as first_cells, cells[0..h-1] found.
 */
static size_t
written_cells(const struct record *rec, const uint8_t *sq, size_t h,
    size_t avail, int16_t *cells, uint8_t *wp, size_t *nwp)
{
	const struct record_token *t;
	uint64_t bad = square_cells_bad(sq, avail, cells) & ~UINT64_C(0) << h;

	for (; bad != 0; bad &= bad - 1) {
		h = (size_t)__builtin_ctzll(bad);
		t = &rec->turns[h];
		if (sq[h] != RECORD_SQUARE_NONE ||
		    !record_turn_is_pass(t->text, t->len))
			return h;
		cells[h] = RULES_CELL_PASS;
		wp[(*nwp)++] = (uint8_t)h;
	}
	return avail;
}

/*
 * The squares a record's turns start with, as play_squares takes them
 * at its first turn, into cells (room for 64 and sixteen more: the last
 * vector of square_cells after a pass), with the passes written among
 * them (a turn of no square that written_pass would take for one) as
 * RULES_CELL_PASS, their indexes into wp (room for 64), how many into
 * *nwp (set): how many cells, 0 where the reader decoded none or the
 * board is not 8x8.
 */
static size_t
first_cells(const struct record *rec, const struct replay *rp, size_t end,
    int16_t *cells, uint8_t *wp, size_t *nwp)
{
	struct two_byte_bounds tb = two_byte_bounds(&rp->pos->board);
	const uint8_t	      *sq;
	size_t		       avail = end < 64 ? end : 64, h;

	if (tb.files != 8 || tb.ranks != 8 || tb.width != 8 ||
	    (sq = record_squares(rec)) == NULL)
		return 0;
	h = square_cells(sq, avail, cells);
	/* A game's squares mostly run to its end (the CSV's all). */
	if (h < avail)
		h = written_cells(rec, sq, h, avail, cells, wp, nwp);
	return h;
}

void
replay_records_pair(struct record_syntax *syn, const struct record *rec[2],
    const struct replay_options *opt, struct replay *rp[2])
{
	struct rules_position *pos[2];
	int16_t		       cells[2][64 + 16];
	uint8_t		       wp[2][64];
	const int16_t	      *to[2] = { cells[0], cells[1] };
	size_t		       end[2], n[2], k[2] = { 0, 0 }, p[2] = { 0, 0 };
	size_t		       nwp[2] = { 0, 0 }, w;
	bool		       fast[2], on[2];
	int		       g;

	for (g = 0; g < 2; g++) {
		on[g] = replay_start(rec[g], opt, rp[g], &end[g], &fast[g]);
		/* A cut at a turn counts implied passes one by one. */
		n[g] = on[g] && fast[g] && opt->each == NULL &&
			!opt->keep_turns && !(opt->limit && rp[g]->implicit) ?
		    first_cells(
			rec[g], rp[g], end[g], cells[g], wp[g], &nwp[g]) :
		    0;
	}
	/* Both runs at once: play_squares goes on from where each stops. */
	if (n[0] > 0 && n[1] > 0) {
		pos[0] = rp[0]->pos;
		pos[1] = rp[1]->pos;
		/*
		 * The passes left unwritten played there too, where both
		 * imply them (n > 0: none kept or shown), as implied_pass
		 * counts them.
		 */
		rules_play_cells_pair(pos, to, n, k,
		    rp[0]->implicit && rp[1]->implicit ? p : NULL,
		    nwp[0] + nwp[1] > 0);
		for (g = 0; g < 2; g++) {
			rp[g]->turns += k[g] + p[g];
			rp[g]->actions += k[g] + p[g];
			rp[g]->passes += p[g];
			rp[g]->implied_passes += p[g];
			/* And the passes written it played, as written_pass. */
			for (w = 0; w < nwp[g] && wp[g][w] < k[g]; w++)
				;
			rp[g]->passes += w;
		}
	}
	for (g = 0; g < 2; g++)
		if (on[g])
			replay_finish(syn, rec[g], opt, rp[g], k[g], end[g],
			    fast[g]);
}
