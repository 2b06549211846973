/* SPDX-License-Identifier: MIT */
/*
 * Opening names (openings.h, formats/openings.md): each line of the file
 * replayed as a record of the file's game from its start, the key of the
 * position it reaches kept (rules_position_key, under the symmetries the
 * game's rules respect) in a map; a record's positions keyed as its
 * replay shows them, the deepest found in the map naming its opening.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/openings.h"
#include "record/reader.h"
#include "rules/symmetry.h"
#include "util/util.h"

/* The longest line (turns and name) of a names file. */
#define LINE_MAX_BYTES 4096

struct entry {
	char	     *name; /* NULL: none */
	unsigned long line;
	size_t	      turns;
};

struct cli_openings {
	const struct rules_game *game;
	char			 board[32];
	struct rules_symmetries	 sym;
	size_t			 keylen;
	struct entry		*e;
	size_t			 n;
	uint8_t			*keys; /* n keys, the entries' positions */
	struct hashmap		 map;  /* key -> entry */
	size_t			 maxturns;
	/* The record being replayed: its positions' keys, 0..maxturns. */
	uint8_t		  *poskeys;
	size_t		   npos;
	bool		   other;  /* another game or board than the file's */
	struct replay_each before; /* the replay's each before ours */
};

static bool
key_eq(const void *key, size_t value, const void *arg)
{
	const struct cli_openings *op = arg;

	return memcmp(key, op->keys + value * op->keylen, op->keylen) == 0;
}

static uint64_t
key_hash(const struct cli_openings *op, const uint8_t *key)
{
	return hashmap_hash(HASHMAP_HASH_INIT, key, op->keylen);
}

/*
 * The line's turns as the notation's tokens, into buf (cap bytes): blanks
 * part them, and a run of cells written together as transcripts and XOT
 * lists write them ("f5d6c3") is cut before each letter after a digit.
 */
static int
turns_text(const char *s, size_t len, char *buf, size_t cap, size_t *turns)
{
	size_t i, o = 0;
	bool   in = false;

	*turns = 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t') {
			in = false;
			continue;
		}
		if (o + 3 >= cap)
			return -1;
		if (!in ||
		    (i > 0 && c >= 'a' && c <= 'z' && s[i - 1] >= '0' &&
			s[i - 1] <= '9')) {
			if (o > 0)
				buf[o++] = ' ';
			(*turns)++;
		}
		buf[o++] = (char)c;
		in = true;
	}
	buf[o] = '\0';
	return 0;
}

/*
 * The key of the position the turns (text) reach from the game's start
 * into key; 0, or -1 after saying why at path:line.
 */
static int
entry_key(struct cli_openings *op, struct record_syntax *syn, const char *path,
    unsigned long line, const char *turns, uint8_t *key)
{
	struct replay_options ro = { 0 };
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	char		     *text;
	size_t		      len;
	int		      rc = -1;

	len = strlen(turns) + strlen(op->game->name) + strlen(op->board) + 64;
	if ((text = malloc(len)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	len = (size_t)snprintf(text, len,
	    "[Game \"%s\"]\n[Size \"%s\"]\n\n%s *\n", op->game->name, op->board,
	    turns);
	replay_init(&rp);
	if ((rd = record_reader_new_buffer(syn, text, len, path, RECORD_PGN)) ==
	    NULL) {
		cli_error("out of memory");
		goto out;
	}
	if (record_reader_next(rd, &rec) != 1 || rec->malformed) {
		cli_error("%s:%lu: not a line of turns", path, line);
		goto out;
	}
	replay_record(syn, rec, &ro, &rp);
	if (rp.has_error) {
		cli_error("%s:%lu: no line of %s on %s: %s", path, line,
		    op->game->name, op->board, rp.error.msg);
		goto out;
	}
	rules_position_key(rp.pos, &op->sym, key);
	rc = 0;
out:
	record_reader_free(rd);
	replay_fini(&rp);
	free(text);
	return rc;
}

/* "game NAME [BOARD]": the file's game and board; -1 after saying why. */
static int
game_line(
    struct cli_openings *op, const char *path, unsigned long line, char *s)
{
	char *name = strtok(s + 4, " \t\r\n"), *board = strtok(NULL, " \t\r\n");

	if (name == NULL || (op->game = rules_game_find(name)) == NULL) {
		cli_error("%s:%lu: 'game' names no game of ours", path, line);
		return -1;
	}
	snprintf(op->board, sizeof op->board, "%s",
	    board != NULL ? board : op->game->default_board);
	return 0;
}

/*
 * The symmetries of the file's game and board, and the size of a key,
 * from its start position; -1 after saying why (a board it has not).
 */
static int
start_symmetries(struct cli_openings *op, const char *path, unsigned long line)
{
	struct rules_position *pos;
	struct diag	       d;

	if ((pos = rules_position_new(op->game, op->board, NULL, &d)) == NULL) {
		cli_error("%s:%lu: %s", path, line, d.msg);
		return -1;
	}
	rules_symmetries_of_game(pos, &op->sym);
	op->keylen = RULES_KEY_SIZE(pos->board.ncells);
	rules_position_free(pos);
	return 0;
}

/* Adds the line's entry; -1 after saying why. */
static int
add_entry(struct cli_openings *op, struct record_syntax *syn, const char *path,
    unsigned long line, char *s, size_t *cap)
{
	char	 buf[LINE_MAX_BYTES], *tab = strchr(s, '\t'), *name;
	size_t	 turns, i = op->n;
	uint8_t *key;
	uint64_t h;

	name = tab != NULL ? tab + 1 : NULL;
	if (name != NULL)
		name[strcspn(name, "\r\n")] = '\0';
	if (turns_text(s, tab != NULL ? (size_t)(tab - s) : strcspn(s, "\r\n"),
		buf, sizeof buf, &turns) == -1 ||
	    turns == 0) {
		cli_error("%s:%lu: give the turns, then a tab and the name",
		    path, line);
		return -1;
	}
	if (op->keylen == 0 && start_symmetries(op, path, line) == -1)
		return -1;
	if (array_grow(&op->e, cap, i + 1, sizeof *op->e) == -1) {
		cli_error("out of memory");
		return -1;
	}
	if ((key = realloc(op->keys, (i + 1) * op->keylen)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	op->keys = key;
	key += i * op->keylen;
	if (entry_key(op, syn, path, line, buf, key) == -1)
		return -1;
	op->e[i] = (struct entry){ NULL, line, turns };
	if (name != NULL && *name != '\0' &&
	    (op->e[i].name = strdup(name)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	op->n++;
	if (turns > op->maxturns)
		op->maxturns = turns;
	/* The first line of a position names it. */
	h = key_hash(op, key);
	if (hashmap_get(&op->map, h, key, key_eq, op) == HASHMAP_ABSENT &&
	    hashmap_put(&op->map, h, i) == -1) {
		cli_error("out of memory");
		return -1;
	}
	return 0;
}

struct cli_openings *
cli_openings_load(struct record_syntax *syn, const char *path)
{
	struct cli_openings *op;
	char		     s[LINE_MAX_BYTES];
	unsigned long	     line = 0;
	size_t		     cap = 0;
	FILE		    *f;
	int		     rc = 0;

	if ((f = fopen(path, "r")) == NULL) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		return NULL;
	}
	if ((op = calloc(1, sizeof *op)) == NULL) {
		fclose(f);
		cli_error("out of memory");
		return NULL;
	}
	hashmap_init(&op->map);
	op->game = &rules_reversi;
	snprintf(op->board, sizeof op->board, "8x8");
	while (rc == 0 && fgets(s, sizeof s, f) != NULL) {
		line++;
		if (strchr(s, '\n') == NULL && !feof(f)) {
			cli_error("%s:%lu: a line of more than %d bytes", path,
			    line, LINE_MAX_BYTES - 2);
			rc = -1;
		} else if (s[strspn(s, " \t\r\n")] == '\0' || s[0] == '#')
			continue;
		else if (strncmp(s, "game ", 5) == 0 && op->n == 0)
			rc = game_line(op, path, line, s);
		else
			rc = add_entry(op, syn, path, line, s, &cap);
	}
	if (rc == 0 && ferror(f)) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		rc = -1;
	}
	fclose(f);
	if (rc == 0 && op->n == 0) {
		cli_error("%s: no opening in it", path);
		rc = -1;
	}
	if (rc == 0 &&
	    (op->poskeys = malloc((op->maxturns + 1) * op->keylen)) == NULL) {
		cli_error("out of memory");
		rc = -1;
	}
	if (rc == -1) {
		cli_openings_free(op);
		return NULL;
	}
	return op;
}

void
cli_openings_free(struct cli_openings *op)
{
	if (op == NULL)
		return;
	array_free_named(
	    op->e, op->n, sizeof *op->e, offsetof(struct entry, name));
	free(op->keys);
	free(op->poskeys);
	hashmap_fini(&op->map);
	free(op);
}

/* The replay's each: the run's first, then ours. */
static void
each_position(void *arg, const struct rules_position *pos)
{
	struct cli_openings *op = arg;

	replay_each_call(&op->before, pos);
	if (op->other || op->npos > op->maxturns)
		return;
	if (pos->game != op->game || strcmp(pos->board.name, op->board) != 0) {
		op->other = true;
		return;
	}
	rules_position_key(pos, &op->sym, op->poskeys + op->npos * op->keylen);
	op->npos++;
}

void
cli_openings_replay_options(struct cli_openings *op, struct replay_options *ro)
{
	replay_each_chain(ro, &op->before, each_position, op);
}

void
cli_openings_begin(struct cli_openings *op)
{
	op->npos = 0;
	op->other = false;
}

bool
cli_openings_match(const struct cli_openings *op, struct cli_opening *o)
{
	const uint8_t *key;
	size_t	       k, i;

	if (op->other)
		return false;
	for (k = op->npos; k-- > 0;) {
		key = op->poskeys + k * op->keylen;
		i = hashmap_get(&op->map, key_hash(op, key), key, key_eq, op);
		if (i != HASHMAP_ABSENT) {
			o->name = op->e[i].name;
			o->number = (unsigned long)i + 1;
			o->turns = op->e[i].turns;
			return true;
		}
	}
	return false;
}
