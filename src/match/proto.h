/* SPDX-License-Identifier: MIT */
/*
 * The protocols gameplay match speaks to the programs it runs
 * (formats/protocol.md): one table of functions per protocol, one file
 * each (proto-arbiter.c, proto-gtp.c, proto-nboard.c), over the process
 * supervisor of engine.h.  A protocol turns a game into requests and an answer into the
 * text of one action; what the answer means, and what a failure costs in
 * a game, is adjudicate.c's.  Another protocol is one more file here,
 * one for its engine's side (serve.h) and one line in protocols.def.
 */
#ifndef ARBITER_MATCH_PROTO_H
#define ARBITER_MATCH_PROTO_H

#include <stdbool.h>
#include <stddef.h>

#include "match/engine.h"
#include "match/game.h"

/* A refusal: the program answered a request of the set-up with an error. */
#define PROTO_REFUSED (-10)
/* Not ready within the start-up time-out (--startup-timeout). */
#define PROTO_NOT_READY (-11)

/* A match's clock for a side (--tc): BASE+INC seconds; off when !on. */
struct match_tc {
	bool   on;
	double base, inc;
	char   text[32]; /* as given: the TimeControl tag */
};

/*
 * What a program said beside its action (formats/protocol.md,
 * "Evaluations"): its evaluation in thousandths, from the mover's side,
 * and the depth and nodes of its search (-1: not said).  has is false
 * when it said none, or when what it said was dropped: bad then says why
 * ("" otherwise).  eval.c reads it from the protocols' words.
 */
struct match_eval {
	bool	  has;
	long	  milli;
	long	  depth;
	long long nodes;
	char	  bad[160];
};

/*
 * --log FILE (log.c): every line sent to a program and read from it, one
 * line of the log each, "TIME<TAB>GAME<TAB>ENGINE<TAB>DIR<TAB>LINE".
 * fd is -1 without --log; err the errno of the first write that failed
 * in this process (0: none), said once.
 */
struct match_log {
	int	    fd;
	const char *path;
	int	    err;
	bool	    said; /* err said already */
};

/*
 * One side of a match: its program, the protocol spoken to it and what
 * that protocol remembers of it.  The caller sets e (engine_init, e.cmd),
 * proto, tc, given, options, log and game; the rest is the protocol's.
 */
struct match_side {
	struct engine		  e;
	const struct match_proto *proto;
	const struct match_tc	 *tc;	 /* borrowed */
	const char		 *given; /* name= (gameplay(1), "Engines"),
					    or NULL */
	const char *const	 *options; /* option= lines, sent after the
					      handshake; borrowed */
	size_t			  noptions;
	struct match_log	 *log;	/* borrowed; NULL: none */
	unsigned long		  game; /* the game played, from 1, for
					   the log */
	double			  left; /* its clock, in seconds (tc->on) */
	/*
	 * The start-up time-out (seconds, 0: none), and whether the
	 * program's `ready' may come yet (the match protocol, after it was
	 * started: formats/protocol.md, "Getting ready").
	 */
	double startup;
	bool   starting;

	char	      name[128];      /* its own name ("" : none given) */
	bool	      greeted;	      /* hello done in this run */
	size_t	      told;	      /* actions of the game it knows */
	bool	      no_pass;	      /* GTP: refused `play C pass' */
	bool	      knows_set_game; /* GTP: lists set_game */
	bool	      knows_time_settings, knows_time_left; /* GTP: lists */
	unsigned long pings;	/* NBoard: the last `ping N' sent */
	char	      eval[64]; /* NBoard: what its answer has after the move */
	struct match_eval ev;	/* what its last answer said beside it */
	bool eval_warned; /* one dropped in this game was said */
	char	      refusal[256]; /* what it refused, and its answer */
	char	      answer[ENGINE_ANSWER_MAX + 3]; /* ask's *line */
};

/*
 * A protocol.  Each function returns 1 (done) or what engine_send and
 * engine_read return (ENGINE_GONE, ENGINE_LATE, ENGINE_LONG,
 * ENGINE_ERROR); those that send set-up requests may return
 * PROTO_REFUSED with s->refusal filled in, which ends the match (exit 2)
 * rather than a game.  timeout is seconds per request (0: none), deadline
 * an engine_deadline.
 */
struct match_proto {
	const char *name; /* "arbiter", "gtp", "nboard" */
	/*
	 * The one game and board the protocol can say, or NULL: any
	 * (NBoard: reversi, 8x8; both or neither); a match of another is
	 * a usage error.
	 */
	const char *only_game, *only_board;
	/*
	 * Whether new_game can tell the program a set-up start position
	 * (the match protocol's `setup'): a match from --openings with one
	 * is a usage error for a protocol that cannot.
	 */
	bool setup;
	/*
	 * Once after each start of the program: whatever the protocol
	 * asks first (GTP: protocol_version, name, version,
	 * list_commands), s->name filled in where the program tells one.
	 * It is the handshake: timeout is the start-up time-out, and the
	 * program is ready once it is done; no clock runs before.
	 */
	int (*hello)(struct match_side *s, double timeout);
	/*
	 * A new game, pg at its start: the program is told the game and its
	 * board (and the clock, s->tc), and knows no action of it yet.
	 */
	int (*new_game)(
	    struct match_side *s, const struct match_game *pg, double timeout);
	/*
	 * Asks for the next action of pg, by colour: what the program has
	 * not been told of the game, the clock (s->left) where there is
	 * one, then the request.  *line (in s->e or s, valid until the next
	 * call) is the answer as the match protocol's notation would have
	 * it: an action, `resign', or other text that is no action.  Whether
	 * the program is told its own answer again is the protocol's (GTP:
	 * no, genmove plays it; NBoard: yes, with `move').
	 */
	int (*ask)(struct match_side *s, const struct match_game *pg,
	    int colour, double deadline, char **line, size_t *len);
	/*
	 * Sends one option= line after the handshake (gameplay(1),
	 * "Engines"): as it is, a GTP command whose `?' is a refusal.
	 */
	int (*option)(struct match_side *s, const char *line, double timeout);
	/* The end of a match is engine_stop's `quit' for every protocol. */
};

/* Each protocol's entry: match_proto_arbiter and so on (protocols.def). */
#define PROTOCOL(x) extern const struct match_proto match_proto_##x;
#include "match/protocols.def"
#undef PROTOCOL

/*
 * An option line sent as it is, with no answer to wait for: the option
 * of the match protocol and NBoard (proto.c).
 */
int match_proto_send_option(
    struct match_side *s, const char *line, double timeout);

/* The protocol called name ("arbiter", "gtp", "nboard"), or NULL. */
const struct match_proto *match_proto_find(const char *name);
/*
 * The protocols' names for a message, in protocols.def's order: "arbiter,
 * gtp or nboard", into buf (cap bytes, cut short if need be).  Both sides
 * of the protocols (serve.h) have the same ones.
 */
void match_protocol_names(char *buf, size_t cap);

/*
 * Parses a time control BASE+INC (seconds, decimal; "+INC" may be left
 * out: no increment) into tc.  Returns false if arg is not one (or is
 * longer than tc->text holds).
 */
bool match_tc_parse(const char *arg, struct match_tc *tc);

/* The largest evaluation a program may give, either sign (thousandths). */
#define MATCH_EVAL_MAX	 100000000L
#define MATCH_DEPTH_MAX	 9999L
#define MATCH_NODES_MAX	 999999999999999999LL
/* eval.c: forgets what a program said beside its last answer. */
void match_eval_clear(struct match_eval *ev);
/*
 * eval.c: a score as a program writes it (len bytes at s): a decimal,
 * "-1.25", "+3", "0.5", rounded to thousandths, into *milli.  Returns 0,
 * or -1 with why in ev->bad (not a number, beyond MATCH_EVAL_MAX).
 */
int match_eval_score(struct match_eval *ev, const char *s, size_t len);
/*
 * eval.c: the words after the action of an answer of the match protocol,
 * "eval E depth D nodes N" (each once, any order, eval needed), into ev;
 * what is wrong drops them all (ev->bad).
 */
void match_eval_words(struct match_eval *ev, const char *s, size_t len);
/*
 * eval.c: a value in thousandths as the records write it, two places
 * and a third where it is not 0 ("1.50", "-0.125"), into buf; its
 * length.  match_eval_text: "[%eval 1.50,12] [%nodes 4096]", the depth
 * and nodes where ev has them; its length (cut to cap).
 */
size_t match_decimal_text(long milli, char *buf, size_t cap);
size_t match_eval_text(const struct match_eval *ev, char *buf, size_t cap);
/*
 * eval.c: the record's comment of an evaluation said with an answer that
 * took secs seconds, "[%eval 1.50,12] [%nodes 4096] [%emt 0:00:01.234]"
 * (formats/record.md, "Evaluations"), into buf.
 */
void match_eval_format(
    const struct match_eval *ev, double secs, char *buf, size_t cap);

#endif
