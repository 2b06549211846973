/* SPDX-License-Identifier: MIT */
/*
 * gameplay rekey: the referee replaces keys of a keyed record
 * (formats/keys.md): new keys in new files of a folder, their hashes in
 * the record's hash tags, the old keys then matching nothing.  Only the
 * referee may (the command's actor), with the referee's key; with -i the
 * record is replaced under move's lock, in one rename, so that a player
 * acting at the same moment finds either the old keys or the new.
 */
#include <getopt.h>
#include <string.h>

#include "play/play.h"

/*
 * The edit's settings first: play_edit_open parses into them, the others
 * as play_fields_rekey says.
 */
struct rekey_settings {
	struct play_edit ed;
	const char	*dir;
	const char	*colour; /* or NULL: every holder */
};

const struct play_field play_fields_rekey[] = {
	PLAY_FIELD(struct rekey_settings, PLAY_OPT_KEYS, dir),
	PLAY_FIELD(struct rekey_settings, PLAY_OPT_COLOUR, colour),
	PLAY_FIELDS_END,
};

/*
 * The holders whose keys are replaced, as play_keys_make's mask, into
 * *mask.  Returns CLI_OK, or the exit status after saying why.
 */
static int
holders(const struct rekey_settings *rs, const struct play_record *pr,
    unsigned *mask)
{
	int who;

	if (!pr->rp.keyed) {
		cli_error("rekey: %s has no keys (gameplay new --keys makes a "
			  "keyed record)",
		    pr->name);
		return CLI_USAGE;
	}
	*mask = 1u << 0 | 1u << 1 | 1u << REPLAY_KEY_REFEREE;
	if (rs->colour == NULL)
		return CLI_OK;
	if ((who = play_key_holder(
		 "rekey", "--colour", pr->rp.game, rs->colour)) == -1)
		return CLI_USAGE;
	*mask = 1u << who;
	return CLI_OK;
}

/*
 * pr's record with the new hashes of km (for the holders in mask) into
 * np.  Returns the exit status.
 */
static int
rewrite(const struct play_record *pr, const struct rekey_settings *rs,
    const struct play_keys_made *km, unsigned mask, struct play_record *np)
{
	struct record_tag_out tags[REPLAY_KEYS];
	struct record_update  u = { .tags = tags };
	int		      i, status;

	for (i = 0; i < REPLAY_KEYS; i++)
		if (mask & (1u << i))
			tags[u.ntags++] = (struct record_tag_out){ km->tag[i],
				km->hash[i] };
	if ((status = play_update_load(pr, &u, &rs->ed.sel, np)) == -1)
		return CLI_INTERNAL;
	if (status != CLI_OK || !np->rp.keyed)
		return play_unchecked(pr, "the record with the new keys");
	return CLI_OK;
}

int
play_exec_rekey(int argc, char **argv)
{
	struct rekey_settings rs = { 0 };
	struct cli_locked     lf = { .fd = -1 };
	struct play_record    pr, np;
	struct play_keys_made km = { 0 };
	unsigned	      mask;
	int		      status;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(
		 &play_cmd_rekey, argc, argv, &rs.ed, &lf, &pr)) != -1)
		goto out_close;
	if (rs.dir == NULL) {
		cli_error(
		    "rekey: name the folder of the new keys (--keys DIR)");
		status = CLI_USAGE;
		goto out_close;
	}
	if ((status = holders(&rs, &pr, &mask)) != CLI_OK ||
	    (status = play_keys_make(rs.dir, pr.rp.game, mask, &km)) != CLI_OK)
		goto out_close;
	if ((status = rewrite(&pr, &rs, &km, mask, &np)) == CLI_OK)
		status = play_write_locked(rs.ed.in_place, &lf, pr.name, &np);
	/* Keys the record does not hold are no keys: remove them. */
	if (status != CLI_OK)
		play_keys_unmake(&km);
	play_keys_free(&km);
out_close:
	return play_edit_close(&pr, &np, &lf, status);
}
