/* SPDX-License-Identifier: MIT */
/*
 * The making of a keyed record's keys (formats/keys.md), for gameplay
 * new --keys and rekey: each key goes to a new file of its own, which the
 * referee hands to its holder, and only its hash to the record.  Every
 * key is made and hashed before any file is written, and a failure
 * removes the files already written, so that no key is left that the
 * record does not hold the hash of.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/play.h"
#include "secret/secret.h"

/* dir/NAME.key as a new string, or NULL. */
static char *
key_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 6;
	char  *s;

	if ((s = malloc(n)) != NULL)
		snprintf(s, n, "%s/%s.key", dir, name);
	return s;
}

void
play_keys_free(struct play_keys_made *km)
{
	int i;

	for (i = 0; i < REPLAY_KEYS; i++) {
		free(km->path[i]);
		km->path[i] = NULL;
	}
}

void
play_keys_unmake(struct play_keys_made *km)
{
	int i;

	for (i = 0; i < REPLAY_KEYS; i++)
		if (km->path[i] != NULL)
			unlink(km->path[i]);
	play_keys_free(km);
}

/*
 * Makes holder i's key into key and its hash and file path into km.
 * Returns CLI_OK, or the exit status after saying why.
 */
static int
make_one(const char *dir, const struct rules_game *g, int i, char *key,
    struct play_keys_made *km, char **path)
{
	struct diag d;

	secret_key_new(key);
	if (secret_key_hash(key, km->hash[i], &d) == -1) {
		cli_error("%s", d.msg);
		return CLI_INTERNAL;
	}
	replay_key_tag(g, i, km->tag[i], sizeof km->tag[i]);
	if ((*path = key_path(dir,
		 i == REPLAY_KEY_REFEREE ? "referee" : g->colour[i])) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

int
play_keys_make(const char *dir, const struct rules_game *g, unsigned mask,
    struct play_keys_made *km)
{
	char key[REPLAY_KEYS][SECRET_KEY_LEN], *path[REPLAY_KEYS] = { 0 };
	struct diag d;
	int	    i, status = CLI_OK;

	memset(km, 0, sizeof *km);
	if (secret_init(&d) == -1) {
		cli_error("%s", d.msg);
		return CLI_INTERNAL;
	}
	if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
		cli_error("%s: %s", dir, strerror(errno));
		return CLI_USAGE;
	}
	for (i = 0; status == CLI_OK && i < REPLAY_KEYS; i++)
		if (mask & (1u << i))
			status = make_one(dir, g, i, key[i], km, &path[i]);
	for (i = 0; status == CLI_OK && i < REPLAY_KEYS; i++) {
		if (path[i] == NULL)
			continue;
		if (secret_key_write(path[i], key[i], &d) == -1) {
			cli_error("%s (a key file is never written over a "
				  "file nor through a link); no key was kept",
			    d.msg);
			status = CLI_USAGE;
		} else {
			km->path[i] = path[i];
			path[i] = NULL;
		}
	}
	secret_wipe(key, sizeof key);
	for (i = 0; i < REPLAY_KEYS; i++)
		free(path[i]);
	if (status != CLI_OK)
		play_keys_unmake(km);
	return status;
}
