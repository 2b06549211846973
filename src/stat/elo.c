/* SPDX-License-Identifier: MIT */
/*
 * The Elo difference, its interval, the LOS and the SPRT of a match
 * (elo.h): arithmetic on counts of outcomes, no state and no I/O.  The
 * model is the one engine testers use (fishtest, fastchess): a logistic
 * Elo scale, normal approximations of the mean score, and pairs of games
 * with colours reversed counted as one outcome of five, so that the
 * variance a colour or an opening adds cancels out of the test.
 */
#include <math.h>

#include "stat/elo.h"

/* The two-sided 95% quantile of the normal distribution. */
#define Z95	1.959963984540054

double
stat_elo_score(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

/* The Elo difference of a mean score: infinite at 0 and 1. */
static double
elo_of_score(double s)
{
	if (s <= 0)
		return -HUGE_VAL;
	if (s >= 1)
		return HUGE_VAL;
	return -400 * log10(1 / s - 1);
}

/* The number, mean score and variance of the outcomes in count[]. */
static double
moments(const double *count, int kinds, double *mean, double *var)
{
	double	 n = 0, sum = 0, sq = 0, x;
	int	 k;

	for (k = 0; k < kinds; k++) {
		x = (double)k / (kinds - 1);
		n += count[k];
		sum += count[k] * x;
	}
	if (n == 0)
		return 0;
	*mean = sum / n;
	for (k = 0; k < kinds; k++) {
		x = (double)k / (kinds - 1) - *mean;
		sq += count[k] * x * x;
	}
	*var = sq / n;
	return n;
}

void
stat_elo_of(const unsigned long *count, int kinds, struct stat_elo *e)
{
	double	 c[STAT_PENTANOMIAL], n, var = 0, se;
	int	 k;

	for (k = 0; k < kinds; k++)
		c[k] = (double)count[k];
	e->defined = false;
	e->score = 0.5;
	e->elo = e->lo = e->hi = 0;
	e->los = 0.5;
	if ((n = moments(c, kinds, &e->score, &var)) == 0 ||
	    e->score <= 0 || e->score >= 1)
		return;
	e->defined = true;
	se = sqrt(var / n);
	e->elo = elo_of_score(e->score);
	e->lo = elo_of_score(e->score - Z95 * se);
	e->hi = elo_of_score(e->score + Z95 * se);
	/* Every game drawn or paired even: no side is more likely. */
	e->los = se > 0 ? 0.5 * erfc(-(e->score - 0.5) / se / sqrt(2)) : 0.5;
}

double
stat_sprt_lower(const struct stat_sprt *t)
{
	return log(t->beta / (1 - t->alpha));
}

double
stat_sprt_upper(const struct stat_sprt *t)
{
	return log((1 - t->beta) / t->alpha);
}

double
stat_sprt_llr(const struct stat_sprt *t, const unsigned long *count,
    int kinds)
{
	double	 c[STAT_PENTANOMIAL], n, s, var = 0, s0, s1;
	int	 k;

	for (k = 0; k < kinds; k++)
		c[k] = (double)count[k];
	/*
	 * One outcome alone has no variance to scale by: a single drawn
	 * pair would decide the test.  Nothing is known until two differ.
	 */
	if ((n = moments(c, kinds, &s, &var)) == 0 || var == 0)
		return 0;
	s0 = stat_elo_score(t->elo0);
	s1 = stat_elo_score(t->elo1);
	return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

enum stat_verdict
stat_sprt_verdict(const struct stat_sprt *t, double llr)
{
	if (llr >= stat_sprt_upper(t))
		return STAT_H1;
	if (llr <= stat_sprt_lower(t))
		return STAT_H0;
	return STAT_INCONCLUSIVE;
}
