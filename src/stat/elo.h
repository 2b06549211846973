/* SPDX-License-Identifier: MIT */
/*
 * Match statistics (gameplay match, gameplay(1)): the Elo difference of
 * two players with its 95% interval and the likelihood of superiority,
 * and the sequential probability ratio test (SPRT) over games or over
 * pairs of games.  Pure functions of counts: the match counts the games,
 * src/report writes the figures.
 */
#ifndef ARBITER_ELO_H
#define ARBITER_ELO_H

#include <stdbool.h>

/*
 * Outcomes of one player against the other: with STAT_TRINOMIAL kinds, a
 * game lost, drawn, won (0, 1/2, 1 point); with STAT_PENTANOMIAL, a pair
 * of games with colours reversed, 0 to 2 points in halves (a score of 0,
 * 1/4, 1/2, 3/4, 1 a game).  count[k] is how many had the k-th outcome.
 */
#define STAT_TRINOMIAL	 3
#define STAT_PENTANOMIAL 5

/* The Elo figures of a distribution of outcomes. */
struct stat_elo {
	bool   defined; /* some outcome counted */
	double score;	/* mean score a game, 0 to 1 */
	double elo;	/* the difference, logistic model */
	double lo, hi;	/* its 95% interval; may be -/+HUGE_VAL */
	double los;	/* likelihood of superiority, 0 to 1 */
};

/*
 * The Elo figures of count[0..kinds-1] (kinds STAT_TRINOMIAL or
 * STAT_PENTANOMIAL) in *e: the mean score s, the Elo difference
 * -400 log10(1/s - 1) (+-HUGE_VAL for every game won or lost), the
 * interval of s +- 1.959964 standard errors mapped to Elo, and the LOS
 * Phi((s - 1/2) / se).  The interval and the LOS take s and se from the
 * counts with 1/1000 for each outcome never seen, so that one outcome
 * alone has a spread: 30 games won give LOS 1, 30 lost 0, 30 drawn 1/2.
 * Never fails; e->defined is false when nothing was counted.
 */
void stat_elo_of(const unsigned long *count, int kinds, struct stat_elo *e);

/* The expected score of a player elo points stronger (logistic model). */
double stat_elo_score(double elo);

/* An SPRT: its hypotheses and error rates (--sprt). */
struct stat_sprt {
	double elo0, elo1;  /* H0: elo = elo0; H1: elo = elo1 */
	double alpha, beta; /* false positive, false negative rates */
};

enum stat_verdict {
	STAT_INCONCLUSIVE, /* between the bounds */
	STAT_H0,	   /* the lower bound crossed: H0 accepted */
	STAT_H1,	   /* the upper bound crossed: H1 accepted */
};

/* The bounds of the test: log(beta/(1-alpha)), log((1-beta)/alpha). */
double stat_sprt_lower(const struct stat_sprt *);
double stat_sprt_upper(const struct stat_sprt *);
/*
 * The generalised log-likelihood ratio of H1 to H0 given
 * count[0..kinds-1]: the log of the likelihood of the counts under the
 * most likely distribution of outcomes with the mean score s1 of elo1,
 * over that with the score s0 of elo0 (fishtest's MLE_expected).  An
 * outcome never seen counts 1/1000, so that 15 pairs all won give 0.426
 * at elo0 = 0, elo1 = 10 (15 log(s1 / s0) as the padding goes to 0) and
 * one drawn pair -0.025.  0 when nothing was counted.
 */
double
stat_sprt_llr(const struct stat_sprt *, const unsigned long *count, int kinds);
/* Where llr stands against the bounds of the test. */
enum stat_verdict stat_sprt_verdict(const struct stat_sprt *, double llr);

#endif
