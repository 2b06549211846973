/* SPDX-License-Identifier: MIT */
/*
 * Reading partial summaries (formats/summary.md): the parts of a partial
 * that read-partial.c reads the document around, a group (read-group.c)
 * and what the partial covers (read-covers.c), and the counts they share.
 */
#ifndef ARBITER_REPORT_READ_PARTIAL_H
#define ARBITER_REPORT_READ_PARTIAL_H

#include <stdbool.h>
#include <stdint.h>

#include <yaml.h>

#include "report/report.h"
#include "report/yaml-in.h"

/*
 * A count of a partial summary: a whole number up to STAT_COUNT_MAX, the
 * schema's range (a longer one is partial-overflow, not a typo).  0, or
 * -1 with d filled.
 */
int partial_counter(
    const yaml_node_t *n, const char *what, uint64_t *v, struct diag *d);
/* A sum that would pass STAT_COUNT_MAX: partial-overflow at `at'; -1. */
int partial_overflow(struct diag *d, yaml_mark_t at, const char *what);

/*
 * The lists of a group read as rows (reader.h, struct partial_list), by
 * kind: how many names and counts a row holds.
 */
enum partial_kind {
	PARTIAL_PAIRS,
	PARTIAL_FORFEITED,
	PARTIAL_DECIDED,
	PARTIAL_ANALYSIS,
	PARTIAL_KINDS
};
struct partial_row {
	yaml_mark_t	at;
	const char     *name[2];
	const uint64_t *v;
};
/* The kind of a group's key k, or -1 for a key of no such list. */
int partial_kind_of(const char *k);
/*
 * A row of kind, the item c, checked alone (its shape and counts, as the
 * group's reader says): names into name (borrowed from the document),
 * counts into v.  0, or -1 with d filled.
 */
int partial_row_read(struct yin *y, int kind, const yaml_node_t *c,
    const char *name[2], uint64_t v[STAT_ANALYSIS], struct diag *d);
/*
 * The rows of the list node n of a group (NULL: n is none, no row), and
 * row r of them into *row.
 */
struct partial_list *partial_rows(struct yin *y, const yaml_node_t *n);
void partial_row(struct yin *y, const struct partial_list *l, size_t r,
    struct partial_row *row);

/*
 * The items of a list streamed (yin_stream) are dropped before the
 * document's keys can be checked, so each item's are checked as it is
 * read.  partial_note_dup notes the first mapping with a key twice among
 * the nodes of y from index first on, if none was noted yet (*has): the
 * diagnostic into *dup, the mapping's byte offset into *at; 0, or -1
 * when memory runs out.  partial_unique_keys checks every mapping of the
 * document, up to the one noted: 0, or -1 with d filled, the first
 * mapping in the document with a key twice told (formats/summary.md:
 * each key of a mapping once).
 */
int partial_note_dup(
    struct yin *y, size_t first, bool *has, struct diag *dup, size_t *at);
int partial_unique_keys(
    struct yin *y, bool has, const struct diag *dup, size_t at, struct diag *d);

/* Reads the group gn and adds it to s: 0, or -1 with d filled. */
int partial_read_group(struct yin *y, const yaml_node_t *gn,
    struct stat_summary *s, struct diag *d);

/*
 * The partial's covers, into part, each checked against those before it
 * in the same partial: 0, or -1 with d filled.
 */
int partial_read_covers(struct yin *y, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d);
/*
 * Whether the run that wrote the partial said errors (errors: true;
 * absent: false) into part->errors: 0, or -1 with d filled.  And, for
 * one that did, once it is merged, d filled with partial-errors.
 */
int partial_read_errors(struct yin *y, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d);
void partial_errors_said(
    struct yin *y, const yaml_node_t *root, struct diag *d);

/*
 * Adds a copy of c to s and says whether it lists an input twice or
 * conflicts with a cover of s (formats/summary.md, "Covers"); the copy
 * is indexed when keep, else dropped.  0, or -1 with d filled:
 * partial-duplicate, partial-mismatch.
 */
int partial_cover_check(const struct stat_cover *c, struct stat_summary *s,
    bool keep, yaml_mark_t at, struct diag *d);

/*
 * Names each of part's covers for this input (y's name) and, unless s is
 * NULL, checks it against s's covers as partial_cover_check does, at the
 * node covers (part's list, read before): 0, or -1 with d filled.  A
 * partial summary's merge and a partial tree's covers both.
 */
int partial_covers_from(struct yin *y, const yaml_node_t *covers,
    struct stat_summary *part, struct stat_summary *s, struct diag *d);

/*
 * gamestat --figures (read-design.c): the partial's list of the figures
 * asked for into *set, the same as s's (NULL: the first partial); and a
 * group's `design' counts, if any, added to g.  0, or -1 with d filled.
 */
/* The histogram under key k of the mapping gn, added to h. */
int partial_add_hist(struct yin *y, const yaml_node_t *gn, const char *k,
    struct stat_hist *h, struct diag *d);
int partial_read_asked(struct yin *y, const yaml_node_t *root,
    const struct stat_summary *s, unsigned *set, struct diag *d);
int partial_read_design(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d);

#endif
