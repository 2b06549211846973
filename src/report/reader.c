/* SPDX-License-Identifier: MIT */
/*
 * The reader of reports and partial summaries (report.h): its life, and
 * the check both schemas begin with, a document's root and its schema.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"

struct report_reader *
report_reader_new(FILE *in, const char *name, const void *prefix, size_t len)
{
	struct report_reader *rd;

	if ((rd = calloc(1, sizeof *rd)) == NULL)
		return NULL;
	if (yin_init(&rd->y, in, name, prefix, len) == -1) {
		free(rd);
		return NULL;
	}
	hashmap_init(&rd->name_at);
	return rd;
}

void
report_reader_free(struct report_reader *rd)
{
	if (rd == NULL)
		return;
	if (rd->scanning)
		yaml_parser_delete(&rd->scan);
	partial_rows_clear(rd);
	free(rd->list);
	yin_fini(&rd->y);
	free(rd);
}

int
report_reader_oom(struct diag *d)
{
	d->code = DIAG_NONE;
	errno = ENOMEM;
	return -1;
}

yaml_node_t *
report_reader_root(struct yin *y, const char *want, const char *other,
    const char *hint, struct diag *d)
{
	yaml_node_t *root = yaml_document_get_root_node(&y->doc), *n;
	const char  *s;
	size_t	     base = strcspn(want, "/") + 1;

	if (root->type != YAML_MAPPING_NODE) {
		yin_fail(d, DIAG_NOT_A_REPORT, root->start_mark,
		    "a YAML document that is not a mapping is not %s",
		    other[0] == 'r' ? "a summary" : "a report");
		return NULL;
	}
	n = yin_get(y, root, "schema");
	if ((s = yin_text(n)) == NULL) {
		yin_fail(d, DIAG_NOT_A_REPORT, root->start_mark,
		    "a YAML document without a schema key is not %s (%s)",
		    other[0] == 'r' ? "a summary" : "a report", want);
		return NULL;
	}
	if (strncmp(s, other, strlen(other)) == 0) {
		yin_fail(d, DIAG_NOT_A_REPORT, n->start_mark, "%s", hint);
		return NULL;
	}
	if (strncmp(s, want, base) != 0) {
		yin_fail(d, DIAG_NOT_A_REPORT, n->start_mark,
		    "schema \"%s\" is not %s", s, want);
		return NULL;
	}
	if (strcmp(s, want) != 0) {
		yin_fail(d, DIAG_SCHEMA_VERSION, n->start_mark,
		    "schema \"%s\" is not supported (this gamestat reads %s)",
		    s, want);
		return NULL;
	}
	return root;
}
