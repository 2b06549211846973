/* SPDX-License-Identifier: MIT */
/*
 * Writing the record of a game gameplay played (game.h): its tags from
 * what the game and the caller say, its turn tokens with their comments,
 * built in memory and written in one write so that a kill leaves whole
 * records; and the exit status of what was written to stdout.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/game.h"

/* The values of the tags that are numbers or the score, as text. */
struct tag_text {
	char round[32], seed[32], result[32];
};

size_t
match_play_tags(const struct rules_position *pos, const char *black,
    const char *white, struct record_tag_out *tags)
{
	tags[0] = (struct record_tag_out){ "Game", pos->game->name };
	tags[1] = (struct record_tag_out){
		pos->board.geometry == RULES_SQUARE ? "Size" : "Board",
		pos->board.name
	};
	tags[2] = (struct record_tag_out){ "Black", black };
	tags[3] = (struct record_tag_out){ "White", white };
	return 4;
}

/*
 * The tags of the record of pg, in the order a record has them, into
 * tags (17 at most), their text in tx.  Returns how many.
 */
static size_t
game_tags(const struct match_game *pg, const struct match_game_tags *t,
    struct tag_text *tx, struct record_tag_out *tags)
{
	const struct rules_position *pos = pg->pos;
	struct rules_score	     s;
	struct record_tag_out	     last[5];
	size_t			     i, n = 0;

	rules_score(pos, &s);
	if (t->result != NULL)
		snprintf(tx->result, sizeof tx->result, "%s", t->result);
	else if (s.over)
		snprintf(tx->result, sizeof tx->result, "%d-%d", s.points[0],
		    s.points[1]);
	else
		snprintf(tx->result, sizeof tx->result, "*");
	snprintf(tx->round, sizeof tx->round, "%lu", t->round);
	snprintf(tx->seed, sizeof tx->seed, "%" PRIu64, pg->seed);
	tags[n++] = (struct record_tag_out){ "Event", t->event };
	tags[n++] = (struct record_tag_out){ "Round", tx->round };
	if (t->match_id != NULL)
		tags[n++] = (struct record_tag_out){ "MatchId", t->match_id };
	n += match_play_tags(pos, t->black, t->white, tags + n);
	if (pg->dice)
		tags[n++] = (struct record_tag_out){ "Seed", tx->seed };
	if (t->setup != NULL)
		tags[n++] = (struct record_tag_out){ "Setup", t->setup };
	if (t->opening != NULL)
		tags[n++] = (struct record_tag_out){ "Opening", t->opening };
	tags[n++] = (struct record_tag_out){ "Result", tx->result };
	/* The tags after the result, each where the caller gave it. */
	last[0] = (struct record_tag_out){ "TimeControl", t->time_control };
	last[1] = (struct record_tag_out){ "BlackTimeControl",
		t->black_time_control };
	last[2] = (struct record_tag_out){ "WhiteTimeControl",
		t->white_time_control };
	last[3] = (struct record_tag_out){ "Termination", t->termination };
	last[4] = (struct record_tag_out){ "Winner", t->winner };
	for (i = 0; i < 5; i++)
		if (last[i].value != NULL)
			tags[n++] = last[i];
	return n;
}

int
match_game_write(
    FILE *out, const struct match_game *pg, const struct match_game_tags *t)
{
	const struct rules_position *pos = pg->pos;
	struct record_tag_out	     tags[17];
	struct tag_text		     tx;
	const char		   **turns;
	char			   **noted = NULL;
	char			    *text = NULL;
	char			     cur[MATCH_TOKEN_MAX];
	size_t			     n, len = 0, nturns = pg->nturns, i;
	FILE			    *mem;
	int			     rc = -1;

	/*
	 * A game stopped inside a turn keeps the turn in progress (dice,
	 * actions made), so that the position where the last answer was
	 * given is in the record (formats/record.md, "Games stopped early").
	 */
	if ((turns = calloc(nturns + 1, sizeof *turns)) == NULL)
		return -1;
	if (nturns > 0)
		memcpy(turns, pg->turns, nturns * sizeof *turns);
	if (pg->ncur > 0) {
		if (record_turn_format(
			&pos->board, pg->cur, pg->ncur, cur, sizeof cur) == -1)
			goto out_free;
		turns[nturns++] = cur;
	}
	/* A turn's comment goes against its token: "f5 {[%clk 0:00:59]}". */
	if (t->nnotes > 0 &&
	    (noted = calloc(nturns + 1, sizeof *noted)) == NULL)
		goto out_free;
	for (i = 0; i < nturns && i < t->nnotes; i++) {
		if (t->notes[i] == NULL)
			continue;
		if ((noted[i] = malloc(
			 strlen(turns[i]) + strlen(t->notes[i]) + 4)) == NULL)
			goto out_free;
		sprintf(noted[i], "%s {%s}", turns[i], t->notes[i]);
		turns[i] = noted[i];
	}
	n = game_tags(pg, t, &tx, tags);
	/* Built in memory, then one write: a kill leaves whole records. */
	if ((mem = open_memstream(&text, &len)) == NULL)
		goto out_free;
	if (record_write(mem, tags, n, turns, nturns, true, tx.result) == -1) {
		fclose(mem);
		goto out_free;
	}
	if (fputc('\n', mem) == EOF || fclose(mem) == EOF)
		goto out_free;
	/* A progress line on the terminal the records go to goes first. */
	if (isatty(fileno(out)))
		cli_progress_done();
	if (fwrite(text, 1, len, out) == len && fflush(out) == 0)
		rc = 0;
out_free:
	record_noted_free(noted, nturns);
	free(text);
	free(turns);
	return rc;
}

int
match_finish(int rc)
{
	if (rc == -1 || fflush(stdout) == EOF)
		return cli_output_ok(stdout, "stdout") ? CLI_INTERNAL :
							 CLI_USAGE;
	return CLI_OK;
}
