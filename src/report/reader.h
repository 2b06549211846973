/* SPDX-License-Identifier: MIT */
/*
 * The reader of report.h, shared by its two schemas' files: gamecheck's
 * reports (read-report.c) and partial summaries (read-partial.c, with
 * their groups in read-group.c and covers in read-covers.c).  The YAML
 * is the layer's (yaml-in.h); what is here is what a reader keeps of the
 * schemas besides.
 */
#ifndef ARBITER_REPORT_READER_H
#define ARBITER_REPORT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <yaml.h>

#include "report/report.h"
#include "report/yaml-in.h"

/*
 * A list of rows of a partial's group (pairs, forfeited, decided,
 * analysis), read from its events one row at a time (read-partial.c):
 * each row PARTIAL_ROW_AT cells of where it starts (its index, then its
 * line and column, 32 bits each), then its names (offsets in the
 * reader's names, each name kept once), then its counts.  A row
 * refused is told in err once the rows before it were added.
 */
#define PARTIAL_ROW_AT 2
struct partial_list {
	int	    id; /* the list's node */
	int	    kind;
	uint64_t   *cell;
	size_t	    ncells, cellcap;
	size_t	    nrows;
	bool	    has_err;
	struct diag err;
};

struct report_reader {
	struct yin y;
	/*
	 * Partial summaries: the input is held whole and each document
	 * scanned by events before it is loaded (read-partial.c).
	 */
	bool	      whole;
	bool	      scanning;
	yaml_parser_t scan;
	unsigned long ndocs;
	size_t	      body_line; /* the document's lines after --- */
	size_t	      end_line;	 /* its end: line */
	bool	      has_end;	 /* the document has its trailer */
	yaml_mark_t   doc_end;
	/*
	 * The document's lists read as rows, the names they hold, and the
	 * first mapping of a row with a key twice (its index in item_dup_at).
	 */
	struct partial_list *list;
	size_t		     nlists, listcap;
	char		    *names;
	size_t		     nnames, namecap;
	struct hashmap	     name_at; /* a name -> its offset in names */
	bool		     has_item_dup;
	struct diag	     item_dup;
	size_t		     item_dup_at;
	/* Reports: --by opening's value of an opening without a name. */
	char opening[32];
};

/*
 * The loaded document's root mapping, its schema checked against want
 * (a report's or a summary's); other is the other's schema prefix, and
 * hint what is said of a document of it.  NULL with d filled.
 */
yaml_node_t *report_reader_root(struct yin *y, const char *want,
    const char *other, const char *hint, struct diag *d);

/* Frees the document's rows (read-partial.c). */
void partial_rows_clear(struct report_reader *rd);

/* Memory ran out: d's code DIAG_NONE, errno ENOMEM; -1. */
int report_reader_oom(struct diag *d);

#endif
