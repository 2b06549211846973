/* SPDX-License-Identifier: MIT */
/*
 * The referee: replaying a record (src/record's struct record) against
 * the rules core, action by action; the first illegal action and the
 * legal ones at that point, where the game stands at the end, whether the
 * recorded result and a forfeit agree with the board.  What the notation
 * means is src/record's (its turn-token codec); showing the outcome is the
 * report's and the tools' business.
 */
#ifndef ARBITER_REFEREE_H
#define ARBITER_REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#include "corr/corr.h"
#include "record/record.h"
#include "rules/rules.h"

/* What a replay found. */
enum replay_status {
	REPLAY_FINISHED,
	REPLAY_UNFINISHED,
	REPLAY_ILLEGAL,
	REPLAY_MALFORMED,
};

const char *replay_status_name(enum replay_status);

/*
 * Why a match ended a game before the rules did (the Termination tag,
 * formats/record.md): the program to move lost.  The order is that of the
 * counts in summaries (formats/summary.md).
 */
enum replay_cause {
	REPLAY_BY_ILLEGAL, /* "illegal move M by C" */
	REPLAY_BY_CRASH,   /* "C crashed" */
	REPLAY_BY_TIMEOUT, /* "C timed out" */
	REPLAY_BY_RESIGN,  /* "C resigned" */
	REPLAY_BY_WITHDRAW, /* "C withdrew": gameplay adjudicate */
};
#define REPLAY_CAUSES 5

/*
 * gameplay match --adjudicate resign: and draw: (formats/record.md):
 * "white lost on evaluation", a forfeit counted as a resignation (the
 * referee resigns for the program its own evaluation gave up), and
 * "drawn on evaluation", a draw off the board, as an agreed one is.
 */
#define REPLAY_LOST_ON_EVAL  " lost on evaluation"
#define REPLAY_DRAWN_ON_EVAL "drawn on evaluation"

/* "illegal", "crash", "timeout", "resign", "withdraw". */
const char *replay_cause_name(enum replay_cause);

/*
 * Whether a Termination value (len bytes, borrowed) names a forfeit in
 * game g as gameplay match writes one ("white crashed", "illegal move c9
 * by white"...): the replay either scores such a game as forfeited or
 * refuses it (forfeit-mismatch), so a report of it says one or the other.
 */
bool
replay_names_forfeit(const struct rules_game *g, const char *v, size_t len);

/*
 * Passes a record of the notation leaves unwritten (formats/record.md,
 * "Passes left out"): implied where a player has no move, as in a
 * transcript.  NO (the zero value: a caller that asks nothing gets the
 * record judged as written) never; AUTO, gamecheck's and gamestat's
 * default, in a Reversi record that writes no pass at all; YES in every
 * record of the notation.  Transcripts and CSV imply theirs whatever this
 * says; GGF and SGF never.
 */
enum replay_implicit {
	REPLAY_IMPLICIT_NO,
	REPLAY_IMPLICIT_AUTO,
	REPLAY_IMPLICIT_YES,
};

struct replay_options {
	const struct rules_game *game; /* forced game, or NULL: Game tag */
	enum replay_implicit	 implicit_pass;
	size_t			 max_legal; /* legal moves listed on an error */
	/*
	 * Stop after the first upto turns (when limit is set): the position
	 * after a given turn.  A pass the record leaves implied is a turn,
	 * as a pass it writes is, so the record may stop before a token:
	 * where turn upto is such a pass, the position is the one after it
	 * and the token it was implied before is not played.  The recorded
	 * result is not checked unless every token is played.
	 */
	bool	      limit;
	unsigned long upto;
	/*
	 * Keep the turns played as tokens (kept, below), implied passes
	 * included: for a tool that writes the record out (--write).
	 */
	bool keep_turns;
	/*
	 * Shows each(each_arg, pos) every position the game reaches: its
	 * start, then after each turn, a pass the record leaves implied
	 * included (the fast path a square at a time), for a selection of
	 * positions reached (--select position).
	 */
	void (*each)(void *each_arg, const struct rules_position *pos);
	void *each_arg;
};
/*
 * A watcher of the positions (each) added to the options' own, which
 * still sees every position first: replay_each_chain makes each(arg,
 * pos) the options' each and keeps the one they had in *before, which
 * the watcher shows pos to first with replay_each_call (NULL: none).
 */
struct replay_each {
	void (*each)(void *each_arg, const struct rules_position *pos);
	void *each_arg;
};
void replay_each_chain(struct replay_options *, struct replay_each *before,
    void (*each)(void *, const struct rules_position *), void *arg);
void replay_each_call(
    const struct replay_each *, const struct rules_position *pos);

/*
 * The referee's own storage, kept from one record to the next so that a
 * run over many records allocates little: callers never read or write it.
 */
struct replay_scratch {
	struct rules_action *acts; /* the actions of the token in play */
	size_t		     acts_cap;
	size_t		    *offs; /* each one's byte offset */
	size_t		     offs_cap;
	size_t		     legal_cap;
	size_t		     dice_cap;
	size_t		     turn_captures_cap;
	size_t		     kept_cap;
	int		     captured_so_far;
	/* The last Game tag's game, and the tag's value (game_named). */
	const struct rules_game *named;
	char			 named_as[16];
};

/*
 * The outcome of replaying one record: everything above scratch is the
 * result, for callers to read.  A replay owns its position and lists;
 * reuse one struct replay across records (replay_record resets it) and
 * release it once with replay_fini.
 */
struct replay {
	enum replay_status	 status;
	const struct rules_game *game;
	struct rules_position	*pos; /* final, or just before the error */
	/* pos's board is its game's default_board (set_up: no strcmp). */
	bool			 pos_default;
	unsigned long	   turns;     /* turn tokens played, passes included */
	unsigned long	   actions;
	unsigned long	   passes;
	unsigned long	   implied_passes; /* inserted in a transcript */
	bool		   implicit; /* passes are implied (replay_implicit) */
	bool		   in_turn;  /* the last token is a turn in progress
					   (not counted in turns) */
	struct rules_score score;

	/* The recorded result (Result tag or CSV winner) and the check. */
	bool has_recorded;
	char recorded[32];
	bool verified; /* the replay could check it */
	bool agrees;

	/*
	 * Decided off the board: an unfinished game whose Termination tag
	 * names a forfeit by the colour to move, and whose Winner tag, if
	 * any, names the other colour.
	 */
	bool		  forfeit;
	int		  forfeit_winner; /* a colour */
	enum replay_cause forfeit_cause;
	/* Drawn by agreement: an unfinished game, the offer accepted. */
	bool agreed;
	/*
	 * A keyed record (keys.c, formats/keys.md): it holds a hash tag of
	 * each player's key and of the referee's.
	 */
	bool keyed;
	/*
	 * The offers standing at the end (agree.c): the colour that offered
	 * a draw, a takeback (of undo_turns turns), or -1.
	 */
	int	      draw_offer;
	int	      undo_offer;
	unsigned long undo_turns;
	/*
	 * Adjudicated by a director (adjudge.c): an unfinished game whose
	 * Result is the decision, won by adjudged_winner (-1: a draw).
	 */
	bool adjudged;
	int  adjudged_winner;
	/*
	 * Replayed only to turn upto of replay_options, before the record's
	 * end: how the record ends off the board (a forfeit, a claim) is
	 * not this game's.
	 */
	bool cut;

	/* A doubt that is not an error (exit status unaffected). */
	bool	    has_warning;
	struct diag warning;

	/* Illegal or malformed: the first error. */
	bool	      has_error;
	struct diag   error;
	unsigned long error_turn; /* 1-based turn index, 0 if none */
	char	      error_move[RECORD_SHOWN]; /* the token, printable */
	bool	      has_legal;    /* the list below means something */
	struct rules_action *legal; /* legal actions at the error */
	size_t		     nlegal;

	/* The Seed tag, and its PRNG as it stands after the replay. */
	bool		   seeded;
	unsigned long long seed;
	struct rules_rng   rng;

	/* Turn by turn: dice rolled (10 * first + second), stones captured. */
	unsigned char *dice;
	size_t	       ndice;
	bool	       counts_captures; /* the game has a "captured" stat */
	int	      *turn_captures;	/* [turns], when counts_captures */

	/*
	 * With keep_turns: the turns played, in the codec's canonical
	 * spelling (record_turn_format; "pass" for an implied pass), nkept
	 * of them in kept_len bytes, each NUL terminated after the last.
	 */
	char  *kept;
	size_t kept_len;
	size_t nkept;

	/*
	 * Correspondence time (formats/record.md, "Moments"): the Start
	 * tag (timed), the moment of each turn token (times[i], nturns of
	 * them; INT64_MIN where a record without Start dates none), the
	 * latest moment of all (has_time), the TimeControl tag and the
	 * colour that moves first, for the clocks.
	 */
	bool		    timed;
	int64_t		    start;
	int64_t		   *times;
	size_t		    times_cap;
	bool		    has_time;
	int64_t		    last_time;
	bool		    has_control;
	struct corr_control control;
	int		    first;
	struct corr_leave  *leaves; /* {[%leave ...]}, in order */
	size_t		    nleaves;
	size_t		    leaves_cap;
	bool		    has_claim; /* a loss on time claimed (Claimed) */
	int64_t		    claimed;

	struct replay_scratch scratch;
};

/*
 * The score of rp's unfinished game lost off the board by loser (a
 * colour), into score[] (formats/record.md, "Scoring a forfeit"), where
 * the game has one: Reversi's is WOF's count, the empty squares to the
 * winner, with the winner at least one disc past half the board (WOF's
 * floor for a loss on time, 33-31 on 8x8); Oust's is its 1-0 or 0-1.
 * The other games have none: false.  So gamecheck checks and gameplay
 * writes the one score.
 */
bool replay_forfeit_score(
    const struct replay *rp, int loser, int score[RULES_COLOURS]);

void replay_init(struct replay *);
void replay_fini(struct replay *);
/*
 * Marks rp's record malformed (for the referee's own readers of a
 * record's parts); returns rp's diagnostic, for the caller to fill.
 */
struct diag *replay_mark_malformed(struct replay *rp);
/*
 * Replays rec (borrowed) and scores it; the result is in *rp.  Running
 * out of memory makes the record malformed with the code DIAG_NO_MEMORY:
 * a caller that must tell that from a bad record looks at rp->error.code.
 */
void replay_record(struct record_syntax *, const struct record *,
    const struct replay_options *, struct replay *rp);
/*
 * replay_record for two records, rp[g] replaying rec[g], the same as one
 * and then the other: the first moves of two archive games are played
 * side by side (rules_play_cells_pair), which is faster, with the
 * passes written among them that the rules take as the game going on.
 */
void replay_records_pair(struct record_syntax *, const struct record *rec[2],
    const struct replay_options *, struct replay *rp[2]);

/*
 * One turn token's actions as the codec read them (record_turn_parse),
 * for replay_turn; acts and offs (each action's byte offset in the
 * token) are borrowed.  n is -1 for a token that is no turn, bad saying
 * why.  off_board: a cell off the board follows the first n actions
 * (what record_turn_parse_before read), bad being the codec's diagnostic,
 * its offset within the token.  continues: the token's text before
 * acts[0] is a turn in progress whose actions rp has played already.
 */
struct replay_turn {
	const struct rules_action *acts;
	const size_t		  *offs;
	int			   n;
	bool			   off_board;
	bool			   continues;
	struct diag		   bad;
};

/*
 * Judges one turn's actions at rp's position, as replay_record judges
 * each turn token of a record, with the same checks and diagnostics:
 * no turn after the game is over, the dice a Seed gives (rules.md §4),
 * each action's legality, no action after the turn is over, and a turn
 * complete unless last (the record's last token may stop inside it).  So
 * a referee that writes a record can judge its new turns where they will
 * stand without reading its own output.  tok (borrowed) is the token's
 * whole text and where it stands, for the diagnostics.  The actions are
 * played on rp->pos, and rp's counts, dice and rng follow (the dice of a
 * turn continued are those of its new actions).  Returns 0, rp->in_turn
 * saying whether the turn goes on; or -1 with rp's status, error,
 * error_move and legal actions as replay_record leaves them, but for
 * error_turn, which is the caller's to set.
 */
int replay_turn(const struct record_token *tok, const struct replay_turn *t,
    bool last, const struct replay_options *opt, struct replay *rp);

/*
 * Reads rec's moments and time control into rp (times.c): the Start and
 * TimeControl tags and the {[%at TIME]} of each turn token, which must
 * be moments (bad-time, bad-time-control), one after each turn token of
 * a timed game and none elsewhere (misplaced-time), never going back
 * (time-backwards).  rp->pos is the start position.  Returns 0, or -1
 * with the record malformed.
 */
int replay_times(const struct record *rec, struct replay *rp);

/*
 * Who holds a key of a keyed record (formats/keys.md): the players by
 * their colour index, 0 and 1, and the referee.
 */
#define REPLAY_KEY_REFEREE 2
#define REPLAY_KEYS	   3
/*
 * The name of the tag that keeps the hash of holder's key in a record of
 * g ("BlackKeyHash", "WhiteKeyHash", "RefereeKeyHash") into buf (cap
 * bytes, 32 are enough).  Returns buf.
 */
char *
replay_key_tag(const struct rules_game *g, int holder, char *buf, size_t cap);
/*
 * Reads rec's key hash tags into rp (keys.c): none, or one for each
 * holder, each of the form of a key's hash (bad-key-hash); then
 * rp->keyed.  Returns 0, or -1 with the record malformed.
 */
int replay_keys(const struct record *rec, struct replay *rp);

/*
 * The clocks of rp's timed game after the turns of rec (replayed into
 * rp), into c: from its Start, by its moments and control; the turn in
 * progress is still its player's.  Without a control, only whose turn
 * it is and since when.
 */
void replay_clock(
    const struct record *rec, const struct replay *rp, struct corr_clock *c);

/*
 * A timed game with a control lost on time (a forfeit "COLOUR timed out")
 * stands only as a claim made when it was due: its moment, the Claimed
 * tag, at or after the deadline recomputed from the control and the
 * moments (claim-not-due, bad-time, time-backwards; the forfeit then
 * not scored).  A timed game's resignation dated in a Resigned tag is
 * checked to be a moment not before the record's last.
 */
void replay_check_claim(const struct record *rec, struct replay *rp);

/*
 * A draw or takeback by agreement (agree.c; formats/record.md, "Draws by
 * agreement", "Takebacks"): the offers and answers of the movetext
 * ({[%offer draw C]}, {[%accept draw C]}, {[%decline draw C]}, and their
 * undo forms) in order, an accepted draw ending the game with the
 * Termination tag "agreed draw" (then rp->agreed), the offers standing at
 * the end in rp; else an error with its code (bad-offer,
 * accept-without-offer, agreement-missing, move-after-agreement,
 * game-over).
 */
void replay_check_agreement(const struct record *rec, struct replay *rp);
/* Whether rec's Termination tag is "agreed draw". */
bool replay_termination_agreed(const struct record *rec);
/* The colour of g that the len bytes at v name exactly, or -1. */
int replay_colour_named(const struct rules_game *g, const char *v, size_t len);
/*
 * Whether rec's Termination tag says gameplay match --adjudicate draw:
 * ended it drawn (REPLAY_DRAWN_ON_EVAL): a draw off the board, Result
 * 1/2-1/2 (then an adjudication, finished: rp->adjudged, a draw) or *
 * (unfinished; formats/record.md).
 */
bool replay_termination_drawn(const struct record *rec);

/*
 * Secret dice (commit.c; formats/rng.md, "Secret dice"): the SeedCommit
 * tag, and where the seed is revealed the SeedSalt and Seed tags, which
 * must hash to it.  Returns 0, or -1 with the record malformed
 * (bad-seed-commitment, seed-commitment-mismatch).
 */
int replay_check_commitment(const struct record *rec, struct replay *rp);
/* A game over whose committed seed is not revealed: a warning. */
void replay_check_unrevealed(const struct record *rec, struct replay *rp);

/*
 * A director's adjudication (adjudge.c; formats/record.md,
 * "Adjudication"): an unfinished game with the Termination tag
 * "adjudicated", its decision in the Result, its winner in the Winner
 * tag (none for a draw), the AdjudicationReason tag, the
 * AdjudicationMethod tag if any (director or solver), and a timed game's
 * Adjudicated moment if any; then rp->adjudged.  Else an error with its
 * code (adjudication-mismatch, bad-adjudication, bad-result, bad-time,
 * time-backwards).
 */
void replay_check_adjudication(
    struct record_syntax *, const struct record *rec, struct replay *rp);
/* Whether rec's Termination tag is "adjudicated". */
bool replay_termination_adjudged(const struct record *rec);
/* Whether v (len bytes) is a method of the AdjudicationMethod tag. */
bool replay_adjudication_method(const char *v, size_t len);
/*
 * Whether text (len bytes) is a decision an adjudication may give in
 * rp's game: 1 for 1/2-1/2 or a score with no more pieces than the
 * board's cells (Oust: 1-0 or 0-1), its winner in *winner (-1 a draw);
 * 0 for a score the game cannot have; -1 for no result at all.
 */
int replay_adjudged_result(struct record_syntax *, const struct replay *rp,
    const char *text, size_t len, int *winner);

/*
 * The diagnostic of a leave src/corr refuses (corr_leave_check's kind):
 * leave-overlap, leave-exceeded, else bad-leave.
 */
enum diag_code replay_leave_code(enum corr_error_kind kind);

/*
 * The legal next actions after rp's replay (at its error, or at its end),
 * as rules_legal() writes them, except that where the record's Seed tag
 * fixes the dice the one legal roll is the generator's next.
 */
size_t
replay_legal(const struct replay *rp, struct rules_action *out, size_t cap);

#endif
