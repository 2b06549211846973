/* SPDX-License-Identifier: MIT */
/*
 * Who may change a keyed record (formats/keys.md; gameplay(1),
 * "Security"): every command that changes a record opens it through
 * play_open_keyed, which asks for --as and the key of that holder and
 * checks the key against the record's hash tag before anything is
 * written.  The holder the command allows (its entry's actor) is checked
 * first, so that a player with a good key still acts only for their own
 * colour and on their own turn.  A key never comes from the command line
 * (play_key_argv) nor the environment, and no message shows one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "secret/secret.h"

/* A key: 32 lower-case hex digits, and nothing else. */
static bool
looks_like_key(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return n == SECRET_KEY_LEN - 1 && (s[n] == '\0' || s[n] == '\n');
}

int
play_key_argv(int argc, char *const *argv)
{
	const char *eq;
	int	    i;

	for (i = 1; i < argc; i++) {
		eq = argv[i][0] == '-' ? strchr(argv[i], '=') : NULL;
		if (looks_like_key(argv[i]) ||
		    (eq != NULL && looks_like_key(eq + 1))) {
			cli_error("argument %d is a key: a key is never given "
				  "on the command line, where anyone can see "
				  "it (ps): use --key-file PATH or --key-fd N",
			    i);
			return CLI_USAGE;
		}
	}
	return CLI_OK;
}

int
play_key_option(struct play_key *k, int c, const char *arg)
{
	char *end;
	long  fd;

	switch (c) {
	case PLAY_OPT_AS: k->as = arg; return 0;
	case PLAY_OPT_KEY_FILE: k->file = arg; return 0;
	case PLAY_OPT_KEY_FD:
		errno = 0;
		fd = strtol(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end != '\0' || errno != 0 ||
		    fd > 1024) {
			cli_error("--key-fd takes an open descriptor, a number "
				  "from 0 to 1024");
			return -1;
		}
		k->fd = (int)fd;
		k->has_fd = true;
		return 0;
	default: return 1;
	}
}

int
play_key_holder(const char *cmd, const char *opt, const struct rules_game *g,
    const char *name)
{
	int c;

	for (c = 0; c < 2; c++)
		if (strcmp(name, g->colour[c]) == 0)
			return c;
	if (strcmp(name, "referee") == 0)
		return REPLAY_KEY_REFEREE;
	cli_error("%s: %s %s: a holder of a key is %s, %s or referee", cmd, opt,
	    name, g->colour[0], g->colour[1]);
	return -1;
}

/* "white", or "the referee". */
static const char *
holder_name(const struct play_record *pr, int who)
{
	return who == REPLAY_KEY_REFEREE ? "the referee" :
					   pr->rp.game->colour[who];
}

/*
 * Whether holder who (a player, by the colour they started with, or the
 * referee) may act with cmd on pr now: its entry's actor.  Returns
 * CLI_OK, or CLI_USAGE after saying who may.
 */
static int
may_act(const struct play_cmd *cmd, const struct play_record *pr, int who,
    char *const *operands, int noperands)
{
	const char *const *colour = pr->rp.game->colour;
	int		   to_move = rules_to_move(pr->rp.pos), want, i;
	char		   why[160];

	switch (cmd->actor) {
	case PLAY_ACTOR_TO_MOVE:
		want = play_seat(pr, to_move);
		if (want != to_move)
			snprintf(why, sizeof why,
			    "it is %s's turn, played since the swap by the "
			    "player who started with %s",
			    colour[to_move], colour[want]);
		else
			snprintf(why, sizeof why, "it is %s's turn",
			    colour[to_move]);
		break;
	case PLAY_ACTOR_OPERAND:
	case PLAY_ACTOR_STARTED:
		/* 1 the first operand after the record, -1 the last. */
		i = cmd->actor_operand > 0 ? cmd->actor_operand - 1 :
					     noperands + cmd->actor_operand;
		for (want = 1; want >= 0; want--)
			if (i >= 0 && i < noperands &&
			    strcmp(operands[i], colour[want]) == 0)
				break;
		/* The colour played now: its player's. */
		if (cmd->actor == PLAY_ACTOR_OPERAND && want >= 0 &&
		    play_seat(pr, want) != want) {
			snprintf(why, sizeof why,
			    "a player acts for their own colour, and %s is "
			    "played since the swap by the player who started "
			    "with %s",
			    colour[want], colour[1 - want]);
			want = 1 - want;
		} else
			snprintf(why, sizeof why,
			    "a player acts for their own colour");
		break;
	case PLAY_ACTOR_CLAIMANT:
		want = who == REPLAY_KEY_REFEREE ? who :
						   play_seat(pr, 1 - to_move);
		snprintf(why, sizeof why,
		    "only %s, who waits for %s, or the referee may",
		    colour[1 - to_move], colour[to_move]);
		break;
	case PLAY_ACTOR_AS:
		want = who == REPLAY_KEY_REFEREE ? -1 : who;
		snprintf(why, sizeof why,
		    "a player queues, lists and cancels their own moves");
		break;
	default:
		want = REPLAY_KEY_REFEREE;
		snprintf(why, sizeof why, "only the referee may");
		break;
	}
	if (who == want)
		return CLI_OK;
	cli_error("%s: %s: %s may not: %s; nothing was written", cmd->name,
	    pr->name, holder_name(pr, who), why);
	return CLI_USAGE;
}

/*
 * Whether the key k gives is holder who's on pr: read from its file or
 * descriptor and verified against the hash tag.  Returns CLI_OK, or
 * CLI_USAGE after saying so: the same words for any key that does not
 * match, whoever's it is.
 */
static int
key_matches(const struct play_cmd *cmd, const struct play_record *pr,
    const struct play_key *k, int who)
{
	const struct record_tag *t;
	struct diag		 d;
	char			 key[SECRET_KEY_LEN], hash[SECRET_HASH_LEN];
	char			 name[32], fdname[32];
	bool			 ok;

	if (secret_init(&d) == -1) {
		cli_error("%s: %s", cmd->name, d.msg);
		return CLI_INTERNAL;
	}
	snprintf(fdname, sizeof fdname, "--key-fd %d", k->fd);
	if ((k->file != NULL ?
		    secret_key_read(k->file, key, &d) :
		    secret_key_read_fd(k->fd, fdname, key, &d)) == -1) {
		cli_error("%s: %s; nothing was written", cmd->name, d.msg);
		return CLI_USAGE;
	}
	/* replay_keys saw each tag there, of a hash's form and length. */
	t = record_tag_find(
	    pr->rec, replay_key_tag(pr->rp.game, who, name, sizeof name));
	memcpy(hash, t->value, t->value_len);
	hash[t->value_len] = '\0';
	ok = secret_key_verify(hash, key);
	secret_wipe(key, sizeof key);
	if (ok)
		return CLI_OK;
	cli_error("%s: %s: the key is not %s's; nothing was written", cmd->name,
	    pr->name, holder_name(pr, who));
	return CLI_USAGE;
}

int
play_key_check(const struct play_cmd *cmd, const struct play_key *k,
    const struct play_record *pr, char *const *operands, int noperands)
{
	bool given = k->as != NULL || k->file != NULL || k->has_fd;
	int  who, status;

	if (!pr->rp.keyed) {
		/* --as names whose queue it is, and no key proves it. */
		if (!given ||
		    (cmd->actor == PLAY_ACTOR_AS && k->file == NULL &&
			!k->has_fd))
			return CLI_OK;
		/* Hash tags removed from a record are not to go unseen. */
		cli_error("%s: %s has no keys: --as, --key-file and --key-fd "
			  "are for a keyed record; nothing was written",
		    cmd->name, pr->name);
		return CLI_USAGE;
	}
	if (k->as == NULL || (k->file == NULL) == !k->has_fd) {
		cli_error("%s: %s is keyed: a change needs --as COLOUR and "
			  "that holder's key, from --key-file PATH or "
			  "--key-fd N (one of them); nothing was written",
		    cmd->name, pr->name);
		return CLI_USAGE;
	}
	if ((who = play_key_holder(cmd->name, "--as", pr->rp.game, k->as)) ==
	    -1)
		return CLI_USAGE;
	if ((status = may_act(cmd, pr, who, operands, noperands)) != CLI_OK)
		return status;
	return key_matches(cmd, pr, k, who);
}
