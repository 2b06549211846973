/* SPDX-License-Identifier: MIT */
/*
 * gameplay match's options (match.h): the defaults, each option read into
 * the match, and what they say together checked before anything runs;
 * and releasing what the match holds.  The getopt table and --help are
 * the command entry's (src/play/cmd-match.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"
#include "solve/solve.h"
#include "util/util.h"

void
match_init(struct match *m)
{
	int k;

	memset(m, 0, sizeof *m);
	m->timeout = 10;
	m->startup_timeout = 30;
	m->jobs = 1;
	for (k = 0; k < 2; k++) {
		engine_init(&m->side[k].e, k);
		m->side[k].proto = &match_proto_arbiter;
		m->side[k].tc = &m->tc[k];
		m->side[k].log = &m->log;
	}
	match_log_init(&m->log);
	match_series_init(&m->ps, "match");
}

void
match_fini(struct match *m)
{
	size_t i;
	int    k;

	match_notes_clear(m);
	free(m->notes);
	free(m->counted);
	free(m->names[0]);
	free(m->names[1]);
	match_schedule_fini(&m->sch);
	match_tourney_fini(&m->tour);
	for (i = 0; m->entrant != NULL && i < m->nengines; i++)
		match_entrant_fini(&m->entrant[i]);
	free(m->entrant);
	free(m->entrant_names);
	free(m->engine_lines);
	for (k = 0; k < 2; k++)
		match_entrant_fini(&m->two[k]);
	free(m->engines);
	free(m->engines_text);
	match_openings_fini(&m->openings);
	record_syntax_free(m->syn);
	solve_free(m->solver);
}

/* Which of the two words w0 and w1 arg is: 0 or 1, or -1 if neither. */
static int
one_of(const char *arg, const char *w0, const char *w1)
{
	if (strcmp(arg, w0) == 0)
		return 0;
	return strcmp(arg, w1) == 0 ? 1 : -1;
}

/*
 * --timeout and --startup-timeout (name): decimal seconds into *t, 0 for
 * none.  0, or -1 after saying why.
 */
static int
timeout_option(const char *name, double *t, const char *arg)
{
	char *endp;

	errno = 0;
	*t = strtod(arg, &endp);
	/* Decimal seconds only: strtod reads 0x1 and 1e3. */
	if (arg[0] < '0' || arg[0] > '9' ||
	    arg[strspn(arg, "0123456789.")] != '\0' || *endp != '\0' ||
	    errno != 0 || !(*t >= 0) || *t > 1e6) {
		cli_error("--%s takes seconds, not '%s'", name, arg);
		return -1;
	}
	return 0;
}

/*
 * --slice I-J (or I): games I to J of the match, from 1, into
 * m->slice_first and m->slice_last.  0, or -1 after saying why; that
 * they are games of the match is seen once the match is known
 * (match_setup_slice).
 */
static int
slice_option(struct match *m, const char *arg)
{
	char   first[32];
	size_t n = strcspn(arg, "-");

	m->slice = arg;
	if (n >= sizeof first ||
	    (memcpy(first, arg, n), first[n] = '\0',
		!cli_parse_count(first, &m->slice_first)) ||
	    !cli_parse_count(
		arg[n] == '-' ? arg + n + 1 : first, &m->slice_last)) {
		cli_error("--slice: '%s' is no slice: I-J, games I to J of "
			  "the match from 1, or one game I",
		    arg);
		return -1;
	}
	if (m->slice_first > m->slice_last) {
		cli_error("--slice %s: the first game after the last", arg);
		return -1;
	}
	return 0;
}

/* --black-protocol, --white-protocol: 0, or -1 after saying why. */
static int
protocol_option(struct match *m, int c, const char *arg)
{
	char names[128];
	int  k = c == MATCH_OPT_WHITE_PROTOCOL;

	m->proto_set[k] = true;
	if ((m->side[k].proto = match_proto_find(arg)) == NULL) {
		match_protocol_names(names, sizeof names);
		cli_error("--%s-protocol takes %s, not '%s'",
		    k == 0 ? "black" : "white", names, arg);
		return -1;
	}
	return 0;
}

/* --tc, --black-tc, --white-tc: 0, or -1 after saying why. */
static int
tc_option(struct match *m, int c, const char *arg)
{
	if (!match_tc_parse(arg,
		c == MATCH_OPT_TC ? &m->tc_both :
				    &m->tc[c == MATCH_OPT_WHITE_TC])) {
		cli_error("--%s takes BASE+INC seconds, not '%s'",
		    c == MATCH_OPT_TC		? "tc" :
			c == MATCH_OPT_BLACK_TC ? "black-tc" :
						  "white-tc",
		    arg);
		return -1;
	}
	return 0;
}

/* --engine: one more entrant of the tournament: 0, or -1 (said). */
static int
engine_option(struct match *m, const char *arg)
{
	if (array_grow(&m->engines, &m->engines_cap, m->nengines + 1,
		sizeof *m->engines) == -1 ||
	    array_grow(&m->engine_lines, &m->engine_lines_cap, m->nengines + 1,
		sizeof *m->engine_lines) == -1) {
		cli_error("out of memory");
		return -1;
	}
	m->engine_lines[m->nengines] = 0;
	m->engines[m->nengines++] = arg;
	return 0;
}

int
match_option(void *settings, int c, const char *arg)
{
	struct match *m = settings;
	int	      k;

	switch (c) {
	case 'b': m->side[0].e.cmd = arg; break;
	case 'w': m->side[1].e.cmd = arg; break;
	case MATCH_OPT_BLACK_PROTOCOL:
	case MATCH_OPT_WHITE_PROTOCOL: return protocol_option(m, c, arg);
	case MATCH_OPT_TC:
	case MATCH_OPT_BLACK_TC:
	case MATCH_OPT_WHITE_TC: return tc_option(m, c, arg);
	case MATCH_OPT_ALTERNATE: m->alternate = true; break;
	case MATCH_OPT_SPRT:
		m->sprt_on = true;
		return match_sprt_parse(arg, &m->sprt);
	case MATCH_OPT_SPRT_EXIT: m->sprt_exit = true; break;
	case 'o': m->output = arg; break;
	case MATCH_OPT_RESUME: m->resume = true; break;
	case 'j': return cli_jobs_option(arg, &m->jobs) ? 0 : -1;
	case MATCH_OPT_ORDER:
		if ((k = one_of(arg, "game", "completion")) == -1)
			return cli_bad_value(
			    "--order", "game or completion", arg);
		m->completion = k == 1;
		break;
	case MATCH_OPT_OPENINGS: m->openings_path = arg; break;
	case MATCH_OPT_ENGINE: return engine_option(m, arg);
	case MATCH_OPT_LOG: m->log.path = arg; break;
	case MATCH_OPT_ENGINES: m->engines_path = arg; break;
	case MATCH_OPT_TOURNAMENT:
		if ((k = one_of(arg, "round-robin", "gauntlet")) == -1)
			return cli_bad_value(
			    "--tournament", "round-robin or gauntlet", arg);
		m->sch.kind = k == 0 ? MATCH_TOURNAMENT_ROUND_ROBIN :
				       MATCH_TOURNAMENT_GAUNTLET;
		break;
	case MATCH_OPT_REPEAT: m->sch.repeat = true; break;
	case MATCH_OPT_ADJUDICATE: return match_adjudicate_option(m, arg);
	case MATCH_OPT_OPENINGS_ORDER:
		m->order_set = true;
		if ((k = one_of(arg, "sequential", "random")) == -1)
			return cli_bad_value(
			    "--openings-order", "sequential or random", arg);
		m->order = k == 0 ? MATCH_ORDER_SEQUENTIAL : MATCH_ORDER_RANDOM;
		break;
	case MATCH_OPT_SLICE: return slice_option(m, arg);
	case MATCH_OPT_PAIRING:
		if (!cli_parse_count(arg, &m->pairing)) {
			cli_error("--pairing: '%s' is no pairing: a number "
				  "from 1",
			    arg);
			return -1;
		}
		m->pairing_arg = arg;
		break;
	case MATCH_OPT_TIMEOUT:
		return timeout_option("timeout", &m->timeout, arg);
	case MATCH_OPT_STARTUP_TIMEOUT:
		return timeout_option(
		    "startup-timeout", &m->startup_timeout, arg);
	default: return match_series_option(&m->ps, c, arg);
	}
	return 0;
}

bool
match_has_programs(const struct match *m)
{
	return m->side[0].e.cmd != NULL && m->side[1].e.cmd != NULL;
}

int
match_options_done(struct match *m)
{
	int k;

	for (k = 0; k < 2; k++)
		if (!m->tc[k].on)
			m->tc[k] = m->tc_both;
	if (m->sprt_exit && !m->sprt_on) {
		cli_error("--sprt-exit needs --sprt");
		return CLI_USAGE;
	}
	if (m->sch.kind == MATCH_TOURNAMENT_NONE &&
	    match_entrants_setup(m) != CLI_OK)
		return CLI_USAGE;
	if (m->resume && m->output == NULL) {
		cli_error("--resume needs -o FILE");
		return CLI_USAGE;
	}
	if ((m->sch.repeat || m->order_set) && m->openings_path == NULL) {
		cli_error("--%s needs --openings",
		    m->sch.repeat ? "repeat" : "openings-order");
		return CLI_USAGE;
	}
	return CLI_OK;
}
