/* SPDX-License-Identifier: MIT */
/*
 * The Elo difference, its interval, the LOS and the SPRT of a match
 * (elo.h): arithmetic on counts of outcomes, no state and no I/O.  The
 * model is the one engine testers use (fishtest, fastchess): a logistic
 * Elo scale, normal approximations of the mean score, the generalised
 * likelihood ratio over the shares of the outcomes, and pairs of games
 * with colours reversed counted as one outcome of five, so that the
 * variance a colour or an opening adds cancels out of the test.
 */
#include <math.h>

#include "stat/elo.h"

/* The two-sided 95% quantile of the normal distribution. */
#define Z95 1.959963984540054

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

/*
 * The counts as doubles in c[], an outcome never seen counting 1/1000:
 * one outcome alone has no variance, and a distribution with a mean
 * score other than its one value must give the others some weight
 * (fishtest's regularisation, results_to_pdf).  The total, 0 if nothing
 * was counted.
 */
static double
regularise(const unsigned long *count, int kinds, double *c)
{
	unsigned long n = 0;
	int	      k;

	for (k = 0; k < kinds; k++) {
		n += count[k];
		c[k] = count[k] > 0 ? (double)count[k] : 1e-3;
	}
	return n;
}

/* The number, mean score and variance of the outcomes in count[]. */
static double
moments(const double *count, int kinds, double *mean, double *var)
{
	double n = 0, sum = 0, sq = 0, x;
	int    k;

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
	double raw[STAT_PENTANOMIAL], c[STAT_PENTANOMIAL], n, s, var, se;
	int    k;

	e->defined = false;
	e->score = 0.5;
	e->elo = e->lo = e->hi = 0;
	e->los = 0.5;
	for (k = 0; k < kinds; k++)
		raw[k] = (double)count[k];
	if (moments(raw, kinds, &e->score, &var) == 0)
		return;
	e->defined = true;
	/* The score is what was counted: +inf for every game won. */
	e->elo = elo_of_score(e->score);
	/* Its spread needs a variance, which the padding always gives. */
	regularise(count, kinds, c);
	n = moments(c, kinds, &s, &var);
	se = sqrt(var / n);
	e->lo = elo_of_score(s - Z95 * se);
	e->hi = elo_of_score(s + Z95 * se);
	e->los = 0.5 * erfc(-(s - 0.5) / se / sqrt(2));
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

/*
 * N times the Kullback-Leibler divergence of the outcomes c[] from the
 * distribution of mean score s nearest them, the one of greatest
 * likelihood: p_k / (1 + x (a_k - s)), p_k the observed share of the
 * outcome of score a_k, x the root of sum p_k (a_k - s) / (1 + x (a_k -
 * s)) = 0 (fishtest's MLE_expected).  The sum falls from +inf to -inf as
 * x runs between the poles -1 / (1 - s) and 1 / s, so bisection finds
 * the root; the divergence is then sum c_k log(1 + x (a_k - s)).  Every
 * c_k must be above 0 and s strictly between 0 and 1.
 */
static double
divergence(const double *c, int kinds, double s)
{
	double lo = -1 / (1 - s), hi = 1 / s, x, f, d, sum = 0;
	int    i, k;

	/* Each step halves the interval: 200 reach a double's precision. */
	for (i = 0; i < 200 && lo < hi; i++) {
		x = lo + (hi - lo) / 2;
		if (x <= lo || x >= hi)
			break;
		f = 0;
		for (k = 0; k < kinds; k++) {
			d = (double)k / (kinds - 1) - s;
			f += c[k] * d / (1 + x * d);
		}
		if (f > 0)
			lo = x;
		else
			hi = x;
	}
	x = lo + (hi - lo) / 2;
	for (k = 0; k < kinds; k++)
		sum += c[k] * log(1 + x * ((double)k / (kinds - 1) - s));
	return sum;
}

double
stat_sprt_llr(const struct stat_sprt *t, const unsigned long *count, int kinds)
{
	double c[STAT_PENTANOMIAL];

	if (regularise(count, kinds, c) == 0)
		return 0;
	/*
	 * The generalised likelihood ratio, each hypothesis's nuisance
	 * (the shares of the outcomes) at its most likely: H1 is as much
	 * likelier as its nearest distribution is nearer.  Unlike the
	 * normal approximation it stays bounded as the variance vanishes.
	 */
	return divergence(c, kinds, stat_elo_score(t->elo0)) -
	    divergence(c, kinds, stat_elo_score(t->elo1));
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
