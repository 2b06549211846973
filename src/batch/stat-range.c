/* SPDX-License-Identifier: MIT */
/*
 * gamestat --shard-by bytes: the byte range of an input a task reads
 * (formats/record.md, "Shards"), handed to the reader and checked at its
 * end, and the cover of an input read so (its size and first bytes'
 * CRC-32).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/stat-read.h"

/*
 * Whether task K of N reads input path by bytes (formats/record.md,
 * "Shards"): a regular file, uncompressed, when nothing needs the
 * records numbered from the input's start (--tree names games by their
 * number); or a -j worker by byte ranges its part (cli_jobs_range).  If
 * so, rg holds the range and a stream of the file; the reader may still
 * refuse it (its format).
 */
bool
batch_range_open(const struct batch_stat_options *opt, int i, const char *path,
    struct batch_range *rg)
{
	unsigned long long q, m, k, n = opt->in.shard.n;
	struct stat	   st;
	char		   head[8];
	ssize_t		   got;
	bool		   part;

	memset(rg, 0, sizeof *rg);
	/* -j by byte ranges: this worker's part, not the whole input. */
	part = cli_jobs_range(opt->j, i, &rg->start, &rg->end) == 1;
	if ((!part && (n == 0 || !opt->shard_bytes || opt->tree.on)) ||
	    strcmp(path, "-") == 0 || (rg->fp = fopen(path, "rb")) == NULL)
		return false;
	/* The file's own bytes: the peek is of the text, decompressed. */
	if (fstat(fileno(rg->fp), &st) == -1 || !S_ISREG(st.st_mode) ||
	    (got = pread(fileno(rg->fp), head, sizeof head, 0)) < 0 ||
	    cli_compression(head, (size_t)got) != NULL) {
		fclose(rg->fp);
		return false;
	}
	rg->size = (unsigned long long)st.st_size;
	if (part)
		return true;
	/* size (K - 1) / N and size K / N, without overflow. */
	k = opt->in.shard.k;
	q = rg->size / n;
	m = rg->size % n;
	rg->start = q * (k - 1) + m * (k - 1) / n;
	/* The last range to the input's end: a record only it makes too. */
	rg->end = k == n ? (unsigned long long)-1 : q * k + m * k / n;
	return true;
}

/*
 * Hands task's range rg to reader rd of input name: rg->on if the reader
 * takes it (its format finds boundaries), else it reads by records.
 * False after a read error.
 */
bool
batch_range_begin(struct batch_stat_run *r, struct batch_range *rg,
    struct record_reader *rd, const char *name)
{
	int rc;

	if ((rc = record_reader_range(rd, rg->start, rg->end)) == -1) {
		cli_read_error(name);
		r->io_error = true;
		return false;
	}
	rg->on = rc == 0;
	return true;
}

/* A range that does not meet the next one counts nothing (no partial). */
void
batch_range_end(
    struct batch_stat_run *r, struct record_reader *rd, const char *name)
{
	struct diag d;
	int	    rc;

	if ((rc = record_reader_range_check(rd, &d)) == 1)
		return;
	if (rc == -1)
		cli_read_error(name);
	else
		cli_diag(name, &d, NULL);
	r->io_error = true;
}

/*
 * The cover of an input read by bytes (formats/summary.md, "Covers"): its
 * size, and the CRC-32 of its first 64 KiB, which every task reads the
 * same.  False on a read error.
 */
bool
batch_range_seen(const struct batch_range *rg, struct batch_seen *se)
{
	char	buf[65536];
	ssize_t got;
	size_t	n = rg->size < sizeof buf ? (size_t)rg->size : sizeof buf;

	se->bytes = rg->size;
	se->crc = 0;
	got = pread(fileno(rg->fp), buf, n, 0);
	if (got != (ssize_t)n)
		return false;
	se->crc = report_crc32(0, buf, n);
	return true;
}
