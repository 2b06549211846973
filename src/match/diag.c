/* SPDX-License-Identifier: MIT */
/*
 * Saying what is wrong with a record as gamecheck says it (game.h): the
 * replay's diagnostic with its code, then the legal moves as a note.  For
 * the correspondence commands and for a match's openings alike.
 */
#include <stdio.h>
#include <string.h>

#include "match/game.h"

void
match_diag(const char *name, const struct replay *rp)
{
	struct diag note = rp->error;
	char	    prefix[96], buf[32];
	size_t	    i, n = 0;

	prefix[0] = '\0';
	if (rp->error_turn > 0)
		snprintf(prefix, sizeof prefix,
		    "turn %lu (%s): ", rp->error_turn, rp->error_move);
	cli_diag(name, &rp->error, prefix);
	if (rp->status != REPLAY_ILLEGAL || rp->pos == NULL)
		return;
	note.code = DIAG_NONE;
	snprintf(note.msg, sizeof note.msg, "legal:");
	for (i = 0; i < rp->nlegal; i++) {
		n = strlen(note.msg);
		record_action_format(
		    &rp->pos->board, &rp->legal[i], buf, sizeof buf);
		if (n + strlen(buf) + 6 >= sizeof note.msg) {
			snprintf(note.msg + n, sizeof note.msg - n, " ...");
			break;
		}
		snprintf(note.msg + n, sizeof note.msg - n, " %s", buf);
	}
	if (rp->nlegal == 0)
		snprintf(note.msg, sizeof note.msg, "no legal moves");
	cli_diag(name, &note, NULL);
}
