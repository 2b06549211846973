/* SPDX-License-Identifier: MIT */
/*
 * What gamecheck's reports (write-report.c) and gameplay's documents
 * (write-play.c) both say of a replayed record, in the same words: its
 * players, result, forfeit, per-colour figures and a list of actions.
 * Each writes keys into the open block mapping of w.
 */
#ifndef ARBITER_REPORT_WRITE_REPLAY_H
#define ARBITER_REPORT_WRITE_REPLAY_H

#include <stddef.h>

#include "report/report.h"
#include "report/yaml-out.h"

/* players: {colour: "name" or ~}, where the record names either. */
void replay_write_players(
    struct yout *w, const struct record *rec, const struct replay *rp);
/* result: winner, score, the game's other score, the recorded one. */
void replay_write_result(
    struct yout *w, const struct record *rec, const struct replay *rp);
/*
 * adjudication: who won a game a director decided (a colour, or draw),
 * and by which method.
 */
void replay_write_adjudication(
    struct yout *w, const struct record *rec, const struct replay *rp);
/* forfeit: who won a game decided off the board, and why. */
void replay_write_forfeit(struct yout *w, const struct replay *rp);
/* k: {black: v0, white: v1}, a figure per colour (rp's game's colours). */
void replay_write_colours(struct yout *w, const char *k,
    const struct replay *rp, long long v0, long long v1);
/* Each of the score's figures per colour: k: {black: 36, white: 28}. */
void replay_write_stats(struct yout *w, const struct replay *rp);
/* k: [f5, d6] of n actions on board (rp's position's). */
void replay_write_actions(struct yout *w, const char *k,
    const struct rules_board *board, const struct rules_action *a, size_t n);

/* perfect-play: a record's line under the solver (write-perfect.c). */
void replay_write_perfect(
    struct yout *w, const struct replay *rp, const struct report_perfect *pp);

#endif
