/* SPDX-License-Identifier: MIT */
/*
 * The parts of a summary (formats/summary.md) each kind of group writes:
 * what both kinds hold (write-summary.c), the figures (write-figures.c),
 * the partial state (write-partial.c).  Each writes into the open
 * mapping, or sequence of groups, of o.
 */
#ifndef ARBITER_REPORT_WRITE_SUMMARY_H
#define ARBITER_REPORT_WRITE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "report/report.h"
#include "report/yaml-out.h"
#include "util/util.h"

/*
 * Starts a document of schema on o, with partial: true at once where it is
 * partial (gamestat --partial), where read-partial.c and read-tree.c ask.
 */
void summary_start(struct yout *o, const char *schema, bool partial);
/* k: {value: count, ...}, a histogram's bins. */
void summary_hist(struct yout *o, const char *k, const struct stat_hist *h);
/* A group's value, game, board, colours and counts by status. */
void summary_group_head(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g);
/* Writes the moments m of a series for colour (0 or 1) of g. */
typedef void summary_moments_fn(struct yout *o, const struct stat_group *g,
    int colour, const struct stat_moments *m);
/*
 * series: {name: ..., ...}, each of g's series a node of kind holding
 * its two colours' moments, each written by moments.
 */
void summary_series(struct yout *o, const struct stat_group *g,
    enum yout_node kind, summary_moments_fn *moments);
/*
 * The games decided off the board: forfeits by cause (as summary_causes),
 * and those adjudicated, agreed and adjudged, each key only when not 0.
 */
void summary_off_board(
    struct yout *o, const struct stat_group *g, bool partial);
/* Games lost by forfeit, by cause: [i, c, t, r] or {illegal: i, ...}. */
void summary_causes(
    struct yout *o, const char *k, const uint64_t v[STAT_CAUSES], bool partial);
/* Whether any of the counts by cause is not 0. */
bool summary_any_cause(const uint64_t v[STAT_CAUSES]);
/* Whether a cause after STAT_CAUSES_ALWAYS counts a game in v. */
bool summary_later_causes(const uint64_t v[STAT_CAUSES]);

/* The distribution of h under key k: mean, sd, quantiles, histogram. */
void summary_distribution(
    struct yout *o, const char *k, const struct stat_hist *h);
/* gamestat --figures (write-design.c): the figures, the partial state. */
void design_figures(struct yout *o, const struct stat_group *g);
void design_partial(struct yout *o, const struct stat_group *g);
/* The top-level `figures' list, when s asks for any. */
void design_asked(struct yout *o, const struct stat_summary *s);

/* A group's figures, a mapping; 0, or -1 (errno) when the fit fails. */
int figures_group(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g);

/* A group's partial state, a mapping; 0, or -1 when memory runs out. */
int partial_group(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g);
/* covers: what the partial counted; 0, or -1 when memory runs out. */
int partial_covers(struct yout *o, const struct stat_summary *s);
/* end: {records: N, checksum: "00000000"}, the trailer to be sealed. */
void partial_trailer(struct yout *o, const struct stat_summary *s);
/*
 * Fills the checksum of the trailer in the partial written into m: CRC-32
 * of the lines after the first (---) up to end:.  0, or -1 if the text is
 * not as written.
 */
int partial_seal(struct buf *m);

#endif
