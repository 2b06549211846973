/* SPDX-License-Identifier: MIT */
/*
 * gamestat: reading records into the run, each replayed as selected and
 * counted: in the summary, its row (--table), its tree (--tree), its
 * figures (--figures), its group (--by, --by opening).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/stat-read.h"
#include "cli/figures.h"
#include "referee/referee.h"

/* Whether the run groups by opening (--by opening). */
bool
batch_stat_by_opening(const struct batch_stat_options *opt)
{
	return opt->by != NULL && strcmp(opt->by, REPORT_BY_OPENING) == 0;
}

/*
 * An input's first record that shows the input was cut wrong
 * (cli_records_cut_wrong) is an error (exit 1), said once an input; the
 * record is still counted, as malformed.
 */
static void
input_error(struct batch_stat_run *r, const char *name,
    struct record_reader *rd, const struct record *rec)
{
	struct diag d;

	if (!cli_records_cut_wrong(rec, &d))
		return;
	cli_records_diag(name, rd, &d, NULL);
	r->bad = true;
}

/*
 * --by opening: g's value, the opening of the record just replayed in
 * rp, as gamecheck's report of it says it (report_opening_group; none
 * for a malformed record, or an entry of no turns, which a report does
 * not name), in *buf (*cap bytes, grown).  0, or -1 (memory).
 */
static int
opening_of(const struct cli_openings *ops, const struct replay *rp,
    struct stat_game *g, char **buf, size_t *cap)
{
	struct cli_opening o;
	size_t		   need;

	g->value = NULL;
	if (rp->status == REPLAY_MALFORMED || !cli_openings_match(ops, &o) ||
	    o.turns == 0)
		return 0;
	need = o.name != NULL ? 3 * strlen(o.name) + 5 : 32;
	if (array_grow(buf, cap, need, 1) == -1)
		return -1;
	g->value = report_opening_group(o.name, o.number, *buf, *cap);
	return 0;
}

/*
 * The reader of an input's records for batch_stat_read_records, primed
 * with the bytes peeked and handed task's range rg (NULL: the whole
 * input), with *ro the replay's options: the reader, or NULL
 * (r->io_error, said).
 */
static struct record_reader *
records_open(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, FILE *in, const char *path, const char *name,
    const char *peek, size_t len, struct batch_range *rg,
    struct replay_options *ro)
{
	struct record_reader *rd;

	if (batch_stat_by_opening(opt) && opt->openings == NULL) {
		cli_error("%s: --by opening names each record's opening from "
			  "a file: give --opening-names FILE",
		    name);
		r->io_error = true;
		return NULL;
	}
	cli_select_replay_options(&opt->sel, ro);
	if (opt->tree.on)
		cli_tree_replay_options(&opt->tree, ro);
	if (opt->openings != NULL)
		cli_openings_replay_options(opt->openings, ro);
	/* A range's own stream goes on after the bytes peeked. */
	if (rg != NULL && fseeko(rg->fp, (off_t)len, SEEK_SET) == -1) {
		cli_read_error(name);
		r->io_error = true;
		return NULL;
	}
	rd = cli_records_reader(
	    &opt->in, syn, rg != NULL ? rg->fp : in, path, name);
	if (rd == NULL || record_reader_prime(rd, peek, len) == -1) {
		batch_stat_no_memory(r);
		record_reader_free(rd);
		return NULL;
	}
	/* A range is all this task's: no record of it is numbered. */
	if (rg != NULL && !batch_range_begin(r, rg, rd, name)) {
		record_reader_free(rd);
		return NULL;
	}
	return rd;
}

/*
 * Counts one record replayed in rp, its group in g: left out as a
 * duplicate (--dedupe), else in the summary, its row (--table), its
 * tree (--tree) and its figures (fg, with --figures).  Returns 0, 1 for
 * a duplicate, or -1 when an output fails (r->io_error, said) or the run
 * stops (r->stop, said).
 */
static int
count_record(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, const char *path, const char *name,
    const struct record *rec, struct replay *rp, struct stat_game *g,
    struct cli_figures *fg)
{
	int rc;

	/* A duplicate is counted apart, not in the summary. */
	if (opt->dd.on &&
	    (rc = cli_dedupe_record(&opt->dd, syn, name, rec, rp)) != 0) {
		if (rc == -1) {
			r->io_error = true;
			return -1;
		}
		r->duplicates++;
		return 1;
	}
	if (!batch_stat_count(r, g, name))
		return -1;
	if (opt->tb != NULL &&
	    report_table_write(opt->tb, path, rec, rp) == -1) {
		batch_stat_table_error(r, opt);
		return -1;
	}
	if (opt->tree.on &&
	    (rc = cli_tree_record(&opt->tree, syn, name, rec, rp, g)) != 0) {
		r->stop = rc == -2 ? CLI_USAGE : CLI_INTERNAL;
		return -1;
	}
	if (opt->figures != 0 && cli_figures_count(fg, r->sum->last) == -1) {
		cli_error(errno == EINVAL ?
			"%s: a group's boards have other numbers of cells" :
			"%s: out of memory, or a count beyond 2^63 - 1",
		    name);
		r->stop = CLI_INTERNAL;
		return -1;
	}
	return 0;
}

/*
 * The next record of this task or worker (shard, opt->j) in *rec: 1, 0
 * at the end, or -1 when reading fails.  The others' records are
 * skipped unread, but for an input's first, which every task reads to
 * tell what is wrong with the input (input_error), alike.
 */
static int
next_mine(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_reader *rd, struct cli_shard *shard,
    const struct batch_range *rg, const char *name, const struct record **rec)
{
	int rc;

	for (;;) {
		cli_jobs_at(opt->j, record_reader_offset(rd));
		if (record_reader_count(rd) > 0 &&
		    !cli_record_mine(shard, opt->j, opt->seq)) {
			/* -j: a worker past its share reads no further. */
			if (cli_jobs_done(opt->j))
				return 0;
			if ((rc = record_reader_skip(rd)) != 1)
				return rc;
			cli_record_take(shard, opt->j, &opt->seq);
			continue;
		}
		if ((rc = record_reader_next(rd, rec)) != 1)
			return rc;
		/* A range past the input's start starts at no first record. */
		if ((*rec)->index == 1 &&
		    (rg == NULL || !rg->on || rg->start == 0))
			input_error(r, name, rd, *rec);
		if (cli_record_take(shard, opt->j, &opt->seq))
			return 1;
	}
}

/* One input's records being counted: what counting each needs. */
struct records_run {
	struct batch_stat_run	  *r;
	struct batch_stat_options *opt;
	struct record_syntax	  *syn;
	const char		  *path, *name;
	struct stat_game	   g;
	struct cli_figures	   fg;
	char			  *buf, *obuf;
	size_t			   cap, ocap;
};

/*
 * Counts a record replayed in rp, with its group (count_record).  False
 * to stop reading: an error (said), or the selection done.
 */
static bool
counted(struct records_run *in, const struct record *rec, struct replay *rp)
{
	struct batch_stat_options *opt = in->opt;
	int			   rc;

	if ((rp->has_error && rp->error.code == DIAG_NO_MEMORY) ||
	    report_game_of(rec, rp, opt->openings != NULL ? NULL : opt->by,
		&in->g, &in->buf, &in->cap) == -1 ||
	    (opt->openings != NULL &&
		opening_of(opt->openings, rp, &in->g, &in->obuf, &in->ocap) ==
		    -1)) {
		batch_stat_no_memory(in->r);
		return false;
	}
	if ((rc = count_record(in->r, opt, in->syn, in->path, in->name, rec, rp,
		 &in->g, &in->fg)) == -1)
		return false;
	return rc != 0 || !cli_select_done(&opt->sel);
}

/* A held record replayed alone, then counted (as counted()). */
static bool
counted_alone(struct records_run *in, const struct record *rec,
    const struct replay_options *ro, struct replay *rp)
{
	replay_record(in->syn, rec, ro, rp);
	return counted(in, rec, rp);
}

/*
 * Records are replayed two at a time (replay_records_pair: faster), as
 * gamecheck's are, where each is replayed whole and on its own and
 * counted as it comes: nothing selected, no tree, opening names,
 * figures or duplicates, nothing kept of the turns.
 */
static bool
pairs(const struct replay_options *ro, const struct batch_stat_options *opt)
{
	return !cli_select_any(&opt->sel) && opt->sel.drop == 0 &&
	    !opt->tree.on && opt->openings == NULL && opt->figures == 0 &&
	    !opt->dd.on && ro->each == NULL && !ro->keep_turns;
}

/*
 * Reads and counts the records of one input.  A record read may be held
 * (record_reader_hold) until the next is read, the two then replayed as a
 * pair and counted in their order; one held when a record that cannot
 * pair comes, or the input ends, is replayed alone first.
 */
void
batch_stat_read_records(struct batch_stat_run *r,
    struct batch_stat_options *opt, struct record_syntax *syn, FILE *in,
    const char *path, const char *name, const char *peek, size_t len,
    struct batch_range *rg)
{
	struct cli_shard      every = { 0, 0, 0 }, *shard = &opt->in.shard;
	struct replay_options ro = cli_records_replay(&opt->in);
	struct records_run    run = { .r = r, .opt = opt, .syn = syn,
		     .path = path, .name = name };
	struct record_reader *rd;
	struct record_hold   *hold = NULL;
	const struct record  *rec, *played, *held = NULL, *two[2];
	struct replay	      rp, rp_held;
	struct replay	     *rps[2] = { &rp_held, &rp };
	struct diag	      d;
	int		      rc, read_errno;

	ro.keep_turns = opt->dd.path != NULL;
	if ((rd = records_open(
		 r, opt, syn, in, path, name, peek, len, rg, &ro)) == NULL)
		return;
	if (rg != NULL && rg->on)
		shard = &every;
	else if (rg != NULL && cli_jobs_ranges(opt->j)) {
		/* A -j part the reader does not take: the run in one process. */
		r->redo = true;
		record_reader_free(rd);
		return;
	}
	replay_init(&rp);
	replay_init(&rp_held);
	/* Watched only when asked for: no cost otherwise. */
	if (opt->figures != 0)
		cli_figures_init(&run.fg, opt->figures, &ro, &rp);
	/*
	 * Without the room to hold one, each record alone; and where a read
	 * may say something (a stream found corrupt), before the record
	 * read ahead of it is counted.
	 */
	if (pairs(&ro, opt) && !cli_input_decompressed(in))
		hold = record_hold_new();
	/* An empty input is no record (formats/summary.md). */
	while ((rc = next_mine(r, opt, rd, shard, rg, name, &rec)) == 1) {
		if (hold != NULL && !rec->malformed &&
		    record_squares(rec) != NULL) {
			if (held == NULL && record_reader_hold(rd, rec, hold)) {
				held = record_held(hold);
				continue;
			}
			if (held != NULL) {
				two[0] = held;
				two[1] = rec;
				held = NULL;
				replay_records_pair(syn, two, &ro, rps);
				if (!counted(&run, two[0], &rp_held) ||
				    !counted(&run, rec, &rp))
					break;
				continue;
			}
		}
		if (held != NULL) {
			two[0] = held;
			held = NULL;
			if (!counted_alone(&run, two[0], &ro, &rp_held))
				break;
		}
		/* A record not selected is not counted. */
		if (!cli_select_early(&opt->sel, rec)) {
			if (cli_select_done(&opt->sel))
				break;
			continue;
		}
		cli_select_start(&opt->sel);
		cli_tree_begin(&opt->tree, &rp);
		if (opt->openings != NULL)
			cli_openings_begin(opt->openings);
		if (opt->figures != 0)
			cli_figures_reset(&run.fg);
		played = cli_select_replay(&opt->sel, syn, rec, &ro, &rp);
		if (!cli_select_keep(&opt->sel, rec, &rp)) {
			if (cli_select_done(&opt->sel))
				break;
			continue;
		}
		if (!counted(&run, played, &rp))
			break;
	}
	/*
	 * The input ended, or reading failed, with a record held: it was
	 * read first, so it is counted first; the read's errno is kept.
	 */
	if (held != NULL) {
		read_errno = errno;
		counted_alone(&run, held, &ro, &rp_held);
		errno = read_errno;
	}
	/*
	 * A run stopped short (r->stop) says no more of the input, nor does
	 * a -j worker past its share (the input's end is another's).
	 */
	if (cli_jobs_done(opt->j))
		rc = 0;
	else if (rc == -1) {
		cli_read_error(name);
		r->io_error = true;
	} else if (r->stop == 0 && cli_records_cut_short(rd, &d)) {
		cli_diag(name, &d, NULL);
		r->bad = true;
	}
	/*
	 * A range that starts the input and holds no record of its own: the
	 * input's first record, read past its end, is still its to say of
	 * (input_error), as one reading the whole input would.
	 */
	if (rc == 0 && rg != NULL && rg->on && rg->start == 0 &&
	    (rec = record_reader_past(rd)) != NULL && rec->index == 1)
		input_error(r, name, rd, rec);
	if (rc != -1 && r->stop == 0 && rg != NULL && rg->on &&
	    !cli_jobs_done(opt->j))
		batch_range_end(r, rd, name);
	free(run.buf);
	free(run.obuf);
	if (opt->figures != 0)
		cli_figures_fini(&run.fg);
	record_hold_free(hold);
	replay_fini(&rp_held);
	replay_fini(&rp);
	record_reader_free(rd);
}
