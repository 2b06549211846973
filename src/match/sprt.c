/* SPDX-License-Identifier: MIT */
/*
 * The SPRT of gameplay match --sprt (match.h): reading the test from its
 * option, setting up its bounds for the summary, and the exit status of
 * --sprt-exit.  The test itself is src/stat's; the tally that feeds it
 * is tally.c's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"

/*
 * Whether the n bytes at s are a decimal number as people write one: a
 * minus perhaps, digits, perhaps a point and digits.  strtod reads 0x5,
 * 1e3, inf and a leading blank too, none of which --sprt means.
 */
static bool
decimal(const char *s, size_t n)
{
	size_t i = s[0] == '-', d;

	for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (i == d)
		return false;
	if (i < n && s[i] == '.')
		for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
	return i == n && i > d;
}

/*
 * Reads --sprt's "elo0=A elo1=B alpha=X beta=Y", the words apart by
 * spaces or commas, into *t; elo0 and elo1 must be there, each key once,
 * and elo0 below elo1.  Returns 0, or -1 after saying what is wrong.
 */
int
match_sprt_parse(const char *arg, struct stat_sprt *t)
{
	static const char *const keys[] = { "elo0", "elo1", "alpha", "beta" };
	double	   *v[4] = { &t->elo0, &t->elo1, &t->alpha, &t->beta };
	bool	    seen[4] = { false, false, false, false };
	const char *p = arg, *eq;
	size_t	    n;
	int	    k;

	t->alpha = t->beta = 0.05;
	while (*(p += strspn(p, " ,")) != '\0') {
		n = strcspn(p, " ,");
		if ((eq = memchr(p, '=', n)) == NULL)
			goto bad;
		for (k = 0; k < 4; k++)
			if (strlen(keys[k]) == (size_t)(eq - p) &&
			    strncmp(p, keys[k], eq - p) == 0)
				break;
		if (k == 4 || seen[k] ||
		    !decimal(eq + 1, (size_t)(p + n - eq - 1)))
			goto bad;
		if (!isfinite(*v[k] = strtod(eq + 1, NULL)))
			goto bad;
		seen[k] = true;
		p += n;
	}
	if (seen[0] && seen[1] && t->elo0 < t->elo1 && t->alpha > 0 &&
	    t->beta > 0 && t->alpha + t->beta < 1)
		return 0;
bad:
	cli_error(
	    "--sprt takes 'elo0=A elo1=B alpha=X beta=Y', each once (decimal numbers, A below B, the error rates between 0 and 1), not '%s'",
	    arg);
	return -1;
}

void
match_sprt_start(struct match *m)
{
	if (!(m->stats.sprt = m->sprt_on))
		return;
	m->stats.elo0 = m->sprt.elo0;
	m->stats.elo1 = m->sprt.elo1;
	m->stats.alpha = m->sprt.alpha;
	m->stats.beta = m->sprt.beta;
	m->stats.lower = stat_sprt_lower(&m->sprt);
	m->stats.upper = stat_sprt_upper(&m->sprt);
	/* Pairs with colours reversed: the pentanomial model. */
	m->stats.paired = m->alternate;
	m->stats.verdict = "inconclusive";
}

int
match_sprt_status(const struct match *m)
{
	return strcmp(m->stats.verdict, "H1") == 0 ? CLI_OK :
	    strcmp(m->stats.verdict, "H0") == 0	   ? MATCH_SPRT_H0 :
						     MATCH_SPRT_UNDECIDED;
}
