/* SPDX-License-Identifier: MIT */
/*
 * gamestat's side of the covers of partial summaries (cover.c,
 * formats/summary.md, "Covers"): the names a run's cover gives its
 * inputs, how it read them, and whether a merge holds every shard it
 * should.  The covers
 * themselves, and the conflicts between them, are src/stat's.
 */
#ifndef ARBITER_CLI_COVER_H
#define ARBITER_CLI_COVER_H

#include <stdbool.h>

#include "cli/records.h"
#include "cli/select.h"
#include "stat/stat.h"

/*
 * Takes out of a file name s, in place, what only spells it again: "./"
 * segments and doubled slashes ("./a//b/./c" is "a/b/c"), so that a
 * partial of "f" and one of "./f" name one input.  No file system is
 * asked.
 */
void cli_cover_name(char *s);

/*
 * Says in s how a run with the options ro and the selection cs reads its
 * records, as a partial's read says it (formats/summary.md, "Covers"):
 * the tool and its version, then each reading option ("gamestat 0.1.0
 * --format=auto --implicit-pass=auto --select=...", with --no-players where
 * s->no_players);  not -j or --shard,
 * which read nothing otherwise.  False when memory runs out.
 */
bool cli_cover_set_read(struct stat_summary *s, const struct cli_records *ro,
    const struct cli_select *cs);

/*
 * Whether label, --name's (NULL: none), fits the run: a name other than
 * "" and "-" for standard input in the cover of a partial summary, so
 * given with --partial (and no --merge) to a run that reads standard
 * input among files.  False after saying why.
 */
bool cli_cover_label_ok(const char *label, bool partial, bool merge,
    char *const *files, int nfiles);

/*
 * Whether merged summary s holds every shard it should: expect of them
 * (--expect; 0 for any number), and, unless partial (a merge that writes
 * a partial, a step on the way), every shard of each input split into
 * shards; and the inputs of the manifest loaded (cli_manifest_check).
 * False after saying what is missing.
 */
bool cli_covers_complete(
    const struct stat_summary *s, unsigned long expect, bool partial);

#endif
