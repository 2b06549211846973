/* SPDX-License-Identifier: MIT */
/*
 * gameplay new: a fresh record for a game (gameplay(1)): its tags, no
 * moves, result "*"; for a game with dice, the Seed its dice come from.
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play/dice.h"
#include "play/play.h"
#include "play/queue.h"

/* What the options say: the record's tags and where it goes. */
struct new_settings {
	const char *size; /* NULL: the game's board */
	const char *black, *white;
	const char *date;		    /* NULL: today */
	const char *event, *seed, *variant; /* or NULL */
	const char *setup;		    /* or NULL */
	const char *secret_seed;	    /* --secret-seed, or NULL */
	const char *output;		    /* NULL: standard output */
	const char *keys;		    /* --keys: a folder, or NULL */
	bool	    force;
	/* A correspondence game: --at or --control (the Start tag). */
	struct play_at	    at;
	bool		    has_control;
	struct corr_control control;
};

/* --control: a control of formats/clock.md.  0, or -1 after saying why. */
static int
control_option(struct new_settings *ns, const char *arg)
{
	struct corr_error err;

	if (corr_control_parse(arg, strlen(arg), &ns->control, &err) == -1) {
		cli_error("new: --control %s: %s (formats/clock.md: 3d/move, "
			  "30d+3d,whole,double=20d, 10d+36h,cap=10d, 10/50d)",
		    arg, err.msg);
		return -1;
	}
	ns->has_control = true;
	return 0;
}

const struct play_field play_fields_new[] = {
	PLAY_FIELD(struct new_settings, 's', size),
	PLAY_FIELD(struct new_settings, 'b', black),
	PLAY_FIELD(struct new_settings, 'w', white),
	PLAY_FIELD(struct new_settings, 'd', date),
	PLAY_FIELD(struct new_settings, 'e', event),
	PLAY_FIELD(struct new_settings, 'S', seed),
	PLAY_FIELD(struct new_settings, 'v', variant),
	PLAY_FIELD(struct new_settings, 'o', output),
	PLAY_FLAG(struct new_settings, PLAY_OPT_FORCE, force),
	PLAY_FIELD(struct new_settings, PLAY_OPT_SETUP, setup),
	PLAY_FIELD(struct new_settings, PLAY_OPT_KEYS, keys),
	PLAY_FIELD(struct new_settings, PLAY_OPT_SECRET_SEED, secret_seed),
	PLAY_FIELDS_END,
};

/* The options new does more with than keep them (play_fields_new). */
int
play_option_new(void *settings, int c, const char *arg)
{
	struct new_settings *ns = settings;

	if (c == 'c')
		return control_option(ns, arg);
	if (c == PLAY_OPT_AT)
		return play_at_option(arg, &ns->at);
	return 0;
}

/* A Date tag value: YYYY.MM.DD, ? for an unknown digit (PGN). */
static bool
date_ok(const char *s)
{
	int i;

	if (strlen(s) != 10 || s[4] != '.' || s[7] != '.')
		return false;
	for (i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !(s[i] >= '0' && s[i] <= '9') &&
		    s[i] != '?')
			return false;
	return true;
}

/* A seed from the system's entropy: getrandom(2), else /dev/urandom. */
static int
entropy_seed(uint64_t *seed)
{
	ssize_t n;
	int	fd;

	do
		n = getrandom(seed, sizeof *seed, 0);
	while (n == -1 && errno == EINTR);
	if (n == (ssize_t)sizeof *seed)
		return 0;
	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, seed, sizeof *seed);
	close(fd);
	return n == (ssize_t)sizeof *seed ? 0 : -1;
}

/* No line ends in a tag value: the notation has one tag pair a line. */
static bool
value_ok(const char *what, const char *v)
{
	if (strpbrk(v, "\r\n") == NULL)
		return true;
	cli_error("--%s may not hold a line end", what);
	return false;
}

/* Whether the tag values are fit for a record; false after saying why. */
static bool
settings_ok(const struct new_settings *ns)
{
	if (!value_ok("black", ns->black) || !value_ok("white", ns->white) ||
	    (ns->event != NULL && !value_ok("event", ns->event)))
		return false;
	if (ns->date != NULL && !date_ok(ns->date)) {
		cli_error("--date takes YYYY.MM.DD, not '%s'", ns->date);
		return false;
	}
	return true;
}

/*
 * --setup: pos replaced by the position a Setup value gives, if the game
 * can reach it.  Returns 0, or -1 after saying why not.
 */
static int
setup(struct rules_position *pos, const char *value)
{
	int	    pieces[RULES_MAX_CELLS], to_move;
	struct diag d;

	if (record_setup_parse(&pos->board, value, strlen(value), pieces,
		&to_move, &d) == -1 ||
	    rules_setup(pos, pieces, to_move, &d) == -1) {
		cli_error("--setup: %s [%s]", d.msg, diag_name(d.code));
		return -1;
	}
	return 0;
}

/*
 * The start position of g on the board and with the variant the options
 * name, or NULL after saying what is wrong with them.
 */
static struct rules_position *
position_new(const struct rules_game *g, const struct new_settings *ns)
{
	struct rules_variant   v;
	struct rules_position *pos;
	struct diag	       d;

	if (ns->variant != NULL) {
		if (rules_variant_parse(g, ns->variant, &v, &d) == -1) {
			cli_error("%s [%s]", d.msg, diag_name(d.code));
			return NULL;
		}
	} else
		rules_variant_default(g, &v);
	if ((pos = rules_position_new(g, ns->size, &v, &d)) == NULL)
		cli_error("%s [%s]", d.msg, diag_name(d.code));
	else if (ns->setup != NULL && setup(pos, ns->setup) == -1) {
		rules_position_free(pos);
		pos = NULL;
	}
	return pos;
}

/*
 * The Seed of a game with dice (dice): --seed, or one drawn from the
 * system's entropy; --seed for a game without dice is refused.  Returns
 * CLI_OK, or the exit status after saying why.
 */
static int
choose_seed(const struct new_settings *ns, const struct rules_game *g,
    bool dice, uint64_t *seed)
{
	const char	  *arg = ns->seed;
	unsigned long long sv;
	char		  *end;

	if (arg != NULL) {
		errno = 0;
		sv = strtoull(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end != '\0' || errno != 0) {
			cli_error("--seed takes a number from 0 to %" PRIu64
				  ", not '%s'",
			    UINT64_MAX, arg);
			return CLI_USAGE;
		}
		*seed = sv;
	}
	if (!dice && (arg != NULL || ns->secret_seed != NULL)) {
		cli_error("%s throws no dice: --%s is for dice games", g->name,
		    arg != NULL ? "seed" : "secret-seed");
		return CLI_USAGE;
	}
	if (arg != NULL && ns->secret_seed != NULL) {
		cli_error("--seed is a public seed, --secret-seed a secret "
			  "one: give one");
		return CLI_USAGE;
	}
	if (dice && arg == NULL && ns->secret_seed == NULL &&
	    entropy_seed(seed) == -1) {
		cli_error("cannot draw a seed: %s", strerror(errno));
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

/* A correspondence game's tag values: its Start and TimeControl. */
struct new_corr {
	char start[CORR_TIME_LEN];
	char control[CORR_CONTROL_LEN];
};

/*
 * The tags of the fresh record of pos into tags (room for 16), in the
 * order formats/record.md gives; the strings are borrowed from ns, pos
 * seedbuf (the Seed of a game with dice), setupbuf (the Setup of
 * --setup, or NULL), corr (the Start and TimeControl of a
 * correspondence game, or NULL) and km (the keys' hashes, or NULL).
 * Returns how many.
 */
static size_t
record_tags(const struct new_settings *ns, const struct rules_position *pos,
    bool dice, const char *seedbuf, const char *setupbuf,
    const struct new_corr *corr, const struct play_keys_made *km,
    struct record_tag_out *tags)
{
	int i;

	size_t n = 0;

	if (ns->event != NULL)
		tags[n++] = (struct record_tag_out){ "Event", ns->event };
	tags[n++] = (struct record_tag_out){ "Date", ns->date };
	n += match_play_tags(pos, ns->black, ns->white, tags + n);
	if (ns->variant != NULL)
		tags[n++] = (struct record_tag_out){ "Variant", ns->variant };
	if (dice)
		tags[n++] = (struct record_tag_out){
			ns->secret_seed != NULL ? "SeedCommit" : "Seed", seedbuf
		};
	if (setupbuf != NULL)
		tags[n++] = (struct record_tag_out){ "Setup", setupbuf };
	if (corr != NULL)
		tags[n++] = (struct record_tag_out){ "Start", corr->start };
	if (corr != NULL && ns->has_control)
		tags[n++] = (struct record_tag_out){ "TimeControl",
			corr->control };
	for (i = 0; km != NULL && i < REPLAY_KEYS; i++)
		tags[n++] = (struct record_tag_out){ km->tag[i], km->hash[i] };
	tags[n++] = (struct record_tag_out){ "Result", "*" };
	return n;
}

/*
 * The queue files of a record at path (its links resolved, as
 * play_queue_read names them), a colour's of g each: a game's conditional
 * moves (formats/record.md), which a new game at that path must not
 * inherit, since a line queued at the start fits any game.  Without
 * --force a queue there refuses the new game; with it, each is removed.
 * Returns CLI_OK, or the exit status after saying why.
 */
static int
old_queues(
    const struct new_settings *ns, const char *path, const struct rules_game *g)
{
	struct stat st;
	char	   *q;
	size_t	    n;
	int	    c, status = CLI_OK;

	for (c = 0; c < 2 && status == CLI_OK; c++) {
		if (!play_queue_kept(path, g, c))
			continue;
		n = strlen(path) + strlen(g->colour[c]) + sizeof ".queue" + 1;
		if ((q = malloc(n)) == NULL) {
			cli_error("out of memory");
			return CLI_INTERNAL;
		}
		snprintf(q, n, "%s.%s.queue", path, g->colour[c]);
		if (lstat(q, &st) == -1 && errno == ENOENT)
			;
		else if (!ns->force) {
			cli_error("%s: the queue of a game once at %s is there, "
				  "whose lines a new game would play: remove "
				  "it (--force replaces the game and its "
				  "queues)",
			    q, ns->output);
			status = CLI_USAGE;
		} else if (unlink(q) == -1) {
			cli_error("%s: %s; nothing was written", q,
			    strerror(errno));
			status = CLI_USAGE;
		}
		free(q);
	}
	return status;
}

/*
 * Writes the record of the n tags of game g to --output (never over a
 * file there but with --force) or standard output.  Returns the exit
 * status.
 */
static int
write_record(const struct new_settings *ns, const struct rules_game *g,
    const struct record_tag_out *tags, size_t n)
{
	struct cli_locked lf = { .fd = -1 };
	struct cli_output out;
	struct stat	  st;
	const char	 *output = ns->output;
	int		  status = CLI_OK;

	if (output != NULL && !ns->force && lstat(output, &st) == 0) {
		cli_error(
		    "%s: %s (--force replaces it)", output, strerror(EEXIST));
		return CLI_USAGE;
	}
	/* Replacing a record: under move -i's lock, so no move is lost. */
	if (output != NULL && ns->force && stat(output, &st) == 0 &&
	    S_ISREG(st.st_mode)) {
		if (cli_locked_open(&lf, output) == -1 ||
		    (status = old_queues(ns, lf.path, g)) != CLI_OK ||
		    cli_locked_output(&lf, &out) == -1) {
			if (status == CLI_OK)
				status = CLI_USAGE;
			goto out_unlock;
		}
	} else if (output != NULL &&
	    (status = old_queues(ns, output, g)) != CLI_OK)
		return status;
	else if (cli_output_open(
		       &out, output, ns->force ? 0 : CLI_OUTPUT_EXCL) == -1)
		return CLI_USAGE;
	if (record_write(out.fp, tags, n, NULL, 0, true, "*") == -1 ||
	    fflush(out.fp) == EOF) {
		status = cli_output_ok(out.fp, out.name) ? CLI_INTERNAL :
							   CLI_USAGE;
		cli_output_abort(&out);
	} else if (!cli_output_commit(&out))
		status = CLI_USAGE;
out_unlock:
	cli_locked_close(&lf);
	return status;
}

/*
 * The keys of --keys into km, once the record is sure to be written:
 * --output names no file that is there (but with --force).  Returns the
 * exit status.
 */
static int
new_keys(const struct new_settings *ns, const struct rules_game *g,
    struct play_keys_made *km)
{
	struct stat st;

	if (ns->output != NULL && !ns->force && lstat(ns->output, &st) == 0) {
		cli_error("%s: %s (--force replaces it); no key was made",
		    ns->output, strerror(EEXIST));
		return CLI_USAGE;
	}
	return play_keys_make(
	    ns->keys, g, 1u << 0 | 1u << 1 | 1u << REPLAY_KEY_REFEREE, km);
}

int
play_exec_new(int argc, char **argv)
{
	struct new_settings	 ns = { .black = "?", .white = "?" };
	const struct rules_game *g;
	struct rules_position	*pos;
	struct record_tag_out	 tags[16];
	struct play_keys_made	 km = { 0 };
	struct new_corr		 corr;
	char			 today[16], seedbuf[SECRET_COMMIT_LEN];
	char			 setupbuf[RECORD_SETUP_MAX];
	uint64_t		 seed = 0;
	time_t			 now;
	struct tm		 tm;
	bool			 dice, seed_written = false;
	int			 status;

	if ((status = play_parse(&play_cmd_new, argc, argv, &ns)) != -1)
		return status;
	if ((g = cli_find_game(argv[optind])) == NULL || !settings_ok(&ns) ||
	    (pos = position_new(g, &ns)) == NULL)
		return CLI_USAGE;
	dice = match_uses_dice(pos);
	if ((status = choose_seed(&ns, g, dice, &seed)) == CLI_OK) {
		now = ns.at.given ? (time_t)ns.at.t : time(NULL);
		corr_time_format(now, corr.start);
		if (ns.has_control)
			corr_control_format(&ns.control, corr.control);
		if (ns.date == NULL) {
			gmtime_r(&now, &tm);
			strftime(today, sizeof today, "%Y.%m.%d", &tm);
			ns.date = today;
		}
		snprintf(seedbuf, sizeof seedbuf, "%" PRIu64, seed);
		if (ns.secret_seed != NULL) {
			if ((status = play_dice_new(ns.secret_seed, seedbuf)) !=
			    CLI_OK)
				goto out_free;
			seed_written = true;
		}
		/* The Setup as the codec spells it, whatever was typed. */
		if (ns.setup != NULL)
			record_setup_format(pos, setupbuf, sizeof setupbuf);
		if (ns.keys != NULL)
			status = new_keys(&ns, g, &km);
	}
	if (status == CLI_OK) {
		status = write_record(&ns, g, tags,
		    record_tags(&ns, pos, dice, seedbuf,
			ns.setup != NULL ? setupbuf : NULL,
			ns.at.given || ns.has_control ? &corr : NULL,
			ns.keys != NULL ? &km : NULL, tags));
		/* No key is left without the record that holds its hash. */
		if (status != CLI_OK)
			play_keys_unmake(&km);
	}
	play_keys_free(&km);
	/* No seed file either. */
	if (status != CLI_OK && seed_written)
		unlink(ns.secret_seed);
out_free:
	rules_position_free(pos);
	return status;
}
