/* SPDX-License-Identifier: MIT */
/*
 * A YAML stream of reports shared out among -j's workers by its documents
 * (doc-split.c), each worker parsing only its own.
 */
#ifndef ARBITER_CLI_DOC_SPLIT_H
#define ARBITER_CLI_DOC_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct cli_jobs;

/*
 * cli_docs_open gives a stream of the documents of in (after the len
 * bytes of peek, already taken from it) that are this worker's: a
 * document starts at a line "---" (with a blank or the line's end after
 * it), or is the bare one before the first such line; each takes a
 * record number with cli_jobs_take(j, seq), and is the worker's if that
 * says so (told where it starts, cli_jobs_at); past the worker's share
 * the stream ends.  What comes before the first document (blank lines, comments)
 * is in every worker's stream.  Finding the lines is a byte scan, far
 * cheaper than parsing what is skipped.  cli_docs_close closes it and
 * says whether the split was surely the parser's: ndocs (the documents
 * parsed from the stream, to its end or the share's) is the number of the worker's, and
 * no line began with '%' (a directive, which belongs to a document that
 * may be another worker's).  When it was not, the caller reads the input
 * whole instead.  NULL from cli_docs_open when memory runs out.
 */
struct cli_docs;
FILE *cli_docs_open(FILE *in, const void *peek, size_t len, struct cli_jobs *j,
    uint64_t *seq, struct cli_docs **dp);
bool  cli_docs_close(FILE *f, struct cli_docs *, uint64_t ndocs);

#endif
