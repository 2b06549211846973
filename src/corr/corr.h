/* SPDX-License-Identifier: MIT */
/*
 * Correspondence time: moments in UTC (RFC 3339), time controls counted in
 * days or hours (formats/clock.md), the two players' clocks turn by turn,
 * and leave that stops a player's clock.  Pure computation over numbers:
 * it knows no game, no record and no file; the referee (gameplay) reads
 * the moments, the control and the leave from a record and asks here
 * where the clocks stand, when a deadline falls and whether a claim on
 * time succeeds.  Failures come back as a corr_error (a stable kind, a
 * message and the byte of the text it points at); the callers turn them
 * into diagnostics with their own positions.
 */
#ifndef ARBITER_CORR_H
#define ARBITER_CORR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CORR_DAY 86400
/* Room for "YYYY-MM-DDTHH:MM:SSZ" (21 bytes with its NUL) and for any
 * int64_t time outside years 0 to 9999. */
#define CORR_TIME_LEN 64
/* Longest control corr_control_format writes, NUL included. */
#define CORR_CONTROL_LEN 96

enum corr_error_kind {
	CORR_OK,
	CORR_BAD_TIME,	     /* not an RFC 3339 moment */
	CORR_BAD_CONTROL,    /* not a control of formats/clock.md */
	CORR_TIME_BACKWARDS, /* a moment before the one it follows */
	CORR_BAD_LEAVE,	     /* a leave that ends before it starts */
	CORR_LEAVE_OVERLAP,  /* a leave over another of the same player's */
	CORR_LEAVE_EXCEEDED, /* more leave in a year than the control allows */
};

/* What went wrong, and where in the text parsed (0-based byte). */
struct corr_error {
	enum corr_error_kind kind;
	size_t		     at;
	char		     msg[160];
};

/*
 * Reads the len bytes of s as an RFC 3339 date and time,
 * YYYY-MM-DDTHH:MM:SS followed by Z or an offset +HH:MM / -HH:MM (T and Z
 * in either case; no fraction of a second, no leap second), into *t,
 * seconds since 1970-01-01T00:00:00Z.  Returns 0, or -1 with err filled
 * (CORR_BAD_TIME, pointing at the first byte that is wrong) and *t left
 * alone.
 */
int
corr_time_parse(const char *s, size_t len, int64_t *t, struct corr_error *err);
/* Writes t as YYYY-MM-DDTHH:MM:SSZ into buf; returns buf. */
char *corr_time_format(int64_t t, char buf[CORR_TIME_LEN]);
/* The calendar year (UTC) of t: its first moment and the next year's. */
void corr_year_bounds(int64_t t, int64_t *start, int64_t *end);

/*
 * A time control (formats/clock.md).  A bank starts at base, loses what
 * each turn is charged, and gains inc after every `every' turns of its
 * player, up to cap where cap is not 0; a control per move gives each
 * turn base and keeps nothing.  With whole, time is charged in whole days
 * used, a day begun is free, and the days past dbl (where not 0) count
 * twice.  leave is the leave a player may take in one calendar year (UTC),
 * 0 for no limit.  Durations are seconds.
 */
enum corr_kind {
	CORR_BANK,
	CORR_PER_MOVE,
};

struct corr_control {
	enum corr_kind kind;
	int64_t	       base;
	int64_t	       inc;
	int	       every;
	int64_t	       cap;
	bool	       whole;
	int64_t	       dbl;
	int64_t	       leave;
};

/*
 * Reads the len bytes of s as a control into *ctl.  Returns 0, or -1 with
 * err filled (CORR_BAD_CONTROL, pointing at the offending byte) and *ctl
 * left alone.
 */
int corr_control_parse(const char *s, size_t len, struct corr_control *ctl,
    struct corr_error *err);
/* Writes ctl in the form corr_control_parse reads; returns buf. */
char *
corr_control_format(const struct corr_control *ctl, char buf[CORR_CONTROL_LEN]);
/* The time a turn that took `counted' seconds of its player's clock is
 * charged under ctl. */
int64_t corr_charge(const struct corr_control *ctl, int64_t counted);

/* A player's leave: their clock stops from `from' to `to' (to > from). */
struct corr_leave {
	int	colour;
	int64_t from;
	int64_t to;
};

/*
 * Checks a new leave l, asked for at `now', against the n leaves already
 * granted: it must start at now or later (leave taken back in time would
 * give back time already run out, and change turns already charged), end
 * after it starts, overlap none of the same player's, and keep that
 * player's leave within ctl->leave in every calendar year it touches.
 * Returns 0, or -1 with err filled (CORR_BAD_LEAVE, CORR_LEAVE_OVERLAP or
 * CORR_LEAVE_EXCEEDED; at is 0).
 */
int corr_leave_check(const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, const struct corr_leave *l,
    int64_t now, struct corr_error *err);

/*
 * The seconds of colour's clock between from and to (from <= to): the
 * time between them less that colour's leave.
 */
int64_t corr_counted(const struct corr_leave *leaves, size_t n, int colour,
    int64_t from, int64_t to);

/*
 * The two clocks between turns.  left is what each player has at the
 * start of their next turn (negative once a late turn was let stand:
 * nobody claimed), used what each has been charged, turns the turns each
 * has played; to_move has been waiting since `since'.  Plain data.
 */
struct corr_clock {
	int64_t left[2];
	int64_t used[2];
	int	turns[2];
	int	to_move;
	int64_t since;
};

/* Both clocks at the start of a game begun at `start', first to move. */
void corr_clock_init(struct corr_clock *c, const struct corr_control *ctl,
    int64_t start, int first);

/*
 * The deadline of the player to move: the first moment at which they are
 * out of time, their leave (granted so far, the future's too) counted
 * out.  A turn is in time when played before it; a claim on time
 * succeeds at it or after.
 */
int64_t corr_clock_deadline(const struct corr_clock *c,
    const struct corr_control *ctl, const struct corr_leave *leaves, size_t n);

/*
 * The player to move plays a turn at t: their clock is charged, the turn
 * passes to the other colour, who waits from t.  *late, if not NULL, is
 * set when the turn came at or after the deadline (it stands: a flag is
 * taken only by a claim).  Returns 0, or -1 with err filled
 * (CORR_TIME_BACKWARDS: t is before `since') and c unchanged.
 */
int corr_clock_play(struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, int64_t t, bool *late,
    struct corr_error *err);

/* Where the clocks stand at t (t >= since), the turn not yet played. */
struct corr_standing {
	int64_t used[2]; /* charged so far, the running turn's included */
	int64_t left[2]; /* left, the running turn's charge taken off */
	bool	on_leave[2];
	int64_t deadline; /* the player to move's */
	bool	overdue;  /* t >= deadline: a claim would succeed */
};

void corr_clock_at(const struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, int64_t t,
    struct corr_standing *s);

#endif
