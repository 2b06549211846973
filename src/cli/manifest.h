/* SPDX-License-Identifier: MIT */
/*
 * gamestat --expect-inputs MANIFEST (manifest.c; formats/summary.md,
 * "Covers"): the inputs a merge must cover, read from a file of one a
 * line, and the check of the merged summary's covers against them.
 */
#ifndef ARBITER_CLI_MANIFEST_H
#define ARBITER_CLI_MANIFEST_H

#include <stdbool.h>

#include "stat/stat.h"

/*
 * Reads the manifest at path ("-": standard input, unless files, the
 * run's inputs, read it; NULL: none), kept until exit for
 * cli_manifest_check.  A line is a name, or a name, a tab and its size in
 * bytes, or those, a tab and its CRC-32 as 8 lower-case hexadecimal
 * digits; blank lines are skipped and a CR before a line end is dropped.
 * Names are taken as a cover takes them (cli_cover_name).  False after
 * saying why: a read error, or a bad line (bad-manifest, at its line and
 * column).
 */
bool cli_manifest_load(const char *path, char *const *files, int nfiles);

/*
 * Whether the covers of s hold every input of the manifest loaded, no
 * other, each of the size and CRC-32 it gives (true where none was
 * loaded).  False after saying each difference.
 */
bool cli_manifest_check(const struct stat_summary *s);

#endif
